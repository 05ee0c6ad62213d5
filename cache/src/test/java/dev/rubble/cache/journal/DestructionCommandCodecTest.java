package dev.rubble.cache.journal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.command.Command;
import java.util.List;
import net.openhft.chronicle.bytes.Bytes;
import org.junit.jupiter.api.Test;

/** The destruction commands (issue 12) survive the journal encoding unchanged. */
final class DestructionCommandCodecTest {

    @Test
    void everyDestructionCommandRoundTrips() {
        List<Command> cs = List.of(
                new Command.ExternalStrain(2, 17, Double.POSITIVE_INFINITY),
                new Command.ExternalStrainAt(1.5, -2, 0.25, 0.3, 1e4, 3, 0.5),
                new Command.InternalStrain(0, 4, -12.5),
                new Command.Crumble(1, 0),
                new Command.SetAnchor(0, 9, false),
                new Command.SetAnchorBox(3, -1, -2, -3, 1, 2, 3, true),
                new Command.CutBond(2, 41), // issue 23
                new Command.SetNodeThreshold(1, 5, Double.POSITIVE_INFINITY),
                new Command.SetNodeThreshold(0, 0, 0.0),
                new Command.SetPropagation(3, false, 0.5, 0.25));
        Bytes<?> b = Bytes.allocateElasticOnHeap(256);
        for (Command c : cs) {
            CommandCodec.write(b, c);
        }
        for (Command c : cs) {
            assertThat(CommandCodec.read(b)).isEqualTo(c);
        }
        assertThat(b.readRemaining()).isZero();
    }
}
