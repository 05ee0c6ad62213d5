package dev.rubble.plugin.broadphase.grid;

import dev.rubble.spi.broadphase.Broadphase;
import dev.rubble.spi.broadphase.DenseProxies;
import java.util.Arrays;

/**
 * Uniform grid stored as a spatial hash, rebuilt from the current boxes when they have changed.
 *
 * <pre>
 *  cell(x) = floor(x / cellSize)        (clamped to +-2^30, so any finite coordinate works)
 *  build:  every proxy covering <= hugeCells cells -> one entry (proxy, cell) per covered cell,
 *          counting-sorted by hash(cell) into buckets of a power-of-two table (~2 per entry);
 *          bigger proxies -> the huge list
 *  pairs:  within a bucket, entries of the same cell whose boxes overlap form a pair, reported only
 *          in the cell that holds the min corner of the two boxes' intersection, so once;
 *          each huge proxy is tested against every other proxy directly
 * </pre>
 *
 * The min corner of the intersection lies in both boxes, and {@code floor(x * (1/cellSize))} is
 * monotone in x, so that cell is covered by both proxies' cell ranges: every overlapping pair is
 * reported, exactly once. Hash collisions only cost comparisons (cells are compared exactly).
 * Rebuilding costs O(entries) per step, which for a grid is cheaper than maintaining per-cell lists
 * under motion, and it is allocation-free once the arrays have grown to the scene
 * (reference: Teschner et al., Optimized Spatial Hashing for Collision Detection of Deformable
 * Objects, 2003).
 *
 * <p>Fixed proxies are hashed like moving ones; only their pairs with each other are skipped.
 */
final class SpatialHashBroadphase implements Broadphase {
    private static final double CELL_LIMIT = 1 << 30;

    private final double cellSize;
    private final double inverseCellSize;
    private final int hugeCells;

    // proxies, densely packed (removal moves the last one into the hole)
    private final DenseProxies proxies = new DenseProxies();
    /** Proxies that are not fixed; with none there can be no pair. */
    private int movingCount;
    /** Per slot: covers more than hugeCells cells (recomputed by every build). */
    private boolean[] huge = new boolean[16];
    /** Per slot: the cell of its box's min corner, x, y, z (recomputed by every build). */
    private int[] minCell = new int[16 * 3];

    // the hash, valid while !stale
    private boolean stale = true;
    private int entryCount;
    private int[] entryProxy = new int[64];
    private int[] entryCell = new int[64 * 3];
    private int[] entryBucket = new int[64];
    /** Entries sorted by bucket; bucket k holds sorted[bucketStart[k] .. bucketStart[k + 1]). */
    private int[] sorted = new int[64];
    private int[] bucketStart = new int[129];
    private int tableMask;
    private int[] hugeList = new int[16];
    private int hugeCount;

    SpatialHashBroadphase(double cellSize, int hugeCells) {
        if (!(cellSize >= 1e-6 && cellSize <= 1e6)) {
            throw new IllegalArgumentException("cellSize = " + cellSize + "; allowed: [1e-6, 1e6] metres");
        }
        if (hugeCells < 1) {
            throw new IllegalArgumentException("hugeCells = " + hugeCells + "; allowed: >= 1");
        }
        this.cellSize = cellSize;
        this.inverseCellSize = 1 / cellSize;
        this.hugeCells = hugeCells;
    }

    /** Cell edge in metres. */
    double cellSize() {
        return cellSize;
    }

    // ------------------------------------------------------------------ proxies

    @Override
    public void add(int id, double minX, double minY, double minZ,
                    double maxX, double maxY, double maxZ, boolean isFixed) {
        proxies.add(id, minX, minY, minZ, maxX, maxY, maxZ, isFixed);
        if (huge.length < proxies.capacity()) {
            huge = Arrays.copyOf(huge, proxies.capacity());
            hugeList = Arrays.copyOf(hugeList, proxies.capacity());
            minCell = Arrays.copyOf(minCell, proxies.capacity() * 3);
        }
        if (!isFixed) {
            movingCount++;
        }
        stale = true;
    }

    @Override
    public void update(int id, double minX, double minY, double minZ, double maxX, double maxY, double maxZ) {
        proxies.write(proxies.slot(id), minX, minY, minZ, maxX, maxY, maxZ);
        stale = true;
    }

    @Override
    public void setFixed(int id, boolean isFixed) {
        int s = proxies.slot(id);
        if (proxies.fixed[s] != isFixed) {
            movingCount += isFixed ? -1 : 1;
        }
        proxies.fixed[s] = isFixed; // the hash does not depend on it
    }

    @Override
    public void remove(int id) {
        if (!proxies.fixed[proxies.slot(id)]) {
            movingCount--;
        }
        proxies.remove(id);
        stale = true;
    }

    @Override
    public boolean contains(int id) {
        return proxies.contains(id);
    }

    @Override
    public int size() {
        return proxies.count;
    }

    // ------------------------------------------------------------------ the hash

    private int cell(double x) {
        double c = Math.floor(x * inverseCellSize);
        return (int) Math.max(-CELL_LIMIT, Math.min(CELL_LIMIT, c));
    }

    /** Cells covered by a cell range; a double, as the product of three spans up to 2^31 overflows a long. */
    private static double cellCount(int x0, int y0, int z0, int x1, int y1, int z1) {
        return (x1 - (double) x0 + 1) * (y1 - (double) y0 + 1) * (z1 - (double) z0 + 1);
    }

    private static int hash(int cx, int cy, int cz) {
        int h = cx * 0x8DA6B343 ^ cy * 0xD8163841 ^ cz * 0xCB1AB31F;
        return h ^ (h >>> 15);
    }

    private void build() {
        entryCount = 0;
        hugeCount = 0;
        final double[] b = proxies.boxes;
        for (int s = 0; s < proxies.count; s++) {
            int o = s * 6;
            int x0 = cell(b[o]), y0 = cell(b[o + 1]), z0 = cell(b[o + 2]);
            int x1 = cell(b[o + 3]), y1 = cell(b[o + 4]), z1 = cell(b[o + 5]);
            minCell[s * 3] = x0;
            minCell[s * 3 + 1] = y0;
            minCell[s * 3 + 2] = z0;
            double cells = cellCount(x0, y0, z0, x1, y1, z1);
            if (cells > hugeCells) {
                huge[s] = true;
                hugeList[hugeCount++] = s;
                continue;
            }
            huge[s] = false;
            if (entryCount + cells > entryProxy.length) {
                growEntries((int) (entryCount + cells));
            }
            for (int x = x0; x <= x1; x++) {
                for (int y = y0; y <= y1; y++) {
                    for (int z = z0; z <= z1; z++) {
                        int e = entryCount++;
                        entryProxy[e] = s;
                        entryCell[e * 3] = x;
                        entryCell[e * 3 + 1] = y;
                        entryCell[e * 3 + 2] = z;
                    }
                }
            }
        }
        int tableSize = Integer.highestOneBit(Math.max(16, entryCount * 2 - 1)) << 1;
        if (bucketStart.length < tableSize + 1) {
            bucketStart = new int[tableSize + 1];
        }
        tableMask = tableSize - 1;
        // counting sort of the entries by bucket (stable, so deterministic)
        final int[] start = bucketStart;
        Arrays.fill(start, 0, tableSize + 1, 0);
        for (int e = 0; e < entryCount; e++) {
            int k = hash(entryCell[e * 3], entryCell[e * 3 + 1], entryCell[e * 3 + 2]) & tableMask;
            entryBucket[e] = k;
            start[k + 1]++;
        }
        for (int k = 0; k < tableSize; k++) {
            start[k + 1] += start[k];
        }
        // place with a moving cursor per bucket, then shift the starts back
        for (int e = 0; e < entryCount; e++) {
            sorted[start[entryBucket[e]]++] = e;
        }
        for (int k = tableSize; k > 0; k--) {
            start[k] = start[k - 1];
        }
        start[0] = 0;
        stale = false;
    }

    private void growEntries(int needed) {
        int n = Math.max(needed, entryProxy.length * 2);
        entryProxy = Arrays.copyOf(entryProxy, n);
        entryCell = Arrays.copyOf(entryCell, n * 3);
        entryBucket = Arrays.copyOf(entryBucket, n);
        sorted = Arrays.copyOf(sorted, n);
    }

    @Override
    public void findPairs(PairCollector out) {
        if (movingCount == 0) {
            return; // every pair would be fixed-fixed (e.g. a replay whose bodies all follow the journal)
        }
        if (stale) {
            build();
        }
        final double[] b = proxies.boxes;
        final int[] start = bucketStart, cellOf = entryCell, proxyOf = entryProxy, order = sorted;
        final boolean[] fx = proxies.fixed;
        final int[] mc = minCell;
        for (int k = 0, tableSize = tableMask + 1; k < tableSize; k++) {
            int from = start[k], to = start[k + 1];
            for (int i = from; i < to - 1; i++) {
                int ei = order[i];
                int p = proxyOf[ei];
                int cx = cellOf[ei * 3], cy = cellOf[ei * 3 + 1], cz = cellOf[ei * 3 + 2];
                int po = p * 6;
                int px0 = mc[p * 3], py0 = mc[p * 3 + 1], pz0 = mc[p * 3 + 2];
                boolean pf = fx[p];
                for (int j = i + 1; j < to; j++) {
                    int ej = order[j];
                    int q = proxyOf[ej];
                    if (pf && fx[q]) {
                        continue;
                    }
                    if (cellOf[ej * 3] != cx || cellOf[ej * 3 + 1] != cy || cellOf[ej * 3 + 2] != cz) {
                        continue; // another cell sharing the bucket
                    }
                    // the cell of the intersection's min corner first: cell() is monotone, so
                    // cell(max(a, b)) = max(cell(a), cell(b)), the min-corner cells of the build
                    if (Math.max(px0, mc[q * 3]) != cx || Math.max(py0, mc[q * 3 + 1]) != cy
                            || Math.max(pz0, mc[q * 3 + 2]) != cz) {
                        continue; // not the cell this pair is reported in (or no overlap)
                    }
                    int qo = q * 6;
                    if (b[po] <= b[qo + 3] && b[qo] <= b[po + 3] && b[po + 1] <= b[qo + 4] && b[qo + 1] <= b[po + 4]
                            && b[po + 2] <= b[qo + 5] && b[qo + 2] <= b[po + 5]) {
                        out.pair(proxies.ids[p], proxies.ids[q]);
                    }
                }
            }
        }
        // huge proxies against everything: against ordinary ones, then against the huge after them
        for (int h = 0; h < hugeCount; h++) {
            int p = hugeList[h];
            int po = p * 6;
            boolean pf = fx[p];
            for (int q = 0; q < proxies.count; q++) {
                if (huge[q] || (pf && fx[q])) {
                    continue;
                }
                int qo = q * 6;
                if (b[po] <= b[qo + 3] && b[qo] <= b[po + 3] && b[po + 1] <= b[qo + 4] && b[qo + 1] <= b[po + 4]
                        && b[po + 2] <= b[qo + 5] && b[qo + 2] <= b[po + 5]) {
                    out.pair(proxies.ids[p], proxies.ids[q]);
                }
            }
            for (int g = h + 1; g < hugeCount; g++) {
                int q = hugeList[g];
                if (pf && fx[q]) {
                    continue;
                }
                int qo = q * 6;
                if (b[po] <= b[qo + 3] && b[qo] <= b[po + 3] && b[po + 1] <= b[qo + 4] && b[qo + 1] <= b[po + 4]
                        && b[po + 2] <= b[qo + 5] && b[qo + 2] <= b[po + 5]) {
                    out.pair(proxies.ids[p], proxies.ids[q]);
                }
            }
        }
    }

    @Override
    public void query(double minX, double minY, double minZ, double maxX, double maxY, double maxZ,
                      ProxyCollector out) {
        if (stale) {
            build();
        }
        final double[] b = proxies.boxes;
        int x0 = cell(minX), y0 = cell(minY), z0 = cell(minZ);
        int x1 = cell(maxX), y1 = cell(maxY), z1 = cell(maxZ);
        if (cellCount(x0, y0, z0, x1, y1, z1) > entryCount) {
            // visiting the cells would cost more than looking at every hashed proxy
            for (int s = 0; s < proxies.count; s++) {
                if (!huge[s] && overlapsQuery(s, minX, minY, minZ, maxX, maxY, maxZ)) {
                    out.proxy(proxies.ids[s]);
                }
            }
        } else {
            for (int x = x0; x <= x1; x++) {
                for (int y = y0; y <= y1; y++) {
                    for (int z = z0; z <= z1; z++) {
                        int k = hash(x, y, z) & tableMask;
                        for (int i = bucketStart[k], to = bucketStart[k + 1]; i < to; i++) {
                            int e = sorted[i];
                            if (entryCell[e * 3] != x || entryCell[e * 3 + 1] != y || entryCell[e * 3 + 2] != z) {
                                continue;
                            }
                            int s = entryProxy[e];
                            int o = s * 6;
                            // report in the cell holding the min corner of the intersection only
                            if (overlapsQuery(s, minX, minY, minZ, maxX, maxY, maxZ)
                                    && cell(Math.max(b[o], minX)) == x
                                    && cell(Math.max(b[o + 1], minY)) == y
                                    && cell(Math.max(b[o + 2], minZ)) == z) {
                                out.proxy(proxies.ids[s]);
                            }
                        }
                    }
                }
            }
        }
        for (int h = 0; h < hugeCount; h++) {
            int s = hugeList[h];
            if (overlapsQuery(s, minX, minY, minZ, maxX, maxY, maxZ)) {
                out.proxy(proxies.ids[s]);
            }
        }
    }

    private boolean overlapsQuery(int s, double minX, double minY, double minZ,
                                  double maxX, double maxY, double maxZ) {
        int o = s * 6;
        double[] b = proxies.boxes;
        return b[o] <= maxX && minX <= b[o + 3] && b[o + 1] <= maxY && minY <= b[o + 4]
                && b[o + 2] <= maxZ && minZ <= b[o + 5];
    }
}
