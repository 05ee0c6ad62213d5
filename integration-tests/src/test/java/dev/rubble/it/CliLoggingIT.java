package dev.rubble.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.it.probe.Slf4jProbe;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command's logging, run the way {@code ./rubble} runs it: a fresh JVM on the packaged
 * {@code rubble-tui-console.jar} plus {@code target/lib/*} (its runtime dependencies, nothing of the
 * test class path). Quiet by default and at info; {@code RUBBLE_LOG=debug} lists every registration;
 * Chronicle's SLF4J warnings reach stderr.
 */
final class CliLoggingIT {
    private static final Pattern REGISTERED = Pattern.compile("registered (\\S+) '([^']+)' from plugin (\\S+)");

    record Run(int code, String out, String err) {
    }

    private static String cliClassPath() throws Exception {
        Path target = Reactor.root().resolve("tui-console/target");
        Path jar = target.resolve("rubble-tui-console.jar");
        assertThat(jar).as("the packaged command (mvn verify)").isRegularFile();
        assertThat(target.resolve("lib")).isDirectory();
        return jar + File.pathSeparator + target.resolve("lib") + File.separator + "*";
    }

    private static Run java(Path tmp, String rubbleLog, String classPath, String mainClass, String... args)
            throws Exception {
        // the JVM flags ./rubble passes (ChildJvm): this JVM got the same ones from the build's argLine
        List<String> cmd = ChildJvm.command(classPath, mainClass, args);
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().remove("RUBBLE_LOG");
        pb.environment().remove("RUBBLE_DEBUG");
        if (rubbleLog != null) {
            pb.environment().put("RUBBLE_LOG", rubbleLog);
        }
        Path out = Files.createTempFile(tmp, "out", ".txt");
        Path err = Files.createTempFile(tmp, "err", ".txt");
        pb.redirectOutput(out.toFile()).redirectError(err.toFile());
        Process p = pb.start();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("process finished").isTrue();
        return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }

    private static Run rubble(Path tmp, String rubbleLog, String... args) throws Exception {
        return java(tmp, rubbleLog, cliClassPath(), "dev.rubble.cli.Main", args);
    }

    /** "  name  [plugin p, source]" lines of {@code rubble plugins}, as "name plugin". */
    private static List<String> listed(String out) {
        List<String> l = new ArrayList<>();
        Matcher m = Pattern.compile("(?m)^  (\\S+)  \\[plugin (\\S+), ").matcher(out);
        while (m.find()) {
            l.add(m.group(1) + " " + m.group(2));
        }
        return l;
    }

    private static List<String> registered(String err) {
        List<String> l = new ArrayList<>();
        Matcher m = REGISTERED.matcher(err);
        while (m.find()) {
            l.add(m.group(2) + " " + m.group(3));
        }
        return l;
    }

    @Test
    void pluginsIsQuietByDefaultAndAtInfo(@TempDir Path tmp) throws Exception {
        for (String level : new String[] {null, "info"}) {
            Run r = rubble(tmp, level, "plugins");
            assertThat(r.code()).as(r.err()).isZero();
            assertThat(listed(r.out())).as("plugins listed").contains("bruteforce broadphase-bruteforce");
            assertThat(r.err()).as("stderr with RUBBLE_LOG=" + level).isEmpty();
        }
    }

    @Test
    void debugLogsEveryRegistrationTheCommandLists(@TempDir Path tmp) throws Exception {
        Run r = rubble(tmp, "debug", "plugins");
        assertThat(r.code()).as(r.err()).isZero();
        List<String> listed = listed(r.out());
        assertThat(listed).hasSizeGreaterThan(10);
        assertThat(registered(r.err())).as(r.err()).containsExactlyInAnyOrderElementsOf(listed);
        assertThat(r.err()).contains("registered broadphase 'sap' from plugin broadphase-sap (")
                .contains("rubble-broadphase-sap-");
    }

    @Test
    void aBadLevelIsBadInput(@TempDir Path tmp) throws Exception {
        Run r = rubble(tmp, "verbose", "plugins");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.err().strip()).startsWith("rubble: RUBBLE_LOG=verbose is not a level; allowed: ")
                .contains("debug").doesNotContain("\n");
    }

    /**
     * The first journal of a process loads Chronicle's thread-affinity library, which, with JNA left out of
     * the command (issue 27 item 6), warns that its JNA implementations are unavailable: the command's
     * logging configuration keeps those two lines (and only those) off stderr, and the journal verifies.
     */
    @Test
    void aRecordedDemoIsQuietAndVerifies(@TempDir Path tmp) throws Exception {
        Path journal = tmp.resolve("journal");
        Run r = rubble(tmp, null, "demo", "--steps", "3", "--headless", "--journal", journal.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("Journal: " + journal + ", 3 steps");
        assertThat(r.err()).as("stderr of a recorded demo").isEmpty();
        Run v = rubble(tmp, null, "verify", journal.toString());
        assertThat(v.code()).as(v.err()).isZero();
        assertThat(v.out() + v.err()).contains("identical");
    }

    @Test
    void chronicleWarningsReachStderrThroughTheCommandsSlf4jProvider(@TempDir Path tmp) throws Exception {
        Path probe = Path.of(Slf4jProbe.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Run r = java(tmp, null, probe + File.pathSeparator + cliClassPath(), Slf4jProbe.class.getName());
        assertThat(r.code()).as(r.err()).isZero();
        // slf4j-simple, configured by the command's simplelogger.properties: warnings to stderr, info not
        assertThat(r.err()).contains("WARN net.openhft.chronicle.queue.probe - probe warning line")
                .doesNotContain("probe info line").doesNotContain("No SLF4J providers");
        assertThat(r.out()).isEmpty();
    }
}
