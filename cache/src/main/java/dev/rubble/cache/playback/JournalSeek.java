package dev.rubble.cache.playback;

import dev.rubble.cache.journal.JournalFormat;
import dev.rubble.cache.journal.JournalFormatException;
import dev.rubble.cache.journal.JournalReader;
import dev.rubble.cache.journal.StepInputs;
import dev.rubble.cache.journal.StepRecord;
import dev.rubble.cache.verify.Verifier;
import dev.rubble.core.plugin.Stages;
import dev.rubble.core.snapshot.SnapshotException;
import dev.rubble.core.snapshot.WorldSnapshot;
import dev.rubble.core.world.World;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Seeks a journal to any recorded step, forwards or backwards (issue 31, Deliver 1; reference:
 * chaos-fields-events-cache §4): the world is restored from the nearest keyframe at or before the
 * step (a world snapshot the writer stored in a "KEYF" document, docs/journal-format.md) — or
 * rebuilt from the header when none is — and the recorded commands of the steps in between are
 * re-simulated. The result is the recorded world itself, bit for bit (every re-simulated step's
 * state hash is checked against the journal's; a difference is a {@link JournalFormatException}), so
 * it can be inspected, saved or simulated on. A seek forward within reach of the current world
 * (no nearer keyframe in between) just steps on; a seek backwards restores a keyframe again.
 *
 * <p>Opening reads the journal once (decoding only, no simulation) to find its keyframes; they are
 * held in memory (the writer's byte budget bounds them). A journal without keyframes seeks from
 * the start. Single threaded.
 */
public final class JournalSeek implements AutoCloseable {
    private final JournalReader reader;
    private final Stages stages;
    private final TreeMap<Long, JournalReader.Keyframe> keyframes = new TreeMap<>();
    private final JournalReader.Mark start;
    private final long lastStep;
    private final StepRecord record = new StepRecord();
    private World world;
    private long resimulated, restores;

    private JournalSeek(JournalReader reader, Stages stages) {
        this.reader = reader;
        this.stages = stages;
        this.start = reader.mark();
        reader.onKeyframe(k -> keyframes.put(k.step(), k));
        long last = reader.header().firstStep() - 1;
        while (reader.next(record)) {
            last = record.step;
        }
        this.lastStep = last;
        reader.onKeyframe(null);
    }

    /** Opens the journal in {@code dir}; {@code stages} must offer its stage choices. */
    public static JournalSeek open(Path dir, Stages stages) {
        Objects.requireNonNull(stages, "stages is null");
        JournalReader r = JournalReader.open(dir);
        try {
            return new JournalSeek(r, stages);
        } catch (RuntimeException e) {
            r.close();
            throw e;
        }
    }

    /** The journal's header (the scenario's name and text, the stage choices, ...). */
    public dev.rubble.cache.journal.JournalHeader header() {
        return reader.header();
    }

    /** The last recorded step. */
    public long lastStep() {
        return lastStep;
    }

    /** The recorded steps followed by a keyframe, in order. */
    public long[] keyframeSteps() {
        return keyframes.keySet().stream().mapToLong(Long::longValue).toArray();
    }

    /** Steps re-simulated by all seeks so far (a measure of what keyframes saved). */
    public long resimulatedSteps() {
        return resimulated;
    }

    /** Worlds restored from a keyframe or rebuilt from the start so far. */
    public long restores() {
        return restores;
    }

    /**
     * The world as it was right after recorded step {@code step} ({@code stepIndex() == step + 1});
     * {@code step} = first step - 1 gives the initial world. Valid until the next seek (a seek
     * backwards or past a keyframe replaces it; one forward may step it on).
     *
     * @throws IllegalArgumentException when the journal has no such step
     */
    public World seekAfter(long step) {
        long first = reader.header().firstStep();
        if (step < first - 1 || step > lastStep) {
            throw new IllegalArgumentException("step " + step + " is not in the journal; allowed: " + (first - 1)
                    + " (the initial world) to " + lastStep);
        }
        long target = step + 1;
        Map.Entry<Long, JournalReader.Keyframe> k = keyframes.floorEntry(step);
        long from = k == null ? first : k.getKey() + 1;
        if (world == null || world.stepIndex() > target || world.stepIndex() < from) {
            restore(k == null ? null : k.getValue());
        }
        while (world.stepIndex() < target) {
            if (!reader.next(record)) {
                throw new JournalFormatException("the journal ended before step " + world.stepIndex() + " while seeking to " + step);
            }
            if (record.step != world.stepIndex()) {
                throw new JournalFormatException("seeking to step " + step + ": the journal gave step " + record.step
                        + " where step " + world.stepIndex() + " was expected");
            }
            String[] made = StepInputs.before(world, record);
            if (made != null) {
                throw new JournalFormatException("seeking to step " + step + ": before re-simulated step " + record.step + ", "
                        + made[0] + " field " + made[1] + " recorded " + made[2] + ", re-made " + made[3]);
            }
            StepInputs.step(world);
            resimulated++;
            long hash = world.profile().stateHash();
            if (hash != record.stateHash) {
                throw new JournalFormatException(String.format("seeking to step %d: re-simulated step %d has state hash %016x,"
                        + " the journal %016x (rubble verify names the first difference)", step, record.step, hash,
                        record.stateHash));
            }
        }
        return world;
    }

    private void restore(JournalReader.Keyframe k) {
        restores++;
        if (k == null) {
            reader.reset(start);
            world = Verifier.rebuild(reader, stages);
            reader.setSlotLimit(world.settings().maxBodies());
            return;
        }
        world = restore(k, stages);
        // the keyframe's world hashes in the version this journal's step hashes were recorded in
        world.useStateHashVersion(JournalFormat.stateHashVersion(reader.header().formatVersion()));
        if (world.stepIndex() != k.step() + 1) {
            throw new JournalFormatException("the keyframe after step " + k.step() + " holds the world of step "
                    + world.stepIndex() + "; expected " + (k.step() + 1));
        }
        reader.setSlotLimit(world.settings().maxBodies());
        reader.reset(k.resume());
    }

    /** The world of keyframe {@code k} (the recorded world right after its step). */
    static World restore(JournalReader.Keyframe k, Stages stages) {
        WorldSnapshot snap;
        try {
            snap = dev.rubble.cache.journal.Keyframes.read(k.snapshot(), "the keyframe after step " + k.step());
        } catch (IOException | SnapshotException e) {
            throw new JournalFormatException("the keyframe after step " + k.step() + " does not read: " + e.getMessage(), e);
        }
        try {
            return snap.restore(stages);
        } catch (SnapshotException e) {
            throw new JournalFormatException("the keyframe after step " + k.step() + " does not restore: " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        reader.close();
    }
}
