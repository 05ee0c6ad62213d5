package dev.rubble.tui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.command.Command;
import dev.rubble.core.event.EventKinds;
import dev.rubble.core.event.EventRequest;
import dev.rubble.scenario.ScenarioWorld;
import dev.rubble.cache.journal.JournalWriter;
import dev.rubble.cache.playback.Playback;
import dev.rubble.scenario.ScenarioLoader;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The console's events section: absent while nothing is on; counts per kind and the last breaks once on. */
final class ConsoleEventsTest {

    @Test
    void theEventsSectionShowsCountsAndTheLastBreaksOnlyWhileEventsAreOn() {
        ScenarioWorld sw = ConsoleDestructionTest.wall();
        LiveSession s = new LiveSession(sw, null, Long.MAX_VALUE);
        ConsoleState st = new ConsoleState();
        st.stats.step(s);
        List<String> before = ConsoleRenderer.panelLines(s, st, ConsoleRenderer.PANEL_WIDTH, 60);
        assertThat(before).noneMatch(l -> l.startsWith("Events"));

        for (int k : new int[] {EventKinds.HIT, EventKinds.BREAK, EventKinds.CRUMBLE}) {
            sw.world().queue(new Command.SetEventRequest(k, EventRequest.defaults(k).withGlobal(true)));
        }
        sw.world().queue(new Command.Crumble(0, 0)); // every child of the root breaks off at once
        st.stats.step(s);
        ConsoleRenderer.panelLines(s, st, ConsoleRenderer.PANEL_WIDTH, 60); // attaches the panel
        st.stats.step(s);
        sw.world().queue(new Command.Crumble(0, 0));
        List<String> lines = ConsoleRenderer.panelLines(s, st, ConsoleRenderer.PANEL_WIDTH, 60);
        int at = lines.indexOf("Events (last step)");
        assertThat(at).as("%s", lines).isNotNegative();
        assertThat(lines.get(at + 1)).isEqualTo("hit " + sw.world().context().events.buffer(EventKinds.HIT).count()
                + "  break " + sw.world().context().events.buffer(EventKinds.BREAK).count() + "  crumble "
                + sw.world().context().events.buffer(EventKinds.CRUMBLE).count());
        for (String l : lines) {
            assertThat(l.length()).isLessThanOrEqualTo(ConsoleRenderer.PANEL_WIDTH);
        }
        // 80 x 24: the section is dropped whole before anything else is cut
        List<String> small = ConsoleRenderer.panelLines(s, st, ConsoleRenderer.PANEL_WIDTH, 20);
        assertThat(small.size()).isLessThanOrEqualTo(20);
    }

    @Test
    void breaksAreRememberedAcrossSteps() {
        ScenarioWorld sw = ConsoleDestructionTest.wall();
        LiveSession s = new LiveSession(sw, null, Long.MAX_VALUE);
        ConsoleState st = new ConsoleState();
        st.events.attach(sw.world());
        sw.world().queue(new Command.SetEventRequest(EventKinds.BREAK,
                EventRequest.defaults(EventKinds.BREAK).withGlobal(true)));
        sw.world().queue(new Command.Crumble(0, 0));
        st.stats.step(s);
        st.stats.step(s);
        List<String> lines = st.events.lines(sw.world(), ConsoleRenderer.PANEL_WIDTH);
        assertThat(lines).anyMatch(l -> l.matches("0 break c0 n\\d+ \\d+\\.\\d kg \\d+\\.\\d m/s"));
        assertThat(lines.stream().filter(l -> l.contains(" break c0 ")).count()).isBetween(1L, (long) EventsPanel.LAST);
    }

    @Test
    void aReplaysEventsSectionShowsTheRecordedStreamAsTheLiveRunShowedIt(@TempDir Path dir) {
        String json = ConsoleDestructionTest.WALL.replaceFirst("\\{", "{\"events\": {\"hit\": true, \"break\": true,"
                + " \"trailing\": true}, \"commands\": [{\"step\": 3, \"type\": \"crumble\", \"collection\": \"wall\"}],");
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(json), ConsoleRendererTest.STAGES);
        LiveSession live = new LiveSession(sw, null, Long.MAX_VALUE);
        ConsoleState liveSt = new ConsoleState();
        ConsoleRenderer.panelLines(live, liveSt, ConsoleRenderer.PANEL_WIDTH, 60); // attaches the section
        try (JournalWriter jw = JournalWriter.create(dir, sw, "wall", json)) {
            sw.world().addObserver(jw);
            sw.run(40);
        }
        List<String> liveLines = liveSt.events.lines(EventsPanel.source(live), ConsoleRenderer.PANEL_WIDTH);
        assertThat(liveLines).anyMatch(l -> l.matches("\\d+ break c0 n\\d+ .*"));
        try (Playback pb = Playback.open(dir, ConsoleRendererTest.STAGES)) {
            ReplaySession rs = new ReplaySession(pb, dir);
            ConsoleState st = new ConsoleState();
            List<String> before = ConsoleRenderer.panelLines(rs, st, ConsoleRenderer.PANEL_WIDTH, 60);
            assertThat(before).noneMatch(l -> l.startsWith("Events")); // nothing switched on before step 0 is played
            for (int i = 0; i < 40; i++) {
                rs.step();
            }
            List<String> lines = ConsoleRenderer.panelLines(rs, st, ConsoleRenderer.PANEL_WIDTH, 60);
            assertThat(lines).containsSubsequence(liveLines);
            assertThat(pb.world().context().events.activeKinds()).as("the played world gathers nothing itself").isZero();
        }
    }
}
