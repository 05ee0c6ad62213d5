package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.world.World;
import dev.rubble.spi.collection.CollectionAsset;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Compound;
import dev.rubble.core.body.MotionType;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * An intact geometry collection is one body, a compound of its pieces: a body sliding over it must not
 * feel the seams between the pieces (docs/dynamics.md, "Internal compound edges"). A frictionless
 * 0.2 m cube at 2 m/s over an anchored bar of five 1 m box pieces (hulls, the root's hulls the pieces') keeps its speed and its
 * height by Newton's first law, as over one box; before, the seams stopped or launched it.
 */
final class CollectionSeamTest {

    /**
     * The asset with its root's collision hulls its leaves' (as fractured assets have them: the intact body
     * a compound of the pieces), instead of one box around them.
     */
    static CollectionAsset piecewise(CollectionAsset a) {
        int n = a.nodeCount();
        int leaves = n - 1;
        int[] start = new int[n + 1];
        int[] index = new int[leaves + n - 1];
        int k = 0;
        for (int i = 1; i < n; i++) { // the root: every leaf's hull
            index[k++] = a.hullIndex()[a.hullStart()[i]];
        }
        start[1] = k;
        for (int i = 1; i < n; i++) {
            index[k++] = a.hullIndex()[a.hullStart()[i]];
            start[i + 1] = k;
        }
        return new CollectionAsset(a.parent(), a.firstChild(), a.childCount(), a.mass(), a.com(), a.inertia(),
                a.volume(), a.relativeSize(), a.anchored(), a.initialState(), start, index, a.hulls(), a.edgeA(),
                a.edgeB(), a.edgeArea());
    }

    @Test
    void aFrictionlessCubeSlidesOverTheSeamsOfAnIntactCollection() {
        World w = Scenes.world(9.81);
        // five 1 x 0.5 x 0.5 m pieces along x from x = -0.5 to 4.5, top at y = 0.25; pinned, unbreakable here
        w.placeCollection(piecewise(TestAssets.chain(5, 1000)), CollectionPlacement.at(0, 0, 0)
                .withAnchors(new int[] {1}, null).withOptions(Scenes.thresholds(1e9)));
        BodyStore b = w.bodies();
        long cube = w.createBody(BodyDef.of(new Box(0.1, 0.1, 0.1)).withPosition(0, 0.35, 0)
                .withLinearVelocity(2, 0, 0).withMaterial(0, 0));
        int s = b.slot(cube);
        double highest = Double.NEGATIVE_INFINITY, lowest = Double.POSITIVE_INFINITY;
        for (int i = 0; i < 90; i++) { // 3 m: over the seams at x = 0.5, 1.5 and 2.5
            w.step();
            highest = Math.max(highest, b.py[s]);
            lowest = Math.min(lowest, b.py[s]);
        }
        assertThat(b.px[s]).as("distance slid").isCloseTo(3, within(0.05));
        assertThat(b.vx[s]).as("speed").isCloseTo(2, within(0.02));
        assertThat(highest).as("highest centre").isLessThan(0.35 + 1e-3);
        assertThat(lowest).as("lowest centre").isGreaterThan(0.35 - 2e-3);
    }

    /**
     * Seams on both sides: an intact collection of two 1 m box pieces (a compound of their hulls) sliding
     * frictionless at 2 m/s over a static floor of 1 m tiles (one compound); its seam and both its ends pass
     * over the floor's seams together every half second. By Newton's first law it keeps its speed and height,
     * as the same collection over one box does. Before, a compound against a compound of several children was
     * not smoothed and the collection stopped 0.5 m on, its seam over a floor seam.
     */
    @Test
    void anIntactCollectionSlidesOverATiledFloor() {
        double[] end = new double[2];
        for (int k = 0; k < 2; k++) {
            World w = Scenes.world(9.81);
            int n = k == 0 ? 1 : 8;
            Compound.Child[] tiles = new Compound.Child[n];
            for (int i = 0; i < n; i++) {
                tiles[i] = Compound.Child.at(new Box(4.0 / n, 0.5, 2), (i + 0.5) * 8.0 / n - 4, -0.5, 0);
            }
            w.createBody(BodyDef.of(new Compound(List.of(tiles))).withMotion(MotionType.STATIC).withMaterial(0, 0));
            // pieces centred at x = -3 and -2 (a seam at -2.5), 0.5 m high: bottom on the floor's top
            w.placeCollection(piecewise(TestAssets.chain(2, 1000)), CollectionPlacement.at(-3, 0.25, 0)
                    .withVelocity(2, 0, 0, 0, 0, 0).withOptions(Scenes.thresholds(1e9)));
            BodyStore b = w.bodies();
            int s = -1;
            for (int i = 0; i < b.slotLimit(); i++) {
                if (b.isLive(i) && b.shape[i] instanceof Compound c && c.childCount() == 2) {
                    s = i;
                }
            }
            double highest = Double.NEGATIVE_INFINITY, lowest = Double.POSITIVE_INFINITY;
            for (int i = 0; i < 90; i++) {
                w.step();
                highest = Math.max(highest, b.py[s]);
                lowest = Math.min(lowest, b.py[s]);
            }
            assertThat(b.vx[s]).as("%d tiles: speed", n).isCloseTo(2, within(2e-3));
            assertThat(highest).as("%d tiles: highest centre", n).isLessThan(0.25 + 1e-3);
            assertThat(lowest).as("%d tiles: lowest centre", n).isGreaterThan(0.25 - 1e-3);
            end[k] = b.px[s];
        }
        assertThat(end[1]).as("where it ends over the tiles").isCloseTo(end[0], within(2e-3));
    }
}
