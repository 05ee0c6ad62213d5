package dev.rubble.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.core.plugin.Stages;
import dev.rubble.core.soft.SoftBodyDef;
import dev.rubble.core.soft.SoftMaterial;
import dev.rubble.core.soft.cage.Cage;
import dev.rubble.core.soft.cage.CageBuilder;
import dev.rubble.core.soft.cage.CageFile;
import dev.rubble.core.soft.cage.CageSource;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A soft body's cage points, placed, lie within ±1e9 m on every axis, the range every rigid placement keeps to (a
 * body's position, a collection's nodes, a union member's place). Before, only the soft body's position was checked:
 * a 1 m box cage at x = 1e9 − 0.2 was accepted with its +x face at 1e9 + 0.3 m, and a cage file whose points lay at
 * 2e9 m in its own frame was placed at the origin as it was. The box source {@code box:half=0.5,0.5,0.5} with no
 * spacing is its eight corners (±0.5 on each axis).
 */
final class SoftCageRangeTest {
    private static final String HEAD = "{\"format\": \"rubble-scenario/1\", \"softBodies\": [";

    private static String box(String position, String orientation) {
        return HEAD + "{\"id\": \"jelly\", \"source\": \"box:half=0.5,0.5,0.5\", \"position\": " + position
                + (orientation == null ? "" : ", \"orientation\": " + orientation) + "}]}";
    }

    @Test
    void aSourceWhosePointsLieBeyondTheRangeIsRefusedNamingThePoint() {
        assertThatThrownBy(() -> ScenarioLoader.parse(box("[999999999.8, 0, 0]", null)))
                .isInstanceOf(ScenarioException.class)
                .hasMessageStartingWith("$.softBodies[0].source: cage point ")
                .hasMessageContaining("lies beyond ±1.0E9 m in the world at position [9.999999998E8, 0.0, 0.0]")
                .hasMessageContaining("allowed: every cage point within ±1.0E9 m on each axis once placed");
        // on y and z, and on the negative side, alike
        assertThatThrownBy(() -> ScenarioLoader.parse(box("[0, -999999999.8, 0]", null))).isInstanceOf(ScenarioException.class)
                .hasMessageStartingWith("$.softBodies[0].source: cage point ");
        // turned a quarter turn about z, the cage's x extent lies along y: 0.5 m beyond at y = 1e9 - 0.2
        assertThatThrownBy(() -> ScenarioLoader.parse(box("[0, 999999999.8, 0]", "[0, 0, 0.7071067811865476, 0.7071067811865476]")))
                .isInstanceOf(ScenarioException.class).hasMessageStartingWith("$.softBodies[0].source: cage point ");
    }

    @Test
    void theEdgeOfTheRangeIsAccepted() {
        // the +x corners at exactly 1e9 m (1e9 - 0.5 + 0.5, every term exact)
        Scenario sc = ScenarioLoader.parse(box("[999999999.5, 0, 0]", null));
        ScenarioWorld sw = ScenarioWorld.create(sc, Stages.load());
        assertThat(sw.world().softBodies().store().size()).isEqualTo(1);
        double max = 0;
        double[] x = sw.world().softBodies().store().state.x;
        for (int i = 0; i < sw.world().softBodies().store().state.points; i++) {
            max = Math.max(max, x[3 * i]);
        }
        assertThat(max).isEqualTo(1e9);
    }

    @Test
    void aCageFileWhosePointsLieFarInItsOwnFrameIsRefused(@TempDir Path dir) throws Exception {
        CageSource src = CageSource.parse("box:half=0.5,0.5,0.5", dir);
        double[] v = src.vertices().clone();
        for (int i = 0; i < v.length; i += 3) {
            v[i] += 1.5e9; // the cage file format takes any finite point
        }
        Cage far = CageBuilder.build(v, src.indices(), 1000, 0, 1);
        CageFile.write(far, dir.resolve("far.rbsb"));
        assertThatThrownBy(() -> ScenarioLoader.parse(HEAD + "{\"cage\": \"far.rbsb\"}]}", dir))
                .isInstanceOf(ScenarioException.class)
                .hasMessageStartingWith("$.softBodies[0].cage: cage point ").hasMessageContaining("E9, ")
                .hasMessageContaining("m in the cage) lies beyond ±1.0E9 m in the world at position [0.0, 0.0, 0.0]")
                .hasMessageContaining("allowed: every cage point within ±1.0E9 m");
        // placed 1e9 m back, it lies at x = 5e8: accepted
        assertThat(ScenarioLoader.parse(HEAD + "{\"cage\": \"far.rbsb\", \"position\": [-1e9, 0, 0]}]}", dir)).isNotNull();
    }

    @Test
    void theKernelRefusesSuchACageTooAndAddsNothing() {
        CageSource src = CageSource.parse("box:half=0.5,0.5,0.5", Path.of("."));
        Cage c = CageBuilder.build(src.vertices(), src.indices(), 1000, 0, 1);
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse("{\"format\": \"rubble-scenario/1\"}"), Stages.load());
        SoftBodyDef d = new SoftBodyDef("far", c, SoftMaterial.rubber(), new double[] {999999999.8, 0, 0},
                new double[] {0, 0, 0, 1}, new double[3], new int[0], new int[0], List.of());
        assertThatThrownBy(() -> sw.world().addSoftBodies(List.of(d))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("soft body 0 'far': cage point ")
                .hasMessageContaining("allowed: every point within ±1.0E9 m on each axis");
        assertThat(sw.world().softBodies().store().size()).isZero();
        assertThat(sw.world().softBodies().store().state.points).isZero();
    }
}
