package dev.rubble.core.collision;

import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStore;
import java.util.Arrays;

/**
 * Parked manifolds of sleeping islands: what lets a woken island be solved in the step it wakes
 * without a second broadphase and narrowphase ("wake once"; Box2D v3 keeps a sleeping island's
 * contacts, with their manifolds, in the island's solver set and moves them back when it wakes).
 *
 * <pre>
 *  park    (start of each narrowphase run, before the store is rewritten): every manifold of last
 *          step with points, no awake body and at least one sleeping body (sleeping-sleeping,
 *          sleeping-static: a pair of two fixed proxies is never reported again) is copied here
 *          with its accumulated impulses, feature ids, body generations and its points' anchors on
 *          A in A's body frame (the warm-start matching data of NarrowphaseStage)
 *  select  (before the narrowphase run, and in the WAKE slot): only when BodyStore.releases moved
 *          (a body left SLEEPING or became DISABLED / was removed), scan the parked manifolds:
 *            a body AWAKE, both generations still those parked, neither disabled -> restore
 *            a generation changed or a body disabled / removed                  -> drop (never resurrected)
 *            otherwise (still asleep)                                           -> keep
 *  restore merge the selected ones into the (a, b, key)-sorted store from its end (no re-sort),
 *          friction and restitution mixed again from the bodies' current materials
 * </pre>
 *
 * The parked list is kept sorted by (a, b, key): parking merges this run's (sorted, as the store
 * is) into it. Nothing here depends on hashing; every order is the store's. While nothing wakes,
 * a step costs one pass over the store's manifolds (the park test) and a counter comparison.
 * Arrays grow by doubling and are reused: allocation-free in steady state. Not thread-safe.
 *
 * <p>A restored manifold is the one computed at the island's last collide before it fell asleep:
 * its bodies moved by less than the sleep speed times one step since (Box2D v3 does the same).
 */
final class SleepingContacts {
    private static final byte AWAKE = (byte) BodyState.AWAKE.ordinal();
    private static final byte SLEEPING = (byte) BodyState.SLEEPING.ordinal();
    private static final byte DISABLED = (byte) BodyState.DISABLED.ordinal();
    private static final int P = ContactStore.MAX_POINTS;
    private static final byte KEEP = 0, RESTORE = 1, DROP = 2;

    private Table parked = new Table(), spare = new Table();
    private final Table incoming = new Table();
    private byte[] fate = new byte[64];
    private int[] selected = new int[64];
    private int selectedCount;
    private int seenReleases;
    // parked body-pair cache entries (sorted by pair), and the chosen ones of the last select
    private PairCache cache = new PairCache(), cacheSpare = new PairCache();
    private final PairCache cacheIncoming = new PairCache();
    private byte[] cacheFate = new byte[64];
    private int[] cacheSelected = new int[64];
    private int cacheSelectedCount;

    /** Manifolds parked now. */
    int size() {
        return parked.count;
    }

    /** Body-pair cache entries parked now. */
    int cacheSize() {
        return cache.pairs;
    }

    /** Forgets every parked body-pair cache entry (the cache was switched off). */
    void clearCache() {
        cache.clear();
        cacheSelectedCount = 0;
    }

    /**
     * Parks the manifolds of {@code s} whose pair the broadphase will not report again (no awake
     * body, at least one sleeping one); {@code genA..lz} are the narrowphase's arrays index-aligned
     * with the store (generations per manifold, A-frame anchors per point).
     */
    int park(BodyStore b, ContactStore s, int[] genA, int[] genB, double[] lx, double[] ly, double[] lz) {
        final Table in = incoming;
        in.count = 0;
        if (b.count(BodyState.SLEEPING) == 0) {
            return 0; // every manifold parked needs a sleeping body (a removed body is DISABLED)
        }
        final byte[] st = b.state;
        final int[] gen = b.generation;
        for (int m = 0, n = s.size(); m < n; m++) {
            int a = s.bodyA[m], c = s.bodyB[m];
            byte sa = st[a], sc = st[c];
            if (sa == AWAKE || sc == AWAKE || (sa != SLEEPING && sc != SLEEPING) || sa == DISABLED || sc == DISABLED
                    || s.pointCount[m] == 0 || gen[a] != genA[m] || gen[c] != genB[m]) {
                continue;
            }
            in.appendFromStore(s, m, genA[m], genB[m], lx, ly, lz);
        }
        if (in.count == 0) {
            return 0;
        }
        // merge the sorted runs parked + incoming into spare (they are disjoint: a parked pair is
        // never in the store until it is restored, and then it is no longer parked)
        final Table old = parked, out = spare;
        out.count = 0;
        out.ensure(old.count + in.count);
        int i = 0, j = 0;
        while (i < old.count && j < in.count) {
            if (compare(old, i, in, j) < 0) {
                out.append(old, i++);
            } else {
                out.append(in, j++);
            }
        }
        while (i < old.count) {
            out.append(old, i++);
        }
        while (j < in.count) {
            out.append(in, j++);
        }
        parked = out;
        spare = old;
        return in.count;
    }

    /**
     * Parks the body-pair cache entries of {@code last} (the previous run's) that this run
     * ({@code now}) did not test because both bodies are fixed and one sleeps: when the island wakes
     * they go back into the cache, so its resting pairs replay instead of colliding again.
     */
    void parkCache(BodyStore b, PairCache last, PairCache now) {
        final PairCache in = cacheIncoming;
        in.clear();
        final int[] li = last.pairI, ni = now.pairI;
        final byte[] st = b.state;
        final int[] gen = b.generation;
        int j = 0;
        for (int e = 0; e < last.pairs; e++) {
            int o = e * PairCache.PI;
            int a = li[o + PairCache.A], c = li[o + PairCache.B];
            while (j < now.pairs && (ni[j * PairCache.PI] < a
                    || (ni[j * PairCache.PI] == a && ni[j * PairCache.PI + PairCache.B] < c))) {
                j++;
            }
            if (j < now.pairs && ni[j * PairCache.PI] == a && ni[j * PairCache.PI + PairCache.B] == c) {
                continue; // tested this run
            }
            byte sa = st[a], sc = st[c];
            if (sa == AWAKE || sc == AWAKE || (sa != SLEEPING && sc != SLEEPING) || sa == DISABLED || sc == DISABLED
                    || gen[a] != li[o + PairCache.GEN_A] || gen[c] != li[o + PairCache.GEN_B]) {
                continue;
            }
            in.copyPair(last, e);
        }
        if (in.pairs == 0) {
            return;
        }
        final PairCache old = cache, out = cacheSpare;
        out.clear();
        mergePairs(old, null, old.pairs, in, out);
        cache = out;
        cacheSpare = old;
    }

    /**
     * After {@link #select}: when parked cache entries were chosen, writes {@code cached} merged with
     * them into {@code target} (sorted by pair) and returns true (the caller swaps the two).
     */
    boolean restoreCache(PairCache cached, PairCache target) {
        final int r = cacheSelectedCount;
        if (r == 0) {
            return false;
        }
        target.clear();
        mergePairs(cache, cacheSelected, r, cached, target);
        cacheSelectedCount = 0;
        compactCache();
        return true;
    }

    /**
     * Merges entries of {@code x} (those listed in {@code xs}, or the first {@code xn} when null)
     * with every entry of {@code y} into {@code out}, by (a, b); on a tie y's entry wins.
     */
    private static void mergePairs(PairCache x, int[] xs, int xn, PairCache y, PairCache out) {
        int i = 0, j = 0;
        final int[] xi = x.pairI, yi = y.pairI;
        while (i < xn || j < y.pairs) {
            int e = i < xn ? (xs == null ? i : xs[i]) : -1;
            if (e >= 0 && j < y.pairs) {
                int c = compare(xi[e * PairCache.PI], xi[e * PairCache.PI + PairCache.B], 0,
                        yi[j * PairCache.PI], yi[j * PairCache.PI + PairCache.B], 0);
                if (c < 0) {
                    out.copyPair(x, e);
                    i++;
                } else {
                    if (c == 0) {
                        i++;
                    }
                    out.copyPair(y, j++);
                }
            } else if (e >= 0) {
                out.copyPair(x, e);
                i++;
            } else {
                out.copyPair(y, j++);
            }
        }
    }

    private void compactCache() {
        final PairCache from = cache, out = cacheSpare;
        out.clear();
        for (int e = 0; e < from.pairs; e++) {
            if (cacheFate[e] == KEEP) {
                out.copyPair(from, e);
            }
        }
        cache = out;
        cacheSpare = from;
    }

    /**
     * Decides the fate of every parked manifold if any body woke, was disabled or removed since the
     * last call (see the class comment); drops the stale ones. Returns how many are to be restored
     * by {@link #restoreInto}.
     */
    int select(BodyStore b) {
        selectedCount = 0;
        cacheSelectedCount = 0;
        if ((parked.count == 0 && cache.pairs == 0) || b.releases == seenReleases) {
            seenReleases = b.releases;
            return 0;
        }
        seenReleases = b.releases;
        selectCache(b);
        final Table t = parked;
        final int n = t.count;
        if (fate.length < n) {
            fate = new byte[Math.max(n, 2 * fate.length)];
        }
        final byte[] st = b.state;
        final int[] gen = b.generation;
        final int[] mi = t.mi;
        boolean changed = false;
        for (int e = 0; e < n; e++) {
            int o = e * Table.MI;
            int a = mi[o + Table.A], c = mi[o + Table.B];
            byte sa = st[a], sc = st[c];
            byte f;
            if (!b.isLive(a) || !b.isLive(c) || gen[a] != mi[o + Table.GEN_A] || gen[c] != mi[o + Table.GEN_B]
                    || sa == DISABLED || sc == DISABLED) {
                f = DROP;
            } else if (sa == AWAKE || sc == AWAKE) {
                f = RESTORE;
                if (selectedCount == selected.length) {
                    selected = Arrays.copyOf(selected, 2 * selected.length);
                }
                selected[selectedCount++] = e;
            } else {
                f = KEEP;
            }
            fate[e] = f;
            changed |= f != KEEP;
        }
        if (changed && selectedCount == 0) {
            compact();
        }
        return selectedCount;
    }

    /**
     * Merges the manifolds chosen by the last {@link #select} into {@code s} in (a, b, key) order and
     * forgets them here. The caller's arrays {@code genA..lz} (index-aligned with the store) must
     * hold {@code s.size() + select()} manifolds. At the manifold budget the merged list keeps its
     * lowest pairs (as the narrowphase does) and counts the rest in {@link ContactStore#droppedThisStep}.
     * Returns the number of parked manifolds now in the store.
     */
    int restoreInto(BodyStore b, ContactStore s, int[] genA, int[] genB, double[] lx, double[] ly, double[] lz) {
        final int r = selectedCount;
        if (r == 0) {
            return 0;
        }
        final Table t = parked;
        final int n = s.size();
        final int kept = n + Math.min(r, s.maxManifolds() - n);
        while (s.size() < kept) {
            s.add(0, 0, 0);
        }
        int restored = 0;
        int i = n - 1, j = r - 1;
        // backwards merge: position pos >= i always, so a store manifold never overwrites one not yet moved
        for (int pos = n + r - 1; j >= 0; pos--) {
            int e = selected[j];
            int eo = e * Table.MI;
            if (i >= 0 && compare(s.bodyA[i], s.bodyB[i], s.key[i], t.mi[eo + Table.A], t.mi[eo + Table.B], t.key[e]) > 0) {
                if (pos < kept) {
                    s.move(i, pos);
                    genA[pos] = genA[i];
                    genB[pos] = genB[i];
                    System.arraycopy(lx, i * P, lx, pos * P, P);
                    System.arraycopy(ly, i * P, ly, pos * P, P);
                    System.arraycopy(lz, i * P, lz, pos * P, P);
                }
                i--;
            } else {
                if (pos < kept) {
                    t.writeTo(e, b, s, pos, genA, genB, lx, ly, lz);
                    restored++;
                }
                j--;
            }
        }
        s.droppedThisStep += n + r - kept;
        selectedCount = 0;
        compact();
        return restored;
    }

    /** The fates of the parked cache entries (as of the manifolds, see the class comment). */
    private void selectCache(BodyStore b) {
        final PairCache t = cache;
        final int n = t.pairs;
        if (n == 0) {
            return;
        }
        if (cacheFate.length < n) {
            cacheFate = new byte[Math.max(n, 2 * cacheFate.length)];
        }
        final byte[] st = b.state;
        final int[] gen = b.generation;
        final int[] pi = t.pairI;
        boolean changed = false;
        for (int e = 0; e < n; e++) {
            int o = e * PairCache.PI;
            int a = pi[o + PairCache.A], c = pi[o + PairCache.B];
            byte sa = st[a], sc = st[c];
            byte f;
            if (!b.isLive(a) || !b.isLive(c) || gen[a] != pi[o + PairCache.GEN_A] || gen[c] != pi[o + PairCache.GEN_B]
                    || sa == DISABLED || sc == DISABLED) {
                f = DROP;
            } else if (sa == AWAKE || sc == AWAKE) {
                f = RESTORE;
                if (cacheSelectedCount == cacheSelected.length) {
                    cacheSelected = Arrays.copyOf(cacheSelected, 2 * cacheSelected.length);
                }
                cacheSelected[cacheSelectedCount++] = e;
            } else {
                f = KEEP;
            }
            cacheFate[e] = f;
            changed |= f != KEEP;
        }
        if (changed && cacheSelectedCount == 0) {
            compactCache();
        }
    }

    /** Removes the parked manifolds whose fate (last {@link #select}) is not KEEP, keeping the order. */
    private void compact() {
        final Table t = parked;
        int w = 0;
        for (int e = 0, n = t.count; e < n; e++) {
            if (fate[e] == KEEP) {
                if (w != e) {
                    t.copyWithin(e, w);
                }
                w++;
            }
        }
        t.count = w;
    }

    // ---- snapshots (docs/snapshot-format.md) ----

    /** Writes the parked manifolds (used points only), the parked cache entries and the release counter seen. */
    void write(java.io.DataOutput out) throws java.io.IOException {
        final Table t = parked;
        out.writeInt(seenReleases);
        out.writeInt(t.count);
        for (int e = 0; e < t.count; e++) {
            int pc = t.mi[e * Table.MI + Table.POINTS];
            StateIO.writeInts(out, t.mi, e * Table.MI, Table.MI);
            out.writeLong(t.key[e]);
            StateIO.writeDoubles(out, t.md, e * Table.MD, Table.MD);
            StateIO.writeDoubles(out, t.pd, e * P * Table.PD, pc * Table.PD);
            StateIO.writeLongs(out, t.feature, e * P, pc);
        }
        cache.write(out);
    }

    /** Replaces everything parked with what {@link #write} wrote. */
    void read(java.io.DataInput in) throws java.io.IOException {
        seenReleases = in.readInt();
        int n = StateIO.readCount(in, "parked manifold");
        final Table t = new Table();
        t.ensure(n);
        for (int e = 0; e < n; e++) {
            StateIO.readInts(in, t.mi, e * Table.MI, Table.MI);
            int pc = t.mi[e * Table.MI + Table.POINTS];
            if (pc < 0 || pc > P) {
                throw new IllegalArgumentException("parked manifold " + e + " has " + pc + " points; allowed: 0.." + P);
            }
            t.key[e] = in.readLong();
            StateIO.readDoubles(in, t.md, e * Table.MD, Table.MD);
            StateIO.readDoubles(in, t.pd, e * P * Table.PD, pc * Table.PD);
            StateIO.readLongs(in, t.feature, e * P, pc);
        }
        t.count = n;
        parked = t;
        spare.count = 0;
        cache.read(in);
        selectedCount = 0;
        cacheSelectedCount = 0;
    }

    private static int compare(Table x, int i, Table y, int j) {
        return compare(x.mi[i * Table.MI + Table.A], x.mi[i * Table.MI + Table.B], x.key[i],
                y.mi[j * Table.MI + Table.A], y.mi[j * Table.MI + Table.B], y.key[j]);
    }

    private static int compare(int a1, int b1, long k1, int a2, int b2, long k2) {
        if (a1 != a2) {
            return Integer.compare(a1, a2);
        }
        if (b1 != b2) {
            return Integer.compare(b1, b2);
        }
        return Long.compare(k1, k2);
    }

    /**
     * Parked manifolds, interleaved per record: {@code mi[5e ..]} = slot a, slot b, generation a,
     * generation b, point count; {@code key[e]}; {@code md[3e ..]} = normal (world, A to B);
     * {@code pd[13 (4e + k) ..]} = anchor on A, anchor on B (relative to each centre of mass,
     * world), separation, normal and two tangent impulses, anchor on A in A's body frame;
     * {@code feature[4e + k]}.
     */
    private static final class Table {
        static final int MI = 5, A = 0, B = 1, GEN_A = 2, GEN_B = 3, POINTS = 4;
        static final int MD = 3, PD = 13;
        int count;
        int[] mi = new int[64 * MI];
        long[] key = new long[64];
        double[] md = new double[64 * MD];
        double[] pd = new double[64 * P * PD];
        long[] feature = new long[64 * P];

        void ensure(int n) {
            if (key.length < n) {
                int c = Math.max(n, 2 * key.length);
                mi = Arrays.copyOf(mi, c * MI);
                key = Arrays.copyOf(key, c);
                md = Arrays.copyOf(md, c * MD);
                pd = Arrays.copyOf(pd, c * P * PD);
                feature = Arrays.copyOf(feature, c * P);
            }
        }

        void appendFromStore(ContactStore s, int m, int genA, int genB, double[] lx, double[] ly, double[] lz) {
            ensure(count + 1);
            int e = count++;
            int o = e * MI;
            int pc = s.pointCount[m];
            mi[o + A] = s.bodyA[m];
            mi[o + B] = s.bodyB[m];
            mi[o + GEN_A] = genA;
            mi[o + GEN_B] = genB;
            mi[o + POINTS] = pc;
            key[e] = s.key[m];
            md[e * MD] = s.nx[m];
            md[e * MD + 1] = s.ny[m];
            md[e * MD + 2] = s.nz[m];
            for (int k = 0; k < pc; k++) {
                int p = m * P + k, q = (e * P + k) * PD;
                double[] d = pd;
                d[q] = s.ax[p];
                d[q + 1] = s.ay[p];
                d[q + 2] = s.az[p];
                d[q + 3] = s.bx[p];
                d[q + 4] = s.by[p];
                d[q + 5] = s.bz[p];
                d[q + 6] = s.separation[p];
                d[q + 7] = s.normalImpulse[p];
                d[q + 8] = s.tangentImpulse1[p];
                d[q + 9] = s.tangentImpulse2[p];
                d[q + 10] = lx[p];
                d[q + 11] = ly[p];
                d[q + 12] = lz[p];
                feature[e * P + k] = s.feature[p];
            }
        }

        /** Appends record {@code e} of {@code from}. */
        void append(Table from, int e) {
            ensure(count + 1);
            copy(from, e, this, count++);
        }

        /** Copies record {@code from} over record {@code to} of this table. */
        void copyWithin(int from, int to) {
            copy(this, from, this, to);
        }

        private static void copy(Table x, int i, Table y, int j) {
            System.arraycopy(x.mi, i * MI, y.mi, j * MI, MI);
            y.key[j] = x.key[i];
            System.arraycopy(x.md, i * MD, y.md, j * MD, MD);
            int pc = x.mi[i * MI + POINTS];
            System.arraycopy(x.pd, i * P * PD, y.pd, j * P * PD, pc * PD);
            System.arraycopy(x.feature, i * P, y.feature, j * P, pc);
        }

        /** Writes record {@code e} as manifold {@code m} of {@code s} (and its warm-start data into the arrays). */
        void writeTo(int e, BodyStore b, ContactStore s, int m, int[] genA, int[] genB,
                     double[] lx, double[] ly, double[] lz) {
            int o = e * MI;
            int a = mi[o + A], c = mi[o + B], pc = mi[o + POINTS];
            s.bodyA[m] = a;
            s.bodyB[m] = c;
            s.key[m] = key[e];
            s.pointCount[m] = pc;
            s.nx[m] = md[e * MD];
            s.ny[m] = md[e * MD + 1];
            s.nz[m] = md[e * MD + 2];
            // the materials' mixing rules of NarrowphaseStage (geometric mean friction, max restitution)
            s.friction[m] = Math.sqrt(b.friction[a] * b.friction[c]);
            s.restitution[m] = Math.max(b.restitution[a], b.restitution[c]);
            genA[m] = mi[o + GEN_A];
            genB[m] = mi[o + GEN_B];
            for (int k = 0; k < pc; k++) {
                int p = m * P + k, q = (e * P + k) * PD;
                double[] d = pd;
                s.ax[p] = d[q];
                s.ay[p] = d[q + 1];
                s.az[p] = d[q + 2];
                s.bx[p] = d[q + 3];
                s.by[p] = d[q + 4];
                s.bz[p] = d[q + 5];
                s.separation[p] = d[q + 6];
                s.normalImpulse[p] = d[q + 7];
                s.tangentImpulse1[p] = d[q + 8];
                s.tangentImpulse2[p] = d[q + 9];
                s.relativeNormalVelocity[p] = 0; // the solver writes it when it prepares the step
                lx[p] = d[q + 10];
                ly[p] = d[q + 11];
                lz[p] = d[q + 12];
                s.feature[p] = feature[e * P + k];
            }
        }
    }
}
