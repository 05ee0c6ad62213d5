package dev.rubble.scenario;

import dev.rubble.api.PhysicsWorld;
import dev.rubble.api.Plugins;
import dev.rubble.api.Rubble;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;

/**
 * Scenario files (docs/scenario-format.md) as worlds of the public API: the world's settings and
 * stages, its bodies (labelled with their scenario ids, so {@link PhysicsWorld#find} names them)
 * and its scheduled commands, queued before their steps as {@code rubble run} does.
 */
public final class Scenarios {
    private Scenarios() {
    }

    /**
     * Loads a scenario file with the class-path plugins.
     *
     * @throws ScenarioException naming the JSON path, the bad value and what is allowed
     */
    public static PhysicsWorld load(Path file) {
        return load(file, Rubble.defaultPlugins());
    }

    /** Loads a scenario file with the given plugins. */
    public static PhysicsWorld load(Path file, Plugins plugins) {
        Objects.requireNonNull(file, "file is null");
        return world(ScenarioLoader.load(file), plugins);
    }

    /** A world from scenario JSON text. */
    public static PhysicsWorld parse(String json, Plugins plugins) {
        Objects.requireNonNull(json, "json is null");
        return world(ScenarioLoader.parse(json), plugins);
    }

    private static PhysicsWorld world(Scenario scenario, Plugins plugins) {
        Objects.requireNonNull(plugins, "plugins is null");
        ScenarioWorld sw = ScenarioWorld.create(scenario, plugins.stages(), Map.of());
        return PhysicsWorld.wrap(sw.world(), sw::queueDueCommands);
    }
}
