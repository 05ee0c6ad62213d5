package dev.rubble.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A second outsider's fuzz run of the command line (session 12): render, replay, softbody and
 * collection convert, each defect as the user met it. Bad input is refused with exit 2 and one line
 * naming the option or file, the value and what is allowed, and nothing the user had is lost.
 */
final class OutsiderFuzz2CliTest extends TwoBoxesCliTestBase {

    private static long filesIn(Path dir) throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.count();
        }
    }

    /**
     * {@code render --renderer sheet --size 16384x16384 --out keep.png}: the sheet (11 tiles of 16384 x 16384) is
     * refused with exit 2, but only after {@code --out} had been opened, so the user's existing keep.png was left
     * empty (0 bytes); any failure while drawing (or a render stopped half way) did the same.
     */
    @Test
    void aRefusedRenderLeavesTheExistingOutputAlone(@TempDir Path dir) throws Exception {
        Path keep = dir.resolve("keep.png");
        Files.writeString(keep, "an earlier picture");
        assertThat(run("render", scene.toString(), "--renderer", "sheet", "--size", "16384x16384", "--out", keep.toString()))
                .isEqualTo(2);
        assertThat(err.toString()).contains("--renderer sheet").contains("allowed: at most 16384 a side");
        assertThat(Files.readString(keep)).isEqualTo("an earlier picture");
        assertThat(filesIn(dir)).as("no partial file left beside it").isEqualTo(1);

        Path fresh = dir.resolve("fresh.png");
        assertThat(run("render", scene.toString(), "--renderer", "sheet", "--size", "16384x16384", "--out", fresh.toString()))
                .isEqualTo(2);
        assertThat(fresh).as("a refused render creates no file").doesNotExist();

        assertThat(run("render", scene.toString(), "--size", "64x36", "--out", keep.toString())).as(err.toString()).isZero();
        byte[] png = Files.readAllBytes(keep);
        assertThat(png).startsWith(new byte[] {(byte) 0x89, 'P', 'N', 'G'});
        assertThat(out.toString()).contains("wrote " + keep + " (" + png.length + " bytes)");
        assertThat(filesIn(dir)).isEqualTo(1);
    }

    /**
     * {@code render S --out x.gif} with the default png renderer wrote PNG bytes into x.gif (and the gif renderer
     * would write GIF into a .png): an extension naming another format than the renderer writes is refused, before
     * any frame is drawn; no extension, one naming no image format, or the right one in any case, is accepted.
     */
    @Test
    void anOutputNamedForAnotherFormatIsRefused(@TempDir Path dir) throws Exception {
        Path gif = dir.resolve("x.gif");
        assertThat(run("render", scene.toString(), "--size", "64x36", "--out", gif.toString())).isEqualTo(2);
        assertThat(err.toString()).contains("--out " + gif + ": the png renderer writes PNG, not .gif; allowed: a name"
                + " ending .png (or one naming no image format)");
        assertThat(gif).doesNotExist();
        Path png = dir.resolve("y.png");
        assertThat(run("render", scene.toString(), "--renderer", "gif", "--size", "64x36", "--out", png.toString()))
                .isEqualTo(2);
        assertThat(err.toString()).contains("the gif renderer writes GIF, not .png");
        assertThat(run("render", scene.toString(), "--renderer", "sheet", "--size", "32x18", "--out",
                dir.resolve("s.PNG").toString())).as(err.toString()).isZero();
        assertThat(run("render", scene.toString(), "--renderer", "sheet", "--size", "32x18", "--out",
                dir.resolve("wall.sheet").toString())).as(err.toString()).isZero();
        Path bare = dir.resolve("frame");
        assertThat(run("render", scene.toString(), "--size", "64x36", "--out", bare.toString())).as(err.toString()).isZero();
        assertThat(Files.readAllBytes(bare)).startsWith(new byte[] {(byte) 0x89, 'P', 'N', 'G'});
    }

    /**
     * {@code collection convert bin.json out.rbc} with a .json file that is not UTF-8 text (a binary file given the
     * wrong name) was an internal error, exit 1: "internal error: Input length = 1".
     */
    @Test
    void aCollectionJsonThatIsNotTextIsBadInput(@TempDir Path dir) throws Exception {
        Path bin = dir.resolve("bin.json");
        Files.write(bin, new byte[] {'{', (byte) 0xC3, (byte) 0x28, (byte) 0xFF, '}'}); // 0xC3 0x28 is no UTF-8 sequence
        Path rbc = dir.resolve("out.rbc");
        assertThat(run("collection", "convert", bin.toString(), rbc.toString())).isEqualTo(2);
        assertThat(err.toString()).contains(bin.toString()).contains("not UTF-8 text").contains("allowed: a JSON collection")
                .doesNotContain("internal error");
        assertThat(rbc).doesNotExist();
    }

    /**
     * {@code softbody --source box:half=1,1,1 --density 1e308 --out c.rbsb} printed "mass: Infinity kg", exit 0, and
     * saved a cage every scenario then refused ("masses[7] = Infinity"); a scenario's softBodies[].density allows at
     * most 1e9 kg/m^3. Now refused like the scenario's; the largest allowed density still gives a cage a scenario runs.
     */
    @Test
    void aSoftBodyDensityTheScenarioRefusesIsRefused(@TempDir Path dir) throws Exception {
        Path cage = dir.resolve("c.rbsb");
        for (String d : new String[] {"1e308", "1.5e9", "Infinity"}) {
            assertThat(run("softbody", "--source", "box:half=1,1,1", "--density", d, "--out", cage.toString())).as(d).isEqualTo(2);
            assertThat(err.toString()).as(d).contains("--density " + Double.parseDouble(d) + " is out of range")
                    .contains("allowed: > 0 to 1e9 kg/m^3");
            assertThat(out.toString()).as(d).doesNotContain("Infinity");
            assertThat(cage).doesNotExist();
        }
        assertThat(run("softbody", "--source", "box:half=1,1,1", "--density", "1e9", "--out", cage.toString()))
                .as(err.toString()).isZero();
        assertThat(out.toString()).contains("mass:           8.00000e+09 kg"); // 8 m^3 at 1e9 kg/m^3
        Path sc = dir.resolve("soft.json");
        Files.writeString(sc, "{\"format\": \"rubble-scenario/1\", \"steps\": 2, \"softBodies\": [{\"id\": \"s\", \"cage\":"
                + " \"c.rbsb\", \"position\": [0, 2, 0]}]}");
        assertThat(run("run", sc.toString(), "--headless", "--out", dir.resolve("o.json").toString())).as(err.toString()).isZero();
    }

    /**
     * {@code replay J --release b@11} on a journal of steps 0..9 (its cursor ends at 10) ran to the end with exit 0 and
     * "0 bodies released": a release the replay never reaches was dropped without a word ({@code --from 11} was
     * refused). The same for {@code --release-region} and {@code --release-piece}. Step 10, the end, still releases.
     */
    @Test
    void aReleaseThePlaybackNeverReachesIsRefused() {
        String[][] cases = {{"--release", "b@11"}, {"--release", "b@2147483647"},
            {"--release-region", "-9,-9,-9,9,9,9@11"}, {"--release-piece", "0:0@12"}};
        for (String[] c : cases) {
            assertThat(run("replay", journal.toString(), "--headless", c[0], c[1])).as(c[1]).isEqualTo(2);
            assertThat(err.toString()).as(c[1]).contains(c[0] + " " + c[1] + ": the replay never reaches recorded step "
                    + c[1].substring(c[1].indexOf('@') + 1) + " (the journal records steps 0 to 9); allowed: a step up to 10")
                    .doesNotContain("replayed");
        }
        assertThat(run("replay", journal.toString(), "--headless", "--release", "b@10")).as(err.toString()).isZero();
        assertThat(err.toString()).contains("1 bodies released");
        assertThat(run("replay", journal.toString(), "--headless", "--release-region", "-9,-9,-9,9,9,9@3")).isZero();
        assertThat(err.toString()).contains("1 bodies released");
    }

    /**
     * tour17: {@code replay J --from 5 --release b@2} released b at step 5 without a word (the replay seeks to --from
     * through the recorded states, so b was recorded, not live, from 2 to 5), and {@code --release b@3 --release b@6}
     * was accepted though the second release did nothing. Both are refused; a release at the --from step still runs.
     */
    @Test
    void aReleaseBeforeFromOrTwiceForOneBodyIsRefused() {
        assertThat(run("replay", journal.toString(), "--headless", "--from", "5", "--release", "b@2")).isEqualTo(2);
        assertThat(err.toString()).contains("--release b@2 with --from 5: the replay starts from the state after recorded"
                + " step 5, so the release would happen there, not at step 2; allowed: a step from 5 on").doesNotContain("replayed");
        assertThat(run("replay", journal.toString(), "--headless", "--from", "5", "--release-region", "-9,-9,-9,9,9,9@4"))
                .isEqualTo(2);
        assertThat(err.toString()).contains("--release-region -9,-9,-9,9,9,9@4 with --from 5");
        assertThat(run("replay", journal.toString(), "--headless", "--release", "b@3", "--release", "b@6")).isEqualTo(2);
        assertThat(err.toString()).contains("--release b@6: 'b' is already released by --release b@3; allowed: one release"
                + " per body").doesNotContain("replayed");
        assertThat(run("replay", journal.toString(), "--headless", "--from", "5", "--release", "b@5")).as(err.toString()).isZero();
        assertThat(err.toString()).contains("1 bodies released");
    }
}
