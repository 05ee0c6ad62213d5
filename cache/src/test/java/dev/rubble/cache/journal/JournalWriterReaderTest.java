package dev.rubble.cache.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.body.BodyDef;
import dev.rubble.core.command.Command;
import dev.rubble.core.world.World;
import dev.rubble.core.plugin.Stages;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;
import dev.rubble.spi.shape.Box;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import net.openhft.chronicle.core.time.SetTimeProvider;
import net.openhft.chronicle.queue.RollCycles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

final class JournalWriterReaderTest {
    private static final Stages STAGES = Stages.load();

    /** What a test observer saw after a step: the world's own values, captured independently. */
    private record Seen(long step, long hash, List<Command> commands, double[] state, int[] slots) {
    }

    private static List<Seen> record(Path dir, ScenarioWorld sw, String json, int steps) {
        List<Seen> seen = new ArrayList<>();
        World w = sw.world();
        try (JournalWriter jw = JournalWriter.create(dir, w, "pile", json)) {
            w.addObserver(jw);
            w.addObserver((world, p) -> {
                BodyStore b = world.bodies();
                int n = b.awakeCount();
                double[] st = new double[n * 13];
                int[] slots = new int[n];
                for (int i = 0; i < n; i++) {
                    int s = b.order[i];
                    slots[i] = s;
                    for (int f = 0; f < 13; f++) {
                        st[i * 13 + f] = RecordedState.field(b, s, f);
                    }
                }
                seen.add(new Seen(p.step(), world.stateHash(), List.copyOf(world.appliedCommands()), st, slots));
            });
            sw.run(steps);
            assertThat(jw.steps()).isEqualTo(steps);
            assertThat(jw.bytesPerStep()).isGreaterThan(0);
        }
        return seen;
    }

    @Test
    void everyStepReadsBackWithItsInputsHashAndBodies(@TempDir Path dir) {
        String json = Scenarios.pile(30);
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(json), STAGES);
        List<Seen> seen = record(dir, sw, json, 60);

        try (JournalReader r = JournalReader.open(dir)) {
            JournalHeader h = r.header();
            assertThat(h.formatVersion()).isEqualTo(JournalFormat.VERSION);
            assertThat(h.scenarioJson()).isEqualTo(json);
            assertThat(h.scenarioName()).isEqualTo("pile");
            assertThat(h.stages()).containsEntry("broadphase", sw.world().broadphaseName());
            assertThat(sw.world().broadphaseName()).isEqualTo("grid"); // the default, recorded explicitly
            assertThat(h.dt()).isEqualTo(1.0 / 60);
            assertThat(h.subSteps()).isEqualTo(1);
            assertThat(h.firstStep()).isZero();
            StepRecord rec = new StepRecord();
            int i = 0;
            while (r.next(rec)) {
                Seen s = seen.get(i);
                assertThat(rec.step).isEqualTo(s.step);
                assertThat(rec.stateHash).isEqualTo(s.hash);
                assertThat(rec.commands).isEqualTo(s.commands);
                // every awake body, bit for bit, in the same order
                for (int k = 0; k < s.slots.length; k++) {
                    assertThat(rec.movedSlot[k]).isEqualTo(s.slots[k]);
                    for (int f = 0; f < 13; f++) {
                        assertThat(rec.moved[k * 13 + f]).isEqualTo(s.state[k * 13 + f]);
                    }
                }
                i++;
            }
            assertThat(i).isEqualTo(60);
        }
    }

    @Test
    void stateChangesAreRecordedAtTheirSteps(@TempDir Path dir) {
        String json = Scenarios.pile(12);
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(json), STAGES);
        World w = sw.world();
        int b1 = w.bodies().slot(w.findByLabel("b1"));
        int b2 = w.bodies().slot(w.findByLabel("b2"));
        int b3 = w.bodies().slot(w.findByLabel("b3"));
        // oracle: the world's own state transitions, diffed slot by slot after every step
        java.util.Map<Long, List<String>> observed = new java.util.TreeMap<>();
        int[] prev = new int[4096];
        java.util.Arrays.fill(prev, -1);
        for (int s = 0; s < w.bodies().slotLimit(); s++) {
            prev[s] = w.bodies().isLive(s) ? w.bodies().state[s] : -1;
        }
        w.addObserver((world, p) -> {
            BodyStore b = world.bodies();
            List<String> diff = new ArrayList<>();
            for (int s = 0; s < Math.max(b.slotLimit(), 64); s++) {
                int now = b.isLive(s) ? b.state[s] : -1;
                if (now != prev[s]) {
                    diff.add(s + ":" + prev[s] + ">" + now);
                    prev[s] = now;
                }
            }
            observed.put(p.step(), diff);
        });
        record(dir, sw, json, 40);
        int late = w.bodies().slot(w.findByLabel("late"));
        try (JournalReader r = JournalReader.open(dir)) {
            StepRecord rec = new StepRecord();
            boolean b1Asleep = false;
            while (r.next(rec)) {
                List<String> changes = new ArrayList<>();
                for (int k = 0; k < rec.changeCount; k++) {
                    changes.add(rec.changeSlot[k] + ":" + rec.changeFrom[k] + ">" + rec.changeTo[k]);
                }
                // every transition the world made is journalled at its step, and nothing else
                assertThat(changes).as("step %d", rec.step).containsExactlyInAnyOrderElementsOf(observed.get(rec.step));
                byte awake = (byte) BodyState.AWAKE.ordinal();
                String expected = switch ((int) rec.step) {
                    case 10 -> b1 + ":" + awake + ">" + BodyState.SLEEPING.ordinal();
                    case 20 -> late + ":-1>" + awake;
                    case 30 -> b2 + ":" + awake + ">-1";
                    case 35 -> b3 + ":" + awake + ">" + BodyState.DISABLED.ordinal();
                    default -> null;
                };
                if (expected != null) { // the scripted commands' changes are among them
                    assertThat(changes).as("step %d", rec.step).contains(expected);
                }
                if (changes.contains(b1 + ":" + BodyState.SLEEPING.ordinal() + ">" + awake)) {
                    b1Asleep = false; // woken by contact with the pile: journalled like any change
                }
                if (rec.step == 10) { // a body that went to sleep is written once, at rest
                    b1Asleep = true;
                    int k = rec.movedIndexOf(b1);
                    assertThat(k).isGreaterThanOrEqualTo(0);
                    assertThat(rec.movedState[k]).isEqualTo((byte) BodyState.SLEEPING.ordinal());
                    assertThat(rec.moved[k * 13 + 7]).isZero();
                } else if (b1Asleep) {
                    assertThat(rec.movedIndexOf(b1)).as("asleep b1 at step %d", rec.step).isEqualTo(-1);
                }
                if (rec.step == 20) {
                    Command.Spawn sp = (Command.Spawn) rec.commands.get(0);
                    assertThat(sp.def().label()).isEqualTo("late");
                    assertThat(sp.def().mass()).isEqualTo(3);
                    assertThat(sp.def().vx()).isEqualTo(1);
                }
            }
        }
    }

    @Test
    void everyCommandKindRoundTrips(@TempDir Path dir) {
        World w = World.create(dev.rubble.core.step.WorldSettings.defaults(), STAGES);
        long a = w.createBody(BodyDef.of(new Box(1, 2, 3)).withLabel("a").withPosition(1, 2, 3));
        long k = w.createBody(BodyDef.of(new Box(1, 1, 1)).withMotion(MotionType.KINEMATIC));
        List<Command> cmds = List.of(
                new Command.ApplyImpulse(a, 1, -2, 3.5, 0.25, 2, 3),
                new Command.SetVelocity(a, 1, 2, 3, 4, 5, 6),
                new Command.SetKinematicTarget(k, 1, 2, 3, 0, 0, 0, 1),
                new Command.SetPose(a, -1, 4.5, 2, 0, 0.6, 0, 0.8),
                new Command.Spawn(BodyDef.of(new dev.rubble.spi.shape.Capsule(0.5, 1)).withLabel(null)
                        .withOrientation(0, 1, 0, 1).withDamping(0.1, 0.2).withMaterial(0.7, 0.3).withGravityScale(-2)),
                new Command.SetState(a, BodyState.SLEEPING),
                new Command.Remove(a));
        try (JournalWriter jw = JournalWriter.create(dir, w, "", "")) {
            w.addObserver(jw);
            for (Command c : cmds) {
                w.queue(c);
            }
            w.step();
        }
        try (JournalReader r = JournalReader.open(dir)) {
            StepRecord rec = new StepRecord();
            assertThat(r.next(rec)).isTrue();
            assertThat(rec.commands).isEqualTo(cmds);
            assertThat(r.next(rec)).isFalse();
        }
    }

    @Test
    void longRunsRollFilesAndReadBackInOrder(@TempDir Path dir) {
        String json = Scenarios.pile(5);
        World w = ScenarioWorld.create(ScenarioLoader.parse(json), STAGES).world();
        SetTimeProvider clock = new SetTimeProvider("2026-01-01T00:00:00");
        try (JournalWriter jw = JournalWriter.create(dir, w, "pile", json, RollCycles.FAST_HOURLY, clock)) {
            w.addObserver(jw);
            for (int i = 0; i < 40; i++) {
                if (i % 10 == 0) {
                    clock.advanceMillis(3_600_000); // an hour passes: the next write opens a new cycle file
                }
                w.step();
            }
        }
        assertThat(JournalReader.cycleFiles(dir)).hasSizeGreaterThanOrEqualTo(4);
        try (JournalReader r = JournalReader.open(dir)) {
            StepRecord rec = new StepRecord();
            long expect = 0;
            while (r.next(rec)) {
                assertThat(rec.step).isEqualTo(expect++);
            }
            assertThat(expect).isEqualTo(40);
        }
    }

    @Test
    void refusesToOverwriteAJournal(@TempDir Path dir) {
        World w = World.create(dev.rubble.core.step.WorldSettings.defaults(), STAGES);
        JournalWriter.create(dir, w, "", "").close();
        assertThatThrownBy(() -> JournalWriter.create(dir, w, "", ""))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("is not empty");
    }
}
