package dev.rubble.cache.verify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.cache.journal.DestructionScenes;
import dev.rubble.cache.journal.JournalCopy;
import dev.rubble.cache.journal.JournalReader;
import dev.rubble.cache.journal.JournalWriter;
import dev.rubble.cache.journal.StepRecord;
import dev.rubble.core.destruction.BreakEvents;
import dev.rubble.core.plugin.Stages;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 14: destruction in the journal — events, destruction hash, embedded collections, verify's report. */
final class DestructionJournalTest {
    private static final Stages STAGES = Stages.load();

    /** What a break listener saw live: step, kind, node, body, then the 13 motion doubles and mass. */
    private static List<double[]> record(Path dir, String json, int steps) {
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(json), STAGES);
        List<double[]> seen = new ArrayList<>();
        sw.world().addBreakListener(ev -> {
            for (int i = 0; i < ev.count(); i++) {
                double[] e = new double[18];
                e[0] = ev.step();
                e[1] = ev.kind[i];
                e[2] = ev.node[i];
                e[3] = ev.body[i];
                System.arraycopy(ev.motion, 13 * i, e, 4, 13);
                e[17] = ev.mass[i];
                seen.add(e);
            }
        });
        try (JournalWriter jw = JournalWriter.create(dir, sw, "slabs", json)) {
            sw.world().addObserver(jw);
            sw.run(steps);
        }
        return seen;
    }

    @Test
    void breaksAreJournalledAsTheyHappenedAndVerifyBitForBit(@TempDir Path dir) {
        List<double[]> seen = record(dir, DestructionScenes.slabs(3), 150);
        assertThat(seen).as("the scene breaks: the strain command at step 5 and the landings").hasSizeGreaterThan(10);
        assertThat(seen.get(0)[0]).isEqualTo(5); // the external strain breaks node 3 in the step it is applied
        assertThat(seen.get(0)[2]).isEqualTo(3);
        List<double[]> journalled = new ArrayList<>();
        try (JournalReader r = JournalReader.open(dir)) {
            assertThat(r.collectionImages()).hasSize(3);
            StepRecord rec = new StepRecord();
            while (r.next(rec)) {
                assertThat(rec.hasDestruction).isTrue();
                for (int i = 0; i < rec.eventCount; i++) {
                    double[] e = new double[18];
                    e[0] = rec.step;
                    e[1] = rec.eventKind[i];
                    e[2] = rec.eventNode[i];
                    e[3] = rec.eventBody[i];
                    System.arraycopy(rec.eventMotion, i * StepRecord.FIELDS, e, 4, 13);
                    e[17] = rec.eventMass[i];
                    journalled.add(e);
                    if (rec.eventKind[i] == BreakEvents.CLUSTER) {
                        assertThat(rec.eventMemberStart[i + 1] - rec.eventMemberStart[i]).isGreaterThan(1);
                    }
                }
            }
        }
        assertThat(journalled).hasSameSizeAs(seen);
        for (int i = 0; i < seen.size(); i++) {
            assertThat(journalled.get(i)).as("event %d", i).containsExactly(seen.get(i));
        }
        VerifyResult v = Verifier.verify(dir, STAGES);
        assertThat(v.divergence()).as(v.ok() ? "" : v.divergence().describe()).isNull();
        assertThat(v.stepsChecked()).isEqualTo(150);
    }

    @Test
    void aCollectionFromAFileVerifiesAfterTheFileIsGone(@TempDir Path dir) throws Exception {
        Path first = dir.resolve("first");
        record(first, DestructionScenes.slabs(1), 1);
        Path rbc = dir.resolve("slab.rbc");
        try (JournalReader r = JournalReader.open(first)) {
            Files.write(rbc, r.collectionImages().get(0));
        }
        String json = DestructionScenes.slabs(1).replace("\"recipe\":{\"box\":[1,0.25,1],\"levels\":[{\"method\":\"voronoi\","
                + "\"options\":{\"count\":12}}],\"seed\":3}", "\"file\":\"" + rbc.toString().replace("\\", "\\\\") + "\"");
        assertThat(json).contains("\"file\"").doesNotContain("recipe");
        Path j = dir.resolve("j");
        List<double[]> seen = record(j, json, 80);
        assertThat(seen).isNotEmpty();
        Files.delete(rbc);
        VerifyResult v = Verifier.verify(j, STAGES);
        assertThat(v.divergence()).as(v.ok() ? "" : v.divergence().describe()).isNull();
        assertThat(v.stepsChecked()).isEqualTo(80);
    }

    @Test
    void anAlteredStrainCommandIsReportedAtItsStepAsTheBreakThatDidNotHappen(@TempDir Path dir) {
        Path orig = dir.resolve("orig"), copy = dir.resolve("copy");
        record(orig, DestructionScenes.slabs(2), 30);
        JournalCopy.copy(orig, copy, (i, doc) -> {
            if (JournalCopy.stepOf(doc) != 5) {
                return false;
            }
            int at = JournalCopy.indexOf(doc, DestructionScenes.STRAIN); // the command (the event's load comes later)
            assertThat(at).isPositive();
            assertThat(doc[at - 9]).isEqualTo((byte) 7); // the ExternalStrain tag, then collection and node ints
            JournalCopy.putDouble(doc, at, 10.0); // far below the 400 threshold: nothing breaks
            return true;
        });
        VerifyResult v = Verifier.verify(copy, STAGES);
        assertThat(v.ok()).isFalse();
        Divergence d = v.divergence();
        assertThat(d.step()).isEqualTo(5);
        assertThat(d.subject()).startsWith("event 0 (break, collection 0, node 3)");
        assertThat(d.field()).isEqualTo("count");
        assertThat(d.resimulated()).isEqualTo("0");
        assertThat(d.describe()).startsWith("diverged at step 5: event 0 (break, collection 0, node 3) field count");
    }

    @Test
    void anAlteredPiecePoseIsReportedAtItsStepEventAndField(@TempDir Path dir) {
        Path orig = dir.resolve("orig"), copy = dir.resolve("copy");
        record(orig, DestructionScenes.slabs(2), 30);
        double[] py = new double[1];
        try (JournalReader r = JournalReader.open(orig)) {
            StepRecord rec = new StepRecord();
            while (r.next(rec)) {
                if (rec.step == 5) {
                    py[0] = rec.eventMotion[1];
                }
            }
        }
        JournalCopy.copy(orig, copy, (i, doc) -> {
            if (JournalCopy.stepOf(doc) != 5) {
                return false;
            }
            // the events follow the moved bodies: the last copy of the value is event 0's position.y
            int at = JournalCopy.lastIndexOf(doc, py[0]);
            assertThat(at).isPositive();
            JournalCopy.putDouble(doc, at, Math.nextUp(py[0]));
            return true;
        });
        VerifyResult v = Verifier.verify(copy, STAGES);
        assertThat(v.ok()).isFalse();
        Divergence d = v.divergence();
        assertThat(d.step()).isEqualTo(5);
        assertThat(d.subject()).isEqualTo("event 0 (break, collection 0, node 3)");
        assertThat(d.field()).isEqualTo("position.y");
        assertThat(d.recorded()).isEqualTo(Double.toString(Math.nextUp(py[0])));
        assertThat(d.resimulated()).isEqualTo(Double.toString(py[0]));
    }
}
