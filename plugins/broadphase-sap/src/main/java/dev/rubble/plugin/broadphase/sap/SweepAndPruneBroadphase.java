package dev.rubble.plugin.broadphase.sap;

import dev.rubble.spi.broadphase.Broadphase;
import java.util.Arrays;

/**
 * Incremental sweep and prune.
 *
 * <pre>
 *  per axis a in {x, y, z}:  val[a][i], code[a][i] = (proxy << 1) | isMax, sorted by (val, isMax)
 *  pairs: a set of every overlapping pair (fixed ones included), kept up to date by the sort
 *
 *  sync (before findPairs / query, when something changed):
 *    drop removed proxies' endpoints and pairs; copy the current box values into the endpoints
 *    per axis: insertion sort of the old endpoints (frame coherence: O(N + swaps)); every swap is an
 *              overlap event on that axis:  min of p passes left over max of q -> may begin: test the
 *              full boxes, add {p, q};  max of p passes left over min of q -> ends: remove {p, q}
 *              then the new proxies' endpoints: sorted apart and merged in
 *    new proxies: one range query each on the axis of largest spread
 *    too many swaps (teleports, mass moves): merge sort and rebuild the set by one sweep
 *  findPairs: report the set, skipping fixed-fixed pairs
 * </pre>
 *
 * Events are exact with batched updates: insertion sort swaps each inverted pair of endpoints
 * exactly once, so an axis flips the overlap of {p, q} iff the old and new orders of their min/max
 * endpoints differ; a pair that overlaps now on every axis overlapped before (kept) or flipped on
 * some axis (added, the box test uses the current boxes); a pair that no longer overlaps flipped to
 * "separate" on some axis (removed). Min endpoints sort before max endpoints of equal value, so
 * boxes that only touch overlap (closed intervals). Cost per step: O(N) refresh + swaps + pairs,
 * not the O(N * open intervals) of a sweep (reference: Baraff 1992, Coherent collision detection;
 * Ericson, Real-Time Collision Detection §7.5.1 and §7.5.2 for the sweep and variance axis).
 *
 * <p>Removed proxies keep their endpoints until the next sync compacts them away; their internal
 * index is only reused after that.
 */
final class SweepAndPruneBroadphase implements Broadphase {
    /** Insertion sort gives up for a merge sort after this many shifts per endpoint (plus a constant). */
    private static final int SHIFT_BUDGET_PER_ENDPOINT = 8;

    // proxies by internal index p
    private int proxyLimit;
    private int size;
    private int[] idOf = new int[16];
    private boolean[] fixed = new boolean[16];
    private boolean[] alive = new boolean[16];
    /** Box of p at p*6: minX, minY, minZ, maxX, maxY, maxZ. */
    private double[] box = new double[16 * 6];
    /** id -> p + 1 (0 = absent). */
    private int[] proxyOf = new int[16];
    /** Internal indices free for reuse (their endpoints are gone). */
    private int[] free = new int[16];
    private int freeCount;
    /** Removed proxies whose endpoints are still in the axis arrays. */
    private int[] dead = new int[16];
    private int deadCount;

    // endpoints per axis
    private int endpointCount;
    private final double[][] val = {new double[32], new double[32], new double[32]};
    private final int[][] code = {new int[32], new int[32], new int[32]};
    private double[] mergeVal = new double[32];
    private int[] mergeCode = new int[32];
    private boolean dirty;
    private int sweepAxis;
    /** Every overlapping pair of internal indices, fixed-fixed ones included. */
    private final PairSet pairs = new PairSet();
    /** The set must be rebuilt by a sweep (first sync, or the insertion sort gave up). */
    private boolean rebuild = true;
    /** Number of full rebuilds so far (for tests: coherent motion must not need them). */
    private long rebuilds;
    /** Proxies added since the last sync (their endpoints sit at the end of the arrays). */
    private int[] added = new int[16];
    private int addedCount;

    // open intervals of the rebuild sweep
    private int[] openList = new int[16];
    private int[] activePos = new int[16];

    @Override
    public void add(int id, double minX, double minY, double minZ,
                    double maxX, double maxY, double maxZ, boolean isFixed) {
        if (id < 0) {
            throw new IllegalArgumentException("proxy id " + id + " is negative; allowed: >= 0");
        }
        if (contains(id)) {
            throw new IllegalArgumentException("proxy id " + id + " is already present");
        }
        if (id >= proxyOf.length) {
            proxyOf = Arrays.copyOf(proxyOf, Math.max(id + 1, proxyOf.length * 2));
        }
        int p;
        if (freeCount > 0) {
            p = free[--freeCount];
        } else {
            if (proxyLimit == idOf.length) {
                growProxies(proxyLimit * 2);
            }
            p = proxyLimit++;
        }
        idOf[p] = id;
        fixed[p] = isFixed;
        alive[p] = true;
        proxyOf[id] = p + 1;
        write(p, minX, minY, minZ, maxX, maxY, maxZ);
        if (endpointCount + 2 > code[0].length) {
            int n = Math.max(endpointCount + 2, code[0].length * 2);
            for (int a = 0; a < 3; a++) {
                val[a] = Arrays.copyOf(val[a], n);
                code[a] = Arrays.copyOf(code[a], n);
            }
            mergeVal = new double[n];
            mergeCode = new int[n];
        }
        // appended unsorted; the next sync sorts them in
        for (int a = 0; a < 3; a++) {
            code[a][endpointCount] = p << 1;
            code[a][endpointCount + 1] = (p << 1) | 1;
        }
        endpointCount += 2;
        added[addedCount++] = p;
        size++;
        dirty = true;
    }

    private void growProxies(int n) {
        idOf = Arrays.copyOf(idOf, n);
        fixed = Arrays.copyOf(fixed, n);
        alive = Arrays.copyOf(alive, n);
        box = Arrays.copyOf(box, n * 6);
        free = Arrays.copyOf(free, n);
        dead = Arrays.copyOf(dead, n);
        added = Arrays.copyOf(added, n);
        openList = Arrays.copyOf(openList, n);
        activePos = Arrays.copyOf(activePos, n);
    }

    private void write(int p, double minX, double minY, double minZ, double maxX, double maxY, double maxZ) {
        int o = p * 6;
        box[o] = minX;
        box[o + 1] = minY;
        box[o + 2] = minZ;
        box[o + 3] = maxX;
        box[o + 4] = maxY;
        box[o + 5] = maxZ;
    }

    private int proxy(int id) {
        if (id < 0 || id >= proxyOf.length || proxyOf[id] == 0) {
            throw new IllegalArgumentException("proxy id " + id + " is not present");
        }
        return proxyOf[id] - 1;
    }

    @Override
    public void update(int id, double minX, double minY, double minZ, double maxX, double maxY, double maxZ) {
        write(proxy(id), minX, minY, minZ, maxX, maxY, maxZ);
        dirty = true;
    }

    @Override
    public void setFixed(int id, boolean isFixed) {
        fixed[proxy(id)] = isFixed;
    }

    @Override
    public void remove(int id) {
        int p = proxy(id);
        proxyOf[id] = 0;
        alive[p] = false;
        dead[deadCount++] = p;
        size--;
        dirty = true;
    }

    @Override
    public boolean contains(int id) {
        return id >= 0 && id < proxyOf.length && proxyOf[id] != 0;
    }

    @Override
    public int size() {
        return size;
    }

    /** Brings the endpoint arrays and the pair set up to date with the boxes. */
    private void sync() {
        if (!dirty) {
            return;
        }
        dirty = false;
        if (deadCount > 0 && !rebuild) {
            pairs.removeDead(alive);
        }
        int newEndpoints = 0;
        for (int i = 0; i < addedCount; i++) {
            if (alive[added[i]]) {
                newEndpoints += 2;
            }
        }
        for (int a = 0; a < 3; a++) {
            int n = compactAndRefresh(a);
            int old = n - newEndpoints;
            if (rebuild || !insertionSortWithEvents(a, old)) {
                rebuild = true;
                mergeSort(val[a], code[a], 0, n);
            } else if (newEndpoints > 0) {
                mergeSort(val[a], code[a], old, n);
                mergeRuns(val[a], code[a], old, n);
            }
        }
        if (deadCount > 0) {
            endpointCount -= 2 * deadCount;
            for (int i = 0; i < deadCount; i++) {
                free[freeCount++] = dead[i];
            }
            deadCount = 0;
        }
        sweepAxis = axisOfLargestVariance();
        if (rebuild) {
            pairs.clear();
            sweepIntoSet();
            rebuild = false;
            rebuilds++;
        } else {
            for (int i = 0; i < addedCount; i++) {
                int p = added[i];
                if (alive[p]) {
                    addPairsOf(p);
                }
            }
        }
        addedCount = 0;
    }

    /** Drops endpoints of removed proxies and copies the current box values in; returns the new count. */
    private int compactAndRefresh(int a) {
        final double[] v = val[a];
        final int[] c = code[a];
        final double[] b = box;
        final boolean[] live = alive;
        int j = 0;
        for (int i = 0, n = endpointCount; i < n; i++) {
            int e = c[i];
            int p = e >>> 1;
            if (!live[p]) {
                continue;
            }
            c[j] = e;
            v[j] = b[p * 6 + a + 3 * (e & 1)];
            j++;
        }
        return j;
    }

    /**
     * Insertion sort of the first n endpoints by (value, isMax), turning every min/max swap into an
     * overlap event. Returns false, leaving the order incomplete, once the swaps exceed the budget.
     */
    private boolean insertionSortWithEvents(int a, int n) {
        final double[] v = val[a];
        final int[] c = code[a];
        long budget = (long) SHIFT_BUDGET_PER_ENDPOINT * n + 64;
        for (int i = 1; i < n; i++) {
            double x = v[i];
            int e = c[i];
            int j = i - 1;
            while (j >= 0 && (v[j] > x || (v[j] == x && (c[j] & 1) > (e & 1)))) {
                int f = c[j];
                if ((e & 1) == 0) {
                    if ((f & 1) != 0 && overlaps(e >>> 1, f >>> 1)) {
                        pairs.add(PairSet.pack(e >>> 1, f >>> 1)); // min passed a max: may begin
                    }
                } else if ((f & 1) == 0) {
                    pairs.remove(PairSet.pack(e >>> 1, f >>> 1)); // max passed a min: separate on a
                }
                v[j + 1] = v[j];
                c[j + 1] = f;
                j--;
            }
            v[j + 1] = x;
            c[j + 1] = e;
            budget -= i - 1 - j;
            if (budget < 0) {
                return false;
            }
        }
        return true;
    }

    private boolean overlaps(int p, int q) {
        final double[] b = box;
        int po = p * 6, qo = q * 6;
        return b[po] <= b[qo + 3] && b[qo] <= b[po + 3] && b[po + 1] <= b[qo + 4] && b[qo + 1] <= b[po + 4]
                && b[po + 2] <= b[qo + 5] && b[qo + 2] <= b[po + 5];
    }

    /** Merges the sorted runs [0, mid) and [mid, n) through the scratch arrays. */
    private void mergeRuns(double[] v, int[] c, int mid, int n) {
        double[] dv = mergeVal;
        int[] dc = mergeCode;
        int i = 0, j = mid, k = 0;
        while (i < mid && j < n) {
            if (v[j] < v[i] || (v[j] == v[i] && (c[j] & 1) < (c[i] & 1))) {
                dv[k] = v[j];
                dc[k++] = c[j++];
            } else {
                dv[k] = v[i];
                dc[k++] = c[i++];
            }
        }
        while (i < mid) {
            dv[k] = v[i];
            dc[k++] = c[i++];
        }
        while (j < n) {
            dv[k] = v[j];
            dc[k++] = c[j++];
        }
        System.arraycopy(dv, 0, v, 0, n);
        System.arraycopy(dc, 0, c, 0, n);
    }

    /** Bottom-up stable merge sort of endpoints [from, to), through the reused scratch arrays. */
    private void mergeSort(double[] v, int[] c, int from, int to) {
        double[] sv = v, dv = mergeVal;
        int[] sc = c, dc = mergeCode;
        for (int width = 1; width < to - from; width <<= 1) {
            for (int lo = from; lo < to; lo += width << 1) {
                int mid = Math.min(lo + width, to), hi = Math.min(lo + (width << 1), to);
                int i = lo, j = mid, k = lo;
                while (i < mid && j < hi) {
                    // take from the right only when strictly smaller: stable
                    if (sv[j] < sv[i] || (sv[j] == sv[i] && (sc[j] & 1) < (sc[i] & 1))) {
                        dv[k] = sv[j];
                        dc[k++] = sc[j++];
                    } else {
                        dv[k] = sv[i];
                        dc[k++] = sc[i++];
                    }
                }
                while (i < mid) {
                    dv[k] = sv[i];
                    dc[k++] = sc[i++];
                }
                while (j < hi) {
                    dv[k] = sv[j];
                    dc[k++] = sc[j++];
                }
            }
            double[] tv = sv;
            sv = dv;
            dv = tv;
            int[] tc = sc;
            sc = dc;
            dc = tc;
        }
        if (sv != v) {
            System.arraycopy(sv, from, v, from, to - from);
            System.arraycopy(sc, from, c, from, to - from);
        }
    }

    /** The axis along which the box centres spread most: the one whose sweep prunes best. */
    private int axisOfLargestVariance() {
        int best = 0;
        double bestVar = -1;
        final double[] b = box;
        for (int a = 0; a < 3; a++) {
            double s = 0, s2 = 0;
            for (int p = 0; p < proxyLimit; p++) {
                if (alive[p]) {
                    double m = b[p * 6 + a] + b[p * 6 + a + 3];
                    s += m;
                    s2 += m * m;
                }
            }
            double var = size == 0 ? 0 : s2 / size - (s / size) * (s / size);
            if (var > bestVar) {
                bestVar = var;
                best = a;
            }
        }
        return best;
    }

    @Override
    public void findPairs(PairCollector out) {
        sync();
        final PairSet set = pairs;
        final boolean[] fx = fixed;
        final int[] ids = idOf;
        for (int i = 0, n = set.capacity(); i < n; i++) {
            long k = set.key(i);
            if (k == 0) {
                continue;
            }
            int p = (int) (k >>> 32), q = (int) k;
            if (!(fx[p] && fx[q])) {
                out.pair(ids[p], ids[q]);
            }
        }
    }

    /**
     * Fills the pair set from scratch by one sweep along the sweep axis: a min endpoint tests its
     * proxy against the open intervals on the other two axes, then opens it; a max endpoint closes it.
     */
    private void sweepIntoSet() {
        final int a = sweepAxis;
        final int o1 = a == 0 ? 1 : 0;
        final int o2 = a == 2 ? 1 : 2;
        final int[] c = code[a];
        final double[] b = box;
        final int[] open = openList, pos = activePos;
        int no = 0;
        for (int i = 0, n = endpointCount; i < n; i++) {
            int e = c[i];
            int p = e >>> 1;
            if ((e & 1) != 0) {
                int k = pos[p];
                int last = open[--no];
                open[k] = last;
                pos[last] = k;
                continue;
            }
            int po = p * 6;
            double lo1 = b[po + o1], hi1 = b[po + o1 + 3], lo2 = b[po + o2], hi2 = b[po + o2 + 3];
            for (int k = 0; k < no; k++) {
                int q = open[k];
                int qo = q * 6;
                if (b[qo + o1] <= hi1 && lo1 <= b[qo + o1 + 3] && b[qo + o2] <= hi2 && lo2 <= b[qo + o2 + 3]) {
                    pairs.add(PairSet.pack(p, q));
                }
            }
            pos[p] = no;
            open[no++] = p;
        }
    }

    /** Adds every pair of a new proxy p, by a range query on the sweep axis. */
    private void addPairsOf(int p) {
        final int a = sweepAxis;
        final double[] v = val[a];
        final int[] c = code[a];
        final int n = endpointCount;
        final double[] b = box;
        int po = p * 6;
        int upper = firstAbove(v, n, b[po + a + 3]);
        int lower = firstAtLeast(v, n, b[po + a]);
        int from, to, type;
        if (upper <= n - lower) {
            from = 0;
            to = upper;
            type = 0;
        } else {
            from = lower;
            to = n;
            type = 1;
        }
        for (int i = from; i < to; i++) {
            int e = c[i];
            int q = e >>> 1;
            if ((e & 1) == type && q != p && overlaps(p, q)) {
                pairs.add(PairSet.pack(p, q));
            }
        }
    }

    @Override
    public void query(double minX, double minY, double minZ, double maxX, double maxY, double maxZ,
                      ProxyCollector out) {
        sync();
        final int a = sweepAxis;
        final double[] v = val[a];
        final int[] c = code[a];
        final int n = endpointCount;
        // proxies with min <= qmax have their min endpoint in [0, upper); those with max >= qmin
        // have their max endpoint in [lower, n): scan the shorter run, test the whole box
        double qmin = a == 0 ? minX : a == 1 ? minY : minZ;
        double qmax = a == 0 ? maxX : a == 1 ? maxY : maxZ;
        int upper = firstAbove(v, n, qmax);
        int lower = firstAtLeast(v, n, qmin);
        int from, to, type;
        if (upper <= n - lower) {
            from = 0;
            to = upper;
            type = 0;
        } else {
            from = lower;
            to = n;
            type = 1;
        }
        final double[] b = box;
        for (int i = from; i < to; i++) {
            int e = c[i];
            if ((e & 1) != type) {
                continue;
            }
            int o = (e >>> 1) * 6;
            if (b[o] <= maxX && minX <= b[o + 3] && b[o + 1] <= maxY && minY <= b[o + 4]
                    && b[o + 2] <= maxZ && minZ <= b[o + 5]) {
                out.proxy(idOf[e >>> 1]);
            }
        }
    }

    private static int firstAbove(double[] v, int n, double x) {
        int lo = 0, hi = n;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (v[mid] <= x) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private static int firstAtLeast(double[] v, int n, double x) {
        int lo = 0, hi = n;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (v[mid] < x) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** Full rebuilds of the pair set so far. */
    long rebuilds() {
        return rebuilds;
    }
}
