package dev.rubble.cache.journal;

import dev.rubble.core.command.Command;
import dev.rubble.core.dynamics.ConstraintStore;
import java.util.Arrays;
import java.util.List;
import net.openhft.chronicle.bytes.Bytes;

/**
 * The constraint-changes document ("JNTC"; docs/journal-format.md): the changes a step made to the world's
 * constraints by itself, not through its commands — constraints gone (broken by force or torque, removed with a
 * retired body, or removed because the piece holding an anchor got no body) and constraints re-bound to the piece
 * that holds their anchor when their body broke (docs/constraints.md "Joints on collections"). Playback applies it
 * after the step's commands, so its world holds the constraints as recorded (a recorded {@code AddConstraint} or
 * {@code RemoveConstraint} is in the step's commands and is not repeated here). Written just before the step's
 * document and only for steps that have any: journals without joints, and steps whose joints held, are unchanged.
 *
 * <pre>
 *  kind int32 "JNTC", step int64,
 *  gone int32, per constraint: id int32                         (in store order)
 *  rebound int32, per constraint: id int32, body A int64, body B int64 (Long.MIN_VALUE: the world),
 *                                 frame A 7 x float64, frame B 7 x float64 (body frames, as the store holds them)
 *  END; CRC-32C
 * </pre>
 *
 * <p>The writer side ({@link #observe}) keeps a mirror of the store as it was after the last step and compares only
 * when the store's version moved (an add, remove or re-bind), so a step whose joints did not change costs one int
 * comparison and allocates nothing.
 */
public final class ConstraintChanges {
    /** The step these changes belong to; -1 when the record has none. */
    public long step = -1;
    public int goneCount;
    public int[] gone = new int[4];
    public int reboundCount;
    public int[] reboundId = new int[4];
    public long[] reboundA = new long[4], reboundB = new long[4];
    /** 14 per re-bound constraint: frame A (anchor x y z, orientation x y z w), then frame B. */
    public double[] reboundFrames = new double[56];

    // the writer's mirror of the store after the last observed step
    private int mirrorVersion = Integer.MIN_VALUE;
    private int mirrorCount;
    private int[] mirrorId = new int[0];
    private long[] mirrorA = new long[0], mirrorB = new long[0];
    private double[] mirrorFa = new double[0], mirrorFb = new double[0];

    public void clear() {
        step = -1;
        goneCount = 0;
        reboundCount = 0;
    }

    /** Whether {@link #step} equals {@code s} and there is anything to apply. */
    public boolean any(long s) {
        return step == s && (goneCount > 0 || reboundCount > 0);
    }

    /** The writer's starting point: {@code st} as it is when the recording starts (a start keyframe may hold some). */
    void mirror(ConstraintStore st) {
        int n = st.size();
        if (mirrorId.length < n) {
            int c = Math.max(n, 2 * mirrorId.length);
            mirrorId = new int[c];
            mirrorA = new long[c];
            mirrorB = new long[c];
            mirrorFa = new double[7 * c];
            mirrorFb = new double[7 * c];
        }
        System.arraycopy(st.id, 0, mirrorId, 0, n);
        System.arraycopy(st.bodyA, 0, mirrorA, 0, n);
        System.arraycopy(st.bodyB, 0, mirrorB, 0, n);
        System.arraycopy(st.frameA, 0, mirrorFa, 0, 7 * n);
        System.arraycopy(st.frameB, 0, mirrorFb, 0, 7 * n);
        mirrorCount = n;
        mirrorVersion = st.version;
    }

    /**
     * After step {@code s}: fills this with what the step changed in {@code st} by itself, then mirrors the store.
     * Gone: a constraint of the mirror, or one this step's commands added, that the store no longer holds and no
     * {@code RemoveConstraint} of the step removed. Re-bound: a constraint of the mirror whose bodies or frames
     * changed, or one the step's commands added that now names other bodies than its command. Returns whether
     * there is anything to write.
     */
    boolean observe(ConstraintStore st, List<Command> commands, long s) {
        step = s;
        goneCount = 0;
        reboundCount = 0;
        if (st.version == mirrorVersion) {
            return false;
        }
        int i = 0, n = st.size();
        for (int j = 0; j < n; j++) { // both in id order: a merge
            int cid = st.id[j];
            for (; i < mirrorCount && mirrorId[i] < cid; i++) {
                gone(commands, mirrorId[i]);
            }
            if (i < mirrorCount && mirrorId[i] == cid) {
                if (st.bodyA[j] != mirrorA[i] || st.bodyB[j] != mirrorB[i]
                        || !Arrays.equals(st.frameA, 7 * j, 7 * j + 7, mirrorFa, 7 * i, 7 * i + 7)
                        || !Arrays.equals(st.frameB, 7 * j, 7 * j + 7, mirrorFb, 7 * i, 7 * i + 7)) {
                    rebound(st, j);
                }
                i++;
                continue;
            }
            Command.AddConstraint add = added(commands, cid);
            if (add == null || add.bodyA() != st.bodyA[j] || add.bodyB() != st.bodyB[j]) {
                rebound(st, j); // added this step and moved to a piece in it
            }
        }
        for (; i < mirrorCount; i++) {
            gone(commands, mirrorId[i]);
        }
        for (int k = 0, m = commands.size(); k < m; k++) {
            if (commands.get(k) instanceof Command.AddConstraint add && st.indexOf(add.id()) < 0
                    && Arrays.binarySearch(mirrorId, 0, mirrorCount, add.id()) < 0) {
                gone(commands, add.id()); // added and broken (or its anchor's piece lost) in the same step
            }
        }
        mirror(st);
        return goneCount > 0 || reboundCount > 0;
    }

    private void gone(List<Command> commands, int cid) {
        for (int i = 0, n = commands.size(); i < n; i++) {
            if (commands.get(i) instanceof Command.RemoveConstraint r && r.id() == cid) {
                return; // the command is in the step's record
            }
        }
        gone = grow(gone, goneCount + 1);
        gone[goneCount++] = cid;
    }

    private void rebound(ConstraintStore st, int j) {
        int k = reboundCount++;
        ensureRebound(reboundCount);
        reboundId[k] = st.id[j];
        reboundA[k] = st.bodyA[j];
        reboundB[k] = st.bodyB[j];
        System.arraycopy(st.frameA, 7 * j, reboundFrames, 14 * k, 7);
        System.arraycopy(st.frameB, 7 * j, reboundFrames, 14 * k + 7, 7);
    }

    private static Command.AddConstraint added(List<Command> commands, int cid) {
        for (int i = 0, n = commands.size(); i < n; i++) {
            if (commands.get(i) instanceof Command.AddConstraint a && a.id() == cid) {
                return a;
            }
        }
        return null;
    }

    private static int[] grow(int[] a, int n) {
        return a.length >= n ? a : Arrays.copyOf(a, Math.max(n, 2 * a.length));
    }

    private void ensureRebound(int n) {
        if (reboundId.length < n) {
            int c = Math.max(n, 2 * reboundId.length);
            reboundId = Arrays.copyOf(reboundId, c);
            reboundA = Arrays.copyOf(reboundA, c);
            reboundB = Arrays.copyOf(reboundB, c);
            reboundFrames = Arrays.copyOf(reboundFrames, 14 * c);
        }
    }

    /** Writes the document's body (after the kind tag, before END). */
    void write(Bytes<?> b) {
        b.writeLong(step);
        b.writeInt(goneCount);
        for (int i = 0; i < goneCount; i++) {
            b.writeInt(gone[i]);
        }
        b.writeInt(reboundCount);
        for (int i = 0; i < reboundCount; i++) {
            b.writeInt(reboundId[i]);
            b.writeLong(reboundA[i]);
            b.writeLong(reboundB[i]);
            for (int f = 0; f < 14; f++) {
                b.writeLong(Double.doubleToRawLongBits(reboundFrames[14 * i + f]));
            }
        }
    }

    /** Reads what {@link #write} wrote into this (replacing it); returns the step. */
    long read(Bytes<?> b) {
        clear();
        long s = b.readLong();
        int n = b.readInt();
        if (n < 0 || n > b.readRemaining() / 4) {
            throw new JournalFormatException("constraint-changes document of step " + s + ": " + n
                    + " constraints gone is corrupted");
        }
        gone = grow(gone, n);
        for (int i = 0; i < n; i++) {
            gone[i] = b.readInt();
        }
        goneCount = n;
        int m = b.readInt();
        if (m < 0 || m > b.readRemaining() / (4 + 16 + 14 * 8)) {
            throw new JournalFormatException("constraint-changes document of step " + s + ": " + m
                    + " constraints re-bound is corrupted");
        }
        ensureRebound(m);
        for (int i = 0; i < m; i++) {
            reboundId[i] = b.readInt();
            reboundA[i] = b.readLong();
            reboundB[i] = b.readLong();
            for (int f = 0; f < 14; f++) {
                double v = Double.longBitsToDouble(b.readLong());
                if (!Double.isFinite(v)) {
                    throw new JournalFormatException("constraint-changes document of step " + s + ": constraint "
                            + reboundId[i] + " frame value " + f + " = " + v + "; allowed: finite");
                }
                reboundFrames[14 * i + f] = v;
            }
            if (reboundA[i] < 0 || reboundB[i] < 0 && reboundB[i] != ConstraintStore.WORLD) {
                throw new JournalFormatException("constraint-changes document of step " + s + ": constraint "
                        + reboundId[i] + " bodies " + reboundA[i] + ", " + reboundB[i] + " are corrupted");
            }
        }
        reboundCount = m;
        step = s;
        return s;
    }
}
