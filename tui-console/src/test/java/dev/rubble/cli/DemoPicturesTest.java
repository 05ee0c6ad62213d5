package dev.rubble.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.cache.playback.Playback;
import dev.rubble.core.plugin.Stages;
import dev.rubble.scenario.WallScene;
import dev.rubble.spi.render.FrameBuffer;
import dev.rubble.spi.render.RenderFrame;
import java.awt.image.BufferedImage;
import java.io.IOException;

import java.nio.file.Path;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 22 item 5: the demo shows destruction. Its journal, played back as {@code rubble render}
 * reads it, holds pieces out of the wall's box (knocked out of the hole; docs/destruction.md "Local
 * failure"); frames
 * drawn with one camera differ where the ball struck (a hole); the overlay's breaks counter counts
 * the recorded breaks; {@code --color level} colours journal frames by level.
 */
final class DemoPicturesTest extends CliHarness {

    @Test
    void theDemoJournalShowsAHoleAndFlyingPieces(@TempDir Path dir) throws IOException {
        Path j = dir.resolve("j");
        assertThat(run("demo", "--steps", "40", "--journal", j.toString())).as(err.toString()).isZero();
        // frames from the journal, as render and export read them
        long breaks;
        int outside = 0, pieces = 0;
        try (FrameSource src = FrameSource.open(j, Stages.load())) {
            FrameBuffer f = new FrameBuffer();
            src.frame(40, f);
            breaks = f.breaks();
            for (int i = 0; i < f.count(); i++) {
                if (f.state(i) == RenderFrame.STATIC || f.level(i) == 0) {
                    continue; // the ground, the ball
                }
                pieces++;
                // the wall's box, collection frame at (0, 2.5, 0): |x| <= 5, 0 <= y <= 5, |z| <= 0.25
                double cz = (f.bounds(i, 2) + f.bounds(i, 5)) / 2;
                if (Math.abs(cz) > WallScene.HZ + 0.25) {
                    outside++; // out of the wall's box: knocked out of the hole, ahead of it or back off its rim
                }
            }
        }
        assertThat(breaks).as("the breaks counter on the last frame").isPositive();
        assertThat(pieces).isGreaterThan(1);
        System.out.printf("demo frame 40: %d pieces drawn, %d of them out of the wall's box%n", pieces, outside);
        assertThat(outside).as("pieces drawn out of the wall's box (more than 0.25 m off a face)").isGreaterThan(10);

        // one camera on the struck face: the first and the last frame differ around the impact point
        String cam = "0,4,-9:0,2.5,0:40";
        Path a = dir.resolve("a.png"), b = dir.resolve("b.png");
        assertThat(run("render", j.toString(), "--frames", "0:0:1", "--camera", cam, "--size", "320x180",
                "--option", "overlay=false", "--out", a.toString())).as(err.toString()).isZero();
        assertThat(run("render", j.toString(), "--frames", "40:40:1", "--camera", cam, "--size", "320x180",
                "--option", "overlay=false", "--out", b.toString())).as(err.toString()).isZero();
        BufferedImage ia = ImageIO.read(a.toFile()), ib = ImageIO.read(b.toFile());
        // the impact point (0, 2.5, -0.25) is at the centre of the picture; a window of a sixth of it
        int changed = 0, total = 0;
        for (int y = 90 - 15; y < 90 + 15; y++) {
            for (int x = 160 - 27; x < 160 + 27; x++) {
                total++;
                if (ia.getRGB(x, y) != ib.getRGB(x, y)) {
                    changed++;
                }
            }
        }
        assertThat(changed).as("pixels changed around the impact point, of %d", total).isGreaterThan(total / 4);

        // the sheet of the journal with level colours renders (journal frames carry levels now)
        Path s = dir.resolve("s.png");
        assertThat(run("render", j.toString(), "--renderer", "sheet", "--color", "level", "--out", s.toString()))
                .as(err.toString()).isZero();
    }

    @Test
    void journalFramesCarryLevelsAndTheBreaksSoFar(@TempDir Path dir) {
        Path j = dir.resolve("j");
        assertThat(run("demo", "--steps", "20", "--journal", j.toString())).as(err.toString()).isZero();
        try (Playback p = Playback.open(j, Stages.load())) {
            FrameBuffer f = new FrameBuffer();
            long last = 0;
            int maxLevel = 0;
            for (int k = 0; k < 20; k++) {
                p.step();
                FrameSource.JournalFrames.pieces(p, fill(p, f));
                assertThat(f.breaks()).isGreaterThanOrEqualTo(last); // breaks so far never go down
                last = f.breaks();
                maxLevel = Math.max(maxLevel, f.maxLevel());
            }
            assertThat(last).as("breaks recorded in 20 steps").isPositive();
            assertThat(maxLevel).as("pieces of level 1 or deeper drawn").isPositive();
        }
    }

    private static FrameBuffer fill(Playback p, FrameBuffer f) {
        dev.rubble.core.render.FrameBuilder.fill(p.world().bodies(), p.world().stepIndex(), p.world().time(),
                p::isDriven, true, f);
        return f;
    }
}
