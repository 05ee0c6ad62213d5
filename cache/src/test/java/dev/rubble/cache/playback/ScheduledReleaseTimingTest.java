package dev.rubble.cache.playback;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.cache.journal.JournalWriter;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.plugin.Stages;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A release scheduled for recorded step k ({@code replay --release ID@k}) hands the body over at the state the world
 * is in, so it takes the next world step live together with the driven rest. In free flight the live integrator is
 * the recording's, so the released body then is the recorded run's body at every step, bit for bit, however the
 * playback got there (played from the start or sought). Before (fuzz9) a release due in a step ran after the cursor
 * had moved: the body was put at the pose that step was to bring it to and then stepped once more, so it stayed a
 * step ahead of the world (examples/joints.json's bob, released at 81 of 120 steps, ended where the run is after
 * 121 steps; sought to 80 first, where the run is after 120).
 */
final class ScheduledReleaseTimingTest {
    private static final Stages STAGES = Stages.load();
    /** Two tumbling bodies thrown up, far apart: no contacts, no joints. */
    private static final String THROWN = "{\"format\":\"rubble-scenario/1\",\"name\":\"thrown\",\"bodies\":["
            + "{\"id\":\"a\",\"shape\":{\"type\":\"box\",\"halfExtents\":[0.3,0.1,0.5]},\"position\":[-6,20,0],"
            + "\"linearVelocity\":[2,6,0.5],\"angularVelocity\":[3,-1,2]},"
            + "{\"id\":\"b\",\"shape\":{\"type\":\"box\",\"halfExtents\":[0.2,0.4,0.1]},\"position\":[2,20,0],"
            + "\"linearVelocity\":[-1,4,2],\"angularVelocity\":[0.5,4,-1]}]}";
    private static final int STEPS = 40;

    /** Per frame (0 = initial): slot a's px py pz qx qy qz qw vx vy vz wx wy wz in the recorded run. */
    private static List<double[]> record(Path dir) {
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(THROWN), STAGES);
        int a = sw.world().bodies().slot(sw.world().findByLabel("a"));
        List<double[]> frames = new ArrayList<>();
        frames.add(state(sw.world().bodies(), a));
        try (JournalWriter jw = JournalWriter.create(dir, sw.world(), "t", THROWN)) {
            sw.world().addObserver(jw);
            for (int i = 0; i < STEPS; i++) {
                sw.step();
                frames.add(state(sw.world().bodies(), a));
            }
        }
        return frames;
    }

    private static double[] state(BodyStore b, int s) {
        return new double[] {b.px[s], b.py[s], b.pz[s], b.qx[s], b.qy[s], b.qz[s], b.qw[s],
            b.vx[s], b.vy[s], b.vz[s], b.wx[s], b.wy[s], b.wz[s]};
    }

    /** Plays to the end (from {@code seekTo} when it is not negative), a released at {@code at}; checks every step after. */
    private static void playAndCompare(Path dir, List<double[]> run, long seekTo, long at) {
        try (Playback pb = Playback.open(dir, STAGES)) {
            pb.scheduleRelease(at, "a");
            if (seekTo >= 0) {
                pb.seek(seekTo);
            }
            BodyStore b = pb.world().bodies();
            int a = b.slot(pb.world().findByLabel("a"));
            int compared = 0;
            while (!pb.finished()) {
                pb.step();
                int frame = (int) pb.cursor();
                if (!pb.isDriven(a)) {
                    assertThat(state(b, a)).as("released at %d (sought to %d): a at recorded frame %d", at, seekTo, frame)
                            .containsExactly(run.get(frame));
                    compared++;
                }
            }
            assertThat(pb.releasedCount()).isEqualTo(1);
            assertThat(compared).as("steps compared").isGreaterThanOrEqualTo((int) (STEPS - Math.max(at, seekTo + 1) - 1));
        }
    }

    @Test
    void aBodyReleasedAtAStepIsTheRecordedBodyAtEveryStepAfter(@TempDir Path dir) {
        List<double[]> run = record(dir);
        for (long at : new long[] {0, 1, 20, 39}) {
            playAndCompare(dir, run, -1, at);
        }
    }

    @Test
    void soItIsAfterASeek(@TempDir Path dir) {
        List<double[]> run = record(dir);
        playAndCompare(dir, run, 10, 20);
        playAndCompare(dir, run, 20, 20);
        playAndCompare(dir, run, 20, 21);
        playAndCompare(dir, run, 25, 20); // due before the seek's target: released at the target
    }
}
