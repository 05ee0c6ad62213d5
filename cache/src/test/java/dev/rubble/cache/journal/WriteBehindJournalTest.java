package dev.rubble.cache.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.cache.verify.Verifier;
import dev.rubble.cache.verify.VerifyResult;
import dev.rubble.core.plugin.Stages;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 27 item 6: a write-behind journal (the queue created and every document appended by a
 * writer thread, {@link JournalSink}) writes exactly the bytes a synchronous one does, loses
 * nothing on close, blocks the stepper rather than dropping a step when the writer lags, and
 * reports the writer's failure at the next step or at close.
 */
final class WriteBehindJournalTest {
    private static final Stages STAGES = Stages.load();

    /**
     * SHA-256 of the cycle file of {@link #slabs}' reproducible journal as the synchronous writer of
     * journal format 5 wrote it before the writer thread existed (commit 7e40502, computed with that
     * build's classes): 120 steps, three slabs breaking, event documents and 3 keyframes, 870 050
     * payload bytes; recomputed with the synchronous writer after issue 27's GJK warm start moved the
     * slabs' pieces by rounding (869 737 bytes), the writer unchanged; recomputed with the synchronous
     * writer for format 6 (the version field, and the state and destruction hashes, now StateHash version 2; same size,
     * same layout), the writer unchanged; recomputed with the synchronous writer after issue 27's warm start of
     * compound child pairs moved the slabs' chunks by rounding (865 647 bytes), the writer unchanged; and after
     * restore breaking momentum gave back friction's share too (2026-12-05: the slabs break differently,
     * 866 928 bytes), the writer unchanged; and after the gyroscopic term's last half stopped being
     * overwritten for bodies with manifolds (2026-12-05: the slabs' tumbling pieces keep their angular
     * momentum and the pair of halves adds no energy, 868 375 bytes), the writer unchanged; and after fast
     * face contacts of boxes and hulls got a manifold of the incident shape's far vertices (2026-12-06: the
     * slabs' flying pieces have such pairs, 868 756 bytes), the writer unchanged; and with those and a hull's
     * contact face holding its deepest vertex together (2026-12-06: the slabs' fast hull pairs take another face,
     * 868 778 bytes), the writer unchanged; and after impacts on a face converged their normal rows (2026-12-06:
     * the slabs' pieces land and the slabs break differently, 856 800 bytes; with friction swept after them, 875 303
     * bytes), the writer unchanged; and after a compound's internal edges were made smooth (2026-12-06: pieces that
     * touch a slab's seams take its face contact, 875 266 bytes), the writer unchanged; and after both sides' seams
     * were smoothed when a chunk meets a chunk (2026-12-06, edges2: the slabs' broken clusters touch each other,
     * 875 354 bytes), the writer unchanged; and after sliding friction was made opposite the slip (2026-12-06,
     * twenty-eighth session: the slabs' pieces slide differently, 877 771 bytes), the writer unchanged; and after a
     * hull's sunk corners off its support face joined its face contact and light pieces under heavy ones got an extra
     * pass (2026-12-07, rock34) and the relax pass's friction took its cone from the relaxed normal impulse (2026-12-07,
     * peers34): the slabs' pieces rest, slide and break differently, 854 879 bytes; the writer unchanged; and after
     * gravity's fall within the step went into every body's bounds and the fast-turn sweep's put-back took its
     * velocities back with it (2026-12-07, fuzz15e: pieces falling onto others within a step's fall meet them in that
     * step, 850 157 bytes), the writer unchanged; and after a heavy body striking a light one that the ground holds
     * was stopped by it as by the ground (2026-12-07, mesh16: falling slabs and pieces strike light pieces lying on
     * the ground, 857 989 bytes), the writer unchanged; and after the thirty-seventh session's solve in halves (a step
     * with no level to colour), turning bodies' rows refreshed at one sub-step and single-hull pieces swept for fast
     * turns (864 016 bytes), the writer unchanged; and after light pieces held up in layers stop a body at least four
     * times heavier falling on them (2026-12-07, landing4: pieces resting on pieces on the ground, 875 704 bytes), the
     * writer unchanged.
     */
    static final String FORMAT5_SLABS_SHA256 = "ca3f3f42153104131adcdb92a1878c1fdd438d0608d76e495ca15c82e660b9d0";

    private static long slabs(Path dir, int depth) {
        String json = DestructionScenes.slabs(3);
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(json), STAGES);
        JournalWriter jw = JournalWriter.createReproducible(dir, sw, "slabs", json, depth).keyframes(40, 64L << 20);
        try (jw) {
            sw.world().addObserver(jw);
            sw.run(120);
            assertThat(jw.keyframes()).isEqualTo(3);
        }
        return jw.bytes(); // after close: a write-behind journal's writer thread has encoded every step's moved bodies
    }

    private static String sha256(Path dir) throws Exception {
        List<Path> files = JournalReader.cycleFiles(dir);
        assertThat(files).hasSize(1);
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(files.get(0))));
    }

    @Test
    void writtenBehindOrAtOnceTheFilesAreTheBytesTheFormatFiveWriterWrote(@TempDir Path tmp) throws Exception {
        long atOnce = slabs(tmp.resolve("sync"), 0);
        long behind = slabs(tmp.resolve("behind"), JournalWriter.WRITE_BEHIND_DEPTH);
        long tight = slabs(tmp.resolve("tight"), 2); // the smallest ring: the stepper waits often
        assertThat(atOnce).isEqualTo(875_704L + 28); // and the closing document (kind, steps, last step, end, checksum)
        assertThat(behind).isEqualTo(atOnce);
        assertThat(tight).isEqualTo(atOnce);
        assertThat(sha256(tmp.resolve("sync"))).isEqualTo(FORMAT5_SLABS_SHA256);
        assertThat(sha256(tmp.resolve("behind"))).isEqualTo(FORMAT5_SLABS_SHA256);
        assertThat(sha256(tmp.resolve("tight"))).isEqualTo(FORMAT5_SLABS_SHA256);
        VerifyResult v = Verifier.verify(tmp.resolve("behind"), STAGES);
        assertThat(v.ok()).as("%s", v.divergence()).isTrue();
        assertThat(v.stepsChecked()).isEqualTo(120);
    }

    @Test
    void theContentHashKeptWhileWritingIsTheHashOfTheJournalReadBack(@TempDir Path tmp) {
        // a bake names each journal by JournalDigest's hash; since the fourth session it keeps it while
        // writing instead of opening the queue again: header, collection images, steps, events, keyframes, close
        for (int depth : new int[] {0, JournalWriter.WRITE_BEHIND_DEPTH}) {
            Path dir = tmp.resolve("d" + depth);
            String json = DestructionScenes.slabs(3);
            ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(json), STAGES);
            JournalWriter jw = JournalWriter.createReproducible(dir, sw, "slabs", json, depth).keyframes(40, 64L << 20);
            sw.world().addObserver(jw);
            sw.run(60);
            assertThatThrownBy(jw::contentDigest).isInstanceOf(IllegalStateException.class).hasMessageContaining("still open");
            jw.close();
            JournalDigest.Digest read = JournalDigest.of(dir);
            assertThat(read.documents()).isGreaterThan(60);
            assertThat(jw.contentDigest()).as("depth %d", depth).isEqualTo(read.sha256());
            assertThat(jw.contentDigest()).as("asked twice").isEqualTo(read.sha256());
        }
        // an ordinary journal (wall-clock fields) keeps none
        String json = DestructionScenes.slabs(1);
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(json), STAGES);
        JournalWriter plain = JournalWriter.create(tmp.resolve("plain"), sw, "slabs", json);
        sw.world().addObserver(plain);
        sw.run(2);
        plain.close();
        assertThatThrownBy(plain::contentDigest).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("only reproducible journals");
    }

    @Test
    void closeWritesEveryStepOfAWriteBehindRecordingOfTheCommandLine(@TempDir Path tmp) {
        // the form rubble run/demo/console use: ordinary clock, collections embedded
        String json = Scenarios.pile(60);
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(json), STAGES);
        Path dir = tmp.resolve("j");
        long steps;
        try (JournalWriter jw = JournalWriter.createWriteBehind(dir, sw, "pile", json)) {
            sw.world().addObserver(jw);
            sw.run(90);
            steps = jw.steps();
        }
        assertThat(steps).isEqualTo(90);
        long last = -1, read = 0;
        try (JournalReader r = JournalReader.open(dir)) {
            StepRecord rec = new StepRecord();
            while (r.next(rec)) {
                assertThat(rec.step).isEqualTo(last + 1);
                last = rec.step;
                read++;
            }
            assertThat(r.closedCleanly()).isTrue();
        }
        assertThat(read).isEqualTo(90);
        VerifyResult v = Verifier.verify(dir, STAGES);
        assertThat(v.ok()).as("%s", v.divergence()).isTrue();
        assertThat(v.stepsChecked()).isEqualTo(90);
    }

    @Test
    void aBadJournalDirectoryIsStillRefusedAtOnce(@TempDir Path tmp) throws Exception {
        Path file = tmp.resolve("f");
        Files.writeString(file, "x");
        String json = Scenarios.pile(4);
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(json), STAGES);
        assertThatThrownBy(() -> JournalWriter.createWriteBehind(file, sw, "pile", json))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("is a file");
    }

    /** A target that records the documents it gets and fails on the n-th (0-based) when told to. */
    private static final class Recording implements JournalSink.Target {
        final List<String> docs = new ArrayList<>();
        final int failAt;
        final boolean failOpen;
        final CountDownLatch gate;
        volatile boolean closed;

        Recording(int failAt, boolean failOpen, CountDownLatch gate) {
            this.failAt = failAt;
            this.failOpen = failOpen;
            this.gate = gate;
        }

        @Override
        public void open() {
            if (failOpen) {
                throw new IllegalStateException("no room on the disk");
            }
        }

        @Override
        public void write(byte[] buf, int from, int to) {
            if (gate != null) {
                try {
                    gate.await();
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            }
            if (docs.size() == failAt) {
                throw new IllegalStateException("disk full at document " + failAt);
            }
            synchronized (docs) {
                docs.add(new String(buf, from, to - from, StandardCharsets.US_ASCII));
            }
        }

        @Override
        public void close() {
            closed = true;
        }
    }

    private static JournalSink.Batch fill(JournalSink.Batch b, String... docs) {
        for (String d : docs) {
            byte[] x = d.getBytes(StandardCharsets.US_ASCII);
            b.ensure(x.length);
            System.arraycopy(x, 0, b.buf, b.len, x.length);
            b.len += x.length;
            b.endDoc();
        }
        return b;
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aLaggingWriterMakesTheStepperWaitAndDropsNothing() throws Exception {
        CountDownLatch gate = new CountDownLatch(1);
        Recording t = new Recording(-1, false, gate);
        JournalSink sink = JournalSink.writeBehind(t, "test", 2, 16);
        sink.awaitOpen(); // the queue is open: the ring no longer grows, the stepper waits for the writer
        JournalSink.Batch[] cur = {new JournalSink.Batch(16)};
        Thread stepper = new Thread(() -> {
            for (int s = 0; s < 6; s++) {
                cur[0] = sink.submit(fill(cur[0], "e" + s, "s" + s));
            }
        });
        stepper.start();
        // the writer is held at its first document: with two batches the stepper cannot get past its third step
        while (stepper.getState() != Thread.State.WAITING) {
            assertThat(stepper.isAlive()).isTrue();
            Thread.sleep(5);
        }
        assertThat(t.docs).isEmpty();
        gate.countDown();
        stepper.join();
        sink.close(fill(cur[0], "close"));
        assertThat(t.docs).containsExactly("e0", "s0", "e1", "s1", "e2", "s2", "e3", "s3", "e4", "s4", "e5", "s5", "close");
        assertThat(t.closed).isTrue();
    }

    /** A target whose queue takes until {@code opening} is counted down to create, as Chronicle's first use can. */
    private static final class SlowToOpen implements JournalSink.Target {
        final Recording docs = new Recording(-1, false, null);
        final CountDownLatch opening = new CountDownLatch(1);
        volatile int bigDocs; // documents over 64 bytes are counted, not kept

        @Override
        public void open() {
            try {
                opening.await();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }

        @Override
        public void write(byte[] buf, int from, int to) {
            if (to - from > 64) {
                bigDocs++;
            } else {
                docs.write(buf, from, to);
            }
        }

        @Override
        public void close() {
            docs.close();
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void whileTheQueueIsBeingCreatedTheStepperGoesOnAndThenTheRingIsBackToItsDepth() throws Exception {
        SlowToOpen t = new SlowToOpen();
        JournalSink sink = JournalSink.writeBehind(t, "test", 4, 16);
        JournalSink.Batch b = new JournalSink.Batch(16);
        List<String> expected = new ArrayList<>();
        for (int s = 0; s < 40; s++) { // ten times the ring: none of these steps waits for the queue
            b = sink.submit(fill(b, "s" + s));
            expected.add("s" + s);
        }
        assertThat(sink.waits()).isZero();
        assertThat(sink.caughtUp()).isFalse();
        assertThat(t.docs.docs).isEmpty();
        t.opening.countDown();
        sink.awaitOpen();
        while (!sink.caughtUp()) { // the writer writes what waited and drops the batches made for it
            Thread.sleep(1);
        }
        assertThat(sink.extraBatches()).isZero();
        for (int s = 40; s < 50; s++) {
            b = sink.submit(fill(b, "s" + s));
            expected.add("s" + s);
        }
        assertThat(sink.extraBatches()).as("once the writer has caught up the ring grows no more").isZero();
        sink.close(fill(b, "close"));
        expected.add("close");
        assertThat(t.docs.docs).containsExactlyElementsOf(expected);
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void theStepsWaitingForTheQueueToBeCreatedAreBounded() throws Exception {
        SlowToOpen t = new SlowToOpen();
        JournalSink sink = JournalSink.writeBehind(t, "test", 4, 16);
        int[] submitted = {0};
        byte[] mib = new byte[1 << 20];
        Thread stepper = new Thread(() -> {
            JournalSink.Batch b = new JournalSink.Batch(16);
            for (int s = 0; s < 100; s++) { // 100 steps of 1 MiB: more than the opening backlog holds
                b.ensure(mib.length);
                b.len = mib.length;
                b.endDoc();
                b = sink.submit(b);
                submitted[0]++;
            }
            sink.close(fill(b, "close"));
        });
        stepper.start();
        while (stepper.getState() != Thread.State.WAITING) {
            assertThat(stepper.isAlive()).isTrue();
            Thread.sleep(5);
        }
        // held at 32 MiB: the 33rd step found no room (each submit queues one step and takes the next batch)
        long bound = JournalSink.OPENING_BACKLOG_BYTES / mib.length;
        assertThat((long) submitted[0]).isBetween(bound - 1, bound);
        t.opening.countDown();
        stepper.join();
        assertThat(t.bigDocs).isEqualTo(100); // every step
        assertThat(t.docs.docs).containsExactly("close");
    }

    @Test
    void aWriterFailureIsThrownAtTheNextStepAndWhatCameBeforeStays() {
        Recording t = new Recording(3, false, null);
        JournalSink sink = JournalSink.writeBehind(t, "dir", 3, 16);
        JournalSink.Batch b = new JournalSink.Batch(16);
        b = sink.submit(fill(b, "a", "b"));
        b = sink.submit(fill(b, "c", "d")); // "d" fails on the writer thread
        JournalSink.Batch next = b;
        // the failure reaches the stepper at a following step (the writer may still be at "c" at the first of them)
        assertThatThrownBy(() -> {
            JournalSink.Batch x = next;
            for (int i = 0; i < 1000; i++) {
                x = sink.submit(fill(x, "e" + i));
                Thread.sleep(1);
            }
        }).isInstanceOf(IllegalStateException.class).hasMessageContaining("journal dir: writing failed")
                .hasRootCauseMessage("disk full at document 3");
        sink.close(fill(new JournalSink.Batch(16), "close")); // reported once: close does not throw it again
        assertThat(t.docs).containsExactly("a", "b", "c");
        assertThat(t.closed).isTrue();
    }

    @Test
    void aWriterFailureNotYetSeenIsThrownByClose() {
        Recording t = new Recording(-1, true, null); // creating the queue fails
        JournalSink sink = JournalSink.writeBehind(t, "dir", 2, 16);
        assertThatThrownBy(() -> sink.close(fill(new JournalSink.Batch(16), "close")))
                .isInstanceOf(IllegalStateException.class).hasRootCauseMessage("no room on the disk");
        assertThat(t.docs).isEmpty();
        assertThat(t.closed).isTrue();
    }

    @Test
    void theSynchronousSinkWritesEachBatchBeforeSubmitReturns() {
        Recording t = new Recording(-1, false, null);
        JournalSink sink = JournalSink.synchronous(t, "dir");
        JournalSink.Batch b = sink.submit(fill(new JournalSink.Batch(4), "one", "two"));
        assertThat(t.docs).containsExactly("one", "two");
        assertThat(b.len).isZero();
        sink.close(fill(b, "close"));
        assertThat(t.docs).containsExactly("one", "two", "close");
    }
}
