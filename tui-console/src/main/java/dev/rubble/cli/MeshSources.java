package dev.rubble.cli;

import dev.rubble.authoring.GeometryCollection;
import dev.rubble.authoring.mesh.MeshCheck;
import dev.rubble.authoring.mesh.MeshException;
import dev.rubble.authoring.mesh.MeshFracture;
import dev.rubble.authoring.mesh.MeshGlbWriter;
import dev.rubble.authoring.mesh.MeshReader;
import dev.rubble.authoring.mesh.TriMesh;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** {@code rubble fracture --source model.obj}: loading, validating and exporting mesh sources. */
final class MeshSources {
    /** Smallest and largest mesh bounds side accepted, metres (as for box: sources). */
    static final double MIN_SIZE = FractureCommand.MIN_SIZE, MAX_SIZE = FractureCommand.MAX_SIZE;

    private MeshSources() {
    }

    static boolean isMeshFile(String s) {
        String l = s.toLowerCase(Locale.ROOT);
        return l.endsWith(".obj") || l.endsWith(".ply") || l.endsWith(".glb") || l.endsWith(".gltf");
    }

    /** Reads and validates (or repairs, then validates) a mesh source; bad input exits 2 naming the problem. */
    static TriMesh load(String source, boolean repair) throws IOException {
        String l = source.toLowerCase(Locale.ROOT);
        if (l.endsWith(".glb") || l.endsWith(".gltf")) {
            throw new BadInputException("--source '" + source + "': glTF sources are not read yet; allowed: .obj, .ply");
        }
        TriMesh m;
        try {
            m = MeshReader.read(Path.of(source));
        } catch (MeshException e) {
            throw new BadInputException("--source " + e.getMessage());
        }
        if (repair) {
            m = MeshFracture.repair(m);
        }
        String problem = MeshCheck.problem(m);
        if (problem != null) {
            throw new BadInputException("--source " + source + ": the mesh " + problem);
        }
        double[] b = m.bounds();
        double minSide = Math.min(b[3] - b[0], Math.min(b[4] - b[1], b[5] - b[2]));
        double maxSide = Math.max(b[3] - b[0], Math.max(b[4] - b[1], b[5] - b[2]));
        if (!(minSide >= MIN_SIZE && maxSide <= MAX_SIZE)) {
            throw new BadInputException("--source " + source + ": bounds sides " + minSide + " to " + maxSide
                    + " m; allowed: [" + MIN_SIZE + ", " + MAX_SIZE + "] m");
        }
        return m;
    }

    /**
     * Voronoi with uniform sites on a mesh source: the sites are drawn inside the mesh (not in
     * its bounding box, much of which may be empty), so {@code count} sites give about
     * {@code count} cells of material.
     */
    static void sitesInside(TriMesh m, String method, Map<String, Object> opts, long seed) {
        if (!"voronoi".equals(method)) {
            return;
        }
        Object dist = opts.getOrDefault("sites", "uniform");
        if (!"uniform".equals(dist)) {
            return;
        }
        Object c = opts.getOrDefault("count", 20.0);
        int count;
        if (c instanceof Number n && n.doubleValue() == Math.rint(n.doubleValue()) && n.doubleValue() >= 1
                && n.doubleValue() <= 100_000) {
            count = n.intValue();
        } else {
            throw new BadInputException("--option count=" + c + " is not allowed; allowed: an integer 1..100000");
        }
        double[] p = MeshFracture.sampleInside(m, count, seed);
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < count; i++) {
            b.append(i == 0 ? "" : "; ").append(p[3 * i]).append(' ').append(p[3 * i + 1]).append(' ').append(p[3 * i + 2]);
        }
        opts.remove("count");
        opts.put("sites", "custom");
        opts.put("points", b.toString());
    }

    static void printSummary(PrintWriter o, GeometryCollection c) {
        int hulls = 0, tris = 0, inside = 0;
        double cutArea = 0;
        int[] leaves = c.leaves();
        for (int leaf : leaves) {
            hulls += c.hullCount(leaf);
            TriMesh m = c.mesh(leaf);
            if (m != null) {
                tris += m.triangleCount();
                inside += m.insideTriangleCount();
                cutArea += m.insideArea();
            }
        }
        o.println(String.format(Locale.ROOT, "mesh pieces:  %d triangles (%d on cut faces, %.6g m2 of cut surface), "
                + "%d collision hulls (%.2f per piece)", tris, inside, cutArea, hulls, (double) hulls / leaves.length));
    }

    static void writeGlb(GeometryCollection c, Path out) throws IOException {
        List<TriMesh> ms = new ArrayList<>();
        int[] leaves = c.leaves();
        for (int leaf : leaves) {
            ms.add(c.mesh(leaf));
        }
        try (OutputStream os = new BufferedOutputStream(Files.newOutputStream(out))) {
            MeshGlbWriter.write(ms, leaves, os);
        }
    }
}
