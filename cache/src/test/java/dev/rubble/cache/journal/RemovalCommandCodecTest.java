package dev.rubble.cache.journal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.command.Command;
import java.util.List;
import net.openhft.chronicle.bytes.Bytes;
import org.junit.jupiter.api.Test;

/** The debris and removal commands (issue 13, tags 30-34) survive the journal encoding unchanged. */
final class RemovalCommandCodecTest {

    @Test
    void everyRemovalCommandRoundTrips() {
        List<Command> cs = List.of(
                new Command.SetDebrisLevel(1, 3),
                new Command.SetRemoveOnBreak(0, true, 0.25, 1.5, 2, 3),
                new Command.SetRemoveOnSleep(2, false, 5, 10, 2.5, 5, true, 0.01),
                new Command.SetCrumbleSize(0, 0.3),
                new Command.SetRemovalTimerMultiplier(2.5));
        Bytes<?> b = Bytes.allocateElasticOnHeap(256);
        for (Command c : cs) {
            CommandCodec.write(b, c);
        }
        b.writeByte((byte) 34).writeDouble(1.0); // the tag the lead reserved for the multiplier
        for (Command c : cs) {
            assertThat(CommandCodec.read(b)).isEqualTo(c);
        }
        assertThat(CommandCodec.read(b)).isEqualTo(new Command.SetRemovalTimerMultiplier(1.0));
        assertThat(b.readRemaining()).isZero();
    }
}
