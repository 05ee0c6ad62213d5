package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The destruction budgets through the public API (issue 13): read now, changed by queued commands. */
final class DestructionBudgetsApiTest {

    @Test
    void budgetsAreReadableAndChangeFromTheNextStep() {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
        assertThat(w.breakBudget()).isEqualTo(PhysicsWorld.UNLIMITED_BREAKS);
        assertThat(w.releaseThrottleMin()).isEqualTo(-1);
        assertThat(w.releaseThrottleMax()).isEqualTo(-1);
        w.setBreakBudget(2);
        w.setReleaseThrottle(100, 400);
        assertThat(w.breakBudget()).isEqualTo(PhysicsWorld.UNLIMITED_BREAKS); // queued, not yet applied
        w.step();
        assertThat(w.breakBudget()).isEqualTo(2);
        assertThat(w.releaseThrottleMin()).isEqualTo(100);
        assertThat(w.releaseThrottleMax()).isEqualTo(400);
        assertThat(w.lastProfile().commands()).isEqualTo(2);
        assertThat(w.lastProfile().breaks()).isZero();
        assertThat(w.lastProfile().deferredBreaks()).isZero();
        w.setReleaseThrottle(-1, -1);
        w.setBreakBudget(PhysicsWorld.UNLIMITED_BREAKS);
        w.step();
        assertThat(w.breakBudget()).isEqualTo(PhysicsWorld.UNLIMITED_BREAKS);
        assertThat(w.releaseThrottleMin()).isEqualTo(-1);
    }

    @Test
    void badBudgetsFailAtOnceAndQueueNothing() {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
        assertThatThrownBy(() -> w.setBreakBudget(-3)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("breaksPerStep = -3").hasMessageContaining("allowed");
        assertThatThrownBy(() -> w.setReleaseThrottle(10, 5)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("max = 5 is below min = 10");
        assertThatThrownBy(() -> w.setReleaseThrottle(-1, 5)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("min = -1");
        w.step();
        assertThat(w.lastProfile().commands()).isZero();
        assertThat(w.breakBudget()).isEqualTo(PhysicsWorld.UNLIMITED_BREAKS);
    }
}
