package dev.rubble.plugin.fracture.voronoi;

import dev.rubble.spi.geom.ConvexPolytope;
import java.io.IOException;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Timing harness for docs/benchmarks.md (issue 27 item 5), not a test: Voronoi cells of {@code n}
 * uniform sites (seed 1) in the 10 × 4 × 2 m box, printing the computing thread's CPU time, and
 * optionally writing the sites for {@code voro++ -c "%i %n %f" -5 5 -2 2 -1 1 FILE}.
 *
 * <pre>
 * java -cp CLASSPATH dev.rubble.plugin.fracture.voronoi.VoronoiTiming N MODE [sites-file]
 * </pre>
 * MODE: {@code adjacency} (cells + neighbours + face areas, today), {@code cells} (cells only),
 * {@code before} (the pre-issue-27 clipper kept as the test oracle, cells only), {@code none}
 * (JVM start-up and site generation only).
 */
public final class VoronoiTiming {
    private VoronoiTiming() {
    }

    public static void main(String[] args) throws IOException {
        int n = Integer.parseInt(args[0]);
        String mode = args[1];
        SplittableRandom r = new SplittableRandom(1);
        double[] s = new double[3 * n];
        for (int i = 0; i < n; i++) {
            s[3 * i] = -5 + 10 * r.nextDouble();
            s[3 * i + 1] = -2 + 4 * r.nextDouble();
            s[3 * i + 2] = -1 + 2 * r.nextDouble();
        }
        if (args.length > 2) {
            try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(Path.of(args[2])))) {
                for (int i = 0; i < n; i++) {
                    w.printf(Locale.ROOT, "%d %.17g %.17g %.17g%n", i, s[3 * i], s[3 * i + 1], s[3 * i + 2]);
                }
            }
        }
        ConvexPolytope box = ConvexPolytope.box(0, 0, 0, 5, 2, 1);
        // optional warm runs first (VORONOI_WARM=k): steady state instead of a cold single shot
        int warm = Integer.parseInt(System.getenv().getOrDefault("VORONOI_WARM", "0"));
        for (int w = 0; w < warm; w++) {
            VoronoiCells.computeWithAdjacency(box, s);
        }
        var mx = ManagementFactory.getThreadMXBean();
        long t0 = mx.getCurrentThreadCpuTime();
        long pieces = 0, pairs = 0;
        double area = 0;
        switch (mode) {
            case "adjacency" -> {
                VoronoiCells.Cells c = VoronoiCells.computeWithAdjacency(box, s);
                pieces = c.cells().length;
                pairs = c.a().length;
                area = sum(c.area());
            }
            case "cells" -> pieces = VoronoiCells.compute(box, s).length;
            case "before" -> pieces = ClipperVoronoiCells.compute(box, s).length;
            case "none" -> pieces = 0;
            default -> throw new IllegalArgumentException("mode = " + mode + "; allowed: adjacency, cells, before, none");
        }
        long t1 = mx.getCurrentThreadCpuTime();
        System.out.printf(Locale.ROOT, "n=%d mode=%s pieces=%d pairs=%d sharedArea=%.6f threadCpuMs=%.1f%n", n, mode,
                pieces, pairs, area, (t1 - t0) / 1e6);
        if (System.getenv("VORONOI_THREADS") != null) {
            printThreads();
        }
    }

    /**
     * The shared areas' sum, in a method of its own: written out in {@code main}, its 70 000-iteration loop made C1
     * compile all of {@code main} on the stack (about 20 ms of compiler time, counted in the step's net CPU) — the
     * harness's cost, not the step's.
     */
    private static double sum(double[] a) {
        double s = 0;
        for (double x : a) {
            s += x;
        }
        return s;
    }

    /**
     * VORONOI_THREADS=1: every native thread's CPU so far from /proc/self/task (Linux; clock ticks, usually
     * 10 ms), grouped by name, to split the process's CPU into the computing thread, the JIT and the GC.
     */
    private static void printThreads() throws IOException {
        java.util.TreeMap<String, Long> ticks = new java.util.TreeMap<>();
        try (var tasks = Files.list(Path.of("/proc/self/task"))) {
            for (Path t : (Iterable<Path>) tasks::iterator) {
                String stat;
                try {
                    stat = Files.readString(t.resolve("stat"));
                } catch (IOException gone) {
                    continue;
                }
                int open = stat.indexOf('('), close = stat.lastIndexOf(')');
                String name = stat.substring(open + 1, close).replaceAll("[0-9]+$", "#");
                String[] f = stat.substring(close + 2).split(" ");
                ticks.merge(name, Long.parseLong(f[11]) + Long.parseLong(f[12]), Long::sum);
            }
        }
        StringBuilder b = new StringBuilder("threadsCpuTicks");
        ticks.forEach((k, v) -> {
            if (v > 0) {
                b.append(' ').append(k.replace(' ', '_')).append('=').append(v);
            }
        });
        System.out.println(b);
    }
}
