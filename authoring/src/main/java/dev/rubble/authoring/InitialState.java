package dev.rubble.authoring;

/** How a collection node starts when the collection is put into a world. Stored as its ordinal. */
public enum InitialState {
    /** Simulated from the start. */
    DYNAMIC,
    /** Simulated but starts asleep until disturbed. */
    SLEEPING,
    /** Moved by the user only. */
    KINEMATIC,
    /** Never moves. */
    STATIC
}
