package dev.rubble.core.soft;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.soft.cage.CageBuilder;
import dev.rubble.core.world.World;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.TriangleMesh;
import java.util.List;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/**
 * Soft bodies against static triangle meshes (terrain, level geometry): each triangle near the soft body is a
 * coupling pair, two-sided, a point held on the side it came from. Expected values: a block on a mesh floor rests
 * where it rests on a box whose top is the same plane (both hold its points at the contact offset above the
 * plane); nothing reaches the other side, even thrown at it; on a ramp it slides as on a box ramp of the same
 * plane.
 */
final class SoftMeshTest {
    private static final double FLOOR = 1.0;

    /** A 4 x 4 m floor of 1 m squares (32 triangles) in the body's x-z plane; normals +y, or -y when flipped. */
    static TriangleMesh floor(boolean flipped) {
        int n = 4;
        double[] v = new double[3 * (n + 1) * (n + 1)];
        for (int i = 0; i <= n; i++) {
            for (int k = 0; k <= n; k++) {
                int o = 3 * (i * (n + 1) + k);
                v[o] = -2 + k;
                v[o + 2] = -2 + i;
            }
        }
        int[] t = new int[6 * n * n];
        int q = 0;
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < n; k++) {
                int a = i * (n + 1) + k, b = a + 1, c = a + n + 1, d = c + 1;
                // (c - a) x (b - a) = +z x +x = +y: a, c, b is counter-clockwise seen from above
                int[] tri = flipped ? new int[] {a, b, c, b, d, c} : new int[] {a, c, b, b, c, d};
                System.arraycopy(tri, 0, t, q, 6);
                q += 6;
            }
        }
        return new TriangleMesh(v, t);
    }

    private static SoftBodyDef block(double y, double vy) {
        return new SoftBodyDef("jelly", CageBuilder.build(SoftWorldTest.box(0.5, 0.25, 0.5), new int[0], 500, 0.125, 1),
                SoftMaterial.rubber().withYoungsModulus(2e5).withPoissonRatio(0.3), new double[] {0, y, 0},
                new double[] {0, 0, 0, 1}, new double[] {0, vy, 0}, new int[0], new int[0], List.of());
    }

    private static double lowest(World w) {
        SoftBodyStore st = w.softBodies().store();
        double lowest = Double.POSITIVE_INFINITY;
        for (int i = st.pointStart[0]; i < st.pointStart[0] + st.pointCount[0]; i++) {
            lowest = Math.min(lowest, st.state.x[3 * i + 1]);
        }
        return lowest;
    }

    private static double meanVelocity(World w, int axis) {
        SoftBodyStore st = w.softBodies().store();
        double v = 0;
        for (int i = st.pointStart[0]; i < st.pointStart[0] + st.pointCount[0]; i++) {
            v += st.state.v[3 * i + axis] / st.pointCount[0];
        }
        return v;
    }

    private static double meanPosition(World w, int axis) {
        SoftBodyStore st = w.softBodies().store();
        double p = 0;
        for (int i = st.pointStart[0]; i < st.pointStart[0] + st.pointCount[0]; i++) {
            p += st.state.x[3 * i + axis] / st.pointCount[0];
        }
        return p;
    }

    /** The block dropped from {@code y} at {@code vy} onto a floor at height 1 m; the lowest point over the run, and at the end. */
    private static double[] drop(BodyDef floorBody, double y, double vy, int steps) {
        World w = SoftWorldTest.world();
        w.createBody(floorBody.withLabel("floor"));
        w.addSoftBodies(List.of(block(y, vy)));
        double low = Double.POSITIVE_INFINITY;
        for (int i = 0; i < steps; i++) {
            w.step();
            low = Math.min(low, lowest(w));
        }
        assertThat(w.softBodies().store().invertedTets()).isZero();
        return new double[] {low, lowest(w), meanVelocity(w, 1)};
    }

    @Test
    void aSoftBlockRestsOnAMeshFloorWhereItRestsOnABoxTop() {
        double thickness = SoftMaterial.rubber().thickness();
        double[] mesh = drop(BodyDef.of(floor(false)).withMotion(MotionType.STATIC).withPosition(0, FLOOR, 0), 2.0, 0, 240);
        double[] box = drop(BodyDef.of(new Box(2, 0.5, 2)).withMotion(MotionType.STATIC).withPosition(0, FLOOR - 0.5, 0),
                2.0, 0, 240);
        // through the mesh it would fall to the ground at 0
        assertThat(mesh[0]).as("the lowest point over the fall").isGreaterThan(FLOOR - 0.01);
        assertThat(mesh[1]).as("at rest on the floor, at the contact offset").isBetween(FLOOR, FLOOR + thickness + 0.005);
        assertThat(mesh[1]).as("where it rests on a box top at the same height").isCloseTo(box[1], Offset.offset(0.003));
        assertThat(Math.abs(mesh[2])).as("at rest").isLessThan(0.02);
    }

    @Test
    void aMeshIsTwoSidedForSoftBodiesAsForRigidOnes() {
        double[] up = drop(BodyDef.of(floor(false)).withMotion(MotionType.STATIC).withPosition(0, FLOOR, 0), 2.0, 0, 240);
        double[] down = drop(BodyDef.of(floor(true)).withMotion(MotionType.STATIC).withPosition(0, FLOOR, 0), 2.0, 0, 240);
        assertThat(down[0]).as("normals facing down: the lowest point over the fall").isGreaterThan(FLOOR - 0.01);
        assertThat(down[1]).as("rests as on the floor facing up").isCloseTo(up[1], Offset.offset(0.002));
    }

    @Test
    void aBlockThrownDownAt30MetresASecondDoesNotPassThroughTheMesh() {
        // 30 m/s is 0.5 m a step and 3 cm a sub-step: points cross the plane within one sub-step
        double[] mesh = drop(BodyDef.of(floor(false)).withMotion(MotionType.STATIC).withPosition(0, FLOOR, 0), 1.6, -30, 240);
        double[] box = drop(BodyDef.of(new Box(2, 0.5, 2)).withMotion(MotionType.STATIC).withPosition(0, FLOOR - 0.5, 0),
                1.6, -30, 240);
        assertThat(mesh[0]).as("the lowest point over the impact").isGreaterThan(FLOOR - 0.01);
        // the rubber bounces: after 4 s it is in the air, as it is after the same throw onto the box top
        assertThat(mesh[1]).as("where it is after 4 s, against the box top's run").isCloseTo(box[1], Offset.offset(0.001));
        assertThat(mesh[2]).as("its speed then, against the box top's run").isCloseTo(box[2], Offset.offset(0.001));
    }

    /** Mean displacement along the ramp's downhill direction over 2 s for a ramp tilted {@code degrees} about z. */
    static double slide(double degrees, boolean boxRamp) {
        World w = SoftWorldTest.world();
        double a = Math.toRadians(degrees);
        // turned about z by -a: the floor's +x runs downhill (its height falls along x)
        double sa = Math.sin(a / 2), ca = Math.cos(a / 2);
        if (boxRamp) { // a 4 x 1 x 4 m box whose top face is the mesh ramp's plane
            w.createBody(BodyDef.of(new Box(2, 0.5, 2)).withMotion(MotionType.STATIC)
                    .withPosition(-0.5 * Math.sin(a), 3 - 0.5 * Math.cos(a), 0).withOrientation(0, 0, -sa, ca));
        } else {
            w.createBody(BodyDef.of(floor(false)).withMotion(MotionType.STATIC).withPosition(0, 3, 0)
                    .withOrientation(0, 0, -sa, ca));
        }
        // the block's centre 0.25 m + offset above the ramp's centre, turned with it
        double up = 0.25 + SoftMaterial.rubber().thickness() + 0.002;
        SoftBodyDef d = block(0, 0);
        w.addSoftBodies(List.of(new SoftBodyDef(d.label(), d.cage(), d.material(),
                new double[] {up * Math.sin(a), 3 + up * Math.cos(a), 0},
                new double[] {0, 0, -Math.sin(a / 2), Math.cos(a / 2)}, new double[3], new int[0], new int[0], List.of())));
        for (int i = 0; i < 30; i++) {
            w.step(); // settle onto the ramp
        }
        double x0 = meanPosition(w, 0), y0 = meanPosition(w, 1);
        for (int i = 0; i < 120; i++) {
            w.step();
        }
        double dx = meanPosition(w, 0) - x0, dy = meanPosition(w, 1) - y0;
        return dx * Math.cos(a) - dy * Math.sin(a);
    }

    @Test
    void onAMeshRampTheBlockSlidesAsOnABoxRampOfTheSamePlane() {
        // the ramp's plane, friction and the block are the same; only the shape under them differs
        for (double deg : new double[] {15, 40}) {
            assertThat(slide(deg, false)).as(deg + "°: displacement down the ramp in 2 s, against the box ramp's")
                    .isCloseTo(slide(deg, true), Offset.offset(0.02));
        }
        // tan 40° = 0.84 > 0.5: it slides, a = g (sin θ - μ cos θ) = 2.55 m/s², 5.1 m in 2 s from rest (less once
        // it reaches the ramp's end, 2 m downhill of its centre, and falls off)
        assertThat(slide(40, false)).as("40°: displacement down the mesh ramp in 2 s").isGreaterThan(1.0);
    }

    /**
     * A tent (ridge, {@code slope} < 0 ... a convex crease) or a valley ({@code slope} > 0, a concave crease) along
     * z: height {@code 1 + 0.2 + slope |x|} for a ridge of slope -0.2, {@code 1 + 0.2 |x|} for a valley; two
     * triangles a side.
     */
    private static TriangleMesh crease(double slope) {
        double mid = slope < 0 ? FLOOR + 0.4 : FLOOR, edge = mid + 2 * slope;
        double[] v = {-2, edge, -2, 0, mid, -2, 2, edge, -2, -2, edge, 2, 0, mid, 2, 2, edge, 2};
        // counter-clockwise seen from above: (v3 - v0) x (v1 - v0) points up
        int[] t = {0, 3, 1, 1, 3, 4, 1, 4, 2, 2, 4, 5};
        return new TriangleMesh(v, t);
    }

    @Test
    void aSoftBlockDrapedOverARidgeOrSettledInAValleyStaysAboveTheSurface() {
        for (double slope : new double[] {-0.2, 0.2}) {
            World w = SoftWorldTest.world();
            w.createBody(BodyDef.of(crease(slope)).withMotion(MotionType.STATIC));
            w.addSoftBodies(List.of(block(2.2, 0)));
            double mid = slope < 0 ? FLOOR + 0.4 : FLOOR;
            SoftBodyStore st = w.softBodies().store();
            double worst = Double.POSITIVE_INFINITY;
            for (int k = 0; k < 240; k++) {
                w.step();
                for (int i = st.pointStart[0]; i < st.pointStart[0] + st.pointCount[0]; i++) {
                    double x = st.state.x[3 * i], y = st.state.x[3 * i + 1];
                    worst = Math.min(worst, y - (mid + slope * Math.abs(x)));
                }
            }
            assertThat(worst).as("slope " + slope + ": the deepest any point got under the surface").isGreaterThan(-0.01);
            assertThat(Math.abs(meanVelocity(w, 1))).as("slope " + slope + ": at rest").isLessThan(0.02);
            assertThat(st.invertedTets()).isZero();
        }
    }
}
