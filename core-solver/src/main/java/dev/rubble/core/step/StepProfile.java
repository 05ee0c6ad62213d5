package dev.rubble.core.step;

import dev.rubble.core.destruction.PassSlot;
import java.util.Arrays;

/**
 * What one step did and how long each slot took, keyed by slot ({@link StepSlot}, or its label:
 * {@link #nanos(String)}), not by fixed fields, so a new slot is a new enum constant and nothing
 * else. The pipeline owns one instance per world and
 * rewrites it every step, so stepping allocates nothing; observers get a read-only view valid
 * during their callback and call {@link #copy()} to keep one (the only way to get an instance that
 * never changes).
 */
public final class StepProfile {
    private static final StepSlot[] STAGES = StepSlot.values();
    private static final PassSlot[] PASSES = PassSlot.values();

    long step;
    double time;
    int subSteps;
    final long[] stageNanos = new long[STAGES.length];
    /** Sub-slots of DESTRUCTION: each destruction pass's wall time (issue 23). */
    final long[] passNanos = new long[PASSES.length];
    long totalNanos;
    long stateHash;
    int awake, sleeping, statics, disabled, kinematic;
    int pairs;
    int spawned, removed, commands;
    int manifolds, contactPoints, droppedManifolds, droppedContacts, islands, woken, warmStarted;
    int cachedPairs;
    int nonFinite; // issue 17: bodies isolated this step by NonFiniteGuard
    int fastTurns; // bodies put back along a fast turn's sweep (FastTurns)
    int fastTurnShapes; // convex sets (bodies, compound children, mesh triangles, planes) the fast-turn sweep measured
    int ignoredFieldValues; // field samples whose value was NaN, ignored (docs/fields.md "NaN values")
    long queryNanos;
    int queries;
    int breaks, deferredBreaks, oldestDeferral, released, throttled; // issue 13: destruction budgets
    int trialSolves; // issue 22: trial solves of the break prediction
    final double[] fixedImpulse = new double[3]; // issue 22: what static and kinematic bodies gave dynamic ones
    int threads = 1, colours, overflow; // issue 26: the step's threads, the solver's colours and overflow manifolds

    /** Threads the step ran on (issue 26; the result is the same for any count). */
    public int threads() {
        return threads;
    }

    /** Constraint colours the solver used this step (docs/parallel.md). */
    public int colours() {
        return colours;
    }

    /** Manifolds in the overflow colour this step (solved serially: more than 24 contacts on one body). */
    public int overflowManifolds() {
        return overflow;
    }

    /** Index of the step just finished (the first step is 0). */
    public long step() {
        return step;
    }

    /** Simulated time at the end of the step, seconds. */
    public double time() {
        return time;
    }

    /** Sub-steps taken. */
    public int subSteps() {
        return subSteps;
    }

    /** Wall time of a slot, nanoseconds (summed over sub-steps). */
    public long nanos(StepSlot slot) {
        return stageNanos[slot.ordinal()];
    }

    /**
     * Wall time of the slot labelled {@code label} (see {@link StepSlot#label()}) or of the sub-slot
     * labelled {@code "destruction." + pass} (see {@link #subSlotLabels()}), 0 for an unknown label.
     */
    public long nanos(String label) {
        StepSlot s = StepSlot.byLabel(label);
        if (s != null) {
            return stageNanos[s.ordinal()];
        }
        String prefix = StepSlot.DESTRUCTION.label() + ".";
        if (label != null && label.startsWith(prefix)) {
            for (PassSlot p : PASSES) {
                if (label.length() == prefix.length() + p.label().length() && label.endsWith(p.label())) {
                    return passNanos[p.ordinal()];
                }
            }
        }
        return 0;
    }

    /** Wall time of destruction pass {@code pass} (a sub-slot of {@link StepSlot#DESTRUCTION}; 0 when it did not run). */
    public long nanos(PassSlot pass) {
        return passNanos[pass.ordinal()];
    }

    /** The sub-slot labels in script order ({@code "destruction.gather"}, ...): keys of {@link #nanos(String)}. */
    public static java.util.List<String> subSlotLabels() {
        java.util.List<String> l = new java.util.ArrayList<>(PASSES.length);
        for (PassSlot p : PASSES) {
            l.add(StepSlot.DESTRUCTION.label() + "." + p.label());
        }
        return java.util.Collections.unmodifiableList(l);
    }

    /** The slot labels in script order: the keys of this profile. */
    public static java.util.List<String> stageLabels() {
        java.util.List<String> l = new java.util.ArrayList<>(STAGES.length);
        for (StepSlot s : STAGES) {
            l.add(s.label());
        }
        return java.util.Collections.unmodifiableList(l);
    }

    /** Wall time of the whole step, nanoseconds. */
    public long totalNanos() {
        return totalNanos;
    }

    /** FNV-1a hash of the state after the step (see docs/determinism.md). */
    public long stateHash() {
        return stateHash;
    }

    /** Awake bodies (dynamic and kinematic) after the step. */
    public int awakeBodies() {
        return awake;
    }

    /** Sleeping bodies after the step. */
    public int sleepingBodies() {
        return sleeping;
    }

    /** Static bodies after the step. */
    public int staticBodies() {
        return statics;
    }

    /** Disabled bodies after the step. */
    public int disabledBodies() {
        return disabled;
    }

    /** Kinematic bodies among the awake ones. */
    public int kinematicBodies() {
        return kinematic;
    }

    /** Overlapping broadphase pairs found this step. */
    public int pairs() {
        return pairs;
    }

    /** Bodies created this step (by commands or by the simulation). */
    public int spawned() {
        return spawned;
    }

    /** Bodies removed this step. */
    public int removed() {
        return removed;
    }

    /** Commands applied this step. */
    public int commands() {
        return commands;
    }

    /** Contact manifolds solved this step (after the budgets). */
    public int manifolds() {
        return manifolds;
    }

    /** Contact points solved this step (after the budgets). */
    public int contactPoints() {
        return contactPoints;
    }

    /** Manifolds dropped this step by the manifold or contact budget (the last in sorted pair order). */
    public int droppedManifolds() {
        return droppedManifolds;
    }

    /** Contact points dropped this step by the contact point budget. */
    public int droppedContacts() {
        return droppedContacts;
    }

    /**
     * Bodies whose position, orientation or velocity became NaN or infinite this step and were
     * disabled ({@code dev.rubble.core.dynamics.NonFiniteGuard}); 0 in a healthy world.
     */
    public int nonFiniteBodies() {
        return nonFinite;
    }

    /**
     * Bodies whose fast turn this step passed into or through static geometry and that were put back along their
     * sweep ({@code dev.rubble.core.collision.FastTurns}, docs/dynamics.md "Fast turns"); 0 in most steps.
     */
    public int fastTurns() {
        return fastTurns;
    }

    /**
     * The convex sets the fast-turn sweep measured its fast bodies against this step: static convex bodies, the
     * children of static compounds and the triangles of static meshes within the sweep's reach (found through their
     * trees), planes; 0 in a step with no fast turn (docs/dynamics.md "Fast turns"). What the sweep cost, in shapes.
     */
    public int fastTurnShapes() {
        return fastTurnShapes;
    }

    /**
     * Field samples whose value was NaN this step and which were therefore ignored (nothing written
     * there; {@code FieldSystem.ignoredValueMessage()} names the first: field, target, body or piece);
     * 0 in a healthy world (docs/fields.md, "NaN values").
     */
    public int ignoredFieldValues() {
        return ignoredFieldValues;
    }

    /** Islands among awake dynamic bodies this step (before any fell asleep). */
    public int islands() {
        return islands;
    }

    /** Sleeping bodies woken by contact this step. */
    public int woken() {
        return woken;
    }

    /** Contact points that carried impulses over from the previous step. */
    public int warmStartedPoints() {
        return warmStarted;
    }

    /** Body pairs whose manifolds the narrowphase replayed from its body-pair cache (no collision test). */
    public int cachedPairs() {
        return cachedPairs;
    }

    /**
     * Wall time of scene queries made since the previous step (between steps), nanoseconds;
     * reported here, separately from the step's own stages and not part of {@link #totalNanos()}.
     */
    public long queryNanos() {
        return queryNanos;
    }

    /** Scene queries (single or batched items) made since the previous step. */
    public int queries() {
        return queries;
    }

    /** Holders (clusters) that broke this step (at most the break budget; docs/destruction.md "Budgets"). */
    public int breaks() {
        return breaks;
    }

    /**
     * Issue 22: component {@code axis} (0 x, 1 y, 2 z) of the impulse (N·s) that static and kinematic
     * bodies (the ground, anchored holders) gave dynamic ones through contacts in this step's solve,
     * read after the solve, before destruction retires any holder, plus what restore breaking momentum
     * gave bodies that touched an anchored or kinematic holder that broke (docs/destruction.md); reckoned
     * only in worlds with a collection in {@code resolve} impact mode (0 otherwise).
     */
    public double fixedImpulse(int axis) {
        return fixedImpulse[axis];
    }

    /**
     * Issue 22: trial solves the break prediction ran before this step's solve (0 to
     * {@code DestructionRuntime.IMPACT_PASSES}); each costs about a velocity solve. Only steps in which
     * an impactor approaches a {@code resolve} collection's holder (or a child's external load alone
     * reaches its threshold) run one (docs/destruction.md "Impacts").
     */
    public int trialSolves() {
        return trialSolves;
    }

    /** Strained holders left waiting for a later step by the break budget. */
    public int deferredBreaks() {
        return deferredBreaks;
    }

    /** Steps the longest-waiting deferred holder has waited, this one included (0: none waits). */
    public int oldestDeferral() {
        return oldestDeferral;
    }

    /** Pieces released this step that got a body. */
    public int released() {
        return released;
    }

    /** Pieces released this step that got no body (release throttling, or the body budget). */
    public int throttled() {
        return throttled;
    }

    /** An independent copy that never changes. */
    public StepProfile copy() {
        StepProfile c = new StepProfile();
        c.step = step;
        c.time = time;
        c.subSteps = subSteps;
        System.arraycopy(stageNanos, 0, c.stageNanos, 0, stageNanos.length);
        System.arraycopy(passNanos, 0, c.passNanos, 0, passNanos.length);
        c.totalNanos = totalNanos;
        c.stateHash = stateHash;
        c.awake = awake;
        c.sleeping = sleeping;
        c.statics = statics;
        c.disabled = disabled;
        c.kinematic = kinematic;
        c.pairs = pairs;
        c.spawned = spawned;
        c.removed = removed;
        c.commands = commands;
        c.manifolds = manifolds;
        c.contactPoints = contactPoints;
        c.droppedManifolds = droppedManifolds;
        c.droppedContacts = droppedContacts;
        c.islands = islands;
        c.woken = woken;
        c.warmStarted = warmStarted;
        c.cachedPairs = cachedPairs;
        c.nonFinite = nonFinite;
        c.fastTurns = fastTurns;
        c.fastTurnShapes = fastTurnShapes;
        c.ignoredFieldValues = ignoredFieldValues;
        c.queryNanos = queryNanos;
        c.queries = queries;
        c.breaks = breaks;
        c.deferredBreaks = deferredBreaks;
        c.oldestDeferral = oldestDeferral;
        c.released = released;
        c.throttled = throttled;
        c.trialSolves = trialSolves;
        System.arraycopy(fixedImpulse, 0, c.fixedImpulse, 0, 3);
        c.threads = threads;
        c.colours = colours;
        c.overflow = overflow;
        return c;
    }

    /** Clears the per-step timings and counters (the pipeline calls it at the start of a step). */
    void resetTimings() {
        Arrays.fill(stageNanos, 0);
        Arrays.fill(passNanos, 0);
        spawned = removed = commands = trialSolves = 0;
        manifolds = contactPoints = droppedManifolds = droppedContacts = islands = woken = 0;
        nonFinite = 0;
        fastTurns = fastTurnShapes = 0;
        ignoredFieldValues = 0;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("step ").append(step).append(" threads=").append(threads).append(" total=")
                .append(totalNanos / 1000).append("us");
        for (StepSlot s : STAGES) {
            sb.append(' ').append(s.label()).append('=').append(stageNanos[s.ordinal()] / 1000).append("us");
        }
        return sb.append(" hash=").append(Long.toHexString(stateHash)).toString();
    }
}
