package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.render.FrameBuilder;
import dev.rubble.core.world.World;
import dev.rubble.spi.collection.CollectionAsset;
import dev.rubble.spi.render.FrameBuffer;
import dev.rubble.spi.shape.Compound;
import org.junit.jupiter.api.Test;

/**
 * An intact collection holding one anchored piece among free ones is drawn with only that piece marked
 * (docs/rendering.md "Anchored pieces"): its drawable becomes its pieces' hulls and its anchored parts name
 * the anchored piece's. Before, the body's one anchored flag hatched the whole wall.
 */
final class AnchoredPiecesFrameTest {
    @Test
    void onlyTheAnchoredLeafOfAnIntactBarIsMarked() {
        World w = Scenes.world(0);
        CollectionAsset asset = TestAssets.chain(3, 100);
        int c = w.placeCollection(asset, CollectionPlacement.at(0, 1, 0).withAnchors(new int[] {1}, new double[0]));
        FrameBuffer f = new FrameBuffer();
        FrameBuilder.fill(w, f);
        int slot = (int) w.destruction().holderBody(c, 1);
        int i = -1;
        for (int k = 0; k < f.count(); k++) {
            i = f.piece(k) == slot ? k : i;
        }
        assertThat(i).as("the bar's drawable").isNotNegative();
        assertThat(f.anchored(i)).isTrue();
        boolean[] parts = f.anchoredParts(i);
        assertThat(parts).as("only some parts anchored").isNotNull();
        Compound shape = (Compound) f.shape(i);
        assertThat(parts).hasSize(shape.childCount());
        // the leaves' own hulls, one each: exactly leaf 1's is marked
        Object leaf1 = asset.hulls()[asset.hullIndex()[asset.hullStart()[1]]];
        int marked = 0;
        for (int k = 0; k < parts.length; k++) {
            assertThat(parts[k]).as("part %d", k).isEqualTo(shape.child(k).shape() == leaf1);
            marked += parts[k] ? 1 : 0;
        }
        assertThat(marked).isEqualTo(1);
        assertThat(shape.childCount()).isEqualTo(3);
        // the pieces' hulls sit where the bar's body shape puts them: centred on the bar's centre of mass (x = 1)
        for (int k = 0; k < 3; k++) {
            assertThat(shape.child(k).x()).isEqualTo(-1.0);
        }
        // the next frame of the same world draws the same shape (viewers key their meshes by shape identity)
        FrameBuffer again = new FrameBuffer();
        FrameBuilder.fill(w, again);
        assertThat(again.shape(i)).isSameAs(shape);
        // every leaf anchored: the whole body is, no parts
        World all = Scenes.world(0);
        all.placeCollection(asset, CollectionPlacement.at(0, 1, 0).withAnchors(new int[] {1, 2, 3}, new double[0]));
        FrameBuffer g = new FrameBuffer();
        FrameBuilder.fill(all, g);
        int anchoredDrawables = 0;
        for (int k = 0; k < g.count(); k++) {
            assertThat(g.anchoredParts(k)).isNull();
            anchoredDrawables += g.anchored(k) ? 1 : 0;
        }
        assertThat(anchoredDrawables).isEqualTo(1);
    }
}
