package dev.rubble.scenario;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.BodyState;
import dev.rubble.core.command.Command;

/**
 * A command in a scenario file, queued before step {@code step} runs. Bodies are named by label
 * and resolved to handles when the command is queued.
 *
 * @param step        the step index before which it is queued (0 = before the first step)
 * @param type        impulse, velocity, state, spawn, remove, kinematicTarget, release (playback only:
 *                    body, or a region with min in vector and max in vector2), or a destruction type
 * @param body        label of the target body (null for spawn)
 * @param vector      impulse (N·s), linear velocity (m/s) or target position (m)
 * @param vector2     application point (m), angular velocity (rad/s)
 * @param quat        target orientation for kinematicTarget
 * @param state       for type state
 * @param spawn       for type spawn
 * @param destruction for the destruction types (externalStrain, internalStrain, crumble, anchor):
 *                    the command, collections already resolved to indices; null otherwise
 * @param path        where it came from, e.g. {@code $.commands[3]} (null when built in code); errors
 *                    raised while it is applied name it
 * @param command     a ready-made command queued as it is (field commands from {@code fields[]}); null otherwise
 * @param other       the second body's label of an {@code ignoreCollision} command; null otherwise
 */
public record ScheduledCommand(int step, String type, String body, double[] vector, double[] vector2,
                               double[] quat, BodyState state, BodyDef spawn, Command.Destruction destruction,
                               String path, Command command, String other) {

    /** As the canonical constructor, for every type but {@code ignoreCollision}. */
    public ScheduledCommand(int step, String type, String body, double[] vector, double[] vector2,
                            double[] quat, BodyState state, BodyDef spawn, Command.Destruction destruction,
                            String path, Command command) {
        this(step, type, body, vector, vector2, quat, state, spawn, destruction, path, command, null);
    }

    /** As the canonical constructor, without a ready-made command (every type but the field ones). */
    public ScheduledCommand(int step, String type, String body, double[] vector, double[] vector2,
                            double[] quat, BodyState state, BodyDef spawn, Command.Destruction destruction,
                            String path) {
        this(step, type, body, vector, vector2, quat, state, spawn, destruction, path, null);
    }

    /** A ready-made command (fields[], issue 24: ApplyField, RemoveField) queued before {@code step}; {@code path} names it. */
    public static ScheduledCommand of(int step, String type, Command command, String path) {
        return new ScheduledCommand(step, type, null, null, null, null, null, null, null, path, command);
    }

    /** A command built in code that is not a destruction command, with no file path. */
    public ScheduledCommand(int step, String type, String body, double[] vector, double[] vector2,
                            double[] quat, BodyState state, BodyDef spawn) {
        this(step, type, body, vector, vector2, quat, state, spawn, null, null);
    }

    /** A command built in code (a destruction command when {@code destruction} is not null), with no file path. */
    public ScheduledCommand(int step, String type, String body, double[] vector, double[] vector2,
                            double[] quat, BodyState state, BodyDef spawn, Command.Destruction destruction) {
        this(step, type, body, vector, vector2, quat, state, spawn, destruction, null);
    }

    /** This command with its JSON path. */
    ScheduledCommand at(String p) {
        return new ScheduledCommand(step, type, body, vector, vector2, quat, state, spawn, destruction, p, command, other);
    }
}
