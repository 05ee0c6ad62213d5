package dev.rubble.api;

import dev.rubble.core.event.EventBuffer;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * The last step's events of one kind (docs/events.md, "Fields"): a view over the engine's reused
 * primitive arrays, valid until the next step; reads allocate nothing (JOML {@code dest}
 * arguments). Event {@code i} is in {@code 0 .. count()}, in canonical order (body index, then
 * sub-shape) unless the kind's filter sorts. Fields a kind does not carry read 0 (ids: none).
 */
public final class EventView {
    private final PhysicsWorld world;
    private final EventKind kind;
    private EventBuffer b;

    EventView(PhysicsWorld world, EventKind kind) {
        this.world = world;
        this.kind = kind;
    }

    void set(EventBuffer buffer) {
        b = buffer;
    }

    /**
     * The kind of these events.
     * @return the kind
     */
    public EventKind kind() {
        return kind;
    }

    /**
     * Number of events.
     * @return the event count this step, ≥ 0
     */
    public int count() {
        return b.count();
    }

    private int i(int i) {
        if (i < 0 || i >= b.count()) {
            throw new IndexOutOfBoundsException(kind.label() + " event " + i + "; allowed: 0.." + (b.count() - 1));
        }
        return i;
    }

    /**
     * The (first) body: contact body A, the piece, the sleeping or moving body; the crumbled cluster's former
     * body; null for a broken collection and for a piece a kill field removed ({@link #cause} 1 of a removal).
     * @param i the event, 0 ≤ i &lt; {@link #count()}
     * @return the body, or null
     */
    public BodyId bodyA(int i) {
        return id(b.ids[EventBuffer.A][i(i)]);
    }

    private BodyId id(long handle) {
        return world != null ? world.idOf(handle) : handle < 0 ? null : new BodyId(handle);
    }

    /**
     * The second body: contact body B, or for breaks the holder the piece came from; null when none.
     * @param i the event, 0 ≤ i &lt; {@link #count()}
     * @return the body, or null
     */
    public BodyId bodyB(int i) {
        return id(b.ids[EventBuffer.B][i(i)]);
    }

    /**
     * {@link #bodyA}'s handle as a primitive (-1 = none).
     * @param i the event, 0 ≤ i &lt; {@link #count()}
     * @return the handle, or -1
     */
    public long handleA(int i) {
        return b.ids[EventBuffer.A][i(i)];
    }

    /**
     * {@link #bodyB}'s handle as a primitive (-1 = none).
     * @param i the event, 0 ≤ i &lt; {@link #count()}
     * @return the handle, or -1
     */
    public long handleB(int i) {
        return b.ids[EventBuffer.B][i(i)];
    }

    /**
     * Contacts: the sub-shape pair's key (compounds and meshes have several per body pair); -1 otherwise.
     * @param i the event, 0 ≤ i &lt; {@link #count()}
     * @return the key, or -1
     */
    public long subShape(int i) {
        return b.ids[EventBuffer.SUB][i(i)];
    }

    /**
     * Contacts (begin, end, hit) on a cluster union's body: the welded member that body A's side touched
     * — the wall of a welded bridge that was hit — while {@link #bodyA} names the union's body, which
     * moves for its members (docs/events.md, "Cluster unions"); null when body A is not a union's body.
     * @param i the event, 0 ≤ i &lt; {@link #count()}
     * @return the member's body, or null
     */
    public BodyId memberA(int i) {
        return id(b.ids[EventBuffer.MEMBER_A][i(i)]);
    }

    /**
     * As {@link #memberA} for body B's side.
     * @param i the event, 0 ≤ i &lt; {@link #count()}
     * @return the member's body, or null
     */
    public BodyId memberB(int i) {
        return id(b.ids[EventBuffer.MEMBER_B][i(i)]);
    }

    /**
     * {@link #memberA}'s handle as a primitive (-1 = none).
     * @param i the event, 0 ≤ i &lt; {@link #count()}
     * @return the handle, or -1
     */
    public long memberHandleA(int i) {
        return b.ids[EventBuffer.MEMBER_A][i(i)];
    }

    /**
     * {@link #memberB}'s handle as a primitive (-1 = none).
     * @param i the event, 0 ≤ i &lt; {@link #count()}
     * @return the handle, or -1
     */
    public long memberHandleB(int i) {
        return b.ids[EventBuffer.MEMBER_B][i(i)];
    }

    /**
     * Constraint breaks: the constraint that broke; null for other kinds.
     * @param i the event, 0 ≤ i &lt; {@link #count()}
     * @return the constraint, or null
     */
    public ConstraintId constraint(int i) {
        int k = i(i);
        return kind == EventKind.CONSTRAINT_BREAK
                ? new ConstraintId((int) b.ids[EventBuffer.SUB][k], world != null ? world.identity() : 0) : null;
    }

    /**
     * Constraint breaks: the constraint's force when it broke, N (its linear rows' impulses over the
     * sub-step).
     * @param i the event, 0 ≤ i &lt; {@link #count()}
     * @return the force, N
     */
    public double force(int i) {
        return kind == EventKind.CONSTRAINT_BREAK ? b.d[EventBuffer.LOAD][i(i)] : 0;
    }

    /**
     * Constraint breaks: the constraint's torque when it broke, N·m (its angular rows').
     * @param i the event, 0 ≤ i &lt; {@link #count()}
     * @return the torque, N·m
     */
    public double torque(int i) {
        return kind == EventKind.CONSTRAINT_BREAK ? b.d[EventBuffer.IMPULSE][i(i)] : 0;
    }

    /**
     * Destruction kinds: the placed collection's index; -1 otherwise.
     * @param i the event, 0 ≤ i &lt; {@link #count()}
     * @return the collection index, or -1
     */
    public int collection(int i) {
        return b.ints[EventBuffer.COLLECTION][i(i)];
    }

    /**
     * Pieces: the asset node (-1 for an internal cluster).
     * @param i the event, 0 ≤ i &lt; {@link #count()}
     * @return the node, or -1
     */
    public int node(int i) {
        return b.ints[EventBuffer.NODE][i(i)];
    }

    /**
     * Breaks: 0 its load reached its threshold, 1 released with no bonds left, 2 a new internal cluster.
     * Removals: 0 its removal timer ran out and its body was retired, 1 a {@code kill} field took it out of
     * its holder (it had no body of its own: {@link #bodyA} is then null).
     * @param i the event, 0 ≤ i &lt; {@link #count()}
     * @return the cause code, 0, 1 or 2
     */
    public int cause(int i) {
        return b.ints[EventBuffer.CAUSE][i(i)];
    }

    /**
     * Where: a contact's point (on A), a piece's or body's centre of mass, a crumble's mass centre.
     * @param i the event, 0 ≤ i &lt; {@link #count()}
     * @param dest receives the point, metres, world frame
     * @return dest
     */
    public Vector3d point(int i, Vector3d dest) {
        return get(i, EventBuffer.PX, dest);
    }

    /**
     * Contacts: the unit normal from A to B.
     * @param i the event, 0 ≤ i &lt; {@link #count()}
     * @param dest receives the normal
     * @return dest
     */
    public Vector3d normal(int i, Vector3d dest) {
        return get(i, EventBuffer.NX, dest);
    }

    /**
     * Pieces and bodies: orientation.
     * @param i the event, 0 ≤ i &lt; {@link #count()}
     * @param dest receives the orientation
     * @return dest
     */
    public Quaterniond orientation(int i, Quaterniond dest) {
        double[][] d = b.d;
        int k = i(i);
        return dest.set(d[EventBuffer.QX][k], d[EventBuffer.QY][k], d[EventBuffer.QZ][k], d[EventBuffer.QW][k]);
    }

    /**
     * m/s: contacts the approach speed, others the linear speed.
     * @param i the event, 0 ≤ i &lt; {@link #count()}
     * @return the speed, m/s, ≥ 0
     */
    public double speed(int i) {
        return b.d[EventBuffer.SPEED][i(i)];
    }

    /**
     * Contacts: the normal impulse this step, N·s (constraint breaks: the torque, as {@link #torque}).
     * @param i the event, 0 ≤ i &lt; {@link #count()}
     * @return the impulse, N·s
     */
    public double impulse(int i) {
        return b.d[EventBuffer.IMPULSE][i(i)];
    }

    /**
     * Mass of A (the piece, the body, a crumble's total), kg; infinite for static and kinematic bodies.
     * @param i the event, 0 ≤ i &lt; {@link #count()}
     * @return the mass, kg
     */
    public double massA(int i) {
        return b.d[EventBuffer.MASS_A][i(i)];
    }

    /**
     * Contacts and constraint breaks: mass of B, kg (infinite for the world, static and kinematic bodies).
     * @param i the event, 0 ≤ i &lt; {@link #count()}
     * @return the mass, kg
     */
    public double massB(int i) {
        return b.d[EventBuffer.MASS_B][i(i)];
    }

    /**
     * Pieces: volume, m³.
     * @param i the event, 0 ≤ i &lt; {@link #count()}
     * @return the volume, m³
     */
    public double volume(int i) {
        return b.d[EventBuffer.VOLUME][i(i)];
    }

    /**
     * Breaks: the load that broke the piece (0 for a release or a new cluster).
     * @param i the event, 0 ≤ i &lt; {@link #count()}
     * @return the load, N·s (N for force-based damage models)
     */
    public double load(int i) {
        return b.d[EventBuffer.LOAD][i(i)];
    }

    /**
     * Linear velocity of A, m/s (pieces: as released, inherited velocity included).
     * @param i the event, 0 ≤ i &lt; {@link #count()}
     * @param dest receives the velocity, m/s, world frame
     * @return dest
     */
    public Vector3d velocityA(int i, Vector3d dest) {
        return get(i, EventBuffer.VAX, dest);
    }

    /**
     * Angular velocity of A, rad/s.
     * @param i the event, 0 ≤ i &lt; {@link #count()}
     * @param dest receives the angular velocity, rad/s, world frame
     * @return dest
     */
    public Vector3d angularVelocityA(int i, Vector3d dest) {
        return get(i, EventBuffer.WAX, dest);
    }

    /**
     * Contacts: linear velocity of B, m/s.
     * @param i the event, 0 ≤ i &lt; {@link #count()}
     * @param dest receives the velocity, m/s, world frame
     * @return dest
     */
    public Vector3d velocityB(int i, Vector3d dest) {
        return get(i, EventBuffer.VBX, dest);
    }

    /**
     * Contacts: angular velocity of B, rad/s.
     * @param i the event, 0 ≤ i &lt; {@link #count()}
     * @param dest receives the angular velocity, rad/s, world frame
     * @return dest
     */
    public Vector3d angularVelocityB(int i, Vector3d dest) {
        return get(i, EventBuffer.WBX, dest);
    }

    /**
     * Contacts: the materials, friction and restitution of A and B.
     * @param i the event, 0 ≤ i &lt; {@link #count()}
     * @return A's friction coefficient, ≥ 0
     */
    public double frictionA(int i) {
        return b.d[EventBuffer.FRICTION_A][i(i)];
    }

    /**
     * Contacts: the restitution of A.
     * @param i the event, 0 ≤ i &lt; {@link #count()}
     * @return A's restitution, ≥ 0
     */
    public double restitutionA(int i) {
        return b.d[EventBuffer.RESTITUTION_A][i(i)];
    }

    /**
     * Contacts: the friction coefficient of B.
     * @param i the event, 0 ≤ i &lt; {@link #count()}
     * @return B's friction coefficient, ≥ 0
     */
    public double frictionB(int i) {
        return b.d[EventBuffer.FRICTION_B][i(i)];
    }

    /**
     * Contacts: the restitution of B.
     * @param i the event, 0 ≤ i &lt; {@link #count()}
     * @return B's restitution, ≥ 0
     */
    public double restitutionB(int i) {
        return b.d[EventBuffer.RESTITUTION_B][i(i)];
    }

    /**
     * Pieces: lower corner of the bounds (the broadphase's, one step of motion included).
     * @param i the event, 0 ≤ i &lt; {@link #count()}
     * @param dest receives the corner, metres, world frame
     * @return dest
     */
    public Vector3d boundsMin(int i, Vector3d dest) {
        return get(i, EventBuffer.MIN_X, dest);
    }

    /**
     * Pieces: upper corner of the bounds.
     * @param i the event, 0 ≤ i &lt; {@link #count()}
     * @param dest receives the corner, metres, world frame
     * @return dest
     */
    public Vector3d boundsMax(int i, Vector3d dest) {
        return get(i, EventBuffer.MAX_X, dest);
    }

    /**
     * Crumbles: number of asset nodes released.
     * @param i the event, 0 ≤ i &lt; {@link #count()}
     * @return the number of released nodes
     */
    public int childCount(int i) {
        return b.ints[EventBuffer.CHILD_COUNT][i(i)];
    }

    /**
     * Crumbles: released asset node {@code k}.
     * @param i the event, 0 ≤ i &lt; {@link #count()}
     * @param k the released node's position in the list, 0 ≤ k &lt; {@link #childCount(int) childCount(i)}
     * @return the asset node id
     */
    public int child(int i, int k) {
        int n = childCount(i);
        if (k < 0 || k >= n) {
            throw new IndexOutOfBoundsException("child " + k + "; allowed: 0.." + (n - 1));
        }
        return b.children[b.ints[EventBuffer.CHILD_START][i] + k];
    }

    /**
     * Internal: the raw buffer (tools: journal, console, JSON lines).
     * @return the event buffer
     */
    public EventBuffer buffer() {
        return b;
    }

    private Vector3d get(int i, int f, Vector3d dest) {
        double[][] d = b.d;
        int k = i(i);
        return dest.set(d[f][k], d[f + 1][k], d[f + 2][k]);
    }
}
