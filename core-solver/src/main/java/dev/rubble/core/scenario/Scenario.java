package dev.rubble.core.scenario;

import dev.rubble.core.kernel.BodyDef;
import dev.rubble.core.kernel.WorldSettings;
import dev.rubble.core.soft.SoftBodyDef;
import java.util.List;

/**
 * A parsed scenario: world settings, initial bodies and scheduled commands.
 *
 * @param name     free text
 * @param settings world settings
 * @param bodies   initial bodies, in file order (which is handle order)
 * @param commands commands to queue before given steps, sorted by step (stable)
 * @param steps    default number of steps for {@code rubble run} (0 = not given)
 * @param softBodies soft bodies (docs/soft-bodies.md), added after the rigid bodies
 */
public record Scenario(String name, WorldSettings settings, List<BodyDef> bodies,
                       List<ScheduledCommand> commands, int steps, List<SoftBodyDef> softBodies) {
    public Scenario {
        bodies = List.copyOf(bodies);
        commands = List.copyOf(commands);
        softBodies = List.copyOf(softBodies);
    }

    /** A scenario without soft bodies. */
    public Scenario(String name, WorldSettings settings, List<BodyDef> bodies, List<ScheduledCommand> commands,
                    int steps) {
        this(name, settings, bodies, commands, steps, List.of());
    }
}
