package dev.rubble.core.kernel;

import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.Inertia;
import dev.rubble.core.body.Kinematics;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.collision.ContactGenerator;
import dev.rubble.core.collision.ContactStore;
import dev.rubble.core.collision.NarrowphaseStage;
import dev.rubble.core.collision.PairBuffer;
import dev.rubble.core.dynamics.Motion;
import dev.rubble.core.dynamics.SleepManager;
import dev.rubble.core.plugin.StageFamily;
import dev.rubble.core.plugin.Stages;
import dev.rubble.core.step.StateHash;
import dev.rubble.core.step.StepObserver;
import dev.rubble.core.step.StepPipeline;
import dev.rubble.core.step.StepProfile;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.broadphase.Broadphase;
import dev.rubble.spi.shape.MassProperties;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A simulated world: bodies, the chosen stage implementations and the step pipeline. Single
 * threaded: one thread creates bodies, queues commands and steps. See {@link StepPipeline} for
 * what a step does.
 */
public final class World {
    private final WorldSettings settings;
    private final BodyStore bodies;
    private final Broadphase broadphase;
    private final String broadphaseName;
    private final ContactStore contacts;
    private final String narrowphaseName;
    private final NarrowphaseStage narrowphaseStage;
    private long queryNanos;
    private int queryCount;
    private final PairBuffer pairs = new PairBuffer();
    private final StepPipeline pipeline;
    private final SleepManager sleep = new SleepManager();
    private ContactGenerator contactGenerator;
    private final List<StepObserver> observers = new ArrayList<>();
    private final List<Command> queued = new ArrayList<>();
    private final List<Command> applied = new ArrayList<>();
    private final List<BodyDef> pendingSpawns = new ArrayList<>();
    private final double[] scratch3 = new double[3];
    private long stepIndex;
    private double time;
    private boolean stepping;
    private int spawnedThisStep, removedThisStep;

    /** Creates a world whose stages are chosen by name from {@code stages}. */
    public World(WorldSettings settings, Stages stages) {
        this.settings = Objects.requireNonNull(settings, "settings is null");
        Objects.requireNonNull(stages, "stages is null");
        for (String family : settings.stages().keySet()) {
            StageFamily.byName(family); // unknown family names fail here, listing the known ones
        }
        this.broadphaseName = settings.stages().getOrDefault("broadphase", StageFamily.BROADPHASE.defaultName());
        this.broadphase = stages.create(StageFamily.BROADPHASE, broadphaseName,
                settings.stageOptions().getOrDefault("broadphase", StageConfig.empty()));
        this.narrowphaseName = settings.stages().getOrDefault("narrowphase", StageFamily.NARROWPHASE.defaultName());
        StageConfig narrowphaseOptions = settings.stageOptions().getOrDefault("narrowphase", StageConfig.empty());
        this.narrowphaseStage = new NarrowphaseStage(stages.create(StageFamily.NARROWPHASE, narrowphaseName,
                NarrowphaseStage.pluginOptions(narrowphaseOptions)));
        this.narrowphaseStage.setMaxContacts(settings.maxContacts());
        this.narrowphaseStage.setContactCache(NarrowphaseStage.contactCacheOption(narrowphaseOptions));
        this.bodies = new BodyStore(1024, settings.maxBodies());
        this.contacts = new ContactStore(1024, settings.maxManifolds());
        this.pipeline = new StepPipeline(this);
    }

    public WorldSettings settings() {
        return settings;
    }

    public BodyStore bodies() {
        return bodies;
    }

    public Broadphase broadphase() {
        return broadphase;
    }

    /** The name of the broadphase implementation in use. */
    public String broadphaseName() {
        return broadphaseName;
    }

    /** The name of the narrowphase implementation in use. */
    public String narrowphaseName() {
        return narrowphaseName;
    }

    /**
     * Every stage choice this world runs with (family -> implementation, sorted), defaults
     * included: what a journal records so that a replay or verify builds the same world.
     */
    public java.util.SortedMap<String, String> stageChoices() {
        java.util.SortedMap<String, String> m = new java.util.TreeMap<>(settings.stages());
        m.put("broadphase", broadphaseName);
        m.put("narrowphase", narrowphaseName);
        return m;
    }

    /** The narrowphase stage (contact generation, warm-start cache, speculative margin). */
    public NarrowphaseStage narrowphaseStage() {
        return narrowphaseStage;
    }

    /** Adds scene-query time (reported in the next step's profile, separately from the step). */
    public void addQueryTime(long nanos, int queries) {
        queryNanos += nanos;
        queryCount += queries;
    }

    /** Query time since the last call, nanoseconds (the pipeline moves it into the profile). */
    public long takeQueryNanos() {
        long n = queryNanos;
        queryNanos = 0;
        return n;
    }

    /** Query count since the last call. */
    public int takeQueryCount() {
        int n = queryCount;
        queryCount = 0;
        return n;
    }

    public ContactStore contacts() {
        return contacts;
    }

    /** Islands and sleeping of this world. */
    public SleepManager sleep() {
        return sleep;
    }

    /** The narrowphase seam: fills {@link #contacts()} each step (null = no contacts). */
    public ContactGenerator contactGenerator() {
        return contactGenerator;
    }

    /** Sets the contact generator the CONTACTS stage calls (null = no contacts). */
    public void setContactGenerator(ContactGenerator generator) {
        this.contactGenerator = generator;
    }

    /** Overlapping pairs of the last broadphase run, sorted. */
    public PairBuffer pairs() {
        return pairs;
    }

    /** Number of steps taken. */
    public long stepIndex() {
        return stepIndex;
    }

    /** Simulated time, seconds. */
    public double time() {
        return time;
    }

    /** The profile of the last step (rewritten by the next step). */
    public StepProfile profile() {
        return pipeline.profile();
    }

    /** Registers an observer called after every step. */
    public void addObserver(StepObserver observer) {
        observers.add(Objects.requireNonNull(observer, "observer is null"));
    }

    public void removeObserver(StepObserver observer) {
        observers.remove(observer);
    }

    /**
     * Creates a body now and returns its handle. During a step (from a stage) the body is queued
     * and enters the world after the velocity solve, before integration; the returned handle is
     * then -1 and the body appears in the profile's spawn count.
     *
     * @throws dev.rubble.core.body.CapacityExceededException when the body budget is full
     */
    public long createBody(BodyDef def) {
        Objects.requireNonNull(def, "def is null");
        if (stepping) {
            pendingSpawns.add(def);
            return -1;
        }
        return insert(def);
    }

    private long insert(BodyDef def) {
        MassProperties mp = null;
        if (def.motion() == MotionType.DYNAMIC) {
            mp = def.shape().massProperties(def.density() > 0 ? def.density() : 1);
            if (def.mass() > 0) {
                mp = mp.withMass(def.mass());
            }
        }
        int s = bodies.create(def.shape(), def.motion(), mp, def.x(), def.y(), def.z(),
                def.qx(), def.qy(), def.qz(), def.qw());
        bodies.label[s] = def.label();
        bodies.vx[s] = def.vx();
        bodies.vy[s] = def.vy();
        bodies.vz[s] = def.vz();
        bodies.wx[s] = def.wx();
        bodies.wy[s] = def.wy();
        bodies.wz[s] = def.wz();
        bodies.friction[s] = def.friction();
        bodies.restitution[s] = def.restitution();
        bodies.gravityScale[s] = def.gravityScale();
        bodies.linearDamping[s] = def.linearDamping();
        bodies.angularDamping[s] = def.angularDamping();
        if (bodies.state[s] == BodyState.AWAKE.ordinal()) {
            Motion.lookAhead(bodies, s, settings.dt()); // issue 11: a body created moving sweeps its first step
        }
        double[] b = bodies.bounds;
        int o = s * 6;
        broadphase.add(s, b[o], b[o + 1], b[o + 2], b[o + 3], b[o + 4], b[o + 5],
                bodies.state[s] != BodyState.AWAKE.ordinal());
        if (def.asleep()) {
            setStateSlot(s, BodyState.SLEEPING);
        }
        spawnedThisStep++;
        return bodies.handle(s);
    }

    /** Inserts bodies queued during the step (the INSERT stage). */
    public void insertPendingBodies() {
        for (int i = 0; i < pendingSpawns.size(); i++) {
            insert(pendingSpawns.get(i));
        }
        pendingSpawns.clear();
    }

    /** Removes a body now. */
    public void removeBody(long handle) {
        int s = bodies.slot(handle);
        if (bodies.state[s] == BodyState.SLEEPING.ordinal()) {
            setStateSlot(s, BodyState.AWAKE); // wakes its island: it loses a member
        }
        if (broadphase.contains(s)) {
            sleep.wakeOverlapping(this, s);  // whatever slept on it must notice
            broadphase.remove(s);
        }
        bodies.remove(s);
        removedThisStep++;
    }

    /**
     * Moves a body into a state, keeping the broadphase consistent: awake bodies move, sleeping
     * and static ones are fixed, disabled ones leave the broadphase.
     */
    public void setState(long handle, BodyState state) {
        setStateSlot(bodies.slot(handle), state);
    }

    /** As {@link #setState(long, BodyState)} by slot. */
    public void setStateSlot(int s, BodyState target) {
        MotionType m = bodies.motion(s);
        if (target == BodyState.STATIC && m != MotionType.STATIC) {
            throw new IllegalArgumentException("state 'static' is only for static bodies; body "
                    + BodyStore.handleString(bodies.handle(s)) + " is " + m.name().toLowerCase());
        }
        if (m == MotionType.STATIC && target != BodyState.STATIC && target != BodyState.DISABLED) {
            throw new IllegalArgumentException("a static body can only be static or disabled, not " + target.label());
        }
        if (target == BodyState.SLEEPING && m != MotionType.DYNAMIC) {
            throw new IllegalArgumentException("only dynamic bodies sleep; body is " + m.name().toLowerCase());
        }
        BodyState from = bodies.state(s);
        if (from == target) {
            return;
        }
        if (target == BodyState.DISABLED && broadphase.contains(s)) {
            sleep.wakeOverlapping(this, s);
        }
        bodies.setState(s, target);
        if (from == BodyState.SLEEPING) {
            sleep.onLeaveSleep(this, s);
        }
        if (target == BodyState.SLEEPING) {
            sleep.onEnterSleep(s);
            bodies.vx[s] = bodies.vy[s] = bodies.vz[s] = 0;
            bodies.wx[s] = bodies.wy[s] = bodies.wz[s] = 0;
        }
        bodies.sleepTime[s] = 0;
        boolean fixed = target != BodyState.AWAKE;
        if (target == BodyState.DISABLED) {
            if (broadphase.contains(s)) {
                broadphase.remove(s);
            }
        } else if (!broadphase.contains(s)) {
            bodies.updateBounds(s);
            double[] b = bodies.bounds;
            int o = s * 6;
            broadphase.add(s, b[o], b[o + 1], b[o + 2], b[o + 3], b[o + 4], b[o + 5], fixed);
        } else {
            broadphase.setFixed(s, fixed);
        }
    }

    /** Queues a command for the start of the next step. */
    public void queue(Command command) {
        queued.add(Objects.requireNonNull(command, "command is null"));
    }

    /** Commands applied during the last step, in order (the journal records these). */
    public List<Command> appliedCommands() {
        return applied;
    }

    /** Applies the queued commands (the COMMANDS stage); returns how many. */
    public int applyQueuedCommands() {
        applied.clear();
        int n = queued.size();
        for (int i = 0; i < n; i++) {
            Command c = queued.get(i);
            apply(c);
            applied.add(c);
        }
        queued.clear();
        return n;
    }

    private void apply(Command c) {
        if (c instanceof Command.ApplyImpulse a) {
            int s = bodies.slot(a.body());
            wake(s);
            double im = bodies.invMass[s];
            bodies.vx[s] += a.jx() * im;
            bodies.vy[s] += a.jy() * im;
            bodies.vz[s] += a.jz() * im;
            // angular: dw = I^-1 (r x J)
            double rx = a.px() - bodies.px[s], ry = a.py() - bodies.py[s], rz = a.pz() - bodies.pz[s];
            double tx = ry * a.jz() - rz * a.jy(), ty = rz * a.jx() - rx * a.jz(), tz = rx * a.jy() - ry * a.jx();
            double[] dw = scratch3;
            Inertia.applyInverseWorld(bodies, s, tx, ty, tz, dw);
            bodies.wx[s] += dw[0];
            bodies.wy[s] += dw[1];
            bodies.wz[s] += dw[2];
            lookAheadAfterCommand(s);
        } else if (c instanceof Command.SetVelocity v) {
            int s = bodies.slot(v.body());
            wake(s);
            bodies.vx[s] = v.vx();
            bodies.vy[s] = v.vy();
            bodies.vz[s] = v.vz();
            bodies.wx[s] = v.wx();
            bodies.wy[s] = v.wy();
            bodies.wz[s] = v.wz();
            lookAheadAfterCommand(s);
        } else if (c instanceof Command.SetState st) {
            setState(st.body(), st.state());
        } else if (c instanceof Command.Spawn sp) {
            insert(sp.def());
        } else if (c instanceof Command.Remove r) {
            removeBody(r.body());
        } else if (c instanceof Command.SetKinematicTarget k) {
            int s = bodies.slot(k.body());
            if (bodies.motion(s) != MotionType.KINEMATIC) {
                throw new IllegalArgumentException("kinematic target for body " + BodyStore.handleString(k.body())
                        + " which is " + bodies.motion(s).name().toLowerCase() + "; allowed: kinematic bodies");
            }
            Kinematics.setTarget(bodies, s, k.x(), k.y(), k.z(), k.qx(), k.qy(), k.qz(), k.qw(),
                    settings.dt());
            lookAheadAfterCommand(s);
        }
    }

    /**
     * Issue 11: bounds of a body whose velocity a command just changed cover this step's motion (the
     * broadphase stage reads them next). Only awake bodies: a disabled one is not in the broadphase.
     */
    private void lookAheadAfterCommand(int s) {
        if (bodies.state[s] == BodyState.AWAKE.ordinal()) {
            Motion.lookAhead(bodies, s, settings.dt());
        }
    }

    /** Wakes a sleeping body (no-op otherwise). */
    public void wake(int s) {
        if (bodies.state[s] == BodyState.SLEEPING.ordinal()) {
            setStateSlot(s, BodyState.AWAKE);
        }
    }

    /** Runs one step of {@code settings.dt()} and notifies observers. */
    public void step() {
        if (stepping) {
            throw new IllegalStateException("step() called from inside a step");
        }
        stepping = true;
        spawnedThisStep = 0;
        removedThisStep = 0;
        try {
            pipeline.run(stepIndex, time + settings.dt());
        } finally {
            stepping = false;
        }
        time = (stepIndex + 1) * settings.dt();
        stepIndex++;
        StepProfile p = pipeline.profile();
        for (int i = 0; i < observers.size(); i++) {
            observers.get(i).afterStep(this, p);
        }
    }

    /** Bodies created during the current/last step. */
    public int spawnedThisStep() {
        return spawnedThisStep;
    }

    /** Bodies removed during the current/last step. */
    public int removedThisStep() {
        return removedThisStep;
    }

    /** Hash of the current state (same as the profile's after a step). */
    public long stateHash() {
        return StateHash.of(bodies);
    }

    /** The handle of the first live body with this label, or -1. */
    public long findByLabel(String l) {
        for (int s = 0, n = bodies.slotLimit(); s < n; s++) {
            if (bodies.isLive(s) && l.equals(bodies.label[s])) {
                return bodies.handle(s);
            }
        }
        return -1;
    }
}
