package dev.rubble.cache.journal;

import dev.rubble.core.snapshot.WorldSnapshot;
import java.io.ByteArrayInputStream;
import java.io.IOException;

/**
 * Reading a journal's keyframe snapshot for re-simulation (verify, seek, replay, render).
 *
 * <p>A keyframe is the world between two steps without the commands queued for the next one: that step's
 * document lists every command it applied, those too. Writers since 2026-12-06 save every keyframe so, and
 * periodic keyframes were only ever taken with nothing queued. The start keyframe that {@code
 * JournalWriter.attach} wrote before then, of a world with commands queued (between steps, or by a listener
 * heard before the one that attached the journal), held them as well, and re-simulation applied them twice:
 * such journals diverged at their first step. A keyframe holding queued commands is therefore always one of
 * those, and the format version does not tell them apart (it did not change): it is read without its queued
 * commands, which replays the recorded run exactly (docs/journal-format.md, "Start keyframe").
 */
public final class Keyframes {
    private Keyframes() {
    }

    /**
     * The keyframe's snapshot, without the queued commands an attach before 2026-12-06 saved in it.
     * @param snapshot the keyframe document's snapshot bytes
     * @param name names the keyframe in messages
     * @return the snapshot to restore
     * @throws IOException when the bytes cannot be read
     */
    public static WorldSnapshot read(byte[] snapshot, String name) throws IOException {
        WorldSnapshot s = WorldSnapshot.read(new ByteArrayInputStream(snapshot), name);
        return s.queuedCommandCount() > 0 ? s.withoutQueuedCommands() : s;
    }
}
