package dev.rubble.core.plugin;

/**
 * Parent of every plugin-directory class loader: lets the JDK, {@code dev.rubble.spi} and the
 * JDK-only geometry module ({@code dev.rubble.geometry}: GJK/EPA, quickhull, clipping) through and
 * nothing else of the kernel's class path, so a plugin sees the SPI and the shared geometry but not
 * Guice, Jackson or kernel internals (the Trino PluginClassLoader idea).
 */
final class SpiOnlyClassLoader extends ClassLoader {
    private static final String SPI_PREFIX = "dev.rubble.spi.";
    private static final String GEOMETRY_PREFIX = "dev.rubble.geometry.";
    private final ClassLoader kernel;

    SpiOnlyClassLoader(ClassLoader kernel) {
        super("rubble-spi-only", ClassLoader.getPlatformClassLoader());
        this.kernel = kernel;
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (name.startsWith(SPI_PREFIX) || name.startsWith(GEOMETRY_PREFIX)) {
            return kernel.loadClass(name);
        }
        return super.loadClass(name, resolve);
    }
}
