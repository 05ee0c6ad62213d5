package dev.rubble.authoring.mesh;

import dev.rubble.spi.geom.ConvexPolytope;
import dev.rubble.spi.graph.DisjointSets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Fracture by cutter meshes scattered through the source (Chaos's "mesh" cutter: a cutting mesh
 * placed a number of times with random rotation and a scale range; reference:
 * chaos-large-scale-destruction, the fracture tools). Each placed cutter is a convex mesh C; every
 * piece it reaches is split into the part inside C and the rest, which stays whole.
 *
 * <p>A flat cutter is cut locally first ({@link LocalCutter}): only the piece's triangles near C are
 * clipped, the rest of the piece is left as it is, so the work follows the cutter's size, not the
 * piece's. The arrangement method below is kept for noisy cutters and for the degenerate
 * configurations the local method refuses (a point exactly on one of C's planes); both give the same
 * pieces up to their triangulation (the same volumes).
 *
 * <p>Arrangement method: the piece is split by every face plane of C in turn with {@link PlaneSplitter}
 * (whose cap is shared by both sides, every later split of it made from the same canonical
 * points), giving the cells of the planes' arrangement, each with the set of planes it lies
 * outside of. The cell outside none of them is piece ∩ C. The others are glued back into the rest:
 * a cell's cap on plane j faces the cell that differs only in plane j; unless that neighbour is
 * piece ∩ C, the cap is an interior face of the rest and is dropped on both sides (both drop
 * the same region, whose outline points are bit-identical), and positions with identical bits
 * are welded. The rest is split into connected components; a shell of negative volume (the
 * cavity left by a cutter entirely inside the piece) joins the component that encloses it.
 * Mass, volume and closedness are exact as for the other cutters; the rest keeps the traces of
 * the extended planes as edges on its surface (no visible seam: the triangles on either side lie
 * on the same source triangle). In the degenerate case where a face of the cutter lies exactly on
 * an earlier cut face (an axis-aligned cutter on an earlier axis-aligned cut), outlines may not
 * match one to one; the rest then stays split along the cutter's planes.
 */
public final class MeshCutters {
    /** Most face planes of a cutter mesh (the arrangement's cells carry a 62-bit side mask). */
    public static final int MAX_CUTTER_FACES = 62;

    private MeshCutters() {
    }

    /**
     * The face planes of a convex cutter mesh ({@code nx, ny, nz, d} each, outward), from the
     * convex hull of its positions; refused when the mesh is not convex (its volume differs from
     * its hull's by more than 1e-6 relative) or has more than {@link #MAX_CUTTER_FACES} faces.
     */
    public static double[] planesOf(TriMesh cutter) {
        ConvexPolytope h = MeshFracture.hullOf(cutter);
        double v = cutter.volume();
        if (h == null || !(v > 0)) {
            throw new MeshException("the cutter mesh encloses no volume (" + v + " m3)");
        }
        if (Math.abs(h.volume() - v) > 1e-6 * v) {
            throw new MeshException("the cutter mesh is not convex: its volume " + v + " m3 differs from its convex hull's "
                    + h.volume() + " m3; allowed: a convex mesh");
        }
        if (h.faceCount() > MAX_CUTTER_FACES) {
            throw new MeshException("the cutter mesh has " + h.faceCount() + " faces; allowed: at most " + MAX_CUTTER_FACES);
        }
        double[] out = new double[4 * h.faceCount()];
        for (int f = 0; f < h.faceCount(); f++) {
            for (int k = 0; k < 4; k++) {
                out[4 * f + k] = h.plane(f, k);
            }
        }
        return out;
    }

    /** A regular icosahedron of circumradius 1 about the origin (the default cutter). */
    public static TriMesh icosahedron() {
        double t = (1 + Math.sqrt(5)) / 2, s = 1 / Math.sqrt(1 + t * t);
        double[] p = {-1, t, 0, 1, t, 0, -1, -t, 0, 1, -t, 0, 0, -1, t, 0, 1, t, 0, -1, -t, 0, 1, -t, t, 0, -1, t, 0, 1,
            -t, 0, -1, -t, 0, 1};
        for (int i = 0; i < p.length; i++) {
            p[i] *= s;
        }
        int[] f = {0, 11, 5, 0, 5, 1, 0, 1, 7, 0, 7, 10, 0, 10, 11, 1, 5, 9, 5, 11, 4, 11, 10, 2, 10, 7, 6, 7, 1, 8, 3, 9, 4,
            3, 4, 2, 3, 2, 6, 3, 6, 8, 3, 8, 9, 4, 9, 5, 2, 4, 11, 6, 2, 10, 8, 6, 7, 9, 8, 1};
        return TriMesh.of(p, f);
    }

    /**
     * {@code count} placements of a cutter with face planes {@code planes} (about the origin of
     * the cutter mesh's frame): each at a random point inside {@code m}, uniformly random
     * rotation, uniform scale in [{@code minScale}, {@code maxScale}], seeded. Returns one plane
     * array per placement.
     */
    public static List<double[]> scatter(TriMesh m, double[] planes, int count, double minScale, double maxScale,
            long seed) {
        if (count < 1) {
            throw new IllegalArgumentException("count = " + count + "; allowed: >= 1");
        }
        if (!(minScale > 0) || !(maxScale >= minScale) || !Double.isFinite(maxScale)) {
            throw new IllegalArgumentException("scale range " + minScale + ".." + maxScale + "; allowed: 0 < min <= max, finite");
        }
        double[] at = MeshFracture.sampleInside(m, count, seed ^ 0x63757474657273L);
        List<double[]> out = new ArrayList<>();
        long s = seed * 0x9E3779B97F4A7C15L + 0x6D657368L;
        for (int c = 0; c < count; c++) {
            s += 0x9E3779B97F4A7C15L;
            // uniform rotation (Shoemake): quaternion from three uniforms
            double u1 = unit(s, 1), u2 = unit(s, 2), u3 = unit(s, 3);
            double a = StrictMath.sqrt(1 - u1), b = StrictMath.sqrt(u1);
            double qx = a * StrictMath.sin(2 * Math.PI * u2), qy = a * StrictMath.cos(2 * Math.PI * u2);
            double qz = b * StrictMath.sin(2 * Math.PI * u3), qw = b * StrictMath.cos(2 * Math.PI * u3);
            double scale = minScale + unit(s, 4) * (maxScale - minScale);
            double[] r = {
                1 - 2 * (qy * qy + qz * qz), 2 * (qx * qy - qz * qw), 2 * (qx * qz + qy * qw),
                2 * (qx * qy + qz * qw), 1 - 2 * (qx * qx + qz * qz), 2 * (qy * qz - qx * qw),
                2 * (qx * qz - qy * qw), 2 * (qy * qz + qx * qw), 1 - 2 * (qx * qx + qy * qy)};
            double[] p = new double[planes.length];
            for (int f = 0; f < planes.length; f += 4) {
                double nx = r[0] * planes[f] + r[1] * planes[f + 1] + r[2] * planes[f + 2];
                double ny = r[3] * planes[f] + r[4] * planes[f + 1] + r[5] * planes[f + 2];
                double nz = r[6] * planes[f] + r[7] * planes[f + 1] + r[8] * planes[f + 2];
                double l = Math.sqrt(nx * nx + ny * ny + nz * nz);
                nx /= l;
                ny /= l;
                nz /= l;
                p[f] = nx;
                p[f + 1] = ny;
                p[f + 2] = nz;
                p[f + 3] = scale * planes[f + 3] + nx * at[3 * c] + ny * at[3 * c + 1] + nz * at[3 * c + 2];
            }
            out.add(p);
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

    /**
     * Cuts {@code m} by each placed cutter in turn (every current piece; a piece the cutter misses
     * stays as it is); returns the pieces in a deterministic order.
     *
     * @param cutters per cutter its face planes ({@code nx, ny, nz, d}, unit outward normals)
     * @param noise   noise on the cutters' surfaces (flat: {@link MeshNoise#NONE})
     */
    public static List<TriMesh> cut(TriMesh m, List<double[]> cutters, MeshNoise noise) {
        List<TriMesh> pieces = new ArrayList<>();
        pieces.add(m);
        for (double[] c : cutters) {
            if (c.length % 4 != 0 || c.length == 0 || c.length > 4 * MAX_CUTTER_FACES) {
                throw new IllegalArgumentException("cutter planes length = " + c.length + "; allowed: 4 to "
                        + 4 * MAX_CUTTER_FACES + ", a multiple of 4");
            }
            CutterGeometry local = noise.flat() ? LocalCutter.cutter(c) : null;
            List<TriMesh> next = new ArrayList<>();
            for (TriMesh p : pieces) {
                List<TriMesh> r = local == null ? null : LocalCutter.cut(p, c, local);
                next.addAll(r != null ? r : cutOne(p, c, noise));
            }
            pieces = next;
        }
        return pieces;
    }

    /** Material mark of this cutter's own caps while it cuts (earlier cut faces may lie on its planes). */
    private static final byte OWN_CAP = 2;

    /** The mesh with this cutter's caps back to the inside material. */
    private static TriMesh unmark(TriMesh m) {
        for (int t = 0; t < m.material.length; t++) {
            if (m.material[t] == OWN_CAP) {
                m.material[t] = TriMesh.INSIDE;
            }
        }
        return m;
    }

    /** {@code {piece ∩ C, the rest's components...}} (empty parts left out). */
    static List<TriMesh> cutOne(TriMesh m, double[] planes, MeshNoise noise) {
        int k = planes.length / 4;
        List<TriMesh> cells = new ArrayList<>();
        List<Long> masks = new ArrayList<>();
        cells.add(m);
        masks.add(0L);
        for (int j = 0; j < k; j++) {
            List<TriMesh> nc = new ArrayList<>();
            List<Long> nm = new ArrayList<>();
            for (int i = 0; i < cells.size(); i++) {
                TriMesh[] r = PlaneSplitter.split(cells.get(i), planes[4 * j], planes[4 * j + 1], planes[4 * j + 2],
                        planes[4 * j + 3], noise, OWN_CAP);
                if (r[0] != null) {
                    nc.add(r[0]);
                    nm.add(masks.get(i));
                }
                if (r[1] != null) {
                    nc.add(r[1]);
                    nm.add(masks.get(i) | (1L << j));
                }
            }
            cells = nc;
            masks = nm;
        }
        TriMesh inside = null;
        List<TriMesh> rest = new ArrayList<>();
        List<Long> restMask = new ArrayList<>();
        for (int i = 0; i < cells.size(); i++) {
            if (masks.get(i) == 0L) {
                inside = cells.get(i);
            } else {
                rest.add(cells.get(i));
                restMask.add(masks.get(i));
            }
        }
        List<TriMesh> out = new ArrayList<>();
        if (inside == null) {
            out.add(m); // the cutter misses this piece
            return out;
        }
        out.addAll(Components.solids(unmark(inside)));
        if (!rest.isEmpty()) {
            TriMesh glued;
            try {
                glued = unmark(glue(rest, restMask, planes));
            } catch (IllegalStateException e) {
                glued = null;
            }
            if (glued != null && MeshCheck.manifoldProblem(glued) == null) {
                out.addAll(Components.solids(glued));
            } else {
                // degenerate: a face of the cutter lies exactly on an earlier cut face and the outlines
                // cannot be matched one to one; the rest stays split along the cutter's planes (every
                // part closed, the volume exact)
                List<TriMesh> parts = new ArrayList<>();
                for (TriMesh c : rest) {
                    parts.addAll(Components.split(unmark(c)));
                }
                out.addAll(Components.withCavities(parts));
            }
        }
        // closed shells of no volume (faces on the plane, counted to one side) hold no material
        double[] b = m.bounds();
        double tiny = 1e-12 * (b[3] - b[0]) * (b[4] - b[1]) * (b[5] - b[2]);
        out.removeIf(p -> Math.abs(p.volume()) <= tiny);
        return out;
    }

    /**
     * The cells outside the cutter as one mesh: caps between two of them dropped, and the open
     * outlines this leaves joined edge to edge (an outline edge of one cell meets the reversed
     * edge, with bit-identical end positions, of another). Points are joined through matched edges
     * only, never by position alone: a cell may hold two points at one position (a crossing at a
     * vertex on the plane), which must stay apart.
     */
    private static TriMesh glue(List<TriMesh> rest, List<Long> masks, double[] planes) {
        int k = planes.length / 4;
        int cells = rest.size();
        int[] base = new int[cells + 1];
        for (int i = 0; i < cells; i++) {
            base[i + 1] = base[i] + rest.get(i).vertexCount();
        }
        boolean[][] keep = new boolean[cells][];
        // open edges: kept directed edges whose reverse is not kept in the same cell
        Map<EdgeKey, List<int[]>> open = new HashMap<>();
        List<int[]> openList = new ArrayList<>();
        for (int i = 0; i < cells; i++) {
            TriMesh c = rest.get(i);
            long mask = masks.get(i);
            keep[i] = new boolean[c.triangleCount()];
            Map<Long, Integer> dir = new HashMap<>();
            for (int t = 0; t < c.triangleCount(); t++) {
                keep[i][t] = !(c.material[t] == OWN_CAP && interior(c, t, mask, planes, k));
                if (keep[i][t]) {
                    for (int q = 0; q < 3; q++) {
                        dir.merge(edge(c.tri[3 * t + q], c.tri[3 * t + (q + 1) % 3]), 1, Integer::sum);
                    }
                }
            }
            for (int t = 0; t < c.triangleCount(); t++) {
                if (!keep[i][t]) {
                    continue;
                }
                for (int q = 0; q < 3; q++) {
                    int a = c.tri[3 * t + q], b = c.tri[3 * t + (q + 1) % 3];
                    if (!dir.containsKey(edge(b, a))) {
                        int[] e = {i, a, b, 0};
                        open.computeIfAbsent(key(c, a, b), x -> new ArrayList<>()).add(e);
                        openList.add(e);
                    }
                }
            }
        }
        int[] rep = new int[base[cells]];
        DisjointSets.reset(rep, rep.length);
        for (int[] e : openList) {
            TriMesh c = rest.get(e[0]);
            if (e[3] == 0 && samePosition(c, e[1], e[2])) {
                // a zero-length outline edge (a crossing made at a point on the plane, beside the point
                // itself): the other side has one point there; the two become one
                DisjointSets.union(rep, base[e[0]] + e[1], base[e[0]] + e[2]);
                e[3] = 1;
            }
        }
        for (int[] e : openList) {
            if (e[3] != 0) {
                continue;
            }
            TriMesh c = rest.get(e[0]);
            List<int[]> cand = open.get(key(c, e[2], e[1]));
            int[] f = null;
            for (int[] g : cand == null ? List.<int[]>of() : cand) {
                if (g[3] == 0 && g[0] != e[0]) {
                    f = g;
                    break;
                }
            }
            if (f == null) {
                throw new IllegalStateException("mesh cutter: an outline edge of the rest has no partner: " + key(c, e[1], e[2])
                        + " cell mask " + masks.get(e[0]) + " candidates " + (cand == null ? 0 : cand.size()));
            }
            e[3] = 1;
            f[3] = 1;
            DisjointSets.union(rep, base[e[0]] + e[1], base[f[0]] + f[2]);
            DisjointSets.union(rep, base[e[0]] + e[2], base[f[0]] + f[1]);
        }
        PlaneClipper.Out o = new PlaneClipper.Out(1024, 1024);
        int[] id = new int[rep.length];
        Arrays.fill(id, -1);
        for (int i = 0; i < cells; i++) {
            TriMesh c = rest.get(i);
            for (int t = 0; t < c.triangleCount(); t++) {
                if (!keep[i][t]) {
                    continue;
                }
                int r0 = DisjointSets.find(rep, base[i] + c.tri[3 * t]);
                int r1 = DisjointSets.find(rep, base[i] + c.tri[3 * t + 1]);
                int r2 = DisjointSets.find(rep, base[i] + c.tri[3 * t + 2]);
                if (r0 == r1 || r1 == r2 || r0 == r2) {
                    continue; // collapsed with a zero-length edge
                }
                int[] v = new int[3];
                for (int q = 0; q < 3; q++) {
                    int x = c.tri[3 * t + q], r = DisjointSets.find(rep, base[i] + x);
                    if (id[r] < 0) {
                        int ci = cellOf(base, r), cv = r - base[ci];
                        TriMesh src = rest.get(ci);
                        id[r] = o.addVertex(src.pos[3 * cv], src.pos[3 * cv + 1], src.pos[3 * cv + 2]);
                    }
                    v[q] = id[r];
                }
                o.copyTriangle(c, t, v[0], v[1], v[2]);
            }
        }
        return o.build();
    }

    private static int cellOf(int[] base, int v) {
        int i = Arrays.binarySearch(base, v);
        if (i >= 0) {
            while (i + 1 < base.length && base[i + 1] == v) {
                i++;
            }
            return i;
        }
        return -i - 2;
    }

    private static boolean samePosition(TriMesh c, int a, int b) {
        return c.pos[3 * a] == c.pos[3 * b] && c.pos[3 * a + 1] == c.pos[3 * b + 1] && c.pos[3 * a + 2] == c.pos[3 * b + 2];
    }

    private static long edge(int a, int b) {
        return ((long) a << 32) | (b & 0xffffffffL);
    }

    private static EdgeKey key(TriMesh c, int a, int b) {
        return new EdgeKey(c.pos[3 * a], c.pos[3 * a + 1], c.pos[3 * a + 2], c.pos[3 * b], c.pos[3 * b + 1], c.pos[3 * b + 2]);
    }

    private record EdgeKey(double ax, double ay, double az, double bx, double by, double bz) {
    }

    /** Whether cut triangle t (of a cell outside the cutter, side mask {@code mask}) lies on a plane whose other side is outside the cutter too. */
    private static boolean interior(TriMesh c, int t, long mask, double[] planes, int k) {
        for (int j = 0; j < k; j++) {
            boolean same = c.plane[4 * t] == planes[4 * j] && c.plane[4 * t + 1] == planes[4 * j + 1]
                    && c.plane[4 * t + 2] == planes[4 * j + 2] && c.plane[4 * t + 3] == planes[4 * j + 3];
            boolean opposite = c.plane[4 * t] == -planes[4 * j] && c.plane[4 * t + 1] == -planes[4 * j + 1]
                    && c.plane[4 * t + 2] == -planes[4 * j + 2] && c.plane[4 * t + 3] == -planes[4 * j + 3];
            if (same || opposite) {
                return (mask ^ (1L << j)) != 0L; // the neighbour across plane j is outside the cutter too
            }
        }
        return false;
    }

}
