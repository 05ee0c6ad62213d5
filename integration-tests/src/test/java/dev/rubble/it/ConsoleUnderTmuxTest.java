package dev.rubble.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.rubble.cli.Main;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real console program in a real terminal: tmux runs it on a private server socket, keys go
 * in with send-keys and the screen comes back with capture-pane. Skipped when tmux is absent.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
final class ConsoleUnderTmuxTest {
    private static final String SCENE = "{\"format\":\"rubble-scenario/1\",\"name\":\"row\",\"bodies\":["
            + "{\"id\":\"floor\",\"state\":\"static\",\"shape\":{\"type\":\"box\",\"halfExtents\":[20,0.5,20]},\"position\":[0,-0.5,0]},"
            + "{\"id\":\"a\",\"shape\":{\"type\":\"sphere\",\"radius\":0.3},\"position\":[0,1,0],\"gravityScale\":0},"
            + "{\"id\":\"b\",\"shape\":{\"type\":\"sphere\",\"radius\":0.3},\"position\":[1,1,0],\"gravityScale\":0},"
            + "{\"id\":\"c\",\"shape\":{\"type\":\"box\",\"halfExtents\":[0.3,0.3,0.3]},\"position\":[8,1,0],\"gravityScale\":0}]}";

    private String socket;

    @BeforeEach
    void needsTmux() throws Exception {
        boolean have;
        try {
            have = new ProcessBuilder("tmux", "-V").redirectErrorStream(true).start().waitFor() == 0;
        } catch (IOException e) {
            have = false;
        }
        assumeTrue(have, "tmux is not installed");
        socket = "rubble-it-" + ProcessHandle.current().pid() + "-" + System.nanoTime();
    }

    @AfterEach
    void killServer() throws Exception {
        if (socket != null) {
            new ProcessBuilder("tmux", "-L", socket, "kill-server").redirectErrorStream(true).start().waitFor(10, TimeUnit.SECONDS);
        }
    }

    private Path exitFile;

    private List<String> javaCommand(String... args) {
        return ChildJvm.command(System.getProperty("java.class.path"), Main.class.getName(), args);
    }

    private String tmux(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("tmux", "-L", socket));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(20, TimeUnit.SECONDS)).isTrue();
        return out;
    }

    /**
     * Writes the row scene to {@code tmp} and starts {@code rubble console} on it (then {@code extra} options) in a
     * {@code columns} × {@code rows} terminal.
     */
    private void startOnRow(Path tmp, int columns, int rows, String... extra) throws Exception {
        Path scene = tmp.resolve("row.json");
        Files.writeString(scene, SCENE);
        String[] args = new String[2 + extra.length];
        args[0] = "console";
        args[1] = scene.toString();
        System.arraycopy(extra, 0, args, 2, extra.length);
        start(tmp.resolve("console.sh"), javaCommand(args), columns, rows);
    }

    private void start(Path script, List<String> command) throws Exception {
        start(script, command, 120, 40);
    }

    private void start(Path script, List<String> command, int columns, int rows) throws Exception {
        // a script keeps tmux's command line short; the classpath can be long. It records the exit
        // code itself: tmux's #{pane_dead_status} is not reliably set once the pane is dead.
        exitFile = script.resolveSibling(script.getFileName() + ".exit");
        StringBuilder sb = new StringBuilder("#!/bin/sh\n");
        for (String c : command) {
            sb.append(" '").append(c.replace("'", "'\\''")).append('\'');
        }
        sb.append("\necho $? > '").append(exitFile.toString().replace("'", "'\\''")).append("'\n");
        Files.writeString(script, sb.toString());
        script.toFile().setExecutable(true);
        tmux("new-session", "-d", "-s", "main", "-x", Integer.toString(columns), "-y", Integer.toString(rows),
                script.toString());
        tmux("set-option", "-t", "main", "remain-on-exit", "on");
    }

    private String screen() throws Exception {
        return tmux("capture-pane", "-p", "-t", "main");
    }

    private String waitFor(String what, Predicate<String> ok) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        String s = "";
        while (System.nanoTime() < end) {
            s = screen();
            if (ok.test(s)) {
                return s;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("timed out waiting for " + what + "; screen:\n" + s);
    }

    private static long step(String screen) {
        Matcher m = Pattern.compile("\\| step (\\d+) ").matcher(screen);
        assertThat(m.find()).as(screen).isTrue();
        return Long.parseLong(m.group(1));
    }

    private void keys(String... k) throws Exception {
        List<String> a = new ArrayList<>(List.of("send-keys", "-t", "main"));
        a.addAll(List.of(k));
        tmux(a.toArray(new String[0]));
    }

    private void expectExitedCleanly() throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        String dead = "";
        while (System.nanoTime() < end) {
            dead = tmux("display-message", "-p", "-t", "main", "#{pane_dead}").strip();
            if (dead.equals("1") && Files.exists(exitFile) && Files.size(exitFile) > 0) {
                break;
            }
            Thread.sleep(100);
        }
        assertThat(dead).as("pane dead").isEqualTo("1");
        assertThat(Files.readString(exitFile).strip()).as("exit code of the console").isEqualTo("0");
        // the alternate screen is gone: the console's frame is no longer on the terminal
        assertThat(screen()).doesNotContain("Budgets (peak");
    }

    @Test
    void theConsoleShowsStageTimingsAndRespondsToEveryKey(@TempDir Path tmp) throws Exception {
        startOnRow(tmp, 120, 40);

        String s = waitFor("the running console", x -> x.contains("RUNNING") && x.contains("Journal off")
                && x.contains("| step ") && step(x) >= 30);
        for (String stage : new String[] {"commands", "broadphase", "velocity", "insert", "integrate", "bounds", "hash"}) {
            assertThat(s).containsPattern("(?m)^" + stage + " *=* *\\d+ us");
        }
        assertThat(s).contains("Bodies (4)", "Budgets", "Journal off", "side view x,y");

        keys("Space");
        s = waitFor("pause", x -> x.contains("PAUSED"));
        long paused = step(s);
        Thread.sleep(300);
        assertThat(step(screen())).isEqualTo(paused);

        keys("n");
        waitFor("one step", x -> x.contains("| step " + (paused + 1) + " "));
        keys("+");
        waitFor("speed up", x -> x.contains("speed x2"));
        keys("-", "-");
        waitFor("slow down", x -> x.contains("speed x0.50"));
        keys("Left");
        waitFor("pan left", x -> x.contains("view centre -4.0, 0.0"));
        keys("Up");
        waitFor("pan up", x -> x.contains("view centre -4.0, 4.0"));
        keys("Right", "Down");
        waitFor("pan back", x -> x.contains("view centre 0.0, 0.0"));
        keys("i");
        waitFor("impulse", x -> x.contains("impulse at 0, 0: 2 bodies"));
        keys("r");
        waitFor("release refused outside replay", x -> x.contains("release works during replay only"));
        keys("Space");
        waitFor("resume", x -> x.contains("RUNNING"));
        keys("q");
        expectExitedCleanly();
    }

    /**
     * fuzz13: the terminal shrunk and grown back to its size while the console could not look (the JVM stopped, as a
     * machine under load or a debugger stops it, or simply two resizes within the time Lanterna takes to ask the
     * terminal its size). Lanterna hears one SIGWINCH reporting the size it already knows and ignores it, so the console
     * never redrew the screen whole: the rows the terminal had cut stayed blank and only the cells that changed were
     * written again (labels gone, numbers on the wrong rows) until it quit. Every SIGWINCH now asks for a complete
     * redraw.
     */
    @Test
    void aTerminalShrunkAndGrownBackWhileTheConsoleWasStoppedIsDrawnWholeAgain(@TempDir Path tmp) throws Exception {
        startOnRow(tmp, 120, 40);
        waitFor("the running console", x -> x.contains("RUNNING") && x.contains("Budgets") && x.contains("| step ")
                && step(x) >= 10);
        long shell = Long.parseLong(tmux("display-message", "-p", "-t", "main", "#{pane_pid}").strip());
        long java = ProcessHandle.of(shell).orElseThrow().children().findFirst().orElseThrow().pid();
        signal("STOP", java);
        try {
            tmux("resize-window", "-t", "main", "-x", "10", "-y", "3");
            Thread.sleep(300);
            tmux("resize-window", "-t", "main", "-x", "120", "-y", "40");
            Thread.sleep(300);
        } finally {
            signal("CONT", java);
        }
        String s = waitFor("the whole screen again", x -> x.contains("Budgets (peak of the last 60 steps)")
                && x.contains("Bodies (4)") && x.contains("side view x,y") && x.contains("space pause"));
        assertThat(s).containsPattern("(?m)^rubble \\| row \\| step \\d+ ");
        keys("q");
        expectExitedCleanly();
    }

    /**
     * fuzz13: Ctrl-C in the console was Lanterna's: System.exit(1), the exit code of an internal error, with no
     * summary line and the journal left without its closing record ("cut off ... the recorder was killed"). It is now
     * the q key: exit 0, the summary, a closed journal that verifies.
     */
    @Test
    void ctrlCQuitsAsQDoesClosingTheJournal(@TempDir Path tmp) throws Exception {
        Path journal = tmp.resolve("journal");
        startOnRow(tmp, 80, 24, "--journal", journal.toString());
        waitFor("the running console", x -> x.contains("RUNNING") && x.contains("| step ") && step(x) >= 10);
        keys("C-c");
        expectExitedCleanly();
        StringWriter out = new StringWriter(), err = new StringWriter();
        assertThat(Main.execute(new String[] {"journal", "info", journal.toString()}, new PrintWriter(out),
                new PrintWriter(err))).as(err.toString()).isZero();
        assertThat(out.toString()).contains("closed by the recorder (complete)");
    }

    private static void signal(String name, long pid) throws Exception {
        Process p = new ProcessBuilder("kill", "-" + name, Long.toString(pid)).redirectErrorStream(true).start();
        assertThat(p.waitFor(10, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as("kill -%s %d", name, pid).isZero();
    }

    /** A 3 x 2 m wall of 12 Voronoi pieces anchored along its base, too strong to break by itself. */
    private static final String WALL = """
            {"format": "rubble-scenario/1", "name": "wall",
             "bodies": [{"id": "ground", "state": "static", "shape": {"type": "box", "halfExtents": [20, 0.5, 20]},
                         "position": [0, -0.5, 0]}],
             "collections": [{"id": "wall", "recipe": {"box": [1.5, 1, 0.15], "levels": [{"options": {"count": 12}}], "seed": 3},
                              "position": [0, 1, 0], "anchors": {"boxes": [{"min": [-1.5, -1, -0.15], "max": [1.5, -0.7, 0.15]}]},
                              "destruction": {"damageOptions": {"thresholds": [1e9]}}}]}""";

    private static long runBreaks(String screen) {
        Matcher m = Pattern.compile("(?m)^breaks +(\\d+) +(\\d+) +(\\d+) ").matcher(screen);
        assertThat(m.find()).as(screen).isTrue();
        return Long.parseLong(m.group(3));
    }

    @Test
    void at80x24TheDestructionPanelShowsTheBreaksOfTheExplosionKey(@TempDir Path tmp) throws Exception {
        Path scene = tmp.resolve("wall.json");
        Files.writeString(scene, WALL);
        Path journal = tmp.resolve("journal");
        start(tmp.resolve("wall.sh"), javaCommand("console", scene.toString(), "--journal", journal.toString()), 80, 24);

        String s = waitFor("the running console", x -> x.contains("RUNNING") && x.contains("Destruction")
                && x.contains("| step ") && step(x) >= 10);
        // every section of the 80x24 layout, whole, beside the view
        assertThat(s).contains("Destruction   step     60 st       run", "Budgets (peak of the last 60 steps)",
                "deferred 0  queue 0  oldest 0 st", "active  L0 1", "side view x,y", "Journal recording");
        assertThat(s).containsPattern("(?m)^step +\\d+\\.\\d\\d ms p50 +\\d+\\.\\d\\d p99 ");
        assertThat(s).containsPattern("(?m)^heap \\d+ / \\d+ MB  alloc ");
        assertThat(runBreaks(s)).isZero();

        // the cursor: 2 columns right and 2 rows up of the view centre (0, 0) at 0.5 m per column = (1, 2)
        keys("l", "l", "k", "k");
        waitFor("cursor", x -> x.contains("cursor 1.0, 2.0"));
        keys("e");
        waitFor("explosion", x -> x.contains("explosion at 1.0, 2.0, 0.0 (r 2 m)"));
        s = waitFor("breaks in the panel", x -> runBreaks(x) > 0);
        assertThat(s).containsPattern("(?m)^active  L0 \\d+  L1 [1-9]");
        keys("b");
        waitFor("break budget key", x -> x.contains("break budget 64 per step from the next step"));
        keys("t");
        waitFor("throttle key", x -> x.contains("release throttle 500..1000 active pieces"));
        keys("q");
        expectExitedCleanly();

        // the explosion was journalled like every command: the recording verifies
        StringWriter out = new StringWriter(), err = new StringWriter();
        assertThat(Main.execute(new String[] {"verify", journal.toString()}, new PrintWriter(out), new PrintWriter(err)))
                .as(err.toString()).isZero();
        assertThat(out.toString()).contains("identical");
    }

    @Test
    void replayInTheConsoleReleasesTheBodiesUnderTheViewCentre(@TempDir Path tmp) throws Exception {
        Path scene = tmp.resolve("row.json");
        Files.writeString(scene, SCENE);
        Path journal = tmp.resolve("journal");
        StringWriter err = new StringWriter();
        int code = Main.execute(new String[] {"run", scene.toString(), "--steps", "3000", "--journal", journal.toString(),
                "--out", tmp.resolve("state.json").toString()}, new PrintWriter(new StringWriter()), new PrintWriter(err));
        assertThat(code).as(err.toString()).isZero();

        start(tmp.resolve("replay.sh"), javaCommand("replay", journal.toString()));
        waitFor("the replay", x -> x.contains("replay step") && x.contains("Journal replay"));
        keys("Space");
        waitFor("pause", x -> x.contains("PAUSED"));
        keys("r");
        waitFor("release", x -> x.contains("released 2 bodies to live simulation"));
        // released bodies are drawn with '@', the one still playing back with 'o'
        String s = screen();
        assertThat(s).contains("@").contains("o");
        keys("q");
        expectExitedCleanly();
    }
}
