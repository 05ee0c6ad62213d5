package dev.rubble.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.soft.cage.Cage;
import dev.rubble.core.soft.cage.CageFile;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Soft bodies through the command line: exports of a frame, and bad input exiting 2. */
final class SoftBodyCliTest extends CliHarness {
    static final String SCENE = "{\"format\":\"rubble-scenario/1\",\"name\":\"jelly\",\"steps\":30,\"bodies\":["
            + "{\"id\":\"floor\",\"state\":\"static\",\"shape\":{\"type\":\"box\",\"halfExtents\":[5,0.5,5]},\"position\":[0,-0.5,0]}],"
            + "\"softBodies\":[{\"id\":\"block\",\"source\":\"box:half=0.5,0.25,0.5\",\"spacing\":0.25,\"density\":500,"
            + "\"position\":[0,0.4,0],\"youngsModulus\":2e5%s}]}";

    @Test
    void anObjOfFrameZeroHoldsTheSoftBlocksRestMeshWhereItWasPlaced(@TempDir Path dir) throws Exception {
        Path scene = dir.resolve("jelly.json");
        Files.writeString(scene, String.format(SCENE, ""));
        Path obj = dir.resolve("f0.obj");
        assertThat(run("export", scene.toString(), "--frames", "0", "--out", obj.toString())).as(err.toString()).isZero();
        List<double[]> soft = new ArrayList<>();
        boolean inSoft = false;
        for (String line : Files.readAllLines(obj)) {
            if (line.startsWith("o ")) {
                inSoft = line.startsWith("o soft_");
            } else if (inSoft && line.startsWith("v ")) {
                String[] p = line.split(" ");
                soft.add(new double[] {Double.parseDouble(p[1]), Double.parseDouble(p[2]), Double.parseDouble(p[3])});
            }
        }
        // the box model's 8 corners, placed at (0, 0.4, 0): x, z = ±0.5, y = 0.4 ± 0.25
        assertThat(soft).hasSize(8);
        for (double[] v : soft) {
            assertThat(Math.abs(v[0])).isCloseTo(0.5, org.assertj.core.api.Assertions.within(1e-9));
            assertThat(Math.abs(v[1] - 0.4)).isCloseTo(0.25, org.assertj.core.api.Assertions.within(1e-9));
            assertThat(Math.abs(v[2])).isCloseTo(0.5, org.assertj.core.api.Assertions.within(1e-9));
        }
        // a later frame: the block has fallen onto the floor, its mesh moved with it
        Path later = dir.resolve("f30.obj");
        assertThat(run("export", scene.toString(), "--frames", "30", "--out", later.toString())).as(err.toString()).isZero();
        assertThat(Files.readString(later)).contains("o soft_0").isNotEqualTo(Files.readString(obj));
    }

    @Test
    void negativeComplianceAndAZeroVolumeTetExitTwoNamingTheValue(@TempDir Path dir) throws Exception {
        Path scene = dir.resolve("bad.json");
        Files.writeString(scene, String.format(SCENE, ",\"edgeCompliance\":-1"));
        assertThat(run("run", scene.toString())).isEqualTo(2);
        assertThat(err.toString()).contains("edgeCompliance = -1.0; allowed: [0, 1.0] m/N");
        // one tetrahedron with its fourth corner in the plane of the other three: rest volume 0
        double[] p = {0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0};
        Cage flat = new Cage(p, new double[] {1, 1, 1, 1}, new int[] {0, 1, 2, 3}, new int[] {0, 1, 0, 2, 0, 3, 1, 2, 1, 3, 2, 3},
                new int[] {0, 2, 1}, new double[0], new int[0], new double[0], new int[0]);
        Path cage = dir.resolve("flat.rbsb");
        Files.write(cage, CageFile.toBytes(flat));
        assertThat(run("softbody", "--check", cage.toString())).isEqualTo(2);
        assertThat(err.toString()).contains("rest volume = 0.0");
    }
}
