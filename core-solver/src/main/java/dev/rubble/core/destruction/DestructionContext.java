package dev.rubble.core.destruction;

import dev.rubble.core.command.CollisionProxies;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.body.StateHash;
import dev.rubble.core.collision.ContactStore;
import dev.rubble.spi.shape.InertiaTensor;
import dev.rubble.spi.shape.MassProperties;
import dev.rubble.spi.shape.Shape;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Everything the destruction passes share, held explicitly (reference:
 * chaos-clusters-strain-runtime §2): the world's inputs (bodies, contacts, host, dt), the stores
 * that outlive a step ({@link ClusterStore}, the placed collections, the events, {@link BudgetState},
 * {@link RemovalTimers}), the node lists (active nodes, this step's and the next step's strained
 * children), the body slot → node map, the running digest, and the step's {@link StrainGroups}
 * (what grouping produced for evaluation, propagation and release). A pass keeps its own scratch and
 * sees the others only through this object; none of them knows the {@link DestructionRuntime}.
 * Not thread-safe: the step owns it.
 */
final class DestructionContext {
    /** Contacts approaching slower than this create no strain (Chaos: 1 cm/s = 0.01 m/s). */
    static final double MIN_APPROACH_SPEED = 0.01;
    /**
     * Penetration (m) a contact point may have beyond what its approach explains and still be an impact
     * ({@link #impactImpulse}): room for the solver's softness under load, gravity's pull over a step and
     * rounding. Pieces pressed together in the golden demo's pile reach 2.2 cm beyond their approach
     * (measured); 2 cm cut their loads and changed its hashes, 5 cm changes none.
     */
    static final double OVERLAP_SLACK = 0.05;

    final BodyStore bodies;
    final ContactStore contacts;
    final DestructionHost host;
    final double dt;
    /** The world's speed limits (m/s, rad/s): what a released piece's field velocity that overflowed becomes. */
    double maxLinearSpeed = Double.MAX_VALUE, maxAngularSpeed = Double.MAX_VALUE;
    final ClusterStore store = new ClusterStore();
    final List<PlacedCollection> collections = new ArrayList<>();
    final BreakEvents events = new BreakEvents();
    final BudgetState budget = new BudgetState();
    final RemovalTimers removal = new RemovalTimers();
    final StrainGroups groups = new StrainGroups();
    /** Cluster unions (issue 29): strain on a union's body is routed to the member it hit. */
    final Unions unions = new Unions(this);
    /** The bodies retired since the world last read them and where their pieces went (issue 29: constraints follow). */
    final Successors successors = new Successors();
    /**
     * Momentum (N·s, x y z) that restore breaking momentum gave dynamic bodies from holders of no inverse
     * mass (anchored, kinematic) since the step pipeline last read it: what the anchors gave, which the
     * profile's {@code fixedImpulse} books beside the solve's share ({@link MomentumReturn}).
     */
    final double[] returnedByFixed = new double[3];
    /** World-wide removal timer multiplier (Chaos's p.Chaos.GC.RemovalTimerMultiplier), ≥ 0. */
    double timerMultiplier = 1;

    /** Field velocities written to held pieces this step (issue 24): 6 per node (v, ω), added when released. */
    double[] fieldVel = new double[0];
    int[] fieldVelNodes = new int[16];
    int fieldVelCount;
    /** Held pieces a field released this step (issue 24): {@link #FIELD_DYNAMIC}, {@link #FIELD_KILL}; listed with fieldVelNodes. */
    byte[] fieldRelease = new byte[0];
    static final byte FIELD_DYNAMIC = 1, FIELD_KILL = 2;

    int[] slotNode = new int[0];
    int[] active = new int[16];
    int activeCount;
    int[] list = new int[16];
    int listCount;
    int[] next = new int[16];
    int nextCount;
    long digest = StateHash.OFFSET_BASIS;
    long step;
    /** Holders whose children lost a bond to a {@code CutBond} command this step (split in the DESTRUCTION slot; empty between steps). */
    int[] cutHolders = new int[4];
    int cutCount;
    /** Holders the impact pass broke before this step's solve (issue 22; counted in the step's breaks). */
    int impactBreaks;
    /** Holders split this step by cut bonds (stress, CutBond commands): they broke too (counted in the step's breaks). */
    int cutBreaks;
    /** Events of this step that the break prediction raised (they come first in the step's list; issue 22). */
    int impactEvents;
    /** Grouping's stamp, also the momentum pass's mark of holders that broke (saved: it outlives the step). */
    int stamp;

    DestructionContext(BodyStore bodies, ContactStore contacts, DestructionHost host, double dt) {
        this.bodies = bodies;
        this.contacts = contacts;
        this.host = host;
        this.dt = dt;
    }

    /**
     * The part of impulse {@code j} (N·s) at contact point p (manifold m) that is collision strain
     * (docs/destruction.md "Overlaps are not impacts"). A point no deeper than two steps of its approach
     * and {@link #OVERLAP_SLACK} got there by moving: all of j. A deeper point is an overlap the bodies
     * were put in (a bar placed into the ground, a teleport), which the solver pushes out (at most
     * {@code maxPushVelocity}); that push is no collision (Chaos: an initial overlap's depenetration is
     * no collision impulse), only stopping the point's approach is: at most {@code approach / k}, with
     * {@code k = 1/m_a + 1/m_b + (r_a × n)·I_a⁻¹(r_a × n) + (r_b × n)·I_b⁻¹(r_b × n)} the inverse
     * effective mass along the normal (what stopping that point alone takes). So the push-out, and the
     * wobble an uneven push gives the body, load nothing worth a break, while a body thrown into an
     * overlap still strikes. The separation is the narrowphase's, from the step's start; the approach
     * is the solver's (the caller has checked it, or that a released piece pushed the pair).
     */
    double impactImpulse(ContactStore c, int m, int p, double j) {
        double approach = -c.relativeNormalVelocity[p];
        if (-c.separation[p] <= 2 * Math.max(approach, 0) * dt + OVERLAP_SLACK) {
            return j;
        }
        if (!(approach > 0)) {
            return 0;
        }
        double nx = c.nx[m], ny = c.ny[m], nz = c.nz[m];
        double k = pointInverseMass(c.bodyA[m], c.ax[p], c.ay[p], c.az[p], nx, ny, nz)
                + pointInverseMass(c.bodyB[m], c.bx[p], c.by[p], c.bz[p], nx, ny, nz);
        return k > 0 ? Math.min(j, approach / k) : j;
    }

    /**
     * Body {@code s}'s share of a point's inverse effective mass along n at offset r: 1/m + (r × n)·I⁻¹(r × n); 0 for a
     * body that is not dynamic, which the solver does not move (a body made kinematic or static keeps its mass, so it can
     * be made dynamic again: before, that mass was counted, and a press made kinematic struck a collection it overlapped
     * later than one created kinematic; {@code KinematicImpactorOverlapTest}).
     */
    private double pointInverseMass(int s, double rx, double ry, double rz, double nx, double ny, double nz) {
        if (bodies.motion[s] != (byte) dev.rubble.core.body.MotionType.DYNAMIC.ordinal()) {
            return 0;
        }
        double tx = ry * nz - rz * ny, ty = rz * nx - rx * nz, tz = rx * ny - ry * nx;
        dev.rubble.core.body.Inertia.applyInverseWorld(bodies, s, tx, ty, tz, inertiaScratch);
        return bodies.invMass[s] + tx * inertiaScratch[0] + ty * inertiaScratch[1] + tz * inertiaScratch[2];
    }

    private final double[] inertiaScratch = new double[3];

    /** Collection {@code c}, or an error naming the allowed range. */
    PlacedCollection collection(int c) {
        if (c < 0 || c >= collections.size()) {
            throw new IllegalArgumentException("collection = " + c + "; allowed: [0, " + collections.size() + ")");
        }
        return collections.get(c);
    }

    /** Global node id of asset node {@code node} of collection {@code c}. */
    int globalNode(int c, int node) {
        PlacedCollection pc = collection(c);
        if (node < 0 || node >= pc.asset.nodeCount()) {
            throw new IllegalArgumentException("node = " + node + "; allowed: [0, " + pc.asset.nodeCount()
                    + ") in collection " + c);
        }
        return pc.base + node;
    }

    /** Grows the per-node state stores with the cluster store. */
    void growGlobal() {
        int n = store.size();
        budget.grow(n);
        removal.grow(n);
    }

    // ---- bodies ---------------------------------------------------------------------------

    /**
     * Gives node {@code g} a body with its centre of mass at p, orientation q (the collection
     * frame's), velocities v and w. {@code shape} null = the asset node's own hulls, or its
     * collision proxy ({@link CollisionProxies}); the mass properties are the node's own either way.
     */
    long createBody(int g, Shape shape, double px, double py, double pz, double qx, double qy, double qz, double qw,
                    double vx, double vy, double vz, double wx, double wy, double wz, MotionType m, boolean asleep) {
        PlacedCollection pc = collections.get(store.collection[g]);
        Shape sh = shape != null ? shape : pc.bodyShape(store.node[g]); // hulls, or a proxy (issue 27)
        MassProperties mp = m == MotionType.DYNAMIC ? massProperties(g) : null;
        BodyDef def = BodyDef.of(sh).withMotion(m).withPosition(px, py, pz).withOrientation(qx, qy, qz, qw)
                .withLinearVelocity(vx, vy, vz).withAngularVelocity(wx, wy, wz).withMass(store.mass[g])
                .withMaterial(pc.options.friction(), pc.options.restitution()).withAsleep(asleep).withLabel(pc.label);
        long h = host.createBody(def, mp);
        int s = bodies.slot(h);
        if (slotNode.length <= s) {
            int old = slotNode.length;
            slotNode = Arrays.copyOf(slotNode, Math.max(s + 1, old * 2));
            Arrays.fill(slotNode, old, slotNode.length, ClusterStore.NONE);
        }
        slotNode[s] = g;
        store.body[g] = h;
        bodies.debris[s] = store.level[g] >= pc.debris.oneWayInteractionLevel() ? (byte) 1 : 0; // one-way contacts
        if (activeCount == active.length) {
            active = Arrays.copyOf(active, activeCount * 2);
        }
        store.activeIndex[g] = activeCount;
        active[activeCount++] = g;
        return h;
    }

    /**
     * Node g's mass properties as its dynamic body has them: its mass, its inertia (collection axes) diagonalised,
     * its centre of mass at the body's (the shape is built about it).
     */
    MassProperties massProperties(int g) {
        double[] in = store.inertia;
        int o = 6 * g;
        double[] t = {in[o], in[o + 3], in[o + 4], in[o + 3], in[o + 1], in[o + 5], in[o + 4], in[o + 5], in[o + 2]};
        return InertiaTensor.principal(store.mass[g], 0, 0, 0, t);
    }

    /** Removes node g's body. */
    void retire(int g) {
        long h = store.body[g];
        int s = bodies.slot(h);
        successors.retired(h, g, bodies, s);
        slotNode[s] = ClusterStore.NONE;
        store.body[g] = ClusterStore.NONE;
        dropActive(g);
        host.retireBody(h);
    }

    private void dropActive(int g) {
        int i = store.activeIndex[g];
        int last = active[--activeCount];
        active[i] = last;
        store.activeIndex[last] = i;
        store.activeIndex[g] = ClusterStore.NONE;
    }

    /**
     * Whether the holder whose body is in slot {@code slot} is in the simulation: its body is not
     * disabled, or it is welded into a cluster union whose body is not (a welded member's own body is
     * disabled while its union's moves for it). A holder a kill field (over every piece it holds; or as a
     * body, docs/fields.md), {@code setEnabled(false)} or its disable threshold disabled is out with
     * everything it holds, as Chaos treats the children of a disabled cluster: fields do not sample its
     * pieces, and a piece it lets go (a strain or crumble from the API, its stress model, connectivity)
     * leaves without a body, killed, instead of coming back to life.
     */
    boolean holderInSimulation(int slot) {
        if (bodies.state[slot] != (byte) dev.rubble.core.body.BodyState.DISABLED.ordinal()) {
            return true;
        }
        if (!unions.any()) {
            return false;
        }
        int u = unions.carrierSlot(bodies.handle(slot));
        return u >= 0 && bodies.state[u] != (byte) dev.rubble.core.body.BodyState.DISABLED.ordinal();
    }

    /**
     * Whether node g still has its body. A collection body removed through the world (not through
     * destruction) is forgotten here: g becomes inert instead of failing later in the step.
     */
    boolean bodyAlive(int g) {
        long h = store.body[g];
        if (h == ClusterStore.NONE) {
            return false;
        }
        int s = (int) h;
        if (bodies.isLive(s) && bodies.handle(s) == h) {
            return true;
        }
        if (s < slotNode.length && slotNode[s] == g) {
            slotNode[s] = ClusterStore.NONE;
        }
        store.body[g] = ClusterStore.NONE;
        dropActive(g);
        return false;
    }

    /** The node whose body is in {@code slot}, or -1. */
    int nodeOfSlot(int s) {
        if (s >= slotNode.length) {
            return ClusterStore.NONE;
        }
        int g = slotNode[s];
        return g >= 0 && store.body[g] == bodies.handle(s) ? g : ClusterStore.NONE;
    }

    // ---- field velocities (issue 24) ---------------------------------------------------------

    /** Adds (x, y, z) to held node g's pending linear (o = 0) or angular (o = 3) field velocity. */
    void addFieldVelocity(int g, int o, double x, double y, double z) {
        touchField(g);
        int k = 6 * g;
        fieldVel[k + o] += x;
        fieldVel[k + o + 1] += y;
        fieldVel[k + o + 2] += z;
    }

    /** Marks held node g as released by a field this step ({@link #FIELD_DYNAMIC} or {@link #FIELD_KILL}; kill wins). */
    void markFieldRelease(int g, byte how) {
        touchField(g);
        fieldRelease[g] = (byte) Math.max(fieldRelease[g], how);
    }

    /** Whether a kill field released held node g in this step. */
    boolean fieldKilled(int g) {
        return g < fieldRelease.length && fieldRelease[g] == FIELD_KILL;
    }

    private void touchField(int g) {
        if (fieldVel.length < 6 * store.size()) {
            fieldVel = Arrays.copyOf(fieldVel, Math.max(6 * store.size(), 2 * fieldVel.length));
        }
        if (fieldRelease.length < store.size()) {
            fieldRelease = Arrays.copyOf(fieldRelease, fieldVel.length / 6);
        }
        int k = 6 * g;
        if (fieldVel[k] == 0 && fieldVel[k + 1] == 0 && fieldVel[k + 2] == 0 && fieldVel[k + 3] == 0
                && fieldVel[k + 4] == 0 && fieldVel[k + 5] == 0 && fieldRelease[g] == 0) {
            if (fieldVelCount == fieldVelNodes.length) {
                fieldVelNodes = Arrays.copyOf(fieldVelNodes, fieldVelCount * 2);
            }
            fieldVelNodes[fieldVelCount++] = g;
        }
    }

    /**
     * Forgets the field velocities of pieces not released in this step, and their field releases — except
     * the release of a piece whose holder the break budget deferred: a kill or dynamic-state field's
     * release waits with the holder's external strain and is done when the holder breaks (a killed piece
     * must not come back alive because the budget made it wait). What stays between steps is saved in
     * snapshots (FELD) and hashed.
     */
    void clearFieldVelocity() {
        int kept = 0;
        for (int i = 0; i < fieldVelCount; i++) {
            int g = fieldVelNodes[i];
            int k = 6 * g;
            for (int j = 0; j < 6; j++) {
                fieldVel[k + j] = 0;
            }
            if (fieldRelease[g] != 0 && store.isHeldByActive(g) && budget.since.length > store.parent[g]
                    && budget.since[store.parent[g]] >= 0) {
                fieldVelNodes[kept++] = g; // its holder waits for the break budget
            } else {
                fieldRelease[g] = 0;
            }
        }
        fieldVelCount = kept;
    }

    /** Held pieces whose field release waits for the break budget, between steps: node and kind pairs, in the order they were marked. */
    int pendingFieldReleases(int[] out) {
        for (int i = 0; i < fieldVelCount; i++) {
            out[2 * i] = fieldVelNodes[i];
            out[2 * i + 1] = fieldRelease[fieldVelNodes[i]];
        }
        return fieldVelCount;
    }

    /** Restores a pending field release of a snapshot (after the store). */
    void restoreFieldRelease(int g, byte how) {
        if (g < 0 || g >= store.size() || (how != FIELD_DYNAMIC && how != FIELD_KILL)) {
            throw new IllegalArgumentException("pending field release of node " + g + " = " + how
                    + "; allowed: a node below " + store.size() + ", kind 1 (dynamic-state) or 2 (kill)");
        }
        markFieldRelease(g, how);
    }

    /** Mixes the field releases waiting for the break budget into the hash (nothing when none waits). */
    long hashFieldReleases(long h) {
        for (int i = 0; i < fieldVelCount; i++) {
            h = StateHash.mix(h, ((long) fieldVelNodes[i] << 8) | fieldRelease[fieldVelNodes[i]]);
        }
        return h;
    }

    // ---- strained lists -------------------------------------------------------------------

    /** Adds g to this step's strained list (once). */
    void addList(int g) {
        if (store.inList[g]) {
            return;
        }
        store.inList[g] = true;
        if (listCount == list.length) {
            list = Arrays.copyOf(list, listCount * 2);
        }
        list[listCount++] = g;
    }

    /** Adds g to the next step's strained list (once). */
    void addNext(int g) {
        if (store.inNext[g]) {
            return;
        }
        store.inNext[g] = true;
        if (nextCount == next.length) {
            next = Arrays.copyOf(next, nextCount * 2);
        }
        next[nextCount++] = g;
    }

    /** Marks the children of a newly active node that have a pending load or a threshold ≤ 0. */
    void markChildren(int g, boolean nextStep) {
        for (int c = store.firstChild[g]; c != ClusterStore.NONE; c = store.nextSibling[c]) {
            if (store.externalLoad[c] > 0 || store.threshold[c] <= 0) {
                if (nextStep) {
                    addNext(c);
                } else {
                    addList(c);
                }
            }
        }
    }

    /** End of the slot: this step's list is cleared (its collision loads too) and the next step's becomes current. */
    void swapLists() {
        for (int i = 0; i < listCount; i++) {
            int g = list[i];
            store.inList[g] = false;
            store.collisionLoad[g] = 0;
        }
        int[] t = list;
        list = next;
        listCount = nextCount;
        next = t;
        nextCount = 0;
        for (int i = 0; i < listCount; i++) {
            int g = list[i];
            store.inNext[g] = false;
            store.inList[g] = true;
        }
    }

    /** Creates damage models by plugin name for {@code Command.SetDamageModel} (set by the world; issue 23). */
    java.util.function.BiFunction<String, dev.rubble.spi.StageConfig, dev.rubble.spi.damage.DamageModel> damageModels;

    /** A new damage model for collection {@code pc}; names the collection when the plugin or its options are bad. */
    dev.rubble.spi.damage.DamageModel createDamageModel(PlacedCollection pc, String name, dev.rubble.spi.StageConfig options) {
        if (damageModels == null) {
            throw new IllegalStateException("no damage-model plugins: this runtime was built without a world");
        }
        try {
            return damageModels.apply(name, options);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("damage model of collection " + pc.index + ": " + e.getMessage(), e);
        }
    }

    /** Remembers that holder h lost a bond to a cut (its split is decided in the DESTRUCTION slot). */
    void addCut(int h) {
        if (cutCount == cutHolders.length) {
            cutHolders = Arrays.copyOf(cutHolders, cutCount * 2);
        }
        cutHolders[cutCount++] = h;
    }

    /** A lasting threshold change enters the digest. */
    void thresholdChanged(int g) {
        digest = StateHash.mix(StateHash.mix(digest, g), store.threshold[g]);
    }

    /** Mixes {@code a} then {@code b} into the digest (a lasting change). */
    void mixDigest(long a, long b) {
        digest = StateHash.mix(StateHash.mix(digest, a), b);
    }
}
