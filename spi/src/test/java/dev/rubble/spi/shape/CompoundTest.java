package dev.rubble.spi.shape;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

final class CompoundTest {

    @Test
    void twoBoxesCombineWithTheParallelAxisTheorem() {
        Compound c = new Compound(List.of(Compound.Child.at(new Box(0.5, 0.5, 0.5), -1, 0, 0),
                Compound.Child.at(new Box(0.5, 0.5, 0.5), 1, 0, 0)));
        MassProperties m = c.massProperties(1);
        // each cube: m = 1, I = 1/6 about its centre; shifted by 1 m along x
        assertThat(m.mass()).isCloseTo(2, within(1e-12));
        assertThat(m.comX()).isCloseTo(0, within(1e-12));
        double[] got = sorted(m.ixx(), m.iyy(), m.izz());
        assertThat(got[0]).isCloseTo(2.0 / 6, within(1e-12));
        assertThat(got[1]).isCloseTo(2.0 / 6 + 2, within(1e-12));
        assertThat(got[2]).isCloseTo(2.0 / 6 + 2, within(1e-12));
    }

    @Test
    void offCentreUnequalChildrenGiveTheAnalyticTensorAndItsPrincipalFrame() {
        // sphere r=1 (m1) at (0,0,0) and sphere r=0.5 (m2) at (1,1,0): principal axes along the diagonal
        Compound c = new Compound(List.of(Compound.Child.at(new Sphere(1), 0, 0, 0),
                Compound.Child.at(new Sphere(0.5), 1, 1, 0)));
        double m1 = 4.0 / 3 * Math.PI, m2 = m1 / 8;
        MassProperties m = c.massProperties(1);
        double mt = m1 + m2;
        double cx = m2 / mt;
        assertThat(m.comX()).isCloseTo(cx, within(1e-12));
        assertThat(m.comY()).isCloseTo(cx, within(1e-12));
        // about the axis through the com along (1,1,0): both centres lie on it -> only own inertias
        double own = 0.4 * m1 + 0.4 * m2 * 0.25;
        double d2 = 2 * (1 - cx) * (1 - cx), d1 = 2 * cx * cx; // squared distances to the com
        double perp = own + m1 * d1 + m2 * d2; // about axes perpendicular to the line of centres
        double[] got = sorted(m.ixx(), m.iyy(), m.izz());
        assertThat(got[0]).isCloseTo(own, within(1e-12));
        assertThat(got[1]).isCloseTo(perp, within(1e-12));
        assertThat(got[2]).isCloseTo(perp, within(1e-12));
        // the principal axis with the smallest moment is the line of centres
        double[] axis = new double[3];
        double[] moments = {m.ixx(), m.iyy(), m.izz()};
        int k = moments[0] == got[0] ? 0 : (moments[1] == got[0] ? 1 : 2);
        ShapeMath.rotate(m.qx(), m.qy(), m.qz(), m.qw(), k == 0 ? 1 : 0, k == 1 ? 1 : 0, k == 2 ? 1 : 0, axis, 0);
        assertThat(Math.abs(axis[0] + axis[1]) / Math.sqrt(2)).isCloseTo(1, within(1e-9));
    }

    @Test
    void bvhOnlyAboveTenChildrenAndChildrenMustBeConvex() {
        List<Compound.Child> kids = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            kids.add(Compound.Child.at(new Sphere(0.5), i, 0, 0));
        }
        assertThat(new Compound(kids).tree()).isNull();
        kids.add(Compound.Child.at(new Sphere(0.5), 10, 0, 0));
        Compound c = new Compound(kids);
        assertThat(c.tree()).isNotNull();
        int[] seen = new int[1];
        c.queryChildren(3.2, -0.1, -0.1, 5.2, 0.1, 0.1, item -> {
            seen[0] |= 1 << item;
            return true;
        });
        assertThat(seen[0]).isEqualTo((1 << 3) | (1 << 4) | (1 << 5));
        assertThatThrownBy(() -> Compound.Child.at(new Plane(0, 1, 0, 0), 0, 0, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("PLANE");
    }

    static double[] sorted(double... v) {
        double[] c = v.clone();
        java.util.Arrays.sort(c);
        return c;
    }

    /** The O(1) box of a posed compound holds its exact bounds at any pose, and is the rotated local box. */
    @Test
    void enclosingBoundsHoldTheExactBoundsAtAnyPose() {
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(3);
        java.util.List<Compound.Child> kids = new java.util.ArrayList<>();
        for (int i = 0; i < 20; i++) {
            kids.add(new Compound.Child(new Box(rnd.nextDouble(0.01, 0.3), rnd.nextDouble(0.01, 0.3), rnd.nextDouble(0.01, 0.3)),
                    rnd.nextDouble(-2, 2), rnd.nextDouble(-1, 1), rnd.nextDouble(-0.5, 0.5),
                    rnd.nextDouble(-1, 1), rnd.nextDouble(-1, 1), rnd.nextDouble(-1, 1), rnd.nextDouble(-1, 1)));
        }
        Compound c = new Compound(kids);
        double[] exact = new double[6], loose = new double[6];
        c.enclosingBounds(0, 0, 0, 0, 0, 0, 1, loose, 0);
        double hx = (loose[3] - loose[0]) / 2, hy = (loose[4] - loose[1]) / 2, hz = (loose[5] - loose[2]) / 2;
        double radius = Math.sqrt(hx * hx + hy * hy + hz * hz); // the local box's circumscribed sphere
        for (int k = 0; k < 500; k++) {
            double qx = rnd.nextDouble(-1, 1), qy = rnd.nextDouble(-1, 1), qz = rnd.nextDouble(-1, 1), qw = rnd.nextDouble(-1, 1);
            double n = Math.sqrt(qx * qx + qy * qy + qz * qz + qw * qw);
            double px = rnd.nextDouble(-1e3, 1e3), py = rnd.nextDouble(-1e3, 1e3), pz = rnd.nextDouble(-1e3, 1e3);
            c.bounds(px, py, pz, qx / n, qy / n, qz / n, qw / n, exact, 0);
            c.enclosingBounds(px, py, pz, qx / n, qy / n, qz / n, qw / n, loose, 0);
            for (int a = 0; a < 3; a++) {
                assertThat(loose[a]).as("pose %d min %d", k, a).isLessThanOrEqualTo(exact[a]);
                assertThat(loose[a + 3]).as("pose %d max %d", k, a).isGreaterThanOrEqualTo(exact[a + 3]);
                // no looser than the local box's circumscribed sphere
                assertThat(loose[a + 3] - loose[a]).isLessThan(2 * radius + 1e-6);
            }
        }
        // unrotated: the union of the children's local bounds, moved (up to the 1e-12 guard)
        c.enclosingBounds(5, 0, 0, 0, 0, 0, 1, loose, 0);
        c.bounds(5, 0, 0, 0, 0, 0, 1, exact, 0);
        for (int a = 0; a < 6; a++) {
            assertThat(loose[a]).isCloseTo(exact[a], org.assertj.core.api.Assertions.within(1e-9));
        }
    }

    /**
     * Issue 27: with more than {@link Compound#PRUNE_THRESHOLD} children, bounds visit only the children whose
     * bounding spheres reach one of the six extremes. The result must be the full loop's to the last bit
     * (the broadphase and the golden hashes see these bounds): random compounds of boxes, spheres, capsules and
     * hulls, packed pieces and scattered ones, at random poses near the origin and far from it, with unit and
     * slightly non-unit rotations, against {@code allBounds}; a pose that is not finite takes the full loop.
     */
    @Test
    void prunedBoundsAreTheFullLoopsToTheLastBit() {
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(2027);
        double[] got = new double[6], want = new double[6];
        int poses = 0;
        for (int trial = 0; trial < 120; trial++) {
            int n = Compound.PRUNE_THRESHOLD + 1 + rnd.nextInt(trial < 60 ? 40 : 400);
            double spread = trial % 3 == 0 ? 0.3 : 3; // packed (a statue's pieces) or scattered
            List<Compound.Child> kids = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                Shape shape = switch (rnd.nextInt(4)) {
                    case 0 -> new Box(rnd.nextDouble(0.01, 0.3), rnd.nextDouble(0.01, 0.3), rnd.nextDouble(0.01, 0.3));
                    case 1 -> new Sphere(rnd.nextDouble(0.01, 0.3));
                    case 2 -> new Capsule(rnd.nextDouble(0.01, 0.1), rnd.nextDouble(0.01, 0.3));
                    default -> octahedron(rnd);
                };
                // a regular grid now and then: many children share the extreme coordinates exactly
                double x = trial % 5 == 0 ? 0.25 * (i % 7) : rnd.nextDouble(-spread, spread);
                double y = trial % 5 == 0 ? 0.25 * ((i / 7) % 7) : rnd.nextDouble(-spread, spread);
                double z = trial % 5 == 0 ? 0.25 * (i / 49) : rnd.nextDouble(-spread, spread);
                kids.add(trial % 5 == 0 ? Compound.Child.at(new Box(0.125, 0.125, 0.125), x, y, z)
                        : new Compound.Child(shape, x, y, z, rnd.nextDouble(-1, 1), rnd.nextDouble(-1, 1),
                        rnd.nextDouble(-1, 1), rnd.nextDouble(-1, 1)));
            }
            Compound c = new Compound(kids);
            for (int k = 0; k < 40; k++) {
                double qx = rnd.nextDouble(-1, 1), qy = rnd.nextDouble(-1, 1), qz = rnd.nextDouble(-1, 1), qw = rnd.nextDouble(-1, 1);
                double norm = Math.sqrt(qx * qx + qy * qy + qz * qz + qw * qw) * (k % 4 == 3 ? 1 + 1e-7 : 1);
                if (k % 8 == 0) { // axis-aligned and quarter turns: exact ties between children
                    qx = 0; qy = k % 16 == 0 ? 0 : Math.sqrt(0.5); qz = 0; qw = k % 16 == 0 ? 1 : Math.sqrt(0.5);
                    norm = 1;
                }
                double scale = k % 3 == 0 ? 1e4 : (k % 3 == 1 ? 1 : 1e-3);
                double px = rnd.nextDouble(-scale, scale), py = rnd.nextDouble(-scale, scale), pz = rnd.nextDouble(-scale, scale);
                c.bounds(px, py, pz, qx / norm, qy / norm, qz / norm, qw / norm, got, 0);
                c.allBounds(px, py, pz, qx / norm, qy / norm, qz / norm, qw / norm, want, 0);
                for (int a = 0; a < 6; a++) {
                    assertThat(Double.doubleToRawLongBits(got[a])).as("trial %d pose %d bound %d: %s vs %s", trial, k, a,
                            got[a], want[a]).isEqualTo(Double.doubleToRawLongBits(want[a]));
                }
                poses++;
            }
            c.bounds(Double.NaN, 0, 0, 0, 0, 0, 1, got, 0);
            c.allBounds(Double.NaN, 0, 0, 0, 0, 0, 1, want, 0);
            assertThat(got).containsExactly(want);
            c.bounds(0, 0, 0, Double.POSITIVE_INFINITY, 0, 0, 1, got, 0);
            c.allBounds(0, 0, 0, Double.POSITIVE_INFINITY, 0, 0, 1, want, 0);
            assertThat(got).containsExactly(want);
        }
        assertThat(poses).isEqualTo(120 * 40);
    }

    /** Edges of the pruning: coincident children, a compound far from its origin, tiny and huge children. */
    @Test
    void prunedBoundsAtTheEdgesAreTheFullLoops() {
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(7);
        List<List<Compound.Child>> cases = new ArrayList<>();
        List<Compound.Child> same = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            same.add(Compound.Child.at(new Box(0.5, 0.25, 0.125), 1, 2, 3)); // every child in one place
        }
        cases.add(same);
        List<Compound.Child> far = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            far.add(new Compound.Child(new Sphere(0.1 + i * 1e-3), 1e6 + rnd.nextDouble(), -1e6, rnd.nextDouble(), 0, 0, 0, 1));
        }
        cases.add(far);
        List<Compound.Child> scales = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            double r = i % 2 == 0 ? 1e-6 : 50;
            scales.add(Compound.Child.at(new Sphere(r), rnd.nextDouble(-100, 100), rnd.nextDouble(-1e-3, 1e-3), 0));
        }
        cases.add(scales);
        double[] got = new double[6], want = new double[6];
        for (List<Compound.Child> kids : cases) {
            Compound c = new Compound(kids);
            for (int k = 0; k < 200; k++) {
                double qx = rnd.nextDouble(-1, 1), qy = rnd.nextDouble(-1, 1), qz = rnd.nextDouble(-1, 1), qw = rnd.nextDouble(-1, 1);
                double n = Math.sqrt(qx * qx + qy * qy + qz * qz + qw * qw);
                double px = rnd.nextDouble(-1e5, 1e5), py = rnd.nextDouble(-10, 10), pz = 0;
                c.bounds(px, py, pz, qx / n, qy / n, qz / n, qw / n, got, 0);
                c.allBounds(px, py, pz, qx / n, qy / n, qz / n, qw / n, want, 0);
                assertThat(got).containsExactly(want);
            }
            // a quaternion far from unit length: the slack grows until every child is visited
            c.bounds(1, 2, 3, 0, 0, 0, 3, got, 0);
            c.allBounds(1, 2, 3, 0, 0, 0, 3, want, 0);
            assertThat(got).containsExactly(want);
        }
    }

    /** An octahedron hull with its own radius along each axis (convex for any positive radii). */
    private static ConvexHull octahedron(java.util.SplittableRandom rnd) {
        double a = rnd.nextDouble(0.02, 0.3), b = rnd.nextDouble(0.02, 0.3), c = rnd.nextDouble(0.02, 0.3);
        double[] v = {a, 0, 0, -a, 0, 0, 0, b, 0, 0, -b, 0, 0, 0, c, 0, 0, -c};
        int[][] faces = {{0, 2, 4}, {2, 1, 4}, {1, 3, 4}, {3, 0, 4}, {2, 0, 5}, {1, 2, 5}, {3, 1, 5}, {0, 3, 5}};
        int[] start = new int[faces.length + 1], verts = new int[3 * faces.length];
        double[] planes = new double[4 * faces.length];
        for (int f = 0; f < faces.length; f++) {
            start[f + 1] = 3 * (f + 1);
            System.arraycopy(faces[f], 0, verts, 3 * f, 3);
            int i = 3 * faces[f][0], j = 3 * faces[f][1], k = 3 * faces[f][2];
            double ux = v[j] - v[i], uy = v[j + 1] - v[i + 1], uz = v[j + 2] - v[i + 2];
            double wx = v[k] - v[i], wy = v[k + 1] - v[i + 1], wz = v[k + 2] - v[i + 2];
            double nx = uy * wz - uz * wy, ny = uz * wx - ux * wz, nz = ux * wy - uy * wx;
            double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
            planes[4 * f] = nx / len;
            planes[4 * f + 1] = ny / len;
            planes[4 * f + 2] = nz / len;
            planes[4 * f + 3] = (nx * v[i] + ny * v[i + 1] + nz * v[i + 2]) / len;
        }
        return ConvexHull.ofFaces(v, start, verts, planes);
    }
}
