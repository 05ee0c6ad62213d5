package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.spi.shape.Box;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * A long body turning far within one step does not end a step inside a kinematic or a dynamic body it met on the way
 * (docs/dynamics.md, "Fast turns"). {@code FastTurnTest}'s rod (2 m, 1 kg, 4 cm thick, along y, ±90 rad/s about z)
 * and plate placements, the plate kinematic: at rest, moving towards the rod's axis at 2 m/s, sliding along its face
 * at 5 m/s, or turning at 10 rad/s about its centre (a paddle); or turning at 90 rad/s beside the rod at rest.
 * Before, of the 264 placements, 70, 84, 73, 74 and 2 ended some step with part of the rod more than 1.5 cm inside
 * the plate; and of 816 placements of two such rods spinning in one plane 1.3 to 1.9 m apart, 55 ended a step with
 * one's axis through the other (now 14: a pair that starts a step touching is left to its contacts, as bodies in a
 * stack are). Expected from geometry: no point of the rod's axis lies within 5 mm of the plate's middle plane within
 * its face (in the plate's frame at the step's end), and neither rod's axis passes within 5 mm of the other's axis
 * along its length.
 */
final class FastTurnPartnerTest {

    private static final int AT_REST = 0, TOWARDS = 1, SLIDING = 2, PADDLE = 3, FAST_PADDLE = 4;

    /** Whether the rod ends some of 20 steps more than 1.5 cm inside the kinematic plate moving as {@code mode} says. */
    private static boolean endsInsideKinematic(int mode, double alphaDegrees, double s, double h, double spin) {
        double alpha = Math.toRadians(alphaDegrees);
        double nx = Math.cos(alpha), ny = Math.sin(alpha), tx = -ny, ty = nx;
        double cx = 0.6 * nx + s * tx, cy = 0.6 * ny + s * ty;
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withGravity(new Vector3d()).withTimeStep(1 / 60.0, 1));
        BodySpec spec = BodySpec.kinematic(new Box(0.02, h, 2)).withPosition(new Vector3d(cx, cy, 0))
                .withOrientation(new Quaterniond().rotateZ(alpha));
        if (mode == TOWARDS) {
            spec = spec.withLinearVelocity(new Vector3d(-2 * nx, -2 * ny, 0));
        } else if (mode == SLIDING) {
            spec = spec.withLinearVelocity(new Vector3d(5 * tx, 5 * ty, 0));
        } else if (mode == PADDLE) {
            spec = spec.withAngularVelocity(new Vector3d(0, 0, 10));
        } else if (mode == FAST_PADDLE) {
            spec = spec.withAngularVelocity(new Vector3d(0, 0, 90)); // and the rod at rest
        }
        BodyId plate = w.addBody(spec);
        BodyId rod = w.addBody(BodySpec.dynamic(new Box(0.02, 1, 0.02)).withMass(1)
                .withAngularVelocity(new Vector3d(0, 0, mode == FAST_PADDLE ? 0 : spin)));
        Vector3d c = new Vector3d(), pc = new Vector3d();
        Quaterniond q = new Quaterniond(), pq = new Quaterniond();
        for (int i = 0; i < 20; i++) {
            w.step();
            w.position(rod, c);
            w.orientation(rod, q);
            w.position(plate, pc);
            w.orientation(plate, pq);
            for (int k = -100; k <= 100; k++) { // the rod's axis every centimetre, in the plate's frame
                Vector3d p = pq.transformInverse(q.transform(new Vector3d(0, k / 100.0, 0)).add(c).sub(pc));
                if (Math.abs(p.x) < 0.005 && Math.abs(p.y) < h - 0.005) {
                    return true;
                }
            }
        }
        return false;
    }

    @Test
    void aRodSpinningFastDoesNotEndAStepInsideAKinematicPlate() {
        // placements that ended inside the plate before, in every mode
        double[][] cases = {{0, 0, 0.3, 90}, {0, 0, 0.3, -90}, {0, 0.5, 0.3, 90}, {0, -0.5, 1.0, -90}, {30, 1.0, 1.0, 90},
                {0, 1.0, 1.0, 90}};
        for (int mode : new int[] {AT_REST, TOWARDS, SLIDING, PADDLE}) {
            for (double[] k : cases) {
                assertThat(endsInsideKinematic(mode, k[0], k[1], k[2], k[3]))
                        .as("mode %d, alpha %.0f s %.1f h %.1f spin %.0f", mode, k[0], k[1], k[2], k[3]).isFalse();
            }
        }
    }

    @Test
    void aTurningKinematicPaddleDoesNotSweepThroughARodThatTurnsSlowly() {
        // the paddle is what turns fast: at 10 rad/s its 1 m ends leave a straight line by 1.4 cm a step, and the rod
        // it has slowed (below 6 rad/s, 0.5 cm) is no longer swept by its own turn; at 90 rad/s, against a rod at rest.
        // Before, these ended a step with the rod inside the paddle
        double[][] cases = {{PADDLE, 30, -1.0, 1.0, 90}, {PADDLE, 30, -0.5, 1.0, 90}, {FAST_PADDLE, 30, 1.0, 1.0, 0},
                {FAST_PADDLE, 210, 1.0, 1.0, 0}};
        for (double[] k : cases) {
            assertThat(endsInsideKinematic((int) k[0], k[1], k[2], k[3], k[4]))
                    .as("mode %.0f, alpha %.0f s %.1f h %.1f spin %.0f", k[0], k[1], k[2], k[3], k[4]).isFalse();
        }
    }

    /** Whether rod 1's axis passes through rod 2 deeper than 1.5 cm: |x|, |z| &lt; 5 mm, |y| &lt; 0.985 in rod 2's frame. */
    static boolean axisInside(Vector3d c1, Quaterniond q1, Vector3d c2, Quaterniond q2) {
        Vector3d p = q2.transformInverse(new Vector3d(c1).sub(c2));
        Vector3d e = q2.transformInverse(q1.transform(new Vector3d(0, 1, 0)));
        double lo = -1, hi = 1; // the axis's parameter range within the box |x|, |z| < 0.005, |y| < 0.985
        double[] pc = {p.x, p.y, p.z}, ec = {e.x, e.y, e.z}, lim = {0.005, 0.985, 0.005};
        for (int k = 0; k < 3; k++) {
            if (Math.abs(ec[k]) < 1e-12) {
                if (Math.abs(pc[k]) >= lim[k]) {
                    return false;
                }
                continue;
            }
            double a = (-lim[k] - pc[k]) / ec[k], b = (lim[k] - pc[k]) / ec[k];
            lo = Math.max(lo, Math.min(a, b));
            hi = Math.min(hi, Math.max(a, b));
        }
        return lo < hi;
    }

    /** Two rods in one plane: A at the origin at +90 rad/s, B {@code d} along x at {@code spinB}; their phases. */
    private static PhysicsWorld twoRods(double d, double phiA, double phiB, double spinB, int threads) {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withGravity(new Vector3d()).withTimeStep(1 / 60.0, 1)
                .withThreads(threads));
        w.addBody(BodySpec.dynamic(new Box(0.02, 1, 0.02)).withMass(1).withLabel("a")
                .withOrientation(new Quaterniond().rotateZ(Math.toRadians(phiA))).withAngularVelocity(new Vector3d(0, 0, 90)));
        w.addBody(BodySpec.dynamic(new Box(0.02, 1, 0.02)).withMass(1).withLabel("b").withPosition(new Vector3d(d, 0, 0))
                .withOrientation(new Quaterniond().rotateZ(Math.toRadians(phiB))).withAngularVelocity(new Vector3d(0, 0, spinB)));
        return w;
    }

    // placements of two rods that ended a step one through the other before
    private static final double[][] PAIRS = {{1.3, 90, 0, 90}, {1.3, 150, 15, -90}, {1.3, 0, 30, 90}, {1.3, 150, 30, 30},
            {1.3, 0, 60, 30}, {1.5, 90, 150, 90}, {1.9, 60, 120, -90}, {1.3, 60, 165, 30}};

    @Test
    void twoRodsSpinningPastEachOtherDoNotEndAStepOneThroughTheOther() {
        for (double[] k : PAIRS) {
            PhysicsWorld w = twoRods(k[0], k[1], k[2], k[3], 1);
            BodyId a = w.find("a"), b = w.find("b");
            for (int i = 0; i < 20; i++) {
                w.step();
                Vector3d ca = w.position(a, new Vector3d()), cb = w.position(b, new Vector3d());
                Quaterniond qa = w.orientation(a, new Quaterniond()), qb = w.orientation(b, new Quaterniond());
                assertThat(axisInside(ca, qa, cb, qb) || axisInside(cb, qb, ca, qa))
                        .as("d %.1f phases %.0f %.0f spin %.0f, step %d", k[0], k[1], k[2], k[3], i).isFalse();
            }
        }
    }

    @Test
    void thePairSweepGivesTheSameBitsOnEveryThreadCount() {
        for (double[] k : PAIRS) {
            PhysicsWorld one = twoRods(k[0], k[1], k[2], k[3], 1), four = twoRods(k[0], k[1], k[2], k[3], 4);
            for (int i = 0; i < 20; i++) {
                one.step();
                four.step();
                assertThat(four.stateHash()).as("step %d", i).isEqualTo(one.stateHash());
            }
        }
    }

    @Test
    void aRodSpinningClearOfAMovingKinematicWallKeepsItsSpin() {
        // a kinematic wall sliding past at 5 m/s along its face, 1.2 m from the axis: the ends never reach it
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withGravity(new Vector3d()).withTimeStep(1 / 60.0, 1));
        w.addBody(BodySpec.kinematic(new Box(0.02, 2, 2)).withPosition(new Vector3d(1.2, 0, 0))
                .withLinearVelocity(new Vector3d(0, 5, 0)));
        BodyId rod = w.addBody(BodySpec.dynamic(new Box(0.02, 1, 0.02)).withMass(1).withAngularVelocity(new Vector3d(0, 0, 90)));
        for (int i = 0; i < 60; i++) {
            w.step();
        }
        assertThat(w.angularVelocity(rod, new Vector3d()).z).isEqualTo(90.0);
        assertThat(w.position(rod, new Vector3d()).length()).isLessThan(1e-9);
    }
}
