package dev.rubble.cache.verify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.api.BodyId;
import dev.rubble.api.BodySpec;
import dev.rubble.api.PhysicsWorld;
import dev.rubble.api.Rubble;
import dev.rubble.api.WorldConfig;
import dev.rubble.cache.journal.CommandCodec;
import dev.rubble.cache.journal.JournalFormatException;
import dev.rubble.cache.journal.JournalWriter;
import dev.rubble.cache.journal.CommandRoundTrip;
import dev.rubble.core.command.Command;
import dev.rubble.core.plugin.Stages;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Sphere;
import java.nio.file.Path;
import java.util.List;
import net.openhft.chronicle.bytes.Bytes;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 28, item 3: the run-time collision-filter commands (journal tags 70 and 71) are journalled
 * inputs: they round-trip through the journal encoding, and a run that changes filters and ignores a
 * pair half way verifies bit for bit (a replay that skipped them would diverge: the balls fall
 * through what they rested on).
 */
final class CollisionFilterJournalTest {

    @Test
    void theCommandsRoundTrip() {
        List<Command> cs = List.of(new Command.SetCollisionFilter((3L << 32) | 7, 2, ~1),
                new Command.SetCollisionFilter(-1, 0, 0),
                new Command.IgnoreCollision((1L << 32) | 4, 9, true),
                new Command.IgnoreCollision(9, -2, false));
        CommandRoundTrip.assertRoundTrips(cs);
    }

    @Test
    void aCorruptIgnorePairNamingOneBodyTwiceIsAFormatError() {
        Bytes<?> b = Bytes.allocateElasticOnHeap(64);
        b.writeByte((byte) 71).writeLong(5).writeLong(5).writeBoolean(true);
        assertThatThrownBy(() -> CommandCodec.read(b)).isInstanceOf(JournalFormatException.class)
                .hasMessageContaining("same body twice");
    }

    @Test
    void aRunThatFiltersAndIgnoresAtRunTimeVerifies(@TempDir Path dir) {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
        w.addBody(BodySpec.fixed(new Box(5, 0.5, 5)).withPosition(new Vector3d(0, -0.5, 0)).withLabel("ground"));
        BodyId crate = w.addBody(BodySpec.dynamic(new Box(0.5, 0.5, 0.5)).withPosition(new Vector3d(0, 0.5, 0)).withLabel("crate"));
        BodyId ball = w.addBody(BodySpec.dynamic(new Sphere(0.3)).withPosition(new Vector3d(0, 1.3, 0)).withLabel("ball"));
        BodyId ghost = w.addBody(BodySpec.dynamic(new Sphere(0.3)).withPosition(new Vector3d(2, 0.3, 0)).withLabel("ghost"));
        Path j = dir.resolve("j");
        try (JournalWriter journal = JournalWriter.attach(j, w, "filters")) {
            w.step(40);
            w.setIgnoreCollision(ball, crate, true);
            w.step(40);
            w.setCollisionFilter(ghost, 4, ~1);
            w.step(40);
            w.setIgnoreCollision(ball, crate, false);
            w.step(40);
        }
        assertThat(w.position(ghost, new Vector3d()).y).as("the ghost fell through the ground").isLessThan(-1);
        assertThat(w.position(ball, new Vector3d()).y).as("the ball reached the ground").isLessThan(0.5);
        VerifyResult r = Verifier.verify(j, Stages.load());
        assertThat(r.divergence()).as(r.ok() ? "" : r.divergence().describe()).isNull();
        assertThat(r.stepsChecked()).isEqualTo(160);
    }
}
