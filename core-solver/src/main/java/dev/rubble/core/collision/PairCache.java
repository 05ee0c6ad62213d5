package dev.rubble.core.collision;

import java.util.Arrays;

/**
 * One narrowphase run's results per body pair, in body frames: the body-pair contact cache of
 * {@link NarrowphaseStage}. Entries are appended in the run's sorted pair order, so a lookup is a
 * merge-join cursor (no hashing, no order that depends on anything but the pair buffer).
 *
 * <pre>
 *  pair e:      slots a[e] &lt; b[e] and their generations, B's centre of mass in A's body frame
 *               (dx, dy, dz)[e], the rotation from B's to A's body frame (qx, qy, qz, qw)[e] = conj(qA) qB,
 *               the speculative margin the narrowphase ran with, margin[e] (metres), and
 *               manifolds first[e] .. first[e] + count[e] - 1 (count 0 = the pair had no contact)
 *  manifold m:  key[m], normal in A's body frame (nx, ny, nz)[m], points[m] in 0..4
 *  point p = 4 m + k:  witness on A relative to A's centre of mass in A's body frame (lax..),
 *               witness on B relative to B's centre of mass in B's body frame (lbx..), feature[p]
 * </pre>
 *
 * Arrays grow by doubling and are reused: allocation-free in steady state. Not thread-safe.
 */
final class PairCache {
    int pairs;
    int manifolds;

    int[] a = new int[64], b = new int[64], genA = new int[64], genB = new int[64];
    int[] first = new int[64], count = new int[64];
    double[] dx = new double[64], dy = new double[64], dz = new double[64];
    double[] qx = new double[64], qy = new double[64], qz = new double[64], qw = new double[64];
    double[] margin = new double[64];

    long[] key = new long[64];
    double[] nx = new double[64], ny = new double[64], nz = new double[64];
    int[] points = new int[64];

    double[] lax = new double[256], lay = new double[256], laz = new double[256];
    double[] lbx = new double[256], lby = new double[256], lbz = new double[256];
    long[] feature = new long[256];

    /** Forgets every entry (keeps the arrays). */
    void clear() {
        pairs = 0;
        manifolds = 0;
    }

    /** Appends a pair entry with no manifold yet; returns its index. */
    int addPair(int slotA, int slotB, int generationA, int generationB,
                double x, double y, double z, double rx, double ry, double rz, double rw, double pairMargin) {
        if (pairs == a.length) {
            growPairs();
        }
        int e = pairs++;
        a[e] = slotA;
        b[e] = slotB;
        genA[e] = generationA;
        genB[e] = generationB;
        dx[e] = x;
        dy[e] = y;
        dz[e] = z;
        qx[e] = rx;
        qy[e] = ry;
        qz[e] = rz;
        qw[e] = rw;
        margin[e] = pairMargin;
        first[e] = manifolds;
        count[e] = 0;
        return e;
    }

    /** Appends a manifold to the last pair entry; returns its index. */
    int addManifold(long manifoldKey, double localNx, double localNy, double localNz) {
        if (manifolds == key.length) {
            growManifolds();
        }
        int m = manifolds++;
        key[m] = manifoldKey;
        nx[m] = localNx;
        ny[m] = localNy;
        nz[m] = localNz;
        points[m] = 0;
        count[pairs - 1]++;
        return m;
    }

    /** Appends a point to manifold {@code m} (ignored once it holds {@link ContactStore#MAX_POINTS}). */
    void addPoint(int m, double ax, double ay, double az, double bx, double by, double bz, long featureId) {
        if (points[m] == ContactStore.MAX_POINTS) {
            return;
        }
        int p = m * ContactStore.MAX_POINTS + points[m]++;
        lax[p] = ax;
        lay[p] = ay;
        laz[p] = az;
        lbx[p] = bx;
        lby[p] = by;
        lbz[p] = bz;
        feature[p] = featureId;
    }

    /** Copies pair entry {@code e} of {@code from} (pose, margin, manifolds, points) to the end of this cache. */
    void copyPair(PairCache from, int e) {
        addPair(from.a[e], from.b[e], from.genA[e], from.genB[e], from.dx[e], from.dy[e], from.dz[e],
                from.qx[e], from.qy[e], from.qz[e], from.qw[e], from.margin[e]);
        for (int m = from.first[e], end = m + from.count[e]; m < end; m++) {
            int to = addManifold(from.key[m], from.nx[m], from.ny[m], from.nz[m]);
            int n = from.points[m];
            points[to] = n;
            // at most 4 points: a plain loop beats System.arraycopy's call for such short runs
            for (int src = m * ContactStore.MAX_POINTS, dst = to * ContactStore.MAX_POINTS, end2 = src + n;
                 src < end2; src++, dst++) {
                lax[dst] = from.lax[src];
                lay[dst] = from.lay[src];
                laz[dst] = from.laz[src];
                lbx[dst] = from.lbx[src];
                lby[dst] = from.lby[src];
                lbz[dst] = from.lbz[src];
                feature[dst] = from.feature[src];
            }
        }
    }

    private void growPairs() {
        int n = 2 * a.length;
        a = Arrays.copyOf(a, n);
        b = Arrays.copyOf(b, n);
        genA = Arrays.copyOf(genA, n);
        genB = Arrays.copyOf(genB, n);
        first = Arrays.copyOf(first, n);
        count = Arrays.copyOf(count, n);
        dx = Arrays.copyOf(dx, n);
        dy = Arrays.copyOf(dy, n);
        dz = Arrays.copyOf(dz, n);
        qx = Arrays.copyOf(qx, n);
        qy = Arrays.copyOf(qy, n);
        qz = Arrays.copyOf(qz, n);
        qw = Arrays.copyOf(qw, n);
        margin = Arrays.copyOf(margin, n);
    }

    private void growManifolds() {
        int n = 2 * key.length;
        key = Arrays.copyOf(key, n);
        nx = Arrays.copyOf(nx, n);
        ny = Arrays.copyOf(ny, n);
        nz = Arrays.copyOf(nz, n);
        points = Arrays.copyOf(points, n);
        int pc = n * ContactStore.MAX_POINTS;
        lax = Arrays.copyOf(lax, pc);
        lay = Arrays.copyOf(lay, pc);
        laz = Arrays.copyOf(laz, pc);
        lbx = Arrays.copyOf(lbx, pc);
        lby = Arrays.copyOf(lby, pc);
        lbz = Arrays.copyOf(lbz, pc);
        feature = Arrays.copyOf(feature, pc);
    }
}
