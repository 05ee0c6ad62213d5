package dev.rubble.api;

import org.joml.Vector3d;

/**
 * One destruction event of the last step, as a {@link BreakListener} sees it: a reused view,
 * valid during the callback only (copy what you keep).
 */
public final class BreakEvent {
    /** What happened to the piece. */
    public enum Kind {
        /** Its load reached its threshold; it left its holder as its own body. */
        BREAK,
        /** It lost every bond to its siblings and left alone. */
        RELEASE,
        /** Several still-bonded siblings became one new body (an internal cluster, node -1). */
        CLUSTER,
        /** Its partial cluster crumbled. */
        CRUMBLE,
        /** Its removal timer ran out; the body is gone. */
        REMOVED,
        /**
         * A {@code kill} field took it out of its holder: it got no body ({@link #body()} is an id whose handle is -1, naming no body),
         * and everything under it left with it; the position and velocity are where its holder carried it.
         */
        KILLED
    }

    private static final Kind[] KINDS = Kind.values();
    private final PhysicsWorld world;
    private dev.rubble.core.destruction.BreakEvents events;
    private int i;

    BreakEvent(PhysicsWorld world) {
        this.world = world;
    }

    void set(dev.rubble.core.destruction.BreakEvents events, int i) {
        this.events = events;
        this.i = i;
    }

    /**
     * What happened to the piece.
     * @return the event kind
     */
    public Kind kind() {
        return KINDS[events.kind[i]];
    }

    /**
     * The collection the piece belongs to.
     * @return the collection's id
     */
    public CollectionId collection() {
        return world.destruction().collection(events.collection[i]);
    }

    /**
     * The authored node the piece simulates, or -1 for an internal cluster.
     * @return the node id, or -1
     */
    public int node() {
        return events.node[i];
    }

    /**
     * The piece's body (stale for {@link Kind#REMOVED}).
     * @return the body id
     */
    public BodyId body() {
        long h = events.body[i];
        return h < 0 ? new BodyId(h, world.identity()) : world.idOf(h);
    }

    /**
     * Mass of the piece, kg.
     * @return the mass in kilograms
     */
    public double mass() {
        return events.mass[i];
    }

    /**
     * The load that broke it ({@link Kind#BREAK}; 0 otherwise).
     * @return the load in N·s (N for force-based damage models)
     */
    public double load() {
        return events.load[i];
    }

    /**
     * Position of the piece's centre of mass when the event happened.
     * @param dest receives the position, metres, world frame
     * @return dest
     */
    public Vector3d position(Vector3d dest) {
        int o = 13 * i;
        return dest.set(events.motion[o], events.motion[o + 1], events.motion[o + 2]);
    }

    /**
     * Linear velocity of the piece when the event happened.
     * @param dest receives the velocity, m/s, world frame
     * @return dest
     */
    public Vector3d velocity(Vector3d dest) {
        int o = 13 * i;
        return dest.set(events.motion[o + 7], events.motion[o + 8], events.motion[o + 9]);
    }

    @Override
    public String toString() {
        return kind() + " collection " + events.collection[i] + " node " + node() + " body " + body();
    }
}
