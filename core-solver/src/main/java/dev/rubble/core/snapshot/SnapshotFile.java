package dev.rubble.core.snapshot;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32C;

/**
 * The container of a snapshot (docs/snapshot-format.md): magic, version, tagged sections with
 * their lengths, an END section and a CRC-32C of every byte before it. Big-endian throughout.
 *
 * <pre>
 *  "RUBBLESN"  u16 version  u16 flags (0)
 *  { tag: 4 ASCII bytes, length: u64, payload: length bytes }*   in the order of {@link #SECTIONS}
 *  "END!" 0
 *  u32 CRC-32C (Castagnoli) of every byte above
 * </pre>
 *
 * Reading checks, in this order and naming the first failure: the magic, the version, every
 * section's tag and that its length fits in the file (else "truncated"), the END section, the CRC.
 */
final class SnapshotFile {
    static final byte[] MAGIC = "RUBBLESN".getBytes(StandardCharsets.US_ASCII);
    /**
     * The newest format version this build reads, and the one it writes for a world with game-loop state
     * ({@code PhysicsWorld.update}); a world without it is written as version 10, byte for byte as before.
     */
    static final int VERSION = 11;
    /** The version written for a world without game-loop state. */
    static final int VERSION_NO_FRAMES = 10;
    static final String END = "END!";
    /**
     * Sections of version 11, in file order: version 10 plus FRAM (the game loop's accumulator, limit,
     * dropped steps and the poses before its last step; {@code FrameState}) before CMDS.
     */
    static final List<String> SECTIONS = List.of("META", "SETT", "CLCK", "SHAP", "BODY", "STAT", "CONT", "DEST", "SOFT",
            "FELD", "EVNT", "UNIO", "JNTS", "FILT", "STRS", "FRAM", "CMDS");
    /**
     * Sections of version 10 (written for worlds without game-loop state): version 9 plus STRS (stress
     * models and their state, issue 30) before CMDS.
     */
    static final List<String> SECTIONS_V10 = List.of("META", "SETT", "CLCK", "SHAP", "BODY", "STAT", "CONT", "DEST", "SOFT",
            "FELD", "EVNT", "UNIO", "JNTS", "FILT", "STRS", "CMDS");
    /**
     * Sections of version 9 (still read): version 8's; EVNT carries 12 event kinds (constraint
     * breaks, issue 29, after the first eleven).
     */
    static final List<String> SECTIONS_V9 = List.of("META", "SETT", "CLCK", "SHAP", "BODY", "STAT", "CONT", "DEST", "SOFT",
            "FELD", "EVNT", "UNIO", "JNTS", "FILT", "CMDS");
    /** Sections of version 8 (still read): version 7 plus FILT (ignored body pairs, issue 28) before CMDS; EVNT has 11 kinds. */
    static final List<String> SECTIONS_V8 = SECTIONS_V9;
    /** Sections of version 7 (still read): version 6 plus JNTS (constraints, issue 29) before CMDS. */
    static final List<String> SECTIONS_V7 = List.of("META", "SETT", "CLCK", "SHAP", "BODY", "STAT", "CONT", "DEST", "SOFT",
            "FELD", "EVNT", "UNIO", "JNTS", "CMDS");
    /** Sections of version 6 (still read): version 5 plus UNIO (cluster unions, issue 29) before CMDS. */
    static final List<String> SECTIONS_V6 = List.of("META", "SETT", "CLCK", "SHAP", "BODY", "STAT", "CONT", "DEST", "SOFT",
            "FELD", "EVNT", "UNIO", "CMDS");
    /** Sections of version 5 (still read): version 4 plus EVNT (event switches, issue 25) before CMDS. */
    static final List<String> SECTIONS_V5 = List.of("META", "SETT", "CLCK", "SHAP", "BODY", "STAT", "CONT", "DEST", "SOFT",
            "FELD", "EVNT", "CMDS");
    /** Sections of version 4 (still read): version 3 plus FELD (fields, issue 24) before CMDS. */
    static final List<String> SECTIONS_V4 = List.of("META", "SETT", "CLCK", "SHAP", "BODY", "STAT", "CONT", "DEST", "SOFT",
            "FELD", "CMDS");
    /** Sections of version 3 (still read): version 2 plus SOFT (soft bodies) before CMDS. */
    static final List<String> SECTIONS_V3 = List.of("META", "SETT", "CLCK", "SHAP", "BODY", "STAT", "CONT", "DEST", "SOFT",
            "CMDS");
    /** Sections of version 2 (still read): version 1 plus DEST (destruction) before CMDS; no SOFT. */
    static final List<String> SECTIONS_V2 = List.of("META", "SETT", "CLCK", "SHAP", "BODY", "STAT", "CONT", "DEST", "CMDS");
    /** Sections of version 1 (still read): no DEST. */
    static final List<String> SECTIONS_V1 = List.of("META", "SETT", "CLCK", "SHAP", "BODY", "STAT", "CONT", "CMDS");
    private static final int HEADER = MAGIC.length + 4;

    /**
     * The event kinds section EVNT holds in format {@code version}: 11 up to version 8 (begin .. moved),
     * 12 from version 9 (constraint breaks). The one place the kind count is versioned.
     */
    static int eventKinds(int version) {
        return version <= 8 ? 11 : 12;
    }

    /** The format version of {@code file} (checked by {@link #parse} first). */
    static int version(byte[] file) {
        return ((file[MAGIC.length] & 0xff) << 8) | (file[MAGIC.length + 1] & 0xff);
    }

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream(1 << 16);
    private final DataOutputStream out = new DataOutputStream(bytes);
    private int next;
    private final List<String> order;

    /** A file of {@code version} ({@link #VERSION} or {@link #VERSION_NO_FRAMES}). */
    SnapshotFile(int version) throws IOException {
        if (version != VERSION && version != VERSION_NO_FRAMES) {
            throw new IllegalArgumentException("snapshot version " + version + "; allowed: " + VERSION_NO_FRAMES + ", " + VERSION);
        }
        order = version == VERSION ? SECTIONS : SECTIONS_V10;
        out.write(MAGIC);
        out.writeShort(version);
        out.writeShort(0);
    }

    /** Appends the next section (in the version's order). */
    void section(String tag, byte[] payload) throws IOException {
        if (next >= order.size() || !order.get(next).equals(tag)) {
            throw new IllegalStateException("section " + tag + " out of order");
        }
        next++;
        out.write(tag.getBytes(StandardCharsets.US_ASCII));
        out.writeLong(payload.length);
        out.write(payload);
    }

    /**
     * Writes END, the CRC and everything to {@code to}; returns the file's {@link #fingerprint}.
     */
    long finish(OutputStream to) throws IOException {
        if (next != order.size()) {
            throw new IllegalStateException("missing section " + order.get(next));
        }
        out.write(END.getBytes(StandardCharsets.US_ASCII));
        out.writeLong(0);
        out.flush();
        byte[] all = bytes.toByteArray();
        CRC32C crc = new CRC32C();
        crc.update(all, 0, all.length);
        to.write(all);
        to.write(ByteBuffer.allocate(4).putInt((int) crc.getValue()).array());
        to.flush();
        return fingerprint((int) crc.getValue(), all.length + 4L);
    }

    /**
     * A snapshot file's fingerprint: its stored CRC-32C and its length, which name its bytes without
     * keeping them (the API recognises a snapshot a world of this JVM saved; docs/java-api.md "Ids and
     * worlds"). {@code file} must have passed {@link #parse}.
     */
    static long fingerprint(byte[] file) {
        return fingerprint(ByteBuffer.wrap(file, file.length - 4, 4).getInt(), file.length);
    }

    private static long fingerprint(int crc, long length) {
        return (crc & 0xffffffffL) | length << 32;
    }

    /**
     * Checks the container of {@code file} ({@code name} for messages) and returns its sections'
     * payloads by tag, in file order.
     *
     * @throws SnapshotException naming the first problem
     */
    static Map<String, byte[]> parse(byte[] file, String name) {
        if (file.length < MAGIC.length || !java.util.Arrays.equals(file, 0, MAGIC.length, MAGIC, 0, MAGIC.length)) {
            throw new SnapshotException(name + " is not a Rubble snapshot: it does not start with the magic 'RUBBLESN'"
                    + (file.length < MAGIC.length ? " (only " + file.length + " bytes)" : ""));
        }
        if (file.length < HEADER) {
            throw new SnapshotException(name + " is truncated: " + file.length + " bytes, the header alone needs " + HEADER);
        }
        ByteBuffer b = ByteBuffer.wrap(file);
        b.position(MAGIC.length);
        int version = Short.toUnsignedInt(b.getShort());
        b.getShort(); // flags, none defined
        if (version > VERSION) {
            throw new SnapshotException(name + " has snapshot format version " + version
                    + ", newer than this build reads; allowed: 1.." + VERSION);
        }
        if (version < 1) {
            throw new SnapshotException(name + " has snapshot format version " + version + "; allowed: 1.." + VERSION);
        }
        Map<String, byte[]> sections = new LinkedHashMap<>();
        List<String> expected = new ArrayList<>(version == 1 ? SECTIONS_V1 : version == 2 ? SECTIONS_V2
                : version == 3 ? SECTIONS_V3 : version == 4 ? SECTIONS_V4 : version == 5 ? SECTIONS_V5 : version == 6 ? SECTIONS_V6 : version == 7 ? SECTIONS_V7
                : version == 8 ? SECTIONS_V8 : version == 9 ? SECTIONS_V9 : version == 10 ? SECTIONS_V10 : SECTIONS);
        expected.add(END);
        for (String want : expected) {
            int at = b.position();
            if (b.remaining() < 12) {
                throw new SnapshotException(name + " is truncated at byte " + file.length + ": section " + want
                        + " (" + b.remaining() + " bytes left, its header needs 12)");
            }
            byte[] tagBytes = new byte[4];
            b.get(tagBytes);
            String tag = new String(tagBytes, StandardCharsets.ISO_8859_1);
            if (!tag.equals(want)) {
                throw new SnapshotException(name + " is damaged: section '" + printable(tag) + "' at byte " + at
                        + " where section " + want + " belongs");
            }
            long length = b.getLong();
            if (length < 0 || length > b.remaining()) {
                throw new SnapshotException(name + " is truncated at byte " + file.length + ": section " + tag
                        + " at byte " + at + " needs " + length + " bytes, " + b.remaining() + " are left");
            }
            byte[] payload = new byte[(int) length];
            b.get(payload);
            if (!tag.equals(END)) {
                sections.put(tag, payload);
            }
        }
        int end = b.position();
        if (b.remaining() < 4) {
            throw new SnapshotException(name + " is truncated at byte " + file.length + ": the CRC-32C after byte "
                    + end + " is missing");
        }
        int stored = b.getInt();
        if (b.remaining() != 0) {
            throw new SnapshotException(name + " is damaged: " + b.remaining() + " bytes after the CRC-32C at byte " + end);
        }
        CRC32C crc = new CRC32C();
        crc.update(file, 0, end);
        if ((int) crc.getValue() != stored) {
            throw new SnapshotException(String.format("%s is damaged: CRC-32C mismatch (stored %08x, computed %08x over %d bytes)",
                    name, stored, (int) crc.getValue(), end));
        }
        return sections;
    }

    private static String printable(String s) {
        StringBuilder sb = new StringBuilder();
        for (char c : s.toCharArray()) {
            sb.append(c >= 0x20 && c < 0x7f ? String.valueOf(c) : String.format("\\x%02x", (int) c));
        }
        return sb.toString();
    }
}
