package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.authoring.CollectionBuilder;
import dev.rubble.authoring.GeometryCollection;
import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.plugin.StageFamily;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.core.world.World;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.geom.ConvexPolytope;
import dev.rubble.spi.shape.Sphere;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A piece the impact pass releases before the solve and the real solve then drives into its neighbours
 * loads them in the same step's DESTRUCTION slot (docs/destruction.md "Impacts", rule 1: "Chaos's rules in
 * the DESTRUCTION slot, which see the real solve's loads, still break it"). The piece was at rest in its
 * holder when the step began, so its contacts approach at 0 and Chaos's 1 cm/s filter dropped them: a free
 * 2 × 2 m panel of 30 Voronoi pieces shot with 2 000 N·s had one piece punched out, wedged in its socket
 * (Voronoi faces of a panel's cells slant), and the holed remainder flew off with 1 671 N·s of it without
 * one of its 20 N·s bonds breaking (found by the destpass2 pass: `rubble run fast.json`, frame 1).
 *
 * <p>The expectation needs no model of the wedge: in zero gravity, with no ground and momentum return off,
 * whatever the remainder's children carry comes through contacts on the remainder's body in the impact
 * step, whose loads (one per point, the magnitude of its impulse) add up to at least the magnitude of their
 * sum, the remainder's momentum. If that momentum is at least (children) × threshold, some child was loaded
 * to its threshold, and by the inclusive rule it breaks in that step.
 */
final class PushedPieceStrainTest {
    static final double THRESHOLD = 20, BULLET_MASS = 5, SPEED = 400;

    @Test
    void aPieceDrivenIntoAFreeHolderLoadsItsNeighboursInTheImpactStep() {
        CollectionBuilder cb = new CollectionBuilder(ConvexPolytope.box(0, 0, 0, 1, 1, 0.025));
        cb.fractureLevel(Scenes.stages().create(StageFamily.FRACTURE, "voronoi", StageConfig.of(Map.of("count", 30))), 7, 1.0);
        GeometryCollection panel = cb.build(Scenes.stages().create(StageFamily.CONNECTION_GRAPH,
                "minimal-spanning-subset-delaunay", StageConfig.empty()), Integer.MAX_VALUE);
        World w = World.create(WorldSettings.defaults().withGravity(0, 0, 0), Scenes.stages());
        w.placeCollection(panel.asset(), CollectionPlacement.at(0, 0, 0).withOptions(
                Scenes.thresholds(THRESHOLD).withRestoreMomentum(0).withImpactMode(ImpactMode.RESOLVE)));
        long bullet = w.createBody(BodyDef.of(new Sphere(0.05)).withMass(BULLET_MASS).withPosition(0.1, 0.2, -1)
                .withLinearVelocity(0, 0, SPEED));
        DestructionRuntime d = w.destruction();
        BreakEvents ev = d.events();
        int predicted = 0;
        for (int step = 0; step < 10 && predicted == 0; step++) {
            w.step();
            predicted = d.predictedEvents();
        }
        assertThat(predicted).as("the bullet punched a piece out before the solve").isPositive();

        // the impact step: the trial's events, then the DESTRUCTION slot's
        long punched = -1, remainder = -1;
        int remainderChildren = 0;
        for (int i = 0; i < predicted; i++) {
            if (ev.kind[i] == BreakEvents.BREAK) {
                punched = ev.body[i];
            } else if (ev.kind[i] == BreakEvents.CLUSTER) {
                remainder = ev.body[i];
                remainderChildren = ev.memberStart[i + 1] - ev.memberStart[i];
            }
        }
        assertThat(punched).isNotEqualTo(-1);
        assertThat(remainder).as("the rest of the panel held together as one cluster").isNotEqualTo(-1);
        // momentum of everything of the panel but the punched piece: the remainder and what it released
        BodyStore b = w.bodies();
        double px = 0, py = 0, pz = 0;
        for (int s = 0; s < b.slotLimit(); s++) {
            if (!b.isLive(s) || b.handle(s) == punched || b.handle(s) == bullet
                    || b.motion[s] != MotionType.DYNAMIC.ordinal() || d.nodeOfBody(b.handle(s)) < 0) {
                continue;
            }
            px += b.mass[s] * b.vx[s];
            py += b.mass[s] * b.vy[s];
            pz += b.mass[s] * b.vz[s];
        }
        double carried = Math.sqrt(px * px + py * py + pz * pz);
        assertThat(carried).as("the remainder took enough that one of its %d children carried its threshold",
                remainderChildren).isGreaterThanOrEqualTo(remainderChildren * THRESHOLD);
        int brokeAfterSolve = 0;
        for (int i = predicted; i < ev.count(); i++) {
            if (ev.kind[i] == BreakEvents.BREAK && ev.from[i] == remainder) {
                brokeAfterSolve++;
                assertThat(ev.load[i]).isGreaterThanOrEqualTo(THRESHOLD);
            }
        }
        assertThat(brokeAfterSolve).as("children of the remainder broken in the impact step's DESTRUCTION slot"
                + " (it carried %.0f N·s)", carried).isPositive();
    }
}
