package dev.rubble.core.plugin;

import com.google.inject.Guice;
import com.google.inject.Injector;
import com.google.inject.Key;
import com.google.inject.Stage;
import com.google.inject.util.Types;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.StageFactory;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The kernel's view of every loaded stage implementation: plugins found by {@link PluginManager},
 * wired by Guice into one map per family, selected by name.
 */
public final class Stages {
    private final PluginManager plugins;
    private final Injector injector;

    private Stages(PluginManager plugins) {
        this.plugins = plugins;
        this.injector = Guice.createInjector(Stage.PRODUCTION, new StageModule(plugins));
    }

    /** Loads the plugins on the class path and in {@code pluginDirs}. */
    public static Stages load(List<Path> pluginDirs) {
        return new Stages(PluginManager.load(Stages.class.getClassLoader(), pluginDirs));
    }

    /** Loads only the plugins on the class path. */
    public static Stages load() {
        return load(List.of());
    }

    /** What was found. */
    public PluginManager plugins() {
        return plugins;
    }

    /** The factories of a family by name, as Guice bound them (sorted by name). */
    @SuppressWarnings("unchecked")
    public <F extends StageFactory<?>> Map<String, F> factories(StageFamily<F> family) {
        Key<Map<String, F>> key = (Key<Map<String, F>>) Key.get(Types.mapOf(String.class, family.factoryType()));
        return new TreeMap<>(injector.getInstance(key));
    }

    /**
     * The factory called {@code name} in {@code family}.
     *
     * @throws UnknownStageException naming the family, the bad name and the known names
     */
    public <F extends StageFactory<?>> F factory(StageFamily<F> family, String name) {
        Objects.requireNonNull(name, "name is null");
        Map<String, F> map = factories(family);
        F f = map.get(name);
        if (f == null) {
            throw new UnknownStageException("unknown " + family.name() + " '" + name + "'; known: "
                    + (map.isEmpty() ? "(none loaded)" : String.join(", ", map.keySet())));
        }
        return f;
    }

    /** Creates a stage instance of {@code family} by name with options. */
    public <T, F extends StageFactory<T>> T create(StageFamily<F> family, String name, StageConfig config) {
        F f = factory(family, name);
        try {
            return f.create(config);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(family.name() + " '" + name + "': " + e.getMessage(), e);
        }
    }
}
