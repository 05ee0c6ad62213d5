package dev.rubble.cli;

import static dev.rubble.cli.JournalCommandsTest.rubble;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.cli.JournalCommandsTest.Result;
import dev.rubble.core.plugin.Stages;
import dev.rubble.spi.render.FrameBuffer;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Cluster unions (issue 29) in {@code rubble render} of a journal: the frames played back from the
 * union bridge's journal draw what the scenario's own frames draw (the union's body with its welded
 * members' shapes, the free pieces), before the impact, in its step and after it.
 */
final class RenderUnionJournalTest {
    @TempDir
    Path tmp;

    @Test
    void aUnionJournalsFramesDrawWhatTheScenarioDraws() throws Exception {
        Path scenario = Path.of("..", "examples", "union-bridge.json");
        Path journal = tmp.resolve("j");
        Result r = rubble("run", scenario.toString(), "--steps", "40", "--journal", journal.toString(), "--out",
                tmp.resolve("state.json").toString());
        assertThat(r.code()).as(r.err()).isZero();
        Stages stages = Stages.load();
        try (FrameSource live = FrameSource.open(scenario, stages); FrameSource played = FrameSource.open(journal, stages)) {
            FrameBuffer a = new FrameBuffer(), b = new FrameBuffer();
            for (long k : new long[] {5, 9, 10, 20, 40}) {
                live.frame(k, a);
                played.frame(k, b);
                assertThat(b.count()).as("frame %d: drawables", k).isEqualTo(a.count());
                java.util.Map<Integer, Integer> drawnAt = new java.util.HashMap<>(); // body slot -> drawable (orders may differ)
                for (int i = 0; i < a.count(); i++) {
                    drawnAt.put(a.piece(i), i);
                }
                for (int j = 0; j < b.count(); j++) {
                    Integer i = drawnAt.get(b.piece(j));
                    assertThat(i).as("frame %d: slot %d drawn live", k, b.piece(j)).isNotNull();
                    assertThat(b.shape(j).getClass()).as("frame %d slot %d", k, b.piece(j)).isEqualTo(a.shape(i).getClass());
                    for (int axis = 0; axis < 3; axis++) {
                        assertThat(b.position(j, axis)).as("frame %d slot %d axis %d", k, b.piece(j), axis)
                                .isCloseTo(a.position(i, axis), within(1e-6));
                    }
                }
                assertThat(b.breaks()).as("frame %d: breaks", k).isEqualTo(a.breaks());
            }
        }
    }

    /**
     * Wall A's pieces shrink for removal (remove-on-break after 0.1 s, over 1 s); those that stay welded under
     * the beam are drawn shrinking, live and played back alike (before, the union's compound drew them at full
     * size until they vanished).
     */
    @Test
    void weldedPiecesShrinkingForRemovalAreDrawnShrinkingLiveAndPlayedBack() throws Exception {
        String text = java.nio.file.Files.readString(Path.of("..", "examples", "union-bridge.json")).replace(
                "\"impactMode\": \"resolve\" } },\n    { \"id\": \"wallB\"",
                "\"impactMode\": \"resolve\" },\n      \"debris\": { \"removeOnBreak\": { \"delay\": [0.1, 0.1], \"removal\": [1, 1] } } },"
                        + "\n    { \"id\": \"wallB\"");
        assertThat(text).contains("removeOnBreak");
        Path scenario = tmp.resolve("shrinking-bridge.json");
        java.nio.file.Files.writeString(scenario, text);
        Path journal = tmp.resolve("j");
        Result r = rubble("run", scenario.toString(), "--steps", "60", "--journal", journal.toString(), "--out",
                tmp.resolve("state.json").toString());
        assertThat(r.code()).as(r.err()).isZero();
        Stages stages = Stages.load();
        dev.rubble.scenario.ScenarioWorld sw = dev.rubble.scenario.ScenarioWorld.create(
                dev.rubble.scenario.ScenarioLoader.load(scenario), stages);
        int seen = 0;
        try (FrameSource live = FrameSource.open(scenario, stages); FrameSource played = FrameSource.open(journal, stages)) {
            FrameBuffer a = new FrameBuffer(), b = new FrameBuffer();
            for (long k = 20; k <= 60; k += 10) {
                while (sw.world().stepIndex() < k) {
                    sw.step();
                }
                live.frame(k, a);
                played.frame(k, b);
                var un = sw.world().destruction().unions();
                dev.rubble.core.body.BodyStore bs = sw.world().bodies();
                for (int i = 0; i < a.count(); i++) {
                    int slot = a.piece(i);
                    if (un.unionOfMember(bs.handle(slot)) < 0 || !(a.removalScale(i) < 1)) {
                        continue;
                    }
                    // a welded piece drawn shrinking, at its own body's scale
                    assertThat(a.removalScale(i)).as("frame %d slot %d", k, slot).isEqualTo(bs.scale[slot]).isPositive();
                    int j = -1;
                    for (int q = 0; q < b.count(); q++) {
                        j = b.piece(q) == slot ? q : j;
                    }
                    assertThat(j).as("frame %d: slot %d drawn in playback", k, slot).isNotNegative();
                    assertThat(b.removalScale(j)).as("frame %d slot %d played", k, slot).isEqualTo(a.removalScale(i));
                    seen++;
                }
            }
        }
        assertThat(seen).as("welded pieces were seen shrinking").isPositive();
    }
}
