package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A hinge with both stops and a motor on its axis (docs/constraints.md, "Loads on stops", "A stop and a motor on one
 * axis"): whatever the solver does with the stop in its joint tree, the joint must not make energy. A motor's work is at
 * most its torque times the angle its joint turns, so the chain's energy (kinetic, rotational, potential) may rise above
 * the start by at most {@code maxTorque Σ |Δθ|} over its joints; a braking motor ({@code motor(0, F)}) only takes
 * energy, so with one the energy must never rise at all. Found by fuzz10: with the stop held in the tree and the motor
 * solved by the Gauss–Seidel passes beside it on the same axis, ten 1 kg links on [-0.2, 0.1] rad driven by
 * {@code motor(1, 0.5)} reached 3e6 J and ten 0.1 kg links braked by {@code motor(0, 0.5)} gained 0.73 J in 10 s.
 */
final class StopMotorEnergyTest {
    private static final double G = 9.81, R = 0.02, PITCH = 0.1, Y = 5;

    @ParameterizedTest(name = "{0} links of {1} kg, stops [{2}, {3}], motor({4}, {5}), {6} sub-steps")
    @CsvSource({
            "10, 0.1, -0.2, 0.1, 0, 0.5, 1", "10, 0.1, -0.2, 0.1, 0, 0.5, 2", "10, 0.1, -0.2, 0.1, 0, 0.5, 4",
            "10, 1, -0.2, 0.1, 0, 0.5, 1", "20, 0.1, -0.2, 0.1, 0, 0.5, 1", "10, 1, 0, 0.5, 0, 100, 1",
            "10, 1, -0.2, 0.1, 1, 0.5, 1", "10, 1, -0.2, 0.1, 1, 0.5, 2", "10, 1, -0.2, 0.1, 1, 0.5, 4",
            "20, 0.1, -0.2, 0.1, 1, 0.5, 1", "10, 1, 0, 0.5, 1, 100, 1", "10, 1, 0, 0.5, 1, 100, 4",
            "10, 0.1, -3, 3, -2, 0.2, 1", "6, 1, -1, 1, 3, 5, 1"})
    void aChainOnStopsWithMotorsGainsNoMoreThanTheMotorsWork(int links, double mass, double lower, double upper,
                                                             double speed, double torque, int subSteps) {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withTimeStep(1.0 / 60, subSteps)
                .withGravity(new Vector3d(0, -G, 0)));
        List<BodyId> bodies = SphereChainEnergy.levelHingeChain(w, links, mass, R, PITCH, Y,
                j -> j.limits(lower, upper).motor(speed, torque));
        double start = SphereChainEnergy.of(w, bodies, mass, R, G);
        double[] angle = angles(w, bodies, new double[links]);
        double[] next = new double[links];
        double work = 0, worst = Double.NEGATIVE_INFINITY;
        int worstStep = -1;
        for (int s = 0; s < 600; s++) {
            w.step();
            angles(w, bodies, next);
            for (int j = 0; j < links; j++) {
                double d = next[j] - angle[j];
                d -= 2 * Math.PI * Math.rint(d / (2 * Math.PI));
                work += speed == 0 ? 0 : torque * Math.abs(d);
                angle[j] = next[j];
            }
            double e = SphereChainEnergy.of(w, bodies, mass, R, G);
            assertThat(Double.isFinite(e)).as("energy at step %d", s).isTrue();
            double over = e - start - work;
            if (over > worst) {
                worst = over;
                worstStep = s;
            }
        }
        assertThat(worst).as("energy above the start and the motors' work at most, J (worst at step %d)", worstStep)
                .isLessThan(1e-6 * Math.abs(start));
    }

    /** Each joint's angle about z, radians: the link's turn less the one before it (the first's: its own). */
    private static double[] angles(PhysicsWorld w, List<BodyId> bodies, double[] out) {
        Quaterniond q = new Quaterniond();
        double before = 0;
        for (int j = 0; j < bodies.size(); j++) {
            w.orientation(bodies.get(j), q);
            double a = 2 * Math.atan2(q.z, q.w);
            out[j] = a - before;
            before = a;
        }
        return out;
    }
}
