package dev.rubble.cache.playback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.cache.journal.JournalWriter;
import dev.rubble.cache.journal.Scenarios;
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

final class PlaybackTest {
    private static final Stages STAGES = Stages.load();
    private static final double G = 9.81, H = 1.0 / 60;

    /** Records {@code json}; returns per step the pose (x, y, z, qx, qy, qz, qw) of every slot, from the live run. */
    private static List<double[][]> record(Path dir, String json, int steps) {
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

    @Test
    void atSpeedOneEveryDrivenBodyIsAtItsRecordedPoseEveryStep(@TempDir Path dir) {
        List<double[][]> rec = record(dir, Scenarios.pile(30), 60);
        try (Playback pb = Playback.open(dir, STAGES)) {
            BodyStore b = pb.world().bodies();
            for (int k = 1; k <= 60; k++) {
                pb.step();
                double[][] want = rec.get(k);
                for (int s = 0; s < want.length; s++) {
                    if (want[s] == null || !pb.isDriven(s)) {
                        continue;
                    }
                    assertThat(b.motion(s)).isEqualTo(MotionType.KINEMATIC);
                    // positions exactly; orientations up to the renormalisation of kinematic targets
                    assertThat(new double[] {b.px[s], b.py[s], b.pz[s]})
                            .as("slot %d at frame %d", s, k).containsExactly(want[s][0], want[s][1], want[s][2]);
                    assertThat(new double[] {b.qx[s], b.qy[s], b.qz[s], b.qw[s]}).as("slot %d at frame %d", s, k)
                            .containsExactly(new double[] {want[s][3], want[s][4], want[s][5], want[s][6]}, within(1e-15));
                }
            }
            assertThat(pb.finished()).isTrue();
        }
    }

    @Test
    void atHalfSpeedOddStepsLieHalfwayWithSlerpedOrientation(@TempDir Path dir) {
        List<double[][]> rec = record(dir, Scenarios.pile(10), 30);
        try (Playback pb = Playback.open(dir, STAGES)) {
            pb.setSpeed(0.5);
            BodyStore b = pb.world().bodies();
            long spinner = pb.world().findByLabel("b7"); // spins about a fixed world axis
            int s = b.slot(spinner);
            for (int step = 1; step <= 40; step++) {
                pb.step();
                double[] a = rec.get(step / 2)[s];
                if (step % 2 == 0) {
                    assertThat(b.py[s]).isEqualTo(a[1]);
                    continue;
                }
                double[] c = rec.get(step / 2 + 1)[s];
                assertThat(b.px[s]).isCloseTo((a[0] + c[0]) / 2, within(1e-12));
                assertThat(b.py[s]).isCloseTo((a[1] + c[1]) / 2, within(1e-12));
                // slerp at one half = the normalised sum of the two unit quaternions
                double x = a[3] + c[3], y = a[4] + c[4], z = a[5] + c[5], w = a[6] + c[6];
                double n = Math.sqrt(x * x + y * y + z * z + w * w);
                assertThat(b.qx[s]).isCloseTo(x / n, within(1e-12));
                assertThat(b.qy[s]).isCloseTo(y / n, within(1e-12));
                assertThat(b.qz[s]).isCloseTo(z / n, within(1e-12));
                assertThat(b.qw[s]).isCloseTo(w / n, within(1e-12));
            }
        }
    }

    private static final String TWO_BALLS = "{\"format\":\"rubble-scenario/1\",\"name\":\"two\",\"bodies\":["
            + "{\"id\":\"left\",\"shape\":{\"type\":\"sphere\",\"radius\":0.5},\"position\":[-2,10,0]},"
            + "{\"id\":\"right\",\"shape\":{\"type\":\"sphere\",\"radius\":0.5},\"position\":[2,10,0]}],"
            + "\"commands\":[{\"type\":\"velocity\",\"step\":40,\"body\":\"left\",\"linear\":[3,0,0]},"
            + "{\"type\":\"velocity\",\"step\":40,\"body\":\"right\",\"linear\":[3,0,0]}%s]}";

    @Test
    void aReleasedBodySimulatesLiveWhileTheOtherKeepsPlayingBack(@TempDir Path dir) {
        List<double[][]> rec = record(dir, String.format(TWO_BALLS, ""), 60);
        try (Playback pb = Playback.open(dir, STAGES)) {
            BodyStore b = pb.world().bodies();
            int left = b.slot(pb.world().findByLabel("left"));
            int right = b.slot(pb.world().findByLabel("right"));
            for (int k = 0; k < 20; k++) {
                pb.step();
            }
            assertThat(pb.release(b.handle(left))).isTrue();
            assertThat(pb.release(b.handle(left))).isFalse();
            assertThat(b.motion(left)).isEqualTo(MotionType.DYNAMIC);
            for (int k = 20; k < 60; k++) {
                pb.step();
            }
            // live: free fall from rest at 10 m, untouched by the recorded step-40 velocity command
            assertThat(b.px[left]).isEqualTo(-2);
            assertThat(b.py[left]).isCloseTo(10 - G * H * H * 60 * 61 / 2, within(1e-9));
            // playback: exactly the recording, which was pushed sideways at step 40
            assertThat(b.px[right]).isEqualTo(rec.get(60)[right][0]).isGreaterThan(2);
            assertThat(b.py[right]).isEqualTo(rec.get(60)[right][1]);
            assertThat(pb.releasedCount()).isEqualTo(1);
        }
    }

    @Test
    void aScenarioReleaseCommandReleasesEveryBodyInItsRegion(@TempDir Path dir) {
        String release = ",{\"type\":\"release\",\"step\":20,\"region\":{\"min\":[-3,0,-1],\"max\":[-1,20,1]}}";
        record(dir, String.format(TWO_BALLS, release), 60);
        try (Playback pb = Playback.open(dir, STAGES)) {
            BodyStore b = pb.world().bodies();
            int left = b.slot(pb.world().findByLabel("left"));
            int right = b.slot(pb.world().findByLabel("right"));
            for (int k = 0; k < 60; k++) {
                pb.step();
            }
            assertThat(pb.isDriven(left)).isFalse();
            assertThat(pb.isDriven(right)).isTrue();
            assertThat(b.px[left]).isEqualTo(-2);
            assertThat(b.px[right]).isGreaterThan(2);
        }
    }

    @Test
    void seekStartsFromARecordedStep(@TempDir Path dir) {
        List<double[][]> rec = record(dir, Scenarios.pile(10), 50);
        try (Playback pb = Playback.open(dir, STAGES)) {
            pb.seek(29);
            BodyStore b = pb.world().bodies();
            int s = b.slot(pb.world().findByLabel("b4"));
            assertThat(b.py[s]).isEqualTo(rec.get(30)[s][1]);
            pb.step();
            assertThat(b.py[s]).isEqualTo(rec.get(31)[s][1]);
        }
    }
}
