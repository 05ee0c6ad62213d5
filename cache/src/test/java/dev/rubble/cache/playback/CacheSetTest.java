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

    /** Two boxes falling freely (no floor in the recording), a tumbling. */
    private static final String DROP = "{\"format\":\"rubble-scenario/1\",\"name\":\"drop\",\"bodies\":["
            + "{\"id\":\"a\",\"shape\":{\"type\":\"box\",\"halfExtents\":[0.3,0.2,0.3]},\"position\":[0,5,0],"
            + "\"linearVelocity\":[0,0,0.2],\"angularVelocity\":[0.5,0,0]},"
            + "{\"id\":\"b\",\"shape\":{\"type\":\"box\",\"halfExtents\":[0.3,0.2,0.3]},\"position\":[3,6,0]}]}";

    /**
     * Issue 31, Deliver 2 and 3 together: two caches of one recording in one host world each hand
     * body a to the host's live simulation (one by body, one by a host region) at host step 10. The
     * handed-over body keeps its recorded velocity (under 1 % off the live run's at the next step),
     * then falls onto a live box of the host standing under it on the host's floor and comes to
     * rest on top of it (without the collision it would fall through to the floor), while body b
     * goes on following its recording. A body that is not mirrored, or already handed over, is refused.
     */
    @Test
    void bodiesHandedOverByTwoCachesFallOntoTheHostsLiveBodiesAndRestThere(@TempDir Path dir) {
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(DROP), STAGES);
        List<double[]> rec = new ArrayList<>(); // per frame: body a's vx vy vz wx wy wz
        int aSlot = sw.world().bodies().slot(sw.world().findByLabel("a"));
        try (JournalWriter jw = JournalWriter.create(dir, sw, "drop", DROP)) {
            sw.world().addObserver(jw);
            BodyStore b = sw.world().bodies();
            rec.add(new double[] {b.vx[aSlot], b.vy[aSlot], b.vz[aSlot], b.wx[aSlot], b.wy[aSlot], b.wz[aSlot]});
            for (int k = 0; k < 40; k++) {
                sw.step();
                rec.add(new double[] {b.vx[aSlot], b.vy[aSlot], b.vz[aSlot], b.wx[aSlot], b.wy[aSlot], b.wz[aSlot]});
            }
        }
        World host = World.create(WorldSettings.defaults(), STAGES);
        host.createBody(BodyDef.of(new dev.rubble.spi.shape.Box(50, 0.5, 50)).withMotion(dev.rubble.core.body.MotionType.STATIC)
                .withPosition(0, -0.5, 0));
        double[] xs = {-20, 20};
        long[] liveBox = new long[2];
        for (int c = 0; c < 2; c++) {
            liveBox[c] = host.createBody(BodyDef.of(new dev.rubble.spi.shape.Box(1, 0.5, 1)).withPosition(xs[c], 0.5, 0));
        }
        BodyStore hb = host.bodies();
        try (CacheSet set = new CacheSet(host)) {
            CacheSet.Cache[] caches = {set.add(Playback.open(dir, STAGES), xs[0], 0, 0), set.add(Playback.open(dir, STAGES), xs[1], 0, 0)};
            long a0 = caches[0].playback().world().findByLabel("a"), a1 = caches[1].playback().world().findByLabel("a");
            long b0 = caches[0].playback().world().findByLabel("b");
            for (int k = 0; k < 10; k++) {
                set.step();
            }
            long mirror1 = caches[1].mirrorOf(caches[1].playback().world().bodies().slot(a1));
            long[] handed = {caches[0].handOver(a0), -1};
            assertThat(caches[1].handOverRegion(new double[] {19, 0, -1}, new double[] {21, 10, 1})).isEqualTo(1);
            handed[1] = mirror1;
            assertThat(handed[0]).isNotNegative();
            assertThat(caches[0].handOver(a0)).as("already handed over").isEqualTo(-1);
            assertThat(caches[0].handOver(99)).as("not a body of the cache").isEqualTo(-1);
            assertThat(caches[0].handedOver() + caches[1].handedOver()).isEqualTo(2);
            set.step();
            for (int c = 0; c < 2; c++) {
                int hs = hb.slot(handed[c]);
                assertThat(hb.motion(hs)).isEqualTo(dev.rubble.core.body.MotionType.DYNAMIC);
                double[] want = rec.get(11);
                double dl = Math.sqrt(sq(hb.vx[hs] - want[0]) + sq(hb.vy[hs] - want[1]) + sq(hb.vz[hs] - want[2]));
                double dw = Math.sqrt(sq(hb.wx[hs] - want[3]) + sq(hb.wy[hs] - want[4]) + sq(hb.wz[hs] - want[5]));
                assertThat(dl / Math.sqrt(sq(want[0]) + sq(want[1]) + sq(want[2]))).as("cache %d linear jump", c).isLessThan(0.01);
                assertThat(dw / Math.sqrt(sq(want[3]) + sq(want[4]) + sq(want[5]))).as("cache %d angular jump", c).isLessThan(0.01);
            }
            boolean[] touched = new boolean[2];
            for (int k = 0; k < 180; k++) {
                set.step();
                var con = host.contacts();
                for (int m = 0; m < con.size(); m++) {
                    for (int c = 0; c < 2; c++) {
                        int x = hb.slot(handed[c]), y = hb.slot(liveBox[c]);
                        touched[c] |= con.bodyA[m] == x && con.bodyB[m] == y || con.bodyA[m] == y && con.bodyB[m] == x;
                    }
                }
            }
            for (int c = 0; c < 2; c++) {
                int hs = hb.slot(handed[c]);
                assertThat(touched[c]).as("cache %d's body touched the live box", c).isTrue();
                // resting on the live box's top (y = 1) on one of its faces (half extents 0.2 or 0.3)
                assertThat(hb.py[hs]).as("cache %d's body rests on the live box", c).isBetween(1.15, 1.35);
                assertThat(Math.abs(hb.px[hs] - xs[c])).isLessThan(1.0);
                assertThat(hb.py[hb.slot(liveBox[c])]).as("the live box on the floor").isCloseTo(0.5, within(0.02));
            }
            // body b still follows its recording (free fall, no floor in the recording): 191 steps in
            long mb = caches[0].mirrorOf(caches[0].playback().world().bodies().slot(b0));
            assertThat(mb).isNotNegative();
            // the recording has 40 steps (the cache ended there): semi-implicit Euler free fall, 6 - g dt^2 n(n+1)/2
            double dt = 1 / 60.0;
            assertThat(hb.py[hb.slot(mb)]).isCloseTo(6 - 9.81 * dt * dt * 40 * 41 / 2, within(1e-9));
        }
    }

    /**
     * A cache of a set held until host step 15 with its events replayed: its listener hears the live
     * run's events of recorded steps 0..14 (bit for bit) while its mirrors stand at the first pose,
     * then recorded step 0 on from the trigger.
     */
    @Test
    void aHeldCacheOfASetReplaysItsEvents(@TempDir Path dir) {
        String json = DestructionScenes.slabs(1).replaceFirst("\\{", "{\"events\": {\"break\": true, \"hit\": true},");
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(json), STAGES);
        List<String> live = new ArrayList<>();
        try (JournalWriter jw = JournalWriter.create(dir, sw, "slabs", json)) {
            sw.world().addObserver(jw);
            sw.world().addObserver((w, p) -> live.addAll(PlaybackEventsTest.dump(p.step(), w.context().events)));
            sw.run(30);
        }
        List<String> firstSteps = live.stream().filter(l -> Long.parseLong(l.substring(0, l.indexOf(' '))) < 15).toList();
        assertThat(firstSteps).anyMatch(l -> l.contains(" break "));
        World host = World.create(WorldSettings.defaults(), STAGES);
        try (CacheSet set = new CacheSet(host)) {
            CacheSet.Cache c = set.add(Playback.open(dir, STAGES), 5, 0, 0).holdUntilStep(15).replayEventsWhileHeld(true);
            List<String> heard = new ArrayList<>();
            List<Long> steps = new ArrayList<>();
            c.playback().addEventListener(e -> {
                steps.add(e.step());
                heard.addAll(PlaybackEventsTest.dump(e.step(), c.playback().eventState()));
            });
            BodyStore hb = host.bodies();
            int s = 0;
            while (!c.playback().isDriven(s)) {
                s++; // the slab (the floor is static)
            }
            double y0 = hb.py[hb.slot(c.mirrorOf(s))];
            for (int k = 0; k < 15; k++) {
                set.step();
                assertThat(hb.py[hb.slot(c.mirrorOf(s))]).isEqualTo(y0);
            }
            assertThat(steps).containsExactlyElementsOf(java.util.stream.LongStream.range(0, 15).boxed().toList());
            assertThat(heard).containsExactlyElementsOf(firstSteps);
            heard.clear();
            for (int k = 0; k < 30; k++) {
                set.step();
            }
            assertThat(c.startedAt()).isEqualTo(15);
            assertThat(heard).containsExactlyElementsOf(live);
        }
    }

    private static double sq(double x) {
        return x * x;
    }
}
