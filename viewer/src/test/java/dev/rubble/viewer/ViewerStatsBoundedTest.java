package dev.rubble.viewer;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rubble.core.destruction.BreakEvents;
import dev.rubble.core.plugin.Stages;
import dev.rubble.core.step.StepProfile;
import dev.rubble.core.world.World;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;
import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code rubble view} kept every frame's statistics in memory (step, time, five body counts, breaks, step time and
 * the time of each of ~25 stages: about 300 bytes a frame) for the whole run, so a long journal grew the server's
 * heap without bound even after its frames went to files ({@link LongJournalViewTest}). The statistics now go to a
 * temporary file as a fixed record per frame and are served in chunks ({@code /api/stats}); the page's plots draw a
 * summary of at most {@link ViewerRun#PLOT_POINTS} points. What the run holds in arrays is the same for 2 100 and
 * 4 200 frames; every frame's statistics equal an independent run's step profiles and break events; the plots'
 * summary equals a brute-force one (each run of frames' extremes, in the order they came).
 */
final class ViewerStatsBoundedTest {
    static final Stages STAGES = Stages.load(List.of());
    /** A Voronoi wall dropped on the ground, weak enough to break there, and a ball beside it that comes to rest. */
    static final String SCENE = """
            {"format": "rubble-scenario/1", "name": "drop",
             "bodies": [
               {"id": "floor", "state": "static", "shape": {"type": "box", "halfExtents": [10, 0.5, 10]}, "position": [0, -0.5, 0]},
               {"id": "ball", "shape": {"type": "sphere", "radius": 0.3}, "position": [3, 2, 0]}],
             "collections": [
               {"id": "wall", "recipe": {"box": [0.5, 0.5, 0.1], "levels": [{"method": "voronoi", "options": {"count": 6}}], "seed": 3},
                "position": [0, 3, 0], "destruction": {"damageOptions": {"thresholds": [20]}}}]}""";

    private static ViewerRun run(int frames) {
        try (ViewSource src = new ScenarioViewSource(ScenarioLoader.parse(SCENE), "drop", STAGES, frames - 1)) {
            return ViewerRun.of(src);
        }
    }

    /**
     * Bytes in the arrays a ViewerRun refers to directly (arrays of arrays included), but for its plots' summary
     * (field {@code plot}: bounded by {@link ViewerRun#PLOT_POINTS}, checked apart) when {@code withPlot} is false.
     */
    private static long arrayBytes(ViewerRun run, boolean withPlot) throws IllegalAccessException {
        long total = 0;
        for (Field f : ViewerRun.class.getDeclaredFields()) {
            if (Modifier.isStatic(f.getModifiers()) || !f.getType().isArray() || !withPlot && f.getName().equals("plot")) {
                continue;
            }
            f.setAccessible(true);
            total += bytes(f.get(run));
        }
        return total;
    }

    private static long bytes(Object a) {
        if (a == null) {
            return 0;
        }
        Class<?> c = a.getClass().getComponentType();
        int n = Array.getLength(a);
        if (!c.isPrimitive()) {
            long t = 8L * n;
            for (int i = 0; i < n; i++) {
                Object e = Array.get(a, i);
                t += e != null && e.getClass().isArray() ? bytes(e) : 0;
            }
            return t;
        }
        return (long) n * (c == long.class || c == double.class ? 8 : c == int.class || c == float.class ? 4 : 1);
    }

    @Test
    void theStatisticsAreNotHeldPerFrameAndEqualAnIndependentRun() throws Exception {
        ObjectMapper json = new ObjectMapper();
        ViewerRun shorter = run(2100);
        long held;
        try {
            held = arrayBytes(shorter, false);
        } finally {
            shorter.close();
        }
        int frames = 4200;
        ViewerRun run = run(frames);
        List<Path> files = run.frameFiles();
        try {
            // the same arrays for twice the frames (before: ~300 bytes more a frame, 0.6 MB more here), and a plot
            // summary of at most PLOT_POINTS pairs per plot
            assertThat(arrayBytes(run, false)).as("bytes held in arrays, 4 200 frames against 2 100").isEqualTo(held);
            assertThat(arrayBytes(run, true) - held).as("the plots' summary")
                    .isLessThanOrEqualTo(3 * (16L + 2 * 8L * ViewerRun.PLOT_POINTS) + 8 * 3);
            assertThat(files).hasSize(3).allMatch(Files::exists);

            // an independent run of the scenario: its profile and break events per step
            ScenarioWorld ref = ScenarioWorld.create(ScenarioLoader.parse(SCENE), STAGES, Map.of());
            World w = ref.world();
            long[] awake = new long[frames], breaks = new long[frames];
            long breaksTotal = 0, seenBreaks = 0, sleepingAtEnd = 0;
            JsonNode chunk = null;
            double[] stepMs = new double[frames];
            for (int k = 0; k < frames; k++) {
                if (k > 0) {
                    ref.step();
                    StepProfile p = w.profile();
                    awake[k] = p.awakeBodies();
                    BreakEvents ev = w.destruction().events();
                    for (int e = 0; e < ev.count(); e++) {
                        breaks[k] += ev.kind[e] == BreakEvents.BREAK ? 1 : 0;
                    }
                    sleepingAtEnd = p.sleepingBodies();
                }
                breaksTotal += breaks[k];
                if (k % ViewerRun.MAX_STATS_PER_REQUEST == 0) {
                    chunk = json.readTree(run.stats(k, ViewerRun.MAX_STATS_PER_REQUEST));
                    assertThat(chunk.get("from").asInt()).isEqualTo(k);
                }
                int i = k % ViewerRun.MAX_STATS_PER_REQUEST;
                assertThat(chunk.get("step").get(i).asLong()).as("frame %d step", k).isEqualTo(k);
                assertThat(chunk.get("time").get(i).asDouble()).as("frame %d time", k).isEqualTo(w.time());
                assertThat(chunk.get("awake").get(i).asLong()).as("frame %d awake", k).isEqualTo(awake[k]);
                assertThat(chunk.get("breaks").get(i).asLong()).as("frame %d breaks", k).isEqualTo(breaks[k]);
                assertThat(chunk.get("breaksTotal").get(i).asLong()).as("frame %d breaks so far", k).isEqualTo(breaksTotal);
                assertThat(chunk.get("stageMs").size()).isEqualTo(dev.rubble.core.step.StepSlot.values().length);
                stepMs[k] = chunk.get("stepMs").get(i).asDouble();
                seenBreaks += breaks[k];
            }
            assertThat(seenBreaks).as("the wall broke on the ground").isPositive();
            assertThat(sleepingAtEnd).as("and came to rest").isPositive();
            assertThat(chunk.get("step").size()).as("the last chunk ends at the run's end")
                    .isEqualTo(frames - (frames - 1) / ViewerRun.MAX_STATS_PER_REQUEST * ViewerRun.MAX_STATS_PER_REQUEST);

            // the plots' summary: per run of `per` frames its extremes in order, computed here by brute force
            JsonNode plots = json.readTree(run.json()).get("plots");
            int per = run.plotFramesPerPoint();
            assertThat(per).isEqualTo(3).isEqualTo(plots.get("framesPerPoint").asInt());
            double[][] series = {toDouble(breaks), toDouble(awake), stepMs};
            String[] names = {"breaks", "awake", "stepMs"};
            for (int s = 0; s < 3; s++) {
                JsonNode got = plots.get(names[s]);
                assertThat(got.size()).as(names[s]).isEqualTo(2 * ((frames + per - 1) / per)).isLessThanOrEqualTo(2 * ViewerRun.PLOT_POINTS);
                for (int i = 0; 2 * i < got.size(); i++) {
                    int lo = i * per, hi = lo;
                    for (int k = i * per; k < Math.min(frames, (i + 1) * per); k++) {
                        lo = series[s][k] < series[s][lo] ? k : lo;
                        hi = series[s][k] > series[s][hi] ? k : hi;
                    }
                    double first = series[s][Math.min(lo, hi)], second = series[s][lo <= hi ? hi : lo];
                    assertThat(new double[] {got.get(2 * i).asDouble(), got.get(2 * i + 1).asDouble()})
                            .as("%s point %d", names[s], i).containsExactly(first, second);
                }
            }
        } finally {
            run.close();
        }
        assertThat(files).noneMatch(Files::exists);
    }

    @Test
    void aShortRunsPlotsHoldEveryFrame() throws Exception {
        ObjectMapper json = new ObjectMapper();
        ViewerRun run = run(300);
        try {
            assertThat(run.plotFramesPerPoint()).isEqualTo(1);
            JsonNode plots = json.readTree(run.json()).get("plots");
            JsonNode stats = json.readTree(run.stats(0, 256)), rest = json.readTree(run.stats(256, 256));
            assertThat(rest.get("step").size()).isEqualTo(44);
            for (String name : new String[] {"breaks", "awake", "stepMs"}) {
                assertThat(plots.get(name).size()).isEqualTo(300);
                for (int k = 0; k < 300; k++) {
                    JsonNode from = k < 256 ? stats.get(name).get(k) : rest.get(name).get(k - 256);
                    assertThat(plots.get(name).get(k).asDouble()).as("%s frame %d", name, k).isEqualTo(from.asDouble());
                }
            }
            assertThat(json.readTree(run.json()).get("dt").asDouble()).isEqualTo(1.0 / 60);
        } finally {
            run.close();
        }
    }

    private static double[] toDouble(long[] a) {
        double[] d = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            d[i] = a[i];
        }
        return d;
    }
}
