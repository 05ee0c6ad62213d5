package dev.rubble.cache.journal;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.destruction.BreakEvents;
import dev.rubble.core.destruction.DestructionRuntime;
import dev.rubble.core.command.Command;
import dev.rubble.core.world.World;
import dev.rubble.core.world.StepObserver;
import dev.rubble.core.step.StepProfile;
import dev.rubble.core.step.StepSlot;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.core.time.TimeProvider;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.RollCycle;
import net.openhft.chronicle.queue.RollCycles;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;

/**
 * Records a world step by step into a Chronicle Queue directory (docs/journal-format.md). Attach
 * with {@link World#addObserver} right after the world is built, before the first step; call
 * {@link #close()} when done. Each step writes one document: the step's inputs, state changes
 * (spawn, remove, sleep, wake, enable, disable), the pose and velocity of every awake body and of
 * every body whose state changed, the profile and the state hash.
 *
 * <p>Steady state allocates nothing: the previous-state arrays grow only when the world does, and
 * documents are written as raw bytes. Must be used from the stepping thread only. The documents
 * are appended at once ({@code create}: a step is in the file when {@code afterStep} returns) or by a
 * writer thread ({@link #createWriteBehind}: the same bytes, off the stepping thread; {@link JournalSink}).
 *
 * <p>What the world does at once between steps is recorded too, so verify and replay reproduce it:
 * bodies created ({@code PhysicsWorld.addBody}, {@link World#createBody}), removed or set to a state
 * through the kernel, and collections placed ({@code WorldDestruction.place}) go into a
 * between-steps document before the next step ({@link BetweenSteps}); a pre-solve hook's answers go
 * into a hook document ({@link HookAnswers}). Calls the journal cannot record are refused while it
 * records ({@link dev.rubble.core.world.WorldChanges}). Bodies the simulation itself creates mid-step
 * (not by a command) are still recorded without their definition (docs/journal-format.md, "Limits").
 */
public final class JournalWriter implements StepObserver, dev.rubble.core.world.WorldChanges, AutoCloseable {
    /** Default roll cycle: one file per hour of wall time, so long runs roll files. */
    public static final RollCycle DEFAULT_ROLL_CYCLE = RollCycles.FAST_HOURLY;

    private final Path dir;
    /** Where the documents go: written at once, or by a writer thread (issue 27 item 6, {@link JournalSink}). */
    private final JournalSink sink;
    /** The documents of the step being recorded; handed to the sink at the end of the step. */
    private JournalSink.Batch batch;
    /** Scratch for the documents written through Chronicle's codecs (commands, events, unions), then copied into the batch. */
    private Bytes<byte[]> doc;
    private final long startNanos = System.nanoTime();
    /**
     * Reproducible journal (issue 32, bakes): no wall-clock reading reaches the bytes (created time,
     * per-step wall time and stage timings are written as 0) and the queue's clock is fixed at the
     * epoch, so the same run gives the same files wherever and whenever it runs.
     */
    private final boolean reproducible;
    private int[] prevGen = new int[0];
    private byte[] prevState = new byte[0];
    private int prevLimit;
    private int[] changed = new int[16];
    private int changedCount;
    private long steps, bytes, writeNanos, lastStep = -1;
    private boolean closed;
    /**
     * The bulk of a step document (state changes, moved bodies, events, destruction hash, end
     * marker) is staged with plain little-endian array stores straight into the step's batch
     * ({@code stage} is the batch's buffer while the step document is written), copied into the
     * queue with one write and checksummed from the array: one Chronicle call per document instead
     * of 15 per body (issue 14: recording cost). Grows with the world, never shrinks.
     */
    private byte[] stage;
    private int at;
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle INTS = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    private JournalWriter(Path dir, JournalSink sink, long openingBytes, World world, boolean reproducible) {
        this.dir = dir;
        this.movedCodec = MovedCodec.of(world.settings()); // the header's settings: readers predict with the same
        this.reproducible = reproducible;
        this.sink = sink;
        this.batch = new JournalSink.Batch(1 << 16);
        sink.finishWith(this::finishMoved);
        snapshot(world.bodies());
        joints.mirror(world.context().constraints);
        bytes += openingBytes;
    }

    /**
     * Journalling from a library in one call: starts a journal of {@code world} in {@code dir}
     * (created; must not already hold one) and hooks it into the world, so every following
     * {@code world.step()} is recorded; {@link #close()} ends the recording and unhooks it. The world's
     * settings and bodies as they are now are recorded, so {@code rubble verify DIR} re-simulates it
     * without a scenario file (docs/java-api.md, "Journals from code"; the JVM needs Chronicle's
     * flags, listed there). Use it in try-with-resources:
     *
     * <pre>{@code
     * try (JournalWriter journal = JournalWriter.attach(Path.of("run1"), world, "my game")) {
     *     world.step(600);
     * }
     * }</pre>
     *
     * @param name a name for the recording (shown by {@code rubble journal info}); may be null
     */
    public static JournalWriter attach(Path dir, dev.rubble.api.PhysicsWorld world, String name) {
        Objects.requireNonNull(world, "world is null");
        World w = world.kernel();
        byte[] start = startSnapshot(w);
        JournalWriter jw = create(dir, w, name, "", DEFAULT_ROLL_CYCLE, null, List.of(), false, 0,
                start == null ? 0 : start.length);
        if (start != null) {
            jw.writeKeyframe(w.stepIndex() - 1, start); // the state verify, replay and seek start from
        }
        // first: what other observers and listeners change at once after a step belongs to the next step
        w.addObserverFirst(jw);
        jw.attachedTo = w;
        return jw;
    }

    /**
     * The snapshot an attached journal starts with (docs/journal-format.md, "Start keyframe"), or null: a world
     * the header's initial bodies rebuild on their own (only rigid bodies, at step 0) needs none. Collections
     * (their assets, anchors and destruction state), soft bodies, and a world that has already stepped are
     * saved whole, so verify, replay and seek can rebuild them without a scenario. A world a snapshot cannot
     * save gets none (verify then says what it cannot rebuild).
     */
    private static byte[] startSnapshot(World w) {
        if (w.stepIndex() == 0 && w.destruction().collectionCount() == 0 && w.softBodies().store().size() == 0) {
            return null;
        }
        try {
            return snapshotBytes(w, "journal start");
        } catch (dev.rubble.core.snapshot.SnapshotException e) {
            return null;
        }
    }

    /**
     * World {@code w} saved as a snapshot ({@code origin} names it inside) without its queued commands: the next
     * step's document records every command that step applies, those queued before the keyframe too. (The start
     * keyframe of a world attached with commands queued, between steps or from a listener, held them as well,
     * and verify applied them twice: an impulse queued before {@code attach} after five steps doubled.) A world
     * snapshots cannot save throws.
     */
    private static byte[] snapshotBytes(World w, String origin) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream(1 << 16);
        try {
            dev.rubble.core.snapshot.WorldSnapshot.saveWithoutQueuedCommands(w, out, origin);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /** A keyframe document: world snapshot {@code snap} taken after step {@code step}. */
    private long writeKeyframe(long step, byte[] snap) {
        Bytes<?> b = openDoc();
        b.writeInt(JournalFormat.KIND_KEYFRAME);
        b.writeLong(step);
        b.writeInt(snap.length);
        b.write(snap);
        b.writeInt(JournalFormat.END);
        return endDoc(b);
    }

    /** The world {@link #attach} hooked this writer into (unhooked on close), or null. */
    private World attachedTo;

    /** Starts a journal in {@code dir} (created; must not already hold one) for {@code world}. */
    public static JournalWriter create(Path dir, World world, String scenarioName, String scenarioJson) {
        return create(dir, world, scenarioName, scenarioJson, DEFAULT_ROLL_CYCLE, null);
    }

    /**
     * Starts a journal of a scenario world: as {@link #create(Path, World, String, String)}, and the
     * {@code .rbc} image of every collection the scenario placed is embedded (format version 4).
     */
    public static JournalWriter create(Path dir, dev.rubble.scenario.ScenarioWorld sw, String scenarioName,
                                       String scenarioJson) {
        Objects.requireNonNull(sw, "scenario world is null");
        List<byte[]> images = new java.util.ArrayList<>();
        for (int i = 0; i < sw.collectionCount(); i++) {
            images.add(sw.collectionImage(i));
        }
        return create(dir, sw.world(), scenarioName, scenarioJson, DEFAULT_ROLL_CYCLE, null, images);
    }

    /**
     * Batches in the ring of a write-behind journal: at most this many steps wait for the writer
     * thread once it has created the queue and written the steps that waited meanwhile (at most
     * {@link #WRITE_BEHIND_OPENING_BYTES} bytes, {@link #WRITE_BEHIND_OPENING_STEPS} steps).
     */
    public static final int WRITE_BEHIND_DEPTH = 4;
    /** Encoded bytes of steps that may wait in memory until the writer thread has created the queue and caught up (32 MiB). */
    public static final long WRITE_BEHIND_OPENING_BYTES = JournalSink.OPENING_BACKLOG_BYTES;
    /** Steps that may wait in memory until the writer thread has created the queue and caught up. */
    public static final int WRITE_BEHIND_OPENING_STEPS = JournalSink.OPENING_MAX_BATCHES;

    /**
     * A <b>write-behind</b> journal of a scenario world (issue 27 item 6; what {@code rubble run},
     * {@code demo} and {@code console} use): as {@link #create(Path, dev.rubble.scenario.ScenarioWorld,
     * String, String)} with the same bytes in the files, but the queue is created and every document
     * appended by a writer thread: the stepping thread only encodes the step into one of
     * {@link #WRITE_BEHIND_DEPTH} preallocated buffers and waits only when all of them are still
     * queued — except while the writer is still creating the queue and writing what waited
     * meanwhile, when the steps wait in memory instead (up to {@link #WRITE_BEHIND_OPENING_BYTES}
     * bytes, {@link #WRITE_BEHIND_OPENING_STEPS} steps). A failure of the writer is thrown by the next step or by {@link #close()} (which waits
     * until everything is written); a process killed mid-run keeps every step the writer had
     * appended: at most {@link #WRITE_BEHIND_DEPTH} steps fewer than were simulated once the writer
     * has caught up with the opening (within a second or two of the start), that backlog before.
     */
    public static JournalWriter createWriteBehind(Path dir, dev.rubble.scenario.ScenarioWorld sw, String scenarioName,
                                                  String scenarioJson) {
        Objects.requireNonNull(sw, "scenario world is null");
        List<byte[]> images = new java.util.ArrayList<>();
        for (int i = 0; i < sw.collectionCount(); i++) {
            images.add(sw.collectionImage(i));
        }
        return create(dir, sw.world(), scenarioName, scenarioJson, DEFAULT_ROLL_CYCLE, null, images, false,
                WRITE_BEHIND_DEPTH);
    }

    /** For tests: a reproducible journal written behind ({@code depth} > 0) or at once (0). */
    static JournalWriter createReproducible(Path dir, dev.rubble.scenario.ScenarioWorld sw, String scenarioName,
                                            String scenarioJson, int depth) {
        List<byte[]> images = new java.util.ArrayList<>();
        for (int i = 0; i < sw.collectionCount(); i++) {
            images.add(sw.collectionImage(i));
        }
        return create(dir, sw.world(), scenarioName, scenarioJson, DEFAULT_ROLL_CYCLE,
                new net.openhft.chronicle.core.time.SetTimeProvider(0L), images, true, depth);
    }

    /**
     * A <b>reproducible</b> journal of a scenario world (issue 32: bakes): as
     * {@link #create(Path, dev.rubble.scenario.ScenarioWorld, String, String)}, but nothing of the
     * machine or the moment reaches the files: the header's created time, every step's wall time and
     * stage timings are 0, and Chronicle's clock is fixed at the epoch (one cycle file,
     * {@code 19700101-00F.cq4}). The same scenario then gives byte-identical files on any thread,
     * process or machine. {@code journal info} prints no rates for such a journal.
     */
    public static JournalWriter createReproducible(Path dir, dev.rubble.scenario.ScenarioWorld sw, String scenarioName,
                                                   String scenarioJson) {
        Objects.requireNonNull(sw, "scenario world is null");
        List<byte[]> images = new java.util.ArrayList<>();
        for (int i = 0; i < sw.collectionCount(); i++) {
            images.add(sw.collectionImage(i));
        }
        return create(dir, sw.world(), scenarioName, scenarioJson, DEFAULT_ROLL_CYCLE,
                new net.openhft.chronicle.core.time.SetTimeProvider(0L), images, true, 0);
    }

    /**
     * As {@link #create(Path, World, String, String)} with an explicit roll cycle and (for tests)
     * a time provider that decides when files roll; {@code timeProvider} may be null.
     */
    public static JournalWriter create(Path dir, World world, String scenarioName, String scenarioJson,
                                       RollCycle rollCycle, TimeProvider timeProvider) {
        return create(dir, world, scenarioName, scenarioJson, rollCycle, timeProvider, List.of());
    }

    /**
     * The general form: {@code images} holds the {@code .rbc} image of each placed collection in
     * placement order (or is empty: verify then needs the scenario's collection files).
     */
    public static JournalWriter create(Path dir, World world, String scenarioName, String scenarioJson,
                                       RollCycle rollCycle, TimeProvider timeProvider, List<byte[]> images) {
        return create(dir, world, scenarioName, scenarioJson, rollCycle, timeProvider, images, false, 0);
    }

    private static JournalWriter create(Path dir, World world, String scenarioName, String scenarioJson,
                                        RollCycle rollCycle, TimeProvider timeProvider, List<byte[]> images,
                                        boolean reproducible, int writeBehind) {
        return create(dir, world, scenarioName, scenarioJson, rollCycle, timeProvider, images, reproducible, writeBehind, 0);
    }

    /** As above; {@code startBytes}: the size of a start keyframe written before the first step (blocks must hold it). */
    private static JournalWriter create(Path dir, World world, String scenarioName, String scenarioJson,
                                        RollCycle rollCycle, TimeProvider timeProvider, List<byte[]> images,
                                        boolean reproducible, int writeBehind, long startBytes) {
        Objects.requireNonNull(dir, "dir is null");
        Objects.requireNonNull(images, "images is null");
        Objects.requireNonNull(world, "world is null");
        Objects.requireNonNull(rollCycle, "rollCycle is null");
        ChronicleStart.init();
        try {
            if (Files.exists(dir) && !Files.isDirectory(dir)) {
                throw new IllegalArgumentException("journal directory " + dir + " is a file; allowed: a new or empty directory");
            }
            if (Files.isDirectory(dir)) {
                try (Stream<Path> s = Files.list(dir)) {
                    if (s.findAny().isPresent()) {
                        throw new IllegalArgumentException("journal directory " + dir
                                + " is not empty; allowed: a new or empty directory (journals are never appended to)");
                    }
                }
            }
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot create journal directory " + dir + ": " + e.getMessage(), e);
        }
        // this format records StateHash version 2; a world rebuilt from an older journal (hashing in
        // version 1 to verify it) hashes in version 2 from now on, as a journal of this format says
        world.useStateHashVersion(JournalFormat.stateHashVersion(JournalFormat.VERSION));
        Map<String, String> stages = world.stageChoices();
        JournalHeader h = new JournalHeader(JournalFormat.VERSION, JournalFormat.ENGINE_VERSION,
                scenarioName == null ? "" : scenarioName, scenarioJson == null ? "" : scenarioJson, stages,
                world.settings().dt(), world.settings().subSteps(), world.stepIndex(),
                reproducible ? 0L : System.currentTimeMillis());
        // the header is encoded first: its size (every initial body's shape) sizes Chronicle's blocks
        Bytes<byte[]> hb = Bytes.allocateElasticOnHeap(1 << 16);
        writeHeader(hb, h, world, images.size(), reproducible ? 0 : world.settings().threads());
        byte[] header = Arrays.copyOf(hb.underlyingObject(), (int) hb.writePosition());
        long block = Math.max(blockSize(world, header.length, images), blockSize(world, header.length, startBytes + 64));
        List<byte[]> imgs = List.copyOf(images);
        java.util.function.Supplier<ChronicleQueue> build = () -> {
            SingleChronicleQueueBuilder qb = SingleChronicleQueueBuilder.binary(dir).rollCycle(rollCycle).blockSize(block);
            if (timeProvider != null) {
                qb.timeProvider(timeProvider);
            }
            return qb.build();
        };
        JournalSink.ChronicleTarget target = new JournalSink.ChronicleTarget(build, header, imgs, dir);
        if (reproducible) {
            target.keepDigest(); // a bake's manifest names the journal by its content hash (JournalDigest)
        }
        JournalSink sink = writeBehind > 0
                ? JournalSink.writeBehind(target, dir.toString(), writeBehind, 1 << 16)
                : JournalSink.synchronous(target, dir.toString());
        JournalWriter w = new JournalWriter(dir, sink, JournalSink.ChronicleTarget.openingBytes(header, imgs), world,
                reproducible);
        w.blockSize = block;
        w.target = target;
        // what the world does at once between steps, and a pre-solve hook's answers (between-steps and hook documents)
        world.addChangeListener(w);
        world.context().events.addRecorder(w.hookTape);
        w.recording = world;
        return w;
    }

    /** The world whose between-steps changes and hook answers this writer hears (until close), or null. */
    private World recording;
    /** The pre-solve hook's answers in the step running (docs/journal-format.md, "Hook document"). */
    private final HookAnswers hookTape = new HookAnswers();
    /**
     * Changes made at once between steps ({@link BetweenSteps}), encoded as they are made: entry i
     * ends at {@code pendingEnd[i]} and precedes step {@code pendingStep[i]} (the world's step index
     * when it was made). Written by the step they precede, as its between-steps document.
     */
    private Bytes<byte[]> pending;
    private long[] pendingStep = new long[4];
    private int[] pendingEnd = new int[4];
    private int pendingCount;
    /** A change the journal could not record: every later step fails with it (the journal would not verify). */
    private IllegalStateException broken;

    private Bytes<byte[]> change() {
        if (closed) {
            return null;
        }
        if (pending == null) {
            pending = Bytes.allocateElasticOnHeap(1 << 10);
            pending.singleThreadedCheckDisabled(true);
        }
        return pending;
    }

    private void endChange(World world) {
        if (pendingCount == pendingEnd.length) {
            pendingEnd = Arrays.copyOf(pendingEnd, 2 * pendingCount);
            pendingStep = Arrays.copyOf(pendingStep, 2 * pendingCount);
        }
        pendingEnd[pendingCount] = (int) pending.writePosition();
        pendingStep[pendingCount++] = world.stepIndex();
    }

    @Override
    public void bodyCreated(World world, long handle, dev.rubble.core.body.BodyDef def, int layer, int mask) {
        Bytes<byte[]> b = change();
        if (b == null) {
            return;
        }
        b.writeByte(BetweenSteps.BODY).writeLong(handle);
        CommandCodec.writeDef(b, def);
        b.writeInt(layer).writeInt(mask);
        endChange(world);
    }

    @Override
    public void bodyRemoved(World world, long handle) {
        Bytes<byte[]> b = change();
        if (b == null) {
            return;
        }
        b.writeByte(BetweenSteps.REMOVED).writeLong(handle);
        endChange(world);
    }

    @Override
    public void stateSet(World world, long handle, dev.rubble.core.body.BodyState state) {
        Bytes<byte[]> b = change();
        if (b == null) {
            return;
        }
        b.writeByte(BetweenSteps.STATE).writeLong(handle).writeByte((byte) state.ordinal());
        endChange(world);
    }

    @Override
    public void collectionPlaced(World world, int index, dev.rubble.spi.collection.CollectionAsset asset,
                                 dev.rubble.core.destruction.CollectionPlacement placement) {
        Bytes<byte[]> b = change();
        if (b == null) {
            return;
        }
        byte[] placed;
        try {
            placed = dev.rubble.core.snapshot.PlacementCodec.encode(asset, placement);
        } catch (IllegalArgumentException e) {
            broken = new IllegalStateException("journal " + dir + " cannot record collection " + index
                    + " placed between steps, so it would not verify: " + e.getMessage()
                    + "; allowed: collections whose hulls encode exactly (as snapshots need)", e);
            throw broken;
        }
        b.writeByte(BetweenSteps.COLLECTION).writeInt(index).writeInt(placed.length).write(placed);
        InitialBodies.ofCollection(world, index).write(b);
        endChange(world);
    }

    /**
     * The between-steps document of step {@code step}: the changes made before it, in order; none
     * when there were none (journals without such changes are unchanged).
     */
    private void writeBetween(long step) {
        int n = 0;
        while (n < pendingCount && pendingStep[n] <= step) {
            n++;
        }
        if (n == 0) {
            return;
        }
        int end = pendingEnd[n - 1];
        Bytes<?> b = openDoc();
        b.writeInt(JournalFormat.KIND_BETWEEN);
        b.writeLong(step);
        b.writeInt(n);
        b.write(pending.underlyingObject(), 0, end);
        b.writeInt(JournalFormat.END);
        endDoc(b);
        // keep the changes made after this step (by an observer that heard it before this writer)
        byte[] raw = pending.underlyingObject();
        int left = (int) pending.writePosition() - end;
        System.arraycopy(raw, end, raw, 0, left);
        pending.clear();
        pending.writeSkip(left);
        for (int i = n; i < pendingCount; i++) {
            pendingEnd[i - n] = pendingEnd[i] - end;
            pendingStep[i - n] = pendingStep[i];
        }
        pendingCount -= n;
    }

    /** The hook document of step {@code step}: written when the step ran with a pre-solve hook installed. */
    private void writeHook(World world, long step) {
        if (world.context().events.installedHook() != null) {
            Bytes<?> b = openDoc();
            b.writeInt(JournalFormat.KIND_HOOK);
            hookTape.write(b, step);
            b.writeInt(JournalFormat.END);
            endDoc(b);
        }
        hookTape.clear();
    }

    /** Default keyframe spacing of {@code rubble run --journal}: at least this many steps apart. */
    public static final int DEFAULT_KEYFRAME_INTERVAL = 100;
    /** Default keyframe byte budget of {@code rubble run --journal}: 64 MiB of snapshots in all. */
    public static final long DEFAULT_KEYFRAME_BUDGET = 64L << 20;

    /**
     * Stores keyframes (issue 31, seek): after a step, a world snapshot (dev.rubble.core.snapshot,
     * docs/snapshot-format.md) in a "KEYF" document, at least {@code minInterval} steps after the
     * previous one (the first after step {@code minInterval - 1}), while the snapshots written so far
     * plus this one fit in {@code byteBudget} bytes; once one does not fit no more are written (the
     * journal is append-only, so the budget is spent front to back). {@code minInterval} 0 turns
     * keyframes off (the default of the Java API: the journal is then laid out as before). A world
     * snapshots cannot save (docs/snapshot-format.md) gets no keyframes: {@link #keyframeRefusal()}.
     */
    public JournalWriter keyframes(int minInterval, long byteBudget) {
        if (minInterval < 0) {
            throw new IllegalArgumentException("keyframe interval = " + minInterval + "; allowed: >= 0 steps (0 = no keyframes)");
        }
        if (byteBudget < 0) {
            throw new IllegalArgumentException("keyframe budget = " + byteBudget + "; allowed: >= 0 bytes");
        }
        if (steps > 0) {
            throw new IllegalStateException("keyframes are set before the first step");
        }
        keyInterval = minInterval;
        keyBudget = byteBudget;
        return this;
    }

    private long blockSize;
    /** The queue's writer, for a reproducible journal's content hash. */
    private JournalSink.ChronicleTarget target;
    private int keyInterval;
    private long keyBudget, keyBytes, keyCount, lastKeyStep = Long.MIN_VALUE;
    private boolean keyBudgetSpent;
    private String keyRefusal;

    /** Keyframes written so far. */
    public long keyframes() {
        return keyCount;
    }

    /** Bytes of keyframe documents written so far (counted in {@link #bytes()}, not in {@link #stepBytes()}). */
    public long keyframeBytes() {
        return keyBytes;
    }

    /** Why this world gets no keyframes (a snapshot refused it), or null. */
    public String keyframeRefusal() {
        return keyRefusal;
    }

    /** After step {@code step}'s document: a keyframe when one is due and fits the budget. */
    private void maybeKeyframe(World world, long step) {
        if (keyInterval == 0 || keyBudgetSpent || keyRefusal != null) {
            return;
        }
        long due = lastKeyStep == Long.MIN_VALUE ? keyInterval - 1 : lastKeyStep + keyInterval;
        if (step < due || !world.context().queuedCommands().isEmpty() || pendingCount > 0) {
            // commands already queued for the next step (or changes already made before it, by an observer
            // that heard this step first) would be saved in the snapshot and replayed twice
            return;
        }
        byte[] snap;
        try {
            snap = snapshotBytes(world, "journal keyframe");
        } catch (dev.rubble.core.snapshot.SnapshotException e) {
            keyRefusal = e.getMessage();
            return;
        }
        long docBytes = 4 + 8 + 4 + snap.length + 4 + 4;
        if (keyBytes + docBytes > keyBudget || docBytes > blockSize / 4) {
            keyBudgetSpent = true;
            return;
        }
        keyBytes += writeKeyframe(step, snap);
        keyCount++;
        lastKeyStep = step;
    }

    /**
     * Chronicle's block size (issue 14): the mapped chunk it writes through. Written pages stay
     * resident while their chunk is mapped, so Chronicle's default (64 MiB) kept a whole 300-step
     * recording of the 4 000-box pile (138 MB) in the process's resident set (+195 MB peak); 4 MiB
     * chunks are unmapped as the writer moves on (+38 MB) and cost no more time. A document must
     * fit in a quarter of a block, so the block grows with what this world's documents may need:
     * the header, the largest collection image and a step with twice the current bodies (at least
     * 1 024) all moving; at least {@link #MIN_BLOCK_SIZE}. A world that later grows past that fails
     * to record with Chronicle's "too large" error.
     */
    static long blockSize(World world, long headerBytes, List<byte[]> images) {
        long largest = 0;
        for (byte[] img : images) {
            largest = Math.max(largest, img.length);
        }
        return blockSize(world, headerBytes, largest);
    }

    /** As above with the largest other document (a collection image, a start keyframe) {@code largestDoc} bytes. */
    static long blockSize(World world, long headerBytes, long largestDoc) {
        long bodies = Math.max(1024, world.bodies().size());
        long need = Math.max(headerBytes + 65536, 2 * bodies * MovedCodec.MAX_BODY_BYTES + 65536);
        if (largestDoc > 0) {
            need = Math.max(need, largestDoc + 1024L);
        }
        long block = MIN_BLOCK_SIZE;
        while (block < 4 * need) {
            block *= 2;
        }
        return block;
    }

    /** The smallest block size used: 4 MiB. */
    static final long MIN_BLOCK_SIZE = 4L << 20;

    /** The header of versions 1 to 3 (tests write old journals with it). */
    static void writeHeader(Bytes<?> b, JournalHeader h) {
        writeHeader(b, h, null, 0, 0);
    }

    /** The header; {@code world} null = without version 4's settings, bodies and collection count. */
    static void writeHeader(Bytes<?> b, JournalHeader h, World world, int collections) {
        writeHeader(b, h, world, collections, 0);
    }

    /** As above; {@code threads} > 0 records the thread count (issue 26, {@link JournalFormat#HEADER_THREADS}). */
    static void writeHeader(Bytes<?> b, JournalHeader h, World world, int collections, int threads) {
        b.writeInt(JournalFormat.KIND_HEADER);
        b.writeLong(JournalFormat.MAGIC);
        b.writeInt(h.formatVersion());
        b.writeUtf8(h.engineVersion());
        b.writeUtf8(h.scenarioName());
        b.writeUtf8(h.scenarioJson());
        Map<String, String> st = h.sortedStages();
        b.writeInt(st.size());
        for (Map.Entry<String, String> e : st.entrySet()) {
            b.writeUtf8(e.getKey());
            b.writeUtf8(e.getValue());
        }
        b.writeDouble(h.dt());
        b.writeInt(h.subSteps());
        b.writeLong(h.firstStep());
        b.writeLong(h.createdMillis());
        b.writeInt(StepSlot.values().length);
        for (StepSlot s : StepSlot.values()) {
            b.writeUtf8(s.label());
        }
        // version 4: the full world settings, every body as it is now, and the collection count
        if (world != null) {
            SettingsCodec.write(b, world.settings());
            InitialBodies.of(world).write(b);
            b.writeInt(collections);
            if (threads > 0) {
                b.writeInt(JournalFormat.HEADER_THREADS);
                b.writeInt(threads);
            }
        }
        b.writeInt(JournalFormat.END);
    }

    /**
     * Starts a document written through Chronicle's codecs: an on-heap scratch (made on the stepping
     * thread at its first use), copied into the step's batch by {@link #endDoc}. The sink appends
     * each document followed by its CRC-32C (format version 2: the checksum of kind tag .. end
     * marker, so damage is reported as damage rather than as a divergence).
     */
    private Bytes<?> openDoc() {
        if (doc == null) {
            doc = Bytes.allocateElasticOnHeap(1 << 12);
            doc.singleThreadedCheckDisabled(true); // plain heap scratch: close() may come from another thread than the steps
        }
        doc.clear();
        return doc;
    }

    /** Copies the scratch document into the batch (without ending the batch's document); returns its length. */
    private int copyDoc(Bytes<?> b) {
        int n = (int) b.writePosition();
        batch.ensure(n);
        System.arraycopy(doc.underlyingObject(), 0, batch.buf, batch.len, n);
        batch.len += n;
        return n;
    }

    /** Ends a scratch document: into the batch, counted; returns its payload bytes (checksum included). */
    private long endDoc(Bytes<?> b) {
        int n = copyDoc(b);
        batch.endDoc();
        bytes += n + 4;
        return n + 4;
    }

    private void snapshot(BodyStore bs) {
        int n = bs.slotLimit();
        ensurePrev(n);
        for (int s = 0; s < n; s++) {
            prevGen[s] = bs.generation[s];
            prevState[s] = bs.isLive(s) ? bs.state[s] : JournalFormat.ABSENT;
        }
        prevLimit = n;
    }

    private void ensurePrev(int n) {
        if (prevGen.length < n) {
            int c = Math.max(n, prevGen.length * 2);
            prevGen = Arrays.copyOf(prevGen, c);
            int old = prevState.length;
            prevState = Arrays.copyOf(prevState, c);
            Arrays.fill(prevState, old, c, JournalFormat.ABSENT);
        }
    }

    @Override
    public void afterStep(World world, StepProfile p) {
        if (closed) {
            throw new IllegalStateException("journal " + dir + " is closed");
        }
        if (broken != null) {
            throw broken;
        }
        if (pendingCount > 0 && pendingStep[pendingCount - 1] > p.step()) {
            // an observer that heard this step before the journal changed the world at once: the step's
            // record (state changes, moved bodies) would already hold what verify makes before the next step
            broken = new IllegalStateException("journal " + dir + " cannot record step " + p.step() + ": an observer that"
                    + " heard the step before the journal changed the world at once (a body created, removed or set to a"
                    + " state, or a collection placed); allowed: register the journal first (JournalWriter.attach does),"
                    + " make the change after step() returns, or queue a command");
            throw broken;
        }
        long t0 = System.nanoTime();
        BodyStore bs = world.bodies();
        if (pendingCount > 0) {
            writeBetween(p.step()); // first: the changes were made before the step
        }
        if (EventsCodec.any(world.context().events, p.step())) {
            // the step's events (docs/events.md), in their own document just before the step's
            Bytes<?> b = openDoc();
            b.writeInt(JournalFormat.KIND_EVENTS);
            EventsCodec.write(b, world.context().events, p.step());
            b.writeInt(JournalFormat.END);
            endDoc(b);
        }
        writeScales(bs, p.step());
        writeUnionBodies(world, p.step());
        writeConstraintChanges(world, p.step());
        writeHook(world, p.step());
        {
            Bytes<?> b = openDoc();
            b.writeInt(JournalFormat.KIND_STEP);
            b.writeLong(p.step());
            b.writeDouble(p.time());
            b.writeLong(p.stateHash());
            b.writeLong(reproducible ? 0L : t0 - startNanos);
            StepSlot[] stages = StepSlot.values();
            for (StepSlot s : stages) {
                b.writeLong(reproducible ? 0L : p.nanos(s));
            }
            b.writeLong(reproducible ? 0L : p.totalNanos());
            b.writeInt(p.awakeBodies()).writeInt(p.sleepingBodies()).writeInt(p.staticBodies())
                    .writeInt(p.disabledBodies()).writeInt(p.kinematicBodies()).writeInt(p.pairs())
                    .writeInt(p.spawned()).writeInt(p.removed());
            List<Command> cmds = world.appliedCommands();
            int nc = cmds.size();
            b.writeInt(nc);
            for (int i = 0; i < nc; i++) {
                CommandCodec.write(b, cmds.get(i));
            }
            int start = batch.len;
            copyDoc(b);
            stage = batch.buf; // the bulk goes straight into the batch
            at = batch.len;
            writeChanges(bs);
            writeMoved(bs);
            writeEvents(world.destruction());
            putLong(world.context().destructionHash()); // version 4: destruction hash
            putInt(JournalFormat.END);
            batch.buf = stage;
            batch.len = at;
            stage = null;
            batch.endDoc();
            bytes += at - start + 4;
            stepBytes += at - start + 4;
        }
        steps++;
        lastStep = p.step();
        maybeKeyframe(world, p.step());
        batch = sink.submit(batch);
        writeNanos += System.nanoTime() - t0;
    }

    /** What the steps changed in the world's constraints by themselves (the "JNTC" documents). */
    private final ConstraintChanges joints = new ConstraintChanges();

    /** The constraint-changes document ({@link ConstraintChanges}); none when the step's joints changed only by its commands. */
    private void writeConstraintChanges(World world, long step) {
        if (!joints.observe(world.context().constraints, world.appliedCommands(), step)) {
            return;
        }
        Bytes<?> b = openDoc();
        b.writeInt(JournalFormat.KIND_CONSTRAINT_CHANGES);
        joints.write(b);
        b.writeInt(JournalFormat.END);
        endDoc(b);
    }

    /** The union-bodies document (issue 29, {@link UnionBodiesCodec}); none when the step created or retired no union body. */
    private void writeUnionBodies(World world, long step) {
        dev.rubble.core.destruction.UnionLog log = world.destruction().unions().log();
        if (log.count() == 0) {
            return;
        }
        Bytes<?> b = openDoc();
        b.writeInt(JournalFormat.KIND_UNION_BODIES);
        UnionBodiesCodec.write(b, log, step);
        b.writeInt(JournalFormat.END);
        endDoc(b);
    }

    /**
     * The removal-scale document (issue 31): slot int32, generation int32 and scale float64 (raw
     * bits) of every live body whose removal scale is below 1, in slot order; none when no body shrinks.
     */
    private void writeScales(BodyStore bs, long step) {
        int limit = bs.slotLimit(), n = 0;
        double[] sc = bs.scale;
        for (int s = 0; s < limit; s++) {
            if (sc[s] < 1 && bs.isLive(s)) {
                n++;
            }
        }
        if (n == 0) {
            return;
        }
        Bytes<?> b = openDoc();
        b.writeInt(JournalFormat.KIND_SCALE);
        b.writeLong(step);
        b.writeInt(n);
        for (int s = 0; s < limit; s++) {
            if (sc[s] < 1 && bs.isLive(s)) {
                b.writeInt(s);
                b.writeInt(bs.generation[s]);
                b.writeLong(Double.doubleToRawLongBits(sc[s]));
            }
        }
        b.writeInt(JournalFormat.END);
        endDoc(b);
    }

    private void ensureStage(int more) {
        if (at + more > stage.length) {
            stage = Arrays.copyOf(stage, Math.max(at + more, stage.length * 2));
        }
    }

    private void putInt(int v) {
        ensureStage(4);
        INTS.set(stage, at, v);
        at += 4;
    }

    private void putLong(long v) {
        ensureStage(8);
        LONGS.set(stage, at, v);
        at += 8;
    }

    private void putDouble(double v) {
        putLong(Double.doubleToRawLongBits(v));
    }

    private void putByte(byte v) {
        ensureStage(1);
        stage[at++] = v;
    }

    private void putChange(int s, int gen, byte from, byte to) {
        ensureStage(10);
        INTS.set(stage, at, s);
        INTS.set(stage, at + 4, gen);
        stage[at + 8] = from;
        stage[at + 9] = to;
        at += 10;
    }

    private void writeChanges(BodyStore bs) {
        int limit = bs.slotLimit();
        ensurePrev(limit);
        int n = Math.max(limit, prevLimit);
        int countAt = at;
        putInt(0);
        int count = 0;
        changedCount = 0;
        for (int s = 0; s < n; s++) {
            byte now = bs.isLive(s) ? bs.state[s] : JournalFormat.ABSENT;
            int gen = s < limit ? bs.generation[s] : prevGen[s];
            byte before = prevState[s];
            if (before != JournalFormat.ABSENT && (now == JournalFormat.ABSENT || gen != prevGen[s])) {
                putChange(s, prevGen[s], before, JournalFormat.ABSENT);
                count++;
                before = JournalFormat.ABSENT;
            }
            if (now != before) {
                putChange(s, gen, before, now);
                count++;
                if (now != JournalFormat.ABSENT) {
                    if (changedCount == changed.length) {
                        changed = Arrays.copyOf(changed, changedCount * 2);
                    }
                    changed[changedCount++] = s;
                }
            }
            prevState[s] = now;
            prevGen[s] = gen;
        }
        prevLimit = limit;
        INTS.set(stage, countAt, count);
    }

    /**
     * Version 5 (issue 27): every awake body and every body whose state changed, as
     * {@link MovedCodec} encodes them (what changed against the slot's last record): the count,
     * the block's length in bytes, the block. Here the bodies' fields are only copied into the batch,
     * the block left pending at {@code at}; {@link #finishMoved} encodes it on the thread that writes
     * the batch (the writer thread of a write-behind journal), in step order, so the bytes are the same.
     */
    private void writeMoved(BodyStore bs) {
        int awake = bs.awakeCount();
        JournalSink.Batch b = batch;
        b.ensureMoved(awake + changedCount);
        int n = 0;
        for (int i = 0; i < awake; i++) {
            gather(bs, bs.order[i], b, n++);
        }
        for (int i = 0; i < changedCount; i++) {
            int s = changed[i];
            if (bs.rank[s] >= awake) { // awake ones are already copied
                gather(bs, s, b, n++);
            }
        }
        b.movedAt = at;
        b.movedCount = n;
        b.movedSlotLimit = bs.slotLimit();
    }

    /** Copies body {@code s} into the batch as pending body {@code n}; the caller has ensured room. */
    private static void gather(BodyStore bs, int s, JournalSink.Batch b, int n) {
        int m = 3 * n;
        int[] meta = b.movedMeta;
        meta[m] = s;
        meta[m + 1] = bs.generation[s];
        meta[m + 2] = (bs.state[s] & 0xFF) | (bs.motion[s] & 0xFF) << 8;
        long[] v = b.movedRaw;
        int o = StepRecord.FIELDS * n;
        v[o] = Double.doubleToRawLongBits(bs.px[s]);
        v[o + 1] = Double.doubleToRawLongBits(bs.py[s]);
        v[o + 2] = Double.doubleToRawLongBits(bs.pz[s]);
        v[o + 3] = Double.doubleToRawLongBits(bs.qx[s]);
        v[o + 4] = Double.doubleToRawLongBits(bs.qy[s]);
        v[o + 5] = Double.doubleToRawLongBits(bs.qz[s]);
        v[o + 6] = Double.doubleToRawLongBits(bs.qw[s]);
        v[o + 7] = Double.doubleToRawLongBits(bs.vx[s]);
        v[o + 8] = Double.doubleToRawLongBits(bs.vy[s]);
        v[o + 9] = Double.doubleToRawLongBits(bs.vz[s]);
        v[o + 10] = Double.doubleToRawLongBits(bs.wx[s]);
        v[o + 11] = Double.doubleToRawLongBits(bs.wy[s]);
        v[o + 12] = Double.doubleToRawLongBits(bs.wz[s]);
    }

    /** The writing thread's: the batch buffer it last replaced, reused for the next batch's encoding. */
    private byte[] spare = new byte[0];
    /** Bytes of the moved-bodies blocks encoded so far (written by the writing thread only). */
    private volatile long movedBytes;

    /**
     * The sink's finisher, on the thread that writes the batch: encodes a pending moved-bodies block
     * in place (the documents after it move up by its length). Batches arrive in step order, so the
     * codec's references are what a synchronous journal's would be.
     */
    private void finishMoved(JournalSink.Batch b) {
        int at0 = b.movedAt;
        if (at0 < 0) {
            return;
        }
        int n = b.movedCount;
        long need = (long) b.len + 8 + (long) n * MovedCodec.MAX_BODY_BYTES + MovedCodec.SLACK;
        if (need > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("a step of " + n + " moved bodies is too large for one journal document");
        }
        byte[] out = spare;
        if (out.length < need) {
            out = new byte[(int) Math.max(need, Math.min(Integer.MAX_VALUE - 8, 2L * out.length))];
        }
        byte[] in = b.buf;
        System.arraycopy(in, 0, out, 0, at0);
        movedCodec.reserve(b.movedSlotLimit);
        int[] meta = b.movedMeta;
        long[] raw = b.movedRaw;
        int p = at0 + 8;
        for (int i = 0; i < n; i++) {
            int m = 3 * i;
            int sm = meta[m + 2];
            p = movedCodec.encode(out, p, meta[m], meta[m + 1], (byte) sm, (byte) (sm >>> 8), raw, StepRecord.FIELDS * i);
        }
        INTS.set(out, at0, n);
        INTS.set(out, at0 + 4, p - at0 - 8);
        int delta = p - at0;
        System.arraycopy(in, at0, out, p, b.len - at0);
        for (int d = 0; d < b.docs; d++) {
            if (b.ends[d] > at0) { // the step document and any after it (a keyframe)
                b.ends[d] += delta;
            }
        }
        spare = in;
        b.buf = out;
        b.len += delta;
        b.movedAt = -1;
        b.movedCount = 0;
        movedBytes += delta;
    }

    /**
     * Version 4: the step's destruction events (break, release, internal cluster) with piece body,
     * the body it came from, pose and velocities, mass, load, and for an internal cluster its
     * members' asset node ids (so playback can build its shape).
     */
    private void writeEvents(DestructionRuntime d) {
        BreakEvents ev = d.events();
        int n = ev.count();
        putInt(n);
        for (int i = 0; i < n; i++) {
            putByte(ev.kind[i]);
            putInt(ev.collection[i]);
            putInt(ev.node[i]);
            putLong(ev.body[i]);
            putLong(ev.from[i]);
            int o = 13 * i;
            for (int f = 0; f < 13; f++) {
                putDouble(ev.motion[o + f]);
            }
            putDouble(ev.mass[i]);
            putDouble(ev.load[i]);
            // an internal cluster's members as it was made (BreakEvents.members): read from the cluster at the
            // step's end, as before, a cluster an impact pass broke again in the same step had lost them (its
            // pieces thinned or killed, or split into clusters of their own), and playback, building the
            // piece's shape from no member, stopped ("compound children count = 0"; detfuzz seeds 7102, 7106, 7122)
            int m0 = ev.memberStart[i], m1 = ev.memberStart[i + 1];
            putInt(m1 - m0);
            for (int k = m0; k < m1; k++) {
                putInt(ev.members[k]);
            }
        }
    }

    /** The thread that writes the batches': the moved-bodies references (what each slot last recorded). */
    private final MovedCodec movedCodec;

    /** The journal directory. */
    public Path dir() {
        return dir;
    }

    /** Steps written. */
    public long steps() {
        return steps;
    }

    /** Index of the last step written, or -1. */
    public long lastStep() {
        return lastStep;
    }

    /**
     * Payload bytes written (header and steps, without Chronicle's 4-byte document framing). While a
     * write-behind journal runs, the moved bodies of the steps still queued for the writer thread are
     * not counted yet (they are encoded there); exact after {@link #close()}.
     */
    public long bytes() {
        return bytes + movedBytes;
    }

    /** Payload bytes of the step documents alone (what {@code rubble journal info} calls "bytes of steps"); as {@link #bytes()} while running. */
    public long stepBytes() {
        return stepBytes + movedBytes;
    }

    /**
     * Mean payload bytes per step document (0 before the first step): {@link #stepBytes()} / steps,
     * the figure {@code rubble journal info} prints (issue 28: this divided the header and embedded
     * collections by the steps too, so {@code run} and {@code journal info} disagreed).
     */
    public double bytesPerStep() {
        return steps == 0 ? 0 : (double) stepBytes() / steps;
    }

    private long stepBytes;

    /** Wall time spent writing steps, ns: on the stepping thread, plus the writer thread's of a write-behind journal. */
    public long writeNanos() {
        return writeNanos + sink.writerNanos();
    }

    /** Times the stepping thread waited for the writer thread to free a buffer (write-behind; 0 otherwise). */
    long sinkWaits() {
        return sink.waits();
    }

    /** Wall nanoseconds the writer thread took to open the queue (write-behind; 0 otherwise). */
    long sinkOpenNanos() {
        return sink.openNanos();
    }

    /** Steps that waited in memory while the writer thread created the queue (write-behind's opening backlog). */
    long sinkGrown() {
        return sink.grown();
    }

    /** True once a write-behind journal's writer has created the queue and written the opening backlog (always when synchronous). */
    boolean writerCaughtUp() {
        return sink.caughtUp();
    }

    /** Waits until the writer thread has created the queue (at once when synchronous). For tests. */
    void awaitWriterOpen() {
        sink.awaitOpen();
    }

    /** Nanoseconds the stepping thread spent in those waits. */
    long sinkWaitNanos() {
        return sink.waitNanos();
    }

    /** Write throughput while writing, bytes per second of write time (0 before the first step). */
    public double writeBytesPerSecond() {
        return writeNanos == 0 ? 0 : bytes() * 1e9 / writeNanos;
    }

    /**
     * The content hash of a closed reproducible journal ({@link #createReproducible}): the same hex
     * SHA-256 as {@link JournalDigest#of} of its directory, computed from the documents as they were
     * written instead of by reading the queue back.
     *
     * @return the hex SHA-256 of the journal's documents
     * @throws IllegalStateException before {@link #close}, or for a journal that is not reproducible
     */
    public String contentDigest() {
        if (!closed) {
            throw new IllegalStateException("journal " + dir + " is still open: its content hash is known once closed");
        }
        String hex = target == null ? null : target.digestHex();
        if (hex == null) {
            throw new IllegalStateException("journal " + dir + " keeps no content hash (only reproducible journals do)");
        }
        return hex;
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            if (attachedTo != null) {
                attachedTo.removeObserver(this);
                attachedTo = null;
            }
            if (recording != null) {
                recording.removeChangeListener(this);
                recording.context().events.removeRecorder(hookTape);
                recording = null;
            }
            // the closing document tells readers the recording ended here (not cut off, no file missing)
            Bytes<?> b = openDoc();
            b.writeInt(JournalFormat.KIND_CLOSE);
            b.writeLong(steps);
            b.writeLong(lastStep);
            b.writeInt(JournalFormat.END);
            endDoc(b);
            sink.close(batch); // write-behind: waits until every step is written
        }
    }
}
