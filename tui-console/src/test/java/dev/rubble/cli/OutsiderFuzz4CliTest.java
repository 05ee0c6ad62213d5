package dev.rubble.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A fourth outsider's pass over the command line (the clitail pass): the three defects the third pass left open
 * (a render with no bound on its total pixels, pieces of collections placed between steps that {@code replay
 * --release-piece} could not name, step counts that ran for days), then the commands it covered least.
 */
final class OutsiderFuzz4CliTest extends TwoBoxesCliTestBase {

    /**
     * {@code render S --renderer gif --size 16384x16384} over many frames had no bound but the size of each frame and
     * the count of frames: 16384 x 16384 x 300 frames is 8e10 pixels, over an hour of drawing (or the heap exhausted).
     * The total, width x height x frames, is now refused above 1.5e9 pixels before any frame is drawn, naming the
     * options, the value and the limit; the console renderer's cells likewise above 16384 x 16384. The expected totals
     * are the products of the numbers given.
     */
    @Test
    void aRenderOfTooManyPixelsInAllIsRefusedBeforeDrawing(@TempDir Path dir) throws Exception {
        Path gif = dir.resolve("big.gif");
        assertThat(run("render", scene.toString(), "--renderer", "gif", "--size", "16384x16384", "--frames", "0:10:1",
                "--out", gif.toString())).as(err.toString()).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("rubble: --size 16384x16384 by 11 frame(s) (--frames 0:10:1) is "
                + 16384L * 16384 * 11 + " pixels in all; allowed: at most 1500000000 (width x height x frames): fewer"
                + " frames or a smaller --size" + System.lineSeparator());
        assertThat(gif).doesNotExist();
        // the default frames of a gif (up to 100: here the scene's 11) at a large size
        assertThat(run("render", scene.toString(), "--renderer", "gif", "--size", "16000x9000", "--out", gif.toString()))
                .isEqualTo(2);
        assertThat(err.toString()).startsWith("rubble: --size 16000x9000 by 11 frame(s) (--frames default) is "
                + 16000L * 9000 * 11 + " pixels in all");
        Path txt = dir.resolve("cells.txt");
        assertThat(run("render", scene.toString(), "--renderer", "console", "--size", "16384x16384", "--frames", "0:1",
                "--out", txt.toString())).isEqualTo(2);
        assertThat(err.toString()).startsWith("rubble: --size 16384x16384 by 2 frame(s) (--frames 0:1) is "
                + 16384L * 16384 * 2 + " cells in all; allowed: at most " + 16384L * 16384);
        assertThat(txt).doesNotExist();
        // the documented uses still draw: the default gif, and a tall one of a few frames
        assertThat(run("render", scene.toString(), "--renderer", "gif", "--out", gif.toString())).as(err.toString()).isZero();
        assertThat(run("render", scene.toString(), "--renderer", "gif", "--size", "64x64", "--frames", "0:10:5",
                "--out", gif.toString())).as(err.toString()).isZero();
    }
}
