package dev.rubble.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * fuzz13: {@code fracture} wrote collections its own lossless JSON form could not read back: a 1e6 m cube at 1e9
 * kg/m³ (pieces of 4e26 kg; a collection's and a scenario body's masses are in [1e-9, 1e15] kg), and any collection at
 * a density under 1e-6 kg/m³ (the JSON form's floor, where --density and a recipe take 1e-9).
 */
final class FractureMassRangeTest extends CliHarness {

    @Test
    void piecesOutsideABodysMassRangeAreRefusedAndNothingIsWritten(@TempDir Path dir) {
        Path rbc = dir.resolve("c.rbc");
        // 1e6 m cube x 1e9 kg/m3 = 1e27 kg in 3 pieces: each above 1e15 kg
        assertThat(run("fracture", "--source", "box:half=500000,500000,500000", "--density", "1e9", "--sites", "3",
                "--out", rbc.toString())).isEqualTo(2);
        assertThat(err.toString()).startsWith("rubble: --density 1.0E9 with --source box:half=500000,500000,500000 gives ")
                .contains("allowed: every piece in [1e-9, 1e15] kg").doesNotContain("\tat ");
        assertThat(rbc).doesNotExist();
        // a 1e-4 m cube (1e-12 m3) at 1e-9 kg/m3: 1e-21 kg
        assertThat(run("fracture", "--source", "box:half=5e-5,5e-5,5e-5", "--density", "1e-9", "--sites", "3", "--out",
                rbc.toString())).isEqualTo(2);
        assertThat(err.toString()).contains("allowed: every piece in [1e-9, 1e15] kg");
        assertThat(rbc).doesNotExist();
    }

    @Test
    void twentyPiecesOfThatBoxAtThatDensityAreRefused(@TempDir Path dir) {
        // 1 m3 at 1e-9 kg/m3 in 20 pieces: each under 1e-9 kg
        assertThat(run("fracture", "--density", "1e-9", "--out", dir.resolve("c.rbc").toString())).isEqualTo(2);
        assertThat(err.toString()).contains("allowed: every piece in [1e-9, 1e15] kg");
    }

    @Test
    void aCollectionAtTheLowestDensityReadsBackFromItsJsonForm(@TempDir Path dir) throws Exception {
        Path rbc = dir.resolve("c.rbc"), json = dir.resolve("c.json"), back = dir.resolve("back.rbc");
        // an 8 m3 box at 1e-9 kg/m3 in two pieces of about 4e-9 kg: the smallest --density
        assertThat(run("fracture", "--source", "box:half=1,1,1", "--density", "1e-9", "--sites", "2", "--out",
                rbc.toString())).as(err.toString()).isZero();
        assertThat(run("collection", "convert", rbc.toString(), json.toString())).as(err.toString()).isZero();
        assertThat(run("collection", "convert", json.toString(), back.toString())).as(err.toString()).isZero();
        assertThat(Files.readAllBytes(back)).isEqualTo(Files.readAllBytes(rbc));
    }
}
