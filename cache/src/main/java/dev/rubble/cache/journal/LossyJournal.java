package dev.rubble.cache.journal;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import java.util.zip.CRC32C;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.DocumentContext;

/**
 * Makes a lossy journal from an exact one (issue 31, Deliver 4; {@code rubble journal compress}):
 * every document is copied as it is (header, collections, events, removal scales, closing record)
 * except keyframes (dropped: their snapshots are exact, and a lossy journal seeks from its start)
 * and steps, whose moved bodies become a {@link LossyTracks} block ("QSTP" documents); a track mode
 * document ("TRCK") after the header states the error bounds and the exact journal's size. Readers
 * decode a lossy journal into the same step records, within the bounds; {@code verify} refuses it.
 */
public final class LossyJournal {
    /**
     * What a compression did: document payload bytes of the exact and the lossy journal, steps, and
     * the bytes of the moved bodies (the tracks) alone in each.
     */
    public record Result(long exactBytes, long lossyBytes, long steps, long exactTrackBytes, long lossyTrackBytes) {
        /** exact / lossy. */
        public double factor() {
            return lossyBytes == 0 ? 0 : (double) exactBytes / lossyBytes;
        }
    }

    private LossyJournal() {
    }

    /**
     * Writes the lossy copy of the exact journal {@code from} into the new directory {@code to}.
     *
     * @throws IllegalArgumentException for bad bounds, a lossy or damaged source, or an existing {@code to}
     */
    public static Result compress(Path from, Path to, double positionError, double rotationError, double velocityError) {
        Objects.requireNonNull(to, "to is null");
        if (Files.exists(to)) {
            throw new IllegalArgumentException("--out " + to + " exists; allowed: a new directory");
        }
        return run(from, to, positionError, rotationError, velocityError);
    }

    /** The sizes {@link #compress} would give, without writing anything. */
    public static Result estimate(Path from, double positionError, double rotationError, double velocityError) {
        return run(from, null, positionError, rotationError, velocityError);
    }

    private static Result run(Path from, Path to, double pe, double re, double ve) {
        int stageCount;
        double dt;
        int version;
        dev.rubble.core.step.WorldSettings settings;
        try (JournalReader r = JournalReader.open(from)) {
            if (r.lossyTracks() != null) {
                throw new IllegalArgumentException("journal " + from + " is already lossy; allowed: an exact journal");
            }
            if (!r.checksummed()) {
                throw new IllegalArgumentException("journal " + from + " has format version " + r.header().formatVersion()
                        + " (no checksums); allowed: version 3 or later");
            }
            StepRecord rec = new StepRecord();
            while (r.next(rec)) {
                // reads the whole journal once: a damaged one is refused before anything is written
            }
            stageCount = r.stageCount();
            dt = r.header().dt();
            version = r.header().formatVersion();
            settings = r.settings();
        }
        LossyTracks tracks = new LossyTracks(pe, re, ve, dt);
        long exact = 0, maxDoc = 0;
        try (ChronicleQueue in = SingleChronicleQueueBuilder.binary(from).rollCycle(JournalWriter.DEFAULT_ROLL_CYCLE)
                .readOnly(true).build(); ExcerptTailer t = in.createTailer()) {
            byte[] doc;
            while ((doc = next(t)) != null) {
                exact += doc.length;
                maxDoc = Math.max(maxDoc, doc.length);
            }
        }
        long lossyBytes = 0, steps = 0, exactTrack = 0, lossyTrack = 0;
        ChronicleQueue out = to == null ? null : SingleChronicleQueueBuilder.binary(to)
                .rollCycle(JournalWriter.DEFAULT_ROLL_CYCLE).blockSize(Math.max(1L << 20, 4 * maxDoc + (1 << 16))).build();
        try (ChronicleQueue in = SingleChronicleQueueBuilder.binary(from).rollCycle(JournalWriter.DEFAULT_ROLL_CYCLE)
                .readOnly(true).build(); ExcerptTailer t = in.createTailer();
             ExcerptAppender a = out == null ? null : out.createAppender()) {
            byte[] doc;
            boolean trackWritten = false;
            Lossy step = new Lossy(version >= JournalFormat.FIRST_DELTA_VERSION ? MovedCodec.of(settings) : null);
            while ((doc = next(t)) != null) {
                int kind = ByteBuffer.wrap(doc).order(ByteOrder.LITTLE_ENDIAN).getInt(0);
                if (kind == JournalFormat.KIND_HEADER || kind == JournalFormat.KIND_COLLECTION) {
                    lossyBytes += write(a, doc, doc.length);
                    continue;
                }
                if (!trackWritten) {
                    ByteBuffer b = ByteBuffer.allocate(4 + 24 + 8 + 4 + 4).order(ByteOrder.LITTLE_ENDIAN);
                    b.putInt(JournalFormat.KIND_TRACK).putDouble(pe).putDouble(re).putDouble(ve).putLong(exact)
                            .putInt(JournalFormat.END).putInt(0);
                    lossyBytes += write(a, seal(b.array(), b.capacity()), b.capacity());
                    trackWritten = true;
                }
                if (kind == JournalFormat.KIND_KEYFRAME) {
                    continue;
                }
                if (kind == JournalFormat.KIND_STEP) {
                    int n = step.transform(doc, stageCount, tracks);
                    lossyBytes += write(a, step.out, n);
                    exactTrack += step.exactTrack;
                    lossyTrack += step.lossyTrack;
                    steps++;
                    continue;
                }
                lossyBytes += write(a, doc, doc.length);
            }
        } finally {
            if (out != null) {
                out.close();
            }
        }
        return new Result(exact, lossyBytes, steps, exactTrack, lossyTrack);
    }

    /** The bytes of all documents of the journal in {@code dir} (kind tag to checksum): the size both modes are compared by. */
    public static long documentBytes(Path dir) {
        ChronicleStart.init();
        long n = 0;
        try (ChronicleQueue in = SingleChronicleQueueBuilder.binary(dir).rollCycle(JournalWriter.DEFAULT_ROLL_CYCLE)
                .readOnly(true).build(); ExcerptTailer t = in.createTailer()) {
            byte[] doc;
            while ((doc = next(t)) != null) {
                n += doc.length;
            }
        }
        return n;
    }

    private static byte[] next(ExcerptTailer t) {
        try (DocumentContext dc = t.readingDocument()) {
            if (!dc.isPresent()) {
                return null;
            }
            Bytes<?> b = dc.wire().bytes();
            byte[] doc = new byte[(int) b.readRemaining()];
            b.read(doc);
            return doc;
        }
    }

    private static long write(ExcerptAppender a, byte[] doc, int len) {
        if (a != null) {
            try (DocumentContext dc = a.writingDocument()) {
                dc.wire().bytes().write(doc, 0, len);
            }
        }
        return len;
    }

    /** Writes the CRC-32C of everything before the last 4 bytes into them. */
    private static byte[] seal(byte[] doc, int len) {
        CRC32C crc = new CRC32C();
        crc.update(doc, 0, len - 4);
        ByteBuffer.wrap(doc).order(ByteOrder.LITTLE_ENDIAN).putInt(len - 4, (int) crc.getValue());
        return doc;
    }

    /** One step document rewritten: the moved-bodies block replaced by a lossy block, kind QSTP, sealed again. */
    private static final class Lossy {
        byte[] out = new byte[1 << 16];
        int[] slot = new int[64], gen = new int[64];
        byte[] state = new byte[64], motion = new byte[64];
        double[] values = new double[64 * StepRecord.FIELDS];
        /** Bytes of the moved bodies in the exact and in the lossy document. */
        long exactTrack, lossyTrack;
        /** Version 5: the exact journal's moved-bodies decoder; null for older journals. */
        private final MovedCodec delta;

        Lossy(MovedCodec delta) {
            this.delta = delta;
        }

        int transform(byte[] doc, int stageCount, LossyTracks tracks) {
            Bytes<byte[]> b = Bytes.wrapForRead(doc);
            // kind, step, time, state hash, wall ns; the step slots' times; total ns; 8 counters
            long at = 4 + 8 + 8 + 8 + 8 + 8L * stageCount + 8 + 8 * 4;
            b.readPosition(at);
            int nc = b.readInt();
            for (int i = 0; i < nc; i++) {
                CommandCodec.read(b);
            }
            int nch = b.readInt();
            b.readSkip(10L * nch);
            int movedAt = (int) b.readPosition();
            int nm = b.readInt();
            if (slot.length < nm) {
                slot = new int[nm];
                gen = new int[nm];
                state = new byte[nm];
                motion = new byte[nm];
                values = new double[nm * StepRecord.FIELDS];
            }
            if (delta != null) {
                // version 5: the block decoded in document order (the reader checked the whole journal first)
                int len = b.readInt();
                byte[] block = new byte[len];
                b.read(block);
                delta.decode(block, len, nm, Integer.MAX_VALUE, slot, gen, state, motion, values);
                nm = 0;
            }
            for (int i = 0; i < nm; i++) {
                slot[i] = b.readInt();
                gen[i] = b.readInt();
                state[i] = b.readByte();
                motion[i] = b.readByte();
                for (int f = 0; f < StepRecord.FIELDS; f++) {
                    values[i * StepRecord.FIELDS + f] = b.readDouble();
                }
            }
            int movedEnd = (int) b.readPosition();
            if (delta != null) {
                nm = ByteBuffer.wrap(doc).order(ByteOrder.LITTLE_ENDIAN).getInt(movedAt);
            }
            int blockLen = tracks.encode(nm, slot, gen, state, motion, values);
            int len = movedAt + 4 + blockLen + (doc.length - movedEnd);
            exactTrack = movedEnd - movedAt;
            lossyTrack = 4 + blockLen;
            if (out.length < len) {
                out = new byte[Math.max(len, 2 * out.length)];
            }
            System.arraycopy(doc, 0, out, 0, movedAt);
            ByteBuffer bb = ByteBuffer.wrap(out).order(ByteOrder.LITTLE_ENDIAN);
            bb.putInt(0, JournalFormat.KIND_LOSSY_STEP);
            bb.putInt(movedAt, blockLen);
            System.arraycopy(tracks.block(), 0, out, movedAt + 4, blockLen);
            System.arraycopy(doc, movedEnd, out, movedAt + 4 + blockLen, doc.length - movedEnd);
            seal(out, len);
            return len;
        }
    }
}
