package dev.rubble.plugin.broadphase.bruteforce;

import dev.rubble.spi.broadphase.Broadphase;
import dev.rubble.spi.broadphase.DenseProxies;

/**
 * Tests every pair of proxies: O(N^2) per {@link #findPairs}. Deliberately simple so that it can
 * serve as the test oracle for the faster broadphases. Proxies live densely packed in
 * structure-of-arrays form ({@link DenseProxies}).
 */
final class BruteForceBroadphase implements Broadphase {
    private final DenseProxies p = new DenseProxies();

    @Override
    public void add(int id, double minX, double minY, double minZ,
                    double maxX, double maxY, double maxZ, boolean isFixed) {
        p.add(id, minX, minY, minZ, maxX, maxY, maxZ, isFixed);
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
        p.remove(id);
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
        final int n = p.count;
        final boolean[] fixed = p.fixed;
        final int[] ids = p.ids;
        for (int i = 0; i < n; i++) {
            boolean fi = fixed[i];
            for (int j = i + 1; j < n; j++) {
                if (!(fi && fixed[j]) && p.overlaps(i, j)) {
                    out.pair(ids[i], ids[j]);
                }
            }
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
