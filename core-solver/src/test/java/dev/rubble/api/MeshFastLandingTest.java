package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.spi.shape.Sphere;
import dev.rubble.spi.shape.TriangleMesh;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * A fast body landing at a slant on a flat triangle mesh lands on it as on a box (fuzz14, docs/dynamics.md "Fast turns"
 * and status "no tunnelling"). Its speculative contacts are each triangle's: the one it is over gives the face's plane
 * under it, but the ghost pass drops that one when the motion never reaches that triangle; the triangle it does reach
 * gave none, since B was not over it (the smooth-edge face contact clips B against the triangle). A 0.3 m ball falling
 * at 45° (154 m/s down, 150 m/s across) from 0.5 m over a mesh floor had no contact at all and passed through it
 * (before the fix 31 of the 50 placements below ended a step under the floor, at 0.48 or 1.77 m: 6 of 25 on 1.5 m
 * cells, all 25 on 0.15 m cells).
 */
final class MeshFastLandingTest {
    /** A flat floor y = 0, |x|, |z| &le; half, of n × n square cells, wound to face up (z × x = +y). */
    static TriangleMesh floor(double half, int n) {
        return MeshFastTurnTest.grid(2, half, n, 0, half, n);
    }

    private static PhysicsWorld world(int cells) {
        // rolling at 5/7 of 150 m/s a 0.3 m ball spins at 283 rad/s: the angular limit is raised above that (at the
        // default 100 rad/s the solve's velocities are clamped to it and the ball leaves sliding)
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withTimeStep(1 / 120.0, 2).withSpeedLimits(400, 1000));
        w.addBody(BodySpec.fixed(floor(3, cells)));
        return w;
    }

    /**
     * Physics: the ball meets the floor within the step and, with restitution 0, keeps no normal speed; friction
     * (μ 0.5 against the 154 m/s normal change, far more than the 2/7 of the slip that rolling takes) leaves it rolling
     * at 5/7 of its sliding speed. It rests on the floor with its centre one radius up.
     */
    @Test
    void aBallFallingAtASlantLandsOnAFineMeshAsOnAPlane() {
        for (int cells : new int[] {4, 40}) {
            PhysicsWorld w = world(cells);
            BodyId ball = w.addBody(BodySpec.dynamic(new Sphere(0.3)).withMass(1).withPosition(new Vector3d(-1.5, 0.8, -1.2))
                    .withLinearVelocity(new Vector3d(118.9, -154, -91.9)));
            w.step();
            Vector3d c = w.centerOfMass(ball, new Vector3d()), v = w.linearVelocity(ball, new Vector3d());
            assertThat(c.y).as(cells + " cells: centre height after the landing step").isBetween(0.29, 0.31);
            assertThat(v.y).as(cells + " cells: normal speed").isBetween(-0.2, 0.2);
            assertThat(v.x).as(cells + " cells: rolling speed along x").isBetween(5.0 / 7 * 118.9 * 0.99, 5.0 / 7 * 118.9 * 1.01);
            assertThat(v.z).as(cells + " cells: rolling speed along z").isBetween(-5.0 / 7 * 91.9 * 1.01, -5.0 / 7 * 91.9 * 0.99);
        }
    }

    /** Fifty placements and directions over floors of 1.5 m and 0.15 m cells: none ends a step under the floor. */
    @Test
    void noPlacementEndsAStepUnderTheFloor() {
        int under = 0;
        StringBuilder which = new StringBuilder();
        for (int cells : new int[] {4, 40}) {
            for (int p = 0; p < 25; p++) {
                double x0 = -1.2 + 0.1 * (p % 5) + 0.037 * p, z0 = -1.1 + 0.13 * (p / 5);
                double a = 0.7 * p; // the direction across
                PhysicsWorld w = world(cells);
                BodyId ball = w.addBody(BodySpec.dynamic(new Sphere(0.3)).withMass(1).withPosition(new Vector3d(x0, 0.8, z0))
                        .withLinearVelocity(new Vector3d(150 * Math.cos(a), -154, 150 * Math.sin(a))));
                double low = Double.POSITIVE_INFINITY;
                for (int k = 0; k < 2; k++) {
                    w.step();
                    Vector3d c = w.centerOfMass(ball, new Vector3d());
                    if (Math.abs(c.x) < 2.7 && Math.abs(c.z) < 2.7) { // still over the floor
                        low = Math.min(low, c.y);
                    }
                }
                if (low < 0.28) {
                    under++;
                    which.append(String.format(" %d cells, placement %d: %.3f;", cells, p, low));
                }
            }
        }
        assertThat(under).as("placements whose ball ended a step more than 2 cm into the floor:" + which).isZero();
    }
}
