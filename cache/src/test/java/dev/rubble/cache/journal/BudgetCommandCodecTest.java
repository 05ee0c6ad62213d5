package dev.rubble.cache.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.core.command.Command;
import java.util.List;
import net.openhft.chronicle.bytes.Bytes;
import org.junit.jupiter.api.Test;

/** The budget commands (issue 13, tags 20-22) survive the journal encoding; corrupt values fail as format errors. */
final class BudgetCommandCodecTest {

    @Test
    void everyBudgetCommandRoundTrips() {
        List<Command> cs = List.of(
                new Command.SetBreakBudget(3),
                new Command.SetBreakBudget(Command.SetBreakBudget.UNLIMITED),
                new Command.SetBreakBudget(0),
                new Command.SetReleaseThrottle(100, 400),
                new Command.SetReleaseThrottle(-1, -1),
                new Command.SetLevels(2, 3, Integer.MAX_VALUE));
        CommandRoundTrip.assertRoundTrips(cs);
    }

    @Test
    void aCorruptBudgetIsAFormatError() {
        Bytes<?> b = Bytes.allocateElasticOnHeap(16);
        b.writeByte(CommandCodec.SET_RELEASE_THROTTLE).writeInt(9).writeInt(2);
        assertThatThrownBy(() -> CommandCodec.read(b)).isInstanceOf(JournalFormatException.class)
                .hasMessageContaining("max = 2 is below min = 9");
        Bytes<?> u = Bytes.allocateElasticOnHeap(16);
        u.writeByte((byte) 23);
        assertThatThrownBy(() -> CommandCodec.read(u)).isInstanceOf(JournalFormatException.class)
                .hasMessageContaining("unknown command tag 23");
    }
}
