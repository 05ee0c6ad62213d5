package dev.rubble.core.soft.cage;

import dev.rubble.geometry.delaunay.Delaunay3;
import dev.rubble.geometry.hull.QuickHull;
import dev.rubble.spi.shape.ConvexHull;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Builds a soft body's {@link Cage} from a model (pbd-spring-soft-body §1: "tetrahedralise the
 * model's convex hull into a cage of control points; bake each vertex's barycentric coordinates
 * in its tetrahedron as indices and weights"). Deterministic: the same inputs and seed give the
 * same cage, bit for bit.
 *
 * <pre>
 *  model points ─ quickhull ─> hull vertices
 *               + (spacing > 0) points on hull edges, on hull faces, inside (seeded jittered grid)
 *               ─ Delaunay (exact predicates) ─> tetrahedra of the convex hull
 *               ─ drop flat slivers (4 coplanar hull points), orient positively, drop unused points
 *               ─> masses (density × V/4 per corner), edges (unique tet edges), surface (faces of one tet)
 *  each model vertex ─> the tetrahedron that contains it (largest smallest barycentric weight:
 *               the nearest one for a vertex outside) ─> 4 point indices + 4 weights
 * </pre>
 *
 * Sampling keeps points away from each other: edge points are spaced evenly between hull vertices,
 * face points are at least 0.3 spacing inside their face, interior points at least 0.35 spacing
 * inside the hull, so no tetrahedron is thinner than the sampling makes necessary. The surface of
 * the cage is exactly the hull (triangulated through the edge and face points), so the visible
 * mesh lies inside it.
 */
public final class CageBuilder {
    private CageBuilder() {
    }

    /**
     * Builds a cage.
     *
     * @param modelPoints xyz per model vertex (the visible mesh, body frame, metres), spanning a volume
     * @param meshIndices 3 vertex indices per visible triangle (may be empty)
     * @param density     kg/m³, finite, > 0
     * @param spacing     metres between sample points for resolution, >= 0 (0 = hull vertices only)
     * @param seed        seeds the interior jitter and the triangulation's tie-breaking
     * @throws IllegalArgumentException naming the bad input (degenerate hull, bad density, ...)
     */
    /**
     * Most control points of a cage (hull vertices + samples). A 2 251-point cage (12 188 tets) steps
     * in about 30 ms of CPU (docs/benchmarks.md, "Soft bodies"); 20 000 points are about 110 000 tets,
     * a few hundred ms per step. A 1 m block at spacing 0.02 (131 000 points) took 7 s per step.
     */
    public static final int MAX_POINTS = 20_000;

    public static Cage build(double[] modelPoints, int[] meshIndices, double density, double spacing, long seed) {
        if (!(density > 0) || Double.isInfinite(density)) {
            throw new IllegalArgumentException("density = " + density + "; allowed: finite, > 0 kg/m³");
        }
        if (!(spacing >= 0) || Double.isInfinite(spacing)) {
            throw new IllegalArgumentException("spacing = " + spacing + "; allowed: finite, >= 0 metres");
        }
        for (int i = 0; i < meshIndices.length; i++) {
            if (meshIndices[i] < 0 || 3 * meshIndices[i] >= modelPoints.length) {
                throw new IllegalArgumentException("mesh index [" + i + "] = " + meshIndices[i] + "; allowed: [0, "
                        + modelPoints.length / 3 + ")");
            }
        }
        if (meshIndices.length % 3 != 0) {
            throw new IllegalArgumentException("mesh indices length = " + meshIndices.length + "; allowed: a multiple of 3");
        }
        ConvexHull hull;
        try {
            hull = QuickHull.of(modelPoints);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("degenerate hull: " + e.getMessage(), e);
        }
        double[] box = bounds(hull);
        double diag = Math.sqrt(sq(box[3] - box[0]) + sq(box[4] - box[1]) + sq(box[5] - box[2]));
        // A spacing far too fine is refused before sampling: at 1/400 of a 2 m cube's diagonal the samples were
        // 12 million points, 14 s and 880 MB of heap, only to be refused by the count below, and the check after this
        // one named a smallest spacing (diag / 400) that the count then refused. The interior samples alone are about
        // the hull's volume over spacing^3 less a skin of half a spacing, and a body thinner than that skin has its
        // faces sampled at spacing^2 instead, about as many: past 8 x MAX_POINTS by this measure the count below is
        // exceeded many times over, whatever the shape.
        double estimate = spacing > 0 ? hull.volume() / (spacing * spacing * spacing) : 0;
        if (estimate > 8.0 * MAX_POINTS) {
            throw new IllegalArgumentException(String.format(java.util.Locale.ROOT,
                    "spacing = %s gives about %.3g control points for this model (%.4g m3); allowed: at most %d (spacing"
                            + " >= %.3g m)", spacing, estimate, hull.volume(), MAX_POINTS,
                    Math.cbrt(hull.volume() / MAX_POINTS) * 1.1));
        }
        if (spacing > 0 && diag / spacing > 400) {
            throw new IllegalArgumentException("spacing = " + spacing + " for a model " + diag
                    + " m across; allowed: >= " + diag / 400 + " (at most 400 samples across)");
        }
        PointList pts = new PointList();
        for (int i = 0; i < hull.vertexCount(); i++) {
            pts.add(hull.vertex(i, 0), hull.vertex(i, 1), hull.vertex(i, 2));
        }
        if (spacing > 0) {
            sampleEdges(hull, spacing, pts);
            sampleFaces(hull, spacing, pts);
            sampleInterior(hull, box, spacing, new SplittableRandom(seed), pts);
        }
        if (pts.n > MAX_POINTS) {
            // about 6 tets per point; stepping costs ~30 ns per constraint and pass: bound the work up front
            double suggest = spacing * Math.cbrt((double) pts.n / MAX_POINTS) * 1.1;
            throw new IllegalArgumentException(String.format(java.util.Locale.ROOT,
                    "spacing = %s gives %d control points for this model; allowed: at most %d (spacing >= %.3g m)",
                    spacing, pts.n, MAX_POINTS, suggest));
        }
        double[] p = Arrays.copyOf(pts.xyz, 3 * pts.n);
        int[] raw = Delaunay3.tetrahedra(p, pts.n, seed);
        double minVolume = 1e-9 * diag * diag * diag;
        int[] tets = new int[raw.length];
        int m = 0;
        for (int t = 0; t < raw.length; t += 4) {
            int a = raw[t], b = raw[t + 1], c = raw[t + 2], d = raw[t + 3];
            double v = Cage.volume(p, a, b, c, d);
            if (Math.abs(v) <= minVolume) {
                continue; // a flat sliver of coplanar points on a hull face (tie broken by the jitter)
            }
            if (v < 0) {
                int s = c;
                c = d;
                d = s;
            }
            tets[m++] = a;
            tets[m++] = b;
            tets[m++] = c;
            tets[m++] = d;
        }
        tets = Arrays.copyOf(tets, m);
        if (m == 0) {
            throw new IllegalArgumentException("degenerate hull: no tetrahedron of positive volume");
        }
        // drop points no tetrahedron uses (duplicates), keeping order
        int[] remap = new int[pts.n];
        Arrays.fill(remap, -1);
        for (int i = 0; i < m; i++) {
            remap[tets[i]] = 0;
        }
        int np = 0;
        for (int i = 0; i < pts.n; i++) {
            if (remap[i] == 0) {
                remap[i] = np++;
            }
        }
        double[] points = new double[3 * np];
        for (int i = 0; i < pts.n; i++) {
            if (remap[i] >= 0) {
                System.arraycopy(p, 3 * i, points, 3 * remap[i], 3);
            }
        }
        for (int i = 0; i < m; i++) {
            tets[i] = remap[tets[i]];
        }
        double[] masses = new double[np];
        for (int t = 0; t < m; t += 4) {
            double q = density * Cage.volume(points, tets[t], tets[t + 1], tets[t + 2], tets[t + 3]) / 4;
            for (int k = 0; k < 4; k++) {
                masses[tets[t + k]] += q;
            }
        }
        for (int i = 0; i < np; i++) {
            // a mass must have a finite inverse (the solver's weight): density × volume can underflow, and a
            // product that overflows is no mass either
            if (!(masses[i] > 0) || !Double.isFinite(masses[i]) || !Double.isFinite(1 / masses[i])) {
                throw new IllegalArgumentException("density = " + density + " gives control point " + i + " a mass of "
                        + masses[i] + " kg; allowed: a density that gives every point a finite mass > 0 with a finite inverse"
                        + " (1/m)");
            }
        }
        int[] edges = edges(tets, np);
        int[] surface = surface(tets, np);
        int nv = modelPoints.length / 3;
        int[] skinPoints = new int[4 * nv];
        double[] skinWeights = new double[4 * nv];
        bind(points, tets, modelPoints, skinPoints, skinWeights);
        return new Cage(points, masses, tets, edges, surface, modelPoints.clone(), skinPoints, skinWeights,
                meshIndices.clone());
    }

    /** Unique tetrahedron edges as sorted pairs a < b. */
    static int[] edges(int[] tets, int np) {
        long[] keys = new long[6 * (tets.length / 4)];
        int k = 0;
        for (int t = 0; t < tets.length; t += 4) {
            for (int a = 0; a < 4; a++) {
                for (int b = a + 1; b < 4; b++) {
                    int i = tets[t + a], j = tets[t + b];
                    keys[k++] = i < j ? (long) i * np + j : (long) j * np + i;
                }
            }
        }
        Arrays.sort(keys);
        int u = 0;
        for (int i = 0; i < k; i++) {
            if (u == 0 || keys[i] != keys[u - 1]) {
                keys[u++] = keys[i];
            }
        }
        int[] e = new int[2 * u];
        for (int i = 0; i < u; i++) {
            e[2 * i] = (int) (keys[i] / np);
            e[2 * i + 1] = (int) (keys[i] % np);
        }
        return e;
    }

    // faces of a positive tet (a,b,c,d) with outward winding: opposite a, b, c, d
    private static final int[][] FACES = {{1, 2, 3}, {0, 3, 2}, {0, 1, 3}, {0, 2, 1}};

    /** Faces that belong to exactly one tetrahedron, wound counter-clockwise seen from outside, in key order. */
    static int[] surface(int[] tets, int np) {
        int nf = tets.length; // 4 faces per tet
        long[] keys = new long[nf];
        for (int t = 0, f = 0; t < tets.length; t += 4) {
            for (int k = 0; k < 4; k++, f++) {
                int a = tets[t + FACES[k][0]], b = tets[t + FACES[k][1]], c = tets[t + FACES[k][2]];
                int lo = Math.min(a, Math.min(b, c)), hi = Math.max(a, Math.max(b, c)), mid = a + b + c - lo - hi;
                keys[f] = ((long) lo * np + mid) * np + hi;
            }
        }
        // sort face numbers by their key
        Integer[] idx = new Integer[nf];
        for (int i = 0; i < nf; i++) {
            idx[i] = i;
        }
        final long[] kk = keys;
        Arrays.sort(idx, (x, y) -> kk[x] != kk[y] ? Long.compare(kk[x], kk[y]) : Integer.compare(x, y));
        int[] out = new int[3 * nf];
        int n = 0;
        for (int i = 0; i < nf; ) {
            int j = i;
            while (j < nf && kk[idx[j]] == kk[idx[i]]) {
                j++;
            }
            if (j - i == 1) {
                int f = idx[i];
                int t = 4 * (f / 4), k = f % 4;
                out[n++] = tets[t + FACES[k][0]];
                out[n++] = tets[t + FACES[k][1]];
                out[n++] = tets[t + FACES[k][2]];
            }
            i = j;
        }
        return Arrays.copyOf(out, n);
    }

    /** Binds each vertex to the tetrahedron whose smallest barycentric weight is largest. */
    static void bind(double[] points, int[] tets, double[] vertices, int[] skinPoints, double[] skinWeights) {
        double[] w = new double[4];
        double[] best = new double[4];
        for (int i = 0, nv = vertices.length / 3; i < nv; i++) {
            double px = vertices[3 * i], py = vertices[3 * i + 1], pz = vertices[3 * i + 2];
            double bestMin = Double.NEGATIVE_INFINITY;
            int bestTet = 0;
            for (int t = 0; t < tets.length; t += 4) {
                barycentric(points, tets[t], tets[t + 1], tets[t + 2], tets[t + 3], px, py, pz, w);
                double mn = Math.min(Math.min(w[0], w[1]), Math.min(w[2], w[3]));
                if (mn > bestMin) {
                    bestMin = mn;
                    bestTet = t;
                    System.arraycopy(w, 0, best, 0, 4);
                }
            }
            for (int k = 0; k < 4; k++) {
                skinPoints[4 * i + k] = tets[bestTet + k];
                skinWeights[4 * i + k] = best[k];
            }
        }
    }

    /** Barycentric coordinates of p in tetrahedron (a,b,c,d) by signed sub-volumes (Cramer's rule). */
    static void barycentric(double[] x, int a, int b, int c, int d, double px, double py, double pz, double[] out) {
        double ax = x[3 * a], ay = x[3 * a + 1], az = x[3 * a + 2];
        double ux = x[3 * b] - ax, uy = x[3 * b + 1] - ay, uz = x[3 * b + 2] - az;
        double vx = x[3 * c] - ax, vy = x[3 * c + 1] - ay, vz = x[3 * c + 2] - az;
        double wx = x[3 * d] - ax, wy = x[3 * d + 1] - ay, wz = x[3 * d + 2] - az;
        double qx = px - ax, qy = py - ay, qz = pz - az;
        double det = det(ux, uy, uz, vx, vy, vz, wx, wy, wz);
        double b1 = det(qx, qy, qz, vx, vy, vz, wx, wy, wz) / det;
        double b2 = det(ux, uy, uz, qx, qy, qz, wx, wy, wz) / det;
        double b3 = det(ux, uy, uz, vx, vy, vz, qx, qy, qz) / det;
        out[0] = 1 - b1 - b2 - b3;
        out[1] = b1;
        out[2] = b2;
        out[3] = b3;
    }

    private static double det(double ax, double ay, double az, double bx, double by, double bz,
                              double cx, double cy, double cz) {
        return ax * (by * cz - bz * cy) + ay * (bz * cx - bx * cz) + az * (bx * cy - by * cx);
    }

    private static double[] bounds(ConvexHull h) {
        double[] b = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY};
        for (int i = 0; i < h.vertexCount(); i++) {
            for (int k = 0; k < 3; k++) {
                b[k] = Math.min(b[k], h.vertex(i, k));
                b[3 + k] = Math.max(b[3 + k], h.vertex(i, k));
            }
        }
        return b;
    }

    /** Evenly spaced points on every hull edge (each edge once, from its lower vertex index). */
    private static void sampleEdges(ConvexHull h, double spacing, PointList out) {
        for (int f = 0; f < h.faceCount(); f++) {
            for (int k = 0, n = h.faceSize(f); k < n; k++) {
                int a = h.faceVertex(f, k), b = h.faceVertex(f, (k + 1) % n);
                if (a > b) {
                    continue; // the neighbouring face walks this edge from a to b
                }
                double len = Math.sqrt(sq(h.vertex(b, 0) - h.vertex(a, 0)) + sq(h.vertex(b, 1) - h.vertex(a, 1))
                        + sq(h.vertex(b, 2) - h.vertex(a, 2)));
                int segs = (int) Math.round(len / spacing);
                for (int s = 1; s < segs; s++) {
                    double t = (double) s / segs;
                    out.add(h.vertex(a, 0) + t * (h.vertex(b, 0) - h.vertex(a, 0)),
                            h.vertex(a, 1) + t * (h.vertex(b, 1) - h.vertex(a, 1)),
                            h.vertex(a, 2) + t * (h.vertex(b, 2) - h.vertex(a, 2)));
                }
            }
        }
    }

    /** A square grid in each face's plane, kept 0.3 spacing inside the face polygon. */
    private static void sampleFaces(ConvexHull h, double spacing, PointList out) {
        for (int f = 0; f < h.faceCount(); f++) {
            double nx = h.plane(f, 0), ny = h.plane(f, 1), nz = h.plane(f, 2);
            // in-plane axes u, v
            double ux, uy, uz;
            if (Math.abs(nx) < 0.9) {
                ux = 0; uy = nz; uz = -ny;
            } else {
                ux = -nz; uy = 0; uz = nx;
            }
            double ul = Math.sqrt(ux * ux + uy * uy + uz * uz);
            ux /= ul; uy /= ul; uz /= ul;
            double vx = ny * uz - nz * uy, vy = nz * ux - nx * uz, vz = nx * uy - ny * ux;
            int o = h.faceVertex(f, 0);
            double ox = h.vertex(o, 0), oy = h.vertex(o, 1), oz = h.vertex(o, 2);
            double umin = Double.POSITIVE_INFINITY, umax = Double.NEGATIVE_INFINITY;
            double vmin = Double.POSITIVE_INFINITY, vmax = Double.NEGATIVE_INFINITY;
            int n = h.faceSize(f);
            for (int k = 0; k < n; k++) {
                int c = h.faceVertex(f, k);
                double dx = h.vertex(c, 0) - ox, dy = h.vertex(c, 1) - oy, dz = h.vertex(c, 2) - oz;
                double cu = dx * ux + dy * uy + dz * uz, cv = dx * vx + dy * vy + dz * vz;
                umin = Math.min(umin, cu); umax = Math.max(umax, cu);
                vmin = Math.min(vmin, cv); vmax = Math.max(vmax, cv);
            }
            int nu = (int) Math.floor((umax - umin) / spacing), nv = (int) Math.floor((vmax - vmin) / spacing);
            double u0 = umin + 0.5 * ((umax - umin) - nu * spacing), v0 = vmin + 0.5 * ((vmax - vmin) - nv * spacing);
            for (int i = 0; i <= nu; i++) {
                for (int j = 0; j <= nv; j++) {
                    double cu = u0 + i * spacing, cv = v0 + j * spacing;
                    double px = ox + cu * ux + cv * vx, py = oy + cu * uy + cv * vy, pz = oz + cu * uz + cv * vz;
                    if (insideFace(h, f, px, py, pz, nx, ny, nz, 0.3 * spacing)) {
                        out.add(px, py, pz);
                    }
                }
            }
        }
    }

    /** Whether p (in face f's plane) is at least {@code margin} inside every edge of the face. */
    private static boolean insideFace(ConvexHull h, int f, double px, double py, double pz,
                                      double nx, double ny, double nz, double margin) {
        for (int k = 0, n = h.faceSize(f); k < n; k++) {
            int a = h.faceVertex(f, k), b = h.faceVertex(f, (k + 1) % n);
            double ex = h.vertex(b, 0) - h.vertex(a, 0), ey = h.vertex(b, 1) - h.vertex(a, 1), ez = h.vertex(b, 2) - h.vertex(a, 2);
            // inward edge normal for a counter-clockwise polygon seen from outside: n × e
            double ix = ny * ez - nz * ey, iy = nz * ex - nx * ez, iz = nx * ey - ny * ex;
            double il = Math.sqrt(ix * ix + iy * iy + iz * iz);
            double d = ((px - h.vertex(a, 0)) * ix + (py - h.vertex(a, 1)) * iy + (pz - h.vertex(a, 2)) * iz) / il;
            if (d < margin) {
                return false;
            }
        }
        return true;
    }

    /** A cubic grid jittered by up to 0.15 spacing (seeded), kept 0.35 spacing inside the hull. */
    private static void sampleInterior(ConvexHull h, double[] box, double spacing, SplittableRandom rnd, PointList out) {
        int nx = (int) Math.floor((box[3] - box[0]) / spacing), ny = (int) Math.floor((box[4] - box[1]) / spacing);
        int nz = (int) Math.floor((box[5] - box[2]) / spacing);
        double x0 = box[0] + 0.5 * ((box[3] - box[0]) - nx * spacing);
        double y0 = box[1] + 0.5 * ((box[4] - box[1]) - ny * spacing);
        double z0 = box[2] + 0.5 * ((box[5] - box[2]) - nz * spacing);
        for (int i = 0; i <= nx; i++) {
            for (int j = 0; j <= ny; j++) {
                for (int k = 0; k <= nz; k++) {
                    double px = x0 + i * spacing + (2 * rnd.nextDouble() - 1) * 0.15 * spacing;
                    double py = y0 + j * spacing + (2 * rnd.nextDouble() - 1) * 0.15 * spacing;
                    double pz = z0 + k * spacing + (2 * rnd.nextDouble() - 1) * 0.15 * spacing;
                    boolean inside = true;
                    for (int f = 0; f < h.faceCount() && inside; f++) {
                        double d = px * h.plane(f, 0) + py * h.plane(f, 1) + pz * h.plane(f, 2) - h.plane(f, 3);
                        inside = d < -0.35 * spacing;
                    }
                    if (inside) {
                        out.add(px, py, pz);
                    }
                }
            }
        }
    }

    private static double sq(double x) {
        return x * x;
    }

    /** A growable packed xyz list. */
    private static final class PointList {
        double[] xyz = new double[96];
        int n;

        void add(double x, double y, double z) {
            if (3 * n + 3 > xyz.length) {
                xyz = Arrays.copyOf(xyz, 2 * xyz.length);
            }
            xyz[3 * n] = x;
            xyz[3 * n + 1] = y;
            xyz[3 * n + 2] = z;
            n++;
        }
    }
}
