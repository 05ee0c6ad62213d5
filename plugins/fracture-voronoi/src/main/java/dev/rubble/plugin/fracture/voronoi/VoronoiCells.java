package dev.rubble.plugin.fracture.voronoi;

import dev.rubble.spi.geom.ConvexPolytope;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Voronoi cells of a site set clipped to a convex source.
 *
 * <p>Each cell starts as the source and is clipped by the bisector planes of other sites,
 * nearest first: sites are bucketed in a uniform grid (about one site per grid cell) and visited
 * in rings of grid cells of growing Chebyshev radius, each ring sorted by distance. A site
 * farther than {@code 2R} from the cell's site, where {@code R} is the distance to the cell's
 * farthest vertex, cannot cut the cell (its bisector lies beyond every vertex), so the search
 * stops once the next ring is entirely that far away — the voro++ early exit. Cost is about
 * O(N · k) clips for N sites with k neighbours each; no O(N²) pass.
 *
 * <p>The bisector plane of sites {@code i, j} is computed as {@code n = sj - si},
 * {@code d = (|sj|² - |si|²)/2} and for the other cell as exactly {@code -n, -d}, so shared faces
 * of neighbouring cells lie on bit-identical planes. Stateless and thread-safe.
 *
 * <p>A cell is clipped in reusable buffers ({@link CellClipper}, the arithmetic of
 * {@code PolytopeClipper.clip} without an object per intermediate clip), and every face remembers
 * the site whose bisector made it, so {@link #computeWithAdjacency} gives the Voronoi neighbours
 * (the dual Delaunay graph restricted to the source) and the shared face areas with no second
 * search.
 *
 * <p>{@link #computeWithAdjacency(ConvexPolytope, double[], int)} spreads the cells over threads
 * with the same output bits.
 */
public final class VoronoiCells {
    /** Clipping tolerance relative to the source's bounding-box diagonal. */
    public static final double RELATIVE_TOLERANCE = 1e-12;

    private VoronoiCells() {
    }

    /**
     * Computes the cells.
     *
     * @param source the convex region to partition
     * @param sites  packed xyz site coordinates (metres, finite); exact duplicates must have been
     *               removed by the caller
     * @return per site its cell, or {@code null} where the cell misses the source
     */
    public static ConvexPolytope[] compute(ConvexPolytope source, double[] sites) {
        return run(source, sites, false).cells();
    }

    /**
     * Computes the cells on {@code threads} threads (bit-identical to {@link #compute(ConvexPolytope, double[])}).
     *
     * @param source  the convex region to partition
     * @param sites   packed xyz site coordinates, duplicates removed
     * @param threads threads to use, 1..{@value #MAX_THREADS}
     * @return per site its cell, or {@code null} where the cell misses the source
     */
    public static ConvexPolytope[] compute(ConvexPolytope source, double[] sites, int threads) {
        return run(source, sites, false, threads).cells();
    }

    /**
     * Cells with their adjacency: pairs {@code a[k] < b[k]} of sites whose cells share a face
     * (a face of one made by the bisector with the other) and that face's area in m² (taken from
     * cell {@code a}'s polygon; from cell {@code b}'s where only {@code b} kept the face, which
     * happens only for faces within the clipping tolerance of an edge). Sorted by (a, b).
     */
    public record Cells(ConvexPolytope[] cells, int[] a, int[] b, double[] area) {
    }

    /**
     * Computes the cells and their face adjacency (see {@link Cells}).
     *
     * @param source the convex region to partition
     * @param sites  packed xyz site coordinates, duplicates removed
     */
    public static Cells computeWithAdjacency(ConvexPolytope source, double[] sites) {
        return run(source, sites, true);
    }

    /**
     * Computes the cells and their face adjacency (see {@link Cells}) on {@code threads} threads:
     * the calling thread and {@code threads - 1} workers of a fixed pool made for this call. Every
     * cell is computed on its own (one clipper per thread) into its own slot, and the neighbour lists
     * are merged in site order, so the result is bit-identical at any thread count.
     *
     * @param source  the convex region to partition
     * @param sites   packed xyz site coordinates, duplicates removed
     * @param threads threads to use, 1..{@value #MAX_THREADS}
     */
    public static Cells computeWithAdjacency(ConvexPolytope source, double[] sites, int threads) {
        return run(source, sites, true, threads);
    }

    /** Most threads one computation may use. */
    public static final int MAX_THREADS = 256;

    /** Cells per block that a thread claims at a time. */
    private static final int BLOCK = 64;

    private static Cells run(ConvexPolytope source, double[] sites, boolean adjacency) {
        return run(source, sites, adjacency, 1);
    }

    private static Cells run(ConvexPolytope source, double[] sites, boolean adjacency, int threads) {
        Objects.requireNonNull(source, "source is null");
        Objects.requireNonNull(sites, "sites is null");
        if (threads < 1 || threads > MAX_THREADS) {
            throw new IllegalArgumentException("threads = " + threads + "; allowed: 1.." + MAX_THREADS);
        }
        int n = sites.length / 3;
        ConvexPolytope[] cells = new ConvexPolytope[n];
        if (n == 0) {
            return new Cells(cells, new int[0], new int[0], new double[0]);
        }
        Grid grid = new Grid(source, sites);
        int blocks = (n + BLOCK - 1) / BLOCK;
        // cells are computed in the grid's bucket order (neighbouring cells one after another, so the sites and
        // buckets a cell reads are mostly still in the cache from the cell before), a block being a range of that
        // order; per block: its cells' neighbour ids and areas in that order, and per cell its count and offset
        final int[] bucket = grid.bucket;
        int[][] blockId = adjacency ? new int[blocks][] : null;
        double[][] blockArea = adjacency ? new double[blocks][] : null;
        int[] nbCountOf = adjacency ? new int[n] : null;
        int[] nbOffOf = adjacency ? new int[n] : null;
        int workers = Math.min(threads, blocks);
        AtomicInteger next = new AtomicInteger();
        Runnable claim = () -> {
            Worker w = new Worker(grid);
            for (int blk = next.getAndIncrement(); blk < blocks; blk = next.getAndIncrement()) {
                int from = blk * BLOCK, to = Math.min(n, from + BLOCK);
                int count = 0;
                for (int p = from; p < to; p++) {
                    count = w.one(p, count, cells, nbOffOf, nbCountOf);
                }
                if (adjacency) {
                    blockId[blk] = Arrays.copyOf(w.nbId, count);
                    blockArea[blk] = Arrays.copyOf(w.nbArea, count);
                }
            }
        };
        if (workers <= 1) {
            claim.run();
        } else {
            runOnPool(claim, workers);
        }
        if (!adjacency) {
            return new Cells(cells, null, null, null);
        }
        return merged(n, bucket, blockId, blockArea, nbCountOf, nbOffOf, cells);
    }

    /**
     * The blocks' neighbour lists merged in site order, then paired. A method of its own: its loops over every site
     * get it compiled on the stack (OSR), which costs C1 time in proportion to the whole method.
     */
    private static Cells merged(int n, int[] bucket, int[][] blockId, double[][] blockArea, int[] nbCountOf,
            int[] nbOffOf, ConvexPolytope[] cells) {
        // merge in site order
        int[] nbStart = new int[n + 1];
        for (int i = 0; i < n; i++) {
            nbStart[i + 1] = nbStart[i] + nbCountOf[i];
        }
        int total = nbStart[n];
        int[] nbId = new int[total];
        double[] nbArea = new double[total];
        int[] posOf = new int[n];
        for (int p = 0; p < n; p++) {
            posOf[bucket[p]] = p;
        }
        for (int i = 0; i < n; i++) {
            mergeOne(i, posOf[i] / BLOCK, blockId, blockArea, nbOffOf[i], nbCountOf[i], nbStart[i], nbId, nbArea);
        }
        return pairs(n, nbStart, nbId, nbArea, cells);
    }

    /**
     * Copies site {@code i}'s neighbours from its block. A method of its own, like {@link #pairsOf}: called once per
     * site, C1 compiles it after a hundred-odd sites, where a loop run once stays interpreted until its on-stack
     * compile (tens of thousands of back-edges).
     */
    private static void mergeOne(int i, int blk, int[][] blockId, double[][] blockArea, int off, int c, int at,
            int[] nbId, double[] nbArea) {
        int[] bid = blockId[blk];
        double[] bar = blockArea[blk];
        for (int k = 0; k < c; k++) {
            nbId[at + k] = bid[off + k];
            nbArea[at + k] = bar[off + k];
        }
    }

    /** Runs {@code claim} on the calling thread and {@code threads - 1} pool threads; rethrows the first failure. */
    private static void runOnPool(Runnable claim, int threads) {
        ExecutorService pool = Executors.newFixedThreadPool(threads - 1, r -> {
            Thread t = new Thread(r, "rubble-voronoi");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 1; t < threads; t++) {
                futures.add(pool.submit(claim));
            }
            RuntimeException failure = null;
            try {
                claim.run();
            } catch (RuntimeException e) {
                failure = e;
            }
            for (Future<?> f : futures) {
                try {
                    f.get();
                } catch (ExecutionException e) {
                    Throwable c = e.getCause();
                    if (failure == null) {
                        failure = c instanceof RuntimeException re ? re : new IllegalStateException(c);
                    }
                    if (c instanceof Error err) {
                        throw err;
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while computing Voronoi cells", e);
                }
            }
            if (failure != null) {
                throw failure;
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** The site grid shared (read-only) by every thread. */
    private static final class Grid {
        final ConvexPolytope source;
        final double[] sites;
        final double[] lo = new double[3];
        final double[] cs = new double[3];
        final int[] g = new int[3];
        final int[] start;
        final int[] cellOf;
        final int[] bucket;
        final double[] bs;
        final double tol;
        final double hmin;
        final double pad;
        final double[] planes;
        /** Per axis, per grid column: the padded box's lower and upper bound. */
        final double[][] lower = new double[3][], upper = new double[3][];

        Grid(ConvexPolytope source, double[] sites) {
            this.source = source;
            this.planes = source.planes();
            this.sites = sites;
            int n = sites.length / 3;
            double[] b = source.bounds();
            double[] hi = {b[3], b[4], b[5]};
            lo[0] = b[0];
            lo[1] = b[1];
            lo[2] = b[2];
            // the loops over every site call a method per site: C1 compiles it after a hundred-odd sites, where a
            // loop run once stays interpreted until its on-stack compile (tens of thousands of back-edges)
            for (int i = 0; i < n; i++) {
                widen(sites, i, lo, hi);
            }
            double diag = Math.sqrt(sq(hi[0] - lo[0]) + sq(hi[1] - lo[1]) + sq(hi[2] - lo[2]));
            tol = RELATIVE_TOLERANCE * diag;
            // grid with ~1 site per cell, at most 128 cells per axis
            double vol = 1;
            int dims = 0;
            for (int k = 0; k < 3; k++) {
                if (hi[k] - lo[k] > 0) {
                    vol *= hi[k] - lo[k];
                    dims++;
                }
            }
            double h = dims == 0 ? 1 : StrictMath.pow(vol / n, 1.0 / dims);
            for (int k = 0; k < 3; k++) {
                g[k] = (int) Math.max(1, Math.min(128, Math.ceil((hi[k] - lo[k]) / h)));
            }
            for (int k = 0; k < 3; k++) {
                cs[k] = Math.max((hi[k] - lo[k]) / g[k], 1e-300);
            }
            int cellsTotal = g[0] * g[1] * g[2];
            start = new int[cellsTotal + 1];
            cellOf = new int[n];
            for (int i = 0; i < n; i++) {
                bin(sites, i, lo, cs, g, cellOf, start);
            }
            for (int c = 0; c < cellsTotal; c++) {
                start[c + 1] += start[c];
            }
            int[] fill = start.clone();
            bucket = new int[n];
            // the sites again in bucket order: a grid cell's sites are read from consecutive memory
            bs = new double[3 * n];
            for (int i = 0; i < n; i++) {
                place(sites, i, cellOf, fill, bucket, bs);
            }
            hmin = Math.min(cs[0], Math.min(cs[1], cs[2]));
            // a grid cell's box grown by far more than any rounding of a site's bucket assignment
            pad = 1e-9 * diag;
            // each grid column's padded bounds per axis, computed once (the same sums the scan made per cell)
            for (int k = 0; k < 3; k++) {
                double[] l = new double[g[k]], u = new double[g[k]];
                for (int x = 0; x < g[k]; x++) {
                    l[x] = lo[k] + x * cs[k] - pad;
                    u[x] = lo[k] + (x + 1) * cs[k] + pad;
                }
                lower[k] = l;
                upper[k] = u;
            }
        }
    }

    /** Widens {@code [lo, hi]} by site {@code i}, which must be finite. */
    private static void widen(double[] sites, int i, double[] lo, double[] hi) {
        for (int k = 0; k < 3; k++) {
            double s = sites[3 * i + k];
            if (!Double.isFinite(s)) {
                throw new IllegalArgumentException("site " + i + " coordinate " + k + " = " + s + "; allowed: finite");
            }
            lo[k] = Math.min(lo[k], s);
            hi[k] = Math.max(hi[k], s);
        }
    }

    /** Site {@code i}'s grid cell into {@code cellOf}, counted in {@code start[c + 1]}. */
    private static void bin(double[] sites, int i, double[] lo, double[] cs, int[] g, int[] cellOf, int[] start) {
        int c = cellIndex(sites, i, lo, cs, g);
        cellOf[i] = c;
        start[c + 1]++;
    }

    /** Site {@code i} at the next free position of its grid cell, in {@code bucket} and its coordinates in {@code bs}. */
    private static void place(double[] sites, int i, int[] cellOf, int[] fill, int[] bucket, double[] bs) {
        int q = fill[cellOf[i]]++;
        bucket[q] = i;
        bs[3 * q] = sites[3 * i];
        bs[3 * q + 1] = sites[3 * i + 1];
        bs[3 * q + 2] = sites[3 * i + 2];
    }

    /** One thread's clipper and scratch, reused for every cell it computes. */
    private static final class Worker {
        final Grid grid;
        final CellClipper clipper = new CellClipper();
        int[] cand = new int[64];
        double[] candD = new double[64];
        // per candidate its bucket position: its coordinates are read from the grid's bucket-ordered copy, near the
        // candidates before it in memory (the site array in site order is read at random places)
        int[] candQ = new int[64];
        int[] nbId = new int[16 * BLOCK];
        double[] nbArea = new double[16 * BLOCK];
        // the current cell's farthest vertex distance R, and how far its site lies inside every plane so far
        double r, inset;

        Worker(Grid grid) {
            this.grid = grid;
        }

        /**
         * Computes the cell at bucket position {@code p} into {@code cells} and, when {@code nbOffOf} is not null,
         * appends its neighbours at {@code count}; returns the new count. A method of its own so that C1 compiles the
         * per-cell step after a hundred-odd cells instead of running the claim loop interpreted throughout.
         */
        int one(int p, int count, ConvexPolytope[] cells, int[] nbOffOf, int[] nbCountOf) {
            int i = grid.bucket[p];
            boolean alive = cell(i, p);
            cells[i] = alive ? clipper.toPolytope() : null;
            if (nbOffOf != null) {
                int before = count;
                if (alive) {
                    count = neighbours(count);
                }
                nbOffOf[i] = before;
                nbCountOf[i] = count - before;
            }
            return count;
        }

        /** Appends the current cell's neighbours (sorted) and face areas at {@code count}; returns the new count. */
        int neighbours(int count) {
            CellClipper cell = clipper;
            int nf = cell.faceCount();
            if (count + nf > nbId.length) {
                nbId = Arrays.copyOf(nbId, Math.max(2 * nbId.length, count + nf));
                nbArea = Arrays.copyOf(nbArea, nbId.length);
            }
            int from = count;
            for (int f = 0; f < nf; f++) {
                int j = cell.neighbour(f);
                if (j >= 0) {
                    nbId[count] = j;
                    nbArea[count++] = cell.faceArea(f);
                }
            }
            sortByNeighbour(nbId, nbArea, from, count);
            return count;
        }

        /** Clips cell {@code i} (at bucket position {@code pos}) in {@link #clipper}; false when it vanished. */
        boolean cell(int i, int pos) {
            final double[] bs = grid.bs;
            final int[] g = grid.g;
            final double hmin = grid.hmin;
            CellClipper cell = clipper;
            double sx = bs[3 * pos], sy = bs[3 * pos + 1], sz = bs[3 * pos + 2];
            cell.reset(grid.source, sx, sy, sz);
            r = cell.maxVertexDistance();
            // how far the site lies inside every plane so far (source faces, then each bisector that cut),
            // less a bound on the rounding of that distance; see CellClipper.clip's inset
            double in = Double.POSITIVE_INFINITY;
            final double[] spl = grid.planes;
            double smag = Math.sqrt(sx * sx + sy * sy + sz * sz);
            for (int f = 0; f < spl.length; f += 4) {
                double dd = spl[f + 3], h = dd - (spl[f] * sx + spl[f + 1] * sy + spl[f + 2] * sz);
                in = Math.min(in, h - 1e-14 * (Math.abs(dd) + smag));
            }
            inset = in;
            int c = grid.cellOf[i];
            int ci = c % g[0], cj = (c / g[0]) % g[1], ck = c / (g[0] * g[1]);
            int maxRing = Math.max(g[0], Math.max(g[1], g[2]));
            // the ring's gathering and its clips are methods of their own: called a few times per cell, C1 compiles
            // them after a few dozen cells (this method, once per cell, only after a hundred or more)
            for (int ring = 0; ring <= maxRing; ring++) {
                if (ring > 0 && (ring - 1) * hmin > 2 * r) {
                    break;
                }
                int m = gather(i, ring, ci, cj, ck, sx, sy, sz);
                // nearest first (ties by index), taken from a heap: most of a ring's candidates lie beyond 2R once
                // the first few have cut, and are never ordered
                heapify(cand, candD, candQ, m);
                if (!clipRing(i, m, sx, sy, sz, smag)) {
                    return false;
                }
            }
            return true;
        }

        /**
         * Gathers into {@link #cand} the sites of the grid cells at Chebyshev distance {@code ring} from the cell
         * {@code (ci, cj, ck)} of site {@code i} at {@code (sx, sy, sz)} that lie within 2R ({@link #r}); returns
         * their count.
         */
        private int gather(int i, int ring, int ci, int cj, int ck, double sx, double sy, double sz) {
            final double[] lo = grid.lo;
            final double[] cs = grid.cs;
            final int[] g = grid.g;
            final int[] start = grid.start;
            final int[] bucket = grid.bucket;
            final double[] bs = grid.bs;
            final double pad = grid.pad;
            final double r = this.r;
            int m = 0;
            double reach = 4 * r * r;
            // grid cells whose (padded) box is farther than 2R hold only sites the filter below drops
            double skip = reach * (1 + 1e-9);
            double rr = 2 * r + pad;
            int z0 = Math.max(ck - ring, Math.max(0, columnBelow((sz - rr - lo[2]) / cs[2])));
            int z1 = Math.min(ck + ring, Math.min(g[2] - 1, columnAbove((sz + rr - lo[2]) / cs[2])));
            int y0 = Math.max(cj - ring, Math.max(0, columnBelow((sy - rr - lo[1]) / cs[1])));
            int y1 = Math.min(cj + ring, Math.min(g[1] - 1, columnAbove((sy + rr - lo[1]) / cs[1])));
            int x0 = Math.max(ci - ring, Math.max(0, columnBelow((sx - rr - lo[0]) / cs[0])));
            int x1 = Math.min(ci + ring, Math.min(g[0] - 1, columnAbove((sx + rr - lo[0]) / cs[0])));
            final double[] lx = grid.lower[0], ux = grid.upper[0], ly = grid.lower[1], uy = grid.upper[1];
            final double[] lz = grid.lower[2], uz = grid.upper[2];
            for (int z = z0; z <= z1; z++) {
                double dz = gap(sz, lz[z], uz[z]);
                for (int y = y0; y <= y1; y++) {
                    double dy = gap(sy, ly[y], uy[y]);
                    double dyz = dy * dy + dz * dz;
                    if (dyz > skip) {
                        continue;
                    }
                    boolean shellYZ = z == ck - ring || z == ck + ring || y == cj - ring || y == cj + ring;
                    // on the ring's shell every x; inside it only the two end cells
                    int step = shellYZ ? 1 : Math.max(1, 2 * ring);
                    for (int x = shellYZ ? x0 : ci - ring; x <= x1; x += step) {
                        if (x < x0) {
                            continue;
                        }
                        double dx = gap(sx, lx[x], ux[x]);
                        if (dx * dx + dyz > skip) {
                            continue;
                        }
                        int cc = x + g[0] * (y + g[1] * z);
                        int[] cd = cand;
                        double[] cdd = candD;
                        int[] cq = candQ;
                        for (int q = start[cc], qe = start[cc + 1]; q < qe; q++) {
                            double ex = bs[3 * q] - sx, ey = bs[3 * q + 1] - sy, ez = bs[3 * q + 2] - sz;
                            double dj = ex * ex + ey * ey + ez * ez;
                            if (dj > reach) {
                                // beyond 2R now, so beyond 2R after any later clip (R only shrinks): the
                                // clip loop below would stop before it; leaving it out keeps the order
                                continue;
                            }
                            int j = bucket[q];
                            if (j == i) {
                                continue;
                            }
                            if (m == cd.length) {
                                cd = cand = Arrays.copyOf(cd, 2 * m);
                                cdd = candD = Arrays.copyOf(cdd, 2 * m);
                                cq = candQ = Arrays.copyOf(cq, 2 * m);
                            }
                            cd[m] = j;
                            cdd[m] = dj;
                            cq[m] = q;
                            m++;
                        }
                    }
                }
            }
            return m;
        }

        /**
         * Clips cell {@code i} by the bisectors of the heap's {@code m} candidates, nearest first, until the nearest
         * left lies beyond 2R; updates {@link #r} and {@link #inset}. False when the cell vanished.
         */
        private boolean clipRing(int i, int m, double sx, double sy, double sz, double smag) {
            final double[] bs = grid.bs;
            final double tol = grid.tol;
            final CellClipper cell = clipper;
            final int[] cand = this.cand, candQ = this.candQ;
            final double[] candD = this.candD;
            double r = this.r, inset = this.inset;
            boolean alive = true;
            while (m > 0) {
                if (candD[0] > 4 * r * r) {
                    break;
                }
                int j = cand[0], qj = candQ[0];
                popMin(cand, candD, candQ, m--);
                double tx = bs[3 * qj], ty = bs[3 * qj + 1], tz = bs[3 * qj + 2];
                double nx, ny, nz, d;
                if (i < j) {
                    nx = tx - sx;
                    ny = ty - sy;
                    nz = tz - sz;
                    d = ((tx * tx + ty * ty + tz * tz) - (sx * sx + sy * sy + sz * sz)) * 0.5;
                } else {
                    // the same plane as cell j computes for site i, negated exactly
                    nx = -(sx - tx);
                    ny = -(sy - ty);
                    nz = -(sz - tz);
                    d = -(((sx * sx + sy * sy + sz * sz) - (tx * tx + ty * ty + tz * tz)) * 0.5);
                }
                double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
                int res = cell.classify(nx, ny, nz, d, len, tol);
                double insetWith = inset;
                if (res > 0) {
                    // the site's distance inside this plane, only for a plane that cuts (CellClipper.clip's inset)
                    double h = (d - (nx * sx + ny * sy + nz * sz)) / len - 1e-14 * (Math.abs(d) / len + smag);
                    insetWith = Math.min(inset, h);
                    res = cell.cutPending(j, insetWith, r);
                }
                if (res < 0) {
                    alive = false;
                    break;
                } else if (res > 0) {
                    inset = insetWith;
                    r = cell.maxVertexDistance();
                }
            }
            this.r = r;
            this.inset = inset;
            return alive;
        }
    }

    /** Unordered neighbour pairs from the per-cell lists, each once, sorted by (a, b). */
    static Cells pairs(int n, int[] start, int[] id, double[] area, ConvexPolytope[] cells) {
        int m = 0;
        long[] keys = new long[start[n]];
        double[] ar = new double[start[n]];
        // the last key appended, and 1 while every key was above the one before
        long[] ascending = {-1, 1};
        for (int i = 0; i < n; i++) {
            m = pairsOf(i, start, id, area, keys, ar, m, ascending);
        }
        int[] a = new int[m];
        int[] b = new int[m];
        double[] outArea = new double[m];
        if (ascending[1] == 1) {
            // cells list their neighbours ascending, so the keys come out sorted unless some face was kept only by the
            // higher cell; sorted unique keys are their own sort
            for (int k = 0; k < m; k++) {
                unpackSorted(k, keys, ar, a, b, outArea);
            }
            return new Cells(cells, a, b, outArea);
        }
        // keys are unique; sort keys with their areas (index sort by key)
        int[] order = sortIndex(keys, m);
        for (int k = 0; k < m; k++) {
            unpack(k, keys, ar, order, a, b, outArea);
        }
        return new Cells(cells, a, b, outArea);
    }

    /** Pair {@code k} when the keys were appended in order (see {@link #unpack}). */
    private static void unpackSorted(int k, long[] keys, double[] ar, int[] a, int[] b, double[] area) {
        long key = keys[k];
        a[k] = (int) (key >>> 32);
        b[k] = (int) key;
        area[k] = ar[k];
    }

    /** Pair {@code k} in key order, from its sort position, into {@code a, b, area} (a method per pair, see Grid). */
    private static void unpack(int k, long[] keys, double[] ar, int[] order, int[] a, int[] b, double[] area) {
        long key = keys[order[k]];
        a[k] = (int) (key >>> 32);
        b[k] = (int) key;
        area[k] = ar[order[k]];
    }

    /**
     * Site {@code i}'s pairs appended at {@code m} (see {@link #pairs}); returns the new count. {@code ascending}
     * holds the last key appended and whether every key so far was above the one before (1) or not (0).
     */
    private static int pairsOf(int i, int[] start, int[] id, double[] area, long[] keys, double[] ar, int m,
            long[] ascending) {
        for (int k = start[i]; k < start[i + 1]; k++) {
            int j = id[k];
            long key;
            if (j > i) {
                key = ((long) i << 32) | j;
            } else if (Arrays.binarySearch(id, start[j], start[j + 1], i) < 0) {
                // only the higher cell kept the face (it is within tolerance in cell j)
                key = ((long) j << 32) | i;
            } else {
                continue;
            }
            if (key <= ascending[0]) {
                ascending[1] = 0;
            }
            ascending[0] = key;
            keys[m] = key;
            ar[m++] = area[k];
        }
        return m;
    }

    private static int[] sortIndex(long[] keys, int m) {
        // stable bottom-up merge sort of indices by key (keys are unique)
        int[] idx = new int[m];
        for (int k = 0; k < m; k++) {
            idx[k] = k;
        }
        int[] tmp = new int[m];
        for (int w = 1; w < m; w *= 2) {
            for (int lo = 0; lo < m - w; lo += 2 * w) {
                int mid = lo + w, hi = Math.min(lo + 2 * w, m);
                int p = lo, q = mid, o = lo;
                while (p < mid && q < hi) {
                    tmp[o++] = keys[idx[q]] < keys[idx[p]] ? idx[q++] : idx[p++];
                }
                while (p < mid) {
                    tmp[o++] = idx[p++];
                }
                while (q < hi) {
                    tmp[o++] = idx[q++];
                }
                System.arraycopy(tmp, lo, idx, lo, hi - lo);
            }
        }
        return idx;
    }

    private static void sortByNeighbour(int[] id, double[] area, int from, int to) {
        for (int k = from + 1; k < to; k++) {
            int ik = id[k];
            double ak = area[k];
            int j = k - 1;
            while (j >= from && id[j] > ik) {
                id[j + 1] = id[j];
                area[j + 1] = area[j];
                j--;
            }
            id[j + 1] = ik;
            area[j + 1] = ak;
        }
    }

    private static int cellIndex(double[] p, int i, double[] lo, double[] cs, int[] g) {
        int x = clamp((int) ((p[3 * i] - lo[0]) / cs[0]), g[0]);
        int y = clamp((int) ((p[3 * i + 1] - lo[1]) / cs[1]), g[1]);
        int z = clamp((int) ((p[3 * i + 2] - lo[2]) / cs[2]), g[2]);
        return x + g[0] * (y + g[1] * z);
    }

    private static int clamp(int v, int n) {
        return v < 0 ? 0 : v >= n ? n - 1 : v;
    }

    /** Orders {@code idx, d} (and {@code pos} along) as a binary min-heap by (d, idx). */
    private static void heapify(int[] idx, double[] d, int[] pos, int m) {
        for (int k = m / 2 - 1; k >= 0; k--) {
            siftDown(idx, d, pos, k, m);
        }
    }

    /**
     * Removes the least of the heap's {@code m} entries (Floyd's way: the hole goes down along the lesser children
     * to a leaf, one comparison a level, and the last entry rises from there, usually a level or none). The order is
     * strict (ties by index, indices distinct), so every heap pops the same sequence.
     */
    private static void popMin(int[] idx, double[] d, int[] pos, int m) {
        int n = m - 1;
        int il = idx[n], pl = pos[n];
        double dl = d[n];
        int k = 0;
        while (true) {
            int c = 2 * k + 1;
            if (c >= n) {
                break;
            }
            if (c + 1 < n && (d[c + 1] < d[c] || (d[c + 1] == d[c] && idx[c + 1] < idx[c]))) {
                c++;
            }
            idx[k] = idx[c];
            d[k] = d[c];
            pos[k] = pos[c];
            k = c;
        }
        while (k > 0) {
            int p = (k - 1) / 2;
            if (d[p] < dl || (d[p] == dl && idx[p] < il)) {
                break;
            }
            idx[k] = idx[p];
            d[k] = d[p];
            pos[k] = pos[p];
            k = p;
        }
        idx[k] = il;
        d[k] = dl;
        pos[k] = pl;
    }

    private static void siftDown(int[] idx, double[] d, int[] pos, int k, int m) {
        int ik = idx[k], pk = pos[k];
        double dk = d[k];
        while (true) {
            int c = 2 * k + 1;
            if (c >= m) {
                break;
            }
            if (c + 1 < m && (d[c + 1] < d[c] || (d[c + 1] == d[c] && idx[c + 1] < idx[c]))) {
                c++;
            }
            if (dk < d[c] || (dk == d[c] && ik < idx[c])) {
                break;
            }
            idx[k] = idx[c];
            d[k] = d[c];
            pos[k] = pos[c];
            k = c;
        }
        idx[k] = ik;
        d[k] = dk;
        pos[k] = pk;
    }

    /**
     * {@code (int) Math.floor(v)} for every double (NaN and beyond the int range included) without the call C1 makes
     * for {@code Math.floor} (StrictMath.floorOrCeil, not an intrinsic there).
     */
    static int floorInt(double v) {
        int t = (int) v; // toward zero, saturating; NaN → 0
        return t > v && t != Integer.MIN_VALUE ? t - 1 : t;
    }

    /**
     * {@code floorInt(v) - 1}, saturating at {@code Integer.MIN_VALUE}: the first grid column a search reaching down to
     * {@code v} (in columns) may touch. A reach of more than 2^31 columns (a 1e5 m long source 1e-4 m thick: columns
     * sized by the thin axes) saturates {@code floorInt}, and a plain {@code - 1} wrapped to {@code Integer.MAX_VALUE}:
     * the search found no neighbour and every cell stayed the whole source (fuzz13).
     */
    static int columnBelow(double v) {
        int f = floorInt(v);
        return f == Integer.MIN_VALUE ? f : f - 1;
    }

    /** {@code floorInt(v) + 1}, saturating at {@code Integer.MAX_VALUE} (see {@link #columnBelow}). */
    static int columnAbove(double v) {
        int f = floorInt(v);
        return f == Integer.MAX_VALUE ? f : f + 1;
    }

    /** Distance from {@code p} to the interval [a, b] (0 inside). */
    private static double gap(double p, double a, double b) {
        return p < a ? a - p : p > b ? p - b : 0;
    }

    private static double sq(double x) {
        return x * x;
    }
}
