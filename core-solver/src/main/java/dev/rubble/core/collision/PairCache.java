package dev.rubble.core.collision;

import java.util.Arrays;

/**
 * One narrowphase run's results per body pair, in body frames: the body-pair contact cache of
 * {@link NarrowphaseStage}. Entries are appended in the run's sorted pair order, so a lookup is a
 * merge-join cursor (no hashing, no order that depends on anything but the pair buffer).
 *
 * <pre>
 *  pair e:      pairI[6e ..]: slot a &lt; slot b, their generations, first manifold, manifold count
 *                             (0 = the pair had no contact)
 *               pairD[8e ..]: B's centre of mass in A's body frame (dx, dy, dz), the rotation from
 *                             B's to A's body frame (qx, qy, qz, qw) = conj(qA) qB, and the speculative
 *                             margin the narrowphase ran with (metres)
 *  manifold m:  key[m]; manI[2m ..]: first point, point count (0..4); manD[3m ..]: normal in A's frame
 *  point p:     ptD[6p ..]: witness on A relative to A's centre of mass in A's frame, witness on B
 *               relative to B's centre of mass in B's frame; feature[p]
 *  pair e:      hint[4e ..]: the narrowphase's separating-axis hint for the pair (axis in the first
 *                            shape's frame, valid when hint[4e + 3] &gt; 0; see
 *                            {@code PairCollider.collide(.., hint, offset)})
 * </pre>
 *
 * A separating-axis hint only saves narrowphase work and never changes a result, so it is not
 * written to snapshots (a restored cache starts without hints, which gives the same contacts). A
 * pair with a contact gets its first manifold's normal as a warm start instead ({@link #hintFor}),
 * read from the manifolds, which are in snapshots.
 *
 * Records are interleaved (a pair's data shares one or two cache lines, a manifold's points are
 * contiguous): the stage reads one cache and writes the next for every pair, and a dozen
 * parallel arrays per record cost more memory traffic than the collision test the cache saves.
 * Arrays grow by doubling and are reused: allocation-free in steady state. Not thread-safe.
 */
final class PairCache {
    static final int PI = 6, PD = 8, MI = 2, MD = 3, TD = 6, HINT = dev.rubble.spi.narrowphase.PairCollider.HINT_STRIDE;
    static final int A = 0, B = 1, GEN_A = 2, GEN_B = 3, FIRST = 4, COUNT = 5;
    static final int DX = 0, DY = 1, DZ = 2, QX = 3, QY = 4, QZ = 5, QW = 6, MARGIN = 7;

    int pairs;
    int manifolds;
    int points;

    int[] pairI = new int[64 * PI];
    double[] pairD = new double[64 * PD];
    double[] hint = new double[64 * HINT];
    long[] key = new long[64];
    int[] manI = new int[64 * MI];
    double[] manD = new double[64 * MD];
    double[] ptD = new double[256 * TD];
    long[] feature = new long[256];

    /** Forgets every entry (keeps the arrays). */
    void clear() {
        pairs = 0;
        manifolds = 0;
        points = 0;
    }

    /** Appends a pair entry with no manifold yet. */
    void addPair(int slotA, int slotB, int generationA, int generationB,
                 double x, double y, double z, double rx, double ry, double rz, double rw, double pairMargin) {
        ensure(pairs + 1, 0, 0);
        putPair(pairs++, slotA, slotB, generationA, generationB, x, y, z, rx, ry, rz, rw, pairMargin, manifolds);
    }

    /**
     * Writes pair entry {@code e} (within capacity: {@link #ensure}) with no manifold yet, its
     * manifolds to start at {@code first}; its hint is invalid. The parallel narrowphase writes
     * entries at offsets its serial count gave; {@link #addPair} appends.
     */
    void putPair(int e, int slotA, int slotB, int generationA, int generationB,
                 double x, double y, double z, double rx, double ry, double rz, double rw, double pairMargin,
                 int first) {
        int i = e * PI, d = e * PD;
        hint[e * HINT + 3] = 0;
        int[] pi = pairI;
        pi[i + A] = slotA;
        pi[i + B] = slotB;
        pi[i + GEN_A] = generationA;
        pi[i + GEN_B] = generationB;
        pi[i + FIRST] = first;
        pi[i + COUNT] = 0;
        double[] pd = pairD;
        pd[d + DX] = x;
        pd[d + DY] = y;
        pd[d + DZ] = z;
        pd[d + QX] = rx;
        pd[d + QY] = ry;
        pd[d + QZ] = rz;
        pd[d + QW] = rw;
        pd[d + MARGIN] = pairMargin;
    }

    /**
     * Room for {@code p} pair entries, {@code m} manifolds and {@code t} points (contents kept), each array
     * at least doubled when it grows: what the parallel narrowphase's writers fill at their offsets, and
     * every append.
     */
    void ensure(int p, int m, int t) {
        if (pairI.length < p * PI) {
            int n = Math.max(p, 2 * (pairI.length / PI));
            pairI = Arrays.copyOf(pairI, n * PI);
            pairD = Arrays.copyOf(pairD, n * PD);
            hint = Arrays.copyOf(hint, n * HINT);
        }
        if (key.length < m) {
            int n = Math.max(m, 2 * key.length);
            key = Arrays.copyOf(key, n);
            manI = Arrays.copyOf(manI, n * MI);
            manD = Arrays.copyOf(manD, n * MD);
        }
        if (feature.length < t) {
            int n = Math.max(t, 2 * feature.length);
            feature = Arrays.copyOf(feature, n);
            ptD = Arrays.copyOf(ptD, n * TD);
        }
    }

    /**
     * Writes manifold {@code m} (within capacity) of pair entry {@code e} with no point yet, its points
     * to start at {@code firstPoint}, and counts it in the entry.
     */
    void putManifold(int e, int m, long manifoldKey, double localNx, double localNy, double localNz, int firstPoint) {
        key[m] = manifoldKey;
        manI[m * MI] = firstPoint;
        manI[m * MI + 1] = 0;
        manD[m * MD] = localNx;
        manD[m * MD + 1] = localNy;
        manD[m * MD + 2] = localNz;
        pairI[e * PI + COUNT]++;
    }

    /** Writes point {@code p} (within capacity) as the next point of manifold {@code m}. */
    void putPoint(int m, int p, double ax, double ay, double az, double bx, double by, double bz, long featureId) {
        manI[m * MI + 1]++;
        int o = p * TD;
        double[] t = ptD;
        t[o] = ax;
        t[o + 1] = ay;
        t[o + 2] = az;
        t[o + 3] = bx;
        t[o + 4] = by;
        t[o + 5] = bz;
        feature[p] = featureId;
    }

    /**
     * Writes entry {@code e} of {@code from} (pose, margin, hint, manifolds, points) as entry {@code dst}
     * with its manifolds from {@code m} and its points from {@code p} (within capacity: {@link #ensure}),
     * the bits {@link #copyPair} appends. Returns the number of points written.
     */
    int copyPairAt(PairCache from, int e, int dst, int m, int p) {
        int[] fi = from.pairI;
        int i = e * PI, d = e * PD;
        double[] fd = from.pairD;
        putPair(dst, fi[i + A], fi[i + B], fi[i + GEN_A], fi[i + GEN_B], fd[d + DX], fd[d + DY], fd[d + DZ],
                fd[d + QX], fd[d + QY], fd[d + QZ], fd[d + QW], fd[d + MARGIN], m);
        System.arraycopy(from.hint, e * HINT, hint, dst * HINT, HINT);
        int m0 = fi[i + FIRST], mc = fi[i + COUNT];
        if (mc == 0) {
            return 0;
        }
        int p0 = from.manI[m0 * MI], pc = from.manI[(m0 + mc - 1) * MI] + from.manI[(m0 + mc - 1) * MI + 1] - p0;
        int shift = p - p0;
        for (int k = 0; k < mc; k++) {
            int src = m0 + k, to = m + k;
            key[to] = from.key[src];
            manI[to * MI] = from.manI[src * MI] + shift;
            manI[to * MI + 1] = from.manI[src * MI + 1];
            manD[to * MD] = from.manD[src * MD];
            manD[to * MD + 1] = from.manD[src * MD + 1];
            manD[to * MD + 2] = from.manD[src * MD + 2];
        }
        System.arraycopy(from.ptD, p0 * TD, ptD, p * TD, pc * TD);
        System.arraycopy(from.feature, p0, feature, p, pc);
        pairI[dst * PI + COUNT] = mc;
        return pc;
    }

    /** Appends a manifold to the last pair entry; returns its index. */
    int addManifold(long manifoldKey, double localNx, double localNy, double localNz) {
        ensure(0, manifolds + 1, 0);
        int m = manifolds++;
        putManifold(pairs - 1, m, manifoldKey, localNx, localNy, localNz, points);
        return m;
    }

    /**
     * Appends a point to manifold {@code m}, the last one (ignored once it holds
     * {@link ContactStore#MAX_POINTS}).
     */
    void addPoint(int m, double ax, double ay, double az, double bx, double by, double bz, long featureId) {
        if (manI[m * MI + 1] == ContactStore.MAX_POINTS) {
            return;
        }
        ensure(0, 0, points + 1);
        putPoint(m, points++, ax, ay, az, bx, by, bz, featureId);
    }

    /**
     * The hint the narrowphase gets for a pair whose last entry is {@code e}: with a contact, the
     * normal of its first manifold (A's frame) as a warm start ({@code PairCollider.WARM_START}),
     * taken from the manifolds (in snapshots), never from the hint slot (not in snapshots), so a
     * restored cache warm-starts exactly as the original; without a contact, the entry's hint.
     */
    void hintFor(int e, double[] dst, int o) {
        int i = e * PI;
        if (pairI[i + COUNT] > 0) {
            int m = pairI[i + FIRST] * MD;
            dst[o] = manD[m];
            dst[o + 1] = manD[m + 1];
            dst[o + 2] = manD[m + 2];
            dst[o + 3] = dev.rubble.spi.narrowphase.PairCollider.WARM_START;
        } else {
            System.arraycopy(hint, e * HINT, dst, o, HINT);
        }
    }

    /** Points {@code view} at entry {@code e}'s manifolds: their sub-keys and normals (A's frame). */
    void lastManifolds(int e, dev.rubble.spi.narrowphase.LastManifolds view) {
        int i = e * PI;
        view.set(key, manD, pairI[i + FIRST], pairI[i + COUNT]);
    }

    /** Copies pair entry {@code e} of {@code from} (pose, margin, manifolds, points) to the end of this cache. */
    void copyPair(PairCache from, int e) {
        int[] fi = from.pairI;
        int m0 = fi[e * PI + FIRST], mc = fi[e * PI + COUNT];
        // the pair's manifolds and their points are contiguous in both caches
        int pc = mc == 0 ? 0 : from.manI[(m0 + mc - 1) * MI] + from.manI[(m0 + mc - 1) * MI + 1] - from.manI[m0 * MI];
        ensure(pairs + 1, manifolds + mc, points + pc);
        copyPairAt(from, e, pairs, manifolds, points);
        pairs++;
        manifolds += mc;
        points += pc;
    }

    /**
     * Replaces this cache's entries with the first {@code k} entries of {@code from} (bulk copies: an
     * entry's manifolds and points follow the previous entry's, from index 0).
     */
    void copyPrefix(PairCache from, int k) {
        clear();
        if (k == 0) {
            return;
        }
        final int[] fi = from.pairI;
        int mc = fi[(k - 1) * PI + FIRST] + fi[(k - 1) * PI + COUNT];
        int pc = mc == 0 ? 0 : from.manI[(mc - 1) * MI] + from.manI[(mc - 1) * MI + 1];
        ensure(k, mc, pc);
        System.arraycopy(fi, 0, pairI, 0, k * PI);
        System.arraycopy(from.pairD, 0, pairD, 0, k * PD);
        System.arraycopy(from.hint, 0, hint, 0, k * HINT);
        System.arraycopy(from.key, 0, key, 0, mc);
        System.arraycopy(from.manI, 0, manI, 0, mc * MI);
        System.arraycopy(from.manD, 0, manD, 0, mc * MD);
        System.arraycopy(from.ptD, 0, ptD, 0, pc * TD);
        System.arraycopy(from.feature, 0, feature, 0, pc);
        pairs = k;
        manifolds = mc;
        points = pc;
    }
    // ---- snapshots (docs/snapshot-format.md) ----

    /** Writes the entries: counts, then each array's used part. */
    void write(java.io.DataOutput out) throws java.io.IOException {
        out.writeInt(pairs);
        out.writeInt(manifolds);
        out.writeInt(points);
        StateIO.writeInts(out, pairI, 0, pairs * PI);
        StateIO.writeDoubles(out, pairD, 0, pairs * PD);
        StateIO.writeLongs(out, key, 0, manifolds);
        StateIO.writeInts(out, manI, 0, manifolds * MI);
        StateIO.writeDoubles(out, manD, 0, manifolds * MD);
        StateIO.writeDoubles(out, ptD, 0, points * TD);
        StateIO.writeLongs(out, feature, 0, points);
    }

    /** Replaces the entries with those {@link #write} wrote. */
    void read(java.io.DataInput in) throws java.io.IOException {
        int np = StateIO.readCount(in, "cached pair");
        int nm = StateIO.readCount(in, "cached manifold");
        int nt = StateIO.readCount(in, "cached point");
        pairI = new int[Math.max(64, np) * PI];
        pairD = new double[Math.max(64, np) * PD];
        hint = new double[Math.max(64, np) * HINT];
        key = new long[Math.max(64, nm)];
        manI = new int[Math.max(64, nm) * MI];
        manD = new double[Math.max(64, nm) * MD];
        ptD = new double[Math.max(256, nt) * TD];
        feature = new long[Math.max(256, nt)];
        StateIO.readInts(in, pairI, 0, np * PI);
        StateIO.readDoubles(in, pairD, 0, np * PD);
        StateIO.readLongs(in, key, 0, nm);
        StateIO.readInts(in, manI, 0, nm * MI);
        StateIO.readDoubles(in, manD, 0, nm * MD);
        StateIO.readDoubles(in, ptD, 0, nt * TD);
        StateIO.readLongs(in, feature, 0, nt);
        pairs = np;
        manifolds = nm;
        points = nt;
    }
}
