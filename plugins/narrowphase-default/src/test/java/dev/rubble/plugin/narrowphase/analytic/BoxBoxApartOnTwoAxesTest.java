package dev.rubble.plugin.narrowphase.analytic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.spi.narrowphase.Narrowphase;
import dev.rubble.spi.narrowphase.Pose;
import dev.rubble.spi.shape.Box;
import org.junit.jupiter.api.Test;

/**
 * Two boxes apart on two face axes at once (corner to corner, or edge to edge across a diagonal) within the
 * speculative margin: each face axis separates them by less than the margin, but their faces do not overlap seen
 * along it, so a face clip leaves no point (peers19; Jolt's {@code TestLinearCastBoxVsInactiveDiscreteBoxAngled}).
 * The contact is then the closest points: one point at the true distance, the normal from A's nearest feature to
 * B's. Expected values from the construction (the distance between axis-aligned boxes is the length of the
 * per-axis gaps).
 */
final class BoxBoxApartOnTwoAxesTest {
    private final Narrowphase np = AnalyticNarrowphasePlugin.createTable();
    private final RecordingSink sink = new RecordingSink();
    private final Box cube = new Box(0.5, 0.5, 0.5);

    private RecordingSink.Manifold collide(double bx, double by, double bz, double margin) {
        Pose pa = new Pose();
        Pose pb = new Pose();
        pa.set(0, 0, 0, 0, 0, 0, 1);
        pb.set(bx, by, bz, 0, 0, 0, 1);
        sink.clear();
        np.collide(cube, pa, cube, pb, margin, sink);
        return sink.manifolds.isEmpty() ? null : sink.main();
    }

    @Test
    void edgesAcrossADiagonalGiveTheirClosestPoints() {
        // B at (2, 0, -2): gaps 1 m along x and z, edges parallel to y, 1.414 m apart
        RecordingSink.Manifold m = collide(2, 0, -2, 4.5);
        assertThat(m).as("a contact within the margin").isNotNull();
        double d = Math.sqrt(2);
        assertThat(m.minSeparation()).isCloseTo(d, within(1e-9));
        assertThat(m.nx).isCloseTo(1 / d, within(1e-9));
        assertThat(m.ny).isCloseTo(0, within(1e-9));
        assertThat(m.nz).isCloseTo(-1 / d, within(1e-9));
    }

    @Test
    void cornersApartOnThreeAxesGiveTheirDistance() {
        RecordingSink.Manifold m = collide(1.3, -1.4, 1.6, 1.0);
        assertThat(m).isNotNull();
        assertThat(m.minSeparation()).isCloseTo(Math.sqrt(0.09 + 0.16 + 0.36), within(1e-9));
    }

    @Test
    void fartherThanTheMarginGivesNothing() {
        // every face axis within the 1.2 m margin, the true distance 1.414 m beyond it
        assertThat(collide(2, 0, -2, 1.2)).isNull();
    }

    @Test
    void facesOverlappingAlongTheAxisAreClippedAsBefore() {
        // B 1 m above A, shifted 0.5 m: a face contact of four points, 1 m apart
        RecordingSink.Manifold m = collide(0.5, 2, 0, 1.5);
        assertThat(m).isNotNull();
        assertThat(m.points).hasSize(4);
        assertThat(m.minSeparation()).isCloseTo(1, within(1e-9));
        assertThat(m.ny).isCloseTo(1, within(1e-12));
    }
}
