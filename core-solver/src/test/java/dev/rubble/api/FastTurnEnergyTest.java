package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.body.BodyStore;
import dev.rubble.geometry.hull.QuickHull;
import dev.rubble.spi.shape.ConvexHull;
import dev.rubble.spi.shape.MassProperties;
import dev.rubble.spi.shape.Plane;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A body the fast-turn sweep puts back (docs/dynamics.md, "Fast turns") gains no energy by it. Fuzz14's seed 14178: a
 * 20 g seven-vertex hull 0.64 × 0.048 × 0.048 m (principal inverse inertias 130 apart) tumbling at 44 rad/s just
 * after it struck the ground plane, at 1/30 s and three sub-steps, turned 1.5 rad into the plane within a step and was
 * put back by the sweep with its end-of-step velocities, its world angular velocity kept while its orientation went
 * back: its rotational energy went from 0.144 to 0.208 J and the scene's from 0.276 to 0.323 J (the body 1.176 →
 * 1.245 J with the fuzz's other bodies) in a step in which no contact pushed it. The bound from physics: in a step
 * whose contacts do no work on it (restitution 0, and here no contact carried any load) a free body's energy
 * (kinetic + potential) is constant; it may only fall (round-off: 1e-9 of it).
 */
final class FastTurnEnergyTest {
    static ConvexHull fuzzHull() {
        return QuickHull.of(new double[] {
            -0.32064542018750600, -0.023837468362452426, -0.023837468362452426,
            0.23218405568456868, -0.0096109962863417750, -0.011843594162054170,
            0.32064542018750600, -0.023837468362452426, 0.023837468362452426,
            0.32064542018750600, 0.023837468362452426, 0.023837468362452426,
            -0.32064542018750600, 0.023837468362452426, -0.023837468362452426,
            -0.045414478228217660, -0.0064106457467070560, 0.014074648856086832,
            -0.010757918188046414, -0.015985638219425273, 0.016191043286498754});
    }

    static double energy(PhysicsWorld w, BodyId id, double g) {
        BodyStore s = w.kernel().bodies();
        int i = s.slot(id.handle());
        double m = s.mass[i];
        Quaterniond f = new Quaterniond(s.qx[i], s.qy[i], s.qz[i], s.qw[i]).mul(new Quaterniond(s.iqx[i], s.iqy[i], s.iqz[i], s.iqw[i]));
        Vector3d wl = f.transformInverse(new Vector3d(s.wx[i], s.wy[i], s.wz[i]));
        return 0.5 * m * (s.vx[i] * s.vx[i] + s.vy[i] * s.vy[i] + s.vz[i] * s.vz[i]) + m * g * s.py[i]
                + 0.5 * (wl.x * wl.x / s.invIx[i] + wl.y * wl.y / s.invIy[i] + wl.z * wl.z / s.invIz[i]);
    }

    @ParameterizedTest(name = "{0} sub-steps, friction {1}")
    @CsvSource({"3, 0.62", "3, 0", "1, 0.62", "2, 0.62", "4, 0.62"})
    void aHullPutBackByTheFastTurnSweepGainsNoEnergy(int subSteps, double mu) {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withSleeping(false).withTimeStep(1 / 30.0, subSteps));
        w.addBody(BodySpec.fixed(new Plane(0, 1, 0, 0)));
        ConvexHull hull = fuzzHull();
        MassProperties mp = hull.massProperties(1);
        // the traced state after step 25 (the step that struck the plane): centre of mass, orientation, velocities
        Quaterniond q = new Quaterniond(0.13588620104917506, 0.56201860315333730, 0.48421142539160505, -0.65666530713463530);
        Vector3d com = new Vector3d(-0.61569263047418070, 0.12755506570539304, -2.2627406502453655);
        Vector3d origin = com.sub(q.transform(new Vector3d(mp.comX(), mp.comY(), mp.comZ())), new Vector3d());
        BodyId id = w.addBody(BodySpec.dynamic(hull).withMass(0.019766257940416868).withPosition(origin).withOrientation(q)
                .withLinearVelocity(new Vector3d(-0.27906016446677984, -2.7313245625074150, -1.7970611099790674))
                .withAngularVelocity(new Vector3d(-28.067616762652182, -23.050357108552888, 25.181509251018106))
                .withMaterial(mu, 0));
        double g = 9.81, e0 = energy(w, id, g);
        w.step();
        int putBack = w.lastProfile().fastTurns();
        double e1 = energy(w, id, g);
        assertThat(e1).as("energy after the step (%s J before it; bodies put back by the sweep: %d)", e0, putBack)
                .isLessThanOrEqualTo(e0 * (1 + 1e-9));
    }
}
