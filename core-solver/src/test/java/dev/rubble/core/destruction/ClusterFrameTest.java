package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import dev.rubble.core.command.Command;
import dev.rubble.core.render.FrameBuilder;
import dev.rubble.core.world.World;
import dev.rubble.spi.render.FrameBuffer;
import org.junit.jupiter.api.Test;

/** Frames of a live world carry each cluster body's level, anchoring and strain ratio (renderers read them). */
final class ClusterFrameTest {

    @Test
    void theIntactHolderIsLevelZeroAndReleasedPiecesLevelOne() {
        World w = Scenes.world(0);
        w.placeCollection(TestAssets.chain(4, 1000), CollectionPlacement.at(0, 0, 0).withOptions(Scenes.thresholds(10)));
        w.step();
        FrameBuffer f = new FrameBuffer();
        FrameBuilder.fill(w, f);
        assertThat(f.count()).isEqualTo(1);
        assertThat(f.level(0)).isZero();
        assertThat(f.anchored(0)).isFalse();

        w.queue(new Command.Crumble(0, 0));
        w.step();
        FrameBuilder.fill(w, f);
        assertThat(f.count()).isEqualTo(4);
        for (int i = 0; i < 4; i++) {
            assertThat(f.level(i)).as("piece %d", i).isEqualTo(1);
        }
    }

    @Test
    void anAnchoredHolderIsMarkedAndAStrainedOneShowsLoadOverThreshold() {
        World w = Scenes.world(0);
        w.placeCollection(TestAssets.chain(4, 1000), CollectionPlacement.at(0, 0, 0).withOptions(Scenes.thresholds(10)));
        w.queue(new Command.SetAnchor(0, 1, true));
        // half the threshold on one child: no break, and the holder shows strain ratio 0.5
        w.queue(new Command.ExternalStrain(0, 2, 5));
        w.step();
        FrameBuffer f = new FrameBuffer();
        FrameBuilder.fill(w, f);
        assertThat(f.count()).isEqualTo(1);
        assertThat(f.anchored(0)).isTrue();
        assertThat(f.strain(0)).isCloseTo(0.5, offset(1e-12));
        // one-shot: the next step without load shows none
        w.step();
        FrameBuilder.fill(w, f);
        assertThat(f.strain(0)).isZero();
    }
}
