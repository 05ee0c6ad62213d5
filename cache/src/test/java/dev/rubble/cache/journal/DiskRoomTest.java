package dev.rubble.cache.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The journal's free-space guard: a document is refused whole before the disk cannot hold it and the reserve. */
final class DiskRoomTest {
    private static final long R = JournalSink.DiskRoom.RESERVE;

    @Test
    void aDiskWithRoomIsAskedOnlyWhenTheEstimateRunsLow() {
        AtomicLong free = new AtomicLong(R + 1_000_000);
        JournalSink.DiskRoom room = new JournalSink.DiskRoom(Path.of("j"), free::get);
        for (int i = 0; i < 9; i++) {
            room.need(100_000, i); // 900 000 of the 1 000 000 above the reserve
        }
        // the tenth leaves exactly the reserve in the estimate: still not asked
        room.need(100_000, 9);
        assertThat(room.asked).isEqualTo(1);
        // the eleventh would eat into the reserve: the file system is asked again (this fake one never fills)
        room.need(100_000, 10);
        assertThat(room.asked).isEqualTo(2);
    }

    @Test
    void aDocumentTheDiskCannotHoldIsRefusedNamingWhatIsKept() {
        AtomicLong free = new AtomicLong(R + 250_000);
        JournalSink.DiskRoom room = new JournalSink.DiskRoom(Path.of("j"), () -> free.get());
        room.need(100_000, 0);
        free.addAndGet(-100_000); // what the file system sees after the write
        room.need(100_000, 1);
        free.addAndGet(-100_000);
        // 50 000 left above the reserve: a 100 000-byte document is refused before it is written
        assertThatThrownBy(() -> room.need(100_000, 2)).isInstanceOf(JournalDiskFullException.class)
                .hasMessageContaining("j: its file system has " + (R + 50_000) + " bytes free")
                .hasMessageContaining("the next document needs " + (R + 100_000))
                .hasMessageContaining("the 2 documents before it are whole");
        // nothing recorded at all: the opening is refused
        JournalSink.DiskRoom empty = new JournalSink.DiskRoom(Path.of("j"), () -> 65_536);
        assertThatThrownBy(() -> empty.need(2_000_000, -1)).isInstanceOf(JournalDiskFullException.class)
                .hasMessageContaining("nothing was recorded");
    }
}
