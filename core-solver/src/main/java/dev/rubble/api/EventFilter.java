package dev.rubble.api;

import dev.rubble.core.event.EventKinds;
import dev.rubble.core.event.EventRequest;
import java.util.Objects;
import org.joml.Vector3dc;

/**
 * Filters, cap and sort for one event kind, applied inside the engine (Chaos's solver event
 * filters; docs/events.md, "Filters"): an event strictly under a threshold is dropped (collision
 * kinds by mass only when both bodies are lighter); with {@code maxResults(N)} and a sort the step
 * keeps exactly the first N of the filtered list in that order. Immutable: each {@code with} method
 * returns a new filter. Bad values fail with an {@link IllegalArgumentException} naming the field.
 */
public final class EventFilter {
    final EventRequest request;
    private final EventKind kind;

    private EventFilter(EventKind kind, EventRequest request) {
        this.kind = kind;
        this.request = request;
    }

    /** A copy with {@code r}, for the same kind. */
    private EventFilter with(EventRequest r) {
        return new EventFilter(kind, r);
    }

    /**
     * The defaults of {@code kind}: no threshold but its speed (hit 1 m/s, trailing 0.5 m/s), no cap, no
     * sort.
     * @param kind the event kind
     * @return the default filter
     */
    public static EventFilter defaults(EventKind kind) {
        return new EventFilter(kind, EventRequest.defaults(Objects.requireNonNull(kind, "kind is null").code));
    }

    static EventFilter of(EventKind kind, EventRequest r) {
        return new EventFilter(kind, r);
    }

    /**
     * The kind this filter was made for ({@link #defaults(EventKind)}, {@link PhysicsWorld#eventFilter}): its
     * defaults are that kind's (a hit's 1 m/s hit speed is no threshold for breaks), so
     * {@link PhysicsWorld#setEventFilter} takes it for that kind only.
     * @return the kind
     */
    public EventKind kind() {
        return kind;
    }

    /**
     * Minimum mass, kg (collisions: dropped only when both bodies are below).
     * @param kg the minimum mass, kg, ≥ 0
     * @return a copy with the minimum set
     */
    public EventFilter minMass(double kg) {
        EventRequest r = request;
        return with(new EventRequest(r.global(), kg, r.minSpeed(), r.minImpulse(), r.minVolume(),
                r.maxDistance(), r.cx(), r.cy(), r.cz(), r.maxResults(), r.sort()));
    }

    /**
     * Minimum speed, m/s (contacts: approach speed; hits fire at it; trailing: the trailing speed).
     * @param metresPerSecond the minimum speed, m/s, ≥ 0
     * @return a copy with the minimum set
     */
    public EventFilter minSpeed(double metresPerSecond) {
        EventRequest r = request;
        return with(new EventRequest(r.global(), r.minMass(), metresPerSecond, r.minImpulse(), r.minVolume(),
                r.maxDistance(), r.cx(), r.cy(), r.cz(), r.maxResults(), r.sort()));
    }

    /**
     * Minimum impulse, N·s (hits and begins: the contact's normal impulse; breaks: the load).
     * @param newtonSeconds the minimum impulse, N·s, ≥ 0
     * @return a copy with the minimum set
     */
    public EventFilter minImpulse(double newtonSeconds) {
        EventRequest r = request;
        return with(new EventRequest(r.global(), r.minMass(), r.minSpeed(), newtonSeconds, r.minVolume(),
                r.maxDistance(), r.cx(), r.cy(), r.cz(), r.maxResults(), r.sort()));
    }

    /**
     * Minimum volume, m³ (pieces: breaks, crumbles, trailing, removals).
     * @param cubicMetres the minimum volume, m³, ≥ 0
     * @return a copy with the minimum set
     */
    public EventFilter minVolume(double cubicMetres) {
        EventRequest r = request;
        return with(new EventRequest(r.global(), r.minMass(), r.minSpeed(), r.minImpulse(), cubicMetres,
                r.maxDistance(), r.cx(), r.cy(), r.cz(), r.maxResults(), r.sort()));
    }

    /**
     * Only events within {@code metres} of {@code point} (the point is also {@link EventSort#NEAREST}'s).
     * @param point the centre, metres, world frame
     * @param metres the largest distance, metres, ≥ 0
     * @return a copy with the distance filter set
     */
    public EventFilter maxDistance(Vector3dc point, double metres) {
        Objects.requireNonNull(point, "point is null");
        EventRequest r = request;
        return with(new EventRequest(r.global(), r.minMass(), r.minSpeed(), r.minImpulse(), r.minVolume(),
                metres, point.x(), point.y(), point.z(), r.maxResults(), r.sort()));
    }

    /**
     * At most {@code n} events per step (≥ 0; {@code Integer.MAX_VALUE} = all), after the sort.
     * @param n the cap, ≥ 0
     * @return a copy with the cap set
     */
    public EventFilter maxResults(int n) {
        EventRequest r = request;
        return with(new EventRequest(r.global(), r.minMass(), r.minSpeed(), r.minImpulse(), r.minVolume(),
                r.maxDistance(), r.cx(), r.cy(), r.cz(), n, r.sort()));
    }

    /**
     * The order the cap keeps from.
     * @param sort the order, e.g. by impulse or distance
     * @return a copy with the sort set
     */
    public EventFilter sort(EventSort sort) {
        Objects.requireNonNull(sort, "sort is null");
        EventRequest r = request;
        return with(new EventRequest(r.global(), r.minMass(), r.minSpeed(), r.minImpulse(), r.minVolume(),
                r.maxDistance(), r.cx(), r.cy(), r.cz(), r.maxResults(), sort.ordinal()));
    }

    /**
     * The minimum mass.
     * @return kg, 0 when unset
     */
    public double minMass() {
        return request.minMass();
    }

    /**
     * The minimum speed.
     * @return m/s
     */
    public double minSpeed() {
        return request.minSpeed();
    }

    /**
     * The minimum impulse.
     * @return N·s, 0 when unset
     */
    public double minImpulse() {
        return request.minImpulse();
    }

    /**
     * The minimum volume.
     * @return m³, 0 when unset
     */
    public double minVolume() {
        return request.minVolume();
    }

    /**
     * The distance filter's radius.
     * @return metres, {@code +∞} when unset
     */
    public double maxDistance() {
        return request.maxDistance();
    }

    /**
     * The cap on events per step.
     * @return the cap, {@code Integer.MAX_VALUE} when unset
     */
    public int maxResults() {
        return request.maxResults();
    }

    /**
     * The order the cap keeps from.
     * @return the sort
     */
    public EventSort sort() {
        return EventSort.values()[request.sort()];
    }

    @Override
    public String toString() {
        EventRequest r = request;
        return "EventFilter[kind=" + kind.label() + ", minMass=" + r.minMass() + ", minSpeed=" + r.minSpeed() + ", minImpulse=" + r.minImpulse()
                + ", minVolume=" + r.minVolume() + ", maxDistance=" + r.maxDistance() + ", maxResults=" + r.maxResults()
                + ", sort=" + EventRequest.sortLabel(r.sort()) + "]";
    }

    static int code(EventKind k) {
        return EventKinds.check(k.code);
    }
}
