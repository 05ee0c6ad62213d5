package dev.rubble.bench.peers;

import com.github.stephengold.joltjni.BodyCreationSettings;
import com.github.stephengold.joltjni.BodyInterface;
import com.github.stephengold.joltjni.BoxShape;
import com.github.stephengold.joltjni.ConvexHullShapeSettings;
import com.github.stephengold.joltjni.CustomContactListener;
import com.github.stephengold.joltjni.ShapeResult;
import com.github.stephengold.joltjni.Vec3;
import com.github.stephengold.joltjni.JobSystem;
import com.github.stephengold.joltjni.JobSystemSingleThreaded;
import com.github.stephengold.joltjni.JobSystemThreadPool;
import com.github.stephengold.joltjni.Jolt;
import com.github.stephengold.joltjni.MapObj2Bp;
import com.github.stephengold.joltjni.ObjVsBpFilter;
import com.github.stephengold.joltjni.ObjVsObjFilter;
import com.github.stephengold.joltjni.PhysicsSettings;
import com.github.stephengold.joltjni.PhysicsSystem;
import com.github.stephengold.joltjni.Quat;
import com.github.stephengold.joltjni.RVec3;
import com.github.stephengold.joltjni.SphereShape;
import com.github.stephengold.joltjni.TempAllocatorImpl;
import com.github.stephengold.joltjni.enumerate.EActivation;
import com.github.stephengold.joltjni.enumerate.EMotionType;
import com.github.stephengold.joltjni.readonly.ConstShape;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.body.BodyDef;
import dev.rubble.scenario.BenchScenes;
import dev.rubble.scenario.Scenario;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.ConvexHull;
import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.shape.Sphere;
import java.util.HashMap;
import java.util.Map;

/**
 * Jolt Physics through jolt-jni (single-precision release natives, SSE2 build), stepped with
 * {@code JobSystemSingleThreaded}. Two object layers (static, moving) mapped to two broadphase
 * layers; static-static pairs are filtered out, as in Jolt's HelloWorld. Mass comes from Jolt's
 * default shape density, 1000 kg/m³, the same as the scene's.
 */
final class JoltEngine implements PeerEngine {
    /** Jolt on one thread ({@code JobSystemSingleThreaded}). */
    JoltEngine() {
        this(1);
    }

    /**
     * Jolt on {@code threads} threads (issue 26): 1 = {@code JobSystemSingleThreaded}; more = a
     * {@code JobSystemThreadPool} of {@code threads - 1} workers (the stepping thread works too while
     * it waits on Jolt's barriers, so {@code threads} threads in all).
     */
    JoltEngine(int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads = " + threads + "; allowed: 1 or more");
        }
        this.threads = threads;
    }

    private static final int STATIC_LAYER = 0;
    private static final int MOVING_LAYER = 1;
    private static boolean initialised;

    private PhysicsSystem system;
    private BodyInterface bodies;
    private TempAllocatorImpl temp;
    private JobSystem jobs;
    private final int threads;
    private int[] dynamicIds;

    /** Loads the natives and registers Jolt's types once per JVM (also for {@link JointsRun}). */
    static void initialiseNatives() {
        initialise();
    }

    private static synchronized void initialise() {
        if (initialised) {
            return;
        }
        NativeLoader.load("linux/x86-64/com/github/stephengold/libjoltjni.so");
        Jolt.registerDefaultAllocator();
        Jolt.installDefaultAssertCallback();
        Jolt.installDefaultTraceCallback();
        if (!Jolt.newFactory()) {
            throw new IllegalStateException("Jolt.newFactory() failed");
        }
        Jolt.registerTypes();
        initialised = true;
    }

    @Override
    public String name() {
        return "jolt";
    }

    @Override
    public void build(Scenario scenario) {
        initialise();
        int n = scenario.bodies().size();
        MapObj2Bp map = new MapObj2Bp(2, 2).add(STATIC_LAYER, 0).add(MOVING_LAYER, 1);
        ObjVsBpFilter ovb = new ObjVsBpFilter(2, 2).disablePair(STATIC_LAYER, 0);
        ObjVsObjFilter ovo = new ObjVsObjFilter(2).disablePair(STATIC_LAYER, STATIC_LAYER);
        system = new PhysicsSystem();
        system.init(n + 16, 0, 1 << 18, 1 << 18, map, ovb, ovo);
        system.setGravity((float) scenario.settings().gravityX(), (float) scenario.settings().gravityY(),
                (float) scenario.settings().gravityZ());
        PhysicsSettings ps = system.getPhysicsSettings();
        ps.setAllowSleeping(false);
        String vs = System.getProperty("rubble.jolt.velocitySteps");
        if (vs != null) { // an experiment's override (docs/benchmarks.md); Jolt's default 10 otherwise
            ps.setNumVelocitySteps(Integer.parseInt(vs));
        }
        system.setPhysicsSettings(ps);
        bodies = system.getBodyInterface();
        Map<Shape, ConstShape> shapes = new HashMap<>();
        int dynamic = 0;
        for (BodyDef d : scenario.bodies()) {
            if (d.motion() == MotionType.DYNAMIC) {
                dynamic++;
            }
        }
        dynamicIds = new int[dynamic];
        int k = 0;
        for (BodyDef d : scenario.bodies()) {
            // every body at its own density (the bench scenes' 1000, Jolt's default, share one shape per size)
            double density = density(d);
            ConstShape shape = d.shape() instanceof ConvexHull h ? hull(h, density)
                    : density != 1000 ? shapeOfDensity(d.shape(), density)
                    : shapes.computeIfAbsent(d.shape(), JoltEngine::shape);
            boolean dyn = d.motion() == MotionType.DYNAMIC;
            BodyCreationSettings bcs = new BodyCreationSettings(shape, new RVec3(d.x(), d.y(), d.z()),
                    new Quat((float) d.qx(), (float) d.qy(), (float) d.qz(), (float) d.qw()),
                    dyn ? EMotionType.Dynamic : EMotionType.Static, dyn ? MOVING_LAYER : STATIC_LAYER);
            bcs.setFriction((float) d.friction());
            bcs.setRestitution((float) d.restitution());
            bcs.setAllowSleeping(false);
            if (dyn) {
                bcs.setLinearVelocity(new Vec3((float) d.vx(), (float) d.vy(), (float) d.vz()));
                bcs.setAngularVelocity(new Vec3((float) d.wx(), (float) d.wy(), (float) d.wz()));
            }
            int id = bodies.createAndAddBody(bcs, dyn ? EActivation.Activate : EActivation.DontActivate);
            if (dyn) {
                dynamicIds[k++] = id;
            }
        }
        system.optimizeBroadPhase();
        temp = new TempAllocatorImpl(256 << 20);
        jobs = threads == 1 ? new JobSystemSingleThreaded(Jolt.cMaxPhysicsJobs)
                : new JobSystemThreadPool(Jolt.cMaxPhysicsJobs, Jolt.cMaxPhysicsBarriers, threads - 1);
    }

    /**
     * The convex radius of Jolt's hulls, metres: system property {@code rubble.jolt.convexRadius}, or
     * Jolt's own default ({@code cDefaultConvexRadius}, 0.05 m) when unset. Jolt shrinks a hull by its
     * convex radius and rounds its edges and corners with it, which on the wall's leaves (about 0.14 m
     * across) is a large change of shape; 0 steps the same sharp hulls Rubble steps. (Measured: the
     * wall's 500 debris hulls fall out of their socket on Jolt with either radius; docs/benchmarks.md,
     * "2026-12-04, eighth session".)
     */
    static final float CONVEX_RADIUS = convexRadius();

    private static float convexRadius() {
        String v = System.getProperty("rubble.jolt.convexRadius");
        if (v == null) {
            return Float.NaN; // Jolt's default
        }
        float r;
        try {
            r = Float.parseFloat(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("rubble.jolt.convexRadius = '" + v + "'; allowed: a number >= 0 (metres)");
        }
        if (!(r >= 0) || Float.isInfinite(r)) {
            throw new IllegalArgumentException("rubble.jolt.convexRadius = " + v + "; allowed: a finite number >= 0 (metres)");
        }
        return r;
    }

    /**
     * A convex hull from the hull's vertices (Jolt builds its own hull of them, with its default
     * hull tolerance, and {@link #CONVEX_RADIUS}) at {@code density} (kg/m³).
     */
    private static ConstShape hull(ConvexHull h, double density) {
        Vec3[] pts = new Vec3[h.vertexCount()];
        for (int i = 0; i < pts.length; i++) {
            pts[i] = new Vec3((float) h.vertex(i, 0), (float) h.vertex(i, 1), (float) h.vertex(i, 2));
        }
        ConvexHullShapeSettings st = new ConvexHullShapeSettings(pts);
        if (!Float.isNaN(CONVEX_RADIUS)) {
            st.setMaxConvexRadius(CONVEX_RADIUS);
        }
        st.setDensity((float) density);
        ShapeResult r = st.create();
        if (r.hasError()) {
            throw new IllegalStateException("Jolt refused a convex hull of " + pts.length + " points: " + r.getError());
        }
        return r.get();
    }

    /**
     * A body's density in Jolt (kg/m³): its mass over its shape's volume when it gives a mass, else its
     * density, else Jolt's default 1000 (Jolt gives a body the mass its shape's density makes).
     */
    private static double density(BodyDef d) {
        if (d.mass() > 0) {
            return d.mass() / d.shape().volume();
        }
        return d.density() > 0 ? d.density() : 1000;
    }

    private static ConstShape shapeOfDensity(Shape s, double density) {
        ConstShape c = shape(s);
        if (c instanceof com.github.stephengold.joltjni.ConvexShape cs) {
            cs.setDensity((float) density);
        }
        return c;
    }

    private static ConstShape shape(Shape s) {
        if (s instanceof Box b) {
            return new BoxShape((float) b.halfX(), (float) b.halfY(), (float) b.halfZ());
        }
        if (s instanceof Sphere sp) {
            return new SphereShape((float) sp.radius());
        }
        throw new IllegalArgumentException("shape " + s.type() + " is not used by the bench scenes");
    }

    /** Contact callbacks (added + persisted: each touching body pair once a step), when counting. */
    private long manifolds;

    @Override
    public void countManifolds() {
        // Jolt calls OnContactAdded for a pair that begins touching and OnContactPersisted for one that
        // touched last step too, once per sub-shape pair (a hull body has one), speculative ones included
        system.setContactListener(new CustomContactListener() {
            @Override
            public void onContactAdded(long body1, long body2, long manifold, long settings) {
                manifolds++;
            }

            @Override
            public void onContactPersisted(long body1, long body2, long manifold, long settings) {
                manifolds++;
            }

            @Override
            public void onContactRemoved(long pair) {
            }

            @Override
            public int onContactValidate(long body1, long body2, double x, double y, double z, long result) {
                return 0; // ValidateResult.AcceptAllContactsForThisBodyPair
            }
        });
    }

    @Override
    public long manifoldsCounted() {
        return manifolds;
    }

    @Override
    public void step() {
        int errors = system.update((float) (1.0 / 60.0), 1, temp, jobs);
        if (errors != 0) {
            throw new IllegalStateException("Jolt PhysicsSystem.update reported error bits " + errors
                    + " (see EPhysicsUpdateError)");
        }
    }

    @Override
    public void dynamicPositions(double[] out) {
        for (int i = 0; i < dynamicIds.length; i++) {
            RVec3 p = bodies.getPosition(dynamicIds[i]);
            out[3 * i] = p.xx();
            out[3 * i + 1] = p.yy();
            out[3 * i + 2] = p.zz();
        }
    }

    @Override
    public String info() {
        PhysicsSettings ps = system.getPhysicsSettings();
        return "info engine=jolt version=" + Jolt.versionString() + " build=" + Jolt.buildType()
                + " precision=" + (Jolt.isDoublePrecision() ? "double" : "single")
                + " velocity_steps=" + ps.getNumVelocitySteps() + " position_steps=" + ps.getNumPositionSteps()
                + " friction_combine=sqrt(f1*f2)=" + String.format(java.util.Locale.ROOT, "%.3f",
                        Math.sqrt(BenchScenes.FRICTION * BenchScenes.FRICTION))
                + " restitution_combine=max broadphase=quadtree job_system="
                + (threads == 1 ? "JobSystemSingleThreaded" : "JobSystemThreadPool") + " threads=" + threads
                + " sleeping=" + (ps.getAllowSleeping() ? "on" : "off")
                + " hull_convex_radius=" + (Float.isNaN(CONVEX_RADIUS) ? "default" : Float.toString(CONVEX_RADIUS));
    }

    @Override
    public void close() {
        // native objects are freed by jolt-jni's cleaner when the JVM exits; each engine runs in its own JVM
        system = null;
    }
}
