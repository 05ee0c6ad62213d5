package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.command.Command;
import dev.rubble.core.world.World;
import dev.rubble.spi.collection.CollectionAsset;
import org.junit.jupiter.api.Test;

/**
 * Crumbling of partial clusters (SPEC §6): what is left of a holder crumbles at once when all its
 * remaining children are small enough, and not while a big one is among them.
 *
 * <pre>
 *   d            node 1 = A: half extents 1, 0.5, 0.5 (2 m³, relative size 1)
 *   b c          nodes 2, 3, 4 = b, c, d: cubes of 1 m³ (relative size cbrt(1/2) = 0.794)
 *   AAA          bonds A-b, A-c, b-c, c-d
 * </pre>
 * Breaking b leaves {A, c, d} bonded: a partial cluster with A in it, which must not crumble at
 * crumbleSize 0.8. Breaking A then leaves {c, d}: both at 0.794 <= 0.8, so it crumbles in the same
 * step into two bodies. At crumbleSize 0.75 it stays one body.
 */
final class CrumbleTest {

    private static CollectionAsset asset() {
        int[] parent = {-1, 0, 0, 0, 0};
        double[][] boxes = {
                {0, 0.75, 0, 1, 1.75, 0.5},
                {0, 0, 0, 1, 0.5, 0.5},
                {-0.5, 1, 0, 0.5, 0.5, 0.5},
                {0.5, 1, 0, 0.5, 0.5, 0.5},
                {0.5, 2, 0, 0.5, 0.5, 0.5}};
        int[][] bonds = {{1, 2}, {1, 3}, {2, 3}, {3, 4}};
        return TestAssets.build(100, parent, boxes, bonds, new double[] {1, 1, 1, 1});
    }

    private static int count(BreakEvents ev, byte kind) {
        int n = 0;
        for (int i = 0; i < ev.count(); i++) {
            n += ev.kind[i] == kind ? 1 : 0;
        }
        return n;
    }

    @Test
    void aPartialClusterOfSmallPiecesCrumblesAtOnceAndNotBefore() {
        CollectionAsset a = asset();
        assertThat(a.relativeSize()[1]).isEqualTo(1.0);
        assertThat(a.relativeSize()[3]).isCloseTo(Math.cbrt(0.5), org.assertj.core.data.Offset.offset(1e-12));
        World w = Scenes.world(0);
        int c = w.placeCollection(a, CollectionPlacement.at(0, 0, 0));
        w.destruction().setDebrisOptions(c, DebrisOptions.defaults().withCrumbleSize(0.8));
        DestructionRuntime d = w.destruction();
        BodyStore b = w.bodies();

        w.queue(new Command.ExternalStrain(c, 2, Double.POSITIVE_INFINITY)); // b breaks off
        w.step();
        assertThat(count(d.events(), BreakEvents.CLUSTER)).isEqualTo(1);
        assertThat(count(d.events(), BreakEvents.CRUMBLE)).as("A is big: no crumbling yet").isZero();
        long rest = d.holderBody(c, 1);
        assertThat(d.holderBody(c, 3)).isEqualTo(rest);
        assertThat(d.holderBody(c, 4)).isEqualTo(rest);

        w.queue(new Command.ExternalStrain(c, 1, Double.POSITIVE_INFINITY)); // A breaks off the partial cluster
        w.step();
        BreakEvents ev = d.events();
        assertThat(count(ev, BreakEvents.BREAK)).isEqualTo(1);
        assertThat(count(ev, BreakEvents.CLUSTER)).isEqualTo(1);
        assertThat(count(ev, BreakEvents.CRUMBLE)).isEqualTo(2);
        long cluster = -1;
        for (int i = 0; i < ev.count(); i++) {
            if (ev.kind[i] == BreakEvents.CLUSTER) {
                cluster = ev.body[i];
            } else if (ev.kind[i] == BreakEvents.CRUMBLE) {
                assertThat(ev.node[i]).isIn(3, 4);
            }
        }
        assertThat(b.isLive((int) cluster) && b.handle((int) cluster) == cluster).as("the crumbled cluster's body")
                .isFalse();
        long hc = d.holderBody(c, 3), hd = d.holderBody(c, 4);
        assertThat(hc).isNotEqualTo(hd);
        assertThat(d.store().childCount[d.store().top(d.globalNode(c, 3))]).isZero();
        assertThat(d.activeCount()).as("b, A, c, d each alone").isEqualTo(4);
    }

    @Test
    void belowItsSizeTheSameClusterStaysWhole() {
        World w = Scenes.world(0);
        int c = w.placeCollection(asset(), CollectionPlacement.at(0, 0, 0));
        w.destruction().setDebrisOptions(c, DebrisOptions.defaults().withCrumbleSize(0.75));
        w.queue(new Command.ExternalStrain(c, 2, Double.POSITIVE_INFINITY));
        w.step();
        w.queue(new Command.ExternalStrain(c, 1, Double.POSITIVE_INFINITY));
        w.step();
        DestructionRuntime d = w.destruction();
        assertThat(count(d.events(), BreakEvents.CRUMBLE)).isZero();
        assertThat(d.holderBody(c, 3)).isEqualTo(d.holderBody(c, 4));
        assertThat(d.activeCount()).isEqualTo(3);
    }
}
