package dev.rubble.cache.playback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.cache.journal.DestructionScenes;
import dev.rubble.cache.journal.JournalReader;
import dev.rubble.cache.journal.JournalWriter;
import dev.rubble.cache.journal.RecordedState;
import dev.rubble.cache.journal.StepRecord;
import dev.rubble.cache.verify.Verifier;
import dev.rubble.cache.verify.VerifyResult;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.plugin.Stages;
import dev.rubble.core.body.StateHash;
import dev.rubble.core.world.World;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 31, Deliver 1: keyframes in the journal and seeking to any step, forwards and backwards. */
final class JournalSeekTest {
    private static final Stages STAGES = Stages.load();
    private static final int STEPS = 120;

    /** Every bit of the world a user could see: per slot liveness, generation, state, motion, the 13 motion fields and scale; then the destruction hash. */
    static long[] bits(World w) {
        BodyStore b = w.bodies();
        List<Long> out = new ArrayList<>();
        out.add(w.stepIndex());
        for (int s = 0; s < b.slotLimit(); s++) {
            if (!b.isLive(s)) {
                out.add(-1L);
                continue;
            }
            out.add((long) b.generation[s] << 16 | (long) b.state[s] << 8 | b.motion[s]);
            for (int f = 0; f < StepRecord.FIELDS; f++) {
                out.add(Double.doubleToRawLongBits(RecordedState.field(b, s, f)));
            }
            out.add(Double.doubleToRawLongBits(b.scale[s]));
        }
        out.add(w.destruction().hash(StateHash.OFFSET_BASIS));
        return out.stream().mapToLong(Long::longValue).toArray();
    }

    /** Records the slab scene (breaks from step 5 on) with keyframes, and the live world's bits after every step. */
    private static List<long[]> record(Path dir, int interval, long budget) {
        String json = DestructionScenes.slabs(3);
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(json), STAGES);
        List<long[]> live = new ArrayList<>();
        live.add(bits(sw.world()));
        try (JournalWriter jw = JournalWriter.create(dir, sw, "slabs", json).keyframes(interval, budget)) {
            sw.world().addObserver(jw);
            for (int i = 0; i < STEPS; i++) {
                sw.run(1);
                live.add(bits(sw.world()));
            }
        }
        return live;
    }

    @Test
    void seekingToRandomStepsBothWaysGivesTheBitsOfPlayingThere(@TempDir Path dir) {
        List<long[]> live = record(dir, 25, 64L << 20);
        try (JournalSeek seek = JournalSeek.open(dir, STAGES)) {
            assertThat(seek.lastStep()).isEqualTo(STEPS - 1);
            // after steps 24, 49, 74, 99 (interval 25, the first after step interval - 1)
            assertThat(seek.keyframeSteps()).containsExactly(24, 49, 74, 99);
            Random rnd = new Random(31);
            long prev = -1;
            int backwards = 0, forwards = 0;
            for (int i = 0; i < 14; i++) {
                long step = rnd.nextInt(STEPS + 1) - 1; // -1 = the initial world
                World w = seek.seekAfter(step);
                assertThat(w.stepIndex()).isEqualTo(step + 1);
                assertThat(bits(w)).as("seek %d to after step %d (from %d)", i, step, prev).containsExactly(live.get((int) (step + 1)));
                if (step < prev) {
                    backwards++;
                } else {
                    forwards++;
                }
                prev = step;
            }
            assertThat(backwards).isGreaterThanOrEqualTo(3);
            assertThat(forwards).isGreaterThanOrEqualTo(3);
            // the last step, and back to a step right after a keyframe: at most the distance to the keyframe re-simulated
            assertThat(bits(seek.seekAfter(STEPS - 1))).containsExactly(live.get(STEPS));
            long before = seek.resimulatedSteps();
            assertThat(bits(seek.seekAfter(51))).containsExactly(live.get(52));
            assertThat(seek.resimulatedSteps() - before).isEqualTo(2); // keyframe after 49, then steps 50 and 51
        }
        // keyframes change nothing for the readers of steps: verify passes, bit for bit
        VerifyResult v = Verifier.verify(dir, STAGES);
        assertThat(v.divergence()).as(v.ok() ? "" : v.divergence().describe()).isNull();
        assertThat(v.stepsChecked()).isEqualTo(STEPS);
    }

    @Test
    void aJournalWithoutKeyframesSeeksFromTheStartAndIsLaidOutAsBefore(@TempDir Path dir) {
        List<long[]> live = record(dir, 0, 64L << 20);
        try (JournalSeek seek = JournalSeek.open(dir, STAGES)) {
            assertThat(seek.keyframeSteps()).isEmpty();
            assertThat(bits(seek.seekAfter(70))).containsExactly(live.get(71));
            assertThat(bits(seek.seekAfter(10))).containsExactly(live.get(11));
            assertThat(seek.resimulatedSteps()).isEqualTo(71 + 11);
            assertThatThrownBy(() -> seek.seekAfter(STEPS)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("allowed: -1 (the initial world) to " + (STEPS - 1));
        }
        assertThat(Verifier.verify(dir, STAGES).ok()).isTrue();
    }

    @Test
    void theByteBudgetStopsKeyframesOnceTheNextDoesNotFit(@TempDir Path dir, @TempDir Path dir2) {
        record(dir, 10, 64L << 20);
        long one;
        try (JournalSeek seek = JournalSeek.open(dir, STAGES)) {
            assertThat(seek.keyframeSteps()).hasSize(STEPS / 10);
        }
        // a budget of two and a half first keyframes holds at most three (pieces make later ones no smaller)
        String json = DestructionScenes.slabs(3);
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(json), STAGES);
        try (JournalWriter jw = JournalWriter.create(dir2, sw, "slabs", json).keyframes(10, 1L << 40)) {
            sw.world().addObserver(jw);
            sw.run(10);
            one = jw.keyframeBytes();
            assertThat(jw.keyframes()).isEqualTo(1);
        }
        Path dir3 = dir2.resolve("budget");
        ScenarioWorld sw3 = ScenarioWorld.create(ScenarioLoader.parse(json), STAGES);
        try (JournalWriter jw = JournalWriter.create(dir3, sw3, "slabs", json).keyframes(10, one * 5 / 2)) {
            sw3.world().addObserver(jw);
            sw3.run(STEPS);
            assertThat(jw.keyframes()).isBetween(1L, 3L); // of the 12 the unlimited budget holds
            assertThat(jw.keyframeBytes()).isLessThanOrEqualTo(one * 5 / 2);
        }
        try (JournalReader r = JournalReader.open(dir3)) {
            StepRecord rec = new StepRecord();
            int n = 0;
            while (r.next(rec)) {
                n++;
            }
            assertThat(n).isEqualTo(STEPS);
        }
    }
}
