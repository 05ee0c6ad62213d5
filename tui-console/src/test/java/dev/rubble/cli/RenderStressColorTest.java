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
 * {@code rubble render --color stress} (issue 30): examples/stress/wall-hole.json standing on its
 * own weight, seen face on — its foot (compressed by the wall above) is drawn redder than its top
 * (green: nothing above it); png, sheet and gif all draw it; a scenario without a stress model and an
 * empty journal directory are bad input. A journal of the scenario is re-simulated for it (a journal records no
 * bond stress) and draws the same image, byte for byte, as the scenario.
 */
final class RenderStressColorTest {
    @TempDir
    Path tmp;

    static final String WALL = Path.of("..", "examples", "stress", "wall-hole.json").toString();

    /** Red minus green of a pixel: higher is more stressed on the green-to-red scale. */
    static int redness(int rgb) {
        return ((rgb >> 16) & 255) - ((rgb >> 8) & 255);
    }

    @Test
    void theWallsFootIsRedderThanItsTopInEveryPixelRenderer() throws Exception {
        Path out = tmp.resolve("wall.png");
        Result r = rubble("render", WALL, "--color", "stress", "--frames", "19:19:1", "--size", "480x270",
                "--camera", "0,1.5,7:0,1.5,0:40", "--option", "shading=flat", "--option", "edges=false", "--out", out.toString());
        assertThat(r.code()).as(r.err()).isZero();
        BufferedImage img = ImageIO.read(out.toFile());
        // the wall spans y 0..3 m; at 7 m with a 40° view it fills the middle of the image
        int top = 0, foot = 0;
        for (int dx = -60; dx <= 60; dx += 10) {
            top += redness(img.getRGB(img.getWidth() / 2 + dx, (int) (img.getHeight() * 0.22)));
            foot += redness(img.getRGB(img.getWidth() / 2 + dx, (int) (img.getHeight() * 0.72)));
        }
        assertThat(foot).as("foot vs top redness").isGreaterThan(top + 13 * 20);
        assertThat(redness(img.getRGB(img.getWidth() / 2, (int) (img.getHeight() * 0.22)))).as("top: green").isNegative();
        for (String renderer : new String[] {"sheet", "gif"}) {
            Path o = tmp.resolve("wall." + renderer);
            Result s = rubble("render", WALL, "--color", "stress", "--renderer", renderer, "--frames", "18:26:4", "--out",
                    o.toString());
            assertThat(s.code()).as(s.err()).isZero();
            assertThat(Files.size(o)).isGreaterThan(1000);
        }
        Path plain = tmp.resolve("plain.json");
        var mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        var root = (com.fasterxml.jackson.databind.node.ObjectNode) mapper.readTree(Path.of(WALL).toFile());
        ((com.fasterxml.jackson.databind.node.ObjectNode) root.get("collections").get(0)).remove("stress");
        Files.writeString(plain, mapper.writeValueAsString(root));
        Result none = rubble("render", plain.toString(), "--color", "stress", "--out", tmp.resolve("x.png").toString());
        assertThat(none.code()).as(none.err()).isEqualTo(2);
        assertThat(none.err()).contains("--color stress: the scenario has no collection with a stress model");
        Files.createDirectories(tmp.resolve("journal"));
        Result journal = rubble("render", tmp.resolve("journal").toString(), "--color", "stress", "--out",
                tmp.resolve("y.png").toString());
        assertThat(journal.code()).isEqualTo(2);
    }

    @Test
    void aJournalOfTheSceneIsReSimulatedAndDrawsTheScenariosStressImage() throws Exception {
        Path journal = tmp.resolve("j");
        Result run = rubble("run", WALL, "--steps", "40", "--journal", journal.toString(), "--out", tmp.resolve("s.json").toString());
        assertThat(run.code()).as(run.err()).isZero();
        for (String frames : new String[] {"19:19:1", "40:40:1"}) { // standing, and after the kill field took its middle
            Path fromScenario = tmp.resolve("scenario-" + frames.charAt(0) + ".png");
            Path fromJournal = tmp.resolve("journal-" + frames.charAt(0) + ".png");
            String[] common = {"--color", "stress", "--frames", frames, "--size", "320x180", "--camera", "0,1.5,7:0,1.5,0:40"};
            Result a = rubble(concat(new String[] {"render", WALL}, common, new String[] {"--out", fromScenario.toString()}));
            Result b = rubble(concat(new String[] {"render", journal.toString()}, common, new String[] {"--out", fromJournal.toString()}));
            assertThat(a.code()).as(a.err()).isZero();
            assertThat(b.code()).as(b.err()).isZero();
            assertThat(Files.readAllBytes(fromJournal)).as("frame " + frames + " from the journal").isEqualTo(Files.readAllBytes(fromScenario));
        }
        // a journal of a scenario without a stress model: named as such
        Path plain = tmp.resolve("plain.json");
        var mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        var root = (com.fasterxml.jackson.databind.node.ObjectNode) mapper.readTree(Path.of(WALL).toFile());
        ((com.fasterxml.jackson.databind.node.ObjectNode) root.get("collections").get(0)).remove("stress");
        Files.writeString(plain, mapper.writeValueAsString(root));
        Path plainJournal = tmp.resolve("pj");
        assertThat(rubble("run", plain.toString(), "--steps", "5", "--journal", plainJournal.toString(), "--out",
                tmp.resolve("p.json").toString()).code()).isZero();
        Result none = rubble("render", plainJournal.toString(), "--color", "stress", "--out", tmp.resolve("z.png").toString());
        assertThat(none.code()).as(none.err()).isEqualTo(2);
        assertThat(none.err()).contains("--color stress: the journal's world has no collection with a stress model");
    }

    private static String[] concat(String[]... parts) {
        return java.util.Arrays.stream(parts).flatMap(java.util.Arrays::stream).toArray(String[]::new);
    }
}
