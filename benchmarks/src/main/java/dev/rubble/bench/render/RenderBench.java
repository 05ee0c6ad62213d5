package dev.rubble.bench.render;

import dev.rubble.authoring.CollectionBuilder;
import dev.rubble.authoring.GeometryCollection;
import dev.rubble.core.plugin.StageFamily;
import dev.rubble.core.plugin.Stages;
import dev.rubble.authoring.export.CollectionFrame;
import dev.rubble.core.render.FrameBuilder;
import dev.rubble.scenario.Scenario;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.geom.ConvexPolytope;
import dev.rubble.spi.render.FrameBuffer;
import dev.rubble.spi.render.FrameWriter;
import dev.rubble.spi.render.PixelCanvas;
import dev.rubble.spi.render.RenderView;
import dev.rubble.spi.render.Renderer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Renderer costs (issue 15): one 1280×720 PNG of a 2 000-piece frame (a Voronoi wall's leaves at
 * rest, colour by piece, Lambert, edges, grid, overlay), drawn only and drawn + PNG-encoded; and a
 * 100-frame 480×270 GIF of the demo (simulating it, drawing, palette mapping, GIF encoding). The demo
 * is read from {@code tui-console/src/main/resources/dev/rubble/cli/demo.json} (run from the
 * repository root, or set {@code -Drubble.demo=PATH}). Results in docs/benchmarks.md, "Rendering".
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3)
@Measurement(iterations = 10)
@Fork(1)
public class RenderBench {

    @State(Scope.Benchmark)
    public static class Wall {
        FrameBuffer frame = new FrameBuffer();
        Renderer png;
        PixelCanvas canvas = new PixelCanvas(1280, 720);
        int pieces;

        @Setup(Level.Trial)
        public void setup() {
            Stages stages = Stages.load();
            CollectionBuilder b = new CollectionBuilder(ConvexPolytope.box(0, 0, 0, 4, 2, 0.25));
            b.fractureLevel(stages.create(StageFamily.FRACTURE, "voronoi", StageConfig.of(Map.of("count", 2000))), 1);
            GeometryCollection c = b.build(stages.create(StageFamily.CONNECTION_GRAPH, "none", StageConfig.empty()),
                    Integer.MAX_VALUE);
            new CollectionFrame(c).fill(frame);
            pieces = frame.count();
            if (pieces != 2000) {
                throw new IllegalStateException("expected 2000 pieces, got " + pieces);
            }
            png = stages.create(StageFamily.RENDERER, "png", StageConfig.of(Map.of("color", "piece")));
        }
    }

    @Benchmark
    public int draw2000(Wall w) {
        w.png.render(w.frame, RenderView.auto(), w.canvas);
        return w.canvas.argb()[w.canvas.width() * 360 + 640];
    }

    @Benchmark
    public int png2000(Wall w) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream(1 << 20);
        FrameWriter fw = w.png.open(out, 1, 1280, 720);
        fw.add(w.frame, RenderView.auto());
        fw.finish();
        return out.size();
    }

    @State(Scope.Benchmark)
    public static class Demo {
        Scenario scenario;
        Stages stages;
        Renderer gif;

        @Setup(Level.Trial)
        public void setup() throws IOException {
            Path p = Path.of(System.getProperty("rubble.demo", "tui-console/src/main/resources/dev/rubble/cli/demo.json"));
            scenario = ScenarioLoader.parse(Files.readString(p));
            stages = Stages.load();
            gif = stages.create(StageFamily.RENDERER, "gif", StageConfig.empty());
        }
    }

    @Benchmark
    public int gifDemo100(Demo d) throws IOException {
        ScenarioWorld sw = ScenarioWorld.create(d.scenario, d.stages);
        FrameBuffer frame = new FrameBuffer();
        ByteArrayOutputStream out = new ByteArrayOutputStream(1 << 20);
        FrameWriter fw = d.gif.open(out, 100, 480, 270);
        for (int k = 0; k < 100; k++) {
            FrameBuilder.fill(sw.world(), frame);
            fw.add(frame, RenderView.auto());
            sw.step();
        }
        fw.finish();
        return out.size();
    }
}
