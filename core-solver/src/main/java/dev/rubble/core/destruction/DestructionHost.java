package dev.rubble.core.destruction;

import dev.rubble.core.body.BodyDef;
import dev.rubble.spi.shape.MassProperties;

/**
 * What the destruction stage needs from the world: bodies come and go through it, so the stage
 * never touches the world itself (the World implements it with a small adapter).
 */
public interface DestructionHost {

    /**
     * Creates a body now, even during a step (after the solve): it enters the broadphase at once
     * with its bounds grown by its motion over one step.
     *
     * @param mp mass properties to use instead of the shape's (null for kinematic/static bodies)
     * @return its handle
     */
    long createBody(BodyDef def, MassProperties mp);

    /** Removes a body whose node was broken up (wakes what slept on it). */
    void retireBody(long handle);

    /**
     * The event kinds switched on for body {@code handle} (docs/events.md; {@code PhysicsWorld.setBodyEvents}),
     * 0 when none: a cluster union's rebuild carries them to its new body.
     */
    default int bodyEventKinds(long handle) {
        return 0;
    }

    /** Switches exactly {@code kinds} on for body {@code handle} (a cluster union's new body, carrying its old body's). */
    default void setBodyEventKinds(long handle, int kinds) {
        throw new UnsupportedOperationException("this host cannot switch body events");
    }

    /** Takes a body out of the simulation without removing it (a cluster union's member). */
    default void disableBody(long handle) {
        throw new UnsupportedOperationException("this host cannot disable bodies");
    }

    /** Makes a body kinematic or static (it stops) or dynamic again (a cluster union's body keeping its motion across a rebuild). */
    default void setMotion(long handle, dev.rubble.core.body.MotionType motion) {
        throw new UnsupportedOperationException("this host cannot change motion types");
    }

    /**
     * Re-bodies a body in place: kinematic (mass properties null) or dynamic with {@code mp}, keeping its
     * handle (an anchor pinning or freeing an intact holder; {@code BodyStates.rebody}).
     */
    default void rebody(long handle, dev.rubble.core.body.MotionType motion, MassProperties mp) {
        throw new UnsupportedOperationException("this host cannot re-body bodies");
    }

    /** Puts a disabled body back, awake, its bounds grown by its motion over one step. */
    default void enableBody(long handle) {
        throw new UnsupportedOperationException("this host cannot enable bodies");
    }
}
