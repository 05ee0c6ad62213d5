package dev.rubble.cache.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.core.command.Command;
import dev.rubble.core.command.FieldMeta;
import dev.rubble.core.command.FieldSpec;
import dev.rubble.core.command.FieldTarget;
import java.util.List;
import net.openhft.chronicle.bytes.Bytes;
import org.junit.jupiter.api.Test;

/** Field and force commands (issue 24, tags 60-63) survive the journal encoding; corruption is a format error. */
final class FieldCommandCodecTest {

    @Test
    void everyFieldCommandRoundTrips() {
        FieldSpec tree = FieldSpec.of("culling", "operation", "outside",
                "culling", FieldSpec.of("radial-falloff", "radius", 2.5, "position", new FieldSpec.Vec(1, -2, 3e-9)),
                "input", FieldSpec.of("to-integer", "input", FieldSpec.of("uniform-scalar", "magnitude", -0.0)));
        List<Command> cs = List.of(
                new Command.ApplyForce(7L << 32 | 3, 1, -2, Double.MIN_VALUE),
                new Command.ApplyTorque(5, 0, 0, -1e300),
                new Command.ApplyField("", FieldTarget.DYNAMIC_STATE, tree, FieldMeta.DEFAULT, false),
                new Command.ApplyField("anchors", FieldTarget.KILL, FieldSpec.of("noise", "seed", -9L, "flag", true,
                        "label", "é"), new FieldMeta(FieldMeta.Resolution.MAXIMUM, FieldMeta.StateFilter.SLEEPING,
                        FieldMeta.ObjectFilter.DESTRUCTION, FieldMeta.PositionType.CENTER_OF_MASS), true),
                new Command.RemoveField("anchors"));
        CommandRoundTrip.assertRoundTrips(cs);
    }

    @Test
    void aCorruptFieldCommandIsAFormatError() {
        Bytes<?> b = Bytes.allocateElasticOnHeap(16);
        b.writeByte(CommandCodec.APPLY_FIELD).writeUtf8("x").writeByte((byte) 99);
        assertThatThrownBy(() -> CommandCodec.read(b)).isInstanceOf(JournalFormatException.class)
                .hasMessageContaining("field target code 99 is unknown");
        Bytes<?> t = Bytes.allocateElasticOnHeap(16);
        t.writeByte(CommandCodec.APPLY_FIELD).writeUtf8("x").writeByte((byte) 0).writeByte((byte) 0).writeByte((byte) 0)
                .writeByte((byte) 0).writeByte((byte) 0).writeBoolean(false).writeInt(3).writeByte((byte) 0)
                .writeByte((byte) 1).writeByte((byte) 2);
        assertThatThrownBy(() -> CommandCodec.read(t)).isInstanceOf(JournalFormatException.class)
                .hasMessageContaining("field command is corrupted");
    }
}
