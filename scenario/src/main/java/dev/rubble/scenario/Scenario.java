package dev.rubble.scenario;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.step.WorldSettings;
import java.util.List;

/**
 * A parsed scenario: world settings, initial bodies and scheduled commands.
 *
 * @param name     free text
 * @param settings world settings
 * @param bodies   initial bodies, in file order (which is handle order)
 * @param commands commands to queue before given steps, sorted by step (stable)
 * @param steps    default number of steps for {@code rubble run} (0 = not given)
 * @param collections geometry collections to place after the bodies, in order (their index is
 *                    what destruction commands name)
 */
public record Scenario(String name, WorldSettings settings, List<BodyDef> bodies,
                       List<ScheduledCommand> commands, int steps, List<CollectionSpec> collections) {
    public Scenario {
        bodies = List.copyOf(bodies);
        commands = List.copyOf(commands);
        collections = List.copyOf(collections);
    }

    /** A scenario without collections. */
    public Scenario(String name, WorldSettings settings, List<BodyDef> bodies, List<ScheduledCommand> commands,
                    int steps) {
        this(name, settings, bodies, commands, steps, List.of());
    }
}
