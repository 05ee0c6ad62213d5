package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.collision.FastTurns;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Sphere;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * A body a contact turns within its step into static geometry its look-ahead never reached is put back where it met it
 * (docs/dynamics.md "Fast turns", "Strays"). fuzz14's seed 20297: a flat 15.6 × 2 × 15 cm box of 11.3 kg thrown up
 * and across at 120 m/s from 16 cm over a ground box, struck in its first step (0.05 s, three sub-steps) by a 240 kg
 * ball of 22 cm, left the step going down at 46 m/s with its centre 0.64 m under the ground's top: its bounds had been
 * grown upwards, along its velocity, so it had no pair with the ground and nothing held it.
 */
final class StruckIntoGroundTest {

    private static final double HX = 0.07815, HY = 0.01, HZ = 0.07524;

    @Test
    void aBoxStruckDownIntoAGroundItWasNotPairedWithEndsNoStepInIt() {
        for (double restitution : new double[] {0, 0.5, 0.9}) {
            PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withTimeStep(0.05, 3));
            w.addBody(BodySpec.fixed(new Box(30, 0.5, 30)).withPosition(new Vector3d(0, -0.5, 0)));
            BodyId box = w.addBody(BodySpec.dynamic(new Box(HX, HY, HZ)).withMass(11.26).withMaterial(0.5, restitution)
                    .withPosition(new Vector3d(-2.7953, 0.1574, 3.0472))
                    .withOrientation(new Quaterniond(0.4206, -0.4313, 0.4347, -0.6694).normalize())
                    .withLinearVelocity(new Vector3d(103.5015, 60.2764, -4.0518)).withAngularVelocity(new Vector3d(0.799, 0.741, 0.041)));
            w.addBody(BodySpec.dynamic(new Sphere(0.2223)).withMass(239.5).withMaterial(0.5, restitution)
                    .withPosition(new Vector3d(-1.4039, 1.2488, 2.9116))
                    .withLinearVelocity(new Vector3d(18.6528, -0.3874, 1.8771)).withAngularVelocity(new Vector3d(-0.588, -0.974, 0.791)));
            for (int i = 0; i < 10; i++) {
                w.step();
                Vector3d c = w.centerOfMass(box, new Vector3d());
                Quaterniond q = w.orientation(box, new Quaterniond());
                double low = Double.POSITIVE_INFINITY;
                for (int k = 0; k < 8; k++) {
                    low = Math.min(low, c.y + q.transform(new Vector3d((k & 1) == 0 ? HX : -HX, (k & 2) == 0 ? HY : -HY,
                            (k & 4) == 0 ? HZ : -HZ)).y);
                }
                assertThat(low).as("lowest corner after step %d, restitution %.1f", i, restitution).isGreaterThan(-FastTurns.DEEP);
            }
        }
    }

    /**
     * The same box as a compound of one child, off its frame's origin and turned in it: the shape of every collection
     * piece's body (a Voronoi leaf is one hull in a compound re-centred on its centre of mass). The sweep saved convex
     * shapes only, so such a body was never swept: the destruction fuzz's seed 171784 (dfuzz17), a 26 kg leaf the
     * impact pass released and its contact sent down at 27 m/s, ended its first step 0.13 m in the floor.
     */
    @Test
    void aSingleHullCompoundStruckDownIntoTheGroundEndsNoStepInIt() {
        Quaterniond turn = new Quaterniond().rotateXYZ(0.3, -0.2, 0.5);
        dev.rubble.spi.shape.Compound piece = new dev.rubble.spi.shape.Compound(java.util.List.of(new dev.rubble.spi.shape.Compound.Child(
                new Box(HX, HY, HZ), 0.03, -0.01, 0.02, turn.x, turn.y, turn.z, turn.w)));
        for (double restitution : new double[] {0, 0.5, 0.9}) {
            PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withTimeStep(0.05, 3));
            w.addBody(BodySpec.fixed(new Box(30, 0.5, 30)).withPosition(new Vector3d(0, -0.5, 0)));
            Quaterniond q0 = new Quaterniond(0.4206, -0.4313, 0.4347, -0.6694).normalize().mul(new Quaterniond(turn).conjugate());
            BodyId box = w.addBody(BodySpec.dynamic(piece).withMass(11.26).withMaterial(0.5, restitution)
                    .withPosition(new Vector3d(-2.7953 - 0.03, 0.1574, 3.0472))
                    .withOrientation(q0)
                    .withLinearVelocity(new Vector3d(103.5015, 60.2764, -4.0518)).withAngularVelocity(new Vector3d(0.799, 0.741, 0.041)));
            w.addBody(BodySpec.dynamic(new Sphere(0.2223)).withMass(239.5).withMaterial(0.5, restitution)
                    .withPosition(new Vector3d(-1.4039, 1.2488, 2.9116))
                    .withLinearVelocity(new Vector3d(18.6528, -0.3874, 1.8771)).withAngularVelocity(new Vector3d(-0.588, -0.974, 0.791)));
            double[] out = new double[6];
            double lowest = Double.POSITIVE_INFINITY;
            for (int i = 0; i < 10; i++) {
                w.step();
                Vector3d p = w.position(box, new Vector3d());
                Quaterniond q = w.orientation(box, new Quaterniond());
                piece.bounds(p.x, p.y, p.z, q.x, q.y, q.z, q.w, out, 0);
                lowest = Math.min(lowest, out[1]);
                assertThat(out[1]).as("lowest point after step %d, restitution %.1f", i, restitution).isGreaterThan(-FastTurns.DEEP);
            }
            assertThat(lowest).as("it was struck down onto the ground").isLessThan(0.05);
        }
    }
}
