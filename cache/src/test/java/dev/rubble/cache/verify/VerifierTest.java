package dev.rubble.cache.verify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.cache.journal.JournalReader;
import dev.rubble.cache.journal.JournalWriter;
import dev.rubble.cache.journal.Scenarios;
import dev.rubble.cache.journal.StepRecord;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.command.Command;
import dev.rubble.core.world.World;
import dev.rubble.core.plugin.Stages;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;
import java.nio.file.Path;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.DocumentContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

final class VerifierTest {
    private static final Stages STAGES = Stages.load();

    static void recordPile(Path dir, int bodies, int steps) {
        String json = Scenarios.pile(bodies);
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(json), STAGES);
        try (JournalWriter jw = JournalWriter.create(dir, sw.world(), "pile", json)) {
            sw.world().addObserver(jw);
            sw.run(steps);
        }
    }

    @Test
    void aTenSecondPileVerifiesStepForStep(@TempDir Path dir) {
        recordPile(dir, 60, 600);
        VerifyResult r = Verifier.verify(dir, STAGES);
        assertThat(r.divergence()).isNull();
        assertThat(r.ok()).isTrue();
        assertThat(r.stepsChecked()).isEqualTo(600);
    }

    @Test
    void teleportsAreJournalledInputsAndVerifyStepForStep(@TempDir Path dir) {
        String json = Scenarios.pile(20);
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(json), STAGES);
        World w = sw.world();
        long b3 = w.findByLabel("b3");
        try (JournalWriter jw = JournalWriter.create(dir, w, "pile", json)) {
            w.addObserver(jw);
            sw.run(30);
            // 45° about y, lifted above the pile: the replay must re-apply it from the journal alone
            w.queue(new Command.SetPose(b3, 0.3, 6, 0.1, 0, 0.38268343236508984, 0, 0.9238795325112867));
            sw.run(60);
        }
        VerifyResult r = Verifier.verify(dir, STAGES);
        assertThat(r.divergence()).isNull();
        assertThat(r.ok()).isTrue();
        assertThat(r.stepsChecked()).isEqualTo(90);
    }

    @Test
    void aBodyNudgedOutsideTheInputsIsReportedAtItsStepBodyAndField(@TempDir Path dir) {
        String json = Scenarios.pile(20);
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(json), STAGES);
        World w = sw.world();
        long target = w.findByLabel("b7");
        // registered before the journal: the journal records the nudged pose, but no input explains it
        w.addObserver((world, p) -> {
            if (p.step() == 41) {
                BodyStore b = world.bodies();
                b.px[b.slot(target)] = Math.nextUp(b.px[b.slot(target)]);
            }
        });
        try (JournalWriter jw = JournalWriter.create(dir, w, "pile", json)) {
            w.addObserver(jw);
            sw.run(80);
        }
        Divergence d = Verifier.verify(dir, STAGES).divergence();
        assertThat(d).isNotNull();
        assertThat(d.step()).isEqualTo(41);
        assertThat(d.label()).isEqualTo("b7");
        assertThat(d.handle()).isEqualTo(BodyStore.handleString(target));
        assertThat(d.field()).isEqualTo("position.x");
        assertThat(Double.parseDouble(d.recorded())).isEqualTo(Math.nextUp(Double.parseDouble(d.resimulated())));
        assertThat(d.describe()).contains("step 41", "b7", "position.x");
    }

    @Test
    void aJournalWithOneAlteredByteReportsTheAlteredStep(@TempDir Path tmp) {
        Path orig = tmp.resolve("orig");
        Path altered = tmp.resolve("altered");
        recordPile(orig, 20, 90);
        // find the recorded orientation.x of the 5th moved body at step 63
        int alterStep = 63;
        int slot, stages;
        try (JournalReader r = JournalReader.open(orig)) {
            StepRecord rec = new StepRecord();
            do {
                assertThat(r.next(rec)).isTrue();
            } while (rec.step != alterStep);
            slot = rec.movedSlot[4];
            stages = r.stageCount();
        }
        // copy the queue document by document, flipping the lowest mantissa bit of that value
        int flipped = 0;
        try (ChronicleQueue in = SingleChronicleQueueBuilder.binary(orig).readOnly(true).build();
             ChronicleQueue out = SingleChronicleQueueBuilder.binary(altered).build();
             ExcerptTailer t = in.createTailer();
             ExcerptAppender a = out.createAppender()) {
            int doc = 0;
            while (true) {
                byte[] data;
                try (DocumentContext dc = t.readingDocument()) {
                    if (!dc.isPresent()) {
                        break;
                    }
                    Bytes<?> b = dc.wire().bytes();
                    data = new byte[(int) b.readRemaining()];
                    b.read(data);
                }
                if (doc == alterStep + 1) { // document 0 is the header
                    // format 5 stores what the previous record did not predict: flip the stored XOR's lowest bit
                    data = dev.rubble.cache.journal.MovedBlocks.flipLowestBit(data, stages, 4, 3);
                    flipped++;
                    // re-seal the document (format version 2 checksum), as a recorder that computed this
                    // value would have: without it the reader reports damage, not a divergence
                    java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
                    crc.update(data, 0, data.length - 4);
                    int c = (int) crc.getValue();
                    for (int k = 0; k < 4; k++) {
                        data[data.length - 4 + k] = (byte) (c >>> (8 * k));
                    }
                }
                try (DocumentContext dc = a.writingDocument()) {
                    dc.wire().bytes().write(data);
                }
                doc++;
            }
        }
        assertThat(flipped).isEqualTo(1);
        Divergence d = Verifier.verify(altered, STAGES).divergence();
        assertThat(d).isNotNull();
        assertThat(d.step()).isEqualTo(alterStep);
        assertThat(d.slot()).isEqualTo(slot);
        assertThat(d.field()).isEqualTo("orientation.x");
    }
}
