package dev.rubble.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.rubble.cli.Main;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Outputs on a full disk (fuzz13): the command runs in a private mount namespace over a 64 KB tmpfs (needs root and
 * {@code unshare}; skipped where that is not allowed). A write that fails half way must leave no file under the
 * output's name, nor the hidden part file: before, fracture, collection convert and export left a cut-short .rbc,
 * .json, .glb or .obj behind (exit 1).
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
final class FullDiskOutputsTest {
    private static boolean canMountTmpfs(Path dir) throws Exception {
        try {
            Process p = new ProcessBuilder("unshare", "-m", "sh", "-c", "mount -t tmpfs -o size=64k tmpfs '" + dir + "'")
                    .redirectErrorStream(true).start();
            return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (java.io.IOException e) {
            return false;
        }
    }

    private static String javaCommand(String... args) {
        List<String> cmd = ChildJvm.command(System.getProperty("java.class.path"), Main.class.getName(), args);
        StringBuilder sb = new StringBuilder();
        for (String c : cmd) {
            sb.append(" '").append(c.replace("'", "'\\''")).append('\'');
        }
        return sb.toString();
    }

    @Test
    void aWriteThatFailsOnAFullDiskLeavesNoFileBehind(@TempDir Path tmp) throws Exception {
        Path small = Files.createDirectory(tmp.resolve("small"));
        assumeTrue(canMountTmpfs(small), "no private tmpfs (needs root and unshare -m)");
        // a 2 000-piece collection: about 2 MB as .rbc, far more than the 64 KB the disk holds
        Path big = tmp.resolve("big.rbc");
        assertThat(Main.execute(new String[] {"fracture", "--sites", "2000", "--out", big.toString()},
                new java.io.PrintWriter(new java.io.StringWriter()), new java.io.PrintWriter(new java.io.StringWriter())))
                .isZero();
        String[][] commands = {
            {"fracture", "--sites", "2000", "--out", small.resolve("x.rbc").toString()},
            {"fracture", "--sites", "2000", "--out", small.resolve("x.json").toString()},
            {"fracture", "--sites", "2000", "--out", small.resolve("x.glb").toString()},
            {"collection", "convert", big.toString(), small.resolve("c.json").toString()},
            {"export", big.toString(), "--out", small.resolve("e.obj").toString()},
        };
        StringBuilder script = new StringBuilder("mount -t tmpfs -o size=64k tmpfs '" + small + "' || exit 9\n");
        for (String[] c : commands) {
            script.append(javaCommand(c)).append(" >/dev/null 2>&1; echo \"exit $?: $(ls -A '").append(small)
                    .append("' | tr '\\n' ' ')\"\nrm -f '").append(small).append("'/* '").append(small).append("'/.[!.]*\n");
        }
        Process p = new ProcessBuilder("unshare", "-m", "sh", "-c", script.toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(240, TimeUnit.SECONDS)).isTrue();
        List<String> lines = out.lines().filter(l -> l.startsWith("exit ")).toList();
        assertThat(lines).as(out).hasSize(commands.length);
        for (int i = 0; i < commands.length; i++) {
            // the command fails (the disk is full), and the directory is empty
            assertThat(lines.get(i)).as(String.join(" ", commands[i])).matches("exit [12]: *");
        }
    }

    /**
     * A render and a journal on a full disk (after fuzz13). Before: a PNG sheet and a GIF said "internal error: I/O
     * error writing PNG file!" and the JDK then printed a NullPointerException trace from its image cache's shutdown
     * hook; a journal said "internal error: ... a fault occurred in a recent unsafe memory access operation" and,
     * though it said "the steps before it are in the journal", read back as "collection document 0 is damaged".
     * Now: one line naming the file and the full disk, exit 1; the journal stops before a document the disk cannot
     * hold, and every step it holds verifies.
     */
    @Test
    void aRenderAndAJournalOnAFullDiskSayWhatHappenedAndKeepWhatWasWritten(@TempDir Path tmp) throws Exception {
        Path small = Files.createDirectory(tmp.resolve("small"));
        assumeTrue(canMountTmpfs(small), "no private tmpfs (needs root and unshare -m)");
        Path scenario = Path.of(System.getProperty("user.dir")).getParent().resolve("examples/stack.json");
        String script = "mount -t tmpfs -o size=64k tmpfs '" + small + "' || exit 9\n"
                + javaCommand("render", scenario.toString(), "--renderer", "sheet", "--size", "640x360", "--out",
                        small.resolve("s.png").toString()) + " >/dev/null 2>&1; echo \"sheet exit $?: $(ls -A '" + small + "' | tr '\\n' ' ')\"\n"
                + javaCommand("render", scenario.toString(), "--renderer", "sheet", "--size", "640x360", "--out",
                        small.resolve("s.png").toString()) + " 2>&1 >/dev/null | sed 's/^/sheet err: /'\n"
                + "umount '" + small + "'; mount -t tmpfs -o size=12m tmpfs '" + small + "' || exit 9\n"
                + javaCommand("demo", "--headless", "--journal", small.resolve("j").toString())
                + " 2>&1 >/dev/null | sed 's/^/journal err: /'\n"
                + javaCommand("verify", small.resolve("j").toString()) + " >/dev/null 2>&1; echo \"verify exit $?\"\n";
        Process p = new ProcessBuilder("unshare", "-m", "sh", "-c", script).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(240, TimeUnit.SECONDS)).isTrue();
        // the sheet: exit 1, nothing left behind, one line naming the file and the full disk, no JDK trace
        assertThat(out).as(out).contains("sheet exit 1: \n").doesNotContain("Exception").doesNotContain("internal error");
        assertThat(out.lines().filter(l -> l.startsWith("sheet err: ")).toList()).as(out)
                .containsExactly("sheet err: rubble: " + small.resolve("s.png") + ": writing it failed (No space left on"
                        + " device); nothing was written, the file is as it was");
        // the journal: one line saying where recording stopped, and what it holds verifies bit for bit
        List<String> journal = out.lines().filter(l -> l.startsWith("journal err: ")).toList();
        assertThat(journal).as(out).hasSize(1);
        assertThat(journal.get(0)).as(out).contains("its file system has").contains("recording stopped there");
        assertThat(out).as(out).contains("verify exit 0");
    }
}
