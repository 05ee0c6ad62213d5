package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.command.Command;
import dev.rubble.core.world.World;
import dev.rubble.spi.collection.CollectionAsset;
import org.junit.jupiter.api.Test;

/** SPEC §5 breaking rules, with loads given by commands in a world without gravity. */
final class EvaluationRulesTest {

    private static World chainWorld(int k, DestructionOptions o) {
        World w = Scenes.world(0);
        w.placeCollection(TestAssets.chain(k, 1000), CollectionPlacement.at(0, 5, 0).withOptions(o));
        return w;
    }

    @Test
    void anIntactCollectionIsOneBodyWithTheCollectionsMass() {
        CollectionAsset a = TestAssets.chain(3, 1000);
        World w = chainWorld(3, Scenes.thresholds(100));
        assertThat(w.bodies().size()).isEqualTo(1);
        int s = w.bodies().slot(w.destruction().holderBody(0, 2));
        // 3 boxes of 1 x 0.5 x 0.5 m at 1000 kg/m³ = 750 kg; centre of mass at the middle box
        assertThat(w.bodies().mass[s]).isCloseTo(750, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(w.bodies().px[s]).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(w.bodies().py[s]).isCloseTo(5.0, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(a.nodeCount()).isEqualTo(4);
    }

    @Test
    void aLoadEqualToTheThresholdBreaks() {
        World w = chainWorld(3, Scenes.thresholds(100));
        w.queue(new Command.ExternalStrain(0, 1, 100));
        w.step();
        assertThat(w.destruction().events().count()).isGreaterThan(0);
        assertThat(w.destruction().events().kind[0]).isEqualTo(BreakEvents.BREAK);
        assertThat(w.destruction().events().node[0]).isEqualTo(1);
        assertThat(w.bodies().size()).isEqualTo(2); // the free end and the two-piece rest
    }

    @Test
    void aLoadJustBelowTheThresholdDoesNotBreak() {
        World w = chainWorld(3, Scenes.thresholds(100));
        w.queue(new Command.ExternalStrain(0, 1, Math.nextDown(100.0)));
        w.step();
        assertThat(w.destruction().events().count()).isZero();
        assertThat(w.bodies().size()).isEqualTo(1);
    }

    @Test
    void loadsDoNotAccumulateAcrossSteps() {
        World w = chainWorld(3, Scenes.thresholds(100));
        for (int i = 0; i < 5; i++) {
            w.queue(new Command.ExternalStrain(0, 1, 60)); // 5 x 60 = 300 would break a hit-point model
            w.step();
            assertThat(w.destruction().events().count()).isZero();
        }
        int g = w.destruction().globalNode(0, 1);
        assertThat(w.destruction().store().externalLoad[g]).isZero();
        assertThat(w.destruction().store().collisionLoad[g]).isZero();
        assertThat(w.destruction().store().threshold[g]).isEqualTo(100); // the only lasting state
        assertThat(w.bodies().size()).isEqualTo(1);
    }

    @Test
    void aThresholdOfZeroOrLessBreaksAtOnce() {
        World w = chainWorld(3, Scenes.thresholds(100));
        w.queue(new Command.InternalStrain(0, 3, -250)); // floor 0
        w.step();
        int g = w.destruction().globalNode(0, 3);
        assertThat(w.destruction().store().threshold[g]).isZero();
        assertThat(w.destruction().events().node[0]).isEqualTo(3);
    }

    @Test
    void anInfiniteThresholdNeverBreaks() {
        World w = chainWorld(2, Scenes.thresholds(Double.POSITIVE_INFINITY));
        w.queue(new Command.ExternalStrain(0, 1, 1e300));
        w.queue(new Command.ExternalStrain(0, 2, Double.MAX_VALUE));
        w.step();
        assertThat(w.destruction().events().count()).isZero();
        assertThat(w.bodies().size()).isEqualTo(1);
    }

    @Test
    void levelsAtOrPastTheLimitNeverBreakEvenWhenForced() {
        World w = chainWorld(2, Scenes.thresholds(0).withLevels(1, 5)); // children are level 1
        w.queue(new Command.Crumble(0, 0));
        Scenes.steps(w, 3);
        assertThat(w.bodies().size()).isEqualTo(1);
        World w2 = chainWorld(2, Scenes.thresholds(10).withLevels(5, 1)); // maxSimulatedLevel too
        w2.queue(new Command.ExternalStrain(0, 1, 1e9));
        w2.step();
        assertThat(w2.bodies().size()).isEqualTo(1);
    }

    @Test
    void aCollectionBreaksOneLevelPerStep() {
        // root -> two clusters (nodes 1, 2) -> two leaves each (3, 4 | 5, 6); every threshold 0
        CollectionAsset a = TestAssets.threeLevels();
        World w = Scenes.world(0);
        w.placeCollection(a, CollectionPlacement.at(0, 10, 0).withOptions(Scenes.thresholds(0)));
        assertThat(w.bodies().size()).isEqualTo(1);
        w.step();
        assertThat(w.bodies().size()).isEqualTo(2); // the two clusters, leaves still held
        assertThat(w.destruction().holderBody(0, 3)).isEqualTo(w.destruction().holderBody(0, 4));
        w.step();
        assertThat(w.bodies().size()).isEqualTo(4); // now the leaves
        assertThat(w.destruction().events().count()).isEqualTo(4);
    }

    @Test
    void externalStrainAtAPointReachesChildrenInTheSphereAndRingsAlongBonds() {
        World w = chainWorld(5, Scenes.thresholds(100));
        // leaf 1 is at x = 0 (world x 0, y 5); ring 1 (leaf 2) gets 150 * 0.5 = 75, too little
        w.queue(new Command.ExternalStrainAt(-0.6, 5, 0, 0.2, 150, 2, 0.5));
        w.step();
        assertThat(w.destruction().events().count()).isGreaterThan(0);
        assertThat(w.destruction().events().node[0]).isEqualTo(1);
        for (int i = 0; i < w.destruction().events().count(); i++) {
            assertThat(w.destruction().events().kind[i] == BreakEvents.BREAK ? w.destruction().events().node[i] : 1)
                    .isEqualTo(1);
        }
    }

    @Test
    void aCollectionBodyRemovedThroughTheWorldMakesItsCollectionInert() {
        World w = chainWorld(3, Scenes.thresholds(100));
        w.removeBody(w.destruction().holderBody(0, 1));
        w.queue(new Command.ExternalStrain(0, 1, 1e9));
        w.queue(new Command.ExternalStrainAt(0, 5, 0, 3, 1e9, 1, 1));
        w.queue(new Command.SetAnchor(0, 2, true));
        Scenes.steps(w, 3);
        assertThat(w.bodies().size()).isZero();
        assertThat(w.destruction().activeCount()).isZero();
        assertThat(w.destruction().events().count()).isZero();
    }
}
