package dev.rubble.plugin.narrowphase.analytic;

import dev.rubble.geometry.gjk.RandomShapes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.spi.narrowphase.Narrowphase;
import dev.rubble.spi.narrowphase.PairCollider;
import dev.rubble.spi.narrowphase.Pose;
import dev.rubble.spi.shape.Box;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Issue 27 item 2: box against box with the pair's separating-axis hint (the axis that separated the
 * boxes last call, tested first) must give exactly the unhinted contacts. Random box pairs move along
 * short trajectories that bring them together, through contact and apart again, turning as they go; at
 * every step the hinted call (one table, one hint slot kept from step to step as the kernel's pair cache
 * keeps it) is compared bit for bit with the unhinted call of a fresh table.
 */
final class BoxBoxHintTest {
    private static final double MARGIN = 0.02;
    private final Random rnd = new Random(2712);

    @Test
    void hintedCallsGiveExactlyTheUnhintedContacts() {
        int skipped = 0, contacts = 0, apart = 0;
        for (int pair = 0; pair < 200; pair++) {
            Box a = new Box(0.1 + 0.5 * rnd.nextDouble(), 0.1 + 0.5 * rnd.nextDouble(), 0.1 + 0.5 * rnd.nextDouble());
            Box b = pair % 3 == 0 ? a : new Box(0.1 + 0.5 * rnd.nextDouble(), 0.1 + 0.5 * rnd.nextDouble(),
                    0.1 + 0.5 * rnd.nextDouble());
            Narrowphase hinted = AnalyticNarrowphasePlugin.createTable();
            double[] hint = new double[2 * PairCollider.HINT_STRIDE];
            int slot = PairCollider.HINT_STRIDE; // a slot not at the array's start
            double[] qa = RandomShapes.unitQuat(rnd), qb = pair % 5 == 0 ? qa.clone() : RandomShapes.unitQuat(rnd);
            double turn = pair % 5 == 0 ? 0 : 0.03;
            double[] wa = {turn * rnd.nextGaussian(), turn * rnd.nextGaussian(), turn * rnd.nextGaussian()};
            double[] wb = {turn * rnd.nextGaussian(), turn * rnd.nextGaussian(), turn * rnd.nextGaussian()};
            double[] dir = RandomShapes.unitVector(rnd);
            double[] side = RandomShapes.unitVector(rnd);
            double miss = 1.0 * rnd.nextDouble();
            double speed = 0.02 + 0.04 * rnd.nextDouble();
            for (int step = 0; step < 150; step++) {
                double t = -2 + speed * step;
                Pose pa = new Pose().set(1, 2, 3, qa[0], qa[1], qa[2], qa[3]);
                Pose pb = new Pose().set(1 + dir[0] * t + side[0] * miss, 2 + dir[1] * t + side[1] * miss,
                        3 + dir[2] * t + side[2] * miss, qb[0], qb[1], qb[2], qb[3]);
                List<String> cold = new ArrayList<>(), warm = new ArrayList<>();
                AnalyticNarrowphasePlugin.createTable().collide(a, pa, b, pb, MARGIN, log(cold));
                boolean hadHint = hint[slot + 3] > 0;
                hinted.collide(a, pa, b, pb, MARGIN, log(warm), hint, slot);
                assertThat(warm).as("pair %d step %d", pair, step).isEqualTo(cold);
                assertThat(hint[0]).isZero(); // only the pair's own slot is written
                if (cold.isEmpty()) {
                    apart++;
                    // apart by more than the margin on one of the 15 axes: that axis is kept (no axis
                    // separates by that much when the boxes are only apart at a corner the clipping drops)
                    assertThat(hint[slot + 3]).as("apart: an axis or none").isIn(0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0,
                            8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0);
                    if (hadHint) {
                        skipped++;
                    }
                } else {
                    contacts++;
                    assertThat(hint[slot + 3]).isZero();
                }
                rotateBy(qa, wa);
                rotateBy(qb, wb);
            }
        }
        assertThat(contacts).isGreaterThan(1000);
        assertThat(apart).isGreaterThan(10000);
        assertThat(skipped).isGreaterThan(9000);
    }

    /** A stray or warm-start hint (a contact normal, a value out of range) only costs time: results as without it. */
    @Test
    void anyHintValueGivesTheUnhintedContacts() {
        Box a = new Box(0.25, 0.25, 0.25), b = new Box(0.4, 0.1, 0.3);
        for (int i = 0; i < 2000; i++) {
            double[] qa = RandomShapes.unitQuat(rnd), qb = RandomShapes.unitQuat(rnd);
            Pose pa = new Pose().set(0, 0, 0, qa[0], qa[1], qa[2], qa[3]);
            double[] d = RandomShapes.unitVector(rnd);
            double r = 0.2 + 1.0 * rnd.nextDouble();
            Pose pb = new Pose().set(d[0] * r, d[1] * r, d[2] * r, qb[0], qb[1], qb[2], qb[3]);
            List<String> cold = new ArrayList<>();
            AnalyticNarrowphasePlugin.createTable().collide(a, pa, b, pb, MARGIN, log(cold));
            double[][] hints = {{d[0], d[1], d[2], PairCollider.WARM_START}, {0, 0, 0, 1 + rnd.nextInt(15)},
                    {1, 0, 0, 16}, {0, 1, 0, 0.5}, {rnd.nextGaussian(), 0, 0, 1e9}};
            for (double[] h : hints) {
                List<String> warm = new ArrayList<>();
                AnalyticNarrowphasePlugin.createTable().collide(a, pa, b, pb, MARGIN, log(warm), h.clone(), 0);
                assertThat(warm).isEqualTo(cold);
            }
        }
    }

    private static dev.rubble.spi.narrowphase.ContactSink log(List<String> out) {
        return new dev.rubble.spi.narrowphase.ContactSink() {
            @Override
            public void beginManifold(double nx, double ny, double nz, long subKey) {
                out.add("m " + Double.doubleToRawLongBits(nx) + " " + Double.doubleToRawLongBits(ny) + " "
                        + Double.doubleToRawLongBits(nz) + " " + subKey);
            }

            @Override
            public void addPoint(double x, double y, double z, double separation, long featureId) {
                out.add("p " + Double.doubleToRawLongBits(x) + " " + Double.doubleToRawLongBits(y) + " "
                        + Double.doubleToRawLongBits(z) + " " + Double.doubleToRawLongBits(separation) + " " + featureId);
            }
        };
    }

    /** q := q + 0.5 (w, 0) q, normalised. */
    private static void rotateBy(double[] q, double[] w) {
        double x = q[0], y = q[1], z = q[2], s = q[3];
        double dx = 0.5 * (w[0] * s + w[1] * z - w[2] * y);
        double dy = 0.5 * (w[1] * s + w[2] * x - w[0] * z);
        double dz = 0.5 * (w[2] * s + w[0] * y - w[1] * x);
        double ds = -0.5 * (w[0] * x + w[1] * y + w[2] * z);
        x += dx; y += dy; z += dz; s += ds;
        double l = Math.sqrt(x * x + y * y + z * z + s * s);
        q[0] = x / l; q[1] = y / l; q[2] = z / l; q[3] = s / l;
    }
}
