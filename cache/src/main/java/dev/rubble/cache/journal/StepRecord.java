package dev.rubble.cache.journal;

import dev.rubble.core.command.Command;
import dev.rubble.core.step.StepSlot;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One decoded step document. Reused by {@link JournalReader#next(StepRecord)}: arrays grow to the
 * largest step seen and are then rewritten in place, so reading allocates only the (rare) commands.
 *
 * <p>Moved bodies: entry {@code i} is slot {@code movedSlot[i]} with generation {@code movedGen[i]},
 * state {@code movedState[i]} (a {@link dev.rubble.core.body.BodyState} ordinal), motion type
 * {@code movedMotion[i]} and {@link #FIELDS} doubles at {@code moved[i * FIELDS]}: centre-of-mass
 * position (m), orientation quaternion (x, y, z, w), linear (m/s) and angular (rad/s) velocity.
 */
public final class StepRecord {
    /** Doubles per moved body. */
    public static final int FIELDS = 13;
    /** Names of the {@link #FIELDS} doubles, as verify reports them. */
    public static final String[] FIELD_NAMES = {"position.x", "position.y", "position.z",
        "orientation.x", "orientation.y", "orientation.z", "orientation.w",
        "linearVelocity.x", "linearVelocity.y", "linearVelocity.z",
        "angularVelocity.x", "angularVelocity.y", "angularVelocity.z"};

    public long step;
    public double time;
    public long stateHash;
    /** Wall time since the recording started when this step was written, ns. */
    public long wallNanos;
    public final long[] stageNanos = new long[StepSlot.values().length];
    public long totalNanos;
    public int awake, sleeping, statics, disabled, kinematic, pairs, spawned, removed;
    /** Inputs applied this step, in order. */
    public final List<Command> commands = new ArrayList<>();

    public int changeCount;
    public int[] changeSlot = new int[16];
    public int[] changeGen = new int[16];
    /** State before / after as BodyState ordinals, {@link JournalFormat#ABSENT} for "no body". */
    public byte[] changeFrom = new byte[16];
    public byte[] changeTo = new byte[16];

    public int movedCount;
    public int[] movedSlot = new int[16];
    public int[] movedGen = new int[16];
    public byte[] movedState = new byte[16];
    public byte[] movedMotion = new byte[16];
    public double[] moved = new double[16 * FIELDS];

    /** Size of the document, bytes. */
    public int bytes;

    void ensureChanges(int n) {
        if (changeSlot.length < n) {
            int c = Math.max(n, changeSlot.length * 2);
            changeSlot = Arrays.copyOf(changeSlot, c);
            changeGen = Arrays.copyOf(changeGen, c);
            changeFrom = Arrays.copyOf(changeFrom, c);
            changeTo = Arrays.copyOf(changeTo, c);
        }
    }

    void ensureMoved(int n) {
        if (movedSlot.length < n) {
            int c = Math.max(n, movedSlot.length * 2);
            movedSlot = Arrays.copyOf(movedSlot, c);
            movedGen = Arrays.copyOf(movedGen, c);
            movedState = Arrays.copyOf(movedState, c);
            movedMotion = Arrays.copyOf(movedMotion, c);
            moved = Arrays.copyOf(moved, c * FIELDS);
        }
    }

    /** Index of slot {@code s} among the moved bodies, or -1 (linear scan; for tools and tests). */
    public int movedIndexOf(int s) {
        for (int i = 0; i < movedCount; i++) {
            if (movedSlot[i] == s) {
                return i;
            }
        }
        return -1;
    }
}
