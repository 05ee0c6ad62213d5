package dev.rubble.cache.playback;

import dev.rubble.cache.journal.JournalFormat;
import dev.rubble.cache.journal.JournalFormatException;
import dev.rubble.cache.journal.JournalHeader;
import dev.rubble.cache.journal.BetweenSteps;
import dev.rubble.cache.journal.InitialBodies;
import dev.rubble.cache.journal.JournalReader;
import dev.rubble.authoring.CollectionFile;
import dev.rubble.core.destruction.BreakEvents;
import dev.rubble.core.destruction.DestructionRuntime;
import dev.rubble.spi.collection.CollectionAsset;
import dev.rubble.cache.journal.RecordedState;
import dev.rubble.cache.journal.StepRecord;
import dev.rubble.cache.journal.RecordedEvents;
import dev.rubble.api.EventListener;
import dev.rubble.api.StepEvents;
import dev.rubble.core.event.EventBuffer;
import dev.rubble.core.event.EventKinds;
import dev.rubble.core.event.EventState;
import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.Kinematics;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.body.BodyDef;
import dev.rubble.core.command.Command;
import dev.rubble.core.dynamics.ConstraintStore;
import dev.rubble.core.step.ConstraintOps;
import dev.rubble.core.world.World;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.core.plugin.Stages;
import dev.rubble.core.snapshot.PlacementCodec;
import dev.rubble.scenario.Scenario;
import dev.rubble.scenario.ScenarioException;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScheduledCommand;
import dev.rubble.spi.shape.MassProperties;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Plays a journal back into a live {@link World} (SPEC §9 playback and blend; reference:
 * chaos-fields-events-cache §4.2). Every body the recording simulated is created kinematic and, each
 * world step, given as target the recorded pose interpolated between the two recorded steps around
 * the playback cursor (position lerp, orientation {@link Slerp}). The cursor advances {@code speed}
 * recorded steps per world step, so 0.5 is slow motion and 4 skips through.
 *
 * <p>Blend: {@link #release(long)} / {@link #releaseRegion} switch bodies back to dynamic with their
 * recorded velocity; from then on they simulate live (gravity, later contacts) while the rest keeps
 * playing back: as in Chaos, a body that is no longer kinematic leaves the cache. Release commands
 * in the journalled scenario ({@code "type": "release"}) run when the cursor reaches their step.
 *
 * <p>Frames: frame 0 is the initial state, frame k the state after recorded step k-1. Each world
 * step costs O(driven bodies) plus the records read; no allocation in steady state except decoded
 * commands. Single threaded. Bodies created by the simulation itself (not by a spawn command) are
 * not reproduced yet.
 */
public final class Playback implements AutoCloseable {
    private final JournalReader reader;
    /** {@link #placeCarried}'s scratch: a member's origin pose. */
    private final double[] carriedPose = new double[7];
    private final Stages stages;
    private final Map<String, String> overrides;
    /** Where the steps begin (a seek backwards without a keyframe reads from here again). */
    private final JournalReader.Mark start;
    /** Found by reading the journal once, on the first {@link #seek}. */
    private PlaybackIndex index;
    /** Replaced by a seek that starts from a keyframe or from the start (issue 31). */
    private World world;
    private BodyStore bodies;
    private final RecordedState frameA = new RecordedState();
    private final RecordedState frameB = new RecordedState();
    private final StepRecord record = new StepRecord();
    private final List<ScheduledCommand> releases = new ArrayList<>();
    private int nextRelease;
    private final double[] q = new double[4];
    private BodyDef[] defs = new BodyDef[16];
    private boolean[] driven = new boolean[16];
    /** Per slot: handed to a {@link CacheSet}'s host world (disabled here; recorded state changes no longer reach it). */
    private boolean[] handed = new boolean[16];
    /** Version 4: the assets of the placed collections (pieces are built from them), in placement order. */
    private final List<CollectionAsset> assets = new ArrayList<>();
    /** The placed collections' labels (scenario ids; null where none was given), parallel to {@link #assets}. */
    private final List<String> labels = new ArrayList<>();
    /** Collections embedded in the header; later ones were placed between steps (between-steps documents). */
    private int headerCollections;
    /** Version 4: the embedded collections themselves (with piece meshes when the journal kept them, issue 33). */
    private final List<dev.rubble.authoring.GeometryCollection> collections = new ArrayList<>();
    /** Per slot: the collection and asset node of a destruction piece (-1 = none; node -1 = internal cluster). */
    private int[] pieceCollection = new int[16], pieceNode = new int[16];
    /** Per slot: the asset nodes of an internal cluster piece made by a recorded break (its members), else null. */
    private int[][] pieceMembers = new int[16][];
    /** Per slot: an internal cluster piece's centre of mass in its collection's frame (3 each), as its shape is built about. */
    private double[] pieceCentre = new double[48];
    /** Per slot: the piece's cluster level (internal clusters: their holder's) and the recorded step of its BREAK event (-1 = none). */
    private int[] pieceLevel = new int[16];
    private long[] pieceBroke = new long[16];
    /** BREAK events entered into the world so far (the overlay's breaks counter, issue 22). */
    private long breaksEntered;
    /** Scheduled releases of pieces: step, collection, node (in step order); those before nextPieceRelease ran. */
    private final List<long[]> pieceReleases = new ArrayList<>();
    private int nextPieceRelease;
    /** Index of frameA; frameB is frameA + 1 unless the journal has ended. */
    private long frameIndex;
    private boolean ended;
    private double cursor;
    private double speed = 1;
    private long released;
    /**
     * The recorded event stream (docs/events.md "Replay"): the switches of the journalled event
     * commands and, after each played recorded step, that step's recorded events. Never gathered
     * by the played world (its bodies are driven proxies).
     */
    private final EventState played = new EventState();
    private final StepEvents playedView = StepEvents.of(played);
    private final List<EventListener> eventListeners = new ArrayList<>();
    /** Recorded steps entered since the last delivery (their events, reused), in order. */
    private final List<RecordedEvents> pending = new ArrayList<>();
    private int pendingCount;

    /** The constraints of the journal's start keyframe (a journal attached to a world that had stepped), or null. */
    private ConstraintStore startJoints;
    /** Makes the recorded joints in the played world (docs/journal-format.md, "Joints in playback"). */
    private final PlaybackJoints joints = new PlaybackJoints();
    private final java.util.function.LongPredicate releasedTest = this::released;

    /** Threads the played world steps on (issue 26; 0: the recorded settings'); the result is the same bits. */
    private final int threads;

    private Playback(JournalReader reader, Stages stages, Map<String, String> overrides, int threads) {
        this.reader = reader;
        this.stages = stages;
        this.overrides = new TreeMap<>(overrides);
        this.threads = threads;
        this.start = reader.mark();
        JournalHeader h = reader.header();
        if (reader.settings() != null) {
            // version 4: the recorded settings, the embedded collections and every initial body on its slot
            for (byte[] img : reader.collectionImages()) {
                try {
                    dev.rubble.authoring.GeometryCollection gc = CollectionFile.fromBytes(img);
                    collections.add(gc);
                    assets.add(gc.asset());
                    labels.add(null); // the scenario's ids are set below
                } catch (IllegalArgumentException e) {
                    throw new JournalFormatException("an embedded collection image is not valid: " + e.getMessage(), e);
                }
            }
            byte[] start = h.scenarioJson().isEmpty() ? reader.startSnapshot() : null;
            if (start != null) {
                // a journal attached to a live world: its collections' assets and its joints are in the start keyframe
                try {
                    World saved = dev.rubble.core.snapshot.WorldSnapshot.read(
                            new java.io.ByteArrayInputStream(start), "the journal's start keyframe").restore(stages);
                    for (int c = 0; assets.isEmpty() && c < saved.destruction().collectionCount(); c++) {
                        assets.add(saved.destruction().asset(c));
                        labels.add(saved.destruction().label(c));
                    }
                    if (saved.context().constraints.size() > 0) {
                        startJoints = saved.context().constraints;
                    }
                } catch (java.io.IOException | RuntimeException e) {
                    throw new JournalFormatException("the journal's start keyframe cannot be read: " + e.getMessage(), e);
                }
            }
            headerCollections = assets.size();
            if (!h.scenarioJson().isEmpty()) {
                // the embedded images are the scenario's collections in file order (ScenarioWorld places them so)
                List<dev.rubble.scenario.CollectionSpec> specs = parseScenario(h).collections();
                for (int c = 0; c < Math.min(specs.size(), labels.size()); c++) {
                    labels.set(c, specs.get(c).id());
                }
                for (ScheduledCommand c : parseScenario(h).commands()) {
                    if ("release".equals(c.type())) {
                        releases.add(c);
                    }
                }
            }
        } else {
            if (h.scenarioJson().isEmpty()) {
                throw new JournalFormatException("the journal has no scenario text, so playback cannot create its bodies");
            }
            for (ScheduledCommand c : parseScenario(h).commands()) {
                if ("release".equals(c.type())) {
                    releases.add(c);
                }
            }
        }
        buildFromHeader();
    }

    private static Scenario parseScenario(JournalHeader h) {
        try {
            return ScenarioLoader.parse(h.scenarioJson());
        } catch (ScenarioException e) {
            throw new JournalFormatException("the journalled scenario does not parse: " + e.getMessage(), e);
        }
    }

    /** The recorded settings (version 4) with the stage overrides. */
    private WorldSettings recordedSettings() {
        WorldSettings settings = reader.settings();
        for (Map.Entry<String, String> e : overrides.entrySet()) {
            settings = settings.withStage(e.getKey(), e.getValue());
        }
        return threads > 0 ? settings.withThreads(threads) : settings;
    }

    /**
     * A new world holding the recording's initial bodies (kinematic proxies), the reader at the first
     * step: the playback as opened. Scheduled releases run again as the cursor passes them.
     */
    private void buildFromHeader() {
        JournalHeader h = reader.header();
        forget();
        assets.subList(headerCollections, assets.size()).clear(); // placed between steps: placed again as the cursor passes
        labels.subList(headerCollections, labels.size()).clear();
        if (reader.settings() != null) {
            WorldSettings settings = recordedSettings();
            this.world = World.create(settings, stages);
            reader.setSlotLimit(settings.maxBodies());
            this.bodies = world.bodies();
            InitialBodies init = reader.initialBodies();
            init.restore(world, true);
            for (InitialBodies.Body x : init.bodies) {
                track(x.slot(), init.def(x));
                if (x.collection() >= 0) {
                    pieceCollection[x.slot()] = x.collection();
                    pieceNode[x.slot()] = x.node();
                    CollectionAsset a = x.collection() < assets.size() ? assets.get(x.collection()) : null;
                    pieceLevel[x.slot()] = a != null && x.node() >= 0 && x.node() < a.nodeCount() ? a.level()[x.node()] : 0;
                }
            }
            if (startJoints != null) {
                PlaybackJoints.copy(startJoints, world.context().constraints);
            }
        } else {
            Scenario sc = parseScenario(h);
            WorldSettings settings = sc.settings();
            Map<String, String> choice = new TreeMap<>(h.stages());
            choice.putAll(overrides);
            for (Map.Entry<String, String> e : choice.entrySet()) {
                settings = settings.withStage(e.getKey(), e.getValue());
            }
            if (threads > 0) {
                settings = settings.withThreads(threads);
            }
            this.world = World.create(settings, stages);
            reader.setSlotLimit(settings.maxBodies());
            this.bodies = world.bodies();
            for (BodyDef d : sc.bodies()) {
                spawn(d);
            }
        }
        frameA.copyFrom(bodies);
        frameB.copyFrom(bodies);
        advanceB();
    }

    /**
     * A new world holding the recorded world of keyframe {@code k} as kinematic proxies, on the
     * recorded slots with the recorded free list and generations (so pieces created later land on
     * their recorded slots), the playback's piece bookkeeping from the index, the event switches of
     * the keyframe's world, frame A the recorded state after the keyframe's step, the reader right
     * after the keyframe.
     */
    private void buildFromKeyframe(JournalReader.Keyframe k) {
        World w = JournalSeek.restore(k, stages);
        forget();
        // the collections placed between steps before the keyframe are in its world
        assets.subList(headerCollections, assets.size()).clear();
        labels.subList(headerCollections, labels.size()).clear();
        for (int c = headerCollections; c < w.destruction().collectionCount(); c++) {
            assets.add(w.destruction().asset(c));
            labels.add(w.destruction().label(c));
        }
        WorldSettings settings = recordedSettings();
        this.world = World.create(settings, stages);
        reader.setSlotLimit(settings.maxBodies());
        this.bodies = world.bodies();
        InitialBodies init = InitialBodies.of(w);
        init.restoreLayout(world, true, w.bodies());
        for (InitialBodies.Body x : init.bodies) {
            int s = x.slot();
            track(s, init.def(x));
            long h = bodies.handle(s);
            int[] piece = index.pieces.get(h);
            if (piece != null) {
                pieceCollection[s] = piece[0];
                pieceNode[s] = piece[1];
                pieceLevel[s] = piece[2];
            }
            Long broke = index.brokeAt.get(h);
            pieceBroke[s] = broke == null ? -1 : broke;
            if (x.state() == BodyState.DISABLED.ordinal() && bodies.motion(s) != MotionType.STATIC) {
                world.states().setState(s, BodyState.DISABLED);
                fixInBroadphase(s);
            }
        }
        breaksEntered = index.breaksThrough.getOrDefault(k.step(), 0L);
        weldsOf(w);
        PlaybackJoints.copy(w.context().constraints, world.context().constraints); // the joints as recorded there
        copySwitches(w.context().events, played);
        frameA.copyFrom(w.bodies());
        frameB.copyFrom(frameA);
        reader.reset(k.resume());
        frameIndex = k.step() - reader.header().firstStep() + 1;
        cursor = frameIndex;
        advanceB();
    }

    /** Forgets the played state (bodies, frames, cursor, releases run, events): a seek rebuilds it. */
    private void forget() {
        welds.clear();
        Arrays.fill(defs, null);
        Arrays.fill(driven, false);
        Arrays.fill(handed, false);
        Arrays.fill(pieceCollection, -1);
        Arrays.fill(pieceNode, 0);
        Arrays.fill(pieceMembers, null);
        Arrays.fill(pieceLevel, 0);
        Arrays.fill(pieceBroke, -1);
        for (RecordedState f : new RecordedState[] {frameA, frameB}) {
            Arrays.fill(f.live, false);
            Arrays.fill(f.scale, 1.0);
            f.limit = 0;
        }
        breaksEntered = 0;
        frameIndex = 0;
        ended = false;
        cursor = 0;
        released = 0;
        nextRelease = 0;
        nextPieceRelease = 0;
        missedPieceReleases.clear();
        pendingCount = 0;
        copySwitches(new EventState(), played);
        // releases scheduled after some had run were ordered among the rest only: all run again from here
        releases.sort(java.util.Comparator.comparingLong(ScheduledCommand::step));
        pieceReleases.sort(java.util.Comparator.comparingLong(p -> p[0]));
    }

    /** Makes {@code to}'s event switches (requests, body and collection switches) those of {@code from}. */
    private static void copySwitches(EventState from, EventState to) {
        for (int k = 0; k < EventKinds.COUNT; k++) {
            to.setRequest(k, from.request(k));
        }
        for (int s = 0, n = to.bodySwitchSlots(); s < n; s++) {
            if (to.bodyMaskAt(s) != 0) {
                to.setBodyKinds(s, to.bodyHandleAt(s), 0);
            }
        }
        for (int s = 0, n = from.bodySwitchSlots(); s < n; s++) {
            if (from.bodyMaskAt(s) != 0) {
                to.setBodyKinds(s, from.bodyHandleAt(s), from.bodyMaskAt(s));
            }
        }
        for (int c = 0, n = Math.max(to.collectionSwitchSlots(), from.collectionSwitchSlots()); c < n; c++) {
            if (to.collectionKinds(c) != from.collectionKinds(c)) {
                to.setCollectionKinds(c, from.collectionKinds(c));
            }
        }
    }

    /** The plugins this playback was opened with. */
    Stages stages() {
        return stages;
    }

    /** Opens the journal in {@code dir} for playback; stages must offer the journalled choices. */
    public static Playback open(Path dir, Stages stages) {
        return open(dir, stages, Map.of());
    }

    /**
     * As {@link #open(Path, Stages)}, replacing some journalled stage choices (family ->
     * implementation), e.g. a faster broadphase for playing back a large journal.
     */
    public static Playback open(Path dir, Stages stages, Map<String, String> overrides) {
        return open(dir, stages, overrides, 0);
    }

    /**
     * As {@link #open(Path, Stages, Map)}, the played world stepping on {@code threads} threads
     * (issue 26; 0: as the recorded settings say). Released bodies move the same bits on any count.
     *
     * @throws IllegalArgumentException when {@code threads} is negative or above {@link WorldSettings#MAX_THREADS}
     */
    public static Playback open(Path dir, Stages stages, Map<String, String> overrides, int threads) {
        Objects.requireNonNull(stages, "stages is null");
        Objects.requireNonNull(overrides, "overrides is null");
        if (threads < 0 || threads > WorldSettings.MAX_THREADS) {
            throw new IllegalArgumentException("threads = " + threads + "; allowed: 0 (as recorded) or 1.."
                    + WorldSettings.MAX_THREADS);
        }
        JournalReader r = JournalReader.open(dir);
        try {
            return new Playback(r, stages, overrides, threads);
        } catch (RuntimeException e) {
            r.close();
            throw e;
        }
    }

    private long spawn(BodyDef d) {
        BodyDef live = d.motion() == MotionType.DYNAMIC ? d.withAsleep(false).withMotion(MotionType.KINEMATIC) : d;
        long h = world.createBody(live);
        centreOffset(bodies.slot(h), d);
        track(bodies.slot(h), d);
        return h;
    }

    /**
     * A dynamic body made from {@code d} in the run (a spawn, a body added between steps, a scenario
     * body) had its shape's centre of mass as its centre-of-mass offset; its kinematic proxy (created
     * without mass, so without one) gets the same offset, its origin staying where {@code d} puts it,
     * so its shape sits where the run's did and its recorded centre of mass is its own.
     */
    private void centreOffset(int s, BodyDef d) {
        if (d.motion() != MotionType.DYNAMIC) {
            return;
        }
        MassProperties mp = massOf(d);
        bodies.lcx[s] = mp.comX();
        bodies.lcy[s] = mp.comY();
        bodies.lcz[s] = mp.comZ();
        bodies.setOriginPosition(s, d.x(), d.y(), d.z());
        world.states().refreshBounds(s);
    }

    /**
     * A change the recording made at once between steps (docs/journal-format.md, "Between-steps
     * document"): a body created (a driven proxy, as a spawn), removed, or a collection placed (its
     * asset kept for its pieces, its holder body re-created on its recorded slot). A state set
     * between steps arrives with the step's state changes.
     */
    private void between(BetweenSteps.Change change) {
        if (change instanceof BetweenSteps.BodyCreated x) {
            BodyDef d = x.def();
            BodyDef live = d.motion() == MotionType.DYNAMIC ? d.withAsleep(false).withMotion(MotionType.KINEMATIC) : d;
            long h = world.createBody(live, x.layer(), x.mask());
            if (h != x.handle()) {
                throw new JournalFormatException("a body created between steps before step " + record.step + " was recorded as "
                        + BodyStore.handleString(x.handle()) + " but re-created as " + BodyStore.handleString(h));
            }
            centreOffset(bodies.slot(h), d);
            track(bodies.slot(h), d);
        } else if (change instanceof BetweenSteps.BodyRemoved x && isLive(x.handle())) {
            world.removeBody(x.handle());
        } else if (change instanceof BetweenSteps.CollectionPlaced x) {
            if (x.index() != assets.size()) {
                throw new JournalFormatException("collection " + x.index() + " placed before step " + record.step
                        + ", but the playback holds " + assets.size() + " collections");
            }
            PlacementCodec.Placed placed = x.placed();
            CollectionAsset a = placed.asset();
            assets.add(a);
            labels.add(placed.placement().label());
            for (InitialBodies.Body body : x.bodies().bodies) {
                long h = x.bodies().add(world, body, true);
                int s = bodies.slot(h);
                track(s, x.bodies().def(body));
                pieceCollection[s] = x.index();
                pieceNode[s] = body.node();
                pieceLevel[s] = body.node() >= 0 && body.node() < a.nodeCount() ? a.level()[body.node()] : 0;
            }
        }
    }

    /** Slot {@code s} holds a body made from {@code d} (its recorded motion type): driven unless static. */
    private void track(int s, BodyDef d) {
        if (s >= defs.length) {
            int c = Math.max(s + 1, defs.length * 2);
            defs = Arrays.copyOf(defs, c);
            driven = Arrays.copyOf(driven, c);
            handed = Arrays.copyOf(handed, c);
            int old = pieceCollection.length;
            pieceCollection = Arrays.copyOf(pieceCollection, c);
            pieceNode = Arrays.copyOf(pieceNode, c);
            pieceMembers = Arrays.copyOf(pieceMembers, c);
            pieceCentre = Arrays.copyOf(pieceCentre, 3 * c);
            pieceLevel = Arrays.copyOf(pieceLevel, c);
            pieceBroke = Arrays.copyOf(pieceBroke, c);
            Arrays.fill(pieceCollection, old, c, -1);
        }
        defs[s] = d;
        driven[s] = d.motion() != MotionType.STATIC;
        handed[s] = false;
        pieceCollection[s] = -1;
        pieceLevel[s] = 0;
        pieceBroke[s] = -1;
        fixInBroadphase(s);
    }

    /**
     * Version 4: re-creates the pieces of a recorded step's destruction events (a released node, or
     * an internal cluster of member nodes) as kinematic bodies at their recorded pose, in recorded
     * order, retiring each holder after its last piece as the runtime did, so every piece lands on
     * its recorded slot and generation. Shapes are the collection's own hulls (as the runtime builds
     * them); mass is the recorded one.
     */
    private void recreatePieces(StepRecord r) {
        int nextUnion = 0;
        for (int i = 0; i < r.eventCount; i++) {
            nextUnion = unionBodies(r, nextUnion, i);
            if (r.eventKind[i] == BreakEvents.REMOVED) {
                // a piece whose removal timer ran out (issue 13): the runtime retired its body here
                if (isLive(r.eventBody[i])) {
                    world.removeBody(r.eventBody[i]);
                }
                continue;
            }
            if (r.eventKind[i] == BreakEvents.KILLED) {
                continue; // a piece a kill field took: it got no body, and its holder stays or goes with its other pieces
            }
            int c = r.eventCollection[i];
            if (c < 0 || c >= assets.size()) {
                throw new JournalFormatException("step " + r.step + ": event " + i + " names collection " + c
                        + ", but the journal embeds " + assets.size());
            }
            CollectionAsset a = assets.get(c);
            int[] members;
            if (r.eventNode[i] >= 0) {
                members = new int[] {r.eventNode[i]};
            } else {
                members = Arrays.copyOfRange(r.eventMembers, r.eventMemberStart[i], r.eventMemberStart[i + 1]);
            }
            double m = 0, cx = 0, cy = 0, cz = 0;
            for (int k : members) {
                if (k < 0 || k >= a.nodeCount()) {
                    throw new JournalFormatException("step " + r.step + ": event " + i + " names node " + k
                            + "; collection " + c + " has " + a.nodeCount());
                }
                double mk = a.mass()[k];
                m += mk;
                cx += mk * a.com()[3 * k];
                cy += mk * a.com()[3 * k + 1];
                cz += mk * a.com()[3 * k + 2];
            }
            if (members.length == 1) {
                int k = members[0];
                cx = a.com()[3 * k];
                cy = a.com()[3 * k + 1];
                cz = a.com()[3 * k + 2];
            } else {
                cx /= m;
                cy /= m;
                cz /= m;
            }
            int o = i * StepRecord.FIELDS;
            double[] v = r.eventMotion;
            long from = r.eventFrom[i];
            String label = isLive(from) ? bodies.label[bodies.slot(from)] : null;
            // the recorded motion type (a piece pinned by anchors is kinematic): frame B holds this record
            int rs = (int) r.eventBody[i];
            MotionType motion = rs < frameB.limit && frameB.live[rs] ? MotionType.values()[frameB.motion[rs]]
                    : MotionType.DYNAMIC;
            BodyDef d = BodyDef.of(DestructionRuntime.pieceShape(a, members, cx, cy, cz)).withLabel(label)
                    .withPosition(v[o], v[o + 1], v[o + 2]).withOrientation(v[o + 3], v[o + 4], v[o + 5], v[o + 6])
                    .withLinearVelocity(v[o + 7], v[o + 8], v[o + 9]).withAngularVelocity(v[o + 10], v[o + 11], v[o + 12])
                    .withMass(r.eventMass[i] > 0 ? r.eventMass[i] : m).withMotion(motion);
            if (isLive(from) && (int) from == (int) r.eventBody[i]) {
                // the recording retired the holder just before this piece, which took its slot: the body
                // budget was full and the holder's body left in the same break (docs/destruction.md)
                world.removeBody(from);
            }
            long h = world.createBody(d.withMotion(MotionType.KINEMATIC).withLinearVelocity(0, 0, 0)
                    .withAngularVelocity(0, 0, 0));
            if (h != r.eventBody[i]) {
                throw new JournalFormatException("step " + r.step + ": playback put the piece of event " + i + " in body "
                        + BodyStore.handleString(h) + ", but the recording had it in " + BodyStore.handleString(r.eventBody[i])
                        + " (a body created or removed outside the journalled inputs?)");
            }
            int s = bodies.slot(h);
            track(s, d);
            pieceCollection[s] = c;
            pieceNode[s] = r.eventNode[i];
            pieceMembers[s] = members.length > 1 ? members : null;
            pieceCentre[3 * s] = cx;
            pieceCentre[3 * s + 1] = cy;
            pieceCentre[3 * s + 2] = cz;
            // an internal cluster sits at its holder's level, one above its members
            pieceLevel[s] = members.length == 1 ? a.level()[members[0]] : Math.max(0, a.level()[members[0]] - 1);
            if (r.eventKind[i] == BreakEvents.BREAK) {
                pieceBroke[s] = r.step;
                breaksEntered++;
            }
            int next = i + 1;
            while (next < r.eventCount && r.eventKind[next] == BreakEvents.KILLED) {
                next++; // killed pieces name their holder but neither keep nor retire it
            }
            boolean lastOfHolder = next == r.eventCount || r.eventFrom[next] != from;
            if (lastOfHolder && isLive(from)) {
                world.removeBody(from);
            }
        }
        unionBodies(r, nextUnion, Integer.MAX_VALUE);
    }

    /** A union body's members and their origin poses in its shape frame (7 each), as recorded when it was made. */
    private record Weld(long[] members, double[] poses) {
    }

    /** Issue 29: the union bodies alive in playback, by handle (what a frame draws member by member). */
    private final Map<Long, Weld> welds = new TreeMap<>();

    /** The unions of keyframe world {@code w} (restored with its cluster unions), as {@link #welds}. */
    private void weldsOf(World w) {
        dev.rubble.core.destruction.Unions un = w.destruction().unions();
        double[] local = new double[7];
        for (int id : un.ids()) {
            long u = un.body(id);
            int n = un.memberCount(id), k = 0;
            long[] members = new long[n];
            double[] poses = new double[7 * n];
            for (int i = 0; i < n; i++) {
                long mh = un.member(id, i);
                if (u >= 0 && w.bodies().isLive((int) mh) && w.bodies().handle((int) mh) == mh
                        && un.carrier((int) mh, local) == (int) u) {
                    members[k] = mh;
                    System.arraycopy(local, 0, poses, 7 * k++, 7);
                }
            }
            if (u >= 0) {
                welds.put(u, new Weld(Arrays.copyOf(members, k), Arrays.copyOf(poses, 7 * k)));
            }
        }
    }

    /**
     * Draws every union body of a filled frame member by member, as a live world's frames are (issue 29;
     * {@code FrameBuilder.addCarried}; docs/rendering.md): the union's drawable at removal scale 0, each member
     * it carries at its recorded place in the union with the union's state, level 0, its recorded removal scale
     * (a welded piece shrinking for removal shrinks) and strain 1 when a break released it (what journals tell
     * of strain). Call after setting the bodies' own levels and scales.
     */
    public void drawUnions(dev.rubble.spi.render.FrameBuffer out) {
        if (welds.isEmpty()) {
            return;
        }
        double[] local = new double[7];
        for (int i = 0, drawn = out.count(); i < drawn; i++) {
            int us = out.piece(i);
            int n = unionMemberCount(us);
            for (int k = 0; k < n; k++) {
                long mh = unionMember(us, k, local);
                if (!isLive(mh)) {
                    continue;
                }
                int ms = (int) mh;
                int j = dev.rubble.core.render.FrameBuilder.addCarried(out, i, bodies, us, ms, local);
                out.setDestruction(j, 0, false, pieceCollection(ms) >= 0 && pieceBrokeAt(ms) >= 0 ? 1 : 0, bodies.scale[ms]);
            }
            if (n > 0) {
                out.setDestruction(i, out.level(i), out.anchored(i), out.strain(i), 0);
            }
        }
    }

    /**
     * Puts every member of a union body alive in playback where its union carries it now: pose from the member's
     * recorded place in the union (as {@link #drawUnions} draws it), velocity the union's at that point. A welded
     * member is disabled and its own pose is not recorded, so in playback it stayed where it was when it was welded,
     * and {@code rubble replay --out} wrote every member there, where {@code rubble run --out} of the same run writes
     * it where its union carries it (the live world syncs members in its DESTRUCTION slot; fuzz7). Members and their
     * places are the recorded ones; bodies that are not members are untouched.
     */
    public void placeWeldedMembers() {
        if (welds.isEmpty()) {
            return;
        }
        double[] local = new double[7];
        for (Map.Entry<Long, Weld> e : welds.entrySet()) { // a TreeMap: in handle order
            if (!isLive(e.getKey())) {
                continue;
            }
            int us = bodies.slot(e.getKey());
            Weld wd = e.getValue();
            for (int k = 0; k < wd.members.length; k++) {
                long mh = wd.members[k];
                if (!isLive(mh)) {
                    continue;
                }
                System.arraycopy(wd.poses, 7 * k, local, 0, 7);
                placeCarried(us, (int) mh, local);
            }
        }
    }

    /**
     * Gives every driven body the recorded velocity at the cursor (linear and angular, interpolated between the two
     * recorded steps around it as {@link #release} does; at a whole recorded step the recorded values themselves),
     * for writing the played state out ({@code rubble replay --out}). A driven body is a kinematic target, and after a
     * world step its velocity is the one that took it to its target, then zero; {@code replay --out} wrote that zero
     * where {@code run --out} of the same run writes the recorded velocity. Call {@link #placeWeldedMembers} after
     * it (members take their union's velocity). The next {@link #step()} aims the bodies again, so playing on is
     * unchanged.
     */
    public void placeRecordedVelocities() {
        double alpha = ended ? 0 : cursor - frameIndex;
        double[] a = frameA.values, b = frameB.values;
        for (int s = 0, n = Math.min(bodies.slotLimit(), frameA.limit); s < n; s++) {
            if (!isDriven(s) || !frameA.live[s] || frameA.generation[s] != bodies.generation[s]) {
                continue;
            }
            int o = s * StepRecord.FIELDS;
            boolean both = alpha != 0 && s < frameB.limit && frameB.live[s] && frameB.generation[s] == frameA.generation[s];
            recordedVelocity(s, a, o, both ? b : a, alpha);
        }
    }

    /**
     * Body s's velocity from the recorded frames: record {@code a} at {@code o} blended by {@code alpha} towards
     * record {@code b} (the next frame, or {@code a} again when the body has no next record).
     */
    private void recordedVelocity(int s, double[] a, int o, double[] b, double alpha) {
        bodies.vx[s] = lerp(a[o + 7], b[o + 7], alpha);
        bodies.vy[s] = lerp(a[o + 8], b[o + 8], alpha);
        bodies.vz[s] = lerp(a[o + 9], b[o + 9], alpha);
        bodies.wx[s] = lerp(a[o + 10], b[o + 10], alpha);
        bodies.wy[s] = lerp(a[o + 11], b[o + 11], alpha);
        bodies.wz[s] = lerp(a[o + 12], b[o + 12], alpha);
    }

    /** The live union body that carries {@code handle} as a member, or -1. */
    private long weldedInto(long handle) {
        for (Map.Entry<Long, Weld> e : welds.entrySet()) {
            if (isLive(e.getKey())) {
                for (long m : e.getValue().members) {
                    if (m == handle) {
                        return e.getKey();
                    }
                }
            }
        }
        return -1;
    }

    /** Member slot {@code ms} at origin pose {@code local} in carrier {@code us}'s frame, moving with it. */
    private void placeCarried(int us, int ms, double[] local) {
        BodyStore b = bodies;
        double[] p = carriedPose;
        b.carriedPose(us, local, p, 0);
        b.qx[ms] = p[3];
        b.qy[ms] = p[4];
        b.qz[ms] = p[5];
        b.qw[ms] = p[6];
        b.setOriginPosition(ms, p[0], p[1], p[2]);
        b.carryWith(ms, us);
    }

    /**
     * How many members the union body in {@code slot} carries (0 for any other body): journal frames draw a
     * union member by member, as a live world's are (issue 29; {@code FrameBuilder.addCarried}).
     */
    public int unionMemberCount(int slot) {
        Weld wd = welds.isEmpty() || !isLive(bodies.handle(slot)) ? null : welds.get(bodies.handle(slot));
        return wd == null ? 0 : wd.members.length;
    }

    /** Member {@code k}'s body handle of the union body in {@code slot}; its origin pose in the union's frame into {@code out} (7). */
    public long unionMember(int slot, int k, double[] out) {
        Weld wd = welds.get(bodies.handle(slot));
        System.arraycopy(wd.poses, 7 * k, out, 0, 7);
        return wd.members[k];
    }

    /**
     * Issue 29: the union bodies the recorded step created and retired before its destruction event
     * {@code event} (all that are left for MAX_VALUE), from operation {@code next} on, in recorded
     * order; returns the next operation. A created union body is a compound of its members' shapes
     * (as this world has them: the pieces and bodies they were recorded as) at their recorded
     * places, created kinematic at its recorded pose and driven like every other body.
     */
    private int unionBodies(StepRecord r, int next, int event) {
        dev.rubble.core.destruction.UnionLog log = r.unionBodies;
        for (; next < log.count() && log.at[next] <= event; next++) {
            long h = log.body[next];
            if (log.kind[next] == dev.rubble.core.destruction.UnionLog.RETIRE) {
                welds.remove(h);
                if (isLive(h)) {
                    world.removeBody(h);
                }
                continue;
            }
            int m = log.memberCount[next], first = log.memberStart[next];
            welds.put(h, new Weld(Arrays.copyOfRange(log.member, first, first + m),
                    Arrays.copyOfRange(log.memberPose, 7 * first, 7 * (first + m))));
            dev.rubble.spi.shape.Shape[] shapes = new dev.rubble.spi.shape.Shape[m];
            for (int k = 0; k < m; k++) {
                long mh = log.member[first + k];
                if (!isLive(mh)) {
                    throw new JournalFormatException("step " + r.step + ": union " + log.union[next] + "'s member "
                            + BodyStore.handleString(mh) + " is not a body in playback (a body created or removed outside"
                            + " the journalled inputs?)");
                }
                shapes[k] = bodies.shape[bodies.slot(mh)];
            }
            double[] v = log.def;
            int o = next * dev.rubble.core.destruction.UnionLog.BODY;
            BodyDef d = BodyDef.of(dev.rubble.core.destruction.Unions.compound(shapes, log.memberPose, first, m))
                    .withLabel("union " + log.union[next])
                    .withPosition(v[o], v[o + 1], v[o + 2]).withOrientation(v[o + 3], v[o + 4], v[o + 5], v[o + 6])
                    .withLinearVelocity(v[o + 7], v[o + 8], v[o + 9]).withAngularVelocity(v[o + 10], v[o + 11], v[o + 12])
                    .withMass(v[o + 13]).withMaterial(v[o + 21], v[o + 22]).withGravityScale(v[o + 23])
                    .withDamping(v[o + 24], v[o + 25]);
            long made = world.createBody(d.withMotion(MotionType.KINEMATIC).withLinearVelocity(0, 0, 0)
                    .withAngularVelocity(0, 0, 0));
            if (made != h) {
                throw new JournalFormatException("step " + r.step + ": playback put union " + log.union[next] + "'s body in "
                        + BodyStore.handleString(made) + ", but the recording had it in " + BodyStore.handleString(h)
                        + " (a body created or removed outside the journalled inputs?)");
            }
            track(bodies.slot(made), d);
        }
        return next;
    }

    /**
     * Driven bodies are fixed proxies: two of them never make a pair (their contacts were resolved
     * when recording), so the broadphase only pairs released bodies with the rest.
     */
    private void fixInBroadphase(int s) {
        if (driven[s] && world.broadphase().contains(s)) {
            world.broadphase().setFixed(s, true);
        }
    }

    /** Reads the next record into frameB; false at the end. Its structural changes wait for {@link #enterFrameB()}. */
    private boolean advanceB() {
        if (ended || !reader.next(record)) {
            ended = true;
            return false;
        }
        frameB.apply(record);
        return true;
    }

    /**
     * Frame B becomes frame A: the spawns, removals and enable/disable changes of its record reach the
     * world now (in recorded order, so slots and generations match the recording), then the next
     * record is read.
     */
    private void enterFrameB() {
        for (int i = 0; i < record.between.size(); i++) {
            between(record.between.get(i)); // made before the step's commands, in order: slots as recorded
        }
        joints.beginRecord();
        for (int i = 0; i < record.commands.size(); i++) {
            Command c = record.commands.get(i);
            if (c instanceof Command.Spawn sp) {
                joints.spawned(spawn(sp.def())); // a later command of the step may name it as spawn reference -1 - k
            } else if (c instanceof Command.Remove r && isLive(r.body())) {
                world.removeBody(r.body());
            } else if (c instanceof Command.SetEventRequest r) {
                played.setRequest(r.kind(), r.request());
            } else if (c instanceof Command.SetBodyEvents e) {
                int s = bodies.slot(e.body());
                played.setBodyKinds(s, e.body(), e.kinds());
            } else if (c instanceof Command.SetCollectionEvents e) {
                played.setCollectionKinds(e.collection(), e.kinds());
            } else if (c instanceof Command.AddConstraint a) {
                joints.add(world, a, frameA, record.step);
            } else if (c instanceof Command.RemoveConstraint r) {
                ConstraintOps.remove(world.context(), r.id());
            }
        }
        if (record.constraintChanges.any(record.step)) {
            PlaybackJoints.apply(world, record.constraintChanges, releasedTest);
        }
        queueEvents(record);
        if (record.hasDestruction || record.unionBodies.count() > 0) {
            recreatePieces(record);
        }
        for (int i = 0; i < record.changeCount; i++) {
            int s = record.changeSlot[i];
            long h = ((long) record.changeGen[i] << 32) | (s & 0xffffffffL);
            byte to = record.changeTo[i];
            if (to == JournalFormat.ABSENT) {
                if (isLive(h)) {
                    world.removeBody(h);
                }
            } else if (isLive(h) && bodies.motion(s) != MotionType.STATIC && !(s < handed.length && handed[s])) {
                // kinematic bodies cannot sleep: a recorded sleeper just stops moving
                world.states().setState(s, to == BodyState.DISABLED.ordinal() ? BodyState.DISABLED : BodyState.AWAKE);
                if (s < driven.length) {
                    fixInBroadphase(s);
                }
            }
        }
        recordedMotionChanges(record);
        frameA.copyFrom(frameB);
        frameIndex++;
        advanceB();
    }

    /** Whether body {@code h} is live here and was released to live simulation (the world: false). */
    private boolean released(long h) {
        int s = (int) h;
        return h != ConstraintStore.WORLD && h >= 0 && s < bodies.slotLimit() && isLive(h) && s < defs.length
                && defs[s] != null && !driven[s] && defs[s].motion() != MotionType.STATIC;
    }

    /**
     * A recorded body whose motion type changed in place (an anchor command pinned or freed an intact holder:
     * the runtime switches its body between kinematic and dynamic keeping its handle, docs/destruction.md
     * "Anchors at run time") is recorded with its new motion type from then on: releasing it and drawing it
     * as pinned ({@link #recordedKinematic}) follow the recording. Allocates only on such a change.
     */
    private void recordedMotionChanges(StepRecord r) {
        for (int i = 0; i < r.movedCount; i++) {
            int s = r.movedSlot[i];
            if (s >= defs.length || defs[s] == null || !isLive(((long) r.movedGen[i] << 32) | (s & 0xffffffffL))) {
                continue;
            }
            MotionType m = MotionType.values()[r.movedMotion[i]];
            if (m != defs[s].motion() && m != MotionType.STATIC && defs[s].motion() != MotionType.STATIC) {
                BodyDef d = defs[s].withMotion(m);
                int c = pieceCollection(s), node = pieceNode[s];
                if (m == MotionType.DYNAMIC && !(d.mass() > 0) && c >= 0 && node >= 0 && node < assets.get(c).nodeCount()) {
                    // a holder placed pinned has no recorded mass: freed, it has its node's (a release uses it)
                    d = d.withMass(assets.get(c).mass()[node]);
                }
                defs[s] = d;
            }
        }
    }

    /** Keeps a copy of {@code r}'s recorded events (none when it has no events document) for delivery after the world step. */
    private void queueEvents(StepRecord r) {
        if (pendingCount == pending.size()) {
            pending.add(new RecordedEvents());
        }
        RecordedEvents e = pending.get(pendingCount++);
        e.clear();
        e.step = r.step;
        if (r.stepEvents.step == r.step) {
            for (int k = 0; k < EventKinds.COUNT; k++) {
                EventBuffer from = r.stepEvents.buffer(k), to = e.buffer(k);
                for (int i = 0, n = from.count(); i < n; i++) {
                    to.copyFrom(from, i);
                }
            }
        }
    }

    /**
     * Hands the events of the recorded steps played since the last call to the listeners, one call
     * per recorded step in recorded order (so a speed above 1 still delivers every step's events),
     * and leaves the last of them in {@link #events()}.
     */
    private void deliverEvents(boolean notify) {
        for (int j = notify ? 0 : Math.max(0, pendingCount - 1); j < pendingCount; j++) {
            RecordedEvents e = pending.get(j);
            played.begin(e.step);
            for (int k = 0; k < EventKinds.COUNT; k++) {
                EventBuffer from = e.buffer(k), to = played.buffer(k);
                for (int i = 0, n = from.count(); i < n; i++) {
                    to.copyFrom(from, i);
                }
            }
            for (int i = 0; notify && i < eventListeners.size(); i++) {
                eventListeners.get(i).onEvents(playedView);
            }
        }
        pendingCount = 0;
    }

    /**
     * The recorded events of the last recorded step played (docs/events.md): the same view a live
     * world hands out, over the journal's events documents, valid until the next {@link #step()}.
     * A step the journal has no events document for is empty.
     */
    public StepEvents events() {
        return playedView;
    }

    /**
     * The event switches and filters as the journalled event commands set them up to the cursor
     * (the recorded events are in its buffers): what the console's events section shows.
     */
    public EventState eventState() {
        return played;
    }

    /**
     * Registers a listener called after each {@link #step()} once per recorded step the cursor
     * passed, with that step's recorded events, in registration order: the live run's stream.
     */
    public void addEventListener(EventListener listener) {
        eventListeners.add(Objects.requireNonNull(listener, "listener is null"));
    }

    public void removeEventListener(EventListener listener) {
        eventListeners.remove(listener);
    }

    private boolean isLive(long h) {
        int s = (int) h;
        return bodies.isLive(s) && bodies.generation[s] == (int) (h >>> 32);
    }

    /** The world being played into: step it with {@link #step()}, read it freely. */
    public World world() {
        return world;
    }

    public JournalHeader header() {
        return reader.header();
    }

    /** Recorded steps per world step, > 0. */
    public double speed() {
        return speed;
    }

    /** Sets the recorded steps played per world step: (0, 1000]. */
    public void setSpeed(double s) {
        if (!(s > 0 && s <= 1000)) {
            throw new IllegalArgumentException("speed = " + s + "; allowed: (0, 1000] recorded steps per step");
        }
        speed = s;
    }

    /** The playback position in recorded steps (frame index, fractional). */
    public double cursor() {
        return cursor;
    }

    /** Whether the cursor has reached the last recorded step. */
    public boolean finished() {
        return ended && cursor >= frameIndex;
    }

    /** Bodies released to live simulation so far. */
    public long releasedCount() {
        return released;
    }

    /** Whether the body in {@code slot} follows the recording. */
    public boolean isDriven(int slot) {
        return slot < driven.length && driven[slot] && bodies.isLive(slot);
    }

    /** The journal's index, read once on first use (a seek or {@link #lastRecordedStep}). */
    private PlaybackIndex index() {
        if (index == null) {
            index = PlaybackIndex.scan(reader, start, new ArrayList<>(assets.subList(0, headerCollections)),
                    reader.settings() != null ? reader.initialBodies() : null);
        }
        return index;
    }

    /**
     * The journal's last recorded step (its first step - 1 when it records none), from the index a seek
     * also uses, so the journal is read once for both.
     * @return the last recorded step
     */
    public long lastRecordedStep() {
        return index().lastStep;
    }

    /**
     * Jumps to the state after recorded step {@code step}, forwards or backwards (issue 31, Deliver
     * 1), and places every driven body there (pose and removal scale). A seek backwards, or forwards
     * past a keyframe, starts from the nearest keyframe at or before the step (a new {@link #world()}
     * holding the keyframe's recorded world as kinematic proxies on the recorded slots) or, without
     * one, from the start; then the records up to the step are read (decoded, not simulated).
     * Bodies are where the recording had them bit for bit ({@code PlaybackSeekTest}). A seek that
     * rebuilds the world drives again the bodies released before it, and scheduled releases whose
     * step is at most the target run at the target; the skipped steps' events are not heard. The
     * first seek reads the journal once to find its keyframes ({@link PlaybackIndex}).
     *
     * @param step a recorded step; first step - 1 is the initial pose
     * @throws IllegalArgumentException when the journal has no such step
     */
    public void seek(long step) {
        index();
        long first = reader.header().firstStep();
        if (step > index.lastStep) {
            throw new IllegalArgumentException("--from " + step + " is past the journal's last step " + index.lastStep);
        }
        if (step < first - 1) {
            throw new IllegalArgumentException("--from " + step + " is before the journal's first step " + first
                    + "; allowed: " + (first - 1) + " (the initial pose) to " + index.lastStep);
        }
        long target = step - first + 1;
        Map.Entry<Long, JournalReader.Keyframe> k = index.keyframes.floorEntry(step);
        long keyFrame = k == null ? 0 : k.getKey() - first + 1;
        if (target < frameIndex || keyFrame > frameIndex) {
            if (k == null) {
                reader.reset(start);
                buildFromHeader();
            } else {
                buildFromKeyframe(k.getValue());
            }
            rebuilds++;
        }
        moveCursorTo(target);
        runReleasesUpTo(cursor); // due by the target: handed over at its state, as step() would at its start
        deliverEvents(false); // the skipped steps' events are not heard; events() shows the last one
        for (int s = 0, n = bodies.slotLimit(); s < n; s++) {
            if (isDriven(s) && s < frameA.limit && frameA.live[s]) {
                int o = s * StepRecord.FIELDS;
                double[] v = frameA.values;
                bodies.px[s] = v[o]; bodies.py[s] = v[o + 1]; bodies.pz[s] = v[o + 2];
                bodies.qx[s] = v[o + 3]; bodies.qy[s] = v[o + 4]; bodies.qz[s] = v[o + 5]; bodies.qw[s] = v[o + 6];
                bodies.scale[s] = frameA.scale[s];
                world.states().refreshBounds(s);
            }
        }
    }

    private long rebuilds;

    /** Worlds a seek built anew (from a keyframe or the start) so far: what keyframes are measured by. */
    public long seekRebuilds() {
        return rebuilds;
    }

    /** The recorded steps followed by a keyframe (read on the first {@link #seek}; empty before). */
    public long[] keyframeSteps() {
        return index == null ? new long[0] : index.keyframes.keySet().stream().mapToLong(Long::longValue).toArray();
    }

    private void moveCursorTo(double c) {
        while (frameIndex + 1 <= c && !ended) {
            enterFrameB();
        }
        cursor = ended ? Math.min(c, frameIndex) : c;
    }

    /**
     * Advances the cursor by {@link #speed()} recorded steps and steps the world once: driven bodies
     * reach the interpolated recorded pose at the end of the step, released ones simulate.
     */
    public void step() {
        if (held && triggered()) {
            held = false;
            startedAt = worldSteps;
            closeHeldEvents();
        }
        if (!held) {
            // releases (bodies, regions, pieces) due at the cursor, before it moves on: handed over at the
            // recorded state the world is in, they take this world step live with the rest. Run after the cursor
            // had moved, they started from the pose the step was to bring them to and ended it a step ahead of
            // everything else, and a replay sought with --from went another way (fuzz9)
            runReleasesUpTo(cursor);
            moveCursorTo(cursor + speed);
        } else if (replayHeldEvents) {
            queueHeldEvents();
        }
        worldSteps++;
        double alpha = ended ? 0 : cursor - frameIndex;
        final double dt = world.settings().dt();
        final double[] a = frameA.values, b = frameB.values;
        for (int s = 0, n = bodies.slotLimit(); s < n; s++) {
            if (!isDriven(s) || s >= frameA.limit || !frameA.live[s]
                    || bodies.state[s] == BodyState.DISABLED.ordinal()) {
                continue;
            }
            int o = s * StepRecord.FIELDS;
            boolean both = alpha != 0 && s < frameB.limit && frameB.live[s] && frameB.generation[s] == frameA.generation[s];
            double x = a[o], y = a[o + 1], z = a[o + 2];
            if (both) {
                x += (b[o] - x) * alpha;
                y += (b[o + 1] - y) * alpha;
                z += (b[o + 2] - z) * alpha;
                Slerp.slerp(a[o + 3], a[o + 4], a[o + 5], a[o + 6], b[o + 3], b[o + 4], b[o + 5], b[o + 6], alpha, q, 0);
            } else {
                q[0] = a[o + 3]; q[1] = a[o + 4]; q[2] = a[o + 5]; q[3] = a[o + 6];
            }
            // the recording holds centres of mass; a driven body keeps its recorded centre-of-mass offset
            // (its shape sits about its centre of mass as in the run), so it is driven by its centre
            Kinematics.setCentreTarget(bodies, s, x, y, z, q[0], q[1], q[2], q[3], dt);
        }
        world.step();
        // the removal shrink (issue 31): driven bodies drawn at their recorded scale at the cursor
        double[] sa = frameA.scale, sb = frameB.scale;
        for (int s = 0, n = Math.min(bodies.slotLimit(), frameA.limit); s < n; s++) {
            if (isDriven(s) && frameA.live[s]) {
                boolean both = alpha != 0 && s < frameB.limit && frameB.live[s] && frameB.generation[s] == frameA.generation[s];
                bodies.scale[s] = both ? sa[s] + (sb[s] - sa[s]) * alpha : sa[s];
            }
        }
        deliverEvents(true);
        if (releaseByField) {
            releaseInFields();
        }
        if (finished()) {
            runReleasesUpTo(cursor); // due at the last recorded state: no step() comes to run them
        }
    }

    /**
     * Static pose with events (issue 31, Deliver 2; Chaos's {@code bReplayEventsInStaticPoseMode}):
     * while the cache holds its first pose, each world step still hands the listeners the recorded
     * events of the next recorded step(s) at {@link #speed()}, as if the recording played, while
     * every body stands still. The trigger restarts the recording at step 0, poses and events
     * together, so a step's events heard while held are heard again when it plays. Off by default;
     * may be switched at any time (on while held: from recorded step 0 at the next world step).
     */
    public void replayEventsWhileHeld(boolean on) {
        replayHeldEvents = on;
        if (!on) {
            closeHeldEvents();
        }
    }

    /** Whether the events are replayed while the cache holds its first pose. */
    public boolean replaysEventsWhileHeld() {
        return replayHeldEvents;
    }

    /**
     * One world step of the held event stream, without stepping the world, delivered to the
     * listeners now: a {@link CacheSet} holds a cache by not stepping it, and calls this instead.
     */
    void stepHeldEvents() {
        if (replayHeldEvents) {
            queueHeldEvents();
            deliverEvents(true);
        }
    }

    private boolean replayHeldEvents;
    /** The held event stream's own reader (the main one stays at the first pose), its cursor and steps read. */
    private JournalReader heldReader;
    private final StepRecord heldRecord = new StepRecord();
    private double heldCursor;
    private long heldRead;
    private boolean heldEnded;

    /** Queues the recorded events of the steps the held event cursor passes in one world step. */
    private void queueHeldEvents() {
        heldCursor += speed;
        while (!heldEnded && heldRead + 1 <= heldCursor) {
            if (heldReader == null) {
                heldReader = JournalReader.open(reader.directory());
                heldReader.setSlotLimit(world.settings().maxBodies());
            }
            if (!heldReader.next(heldRecord)) {
                heldEnded = true;
                break;
            }
            queueEvents(heldRecord);
            heldRead++;
        }
    }

    void closeHeldEvents() {
        if (heldReader != null) {
            heldReader.close();
            heldReader = null;
        }
        heldCursor = 0;
        heldRead = 0;
        heldEnded = false;
    }

    // blend by field (issue 31, Deliver 3; Chaos hands a particle to simulation when a field makes it dynamic)
    private boolean releaseByField;

    /**
     * Blend by field: after each world step, every driven dynamic body whose centre of mass lies
     * inside the bounds of a field applied to {@link #world()} in that step (a transient field
     * command, or a persistent field running) is released to live simulation with its recorded
     * velocity, as {@link #release(long)}; an unbounded field releases every driven body. The
     * field itself acts on the bodies as on any kinematic body (it cannot move a driven proxy); the
     * released bodies simulate live from the next step.
     */
    public void releaseOnFields(boolean on) {
        releaseByField = on;
    }

    /** Releases the driven bodies inside the bounds of the fields applied in the last world step; returns how many. */
    private int releaseInFields() {
        dev.rubble.core.field.FieldSystem fs = world.context().fields;
        int n = 0;
        for (Command c : world.appliedCommands()) {
            if (c instanceof Command.ApplyField f) {
                n += releaseInBounds(fs.validate(f, "field").bounds());
            }
        }
        for (dev.rubble.core.field.FieldSystem.Active a : fs.persistent()) {
            n += releaseInBounds(a.bounds());
        }
        return n;
    }

    private int releaseInBounds(double[] b) {
        if (b == null) {
            double inf = Double.POSITIVE_INFINITY;
            return releaseRegion(-inf, -inf, -inf, inf, inf, inf);
        }
        return releaseRegion(b[0], b[1], b[2], b[3], b[4], b[5]);
    }

    // triggered start (issue 31, Deliver 2; Chaos's cache "trigger" start mode): the first recorded pose is held until then
    private boolean held;
    private long triggerStep = -1, worldSteps, startedAt;
    private String triggerLabel;
    private boolean triggerCommand;

    /**
     * Static pose until a step: the cache holds its first recorded pose (driven bodies stand still
     * at the recorded initial state) for {@code worldSteps} world steps, then plays on: the world step
     * numbered {@code worldSteps} (0-based, counted by {@link #step()}) plays recorded step 0.
     */
    public void holdUntilStep(long worldSteps) {
        if (worldSteps < 0) {
            throw new IllegalArgumentException("trigger step " + worldSteps + "; allowed: >= 0 world steps");
        }
        hold();
        triggerStep = worldSteps;
    }

    /**
     * Static pose until contact: the cache holds its first recorded pose until a body labelled
     * {@code label} touches any other body (a contact point at zero or negative separation after a
     * world step), e.g. a live projectile reaching a cached wall; the next world step plays recorded
     * step 0.
     */
    public void holdUntilContact(String label) {
        Objects.requireNonNull(label, "label is null");
        hold();
        triggerLabel = label;
    }

    /** Static pose until {@link #trigger()} (a game's command): the world step after the call plays recorded step 0. */
    public void holdUntilTriggered() {
        hold();
        triggerCommand = true;
    }

    /** The trigger command: a cache held by {@link #holdUntilTriggered()} plays on from the next step. */
    public void trigger() {
        if (held) {
            held = false;
            startedAt = worldSteps;
            closeHeldEvents();
        }
    }

    /** Whether the cache is holding its first recorded pose, waiting for its trigger. */
    public boolean held() {
        return held;
    }

    /** The world step (0-based, counted by {@link #step()}) that played recorded step 0 after a trigger; -1 while held. */
    public long startedAt() {
        return held ? -1 : startedAt;
    }

    private void hold() {
        if (cursor != 0 || worldSteps != 0) {
            throw new IllegalStateException("a trigger is set before the first step (the cache has played " + worldSteps + " steps)");
        }
        held = true;
        triggerStep = -1;
        triggerLabel = null;
        triggerCommand = false;
    }

    private boolean triggered() {
        if (triggerStep >= 0) {
            return worldSteps >= triggerStep;
        }
        if (triggerLabel != null) {
            long h = world.findByLabel(triggerLabel);
            if (h < 0) {
                return false;
            }
            int s = bodies.slot(h);
            dev.rubble.core.collision.ContactStore c = world.contacts();
            for (int m = 0, n = c.size(); m < n; m++) {
                if (c.bodyA[m] != s && c.bodyB[m] != s) {
                    continue;
                }
                for (int p = 0; p < c.pointCount[m]; p++) {
                    if (c.separation[m * dev.rubble.core.collision.ContactStore.MAX_POINTS + p] <= 0) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /**
     * Releases one body to live simulation: it becomes dynamic with its recorded mass and the
     * recorded velocity at the cursor, and is no longer driven. Returns false if it was not driven.
     * A body welded into a cluster union releases the union's body, which moves for it (issue 29: forces and
     * joints on a member act on its union): before, the member was made dynamic, which its disabled body never
     * is, and counted as released while it stayed frozen where it had been welded (fuzz7).
     */
    public boolean release(long handle) {
        long carrier = weldedInto(handle);
        if (carrier >= 0) {
            return release(carrier);
        }
        int s = bodies.slot(handle);
        if (!isDriven(s) || defs[s].motion() != MotionType.DYNAMIC) {
            return false;
        }
        MassProperties mp = massOf(defs[s]);
        bodies.motion[s] = (byte) MotionType.DYNAMIC.ordinal();
        bodies.setMassProperties(s, mp);
        bodies.lcx[s] = mp.comX();
        bodies.lcy[s] = mp.comY();
        bodies.lcz[s] = mp.comZ();
        bodies.hasTarget[s] = false;
        double alpha = ended ? 0 : cursor - frameIndex;
        int o = s * StepRecord.FIELDS;
        boolean both = s < frameB.limit && frameB.live[s];
        double[] a = frameA.values, b = frameB.values;
        recordedVelocity(s, a, o, both ? b : a, alpha);
        // and at the recorded pose at the cursor, where the world is (a scheduled release runs before step()
        // moves the cursor on): live simulation starts from the recording's state and steps with the rest
        if (s < frameA.limit && frameA.live[s]) {
            bodies.px[s] = lerp(a[o], both ? b[o] : a[o], alpha);
            bodies.py[s] = lerp(a[o + 1], both ? b[o + 1] : a[o + 1], alpha);
            bodies.pz[s] = lerp(a[o + 2], both ? b[o + 2] : a[o + 2], alpha);
            if (both && alpha != 0) {
                Slerp.slerp(a[o + 3], a[o + 4], a[o + 5], a[o + 6], b[o + 3], b[o + 4], b[o + 5], b[o + 6], alpha, q, 0);
            } else {
                q[0] = a[o + 3]; q[1] = a[o + 4]; q[2] = a[o + 5]; q[3] = a[o + 6];
            }
            bodies.qx[s] = q[0]; bodies.qy[s] = q[1]; bodies.qz[s] = q[2]; bodies.qw[s] = q[3];
            bodies.updateBounds(s);
        }
        driven[s] = false;
        if (world.broadphase().contains(s)) {
            world.broadphase().setFixed(s, false);
        }
        released++;
        return true;
    }

    /** The recorded body's mass properties (its density, or its recorded mass when one was given). */
    static MassProperties massOf(BodyDef d) {
        MassProperties mp = d.shape().massProperties(d.density() > 0 ? d.density() : 1);
        return d.mass() > 0 ? mp.withMass(d.mass()) : mp;
    }

    /**
     * A {@link CacheSet} hands a body to its host world: released here as {@link #release(long)}
     * (recorded pose and velocity at the cursor into {@code motion}: x y z, qx qy qz qw, vx vy vz,
     * wx wy wz), then disabled in this world, which no longer simulates it. Returns its recorded
     * definition, or null when it was not driven or not dynamic.
     */
    BodyDef handOff(long handle, double[] motion) {
        int s = bodies.slot(handle);
        if (!release(handle)) {
            return null;
        }
        double[][] from = {bodies.px, bodies.py, bodies.pz, bodies.qx, bodies.qy, bodies.qz, bodies.qw,
            bodies.vx, bodies.vy, bodies.vz, bodies.wx, bodies.wy, bodies.wz};
        for (int k = 0; k < from.length; k++) {
            motion[k] = from[k][s];
        }
        world.states().setState(s, BodyState.DISABLED);
        handed[s] = true;
        return defs[s];
    }

    private static double lerp(double a, double b, double t) {
        return t == 0 ? a : a + (b - a) * t;
    }

    /**
     * Releases every driven dynamic body whose centre of mass lies in the box [min, max] (metres).
     * Returns how many were released.
     */
    public int releaseRegion(double minX, double minY, double minZ, double maxX, double maxY, double maxZ) {
        if (!(minX <= maxX && minY <= maxY && minZ <= maxZ)) {
            throw new IllegalArgumentException("region min [" + minX + ", " + minY + ", " + minZ + "] is not below max ["
                    + maxX + ", " + maxY + ", " + maxZ + "]; allowed: min <= max on every axis");
        }
        int n = 0;
        for (int s = 0, lim = bodies.slotLimit(); s < lim; s++) {
            if (isDriven(s) && bodies.px[s] >= minX && bodies.px[s] <= maxX && bodies.py[s] >= minY
                    && bodies.py[s] <= maxY && bodies.pz[s] >= minZ && bodies.pz[s] <= maxZ
                    && release(bodies.handle(s))) {
                n++;
            }
        }
        return n;
    }

    /**
     * Schedules the release of the body labelled {@code label} when the cursor reaches recorded step
     * {@code step} (the command-line form of the scenario's release command).
     */
    public void scheduleRelease(long step, String label) {
        Objects.requireNonNull(label, "label is null");
        schedule(new ScheduledCommand(checkStep(step), "release", label, null, null, null, null, null));
    }

    /** Schedules {@link #releaseRegion} of the box [min, max] when the cursor reaches recorded step {@code step}. */
    public void scheduleRegionRelease(long step, double[] min, double[] max) {
        if (min.length != 3 || max.length != 3) {
            throw new IllegalArgumentException("region corners need 3 coordinates each; got " + min.length + " and " + max.length);
        }
        for (int i = 0; i < 3; i++) {
            if (!(min[i] <= max[i])) {
                throw new IllegalArgumentException("region max[" + i + "] = " + max[i] + " is below min " + min[i]
                        + "; allowed: max >= min");
            }
        }
        schedule(new ScheduledCommand(checkStep(step), "release", null, min.clone(), max.clone(), null, null, null));
    }

    /**
     * Schedules the release to live simulation of the piece holding asset node {@code node} of
     * collection {@code collection} (placement order: {@link #journalCollections()}; a released node, or the
     * intact collection for its root) when the cursor reaches recorded step {@code step}; nothing happens if no
     * body holds it then. A collection placed between steps can be named from the step after the one it was
     * placed before, when its pieces enter the playback.
     * @throws IllegalArgumentException naming what is allowed, for a collection the journal never places, a node
     *         outside it, or a step before the collection is placed
     */
    public void schedulePieceRelease(long step, int collection, int node) {
        checkStep(step);
        // every collection of the journal, those placed between steps too (from the index): a journal attached to a
        // live world that placed two collections between steps could only name collection 0
        List<JournalCollection> all = journalCollections();
        if (collection < 0 || collection >= all.size() || node < 0) {
            throw new IllegalArgumentException("piece " + collection + ":" + node + "; allowed: "
                    + (all.isEmpty() ? "none (the journal holds no collection)" : "collection in [0, " + all.size() + "), node >= 0"));
        }
        JournalCollection jc = all.get(collection);
        if (node >= jc.nodeCount()) {
            // 0:999999 on a wall of 20 nodes was accepted, and the replay ended with nothing released
            throw new IllegalArgumentException("piece " + collection + ":" + node + ": collection " + collection + " has "
                    + jc.nodeCount() + " nodes; allowed: node in [0, " + jc.nodeCount() + ")");
        }
        if (step < jc.firstReleaseStep()) {
            throw new IllegalArgumentException("piece " + collection + ":" + node + " at step " + step + ": collection "
                    + collection + " is placed before recorded step " + (jc.firstReleaseStep() - 1)
                    + "; allowed: a step from " + jc.firstReleaseStep());
        }
        int i = pieceReleases.size();
        while (i > nextPieceRelease && pieceReleases.get(i - 1)[0] > step) {
            i--;
        }
        pieceReleases.add(i, new long[] {step, collection, node});
    }

    /**
     * Releases the piece holding asset node {@code node} of collection {@code collection} and returns how many bodies
     * it released: the driven piece that is the node; else the driven piece that holds it (an ancestor of the node,
     * or an internal cluster among whose members the node or an ancestor of it is: the node is still inside a larger
     * piece); else, when the node has broken into smaller pieces, every driven piece under it. 0 when none of these
     * is driven (released already, or not placed yet). Before 2026-12-06 only a piece that was exactly the node was
     * released, so {@code --release-piece} of a leaf inside an intact cluster released nothing, with exit 0.
     */
    public int releasePiece(int collection, int node) {
        int n = Math.min(bodies.slotLimit(), pieceCollection.length);
        pinned = false;
        for (int s = 0; s < n; s++) {
            if (pieceCollection[s] == collection && pieceNode[s] == node && isDriven(s)) {
                if (release(bodies.handle(s))) {
                    return 1;
                }
                pinned = true;
                return 0;
            }
        }
        int[] parent = collection < assets.size() ? assets.get(collection).parent() : null;
        if (parent == null || node < 0 || node >= parent.length) {
            return 0;
        }
        for (int s = 0; s < n; s++) { // the piece holding it: the lowest slot whose piece is an ancestor
            if (pieceCollection[s] != collection || !isDriven(s)) {
                continue;
            }
            boolean holds = false;
            if (pieceNode[s] >= 0) {
                holds = isAncestor(parent, pieceNode[s], node);
            } else if (pieceMembers[s] != null) {
                for (int m : pieceMembers[s]) {
                    holds |= m >= 0 && m < parent.length && isAncestor(parent, m, node);
                }
            }
            if (holds) {
                if (release(bodies.handle(s))) {
                    return 1;
                }
                pinned = true; // the recording simulated it as kinematic (anchored): it cannot be let go
                return 0;
            }
        }
        int released = 0;
        for (int s = 0; s < n; s++) { // broken into smaller pieces: every one under it, internal clusters too
            if (pieceCollection[s] != collection || !isDriven(s)) {
                continue;
            }
            boolean under = pieceNode[s] >= 0 && isAncestor(parent, node, pieceNode[s]);
            if (pieceNode[s] < 0 && pieceMembers[s] != null) {
                for (int m : pieceMembers[s]) {
                    under |= m >= 0 && m < parent.length && isAncestor(parent, node, m);
                }
            }
            if (under) {
                if (release(bodies.handle(s))) {
                    released++;
                } else {
                    pinned = true;
                }
            }
        }
        return released;
    }

    /** Whether {@code a} is {@code x} or one of its ancestors (parents have smaller ids). */
    private static boolean isAncestor(int[] parent, int a, int x) {
        while (x > a) {
            x = parent[x];
        }
        return x == a;
    }

    /** Whether the last {@link #releasePiece} found the node's piece but the recording simulated it as kinematic. */
    private boolean pinned;

    /**
     * The scheduled piece releases (recorded step, collection, node, why) that released nothing when the cursor
     * reached them; why is 0 when no driven piece was, held or had broken off from that node then, 1 when the piece
     * holding it was one the recording simulated as kinematic (pinned by anchors), which playback cannot let go.
     */
    public List<long[]> missedPieceReleases() {
        return List.copyOf(missedPieceReleases);
    }

    private final List<long[]> missedPieceReleases = new ArrayList<>();

    /** The collection whose piece (or intact body) is in {@code slot}, or -1. */
    public int pieceCollection(int slot) {
        return slot < pieceCollection.length && bodies.isLive(slot) ? pieceCollection[slot] : -1;
    }

    /** The cluster level of the piece (or intact collection) in {@code slot}; 0 when it holds none. */
    public int pieceLevel(int slot) {
        return slot < pieceLevel.length && pieceCollection(slot) >= 0 ? pieceLevel[slot] : 0;
    }

    /** The recorded step whose BREAK event made the piece in {@code slot} (its load reached its threshold), or -1. */
    public long pieceBrokeAt(int slot) {
        return slot < pieceBroke.length && pieceCollection(slot) >= 0 ? pieceBroke[slot] : -1;
    }

    /** Whether the recording simulated the body in {@code slot} as kinematic (a piece pinned by anchors). */
    public boolean recordedKinematic(int slot) {
        return slot < defs.length && defs[slot] != null && defs[slot].motion() == MotionType.KINEMATIC;
    }

    /** BREAK events of the recording entered into the world so far (cumulative; the overlay's breaks counter). */
    public long breaksEntered() {
        return breaksEntered;
    }

    /**
     * Collection {@code c}'s label as recorded (its scenario id, or the label it was placed with); null when it
     * has none, or {@code c} is not a collection placed so far. Playback does not place collections in its world,
     * so its world's destruction runtime knows none of them.
     */
    public String collectionLabel(int c) {
        return c >= 0 && c < labels.size() ? labels.get(c) : null;
    }

    /**
     * A collection of the journal, as {@link #schedulePieceRelease} and {@code rubble replay --release-piece} name it.
     * @param index            placement index (the header's collections first, then those placed between steps)
     * @param label            its label (a scenario's id, the Java API's placement label), or null
     * @param nodeCount        its asset's nodes
     * @param firstReleaseStep the first recorded step at which its pieces are in the playback: the journal's first
     *                         step for a collection of the header, the step after the one it was placed before for a
     *                         collection placed between steps
     */
    public record JournalCollection(int index, String label, int nodeCount, long firstReleaseStep) {
    }

    /**
     * Every collection the journal holds, in placement order: those of its header (or start keyframe) and those
     * placed between steps anywhere in it (read from the journal's index, once). Empty before version 4.
     */
    public List<JournalCollection> journalCollections() {
        List<JournalCollection> out = new ArrayList<>();
        long first = reader.header().firstStep();
        for (int c = 0; c < headerCollections; c++) {
            out.add(new JournalCollection(c, labels.get(c), assets.get(c).nodeCount(), first));
        }
        if (reader.settings() != null) {
            List<PlaybackIndex.Placed> later = index().placed;
            for (int k = 0; k < later.size(); k++) {
                PlaybackIndex.Placed p = later.get(k);
                out.add(new JournalCollection(headerCollections + k, p.label(), p.asset().nodeCount(), p.step() + 1));
            }
        }
        return out;
    }

    /** The placed collections' assets the pieces are built from, in placement order (empty before version 4). */
    public List<CollectionAsset> collectionAssets() {
        return java.util.Collections.unmodifiableList(assets);
    }

    /**
     * The embedded collections, in placement order, with their piece meshes when the journal was
     * recorded with them ({@code run --journal-meshes}, issue 33); empty before version 4.
     */
    public List<dev.rubble.authoring.GeometryCollection> collections() {
        return java.util.Collections.unmodifiableList(collections);
    }

    /**
     * The asset nodes of the internal cluster piece in {@code slot}, made by a recorded break the playback played
     * (null for a piece of one node, no piece, or a piece restored from a keyframe). Not to be changed.
     */
    public int[] pieceMembers(int slot) {
        return slot < pieceMembers.length && pieceCollection(slot) >= 0 ? pieceMembers[slot] : null;
    }

    /** Component {@code k} (0..2) of the centre of mass, collection frame, of the internal cluster piece in {@code slot} ({@link #pieceMembers}). */
    public double pieceCentre(int slot, int k) {
        return pieceCentre[3 * slot + k];
    }

    /** The asset node of the piece in {@code slot} (-1 for an internal cluster or no piece). */
    public int pieceNode(int slot) {
        return slot < pieceNode.length && pieceCollection(slot) >= 0 ? pieceNode[slot] : -1;
    }

    private static int checkStep(long step) {
        if (step < 0 || step > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("release step " + step + "; allowed: [0, " + Integer.MAX_VALUE + "]");
        }
        return (int) step;
    }

    private void schedule(ScheduledCommand c) {
        int i = releases.size();
        while (i > nextRelease && releases.get(i - 1).step() > c.step()) {
            i--;
        }
        releases.add(i, c);
    }

    /** Runs the scheduled body, region and piece releases whose step is at most {@code c}, at the cursor as it is. */
    private void runReleasesUpTo(double c) {
        while (nextRelease < releases.size() && releases.get(nextRelease).step() <= c) {
            runRelease(releases.get(nextRelease++));
        }
        while (nextPieceRelease < pieceReleases.size() && pieceReleases.get(nextPieceRelease)[0] <= c) {
            long[] p = pieceReleases.get(nextPieceRelease++);
            if (releasePiece((int) p[1], (int) p[2]) == 0) {
                missedPieceReleases.add(new long[] {p[0], p[1], p[2], pinned ? 1 : 0});
            }
        }
    }

    private void runRelease(ScheduledCommand c) {
        if (c.body() != null) {
            long h = world.findByLabel(c.body());
            if (h >= 0) {
                release(h);
            }
        } else {
            releaseRegion(c.vector()[0], c.vector()[1], c.vector()[2], c.vector2()[0], c.vector2()[1], c.vector2()[2]);
        }
    }

    /** Payload bytes of the journal documents read so far (header and steps). */
    public long journalBytesRead() {
        return reader.bytesRead();
    }

    @Override
    public void close() {
        closeHeldEvents();
        reader.close();
    }
}
