package dev.rubble.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

/**
 * The outsider fuzz tests' shared fixture: a floor and one box, ten steps, written to {@code boxes.json}
 * once per class and run into the journal {@code j} beside it; {@link #run} executes a command line
 * with fresh standard output and error buffers.
 */
abstract class TwoBoxesCliTestBase extends CliHarness {
    static final String SCENE = """
            {"format": "rubble-scenario/1", "name": "two boxes", "steps": 10,
             "bodies": [{"id": "floor", "state": "static", "shape": {"type": "box", "halfExtents": [5, 0.5, 5]}, "position": [0, -0.5, 0]},
                        {"id": "b", "shape": {"type": "box", "halfExtents": [0.5, 0.5, 0.5]}, "position": [0, 0.6, 0]}]}""";

    @TempDir
    static Path shared;
    static Path scene, journal;

    @BeforeAll
    static void recordOnce() throws Exception {
        scene = shared.resolve("boxes.json");
        Files.writeString(scene, SCENE);
        journal = shared.resolve("j");
        int code = Main.execute(new String[] {"run", scene.toString(), "--headless", "--out", shared.resolve("s.json").toString(),
                "--journal", journal.toString()}, new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()));
        assertThat(code).isZero();
    }
}
