package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.world.World;
import dev.rubble.spi.shape.Sphere;
import dev.rubble.spi.strain.StrainModifier;
import org.junit.jupiter.api.Test;

/**
 * Restore breaking momentum (SPEC §5) on a slanting hit: the impactor gets back its share of the whole
 * impulse the holder absorbed, friction included, as Chaos's RestoreBreakingMomentum adds back a share of
 * each contact's accumulated impulse.
 *
 * <p>A solid sphere (r 0.2 m, 2 kg, no spin) touching the end face of a two-box bar with 10 m/s into the
 * face and 5 m/s along it (no gravity); the bar is 2.5e8 kg (density 1e9), so it takes the hit like an
 * immovable wall. Friction 0.5 holds the contact point (sticking needs μ ≥ (2/7)·5/10): the solve takes
 * the normal speed, J_n = m v_n, and the point's slip: for a solid sphere the slip row's effective mass is
 * m / (1 + m r² / I) = (2/7) m, so J_t = (2/7) m v_t, leaving v_t (5/7) and spin ω = r J_t / I =
 * −(5/7) v_t / r about z (the point leads the centre along x). The break (thresholds of 1e-6 N·s) then gives back half of (J_n, J_t):
 * v_n → v_n / 2, v_t → (6/7) v_t, ω → −(5/14) v_t / r; returning the normal impulse alone would leave
 * v_t (5/7) and the whole spin.
 */
final class SlantMomentumReturnTest {
    static final double R = 0.2, M = 2, VN = 10, VT = 5;

    private static final class Run {
        final World w = Scenes.world(0);
        final long ball;

        Run(double restore) {
            w.destruction().place(TestAssets.chain(2, 1e9), CollectionPlacement.at(0, 0, 0)
                    .withOptions(DestructionOptions.defaults().withRestoreMomentum(restore).withMaterial(0.5, 0)),
                    new CollisionStrainTest.Fixed(1e-6), new StrainModifier[0]);
            // touching the bar's end face (x = -0.5) with its leading point
            ball = w.createBody(BodyDef.of(new Sphere(R)).withMass(M).withPosition(-0.5 - R, 0, 0)
                    .withLinearVelocity(VN, VT, 0).withMaterial(0.5, 0));
            w.step();
            assertThat(w.destruction().events().count()).as("break events in the first step").isPositive();
        }

        double[] v() {
            BodyStore b = w.bodies();
            int s = b.slot(ball);
            return new double[] {b.vx[s], b.vy[s], b.vz[s], b.wx[s], b.wy[s], b.wz[s]};
        }
    }

    @Test
    void theImpactorGetsBackHalfOfTheFrictionImpulseToo() {
        double[] v = new Run(0.5).v();
        double tol = 1e-6 * VN;
        assertThat(v[0]).as("speed into the face, m/s").isCloseTo(VN / 2, offset(tol));
        assertThat(v[1]).as("speed along the face, m/s").isCloseTo(6.0 / 7 * VT, offset(tol));
        assertThat(v[2]).as("vz").isCloseTo(0, offset(tol));
        assertThat(v[5]).as("spin about z, rad/s").isCloseTo(-5.0 / 14 * VT / R, offset(tol / R));
        assertThat(Math.hypot(v[3], v[4])).as("spin about x and y").isLessThan(tol / R);
    }

    @Test
    void withoutRestoringTheSolveKeepsTheStickingAnswer() {
        double[] v = new Run(0).v();
        double tol = 1e-6 * VN;
        assertThat(v[0]).as("speed into the face, m/s").isCloseTo(0, offset(tol));
        assertThat(v[1]).as("speed along the face, m/s").isCloseTo(5.0 / 7 * VT, offset(tol));
        assertThat(v[5]).as("spin about z, rad/s").isCloseTo(-5.0 / 7 * VT / R, offset(tol / R));
    }

    @Test
    void theContactPointKeepsHalfOfItsApproachAndSlip() {
        // linear in the impulse: returning half of it leaves the point's velocity halfway between
        // before the hit (10, 5, 0) and after the solve (0, 0, 0); the point is at (r, 0, 0) from the centre
        double[] v = new Run(0.5).v();
        double px = v[0], py = v[1] + R * v[5]; // v + ω × r, r = (r, 0, 0)
        assertThat(px).isCloseTo(VN / 2, offset(1e-6 * VN));
        assertThat(py).isCloseTo(VT / 2, offset(1e-6 * VN));
    }
}
