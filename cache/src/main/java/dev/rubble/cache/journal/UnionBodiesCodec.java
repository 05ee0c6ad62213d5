package dev.rubble.cache.journal;

import dev.rubble.core.destruction.UnionLog;
import net.openhft.chronicle.bytes.Bytes;

/**
 * The union-bodies document ("UBOD", issue 29; docs/journal-format.md): the cluster-union bodies a
 * step created and retired, in the order it did, so playback re-creates them on their recorded
 * slots between the destruction pieces (union bodies are made by the runtime, not by commands).
 *
 * <pre>
 *  kind int32 "UBOD", step int64, n int32, per operation:
 *    kind int8 (0 create, 1 retire), union int32 (-1: a retired collection holder's body), events before it int32,
 *    body int64;
 *    create: {@link UnionLog#BODY} x float64 (pose, velocities, mass, principal inertia and frame,
 *            friction, restitution, gravity scale, damping, sleep threshold), debris int8, layer int32,
 *            mask int32, members int32, per member: handle int64, origin pose in the union frame 7 x float64
 *  END; CRC-32C
 * </pre>
 */
final class UnionBodiesCodec {
    private UnionBodiesCodec() {
    }

    static void write(Bytes<?> b, UnionLog log, long step) {
        b.writeLong(step);
        int n = log.count();
        b.writeInt(n);
        for (int i = 0; i < n; i++) {
            b.writeByte(log.kind[i]);
            b.writeInt(log.union[i]);
            b.writeInt(log.at[i]);
            b.writeLong(log.body[i]);
            if (log.kind[i] != UnionLog.CREATE) {
                continue;
            }
            for (int f = 0; f < UnionLog.BODY; f++) {
                b.writeLong(Double.doubleToRawLongBits(log.def[i * UnionLog.BODY + f]));
            }
            b.writeByte((byte) log.debris[i]);
            b.writeInt(log.layer[i]);
            b.writeInt(log.mask[i]);
            int m = log.memberCount[i];
            b.writeInt(m);
            for (int k = 0; k < m; k++) {
                int j = log.memberStart[i] + k;
                b.writeLong(log.member[j]);
                for (int f = 0; f < 7; f++) {
                    b.writeLong(Double.doubleToRawLongBits(log.memberPose[7 * j + f]));
                }
            }
        }
    }

    /** Reads what {@link #write} wrote into {@code into} (cleared first); returns the step. */
    static long read(Bytes<?> b, UnionLog into) {
        into.clear();
        long step = b.readLong();
        int n = b.readInt();
        if (n < 0 || n > b.readRemaining() / 17) {
            throw new JournalFormatException("union-bodies document of step " + step + ": " + n + " operations is corrupted");
        }
        for (int i = 0; i < n; i++) {
            byte k = b.readByte();
            if (k != UnionLog.CREATE && k != UnionLog.RETIRE) {
                throw new JournalFormatException("union-bodies document of step " + step + ": operation " + i + " kind " + k
                        + "; allowed: 0 (create), 1 (retire)");
            }
            int union = b.readInt(), at = b.readInt();
            long body = b.readLong();
            if (union < (k == UnionLog.RETIRE ? UnionLog.HOLDER : 0) || at < 0) {
                throw new JournalFormatException("union-bodies document of step " + step + ": operation " + i + " union "
                        + union + " after " + at + " events is corrupted");
            }
            int x = into.add(k, union, body, at);
            if (k != UnionLog.CREATE) {
                continue;
            }
            for (int f = 0; f < UnionLog.BODY; f++) {
                into.def[x * UnionLog.BODY + f] = Double.longBitsToDouble(b.readLong());
            }
            into.debris[x] = b.readByte();
            into.layer[x] = b.readInt();
            into.mask[x] = b.readInt();
            int m = b.readInt();
            if (m < 1 || m > b.readRemaining() / 64) {
                throw new JournalFormatException("union-bodies document of step " + step + ": operation " + i + " has "
                        + m + " members; corrupted");
            }
            for (int j = 0; j < m; j++) {
                long h = b.readLong();
                double[] p = new double[7];
                for (int f = 0; f < 7; f++) {
                    p[f] = Double.longBitsToDouble(b.readLong());
                }
                into.addMember(h, p[0], p[1], p[2], p[3], p[4], p[5], p[6]);
            }
        }
        return step;
    }
}
