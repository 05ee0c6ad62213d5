package dev.rubble.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code rubble run --events FILE.jsonl} and the scenario's events section (docs/events.md): the
 * lines, a journal that verifies with its events, and bad settings exiting 2 naming the field.
 */
final class RunEventsTest extends CliHarness {

    /** A ball dropped on a slab that breaks, with an events section. */
    private static String scenario(String events) {
        return """
                {"format": "rubble-scenario/1",
                 "bodies": [{"id": "ground", "shape": {"type": "box", "halfExtents": [20, 1, 20]}, "state": "static", "position": [0, -1, 0]},
                            {"id": "ball", "shape": {"type": "sphere", "radius": 0.3}, "mass": 50, "position": [0, 3, 0]}],
                 "collections": [{"id": "slab", "recipe": {"box": [1, 0.25, 1], "levels": [{"options": {"count": 10}}], "seed": 2},
                                  "position": [0, 0.25, 0], "destruction": {"damageOptions": {"thresholds": [50]}}}],
                 %s
                 "steps": 90}""".formatted(events);
    }

    @Test
    void eventsGoToJsonLinesAndIntoTheJournal(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("s.json");
        Files.writeString(f, scenario("""
                "events": {"hit": {"on": true, "minSpeed": 2}, "break": true, "trailing": true, "sleep": true,
                           "bodies": {"ball": ["begin", "end"]}, "collections": {"slab": ["crumble"]}},"""));
        Path lines = dir.resolve("events.jsonl"), j = dir.resolve("j");
        assertThat(run("run", f.toString(), "--headless", "--events", lines.toString(), "--journal", j.toString()))
                .as(err.toString()).isZero();
        List<String> l = Files.readAllLines(lines);
        assertThat(l).anyMatch(s -> s.contains("\"kind\":\"hit\"") && s.contains("\"a\":\"1:0\""));
        assertThat(l).anyMatch(s -> s.contains("\"kind\":\"break\"") && s.contains("\"collection\":0"));
        assertThat(l).anyMatch(s -> s.contains("\"kind\":\"begin\""));
        assertThat(l).allMatch(s -> s.startsWith("{\"step\":") && s.endsWith("}"));
        // hits: the first one is the ball's landing at about sqrt(2 g 2.4) = 6.9 m/s
        String hit = l.stream().filter(s -> s.contains("\"kind\":\"hit\"")).findFirst().orElseThrow();
        double speed = Double.parseDouble(hit.replaceAll(".*\"speed\":([-0-9.E]+).*", "$1"));
        assertThat(speed).isBetween(6.0, 7.5);
        assertThat(err.toString()).contains("events " + lines + ": " + l.size() + " lines");
        assertThat(run("verify", j.toString())).as(err.toString()).isZero();
        // replay writes the recorded stream: the same lines as the live run
        Path replayed = dir.resolve("replayed.jsonl");
        assertThat(run("replay", j.toString(), "--headless", "--events", replayed.toString())).as(err.toString()).isZero();
        assertThat(Files.readAllLines(replayed)).containsExactlyElementsOf(l);
        assertThat(err.toString()).contains("events " + replayed + ": " + l.size() + " lines");
    }

    @Test
    void withoutAnEventsSectionEveryKindButMovedIsOn(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("s.json");
        Files.writeString(f, scenario(""));
        Path lines = dir.resolve("e.jsonl");
        assertThat(run("run", f.toString(), "--headless", "--steps", "60", "--events", lines.toString()))
                .as(err.toString()).isZero();
        List<String> l = Files.readAllLines(lines);
        assertThat(l).anyMatch(s -> s.contains("\"kind\":\"begin\""));
        assertThat(l).noneMatch(s -> s.contains("\"kind\":\"moved\""));
    }

    @Test
    void badEventSettingsExitTwoNamingTheField(@TempDir Path dir) throws Exception {
        String[][] cases = {
                {"\"events\": {\"bang\": true},", "$.events.bang", "unknown event kind"},
                {"\"events\": {\"hit\": {\"minSpeed\": -1}},", "$.events.hit.minSpeed", "-1"},
                {"\"events\": {\"hit\": {\"minMass\": \"NaN\"}},", "$.events.hit.minMass", "\"NaN\""},
                {"\"events\": {\"break\": {\"sort\": \"loudest\"}},", "$.events.break.sort", "loudest"},
                {"\"events\": {\"break\": {\"maxResults\": -4}},", "$.events.break.maxResults", "-4"},
                {"\"events\": {\"bodies\": {\"nobody\": [\"hit\"]}},", "$.events.bodies.nobody", "not the id of a body"},
                {"\"events\": {\"bodies\": {\"ball\": [\"boom\"]}},", "$.events.bodies.ball[0]", "'boom' is not an event kind"},
                {"\"events\": {\"collections\": {\"slab\": [\"hit\"]}},", "$.events.collections.slab", "collections do not produce"},
        };
        for (String[] c : cases) {
            Path f = dir.resolve("bad.json");
            Files.writeString(f, scenario(c[0]));
            assertThat(run("run", f.toString(), "--headless", "--steps", "1")).as(c[0] + ": " + err).isEqualTo(2);
            assertThat(err.toString()).as(c[0]).contains(c[1]).contains(c[2]);
        }
    }
}
