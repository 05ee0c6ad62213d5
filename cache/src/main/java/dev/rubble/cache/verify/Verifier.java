package dev.rubble.cache.verify;

import dev.rubble.cache.journal.JournalFormat;
import dev.rubble.cache.journal.JournalFormatException;
import dev.rubble.cache.journal.JournalHeader;
import dev.rubble.cache.journal.JournalReader;
import dev.rubble.cache.journal.RecordedState;
import dev.rubble.cache.journal.StepInputs;
import dev.rubble.cache.journal.StepRecord;
import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.world.World;
import dev.rubble.core.plugin.Stages;
import dev.rubble.scenario.Scenario;
import dev.rubble.scenario.ScenarioException;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;
import dev.rubble.cache.journal.InitialBodies;
import dev.rubble.cache.journal.SettingsCodec;
import dev.rubble.core.step.WorldSettings;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * Re-simulates a journal from its recorded inputs and compares every step (SPEC §9 "Verify"). The
 * world is rebuilt from the journalled scenario text and stage choices; before each step the
 * journalled commands are queued (not the scenario's schedule, so inputs from a console or API are
 * replayed too). A step matches when the state hash is equal and every recorded body equals the
 * re-simulated one bit for bit. On the first mismatch the recorded state of every body (rebuilt
 * from the records) is compared with the world in slot order to name the first body and field.
 */
public final class Verifier {
    private Verifier() {
    }

    /**
     * Builds the world a journal was recorded from, in its initial state, hashing its state in the
     * version the journal's hashes were recorded in ({@link JournalFormat#stateHashVersion}).
     */
    public static World rebuild(JournalHeader h, Stages stages) {
        World w = rebuildScenario(h, stages);
        w.useStateHashVersion(JournalFormat.stateHashVersion(h.formatVersion()));
        return w;
    }

    private static World rebuildScenario(JournalHeader h, Stages stages) {
        if (h.scenarioJson().isEmpty()) {
            throw new JournalFormatException("the journal has no scenario text, so its world cannot be rebuilt"
                    + " (record with rubble run SCENARIO --journal DIR)");
        }
        if (h.firstStep() != 0) {
            throw new JournalFormatException("the journal starts at step " + h.firstStep()
                    + "; re-simulation needs a journal recorded from step 0");
        }
        Scenario sc;
        try {
            sc = ScenarioLoader.parse(h.scenarioJson());
        } catch (ScenarioException e) {
            throw new JournalFormatException("the journalled scenario does not parse: " + e.getMessage(), e);
        }
        World w = ScenarioWorld.create(sc, stages, h.stages()).world();
        w.context().dropQueuedConstraints(); // recorded in the journal's step 0 (issue 29)
        if (w.settings().dt() != h.dt() || w.settings().subSteps() != h.subSteps()) {
            throw new JournalFormatException("the journalled scenario gives dt " + w.settings().dt() + " x "
                    + w.settings().subSteps() + " sub-steps but the header says " + h.dt() + " x " + h.subSteps());
        }
        return w;
    }

    /**
     * Builds the world of a journal in its initial state. Version 4 uses the journalled settings
     * (whatever the scenario says), the embedded collection images, and — with no scenario text (a
     * world recorded from the Java API) — the journalled initial bodies; older versions
     * {@link #rebuild(JournalHeader, Stages)}.
     */
    public static World rebuild(JournalReader reader, Stages stages) {
        return rebuild(reader, stages, 0);
    }

    /** As {@link #rebuild(JournalReader, Stages)}, stepping on {@code threads} threads (0: the recorded settings'). */
    public static World rebuild(JournalReader reader, Stages stages, int threads) {
        World w = rebuildWorld(reader, stages, threads);
        w.useStateHashVersion(JournalFormat.stateHashVersion(reader.header().formatVersion()));
        return w;
    }

    private static World rebuildWorld(JournalReader reader, Stages stages, int threads) {
        JournalHeader h = reader.header();
        WorldSettings settings = reader.settings();
        if (settings == null) {
            if (threads > 0) {
                JournalHeader hh = h;
                Scenario sc;
                try {
                    sc = ScenarioLoader.parse(hh.scenarioJson());
                } catch (ScenarioException e) {
                    throw new JournalFormatException("the journalled scenario does not parse: " + e.getMessage(), e);
                }
                return ScenarioWorld.create(sc, stages, hh.stages(), threads).world();
            }
            return rebuild(h, stages);
        }
        if (threads > 0) {
            settings = settings.withThreads(threads);
        }
        byte[] start = h.scenarioJson().isEmpty() ? reader.startSnapshot() : null;
        if (start != null) {
            // a journal attached to a live world (JournalWriter.attach) starts from the world saved whole
            try {
                return dev.rubble.cache.journal.Keyframes.read(start, "the journal's start keyframe")
                        .restore(stages, settings.threads());
            } catch (java.io.IOException | RuntimeException e) {
                throw new JournalFormatException("the journal's start keyframe cannot be restored: " + e.getMessage(), e);
            }
        }
        if (h.firstStep() != 0) {
            throw new JournalFormatException("the journal starts at step " + h.firstStep()
                    + "; re-simulation needs a journal recorded from step 0");
        }
        InitialBodies init = reader.initialBodies();
        if (h.scenarioJson().isEmpty()) {
            for (InitialBodies.Body b : init.bodies) {
                if (b.collection() >= 0) {
                    throw new JournalFormatException("the journal has no scenario text and body " + b.slot()
                            + " belongs to collection " + b.collection() + " and no start keyframe saved it (a world a"
                            + " snapshot cannot save, docs/snapshot-format.md): its collections cannot be rebuilt");
                }
            }
            World w = World.create(settings, stages);
            init.restore(w, false);
            return w;
        }
        Scenario sc;
        try {
            sc = ScenarioLoader.parse(h.scenarioJson());
        } catch (ScenarioException e) {
            throw new JournalFormatException("the journalled scenario does not parse: " + e.getMessage(), e);
        }
        List<byte[]> images = reader.collectionImages();
        if (!images.isEmpty() && images.size() != sc.collections().size()) {
            throw new JournalFormatException("the journal embeds " + images.size() + " collections but its scenario places "
                    + sc.collections().size());
        }
        World w = ScenarioWorld.create(sc, stages, settings, images.isEmpty() ? null : images).world();
        w.context().dropQueuedConstraints(); // recorded in the journal's step 0 (issue 29)
        return w;
    }

    /** Verifies the journal in {@code dir}. */
    public static VerifyResult verify(Path dir, Stages stages) {
        return verify(dir, stages, 0);
    }

    /**
     * Verifies the journal in {@code dir}, re-simulating on {@code threads} threads (0: the
     * recorded settings' count). Issue 26: the step gives the same bits for any count, so a journal
     * recorded on one count verifies on another.
     */
    public static VerifyResult verify(Path dir, Stages stages, int threads) {
        try (JournalReader reader = JournalReader.open(dir)) {
            return verify(reader, stages, threads);
        }
    }

    /** Verifies every remaining step of an open journal. */
    public static VerifyResult verify(JournalReader reader, Stages stages) {
        return verify(reader, stages, 0);
    }

    /** As {@link #verify(JournalReader, Stages)}, on {@code threads} threads (0: the recorded count). */
    public static VerifyResult verify(JournalReader reader, Stages stages, int threads) {
        Objects.requireNonNull(stages, "stages is null");
        if (reader.lossyTracks() != null) {
            var t = reader.lossyTracks();
            throw new dev.rubble.cache.journal.JournalFormatException("journal " + reader.directory() + " is lossy (positions"
                    + " within " + t.positionError() + " m, rotations within " + t.rotationError() + " rad, velocities within "
                    + t.velocityError() + " m/s): verify checks exact journals bit for bit; verify the exact journal it was"
                    + " compressed from");
        }
        World w = rebuild(reader, stages, threads);
        reader.setSlotLimit(w.settings().maxBodies());
        BodyStore b = w.bodies();
        if (reader.settings() != null) {
            String[] s = SettingsCodec.firstDifference(reader.settings(), w.settings());
            if (s != null) {
                return new VerifyResult(0, initial("setting", s[0], s[1], s[2]));
            }
            String[] d = reader.initialBodies().firstDifference(w);
            if (d != null) {
                return new VerifyResult(0, initial("initial " + d[0], d[1], d[2], d[3]));
            }
        }
        RecordedState rec = new RecordedState();
        rec.copyFrom(b);
        StepRecord r = new StepRecord();
        long checked = 0;
        while (reader.next(r)) {
            if (r.step != w.stepIndex()) {
                throw new JournalFormatException("journal steps are out of sequence: expected step " + w.stepIndex()
                        + ", found " + r.step);
            }
            String[] made = StepInputs.before(w, r); // between-steps changes, the hook's answers, the commands
            if (made != null) {
                return new VerifyResult(checked, new Divergence(r.step, -1, "", "", made[1], made[2], made[3],
                        r.stateHash, 0, made[0]));
            }
            StepInputs.step(w);
            checked++;
            rec.apply(r);
            long hash = w.profile().stateHash();
            String[] hooked = StepInputs.hookMismatch(r);
            if (hooked != null) {
                return new VerifyResult(checked, new Divergence(r.step, -1, "", "", hooked[1], hooked[2], hooked[3],
                        r.stateHash, hash, hooked[0]));
            }
            if (r.hasDestruction) {
                Divergence e = EventCompare.firstDifference(r, w.destruction().events(), hash);
                if (e != null) {
                    return new VerifyResult(checked, e);
                }
            }
            // the step's gathered events (docs/events.md): hits, trailing, sleep, ... as recorded
            Divergence ev = StepEventCompare.firstDifference(r, w.context().events, hash);
            if (ev != null) {
                return new VerifyResult(checked, ev);
            }
            // the removal shrink (issue 31, "SCAL" documents): not in the state hash, compared here
            for (int s = 0, n = Math.min(b.slotLimit(), rec.limit); s < n; s++) {
                if (b.isLive(s) && Double.doubleToRawLongBits(b.scale[s]) != Double.doubleToRawLongBits(rec.scale[s])) {
                    return new VerifyResult(checked, div(r, s, b.generation[s], b.label[s] != null ? b.label[s] : "",
                            "removalScale", exact(rec.scale[s]), exact(b.scale[s]), hash));
                }
            }
            if (hash != r.stateHash || !movedMatch(r, b)) {
                Divergence d = firstDifference(r, rec, w, hash);
                if (d.slot() < 0 && r.hasDestruction) {
                    long dh = w.context().destructionHash();
                    if (dh != r.destructionHash) {
                        d = new Divergence(r.step, -1, "", "", "destructionHash", String.format("%016x", r.destructionHash),
                                String.format("%016x", dh), r.stateHash, hash,
                                "collection state (thresholds, bonds, anchors, pending strain)");
                    }
                }
                return new VerifyResult(checked, d);
            }
        }
        return new VerifyResult(checked, null);
    }

    /** A difference of the rebuilt initial world ("field: recorded vs rebuilt" split by the caller). */
    private static Divergence initial(String subject, String field, String recorded, String rebuilt) {
        return new Divergence(-1, -1, "", "", field, recorded, rebuilt, 0, 0, subject);
    }

    private static boolean movedMatch(StepRecord r, BodyStore b) {
        for (int i = 0; i < r.movedCount; i++) {
            int s = r.movedSlot[i];
            if (!b.isLive(s) || b.generation[s] != r.movedGen[i] || b.state[s] != r.movedState[i]) {
                return false;
            }
            int o = i * StepRecord.FIELDS;
            for (int f = 0; f < StepRecord.FIELDS; f++) {
                if (Double.doubleToRawLongBits(r.moved[o + f])
                        != Double.doubleToRawLongBits(RecordedState.field(b, s, f))) {
                    return false;
                }
            }
        }
        return true;
    }

    private static Divergence firstDifference(StepRecord r, RecordedState rec, World w, long hash) {
        BodyStore b = w.bodies();
        int n = Math.max(rec.limit, b.slotLimit());
        for (int s = 0; s < n; s++) {
            boolean rl = s < rec.limit && rec.live[s];
            boolean wl = b.isLive(s);
            if (!rl && !wl) {
                continue;
            }
            String label = wl && b.label[s] != null ? b.label[s] : "";
            if (rl != wl) {
                int gen = rl ? rec.generation[s] : b.generation[s];
                return div(r, s, gen, label, "exists", String.valueOf(rl), String.valueOf(wl), hash);
            }
            if (rec.generation[s] != b.generation[s]) {
                return div(r, s, b.generation[s], label, "generation", String.valueOf(rec.generation[s]),
                        String.valueOf(b.generation[s]), hash);
            }
            if (rec.state[s] != b.state[s]) {
                return div(r, s, b.generation[s], label, "state", BodyState.values()[rec.state[s]].label(),
                        b.state(s).label(), hash);
            }
            for (int f = 0; f < StepRecord.FIELDS; f++) {
                double x = rec.value(s, f), y = RecordedState.field(b, s, f);
                if (Double.doubleToRawLongBits(x) != Double.doubleToRawLongBits(y)) {
                    return div(r, s, b.generation[s], label, StepRecord.FIELD_NAMES[f], exact(x), exact(y), hash);
                }
            }
        }
        return new Divergence(r.step, -1, "", "", "stateHash", String.format("%016x", r.stateHash),
                String.format("%016x", hash), r.stateHash, hash);
    }

    private static Divergence div(StepRecord r, int s, int gen, String label, String field, String a, String bv,
                                  long hash) {
        return new Divergence(r.step, s, s + ":" + gen, label, field, a, bv, r.stateHash, hash);
    }

    /** A double printed so that different bits never print the same. */
    static String exact(double d) {
        return Double.toString(d);
    }
}
