package dev.rubble.plugin.broadphase.bruteforce;

import dev.rubble.spi.broadphase.Broadphase;
import java.util.Arrays;

/**
 * Tests every pair of proxies: O(N^2) per {@link #findPairs}. Deliberately simple so that it can
 * serve as the test oracle for the faster broadphases. Proxies live densely packed in
 * structure-of-arrays form; removal swaps the last proxy into the hole.
 */
final class BruteForceBroadphase implements Broadphase {
    private int count;
    private int[] ids = new int[16];
    private boolean[] fixed = new boolean[16];
    /** Boxes packed as minX, minY, minZ, maxX, maxY, maxZ per dense slot. */
    private double[] boxes = new double[16 * 6];
    /** id -> dense slot + 1 (0 = absent). */
    private int[] slotOf = new int[16];

    @Override
    public void add(int id, double minX, double minY, double minZ,
                    double maxX, double maxY, double maxZ, boolean isFixed) {
        if (id < 0) {
            throw new IllegalArgumentException("proxy id " + id + " is negative; allowed: >= 0");
        }
        if (contains(id)) {
            throw new IllegalArgumentException("proxy id " + id + " is already present");
        }
        if (id >= slotOf.length) {
            slotOf = Arrays.copyOf(slotOf, Math.max(id + 1, slotOf.length * 2));
        }
        if (count == ids.length) {
            int n = count * 2;
            ids = Arrays.copyOf(ids, n);
            fixed = Arrays.copyOf(fixed, n);
            boxes = Arrays.copyOf(boxes, n * 6);
        }
        int s = count++;
        ids[s] = id;
        fixed[s] = isFixed;
        slotOf[id] = s + 1;
        write(s, minX, minY, minZ, maxX, maxY, maxZ);
    }

    private void write(int s, double minX, double minY, double minZ, double maxX, double maxY, double maxZ) {
        int o = s * 6;
        boxes[o] = minX;
        boxes[o + 1] = minY;
        boxes[o + 2] = minZ;
        boxes[o + 3] = maxX;
        boxes[o + 4] = maxY;
        boxes[o + 5] = maxZ;
    }

    private int slot(int id) {
        if (id < 0 || id >= slotOf.length || slotOf[id] == 0) {
            throw new IllegalArgumentException("proxy id " + id + " is not present");
        }
        return slotOf[id] - 1;
    }

    @Override
    public void update(int id, double minX, double minY, double minZ, double maxX, double maxY, double maxZ) {
        write(slot(id), minX, minY, minZ, maxX, maxY, maxZ);
    }

    @Override
    public void setFixed(int id, boolean isFixed) {
        fixed[slot(id)] = isFixed;
    }

    @Override
    public void remove(int id) {
        int s = slot(id);
        int last = --count;
        if (s != last) {
            ids[s] = ids[last];
            fixed[s] = fixed[last];
            System.arraycopy(boxes, last * 6, boxes, s * 6, 6);
            slotOf[ids[s]] = s + 1;
        }
        slotOf[id] = 0;
    }

    @Override
    public boolean contains(int id) {
        return id >= 0 && id < slotOf.length && slotOf[id] != 0;
    }

    @Override
    public int size() {
        return count;
    }

    @Override
    public void findPairs(PairCollector out) {
        final double[] b = boxes;
        for (int i = 0; i < count; i++) {
            int oi = i * 6;
            boolean fi = fixed[i];
            for (int j = i + 1; j < count; j++) {
                if (fi && fixed[j]) {
                    continue;
                }
                int oj = j * 6;
                if (b[oi] <= b[oj + 3] && b[oj] <= b[oi + 3]
                        && b[oi + 1] <= b[oj + 4] && b[oj + 1] <= b[oi + 4]
                        && b[oi + 2] <= b[oj + 5] && b[oj + 2] <= b[oi + 5]) {
                    out.pair(ids[i], ids[j]);
                }
            }
        }
    }

    @Override
    public void query(double minX, double minY, double minZ, double maxX, double maxY, double maxZ,
                      ProxyCollector out) {
        final double[] b = boxes;
        for (int i = 0; i < count; i++) {
            int o = i * 6;
            if (b[o] <= maxX && minX <= b[o + 3] && b[o + 1] <= maxY && minY <= b[o + 4]
                    && b[o + 2] <= maxZ && minZ <= b[o + 5]) {
                out.proxy(ids[i]);
            }
        }
    }
}
