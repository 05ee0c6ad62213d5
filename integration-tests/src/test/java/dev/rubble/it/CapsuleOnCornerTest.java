package dev.rubble.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.api.BodyId;
import dev.rubble.api.BodySpec;
import dev.rubble.api.PhysicsWorld;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.core.world.World;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Capsule;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A capsule falling across the edge of the ground near its corner (physics fuzz seed 30884; docs/dynamics.md, "A capsule
 * across an edge"): a 33 kg capsule (radius 10.4 cm, half height 31.7 cm) tilted 41 degrees, its lower end over the side
 * x = 3 of a 6 × 6 m top, falls onto it at 6.2 m/s (30 Hz, one sub-step), lands on its side, rolls and falls off the
 * edge. Its first contact is its side on the edge, whose normal is no face's, so the manifold was that one point: the
 * hit turned the capsule about it, its other end swung into the top within the step, the fast-turn sweep put it back
 * where that end met the face, and the next step's edge point did the same. On a box it hung on the corner for 20 steps
 * with 1.7 m/s and 15 rad/s; on a closed mesh (the fuzz's slab, cells of 1.5 m) it sank 6.4 cm into the top and rose out
 * gaining 9 J. Expected, from rigid-body physics: after the landing step it moves whenever it has speed (a body at
 * 0.5 m/s or more travels at least a quarter of that in a step: it is not held in the air), it is never more than 1 cm
 * inside the top (the contacts' slop), and its energy never rises above the landing step's by more than 0.1 %.
 */
final class CapsuleOnCornerTest {
    private static final double R = 0.10403969911784862, HALF = 0.317448669674582, M = 33.23, DT = 1.0 / 30;

    @ParameterizedTest(name = "ground {0}")
    @ValueSource(strings = {"box", "mesh"})
    void itLandsRollsAndFallsOff(String ground) {
        WorldSettings ws = WorldSettings.defaults().withStep(DT, 1).withGravity(0, -9.81, 0);
        PhysicsWorld w = PhysicsWorld.wrap(World.create(ws, DeterminismFuzz.STAGES), null);
        if (ground.equals("mesh")) {
            w.addBody(BodySpec.fixed(PhysicsFuzz.slab(3, 1, 4)));
        } else {
            w.addBody(BodySpec.fixed(new Box(3, 0.5, 3)).withPosition(new Vector3d(0, -0.5, 0)));
        }
        BodyId b = w.addBody(BodySpec.dynamic(new Capsule(R, HALF)).withMass(M)
                .withPosition(new Vector3d(2.8921259782530666, 0.6073875784202186, -2.7557893266766844))
                .withOrientation(new Quaterniond(0.2138646712224385, -0.3574979797504031, -0.3521617551606772, -0.8381164567525506))
                .withLinearVelocity(new Vector3d(0.08333272400477176, -6.1699250236924605, -0.7048311075408303)));
        Vector3d p = new Vector3d(), before = new Vector3d(), v = new Vector3d();
        Quaterniond q = new Quaterniond();
        double landed = Double.NaN, deepest = 0, worstRise = Double.NEGATIVE_INFINITY;
        int held = 0;
        for (int s = 0; s < 40; s++) {
            w.position(b, before);
            w.step();
            w.position(b, p);
            w.linearVelocity(b, v);
            double e = PhysicsFuzz.energy(w, 9.81);
            deepest = Math.min(deepest, surfaceGap(p, w.orientation(b, q)));
            if (s >= 2) { // after the landing step (the first contact is at step 1)
                if (v.length() >= 0.5 && p.distance(before) < 0.25 * v.length() * DT) {
                    held++;
                }
                if (Double.isNaN(landed)) {
                    landed = e;
                }
                worstRise = Math.max(worstRise, e - landed);
            }
        }
        System.out.printf("CORNER %s: steps held %d, deepest %.4f m, energy rise %.4f J of %.2f%n", ground, held, deepest, worstRise, landed);
        assertThat(held).as("steps after the landing in which it had speed but did not move").isZero();
        assertThat(deepest).as("deepest inside the top, m").isGreaterThan(-0.01);
        assertThat(worstRise).as("energy above the landing step's, J").isLessThan(1e-3 * landed);
    }

    /**
     * The capsule's lowest surface point over the top face y = 0 within its footprint |x|, |z| < 3, m (negative: inside):
     * its axis sampled at 101 points, each one's height less the radius.
     */
    private static double surfaceGap(Vector3d c, Quaterniond q) {
        Vector3d axis = new Vector3d(0, 1, 0).rotate(q);
        double low = Double.POSITIVE_INFINITY;
        for (int k = 0; k <= 100; k++) {
            double t = -HALF + 2 * HALF * k / 100.0;
            double x = c.x + t * axis.x, y = c.y + t * axis.y, z = c.z + t * axis.z;
            if (Math.abs(x) < 3 && Math.abs(z) < 3) {
                low = Math.min(low, y - R);
            }
        }
        return low == Double.POSITIVE_INFINITY ? 0 : low;
    }
}
