package dev.rubble.cache.journal;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.snapshot.PlacementCodec;
import dev.rubble.core.world.World;
import java.util.List;
import net.openhft.chronicle.bytes.Bytes;

/**
 * The between-steps document ("BTWN", docs/journal-format.md): the changes a world made at once
 * between two steps, which no step's commands hold ({@link dev.rubble.core.world.WorldChanges}): a
 * body created ({@code PhysicsWorld.addBody}), a body removed or moved into a state through the
 * kernel, a collection placed ({@code WorldDestruction.place}). The writer encodes each change when
 * it is made; verify and seek {@link #apply} them to the re-simulating world before the step's
 * commands, with the same calls, so every body lands on its recorded slot and generation, and say
 * where a re-made change comes out differently.
 *
 * <pre>
 *  kind "BTWN" | step int64 (the step they precede) | n int32 | n x change | END | crc32c
 *  change: op int8, then
 *    1 body created   handle int64, body (the Spawn command's BodyDef encoding), layer int32, mask int32
 *    2 body removed   handle int64
 *    3 state set      handle int64, state int8 (BodyState ordinal)
 *    4 collection     index int32, length int32 + bytes (PlacementCodec: asset and placement), then the
 *                     bodies the placement made (int32 n + initial-body records, as the header's)
 * </pre>
 */
public final class BetweenSteps {
    static final byte BODY = 1, REMOVED = 2, STATE = 3, COLLECTION = 4;
    private static final BodyState[] STATES = BodyState.values();

    private BetweenSteps() {
    }

    /** One change made between steps, in the order it was made. */
    public sealed interface Change {
    }

    /** A body created between steps: what from, with which collision filter, and the handle it got. */
    public record BodyCreated(long handle, BodyDef def, int layer, int mask) implements Change {
    }

    /** A body removed between steps (through the kernel; the public API's removals are commands). */
    public record BodyRemoved(long handle) implements Change {
    }

    /** A body moved into a state between steps (through the kernel). */
    public record StateSet(long handle, BodyState state) implements Change {
    }

    /**
     * A collection placed between steps: its index, the asset and placement ({@link PlacementCodec}
     * bytes, decoded when applied) and the bodies the placement made, as recorded.
     */
    public record CollectionPlaced(int index, byte[] placement, InitialBodies bodies) implements Change {
        /** The asset and placement. */
        public PlacementCodec.Placed placed() {
            try {
                return PlacementCodec.decode(placement, "collection " + index + " placed between steps");
            } catch (IllegalArgumentException e) {
                throw new JournalFormatException(e.getMessage(), e);
            }
        }
    }

    /** Reads a between-steps document's content (after its kind tag) into {@code out}; returns its step. */
    static long read(Bytes<?> in, List<Change> out, int slotLimit) {
        long step = in.readLong();
        int n = in.readInt();
        if (n < 0 || n > in.readRemaining()) {
            throw new JournalFormatException("the between-steps document of step " + step + " is corrupted: " + n + " changes");
        }
        for (int i = 0; i < n; i++) {
            byte op = in.readByte();
            switch (op) {
                case BODY -> {
                    long h = in.readLong();
                    BodyDef def = CommandCodec.readDef(in);
                    out.add(new BodyCreated(h, def, in.readInt(), in.readInt()));
                }
                case REMOVED -> out.add(new BodyRemoved(in.readLong()));
                case STATE -> {
                    long h = in.readLong();
                    int s = in.readByte();
                    if (s < 0 || s >= STATES.length) {
                        throw new JournalFormatException("the between-steps document of step " + step + " is corrupted: state "
                                + s + "; allowed: 0.." + (STATES.length - 1));
                    }
                    out.add(new StateSet(h, STATES[s]));
                }
                case COLLECTION -> {
                    int index = in.readInt();
                    int len = in.readInt();
                    if (index < 0 || len < 0 || len > in.readRemaining()) {
                        throw new JournalFormatException("the between-steps document of step " + step
                                + " is corrupted: collection " + index + " of " + len + " bytes");
                    }
                    byte[] p = new byte[len];
                    in.read(p);
                    out.add(new CollectionPlaced(index, p, InitialBodies.read(in, slotLimit)));
                }
                default -> throw new JournalFormatException("the between-steps document of step " + step
                        + " is corrupted: change " + i + " has op " + op + "; allowed: 1..4");
            }
        }
        return step;
    }

    /**
     * Makes {@code changes} in {@code w} (a world re-simulating the journal, between the same two
     * steps), in order, with the calls the recording made.
     *
     * @return null when every change came out as recorded, else the first difference as {subject,
     *         field, recorded, re-made}
     */
    public static String[] apply(World w, List<Change> changes) {
        BodyStore b = w.bodies();
        for (int i = 0; i < changes.size(); i++) {
            Change c = changes.get(i);
            String who = "change " + i + " between steps";
            if (c instanceof BodyCreated x) {
                long h = w.createBody(x.def(), x.layer(), x.mask());
                if (h != x.handle()) {
                    return new String[] {who + " (a body created)", "handle", BodyStore.handleString(x.handle()),
                            BodyStore.handleString(h)};
                }
            } else if (c instanceof BodyRemoved x) {
                if (!live(b, x.handle())) {
                    return new String[] {who + " (a body removed)", "exists", "true", "false"};
                }
                w.removeBody(x.handle());
            } else if (c instanceof StateSet x) {
                if (!live(b, x.handle())) {
                    return new String[] {who + " (a body's state set)", "exists", "true", "false"};
                }
                w.setState(x.handle(), x.state());
            } else if (c instanceof CollectionPlaced x) {
                PlacementCodec.Placed p = x.placed();
                int index = w.placeCollection(p.asset(), p.placement());
                if (index != x.index()) {
                    return new String[] {who + " (a collection placed)", "index", String.valueOf(x.index()),
                            String.valueOf(index)};
                }
                String[] d = x.bodies().firstDifferenceOfThese(w);
                if (d != null) {
                    return new String[] {who + " (collection " + index + " placed): " + d[0], d[1], d[2], d[3]};
                }
            }
        }
        return null;
    }

    private static boolean live(BodyStore b, long h) {
        int s = (int) h;
        return h >= 0 && s < b.slotLimit() && b.isLive(s) && b.handle(s) == h;
    }
}
