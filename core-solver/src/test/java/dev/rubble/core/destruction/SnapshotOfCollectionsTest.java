package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.core.snapshot.SnapshotException;
import dev.rubble.core.snapshot.WorldSnapshot;
import dev.rubble.core.world.World;
import java.io.ByteArrayOutputStream;
import org.junit.jupiter.api.Test;

/** Snapshots do not cover destruction state yet: saving a world with a collection says so and writes nothing. */
final class SnapshotOfCollectionsTest {
    @Test
    void aWorldWithACollectionIsRefusedNotSavedWrong() {
        World w = Scenes.world(9.81);
        Scenes.ground(w);
        w.placeCollection(TestAssets.chain(4, 1000), CollectionPlacement.at(0, 1, 0).withOptions(Scenes.thresholds(10)));
        Scenes.steps(w, 5);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertThatThrownBy(() -> WorldSnapshot.save(w, out, "")).isInstanceOf(SnapshotException.class)
                .hasMessage("cannot save a snapshot: the world has 1 geometry collection(s); snapshots of destruction"
                        + " state are not supported yet");
        org.assertj.core.api.Assertions.assertThat(out.size()).isZero();
    }
}
