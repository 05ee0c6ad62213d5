package dev.rubble.cli;

import dev.rubble.core.plugin.Stages;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code rubble export SOURCE --out FILE.obj|.ply|.glb}: a collection's leaves at rest, one frame of
 * a scenario or journal (OBJ, PLY), or a whole run with node animation (glb).
 */
@Command(name = "export", description = {"Export a collection (leaves at rest), one frame of a run (.obj, .ply) or a"
        + " whole run animated (.glb, glTF 2.0 binary) for Blender and web viewers."})
final class ExportCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "SOURCE", description = "collection .rbc, scenario .json or journal directory")
    Path source;

    @Option(names = "--out", paramLabel = "FILE", required = true, description = "output file: .obj, .ply or .glb")
    Path out;

    @Option(names = "--frames", paramLabel = "A:B:STEP",
            description = "frames of a run: .obj/.ply write the last one selected (default: the run's last frame);"
                    + " .glb animates them all (default: every frame, at most 1000 keys)")
    String frames;

    @Mixin
    PluginOptions plugins;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        String format = Exports.format(out);
        if (format == null) {
            throw new BadInputException("--out " + out + ": unknown extension; allowed: " + Exports.ALLOWED);
        }
        RenderCommand.checkWritable(out);
        OutputFiles.checkDistinct("--out", out, "SOURCE", source);
        Stages stages = plugins.load();
        long t0 = System.nanoTime();
        int n;
        try (FrameSource src = FrameSource.open(source, stages)) {
            if (src instanceof FrameSource.CollectionFrames c) {
                if (frames != null) {
                    RenderCommand.parseFrames(frames, "png", src); // only frame 0 exists
                }
                Exports.collection(c.collection, format, out);
                n = 1;
            } else {
                long[] range;
                if (frames != null) {
                    range = RenderCommand.parseFrames(frames, "export", src);
                } else {
                    long end = Math.min(src.defaultLastFrame(), src.lastFrame());
                    range = "glb".equals(format) ? new long[] {0, end, Math.max(1, (end + 998) / 999)}
                            : new long[] {end, end, 1};
                }
                n = Exports.run(src, range, format, out);
            }
        }
        PrintWriter o = spec.commandLine().getOut();
        o.printf("rubble: exported %d frame(s) of %s as %s in %d ms; wrote %s (%d bytes)%n", n, source, format,
                (System.nanoTime() - t0) / 1_000_000, out, Files.size(out));
        o.flush();
        return 0;
    }
}
