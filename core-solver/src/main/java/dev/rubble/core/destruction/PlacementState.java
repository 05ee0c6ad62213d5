package dev.rubble.core.destruction;

/** How a placed collection's intact body starts. */
public enum PlacementState {
    /** Simulated from the start. */
    DYNAMIC,
    /** Simulated, starts asleep until disturbed. */
    SLEEPING,
    /** Moved by the user only (pieces it releases fall unless anchored). */
    KINEMATIC,
    /** Never moves (pieces it releases fall unless anchored). */
    STATIC
}
