package dev.rubble.cache.playback;

import dev.rubble.cache.journal.JournalReader;
import dev.rubble.cache.verify.Verifier;
import dev.rubble.core.destruction.DestructionRuntime;
import dev.rubble.core.plugin.Stages;
import dev.rubble.core.world.World;
import dev.rubble.spi.render.FrameBuffer;
import java.nio.file.Path;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * What a played-back journal tells about its destruction pieces, for drawing them as a live world's are
 * (shared by {@code rubble render} of a journal and the console's replay). {@link #destruction}: the breaks
 * so far, each piece's cluster level, anchored, and strain 1 for a piece a break released.
 * {@link #anchoredParts}: which pieces of a holder are anchored (docs/rendering.md "Anchored pieces"): a journal records which bodies are kinematic, not which pieces of
 * a kinematic holder are anchored, so a holder holding anchored and free pieces is drawn piece by piece
 * with only the anchored ones marked, its parts taken from the recording's initial world rebuilt once (its
 * collections as placed, with their anchors). The parts are those of the node as placed: an asset node keeps
 * its body only while its subtree is whole, so they are the pieces it holds (an anchor changed by a command
 * during the recording is not seen).
 */
public final class PlaybackPieces {
    private static final byte KINEMATIC = (byte) dev.rubble.core.body.MotionType.KINEMATIC.ordinal();
    private final Playback playback;
    /** The recording's initial destruction state, or null (no collections, or its world cannot be rebuilt). */
    private final DestructionRuntime reference;
    /** The drawings of internal cluster pieces, per piece (its members array, made once per recorded break). */
    private final Map<int[], DestructionRuntime.AnchoredPieces> memberParts = new IdentityHashMap<>();

    private PlaybackPieces(Playback playback, DestructionRuntime reference) {
        this.playback = playback;
        this.reference = reference;
    }

    /**
     * The anchors of {@code playback}, the journal in {@code dir} (read again to rebuild its initial world);
     * with no collections in the journal, or a world that cannot be rebuilt, none (holders are then marked
     * whole, as before).
     */
    public static PlaybackPieces of(Playback playback, Path dir, Stages stages) {
        DestructionRuntime ref = null;
        if (!playback.collectionAssets().isEmpty()) {
            try (JournalReader r = JournalReader.open(dir)) {
                World w = Verifier.rebuild(r, stages);
                ref = w.destruction().collectionCount() == 0 ? null : w.destruction();
            } catch (RuntimeException e) {
                ref = null; // a journal whose world does not rebuild still plays: its holders are marked whole
            }
        }
        return new PlaybackPieces(playback, ref);
    }

    /** As {@link #of(Playback, Path, Stages)} with the stages the playback was opened with. */
    public static PlaybackPieces of(Playback playback, Path dir) {
        return of(playback, dir, playback.stages());
    }

    /**
     * What the journal tells about drawables {@code [0, n)} of {@code out} (the bodies, not a union's members) that
     * are collection pieces (issue 22): the breaks so far (BREAK events played), each piece's cluster level,
     * anchored = recorded kinematic, and strain 1 for a piece released by a break (its load reached its
     * threshold) and 0 otherwise: a journal records the loads that broke pieces, not the near misses a live
     * world's strain colours also show.
     */
    public static void destruction(Playback playback, FrameBuffer out, int n) {
        out.setBreaks(playback.breaksEntered());
        for (int i = 0; i < n; i++) {
            int slot = out.piece(i);
            if (playback.pieceCollection(slot) < 0) {
                continue;
            }
            out.setDestruction(i, playback.pieceLevel(slot), playback.recordedKinematic(slot),
                    playback.pieceBrokeAt(slot) >= 0 ? 1 : 0, playback.world().bodies().scale[slot]); // recorded shrink
        }
    }

    /** Whether any holder can be drawn piece by piece (the journal holds collections and its world rebuilt). */
    public boolean available() {
        return reference != null;
    }

    /**
     * Drawables {@code [0, n)} of {@code out} (filled from the playback's world, {@code out.piece(i)} their
     * slots) that are recorded kinematic holders of collection nodes holding anchored and free pieces get the
     * holder's pieces as their shape and the anchored ones marked.
     */
    public void anchoredParts(FrameBuffer out, int n) {
        if (reference == null) {
            return;
        }
        for (int i = 0; i < n; i++) {
            int slot = out.piece(i);
            int c = playback.pieceCollection(slot);
            if (c < 0 || c >= reference.collectionCount() || !playback.recordedKinematic(slot)
                    || playback.world().bodies().motion[slot] != KINEMATIC) {
                continue; // not a holder with anchors, or released to live simulation (no longer anchored)
            }
            int node = playback.pieceNode(slot);
            int[] members = node >= 0 ? null : playback.pieceMembers(slot);
            DestructionRuntime.AnchoredPieces parts;
            if (node >= 0) {
                parts = reference.anchoredPieces(reference.globalNode(c, node));
            } else if (members != null) {
                // an internal cluster made by a break (an anchored wall's remnant): one drawing per piece
                parts = memberParts.computeIfAbsent(members, m -> reference.anchoredPieces(c, m,
                        playback.pieceCentre(slot, 0), playback.pieceCentre(slot, 1), playback.pieceCentre(slot, 2)));
            } else {
                continue;
            }
            if (parts != null) {
                out.setShape(i, parts.shape());
                out.setAnchoredParts(i, parts.parts());
            }
        }
    }
}
