package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.body.BodyStore;
import dev.rubble.geometry.hull.QuickHull;
import dev.rubble.spi.shape.ConvexHull;
import java.util.Random;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * A body tumbling freely keeps its rotational energy, however fast it turns within a step. The gyroscopic term solves
 * the implicit midpoint rule of Euler's equations by Newton's method; past |ω| h of about 2.5 (95 rad/s at 1/30 s) the
 * iterations could stop at no root, and the w they stopped at had more energy than the start or took less than the
 * second half then gave back: a flat hull spinning at 95 rad/s in zero gravity rose 12 % above its start's energy
 * (fuzz18, seed 50287: a 471 kg flake gained 1 767 J in a step of free flight; docs/dynamics.md "Spinning bodies keep
 * their energy").
 */
final class FastFreeSpinEnergyTest {
    /** Nine points in a 0.6 m block squashed to 6 cm along one or two axes: flakes and needles, inertias far apart. */
    private static ConvexHull hull(long seed) {
        Random r = new Random(seed);
        double ax = 0.3, ay = seed % 2 == 0 ? 0.03 : 0.3, az = seed % 4 < 2 ? 0.3 : 0.03;
        double[] xyz = new double[27];
        for (int i = 0; i < 9; i++) {
            xyz[3 * i] = ax * (2 * r.nextDouble() - 1);
            xyz[3 * i + 1] = ay * (2 * r.nextDouble() - 1);
            xyz[3 * i + 2] = az * (2 * r.nextDouble() - 1);
        }
        return QuickHull.of(xyz);
    }

    private static Quaterniond principalFrame(BodyStore s, int i) {
        return new Quaterniond(s.qx[i], s.qy[i], s.qz[i], s.qw[i]).mul(new Quaterniond(s.iqx[i], s.iqy[i], s.iqz[i], s.iqw[i]));
    }

    /** World angular momentum about the centre of mass. */
    private static Vector3d momentum(PhysicsWorld w, BodyId id) {
        BodyStore s = w.kernel().bodies();
        int i = s.slot(id.handle());
        Quaterniond r = principalFrame(s, i);
        Vector3d wl = r.transformInverse(new Vector3d(s.wx[i], s.wy[i], s.wz[i]));
        return r.transform(new Vector3d(wl.x / s.invIx[i], wl.y / s.invIy[i], wl.z / s.invIz[i]));
    }

    @Test
    void aFlatHullTumblingFastInFreeFlightNeverGainsEnergy() {
        for (long seed = 0; seed < 40; seed++) {
            for (double spin : new double[] {60, 80, 95}) {
                PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withSleeping(false).withTimeStep(1 / 30.0, 1)
                        .withGravity(new Vector3d()));
                BodyId b = w.addBody(BodySpec.dynamic(hull(seed)).withDensity(100));
                w.setVelocity(b, new Vector3d(), new Vector3d(0.3, 1, 0.5).normalize(spin));
                w.step();
                double e0 = SpinningBodyEnergyTest.energy(w, b), before = e0, most = e0, rise = 0;
                for (int k = 0; k < 300; k++) {
                    w.step();
                    double e = SpinningBodyEnergyTest.energy(w, b);
                    rise = Math.max(rise, e - before);
                    most = Math.max(most, e);
                    before = e;
                }
                assertThat(rise).as("hull %d at %s rad/s: largest rise in a step, of %s J", seed, spin, e0)
                        .isLessThanOrEqualTo(1e-9 * e0);
                assertThat(most).as("hull %d at %s rad/s: most energy, start %s J", seed, spin, e0)
                        .isLessThanOrEqualTo(e0 * (1 + 1e-9));
            }
        }
    }

    /** Where the midpoint rule has its root (|ω| h below 1) the term still keeps the angular momentum exactly. */
    @Test
    void aSlowerTumbleKeepsItsAngularMomentum() {
        for (long seed = 0; seed < 8; seed++) {
            PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withSleeping(false).withTimeStep(1 / 60.0, 1)
                    .withGravity(new Vector3d()));
            BodyId b = w.addBody(BodySpec.dynamic(hull(seed)).withDensity(100));
            w.setVelocity(b, new Vector3d(), new Vector3d(0.3, 1, 0.5).normalize(30));
            w.step();
            Vector3d l0 = momentum(w, b);
            double e0 = SpinningBodyEnergyTest.energy(w, b);
            w.step(300);
            assertThat(momentum(w, b).distance(l0)).as("hull %d: |ΔL| of |L| %s", seed, l0.length())
                    .isLessThanOrEqualTo(1e-8 * l0.length());
            assertThat(SpinningBodyEnergyTest.energy(w, b)).isCloseTo(e0, org.assertj.core.data.Offset.offset(1e-8 * e0));
        }
    }
}
