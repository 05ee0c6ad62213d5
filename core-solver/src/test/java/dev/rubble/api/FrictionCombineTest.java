package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.core.dynamics.ContactSolver;
import dev.rubble.spi.shape.Box;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Friction coefficients are accepted up to {@code Double.MAX_VALUE} (docs/java-api.md), and two of them combine as
 * {@code sqrt(μa μb)}. The product overflowed from 1.34e154 each: μ = +∞ made the cone of a point without load
 * {@code μ · 0} = NaN, which bounded nothing. Coulomb: no normal force, no friction.
 */
final class FrictionCombineTest {
    @Test
    void theGeometricMeanIsFiniteForEveryAllowedPair() {
        double max = Double.MAX_VALUE;
        assertThat(ContactSolver.combineFriction(1e200, 1e200)).isCloseTo(1e200, within(1e186));
        assertThat(ContactSolver.combineFriction(max, max)).isFinite().isCloseTo(max, within(max * 1e-15));
        assertThat(ContactSolver.combineFriction(max, 1e-300)).isCloseTo(Math.sqrt(1.7976931348623157) * 1e4,
                within(1e-9));
        assertThat(ContactSolver.combineFriction(1e-200, 1e-200)).isCloseTo(1e-200, within(1e-214));
        assertThat(ContactSolver.combineFriction(0, max)).isZero();
        assertThat(ContactSolver.combineFriction(0.25, 1)).isEqualTo(0.5);
    }

    @ParameterizedTest(name = "friction {0} on both")
    @ValueSource(doubles = {1, 1e150, 1e155, 1e300, Double.MAX_VALUE})
    void aBoxWithoutWeightSlidesOnTheGroundUnbraked(double mu) {
        // no gravity: the box touches the ground but presses on it with nothing, so Coulomb's bound is 0
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withSleeping(false).withGravity(new Vector3d()));
        w.addBody(BodySpec.fixed(new Box(100, 1, 100)).withPosition(new Vector3d(0, -1, 0)).withMaterial(mu, 0));
        BodyId box = w.addBody(BodySpec.dynamic(new Box(0.5, 0.5, 0.5)).withPosition(new Vector3d(0, 0.5, 0))
                .withMaterial(mu, 0));
        w.setVelocity(box, new Vector3d(5, 0, 0), new Vector3d());
        w.step(60);
        Vector3d v = w.linearVelocity(box, new Vector3d());
        assertThat(v.x).as("speed along the ground").isCloseTo(5, within(1e-9));
        assertThat(Math.abs(v.y) + Math.abs(v.z)).as("thrown off its line").isLessThan(1e-9);
        assertThat(w.position(box, new Vector3d()).y).as("height").isCloseTo(0.5, within(1e-6));
        assertThat(w.angularVelocity(box, new Vector3d()).length()).as("spin").isLessThan(1e-9);
    }
}
