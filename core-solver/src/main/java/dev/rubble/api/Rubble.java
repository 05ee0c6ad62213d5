package dev.rubble.api;

import dev.rubble.core.plugin.Stages;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * Entry point for embedding Rubble:
 * <pre>{@code
 * PhysicsWorld world = Rubble.newWorld(WorldConfig.defaults());
 * BodyId ball = world.addBody(BodySpec.dynamic(new Sphere(0.5)).withPosition(new Vector3d(0, 5, 0)));
 * world.step();
 * }</pre>
 * See {@code docs/java-api.md}.
 */
public final class Rubble {
    private Rubble() {
    }

    /** Lazily loaded class-path plugins (initialisation-on-demand holder: thread safe, loaded once). */
    private static final class Default {
        static final Plugins PLUGINS = new Plugins(Stages.load());
    }

    /**
     * The plugins on the class path, loaded on first use and shared by every call. The shipped
     * default broadphase and narrowphase come with the core jar.
     * @return the shared plugin set
     */
    public static Plugins defaultPlugins() {
        return Default.PLUGINS;
    }

    /**
     * Loads the plugins on the class path plus those in {@code pluginDirs} (one directory per
     * plugin, each with its own class loader). Expensive: do it once and reuse the result.
     *
     * @throws dev.rubble.core.plugin.PluginLoadException for an unreadable directory or a broken plugin
     * @param pluginDirs plugin directories, each holding one plugin's jars
     * @return a new plugin set
     */
    public static Plugins loadPlugins(Path... pluginDirs) {
        Objects.requireNonNull(pluginDirs, "pluginDirs is null");
        return new Plugins(Stages.load(List.of(pluginDirs)));
    }

    /**
     * A new world with the class-path plugins ({@link #defaultPlugins}).
     * @param config the world's settings
     * @return a new, empty world
     */
    public static PhysicsWorld newWorld(WorldConfig config) {
        return defaultPlugins().newWorld(config);
    }

    /**
     * A JIT warm-up with the class-path plugins and default settings ({@link Plugins#warmUp}): call it
     * once at start-up (a loading screen) so the first explosion does not run interpreted code.
     * @param budget how long to warm, 0 to ten minutes (two seconds is enough on a 2-core machine)
     * @return what ran
     */
    public static WarmUp.Report warmUp(java.time.Duration budget) {
        return defaultPlugins().warmUp(WorldConfig.defaults(), budget);
    }

    /**
     * A world restored from a snapshot file with the class-path plugins (see
     * {@link Plugins#restoreWorld}).
     * @param file a snapshot written by {@link PhysicsWorld#saveSnapshot(java.nio.file.Path)}
     * @return the restored world
     * @throws java.io.IOException when the file cannot be read
     */
    public static PhysicsWorld restoreWorld(Path file) throws java.io.IOException {
        return defaultPlugins().restoreWorld(file);
    }
}
