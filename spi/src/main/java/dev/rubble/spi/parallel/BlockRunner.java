package dev.rubble.spi.parallel;

/**
 * The world's step executor as a plugin sees it (issue 26, docs/parallel.md): runs a task over
 * {@code [0, n)} in blocks that the step's threads claim, and returns when every item ran exactly
 * once. The calling thread is one of the threads.
 *
 * <p>What keeps a plugin's result independent of the thread count: the items of one call write
 * disjoint memory and read nothing another item of the same call writes; anything whose result
 * depends on order (merging per-block output, reductions) runs on the calling thread afterwards, in
 * block order. Which thread ran which block can then never change a bit.
 *
 * <p>A task is made once (a field of the plugin) and reused, so running it allocates nothing.
 * Tasks must not call {@link #run} themselves.
 */
public interface BlockRunner {

    /**
     * Threads that run blocks, the calling thread included.
     * @return at least 1
     */
    int threads();

    /**
     * Runs {@code task} over {@code [0, n)} in blocks of at most {@code block} items and waits for
     * all of them; one block (or one thread) runs inline on the caller. A task's exception is
     * rethrown here after the other blocks finished.
     * @param n the number of items, ≥ 0 (0: nothing runs)
     * @param block the most items a block holds, ≥ 1
     * @param task the work over one block {@code [begin, end)}
     */
    void run(int n, int block, Range task);

    /**
     * The smallest block worth dispatching for work that suggests {@code suggested} items per
     * block: the suggestion, except on a test executor that splits even small scenes into blocks
     * of one item.
     * @param suggested the plugin's own choice of block size, ≥ 1
     * @return the block size to use, ≥ 1
     */
    default int grain(int suggested) {
        return suggested;
    }

    /** Work over the items {@code [begin, end)} of one call. */
    @FunctionalInterface
    interface Range {
        /**
         * Runs the items {@code begin} (inclusive) to {@code end} (exclusive).
         * @param begin the first item of the block
         * @param end one past the last item of the block
         */
        void run(int begin, int end);
    }

    /**
     * Everything on the calling thread, one block: what a plugin uses until the world hands it its
     * executor.
     * @return the inline runner (one thread)
     */
    static BlockRunner inline() {
        return Inline.INSTANCE;
    }

    /** The one-thread runner of {@link #inline()}. */
    final class Inline implements BlockRunner {
        static final Inline INSTANCE = new Inline();

        private Inline() {
        }

        @Override
        public int threads() {
            return 1;
        }

        @Override
        public void run(int n, int block, Range task) {
            if (n > 0) {
                task.run(0, n);
            }
        }
    }
}
