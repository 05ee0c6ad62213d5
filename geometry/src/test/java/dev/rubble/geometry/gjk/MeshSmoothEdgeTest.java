package dev.rubble.geometry.gjk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.spi.narrowphase.ContactSink;
import dev.rubble.spi.narrowphase.Pose;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.TriangleMesh;
import org.junit.jupiter.api.Test;

/**
 * A plank (1 m × 2 cm × 20 cm) lying tilted across the shared diagonal of two coplanar triangles, its
 * lowest corner 5 mm below the floor: the pose a dropped plank reached in the step it then fell
 * through. Its closest feature in both triangles is the smooth diagonal (one triangle apart, the other
 * penetrated and resolved downwards), and both contacts used to be dropped: no manifold at all. Now each
 * is the triangle's face contact: every normal is the face's, up towards the plank, and the deepest
 * point is the plank's lowest bottom corner, whose height is worked out here from the pose by hand.
 */
final class MeshSmoothEdgeTest {
    private static final double PX = 0.08217706992741704, PY = 0.004966828906295632, PZ = 0.0038030182163391896;
    private static final double QX = -0.021484540353592974, QY = 0.31335054867987105, QZ = -0.042397399252116524,
            QW = 0.9484473146698635;

    /** World height of body point (x, y, z): p.y + (q (x, y, z) q*).y. */
    private static double height(double x, double y, double z) {
        double tx = 2 * (QY * z - QZ * y), ty = 2 * (QZ * x - QX * z), tz = 2 * (QX * y - QY * x);
        return PY + y + QW * ty + (QZ * tx - QX * tz);
    }

    @Test
    void aPlankAcrossASmoothEdgeKeepsFaceContacts() {
        TriangleMesh mesh = new TriangleMesh(new double[] {-50, 0, -50, 50, 0, -50, 50, 0, 50, -50, 0, 50},
                new int[] {0, 2, 1, 0, 3, 2});
        assertThat(mesh.smoothEdge(0, 2) || mesh.smoothEdge(0, 0) || mesh.smoothEdge(0, 1)).isTrue();
        Pose meshPose = new Pose(), plankPose = new Pose();
        meshPose.set(0, 0, 0, 0, 0, 0, 1);
        plankPose.set(PX, PY, PZ, QX, QY, QZ, QW);
        double lowest = Double.POSITIVE_INFINITY;
        for (int sx = -1; sx <= 1; sx += 2) {
            for (int sz = -1; sz <= 1; sz += 2) {
                lowest = Math.min(lowest, height(0.5 * sx, -0.01, 0.1 * sz));
            }
        }
        assertThat(lowest).as("the pose puts a corner below the floor").isLessThan(-0.004);
        double[] deepest = {Double.POSITIVE_INFINITY};
        int[] manifolds = {0};
        new MeshCollider().collide(mesh, meshPose, new Box(0.5, 0.01, 0.1), plankPose, 0.02, new ContactSink() {
            @Override
            public void beginManifold(double nx, double ny, double nz, long subKey) {
                manifolds[0]++;
                assertThat(new double[] {nx, ny, nz}).containsExactly(0, 1, 0);
            }

            @Override
            public void addPoint(double x, double y, double z, double separation, long featureId) {
                deepest[0] = Math.min(deepest[0], separation);
            }
        });
        assertThat(manifolds[0]).as("manifolds").isGreaterThan(0);
        assertThat(deepest[0]).as("deepest point: the lowest bottom corner's height").isCloseTo(lowest, within(1e-9));
    }
}
