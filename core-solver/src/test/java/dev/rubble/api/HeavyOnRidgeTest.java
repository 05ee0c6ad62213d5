package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.body.BodyStore;
import dev.rubble.geometry.hull.QuickHull;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.ConvexHull;
import dev.rubble.spi.shape.Plane;
import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.shape.TriangleMesh;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A heavy block set down on a light piece that stands on two diagonal corners (docs/dynamics.md, "Physical limits",
 * "A heavy block rocking on a light piece", mechanism 1). The light piece is a 0.8 × 0.3 × 0.4 m hull of
 * 120 kg whose underside is two faces meeting on a diagonal ridge (its bottom corners on that diagonal {@code ridge}
 * lower than the other two); the block, 0.6 × 0.4 × 0.6 m, is dropped 1 cm onto its middle. Statics: the pair rests
 * on the ridge and on one of the other two corners, and settles there. Its manifold with the ground used to hold the
 * support triangle's three corners only, so the fourth sank in and rose out with no point under it, and at each
 * change of the support triangle it met the ground millimetres deep with no warm start: the soft contact's push-out
 * gave back energy the sinking never paid, and the pair rocked for as long as it ran (1:16.7, 1 mm ridge: kinetic
 * energy up to 6 J every second, never asleep, at one and at four sub-steps).
 *
 * <p>The bound: the same pair with a flat underside (the ridge 0, or a box) sleeps within 0.57-0.92 s at these
 * ratios; the ridged one must sleep within {@link #SLEEP_BOUND} s, the 3 s the finding gave for the flat case (the
 * same masses as boxes or hulls set down flat). 1:30 at one sub-step takes 3.0-3.4 s and is held to the decay test.
 */
final class HeavyOnRidgeTest {
    static final double SLEEP_BOUND = 3.0;

    static ConvexHull ridged(double hx, double hy, double hz, double ridge) {
        return QuickHull.of(
                -hx, -hy - ridge, -hz, hx, -hy, -hz, hx, -hy - ridge, hz, -hx, -hy, hz,
                -hx, hy, -hz, hx, hy, -hz, hx, hy, hz, -hx, hy, hz);
    }

    private record Pair(PhysicsWorld world, BodyId light, BodyId heavy) {
    }

    private static Pair pair(String ground, double ratio, double ridge, int subSteps, boolean sleeping) {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withSleeping(sleeping).withTimeStep(1 / 60.0, subSteps));
        Shape g = switch (ground) {
            case "plane" -> new Plane(0, 1, 0, 1);
            // two triangles whose shared edge passes 10 m from the pair
            case "mesh" -> new TriangleMesh(new double[] {-10, 1, -20, 30, 1, -20, 30, 1, 20, -10, 1, 20},
                    new int[] {0, 2, 1, 0, 3, 2});
            default -> new Box(20, 1, 20);
        };
        w.addBody(BodySpec.fixed(g).withPosition(new Vector3d(0, -1, 0)).withMaterial(0.6, 0));
        double hy = 0.15;
        BodyId light = w.addBody(BodySpec.dynamic(ridged(0.4, hy, 0.2, ridge)).withMass(120).withMaterial(0.6, 0)
                .withPosition(new Vector3d(0, hy + ridge, 0)));
        BodyId heavy = w.addBody(BodySpec.dynamic(new Box(0.3, 0.2, 0.3)).withMass(120 * ratio).withMaterial(0.6, 0)
                .withPosition(new Vector3d(0, 2 * hy + ridge + 0.2 + 0.01, 0)));
        return new Pair(w, light, heavy);
    }

    /** Kinetic energy, J: translation and rotation about the principal axes. */
    private static double kinetic(PhysicsWorld w, BodyId id) {
        BodyStore b = w.kernel().bodies();
        int s = (int) id.handle();
        double t = b.mass[s] * (b.vx[s] * b.vx[s] + b.vy[s] * b.vy[s] + b.vz[s] * b.vz[s]);
        Quaterniond q = new Quaterniond(b.qx[s], b.qy[s], b.qz[s], b.qw[s])
                .mul(new Quaterniond(b.iqx[s], b.iqy[s], b.iqz[s], b.iqw[s]));
        Vector3d a = q.transformInverse(new Vector3d(b.wx[s], b.wy[s], b.wz[s]));
        return 0.5 * (t + a.x * a.x / b.invIx[s] + a.y * a.y / b.invIy[s] + a.z * a.z / b.invIz[s]);
    }

    @ParameterizedTest(name = "{0} ground, 1:{1}, ridge {2} m, {3} sub-steps")
    @CsvSource({"box, 16.7, 0.001, 1", "box, 16.7, 0.004, 1", "box, 16.7, 0.001, 4", "box, 30, 0.001, 4",
            "box, 30, 0.004, 4", "plane, 16.7, 0.001, 1", "plane, 30, 0.001, 4", "mesh, 16.7, 0.001, 1",
            "mesh, 30, 0.001, 4", "box, 30, 0.001, 1", "box, 50, 0.004, 1", "box, 100, 0.001, 1", "box, 100, 0, 1",
            "plane, 100, 0.004, 1"})
    void aHeavyBlockOnALightPieceStandingOnTwoDiagonalCornersSettlesAndSleeps(String ground, double ratio,
                                                                              double ridge, int subSteps) {
        Pair p = pair(ground, ratio, ridge, subSteps, true);
        int steps = (int) Math.round(SLEEP_BOUND * 60);
        int asleep = -1;
        for (int i = 1; i <= steps && asleep < 0; i++) {
            p.world().step();
            if (p.world().isAsleep(p.light()) && p.world().isAsleep(p.heavy())) {
                asleep = i;
            }
        }
        assertThat(asleep).as("step at which both sleep (bound %s s)", SLEEP_BOUND).isPositive();
        // at rest on the ridge and a third corner: the block over the piece, the piece on the ground
        Vector3d h = p.world().position(p.heavy(), new Vector3d());
        assertThat(Math.hypot(h.x, h.z)).isLessThan(0.01);
    }

    /**
     * With sleeping off the rocking must die out, not hold a level: the largest kinetic energy of each second from
     * the third on is at most that of the second before (or round-off, 1e-9 J, once at rest), and in the eighth it is under 1 % of the second's (before:
     * 1:16.7 with a 1 mm ridge held 6 J every second; 1:30 held 20-70 J).
     */
    @ParameterizedTest(name = "{0} ground, 1:{1}, ridge {2} m, {3} sub-steps")
    @CsvSource({"box, 16.7, 0.001, 1", "box, 30, 0.001, 1", "box, 30, 0.004, 1", "plane, 30, 0.001, 1",
            "mesh, 30, 0.001, 1", "box, 30, 0.001, 4", "box, 100, 0.004, 1", "box, 100, 0, 1"})
    void theRockingDecays(String ground, double ratio, double ridge, int subSteps) {
        Pair p = pair(ground, ratio, ridge, subSteps, false);
        double[] peak = new double[8];
        for (int i = 0; i < 8 * 60; i++) {
            p.world().step();
            double k = kinetic(p.world(), p.light()) + kinetic(p.world(), p.heavy());
            peak[i / 60] = Math.max(peak[i / 60], k);
        }
        for (int s = 2; s < 8; s++) {
            assertThat(peak[s]).as("largest kinetic energy in second %d, J (second %d: %s)", s + 1, s, peak[s - 1])
                    .isLessThanOrEqualTo(Math.max(peak[s - 1], 1e-9)); // at rest: round-off
        }
        assertThat(peak[7]).as("largest kinetic energy in the eighth second, J (second: %s)", peak[1])
                .isLessThan(0.01 * peak[1]);
    }
}
