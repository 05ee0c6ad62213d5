package dev.rubble.core.soft;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.plugin.Stages;
import dev.rubble.core.soft.cage.CageBuilder;
import dev.rubble.core.world.World;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Compound;
import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.soft.SoftBodyState;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A light rigid body pinned between a soft body and the ground comes to rest with it. Before, the soft pass
 * pushed such a body into the ground within the rigid solver's slop and nothing in the pass pushed back (the
 * ground only took out overlap beyond the slop, and a compound's children were not projected at all), so every
 * push of the soft body piled up as velocity into the ground: the next rigid step took it out, the pass put it
 * back. A wall piece (a compound of hulls) under the cushion of examples/soft-on-wall.json kept −0.41 m/s and
 * 2 rad/s of spin step after step, and the cushion's points riding on it never rested. At rest both are still:
 * the expected velocities are zero.
 */
final class SoftPinnedBodyTest {

    @Test
    void aLightCompoundPlankUnderASoftCubeComesToRest() {
        Shape plank = new Compound(List.of(Compound.Child.at(new Box(0.5, 0.03, 0.5), -0.5, 0, 0),
                Compound.Child.at(new Box(0.5, 0.03, 0.5), 0.5, 0, 0)));
        settle(plank, 0.03);
    }

    @Test
    void aLightBoxPlankUnderASoftCubeComesToRest() {
        settle(new Box(1, 0.03, 0.5), 0.03);
    }

    private static void settle(Shape plankShape, double halfHeight) {
        World w = World.create(WorldSettings.defaults(), Stages.load());
        w.createBody(BodyDef.of(new Box(20, 0.5, 20)).withMotion(MotionType.STATIC).withPosition(0, -0.5, 0));
        long plank = w.createBody(BodyDef.of(plankShape).withMass(13.5).withPosition(0, halfHeight, 0));
        SoftBodyStore st = w.softBodies().store();
        SoftMaterial m = SoftMaterial.rubber().withYoungsModulus(1e5);
        // a 62.5 kg cube off the plank's centre, so its weight also tips the plank
        st.add(CageBuilder.build(SoftWorldTest.box(0.25, 0.25, 0.25), new int[0], 500, 0.125, 1), m, 0.25,
                2 * halfHeight + 0.25 + m.thickness() + 0.01, 0.1, 0, 0, 0, 1, 0, 0, 0, "cube");
        SoftBodyState s = st.state;
        int slot = w.bodies().slot(plank);
        double worstV = 0, worstW = 0, worstPoint = 0;
        var b = w.bodies();
        for (int i = 0; i < 300; i++) {
            w.step();
            if (i >= 180) { // the last two seconds of five
                if (b.state[slot] == BodyState.AWAKE.ordinal()) {
                    worstV = Math.max(worstV, Math.sqrt(b.vx[slot] * b.vx[slot] + b.vy[slot] * b.vy[slot] + b.vz[slot] * b.vz[slot]));
                    worstW = Math.max(worstW, Math.sqrt(b.wx[slot] * b.wx[slot] + b.wy[slot] * b.wy[slot] + b.wz[slot] * b.wz[slot]));
                }
                double mean = 0;
                for (int k = 0; k < s.points; k++) {
                    mean += Math.sqrt(s.v[3 * k] * s.v[3 * k] + s.v[3 * k + 1] * s.v[3 * k + 1] + s.v[3 * k + 2] * s.v[3 * k + 2]);
                }
                worstPoint = Math.max(worstPoint, mean / s.points);
            }
        }
        System.out.printf("%s plank under a soft cube, last 2 s: fastest %.4f m/s, %.4f rad/s; cube's mean point speed"
                + " at most %.4f m/s; plank %s%n", plankShape.getClass().getSimpleName(), worstV, worstW, worstPoint,
                BodyState.values()[b.state[slot]]);
        assertThat(worstV).as("the plank's speed once settled (at rest: 0)").isLessThan(0.02);
        assertThat(worstW).as("the plank's spin once settled (at rest: 0)").isLessThan(0.05);
        assertThat(worstPoint).as("the cube's mean point speed once settled (at rest: 0)").isLessThan(0.01);
    }
}
