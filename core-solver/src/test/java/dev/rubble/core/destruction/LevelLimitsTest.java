package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.command.Command;
import dev.rubble.core.world.World;
import dev.rubble.spi.collection.CollectionAsset;
import org.junit.jupiter.api.Test;

/**
 * Level limits (SPEC §6, issue 13): {@code maxSimulatedLevel} — nodes deeper never get a body;
 * {@code maxClusterLevel} — nodes at or past it never break. A three-level collection: root (level 0)
 * → clusters 1, 2 (level 1) → leaves 3, 4 | 5, 6 (level 2); every threshold 0 and every node
 * forced (+∞) each step, so only the limits hold anything together.
 */
final class LevelLimitsTest {

    private static World placed(int maxCluster, int maxSimulated) {
        World w = Scenes.world(0);
        w.placeCollection(TestAssets.threeLevels(), CollectionPlacement.at(0, 10, 0)
                .withOptions(Scenes.thresholds(0).withLevels(maxCluster, maxSimulated)));
        return w;
    }

    /** Forces every node to break, several steps in a row. */
    private static void forceAll(World w, int steps) {
        for (int s = 0; s < steps; s++) {
            for (int n = 0; n < 3; n++) {
                w.queue(new Command.Crumble(0, n));
            }
            for (int n = 1; n < 7; n++) {
                w.queue(new Command.ExternalStrain(0, n, Double.POSITIVE_INFINITY));
            }
            w.step();
        }
    }

    /** The nodes that have a body of their own. */
    private static boolean[] bodied(World w) {
        boolean[] b = new boolean[7];
        for (int n = 0; n < 7; n++) {
            b[n] = w.destruction().store().body[w.destruction().globalNode(0, n)] != ClusterStore.NONE;
        }
        return b;
    }

    @Test
    void unlimitedLevelsBreakDownToTheLeaves() {
        World w = placed(Integer.MAX_VALUE, Integer.MAX_VALUE);
        forceAll(w, 4);
        assertThat(bodied(w)).containsExactly(false, false, false, true, true, true, true);
    }

    @Test
    void nodesDeeperThanMaxSimulatedLevelNeverGetABody() {
        World w = placed(Integer.MAX_VALUE, 1); // level 1 is the deepest simulated: the root stays whole
        forceAll(w, 4);
        assertThat(bodied(w)).containsExactly(true, false, false, false, false, false, false);
        World w2 = placed(Integer.MAX_VALUE, 2); // the clusters may come apart from the root, never the leaves
        forceAll(w2, 4);
        assertThat(bodied(w2)).containsExactly(false, true, true, false, false, false, false);
        assertThat(w2.bodies().size()).isEqualTo(2);
    }

    @Test
    void nodesAtOrPastMaxClusterLevelNeverBreak() {
        World w = placed(2, Integer.MAX_VALUE); // level-2 leaves never break off their clusters
        forceAll(w, 4);
        assertThat(bodied(w)).containsExactly(false, true, true, false, false, false, false);
        World w1 = placed(1, Integer.MAX_VALUE);
        forceAll(w1, 4);
        assertThat(bodied(w1)).containsExactly(true, false, false, false, false, false, false);
        assertThat(w1.destruction().unbreakableLevel(0)).isEqualTo(1);
    }

    @Test
    void levelsChangedAtRunTimeHoldFromTheNextStep() {
        World w = placed(Integer.MAX_VALUE, Integer.MAX_VALUE);
        w.queue(new Command.SetLevels(0, Integer.MAX_VALUE, 1));
        forceAll(w, 3);
        assertThat(bodied(w)).containsExactly(true, false, false, false, false, false, false);
        w.queue(new Command.SetLevels(0, 2, Integer.MAX_VALUE));
        forceAll(w, 3);
        assertThat(bodied(w)).containsExactly(false, true, true, false, false, false, false);
        assertThat(w.destruction().unbreakableLevel(0)).isEqualTo(2);
        w.queue(new Command.SetLevels(0, Integer.MAX_VALUE, Integer.MAX_VALUE));
        forceAll(w, 3);
        assertThat(bodied(w)).containsExactly(false, false, false, true, true, true, true);
    }
}
