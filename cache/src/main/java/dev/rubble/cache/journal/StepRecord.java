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
    /** The step's gathered events (docs/events.md), empty when the journal has no events document for it. */
    public final RecordedEvents stepEvents = new RecordedEvents();
    public double time;
    /**
     * Bodies drawn shrunk at the end of this step (the removal scale below 1, issue 31; from the
     * step's "SCAL" document): slot, generation, scale; every other body is drawn full size.
     */
    public int scaleCount;
    public int[] scaleSlot = new int[4], scaleGen = new int[4];
    public double[] scale = new double[4];
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

    /**
     * Version 4: destruction events (kinds {@link dev.rubble.core.destruction.BreakEvents#BREAK},
     * {@code RELEASE}, {@code CLUSTER}): collection, asset node (-1 for an internal cluster), the
     * piece's body handle, the body it came from, {@link #FIELDS} doubles of pose and velocities at
     * {@code eventMotion[i * FIELDS]}, mass, load; an internal cluster's member asset nodes are
     * {@code eventMembers[eventMemberStart[i] .. eventMemberStart[i + 1])}.
     */
    public int eventCount;
    public byte[] eventKind = new byte[4];
    public int[] eventCollection = new int[4], eventNode = new int[4];
    public long[] eventBody = new long[4], eventFrom = new long[4];
    public double[] eventMotion = new double[4 * FIELDS], eventMass = new double[4], eventLoad = new double[4];
    public int[] eventMemberStart = new int[5], eventMembers = new int[16];
    /**
     * The cluster-union bodies this step created and retired, in order (issue 29; the step's "UBOD"
     * document; empty when it has none): playback re-creates them between the pieces.
     */
    public final dev.rubble.core.destruction.UnionLog unionBodies = new dev.rubble.core.destruction.UnionLog();
    /**
     * The changes the world made at once between the previous step and this one, in order (the
     * step's "BTWN" document; empty when it has none): verify, seek and playback make them before
     * the step's commands.
     */
    public final List<BetweenSteps.Change> between = new ArrayList<>();
    /**
     * The pre-solve hook's answers in this step (its "HOOK" document); {@code hook.step != step} when
     * the step ran without a hook.
     */
    public final HookAnswers hook = new HookAnswers();
    /**
     * The constraints this step broke, removed or re-bound by itself (its "JNTC" document; {@code step != step}
     * of the record when it has none): playback applies them after the step's commands.
     */
    public final ConstraintChanges constraintChanges = new ConstraintChanges();
    /** Version 4: the destruction runtime's hash after the step ({@code Destruction.hash(OFFSET_BASIS)}). */
    public long destructionHash;
    /** Whether this record carries events and a destruction hash (version 4). */
    public boolean hasDestruction;

    void ensureEvents(int n) {
        if (eventKind.length < n) {
            int c = Math.max(n, eventKind.length * 2);
            eventKind = Arrays.copyOf(eventKind, c);
            eventCollection = Arrays.copyOf(eventCollection, c);
            eventNode = Arrays.copyOf(eventNode, c);
            eventBody = Arrays.copyOf(eventBody, c);
            eventFrom = Arrays.copyOf(eventFrom, c);
            eventMotion = Arrays.copyOf(eventMotion, c * FIELDS);
            eventMass = Arrays.copyOf(eventMass, c);
            eventLoad = Arrays.copyOf(eventLoad, c);
            eventMemberStart = Arrays.copyOf(eventMemberStart, c + 1);
        }
    }

    void ensureMembers(int n) {
        if (eventMembers.length < n) {
            eventMembers = Arrays.copyOf(eventMembers, Math.max(n, eventMembers.length * 2));
        }
    }

    /** Size of the document, bytes. */
    public int bytes;
    /**
     * Bytes of the moved-bodies block in the document (count and length fields included): issue 27's
     * version 5 encoding, 114 per body before it, a lossy journal's QSTP block.
     */
    public int movedBytes;

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
