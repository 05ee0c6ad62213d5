package dev.rubble.geometry.polytope;

import dev.rubble.spi.geom.ConvexPolytope;
import java.util.Arrays;
import dev.rubble.geometry.hull.LongIntMap;

/**
 * Plane clipping of convex polytopes: the cut every fracture method (Voronoi cells, slices,
 * bricks, plane cuts) and the collection builder are made of. Deterministic: the edge-cut map is
 * only looked up, never iterated.
 */
public final class PolytopeClipper {
    private PolytopeClipper() {
    }

    /**
     * The part of polytope {@code p0} on the inner side {@code n·x ≤ d} of a plane.
     *
     * @param nx,ny,nz plane normal (need not be unit; must not be zero)
     * @param d        plane offset in the same scale as the normal
     * @param tol      absolute distance tolerance (metres, ≥ 0): vertices with
     *                 {@code |n·x - d|/|n| ≤ tol} count as on the plane
     * @return this when nothing lies strictly outside, {@code null} when nothing lies strictly
     *         inside (empty or a flat remainder), else the clipped polytope
     */
    public static ConvexPolytope clip(ConvexPolytope p0, double nx, double ny, double nz, double d, double tol) {
        final double[] v = p0.vertices();
        final int[] faceStart = p0.faceStarts();
        final int[] faceIdx = p0.faceIndices();
        final double[] plane = p0.planes();
        double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
        if (!(len > 0) || !Double.isFinite(len) || !Double.isFinite(d)) {
            throw new IllegalArgumentException("plane (" + nx + ", " + ny + ", " + nz + ", " + d
                    + ") is not allowed; allowed: finite with a non-zero normal");
        }
        if (!(tol >= 0)) {
            throw new IllegalArgumentException("tol = " + tol + "; allowed: >= 0");
        }
        nx /= len;
        ny /= len;
        nz /= len;
        d /= len;
        int nv = p0.vertexCount();
        double[] dist = new double[nv];
        int out = 0, in = 0;
        for (int i = 0; i < nv; i++) {
            double s = nx * v[3 * i] + ny * v[3 * i + 1] + nz * v[3 * i + 2] - d;
            if (s > tol) {
                out++;
            } else if (s < -tol) {
                in++;
            } else {
                s = 0;
            }
            dist[i] = s;
        }
        if (out == 0) {
            return p0;
        }
        if (in == 0) {
            return null;
        }
        // new vertex numbering: kept old vertices first, then edge intersections
        int[] remap = new int[nv];
        double[] nvtx = new double[3 * (nv + faceIdx.length)];
        int count = 0;
        for (int i = 0; i < nv; i++) {
            if (dist[i] <= 0) {
                remap[i] = count;
                System.arraycopy(v, 3 * i, nvtx, 3 * count, 3);
                count++;
            } else {
                remap[i] = -1;
            }
        }
        LongIntMap cut = new LongIntMap(16); // only looked up: order cannot reach results
        int[] nfs = new int[p0.faceCount() + 2];
        int[] nfsrc = new int[p0.faceCount() + 2];
        int[] nfi = new int[faceIdx.length * 2 + nv];
        int[] capPts = new int[faceIdx.length + nv];
        int capCount = 0;
        boolean[] onCap = new boolean[nv + faceIdx.length];
        int nfCount = 0, idxCount = 0;
        int nf = p0.faceCount();
        for (int f = 0; f < nf; f++) {
            int s = faceStart[f], e = faceStart[f + 1];
            int faceBegin = idxCount;
            for (int k = s; k < e; k++) {
                int a = faceIdx[k], b = faceIdx[k + 1 < e ? k + 1 : s];
                double da = dist[a], db = dist[b];
                if (da <= 0) {
                    idxCount = appendDistinct(nfi, faceBegin, idxCount, remap[a]);
                    if (da == 0 && !onCap[remap[a]]) {
                        onCap[remap[a]] = true;
                        capPts[capCount++] = remap[a];
                    }
                }
                if ((da < 0 && db > 0) || (da > 0 && db < 0)) {
                    long key = a < b ? ((long) a << 32) | b : ((long) b << 32) | a;
                    int id = cut.get(key);
                    if (id < 0) {
                        // interpolate from the inner endpoint for symmetry of shared edges
                        int p = da < 0 ? a : b, q = da < 0 ? b : a;
                        double t = dist[p] / (dist[p] - dist[q]);
                        nvtx[3 * count] = v[3 * p] + t * (v[3 * q] - v[3 * p]);
                        nvtx[3 * count + 1] = v[3 * p + 1] + t * (v[3 * q + 1] - v[3 * p + 1]);
                        nvtx[3 * count + 2] = v[3 * p + 2] + t * (v[3 * q + 2] - v[3 * p + 2]);
                        id = count++;
                        cut.put(key, id);
                        onCap[id] = true;
                        capPts[capCount++] = id;
                    }
                    idxCount = appendDistinct(nfi, faceBegin, idxCount, id);
                }
            }
            if (idxCount - faceBegin >= 2 && nfi[idxCount - 1] == nfi[faceBegin]) {
                idxCount--;
            }
            if (idxCount - faceBegin >= 3 && !allOnCap(nfi, faceBegin, idxCount, onCap)) {
                nfsrc[nfCount] = f;
                nfs[nfCount++] = faceBegin;
            } else {
                idxCount = faceBegin;
            }
        }
        // the cap polygon: cap points sorted by angle around their mean in the plane
        if (capCount >= 3) {
            double[] basis = new double[6];
            ConvexPolytope.planeBasis(nx, ny, nz, basis);
            double ux = basis[0], uy = basis[1], uz = basis[2], wx = basis[3], wy = basis[4], wz = basis[5];
            double[] mean = new double[3];
            ConvexPolytope.mean(capPts, capCount, nvtx, mean);
            double mx = mean[0], my = mean[1], mz = mean[2];
            double[] ang = new double[capCount];
            for (int k = 0; k < capCount; k++) {
                int i = 3 * capPts[k];
                double px = nvtx[i] - mx, py = nvtx[i + 1] - my, pz = nvtx[i + 2] - mz;
                // counter-clockwise about +n (outward): angle in (u, w) basis with w = n × u
                ang[k] = StrictMath.atan2(px * wx + py * wy + pz * wz, px * ux + py * uy + pz * uz);
            }
            // insertion sort (cap sizes are small), ties broken by index for determinism
            for (int k = 1; k < capCount; k++) {
                double a = ang[k];
                int id = capPts[k];
                int j = k - 1;
                while (j >= 0 && (ang[j] > a || (ang[j] == a && capPts[j] > id))) {
                    ang[j + 1] = ang[j];
                    capPts[j + 1] = capPts[j];
                    j--;
                }
                ang[j + 1] = a;
                capPts[j + 1] = id;
            }
            int faceBegin = idxCount;
            for (int k = 0; k < capCount; k++) {
                idxCount = appendDistinct(nfi, faceBegin, idxCount, capPts[k]);
            }
            if (idxCount - faceBegin >= 3) {
                nfsrc[nfCount] = -1;
                nfs[nfCount++] = faceBegin;
            } else {
                idxCount = faceBegin;
            }
        }
        if (nfCount < 4) {
            return null;
        }
        // compact: drop vertices no face uses
        int[] used = new int[count];
        Arrays.fill(used, -1);
        int nu = 0;
        for (int k = 0; k < idxCount; k++) {
            if (used[nfi[k]] < 0) {
                used[nfi[k]] = 0;
            }
        }
        double[] cv = new double[3 * count];
        for (int i = 0; i < count; i++) {
            if (used[i] == 0) {
                used[i] = nu;
                System.arraycopy(nvtx, 3 * i, cv, 3 * nu, 3);
                nu++;
            }
        }
        int[] fi = new int[idxCount];
        for (int k = 0; k < idxCount; k++) {
            fi[k] = used[nfi[k]];
        }
        int[] fs = new int[nfCount + 1];
        System.arraycopy(nfs, 0, fs, 0, nfCount);
        fs[nfCount] = idxCount;
        double[] verts = Arrays.copyOf(cv, 3 * nu);
        // planes are inherited exactly (kept faces) or the cutting plane (cap), so faces shared by
        // neighbouring cells carry bit-identical planes
        double[] pl = new double[4 * nfCount];
        for (int f = 0; f < nfCount; f++) {
            int src = nfsrc[f];
            if (src >= 0) {
                System.arraycopy(plane, 4 * src, pl, 4 * f, 4);
            } else {
                pl[4 * f] = nx;
                pl[4 * f + 1] = ny;
                pl[4 * f + 2] = nz;
                pl[4 * f + 3] = d;
            }
        }
        ConvexPolytope r = ConvexPolytope.wrap(verts, fs, fi, pl);
        return r.volume() > 0 ? r : null;
    }

    private static boolean allOnCap(int[] idx, int a, int b, boolean[] onCap) {
        for (int k = a; k < b; k++) {
            if (!onCap[idx[k]]) {
                return false;
            }
        }
        return true;
    }

    private static int appendDistinct(int[] arr, int begin, int end, int id) {
        if (end > begin && arr[end - 1] == id) {
            return end;
        }
        arr[end] = id;
        return end + 1;
    }

}
