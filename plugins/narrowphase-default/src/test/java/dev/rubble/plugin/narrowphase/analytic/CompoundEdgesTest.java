package dev.rubble.plugin.narrowphase.analytic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.geometry.hull.QuickHull;
import dev.rubble.spi.narrowphase.Narrowphase;
import dev.rubble.spi.narrowphase.Pose;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Compound;
import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.shape.Sphere;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The compound's internal edges at the narrowphase (geometry's {@code CompoundEdges}): a cube whose leading
 * 0.5 mm lie over the second of two flush tiles, 1 mm deep, touches a flat floor, so every normal is the
 * floor's (the compound is A: the normal is +y); before, the second tile's buried side face gave a normal
 * along -x (its least penetration, 0.5 mm against the 1 mm). The same cube beyond a 5 cm gap keeps the
 * horizontal contact of the far tile's real face; a ball 1 mm off the seam loses the tilted contact of the
 * seam's edge.
 */
final class CompoundEdgesTest {
    private final Narrowphase np = AnalyticNarrowphasePlugin.createTable();
    private final RecordingSink sink = new RecordingSink();
    private final Pose pa = new Pose(), pb = new Pose();

    static Shape tiles(double gap, boolean hulls) {
        Shape t = hulls ? QuickHull.of(-2, -0.5, -2, 2, -0.5, -2, -2, 0.5, -2, 2, 0.5, -2,
                -2, -0.5, 2, 2, -0.5, 2, -2, 0.5, 2, 2, 0.5, 2) : new Box(2, 0.5, 2);
        return new Compound(List.of(Compound.Child.at(t, -2, -0.5, 0), Compound.Child.at(t, 2 + gap, -0.5, 0)));
    }

    @Test
    void aCubeOverTheSeamTouchesOnlyTheFloorsFace() {
        for (boolean hulls : new boolean[] {false, true}) {
            sink.clear();
            pa.set(0, 0, 0, 0, 0, 0, 1);
            pb.set(0.0005 - 0.2, 0.2 - 0.001, 0.3, 0, 0, 0, 1);
            np.collide(tiles(0, hulls), pa, new Box(0.2, 0.2, 0.2), pb, 0.02, sink);
            assertThat(sink.manifolds).as("hulls %s", hulls).isNotEmpty();
            for (RecordingSink.Manifold m : sink.manifolds) {
                assertThat(m.ny).as("hulls %s: normal of child %d", hulls, (m.subKey >>> 48) - 1).isCloseTo(1, within(1e-12));
                assertThat(m.minSeparation()).as("hulls %s", hulls).isCloseTo(-0.001, within(1e-9));
            }
        }
    }

    @Test
    void aRealGapKeepsItsEdge() {
        sink.clear();
        pa.set(0, 0, 0, 0, 0, 0, 1);
        pb.set(0.05 + 0.0005 - 0.2, 0.2 - 0.001, 0.3, 0, 0, 0, 1); // 0.5 mm past the far side of a 5 cm gap
        np.collide(tiles(0.05, false), pa, new Box(0.2, 0.2, 0.2), pb, 0.02, sink);
        boolean side = false;
        for (RecordingSink.Manifold m : sink.manifolds) {
            side |= (m.subKey >>> 48) == 2 && m.nx < -0.99;
        }
        assertThat(side).as("the far tile's side face, a real face").isTrue();
    }

    @Test
    void aBallNextToTheSeamIsHeldByTheFaceBelowIt() {
        sink.clear();
        pa.set(0, 0, 0, 0, 0, 0, 1);
        pb.set(-0.001, 0.3 - 1e-4, 0.3, 0, 0, 0, 1);
        np.collide(tiles(0, false), pa, new Sphere(0.3), pb, 0.02, sink);
        assertThat(sink.manifolds).hasSize(1);
        assertThat(sink.manifolds.get(0).subKey).as("the tile under the ball").isEqualTo(1L << 48);
        assertThat(sink.manifolds.get(0).ny).isEqualTo(1.0);
    }
}
