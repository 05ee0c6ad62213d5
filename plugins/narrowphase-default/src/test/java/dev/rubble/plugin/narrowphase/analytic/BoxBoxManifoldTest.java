package dev.rubble.plugin.narrowphase.analytic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.spi.narrowphase.Narrowphase;
import dev.rubble.spi.narrowphase.Pose;
import dev.rubble.spi.shape.Box;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Box–box manifolds for the near-degenerate configurations a settling pile is full of (issue 4): a
 * box lying with an edge on another's face across its rim, and two nearly parallel edges. One contact
 * point there lets the box pivot, so the pile rocks and cannot sleep. Expected points are built from
 * the construction (corner and crossing heights), not from the collider.
 */
final class BoxBoxManifoldTest {
    private static final double H = 0.25;
    private final Narrowphase np = AnalyticNarrowphasePlugin.createTable();
    private final RecordingSink sink = new RecordingSink();
    private final Pose pa = new Pose(), pb = new Pose();
    private final Box cube = new Box(H, H, H);

    /** Sets {@code pb} from the columns of a rotation matrix (x, y, z axes of B) and a centre. */
    private static void pose(Pose p, double[] x, double[] y, double[] z, double cx, double cy, double cz) {
        double m00 = x[0], m10 = x[1], m20 = x[2], m01 = y[0], m11 = y[1], m21 = y[2], m02 = z[0], m12 = z[1], m22 = z[2];
        double tr = m00 + m11 + m22, qw, qx, qy, qz;
        if (tr > 0) {
            double s = Math.sqrt(tr + 1) * 2;
            qw = 0.25 * s;
            qx = (m21 - m12) / s;
            qy = (m02 - m20) / s;
            qz = (m10 - m01) / s;
        } else if (m00 > m11 && m00 > m22) {
            double s = Math.sqrt(1 + m00 - m11 - m22) * 2;
            qw = (m21 - m12) / s;
            qx = 0.25 * s;
            qy = (m01 + m10) / s;
            qz = (m02 + m20) / s;
        } else if (m11 > m22) {
            double s = Math.sqrt(1 + m11 - m00 - m22) * 2;
            qw = (m02 - m20) / s;
            qx = (m01 + m10) / s;
            qy = 0.25 * s;
            qz = (m12 + m21) / s;
        } else {
            double s = Math.sqrt(1 + m22 - m00 - m11) * 2;
            qw = (m10 - m01) / s;
            qx = (m02 + m20) / s;
            qy = (m12 + m21) / s;
            qz = 0.25 * s;
        }
        p.set(cx, cy, cz, qx, qy, qz, qw);
    }

    private static double[] unit(double x, double y, double z) {
        double l = Math.sqrt(x * x + y * y + z * z);
        return new double[] {x / l, y / l, z / l};
    }

    private static double[] cross(double[] a, double[] b) {
        return new double[] {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
    }

    /**
     * B's frame when its edge along unit {@code e} is its lowest edge along {@code up} (unit, normal to
     * e) and it is rolled by {@code roll} about that edge: columns x, y, z with z = e; the edge is at
     * B-local (-H, +H, z).
     */
    private static double[][] onEdge(double[] e, double[] up, double roll) {
        double[] side = cross(e, up);
        double a = Math.PI / 4 + roll;
        double[] x = new double[3], y = new double[3];
        for (int k = 0; k < 3; k++) {
            x[k] = Math.cos(a) * up[k] + Math.sin(a) * side[k];
            y[k] = -Math.sin(a) * up[k] + Math.cos(a) * side[k];
        }
        return new double[][] {x, y, e};
    }

    /**
     * Cube B lies on its edge across the rim of cube A's top face: the edge dips by a small angle
     * towards the overhanging end, so one SAT edge axis beats A's top face by a fraction of a
     * millimetre. The contact is the part of B's edge over A's face: two points, its inner end and
     * where it crosses A's side plane, at their depths below A's top.
     */
    @Test
    void edgeLyingAcrossAFaceRimGivesTwoPointsAtTheTrueDepths() {
        Random rnd = new Random(7);
        int cases = 0;
        for (int i = 0; i < 200; i++) {
            double dip = Math.toRadians(0.2 + 1.5 * rnd.nextDouble());
            double yaw = Math.toRadians(-20 + 40 * rnd.nextDouble());
            double roll = Math.toRadians(-25 + 50 * rnd.nextDouble());
            double dc = 0.002 + 0.02 * rnd.nextDouble(); // depth of the rim crossing below A's top
            double mz = -0.08 + 0.16 * rnd.nextDouble();
            // B's edge: direction dipping towards +x (rotated about y by yaw), midpoint inside A's top
            double[] e = unit(Math.cos(dip) * Math.cos(yaw), -Math.sin(dip), -Math.cos(dip) * Math.sin(yaw));
            double mx = H - 0.06 - 0.05 * rnd.nextDouble();
            double tc = (H - mx) / e[0]; // edge parameter of the crossing with A's side plane x = H
            double my = H - dc - tc * e[1];
            double[] up = unit(-e[1] * e[0], 1 - e[1] * e[1], -e[1] * e[2]);
            double[][] r = onEdge(e, up, roll);
            // centre = edge midpoint - R (-H, H, 0)
            double cx = mx + H * r[0][0] - H * r[1][0], cy = my + H * r[0][1] - H * r[1][1], cz = mz + H * r[0][2] - H * r[1][2];
            pa.set(0, 0, 0, 0, 0, 0, 1);
            pose(pb, r[0], r[1], r[2], cx, cy, cz);
            sink.clear();
            np.collide(cube, pa, cube, pb, 0.02, sink);
            RecordingSink.Manifold m = sink.only();
            assertThat(m.ny).as("case %d normal", i).isGreaterThan(0.999);
            assertThat(m.points.size()).as("case %d points", i).isGreaterThanOrEqualTo(2);
            // the crossing: on A's side plane at depth dc; the inner end: its own depth
            double innerX = mx - H * e[0], innerY = my - H * e[1], innerZ = mz - H * e[2];
            boolean crossing = false, inner = false;
            for (RecordingSink.Point p : m.points) {
                if (Math.abs(p.x() - H) < 1e-9 && Math.abs(p.separation() + dc) < 1e-9) {
                    crossing = true;
                }
                if (Math.abs(p.x() - innerX) < 1e-9 && Math.abs(p.z() - innerZ) < 1e-9
                        && Math.abs(p.separation() - (innerY - H)) < 1e-9) {
                    inner = true;
                }
            }
            assertThat(crossing).as("case %d: a point where B's edge crosses A's rim, %s", i, m.points).isTrue();
            assertThat(inner).as("case %d: a point at the inner end of B's edge, %s", i, m.points).isTrue();
            cases++;
        }
        assertThat(cases).isEqualTo(200);
    }

    /**
     * Two edges a few degrees from parallel cross on A's top-right rim; B (faces at 45 degrees to the
     * rim's diagonal n) rests on its edge there, the edges' common normal is n and they are {@code d}
     * apart along it. For B's edge direction at angle {@code deg} from the rim: the manifold's normal,
     * its points (A-side witness, separation) and their feature ids.
     */
    private RecordingSink.Manifold rimCrossing(double deg, double d, double zc) {
        double[] n = unit(1, 1, 0);
        double[] t = unit(1, -1, 0);
        double g = Math.toRadians(deg);
        double[] e = {Math.sin(g) * t[0], Math.sin(g) * t[1], Math.cos(g)};
        double[][] r = onEdge(e, n, 0);
        double mx = H - d * n[0], my = H - d * n[1], mz = zc;
        double cx = mx + H * r[0][0] - H * r[1][0], cy = my + H * r[0][1] - H * r[1][1], cz = mz + H * r[0][2] - H * r[1][2];
        pa.set(0, 0, 0, 0, 0, 0, 1);
        pose(pb, r[0], r[1], r[2], cx, cy, cz);
        sink.clear();
        np.collide(cube, pa, cube, pb, 0.02, sink);
        RecordingSink.Manifold m = sink.only();
        assertThat(m.nx * n[0] + m.ny * n[1] + m.nz * n[2]).as("%s deg normal %s", deg, m.points).isGreaterThan(0.9999);
        for (RecordingSink.Point p : m.points) {
            assertThat(p.x()).isCloseTo(H, within(1e-9)); // on A's rim
            assertThat(p.y()).isCloseTo(H, within(1e-9));
            assertThat(p.separation()).isCloseTo(-d, within(1e-9)); // the edges' distance along n
        }
        return m;
    }

    /**
     * Nearly parallel crossing edges: two points at the ends of the edges' overlap along A's rim, so
     * B cannot pivot about one point, and the same two ids at the same places as the angle changes
     * (the crossing point of nearly parallel edges runs far along them when the angle changes a
     * little).
     */
    @Test
    void nearlyParallelCrossingEdgesGiveAStableTwoPointManifold() {
        double d = 0.002, zc = 0.05;
        long[] prevIds = null;
        for (double deg : new double[] {4, 5, 6, 7, 8, -4, -6, -8}) {
            RecordingSink.Manifold m = rimCrossing(deg, d, zc);
            assertThat(m.points).as("%s deg", deg).hasSize(2);
            // overlap of the two edges along A's rim (z): A's [-H, H], B's zc +- H cos g
            double g = Math.toRadians(deg);
            double lo = Math.max(-H, zc - H * Math.cos(g)), hi = Math.min(H, zc + H * Math.cos(g));
            RecordingSink.Point p0 = m.points.get(0), p1 = m.points.get(1);
            RecordingSink.Point low = p0.z() < p1.z() ? p0 : p1, high = p0.z() < p1.z() ? p1 : p0;
            assertThat(low.z()).as("%s deg", deg).isCloseTo(lo, within(1e-9));
            assertThat(high.z()).as("%s deg", deg).isCloseTo(hi, within(1e-9));
            long[] ids = {low.feature(), high.feature()};
            assertThat(ids[0]).isNotEqualTo(ids[1]);
            if (prevIds != null && deg > 0) { // same edge pair on one side of parallel: ids carry over
                assertThat(ids).isEqualTo(prevIds);
            }
            prevIds = ids;
        }
    }

    @Test
    void clearlyCrossingEdgesGiveOnePointWhereTheyCross() {
        for (double deg : new double[] {25, 40, -30}) {
            RecordingSink.Manifold m = rimCrossing(deg, 0.002, 0.05);
            assertThat(m.points).as("%s deg", deg).hasSize(1);
            // the edges cross (seen along n) where B's edge passes the rim: z = zc by construction
            assertThat(m.points.get(0).z()).isCloseTo(0.05, within(1e-9));
        }
    }
}
