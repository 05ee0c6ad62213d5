package dev.rubble.core.destruction;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.destruction.Unions.Member;
import dev.rubble.core.destruction.Unions.Union;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;

/** The snapshot codec of {@link Unions} (section UNIO, issue 29): every union, its members, edges and compound children. */
final class UnionCodec {
    private UnionCodec() {
    }

    /**
     * Writes every union (snapshot section UNIO; between steps nothing is pending but the members whose
     * bodies the last step's REMOVAL slot took, which leave in the next step's DESTRUCTION slot).
     */
    static void write(Unions un, DataOutput o) throws IOException {
        o.writeInt(un.unions.size());
        for (Union u : un.unions.values()) {
            o.writeInt(u.id);
            o.writeLong(u.body);
            o.writeInt(u.members.size());
            for (Member m : u.members) {
                o.writeLong(m.handle);
                o.writeBoolean(m.auxiliary);
                // bit 0: carried by the union's body; bit 1: kinematic, bit 2: static when the body was made (0 or
                // 1 in every snapshot of a union of dynamic members, as when this byte was a boolean)
                o.writeByte((m.in ? 1 : 0) | (m.kinematic ? 2 : 0) | (m.fixed ? 4 : 0));
                for (double v : new double[] {m.lx, m.ly, m.lz, m.lqx, m.lqy, m.lqz, m.lqw}) {
                    o.writeDouble(v);
                }
            }
            o.writeInt(u.edges.length);
            for (long e : u.edges) {
                o.writeLong(e);
            }
            o.writeInt(u.childMember.length);
            for (int c : u.childMember) {
                o.writeInt(c);
            }
        }
    }

    /** Reads what {@link #write} wrote into an empty runtime whose bodies are restored. */
    static void read(Unions un, DataInput in) throws IOException {
        if (!un.unions.isEmpty()) {
            throw new IllegalStateException("unions can only be restored into a world without unions");
        }
        int n = count(in.readInt(), "union count");
        for (int k = 0; k < n; k++) {
            Union u = new Union(in.readInt());
            if (u.id < 0 || un.unions.containsKey(u.id)) {
                throw new IllegalArgumentException("union id " + u.id + " is negative or repeated; allowed: distinct ids >= 0");
            }
            u.body = in.readLong();
            // the union's body removed between steps (the API): the union dissolves in the next step's
            // DESTRUCTION slot, as it would have in the saved world; its handle names a slot of the store
            slotOf(un, u.body, "union " + u.id + " body");
            int m = count(in.readInt(), "member count");
            for (int i = 0; i < m; i++) {
                Member mb = new Member(in.readLong(), in.readBoolean());
                // a member whose body a removal timer took in the REMOVAL slot (or the API removed between
                // steps) is still listed: the next step's afterBreaks lets it leave, as it would have here.
                // Its handle names a slot of the restored body store, live or not.
                slotOf(un, mb.handle, "union " + u.id + " member");
                int flags = in.readUnsignedByte();
                if (flags > 5) {
                    throw new IllegalArgumentException("union " + u.id + " member flags = " + flags
                            + "; allowed: 0 to 5 (bit 0 carried, bit 1 kinematic, bit 2 static; not both)");
                }
                mb.in = (flags & 1) != 0;
                mb.kinematic = (flags & 2) != 0;
                mb.fixed = (flags & 4) != 0;
                mb.lx = in.readDouble();
                mb.ly = in.readDouble();
                mb.lz = in.readDouble();
                mb.lqx = in.readDouble();
                mb.lqy = in.readDouble();
                mb.lqz = in.readDouble();
                mb.lqw = in.readDouble();
                u.members.add(mb);
            }
            u.edges = new long[count(in.readInt(), "edge count")];
            for (int i = 0; i < u.edges.length; i++) {
                u.edges[i] = in.readLong();
                if ((int) (u.edges[i] >>> 32) >= m || (int) u.edges[i] >= m || (int) u.edges[i] < 0) {
                    throw new IllegalArgumentException("union " + u.id + " edge names a member outside [0, " + m + ")");
                }
            }
            u.childMember = new int[count(in.readInt(), "child count")];
            for (int i = 0; i < u.childMember.length; i++) {
                u.childMember[i] = in.readInt();
                if (u.childMember[i] < 0 || u.childMember[i] >= m) {
                    throw new IllegalArgumentException("union " + u.id + " child names a member outside [0, " + m + ")");
                }
            }
            un.unions.put(u.id, u);
            un.setUnionSlot((int) u.body, u);
        }
        un.relist();
    }

    /**
     * The slot of {@code h}, a body handle that may be gone (removed since it was recorded: its slot is
     * free or holds a later generation), or fails naming {@code field} when it names no slot of the store.
     */
    private static int slotOf(Unions un, long h, String field) {
        if (h < 0 || (int) h >= un.slotLimit()) {
            throw new IllegalArgumentException(field + " = " + BodyStore.handleString(h)
                    + " names no slot of the body store; allowed: slots 0 to " + (un.slotLimit() - 1));
        }
        return (int) h;
    }

    private static int count(int v, String what) {
        if (v < 0 || v > (1 << 24)) {
            throw new IllegalArgumentException(what + " = " + v + "; allowed: [0, 16777216]");
        }
        return v;
    }
}
