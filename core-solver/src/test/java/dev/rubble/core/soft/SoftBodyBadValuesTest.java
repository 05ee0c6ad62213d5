package dev.rubble.core.soft;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.soft.cage.Cage;
import dev.rubble.core.soft.cage.CageBuilder;
import dev.rubble.core.world.World;
import dev.rubble.spi.shape.Sphere;
import dev.rubble.spi.soft.SoftBodyState;
import org.junit.jupiter.api.Test;

/**
 * Issue 28, item 10: soft-body values found by fuzzing. Values that cannot give a sane result are
 * refused at load; a cage placed inside its contact offset is pushed out without being thrown; a
 * soft body whose points go non-finite is frozen where the step began and nothing else is touched.
 */
final class SoftBodyBadValuesTest {

    @Test
    void materialValuesThatBreakTheArithmeticAreRefusedNamingTheField() {
        SoftMaterial r = SoftMaterial.rubber();
        assertThatThrownBy(() -> new SoftMaterial(1e6, 0.45, 1, 0.5, 1e308, Double.NaN, Double.NaN))
                .hasMessageStartingWith("thickness = 1.0E308; allowed: [0, 0.1]");
        assertThatThrownBy(() -> new SoftMaterial(1e6, 0.45, 1, 0.5, 10, Double.NaN, Double.NaN))
                .hasMessageStartingWith("thickness = 10.0");
        assertThatThrownBy(() -> new SoftMaterial(1e6, 0.45, 1, 0.5, 0.005, 1e308, Double.NaN))
                .hasMessageStartingWith("edgeCompliance = 1.0E308; allowed: [0, 1.0]");
        assertThatThrownBy(() -> new SoftMaterial(1e6, 0.45, 1, 0.5, 0.005, Double.NaN, 1e308))
                .hasMessageStartingWith("volumeCompliance = 1.0E308; allowed: [0, 1.0]");
        assertThatThrownBy(() -> r.withYoungsModulus(1e-300)).hasMessageStartingWith("youngsModulus = 1.0E-300");
        assertThatThrownBy(() -> r.withYoungsModulus(1e308)).hasMessageStartingWith("youngsModulus = 1.0E308");
        // the edges of the ranges are accepted
        new SoftMaterial(1, 0.45, 1, 0.5, SoftMaterial.MAX_THICKNESS, 1, 1);
        new SoftMaterial(1e13, 0.45, 1, 0.5, 0, 0, 0);
    }

    @Test
    void theLargestAllowedValuesKeepEveryPointFinite() {
        World w = SoftWorldTest.world();
        Cage c = CageBuilder.build(SoftWorldTest.box(0.5, 0.25, 0.5), new int[0], 500, 0.25, 1);
        // the softest and thickest material allowed, then the stiffest
        w.softBodies().store().add(c, new SoftMaterial(1, 0.45, 1, 0.5, SoftMaterial.MAX_THICKNESS, 1, 1),
                0, 0.4, 0, 0, 0, 0, 1, 0, 0, 0, "soft");
        w.softBodies().store().add(c, new SoftMaterial(1e13, 0, 1, 0.5, 0, Double.NaN, Double.NaN),
                3, 0.4, 0, 0, 0, 0, 1, 0, 0, 0, "stiff");
        for (int i = 0; i < 120; i++) {
            w.step();
            assertThat(w.profile().nonFiniteBodies()).as("step %d", i).isZero();
        }
        SoftBodyState s = w.softBodies().store().state;
        for (int k = 0; k < 3 * s.points; k++) {
            assertThat(Double.isFinite(s.x[k]) && Double.isFinite(s.v[k])).isTrue();
        }
    }

    /**
     * A 1 × 0.5 × 1 m block placed with its bottom on the ground and a 0.1 m contact offset starts
     * wholly inside the offset. Before the bound its bottom points were pushed 0.1 m in one 1/480 s
     * sub-step, 48 m/s, and the block was 7 m up after a second (with a 10 m offset, 3.7 km). A
     * contact now recovers an overlap the sub-step began with at most at 3 m/s (the rigid push-out
     * speed), so the block's centre of mass never rises faster than 3 m/s, its bottom no higher than
     * a 3 m/s throw carries it (v² / 2g = 0.46 m above the offset), and it comes to rest on its offset.
     */
    @Test
    void aBlockPlacedInsideItsContactOffsetIsPushedOutWithoutBeingThrown() {
        World w = SoftWorldTest.world();
        Cage c = CageBuilder.build(SoftWorldTest.box(0.5, 0.25, 0.5), new int[0], 500, 0.25, 1);
        SoftMaterial m = SoftMaterial.rubber().withYoungsModulus(2e5);
        m = new SoftMaterial(m.youngsModulus(), m.poissonRatio(), 1, 0.5, SoftMaterial.MAX_THICKNESS, Double.NaN, Double.NaN);
        w.softBodies().store().add(c, m, 0, 0.25, 0, 0, 0, 0, 1, 0, 0, 0, "block");
        SoftBodyState s = w.softBodies().store().state;
        double highestBottom = 0, fastest = 0;
        double throwHeight = 3.0 * 3.0 / (2 * 9.81);
        for (int i = 0; i < 180; i++) {
            w.step();
            double bottom = Double.POSITIVE_INFINITY, momentum = 0, mass = 0;
            for (int p = 0; p < s.points; p++) {
                bottom = Math.min(bottom, s.x[3 * p + 1]);
                momentum += s.v[3 * p + 1] / s.invMass[p];
                mass += 1 / s.invMass[p];
            }
            highestBottom = Math.max(highestBottom, bottom);
            fastest = Math.max(fastest, momentum / mass); // the block's centre of mass, upwards
        }
        assertThat(highestBottom).isLessThan(SoftMaterial.MAX_THICKNESS + throwHeight);
        assertThat(fastest).as("centre of mass, up").isLessThanOrEqualTo(3.0);
        double bottom = Double.POSITIVE_INFINITY;
        for (int p = 0; p < s.points; p++) {
            bottom = Math.min(bottom, s.x[3 * p + 1]);
        }
        assertThat(bottom).as("rests on its offset").isCloseTo(SoftMaterial.MAX_THICKNESS, org.assertj.core.data.Offset.offset(0.02));
    }

    /**
     * The finiteness guard: constraint values written straight into the solver's arrays (past the
     * material's checks) turn every point of a block NaN in its first step; the block is put back
     * where that step began, frozen and counted, and a ball falling beside it is untouched.
     */
    @Test
    void aSoftBodyWhosePointsGoNonFiniteIsFrozenWhereTheStepBeganAndCounted() {
        World w = SoftWorldTest.world();
        int block = SoftWorldTest.block(w, 2e5);
        SoftBodyStore st = w.softBodies().store();
        SoftBodyState s = st.state;
        for (int e = 0; e < s.edges; e++) {
            s.edgeCompliance[e] = 1e308;
        }
        for (int t = 0; t < s.tets; t++) {
            s.tetCompliance[t] = 1e308;
        }
        long ball = w.createBody(BodyDef.of(new Sphere(0.2)).withMass(1).withPosition(5, 10, 0));
        double[] before = java.util.Arrays.copyOf(s.x, 3 * s.points);
        w.step();
        assertThat(w.profile().nonFiniteBodies()).isEqualTo(1);
        assertThat(w.softBodies().isolatedTotal).isEqualTo(1);
        assertThat(java.util.Arrays.copyOf(s.x, 3 * s.points)).containsExactly(before);
        for (int i = 0; i < 60; i++) {
            w.step();
            assertThat(w.profile().nonFiniteBodies()).isZero();
        }
        assertThat(java.util.Arrays.copyOf(s.x, 3 * s.points)).containsExactly(before);
        for (int p = st.pointStart[block]; p < st.pointStart[block] + st.pointCount[block]; p++) {
            assertThat(s.invMass[p]).isZero();
        }
        // the ball fell freely for 61 steps of 1/60 s: y = 10 - g t² / 2 (semi-implicit Euler: within a step's fall)
        double t = 61 / 60.0;
        int slot = w.bodies().slot(ball);
        assertThat(w.bodies().py[slot]).isCloseTo(10 - 9.81 * t * t / 2, org.assertj.core.data.Offset.offset(0.1));
    }
}
