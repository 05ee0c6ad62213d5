package dev.rubble.cli;

import dev.rubble.authoring.GeometryCollection;
import dev.rubble.authoring.mesh.MeshCheck;
import dev.rubble.authoring.mesh.MeshException;
import dev.rubble.authoring.mesh.MeshFracture;
import dev.rubble.authoring.mesh.MeshCutter;
import dev.rubble.authoring.mesh.MeshGlbWriter;
import dev.rubble.authoring.mesh.MeshNoise;
import dev.rubble.authoring.mesh.MeshReader;
import dev.rubble.authoring.mesh.MeshCutters;
import dev.rubble.authoring.mesh.TriMesh;
import java.io.IOException;
import java.io.PrintWriter;
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
        TriMesh m;
        try {
            m = MeshReader.read(Path.of(source));
        } catch (MeshException e) {
            throw new BadInputException("--source " + e.getMessage());
        }
        // too large first: past ~1e102 m the validation's volumes overflow and a mesh named itself inverted (fuzz13)
        if (!(maxSide(m) <= MAX_SIZE)) {
            throw outOfBounds(source, m);
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
        if (!(minSide >= MIN_SIZE && maxSide(m) <= MAX_SIZE)) {
            throw outOfBounds(source, m);
        }
        return m;
    }

    private static double maxSide(TriMesh m) {
        double[] b = m.bounds();
        return Math.max(b[3] - b[0], Math.max(b[4] - b[1], b[5] - b[2]));
    }

    private static BadInputException outOfBounds(String source, TriMesh m) {
        double[] b = m.bounds();
        double minSide = Math.min(b[3] - b[0], Math.min(b[4] - b[1], b[5] - b[2]));
        return new BadInputException("--source " + source + ": bounds sides " + minSide + " to " + maxSide(m)
                + " m; allowed: [" + MIN_SIZE + ", " + MAX_SIZE + "] m");
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

    /** {@code v} to 6 significant digits without trailing zeros ({@code -1}, {@code 0.25}, {@code 1.23457E+7}). */
    private static String short6(double v) {
        return new java.math.BigDecimal(v).round(new java.math.MathContext(6)).stripTrailingZeros().toString();
    }

    /** The planar cutter's planes: {@code count} random ones (seeded) then the listed ones; refused when none. */
    static double[] cutPlanes(TriMesh m, Integer count, List<String> listed, long seed) {
        if (count == null && listed.isEmpty()) {
            throw new IllegalStateException("no planes for the planar cutter");
        }
        if (count != null && (count < 1 || count > 1000)) {
            throw new BadInputException("--cut-planes " + count + " is out of range; allowed: 1..1000");
        }
        double[] random = count == null ? new double[0] : MeshCutter.randomPlanes(m, count, seed);
        double[] out = java.util.Arrays.copyOf(random, random.length + 4 * listed.size());
        for (int i = 0; i < listed.size(); i++) {
            String[] f = listed.get(i).split(",");
            if (f.length != 4) {
                throw new BadInputException("--cut-plane '" + listed.get(i) + "' needs four numbers; allowed: NX,NY,NZ,D");
            }
            double l2 = 0;
            for (int k = 0; k < 4; k++) {
                double v;
                try {
                    v = Double.parseDouble(f[k].trim());
                } catch (NumberFormatException e) {
                    throw new BadInputException("--cut-plane '" + listed.get(i) + "': '" + f[k] + "' is not a number");
                }
                if (!Double.isFinite(v)) {
                    throw new BadInputException("--cut-plane '" + listed.get(i) + "': '" + f[k] + "' is not finite");
                }
                out[random.length + 4 * i + k] = v;
                l2 += k < 3 ? v * v : 0;
            }
            if (!(l2 > 0)) {
                throw new BadInputException("--cut-plane '" + listed.get(i) + "': the normal is zero; allowed: a non-zero normal");
            }
            // a plane with every vertex of the mesh on one side cuts nothing: --cut-plane 1,0,0,5 through a 2 m cube
            // wrote the cube unbroken, exit 0
            int o = random.length + 4 * i;
            boolean below = false, above = false;
            for (int v = 0, n = m.vertexCount(); v < n && !(below && above); v++) {
                double s = out[o] * m.vertex(v, 0) + out[o + 1] * m.vertex(v, 1) + out[o + 2] * m.vertex(v, 2) - out[o + 3];
                below |= s < 0;
                above |= s > 0;
            }
            if (!(below && above)) {
                double[] b = m.bounds();
                throw new BadInputException("--cut-plane '" + listed.get(i) + "' misses the mesh: every vertex is on one side"
                        + " of it (the mesh spans x " + short6(b[0]) + ".." + short6(b[3]) + ", y " + short6(b[1]) + ".."
                        + short6(b[4]) + ", z " + short6(b[2]) + ".." + short6(b[5]) + "); allowed: a plane through the mesh");
            }
        }
        return out;
    }

    /**
     * The mesh cutter's placements: {@code count} copies (1..1000) of the cutter mesh (a file, or
     * the unit icosahedron), scale range {@code MIN[,MAX]}; bad input exits 2 naming the option.
     */
    static List<double[]> cutters(TriMesh m, Integer count, String file, String scale, long seed, boolean repair)
            throws IOException {
        if (count == null) {
            throw new BadInputException("--cutter-mesh and --cutter-scale need --cutters N");
        }
        if (count < 1 || count > 1000) {
            throw new BadInputException("--cutters " + count + " is out of range; allowed: 1..1000");
        }
        double[] b = m.bounds();
        double diag = Math.sqrt((b[3] - b[0]) * (b[3] - b[0]) + (b[4] - b[1]) * (b[4] - b[1]) + (b[5] - b[2]) * (b[5] - b[2]));
        double lo = file == null ? 0.2 * diag : 1, hi = lo;
        if (scale != null) {
            String[] f = scale.split(",");
            if (f.length > 2) {
                throw new BadInputException("--cutter-scale '" + scale + "' is not allowed; allowed: MIN[,MAX]");
            }
            try {
                lo = Double.parseDouble(f[0].trim());
                hi = f.length > 1 ? Double.parseDouble(f[1].trim()) : lo;
            } catch (NumberFormatException e) {
                throw new BadInputException("--cutter-scale '" + scale + "': not a number; allowed: MIN[,MAX]");
            }
            if (!(lo > 0) || !(hi >= lo) || !Double.isFinite(hi)) {
                throw new BadInputException("--cutter-scale '" + scale + "' is out of range; allowed: 0 < MIN <= MAX, finite");
            }
        }
        TriMesh cutter;
        if (file == null) {
            cutter = MeshCutters.icosahedron();
        } else {
            if (!isMeshFile(file)) {
                throw new BadInputException("--cutter-mesh " + file + ": unknown extension; allowed: .obj, .ply, .glb, .gltf");
            }
            try {
                cutter = MeshReader.read(Path.of(file));
            } catch (MeshException e) {
                throw new BadInputException("--cutter-mesh " + e.getMessage());
            }
            if (repair) {
                cutter = MeshFracture.repair(cutter);
            }
            String problem = MeshCheck.problem(cutter);
            if (problem != null) {
                throw new BadInputException("--cutter-mesh " + file + ": the mesh " + problem);
            }
        }
        double[] planes;
        try {
            planes = MeshCutters.planesOf(cutter);
        } catch (MeshException e) {
            throw new BadInputException("--cutter-mesh " + (file == null ? "(icosahedron)" : file) + ": " + e.getMessage());
        }
        checkScale(m, cutter, planes, scale == null ? short6(lo) : scale, lo, hi, diag);
        return MeshCutters.scatter(m, planes, count, lo, hi, seed);
    }

    /**
     * Copies smaller than this share of the mesh's bounds volume are refused: the cut drops pieces under 1e-12 of a
     * piece's bounds volume as holding no material (MeshCutters), so a copy this small would vanish and leave the mesh
     * whole; the factor 100 keeps well clear of that cutoff.
     */
    static final double MIN_COPY_VOLUME = 1e-10;

    /**
     * The range of scales at which a copy of the cutter can cut the mesh. A copy is placed about a point inside the
     * mesh; when the cutter holds its own origin, the copy holds the sphere about that point of radius scale x the
     * cutter's inradius about its origin (its nearest face plane), and once that radius reaches the mesh's bounds
     * diagonal every point of the mesh is inside the copy, wherever it is placed: the copy cuts nothing ({@code
     * --cutters 3 --cutter-scale 1e9} wrote the mesh unbroken, exit 0). A copy whose volume is under {@link
     * #MIN_COPY_VOLUME} of the mesh's bounds volume is dropped by the cut as holding no material.
     */
    private static void checkScale(TriMesh m, TriMesh cutter, double[] planes, String given, double lo, double hi,
            double diag) {
        double inradius = Double.POSITIVE_INFINITY;
        for (int f = 3; f < planes.length; f += 4) {
            inradius = Math.min(inradius, planes[f]);
        }
        double[] b = m.bounds();
        double boundsVolume = (b[3] - b[0]) * (b[4] - b[1]) * (b[5] - b[2]);
        double minScale = Math.cbrt(MIN_COPY_VOLUME * boundsVolume / cutter.volume());
        double maxScale = inradius > 0 ? diag / inradius : Double.POSITIVE_INFINITY;
        String allowed = "; allowed: " + short6(minScale) + " <= MIN <= MAX"
                + (inradius > 0 ? " < " + short6(maxScale) : "");
        if (inradius > 0 && hi >= maxScale) {
            throw new BadInputException("--cutter-scale '" + given + "' is out of range: a copy of scale " + short6(hi)
                    + " holds a sphere of radius " + short6(hi * inradius) + " m about its placement inside the mesh, wider"
                    + " than the mesh's bounds diagonal (" + short6(diag) + " m), so it encloses the whole mesh wherever"
                    + " it is placed and cuts nothing" + allowed);
        }
        if (lo < minScale) {
            throw new BadInputException("--cutter-scale '" + given + "' is out of range: a copy of scale " + short6(lo)
                    + " encloses " + short6(lo * lo * lo * cutter.volume()) + " m3, under " + short6(MIN_COPY_VOLUME)
                    + " of the mesh's bounds volume (" + short6(boundsVolume) + " m3), too small to be a piece" + allowed);
        }
    }

    /** {@code AMP[,FREQ[,OCTAVES]]} and the spacing (default 1/60 of the bounds diagonal). */
    static MeshNoise noise(TriMesh m, String spec, Double spacing, long seed) {
        String[] f = spec.split(",");
        if (f.length > 3) {
            throw new BadInputException("--noise '" + spec + "' is not allowed; allowed: AMP[,FREQ[,OCTAVES]]");
        }
        double amp, freq = 2;
        int oct = 3;
        try {
            amp = Double.parseDouble(f[0].trim());
            if (f.length > 1) {
                freq = Double.parseDouble(f[1].trim());
            }
            if (f.length > 2) {
                oct = Integer.parseInt(f[2].trim());
            }
        } catch (NumberFormatException e) {
            throw new BadInputException("--noise '" + spec + "': not a number; allowed: AMP[,FREQ[,OCTAVES]]");
        }
        double[] b = m.bounds();
        double diag = Math.sqrt((b[3] - b[0]) * (b[3] - b[0]) + (b[4] - b[1]) * (b[4] - b[1]) + (b[5] - b[2]) * (b[5] - b[2]));
        double h = spacing != null ? spacing : diag / 60;
        if (!(h >= diag / 2000) || !(h <= diag)) {
            throw new BadInputException("--noise-spacing " + h + " is out of range; allowed: " + diag / 2000 + " to " + diag
                    + " m (1/2000 to 1 of the mesh's bounds diagonal)");
        }
        try {
            return new MeshNoise(amp, freq, oct, h, seed);
        } catch (IllegalArgumentException e) {
            throw new BadInputException("--noise '" + spec + "': " + e.getMessage());
        }
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
        OutputFiles.writeReplacing(out, os -> MeshGlbWriter.write(ms, leaves, os));
    }
}
