package dev.rubble.core.step;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.BodyStates;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.collision.ContactStage;
import dev.rubble.core.collision.ContactStore;
import dev.rubble.core.collision.PairBuffer;
import dev.rubble.core.collision.QueryStats;
import dev.rubble.core.command.Command;
import dev.rubble.core.destruction.DestructionRuntime;
import dev.rubble.core.destruction.StatesHost;
import dev.rubble.core.dynamics.SleepManager;
import dev.rubble.core.soft.SoftBodyStage;
import dev.rubble.core.soft.SoftBodyStore;
import dev.rubble.spi.soft.SoftSolver;
import java.util.function.Supplier;
import dev.rubble.spi.broadphase.Broadphase;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The explicit state one step works on (the Box2D v3 {@code b2StepContext} idea): settings, the
 * bodies and their state machine, the broadphase and its pairs, the contacts, islands, the command
 * queue, the bodies created during the step, the profile. Stages read and write this and nothing
 * else; none of them sees the world facade. One per world, reused every step.
 */
public final class StepContext {
    public final WorldSettings settings;
    public final BodyStore bodies;
    public final BodyStates states;
    public final Broadphase broadphase;
    public final PairBuffer pairs = new PairBuffer();
    public final ContactStore contacts;
    /** What fills the NARROWPHASE slot (the narrowphase plugin's stage, or a test's generator). */
    public final ContactStage contactStage;
    public final SleepManager sleep = new SleepManager();
    public final QueryStats queryStats = new QueryStats();
    public final StepProfile profile = new StepProfile();
    /**
     * The destruction runtime (placed geometry collections, their cluster store): run by the
     * DESTRUCTION slot, fed by destruction commands, mixed into the state hash. Costs nothing
     * while no collection is placed.
     */
    public final DestructionRuntime destruction;
    /** Field commands (issue 24; docs/fields.md): run by the FIELDS slot, fed by field commands. */
    public final dev.rubble.core.field.FieldSystem fields;
    /** Soft bodies and their coupling pass (docs/soft-bodies.md); the solver is created when the first soft body steps. */
    public final SoftBodyStage softBodies;
    /**
     * Event settings (switches, filters, caps, the pre-solve hook) and the last step's events,
     * filled by the EVENTS slot (docs/events.md); gathers nothing while nothing is switched on.
     */
    public final dev.rubble.core.event.EventState events = new dev.rubble.core.event.EventState();
    /**
     * Constraints (issue 29; docs/constraints.md): the store the SOLVE slot's constraint solver reads;
     * its types come from the {@code constraint} plugin family ({@code WorldModule} sets them).
     */
    public dev.rubble.core.dynamics.ConstraintStore constraints =
            new dev.rubble.core.dynamics.ConstraintStore(java.util.Map.of());
    /** The game loop's state ({@code PhysicsWorld.update}); null until a world is stepped that way. Saved in snapshots. */
    public FrameState frameState;
    /** The constraints that broke in the last step, in store order (cleared at the start of every step). */
    public final List<dev.rubble.core.dynamics.ConstraintBreak> constraintBreaks = new ArrayList<>();
    /** Commands queued for the next step, applied by the COMMANDS slot in order. */
    final List<Command> queued = new ArrayList<>();
    /** Commands applied in the last step, in order (what a journal records). */
    final List<Command> applied = new ArrayList<>();
    /** Bodies created during the step, inserted by the INSERT slot after the velocity solve. */
    final List<BodyDef> pendingSpawns = new ArrayList<>();
    long stepIndex;
    double time;
    boolean stepping;
    /**
     * The {@link dev.rubble.core.body.StateHash} version of the step's state hash: the current one, or 1
     * for a world rebuilt from a journal recorded before format version 6 (so its recorded hashes verify).
     */
    int stateHashVersion = dev.rubble.core.body.StateHash.VERSION;

    public StepContext(WorldSettings settings, BodyStore bodies, Broadphase broadphase, ContactStore contacts,
            ContactStage contactStage, Supplier<SoftSolver> softSolver) {
        this.settings = Objects.requireNonNull(settings, "settings is null");
        this.bodies = Objects.requireNonNull(bodies, "bodies is null");
        this.broadphase = Objects.requireNonNull(broadphase, "broadphase is null");
        this.contacts = Objects.requireNonNull(contacts, "contacts is null");
        this.contactStage = Objects.requireNonNull(contactStage, "contactStage is null");
        this.states = new BodyStates(bodies, broadphase);
        this.destruction = new DestructionRuntime(bodies, contacts, new StatesHost(states, settings.dt(), events), settings.dt());
        destruction.setSpeedLimits(settings.dynamics().maxLinearSpeed(), settings.dynamics().maxAngularSpeed());
        this.destruction.setGravity(settings.gravityX(), settings.gravityY(), settings.gravityZ());
        this.fields = new dev.rubble.core.field.FieldSystem(bodies, states, broadphase, settings.dt(),
                settings.dynamics().maxLinearSpeed(), settings.dynamics().maxAngularSpeed());
        this.fields.setPieces(destruction.fieldPieces());
        this.softBodies = new SoftBodyStage(Objects.requireNonNull(softSolver, "softSolver is null"), states::wake);
        this.softBodies.loadsInto(contacts); // soft bodies' collision loads: strain for destruction's gather
        SoftBodyStore softStore = softBodies.store();
        this.fields.setSoft(new dev.rubble.core.field.SoftPoints() { // fields sit below soft bodies: the step joins them
            @Override
            public int bodies() {
                return softStore.size();
            }

            @Override
            public int pointStart(int body) {
                return softStore.pointStart[body];
            }

            @Override
            public int pointCount(int body) {
                return softStore.pointCount[body];
            }

            @Override
            public dev.rubble.spi.soft.SoftBodyState state() {
                return softStore.state;
            }
        });
    }

    /** The state hash version the step computes ({@link dev.rubble.core.body.StateHash#VERSION} unless set). */
    public int stateHashVersion() {
        return stateHashVersion;
    }

    /**
     * Hashes the state in {@code version} (1 or 2) from the next step on: 1 only for a world rebuilt from
     * a journal that recorded version 1 hashes (format versions before 6).
     */
    public void useStateHashVersion(int version) {
        if (version != 1 && version != dev.rubble.core.body.StateHash.VERSION) {
            throw new IllegalArgumentException("stateHashVersion = " + version + "; allowed: 1, "
                    + dev.rubble.core.body.StateHash.VERSION);
        }
        stateHashVersion = version;
    }

    /**
     * The world's state hash in this context's {@link #stateHashVersion()}: the bodies, then the cluster state
     * (only when collections exist), then the soft bodies. What the step records and {@code World.stateHash()} reads.
     */
    public long stateHash() {
        return softBodies.mixHash(destruction.hash(dev.rubble.core.body.StateHash.of(bodies, stateHashVersion),
                stateHashVersion));
    }

    /** The destruction runtime's hash on its own (a journal step's destruction hash), in {@link #stateHashVersion()}. */
    public long destructionHash() {
        return destruction.hash(dev.rubble.core.body.StateHash.OFFSET_BASIS, stateHashVersion);
    }

    /** Steps taken. */
    public long stepIndex() {
        return stepIndex;
    }

    /** Simulated time, seconds. */
    public double time() {
        return time;
    }

    /** Whether a step is running (bodies created now wait for the INSERT slot). */
    public boolean stepping() {
        return stepping;
    }

    /** Queues a command for the start of the next step. */
    public void queue(Command command) {
        queued.add(Objects.requireNonNull(command, "command is null"));
    }

    /** Commands queued for the next step, in order (read-only view; snapshots save them). */
    public List<Command> queuedCommands() {
        return java.util.Collections.unmodifiableList(queued);
    }

    /**
     * Drops the queued constraint commands (issue 29): a journal re-simulated from its scenario gets
     * them from the journal's first step, where they were recorded; queued twice, the second would
     * find its id taken.
     */
    public void dropQueuedConstraints() {
        queued.removeIf(c -> c instanceof Command.AddConstraint);
    }

    /**
     * Sets the step counter and the simulated time of a restored snapshot (between steps only;
     * docs/snapshot-format.md).
     */
    public void restoreClock(long steps, double seconds) {
        if (stepping) {
            throw new IllegalStateException("restoreClock() called from inside a step");
        }
        if (steps < 0 || !(seconds >= 0) || Double.isInfinite(seconds)) {
            throw new IllegalArgumentException("step " + steps + ", time " + seconds + "; allowed: step >= 0, finite time >= 0");
        }
        stepIndex = steps;
        time = seconds;
    }

    /** Commands applied during the last step, in order. */
    public List<Command> appliedCommands() {
        return applied;
    }

    /**
     * Creates a body: now between steps (returns its handle), or, during a step, queued for the
     * INSERT slot after the velocity solve and before integration (returns -1).
     */
    public long createBody(BodyDef def) {
        Objects.requireNonNull(def, "def is null");
        if (stepping) {
            pendingSpawns.add(def);
            return -1;
        }
        long h = states.create(def);
        dev.rubble.core.dynamics.Motion.limitKinematic(bodies, bodies.slot(h), settings.dynamics());
        lookAhead(bodies.slot(h));
        return h;
    }

    /**
     * Bounds of awake body {@code s} cover its motion over the coming step (issue 11): a body that
     * enters a step moving without having been through the end of one (created, spawned, velocity
     * set, impulsed, kinematic target set) would otherwise keep tight bounds, and the broadphase
     * would find nothing in its path.
     */
    void lookAhead(int s) {
        if (bodies.state[s] == dev.rubble.core.body.BodyState.AWAKE.ordinal()) {
            dev.rubble.core.dynamics.Motion.lookAhead(bodies, s, settings.dt());
        }
    }
}
