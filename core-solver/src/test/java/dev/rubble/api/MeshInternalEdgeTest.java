package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.shape.Sphere;
import dev.rubble.spi.shape.TriangleMesh;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * A flat floor made of triangles must behave as a flat floor: nothing sliding over it may feel the
 * edges between its triangles. Frictionless, so by Newton's first law a body sliding on it keeps its
 * horizontal velocity, and it stays at its resting height (radius / half extent, less the soft
 * contact's millimetre). Before, the edge ahead was a speculative wall whose normal pointed from the edge
 * to the body: a 0.25 m sphere at 8 m/s jumped 0.21 m and kept 31 % of its speed, a 0.5 m box jumped
 * 0.35 m, spun at 10 rad/s and kept 7 %. Jolt ignores such inactive edges, Bullet adjusts them
 * (btAdjustInternalEdgeContacts), Box2D uses chain shapes with ghost vertices.
 */
class MeshInternalEdgeTest {

    /** An n × n grid of square cells of {@code cell} metres at y = 0, two triangles per cell. */
    static TriangleMesh floor(int n, double cell) {
        double[] vs = new double[3 * (n + 1) * (n + 1)];
        int k = 0;
        for (int i = 0; i <= n; i++) {
            for (int j = 0; j <= n; j++) {
                vs[k++] = (i - n / 2.0) * cell;
                vs[k++] = 0;
                vs[k++] = (j - n / 2.0) * cell;
            }
        }
        int[] idx = new int[6 * n * n];
        k = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                int a = i * (n + 1) + j, b = a + 1, c = a + n + 1, d = c + 1;
                idx[k++] = a; idx[k++] = b; idx[k++] = c;
                idx[k++] = b; idx[k++] = d; idx[k++] = c;
            }
        }
        return new TriangleMesh(vs, idx);
    }

    @Test
    void sphereAndBoxSlideOverAFlatTriangleFloorWithoutBumping() {
        for (Shape s : new Shape[] {new Sphere(0.25), new Box(0.25, 0.25, 0.25)}) {
            for (double z : new double[] {0.3, 0.0}) { // across cells, and along a row of vertices
                PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withSleeping(false));
                w.addBody(BodySpec.fixed(floor(40, 1.0)).withMaterial(0, 0));
                BodyId b = w.addBody(BodySpec.dynamic(s).withPosition(new Vector3d(-10, 0.25, z))
                        .withLinearVelocity(new Vector3d(8, 0, 0)).withMaterial(0, 0));
                double lowest = 1, highest = 0;
                Vector3d p = new Vector3d(), v = new Vector3d();
                for (int i = 0; i < 120; i++) { // 16 m: over 16 cells
                    w.step();
                    w.position(b, p);
                    lowest = Math.min(lowest, p.y);
                    highest = Math.max(highest, p.y);
                }
                w.linearVelocity(b, v);
                assertThat(v.x).as("%s at z = %s: speed along the floor", s.type(), z).isCloseTo(8, within(1e-3));
                assertThat(highest).as("%s at z = %s: highest", s.type(), z).isLessThan(0.2505);
                assertThat(lowest).as("%s at z = %s: lowest", s.type(), z).isGreaterThan(0.245);
            }
        }
    }

    @Test
    void aCreaseInTheMeshStillStopsWhatRunsIntoIt() {
        // a floor (y = 0, x < 0) meeting a wall (x = 0, rising to y = 1) along a shared edge: a 90° crease is
        // not smooth, and a sphere sliding into the corner must stop at the wall, not pass it
        TriangleMesh corner = new TriangleMesh(new double[] {
            -5, 0, -5, -5, 0, 5, 0, 0, -5, 0, 0, 5, 0, 1, -5, 0, 1, 5},
            new int[] {0, 1, 2, 1, 3, 2, 2, 3, 4, 3, 5, 4});
        assertThat(corner.smoothEdge(0, 0)).as("boundary").isFalse();
        assertThat(corner.smoothEdge(0, 1)).as("the floor's diagonal").isTrue();
        assertThat(corner.smoothEdge(1, 1)).as("the crease").isFalse();
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withSleeping(false));
        w.addBody(BodySpec.fixed(corner).withMaterial(0, 0));
        BodyId b = w.addBody(BodySpec.dynamic(new Sphere(0.25)).withPosition(new Vector3d(-3, 0.25, 0))
                .withLinearVelocity(new Vector3d(8, 0, 0)).withMaterial(0, 0));
        double farthest = -9;
        for (int i = 0; i < 60; i++) {
            w.step();
            farthest = Math.max(farthest, w.position(b, new Vector3d()).x);
        }
        assertThat(farthest).isLessThan(-0.24);
    }

    /**
     * A plank 1 m × 2 cm × 20 cm dropped tilted (40 seeded orientations, places and speeds of 0.5 to
     * 10.5 m/s) across the shared diagonal of a floor of two 100 m triangles must come to rest on the
     * floor, its centre at its half thickness (1 cm) at the least, never below the floor. Before, the
     * contacts whose feature was that smooth edge were dropped as "the neighbour's face holds it": a plank
     * landing across the edge met it in both triangles and lost every contact, and 16 of these 40 planks
     * fell through the floor. Now such a contact is the face's (Jolt's inactive edges).
     */
    @Test
    void aThinPlankLandingAcrossASmoothEdgeStaysOnTheFloor() {
        TriangleMesh two = new TriangleMesh(new double[] {-50, 0, -50, 50, 0, -50, 50, 0, 50, -50, 0, 50},
                new int[] {0, 2, 1, 0, 3, 2});
        java.util.Random r = new java.util.Random(7);
        for (int k = 0; k < 40; k++) {
            PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
            w.addBody(BodySpec.fixed(two));
            double x = r.nextDouble() * 0.2 - 0.1; // the diagonal x = z runs under the plank
            org.joml.Quaterniond q = new org.joml.Quaterniond().rotateXYZ(r.nextDouble() * 2 - 1, r.nextDouble() * 6,
                    r.nextDouble() * 2 - 1);
            double vy = -(0.5 + r.nextDouble() * 10);
            BodyId plank = w.addBody(BodySpec.dynamic(new Box(0.5, 0.01, 0.1)).withPosition(new Vector3d(x, 1, x + 0.02))
                    .withOrientation(q).withLinearVelocity(new Vector3d(0, vy, 0)));
            double lowest = Double.POSITIVE_INFINITY;
            Vector3d c = new Vector3d();
            for (int i = 0; i < 120; i++) {
                w.step();
                lowest = Math.min(lowest, w.centerOfMass(plank, c).y);
            }
            assertThat(lowest).as("drop %d: lowest centre", k).isGreaterThan(0);
            assertThat(c.y).as("drop %d: resting height", k).isCloseTo(0.01, within(0.002));
        }
    }
}
