package dev.rubble.core.soft;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.plugin.Stages;
import dev.rubble.core.soft.cage.CageBuilder;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.core.world.World;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.soft.SoftBodyState;
import org.junit.jupiter.api.Test;

/**
 * Friction between a soft body and a dynamic rigid body acts on both (the equal and opposite impulse), as the
 * normal contact always did. Before, it only slowed the soft points: a soft cube sliding at 3 m/s onto a plank
 * lying on ice stopped, and the plank it dragged on hardly moved (0.003 m/s): the horizontal momentum vanished.
 * (The plank is 200 kg: a plank lighter than the cube is pressed into the ground within the soft pass, see
 * docs/soft-bodies.md, "Coupling".)
 */
final class SoftFrictionTest {

    @Test
    void aSoftCubeSlidingOnAPlankOnIceDragsThePlankAlongAndKeepsTheMomentum() {
        World w = World.create(WorldSettings.defaults(), Stages.load());
        // frictionless ground: nothing horizontal acts on the cube and the plank together but each other
        w.createBody(BodyDef.of(new Box(20, 0.5, 20)).withMotion(MotionType.STATIC).withPosition(0, -0.5, 0).withMaterial(0, 0));
        double plankMass = 200;
        long plank = w.createBody(BodyDef.of(new Box(2, 0.05, 1)).withMass(plankMass).withPosition(0, 0.05, 0).withMaterial(0.5, 0));
        SoftBodyStore st = w.softBodies().store();
        SoftMaterial m = SoftMaterial.rubber().withYoungsModulus(2e5);
        st.add(CageBuilder.build(SoftWorldTest.box(0.25, 0.25, 0.25), new int[0], 500, 0.125, 1), m, -1, 0.1 + 0.25 + m.thickness(),
                0, 0, 0, 0, 1, 3, 0, 0, "cube");
        SoftBodyState s = st.state;
        int slot = w.bodies().slot(plank);
        double cubeMass = 0, p0 = 0;
        for (int i = 0; i < s.points; i++) {
            cubeMass += 1 / s.invMass[i];
            p0 += s.v[3 * i] / s.invMass[i];
        }
        double cubeMean = 0; // the cube rocks on the plank: its speed over the last second
        for (int i = 0; i < 180; i++) {
            w.step();
            if (i >= 120) {
                double p = 0;
                for (int k = 0; k < s.points; k++) {
                    p += s.v[3 * k] / s.invMass[k];
                }
                cubeMean += p / cubeMass / 60;
            }
        }
        double pCube = 0;
        for (int i = 0; i < s.points; i++) {
            pCube += s.v[3 * i] / s.invMass[i];
        }
        double pPlank = plankMass * w.bodies().vx[slot];
        // they end sliding together (friction 0.5 stops the relative motion in about 0.3 s): v = p0 / (m + M)
        double together = p0 / (cubeMass + plankMass);
        System.out.printf("soft cube on a plank on ice: momentum cube %.3f + plank %.3f = %.3f of %.3f; plank %.4f m/s,"
                + " cube %.4f m/s (last second), both %.4f expected%n", pCube, pPlank, pCube + pPlank, p0, w.bodies().vx[slot],
                cubeMean, together);
        assertThat(pCube + pPlank).as("horizontal momentum of cube and plank").isCloseTo(p0, within(0.02 * p0));
        assertThat(w.bodies().vx[slot]).as("the plank's speed").isCloseTo(together, within(0.05 * together));
        assertThat(cubeMean).as("the cube's speed over the last second").isCloseTo(together, within(0.05 * together));
    }
}
