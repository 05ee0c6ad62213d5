package dev.rubble.tui;

import dev.rubble.core.world.World;

/**
 * What the console drives: a live simulation (optionally journalled) or a journal playback. All
 * calls come from the console thread.
 */
public interface ConsoleSession {
    /** The world shown. */
    World world();

    /** Name shown in the title (scenario name). */
    String title();

    /** Advances one world step. */
    void step();

    /** Whether there is nothing left to play (replay at its end, or a step limit reached). */
    boolean finished();

    /** Speed factor shown and changed by +/-: live = simulated seconds per wall second; replay = recorded steps per step. */
    double speed();

    /** Sets the speed factor, (0, 64]. */
    void setSpeed(double speed);

    /** World steps per wall-clock second at the current speed. */
    double stepsPerSecond();

    /**
     * Queues an impulse for every dynamic body whose centre lies within {@code radius} metres of the
     * point, pushing it away from the point and upwards with a speed change of {@code dv} m/s; returns
     * how many bodies. A NaN coordinate is ignored (the depth axis of the view).
     */
    int impulse(double x, double y, double z, double radius, double dv);

    /** Releases driven bodies within the box to live simulation; -1 if this session is not a replay. */
    int release(double minX, double minY, double minZ, double maxX, double maxY, double maxZ);

    /** Journal bytes written or read so far (0 if none). */
    long journalBytes();

    /** One-word journal description: "recording DIR", "replay DIR" or "off". */
    String journalLabel();

    /** Extra status: e.g. replay position "step 120/600". */
    String position();

    /** Whether the body in {@code slot} follows a recording (replay) rather than simulating. */
    default boolean driven(int slot) {
        return false;
    }

    /** Whether this session plays a journal back. */
    default boolean replay() {
        return false;
    }

    /**
     * Marks the anchored pieces of drawables {@code [0, n)} of {@code frame} where the world cannot tell them:
     * a replay's world holds the recording's bodies, not its collections (docs/console.md, view glyphs).
     * A live session's frame has them from its world ({@code FrameBuilder.clusters}): nothing to do.
     */
    default void markAnchored(dev.rubble.spi.render.FrameBuffer frame, int n) {
    }

    /** Whether {@link #release} can release anything (only a replay can); decides the key bar. */
    default boolean canRelease() {
        return false;
    }

    /**
     * Queues an explosion at view-plane point (u, v) (see {@link Explosions}): external strain that
     * breaks what the sphere of {@code radius} metres meets, and a radial impulse of {@code dv} m/s on
     * the bodies within it, now and on the pieces released by it. Null when this session cannot
     * (a replay: its bodies follow the recording).
     */
    default Explosions.Blast explode(boolean topView, double u, double v, double radius, double dv) {
        return null;
    }

    /** Queues field preset {@code k} of {@link FieldPresets#PRESETS} at view-plane point (u, v); null when this session cannot. */
    default Explosions.Blast field(int k, boolean topView, double u, double v, double radius, double dv) {
        return null;
    }

    /** Budget and non-finite counters of a live run, or null. */
    default RunHealth health() {
        return null;
    }
}
