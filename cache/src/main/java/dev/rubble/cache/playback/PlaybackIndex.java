package dev.rubble.cache.playback;

import dev.rubble.cache.journal.BetweenSteps;
import dev.rubble.cache.journal.InitialBodies;
import dev.rubble.cache.journal.JournalReader;
import dev.rubble.cache.journal.StepRecord;
import dev.rubble.core.destruction.BreakEvents;
import dev.rubble.spi.collection.CollectionAsset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What {@link Playback#seek(long)} needs to start from a keyframe (issue 31, Deliver 1), found by
 * reading the journal once (decoding only, no simulation): the keyframes (world snapshots after a
 * recorded step, held in memory; the writer's byte budget bounds them), the last step, and the
 * playback's own bookkeeping that a world snapshot does not hold — per body handle the piece it
 * carries (collection, asset node, level, as the playback computes them when it re-creates the
 * piece) and the step of the BREAK event that made it, and the BREAK events up to each keyframe.
 * Handles are unique (slot and generation), so the maps are only looked up, never iterated.
 */
final class PlaybackIndex {
    final TreeMap<Long, JournalReader.Keyframe> keyframes = new TreeMap<>();
    /** Per handle: {collection, node, level}. */
    final Map<Long, int[]> pieces = new HashMap<>();
    /** Per handle: the recorded step whose BREAK event made the piece. */
    final Map<Long, Long> brokeAt = new HashMap<>();
    /** Per keyframe step: BREAK events of the steps up to and including it. */
    final Map<Long, Long> breaksThrough = new HashMap<>();
    long lastStep;
    /**
     * The collections placed between steps (docs/journal-format.md, "Between-steps document"), in placement order
     * (index {@code embedded.size() + k}): each one's asset, label and the recorded step it was placed before.
     */
    final java.util.List<Placed> placed = new java.util.ArrayList<>();

    /** A collection placed between steps: before recorded step {@code step}. */
    record Placed(CollectionAsset asset, String label, long step) {
    }

    private PlaybackIndex() {
    }

    /**
     * Reads the journal from {@code start} to its end and leaves {@code reader} where it was.
     * {@code embedded} are the header's collections (placement order); {@code initial} the header's
     * bodies (null for journals before format 4).
     */
    static PlaybackIndex scan(JournalReader reader, JournalReader.Mark start, List<CollectionAsset> embedded,
                              InitialBodies initial) {
        PlaybackIndex ix = new PlaybackIndex();
        // the embedded collections, then those placed between steps as the scan meets them
        List<CollectionAsset> assets = new java.util.ArrayList<>(embedded);
        if (initial != null) {
            for (InitialBodies.Body x : initial.bodies) {
                if (x.collection() >= 0) {
                    CollectionAsset a = x.collection() < assets.size() ? assets.get(x.collection()) : null;
                    int level = a != null && x.node() >= 0 && x.node() < a.nodeCount() ? a.level()[x.node()] : 0;
                    ix.pieces.put(((long) x.generation() << 32) | (x.slot() & 0xffffffffL),
                            new int[] {x.collection(), x.node(), level});
                }
            }
        }
        JournalReader.Mark here = reader.mark();
        long[] breaks = {0};
        StepRecord r = new StepRecord();
        ix.lastStep = reader.header().firstStep() - 1;
        reader.reset(start);
        reader.onKeyframe(k -> {
            ix.keyframes.put(k.step(), k);
            ix.breaksThrough.put(k.step(), breaks[0]);
        });
        try {
            while (reader.next(r)) {
                ix.lastStep = r.step;
                for (int i = 0; i < r.between.size(); i++) {
                    if (r.between.get(i) instanceof BetweenSteps.CollectionPlaced x && x.index() == assets.size()) {
                        CollectionAsset a = x.placed().asset();
                        assets.add(a);
                        ix.placed.add(new Placed(a, x.placed().placement().label(), r.step));
                        for (InitialBodies.Body b : x.bodies().bodies) {
                            int level = b.node() >= 0 && b.node() < a.nodeCount() ? a.level()[b.node()] : 0;
                            ix.pieces.put(((long) b.generation() << 32) | (b.slot() & 0xffffffffL),
                                    new int[] {x.index(), b.node(), level});
                        }
                    }
                }
                for (int i = 0; r.hasDestruction && i < r.eventCount; i++) {
                    int c = r.eventCollection[i];
                    if (r.eventKind[i] == BreakEvents.REMOVED || r.eventKind[i] == BreakEvents.KILLED || c < 0 || c >= assets.size()) {
                        continue; // a removal creates nothing; a bad collection fails when played
                    }
                    CollectionAsset a = assets.get(c);
                    int first = r.eventNode[i] >= 0 ? r.eventNode[i]
                            : r.eventMemberStart[i] < r.eventMemberStart[i + 1] ? r.eventMembers[r.eventMemberStart[i]] : -1;
                    if (first < 0 || first >= a.nodeCount()) {
                        continue;
                    }
                    boolean single = r.eventNode[i] >= 0 || r.eventMemberStart[i + 1] - r.eventMemberStart[i] == 1;
                    // an internal cluster sits at its holder's level, one above its members (as Playback.recreatePieces)
                    int level = single ? a.level()[first] : Math.max(0, a.level()[first] - 1);
                    ix.pieces.put(r.eventBody[i], new int[] {c, r.eventNode[i], level});
                    if (r.eventKind[i] == BreakEvents.BREAK) {
                        ix.brokeAt.put(r.eventBody[i], r.step);
                        breaks[0]++;
                    }
                }
            }
        } finally {
            reader.onKeyframe(null);
            reader.reset(here);
        }
        return ix;
    }
}
