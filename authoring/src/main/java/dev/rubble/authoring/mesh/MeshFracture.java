package dev.rubble.authoring.mesh;

import dev.rubble.geometry.hull.QuickHull;
import dev.rubble.spi.geom.ConvexPolytope;
import dev.rubble.spi.shape.ConvexHull;
import java.util.ArrayList;
import java.util.List;

/**
 * Fracture of a closed, possibly non-convex triangle mesh by convex cells (reference:
 * chaos-large-scale-destruction, fracture tools and "cutting relies on mesh booleans").
 *
 * <p>Any fracture method makes the cells: it fractures the mesh's bounding box (enlarged by a
 * margin so no box face touches the mesh), and because every cell is convex, cell ∩ mesh is the
 * mesh clipped by each of the cell's face planes in turn ({@link PlaneClipper}, capping every
 * cut). Planes that do not reach the mesh cost one pass over its positions and cut nothing. The
 * result is split into connected pieces, so a cell that a non-convex source crosses twice gives
 * two pieces. Grout moves every cell plane inward by half the grout width, so the gap between
 * two neighbours is the full width.
 *
 * <p>Collision geometry ({@link #hulls}): a piece keeps its exact mesh for drawing and mass; for
 * collision it gets convex hulls from a hierarchical split: a part whose hull volume exceeds its
 * own volume by more than the concavity tolerance is cut in two through its centroid across its
 * longest side (with the same clipper, so the parts are exact), recursively, up to a hull budget.
 * This is simpler than V-HACD but deterministic, exact in its parts, and good where concavity
 * is the rule of the piece (L-, U-shaped and ring pieces).
 */
public final class MeshFracture {
    /** Default relative excess of hull over piece volume accepted without splitting. */
    public static final double DEFAULT_CONCAVITY = 0.15;
    /** Default most collision hulls per piece. */
    public static final int DEFAULT_MAX_HULLS = 8;

    private MeshFracture() {
    }

    /** The mesh's bounds as a box polytope, enlarged by {@code margin} on every side. */
    public static ConvexPolytope boundingBox(TriMesh m, double margin) {
        double[] b = m.bounds();
        return ConvexPolytope.box(0.5 * (b[0] + b[3]), 0.5 * (b[1] + b[4]), 0.5 * (b[2] + b[5]),
                0.5 * (b[3] - b[0]) + margin, 0.5 * (b[4] - b[1]) + margin, 0.5 * (b[5] - b[2]) + margin);
    }

    /** The margin used around a mesh's box: 5% of its bounds diagonal plus the grout width. */
    public static double margin(TriMesh m, double grout) {
        double[] b = m.bounds();
        double dx = b[3] - b[0], dy = b[4] - b[1], dz = b[5] - b[2];
        return 0.05 * Math.sqrt(dx * dx + dy * dy + dz * dz) + grout;
    }

    /**
     * The pieces of {@code m} inside each cell: cell by cell in order, within a cell its
     * connected components in order of their first triangle.
     *
     * @param grout gap width, metres (≥ 0): every cell plane moves inward by half of it
     */
    public static List<TriMesh> cut(TriMesh m, List<ConvexPolytope> cells, double grout) {
        return cut(m, cells, grout, MeshNoise.NONE);
    }

    /**
     * {@link #cut(TriMesh, List, double)} with noisy cut faces ({@link CellNoise}): every cut face
     * that two neighbours share gets the same displaced surface on both sides, vertex for vertex
     * (with grout, parallel copies {@code grout} apart).
     */
    public static List<TriMesh> cut(TriMesh m, List<ConvexPolytope> cells, double grout, MeshNoise noise) {
        java.util.Objects.requireNonNull(noise, "noise is null");
        int n = cells.size();
        TriMesh[] part = new TriMesh[n];
        double[] box = new double[6 * n];
        double[] mb = m.bounds();
        double pad = 1e-9 * Math.sqrt(sq(mb[3] - mb[0]) + sq(mb[4] - mb[1]) + sq(mb[5] - mb[2]));
        for (int i = 0; i < n; i++) {
            double[] b = cells.get(i).bounds();
            for (int k = 0; k < 3; k++) {
                box[6 * i + k] = b[k] - pad;
                box[6 * i + 3 + k] = b[3 + k] + pad;
            }
        }
        int[] all = new int[n];
        for (int i = 0; i < n; i++) {
            all[i] = i;
        }
        divide(m, cells, box, all, grout, new PlaneClipper(), part, 0);
        List<TriMesh> out = new ArrayList<>();
        for (TriMesh p : part) {
            if (p != null) {
                out.addAll(Components.solids(p));
            }
        }
        if (noise.flat()) {
            return out;
        }
        int faces = 0;
        for (ConvexPolytope c : cells) {
            faces += c.faceCount();
        }
        double[] planes = new double[4 * faces];
        int k = 0;
        for (ConvexPolytope c : cells) {
            for (int f = 0; f < c.faceCount(); f++, k += 4) {
                planes[k] = c.plane(f, 0);
                planes[k + 1] = c.plane(f, 1);
                planes[k + 2] = c.plane(f, 2);
                planes[k + 3] = c.plane(f, 3) - 0.5 * grout;
            }
        }
        return new ArrayList<>(CellNoise.apply(out, planes, noise, grout));
    }

    /** Region triangles under which cells are clipped one by one. */
    private static final int LEAF_CELLS = 4;

    /**
     * Recursive bisection: the region mesh is split at the median cell centre across its longest
     * side; cells entirely on one side (by their bounds, padded) go on with that side's mesh,
     * cells that straddle the split are cut from the region's mesh here. Every cell is therefore
     * cut from a mesh that contains all of cell ∩ source, so the pieces are those of cutting
     * the whole source, for far less work (each cell's clipping starts from a region of about its
     * own size). A cell is first clipped by its padded bounds (cheap axis planes that shrink the
     * mesh; everything they add lies outside the cell and is removed by the cell's own planes).
     */
    private static void divide(TriMesh m, List<ConvexPolytope> cells, double[] box, int[] ids, double grout,
            PlaneClipper clip, TriMesh[] part, int depth) {
        if (m == null || ids.length == 0) {
            return;
        }
        if (ids.length <= LEAF_CELLS || depth > 40) {
            for (int i : ids) {
                part[i] = cell(m, cells.get(i), box, i, grout, clip, ids.length > 1);
            }
            return;
        }
        double[] b = m.bounds();
        int axis = 0;
        for (int k = 1; k < 3; k++) {
            if (b[3 + k] - b[k] > b[3 + axis] - b[axis]) {
                axis = k;
            }
        }
        double[] centre = new double[ids.length];
        for (int i = 0; i < ids.length; i++) {
            centre[i] = 0.5 * (box[6 * ids[i] + axis] + box[6 * ids[i] + 3 + axis]);
        }
        double[] sorted = centre.clone();
        java.util.Arrays.sort(sorted);
        double split = sorted[sorted.length / 2];
        int nl = 0, nr = 0, ns = 0;
        int[] left = new int[ids.length], right = new int[ids.length], straddle = new int[ids.length];
        for (int i : ids) {
            if (box[6 * i + 3 + axis] < split) {
                left[nl++] = i;
            } else if (box[6 * i + axis] > split) {
                right[nr++] = i;
            } else {
                straddle[ns++] = i;
            }
        }
        if (nl == 0 || nr == 0) {
            for (int i : ids) {
                part[i] = cell(m, cells.get(i), box, i, grout, clip, true);
            }
            return;
        }
        for (int q = 0; q < ns; q++) {
            part[straddle[q]] = cell(m, cells.get(straddle[q]), box, straddle[q], grout, clip, true);
        }
        double[] n = new double[3];
        n[axis] = 1;
        TriMesh lo = clip.clip(m, n[0], n[1], n[2], split);
        TriMesh hi = clip.clip(m, -n[0], -n[1], -n[2], -split);
        divide(lo, cells, box, java.util.Arrays.copyOf(left, nl), grout, clip, part, depth + 1);
        divide(hi, cells, box, java.util.Arrays.copyOf(right, nr), grout, clip, part, depth + 1);
    }

    /** Cell ∩ mesh (planes moved inward by half the grout), optionally clipped by the cell's padded bounds first. */
    private static TriMesh cell(TriMesh m, ConvexPolytope cell, double[] box, int i, double grout, PlaneClipper clip,
            boolean bounds) {
        TriMesh part = m;
        if (bounds) {
            for (int k = 0; k < 3 && part != null; k++) {
                double[] n = new double[3];
                n[k] = 1;
                part = clip.clip(part, n[0], n[1], n[2], box[6 * i + 3 + k]);
                if (part != null) {
                    part = clip.clip(part, -n[0], -n[1], -n[2], -box[6 * i + k]);
                }
            }
        }
        for (int f = 0; f < cell.faceCount() && part != null; f++) {
            part = clip.clip(part, cell.plane(f, 0), cell.plane(f, 1), cell.plane(f, 2), cell.plane(f, 3) - 0.5 * grout);
        }
        return part;
    }

    private static double sq(double x) {
        return x * x;
    }

    /**
     * Convex collision hulls of a closed piece: the hull of the piece, or of its parts after
     * recursive centroid splits while a part's hull exceeds its volume by more than
     * {@code concavity} (relative) and the budget {@code maxHulls} allows.
     */
    public static ConvexPolytope[] hulls(TriMesh piece, double concavity, int maxHulls) {
        List<TriMesh> done = new ArrayList<>();
        List<TriMesh> todo = new ArrayList<>();
        todo.add(piece);
        PlaneClipper clip = new PlaneClipper();
        List<ConvexPolytope> hulls = new ArrayList<>();
        while (!todo.isEmpty()) {
            TriMesh p = todo.remove(0);
            double vol = p.volume();
            ConvexPolytope h = hullOf(p);
            boolean concave = h != null && h.volume() > (1 + concavity) * vol;
            if (!concave || done.size() + todo.size() + 2 > maxHulls) {
                done.add(p);
                if (h != null) {
                    hulls.add(h);
                }
                continue;
            }
            double[] mp = p.massProperties();
            double[] b = p.bounds();
            int axis = 0;
            for (int k = 1; k < 3; k++) {
                if (b[3 + k] - b[k] > b[3 + axis] - b[axis]) {
                    axis = k;
                }
            }
            double[] n = new double[3];
            n[axis] = 1;
            TriMesh lo = clip.clip(p, n[0], n[1], n[2], mp[1 + axis]);
            TriMesh hi = clip.clip(p, -n[0], -n[1], -n[2], -mp[1 + axis]);
            if (lo == null || hi == null || lo == p || hi == p) {
                done.add(p);
                if (h != null) {
                    hulls.add(h);
                }
                continue;
            }
            todo.addAll(Components.solids(lo));
            todo.addAll(Components.solids(hi));
        }
        if (hulls.isEmpty()) {
            double[] b = piece.bounds();
            double e = 1e-9 * Math.max(1e-9, Math.max(b[3] - b[0], Math.max(b[4] - b[1], b[5] - b[2])));
            hulls.add(ConvexPolytope.box(0.5 * (b[0] + b[3]), 0.5 * (b[1] + b[4]), 0.5 * (b[2] + b[5]),
                    Math.max(e, 0.5 * (b[3] - b[0])), Math.max(e, 0.5 * (b[4] - b[1])), Math.max(e, 0.5 * (b[5] - b[2]))));
        }
        return hulls.toArray(new ConvexPolytope[0]);
    }

    /** The convex hull of a mesh's positions as a polytope, or null when they span no volume. */
    public static ConvexPolytope hullOf(TriMesh p) {
        try {
            return toPolytope(QuickHull.of(usedPositions(p)));
        } catch (IllegalArgumentException e) {
            // flat parts span no volume; a hull whose merged faces degenerate (nearly coplanar points):
            // the part's bounds box instead, when it has volume
            double[] b = p.bounds();
            double hx = 0.5 * (b[3] - b[0]), hy = 0.5 * (b[4] - b[1]), hz = 0.5 * (b[5] - b[2]);
            if (!(hx > 0 && hy > 0 && hz > 0) || !(p.volume() > 0)) {
                return null;
            }
            return ConvexPolytope.box(b[0] + hx, b[1] + hy, b[2] + hz, hx, hy, hz);
        }
    }

    private static double[] usedPositions(TriMesh p) {
        boolean[] used = new boolean[p.vertexCount()];
        int n = 0;
        for (int i : p.tri) {
            if (!used[i]) {
                used[i] = true;
                n++;
            }
        }
        double[] out = new double[3 * n];
        int k = 0;
        for (int i = 0; i < used.length; i++) {
            if (used[i]) {
                System.arraycopy(p.pos, 3 * i, out, 3 * k++, 3);
            }
        }
        return out;
    }

    /** A hull shape as a polytope with the same vertices, faces and planes. */
    public static ConvexPolytope toPolytope(ConvexHull h) {
        int nv = h.vertexCount(), nf = h.faceCount();
        double[] v = new double[3 * nv];
        for (int i = 0; i < nv; i++) {
            for (int k = 0; k < 3; k++) {
                v[3 * i + k] = h.vertex(i, k);
            }
        }
        int[] start = new int[nf + 1];
        for (int f = 0; f < nf; f++) {
            start[f + 1] = start[f] + h.faceSize(f);
        }
        int[] idx = new int[start[nf]];
        double[] planes = new double[4 * nf];
        for (int f = 0; f < nf; f++) {
            for (int k = 0; k < h.faceSize(f); k++) {
                idx[start[f] + k] = h.faceVertex(f, k);
            }
            for (int c = 0; c < 4; c++) {
                planes[4 * f + c] = h.plane(f, c);
            }
        }
        return ConvexPolytope.of(v, start, idx, planes);
    }

    /**
     * A convex polytope as a closed triangle mesh whose every face is tagged as a cut face with
     * its own plane (so proximity treats all of its faces as contact candidates).
     */
    public static TriMesh ofPolytope(ConvexPolytope p) {
        int nt = 0;
        for (int f = 0; f < p.faceCount(); f++) {
            nt += p.faceSize(f) - 2;
        }
        int[] tri = new int[3 * nt];
        double[] nrm = new double[9 * nt];
        double[] pl = new double[4 * nt];
        int t = 0;
        for (int f = 0; f < p.faceCount(); f++) {
            for (int k = 1; k + 1 < p.faceSize(f); k++) {
                tri[3 * t] = p.faceVertex(f, 0);
                tri[3 * t + 1] = p.faceVertex(f, k);
                tri[3 * t + 2] = p.faceVertex(f, k + 1);
                for (int c = 0; c < 3; c++) {
                    for (int a = 0; a < 3; a++) {
                        nrm[9 * t + 3 * c + a] = p.plane(f, a);
                    }
                }
                for (int a = 0; a < 4; a++) {
                    pl[4 * t + a] = p.plane(f, a);
                }
                t++;
            }
        }
        byte[] mat = new byte[nt];
        java.util.Arrays.fill(mat, TriMesh.INSIDE);
        return new TriMesh(p.vertices(), tri, nrm, new double[6 * nt], mat, pl);
    }

    /**
     * Repairs what can be repaired without guessing: collapsed triangles (a repeated corner) are
     * removed and shells with negative signed volume are turned outside-in. Holes, non-manifold
     * edges and self-intersections are left for {@link MeshCheck} to report.
     */
    public static TriMesh repair(TriMesh m) {
        int nt = m.triangleCount();
        int[] keep = new int[nt];
        int k = 0;
        for (int t = 0; t < nt; t++) {
            int a = m.tri[3 * t], b = m.tri[3 * t + 1], c = m.tri[3 * t + 2];
            if (a != b && b != c && a != c) {
                keep[k++] = t;
            }
        }
        TriMesh r = Components.subset(m, java.util.Arrays.copyOf(keep, k));
        if (MeshCheck.manifoldProblem(r) != null) {
            return r;
        }
        int[] comp = Components.label(r);
        int nc = 0;
        for (int c : comp) {
            nc = Math.max(nc, c + 1);
        }
        double[] vol = Components.volumes(r, comp, nc);
        for (int t = 0; t < r.triangleCount(); t++) {
            if (vol[comp[t]] < 0) {
                int tmp = r.tri[3 * t + 1];
                r.tri[3 * t + 1] = r.tri[3 * t + 2];
                r.tri[3 * t + 2] = tmp;
                for (int a = 0; a < 3; a++) {
                    double x = r.normal[9 * t + 3 + a];
                    r.normal[9 * t + 3 + a] = r.normal[9 * t + 6 + a];
                    r.normal[9 * t + 6 + a] = x;
                }
                for (int c = 0; c < 9; c++) {
                    r.normal[9 * t + c] = -r.normal[9 * t + c];
                }
                for (int a = 0; a < 2; a++) {
                    double x = r.uv[6 * t + 2 + a];
                    r.uv[6 * t + 2 + a] = r.uv[6 * t + 4 + a];
                    r.uv[6 * t + 4 + a] = x;
                }
            }
        }
        return r;
    }

    /**
     * {@code count} points uniformly inside the closed mesh (rejection sampling from its bounds,
     * inside = odd number of crossings of a ray along +x), seeded; packed xyz. Used to place
     * Voronoi sites in the material rather than in the empty parts of the bounding box.
     */
    public static double[] sampleInside(TriMesh m, int count, long seed) {
        double[] b = m.bounds();
        double[] out = new double[3 * count];
        long s = seed;
        int got = 0;
        long tries = 0;
        while (got < count) {
            if (++tries > 1000L * count + 100000) {
                throw new MeshException("cannot place " + count + " sites inside the mesh (it encloses almost no volume)");
            }
            s += 0x9E3779B97F4A7C15L;
            double x = b[0] + unit(s, 1) * (b[3] - b[0]);
            double y = b[1] + unit(s, 2) * (b[4] - b[1]);
            double z = b[2] + unit(s, 3) * (b[5] - b[2]);
            if (inside(m, x, y, z)) {
                out[3 * got] = x;
                out[3 * got + 1] = y;
                out[3 * got + 2] = z;
                got++;
            }
        }
        return out;
    }

    private static double unit(long s, long salt) {
        long z = s + salt * 0xD1B54A32D192ED03L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        z ^= z >>> 31;
        return (z >>> 11) * 0x1.0p-53;
    }

    /** Odd number of crossings of the ray from (x, y, z) along +x (half-open edge rule in y, z). */
    public static boolean inside(TriMesh m, double x, double y, double z) {
        int crossings = 0;
        double[] p = m.pos;
        for (int t = 0; t < m.tri.length; t += 3) {
            int a = 3 * m.tri[t], b = 3 * m.tri[t + 1], c = 3 * m.tri[t + 2];
            // 2-D point in triangle in the (y, z) plane, then the hit's x beyond the origin
            double ay = p[a + 1] - y, az = p[a + 2] - z, by = p[b + 1] - y, bz = p[b + 2] - z;
            double cy = p[c + 1] - y, cz = p[c + 2] - z;
            double e0 = by * cz - bz * cy, e1 = cy * az - cz * ay, e2 = ay * bz - az * by;
            if ((e0 > 0 && e1 > 0 && e2 > 0) || (e0 < 0 && e1 < 0 && e2 < 0)) {
                double w = e0 + e1 + e2;
                double hx = (e0 * p[a] + e1 * p[b] + e2 * p[c]) / w;
                if (hx > x) {
                    crossings++;
                }
            }
        }
        return (crossings & 1) == 1;
    }
}
