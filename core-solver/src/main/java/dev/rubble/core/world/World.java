package dev.rubble.core.world;

import com.google.inject.Module;
import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStates;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.collision.ContactStore;
import dev.rubble.core.collision.NarrowphaseStage;
import dev.rubble.core.collision.PairBuffer;
import dev.rubble.core.collision.SceneQuery;
import dev.rubble.core.command.Command;
import dev.rubble.core.destruction.BreakListener;
import dev.rubble.core.event.Callbacks;
import dev.rubble.core.destruction.CollectionPlacement;
import dev.rubble.core.destruction.DestructionRuntime;
import dev.rubble.core.destruction.DestructionOptions;
import dev.rubble.core.plugin.StageFamily;
import dev.rubble.core.soft.SoftBodies;
import dev.rubble.core.soft.SoftBodyDef;
import dev.rubble.core.soft.SoftBodyStage;
import dev.rubble.core.plugin.Stages;
import dev.rubble.core.body.StateHash;
import dev.rubble.core.step.StepContext;
import dev.rubble.core.step.StepPipeline;
import dev.rubble.core.step.StepProfile;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.spi.broadphase.Broadphase;
import dev.rubble.spi.collection.CollectionAsset;
import dev.rubble.spi.damage.DamageModel;
import dev.rubble.spi.strain.StrainModifier;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A simulated world: a thin facade over the step's explicit state ({@link StepContext}) and its
 * script ({@link StepPipeline}), assembled by Guice ({@link WorldModule}; build one with
 * {@link #create}). It holds no stage logic: creating, removing and changing bodies goes to the
 * body state machine, a step to the pipeline, and observers hear about every finished step.
 *
 * <p>Single threaded: one thread creates bodies, queues commands and steps.
 */
public final class World {
    private final StepContext ctx;
    private final StepPipeline pipeline;
    private final NarrowphaseStage narrowphase;
    private final Stages stages;
    private final String broadphaseName, narrowphaseName;
    /** Copy-on-write ({@link Callbacks}): an observer may add or remove observers from inside a step's notifications. */
    private StepObserver[] observers = new StepObserver[0];
    private SceneQuery queries;
    private static final java.util.concurrent.atomic.AtomicInteger IDENTITIES = new java.util.concurrent.atomic.AtomicInteger();
    private int identity = nextIdentity();

    @Inject
    World(StepPipeline pipeline, NarrowphaseStage narrowphase, Stages stages, Set<StepObserver> observers) {
        this.pipeline = pipeline;
        this.stages = stages;
        this.ctx = pipeline.context();
        this.narrowphase = narrowphase;
        this.broadphaseName = WorldModule.broadphaseName(ctx.settings);
        this.narrowphaseName = WorldModule.narrowphaseName(ctx.settings);
        for (StepObserver o : observers) { // Guice's multibinder keeps binding order
            this.observers = Callbacks.with(this.observers, o);
        }
        ctx.destruction.setDamageModelFactory((name, options) -> stages.create(StageFamily.DAMAGE_MODEL, name, options));
        ctx.destruction.setStressModelFactory((name, options) -> stages.create(StageFamily.STRESS_MODEL, name, options));
    }

    /**
     * Builds a world with Guice: settings, the stage implementations the settings name (found in
     * {@code stages}), the step's state and pipeline, and the observers bound in {@link WorldModule}.
     * {@code overrides} replace bindings (a fake clock, a recording stage, a filled slot).
     *
     * @throws IllegalArgumentException for an unknown stage family, implementation or option
     */
    public static World create(WorldSettings settings, Stages stages, Module... overrides) {
        return WorldModule.assemble(settings, stages, overrides);
    }

    public WorldSettings settings() {
        return ctx.settings;
    }

    private static int nextIdentity() {
        int i;
        do {
            i = IDENTITIES.incrementAndGet();
        } while (i == 0); // 0 is an id made from a handle, which every world accepts
        return i;
    }

    /**
     * This world's identity in this JVM, never 0: the public API's ids carry it, so an id of another
     * world is refused instead of naming whatever this world has at its index (docs/java-api.md,
     * "Ids and worlds"). Not state: not hashed, journalled or saved.
     */
    public int identity() {
        return identity;
    }

    /**
     * Continues the identity of the world a restored snapshot was saved from (in this JVM): the
     * restored world is that world continued, and its ids stay valid here.
     */
    public void continueIdentity(int identity) {
        if (identity == 0) {
            throw new IllegalArgumentException("identity = 0; allowed: a world's identity (never 0)");
        }
        this.identity = identity;
    }

    /** The bodies (structure of arrays; read freely, write only through commands or the body states). */
    public BodyStore bodies() {
        return ctx.bodies;
    }

    /** The body state machine (creation, removal, state changes that keep the broadphase consistent). */
    public BodyStates states() {
        return ctx.states;
    }

    public Broadphase broadphase() {
        return ctx.broadphase;
    }

    /** The name of the broadphase implementation in use. */
    public String broadphaseName() {
        return broadphaseName;
    }

    /** Broadphase pairs the narrowphase tested in the last step (pairs dropped by motion or collision filter are not). */
    public int pairsTested() {
        return narrowphase.pairsTested;
    }

    /** The name of the narrowphase implementation in use. */
    public String narrowphaseName() {
        return narrowphaseName;
    }

    /**
     * Every stage choice this world runs with (family -> implementation, sorted), defaults
     * included: what a journal records so that a replay or verify builds the same world.
     */
    public SortedMap<String, String> stageChoices() {
        SortedMap<String, String> m = new TreeMap<>(ctx.settings.stages());
        m.put("broadphase", broadphaseName);
        m.put("narrowphase", narrowphaseName);
        return m;
    }

    /** The built-in event gatherer (docs/events.md), or null when a plugin replaced the EVENTS stage. */
    public dev.rubble.core.step.EventStage eventStage() {
        return pipeline.eventStage();
    }

    /** The narrowphase stage (contact generation, contact cache, speculative margin). */
    public NarrowphaseStage narrowphaseStage() {
        return narrowphase;
    }

    /** This step's contact manifolds (after a step: with the impulses the solver applied). */
    public ContactStore contacts() {
        return ctx.contacts;
    }

    /** Overlapping pairs of the last broadphase run, sorted. */
    public PairBuffer pairs() {
        return ctx.pairs;
    }

    /** Scene queries (ray, sweep, overlap, closest point) against this world; their time is reported separately. */
    public SceneQuery queries() {
        if (queries == null) {
            queries = new SceneQuery(ctx.bodies, ctx.broadphase, narrowphase.narrowphase(), ctx.queryStats);
        }
        return queries;
    }

    /** Number of steps taken. */
    public long stepIndex() {
        return ctx.stepIndex();
    }

    /** Simulated time, seconds. */
    public double time() {
        return ctx.time();
    }

    /** The profile of the last step (rewritten by the next step). */
    public StepProfile profile() {
        return ctx.profile;
    }

    /** The executor that runs this world's parallel stages (issue 26; benchmarks read its counters). */
    public dev.rubble.core.parallel.StepExecutor executor() {
        return pipeline.executor();
    }

    /** Internal: the step's explicit state, for tools that save and restore it whole (dev.rubble.core.snapshot). */
    public StepContext context() {
        return ctx;
    }

    /** Registers an observer called after every step, after those bound when the world was assembled. */
    public void addObserver(StepObserver observer) {
        observers = Callbacks.with(observers, Objects.requireNonNull(observer, "observer is null"));
    }

    /**
     * Registers an observer that hears every step before all others (a journal: what the others then
     * change at once belongs to the next step, which is where the journal records it).
     */
    public void addObserverFirst(StepObserver observer) {
        Objects.requireNonNull(observer, "observer is null");
        StepObserver[] os = observers;
        StepObserver[] next = new StepObserver[os.length + 1];
        next[0] = observer;
        System.arraycopy(os, 0, next, 1, os.length);
        observers = next;
    }

    public void removeObserver(StepObserver observer) {
        observers = Callbacks.without(observers, observer);
    }

    /** Copy-on-write: who hears the changes made at once between steps (journals; {@link WorldChanges}). */
    private WorldChanges[] changes = new WorldChanges[0];

    /** Registers a listener for the changes this world makes at once between steps (a journal recording it). */
    public void addChangeListener(WorldChanges listener) {
        changes = Callbacks.with(changes, Objects.requireNonNull(listener, "listener is null"));
    }

    public void removeChangeListener(WorldChanges listener) {
        changes = Callbacks.without(changes, listener);
    }

    /**
     * Refuses a between-steps call no {@link WorldChanges} listener can record while one listens: the
     * journal would hold a run its verify and replay cannot reproduce.
     */
    private void unrecordable(String call, String allowed) {
        if (changes.length > 0) {
            throw new IllegalStateException(call + " while a journal records this world: the journal cannot record it,"
                    + " so verify and replay would not reproduce the run; allowed: " + allowed);
        }
    }

    /**
     * Creates a body now and returns its handle. During a step (from a stage or an observer's
     * command) the body is queued and enters after the velocity solve, before integration; the
     * returned handle is then -1 and the body appears in the profile's spawn count.
     *
     * @throws dev.rubble.core.body.CapacityExceededException when the body budget is full
     */
    public long createBody(BodyDef def) {
        return createBody(def, BodyStore.DEFAULT_LAYER, BodyStore.ALL_LAYERS);
    }

    /**
     * As {@link #createBody(BodyDef)}, on collision layer {@code layer} with mask {@code mask} (set
     * before anything reads them; a body queued during a step gets the default filter). Between
     * steps the creation is reported to the {@link WorldChanges} listeners.
     */
    public long createBody(BodyDef def, int layer, int mask) {
        long h = ctx.createBody(def);
        if (h < 0) {
            return h; // queued for the INSERT slot of the running step
        }
        int s = ctx.bodies.slot(h);
        if (layer != BodyStore.DEFAULT_LAYER || mask != BodyStore.ALL_LAYERS) {
            ctx.bodies.collisionLayer[s] = layer;
            ctx.bodies.collisionMask[s] = mask;
        }
        for (WorldChanges l : changes) {
            l.bodyCreated(this, h, def, layer, mask);
        }
        return h;
    }

    /** Removes a body now (reported to the {@link WorldChanges} listeners). */
    public void removeBody(long handle) {
        int s = ctx.bodies.slot(handle);
        dev.rubble.core.step.ConstraintOps.removeBody(ctx, handle); // its constraints end with it (issue 29)
        ctx.states.remove(s);
        for (WorldChanges l : changes) {
            l.bodyRemoved(this, handle);
        }
    }

    /** Moves a body into a state (see {@link BodyStates#setState}; reported to the {@link WorldChanges} listeners). */
    public void setState(long handle, BodyState state) {
        int s = ctx.bodies.slot(handle);
        ctx.states.setState(s, state);
        ctx.states.findPairsOnce(s); // wake once: a body made fixed has its fixed pairs collided once (no-op if awake)
        for (WorldChanges l : changes) {
            l.stateSet(this, handle, state);
        }
    }

    /**
     * Queues a command for the start of the next step. A destruction command naming a collection
     * or node that does not exist fails here, not mid-step.
     */
    public void queue(Command command) {
        if (command instanceof Command.Destruction d) {
            ctx.destruction.validate(d);
        } else if (command instanceof Command.ClusterUnion u) {
            ctx.destruction.unions().validate(u); // issue 29: a bad body or collection fails here
        } else if (command instanceof Command.ApplyField f) {
            ctx.fields.validate(f, "field"); // issue 24: a bad field fails here and changes nothing
        } else if (command instanceof Command.AddConstraint a) {
            // issue 29: a union's own body is made again at every rebuild; a joint on it would go dead there
            ctx.destruction.unions().refuseConstraintOnUnionBody("a", a.bodyA(), "BodyId[" + BodyStore.handleString(a.bodyA()) + "]");
            if (a.bodyB() != dev.rubble.core.dynamics.ConstraintStore.WORLD) {
                ctx.destruction.unions().refuseConstraintOnUnionBody("b", a.bodyB(),
                        "BodyId[" + BodyStore.handleString(a.bodyB()) + "]");
            }
        }
        ctx.queue(command);
    }

    /** The destruction runtime: placed collections, their cluster store, break events. */
    public DestructionRuntime destruction() {
        return ctx.destruction;
    }

    /**
     * Places a geometry collection (SPEC §4): its intact root becomes one body. The damage model
     * is {@code placement.options().damageModel()}, else {@code world.stages.damage-model}, else
     * {@code user-defined}; strain modifiers are created in chain order. Nothing changes when it
     * fails. Not during a step.
     *
     * @return the collection's index, which destruction commands name
     * @throws IllegalArgumentException naming an unknown plugin, a bad option, anchor or threshold
     */
    public int placeCollection(CollectionAsset asset, CollectionPlacement placement) {
        Objects.requireNonNull(asset, "asset is null");
        Objects.requireNonNull(placement, "placement is null");
        if (ctx.stepping()) {
            throw new IllegalStateException("placeCollection() called from inside a step");
        }
        String name = placement.options().damageModel() != null ? placement.options().damageModel()
                : ctx.settings.stages().getOrDefault(StageFamily.DAMAGE_MODEL.name(), StageFamily.DAMAGE_MODEL.defaultName());
        DamageModel model = stages.create(StageFamily.DAMAGE_MODEL, name, placement.options().damageOptions());
        List<DestructionOptions.Modifier> chain = placement.options().strainModifiers();
        StrainModifier[] mods = new StrainModifier[chain.size()];
        for (int i = 0; i < mods.length; i++) {
            mods[i] = stages.create(StageFamily.STRAIN_MODIFIER, chain.get(i).name(), chain.get(i).options());
        }
        int c = ctx.destruction.place(asset, placement, model, mods);
        for (WorldChanges l : changes) {
            l.collectionPlaced(this, c, asset, placement);
        }
        return c;
    }

    /**
     * Turns the stress model {@code name} (family {@code stress-model}, e.g. {@code support-graph})
     * on for placed collection {@code c} with {@code options} (docs/destruction.md "Stress"). Not
     * during a step. Scenario files do it with {@code collections[i].stress}, which journals and
     * verify rebuild from the scenario text.
     *
     * @throws IllegalArgumentException naming a bad option or collection; UnknownStageException for an unknown name
     */
    public void setStressModel(int c, String name, dev.rubble.spi.StageConfig options) {
        Objects.requireNonNull(name, "stress model name is null");
        if (ctx.stepping()) {
            throw new IllegalStateException("setStressModel() called from inside a step");
        }
        unrecordable("setStressModel()", "before the journal starts, or Command.SetStressModel (journalled)");
        ctx.destruction.setStressModel(c, stages.create(StageFamily.STRESS_MODEL, name, options), name,
                options == null ? dev.rubble.spi.StageConfig.empty() : options);
    }

    /**
     * Sets material {@code m}'s stress limits in collection {@code c}, which has a stress model (issue 30;
     * docs/destruction.md "Stress limits per material, collection and bond"); between steps only. In a
     * step or a journal: {@code Command.SetMaterialLimits}.
     */
    public void setMaterialStressLimits(int c, int m, dev.rubble.spi.stress.StressLimits limits) {
        if (ctx.stepping()) {
            throw new IllegalStateException("setMaterialStressLimits() called from inside a step");
        }
        unrecordable("setMaterialStressLimits()", "before the journal starts, or Command.SetMaterialLimits (journalled)");
        ctx.destruction.setMaterialStressLimits(c, m, limits);
    }

    /**
     * Places a collection after applying initialisation fields to its placement (issue 24 item 8;
     * docs/fields.md, "Initialisation fields"): each field is evaluated once at every leaf (Maximum
     * resolution) in the placed pose, before the clusters are built. {@code dynamic-state}: leaves
     * whose value is 2 or 3 are anchored; {@code initial-linear-velocity} /
     * {@code initial-angular-velocity}: the covered leaves take the value and the collection takes the
     * leaves' total linear and angular momentum. Nothing changes when it fails.
     *
     * @param initFields applied in order; targets {@code dynamic-state}, {@code initial-linear-velocity},
     *                   {@code initial-angular-velocity}
     * @throws IllegalArgumentException naming the bad field (its path is {@code initFields[i]}) or target
     */
    public int placeCollection(CollectionAsset asset, CollectionPlacement placement,
                               List<dev.rubble.core.field.InitialisationField> initFields) {
        CollectionPlacement pl = Objects.requireNonNull(placement, "placement is null");
        for (int i = 0; i < initFields.size(); i++) {
            pl = initialisationField(asset, pl, initFields.get(i).target(), initFields.get(i).field(), "initFields[" + i + "]");
        }
        return placeCollection(asset, pl);
    }

    /**
     * {@code placement} with the anchors or the velocity one initialisation field sets (see
     * {@link #placeCollection(CollectionAsset, CollectionPlacement, List)}); {@code path}
     * names the field in error messages.
     */
    public CollectionPlacement initialisationField(CollectionAsset asset, CollectionPlacement placement,
                                                   dev.rubble.core.command.FieldTarget target,
                                                   dev.rubble.core.command.FieldSpec field, String path) {
        Objects.requireNonNull(asset, "asset is null");
        Objects.requireNonNull(target, "target is null");
        Objects.requireNonNull(field, "field is null");
        return InitialisationFields.apply(ctx.fields.trees(), asset, placement, target, field, path);
    }

    /** The plugin registry this world creates stages and plugins from (snapshots re-create collections' plugins with it). */
    public Stages stages() {
        return stages;
    }

    /** Soft bodies and their coupling pass (docs/soft-bodies.md). */
    public SoftBodyStage softBodies() {
        return ctx.softBodies;
    }

    /**
     * Adds soft bodies in order; attachments name rigid bodies by label.
     *
     * @throws IllegalArgumentException naming the soft body and what is wrong
     */
    public void addSoftBodies(List<SoftBodyDef> defs) {
        unrecordable("addSoftBodies()", "soft bodies added before the journal starts");
        SoftBodies.add(ctx.softBodies.store(), ctx.bodies, defs, this::findByLabel);
    }

    /** Registers a listener that receives each step's breaks (from a reused buffer) after the step. */
    public void addBreakListener(BreakListener listener) {
        ctx.destruction.addListener(listener);
    }

    public void removeBreakListener(BreakListener listener) {
        ctx.destruction.removeListener(listener);
    }

    /** Commands queued for the next step, in order (read-only view). */
    public List<Command> queuedCommands() {
        return ctx.queuedCommands();
    }

    /** Commands applied during the last step, in order (the journal records these). */
    public List<Command> appliedCommands() {
        return ctx.appliedCommands();
    }

    /**
     * Runs one step of {@code settings.dt()} and notifies observers, then break listeners. A
     * callback that throws (an observer, a listener, the pre-solve hook) does not leave the step
     * half done ({@link Callbacks}): the step completes and is counted, every other observer and
     * listener hears it, and then the first exception is thrown from here, unchanged.
     */
    public void step() {
        pipeline.step();
        Throwable failure = ctx.events.takeHookFailure();
        StepProfile p = ctx.profile;
        StepObserver[] os = observers;
        for (StepObserver o : os) {
            try {
                o.afterStep(this, p);
            } catch (Throwable t) {
                failure = Callbacks.keep(failure, t);
            }
        }
        failure = ctx.destruction.notifyListeners(failure);
        Callbacks.rethrow(failure);
    }

    /** Hash of the current state (same as the profile's after a step). */
    public long stateHash() {
        return ctx.stateHash();
    }

    /**
     * Hashes the state in {@link StateHash} version {@code version} (1 or 2, the default): a world rebuilt
     * from a journal recorded before format version 6 uses 1, so the journal's recorded hashes verify.
     */
    public void useStateHashVersion(int version) {
        ctx.useStateHashVersion(version);
    }

    /** The handle of the first live body with this label, or -1. */
    public long findByLabel(String label) {
        BodyStore b = ctx.bodies;
        for (int s = 0, n = b.slotLimit(); s < n; s++) {
            if (b.isLive(s) && label.equals(b.label[s])) {
                return b.handle(s);
            }
        }
        return -1;
    }
}
