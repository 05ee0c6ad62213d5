package dev.rubble.cache.playback;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.api.EventKind;
import dev.rubble.api.StepEvents;
import dev.rubble.cache.journal.DestructionScenes;
import dev.rubble.cache.journal.JournalWriter;
import dev.rubble.cache.journal.Scenarios;
import dev.rubble.core.event.EventBuffer;
import dev.rubble.core.event.EventKinds;
import dev.rubble.core.event.EventState;
import dev.rubble.core.plugin.Stages;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 25: playback of a journal delivers the recorded event stream through the same
 * {@link StepEvents} view and listener as a live world, event for event and field for field
 * (every id, int, child and the raw bits of every double), one listener call per recorded step.
 */
final class PlaybackEventsTest {
    private static final Stages STAGES = Stages.load();

    /** Every field of every event of the step, doubles as raw bits, read through the public view's buffers. */
    static List<String> dump(long step, EventState ev) {
        List<String> out = new ArrayList<>();
        for (int k = 0; k < EventKinds.COUNT; k++) {
            EventBuffer b = ev.buffer(k);
            for (int i = 0; i < b.count(); i++) {
                StringBuilder s = new StringBuilder().append(step).append(' ').append(EventKinds.label(k));
                for (int f = 0; f < EventBuffer.LONGS; f++) {
                    s.append(' ').append(b.ids[f][i]);
                }
                for (int f : new int[] {EventBuffer.COLLECTION, EventBuffer.NODE, EventBuffer.CAUSE}) {
                    s.append(' ').append(b.ints[f][i]);
                }
                s.append(" [");
                for (int c = 0; c < b.ints[EventBuffer.CHILD_COUNT][i]; c++) {
                    s.append(b.children[b.ints[EventBuffer.CHILD_START][i] + c]).append(',');
                }
                s.append(']');
                for (int f = 0; f < EventBuffer.DOUBLES; f++) {
                    s.append(' ').append(Long.toHexString(Double.doubleToRawLongBits(b.d[f][i])));
                }
                out.add(s.toString());
            }
        }
        return out;
    }

    /** Per step (one entry per step, possibly empty): the view's contents, as the public API counts them too. */
    private static List<String> viewDump(StepEvents e) {
        List<String> out = new ArrayList<>();
        out.add("step " + e.step() + " total " + e.total());
        for (EventKind k : EventKind.values()) {
            var v = e.of(k);
            for (int i = 0; i < v.count(); i++) {
                out.add(k + " " + v.handleA(i) + " " + v.handleB(i) + " " + v.subShape(i) + " " + v.collection(i) + " "
                        + v.node(i) + " " + v.cause(i) + " " + Double.doubleToRawLongBits(v.speed(i)) + " "
                        + Double.doubleToRawLongBits(v.impulse(i)) + " " + Double.doubleToRawLongBits(v.massA(i)) + " "
                        + Double.doubleToRawLongBits(v.massB(i)));
            }
        }
        return out;
    }

    private record Streams(List<String> fields, List<String> views) {
    }

    private static Streams recordLive(Path dir, String json, int steps) {
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(json), STAGES);
        List<String> fields = new ArrayList<>(), views = new ArrayList<>();
        StepEvents view = dev.rubble.api.StepEvents.of(sw.world().context().events);
        try (JournalWriter jw = JournalWriter.create(dir, sw, "events", json)) {
            sw.world().addObserver(jw);
            sw.world().addObserver((w, p) -> {
                fields.addAll(dump(p.step(), w.context().events));
                views.addAll(viewDump(view));
            });
            sw.run(steps);
        }
        return new Streams(fields, views);
    }

    private static Streams play(Path dir, double speed, int[] calls) {
        List<String> fields = new ArrayList<>(), views = new ArrayList<>();
        try (Playback pb = Playback.open(dir, STAGES)) {
            pb.setSpeed(speed);
            pb.addEventListener(e -> {
                calls[0]++;
                assertThat(e).isSameAs(pb.events());
                fields.addAll(dump(e.step(), pb.eventState()));
                views.addAll(viewDump(e));
            });
            while (!pb.finished()) {
                pb.step();
            }
        }
        return new Streams(fields, views);
    }

    private static String pileWithEvents(int bodies) {
        String json = Scenarios.pile(bodies).strip();
        return "{\"events\": {\"hit\": {\"on\": true, \"minSpeed\": 0.5}, \"begin\": true, \"end\": true,"
                + " \"sleep\": true, \"wake\": true, \"moved\": {\"on\": true, \"maxResults\": 4, \"sort\": \"speed\"}},"
                + json.substring(1);
    }

    @Test
    void aPilesPlayedBackStreamEqualsTheLiveOneEventForEventAndFieldForField(@TempDir Path dir) {
        Streams live = recordLive(dir, pileWithEvents(30), 240);
        assertThat(live.fields()).anyMatch(l -> l.contains(" hit ")).anyMatch(l -> l.contains(" sleep "))
                .anyMatch(l -> l.contains(" begin "));
        int[] calls = {0};
        Streams played = play(dir, 1, calls);
        assertThat(calls[0]).as("one listener call per recorded step, as live").isEqualTo(240);
        assertThat(played.fields()).containsExactlyElementsOf(live.fields());
        assertThat(played.views()).containsExactlyElementsOf(live.views());
    }

    @Test
    void aBreakingWallsHitsBreaksAndTrailingComeBackIdenticallyAtEverySpeed(@TempDir Path dir) {
        String json = DestructionScenes.slabs(2).replaceFirst("\\{", "{\"events\": {\"hit\": true, \"break\": true,"
                + " \"crumble\": true, \"trailing\": true, \"broken\": true},");
        Streams live = recordLive(dir, json, 90);
        assertThat(live.fields()).anyMatch(l -> l.contains(" hit ")).anyMatch(l -> l.contains(" break "))
                .anyMatch(l -> l.contains(" trailing ")).anyMatch(l -> l.contains(" broken "));
        for (double speed : new double[] {1, 3, 0.5}) {
            int[] calls = {0};
            Streams played = play(dir, speed, calls);
            assertThat(calls[0]).as("speed %s", speed).isEqualTo(90);
            assertThat(played.fields()).as("speed %s", speed).containsExactlyElementsOf(live.fields());
            assertThat(played.views()).as("speed %s", speed).containsExactlyElementsOf(live.views());
        }
    }

    @Test
    void theSwitchesFollowTheJournalledCommandsAndAJournalWithoutEventsDeliversEmptySteps(@TempDir Path dir) {
        recordLive(dir, Scenarios.pile(10), 30);
        int[] calls = {0};
        try (Playback pb = Playback.open(dir, STAGES)) {
            List<Integer> totals = new ArrayList<>();
            pb.addEventListener(e -> {
                calls[0]++;
                totals.add(e.total());
            });
            while (!pb.finished()) {
                pb.step();
            }
            assertThat(pb.eventState().activeKinds()).isZero();
            assertThat(totals).hasSize(30).allMatch(t -> t == 0);
        }
    }

    /** Per slot (null = no body): the raw bits of the pose. */
    private static long[][] poseBits(dev.rubble.core.body.BodyStore b) {
        long[][] p = new long[b.slotLimit()][];
        for (int s = 0; s < p.length; s++) {
            if (b.isLive(s)) {
                p[s] = new long[7];
                double[] v = {b.px[s], b.py[s], b.pz[s], b.qx[s], b.qy[s], b.qz[s], b.qw[s]};
                for (int k = 0; k < 7; k++) {
                    p[s][k] = Double.doubleToRawLongBits(v[k]);
                }
            }
        }
        return p;
    }

    /**
     * Issue 31, Deliver 2 (Chaos's bReplayEventsInStaticPoseMode): a cache held until world step 20
     * with its events replayed hears, in world steps 0..19, exactly the live run's events of recorded
     * steps 0..19 (one listener call per step, every field bit for bit) while every body stays at its
     * first recorded pose bit for bit; from the trigger it hears the whole live stream again, in step
     * with the poses. Without the replay a held cache hears nothing.
     */
    @Test
    void aHeldCacheReplaysItsEventsWhileItsBodiesStandStillThenPlaysThemAgainFromTheTrigger(@TempDir Path dir) {
        String json = DestructionScenes.slabs(2).replaceFirst("\\{", "{\"events\": {\"hit\": true, \"break\": true,"
                + " \"trailing\": true},");
        int steps = 60, hold = 20;
        Streams live = recordLive(dir, json, steps);
        List<String> firstSteps = live.fields().stream().filter(l -> Long.parseLong(l.substring(0, l.indexOf(' '))) < hold).toList();
        assertThat(firstSteps).as("the recording's first %d steps have events to hear", hold)
                .anyMatch(l -> l.contains(" break "));
        for (boolean replay : new boolean[] {true, false}) {
            List<String> heard = new ArrayList<>();
            List<Long> steps0 = new ArrayList<>();
            try (Playback pb = Playback.open(dir, STAGES)) {
                pb.holdUntilStep(hold);
                pb.replayEventsWhileHeld(replay);
                pb.addEventListener(e -> {
                    steps0.add(e.step());
                    heard.addAll(dump(e.step(), pb.eventState()));
                });
                long[][] first = poseBits(pb.world().bodies());
                for (int k = 0; k < hold; k++) {
                    pb.step();
                    assertThat(pb.held()).isTrue();
                    assertThat(poseBits(pb.world().bodies())).as("world step %d, held", k).isDeepEqualTo(first);
                }
                if (replay) {
                    assertThat(steps0).as("one call per held world step, recorded steps 0..%d", hold - 1)
                            .containsExactlyElementsOf(java.util.stream.LongStream.range(0, hold).boxed().toList());
                    assertThat(heard).containsExactlyElementsOf(firstSteps);
                } else {
                    assertThat(steps0).isEmpty();
                }
                heard.clear();
                steps0.clear();
                while (!pb.finished()) {
                    pb.step();
                }
                assertThat(pb.startedAt()).isEqualTo(hold);
                assertThat(steps0).hasSize(steps);
                assertThat(heard).as("after the trigger: the live stream from recorded step 0")
                        .containsExactlyElementsOf(live.fields());
            }
        }
    }
}
