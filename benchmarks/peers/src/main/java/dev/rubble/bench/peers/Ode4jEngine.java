package dev.rubble.bench.peers;

import dev.rubble.core.body.MotionType;
import dev.rubble.core.body.BodyDef;
import dev.rubble.scenario.BenchScenes;
import dev.rubble.scenario.Scenario;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Sphere;
import java.util.Locale;
import org.ode4j.math.DQuaternion;
import org.ode4j.math.DVector3C;
import org.ode4j.ode.DBody;
import org.ode4j.ode.DContact;
import org.ode4j.ode.DContactBuffer;
import org.ode4j.ode.DGeom;
import org.ode4j.ode.DJoint;
import org.ode4j.ode.DJointGroup;
import org.ode4j.ode.DMass;
import org.ode4j.ode.DSpace;
import org.ode4j.ode.DWorld;
import org.ode4j.ode.OdeConstants;
import org.ode4j.ode.OdeHelper;

/**
 * ode4j (pure-Java port of ODE): hash space, {@code quickStep} with 20 iterations, ode4j's default
 * world ERP and CFM (reported by {@link #info()}). Contacts: up to {@value #MAX_CONTACTS} per pair
 * (the same budget as a Rubble manifold), surface mode {@code dContactApprox1} (friction pyramid
 * scaled by the normal force), mu 0.5, bounce 0. ODE has no material combine rule: the near callback sets the pair's
 * coefficient directly. Mass = 1000 kg/m³ × volume.
 */
final class Ode4jEngine implements PeerEngine {
    private static final int MAX_CONTACTS = 4;
    private static final int ITERATIONS = 20;

    private DWorld world;
    private DSpace space;
    private DJointGroup contacts;
    private DBody[] dynamic;
    private final DContactBuffer buffer = new DContactBuffer(MAX_CONTACTS);
    private final DGeom.DNearCallback near = this::near;
    private double dt;

    @Override
    public String name() {
        return "ode4j";
    }

    @Override
    public void build(Scenario scenario) {
        OdeHelper.initODE2(0);
        dt = scenario.settings().dt();
        world = OdeHelper.createWorld();
        world.setGravity(scenario.settings().gravityX(), scenario.settings().gravityY(), scenario.settings().gravityZ());
        world.setQuickStepNumIterations(ITERATIONS);
        world.setAutoDisableFlag(false);
        space = OdeHelper.createHashSpace();
        contacts = OdeHelper.createJointGroup();
        int n = 0;
        for (BodyDef d : scenario.bodies()) {
            if (d.motion() == MotionType.DYNAMIC) {
                n++;
            }
        }
        dynamic = new DBody[n];
        int k = 0;
        for (BodyDef d : scenario.bodies()) {
            DGeom g;
            DMass m = OdeHelper.createMass();
            if (d.shape() instanceof Box b) {
                g = OdeHelper.createBox(space, 2 * b.halfX(), 2 * b.halfY(), 2 * b.halfZ());
                m.setBox(BenchScenes.DENSITY, 2 * b.halfX(), 2 * b.halfY(), 2 * b.halfZ());
            } else if (d.shape() instanceof Sphere s) {
                g = OdeHelper.createSphere(space, s.radius());
                m.setSphere(BenchScenes.DENSITY, s.radius());
            } else {
                throw new IllegalArgumentException("shape " + d.shape().type() + " is not used by the bench scenes");
            }
            DQuaternion q = new DQuaternion(d.qw(), d.qx(), d.qy(), d.qz());
            if (d.motion() == MotionType.DYNAMIC) {
                DBody body = OdeHelper.createBody(world);
                body.setMass(m);
                g.setBody(body);
                body.setPosition(d.x(), d.y(), d.z());
                body.setQuaternion(q);
                body.setAutoDisableFlag(false);
                dynamic[k++] = body;
            } else {
                g.setPosition(d.x(), d.y(), d.z());
                g.setQuaternion(q);
            }
        }
    }

    private void near(Object data, DGeom o1, DGeom o2) {
        DBody b1 = o1.getBody();
        DBody b2 = o2.getBody();
        if (b1 == null && b2 == null) {
            return; // static against static (the container walls)
        }
        int n = OdeHelper.collide(o1, o2, MAX_CONTACTS, buffer.getGeomBuffer());
        for (int i = 0; i < n; i++) {
            DContact c = buffer.get(i);
            c.surface.mode = OdeConstants.dContactApprox1;
            c.surface.mu = BenchScenes.FRICTION;
            c.surface.bounce = BenchScenes.RESTITUTION;
            DJoint j = OdeHelper.createContactJoint(world, contacts, c);
            j.attach(b1, b2);
        }
    }

    @Override
    public void step() {
        space.collide(null, near);
        world.quickStep(dt);
        contacts.empty();
    }

    @Override
    public void dynamicPositions(double[] out) {
        for (int i = 0; i < dynamic.length; i++) {
            DVector3C p = dynamic[i].getPosition();
            out[3 * i] = p.get0();
            out[3 * i + 1] = p.get1();
            out[3 * i + 2] = p.get2();
        }
    }

    @Override
    public String info() {
        return "info engine=ode4j version=0.5.3 precision=double stepper=quickStep iterations="
                + world.getQuickStepNumIterations()
                + String.format(Locale.ROOT, " erp=%.2f cfm=%.0e", world.getERP(), world.getCFM())
                + " max_contacts_per_pair=" + MAX_CONTACTS + " friction=mu_per_contact("
                + BenchScenes.FRICTION + ")_dContactApprox1 restitution=0 space=hash threads=1 sleeping=off";
    }

    @Override
    public void close() {
        if (world != null) {
            contacts.destroy();
            space.destroy();
            world.destroy();
            OdeHelper.closeODE();
            world = null;
        }
    }
}
