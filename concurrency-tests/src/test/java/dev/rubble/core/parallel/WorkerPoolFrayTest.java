package dev.rubble.core.parallel;

import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.extension.ExtendWith;
import org.pastalab.fray.junit.junit5.FrayTestExtension;
import org.pastalab.fray.junit.junit5.annotations.ConcurrencyTest;

/**
 * The step executor's block claiming and barrier under Fray's controlled scheduler (issue 26 item 4,
 * docs/parallel.md "Executor"): each iteration runs the real {@link WorkerPool} under a different
 * interleaving of its threads (Fray chooses the thread at every atomic, volatile, park, unpark and
 * yield), and fails on an exception, a failed check or a deadlock (a worker that never wakes, a
 * caller that waits forever).
 *
 * <p>The schedule that broke the first pool (a worker holding the exhausted claim word of one
 * dispatch claiming a block against the next dispatch's larger count) is among those explored: with
 * {@link WorkerPool#claimable} checking a field holding the latest dispatch's count instead of the
 * count in the word (the first version's bug, planted for the check on 2026-12-02), Fray failed
 * {@link #threeThreadsGrowingAndShrinkingDispatches} in its 1st iteration ("1 block(s) of 4 ran
 * twice") and {@link #everyItemRunsOnceAcrossDispatches} in its 6th ("item 2 ran 2 times").
 */
@ExtendWith(FrayTestExtension.class)
class WorkerPoolFrayTest {

    /** Runs dispatches of {@code counts[d]} one-item blocks and checks each item ran once. */
    private static void dispatch(WorkerPool pool, int... counts) {
        for (int n : counts) {
            AtomicIntegerArray hits = new AtomicIntegerArray(n);
            pool.run(n, 1, (begin, end) -> {
                for (int i = begin; i < end; i++) {
                    hits.incrementAndGet(i);
                }
            });
            for (int i = 0; i < n; i++) {
                if (hits.get(i) != 1) {
                    throw new AssertionError("dispatch of " + n + ": item " + i + " ran " + hits.get(i) + " times");
                }
            }
        }
    }

    /** {@link #dispatch} on a fresh pool of {@code threads} threads, closed afterwards. */
    private static void dispatchOnPool(int threads, int... counts) {
        WorkerPool pool = new WorkerPool(threads);
        try {
            dispatch(pool, counts);
        } finally {
            pool.close();
        }
    }

    @ConcurrencyTest(iterations = 300)
    void everyItemRunsOnceAcrossDispatches() {
        dispatchOnPool(2, 2, 3, 4, 2);
    }

    @ConcurrencyTest(iterations = 150)
    void threeThreadsGrowingAndShrinkingDispatches() {
        dispatchOnPool(3, 3, 5, 2, 4);
    }

    @ConcurrencyTest(iterations = 150)
    void aFailingBlockIsRethrownAfterTheOthersAndThePoolGoesOn() {
        WorkerPool pool = new WorkerPool(2);
        try {
            AtomicIntegerArray hits = new AtomicIntegerArray(4);
            RuntimeException thrown = null;
            try {
                pool.run(4, 1, (begin, end) -> {
                    hits.incrementAndGet(begin);
                    if (begin == 2) {
                        throw new IllegalArgumentException("block 2");
                    }
                });
            } catch (IllegalArgumentException e) {
                thrown = e;
            }
            if (thrown == null || !"block 2".equals(thrown.getMessage())) {
                throw new AssertionError("the failing block's exception was not rethrown: " + thrown);
            }
            for (int i = 0; i < 4; i++) {
                if (hits.get(i) != 1) {
                    throw new AssertionError("item " + i + " ran " + hits.get(i) + " times before run returned");
                }
            }
            dispatch(pool, 3, 2);
        } finally {
            pool.close();
        }
    }

    @ConcurrencyTest(iterations = 150)
    void closeWakesParkedWorkersAndLaterRunsAreInline() {
        WorkerPool pool = new WorkerPool(3);
        dispatch(pool, 3);
        pool.close();
        // after close a dispatch is one inline call over the whole range, on the caller
        Thread caller = Thread.currentThread();
        int[] calls = new int[3];
        pool.run(3, 1, (begin, end) -> {
            if (Thread.currentThread() != caller) {
                throw new AssertionError("after close a block ran on " + Thread.currentThread().getName());
            }
            calls[0]++;
            calls[1] = begin;
            calls[2] = end;
        });
        if (calls[0] != 1 || calls[1] != 0 || calls[2] != 3) {
            throw new AssertionError("after close: " + calls[0] + " call(s), last [" + calls[1] + ", " + calls[2] + ")");
        }
    }
}
