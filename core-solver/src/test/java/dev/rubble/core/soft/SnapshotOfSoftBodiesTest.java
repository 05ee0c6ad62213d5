package dev.rubble.core.soft;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.plugin.Stages;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.spi.StageConfig;
import dev.rubble.core.snapshot.SnapshotFixtures;
import dev.rubble.core.soft.cage.Cage;
import dev.rubble.core.soft.cage.CageBuilder;
import dev.rubble.core.world.World;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.soft.SoftBodyState;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Snapshots of worlds with soft bodies (docs/snapshot-format.md, section SOFT): a world restored
 * before any contact, in the middle of two impacts (a rigid box and a soft block landing on a
 * soft block) and at rest continues bit for bit like the world that was never interrupted. The
 * oracle is that uninterrupted world: after every step, the state hash and the raw bits of every
 * rigid body's pose and velocities and of every soft point's position, previous position and
 * velocity and every pin target. A restored world whose one soft coordinate is one ulp off is
 * shown to diverge, so the comparison can fail.
 */
final class SnapshotOfSoftBodiesTest {
    /** Steps past the last save point. */
    private static final int AFTER = 60;
    /** The resting save point: the jelly has stopped ringing by then (checked). */
    private static final int RESTING = 200;

    /**
     * A soft block (pinned at one bottom corner) on a static ground; a smaller soft block dropped
     * onto it (soft–soft contact); a 5 kg rigid box thrown down onto it beside the small one
     * (soft–rigid impact); and a soft cube hanging from a kinematic carrier that moves sideways
     * (an attachment whose target moves every step).
     */
    static World scene() {
        return scene(SoftWorldTest.world());
    }

    /** {@link #scene()} in {@code w}, a world holding only the ground. */
    static World scene(World w) {
        w.createBody(BodyDef.of(new Box(0.1, 0.1, 0.1)).withMotion(MotionType.KINEMATIC).withPosition(-2, 1.5, 0)
                .withLinearVelocity(0.3, 0, 0).withLabel("carrier"));
        w.createBody(BodyDef.of(new Box(0.12, 0.12, 0.12)).withMass(5).withPosition(-0.3, 1.6, 0.25)
                .withLinearVelocity(0, -3, 0).withLabel("box"));
        SoftMaterial m = SoftMaterial.rubber().withYoungsModulus(2e5).withPoissonRatio(0.3);
        Cage lower = CageBuilder.build(SoftWorldTest.box(0.5, 0.25, 0.5), new int[0], 500, 0.25, 1);
        Cage upper = CageBuilder.build(SoftWorldTest.box(0.2, 0.15, 0.2), new int[0], 500, 0.1, 3);
        Cage hanging = CageBuilder.build(SoftWorldTest.box(0.15, 0.15, 0.15), new int[0], 400, 0.15, 2);
        double[] still = {0, 0, 0}, identity = {0, 0, 0, 1};
        w.addSoftBodies(List.of(
                new SoftBodyDef("lower", lower, m, new double[] {0, 0.255, 0}, identity, still, new int[] {0},
                        new int[0], List.of()),
                new SoftBodyDef("upper", upper, m, new double[] {0.1, 0.91, -0.05}, identity, still, new int[0],
                        new int[0], List.of()),
                new SoftBodyDef(null, hanging, m, new double[] {-2, 1.2, 0}, identity, still, new int[0],
                        new int[] {6}, List.of("carrier"))));
        return w;
    }

    static Stages stages() {
        return SnapshotFixtures.stages();
    }

    static byte[] save(World w) throws IOException {
        return SnapshotFixtures.save(w, "soft");
    }

    static World restore(byte[] bytes) throws IOException {
        return SnapshotFixtures.restore(bytes);
    }

    /**
     * Raw bits of every live rigid body's handle, state, pose and velocities, then of every soft
     * point's position, previous position and velocity, and every pin target.
     */
    static long[] bits(World w) {
        List<Long> out = SnapshotFixtures.rigidBits(w, new ArrayList<>());
        SoftBodyState st = w.softBodies().store().state;
        out.add((long) st.points);
        for (double[] a : new double[][] {st.x, st.prev, st.v}) {
            for (int i = 0; i < 3 * st.points; i++) {
                out.add(Double.doubleToRawLongBits(a[i]));
            }
        }
        for (int i = 0; i < 3 * st.pins; i++) {
            out.add(Double.doubleToRawLongBits(st.pinTarget[i]));
        }
        return out.stream().mapToLong(Long::longValue).toArray();
    }

    private static double meanSpeed(SoftBodyStore st, int body) {
        double sum = 0;
        for (int i = st.pointStart[body]; i < st.pointStart[body] + st.pointCount[body]; i++) {
            double vx = st.state.v[3 * i], vy = st.state.v[3 * i + 1], vz = st.state.v[3 * i + 2];
            sum += Math.sqrt(vx * vx + vy * vy + vz * vz);
        }
        return sum / st.pointCount[body];
    }

    private static double minY(SoftBodyStore st, int body) {
        double m = Double.POSITIVE_INFINITY;
        for (int i = st.pointStart[body]; i < st.pointStart[body] + st.pointCount[body]; i++) {
            m = Math.min(m, st.state.x[3 * i + 1]);
        }
        return m;
    }

    @Test
    void aRestoredSoftWorldContinuesBitForBitFromBeforeContactMidImpactAndAtRest() throws IOException {
        World original = scene();
        SoftBodyStore st = original.softBodies().store();
        int box = original.bodies().slot(original.findByLabel("box"));
        int carrier = original.bodies().slot(original.findByLabel("carrier"));
        double carrierX0 = original.bodies().px[carrier];
        int end = RESTING + AFTER;
        List<Integer> points = new ArrayList<>(List.of(3));
        List<byte[]> saved = new ArrayList<>();
        long[] hashes = new long[end + 1];
        long[][] bits = new long[end + 1][];
        int impact = -1;
        double[] restSpeeds = null;
        double previousVy = original.bodies().vy[box];
        for (int step = 0; step < end; step++) {
            if (step == 3) {
                // before any contact but the lower block's with the ground: both falling bodies in the air
                assertThat(original.bodies().py[box] - 0.12).as("box bottom at step 3").isGreaterThan(0.7);
                assertThat(minY(st, 1)).as("upper block bottom at step 3").isGreaterThan(0.55);
                saved.add(save(original));
            } else if (impact < 0 && step > 3 && original.bodies().vy[box] > previousVy + 0.5) {
                // the box is being stopped by the soft block (it gained more than 0.5 m/s upwards in one
                // step) but is still moving down into it: the middle of the impact
                impact = step;
                assertThat(original.bodies().vy[box]).as("box vy mid-impact").isLessThan(-0.5);
                points.add(step);
                saved.add(save(original));
            } else if (step == RESTING) {
                restSpeeds = new double[] {meanSpeed(st, 0), meanSpeed(st, 1), Math.abs(original.bodies().vy[box])};
                points.add(step);
                saved.add(save(original));
            }
            previousVy = original.bodies().vy[box];
            original.step();
            hashes[step + 1] = original.stateHash();
            bits[step + 1] = bits(original);
        }
        System.out.printf("soft snapshots: impact at step %d; at %d: mean point speeds lower %.5f, upper %.5f m/s, box |vy|"
                        + " %.5f m/s; at %d: upper bottom %.4f m, box y %.4f, carrier moved %.3f m, %d soft contacts%n",
                impact, RESTING, restSpeeds[0], restSpeeds[1], restSpeeds[2], end, minY(st, 1), original.bodies().py[box],
                original.bodies().px[carrier] - carrierX0, original.softBodies().contacts());
        // the scene does what it should: both landings happened, the hanging cube was carried, and the
        // lower block, the upper block and the box had come to rest by RESTING
        assertThat(impact).as("the box hit the soft block").isBetween(4, 60);
        assertThat(minY(st, 1)).as("the upper block rests on the lower one, not in it").isBetween(0.47, 0.53);
        assertThat(original.bodies().py[box] - 0.12).as("the box rests on the lower block").isBetween(0.45, 0.53);
        assertThat(original.bodies().px[carrier] - carrierX0).as("the carrier moved").isGreaterThan(1);
        assertThat(restSpeeds[0]).as("lower block's mean point speed at the resting save point").isLessThan(0.1);
        assertThat(restSpeeds[1]).as("upper block's mean point speed at the resting save point").isLessThan(0.1);
        assertThat(restSpeeds[2]).as("box |vy| at the resting save point").isLessThan(0.1);
        assertThat(st.invertedTets()).isZero();

        for (int p = 0; p < points.size(); p++) {
            int from = points.get(p);
            World restored = restore(saved.get(p));
            assertThat(restored.stepIndex()).isEqualTo(from);
            SoftBodyStore rs = restored.softBodies().store();
            assertThat(rs.size()).isEqualTo(3);
            assertThat(rs.findByLabel("upper")).isEqualTo(1); // same indices: later lookups address the same bodies
            assertThat(rs.label[2]).isNull();
            for (int s = from; s < end; s++) {
                restored.step();
                assertThat(restored.stateHash()).as("hash after step %d, restored at %d", s + 1, from)
                        .isEqualTo(hashes[s + 1]);
                assertThat(bits(restored)).as("rigid and soft bits after step %d, restored at %d", s + 1, from)
                        .isEqualTo(bits[s + 1]);
            }
        }
    }

    /**
     * The control: the same restore with one coordinate of one soft point moved by one ulp. The
     * comparison above must be able to see it, so the restored world must part from the original.
     */
    @Test
    void aRestoreWithOneSoftCoordinateOneUlpOffDiverges() throws IOException {
        World original = scene();
        for (int i = 0; i < 12; i++) {
            original.step();
        }
        byte[] bytes = save(original);
        World exact = restore(bytes), off = restore(bytes);
        SoftBodyStore st = off.softBodies().store();
        int p = 3 * (st.pointStart[1] + 2) + 1; // the y of a point of the falling block
        st.state.x[p] = Math.nextUp(st.state.x[p]);
        assertThat(off.stateHash()).as("the hash covers soft positions").isNotEqualTo(exact.stateHash());
        int differing = 0;
        for (int i = 0; i < 60; i++) {
            original.step();
            exact.step();
            off.step();
            assertThat(exact.stateHash()).isEqualTo(original.stateHash());
            if (off.stateHash() != original.stateHash()) {
                differing++;
            }
        }
        assertThat(differing).as("steps after which the perturbed world differs").isEqualTo(60);
        assertThat(bits(off)).isNotEqualTo(bits(original));
        assertThat(bits(exact)).isEqualTo(bits(original));
    }

    /**
     * The same through the {@code pbd} solver (per-iteration stiffness instead of compliance; the
     * state is the same arrays): restored mid-impact, 80 steps equal to the uninterrupted run.
     */
    @Test
    void thePbdSolverContinuesBitForBitToo() throws IOException {
        World original = World.create(WorldSettings.defaults().withStage("soft-solver", "pbd").withStageOptions(
                "soft-solver", StageConfig.of(Map.of("subSteps", 8, "iterations", 4, "damping", 1.0))), stages());
        original.createBody(BodyDef.of(new Box(10, 0.5, 10)).withMotion(MotionType.STATIC).withPosition(0, -0.5, 0));
        scene(original);
        for (int i = 0; i < 15; i++) {
            original.step();
        }
        World restored = restore(save(original));
        assertThat(restored.settings().stages()).containsEntry("soft-solver", "pbd");
        for (int i = 0; i < 80; i++) {
            original.step();
            restored.step();
            assertThat(restored.stateHash()).as("hash %d steps after the restore", i + 1).isEqualTo(original.stateHash());
        }
        assertThat(bits(restored)).isEqualTo(bits(original));
    }

    @Test
    void savingARestoredSoftWorldGivesTheSameBytes() throws IOException {
        World w = scene();
        for (int i = 0; i < 20; i++) {
            w.step();
        }
        byte[] first = save(w);
        World r = restore(first);
        assertThat(save(r)).isEqualTo(first);
        SoftBodyStore a = w.softBodies().store(), b = r.softBodies().store();
        assertThat(b.surfaceTriangles).isEqualTo(a.surfaceTriangles);
        assertThat(java.util.Arrays.copyOf(b.surface, 3 * b.surfaceTriangles))
                .isEqualTo(java.util.Arrays.copyOf(a.surface, 3 * a.surfaceTriangles));
        assertThat(java.util.Arrays.copyOf(b.pointBody, b.state.points))
                .isEqualTo(java.util.Arrays.copyOf(a.pointBody, a.state.points));
        assertThat(b.cage[0].points()).isEqualTo(a.cage[0].points()); // renderers skin the same mesh
        assertThat(b.cage[2].skinWeights()).isEqualTo(a.cage[2].skinWeights());
    }
}
