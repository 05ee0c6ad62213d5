package dev.rubble.api;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Which world a restored snapshot continues (docs/java-api.md, "Ids and worlds"): a world restored
 * from a snapshot that a world of this JVM saved takes that world's identity, so the ids the saved
 * world handed out stay valid in it, as they always were. The snapshot's bytes are not changed for
 * it: a saved file is recognised by its fingerprint (its CRC-32C and length,
 * {@code WorldSnapshot.fingerprint()}). A snapshot of unknown origin (another process, or more than
 * {@link #REMEMBERED} saves ago) gives the restored world an identity of its own; name its bodies
 * with {@link PhysicsWorld#find}, or {@code new BodyId(handle)}. Thread-safe: worlds on different
 * threads save and restore.
 */
final class SnapshotLineage {
    /** Saves remembered, most recent first out last: a few bytes each. */
    static final int REMEMBERED = 4096;

    private static final Map<Long, Integer> SAVERS = new LinkedHashMap<>(64, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, Integer> eldest) {
            return size() > REMEMBERED;
        }
    };

    private SnapshotLineage() {
    }

    /** A world of identity {@code identity} saved the snapshot with {@code fingerprint}. */
    static synchronized void saved(long fingerprint, int identity) {
        SAVERS.remove(fingerprint); // re-inserted as the most recent
        SAVERS.put(fingerprint, identity);
    }

    /** The identity of the world that last saved a snapshot with {@code fingerprint} in this JVM, or 0. */
    static synchronized int saver(long fingerprint) {
        Integer identity = SAVERS.get(fingerprint);
        return identity == null ? 0 : identity;
    }

    /** {@code snapshot} restored with {@code stages}, continuing the identity of the world that saved it here. */
    static PhysicsWorld restore(dev.rubble.core.snapshot.WorldSnapshot snapshot, dev.rubble.core.plugin.Stages stages) {
        return restore(snapshot, stages, 0);
    }

    /** As {@link #restore(dev.rubble.core.snapshot.WorldSnapshot, dev.rubble.core.plugin.Stages)}, on {@code threads} threads (0: as saved). */
    static PhysicsWorld restore(dev.rubble.core.snapshot.WorldSnapshot snapshot, dev.rubble.core.plugin.Stages stages,
                                int threads) {
        dev.rubble.core.world.World w = snapshot.restore(stages, threads);
        int saver = saver(snapshot.fingerprint());
        if (saver != 0) {
            w.continueIdentity(saver);
        }
        return new PhysicsWorld(w, null);
    }
}
