package dev.rubble.core.parallel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.spi.parallel.BlockRunner;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Issue 26: the plugins' view of the step executor runs every item once, on the pool's threads, and stays usable after a failure. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
final class ExecutorBlockRunnerTest {

    @Test
    void everyItemRunsExactlyOnceOnEveryThreadCount() {
        for (int threads : new int[] {1, 2, 3, 8}) {
            try (WorkerPool pool = new WorkerPool(threads, 1)) {
                BlockRunner r = new ExecutorBlockRunner(pool);
                assertThat(r.threads()).isEqualTo(threads);
                assertThat(r.grain(512)).isEqualTo(1);
                for (int n : new int[] {0, 1, 2, 7, 1000}) {
                    AtomicIntegerArray seen = new AtomicIntegerArray(Math.max(1, n));
                    r.run(n, 3, (begin, end) -> {
                        for (int i = begin; i < end; i++) {
                            seen.incrementAndGet(i);
                        }
                    });
                    for (int i = 0; i < n; i++) {
                        assertThat(seen.get(i)).as("%d threads, n %d, item %d", threads, n, i).isEqualTo(1);
                    }
                    if (n == 0) {
                        assertThat(seen.get(0)).isZero();
                    }
                }
            }
        }
    }

    @Test
    void aFailingBlockReachesTheCallerAndTheRunnerStaysUsable() {
        try (WorkerPool pool = new WorkerPool(3, 1)) {
            BlockRunner r = new ExecutorBlockRunner(pool);
            assertThatThrownBy(() -> r.run(10, 1, (begin, end) -> {
                if (begin == 4) {
                    throw new IllegalStateException("block 4");
                }
            })).isInstanceOf(IllegalStateException.class).hasMessage("block 4");
            int[] sum = new int[1];
            r.run(5, 5, (begin, end) -> sum[0] += end - begin);
            assertThat(sum[0]).isEqualTo(5);
            // a block may not start another run: the one forwarding task is in use
            assertThatThrownBy(() -> r.run(1, 1, (begin, end) -> r.run(1, 1, (b, e) -> { })))
                    .isInstanceOf(IllegalStateException.class).hasMessageContaining("inside a block");
        }
    }

    @Test
    void theInlineRunnerIsOneThreadAndOneBlock() {
        BlockRunner r = BlockRunner.inline();
        assertThat(r.threads()).isEqualTo(1);
        int[] calls = new int[3];
        r.run(9, 2, (begin, end) -> {
            calls[0]++;
            calls[1] = begin;
            calls[2] = end;
        });
        assertThat(calls).containsExactly(1, 0, 9);
        r.run(0, 2, (begin, end) -> calls[0]++);
        assertThat(calls[0]).isEqualTo(1);
    }
}
