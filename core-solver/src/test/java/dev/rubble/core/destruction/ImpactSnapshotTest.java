package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.world.World;
import dev.rubble.spi.shape.Sphere;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * Issue 22: a collection's impact mode is part of a snapshot. A world whose wall resolves impacts,
 * saved before the hit and restored, continues bit for bit through the break (a restore that lost
 * the mode would break the wall Chaos's way and differ from the impact step on).
 */
final class ImpactSnapshotTest {

    static World scene() {
        World w = Scenes.world(9.81);
        Scenes.ground(w);
        w.placeCollection(SnapshotOfCollectionsTest.wall(), CollectionPlacement.at(0, 0, 0)
                .withOptions(Scenes.thresholds(150, 40).withImpactMode(ImpactMode.RESOLVE))
                .withAnchors(new int[] {4, 5, 6, 7}, new double[0]).withLabel("wall"));
        w.createBody(BodyDef.of(new Sphere(0.3)).withPosition(0.3, 1.1, -2.5).withLinearVelocity(0, 0, 25)
                .withLabel("ball"));
        return w;
    }

    @Test
    void aRestoredResolveWorldBreaksExactlyAsTheOriginal() throws IOException {
        World original = scene();
        World restored = SnapshotOfCollectionsTest.restore(SnapshotOfCollectionsTest.save(original));
        assertThat(DestructionState.options(restored.destruction(), 0).impactMode()).isEqualTo(ImpactMode.RESOLVE);
        long breaks = 0;
        for (int i = 0; i < 60; i++) {
            original.step();
            restored.step();
            breaks += original.profile().breaks();
            assertThat(SnapshotOfCollectionsTest.bits(restored)).as("step %d", i)
                    .isEqualTo(SnapshotOfCollectionsTest.bits(original));
        }
        assertThat(breaks).as("the wall broke").isPositive();
    }
}
