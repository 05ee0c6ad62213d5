package dev.rubble.core.step;

import dev.rubble.core.world.World;
import java.lang.management.ManagementFactory;

/** Test helper: what a warmed-up world's steps allocate on the stepping thread. */
public final class StepAllocation {
    private StepAllocation() {
    }

    /**
     * Bytes the calling thread allocates over 100 steps of {@code w}, the quietest of five rounds: a step that
     * allocates does so in every round, while the JIT's one-off deoptimisations on a loaded machine (interpreted
     * frames allocate what compiled code scalar-replaces) land in one round or another. Warm the world up first.
     */
    public static long quietest(World w) {
        return quietest(w::step, 5, 100);
    }

    /**
     * Bytes the calling thread allocates over {@code steps} calls of {@code step}, the quietest of {@code rounds}
     * rounds (as {@link #quietest(World)}; for a world stepped through the public API, or a scene too large for 500
     * steps).
     */
    public static long quietest(Runnable step, int rounds, int steps) {
        var mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long tid = Thread.currentThread().getId();
        long quietest = Long.MAX_VALUE;
        for (int round = 0; round < rounds; round++) {
            long before = mx.getThreadAllocatedBytes(tid);
            for (int i = 0; i < steps; i++) {
                step.run();
            }
            quietest = Math.min(quietest, mx.getThreadAllocatedBytes(tid) - before);
        }
        return quietest;
    }
}
