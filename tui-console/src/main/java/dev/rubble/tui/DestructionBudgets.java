package dev.rubble.tui;

import dev.rubble.core.command.Command;
import dev.rubble.core.destruction.DestructionRuntime;
import dev.rubble.core.world.World;

/**
 * The destruction budgets the console reads and changes (SPEC §6; issue 13): the per-step break
 * budget with its deferral queue, release throttling and the removal queues. Read once per step by
 * {@link ConsoleStats} and once per frame by the panel; changed by the budget keys, which must only
 * queue journallable commands so recordings replay and verify.
 *
 * <p>{@link #NONE} is for a session with no world to change: every count 0, every limit off, and
 * the keys say so and change nothing.
 */
public interface DestructionBudgets {
    /** No break budget, throttling or removal: every count 0, every limit {@link #UNLIMITED}, changes refused. */
    DestructionBudgets NONE = new DestructionBudgets() {
    };

    /** A limit that is off. */
    int UNLIMITED = -1;

    /**
     * The budgets of {@code world}: the break budget and release throttling of its destruction
     * runtime (docs/destruction.md, "Budgets"), read from the last step's counters, and changed
     * through the journallable budget commands, so a recorded console run verifies.
     */
    static DestructionBudgets forWorld(World world) {
        DestructionRuntime d = world.destruction();
        return new DestructionBudgets() {
            @Override
            public boolean available() {
                return true;
            }

            @Override
            public int breaksAllowed() {
                int b = d.breakBudget();
                return b == Command.SetBreakBudget.UNLIMITED ? UNLIMITED : b;
            }

            @Override
            public int deferred() {
                return d.stats().deferred();
            }

            @Override
            public int deferralQueue() {
                return d.stats().deferred(); // the holders carried over are the queue that waits
            }

            @Override
            public long oldestDeferral() {
                return d.stats().oldestDeferral();
            }

            @Override
            public int throttled() {
                return d.stats().throttled();
            }

            @Override
            public int throttleMin() {
                return d.throttleMin() < 0 ? UNLIMITED : d.throttleMin();
            }

            @Override
            public int throttleMax() {
                return d.throttleMax() < 0 ? UNLIMITED : d.throttleMax();
            }

            @Override
            public int removalQueue() {
                return d.stats().removalQueue();
            }

            @Override
            public int shrinking() {
                return d.stats().shrinking();
            }

            @Override
            public boolean queueBreaksAllowed(int breaks) {
                world.queue(new Command.SetBreakBudget(breaks == UNLIMITED ? Command.SetBreakBudget.UNLIMITED : breaks));
                return true;
            }

            @Override
            public boolean queueThrottle(int min, int max) {
                world.queue(new Command.SetReleaseThrottle(min, max));
                return true;
            }
        };
    }

    /** Whether this build has the budgets at all (false: the keys report it and change nothing). */
    default boolean available() {
        return false;
    }

    /** Holders allowed to break per step ({@code perAdvanceBreaksAllowed}), or {@link #UNLIMITED}. */
    default int breaksAllowed() {
        return UNLIMITED;
    }

    /** Strained holders carried over to the next step by the break budget in the last step. */
    default int deferred() {
        return 0;
    }

    /** Holders waiting in the deferral queue now. */
    default int deferralQueue() {
        return 0;
    }

    /** Age in steps of the oldest deferral waiting (0 when the queue is empty). */
    default long oldestDeferral() {
        return 0;
    }

    /** Released pieces disabled at once by throttling in the last step. */
    default int throttled() {
        return 0;
    }

    /** Active pieces at which throttling starts ({@code min}), or {@link #UNLIMITED}. */
    default int throttleMin() {
        return UNLIMITED;
    }

    /** Active pieces at which every new release is disabled ({@code max}), or {@link #UNLIMITED}. */
    default int throttleMax() {
        return UNLIMITED;
    }

    /** Pieces whose removal timer runs (remove-on-break and remove-on-sleep). */
    default int removalQueue() {
        return 0;
    }

    /** Pieces shrinking before they are disabled. */
    default int shrinking() {
        return 0;
    }

    /**
     * Queues a journallable command that sets the break budget from the next step on ({@link #UNLIMITED}
     * for none); false when this build has no break budget.
     */
    default boolean queueBreaksAllowed(int breaks) {
        return false;
    }

    /** Queues a journallable command that sets the throttle range; false when this build has no throttling. */
    default boolean queueThrottle(int min, int max) {
        return false;
    }
}
