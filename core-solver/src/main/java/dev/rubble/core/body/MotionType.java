package dev.rubble.core.body;

/** How a body moves. Sleeping and disabled are states layered on top (see {@link BodyState}). */
public enum MotionType {
    /** Never moves; infinite mass. */
    STATIC,
    /** Moved by the user towards a target pose; infinite mass to the solver. */
    KINEMATIC,
    /** Moved by forces and contacts. */
    DYNAMIC
}
