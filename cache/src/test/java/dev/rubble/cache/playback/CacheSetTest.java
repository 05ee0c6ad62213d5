package dev.rubble.cache.playback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.cache.journal.DestructionScenes;
import dev.rubble.cache.journal.JournalReader;
import dev.rubble.cache.journal.JournalWriter;
import dev.rubble.cache.journal.RecordedState;
import dev.rubble.cache.journal.StepRecord;
import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.command.Command;
import dev.rubble.core.command.FieldMeta;
import dev.rubble.core.command.FieldSpec;
import dev.rubble.core.command.FieldTarget;
import dev.rubble.core.plugin.Stages;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.core.world.World;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;
import dev.rubble.spi.shape.Sphere;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 31, Deliver 2: several caches in one world, each started by its own trigger. */
final class CacheSetTest {
    private static final Stages STAGES = Stages.load();
    private static final int STEPS = 90;

    /** The recorded states, frame k = after recorded step k - 1, read straight from the journal. */
    private static List<RecordedState> record(Path dir) {
        String json = DestructionScenes.slabs(1);
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(json), STAGES);
        try (JournalWriter jw = JournalWriter.create(dir, sw, "slabs", json)) {
            sw.world().addObserver(jw);
            sw.run(STEPS);
        }
        List<RecordedState> frames = new ArrayList<>();
        RecordedState f = new RecordedState();
        f.copyFrom(sw.world().bodies()); // placeholder, replaced below
        try (JournalReader r = JournalReader.open(dir)) {
            RecordedState cur = new RecordedState();
            ScenarioWorld fresh = ScenarioWorld.create(ScenarioLoader.parse(json), STAGES);
            cur.copyFrom(fresh.world().bodies());
            frames.add(copy(cur));
            StepRecord rec = new StepRecord();
            while (r.next(rec)) {
                cur.apply(rec);
                frames.add(copy(cur));
            }
        }
        return frames;
    }

    private static RecordedState copy(RecordedState s) {
        RecordedState c = new RecordedState();
        c.copyFrom(s);
        return c;
    }

    private static Command.ApplyField blast(double x, double y, double z) {
        FieldSpec fall = FieldSpec.of("radial-falloff", "position", new FieldSpec.Vec(x, y, z), "radius", 1.0,
                "magnitude", 0.0, "falloff", "linear");
        return new Command.ApplyField("", FieldTarget.LINEAR_VELOCITY, FieldSpec.of("operator", "left",
                FieldSpec.of("random-vector", "seed", 1L), "right", fall), FieldMeta.DEFAULT, false);
    }

    @Test
    void threeCachesInOneWorldStartOnTheirOwnTriggersAndThenFollowTheirRecordings(@TempDir Path dir) {
        List<RecordedState> frames = record(dir);
        World host = World.create(WorldSettings.defaults(), STAGES);
        double[][] offsets = {{-30, 0, 0}, {30, 0, 0}, {0, 0, 50}};
        try (CacheSet set = new CacheSet(host)) {
            CacheSet.Cache byStep = set.add(Playback.open(dir, STAGES), -30, 0, 0).holdUntilStep(12);
            CacheSet.Cache byContact = set.add(Playback.open(dir, STAGES), 30, 0, 0).holdUntilContact("ball");
            CacheSet.Cache byField = set.add(Playback.open(dir, STAGES), 0, 0, 50).holdUntilField();
            List<CacheSet.Cache> caches = List.of(byStep, byContact, byField);
            // the ball falls from 1 m above the contact cache's slab (its region's top)
            double[] reg = byContact.region();
            double top = reg[4], cx = (reg[0] + reg[3]) / 2, cz = (reg[2] + reg[5]) / 2;
            host.createBody(BodyDef.of(new Sphere(0.2)).withLabel("ball").withPosition(cx, top + 1.2, cz));
            long ball = host.findByLabel("ball");
            // a field far from every cache first (starts nothing), then one on the field cache's region
            double[] fr = byField.region();
            long touchedAfter = -1;
            for (int k = 0; k < 70; k++) {
                if (k == 20) {
                    host.queue(blast(0, 3, -40));
                }
                if (k == 30) {
                    host.queue(blast((fr[0] + fr[3]) / 2, fr[4] + 0.5, (fr[2] + fr[5]) / 2));
                }
                set.step();
                int bs = host.bodies().slot(ball);
                double freeFall = -host.settings().gravityY() * -(k + 1) * host.settings().dt();
                if (touchedAfter < 0 && Math.abs(host.bodies().vy[bs] - freeFall) > 1e-6) {
                    touchedAfter = k; // the slab stopped the ball's free fall in host step k
                }
                for (int c = 0; c < 3; c++) {
                    check(caches.get(c), offsets[c], frames, host.bodies(), k);
                }
            }
            assertThat(byStep.startedAt()).isEqualTo(12);
            assertThat(byField.startedAt()).as("the field applied in host step 30 (the one in step 20 missed)").isEqualTo(31);
            // free fall of at least 1 m (to the top of the slab's bounds): t >= sqrt(2 / 9.81) = 0.4515 s, after step 26 at 60 Hz
            assertThat(touchedAfter).isBetween(26L, 30L);
            assertThat(byContact.startedAt()).as("the step after the slab stopped the ball").isEqualTo(touchedAfter + 1);
        }
    }

    /** Held: every mirror at the first recorded pose; started at S: after host step k, recorded frame k - S + 1. */
    private static void check(CacheSet.Cache c, double[] o, List<RecordedState> frames, BodyStore hb, long k) {
        long started = c.startedAt();
        int frame = started < 0 || k < started ? 0 : (int) Math.min(k - started + 1, STEPS);
        RecordedState f = frames.get(frame);
        BodyStore cb = c.playback().world().bodies();
        int mirrors = 0;
        for (int s = 0; s < cb.slotLimit(); s++) {
            long h = c.mirrorOf(s);
            if (!cb.isLive(s) || !c.playback().isDriven(s)) {
                continue;
            }
            assertThat(h).as("cache body %d mirrored", s).isNotNegative();
            assertThat(f.live[s]).isTrue();
            int hs = hb.slot(h);
            double[] v = f.values;
            int base = s * StepRecord.FIELDS;
            assertThat(hb.px[hs]).as("host step %d, frame %d, body %d", k, frame, s).isCloseTo(v[base] + o[0], within(1e-9));
            assertThat(hb.py[hs]).isCloseTo(v[base + 1] + o[1], within(1e-9));
            assertThat(hb.pz[hs]).isCloseTo(v[base + 2] + o[2], within(1e-9));
            assertThat(Math.abs(hb.qx[hs] * v[base + 3] + hb.qy[hs] * v[base + 4] + hb.qz[hs] * v[base + 5]
                    + hb.qw[hs] * v[base + 6])).isCloseTo(1, within(1e-9));
            mirrors++;
        }
        assertThat(mirrors).isPositive();
    }
}
