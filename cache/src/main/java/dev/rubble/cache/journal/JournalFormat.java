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
     * The version of the document layouts this code writes. Version 2 (the named step slots)
     * keeps version 1's layout; what changed is that readers key a step's slot times by the labels
     * the header lists, so a journal whose slot list is older (version 1: "islands" where version 2
     * has "wake" and "sleep", no "fields", "destruction", "removal", "events") still reads.
     */
    public static final int VERSION = 2;
    /** The oldest version this code reads. */
    public static final int OLDEST_READABLE = 1;
    /** Engine version written into headers. */
    public static final String ENGINE_VERSION = "rubble 0.1.0";
    /** Kind tag of the header document ("HEAD"). */
    public static final int KIND_HEADER = 0x48454144;
    /** Kind tag of a step document ("STEP"). */
    public static final int KIND_STEP = 0x53544550;
    /** Marker closing every document ("END!"). */
    public static final int END = 0x454E4421;

    /** State-change codes: the body did not exist before / exists no more. */
    public static final byte ABSENT = -1;

    private JournalFormat() {
    }
}
