package dev.rubble.core.field;

import dev.rubble.core.body.BodyBounds;
import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStates;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.body.Velocities;
import dev.rubble.core.command.Command;
import dev.rubble.core.command.FieldMeta;
import dev.rubble.core.command.FieldTarget;
import dev.rubble.spi.broadphase.Broadphase;
import dev.rubble.spi.field.FieldContext;
import dev.rubble.spi.field.FieldNode;
import dev.rubble.spi.field.FieldValues;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The FIELDS slot (issue 24; docs/fields.md; reference: chaos-fields-events-cache §1.1-1.3, §1.6):
 * field commands applied by the COMMANDS slot are evaluated here, at the start of the step, in the
 * order they were applied — transient ones once, then the persistent ones in the order they were
 * added — and written to their targets. Forces and torques go into the bodies' accumulators, which
 * the sub-steps apply.
 *
 * <pre>
 *  per command:  gather samples ──► positions, identities, current values ──► root.evaluate ──► write kept samples
 *                 (bounded field: broadphase query of the command's bounds + disabled bodies in them;
 *                  unbounded: every body), sorted by slot, filtered by state / object / resolution
 * </pre>
 *
 * <p>Samples are sorted by body slot whatever gathered them, so the writes (and so wake order, state
 * changes) are the same with every broadphase. Identities are body handles: seeded nodes give a body
 * the same value however many others are sampled, and after a snapshot restore.
 *
 * <p>Allocation: none in steady state (scratch grows to the largest sample count and stays).
 * Single threaded, on the stepping thread.
 */
public final class FieldSystem implements Broadphase.ProxyCollector {
    /** Chaos's EObjectStateType codes (reference §1.6). */
    public static final int SLEEPING = 1, KINEMATIC = 2, STATIC = 3, DYNAMIC = 4;
    private static final byte AWAKE_B = (byte) BodyState.AWAKE.ordinal(), SLEEPING_B = (byte) BodyState.SLEEPING.ordinal(),
            STATIC_B = (byte) BodyState.STATIC.ordinal(), DISABLED_B = (byte) BodyState.DISABLED.ordinal();
    private static final byte DYN = (byte) MotionType.DYNAMIC.ordinal(), KIN = (byte) MotionType.KINEMATIC.ordinal(),
            STA = (byte) MotionType.STATIC.ordinal();

    private final BodyStore b;
    private final BodyStates states;
    private final Broadphase broadphase;
    private final double dt;
    private FieldTrees trees = new FieldTrees(java.util.Map.of());
    private FieldPieces pieces = FieldPieces.NONE;
    private final List<Active> transients = new ArrayList<>();
    private final List<Active> persistents = new ArrayList<>();
    private final FieldContext ctx = new FieldContext();
    private final FieldValues out = new FieldValues();
    private int[] slots = new int[64];
    private int slotCount;
    private int[] idx = new int[64];
    /** Held pieces sampled by the last {@link #sample}: sample indices {@code bodyCount ..}. */
    private final HeldSamples held = new HeldSamples();
    /** Whether the last {@link #sample} sampled held pieces (its filters and resolution let them in). */
    private boolean heldSampled;
    /**
     * Welded members of cluster unions sampled by the last {@link #sample} on their own (a kill field that
     * samples disabled things: {@link FieldPieces#weldedMembers}): sample indices after the soft points;
     * {@code node} is the member's body slot.
     */
    private final HeldSamples members = new HeldSamples();
    /** Whether the last {@link #sample} sampled welded members. */
    private boolean membersSampled;
    /** Holders (body slots) a kill field reached in the command being written, decided after its held pieces. */
    private int[] killedHolders = new int[8];
    private int killedHolderCount;
    private int bodyCount;
    /** Soft-body points sampled by the last {@link #sample} (global point index) and their identities. */
    private int[] softPoint = new int[64];
    private long[] softId = new long[64];
    private int softCount;
    private SoftPoints soft = SoftPoints.NONE;
    /** Identity bit of a soft point (bodies' handles and held pieces' {@code 1 << 62} never set it). */
    private static final long SOFT_ID = 1L << 61;
    /** Samples written in the last run (for tests and the console). */
    private int lastSamples;
    private boolean ranLastStep;

    /** A field command being run: its built tree, bounds and creation time. */
    public record Active(Command.ApplyField command, FieldNode root, double[] bounds, double created) {
    }

    /**
     * @param maxLinearSpeed  m/s, and {@code maxAngularSpeed} rad/s: what a velocity or impulse field
     *                        whose push overflows leaves a body with ({@link Velocities#addSaturating})
     */
    public FieldSystem(BodyStore bodies, BodyStates states, Broadphase broadphase, double dt, double maxLinearSpeed,
            double maxAngularSpeed) {
        this.b = Objects.requireNonNull(bodies, "bodies is null");
        this.states = Objects.requireNonNull(states, "states is null");
        this.broadphase = Objects.requireNonNull(broadphase, "broadphase is null");
        this.dt = dt;
        this.maxLinearSpeed = maxLinearSpeed;
        this.maxAngularSpeed = maxAngularSpeed;
    }

    private final double maxLinearSpeed, maxAngularSpeed;

    /** The node types fields are built from (the loaded {@code field-node} plugins). */
    public void setTrees(FieldTrees trees) {
        this.trees = Objects.requireNonNull(trees, "trees is null");
    }

    public FieldTrees trees() {
        return trees;
    }

    /** The destruction runtime's side of the field system. */
    public void setPieces(FieldPieces pieces) {
        this.pieces = Objects.requireNonNull(pieces, "pieces is null");
    }

    /**
     * Checks a field command before it is queued (unknown node type or parameter, NaN, a value type
     * that does not fit the target, an object filter not supported); returns its built tree.
     */
    public FieldNode validate(Command.ApplyField c, String path) {
        if (c.target() == FieldTarget.INITIAL_LINEAR_VELOCITY || c.target() == FieldTarget.INITIAL_ANGULAR_VELOCITY) {
            throw new IllegalArgumentException("target '" + c.target().label()
                    + "' is for initialisation fields of a placed collection only");
        }
        if (c.meta().object() == FieldMeta.ObjectFilter.SOFT && !softTarget(c.target())) {
            throw new FieldException(path.endsWith(".field") ? path.substring(0, path.length() - 6) + ".meta.object" : "meta.object",
                    " = 'soft' with target '" + c.target().label() + "': soft bodies take linear-velocity, linear-impulse "
                            + "and linear-force only; allowed for this target: all, rigid, destruction", null);
        }
        return trees.build(c.field(), c.target(), path);
    }

    /** Targets a soft body's points take (docs/fields.md, "Soft bodies"). */
    private static boolean softTarget(FieldTarget t) {
        return t == FieldTarget.LINEAR_VELOCITY || t == FieldTarget.LINEAR_IMPULSE || t == FieldTarget.LINEAR_FORCE;
    }

    /** The soft bodies whose points fields sample (objects {@code all} and {@code soft}). */
    public void setSoft(SoftPoints soft) {
        this.soft = Objects.requireNonNull(soft, "soft is null");
    }

    /** Applies a field command from the COMMANDS slot at simulated time {@code now} (s). */
    public void apply(Command c, double now) {
        if (c instanceof Command.ApplyField f) {
            FieldNode root = validate(f, "field");
            Active a = new Active(f, root, root.bounds(), now);
            if (!f.persistent()) {
                transients.add(a);
                return;
            }
            remove(f.name());
            persistents.add(a);
        } else if (c instanceof Command.RemoveField r) {
            remove(r.name());
        }
    }

    private void remove(String name) {
        for (int i = 0; i < persistents.size(); i++) {
            if (persistents.get(i).command().name().equals(name)) {
                persistents.remove(i);
                return;
            }
        }
    }

    /** Persistent fields running, in order (snapshots save them). */
    public List<Active> persistent() {
        return java.util.Collections.unmodifiableList(persistents);
    }

    /** Restores a persistent field of a snapshot, created at {@code created} (s). */
    public void restore(Command.ApplyField f, double created) {
        FieldNode root = validate(f, "field");
        remove(f.name());
        persistents.add(new Active(f, root, root.bounds(), created));
    }

    /** Sorts {@code a[0..n)} ascending in place without allocating (heapsort). */
    public static void sortInts(int[] a, int n) {
        SlotSort.sort(a, n);
    }

    /** Whether nothing is to run. */
    public boolean idle() {
        return transients.isEmpty() && persistents.isEmpty();
    }

    /** The FIELDS slot with nothing to run (the console hides the slot then). */
    public void skip() {
        ranLastStep = false;
        lastSamples = 0;
        ignored = 0;
    }

    // ---- NaN values (docs/fields.md, "NaN values") ----------------------------------------------
    // A field's value can be NaN though every parameter is finite (1e308 x 1e308 - 1e308 x 1e308 is
    // inf - inf) or come from a plugin node. Written, it would make a threshold NaN (a piece that never
    // breaks, a destruction hash of NaN bits) or a velocity NaN (a body the engine disables). A NaN
    // sample is ignored: nothing is written, nothing woken, as for a value the field culled; the step
    // counts it (StepProfile.ignoredFieldValues) and keeps the first one's place for the message.

    /** Samples ignored in the last run because their value was NaN. */
    private int ignored;
    /** The first of them: its command, target, body handle (-1 for a held piece or soft point), held node or soft point. */
    private Command.ApplyField ignoredCommand;
    private long ignoredBody;
    private int ignoredNode, ignoredPoint;

    /** Samples the last FIELDS slot ignored because the field's value there was NaN (0 in a healthy run). */
    public int ignoredValues() {
        return ignored;
    }

    /**
     * The first sample the last FIELDS slot ignored, in words: the field (its name, or "a transient
     * field"), its target, where, and what is allowed; null when none was. Built on request only.
     */
    public String ignoredValueMessage() {
        if (ignored == 0) {
            return null;
        }
        String name = ignoredCommand.name().isEmpty() ? "a transient field" : "field '" + ignoredCommand.name() + "'";
        String where = ignoredBody >= 0 ? "body " + BodyStore.handleString(ignoredBody)
                : ignoredNode >= 0 ? "held piece " + ignoredNode + " (cluster store node)" : "soft point " + ignoredPoint;
        return name + " (target " + ignoredCommand.target().label() + ", root node '" + ignoredCommand.field().type()
                + "') gave NaN at " + where + (ignored > 1 ? " and " + (ignored - 1) + " more samples" : "")
                + "; ignored there (allowed: numbers; an infinite value saturates or is capped by the target's rule)";
    }

    private void ignore(Command.ApplyField c, long body, int node, int point) {
        if (ignored++ == 0) {
            ignoredCommand = c;
            ignoredBody = body;
            ignoredNode = node;
            ignoredPoint = point;
        }
    }

    /** Whether the last step's FIELDS slot evaluated any field. */
    public boolean ranLastStep() {
        return ranLastStep;
    }

    /** Samples written by the last run. */
    public int lastSamples() {
        return lastSamples;
    }

    /** The FIELDS slot: runs the transient commands once, then every persistent one, at time {@code now}. */
    public void run(double now) {
        ranLastStep = true;
        lastSamples = 0;
        ignored = 0;
        for (int i = 0; i < transients.size(); i++) {
            evaluate(transients.get(i), now);
        }
        transients.clear();
        for (int i = 0; i < persistents.size(); i++) {
            evaluate(persistents.get(i), now);
        }
    }

    /**
     * Evaluates {@code a}'s field at the bodies it samples at time {@code now}, leaving the values
     * in {@link #values()} for the sample slots in {@link #sampleSlots()}; returns how many samples
     * were kept (their indices in {@link #keptSamples()}). Used by {@link #run} and renderers.
     */
    public int sample(Active a, double now) {
        gather(a);
        held.count = 0;
        FieldMeta meta = a.command().meta();
        heldSampled = (meta.object() == FieldMeta.ObjectFilter.ALL || meta.object() == FieldMeta.ObjectFilter.DESTRUCTION)
                && (meta.state() == FieldMeta.StateFilter.ALL || meta.state() == FieldMeta.StateFilter.DISABLED)
                && meta.resolution() != FieldMeta.Resolution.DISABLED_PARENTS;
        if (heldSampled) {
            pieces.held(meta.resolution(), a.bounds(), held); // held pieces count as disabled, as Chaos's
        }
        bodyCount = slotCount;
        gatherSoft(a);
        gatherMembers(a);
        int n = slotCount + held.count + softCount + members.count;
        ctx.ensureCapacity(n);
        out.ensureCapacity(n);
        ctx.size = n;
        ctx.time = now - a.created();
        if (idx.length < n) {
            idx = new int[Math.max(n, idx.length * 2)];
        }
        FieldTarget target = a.command().target();
        boolean pivot = a.command().meta().position() == FieldMeta.PositionType.PIVOT;
        for (int j = 0; j < held.count; j++) {
            // a held piece has no state of its own (0, Chaos's Uninitialized): return-results writes 0 and releases nothing
            put(bodyCount + j, held.x[j], held.y[j], held.z[j], held.id[j], target == FieldTarget.ACTIVATE_DISABLED ? 1 : 0);
        }
        double[] sx = softCount == 0 ? null : soft.state().x;
        for (int j = 0; j < softCount; j++) {
            int pt = softPoint[j];
            put(bodyCount + held.count + j, sx[3 * pt], sx[3 * pt + 1], sx[3 * pt + 2], softId[j], 0);
        }
        for (int j = 0, base = bodyCount + held.count + softCount; j < members.count; j++) {
            put(base + j, members.x[j], members.y[j], members.z[j], members.id[j], 0); // only a kill samples members
        }
        for (int i = 0; i < bodyCount; i++) {
            int s = slots[i];
            ctx.x[i] = pivot ? b.originX(s) : b.px[s];
            ctx.y[i] = pivot ? b.originY(s) : b.py[s];
            ctx.z[i] = pivot ? b.originZ(s) : b.pz[s];
            ctx.ids[i] = b.handle(s);
            ctx.current.ints[i] = target == FieldTarget.DYNAMIC_STATE ? stateCode(s)
                    : target == FieldTarget.ACTIVATE_DISABLED ? (b.state[s] == DISABLED_B ? 1 : 0) : 0;
            ctx.current.scalars[i] = 0;
            ctx.current.vx[i] = ctx.current.vy[i] = ctx.current.vz[i] = 0;
            idx[i] = i;
        }
        int kept = a.root().evaluate(ctx, idx, n, out);
        if (!ctx.balanced()) {
            throw new IllegalStateException("a field node did not give back its scratch buffers");
        }
        return kept;
    }

    /** Sample {@code i} at (x, y, z) with identity {@code id} and current integer value {@code current}. */
    private void put(int i, double x, double y, double z, long id, int current) {
        ctx.x[i] = x;
        ctx.y[i] = y;
        ctx.z[i] = z;
        ctx.ids[i] = id;
        ctx.current.ints[i] = current;
        ctx.current.scalars[i] = 0;
        ctx.current.vx[i] = ctx.current.vy[i] = ctx.current.vz[i] = 0;
        idx[i] = i;
    }

    /** Values of the last {@link #sample} by sample index. */
    public FieldValues values() {
        return out;
    }

    /** Body slots of the last {@link #sample}, by sample index. */
    public int[] sampleSlots() {
        return slots;
    }

    /** Kept sample indices of the last {@link #sample}. */
    public int[] keptSamples() {
        return idx;
    }

    private void evaluate(Active a, double now) {
        int kept = sample(a, now);
        lastSamples += kept;
        FieldTarget t = a.command().target();
        int softBase = bodyCount + held.count, memberBase = softBase + softCount;
        boolean scalar = t.valueType().equals("scalar"), vector = t.valueType().equals("vector");
        killedHolderCount = 0;
        for (int k = 0; k < kept; k++) {
            int i = idx[k];
            if (scalar ? Double.isNaN(out.scalars[i])
                    : vector && (Double.isNaN(out.vx[i]) || Double.isNaN(out.vy[i]) || Double.isNaN(out.vz[i]))) {
                ignore(a.command(), i < bodyCount ? b.handle(slots[i]) : i >= memberBase ? members.id[i - memberBase] : -1,
                        i >= bodyCount && i < softBase ? held.node[i - bodyCount] : -1,
                        i >= softBase && i < memberBase ? softPoint[i - softBase] : -1);
                continue; // a NaN changes nothing (docs/fields.md, "NaN values")
            }
            if (i < bodyCount) {
                write(t, slots[i], i);
            } else if (i < softBase) {
                writeHeld(t, held.node[i - bodyCount], i);
            } else if (i < memberBase) {
                writeSoft(t, softPoint[i - softBase], i);
            } else {
                pieces.killMember(members.node[i - memberBase], out.scalars[i]); // only a kill samples members
            }
        }
        for (int k = 0; k < killedHolderCount; k++) {
            int s = killedHolders[k];
            if (b.state[s] != DISABLED_B && pieces.allHeldKilled(s)) {
                states.setState(s, BodyState.DISABLED); // every piece it held is killed: the body with them
            }
        }
    }

    /**
     * Welded members of the cluster unions among the sampled bodies, sampled on their own (after the soft
     * points): for a {@code kill} field that samples disabled things (state {@code all} or {@code disabled},
     * resolution not {@code disabled-parents}: a welded member's own body is disabled while its union's moves
     * for it, as a held piece counts as disabled), each member that holds no collection pieces and that the
     * object filter lets in, at its own point (docs/fields.md, "Collections"). In body slot order, then member
     * order. Other targets write the union's body, which moves for its members, and sample none.
     */
    private void gatherMembers(Active a) {
        members.count = 0;
        FieldMeta meta = a.command().meta();
        membersSampled = a.command().target() == FieldTarget.KILL
                && (meta.state() == FieldMeta.StateFilter.ALL || meta.state() == FieldMeta.StateFilter.DISABLED)
                && meta.resolution() != FieldMeta.Resolution.DISABLED_PARENTS;
        if (!membersSampled) {
            return;
        }
        int objects = switch (meta.object()) {
            case ALL -> FieldPieces.RIGID | FieldPieces.DESTRUCTION;
            case RIGID -> FieldPieces.RIGID;
            case DESTRUCTION -> FieldPieces.DESTRUCTION;
            case SOFT -> 0;
        };
        boolean pivot = meta.position() == FieldMeta.PositionType.PIVOT;
        for (int i = 0; i < slotCount && objects != 0; i++) {
            pieces.weldedMembers(slots[i], objects, pivot, members);
        }
    }

    /** Welded members of the last {@link #sample}: sample index {@code bodyCount() + heldSamples().count + softSamples() + j}. */
    public HeldSamples memberSamples() {
        return members;
    }

    /**
     * Soft-body points the command samples (after the bodies and held pieces): every point with mass
     * (pinned points are not written) inside the field's bounds, for objects {@code all} and
     * {@code soft}, states {@code all} and {@code dynamic}, and the targets soft points take. In
     * store order (soft body, then point), so the writes are the same with every broadphase.
     */
    private void gatherSoft(Active a) {
        softCount = 0;
        FieldMeta meta = a.command().meta();
        if (soft.bodies() == 0 || !softTarget(a.command().target())
                || (meta.object() != FieldMeta.ObjectFilter.ALL && meta.object() != FieldMeta.ObjectFilter.SOFT)
                || (meta.state() != FieldMeta.StateFilter.ALL && meta.state() != FieldMeta.StateFilter.DYNAMIC)) {
            return;
        }
        double[] bo = a.bounds();
        double[] x = soft.state().x, im = soft.state().invMass;
        for (int sb = 0, nb = soft.bodies(); sb < nb; sb++) {
            for (int k = 0, start = soft.pointStart(sb), n = soft.pointCount(sb); k < n; k++) {
                int p = start + k;
                double px = x[3 * p], py = x[3 * p + 1], pz = x[3 * p + 2];
                if (!(im[p] > 0) || (bo != null && (px < bo[0] || px > bo[3] || py < bo[1] || py > bo[4]
                        || pz < bo[2] || pz > bo[5]))) {
                    continue;
                }
                if (softCount == softPoint.length) {
                    softPoint = java.util.Arrays.copyOf(softPoint, 2 * softCount);
                    softId = java.util.Arrays.copyOf(softId, 2 * softCount);
                }
                softPoint[softCount] = p;
                softId[softCount++] = SOFT_ID | (long) sb << 32 | k; // stable: seeded nodes give a point the same value
            }
        }
    }

    /**
     * A soft point's share: {@code linear-velocity} adds to its velocity, {@code linear-impulse}
     * adds {@code J/m}, {@code linear-force} adds the impulse {@code F·Δt} of the whole step (the soft
     * solver's sub-steps take only gravity; docs/fields.md, "Soft bodies").
     */
    private void writeSoft(FieldTarget t, int p, int i) {
        double[] v = soft.state().v;
        double im = soft.state().invMass[p];
        double f = t == FieldTarget.LINEAR_VELOCITY ? 1 : t == FieldTarget.LINEAR_IMPULSE ? im : im * dt;
        // the plain sum when finite; an overflowing push leaves the point at the speed limit in its direction,
        // as it leaves a rigid body (an infinite velocity froze the whole soft body as non-finite)
        Velocities.addSaturating(v, 3 * p, out.vx[i], out.vy[i], out.vz[i], f, maxLinearSpeed);
    }

    /** Soft points of the last {@link #sample}: sample index {@code bodyCount() + heldSamples().count + j}. */
    public int softSamples() {
        return softCount;
    }

    private int stateCode(int s) {
        byte m = b.motion[s];
        if (b.state[s] == SLEEPING_B) {
            return SLEEPING;
        }
        return m == KIN ? KINEMATIC : m == STA ? STATIC : DYNAMIC;
    }

    // ---- gathering -------------------------------------------------------------------------

    private void gather(Active a) {
        slotCount = 0;
        FieldMeta meta = a.command().meta();
        double[] bo = a.bounds();
        boolean disabledToo = meta.state() == FieldMeta.StateFilter.DISABLED
                || (meta.state() == FieldMeta.StateFilter.ALL && meta.resolution() == FieldMeta.Resolution.MAXIMUM);
        if (bo == null) {
            for (int s = 0, n = b.slotLimit(); s < n; s++) {
                if (b.isLive(s) && include(s, meta)) {
                    push(s);
                }
            }
            return;
        }
        broadphase.query(bo[0], bo[1], bo[2], bo[3], bo[4], bo[5], this);
        if (disabledToo) {
            double[] bb = b.bounds;
            for (int r = b.partitionStart(BodyState.DISABLED), end = r + b.count(BodyState.DISABLED); r < end; r++) {
                int s = b.order[r];
                int o = 6 * s;
                if (bb[o] <= bo[3] && bb[o + 3] >= bo[0] && bb[o + 1] <= bo[4] && bb[o + 4] >= bo[1]
                        && bb[o + 2] <= bo[5] && bb[o + 5] >= bo[2]) {
                    push(s);
                }
            }
        }
        SlotSort.sort(slots, slotCount);
        int k = 0;
        for (int i = 0; i < slotCount; i++) {
            if (include(slots[i], meta)) {
                slots[k++] = slots[i];
            }
        }
        slotCount = k;
    }

    @Override
    public void proxy(int id) {
        push(id);
    }

    private void push(int s) {
        if (slotCount == slots.length) {
            slots = java.util.Arrays.copyOf(slots, slotCount * 2);
        }
        slots[slotCount++] = s;
    }

    private boolean include(int s, FieldMeta meta) {
        byte st = b.state[s];
        boolean ok = switch (meta.state()) {
            case ALL -> st != DISABLED_B || meta.resolution() == FieldMeta.Resolution.MAXIMUM;
            case DYNAMIC -> st == AWAKE_B && b.motion[s] == DYN;
            case KINEMATIC -> st != DISABLED_B && b.motion[s] == KIN;
            case STATIC -> st == STATIC_B;
            case SLEEPING -> st == SLEEPING_B;
            case DISABLED -> st == DISABLED_B;
        };
        if (!ok) {
            return false;
        }
        return switch (meta.object()) {
            case ALL -> true;
            case RIGID -> (pieces.objectKinds(s) & FieldPieces.RIGID) != 0;
            case DESTRUCTION -> (pieces.objectKinds(s) & FieldPieces.DESTRUCTION) != 0;
            case SOFT -> false;
        };
    }

    // ---- targets (reference §1.6, FieldSystemProxyHelper.h) ---------------------------------

    private void write(FieldTarget t, int s, int i) {
        switch (t) {
            case DYNAMIC_STATE -> dynamicState(s, out.ints[i]);
            case ACTIVATE_DISABLED -> {
                if (b.state[s] == DISABLED_B && out.ints[i] == 0 && !pieces.welded(s)) {
                    states.setState(s, b.motion[s] == STA ? BodyState.STATIC : BodyState.AWAKE);
                    lookAhead(s);
                }
            }
            case COLLISION_GROUP -> collisionGroup(s, out.ints[i]);
            case KILL -> {
                if (out.scalars[i] > 0 && b.state[s] != DISABLED_B) {
                    if ((heldSampled && pieces.holdsPieces(s)) || (membersSampled && pieces.killsThroughMembers(s))) {
                        // a body holding pieces (an intact wall) is killed through the pieces it holds: those in
                        // the field's region leave without bodies (writeHeld), the rest stay held and simulated;
                        // the body goes only when every piece it holds is killed (decided after the held samples;
                        // docs/fields.md, "Collections"); so does a union's body: only when every member is killed,
                        // a welded wall through its pieces, any other member at its own point (gatherMembers; before,
                        // a union whose origin lay in the field was killed whole, and one whose origin did not, not at all)
                        if (killedHolderCount == killedHolders.length) {
                            killedHolders = java.util.Arrays.copyOf(killedHolders, 2 * killedHolderCount);
                        }
                        killedHolders[killedHolderCount++] = s;
                    } else {
                        states.setState(s, BodyState.DISABLED);
                    }
                }
            }
            case SLEEPING_THRESHOLD -> b.sleepThreshold[s] = Math.max(0, out.scalars[i]);
            case DISABLE_THRESHOLD -> {
                double v = Math.max(0, out.scalars[i]);
                if (v > 0 && !(b.disableThreshold[s] > 0)) {
                    b.disableThresholds++;
                }
                b.disableThreshold[s] = v;
            }
            case LINEAR_VELOCITY, ANGULAR_VELOCITY, LINEAR_IMPULSE, LINEAR_FORCE, ANGULAR_TORQUE ->
                    vector(t, s, out.vx[i], out.vy[i], out.vz[i]);
            default -> {
                // strain targets act on collection pieces (FieldPieces); a plain body has none
            }
        }
    }

    /** Targets on a held piece (no body): strain; velocities and impulses added on release in this step; kill and dynamic-state release it. */
    private void writeHeld(FieldTarget t, int g, int i) {
        switch (t) {
            case EXTERNAL_CLUSTER_STRAIN -> pieces.externalStrain(g, out.scalars[i]);
            case INTERNAL_CLUSTER_STRAIN -> pieces.internalStrain(g, out.scalars[i]);
            case LINEAR_VELOCITY -> pieces.addVelocity(g, false, out.vx[i], out.vy[i], out.vz[i]);
            case ANGULAR_VELOCITY -> pieces.addVelocity(g, true, out.vx[i], out.vy[i], out.vz[i]);
            case LINEAR_IMPULSE -> pieces.linearImpulse(g, out.vx[i], out.vy[i], out.vz[i]);
            case LINEAR_FORCE -> pieces.stressLoad(g, false, out.vx[i], out.vy[i], out.vz[i]); // issue 30
            case ANGULAR_TORQUE -> pieces.stressLoad(g, true, out.vx[i], out.vy[i], out.vz[i]);
            case KILL -> pieces.kill(g, out.scalars[i]);
            case DYNAMIC_STATE -> pieces.dynamicState(g, out.ints[i]);
            default -> {
                // other targets act on bodies only (docs/fields.md, "Collections")
            }
        }
    }

    /** Held pieces of the last {@link #sample}: sample index {@code bodyCount() + j} is {@code heldSamples().node[j]}. */
    public HeldSamples heldSamples() {
        return held;
    }

    /** Bodies in the last {@link #sample} (the held pieces follow them). */
    public int bodyCount() {
        return bodyCount;
    }

    private void dynamicState(int s, int v) {
        if (b.state[s] == DISABLED_B || v == stateCode(s)) {
            return;
        }
        switch (v) {
            case DYNAMIC -> {
                if (b.invMass[s] > 0) { // Chaos: dynamic only when the mass is above epsilon
                    states.setMotion(s, MotionType.DYNAMIC);
                    states.wake(s);
                }
            }
            case SLEEPING -> {
                if (b.motion[s] == DYN) {
                    states.setState(s, BodyState.SLEEPING);
                }
            }
            case KINEMATIC -> states.setMotion(s, MotionType.KINEMATIC);
            case STATIC -> states.setMotion(s, MotionType.STATIC);
            default -> {
                // not a state code: ignored, as Chaos
            }
        }
    }

    /** -1: collides with nothing; 0: everything; 1..30: group 0 and its own group (Chaos's rule). */
    private void collisionGroup(int s, int g) {
        if (g == -1) {
            b.collisionLayer[s] = 0;
            b.collisionMask[s] = 0;
        } else if (g == 0) {
            b.collisionLayer[s] = BodyStore.DEFAULT_LAYER;
            b.collisionMask[s] = BodyStore.ALL_LAYERS;
        } else if (g > 0 && g <= 30) {
            b.collisionLayer[s] = 1 << g;
            b.collisionMask[s] = BodyStore.DEFAULT_LAYER | (1 << g);
        }
    }

    private void vector(FieldTarget t, int s, double x, double y, double z) {
        if ((x == 0 && y == 0 && z == 0) || b.motion[s] != DYN || b.state[s] == DISABLED_B) {
            return; // Chaos writes velocities to dynamic particles only; a zero vector neither adds nor wakes
        }
        states.wake(s);
        switch (t) {
            // a push that overflows (a 1e308 magnitude, an infinite product of nodes) leaves the body at the
            // speed limit in its direction, never infinite; a NaN one changes nothing
            case LINEAR_VELOCITY -> {
                Velocities.addSaturating(b.vx, b.vy, b.vz, s, x, y, z, 1.0, maxLinearSpeed);
                lookAhead(s);
            }
            case ANGULAR_VELOCITY -> {
                Velocities.addSaturating(b.wx, b.wy, b.wz, s, x, y, z, 1.0, maxAngularSpeed);
                lookAhead(s);
            }
            case LINEAR_IMPULSE -> {
                Velocities.addSaturating(b.vx, b.vy, b.vz, s, x, y, z, b.invMass[s], maxLinearSpeed);
                lookAhead(s);
            }
            case LINEAR_FORCE -> {
                b.addForce(s, x, y, z);
                if (BodyBounds.pushOutrunsMargin(b, s, dt)) {
                    lookAhead(s); // what the force moves it within this step (fuzz12), as gravity's reach
                }
            }
            default -> {
                b.addTorque(s, x, y, z);
                if (BodyBounds.pushOutrunsMargin(b, s, dt)) {
                    lookAhead(s); // the turn the torque starts within this step, as a force's push
                }
            }
        }
    }

    /** Bounds of a body whose velocity changed cover its coming step (issue 11: no tunnelling in that step). */
    private void lookAhead(int s) {
        if (b.state[s] == AWAKE_B) {
            b.updateBounds(s);
            BodyBounds.expandBounds(b, s, dt);
        }
    }
}
