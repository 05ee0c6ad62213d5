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

    private EventFilter(EventRequest request) {
        this.request = request;
    }

    /** The defaults of {@code kind}: no threshold but its speed (hit 1 m/s, trailing 0.5 m/s), no cap, no sort. */
    public static EventFilter defaults(EventKind kind) {
        return new EventFilter(EventRequest.defaults(Objects.requireNonNull(kind, "kind is null").code));
    }

    static EventFilter of(EventRequest r) {
        return new EventFilter(r);
    }

    /** Minimum mass, kg (collisions: dropped only when both bodies are below). */
    public EventFilter minMass(double kg) {
        EventRequest r = request;
        return new EventFilter(new EventRequest(r.global(), kg, r.minSpeed(), r.minImpulse(), r.minVolume(),
                r.maxDistance(), r.cx(), r.cy(), r.cz(), r.maxResults(), r.sort()));
    }

    /** Minimum speed, m/s (contacts: approach speed; hits fire at it; trailing: the trailing speed). */
    public EventFilter minSpeed(double metresPerSecond) {
        EventRequest r = request;
        return new EventFilter(new EventRequest(r.global(), r.minMass(), metresPerSecond, r.minImpulse(), r.minVolume(),
                r.maxDistance(), r.cx(), r.cy(), r.cz(), r.maxResults(), r.sort()));
    }

    /** Minimum impulse, N·s (hits and begins: the contact's normal impulse; breaks: the load). */
    public EventFilter minImpulse(double newtonSeconds) {
        EventRequest r = request;
        return new EventFilter(new EventRequest(r.global(), r.minMass(), r.minSpeed(), newtonSeconds, r.minVolume(),
                r.maxDistance(), r.cx(), r.cy(), r.cz(), r.maxResults(), r.sort()));
    }

    /** Minimum volume, m³ (pieces: breaks, crumbles, trailing, removals). */
    public EventFilter minVolume(double cubicMetres) {
        EventRequest r = request;
        return new EventFilter(new EventRequest(r.global(), r.minMass(), r.minSpeed(), r.minImpulse(), cubicMetres,
                r.maxDistance(), r.cx(), r.cy(), r.cz(), r.maxResults(), r.sort()));
    }

    /** Only events within {@code metres} of {@code point} (the point is also {@link EventSort#NEAREST}'s). */
    public EventFilter maxDistance(Vector3dc point, double metres) {
        Objects.requireNonNull(point, "point is null");
        EventRequest r = request;
        return new EventFilter(new EventRequest(r.global(), r.minMass(), r.minSpeed(), r.minImpulse(), r.minVolume(),
                metres, point.x(), point.y(), point.z(), r.maxResults(), r.sort()));
    }

    /** At most {@code n} events per step (≥ 0; {@code Integer.MAX_VALUE} = all), after the sort. */
    public EventFilter maxResults(int n) {
        EventRequest r = request;
        return new EventFilter(new EventRequest(r.global(), r.minMass(), r.minSpeed(), r.minImpulse(), r.minVolume(),
                r.maxDistance(), r.cx(), r.cy(), r.cz(), n, r.sort()));
    }

    /** The order the cap keeps from. */
    public EventFilter sort(EventSort sort) {
        Objects.requireNonNull(sort, "sort is null");
        EventRequest r = request;
        return new EventFilter(new EventRequest(r.global(), r.minMass(), r.minSpeed(), r.minImpulse(), r.minVolume(),
                r.maxDistance(), r.cx(), r.cy(), r.cz(), r.maxResults(), sort.ordinal()));
    }

    public double minMass() {
        return request.minMass();
    }

    public double minSpeed() {
        return request.minSpeed();
    }

    public double minImpulse() {
        return request.minImpulse();
    }

    public double minVolume() {
        return request.minVolume();
    }

    public double maxDistance() {
        return request.maxDistance();
    }

    public int maxResults() {
        return request.maxResults();
    }

    public EventSort sort() {
        return EventSort.values()[request.sort()];
    }

    @Override
    public String toString() {
        EventRequest r = request;
        return "EventFilter[minMass=" + r.minMass() + ", minSpeed=" + r.minSpeed() + ", minImpulse=" + r.minImpulse()
                + ", minVolume=" + r.minVolume() + ", maxDistance=" + r.maxDistance() + ", maxResults=" + r.maxResults()
                + ", sort=" + EventRequest.sortLabel(r.sort()) + "]";
    }

    static int code(EventKind k) {
        return EventKinds.check(k.code);
    }
}
