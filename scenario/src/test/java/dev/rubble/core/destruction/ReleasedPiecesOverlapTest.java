package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.api.PhysicsWorld;
import dev.rubble.api.Rubble;
import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.collision.ContactStore;
import dev.rubble.scenario.Scenarios;
import org.junit.jupiter.api.Test;

/**
 * Two fractured collections colliding in zero gravity, both resolving impacts (docs/destruction.md, "Impacts"): a
 * 0.5 m fractured box (20 pieces, 312.5 kg) thrown at 10 m/s at a free 3 × 2 × 0.2 m fractured wall (40 pieces,
 * 3 000 kg). Both break where they meet. Pieces released before the solve end their release step at their start
 * pose moved by the velocity they leave it with (item 4); where the relax iterations stopping the impact through a
 * chain of pieces left two of them still approaching, that move put the rear pieces of the box 4.5 cm into its
 * front ones (found rendering two collections thrown at each other, looks pass 2026-12-07; 6.2 cm at worst two
 * steps later). Rigid pieces do not pass into one another: the impact step leaves them touching, not inside each
 * other (bound: 5 mm, a thirtieth of a piece; the same scene in `chaos` mode, where the box hits as one body,
 * leaves 0.05 mm).
 *
 * <p>Expectations from mechanics, not from a run: nothing outside acts, so the total linear momentum stays
 * 3 125 N·s along z (to round-off), and collisions with restitution 0 only take kinetic energy away: it stays at
 * most the 15 625 J thrown in, and no step adds more than a thousandth of what there is (the soft contacts push
 * the last millimetres of overlap out over a few steps; 0.03 % in one step here).
 */
final class ReleasedPiecesOverlapTest {
    static final String SCENE = """
            {"format": "rubble-scenario/1", "name": "box at wall", "world": {"gravity": [0, 0, 0]},
             "collections": [
               {"id": "wall", "recipe": {"box": [1.5, 1, 0.1], "levels": [{"method": "voronoi", "options": {"count": 40}}], "seed": 4},
                "destruction": {"damageOptions": {"thresholds": [100]}, "impactMode": "resolve", "restoreMomentum": 0}},
               {"id": "box", "recipe": {"box": [0.25, 0.25, 0.25], "levels": [{"method": "voronoi", "options": {"count": 20}}], "seed": 9},
                "position": [0.2, 0.1, -1.5], "linear": [0, 0, 10],
                "destruction": {"damageOptions": {"thresholds": [100]}, "impactMode": "resolve", "restoreMomentum": 0}}]}
            """;

    @Test
    void theImpactStepLeavesNoPiecesInsideEachOtherAndKeepsMomentum() {
        PhysicsWorld w = Scenarios.parse(SCENE, Rubble.defaultPlugins());
        double p0 = 312.5 * 10, e0 = 0.5 * 312.5 * 10 * 10;
        int impact = -1;
        double lastEnergy = e0;
        for (int step = 0; step < 30; step++) {
            w.step();
            BodyStore b = w.kernel().bodies();
            double pz = 0, e = 0;
            for (int s = 0; s < b.slotLimit(); s++) {
                if (b.isLive(s) && b.state(s) == BodyState.AWAKE && b.invMass[s] > 0) {
                    pz += b.mass[s] * b.vz[s];
                    e += 0.5 * b.mass[s] * (b.vx[s] * b.vx[s] + b.vy[s] * b.vy[s] + b.vz[s] * b.vz[s]) + spin(b, s);
                }
            }
            assertThat(pz).as("momentum along z after step " + step).isCloseTo(p0, org.assertj.core.data.Offset.offset(1e-9 * p0));
            assertThat(e).as("kinetic energy after step " + step).isLessThanOrEqualTo(e0 * (1 + 1e-12))
                    .isLessThanOrEqualTo(lastEnergy * (1 + 1e-3));
            lastEnergy = e;
            if (impact < 0 && w.lastProfile().breaks() > 0) {
                impact = step;
            } else if (impact >= 0 && step == impact + 1) {
                // this step's contacts were found at the poses the impact step left
                ContactStore c = w.kernel().contacts();
                double deepest = 0;
                for (int m = 0; m < c.size(); m++) {
                    for (int q = 0; q < c.pointCount[m]; q++) {
                        deepest = Math.min(deepest, c.separation[m * ContactStore.MAX_POINTS + q]);
                    }
                }
                assertThat(-deepest).as("deepest overlap of two pieces the impact step (" + impact + ") left, m")
                        .isLessThan(0.005);
            }
        }
        assertThat(impact).as("the box and the wall break where they meet").isPositive();
    }

    /** Rotational kinetic energy, J: ½ ω·Iω in the body's principal frame. */
    private static double spin(BodyStore b, int s) {
        org.joml.Quaterniond f = new org.joml.Quaterniond(b.qx[s], b.qy[s], b.qz[s], b.qw[s])
                .mul(new org.joml.Quaterniond(b.iqx[s], b.iqy[s], b.iqz[s], b.iqw[s]));
        org.joml.Vector3d w = f.conjugate().transform(new org.joml.Vector3d(b.wx[s], b.wy[s], b.wz[s]));
        return 0.5 * (w.x * w.x / b.invIx[s] + w.y * w.y / b.invIy[s] + w.z * w.z / b.invIz[s]);
    }
}
