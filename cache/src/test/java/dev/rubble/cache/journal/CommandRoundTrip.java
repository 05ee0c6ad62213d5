package dev.rubble.cache.journal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.command.Command;
import java.util.List;
import net.openhft.chronicle.bytes.Bytes;

/** The codec tests' shared check: commands written one after another read back equal, in order, with nothing left over. */
public final class CommandRoundTrip {
    private CommandRoundTrip() {
    }

    /** Writes {@code commands} into one buffer, reads them back and asserts each equals what was written. */
    public static void assertRoundTrips(List<? extends Command> commands) {
        Bytes<?> b = Bytes.allocateElasticOnHeap(256);
        for (Command c : commands) {
            CommandCodec.write(b, c);
        }
        for (Command c : commands) {
            assertThat(CommandCodec.read(b)).isEqualTo(c);
        }
        assertThat(b.readRemaining()).isZero();
    }
}
