package dev.rubble.spi;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;

/**
 * A plugin instance that world snapshots can save (docs/snapshot-format.md, section DEST): it is
 * re-created on restore from its name and options, then handed the state it wrote. A stateless
 * plugin implements this interface and keeps the defaults (it writes nothing). Snapshots refuse a
 * world holding a strain modifier that does not implement it, because its hidden state (e.g. which
 * nodes it has already changed) could not come back.
 */
public interface SnapshotState {

    /**
     * Writes the instance's mutable state (nothing for a stateless plugin).
     * @param out the snapshot stream
     * @throws IOException when the stream fails
     */
    default void writeState(DataOutput out) throws IOException {
    }

    /**
     * Reads back what {@link #writeState} wrote, into a freshly created instance with the same options.
     * @param in the snapshot stream, positioned where {@link #writeState} started writing
     * @throws IOException when the stream fails or holds values this instance cannot take
     */
    default void readState(DataInput in) throws IOException {
    }
}
