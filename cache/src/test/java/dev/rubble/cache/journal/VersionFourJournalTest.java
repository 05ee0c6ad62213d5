package dev.rubble.cache.journal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.cache.playback.Playback;
import dev.rubble.cache.verify.Verifier;
import dev.rubble.cache.verify.VerifyResult;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.plugin.Stages;
import dev.rubble.core.world.World;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A journal written by the engine before format version 5 (issue 27 item 6 changed the moved
 * bodies to {@link MovedCodec} blocks): {@code rubble run examples/bridge.json --steps 80
 * --journal DIR --keyframe-interval 25} with the engine of 2026-12-02 09:25 UTC (format version 4:
 * raw moved bodies; the bridge's keystone breaks, 3 destruction events, 3 keyframes), committed
 * gzipped under src/test/resources/journal-v4-bridge. It must still read, verify, play back and
 * seek, compress to a lossy journal, and decode to the very bits today's journal of the same run
 * decodes to (but for the state hashes, which format 6 records in StateHash version 2).
 *
 * <p>Today's engine simulates the run as the old one did up to step {@link #PHYSICS_CHANGED_AT}: on
 * 2026-12-05 the gyroscopic term's second half stopped being overwritten for bodies with manifolds, and
 * speculative manifolds of spinning bodies no motion can reach are dropped (docs/dynamics.md), which
 * changes a tumbling piece's angular velocity in its last bit there, after the keystone broke. A
 * format-4 journal cannot be written again, so verification, seeking and the decoded bits are checked
 * before that step; reading, keyframes, events and playback still cover every record.
 */
final class VersionFourJournalTest {
    private static final int STEPS = 80;
    /** The first step today's engine re-simulates differently from the engine that wrote the journal. */
    private static final int PHYSICS_CHANGED_AT = 62;

    static Path unpack(Path dir) throws IOException {
        for (String f : new String[] {"20261202-09F.cq4", "metadata.cq4t"}) {
            try (InputStream in = new GZIPInputStream(
                    VersionFourJournalTest.class.getResourceAsStream("/journal-v4-bridge/" + f + ".gz"))) {
                Files.copy(in, dir.resolve(f));
            }
        }
        return dir;
    }

    /** Every step's moved bodies (slot, generation, state, motion, the 13 fields' bits) and events. */
    private static List<long[]> records(Path dir, int[] keyframes, int[] events) {
        List<long[]> out = new ArrayList<>();
        try (JournalReader r = JournalReader.open(dir)) {
            StepRecord rec = new StepRecord();
            while (r.next(rec)) {
                long[] a = new long[rec.movedCount * 17 + 2];
                a[0] = rec.step;
                a[1] = rec.stateHash;
                for (int i = 0; i < rec.movedCount; i++) {
                    int o = 2 + i * 17;
                    a[o] = rec.movedSlot[i];
                    a[o + 1] = rec.movedGen[i];
                    a[o + 2] = rec.movedState[i];
                    a[o + 3] = rec.movedMotion[i];
                    for (int f = 0; f < StepRecord.FIELDS; f++) {
                        a[o + 4 + f] = Double.doubleToRawLongBits(rec.moved[i * StepRecord.FIELDS + f]);
                    }
                }
                out.add(a);
                events[0] += rec.eventCount;
            }
            assertThat(r.closedCleanly()).isTrue();
            keyframes[0] = (int) r.keyframesRead();
        }
        return out;
    }

    @Test
    void aVersionFourJournalReadsVerifiesAndDecodesToTheBitsOfTodaysJournal(@TempDir Path tmp) throws IOException {
        Path old = unpack(Files.createDirectories(tmp.resolve("v4")));
        int[] keyframes = new int[1], events = new int[1];
        List<long[]> v4;
        try (JournalReader r = JournalReader.open(old)) {
            assertThat(r.header().formatVersion()).isEqualTo(4);
            assertThat(r.collectionImages()).hasSize(1);
        }
        v4 = records(old, keyframes, events);
        assertThat(v4).hasSize(STEPS);
        assertThat(keyframes[0]).isEqualTo(3);
        assertThat(events[0]).isEqualTo(3);

        VerifyResult result = Verifier.verify(old, Stages.load());
        // every step before the physics change verifies bit for bit; the first difference is that change
        assertThat(result.divergence()).isNotNull();
        assertThat(result.divergence().step()).isEqualTo(PHYSICS_CHANGED_AT);

        // the same run recorded today (format 5) decodes to the same bits, in fewer bytes
        Path now = tmp.resolve("v5");
        World w;
        try (JournalReader r = JournalReader.open(old)) {
            w = Verifier.rebuild(r, Stages.load());
        }
        try (JournalWriter jw = JournalWriter.create(now, w, "bridge", "")) {
            w.addObserver(jw);
            for (int i = 0; i < STEPS; i++) {
                w.step();
            }
        }
        int[] k5 = new int[1], e5 = new int[1];
        List<long[]> v5 = records(now, k5, e5);
        // the world was rebuilt to hash in version 1 (the old journal's); recording format 6 switched it to version 2
        assertThat(w.context().stateHashVersion()).isEqualTo(2);
        assertThat(v5.get(STEPS - 1)[1]).isEqualTo(w.stateHash());
        assertThat(e5[0]).isEqualTo(3);
        for (int i = 0; i < PHYSICS_CHANGED_AT; i++) {
            // the same step and moved bodies; the state hash (a[1]) is recorded in StateHash version 2 from format 6 on
            long[] a = v5.get(i), b = v4.get(i);
            assertThat(a[0]).isEqualTo(b[0]);
            assertThat(java.util.Arrays.copyOfRange(a, 2, a.length)).as("step %d", i)
                    .containsExactly(java.util.Arrays.copyOfRange(b, 2, b.length));
            assertThat(a[1]).as("step %d's state hash, version 2 against the recorded version 1", i).isNotEqualTo(b[1]);
        }
        long oldSteps, newSteps;
        try (JournalReader r = JournalReader.open(old); JournalReader r5 = JournalReader.open(now)) {
            assertThat(r5.header().formatVersion()).isEqualTo(JournalFormat.VERSION).isEqualTo(6);
            StepRecord rec = new StepRecord();
            oldSteps = 0;
            while (r.next(rec)) {
                oldSteps += rec.bytes;
            }
            newSteps = 0;
            while (r5.next(rec)) {
                newSteps += rec.bytes;
            }
        }
        assertThat(newSteps).isLessThan(oldSteps);
    }

    /**
     * Seeking re-simulates from the nearest keyframe and checks every re-simulated step's state hash
     * against the journal's: a world restored from a keyframe of a format-4 journal must hash in
     * StateHash version 1, as the journal recorded (it did not, until 2026-12-03: "re-simulated step
     * 50 has state hash …" from the first keyframe on), and land on the same bits as stepping from the start.
     */
    @Test
    void aVersionFourJournalSeeksFromItsKeyframesWithItsOwnHashes(@TempDir Path tmp) throws IOException {
        Path old = unpack(Files.createDirectories(tmp.resolve("v4")));
        Stages stages = Stages.load();
        try (dev.rubble.cache.playback.JournalSeek seek = dev.rubble.cache.playback.JournalSeek.open(old, stages)) {
            World fromStart = seek.seekAfter(20); // before the first keyframe (after step 24): from the initial world
            assertThat(fromStart.context().stateHashVersion()).isEqualTo(1);
            // re-simulated steps are checked against the journal's hashes, so seeks stay before the physics change
            double[] at60 = positions(seek.seekAfter(60).bodies()); // from the keyframe after step 49
            World w = seek.seekAfter(PHYSICS_CHANGED_AT - 1); // forwards
            assertThat(w.context().stateHashVersion()).isEqualTo(1);
            double[] backAt60 = positions(seek.seekAfter(60).bodies()); // backwards: restored from a keyframe again
            assertThat(backAt60).containsExactly(at60);
        }
    }

    @Test
    void aVersionFourJournalPlaysBackSeeksAndCompresses(@TempDir Path tmp) throws IOException {
        Path old = unpack(Files.createDirectories(tmp.resolve("v4")));
        Stages stages = Stages.load();
        List<double[]> played = new ArrayList<>();
        try (Playback pb = Playback.open(old, stages)) {
            played.add(positions(pb.world().bodies()));
            for (int n = 1; n <= STEPS; n++) {
                pb.step();
                played.add(positions(pb.world().bodies()));
            }
            assertThat(pb.finished()).isTrue();
        }
        try (Playback pb = Playback.open(old, stages)) {
            Random rnd = new Random(27);
            for (int i = 0; i < 8; i++) {
                int step = rnd.nextInt(STEPS);
                pb.seek(step);
                assertThat(positions(pb.world().bodies())).as("seek to after step %d", step)
                        .containsExactly(played.get(step + 1));
            }
            assertThat(pb.keyframeSteps()).containsExactly(24, 49, 74);
        }
        Path lossy = tmp.resolve("lossy");
        LossyJournal.Result res = LossyJournal.compress(old, lossy, 1e-5, 1e-5, 1e-4);
        assertThat(res.steps()).isEqualTo(STEPS);
        try (JournalReader r = JournalReader.open(lossy)) {
            assertThat(r.lossyTracks()).isNotNull();
            StepRecord rec = new StepRecord();
            int n = 0;
            while (r.next(rec)) {
                n++;
            }
            assertThat(n).isEqualTo(STEPS);
        }
    }

    /** Every live slot's position bits, slot by slot (dead slots NaN). */
    private static double[] positions(BodyStore b) {
        double[] p = new double[3 * b.slotLimit()];
        Arrays.fill(p, Double.NaN);
        for (int s = 0; s < b.slotLimit(); s++) {
            if (b.isLive(s)) {
                p[3 * s] = b.px[s];
                p[3 * s + 1] = b.py[s];
                p[3 * s + 2] = b.pz[s];
            }
        }
        return p;
    }
}
