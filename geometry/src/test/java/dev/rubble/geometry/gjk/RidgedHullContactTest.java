package dev.rubble.geometry.gjk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.geometry.hull.QuickHull;
import dev.rubble.spi.narrowphase.ContactSink;
import dev.rubble.spi.narrowphase.Pose;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.ConvexHull;
import dev.rubble.spi.shape.Plane;
import dev.rubble.spi.shape.TriangleMesh;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A hull whose underside is two faces meeting on a diagonal ridge: a 0.8 × 0.3 × 0.4 m block whose bottom
 * corners on one diagonal lie {@link #RIDGE} lower than the other two (a slab cut by planes not quite square,
 * as a fractured beam's segments are). On the ground it stands on the ridge's two corners and on whichever of
 * the other two its tilt sets down. Its support face along the ground's normal is one of the two triangles, so
 * the face contact used to hold that triangle's three corners only: the other triangle's outer corner sank
 * into the ground with no point under it, and rose out of it with none (docs/dynamics.md, "Physical limits", "A
 * heavy block rocking on a light piece": a heavy block on such a hull rocked without end). Every bottom corner under the surface is now a point of
 * the manifold, at its own depth. The expected separations are the corners' heights over the ground, set by
 * the pose (no rotation): the ridge's corners {@code low}, the other two {@code low + RIDGE}.
 */
final class RidgedHullContactTest {
    private static final double HX = 0.4, HY = 0.15, HZ = 0.2, RIDGE = 0.004, MARGIN = 0.02;

    static ConvexHull ridged() {
        return QuickHull.of(
                -HX, -HY - RIDGE, -HZ, HX, -HY, -HZ, HX, -HY - RIDGE, HZ, -HX, -HY, HZ,
                -HX, HY, -HZ, HX, HY, -HZ, HX, HY, HZ, -HX, HY, HZ);
    }

    /** The separations of every manifold's points, sorted, for the hull with its ridge's corners at height low. */
    private static List<Double> separations(String ground, double low) {
        List<Double> out = new ArrayList<>();
        ContactSink sink = new ContactSink() {
            @Override
            public void beginManifold(double nx, double ny, double nz, long subKey) {
                assertThat(ny).isCloseTo(1, within(1e-9)); // the ground's normal
            }

            @Override
            public void addPoint(double x, double y, double z, double separation, long featureId) {
                out.add(separation);
            }
        };
        Pose hull = new Pose();
        hull.set(0.5, low + HY + RIDGE, -0.5, 0, 0, 0, 1); // over one triangle of the mesh
        Pose at = new Pose();
        switch (ground) {
            case "plane" -> new PlaneCollider().collide(new Plane(0, 1, 0, 0), at, ridged(), hull, MARGIN, sink);
            case "mesh" -> new MeshCollider().collide(new TriangleMesh(
                    new double[] {-2, 0, -2, 2, 0, -2, 2, 0, 2, -2, 0, 2}, new int[] {0, 2, 1, 0, 3, 2}),
                    at, ridged(), hull, MARGIN, sink);
            case "hull" -> {
                at.set(0, -0.5, 0, 0, 0, 0, 1);
                new ConvexCollider().collide(QuickHull.of(-2, -0.5, -2, 2, -0.5, -2, 2, -0.5, 2, -2, -0.5, 2,
                        -2, 0.5, -2, 2, 0.5, -2, 2, 0.5, 2, -2, 0.5, 2), at, ridged(), hull, MARGIN, sink);
            }
            default -> {
                at.set(0, -0.5, 0, 0, 0, 0, 1);
                new ConvexCollider().collide(new Box(2, 0.5, 2), at, ridged(), hull, MARGIN, sink);
            }
        }
        out.sort(Double::compare);
        return out;
    }

    @ParameterizedTest(name = "{0}, ridge corners at {1} m")
    @CsvSource({"box, -0.005", "box, -0.0042", "plane, -0.005", "plane, -0.0042", "mesh, -0.005", "mesh, -0.0042",
            "hull, -0.005", "hull, -0.0042"})
    void everyBottomCornerUnderTheSurfaceIsAPointAtItsOwnDepth(String ground, double low) {
        List<Double> s = separations(ground, low);
        // before: three points, the support triangle's (the ridge's two corners and one of the others)
        assertThat(s).hasSize(4);
        assertThat(s.get(0)).isCloseTo(low, within(1e-9));
        assertThat(s.get(1)).isCloseTo(low, within(1e-9));
        assertThat(s.get(2)).isCloseTo(low + RIDGE, within(1e-9));
        assertThat(s.get(3)).isCloseTo(low + RIDGE, within(1e-9));
    }

    /**
     * A corner off the support face that stands over the surface is not a point (only sunk ones are: with hovering
     * ones too a pile of random hulls kept moving); the support triangle keeps its own three, hovering or not.
     */
    @ParameterizedTest(name = "{0}, ridge corners at {1} m")
    @CsvSource({"box, -0.001", "plane, -0.001", "mesh, 0.003", "hull, 0.003"})
    void aCornerOffTheSupportFaceAboveTheSurfaceIsNoPoint(String ground, double low) {
        List<Double> s = separations(ground, low);
        assertThat(s).hasSize(3);
        assertThat(s.get(0)).isCloseTo(low, within(1e-9));
        assertThat(s.get(1)).isCloseTo(low, within(1e-9));
        assertThat(s.get(2)).isCloseTo(low + RIDGE, within(1e-9));
    }
}
