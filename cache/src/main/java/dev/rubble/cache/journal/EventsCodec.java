package dev.rubble.cache.journal;

import dev.rubble.core.event.EventBuffer;
import dev.rubble.core.event.EventKinds;
import dev.rubble.core.event.EventState;
import net.openhft.chronicle.bytes.Bytes;

/**
 * The events document ("EVTS", docs/journal-format.md "Events document"): the step's gathered
 * events of every kind (docs/events.md), written just before the step's own document and only
 * when the step has events, so a journal without events is unchanged. Replay reads the stream
 * back; verify compares it with the re-simulated one, event by event, bit for bit.
 *
 * <pre>
 *  kind int32 "EVTS", step int64, kinds int32 n, then per kind with events: kind int8, count int32,
 *  per event: A, B, SUB int64; COLLECTION, NODE, CAUSE int32; children int32 n + n x int32;
 *  38 x float64 (EventBuffer's doubles in field order, raw IEEE bits);
 *  [members: int32 "MEMB", count int32 m, m x (kind int8, event int32, member A int64, member B int64)];
 *  END; CRC-32C
 * </pre>
 *
 * The members block (contacts on a cluster union's body: the welded member each side touched) is
 * written only when some event of the step names a member, so documents of runs without unions keep
 * their bytes; a reader finds it by its tag where END would be.
 */
public final class EventsCodec {
    /** Tag of the optional members block: "MEMB". */
    static final int MEMBERS = 0x4D454D42;

    private EventsCodec() {
    }

    /** Whether {@code ev} holds events of step {@code step}. */
    public static boolean any(EventState ev, long step) {
        if (ev.step() != step) {
            return false;
        }
        for (int k = 0; k < EventKinds.COUNT; k++) {
            if (ev.buffer(k).count() > 0) {
                return true;
            }
        }
        return false;
    }

    /** Writes the body of an events document (after the kind tag, before END). */
    static void write(Bytes<?> b, EventState ev, long step) {
        b.writeLong(step);
        int kinds = 0;
        for (int k = 0; k < EventKinds.COUNT; k++) {
            kinds += ev.buffer(k).count() > 0 ? 1 : 0;
        }
        b.writeInt(kinds);
        for (int k = 0; k < EventKinds.COUNT; k++) {
            EventBuffer e = ev.buffer(k);
            int n = e.count();
            if (n == 0) {
                continue;
            }
            b.writeByte((byte) k);
            b.writeInt(n);
            for (int i = 0; i < n; i++) {
                b.writeLong(e.ids[EventBuffer.A][i]).writeLong(e.ids[EventBuffer.B][i]).writeLong(e.ids[EventBuffer.SUB][i]);
                b.writeInt(e.ints[EventBuffer.COLLECTION][i]).writeInt(e.ints[EventBuffer.NODE][i])
                        .writeInt(e.ints[EventBuffer.CAUSE][i]);
                int cs = e.ints[EventBuffer.CHILD_START][i], cn = e.ints[EventBuffer.CHILD_COUNT][i];
                b.writeInt(cn);
                for (int c = 0; c < cn; c++) {
                    b.writeInt(e.children[cs + c]);
                }
                for (int f = 0; f < EventBuffer.DOUBLES; f++) {
                    b.writeLong(Double.doubleToRawLongBits(e.d[f][i]));
                }
            }
        }
        int members = 0;
        for (int k = 0; k < EventKinds.COUNT; k++) {
            EventBuffer e = ev.buffer(k);
            for (int i = 0, n = e.count(); i < n; i++) {
                members += e.ids[EventBuffer.MEMBER_A][i] >= 0 || e.ids[EventBuffer.MEMBER_B][i] >= 0 ? 1 : 0;
            }
        }
        if (members == 0) {
            return;
        }
        b.writeInt(MEMBERS);
        b.writeInt(members);
        for (int k = 0; k < EventKinds.COUNT; k++) {
            EventBuffer e = ev.buffer(k);
            for (int i = 0, n = e.count(); i < n; i++) {
                long ma = e.ids[EventBuffer.MEMBER_A][i], mb = e.ids[EventBuffer.MEMBER_B][i];
                if (ma >= 0 || mb >= 0) {
                    b.writeByte((byte) k);
                    b.writeInt(i);
                    b.writeLong(ma).writeLong(mb);
                }
            }
        }
    }

    /** Reads the body written by {@link #write} into {@code into} (cleared first); returns the step. */
    static long read(Bytes<?> b, RecordedEvents into) {
        into.clear();
        long step = b.readLong();
        int kinds = b.readInt();
        if (kinds < 0 || kinds > EventKinds.COUNT) {
            throw new JournalFormatException("events document of step " + step + ": " + kinds + " kinds; allowed: 0.."
                    + EventKinds.COUNT);
        }
        for (int j = 0; j < kinds; j++) {
            int k = b.readByte();
            if (k < 0 || k >= EventKinds.COUNT) {
                throw new JournalFormatException("events document of step " + step + ": kind " + k + " is unknown");
            }
            int n = b.readInt();
            if (n < 0 || n > b.readRemaining() / 8) {
                throw new JournalFormatException("events document of step " + step + ": " + n + " events is corrupted");
            }
            EventBuffer e = into.buffer(k);
            for (int i = 0; i < n; i++) {
                int x = e.add();
                e.ids[EventBuffer.A][x] = b.readLong();
                e.ids[EventBuffer.B][x] = b.readLong();
                e.ids[EventBuffer.SUB][x] = b.readLong();
                e.ints[EventBuffer.COLLECTION][x] = b.readInt();
                e.ints[EventBuffer.NODE][x] = b.readInt();
                e.ints[EventBuffer.CAUSE][x] = b.readInt();
                int cn = b.readInt();
                if (cn < 0 || cn > b.readRemaining() / 4) {
                    throw new JournalFormatException("events document of step " + step + ": " + cn + " children is corrupted");
                }
                for (int c = 0; c < cn; c++) {
                    e.addChild(b.readInt());
                }
                for (int f = 0; f < EventBuffer.DOUBLES; f++) {
                    e.d[f][x] = Double.longBitsToDouble(b.readLong());
                }
            }
        }
        if (b.readRemaining() >= 8 && b.readInt(b.readPosition()) == MEMBERS) {
            b.readInt();
            int m = b.readInt();
            if (m < 0 || m > b.readRemaining() / 21) {
                throw new JournalFormatException("events document of step " + step + ": " + m + " members is corrupted");
            }
            for (int j = 0; j < m; j++) {
                int k = b.readByte();
                int i = b.readInt();
                if (k < 0 || k >= EventKinds.COUNT || i < 0 || i >= into.buffer(k).count()) {
                    throw new JournalFormatException("events document of step " + step + ": member of event " + i
                            + " of kind " + k + "; allowed: a recorded event");
                }
                EventBuffer e = into.buffer(k);
                e.ids[EventBuffer.MEMBER_A][i] = b.readLong();
                e.ids[EventBuffer.MEMBER_B][i] = b.readLong();
            }
        }
        into.step = step;
        return step;
    }
}
