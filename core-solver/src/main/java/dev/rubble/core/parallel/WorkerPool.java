package dev.rubble.core.parallel;

import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.LockSupport;

/**
 * A fixed pool of platform (daemon) threads with a spin-then-park hand-off, for the step's
 * sub-millisecond stages (docs/parallel.md, "Executor"). The calling thread is one of the
 * {@link #threads()} workers: it publishes a stage, claims blocks like the others and waits until the
 * last block is done.
 *
 * <h2>Claiming</h2>
 * A dispatch's blocks are cut into one contiguous range per thread (the caller's first), and each
 * range is one 64-bit word: the dispatch's generation, the range's first unclaimed block and its
 * end. A thread claims the front block of its own range, and when that is empty steals the back
 * block of another's, each by a compare-and-set of the whole word: a worker that woke late for an
 * old dispatch can never claim a block of a newer one with the older one's task. The caller writes
 * the fields before the volatile writes that start the generation, and writes the next dispatch's
 * fields only after every block of this one finished, so a successful claim always saw its own
 * dispatch's fields. (The range's end is in the word because with the block count in a field, a
 * worker holding the exhausted word of the previous dispatch could read the next dispatch's larger
 * count and claim "block n" of the old word just before the new word was published: the first
 * version did, and ran a block twice under load.)
 *
 * <p>Why ranges (Box2D v3's task blocks start each worker at its own block for the same reason;
 * docs/benchmarks.md, "Issue 26, 2026-12-03 fifth session: why the pile's stages reach 1.45× at 2
 * threads"): the solver's passes dispatch the same colours cut into the same blocks again and again,
 * so with a range per thread each thread solves mostly the same manifolds every pass and their rows
 * can stay in its core's caches; with one shared counter a block went to either thread at random,
 * and the pile's blocks took 11–24 % more CPU on 2 threads than the same blocks one after another
 * on one thread. A claim of one's own range also writes a cache line no other thread polls (every
 * claim used to move the one claim word between the cores). Stealing from the back keeps the
 * balance of a shared counter: a thread that is late (descheduled, or its blocks cost more) loses
 * the blocks at its range's end.
 *
 * <h2>Waiting</h2>
 * Between the stages of a step the next dispatch usually comes within microseconds, so an idle
 * worker spins ({@link Thread#onSpinWait}), then yields {@value #YIELDS} times, then parks; the caller
 * unparks only workers that parked. It spins for {@link #spinNanos()}: {@value #SPIN_NANOS} ns when
 * the pool has no more threads than the machine has processors, else {@value #SHARED_SPIN_NANOS} ns.
 * The long spin is for the serial stretches between a step's parallel stages (the contact list's
 * sort, the colouring, the grid's counting sort: 0.1-0.5 ms on the 4 000-box pile): with 2 000 spins
 * (about 55 µs here) the worker parked about nine times a step, and each wake-up started it 20-150 µs
 * late on the next stage (docs/benchmarks.md, "2026-12-04, eighth session"). With more threads than
 * cores a spinning worker would take a core from a thread still holding a block, so it spins only
 * briefly there, and the yields keep a descheduled block holder from stalling the others for a whole
 * time slice. The caller waits for the last block by spinning {@value #SPINS} rounds, then
 * yielding; it never parks.
 *
 * <h2>Completion</h2>
 * Every thread counts the blocks it ran in a dispatch and takes them off the remaining count once,
 * when it finds nothing left to claim (one atomic write per thread and dispatch instead of one per
 * block); the range words and the remaining count sit on cache lines of their own, so a claim does
 * not invalidate the line the caller spins on. {@link #dispatches()} and {@link #parks()} count what
 * the pool did, for the benchmarks (docs/parallel.md, "Executor").
 */
public final class WorkerPool implements StepExecutor {
    static final int SPINS = 2_000;
    static final int YIELDS = 50;
    /** How long an idle worker spins before it yields, when the pool fits the machine's processors. */
    static final long SPIN_NANOS = 500_000;
    /** How long an idle worker spins before it yields, in a pool with more threads than processors. */
    static final long SHARED_SPIN_NANOS = 50_000;

    private final Thread[] workers;
    private final int threads;
    /**
     * The dispatch's blocks not yet finished at {@link #REMAINING}, and thread {@code t}'s range word
     * (generation | first unclaimed block | end) at {@link #range range(t)}, each 128 bytes from the
     * others (and from the array's header): a claim does not invalidate a line another thread polls.
     */
    private final AtomicLongArray hot;
    private static final int REMAINING = 16;
    /** Dispatches split between threads so far (written by the calling thread only). */
    private long dispatches;
    /** Times a worker parked so far (each worker adds its own; read for the benchmarks). */
    private final long[] parkCounts;
    private final boolean[] parkedFlags;
    private volatile boolean closed;
    private volatile Throwable failure;
    // the dispatch, published by the volatile write of claim
    private RangeTask task;
    private int n, block;
    private int generation;

    // a range word: generation (24 bits) | first unclaimed block (20) | end of the range (20). The
    // end is in the word (not a field) so that an exhausted word of an old dispatch can never look
    // claimable against a newer dispatch's count.
    private static final int INDEX_BITS = 20;
    private static final long INDEX_MASK = (1L << INDEX_BITS) - 1;
    private static final long FRONT = 1L << INDEX_BITS;
    private static final int GEN_MASK = (1 << 24) - 1;
    /** The most blocks one dispatch splits into (larger blocks beyond). */
    static final int MAX_BLOCKS = (int) INDEX_MASK;

    private static long word(int gen, int next, int end) {
        return ((long) gen << (2 * INDEX_BITS)) | ((long) next << INDEX_BITS) | end;
    }

    private static int gen(long word) {
        return (int) (word >>> (2 * INDEX_BITS));
    }

    private static int next(long word) {
        return (int) ((word >>> INDEX_BITS) & INDEX_MASK);
    }

    private static int end(long word) {
        return (int) (word & INDEX_MASK);
    }

    /** The index of thread {@code t}'s range word in {@link #hot} (thread 0 is the caller). */
    private static int range(int t) {
        return 32 + 16 * t;
    }

    private final boolean worldOwned;

    private final int grain;
    private final long spinNanos;

    /** A pool of {@code threads - 1} worker threads plus the caller; its owner closes it. */
    public WorkerPool(int threads) {
        this(threads, false, 0);
    }

    /**
     * A pool whose stages split into blocks of at least {@code grain} items whatever they suggest
     * (1: as many blocks as possible; what the thread-count invariance tests use to interleave
     * small scenes). Its owner closes it.
     */
    public WorkerPool(int threads, int grain) {
        this(threads, false, grain);
        if (grain < 1) {
            throw new IllegalArgumentException("grain is " + grain + "; allowed: 1 or more");
        }
    }

    WorkerPool(int threads, boolean worldOwned, int grain) {
        this.worldOwned = worldOwned;
        this.grain = grain;
        if (threads < 1) {
            throw new IllegalArgumentException("threads is " + threads + "; allowed: 1 or more");
        }
        this.threads = threads;
        this.spinNanos = threads <= Runtime.getRuntime().availableProcessors() ? SPIN_NANOS : SHARED_SPIN_NANOS;
        this.hot = new AtomicLongArray(range(threads) + 16);
        this.workers = new Thread[threads - 1];
        this.parkedFlags = new boolean[threads - 1];
        this.parkCounts = new long[threads - 1];
        for (int w = 0; w < workers.length; w++) {
            final int id = w;
            Thread t = new Thread(() -> loop(id), "rubble-step-" + (w + 1));
            t.setDaemon(true);
            workers[w] = t;
        }
        for (Thread t : workers) {
            t.start();
        }
    }

    @Override
    public int grain(int suggested) {
        return grain > 0 ? grain : suggested;
    }

    /** Whether a world made this pool (and closes it when the world becomes unreachable). */
    public boolean worldOwned() {
        return worldOwned;
    }

    @Override
    public int threads() {
        return threads;
    }

    @Override
    public void run(int n, int block, RangeTask task) {
        if (n <= 0) {
            return;
        }
        if (block < 1) {
            throw new IllegalArgumentException("block is " + block + "; allowed: 1 or more");
        }
        if ((n + (long) block - 1) / block > MAX_BLOCKS) {
            block = (int) ((n + (long) MAX_BLOCKS - 1) / MAX_BLOCKS);
        }
        int blocks = (int) ((n + (long) block - 1) / block);
        if (blocks == 1 || closed) {
            task.run(0, n);
            return;
        }
        this.task = task;
        this.n = n;
        this.block = block;
        failure = null;
        dispatches++;
        hot.set(REMAINING, blocks);
        int g = (generation + 1) & GEN_MASK;
        if (g == 0) {
            g = 1; // 0 is the word before the first dispatch
        }
        generation = g;
        // publishes the fields above; the workers' ranges first, so they can start while the caller writes its own
        for (int t = threads - 1; t >= 0; t--) {
            hot.set(range(t), word(g, (int) ((long) blocks * t / threads), (int) ((long) blocks * (t + 1) / threads)));
        }
        for (int w = 0; w < workers.length; w++) {
            if (parked(w)) {
                LockSupport.unpark(workers[w]);
            }
        }
        work(g, 0);
        int spins = 0;
        long left;
        while ((left = hot.get(REMAINING)) > 0) {
            if (++spins < SPINS) {
                Thread.onSpinWait();
            } else {
                Thread.yield();
            }
        }
        if (left < 0) {
            // a block ran twice: a broken claim, never a hang (WorkerPoolTest proves it does not happen)
            throw new IllegalStateException("worker pool: " + (-left) + " block(s) of " + blocks + " ran twice");
        }
        this.task = null;
        Throwable f = failure;
        if (f != null) {
            failure = null;
            if (f instanceof RuntimeException r) {
                throw r;
            }
            if (f instanceof Error e) {
                throw e;
            }
            throw new IllegalStateException(f);
        }
    }

    /**
     * Claims and runs blocks of generation {@code g} until none is left, the front of thread
     * {@code self}'s own range first, then the backs of the others' ranges, then takes the blocks it
     * ran off the remaining count at once (the caller's wait ends when every thread has).
     */
    private void work(int g, int self) {
        int ran = 0;
        for (int k = 0; k < threads; k++) {
            int r = self + k < threads ? self + k : self + k - threads;
            boolean own = k == 0;
            while (true) {
                long c = hot.get(range(r));
                if (gen(c) != g || !claimable(c)) {
                    break;
                }
                if (claimRun(r, c, own)) {
                    ran++;
                }
            }
        }
        if (ran > 0) {
            hot.addAndGet(REMAINING, -ran);
        }
    }

    /** The caller's range word now (generation | first unclaimed block | end); for the interleaving tests. */
    long word() {
        return hot.get(range(0));
    }

    /**
     * Dispatches this pool split between threads so far (a dispatch of one block, or on a closed
     * pool, runs inline and is not counted). Read it on the thread that dispatches.
     */
    public long dispatches() {
        return dispatches;
    }

    /**
     * How long an idle worker spins before it yields, nanoseconds: {@value #SPIN_NANOS} when the pool has
     * no more threads than the machine has processors, else {@value #SHARED_SPIN_NANOS}.
     */
    public long spinNanos() {
        return spinNanos;
    }

    /** Times the workers parked so far (a worker parks after spinning and yielding without work). */
    public long parks() {
        long n = 0;
        for (int w = 0; w < parkCounts.length; w++) {
            n += (long) PARK_COUNT.getOpaque(parkCounts, w);
        }
        return n;
    }

    /** Whether range word {@code c} still has an unclaimed block (its own end, never a newer dispatch's). */
    static boolean claimable(long c) {
        return next(c) < end(c);
    }

    /**
     * One claim of the front block of the caller's range against the word {@code c} read earlier,
     * perhaps long ago (a descheduled worker): reads the dispatch's fields, then claims the block by
     * a compare-and-set from {@code c} and runs it only if that succeeded. Returns whether it ran a
     * block. The fields are read before the claim and used only if the claim succeeds: then the block
     * was still unclaimed, so that dispatch was not finished and the fields were still its own.
     */
    boolean claimAndRun(long c) {
        if (!claimRun(0, c, true)) {
            return false;
        }
        hot.addAndGet(REMAINING, -1);
        return true;
    }

    /**
     * {@link #claimAndRun} on range {@code r}, its front block when {@code front}, else its back one,
     * without taking the block off the remaining count (the caller does).
     */
    private boolean claimRun(int r, long c, boolean front) {
        if (!claimable(c)) {
            return false;
        }
        RangeTask t = task;
        int nn = n, bs = block;
        if (!hot.compareAndSet(range(r), c, front ? c + FRONT : c - 1)) {
            return false;
        }
        int begin = (front ? next(c) : end(c) - 1) * bs;
        try {
            t.run(begin, Math.min(nn, begin + bs));
        } catch (Throwable e) {
            failure = e;
        }
        return true;
    }

    private void loop(int id) {
        int seen = 0;
        int spins = 0, yields = 0;
        boolean spinning = true;
        long idleSince = 0;
        final long spinFor = spinNanos;
        final int self = id + 1;
        final int own = range(self);
        while (!closed) {
            int g = gen(hot.get(own));
            if (g != seen) {
                seen = g;
                work(g, self);
                spins = 0;
                yields = 0;
                spinning = true;
                continue;
            }
            if (spinning) {
                if (spins == 0) {
                    idleSince = System.nanoTime();
                }
                // the clock is read every 64 rounds (a round is one pause, 10-50 ns)
                if ((++spins & 63) != 0 || System.nanoTime() - idleSince < spinFor) {
                    Thread.onSpinWait();
                    continue;
                }
                spinning = false;
            }
            if (yields < YIELDS) {
                yields++;
                Thread.yield();
                continue;
            }
            setParked(id, true);
            if (gen(hot.get(own)) == seen && !closed) {
                PARK_COUNT.setOpaque(parkCounts, id, (long) PARK_COUNT.getOpaque(parkCounts, id) + 1);
                LockSupport.park(this);
            }
            setParked(id, false);
            yields = 0; // after a wake-up without work: yield, then park again
        }
    }

    private static final java.lang.invoke.VarHandle PARKED =
            java.lang.invoke.MethodHandles.arrayElementVarHandle(boolean[].class);

    private static final java.lang.invoke.VarHandle PARK_COUNT =
            java.lang.invoke.MethodHandles.arrayElementVarHandle(long[].class);

    private boolean parked(int w) {
        return (boolean) PARKED.getVolatile(parkedFlags, w);
    }

    private void setParked(int w, boolean v) {
        PARKED.setVolatile(parkedFlags, w, v);
    }

    @Override
    public void close() {
        closed = true;
        for (Thread t : workers) {
            LockSupport.unpark(t);
        }
        for (Thread t : workers) {
            try {
                t.join(1_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
