package dev.rubble.core.parallel;

import dev.rubble.spi.parallel.BlockRunner;
import java.util.Objects;

/**
 * A {@link StepExecutor} as the plugins' {@link BlockRunner} (issue 26): what {@code WorldModule}
 * hands the broadphase. A call forwards the plugin's task through one reused {@link RangeTask}, so
 * it allocates nothing; the task is written before the dispatch that publishes it to the workers.
 */
public final class ExecutorBlockRunner implements BlockRunner {
    private final StepExecutor executor;
    private BlockRunner.Range current;
    private final RangeTask forward = (begin, end) -> current.run(begin, end);

    /** A runner over {@code executor}'s threads. */
    public ExecutorBlockRunner(StepExecutor executor) {
        this.executor = Objects.requireNonNull(executor, "executor is null");
    }

    @Override
    public int threads() {
        return executor.threads();
    }

    @Override
    public int grain(int suggested) {
        return executor.grain(suggested);
    }

    @Override
    public void run(int n, int block, BlockRunner.Range task) {
        if (n <= 0) {
            return;
        }
        if (current != null) {
            throw new IllegalStateException("BlockRunner.run called from inside a block of another run");
        }
        current = task;
        try {
            executor.run(n, block, forward);
        } finally {
            current = null;
        }
    }
}
