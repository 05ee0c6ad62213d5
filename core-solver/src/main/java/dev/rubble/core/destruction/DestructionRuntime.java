package dev.rubble.core.destruction;

import dev.rubble.core.command.CollisionProxies;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.collision.ContactStore;
import dev.rubble.core.command.Command;
import dev.rubble.spi.collection.CollectionAsset;
import dev.rubble.spi.damage.DamageModel;
import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.strain.StrainModifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The destruction runtime (SPEC §4–§5; reference: chaos-clusters-strain-runtime §2–§7): placed
 * collections as clusters, commands on them, and the DESTRUCTION step slot, which runs after the
 * solve and restitution, before the sleep update. {@link #run} delegates to the {@link StepScript}:
 * the named passes in order, each a class of its own working on the explicit {@link DestructionContext}.
 * Each pass's wall time is kept per {@link PassSlot} ({@link #passNanos}). Only top nodes have
 * bodies, so an intact collection costs one body. The runtime sees the world only through explicit
 * inputs (bodies, contacts, dt) and a {@link DestructionHost}. Not thread-safe.
 */
public final class DestructionRuntime {
    /** Contacts approaching slower than this create no strain (Chaos: 1 cm/s = 0.01 m/s). */
    public static final double MIN_APPROACH_SPEED = DestructionContext.MIN_APPROACH_SPEED;
    /** Trial solves per step at most for {@link ImpactMode#RESOLVE} collections (issue 22; docs/destruction.md "Impacts"). */
    public static final int IMPACT_PASSES = ImpactPass.MAX_PASSES;

    final DestructionContext ctx;
    /** The step, s (package tests read it). */
    final double dt;
    /** Copy-on-write (dev.rubble.core.event.Callbacks): a listener may add or remove listeners while it is called. */
    private BreakListener[] listeners = new BreakListener[0];
    private final Placement placement;
    private final DestructionCommands commands;
    private final StepScript script;
    private final FieldHooks fieldHooks;

    /**
     * @param bodies   the world's bodies (read, and written when impactors get momentum back)
     * @param contacts the world's contact store (read after the solve)
     * @param host     creates and retires bodies
     * @param dt       the step, s
     */
    public DestructionRuntime(BodyStore bodies, ContactStore contacts, DestructionHost host, double dt) {
        ctx = new DestructionContext(Objects.requireNonNull(bodies, "bodies is null"),
                Objects.requireNonNull(contacts, "contacts is null"), Objects.requireNonNull(host, "host is null"), dt);
        this.dt = dt;
        Pieces pieces = new Pieces(ctx);
        placement = new Placement(ctx);
        script = new StepScript(ctx, pieces);
        commands = new DestructionCommands(ctx, pieces, new PointStrain(ctx), script.stress());
        fieldHooks = new FieldHooks(ctx);
        fieldHooks.stress = script.stress();
    }

    // ---- the step -------------------------------------------------------------------------

    /** The DESTRUCTION slot of step {@code stepIndex}. Cheap when nothing is strained. */
    public void run(long stepIndex) {
        script.run(stepIndex);
    }

    // ---- stress (issue 30; docs/destruction.md "Stress") -------------------------------------

    /** The world's gravity, m/s² (the stress pass loads support graphs with it). */
    public void setGravity(double x, double y, double z) {
        script.stress().setGravity(x, y, z);
    }

    /** Turns the support-graph stress model {@code model} on for collection {@code c} (null = off). Between steps. */
    public void setStressModel(int c, dev.rubble.spi.stress.StressModel model) {
        setStressModel(c, model, null, null);
    }

    /** As {@link #setStressModel(int, dev.rubble.spi.stress.StressModel)}, remembering its plugin name and options (snapshots). */
    public void setStressModel(int c, dev.rubble.spi.stress.StressModel model, String name, dev.rubble.spi.StageConfig options) {
        ctx.collection(c);
        script.stress().set(c, model, name, options);
    }

    /**
     * Sets material m's stress limits in collection c at set-up (what {@code Command.SetMaterialLimits},
     * tag 97, does in a step; docs/destruction.md "Stress limits per material, collection and bond").
     */
    public void setMaterialStressLimits(int c, int m, dev.rubble.spi.stress.StressLimits limits) {
        PlacedCollection pc = ctx.collection(c);
        Materials.checkMaterial(pc, m);
        if (script.stress().state(c) == null) {
            throw new IllegalArgumentException("collection " + c + " has no stress model; allowed: a collection with one"
                    + " (setStressModel first)");
        }
        script.stress().setMaterialLimits(c, m, java.util.Objects.requireNonNull(limits, "limits"));
    }

    /** How {@code Command.SetStressModel} creates stress models (the world passes its plugin registry; issue 30). */
    public void setStressModelFactory(
            java.util.function.BiFunction<String, dev.rubble.spi.StageConfig, dev.rubble.spi.stress.StressModel> f) {
        script.stress().factory = f;
    }

    StepScript script() {
        return script;
    }

    /** The stress pass itself (package tests: union graphs). */
    StressPass stressPass() {
        return script.stress();
    }

    /** Read-out of the stress pass: bond stress, load and damage, counters and residual (issue 30). */
    public StressReadout stress() {
        return new StressReadout(ctx, script.stress());
    }

    /** The field system's view of the collections (issue 24; docs/fields.md, "Collections"). */
    public dev.rubble.core.field.FieldPieces fieldPieces() {
        return fieldHooks;
    }

    /**
     * Issue 22: whether a trial solve could break a child of a collection in {@link ImpactMode#RESOLVE}
     * (the pipeline asks before its solve; false at once without such collections).
     */
    public boolean impactsWanted() {
        return script.impactsWanted();
    }

    /**
     * Issue 22: {@link #impactsWanted()} before the step's first trial solve, false also when the trial
     * could break nothing: no impactor (an awake dynamic body foreign to the collection, approaching a
     * RESOLVE holder) and no child whose external load alone reaches its threshold.
     */
    public boolean impactsWantedFirst() {
        return script.impactsWantedFirst();
    }

    /**
     * Issue 22: after a trial solve of step {@code stepIndex} left its impulses in the contact store,
     * breaks and releases what it breaks in {@link ImpactMode#RESOLVE} collections (docs/destruction.md
     * "Impacts"); returns the children broken.
     */
    public int predictBreaks(long stepIndex) {
        return script.predictBreaks(stepIndex);
    }

    /**
     * Issue 22 item 4: after the step's break prediction, the number of dynamic bodies it released (the
     * pieces that move in their release step); {@link #releasedBeforeSolve(int)} reads their slots.
     */
    public int collectReleasedBeforeSolve() {
        return script.collectReleased();
    }

    /** How many of this step's break events (the first ones) the break prediction before the solve raised. */
    public int predictedEvents() {
        return ctx.impactEvents;
    }

    /**
     * Issue 22: whether some placed collection resolves impacts; only then can {@link #crushCap} be
     * finite (a piece of a resolve collection pushing an anchored holder of it: docs/destruction.md
     * "Local failure").
     */
    public boolean anyResolve() {
        return script.anyResolve();
    }

    /**
     * Issue 22, local failure: the normal impulse per point store manifold {@code m} may carry in this
     * step's real solve; see {@link #anyResolve()}.
     */
    public double crushCap(int m, int subSteps) {
        return script.crushCap(m, subSteps);
    }

    /** The body slot of the i-th piece {@link #collectReleasedBeforeSolve} counted. */
    public int releasedBeforeSolve(int i) {
        return script.released(i);
    }

    /** The node whose body is in body slot {@code s}, or -1. */
    int nodeOfSlot(int s) {
        return ctx.nodeOfSlot(s);
    }

    /**
     * Adds to {@code out[0..2]} the momentum (N·s) that restore breaking momentum gave dynamic bodies
     * from anchored or kinematic holders since the last call, and forgets it: the anchors' part of a
     * break, which the step profile's {@code fixedImpulse} adds to what the solve's contacts with
     * fixed bodies gave, so the impulse the anchors gave is all counted. {@code out} null: only forgets.
     */
    public void drainReturnedByFixed(double[] out) {
        for (int k = 0; k < 3; k++) {
            if (out != null) {
                out[k] += ctx.returnedByFixed[k];
            }
            ctx.returnedByFixed[k] = 0;
        }
    }

    /** Wall time of pass {@code slot} in the last {@link #run}, ns (0 when it did not run). */
    public long passNanos(PassSlot slot) {
        return script.passNanos(slot);
    }

    /** The REMOVAL slot of the step in progress: removal timers, shrinking, removal. Cheap while no collection removes. */
    public void runRemoval() {
        script.runRemoval();
    }

    /** The world's speed limits, m/s and rad/s (dev.rubble.core.body.Velocities: where an overflowing field velocity ends). */
    public void setSpeedLimits(double maxLinearSpeed, double maxAngularSpeed) {
        ctx.maxLinearSpeed = maxLinearSpeed;
        ctx.maxAngularSpeed = maxAngularSpeed;
    }

    /**
     * Called by the world after a step: hands the step's events to every listener, also after one
     * threw; returns {@code failure} (may be null) with what they threw kept (dev.rubble.core.event.Callbacks).
     */
    public Throwable notifyListeners(Throwable failure) {
        if (ctx.events.count() == 0) {
            return failure;
        }
        BreakListener[] ls = listeners;
        for (BreakListener l : ls) {
            try {
                l.onBreaks(ctx.events);
            } catch (Throwable t) {
                failure = dev.rubble.core.event.Callbacks.keep(failure, t);
            }
        }
        return failure;
    }

    // ---- placement and commands -----------------------------------------------------------

    /**
     * Places a collection: its nodes enter the store and its root becomes ONE body (its own hulls
     * about its centre of mass, its mass properties). Nothing changes when it fails.
     *
     * @return the collection's index (placement order)
     * @throws IllegalArgumentException naming a bad anchor or a bad threshold from the damage model
     */
    public int place(CollectionAsset asset, CollectionPlacement pl, DamageModel model, StrainModifier[] modifiers) {
        return placement.place(asset, pl, model, modifiers);
    }

    /** Checks a command against the placed collections (called when it is queued). */
    public void validate(Command.Destruction c) {
        commands.validate(c);
    }

    /** Applies a command (the COMMANDS stage). */
    public void apply(Command.Destruction c) {
        commands.apply(c);
    }

    /**
     * Sets collection {@code c}'s debris, removal and crumbling options (docs/destruction.md "Debris
     * and removal"); takes effect at once: the debris flag of its live bodies follows the new level,
     * and timers are compared with the new ranges from the next REMOVAL slot. Between steps, or
     * from a command in the COMMANDS slot (the journalled way).
     */
    public void setDebrisOptions(int c, DebrisOptions options) {
        commands.setDebrisOptions(c, options);
    }

    /**
     * Sets collection {@code c}'s collision proxies ({@link CollisionProxies}: size buckets and
     * debris-as-sphere, issue 27): bodies created from then on collide as their proxy, with their own
     * mass properties; bodies that exist keep their shapes. Between steps (a scenario's
     * {@code collections[i].collisionProxies}), or from {@code Command.SetCollisionProxies} (journalled).
     */
    public void setCollisionProxies(int c, CollisionProxies proxies) {
        commands.setCollisionProxies(c, proxies);
    }

    /** Collection {@code c}'s collision proxies (default {@link CollisionProxies#none()}). */
    public CollisionProxies collisionProxies(int c) {
        return ctx.collection(c).proxies;
    }

    /** Sets the removal timer multiplier: every removal timer advances {@code dt × multiplier} per step (≥ 0, finite). */
    public void setRemovalTimerMultiplier(double multiplier) {
        commands.setRemovalTimerMultiplier(multiplier);
    }

    /**
     * Sets the break budget at once (between steps, not journalled: for building a world; a running
     * world changes it with {@link Command.SetBreakBudget}, which a journal records).
     */
    public void setBreakBudget(int breaksPerStep) {
        ctx.budget.setBreakBudget(breaksPerStep);
    }

    /** Sets release throttling at once (see {@link #setBreakBudget}; journalled: {@link Command.SetReleaseThrottle}). */
    public void setReleaseThrottle(int min, int max) {
        ctx.budget.setThrottle(min, max);
    }

    /** How {@code Command.SetDamageModel} creates damage models (the world passes its plugin registry; issue 23). */
    public void setDamageModelFactory(java.util.function.BiFunction<String, dev.rubble.spi.StageConfig, DamageModel> f) {
        ctx.damageModels = Objects.requireNonNull(f, "factory is null");
    }

    /** Material of asset node {@code node} of collection {@code c} now, and material {@code m}'s multiplier (issue 23). */
    public int material(int c, int node) {
        globalNode(c, node);
        return ctx.collection(c).material[node];
    }

    public double materialMultiplier(int c, int m) {
        Materials.checkMaterial(ctx.collection(c), m);
        return ctx.collection(c).multiplier[m];
    }

    public void addListener(BreakListener l) {
        listeners = dev.rubble.core.event.Callbacks.with(listeners, Objects.requireNonNull(l, "listener is null"));
    }

    public void removeListener(BreakListener l) {
        listeners = dev.rubble.core.event.Callbacks.without(listeners, l);
    }

    // ---- reading --------------------------------------------------------------------------

    /** Cluster unions (issue 29; docs/destruction.md "Cluster unions"). */
    public Unions unions() {
        return ctx.unions;
    }

    /** The cluster store (read-only use outside the package). */
    public ClusterStore store() {
        return ctx.store;
    }

    /** Number of placed collections. */
    public int collectionCount() {
        return ctx.collections.size();
    }

    /**
     * Volume of asset node {@code node} of placed collection {@code c}, m³ (what a {@link BreakEvents#KILLED}
     * piece, which had no body, reports); 0 for an internal cluster (node -1), which a kill field never takes
     * as a held piece (internal clusters are made with bodies of their own).
     */
    public double nodeVolume(int c, int node) {
        double[] v = ctx.collection(c).asset.volume();
        return node >= 0 && node < v.length ? v[node] : 0;
    }

    /** The asset of placed collection {@code c}. */
    public CollectionAsset asset(int c) {
        return ctx.collection(c).asset;
    }

    /** Global node id of asset node {@code node} of collection {@code c}. */
    public int globalNode(int c, int node) {
        return ctx.globalNode(c, node);
    }

    /**
     * How to draw node g (a holder) when only some of the pieces it holds are anchored (docs/rendering.md
     * "Anchored pieces"): a compound of its pieces' own hulls in g's body frame (centred on g's centre of
     * mass, as its body shape is), descending only where anchored and free pieces are mixed, and which of
     * the compound's children are an anchored piece's. Null when g holds no anchored piece or only
     * anchored ones (the drawable's own anchored flag says it all). Allocates: a tool's call.
     *
     * @param g a global node
     * @return the pieces' shape and their anchored flags, or null
     */
    public AnchoredPieces anchoredPieces(int g) {
        ClusterStore st = ctx.store;
        if (g < 0 || g >= st.size() || st.anchoredCount[g] == 0 || st.anchored[g] || st.childCount[g] == 0) {
            return null;
        }
        int[] stack = new int[16];
        int top = 0;
        for (int ch = st.firstChild[g]; ch != ClusterStore.NONE; ch = st.nextSibling[ch]) {
            stack = push(stack, top++, ch);
        }
        // the same parts as last time: the same drawing (viewers key meshes by shape identity)
        return anchoredParts(st.collection[g], stack, top, st.com[3 * g], st.com[3 * g + 1], st.com[3 * g + 2], g);
    }

    /**
     * As {@link #anchoredPieces(int)} for a piece made of asset nodes {@code members} of collection {@code c}
     * centred on {@code (cx, cy, cz)} (collection frame), as journal playback makes an internal cluster
     * ({@link #pieceShape}): which of those pieces are anchored as the collection was placed in this world. Null
     * when none or all are. Allocates: a tool's call.
     *
     * @param c the collection
     * @param members the piece's asset nodes
     * @param cx the piece's centre of mass x, collection frame
     * @param cy its y
     * @param cz its z
     * @return the pieces' shape and their anchored flags, or null
     */
    public AnchoredPieces anchoredPieces(int c, int[] members, double cx, double cy, double cz) {
        int[] stack = new int[Math.max(16, members.length)];
        int anchored = 0;
        for (int k = 0; k < members.length; k++) {
            stack[k] = globalNode(c, members[k]);
            anchored += ctx.store.anchoredCount[stack[k]] > 0 ? 1 : 0;
        }
        if (anchored == 0) {
            return null;
        }
        // depth first from the last member, as anchoredPieces(g) visits a holder's children
        return anchoredParts(c, stack, members.length, cx, cy, cz, -1);
    }

    /**
     * The parts of {@link #anchoredPieces}: from the global nodes {@code stack[0, top)} (visited from the top),
     * depth first, descending only where anchored and free pieces are mixed; the hulls about (cx, cy, cz); cached
     * under holder node {@code key} when it is one (not, -1).
     */
    private AnchoredPieces anchoredParts(int collection, int[] stack, int top, double cx, double cy, double cz, int key) {
        ClusterStore st = ctx.store;
        int g = key;
        // the parts: nodes in depth-first order, ~node for an anchored one; a node whose pieces are all free,
        // or that is anchored itself (or a leaf), is one part
        int[] partNodes = new int[16];
        int count = 0;
        boolean free = false;
        while (top > 0) {
            int n = stack[--top];
            boolean anchored = st.anchoredCount[n] > 0;
            if (anchored && !st.anchored[n] && st.childCount[n] > 0) {
                for (int ch = st.firstChild[n]; ch != ClusterStore.NONE; ch = st.nextSibling[ch]) {
                    stack = push(stack, top++, ch);
                }
                continue;
            }
            if (st.node[n] < 0) {
                return null; // a cluster made at run time has no hulls of its own: drawn whole
            }
            free |= !anchored;
            partNodes = push(partNodes, count++, anchored ? ~n : n);
        }
        if (!free) {
            return null;
        }
        AnchoredPieces cached = g >= 0 ? anchoredDrawings.get(g) : null;
        if (cached != null && java.util.Arrays.equals(cached.nodes, 0, cached.nodes.length, partNodes, 0, count)) {
            return cached;
        }
        CollectionAsset a = ctx.collection(collection).asset;
        int[] hs = a.hullStart(), hi = a.hullIndex();
        java.util.List<dev.rubble.spi.shape.Compound.Child> children = new java.util.ArrayList<>();
        java.util.List<Boolean> flags = new java.util.ArrayList<>();
        for (int k = 0; k < count; k++) {
            int n = partNodes[k] < 0 ? ~partNodes[k] : partNodes[k];
            for (int h = hs[st.node[n]]; h < hs[st.node[n] + 1]; h++) {
                children.add(dev.rubble.spi.shape.Compound.Child.at(a.hulls()[hi[h]], -cx, -cy, -cz));
                flags.add(partNodes[k] < 0);
            }
        }
        boolean[] parts = new boolean[flags.size()];
        for (int k = 0; k < parts.length; k++) {
            parts[k] = flags.get(k);
        }
        AnchoredPieces p = new AnchoredPieces(new dev.rubble.spi.shape.Compound(children), parts,
                java.util.Arrays.copyOf(partNodes, count));
        if (g >= 0) {
            anchoredDrawings.put(g, p);
        }
        return p;
    }

    /** The last {@link #anchoredPieces} drawing per holder node (looked up by node only; never iterated). */
    private final java.util.Map<Integer, AnchoredPieces> anchoredDrawings = new java.util.HashMap<>();

    private static int[] push(int[] stack, int at, int v) {
        if (at == stack.length) {
            stack = java.util.Arrays.copyOf(stack, 2 * at);
        }
        stack[at] = v;
        return stack;
    }

    /**
     * A holder drawn piece by piece ({@link #anchoredPieces}): its pieces' hulls as one compound in its body
     * frame, and per compound child whether it is an anchored piece's.
     *
     * @param shape the pieces' hulls, in the holder's body frame
     * @param parts one flag per child of {@code shape}
     * @param nodes the pieces drawn, depth first ({@code ~node} for an anchored one)
     */
    public record AnchoredPieces(dev.rubble.spi.shape.Compound shape, boolean[] parts, int[] nodes) {
    }

    /** The body currently holding asset node {@code node} of collection {@code c} (its top ancestor's body). */
    public long holderBody(int c, int node) {
        return ctx.store.body[ctx.store.top(globalNode(c, node))];
    }

    /**
     * The body shape of a piece made of asset nodes {@code members} (their own hulls) about the
     * centre of mass {@code c} in the collection frame: the shape destruction gives a released
     * node (one member) or an internal cluster. For journal playback (issue 14).
     */
    public static Shape pieceShape(CollectionAsset asset, int[] members, double cx, double cy, double cz) {
        return PlacedCollection.compound(asset, 0, members.length, members, cx, cy, cz);
    }

    /** The global node whose body is {@code handle}, or -1 (not a collection piece, or a stale handle). */
    public int nodeOfBody(long handle) {
        int s = (int) handle;
        if (s < 0 || s >= ctx.bodies.slotLimit() || !ctx.bodies.isLive(s) || ctx.bodies.handle(s) != handle) {
            return ClusterStore.NONE;
        }
        return ctx.nodeOfSlot(s);
    }

    /**
     * The bodies of the collection pieces a query that touched body {@code handle} at world point
     * (x, y, z) with reach {@code radius} (metres, ≥ 0) meant: the body itself when it is a piece; for a
     * cluster union's body (which holds no node; issue 29) its welded piece members whose hulls come
     * within {@code radius} of the point, nearest first; else none.
     */
    public long[] piecesAt(long handle, double x, double y, double z, double radius) {
        if (nodeOfBody(handle) >= 0) {
            return new long[] {handle};
        }
        int s = (int) handle;
        if (s < 0 || s >= ctx.bodies.slotLimit() || !ctx.bodies.isLive(s) || ctx.bodies.handle(s) != handle) {
            return new long[0];
        }
        return ctx.unions.piecesNear(s, x, y, z, radius);
    }

    /**
     * The authored (asset) node under world point (x, y, z) in the piece whose body is {@code handle}:
     * down its tree to the leaf nearest by signed distance; -1 when the body is not a piece.
     */
    public int assetNodeAt(long handle, double x, double y, double z) {
        return nodeOfBody(handle) < 0 ? ClusterStore.NONE : PieceLookup.assetNodeAt(ctx, (int) handle, x, y, z);
    }

    /**
     * The authored nodes of the piece whose body is {@code handle} that a point of reach {@code radius}
     * (metres, ≥ 0) touches: the node under world point (x, y, z) first, then every node held in the piece
     * whose hulls come within {@code radius} of it; empty when the body is not a piece.
     */
    public int[] assetNodesNear(long handle, double x, double y, double z, double radius) {
        return nodeOfBody(handle) < 0 ? new int[0] : PieceLookup.nodesNear(ctx, (int) handle, x, y, z, radius);
    }

    // ---- retired bodies and their pieces (issue 29; docs/constraints.md "Joints on collections") ----

    /** Whether destruction retired a body since the last {@link #clearRetired}. */
    public boolean anyRetired() {
        return ctx.successors.retiredCount > 0;
    }

    /**
     * The pose body {@code handle} had when destruction retired it since the last {@link #clearRetired}, into
     * {@code dest} (10 values: centre of mass x, y, z; orientation qx, qy, qz, qw; the origin-to-centre offset in
     * the body frame, as {@code BodyStore.lcx}); false, {@code dest} untouched, when it was not retired then.
     */
    public boolean retiredPose(long handle, double[] dest) {
        Successors sc = ctx.successors;
        int k = sc.indexOf(handle);
        if (k < 0) {
            return false;
        }
        System.arraycopy(sc.pose, k * Successors.POSE, dest, 0, Successors.POSE);
        return true;
    }

    /**
     * The body that holds world point (x, y, z) of body {@code handle} now that destruction retired it
     * (since the last {@link #clearRetired}): of the pieces made from it (its node with a new body, its
     * released children, the new internal clusters of what was left), the one whose hulls are nearest the
     * point by signed distance (inside negative; ties to the lower node), the point taken at the retired
     * body's pose (the pieces start at it). {@link ClusterStore#NONE} when no piece was made from it (a
     * removal) or the nearest left without a body (throttled, killed). The answer may itself have been
     * retired since: ask again with it.
     */
    public long successor(long handle, double x, double y, double z) {
        Successors sc = ctx.successors;
        int k = sc.indexOf(handle);
        if (k < 0) {
            return ClusterStore.NONE;
        }
        ClusterStore s = ctx.store;
        int h = sc.retiredNode[k];
        double[] p = sc.pose;
        int o = k * Successors.POSE;
        double dx = x - p[o], dy = y - p[o + 1], dz = z - p[o + 2];
        double qx = -p[o + 3], qy = -p[o + 4], qz = -p[o + 5], qw = p[o + 6];
        // the point in the collection frame of the retired node, which its pieces share
        double lx = Rot.x(qx, qy, qz, qw, dx, dy, dz) + s.com[3 * h];
        double ly = Rot.y(qx, qy, qz, qw, dx, dy, dz) + s.com[3 * h + 1];
        double lz = Rot.z(qx, qy, qz, qw, dx, dy, dz) + s.com[3 * h + 2];
        PlacedCollection pc = ctx.collections.get(s.collection[h]);
        long best = ClusterStore.NONE;
        int bestNode = Integer.MAX_VALUE;
        double bestD = Double.POSITIVE_INFINITY;
        for (int i = 0; i < sc.count; i++) {
            if (sc.from[i] != handle) {
                continue;
            }
            int g = sc.node[i];
            double dist;
            if (s.node[g] >= 0) {
                dist = CollisionStrain.distance(pc.asset, s.node[g], lx, ly, lz);
            } else { // an internal cluster: its members' hulls
                dist = Double.POSITIVE_INFINITY;
                for (int c = s.firstChild[g]; c != ClusterStore.NONE; c = s.nextSibling[c]) {
                    if (s.node[c] >= 0) {
                        dist = Math.min(dist, CollisionStrain.distance(pc.asset, s.node[c], lx, ly, lz));
                    }
                }
            }
            if (dist < bestD || (dist == bestD && g < bestNode)) {
                bestD = dist;
                bestNode = g;
                best = sc.to[i];
            }
        }
        return best;
    }

    /** Forgets the bodies retired so far (the world calls it once it has moved what named them). */
    public void clearRetired() {
        ctx.successors.clear();
    }

    /** Whether bond (asset edge) {@code e} of collection {@code c} is alive. */
    public boolean bondAlive(int c, int e) {
        PlacedCollection pc = ctx.collection(c);
        if (e < 0 || e >= pc.bondAlive.length) {
            throw new IllegalArgumentException("bond = " + e + "; allowed: [0, " + pc.bondAlive.length + ") in collection " + c);
        }
        return pc.bondAlive[e];
    }

    /**
     * The load waiting on asset node {@code node} of collection {@code c} for its next evaluation:
     * {@code max(collision, external)}, the collision load including what a holder deferred by the
     * break budget carries to the step it is evaluated in (strain modifiers may still change it then).
     * 0 for a top node (the root, a released piece): only children are evaluated, so a load written
     * on it (a command, propagation from a sibling that broke in the same step) never acts.
     */
    public double pendingLoad(int c, int node) {
        int g = globalNode(c, node);
        ClusterStore s = ctx.store;
        if (s.parent[g] == ClusterStore.NONE) {
            return 0;
        }
        double carried = g < ctx.budget.carried.length ? ctx.budget.carried[g] : 0;
        return Math.max(Math.max(s.collisionLoad[g], carried), s.externalLoad[g]);
    }

    /** Collection {@code c}'s label as placed (may be null). */
    public String label(int c) {
        return ctx.collection(c).label;
    }

    /** Number of nodes that have bodies (intact collections, released pieces, internal clusters). */
    public int activeCount() {
        return ctx.activeCount;
    }

    /** Node of active index {@code i} (deterministic order). */
    public int active(int i) {
        return ctx.active[i];
    }

    /** Strained children waiting for the next step's evaluation (the console's destruction panel shows it). */
    public int strainedCount() {
        return ctx.listCount;
    }

    /** The last step's events (reused). */
    public BreakEvents events() {
        return ctx.events;
    }

    /** Collection {@code c}'s debris, removal and crumbling options. */
    public DebrisOptions debrisOptions(int c) {
        return ctx.collection(c).debris;
    }

    /** The world-wide removal timer multiplier (default 1). */
    public double removalTimerMultiplier() {
        return ctx.timerMultiplier;
    }

    /** Whether some collection has turned removal on (the REMOVAL slot does work from then on). */
    public boolean removalUsed() {
        return ctx.removal.used;
    }

    /**
     * How many pieces the next step may release at most through the strain rule: the children on
     * its strained list that the grouping pass will evaluate (held by an active holder whose body is
     * alive) and whose level is below their collection's unbreakable level (each that breaks
     * becomes a body). Read after the destruction slot (issue 27 item 1: the step pipeline reserves
     * contact room for them ahead of their first contacts); O(strained list), no state changes.
     */
    public int mayReleaseNext() {
        DestructionContext d = ctx;
        ClusterStore s = d.store;
        int n = 0;
        for (int i = 0; i < d.listCount; i++) {
            int g = d.list[i];
            if (s.level[g] < d.collection(s.collection[g]).unbreakableLevel && s.isHeldByActive(g)
                    && d.bodyAlive(s.parent[g])) {
                n++;
            }
        }
        return n;
    }

    /** The last step's budget counters (reused; see docs/destruction.md, "Budgets"). */
    public DestructionStats stats() {
        return ctx.budget.stats;
    }

    /** Holders that may break per step ({@link Command.SetBreakBudget#UNLIMITED} = no budget, the default). */
    public int breakBudget() {
        return ctx.budget.breaksPerStep;
    }

    /** Release throttling's lower bound of active pieces (-1 = off, the default). */
    public int throttleMin() {
        return ctx.budget.throttleMin;
    }

    /** Release throttling's upper bound of active pieces (-1 = off, the default). */
    public int throttleMax() {
        return ctx.budget.throttleMax;
    }

    /** Collection {@code c}'s current unbreakable level, {@code min(maxClusterLevel, maxSimulatedLevel)}. */
    public int unbreakableLevel(int c) {
        return ctx.collection(c).unbreakableLevel;
    }

    /**
     * Held pieces whose kill or dynamic-state field release waits for the break budget (their holder was
     * deferred), between steps, as {@code node, kind} pairs (kind 1 dynamic-state, 2 kill; snapshots, FELD).
     */
    public int[] pendingFieldReleases() {
        int[] out = new int[2 * ctx.fieldVelCount];
        ctx.pendingFieldReleases(out);
        return out;
    }

    /** Restores a pending field release of a snapshot ({@link #pendingFieldReleases}), after the cluster state. */
    public void restoreFieldRelease(int node, int kind) {
        ctx.restoreFieldRelease(node, (byte) kind);
    }

    // ---- hash -----------------------------------------------------------------------------

    /**
     * Mixes cluster state into {@code h} at O(active + strained) cost: the running digest of every
     * lasting change (placements, releases, thresholds, anchors), each active node with its body,
     * children and anchors, and the external strain waiting for the next step.
     */
    public long hash(long h) {
        return script.hash(h, dev.rubble.core.body.StateHash.VERSION);
    }

    /**
     * {@link #hash(long)} in StateHash {@code version} (1: as journals before format 6 recorded it,
     * byte by byte; 2: the per-node and per-strain part a word at a time).
     */
    public long hash(long h, int version) {
        return script.hash(h, version);
    }

    /** Writes the stress models and their state (snapshot section STRS; {@link StressState}). */
    public void writeStress(java.io.DataOutput o, StressState.ValueWriter options) throws java.io.IOException {
        StressState.write(script().stress(), collectionCount(), o, options);
        StressState.writeLimits(script().stress(), collectionCount(), o);
    }

    /** Reads the stress limits trailer that follows {@link #readStress}'s data when limits were set (call only when bytes remain). */
    public void readStressLimits(java.io.DataInput in) throws java.io.IOException {
        StressState.readLimits(script().stress(), collectionCount(), in);
    }

    /** Restores what {@link #writeStress} wrote, into this runtime with its collections already placed. */
    public void readStress(java.io.DataInput in, StressState.ValueReader options,
                           java.util.function.BiFunction<String, dev.rubble.spi.StageConfig, dev.rubble.spi.stress.StressModel> models)
            throws java.io.IOException {
        StressState.read(script().stress(), collectionCount(), store().size(), in, options, models);
    }
}
