package dev.rubble.api;

/** How a capped event kind is ordered before the cap keeps its first N (docs/events.md, "Filters"). */
public enum EventSort {
    /** Canonical order (body index, then sub-shape). */
    NONE,
    /** Heaviest first (contacts: the heavier body that can move). */
    MASS,
    /** Fastest first (contacts: approach speed). */
    SPEED,
    /** Largest impulse first (breaks: the load that broke the piece). */
    IMPULSE,
    /** Nearest to the filter's point first. */
    NEAREST
}
