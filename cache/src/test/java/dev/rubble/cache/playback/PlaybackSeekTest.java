package dev.rubble.cache.playback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.cache.journal.DestructionScenes;
import dev.rubble.cache.journal.JournalWriter;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.plugin.Stages;
import dev.rubble.core.world.World;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 31, Deliver 1: {@code Playback.seek} (and so {@code replay --from}) from the journal's
 * keyframes, forwards and backwards, gives the bits of playing there.
 */
final class PlaybackSeekTest {
    private static final Stages STAGES = Stages.load();
    private static final int STEPS = 120;

    /** Per slot of the recording (live) world: liveness, generation and the pose bits, and the removal scale. */
    private static long[] poseBits(BodyStore b) {
        List<Long> out = new ArrayList<>();
        for (int s = 0; s < b.slotLimit(); s++) {
            if (!b.isLive(s)) {
                out.add(-1L);
                continue;
            }
            out.add((long) b.generation[s]);
            for (double v : new double[] {b.px[s], b.py[s], b.pz[s], b.qx[s], b.qy[s], b.qz[s], b.qw[s], b.scale[s]}) {
                out.add(Double.doubleToRawLongBits(v));
            }
        }
        return out.stream().mapToLong(Long::longValue).toArray();
    }

    /** The playback's own bookkeeping per slot (piece, level, break step) and its breaks counter. */
    private static long[] pieceBits(Playback pb) {
        BodyStore b = pb.world().bodies();
        List<Long> out = new ArrayList<>();
        out.add(pb.breaksEntered());
        for (int s = 0; s < b.slotLimit(); s++) {
            out.add(b.isLive(s) ? (long) pb.pieceCollection(s) << 40 ^ (long) pb.pieceNode(s) << 20 ^ pb.pieceLevel(s) : -1);
            out.add(b.isLive(s) ? pb.pieceBrokeAt(s) : -2);
            out.add(b.isLive(s) && pb.isDriven(s) ? 1L : 0L);
        }
        return out.stream().mapToLong(Long::longValue).toArray();
    }

    private static List<long[]> record(Path dir, int interval) {
        String json = DestructionScenes.slabs(3);
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(json), STAGES);
        List<long[]> live = new ArrayList<>();
        live.add(poseBits(sw.world().bodies()));
        try (JournalWriter jw = JournalWriter.create(dir, sw, "slabs", json).keyframes(interval, 64L << 20)) {
            sw.world().addObserver(jw);
            for (int i = 0; i < STEPS; i++) {
                sw.run(1);
                live.add(poseBits(sw.world().bodies()));
            }
        }
        return live;
    }

    @Test
    void seekingToRandomStepsBothWaysGivesTheBitsOfPlayingThere(@TempDir Path dir) {
        List<long[]> live = record(dir, 25);
        // playing: a playback stepped at speed 1 is at frame n (the state after recorded step n - 1) after n steps
        List<long[]> played = new ArrayList<>();
        List<long[]> playedPositions = new ArrayList<>();
        try (Playback pb = Playback.open(dir, STAGES)) {
            played.add(pieceBits(pb));
            for (int n = 1; n <= STEPS; n++) {
                pb.step();
                played.add(pieceBits(pb));
                playedPositions.add(positions(pb.world().bodies()));
            }
        }
        try (Playback pb = Playback.open(dir, STAGES)) {
            Random rnd = new Random(3131);
            long prev = -1;
            int backwards = 0, forwards = 0;
            for (int i = 0; i < 16; i++) {
                long step = rnd.nextInt(STEPS);
                pb.seek(step);
                int frame = (int) step + 1;
                assertThat(pb.cursor()).isEqualTo(frame);
                assertThat(pb.keyframeSteps()).containsExactly(24, 49, 74, 99);
                // bit for bit the recorded world: every slot's liveness, generation, pose and removal scale
                assertThat(poseBits(pb.world().bodies())).as("seek %d to after step %d (from %d)", i, step, prev)
                        .containsExactly(live.get(frame));
                // and the playback's bookkeeping is that of playing there
                assertThat(pieceBits(pb)).as("pieces after seek %d to %d", i, step).containsExactly(played.get(frame));
                assertThat(positions(pb.world().bodies())).containsExactly(playedPositions.get(frame - 1));
                if (step < prev) {
                    backwards++;
                } else {
                    forwards++;
                }
                prev = step;
            }
            assertThat(backwards).isGreaterThanOrEqualTo(3);
            assertThat(forwards).isGreaterThanOrEqualTo(3);
            // from a seek the playback plays on as if it had played there: one step more is the next frame
            pb.seek(60);
            pb.step();
            assertThat(positions(pb.world().bodies())).containsExactly(playedPositions.get(61));
            assertThat(pieceBits(pb)).containsExactly(played.get(62));
            // a seek backwards to right after a keyframe rebuilds from it; forwards within reach reads on
            long rebuilds = pb.seekRebuilds();
            pb.seek(50);
            assertThat(pb.seekRebuilds()).isEqualTo(rebuilds + 1);
            pb.seek(70);
            assertThat(pb.seekRebuilds()).isEqualTo(rebuilds + 1);
            pb.seek(80); // past the keyframe after step 74: from it
            assertThat(pb.seekRebuilds()).isEqualTo(rebuilds + 2);
            assertThat(poseBits(pb.world().bodies())).containsExactly(live.get(81));
            // the initial pose and the last step are ends of the range; past them is refused
            pb.seek(-1);
            assertThat(poseBits(pb.world().bodies())).containsExactly(live.get(0));
            pb.seek(STEPS - 1);
            assertThat(poseBits(pb.world().bodies())).containsExactly(live.get(STEPS));
            assertThatThrownBy(() -> pb.seek(STEPS)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("--from " + STEPS + " is past the journal's last step " + (STEPS - 1));
            assertThatThrownBy(() -> pb.seek(-2)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("allowed: -1 (the initial pose) to " + (STEPS - 1));
        }
    }

    @Test
    void aJournalWithoutKeyframesSeeksBackwardsFromTheStart(@TempDir Path dir) {
        List<long[]> live = record(dir, 0);
        try (Playback pb = Playback.open(dir, STAGES)) {
            pb.seek(90);
            assertThat(poseBits(pb.world().bodies())).containsExactly(live.get(91));
            World before = pb.world();
            pb.seek(12);
            assertThat(pb.keyframeSteps()).isEmpty();
            assertThat(pb.world()).isNotSameAs(before);
            assertThat(poseBits(pb.world().bodies())).containsExactly(live.get(13));
            assertThat(pb.seekRebuilds()).isEqualTo(1);
        }
    }

    @Test
    void aReleaseScheduledBeforeTheTargetRunsAtTheTargetAfterASeekBackwards(@TempDir Path dir) {
        record(dir, 25);
        try (Playback pb = Playback.open(dir, STAGES)) {
            pb.scheduleRegionRelease(30, new double[] {-50, -50, -50}, new double[] {50, 50, 50});
            pb.seek(100);
            long first = pb.releasedCount();
            assertThat(first).isPositive();
            pb.seek(60);
            // the world was rebuilt from the keyframe after step 49: everything driven again, then the release ran at 61
            assertThat(pb.releasedCount()).isPositive();
            BodyStore b = pb.world().bodies();
            int driven = 0;
            for (int s = 0; s < b.slotLimit(); s++) {
                driven += pb.isDriven(s) ? 1 : 0;
            }
            assertThat(driven).isZero(); // the release covers every dynamic body
            pb.seek(10);
            assertThat(pb.releasedCount()).isZero(); // before step 30: nothing released
        }
    }

    @Test
    void afterASeekFromAKeyframeTheEventSwitchesAndTheStreamAreTheLiveRuns(@TempDir Path dir) {
        String pile = dev.rubble.cache.journal.Scenarios.pile(30).strip();
        String json = "{\"events\": {\"hit\": {\"on\": true, \"minSpeed\": 0.5}, \"begin\": true, \"sleep\": true,"
                + " \"wake\": true}," + pile.substring(1);
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(json), STAGES);
        List<String> live = new ArrayList<>();
        try (JournalWriter jw = JournalWriter.create(dir, sw, "pile", json).keyframes(50, 64L << 20)) {
            sw.world().addObserver(jw);
            sw.world().addObserver((w, p) -> live.addAll(PlaybackEventsTest.dump(p.step(), w.context().events)));
            sw.run(240);
        }
        var liveEvents = sw.world().context().events;
        List<String> played = new ArrayList<>();
        try (Playback pb = Playback.open(dir, STAGES)) {
            pb.seek(200);
            pb.seek(120); // backwards: rebuilt from the keyframe after step 99, switches copied from its world
            assertThat(pb.seekRebuilds()).isEqualTo(2);
            for (int k = 0; k < dev.rubble.core.event.EventKinds.COUNT; k++) {
                assertThat(pb.eventState().request(k)).as("kind %d", k).isEqualTo(liveEvents.request(k));
            }
            assertThat(pb.eventState().activeKinds()).isEqualTo(liveEvents.activeKinds()).isNotZero();
            pb.addEventListener(e -> played.addAll(PlaybackEventsTest.dump(e.step(), pb.eventState())));
            while (!pb.finished()) {
                pb.step();
            }
        }
        List<String> tail = live.stream().filter(l -> Long.parseLong(l.substring(0, l.indexOf(' '))) > 120).toList();
        assertThat(tail).anyMatch(l -> l.contains(" hit ")).anyMatch(l -> l.contains(" sleep "));
        assertThat(played).containsExactlyElementsOf(tail);
    }

    private static long[] positions(BodyStore b) {
        List<Long> out = new ArrayList<>();
        for (int s = 0; s < b.slotLimit(); s++) {
            if (b.isLive(s)) {
                out.add((long) s);
                out.add(Double.doubleToRawLongBits(b.px[s]));
                out.add(Double.doubleToRawLongBits(b.py[s]));
                out.add(Double.doubleToRawLongBits(b.pz[s]));
            }
        }
        return out.stream().mapToLong(Long::longValue).toArray();
    }
}
