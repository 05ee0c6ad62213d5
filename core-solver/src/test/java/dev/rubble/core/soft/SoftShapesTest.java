package dev.rubble.core.soft;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.soft.cage.Cage;
import dev.rubble.core.soft.cage.CageBuilder;
import dev.rubble.core.world.World;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Compound;
import dev.rubble.spi.shape.Sphere;
import dev.rubble.spi.shape.TriangleMesh;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Soft bodies against compound rigid bodies (so against geometry collections, whose bodies are compounds): each
 * child near the soft body is collided with at its own place in the compound (triangle meshes: {@link SoftMeshTest}).
 */
final class SoftShapesTest {
    private static final double S = Math.sqrt(0.5);

    private static SoftBodyDef block(double y) {
        return new SoftBodyDef("jelly", CageBuilder.build(SoftWorldTest.box(0.5, 0.25, 0.5), new int[0], 500, 0.125, 1),
                SoftMaterial.rubber().withYoungsModulus(2e5).withPoissonRatio(0.3), new double[] {0, y, 0},
                new double[] {0, 0, 0, 1}, new double[3], new int[0], new int[0], List.of());
    }

    private static double[] lowestAndMeanVy(World w) {
        SoftBodyStore st = w.softBodies().store();
        double lowest = Double.POSITIVE_INFINITY, vy = 0;
        for (int i = st.pointStart[0]; i < st.pointStart[0] + st.pointCount[0]; i++) {
            lowest = Math.min(lowest, st.state.x[3 * i + 1]);
            vy += st.state.v[3 * i + 1] / st.pointCount[0];
        }
        return new double[] {lowest, vy};
    }

    @Test
    void aSoftBlockRestsAcrossTwoPedestalsOfOneStaticCompound() {
        World w = SoftWorldTest.world();
        // two 0.6 m tall pedestals 0.6 m apart, one body: the block (1 m wide) bridges the gap between them
        Compound pedestals = new Compound(List.of(Compound.Child.at(new Box(0.3, 0.3, 0.5), -0.6, 0, 0),
                Compound.Child.at(new Box(0.3, 0.3, 0.5), 0.6, 0, 0)));
        w.createBody(BodyDef.of(pedestals).withMotion(MotionType.STATIC).withPosition(0, 0.3, 0).withLabel("pedestals"));
        w.addSoftBodies(List.of(block(1.2)));
        for (int i = 0; i < 300; i++) {
            w.step();
        }
        double[] r = lowestAndMeanVy(w);
        double thickness = w.softBodies().store().thickness[0];
        // on the pedestals' tops (0.6 m) less the sag of the 0.2 m it overhangs into the gap; through them it
        // would lie on the ground (0)
        assertThat(r[0]).as("the block's lowest point rests on the pedestals").isBetween(0.5, 0.6 + thickness + 0.01);
        assertThat(Math.abs(r[1])).as("at rest").isLessThan(0.02);
        assertThat(w.softBodies().store().invertedTets()).isZero();
    }

    @Test
    void aTurnedChildOfATurnedCompoundIsCollidedWhereItIs() {
        World w = SoftWorldTest.world();
        // a block post, one child (half 0.3 x 0.5 x 0.5 m) 0.6 m along the body's x and turned 90 degrees about z;
        // the body turned 90 degrees about z too: the child stands 0.6 m above the body's origin, 1 m tall, its
        // top at 1.4 m. Without the child's turn its top would be at 1.2 m; without the body's, at 0.6 m, 0.6 m
        // to the side
        Compound post = new Compound(List.of(new Compound.Child(new Box(0.3, 0.5, 0.5), 0.6, 0, 0, 0, 0, S, S)));
        w.createBody(BodyDef.of(post).withMotion(MotionType.STATIC).withPosition(0, 0.3, 0).withOrientation(0, 0, S, S));
        w.addSoftBodies(List.of(block(2.0)));
        for (int i = 0; i < 300; i++) {
            w.step();
        }
        double[] r = lowestAndMeanVy(w);
        double thickness = w.softBodies().store().thickness[0];
        assertThat(r[0]).as("the block's lowest point rests on the post's top, 1.4 m").isBetween(1.3, 1.4 + thickness + 0.01);
        assertThat(Math.abs(r[1])).as("at rest").isLessThan(0.02);
    }

    @Test
    void aDynamicCompoundLandsOnASoftBlockAndStaysOnIt() {
        World w = SoftWorldTest.world();
        w.addSoftBodies(List.of(block(0.25 + SoftMaterial.rubber().thickness())));
        // a 4 kg dumbbell of two 0.15 m balls 0.6 m apart, dropped flat onto the block's top (0.5 m)
        Compound dumbbell = new Compound(List.of(Compound.Child.at(new Sphere(0.15), -0.3, 0, 0),
                Compound.Child.at(new Sphere(0.15), 0.3, 0, 0)));
        long id = w.createBody(BodyDef.of(dumbbell).withMass(4).withPosition(0, 1.2, 0).withLabel("dumbbell"));
        int slot = w.bodies().slot(id);
        double lowest = Double.POSITIVE_INFINITY;
        for (int i = 0; i < 240; i++) {
            w.step();
            lowest = Math.min(lowest, w.bodies().py[slot]);
        }
        // its balls' bottoms stay above the dented top; through the block they would reach the ground (0.15)
        assertThat(lowest - 0.15).as("the balls' lowest bottom").isGreaterThan(0.35);
        assertThat(w.bodies().py[slot]).as("resting on the block").isBetween(0.6, 0.7);
        assertThat(Math.abs(w.bodies().vy[slot])).as("at rest").isLessThan(0.05);
        assertThat(w.softBodies().store().invertedTets()).isZero();
    }
}
