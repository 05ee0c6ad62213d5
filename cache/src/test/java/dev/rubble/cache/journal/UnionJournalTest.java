package dev.rubble.cache.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.cache.verify.Verifier;
import dev.rubble.core.command.Command;
import dev.rubble.core.plugin.Stages;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import net.openhft.chronicle.bytes.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Cluster unions in journals (issue 29): tags 90-93 round-trip, and a recorded union run verifies bit for bit. */
final class UnionJournalTest {
    private static final Stages STAGES = Stages.load();

    @Test
    void everyUnionCommandRoundTrips() {
        List<Command> cs = List.of(new Command.UnionAdd(0, (3L << 32) | 7, false), new Command.UnionAdd(12, 5, true),
                new Command.UnionAddCollection(1, 2, true, false), new Command.UnionAddCollection(0, 0, false, true),
                new Command.UnionRemove(4, (1L << 32) | 9),
                new Command.UnionSetChildToParent(2, 11, 1.5, -0.0, 3, 0, 0, 0.7071067811865476, 0.7071067811865476));
        CommandRoundTrip.assertRoundTrips(cs);
    }

    @Test
    void aCorruptUnionCommandIsAFormatError() {
        Bytes<?> b = Bytes.allocateElasticOnHeap(64);
        b.writeByte(CommandCodec.UNION_REMOVE).writeInt(-3).writeLong(5);
        assertThatThrownBy(() -> CommandCodec.read(b)).isInstanceOf(JournalFormatException.class)
                .hasMessageContaining("union = -3");
    }

    @Test
    void aRecordedUnionRunVerifies(@TempDir Path dir) throws Exception {
        String json = Files.readString(Path.of("..", "examples", "union-bridge.json"));
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(json), STAGES);
        try (JournalWriter jw = JournalWriter.create(dir, sw, "union", json)) {
            sw.world().addObserver(jw);
            for (int i = 0; i < 90; i++) {
                sw.step();
            }
        }
        // the struck wall broke (its pieces, driven in, broke the other wall too: impactMode resolve); the beam and
        // the pieces of both walls that touch it are still one body
        var unions = sw.world().destruction().unions();
        assertThat(unions.ids()).containsExactly(0);
        long[] members = unions.members(0);
        var bs = sw.world().bodies();
        assertThat(members).contains(sw.world().findByLabel("beam"));
        int piecesA = 0;
        for (long m : members) {
            piecesA += "wallA".equals(bs.label[bs.slot(m)]) ? 1 : 0;
        }
        assertThat(piecesA).as("welded pieces of the struck wall").isPositive();
        var result = Verifier.verify(dir, STAGES);
        assertThat(result.ok()).as(String.valueOf(result.divergence())).isTrue();
        assertThat(result.stepsChecked()).isEqualTo(90);
    }

    /**
     * Issue 29: union bodies are made by the runtime, not by commands or destruction events; the
     * journal records them ("UBOD" documents) so playback re-creates them on their recorded slots
     * between the pieces. The bridge (a union made at step 0, rebuilt when the struck wall breaks at
     * step 8) plays back to its last step, and at the end every body the recording has enabled is in
     * the played world on the same slot and generation, at the recorded pose, the union's body with
     * as many sub-shapes as the live one.
     */
    @Test
    void aRecordedUnionRunPlaysBackToTheEnd(@TempDir Path dir) throws Exception {
        String json = Files.readString(Path.of("..", "examples", "union-bridge.json"));
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(json), STAGES);
        int steps = 120;
        int[] unionDocs = {0};
        try (JournalWriter jw = JournalWriter.create(dir, sw, "union", json)) {
            sw.world().addObserver(jw);
            sw.world().addObserver((w, p) -> unionDocs[0] += w.destruction().unions().log().count() > 0 ? 1 : 0);
            sw.run(steps);
        }
        assertThat(unionDocs[0]).as("the union made at step 0 and its rebuild after the break").isGreaterThanOrEqualTo(2);
        var live = sw.world();
        var unions = live.destruction().unions();
        long unionBody = unions.body(0);
        int played = 0;
        try (dev.rubble.cache.playback.Playback pb = dev.rubble.cache.playback.Playback.open(dir, STAGES)) {
            while (!pb.finished()) {
                pb.step();
                played++;
            }
            var pw = pb.world();
            var lb = live.bodies();
            var b = pw.bodies();
            int checked = 0;
            for (int s = 0; s < lb.slotLimit(); s++) {
                if (!lb.isLive(s) || lb.state(s) == dev.rubble.core.body.BodyState.DISABLED) {
                    continue;
                }
                assertThat(b.isLive(s)).as("slot %d", s).isTrue();
                assertThat(b.handle(s)).as("slot %d", s).isEqualTo(lb.handle(s));
                assertThat(b.px[s]).as("slot %d x", s).isCloseTo(lb.px[s], org.assertj.core.api.Assertions.within(1e-9));
                assertThat(b.py[s]).as("slot %d y", s).isCloseTo(lb.py[s], org.assertj.core.api.Assertions.within(1e-9));
                assertThat(b.pz[s]).as("slot %d z", s).isCloseTo(lb.pz[s], org.assertj.core.api.Assertions.within(1e-9));
                checked++;
            }
            assertThat(checked).isGreaterThan(5);
            int us = (int) unionBody;
            assertThat(b.shape[us]).isInstanceOf(dev.rubble.spi.shape.Compound.class);
            assertThat(((dev.rubble.spi.shape.Compound) b.shape[us]).childCount())
                    .isEqualTo(((dev.rubble.spi.shape.Compound) lb.shape[us]).childCount());
        }
        assertThat(played).isBetween(steps, steps + 1);
    }

    /**
     * A union with a static member is static (Chaos's UpdateKinematicProperties): a beam welded flush to the side
     * of a static post hangs there while a ball lands on it. Recorded, it verifies bit for bit, and it plays back
     * to the end with the union's body static on its recorded slot and the beam where it was welded.
     */
    @Test
    void aStaticUnionRecordsVerifiesAndPlaysBack(@TempDir Path dir) throws Exception {
        String json = """
                {"format": "rubble-scenario/1", "name": "a beam welded to a static post", "steps": 90,
                 "bodies": [
                  {"id": "post", "state": "static", "shape": {"type": "box", "halfExtents": [0.25, 1, 0.25]}, "position": [0, 1, 0]},
                  {"id": "beam", "shape": {"type": "box", "halfExtents": [1, 0.1, 0.25]}, "position": [1.25, 1.5, 0], "mass": 50},
                  {"id": "ball", "shape": {"type": "sphere", "radius": 0.2}, "position": [1.8, 3, 0], "mass": 20}
                 ],
                 "unions": [{"id": 0, "step": 0, "members": [{"body": "post"}, {"body": "beam"}]}]}
                """;
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(json), STAGES);
        try (JournalWriter jw = JournalWriter.create(dir, sw, "static-union", json)) {
            sw.world().addObserver(jw);
            for (int i = 0; i < 90; i++) {
                sw.step();
            }
        }
        var live = sw.world();
        var lb = live.bodies();
        long unionBody = live.destruction().unions().body(0);
        int us = lb.slot(unionBody);
        assertThat(lb.motion(us)).isEqualTo(dev.rubble.core.body.MotionType.STATIC);
        long beam = live.findByLabel("beam"), ball = live.findByLabel("ball");
        assertThat(lb.py[lb.slot(beam)]).isEqualTo(1.5);
        // the ball came to rest on the beam's top face (1.6 m): it hit a body that does not give
        assertThat(lb.py[lb.slot(ball)]).isBetween(1.79, 1.81);
        var result = Verifier.verify(dir, STAGES);
        assertThat(result.ok()).as(String.valueOf(result.divergence())).isTrue();
        assertThat(result.stepsChecked()).isEqualTo(90);
        try (dev.rubble.cache.playback.Playback pb = dev.rubble.cache.playback.Playback.open(dir, STAGES)) {
            while (!pb.finished()) {
                pb.step();
            }
            var b = pb.world().bodies();
            assertThat(b.isLive(us)).isTrue();
            assertThat(b.handle(us)).isEqualTo(unionBody);
            assertThat(b.py[b.slot(beam)]).isCloseTo(1.5, org.assertj.core.api.Assertions.within(1e-9));
            assertThat(b.py[b.slot(ball)]).isCloseTo(lb.py[lb.slot(ball)], org.assertj.core.api.Assertions.within(1e-9));
        }
    }
}
