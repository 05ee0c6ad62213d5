package dev.rubble.core.event;

/**
 * What one kind of event the engine gathers, and how much of it (Chaos's {@code EventRequest}
 * and solver event filters; reference: chaos-fields-events-cache §2.2): whether every body or
 * collection produces it ({@code global}; otherwise only the bodies and collections switched on),
 * the filters, the cap and the sort. A filter drops exactly the events strictly under its
 * threshold; collision kinds are dropped by {@code minMass} only when both bodies are lighter.
 * Filters apply where the kind carries the value (docs/events.md, "Fields"): {@code minImpulse}
 * to contact kinds and breaks (the load), {@code minVolume} to piece kinds.
 *
 * <p>With {@code maxResults = N} and a sort, the result is exactly the first N of the filtered
 * list in that order (ties in canonical order); without a sort, the first N in canonical order.
 *
 * @param global      every body / collection produces this kind (false: only those switched on)
 * @param minMass     kg, ≥ 0 (collisions: dropped only when both masses are below)
 * @param minSpeed    m/s, ≥ 0: contact kinds the approach speed (for hits also the hit speed),
 *                    others the body's linear speed; trailing's default 0.5 m/s, hit's 1 m/s
 * @param minImpulse  N·s, ≥ 0
 * @param minVolume   m³, ≥ 0
 * @param maxDistance metres from ({@code cx, cy, cz}), ≥ 0; +∞ = no distance filter
 * @param maxResults  events kept per step, ≥ 0 ({@link #UNLIMITED} = all)
 * @param sort        {@link #SORT_NONE}, {@link #SORT_MASS}, {@link #SORT_SPEED}, {@link #SORT_IMPULSE},
 *                    {@link #SORT_NEAREST}
 */
public record EventRequest(boolean global, double minMass, double minSpeed, double minImpulse, double minVolume,
                           double maxDistance, double cx, double cy, double cz, int maxResults, int sort) {
    public static final int UNLIMITED = Integer.MAX_VALUE;
    public static final int SORT_NONE = 0, SORT_MASS = 1, SORT_SPEED = 2, SORT_IMPULSE = 3, SORT_NEAREST = 4;
    private static final String[] SORTS = {"none", "mass", "speed", "impulse", "nearest"};
    /** Chaos's trailing speed default (50 cm/s; reference: chaos-fields-events-cache §3.1 TrailMinSpeedToSpawn). */
    public static final double DEFAULT_TRAILING_SPEED = 0.5;
    /** The default hit speed, m/s: a hand-dropped object from about 5 cm. */
    public static final double DEFAULT_HIT_SPEED = 1.0;

    public EventRequest {
        nonNegative("minMass", minMass);
        nonNegative("minSpeed", minSpeed);
        nonNegative("minImpulse", minImpulse);
        nonNegative("minVolume", minVolume);
        if (!(maxDistance >= 0)) {
            throw new IllegalArgumentException("maxDistance = " + maxDistance + "; allowed: >= 0 metres (Infinity = off)");
        }
        if (!Double.isFinite(cx) || !Double.isFinite(cy) || !Double.isFinite(cz)) {
            throw new IllegalArgumentException("distance point = [" + cx + ", " + cy + ", " + cz + "]; allowed: finite");
        }
        if (maxResults < 0) {
            throw new IllegalArgumentException("maxResults = " + maxResults + "; allowed: >= 0");
        }
        if (sort < SORT_NONE || sort > SORT_NEAREST) {
            throw new IllegalArgumentException("sort = " + sort + "; allowed: 0..4 (" + String.join(", ", SORTS) + ")");
        }
    }

    private static void nonNegative(String field, double v) {
        if (!(v >= 0) || Double.isInfinite(v)) {
            throw new IllegalArgumentException(field + " = " + v + "; allowed: finite, >= 0");
        }
    }

    /** The default request of {@code kind}: off, no filter but the kind's speed, no cap, no sort. */
    public static EventRequest defaults(int kind) {
        double speed = kind == EventKinds.HIT ? DEFAULT_HIT_SPEED
                : kind == EventKinds.TRAILING ? DEFAULT_TRAILING_SPEED : 0;
        return new EventRequest(false, 0, speed, 0, 0, Double.POSITIVE_INFINITY, 0, 0, 0, UNLIMITED, SORT_NONE);
    }

    /** The same request, on or off for every body and collection. */
    public EventRequest withGlobal(boolean on) {
        return new EventRequest(on, minMass, minSpeed, minImpulse, minVolume, maxDistance, cx, cy, cz, maxResults, sort);
    }

    /** The label of a sort ("none", "mass", "speed", "impulse", "nearest"). */
    public static String sortLabel(int sort) {
        return SORTS[sort];
    }

    /** The sort labelled {@code label}; an unknown label fails naming {@code field} and the allowed ones. */
    public static int sortByLabel(String label, String field) {
        for (int i = 0; i < SORTS.length; i++) {
            if (SORTS[i].equals(label)) {
                return i;
            }
        }
        throw new IllegalArgumentException(field + " = \"" + label + "\"; allowed: " + String.join(", ", SORTS));
    }
}
