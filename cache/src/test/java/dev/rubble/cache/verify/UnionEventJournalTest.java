package dev.rubble.cache.verify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.cache.journal.JournalReader;
import dev.rubble.cache.journal.JournalWriter;
import dev.rubble.cache.journal.StepRecord;
import dev.rubble.core.event.EventBuffer;
import dev.rubble.core.event.EventKinds;
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
 * The welded member a contact touched (docs/events.md, "Cluster unions") is journalled with its event
 * (docs/journal-format.md, "Events document": the members block): a welded bridge of two walls and a beam
 * drops 0.2 m onto the ground; its landing's begin and hit events name the union's body and, on its side,
 * the wall whose piece touched. The stream read back equals the live one line for line, the members with
 * it, and verify re-simulates it.
 */
final class UnionEventJournalTest {
    private static final Stages STAGES = Stages.load();
    private static final String SCENE = """
            {"format": "rubble-scenario/1", "name": "welded bridge lands",
             "events": {"begin": true, "hit": {"on": true, "minSpeed": 0.5}},
             "bodies": [{"id": "ground", "state": "static", "shape": {"type": "box", "halfExtents": [10, 0.5, 10]}, "position": [0, -0.5, 0]},
                        {"id": "beam", "shape": {"type": "box", "halfExtents": [0.9, 0.15, 1.65]}, "position": [0, 2.37, 0], "mass": 400}],
             "collections": [
               {"id": "wallA", "recipe": {"box": [1, 1, 0.15], "levels": [{"method": "voronoi", "options": {"count": 8}}], "seed": 1},
                "position": [0, 1.2, -1.5], "destruction": {"damageOptions": {"thresholds": [1e9]}}},
               {"id": "wallB", "recipe": {"box": [1, 1, 0.15], "levels": [{"method": "voronoi", "options": {"count": 8}}], "seed": 2},
                "position": [0, 1.2, 1.5], "destruction": {"damageOptions": {"thresholds": [1e9]}}}],
             "unions": [{"id": 0, "step": 0, "members": [{"collection": "wallA"}, {"body": "beam"}, {"collection": "wallB"}]}]}""";

    @Test
    void membersAreJournalledWithTheirEventsAndVerify(@TempDir Path dir) {
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(SCENE), STAGES);
        World w = sw.world();
        List<String> live = new ArrayList<>();
        List<String> members = new ArrayList<>();
        try (JournalWriter jw = JournalWriter.create(dir, w, "bridge", SCENE)) {
            w.addObserver(jw);
            w.addObserver((world, p) -> {
                for (int k = 0; k < EventKinds.COUNT; k++) {
                    EventBuffer b = world.context().events.buffer(k);
                    for (int i = 0; i < b.count(); i++) {
                        live.add(EventText.json(p.step(), k, b, i));
                        long m = Math.max(b.ids[EventBuffer.MEMBER_A][i], b.ids[EventBuffer.MEMBER_B][i]);
                        if (m >= 0) {
                            int g = world.destruction().nodeOfBody(m);
                            members.add(EventKinds.label(k) + " " + (g < 0 ? "?" : world.destruction().store().collection[g]));
                        }
                    }
                }
            });
            sw.run(40);
        }
        assertThat(members).as("landing events naming each wall (collection 0, 1)").contains("begin 0", "begin 1", "hit 0", "hit 1");
        assertThat(live).anyMatch(l -> l.contains("\"memberA\"") || l.contains("\"memberB\""));
        List<String> recorded = new ArrayList<>();
        try (JournalReader r = JournalReader.open(dir)) {
            StepRecord s = new StepRecord();
            while (r.next(s)) {
                for (int k = 0; k < EventKinds.COUNT; k++) {
                    EventBuffer b = s.stepEvents.buffer(k);
                    for (int i = 0; i < b.count(); i++) {
                        recorded.add(EventText.json(s.step, k, b, i));
                    }
                }
            }
        }
        assertThat(recorded).containsExactlyElementsOf(live);
        VerifyResult r = Verifier.verify(dir, STAGES);
        assertThat(r.divergence()).isNull();
        assertThat(r.stepsChecked()).isEqualTo(40);
    }
}
