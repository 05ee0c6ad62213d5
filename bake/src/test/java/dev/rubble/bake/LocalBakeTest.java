package dev.rubble.bake;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.cache.journal.JournalReader;
import dev.rubble.cache.journal.StepRecord;
import dev.rubble.core.plugin.Stages;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

final class LocalBakeTest {
    @TempDir
    Path tmp;

    private static final LocalBake.Listener QUIET = new LocalBake.Listener() {
        @Override
        public void started(int total, int workers) {
        }

        @Override
        public void finished(VariantResult r, boolean reused) {
        }
    };

    private Sweep sweep24() {
        return SweepLoader.load(BakeFixtures.copy(tmp, "sweep24.json", "tiny-wall.json"));
    }

    @Test
    void oneAndTwoWorkersWriteByteIdenticalJournalsAndManifests() throws Exception {
        Sweep s = sweep24();
        LocalBake.Summary one = LocalBake.run(s, tmp.resolve("one"), 1, Stages::load, QUIET, () -> false);
        LocalBake.Summary two = LocalBake.run(s, tmp.resolve("two"), 2, Stages::load, QUIET, () -> false);
        assertThat(one.complete()).isTrue();
        assertThat(one.failed()).isZero();
        assertThat(one.ran()).isEqualTo(24);
        // the deterministic manifest is byte-identical, and so is every file of every variant
        assertThat(Files.readString(tmp.resolve("two/hashes.tsv"))).isEqualTo(Files.readString(tmp.resolve("one/hashes.tsv")));
        List<Path> files = BakeFixtures.files(tmp.resolve("one/variants"));
        assertThat(files).hasSize(24 * 3); // journal/metadata.cq4t, journal/19700101-00F.cq4, result.json
        assertThat(BakeFixtures.files(tmp.resolve("two/variants"))).isEqualTo(files);
        for (Path f : files) {
            if (!f.endsWith(LocalBake.RESULT)) { // result.json holds the wall time
                assertThat(Files.readAllBytes(tmp.resolve("two/variants").resolve(f)))
                        .as(f.toString()).isEqualTo(Files.readAllBytes(tmp.resolve("one/variants").resolve(f)));
            }
        }
        // the sweep really broke things, and more of them for the weak material
        long brick = 0, concrete = 0;
        for (VariantResult r : one.results()) {
            assertThat(r.journalSha()).hasSize(64);
            if (r.paramsJson().contains("brick")) {
                brick += r.releases();
            } else {
                concrete += r.releases();
            }
        }
        assertThat(brick).isGreaterThan(concrete).isGreaterThan(0);
        // a journal holds what the row says: its steps and final state hash, and no wall-clock reading
        VariantResult r0 = one.results().get(0);
        try (JournalReader jr = JournalReader.open(tmp.resolve("one/variants").resolve(r0.id()).resolve(BakeVariant.JOURNAL))) {
            assertThat(jr.header().createdMillis()).isZero();
            StepRecord rec = new StepRecord();
            long n = 0, last = 0;
            while (jr.next(rec)) {
                n++;
                last = rec.stateHash;
                assertThat(rec.wallNanos).isZero();
            }
            assertThat(n).isEqualTo(30);
            assertThat(String.format("%016x", last)).isEqualTo(r0.finalHash());
        }
        // the manifest has one row per variant in sweep order, with the parameters as columns
        List<String> csv = Files.readAllLines(tmp.resolve("one/manifest.csv"));
        assertThat(csv.get(0)).startsWith("index,id,status,seed,speed,material,steps,final_hash");
        assertThat(csv).hasSize(25);
        assertThat(csv.get(24)).startsWith("23," + s.variants().get(23).id() + ",ok,3,40,concrete,30,");
        assertThat(Manifest.read(tmp.resolve("one"))).extracting(VariantResult::id)
                .containsExactlyElementsOf(s.variants().stream().map(Variant::id).toList());
    }

    @Test
    void aBakeStartsNoMoreWorkersThanItHasVariants() {
        // 64 workers asked for 24 variants: the bake says (and starts) 24, as many as can have work
        Sweep s = sweep24();
        AtomicInteger reported = new AtomicInteger();
        LocalBake.Listener listener = new LocalBake.Listener() {
            @Override
            public void started(int total, int workers) {
                reported.set(workers);
            }

            @Override
            public void finished(VariantResult r, boolean reused) {
            }
        };
        LocalBake.run(s, tmp.resolve("few"), 64, Stages::load, listener, () -> true); // cancelled: no variant runs
        assertThat(reported.get()).isEqualTo(s.variants().size()).isEqualTo(24);
        LocalBake.run(s, tmp.resolve("fewer"), 3, Stages::load, listener, () -> true);
        assertThat(reported.get()).isEqualTo(3);
    }

    @Test
    void anInterruptedBakeResumesKeepingOnlyVerifiedVariants() throws Exception {
        Sweep s = sweep24();
        LocalBake.run(s, tmp.resolve("ref"), 2, Stages::load, QUIET, () -> false);
        // interrupted after 10 variants: no manifest yet
        AtomicInteger done = new AtomicInteger();
        LocalBake.Listener counting = new LocalBake.Listener() {
            @Override
            public void started(int total, int workers) {
            }

            @Override
            public void finished(VariantResult r, boolean reused) {
                done.incrementAndGet();
            }
        };
        Path out = tmp.resolve("out");
        LocalBake.Summary cut = LocalBake.run(s, out, 1, Stages::load, counting, () -> done.get() >= 10);
        assertThat(cut.complete()).isFalse();
        assertThat(out.resolve(Manifest.JSONL)).doesNotExist();
        assertThat(cut.ran()).isEqualTo(10);
        // damage three of the ten: a lost result row, a changed journal byte, a half-written variant
        Path v = out.resolve(LocalBake.VARIANTS);
        Files.delete(v.resolve(s.variants().get(0).id()).resolve(LocalBake.RESULT));
        Path cq4 = v.resolve(s.variants().get(1).id()).resolve("journal/19700101-00F.cq4");
        byte[] b = Files.readAllBytes(cq4);
        int at = new String(b, StandardCharsets.ISO_8859_1).indexOf("tiny wall");
        assertThat(at).isPositive();
        b[at] ^= 1;
        Files.write(cq4, b);
        Path partial = v.resolve(s.variants().get(12).id()).resolve("journal");
        Files.createDirectories(partial);
        Files.writeString(partial.resolve("metadata.cq4t"), "cut off");
        // resume: 8 kept, 16 run (the 2 damaged and the 14 never finished), the same manifest
        LocalBake.Summary resumed = LocalBake.run(s, out, 2, Stages::load, QUIET, () -> false);
        assertThat(resumed.complete()).isTrue();
        assertThat(resumed.reused()).isEqualTo(8);
        assertThat(resumed.ran()).isEqualTo(16);
        assertThat(Files.readString(out.resolve(Manifest.HASHES))).isEqualTo(Files.readString(tmp.resolve("ref").resolve(Manifest.HASHES)));
        // and a third run has nothing left to do
        LocalBake.Summary again = LocalBake.run(s, out, 2, Stages::load, QUIET, () -> false);
        assertThat(again.reused()).isEqualTo(24);
        assertThat(again.ran()).isZero();
    }

    @Test
    void aFailingVariantIsRecordedAndTheRestComplete() throws Exception {
        Sweep s = SweepLoader.load(BakeFixtures.copy(tmp, "failing.json"));
        assertThat(s.variants()).hasSize(6);
        LocalBake.Summary sum = LocalBake.run(s, tmp.resolve("out"), 2, Stages::load, QUIET, () -> false);
        assertThat(sum.complete()).isTrue();
        assertThat(sum.failed()).isEqualTo(3);
        for (VariantResult r : sum.results()) {
            if (r.paramsJson().contains("dynamic")) {
                // the kinematic target at step 5 cannot move a dynamic body: five steps ran, then it failed
                assertThat(r.status()).isEqualTo(VariantResult.FAILED);
                assertThat(r.steps()).isEqualTo(5);
                assertThat(r.error()).contains("$.commands[0]").contains("dynamic");
                assertThat(r.finalHash()).isEmpty();
            } else {
                assertThat(r.status()).isEqualTo(VariantResult.OK);
                assertThat(r.steps()).isEqualTo(20);
                assertThat(r.error()).isEmpty();
            }
        }
        List<VariantResult> rows = Manifest.read(tmp.resolve("out"));
        assertThat(rows).hasSize(6);
        assertThat(Files.readString(tmp.resolve("out/manifest.csv"))).contains(",failed,");
        assertThat(BakeReport.summary(tmp.resolve("out"), rows)).contains("3 ok, 3 failed").contains("failed: variant 3 (");
        // a failed variant is run again on resume (it fails the same way); the good ones are kept
        LocalBake.Summary again = LocalBake.run(s, tmp.resolve("out"), 1, Stages::load, QUIET, () -> false);
        assertThat(again.reused()).isEqualTo(3);
        assertThat(again.failed()).isEqualTo(3);
    }

    @Test
    void aVariantWhoseStateTurnsNonFiniteIsRecordedAsFailedAndTheRestComplete() throws Exception {
        // half the variants select a (test-only) narrowphase plugin that reports NaN contacts: the
        // step's guard disables the box in the first step it touches the ground, and the bake must
        // say so in the variant's row instead of writing a final hash of a broken world
        Sweep s = SweepLoader.load(BakeFixtures.copy(tmp, "nonfinite.json"));
        assertThat(s.variants()).hasSize(6);
        LocalBake.Summary sum = LocalBake.run(s, tmp.resolve("out"), 2, Stages::load, QUIET, () -> false);
        assertThat(sum.complete()).isTrue();
        assertThat(sum.failed()).isEqualTo(3);
        for (VariantResult r : sum.results()) {
            if (r.paramsJson().contains(dev.rubble.bake.nan.NanNarrowphasePlugin.NAME)) {
                assertThat(r.status()).isEqualTo(VariantResult.FAILED);
                assertThat(r.error()).startsWith("non-finite state: 1 body became NaN or infinite in step ");
                assertThat(r.steps()).isLessThan(20); // stopped in the step it happened
                assertThat(r.finalHash()).isEmpty();
            } else {
                assertThat(r.status()).isEqualTo(VariantResult.OK);
                assertThat(r.steps()).isEqualTo(20);
            }
        }
        // the failed variants kept their journal up to the failure, for inspection
        for (VariantResult r : sum.results()) {
            assertThat(tmp.resolve("out").resolve(LocalBake.VARIANTS).resolve(r.id()).resolve(BakeVariant.JOURNAL)).isDirectory();
        }
        assertThat(Files.readString(tmp.resolve("out/manifest.csv"))).contains("non-finite state");
    }

    @Test
    void aSheetPerVariantShowsTheRunAndIsKeptOnResume() throws Exception {
        Path f = BakeFixtures.copy(tmp, "sweep24.json", "tiny-wall.json");
        Files.writeString(f, Files.readString(f).replace("\"steps\": 30,", "\"steps\": 30, \"sample\": {\"count\": 2, \"seed\": 1},"
                + " \"outputs\": {\"sheet\": true},"));
        Sweep s = SweepLoader.load(f);
        assertThat(s.outputs().sheet()).isTrue();
        LocalBake.Summary sum = LocalBake.run(s, tmp.resolve("out"), 1, Stages::load, QUIET, () -> false);
        assertThat(sum.failed()).isZero();
        for (VariantResult r : sum.results()) {
            Path sheet = tmp.resolve("out").resolve(LocalBake.VARIANTS).resolve(r.id()).resolve(BakeVariant.SHEET);
            assertThat(r.sheetSha()).isEqualTo(BakeVariant.sha256(sheet));
            java.awt.image.BufferedImage img = javax.imageio.ImageIO.read(sheet.toFile());
            // 16 frames tiled 4 x 4
            assertThat(img.getWidth()).isEqualTo(4 * BakeVariant.SHEET_TILE_W);
            assertThat(img.getHeight()).isEqualTo(4 * BakeVariant.SHEET_TILE_H);
            // the projectile moved between the first frame (step 0) and the last (step 30)
            int differ = 0;
            for (int y = 0; y < BakeVariant.SHEET_TILE_H; y++) {
                for (int x = 0; x < BakeVariant.SHEET_TILE_W; x++) {
                    differ += img.getRGB(x, y) != img.getRGB(3 * BakeVariant.SHEET_TILE_W + x, 3 * BakeVariant.SHEET_TILE_H + y) ? 1 : 0;
                }
            }
            assertThat(differ).isGreaterThan(50);
        }
        assertThat(Files.readString(tmp.resolve("out").resolve(Manifest.CSV))).startsWith("index,id,status")
                .contains(sum.results().get(0).sheetSha());
        // resume keeps variants whose sheet still hashes as recorded, and reruns one whose sheet was lost
        Files.delete(tmp.resolve("out").resolve(LocalBake.VARIANTS).resolve(sum.results().get(1).id()).resolve(BakeVariant.SHEET));
        LocalBake.Summary again = LocalBake.run(s, tmp.resolve("out"), 1, Stages::load, QUIET, () -> false);
        assertThat(again.reused()).isEqualTo(1);
        assertThat(again.ran()).isEqualTo(1);
        assertThat(again.results().get(1).sheetSha()).isEqualTo(sum.results().get(1).sheetSha()); // drawn the same again
    }

    @Test
    void theFinalStateSnapshotIsWrittenAndHashed() throws Exception {
        Path f = BakeFixtures.copy(tmp, "sweep24.json", "tiny-wall.json");
        Files.writeString(f, Files.readString(f).replace("\"steps\": 30,", "\"steps\": 10, \"sample\": {\"count\": 2, \"seed\": 1},"
                + " \"outputs\": {\"journal\": false, \"state\": true},"));
        Sweep s = SweepLoader.load(f);
        LocalBake.Summary sum = LocalBake.run(s, tmp.resolve("out"), 1, Stages::load, QUIET, () -> false);
        for (VariantResult r : sum.results()) {
            Path dir = tmp.resolve("out/variants").resolve(r.id());
            assertThat(dir.resolve(BakeVariant.JOURNAL)).doesNotExist();
            assertThat(r.journalSha()).isEmpty();
            assertThat(r.stateSha()).isEqualTo(BakeVariant.sha256(dir.resolve(BakeVariant.STATE)));
            var snap = dev.rubble.core.snapshot.WorldSnapshot.read(dir.resolve(BakeVariant.STATE));
            assertThat(snap.stepIndex()).isEqualTo(10);
        }
    }
}
