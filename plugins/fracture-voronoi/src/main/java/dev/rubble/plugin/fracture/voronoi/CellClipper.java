package dev.rubble.plugin.fracture.voronoi;

import dev.rubble.spi.geom.ConvexPolytope;
import java.util.Arrays;

/**
 * One Voronoi cell being clipped, in reusable buffers: the same arithmetic, vertex numbering and
 * face order as {@code PolytopeClipper.clip} (so cells come out bit-identical to clipping one
 * {@link ConvexPolytope} after another), but without an object, a hash map or a mass-property pass
 * per intermediate clip. Each face also carries the site whose bisector made it ({@code -1} for a
 * face of the source), which gives the Voronoi adjacency and the shared face areas for free.
 *
 * <p>The cell is edited in place under stable ids:
 * <pre>
 *   vertex pool  vp[3·id]          a vertex keeps its id for the whole cell; a cut appends its points
 *   live         ids, ascending    the cell's vertices; rank in this list = PolytopeClipper's numbering
 *   face slots   start, len, plane, neighbour, alive, by face id (a cut's cap takes the next id)
 *   faces        ids, ascending    the cell's faces in PolytopeClipper's order (source faces, then caps)
 *   loop pool    lp                a face's loop is lp[start .. start+len); a cut face gets a new loop
 *   incidence    per vertex id, the faces whose loop it was put in (a superset of its live faces)
 * </pre>
 * {@code PolytopeClipper} rebuilds the cell on every cut: kept vertices in order, then the cut points in
 * face-loop order, faces in order, cap last. Kept vertices keep their ids and cut points take new,
 * larger ids in the same order, so the rebuild's numbering is the rank of an id among the live ones
 * (a monotone relabelling: every comparison of indices, such as the cap's tie-break, comes out the
 * same), and {@link #toPolytope} renumbers once. A cut only reads and rewrites the faces that touch a
 * vertex on or beyond the plane (found through the incidence lists, visited in face order): a face
 * with every vertex strictly inside is what the rebuild copies unchanged, and contributes no cut point
 * and no cap point, so skipping it changes nothing. Measured in docs/benchmarks.md (issue 27 item 5,
 * sixth pass).
 *
 * <p><b>Two modes.</b> A cell starts in edge mode when its source has three edges at every vertex
 * ({@link EdgeCut}: an edge table, voro++'s way; the face loops above are not kept, only each face's
 * start vertex) and stays there while every cut is generic (no vertex within the tolerance of the
 * plane, each crossed face crossed once each way); the live list is then unordered and the face list
 * unused. The first other cut writes the loops and incidence lists out of the table
 * ({@link #ensureLoops}) and the face-loop cut ({@link LoopCut}) takes that cut and the rest of the cell; both give
 * the same numbering, loops and bits (eighth pass). {@link #classify} and {@link #cutPending} are the
 * two halves of {@link #clip}, for a caller that computes the inset only for planes that cut.
 *
 * <p>Not thread-safe: one instance per thread, reused for every cell.
 */
final class CellClipper {
    // vertex pool by id, live ids ascending (and the next live list being built)
    double[] vp = new double[3 * 128];
    int nvp;
    int[] live = new int[64];
    int[] live2 = new int[64];
    int nl;
    // face slots by face id, live face ids ascending (and the next list)
    int[] fStart = new int[64];
    int[] fLen = new int[64];
    double[] fpl = new double[4 * 64];
    int[] fnb = new int[64];
    boolean[] fAlive = new boolean[64];
    int nfp;
    int[] faces = new int[64];
    int[] faces2 = new int[64];
    int nf;
    // face loops
    int[] lp = new int[512];
    int nlp;
    /** Total loop length of the live faces (the rebuild's index count). */
    int ni;
    // incidence: per vertex id a list of faces (head, then next/face in a pool)
    int[] vfHead = new int[128];
    int[] vfNext = new int[512];
    int[] vfFace = new int[512];
    int nvf;
    // per vertex id: squared distance to the centre (the cell's site), and scratch: signed distance, cut list head,
    // stamps (cap membership, use)
    double[] vq = new double[128];
    double cx, cy, cz, maxQ;
    double[] dist = new double[128];
    int[] cutHead = new int[128];
    int[] capMark = new int[128];
    int[] useMark = new int[128];
    int stamp;
    // per face id scratch: touched stamp
    int[] faceMark = new int[64];
    // scratch
    int[] nonNeg = new int[64];
    int[] capPts = new int[256];
    final CapOrder capOrder = new CapOrder();
    private int[] tmp = new int[256];
    // per cut point of the current cut (id - first cut id): the cap's neighbours as the cut faces link them
    int[] capNx = new int[64];
    int[] capPv = new int[64];
    final double[] basis = new double[6];
    /** The cap's centre ({@link dev.rubble.spi.geom.ConvexPolytope#mean}), scratch of both cuts. */
    final double[] capCentre = new double[3];
    private ConvexPolytope origin;
    private double[] sv, spl;
    private int[] sfs, sfi;
    boolean changed;
    // every vertex of the current cell is on one of its faces (true after any cut; the source's own flag before)
    boolean allUsed, sourceAllUsed;
    // edge mode (see EdgeCut): the cell as an edge table instead of face loops, while every cut is generic
    private final EdgeCut edges = new EdgeCut(this);
    private final LoopCut loops = new LoopCut(this);
    /** True while the cell is held as {@link #edges}' table; the face loops ({@code lp}, fStart, fLen) are stale. */
    private boolean edgeMode;
    // the plane classify left pending (unit normal, offset, tolerance) and its count of vertices on or beyond, beyond
    private double pnx, pny, pnz, pd, ptol;
    private int pnnc, pout;
    /** Face areas by face position, filled by {@link EdgeCut#toPolytope} as it walks the loops (valid until reset). */
    double[] areas = new double[64];
    boolean areasReady;

    /**
     * Starts a cell as {@code source} (all faces with neighbour -1) around the centre {@code (x, y, z)} (the site),
     * from which {@link #maxVertexDistance()} measures.
     */
    void reset(ConvexPolytope source, double x, double y, double z) {
        if (source != origin) {
            // the polytope's accessors copy; take its arrays once for every cell started from it
            origin = source;
            sv = source.vertices();
            sfs = source.faceStarts();
            sfi = source.faceIndices();
            spl = source.planes();
            // whether every source vertex is on a face (then every later cell's are, see clip's used count)
            boolean[] on = new boolean[sv.length / 3];
            int count = 0;
            for (int idx : sfi) {
                if (!on[idx]) {
                    on[idx] = true;
                    count++;
                }
            }
            sourceAllUsed = count == on.length;
        }
        allUsed = sourceAllUsed;
        areasReady = false;
        changed = false;
        int n = sv.length / 3;
        int nfs = sfs.length - 1;
        nvp = n;
        nl = n;
        vp = ensure(vp, 3 * n);
        System.arraycopy(sv, 0, vp, 0, 3 * n);
        live = ensure(live, n);
        vertexScratch(n);
        cx = x;
        cy = y;
        cz = z;
        double m = 0;
        for (int k = 0; k < n; k++) {
            live[k] = k;
            double q = distanceSq(k);
            vq[k] = q;
            if (q > m) {
                m = q;
            }
        }
        maxQ = m;
        nfp = nfs;
        nf = nfs;
        faceSlots(nfs);
        faces = ensure(faces, nfs);
        if (edges.reset(source, sv, sfs, sfi)) {
            // edge mode: the loops and incidence lists are built only if the cell leaves it (ensureLoops)
            edgeMode = true;
            System.arraycopy(spl, 0, fpl, 0, 4 * nfs);
            for (int f = 0; f < nfs; f++) {
                faces[f] = f;
                fnb[f] = -1;
                fAlive[f] = true;
            }
            ni = sfi.length;
            return;
        }
        edgeMode = false;
        lp = ensure(lp, sfi.length);
        System.arraycopy(sfi, 0, lp, 0, sfi.length);
        nlp = sfi.length;
        ni = sfi.length;
        System.arraycopy(spl, 0, fpl, 0, 4 * nfs);
        Arrays.fill(vfHead, 0, n, -1);
        nvf = 0;
        for (int f = 0; f < nfs; f++) {
            faces[f] = f;
            fStart[f] = sfs[f];
            fLen[f] = sfs[f + 1] - sfs[f];
            fnb[f] = -1;
            fAlive[f] = true;
            for (int k = sfs[f]; k < sfs[f + 1]; k++) {
                addIncidence(sfi[k], f);
            }
        }
    }

    /** Sizes the per-vertex-id arrays for ids below {@code n} (contents kept). */
    void vertexScratch(int n) {
        if (dist.length < n) {
            int m = Math.max(n, 2 * dist.length);
            dist = Arrays.copyOf(dist, m);
            vq = Arrays.copyOf(vq, m);
            cutHead = Arrays.copyOf(cutHead, m);
            capMark = Arrays.copyOf(capMark, m);
            useMark = Arrays.copyOf(useMark, m);
            vfHead = Arrays.copyOf(vfHead, m);
        }
        if (vp.length < 3 * n) {
            vp = Arrays.copyOf(vp, Math.max(3 * n, 2 * vp.length));
        }
        edges.vertexSlots(n);
    }

    /** A fresh start for every stamp array (never reached in practice: one stamp per cut). */
    void resetStamps() {
        Arrays.fill(capMark, 0);
        Arrays.fill(useMark, 0);
        Arrays.fill(faceMark, 0);
        edges.resetStamps();
        stamp = 1;
    }

    /** Sizes the per-face-id arrays for ids below {@code n} (contents kept). */
    void faceSlots(int n) {
        if (fStart.length < n) {
            int m = Math.max(n, 2 * fStart.length);
            fStart = Arrays.copyOf(fStart, m);
            fLen = Arrays.copyOf(fLen, m);
            fnb = Arrays.copyOf(fnb, m);
            fAlive = Arrays.copyOf(fAlive, m);
            faceMark = Arrays.copyOf(faceMark, m);
            fpl = Arrays.copyOf(fpl, 4 * m);
        }
        edges.faceSlots(n);
    }

    void addIncidence(int vertex, int face) {
        if (nvf == vfFace.length) {
            vfFace = Arrays.copyOf(vfFace, 2 * nvf);
            vfNext = Arrays.copyOf(vfNext, 2 * nvf);
        }
        vfFace[nvf] = face;
        vfNext[nvf] = vfHead[vertex];
        vfHead[vertex] = nvf++;
    }

    /** Squared distance from the centre to vertex {@code id}. */
    private double distanceSq(int id) {
        int i = 3 * id;
        double dx = vp[i] - cx, dy = vp[i + 1] - cy, dz = vp[i + 2] - cz;
        return dx * dx + dy * dy + dz * dz;
    }

    /**
     * Distance from the centre to the farthest vertex, as {@link ConvexPolytope#maxVertexDistance}: each vertex's
     * squared distance is computed once, when the vertex is made, and the largest among the live ones kept.
     */
    double maxVertexDistance() {
        return Math.sqrt(maxQ);
    }

    /**
     * Keeps the part on the inner side {@code n·x ≤ d}; the new face's neighbour is {@code site}.
     *
     * <p>A clipped cell whose computed volume is not positive vanishes (as in {@code PolytopeClipper}).
     * When the caller knows a point (the cell's site) lying at least {@code inset} inside every plane
     * the cell was clipped by, this one included, and every vertex within {@code reach} of that point,
     * the clipped cell holds a ball of radius {@code inset}: its volume, at least 4/3·π·inset³, is then
     * far above what rounding (about T²·ε·(2·reach)³ for T fan triangles) and the tolerance's snapping
     * (at most the surface, 4π·reach², times a few tolerances) can take away, and the sum is not
     * computed — the sign it would give is known. Pass {@code inset = 0} to always compute it.
     *
     * <p>After -1 the cell's state is undefined until the next {@link #reset}.
     *
     * @return 1 when the cell changed, 0 when nothing lay outside, -1 when the cell vanished
     */
    int clip(double nx, double ny, double nz, double d, double tol, int site, double inset, double reach) {
        return clip(nx, ny, nz, d, Math.sqrt(nx * nx + ny * ny + nz * nz), tol, site, inset, reach);
    }

    /**
     * {@link #clip(double, double, double, double, double, int, double, double)} for a caller that has the normal's
     * length already: {@code len} must be {@code Math.sqrt(nx * nx + ny * ny + nz * nz)}, bit for bit.
     */
    int clip(double nx, double ny, double nz, double d, double len, double tol, int site, double inset,
            double reach) {
        int c = classify(nx, ny, nz, d, len, tol);
        return c <= 0 ? c : cutPending(site, inset, reach);
    }

    /**
     * The first half of {@link #clip(double, double, double, double, double, double, int, double, double)}: the
     * vertices' distances to the plane. Returns 0 when nothing lies outside, -1 when nothing lies strictly inside
     * (the cell vanishes), 1 when a cut is pending: then {@link #cutPending} must follow (with the inset and reach
     * {@code clip} would have been given), so that a caller computes the inset only for the planes that cut.
     */
    int classify(double nx, double ny, double nz, double d, double len, double tol) {
        if (!(len > 0) || !Double.isFinite(len) || !Double.isFinite(d)) {
            throw new IllegalArgumentException("plane (" + nx + ", " + ny + ", " + nz + ", " + d
                    + ") is not allowed; allowed: finite with a non-zero normal");
        }
        nx /= len;
        ny /= len;
        nz /= len;
        d /= len;
        final double[] vv = vp, ds = dist;
        final int[] lv = live, ch = cutHead;
        int[] nn = nonNeg;
        if (nn.length < nl) {
            nn = nonNeg = new int[Math.max(nl, 2 * nn.length)];
        }
        int out = 0, in = 0, nnc = 0;
        for (int k = 0, e = nl; k < e; k++) {
            int id = lv[k];
            int i = 3 * id;
            double s = nx * vv[i] + ny * vv[i + 1] + nz * vv[i + 2] - d;
            if (s > tol) {
                out++;
                ch[id] = -1;
                nn[nnc++] = id;
            } else if (s < -tol) {
                in++;
            } else {
                s = 0;
                nn[nnc++] = id;
            }
            ds[id] = s;
        }
        if (out == 0) {
            return 0;
        }
        if (in == 0) {
            return -1;
        }
        pnx = nx;
        pny = ny;
        pnz = nz;
        pd = d;
        ptol = tol;
        pnnc = nnc;
        pout = out;
        return 1;
    }

    /** The cut {@link #classify} left pending (its answer was 1); returns as {@link #clip}. */
    int cutPending(int site, double inset, double reach) {
        final double nx = pnx, ny = pny, nz = pnz, d = pd, tol = ptol;
        final int nnc = pnnc;
        if (edgeMode) {
            if (nnc == pout) {
                int r = edges.cut(nx, ny, nz, d, site, inset, reach, tol, nnc);
                if (r != EdgeCut.NOT_GENERIC) {
                    return r;
                }
            }
            // a vertex on the plane, or a cut the table does not take: the face-loop cut from here on
            ensureLoops(true);
        }
        return loops.cut(nx, ny, nz, d, site, inset, reach, tol, nnc);
    }

    /**
     * Leaves edge mode: writes every live face's loop from its start vertex (as the loop cut would have left it) and,
     * with {@code incidence}, each vertex's face list, so the loop cut and the read-outs can run. No-op in loop mode.
     */
    void ensureLoops(boolean incidence) {
        if (!edgeMode) {
            return;
        }
        edgeMode = false;
        if (incidence) {
            Arrays.fill(vfHead, 0, nvp, -1);
            nvf = 0;
        }
        edges.orderLists();
        lp = ensure(lp, 3 * nl + 8);
        int at = edges.writeLoops(faces, nf, fStart, fLen, lp, incidence);
        nlp = at;
        ni = at;
    }

    /** Called by {@link EdgeCut} for each face loop entry it writes when leaving edge mode with incidence lists. */
    void incidence(int vertex, int face) {
        addIncidence(vertex, face);
    }

    /**
     * The cell as an immutable polytope, renumbered once (a vertex's index is its rank among the live ids); the
     * source itself when no clip changed it.
     */
    ConvexPolytope toPolytope() {
        if (!changed) {
            return origin;
        }
        if (edgeMode) {
            // one walk of the table gives the polytope's loops and the face areas (for faceArea)
            tmp = ensure(tmp, nvp);
            return edges.toPolytope(tmp);
        }
        tmp = ensure(tmp, nvp);
        final int[] lv = live, rank = tmp, loops = lp;
        final double[] vv = vp;
        double[] v = new double[3 * nl];
        for (int k = 0; k < nl; k++) {
            int id = lv[k];
            rank[id] = k;
            v[3 * k] = vv[3 * id];
            v[3 * k + 1] = vv[3 * id + 1];
            v[3 * k + 2] = vv[3 * id + 2];
        }
        int[] fs = new int[nf + 1];
        int[] fi = new int[ni];
        double[] pl = new double[4 * nf];
        int at = 0;
        for (int k = 0; k < nf; k++) {
            int f = faces[k];
            fs[k] = at;
            for (int q = fStart[f], e = q + fLen[f]; q < e; q++) {
                fi[at++] = rank[loops[q]];
            }
            pl[4 * k] = fpl[4 * f];
            pl[4 * k + 1] = fpl[4 * f + 1];
            pl[4 * k + 2] = fpl[4 * f + 2];
            pl[4 * k + 3] = fpl[4 * f + 3];
        }
        fs[nf] = at;
        return ConvexPolytope.wrap(v, fs, fi, pl);
    }

    /** Number of faces of the current cell. */
    int faceCount() {
        if (!areasReady) {
            ensureLoops(false);
        }
        return nf;
    }

    /** The site whose bisector made face {@code f} (in face order), or -1 for a face of the source. */
    int neighbour(int f) {
        return fnb[faces[f]];
    }

    /** Area of face {@code f} (in face order, m²): the polygon's vector area projected on the face normal. */
    double faceArea(int f) {
        if (areasReady) {
            return areas[f];
        }
        ensureLoops(false);
        int id = faces[f];
        int s = fStart[id], e = s + fLen[id];
        final int[] fi = lp;
        final double[] v = vp;
        int i0 = 3 * fi[s];
        double sx = 0, sy = 0, sz = 0;
        for (int k = s + 1; k + 1 < e; k++) {
            int i1 = 3 * fi[k], i2 = 3 * fi[k + 1];
            double ax = v[i1] - v[i0], ay = v[i1 + 1] - v[i0 + 1], az = v[i1 + 2] - v[i0 + 2];
            double bx = v[i2] - v[i0], by = v[i2 + 1] - v[i0 + 1], bz = v[i2 + 2] - v[i0 + 2];
            sx += ay * bz - az * by;
            sy += az * bx - ax * bz;
            sz += ax * by - ay * bx;
        }
        return 0.5 * (sx * fpl[4 * id] + sy * fpl[4 * id + 1] + sz * fpl[4 * id + 2]);
    }

    /**
     * True when a ball of radius {@code inset} inside a cell whose vertices lie within {@code reach}
     * of its centre makes the computed volume positive beyond doubt: 4/3·π·inset³ (kept as inset³)
     * exceeds a million tolerances times reach² (the snapping) plus T²·ε·(2·reach)³ with a margin of
     * 10 (T ≤ {@code indices} fan triangles, rounding of the signed-tetrahedron sum).
     */
    static boolean volumeSurelyPositive(double inset, double reach, double tol, int indices) {
        if (!(inset > 0) || !(reach > 0)) {
            return false;
        }
        double t = indices;
        double r3 = reach * reach * reach;
        return inset * inset * inset > 1e6 * reach * reach * tol + 1e-14 * t * t * r3 + 1e-9 * r3;
    }

    /** Volume exactly as {@code ConvexPolytope}'s mass pass sums it (signed tetrahedra from vertex 0). */
    double volume() {
        final double[] v = vp;
        final int[] faceIdx = lp;
        int r0 = 3 * live[0];
        double rx = v[r0], ry = v[r0 + 1], rz = v[r0 + 2];
        double vol = 0;
        for (int k = 0; k < nf; k++) {
            int f = faces[k];
            int s = fStart[f], e = s + fLen[f];
            int i0 = 3 * faceIdx[s];
            double ax = v[i0] - rx, ay = v[i0 + 1] - ry, az = v[i0 + 2] - rz;
            for (int q = s + 1; q + 1 < e; q++) {
                int i1 = 3 * faceIdx[q], i2 = 3 * faceIdx[q + 1];
                double bx = v[i1] - rx, by = v[i1 + 1] - ry, bz = v[i1 + 2] - rz;
                double qx = v[i2] - rx, qy = v[i2 + 1] - ry, qz = v[i2 + 2] - rz;
                double det = ax * (by * qz - bz * qy) - ay * (bx * qz - bz * qx) + az * (bx * qy - by * qx);
                vol += det / 6.0;
            }
        }
        return vol;
    }

    private static double[] ensure(double[] a, int n) {
        return a.length >= n ? a : new double[Math.max(n, 2 * a.length)];
    }

    private static int[] ensure(int[] a, int n) {
        return a.length >= n ? a : new int[Math.max(n, 2 * a.length)];
    }
}
