package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.geometry.hull.QuickHull;
import dev.rubble.spi.shape.ConvexHull;
import dev.rubble.spi.shape.Plane;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A hull tumbling onto a ground plane is caught at every vertex, as on a ground box (fuzz16; docs/dynamics.md "Fast
 * turns", "Planes"). Fuzz14's seed 20874: a 10.7 kg seven-vertex hull (0.30 m across) that had just struck the plane,
 * tumbling at 7.5 rad/s at 0.05 s steps, turned about the face that met the plane and swung a vertex of another face,
 * 2.2 cm up at the step's start, into it within the next step: the plane's manifold held the support face's points
 * only, where a box's fast face contact also has the manifold of its other vertices within the margin
 * ({@code ManifoldBuilder.WHIP_KEY}). It ended that step 14.1 mm (three sub-steps) or 13.4 mm (four) deep, under the
 * fast-turn sweep's 1.5 cm, and at one and two sub-steps was put back by the sweep to 7.5 mm deep; the push-out gave
 * back 11 to 25 mJ in a step (the fuzz's finding: energy rose in a step at rest). The bounds from physics: no vertex
 * deeper than twice the soft contact's static sag {@code g / ω²} (a suddenly loaded damped spring overshoots its
 * static deflection at most twice; {@code ω = 2π min(60 Hz, 0.75 / h)}, 1.1 mm at one sub-step of 0.05 s), and with
 * restitution 0 no step ends with more energy (kinetic + potential) than it began with, but for round-off.
 */
final class TumblingHullOnPlaneTest {
    static ConvexHull fuzzHull() {
        return QuickHull.of(new double[] {
            0.15201460190555566, -0.15201460190555566, 0.15201460190555566,
            0.15201460190555566, 0.15201460190555566, 0.15201460190555566,
            -0.09685852123175166, 0.09319796056736192, 0.0870533079928665,
            -0.15201460190555566, 0.15201460190555566, -0.15201460190555566,
            -0.15201460190555566, -0.15201460190555566, -0.15201460190555566,
            -0.09762471820184315, -0.09625089142013396, 0.06232514378840819,
            0.02024098917943128, 0.07545225497924432, -0.009238080609335293});
    }

    /** The height of the hull's lowest vertex over the plane y = 0, from its vertices (not the engine's support). */
    static double lowest(PhysicsWorld w, BodyId id, ConvexHull hull) {
        Quaterniond q = w.orientation(id, new Quaterniond());
        Vector3d o = w.position(id, new Vector3d());
        double low = Double.POSITIVE_INFINITY;
        for (int i = 0; i < hull.vertexCount(); i++) {
            Vector3d v = q.transform(new Vector3d(hull.vertex(i, 0), hull.vertex(i, 1), hull.vertex(i, 2))).add(o);
            low = Math.min(low, v.y);
        }
        return low;
    }

    @ParameterizedTest(name = "{0} sub-steps")
    @ValueSource(ints = {1, 2, 3, 4})
    void aTumblingHullIsCaughtAtThePlaneAndGainsNoEnergy(int subSteps) {
        double dt = 0.05, g = 9.81;
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withSleeping(false).withTimeStep(dt, subSteps));
        w.addBody(BodySpec.fixed(new Plane(0, 1, 0, 0)));
        ConvexHull hull = fuzzHull();
        // the traced state after the fuzz's step 8 (the step after the one that struck the plane): origin, orientation,
        // velocities, mass and friction
        BodyId id = w.addBody(BodySpec.dynamic(hull).withMass(10.727257333458851)
                .withPosition(new Vector3d(2.2504527792807574, 0.1385642506135237, -1.3378362153334493))
                .withOrientation(new Quaterniond(-0.4920217241363354, -0.5727106567869077, 0.620018706143595, -0.21329306273913104))
                .withLinearVelocity(new Vector3d(-0.8537043985162102, -0.32038447555288696, 0.2981474016710318))
                .withAngularVelocity(new Vector3d(1.8854088438152603, 1.2558501738791659, 7.174790668496842))
                .withMaterial(0.46055319590010246, 0));
        assertThat(lowest(w, id, hull)).as("clear of the plane at the start").isPositive();
        double omega = 2 * Math.PI * Math.min(60, 0.75 * subSteps / dt);
        double sag = g / (omega * omega);
        double e = FastTurnEnergyTest.energy(w, id, g);
        for (int k = 0; k < 20; k++) {
            w.step();
            double low = lowest(w, id, hull), e1 = FastTurnEnergyTest.energy(w, id, g);
            assertThat(low).as("lowest vertex after step %d (twice the sag: %s m)", k, 2 * sag).isGreaterThanOrEqualTo(-2 * sag);
            assertThat(e1).as("energy after step %d", k).isLessThanOrEqualTo(e + 1e-9 * Math.abs(e));
            e = e1;
        }
    }
}
