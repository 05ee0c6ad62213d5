package dev.rubble.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.cache.journal.JournalWriter;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.plugin.Stages;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

final class JournalCommandsTest {
    static final String SCENE = "{\"format\":\"rubble-scenario/1\",\"name\":\"drop\",\"steps\":120,\"bodies\":["
            + "{\"id\":\"floor\",\"state\":\"static\",\"shape\":{\"type\":\"box\",\"halfExtents\":[10,0.5,10]},\"position\":[0,-0.5,0]},"
            + "{\"id\":\"a\",\"shape\":{\"type\":\"sphere\",\"radius\":0.5},\"position\":[0,5,0]},"
            + "{\"id\":\"b\",\"shape\":{\"type\":\"box\",\"halfExtents\":[0.5,0.5,0.5]},\"position\":[2,5,0],\"angularVelocity\":[0,1,0.5]}],"
            + "\"commands\":[{\"type\":\"impulse\",\"step\":10,\"body\":\"a\",\"impulse\":[0,1000,0]}]}";

    record Result(int code, String out, String err) {
    }

    static Result rubble(String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = Main.execute(args, new PrintWriter(out), new PrintWriter(err));
        return new Result(code, out.toString(), err.toString());
    }

    private static Path scenario(Path tmp) throws IOException {
        Path f = tmp.resolve("drop.json");
        Files.writeString(f, SCENE);
        return f;
    }

    @Test
    void runRecordsAJournalThatInfoDescribesAndVerifyAccepts(@TempDir Path tmp) throws IOException {
        Path j = tmp.resolve("j");
        Result run = rubble("run", scenario(tmp).toString(), "--journal", j.toString(), "--out", tmp.resolve("s.json").toString());
        assertThat(run.code()).as(run.err()).isZero();
        assertThat(run.err()).contains("journal " + j + ": 120 steps");

        Result info = rubble("journal", "info", j.toString());
        assertThat(info.code()).as(info.err()).isZero();
        assertThat(info.out()).contains("format      RUBBLEJ1 version 6", "scenario    drop", "stages      broadphase=grid",
                "steps       120 (0..119)", "simulated   2.000 s",
                "ended       closed by the recorder (complete)", "checksums   CRC-32C on every document, all valid", "inputs      1 commands", "moved       up to 2 bodies per step",
                "world       gravity [0.0, -9.81, 0.0], " + dev.rubble.core.step.WorldSettings.defaults().velocityIterations()
                        + " velocity / 2 position iterations, 3 initial bodies",
                "collections 0 embedded", "events      0 destruction events",
                "bytes/step", "rates       recorded");

        Result verify = rubble("verify", j.toString());
        assertThat(verify.code()).as(verify.err()).isZero();
        assertThat(verify.out()).contains("verified 120 steps", "identical");
    }

    @Test
    void verifyReportsTheFirstDivergentStepAndExitsOne(@TempDir Path tmp) {
        Path j = tmp.resolve("j");
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(SCENE), Stages.load());
        long b = sw.world().findByLabel("b");
        sw.world().addObserver((w, p) -> { // an outside change that no journalled input explains
            if (p.step() == 77) {
                BodyStore bs = w.bodies();
                bs.wy[bs.slot(b)] += 1e-6;
            }
        });
        try (JournalWriter jw = JournalWriter.create(j, sw.world(), "drop", SCENE)) {
            sw.world().addObserver(jw);
            sw.run(100);
        }
        Result verify = rubble("verify", j.toString());
        assertThat(verify.code()).isEqualTo(1);
        assertThat(verify.err()).contains("diverged at step 77: body " + BodyStore.handleString(b) + " 'b' field angularVelocity.y");
    }

    @Test
    void unreadableJournalsExitTwoWithOneLine(@TempDir Path tmp) throws IOException {
        Files.createDirectories(tmp.resolve("empty"));
        for (String cmd : new String[] {"verify", "replay"}) {
            Result r = rubble(cmd, tmp.resolve("empty").toString());
            assertThat(r.code()).isEqualTo(2);
            assertThat(r.err().strip()).doesNotContain("\n").contains("holds no journal", "allowed: a directory `rubble run --journal`");
        }
        Result info = rubble("journal", "info", tmp.resolve("missing").toString());
        assertThat(info.code()).isEqualTo(2);
        assertThat(info.err()).contains("does not exist");
    }

    @Test
    void consoleWithoutATerminalPrintsAProgressLineEvenForAShortRun(@TempDir Path tmp) throws IOException {
        Result r = rubble("console", scenario(tmp).toString(), "--steps", "5");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.err()).contains("rubble: step 5 ");
    }

    @Test
    void replayReleasesABodyFromTheCommandLine(@TempDir Path tmp) throws IOException {
        Path j = tmp.resolve("j");
        assertThat(rubble("run", scenario(tmp).toString(), "--journal", j.toString(), "--out",
                tmp.resolve("s.json").toString()).code()).isZero();
        Result r = rubble("replay", j.toString(), "--headless", "--speed", "2", "--release", "b@20",
                "--out", tmp.resolve("r.json").toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.err()).contains("replayed " + j + " to recorded step 119", "60 steps", "1 bodies released");
        Result bad = rubble("replay", j.toString(), "--headless", "--release", "b20");
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err()).contains("--release", "'b20' is not allowed; allowed: ID@STEP", "rubble replay --help");
        Result unknown = rubble("replay", j.toString(), "--headless", "--release", "nobody@20");
        assertThat(unknown.code()).isEqualTo(2);
        assertThat(unknown.err()).contains("no body has id 'nobody'; known: a, b, floor");
        Result from = rubble("replay", j.toString(), "--headless", "--from", "500");
        assertThat(from.code()).isEqualTo(2);
        assertThat(from.err()).contains("--from 500 is past the journal's last step 119");
    }

    @Test
    void compressWritesALossyJournalThatInfoDescribesReplayPlaysAndVerifyRefuses(@TempDir Path tmp) throws IOException {
        Path j = tmp.resolve("j"), l = tmp.resolve("l");
        assertThat(rubble("run", scenario(tmp).toString(), "--journal", j.toString(), "--out",
                tmp.resolve("s.json").toString()).code()).isZero();
        Result info = rubble("journal", "info", j.toString());
        assertThat(info.out()).containsPattern("tracks      exact: \\d+ bytes of documents; lossy within 1.0E-5 m, 1.0E-5 rad,"
                + " 1.0E-4 m/s it would be \\d+ \\(x\\d+\\.\\d\\d; rubble journal compress\\)");
        Result c = rubble("journal", "compress", j.toString(), "--out", l.toString());
        assertThat(c.code()).as(c.err()).isZero();
        assertThat(c.out()).contains(j + " -> " + l + ": 120 steps");
        Result li = rubble("journal", "info", l.toString());
        assertThat(li.code()).as(li.err()).isZero();
        assertThat(li.out()).contains("steps       120 (0..119)", "tracks      lossy: positions within 1.0E-5 m, rotations within"
                + " 1.0E-5 rad, velocities within 1.0E-4 m/s;", "verify refuses it");
        Result v = rubble("verify", l.toString());
        assertThat(v.code()).isEqualTo(2);
        assertThat(v.err()).contains("is lossy (positions within 1.0E-5 m", "verify the exact journal it was compressed from");
        Result r = rubble("replay", l.toString(), "--headless", "--from", "60", "--out", tmp.resolve("r.json").toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.err()).contains("replayed " + l + " to recorded step 119");
        Result again = rubble("journal", "compress", j.toString(), "--out", l.toString());
        assertThat(again.code()).isEqualTo(2);
        assertThat(again.err()).contains("--out " + l + " exists; allowed: a new directory");
        Result bad = rubble("journal", "compress", j.toString(), "--out", tmp.resolve("x").toString(), "--rotation-error", "-1");
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err()).contains("--rotation-error -1.0 is out of range; allowed: 1e-9 to 1 rad");
        Result nan = rubble("journal", "compress", j.toString(), "--out", tmp.resolve("x").toString(), "--position-error", "NaN");
        assertThat(nan.code()).isEqualTo(2);
        assertThat(nan.err()).contains("--position-error NaN is out of range; allowed: 1e-9 to 1 m");
        Result deep = rubble("journal", "compress", j.toString(), "--out", tmp.resolve("no/such/dir").toString());
        assertThat(deep.code()).isEqualTo(2);
        assertThat(deep.err()).contains("does not exist");
        assertThat(tmp.resolve("no")).doesNotExist();
        Result missing = rubble("journal", "compress", tmp.resolve("nothing").toString(), "--out", tmp.resolve("y").toString());
        assertThat(missing.code()).isEqualTo(2);
    }
}
