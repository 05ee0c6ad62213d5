package dev.rubble.geometry.gjk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.geometry.hull.QuickHull;
import dev.rubble.spi.narrowphase.ContactSink;
import dev.rubble.spi.narrowphase.Pose;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.shape.TriangleMesh;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A rod (6 x 6 x 30 cm box, or the hull of its corners) standing on one end face, tilted 26 degrees
 * from upright, over a 1 cm plate or a mesh floor. At a fast pair's margin its manifolds are the end
 * face clipped against the floor (sub-key 0 or the triangle's) and a second one (sub-key +
 * {@link ManifoldBuilder#WHIP_KEY}) holding the far end's four corners, so the spin of an end-first hit
 * cannot swing them through the floor unseen (docs/dynamics.md, "End-first impacts"). At a slow pair's
 * margin ({@link ManifoldBuilder#FAST_MARGIN} and below) there is no second manifold. Expected
 * separations are the corners' heights over the floor, worked out from the pose by hand: the rod's
 * long axis (local y) turned by TILT about z, the lowest corner LOW above the floor.
 */
final class RodEndFirstTest {
    private static final double HX = 0.03, HY = 0.15, HZ = 0.03, TILT = Math.toRadians(26), LOW = 0.01;

    private record Manifold(long subKey, List<Double> separations) {
    }

    private static Pose rodPose() {
        // a corner (x, y) sits at height cy + x sin(TILT) + y cos(TILT); the lowest is (-HX, -HY)
        double cy = LOW + HX * Math.sin(TILT) + HY * Math.cos(TILT);
        Pose p = new Pose();
        p.set(0.6, cy, -0.5, 0, 0, // over one triangle of the mesh
                 Math.sin(TILT / 2), Math.cos(TILT / 2));
        return p;
    }

    private static Shape rod(boolean hull) {
        if (!hull) {
            return new Box(HX, HY, HZ);
        }
        double[] v = new double[24];
        for (int k = 0; k < 8; k++) {
            v[3 * k] = (k & 1) == 0 ? -HX : HX;
            v[3 * k + 1] = (k & 2) == 0 ? -HY : HY;
            v[3 * k + 2] = (k & 4) == 0 ? -HZ : HZ;
        }
        return QuickHull.of(v);
    }

    private static List<Manifold> manifolds(String floor, double margin) {
        List<Manifold> out = new ArrayList<>();
        ContactSink sink = new ContactSink() {
            @Override
            public void beginManifold(double nx, double ny, double nz, long subKey) {
                assertThat(ny).isCloseTo(1, within(1e-9)); // the floor's normal, floor to rod
                out.add(new Manifold(subKey, new ArrayList<>()));
            }

            @Override
            public void addPoint(double x, double y, double z, double separation, long featureId) {
                out.get(out.size() - 1).separations().add(separation);
            }
        };
        Pose ground = new Pose();
        if (floor.equals("mesh")) {
            ground.set(0, 0, 0, 0, 0, 0, 1);
            TriangleMesh mesh = new TriangleMesh(new double[] {-2, 0, -2, 2, 0, -2, 2, 0, 2, -2, 0, 2},
                    new int[] {0, 2, 1, 0, 3, 2});
            new MeshCollider().collide(mesh, ground, rod(false), rodPose(), margin, sink);
        } else {
            ground.set(0, -0.005, 0, 0, 0, 0, 1); // a 1 cm plate, top at y = 0
            new ConvexCollider().collide(new Box(2, 0.005, 2), ground, rod(floor.equals("hull")), rodPose(), margin, sink);
        }
        for (Manifold m : out) {
            m.separations().sort(Double::compare);
        }
        return out;
    }

    private static void assertCorners(List<Double> s, double low, double high) {
        assertThat(s).hasSize(4);
        assertThat(s.get(0)).isCloseTo(low, within(1e-9));
        assertThat(s.get(1)).isCloseTo(low, within(1e-9));
        assertThat(s.get(2)).isCloseTo(high, within(1e-9));
        assertThat(s.get(3)).isCloseTo(high, within(1e-9));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"plate", "hull", "mesh"})
    void aFastPairHasTheFarEndsCornersInASecondManifold(String floor) {
        List<Manifold> m = manifolds(floor, 6.7); // the margin of a 400 m/s body at 60 Hz
        double across = 2 * HX * Math.sin(TILT), along = 2 * HY * Math.cos(TILT);
        assertThat(m).hasSize(2);
        long key = m.get(0).subKey();
        assertThat(m.get(1).subKey()).isEqualTo(key | ManifoldBuilder.WHIP_KEY);
        assertCorners(m.get(0).separations(), LOW, LOW + across); // the lower end face
        assertCorners(m.get(1).separations(), LOW + along, LOW + along + across); // the upper end's corners
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"plate", "hull", "mesh"})
    void aSlowPairHasTheEndFaceOnly(String floor) {
        List<Manifold> m = manifolds(floor, ManifoldBuilder.FAST_MARGIN);
        assertThat(m).hasSize(1);
        assertCorners(m.get(0).separations(), LOW, LOW + 2 * HX * Math.sin(TILT));
        m = manifolds(floor, 0.02); // the base margin: the end face's raised corners (3.6 cm) are out of it
        assertThat(m).hasSize(1);
        assertThat(m.get(0).separations()).hasSize(2).allSatisfy(s -> assertThat(s).isCloseTo(LOW, within(1e-9)));
    }
}
