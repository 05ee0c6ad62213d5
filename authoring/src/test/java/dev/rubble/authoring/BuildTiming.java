package dev.rubble.authoring;

import dev.rubble.core.plugin.StageFamily;
import dev.rubble.core.plugin.Stages;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.fracture.FractureMethod;
import dev.rubble.spi.geom.ConvexPolytope;
import dev.rubble.spi.graph.ConnectionGraphMethod;
import java.lang.management.ManagementFactory;
import java.util.Locale;
import java.util.Map;

/**
 * Timing harness for docs/benchmarks.md (issue 27 item 5), not a test: the whole authoring path of
 * {@code rubble fracture --source box:half=5,2,1 --sites N --seed 1} (Voronoi fracture with its
 * neighbours, mass properties, face contacts, the default connection graph), printing the computing
 * thread's CPU time per phase.
 *
 * <pre>
 * java -cp CLASSPATH dev.rubble.authoring.BuildTiming N MODE
 * </pre>
 * MODE: {@code list} (contacts from the fracture's neighbour list, today) or {@code search} (the
 * fracture's list hidden: contacts by the bounds search, as before issue 27). {@code BUILD_WARM=k}
 * runs k warm-up builds first.
 */
public final class BuildTiming {
    private BuildTiming() {
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        String mode = args[1];
        Stages stages = Stages.load();
        FractureMethod voronoi = stages.create(StageFamily.FRACTURE, "voronoi", StageConfig.of(Map.of("count", n)));
        FractureMethod m = switch (mode) {
            case "list" -> voronoi;
            case "search" -> voronoi::fracture;
            default -> throw new IllegalArgumentException("mode = " + mode + "; allowed: list, search");
        };
        ConnectionGraphMethod graph = stages.create(StageFamily.CONNECTION_GRAPH,
                StageFamily.CONNECTION_GRAPH.defaultName(), StageConfig.empty());
        ConvexPolytope box = ConvexPolytope.box(0, 0, 0, 5, 2, 1);
        int warm = Integer.parseInt(System.getenv().getOrDefault("BUILD_WARM", "0"));
        for (int w = 0; w < warm; w++) {
            CollectionBuilder b = new CollectionBuilder(box);
            b.fractureLevel(m, 1);
            b.build(graph, Integer.MAX_VALUE);
        }
        var mx = ManagementFactory.getThreadMXBean();
        long t0 = mx.getCurrentThreadCpuTime();
        CollectionBuilder b = new CollectionBuilder(box);
        b.fractureLevel(m, 1);
        long t1 = mx.getCurrentThreadCpuTime();
        GeometryCollection c = b.build(graph, Integer.MAX_VALUE);
        long t2 = mx.getCurrentThreadCpuTime();
        System.out.printf(Locale.ROOT, "n=%d mode=%s warm=%d leaves=%d contacts=%d edges=%d fractureCpuMs=%.1f buildCpuMs=%.1f"
                + " totalCpuMs=%.1f%n", n, mode, warm, c.leaves().length, c.contactCount(), c.edgeCount(), (t1 - t0) / 1e6,
                (t2 - t1) / 1e6, (t2 - t0) / 1e6);
    }
}
