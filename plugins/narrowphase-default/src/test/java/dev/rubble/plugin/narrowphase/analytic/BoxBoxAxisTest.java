package dev.rubble.plugin.narrowphase.analytic;

import dev.rubble.geometry.gjk.RandomShapes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.spi.narrowphase.Pose;
import dev.rubble.spi.shape.Box;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Box against box chooses its contact axis by the separating axis theorem, computed in A's frame from
 * the products of the two boxes' axes (fourteenth session). A brute-force reference computes the 15
 * axes the textbook way instead (each candidate axis normalised in the world frame, both boxes'
 * world axes projected onto it) and applies the class comment's rules: no contact when an axis
 * separates by more than the margin; else A's best face, B's when it beats A's by
 * {@link BoxBox#FACE_TOLERANCE} (each of them, as BoxBox compares), an edge pair when it beats the face by {@link BoxBox#edgeTolerance}. The
 * manifold's normal must be the reference's axis, pointing from A to B, for random pairs of random
 * boxes near contact; cases whose two best candidates are within 1e-9 m of a rule's threshold (where
 * rounding may decide) are left out and counted.
 */
final class BoxBoxAxisTest {
    private static final double MARGIN = 0.02;
    private final Random rnd = new Random(7741);

    @Test
    void theContactNormalIsTheReferenceSeparatingAxisTestsAxis() {
        int faces = 0, edges = 0, apart = 0, ties = 0, closest = 0;
        for (int i = 0; i < 20000; i++) {
            Box a = new Box(0.05 + rnd.nextDouble(), 0.05 + rnd.nextDouble(), 0.05 + rnd.nextDouble());
            Box b = new Box(0.05 + rnd.nextDouble(), 0.05 + rnd.nextDouble(), 0.05 + rnd.nextDouble());
            double[] qa = RandomShapes.unitQuat(rnd), qb = RandomShapes.unitQuat(rnd);
            double[] d = RandomShapes.unitVector(rnd);
            // centres between touching-deep and just apart: about the sum of the boxes' reaches along d
            double reach = 0.6 * (length(a) + length(b));
            double r = reach * (0.3 + 0.9 * rnd.nextDouble());
            Pose pa = new Pose().set(0.5, -1, 2, qa[0], qa[1], qa[2], qa[3]);
            Pose pb = new Pose().set(0.5 + d[0] * r, -1 + d[1] * r, 2 + d[2] * r, qb[0], qb[1], qb[2], qb[3]);
            Reference ref = new Reference(a, pa, b, pb);
            if (ref.tie) {
                ties++;
                continue;
            }
            RecordingSink sink = new RecordingSink();
            AnalyticNarrowphasePlugin.createTable().collide(a, pa, b, pb, MARGIN, sink);
            if (ref.apart) {
                assertThat(sink.manifolds).as("pair %d: apart on axis %d", i, ref.axis).isEmpty();
                apart++;
                continue;
            }
            if (sink.manifolds.isEmpty()) {
                continue; // an edge pair whose closest points are beyond the margin, or boxes apart on two axes
            }
            RecordingSink.Manifold m = sink.only();
            if (m.points.size() == 1 && m.points.get(0).feature() == dev.rubble.geometry.gjk.ConvexCollider.SINGLE_POINT) {
                // a face whose clip left no point: the boxes are apart on two axes and the contact is their
                // closest points (peers19, BoxBoxApartOnTwoAxesTest), at a positive distance along no SAT axis
                assertThat(m.minSeparation()).as("pair %d: closest points", i).isGreaterThan(0);
                closest++;
                continue;
            }
            double dot = m.nx * ref.nx + m.ny * ref.ny + m.nz * ref.nz;
            assertThat(dot).as("pair %d: axis %d (%s)", i, ref.axis, ref.axis < 6 ? "face" : "edges")
                    .isGreaterThan(1 - 1e-9);
            if (ref.axis < 6) {
                faces++;
            } else {
                edges++;
            }
        }
        assertThat(faces).isGreaterThan(3000);
        assertThat(edges).isGreaterThan(300);
        assertThat(apart).isGreaterThan(3000);
        assertThat(ties).isLessThan(20);
    }

    /** The textbook test: 15 world-frame axes, the class comment's preferences. */
    private static final class Reference {
        boolean apart, tie;
        int axis;
        double nx, ny, nz;

        Reference(Box a, Pose pa, Box b, Pose pb) {
            double[] ha = {a.halfX(), a.halfY(), a.halfZ()}, hb = {b.halfX(), b.halfY(), b.halfZ()};
            double[][] ua = axes(pa), ub = axes(pb);
            double[] t = {pb.px - pa.px, pb.py - pa.py, pb.pz - pa.pz};
            double[][] cand = new double[15][];
            double[] sep = new double[15];
            for (int k = 0; k < 15; k++) {
                double[] l;
                if (k < 3) {
                    l = ua[k];
                } else if (k < 6) {
                    l = ub[k - 3];
                } else {
                    l = cross(ua[(k - 6) / 3], ub[(k - 6) % 3]);
                    double n = Math.sqrt(dot(l, l));
                    if (n < 1e-6) {
                        sep[k] = Double.NaN;
                        continue;
                    }
                    l = new double[] {l[0] / n, l[1] / n, l[2] / n};
                }
                double s = Math.abs(dot(l, t));
                for (int j = 0; j < 3; j++) {
                    s -= ha[j] * Math.abs(dot(ua[j], l)) + hb[j] * Math.abs(dot(ub[j], l));
                }
                sep[k] = s;
                cand[k] = dot(l, t) < 0 ? new double[] {-l[0], -l[1], -l[2]} : l;
            }
            int best = -1;
            for (int k = 0; k < 15; k++) {
                if (sep[k] > MARGIN && (best < 0 || sep[k] > sep[best])) {
                    best = k;
                }
                if (Math.abs(sep[k] - MARGIN) < 1e-9) {
                    tie = true;
                }
            }
            if (best >= 0) {
                apart = true;
                axis = best;
                return;
            }
            int face = 0;
            for (int k = 1; k < 6; k++) {
                double need = sep[face] + (k >= 3 ? BoxBox.FACE_TOLERANCE : 0); // as BoxBox: every one of B's faces must beat the best by it
                if (Math.abs(sep[k] - need) < 1e-9) {
                    tie = true;
                }
                if (sep[k] > need) {
                    face = k;
                }
            }
            int edge = -1;
            for (int k = 6; k < 15; k++) {
                if (!Double.isNaN(sep[k]) && (edge < 0 || sep[k] > sep[edge])) {
                    edge = k;
                }
            }
            axis = face;
            if (edge >= 0) {
                double need = sep[face] + BoxBox.edgeTolerance(sep[edge]);
                if (Math.abs(sep[edge] - need) < 1e-9) {
                    tie = true;
                }
                if (sep[edge] > need) {
                    axis = edge;
                }
            }
            nx = cand[axis][0];
            ny = cand[axis][1];
            nz = cand[axis][2];
        }

        private static double[][] axes(Pose p) {
            double[] u = new double[3];
            double[][] out = new double[3][];
            for (int i = 0; i < 3; i++) {
                p.rotate(i == 0 ? 1 : 0, i == 1 ? 1 : 0, i == 2 ? 1 : 0, u, 0);
                out[i] = u.clone();
            }
            return out;
        }
    }

    private static double dot(double[] a, double[] b) {
        return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    }

    private static double[] cross(double[] a, double[] b) {
        return new double[] {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
    }

    private static double length(Box b) {
        return Math.sqrt(b.halfX() * b.halfX() + b.halfY() * b.halfY() + b.halfZ() * b.halfZ());
    }
}
