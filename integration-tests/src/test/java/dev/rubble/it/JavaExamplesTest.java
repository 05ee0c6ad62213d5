package dev.rubble.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.spi.RubblePlugin;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 28, item 7: the Java example programs of {@code examples/java/} are compiled (with javac,
 * against the published modules on the test class path; the plugin against rubble-spi alone) and
 * run, and each does what it says, checked against physics: the hello-world sphere rests at its
 * radius, the shot wall breaks, the gravity well pulls the ball in by {@code a h² n (n + 1) / 2}.
 */
final class JavaExamplesTest {
    private static final Path EXAMPLES = Path.of("..", "examples", "java");

    private static Path compile(Path out, String classPath, Path... sources) {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertThat(javac).as("a JDK compiler").isNotNull();
        String[] args = new String[6 + sources.length];
        args[0] = "--release";
        args[1] = "17";
        args[2] = "-cp";
        args[3] = classPath;
        args[4] = "-d";
        args[5] = out.toString();
        for (int i = 0; i < sources.length; i++) {
            args[6 + i] = sources[i].toString();
        }
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = javac.run(null, null, err, args);
        assertThat(rc).as("javac: %s", err.toString(StandardCharsets.UTF_8)).isZero();
        return out;
    }

    /** Runs {@code main} of a compiled example and returns what it printed. */
    private static String run(Path classes, String mainClass, String... args) throws Exception {
        PrintStream old = System.out;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()},
                JavaExamplesTest.class.getClassLoader())) {
            System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
            loader.loadClass(mainClass).getMethod("main", String[].class).invoke(null, (Object) args);
        } finally {
            System.setOut(old);
        }
        String out = bytes.toString(StandardCharsets.UTF_8);
        old.print(out);
        return out;
    }

    private static double number(String out, String regex) {
        Matcher m = Pattern.compile(regex).matcher(out);
        assertThat(m.find()).as("'%s' in: %s", regex, out).isTrue();
        return Double.parseDouble(m.group(1));
    }

    private static String classPath() {
        return System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    }

    @Test
    void helloWorldRestsTheSphereOnTheGround(@TempDir Path tmp) throws Exception {
        Path classes = compile(tmp, classPath(), EXAMPLES.resolve("HelloRubble.java"));
        String out = run(classes, "HelloRubble");
        assertThat(number(out, "after ([0-9.]+) s")).isCloseTo(3.0, within(1e-9));
        assertThat(number(out, "s: ([-0-9.Ee]+) m")).as("resting on y = 0 at its radius").isCloseTo(0.5, within(0.005));
    }

    @Test
    void fractureAndShootBreaksTheWallAndReportsBreakEvents(@TempDir Path tmp) throws Exception {
        Path classes = compile(tmp, classPath(), EXAMPLES.resolve("FractureAndShoot.java"));
        String out = run(classes, "FractureAndShoot");
        // the ball carries 225 N s, more than a piece's 200 N s: the piece it hits breaks free
        assertThat(number(out, "break events: ([0-9]+)")).isGreaterThanOrEqualTo(1);
        assertThat(number(out, "free nodes: ([0-9]+)")).isGreaterThanOrEqualTo(1);
        assertThat(number(out, "bodies: ([0-9]+)")).as("ground, ball, wall and freed pieces").isGreaterThan(3);
        assertThat(out).contains("BREAK of node");
        // the warm-up before it: at least one round of its 72-leaf wall, every piece broken off
        assertThat(out).containsPattern("jit_warmup rounds=[1-9][0-9]* steps=[0-9]+ breaks=[0-9]+ ms=[0-9]+ destruction=true");
        assertThat(number(out, "breaks=([0-9]+)")).isEqualTo(84 * number(out, "rounds=([0-9]+)"));
    }

    @Test
    void aCustomPluginCompiledAgainstTheSpiAloneIsLoadedAndPullsTheBall(@TempDir Path tmp) throws Exception {
        String spi = Path.of(RubblePlugin.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        Path src = EXAMPLES.resolve("plugin");
        Path pluginClasses = compile(Files.createDirectories(tmp.resolve("plugin-classes")), spi,
                src.resolve("org/example/well/GravityWellPlugin.java"));
        Path dir = Files.createDirectories(tmp.resolve("plugins"));
        try (JarOutputStream jar = new JarOutputStream(Files.newOutputStream(dir.resolve("gravity-well.jar")))) {
            jar.putNextEntry(new JarEntry("META-INF/services/dev.rubble.spi.RubblePlugin"));
            jar.write(Files.readAllBytes(src.resolve("META-INF/services/dev.rubble.spi.RubblePlugin")));
            jar.closeEntry();
            try (Stream<Path> files = Files.walk(pluginClasses)) {
                for (Path p : (Iterable<Path>) files.filter(Files::isRegularFile).sorted()::iterator) {
                    jar.putNextEntry(new JarEntry(pluginClasses.relativize(p).toString().replace('\\', '/')));
                    Files.copy(p, (OutputStream) jar);
                    jar.closeEntry();
                }
            }
        }
        Path classes = compile(Files.createDirectories(tmp.resolve("main")), classPath(), EXAMPLES.resolve("UseGravityWell.java"));
        String out = run(classes, "UseGravityWell", dir.toString());
        assertThat(out).contains("gravity-well");
        // F = 8 / d² = 2 N on 1 kg at d = 2 m; six steps of h = 1/60 s: x = a h² n (n + 1) / 2 = 0.011667 m
        // (d shrinks by 0.6 %, so a grows by at most 1.2 %: within 2e-4 m)
        double h = 1.0 / 60;
        assertThat(number(out, "well after [0-9.]+ s: ([0-9.Ee-]+) m")).isCloseTo(2 - 2 * h * h * 6 * 7 / 2, within(2e-4));
    }
}
