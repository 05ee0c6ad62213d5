package dev.rubble.core.soft;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.plugin.Stages;
import dev.rubble.core.soft.cage.Cage;
import dev.rubble.core.soft.cage.CageBuilder;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.core.world.World;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Sphere;
import dev.rubble.spi.soft.SoftBodyState;
import org.junit.jupiter.api.Test;

/**
 * The soft solver's damping ({@code damping}, default 0.5 1/s) slows a free soft body's deformation, not its
 * motion as a whole: a soft cube falls like a rigid one, and momentum is what collisions leave it. Before, every
 * point's velocity was scaled by {@code 1 / (1 + h c)}: a drag no rigid body feels (terminal speed g / c = 19.6
 * m/s), a cube dropped from 2 m landed 3 steps late, and a soft cube sliding in empty space slowed down.
 * Expected values are analytic (free fall, conservation of momentum), at the default solver settings.
 */
final class SoftDampingTest {
    private static Stages stages;

    private static synchronized World world(double gy) {
        if (stages == null) {
            stages = Stages.load();
        }
        return World.create(WorldSettings.defaults().withGravity(0, gy, 0), stages);
    }

    private static Cage cube() {
        return CageBuilder.build(SoftWorldTest.box(0.25, 0.25, 0.25), new int[0], 500, 0.125, 1);
    }

    /** Mass, centre of mass (3), linear momentum (3), angular momentum about the centre of mass (3). */
    private static double[] moments(SoftBodyState s) {
        double m = 0, cx = 0, cy = 0, cz = 0, px = 0, py = 0, pz = 0;
        for (int i = 0; i < s.points; i++) {
            double mi = 1 / s.invMass[i];
            m += mi;
            cx += mi * s.x[3 * i];
            cy += mi * s.x[3 * i + 1];
            cz += mi * s.x[3 * i + 2];
            px += mi * s.v[3 * i];
            py += mi * s.v[3 * i + 1];
            pz += mi * s.v[3 * i + 2];
        }
        cx /= m;
        cy /= m;
        cz /= m;
        double lx = 0, ly = 0, lz = 0;
        for (int i = 0; i < s.points; i++) {
            double mi = 1 / s.invMass[i];
            double rx = s.x[3 * i] - cx, ry = s.x[3 * i + 1] - cy, rz = s.x[3 * i + 2] - cz;
            double vx = s.v[3 * i], vy = s.v[3 * i + 1], vz = s.v[3 * i + 2];
            lx += mi * (ry * vz - rz * vy);
            ly += mi * (rz * vx - rx * vz);
            lz += mi * (rx * vy - ry * vx);
        }
        return new double[] {m, cx, cy, cz, px, py, pz, lx, ly, lz};
    }

    @Test
    void aSoftCubeFallsLikeARigidOneAndLandsWithinAStepOfTheFreeFallTime() {
        World w = world(-9.81);
        w.createBody(BodyDef.of(new Box(5, 0.5, 5)).withMotion(MotionType.STATIC).withPosition(0, -0.5, 0));
        SoftMaterial m = SoftMaterial.rubber().withYoungsModulus(2e5).withPoissonRatio(0.3);
        double h = 2, bottom = m.thickness(); // the cage rests on its contact offset
        w.softBodies().store().add(cube(), m, 0, h + 0.25 + bottom, 0, 0, 0, 0, 1, 0, 0, 0, "cube");
        SoftBodyState s = w.softBodies().store().state;
        double dt = w.settings().dt(), tLand = Math.sqrt(2 * h / 9.81);
        int landed = -1;
        for (int i = 1; i <= 60 && landed < 0; i++) {
            w.step();
            double[] mo = moments(s);
            double lowest = Double.POSITIVE_INFINITY;
            for (int p = 0; p < s.points; p++) {
                lowest = Math.min(lowest, s.x[3 * p + 1]);
            }
            if (lowest <= bottom + 1e-9) {
                landed = i;
            } else {
                double t = i * dt;
                assertThat(mo[5] / mo[0]).as("velocity of the falling cube at step %d", i).isCloseTo(-9.81 * t, within(1e-9));
                // the solver integrates symplectic Euler in 8 sub-steps of h: y0 - g t² / 2 - g t h / 2
                double hh = dt / 8, y = h + 0.25 + bottom - 9.81 * t * t / 2 - 9.81 * t * hh / 2;
                assertThat(mo[2]).as("height of the falling cube at step %d", i).isCloseTo(y, within(1e-9));
            }
        }
        System.out.printf("soft cube dropped %.1f m: touched the ground at step %d (t = %.4f s; free fall %.4f s)%n", h,
                landed, landed * dt, tLand);
        assertThat(landed).as("the step the cube reaches the ground").isBetween((int) Math.floor(tLand / dt), (int) Math.ceil(tLand / dt));
    }

    @Test
    void aFreeSoftBodyKeepsItsMomentumAndItsSpin() {
        World w = world(0);
        SoftBodyStore st = w.softBodies().store();
        st.add(cube(), SoftMaterial.rubber().withYoungsModulus(2e5), 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, "cube");
        SoftBodyState s = st.state;
        // moving at (1, 2, 3) m/s and spinning at 2 rad/s about an oblique axis, in empty space
        double[] omega = {0.8, 1.6, 0.8};
        for (int i = 0; i < s.points; i++) {
            double rx = s.x[3 * i], ry = s.x[3 * i + 1], rz = s.x[3 * i + 2];
            s.v[3 * i] = 1 + omega[1] * rz - omega[2] * ry;
            s.v[3 * i + 1] = 2 + omega[2] * rx - omega[0] * rz;
            s.v[3 * i + 2] = 3 + omega[0] * ry - omega[1] * rx;
        }
        double[] before = moments(s);
        for (int i = 0; i < 300; i++) {
            w.step();
        }
        double[] after = moments(s);
        System.out.printf("free soft cube after 5 s: momentum %.9f %.9f %.9f of %.9f %.9f %.9f, angular momentum %.4f %.4f %.4f"
                + " of %.4f %.4f %.4f%n", after[4], after[5], after[6], before[4], before[5], before[6], after[7], after[8],
                after[9], before[7], before[8], before[9]);
        for (int a = 4; a < 7; a++) {
            assertThat(after[a]).as("linear momentum component %d after 5 s", a - 4).isCloseTo(before[a], within(1e-9 * before[0]));
        }
        // position-based integration itself loses a little of a spin (a point moves along the tangent and the
        // constraints pull it back in: 4 % in these 5 s, the same with damping 0); the old damping took 92 %
        double spin = Math.sqrt(before[7] * before[7] + before[8] * before[8] + before[9] * before[9]);
        for (int a = 7; a < 10; a++) {
            assertThat(after[a]).as("angular momentum component %d after 5 s", a - 7).isCloseTo(before[a], within(0.05 * spin));
        }
    }

    @Test
    void aSoftCubeHittingASphereInEmptySpaceKeepsTheTotalMomentum() {
        World w = world(0);
        w.softBodies().store().add(cube(), SoftMaterial.rubber().withYoungsModulus(2e5), 0, 0, 0, 0, 0, 0, 1, 5, 0, 0, "cube");
        SoftBodyState s = w.softBodies().store().state;
        double mass = moments(s)[0];
        long ball = w.createBody(BodyDef.of(new Sphere(0.2)).withMass(mass).withPosition(1.0, 0.05, 0));
        int slot = w.bodies().slot(ball);
        double total0 = 5 * mass;
        for (int i = 0; i < 90; i++) {
            w.step();
        }
        double soft = moments(s)[4], rigid = mass * w.bodies().vx[slot];
        System.out.printf("soft cube on a sphere: momentum soft %.4f + rigid %.4f = %.4f of %.4f%n", soft, rigid, soft + rigid, total0);
        assertThat(rigid).as("the sphere was hit").isGreaterThan(0.3 * total0);
        // frictional contact between the cube's corner and the sphere; measured 0.36 % lost to it (before: 16 %)
        assertThat(soft + rigid).as("total momentum along the hit").isCloseTo(total0, within(0.01 * total0));
    }

    @Test
    void aPinnedBodyBesideItDoesNotSlowAFreeOne() {
        World w = world(-9.81);
        SoftBodyStore st = w.softBodies().store();
        int rope = st.add(CageBuilder.build(SoftWorldTest.box(0.05, 0.5, 0.05), new int[0], 500, 0.1, 1),
                SoftMaterial.rubber(), 3, 10, 0, 0, 0, 0, 1, 0, 0, 0, "rope");
        st.pin(rope, 0);
        int cube = st.add(cube(), SoftMaterial.rubber(), 0, 10, 0, 0, 0, 0, 1, 0, 0, 0, "cube");
        SoftBodyState s = st.state;
        for (int i = 1; i <= 30; i++) {
            w.step();
            double m = 0, p = 0;
            for (int k = st.pointStart[cube]; k < st.pointStart[cube] + st.pointCount[cube]; k++) {
                m += 1 / s.invMass[k];
                p += s.v[3 * k + 1] / s.invMass[k];
            }
            assertThat(p / m).as("the free cube's velocity at step %d", i).isCloseTo(-9.81 * i * w.settings().dt(), within(1e-9));
        }
        assertThat(s.x[3 * st.pointStart[rope] + 1]).as("the pinned point").isEqualTo(10 - 0.5);
    }
}
