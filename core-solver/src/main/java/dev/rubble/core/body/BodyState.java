package dev.rubble.core.body;

import java.util.Locale;

/**
 * The state a body is in, as users see it. The store keeps bodies of each state contiguous in
 * this order, so the solver walks the awake bodies without touching the others.
 */
public enum BodyState {
    /** Dynamic or kinematic and simulated this step. */
    AWAKE,
    /** Dynamic, at rest with its island; costs nothing until woken. */
    SLEEPING,
    /** Static: never moves. */
    STATIC,
    /** Not simulated at all (e.g. a cluster child held by its parent, or removed debris). */
    DISABLED;

    /** Lower-case name used in files and on the command line. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
