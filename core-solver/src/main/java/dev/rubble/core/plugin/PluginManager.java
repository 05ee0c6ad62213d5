package dev.rubble.core.plugin;

import dev.rubble.spi.RubblePlugin;
import dev.rubble.spi.StageFactory;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.ServiceLoader;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Finds {@link RubblePlugin}s with {@link ServiceLoader}: on the kernel's class path and in each
 * plugin directory (every {@code *.jar} in it, one class loader per directory whose parent lets
 * only {@code dev.rubble.spi} through). Logs every registration at {@code DEBUG} (quiet in an
 * embedding host's log) and rejects duplicate names within a family, naming both sources.
 */
public final class PluginManager {
    private static final System.Logger LOG = System.getLogger(PluginManager.class.getName());

    private final List<Registration> registrations;
    private final List<URLClassLoader> loaders;

    private PluginManager(List<Registration> registrations, List<URLClassLoader> loaders) {
        this.registrations = List.copyOf(registrations);
        this.loaders = loaders;
    }

    /** Loads plugins from the class path of {@code kernelLoader} and from each directory. */
    public static PluginManager load(ClassLoader kernelLoader, List<Path> pluginDirs) {
        Objects.requireNonNull(kernelLoader, "kernelLoader is null");
        Objects.requireNonNull(pluginDirs, "pluginDirs is null");
        Map<String, Registration> byKey = new TreeMap<>();
        List<Registration> found = new ArrayList<>();
        List<URLClassLoader> loaders = new ArrayList<>();
        collect(ServiceLoader.load(RubblePlugin.class, kernelLoader), byKey, found);
        for (Path dir : pluginDirs) {
            URLClassLoader loader = directoryLoader(dir, kernelLoader);
            loaders.add(loader);
            collect(ServiceLoader.load(RubblePlugin.class, loader), byKey, found);
        }
        found.sort(Comparator.comparing((Registration r) -> StageFamily.all().indexOf(r.family()))
                .thenComparing(Registration::name));
        return new PluginManager(found, loaders);
    }

    private static URLClassLoader directoryLoader(Path dir, ClassLoader kernelLoader) {
        if (!Files.isDirectory(dir)) {
            throw new PluginLoadException("--plugins " + dir + " is not a directory; allowed: a directory of plugin jars");
        }
        List<URL> urls = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path p : (Iterable<Path>) files.sorted()::iterator) {
                if (p.getFileName().toString().endsWith(".jar") && Files.isRegularFile(p)) {
                    checkJar(dir, p);
                    urls.add(p.toUri().toURL());
                }
            }
        } catch (MalformedURLException e) {
            throw new PluginLoadException("bad plugin jar path in " + dir + ": " + e.getMessage(), e);
        } catch (IOException e) {
            throw new PluginLoadException("cannot list plugin directory " + dir + ": " + e.getMessage(), e);
        }
        return new URLClassLoader("rubble-plugins:" + dir.getFileName(), urls.toArray(new URL[0]),
                new SpiOnlyClassLoader(kernelLoader));
    }

    /**
     * Refuses a {@code .jar} that is not a jar (zip) file: the class loader skipped it without a word, so a
     * damaged or half-copied plugin jar left its stages "unknown" with nothing saying why.
     */
    private static void checkJar(Path dir, Path jar) {
        try (java.util.jar.JarFile f = new java.util.jar.JarFile(jar.toFile())) {
            f.size();
        } catch (IOException e) {
            throw new PluginLoadException("--plugins " + dir + ": " + jar.getFileName() + " is not a readable jar file ("
                    + e.getMessage() + "); allowed: plugin jars (zip files with META-INF/services/"
                    + RubblePlugin.class.getName() + ")", e);
        }
    }

    private static void collect(ServiceLoader<RubblePlugin> services, Map<String, Registration> byKey,
                                List<Registration> out) {
        for (ServiceLoader.Provider<RubblePlugin> provider : (Iterable<ServiceLoader.Provider<RubblePlugin>>)
                services.stream()::iterator) {
            RubblePlugin plugin;
            try {
                plugin = provider.get();
            } catch (RuntimeException | java.util.ServiceConfigurationError e) {
                throw new PluginLoadException("plugin " + provider.type().getName() + " failed to load: " + e, e);
            }
            String source = sourceOf(provider.type());
            for (StageFamily<?> family : StageFamily.all()) {
                register(family, plugin, source, byKey, out);
            }
        }
    }

    private static <F extends StageFactory<?>> void register(StageFamily<F> family, RubblePlugin plugin,
                                                             String source, Map<String, Registration> byKey,
                                                             List<Registration> out) {
        Iterable<F> factories = family.getter().apply(plugin);
        for (F f : factories) {
            String name = Objects.requireNonNull(f.name(), "factory name is null in plugin " + plugin.name());
            if (!name.matches("[a-z0-9][a-z0-9-]*")) {
                throw new PluginLoadException(family.name() + " name '" + name + "' from plugin " + plugin.name()
                        + " is invalid; allowed: lower-case letters, digits and dashes");
            }
            String key = family.name() + "/" + name;
            Registration previous = byKey.get(key);
            if (previous != null) {
                throw new PluginLoadException("duplicate " + family.name() + " '" + name + "': offered by plugin "
                        + previous.plugin() + " (" + previous.source() + ") and by plugin " + plugin.name()
                        + " (" + source + ")");
            }
            Registration r = new Registration(family, name, plugin.name(), source, f);
            byKey.put(key, r);
            out.add(r);
            // DEBUG, not INFO: an embedding host loads plugins routinely and should not see a line per
            // registration in its log (the CLI shows them with RUBBLE_LOG=debug)
            LOG.log(Level.DEBUG, "registered {0} ''{1}'' from plugin {2} ({3})", family.name(), name,
                    plugin.name(), source);
        }
    }

    private static String sourceOf(Class<?> type) {
        CodeSource cs = type.getProtectionDomain().getCodeSource();
        if (cs == null || cs.getLocation() == null) {
            return "(unknown)";
        }
        try {
            return Path.of(cs.getLocation().toURI()).toString();
        } catch (Exception e) {
            return cs.getLocation().toString();
        }
    }

    /** Every registration, grouped by family (in {@link StageFamily#all()} order), then by name. */
    public List<Registration> registrations() {
        return registrations;
    }

    /** The registrations of one family, sorted by name. */
    public List<Registration> registrations(StageFamily<?> family) {
        List<Registration> out = new ArrayList<>();
        for (Registration r : registrations) {
            if (r.family() == family) {
                out.add(r);
            }
        }
        return out;
    }

    /** Class loaders opened for plugin directories (kept open while the kernel lives). */
    List<URLClassLoader> loaders() {
        return loaders;
    }
}
