package dev.rubble.cache.journal;

import dev.rubble.core.step.StepSlot;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.stream.Stream;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.DocumentContext;

/**
 * Reads a journal written by {@link JournalWriter}, in step order across rolled files. Opening
 * checks the header (magic, format version); {@link #next(StepRecord)} decodes one step at a time
 * into a reused record and returns false at the end. A document the writer never finished (the
 * process was killed mid-step) is invisible to Chronicle's tailer, so the journal reads up to the
 * last complete step. Anything malformed raises one {@link JournalFormatException} naming the step.
 * Single threaded.
 */
public final class JournalReader implements AutoCloseable {
    private static final int STATES = dev.rubble.core.body.BodyState.values().length;
    private static final int MOTIONS = dev.rubble.core.body.MotionType.values().length;
    private final Path dir;
    private final ChronicleQueue queue;
    private final ExcerptTailer tailer;
    private final JournalHeader header;
    private final int stageCount;
    private int[] stageSlot;
    private long documents;
    private long bytesRead;
    private final boolean checksummed;
    private final DocumentChecksum checksum = new DocumentChecksum();
    private long expectedStep;
    private long stepsRead;
    private boolean closedCleanly;
    private int slotLimit = DEFAULT_SLOT_LIMIT;
    private final boolean destruction;
    private dev.rubble.core.step.WorldSettings settings;
    /** The thread count the recording stepped on (issue 26), 0 when the header does not say (reproducible, older). */
    private int recordedThreads;
    private InitialBodies initialBodies;
    private final List<byte[]> collectionImages = new ArrayList<>();

    /** Highest body slot (exclusive) accepted before {@link #setSlotLimit}: the default body budget. */
    public static final int DEFAULT_SLOT_LIMIT = 1_000_000;

    private JournalReader(Path dir, ChronicleQueue queue) {
        this.dir = dir;
        this.queue = queue;
        ExcerptTailer t;
        try {
            t = queue.createTailer();
        } catch (Exception | InternalError e) {
            // Chronicle reads the cycle file's store header here and throws its own exceptions, some of
            // them checked ones rethrown unchecked (a damaged magic number, an unknown wire code)
            queue.close();
            throw new JournalFormatException("journal " + dir + " is damaged: the store header of its cycle file"
                    + " cannot be read (" + describe(e) + ")", e);
        }
        this.tailer = t;
        try (DocumentContext dc = tailer.readingDocument()) {
            if (!dc.isPresent()) {
                throw new JournalFormatException("journal " + dir + " has no complete header document"
                        + " (empty or cut off before the first write)");
            }
            Bytes<?> b = dc.wire().bytes();
            long headerStart = b.readPosition();
            int kind = b.readInt();
            long magic = b.readLong();
            if (kind != JournalFormat.KIND_HEADER || magic != JournalFormat.MAGIC) {
                throw new JournalFormatException("journal " + dir + " is not a Rubble journal: the first document has"
                        + " magic 0x" + Long.toHexString(magic) + "; expected 0x" + Long.toHexString(JournalFormat.MAGIC)
                        + " (\"RUBBLEJ1\")");
            }
            int version = b.readInt();
            if (version < JournalFormat.OLDEST_READABLE_VERSION || version > JournalFormat.VERSION) {
                throw new JournalFormatException("journal " + dir + " has format version " + version
                        + "; this rubble reads versions " + JournalFormat.OLDEST_READABLE_VERSION + " to "
                        + JournalFormat.VERSION);
            }
            checksummed = version >= JournalFormat.FIRST_CHECKSUMMED_VERSION;
            if (checksummed) {
                checkCrc(b, headerStart, "the header");
            }
            String engine = b.readUtf8();
            String name = b.readUtf8();
            String scenario = b.readUtf8();
            int ns = b.readInt();
            if (ns < 0 || ns > 1000) {
                throw new JournalFormatException("journal " + dir + " header is corrupted: " + ns + " stage choices");
            }
            Map<String, String> stages = new TreeMap<>();
            for (int i = 0; i < ns; i++) {
                stages.put(b.readUtf8(), b.readUtf8());
            }
            double dt = b.readDouble();
            int sub = b.readInt();
            long first = b.readLong();
            long created = b.readLong();
            stageCount = b.readInt();
            if (stageCount < 0 || stageCount > 256) {
                throw new JournalFormatException("journal " + dir + " header is corrupted: " + stageCount + " step slots");
            }
            // a step's slot times are keyed by these labels: a recorded slot this rubble no longer
            // has is dropped, one it has that was not recorded reads 0
            stageSlot = new int[stageCount];
            for (int i = 0; i < stageCount; i++) {
                stageSlot[i] = slotOf(b.readUtf8());
            }
            destruction = version >= JournalFormat.FIRST_DESTRUCTION_VERSION;
            int collections = 0;
            if (destruction) {
                settings = SettingsCodec.read(b);
                initialBodies = InitialBodies.read(b, settings.maxBodies());
                collections = b.readInt();
                if (collections < 0 || collections > 100_000) {
                    throw new JournalFormatException("journal " + dir + " header is corrupted: " + collections
                            + " collections");
                }
            }
            int tag = b.readInt();
            if (destruction && tag == JournalFormat.HEADER_THREADS) {
                recordedThreads = b.readInt();
                if (recordedThreads < 1 || recordedThreads > dev.rubble.core.step.WorldSettings.MAX_THREADS) {
                    throw new JournalFormatException("journal " + dir + " header is corrupted: " + recordedThreads
                            + " threads");
                }
                settings = settings.withThreads(recordedThreads);
                tag = b.readInt();
            }
            if (tag != JournalFormat.END) {
                throw new JournalFormatException("journal " + dir + " header is corrupted: no end marker");
            }
            if (checksummed) {
                b.readInt(); // crc32c, checked above
            }
            header = new JournalHeader(version, engine, name, scenario, stages, dt, sub, first, created);
            movedCodec = version >= JournalFormat.FIRST_DELTA_VERSION ? MovedCodec.of(settings) : null;
            bytesRead = b.readPosition() - headerStart;
            documents = 1;
            readCollections(collections);
            expectedStep = first;
        } catch (JournalFormatException e) {
            queue.close();
            throw e;
        } catch (RuntimeException | InternalError e) {
            // InternalError: the JVM's report of a fault reading a memory-mapped file cut short
            queue.close();
            throw new JournalFormatException("journal " + dir + " header is corrupted or truncated: " + describe(e), e);
        }
        // the collections were read while the header's context was open, which leaves the tailer's
        // last read index one behind for the first step: a mark taken there would name the document
        // before it. Passing over the header and the collections again leaves the tailer as reset() does.
        try {
            if (!toSteps()) {
                throw new JournalFormatException("journal " + dir + " ends inside its header documents");
            }
            readTrackMode();
        } catch (RuntimeException e) {
            queue.close();
            throw e instanceof JournalFormatException ? e : new JournalFormatException("journal " + dir
                    + " header is corrupted or truncated: " + describe(e), e);
        }
    }

    private LossyTracks lossy;
    /** Version 5: the moved-bodies decoder (its references are part of the reading position); null before. */
    private MovedCodec movedCodec;
    private byte[] movedBlock = new byte[0];
    private long exactBytes;
    private int trackDocs;
    private byte[] lossyBlock = new byte[0];

    /** A lossy journal's track mode document (issue 31), right after the header documents; else back to the first step. */
    private void readTrackMode() {
        boolean track = false;
        try (DocumentContext dc = tailer.readingDocument()) {
            if (dc.isPresent()) {
                Bytes<?> b = dc.wire().bytes();
                long start = b.readPosition();
                if (b.readRemaining() >= 4 && b.readInt(start) == JournalFormat.KIND_TRACK) {
                    checkCrc(b, start, "the track mode document");
                    b.readInt();
                    double pe = b.readDouble(), re = b.readDouble(), ve = b.readDouble();
                    exactBytes = b.readLong();
                    if (b.readInt() != JournalFormat.END) {
                        throw new JournalFormatException("journal " + dir + ": the track mode document has no end marker");
                    }
                    try {
                        lossy = new LossyTracks(pe, re, ve, header.dt());
                    } catch (IllegalArgumentException e) {
                        throw new JournalFormatException("journal " + dir + ": the track mode document is corrupted: "
                                + e.getMessage(), e);
                    }
                    track = true;
                    documents++;
                }
            }
        }
        trackDocs = track ? 1 : 0;
        if (!track && !toSteps()) {
            throw new JournalFormatException("journal " + dir + " ends inside its header documents");
        }
    }

    /** The lossy track mode of this journal (issue 31), or null for an exact journal. */
    public LossyTracks lossyTracks() {
        return lossy;
    }

    /** A lossy journal's record of the payload bytes of the exact journal it was made from (0 for an exact one). */
    public long exactBytes() {
        return exactBytes;
    }

    /** The journal's directory. */
    public Path directory() {
        return dir;
    }

    /** Step slots timed in each step document (the header's list). */
    public int stageCount() {
        return stageCount;
    }

    /** Moves the tailer to the start and passes over the header and the collection documents. */
    private boolean toSteps() {
        tailer.toStart();
        boolean moved = true;
        for (int i = 0; i <= collectionImages.size() + trackDocs && moved; i++) {
            try (DocumentContext dc = tailer.readingDocument()) {
                moved = dc.isPresent();
            }
        }
        return moved;
    }

    /** Version 4: the collection documents right after the header, in placement order. */
    private void readCollections(int n) {
        for (int i = 0; i < n; i++) {
            try (DocumentContext dc = tailer.readingDocument()) {
                if (!dc.isPresent()) {
                    throw new JournalFormatException("journal " + dir + " ends before collection document " + i + " of " + n
                            + " (cut off while the header was written)");
                }
                documents++;
                Bytes<?> b = dc.wire().bytes();
                long start = b.readPosition();
                checkCrc(b, start, "collection document " + i);
                int kind = b.readInt(), index = b.readInt(), len = b.readInt();
                if (kind != JournalFormat.KIND_COLLECTION || index != i || len < 0 || len > b.readRemaining()) {
                    throw new JournalFormatException("journal " + dir + ": collection document " + i
                            + " is corrupted (kind 0x" + Integer.toHexString(kind) + ", index " + index + ", " + len + " bytes)");
                }
                byte[] img = new byte[len];
                b.read(img);
                if (b.readInt() != JournalFormat.END) {
                    throw new JournalFormatException("journal " + dir + ": collection document " + i + " has no end marker");
                }
                b.readInt(); // crc32c, checked above
                collectionImages.add(img);
                bytesRead += b.readPosition() - start;
            }
        }
    }

    /** Version 4: the world settings the recording ran with (null for older journals). */
    public dev.rubble.core.step.WorldSettings settings() {
        return settings;
    }

    /**
     * The thread count the recording stepped on (issue 26; also in {@link #settings()}), 0 when the
     * header does not say: a reproducible journal (nothing of the machine reaches it) or an older one.
     */
    public int recordedThreads() {
        return recordedThreads;
    }

    /** Version 4: every body when recording started (null for older journals). */
    public InitialBodies initialBodies() {
        return initialBodies;
    }

    /** Version 4: the {@code .rbc} image of each placed collection, in placement order (empty if none or older). */
    public List<byte[]> collectionImages() {
        return collectionImages;
    }

    /**
     * The world snapshot an attached journal starts from (docs/journal-format.md, "Start keyframe": a keyframe
     * document before the first step's documents, taken after step {@code firstStep - 1}), or null when the
     * journal has none. Call before the first {@link #next}; reading goes on from where it was.
     */
    public byte[] startSnapshot() {
        if (startRead) {
            return start;
        }
        startRead = true;
        Mark m = mark();
        KeyframeListener l = keyframeListener;
        long kr = keyframesRead, kb = keyframeBytesRead;
        keyframeListener = k -> { };
        try {
            if (nextDocument(new StepRecord()) == KEYFRAME && pendingKeyframe != null
                    && pendingKeyframe.step() == header.firstStep() - 1) {
                start = pendingKeyframe.snapshot();
            }
        } finally {
            pendingKeyframe = null;
            keyframeListener = l;
            keyframesRead = kr;
            keyframeBytesRead = kb;
            reset(m);
        }
        return start;
    }

    private boolean startRead;
    private byte[] start;

    /** Whether steps carry destruction events and hashes (version 4 and later). */
    public boolean hasDestruction() {
        return destruction;
    }

    /** Opens the journal in {@code dir} read-only and checks its header. */
    public static JournalReader open(Path dir) {
        Objects.requireNonNull(dir, "dir is null");
        if (!Files.isDirectory(dir)) {
            throw new JournalFormatException("journal directory " + dir + (Files.exists(dir) ? " is a file" : " does not exist")
                    + "; allowed: a journal directory (run --journal DIR)");
        }
        List<Path> files = cycleFiles(dir);
        if (files.isEmpty()) {
            throw new JournalFormatException("journal directory " + dir + " holds no journal (no .cq4 files); allowed:"
                    + " a directory `rubble run --journal` or `JournalWriter` wrote");
        }
        ChronicleStart.init();
        JournalFiles.check(dir, files);
        ChronicleQueue q;
        try {
            q = SingleChronicleQueueBuilder.binary(dir).rollCycle(JournalWriter.DEFAULT_ROLL_CYCLE).readOnly(true).build();
        } catch (RuntimeException | InternalError e) {
            throw new JournalFormatException("journal " + dir + " cannot be opened: " + describe(e), e);
        }
        return new JournalReader(dir, q);
    }

    /** The queue's data files (one per roll cycle), sorted by name, which is cycle order. */
    public static List<Path> cycleFiles(Path dir) {
        List<Path> out = new ArrayList<>();
        try (Stream<Path> s = Files.list(dir)) {
            s.filter(p -> p.getFileName().toString().endsWith(".cq4")).sorted().forEach(out::add);
        } catch (IOException e) {
            throw new JournalFormatException("cannot list journal directory " + dir + ": " + e.getMessage(), e);
        }
        return out;
    }

    /** Total size of the journal's files on disk, bytes (apparent size; Chronicle pre-allocates). */
    public static long diskBytes(Path dir) {
        long total = 0;
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                total += Files.size(p);
            }
        } catch (IOException e) {
            throw new JournalFormatException("cannot list journal directory " + dir + ": " + e.getMessage(), e);
        }
        return total;
    }

    /** Documents read so far (header, collections, steps, events, closing), as {@link JournalFraming} counts them. */
    public long documents() {
        return documents;
    }

    /** Payload bytes of the documents read so far (header and steps, without Chronicle's framing). */
    public long bytesRead() {
        return bytesRead;
    }

    public JournalHeader header() {
        return header;
    }

    /**
     * Slots at or above {@code limit} mark a step as corrupted (a world never has more slots than its
     * body budget); readers that rebuilt the world pass its {@code maxBodies}. Guards against a
     * corrupted slot number making a reader allocate for billions of bodies.
     */
    public void setSlotLimit(int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("slot limit " + limit + "; allowed: >= 1");
        }
        slotLimit = limit;
    }

    /**
     * Reads the next complete step into {@code r}; false at the end of the journal.
     *
     * @throws JournalFormatException if the step document is corrupted
     */
    public boolean next(StepRecord r) {
        r.stepEvents.clear();
        r.scaleCount = 0;
        r.unionBodies.clear();
        r.between.clear();
        r.hook.clear();
        r.constraintChanges.clear();
        long scaleStep = -1;
        int got;
        while ((got = nextDocument(r)) == EVENTS || got == SCALES || got == KEYFRAME || got == UNION_BODIES
                || got == BETWEEN || got == HOOK || got == CONSTRAINT_CHANGES) {
            if (got == CONSTRAINT_CHANGES) {
                if (r.constraintChanges.step != expectedStep) {
                    throw new JournalFormatException("journal " + dir + ": a constraint-changes document of step "
                            + r.constraintChanges.step + " where step " + expectedStep + " was expected");
                }
                continue;
            }
            if (got == BETWEEN || got == HOOK) {
                long of = got == BETWEEN ? lastBetweenStep : r.hook.step;
                if (of != expectedStep) {
                    throw new JournalFormatException("journal " + dir + ": a " + (got == BETWEEN ? "between-steps" : "hook")
                            + " document of step " + of + " where step " + expectedStep + " was expected");
                }
                continue;
            }
            if (got == UNION_BODIES) {
                if (lastUnionStep != expectedStep) {
                    throw new JournalFormatException("journal " + dir + ": a union-bodies document of step " + lastUnionStep
                            + " where step " + expectedStep + " was expected");
                }
                continue;
            }
            if (got == KEYFRAME) {
                if (pendingKeyframe != null) {
                    Keyframe k = pendingKeyframe;
                    pendingKeyframe = null;
                    keyframeListener.keyframe(new Keyframe(k.step(), k.snapshot(), mark()));
                }
                continue;
            }
            if (got == SCALES) {
                scaleStep = lastScaleStep;
                if (scaleStep != expectedStep) {
                    throw new JournalFormatException("journal " + dir + ": a removal-scale document of step " + scaleStep
                            + " where step " + expectedStep + " was expected");
                }
                continue;
            }
            if (r.stepEvents.step != expectedStep) {
                throw new JournalFormatException("journal " + dir + ": an events document of step " + r.stepEvents.step
                        + " where step " + expectedStep + " was expected");
            }
        }
        if (got == STEP && r.stepEvents.step >= 0 && r.stepEvents.step != r.step) {
            throw new JournalFormatException("journal " + dir + ": the events document of step " + r.stepEvents.step
                    + " is followed by step " + r.step);
        }
        return got == STEP;
    }

    private static final int END_OF_JOURNAL = 0, STEP = 1, EVENTS = 2, SCALES = 3, KEYFRAME = 4, UNION_BODIES = 5,
            BETWEEN = 6, HOOK = 7, CONSTRAINT_CHANGES = 8;
    private long lastUnionStep = -1, lastBetweenStep = -1;

    /** A keyframe read (issue 31): the step it follows, its snapshot bytes and where reading resumes after it. */
    public record Keyframe(long step, byte[] snapshot, Mark resume) {
    }

    /** A reading position: {@link #reset(Mark)} continues reading from it (seek, issue 31). */
    public record Mark(long index, long expectedStep, long stepsRead, long documents, long bytesRead, Object tracks) {
    }

    private KeyframeListener keyframeListener;

    /** Receives each keyframe document as it is read (skipped otherwise). */
    public interface KeyframeListener {
        void keyframe(Keyframe k);
    }

    public void onKeyframe(KeyframeListener l) {
        keyframeListener = l;
    }

    /** The position before the next document (taken between {@link #next} calls). */
    public Mark mark() {
        // before the first step the header's context was still open while the collections were read:
        // -1 = from the start, passing over the header and the collection documents
        return new Mark(atStart ? -1 : tailer.lastReadIndex(), expectedStep, stepsRead, documents, bytesRead,
                atStart ? null : new Object[] {lossy == null ? null : lossy.state(), movedCodec == null ? null : movedCodec.state()});
    }

    /** Continues reading at a position {@link #mark()} or a {@link Keyframe} gave. */
    public void reset(Mark m) {
        // the mark names the last document read: move there and pass over it
        boolean moved;
        if (m.index() == -1) {
            moved = toSteps();
            atStart = true;
        } else {
            moved = tailer.moveToIndex(m.index());
            if (moved) {
                try (DocumentContext dc = tailer.readingDocument()) {
                    moved = dc.isPresent();
                }
                moved &= tailer.lastReadIndex() == m.index();
            }
        }
        if (!moved) {
            throw new JournalFormatException("journal " + dir + ": cannot move back to document index 0x"
                    + Long.toHexString(m.index()) + " (the journal changed while it was read?)");
        }
        Object[] tracks = (Object[]) m.tracks();
        if (lossy != null) {
            lossy.restore(tracks == null ? null : tracks[0]);
        }
        if (movedCodec != null) {
            movedCodec.restore(tracks == null ? null : tracks[1]); // version 5: the moved-bodies references
        }
        expectedStep = m.expectedStep();
        stepsRead = m.stepsRead();
        documents = m.documents();
        bytesRead = m.bytesRead();
        closedCleanly = false;
    }

    private void readKeyframe(Bytes<?> b, long start) {
        b.readInt();
        long step = b.readLong();
        int len = b.readInt();
        if (step != expectedStep - 1 || len < 0 || len > b.readRemaining()) {
            throw new JournalFormatException("the keyframe document after step " + (expectedStep - 1)
                    + " is corrupted (step " + step + ", " + len + " bytes)");
        }
        if (keyframeListener == null) {
            b.readSkip(len);
        } else {
            byte[] snap = new byte[len];
            b.read(snap);
            pendingKeyframe = new Keyframe(step, snap, null);
        }
        if (b.readInt() != JournalFormat.END) {
            throw new JournalFormatException("the keyframe document after step " + step + " has no end marker");
        }
        bytesRead += b.readPosition() - start;
        keyframesRead++;
        keyframeBytesRead += b.readPosition() - start + 4;
    }

    private long keyframesRead, keyframeBytesRead;

    /** Keyframe documents read so far (issue 31). */
    public long keyframesRead() {
        return keyframesRead;
    }

    /** Bytes of the keyframe documents read so far, checksums included. */
    public long keyframeBytesRead() {
        return keyframeBytesRead;
    }

    private Keyframe pendingKeyframe;
    /** No document read since the header and its collections. */
    private boolean atStart = true;
    private long lastScaleStep;

    /** Reads one document: a step into {@code r}, or the events of the coming step into {@code r.stepEvents}. */
    private int nextDocument(StepRecord r) {
        if (closedCleanly) {
            return END_OF_JOURNAL;
        }
        try (DocumentContext dc = tailer.readingDocument()) {
            if (!dc.isPresent()) {
                return END_OF_JOURNAL;
            }
            atStart = false;
            documents++;
            Bytes<?> b = dc.wire().bytes();
            long start = b.readPosition();
            try {
                if (checksummed) {
                    checkCrc(b, start, "the document of step " + expectedStep + " (after step " + (expectedStep - 1) + ")");
                }
                if (b.readInt(start) == JournalFormat.KIND_CLOSE) {
                    readClose(b);
                    return END_OF_JOURNAL;
                }
                if (b.readInt(start) == JournalFormat.KIND_EVENTS) {
                    b.readInt();
                    EventsCodec.read(b, r.stepEvents);
                    if (b.readInt() != JournalFormat.END) {
                        throw new JournalFormatException("the events document of step " + r.stepEvents.step
                                + " has no end marker");
                    }
                    bytesRead += b.readPosition() - start;
                    return EVENTS;
                }
                if (b.readInt(start) == JournalFormat.KIND_KEYFRAME) {
                    readKeyframe(b, start);
                    return KEYFRAME;
                }
                if (b.readInt(start) == JournalFormat.KIND_UNION_BODIES) {
                    b.readInt();
                    lastUnionStep = UnionBodiesCodec.read(b, r.unionBodies);
                    if (b.readInt() != JournalFormat.END) {
                        throw new JournalFormatException("the union-bodies document of step " + lastUnionStep
                                + " has no end marker");
                    }
                    bytesRead += b.readPosition() - start;
                    return UNION_BODIES;
                }
                if (b.readInt(start) == JournalFormat.KIND_BETWEEN) {
                    b.readInt();
                    lastBetweenStep = BetweenSteps.read(b, r.between, slotLimit);
                    if (b.readInt() != JournalFormat.END) {
                        throw new JournalFormatException("the between-steps document of step " + lastBetweenStep
                                + " has no end marker");
                    }
                    bytesRead += b.readPosition() - start;
                    return BETWEEN;
                }
                if (b.readInt(start) == JournalFormat.KIND_HOOK) {
                    b.readInt();
                    r.hook.read(b, slotLimit);
                    if (b.readInt() != JournalFormat.END) {
                        throw new JournalFormatException("the hook document of step " + r.hook.step + " has no end marker");
                    }
                    bytesRead += b.readPosition() - start;
                    return HOOK;
                }
                if (b.readInt(start) == JournalFormat.KIND_CONSTRAINT_CHANGES) {
                    b.readInt();
                    long of = r.constraintChanges.read(b);
                    if (b.readInt() != JournalFormat.END) {
                        throw new JournalFormatException("the constraint-changes document of step " + of + " has no end marker");
                    }
                    bytesRead += b.readPosition() - start;
                    return CONSTRAINT_CHANGES;
                }
                if (b.readInt(start) == JournalFormat.KIND_SCALE) {
                    b.readInt();
                    readScales(b, r);
                    bytesRead += b.readPosition() - start;
                    return SCALES;
                }
                decodeStep(b, r);
                if (checksummed) {
                    b.readInt(); // crc32c, checked above
                }
                r.bytes = (int) (b.readPosition() - start);
                bytesRead += r.bytes;
            } catch (JournalFormatException e) {
                throw new JournalFormatException("journal " + dir + ", document " + documents + ": " + e.getMessage(), e);
            } catch (RuntimeException e) {
                throw new JournalFormatException("journal " + dir + ", document " + documents
                        + " is corrupted or truncated: " + describe(e), e);
            }
            sequence(r.step);
            return STEP;
        } catch (JournalFormatException e) {
            throw e;
        } catch (RuntimeException | InternalError e) {
            // InternalError: a fault reading the memory-mapped cycle file (truncated under the mapping)
            throw new JournalFormatException("journal " + dir + " is truncated or damaged after step " + (expectedStep - 1)
                    + " (document " + documents + "): " + describe(e), e);
        }
    }

    private void readScales(Bytes<?> b, StepRecord r) {
        lastScaleStep = b.readLong();
        int n = b.readInt();
        if (n < 0 || n > slotLimit) {
            throw new JournalFormatException("the removal-scale document of step " + lastScaleStep + " is corrupted: "
                    + n + " bodies");
        }
        if (r.scaleSlot.length < n) {
            r.scaleSlot = new int[n];
            r.scaleGen = new int[n];
            r.scale = new double[n];
        }
        for (int i = 0; i < n; i++) {
            r.scaleSlot[i] = b.readInt();
            r.scaleGen[i] = b.readInt();
            r.scale[i] = Double.longBitsToDouble(b.readLong());
            if (r.scaleSlot[i] < 0 || r.scaleSlot[i] >= slotLimit || !(r.scale[i] >= 0 && r.scale[i] < 1)) {
                throw new JournalFormatException("the removal-scale document of step " + lastScaleStep
                        + " is corrupted: slot " + r.scaleSlot[i] + " scale " + r.scale[i]);
            }
        }
        r.scaleCount = n;
        if (b.readInt() != JournalFormat.END) {
            throw new JournalFormatException("the removal-scale document of step " + lastScaleStep + " has no end marker");
        }
    }

    /** Steps must follow each other without gaps: tells a missing or swapped cycle file from the end. */
    private void sequence(long step) {
        if (step > expectedStep) {
            throw new JournalFormatException("journal " + dir + " has a gap: steps " + expectedStep + ".." + (step - 1)
                    + " are missing before step " + step + " (a cycle file deleted or emptied?)");
        }
        if (step < expectedStep) {
            throw new JournalFormatException("journal " + dir + " is out of order: step " + step + " follows step "
                    + (expectedStep - 1) + " (cycle files swapped or renamed?)");
        }
        expectedStep = step + 1;
        stepsRead++;
    }

    private void readClose(Bytes<?> b) {
        b.readInt();
        long steps = b.readLong();
        long last = b.readLong();
        if (b.readInt() != JournalFormat.END) {
            throw new JournalFormatException("the closing document is corrupted: no end marker");
        }
        if (steps != stepsRead || (steps > 0 && last != expectedStep - 1)) {
            throw new JournalFormatException("the closing document says " + steps + " steps ending at step " + last
                    + ", but " + stepsRead + " were read, ending at step " + (expectedStep - 1)
                    + " (steps are missing: a cycle file deleted or emptied?)");
        }
        closedCleanly = true;
    }

    /** Version 2: the document's last 4 bytes are the CRC-32C of everything before them. */
    private void checkCrc(Bytes<?> b, long start, String what) {
        long end = b.readLimit();
        if (end - start < 8) {
            throw new JournalFormatException(what + " is damaged: " + (end - start) + " bytes is too short");
        }
        int stored = b.readInt(end - 4);
        int computed = checksum.of(b, start, end - 4);
        if (stored != computed) {
            throw new JournalFormatException(what + " is damaged: its checksum (CRC-32C) is 0x"
                    + Integer.toHexString(stored) + " but its bytes give 0x" + Integer.toHexString(computed)
                    + "; the file was changed after it was written (this is damage, not a determinism divergence)");
        }
    }

    /**
     * Whether the journal ended with the writer's closing document (version 2): false while reading,
     * and at the end of a recording that was cut off (the recorder killed) or of a version 1 journal.
     */
    public boolean closedCleanly() {
        return closedCleanly;
    }

    /** Whether the documents carry checksums (format version 2 and later). */
    public boolean checksummed() {
        return checksummed;
    }

    private void decodeStep(Bytes<?> b, StepRecord r) {
        int kind = b.readInt();
        boolean lossyStep = kind == JournalFormat.KIND_LOSSY_STEP && lossy != null;
        if (kind != JournalFormat.KIND_STEP && !lossyStep) {
            throw new JournalFormatException("expected a step document, found kind 0x" + Integer.toHexString(kind));
        }
        r.step = b.readLong();
        if (r.step != expectedStep && movedCodec != null) {
            sequence(r.step); // a gap or a step going back, named as such before its block is decoded against the wrong step
        }
        r.time = b.readDouble();
        r.stateHash = b.readLong();
        r.wallNanos = b.readLong();
        java.util.Arrays.fill(r.stageNanos, 0);
        for (int i = 0; i < stageCount; i++) {
            long ns = b.readLong();
            if (stageSlot[i] >= 0) {
                r.stageNanos[stageSlot[i]] += ns;
            }
        }
        r.totalNanos = b.readLong();
        r.awake = b.readInt();
        r.sleeping = b.readInt();
        r.statics = b.readInt();
        r.disabled = b.readInt();
        r.kinematic = b.readInt();
        r.pairs = b.readInt();
        r.spawned = b.readInt();
        r.removed = b.readInt();
        int nc = count(b, 1, "commands", r.step);
        r.commands.clear();
        for (int i = 0; i < nc; i++) {
            r.commands.add(CommandCodec.read(b));
        }
        int nch = count(b, 10, "state changes", r.step);
        r.ensureChanges(nch);
        for (int i = 0; i < nch; i++) {
            r.changeSlot[i] = slot(b.readInt(), r.step);
            r.changeGen[i] = b.readInt();
            r.changeFrom[i] = code(b.readByte(), JournalFormat.ABSENT, STATES - 1, "state", r.step);
            r.changeTo[i] = code(b.readByte(), JournalFormat.ABSENT, STATES - 1, "state", r.step);
        }
        r.changeCount = nch;
        if (lossyStep) {
            int n = count(b, 1, "lossy block bytes", r.step);
            if (lossyBlock.length < n) {
                lossyBlock = new byte[Math.max(n, 2 * lossyBlock.length)];
            }
            b.read(lossyBlock, 0, n);
            lossy.decode(lossyBlock, n, r, slotLimit);
            r.movedBytes = 4 + n;
        }
        if (!lossyStep && movedCodec != null) {
            decodeMoved(b, r);
        }
        int nm = lossyStep || movedCodec != null ? 0 : count(b, 10 + 8 * StepRecord.FIELDS, "moved bodies", r.step);
        if (!lossyStep && movedCodec == null) {
            r.ensureMoved(nm);
        }
        double[] m = r.moved;
        for (int i = 0; i < nm; i++) {
            r.movedSlot[i] = slot(b.readInt(), r.step);
            r.movedGen[i] = b.readInt();
            r.movedState[i] = code(b.readByte(), 0, STATES - 1, "state", r.step);
            r.movedMotion[i] = code(b.readByte(), 0, MOTIONS - 1, "motion", r.step);
            int o = i * StepRecord.FIELDS;
            for (int f = 0; f < StepRecord.FIELDS; f++) {
                m[o + f] = b.readDouble();
            }
        }
        if (!lossyStep && movedCodec == null) {
            r.movedCount = nm;
            r.movedBytes = 4 + nm * (10 + 8 * StepRecord.FIELDS);
        }
        if (destruction) {
            readEvents(b, r);
            r.destructionHash = b.readLong();
        } else {
            int events = b.readInt();
            if (events != 0) {
                throw new JournalFormatException("step " + r.step + " has " + events + " events; this version records none");
            }
            r.eventCount = 0;
            r.destructionHash = 0;
        }
        r.hasDestruction = destruction;
        int end = b.readInt();
        if (end != JournalFormat.END) {
            throw new JournalFormatException("step " + r.step + " is corrupted: end marker 0x" + Integer.toHexString(end)
                    + ", expected 0x" + Integer.toHexString(JournalFormat.END));
        }
    }

    /** Version 5: the moved-bodies block ({@link MovedCodec}): count, byte length, bodies. */
    private void decodeMoved(Bytes<?> b, StepRecord r) {
        int nm = count(b, MovedCodec.MIN_BODY_BYTES, "moved bodies", r.step);
        int len = b.readInt();
        if (len < (long) nm * MovedCodec.MIN_BODY_BYTES || len > b.readRemaining()) {
            throw new JournalFormatException("step " + r.step + " is corrupted: a moved-bodies block of " + len
                    + " bytes for " + nm + " bodies, with " + b.readRemaining() + " bytes left");
        }
        if (movedBlock.length < len) {
            movedBlock = new byte[Math.max(len, 2 * movedBlock.length)];
        }
        b.read(movedBlock, 0, len);
        r.ensureMoved(nm);
        try {
            movedCodec.decode(movedBlock, len, nm, slotLimit, r.movedSlot, r.movedGen, r.movedState, r.movedMotion, r.moved);
        } catch (MovedCodec.Corrupt e) {
            throw new JournalFormatException("step " + r.step + " is corrupted: " + e.getMessage(), e);
        }
        for (int i = 0; i < nm; i++) {
            code(r.movedState[i], 0, STATES - 1, "state", r.step);
            code(r.movedMotion[i], 0, MOTIONS - 1, "motion", r.step);
        }
        r.movedCount = nm;
        r.movedBytes = 8 + len;
    }

    private void readEvents(Bytes<?> b, StepRecord r) {
        int n = count(b, 1 + 4 + 4 + 8 + 8 + 15 * 8 + 4, "events", r.step);
        r.ensureEvents(n);
        int members = 0;
        for (int i = 0; i < n; i++) {
            r.eventKind[i] = code(b.readByte(), 0, dev.rubble.core.destruction.BreakEvents.KILLED, "event kind", r.step);
            r.eventCollection[i] = b.readInt();
            r.eventNode[i] = b.readInt();
            r.eventBody[i] = b.readLong();
            r.eventFrom[i] = b.readLong();
            int o = i * StepRecord.FIELDS;
            for (int f = 0; f < StepRecord.FIELDS; f++) {
                r.eventMotion[o + f] = b.readDouble();
            }
            r.eventMass[i] = b.readDouble();
            r.eventLoad[i] = b.readDouble();
            int m = count(b, 4, "cluster members", r.step);
            r.eventMemberStart[i] = members;
            r.ensureMembers(members + m);
            for (int k = 0; k < m; k++) {
                r.eventMembers[members++] = b.readInt();
            }
        }
        r.eventMemberStart[n] = members;
        r.eventCount = n;
    }

    private int slot(int s, long step) {
        if (s < 0 || s >= slotLimit) {
            throw new JournalFormatException("step " + step + " is corrupted: body slot " + s + " is outside [0, " + slotLimit + ")");
        }
        return s;
    }

    private static byte code(byte v, int min, int max, String what, long step) {
        if (v < min || v > max) {
            throw new JournalFormatException("step " + step + " is corrupted: " + what + " code " + v + " is outside ["
                    + min + ", " + max + "]");
        }
        return v;
    }

    /** Reads a count and checks it fits in the rest of the document at {@code minBytes} per item. */
    private static int count(Bytes<?> b, int minBytes, String what, long step) {
        int n = b.readInt();
        if (n < 0 || (long) n * minBytes > b.readRemaining()) {
            throw new JournalFormatException("step " + step + " is corrupted: " + n + " " + what + " do not fit in the "
                    + b.readRemaining() + " bytes left");
        }
        return n;
    }

    private static String describe(Throwable e) {
        if (e instanceof InternalError && e.getMessage() != null && e.getMessage().contains("unsafe memory access")) {
            // the JVM's words for reading past the end of a mapped file ("a fault occurred in a recent unsafe memory
            // access operation in compiled Java code") told the user nothing about the journal
            return "a cycle file ends before the data recorded in it (the file was cut short)";
        }
        String m = e.getMessage();
        return e.getClass().getSimpleName() + (m == null ? "" : ": " + m.replace('\n', ' '));
    }

    @Override
    public void close() {
        tailer.close();
        queue.close();
    }

    /**
     * The current slot a recorded label means: the same label, or for version 1's "islands" (wake
     * and sleep timed together) the SLEEP slot; -1 for a label this rubble does not know.
     */
    static int slotOf(String label) {
        StepSlot s = StepSlot.byLabel(label);
        if (s == null && "islands".equals(label)) {
            s = StepSlot.SLEEP;
        }
        return s == null ? -1 : s.ordinal();
    }
}
