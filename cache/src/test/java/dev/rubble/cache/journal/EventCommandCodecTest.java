package dev.rubble.cache.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.core.command.Command;
import dev.rubble.core.event.EventKinds;
import dev.rubble.core.event.EventRequest;
import java.util.List;
import net.openhft.chronicle.bytes.Bytes;
import org.junit.jupiter.api.Test;

/** The event commands (docs/events.md; journal tags 50-52) survive the journal encoding unchanged; corrupt ones are format errors. */
final class EventCommandCodecTest {

    @Test
    void everyEventCommandRoundTrips() {
        List<Command> cs = List.of(
                new Command.SetEventRequest(EventKinds.HIT, new EventRequest(true, 1.5, 2, 3.25, 0, 40, -1, 2, 3, 16,
                        EventRequest.SORT_IMPULSE)),
                new Command.SetEventRequest(EventKinds.TRAILING, EventRequest.defaults(EventKinds.TRAILING)),
                new Command.SetBodyEvents((7L << 32) | 12, 1 << EventKinds.BEGIN | 1 << EventKinds.END),
                new Command.SetCollectionEvents(2, 1 << EventKinds.BREAK | 1 << EventKinds.REMOVAL));
        CommandRoundTrip.assertRoundTrips(cs);
    }

    @Test
    void aCorruptRequestIsAFormatError() {
        Bytes<?> b = Bytes.allocateElasticOnHeap(128);
        CommandCodec.write(b, new Command.SetEventRequest(EventKinds.HIT, EventRequest.defaults(EventKinds.HIT)));
        b.writeLong(b.readPosition() + 3, Double.doubleToRawLongBits(-1)); // minMass, after tag, kind and the switch
        assertThatThrownBy(() -> CommandCodec.read(b)).isInstanceOf(JournalFormatException.class)
                .hasMessageContaining("minMass = -1.0");
    }
}
