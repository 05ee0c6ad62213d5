package dev.rubble.cache.journal;

/**
 * Constants of the journal format (docs/journal-format.md). A journal is a Chronicle Queue
 * directory: the first document is the header, then one document per step. Every document starts
 * with a 4-byte kind tag and ends with {@link #END}; a document without its end marker (a process
 * killed mid-write) ends the readable journal.
 */
public final class JournalFormat {
    /** "RUBBLEJ1" as 8 ASCII bytes in a big-endian long: the first field of the header. */
    public static final long MAGIC = 0x5255_4242_4C45_4A31L;
    /**
     * The version of the document layouts this code writes.
     * <ul>
     *   <li>Version 2 (the named step slots) keeps version 1's layout; readers key a step's slot
     *       times by the labels the header lists, so a journal whose slot list is older (version 1:
     *       "islands" where later versions have "wake" and "sleep", no "fields", "destruction",
     *       "removal", "events") still reads.</li>
     *   <li>Version 3 adds, after every document's end marker, a CRC-32C of the document (kind tag
     *       to end marker), and a closing document written when the recording ends normally.</li>
     *   <li>Version 4 (issue 14) adds to the header the full world settings, every body as it was
     *       when recording started and the number of collection documents that follow it (the
     *       {@code .rbc} image of each placed collection); to each step the destruction events and
     *       a destruction hash.</li>
     *   <li>Version 5 (issue 27) changes only a step's moved-bodies block: a count, a byte length and
     *       each body as {@link MovedCodec} encodes it (XOR with a prediction from the slot's last
     *       record, significant bytes only): lossless, and a body that did not change costs 10 bytes.</li>
     *   <li>Version 6 keeps version 5's layout; its step and keyframe state hashes are
     *       {@link dev.rubble.core.body.StateHash} version 2 (a word at a time, about 8 times cheaper to
     *       compute every step). A world rebuilt from an older journal hashes in version 1, so its
     *       recorded hashes still verify.</li>
     * </ul>
     * Versions 1 to 5 are still read.
     */
    public static final int VERSION = 6;
    /** The first version whose state hashes are {@link dev.rubble.core.body.StateHash} version 2 (earlier: 1). */
    public static final int FIRST_WORD_HASH_VERSION = 6;

    /** The state hash version a journal of format {@code formatVersion} recorded. */
    public static int stateHashVersion(int formatVersion) {
        return formatVersion >= FIRST_WORD_HASH_VERSION ? 2 : 1;
    }
    /** The first version whose moved bodies are {@link MovedCodec} blocks. */
    public static final int FIRST_DELTA_VERSION = 5;
    /** The first version with settings, initial bodies, collections, events and destruction hashes. */
    public static final int FIRST_DESTRUCTION_VERSION = 4;
    /** The oldest version this code reads. */
    public static final int OLDEST_READABLE = 1;
    /** The same, under the name the checksum code uses. */
    public static final int OLDEST_READABLE_VERSION = OLDEST_READABLE;
    /** The first version whose documents end with a CRC-32C (field {@code crc32c}, after {@link #END}). */
    public static final int FIRST_CHECKSUMMED_VERSION = 3;
    /** Engine version written into headers. */
    public static final String ENGINE_VERSION = "rubble 0.1.0";
    /** Kind tag of the header document ("HEAD"). */
    public static final int KIND_HEADER = 0x48454144;
    /** Kind tag of a step document ("STEP"). */
    public static final int KIND_STEP = 0x53544550;
    /** Kind tag of the closing document ("FIN!"): written when the writer closes; absent if it was killed. */
    public static final int KIND_CLOSE = 0x46494E21;
    /** Kind tag of a collection document ("COLL", version 4): one placed collection's .rbc image. */
    public static final int KIND_COLLECTION = 0x434F4C4C;
    /**
     * Kind tag of an events document ("EVTS"): the gathered step events (docs/events.md), written
     * just before the step document of a step that has any; absent otherwise.
     */
    /**
     * The removal-scale document ("SCAL", issue 31): the bodies drawn shrunk at the end of a step
     * (removal scale below 1), written just before the step's document (after its events document)
     * and only for steps that have any: journals without removal timers are unchanged.
     */
    public static final int KIND_SCALE = 0x5343414C;
    public static final int KIND_EVENTS = 0x45565453;
    /**
     * The union-bodies document ("UBOD", issue 29): the cluster-union bodies a step created and
     * retired, in order ({@link UnionBodiesCodec}), written just before the step's document and only
     * for steps that have any: journals without unions are unchanged.
     */
    public static final int KIND_UNION_BODIES = 0x55424F44;
    /**
     * The between-steps document ("BTWN"): the changes the world made at once between the previous
     * step and this one — bodies created ({@code PhysicsWorld.addBody}), removed or set to a state
     * through the kernel, collections placed ({@code WorldDestruction.place}) — in the order they were
     * made ({@link BetweenSteps}), written first among a step's documents and only for steps that
     * follow any: journals without such changes are unchanged. Verify, seek and playback make the same
     * changes before the step.
     */
    public static final int KIND_BETWEEN = 0x4254574E;
    /**
     * The hook document ("HOOK"): a step run with a pre-solve hook installed, and the hook's answers
     * in call order ({@link HookAnswers}), written just before the step's document and only for such
     * steps: journals of worlds without a hook are unchanged. Verify and seek answer from it instead
     * of calling code they do not have.
     */
    public static final int KIND_HOOK = 0x484F4F4B;
    /**
     * The constraint-changes document ("JNTC", {@link ConstraintChanges}): the constraints a step broke, removed or
     * re-bound to a piece by itself (not by its commands), written just before the step's document and only for
     * steps that have any: journals without such changes are unchanged. Playback applies them to its world's joints.
     */
    public static final int KIND_CONSTRAINT_CHANGES = 0x4A4E5443;
    /** A keyframe (issue 31, seek): a world snapshot after a step ("KEYF"), docs/journal-format.md. */
    public static final int KIND_KEYFRAME = 0x4B455946;
    /**
     * The track mode document ("TRCK", issue 31): present right after the header (and its
     * collection documents) in a lossy journal only: the stated maximum position, rotation and
     * velocity errors and the payload bytes of the exact journal it was made from.
     */
    public static final int KIND_TRACK = 0x5452434B;
    /** A step of a lossy journal ("QSTP"): a step document whose moved bodies are a {@link LossyTracks} block. */
    public static final int KIND_LOSSY_STEP = 0x51535450;
    /**
     * Tag of the header's optional thread-count field ("THRD", issue 26): in a version-4 header after
     * the collection count, before the end marker, the tag and the thread count (int32) the recording
     * stepped on. Written by every journal but a reproducible one (nothing of the machine reaches
     * those, so they stay byte-identical for every thread count); absent, the count is unknown and a
     * re-simulation runs on one thread. The result is the same bits for every count either way.
     */
    public static final int HEADER_THREADS = 0x54485244;
    /** Marker closing every document ("END!"). */
    public static final int END = 0x454E4421;

    /** State-change codes: the body did not exist before / exists no more. */
    public static final byte ABSENT = -1;

    private JournalFormat() {
    }
}
