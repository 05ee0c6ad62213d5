package dev.rubble.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.plugin.Stages;
import dev.rubble.core.soft.SoftBodyStore;
import dev.rubble.scenario.Scenario;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * examples/soft-on-wall.json: a soft cushion on an intact geometry collection (a compound body) that a ball then
 * breaks. The cushion lies on the wall's top until the ball arrives, comes down with the wall's middle among its
 * pieces, and ends at rest on what is under it: it never sinks through the ground or tears inside out.
 */
final class SoftOnWallExampleTest {

    @Test
    void theCushionRestsOnTheWallThenComesDownWithItsMiddle() throws Exception {
        Scenario sc = ScenarioLoader.parse(Files.readString(Path.of("..", "examples", "soft-on-wall.json")));
        ScenarioWorld sw = ScenarioWorld.create(sc, Stages.load());
        SoftBodyStore st = sw.world().softBodies().store();
        double thickness = st.thickness[0];
        int breaks = 0;
        for (int i = 0; i < 4; i++) { // the ball, 6 m off at 60 m/s, has not reached the wall
            sw.step();
            breaks += sw.world().profile().breaks();
        }
        assertThat(breaks).as("nothing broken yet").isZero();
        assertThat(lowest(st)).as("on the wall's top (2.5 m) before the impact").isBetween(2.48, 2.5 + thickness + 0.01);
        double lowestEver = Double.POSITIVE_INFINITY;
        for (int i = 4; i < sc.steps(); i++) {
            sw.step();
            lowestEver = Math.min(lowestEver, lowest(st));
        }
        assertThat(lowestEver).as("never through the ground").isGreaterThan(-0.02);
        assertThat(lowest(st)).as("came down with the wall's middle").isLessThan(1.0);
        assertThat(meanSpeed(st)).as("at rest at the end").isLessThan(0.05);
        assertThat(st.invertedTets()).isZero();
    }

    private static double lowest(SoftBodyStore st) {
        double y = Double.POSITIVE_INFINITY;
        for (int i = 0; i < st.pointCount[0]; i++) {
            y = Math.min(y, st.state.x[3 * i + 1]);
        }
        return y;
    }

    private static double meanSpeed(SoftBodyStore st) {
        double s = 0;
        for (int i = 0; i < st.pointCount[0]; i++) {
            double vx = st.state.v[3 * i], vy = st.state.v[3 * i + 1], vz = st.state.v[3 * i + 2];
            s += Math.sqrt(vx * vx + vy * vy + vz * vz);
        }
        return s / st.pointCount[0];
    }
}
