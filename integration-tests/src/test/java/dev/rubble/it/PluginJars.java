package dev.rubble.it;

import dev.rubble.spi.RubblePlugin;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/** Builds the test plugin jar (compiled against the SPI only) into a fresh directory. */
final class PluginJars {
    private PluginJars() {
    }

    /** Compiles dirplugin/SweepXPlugin into {@code dir/sweep-x.jar} and returns {@code dir}. */
    static Path buildSweepX(Path dir) throws Exception {
        return build(dir, "/dirplugin/SweepXPlugin.java.txt", "org/example/sweepx/SweepXPlugin", "sweep-x.jar");
    }

    /** Compiles fieldplugin/WellPlugin (a user's field node type, issue 24) into {@code dir/well.jar}. */
    static Path buildWell(Path dir) throws Exception {
        return build(dir, "/fieldplugin/WellPlugin.java.txt", "org/example/well/WellPlugin", "well.jar");
    }

    private static Path build(Path dir, String resource, String className, String jarName) throws Exception {
        Path src = dir.resolve("src/" + className + ".java");
        Files.createDirectories(src.getParent());
        try (InputStream in = PluginJars.class.getResourceAsStream(resource)) {
            Files.write(src, in.readAllBytes());
        }
        Path classes = dir.resolve("classes");
        Files.createDirectories(classes);
        String spi = Path.of(RubblePlugin.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        int rc = javac.run(null, null, null, "--release", "17", "-cp", spi, "-d", classes.toString(), src.toString());
        if (rc != 0) {
            throw new IllegalStateException("javac failed with " + rc);
        }
        Path pluginDir = dir.resolve("plugins");
        Files.createDirectories(pluginDir);
        Path jar = pluginDir.resolve(jarName);
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            out.putNextEntry(new JarEntry("META-INF/services/dev.rubble.spi.RubblePlugin"));
            out.write((className.replace('/', '.') + "\n").getBytes(StandardCharsets.UTF_8));
            out.closeEntry();
            try (Stream<Path> files = Files.walk(classes)) {
                for (Path p : (Iterable<Path>) files.filter(Files::isRegularFile).sorted()::iterator) {
                    out.putNextEntry(new JarEntry(classes.relativize(p).toString().replace('\\', '/')));
                    Files.copy(p, (OutputStream) out);
                    out.closeEntry();
                }
            }
        }
        return pluginDir;
    }

    static List<String> lines(String s) throws IOException {
        return List.of(s.split("\n"));
    }
}
