package dev.rubble.core.parallel;

/**
 * Runs the parallel stages of a step (docs/parallel.md). {@link #run} splits {@code [0, n)} into
 * blocks of {@code block} items that workers claim; it returns when every item ran exactly once.
 *
 * <p>The contract that keeps results independent of the thread count: the items of one call write
 * disjoint memory (a constraint colour's manifolds touch disjoint bodies, a body block its own
 * bodies) and read nothing another item of the same call writes, so which worker ran which block,
 * and in which order, cannot change a bit. Everything whose result depends on order (colouring,
 * overflow constraints, reductions) runs on the calling thread.
 *
 * <p>Bound in {@code WorldModule}; an embedding application may bind its own (Guice override).
 */
public interface StepExecutor extends AutoCloseable {

    /** Threads that run blocks, the calling thread included (at least 1). */
    int threads();

    /**
     * Runs {@code task} over {@code [0, n)} in blocks of at most {@code block} items and waits for
     * all of them. One block (or one thread) runs inline on the caller. A task's exception is
     * rethrown here after the other blocks finished.
     */
    void run(int n, int block, RangeTask task);

    /**
     * The smallest block worth dispatching for a stage that suggests {@code suggested} items (the
     * stage runs inline below twice that). Default: the suggestion; a test executor returns 1 to
     * split even small scenes into many blocks.
     */
    default int grain(int suggested) {
        return suggested;
    }

    /** A block size giving each thread about {@code perThread} blocks, never below {@code min} items. */
    default int blockFor(int n, int min, int perThread) {
        int blocks = Math.max(1, threads() * perThread);
        return Math.max(min, (n + blocks - 1) / blocks);
    }

    /**
     * The block size a stage of {@code n} items with smallest block {@code minBlock} runs in: {@code n}
     * (one block, on the calling thread) with one thread or fewer than twice {@link #grain
     * grain(minBlock)} items, else {@link #blockFor blockFor(n, grain, perThread)}. The one rule every
     * split stage uses, so a stage that orders its items by block (the contact solver's colours) cuts
     * them where {@link #runSplit} does.
     */
    default int splitBlock(int n, int minBlock, int perThread) {
        int grain = grain(minBlock);
        if (threads() == 1 || n < 2 * grain) {
            return Math.max(1, n);
        }
        return blockFor(n, grain, perThread);
    }

    /**
     * Runs {@code task} over {@code [0, n)} in blocks of {@link #splitBlock splitBlock(n, minBlock,
     * perThread)}: inline when that is one block, else through {@link #run}.
     */
    default void runSplit(int n, int minBlock, int perThread, RangeTask task) {
        if (n <= 0) {
            return;
        }
        int block = splitBlock(n, minBlock, perThread);
        if (block >= n) {
            task.run(0, n);
        } else {
            run(n, block, task);
        }
    }

    /** Stops the worker threads (idempotent); the executor runs everything inline afterwards. */
    @Override
    void close();

    /**
     * The executor a world makes for {@code threads} threads: inline for 1, else a {@link WorkerPool}
     * that the world closes when it becomes unreachable ({@link WorkerPool#worldOwned()}).
     */
    static StepExecutor of(int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads is " + threads + "; allowed: 1 or more");
        }
        return threads == 1 ? Inline.INSTANCE : new WorkerPool(threads, true, 0);
    }

    /** Everything on the calling thread. */
    final class Inline implements StepExecutor {
        public static final Inline INSTANCE = new Inline();

        private Inline() {
        }

        @Override
        public int threads() {
            return 1;
        }

        @Override
        public void run(int n, int block, RangeTask task) {
            if (n > 0) {
                task.run(0, n);
            }
        }

        @Override
        public void close() {
        }
    }
}
