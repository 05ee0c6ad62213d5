package dev.rubble.bench.peers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.core.body.BodyDef;
import dev.rubble.scenario.BenchScenes;
import dev.rubble.scenario.BenchScenes.Scene;
import dev.rubble.scenario.Scenario;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every peer engine builds the scene Rubble builds and simulates it plausibly. Each engine loads
 * its natives once per JVM, which is fine here: these tests check correctness, not speed.
 */
final class PeerEnginesTest {

    @ParameterizedTest
    @ValueSource(strings = {"jolt", "bullet", "jbullet", "ode4j"})
    void pileStartsWhereTheSceneSays(String engine) {
        Scenario sc = BenchScenes.build(Scene.PILE);
        List<BodyDef> defs = BenchScenes.dynamicBodies(sc);
        double[] p = new double[3 * defs.size()];
        try (PeerEngine e = PeerMain.engine(engine)) {
            e.build(sc);
            e.dynamicPositions(p);
        }
        for (int i = 0; i < defs.size(); i++) {
            // float engines: positions within single-precision rounding of the scene's doubles
            assertThat(p[3 * i]).isCloseTo(defs.get(i).x(), within(1e-5));
            assertThat(p[3 * i + 1]).isCloseTo(defs.get(i).y(), within(1e-5));
            assertThat(p[3 * i + 2]).isCloseTo(defs.get(i).z(), within(1e-5));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"jolt", "bullet", "jbullet", "ode4j"})
    void pyramidStandsOnTheGroundForOneSecond(String engine) {
        Scenario sc = BenchScenes.build(Scene.PYRAMID);
        double[] start = new double[3 * 210];
        double[] end = new double[3 * 210];
        try (PeerEngine e = PeerMain.engine(engine)) {
            e.build(sc);
            e.dynamicPositions(start);
            for (int i = 0; i < 60; i++) {
                e.step();
            }
            e.dynamicPositions(end);
            assertThat(e.info()).startsWith("info engine=" + engine).contains("sleeping=off");
        }
        // a free box would have fallen g t²/2 = 4.9 m in 1 s; resting boxes settle by a few cm at most
        BenchScenes.Sanity s = BenchScenes.sanity(Scene.PYRAMID, start, end);
        assertThat(s.topY()).isCloseTo(19.5, within(0.1));
        for (int i = 0; i < 20; i++) {
            assertThat(end[3 * i + 1]).as("bottom-row box %d", i).isCloseTo(0.5, within(0.05));
        }
    }

    @Test
    void unknownEngineAndOptionsAreRejected() {
        assertThatThrownBy(() -> PeerMain.engine("havok")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'havok'").hasMessageContaining("jolt, bullet, jbullet, ode4j");
        assertThatThrownBy(() -> PeerMain.run(new String[] {"jolt", "tower"}))
                .hasMessageContaining("'tower'").hasMessageContaining("pyramid, pile, spheres");
        assertThatThrownBy(() -> PeerMain.run(new String[] {"jolt", "pile", "--steps", "0"}))
                .hasMessageContaining("--steps = '0'");
    }
}
