package dev.rubble.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.plugin.Stages;
import dev.rubble.core.soft.SoftBodyStore;
import dev.rubble.scenario.Scenario;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;
import dev.rubble.spi.shape.TriangleMesh;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * examples/soft-on-terrain.json: a soft cushion dropped on the shoulder of a hill made of a static triangle mesh
 * (the scenario's {@code triangleMesh} shape). Every control point stays above the hill's surface (found by casting
 * down onto the mesh, independently of the coupling) less the contact offset; the cushion slides down the slope
 * (its centre ends lower and farther from the hilltop than it landed) and comes to rest on it.
 */
final class SoftOnTerrainExampleTest {

    @Test
    void theCushionSlidesDownTheHillAndRestsOnItsSurface() throws Exception {
        Scenario sc = ScenarioLoader.parse(Files.readString(Path.of("..", "examples", "soft-on-terrain.json")));
        ScenarioWorld sw = ScenarioWorld.create(sc, Stages.load());
        TriangleMesh hill = (TriangleMesh) sc.bodies().get(1).shape(); // the body sits at the origin, unturned
        SoftBodyStore st = sw.world().softBodies().store();
        double deepest = Double.POSITIVE_INFINITY;
        double[] first = null;
        for (int i = 0; i < sc.steps(); i++) {
            sw.step();
            deepest = Math.min(deepest, clearance(st, hill));
            if (i == 30) {
                first = centre(st); // landed on the shoulder
            }
        }
        assertThat(deepest).as("the deepest any control point got under the hill's surface, m").isGreaterThan(-0.01);
        double[] last = centre(st);
        assertThat(last[1]).as("lower down the hill than where it landed").isLessThan(first[1] - 0.1);
        double hx = 1.0, hz = -0.5; // the hilltop
        assertThat(Math.hypot(last[0] - hx, last[2] - hz)).as("farther from the hilltop")
                .isGreaterThan(Math.hypot(first[0] - hx, first[2] - hz) + 0.3);
        assertThat(last[1]).as("on the hill, not on the ground under it").isGreaterThan(0.05);
        assertThat(meanSpeed(st)).as("at rest at the end").isLessThan(0.05);
        assertThat(st.invertedTets()).isZero();
    }

    /** The least height of a control point above the hill's surface straight under (or over) it. */
    private static double clearance(SoftBodyStore st, TriangleMesh hill) {
        double least = Double.POSITIVE_INFINITY;
        double[] n = new double[3];
        for (int i = 0; i < st.pointCount[0]; i++) {
            double x = st.state.x[3 * i], y = st.state.x[3 * i + 1], z = st.state.x[3 * i + 2];
            double t = hill.rayCast(x, 10, z, 0, -1, 0, 20, n);
            if (t >= 0) {
                least = Math.min(least, y - (10 - t));
            }
        }
        return least;
    }

    private static double[] centre(SoftBodyStore st) {
        double[] c = new double[3];
        for (int i = 0; i < st.pointCount[0]; i++) {
            for (int k = 0; k < 3; k++) {
                c[k] += st.state.x[3 * i + k] / st.pointCount[0];
            }
        }
        return c;
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
