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

    /** An impulse (N·s) applied at a world point (metres); wakes the body. */
    record ApplyImpulse(long body, double jx, double jy, double jz, double px, double py, double pz)
            implements Command {
    }

    /** Sets linear (m/s) and angular (rad/s) velocity; wakes the body. */
    record SetVelocity(long body, double vx, double vy, double vz, double wx, double wy, double wz)
            implements Command {
    }

    /** Moves a body into another state (awake, sleeping, static is not allowed for dynamic bodies, disabled). */
    record SetState(long body, BodyState state) implements Command {
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
    record Remove(long body) implements Command {
    }

    /** Sets a kinematic body's target pose (origin position, orientation) to reach by the end of the step. */
    record SetKinematicTarget(long body, double x, double y, double z, double qx, double qy, double qz, double qw)
            implements Command {
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
            CutBond, SetNodeThreshold, SetPropagation { // destruction as a library (issue 23)
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

    /** Adds {@code delta} (may be negative) to a node's internal strain (its threshold), floor 0. Lasting. */
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

    /** Shared checks. */
    final class Validate {
        private Validate() {
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
            implements Command {
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
    record SetBodyEvents(long body, int kinds) implements Command {
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
    record SetCollisionFilter(long body, int layer, int mask) implements Command {
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
    record ApplyForce(long body, double fx, double fy, double fz) implements Command {
        public ApplyForce {
            if (!Double.isFinite(fx) || !Double.isFinite(fy) || !Double.isFinite(fz)) {
                throw new IllegalArgumentException("force = [" + fx + ", " + fy + ", " + fz + "]; allowed: finite N");
            }
        }
    }

    /** Adds a torque (N·m, world frame) to a body for every sub-step of the step it is applied in; wakes the body. */
    record ApplyTorque(long body, double tx, double ty, double tz) implements Command {
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
            if (target == FieldTarget.INITIAL_LINEAR_VELOCITY || target == FieldTarget.INITIAL_ANGULAR_VELOCITY) {
                throw new IllegalArgumentException("target '" + target.label()
                        + "' is for initialisation fields of a placed collection only");
            }
        }
    }

    /** Stops the persistent field called {@code name} (no-op when none runs). */
    record RemoveField(String name) implements Command {
        public RemoveField {
            Objects.requireNonNull(name, "field name is null");
        }
    }
}
