package dev.rubble.cache.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.core.command.Command;
import dev.rubble.core.command.CollisionProxies;
import java.util.List;
import net.openhft.chronicle.bytes.Bytes;
import org.junit.jupiter.api.Test;

/** {@code Command.SetCollisionProxies} (issue 27, tag 82) survives the journal encoding unchanged; a bad kind is damage. */
final class CollisionProxiesCodecTest {

    @Test
    void setCollisionProxiesRoundTrips() {
        List<Command> cs = List.of(
                new Command.SetCollisionProxies(0, CollisionProxies.none()),
                new Command.SetCollisionProxies(3, CollisionProxies.all(CollisionProxies.Kind.SPHERE)),
                new Command.SetCollisionProxies(1, new CollisionProxies(List.of(
                        new CollisionProxies.Bucket(0.5, CollisionProxies.Kind.CAPSULE),
                        new CollisionProxies.Bucket(0.25, CollisionProxies.Kind.BOX),
                        new CollisionProxies.Bucket(2, CollisionProxies.Kind.HULL)), true)));
        CommandRoundTrip.assertRoundTrips(cs);
    }

    @Test
    void anUnknownProxyKindIsDamage() {
        Bytes<?> b = Bytes.allocateElasticOnHeap(64);
        b.writeByte((byte) 82).writeInt(0).writeInt(1).writeDouble(0.5).writeByte((byte) 9).writeBoolean(false);
        assertThatThrownBy(() -> CommandCodec.read(b)).isInstanceOf(JournalFormatException.class)
                .hasMessageContaining("collision proxy shape code 9 is unknown");
    }
}
