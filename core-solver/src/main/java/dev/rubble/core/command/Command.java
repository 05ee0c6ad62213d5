package dev.rubble.core.command;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.BodyState;
import java.util.Objects;

/**
 * An input to the world applied at the start of a step (the COMMANDS stage). Commands are what a
 * journal records as a step's inputs, so a replay can re-create every step exactly. Bodies are named
 * by handle; handles are deterministic, so a replay resolves them to the same bodies.
 */
public sealed interface Command {

    /**
     * A body reference for a command queued in the same step as the Spawn that creates the body,
     * before its handle exists: the body the {@code k}-th Spawn command (0-based, in queue order)
     * of the same step created. Commands take it wherever they take a handle; the COMMANDS slot
     * resolves it when it applies them, so a journal records the same reference and a replay
     * resolves it the same way.
     */
    static long spawnedEarlier(int k) {
        if (k < 0) {
            throw new IllegalArgumentException("spawn index = " + k + "; allowed: >= 0");
        }
        return -1L - k;
    }

    /**
     * A command on one body, named by {@link #body()}: a handle, or a {@link #spawnedEarlier} reference.
     * (Commands on two bodies, such as constraints and ignored pairs, name them their own way.)
     */
    sealed interface OnBody extends Command {
        /** The body: a handle, or a reference to a body a Spawn command of the same step created. */
        long body();
    }

    /** An impulse (N·s) applied at a world point (metres); wakes the body. */
    record ApplyImpulse(long body, double jx, double jy, double jz, double px, double py, double pz)
            implements OnBody {
    }

    /** Sets linear (m/s) and angular (rad/s) velocity; wakes the body. */
    record SetVelocity(long body, double vx, double vy, double vz, double wx, double wy, double wz)
            implements OnBody {
    }

    /** Moves a body into another state (awake, sleeping, static is not allowed for dynamic bodies, disabled). */
    record SetState(long body, BodyState state) implements OnBody {
        public SetState {
            Objects.requireNonNull(state, "state is null");
        }
    }

    /** Creates a body. */
    record Spawn(BodyDef def) implements Command {
        public Spawn {
            Objects.requireNonNull(def, "def is null");
        }
    }

    /** Removes a body. */
    record Remove(long body) implements OnBody {
    }

    /** Sets a kinematic body's target pose (origin position, orientation) to reach by the end of the step. */
    record SetKinematicTarget(long body, double x, double y, double z, double qx, double qy, double qz, double qw)
            implements OnBody {
    }

    // ---- cluster unions (issue 29; docs/destruction.md "Cluster unions"): journal tags 90-93 ----

    /**
     * A cluster-union operation (reference: chaos-clusters-strain-runtime §8): queued by the COMMANDS
     * slot and flushed at its end, removes before adds before child-to-parent updates; each union
     * touched is rebuilt once per batch. Unions are named by a caller-chosen id (>= 0); the first
     * add creates one. Members are bodies (plain dynamic bodies or collection pieces) named by handle.
     */
    sealed interface ClusterUnion extends Command
            permits UnionAdd, UnionAddCollection, UnionRemove, UnionSetChildToParent {
        /** The union's id. */
        int union();
    }

    /** Adds a dynamic body (a plain body or a collection piece) to union {@code union}; auxiliary members never hold a union together. */
    record UnionAdd(int union, long body, boolean auxiliary) implements ClusterUnion {
        public UnionAdd {
            Validate.union(union);
        }
    }

    /**
     * Adds placed collection {@code collection}: its dynamic pieces as they are ({@code released} false),
     * or first broken into its children (the released pieces join at the end of the step's DESTRUCTION slot).
     */
    record UnionAddCollection(int union, int collection, boolean released, boolean auxiliary) implements ClusterUnion {
        public UnionAddCollection {
            Validate.union(union);
        }
    }

    /** Takes a body out of union {@code union}; the rest is split by connectivity. */
    record UnionRemove(int union, long body) implements ClusterUnion {
        public UnionRemove {
            Validate.union(union);
        }
    }

    /** Sets a member's pose (its body origin) in the union's frame (the union's centre of mass and orientation). */
    record UnionSetChildToParent(int union, long body, double x, double y, double z, double qx, double qy, double qz,
                                 double qw) implements ClusterUnion {
        /** The largest |x|, |y| or |z| of a member's place in its union's frame, metres: the range of every position. */
        public static final double MAX_OFFSET = 1e9;

        public UnionSetChildToParent {
            Validate.union(union);
            for (double v : new double[] {x, y, z, qx, qy, qz, qw}) {
                if (!Double.isFinite(v)) {
                    throw new IllegalArgumentException("union child-to-parent pose has a non-finite component " + v
                            + "; allowed: finite numbers");
                }
            }
            // the range of every position (PhysicsWorld.MAX_COORDINATE, scenarios, snapshots): a member placed 1e300 m
            // out gave the union an inertia that overflowed, and the rebuild threw from the step with the union's
            // body already gone (a world that no snapshot could save); 1e12 m put the union's body beyond the range
            if (!(Math.abs(x) <= MAX_OFFSET && Math.abs(y) <= MAX_OFFSET && Math.abs(z) <= MAX_OFFSET)) {
                throw new IllegalArgumentException("union child-to-parent position = (" + x + ", " + y + ", " + z
                        + "); allowed: each within ±" + MAX_OFFSET + " m (the range of every position)");
            }
            double len2 = qx * qx + qy * qy + qz * qz + qw * qw;
            if (!(len2 > 1e-12 && len2 < Double.POSITIVE_INFINITY)) { // an overflowing one normalises to zero
                throw new IllegalArgumentException("union child-to-parent orientation = [" + qx + ", " + qy + ", " + qz
                        + ", " + qw + "]; allowed: a non-zero quaternion of length below 1e154");
            }
        }
    }

    // ---- destruction (issue 12): collections are named by placement index, nodes by asset id ----

    /**
     * A command on placed geometry collections (SPEC §5): validated against the world's
     * collections when queued, applied at the start of the step like every command.
     */
    sealed interface Destruction extends Command
            permits ExternalStrain, ExternalStrainAt, InternalStrain, Crumble, SetAnchor, SetAnchorBox,
            SetBreakBudget, SetReleaseThrottle, SetLevels, // budgets (issue 13)
            SetDebrisLevel, SetRemoveOnBreak, SetRemoveOnSleep, SetCrumbleSize, SetRemovalTimerMultiplier,
            CutBond, SetNodeThreshold, SetPropagation, // destruction as a library (issue 23)
            SetDamageModel, SetNodeMaterial, SetMaterialMultiplier, // materials and models at run time (issue 23)
            SetStressModel, SetBondStrength, // the stress model and per-bond strength at run time (issue 30)
            SetMaterialLimits, SetBondLimits, // stress limits per material and per bond (issue 30)
            SetCollisionProxies { // size buckets and debris-as-sphere (issue 27)
    }

    /** Raises a node's external strain to at least {@code strain} (≥ 0; +∞ forces a break). One-shot. */
    record ExternalStrain(int collection, int node, double strain) implements Destruction {
        public ExternalStrain {
            Validate.load("strain", strain);
        }
    }

    /**
     * External strain at a world point (Chaos's {@code ApplyExternalStrain}): every child of an
     * active holder whose bounds meet the sphere (or, when none does, the nearest child of a holder
     * whose bounds meet it) gets {@code strain}; then, breadth first along live bonds,
     * {@code propagationDepth} more rings get {@code strain × propagationFactor^ring}. Max-combined.
     */
    record ExternalStrainAt(double x, double y, double z, double radius, double strain, int propagationDepth,
                            double propagationFactor) implements Destruction {
        public ExternalStrainAt {
            if (!Double.isFinite(x) || !Double.isFinite(y) || !Double.isFinite(z)) {
                throw new IllegalArgumentException("strain point = [" + x + ", " + y + ", " + z + "]; allowed: finite");
            }
            if (!(radius >= 0) || !Double.isFinite(radius)) {
                throw new IllegalArgumentException("radius = " + radius + "; allowed: finite, >= 0");
            }
            Validate.load("strain", strain);
            if (propagationDepth < 0) {
                throw new IllegalArgumentException("propagationDepth = " + propagationDepth + "; allowed: >= 0");
            }
            if (!(propagationFactor >= 0) || !Double.isFinite(propagationFactor)) {
                throw new IllegalArgumentException("propagationFactor = " + propagationFactor + "; allowed: finite, >= 0");
            }
        }
    }

    /**
     * Adds {@code delta} (may be negative) to a node's internal strain (its threshold), floor 0. Lasting.
     * {@code −∞} on an unbreakable ({@code +∞}) node leaves it unbreakable ({@code ∞ − ∞} is not a threshold).
     */
    record InternalStrain(int collection, int node, double delta) implements Destruction {
        public InternalStrain {
            if (Double.isNaN(delta)) {
                throw new IllegalArgumentException("delta = NaN; allowed: a number");
            }
        }
    }

    /** Breaks every child of a node at its next evaluation (their external strain becomes +∞). */
    record Crumble(int collection, int node) implements Destruction {
    }

    /** Anchors ({@code anchored = true}) or frees a node of a placed collection. */
    record SetAnchor(int collection, int node, boolean anchored) implements Destruction {
    }

    /**
     * Anchors or frees every leaf whose centre of mass lies in the box (collection frame, metres).
     */
    record SetAnchorBox(int collection, double minX, double minY, double minZ, double maxX, double maxY,
                        double maxZ, boolean anchored) implements Destruction {
        public SetAnchorBox {
            if (!(minX <= maxX && minY <= maxY && minZ <= maxZ)) {
                throw new IllegalArgumentException("anchor box = [" + minX + ", " + minY + ", " + minZ + "] .. ["
                        + maxX + ", " + maxY + ", " + maxZ + "]; allowed: finite, min <= max");
            }
        }
    }

    // ---- destruction budgets (issue 13; docs/destruction.md "Budgets"; journal tags 20-22) ----

    /**
     * Sets how many holders (clusters) may break per step, world-wide ({@code perAdvanceBreaksAllowed}).
     * Strained holders over the budget wait for a later step in first-strained order with their
     * loads kept; none is dropped. {@link #UNLIMITED} (the default) = no budget; 0 = breaking paused.
     */
    record SetBreakBudget(int breaksPerStep) implements Destruction {
        /** No break budget. */
        public static final int UNLIMITED = Integer.MAX_VALUE;

        public SetBreakBudget {
            if (breaksPerStep < 0) {
                throw new IllegalArgumentException("breaksPerStep = " + breaksPerStep
                        + "; allowed: >= 0 holders per step (" + UNLIMITED + " = unlimited)");
            }
        }
    }

    /**
     * Release throttling, world-wide: with {@code a} pieces holding bodies before a step's releases,
     * a share {@code (a - min) / (max - min)} (0 at or below min, all at or above max) of the
     * dynamic pieces the step releases get no body at all. {@code min = max = -1} turns it off (the
     * default); otherwise {@code 0 <= min <= max}.
     */
    record SetReleaseThrottle(int min, int max) implements Destruction {
        public SetReleaseThrottle {
            if (!(min == -1 && max == -1)) {
                if (min < 0) {
                    throw new IllegalArgumentException("throttle min = " + min
                            + "; allowed: >= 0 active pieces (min = max = -1 turns throttling off)");
                }
                if (max < min) {
                    throw new IllegalArgumentException("throttle max = " + max + " is below min = " + min
                            + "; allowed: max >= min");
                }
            }
        }

        /** Whether this setting throttles at all. */
        public boolean on() {
            return min >= 0;
        }
    }

    /**
     * Sets a placed collection's level limits at run time (see
     * {@code dev.rubble.core.destruction.DestructionOptions}): children at or past
     * {@code min(maxClusterLevel, maxSimulatedLevel)} never break from then on. Both ≥ 1;
     * {@code Integer.MAX_VALUE} = unlimited. Pieces that already have bodies keep them.
     */
    record SetLevels(int collection, int maxClusterLevel, int maxSimulatedLevel) implements Destruction {
        public SetLevels {
            if (maxClusterLevel < 1) {
                throw new IllegalArgumentException("maxClusterLevel = " + maxClusterLevel + "; allowed: >= 1");
            }
            if (maxSimulatedLevel < 1) {
                throw new IllegalArgumentException("maxSimulatedLevel = " + maxSimulatedLevel + "; allowed: >= 1");
            }
        }
    }

    // ---- debris and removal (issue 13; docs/destruction.md "Debris and removal"; journal tags 30-34).
    // Ranges are checked when queued, against the collection's DebrisOptions.

    /** Pieces of the collection at or past {@code level} are debris (≥ 1; Integer.MAX_VALUE = none). */
    record SetDebrisLevel(int collection, int level) implements Destruction {
    }

    /** Remove-on-break on or off, with the delay and shrink-duration ranges (s). */
    record SetRemoveOnBreak(int collection, boolean on, double delayMin, double delayMax, double removalMin,
                            double removalMax) implements Destruction {
    }

    /** Remove-on-sleep on or off, with rest-time and shrink ranges (s) and slow-moving-as-sleeping (m/s). */
    record SetRemoveOnSleep(int collection, boolean on, double timeMin, double timeMax, double removalMin,
                            double removalMax, boolean slowMovingAsSleeping, double slowSpeed) implements Destruction {
    }

    /**
     * The collection's collision proxies (issue 27; {@code dev.rubble.core.command.CollisionProxies}):
     * size buckets mapping small pieces to a box, sphere or capsule, and debris-as-sphere. Bodies
     * created from then on use them; existing bodies keep their shapes. Journal tag 82.
     */
    record SetCollisionProxies(int collection, dev.rubble.core.command.CollisionProxies proxies)
            implements Destruction {
        public SetCollisionProxies {
            java.util.Objects.requireNonNull(proxies, "collision proxies is null");
        }
    }

    /** Partial clusters whose remaining children all have relative size at most {@code size} crumble ([0, 1]; 0 = off). */
    record SetCrumbleSize(int collection, double size) implements Destruction {
    }

    /** The world-wide removal timer multiplier (≥ 0, finite; 1 = real time, 2 = timers run twice as fast). */
    record SetRemovalTimerMultiplier(double multiplier) implements Destruction {
        public SetRemovalTimerMultiplier {
            if (!(multiplier >= 0) || !Double.isFinite(multiplier)) {
                throw new IllegalArgumentException("removal timer multiplier = " + multiplier
                        + "; allowed: finite, >= 0");
            }
        }
    }

    /**
     * Cuts one bond (asset edge {@code bond} of the collection's connection graph; issue 23, Blast
     * style): the bond dies now, the damage model sees both ends lose it, and in the step's
     * DESTRUCTION slot a holder whose children it connected is split into the connected components
     * of its remaining bonds (a redundant bond splits nothing). Cutting a dead bond does nothing.
     */
    record CutBond(int collection, int bond) implements Destruction {
    }

    /**
     * Sets a node's break threshold ({@code >= 0}; {@code +Infinity} makes it unbreakable), replacing
     * what the damage model gave it (issue 23). Lasting.
     */
    record SetNodeThreshold(int collection, int node, double threshold) implements Destruction {
        public SetNodeThreshold {
            if (!(threshold >= 0)) {
                throw new IllegalArgumentException("threshold = " + threshold + "; allowed: >= 0 (+Infinity = unbreakable)");
            }
        }
    }

    /**
     * Changes a placed collection's damage propagation at run time (issue 23): on/off (off also makes a
     * contact load every child in its box instead of the nearest), the share of a broken child's excess
     * load and of an unbroken child's load passed to each bonded sibling (each finite, ≥ 0). Lasting.
     */
    record SetPropagation(int collection, boolean on, double breakFactor, double shockFactor) implements Destruction {
        public SetPropagation {
            factor("breakFactor", breakFactor);
            factor("shockFactor", shockFactor);
        }

        private static void factor(String name, double v) {
            if (!(v >= 0) || !Double.isFinite(v)) {
                throw new IllegalArgumentException(name + " = " + v + "; allowed: finite, >= 0");
            }
        }
    }

    /**
     * Replaces a placed collection's damage model (a {@code damage-model} plugin by name, with its
     * options; issue 23): every threshold of the collection is recomputed from the new model with the
     * bonds alive now, then the asset's own thresholds and the material multipliers apply; run-time
     * threshold edits are replaced. Lasting.
     */
    record SetDamageModel(int collection, String model, dev.rubble.spi.StageConfig options) implements Destruction {
        public SetDamageModel {
            if (model == null || model.isBlank()) {
                throw new IllegalArgumentException("model = " + model + "; allowed: a damage-model plugin name");
            }
            options = options == null ? dev.rubble.spi.StageConfig.empty() : options;
        }
    }

    /**
     * Turns a placed collection's support-graph stress model on, replaces it, or turns it off
     * ({@code model} = {@value #OFF}) at run time (issue 30; docs/destruction.md "Stress"): a
     * {@code stress-model} plugin by name with its options (limits, iterations, tolerance, update
     * interval). A replaced model keeps the collection's accumulated bond damage and strengths; every
     * holder is solved afresh by the new model at the next step. Lasting; journal tag 100.
     */
    record SetStressModel(int collection, String model, dev.rubble.spi.StageConfig options) implements Destruction {
        /** The model name that turns the stress model off. */
        public static final String OFF = "off";

        public SetStressModel {
            if (model == null || model.isBlank()) {
                throw new IllegalArgumentException("model = " + model + "; allowed: a stress-model plugin name or '" + OFF + "'");
            }
            options = options == null ? dev.rubble.spi.StageConfig.empty() : options;
        }

        /** Whether this turns the model off. */
        public boolean off() {
            return OFF.equals(model);
        }
    }

    /**
     * Sets a bond's strength factor under its collection's stress model (finite, ≥ 0: multiplies
     * every limit of that bond; 0 = no strength, it breaks at its next evaluation; issue 30). Lasting;
     * journal tag 101.
     */
    record SetBondStrength(int collection, int bond, double factor) implements Destruction {
        public SetBondStrength {
            if (!(factor >= 0 && factor < Double.POSITIVE_INFINITY)) {
                throw new IllegalArgumentException("bond strength factor = " + factor + "; allowed: finite, >= 0");
            }
        }
    }

    /**
     * Sets a material's stress limits in a collection with a stress model (issue 30; docs/destruction.md
     * "Stress limits per material, collection and bond"): unset ({@code NaN}) limits fall back to the
     * model's defaults; limits the collection set explicitly in the model's options win over these, a
     * bond's own win over both. {@link dev.rubble.spi.stress.StressLimits#NONE} clears them. Lasting; journal tag 97.
     */
    record SetMaterialLimits(int collection, int material, dev.rubble.spi.stress.StressLimits limits) implements Destruction {
        public SetMaterialLimits {
            java.util.Objects.requireNonNull(limits, "limits");
        }
    }

    /**
     * Sets a bond's own stress limits (issue 30): they win over the collection's and the material's;
     * {@code NaN} = unset, {@link dev.rubble.spi.stress.StressLimits#NONE} clears them. Lasting; journal tag 98.
     */
    record SetBondLimits(int collection, int bond, dev.rubble.spi.stress.StressLimits limits) implements Destruction {
        public SetBondLimits {
            java.util.Objects.requireNonNull(limits, "limits");
        }
    }

    /** Sets a node's material (an index into its collection's materials; issue 23) and recomputes its threshold. Lasting. */
    record SetNodeMaterial(int collection, int node, int material) implements Destruction {
    }

    /**
     * Sets a material's threshold multiplier in a placed collection (finite, ≥ 0; issue 23): the
     * thresholds of its nodes are recomputed (the damage model's or the asset's, × the multiplier). Lasting.
     */
    record SetMaterialMultiplier(int collection, int material, double multiplier) implements Destruction {
        public SetMaterialMultiplier {
            dev.rubble.spi.collection.Strengths.checkMultiplier("multiplier", multiplier);
        }
    }

    /** Shared checks. */
    final class Validate {
        private Validate() {
        }

        static void union(int id) {
            if (id < 0) {
                throw new IllegalArgumentException("union = " + id + "; allowed: >= 0");
            }
        }

        static void load(String name, double v) {
            if (!(v >= 0)) {
                throw new IllegalArgumentException(name + " = " + v + "; allowed: >= 0 (+Infinity forces a break)");
            }
        }
    }

    /**
     * Teleports a body: places its origin at (x, y, z) with orientation (qx, qy, qz, qw)
     * (normalised when applied); velocities are kept. Wakes a sleeping body; a moved static body
     * wakes what rested on it at the old and the new place. Added for the public API
     * ({@code dev.rubble.api.PhysicsWorld#setPose}); journal tag 13.
     */
    record SetPose(long body, double x, double y, double z, double qx, double qy, double qz, double qw)
            implements OnBody {
        public SetPose {
            if (!Double.isFinite(x) || !Double.isFinite(y) || !Double.isFinite(z)) {
                throw new IllegalArgumentException("pose position = [" + x + ", " + y + ", " + z
                        + "]; allowed: finite numbers");
            }
            double len2 = qx * qx + qy * qy + qz * qz + qw * qw;
            if (!Double.isFinite(len2) || len2 < 1e-12) {
                throw new IllegalArgumentException("pose orientation = [" + qx + ", " + qy + ", " + qz + ", " + qw
                        + "]; allowed: a finite, non-zero quaternion [x, y, z, w]");
            }
        }
    }

    // ---- events (docs/events.md; journal tags 50-52) ----

    /**
     * Sets what the engine gathers of one event kind ({@link dev.rubble.core.event.EventKinds}):
     * the global switch, filters, cap and sort.
     */
    record SetEventRequest(int kind, dev.rubble.core.event.EventRequest request) implements Command {
        public SetEventRequest {
            dev.rubble.core.event.EventKinds.check(kind);
            Objects.requireNonNull(request, "request is null");
        }
    }

    /** Switches event kinds (a mask of {@code 1 << kind}) on for one body, the others off. */
    record SetBodyEvents(long body, int kinds) implements OnBody {
        public SetBodyEvents {
            dev.rubble.core.event.EventKinds.checkMask(kinds);
        }
    }

    /** Switches event kinds (a mask) on for one placed collection, the others off. */
    record SetCollectionEvents(int collection, int kinds) implements Command {
        public SetCollectionEvents {
            if (collection < 0) {
                throw new IllegalArgumentException("collection = " + collection + "; allowed: >= 0");
            }
            dev.rubble.core.event.EventKinds.checkMask(kinds);
        }
    }

    // ---- collision filtering at run time (issue 28; docs/dynamics.md "Collision filtering"; journal tags 70-71) ----

    /**
     * Sets a body's collision layer and mask: two bodies collide only when each one's layer bits
     * meet the other's mask. Wakes the body and the sleeping islands it overlaps, so a body whose
     * support is filtered away falls at once. Queries see the new filter too.
     */
    record SetCollisionFilter(long body, int layer, int mask) implements OnBody {
    }

    /**
     * Makes a pair of bodies never collide (or collide again, {@code ignore} false) whatever their
     * layers and masks say; wakes both. The pair is forgotten when either body is removed.
     */
    record IgnoreCollision(long a, long b, boolean ignore) implements Command {
        public IgnoreCollision {
            if (a == b) {
                throw new IllegalArgumentException("ignore-pair names the same body twice; allowed: two different bodies");
            }
        }
    }

    // ---- forces (issue 24; docs/fields.md; journal tags 60-63) ----

    /**
     * Adds a force (N, world frame, at the centre of mass) to a body for every sub-step of the
     * step it is applied in ({@code v += F/m h} per sub-step: over the step, {@code Δv = F dt / m}
     * at any sub-step count); wakes the body. Static, kinematic and disabled bodies ignore it.
     */
    record ApplyForce(long body, double fx, double fy, double fz) implements OnBody {
        public ApplyForce {
            if (!Double.isFinite(fx) || !Double.isFinite(fy) || !Double.isFinite(fz)) {
                throw new IllegalArgumentException("force = [" + fx + ", " + fy + ", " + fz + "]; allowed: finite N");
            }
        }
    }

    /** Adds a torque (N·m, world frame) to a body for every sub-step of the step it is applied in; wakes the body. */
    record ApplyTorque(long body, double tx, double ty, double tz) implements OnBody {
        public ApplyTorque {
            if (!Double.isFinite(tx) || !Double.isFinite(ty) || !Double.isFinite(tz)) {
                throw new IllegalArgumentException("torque = [" + tx + ", " + ty + ", " + tz + "]; allowed: finite N·m");
            }
        }
    }

    /**
     * A field command (issue 24; docs/fields.md): evaluate {@code field} at the sampled bodies and
     * pieces and write the result to {@code target}. Transient ({@code persistent = false}) runs
     * once, in the step it is applied; persistent runs every step until a {@link RemoveField} with
     * its name (a persistent field with the name of a running one replaces it). The field time is
     * the time since the step it was applied in. Validated when queued (node types and parameters,
     * value type against the target): a refused command changes nothing.
     */
    record ApplyField(String name, FieldTarget target, FieldSpec field, FieldMeta meta, boolean persistent)
            implements Command {
        public ApplyField {
            Objects.requireNonNull(name, "field name is null");
            Objects.requireNonNull(target, "target is null");
            Objects.requireNonNull(field, "field is null");
            Objects.requireNonNull(meta, "meta is null");
            if (persistent && name.isEmpty()) {
                throw new IllegalArgumentException("a persistent field needs a name (removeField names it)");
            }
        }
    }

    /** Stops the persistent field called {@code name} (no-op when none runs). */
    record RemoveField(String name) implements Command {
        public RemoveField {
            Objects.requireNonNull(name, "field name is null");
        }
    }

    // ---- constraints (issue 29; docs/constraints.md; journal tags 80-81) ----

    /**
     * Creates constraint {@code id} of {@code type} between {@code bodyA} and {@code bodyB}
     * ({@code dev.rubble.core.dynamics.ConstraintStore#WORLD} = the world). Frames are 7 numbers each:
     * an anchor (x, y, z) and an orientation (qx, qy, qz, qw); with {@code worldFrames} they are given
     * in world coordinates and fixed to the bodies at their poses when the command applies, else in each
     * body's own frame (anchor from the body origin); frame B of a world constraint is always in world
     * coordinates. {@code params} are the type's parameters in its order (NaN: derived at creation);
     * {@code breakForce} (N) and {@code breakTorque} (N·m): over either, the constraint breaks
     * (+inf = never). {@code collideConnected}: whether the two bodies still collide with each other
     * (Box2D's {@code collideConnected}; false switches their contacts off while the constraint exists).
     * Wakes both bodies.
     */
    record AddConstraint(int id, String type, long bodyA, long bodyB, boolean worldFrames, double[] frameA,
            double[] frameB, double[] params, double breakForce, double breakTorque, boolean collideConnected)
            implements Command {
        /** A constraint whose bodies keep colliding with each other (the default). */
        public AddConstraint(int id, String type, long bodyA, long bodyB, boolean worldFrames, double[] frameA,
                double[] frameB, double[] params, double breakForce, double breakTorque) {
            this(id, type, bodyA, bodyB, worldFrames, frameA, frameB, params, breakForce, breakTorque, true);
        }

        public AddConstraint {
            Objects.requireNonNull(type, "constraint type is null");
            if (id <= 0) {
                throw new IllegalArgumentException("constraint id = " + id + "; allowed: > 0");
            }
            checkFrame("frameA", frameA);
            checkFrame("frameB", frameB);
            Objects.requireNonNull(params, "params is null");
            if (!(breakForce > 0)) {
                throw new IllegalArgumentException("breakForce = " + breakForce + "; allowed: > 0 N (+inf = unbreakable)");
            }
            if (!(breakTorque > 0)) {
                throw new IllegalArgumentException("breakTorque = " + breakTorque
                        + "; allowed: > 0 N·m (+inf = unbreakable)");
            }
            if (bodyA == bodyB) {
                throw new IllegalArgumentException("constraint joins body " + dev.rubble.core.body.BodyStore.handleString(bodyA)
                        + " to itself; allowed: two different bodies (b = null joins a body to the world)");
            }
            frameA = frameA.clone();
            frameB = frameB.clone();
            params = params.clone();
        }

        private static void checkFrame(String name, double[] f) {
            Objects.requireNonNull(f, name + " is null");
            if (f.length != 7) {
                throw new IllegalArgumentException(name + " has " + f.length + " numbers; allowed: 7 (x, y, z, qx, qy, qz, qw)");
            }
            for (double v : f) {
                if (!Double.isFinite(v)) {
                    throw new IllegalArgumentException(name + " = " + java.util.Arrays.toString(f) + "; allowed: finite");
                }
            }
            double n = f[3] * f[3] + f[4] * f[4] + f[5] * f[5] + f[6] * f[6];
            if (!(n > 1e-12 && n < Double.POSITIVE_INFINITY)) { // an overflowing one normalises to zero
                throw new IllegalArgumentException(name + " orientation = [" + f[3] + ", " + f[4] + ", " + f[5] + ", "
                        + f[6] + "]; allowed: a non-zero quaternion of length below 1e154");
            }
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof AddConstraint c && c.id == id && c.type.equals(type) && c.bodyA == bodyA
                    && c.bodyB == bodyB && c.worldFrames == worldFrames && java.util.Arrays.equals(c.frameA, frameA)
                    && java.util.Arrays.equals(c.frameB, frameB) && java.util.Arrays.equals(c.params, params)
                    && Double.compare(c.breakForce, breakForce) == 0 && Double.compare(c.breakTorque, breakTorque) == 0
                    && c.collideConnected == collideConnected;
        }

        @Override
        public int hashCode() {
            return Objects.hash(id, type, bodyA, bodyB) * 31 + java.util.Arrays.hashCode(params);
        }

        @Override
        public String toString() {
            return "AddConstraint[" + id + " " + type + " " + bodyA + "-" + bodyB + (worldFrames ? " world " : " local ")
                    + java.util.Arrays.toString(frameA) + " " + java.util.Arrays.toString(frameB) + " "
                    + java.util.Arrays.toString(params) + " break " + breakForce + "/" + breakTorque
                    + (collideConnected ? "" : " no-contact") + "]";
        }
    }

    /** Removes constraint {@code id} (no-op when it is gone: broken, or one of its bodies was removed); wakes its bodies. */
    record RemoveConstraint(int id) implements Command {
    }
}
