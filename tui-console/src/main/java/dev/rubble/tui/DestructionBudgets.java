package dev.rubble.tui;

import dev.rubble.core.world.World;

/**
 * The destruction budgets the console reads and changes (SPEC §6; issue 13): the per-step break
 * budget with its deferral queue, release throttling and the removal queues. Read once per step by
 * {@link ConsoleStats} and once per frame by the panel; changed by the budget keys, which must only
 * queue journallable commands so recordings replay and verify.
 *
 * <p>The break budget, throttling and removal are built on other branches; until they are merged,
 * {@link #forWorld} returns {@link #NONE}: no budget, so nothing is ever deferred, throttled or
 * queued for removal, and the panel's 0 is the truth, not a placeholder. The keys then say that
 * the budget is not in this build and change nothing.
 */
public interface DestructionBudgets {
    /** No break budget, throttling or removal: every count 0, every limit {@link #UNLIMITED}, changes refused. */
    DestructionBudgets NONE = new DestructionBudgets() {
    };

    /** A limit that is off. */
    int UNLIMITED = -1;

    /**
     * The budgets of {@code world}.
     *
     * <p><b>WIRING POINT (lead, after merging the budgets and removal branches):</b> return an
     * adapter over the world's break budget / throttle / removal state here, e.g. reading the
     * profile's deferred and throttled counts and queueing the budget commands. This is the only
     * place the console learns about them; everything else reads this interface.
     */
    static DestructionBudgets forWorld(World world) {
        return NONE;
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
