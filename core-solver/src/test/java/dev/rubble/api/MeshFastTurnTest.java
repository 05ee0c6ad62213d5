package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Plane;
import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.shape.TriangleMesh;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * A long body turning far within one step does not end a step through a static triangle mesh, nor deep below a
 * plane (docs/dynamics.md, "Fast turns"). The rod and placements are {@code FastTurnTest}'s: a 2 m rod (1 kg, 4 cm
 * thick, along y) spins at ±90 rad/s about z through its middle, 1.5 rad a step at 60 Hz, beside a static wall 0.6 m
 * off its axis (normal at {@code alpha} in the spin's plane, moved {@code s} along its face, {@code h} its
 * half-extent there, 2 m along z), here a mesh: two triangles, a closed 4 cm slab of twelve, or 0.1 m cells. Before,
 * of 264 placements, 95 (two triangles), 68 (slab) and 89 (cells) ended some step with the rod through the wall.
 * Expected from geometry: the rod's axis never crosses the wall's plane within the wall with its end more than
 * 1.5 cm past it (the rod's end against the mesh's plane).
 */
final class MeshFastTurnTest {

    /** A thin wall in the local plane x = 0, |y| &le; h, |z| &le; half, of square cells {@code cell} wide (0: two triangles). */
    static TriangleMesh wall(double h, double half, double cell) {
        int ny = cell > 0 ? (int) Math.round(2 * h / cell) : 1, nz = cell > 0 ? (int) Math.round(2 * half / cell) : 1;
        return grid(1, h, ny, 2, half, nz); // faces +x (y × z)
    }

    /**
     * A flat grid through the origin: vertex row i at coordinate {@code rowAxis} = −rowHalf + 2 rowHalf i / rows, column
     * j at coordinate {@code colAxis} likewise; each cell two triangles wound to face along (row axis) × (column axis).
     */
    static TriangleMesh grid(int rowAxis, double rowHalf, int rows, int colAxis, double colHalf, int cols) {
        double[] v = new double[3 * (rows + 1) * (cols + 1)];
        for (int i = 0; i <= rows; i++) {
            for (int j = 0; j <= cols; j++) {
                int o = 3 * (i * (cols + 1) + j);
                v[o + rowAxis] = -rowHalf + 2 * rowHalf * i / rows;
                v[o + colAxis] = -colHalf + 2 * colHalf * j / cols;
            }
        }
        int[] idx = new int[6 * rows * cols];
        int k = 0;
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                int a = i * (cols + 1) + j, b = a + 1, c = a + cols + 1, d = c + 1;
                idx[k++] = a;
                idx[k++] = c;
                idx[k++] = b;
                idx[k++] = b;
                idx[k++] = c;
                idx[k++] = d;
            }
        }
        return new TriangleMesh(v, idx);
    }

    /** The closed box |x| &le; 0.02, |y| &le; h, |z| &le; 2 as twelve triangles. */
    static TriangleMesh slab(double h) {
        double[] v = new double[24];
        for (int c = 0; c < 8; c++) {
            v[3 * c] = (c & 1) == 0 ? -0.02 : 0.02;
            v[3 * c + 1] = (c & 2) == 0 ? -h : h;
            v[3 * c + 2] = (c & 4) == 0 ? -2 : 2;
        }
        return new TriangleMesh(v, new int[] {0, 2, 1, 1, 2, 3, 4, 5, 6, 5, 7, 6, 0, 1, 4, 1, 5, 4, 2, 6, 3, 3, 6, 7,
                0, 4, 2, 2, 4, 6, 1, 3, 5, 3, 7, 5});
    }

    /** Whether the rod's axis crosses the wall's plane within |t| &lt; h - 5 mm and reaches more than 1.5 cm past it. */
    static boolean through(Vector3d c, Quaterniond q, double cx, double cy, double nx, double ny, double h) {
        Vector3d e = q.transform(new Vector3d(0, 1, 0));
        double dc = (c.x - cx) * nx + (c.y - cy) * ny, de = e.x * nx + e.y * ny;
        if (Math.abs(de) < 1e-12) {
            return false;
        }
        double u = -dc / de; // where along the axis (-1..1) it meets the plane
        if (Math.abs(u) > 1) {
            return false;
        }
        double px = c.x + u * e.x - cx, py = c.y + u * e.y - cy;
        if (Math.abs(-px * ny + py * nx) >= h - 0.005) {
            return false;
        }
        return (1 - Math.abs(u)) * Math.abs(de) > 0.015;
    }

    /** Whether the rod ends some of 20 steps through the wall {@code shape} placed as {@code FastTurnTest} places its plate. */
    private static boolean endsThrough(Shape shape, double alphaDegrees, double s, double h, double spin, int subSteps) {
        double alpha = Math.toRadians(alphaDegrees);
        double nx = Math.cos(alpha), ny = Math.sin(alpha);
        double cx = 0.6 * nx - s * ny, cy = 0.6 * ny + s * nx;
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withGravity(new Vector3d()).withTimeStep(1 / 60.0, subSteps));
        w.addBody(BodySpec.fixed(shape).withPosition(new Vector3d(cx, cy, 0)).withOrientation(new Quaterniond().rotateZ(alpha)));
        BodyId rod = w.addBody(BodySpec.dynamic(new Box(0.02, 1, 0.02)).withMass(1).withAngularVelocity(new Vector3d(0, 0, spin)));
        Vector3d c = new Vector3d();
        Quaterniond q = new Quaterniond();
        for (int i = 0; i < 20; i++) {
            w.step();
            if (through(w.position(rod, c), w.orientation(rod, q), cx, cy, nx, ny, h)) {
                return true;
            }
        }
        return false;
    }

    // placements that ended through a mesh wall before (at one sub-step), among FastTurnTest's
    private static final double[][] CASES = {{0, 0, 0.3, 90}, {0, 0, 0.3, -90}, {0, 0.5, 0.3, 90}, {0, -0.5, 1.0, -90},
            {30, -1.0, 0.3, 90}, {30, 1.0, 1.0, 90}, {60, -1.5, 1.0, -90}, {0, 1.0, 1.0, 90}};

    @Test
    void aRodSpinningFastDoesNotEndAStepThroughAWallOfTwoTriangles() {
        for (double[] k : CASES) {
            for (int subSteps : new int[] {1, 4}) {
                assertThat(endsThrough(wall(k[2], 2, 0), k[0], k[1], k[2], k[3], subSteps))
                        .as("alpha %.0f s %.1f h %.1f spin %.0f, %d sub-steps", k[0], k[1], k[2], k[3], subSteps).isFalse();
            }
        }
    }

    @Test
    void aRodSpinningFastDoesNotEndAStepThroughASlabMesh() {
        for (double[] k : CASES) {
            assertThat(endsThrough(slab(k[2]), k[0], k[1], k[2], k[3], 1))
                    .as("alpha %.0f s %.1f h %.1f spin %.0f", k[0], k[1], k[2], k[3]).isFalse();
        }
    }

    @Test
    void aRodSpinningFastDoesNotEndAStepThroughAWallOfSmallTriangles() {
        for (double[] k : CASES) {
            assertThat(endsThrough(wall(k[2], 2, 0.1), k[0], k[1], k[2], k[3], 1))
                    .as("alpha %.0f s %.1f h %.1f spin %.0f", k[0], k[1], k[2], k[3]).isFalse();
        }
    }

    @Test
    void aMeshOfAHundredThousandTrianglesCostsOnlyTheTrianglesWithinTheSweepsReach() {
        // FastTurnTest's first placement (a wall 0.6 m wide, 0.6 m off the axis) as a mesh of 1 cm cells 8.34 m
        // along z: 100 080 triangles. The sweep may only measure those whose bounds meet the box of the rod's centre's
        // path grown by its reach (brute force over all of them here), and it measures far fewer: those along the band
        // its turn sweeps
        TriangleMesh mesh = wall(0.3, 4.17, 0.01);
        assertThat(mesh.triangleCount()).isEqualTo(100_080);
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withGravity(new Vector3d()).withTimeStep(1 / 60.0, 1));
        w.addBody(BodySpec.fixed(mesh).withPosition(new Vector3d(0.6, 0, 0)));
        BodyId rod = w.addBody(BodySpec.dynamic(new Box(0.02, 1, 0.02)).withMass(1).withAngularVelocity(new Vector3d(0, 0, 90)));
        double r = Math.sqrt(1 + 2 * 0.02 * 0.02) + 0.005; // the rod's reach and the sweep's tolerance
        Vector3d c0 = new Vector3d(), c1 = new Vector3d();
        Quaterniond q = new Quaterniond();
        int measured = 0, within = 0;
        for (int i = 0; i < 20; i++) {
            w.position(rod, c0);
            w.step();
            w.position(rod, c1);
            double minX = Math.min(c0.x, c1.x) - r - 0.6, maxX = Math.max(c0.x, c1.x) + r - 0.6; // in the mesh's frame
            double minY = Math.min(c0.y, c1.y) - r, maxY = Math.max(c0.y, c1.y) + r;
            double minZ = Math.min(c0.z, c1.z) - r, maxZ = Math.max(c0.z, c1.z) + r;
            int near = 0;
            for (int t = 0; t < mesh.triangleCount(); t++) {
                boolean meets = true;
                for (int axis = 0; axis < 3; axis++) {
                    double lo = Double.POSITIVE_INFINITY, hi = Double.NEGATIVE_INFINITY;
                    for (int k = 0; k < 3; k++) {
                        lo = Math.min(lo, mesh.corner(t, k, axis));
                        hi = Math.max(hi, mesh.corner(t, k, axis));
                    }
                    double bMin = axis == 0 ? minX : axis == 1 ? minY : minZ, bMax = axis == 0 ? maxX : axis == 1 ? maxY : maxZ;
                    meets &= lo <= bMax && hi >= bMin;
                }
                near += meets ? 1 : 0;
            }
            int shapes = w.lastProfile().fastTurnShapes();
            assertThat(shapes).as("step %d", i).isLessThanOrEqualTo(near);
            measured += shapes;
            within += near;
            assertThat(through(c1, w.orientation(rod, q), 0.6, 0, 1, 0, 0.3)).as("step %d", i).isFalse();
        }
        assertThat(measured).as("the sweep ran").isPositive();
        assertThat(measured).as("of %d within reach", within).isLessThan(within / 5);
    }

    @Test
    void aRodSpinningClearOfAMeshWallKeepsItsSpin() {
        // the wall of 0.1 m cells 1.2 m from the axis: the ends (1 m out) never reach it, so nothing may slow the rod
        // (as FastTurnTest's plate; before, the speculative points of the triangles' planes turned it back to -10 rad/s:
        // the ghost-contact sweep kept every mesh manifold)
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withGravity(new Vector3d()).withTimeStep(1 / 60.0, 1));
        w.addBody(BodySpec.fixed(wall(2, 2, 0.1)).withPosition(new Vector3d(1.2, 0, 0)));
        BodyId rod = w.addBody(BodySpec.dynamic(new Box(0.02, 1, 0.02)).withMass(1).withAngularVelocity(new Vector3d(0, 0, 90)));
        for (int i = 0; i < 60; i++) {
            w.step();
        }
        assertThat(w.angularVelocity(rod, new Vector3d()).z).isEqualTo(90.0);
        assertThat(w.position(rod, new Vector3d()).length()).isLessThan(1e-9);
    }

    /**
     * A rod spinning at 90 rad/s about x (along y, its axis 0.7 m over the ground plane z = 0, no gravity, four
     * sub-steps), its end 40° above the horizontal moving down: the end's arc within a step (1.5 rad) reaches
     * 0.7 - sin(46°) = -0.02 m where the speculative contacts' straight line reaches 1.15 m of its 1.34 m gap. Before,
     * the step ended with a corner 2.07 cm below the plane. Expected from geometry: no corner more than 1.5 cm below
     * z = 0 at the end of any step; and from energy: the rod never has more kinetic energy than it started with.
     */
    @Test
    void aRodSpinningOverAPlaneEndsNoStepDeepBelowItNorGainsEnergy() {
        for (double[] k : new double[][] {{40, -90}, {140, 90}}) {
            PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withGravity(new Vector3d()).withTimeStep(1 / 60.0, 4));
            w.addBody(BodySpec.fixed(new Plane(0, 0, 1, 0)));
            BodyId rod = w.addBody(BodySpec.dynamic(new Box(0.02, 1, 0.02)).withMass(1).withPosition(new Vector3d(0, 0, 0.7))
                    .withOrientation(new Quaterniond().rotateX(Math.toRadians(k[0]))).withAngularVelocity(new Vector3d(k[1], 0, 0)));
            double e0 = energy(w, rod);
            Vector3d c = new Vector3d();
            Quaterniond q = new Quaterniond();
            for (int i = 0; i < 21; i++) {
                w.step();
                w.position(rod, c);
                w.orientation(rod, q);
                for (int corner = 0; corner < 8; corner++) {
                    Vector3d p = q.transform(new Vector3d((corner & 1) == 0 ? -0.02 : 0.02, (corner & 2) == 0 ? -1 : 1,
                            (corner & 4) == 0 ? -0.02 : 0.02)).add(c);
                    assertThat(p.z).as("phase %.0f, step %d, corner %d", k[0], i, corner).isGreaterThan(-0.015);
                }
                assertThat(energy(w, rod)).as("phase %.0f, step %d", k[0], i).isLessThanOrEqualTo(e0 * (1 + 1e-12));
            }
        }
    }

    /** The rod's kinetic energy: m v² / 2 plus ω·Iω / 2 with a box's moments (m (b² + c²) / 12 about each axis). */
    private static double energy(PhysicsWorld w, BodyId rod) {
        Vector3d v = w.linearVelocity(rod, new Vector3d());
        Vector3d wl = w.orientation(rod, new Quaterniond()).transformInverse(w.angularVelocity(rod, new Vector3d()));
        double ix = (4 + 0.0016) / 12, iy = (0.0016 + 0.0016) / 12, iz = ix;
        return 0.5 * v.lengthSquared() + 0.5 * (ix * wl.x * wl.x + iy * wl.y * wl.y + iz * wl.z * wl.z);
    }
}
