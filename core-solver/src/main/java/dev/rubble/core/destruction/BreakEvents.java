package dev.rubble.core.destruction;

import dev.rubble.core.body.BodyStore;
import java.util.Arrays;

/**
 * The breaks of one step, for the host (SPEC §8; reference: chaos-clusters-strain-runtime §7.3), and the
 * pieces crumbled or removed in it (SPEC §6).
 * One reused buffer in structure-of-arrays form: no allocation per event once it has grown to the
 * largest step's count. Valid until the next step; listeners must copy what they keep.
 *
 * <p>Event {@code i < count()}: {@link #kind}, collection index, asset node id (-1 for a new
 * internal cluster), the body it now has, pose of its centre of mass, velocities, mass, and the
 * load that broke it ({@link #BREAK}; 0 otherwise).
 */
public final class BreakEvents {
    /** A child whose load reached its threshold; released as its own body. */
    public static final byte BREAK = 0;
    /** A child released alone because it lost every bond to its siblings. */
    public static final byte RELEASE = 1;
    /** Several still-bonded children that became a new internal cluster. */
    public static final byte CLUSTER = 2;
    /**
     * A child released because its partial cluster crumbled (all its remaining children were small
     * enough; docs/destruction.md "Debris and removal"); the cluster's own CLUSTER event comes first
     * and its body no longer exists (in this raw record: the API's listeners are not handed it, {@link #settle}).
     */
    public static final byte CRUMBLE = 3;
    /**
     * A piece removed by its removal timer (REMOVAL slot): {@link #body} is the handle it had (now
     * stale), the pose and velocities its last ones.
     */
    public static final byte REMOVED = 4;
    /**
     * A held piece a {@code kill} field took out of the simulation in the DESTRUCTION slot (docs/fields.md,
     * {@code kill}): it got no body ({@link #body} is -1) and everything under it left with it; the pose and
     * velocities are those it had in its holder, {@link #from} is its holder's body (which this event neither
     * retires nor names as a piece's origin: a journal's playback passes over it).
     */
    public static final byte KILLED = 5;

    private int count;
    private long step;
    public byte[] kind = new byte[16];
    public int[] collection = new int[16], node = new int[16];
    public long[] body = new long[16];
    /** 13 per event: px, py, pz, qx, qy, qz, qw, vx, vy, vz, wx, wy, wz. */
    public double[] motion = new double[16 * 13];
    public double[] mass = new double[16], load = new double[16];
    /**
     * The body the event's piece came from (its holder's body, retired after the holder's last
     * event of the step): a journal's playback repeats creations and retirements in the recorded
     * order, so pieces land on the recorded slots (issue 14).
     */
    public long[] from = new long[16];
    /**
     * The asset nodes an internal cluster held when its {@link #CLUSTER} event made it, in member order:
     * {@code members[memberStart[i] .. memberStart[i + 1])}, none for other events. A journal records them so
     * playback builds the piece's shape; read at the step's end the cluster may hold none of them any more (an
     * impact pass broke it again in the same step into pieces that got no body, or into clusters of their
     * own). Not saved in snapshots (the events of a restored world's last step have none): only the step's
     * journal reads them.
     */
    public int[] memberStart = new int[17];
    public int[] members = new int[16];

    /** Number of events this step. */
    public int count() {
        return count;
    }

    /** The step these events belong to. */
    public long step() {
        return step;
    }

    void reset(long stepIndex) {
        count = 0;
        step = stepIndex;
        memberStart[0] = 0;
    }

    /** Appends asset node {@code assetNode} to the members of the last event (an internal cluster it made). */
    void addMember(int assetNode) {
        int end = memberStart[count];
        if (end == members.length) {
            members = Arrays.copyOf(members, 2 * end);
        }
        members[end] = assetNode;
        memberStart[count] = end + 1;
    }

    int add(byte k, int coll, int nd, long handle, double m, double ld) {
        if (count == kind.length) {
            int cap = count * 2;
            kind = Arrays.copyOf(kind, cap);
            collection = Arrays.copyOf(collection, cap);
            node = Arrays.copyOf(node, cap);
            body = Arrays.copyOf(body, cap);
            motion = Arrays.copyOf(motion, cap * 13);
            mass = Arrays.copyOf(mass, cap);
            load = Arrays.copyOf(load, cap);
            from = Arrays.copyOf(from, cap);
            memberStart = Arrays.copyOf(memberStart, cap + 1);
        }
        int i = count++;
        memberStart[count] = memberStart[i];
        kind[i] = k;
        collection[i] = coll;
        node[i] = nd;
        body[i] = handle;
        mass[i] = m;
        load[i] = ld;
        from[i] = -1;
        return i;
    }

    // what listeners are handed (docs/events.md "Breaks within one step"): the raw record above keeps every
    // creation and retirement in order (journals replay them); a listener hears the step's net result

    private boolean[] gone = new boolean[16];
    private long[] origin = new long[16];
    /** Per body slot: the latest event (of those settled so far) whose body had that slot, valid when stamped. */
    private int[] slotEvent = new int[0], slotStamp = new int[0];
    /** Per event: the event before it whose body had the same slot, or -1. */
    private int[] sameSlot = new int[16];
    private int stamp;

    /**
     * Settles the step's events against the bodies as they are now (call it when handing the step's events on): a
     * {@link #BREAK}, {@link #RELEASE}, {@link #CLUSTER} or {@link #CRUMBLE} event whose body the same step retired
     * again is {@link #superseded} (an {@code impactMode} {@code resolve} trial pass broke again what an earlier
     * pass released, or a cluster made by the step crumbled), and each event's {@link #origin} is the body its piece
     * came from as the step began: {@link #from}, followed back through superseded events. O(events), no allocation
     * once grown.
     */
    public void settle(BodyStore b) {
        if (gone.length < count) {
            int cap = Math.max(count, 2 * gone.length);
            gone = Arrays.copyOf(gone, cap);
            origin = Arrays.copyOf(origin, cap);
            sameSlot = Arrays.copyOf(sameSlot, cap);
        }
        if (++stamp == Integer.MAX_VALUE) {
            Arrays.fill(slotStamp, 0);
            stamp = 1;
        }
        for (int i = 0; i < count; i++) {
            long h = body[i];
            int slot = (int) h;
            gone[i] = kind[i] <= CRUMBLE && h >= 0 && !(b.isLive(slot) && b.handle(slot) == h);
            // where its piece came from: the holder, or, when an earlier event of the step made that holder and it
            // is gone, where that one came from
            long f = from[i];
            origin[i] = f;
            if (f >= 0 && kind[i] != KILLED) {
                int fs = (int) f;
                int k = fs < slotStamp.length && slotStamp[fs] == stamp ? slotEvent[fs] : -1;
                while (k >= 0 && body[k] != f) {
                    k = sameSlot[k];
                }
                if (k >= 0 && gone[k]) {
                    origin[i] = origin[k];
                }
            }
            sameSlot[i] = -1;
            if (h >= 0 && kind[i] != REMOVED) {
                if (slot >= slotStamp.length) {
                    int cap = Math.max(slot + 1, Math.max(64, 2 * slotStamp.length));
                    slotStamp = Arrays.copyOf(slotStamp, cap);
                    slotEvent = Arrays.copyOf(slotEvent, cap);
                }
                if (slotStamp[slot] == stamp) {
                    sameSlot[i] = slotEvent[slot];
                }
                slotStamp[slot] = stamp;
                slotEvent[slot] = i;
            }
        }
    }

    /**
     * After {@link #settle}: whether event i named a piece whose body the same step retired again, so that what
     * replaced it is named by later events of the step (a listener is not handed it).
     */
    public boolean superseded(int i) {
        return gone[i];
    }

    /** After {@link #settle}: the body event i's piece came from as the step began (-1 when none). */
    public long origin(int i) {
        return origin[i];
    }

    // snapshots (docs/snapshot-format.md, section DEST): the last step's events, as events() shows them

    /** The codec (both directions): step, count, then per event kind, ids, body, motion, mass, load, source body. */
    void io(StateIO io) throws java.io.IOException {
        long st = io.i64(step);
        int n = io.i32(count);
        if (n < 0 || n > (1 << 26)) {
            throw new IllegalArgumentException("event count " + n + " is out of range");
        }
        if (io.reading()) {
            reset(st);
        }
        for (int i = 0; i < n; i++) {
            int w = io.reading() ? 0 : i; // reading: the arrays grow in add, the values passed are ignored
            byte k = io.i8(kind[w]);
            if (k < BREAK || k > KILLED) {
                throw new IllegalArgumentException("event " + i + ": kind = " + k + "; allowed: 0 to " + KILLED);
            }
            int c = io.i32(collection[w]);
            int nd = io.i32(node[w]);
            long h = io.i64(body[w]);
            int e = io.reading() ? add(k, c, nd, h, 0, 0) : i;
            for (int j = 0; j < 13; j++) {
                motion[13 * e + j] = io.f64(motion[13 * e + j]);
            }
            mass[e] = io.f64(mass[e]);
            load[e] = io.f64(load[e]);
            from[e] = io.i64(from[e]);
        }
    }
}
