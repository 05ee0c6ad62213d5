package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.command.Command;
import dev.rubble.core.world.World;
import dev.rubble.core.step.StepAllocation;
import org.junit.jupiter.api.Test;

/**
 * Holders waiting for the break budget cost no allocation per step (SPEC §1): their children are
 * regrouped, passed over and carried to the next step's list in reused arrays.
 */
final class BudgetAllocationTest {

    @Test
    void stepsWithHoldersWaitingForTheBreakBudgetAllocateNothing() {
        World w = Scenes.world(0);
        for (int c = 0; c < 40; c++) {
            w.placeCollection(TestAssets.chain(3, 1000), CollectionPlacement.at(10 * c, 5, 0)
                    .withOptions(Scenes.thresholds(100)));
        }
        w.queue(new Command.SetBreakBudget(0));
        for (int c = 0; c < 40; c++) {
            w.queue(new Command.ExternalStrain(c, 1 + c % 3, 200));
            w.queue(new Command.ExternalStrain(c, 1 + (c + 1) % 3, 50));
        }
        for (int i = 0; i < 200; i++) { // warm up: JIT, array growth
            w.step();
        }
        assertThat(StepAllocation.quietest(w)).as("bytes allocated by 100 steps, quietest of 5 rounds").isZero();
        assertThat(w.destruction().stats().deferred()).isEqualTo(40);
        assertThat(w.destruction().stats().oldestDeferral()).isEqualTo(700);
        // nothing was lost while waiting: lifting the budget breaks all 40 at once
        w.queue(new Command.SetBreakBudget(Command.SetBreakBudget.UNLIMITED));
        w.step();
        assertThat(w.destruction().stats().breaks()).isEqualTo(40);
    }
}
