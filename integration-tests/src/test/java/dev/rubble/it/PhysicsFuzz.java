package dev.rubble.it;

import dev.rubble.api.BodyId;
import dev.rubble.api.BodySpec;
import dev.rubble.api.CollectionId;
import dev.rubble.api.PhysicsWorld;
import dev.rubble.api.WorldDestruction;
import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.core.world.World;
import dev.rubble.geometry.hull.QuickHull;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Capsule;
import dev.rubble.spi.shape.Plane;
import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.shape.Sphere;
import dev.rubble.spi.shape.TriangleMesh;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * An outsider's fuzz of the physics' invariants (fuzz14, docs/status.md "bad input"): seeded random scenes built
 * through {@code dev.rubble.api} and stepped with checks after every step that a user would notice, each against a
 * bound that does not come from the engine:
 * <ul>
 * <li>every position, orientation and velocity finite;</li>
 * <li>reach: no body further from where it started than its start speed plus the speed all the scene's energy could
 *     give it alone (capped by the speed limit), times the time, plus gravity's fall;</li>
 * <li>energy (kinetic + potential): with restitution 0 everywhere, no kinematic body, no break in the step, never
 *     above the start's by more than the tolerance {@link #energySlack} (the push-out of bodies started overlapped
 *     can give each overlapping pair at most {@code ½ (m_a + m_b) maxPush²}, every pair that does, {@link #strayOverlaps};
 *     plus 1e-6 of the scene's energy, the
 *     gas test's measured 1.2e-6 a step's round-off); with restitution above 0 never above the start's by 1 %;</li>
 * <li>momentum: in zero gravity with only dynamic bodies, the linear momentum, less what bodies that fell asleep had (sleep stops them: {@link #fellAsleep}), to 1e-11 of {@code Σ m |v|} a step (at least the momentum the
 *     push-out of overlapped pairs moves, {@code Σ (m_a + m_b) maxPush});</li>
 * <li>tunnelling: no dynamic body's centre ever more than its own reach plus 0.25 m under a ground's surface (box,
 *     plane or closed mesh slab); no centre crossing a thin static plate's middle plane within its footprint in one
 *     step;</li>
 * <li>determinism (checked by the test): the same state hashes at 1 and 2 threads, and twice.</li>
 * </ul>
 * Kept out, as documented limits (docs/dynamics.md "Physical limits", "Fast turns", "Small bodies"): turns of more
 * than 1.5 rad a step, rods against fine meshes and rods against each other, many bodies created overlapping, mass
 * ratios above 1:1000, bodies under 2 cm; collections land on the ground (docs/destruction.md "Not yet": a landing
 * stops them dead, which only loses energy).
 */
final class PhysicsFuzz {
    private PhysicsFuzz() {
    }

    static final boolean TRACE = Boolean.getBoolean("rubble.physfuzz.trace");
    static final double MAX_PUSH = 3; // DynamicsSettings.defaults().maxPushVelocity
    static final double VMAX = 400; // the default speed limits
    static final double WMAX = 100;

    enum Kind { GAS, GROUND, COLLECTION }

    enum Ground { BOX, PLANE, MESH }

    /** What a scene is: everything drawn from its seed. */
    record Scene(long seed, Kind kind, Ground ground, double dt, int subSteps, int steps, boolean plate,
                 boolean kinematic, boolean restitution, boolean listener, String text) {
    }

    static Scene scene(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        Kind kind = Kind.values()[r.nextInt(3)];
        Ground ground = Ground.values()[r.nextInt(3)];
        double[] dts = {1.0 / 240, 1.0 / 120, 1.0 / 60, 1.0 / 30, 0.05};
        double dt = dts[r.nextInt(dts.length)];
        int sub = 1 + r.nextInt(4);
        int steps = 40 + r.nextInt(80);
        boolean plate = kind == Kind.GROUND && r.nextInt(3) == 0;
        boolean kin = kind != Kind.GAS && r.nextInt(4) == 0;
        boolean rest = r.nextInt(4) == 0;
        boolean listener = r.nextInt(3) == 0;
        String text = String.format(Locale.ROOT, "seed %d %s ground=%s dt=%.5f sub=%d steps=%d plate=%b kin=%b rest=%b listener=%b",
                seed, kind, ground, dt, sub, steps, plate, kin, rest, listener);
        return new Scene(seed, kind, ground, dt, sub, steps, plate, kin, rest, listener, text);
    }

    /** A finding: the step and what broke. */
    record Finding(int step, String what) {
        @Override
        public String toString() {
            return "step " + step + ": " + what;
        }
    }

    /** The outcome of a run: the findings and the state hash after every step. */
    record Run(List<Finding> findings, long[] hashes) {
    }

    private static final class Tracked {
        final BodyId id;
        final String label;
        final double mass;
        final double extent; // the farthest point of the shape from its centre of mass (bound)
        final Vector3d start = new Vector3d();
        double v0;
        int bornStep;
        final Vector3d last = new Vector3d();

        Tracked(BodyId id, String label, double mass, double extent) {
            this.id = id;
            this.label = label;
            this.mass = mass;
            this.extent = extent;
        }
    }

    // ---- shapes ----

    private static double logUniform(SplittableRandom r, double lo, double hi) {
        return Math.exp(Math.log(lo) + r.nextDouble() * (Math.log(hi) - Math.log(lo)));
    }

    /** A random dynamic shape and its extent from its centre (a bound: the box's or hull's corner distance). */
    private static Shape shape(SplittableRandom r, double[] extent, boolean[] elongated) {
        double s = logUniform(r, 0.05, 0.6);
        switch (r.nextInt(5)) {
            case 0 -> {
                extent[0] = s;
                elongated[0] = false;
                return new Sphere(s);
            }
            case 1 -> {
                double a = s, b = s * logUniform(r, 0.1, 1), c = s * logUniform(r, 0.1, 1); // thin and flat boxes
                extent[0] = Math.sqrt(a * a + b * b + c * c);
                elongated[0] = Math.max(a, Math.max(b, c)) > 3 * Math.min(a, Math.min(b, c));
                return new Box(a, Math.max(b, 0.01), Math.max(c, 0.01));
            }
            case 2 -> {
                double rad = Math.max(0.02, s * logUniform(r, 0.15, 1)), half = s;
                extent[0] = rad + half;
                elongated[0] = half > 2 * rad;
                return new Capsule(rad, half);
            }
            default -> { // a hull: a random cloud squashed into a needle, a flake or a lump
                double ax = s, ay = s, az = s;
                int form = r.nextInt(3);
                if (form == 0) { // needle
                    ay = az = Math.max(0.01, s * logUniform(r, 0.02, 0.2));
                } else if (form == 1) { // flake
                    ay = Math.max(0.01, s * logUniform(r, 0.02, 0.2));
                }
                int n = 8 + r.nextInt(12);
                double[] xyz = new double[3 * n];
                double e = 0;
                for (int i = 0; i < n; i++) {
                    xyz[3 * i] = ax * (2 * r.nextDouble() - 1);
                    xyz[3 * i + 1] = ay * (2 * r.nextDouble() - 1);
                    xyz[3 * i + 2] = az * (2 * r.nextDouble() - 1);
                }
                // the corners of the bounds make it a real solid in each direction
                xyz[0] = ax; xyz[1] = ay; xyz[2] = az;
                xyz[3] = -ax; xyz[4] = -ay; xyz[5] = -az;
                xyz[6] = ax; xyz[7] = -ay; xyz[8] = az;
                xyz[9] = -ax; xyz[10] = ay; xyz[11] = -az;
                e = 2 * Math.sqrt(ax * ax + ay * ay + az * az); // the centre of mass lies inside the bounds
                extent[0] = e;
                elongated[0] = form != 2;
                return QuickHull.of(xyz);
            }
        }
    }

    /** A closed slab [-h, h] × [-t, 0] × [-h, h] of six faces, each cut into n × n cells (two triangles each). */
    static TriangleMesh slab(double h, double t, int n) {
        List<double[]> v = new ArrayList<>();
        List<int[]> tri = new ArrayList<>();
        // each face: origin o, edges u and w (u × w outward)
        double[][][] faces = {
            {{-h, 0, -h}, {0, 0, 2 * h}, {2 * h, 0, 0}}, // top (+y): (0,0,1)x(1,0,0) = (0,1,0)
            {{-h, -t, -h}, {2 * h, 0, 0}, {0, 0, 2 * h}}, // bottom (-y)
            {{-h, -t, -h}, {0, t, 0}, {2 * h, 0, 0}}, // -z: (0,1,0)x(1,0,0) = (0,0,-1)
            {{-h, -t, h}, {2 * h, 0, 0}, {0, t, 0}}, // +z
            {{-h, -t, -h}, {0, 0, 2 * h}, {0, t, 0}}, // -x: (0,0,1)x(0,1,0) = (-1,0,0)
            {{h, -t, -h}, {0, t, 0}, {0, 0, 2 * h}}, // +x
        };
        for (double[][] f : faces) {
            int base = v.size();
            for (int i = 0; i <= n; i++) {
                for (int j = 0; j <= n; j++) {
                    double a = (double) i / n, b = (double) j / n;
                    v.add(new double[] {f[0][0] + a * f[1][0] + b * f[2][0], f[0][1] + a * f[1][1] + b * f[2][1],
                        f[0][2] + a * f[1][2] + b * f[2][2]});
                }
            }
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    int p = base + i * (n + 1) + j, q = p + n + 1;
                    tri.add(new int[] {p, q, q + 1});
                    tri.add(new int[] {p, q + 1, p + 1});
                }
            }
        }
        double[] vs = new double[3 * v.size()];
        for (int i = 0; i < v.size(); i++) {
            System.arraycopy(v.get(i), 0, vs, 3 * i, 3);
        }
        int[] is = new int[3 * tri.size()];
        for (int i = 0; i < tri.size(); i++) {
            System.arraycopy(tri.get(i), 0, is, 3 * i, 3);
        }
        return new TriangleMesh(vs, is);
    }

    // ---- the scene ----

    static PhysicsWorld world(Scene s, int threads) {
        WorldSettings ws = WorldSettings.defaults().withStep(s.dt(), s.subSteps()).withThreads(threads);
        ws = s.kind() == Kind.GAS ? ws.withGravity(0, 0, 0) : ws.withGravity(0, -9.81, 0);
        return PhysicsWorld.wrap(World.create(ws, DeterminismFuzz.STAGES), null);
    }

    /** Plate: a static 5 cm plate 1.5 m over the ground, 3 × 3 m. */
    static final double PLATE_Y = 1.5, PLATE_HALF = 0.025, PLATE_W = 1.5;

    private static final class Builder {
        final List<Tracked> tracked = new ArrayList<>();
        double pushAllowance;
        boolean fineMesh;
        double pushMomentum; // Σ (m_a + m_b) maxPush over the pairs that start overlapped: their push-out's momentum scale
    }

    static Run run(Scene s, int threads) {
        PhysicsWorld w = world(s, threads);
        SplittableRandom r = new SplittableRandom(s.seed() * 0x9E3779B97F4A7C15L + 1);
        Builder bld = new Builder();
        double g = s.kind() == Kind.GAS ? 0 : 9.81;
        if (s.kind() != Kind.GAS) {
            switch (s.ground()) {
                case BOX -> w.addBody(BodySpec.fixed(new Box(30, 0.5, 30)).withPosition(new Vector3d(0, -0.5, 0)));
                case PLANE -> w.addBody(BodySpec.fixed(new Plane(0, 1, 0, 0)));
                default -> {
                    int n = r.nextBoolean() ? 4 : 40; // 40: 19 200 triangles, the top's of 0.15 m
                    bld.fineMesh = n == 40;
                    w.addBody(BodySpec.fixed(slab(3, 1, n)));
                }
            }
            if (s.plate()) {
                w.addBody(BodySpec.fixed(new Box(PLATE_W, PLATE_HALF, PLATE_W)).withPosition(new Vector3d(0, PLATE_Y, 0)));
            }
        }
        double mBase = logUniform(r, 1e-3, 10);
        double spread = r.nextDouble(); // how far apart: from a crowd to scattered
        int n = 2 + r.nextInt(7);
        double restitution = s.restitution() ? r.nextDouble() : 0;
        Vector3d prev = null;
        double prevExtent = 0;
        List<Shape> shapes = new ArrayList<>();
        boolean overlapOne = r.nextInt(4) == 0; // one pair started overlapped (more is a documented explosion)
        for (int i = 0; i < n; i++) {
            double[] ext = new double[1];
            boolean[] elong = new boolean[1];
            Shape sh = shape(r, ext, elong);
            if (elong[0] && bld.fineMesh) { // a rod against small triangles: the documented open gain (Fast turns)
                sh = new Sphere(Math.min(ext[0], 0.3));
                ext[0] = Math.min(ext[0], 0.3);
                elong[0] = false;
            }
            double mass = mBase * Math.pow(10, 3 * r.nextDouble());
            Vector3d p;
            if (prev != null && i == 1 && overlapOne) {
                Vector3d dir = new Vector3d(r.nextDouble() - 0.5, r.nextDouble() - 0.5, r.nextDouble() - 0.5).normalize();
                // centres closer than the smaller extent: overlapping, or at least touching
                p = new Vector3d(prev).fma(0.5 * Math.min(ext[0], prevExtent), dir);
                bld.pushAllowance += 0.5 * (mass + bld.tracked.get(0).mass) * MAX_PUSH * MAX_PUSH;
                bld.pushMomentum += (mass + bld.tracked.get(0).mass) * MAX_PUSH;
            } else {
                double span = 1 + 6 * spread;
                p = new Vector3d(span * (r.nextDouble() - 0.5), 0, span * (r.nextDouble() - 0.5));
                p.y = s.kind() == Kind.GAS ? span * (r.nextDouble() - 0.5)
                        : (s.plate() && r.nextBoolean() ? PLATE_Y + PLATE_HALF + ext[0] + 0.01 + 2 * r.nextDouble()
                        : ext[0] + 0.01 + 3 * r.nextDouble());
                if (s.plate() && p.y < PLATE_Y + PLATE_HALF + ext[0] && p.y > PLATE_Y - PLATE_HALF - ext[0]) {
                    p.y = PLATE_Y + PLATE_HALF + ext[0] + 0.01;
                }
                // no other body within reach: only the chosen pair starts overlapped
                for (Tracked t : bld.tracked) {
                    if (t.start.distance(p) < t.extent + ext[0] + 0.01) {
                        p.y += t.extent + ext[0] + 0.02;
                    }
                }
                if (s.plate() && p.y < PLATE_Y + PLATE_HALF + ext[0] && p.y > PLATE_Y - PLATE_HALF - ext[0]) {
                    p.y = PLATE_Y + PLATE_HALF + ext[0] + 0.01; // moved into the plate by the step above
                }
            }
            double vmax = s.kind() == Kind.GAS ? VMAX / 8 : VMAX; // a gas keeps clear of the limit (momentum)
            double speed = r.nextInt(3) == 0 ? 0 : logUniform(r, 0.1, vmax);
            Vector3d v = new Vector3d(r.nextDouble() - 0.5, r.nextDouble() - 0.5, r.nextDouble() - 0.5).normalize(speed);
            // spins up to 100 rad/s, at most 1.5 rad a step (a turn beyond half a revolution is not swept: Fast turns)
            double spin = r.nextInt(3) == 0 ? 0 : Math.min(logUniform(r, 0.1, WMAX), 1.5 / s.dt());
            Vector3d om = new Vector3d(r.nextDouble() - 0.5, r.nextDouble() - 0.5, r.nextDouble() - 0.5).normalize(spin);
            Quaterniond q = new Quaterniond().rotateXYZ(6 * r.nextDouble(), 6 * r.nextDouble(), 6 * r.nextDouble());
            String label = "b" + i;
            BodyId id = w.addBody(BodySpec.dynamic(sh).withMass(mass).withPosition(p).withOrientation(q)
                    .withLinearVelocity(v).withAngularVelocity(om).withMaterial(r.nextDouble(), restitution).withLabel(label));
            Tracked t = new Tracked(id, label, mass, ext[0]);
            shapes.add(sh);
            w.centerOfMass(id, t.start);
            t.last.set(t.start);
            t.v0 = speed + spin * ext[0];
            bld.tracked.add(t);
            prev = p;
            prevExtent = ext[0];
        }
        strayOverlaps(w, bld, shapes, overlapOne);
        BodyId kin = null;
        if (s.kinematic()) {
            double ks = logUniform(r, 0.1, 10);
            kin = w.addBody(BodySpec.kinematic(new Box(0.4, 0.1, 0.4)).withPosition(new Vector3d(0, 0.5 + r.nextDouble(), 0))
                    .withLinearVelocity(new Vector3d(r.nextDouble() - 0.5, 0, r.nextDouble() - 0.5).normalize(ks))
                    .withAngularVelocity(new Vector3d(0, r.nextDouble() * 5, 0)));
        }
        CollectionId coll = null;
        if (s.kind() == Kind.COLLECTION) {
            String recipe = String.format(Locale.ROOT, "{\"box\": [%.3f, %.3f, %.3f], \"seed\": %d, \"levels\": [{\"method\": \"voronoi\","
                    + " \"options\": {\"count\": %d}}]}", 0.2 + 0.5 * r.nextDouble(), 0.2 + 0.5 * r.nextDouble(),
                    0.1 + 0.3 * r.nextDouble(), r.nextInt(500), 3 + r.nextInt(10));
            var asset = WorldDestruction.fracture(recipe);
            double threshold = logUniform(r, 1, 1e5);
            // above every body (a collection placed overlapping bodies is the documented "many bodies created
            // overlapping": each piece pair pushes apart at up to maxPushVelocity and the sum drives bodies through)
            coll = w.destruction().place("c", asset, new Vector3d(4 * r.nextDouble() - 2, 9 + 2 * r.nextDouble(), 4 * r.nextDouble() - 2),
                    new Quaterniond().rotateXYZ(r.nextDouble(), r.nextDouble(), r.nextDouble()), new double[] {threshold}, null);
        }
        return step(s, w, r, bld, kin, coll, g);
    }

    /**
     * Adds the push-out allowance of every other pair of bodies that starts overlapped. The placement moves a body up
     * past each earlier one it comes within reach of, one at a time, so a move past a later one in the list can put it
     * into an earlier one it was already checked against (fuzz16: seed 14722's 0.64 kg ball started 17 cm inside a
     * 1.15 kg box of the gas, and their push-out, 0.04 J a step of 898, was taken for a gain). The scenes keep their
     * bodies where they were (their seeds reproduce); their bound counts what their overlaps may give.
     */
    private static void strayOverlaps(PhysicsWorld w, Builder bld, List<Shape> shapes, boolean overlapOne) {
        List<BodyId> found = new ArrayList<>();
        List<Tracked> tracked = bld.tracked;
        for (int i = 0; i < tracked.size(); i++) {
            Tracked a = tracked.get(i);
            w.overlap(shapes.get(i), w.position(a.id, new Vector3d()), w.orientation(a.id, new Quaterniond()), found);
            for (int j = i + 1; j < tracked.size(); j++) {
                Tracked b = tracked.get(j);
                if (found.contains(b.id) && !(overlapOne && i == 0 && j == 1)) {
                    bld.pushAllowance += 0.5 * (a.mass + b.mass) * MAX_PUSH * MAX_PUSH;
                    bld.pushMomentum += (a.mass + b.mass) * MAX_PUSH;
                }
            }
        }
    }

    // ---- the checks ----

    /** Kinetic + potential energy of the live dynamic bodies (potential above y = 0), from the store. */
    static double energy(PhysicsWorld w, double g) {
        BodyStore b = w.kernel().bodies();
        double e = 0;
        for (int s = 0; s < b.slotLimit(); s++) {
            if (!b.isLive(s) || !(b.invMass[s] > 0)) {
                continue;
            }
            BodyState st = b.state(s);
            if (st == BodyState.DISABLED || st == BodyState.STATIC) {
                continue;
            }
            double m = b.mass[s];
            Quaterniond f = new Quaterniond(b.qx[s], b.qy[s], b.qz[s], b.qw[s]).mul(new Quaterniond(b.iqx[s], b.iqy[s], b.iqz[s], b.iqw[s]));
            Vector3d om = new Quaterniond(f).conjugate().transform(new Vector3d(b.wx[s], b.wy[s], b.wz[s]));
            double rot = 0.5 * (om.x * om.x / b.invIx[s] + om.y * om.y / b.invIy[s] + om.z * om.z / b.invIz[s]);
            // the store's position is the centre of mass (BodyStore)
            e += 0.5 * m * (b.vx[s] * b.vx[s] + b.vy[s] * b.vy[s] + b.vz[s] * b.vz[s]) + rot + m * g * b.gravityScale[s] * b.py[s];
        }
        return e;
    }

    /** Linear momentum and its scale {@code Σ m |v|} of the live dynamic bodies. */
    static double[] momentum(PhysicsWorld w) {
        BodyStore b = w.kernel().bodies();
        double[] p = new double[4];
        for (int s = 0; s < b.slotLimit(); s++) {
            if (!b.isLive(s) || !(b.invMass[s] > 0) || b.state(s) == BodyState.DISABLED) {
                continue;
            }
            double m = b.mass[s];
            p[0] += m * b.vx[s];
            p[1] += m * b.vy[s];
            p[2] += m * b.vz[s];
            p[3] += m * Math.sqrt(b.vx[s] * b.vx[s] + b.vy[s] * b.vy[s] + b.vz[s] * b.vz[s]);
        }
        return p;
    }

    /** Per slot, m v of every live awake dynamic body (NaN for the others), into {@code into} when it is long enough. */
    static double[] awakeMomentum(PhysicsWorld w, double[] into) {
        BodyStore b = w.kernel().bodies();
        double[] m = into.length >= 3 * b.slotLimit() ? into : new double[3 * b.slotLimit()];
        java.util.Arrays.fill(m, Double.NaN);
        for (int s = 0; s < b.slotLimit(); s++) {
            if (b.isLive(s) && b.invMass[s] > 0 && b.state(s) == BodyState.AWAKE) {
                m[3 * s] = b.mass[s] * b.vx[s];
                m[3 * s + 1] = b.mass[s] * b.vy[s];
                m[3 * s + 2] = b.mass[s] * b.vz[s];
            }
        }
        return m;
    }

    /**
     * Takes from the expected momentum {@code p} what the bodies that fell asleep in the step had before it: sleep sets
     * an island's velocities to zero (docs/dynamics.md "Islands and sleeping"; each body slower than the sleep
     * threshold, 0.05 m/s by default), and an island touches no other awake body, so its momentum before the step is
     * what it had when it was stopped. fuzz15t: seed 20335's 0.6 kg hull, pushed out of its overlap at 1.1 mm/s, slept
     * in step 30 and took 6.6e-4 kg m/s, 4.6e-5 of the gas's Σ m |v|, out of the momentum.
     */
    static void fellAsleep(PhysicsWorld w, double[] before, double[] p) {
        BodyStore b = w.kernel().bodies();
        for (int s = 0; s < b.slotLimit() && 3 * s < before.length; s++) {
            if (!Double.isNaN(before[3 * s]) && b.isLive(s) && b.state(s) == BodyState.SLEEPING) {
                p[0] -= before[3 * s];
                p[1] -= before[3 * s + 1];
                p[2] -= before[3 * s + 2];
            }
        }
    }

    /** The first non-finite value of a live body, or null. */
    static String nonFinite(PhysicsWorld w) {
        BodyStore b = w.kernel().bodies();
        for (int s = 0; s < b.slotLimit(); s++) {
            if (!b.isLive(s)) {
                continue;
            }
            double sum = b.px[s] + b.py[s] + b.pz[s] + b.qx[s] + b.qy[s] + b.qz[s] + b.qw[s] + b.vx[s] + b.vy[s] + b.vz[s]
                    + b.wx[s] + b.wy[s] + b.wz[s];
            if (!Double.isFinite(sum)) {
                return "slot " + s + " has a non-finite pose or velocity: p (" + b.px[s] + ", " + b.py[s] + ", " + b.pz[s]
                        + ") v (" + b.vx[s] + ", " + b.vy[s] + ", " + b.vz[s] + ")";
            }
        }
        return null;
    }

    /** The slack of a step's energy: 1e-6 of the scene's energy scale (round-off) and the overlap's push-out. */
    static double energySlack(double scale, double push) {
        return 1e-6 * scale + push;
    }

    private static Run step(Scene s, PhysicsWorld w, SplittableRandom r, Builder bld, BodyId kin, CollectionId coll, double g) {
        List<Finding> found = new ArrayList<>();
        long[] hashes = new long[s.steps()];
        // the listener: at one step it removes a body and asks for a fast one (created once the step returns, as
        // a listener may not create), and at another it sets a velocity (a command for the next step)
        int removeAt = s.listener() ? 1 + r.nextInt(Math.max(1, s.steps() / 2)) : -1;
        int velAt = s.listener() ? 1 + r.nextInt(Math.max(1, s.steps() / 2)) : -1;
        double spawnSpeed = logUniform(r, 1, VMAX);
        final int[] pending = new int[3]; // [spawn asked, body removed, velocity set]: 1 in the listener's step, 2 in the next
        final double[] removedEnergy = new double[1];
        final Vector3d setV = new Vector3d(r.nextDouble() - 0.5, -r.nextDouble(), r.nextDouble() - 0.5).normalize(logUniform(r, 1, VMAX / 2));
        List<Tracked> tracked = bld.tracked;
        if (s.listener()) {
            w.addStepListener((step, time, profile) -> {
                if (step == removeAt) {
                    for (int i = tracked.size() - 1; i >= 0; i--) {
                        Tracked t = tracked.get(i);
                        if (w.contains(t.id)) {
                            removedEnergy[0] = bodyEnergy(w, t.id, g);
                            w.removeBody(t.id);
                            pending[1] = 1;
                            break;
                        }
                    }
                    pending[0] = 1;
                }
                if (step == velAt) {
                    Tracked t = tracked.get(0);
                    if (w.contains(t.id) && w.kernel().bodies().state(w.kernel().bodies().slot(t.id.handle())) == BodyState.AWAKE) {
                        w.setVelocity(t.id, setV, new Vector3d());
                        pending[2] = 1;
                    }
                }
            });
        }
        double e0 = energy(w, g);
        double scale = Math.abs(e0);
        double reachEnergy = 0; // all the energy any one body could take: kinetic, potential above the floor, push
        for (Tracked t : tracked) {
            reachEnergy += 0.5 * t.mass * t.v0 * t.v0 + t.mass * g * (t.start.y + t.extent + 1);
        }
        if (coll != null) {
            double cm = w.mass(w.destruction().bodyOf(coll, 0));
            reachEnergy += cm * g * 5;
            scale += cm * g * 5;
        }
        reachEnergy += bld.pushAllowance;
        for (Tracked t : tracked) {
            scale += 0.5 * t.mass * t.v0 * t.v0 + t.mass * g * (Math.abs(t.start.y) + t.extent);
        }
        double baseline = e0; // energy the scene may hold (start, plus what was added, minus what was removed)
        double push = bld.pushAllowance;
        double before = e0;
        double[] p0 = momentum(w);
        boolean momentumOn = s.kind() == Kind.GAS && !s.listener();
        // round-off scale: the largest Σ m |v| so far, and at least the momentum a push-out moves within a step (its
        // impulses cancel in the sum but leave their round-off: fuzz16, seeds 14529 and 15283, gases at rest but for
        // an overlapped pair, moved 7.5e-18 and 2.6e-14 kg m/s against a Σ m |v| of 0 at the start)
        double pScale = Math.max(Math.max(p0[3], bld.pushMomentum), 1e-300);
        boolean broke = false;
        trace(w, tracked, -1, e0, g);
        double[] awakeMomentum = new double[0]; // per slot: m v of an awake dynamic body before the step, or NaN
        for (int k = 0; k < s.steps(); k++) {
            if (momentumOn) {
                awakeMomentum = awakeMomentum(w, awakeMomentum);
            }
            w.step();
            hashes[k] = w.stateHash();
            double time = (k + 1) * s.dt();
            String nf = nonFinite(w);
            if (nf != null) {
                found.add(new Finding(k, nf));
                break;
            }
            int breaks = w.lastProfile().breaks() + w.lastProfile().released();
            broke |= breaks > 0;
            if (pending[1] == 2) { // removed at the start of this step: its energy left with it
                baseline -= removedEnergy[0];
                pending[1] = 0;
            } else if (pending[1] == 1) {
                pending[1] = 2;
            }
            double e = energy(w, g);
            trace(w, tracked, k, e, g);
            boolean energyOn = restitutionFree(s) && kin == null && !broke && pending[2] == 0 && pending[1] != 2;
            if (energyOn && e > before + energySlack(scale, push)) {
                found.add(new Finding(k, String.format(Locale.ROOT, "energy rose in a step: %.6g -> %.6g J (by %.3g, slack %.3g)",
                        before, e, e - before, energySlack(scale, push))));
            }
            if (energyOn && e > baseline + energySlack(scale, push)) {
                found.add(new Finding(k, String.format(Locale.ROOT, "energy above the start's: %.6g J, start %.6g (by %.3g)",
                        e, baseline, e - baseline)));
            }
            if (!restitutionFree(s) && kin == null && !broke && pending[2] == 0 && e > baseline + 0.01 * scale + push) {
                found.add(new Finding(k, String.format(Locale.ROOT, "elastic energy above the start's by more than 1 %%: %.6g J, start %.6g",
                        e, baseline)));
            }
            if (momentumOn) {
                fellAsleep(w, awakeMomentum, p0);
                double[] p = momentum(w);
                double dp = Math.sqrt((p[0] - p0[0]) * (p[0] - p0[0]) + (p[1] - p0[1]) * (p[1] - p0[1]) + (p[2] - p0[2]) * (p[2] - p0[2]));
                pScale = Math.max(pScale, p[3]);
                if (dp > 1e-11 * (k + 1) * pScale) {
                    found.add(new Finding(k, String.format(Locale.ROOT, "linear momentum moved by %.3g of scale %.3g", dp, p0[3])));
                }
            }
            for (Tracked t : tracked) {
                if (!w.contains(t.id) || k < t.bornStep) {
                    continue;
                }
                Vector3d c = w.centerOfMass(t.id, new Vector3d());
                double tt = time - t.bornStep * s.dt();
                double vBound = Math.min(VMAX, t.v0 + Math.sqrt(2 * reachEnergy / t.mass) + (kin != null ? 25 : 0));
                double reach = vBound * tt + 0.5 * g * tt * tt + t.extent + 0.1;
                if (c.distance(t.start) > reach) {
                    found.add(new Finding(k, String.format(Locale.ROOT, "%s (%.3g kg) went %.4g m from its start, bound %.4g m",
                            t.label, t.mass, c.distance(t.start), reach)));
                }
                double half = s.ground() == Ground.PLANE ? Double.POSITIVE_INFINITY : s.ground() == Ground.BOX ? 30 : 3;
                boolean over = Math.abs(c.x) < half - t.extent && Math.abs(c.z) < half - t.extent
                        && Math.abs(t.last.x) < half - t.extent && Math.abs(t.last.z) < half - t.extent;
                if (s.kind() != Kind.GAS && over && t.last.y > -(t.extent + 0.25) && c.y < -(t.extent + 0.25)) {
                    found.add(new Finding(k, String.format(Locale.ROOT, "%s (%.3g kg, extent %.3g) is %.4g m under the ground's surface",
                            t.label, t.mass, t.extent, -c.y)));
                }
                if (s.plate() && t.last.y > PLATE_Y && c.y < PLATE_Y && inside(t.last, t.extent) && inside(c, t.extent)) {
                    found.add(new Finding(k, String.format(Locale.ROOT, "%s (%.3g kg) crossed the plate: centre y %.4f -> %.4f",
                            t.label, t.mass, t.last.y, c.y)));
                }
                t.last.set(c);
            }
            if (pending[0] == 1) { // the listener's body, created now that the step returned, falling fast at the plate or ground
                pending[0] = 2;
                double rad = 0.05 + 0.2 * r.nextDouble();
                double m = logUniform(r, 1e-2, 1e2);
                Vector3d at = new Vector3d(r.nextDouble() - 0.5, s.kind() == Kind.GAS ? 0 : 2.2 + r.nextDouble(), r.nextDouble() - 0.5);
                Vector3d v = new Vector3d(0.3 * (r.nextDouble() - 0.5), s.kind() == Kind.GAS ? 0.3 : -1, 0.3 * (r.nextDouble() - 0.5))
                        .normalize(spawnSpeed);
                boolean clear = true;
                for (Tracked t : tracked) {
                    if (w.contains(t.id) && w.centerOfMass(t.id, new Vector3d()).distance(at) < t.extent + rad + 0.05) {
                        clear = false;
                    }
                }
                if (clear) {
                    BodyId id = w.addBody(BodySpec.dynamic(new Sphere(rad)).withMass(m).withPosition(at).withLinearVelocity(v)
                            .withMaterial(0.5, 0).withLabel("spawned"));
                    Tracked t = new Tracked(id, "spawned", m, rad);
                    t.start.set(at);
                    t.last.set(at);
                    t.v0 = spawnSpeed;
                    t.bornStep = k + 1;
                    tracked.add(t);
                    double add = 0.5 * m * spawnSpeed * spawnSpeed + m * g * at.y;
                    baseline += add;
                    scale += Math.abs(add);
                    reachEnergy += Math.abs(add);
                    e += add;
                }
            }
            if (pending[2] == 1) {
                pending[2] = 2;
                Tracked t = tracked.get(0);
                t.v0 += setV.length();
                reachEnergy += 0.5 * t.mass * setV.lengthSquared();
                scale += 0.5 * t.mass * setV.lengthSquared();
            } else if (pending[2] == 2) { // the step that took the velocity is done: its energy is the new baseline
                pending[2] = 0;
                baseline = e;
            }
            before = e;
        }
        return new Run(found, hashes);
    }

    private static void trace(PhysicsWorld w, List<Tracked> tracked, int k, double e, double g) {
            if (TRACE) {
                StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "TRACE %d E %.9g:", k, e));
                for (Tracked t : tracked) {
                    if (w.contains(t.id)) {
                        Vector3d c = w.centerOfMass(t.id, new Vector3d());
                        Vector3d v = w.linearVelocity(t.id, new Vector3d());
                        Vector3d om = w.angularVelocity(t.id, new Vector3d());
                        sb.append(String.format(Locale.ROOT, "%n   %s m=%.4g E=%.9g c=(%.4f %.4f %.4f) v=(%.4f %.4f %.4f) w=(%.3f %.3f %.3f) %s",
                                t.label, t.mass, bodyEnergy(w, t.id, g), c.x, c.y, c.z, v.x, v.y, v.z, om.x, om.y, om.z,
                                w.isAsleep(t.id) ? "asleep" : "")).append(k < 0 ? " " + w.kernel().bodies().shape[w.kernel().bodies().slot(t.id.handle())]
                                + " q=" + w.orientation(t.id, new Quaterniond()) : "");
                    }
                }
                System.out.println(sb);
            }
    }

    private static boolean restitutionFree(Scene s) {
        return !s.restitution();
    }

    private static boolean inside(Vector3d c, double extent) {
        return Math.abs(c.x) < PLATE_W - extent && Math.abs(c.z) < PLATE_W - extent;
    }

    private static double bodyEnergy(PhysicsWorld w, BodyId id, double g) {
        BodyStore b = w.kernel().bodies();
        int s = b.slot(id.handle());
        double m = b.mass[s];
        Quaterniond f = new Quaterniond(b.qx[s], b.qy[s], b.qz[s], b.qw[s]).mul(new Quaterniond(b.iqx[s], b.iqy[s], b.iqz[s], b.iqw[s]));
        Vector3d om = new Quaterniond(f).conjugate().transform(new Vector3d(b.wx[s], b.wy[s], b.wz[s]));
        double rot = 0.5 * (om.x * om.x / b.invIx[s] + om.y * om.y / b.invIy[s] + om.z * om.z / b.invIz[s]);
        Vector3d c = w.centerOfMass(id, new Vector3d());
        return 0.5 * m * (b.vx[s] * b.vx[s] + b.vy[s] * b.vy[s] + b.vz[s] * b.vz[s]) + rot + m * g * b.gravityScale[s] * c.y;
    }
}
