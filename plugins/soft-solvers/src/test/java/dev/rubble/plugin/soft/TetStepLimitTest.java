package dev.rubble.plugin.soft;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.spi.soft.SoftBodyState;
import dev.rubble.spi.soft.SoftContacts;
import dev.rubble.spi.soft.SoftSolver;
import org.junit.jupiter.api.Test;

/**
 * One volume projection of a single rigid (compliance 0) tetrahedron, worked by hand: corners 0 (origin),
 * 1 (x), 2 (y) and 3 above the base, all of unit inverse mass, rest 6V0 = 1 (the unit corner tet), so its
 * size cbrt(6 V0) is 1 and the step limit a quarter of that. The gradients of 6V = a·(b × c) are
 * g1 = b × c, g2 = c × a, g3 = a × b and g0 = -(g1 + g2 + g3); the projection moves corner i by
 * -C / Σ|g|² · g_i, unless some corner would move more than the limit, when the step is scaled so
 * that the farthest-moving corner moves exactly the limit. The solver runs one sub-step of one
 * iteration without gravity from rest, so each corner ends where that one projection put it.
 * (Issue 27 item 7: the limit is tested first by a cheaper bound; these are the cases on both sides.)
 */
final class TetStepLimitTest {
    private static SoftBodyState tetWithApexAt(double x3, double y3, double z3) {
        SoftBodyState s = new SoftBodyState();
        s.addPoint(0, 0, 0, 1);
        s.addPoint(1, 0, 0, 1);
        s.addPoint(0, 1, 0, 1);
        s.addPoint(0, 0, 1, 1);
        s.addTet(0, 1, 2, 3, 0, 1);
        s.x[9] = x3;
        s.x[10] = y3;
        s.x[11] = z3;
        return s;
    }

    private static void project(SoftBodyState s) {
        SoftSolver solver = HangingChainTest.solver("xpbd", 1, 1);
        solver.step(s, 1.0 / 60, 0, 0, 0, SoftContacts.NONE);
    }

    @Test
    void aSquashedTetIsPushedBackByTheFullStep() {
        // apex at (0, 0, 0.9): 6V = 0.9, C = -0.1; g1 = (0.9, 0, 0), g2 = (0, 0.9, 0), g3 = (0, 0, 1),
        // g0 = (-0.9, -0.9, -1); Σ|g|² = 0.81 + 0.81 + 1 + 2.62 = 5.24; step 0.1 / 5.24, under the limit
        SoftBodyState s = tetWithApexAt(0, 0, 0.9);
        project(s);
        double dl = 0.1 / 5.24;
        assertThat(s.x[11]).as("apex z").isCloseTo(0.9 + dl, within(1e-12));
        assertThat(s.x[3]).as("corner 1 x").isCloseTo(1 + 0.9 * dl, within(1e-12));
        assertThat(s.x[7]).as("corner 2 y").isCloseTo(1 + 0.9 * dl, within(1e-12));
        assertThat(s.x[0]).as("corner 0 x").isCloseTo(-0.9 * dl, within(1e-12));
        assertThat(s.x[2]).as("corner 0 z").isCloseTo(-dl, within(1e-12));
        assertThat(s.tetVolume(0) * 6).as("6V after one projection").isGreaterThan(0.9);
    }

    @Test
    void aFlattenedTetMovesNoCornerFartherThanAQuarterOfItsSize() {
        // apex flattened onto the base at (0.2, 0.2, 0): 6V = 0, C = -1; g1 = b × c = (0, 0, -0.2),
        // g2 = c × a = (0, 0, -0.2), g3 = (0, 0, 1), g0 = (0, 0, -0.6); Σ|g|² = 1.44, so the full step would lift
        // the apex 1 / 1.44 = 0.694; the limit scales it so the apex (the largest |g|) rises exactly 0.25
        SoftBodyState s = tetWithApexAt(0.2, 0.2, 0);
        project(s);
        assertThat(s.x[11]).as("apex z").isCloseTo(0.25, within(1e-12));
        assertThat(s.x[2]).as("corner 0 z").isCloseTo(-0.6 * 0.25, within(1e-12));
        assertThat(s.x[5]).as("corner 1 z").isCloseTo(-0.2 * 0.25, within(1e-12));
        assertThat(s.x[8]).as("corner 2 z").isCloseTo(-0.2 * 0.25, within(1e-12));
        assertThat(s.x[9]).as("apex x unchanged").isEqualTo(0.2);
    }
}
