package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.authoring.CollectionBuilder;
import dev.rubble.authoring.GeometryCollection;
import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.collision.ContactStore;
import dev.rubble.core.dynamics.DynamicsSettings;
import dev.rubble.core.plugin.StageFamily;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.core.world.World;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.geom.ConvexPolytope;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Sphere;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 22 items 1, 2 and 4: impacts that break pass their momentum on. A 200 kg sphere (r 0.5 m) at
 * 60 m/s (12 000 N·s) meets a 5 × 2.5 × 0.5 m wall of 40 Voronoi leaves (2 500 kg/m³, about 390 kg
 * each, threshold 1 000 N·s), standing on the ground; the expectations come from momentum bookkeeping:
 * what the sphere loses is what the pieces took plus what the anchors and the ground took through
 * their contacts, and an anchored structure only takes, per step, loads that its holding children
 * could hold.
 */
final class ImpactTest {
    static final double HX = 2.5, HY = 1.25, HZ = 0.25, R = 0.5, M = 200, V = 60, THRESHOLD = 1000;
    private static GeometryCollection wall;

    static synchronized GeometryCollection wall() {
        if (wall == null) {
            CollectionBuilder b = new CollectionBuilder(ConvexPolytope.box(0, 0, 0, HX, HY, HZ));
            b.fractureLevel(Scenes.stages().create(StageFamily.FRACTURE, "voronoi",
                    StageConfig.of(Map.of("count", 40))), 7, 1.0);
            wall = b.build(Scenes.stages().create(StageFamily.CONNECTION_GRAPH, "minimal-spanning-subset-delaunay",
                    StageConfig.empty()), Integer.MAX_VALUE);
        }
        return wall;
    }

    /** Leaves whose hulls reach within 5 cm of the wall's base (collection frame). */
    static int[] baseLeaves(GeometryCollection g) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < g.nodeCount(); i++) {
            if (!g.isLeaf(i)) {
                continue;
            }
            double low = Double.POSITIVE_INFINITY;
            for (ConvexPolytope h : g.hulls(i)) {
                low = Math.min(low, h.bounds()[1]);
            }
            if (low <= -HY + 0.05) {
                out.add(i);
            }
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    static final class Run {
        final World w;
        final long ball;
        final int c;
        final double groundFriction;

        Run(ImpactMode mode, boolean anchored, double groundFriction, double restore, double threshold) {
            this(mode, anchored, groundFriction, restore, threshold, M);
        }

        Run(ImpactMode mode, boolean anchored, double groundFriction, double restore, double threshold, double ballMass) {
            this(mode, anchored, groundFriction, restore, threshold, ballMass, -3);
        }

        Run(ImpactMode mode, boolean anchored, double groundFriction, double restore, double threshold, double ballMass,
            double ballZ) {
            WorldSettings s = WorldSettings.defaults().withGravity(0, -9.81, 0);
            w = World.create(s.withDynamics(s.dynamics().withSleep(false, 0.05, 0.05, 0.5)), Scenes.stages());
            this.groundFriction = groundFriction;
            w.createBody(BodyDef.of(new Box(50, 1, 50)).withMotion(MotionType.STATIC).withPosition(0, -1, 0)
                    .withLabel("ground").withMaterial(groundFriction, 0));
            DestructionOptions o = Scenes.thresholds(threshold).withRestoreMomentum(restore).withImpactMode(mode)
                    .withMaterial(groundFriction, 0);
            CollectionPlacement p = CollectionPlacement.at(0, HY, 0).withOptions(o);
            if (anchored) {
                p = p.withAnchors(baseLeaves(wall()), null);
            }
            c = w.placeCollection(wall().asset(), p);
            ball = w.createBody(BodyDef.of(new Sphere(R)).withMass(ballMass).withPosition(0.1, HY + 0.05, ballZ)
                    .withLinearVelocity(0, 0, V).withLabel("ball").withMaterial(groundFriction, 0));
        }

        BodyStore b() {
            return w.bodies();
        }

        int ballSlot() {
            return w.bodies().slot(ball);
        }

        /** Linear momentum of every awake dynamic body, {x, y, z}. */
        double[] momentum() {
            BodyStore b = w.bodies();
            double[] p = new double[3];
            for (int i = 0, n = b.awakeCount(); i < n; i++) {
                int s = b.order[i];
                if (b.motion[s] == MotionType.DYNAMIC.ordinal()) {
                    p[0] += b.mass[s] * b.vx[s];
                    p[1] += b.mass[s] * b.vy[s];
                    p[2] += b.mass[s] * b.vz[s];
                }
            }
            return p;
        }

        /**
         * The z impulse this step's contacts gave dynamic bodies from kinematic or static ones (the
         * anchors, the ground): + when they pushed the dynamic body towards +z.
         */
        double externalZ() {
            return ImpactTest.externalZ(w);
        }
    }

    /**
     * The z impulse the last step's contacts gave dynamic bodies of {@code w} from kinematic or static
     * ones (anchors, ground): + when they pushed the dynamic body towards +z.
     */
    static double externalZ(World w) {
        BodyStore b = w.bodies();
        ContactStore cs = w.contacts();
        double z = 0;
        for (int m = 0; m < cs.size(); m++) {
            int sa = cs.bodyA[m], sb = cs.bodyB[m];
            boolean da = b.motion[sa] == MotionType.DYNAMIC.ordinal(), db = b.motion[sb] == MotionType.DYNAMIC.ordinal();
            if (da == db) {
                continue;
            }
            // the solver's tangent basis, a fixed function of the normal (ContactSolver.prepare)
            double nx = cs.nx[m], ny = cs.ny[m], nz = cs.nz[m], ux, uy, uz;
            if (Math.abs(nx) >= 0.57735026918962576) {
                ux = ny; uy = -nx; uz = 0;
            } else {
                ux = 0; uy = nz; uz = -ny;
            }
            double inv = 1 / Math.sqrt(ux * ux + uy * uy + uz * uz);
            uz *= inv;
            ux *= inv;
            uy *= inv;
            double vz = nx * uy - ny * ux;
            for (int k = 0, p = m * ContactStore.MAX_POINTS; k < cs.pointCount[m]; k++, p++) {
                // impulse on B: jn n + jt1 t1 + jt2 t2
                double jz = cs.normalImpulse[p] * nz + cs.tangentImpulse1[p] * uz + cs.tangentImpulse2[p] * vz;
                z += db ? jz : -jz;
            }
        }
        return z;
    }

    @Test
    void theStruckPiecesTakeTheBallsMomentumAndFlyThroughTheFarFace() {
        Run r = new Run(ImpactMode.RESOLVE, true, 0.5, 0.5, THRESHOLD);
        List<Long> struck = new ArrayList<>();
        r.w.addBreakListener(ev -> {
            for (int i = 0; i < ev.count(); i++) {
                if (ev.kind[i] == BreakEvents.BREAK) {
                    struck.add(ev.body[i]);
                }
            }
        });
        for (int i = 0; i < 25; i++) {
            r.w.step();
        }
        BodyStore b = r.b();
        double p0 = M * V;
        double piecesZ = r.momentum()[2] - M * b.vz[r.ballSlot()];
        assertThat(struck).as("pieces broke").isNotEmpty();
        int past = 0;
        for (long h : struck) {
            int ps = b.slot(h);
            if (b.isLive(ps) && b.handle(ps) == h && b.pz[ps] > HZ && b.vz[ps] > 0) {
                past++;
            }
        }
        assertThat(past).as("struck pieces past the far face, moving forward").isGreaterThan(2);
        assertThat(piecesZ).as("forward momentum the pieces carry 0.4 s later").isGreaterThan(0.4 * p0);
        // Chaos's rules on the same wall: the anchors take the impact, the pieces are left where they were
        Run chaos = new Run(ImpactMode.CHAOS, true, 0.5, 0.5, THRESHOLD);
        for (int i = 0; i < 25; i++) {
            chaos.w.step();
        }
        double chaosPieces = chaos.momentum()[2] - M * chaos.b().vz[chaos.ballSlot()];
        assertThat(chaosPieces).as("chaos: forward momentum of the pieces").isLessThan(0.1 * p0);
    }

    @Test
    void whatTheBallLostIsWhatThePiecesTookPlusWhatAnchorsAndGroundTook() {
        // restore off: every exchange then goes through contacts, which the bookkeeping sees
        Run r = new Run(ImpactMode.RESOLVE, true, 0.5, 0, THRESHOLD);
        double p0 = M * V;
        double external = 0;
        for (int i = 0; i < 25; i++) {
            r.w.step();
            external += r.externalZ();
        }
        double[] p = r.momentum();
        double ballZ = M * r.b().vz[r.ballSlot()];
        double piecesZ = p[2] - ballZ;
        assertThat(piecesZ).as("the pieces carry momentum forward").isGreaterThan(0.1 * p0);
        // p0 = ball + pieces - (what anchors and ground pushed back): conserved to round-off
        assertThat(Math.abs(p[2] - external - p0) / p0).as("momentum bookkeeping").isLessThan(1e-6);
        // the ball's forward speed is what is left after the pieces and the holders took theirs
        assertThat(ballZ).isCloseTo(p0 - piecesZ + external, org.assertj.core.data.Offset.offset(1e-6 * p0));
    }

    @Test
    void aBallThatClosesItsGapWithinTheStepBreaksThroughBeforeTheSolveAndTheAnchorsTakeLittle() {
        // the ball starts 2.99 m (at 1 m per step) from the wall's face: in its impact step the contact is
        // speculative (0.99 m of gap), so the solve's biased iterations let it approach and its stopping
        // impulse comes in the relax iterations after integration; the break prediction must see it there
        double gap = 2.99;
        Run r = new Run(ImpactMode.RESOLVE, true, 0.5, 0, THRESHOLD, M, -HZ - R - gap);
        double p0 = M * V;
        int impact = -1;
        double external = 0;
        for (int i = 0; i < 6; i++) {
            r.w.step();
            if (impact < 0 && r.w.profile().breaks() > 0) {
                impact = i;
                external = r.externalZ();
                assertThat(r.w.destruction().predictedEvents()).as("pieces released before the solve").isGreaterThan(0);
            }
        }
        assertThat(impact).as("the step the ball reaches the wall").isEqualTo(2);
        double piecesZ = r.momentum()[2] - M * r.b().vz[r.ballSlot()];
        // what the anchors took in the impact step is bounded by what held: a few children's thresholds,
        // not the ball's 12 000 N s (before the prediction saw the relax iterations: about all of it)
        assertThat(-external).as("anchors and ground, impact step").isLessThan(0.25 * p0);
        assertThat(piecesZ).as("forward momentum of the struck pieces").isGreaterThan(0.5 * p0);
    }

    @Test
    void aFreeWallOnFrictionlessGroundConservesMomentumThroughTheBreakStep() {
        Run r = new Run(ImpactMode.RESOLVE, false, 0, 0.5, THRESHOLD);
        int[] breakStep = {-1};
        r.w.addBreakListener(ev -> {
            if (breakStep[0] < 0) {
                breakStep[0] = (int) ev.step();
            }
        });
        double[] p0 = r.momentum();
        double scale = Math.hypot(p0[0], p0[2]);
        double worst = 0;
        for (int i = 0; i < 25; i++) {
            r.w.step();
            double[] p = r.momentum();
            worst = Math.max(worst, Math.hypot(p[0] - p0[0], p[2] - p0[2]) / scale);
        }
        assertThat(breakStep[0]).as("the wall broke").isGreaterThanOrEqualTo(0);
        assertThat(worst).as("horizontal momentum drift, relative").isLessThan(1e-6);
    }

    @Test
    void aBallThatCannotBreakAnythingReboundsExactlyAsFromAnUnbreakableWall() {
        // 2 kg at 60 m/s: 120 N·s, far under the thresholds
        Run resolve = new Run(ImpactMode.RESOLVE, true, 0.5, 0.5, THRESHOLD, 2);
        Run chaos = new Run(ImpactMode.CHAOS, true, 0.5, 0.5, THRESHOLD, 2);
        Run solid = new Run(ImpactMode.CHAOS, true, 0.5, 0.5, Double.POSITIVE_INFINITY, 2);
        for (int i = 0; i < 40; i++) {
            resolve.w.step();
            chaos.w.step();
            solid.w.step();
            assertThat(resolve.w.bodies().size()).isEqualTo(solid.w.bodies().size());
            int a = resolve.ballSlot(), c = solid.ballSlot();
            assertThat(resolve.b().pz[a]).isEqualTo(solid.b().pz[c]);
            assertThat(resolve.b().vz[a]).isEqualTo(solid.b().vz[c]);
            assertThat(chaos.b().vz[chaos.ballSlot()]).isEqualTo(solid.b().vz[c]);
        }
        assertThat(resolve.b().vz[resolve.ballSlot()]).as("stopped by the wall").isLessThan(0.5);
    }

    @Test
    void aStruckPieceMovesVdtInItsReleaseStepAndNeverPassesAPlateBehindTheWall() {
        Run r = new Run(ImpactMode.RESOLVE, true, 0.5, 0.5, THRESHOLD);
        // a static plate 5 cm behind the far face: nothing may pass it
        double plateNear = HZ + 0.05;
        r.w.createBody(BodyDef.of(new Box(4, 3, 0.05)).withMotion(MotionType.STATIC).withPosition(0, 3, plateNear + 0.05));
        List<double[]> released = new ArrayList<>();
        r.w.addBreakListener(ev -> {
            for (int i = 0, n = r.w.destruction().predictedEvents(); i < n; i++) { // released before the solve
                if (ev.kind[i] == BreakEvents.BREAK) {
                    int o = 13 * i;
                    released.add(new double[] {ev.body[i], ev.step(), ev.motion[o], ev.motion[o + 1], ev.motion[o + 2]});
                }
            }
        });
        BodyStore b = r.b();
        double dt = r.w.settings().dt();
        int checked = 0, held = 0;
        double worst = 0;
        double deepest = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < 40; i++) {
            int before = released.size();
            r.w.step();
            for (int k = before; k < released.size(); k++) {
                double[] e = released.get(k);
                long h = (long) e[0];
                int s = b.slot(h);
                if (!b.isLive(s) || b.handle(s) != h) {
                    continue; // broken again in a later pass of the same step
                }
                // released before the solve at its holder's pose (the pose at the start of the step): at the
                // end of the step it is exactly that pose moved by its final velocity times dt (one sub-step),
                // unless that would put it into a moving neighbour it presses on (the relax iterations left the
                // two approaching): then it stays where the integrator put it (ReleasedPiecesOverlapTest)
                double dx = b.px[s] - e[2], dy = b.py[s] - e[3], dz = b.pz[s] - e[4];
                double ex = b.vx[s] * dt, ey = b.vy[s] * dt, ez = b.vz[s] * dt;
                double err = Math.sqrt((dx - ex) * (dx - ex) + (dy - ey) * (dy - ey) + (dz - ez) * (dz - ez));
                if (err > 1e-12 * (1 + Math.sqrt(ex * ex + ey * ey + ez * ez))) {
                    assertThat(touchesMovingBody(r.w, s)).as("piece %d, not moved v dt (off by %s m), presses on a"
                            + " moving body", h, err).isTrue();
                    held++;
                } else {
                    worst = Math.max(worst, err);
                }
                if (dz > dt) { // moved forward in its release step, faster than 1 m/s
                    checked++;
                }
            }
            for (int k = 0, n = b.awakeCount(); k < n; k++) {
                int s = b.order[k];
                if (b.motion[s] == MotionType.DYNAMIC.ordinal()) {
                    deepest = Math.max(deepest, b.bounds[6 * s + 2] - plateNear);
                }
            }
        }
        // two faster than 1 m/s, and a third at 0.9993 m/s since the relax pass's friction takes its cone from the relaxed
        // normal impulse (2026-12-07, peers34; three were faster than 1 m/s before)
        assertThat(checked).as("struck pieces pushed forward in their release step").isGreaterThanOrEqualTo(2);
        assertThat(deepest).as("deepest any body's near side got past the plate's face").isLessThan(0.01);
    }

    /** Whether the body in {@code slot} has a manifold of this step with another awake dynamic body. */
    private static boolean touchesMovingBody(World w, int slot) {
        dev.rubble.core.collision.ContactStore c = w.contacts();
        BodyStore b = w.bodies();
        for (int m = 0; m < c.size(); m++) {
            int other = c.bodyA[m] == slot ? c.bodyB[m] : c.bodyB[m] == slot ? c.bodyA[m] : -1;
            if (other >= 0 && c.pointCount[m] > 0 && b.motion[other] == MotionType.DYNAMIC.ordinal()
                    && b.state[other] == dev.rubble.core.body.BodyState.AWAKE.ordinal()) {
                return true;
            }
        }
        return false;
    }
}
