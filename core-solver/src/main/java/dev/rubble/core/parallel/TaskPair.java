package dev.rubble.core.parallel;

/**
 * Two independent stages in one dispatch (issue 26): each cut into the blocks
 * {@link StepExecutor#splitBlock} gives it on its own, the first stage's blocks then the second's as
 * the units of one {@link StepExecutor#run}. A short stage that follows a serial stretch finds the
 * workers parked, and a dispatch of its own pays their wake-up (20-40 µs on the 2-core machine,
 * docs/benchmarks.md, "2026-12-04"); sharing the dispatch of a stage that runs next to it anyway
 * pays it once. The stages must not depend on each other: which runs first, and on which thread,
 * is not fixed. With one thread, or when neither stage is more than one block (each below twice its
 * smallest block: running two such stages side by side saves less than the hand-off costs, and the
 * 20-row pyramid stepped slower at 2 threads than at 1; docs/benchmarks.md, twelfth session), both
 * run on the calling thread, the first stage first. One instance per call site (a field), reused
 * every step: no allocation.
 */
public final class TaskPair implements RangeTask {
    private RangeTask first, second;
    private int lo1, hi1, block1, units1, lo2, hi2, block2;

    /**
     * Runs {@code first} over {@code [lo1, hi1)} (smallest block {@code minBlock1}, about
     * {@code perThread1} blocks per thread) and {@code second} over {@code [lo2, hi2)} likewise, in
     * one dispatch on {@code ex}; returns when both are done. An empty range is skipped.
     */
    public void run(StepExecutor ex, int lo1, int hi1, int minBlock1, int perThread1, RangeTask first,
                    int lo2, int hi2, int minBlock2, int perThread2, RangeTask second) {
        int n1 = Math.max(0, hi1 - lo1), n2 = Math.max(0, hi2 - lo2);
        int b1 = n1 == 0 ? 1 : ex.splitBlock(n1, minBlock1, perThread1);
        int b2 = n2 == 0 ? 1 : ex.splitBlock(n2, minBlock2, perThread2);
        int u1 = (int) ((n1 + (long) b1 - 1) / b1), u2 = (int) ((n2 + (long) b2 - 1) / b2);
        if (ex.threads() == 1 || (u1 <= 1 && u2 <= 1)) {
            if (n1 > 0) {
                first.run(lo1, hi1);
            }
            if (n2 > 0) {
                second.run(lo2, hi2);
            }
            return;
        }
        this.first = first;
        this.second = second;
        this.lo1 = lo1;
        this.hi1 = hi1;
        this.block1 = b1;
        this.units1 = u1;
        this.lo2 = lo2;
        this.hi2 = hi2;
        this.block2 = b2;
        try {
            ex.run(u1 + u2, 1, this);
        } finally {
            this.first = null;
            this.second = null;
        }
    }

    /** Units {@code [lo, hi)}: the first stage's blocks, then the second's. */
    @Override
    public void run(int lo, int hi) {
        for (int u = lo; u < hi; u++) {
            if (u < units1) {
                int a = lo1 + u * block1;
                first.run(a, Math.min(hi1, a + block1));
            } else {
                int a = lo2 + (u - units1) * block2;
                second.run(a, Math.min(hi2, a + block2));
            }
        }
    }
}
