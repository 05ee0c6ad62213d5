package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.command.Command;
import dev.rubble.core.snapshot.SnapshotException;
import dev.rubble.core.snapshot.WorldSnapshot;
import dev.rubble.core.world.World;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.shape.Sphere;
import dev.rubble.spi.strain.StrainModifier;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Snapshots of worlds with geometry collections (docs/snapshot-format.md, section DEST): a world
 * restored at any point of a destruction — before the hit, in the step of a break, mid-collapse
 * with holders waiting for the break budget and pieces shrinking away — continues bit for bit like
 * the world that was never interrupted. The oracle is that uninterrupted world: every later step's
 * state hash (which covers the destruction digest, the active nodes, strained lists, carried loads
 * and removal timers), the destruction hash alone, and every body's pose, velocity and shrink-scale bits.
 */
final class SnapshotOfCollectionsTest {
    private static final int AFTER = 120;

    /** Two levels: root; three stacked bars (nodes 1-3); four boxes per bar (4-7, 8-11, 12-15). */
    static dev.rubble.spi.collection.CollectionAsset wall() {
        int[] parent = new int[16];
        double[][] boxes = new double[16][];
        parent[0] = -1;
        boxes[0] = new double[] {0, 0.75, 0, 1, 0.75, 0.25};
        for (int b = 0; b < 3; b++) {
            parent[1 + b] = 0;
            boxes[1 + b] = new double[] {0, 0.25 + 0.5 * b, 0, 1, 0.25, 0.25};
            for (int k = 0; k < 4; k++) {
                int n = 4 + 4 * b + k;
                parent[n] = 1 + b;
                boxes[n] = new double[] {-0.75 + 0.5 * k, 0.25 + 0.5 * b, 0, 0.25, 0.25, 0.25};
            }
        }
        List<int[]> bonds = new ArrayList<>(List.of(new int[] {1, 2}, new int[] {2, 3}));
        for (int b = 0; b < 3; b++) {
            for (int k = 0; k < 3; k++) {
                bonds.add(new int[] {4 + 4 * b + k, 5 + 4 * b + k});
            }
        }
        double[] areas = new double[bonds.size()];
        java.util.Arrays.fill(areas, 0.125);
        return TestAssets.build(500, parent, boxes, bonds.toArray(new int[0][]), areas);
    }

    /**
     * The wall anchored at its bottom bar, a break budget of 1, removal on break (seeded timers),
     * hit by a 0.3 m ball at 25 m/s.
     */
    static World scene() {
        return scene(List.of());
    }

    /** {@link #scene()} with a strain-modifier chain (plugins by name). */
    static World scene(List<DestructionOptions.Modifier> chain) {
        World w = Scenes.world(9.81);
        Scenes.ground(w);
        int c = w.placeCollection(wall(), CollectionPlacement.at(0, 0, 0)
                .withOptions(Scenes.thresholds(150, 40).withStrainModifiers(chain))
                .withAnchors(new int[] {4, 5, 6, 7}, new double[0]).withLabel("wall"));
        w.destruction().setDebrisOptions(c, DebrisOptions.defaults().withRemoveOnBreak(0, 0.02, 0.3, 0.6).withSeed(7));
        w.queue(new Command.SetBreakBudget(1));
        w.createBody(BodyDef.of(new Sphere(0.3)).withPosition(0.3, 1.1, -2.5).withLinearVelocity(0, 0, 25)
                .withLabel("ball"));
        return w;
    }

    static byte[] save(World w) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        WorldSnapshot.save(w, out, "test");
        return out.toByteArray();
    }

    static World restore(byte[] bytes) throws IOException {
        return WorldSnapshot.read(new ByteArrayInputStream(bytes), "snapshot").restore(Scenes.stages());
    }

    /**
     * Steps {@code w} to step {@code steps} with {@code advance}, saving a snapshot before each step in
     * {@code saveAt}; each snapshot restored and advanced the same way must give the straight run's state hash
     * at every step after it.
     */
    static void assertRestoresContinue(World w, int steps, java.util.function.Consumer<World> advance, long... saveAt)
            throws IOException {
        long[] hashes = new long[steps + 1];
        List<byte[]> saved = new ArrayList<>();
        List<Long> savedAt = new ArrayList<>();
        while (w.stepIndex() < steps) {
            long i = w.stepIndex();
            for (long at : saveAt) {
                if (i == at) {
                    saved.add(save(w));
                    savedAt.add(i);
                }
            }
            advance.accept(w);
            hashes[(int) w.stepIndex()] = w.stateHash();
        }
        for (int k = 0; k < saved.size(); k++) {
            World restored = restore(saved.get(k));
            org.assertj.core.api.Assertions.assertThat(restored.stepIndex()).isEqualTo(savedAt.get(k));
            while (restored.stepIndex() < steps) {
                advance.accept(restored);
                org.assertj.core.api.Assertions.assertThat(restored.stateHash())
                        .as("snapshot %d, step %d", k, restored.stepIndex()).isEqualTo(hashes[(int) restored.stepIndex()]);
            }
        }
    }

    /** Raw bits of every live body's handle, state, pose, velocities, sleep timer and shrink scale. */
    static long[] bits(World w) {
        BodyStore b = w.bodies();
        List<Long> out = new ArrayList<>();
        for (int s = 0; s < b.slotLimit(); s++) {
            if (!b.isLive(s)) {
                continue;
            }
            out.add(b.handle(s));
            out.add((long) b.state[s] | (long) b.motion[s] << 8 | (long) b.debris[s] << 16);
            for (double[] a : new double[][] {b.px, b.py, b.pz, b.qx, b.qy, b.qz, b.qw, b.vx, b.vy, b.vz, b.wx, b.wy,
                    b.wz, b.sleepTime, b.scale}) {
                out.add(Double.doubleToRawLongBits(a[s]));
            }
        }
        return out.stream().mapToLong(Long::longValue).toArray();
    }

    @Test
    void aRestoredDestructionContinuesBitForBitFromBeforeTheHitABreakAndMidCollapse() throws IOException {
        continuesBitForBit(List.of());
    }

    /**
     * The same with the three strain-modifier plugins in the chain: toughness-noise keeps which
     * nodes it already scaled (a modifier that forgot would scale a node's threshold twice after
     * the restore), fatigue lowers thresholds (kept in the store), break-limit is stateless.
     */
    @Test
    void strainModifiersComeBackWithTheirState() throws IOException {
        continuesBitForBit(List.of(
                new DestructionOptions.Modifier("toughness-noise", StageConfig.of(Map.of("seed", 5, "amplitude", 0.4))),
                new DestructionOptions.Modifier("fatigue", StageConfig.empty()),
                new DestructionOptions.Modifier("break-limit", StageConfig.of(Map.of("maxBreaks", 2)))));
    }

    private static void continuesBitForBit(List<DestructionOptions.Modifier> chain) throws IOException {
        World original = scene(chain);
        List<Integer> points = new ArrayList<>(List.of(0));
        List<byte[]> saved = new ArrayList<>(List.of(save(original)));
        long[] hashes = new long[1000];
        long[] destructionHashes = new long[1000];
        int firstBreak = -1, midCollapse = -1, lastPoint = 0, step = 0;
        int maxRemoved = 0;
        while (step < lastPoint + AFTER || midCollapse < 0) {
            original.step();
            step++;
            hashes[step] = original.stateHash();
            destructionHashes[step] = original.destruction().hash(17);
            DestructionStats st = original.destruction().stats();
            maxRemoved += st.removed();
            if (firstBreak < 0 && st.breaks() > 0) {
                firstBreak = step;
                points.add(step);
                saved.add(save(original));
                lastPoint = step;
            } else if (midCollapse < 0 && firstBreak >= 0 && st.deferred() > 0 && st.shrinking() > 0) {
                midCollapse = step;
                points.add(step);
                saved.add(save(original));
                lastPoint = step;
            }
            assertThat(step).as("the scene reaches a break and a deferral while pieces shrink").isLessThan(800);
        }
        int end = step;
        long[] finalBits = bits(original);
        assertThat(maxRemoved).as("pieces were removed after the last save point").isPositive();
        for (int p = 0; p < points.size(); p++) {
            World restored = restore(saved.get(p));
            assertThat(restored.stepIndex()).isEqualTo((long) points.get(p));
            for (int s = points.get(p); s < end; s++) {
                restored.step();
                assertThat(restored.destruction().hash(17)).as("destruction hash after step %d, restored at %d", s + 1,
                        points.get(p)).isEqualTo(destructionHashes[s + 1]);
                assertThat(restored.stateHash()).as("hash after step %d, restored at %d", s + 1, points.get(p))
                        .isEqualTo(hashes[s + 1]);
            }
            assertThat(bits(restored)).as("body bits at step %d, restored at %d", end, points.get(p)).isEqualTo(finalBits);
        }
    }

    @Test
    void savingARestoredDestructionGivesTheSameBytes() throws IOException {
        World w = scene();
        Scenes.steps(w, 40);
        byte[] first = save(w);
        assertThat(save(restore(first))).isEqualTo(first);
    }

    @Test
    void aStrainModifierThatCannotSaveItsStateIsRefusedNotSavedWrong() {
        World w = Scenes.world(9.81);
        Scenes.ground(w);
        StrainModifier[] mods = {view -> { }};
        // the options name a modifier ("my-noise") as a plugin would be named; the instance is a lambda
        // that keeps whatever state it likes and cannot hand it over
        w.destruction().place(TestAssets.chain(4, 1000), CollectionPlacement.at(0, 1, 0).withOptions(
                        DestructionOptions.defaults().withStrainModifiers(List.of(
                                new DestructionOptions.Modifier("my-noise", StageConfig.empty())))),
                Scenes.stages().create(dev.rubble.core.plugin.StageFamily.DAMAGE_MODEL, "user-defined",
                        StageConfig.of(Map.of("thresholds", "10"))), mods);
        Scenes.steps(w, 5);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertThatThrownBy(() -> WorldSnapshot.save(w, out, "")).isInstanceOf(SnapshotException.class)
                .hasMessageStartingWith("cannot save a snapshot: collection 0 strain modifier 0 (my-noise, ")
                .hasMessageEndingWith(") does not implement dev.rubble.spi.SnapshotState, so its internal state cannot"
                        + " be saved");
        assertThat(out.size()).isZero();
    }

    @Test
    void modifiersPlacedOutsideTheOptionsAreRefusedBecauseTheyCannotBeRecreated() {
        World w = Scenes.world(9.81);
        StrainModifier[] mods = {view -> { }};
        w.destruction().place(TestAssets.chain(2, 1000), CollectionPlacement.at(0, 1, 0),
                Scenes.stages().create(dev.rubble.core.plugin.StageFamily.DAMAGE_MODEL, "user-defined",
                        StageConfig.of(Map.of("thresholds", "10"))), mods);
        assertThatThrownBy(() -> WorldSnapshot.save(w, new ByteArrayOutputStream(), ""))
                .isInstanceOf(SnapshotException.class)
                .hasMessage("cannot save a snapshot: collection 0 was placed with 1 strain modifier(s) that its options"
                        + " do not name (0 named), so they cannot be re-created on restore");
    }

    @Test
    void aDamageModelThatTheOptionsDoNotNameIsRefusedOnRestoreNamingBothClasses() throws IOException {
        World w = Scenes.world(9.81);
        dev.rubble.spi.damage.DamageModel own = (asset, bonds, out) -> java.util.Arrays.fill(out, 5.0);
        w.destruction().place(TestAssets.chain(2, 1000), CollectionPlacement.at(0, 1, 0), own, null);
        byte[] bytes = save(w);
        assertThatThrownBy(() -> restore(bytes)).isInstanceOf(SnapshotException.class)
                .hasMessageStartingWith("snapshot: collection 0: damage model 'user-defined' is ")
                .hasMessageContaining(" in this build, but the saved collection used " + own.getClass().getName());
    }
}
