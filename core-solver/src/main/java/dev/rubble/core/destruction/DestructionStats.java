package dev.rubble.core.destruction;

/**
 * What the DESTRUCTION slot did in the last step under the budgets (docs/destruction.md,
 * "Budgets"). One instance per world, rewritten every step (so reading it allocates nothing); the
 * step profile carries the same numbers ({@code StepProfile#breaks()} and its neighbours).
 */
public final class DestructionStats {
    int breaks;
    int deferred;
    int oldestDeferral;
    int released;
    int throttled;
    int activePieces;
    int removalQueue;
    int shrinking;
    int removed;

    /** Holders (clusters) that broke this step; at most the break budget. */
    public int breaks() {
        return breaks;
    }

    /** Strained holders waiting for a later step at the end of this one (over the break budget). */
    public int deferred() {
        return deferred;
    }

    /**
     * Steps the longest-waiting deferred holder has waited, counting this one (1 = deferred for the
     * first time this step); 0 when nothing waits.
     */
    public int oldestDeferral() {
        return oldestDeferral;
    }

    /** Pieces released this step that got a body (broken children, lone pieces, new clusters). */
    public int released() {
        return released;
    }

    /**
     * Pieces released this step that got no body: thinned by release throttling, or over the world's
     * body budget ({@code maxBodies}).
     */
    public int throttled() {
        return throttled;
    }

    /** Nodes holding a body after the step (intact collections, released pieces, internal clusters). */
    public int activePieces() {
        return activePieces;
    }

    /**
     * Released pieces whose removal timer (remove-on-break or remove-on-sleep) ran in the REMOVAL slot
     * of the last step, those that began shrinking in it included (docs/destruction.md, "Debris and
     * removal").
     */
    public int removalQueue() {
        return removalQueue;
    }

    /** Pieces shrinking after the last step's REMOVAL slot (their scale is below 1). */
    public int shrinking() {
        return shrinking;
    }

    /** Pieces removed (bodies retired, REMOVED events) in the last step. */
    public int removed() {
        return removed;
    }

    void reset() {
        breaks = deferred = oldestDeferral = released = throttled = 0;
    }

    @Override
    public String toString() {
        return "breaks=" + breaks + " deferred=" + deferred + " oldestDeferral=" + oldestDeferral + " released="
                + released + " throttled=" + throttled + " activePieces=" + activePieces + " removalQueue=" + removalQueue
                + " shrinking=" + shrinking + " removed=" + removed;
    }

    // snapshots (docs/snapshot-format.md, section DEST): the last step's counters

    /** The codec (both directions): the nine counters in declaration order. */
    void io(StateIO io) throws java.io.IOException {
        breaks = io.i32(breaks);
        deferred = io.i32(deferred);
        oldestDeferral = io.i32(oldestDeferral);
        released = io.i32(released);
        throttled = io.i32(throttled);
        activePieces = io.i32(activePieces);
        removalQueue = io.i32(removalQueue);
        shrinking = io.i32(shrinking);
        removed = io.i32(removed);
    }
}
