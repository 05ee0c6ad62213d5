package dev.rubble.cli;

import dev.rubble.core.plugin.StageFamily;
import dev.rubble.core.plugin.Stages;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.render.CellCanvas;
import dev.rubble.spi.render.CellGrid;
import dev.rubble.spi.render.FrameBuffer;
import dev.rubble.spi.render.FrameWriter;
import dev.rubble.spi.render.RenderFrame;
import dev.rubble.spi.render.RenderView;
import dev.rubble.spi.render.Renderer;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code rubble render SOURCE --renderer png|sheet|gif|console --out PATH}: draws frames of a
 * scenario (simulated), a journal (played back) or a collection (its leaves at rest) through a
 * renderer plugin (docs/rendering.md).
 */
@Command(name = "render", description = {"Draw frames of a scenario, a journal or a collection with a renderer plugin:"
        + " an image (png), a contact sheet (sheet), an animation (gif) or character cells (console, as text)."})
final class RenderCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "SOURCE", description = "scenario .json, journal directory or collection .rbc")
    Path source;

    @Option(names = "--renderer", paramLabel = "NAME", defaultValue = "png",
            description = "renderer plugin: png, sheet, gif, console, ... (default ${DEFAULT-VALUE})")
    String renderer;

    @Option(names = "--frames", paramLabel = "A:B:STEP",
            description = "frames A to B (inclusive) every STEP; frame k is the state after k steps. Default: the last"
                    + " frame for png, 16 frames over the run for sheet, up to 100 for gif")
    String frames;

    @Option(names = "--camera", paramLabel = "EX,EY,EZ:TX,TY,TZ[:FOV]", defaultValue = "auto",
            description = "eye and target in metres and the vertical field of view in degrees, or auto (default)"
                    + " (pixel renderers; console refuses a camera)")
    String camera;

    /** The modes {@code --color} takes besides {@code field:NAME}, as its help and docs/rendering.md name them. */
    static final java.util.List<String> COLOR_MODES = java.util.List.of("level", "piece", "strain", "state", "stress");

    @Option(names = "--color", paramLabel = "MODE", description = "level, piece, strain, state, stress (support-graph bond stress per piece: green to red at the elastic"
            + " limit, to magenta at the fatal limit; a scenario SOURCE), or field:NAME (a scenario's persistent field's value"
            + " as heat) (pixel renderers)")
    String color;

    @Option(names = "--cluster-level", paramLabel = "N", description = "a collection SOURCE with --color level: colour"
            + " each leaf by its cluster at level N (default 1, the root's children), with a swatch per cluster")
    Integer clusterLevel;

    @Option(names = "--size", paramLabel = "WxH",
            description = "pixels per frame (default 960x540; 320x180 per tile for sheet, 480x270 for gif), or"
                    + " columns x rows for console (default 80x24); 1..16384 each; at most 1500000000 pixels"
                    + " (268435456 cells for console) in all frames together, and a sheet at most 16384 a side")
    String size;

    @Option(names = "--option", parameterConsumer = KeyValueOnce.class, paramLabel = "KEY=VALUE",
            description = "a renderer option, e.g. shading=flat, anchored=outline, grid=false, overlay=false (repeatable)")
    Map<String, String> options = new java.util.LinkedHashMap<>();

    @Option(names = "--out", paramLabel = "PATH", required = true, description = "file to write")
    Path out;

    @Mixin
    PluginOptions plugins;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        RenderView view = parseCamera(camera);
        // the dedicated option and --option KEY=... for the same key: one silently won
        if (color != null && options.containsKey("color")) {
            throw new BadInputException("--color " + color + " with --option color=" + options.get("color")
                    + ": both set the colouring; allowed: one of them");
        }
        if (clusterLevel != null && options.containsKey("clusterLevel")) {
            throw new BadInputException("--cluster-level " + clusterLevel + " with --option clusterLevel="
                    + options.get("clusterLevel") + ": both set the cluster level; allowed: one of them");
        }
        // --color takes the modes its help names; the plugin's own 'cluster' is what --cluster-level draws, and
        // '--color cluster' drew any scene's bodies under a "level 1 clusters" legend (tour18)
        if (color != null && !color.startsWith("field:") && !COLOR_MODES.contains(color)) {
            throw new BadInputException("--color " + color + " is not allowed; allowed: " + String.join(", ", COLOR_MODES)
                    + " or field:NAME (a collection's clusters: --color level, --cluster-level N)");
        }
        if (options.containsKey("field")) { // the legend's field name: only with the field's values, which --color field:NAME computes
            throw new BadInputException("--option field=" + options.get("field") + " is set by --color field:NAME; allowed:"
                    + " --color field:NAME (the field's value drawn and named in the legend)");
        }
        // '--option color=X' is the same colouring as '--color X' (docs/rendering.md's option table): the stress
        // mode needs its bond stress computed, which only --color stress asked for, so '--option color=stress' drew
        // every piece grey ("no bonds") and was taken for a scene without a stress model too (tour18)
        String optionColor = options.get("color");
        String mode = color != null ? color : optionColor;
        Map<String, Object> opts = FractureCommand.parseOptions(options, 1, 1);
        String fieldName = null;
        if (color != null && color.startsWith("field:")) {
            fieldName = color.substring("field:".length());
            opts.put("color", "strain"); // the field's value goes into the strain channel, drawn as heat
            opts.put("field", fieldName); // and the legend names the field, not a threshold (tour18)
        } else if (color != null) {
            opts.put("color", color);
        }
        // a collection's leaves mostly share one level: --color level shows its clusters at a level instead
        boolean clusters = clusterLevel != null || ("level".equals(color) && FrameSource.isCollection(source));
        if (clusters && !"console".equals(renderer)) {
            if (color != null && !"level".equals(color)) {
                throw new BadInputException("--cluster-level with --color " + color + "; allowed: --color level (or none)");
            }
            if (optionColor != null && clusterLevel != null) { // the clusters' colours silently replaced the option's
                throw new BadInputException("--cluster-level " + clusterLevel + " with --option color=" + optionColor
                        + ": --cluster-level colours each leaf by its cluster; allowed: --color level (or no colour option)");
            }
            opts.put("color", "cluster");
            opts.put("clusterLevel", clusterLevel == null ? 1 : clusterLevel);
        }
        checkWritable(out);
        checkExtension(renderer, out);
        OutputFiles.checkDistinct("--out", out, "SOURCE", source); // render S.json --renderer console --out S.json wrote over S
        checkFormat(renderer, out); // after: writing over the source is the worse mistake, named first
        Stages stages = plugins.load();
        if (stages.create(StageFamily.RENDERER, renderer, StageConfig.empty()).canvasKind() == Renderer.CanvasKind.CELLS) {
            // a cell renderer draws a side view framed on the moving bodies: --camera was taken and ignored, and
            // --color failed as "renderer 'console': unknown option 'color'; allowed: (none)", naming no value
            if (!"auto".equals(camera)) {
                throw new BadInputException("--camera " + camera + ": renderer " + renderer + " draws character cells from"
                        + " the side, framed on the moving bodies, with no camera; allowed: --camera with a pixel renderer"
                        + " (png, sheet, gif), or auto");
            }
            if (color != null) {
                throw new BadInputException("--color " + color + ": renderer " + renderer + " draws character cells, a"
                        + " letter per body state, with no colours; allowed: --color with a pixel renderer (png, sheet, gif)");
            }
        }
        Renderer r = stages.create(StageFamily.RENDERER, renderer, StageConfig.of(opts));
        long t0 = System.nanoTime();
        int drawn;
        try (FrameSource src = FrameSource.open(source, stages)) {
            if (fieldName != null) {
                src.fieldColor(fieldName);
            }
            if ("stress".equals(mode)) {
                src.stressColor();
            }
            if (clusters) {
                src.clusterLevel(clusterLevel == null ? 1 : clusterLevel);
            }
            long[] range = parseFrames(frames, renderer, src);
            int n = (int) ((range[1] - range[0]) / range[2] + 1);
            FrameBuffer frame = new FrameBuffer();
            if (r.canvasKind() == Renderer.CanvasKind.CELLS) {
                int[] wh = parseSize(size, 80, 24, "columns x rows");
                checkTotal(wh, n, MAX_CELLS, "cells");
                drawn = cells(r, src, range, frame, wh);
            } else {
                int[] wh = parseSize(size, "sheet".equals(renderer) ? 320 : "gif".equals(renderer) ? 480 : 960,
                        "sheet".equals(renderer) ? 180 : "gif".equals(renderer) ? 270 : 540, "pixels");
                if (!"sheet".equals(renderer)) { // a sheet's tiles make one image of at most 16384 a side: it says so itself
                    checkTotal(wh, n, MAX_PIXELS, "pixels");
                }
                OutputFiles.writeReplacing(out, os -> { // a refused or failed render leaves --out as it was
                    FrameWriter w;
                    try {
                        w = r.open(os, n, wh[0], wh[1]);
                    } catch (IllegalArgumentException e) {
                        throw new BadInputException("--renderer " + renderer + ": " + e.getMessage());
                    }
                    for (long k = range[0]; k <= range[1]; k += range[2]) {
                        src.frame(k, frame);
                        w.add(frame, view);
                    }
                    w.finish();
                });
                drawn = n;
            }
        }
        long ms = (System.nanoTime() - t0) / 1_000_000;
        PrintWriter o = spec.commandLine().getOut();
        o.printf(Locale.ROOT, "rubble: rendered %d frame(s) of %s with %s in %d ms; wrote %s (%d bytes)%n", drawn, source,
                renderer, ms, out, Files.size(out));
        o.flush();
        return 0;
    }

    private int cells(Renderer r, FrameSource src, long[] range, FrameBuffer frame, int[] wh) throws IOException {
        StringBuilder sb = new StringBuilder();
        int n = 0;
        for (long k = range[0]; k <= range[1]; k += range[2]) {
            src.frame(k, frame);
            // frame the moving bodies (all bodies when none moves) down to the static ground under them
            double[] b = union(frame, true);
            if (b == null) {
                b = union(frame, false);
            } else {
                double ground = Double.NEGATIVE_INFINITY, tol = 0.1 * Math.max(b[2] - b[0], b[3] - b[1]) + 1e-3;
                for (int i = 0; i < frame.count(); i++) {
                    if (frame.state(i) == RenderFrame.STATIC && frame.bounds(i, 4) <= b[1] + tol
                            && frame.bounds(i, 0) <= b[2] && frame.bounds(i, 3) >= b[0]) {
                        ground = Math.max(ground, frame.bounds(i, 4));
                    }
                }
                b[1] = Math.min(b[1], ground > Double.NEGATIVE_INFINITY ? ground - 0.01 : b[1]);
            }
            if (b == null) {
                b = new double[] {-1, -1, 1, 1};
            }
            double minX = b[0], minY = b[1], maxX = b[2], maxY = b[3];
            double scale = 1.1 * Math.max((maxX - minX) / Math.max(1, wh[0] - 2), (maxY - minY) * 2 / Math.max(1, wh[1] - 2));
            CellGrid g = CellCanvas.grid(wh[0], wh[1]);
            r.render(frame, RenderView.cells(false, (minX + maxX) / 2, (minY + maxY) / 2, Math.max(scale, 1e-3)), g);
            sb.append("frame ").append(k).append(" step ").append(frame.step()).append('\n');
            for (int row = 0; row < wh[1]; row++) {
                sb.append(g.row(row)).append('\n');
            }
            n++;
        }
        Files.writeString(out, sb.toString(), StandardCharsets.UTF_8);
        return n;
    }

    /** x/y bounds {min x, min y, max x, max y} of the drawables (non-static only when asked), planes left out; null if none. */
    private static double[] union(FrameBuffer f, boolean movingOnly) {
        double[] b = null;
        for (int i = 0; i < f.count(); i++) {
            if (f.state(i) == RenderFrame.DISABLED || f.bounds(i, 3) - f.bounds(i, 0) > 1e4
                    || movingOnly && f.state(i) == RenderFrame.STATIC) {
                continue;
            }
            if (b == null) {
                b = new double[] {f.bounds(i, 0), f.bounds(i, 1), f.bounds(i, 3), f.bounds(i, 4)};
            } else {
                b[0] = Math.min(b[0], f.bounds(i, 0));
                b[1] = Math.min(b[1], f.bounds(i, 1));
                b[2] = Math.max(b[2], f.bounds(i, 3));
                b[3] = Math.max(b[3], f.bounds(i, 4));
            }
        }
        return b;
    }

    /** Fails with exit 2 unless {@code out}'s directory exists and a file can be made in it ({@link OutputFiles#check}). */
    static void checkWritable(Path out) {
        OutputFiles.check("--out", out);
    }

    static RenderView parseCamera(String s) {
        if (s == null || "auto".equals(s)) {
            return RenderView.auto();
        }
        String[] parts = s.split(":");
        if (parts.length < 2 || parts.length > 3) {
            throw new BadInputException("--camera '" + s + "' is not allowed; allowed: auto or EX,EY,EZ:TX,TY,TZ[:FOV]"
                    + " (metres, degrees)");
        }
        double[] eye = vector(s, parts[0], "eye"), target = vector(s, parts[1], "target");
        double fov = RenderView.DEFAULT_FOV;
        if (parts.length == 3) {
            fov = number(s, parts[2], "field of view");
            if (!(fov > 0 && fov < 180)) {
                throw new BadInputException("--camera '" + s + "': field of view " + parts[2]
                        + " is out of range; allowed: (0, 180) degrees");
            }
        }
        if (eye[0] == target[0] && eye[1] == target[1] && eye[2] == target[2]) {
            throw new BadInputException("--camera '" + s + "': the eye is at the target; allowed: an eye away from it");
        }
        return RenderView.perspective(eye[0], eye[1], eye[2], target[0], target[1], target[2], fov);
    }

    private static double[] vector(String whole, String v, String what) {
        String[] f = v.split(",");
        if (f.length != 3) {
            throw new BadInputException("--camera '" + whole + "': " + what + " '" + v
                    + "' needs three numbers X,Y,Z; allowed: auto or EX,EY,EZ:TX,TY,TZ[:FOV]");
        }
        double[] d = new double[3];
        for (int k = 0; k < 3; k++) {
            d[k] = number(whole, f[k], what);
        }
        return d;
    }

    private static double number(String whole, String v, String what) {
        double d;
        try {
            d = Double.parseDouble(v.trim());
        } catch (NumberFormatException e) {
            throw new BadInputException("--camera '" + whole + "': " + what + " '" + v + "' is not a number");
        }
        if (!Double.isFinite(d)) {
            throw new BadInputException("--camera '" + whole + "': " + what + " '" + v + "' is not finite");
        }
        return d;
    }

    /** Extensions that name an image format, which {@link #checkExtension} holds to the renderer's own. */
    private static final java.util.Set<String> IMAGE_EXTENSIONS = java.util.Set.of("png", "gif", "jpg", "jpeg", "bmp",
            "webp", "tif", "tiff", "svg");

    /**
     * Refuses an {@code --out} whose extension names another image format than the built-in renderer
     * writes ({@code --out x.gif} with the png renderer wrote PNG bytes into x.gif): png and sheet write
     * PNG, gif GIF. A name without an extension or with one that names no image format ({@code wall.sheet}),
     * and other (plugin) renderers, are not checked.
     */
    static void checkExtension(String renderer, java.nio.file.Path out) {
        String want = switch (renderer) {
            case "png", "sheet" -> "png";
            case "gif" -> "gif";
            default -> null;
        };
        if (want == null || out == null || out.getFileName() == null) {
            return;
        }
        String name = out.getFileName().toString();
        int dot = name.lastIndexOf('.');
        if (dot <= 0 || dot == name.length() - 1) {
            return;
        }
        String ext = name.substring(dot + 1).toLowerCase(Locale.ROOT);
        if (IMAGE_EXTENSIONS.contains(ext) && !ext.equals(want)) {
            throw new BadInputException("--out " + out + ": the " + renderer + " renderer writes " + want.toUpperCase(Locale.ROOT)
                    + ", not ." + ext + "; allowed: a name ending ." + want + " (or one naming no image format)");
        }
    }

    /**
     * The extensions of Rubble's other formats are refused too (as {@code run --out x.png} is): {@code --renderer gif
     * --out x.txt} wrote a GIF named .txt, and {@code --renderer console --out x.png} character cells named .png.
     */
    static void checkFormat(String renderer, Path out) {
        switch (renderer) {
            case "png", "sheet" -> OutputFiles.checkFormatName("--out", out, "the " + renderer + " renderer writes PNG",
                    "frames.png", ".png");
            case "gif" -> OutputFiles.checkFormatName("--out", out, "the gif renderer writes GIF", "frames.gif", ".gif");
            case "console" -> OutputFiles.checkFormatName("--out", out, "the console renderer writes text", "frames.txt",
                    ".txt");
            default -> { } // a plugin's renderer: its format is its own
        }
    }

    static int[] parseSize(String s, int dw, int dh, String unit) {
        if (s == null) {
            return new int[] {dw, dh};
        }
        String[] f = s.toLowerCase(Locale.ROOT).split("x");
        int[] wh = new int[2];
        boolean ok = f.length == 2;
        for (int k = 0; ok && k < 2; k++) {
            try {
                wh[k] = Integer.parseInt(f[k].trim());
                ok = wh[k] >= 1 && wh[k] <= 16_384;
            } catch (NumberFormatException e) {
                ok = false;
            }
        }
        if (!ok) {
            throw new BadInputException("--size '" + s + "' is not allowed; allowed: WxH, 1..16384 " + unit + " each, e.g. 1280x720");
        }
        return wh;
    }

    /**
     * Most pixels a pixel renderer draws in one command, width x height x frames: 1.5e9, about 90 s of drawing
     * and GIF encoding at the ~17 Mpx/s measured on the 2-core VM. Every documented use is far below it: the
     * default gif (480x270) takes up to 10 000 frames, the most {@code --frames} selects; 1920x1080 takes 723. An
     * animation of 16384x16384 pixels (the largest --size) by 300 frames was 8e10 pixels: over an hour of drawing,
     * or the heap exhausted, with no word. A png or sheet is at most 16384x16384 (2.7e8) and never reaches it.
     */
    static final long MAX_PIXELS = 1_500_000_000L;
    /**
     * Most character cells the console renderer writes in one command, columns x rows x frames: 16384 x 16384
     * (one frame of the largest --size); the text is built in memory (a string holds at most 2^31 characters).
     * The default 80x24 takes the 10 000 frames {@code --frames} allows.
     */
    static final long MAX_CELLS = 16_384L * 16_384L;

    /** Fails with exit 2 when {@code wh} by {@code frames} frames is more than {@code max} pixels or cells in all. */
    private void checkTotal(int[] wh, int frameCount, long max, String unit) {
        long total = (long) wh[0] * wh[1] * frameCount;
        if (total > max) {
            throw new BadInputException("--size " + (size == null ? wh[0] + "x" + wh[1] + " (default)" : size) + " by "
                    + frameCount + " frame(s) (--frames " + (frames == null ? "default" : frames) + ") is " + total + " "
                    + unit + " in all; allowed: at most " + max + " (width x height x frames): fewer frames or a smaller --size");
        }
    }

    /** {@code [first, last, step]}, checked against the source's frames. */
    static long[] parseFrames(String s, String renderer, FrameSource src) {
        long last = src.lastFrame(), end = Math.min(src.defaultLastFrame(), last);
        if (s == null) {
            if ("sheet".equals(renderer)) {
                return new long[] {0, end, Math.max(1, (end + 14) / 15)};
            }
            if ("gif".equals(renderer)) {
                return new long[] {0, end, Math.max(1, (end + 98) / 99)};
            }
            return new long[] {end, end, 1};
        }
        String[] f = s.split(":");
        long[] v = new long[3];
        v[2] = 1;
        boolean ok = f.length >= 1 && f.length <= 3;
        for (int k = 0; ok && k < f.length; k++) {
            try {
                v[k] = Long.parseLong(f[k].trim());
            } catch (NumberFormatException e) {
                ok = false;
            }
        }
        if (f.length == 1) {
            v[1] = v[0];
        }
        if (!ok || v[0] < 0 || v[1] < v[0] || v[2] < 1) {
            throw new BadInputException("--frames '" + s + "' is not allowed; allowed: A[:B[:STEP]] with 0 <= A <= B and"
                    + " STEP >= 1");
        }
        if (v[1] > last) {
            throw new BadInputException("--frames '" + s + "': frame " + v[1] + " is past the last frame " + last
                    + " of " + (last == 0 ? "the collection (one frame: 0)" : src instanceof FrameSource.ScenarioFrames
                    ? "a scenario (the steps a command runs at most)" : "the journal") + "; allowed: 0.." + last);
        }
        if ((v[1] - v[0]) / v[2] + 1 > 10_000) {
            throw new BadInputException("--frames '" + s + "' selects " + ((v[1] - v[0]) / v[2] + 1)
                    + " frames; allowed: at most 10000");
        }
        return v;
    }
}
