package dev.rubble.core.soft.cage;

import dev.rubble.geometry.hull.QuickHull;
import dev.rubble.spi.shape.ConvexHull;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A model to build a cage from: vertices and (optional) triangles, parsed from a short text form
 * shared by {@code rubble softbody --source} and the scenario key {@code softBodies[].source}:
 *
 * <pre>
 *  box:half=HX,HY,HZ   a box of half extents (metres): 8 corners, 12 triangles (the old spelling
 *                      box:HX,HY,HZ is refused with the new one: {@link dev.rubble.spi.shape.BoxSpelling})
 *  sphere:R[,N]        N points (default 64) on a sphere of radius R (Fibonacci spiral), hull triangles
 *  obj:FILE            the 'v' and 'f' lines of a Wavefront OBJ file (faces fan-triangulated)
 *  points:FILE         one "x y z" per line ('#' starts a comment), hull triangles
 * </pre>
 *
 * @param vertices xyz per vertex
 * @param indices  3 vertex indices per triangle
 */
public record CageSource(double[] vertices, int[] indices) {

    /**
     * Parses a source; fails with {@link IllegalArgumentException} naming the bad part.
     *
     * @param baseDir where relative file names are resolved
     */
    /**
     * Most points of a {@code sphere:R,N} source. Every point of a sphere is a hull vertex, and the
     * hull and the skin binding grow about as N²: 5 000 points build in about 15 s on a busy 2-core
     * machine (10 000 in 50 s; the 100 000 documented before never finished).
     */
    public static final int MAX_SPHERE_POINTS = 5_000;

    public static CageSource parse(String spec, Path baseDir) {
        int colon = spec.indexOf(':');
        if (colon < 0) {
            throw new IllegalArgumentException("source '" + spec + "' has no kind; allowed: box:half=HX,HY,HZ, sphere:R[,N],"
                    + " obj:FILE, points:FILE");
        }
        return sized(spec, parseKind(spec, colon, baseDir));
    }

    private static CageSource parseKind(String spec, int colon, Path baseDir) {
        String kind = spec.substring(0, colon), arg = spec.substring(colon + 1);
        switch (kind) {
            case "box": {
                double[] h = dev.rubble.spi.shape.BoxSpelling.halfExtents(spec,
                        dev.rubble.spi.shape.BoxSpelling.OldMeaning.HALF_EXTENTS, Double.MIN_VALUE, Double.MAX_VALUE);
                return box(h[0], h[1], h[2]);
            }
            case "sphere": {
                double[] a = numbers(spec, arg, 1, 2);
                positive(spec, a[0]);
                int n = a.length > 1 ? (int) a[1] : 64;
                if (a.length > 1 && (a[1] != n || n < 4 || n > MAX_SPHERE_POINTS)) {
                    throw new IllegalArgumentException("source '" + spec + "': point count " + a[1] + "; allowed: an integer in [4, "
                            + MAX_SPHERE_POINTS + "]");
                }
                return withHull(sphere(a[0], n));
            }
            case "obj":
                return obj(read(spec, baseDir.resolve(arg)), spec);
            case "points":
                return withHull(points(read(spec, baseDir.resolve(arg)), spec));
            default:
                throw new IllegalArgumentException("source kind '" + kind + "'; allowed: box, sphere, obj, points");
        }
    }

    /** Smallest and largest extent of a source, metres (those of a `rubble fracture` box's sides). */
    public static final double MIN_SIZE = 1e-4, MAX_SIZE = 1e6;

    /**
     * The source with its extent checked: its largest side in [{@link #MIN_SIZE}, {@link #MAX_SIZE}] metres and
     * every coordinate within ±{@link #MAX_SIZE}. Before, {@code box:half=1e9,1e9,1e9} (a cage whose points lay
     * beyond the ±1e9 m every body position keeps to) and {@code sphere:1e-9} (3.8e-27 m³) were accepted.
     */
    private static CageSource sized(String spec, CageSource src) {
        double[] v = src.vertices();
        if (v.length == 0) {
            // (a file in another format read as OBJ): said "largest side 0.0 m, farthest coordinate Infinity"
            throw new IllegalArgumentException("source '" + spec + "': no vertices; allowed: a source with points");
        }
        double big = 0, side = 0;
        for (int k = 0; k < 3; k++) {
            double lo = Double.POSITIVE_INFINITY, hi = Double.NEGATIVE_INFINITY;
            for (int i = k; i < v.length; i += 3) {
                lo = Math.min(lo, v[i]);
                hi = Math.max(hi, v[i]);
            }
            big = Math.max(big, Math.max(Math.abs(lo), Math.abs(hi)));
            side = Math.max(side, hi - lo);
        }
        if (!(side >= MIN_SIZE && side <= MAX_SIZE && big <= MAX_SIZE)) {
            throw new IllegalArgumentException("source '" + spec + "': largest side " + side + " m, farthest coordinate " + big
                    + " m; allowed: a largest side in [" + MIN_SIZE + ", " + MAX_SIZE + "] m and coordinates within ±" + MAX_SIZE
                    + " m");
        }
        return src;
    }

    /** A box of half extents: 8 corners and 12 outward triangles. */
    public static CageSource box(double hx, double hy, double hz) {
        double[] v = new double[24];
        for (int i = 0; i < 8; i++) {
            v[3 * i] = (i & 1) == 0 ? -hx : hx;
            v[3 * i + 1] = (i & 2) == 0 ? -hy : hy;
            v[3 * i + 2] = (i & 4) == 0 ? -hz : hz;
        }
        int[] t = {0, 2, 3, 0, 3, 1, 4, 5, 7, 4, 7, 6, 0, 1, 5, 0, 5, 4, 2, 6, 7, 2, 7, 3, 0, 4, 6, 0, 6, 2, 1, 3, 7, 1, 7, 5};
        return new CageSource(v, t);
    }

    /** {@code n} points on a sphere (Fibonacci spiral, StrictMath: the same on every JVM). */
    public static double[] sphere(double r, int n) {
        double[] p = new double[3 * n];
        double golden = Math.PI * (3 - StrictMath.sqrt(5));
        for (int i = 0; i < n; i++) {
            double y = 1 - 2 * (i + 0.5) / n, rr = StrictMath.sqrt(1 - y * y), phi = i * golden;
            p[3 * i] = r * rr * StrictMath.cos(phi);
            p[3 * i + 1] = r * y;
            p[3 * i + 2] = r * rr * StrictMath.sin(phi);
        }
        return p;
    }

    /** The points with their convex hull's faces (fan-triangulated) as the visible mesh. */
    public static CageSource withHull(double[] points) {
        ConvexHull h;
        try {
            h = QuickHull.of(points);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("degenerate hull: " + e.getMessage(), e);
        }
        double[] v = new double[3 * h.vertexCount()];
        for (int i = 0; i < h.vertexCount(); i++) {
            for (int k = 0; k < 3; k++) {
                v[3 * i + k] = h.vertex(i, k);
            }
        }
        List<Integer> t = new ArrayList<>();
        for (int f = 0; f < h.faceCount(); f++) {
            for (int k = 1; k + 1 < h.faceSize(f); k++) {
                t.add(h.faceVertex(f, 0));
                t.add(h.faceVertex(f, k));
                t.add(h.faceVertex(f, k + 1));
            }
        }
        int[] idx = new int[t.size()];
        for (int i = 0; i < idx.length; i++) {
            idx[i] = t.get(i);
        }
        return new CageSource(v, idx);
    }

    private static List<String> read(String spec, Path file) {
        try {
            return Files.readAllLines(file);
        } catch (java.nio.file.NoSuchFileException e) {
            // the exception's message is the bare path: "cannot read x.obj: x.obj" said nothing
            throw new IllegalArgumentException("source '" + spec + "': " + file + " does not exist", e);
        } catch (IOException e) {
            throw new IllegalArgumentException("source '" + spec + "': cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    private static double[] points(List<String> lines, String spec) {
        List<double[]> pts = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i).replaceAll("#.*", "").trim();
            if (l.isEmpty()) {
                continue;
            }
            pts.add(numbers(spec + " line " + (i + 1), l.replace(',', ' '), 3, 3));
        }
        double[] out = new double[3 * pts.size()];
        for (int i = 0; i < pts.size(); i++) {
            System.arraycopy(pts.get(i), 0, out, 3 * i, 3);
        }
        return out;
    }

    private static CageSource obj(List<String> lines, String spec) {
        List<double[]> v = new ArrayList<>();
        List<Integer> t = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String[] f = lines.get(i).trim().split("\\s+");
            String where = spec + " line " + (i + 1);
            if (f[0].equals("v")) {
                if (f.length < 4) {
                    throw new IllegalArgumentException(where + ": a vertex needs x y z");
                }
                v.add(numbers(where, f[1] + " " + f[2] + " " + f[3], 3, 3));
            } else if (f[0].equals("f")) {
                int[] c = new int[f.length - 1];
                for (int k = 1; k < f.length; k++) {
                    String s = f[k].split("/")[0];
                    int idx;
                    try {
                        idx = Integer.parseInt(s);
                    } catch (NumberFormatException e) {
                        throw new IllegalArgumentException(where + ": face index '" + s + "' is not an integer");
                    }
                    idx = idx < 0 ? v.size() + idx : idx - 1;
                    if (idx < 0 || idx >= v.size()) {
                        throw new IllegalArgumentException(where + ": face index " + s + "; allowed: 1.." + v.size());
                    }
                    c[k - 1] = idx;
                }
                for (int k = 1; k + 1 < c.length; k++) {
                    t.add(c[0]);
                    t.add(c[k]);
                    t.add(c[k + 1]);
                }
            }
        }
        double[] out = new double[3 * v.size()];
        for (int i = 0; i < v.size(); i++) {
            System.arraycopy(v.get(i), 0, out, 3 * i, 3);
        }
        int[] idx = new int[t.size()];
        for (int i = 0; i < idx.length; i++) {
            idx[i] = t.get(i);
        }
        return new CageSource(out, idx);
    }

    private static double[] numbers(String where, String text, int min, int max) {
        String[] parts = text.trim().split("[,\\s]+");
        if (parts.length < min || parts.length > max) {
            throw new IllegalArgumentException("source '" + where + "': " + parts.length + " numbers; allowed: "
                    + (min == max ? String.valueOf(min) : min + " to " + max));
        }
        double[] d = new double[parts.length];
        for (int i = 0; i < parts.length; i++) {
            try {
                d[i] = Double.parseDouble(parts[i]);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("source '" + where + "': '" + parts[i] + "' is not a number");
            }
            if (!Double.isFinite(d[i])) {
                throw new IllegalArgumentException("source '" + where + "': " + parts[i] + "; allowed: finite numbers");
            }
        }
        return d;
    }

    private static void positive(String spec, double v) {
        if (!(v > 0)) {
            throw new IllegalArgumentException("source '" + spec + "': " + v + "; allowed: > 0 metres");
        }
    }
}
