package dev.rubble.cache.journal;

import dev.rubble.core.event.HookRecorder;
import dev.rubble.core.event.NewContactHook;
import java.util.Arrays;
import net.openhft.chronicle.bytes.Bytes;

/**
 * The hook document ("HOOK", docs/journal-format.md): a step that ran with a pre-solve hook
 * installed, and the hook's answers in call order. The hook is code, so the journal records what it
 * decided: the writer hears every answer ({@link HookRecorder}); verify and seek install
 * {@link #replay()} for such a step, which gives the recorded answers back in order, and no hook for
 * any other step (the hook's presence alone makes the world follow contacts). A re-simulation that
 * asks about other pairs than the recording did is a divergence ({@link #mismatch()}).
 *
 * <pre>
 *  kind "HOOK" | step int64 | n int32 | n x (slot A int32, slot B int32, sub-shape key int64,
 *                                          outcome int8: 0 rejected, 1 accepted, 2 threw,
 *                                          friction float64, restitution float64) | END | crc32c
 * </pre>
 *
 * Reused: the arrays grow to the most answers of a step and are rewritten in place.
 */
public final class HookAnswers implements HookRecorder {
    /** The step these answers belong to; -1 when the step ran without a hook. */
    public long step = -1;
    /** Answers in call order. */
    public int count;
    public int[] slotA = new int[16], slotB = new int[16];
    public long[] key = new long[16];
    public byte[] outcome = new byte[16];
    public double[] friction = new double[16], restitution = new double[16];

    @Override
    public void answered(int a, int b, long subShape, byte result, double f, double e) {
        ensure(count + 1);
        slotA[count] = a;
        slotB[count] = b;
        key[count] = subShape;
        outcome[count] = result;
        friction[count] = f;
        restitution[count] = e;
        count++;
    }

    /** No answers, no step. */
    public void clear() {
        step = -1;
        count = 0;
        next = 0;
        mismatch = null;
    }

    private void ensure(int n) {
        if (slotA.length < n) {
            int c = Math.max(n, 2 * slotA.length);
            slotA = Arrays.copyOf(slotA, c);
            slotB = Arrays.copyOf(slotB, c);
            key = Arrays.copyOf(key, c);
            outcome = Arrays.copyOf(outcome, c);
            friction = Arrays.copyOf(friction, c);
            restitution = Arrays.copyOf(restitution, c);
        }
    }

    /** Writes the document's content after its kind tag. */
    void write(Bytes<?> b, long forStep) {
        b.writeLong(forStep);
        b.writeInt(count);
        for (int i = 0; i < count; i++) {
            b.writeInt(slotA[i]).writeInt(slotB[i]).writeLong(key[i]).writeByte(outcome[i]);
            b.writeDouble(friction[i]).writeDouble(restitution[i]);
        }
    }

    /** Reads the document's content after its kind tag. */
    void read(Bytes<?> b, int slotLimit) {
        clear();
        long s = b.readLong();
        int n = b.readInt();
        if (n < 0 || (long) n * 33 > b.readRemaining()) {
            throw new JournalFormatException("the hook document of step " + s + " is corrupted: " + n + " answers");
        }
        ensure(n);
        for (int i = 0; i < n; i++) {
            slotA[i] = b.readInt();
            slotB[i] = b.readInt();
            key[i] = b.readLong();
            outcome[i] = b.readByte();
            friction[i] = b.readDouble();
            restitution[i] = b.readDouble();
            if (slotA[i] < 0 || slotA[i] >= slotLimit || slotB[i] < 0 || slotB[i] >= slotLimit || outcome[i] < 0
                    || outcome[i] > HookRecorder.THREW) {
                throw new JournalFormatException("the hook document of step " + s + " is corrupted: answer " + i
                        + " names slots " + slotA[i] + ", " + slotB[i] + " with outcome " + outcome[i]);
            }
        }
        count = n;
        step = s;
    }

    /** Thrown by {@link #replay()} where the recorded hook threw: the step goes on as it did; the caller ignores it. */
    public static final class ReplayedFailure extends RuntimeException {
        private static final long serialVersionUID = 1L;

        ReplayedFailure(String message) {
            super(message, null, false, false);
        }
    }

    private int next;
    /** The first call that differed from the recording: {subject, field, recorded, re-simulated}, or null. */
    private String[] mismatch;

    /** The recorded hook of this step: the recorded answers, in order (one object; call after reading the step). */
    public NewContactHook replay() {
        next = 0;
        mismatch = null;
        return replayer;
    }

    private final NewContactHook replayer = (a, b, k, material) -> {
        int i = next++;
        if (mismatch != null) {
            return true;
        }
        if (i >= count || slotA[i] != a || slotB[i] != b || key[i] != k) {
            mismatch = new String[] {"pre-solve hook call " + i, "pair",
                i >= count ? "none (the recording called it " + count + " times)" : pair(slotA[i], slotB[i], key[i]),
                pair(a, b, k)};
            return true;
        }
        switch (outcome[i]) {
            case HookRecorder.REJECTED:
                return false;
            case HookRecorder.THREW:
                throw new ReplayedFailure("the recorded pre-solve hook threw at call " + i);
            default:
                material[0] = friction[i];
                material[1] = restitution[i];
                return true;
        }
    };

    /**
     * After a re-simulated step that used {@link #replay()}: null when it asked the hook about the
     * recorded pairs in the recorded order, else the first difference as {subject, field, recorded,
     * re-simulated}. A hook that threw is not asked again in its step, in the recording either.
     */
    public String[] mismatch() {
        if (mismatch != null) {
            return mismatch;
        }
        if (next != count) {
            return new String[] {"pre-solve hook", "calls", String.valueOf(count), String.valueOf(next)};
        }
        return null;
    }

    private static String pair(int a, int b, long k) {
        return "slots " + a + ", " + b + ", sub-shape " + k;
    }
}
