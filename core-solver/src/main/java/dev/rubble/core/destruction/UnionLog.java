package dev.rubble.core.destruction;

import java.util.Arrays;

/**
 * The union bodies created and retired in one step, in the order it happened (issue 29): what a
 * journal records so playback can re-create them on their recorded slots (union bodies are made by
 * the runtime, not by commands or destruction events). Each operation knows how many of the step's
 * destruction events ({@link BreakEvents}) came before it ({@link #at}), so playback interleaves
 * them with the pieces it re-creates exactly as the step did; a creation carries the body (pose,
 * velocities, mass, principal inertia, material, damping, gravity scale) and its members with their
 * origin poses in the union frame (the compound is every member's shape at that pose:
 * {@link Unions#compound}). Reset at the start of each step's COMMANDS flush; reused arrays.
 *
 * <p>It also logs, as a {@link #RETIRE} of union {@link #HOLDER}, the body of a breaking collection holder
 * that no destruction event came from (every piece it let go got no body: thinned by release throttling,
 * over the body budget, killed): its slot is free from then on, and the next piece made may take it, so
 * playback must retire it at the same point (docs/journal-format.md, "Union-bodies document").
 */
public final class UnionLog {
    /** Operation kinds. */
    public static final byte CREATE = 0, RETIRE = 1;
    /**
     * The union id of a {@link #RETIRE} that retires a collection holder's body, not a union's: a holder
     * that broke with no piece given a body, so no event's {@code from} names it ({@link BreakEvents#from}).
     */
    public static final int HOLDER = -1;
    /** Doubles of a created body: px py pz qx qy qz qw vx vy vz wx wy wz, mass, ix iy iz, iqx iqy iqz iqw, friction, restitution, gravity scale, linear and angular damping, sleep threshold. */
    public static final int BODY = 29;

    private int count;
    public byte[] kind = new byte[8];
    public int[] union = new int[8], at = new int[8];
    public long[] body = new long[8];
    /** Per operation: its first member in {@link #member} (creations), and its member count. */
    public int[] memberStart = new int[8], memberCount = new int[8];
    /** BODY doubles per operation (creations). */
    public double[] def = new double[8 * BODY];
    /** Per operation: debris flag (0/1), collision layer, collision mask (creations). */
    public int[] debris = new int[8], layer = new int[8], mask = new int[8];
    private int members;
    public long[] member = new long[16];
    /** 7 per member: origin x y z, orientation qx qy qz qw in the union frame. */
    public double[] memberPose = new double[16 * 7];
    /** Whether the step's COMMANDS flush is running (operations then come before every destruction event). */
    boolean commands;

    /** Operations this step. */
    public int count() {
        return count;
    }

    /** Members of all operations this step. */
    public int memberTotal() {
        return members;
    }

    /** Forgets the last step's operations (the start of a step's COMMANDS flush). */
    public void clear() {
        count = 0;
        members = 0;
    }

    /** Appends an operation and returns its index. */
    public int add(byte k, int unionId, long handle, int eventsBefore) {
        if (count == kind.length) {
            int c = 2 * count;
            kind = Arrays.copyOf(kind, c);
            union = Arrays.copyOf(union, c);
            at = Arrays.copyOf(at, c);
            body = Arrays.copyOf(body, c);
            memberStart = Arrays.copyOf(memberStart, c);
            memberCount = Arrays.copyOf(memberCount, c);
            def = Arrays.copyOf(def, c * BODY);
            debris = Arrays.copyOf(debris, c);
            layer = Arrays.copyOf(layer, c);
            mask = Arrays.copyOf(mask, c);
        }
        int i = count++;
        kind[i] = k;
        union[i] = unionId;
        body[i] = handle;
        at[i] = eventsBefore;
        memberStart[i] = members;
        memberCount[i] = 0;
        Arrays.fill(def, i * BODY, (i + 1) * BODY, 0);
        debris[i] = layer[i] = mask[i] = 0;
        return i;
    }

    /** Appends a member (origin pose in the union frame) to the last operation. */
    public void addMember(long handle, double x, double y, double z, double qx, double qy, double qz, double qw) {
        if (members == member.length) {
            member = Arrays.copyOf(member, 2 * members);
            memberPose = Arrays.copyOf(memberPose, 14 * members);
        }
        member[members] = handle;
        int o = 7 * members;
        memberPose[o] = x;
        memberPose[o + 1] = y;
        memberPose[o + 2] = z;
        memberPose[o + 3] = qx;
        memberPose[o + 4] = qy;
        memberPose[o + 5] = qz;
        memberPose[o + 6] = qw;
        members++;
        memberCount[count - 1]++;
    }
}
