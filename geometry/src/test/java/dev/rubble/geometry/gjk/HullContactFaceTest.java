package dev.rubble.geometry.gjk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.geometry.hull.QuickHull;
import dev.rubble.spi.narrowphase.ContactSink;
import dev.rubble.spi.narrowphase.PairCollider;
import dev.rubble.spi.narrowphase.Pose;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.ConvexHull;
import dev.rubble.spi.shape.Plane;
import dev.rubble.spi.shape.Shape;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A hull's contact face must hold its deepest vertex ({@link ConvexHull#supportFace}). The face whose
 * normal is nearest the contact normal may not: the demo's Voronoi sliver (piece 1820, a 166 kg cluster)
 * turned on its corner and clipped that face against the ground's top, which left only points at or above
 * the ground while the corner was 9 cm in, and it sank. The oracle is brute force: a hull pressed into the
 * top face of a big box (or a plane) at y = 0 has its deepest contact at the height of its lowest vertex.
 */
final class HullContactFaceTest {
    /** The demo's piece 1820 (node 1820 of tui-console's demo.json wall), in its cluster's frame. */
    static final double[] SLIVER = {
        2.0691426829965820, 1.0462995903716157, -0.25,
        2.1810109771295880, 0.63284995681130640, 0.24630415319279275,
        2.1806370586302590, 0.62931752996685640, 0.25,
        2.1407665539564857, 0.61433433627352070, 0.25,
        2.0928177177240945, 0.63639639028330560, 0.20632742026583667,
        1.7893080837663753, 0.94113874436102550, -0.25,
        1.8258866387680839, 1.6965943490167930, -0.25,
        2.0270017943165515, 1.4041601066636265, -0.25,
        1.6102115352195128, 1.3461244888771202, -0.25,
        2.0948983232134473, 0.66821001952793770, 0.25,
        1.9886342442948302, 0.90850184795986580, 0.25,
        1.6371437313863666, 1.5809664576992963, 0.10368041940240902};
    /** The pose the sliver, set down at rest on the ground, had tipped to after 8 steps (before the fix). */
    static final double[] TIPPED = {0.0052299488911642380, 0.63201296131377750, 0.050639507190163746,
        0.82438599141289510, -0.028585091659884824, 0.0095503613308346550, 0.56522510586086380};

    private static final Box GROUND = new Box(50, 0.5, 50);
    private static final Pose GROUND_POSE = new Pose().set(0, -0.5, 0, 0, 0, 0, 1);

    /** The lowest world y of the hull's vertices at pose p: brute force over every vertex. */
    static double lowestVertex(ConvexHull h, Pose p) {
        double low = Double.POSITIVE_INFINITY;
        double[] w = new double[3];
        for (int i = 0; i < h.vertexCount(); i++) {
            p.toWorld(h.vertex(i, 0), h.vertex(i, 1), h.vertex(i, 2), w, 0);
            low = Math.min(low, w[1]);
        }
        return low;
    }

    /** The smallest separation of the points the collider reports, and its last manifold's normal y. */
    private static double[] deepest(PairCollider c, Shape a, Pose pa, Shape b, Pose pb) {
        double[] r = {Double.POSITIVE_INFINITY, Double.NaN};
        c.collide(a, pa, b, pb, 0.02, new ContactSink() {
            @Override
            public void beginManifold(double nx, double ny, double nz, long subKey) {
                r[1] = ny;
            }

            @Override
            public void addPoint(double x, double y, double z, double separation, long featureId) {
                r[0] = Math.min(r[0], separation);
            }
        });
        return r;
    }

    @Test
    void theTippedSliverTouchesTheGroundAtItsDeepestCorner() {
        ConvexHull h = QuickHull.of(SLIVER);
        Pose p = new Pose().set(TIPPED[0], TIPPED[1], TIPPED[2], TIPPED[3], TIPPED[4], TIPPED[5], TIPPED[6]);
        double low = lowestVertex(h, p);
        assertThat(low).isLessThan(-0.09); // 9 cm into the ground
        // ground as A (the kernel's order: lower slot first) and as B
        double[] ab = deepest(new ConvexCollider(), GROUND, GROUND_POSE, h, p);
        assertThat(ab[1]).isCloseTo(1, within(1e-9));
        assertThat(ab[0]).isCloseTo(low, within(1e-9)); // was +0.0001: the face clipped was above the ground
        double[] ba = deepest(new ConvexCollider(), h, p, GROUND, GROUND_POSE);
        assertThat(ba[0]).isCloseTo(low, within(1e-9));
        // a plane at y = 0 takes the same feature
        double[] pl = deepest(new PlaneCollider(), new Plane(0, 1, 0, 0), new Pose(), h, p);
        assertThat(pl[0]).isCloseTo(low, within(1e-9));
    }

    @Test
    void theSupportFaceHoldsTheFarthestVertexAndIsTheBestFaceWhenThatOneDoes() {
        Random rnd = new Random(7);
        int differs = 0;
        for (int t = 0; t < 2000; t++) {
            ConvexHull h = RandomShapes.randomHull(rnd, 6 + rnd.nextInt(40), false);
            double[] d = RandomShapes.unitVector(rnd);
            int f = h.supportFace(d[0], d[1], d[2]);
            double top = Double.NEGATIVE_INFINITY, onFace = Double.NEGATIVE_INFINITY;
            for (int i = 0; i < h.vertexCount(); i++) {
                top = Math.max(top, h.vertex(i, 0) * d[0] + h.vertex(i, 1) * d[1] + h.vertex(i, 2) * d[2]);
            }
            for (int k = 0; k < h.faceSize(f); k++) {
                int i = h.faceVertex(f, k);
                onFace = Math.max(onFace, h.vertex(i, 0) * d[0] + h.vertex(i, 1) * d[1] + h.vertex(i, 2) * d[2]);
            }
            assertThat(onFace).isCloseTo(top, within(1e-12));
            int b = h.bestFace(d[0], d[1], d[2]);
            if (b != f) {
                differs++;
                // only when the best face misses the farthest vertex; then no face that holds it is better aligned
                double onBest = Double.NEGATIVE_INFINITY;
                for (int k = 0; k < h.faceSize(b); k++) {
                    int i = h.faceVertex(b, k);
                    onBest = Math.max(onBest, h.vertex(i, 0) * d[0] + h.vertex(i, 1) * d[1] + h.vertex(i, 2) * d[2]);
                }
                assertThat(onBest).isLessThan(top - 1e-9);
            }
        }
        assertThat(differs).as("random hulls where the best face misses the farthest vertex").isGreaterThan(0);
    }

    @Test
    void randomHullsPressedIntoTheGroundTouchItAtTheirLowestVertex() {
        Random rnd = new Random(11);
        ConvexCollider c = new ConvexCollider();
        PlaneCollider pc = new PlaneCollider();
        Plane plane = new Plane(0, 1, 0, 0);
        Pose p = new Pose();
        for (int t = 0; t < 1000; t++) {
            ConvexHull h = RandomShapes.randomHull(rnd, 5 + rnd.nextInt(20), false);
            double[] q = RandomShapes.unitQuat(rnd);
            p.set(0, 0, 0, q[0], q[1], q[2], q[3]);
            double depth = 0.05 * rnd.nextDouble();
            double lift = -lowestVertex(h, p) - depth;
            p.set(0, lift, 0, q[0], q[1], q[2], q[3]);
            double low = lowestVertex(h, p);
            double[] r = deepest(c, GROUND, GROUND_POSE, h, p);
            assertThat(r[1]).as("case %d normal", t).isCloseTo(1, within(1e-9));
            assertThat(r[0]).as("case %d deepest contact", t).isCloseTo(low, within(1e-9));
            assertThat(deepest(pc, plane, new Pose(), h, p)[0]).as("case %d on a plane", t).isCloseTo(low, within(1e-9));
        }
    }
}
