package dev.rubble.core.scenario;

import dev.rubble.core.body.BodyState;
import dev.rubble.core.kernel.BodyDef;

/**
 * A command in a scenario file, queued before step {@code step} runs. Bodies are named by label
 * and resolved to handles when the command is queued.
 *
 * @param step      the step index before which it is queued (0 = before the first step)
 * @param type      impulse, velocity, state, spawn, remove, kinematicTarget, release (playback only:
 *                  body, or a region with min in vector and max in vector2)
 * @param body      label of the target body (null for spawn)
 * @param vector    impulse (N·s), linear velocity (m/s) or target position (m)
 * @param vector2   application point (m), angular velocity (rad/s)
 * @param quat      target orientation for kinematicTarget
 * @param state     for type state
 * @param spawn     for type spawn
 * @param path      where it came from, e.g. {@code $.commands[3]} (null when built in code); errors
 *                  raised while it is applied name it
 */
public record ScheduledCommand(int step, String type, String body, double[] vector, double[] vector2,
                               double[] quat, BodyState state, BodyDef spawn, String path) {
    /** A command built in code, with no file path. */
    public ScheduledCommand(int step, String type, String body, double[] vector, double[] vector2,
                            double[] quat, BodyState state, BodyDef spawn) {
        this(step, type, body, vector, vector2, quat, state, spawn, null);
    }

    /** This command with its JSON path. */
    ScheduledCommand at(String p) {
        return new ScheduledCommand(step, type, body, vector, vector2, quat, state, spawn, p);
    }
}
