package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.body.BodyStore;
import dev.rubble.geometry.hull.QuickHull;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.ConvexHull;
import dev.rubble.spi.shape.Plane;
import dev.rubble.spi.shape.Shape;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A body at rest a little above the ground lands on it: gravity moves it {@code g dt² (n + 1) / 2n} within a step
 * of n sub-steps (8.2 mm at 1/30 s and two), so the step must have the pair whatever the gap under that. The
 * broadphase pairs bodies by their bounds grown by the step's motion, and gravity's share was left out below 2 cm
 * on the belief that the narrowphase's 2 cm margin covers it: the margin only acts on pairs the broadphase found.
 * Fuzz14's seed 20811 (docs/dynamics.md, "Speculative look-ahead"): a 5 t seven-vertex hull landed at 7.85 m/s
 * and its speculative contacts stopped it 0.36 mm above the ground box; its bounds no longer reached the ground,
 * so the next step had no contact, it fell 7.8 mm into the ground, and the push-out lifted it back: +72 J in a step,
 * +219 J in all. The bounds from physics: with restitution 0 and nothing but gravity and contacts, the energy
 * (kinetic + potential) never rises from one step to the next beyond round-off, and a body set down at rest over a
 * gap no larger than gravity's fall within the step ends it no deeper than a contact's sag under its weight (a
 * fraction of a millimetre: {@code g / ω²} = 0.12 mm at 45 Hz; 1 mm allowed).
 */
final class GravityGapTest {
    /** The hull of seed 20811 (its seven vertices in its shape frame, metres). */
    static ConvexHull fuzzHull() {
        return QuickHull.of(new double[] {
            0.10019752472514080, 0.0030044828618108533, -0.014493620231611100,
            0.14541175162225148, -0.015485847366126616, 0.015485847366126616,
            -0.14541175162225148, -0.015485847366126616, -0.015485847366126616,
            0.14541175162225148, 0.015485847366126616, 0.015485847366126616,
            -0.14541175162225148, 0.015485847366126616, -0.015485847366126616,
            -0.056272543768612730, -0.0024861700112815420, 0.0091077765153214730,
            -0.050852228137600070, 0.012966388247613049, 1.7577237525907790e-06});
    }

    /** Its orientation after its landing step (the trace's step 24). */
    static final Quaterniond LANDED = new Quaterniond(-0.16755312699583735, -0.86532741016167580, 0.30833330754072560,
            -0.35786169719292360);

    private static double energy(PhysicsWorld w, BodyId id) {
        BodyStore s = w.kernel().bodies();
        int i = s.slot(id.handle());
        double m = s.mass[i];
        Quaterniond f = new Quaterniond(s.qx[i], s.qy[i], s.qz[i], s.qw[i]).mul(new Quaterniond(s.iqx[i], s.iqy[i], s.iqz[i], s.iqw[i]));
        Vector3d wl = f.transformInverse(new Vector3d(s.wx[i], s.wy[i], s.wz[i]));
        return 0.5 * m * (s.vx[i] * s.vx[i] + s.vy[i] * s.vy[i] + s.vz[i] * s.vz[i]) + m * 9.81 * s.py[i]
                + 0.5 * (wl.x * wl.x / s.invIx[i] + wl.y * wl.y / s.invIy[i] + wl.z * wl.z / s.invIz[i]);
    }

    /** The lowest point of a hull or box body, world y (brute force over its corners). */
    private static double lowest(PhysicsWorld w, BodyId id, Shape shape) {
        Vector3d o = w.position(id, new Vector3d());
        Quaterniond q = w.orientation(id, new Quaterniond());
        double lo = Double.POSITIVE_INFINITY;
        for (double[] v : corners(shape)) {
            lo = Math.min(lo, o.y + q.transform(new Vector3d(v[0], v[1], v[2])).y);
        }
        return lo;
    }

    private static double[][] corners(Shape shape) {
        if (shape instanceof ConvexHull h) {
            double[][] c = new double[h.vertexCount()][];
            for (int i = 0; i < c.length; i++) {
                c[i] = new double[] {h.vertex(i, 0), h.vertex(i, 1), h.vertex(i, 2)};
            }
            return c;
        }
        Box b = (Box) shape;
        double[][] c = new double[8][];
        for (int i = 0; i < 8; i++) {
            c[i] = new double[] {(i & 1) == 0 ? -b.halfX() : b.halfX(), (i & 2) == 0 ? -b.halfY() : b.halfY(),
                (i & 4) == 0 ? -b.halfZ() : b.halfZ()};
        }
        return c;
    }

    @ParameterizedTest(name = "{0} over a {1}, gap {2} m, dt 1/{3} s, {4} sub-steps")
    @CsvSource({
        "hull, box, 0.00036, 30, 2", // the fuzz's scene: 5 080 kg, landed 0.36 mm above the ground box
        "hull, box, 0.005, 30, 2",
        "hull, plane, 0.00036, 30, 2",
        "hull, box, 0.00036, 30, 1",
        "cube, box, 0.001, 30, 4",
        "cube, box, 0.002, 60, 1",
        "cube, plane, 0.004, 30, 3",
        "cube, box, 0.0001, 20, 2"})
    void aBodyAtRestOverASmallGapLandsAndGainsNothing(String body, String ground, double gap, int hz, int subSteps) {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withSleeping(false).withTimeStep(1.0 / hz, subSteps));
        if (ground.equals("plane")) {
            w.addBody(BodySpec.fixed(new Plane(0, 1, 0, 0)).withMaterial(0.5, 0));
        } else {
            w.addBody(BodySpec.fixed(new Box(30, 0.5, 30)).withPosition(new Vector3d(0, -0.5, 0)).withMaterial(0.5, 0));
        }
        Shape shape = body.equals("hull") ? fuzzHull() : new Box(0.5, 0.5, 0.5);
        Quaterniond q = body.equals("hull") ? LANDED : new Quaterniond();
        double lo = Double.POSITIVE_INFINITY;
        for (double[] v : corners(shape)) {
            lo = Math.min(lo, q.transform(new Vector3d(v[0], v[1], v[2])).y);
        }
        BodySpec spec = BodySpec.dynamic(shape).withPosition(new Vector3d(-1.16, gap - lo, -0.65)).withOrientation(q)
                .withMaterial(0.5, 0);
        BodyId id = w.addBody(body.equals("hull") ? spec.withMass(5080.4125416613915) : spec.withDensity(1000));
        assertThat(lowest(w, id, shape)).isCloseTo(gap, org.assertj.core.data.Offset.offset(1e-12));
        double before = energy(w, id), scale = Math.abs(before) + w.mass(id) * 9.81, depth = 0, deepest = 0;
        for (int k = 0; k < 30; k++) {
            w.step();
            double e = energy(w, id);
            // the push-out of an overlap lifts the body by at most its depth: all the potential energy it may gain
            assertThat(e).as("energy after step %d (before it %s J, %s m deep)", k, before, depth)
                    .isLessThanOrEqualTo(before + w.mass(id) * 9.81 * depth + 1e-9 * scale);
            depth = Math.max(0, -lowest(w, id, shape));
            deepest = Math.max(deepest, depth);
            before = e;
        }
        assertThat(deepest).as("deepest point under the ground's surface in 30 steps, m").isLessThan(0.001);
    }
}
