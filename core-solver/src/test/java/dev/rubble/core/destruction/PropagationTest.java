package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.command.Command;
import dev.rubble.core.world.World;
import dev.rubble.spi.collection.CollectionAsset;
import org.junit.jupiter.api.Test;

/**
 * SPEC §5 damage propagation on a ring of four boxes (a 2 x 2 square: 1-2, 2-3, 3-4, 4-1 bonded),
 * threshold 100 N·s each.
 */
final class PropagationTest {

    private static CollectionAsset ring() {
        double[][] boxes = {
            {0.5, 0.5, 0, 1, 1, 0.5},
            {0, 0, 0, 0.5, 0.5, 0.5}, {1, 0, 0, 0.5, 0.5, 0.5}, {1, 1, 0, 0.5, 0.5, 0.5}, {0, 1, 0, 0.5, 0.5, 0.5}};
        int[] parent = {-1, 0, 0, 0, 0};
        int[][] bonds = {{1, 2}, {1, 4}, {2, 3}, {3, 4}};
        return TestAssets.build(1000, parent, boxes, bonds, new double[] {1, 1, 1, 1});
    }

    private static World world(DestructionOptions o) {
        World w = Scenes.world(0);
        w.placeCollection(ring(), CollectionPlacement.at(0, 0, 0).withOptions(o));
        return w;
    }

    private static double ext(World w, int node) {
        return w.destruction().store().externalLoad[w.destruction().globalNode(0, node)];
    }

    @Test
    void aBrokenChildPassesItsExcessSplitOverItsBondsAndItTakesEffectNextStep() {
        World w = world(Scenes.thresholds(100)); // default: propagation on, break factor 1, shock 0
        w.queue(new Command.ExternalStrain(0, 1, 400));
        w.step();
        // node 1 broke with 400 - 100 = 300 excess over its 2 bonds: 150 to nodes 2 and 4, none to 3
        assertThat(w.destruction().events().node[0]).isEqualTo(1);
        assertThat(ext(w, 2)).isEqualTo(150);
        assertThat(ext(w, 4)).isEqualTo(150);
        assertThat(ext(w, 3)).isZero();
        assertThat(w.bodies().size()).isEqualTo(2); // not yet broken: one hop per step
        w.step();
        // 2 and 4 break (150 >= 100); each passes (150 - 100) / 1 bond = 50 to node 3:
        // the max (50), not the sum (100, which would break it), is kept
        assertThat(ext(w, 3)).isEqualTo(50);
        int breaks = 0;
        for (int i = 0; i < w.destruction().events().count(); i++) {
            if (w.destruction().events().kind[i] == BreakEvents.BREAK) {
                breaks++;
            }
        }
        assertThat(breaks).isEqualTo(2);
        w.step();
        assertThat(w.destruction().events().count()).isZero();
    }

    @Test
    void anUnbrokenChildPassesShockUndividedAndNeighboursKeepTheMax() {
        World w = world(Scenes.thresholds(100).withPropagation(true, 1.0, 0.5));
        w.queue(new Command.ExternalStrain(0, 2, 80));
        w.queue(new Command.ExternalStrain(0, 4, 60));
        w.step();
        assertThat(w.destruction().events().count()).isZero();
        // node 1 and 3 neighbour both 2 (gives 0.5 x 80 = 40) and 4 (gives 30): each keeps 40
        assertThat(ext(w, 1)).isEqualTo(40);
        assertThat(ext(w, 3)).isEqualTo(40);
        assertThat(ext(w, 2)).isZero();
        assertThat(ext(w, 4)).isZero();
    }

    @Test
    void withoutPropagationNothingSpreads() {
        World w = world(Scenes.thresholds(100).withPropagation(false, 1.0, 0.5));
        w.queue(new Command.ExternalStrain(0, 1, 400));
        w.step();
        assertThat(ext(w, 2)).isZero();
        assertThat(ext(w, 4)).isZero();
    }

    @Test
    void aBrokenChildWithBreakFactorZeroPassesShockUndivided() {
        // break factor 0: the broken child's excess is not divided; its applied load passes as shock instead
        World w = world(Scenes.thresholds(1000).withPropagation(true, 0.0, 0.25));
        w.queue(new Command.ExternalStrain(0, 1, 1200));
        w.step();
        assertThat(w.destruction().events().node[0]).isEqualTo(1);
        // 0.25 x 1200 = 300 to each bonded sibling (2 and 4), not split over the 2 bonds; none to 3
        assertThat(ext(w, 2)).isEqualTo(300);
        assertThat(ext(w, 4)).isEqualTo(300);
        assertThat(ext(w, 3)).isZero();
    }

    @Test
    void aChildBrokenExactlyAtItsThresholdHasNoExcessToPass() {
        World w = world(Scenes.thresholds(100)); // break factor 1, shock 0
        w.queue(new Command.ExternalStrain(0, 1, 100));
        w.step();
        assertThat(w.destruction().events().node[0]).isEqualTo(1); // load >= threshold breaks it
        assertThat(ext(w, 2)).isZero();
        assertThat(ext(w, 4)).isZero();
        w.step();
        assertThat(w.bodies().size()).isEqualTo(2); // nothing else broke: nothing was passed on
    }
}
