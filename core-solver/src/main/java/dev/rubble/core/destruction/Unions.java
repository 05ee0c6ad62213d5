package dev.rubble.core.destruction;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.body.StateHash;
import dev.rubble.core.command.Command;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeMap;

/**
 * Cluster unions (issue 29; reference: chaos-clusters-strain-runtime §8, §4.4): rigid bodies and
 * pieces of placed collections welded at run time into ONE rigid body, which comes apart again by
 * connectivity when a member breaks or leaves.
 *
 * <pre>
 *  operations   add (a body, or a placed collection's pieces), add-released (break the collection
 *               into its children first; they join after this step's DESTRUCTION slot), remove,
 *               set child-to-parent; queued by commands, flushed at the end of the COMMANDS slot:
 *               removes, then adds, then child-to-parent updates (a stable sort of the batch)
 *  rebuild      once per touched union per batch: members' world poses written back from the union
 *               body, connectivity check if someone left, then mass (sum), centre of mass, inertia
 *               (each member's tensor moved to the union's centre by the parallel-axis theorem, then
 *               diagonalised), linear and angular momentum kept, a compound with every member's own
 *               sub-shapes (a collection piece keeps its hulls), a new body; members are disabled
 *  merged       one-way (debris) AND, gravity AND (0 if any member has none, else the mass-weighted
 *               mean scale), sleep threshold min, damping max; friction and restitution of member 0
 *  edges        {@link UnionEdges}: bounds-overlap-filtered Delaunay (1 cm) and shapes within 5 cm
 *  strain       a contact on the union is routed by its compound child to the member it hit and, for a
 *               collection piece, into that piece's own cluster tree ({@link #memberSlot})
 *  leaving      a member whose body a break retired leaves; the rest is split into connected islands:
 *               the first island with a main member keeps the union, other islands of two or more with a
 *               main member become new unions, islands of auxiliary members only and single members go
 *               free; a union left with one member dissolves
 * </pre>
 *
 * Costs nothing while no union exists. Not thread-safe: the step owns it.
 */
public final class Unions implements dev.rubble.core.dynamics.Carriers {
    static final int REMOVE = 0, ADD = 1, UPDATE = 2;

    /** One member: a body, disabled while it is in the union, and its origin pose in the union frame. */
    static final class Member {
        long handle;
        boolean auxiliary;
        /** Whether the union body carries it (its local pose is valid). */
        boolean in;
        /** Whether its own body was kinematic when the union's body was last made (it held the union kinematic). */
        boolean kinematic;
        /** Whether its own body was static when the union's body was last made (it held the union static). */
        boolean fixed;
        double lx, ly, lz, lqx, lqy, lqz, lqw = 1;

        Member(long handle, boolean auxiliary) {
            this.handle = handle;
            this.auxiliary = auxiliary;
        }
    }

    /** One union: its body (or -1 before the first rebuild), members, edges, compound child → member. */
    static final class Union {
        final int id;
        long body = -1;
        /** Set when it leaves {@link #unions} (its last member left): a slot's entry for it is stale. */
        boolean removed;
        final List<Member> members = new ArrayList<>();
        long[] edges = new long[0];
        int[] childMember = new int[0];
        boolean check;
        /** Pieces of a broken member joined: the edges are found again (over every member) before the connectivity check. */
        boolean regraph;
        /** Its support graph while a member's collection has a stress model (issue 30; {@link UnionStress}). */
        UnionStress.Graph stress;
        /**
         * The union's own settings, taken from its body before a rebuild retires it (or from the union an
         * island split off) and given to the new body: what a field or the API set on the welded structure
         * outlives the rebuild (docs/destruction.md, "Cluster unions"). Valid while {@code own}.
         */
        boolean own;
        /** The motion a field or the API gave its body ({@code MotionType} ordinal), or {@link #NO_OWN_MOTION}: as derived. */
        byte ownMotion;
        byte ownState;
        int ownLayer, ownMask;
        double ownSleep, ownDisable;
        /** The event kinds switched on for its body (docs/events.md), carried to the new body. */
        int ownEvents;
        /**
         * The motion types of the members that left since its body was made ({@code 1 << ordinal}; they were
         * in it): with the members still in, what its body's motion was derived from ({@link #membersMotion}).
         * Cleared by the rebuild that follows in the same step, so never part of the state between steps.
         */
        int leftMotions;

        /**
         * Takes the settings of body slot {@code s} (the union's live body). Its motion counts as the
         * union's own only where it differs from {@code derived}, the motion its members gave it (a field
         * or the API froze the structure); otherwise the rebuilt body takes its members' motion again.
         */
        void capture(BodyStore b, int s, byte derived) {
            own = true;
            ownMotion = b.motion[s] != derived ? b.motion[s] : NO_OWN_MOTION;
            ownState = b.state[s];
            ownLayer = b.collisionLayer[s];
            ownMask = b.collisionMask[s];
            ownSleep = b.sleepThreshold[s];
            ownDisable = b.disableThreshold[s];
        }

        /** Takes {@code from}'s captured settings (an island split off it). */
        void inherit(Union from) {
            own = from.own;
            ownMotion = from.ownMotion;
            ownState = from.ownState;
            ownLayer = from.ownLayer;
            ownMask = from.ownMask;
            ownSleep = from.ownSleep;
            ownDisable = from.ownDisable;
            ownEvents = from.ownEvents;
        }

        Union(int id) {
            this.id = id;
        }

        int indexOf(long handle) {
            for (int i = 0; i < members.size(); i++) {
                if (members.get(i).handle == handle) {
                    return i;
                }
            }
            return -1;
        }
    }

    record Op(int kind, Command.ClusterUnion command) {
    }

    private final DestructionContext d;
    /** {@link Union#ownMotion} when the union's body had the motion its members gave it. */
    static final byte NO_OWN_MOTION = -1;

    final UnionLog log = new UnionLog();
    final TreeMap<Integer, Union> unions = new TreeMap<>();
    final List<Op> pending = new ArrayList<>();
    /**
     * Unions (ids, each once) whose members' motion changed outside the batch this step (an anchor set or cleared
     * on a welded holder: {@link #motionChanged}); the batch's flush rebuilds them with the rest.
     */
    final java.util.TreeSet<Integer> motionChangedIds = new java.util.TreeSet<>();
    /** AddCollection(released) operations waiting for this step's DESTRUCTION slot to release the children. */
    final List<Command.UnionAddCollection> afterRelease = new ArrayList<>();
    /** The unions in id order, refreshed when one is created or removed: the step's loops allocate nothing. */
    Union[] list = new Union[0];
    int listCount;
    /** Body slot → the union whose body it was made for, or null (checked against the slot's handle). */
    private Union[] unionOfSlot = new Union[0];
    private final double[] tmp = new double[3];
    /** Member poses and the rebuild of union bodies. */
    private final UnionBody body;
    /** The queued operations, joining and leaving, what breaks change. */
    private final UnionBatch batch;

    Unions(DestructionContext d) {
        this.d = d;
        this.body = new UnionBody(d, this);
        this.batch = new UnionBatch(d, this, body);
    }

    /**
     * A member leaving union u goes back into the simulation, awake, with its union's motion type as with
     * its velocity (a union frozen kinematic or static by a field lets its members go frozen) — unless the
     * union's body is out of the simulation (disabled: killed by a field, or under its disable threshold),
     * which the member then stays out of too.
     */
    void free(Union u, long member) {
        byte state, motion;
        if (live(u.body)) {
            state = d.bodies.state[(int) u.body];
            motion = d.bodies.motion[(int) u.body];
            if (motion == membersMotion(u)) {
                // the motion its members gave it (a kinematic member held it): the member goes with its own
                motion = (byte) MotionType.DYNAMIC.ordinal();
            }
        } else if (u.own) {
            state = u.ownState;
            motion = u.ownMotion == NO_OWN_MOTION ? (byte) MotionType.DYNAMIC.ordinal() : u.ownMotion;
        } else {
            d.host.enableBody(member);
            return;
        }
        if (state == (byte) dev.rubble.core.body.BodyState.DISABLED.ordinal()) {
            return;
        }
        d.host.enableBody(member);
        if (motion != (byte) MotionType.DYNAMIC.ordinal()) {
            d.host.setMotion(member, MotionType.values()[motion]);
        }
    }

    /**
     * The motion union u's body was made with, from the members it carries and those that left since
     * ({@link Union#leftMotions}): Chaos's {@code UpdateKinematicProperties} (reference §3.4, §8.2) —
     * static when any member is static, else kinematic when any member is kinematic (an anchored
     * collection's holder, a kinematic body), else dynamic. (Chaos takes the first non-dynamic child its
     * search meets, an order Rubble does not have; static first, because a static body must not move.)
     */
    byte membersMotion(Union u) {
        int bits = u.leftMotions;
        for (int i = 0, n = u.members.size(); i < n; i++) {
            Member m = u.members.get(i);
            if (m.in) {
                bits |= motionBit(m);
            }
        }
        return motionOf(bits);
    }

    /** Member m's motion type when the union's body was last made, as a bit ({@code 1 << ordinal}). */
    static int motionBit(Member m) {
        return 1 << (m.fixed ? MotionType.STATIC : m.kinematic ? MotionType.KINEMATIC : MotionType.DYNAMIC).ordinal();
    }

    /** The union motion of member motion types {@code bits} ({@code 1 << ordinal}): static over kinematic over dynamic. */
    static byte motionOf(int bits) {
        if ((bits & (1 << MotionType.STATIC.ordinal())) != 0) {
            return (byte) MotionType.STATIC.ordinal();
        }
        return (byte) ((bits & (1 << MotionType.KINEMATIC.ordinal())) != 0 ? MotionType.KINEMATIC.ordinal()
                : MotionType.DYNAMIC.ordinal());
    }

    /** Whether any union exists. */
    public boolean any() {
        return !unions.isEmpty();
    }

    // ---- commands --------------------------------------------------------------------------

    /**
     * Checks an operation when it is queued: the body must be live and not a union body (a static or kinematic
     * member holds its union static or kinematic); the collection must exist.
     */
    public void validate(Command.ClusterUnion c) {
        if (c instanceof Command.UnionAdd a) {
            int s = liveSlot(a.body(), "body");
            dev.rubble.spi.shape.Shape sh = d.bodies.shape[s];
            if (!sh.isConvex() && !(sh instanceof dev.rubble.spi.shape.Compound)) {
                // the union's body is a compound of its members' shapes (static bodies may be meshes or planes)
                throw new IllegalArgumentException("body = " + BodyStore.handleString(a.body()) + " has shape "
                        + sh.type() + "; allowed: convex shapes (sphere, box, capsule, convex hull) and compounds of"
                        + " them in a union (its body is a compound of its members' shapes)");
            }
            if (unionAt(s) != null) {
                throw new IllegalArgumentException("body = " + BodyStore.handleString(a.body())
                        + " is a union's body; allowed: plain bodies and collection pieces");
            }
        } else if (c instanceof Command.UnionAddCollection a) {
            d.collection(a.collection());
        } else if (c instanceof Command.UnionRemove r) {
            if (r.body() < 0) {
                throw new IllegalArgumentException("body = " + r.body() + "; allowed: a body handle");
            }
        }
    }

    /**
     * Refuses body {@code handle} as side {@code which} ("a", "b") of a constraint when it is a cluster
     * union's own body (shown as {@code shown}): that body is made again whenever the union's members
     * change, so a joint on it would go silently dead at the next rebuild (docs/constraints.md "Joints on
     * collections"). The same check and words for the public API and for commands queued on the kernel.
     *
     * @throws IllegalArgumentException naming the body, the union and what is allowed
     */
    public void refuseConstraintOnUnionBody(String which, long handle, String shown) {
        int id = unions.isEmpty() ? -1 : unionOfBody(handle);
        if (id >= 0) {
            throw new IllegalArgumentException("constraint body " + which + " = " + shown + " is cluster union " + id
                    + "'s body, which is made again whenever its members change; allowed: a member of the union"
                    + " (its constraints act on the union's body while it is welded)");
        }
    }

    /** Queues an operation (the COMMANDS slot); {@link #flush} applies the batch. */
    public void queue(Command.ClusterUnion c) {
        // checked when queued (World.queue); what changed since (a body broken or made static) is skipped by the flush
        int kind = c instanceof Command.UnionRemove ? REMOVE : c instanceof Command.UnionSetChildToParent ? UPDATE : ADD;
        pending.add(new Op(kind, c));
    }

    /**
     * Member {@code handle}'s own motion type changed (an anchor set or cleared on the welded holder's nodes): its
     * union, if any, is rebuilt by this step's flush so that its motion follows at once (Chaos calls
     * {@code UpdateKinematicProperties} on the top parent when anchors change, reference §3.4).
     */
    void motionChanged(long handle) {
        int id = unions.isEmpty() ? -1 : unionOfMember(handle);
        if (id >= 0) {
            motionChangedIds.add(id);
        }
    }

    /** Applies the queued batch: removes, adds, child-to-parent updates; then rebuilds each touched union once ({@link UnionBatch}). */
    public void flush() {
        log.clear();
        log.commands = true;
        try {
            batch.flush();
        } finally {
            log.commands = false;
        }
    }

    /** The union bodies this step created and retired, in order (journals: playback re-creates them). */
    public UnionLog log() {
        return log;
    }

    /** Destruction events of this step before an operation now: none during the COMMANDS flush. */
    int eventsBefore() {
        return log.commands ? 0 : d.events.count();
    }

    /**
     * The shape of a union body whose members have shapes {@code shapes} at origin poses
     * {@code poses} (7 per member: x y z qx qy qz qw, in the union frame): every member's sub-shapes,
     * as the runtime builds it (playback of a journal re-creates union bodies with it).
     */
    public static dev.rubble.spi.shape.Compound compound(dev.rubble.spi.shape.Shape[] shapes, double[] poses, int from, int n) {
        List<dev.rubble.spi.shape.Compound.Child> children = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int o = 7 * (from + i);
            UnionBody.appendChildren(shapes[i], poses[o], poses[o + 1], poses[o + 2], poses[o + 3], poses[o + 4],
                    poses[o + 5], poses[o + 6], children);
        }
        return new dev.rubble.spi.shape.Compound(children);
    }

    // ---- the step --------------------------------------------------------------------------

    /**
     * Writes every member's pose and velocity from its union's body (before strain is gathered and
     * pieces released, which read the member's own body).
     */
    void syncMembers() {
        for (int i = 0; i < listCount; i++) {
            body.syncAll(list[i]);
        }
    }

    /** Refreshes {@link #list} from the map (after unions were created or removed). */
    void relist() {
        if (list.length < unions.size()) {
            list = new Union[Math.max(4, 2 * unions.size())];
        }
        java.util.Arrays.fill(list, null);
        listCount = 0;
        for (Union u : unions.values()) {
            list[listCount++] = u;
        }
    }

    /**
     * After breaks (the DESTRUCTION slot, the impact pass): members whose bodies a break retired
     * leave and their unions are split by connectivity; collections added released join now ({@link UnionBatch}).
     */
    void afterBreaks() {
        batch.afterBreaks(false);
    }

    /** Batches of union rebuilds so far (a count that only grows; not saved): read before and after a slot, it
     *  tells whether the slot rebuilt, split or dissolved any union, and so may have made or freed bodies. */
    long rebuilds;

    /** How many batches of union rebuilds have run in this world's life (not saved in snapshots). */
    public long rebuilds() {
        return rebuilds;
    }

    /**
     * The DESTRUCTION slot's {@link #afterBreaks}: the members a kill field marked in this step leave their
     * unions too, killed ({@link #markKilled}); the marks are forgotten.
     */
    void afterBreaksAndKills() {
        batch.afterBreaks(true);
    }

    boolean live(long h) {
        int s = (int) h;
        return h >= 0 && s < d.bodies.slotLimit() && d.bodies.isLive(s) && d.bodies.handle(s) == h;
    }

    /** One past the highest body slot ever used. */
    int slotLimit() {
        return d.bodies.slotLimit();
    }

    int liveSlot(long h, String field) {
        if (!live(h)) {
            throw new IllegalArgumentException(field + " = " + BodyStore.handleString(h) + " is not a live body; allowed: a live body's handle");
        }
        return (int) h;
    }

    /** Records (or, with null, clears) the union whose body is in slot s. */
    void setUnionSlot(int s, Union u) {
        if (s >= unionOfSlot.length) {
            unionOfSlot = Arrays.copyOf(unionOfSlot, Math.max(s + 1, 2 * unionOfSlot.length));
        }
        unionOfSlot[s] = u;
    }

    /** The union whose body is in slot s, or null (an array read: asked per contact and per field sample). */
    Union unionAt(int s) {
        if (s < 0 || s >= unionOfSlot.length) {
            return null;
        }
        Union u = unionOfSlot[s];
        return u != null && !u.removed && u.body == d.bodies.handle(s) ? u : null;
    }

    // ---- strain routing ----------------------------------------------------------------------

    /** Whether slot s is a union's body (cheap when there are none). */
    boolean isUnion(int s) {
        return !unions.isEmpty() && unionAt(s) != null;
    }

    /**
     * The body slot that holds what side A ({@code sideA}) or B of store manifold {@code m} touches: on a
     * cluster union's body (which holds no node itself) the member its compound key names (-1 when none),
     * else the body itself. Where strain, impacts and momentum return find the holder a contact hit.
     */
    int touched(dev.rubble.core.collision.ContactStore c, int m, boolean sideA) {
        int s = sideA ? c.bodyA[m] : c.bodyB[m];
        return !unions.isEmpty() && unionAt(s) != null ? memberSlot(s, c.key[m], sideA) : s;
    }

    /** The body slot of the welded member whose shape is child {@code child} of union body {@code s}'s compound, or -1. */
    int memberOfChild(int s, int child) {
        Union u = unionAt(s);
        if (u == null || child < 0 || child >= u.childMember.length) {
            return -1;
        }
        Member m = u.members.get(u.childMember[child]);
        return live(m.handle) ? (int) m.handle : -1;
    }

    /**
     * The body slot of the member that compound child {@code key} hit on union body {@code s}
     * (side A: the key's bits 48..63, side B: 32..47; see the narrowphase's compound keys), or -1.
     */
    int memberSlot(int s, long key, boolean sideA) {
        Union u = unionAt(s);
        if (u == null) {
            return -1;
        }
        int child = (int) ((sideA ? key >>> 48 : key >>> 32) & 0xffff) - 1;
        if (child < 0 || child >= u.childMember.length) {
            return -1;
        }
        Member m = u.members.get(u.childMember[child]);
        return live(m.handle) ? (int) m.handle : -1;
    }

    /**
     * The handle of the welded member that side A ({@code sideA}) or B of a contact with sub-shape key
     * {@code key} touches on body slot {@code s} when that body is a cluster union's, else -1 (a plain
     * body, or a child the union does not map): what contact events report as the member touched
     * (docs/events.md, "Cluster unions"). An array read; cheap when there are no unions.
     */
    public long memberTouched(int s, long key, boolean sideA) {
        if (unions.isEmpty() || unionAt(s) == null) {
            return -1;
        }
        int m = memberSlot(s, key, sideA);
        return m < 0 ? -1 : d.bodies.handle(m);
    }

    /**
     * The members of union body slot {@code s} that are collection pieces whose hulls come within
     * {@code radius} (metres, ≥ 0) of world point (x, y, z), nearest first (ties in member order), as
     * body handles; empty for any other body. A scene query finds the union's body, which holds no node;
     * these are the pieces welded into it where the query touched it (members take their union's pose
     * in every step's DESTRUCTION slot). Allocates (API queries).
     */
    long[] piecesNear(int s, double x, double y, double z, double radius) {
        Union u = unionAt(s);
        if (u == null) {
            return new long[0];
        }
        int n = u.members.size();
        long[] found = new long[n];
        double[] dist = new double[n];
        int k = 0;
        for (int i = 0; i < n; i++) {
            Member m = u.members.get(i);
            if (!m.in || !live(m.handle)) {
                continue;
            }
            double dm = PieceLookup.distance(d, (int) m.handle, x, y, z);
            if (!(dm <= radius)) {
                continue;
            }
            int j = k++;
            while (j > 0 && dist[j - 1] > dm) { // stable insertion: ties keep member order
                dist[j] = dist[j - 1];
                found[j] = found[j - 1];
                j--;
            }
            dist[j] = dm;
            found[j] = m.handle;
        }
        return Arrays.copyOf(found, k);
    }

    /**
     * The handle of the union body that carries member {@code handle} (welded, disabled), or -1: where a
     * push on the member goes (issue 29). O(unions · members).
     */
    public long carrierOf(long handle) {
        int s = carrierSlot(handle);
        return s < 0 ? -1 : d.bodies.handle(s);
    }

    /**
     * The pose the union body carrying member {@code handle} must take for the member's origin to be at
     * (x, y, z) turned by q (unit), into {@code out}: the union's centre of mass (3), then its orientation
     * (x, y, z, w); false when the body is not welded. The inverse of the members' placement
     * ({@code q_member = q_union lq}, {@code origin = x_union + R_union l}): {@code q_union = q conj(lq)},
     * {@code x_union = origin − R_union l}.
     */
    public boolean carrierPoseFor(long handle, double x, double y, double z, double qx, double qy, double qz, double qw,
                                  double[] out) {
        for (int k = 0; k < listCount; k++) {
            Union u = list[k];
            int i = u.indexOf(handle);
            if (i < 0 || !u.members.get(i).in || !live(u.body)) {
                continue;
            }
            Member m = u.members.get(i);
            // q conj(lq)
            double cx = -m.lqx, cy = -m.lqy, cz = -m.lqz, cw = m.lqw;
            double nw = qw * cw - qx * cx - qy * cy - qz * cz;
            double nx = qw * cx + qx * cw + qy * cz - qz * cy;
            double ny = qw * cy - qx * cz + qy * cw + qz * cx;
            double nz = qw * cz + qx * cy - qy * cx + qz * cw;
            out[0] = x - Rot.x(nx, ny, nz, nw, m.lx, m.ly, m.lz);
            out[1] = y - Rot.y(nx, ny, nz, nw, m.lx, m.ly, m.lz);
            out[2] = z - Rot.z(nx, ny, nz, nw, m.lx, m.ly, m.lz);
            out[3] = nx;
            out[4] = ny;
            out[5] = nz;
            out[6] = nw;
            return true;
        }
        return false;
    }

    /** The slot of the union body that carries member {@code handle} (welded, disabled), or -1. O(members). */
    /**
     * The union body carrying the welded member in {@code slot} and the member's origin pose in the union
     * frame (from the union's centre of mass; {@link dev.rubble.core.dynamics.Carriers}), or -1: where the
     * member's constraints are solved (issue 29). O(unions · members); nothing when no union exists.
     */
    @Override
    public int carrier(int slot, double[] out) {
        if (unions.isEmpty()) {
            return -1;
        }
        long handle = d.bodies.handle(slot);
        for (int k = 0; k < listCount; k++) {
            Union u = list[k];
            int i = u.indexOf(handle);
            if (i >= 0 && u.members.get(i).in && live(u.body)) {
                Member m = u.members.get(i);
                out[0] = m.lx;
                out[1] = m.ly;
                out[2] = m.lz;
                out[3] = m.lqx;
                out[4] = m.lqy;
                out[5] = m.lqz;
                out[6] = m.lqw;
                return (int) u.body;
            }
        }
        return -1;
    }

    // ---- members killed by a field ---------------------------------------------------------
    // A kill field marks welded members (FieldHooks.killMember) in the FIELDS slot; this step's DESTRUCTION
    // slot lets them leave their unions killed (UnionBatch.afterBreaks), or forgets the marks when the
    // union's body itself was killed (every member stays welded into it). Empty between steps.

    /** Member handles a kill field marked in this step ({@link #markKilled}), in marking order. */
    private long[] killed = new long[4];
    private int killedCount;

    /** Whether a kill field marked a welded member in this step. */
    boolean killsMarked() {
        return killedCount > 0;
    }

    /** Marks welded member {@code handle} killed in this step. */
    void markKilled(long handle) {
        if (killed(handle)) {
            return;
        }
        if (killedCount == killed.length) {
            killed = Arrays.copyOf(killed, 2 * killedCount);
        }
        killed[killedCount++] = handle;
    }

    /** Whether a kill field marked member {@code handle} in this step. */
    boolean killed(long handle) {
        return wasKilled(handle, killedCount);
    }

    /** Forgets this step's kill marks; returns how many there were (still readable by {@link #wasKilled}). */
    int takeKilled() {
        int n = killedCount;
        killedCount = 0;
        return n;
    }

    /** Whether member {@code handle} is among the first {@code n} kill marks. */
    boolean wasKilled(long handle, int n) {
        for (int k = 0; k < n; k++) {
            if (killed[k] == handle) {
                return true;
            }
        }
        return false;
    }

    /**
     * The welded member in {@code slot} as its union's body carries it now, into {@code out} (10): its
     * centre of mass (3), orientation (4) and the velocity of its centre of mass (3), {@code v_u + ω_u × r};
     * false when it is not carried. Its own (disabled) body holds this only after the DESTRUCTION slot's sync.
     */
    boolean carriedState(int slot, double[] out) {
        int us = carrier(slot, out);
        if (us < 0) {
            return false;
        }
        BodyStore b = d.bodies;
        double lx = out[0], ly = out[1], lz = out[2], lqx = out[3], lqy = out[4], lqz = out[5], lqw = out[6];
        double qx = b.qx[us], qy = b.qy[us], qz = b.qz[us], qw = b.qw[us];
        // q = q_u lq; origin = x_u + R_u l; centre = origin + R lc
        double nw = qw * lqw - qx * lqx - qy * lqy - qz * lqz;
        double nx = qw * lqx + qx * lqw + qy * lqz - qz * lqy;
        double ny = qw * lqy - qx * lqz + qy * lqw + qz * lqx;
        double nz = qw * lqz + qx * lqy - qy * lqx + qz * lqw;
        double rx = Rot.x(qx, qy, qz, qw, lx, ly, lz) + Rot.x(nx, ny, nz, nw, b.lcx[slot], b.lcy[slot], b.lcz[slot]);
        double ry = Rot.y(qx, qy, qz, qw, lx, ly, lz) + Rot.y(nx, ny, nz, nw, b.lcx[slot], b.lcy[slot], b.lcz[slot]);
        double rz = Rot.z(qx, qy, qz, qw, lx, ly, lz) + Rot.z(nx, ny, nz, nw, b.lcx[slot], b.lcy[slot], b.lcz[slot]);
        double wx = b.wx[us], wy = b.wy[us], wz = b.wz[us];
        out[0] = b.px[us] + rx;
        out[1] = b.py[us] + ry;
        out[2] = b.pz[us] + rz;
        out[3] = nx;
        out[4] = ny;
        out[5] = nz;
        out[6] = nw;
        out[7] = b.vx[us] + wy * rz - wz * ry;
        out[8] = b.vy[us] + wz * rx - wx * rz;
        out[9] = b.vz[us] + wx * ry - wy * rx;
        return true;
    }

    /**
     * Member {@code handle}'s own (disabled) body takes the pose and velocity its union's body carries it at
     * now, as every DESTRUCTION slot gives it; false (nothing changes) when it is not welded. For what reads
     * the member's body before that slot in a step that moved its union (issue 29: a joint added to it).
     */
    public boolean syncMember(long handle) {
        for (int k = 0; k < listCount; k++) {
            Union u = list[k];
            int i = u.indexOf(handle);
            if (i >= 0 && u.members.get(i).in && live(u.body) && live(handle)) {
                body.sync(u, u.members.get(i));
                return true;
            }
        }
        return false;
    }

    /**
     * Every member of the union whose body is in slot {@code s} takes the pose and velocity that body carries
     * it at now (nothing when {@code s} is not a union's body). Called when a command moves a union's body
     * in the COMMANDS slot (a pose, a velocity or an impulse, set on the union's body or on a member), so
     * that what reads a member's own body later in the step — a field sampling its held pieces, the
     * pre-solve hook, a velocity set on another member — sees where the union now carries it, not where the
     * last DESTRUCTION slot left it. Runs that move no union by command are unchanged.
     */
    public void syncCarried(int s) {
        Union u = unions.isEmpty() ? null : unionAt(s);
        if (u != null) {
            body.syncAll(u);
        }
    }

    int carrierSlot(long handle) {
        for (int k = 0; k < listCount; k++) {
            Union u = list[k];
            int i = u.indexOf(handle);
            if (i >= 0 && u.members.get(i).in && live(u.body)) {
                return (int) u.body;
            }
        }
        return -1;
    }

    // ---- reading -----------------------------------------------------------------------------

    /** Ids of the unions, ascending. */
    public int[] ids() {
        return unions.keySet().stream().mapToInt(Integer::intValue).toArray();
    }

    /** Union {@code id}'s body handle, or -1 when there is no such union. */
    public long body(int id) {
        Union u = unions.get(id);
        return u == null ? -1 : u.body;
    }

    /** Union {@code id}'s member bodies in member order (empty when there is no such union). */
    public long[] members(int id) {
        Union u = unions.get(id);
        if (u == null) {
            return new long[0];
        }
        long[] out = new long[u.members.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = u.members.get(i).handle;
        }
        return out;
    }

    /** How many members union {@code id} has (0 when there is no such union). No allocation. */
    public int memberCount(int id) {
        Union u = unions.get(id);
        return u == null ? 0 : u.members.size();
    }

    /** Member {@code k} (in member order) of union {@code id}: its body handle. No allocation. */
    public long member(int id, int k) {
        return unions.get(id).members.get(k).handle;
    }

    /** Union {@code id}'s edges as member-index pairs {@code i << 32 | j} (sorted). */
    public long[] edges(int id) {
        Union u = unions.get(id);
        return u == null ? new long[0] : u.edges.clone();
    }

    /** The union whose body is {@code handle}, or -1. */
    public int unionOfBody(long handle) {
        Union u = live(handle) ? unionAt((int) handle) : null;
        return u == null ? -1 : u.id;
    }

    /**
     * What body slot {@code s} stands for, for a field's object filter ({@link dev.rubble.core.field.FieldPieces#objectKinds}):
     * for a union's body, {@code RIGID} if it carries a plain body and {@code DESTRUCTION} if it carries a
     * collection piece (both bits for both); {@code RIGID} for any other body. O(members); allocates nothing.
     */
    int carriedKinds(int s) {
        Union u = unionAt(s);
        if (u == null) {
            return dev.rubble.core.field.FieldPieces.RIGID;
        }
        int kinds = 0;
        for (int i = 0, n = u.members.size(); i < n; i++) {
            Member m = u.members.get(i);
            if (m.in && live(m.handle)) {
                kinds |= d.nodeOfSlot((int) m.handle) != ClusterStore.NONE ? dev.rubble.core.field.FieldPieces.DESTRUCTION
                        : dev.rubble.core.field.FieldPieces.RIGID;
            }
        }
        return kinds == 0 ? dev.rubble.core.field.FieldPieces.RIGID : kinds;
    }

    /** Whether body {@code handle} is a member of some union (welded). O(unions · members); allocates nothing. */
    boolean isMember(long handle) {
        for (int k = 0; k < listCount; k++) {
            if (list[k].indexOf(handle) >= 0) {
                return true;
            }
        }
        return false;
    }

    /** The union that has body {@code handle} as a member, or -1. */
    public int unionOfMember(long handle) {
        for (Union u : unions.values()) {
            if (u.indexOf(handle) >= 0) {
                return u.id;
            }
        }
        return -1;
    }

    // ---- hash and snapshots --------------------------------------------------------------------

    /** Mixes the unions into h (unchanged while there are none). */
    long hash(long h) {
        for (int k = 0; k < listCount; k++) {
            Union u = list[k];
            h = StateHash.mix(h, ((long) u.id << 32) | u.members.size());
            h = StateHash.mix(h, u.body);
            for (int i = 0, n = u.members.size(); i < n; i++) {
                Member m = u.members.get(i);
                h = StateHash.mix(h, m.handle ^ (m.auxiliary ? Long.MIN_VALUE : 0));
            }
            for (long e : u.edges) {
                h = StateHash.mix(h, e);
            }
        }
        return h;
    }

    /** Writes every union (snapshot section UNIO; between steps nothing is pending). */
    public void write(DataOutput o) throws IOException {
        UnionCodec.write(this, o);
    }

    /** Reads what {@link #write} wrote into an empty runtime whose bodies are restored. */
    public void read(DataInput in) throws IOException {
        UnionCodec.read(this, in);
    }
}
