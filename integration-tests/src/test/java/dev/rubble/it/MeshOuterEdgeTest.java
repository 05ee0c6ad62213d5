package dev.rubble.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.api.BodyId;
import dev.rubble.api.BodySpec;
import dev.rubble.api.PhysicsWorld;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.core.world.World;
import dev.rubble.geometry.hull.QuickHull;
import dev.rubble.spi.shape.Box;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * Bodies on a closed mesh's top at its outer edge must not be pushed off it by the side face (physics fuzz seeds 40997
 * and 40469; docs/dynamics.md, "The side a triangle was touched from"). The fuzz's mesh slab (6 m square, 1 m thick, cells
 * of 1.5 m) has a sharp 90° edge between its top and each side face. A body resting on the top
 * over that edge touches the side face's top row of triangles at the edge with normals about straight up, a little to
 * one side of their plane in one step and to the other in the next; the narrowphase took that flip for a body that had
 * sunk past the side face's plane and made the contact the side face's, as deep as the body reached behind it, and
 * the push-out threw the body outwards. Expected, from rigid-body physics: a body alone on a static floor, with friction
 * and no restitution, only loses energy (round-off aside: 1e-6 of its energy a step is allowed).
 */
final class MeshOuterEdgeTest {
    /**
     * A 2 t box (0.88 × 0.87 × 0.80 m, friction 0.025) landing tilted with a quarter of it past the slab's +z edge, at
     * 1/120 s and two sub-steps (its state in step 45 of seed 40997): a contact 0.78 m deep threw it up and off the
     * edge, +1 081 J in one step, then 80-210 J a step, and it ended 0.27 m high at z = 3.30, past the edge. It settles
     * on its 0.80 m face, its centre 0.40 m over the top.
     */
    @Test
    void aBoxSlidingOverTheMeshsEdgeStaysOnTheTopAndGainsNoEnergy() {
        PhysicsWorld w = slabWorld(1.0 / 120, 2);
        BodyId b = w.addBody(BodySpec.dynamic(new Box(0.43931042817486454, 0.4325652986065057, 0.39916522054943954))
                .withMass(2040.0987185605259)
                .withPosition(new Vector3d(-1.063245064125076, 0.42610505971029644, 2.8500906120859764))
                .withOrientation(new Quaterniond(-0.6908186477681417, -0.3119727080278657, 0.2684666588333709, -0.5944478769719029))
                .withLinearVelocity(new Vector3d(0.5506555741224274, -0.34160924275386945, -0.2264575561486633))
                .withAngularVelocity(new Vector3d(-1.7313950247304808, -1.1980580305797468, -0.19853425968724148))
                .withMaterial(0.024977965866648133, 0));
        double gain = worstGain(w, 60, "box");
        Vector3d c = w.centerOfMass(b, new Vector3d());
        System.out.printf("EDGE box: centre at the end (%.4f, %.4f, %.4f)%n", c.x, c.y, c.z);
        assertThat(gain).as("the largest energy gain in a step, J (of about 9 500)").isLessThan(1e-6 * 9_500);
        assertThat(c.y).as("the centre's height over the top at the end, m").isBetween(0.39, 0.41);
        assertThat(c.z).as("the centre's z at the end (the edge at 3 m), m").isLessThan(3.0);
    }

    /**
     * A 102 kg needle hull (25 × 3 × 3 cm, friction 0.99) falling at 6.5 m/s onto the slab's -x edge, its centre 4 cm
     * inside it, at 1/30 s and two sub-steps (its state in step 19 of seed 40469): it lands spinning at up to 80 rad/s
     * and tips over the edge, and a flip of its contact with the side face's top row, normals tilted 20° out and 7° in,
     * pushed it 0.13 m out along the side face's normal: +0.77 J in a step (of 69).
     */
    @Test
    void aNeedleLandingOnTheMeshsEdgeGainsNoEnergy() {
        PhysicsWorld w = slabWorld(1.0 / 30, 2);
        double[] xyz = {0.12067507644943268, -0.01202741414435688, -0.014954527896040539, 0.12342906538580763,
            0.015052767817923581, 0.015052767817923581, 0.12342906538580763, -0.015052767817923581, 0.015052767817923581,
            -0.12342906538580763, -0.015052767817923581, -0.015052767817923581, -0.11740234389226649, 0.009604366597377035,
            0.014635573443523042, -0.12342906538580763, 0.015052767817923581, -0.015052767817923581, 0.06501842070337728,
            0.005926453519466102, -0.01323836627930542, -0.041066696067775604, -0.0050185946440046885, 0.014238797117400582};
        w.addBody(BodySpec.dynamic(QuickHull.of(xyz)).withMass(101.77537743101473)
                .withPosition(new Vector3d(-2.9565118233540884, 0.33721962766016944, 1.5975444154845764))
                .withOrientation(new Quaterniond(0.026495039045935347, -0.6008025402653786, 0.6850177568935137, -0.41119945678125763))
                .withLinearVelocity(new Vector3d(0, -6.54, 0))
                .withAngularVelocity(new Vector3d(-0.3195039588868789, 0.24598721710256105, 0.22754701651337772))
                .withMaterial(0.9948031634178238, 0));
        double gain = worstGain(w, 40, "needle");
        assertThat(gain).as("the largest energy gain in a step, J (of about 70 after the landing)").isLessThan(1e-6 * 70);
    }

    private static PhysicsWorld slabWorld(double dt, int subSteps) {
        WorldSettings ws = WorldSettings.defaults().withStep(dt, subSteps).withGravity(0, -9.81, 0);
        PhysicsWorld w = PhysicsWorld.wrap(World.create(ws, DeterminismFuzz.STAGES), null);
        w.addBody(BodySpec.fixed(PhysicsFuzz.slab(3, 1, 4)));
        return w;
    }

    private static double worstGain(PhysicsWorld w, int steps, String what) {
        double before = PhysicsFuzz.energy(w, 9.81), worst = Double.NEGATIVE_INFINITY;
        int at = -1;
        for (int s = 0; s < steps; s++) {
            w.step();
            double e = PhysicsFuzz.energy(w, 9.81);
            if (e - before > worst) {
                worst = e - before;
                at = s;
            }
            before = e;
        }
        System.out.printf("EDGE %s: largest energy change in a step %.4g J, step %d%n", what, worst, at);
        return worst;
    }
}
