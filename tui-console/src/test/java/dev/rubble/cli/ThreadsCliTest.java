package dev.rubble.cli;

import static dev.rubble.cli.JournalCommandsTest.rubble;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 26 from the command line: a scene of stacked boxes, spheres, capsules, hulls and a slab that
 * breaks gives the same final state on 1, 2 and 3 threads, and the journal recorded on each count
 * verifies on another.
 */
@Timeout(value = 600, unit = TimeUnit.SECONDS) // threads: a broken barrier fails instead of hanging the build
final class ThreadsCliTest {
    private static String scene(String threads) {
        StringBuilder b = new StringBuilder("{\"format\":\"rubble-scenario/1\",\"name\":\"mix\",\"steps\":90,");
        if (threads != null) {
            b.append("\"world\":{\"threads\":").append(threads).append("},");
        }
        b.append("\"bodies\":[{\"id\":\"floor\",\"state\":\"static\",\"shape\":{\"type\":\"box\",\"halfExtents\":[20,0.5,20]},"
                + "\"position\":[0,-0.5,0]}");
        for (int c = 0; c < 4; c++) {
            for (int k = 0; k < 4; k++) {
                b.append(",{\"shape\":{\"type\":\"box\",\"halfExtents\":[0.5,0.5,0.5]},\"position\":[")
                        .append(c * 2.2 - 3).append(',').append(0.5 + k).append(",3]}");
            }
        }
        for (int i = 0; i < 12; i++) {
            String shape = switch (i % 3) {
                case 0 -> "{\"type\":\"sphere\",\"radius\":0.4}";
                case 1 -> "{\"type\":\"capsule\",\"radius\":0.25,\"halfHeight\":0.4}";
                default -> "{\"type\":\"convexHull\",\"points\":[[0,0,0],[0.8,0,0],[0,0.8,0],[0,0,0.8],[0.5,0.5,0.5]]}";
            };
            b.append(",{\"shape\":").append(shape).append(",\"position\":[").append(i % 4 * 2.2 - 3).append(',')
                    .append(6 + i).append(",").append(3 + 0.1 * (i % 3)).append("],\"linearVelocity\":[0.3,0,-0.2]}");
        }
        b.append("],\"collections\":[{\"id\":\"slab\",\"recipe\":{\"box\":[1,0.25,1],\"levels\":[{\"method\":\"voronoi\","
                + "\"options\":{\"count\":12}}],\"seed\":3},\"position\":[0,2,-3],\"angular\":[0.2,0,0.1],"
                + "\"destruction\":{\"damageOptions\":{\"thresholds\":[400]}}}],"
                + "\"commands\":[{\"step\":5,\"type\":\"externalStrain\",\"collection\":\"slab\",\"node\":3,\"strain\":1.0E9}]}");
        return b.toString();
    }

    @Test
    void everyThreadCountGivesTheSameStateAndJournalAndVerifiesOnAnother(@TempDir Path tmp) throws Exception {
        Path s = tmp.resolve("mix.json");
        Files.writeString(s, scene(null));
        List<String> outs = new ArrayList<>();
        for (String t : new String[] {"1", "2", "3"}) {
            Path j = tmp.resolve("j" + t), o = tmp.resolve("o" + t + ".json");
            var run = rubble("run", s.toString(), "--threads", t, "--journal", j.toString(), "--out", o.toString());
            assertThat(run.code()).as(run.err()).isZero();
            outs.add(Files.readString(o));
        }
        // the scene really breaks: the slab's pieces are in the output
        assertThat(outs.get(0)).contains("slab");
        for (int k = 1; k < 3; k++) {
            assertThat(outs.get(k)).as("final state, %d threads", k + 1).isEqualTo(outs.get(0));
        }
        // journals are not compared byte for byte: the header carries the recording's wall-clock time
        // and every step document its stage timings, so two runs on one thread differ too. What they
        // record (state hashes, bodies, commands, destruction events) is checked by verifying each on
        // another count: verify compares every step's hash, every body and every event
        String[][] cross = {{"j1", "4"}, {"j2", "1"}, {"j3", "2"}};
        for (String[] c : cross) {
            var v = rubble("verify", tmp.resolve(c[0]).toString(), "--threads", c[1]);
            assertThat(v.code()).as("%s on %s threads: %s", c[0], c[1], v.err()).isZero();
            assertThat(v.out()).contains("verified 90 steps", "identical");
        }
        var bad = rubble("verify", tmp.resolve("j1").toString(), "--threads", "0");
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err()).contains("--threads 0 is not allowed; allowed: an integer 1..256");
    }

    /**
     * {@code replay --threads}: the bodies released from a journal recorded on 2 threads are simulated
     * by the played world; on 1 and on 3 threads they end in the same state, and {@code journal info}
     * names the recorded count.
     */
    @Test
    void replayOnAnyThreadCountSimulatesTheReleasedBodiesAlike(@TempDir Path tmp) throws Exception {
        Path s = tmp.resolve("mix.json"), j = tmp.resolve("j");
        Files.writeString(s, scene(null));
        var run = rubble("run", s.toString(), "--threads", "2", "--steps", "60", "--journal", j.toString());
        assertThat(run.code()).as(run.err()).isZero();
        var info = rubble("journal", "info", j.toString());
        assertThat(info.code()).as(info.err()).isZero();
        assertThat(info.out()).contains("threads     2 ");
        List<String> outs = new ArrayList<>();
        for (String t : new String[] {"1", "3"}) {
            Path o = tmp.resolve("r" + t + ".json");
            var r = rubble("replay", j.toString(), "--headless", "--threads", t, "--release-region", "-10,-1,-10,10,30,10@20",
                    "--out", o.toString());
            assertThat(r.code()).as(r.err()).isZero();
            outs.add(Files.readString(o));
        }
        assertThat(outs.get(1)).isEqualTo(outs.get(0));
        var bad = rubble("replay", j.toString(), "--headless", "--threads", "300");
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err()).contains("--threads 300 is not allowed; allowed: an integer 1..256");
    }

    @Test
    void worldThreadsInTheScenarioGivesTheSameStateAsOneThread(@TempDir Path tmp) throws Exception {
        Path one = tmp.resolve("one.json"), four = tmp.resolve("four.json");
        Files.writeString(one, scene(null));
        Files.writeString(four, scene("4"));
        var a = rubble("run", one.toString(), "--steps", "40", "--out", tmp.resolve("a.json").toString());
        var b = rubble("run", four.toString(), "--steps", "40", "--out", tmp.resolve("b.json").toString());
        assertThat(a.code()).as(a.err()).isZero();
        assertThat(b.code()).as(b.err()).isZero();
        assertThat(Files.readString(tmp.resolve("b.json"))).isEqualTo(Files.readString(tmp.resolve("a.json")));
        Files.writeString(four, scene("0"));
        var bad = rubble("run", four.toString(), "--steps", "1");
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err()).contains("$.world.threads");
    }

    /** The breaking-wall demo on two threads records a journal that verifies on one (issue 26: --threads on demo). */
    @Test
    void theDemoOnTwoThreadsVerifiesOnOne(@TempDir Path tmp) {
        Path j = tmp.resolve("demo");
        var run = rubble("demo", "--steps", "30", "--threads", "2", "--journal", j.toString(), "--headless");
        assertThat(run.code()).as(run.err()).isZero();
        var v = rubble("verify", j.toString(), "--threads", "1");
        assertThat(v.code()).as(v.err()).isZero();
        assertThat(v.out()).contains("verified 30 steps", "identical");
        var bad = rubble("demo", "--steps", "1", "--threads", "x", "--headless");
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err()).contains("--threads x");
    }
}
