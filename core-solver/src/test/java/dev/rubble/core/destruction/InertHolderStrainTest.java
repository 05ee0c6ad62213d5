package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.world.World;
import org.junit.jupiter.api.Test;

/**
 * Issue 27 item 3: a holder whose children can never break (all at or past the unbreakable level,
 * no bond capacities, no strain modifiers) is skipped by the collision-strain gather. The control
 * is the same drop with no level limit (thresholds too high to break): there the impact does load
 * the children (strain heat above 0), and the motion is bit for bit the same in both worlds — the
 * skipped work never changed anything but the heat.
 */
final class InertHolderStrainTest {

    private static World drop(int maxClusterLevel) {
        World w = Scenes.world(9.81);
        Scenes.ground(w);
        w.placeCollection(TestAssets.chain(4, 1000), CollectionPlacement.at(0, 1, 0)
                .withOrientation(0, 0, 0.0998334166468282, 0.9950041652780258) // tilted 11.5° about z
                .withVelocity(0, -6, 0, 0, 0, 0)
                .withOptions(Scenes.thresholds(1e12).withLevels(maxClusterLevel, Integer.MAX_VALUE)));
        return w;
    }

    @Test
    void unbreakableChildrenTakeNoLoadAndTheMotionIsTheSame() {
        World limited = drop(1), free = drop(Integer.MAX_VALUE);
        assertThat(limited.destruction().unbreakableLevel(0)).isEqualTo(1);
        BodyStore a = limited.bodies(), b = free.bodies();
        double heatFree = 0, heatLimited = 0;
        for (int i = 0; i < 90; i++) {
            limited.step();
            free.step();
            ClusterStore sl = limited.destruction().ctx.store, sf = free.destruction().ctx.store;
            heatLimited = Math.max(heatLimited, sl.strainRatio[0]);
            heatFree = Math.max(heatFree, sf.strainRatio[0]);
            for (int s = 0; s < a.slotLimit(); s++) {
                assertThat(a.py[s]).as("step %d slot %d", i + 1, s).isEqualTo(b.py[s]);
                assertThat(a.px[s]).isEqualTo(b.px[s]);
                assertThat(a.wz[s]).isEqualTo(b.wz[s]);
                assertThat(a.vy[s]).isEqualTo(b.vy[s]);
            }
        }
        assertThat(heatFree).as("the impact loads the children when they can break").isGreaterThan(0);
        assertThat(heatLimited).as("no load gathered for children that cannot break").isZero();
        assertThat(limited.destruction().activeCount()).isEqualTo(1);
        assertThat(free.destruction().activeCount()).isEqualTo(1);
    }
}
