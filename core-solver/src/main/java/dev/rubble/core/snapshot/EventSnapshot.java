package dev.rubble.core.snapshot;

import dev.rubble.core.event.EventKinds;
import dev.rubble.core.event.EventRequest;
import dev.rubble.core.event.EventState;
import dev.rubble.core.step.EventStage;
import dev.rubble.core.world.World;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;

/**
 * Section EVNT (version 5, docs/snapshot-format.md "Events"): the event switches and filters
 * (docs/events.md) and the event gatherer's memory, so a restored world emits the same events as
 * the uninterrupted one. The pre-solve hook is code, not state: install it again after restoring.
 *
 * <pre>
 *  i32 kinds n; per kind: u8 global, f64 minMass, minSpeed, minImpulse, minVolume, maxDistance, cx, cy, cz,
 *      i32 maxResults, i32 sort
 *  i32 body switches m; per switch: i32 slot, i64 handle, i32 kind mask
 *  i32 collection switches c; per switch: i32 collection, i32 kind mask
 *  u8 gatherer (0 = the EVENTS stage is a plugin's: nothing follows; 1 = {@link EventStage#writeState})
 * </pre>
 */
final class EventSnapshot {
    /** The largest collection index a switch is read for (a damaged index must not size an array of gigabytes). */
    static final int MAX_COLLECTION = 1 << 20;
    private EventSnapshot() {
    }

    static void write(World world, DataOutputStream o) throws IOException {
        EventState ev = world.context().events;
        o.writeInt(EventKinds.COUNT);
        for (int k = 0; k < EventKinds.COUNT; k++) {
            EventRequest r = ev.request(k);
            o.writeBoolean(r.global());
            o.writeDouble(r.minMass());
            o.writeDouble(r.minSpeed());
            o.writeDouble(r.minImpulse());
            o.writeDouble(r.minVolume());
            o.writeDouble(r.maxDistance());
            o.writeDouble(r.cx());
            o.writeDouble(r.cy());
            o.writeDouble(r.cz());
            o.writeInt(r.maxResults());
            o.writeInt(r.sort());
        }
        int m = 0;
        for (int s = 0; s < ev.bodySwitchSlots(); s++) {
            m += ev.bodyMaskAt(s) != 0 ? 1 : 0;
        }
        o.writeInt(m);
        for (int s = 0; s < ev.bodySwitchSlots(); s++) {
            if (ev.bodyMaskAt(s) != 0) {
                o.writeInt(s);
                o.writeLong(ev.bodyHandleAt(s));
                o.writeInt(ev.bodyMaskAt(s));
            }
        }
        int c = 0;
        for (int i = 0; i < ev.collectionSwitchSlots(); i++) {
            c += ev.collectionKinds(i) != 0 ? 1 : 0;
        }
        o.writeInt(c);
        for (int i = 0; i < ev.collectionSwitchSlots(); i++) {
            if (ev.collectionKinds(i) != 0) {
                o.writeInt(i);
                o.writeInt(ev.collectionKinds(i));
            }
        }
        EventStage stage = world.eventStage();
        o.writeBoolean(stage != null);
        if (stage != null) {
            stage.writeState(o);
        }
    }

    /**
     * Loads section EVNT into {@code world} (freshly created, bodies already restored). {@code kinds}
     * is the number of kinds the file's format version has ({@link SnapshotFile#eventKinds}): the
     * kinds it lacks keep their defaults (off).
     *
     * @throws IllegalArgumentException naming the first bad value
     */
    static void read(World world, DataInputStream in, int kinds) throws IOException {
        EventState ev = world.context().events;
        int n = in.readInt();
        if (n != kinds) {
            throw new IllegalArgumentException("event kinds = " + n + "; allowed: " + kinds
                    + " in this format version (kinds added later are off, as they were)");
        }
        for (int k = 0; k < n; k++) {
            boolean global = in.readBoolean();
            double minMass = in.readDouble(), minSpeed = in.readDouble(), minImpulse = in.readDouble();
            double minVolume = in.readDouble(), maxDistance = in.readDouble();
            double cx = in.readDouble(), cy = in.readDouble(), cz = in.readDouble();
            int maxResults = in.readInt(), sort = in.readInt();
            try {
                ev.setRequest(k, new EventRequest(global, minMass, minSpeed, minImpulse, minVolume, maxDistance, cx, cy,
                        cz, maxResults, sort));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("event request " + EventKinds.label(k) + ": " + e.getMessage(), e);
            }
        }
        int bodies = world.bodies().slotLimit();
        int m = in.readInt();
        if (m < 0 || m > bodies) {
            throw new IllegalArgumentException("body event switches = " + m + "; allowed: 0.." + bodies);
        }
        for (int i = 0; i < m; i++) {
            int s = in.readInt();
            long h = in.readLong();
            int mask = in.readInt();
            if (s < 0 || s >= bodies) {
                throw new IllegalArgumentException("body event switch " + i + " in slot " + s + "; allowed: 0.." + (bodies - 1));
            }
            ev.setBodyKinds(s, h, mask);
        }
        int c = in.readInt();
        if (c < 0 || c > in.available() / 8) {
            throw new IllegalArgumentException("collection event switches = " + c + "; allowed: 0.." + in.available() / 8);
        }
        for (int i = 0; i < c; i++) {
            int collection = in.readInt();
            if (collection < 0 || collection > MAX_COLLECTION) {
                throw new IllegalArgumentException("collection event switch " + i + " for collection " + collection
                        + "; allowed: 0.." + MAX_COLLECTION);
            }
            ev.setCollectionKinds(collection, in.readInt());
        }
        boolean gatherer = in.readBoolean();
        EventStage stage = world.eventStage();
        if (gatherer && stage != null) {
            stage.readState(in, bodies);
        }
    }
}
