package dev.rubble.plugin.broadphase.sap;

import dev.rubble.spi.broadphase.Broadphase;
import java.util.Arrays;

/**
 * Incremental sweep and prune (sort and sweep).
 *
 * <pre>
 *  per axis a in {x, y, z}:  val[a][i], code[a][i] = (proxy << 1) | isMax, sorted by (val, isMax)
 *
 *  findPairs:  sync()  refresh every endpoint value from its proxy's box,
 *                      re-sort each axis by insertion sort (frame coherence: O(N + swaps)),
 *                      falling back to a merge sort when the swaps blow a budget (teleports, bulk adds)
 *              sweep   on the axis with the largest variance of box centres:
 *                      a min endpoint tests its proxy against the open intervals, then opens it;
 *                      a max endpoint closes it.
 * </pre>
 *
 * Min endpoints sort before max endpoints of equal value, so boxes that only touch overlap
 * (closed intervals, as the {@link Broadphase} contract requires). The open intervals are kept in
 * two lists, moving and fixed, so a fixed proxy never scans the other fixed ones: sleeping and
 * static bodies cost nothing against each other. The cost of a sweep is O(N + sum of open
 * intervals met), not O(N²), on scenes whose boxes are small against their spread along the best
 * axis (reference: Ericson, Real-Time Collision Detection §7.5.2, sort and sweep with variance
 * axis selection).
 *
 * <p>All three axes are kept sorted, so the sweep axis can change from one step to the next
 * without a rebuild. Removed proxies keep their endpoints until the next sync compacts them
 * away; their internal index is only reused after that.
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

    // sweep state
    private int[] activeMoving = new int[16];
    private int[] activeFixed = new int[16];
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
        activeMoving = Arrays.copyOf(activeMoving, n);
        activeFixed = Arrays.copyOf(activeFixed, n);
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

    /** Brings the three endpoint arrays up to date with the boxes and re-sorts them. */
    private void sync() {
        if (!dirty) {
            return;
        }
        dirty = false;
        for (int a = 0; a < 3; a++) {
            int n = compactAndRefresh(a);
            sortAxis(a, n);
        }
        if (deadCount > 0) {
            endpointCount -= 2 * deadCount;
            for (int i = 0; i < deadCount; i++) {
                free[freeCount++] = dead[i];
            }
            deadCount = 0;
        }
        sweepAxis = axisOfLargestVariance();
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

    /** Insertion sort by (value, isMax), switching to a merge sort if the array turns out far from sorted. */
    private void sortAxis(int a, int n) {
        final double[] v = val[a];
        final int[] c = code[a];
        long budget = (long) SHIFT_BUDGET_PER_ENDPOINT * n + 64;
        for (int i = 1; i < n; i++) {
            double x = v[i];
            int e = c[i];
            int j = i - 1;
            while (j >= 0 && (v[j] > x || (v[j] == x && (c[j] & 1) > (e & 1)))) {
                v[j + 1] = v[j];
                c[j + 1] = c[j];
                j--;
            }
            v[j + 1] = x;
            c[j + 1] = e;
            budget -= i - 1 - j;
            if (budget < 0) {
                mergeSort(v, c, n);
                return;
            }
        }
    }

    /** Bottom-up stable merge sort of the first n endpoints, through the reused scratch arrays. */
    private void mergeSort(double[] v, int[] c, int n) {
        double[] sv = v, dv = mergeVal;
        int[] sc = c, dc = mergeCode;
        for (int width = 1; width < n; width <<= 1) {
            for (int lo = 0; lo < n; lo += width << 1) {
                int mid = Math.min(lo + width, n), hi = Math.min(lo + (width << 1), n);
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
            System.arraycopy(sv, 0, v, 0, n);
            System.arraycopy(sc, 0, c, 0, n);
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
        final int a = sweepAxis;
        final int o1 = a == 0 ? 1 : 0;
        final int o2 = a == 2 ? 1 : 2;
        final int[] c = code[a];
        final double[] b = box;
        final boolean[] fx = fixed;
        final int[] am = activeMoving, af = activeFixed, pos = activePos;
        int nm = 0, nf = 0;
        for (int i = 0, n = endpointCount; i < n; i++) {
            int e = c[i];
            int p = e >>> 1;
            boolean pf = fx[p];
            if ((e & 1) != 0) {
                // close p's interval: swap-remove from its list
                int k = pos[p];
                if (pf) {
                    int last = af[--nf];
                    af[k] = last;
                    pos[last] = k;
                } else {
                    int last = am[--nm];
                    am[k] = last;
                    pos[last] = k;
                }
                continue;
            }
            int po = p * 6;
            double lo1 = b[po + o1], hi1 = b[po + o1 + 3], lo2 = b[po + o2], hi2 = b[po + o2 + 3];
            int pid = idOf[p];
            for (int k = 0; k < nm; k++) {
                int qo = am[k] * 6;
                if (b[qo + o1] <= hi1 && lo1 <= b[qo + o1 + 3] && b[qo + o2] <= hi2 && lo2 <= b[qo + o2 + 3]) {
                    out.pair(pid, idOf[am[k]]);
                }
            }
            if (!pf) {
                for (int k = 0; k < nf; k++) {
                    int qo = af[k] * 6;
                    if (b[qo + o1] <= hi1 && lo1 <= b[qo + o1 + 3] && b[qo + o2] <= hi2 && lo2 <= b[qo + o2 + 3]) {
                        out.pair(pid, idOf[af[k]]);
                    }
                }
                pos[p] = nm;
                am[nm++] = p;
            } else {
                pos[p] = nf;
                af[nf++] = p;
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
}
