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
        Bytes<?> b = Bytes.allocateElasticOnHeap(256);
        for (Command c : cs) {
            CommandCodec.write(b, c);
        }
        for (Command c : cs) {
            assertThat(CommandCodec.read(b)).isEqualTo(c);
        }
        assertThat(b.readRemaining()).isZero();
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
        // the struck wall left; the beam and the other wall are still one body
        var unions = sw.world().destruction().unions();
        assertThat(unions.ids()).containsExactly(0);
        assertThat(unions.members(0)).hasSize(2);
        var result = Verifier.verify(dir, STAGES);
        assertThat(result.ok()).as(String.valueOf(result.divergence())).isTrue();
        assertThat(result.stepsChecked()).isEqualTo(90);
    }
}
