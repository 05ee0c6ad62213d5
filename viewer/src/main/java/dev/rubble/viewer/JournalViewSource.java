package dev.rubble.viewer;

import dev.rubble.cache.journal.JournalFormatException;
import dev.rubble.cache.journal.JournalFraming;
import dev.rubble.cache.journal.JournalReader;
import dev.rubble.cache.journal.StepRecord;
import dev.rubble.cache.playback.Playback;
import dev.rubble.cache.verify.Verifier;
import dev.rubble.core.destruction.BreakEvents;
import dev.rubble.core.plugin.Stages;
import dev.rubble.core.render.FrameBuilder;
import dev.rubble.core.step.StepSlot;
import dev.rubble.core.world.World;
import dev.rubble.spi.render.FrameBuffer;
import java.nio.file.Path;

/**
 * A journal played back: poses from {@link Playback} (pieces re-created on their slots), statistics
 * (bodies, stage times, breaks) from the step documents read beside it, levels from the embedded
 * collections. Or, {@linkplain #JournalViewSource(Path, Stages, boolean) re-simulated}: the world
 * rebuilt from the journal's recorded inputs and stepped with its recorded commands, as
 * {@code rubble verify} does, each step's state hash checked against the recorded one; the frames
 * then come from the live world, so they carry the strain ratios a journal does not record.
 */
public final class JournalViewSource implements ViewSource {
    private final Path dir;
    /** The played-back journal; null when re-simulating. */
    private final Playback playback;
    /** The re-simulated world; null when playing back. */
    private final World sim;
    private final JournalReader reader;
    private final StepRecord rec = new StepRecord();
    private final long last;
    private final String[] stages;
    private final boolean closedCleanly;

    public JournalViewSource(Path dir, Stages stageRegistry) {
        this(dir, stageRegistry, false);
    }

    /**
     * The journal in {@code dir}, played back ({@code resimulate} false) or re-simulated from its
     * recorded inputs ({@code resimulate} true: exact journals only; {@link #frame} throws when a
     * step's state hash differs from the recorded one, e.g. a journal recorded by another build).
     */
    public JournalViewSource(Path dir, Stages stageRegistry, boolean resimulate) {
        this.dir = dir;
        // below the documents' checksums: Chronicle's headers, which hide documents when damaged
        JournalFraming.Framing framing = JournalFraming.check(dir);
        long n = 0;
        try (JournalReader r = JournalReader.open(dir)) {
            StepRecord x = new StepRecord();
            while (r.next(x)) {
                n++;
            }
            if (r.documents() != framing.documents()) {
                throw new JournalFormatException("journal " + dir + " is damaged: its files hold " + framing.documents()
                        + " documents but reading stopped after " + r.documents() + " (at step " + (r.header().firstStep() + n)
                        + ")");
            }
            this.closedCleanly = r.closedCleanly() || !r.checksummed();
        }
        this.last = n;
        this.reader = JournalReader.open(dir);
        if (resimulate) {
            if (reader.lossyTracks() != null) {
                reader.close();
                throw new JournalFormatException("journal " + dir + " is lossy: re-simulation needs the exact journal"
                        + " it was compressed from (or view it without re-simulating)");
            }
            World w;
            try {
                w = Verifier.rebuild(reader, stageRegistry);
            } catch (RuntimeException e) {
                reader.close();
                throw e;
            }
            reader.setSlotLimit(w.settings().maxBodies());
            this.sim = w;
            this.playback = null;
        } else {
            this.sim = null;
            this.playback = Playback.open(dir, stageRegistry);
        }
        StepSlot[] slots = StepSlot.values();
        this.stages = new String[slots.length];
        for (int i = 0; i < slots.length; i++) {
            stages[i] = slots[i].label();
        }
    }

    /**
     * Whether the recording ended with its closing document; false for a recording cut off by a killed
     * recorder (played up to its last complete step).
     */
    public boolean closedCleanly() {
        return closedCleanly;
    }

    @Override
    public long lastFrame() {
        return last;
    }

    @Override
    public String title() {
        return dir.getFileName() == null ? dir.toString() : dir.getFileName().toString();
    }

    @Override
    public String[] stageNames() {
        return stages;
    }

    @Override
    public void frame(long k, FrameBuffer out, FrameStats stats) {
        stats.clear(stages.length);
        if (sim != null) {
            while (sim.stepIndex() < k) {
                if (!reader.next(rec)) {
                    throw new IllegalStateException("journal " + dir + " ended before step " + (sim.stepIndex() + 1));
                }
                String[] made = dev.rubble.cache.journal.StepInputs.before(sim, rec); // between-steps changes, hook, commands
                if (made != null) {
                    throw new JournalFormatException("journal " + dir + " does not re-simulate: before step " + rec.step + ", "
                            + made[0] + " field " + made[1] + " recorded " + made[2] + ", re-made " + made[3]);
                }
                dev.rubble.cache.journal.StepInputs.step(sim);
                long hash = sim.profile().stateHash();
                if (hash != rec.stateHash) {
                    throw new JournalFormatException("journal " + dir + " does not re-simulate bit for bit: step "
                            + rec.step + " has state hash " + Long.toHexString(hash) + ", the journal recorded "
                            + Long.toHexString(rec.stateHash) + " (recorded by another build? `rubble verify` names the"
                            + " body; view it without re-simulating)");
                }
            }
            FrameBuilder.fill(sim, out);
        } else {
            playFrame(k, out);
        }
        if (k == 0) {
            return;
        }
        stats.step = rec.step;
        stats.time = rec.time;
        stats.awake = rec.awake;
        stats.sleeping = rec.sleeping;
        stats.statics = rec.statics;
        stats.totalNanos = rec.totalNanos;
        System.arraycopy(rec.stageNanos, 0, stats.stageNanos, 0, Math.min(rec.stageNanos.length, stages.length));
        for (int e = 0; e < rec.eventCount; e++) {
            if (rec.eventKind[e] == BreakEvents.BREAK) {
                if (stats.breaks == 0) {
                    for (int a = 0; a < 3; a++) {
                        stats.firstBreak[a] = rec.eventMotion[e * StepRecord.FIELDS + a];
                        stats.firstBreak[3 + a] = rec.eventMotion[e * StepRecord.FIELDS + 7 + a];
                    }
                }
                stats.breaks++;
            }
        }
    }

    /** Frame {@code k} from the played-back poses, levels from the collections, the recorded removal shrink. */
    private void playFrame(long k, FrameBuffer out) {
        while (playback.world().stepIndex() < k) {
            playback.step();
            if (!reader.next(rec)) {
                throw new IllegalStateException("journal " + dir + " ended before step " + playback.world().stepIndex());
            }
        }
        var w = playback.world();
        FrameBuilder.fill(w.bodies(), w.stepIndex(), w.time(), playback::isDriven, true, out);
        double[] scale = w.bodies().scale; // the recorded removal shrink (journal "SCAL" documents)
        for (int i = 0, n = out.count(); i < n; i++) {
            int slot = out.piece(i);
            int level = playback.pieceLevel(slot);
            if (level > 0 || scale[slot] != 1) {
                out.setDestruction(i, Math.max(0, level), out.anchored(i), out.strain(i), scale[slot]);
            }
        }
        playback.drawUnions(out); // issue 29: union bodies member by member, as scenario frames
    }

    @Override
    public void close() {
        try {
            reader.close();
        } finally {
            if (playback != null) {
                playback.close();
            }
        }
    }
}
