package dev.rubble.core.snapshot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.core.world.World;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Sphere;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * Issue 28, item 10: a snapshot is a well-formed file whose checksum is right (recomputed after an
 * edit, or written from a world that went wrong) and still holds values no world can have. Its
 * values are checked on load: the file is refused naming the body, the field and the value (exit 2
 * from {@code rubble run --restore}); a body disabled for being non-finite keeps its values and restores.
 */
final class SnapshotValuesTest {

    private static World world() {
        World w = World.create(WorldSettings.defaults(), WorldSnapshotTest.stages());
        w.createBody(BodyDef.of(new Box(5, 0.5, 5)).withMotion(MotionType.STATIC).withPosition(0, -0.5, 0));
        w.createBody(BodyDef.of(new Sphere(0.5)).withPosition(0, 2, 0).withLabel("ball"));
        w.step();
        return w;
    }

    private static void refused(World w, String message) throws IOException {
        byte[] bytes = WorldSnapshotTest.save(w); // a correct checksum over the bad value
        WorldSnapshot snap = WorldSnapshot.read(bytes, "s.rsnap");
        World fresh = World.create(snap.settings(), WorldSnapshotTest.stages());
        assertThatThrownBy(() -> snap.restoreInto(fresh)).isInstanceOf(SnapshotException.class).hasMessageContaining(message);
    }

    @Test
    void nonFiniteOrOutOfRangeBodyValuesAreRefusedNamingTheBodyAndValue() throws IOException {
        World w = world();
        int ball = 1;
        w.bodies().py[ball] = Double.NaN;
        refused(w, "body slot 1 position = (0.0, NaN, 0.0); allowed: finite, within ±1.0E9");

        w = world();
        w.bodies().px[ball] = 1e308;
        refused(w, "body slot 1 position = (1.0E308, ");

        w = world();
        w.bodies().vz[ball] = Double.POSITIVE_INFINITY;
        refused(w, "body slot 1 linear velocity = (");

        w = world();
        w.bodies().qw[ball] = 5;
        refused(w, "body slot 1 orientation = (");

        w = world();
        w.bodies().invMass[ball] = -1;
        refused(w, "body slot 1 inverse mass = -1.0; allowed: finite, >= 0");

        w = world();
        w.bodies().friction[ball] = Double.NaN;
        refused(w, "body slot 1 friction = NaN");
    }

    @Test
    void aBodyDisabledForBeingNonFiniteKeepsItsValuesAndRestores() throws IOException {
        World w = world();
        w.bodies().vy[1] = Double.NaN;
        w.step(); // NonFiniteGuard disables it and keeps the NaN visible
        assertThat(w.bodies().state(1)).isEqualTo(BodyState.DISABLED);
        World back = WorldSnapshotTest.restore(WorldSnapshotTest.save(w));
        assertThat(back.bodies().state(1)).isEqualTo(BodyState.DISABLED);
        assertThat(back.bodies().size()).isEqualTo(2);
    }
}
