package dev.rubble.cache.playback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.cache.journal.JournalWriter;
import dev.rubble.cache.verify.Verifier;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.plugin.Stages;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An {@code anchor} command that changes whether an intact holder is pinned switches its body between
 * kinematic and dynamic in place (docs/destruction.md "Anchors"): the journal then replays. Before, the
 * holder got a new body that no break event named, playback never made it, and the first break after it
 * stopped {@code rubble replay} with "playback put the piece of event 0 in body 2:1, but the recording had
 * it in 3:0" while {@code rubble verify} passed.
 */
final class AnchorReplayTest {
    private static final Stages STAGES = Stages.load();

    /**
     * Two 12-piece slabs above a static floor. Slab 0 (threshold 400: it breaks when it lands) is pinned by
     * an anchor command on node 1 at step 5 in mid-air (its intact holder becomes kinematic and stops), freed
     * again at step 30 (dynamic: it falls, lands and breaks). Slab 1 falls beside it and breaks on landing
     * while slab 0 hangs, so break events name bodies made after the first re-body.
     */
    static String scene() {
        return "{\"format\":\"rubble-scenario/1\",\"name\":\"anchored\",\"bodies\":["
                + "{\"id\":\"floor\",\"state\":\"static\",\"shape\":{\"type\":\"box\",\"halfExtents\":[20,0.5,20]},"
                + "\"position\":[0,-0.5,0]}],\"collections\":["
                + "{\"id\":\"slab0\",\"recipe\":{\"box\":[1,0.25,1],\"levels\":[{\"method\":\"voronoi\",\"options\":{\"count\":12}}],"
                + "\"seed\":3},\"position\":[0,2.5,0],\"angular\":[0.2,0,0.1],"
                + "\"destruction\":{\"damageOptions\":{\"thresholds\":[400]}}},"
                + "{\"id\":\"slab1\",\"recipe\":{\"box\":[1,0.25,1],\"levels\":[{\"method\":\"voronoi\",\"options\":{\"count\":12}}],"
                + "\"seed\":4},\"position\":[3,1.0,0],\"destruction\":{\"damageOptions\":{\"thresholds\":[400]}}}],"
                + "\"commands\":[{\"step\":5,\"type\":\"anchor\",\"collection\":\"slab0\",\"node\":1},"
                + "{\"step\":30,\"type\":\"anchor\",\"collection\":\"slab0\",\"node\":1,\"anchored\":false}]}";
    }

    /** Per frame (0 = initial), per live slot: x y z qx qy qz qw, generation, motion ordinal. */
    private static List<double[][]> record(Path dir, String json, int steps, long[] holder, MotionType[] holderMotion) {
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(json), STAGES);
        List<double[][]> frames = new ArrayList<>();
        BodyStore b = sw.world().bodies();
        frames.add(state(b));
        holder[0] = sw.world().destruction().holderBody(0, 0);
        try (JournalWriter jw = JournalWriter.create(dir, sw, "anchored", json)) {
            sw.world().addObserver(jw);
            for (int i = 0; i < steps; i++) {
                sw.step();
                frames.add(state(b));
                // slab 0 intact: its root node (asset node 0) still holds every node
                var d = sw.world().destruction();
                long h = d.holderBody(0, 1);
                holderMotion[i] = d.nodeOfBody(h) == d.globalNode(0, 0) ? b.motion(b.slot(h)) : null;
            }
        }
        return frames;
    }

    private static double[][] state(BodyStore b) {
        double[][] p = new double[b.slotLimit()][];
        for (int s = 0; s < p.length; s++) {
            if (b.isLive(s)) {
                p[s] = new double[] {b.px[s], b.py[s], b.pz[s], b.qx[s], b.qy[s], b.qz[s], b.qw[s], b.generation[s],
                    b.motion[s]};
            }
        }
        return p;
    }

    @Test
    void aJournalWhoseAnchorCommandsPinAndFreeAnIntactHolderReplaysOntoItsRecordedPoses(@TempDir Path dir) {
        int steps = 100;
        long[] holder = new long[1];
        MotionType[] motion = new MotionType[steps];
        List<double[][]> rec = record(dir, scene(), steps, holder, motion);
        // the run did what the scene says: slab 0's intact holder kept its body, kinematic from step 5 to 29,
        // dynamic before and after, until it broke on landing
        assertThat(motion[3]).isEqualTo(MotionType.DYNAMIC);
        assertThat(motion[5]).isEqualTo(MotionType.KINEMATIC);
        assertThat(motion[29]).isEqualTo(MotionType.KINEMATIC);
        assertThat(motion[30]).isEqualTo(MotionType.DYNAMIC);
        int hs = (int) holder[0];
        assertThat(rec.get(20)[hs]).as("the holder keeps its body across the re-body").isNotNull();
        assertThat(rec.get(20)[hs][1]).as("the pinned holder hangs where the anchor stopped it")
                .isEqualTo(rec.get(6)[hs][1]).isGreaterThan(2.0);
        int brokenAt = -1;
        for (int k = 31; k < steps; k++) {
            if (motion[k] == null) {
                brokenAt = k;
                break;
            }
        }
        assertThat(brokenAt).as("slab 0 breaks after it was freed").isGreaterThan(30);

        assertThat(Verifier.verify(dir, STAGES).ok()).isTrue();
        int piecesSeen = 0;
        try (Playback pb = Playback.open(dir, STAGES)) {
            BodyStore b = pb.world().bodies();
            for (int k = 1; k <= steps; k++) {
                pb.step();
                double[][] want = rec.get(k);
                int live = 0;
                for (int s = 0; s < b.slotLimit(); s++) {
                    live += b.isLive(s) ? 1 : 0;
                }
                int wantLive = 0;
                for (int s = 0; s < want.length; s++) {
                    if (want[s] == null) {
                        continue;
                    }
                    wantLive++;
                    assertThat(b.isLive(s)).as("slot %d at frame %d", s, k).isTrue();
                    assertThat(b.generation[s]).as("generation of slot %d at frame %d", s, k).isEqualTo((int) want[s][7]);
                    if (!pb.isDriven(s)) {
                        continue;
                    }
                    piecesSeen += pb.pieceCollection(s) >= 0 ? 1 : 0;
                    // the driven body is put exactly on the recorded position (no interpolation at speed 1); its
                    // orientation is the recorded one renormalised by the kinematic step (as DestructionPlaybackTest)
                    assertThat(new double[] {b.px[s], b.py[s], b.pz[s]}).as("position of slot %d at frame %d", s, k)
                            .containsExactly(want[s][0], want[s][1], want[s][2]);
                    assertThat(new double[] {b.qx[s], b.qy[s], b.qz[s], b.qw[s]}).as("orientation of slot %d at frame %d", s, k)
                            .containsExactly(new double[] {want[s][3], want[s][4], want[s][5], want[s][6]}, within(1e-15));
                }
                assertThat(live).as("bodies at frame %d", k).isEqualTo(wantLive);
            }
        }
        assertThat(piecesSeen).isGreaterThan(steps);
    }

    @Test
    void aHolderPlacedPinnedAndFreedByACommandIsDrawnPinnedThenFreeAndReleasesWithItsRecordedMass(@TempDir Path dir) {
        // slab 0 placed anchored by node 1 (kinematic from the start), freed at step 10; slab 1 breaks meanwhile
        String json = scene().replace("\"position\":[0,2.5,0],", "\"position\":[0,2.5,0],\"anchors\":{\"nodes\":[1]},")
                .replace("{\"step\":5,\"type\":\"anchor\",\"collection\":\"slab0\",\"node\":1},", "")
                .replace("\"step\":30,", "\"step\":10,");
        assertThat(json).contains("\"anchors\"").doesNotContain("\"step\":5,");
        int steps = 20;
        long[] holder = new long[1];
        MotionType[] motion = new MotionType[steps];
        List<double[][]> rec;
        double mass;
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(json), STAGES);
        BodyStore live = sw.world().bodies();
        holder[0] = sw.world().destruction().holderBody(0, 1);
        int hs = (int) holder[0];
        assertThat(live.motion(hs)).isEqualTo(MotionType.KINEMATIC);
        try (JournalWriter jw = JournalWriter.create(dir, sw, "anchored", json)) {
            sw.world().addObserver(jw);
            for (int i = 0; i < steps; i++) {
                sw.step();
            }
        }
        assertThat(sw.world().destruction().holderBody(0, 1)).isEqualTo(holder[0]);
        assertThat(live.motion(hs)).isEqualTo(MotionType.DYNAMIC);
        mass = live.mass[hs];
        assertThat(mass).isFinite().isPositive();
        try (Playback pb = Playback.open(dir, STAGES)) {
            for (int k = 1; k <= 5; k++) {
                pb.step();
            }
            assertThat(pb.recordedKinematic(hs)).as("pinned while the recording had it pinned").isTrue();
            assertThat(pb.release(holder[0])).as("a pinned body is not released").isFalse();
            for (int k = 6; k <= 15; k++) {
                pb.step();
            }
            assertThat(pb.recordedKinematic(hs)).as("free once the command freed it").isFalse();
            assertThat(pb.release(holder[0])).isTrue();
            BodyStore b = pb.world().bodies();
            assertThat(b.motion(hs)).isEqualTo(MotionType.DYNAMIC);
            assertThat(b.mass[hs]).as("the mass the recording gave it when freed").isEqualTo(mass);
        }
    }

    /**
     * A piece release names why it released nothing when the piece holding the node was pinned by anchors in the
     * recording (kinematic: playback lets go only what moved freely), and releases the same slab while it fell
     * freely before the anchor command.
     */
    @Test
    void aPieceReleaseOfAPinnedSlabSaysItWasPinned(@TempDir Path dir) {
        record(dir, scene(), 20, new long[1], new MotionType[20]);
        try (Playback pb = Playback.open(dir, STAGES)) {
            pb.schedulePieceRelease(3, 0, 7); // leaf 7 of slab 0, falling freely at step 3
            for (int k = 0; k < 5; k++) {
                pb.step();
            }
            assertThat(pb.releasedCount()).isEqualTo(1);
            assertThat(pb.missedPieceReleases()).isEmpty();
        }
        try (Playback pb = Playback.open(dir, STAGES)) {
            pb.schedulePieceRelease(10, 0, 7); // slab 0 pinned from step 5: its holder is kinematic
            for (int k = 0; k < 12; k++) {
                pb.step();
            }
            assertThat(pb.releasedCount()).isZero();
            assertThat(pb.missedPieceReleases()).hasSize(1);
            assertThat(pb.missedPieceReleases().get(0)).containsExactly(10, 0, 7, 1);
        }
    }
}
