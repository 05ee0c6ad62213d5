package dev.rubble.core.soft.cage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A soft body's source has the extent a `rubble fracture` box may have: its largest side in [1e-4, 1e6] m, every
 * coordinate within ±1e6 m. Before, {@code box:half=1e9,1e9,1e9} (points beyond the ±1e9 m every body position
 * keeps to) and {@code sphere:1e-9} (3.8e-27 m³) were accepted.
 */
final class CageSourceSizeTest {

    @Test
    void sourcesOutsideTheSizeRangeAreRefusedNamingTheirExtent() {
        for (String bad : new String[] {"box:half=1e9,1e9,1e9", "box:half=6e5,1,1", "sphere:1e-9", "sphere:4e-5",
            "box:half=4e-5,4e-5,4e-5"}) {
            assertThatThrownBy(() -> CageSource.parse(bad, Path.of("."))).as(bad)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining(bad).hasMessageContaining("largest side")
                    .hasMessageContaining("allowed: a largest side in [1.0E-4, 1000000.0] m");
        }
    }

    @Test
    void theEdgesOfTheRangeAreAccepted() {
        // a box's largest side is twice its largest half extent; a sphere's 2 R to within the spiral's sampling
        assertThat(CageSource.parse("box:half=5e5,1,1", Path.of(".")).vertices()).contains(5e5, -5e5);
        assertThat(CageSource.parse("box:half=5e-5,5e-5,5e-5", Path.of(".")).vertices()).contains(5e-5, -5e-5);
        assertThat(CageSource.parse("sphere:0.5", Path.of(".")).vertices()).isNotEmpty();
    }

    @Test
    void aPointsFileFarFromItsOriginIsRefused(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("far.txt"), "2e6 0 0\n2e6 1 0\n2e6 0 1\n2000001 0 0\n");
        assertThatThrownBy(() -> CageSource.parse("points:far.txt", dir)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("farthest coordinate 2000001.0 m");
    }

    /** A file of another format read as OBJ has no vertices: said "largest side 0.0 m, farthest coordinate Infinity". */
    @Test
    void aSourceWithoutVerticesSaysSo(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("x.obj"), "ply\nformat ascii 1.0\nelement vertex 0\nend_header\n");
        assertThatThrownBy(() -> CageSource.parse("obj:x.obj", dir)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("source 'obj:x.obj': no vertices");
    }
}
