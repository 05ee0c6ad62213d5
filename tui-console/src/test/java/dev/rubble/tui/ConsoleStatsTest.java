package dev.rubble.tui;

import static org.assertj.core.api.Assertions.assertThat;

import com.googlecode.lanterna.terminal.virtual.DefaultVirtualTerminal;
import dev.rubble.cli.Main;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The panel's budget bars read every step's counters, the ones the headless run reports (issue 14). */
final class ConsoleStatsTest {
    /** Boxes in the scene, each resting on the ground apart from the others: one manifold each. */
    static final int BOXES = 6;
    /** The manifold budget: the first two pairs (ground with box0, box1) keep theirs. */
    static final int BUDGET = 2;

    static String scene() {
        StringBuilder sb = new StringBuilder("{\"format\":\"rubble-scenario/1\",\"name\":\"full\",\"steps\":45,"
                + "\"world\":{\"budgets\":{\"maxManifolds\":" + BUDGET + "}},\"bodies\":["
                + "{\"id\":\"ground\",\"state\":\"static\",\"shape\":{\"type\":\"box\",\"halfExtents\":[20,0.5,20]},"
                + "\"position\":[0,-0.5,0]}");
        for (int i = 0; i < BOXES; i++) {
            sb.append(",{\"id\":\"box").append(i).append("\",\"shape\":{\"type\":\"box\",\"halfExtents\":[0.5,0.5,0.5]},")
                    .append("\"position\":[").append(3 * i - 8).append(",0.5,0]}");
        }
        return sb.append("]}").toString();
    }

    @Test
    void aFullManifoldBudgetShowsFullWithTheDropsTheHeadlessRunReports(@TempDir Path dir) throws IOException {
        // the headless run: RunHealth sums StepProfile.droppedManifolds over the run
        Path f = dir.resolve("full.json");
        Files.writeString(f, scene());
        StringWriter err = new StringWriter();
        int code = Main.execute(new String[] {"run", f.toString(), "--headless", "--out", dir.resolve("o.json").toString()},
                new PrintWriter(new StringWriter()), new PrintWriter(err));
        assertThat(code).as(err.toString()).isZero();
        Matcher m = Pattern.compile("(\\d+) manifolds and \\d+ contact points dropped over the run").matcher(err.toString());
        assertThat(m.find()).as(err.toString()).isTrue();
        long headless = Long.parseLong(m.group(1));

        // the same scene in the console, 45 steps as the loop makes them
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(scene()), ConsoleRendererTest.STAGES);
        RunHealth health = new RunHealth(null);
        sw.world().addObserver(health);
        LiveSession s = new LiveSession(sw, null, Long.MAX_VALUE).withHealth(health);
        ConsoleState st = new ConsoleState();
        st.stats.step(s);
        // step 0: all six boxes touch the ground, the budget keeps two manifolds and drops four
        assertThat(s.world().profile().droppedManifolds()).isEqualTo(BOXES - BUDGET);
        assertThat(st.stats.peakManifoldDemand()).isEqualTo(BOXES);
        for (int i = 1; i < 45; i++) {
            st.stats.step(s);
        }
        assertThat(st.stats.totalDroppedManifolds()).isEqualTo(headless).isGreaterThanOrEqualTo(BOXES - BUDGET);
        // what the panel used to read: the store after the last step. The two boxes that kept their
        // contact have gone to sleep (their manifolds are parked, out of the store) and the four
        // others fell through the ground: nothing left, "0.0 %"
        assertThat(s.world().contacts().size()).isZero();

        DefaultVirtualTerminal vt = ConsoleRendererTest.render(s, st, 80, 24);
        String row = rowStartingWith(vt, "manifolds");
        int barW = ConsoleRenderer.PANEL_WIDTH - ConsoleRenderer.BUDGET_LABEL - ConsoleRenderer.BUDGET_TEXT;
        assertThat(row.substring(ConsoleRenderer.BUDGET_LABEL, ConsoleRenderer.BUDGET_LABEL + barW)).isEqualTo("=".repeat(barW));
        // peak demand 6 of a budget of 2 = 300 %, 4 dropped in that step
        assertThat(row.substring(ConsoleRenderer.BUDGET_LABEL + barW, ConsoleRenderer.PANEL_WIDTH).trim())
                .isEqualTo("300% drop " + (BOXES - BUDGET));
        assertThat(rowStartingWith(vt, "WARN")).contains("dropped " + headless + " mf");
    }

    @Test
    void theWindowForgetsStepsOlderThanSixtyButTheRunTotalKeepsThem() {
        LiveSession s = new LiveSession(ScenarioWorld.create(ScenarioLoader.parse(scene()), ConsoleRendererTest.STAGES),
                null, Long.MAX_VALUE);
        ConsoleStats stats = new ConsoleStats();
        long dropped = 0;
        for (int i = 0; i < 200; i++) {
            stats.step(s);
            dropped += s.world().profile().droppedManifolds();
        }
        // by now the dropped boxes are far below the ground: the last 60 steps dropped nothing
        assertThat(stats.peakDroppedManifolds()).isZero();
        assertThat(stats.totalDroppedManifolds()).isEqualTo(dropped).isPositive();
        assertThat(stats.steps()).isEqualTo(200);
        assertThat(stats.timedSteps()).isEqualTo(200);
    }

    @Test
    void stepTimeQuantilesAreNearestRankOverTheWindow() {
        ConsoleStats stats = new ConsoleStats();
        // 1, 2, ..., 150 ms: the window keeps the last 120 (31..150 ms)
        for (int k = 1; k <= 150; k++) {
            stats.record(k * 1_000_000L, 1000L * k);
        }
        // nearest rank over 120 values: p50 the 60th smallest (90 ms), p99 the ceil(118.8) = 119th (149 ms)
        assertThat(stats.quantileNanos(0.5)).isEqualTo(90_000_000L);
        assertThat(stats.quantileNanos(0.99)).isEqualTo(149_000_000L);
        assertThat(stats.quantileNanos(1)).isEqualTo(150_000_000L);
        assertThat(stats.lastNanos()).isEqualTo(150_000_000L);
        // mean allocation of the window: (31 + ... + 150) kB / 120 = 90.5 kB
        assertThat(stats.allocatedPerStep()).isIn(90_500L, -1L);
        // the last 10 steps, 141..150 ms, scaled to 150 on 10 levels: round(v / 150 * 9)
        StringBuilder expected = new StringBuilder();
        for (int k = 141; k <= 150; k++) {
            expected.append(ConsoleStats.SPARK.charAt((int) Math.round(k / 150.0 * 9)));
        }
        assertThat(stats.sparkline(10)).isEqualTo(expected.toString()).isEqualTo("%@@@@@@@@@");
        // fewer steps than columns: padded on the left
        ConsoleStats few = new ConsoleStats();
        few.record(2_000_000, 0);
        few.record(4_000_000, 0);
        assertThat(few.sparkline(5)).isEqualTo("   +@");
        assertThat(few.quantileNanos(0.5)).isEqualTo(2_000_000L);
    }

    static String rowStartingWith(DefaultVirtualTerminal vt, String prefix) {
        for (int r = 0; r < vt.getTerminalSize().getRows(); r++) {
            String row = ConsoleRendererTest.rowText(vt, r);
            if (row.startsWith(prefix)) {
                return row;
            }
        }
        throw new AssertionError("no row starts with '" + prefix + "'");
    }
}
