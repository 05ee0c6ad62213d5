package dev.rubble.cache.journal;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import net.openhft.chronicle.bytes.Bytes;

/** Test helper: edits a format-5 step document's moved-bodies block (docs/journal-format.md, "Moved bodies"). */
public final class MovedBlocks {
    private MovedBlocks() {
    }

    /**
     * A copy of step document {@code doc} (kind tag to checksum, as Chronicle holds it) in which moved
     * body {@code entry}'s field {@code field} decodes with its lowest mantissa bit flipped: the
     * lowest stored byte of the field's XOR is flipped, or, where the field stored no byte (it was
     * predicted exactly), a byte 0x01 is stored. The checksum is not updated.
     */
    public static byte[] flipLowestBit(byte[] doc, int stageCount, int entry, int field) {
        Bytes<byte[]> b = Bytes.wrapForRead(doc);
        b.readPosition(4 + 8 + 8 + 8 + 8 + 8L * stageCount + 8 + 8 * 4);
        int nc = b.readInt();
        for (int i = 0; i < nc; i++) {
            CommandCodec.read(b);
        }
        int nch = b.readInt();
        b.readSkip(10L * nch);
        int lenAt = (int) b.readPosition() + 4;
        int p = lenAt + 4;
        for (int i = 0; ; i++) {
            while ((doc[p++] & 0x80) != 0) { // slot varint
            }
            while ((doc[p++] & 0x80) != 0) { // generation varint
            }
            p++; // flags
            int codes = p;
            p += 7;
            int at = p;
            for (int f = 0; f < StepRecord.FIELDS; f++) {
                int c = (doc[codes + (f >> 1)] >> ((f & 1) == 0 ? 4 : 0)) & 0x0F;
                int k = c <= 8 ? c : c - 8;
                if (i == entry && f == field) {
                    if (c >= 1 && c <= 8) {
                        byte[] out = doc.clone();
                        out[at] ^= 1;
                        return out;
                    }
                    if (c != 0) {
                        throw new IllegalArgumentException("field " + f + " is stored by its high bytes; pick another");
                    }
                    byte[] out = new byte[doc.length + 1];
                    System.arraycopy(doc, 0, out, 0, at);
                    out[at] = 1;
                    System.arraycopy(doc, at, out, at + 1, doc.length - at);
                    out[codes + (f >> 1)] |= (byte) ((f & 1) == 0 ? 0x10 : 0x01);
                    ByteBuffer bb = ByteBuffer.wrap(out).order(ByteOrder.LITTLE_ENDIAN);
                    bb.putInt(lenAt, bb.getInt(lenAt) + 1);
                    return out;
                }
                at += k;
            }
            p = at;
        }
    }
}
