package dev.rubble.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.core.soft.cage.Cage;
import dev.rubble.core.soft.cage.CageFile;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

final class SoftBodyCommandTest extends CliHarness {

    @Test
    void buildsABoxCageSavesItAndChecksIt(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("block.rbsb");
        int code = run("softbody", "--source", "box:half=0.5,0.25,0.5", "--spacing", "0.25", "--density", "400",
                "--out", f.toString());
        assertThat(code).as(err.toString()).isZero();
        assertThat(out.toString()).contains("tetrahedra:").contains("mass:           200.000 kg").contains("wrote " + f);
        Cage c = CageFile.read(f);
        assertThat(c.mass()).isCloseTo(200, within(1e-9)); // 400 kg/m³ × 0.5 m³
        assertThat(c.skinVertexCount()).isEqualTo(8);
        assertThat(run("softbody", "--check", f.toString())).isZero();
    }

    @Test
    void badInputExitsWithTwo(@TempDir Path dir) throws Exception {
        Path flat = dir.resolve("flat.xyz");
        Files.writeString(flat, "0 0 0\n1 0 0\n0 1 0\n1 1 0\n");
        assertThat(run("softbody", "--source", "points:" + flat)).isEqualTo(2);
        assertThat(err.toString()).contains("degenerate hull");
        assertThat(run("softbody", "--source", "box:half=1,1,1", "--density", "0")).isEqualTo(2);
        assertThat(err.toString()).contains("--density 0.0");
        assertThat(run("softbody", "--source", "cone:1")).isEqualTo(2);
        assertThat(err.toString()).contains("source kind 'cone'");
        Path corrupt = dir.resolve("c.rbsb");
        assertThat(run("softbody", "--source", "box:half=1,1,1", "--out", corrupt.toString())).isZero();
        byte[] b = Files.readAllBytes(corrupt);
        b[60] ^= 0x40;
        Files.write(corrupt, b);
        assertThat(run("softbody", "--check", corrupt.toString())).isEqualTo(2);
        assertThat(err.toString()).contains("checksum");
    }
    /** A cage saved under another name than .rbsb was written without a word; scenarios and --check read .rbsb. */
    @Test
    void aCageOutputNotNamedRbsbIsRefusedAndNothingIsWritten(@TempDir Path dir) {
        Path txt = dir.resolve("x.txt");
        assertThat(run("softbody", "--source", "box:half=0.5,0.25,0.5", "--out", txt.toString())).isEqualTo(2);
        assertThat(err.toString()).contains("--out " + txt).contains("allowed: .rbsb");
        assertThat(txt).doesNotExist();
        assertThat(run("softbody", "--source", "box:half=0.5,0.25,0.5", "--out", dir.resolve("X.RBSB").toString()))
                .as(err.toString()).isZero();
    }
}
