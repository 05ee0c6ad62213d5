package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.core.plugin.Stages;
import dev.rubble.core.step.WorldSettings;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The JIT warm-up without a collection source on the class path (the kernel alone): rigid bodies
 * only, and bad budgets refused. The warm-up with its fractured wall is WarmUpTest's (module scenario).
 */
final class WarmUpCoreTest {
    @Test
    void withoutACollectionSourceTheRoundsHoldRigidBodiesOnly() {
        WarmUp.Report r = WarmUp.rounds(Stages.load(), WorldSettings.defaults(), 2);
        assertThat(r.rounds()).isEqualTo(2);
        assertThat(r.steps()).isEqualTo(2L * WarmUp.STEPS_PER_ROUND);
        assertThat(r.destruction()).isFalse();
        assertThat(r.breaks()).isZero();
    }

    @Test
    void roundsOnSeveralThreadsLeaveNoWorkerThreadBehind() {
        long before = workers();
        WarmUp.Report r = WarmUp.rounds(Stages.load(), WorldSettings.defaults().withThreads(3), 3);
        assertThat(r.steps()).isEqualTo(3L * WarmUp.STEPS_PER_ROUND);
        assertThat(workers()).as("live worker threads after three 3-thread rounds (others may have been cleaned)")
                .isLessThanOrEqualTo(before);
    }

    /** Live threads of the step's worker pools (WorkerPool names them rubble-step-N). */
    private static long workers() {
        return Thread.getAllStackTraces().keySet().stream().filter(t -> t.isAlive() && t.getName().startsWith("rubble-step-"))
                .count();
    }

    @Test
    void aZeroBudgetRunsNothingAndBadBudgetsAreRefused() {
        WarmUp.Report none = WarmUp.run(Stages.load(), WorldSettings.defaults(), Duration.ZERO);
        assertThat(none.rounds()).isZero();
        assertThat(none.steps()).isZero();
        assertThatThrownBy(() -> WarmUp.run(Stages.load(), WorldSettings.defaults(), Duration.ofMillis(-1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("warm-up budget = PT-0.001S; allowed: 0 (no warm-up) to 600000 ms");
        assertThatThrownBy(() -> WarmUp.run(Stages.load(), WorldSettings.defaults(), Duration.ofDays(365_000)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("warm-up budget = PT8760000H;");
        assertThatThrownBy(() -> WarmUp.rounds(Stages.load(), WorldSettings.defaults(), -1))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("warm-up rounds = -1; allowed: 0 to 10000");
    }
}
