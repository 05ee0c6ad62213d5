package dev.rubble.authoring.mesh;

import dev.rubble.spi.graph.DisjointSets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Noise on the cut faces of cell fractures (Voronoi, slice, brick, any fracture plugin): the flat
 * pieces that {@link MeshFracture#cut} makes are given noisy cut surfaces that neighbours share
 * vertex for vertex, so cracks stay closed.
 *
 * <p>Each cell clips its own piece, so two neighbours' flat cut faces cover the same area of one
 * plane but are triangulated differently. This pass gathers all cut faces that lie on one plane
 * (from both sides: a "plane group"), lays a square grid of the noise spacing in the plane's
 * canonical coordinates, and takes the grid squares that lie inside one face of each side, at
 * least 1.2 spacings from either face's outline: the <em>patch</em>. The patch is triangulated
 * once (two triangles per square, one diagonal) and its points are displaced along the plane
 * normal by the seeded Perlin noise of {@link MeshNoise}, faded in from zero at the patch's edge
 * over three spacings. Both sides get exactly these points and triangles (opposite orientation).
 * Between each face's own outline (unchanged: its points are shared with the piece's other faces)
 * and the patch's edge lies a flat rim, triangulated per side from the outline and the patch edge;
 * flat on both sides, it covers the same area, so the two surfaces coincide everywhere. The patch
 * is what neighbours share bit for bit; the rims are a strip of about one spacing.
 *
 * <p>Only faces whose cut plane is one of the given planes (this fracture's cell planes) are
 * touched, so noisy faces of an earlier level stay as they are. A plane group whose faces cannot
 * be re-triangulated safely (a face outline that touches itself, a rim whose triangles do not
 * cover it) is left flat on both sides.
 */
final class CellNoise {
    private CellNoise() {
    }

    /** A face: the cut triangles of one piece on one plane tag. */
    private static final class Face {
        final int piece;
        final double[] tag;   // the piece's own plane n·x = d (n out of the piece)
        final int[] tris;     // triangle indices in the piece
        int side;             // +1: n along the group's normal, -1: opposite
        int[][] loops;        // outline loops, piece vertex ids, counter-clockwise in the group's (u, v) seen from +n
        double[][] loopUv;    // per loop: packed u, v
        double[] box;         // uv bounds
        int[] patch;          // the patch squares in this face (indices into the group's square list)
        int patchCount;

        Face(int piece, double[] tag, int[] tris) {
            this.piece = piece;
            this.tag = tag;
            this.tris = tris;
        }
    }

    /**
     * Noisy cut faces for the pieces of one fracture.
     *
     * @param pieces the pieces (closed meshes)
     * @param planes the cut planes of this fracture, 4 numbers each ({@code n·x = d} as the cut triangles are tagged)
     * @param grout  the gap between neighbours (their faces are parallel, this far apart, and get the same noise)
     * @return the pieces, those with a noisy face replaced
     */
    static List<TriMesh> apply(List<TriMesh> pieces, double[] planes, MeshNoise noise, double grout) {
        if (noise.flat() || pieces.size() < 2) {
            return pieces;
        }
        Set<Key> wanted = new java.util.HashSet<>();
        for (int i = 0; i + 3 < planes.length; i += 4) {
            wanted.add(new Key(planes[i], planes[i + 1], planes[i + 2], planes[i + 3]));
        }
        List<Face> faces = new ArrayList<>();
        double[] all = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY};
        for (int p = 0; p < pieces.size(); p++) {
            TriMesh m = pieces.get(p);
            double[] b = m.bounds();
            for (int k = 0; k < 3; k++) {
                all[k] = Math.min(all[k], b[k]);
                all[3 + k] = Math.max(all[3 + k], b[3 + k]);
            }
            Map<Key, List<Integer>> byTag = new java.util.TreeMap<>();
            for (int t = 0; t < m.triangleCount(); t++) {
                if (m.material[t] != TriMesh.INSIDE || Double.isNaN(m.plane[4 * t])) {
                    continue;
                }
                Key k = new Key(m.plane[4 * t], m.plane[4 * t + 1], m.plane[4 * t + 2], m.plane[4 * t + 3]);
                if (wanted.contains(k)) {
                    byTag.computeIfAbsent(k, x -> new ArrayList<>()).add(t);
                }
            }
            for (Map.Entry<Key, List<Integer>> e : byTag.entrySet()) {
                Key k = e.getKey();
                faces.add(new Face(p, new double[] {k.nx, k.ny, k.nz, k.d},
                        e.getValue().stream().mapToInt(Integer::intValue).toArray()));
            }
        }
        double scale = Math.sqrt(sq(all[3] - all[0]) + sq(all[4] - all[1]) + sq(all[5] - all[2]));
        double tol = 1e-9 * Math.max(scale, 1e-300);
        List<List<Face>> groups = group(faces, tol + grout);
        TriMesh[] out = pieces.toArray(new TriMesh[0]);
        int[] perm = noise.table();
        List<Rebuilt> rebuilt = new ArrayList<>();
        for (List<Face> g : groups) {
            Rebuilt r = noisyGroup(pieces, g, noise, perm, tol);
            if (r != null) {
                rebuilt.add(r);
            }
        }
        // apply per piece: every face of a piece rebuilt in one pass
        Map<Integer, List<FaceResult>> perPiece = new java.util.TreeMap<>();
        for (Rebuilt r : rebuilt) {
            for (FaceResult f : r.faces) {
                perPiece.computeIfAbsent(f.face.piece, x -> new ArrayList<>()).add(f);
            }
        }
        for (Map.Entry<Integer, List<FaceResult>> e : perPiece.entrySet()) {
            out[e.getKey()] = rebuild(pieces.get(e.getKey()), e.getValue());
        }
        return List.of(out);
    }

    private record Key(double nx, double ny, double nz, double d) implements Comparable<Key> {
        @Override
        public int compareTo(Key o) {
            int c = Double.compare(nx, o.nx);
            c = c != 0 ? c : Double.compare(ny, o.ny);
            c = c != 0 ? c : Double.compare(nz, o.nz);
            return c != 0 ? c : Double.compare(d, o.d);
        }
    }

    /** Faces on one geometric plane (either orientation), in order of first face. */
    private static List<List<Face>> group(List<Face> faces, double tol) {
        int n = faces.size();
        double[][] canon = new double[n][];
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            double[] t = faces.get(i).tag;
            int big = 0;
            for (int k = 1; k < 3; k++) {
                if (Math.abs(t[k]) > Math.abs(t[big])) {
                    big = k;
                }
            }
            double s = t[big] < 0 ? -1 : 1;
            canon[i] = new double[] {s * t[0], s * t[1], s * t[2], s * t[3]};
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> a.equals(b) ? 0
                : canon[a][3] != canon[b][3] ? Double.compare(canon[a][3], canon[b][3]) : Integer.compare(a, b));
        int[] rep = new int[n];
        DisjointSets.reset(rep, n);
        for (int i = 0; i < n; i++) {
            double[] a = canon[order[i]];
            for (int j = i + 1; j < n && canon[order[j]][3] - a[3] <= tol; j++) {
                double[] b = canon[order[j]];
                if (Math.abs(a[0] - b[0]) <= 1e-9 && Math.abs(a[1] - b[1]) <= 1e-9 && Math.abs(a[2] - b[2]) <= 1e-9) {
                    DisjointSets.union(rep, order[i], order[j]);
                }
            }
        }
        Map<Integer, List<Face>> byRep = new java.util.TreeMap<>();
        for (int i = 0; i < n; i++) {
            byRep.computeIfAbsent(DisjointSets.find(rep, i), x -> new ArrayList<>()).add(faces.get(i));
        }
        return new ArrayList<>(byRep.values());
    }

    private record FaceResult(Face face, double[] newPos, int[] rimTris, int[] patchTris, int loopPoints) {
    }

    private record Rebuilt(List<FaceResult> faces) {
    }

    /** The noisy surfaces of one plane group, or null when it stays flat. */
    private static Rebuilt noisyGroup(List<TriMesh> pieces, List<Face> g, MeshNoise noise, int[] perm, double tol) {
        boolean plus = false, minus = false;
        double[] n0 = g.get(0).tag;
        double[] n = n0.clone();
        int big = 0;
        for (int k = 1; k < 3; k++) {
            if (Math.abs(n[k]) > Math.abs(n[big])) {
                big = k;
            }
        }
        if (n[big] < 0) {
            for (int k = 0; k < 4; k++) {
                n[k] = -n[k];
            }
        }
        double[] basis = new double[6];
        dev.rubble.spi.geom.ConvexPolytope.planeBasis(n[0], n[1], n[2], basis);
        for (Face f : g) {
            f.side = f.tag[0] * n[0] + f.tag[1] * n[1] + f.tag[2] * n[2] > 0 ? 1 : -1;
            plus |= f.side > 0;
            minus |= f.side < 0;
            if (!outline(pieces.get(f.piece), f, basis)) {
                return null;
            }
        }
        if (!plus || !minus) {
            return null;
        }
        double h = noise.spacing();
        double umin = Double.POSITIVE_INFINITY, vmin = Double.POSITIVE_INFINITY;
        double umax = Double.NEGATIVE_INFINITY, vmax = Double.NEGATIVE_INFINITY;
        for (Face f : g) {
            umin = Math.min(umin, f.box[0]);
            vmin = Math.min(vmin, f.box[1]);
            umax = Math.max(umax, f.box[2]);
            vmax = Math.max(vmax, f.box[3]);
        }
        long i0 = (long) Math.floor(umin / h), i1 = (long) Math.ceil(umax / h);
        long j0 = (long) Math.floor(vmin / h), j1 = (long) Math.ceil(vmax / h);
        long ni = i1 - i0, nj = j1 - j0;
        if (ni < 3 || nj < 3) {
            return null;
        }
        if (ni * nj > 4_000_000L) {
            throw new IllegalArgumentException("noise spacing " + h + " m would put more than 4 000 000 points on one cut;"
                    + " allowed: a larger spacing");
        }
        int w = (int) ni, hgt = (int) nj;
        // the squares of the patch: inside a face of each side, their centre 1.2 h from both outlines
        byte[] in = new byte[w * hgt];
        Face[] ownerPlus = new Face[w * hgt], ownerMinus = new Face[w * hgt];
        double clear = 1.2 * h;
        for (int j = 0; j < hgt; j++) {
            for (int i = 0; i < w; i++) {
                double u = (i0 + i + 0.5) * h, v = (j0 + j + 0.5) * h;
                Face a = null, b = null;
                for (Face f : g) {
                    if (u < f.box[0] || u > f.box[2] || v < f.box[1] || v > f.box[3]) {
                        continue;
                    }
                    if (contains(f, u, v)) {
                        if (f.side > 0 && a == null) {
                            a = f;
                        } else if (f.side < 0 && b == null) {
                            b = f;
                        }
                    }
                }
                if (a != null && b != null && distance(a, u, v) >= clear && distance(b, u, v) >= clear) {
                    in[j * w + i] = 1;
                    ownerPlus[j * w + i] = a;
                    ownerMinus[j * w + i] = b;
                }
            }
        }
        // no two squares that meet at a corner only (the patch's edge must not touch itself)
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int j = 0; j + 1 < hgt; j++) {
                for (int i = 0; i + 1 < w; i++) {
                    int s00 = j * w + i, s10 = s00 + 1, s01 = s00 + w, s11 = s01 + 1;
                    if (in[s00] == 1 && in[s11] == 1 && in[s10] == 0 && in[s01] == 0) {
                        in[s11] = 0;
                        changed = true;
                    } else if (in[s10] == 1 && in[s01] == 1 && in[s00] == 0 && in[s11] == 0) {
                        in[s01] = 0;
                        changed = true;
                    }
                }
            }
        }
        int squares = 0;
        for (byte x : in) {
            squares += x;
        }
        if (squares == 0) {
            return null;
        }
        // grid points of the patch: position (shared by both sides), computed once
        int gw = w + 1;
        double[][] point = new double[gw * (hgt + 1)][];
        boolean[] edge = new boolean[gw * (hgt + 1)];
        for (int j = 0; j < hgt; j++) {
            for (int i = 0; i < w; i++) {
                if (in[j * w + i] == 0) {
                    continue;
                }
                // an edge of the square is the patch's edge when the square beyond it is not in
                boolean left = i == 0 || in[j * w + i - 1] == 0, right = i + 1 == w || in[j * w + i + 1] == 0;
                boolean down = j == 0 || in[(j - 1) * w + i] == 0, up = j + 1 == hgt || in[(j + 1) * w + i] == 0;
                int c00 = j * gw + i, c10 = c00 + 1, c01 = c00 + gw, c11 = c01 + 1;
                edge[c00] |= left || down;
                edge[c10] |= right || down;
                edge[c01] |= left || up;
                edge[c11] |= right || up;
                // diagonal neighbours missing: the corner touches the outside
                edge[c00] |= i > 0 && j > 0 && in[(j - 1) * w + i - 1] == 0;
                edge[c10] |= i + 1 < w && j > 0 && in[(j - 1) * w + i + 1] == 0;
                edge[c01] |= i > 0 && j + 1 < hgt && in[(j + 1) * w + i - 1] == 0;
                edge[c11] |= i + 1 < w && j + 1 < hgt && in[(j + 1) * w + i + 1] == 0;
                point[c00] = point[c00] == null ? new double[0] : point[c00];
                point[c10] = point[c10] == null ? new double[0] : point[c10];
                point[c01] = point[c01] == null ? new double[0] : point[c01];
                point[c11] = point[c11] == null ? new double[0] : point[c11];
            }
        }
        for (int j = 0; j <= hgt; j++) {
            for (int i = 0; i <= w; i++) {
                int c = j * gw + i;
                if (point[c] == null) {
                    continue;
                }
                double u = (i0 + i) * h, v = (j0 + j) * h;
                double off = 0;
                if (!edge[c]) {
                    // not on the patch's edge: the four squares around it are in the patch, (i, j) among them
                    int s = j * w + i;
                    double dist = Math.min(distance(ownerPlus[s], u, v), distance(ownerMinus[s], u, v));
                    double t = Math.max(0, Math.min(1, (dist - 0.5 * h) / (3 * h)));
                    off = noise.at(perm, u, v) * (t * t * (3 - 2 * t));
                }
                point[c] = new double[] {u, v, off};
            }
        }
        // each face: its patch squares, patch triangles, rim
        for (Face f : g) {
            f.patch = new int[squares];
            f.patchCount = 0;
        }
        for (int s = 0; s < w * hgt; s++) {
            if (in[s] == 1) {
                Face a = ownerPlus[s], b = ownerMinus[s];
                a.patch[a.patchCount++] = s;
                b.patch[b.patchCount++] = s;
            }
        }
        List<FaceResult> results = new ArrayList<>();
        for (Face f : g) {
            if (f.patchCount == 0) {
                continue; // no noise on this face: it keeps its flat triangles
            }
            // the face's own offset along the group's normal: the group's (bit for bit shared) unless
            // grout moved it
            double d = f.side * f.tag[3];
            double off = Math.abs(d - n[3]) <= tol ? n[3] : d;
            FaceResult r = faceSurface(f, w, hgt, point, n, basis, off);
            if (r == null) {
                return null;
            }
            results.add(r);
        }
        return new Rebuilt(results);
    }

    /** The face's new triangles: the rim (outline + patch edge) and its patch squares. */
    private static FaceResult faceSurface(Face f, int w, int hgt, double[][] point, double[] n, double[] basis,
            double offset) {
        int gw = w + 1;
        // patch points of this face, numbered after the outline's points
        int loopPoints = 0;
        for (int[] l : f.loops) {
            loopPoints += l.length;
        }
        Map<Integer, Integer> local = new java.util.TreeMap<>();
        List<Integer> corners = new ArrayList<>();
        int[] patchTris = new int[6 * f.patchCount];
        boolean[] mine = new boolean[w * hgt];
        for (int q = 0; q < f.patchCount; q++) {
            mine[f.patch[q]] = true;
        }
        int pt = 0;
        for (int q = 0; q < f.patchCount; q++) {
            int s = f.patch[q], i = s % w, j = s / w;
            int c00 = j * gw + i, c10 = c00 + 1, c01 = c00 + gw, c11 = c01 + 1;
            int[] c = {c00, c10, c11, c01};
            int[] id = new int[4];
            for (int k = 0; k < 4; k++) {
                Integer x = local.get(c[k]);
                if (x == null) {
                    x = loopPoints + corners.size();
                    local.put(c[k], x);
                    corners.add(c[k]);
                }
                id[k] = x;
            }
            // counter-clockwise in (u, v): (00, 10, 11), (00, 11, 01)
            patchTris[pt++] = id[0];
            patchTris[pt++] = id[1];
            patchTris[pt++] = id[2];
            patchTris[pt++] = id[0];
            patchTris[pt++] = id[2];
            patchTris[pt++] = id[3];
        }
        // the patch's edge loops: directed square edges whose reverse is not in the patch, reversed
        // (so the patch is a hole of the rim: clockwise)
        Map<Integer, Integer> next = new java.util.TreeMap<>();
        for (int q = 0; q < f.patchCount; q++) {
            int s = f.patch[q], i = s % w, j = s / w;
            int c00 = j * gw + i, c10 = c00 + 1, c01 = c00 + gw, c11 = c01 + 1;
            if (j == 0 || !mine[s - w]) {
                if (next.put(c10, c00) != null) {
                    return null;
                }
            }
            if (i + 1 == w || !mine[s + 1]) {
                if (next.put(c11, c10) != null) {
                    return null;
                }
            }
            if (j + 1 == hgt || !mine[s + w]) {
                if (next.put(c01, c11) != null) {
                    return null;
                }
            }
            if (i == 0 || !mine[s - 1]) {
                if (next.put(c00, c01) != null) {
                    return null;
                }
            }
        }
        List<int[]> holeLoops = loops(next);
        if (holeLoops == null) {
            return null;
        }
        // rim polygon: outline loops then patch-edge loops, all points numbered as above
        int total = loopPoints;
        for (int[] l : holeLoops) {
            total += l.length;
        }
        double[] xy = new double[2 * total];
        int[] rimId = new int[total];   // the point's number in the face numbering
        int[] loopStart = new int[f.loops.length + holeLoops.size() + 1];
        int k = 0, l = 0, base = 0;
        for (int li = 0; li < f.loops.length; li++) {
            loopStart[l++] = k;
            for (int q = 0; q < f.loops[li].length; q++) {
                xy[2 * k] = f.loopUv[li][2 * q];
                xy[2 * k + 1] = f.loopUv[li][2 * q + 1];
                rimId[k++] = base + q;
            }
            base += f.loops[li].length;
        }
        for (int[] hl : holeLoops) {
            loopStart[l++] = k;
            for (int c : hl) {
                xy[2 * k] = point[c][0];
                xy[2 * k + 1] = point[c][1];
                Integer id = local.get(c);
                if (id == null) {
                    return null;
                }
                rimId[k++] = id;
            }
        }
        loopStart[l] = k;
        int[] rim = CapTriangulator.triangulate(xy, loopStart, l);
        // the rim must cover outline area minus patch area, with no folded triangle
        double outlineArea = 0;
        for (int li = 0; li < f.loops.length; li++) {
            outlineArea += CapTriangulator.signedArea(xy, loopStart[li], loopStart[li + 1]);
        }
        double rimArea = 0;
        for (int q = 0; q < rim.length; q += 3) {
            double a = orientedArea(xy, rim[q], rim[q + 1], rim[q + 2]);
            if (a < -1e-12 * outlineArea) {
                return null;
            }
            rimArea += a;
        }
        double patchArea = 0;
        for (int q = 0; q < f.patchCount; q++) {
            int s = f.patch[q], i = s % w, j = s / w;
            int c00 = j * gw + i, c11 = c00 + gw + 1;
            patchArea += (point[c11][0] - point[c00][0]) * (point[c11][1] - point[c00][1]);
        }
        if (!(Math.abs(rimArea + patchArea - outlineArea) <= 1e-9 * outlineArea)) {
            return null;
        }
        int[] rimTris = new int[rim.length];
        for (int q = 0; q < rim.length; q++) {
            rimTris[q] = rimId[rim[q]];
        }
        double[] newPos = new double[5 * corners.size()];
        for (int q = 0; q < corners.size(); q++) {
            double[] gp = point[corners.get(q)];
            double u = gp[0], v = gp[1], off = offset + gp[2];
            newPos[5 * q] = u * basis[0] + v * basis[3] + off * n[0];
            newPos[5 * q + 1] = u * basis[1] + v * basis[4] + off * n[1];
            newPos[5 * q + 2] = u * basis[2] + v * basis[5] + off * n[2];
            newPos[5 * q + 3] = u;
            newPos[5 * q + 4] = v;
        }
        return new FaceResult(f, newPos, rimTris, patchTris, loopPoints);
    }

    private static double orientedArea(double[] xy, int a, int b, int c) {
        return 0.5 * ((xy[2 * b] - xy[2 * a]) * (xy[2 * c + 1] - xy[2 * a + 1])
                - (xy[2 * c] - xy[2 * a]) * (xy[2 * b + 1] - xy[2 * a + 1]));
    }

    /**
     * The face's outline loops (counter-clockwise in the group's (u, v) as seen from the group's
     * +n: a face of side -1 has its loops reversed); false when a point has two outgoing outline
     * edges (the face touches itself there).
     */
    private static boolean outline(TriMesh m, Face f, double[] basis) {
        Map<Long, Integer> dir = new HashMap<>();
        for (int t : f.tris) {
            for (int k = 0; k < 3; k++) {
                int a = m.tri[3 * t + k], b = m.tri[3 * t + (k + 1) % 3];
                dir.put(((long) a << 32) | (b & 0xffffffffL), t);
            }
        }
        Map<Integer, Integer> next = new java.util.TreeMap<>();
        for (int t : f.tris) {
            for (int k = 0; k < 3; k++) {
                int a = m.tri[3 * t + k], b = m.tri[3 * t + (k + 1) % 3];
                if (!dir.containsKey(((long) b << 32) | (a & 0xffffffffL))) {
                    if (next.put(a, b) != null) {
                        return false;
                    }
                }
            }
        }
        List<int[]> loops = loops(next);
        if (loops == null) {
            return false;
        }
        for (int[] arr : loops) {
            if (f.side < 0) {
                for (int i = 0, j = arr.length - 1; i < j; i++, j--) {
                    int tmp = arr[i];
                    arr[i] = arr[j];
                    arr[j] = tmp;
                }
            }
        }
        if (loops.isEmpty()) {
            return false;
        }
        f.loops = loops.toArray(new int[0][]);
        f.loopUv = new double[f.loops.length][];
        f.box = new double[] {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
            Double.NEGATIVE_INFINITY};
        for (int li = 0; li < f.loops.length; li++) {
            int[] lp = f.loops[li];
            double[] uv = new double[2 * lp.length];
            for (int q = 0; q < lp.length; q++) {
                double x = m.pos[3 * lp[q]], y = m.pos[3 * lp[q] + 1], z = m.pos[3 * lp[q] + 2];
                uv[2 * q] = x * basis[0] + y * basis[1] + z * basis[2];
                uv[2 * q + 1] = x * basis[3] + y * basis[4] + z * basis[5];
                f.box[0] = Math.min(f.box[0], uv[2 * q]);
                f.box[1] = Math.min(f.box[1], uv[2 * q + 1]);
                f.box[2] = Math.max(f.box[2], uv[2 * q]);
                f.box[3] = Math.max(f.box[3], uv[2 * q + 1]);
            }
            f.loopUv[li] = uv;
        }
        return true;
    }

    /** Even-odd point in the face's loops. */
    private static boolean contains(Face f, double u, double v) {
        boolean inside = false;
        for (double[] xy : f.loopUv) {
            int e = xy.length / 2;
            for (int i = 0; i < e; i++) {
                int j = i + 1 < e ? i + 1 : 0;
                double ay = xy[2 * i + 1], by = xy[2 * j + 1];
                if ((ay > v) != (by > v)) {
                    int o = Orient2.orient(xy[2 * i], ay, xy[2 * j], by, u, v);
                    if ((by > ay && o > 0) || (by < ay && o < 0)) {
                        inside = !inside;
                    }
                }
            }
        }
        return inside;
    }

    /** Distance from (u, v) to the face's outline. */
    private static double distance(Face f, double u, double v) {
        double best = Double.POSITIVE_INFINITY;
        for (double[] xy : f.loopUv) {
            int e = xy.length / 2;
            for (int i = 0; i < e; i++) {
                int j = i + 1 < e ? i + 1 : 0;
                double ax = xy[2 * i], ay = xy[2 * i + 1], dx = xy[2 * j] - ax, dy = xy[2 * j + 1] - ay;
                double px = u - ax, py = v - ay, len2 = dx * dx + dy * dy;
                double t = len2 > 0 ? Math.max(0, Math.min(1, (px * dx + py * dy) / len2)) : 0;
                double ex = px - t * dx, ey = py - t * dy;
                best = Math.min(best, ex * ex + ey * ey);
            }
        }
        return Math.sqrt(best);
    }

    /** The piece with its listed faces replaced by their rim and patch triangles. */
    private static TriMesh rebuild(TriMesh m, List<FaceResult> results) {
        boolean[] drop = new boolean[m.triangleCount()];
        for (FaceResult r : results) {
            for (int t : r.face.tris) {
                drop[t] = true;
            }
        }
        PlaneClipper.Out o = new PlaneClipper.Out(m.triangleCount() * 2, m.vertexCount() * 2);
        for (int v = 0; v < m.vertexCount(); v++) {
            o.addVertex(m.pos[3 * v], m.pos[3 * v + 1], m.pos[3 * v + 2]);
        }
        for (int t = 0; t < m.triangleCount(); t++) {
            if (!drop[t]) {
                o.copyTriangle(m, t, m.tri[3 * t], m.tri[3 * t + 1], m.tri[3 * t + 2]);
            }
        }
        double[] nrm = new double[9], uv = new double[6], f = new double[3];
        for (FaceResult r : results) {
            Face face = r.face;
            int np = r.loopPoints + r.newPos.length / 5;
            int[] id = new int[np];
            double[] uvOf = new double[2 * np];
            double[] p3 = new double[3 * np];
            int q = 0;
            for (int li = 0; li < face.loops.length; li++) {
                for (int k = 0; k < face.loops[li].length; k++) {
                    id[q] = face.loops[li][k];
                    uvOf[2 * q] = face.loopUv[li][2 * k];
                    uvOf[2 * q + 1] = face.loopUv[li][2 * k + 1];
                    System.arraycopy(m.pos, 3 * id[q], p3, 3 * q, 3);
                    q++;
                }
            }
            for (int k = 0; k < r.newPos.length / 5; k++) {
                id[q] = o.addVertex(r.newPos[5 * k], r.newPos[5 * k + 1], r.newPos[5 * k + 2]);
                uvOf[2 * q] = r.newPos[5 * k + 3];
                uvOf[2 * q + 1] = r.newPos[5 * k + 4];
                System.arraycopy(r.newPos, 5 * k, p3, 3 * q, 3);
                q++;
            }
            for (int pass = 0; pass < 2; pass++) {
                int[] tr = pass == 0 ? r.rimTris : r.patchTris;
                for (int t = 0; t < tr.length; t += 3) {
                    // counter-clockwise in (u, v) is outward for side +1; reversed for side -1
                    int a = tr[t], b = face.side > 0 ? tr[t + 1] : tr[t + 2], c = face.side > 0 ? tr[t + 2] : tr[t + 1];
                    if (pass == 0) {
                        f[0] = face.tag[0];
                        f[1] = face.tag[1];
                        f[2] = face.tag[2];
                    } else {
                        TriMesh.faceNormal(p3, a, b, c, f);
                    }
                    int[] cs = {a, b, c};
                    for (int k = 0; k < 3; k++) {
                        System.arraycopy(f, 0, nrm, 3 * k, 3);
                        uv[2 * k] = uvOf[2 * cs[k]];
                        uv[2 * k + 1] = uvOf[2 * cs[k] + 1];
                    }
                    o.addTriangle(id[a], id[b], id[c], nrm, 0, 3, 6, uv, 0, 2, 4, TriMesh.INSIDE, face.tag, 0);
                }
            }
        }
        return o.build();
    }

    private static double sq(double x) {
        return x * x;
    }

    /**
     * The closed loops a successor map ({@code next.get(a)} = the point after {@code a}) walks, each
     * from its smallest unvisited point in key order; null when a walk leaves the map or closes
     * anywhere but at its start (the edges do not form simple closed loops).
     */
    private static List<int[]> loops(Map<Integer, Integer> next) {
        List<int[]> loops = new ArrayList<>();
        java.util.Set<Integer> used = new java.util.TreeSet<>();
        for (int start : next.keySet()) {
            if (used.contains(start)) {
                continue;
            }
            List<Integer> loop = new ArrayList<>();
            int x = start;
            while (used.add(x)) {
                loop.add(x);
                Integer y = next.get(x);
                if (y == null) {
                    return null;
                }
                x = y;
            }
            if (x != start) {
                return null;
            }
            loops.add(loop.stream().mapToInt(Integer::intValue).toArray());
        }
        return loops;
    }
}
