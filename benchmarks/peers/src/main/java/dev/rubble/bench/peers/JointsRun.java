package dev.rubble.bench.peers;

import com.github.stephengold.joltjni.BodyCreationSettings;
import com.github.stephengold.joltjni.BodyInterface;
import com.github.stephengold.joltjni.BoxShape;
import com.github.stephengold.joltjni.CapsuleShape;
import com.github.stephengold.joltjni.HingeConstraintSettings;
import com.github.stephengold.joltjni.JobSystemSingleThreaded;
import com.github.stephengold.joltjni.Jolt;
import com.github.stephengold.joltjni.MapObj2Bp;
import com.github.stephengold.joltjni.ObjVsBpFilter;
import com.github.stephengold.joltjni.ObjVsObjFilter;
import com.github.stephengold.joltjni.PhysicsSettings;
import com.github.stephengold.joltjni.PhysicsSystem;
import com.github.stephengold.joltjni.PointConstraintSettings;
import com.github.stephengold.joltjni.Quat;
import com.github.stephengold.joltjni.RVec3;
import com.github.stephengold.joltjni.SphereShape;
import com.github.stephengold.joltjni.TempAllocatorImpl;
import com.github.stephengold.joltjni.Vec3;
import com.github.stephengold.joltjni.enumerate.EActivation;
import com.github.stephengold.joltjni.enumerate.EConstraintSpace;
import com.github.stephengold.joltjni.enumerate.EMotionType;
import com.github.stephengold.joltjni.readonly.ConstShape;
import dev.rubble.api.BodyId;
import dev.rubble.api.BodySpec;
import dev.rubble.api.ConstraintSpec;
import dev.rubble.api.PhysicsWorld;
import dev.rubble.api.Rubble;
import dev.rubble.api.WorldConfig;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Capsule;
import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.shape.Sphere;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * Issue 29: the jointed scenes ({@link JointScenes}: {@code chain100}, {@code ragdolls50}) on Rubble
 * or Jolt, one engine and scene per JVM, single threaded, sleeping off, 1/60 s steps without
 * sub-steps, each engine's default solver iterations. Jolt gets the same joints: a
 * {@code PointConstraint} for a ball joint, a {@code HingeConstraint} with the same limits for a hinge
 * (its angle's sign convention is Jolt's; the range is the same size). Prints the {@code rubble
 * bench} result and CPU lines (statistics over steps 100..N), a sanity line (the chain's span from
 * the pivot to its last link and its stretch, or the ragdolls' mean and lowest height) and an info line.
 *
 * <pre>
 * java -cp rubble-benchmarks-peers.jar:lib/* dev.rubble.bench.peers.PeerMain jolt|rubble joints chain100|ragdolls50 [--steps N]
 * </pre>
 */
final class JointsRun {
    private JointsRun() {
    }

    private interface Stepper {
        void step();

        /** Centre positions of the dynamic bodies, in scene order. */
        void positions(double[] out);

        String info();
    }

    static int run(String engine, String[] args) {
        if (args.length < 3) {
            throw new IllegalArgumentException("usage: PeerMain jolt|rubble joints chain100|ragdolls50|levers4|chainheavy3|chainheavy10 [--steps N]");
        }
        JointScenes.Scene sc = JointScenes.byLabel(args[2]);
        int steps = StepTimer.steps(args, 3, 600, 101);
        Stepper st = switch (engine) {
            case "rubble" -> rubble(sc);
            case "jolt" -> jolt(sc);
            default -> throw new IllegalArgumentException("engine = '" + engine + "'; allowed for joints: jolt, rubble");
        };
        int n = 0;
        for (JointScenes.Body b : sc.bodies()) {
            n += b.fixed() ? 0 : 1;
        }
        StepTimer.run(st::step, steps, Long.MAX_VALUE, sc.label(), n, 1);
        double[] end = new double[3 * n];
        st.positions(end);
        System.out.println(sanity(sc, end, n));
        System.out.println(st.info());
        System.out.flush();
        return 0;
    }

    /** The chain: distance of the last link from the pivot, and the largest link-to-link stretch; ragdolls: mean and lowest y. */
    static String sanity(JointScenes.Scene sc, double[] p, int n) {
        if (sc.label().startsWith("chain") || sc.label().startsWith("levers")) {
            JointScenes.Body b0 = sc.bodies().get(0), b1 = sc.bodies().get(1);
            double pitch = Math.sqrt((b1.x() - b0.x()) * (b1.x() - b0.x()) + (b1.y() - b0.y()) * (b1.y() - b0.y())
                    + (b1.z() - b0.z()) * (b1.z() - b0.z())); // the links' spacing as built: 0.2 m for the chains
            double reach = Math.sqrt(p[3 * (n - 1)] * p[3 * (n - 1)] + (p[3 * (n - 1) + 1] - 25) * (p[3 * (n - 1) + 1] - 25)
                    + p[3 * (n - 1) + 2] * p[3 * (n - 1) + 2]);
            double worst = 0;
            for (int i = 1; i < n; i++) {
                double dx = p[3 * i] - p[3 * i - 3], dy = p[3 * i + 1] - p[3 * i - 2], dz = p[3 * i + 2] - p[3 * i - 1];
                worst = Math.max(worst, Math.sqrt(dx * dx + dy * dy + dz * dz) / pitch - 1);
            }
            return String.format(Locale.ROOT, "sanity reach=%.3f max_stretch=%.4f (unstretched: reach <= %.2f, stretch 0)",
                    reach, worst, pitch * n - pitch / 2);
        }
        double sum = 0, low = Double.POSITIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            sum += p[3 * i + 1];
            low = Math.min(low, p[3 * i + 1]);
        }
        return String.format(Locale.ROOT, "sanity mean_y=%.3f min_y=%.3f", sum / n, low);
    }

    private static Stepper rubble(JointScenes.Scene sc) {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withSleeping(false));
        List<BodyId> ids = new ArrayList<>();
        List<BodyId> dynamic = new ArrayList<>();
        for (JointScenes.Body b : sc.bodies()) {
            Shape shape = switch (b.shape()) {
                case JointScenes.SPHERE -> new Sphere(b.a());
                case JointScenes.BOX -> new Box(b.a(), b.b(), b.c());
                default -> new Capsule(b.a(), b.b());
            };
            BodySpec spec = b.fixed() ? BodySpec.fixed(shape) : BodySpec.dynamic(shape);
            spec = spec.withPosition(new Vector3d(b.x(), b.y(), b.z()))
                    .withOrientation(new Quaterniond(b.qx(), b.qy(), b.qz(), b.qw()));
            if (b.mass() > 0) {
                spec = spec.withMass(b.mass());
            }
            BodyId id = w.addBody(spec);
            ids.add(id);
            if (!b.fixed()) {
                dynamic.add(id);
            }
        }
        for (JointScenes.Joint j : sc.joints()) {
            Vector3d at = new Vector3d(j.x(), j.y(), j.z());
            ConstraintSpec spec = j.kind() == JointScenes.BALL ? ConstraintSpec.ball(at)
                    : ConstraintSpec.hinge(at, new Vector3d(j.ax(), j.ay(), j.az())).limits(j.lo(), j.hi());
            w.addConstraint(ids.get(j.a()), j.b() < 0 ? null : ids.get(j.b()), spec);
        }
        Vector3d p = new Vector3d();
        return new Stepper() {
            @Override
            public void step() {
                w.step();
            }

            @Override
            public void positions(double[] out) {
                for (int i = 0; i < dynamic.size(); i++) {
                    w.position(dynamic.get(i), p);
                    out[3 * i] = p.x;
                    out[3 * i + 1] = p.y;
                    out[3 * i + 2] = p.z;
                }
            }

            @Override
            public String info() {
                return "info engine=rubble constraints=" + w.constraintCount() + " velocity_iterations=7 position_iterations=2"
                        + " sub_steps=1 sleeping=off threads=1";
            }
        };
    }

    private static Stepper jolt(JointScenes.Scene sc) {
        JoltEngine.initialiseNatives();
        final int staticLayer = 0, movingLayer = 1;
        MapObj2Bp map = new MapObj2Bp(2, 2).add(staticLayer, 0).add(movingLayer, 1);
        ObjVsBpFilter ovb = new ObjVsBpFilter(2, 2).disablePair(staticLayer, 0);
        ObjVsObjFilter ovo = new ObjVsObjFilter(2).disablePair(staticLayer, staticLayer);
        PhysicsSystem system = new PhysicsSystem();
        system.init(sc.bodies().size() + 16, 0, 1 << 16, 1 << 16, map, ovb, ovo);
        system.setGravity(0, -9.81f, 0);
        PhysicsSettings ps = system.getPhysicsSettings();
        ps.setAllowSleeping(false);
        system.setPhysicsSettings(ps);
        BodyInterface bi = system.getBodyInterface();
        List<com.github.stephengold.joltjni.Body> bodies = new ArrayList<>();
        List<Integer> dynamic = new ArrayList<>();
        for (JointScenes.Body b : sc.bodies()) {
            com.github.stephengold.joltjni.ConvexShape shape = switch (b.shape()) {
                case JointScenes.SPHERE -> new SphereShape((float) b.a());
                case JointScenes.BOX -> new BoxShape((float) b.a(), (float) b.b(), (float) b.c());
                default -> new CapsuleShape((float) b.b(), (float) b.a()); // Jolt: half height, radius
            };
            if (b.mass() > 0) {
                shape.setDensity((float) (b.mass() / volume(b)));
            }
            BodyCreationSettings bcs = new BodyCreationSettings((ConstShape) shape, new RVec3(b.x(), b.y(), b.z()),
                    new Quat((float) b.qx(), (float) b.qy(), (float) b.qz(), (float) b.qw()),
                    b.fixed() ? EMotionType.Static : EMotionType.Dynamic, b.fixed() ? staticLayer : movingLayer);
            bcs.setAllowSleeping(false);
            com.github.stephengold.joltjni.Body body = bi.createBody(bcs);
            bi.addBody(body, b.fixed() ? EActivation.DontActivate : EActivation.Activate);
            bodies.add(body);
            if (!b.fixed()) {
                dynamic.add(body.getId());
            }
        }
        for (JointScenes.Joint j : sc.joints()) {
            com.github.stephengold.joltjni.Body a = bodies.get(j.a());
            com.github.stephengold.joltjni.Body b = j.b() < 0 ? com.github.stephengold.joltjni.Body.sFixedToWorld() : bodies.get(j.b());
            RVec3 at = new RVec3(j.x(), j.y(), j.z());
            if (j.kind() == JointScenes.BALL) {
                PointConstraintSettings s = new PointConstraintSettings();
                s.setSpace(EConstraintSpace.WorldSpace);
                s.setPoint1(at);
                s.setPoint2(at);
                system.addConstraint(s.create(a, b));
            } else {
                HingeConstraintSettings s = new HingeConstraintSettings();
                s.setSpace(EConstraintSpace.WorldSpace);
                s.setPoint1(at);
                s.setPoint2(at);
                Vec3 axis = new Vec3((float) j.ax(), (float) j.ay(), (float) j.az());
                // a normal: any unit vector perpendicular to the axis
                Vec3 normal = Math.abs(j.ax()) < 0.9 ? new Vec3(1, 0, 0) : new Vec3(0, 1, 0);
                float d = normal.dot(axis);
                normal = new Vec3(normal.getX() - d * axis.getX(), normal.getY() - d * axis.getY(), normal.getZ() - d * axis.getZ())
                        .normalized();
                s.setHingeAxis1(axis);
                s.setHingeAxis2(axis);
                s.setNormalAxis1(normal);
                s.setNormalAxis2(normal);
                s.setLimitsMin((float) j.lo());
                s.setLimitsMax((float) j.hi());
                system.addConstraint(s.create(a, b));
            }
        }
        system.optimizeBroadPhase();
        TempAllocatorImpl temp = new TempAllocatorImpl(64 << 20);
        JobSystemSingleThreaded jobs = new JobSystemSingleThreaded(Jolt.cMaxPhysicsJobs);
        return new Stepper() {
            @Override
            public void step() {
                int errors = system.update(1f / 60f, 1, temp, jobs);
                if (errors != 0) {
                    throw new IllegalStateException("Jolt PhysicsSystem.update reported error bits " + errors);
                }
            }

            @Override
            public void positions(double[] out) {
                for (int i = 0; i < dynamic.size(); i++) {
                    RVec3 p = bi.getCenterOfMassPosition(dynamic.get(i));
                    out[3 * i] = p.xx();
                    out[3 * i + 1] = p.yy();
                    out[3 * i + 2] = p.zz();
                }
            }

            @Override
            public String info() {
                PhysicsSettings s = system.getPhysicsSettings();
                return "info engine=jolt version=" + Jolt.versionString() + " constraints=" + sc.joints().size()
                        + " velocity_steps=" + s.getNumVelocitySteps() + " position_steps=" + s.getNumPositionSteps()
                        + " joints=PointConstraint,HingeConstraint sleeping=off threads=1";
            }
        };
    }

    private static double volume(JointScenes.Body b) {
        return switch (b.shape()) {
            case JointScenes.SPHERE -> 4.0 / 3 * Math.PI * b.a() * b.a() * b.a();
            case JointScenes.BOX -> 8 * b.a() * b.b() * b.c();
            default -> Math.PI * b.a() * b.a() * (2 * b.b() + 4.0 / 3 * b.a());
        };
    }
}
