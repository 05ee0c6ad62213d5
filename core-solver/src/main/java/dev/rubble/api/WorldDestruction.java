package dev.rubble.api;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.command.Command;
import dev.rubble.core.event.Callbacks;
import dev.rubble.core.destruction.ClusterStore;
import dev.rubble.core.destruction.CollectionPlacement;
import dev.rubble.core.destruction.DestructionOptions;
import dev.rubble.core.destruction.DestructionRuntime;
import dev.rubble.core.world.World;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.collection.CollectionAsset;
import dev.rubble.spi.collection.CollectionSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.joml.Quaterniondc;
import org.joml.Vector3dc;

/**
 * Destruction through the public API (issue 23; docs/destruction.md "Java API"): place geometry
 * collections, map bodies to pieces and back, strain, crumble, anchor, override thresholds, cut
 * bonds, read loads and thresholds, cast rays that name the struck node, and hear breaks. Get it
 * from {@link PhysicsWorld#destruction()}. Collections are {@link CollectionId}s, nodes the
 * asset's node ids, bonds the asset's edge ids; bodies are {@link BodyId}s.
 *
 * <p>Writes are journalled commands like every write of {@link PhysicsWorld}: checked now (an
 * unknown collection, node or bond fails here with an {@link IllegalArgumentException} naming it),
 * applied at the start of the next step. Placing a collection takes effect at once. Reads see the
 * state after the last step.
 */
public final class WorldDestruction {
    private final PhysicsWorld pw;
    private final World world;
    /** Copy-on-write (Callbacks): a listener may add or remove listeners, itself too, while it is called. */
    private BreakListener[] listeners = new BreakListener[0];
    private final BreakEvent event;
    private CollectionId[] ids = new CollectionId[8];
    private boolean listening;

    WorldDestruction(PhysicsWorld pw, World world) {
        this.pw = pw;
        this.world = world;
        this.event = new BreakEvent(pw);
    }

    private DestructionRuntime rt() {
        return world.destruction();
    }

    // ---- placing --------------------------------------------------------------------------------

    /**
     * Places a collection now (its intact root becomes one body) and returns its id. Between steps
     * only, like {@link PhysicsWorld#addBody}: from a listener or the pre-solve hook it is refused.
     *
     * @param label            the bodies' label (may be null)
     * @param asset            the collection: {@code dev.rubble.authoring.CollectionFile.load} of a
     *                         {@code .rbc} file, a {@code CollectionBuilder} result, or any {@link CollectionAsset}
     * @param levelThresholds  break threshold per level below the root (the last repeats), or null for the
     *                         damage model's defaults
     * @param anchorNodes      nodes pinned in place (their holder stays kinematic), or null
     * @param position where the collection's frame origin goes, metres, world frame, each coordinate within
     *                 ±{@link PhysicsWorld#MAX_COORDINATE}
     * @param orientation the collection's rotation, world from collection (non-zero; normalised)
     * @return the new collection's id (its placement index)
     * @throws IllegalArgumentException naming the bad value (a non-finite position, a threshold below 0, an
     *     anchor node out of range)
     * @throws IllegalStateException when called from a listener or the pre-solve hook (between steps only, as
     *     {@link PhysicsWorld#addBody})
     */
    public CollectionId place(String label, CollectionAsset asset, Vector3dc position, Quaterniondc orientation,
                              double[] levelThresholds, int[] anchorNodes) {
        pw.betweenSteps("place");
        Objects.requireNonNull(asset, "asset is null");
        Objects.requireNonNull(position, "position is null");
        Objects.requireNonNull(orientation, "orientation is null");
        PhysicsWorld.position("collection position", position.x(), position.y(), position.z());
        PhysicsWorld.rotation("collection orientation", orientation);
        DestructionOptions o = DestructionOptions.defaults();
        if (levelThresholds != null) {
            StringBuilder t = new StringBuilder();
            for (double v : levelThresholds) {
                t.append(t.length() == 0 ? "" : ", ").append(v);
            }
            o = o.withDamageModel(null, StageConfig.of(Map.of("thresholds", t.toString())));
        }
        CollectionPlacement pl = CollectionPlacement.at(position.x(), position.y(), position.z())
                .withOrientation(orientation.x(), orientation.y(), orientation.z(), orientation.w())
                .withAnchors(anchorNodes, null).withOptions(o).withLabel(label);
        return collection(world.placeCollection(asset, pl));
    }

    /**
     * A collection from a file ({@code .rbc}), through the {@link CollectionSource} on the class path
     * (module {@code rubble-scenario} provides one).
     * @param file the {@code .rbc} file (or its JSON form)
     * @return the asset, validated
     * @throws java.io.IOException when the file cannot be read
     * @throws IllegalStateException when no collection source is on the class path
     */
    public static CollectionAsset load(java.nio.file.Path file) throws java.io.IOException {
        Objects.requireNonNull(file, "file is null");
        return source().load(file);
    }

    /**
     * A collection fractured from a recipe (the JSON of a scenario {@code recipe} object:
     * {@code box} half extents, {@code levels} of fracture methods and options, {@code seed}, ...;
     * docs/scenario-format.md), through the {@link CollectionSource} on the class path.
     * @param recipeJson the recipe as JSON text
     * @return the fractured asset; the same recipe and seed give the same asset bit for bit
     * @throws IllegalArgumentException naming the bad key and value
     */
    public static CollectionAsset fracture(String recipeJson) {
        Objects.requireNonNull(recipeJson, "recipe is null");
        return source().fracture(recipeJson);
    }

    private static CollectionSource source() {
        for (CollectionSource s : java.util.ServiceLoader.load(CollectionSource.class)) {
            return s;
        }
        throw new IllegalStateException("no " + CollectionSource.class.getName() + " on the class path; add the"
                + " rubble-scenario module (or place an in-memory CollectionAsset)");
    }

    /**
     * Number of placed collections.
     * @return the count, ≥ 0
     */
    public int count() {
        return rt().collectionCount();
    }

    /**
     * The id of collection {@code index} (placement order).
     * @param index the placement index, 0 ≤ index &lt; {@link #count()}
     * @return the id
     */
    public CollectionId collection(int index) {
        if (index < 0 || index >= count()) {
            throw new IllegalArgumentException("collection = " + index + "; allowed: [0, " + count() + ")");
        }
        if (index >= ids.length) {
            ids = java.util.Arrays.copyOf(ids, Math.max(index + 1, 2 * ids.length));
        }
        CollectionId id = ids[index];
        if (id == null) {
            ids[index] = id = new CollectionId(index, pw.identity());
        }
        return id;
    }

    /**
     * The collection's asset (read only).
     * @param c the collection
     * @return its asset (shared: do not modify its arrays)
     */
    public CollectionAsset asset(CollectionId c) {
        return rt().asset(index(c));
    }

    /**
     * The collection's label as placed (may be null).
     * @param c the collection
     * @return the label, or null
     */
    public String label(CollectionId c) {
        return rt().label(index(c));
    }

    // ---- bodies and pieces ------------------------------------------------------------------------

    /**
     * The piece {@code body} simulates, or null when it is not a collection piece (or no longer live).
     * @param body any body
     * @return the piece (collection and node), or null
     */
    public Piece pieceOf(BodyId body) {
        int g = rt().nodeOfBody(pw.handle(body));
        if (g < 0) {
            return null;
        }
        ClusterStore s = rt().store();
        return new Piece(collection(s.collection[g]), s.node[g]);
    }

    /**
     * The body that currently simulates {@code node} of {@code c}: the node's own once it broke free,
     * else its holder's (the top piece containing it); null when the node has no body (removed,
     * or left without one by release throttling).
     * @param c the collection
     * @param node the asset node id, 0 ≤ node &lt; the asset's node count
     * @return the body, or null
     */
    public BodyId bodyOf(CollectionId c, int node) {
        long h = rt().holderBody(index(c), node);
        return live(h) ? pw.id((int) h) : null;
    }

    /**
     * Whether {@code node} of {@code c} is simulated by its own body (it broke free or is a top node);
     * false once that body is gone ({@link PhysicsWorld#removeBody}, or removal by destruction), as
     * {@link #bodyOf} is then null.
     * @param c the collection
     * @param node the asset node id
     * @return true when the node has its own live body
     */
    public boolean isFree(CollectionId c, int node) {
        int g = rt().globalNode(index(c), node);
        // the cluster store forgets a body removed through the world lazily, when a pass next meets it
        return live(rt().store().body[g]);
    }

    /** Whether {@code handle} names a live body (false for {@link ClusterStore#NONE} and stale handles). */
    private boolean live(long handle) {
        if (handle == ClusterStore.NONE) {
            return false;
        }
        BodyStore b = world.bodies();
        int s = (int) handle;
        return s >= 0 && s < b.slotLimit() && b.isLive(s) && b.handle(s) == handle;
    }

    // ---- strain and breaking ----------------------------------------------------------------------

    /**
     * Raises the node's external strain to at least {@code strain} (≥ 0; +∞ forces a break); one-shot.
     * @param c the collection
     * @param node the asset node id
     * @param strain the external strain, in the thresholds' units (N·s, or N for force-based damage models),
     *     ≥ 0
     */
    public void applyStrain(CollectionId c, int node, double strain) {
        world.queue(new Command.ExternalStrain(index(c), node, strain));
    }

    /**
     * External strain at a point: children of active pieces within {@code radius} of it (or the nearest)
     * get {@code strain}, then rings along live bonds up to {@code depth}, scaled by {@code factor} per ring.
     * @param point the centre, metres, world frame
     * @param radius the reach, metres, ≥ 0
     * @param strain the external strain given at the centre, in the thresholds' units, ≥ 0
     * @param depth how many rings of bonded neighbours also get strain, ≥ 0
     * @param factor the multiplier per ring, ≥ 0
     */
    public void applyStrainAt(Vector3dc point, double radius, double strain, int depth, double factor) {
        Objects.requireNonNull(point, "point is null");
        world.queue(new Command.ExternalStrainAt(point.x(), point.y(), point.z(), radius, strain, depth, factor));
    }

    /**
     * Adds {@code delta} to the node's internal strain (its threshold; negative weakens it, floor 0).
     * Lasting. {@code −∞} on an unbreakable node ({@link #setUnbreakable}) leaves it unbreakable.
     * @param c the collection
     * @param node the asset node id
     * @param delta the change of the threshold, in its units (negative weakens)
     */
    public void addInternalStrain(CollectionId c, int node, double delta) {
        world.queue(new Command.InternalStrain(index(c), node, delta));
    }

    /**
     * Internal strain at a point: in every piece within {@code radius} of {@code point}, the leaf under the
     * point and every other node held in the piece whose hulls come within {@code radius} of it get
     * {@code delta} added to their thresholds (a piece's own top node is never evaluated, so it is left
     * alone unless it is the leaf under the point). Returns how many nodes were changed (0 when no piece
     * is there).
     * @param point the point, metres, world frame
     * @param radius the reach, metres, finite, ≥ 0
     * @param delta the change of each threshold, in its units (not NaN)
     * @return the number of nodes changed, ≥ 0
     */
    public int addInternalStrainAt(Vector3dc point, double radius, double delta) {
        Objects.requireNonNull(point, "point is null");
        if (!(radius >= 0) || Double.isInfinite(radius)) {
            throw new IllegalArgumentException("radius = " + radius + "; allowed: finite, >= 0 m");
        }
        if (Double.isNaN(delta)) { // checked here too: with no piece under the point no command is made
            throw new IllegalArgumentException("delta = NaN; allowed: a number");
        }
        List<BodyId> near = new ArrayList<>();
        pw.overlap(new dev.rubble.spi.shape.Sphere(Math.max(radius, 1e-6)), point, new org.joml.Quaterniond(), near);
        int n = 0;
        double reach = Math.max(radius, 1e-6);
        for (BodyId b : near) {
            // a piece, or the pieces welded into a cluster union's body within reach (issue 29)
            for (long piece : rt().piecesAt(b.handle(), point.x(), point.y(), point.z(), reach)) {
                int c = rt().store().collection[rt().nodeOfBody(piece)];
                for (int node : rt().assetNodesNear(piece, point.x(), point.y(), point.z(), radius)) {
                    world.queue(new Command.InternalStrain(c, node, delta));
                    n++;
                }
            }
        }
        return n;
    }

    /**
     * Breaks every child of the node at its next evaluation (the whole collection: its root, node 0).
     * @param c the collection
     * @param node the cluster node whose children break (0 for the whole collection)
     */
    public void crumble(CollectionId c, int node) {
        world.queue(new Command.Crumble(index(c), node));
    }

    /**
     * Anchors (pins) or frees a node; the piece holding it becomes kinematic or dynamic accordingly.
     * @param c the collection
     * @param node the asset node id
     * @param anchored true to pin it, false to free it
     */
    public void setAnchor(CollectionId c, int node, boolean anchored) {
        world.queue(new Command.SetAnchor(index(c), node, anchored));
    }

    /**
     * Sets the node's break threshold (≥ 0), replacing the damage model's. Lasting.
     * @param c the collection
     * @param node the asset node id
     * @param threshold the new threshold, in the damage model's units (N·s, or N for force-based models), ≥ 0
     */
    public void setThreshold(CollectionId c, int node, double threshold) {
        world.queue(new Command.SetNodeThreshold(index(c), node, threshold));
    }

    /**
     * Makes the node unbreakable (threshold +∞) by any finite load; a forced break (strain +∞ from
     * {@link #applyStrain} or {@link #crumble}) still breaks it, since the rule is load ≥ threshold.
     * {@link #setThreshold} makes it breakable again.
     * @param c the collection
     * @param node the asset node id
     */
    public void setUnbreakable(CollectionId c, int node) {
        setThreshold(c, node, Double.POSITIVE_INFINITY);
    }

    /**
     * Changes the collection's damage propagation (journalled): on/off, the share of a broken node's
     * excess load and of an unbroken node's load passed to each bonded neighbour (finite, ≥ 0).
     * @param c the collection
     * @param on whether damage propagates along bonds
     * @param breakFactor the share of a broken node's excess load passed on, finite, ≥ 0
     * @param shockFactor the share of an unbroken node's load passed on, finite, ≥ 0
     */
    public void setPropagation(CollectionId c, boolean on, double breakFactor, double shockFactor) {
        world.queue(new Command.SetPropagation(index(c), on, breakFactor, shockFactor));
    }

    /**
     * Replaces the collection's damage model (a {@code damage-model} plugin by name, e.g.
     * {@code material-strength}, with its options; journalled): every threshold is recomputed from the
     * new model with the bonds alive now, then the asset's own thresholds and the material multipliers
     * apply (run-time threshold edits are replaced). An unknown model or a bad option fails here.
     * @param c the collection
     * @param model the damage model's name
     * @param options the model's options (numbers, strings, booleans), or an empty map
     */
    public void setDamageModel(CollectionId c, String model, Map<String, ?> options) {
        world.queue(new Command.SetDamageModel(index(c), model, StageConfig.of(options == null ? Map.of() : options)));
    }

    /**
     * Sets the node's material (an index into the collection's materials; journalled); its threshold is
     * recomputed.
     * @param c the collection
     * @param node the asset node id
     * @param material the material index, 0 ≤ material &lt; the collection's material count
     */
    public void setMaterial(CollectionId c, int node, int material) {
        world.queue(new Command.SetNodeMaterial(index(c), node, material));
    }

    /**
     * Sets material {@code material}'s threshold multiplier (finite, ≥ 0; journalled): the thresholds of
     * its nodes become multiplier × (the asset's own threshold, else the damage model's); +∞ stays +∞.
     * @param c the collection
     * @param material the material index
     * @param multiplier the multiplier, finite, ≥ 0
     */
    public void setMaterialMultiplier(CollectionId c, int material, double multiplier) {
        world.queue(new Command.SetMaterialMultiplier(index(c), material, multiplier));
    }

    /**
     * The node's material now.
     * @param c the collection
     * @param node the asset node id
     * @return the material index
     */
    public int material(CollectionId c, int node) {
        return rt().material(index(c), node);
    }

    /**
     * Material {@code material}'s threshold multiplier now (1 unless the asset or a command set it).
     * @param c the collection
     * @param material the material index
     * @return the multiplier, ≥ 0
     */
    public double materialMultiplier(CollectionId c, int material) {
        return rt().materialMultiplier(index(c), material);
    }

    /**
     * The node's break threshold now (+∞: unbreakable).
     * @param c the collection
     * @param node the asset node id
     * @return the threshold, ≥ 0 or {@code +∞}
     */
    public double threshold(CollectionId c, int node) {
        return rt().store().threshold[rt().globalNode(index(c), node)];
    }

    /**
     * The strain waiting on the node for its next evaluation (the step after this call), not the
     * load of its last evaluation (a node evaluated without breaking starts again from 0):
     * {@code max(collision, external)}, where the collision part is what a holder deferred by the
     * break budget carries (collision loads of a running step are gone between steps) and the
     * external part includes strain queued for the node by {@link #applyStrain} and not applied yet.
     * Strain queued at a point ({@link #applyStrainAt}) is found at the start of the next step and shows
     * after it; strain modifiers and that step's own collisions may still change what is evaluated.
     * The node breaks when its evaluated load reaches its {@link #threshold}. A node without a body
     * ({@link #bodyOf} null: removed, or left without one by release throttling) is never evaluated,
     * so nothing waits on it: 0, whatever strain was given to it. Nor is a node on its own body (the
     * root, a piece already released): only a holder's children are evaluated, so it reads 0 too.
     * @param c the collection
     * @param node the asset node id
     * @return the waiting load, ≥ 0, in the thresholds' units
     */
    public double load(CollectionId c, int node) {
        int ci = index(c);
        if (!live(rt().holderBody(ci, node)) || rt().store().parent[rt().globalNode(ci, node)] < 0) {
            return 0; // no body, or a top node (the root, a released piece): never evaluated
        }
        double l = rt().pendingLoad(ci, node);
        for (Command q : world.queuedCommands()) {
            if (q instanceof Command.ExternalStrain x && x.collection() == ci && x.node() == node && x.strain() > l) {
                l = x.strain();
            }
        }
        return l;
    }

    // ---- bonds ------------------------------------------------------------------------------------

    /**
     * Number of bonds (connection-graph edges) of the collection, alive or cut.
     * @param c the collection
     * @return the bond count, ≥ 0
     */
    public int bondCount(CollectionId c) {
        return rt().asset(index(c)).edgeCount();
    }

    /**
     * The bonds of {@code node} (edge ids, ascending), alive or cut.
     * @param c the collection
     * @param node the asset node id
     * @return a new array of bond ids
     */
    public int[] bondsOf(CollectionId c, int node) {
        CollectionAsset a = rt().asset(index(c));
        rt().globalNode(index(c), node); // names a bad node
        int[] es = a.edgeStart(), el = a.edgeList();
        int[] out = java.util.Arrays.copyOfRange(el, es[node], es[node + 1]);
        java.util.Arrays.sort(out);
        return out;
    }

    /**
     * The node at the other end of {@code bond} from {@code node}.
     * @param c the collection
     * @param bond the bond id
     * @param node one end of the bond (a node at neither end is refused, naming both ends)
     * @return the other end
     */
    public int bondOther(CollectionId c, int bond, int node) {
        CollectionAsset a = rt().asset(index(c));
        checkBond(a, c, bond);
        if (node != a.edgeA()[bond] && node != a.edgeB()[bond]) {
            throw new IllegalArgumentException("node = " + node + " is not an end of bond " + bond + " in collection "
                    + c.index() + "; allowed: " + a.edgeA()[bond] + " or " + a.edgeB()[bond]);
        }
        return a.edgeA()[bond] == node ? a.edgeB()[bond] : a.edgeA()[bond];
    }

    /**
     * The bond's first node (the smaller id).
     * @param c the collection
     * @param bond the bond id, 0 ≤ bond &lt; {@link #bondCount}
     * @return the node id
     */
    public int bondA(CollectionId c, int bond) {
        CollectionAsset a = rt().asset(index(c));
        checkBond(a, c, bond);
        return a.edgeA()[bond];
    }

    /**
     * The bond's second node.
     * @param c the collection
     * @param bond the bond id
     * @return the node id
     */
    public int bondB(CollectionId c, int bond) {
        CollectionAsset a = rt().asset(index(c));
        checkBond(a, c, bond);
        return a.edgeB()[bond];
    }

    /**
     * The bond's contact area, m².
     * @param c the collection
     * @param bond the bond id
     * @return the area, m²
     */
    public double bondArea(CollectionId c, int bond) {
        CollectionAsset a = rt().asset(index(c));
        checkBond(a, c, bond);
        return a.edgeArea()[bond];
    }

    /**
     * Whether the bond is alive (not cut, and not broken by a release).
     * @param c the collection
     * @param bond the bond id
     * @return true while it holds
     */
    public boolean bondAlive(CollectionId c, int bond) {
        return rt().bondAlive(index(c), bond);
    }

    /**
     * Cuts one bond (Blast style): at the next step the piece holding its two nodes splits into the
     * connected components of its remaining bonds; a redundant bond splits nothing.
     * @param c the collection
     * @param bond the bond id
     */
    public void cutBond(CollectionId c, int bond) {
        world.queue(new Command.CutBond(index(c), bond));
    }

    private static void checkBond(CollectionAsset a, CollectionId c, int bond) {
        if (bond < 0 || bond >= a.edgeCount()) {
            throw new IllegalArgumentException("bond = " + bond + "; allowed: [0, " + a.edgeCount()
                    + ") in collection " + c.index());
        }
    }

    // ---- queries ----------------------------------------------------------------------------------

    /**
     * {@link PhysicsWorld#rayCast} that also names the piece it struck: when the body hit is a
     * collection piece, {@code dest} gets its collection and the authored leaf node under the hit point.
     * @param origin the ray's start, metres, world frame
     * @param direction the ray's direction (non-zero)
     * @param maxDistance the longest distance searched, metres, ≥ 0
     * @param dest receives the hit and the piece struck
     * @return true when a body was hit
     */
    public boolean rayCast(Vector3dc origin, Vector3dc direction, double maxDistance, PieceHit dest) {
        Objects.requireNonNull(dest, "dest is null");
        dest.set(null, -1);
        if (!pw.rayCast(origin, direction, maxDistance, dest.hit())) {
            return false;
        }
        name(dest);
        return true;
    }

    /**
     * {@link PhysicsWorld#shapeCast} that also names the piece it struck (the leaf under the contact
     * point, as {@link #rayCast} does).
     * @param shape the convex shape to sweep
     * @param position its start position, metres, world frame
     * @param orientation its orientation, kept along the sweep
     * @param translation the sweep's displacement, metres
     * @param dest receives the hit and the piece struck
     * @return true when a body was touched
     */
    public boolean shapeCast(dev.rubble.spi.shape.Shape shape, Vector3dc position, Quaterniondc orientation,
                             Vector3dc translation, PieceHit dest) {
        Objects.requireNonNull(dest, "dest is null");
        dest.set(null, -1);
        if (!pw.shapeCast(shape, position, orientation, translation, dest.hit())) {
            return false;
        }
        name(dest);
        return true;
    }

    /** How far from a welded piece's hulls a hit point on a union's body may lie and still be on that piece, metres. */
    private static final double ON_SURFACE = 1e-6;

    private void name(PieceHit dest) {
        long h = dest.hit().body().handle();
        org.joml.Vector3d p = dest.hit().point(new org.joml.Vector3d());
        // a cluster union's body holds no node: the piece welded into it at the hit point does (issue 29)
        long[] pieces = rt().piecesAt(h, p.x, p.y, p.z, ON_SURFACE);
        if (pieces.length > 0) {
            int g = rt().nodeOfBody(pieces[0]);
            dest.set(collection(rt().store().collection[g]), rt().assetNodeAt(pieces[0], p.x, p.y, p.z));
        }
    }

    // ---- listeners --------------------------------------------------------------------------------

    /**
     * Registers a listener that hears every destruction event after each step, in event order. Every
     * {@code BREAK}, {@code RELEASE}, {@code CLUSTER} and {@code CRUMBLE} event names a body that is live when the
     * listener hears it: a piece the same step broke again (an {@code impactMode} {@code resolve} trial pass that
     * cut on through what an earlier pass released, a cluster left by a break that crumbled) is not reported,
     * only the pieces that replaced it (docs/events.md, "Breaks within one step").
     * @param l called with each event, on the stepping thread
     */
    public void addBreakListener(BreakListener l) {
        listeners = Callbacks.with(listeners, l);
        if (!listening) {
            listening = true;
            rt().addListener(this::dispatch);
        }
    }

    /**
     * Unregisters a break listener (nothing happens if it was not registered).
     * @param l the listener to remove
     */
    public void removeBreakListener(BreakListener l) {
        listeners = Callbacks.without(listeners, l);
    }

    /**
     * Every listener hears every event of the step, also after one threw (Callbacks): a listener that
     * throws hears no more events of this step, and the first failure is thrown once all have run.
     */
    private void dispatch(dev.rubble.core.destruction.BreakEvents events) {
        pw.enterListener();
        try {
            BreakListener[] ls = listeners;
            Throwable failure = null;
            boolean[] failed = null; // allocated when one fails
            // a piece the same step broke again (a resolve trial pass, a cluster that crumbled) is not handed on:
            // its body is gone, and later events of the step name what replaced it (docs/events.md)
            events.settle(pw.kernel().bodies());
            for (int i = 0; i < events.count(); i++) {
                if (events.superseded(i)) {
                    continue;
                }
                event.set(events, i);
                for (int k = 0; k < ls.length; k++) {
                    if (failed != null && failed[k]) {
                        continue;
                    }
                    try {
                        ls[k].onBreak(event);
                    } catch (Throwable t) {
                        failure = Callbacks.keep(failure, t);
                        if (failed == null) {
                            failed = new boolean[ls.length];
                        }
                        failed[k] = true;
                    }
                }
            }
            Callbacks.rethrow(failure);
        } finally {
            pw.exitListener();
        }
    }

    private int index(CollectionId c) {
        pw.own(c);
        if (c.index() >= count()) {
            throw new IllegalArgumentException("collection = " + c.index() + "; allowed: [0, " + count() + ")");
        }
        return c.index();
    }
}
