package dev.rubble.bench.peers;

import com.jme3.bullet.PhysicsSpace;
import com.jme3.bullet.SolverInfo;
import com.jme3.bullet.collision.shapes.BoxCollisionShape;
import com.jme3.bullet.collision.shapes.CollisionShape;
import com.jme3.bullet.collision.shapes.HullCollisionShape;
import com.jme3.bullet.collision.shapes.SphereCollisionShape;
import com.jme3.bullet.objects.PhysicsBody;
import com.jme3.bullet.objects.PhysicsRigidBody;
import com.jme3.bullet.util.NativeLibrary;
import com.jme3.math.Quaternion;
import com.jme3.math.Vector3f;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.body.BodyDef;
import dev.rubble.scenario.BenchScenes;
import dev.rubble.scenario.Scenario;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.ConvexHull;
import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.shape.Sphere;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Bullet through Libbulletjme (single-precision release natives): btDiscreteDynamicsWorld with the
 * DBVT broadphase and one sequential-impulse solver, stepped with {@code update(dt, 0)} (exactly one
 * step of dt). Mass = 1000 kg/m³ × volume; Bullet's default collision margins.
 */
final class BulletEngine implements PeerEngine {
    /** Libbulletjme logs every created body at INFO; held here so the level setting is not collected. */
    private static final Logger LIBBULLETJME_LOG = Logger.getLogger("com.jme3.bullet");
    private static boolean loaded;

    private PhysicsSpace space;
    private PhysicsRigidBody[] dynamic;
    private final Vector3f tmp = new Vector3f();

    private static synchronized void load() {
        if (!loaded) {
            LIBBULLETJME_LOG.setLevel(Level.WARNING);
            NativeLoader.load("native/linux/x86_64/libbulletjme.so");
            NativeLibrary.setStartupMessageEnabled(false);
            loaded = true;
        }
    }

    @Override
    public String name() {
        return "bullet";
    }

    @Override
    public void build(Scenario scenario) {
        load();
        space = new PhysicsSpace(new Vector3f(-1000, -1000, -1000), new Vector3f(1000, 1000, 1000),
                PhysicsSpace.BroadphaseType.DBVT, 1);
        space.setGravity(new Vector3f((float) scenario.settings().gravityX(), (float) scenario.settings().gravityY(),
                (float) scenario.settings().gravityZ()));
        Map<Shape, CollisionShape> shapes = new HashMap<>();
        int n = 0;
        for (BodyDef d : scenario.bodies()) {
            if (d.motion() == MotionType.DYNAMIC) {
                n++;
            }
        }
        dynamic = new PhysicsRigidBody[n];
        int k = 0;
        for (BodyDef d : scenario.bodies()) {
            boolean dyn = d.motion() == MotionType.DYNAMIC;
            CollisionShape shape = shapes.computeIfAbsent(d.shape(), BulletEngine::shape);
            // a convex hull (the wall's debris) carries its own density; the bench scenes use 1000 kg/m³
            double density = d.shape() instanceof ConvexHull && d.density() > 0 ? d.density() : BenchScenes.DENSITY;
            float mass = dyn ? (float) (density * d.shape().volume()) : PhysicsBody.massForStatic;
            PhysicsRigidBody rb = new PhysicsRigidBody(shape, mass);
            rb.setPhysicsLocation(new Vector3f((float) d.x(), (float) d.y(), (float) d.z()));
            rb.setPhysicsRotation(new Quaternion((float) d.qx(), (float) d.qy(), (float) d.qz(), (float) d.qw()));
            rb.setFriction((float) d.friction());
            rb.setRestitution((float) d.restitution());
            space.addCollisionObject(rb);
            if (dyn) {
                rb.setEnableSleep(false);
                rb.setLinearVelocity(new Vector3f((float) d.vx(), (float) d.vy(), (float) d.vz()));
                rb.setAngularVelocity(new Vector3f((float) d.wx(), (float) d.wy(), (float) d.wz()));
                dynamic[k++] = rb;
            }
        }
    }

    private static CollisionShape shape(Shape s) {
        if (s instanceof Box b) {
            return new BoxCollisionShape((float) b.halfX(), (float) b.halfY(), (float) b.halfZ());
        }
        if (s instanceof Sphere sp) {
            return new SphereCollisionShape((float) sp.radius());
        }
        if (s instanceof ConvexHull h) {
            // the hull's points about its centre of mass (the debris file puts the body there); Bullet's
            // default collision margin for hulls (Libbulletjme: 0.04 m) is kept
            float[] pts = new float[3 * h.vertexCount()];
            for (int i = 0; i < h.vertexCount(); i++) {
                for (int k = 0; k < 3; k++) {
                    pts[3 * i + k] = (float) h.vertex(i, k);
                }
            }
            return new HullCollisionShape(pts);
        }
        throw new IllegalArgumentException("shape " + s.type() + " is not used by the bench scenes");
    }

    @Override
    public void step() {
        space.update((float) (1.0 / 60.0), 0);
    }

    @Override
    public void dynamicPositions(double[] out) {
        for (int i = 0; i < dynamic.length; i++) {
            dynamic[i].getPhysicsLocation(tmp);
            out[3 * i] = tmp.x;
            out[3 * i + 1] = tmp.y;
            out[3 * i + 2] = tmp.z;
        }
    }

    @Override
    public String info() {
        SolverInfo si = space.getSolverInfo();
        return "info engine=bullet version=Libbulletjme-" + NativeLibrary.versionNumber()
                + " precision=" + (NativeLibrary.isDoublePrecision() ? "double" : "single")
                + " solver_iterations=" + si.numIterations() + " split_impulse=" + si.isSplitImpulseEnabled()
                + " friction_combine=f1*f2=" + String.format(Locale.ROOT, "%.3f",
                        BenchScenes.FRICTION * BenchScenes.FRICTION)
                + " restitution_combine=e1*e2 broadphase=dbvt solvers=1 native_threads="
                + NativeLibrary.countThreads() + " threads=1 sleeping=off";
    }

    @Override
    public void close() {
        if (space != null) {
            space.destroy();
            space = null;
        }
    }
}
