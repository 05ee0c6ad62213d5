package dev.rubble.core.collision;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.plugin.Stages;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.core.world.World;
import dev.rubble.geometry.hull.QuickHull;
import dev.rubble.spi.narrowphase.Narrowphase;
import dev.rubble.spi.narrowphase.ContactSink;
import dev.rubble.spi.narrowphase.PairCollider;
import dev.rubble.spi.narrowphase.Pose;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.ConvexHull;
import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.shape.ShapeType;
import java.util.Random;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.within;

/**
 * Issue 27 item 2 in a whole world: a pile of hull debris dropped on the ground steps bit for bit
 * alike whether its narrowphase takes the pairs' separating-axis hints (the default table) or not
 * (the same GJK colliders wrapped so that they never see or keep a separating axis; both get the
 * pairs' warm starts, the last contact normals from the body-pair cache, which do change rounding),
 * and the pile comes to rest; a resting hull replays its cached manifold (item 3,
 * contact reuse) only while it has moved and turned less than the body-pair cache's tolerance.
 */
final class HullPileHintTest {
    private static final Stages STAGES = Stages.load();

    private static World pile(boolean hints) {
        World w = World.create(WorldSettings.defaults(), STAGES);
        if (!hints) {
            Narrowphase n = w.narrowphaseStage().narrowphase();
            for (ShapeType[] cell : new ShapeType[][] {{ShapeType.CONVEX_HULL, ShapeType.CONVEX_HULL},
                    {ShapeType.BOX, ShapeType.CONVEX_HULL}}) {
                PairCollider c = n.collider(cell[0], cell[1]);
                assertThat(c).isNotNull();
                // the same collider given the pair's warm starts (from the cache's manifolds) but
                // never a separating axis, and never keeping one
                n.register(cell[0], cell[1], new PairCollider() {
                    @Override
                    public void collide(Shape a, Pose pa, Shape b, Pose pb, double m, ContactSink s) {
                        c.collide(a, pa, b, pb, m, s);
                    }

                    @Override
                    public void collide(Shape a, Pose pa, Shape b, Pose pb, double m, ContactSink s, double[] hint, int o) {
                        if (hint[o + 3] > 0) {
                            hint[o + 3] = 0;
                        }
                        c.collide(a, pa, b, pb, m, s, hint, o);
                        if (hint[o + 3] > 0) {
                            hint[o + 3] = 0;
                        }
                    }
                });
            }
        }
        w.createBody(BodyDef.of(new Box(4, 0.5, 4)).withMotion(MotionType.STATIC).withPosition(0, -0.5, 0));
        Random rnd = new Random(11);
        for (int i = 0; i < 60; i++) {
            double[] p = new double[3 * 14];
            for (int k = 0; k < p.length; k++) {
                p[k] = 0.12 * (2 * rnd.nextDouble() - 1) + (k % 3 == 1 ? 0 : 0.03 * rnd.nextGaussian());
            }
            ConvexHull h = QuickHull.of(p);
            w.createBody(BodyDef.of(h).withPosition(0.6 * rnd.nextGaussian(), 0.4 + 0.3 * i / 4.0, 0.6 * rnd.nextGaussian()));
        }
        return w;
    }

    @Test
    void aHullPileStepsBitIdenticallyWithAndWithoutHintsAndComesToRest() {
        World hinted = pile(true), plain = pile(false);
        BodyStore a = hinted.bodies(), b = plain.bodies();
        for (int step = 0; step < 360; step++) {
            hinted.step();
            plain.step();
            for (int s = 0, n = a.slotLimit(); s < n; s++) {
                if (!a.isLive(s)) {
                    continue;
                }
                double[][] fa = {a.px, a.py, a.pz, a.qx, a.qy, a.qz, a.qw, a.vx, a.vy, a.vz, a.wx, a.wy, a.wz};
                double[][] fb = {b.px, b.py, b.pz, b.qx, b.qy, b.qz, b.qw, b.vx, b.vy, b.vz, b.wx, b.wy, b.wz};
                for (int k = 0; k < fa.length; k++) {
                    assertThat(Double.doubleToRawLongBits(fa[k][s])).as("step %d slot %d field %d", step, s, k)
                            .isEqualTo(Double.doubleToRawLongBits(fb[k][s]));
                }
            }
        }
        // at rest after 6 s: nothing moves faster than 2 cm/s, nothing fell through the ground
        double fastest = 0, lowest = Double.POSITIVE_INFINITY;
        for (int s = 0, n = a.slotLimit(); s < n; s++) {
            if (a.isLive(s) && a.motion(s) == MotionType.DYNAMIC) {
                fastest = Math.max(fastest, Math.sqrt(a.vx[s] * a.vx[s] + a.vy[s] * a.vy[s] + a.vz[s] * a.vz[s]));
                lowest = Math.min(lowest, a.py[s]);
            }
        }
        assertThat(fastest).isLessThan(0.02);
        assertThat(lowest).isGreaterThan(0);
    }

    /**
     * A hexagonal prism hull (GJK/EPA pair against the ground box, not an analytic cell) resting
     * 5 mm into the ground: its manifold is replayed while its points moved less than 1 mm since the
     * pose the manifold was computed at, and collided again (with the new depth) once they moved more,
     * by a lift or by a turn whose chord at the hull's reach crosses 1 mm.
     */
    @Test
    void aRestingHullReplaysItsManifoldOnlyWithinTheMotionTolerance() {
        World w = World.create(WorldSettings.defaults().withGravity(0, 0, 0), STAGES);
        BodyStore b = w.bodies();
        int g = b.slot(w.createBody(BodyDef.of(new Box(5, 0.5, 5)).withMotion(MotionType.STATIC).withPosition(0, -0.5, 0)));
        double[] p = new double[36];
        for (int k = 0; k < 12; k++) {
            double ang = Math.PI / 3 * (k % 6);
            p[3 * k] = 0.4 * Math.cos(ang);
            p[3 * k + 1] = k < 6 ? -0.3 : 0.3;
            p[3 * k + 2] = 0.4 * Math.sin(ang);
        }
        int s = b.slot(w.createBody(BodyDef.of(QuickHull.of(p)).withPosition(0.5, 0.295, 0.2)));
        PairBuffer pairs = new PairBuffer();
        pairs.pair(g, s);
        pairs.sort();
        ContactStore c = new ContactStore(16, 100);
        NarrowphaseStage stage = w.narrowphaseStage();
        stage.run(b, pairs, c);
        assertThat(stage.pairsCached).isZero();
        assertThat(c.size()).isEqualTo(1);
        assertThat(c.pointCount[0]).isGreaterThanOrEqualTo(3);
        assertDepth(c, 0.005);
        stage.run(b, pairs, c);
        assertThat(stage.pairsCached).isEqualTo(1);
        // lifted 0.6 mm: replayed (separation recomputed); 1.2 mm from the reference: collided again
        b.py[s] += 0.0006;
        stage.run(b, pairs, c);
        assertThat(stage.pairsCached).isEqualTo(1);
        assertDepth(c, 0.0044);
        b.py[s] += 0.0006;
        stage.run(b, pairs, c);
        assertThat(stage.pairsCached).isZero();
        assertDepth(c, 0.0038);
        // a turn about the vertical through the centre of mass whose chord at the hull's reach is
        // 0.6 of the tolerance is replayed; the second such turn (1.2 of it from the reference) is not
        double reach = dev.rubble.core.body.BodyBounds.reach(b, s);
        double turn = 2 * Math.asin(0.6 * NarrowphaseStage.CACHE_MAX_TRANSLATION / (2 * reach));
        stage.run(b, pairs, c);
        assertThat(stage.pairsCached).isEqualTo(1);
        rotateAboutY(b, s, turn);
        stage.run(b, pairs, c);
        assertThat(stage.pairsCached).isEqualTo(1);
        rotateAboutY(b, s, turn);
        stage.run(b, pairs, c);
        assertThat(stage.pairsCached).isZero();
        assertDepth(c, 0.0038);
    }

    private static void assertDepth(ContactStore c, double depth) {
        for (int k = 0; k < c.pointCount[0]; k++) {
            assertThat(c.separation[k]).isCloseTo(-depth, within(1e-9));
        }
    }

    private static void rotateAboutY(BodyStore b, int s, double radians) {
        double ry = Math.sin(radians / 2), rw = Math.cos(radians / 2);
        double qx = b.qx[s], qy = b.qy[s], qz = b.qz[s], qw = b.qw[s];
        b.qw[s] = rw * qw - ry * qy;
        b.qx[s] = rw * qx + ry * qz;
        b.qy[s] = rw * qy + ry * qw;
        b.qz[s] = rw * qz - ry * qx;
    }
}
