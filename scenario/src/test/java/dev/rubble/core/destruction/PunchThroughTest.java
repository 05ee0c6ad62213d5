package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import dev.rubble.authoring.CollectionBuilder;
import dev.rubble.authoring.GeometryCollection;
import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.collision.ContactStore;
import dev.rubble.core.plugin.StageFamily;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.core.world.World;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.geom.ConvexPolytope;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Sphere;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 22, first "Done when" bullet: a 200 kg sphere (r 0.5 m) at 60 m/s (12 000 N·s) against a
 * 5 × 2.5 × 0.5 m Voronoi wall anchored along its base leaves a hole: the sphere ends past the far
 * face with the forward speed the momentum bookkeeping leaves it, and the pieces it struck move forward.
 *
 * <p>The wall is concrete-like: 2 500 kg/m³ (the authoring default; plain concrete is 2 300–2 500), two
 * Voronoi levels, 20 clusters of 20 leaves (400 leaves of about 39 kg, 0.25 m across; clusters of
 * about 780 kg, 0.9 m across), thresholds from the fracture energy of concrete: cutting a piece of mass
 * m free along a bonded area A takes the energy G_f A (G_f ≈ 120 J/m² for normal-strength concrete,
 * CEB-FIP Model Code 1990: 100–150), and an impulse J gives the piece J²/2m, so a piece breaks loose
 * at J = √(2 m G_f A). A leaf (A ≈ 6 × 0.25² ≈ 0.38 m²) gives √(2·39·45) ≈ 59 N·s; a cluster, bonded
 * to its neighbours over its sides (A ≈ 4 × 0.9 × 0.5 ≈ 1.8 m²), √(2·780·216) ≈ 580 N·s. So 600 N·s
 * for the clusters and 60 N·s for the leaves: a wall of this make holds against a person leaning on it
 * and anything under about a 60 N·s shove per piece, and the ball's 12 000 N·s is twenty times the
 * cluster threshold. Friction 0.5 and restitution 0 everywhere; sleeping off so every moving body is
 * counted; restore momentum off, so every exchange goes through contacts the bookkeeping sees.
 */
final class PunchThroughTest {
    static final double HX = 2.5, HY = 1.25, HZ = 0.25, R = 0.5, M = 200, V = 60;
    static final double CLUSTER_THRESHOLD = 600, LEAF_THRESHOLD = 60;
    /** Steps simulated: one second at 60 Hz. */
    static final int STEPS = 60;

    static GeometryCollection concreteWall() {
        CollectionBuilder b = new CollectionBuilder(ConvexPolytope.box(0, 0, 0, HX, HY, HZ));
        b.fractureLevel(Scenes.stages().create(StageFamily.FRACTURE, "voronoi", StageConfig.of(Map.of("count", 20))), 7, 1.0);
        b.fractureLevel(Scenes.stages().create(StageFamily.FRACTURE, "voronoi", StageConfig.of(Map.of("count", 20))), 8, 1.0);
        return b.build(Scenes.stages().create(StageFamily.CONNECTION_GRAPH, "minimal-spanning-subset-delaunay",
                StageConfig.empty()), Integer.MAX_VALUE);
    }

    @Test
    void theBallPunchesThroughWithTheMomentumThePiecesAndAnchorsLeftIt() {
        GeometryCollection g = concreteWall();
        assertThat(g.leaves()).hasSize(400);
        WorldSettings s = WorldSettings.defaults().withGravity(0, -9.81, 0);
        World w = World.create(s.withDynamics(s.dynamics().withSleep(false, 0.05, 0.05, 0.5)), Scenes.stages());
        w.createBody(BodyDef.of(new Box(50, 1, 50)).withMotion(MotionType.STATIC).withPosition(0, -1, 0)
                .withLabel("ground").withMaterial(0.5, 0));
        DestructionOptions o = Scenes.thresholds(CLUSTER_THRESHOLD, LEAF_THRESHOLD).withRestoreMomentum(0)
                .withImpactMode(ImpactMode.RESOLVE).withMaterial(0.5, 0);
        w.placeCollection(g.asset(), CollectionPlacement.at(0, HY, 0).withOptions(o)
                .withAnchors(ImpactTest.baseLeaves(g), null));
        long ball = w.createBody(BodyDef.of(new Sphere(R)).withMass(M).withPosition(0.1, HY + 0.05, -3)
                .withLinearVelocity(0, 0, V).withLabel("ball").withMaterial(0.5, 0));
        BodyStore b = w.bodies();
        ContactStore cs = w.contacts();
        double p0 = M * V;
        double external = 0;
        int impact = -1;
        // the pieces the ball pushed in its impact step, by handle, with the z of their centre then
        Map<Long, Double> struck = new LinkedHashMap<>();
        double impactExternal = 0, impactPieces = 0;
        for (int i = 0; i < STEPS; i++) {
            w.step();
            double ext = ImpactTest.externalZ(w);
            external += ext;
            if (impact >= 0 || w.profile().breaks() == 0) {
                continue;
            }
            impact = i;
            impactExternal = ext;
            int bs = b.slot(ball);
            for (int m = 0; m < cs.size(); m++) {
                int other = cs.bodyA[m] == bs ? cs.bodyB[m] : cs.bodyB[m] == bs ? cs.bodyA[m] : -1;
                if (other < 0 || b.motion[other] != MotionType.DYNAMIC.ordinal()) {
                    continue;
                }
                double jn = 0;
                for (int k = 0, p = m * ContactStore.MAX_POINTS; k < cs.pointCount[m]; k++, p++) {
                    jn += cs.normalImpulse[p];
                }
                if (jn > 0) {
                    struck.put(b.handle(other), b.pz[other]);
                    // pushed forward in the very step it was struck
                    assertThat(b.vz[other]).as("struck piece's forward speed after the impact step").isGreaterThan(0);
                    impactPieces += b.mass[other] * b.vz[other];
                }
            }
        }
        int bs = b.slot(ball);
        double ballZ = b.pz[bs], ballVz = b.vz[bs];
        double[] p = new double[3];
        for (int i = 0, n = b.awakeCount(); i < n; i++) {
            int q = b.order[i];
            if (b.motion[q] == MotionType.DYNAMIC.ordinal() && q != bs) {
                p[2] += b.mass[q] * b.vz[q];
            }
        }
        double piecesZ = p[2];
        System.out.printf("punch-through: impact step %d (anchors %.1f N s, %d pieces struck with %.1f N s); after %d steps:"
                + " ball z %.3f m vz %.4f m/s, pieces' forward momentum %.1f N s, anchors and ground %.1f N s%n", impact,
                impactExternal, struck.size(), impactPieces, STEPS, ballZ, ballVz, piecesZ, external);
        assertThat(impact).as("the step the ball reaches the wall (2.25 m at 1 m per step)").isEqualTo(2);
        // a hole: the ball's centre ends past the far face (z = +0.25 m), still moving forward
        assertThat(ballZ).as("ball centre, m").isGreaterThan(HZ);
        assertThat(ballVz).as("ball forward speed, m/s").isGreaterThan(0);
        // its forward speed is the 12 000 N s less what the pieces carry forward and what the anchors and
        // the ground pushed back, over its 200 kg. The only exchanges in z are contact impulses (gravity
        // is along y, restore momentum is off, nothing is removed), each applied equal and opposite, so
        // the two sides differ by round-off only: about 10^6 velocity updates (60 steps × ~10 iterations
        // × ~2 000 contact rows) of momenta under 1.2e4 N s at 1.1e-16 relative is at most ~1.3e-6 N s;
        // 1e-6 of 12 000 N s (1.2e-2 N s, 6e-5 m/s) bounds it with room.
        assertThat(ballVz).as("ball forward speed against the bookkeeping, m/s")
                .isCloseTo((p0 - piecesZ + external) / M, offset(1e-6 * p0 / M));
        // in the impact step the anchors take only what held (Chaos's rules put the whole 12 000 N s into
        // them); the rest went forward into the pieces and the ball
        assertThat(Math.abs(impactExternal)).as("anchors and ground in the impact step, N s").isLessThan(0.1 * p0);
        assertThat(impactPieces).as("forward momentum of the struck pieces after the impact step, N s")
                .isGreaterThan(0.25 * p0);
        // the pieces it struck move forward: each ends ahead of where it was at the end of the impact step
        assertThat(struck.size()).as("pieces the ball pushed in its impact step").isGreaterThanOrEqualTo(3);
        int forward = 0;
        for (Map.Entry<Long, Double> e : struck.entrySet()) {
            int q = b.slot(e.getKey());
            if (b.isLive(q) && b.handle(q) == e.getKey() && b.pz[q] > e.getValue()) {
                forward++;
            }
        }
        assertThat(forward).as("struck pieces ahead of where the impact step left them").isEqualTo(struck.size());
    }
}
