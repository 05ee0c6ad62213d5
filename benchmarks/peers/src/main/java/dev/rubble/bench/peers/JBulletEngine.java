package dev.rubble.bench.peers;

import com.bulletphysics.collision.broadphase.DbvtBroadphase;
import com.bulletphysics.collision.dispatch.CollisionDispatcher;
import com.bulletphysics.collision.dispatch.CollisionObject;
import com.bulletphysics.collision.dispatch.DefaultCollisionConfiguration;
import com.bulletphysics.collision.shapes.BoxShape;
import com.bulletphysics.collision.shapes.CollisionShape;
import com.bulletphysics.collision.shapes.SphereShape;
import com.bulletphysics.dynamics.DiscreteDynamicsWorld;
import com.bulletphysics.dynamics.RigidBody;
import com.bulletphysics.dynamics.RigidBodyConstructionInfo;
import com.bulletphysics.dynamics.constraintsolver.SequentialImpulseConstraintSolver;
import com.bulletphysics.linearmath.DefaultMotionState;
import com.bulletphysics.linearmath.Transform;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.body.BodyDef;
import dev.rubble.scenario.BenchScenes;
import dev.rubble.scenario.Scenario;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.shape.Sphere;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import javax.vecmath.Quat4f;
import javax.vecmath.Vector3f;

/**
 * jBullet (pure-Java port of Bullet 2.7x): DiscreteDynamicsWorld, DBVT broadphase, sequential-impulse
 * solver with its default settings, stepped with {@code stepSimulation(dt, 0)} (exactly one step
 * of dt). Mass = 1000 kg/m³ × volume.
 */
final class JBulletEngine implements PeerEngine {
    private DiscreteDynamicsWorld world;
    private RigidBody[] dynamic;
    private final Vector3f tmp = new Vector3f();

    @Override
    public String name() {
        return "jbullet";
    }

    @Override
    public void build(Scenario scenario) {
        DefaultCollisionConfiguration config = new DefaultCollisionConfiguration();
        world = new DiscreteDynamicsWorld(new CollisionDispatcher(config), new DbvtBroadphase(),
                new SequentialImpulseConstraintSolver(), config);
        world.setGravity(new Vector3f((float) scenario.settings().gravityX(), (float) scenario.settings().gravityY(),
                (float) scenario.settings().gravityZ()));
        Map<Shape, CollisionShape> shapes = new HashMap<>();
        int n = 0;
        for (BodyDef d : scenario.bodies()) {
            if (d.motion() == MotionType.DYNAMIC) {
                n++;
            }
        }
        dynamic = new RigidBody[n];
        int k = 0;
        for (BodyDef d : scenario.bodies()) {
            boolean dyn = d.motion() == MotionType.DYNAMIC;
            CollisionShape shape = shapes.computeIfAbsent(d.shape(), JBulletEngine::shape);
            float mass = dyn ? (float) (BenchScenes.DENSITY * d.shape().volume()) : 0f;
            Vector3f inertia = new Vector3f();
            if (dyn) {
                shape.calculateLocalInertia(mass, inertia);
            }
            Transform t = new Transform();
            t.setIdentity();
            t.origin.set((float) d.x(), (float) d.y(), (float) d.z());
            t.setRotation(new Quat4f((float) d.qx(), (float) d.qy(), (float) d.qz(), (float) d.qw()));
            RigidBodyConstructionInfo ci = new RigidBodyConstructionInfo(mass, new DefaultMotionState(t), shape, inertia);
            ci.friction = (float) d.friction();
            ci.restitution = (float) d.restitution();
            RigidBody rb = new RigidBody(ci);
            world.addRigidBody(rb);
            if (dyn) {
                rb.setActivationState(CollisionObject.DISABLE_DEACTIVATION);
                dynamic[k++] = rb;
            }
        }
    }

    private static CollisionShape shape(Shape s) {
        if (s instanceof Box b) {
            return new BoxShape(new Vector3f((float) b.halfX(), (float) b.halfY(), (float) b.halfZ()));
        }
        if (s instanceof Sphere sp) {
            return new SphereShape((float) sp.radius());
        }
        throw new IllegalArgumentException("shape " + s.type() + " is not used by the bench scenes");
    }

    @Override
    public void step() {
        world.stepSimulation((float) (1.0 / 60.0), 0);
    }

    @Override
    public void dynamicPositions(double[] out) {
        for (int i = 0; i < dynamic.length; i++) {
            dynamic[i].getCenterOfMassPosition(tmp);
            out[3 * i] = tmp.x;
            out[3 * i + 1] = tmp.y;
            out[3 * i + 2] = tmp.z;
        }
    }

    @Override
    public String info() {
        return "info engine=jbullet version=1.0.3 precision=single solver_iterations="
                + world.getSolverInfo().numIterations
                + " friction_combine=f1*f2=" + String.format(Locale.ROOT, "%.3f",
                        BenchScenes.FRICTION * BenchScenes.FRICTION)
                + " restitution_combine=e1*e2 broadphase=dbvt threads=1 sleeping=off";
    }

    @Override
    public void close() {
        world = null;
    }
}
