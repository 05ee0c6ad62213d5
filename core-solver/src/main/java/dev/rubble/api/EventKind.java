package dev.rubble.api;

import dev.rubble.core.event.EventKinds;

/**
 * The kinds of step events (docs/events.md, "Kinds"). Delivery order within a step is this order,
 * then body index, then sub-shape. Labels are what scenarios and {@code rubble run --events} use.
 */
public enum EventKind {
    /** Two shapes started touching (a sub-shape manifold with points; Box2D v3's begin-touch). */
    CONTACT_BEGIN(EventKinds.BEGIN),
    /** Two shapes stopped touching, or one was removed. */
    CONTACT_END(EventKinds.END),
    /** A contact whose approach speed reached the hit speed (the filter's minSpeed); once per impact. */
    HIT(EventKinds.HIT),
    /** A piece left its holder: a break ({@link EventView#cause} 0), a release (1) or a new internal cluster (2). */
    BREAK(EventKinds.BREAK),
    /** A partial cluster crumbled: one event per cluster, with the asset nodes it let go. */
    CRUMBLE(EventKinds.CRUMBLE),
    /** A collection's last cluster came apart. */
    COLLECTION_BROKEN(EventKinds.BROKEN),
    /** A released piece moving at or above the trailing speed (the filter's minSpeed, default 0.5 m/s). */
    TRAILING(EventKinds.TRAILING),
    /** A piece's removal timer ran out and its body was retired. */
    REMOVAL(EventKinds.REMOVAL),
    /** A body fell asleep. */
    SLEEP(EventKinds.SLEEP),
    /** A sleeping body woke. */
    WAKE(EventKinds.WAKE),
    /** An awake body moved this step. */
    MOVED(EventKinds.MOVED),
    /**
     * A constraint broke (its force or torque went over its threshold, docs/constraints.md "Breaking"):
     * {@link EventView#constraint}, {@link EventView#force}, {@link EventView#torque}, the two bodies
     * ({@link EventView#bodyB} null for the world), the point is body A's anchor.
     */
    CONSTRAINT_BREAK(EventKinds.CONSTRAINT_BREAK);

    private static final EventKind[] ALL = values();
    final int code;

    EventKind(int code) {
        this.code = code;
    }

    /**
     * The stable label ("begin", "end", "hit", "break", "crumble", "broken", "trailing", "removal", "sleep",
     * "wake", "moved", "constraint-break").
     * @return the label
     */
    public String label() {
        return EventKinds.label(code);
    }

    /**
     * The kind labelled {@code label}.
     *
     * @throws IllegalArgumentException naming {@code field}, the label and the allowed labels
     * @param label one of the labels
     * @param field the name of the field being read, for the message
     * @return the kind
     */
    public static EventKind byLabel(String label, String field) {
        return ALL[EventKinds.byLabel(label, field)];
    }

    static EventKind of(int code) {
        return ALL[code];
    }

    /** The mask of {@code kinds} ({@code 1 << code} each). */
    static int mask(EventKind... kinds) {
        int m = 0;
        for (EventKind k : java.util.Objects.requireNonNull(kinds, "kinds is null")) {
            m |= 1 << java.util.Objects.requireNonNull(k, "kind is null").code;
        }
        return m;
    }
}
