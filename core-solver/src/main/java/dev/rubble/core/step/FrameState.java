package dev.rubble.core.step;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Arrays;

/**
 * The game loop's state of a world stepped by {@code PhysicsWorld.update(frameSeconds)} (docs/java-api.md,
 * "Game loop"): the time not yet stepped, the most steps per call, the steps dropped, and the poses before the
 * last step that call took (for drawing between the last two steps). It belongs to the world, not to the object
 * that steps it, so a snapshot saves it (section FRAM, snapshot format 11) and a restored world's next
 * {@code update} takes the steps, and draws the poses, the saved one would have (before 2026-12-06 a restored
 * world started with an empty accumulator: {@code update(0.03); save; update(0.01)} stepped once in the saved
 * world and not at all in the restored one). A world never stepped that way has none ({@code null}) and saves
 * the same bytes as before. Plain data; the stepping rules are the API's {@code FrameStepper}.
 */
public final class FrameState {
    /** Default most steps per {@code update}: 5 steps of 1/60 s cover a 12 fps frame. */
    public static final int DEFAULT_MAX_STEPS = 5;

    /** Seconds of frame time not yet stepped, in [0, dt). */
    public double accumulator;
    /** Most steps one {@code update} takes, >= 1. */
    public int maxSteps = DEFAULT_MAX_STEPS;
    /** Steps dropped because a frame needed more than {@link #maxSteps}. */
    public long droppedSteps;
    /** Per slot: origin (3) and orientation (4) before the last step update took. */
    public double[] prev = new double[0];
    /** Per slot: the generation the pose in {@link #prev} belongs to (-1: none). */
    public int[] prevGeneration = new int[0];
    /** Whether {@link #prev} holds poses. */
    public boolean havePrev;
    /** The world's step index when the poses were kept (they are the poses before that step); -1: never. */
    public long keptAt = -1;
    /**
     * Slots teleported ({@code setPose}) between steps {@link #teleportsAt} - 1 and {@link #teleportsAt} (the first
     * {@link #teleports}, each once): their jump happens in step {@code teleportsAt}, so poses kept right before it
     * leave them out. Teleports of an earlier step are done and forgotten, so the list holds at most one entry a
     * slot (before 2026-12-06 it grew with every {@code setPose} of a world that never called {@code update}).
     */
    public int[] teleported = new int[8];
    public int teleports;
    /** The step index the listed teleports were made before (-1: none). */
    public long teleportsAt = -1;
    private boolean[] listed = new boolean[0];

    /** Slot {@code s} is teleported before step {@code stepIndex}: list it once, forgetting earlier steps' teleports. */
    public void teleport(int s, long stepIndex) {
        if (teleportsAt != stepIndex) {
            clearTeleports();
            teleportsAt = stepIndex;
        }
        if (listed.length <= s) {
            listed = Arrays.copyOf(listed, Math.max(s + 1, 2 * listed.length));
        }
        if (listed[s]) {
            return;
        }
        listed[s] = true;
        if (teleports == teleported.length) {
            teleported = Arrays.copyOf(teleported, 2 * teleports);
        }
        teleported[teleports++] = s;
    }

    /** Forgets the listed teleports. */
    public void clearTeleports() {
        for (int k = 0; k < teleports; k++) {
            listed[teleported[k]] = false;
        }
        teleports = 0;
        teleportsAt = -1;
    }

    /** Writes this state (snapshot section FRAM); {@code slots} is the body store's slot limit. */
    public void write(DataOutput out, int slots) throws IOException {
        out.writeDouble(accumulator);
        out.writeInt(maxSteps);
        out.writeLong(droppedSteps);
        out.writeBoolean(havePrev);
        out.writeLong(keptAt);
        int n = havePrev ? Math.min(slots, prevGeneration.length) : 0;
        out.writeInt(n);
        for (int s = 0; s < n; s++) {
            out.writeInt(prevGeneration[s]);
            if (prevGeneration[s] >= 0) {
                for (int k = 0; k < 7; k++) {
                    out.writeDouble(prev[7 * s + k]);
                }
            }
        }
        out.writeLong(teleportsAt);
        out.writeInt(teleports);
        for (int k = 0; k < teleports; k++) {
            out.writeInt(teleported[k]);
        }
    }

    /**
     * Reads a state {@link #write} wrote; {@code slots} is the restored body store's slot limit.
     *
     * @throws IllegalArgumentException naming the first value out of its range
     */
    public static FrameState read(DataInput in, int slots, double dt) throws IOException {
        FrameState f = new FrameState();
        f.accumulator = in.readDouble();
        if (!(f.accumulator >= 0 && f.accumulator < dt)) {
            throw new IllegalArgumentException("game loop: accumulator = " + f.accumulator + "; allowed: 0 <= it < the step " + dt);
        }
        f.maxSteps = in.readInt();
        if (f.maxSteps < 1) {
            throw new IllegalArgumentException("game loop: maxStepsPerUpdate = " + f.maxSteps + "; allowed: >= 1");
        }
        f.droppedSteps = in.readLong();
        if (f.droppedSteps < 0) {
            throw new IllegalArgumentException("game loop: droppedSteps = " + f.droppedSteps + "; allowed: >= 0");
        }
        f.havePrev = in.readBoolean();
        f.keptAt = in.readLong();
        if (f.keptAt < -1) {
            throw new IllegalArgumentException("game loop: keptAt = " + f.keptAt + "; allowed: >= -1");
        }
        int n = in.readInt();
        if (n < 0 || n > slots) {
            throw new IllegalArgumentException("game loop: " + n + " kept poses; allowed: 0.." + slots + " (the body slots)");
        }
        f.prev = new double[7 * n];
        f.prevGeneration = new int[n];
        for (int s = 0; s < n; s++) {
            int g = in.readInt();
            if (g < -1) {
                throw new IllegalArgumentException("game loop: kept pose " + s + " has generation " + g + "; allowed: >= -1");
            }
            f.prevGeneration[s] = g;
            if (g >= 0) {
                for (int k = 0; k < 7; k++) {
                    double v = in.readDouble();
                    if (!Double.isFinite(v)) {
                        throw new IllegalArgumentException("game loop: kept pose " + s + " holds " + v + "; allowed: finite");
                    }
                    f.prev[7 * s + k] = v;
                }
            }
        }
        long at = in.readLong();
        if (at < -1) {
            throw new IllegalArgumentException("game loop: teleports made before step " + at + "; allowed: >= -1");
        }
        int t = in.readInt();
        if (t < 0 || t > slots || (at == -1 && t > 0)) {
            throw new IllegalArgumentException("game loop: " + t + " teleports; allowed: 0.." + slots + " (none without a step)");
        }
        for (int k = 0; k < t; k++) {
            int s = in.readInt();
            if (s < 0 || s >= slots) {
                throw new IllegalArgumentException("game loop: teleported slot " + s + "; allowed: 0.." + (slots - 1));
            }
            if (s < f.listed.length && f.listed[s]) {
                throw new IllegalArgumentException("game loop: teleported slot " + s + " listed twice; allowed: each slot once");
            }
            f.teleport(s, at);
        }
        f.teleportsAt = at;
        return f;
    }

    /** Grows the pose arrays to {@code slots} slots. */
    public void ensureSlots(int slots) {
        if (prev.length < 7 * slots) {
            int cap = Math.max(slots, 2 * prevGeneration.length);
            prev = Arrays.copyOf(prev, 7 * cap);
            int old = prevGeneration.length;
            prevGeneration = Arrays.copyOf(prevGeneration, cap);
            Arrays.fill(prevGeneration, old, cap, -1);
        }
    }
}
