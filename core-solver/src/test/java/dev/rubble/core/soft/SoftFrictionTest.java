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
 */
final class SoftFrictionTest {

    @Test
    void aSoftCubeSlidingOnAPlankOnIceDragsThePlankAlongAndKeepsTheMomentum() {
        World w = World.create(WorldSettings.defaults(), Stages.load());
        // frictionless ground: nothing horizontal acts on the cube and the plank together but each other
        w.createBody(BodyDef.of(new Box(20, 0.5, 20)).withMotion(MotionType.STATIC).withPosition(0, -0.5, 0).withMaterial(0, 0));
        double plankMass = 50;
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

    @Test
    void aLightPlankUnderASoftCubeIsNotPressedIntoTheGround() {
        // the ground is farther than the contact offset from the cube, so it was no candidate of the soft pass: the
        // pass pressed the 50 kg plank under the 62.5 kg cube 1.7 cm into it every step (the rigid solver pushed it
        // back), and once friction turned the plank it was thrown up at 3.5 m/s
        for (double slide : new double[] {0, 3}) {
            World w = World.create(WorldSettings.defaults(), Stages.load());
            w.createBody(BodyDef.of(new Box(20, 0.5, 20)).withMotion(MotionType.STATIC).withPosition(0, -0.5, 0).withMaterial(0, 0));
            long plank = w.createBody(BodyDef.of(new Box(2, 0.05, 1)).withMass(50).withPosition(0, 0.05, 0).withMaterial(0.5, 0));
            SoftMaterial m = SoftMaterial.rubber().withYoungsModulus(2e5);
            w.softBodies().store().add(CageBuilder.build(SoftWorldTest.box(0.25, 0.25, 0.25), new int[0], 500, 0.125, 1), m, -1,
                    0.1 + 0.25 + m.thickness(), 0, 0, 0, 0, 1, slide, 0, 0, "cube");
            int slot = w.bodies().slot(plank);
            double lowest = Double.POSITIVE_INFINITY, fastestUp = 0;
            for (int i = 0; i < 180; i++) {
                w.step();
                lowest = Math.min(lowest, lowestCorner(w, slot, 2, 0.05, 1));
                fastestUp = Math.max(fastestUp, w.bodies().vy[slot]);
            }
            System.out.printf("plank under a soft cube sliding at %.0f m/s: lowest corner %.4f m, fastest upward %.3f m/s%n",
                    slide, lowest, fastestUp);
            assertThat(lowest).as("the plank's lowest corner (ground at 0; the rigid solver's slop is 5 mm)").isGreaterThan(-0.006);
            assertThat(fastestUp).as("the plank's fastest upward speed").isLessThan(0.3);
        }
    }

    private static double lowestCorner(World w, int slot, double hx, double hy, double hz) {
        var b = w.bodies();
        double min = Double.POSITIVE_INFINITY;
        for (int k = 0; k < 8; k++) {
            double lx = (k & 1) == 0 ? -hx : hx, ly = (k & 2) == 0 ? -hy : hy, lz = (k & 4) == 0 ? -hz : hz;
            min = Math.min(min, b.py[slot] + dev.rubble.core.body.Inertia.rotY(b.qx[slot], b.qy[slot], b.qz[slot], b.qw[slot], lx, ly, lz));
        }
        return min;
    }
}
