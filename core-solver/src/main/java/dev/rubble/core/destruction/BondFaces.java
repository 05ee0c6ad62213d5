package dev.rubble.core.destruction;

import dev.rubble.geometry.bounds.BoundsPairs;
import dev.rubble.geometry.polytope.HullInterface;
import dev.rubble.spi.collection.CollectionAsset;
import dev.rubble.spi.shape.ConvexHull;
import java.util.Arrays;

/**
 * Every bond's interface — the face its two pieces share — from the asset's leaf hulls, for the stress
 * graph (docs/destruction.md, "Stress": bonds carry the interface's centroid and normal, as NVIDIA
 * Blast's bonds do; compression and tension act along the normal, shear across it).
 *
 * <pre>
 *  leaf pairs     bounds within the tolerance (BoundsPairs, sorted), tolerance 1e-9 × the leaves' diagonal
 *  leaf contact   Σ over their hulls of the coplanar opposite faces' overlap (HullInterface): A, A c, A n
 *  lifted         to the children of the two leaves' lowest common ancestor (as authoring lifts bond areas);
 *                 the bond between them, if there is one, sums A, A c and A n (n turned to point from a to b)
 *  bond face      centroid Σ A c / Σ A, normal Σ A n / |Σ A n|
 * </pre>
 *
 * A bond whose pieces share no face (a zero-area Delaunay bond, pieces with grout between them, noisy
 * mesh cuts that no hull face follows) has none: {@code NaN} in its six values, and the graph falls back
 * to the centres of mass (centroid halfway, normal from a's centre to b's). Computed from the asset
 * alone, in a fixed order (leaf pairs ascending, hulls in node order): the same bits on every run, with
 * no collection-format field, so every stored asset gets its faces. Built once per collection when a
 * stress model is turned on (it allocates; never in the step).
 */
final class BondFaces {
    /** Values per bond: centroid xyz, unit normal xyz (collection frame). */
    static final int STRIDE = 6;

    private BondFaces() {
    }

    /**
     * The faces of every bond of {@code a}: {@link #STRIDE} values per bond, {@code NaN} for a bond whose
     * pieces share no face.
     * @param a the asset
     * @return per bond its face's centroid (m) and its unit normal from a to b, collection frame
     */
    static double[] compute(CollectionAsset a) {
        int edges = a.edgeCount();
        double[] out = new double[STRIDE * edges];
        Arrays.fill(out, Double.NaN);
        if (edges == 0) {
            return out;
        }
        int n = a.nodeCount();
        int[] childCount = a.childCount(), parent = a.parent(), level = a.level();
        int leaves = 0;
        for (int i = 0; i < n; i++) {
            if (childCount[i] == 0) {
                leaves++;
            }
        }
        int[] leaf = new int[leaves];
        double[] bounds = new double[6 * leaves];
        double[] nodeBounds = a.bounds();
        double[] all = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY};
        for (int i = 0, l = 0; i < n; i++) {
            if (childCount[i] == 0) {
                leaf[l] = i;
                System.arraycopy(nodeBounds, 6 * i, bounds, 6 * l, 6);
                for (int k = 0; k < 3; k++) {
                    all[k] = Math.min(all[k], nodeBounds[6 * i + k]);
                    all[3 + k] = Math.max(all[3 + k], nodeBounds[6 * i + 3 + k]);
                }
                l++;
            }
        }
        double dx = all[3] - all[0], dy = all[4] - all[1], dz = all[5] - all[2];
        double diag = Math.sqrt(dx * dx + dy * dy + dz * dz);
        double tol = 1e-9 * diag;
        double minArea = tol * diag;
        long[] pairs = BoundsPairs.overlapping(leaves, bounds, tol);
        int[] hullStart = a.hullStart(), hullIndex = a.hullIndex(), edgeStart = a.edgeStart(), edgeList = a.edgeList();
        int[] ea = a.edgeA(), eb = a.edgeB();
        ConvexHull[] hulls = a.hulls();
        double[] sums = new double[HullInterface.SUMS * edges];
        double[] one = new double[HullInterface.SUMS];
        HullInterface.Scratch scratch = new HullInterface.Scratch();
        for (long key : pairs) {
            int la = leaf[(int) (key >>> 32)], lb = leaf[(int) key];
            Arrays.fill(one, 0);
            for (int i = hullStart[la]; i < hullStart[la + 1]; i++) {
                for (int j = hullStart[lb]; j < hullStart[lb + 1]; j++) {
                    HullInterface.accumulate(hulls[hullIndex[i]], hulls[hullIndex[j]], tol, scratch, one, 0);
                }
            }
            if (!(one[0] > minArea)) {
                continue;
            }
            // lift to the children of the lowest common ancestor
            int x = la, y = lb;
            while (parent[x] != parent[y]) {
                int lx = level[x], ly = level[y];
                if (lx >= ly) {
                    x = parent[x];
                }
                if (ly >= lx) {
                    y = parent[y];
                }
            }
            int lo = Math.min(x, y), hi = Math.max(x, y);
            int e = -1;
            for (int q = edgeStart[lo]; q < edgeStart[lo + 1]; q++) {
                int c = edgeList[q];
                if (ea[c] == lo && eb[c] == hi) {
                    e = c;
                    break;
                }
            }
            if (e < 0) {
                continue; // the two pieces touch but are not bonded
            }
            double sign = x == lo ? 1 : -1; // the sums' normal points from la's side (x) to lb's
            int o = HullInterface.SUMS * e;
            sums[o] += one[0];
            for (int k = 1; k <= 3; k++) {
                sums[o + k] += one[k];
                sums[o + 3 + k] += sign * one[3 + k];
            }
        }
        for (int e = 0; e < edges; e++) {
            int o = HullInterface.SUMS * e;
            double area = sums[o];
            double nx = sums[o + 4], ny = sums[o + 5], nz = sums[o + 6];
            double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
            if (!(area > 0) || !(len > 1e-6 * area)) {
                continue; // no face, or faces whose normals cancel: no one direction to read
            }
            int r = STRIDE * e;
            out[r] = sums[o + 1] / area;
            out[r + 1] = sums[o + 2] / area;
            out[r + 2] = sums[o + 3] / area;
            out[r + 3] = nx / len;
            out[r + 4] = ny / len;
            out[r + 5] = nz / len;
        }
        return out;
    }
}
