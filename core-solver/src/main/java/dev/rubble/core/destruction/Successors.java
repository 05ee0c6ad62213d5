package dev.rubble.core.destruction;

import dev.rubble.core.body.BodyStore;
import java.util.Arrays;

/**
 * What became of the bodies destruction retired since the log was last cleared (issue 29;
 * docs/constraints.md "Joints on collections"). A holder that breaks has its body retired and new
 * bodies made for its pieces (docs/destruction.md "Data"), so whatever named the holder's body by
 * handle (a constraint) must be told where its point went:
 *
 * <pre>
 *   retired   handle, node, pose (centre of mass, orientation, origin offset) at the moment it went
 *   pieces    holder's handle -> piece's handle (NONE: it left without a body: throttled, killed), node
 * </pre>
 *
 * Filled by {@link DestructionContext#retire} and {@link Pieces}; read and cleared by the world after
 * the slots that retire bodies (so it is empty between steps and is not state). Grows once; allocates
 * nothing in steady state. Not thread-safe: the step owns it.
 */
final class Successors {
    /** Values per retired body: px, py, pz (centre of mass), qx, qy, qz, qw, lcx, lcy, lcz (origin to centre, body frame). */
    static final int POSE = 10;

    long[] retired = new long[4];
    int[] retiredNode = new int[4];
    double[] pose = new double[4 * POSE];
    int retiredCount;
    long[] from = new long[8], to = new long[8];
    int[] node = new int[8];
    int count;

    /** Logs body {@code h} of node {@code g}, in {@code slot}, as it is retired (before it goes). */
    void retired(long h, int g, BodyStore b, int slot) {
        if (retiredCount == retired.length) {
            retired = Arrays.copyOf(retired, 2 * retiredCount);
            retiredNode = Arrays.copyOf(retiredNode, 2 * retiredCount);
            pose = Arrays.copyOf(pose, 2 * retiredCount * POSE);
        }
        int k = retiredCount++;
        retired[k] = h;
        retiredNode[k] = g;
        double[] p = pose;
        int o = k * POSE;
        b.copyPose(slot, p, o);
        p[o + 7] = b.lcx[slot];
        p[o + 8] = b.lcy[slot];
        p[o + 9] = b.lcz[slot];
    }

    /** Logs that node {@code g} left the holder whose body is {@code fromHandle}, with body {@code toHandle} (NONE: none). */
    void piece(long fromHandle, long toHandle, int g) {
        if (count == from.length) {
            from = Arrays.copyOf(from, 2 * count);
            to = Arrays.copyOf(to, 2 * count);
            node = Arrays.copyOf(node, 2 * count);
        }
        from[count] = fromHandle;
        to[count] = toHandle;
        node[count++] = g;
    }

    /** The log entry of retired body {@code h}, or -1. */
    int indexOf(long h) {
        for (int k = retiredCount - 1; k >= 0; k--) {
            if (retired[k] == h) {
                return k;
            }
        }
        return -1;
    }

    void clear() {
        retiredCount = 0;
        count = 0;
    }
}
