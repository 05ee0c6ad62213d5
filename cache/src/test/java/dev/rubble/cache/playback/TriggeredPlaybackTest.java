package dev.rubble.cache.playback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.cache.journal.JournalWriter;
import dev.rubble.cache.journal.Scenarios;
import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.plugin.Stages;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;
import dev.rubble.spi.shape.Sphere;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 31, Deliver 2: a cache holds its first recorded pose until its trigger, then starts at the trigger step. */
final class TriggeredPlaybackTest {
    private static final Stages STAGES = Stages.load();
    private static final double G = 9.81, H = 1.0 / 60;

    private static List<double[][]> record(Path dir, int steps) {
        String json = Scenarios.pile(30);
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(json), STAGES);
        List<double[][]> poses = new ArrayList<>();
        poses.add(poses(sw.world().bodies()));
        try (JournalWriter jw = JournalWriter.create(dir, sw.world(), "t", json)) {
            sw.world().addObserver(jw);
            for (int i = 0; i < steps; i++) {
                sw.step();
                poses.add(poses(sw.world().bodies()));
            }
        }
        return poses;
    }

    private static double[][] poses(BodyStore b) {
        double[][] p = new double[b.slotLimit()][];
        for (int s = 0; s < p.length; s++) {
            if (b.isLive(s)) {
                p[s] = new double[] {b.px[s], b.py[s], b.pz[s], b.qx[s], b.qy[s], b.qz[s], b.qw[s]};
            }
        }
        return p;
    }

    /** Every driven body at the recorded pose of frame {@code k} (positions exactly, orientations to 1e-15). */
    private static void assertAtFrame(Playback pb, List<double[][]> rec, int k, String when) {
        BodyStore b = pb.world().bodies();
        double[][] want = rec.get(k);
        int checked = 0;
        for (int s = 0; s < want.length; s++) {
            if (want[s] == null || !pb.isDriven(s)) {
                continue;
            }
            assertThat(new double[] {b.px[s], b.py[s], b.pz[s]}).as("%s: slot %d at frame %d", when, s, k)
                    .containsExactly(want[s][0], want[s][1], want[s][2]);
            assertThat(new double[] {b.qx[s], b.qy[s], b.qz[s], b.qw[s]}).as("%s: slot %d at frame %d", when, s, k)
                    .containsExactly(new double[] {want[s][3], want[s][4], want[s][5], want[s][6]}, within(1e-15));
            checked++;
        }
        assertThat(checked).isGreaterThan(25);
    }

    @Test
    void aCacheTriggeredAtAStepHoldsItsFirstPoseThenStartsAtThatStep(@TempDir Path dir) {
        List<double[][]> rec = record(dir, 40);
        try (Playback pb = Playback.open(dir, STAGES)) {
            pb.holdUntilStep(25);
            for (int i = 0; i < 25; i++) {
                pb.step();
                assertThat(pb.held()).isTrue();
                assertThat(pb.cursor()).isZero();
                assertAtFrame(pb, rec, 0, "held, world step " + i);
            }
            for (int k = 1; k <= 15; k++) {
                pb.step(); // world step 24 + k plays recorded step k - 1
                assertThat(pb.held()).isFalse();
                assertAtFrame(pb, rec, k, "playing, world step " + (24 + k));
            }
            assertThat(pb.startedAt()).isEqualTo(25);
        }
    }

    @Test
    void aCacheTriggeredByACommandStartsOnTheStepAfterIt(@TempDir Path dir) {
        List<double[][]> rec = record(dir, 20);
        try (Playback pb = Playback.open(dir, STAGES)) {
            pb.holdUntilTriggered();
            for (int i = 0; i < 10; i++) {
                pb.step();
                assertAtFrame(pb, rec, 0, "held");
            }
            assertThat(pb.startedAt()).isEqualTo(-1);
            pb.trigger();
            pb.step();
            assertThat(pb.startedAt()).isEqualTo(10);
            assertAtFrame(pb, rec, 1, "first played step");
        }
    }

    @Test
    void aCacheTriggeredByContactStartsTheStepAfterTheNamedBodyLands(@TempDir Path dir) {
        List<double[][]> rec = record(dir, 60);
        try (Playback pb = Playback.open(dir, STAGES)) {
            pb.holdUntilContact("ball");
            // a live ball, clear of the pile, 1 m above the static floor (top at y = 0)
            double gap = 1.0, r = 0.5;
            pb.world().createBody(BodyDef.of(new Sphere(r)).withLabel("ball").withPosition(15, r + gap, 10));
            // semi-implicit Euler: after k steps the ball has fallen g h^2 k (k + 1) / 2; first k where that reaches the gap
            int k = 0;
            while (G * H * H * k * (k + 1) / 2 < gap) {
                k++;
            }
            int steps = 0;
            while (pb.held() && steps < 200) {
                assertAtFrame(pb, rec, 0, "held");
                pb.step();
                steps++;
            }
            assertThat(k).isEqualTo(27);
            // the contact is found in world step k - 1 (the k-th) or, with the solver's slop, one later; the next plays
            assertThat(pb.startedAt()).isBetween((long) k, (long) k + 1);
            assertAtFrame(pb, rec, 1, "first played step");
        }
    }
}
