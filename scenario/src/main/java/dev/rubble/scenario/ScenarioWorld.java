package dev.rubble.scenario;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.command.Command;
import dev.rubble.core.world.World;
import dev.rubble.core.plugin.Stages;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/** A world built from a {@link Scenario}, which queues the scenario's commands before their steps. */
public final class ScenarioWorld {
    private final Scenario scenario;
    private final World world;
    private int nextCommand;
    /** The placed collections as built, in placement order (journals embed their images, issue 14). */
    private final List<dev.rubble.authoring.GeometryCollection> collections;
    /** Where collection files and images come from when shared with other worlds, or null. */
    private final CollectionCache cache;

    private ScenarioWorld(Scenario scenario, World world, List<dev.rubble.authoring.GeometryCollection> collections,
                          CollectionCache cache) {
        this.scenario = scenario;
        this.world = world;
        this.collections = collections;
        this.cache = cache;
    }

    /**
     * Builds the world: stages chosen by the scenario's settings (plus {@code overrides}, family ->
     * implementation, e.g. from {@code --set broadphase=sap}), then the bodies in file order.
     */
    public static ScenarioWorld create(Scenario scenario, Stages stages, Map<String, String> overrides) {
        return create(scenario, stages, overrides, 0, null);
    }

    /**
     * As {@link #create(Scenario, Stages, Map)}, stepping on {@code threads} threads instead of the
     * scenario's {@code world.threads} (0: the scenario's; issue 26, the result is the same bits).
     */
    public static ScenarioWorld create(Scenario scenario, Stages stages, Map<String, String> overrides, int threads) {
        return create(scenario, stages, overrides, threads, null);
    }

    /**
     * As {@link #create(Scenario, Stages, Map)}, with collection files loaded through {@code cache}
     * (null: read each file now) so that many worlds built from the same files share one loaded
     * copy (issue 32's bake). The world is bit-identical either way.
     */
    public static ScenarioWorld create(Scenario scenario, Stages stages, Map<String, String> overrides,
                                       CollectionCache cache) {
        return create(scenario, stages, overrides, 0, cache);
    }

    /** As {@link #create(Scenario, Stages, Map, int)} with {@code cache} as in {@link #create(Scenario, Stages, Map, CollectionCache)}. */
    public static ScenarioWorld create(Scenario scenario, Stages stages, Map<String, String> overrides, int threads,
                                       CollectionCache cache) {
        Objects.requireNonNull(scenario, "scenario is null");
        return create(scenario, stages, settings(scenario.settings(), overrides, threads), null, cache);
    }

    /**
     * {@code base} with the command line's stage choices ({@code --set FAMILY=NAME}, applied in name order)
     * and {@code threads} (0: {@code base}'s own): the settings {@link #create} builds a world with.
     */
    public static dev.rubble.core.step.WorldSettings settings(dev.rubble.core.step.WorldSettings base,
                                                               Map<String, String> overrides, int threads) {
        var settings = threads > 0 ? base.withThreads(threads) : base;
        for (Map.Entry<String, String> e : new TreeMap<>(overrides).entrySet()) {
            settings = settings.withStage(e.getKey(), e.getValue());
        }
        return settings;
    }

    /**
     * Builds the world of a journal (issue 14): {@code settings} replace the scenario's (a journal
     * carries the settings the recording really ran with), and when {@code images} is not null its
     * entry i (a {@code .rbc} image) is collection i instead of the spec's file or recipe, so no
     * file on disk is needed.
     */
    public static ScenarioWorld create(Scenario scenario, Stages stages, dev.rubble.core.step.WorldSettings settings,
                                       List<byte[]> images) {
        return create(scenario, stages, settings, images, null);
    }

    private static ScenarioWorld create(Scenario scenario, Stages stages, dev.rubble.core.step.WorldSettings settings,
                                        List<byte[]> images, CollectionCache cache) {
        Objects.requireNonNull(scenario, "scenario is null");
        Objects.requireNonNull(settings, "settings is null");
        if (images != null && images.size() != scenario.collections().size()) {
            throw new ScenarioException("$.collections", images.size() + " collection images for "
                    + scenario.collections().size() + " collections; allowed: one image per collection");
        }
        World world = World.create(settings, stages);
        List<dev.rubble.authoring.GeometryCollection> built = new java.util.ArrayList<>();
        List<BodyDef> bodies = scenario.bodies();
        for (int i = 0; i < bodies.size(); i++) {
            try {
                long h = world.createBody(bodies.get(i));
                if (scenario.collisionFilters().length > 0) { // issue 28: layer and mask, before any step
                    int slot = world.bodies().slot(h);
                    world.bodies().collisionLayer[slot] = scenario.collisionFilters()[2 * i];
                    world.bodies().collisionMask[slot] = scenario.collisionFilters()[2 * i + 1];
                }
            } catch (IllegalArgumentException | IllegalStateException e) {
                throw new ScenarioException("$.bodies[" + i + "]", e.getMessage(), e);
            }
        }
        // destruction (issue 12): collections after the bodies, in file order
        List<CollectionSpec> cols = scenario.collections();
        InitFields.checkCollections(scenario, cols); // an initialisation field must name a collection of the file
        for (int i = 0; i < cols.size(); i++) {
            String p = "$.collections[" + i + "]";
            dev.rubble.authoring.GeometryCollection gc;
            try {
                gc = images == null ? CollectionSpecs.geometry(cols.get(i), p, stages, cache)
                        : dev.rubble.authoring.CollectionFile.fromBytes(images.get(i));
            } catch (ScenarioException e) {
                throw e; // the recipe's or file's own error, naming its field (not an embedded image's)
            } catch (IllegalArgumentException e) {
                throw new ScenarioException(p, "the embedded collection image is not valid: " + e.getMessage(), e);
            }
            built.add(gc);
            var asset = cache != null ? cache.asset(gc) : gc.asset();
            try {
                int c = world.placeCollection(asset, InitFields.apply(world, scenario, cols.get(i), asset));
                world.destruction().setDebrisOptions(c, cols.get(i).debris()); // debris and removal (issue 13)
                world.destruction().setCollisionProxies(c, cols.get(i).proxies()); // size buckets (issue 27)
                if (cols.get(i).stress() != null) { // support-graph stress (issue 30)
                    try {
                        world.setStressModel(c, cols.get(i).stress().model(), cols.get(i).stress().options());
                    } catch (IllegalArgumentException e) {
                        throw new ScenarioException(p + ".stress", e.getMessage(), e);
                    }
                    for (var m : cols.get(i).stress().materials().entrySet()) { // stress limits per material
                        try {
                            world.setMaterialStressLimits(c, m.getKey(), m.getValue());
                        } catch (IllegalArgumentException e) {
                            throw new ScenarioException(p + ".stress.materials." + m.getKey(), e.getMessage(), e);
                        }
                    }
                }
            } catch (IllegalArgumentException | IllegalStateException e) {
                throw new ScenarioException(p, e.getMessage(), e);
            }
        }
        // soft bodies (docs/soft-bodies.md), after the rigid bodies they may attach to
        try {
            world.addSoftBodies(scenario.softBodies());
        } catch (IllegalArgumentException e) {
            throw new ScenarioException("$.softBodies", e.getMessage(), e);
        }
        ConstraintsJson.queue(world, scenario.constraints()); // issue 29: before step 0, bodies and soft bodies exist
        queueEvents(scenario, world, cols);
        for (ScheduledCommand c : scenario.commands()) {
            if (c.command() instanceof dev.rubble.core.command.Command.ApplyField f
                    && !"initField".equals(c.type())) { // fields[] (issue 24); initialisation fields were checked when placed
                try {
                    world.context().fields.validate(f, c.path() + ".field");
                } catch (dev.rubble.core.field.FieldException e) {
                    throw new ScenarioException(e.path(), e.detail().startsWith(" = ") ? e.detail().substring(3)
                            : e.detail().startsWith(": ") ? e.detail().substring(2) : e.detail().trim(), e);
                }
            }
            if (c.command() instanceof dev.rubble.core.command.Command.UnionAdd ua && c.body() != null) {
                // a body member checked now, as the kernel will when the command is queued (a static mesh or plane
                // cannot be welded): refused with the entry's path before any step
                long h = world.findByLabel(c.body());
                if (h >= 0) {
                    try {
                        world.destruction().unions().validate(
                                new dev.rubble.core.command.Command.UnionAdd(ua.union(), h, ua.auxiliary()));
                    } catch (IllegalArgumentException e) {
                        throw new ScenarioException(where(c), "body '" + c.body() + "': " + e.getMessage(), e);
                    }
                }
            }
            if (c.destruction() != null) {
                try {
                    world.destruction().validate(c.destruction());
                } catch (IllegalArgumentException e) {
                    throw new ScenarioException("$.commands", "command '" + c.type() + "' at step " + c.step() + ": "
                            + e.getMessage(), e);
                }
            }
        }
        return new ScenarioWorld(scenario, world, List.copyOf(built), cache);
    }

    /** The events section as commands queued before step 0 (docs/events.md): a journal records them. */
    private static void queueEvents(Scenario scenario, World world, List<CollectionSpec> cols) {
        EventsJson.Settings ev = scenario.events();
        for (int k = 0; k < ev.requests().length; k++) {
            if (ev.requests()[k] != null) {
                world.queue(new dev.rubble.core.command.Command.SetEventRequest(k, ev.requests()[k]));
            }
        }
        for (var e : ev.bodies().entrySet()) {
            world.queue(new dev.rubble.core.command.Command.SetBodyEvents(world.findByLabel(e.getKey()), e.getValue()));
        }
        for (var e : ev.collections().entrySet()) {
            for (int i = 0; i < cols.size(); i++) {
                if (cols.get(i).id().equals(e.getKey())) {
                    world.queue(new dev.rubble.core.command.Command.SetCollectionEvents(i, e.getValue()));
                }
            }
        }
    }

    /** Whether {@link #collectionImage} keeps piece meshes ({@code run --journal-meshes}, issue 33). */
    private boolean imageMeshes;

    /**
     * Makes {@link #collectionImage} keep the piece meshes of mesh-fractured collections, so that
     * journal playback draws them (issue 33; {@code rubble run --journal-meshes}). Off by default.
     */
    public ScenarioWorld withImageMeshes(boolean on) {
        this.imageMeshes = on;
        return this;
    }

    /**
     * The {@code .rbc} image of placed collection {@code i} (placement order), for journals: without
     * piece meshes unless {@link #withImageMeshes} asked for them (the world simulates with the hulls
     * either way; a mesh collection's meshes run to megabytes).
     */
    public byte[] collectionImage(int i) {
        if (imageMeshes) {
            return dev.rubble.authoring.CollectionFile.toBytes(collections.get(i), true);
        }
        return cache != null ? cache.image(collections.get(i))
                : dev.rubble.authoring.CollectionFile.toBytes(collections.get(i), false);
    }

    /** Placed collection {@code i} (placement order) as built, with its piece meshes if it has them. */
    public dev.rubble.authoring.GeometryCollection collection(int i) {
        return collections.get(i);
    }

    /** Number of collections this scenario placed. */
    public int collectionCount() {
        return collections.size();
    }

    /**
     * Continues {@code scenario} in {@code world}, a world restored from a snapshot of it (taken
     * between steps): its scheduled commands resume with the first one due at the world's step.
     */
    public static ScenarioWorld resume(Scenario scenario, World world) {
        Objects.requireNonNull(scenario, "scenario is null");
        Objects.requireNonNull(world, "world is null");
        ScenarioWorld sw = new ScenarioWorld(scenario, world, List.of(), null); // no collection images: the snapshot restored the collections themselves
        List<ScheduledCommand> cs = scenario.commands();
        // commands due before step k were queued and applied by steps 0..k-1 (queueDueCommands)
        while (sw.nextCommand < cs.size() && cs.get(sw.nextCommand).step() < world.stepIndex()) {
            sw.nextCommand++;
        }
        return sw;
    }

    public static ScenarioWorld create(Scenario scenario, Stages stages) {
        return create(scenario, stages, Map.of());
    }

    public Scenario scenario() {
        return scenario;
    }

    public World world() {
        return world;
    }

    /**
     * Queues the commands due before the next step, then steps. A command the world cannot apply
     * (a kinematic target on a dynamic body, a second removal, a state the body cannot take) is a
     * {@link ScenarioException} naming its JSON path, raised before anything of this step is
     * applied, so the world stays as the previous step left it.
     */
    public void step() {
        List<ScheduledCommand> cs = scenario.commands();
        long now = world.stepIndex();
        int first = nextCommand;
        queueDueCommands();
        try {
            world.step();
        } catch (IllegalArgumentException | IllegalStateException e) {
            if (e instanceof ScenarioException || nextCommand == first) {
                throw e;
            }
            StringBuilder paths = new StringBuilder();
            for (int i = first; i < nextCommand; i++) {
                paths.append(paths.length() == 0 ? "" : ", ").append(where(cs.get(i)));
            }
            throw new ScenarioException(paths.toString(), "step " + now + " failed applying these commands: "
                    + e.getMessage(), e);
        }
    }

    /**
     * Queues the scenario's commands due before the next step (what {@link #step} does first;
     * public for {@link Scenarios}, whose API world steps the kernel world itself).
     */
    public void queueDueCommands() {
        List<ScheduledCommand> cs = scenario.commands();
        long now = world.stepIndex();
        java.util.Map<String, String> removedNow = null;
        List<BodyDef> spawnedNow = new java.util.ArrayList<>(); // this step's spawns, in queue order
        while (nextCommand < cs.size() && cs.get(nextCommand).step() <= now) {
            ScheduledCommand c = cs.get(nextCommand++);
            if ("release".equals(c.type()) || "initField".equals(c.type())) {
                continue; // release acts on playback only (every body is live here); init fields at placement
            }
            if (c.body() != null && removedNow != null && removedNow.containsKey(c.body())) {
                throw new ScenarioException(where(c), "body '" + c.body() + "' is removed earlier in the same step by "
                        + removedNow.get(c.body()) + "; allowed: commands on bodies that still exist");
            }
            Command resolved = resolve(c, spawnedNow);
            check(c, resolved, spawnedNow);
            if (resolved instanceof Command.Spawn sp) {
                spawnedNow.add(sp.def());
            }
            if ("remove".equals(c.type())) {
                if (removedNow == null) {
                    removedNow = new java.util.TreeMap<>();
                }
                removedNow.put(c.body(), where(c));
            }
            world.queue(resolved);
        }
    }

    private static String where(ScheduledCommand c) {
        return c.path() != null ? c.path() : "$.commands (step " + c.step() + ", " + c.type() + ")";
    }

    /** The checks {@link World#setState} and the kinematic-target command make, done before queueing. */
    private void check(ScheduledCommand c, Command resolved, List<BodyDef> spawnedNow) {
        if (c.body() == null) {
            return;
        }
        long h = world.findByLabel(c.body());
        MotionType m = h >= 0 ? world.bodies().motion(world.bodies().slot(h))
                : spawnedNow.get(spawnedIndex(spawnedNow, c.body())).motion();
        String what = "body '" + c.body() + "' is " + m.name().toLowerCase(java.util.Locale.ROOT);
        if ("kinematicTarget".equals(c.type()) && m != MotionType.KINEMATIC) {
            throw new ScenarioException(where(c), what + "; allowed: a kinematic target for a kinematic body");
        }
        if (resolved instanceof Command.SetState st) {
            BodyState t = st.state();
            if ((t == BodyState.STATIC) != (m == MotionType.STATIC) && t != BodyState.DISABLED
                    || t == BodyState.SLEEPING && m != MotionType.DYNAMIC) {
                throw new ScenarioException(where(c) + ".state", "'" + t.label() + "' is not allowed: " + what
                        + "; allowed: " + (m == MotionType.STATIC ? "static, disabled"
                        : m == MotionType.KINEMATIC ? "awake, disabled" : "awake, sleeping, disabled"));
            }
        }
    }

    /** Where a body made from {@code def} will have its centre of mass (the default impulse point). */
    private static double[] centreOfMass(BodyDef def) {
        if (def.motion() != MotionType.DYNAMIC) {
            return new double[] {def.x(), def.y(), def.z()};
        }
        var mp = def.shape().massProperties(1);
        double lx = mp.comX(), ly = mp.comY(), lz = mp.comZ();
        double qx = def.qx(), qy = def.qy(), qz = def.qz(), qw = def.qw();
        double n = Math.sqrt(qx * qx + qy * qy + qz * qz + qw * qw);
        qx /= n;
        qy /= n;
        qz /= n;
        qw /= n;
        // v' = v + 2 w (u x v) + 2 u x (u x v), u = (qx, qy, qz)
        double tx = 2 * (qy * lz - qz * ly), ty = 2 * (qz * lx - qx * lz), tz = 2 * (qx * ly - qy * lx);
        return new double[] {def.x() + lx + qw * tx + (qy * tz - qz * ty), def.y() + ly + qw * ty + (qz * tx - qx * tz),
                def.z() + lz + qw * tz + (qx * ty - qy * tx)};
    }

    /** Steps {@code steps} times. */
    public void run(long steps) {
        for (long i = 0; i < steps; i++) {
            step();
        }
    }

    /** Index of the last body spawned earlier in this step with {@code label}, or -1. */
    private static int spawnedIndex(List<BodyDef> spawnedNow, String label) {
        for (int k = spawnedNow.size() - 1; k >= 0; k--) {
            if (label.equals(spawnedNow.get(k).label())) {
                return k;
            }
        }
        return -1;
    }

    private Command resolve(ScheduledCommand c, List<BodyDef> spawnedNow) {
        if (c.command() instanceof Command.ClusterUnion && c.body() != null) { // unions[] (issue 29): bodies by id
            long h = world.findByLabel(c.body());
            if (h < 0) {
                throw new ScenarioException(where(c) + ".body", "'" + c.body() + "' does not exist at step " + c.step());
            }
            return UnionsJson.withBody(c.command(), h);
        }
        if (c.command() != null) {
            return c.command();
        }
        if (c.destruction() != null) {
            return c.destruction();
        }
        long h = c.body() == null ? -1 : world.findByLabel(c.body());
        BodyDef spawnedDef = null;
        if (c.body() != null && h < 0) {
            int k = spawnedIndex(spawnedNow, c.body());
            if (k < 0) {
                throw new ScenarioException(where(c) + ".body", "command '" + c.type() + "' at step " + c.step()
                        + " names body '" + c.body() + "', which does not exist at that step (removed, or never"
                        + " spawned)");
            }
            // spawned earlier in this same step: the COMMANDS slot resolves the reference when it applies it
            h = Command.spawnedEarlier(k);
            spawnedDef = spawnedNow.get(k);
        }
        switch (c.type()) {
            case "collisionFilter": {
                int s = h >= 0 ? world.bodies().slot(h) : -1; // a missing value keeps the body's current one
                int layer = !Double.isNaN(c.vector()[0]) ? (int) c.vector()[0]
                        : s >= 0 ? world.bodies().collisionLayer[s] : dev.rubble.core.body.BodyStore.DEFAULT_LAYER;
                int mask = !Double.isNaN(c.vector()[1]) ? (int) c.vector()[1]
                        : s >= 0 ? world.bodies().collisionMask[s] : dev.rubble.core.body.BodyStore.ALL_LAYERS;
                return new Command.SetCollisionFilter(h, layer, mask);
            }
            case "ignoreCollision": {
                long h2 = world.findByLabel(c.other());
                if (h2 < 0) {
                    int k = spawnedIndex(spawnedNow, c.other());
                    if (k < 0) {
                        throw new ScenarioException(where(c) + ".bodies[1]", "command 'ignoreCollision' at step " + c.step()
                                + " names body '" + c.other() + "', which does not exist at that step (removed, or never spawned)");
                    }
                    h2 = Command.spawnedEarlier(k);
                }
                return new Command.IgnoreCollision(h, h2, c.vector()[0] != 0);
            }
            case "impulse": {
                double[] j = c.vector();
                double[] p = c.vector2();
                if (p == null && spawnedDef != null) {
                    p = centreOfMass(spawnedDef);
                } else if (p == null) {
                    var b = world.bodies();
                    int s = b.slot(h);
                    p = new double[] {b.px[s], b.py[s], b.pz[s]};
                }
                return new Command.ApplyImpulse(h, j[0], j[1], j[2], p[0], p[1], p[2]);
            }
            case "velocity":
                return new Command.SetVelocity(h, c.vector()[0], c.vector()[1], c.vector()[2],
                        c.vector2()[0], c.vector2()[1], c.vector2()[2]);
            case "state":
                return new Command.SetState(h, c.state());
            case "spawn":
                return new Command.Spawn(c.spawn());
            case "remove":
                return new Command.Remove(h);
            case "kinematicTarget":
                return new Command.SetKinematicTarget(h, c.vector()[0], c.vector()[1], c.vector()[2],
                        c.quat()[0], c.quat()[1], c.quat()[2], c.quat()[3]);
            default:
                throw new IllegalStateException("unreachable: command type " + c.type());
        }
    }
}
