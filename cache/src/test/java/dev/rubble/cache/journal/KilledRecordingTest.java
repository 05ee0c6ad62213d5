package dev.rubble.cache.journal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.cache.verify.Verifier;
import dev.rubble.cache.verify.VerifyResult;
import dev.rubble.core.plugin.Stages;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** SPEC §9 crash safety: a recording killed with SIGKILL mid-run reads and verifies up to its last complete step. */
final class KilledRecordingTest {

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aRecordingKilledMidBreakVerifiesUpToItsLastCompleteStep(@TempDir Path dir) throws Exception {
        // issue 14: six slabs land one after another and break; the recorder is killed right after a
        // step that broke something, while the next slabs are breaking
        Process p = new ProcessBuilder(command(BreakingRecorderMain.class, dir)).redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        long lastPrinted = -1;
        int breakingSteps = 0;
        try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = out.readLine()) != null) {
                if (line.startsWith("step ")) {
                    String[] f = line.split(" ");
                    lastPrinted = Long.parseLong(f[1]);
                    if (Integer.parseInt(f[3]) > 0 && lastPrinted > 5 && ++breakingSteps == 3) {
                        p.destroyForcibly(); // SIGKILL while slabs are breaking
                        break;
                    }
                }
            }
        }
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isEqualTo(137);
        long steps = 0, events = 0, last = -1;
        try (JournalReader r = JournalReader.open(dir)) {
            assertThat(r.collectionImages()).hasSize(6);
            StepRecord rec = new StepRecord();
            while (r.next(rec)) {
                assertThat(rec.step).isEqualTo(last + 1);
                last = rec.step;
                events += rec.eventCount;
                steps++;
            }
            assertThat(r.closedCleanly()).isFalse();
        }
        assertThat(last).isGreaterThanOrEqualTo(lastPrinted);
        assertThat(events).as("breaks were journalled before the kill").isGreaterThan(1);
        VerifyResult v = Verifier.verify(dir, Stages.load());
        assertThat(v.ok()).as("%s", v.divergence()).isTrue();
        assertThat(v.stepsChecked()).isEqualTo(steps);
    }

    private static List<String> command(Class<?> main, Path dir) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (a.startsWith("--add-") || a.startsWith("--enable-native") || a.startsWith("--sun-misc")
                    || a.startsWith("-Dchronicle")) {
                cmd.add(a);
            }
        }
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(main.getName());
        cmd.add(dir.toString());
        return cmd;
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aRecordingKilledMidRunVerifiesUpToItsLastCompleteStep(@TempDir Path dir) throws Exception {
        killedMidRun(dir, false);
    }

    /**
     * Issue 27: the command line's write-behind journal, killed, keeps every step its writer thread
     * had appended: once the writer has created the queue and written the steps that waited
     * meanwhile ("caught up"), at most {@link JournalWriter#WRITE_BEHIND_DEPTH} steps fewer than
     * were printed.
     */
    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aWriteBehindRecordingKilledMidRunVerifiesUpToItsLastCompleteStep(@TempDir Path dir) throws Exception {
        killedMidRun(dir, true);
    }

    private static void killedMidRun(Path dir, boolean behind) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (a.startsWith("--add-") || a.startsWith("--enable-native") || a.startsWith("--sun-misc")
                    || a.startsWith("-Dchronicle")) {
                cmd.add(a);
            }
        }
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(RecorderMain.class.getName());
        cmd.add(dir.toString());
        if (behind) {
            cmd.add("behind");
        }
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        long lastPrinted = -1;
        boolean caughtUp = !behind; // synchronous: every step is in the file when it is printed
        try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = out.readLine()) != null) {
                caughtUp |= line.equals("caught up");
                if (line.startsWith("step ")) {
                    lastPrinted = Long.parseLong(line.substring(5));
                    if (lastPrinted >= 150 && caughtUp) {
                        p.destroyForcibly(); // SIGKILL: no shutdown hooks, no close, likely mid-document
                        break;
                    }
                }
            }
        }
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isEqualTo(137); // 128 + SIGKILL
        assertThat(lastPrinted).isGreaterThanOrEqualTo(150);

        long steps = 0;
        long last = -1;
        try (JournalReader r = JournalReader.open(dir)) {
            StepRecord rec = new StepRecord();
            while (r.next(rec)) {
                assertThat(rec.step).isEqualTo(last + 1);
                last = rec.step;
                steps++;
            }
        }
        // every step printed was journalled first (the observer runs before the print); written behind,
        // all but the batches still queued for the writer thread
        assertThat(last).isGreaterThanOrEqualTo(behind ? lastPrinted - JournalWriter.WRITE_BEHIND_DEPTH : lastPrinted);
        VerifyResult v = Verifier.verify(dir, Stages.load());
        assertThat(v.ok()).as("%s", v.divergence()).isTrue();
        assertThat(v.stepsChecked()).isEqualTo(steps);
    }
}
