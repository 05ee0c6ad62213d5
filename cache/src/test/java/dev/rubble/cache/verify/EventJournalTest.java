package dev.rubble.cache.verify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.cache.journal.JournalReader;
import dev.rubble.cache.journal.JournalWriter;
import dev.rubble.cache.journal.Scenarios;
import dev.rubble.cache.journal.StepRecord;
import dev.rubble.core.event.EventBuffer;
import dev.rubble.core.event.EventKinds;
import dev.rubble.core.event.EventState;
import dev.rubble.core.event.EventText;
import dev.rubble.core.plugin.Stages;
import dev.rubble.core.world.World;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Events in journals (docs/events.md, docs/journal-format.md "Events document"): the stream read
 * back from a journal equals the live one line for line, verify re-simulates it, and an event
 * changed outside the inputs is named by kind, index, bodies and field.
 */
final class EventJournalTest {
    private static final Stages STAGES = Stages.load();

    private static String pileWithEvents(int bodies) {
        String json = Scenarios.pile(bodies).strip();
        return "{\"events\": {\"hit\": {\"on\": true, \"minSpeed\": 0.5}, \"begin\": true, \"end\": true,"
                + " \"sleep\": true, \"wake\": true, \"moved\": {\"on\": true, \"maxResults\": 4, \"sort\": \"speed\"}},"
                + json.substring(1);
    }

    private static List<String> lines(long step, EventState ev) {
        List<String> out = new ArrayList<>();
        for (int k = 0; k < EventKinds.COUNT; k++) {
            EventBuffer b = ev.buffer(k);
            for (int i = 0; i < b.count(); i++) {
                out.add(EventText.json(step, k, b, i));
            }
        }
        return out;
    }

    private static List<String> recorded(Path dir) {
        List<String> out = new ArrayList<>();
        try (JournalReader r = JournalReader.open(dir)) {
            StepRecord s = new StepRecord();
            while (r.next(s)) {
                for (int k = 0; k < EventKinds.COUNT; k++) {
                    EventBuffer b = s.stepEvents.buffer(k);
                    for (int i = 0; i < b.count(); i++) {
                        out.add(EventText.json(s.step, k, b, i));
                    }
                }
            }
        }
        return out;
    }

    @Test
    void theJournalledStreamEqualsTheLiveOneAndVerifies(@TempDir Path dir) {
        String json = pileWithEvents(40);
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(json), STAGES);
        World w = sw.world();
        List<String> live = new ArrayList<>();
        try (JournalWriter jw = JournalWriter.create(dir, w, "pile", json)) {
            w.addObserver(jw);
            w.addObserver((world, p) -> live.addAll(lines(p.step(), world.context().events)));
            sw.run(400);
        }
        assertThat(live).anyMatch(l -> l.contains("\"kind\":\"hit\""));
        assertThat(live).anyMatch(l -> l.contains("\"kind\":\"sleep\""));
        assertThat(live).anyMatch(l -> l.contains("\"kind\":\"begin\""));
        assertThat(recorded(dir)).containsExactlyElementsOf(live);
        VerifyResult r = Verifier.verify(dir, STAGES);
        assertThat(r.divergence()).isNull();
        assertThat(r.stepsChecked()).isEqualTo(400);
    }

    @Test
    void verifyNamesTheFirstDifferingEvent(@TempDir Path dir) {
        String json = pileWithEvents(20);
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(json), STAGES);
        World w = sw.world();
        long[] changed = {-1};
        // registered before the journal: the journal records the altered event, no input explains it
        w.addObserver((world, p) -> {
            EventBuffer hits = world.context().events.buffer(EventKinds.HIT);
            if (changed[0] < 0 && hits.count() > 0) {
                hits.d[EventBuffer.SPEED][0] = Math.nextUp(hits.d[EventBuffer.SPEED][0]);
                changed[0] = p.step();
            }
        });
        try (JournalWriter jw = JournalWriter.create(dir, w, "pile", json)) {
            w.addObserver(jw);
            sw.run(200);
        }
        assertThat(changed[0]).isNotNegative();
        Divergence d = Verifier.verify(dir, STAGES).divergence();
        assertThat(d).isNotNull();
        assertThat(d.step()).isEqualTo(changed[0]);
        assertThat(d.subject()).startsWith("event hit 0 (bodies ");
        assertThat(d.field()).isEqualTo("speed");
        assertThat(Double.parseDouble(d.recorded())).isEqualTo(Math.nextUp(Double.parseDouble(d.resimulated())));
        assertThat(d.describe()).contains("step " + changed[0], "event hit 0", "field speed");
    }
}
