package dev.rubble.core.dynamics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.Inertia;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.core.world.World;
import dev.rubble.spi.shape.Box;
import org.junit.jupiter.api.Test;

/**
 * A needle, 1 m × 10 µm × 10 µm (principal inverse inertias 5e9 apart), dropped onto the ground so that
 * its lowest point starts 0.1 m up, lands, bounces and comes to lie: its kinetic plus potential energy
 * never exceeds what it started with (docs/dynamics.md, "Thin bodies"). Before 2026-12-05 it did by
 * factors up to 1e6: the contact rows prepared at the start of the step pushed it through its old inverse
 * inertia after it had turned, and its two friction rows, both turning it mostly about its long axis,
 * were solved together and overshot (the needle bounced to 0.7 m and rolled at 1.8e7 rad/s).
 */
final class NeedleEnergyTest {
    private static final double G = 9.81, HALF_THICKNESS = 5e-6;

    /** Kinetic (translation and rotation, from the body's principal inertias) plus potential energy, J. */
    private static double energy(BodyStore b, int s) {
        double rx = Inertia.principalX(b, s), ry = Inertia.principalY(b, s);
        double rz = Inertia.principalZ(b, s), rw = Inertia.principalW(b, s);
        double x = Inertia.rotX(-rx, -ry, -rz, rw, b.wx[s], b.wy[s], b.wz[s]);
        double y = Inertia.rotY(-rx, -ry, -rz, rw, b.wx[s], b.wy[s], b.wz[s]);
        double z = Inertia.rotZ(-rx, -ry, -rz, rw, b.wx[s], b.wy[s], b.wz[s]);
        double rot = 0.5 * (x * x / b.invIx[s] + y * y / b.invIy[s] + z * z / b.invIz[s]);
        double v2 = b.vx[s] * b.vx[s] + b.vy[s] * b.vy[s] + b.vz[s] * b.vz[s];
        return rot + 0.5 * b.mass[s] * v2 + b.mass[s] * G * b.py[s];
    }

    /**
     * The needle's largest energy over 300 steps as a share of its starting energy (measured from the
     * ground's top): tilted by {@code tilt} rad about z (one end first), spinning at {@code spin} rad/s
     * about its long axis, restitution {@code e}, friction 0.5.
     */
    private static double worstEnergyShare(double tilt, double spin, double e, boolean gyroscopic) {
        return worstEnergyShare(tilt, spin, e, gyroscopic, 1);
    }

    private static double worstEnergyShare(double tilt, double spin, double e, boolean gyroscopic, int subSteps) {
        WorldSettings s0 = WorldSettings.defaults();
        WorldSettings s = s0.withStep(s0.dt(), subSteps);
        World w = World.create(s.withDynamics(s.dynamics().withSleep(false, 0.05, 0.05, 0.5).withMotion(400, 100, gyroscopic)),
                Worlds.stages());
        w.createBody(BodyDef.of(new Box(20, 0.5, 20)).withMotion(MotionType.STATIC).withPosition(0, -0.5, 0));
        double c = Math.cos(tilt / 2), sn = Math.sin(tilt / 2);
        long needle = w.createBody(BodyDef.of(new Box(0.5, HALF_THICKNESS, HALF_THICKNESS)).withDensity(2500)
                .withPosition(0, 0.1 + HALF_THICKNESS + 0.5 * Math.sin(tilt), 0).withOrientation(0, 0, sn, c)
                .withAngularVelocity(spin, 0, 0).withMaterial(0.5, e));
        BodyStore st = w.bodies();
        int sl = st.slot(needle);
        double e0 = energy(st, sl), worst = 0;
        for (int i = 0; i < 300; i++) {
            w.step();
            worst = Math.max(worst, energy(st, sl) / e0);
        }
        assertThat(st.py[sl]).as("it came down and lies on the ground").isLessThan(0.01);
        return worst;
    }

    @Test
    void aNeedleDroppedFlatOrTiltedNeverGainsEnergy() {
        for (double tilt : new double[] {0, 0.05, 0.3}) {
            for (double spin : new double[] {0, 1}) {
                for (double e : new double[] {0, 0.5}) {
                    assertThat(worstEnergyShare(tilt, spin, e, true))
                            .as("tilt %s rad, spin %s rad/s, restitution %s: largest energy over the starting energy", tilt, spin, e)
                            .isLessThanOrEqualTo(1 + 1e-6);
                }
            }
        }
    }

    @Test
    void withoutTheGyroscopicTermToo() {
        assertThat(worstEnergyShare(0.3, 0, 0, false)).isLessThanOrEqualTo(1 + 1e-6);
        assertThat(worstEnergyShare(0.05, 1, 0.5, false)).isLessThanOrEqualTo(1 + 1e-6);
    }

    /** Sub-steps after the first solve with rows prepared before the needle turned too. */
    @Test
    void atFourSubSteps() {
        assertThat(worstEnergyShare(0.3, 0, 0, true, 4)).isLessThanOrEqualTo(1 + 1e-6);
        assertThat(worstEnergyShare(0.05, 1, 0.5, true, 4)).isLessThanOrEqualTo(1 + 1e-6);
    }

    @Test
    void anisotropyFlagsThinBodiesOnly() {
        // a 1 m cube (all three equal), a 1 x 0.4 x 0.2 m box (1.38 / 0.2 = 6.9 apart), a sliver 1 m x 1 mm x 1 mm
        assertThat(ContactSolver.anisotropic(6, 6, 6)).isFalse();
        double m = 1, a = 1, b = 0.4, cc = 0.2;
        assertThat(ContactSolver.anisotropic(12 / (m * (b * b + cc * cc)), 12 / (m * (a * a + cc * cc)), 12 / (m * (a * a + b * b)))).isFalse();
        double t = 1e-3;
        assertThat(ContactSolver.anisotropic(12 / (2 * t * t), 12 / (1 + t * t), 12 / (1 + t * t))).isTrue();
        assertThat(ContactSolver.anisotropic(1, 1, 0)).as("an infinite inertia about one axis").isTrue();
    }
}
