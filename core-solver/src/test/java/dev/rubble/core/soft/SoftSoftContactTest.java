package dev.rubble.core.soft;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.soft.cage.Cage;
import dev.rubble.core.soft.cage.CageBuilder;
import dev.rubble.core.world.World;
import org.junit.jupiter.api.Test;

/** Soft bodies collide with each other (surface points against the other body's surface triangles). */
final class SoftSoftContactTest {

    @Test
    void aSoftBlockDroppedOnAnotherRestsOnItsTop() {
        World w = SoftWorldTest.world();
        int lower = SoftWorldTest.block(w, 2e5); // 1 × 0.5 × 1 m on the ground: top at 0.505 m
        Cage c = CageBuilder.build(SoftWorldTest.box(0.25, 0.15, 0.25), new int[0], 500, 0.1, 3);
        SoftMaterial m = SoftMaterial.rubber().withYoungsModulus(2e5).withPoissonRatio(0.3);
        int upper = w.softBodies().store().add(c, m, 0.05, 0.95, -0.03, 0, 0, 0, 1, 0, 0, 0, "upper"); // bottom at 0.8 m
        SoftBodyStore st = w.softBodies().store();
        double lowest = Double.POSITIVE_INFINITY;
        for (int i = 0; i < 240; i++) {
            w.step();
            lowest = Math.min(lowest, minY(st, upper));
        }
        double top = maxY(st, lower), bottom = minY(st, upper);
        double vy = 0;
        for (int i = st.pointStart[upper]; i < st.pointStart[upper] + st.pointCount[upper]; i++) {
            vy += st.state.v[3 * i + 1] / st.pointCount[upper];
        }
        System.out.printf("soft on soft: upper bottom %.4f m (lowest %.4f), lower top %.4f m, mean vy %.5f m/s%n",
                bottom, lowest, top, vy);
        // 37.5 kg on 0.25 m² of E = 0.2 MPa: 1.5 kPa, a strain under 1 %: it rests a few mm into the top
        // (two 5 mm contact thicknesses apart), never falls into the lower block. It lands at the free-fall
        // speed sqrt(2 g 0.3) = 2.43 m/s and sinks 5.8 cm into the top while landing (0.45 before the solver's
        // damping stopped acting as air drag: it landed at 2.15 m/s then)
        assertThat(bottom).as("resting on the lower block's top").isBetween(0.48, 0.53);
        assertThat(lowest).as("never through it").isGreaterThan(0.44);
        assertThat(Math.abs(vy)).as("at rest").isLessThan(0.02);
        assertThat(st.invertedTets()).isZero();
    }

    private static double minY(SoftBodyStore st, int b) {
        double m = Double.POSITIVE_INFINITY;
        for (int i = st.pointStart[b]; i < st.pointStart[b] + st.pointCount[b]; i++) {
            m = Math.min(m, st.state.x[3 * i + 1]);
        }
        return m;
    }

    private static double maxY(SoftBodyStore st, int b) {
        double m = Double.NEGATIVE_INFINITY;
        for (int i = st.pointStart[b]; i < st.pointStart[b] + st.pointCount[b]; i++) {
            m = Math.max(m, st.state.x[3 * i + 1]);
        }
        return m;
    }
}
