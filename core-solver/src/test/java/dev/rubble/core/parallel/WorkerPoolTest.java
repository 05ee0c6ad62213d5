package dev.rubble.core.parallel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The worker pool's claiming and waiting (issue 26). Every test that starts threads has a
 * {@link Timeout}: a broken barrier fails the build instead of hanging it.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
final class WorkerPoolTest {

    /**
     * Every item of every dispatch runs exactly once, for dispatches of changing sizes and block
     * counts, with pauses between some of them (so workers park and are woken) — the case that
     * found a block run twice in the first version (an old dispatch's exhausted claim word read
     * against the next dispatch's block count).
     */
    @Test
    void everyItemRunsExactlyOnceAcrossManyDispatches() throws InterruptedException {
        for (int threads : new int[] {2, 3, 8}) {
            try (WorkerPool pool = new WorkerPool(threads, 1)) {
                AtomicIntegerArray runs = new AtomicIntegerArray(512);
                for (int it = 0; it < 3_000; it++) {
                    int n = 1 + (it * 7919) % 500;
                    for (int i = 0; i < n; i++) {
                        runs.set(i, 0);
                    }
                    pool.run(n, 1 + it % 7, (lo, hi) -> {
                        for (int i = lo; i < hi; i++) {
                            runs.incrementAndGet(i);
                        }
                    });
                    for (int i = 0; i < n; i++) {
                        assertThat(runs.get(i)).as("%d threads, dispatch %d, item %d", threads, it, i).isEqualTo(1);
                    }
                    if (it % 97 == 0) {
                        Thread.sleep(2); // long enough for the workers to park
                    }
                }
            }
        }
    }

    /**
     * The split rule the stages share ({@link StepExecutor#splitBlock}, {@link StepExecutor#runSplit}):
     * one thread, or fewer than twice the smallest block, runs inline as one block on the calling
     * thread (no dispatch counted); otherwise the blocks are {@code blockFor}'s, never below the
     * smallest block, and every item runs exactly once; nothing runs for {@code n <= 0}.
     */
    @Test
    void runSplitRunsInlineBelowTwoBlocksAndElseInBlockForsBlocks() {
        assertThat(StepExecutor.Inline.INSTANCE.splitBlock(10_000, 16, 16)).isEqualTo(10_000);
        assertThat(StepExecutor.Inline.INSTANCE.splitBlock(0, 16, 16)).isEqualTo(1);
        try (WorkerPool pool = new WorkerPool(2)) {
            assertThat(pool.splitBlock(31, 16, 16)).isEqualTo(31); // under 2 x 16: inline
            assertThat(pool.splitBlock(32, 16, 16)).isEqualTo(16); // 32 blocks wanted, 16 items at least
            assertThat(pool.splitBlock(3_200, 16, 16)).isEqualTo(100); // 2 threads x 16 blocks
            long before = pool.dispatches();
            AtomicIntegerArray runs = new AtomicIntegerArray(4_000);
            Thread caller = Thread.currentThread();
            boolean[] offCaller = new boolean[1];
            pool.runSplit(31, 16, 16, (lo, hi) -> {
                assertThat(lo).isZero();
                assertThat(hi).isEqualTo(31);
                offCaller[0] |= Thread.currentThread() != caller;
            });
            pool.runSplit(0, 16, 16, (lo, hi) -> offCaller[0] = true);
            assertThat(offCaller[0]).as("inline runs stay on the caller; n = 0 runs nothing").isFalse();
            assertThat(pool.dispatches()).isEqualTo(before);
            pool.runSplit(4_000, 16, 16, (lo, hi) -> {
                assertThat(hi - lo).isLessThanOrEqualTo(pool.splitBlock(4_000, 16, 16));
                for (int i = lo; i < hi; i++) {
                    runs.incrementAndGet(i);
                }
            });
            assertThat(pool.dispatches()).isEqualTo(before + 1);
            for (int i = 0; i < 4_000; i++) {
                assertThat(runs.get(i)).as("item %d", i).isEqualTo(1);
            }
        }
    }

    /**
     * {@link TaskPair}: two stages in one dispatch, each in the blocks {@code splitBlock} gives it
     * alone (offset ranges included), every item of both exactly once, one dispatch counted; with one
     * thread, or no stage of more than one block, both inline on the caller, the first stage first, no
     * dispatch; an empty range runs nothing.
     */
    @Test
    void aTaskPairRunsBothStagesInOneDispatchEachInItsOwnBlocks() {
        TaskPair pair = new TaskPair();
        java.util.List<String> order = new java.util.ArrayList<>();
        pair.run(StepExecutor.Inline.INSTANCE, 3, 500, 64, 16, (lo, hi) -> order.add("a" + lo + "-" + hi),
                0, 9_000, 8, 16, (lo, hi) -> order.add("b" + lo + "-" + hi));
        assertThat(order).containsExactly("a3-500", "b0-9000");
        try (WorkerPool pool = new WorkerPool(2)) {
            long before = pool.dispatches();
            order.clear();
            pair.run(pool, 1, 40, 64, 16, (lo, hi) -> order.add("a" + lo + "-" + hi), 0, 0, 8, 16,
                    (lo, hi) -> order.add("b"));
            assertThat(order).as("one block in all: inline; the empty range runs nothing").containsExactly("a1-40");
            assertThat(pool.dispatches()).isEqualTo(before);
            order.clear();
            pair.run(pool, 1, 40, 64, 16, (lo, hi) -> order.add("a" + lo + "-" + hi), 0, 127, 64, 16,
                    (lo, hi) -> order.add("b" + lo + "-" + hi));
            assertThat(order).as("one block each (below twice the smallest block): inline, first stage first")
                    .containsExactly("a1-40", "b0-127");
            assertThat(pool.dispatches()).isEqualTo(before);
            AtomicIntegerArray first = new AtomicIntegerArray(4_001), second = new AtomicIntegerArray(700);
            int b1 = pool.splitBlock(4_000, 64, 16), b2 = pool.splitBlock(690, 8, 4);
            pair.run(pool, 1, 4_001, 64, 16, (lo, hi) -> {
                assertThat(hi - lo).isLessThanOrEqualTo(b1);
                assertThat((lo - 1) % b1).as("a block of the first stage starts on its own grid").isZero();
                for (int i = lo; i < hi; i++) {
                    first.incrementAndGet(i);
                }
            }, 10, 700, 8, 4, (lo, hi) -> {
                assertThat(hi - lo).isLessThanOrEqualTo(b2);
                assertThat((lo - 10) % b2).isZero();
                for (int i = lo; i < hi; i++) {
                    second.incrementAndGet(i);
                }
            });
            assertThat(pool.dispatches()).isEqualTo(before + 1);
            for (int i = 0; i < 4_001; i++) {
                assertThat(first.get(i)).as("first stage item %d", i).isEqualTo(i >= 1 ? 1 : 0);
            }
            for (int i = 0; i < 700; i++) {
                assertThat(second.get(i)).as("second stage item %d", i).isEqualTo(i >= 10 ? 1 : 0);
            }
        }
    }

    /**
     * The counters the dispatch benchmark reads: a dispatch split between threads counts one, one
     * that runs inline (one block, nothing to do) none; a worker left without work past its spins
     * and yields parks, and the next dispatch wakes it and still runs every item once. And a block
     * held on a worker keeps the caller waiting (each thread takes its blocks off the remaining count
     * only when it finds nothing more to claim).
     */
    /**
     * An idle worker spins long (the serial stretches between a step's stages) only when every
     * thread of the pool can have a core; with more threads than processors it spins briefly, so it
     * does not keep a descheduled block holder off a core.
     */
    @Test
    void anIdleWorkerSpinsLongOnlyWhenThePoolFitsTheProcessors() {
        int cores = Runtime.getRuntime().availableProcessors();
        try (WorkerPool fits = new WorkerPool(Math.max(2, Math.min(cores, 8)));
             WorkerPool over = new WorkerPool(cores + 1)) {
            assertThat(over.spinNanos()).isEqualTo(WorkerPool.SHARED_SPIN_NANOS);
            if (cores >= 2) {
                assertThat(fits.spinNanos()).isEqualTo(WorkerPool.SPIN_NANOS);
            }
            assertThat(WorkerPool.SHARED_SPIN_NANOS).isLessThan(WorkerPool.SPIN_NANOS);
        }
    }

    @Test
    void theCountersCountDispatchesAndParksAndTheCallerWaitsForAHeldBlock() throws InterruptedException {
        try (WorkerPool pool = new WorkerPool(2, 1)) {
            assertThat(pool.dispatches()).isZero();
            int[] out = new int[8];
            pool.run(8, 1, (lo, hi) -> out[lo]++);
            pool.run(8, 8, (lo, hi) -> out[lo]++); // one block: inline
            pool.run(0, 1, (lo, hi) -> out[0] = 99); // nothing to do
            assertThat(pool.dispatches()).isEqualTo(1);
            assertThat(out).containsExactly(2, 1, 1, 1, 1, 1, 1, 1);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (pool.parks() == 0 && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertThat(pool.parks()).as("the idle worker parked").isPositive();
            AtomicIntegerArray runs = new AtomicIntegerArray(2);
            long callerId = Thread.currentThread().getId();
            AtomicLong heldOn = new AtomicLong(-1);
            pool.run(2, 1, (lo, hi) -> {
                runs.incrementAndGet(lo);
                if (Thread.currentThread().getId() != callerId && heldOn.compareAndSet(-1, lo)) {
                    try {
                        Thread.sleep(50); // the caller has run the other block meanwhile and must wait
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    runs.addAndGet(lo, 10);
                }
            });
            assertThat(pool.dispatches()).isEqualTo(2);
            int held = (int) heldOn.get();
            for (int i = 0; i < 2; i++) {
                assertThat(runs.get(i)).as("item %d", i).isEqualTo(i == held ? 11 : 1);
            }
        }
    }

    /**
     * Each thread has a range of the blocks (the caller the first, docs/benchmarks.md "Issue 26,
     * 2026-12-03 fifth session"): it runs its own range from the front, then steals the others' from
     * their backs. Whatever the timing, the caller's blocks are a prefix of its range followed by
     * blocks of the worker's range in descending order, the worker's the reverse, and every block
     * runs once; a worker held in its first block leaves the rest of its range to the caller.
     */
    @Test
    void eachThreadRunsItsOwnRangeFromTheFrontAndStealsFromTheBack() throws InterruptedException {
        try (WorkerPool pool = new WorkerPool(2, 1)) {
            long callerId = Thread.currentThread().getId();
            for (int it = 0; it < 2_000; it++) {
                int n = 2 + it % 15, mid = n / 2; // caller's range [0, mid), the worker's [mid, n)
                int[] order = new int[2 * n];
                int[] count = new int[2];
                AtomicIntegerArray runs = new AtomicIntegerArray(n);
                boolean hold = it % 100 == 0;
                AtomicIntegerArray total = new AtomicIntegerArray(1);
                pool.run(n, 1, (lo, hi) -> {
                    int t = Thread.currentThread().getId() == callerId ? 0 : 1;
                    synchronized (order) {
                        order[t * n + count[t]++] = lo;
                    }
                    runs.incrementAndGet(lo);
                    total.incrementAndGet(0);
                    if (hold && t == 1 && lo == mid) {
                        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
                        while (total.get(0) < n && System.nanoTime() < deadline) {
                            Thread.onSpinWait(); // held until the caller has run every other block
                        }
                    }
                });
                for (int i = 0; i < n; i++) {
                    assertThat(runs.get(i)).as("dispatch %d item %d", it, i).isEqualTo(1);
                }
                assertRangeOrder(order, 0, count[0], 0, mid, it);
                assertRangeOrder(order, n, count[1], mid, n, it);
                if (hold && count[1] > 0 && order[n] == mid) {
                    assertThat(count[0]).as("dispatch %d: the caller ran all but the held block", it).isEqualTo(n - 1);
                }
            }
        }
    }

    /**
     * One thread's blocks {@code order[at .. at + k)}: a run from {@code from} upwards inside its own
     * range {@code [from, to)}, then blocks of the other range, descending.
     */
    private static void assertRangeOrder(int[] order, int at, int k, int from, int to, int it) {
        int j = 0;
        while (j < k && order[at + j] == from + j && from + j < to) {
            j++;
        }
        for (int r = j; r < k; r++) {
            int b = order[at + r];
            assertThat(b < from || b >= to).as("dispatch %d: block %d after its own range's front", it, b).isTrue();
            if (r > j) {
                assertThat(b).as("dispatch %d: steals go from the back", it).isLessThan(order[at + r - 1]);
            }
        }
    }

    @Test
    void aTasksExceptionReachesTheCallerAfterTheOtherBlocks() {
        try (WorkerPool pool = new WorkerPool(3, 1)) {
            AtomicIntegerArray runs = new AtomicIntegerArray(100);
            assertThatThrownBy(() -> pool.run(100, 5, (lo, hi) -> {
                for (int i = lo; i < hi; i++) {
                    runs.incrementAndGet(i);
                }
                if (lo == 50) {
                    throw new IllegalStateException("block 50");
                }
            })).isInstanceOf(IllegalStateException.class).hasMessage("block 50");
            for (int i = 0; i < 100; i++) {
                assertThat(runs.get(i)).isEqualTo(1);
            }
            // the pool still works afterwards
            int[] out = new int[10];
            pool.run(10, 1, (lo, hi) -> out[lo] = lo + 1);
            assertThat(out).containsExactly(1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
        }
    }

    @Test
    void aClosedPoolRunsInlineAndBadArgumentsAreNamed() {
        WorkerPool pool = new WorkerPool(2);
        pool.close();
        int[] out = new int[4];
        pool.run(4, 1, (lo, hi) -> {
            for (int i = lo; i < hi; i++) {
                out[i] = i + 1;
            }
        });
        assertThat(out).containsExactly(1, 2, 3, 4);
        assertThatThrownBy(() -> new WorkerPool(0)).hasMessage("threads is 0; allowed: 1 or more");
        assertThatThrownBy(() -> StepExecutor.of(-1)).hasMessage("threads is -1; allowed: 1 or more");
        assertThat(StepExecutor.of(1)).isSameAs(StepExecutor.Inline.INSTANCE);
    }

    /**
     * The interleaving that broke the first version, forced: a worker reads the claim word, is
     * descheduled, and resumes after its dispatch finished and the next (larger) one started. Its
     * old word, whether exhausted or not, must claim nothing of the new dispatch, and every item of
     * the new dispatch still runs exactly once.
     */
    @Test
    void aStaleClaimWordNeverRunsABlockOfTheNextDispatch() throws Exception {
        try (WorkerPool pool = new WorkerPool(2, 1)) {
            AtomicLong midWord = new AtomicLong();
            AtomicIntegerArray first = new AtomicIntegerArray(4);
            pool.run(4, 1, (lo, hi) -> {
                if (lo == 0) {
                    midWord.set(pool.word()); // a word read while dispatch 1 was running
                }
                first.incrementAndGet(lo);
            });
            long exhausted = pool.word();
            assertThat(WorkerPool.claimable(exhausted)).as("dispatch 1's final word").isFalse();
            for (int i = 0; i < 4; i++) {
                assertThat(first.get(i)).isEqualTo(1);
            }
            assertThat(pool.claimAndRun(midWord.get())).as("stale word after its dispatch ended").isFalse();

            // dispatch 2, larger, held open: block 0 waits until the stale claims were tried
            CountDownLatch started = new CountDownLatch(1), release = new CountDownLatch(1);
            AtomicIntegerArray second = new AtomicIntegerArray(8);
            Thread caller = new Thread(() -> pool.run(8, 1, (lo, hi) -> {
                second.incrementAndGet(lo);
                if (lo == 0) {
                    started.countDown();
                    try {
                        release.await(60, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
            }));
            caller.start();
            assertThat(started.await(60, TimeUnit.SECONDS)).isTrue();
            long live = pool.word();
            assertThat(live).isNotEqualTo(exhausted).isNotEqualTo(midWord.get());
            // the old bug: "next 4 of 4" read against the new count 8 looked claimable
            assertThat(WorkerPool.claimable(exhausted)).isFalse();
            assertThat(pool.claimAndRun(exhausted)).isFalse();
            assertThat(pool.claimAndRun(midWord.get())).isFalse();
            release.countDown();
            caller.join(60_000);
            assertThat(caller.isAlive()).isFalse();
            for (int i = 0; i < 8; i++) {
                assertThat(second.get(i)).as("dispatch 2 item %d", i).isEqualTo(1);
            }
            for (int i = 0; i < 4; i++) {
                assertThat(first.get(i)).as("dispatch 1 item %d", i).isEqualTo(1);
            }
        }
    }

    /**
     * Many threads on few cores, tasks that yield, sleep or spin at random inside their blocks (so
     * block holders are descheduled mid-dispatch and workers park and wake at every point of the
     * protocol), 20 000 dispatches: every item runs exactly once and the pool never hangs.
     */
    @Test
    void underRandomDelaysEveryItemRunsOnceAndThePoolNeverHangs() {
        SplittableRandom random = new SplittableRandom(26);
        for (int threads : new int[] {2, 4, 8}) {
            try (WorkerPool pool = new WorkerPool(threads, 1)) {
                AtomicIntegerArray runs = new AtomicIntegerArray(300);
                for (int it = 0; it < 20_000 / threads; it++) {
                    int n = 1 + random.nextInt(300);
                    int block = 1 + random.nextInt(9);
                    int delayEvery = 1 + random.nextInt(40);
                    for (int i = 0; i < n; i++) {
                        runs.set(i, 0);
                    }
                    pool.run(n, block, (lo, hi) -> {
                        for (int i = lo; i < hi; i++) {
                            runs.incrementAndGet(i);
                        }
                        if (lo % delayEvery == 0) {
                            switch (lo % 3) {
                                case 0 -> Thread.yield();
                                case 1 -> java.util.concurrent.locks.LockSupport.parkNanos(20_000);
                                default -> {
                                    for (int k = 0; k < 200; k++) {
                                        Thread.onSpinWait();
                                    }
                                }
                            }
                        }
                    });
                    for (int i = 0; i < n; i++) {
                        if (runs.get(i) != 1) {
                            assertThat(runs.get(i)).as("%d threads, dispatch %d, item %d", threads, it, i).isEqualTo(1);
                        }
                    }
                    if (it % 500 == 0) {
                        java.util.concurrent.locks.LockSupport.parkNanos(3_000_000); // let the workers park
                    }
                }
            }
        }
    }
}
