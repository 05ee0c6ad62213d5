package dev.rubble.plugin.broadphase.sweep;

import dev.rubble.spi.broadphase.Broadphase;
import dev.rubble.spi.broadphase.DenseProxies;
import java.util.Arrays;

/**
 * Sort and sweep on one axis ("box pruning", Terdiman 2002; the one-axis form of Baraff's sweep and
 * prune): the proxies are kept sorted by their minimum on the sweep axis; a pair is reported when
 * the later box starts before the earlier one ends on that axis and the boxes overlap on the
 * other two. The order is kept between calls and repaired by insertion sort, which costs
 * O(N + swaps) when bodies move a little per step; a full merge sort runs when the axis changes.
 *
 * <p>Axis: the one along which the box centres spread most (variance), so that few boxes share
 * an interval. It changes only when another axis spreads 1.5 times as much, so the order is
 * not thrown away on small shifts. Fixed/fixed pairs are skipped. Allocation-free in steady
 * state (arrays grow by doubling). Not thread-safe. The pair set equals the brute-force one
 * (closed intervals: touching boxes overlap).
 */
final class SweepBroadphase implements Broadphase {
    /** Ids, fixed flags and boxes per dense slot. */
    private final DenseProxies p = new DenseProxies();
    /** Dense slots in order of their minimum on the axis; {@code orderValid} entries are meaningful. */
    private int[] order = new int[16], scratch = new int[16];
    private int axis = -1;
    private boolean resort = true;

    @Override
    public void add(int id, double minX, double minY, double minZ,
                    double maxX, double maxY, double maxZ, boolean isFixed) {
        int s = p.add(id, minX, minY, minZ, maxX, maxY, maxZ, isFixed);
        if (order.length < p.capacity()) {
            order = Arrays.copyOf(order, p.capacity());
            scratch = new int[p.capacity()];
        }
        order[s] = s; // appended; the insertion sort moves it into place
    }

    @Override
    public void update(int id, double minX, double minY, double minZ, double maxX, double maxY, double maxZ) {
        p.write(p.slot(id), minX, minY, minZ, maxX, maxY, maxZ);
    }

    @Override
    public void setFixed(int id, boolean isFixed) {
        p.fixed[p.slot(id)] = isFixed;
    }

    @Override
    public void remove(int id) {
        int s = p.remove(id);
        int last = p.count; // the proxy that was in slot 'last' now lives in s
        // drop slot s from the order and rename 'last' to s (order stays sorted)
        int w = 0;
        for (int i = 0; i <= last; i++) {
            int v = order[i];
            if (v == s) {
                continue;
            }
            order[w++] = v == last ? s : v;
        }
    }

    @Override
    public boolean contains(int id) {
        return p.contains(id);
    }

    @Override
    public int size() {
        return p.count;
    }

    @Override
    public void findPairs(PairCollector out) {
        chooseAxis();
        sortOrder();
        final double[] b = p.boxes;
        final int[] ord = order;
        final int ax = axis, u = (axis + 1) % 3, v = (axis + 2) % 3;
        for (int i = 0; i < p.count; i++) {
            int si = ord[i];
            int oi = si * 6;
            double end = b[oi + 3 + ax];
            double minU = b[oi + u], maxU = b[oi + 3 + u], minV = b[oi + v], maxV = b[oi + 3 + v];
            boolean fi = p.fixed[si];
            for (int j = i + 1; j < p.count; j++) {
                int sj = ord[j];
                int oj = sj * 6;
                if (b[oj + ax] > end) {
                    break; // every later box starts after this one ends
                }
                if (fi && p.fixed[sj]) {
                    continue;
                }
                if (b[oj + u] <= maxU && minU <= b[oj + 3 + u] && b[oj + v] <= maxV && minV <= b[oj + 3 + v]) {
                    out.pair(p.ids[si], p.ids[sj]);
                }
            }
        }
    }

    /** Picks the axis of largest centre variance (with hysteresis); a new axis needs a full sort. */
    private void chooseAxis() {
        if (p.count == 0) {
            return;
        }
        double[] b = p.boxes;
        double sx = 0, sy = 0, sz = 0, qx = 0, qy = 0, qz = 0;
        for (int s = 0; s < p.count; s++) {
            int o = s * 6;
            double cx = b[o] + b[o + 3], cy = b[o + 1] + b[o + 4], cz = b[o + 2] + b[o + 5];
            sx += cx;
            sy += cy;
            sz += cz;
            qx += cx * cx;
            qy += cy * cy;
            qz += cz * cz;
        }
        double n = p.count;
        double vx = qx - sx * sx / n, vy = qy - sy * sy / n, vz = qz - sz * sz / n;
        int best = vx >= vy ? (vx >= vz ? 0 : 2) : (vy >= vz ? 1 : 2);
        double vBest = best == 0 ? vx : best == 1 ? vy : vz;
        double vCur = axis == 0 ? vx : axis == 1 ? vy : axis == 2 ? vz : -1;
        if (axis < 0 || vBest > 1.5 * vCur) {
            if (best != axis) {
                axis = best;
                resort = true;
            }
        }
    }

    private void sortOrder() {
        final double[] b = p.boxes;
        final int[] ord = order;
        final int ax = axis;
        if (resort) {
            for (int i = 0; i < p.count; i++) {
                ord[i] = i;
            }
            mergeSort(0, p.count);
            resort = false;
            return;
        }
        for (int i = 1; i < p.count; i++) {
            int s = ord[i];
            double key = b[s * 6 + ax];
            int j = i - 1;
            while (j >= 0 && greater(ord[j], s, key, ax)) {
                ord[j + 1] = ord[j];
                j--;
            }
            ord[j + 1] = s;
        }
    }

    /** Whether slot a sorts after slot s (key = s's minimum): by minimum, then by id (a total order). */
    private boolean greater(int a, int s, double key, int ax) {
        double ka = p.boxes[a * 6 + ax];
        return ka > key || (ka == key && p.ids[a] > p.ids[s]);
    }

    /** Bottom-up merge sort of order[from, to) by (minimum on the axis, id). */
    private void mergeSort(int from, int to) {
        int[] src = order, dst = scratch;
        for (int width = 1; width < to - from; width *= 2) {
            for (int lo = from; lo < to; lo += 2 * width) {
                int mid = Math.min(lo + width, to), hi = Math.min(lo + 2 * width, to);
                int i = lo, j = mid, k = lo;
                while (i < mid && j < hi) {
                    int a = src[i], c = src[j];
                    if (greater(a, c, p.boxes[c * 6 + axis], axis)) {
                        dst[k++] = c;
                        j++;
                    } else {
                        dst[k++] = a;
                        i++;
                    }
                }
                while (i < mid) {
                    dst[k++] = src[i++];
                }
                while (j < hi) {
                    dst[k++] = src[j++];
                }
            }
            int[] t = src;
            src = dst;
            dst = t;
        }
        if (src != order) {
            System.arraycopy(src, from, order, from, to - from);
        }
    }

    @Override
    public void query(double minX, double minY, double minZ, double maxX, double maxY, double maxZ,
                      ProxyCollector out) {
        for (int i = 0; i < p.count; i++) {
            if (p.overlaps(i, minX, minY, minZ, maxX, maxY, maxZ)) {
                out.proxy(p.ids[i]);
            }
        }
    }
}
