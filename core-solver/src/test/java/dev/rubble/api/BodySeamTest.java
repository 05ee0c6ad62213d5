package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.geometry.hull.QuickHull;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.ConvexHull;
import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.shape.Sphere;
import java.util.ArrayList;
import java.util.List;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * The seam between two separate static bodies placed flush must not be felt: a floor of two 4 m static boxes
 * must behave as one 8 m box (each case is run against that reference, besides the analytic value), as the
 * seam between two children of one compound does since 2026-12-06 (docs/dynamics.md, "Seams between
 * separate bodies"; Jolt's {@code mEnhancedInternalEdgeRemoval}).
 */
final class BodySeamTest {

    /** A static floor piece: shape, where its centre is and its turn about the vertical, radians. */
    record Piece(Shape shape, double x, double y, double z, double turn) {
        Piece(Shape shape, double x, double y, double z) {
            this(shape, x, y, z, 0);
        }
    }

    /** Two 4 m × 1 m × 4 m boxes, flush at x = 0 (apart by {@code gap}; negative: overlapping), tops at y = 0. */
    static List<Piece> twoBoxes(double gap) {
        return List.of(new Piece(new Box(2, 0.5, 2), -2 - gap / 2, -0.5, 0), new Piece(new Box(2, 0.5, 2), 2 + gap / 2, -0.5, 0));
    }

    /** One 8 m box with the same top: the reference. */
    static List<Piece> oneBox() {
        return List.of(new Piece(new Box(4, 0.5, 2), 0, -0.5, 0));
    }


    static SlideRun run(List<Piece> floor, BodySpec body, double mu, int steps, boolean seams) {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withSleeping(false).withBodySeams(seams));
        for (Piece p : floor) {
            w.addBody(BodySpec.fixed(p.shape).withPosition(new Vector3d(p.x, p.y, p.z))
                    .withOrientation(new org.joml.Quaterniond().rotateY(p.turn)).withMaterial(mu, 0));
        }
        BodyId b = w.addBody(body);
        double highest = Double.NEGATIVE_INFINITY, lowest = Double.POSITIVE_INFINITY;
        Vector3d p = new Vector3d();
        for (int i = 0; i < steps; i++) {
            w.step();
            w.position(b, p);
            highest = Math.max(highest, p.y);
            lowest = Math.min(lowest, p.y);
        }
        return new SlideRun(highest, lowest, w.position(b, new Vector3d()), w.linearVelocity(b, new Vector3d()));
    }

    static SlideRun run(List<Piece> floor, BodySpec body, double mu, int steps) {
        return run(floor, body, mu, steps, true);
    }

    static BodySpec cube(double v, double mu) {
        return BodySpec.dynamic(new Box(0.2, 0.2, 0.2)).withPosition(new Vector3d(-1.5, 0.2, 0.3))
                .withLinearVelocity(new Vector3d(v, 0, 0)).withMaterial(mu, 0);
    }

    static ConvexHull hullBox(double hx, double hy, double hz) {
        double[] v = new double[24];
        for (int i = 0; i < 8; i++) {
            v[3 * i] = (i & 1) == 0 ? -hx : hx;
            v[3 * i + 1] = (i & 2) == 0 ? -hy : hy;
            v[3 * i + 2] = (i & 4) == 0 ? -hz : hz;
        }
        return QuickHull.of(v);
    }

    /**
     * Before: the frictionless 0.4 m cube at 2 m/s jumped 3.9 cm at the seam and left it at 0.66 m/s (stopped 0.35 m
     * past it); over one box nothing can change its speed or height.
     */
    @Test
    void aFrictionlessCubeSlidesOverTheSeamAsOverOneBox() {
        SlideRun ref = run(oneBox(), cube(2, 0), 0, 90); // 3 m: x from -1.5 to 1.5
        SlideRun seam = run(twoBoxes(0), cube(2, 0), 0, 90);
        assertThat(ref.velocity().x).as("reference speed").isCloseTo(2, within(1e-3));
        assertThat(seam.position().x).as("end (before: 0.35 m)").isCloseTo(ref.position().x, within(1e-4));
        assertThat(seam.highest()).as("highest centre (before: 3.9 cm up)").isCloseTo(ref.highest(), within(1e-4));
        assertThat(seam.lowest()).as("lowest centre").isCloseTo(ref.lowest(), within(1e-4));
        assertThat(seam.velocity().x).as("speed after the seam (before: 0.66 m/s)").isCloseTo(2, within(1e-3));
        // switched off, the seam is felt as before
        SlideRun off = run(twoBoxes(0), cube(2, 0), 0, 90, false);
        assertThat(off.velocity().x).as("switched off").isLessThan(1);
    }

    /** Before: stopped after 1.05 m (tripped over the seam, rising 8 cm); Coulomb's {@code v² / 2 μ g} is 1.53 m. */
    @Test
    void aCubeWithFrictionStopsWhereCoulombSays() {
        double mu = 0.3, v = 3, g = 9.81;
        BodySpec cube = BodySpec.dynamic(new Box(0.2, 0.2, 0.2)).withPosition(new Vector3d(-0.8, 0.2, 0.3))
                .withLinearVelocity(new Vector3d(v, 0, 0)).withMaterial(mu, 0);
        SlideRun ref = run(oneBox(), cube, mu, 120);
        SlideRun seam = run(twoBoxes(0), cube, mu, 120);
        double coulomb = v * v / (2 * mu * g);
        assertThat(ref.position().x + 0.8).as("reference slide").isCloseTo(coulomb, within(0.05));
        assertThat(seam.position().x + 0.8).as("slide over the seam (before: 1.05 m)").isCloseTo(ref.position().x + 0.8, within(1e-3));
        assertThat(seam.highest()).as("highest centre").isCloseTo(ref.highest(), within(1e-4));
    }

    /** Before: a 0.3 m ball rolling at 2 m/s jumped 3.7 / 3.4 mm and left the seam at 1.87 / 1.82 m/s (friction 0.5 / 0). */
    @Test
    void aBallRollsOverTheSeamKeepingItsSpeed() {
        for (double mu : new double[] {0.5, 0}) {
            double r = 0.3, v = 2;
            BodySpec ball = BodySpec.dynamic(new Sphere(r)).withPosition(new Vector3d(-1.5, r, 0.3))
                    .withLinearVelocity(new Vector3d(v, 0, 0)).withAngularVelocity(new Vector3d(0, 0, -v / r))
                    .withMaterial(mu, 0);
            SlideRun ref = run(oneBox(), ball, mu, 90);
            SlideRun seam = run(twoBoxes(0), ball, mu, 90);
            assertThat(seam.position().x).as("mu %s: past the seam", mu).isGreaterThan(1);
            assertThat(seam.velocity().x).as("mu %s: speed after the seam", mu).isCloseTo(v, within(1e-3));
            assertThat(seam.highest()).as("mu %s: highest centre", mu).isCloseTo(ref.highest(), within(1e-4));
        }
    }

    /** Before: a ball set down 1 mm off the seam rolled 30 cm (24 cm from the other side) in 10 s. */
    @Test
    void aBallAtRestNextToTheSeamStays() {
        for (double off : new double[] {-0.001, 0.001, 0, -0.02}) {
            BodySpec ball = BodySpec.dynamic(new Sphere(0.3)).withPosition(new Vector3d(off, 0.3, 0.3));
            SlideRun seam = run(twoBoxes(0), ball, 0.5, 600); // 10 s
            assertThat(seam.position().x).as("ball set %s m off the seam, after 10 s", off).isCloseTo(off, within(1e-5));
        }
    }

    /** Before: a frictionless dynamic 2 m plank at 2 m/s stopped dead at the seam (it ended at 0.007 m/s backwards). */
    @Test
    void aPlankSlidesOverTheSeamAsOverOneBox() {
        BodySpec plank = BodySpec.dynamic(new Box(1, 0.1, 0.5)).withPosition(new Vector3d(-2, 0.1, 0))
                .withLinearVelocity(new Vector3d(2, 0, 0)).withMaterial(0, 0);
        SlideRun ref = run(oneBox(), plank, 0, 90);
        SlideRun seam = run(twoBoxes(0), plank, 0, 90);
        assertThat(ref.velocity().x).as("reference speed").isCloseTo(2, within(1e-3));
        assertThat(seam.velocity().x).as("speed over the seam (before: -0.007 m/s)").isCloseTo(2, within(1e-3));
        assertThat(seam.position().x).as("end").isCloseTo(ref.position().x, within(1e-4));
        assertThat(seam.highest()).as("highest centre").isCloseTo(ref.highest(), within(1e-4));
    }

    /** Two static hull tiles: before, the frictionless cube left at 0.64 m/s; with friction 0.3 it stopped after 1.03 m. */
    @Test
    void hullTilesAreSmoothAsOneBox() {
        List<Piece> hulls = List.of(new Piece(hullBox(2, 0.5, 2), -2, -0.5, 0), new Piece(hullBox(2, 0.5, 2), 2, -0.5, 0));
        SlideRun ref = run(oneBox(), cube(2, 0), 0, 90);
        SlideRun seam = run(hulls, cube(2, 0), 0, 90);
        assertThat(seam.velocity().x).as("frictionless speed (before: 0.64 m/s)").isCloseTo(2, within(1e-3));
        assertThat(seam.highest()).as("highest centre").isCloseTo(ref.highest(), within(1e-4));
        BodySpec rough = BodySpec.dynamic(new Box(0.2, 0.2, 0.2)).withPosition(new Vector3d(-0.8, 0.2, 0.3))
                .withLinearVelocity(new Vector3d(3, 0, 0)).withMaterial(0.3, 0);
        ref = run(oneBox(), rough, 0.3, 120);
        seam = run(hulls, rough, 0.3, 120);
        assertThat(seam.position().x).as("slide with friction (before: 1.03 m)").isCloseTo(ref.position().x, within(1e-3));
    }

    /**
     * A cube turned 0.5 rad about the vertical at 1.03 m/s over the point where four separate 2 m tiles meet: before, it
     * stopped there (0.0002 m/s left, 1.06 m from where it ends over one box).
     */
    @Test
    void aTurnedCubeCrossesTheJunctionOfFourTiles() {
        List<Piece> four = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            for (int j = 0; j < 2; j++) {
                four.add(new Piece(new Box(1, 0.25, 1), i == 0 ? -1 : 1, -0.25, j == 0 ? -1 : 1));
            }
        }
        Vector3d v = new Vector3d(0.6389, 0, -0.8136);
        BodySpec turned = BodySpec.dynamic(new Box(0.12, 0.12, 0.12)).withPosition(new Vector3d(-0.73, 0.12, 0.93))
                .withOrientation(new org.joml.Quaterniond().rotateY(0.5)).withLinearVelocity(v).withMaterial(0, 0);
        SlideRun ref = run(List.of(new Piece(new Box(2, 0.25, 2), 0, -0.25, 0)), turned, 0, 120);
        SlideRun seam = run(four, turned, 0, 120);
        seam.assertAsOver(ref, v.length(), "0.0002 m/s");
    }

    /**
     * A static compound of two 2 m tiles (its own seam at x = -2 is the compound pass's) beside a separate static 4 m
     * box (the seam at x = 0, whose leaf on the left is the compound's child): the frictionless cube crosses both as
     * one box. Before, it stopped at the body seam (0.66 m/s).
     */
    @Test
    void aCompoundBesideABoxIsOneFloor() {
        Shape pair = new dev.rubble.spi.shape.Compound(List.of(dev.rubble.spi.shape.Compound.Child.at(new Box(1, 0.5, 2), -1, 0, 0),
                dev.rubble.spi.shape.Compound.Child.at(new Box(1, 0.5, 2), 1, 0, 0)));
        List<Piece> floor = List.of(new Piece(pair, -2, -0.5, 0), new Piece(new Box(2, 0.5, 2), 2, -0.5, 0));
        BodySpec cube = BodySpec.dynamic(new Box(0.2, 0.2, 0.2)).withPosition(new Vector3d(-3.5, 0.2, 0.3))
                .withLinearVelocity(new Vector3d(2, 0, 0)).withMaterial(0, 0);
        SlideRun ref = run(oneBox(), cube, 0, 150); // 5 m: x from -3.5 to 1.5
        SlideRun seam = run(floor, cube, 0, 150);
        SlideRun off = run(floor, cube, 0, 150, false);
        assertThat(off.velocity().x).as("without the pass").isLessThan(1);
        assertThat(seam.velocity().x).as("speed").isCloseTo(2, within(1e-3));
        assertThat(seam.position().x).as("end").isCloseTo(ref.position().x, within(1e-4));
        assertThat(seam.highest()).as("highest centre").isCloseTo(ref.highest(), within(1e-4));
    }

    /**
     * Random floors of 2×2 to 5×5 separate static box or hull tiles (0.25–2 m, the floor turned any way about the
     * vertical) against one box of the same top: cubes, balls and lying capsules (5–25 cm, turned any way) at
     * 0.5–3.5 m/s in any direction, frictionless or with friction up to 0.3. Without the pass 123–129 of 150 such runs
     * were lifted more than 1 mm, slowed by more than 0.02 m/s or ended more than 5 cm from the one-box run; with it,
     * none of 450 (the largest rise 0.08 mm; frictionless runs keep their speed within 1.3 mm/s and end within 1.1 mm
     * of the one-box run, runs with friction within 5.8 mm).
     */
    @Test
    void randomTiledFloorsAsOneBox() {
        java.util.Random r = new java.util.Random(11);
        for (int run = 0; run < 50; run++) {
            int n = 2 + r.nextInt(4);
            double tile = 0.25 + r.nextDouble() * 1.75;
            boolean hull = r.nextBoolean();
            double mu = r.nextInt(3) == 0 ? 0 : 0.3 * r.nextDouble();
            double turn = r.nextDouble() * Math.PI, c = Math.cos(turn), sn = Math.sin(turn);
            List<Piece> tiles = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    Shape s = hull ? hullBox(tile / 2, 0.25, tile / 2) : new Box(tile / 2, 0.25, tile / 2);
                    double lx = (i - (n - 1) / 2.0) * tile, lz = (j - (n - 1) / 2.0) * tile;
                    tiles.add(new Piece(s, c * lx + sn * lz, -0.25, -sn * lx + c * lz, turn)); // rotateY(turn) of (lx, 0, lz)
                }
            }
            List<Piece> one = List.of(new Piece(new Box(n * tile / 2, 0.25, n * tile / 2), 0, -0.25, 0, turn));
            int kind = r.nextInt(3);
            double size = 0.05 + r.nextDouble() * 0.2;
            Shape body = kind == 0 ? new Box(size, size, size) : kind == 1 ? new Sphere(size) : new dev.rubble.spi.shape.Capsule(size, size);
            double dir = r.nextDouble() * 2 * Math.PI, speed = 0.5 + r.nextDouble() * 3, half = n * tile / 2;
            org.joml.Quaterniond q = new org.joml.Quaterniond().rotateY(r.nextDouble() * 3);
            if (kind == 2) {
                q.rotateZ(Math.PI / 2); // lying
            }
            BodySpec spec = BodySpec.dynamic(body).withMaterial(mu, 0).withOrientation(q)
                    .withPosition(new Vector3d(-Math.cos(dir) * half * 0.6, size + 1e-4, -Math.sin(dir) * half * 0.6))
                    .withLinearVelocity(new Vector3d(Math.cos(dir) * speed, 0, Math.sin(dir) * speed));
            int steps = (int) Math.min(120, 60 * 1.2 * half / speed);
            SlideRun ref = run(one, spec, mu, steps);
            SlideRun seam = run(tiles, spec, mu, steps);
            String what = String.format("run %d (shape %d, %.3f m, %d tiles of %.2f m, hull %s, mu %.2f)", run, kind, size, n * n, tile, hull, mu);
            assertThat(seam.highest()).as("%s: highest centre", what).isLessThan(ref.highest() + 5e-4);
            if (mu == 0) {
                assertThat(seam.velocity().length()).as("%s: speed", what).isCloseTo(ref.velocity().length(), within(0.005));
                assertThat(seam.position().distance(ref.position())).as("%s: end", what).isLessThan(0.003);
            } else {
                assertThat(seam.position().distance(ref.position())).as("%s: end", what).isLessThan(0.02);
            }
        }
    }

    /**
     * What is not flush still collides: a 5 cm step between two static boxes stops the frictionless cube at its riser
     * (the bits are those with the pass off: the riser's points do not lie on the lower box), and so does an overlap
     * of 1 mm or a gap of 0.1 mm between the boxes, whose edges are real (docs/dynamics.md, "Seams between separate
     * bodies": the same as between a compound's children, and as Jolt, which voids only shared vertices).
     */
    @Test
    void aStepAGapAndAnOverlapAreFeltAsWithoutThePass() {
        List<Piece> step = List.of(new Piece(new Box(2, 0.5, 2), -2, -0.5, 0), new Piece(new Box(2, 0.5, 2), 2, -0.45, 0));
        SlideRun on = run(step, cube(2, 0), 0, 90, true);
        SlideRun off = run(step, cube(2, 0), 0, 90, false);
        assertThat(on.position().x).as("stopped at the riser").isLessThan(0);
        assertThat(on.highest() - 0.2).as("rise, under the exact inelastic impact's 5.14 cm").isLessThan(0.0514);
        assertThat(on).as("step: the same as without the pass").isEqualTo(off);
        for (double gap : new double[] {-0.001, 0.0001}) {
            on = run(twoBoxes(gap), cube(2, 0), 0, 90, true);
            off = run(twoBoxes(gap), cube(2, 0), 0, 90, false);
            assertThat(on).as("gap %s m: the same as without the pass", gap).isEqualTo(off);
        }
    }

    /**
     * 400 cubes sliding every way over a floor of 196 separate 1 m tiles (about 900 pairs: the narrowphase runs pair
     * blocks on both threads): one and two threads give the same bits, and the pass changes the run.
     */
    @Test
    void oneAndTwoThreadsGiveTheSameBits() {
        double[] one = tiled(1, true), two = tiled(2, true), off = tiled(1, false);
        assertThat(two).as("two threads").isEqualTo(one);
        assertThat(off).as("without the pass").isNotEqualTo(one);
    }

    private static double[] tiled(int threads, boolean seams) {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withThreads(threads).withBodySeams(seams));
        for (int i = 0; i < 14; i++) {
            for (int j = 0; j < 14; j++) {
                w.addBody(BodySpec.fixed(new Box(0.5, 0.25, 0.5)).withPosition(new Vector3d(i - 6.5, -0.25, j - 6.5))
                        .withMaterial(0.2, 0));
            }
        }
        java.util.Random r = new java.util.Random(7);
        List<BodyId> cubes = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            for (int j = 0; j < 20; j++) {
                double a = r.nextDouble() * 2 * Math.PI, v = 1 + 2 * r.nextDouble();
                cubes.add(w.addBody(BodySpec.dynamic(new Box(0.08, 0.08, 0.08)).withMaterial(r.nextBoolean() ? 0 : 0.2, 0)
                        .withPosition(new Vector3d(0.6 * i - 5.7, 0.08, 0.6 * j - 5.7))
                        .withOrientation(new org.joml.Quaterniond().rotateY(r.nextDouble()))
                        .withLinearVelocity(new Vector3d(v * Math.cos(a), 0, v * Math.sin(a)))));
            }
        }
        for (int s = 0; s < 60; s++) {
            w.step();
        }
        double[] out = new double[3 * cubes.size()];
        Vector3d p = new Vector3d();
        for (int k = 0; k < cubes.size(); k++) {
            w.position(cubes.get(k), p);
            out[3 * k] = p.x;
            out[3 * k + 1] = p.y;
            out[3 * k + 2] = p.z;
        }
        return out;
    }

    /**
     * Balls at rest a few millimetres off the seam of two floor boxes (each touches the one it rests on and the
     * other's edge, along different normals: the whole pass runs for each, every step, and replaces the edge's
     * contact) allocate nothing in steady state.
     */
    @Test
    void thePassAllocatesNothingInSteadyState() {
        var mx = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withSleeping(false));
        for (Piece p : twoBoxes(0)) {
            w.addBody(BodySpec.fixed(p.shape).withPosition(new Vector3d(p.x, p.y, p.z)).withMaterial(0.5, 0));
        }
        List<BodyId> cubes = new ArrayList<>();
        double[] off = {-0.001, 0.001, -0.003, 0.003, 0.002};
        for (int i = 0; i < off.length; i++) {
            cubes.add(w.addBody(BodySpec.dynamic(new Sphere(0.3)).withMaterial(0.5, 0)
                    .withPosition(new Vector3d(off[i], 0.3, -1.6 + 0.8 * i))));
        }
        double[] sum = new double[1];
        Vector3d p = new Vector3d();
        Runnable work = () -> {
            w.step();
            for (int i = 0; i < cubes.size(); i++) {
                sum[0] += w.position(cubes.get(i), p).y;
            }
        };
        for (int i = 0; i < 600; i++) {
            work.run();
        }
        long tid = Thread.currentThread().getId();
        long quietest = Long.MAX_VALUE;
        int classified = 0;
        for (int round = 0; round < 5; round++) {
            long before = mx.getThreadAllocatedBytes(tid);
            for (int i = 0; i < 200; i++) {
                work.run();
            }
            quietest = Math.min(quietest, mx.getThreadAllocatedBytes(tid) - before);
            classified += w.kernel().narrowphaseStage().seamBodies;
        }
        assertThat(classified).as("bodies through the pass in the last steps of the rounds").isEqualTo(5 * 5);
        assertThat(quietest).as("bytes allocated by 200 steps, quietest of 5 rounds").isZero();
        assertThat(sum[0]).isNotZero();
    }

    /**
     * A floor of 1 600 separate 0.5 m tiles with a ball resting 2 mm off each of 1 560 seams: 1 560 different pairs of
     * static neighbours, each through the pass every step, allocate nothing in steady state either. Before (fuzz10) the
     * compounds were kept in a direct-mapped cache of 1 024 slots, and sets sharing a slot were built again every step:
     * 14.6 MB allocated in 20 steps.
     */
    @Test
    void thousandsOfTilesAllocateNothingInSteadyState() {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withSleeping(false));
        int n = 40;
        double t = 0.5;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                w.addBody(BodySpec.fixed(new Box(t / 2, 0.25, t / 2)).withPosition(new Vector3d(i * t, -0.25, j * t))
                        .withMaterial(0.5, 0));
            }
        }
        for (int i = 0; i < n - 1; i++) {
            for (int j = 0; j < n; j++) {
                w.addBody(BodySpec.dynamic(new Sphere(0.1)).withMaterial(0.5, 0)
                        .withPosition(new Vector3d(i * t + t / 2 + 0.002, 0.1, j * t)));
            }
        }
        for (int i = 0; i < 60; i++) {
            w.step();
        }
        long quietest = dev.rubble.core.step.StepAllocation.quietest(w::step, 3, 20);
        assertThat(w.kernel().narrowphaseStage().seamBodies).as("bodies through the pass in the last step")
                .isEqualTo((n - 1) * n);
        assertThat(quietest).as("bytes allocated by 20 steps, quietest of 3 rounds").isZero();
    }

    /**
     * A snapshot taken while the cube crosses the seam resumes bit for bit (the pass keeps no state between steps that
     * reaches results), and a world saved with the pass off restores with it off.
     */
    @Test
    void aSnapshotMidSeamResumesBitForBit() throws Exception {
        for (boolean seams : new boolean[] {true, false}) {
            PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withSleeping(false).withBodySeams(seams));
            for (Piece p : twoBoxes(0)) {
                w.addBody(BodySpec.fixed(p.shape).withPosition(new Vector3d(p.x, p.y, p.z)).withMaterial(0, 0));
            }
            BodyId c = w.addBody(cube(2, 0));
            w.step(40); // the cube's front 3 cm past the seam
            java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
            w.saveSnapshot(out);
            PhysicsWorld r = Rubble.defaultPlugins().restoreWorld(new java.io.ByteArrayInputStream(out.toByteArray()));
            w.step(50);
            r.step(50);
            assertThat(r.position(c, new Vector3d())).as("seams %s: restored", seams).isEqualTo(w.position(c, new Vector3d()));
            assertThat(r.linearVelocity(c, new Vector3d())).as("seams %s: restored", seams)
                    .isEqualTo(w.linearVelocity(c, new Vector3d()));
            assertThat(w.linearVelocity(c, new Vector3d()).x).as("seams %s: speed", seams).isCloseTo(seams ? 2 : 0.66, within(0.01));
        }
    }

    @Test
    void aValueOtherThanABooleanIsRefused() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> dev.rubble.core.collision.NarrowphaseStage.bodySeamsOption(
                        dev.rubble.spi.StageConfig.of(java.util.Map.of("bodySeams", "yes"))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("bodySeams").hasMessageContaining("yes")
                .hasMessageContaining("true, false");
        assertThat(dev.rubble.core.collision.NarrowphaseStage.bodySeamsOption(dev.rubble.spi.StageConfig.empty())).isTrue();
    }
}
