package dev.rubble.plugin.broadphase.grid;

import dev.rubble.spi.broadphase.Broadphase;
import dev.rubble.spi.broadphase.DenseProxies;
import dev.rubble.spi.parallel.BlockRunner;
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
 *          in the cell that holds the min corner of the two boxes' intersection, so once
 *          (each entry carries three flags, "this is my min-corner cell in x / y / z": the pair's
 *          cell is that corner's where the two entries' flags together cover all three axes);
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
 *
 * <p><b>Enlarged boxes, kept pairs</b> (2026-12-07, helper smallstep; docs/constraints.md, "What a small scene's
 * step pays"). The hash is built from each proxy's box enlarged by {@value #SLACK_FRACTION} of its largest edge on
 * every side, and the search keeps the pairs whose enlarged boxes overlap (the candidates, in search order). A
 * step whose updated boxes all stay inside their enlarged ones (a resting stack, bodies that did not move) does
 * not build or search: it reports the candidates whose boxes overlap. A box that leaves its enlarged one or shrinks
 * to under half of it on an axis, a proxy added or removed, or a fixed flag changed makes the next call build
 * (choosing the cell size again) and search again. Every overlapping pair
 * is a candidate (each box lies in its enlarged one), so the pairs are the same as from a build of the boxes
 * themselves, and a search step reports them in the same order as the search finds them; the step sorts them.
 * The 20-row pyramid's grid, rebuilt every step because its resting boxes move by micrometres, was 5 % of its step.
 *
 * <p><b>Automatic cell size</b> (the default; a {@code cellSize} option fixes it): every build takes
 * the cell edge from the moving proxies' boxes, as the power of two just above the median of their
 * largest edges (so between 1 and 2 typical boxes a cell; clamped to [2^-9, 2^10] m). Each box's
 * largest edge goes into a histogram of binary exponents, whose median bin gives the edge: O(n), no
 * sort, and the same for the same boxes. The pairs do not depend on the cell size (every
 * overlapping pair, once) and the step sorts them, so neither do results: only the cost, which a
 * cell far from the bodies' size multiplies (issue 27: the shattered wall's 0.1–0.3 m pieces in the
 * old fixed 2 m cells took 46–49 ms a step in the broadphase, in 0.5 m cells 18–21 ms;
 * docs/benchmarks.md, "2026-12-04, seventh session").
 *
 * <p>On a runner of several threads (issue 26, docs/parallel.md "The broadphase") the build and
 * the pair search run in blocks, and every array ends up as the one-thread run writes it: the
 * proxies' cells in blocks of slots (each slot its own entries, at offsets from a prefix sum of
 * the per-slot cell counts, so the entries are in the same order), the counting sort by bucket on
 * the calling thread, the search in blocks of consecutive buckets into per-block pair lists that the
 * calling thread then reports block by block: the same pairs in the same order as one thread.
 */
final class SpatialHashBroadphase implements Broadphase {
    private static final double CELL_LIMIT = 1 << 30;
    /** Entry flags: the entry's cell is its proxy's min-corner cell in x, y, z. */
    private static final int MIN_X = 1, MIN_Y = 2, MIN_Z = 4, MIN_ALL = 7;

    private double cellSize;
    private double inverseCellSize;
    /** Whether every build chooses the cell size from the boxes (no {@code cellSize} option). */
    private final boolean autoCell;
    private final int hugeCells;
    /** The automatic cell size's histogram: moving proxies by the binary exponent of their largest edge. */
    private final int[] edgeExponents = new int[MAX_CELL_EXPONENT - MIN_CELL_EXPONENT + 1];
    /** The automatic cell edge's range: 2^-9 to 2^10 m (the median edge's exponent + 1, clamped). */
    static final int MIN_CELL_EXPONENT = -9, MAX_CELL_EXPONENT = 10;

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
    /** Margin of an enlarged box on each side, as a fraction of the box's largest edge (see the class comment). */
    static final double SLACK_FRACTION = 1.0 / 64;
    /** Per slot: its box enlarged at the last build (six per slot, as the boxes; valid while !stale). */
    private double[] fat = new double[16 * 6];
    /** Whether the last build hashed the enlarged boxes ({@code false}: the boxes themselves; see {@link #ESCAPES}). */
    private boolean enlarged = true;
    /** Updates since the last build whose box left its enlarged one (or shrank under half of it). */
    private int escapes;
    /** Calls of {@link #findPairs} the hash served since the last build. */
    private int served;
    /** Whether a proxy was added or removed since the last build (slots moved; the next call builds). */
    private boolean moved = true;
    /**
     * A build hashes the enlarged boxes only when no box left its enlarged one since the build before, or when at
     * most one proxy in {@value #ESCAPES} did and the enlarged hash before saved a build (it served more than one
     * call): where some box moves out every step (a pile falling or settling, a whipping chain) every step builds
     * anyway, and enlarged boxes only add entries and candidates (the 4 000-box pile's broadphase took 15 % longer);
     * such a build hashes the boxes themselves and every update builds again, as before, while the escapes are still
     * counted against the enlarged boxes, so a scene that comes to rest goes back to them.
     */
    static final int ESCAPES = 8;
    /** Whether the candidates must be searched again (every build; a query's build does not search). */
    private boolean searchStale = true;
    /** Candidate pairs (slots p, q) in search order; after a search, q's sign bit marks a pair whose boxes overlap. */
    private int[] candidates = new int[128];
    private int candidateCount;
    private long builds;
    private int entryCount;
    private int[] entryProxy = new int[64];
    private int[] entryCell = new int[64 * 3];
    private int[] entryBucket = new int[64];
    /** Per entry: {@link #MIN_X} when its cell is its proxy's min-corner cell in x, likewise y and z. */
    private byte[] entryFlags = new byte[64];
    /**
     * The entries sorted by bucket, copied in that order (the search reads them front to back
     * instead of through an index): bucket k holds the sorted entries {@code bucketStart[k] ..
     * bucketStart[k + 1]}, each with its proxy slot, its cell (x, y, z) and its flags.
     */
    private int[] sortedProxy = new int[64];
    private int[] sortedCell = new int[64 * 3];
    private byte[] sortedFlags = new byte[64];
    private int[] bucketStart = new int[129];
    private int tableMask;
    private int[] hugeList = new int[16];
    private int hugeCount;

    // the parallel build and search (issue 26)
    private BlockRunner runner = BlockRunner.inline();
    /** Per slot: its cells' count (0 for a huge proxy), then, after the prefix sum, its first entry. */
    private int[] entryStart = new int[17];
    /** Buckets per search block of the current search, and the number of blocks. */
    private int searchSpan, searchBlocks;
    /** Per search block: the pairs it found, two ids each, and their count. */
    private int[][] blockPairs = new int[0][];
    private int[] blockPairCount = new int[0];
    private final BlockRunner.Range cellsTask = this::cellsOf;
    private final BlockRunner.Range entriesTask = this::entriesOf;
    private final BlockRunner.Range searchTask = this::searchBlocks;
    /** Proxies per block of the parallel build; below twice this the build runs on the calling thread. */
    static final int BUILD_BLOCK = 512;
    /** Search blocks per thread (load balance: buckets are not equally full). */
    static final int SEARCH_BLOCKS_PER_THREAD = 8;
    /** Buckets per search block at the least; tables under twice this are searched on the calling thread. */
    static final int SEARCH_SPAN = 1024;
    /** The most search blocks of one search. */
    static final int MAX_SEARCH_BLOCKS = 256;
    /**
     * Grid entries below which the search runs on the calling thread whatever the table's size: the
     * table is 2-4 times the entries, so a small scene's table (the 20-row pyramid's 210 boxes) passed
     * the span test and was split, though searching it costs less than handing it over (the pyramid
     * stepped slower at 2 threads than at 1; docs/benchmarks.md, twelfth session).
     */
    static final int SEARCH_MIN_ENTRIES = 1024;

    /** A grid whose cell size every build chooses from the moving boxes (see the class comment); 2 m until then. */
    SpatialHashBroadphase(int hugeCells) {
        this(2.0, hugeCells, true);
    }

    /** A grid of fixed cells of edge {@code cellSize} metres. */
    SpatialHashBroadphase(double cellSize, int hugeCells) {
        this(cellSize, hugeCells, false);
    }

    private SpatialHashBroadphase(double cellSize, int hugeCells, boolean autoCell) {
        if (!(cellSize >= 1e-6 && cellSize <= 1e6)) {
            throw new IllegalArgumentException("cellSize = " + cellSize + "; allowed: [1e-6, 1e6] metres");
        }
        if (hugeCells < 1) {
            throw new IllegalArgumentException("hugeCells = " + hugeCells + "; allowed: >= 1");
        }
        this.cellSize = cellSize;
        this.inverseCellSize = 1 / cellSize;
        this.hugeCells = hugeCells;
        this.autoCell = autoCell;
    }

    /** Cell edge in metres (with the automatic size: the last build's). */
    double cellSize() {
        return cellSize;
    }

    /**
     * The automatic cell size: the power of two just above the median of the moving proxies' largest
     * box edges, clamped to [2^{@value #MIN_CELL_EXPONENT}, 2^{@value #MAX_CELL_EXPONENT}] m; kept
     * when no proxy moves. A point box (or a NaN edge) counts for the smallest cell, an unbounded one
     * for the largest.
     */
    private void chooseCellSize() {
        final int[] h = edgeExponents;
        Arrays.fill(h, 0);
        final double[] b = proxies.boxes;
        final boolean[] fx = proxies.fixed;
        int n = 0;
        for (int s = 0, count = proxies.count; s < count; s++) {
            if (fx[s]) {
                continue;
            }
            int o = 6 * s;
            double e = Math.max(b[o + 3] - b[o], Math.max(b[o + 4] - b[o + 1], b[o + 5] - b[o + 2]));
            // the cell exponent this box alone would ask for: its edge's binary exponent + 1
            // (a point or a NaN edge: the smallest cell; an infinite one: getExponent is 1024, the largest)
            int x = e > 0 ? Math.getExponent(e) + 1 : MIN_CELL_EXPONENT;
            h[Math.max(MIN_CELL_EXPONENT, Math.min(MAX_CELL_EXPONENT, x)) - MIN_CELL_EXPONENT]++;
            n++;
        }
        if (n == 0) {
            return;
        }
        int half = (n + 1) / 2, k = 0;
        for (int seen = h[0]; seen < half; seen += h[++k]) {
            // the bin that holds the median box
        }
        cellSize = Math.scalb(1.0, k + MIN_CELL_EXPONENT);
        inverseCellSize = 1 / cellSize;
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
            entryStart = Arrays.copyOf(entryStart, proxies.capacity() + 1);
            fat = Arrays.copyOf(fat, proxies.capacity() * 6);
        }
        if (!isFixed) {
            movingCount++;
        }
        stale = true;
        moved = true;
    }

    @Override
    public void update(int id, double minX, double minY, double minZ, double maxX, double maxY, double maxZ) {
        int s = proxies.slot(id);
        proxies.write(s, minX, minY, minZ, maxX, maxY, maxZ);
        if (!enlarged) {
            stale = true; // hashed as they were: any update builds again
        }
        if (moved) {
            return; // a proxy added or removed since the build: the slots' enlarged boxes are not theirs
        }
        int o = 6 * s;
        final double[] f = fat;
        // inside its enlarged box (NaN compares false: a NaN box rebuilds), and not shrunk to under half of it on an
        // axis (the cells are sized from the boxes, and a box far smaller than its enlarged one adds candidates)
        if (!(minX >= f[o] && minY >= f[o + 1] && minZ >= f[o + 2] && maxX <= f[o + 3] && maxY <= f[o + 4]
                && maxZ <= f[o + 5]) || 2 * (maxX - minX) < f[o + 3] - f[o] || 2 * (maxY - minY) < f[o + 4] - f[o + 1]
                || 2 * (maxZ - minZ) < f[o + 5] - f[o + 2]) {
            stale = true;
            escapes++;
        }
    }

    @Override
    public void setFixed(int id, boolean isFixed) {
        int s = proxies.slot(id);
        if (proxies.fixed[s] != isFixed) {
            movingCount += isFixed ? -1 : 1;
            searchStale = true; // the candidates skip pairs of two fixed proxies
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
        moved = true;
    }

    @Override
    public boolean contains(int id) {
        return proxies.contains(id);
    }

    @Override
    public int size() {
        return proxies.count;
    }

    @Override
    public void setBlockRunner(BlockRunner blockRunner) {
        this.runner = java.util.Objects.requireNonNull(blockRunner, "runner is null");
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

    private void build(boolean parallel) {
        if (autoCell) {
            chooseCellSize();
        }
        // enlarged when they saved a build (the last hash served more than one call) or would have (no box escaped
        // since), and not when many escaped
        enlarged = (long) escapes * ESCAPES <= proxies.count && (escapes == 0 || enlarged && served > 1);
        escapes = 0;
        served = 0;
        moved = false;
        final int count = proxies.count;
        final BlockRunner r = runner;
        int block = r.grain(BUILD_BLOCK);
        boolean split = parallel && r.threads() > 1 && count >= 2 * block;
        // 1. per slot: the min-corner cell, hugeness and the number of cells (in blocks of slots)
        if (split) {
            r.run(count, block, cellsTask);
        } else {
            cellsOf(0, count);
        }
        // 2. the calling thread: huge proxies in slot order, each slot's first entry (prefix sum)
        hugeCount = 0;
        int total = 0;
        final int[] es = entryStart;
        for (int s = 0; s < count; s++) {
            if (huge[s]) {
                hugeList[hugeCount++] = s;
            }
            int cells = es[s];
            es[s] = total;
            total += cells;
        }
        es[count] = total;
        if (total > entryProxy.length) {
            growEntries(total);
        }
        entryCount = total;
        int tableSize = Integer.highestOneBit(Math.max(16, entryCount * 2 - 1)) << 1;
        if (bucketStart.length < tableSize + 1) {
            bucketStart = new int[tableSize + 1];
        }
        tableMask = tableSize - 1;
        // 3. every slot writes its own entries and their buckets at its offset: the order of one thread
        if (split) {
            r.run(count, block, entriesTask);
        } else {
            entriesOf(0, count);
        }
        // 4. counting sort of the entries by bucket (stable, so deterministic), on the calling thread
        final int[] start = bucketStart;
        Arrays.fill(start, 0, tableSize + 1, 0);
        for (int e = 0; e < entryCount; e++) {
            start[entryBucket[e] + 1]++;
        }
        for (int k = 0; k < tableSize; k++) {
            start[k + 1] += start[k];
        }
        // place with a moving cursor per bucket (copying each entry to its place), then shift the starts back
        final int[] sp = sortedProxy, sc = sortedCell, ep = entryProxy, ec = entryCell;
        final byte[] sf = sortedFlags, ef = entryFlags;
        for (int e = 0; e < entryCount; e++) {
            int k = start[entryBucket[e]]++;
            sp[k] = ep[e];
            sc[k * 3] = ec[e * 3];
            sc[k * 3 + 1] = ec[e * 3 + 1];
            sc[k * 3 + 2] = ec[e * 3 + 2];
            sf[k] = ef[e];
        }
        for (int k = tableSize; k > 0; k--) {
            start[k] = start[k - 1];
        }
        start[0] = 0;
        stale = false;
        searchStale = true;
        builds++;
    }

    /** Whether the last build hashed the enlarged boxes (for tests; see {@link #ESCAPES}). */
    boolean enlarged() {
        return enlarged;
    }

    /** Builds so far (for tests: a step whose boxes stayed inside their enlarged ones builds nothing). */
    long builds() {
        return builds;
    }

    /** Build step 1 for slots {@code [lo, hi)}: min-corner cell, hugeness, and the cell count in {@code entryStart}. */
    private void cellsOf(int lo, int hi) {
        final double[] box = proxies.boxes, f = fat, b = enlarged ? fat : box;
        for (int s = lo; s < hi; s++) {
            int o = s * 6;
            double e = Math.max(box[o + 3] - box[o], Math.max(box[o + 4] - box[o + 1], box[o + 5] - box[o + 2]));
            double m = e > 0 && e < Double.POSITIVE_INFINITY ? e * SLACK_FRACTION : 0; // a point or NaN box: none
            f[o] = box[o] - m;
            f[o + 1] = box[o + 1] - m;
            f[o + 2] = box[o + 2] - m;
            f[o + 3] = box[o + 3] + m;
            f[o + 4] = box[o + 4] + m;
            f[o + 5] = box[o + 5] + m;
            int x0 = cell(b[o]), y0 = cell(b[o + 1]), z0 = cell(b[o + 2]);
            int x1 = cell(b[o + 3]), y1 = cell(b[o + 4]), z1 = cell(b[o + 5]);
            minCell[s * 3] = x0;
            minCell[s * 3 + 1] = y0;
            minCell[s * 3 + 2] = z0;
            double cells = cellCount(x0, y0, z0, x1, y1, z1);
            huge[s] = cells > hugeCells;
            entryStart[s] = huge[s] ? 0 : (int) cells;
        }
    }

    /** Build step 3 for slots {@code [lo, hi)}: each slot's entries (cells x, then y, then z) from its first entry on. */
    private void entriesOf(int lo, int hi) {
        final double[] b = enlarged ? fat : proxies.boxes;
        final int mask = tableMask;
        for (int s = lo; s < hi; s++) {
            if (huge[s]) {
                continue;
            }
            int o = s * 6;
            int x0 = minCell[s * 3], y0 = minCell[s * 3 + 1], z0 = minCell[s * 3 + 2];
            int x1 = cell(b[o + 3]), y1 = cell(b[o + 4]), z1 = cell(b[o + 5]);
            int e = entryStart[s];
            for (int x = x0; x <= x1; x++) {
                for (int y = y0; y <= y1; y++) {
                    for (int z = z0; z <= z1; z++) {
                        entryProxy[e] = s;
                        entryCell[e * 3] = x;
                        entryCell[e * 3 + 1] = y;
                        entryCell[e * 3 + 2] = z;
                        entryBucket[e] = hash(x, y, z) & mask;
                        entryFlags[e] = (byte) ((x == x0 ? MIN_X : 0) | (y == y0 ? MIN_Y : 0) | (z == z0 ? MIN_Z : 0));
                        e++;
                    }
                }
            }
        }
    }

    private void growEntries(int needed) {
        int n = Math.max(needed, entryProxy.length * 2);
        entryProxy = Arrays.copyOf(entryProxy, n);
        entryCell = Arrays.copyOf(entryCell, n * 3);
        entryBucket = Arrays.copyOf(entryBucket, n);
        entryFlags = Arrays.copyOf(entryFlags, n);
        sortedProxy = Arrays.copyOf(sortedProxy, n);
        sortedCell = Arrays.copyOf(sortedCell, n * 3);
        sortedFlags = Arrays.copyOf(sortedFlags, n);
    }

    @Override
    public void findPairs(PairCollector out) {
        if (movingCount == 0) {
            return; // every pair would be fixed-fixed (e.g. a replay whose bodies all follow the journal)
        }
        if (stale) {
            build(true);
        }
        served++;
        if (!searchStale) { // no box left its enlarged one: the candidates whose boxes overlap
            reportCandidates(out);
            reportHuge(out);
            return;
        }
        searchStale = false;
        candidateCount = 0;
        final BlockRunner r = runner;
        int tableSize = tableMask + 1;
        int span = Math.max(r.grain(SEARCH_SPAN), (tableSize + MAX_SEARCH_BLOCKS - 1) / MAX_SEARCH_BLOCKS);
        span = Math.max(span, tableSize / Math.max(1, r.threads() * SEARCH_BLOCKS_PER_THREAD));
        if (r.threads() > 1 && tableSize >= 2 * span && entryCount >= r.grain(SEARCH_MIN_ENTRIES)) {
            // blocks of consecutive buckets on the threads, each into its own list; reported in block
            // order, so in the order one thread reports them
            searchSpan = span;
            searchBlocks = (tableSize + span - 1) / span;
            if (blockPairs.length < searchBlocks) {
                int[][] grown = Arrays.copyOf(blockPairs, searchBlocks);
                for (int k = blockPairs.length; k < searchBlocks; k++) {
                    grown[k] = new int[64];
                }
                blockPairs = grown;
                blockPairCount = Arrays.copyOf(blockPairCount, searchBlocks);
            }
            r.run(searchBlocks, 1, searchTask);
            for (int k = 0; k < searchBlocks; k++) { // the blocks' candidates in block order: one thread's order
                int[] list = blockPairs[k];
                int n = blockPairCount[k] * 2;
                growCandidates(candidateCount + n);
                System.arraycopy(list, 0, candidates, candidateCount, n);
                candidateCount += n;
            }
        } else {
            searchBuckets(0, tableSize, -1);
        }
        final int[] ids = proxies.ids, c = candidates;
        for (int i = 0, n = candidateCount; i < n; i += 2) { // the pairs whose boxes overlap, marked by the search
            int q = c[i + 1];
            if (q < 0) {
                q &= Integer.MAX_VALUE;
                c[i + 1] = q;
                out.pair(ids[c[i]], ids[q]);
            }
        }
        reportHuge(out);
    }

    /** The candidates whose boxes overlap, in candidate order (both fixed: none, as the search left those out). */
    private void reportCandidates(PairCollector out) {
        final double[] b = proxies.boxes;
        final int[] ids = proxies.ids, c = candidates;
        for (int i = 0, n = candidateCount; i < n; i += 2) {
            int po = 6 * c[i], qo = 6 * c[i + 1];
            if (b[po] <= b[qo + 3] && b[qo] <= b[po + 3] && b[po + 1] <= b[qo + 4] && b[qo + 1] <= b[po + 4]
                    && b[po + 2] <= b[qo + 5] && b[qo + 2] <= b[po + 5]) {
                out.pair(ids[c[i]], ids[c[i + 1]]);
            }
        }
    }

    private void growCandidates(int needed) {
        if (candidates.length < needed) {
            candidates = Arrays.copyOf(candidates, Math.max(needed, 2 * candidates.length));
        }
    }

    /** Search blocks {@code [lo, hi)}: each its buckets into its own pair list. */
    private void searchBlocks(int lo, int hi) {
        int tableSize = tableMask + 1;
        for (int k = lo; k < hi; k++) {
            searchBuckets(k * searchSpan, Math.min(tableSize, (k + 1) * searchSpan), k);
        }
    }

    /**
     * The candidates found in buckets {@code [from, to)} (slots p, q whose enlarged boxes overlap; q's sign bit set
     * when their boxes overlap too): to the candidates, or (when {@code block >= 0}) to that search block's list.
     */
    private void searchBuckets(int fromBucket, int toBucket, int block) {
        final double[] box = proxies.boxes, b = enlarged ? fat : box;
        final int[] start = bucketStart, cellOf = sortedCell, proxyOf = sortedProxy;
        final byte[] flags = sortedFlags;
        final boolean[] fx = proxies.fixed;
        // a search block's list and length in locals (no shared line written per pair); grows only
        // while the scene grows
        int[] list = block < 0 ? candidates : blockPairs[block];
        int n = block < 0 ? candidateCount : 0;
        for (int k = fromBucket; k < toBucket; k++) {
            int from = start[k], to = start[k + 1];
            for (int i = from; i < to - 1; i++) {
                int p = proxyOf[i];
                int cx = cellOf[i * 3], cy = cellOf[i * 3 + 1], cz = cellOf[i * 3 + 2];
                int pflags = flags[i];
                int po = p * 6;
                boolean pf = fx[p];
                for (int j = i + 1; j < to; j++) {
                    // the cell of the intersection's min corner first: cell() is monotone, so
                    // cell(max(a, b)) = max(cell(a), cell(b)) of the two min-corner cells; both are at
                    // most this cell (both boxes cover it), so the max is this cell exactly where one of
                    // them is: the entries' flags
                    if ((pflags | flags[j]) != MIN_ALL) {
                        continue; // not the cell this pair is reported in (or no overlap)
                    }
                    if (cellOf[j * 3] != cx || cellOf[j * 3 + 1] != cy || cellOf[j * 3 + 2] != cz) {
                        continue; // another cell sharing the bucket
                    }
                    int q = proxyOf[j];
                    if (pf && fx[q]) {
                        continue;
                    }
                    int qo = q * 6;
                    if (b[po] <= b[qo + 3] && b[qo] <= b[po + 3] && b[po + 1] <= b[qo + 4] && b[qo + 1] <= b[po + 4]
                            && b[po + 2] <= b[qo + 5] && b[qo + 2] <= b[po + 5]) {
                        if (n + 2 > list.length) {
                            list = Arrays.copyOf(list, list.length * 2);
                        }
                        boolean overlap = box[po] <= box[qo + 3] && box[qo] <= box[po + 3] && box[po + 1] <= box[qo + 4]
                                && box[qo + 1] <= box[po + 4] && box[po + 2] <= box[qo + 5] && box[qo + 2] <= box[po + 5];
                        list[n] = p;
                        list[n + 1] = overlap ? q | Integer.MIN_VALUE : q;
                        n += 2;
                    }
                }
            }
        }
        if (block >= 0) {
            blockPairs[block] = list;
            blockPairCount[block] = n / 2;
        } else {
            candidates = list;
            candidateCount = n;
        }
    }

    /** Huge proxies against everything: against ordinary ones, then against the huge after them. */
    private void reportHuge(PairCollector out) {
        final double[] b = proxies.boxes;
        final boolean[] fx = proxies.fixed;
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
            build(false); // a query may come from outside the step: the calling thread alone
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
                            if (sortedCell[i * 3] != x || sortedCell[i * 3 + 1] != y || sortedCell[i * 3 + 2] != z) {
                                continue;
                            }
                            int s = sortedProxy[i];
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

    /**
     * For tests: whether everything this broadphase keeps between calls (proxies, the hash's entries,
     * their bucket order, bucket starts, min-corner cells, huge list) equals {@code other}'s over the
     * used ranges; after the same calls a parallel build must leave exactly what one thread leaves.
     */
    boolean sameStructure(SpatialHashBroadphase other) {
        int n = proxies.count, e = entryCount;
        return n == other.proxies.count && e == other.entryCount && stale == other.stale
                && movingCount == other.movingCount && tableMask == other.tableMask
                && hugeCount == other.hugeCount
                && Arrays.equals(proxies.ids, 0, n, other.proxies.ids, 0, n)
                && Arrays.equals(proxies.fixed, 0, n, other.proxies.fixed, 0, n)
                && Arrays.equals(proxies.boxes, 0, 6 * n, other.proxies.boxes, 0, 6 * n)
                && Arrays.equals(huge, 0, n, other.huge, 0, n)
                && Arrays.equals(minCell, 0, 3 * n, other.minCell, 0, 3 * n)
                && Arrays.equals(entryStart, 0, n + 1, other.entryStart, 0, n + 1)
                && Arrays.equals(hugeList, 0, hugeCount, other.hugeList, 0, hugeCount)
                && Arrays.equals(entryProxy, 0, e, other.entryProxy, 0, e)
                && Arrays.equals(entryCell, 0, 3 * e, other.entryCell, 0, 3 * e)
                && Arrays.equals(entryBucket, 0, e, other.entryBucket, 0, e)
                && Arrays.equals(entryFlags, 0, e, other.entryFlags, 0, e)
                && Arrays.equals(sortedProxy, 0, e, other.sortedProxy, 0, e)
                && Arrays.equals(sortedCell, 0, 3 * e, other.sortedCell, 0, 3 * e)
                && Arrays.equals(sortedFlags, 0, e, other.sortedFlags, 0, e)
                && Arrays.equals(bucketStart, 0, tableMask + 2, other.bucketStart, 0, tableMask + 2);
    }
}
