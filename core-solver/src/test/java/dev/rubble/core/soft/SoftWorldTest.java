package dev.rubble.core.soft;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.body.MotionType;
import dev.rubble.core.body.BodyDef;
import dev.rubble.core.world.World;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.core.plugin.Stages;
import dev.rubble.core.soft.cage.Cage;
import dev.rubble.core.soft.cage.CageBuilder;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Sphere;
import dev.rubble.spi.soft.SoftBodyState;
import java.util.Map;
import dev.rubble.core.step.StepAllocation;
import org.junit.jupiter.api.Test;

/** Soft bodies in a world with rigid bodies: two-way contact, no tunnelling, no inverted tets. */
final class SoftWorldTest {
    private static Stages stages;
    static final double HX = 0.5, HY = 0.25, HZ = 0.5;

    static synchronized World world() {
        if (stages == null) {
            stages = Stages.load();
        }
        WorldSettings s = WorldSettings.defaults().withStageOptions("soft-solver",
                StageConfig.of(Map.of("subSteps", 16, "iterations", 4, "damping", 1.0)));
        World w = World.create(s, stages);
        w.createBody(BodyDef.of(new Box(10, 0.5, 10)).withMotion(MotionType.STATIC).withPosition(0, -0.5, 0)
                .withLabel("ground"));
        return w;
    }

    static double[] box(double hx, double hy, double hz) {
        double[] p = new double[24];
        for (int i = 0; i < 8; i++) {
            p[3 * i] = (i & 1) == 0 ? -hx : hx;
            p[3 * i + 1] = (i & 2) == 0 ? -hy : hy;
            p[3 * i + 2] = (i & 4) == 0 ? -hz : hz;
        }
        return p;
    }

    /** A soft block resting on the ground (its bottom at y = thickness). */
    static int block(World w, double youngs) {
        Cage c = CageBuilder.build(box(HX, HY, HZ), new int[0], 500, 0.125, 1);
        SoftMaterial m = SoftMaterial.rubber().withYoungsModulus(youngs).withPoissonRatio(0.3);
        return w.softBodies().store().add(c, m, 0, HY + m.thickness(), 0, 0, 0, 0, 1, 0, 0, 0, "block");
    }

    private static double minTopY(SoftBodyStore st, double footprint) {
        SoftBodyState s = st.state;
        double[] rest = st.cage[0].points();
        double min = Double.POSITIVE_INFINITY;
        for (int i = 0; i < st.pointCount[0]; i++) {
            if (rest[3 * i + 1] > HY - 1e-9 && Math.abs(rest[3 * i]) <= footprint && Math.abs(rest[3 * i + 2]) <= footprint) {
                min = Math.min(min, s.x[3 * i + 1]);
            }
        }
        return min;
    }

    @Test
    void aBoxDroppedOnASoftBlockDentsItBouncesAndNeverPassesThrough() {
        World w = world();
        block(w, 2e5);
        double top0 = 2 * HY + 0.005;
        long box = w.createBody(BodyDef.of(new Box(0.15, 0.15, 0.15)).withMass(10).withPosition(0, 1.5, 0));
        int slot = w.bodies().slot(box);
        double deepestDent = 0, lowestBottom = Double.POSITIVE_INFINITY;
        boolean touched = false, bounced = false;
        for (int i = 0; i < 300; i++) {
            w.step();
            double bottom = lowestCorner(w, slot, 0.15);
            double top = minTopY(w.softBodies().store(), 0.15);
            lowestBottom = Math.min(lowestBottom, bottom);
            deepestDent = Math.max(deepestDent, top0 - top);
            assertThat(bottom).as("step %d: box bottom above the dented surface under it", i).isGreaterThan(top - 0.02);
            if (bottom < top0 + 0.02) {
                touched = true;
            }
            if (touched && w.bodies().vy[slot] > 0.05) {
                bounced = true;
            }
        }
        System.out.printf("box drop: deepest dent %.4f m, lowest box bottom %.4f m%n", deepestDent, lowestBottom);
        assertThat(deepestDent).as("the block dents").isGreaterThan(0.005);
        assertThat(bounced).as("the box bounces").isTrue();
        assertThat(lowestBottom).as("never near the ground under the block").isGreaterThan(0.2);
        assertThat(Math.abs(w.bodies().vy[slot])).as("comes to rest").isLessThan(0.05);
        assertThat(w.softBodies().store().invertedTets()).isZero();
    }

    static double lowestCorner(World w, int slot, double half) {
        var b = w.bodies();
        double min = Double.POSITIVE_INFINITY;
        for (int k = 0; k < 8; k++) {
            double lx = (k & 1) == 0 ? -half : half, ly = (k & 2) == 0 ? -half : half, lz = (k & 4) == 0 ? -half : half;
            min = Math.min(min, b.py[slot] + dev.rubble.core.body.Inertia.rotY(b.qx[slot], b.qy[slot], b.qz[slot], b.qw[slot],
                    lx, ly, lz));
        }
        return min;
    }

    @Test
    void aSoftBallRestsOnARigidBox() {
        World w = world();
        // 2 m wide: the jelly ball bounces and rocks on its uneven cage, and damping slows its deformation, not its
        // rolling (PositionBasedSoftSolver.dampDeformation); on a 0.8 m top it rolled off the edge
        long box = w.createBody(BodyDef.of(new Box(1.0, 0.2, 1.0)).withMotion(MotionType.STATIC).withPosition(0, 0.2, 0));
        double r = 0.3;
        int n = 80;
        double[] model = new double[3 * n];
        for (int i = 0; i < n; i++) { // Fibonacci sphere
            double y = 1 - 2 * (i + 0.5) / n, rr = Math.sqrt(1 - y * y), phi = i * Math.PI * (3 - Math.sqrt(5));
            model[3 * i] = r * rr * StrictMath.cos(phi);
            model[3 * i + 1] = r * y;
            model[3 * i + 2] = r * rr * StrictMath.sin(phi);
        }
        Cage c = CageBuilder.build(model, new int[0], 300, 0.15, 2);
        int ball = w.softBodies().store().add(c, SoftMaterial.rubber().withYoungsModulus(1e5), 0, 1.2, 0, 0, 0, 0, 1,
                0, 0, 0, "ball");
        SoftBodyStore st = w.softBodies().store();
        int slot = w.bodies().slot(box);
        for (int i = 0; i < 600; i++) { // 10 s: a jelly ball with 1/s damping rings for a while
            w.step();
        }
        double lowest = Double.POSITIVE_INFINITY, vy = 0;
        for (int i = st.pointStart[ball]; i < st.pointStart[ball] + st.pointCount[ball]; i++) {
            lowest = Math.min(lowest, st.state.x[3 * i + 1]);
            vy += st.state.v[3 * i + 1] / st.pointCount[ball];
        }
        System.out.printf("soft ball: lowest point %.4f m, mean vy %.5f m/s, box y %.4f%n", lowest, vy, w.bodies().py[slot]);
        assertThat(lowest).as("rests on the box top (0.4 m), not through it").isBetween(0.38, 0.45);
        assertThat(Math.abs(vy)).as("at rest").isLessThan(0.02);
        assertThat(st.invertedTets()).isZero();
    }

    @Test
    void aSphereAt50MetresPerSecondLeavesNoInvertedTetAndDoesNotPassThrough() {
        World w = world();
        block(w, 2e5);
        long sphere = w.createBody(BodyDef.of(new Sphere(0.15)).withMass(2).withPosition(-1.5, HY, 0)
                .withLinearVelocity(50, 0, 0));
        int slot = w.bodies().slot(sphere);
        double restVolume = 0;
        SoftBodyState s = w.softBodies().store().state;
        for (int t = 0; t < s.tets; t++) {
            restVolume += s.restVolume[t];
        }
        double maxX = Double.NEGATIVE_INFINITY;
        int maxInverted = 0;
        for (int i = 0; i < 300; i++) {
            w.step();
            maxX = Math.max(maxX, w.bodies().px[slot]);
            maxInverted = Math.max(maxInverted, w.softBodies().store().invertedTets());
        }
        double volume = 0;
        for (int t = 0; t < s.tets; t++) {
            volume += s.tetVolume(t);
        }
        System.out.printf("50 m/s sphere: deepest x %.4f, most inverted tets during impact %d, volume %.4f of %.4f%n",
                maxX, maxInverted, volume, restVolume);
        assertThat(maxX).as("the sphere never passes through the block").isLessThan(HX);
        assertThat(w.softBodies().store().invertedTets()).as("inverted tets after settling").isZero();
        assertThat(volume).isBetween(0.97 * restVolume, 1.03 * restVolume);
    }

    @Test
    void twoWorldsGiveTheSameHashesAndSoftBodiesChangeTheHash() {
        long[] a = hashes(true), b = hashes(true), none = hashes(false);
        assertThat(a).isEqualTo(b);
        assertThat(a[a.length - 1]).isNotEqualTo(none[none.length - 1]);
    }

    private static long[] hashes(boolean soft) {
        World w = world();
        if (soft) {
            block(w, 2e5);
        }
        w.createBody(BodyDef.of(new Box(0.15, 0.15, 0.15)).withMass(10).withPosition(0.1, 1.5, 0));
        long[] h = new long[120];
        for (int i = 0; i < h.length; i++) {
            w.step();
            h[i] = w.profile().stateHash();
            assertThat(w.stateHash()).isEqualTo(h[i]);
        }
        return h;
    }

    @Test
    void steadyStepsWithASoftBodyAllocateNothing() {
        World w = world();
        block(w, 2e5);
        w.createBody(BodyDef.of(new Box(0.15, 0.15, 0.15)).withMass(10).withPosition(0, 1.0, 0));
        for (int i = 0; i < 200; i++) {
            w.step();
        }
        // the quietest of five rounds, as step.AllocationTest: a step that allocates does so in every
        // round, while one-off JIT effects on a loaded machine land in one round or another (measured
        // on this scene before issue 13: 160 bytes once in steps 500-600, every run; with the REMOVAL
        // slot bound by default, sometimes 72 bytes once in steps 200-300; every other round 0)
        assertThat(StepAllocation.quietest(w)).as("bytes allocated by 100 steps, quietest of 5 rounds").isZero();
    }

    @Test
    void aPointAttachedToAKinematicBodyFollowsIt() {
        World w = world();
        // the hook sits above the block (a rigid body inside a coarse cage is not supported: docs/soft-bodies.md)
        long hook = w.createBody(BodyDef.of(new Box(0.05, 0.05, 0.05)).withMotion(MotionType.KINEMATIC)
                .withPosition(0, 2.4, 0));
        Cage c = CageBuilder.build(box(0.2, 0.2, 0.2), new int[0], 300, 0, 1);
        int b = w.softBodies().store().add(c, SoftMaterial.rubber().withYoungsModulus(1e5), 0, 2.05, 0, 0, 0, 0, 1,
                0, 0, 0, "hanging");
        SoftBodyStore st = w.softBodies().store();
        int top = -1;
        for (int i = 0; i < c.pointCount(); i++) {
            if (c.points()[3 * i + 1] > 0.19 && top < 0) {
                top = i;
            }
        }
        st.attach(b, top, hook, w.bodies());
        double ox = st.state.x[3 * top] - 0, oy = st.state.x[3 * top + 1] - 2.4, oz = st.state.x[3 * top + 2];
        for (int i = 0; i < 120; i++) {
            double x = 1.0 * (i + 1) / 120; // the hook moves 1 m along x in 2 s
            w.queue(new dev.rubble.core.command.Command.SetKinematicTarget(hook, x, 2.4, 0, 0, 0, 0, 1));
            w.step();
        }
        int slot = w.bodies().slot(hook);
        assertThat(w.bodies().px[slot]).isCloseTo(1.0, org.assertj.core.api.Assertions.within(1e-12));
        assertThat(st.state.x[3 * top]).isCloseTo(1.0 + ox, org.assertj.core.api.Assertions.within(1e-9));
        assertThat(st.state.x[3 * top + 1]).isCloseTo(2.4 + oy, org.assertj.core.api.Assertions.within(1e-9));
        assertThat(st.state.x[3 * top + 2]).isCloseTo(oz, org.assertj.core.api.Assertions.within(1e-9));
        // the rest of the block hangs below the attached corner
        double lowest = Double.POSITIVE_INFINITY;
        for (int i = 0; i < c.pointCount(); i++) {
            lowest = Math.min(lowest, st.state.x[3 * i + 1]);
        }
        assertThat(lowest).isLessThan(2.4 + oy - 0.3);
        assertThat(st.invertedTets()).isZero();
    }
}
