package dev.rubble.cli;

import static dev.rubble.cli.JournalCommandsTest.rubble;
import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.cli.JournalCommandsTest.Result;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code rubble render --color field:NAME} draws a persistent field's value as heat (issue 24), from a scenario and,
 * re-simulated, from its journal (the same image byte for byte).
 */
final class RenderFieldColorTest {
    @TempDir
    Path tmp;

    private static final String SCENE = """
            {"format": "rubble-scenario/1", "steps": 2, "world": {"gravity": [0, 0, 0]},
             "bodies": [
               {"id": "near", "shape": {"type": "box", "halfExtents": [0.5, 0.5, 0.5]}, "position": [-1.5, 0, 0]},
               {"id": "far", "shape": {"type": "box", "halfExtents": [0.5, 0.5, 0.5]}, "position": [1.5, 0, 0]}],
             "fields": [{"name": "heat", "target": "sleeping-threshold", "persistent": true,
                         "field": {"node": "radial-falloff", "position": [-2, 0, 0], "radius": 6}}]}""";

    @Test
    void theFieldsValueIsDrawnAsHeatAndAnUnknownNameIsBadInput() throws Exception {
        Path scene = tmp.resolve("heat.json");
        Files.writeString(scene, SCENE);
        Path out = tmp.resolve("heat.png");
        Result r = rubble("render", scene.toString(), "--color", "field:heat", "--size", "320x180",
                "--camera", "0,0,8:0,0,0", "--out", out.toString());
        assertThat(r.code()).as(r.err()).isZero();
        BufferedImage img = ImageIO.read(out.toFile());
        // the near box (value 1 - 0.5/6, the largest: heat 1) and the far one (1 - 3.5/6, heat 0.45) differ in colour
        int left = img.getRGB(img.getWidth() / 2 - 55, img.getHeight() / 2);
        int right = img.getRGB(img.getWidth() / 2 + 55, img.getHeight() / 2);
        assertThat(left).isNotEqualTo(right);
        Path level = tmp.resolve("level.png");
        assertThat(rubble("render", scene.toString(), "--color", "level", "--size", "320x180",
                "--camera", "0,0,8:0,0,0", "--out", level.toString()).code()).isZero();
        BufferedImage plain = ImageIO.read(level.toFile());
        assertThat(plain.getRGB(plain.getWidth() / 2 - 55, plain.getHeight() / 2))
                .as("both boxes are level 0 without the field")
                .isEqualTo(plain.getRGB(plain.getWidth() / 2 + 55, plain.getHeight() / 2));

        Result bad = rubble("render", scene.toString(), "--color", "field:wind", "--out", out.toString());
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err()).contains("the scenario has no persistent field 'wind'; allowed: field:heat");
    }

    @Test
    void aJournalIsReSimulatedForTheFieldsColoursAndDrawsTheScenariosImage() throws Exception {
        Path scene = tmp.resolve("heat.json");
        Files.writeString(scene, SCENE);
        Path journal = tmp.resolve("j");
        Result run = rubble("run", scene.toString(), "--journal", journal.toString(), "--out", tmp.resolve("s.json").toString());
        assertThat(run.code()).as(run.err()).isZero();
        Path a = tmp.resolve("a.png"), b = tmp.resolve("b.png");
        assertThat(rubble("render", scene.toString(), "--color", "field:heat", "--size", "320x180", "--camera", "0,0,8:0,0,0",
                "--out", a.toString()).code()).isZero();
        Result fromJournal = rubble("render", journal.toString(), "--color", "field:heat", "--size", "320x180", "--camera",
                "0,0,8:0,0,0", "--out", b.toString());
        assertThat(fromJournal.code()).as(fromJournal.err()).isZero();
        assertThat(Files.readAllBytes(b)).isEqualTo(Files.readAllBytes(a));
        Result bad = rubble("render", journal.toString(), "--color", "field:wind", "--out", b.toString());
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err()).contains("the journal's scenario has no persistent field 'wind'; allowed: field:heat");
    }
}
