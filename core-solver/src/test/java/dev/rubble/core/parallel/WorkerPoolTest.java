package dev.rubble.core.parallel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;

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
}
