package dev.rubble.bench.peers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.core.body.BodyDef;
import dev.rubble.scenario.BenchScenes;
import dev.rubble.scenario.BenchScenes.Scene;
import dev.rubble.scenario.Scenario;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every peer engine builds the scene Rubble builds and simulates it plausibly. Each engine loads
 * its natives once per JVM, which is fine here: these tests check correctness, not speed.
 */
final class PeerEnginesTest {

    @ParameterizedTest
    @ValueSource(strings = {"jolt", "bullet", "jbullet", "ode4j"})
    void pileStartsWhereTheSceneSays(String engine) {
        Scenario sc = BenchScenes.build(Scene.PILE);
        List<BodyDef> defs = BenchScenes.dynamicBodies(sc);
        double[] p = new double[3 * defs.size()];
        try (PeerEngine e = PeerMain.engine(engine)) {
            e.build(sc);
            e.dynamicPositions(p);
        }
        for (int i = 0; i < defs.size(); i++) {
            // float engines: positions within single-precision rounding of the scene's doubles
            assertThat(p[3 * i]).isCloseTo(defs.get(i).x(), within(1e-5));
            assertThat(p[3 * i + 1]).isCloseTo(defs.get(i).y(), within(1e-5));
            assertThat(p[3 * i + 2]).isCloseTo(defs.get(i).z(), within(1e-5));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"jolt", "bullet", "jbullet", "ode4j"})
    void pyramidStandsOnTheGroundForOneSecond(String engine) {
        Scenario sc = BenchScenes.build(Scene.PYRAMID);
        double[] start = new double[3 * 210];
        double[] end = new double[3 * 210];
        try (PeerEngine e = PeerMain.engine(engine)) {
            e.build(sc);
            e.dynamicPositions(start);
            for (int i = 0; i < 60; i++) {
                e.step();
            }
            e.dynamicPositions(end);
            assertThat(e.info()).startsWith("info engine=" + engine).contains("sleeping=off");
        }
        // a free box would have fallen g t²/2 = 4.9 m in 1 s; resting boxes settle by a few cm at most
        BenchScenes.Sanity s = BenchScenes.sanity(Scene.PYRAMID, start, end);
        assertThat(s.topY()).isCloseTo(19.5, within(0.1));
        for (int i = 0; i < 20; i++) {
            assertThat(end[3 * i + 1]).as("bottom-row box %d", i).isCloseTo(0.5, within(0.05));
        }
    }

    /**
     * {@code PeerMain both soft 1000}: both engines step the same 1 261-tet block in this JVM, and both
     * blocks end at rest on the ground: dropped with their centre at 0.3 m, a 0.5 m tall block settles
     * with its lowest point on the 5 mm contact offset and its mean height at about its half-height
     * (0.25 m, a little less where the sides bulge under the block's weight).
     */
    @Test
    void bothEnginesStepTheSameSoftBlockInOneJvm() {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        PrintStream old = System.out;
        int rc;
        try {
            System.setOut(new PrintStream(buf, true, StandardCharsets.UTF_8));
            rc = PeerMain.run(new String[] {"both", "soft", "1000", "--steps", "150"});
        } finally {
            System.setOut(old);
        }
        String out = buf.toString(StandardCharsets.UTF_8);
        assertThat(rc).isZero();
        for (String e : new String[] {"rubble", "jolt"}) {
            assertThat(out).containsPattern("pertet engine=" + e + " scene=soft1261 tets=1261 points=298 edges=1756"
                    + " projections_per_step=32 cpu_ns_per_tet_iteration=[0-9.]+ blocks50_ns=[0-9.]+,[0-9.]+,[0-9.]+\\n");
        }
        Matcher in = Pattern.compile("inproc tets=1261 rubble_ns=([0-9.]+) jolt_ns=([0-9.]+) ratio_of_medians=([0-9.]+)").matcher(out);
        assertThat(in.find()).as(out).isTrue();
        double r = Double.parseDouble(in.group(1)), j = Double.parseDouble(in.group(2));
        assertThat(Double.parseDouble(in.group(3))).isCloseTo(r / j, within(0.002));
        Matcher s = Pattern.compile("sanity rubble min_y=(\\S+) mean_y=(\\S+) jolt min_y=(\\S+) mean_y=(\\S+)").matcher(out);
        assertThat(s.find()).as(out).isTrue();
        for (int g = 1; g <= 3; g += 2) {
            assertThat(Double.parseDouble(s.group(g))).as("lowest point").isCloseTo(0.005, within(0.002));
            assertThat(Double.parseDouble(s.group(g + 1))).as("mean height").isBetween(0.24, 0.25);
        }
        assertThat(out.toLowerCase(Locale.ROOT)).contains("info engine=rubble").contains("info engine=jolt");
    }

    @Test
    void debrisCountsTheManifoldsEachEngineSolves(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws java.io.IOException {
        // three unit-cube hulls resting apart on the ground: each engine solves three touching pairs a step
        StringBuilder b = new StringBuilder("{\"format\": \"rubble-scenario/1\", \"name\": \"three hulls\", \"steps\": 30,"
                + " \"world\": {\"dt\": 0.016666666666666666, \"gravity\": [0, -9.81, 0], \"sleep\": {\"enabled\": false}},"
                + " \"bodies\": [{\"id\": \"ground\", \"state\": \"static\", \"shape\": {\"type\": \"box\","
                + " \"halfExtents\": [50, 0.5, 50]}, \"position\": [0, -0.5, 0]}");
        for (int i = 0; i < 3; i++) {
            b.append(", {\"state\": \"dynamic\", \"shape\": {\"type\": \"convexHull\", \"points\": [");
            for (int c = 0; c < 8; c++) {
                b.append(c == 0 ? "" : ", ").append(String.format(Locale.ROOT, "[%d, %d, %d]",
                        (c & 1) == 0 ? -1 : 1, (c & 2) == 0 ? -1 : 1, (c & 4) == 0 ? -1 : 1));
            }
            b.append("]}, \"position\": [").append(4 * i).append(", 1, 0], \"density\": 1000}");
        }
        java.nio.file.Path file = dir.resolve("three-hulls.json");
        java.nio.file.Files.writeString(file, b.append("]}").toString());
        for (String e : new String[] {"rubble", "jolt"}) {
            ByteArrayOutputStream buf = new ByteArrayOutputStream();
            PrintStream old = System.out;
            int rc;
            try {
                System.setOut(new PrintStream(buf, true, StandardCharsets.UTF_8));
                rc = PeerMain.run(new String[] {e, "debris", file.toString(), "--steps", "30", "--contacts", "1"});
            } finally {
                System.setOut(old);
            }
            String out = buf.toString(StandardCharsets.UTF_8);
            assertThat(rc).isZero();
            assertThat(out).as(e).contains("contacts mean_manifolds=3.0 steps=30");
        }
        assertThatThrownBy(() -> PeerMain.run(new String[] {"jolt", "debris", file.toString(), "--contacts", "2"}))
                .hasMessageContaining("--contacts = 2; allowed: 0 or 1");
    }

    @Test
    void unknownEngineAndOptionsAreRejected() {
        assertThatThrownBy(() -> PeerMain.engine("havok")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'havok'").hasMessageContaining("jolt, bullet, jbullet, ode4j");
        assertThatThrownBy(() -> PeerMain.run(new String[] {"jolt", "tower"}))
                .hasMessageContaining("'tower'").hasMessageContaining("pyramid, pile, spheres");
        assertThatThrownBy(() -> PeerMain.run(new String[] {"jolt", "pile", "--steps", "0"}))
                .hasMessageContaining("--steps = '0'");
        assertThatThrownBy(() -> PeerMain.run(new String[] {"havok", "soft", "1000"}))
                .hasMessageContaining("'havok'").hasMessageContaining("jolt, rubble, both");
    }
}
