package dev.rubble.core.collision;

import dev.rubble.core.body.BodyStore;

/**
 * What fills the NARROWPHASE slot: the seam between collision detection and the dynamics. The
 * pipeline calls it once per step after the broadphase, and the contact solver then reads
 * {@link ContactStore}. The engine binds {@link NarrowphaseStage} (the chosen narrowphase plugin);
 * tests bind analytic contact generators in its place through a Guice override.
 *
 * <p>Contract for implementations (the narrowphase): on entry {@code out} still holds last step's
 * manifolds with the impulses the solver wrote (a generator may read them for warm starting);
 * {@link ContactStore#clear()} it, then for the sorted
 * {@code pairs} append manifolds in pair order with {@link ContactStore#add} (checking
 * {@link ContactStore#hasRoom()} and counting what does not fit in
 * {@link ContactStore#droppedThisStep}), each with: normal from A to B (unit), 1..4 points whose
 * anchors are relative to each body's centre of mass in world frame, separation in metres
 * (negative = penetrating, positive = speculative, reported up to a margin that should cover the
 * approach this step, {@code |v_rel . n| * dt}), a feature id stable across steps, and the
 * accumulated impulses of the same feature last step (N·s per step, 0 for a new point) for warm
 * starting. Friction and restitution are combined by the solver from the bodies' materials.
 *
 * <p>Threading: called on the stepping thread only.
 */
@FunctionalInterface
public interface ContactStage {

    /**
     * Fills {@code out} with this step's manifolds for the sorted overlapping {@code pairs} of
     * {@code bodies}; {@code dt} is the step (seconds), for speculative margins.
     */
    void generate(BodyStore bodies, PairBuffer pairs, ContactStore out, double dt);

    /**
     * The body pairs joined by a constraint with {@code collideConnected} false (issue 29), which the
     * next {@link #generate} must report no contact for; the pipeline sets it before every call (a
     * sorted set, read only). The default ignores it: a stage that does not filter lets the pairs touch.
     */
    default void setNoContactPairs(dev.rubble.core.body.IgnoredPairs pairs) {
    }

    /**
     * Grows the stage's own stores ahead of need to room for {@code pairs} body pairs,
     * {@code manifolds} manifolds and {@code points} points (no result may depend on it): the step
     * pipeline calls it in a step destruction released pieces, before their first contacts next
     * step (issue 27 item 1). The default keeps nothing to grow.
     */
    default void reserve(int pairs, int manifolds, int points) {
    }

    /** Contact points of the last call that carried impulses over from the step before (0 if not tracked). */
    default int pointsWarmStarted() {
        return 0;
    }

    /** Body pairs whose manifolds the last call replayed from a cache instead of colliding (0 if none). */
    default int pairsCached() {
        return 0;
    }

    /** Contact points the last call dropped because the contact budget was full (0 if it drops none). */
    default int pointsDropped() {
        return 0;
    }

    /**
     * Wake once: puts back into {@code out} the manifolds the stage kept ("parked") for sleeping
     * islands whose bodies are awake again, in (a, b, key) order, so the pipeline can solve an
     * island woken by touch in the same step without a second broadphase and narrowphase. Returns
     * the number of manifolds restored, or -1 when the stage keeps nothing for sleeping islands
     * (the default): the pipeline then runs the broadphase and this stage again.
     */
    default int restoreWoken(BodyStore bodies, ContactStore out) {
        return -1;
    }
}
