package dev.rubble.cache.journal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.command.Command;
import java.util.List;
import net.openhft.chronicle.bytes.Bytes;
import org.junit.jupiter.api.Test;

/** The destruction commands (issue 12) survive the journal encoding unchanged. */
final class DestructionCommandCodecTest {

    @Test
    void everyDestructionCommandRoundTrips() {
        List<Command> cs = List.of(
                new Command.ExternalStrain(2, 17, Double.POSITIVE_INFINITY),
                new Command.ExternalStrainAt(1.5, -2, 0.25, 0.3, 1e4, 3, 0.5),
                new Command.InternalStrain(0, 4, -12.5),
                new Command.Crumble(1, 0),
                new Command.SetAnchor(0, 9, false),
                new Command.SetAnchorBox(3, -1, -2, -3, 1, 2, 3, true),
                new Command.CutBond(2, 41), // issue 23
                new Command.SetNodeThreshold(1, 5, Double.POSITIVE_INFINITY),
                new Command.SetNodeThreshold(0, 0, 0.0),
                new Command.SetPropagation(3, false, 0.5, 0.25),
                new Command.SetNodeMaterial(1, 7, 2),
                new Command.SetMaterialMultiplier(2, 1, 0.75));
        CommandRoundTrip.assertRoundTrips(cs);
    }

    /** SetDamageModel (tag 45) carries its plugin name and every option with its type. */
    @Test
    void setDamageModelRoundTripsWithItsOptions() {
        var opts = dev.rubble.spi.StageConfig.of(java.util.Map.of("tensileStrength", 2.5e6, "mode", "min", "n", 3L, "on", true));
        Bytes<?> b = Bytes.allocateElasticOnHeap(256);
        CommandCodec.write(b, new Command.SetDamageModel(4, "material-strength", opts));
        Command.SetDamageModel r = (Command.SetDamageModel) CommandCodec.read(b);
        assertThat(r.collection()).isEqualTo(4);
        assertThat(r.model()).isEqualTo("material-strength");
        assertThat(r.options().asMap()).isEqualTo(opts.asMap());
        assertThat(b.readRemaining()).isZero();
    }

    /** Issue 30: SetStressModel (tag 100) with its limits, "off", and SetBondStrength (tag 101) round trip exactly. */
    @Test
    void stressCommandsRoundTrip() {
        var opts = dev.rubble.spi.StageConfig.of(java.util.Map.of("tensionFatal", 5e4, "directMax", 0L, "excessForce", false));
        Bytes<?> b = Bytes.allocateElasticOnHeap(256);
        CommandCodec.write(b, new Command.SetStressModel(2, "support-graph", opts));
        CommandCodec.write(b, new Command.SetStressModel(0, Command.SetStressModel.OFF, null));
        CommandCodec.write(b, new Command.SetBondStrength(1, 37, 0.25));
        Command.SetStressModel r = (Command.SetStressModel) CommandCodec.read(b);
        assertThat(r.collection()).isEqualTo(2);
        assertThat(r.model()).isEqualTo("support-graph");
        assertThat(r.options().asMap()).isEqualTo(opts.asMap());
        Command.SetStressModel off = (Command.SetStressModel) CommandCodec.read(b);
        assertThat(off.off()).isTrue();
        assertThat(CommandCodec.read(b)).isEqualTo(new Command.SetBondStrength(1, 37, 0.25));
        assertThat(b.readRemaining()).isZero();
    }

    /** Issue 30: SetMaterialLimits (tag 97) and SetBondLimits (tag 98) round trip exactly, NaN (unset) and Infinity included. */
    @Test
    void stressLimitCommandsRoundTrip() {
        var l = new dev.rubble.spi.stress.StressLimits(1e6, Double.POSITIVE_INFINITY, Double.NaN, 3e5, 0, Double.NaN);
        Bytes<?> b = Bytes.allocateElasticOnHeap(256);
        CommandCodec.write(b, new Command.SetMaterialLimits(3, 1, l));
        CommandCodec.write(b, new Command.SetBondLimits(2, 41, dev.rubble.spi.stress.StressLimits.NONE));
        assertThat(b.readByte(b.readPosition())).isEqualTo((byte) 97);
        assertThat(CommandCodec.read(b)).isEqualTo(new Command.SetMaterialLimits(3, 1, l));
        assertThat(b.readByte(b.readPosition())).isEqualTo((byte) 98);
        Command.SetBondLimits r = (Command.SetBondLimits) CommandCodec.read(b);
        assertThat(r.collection()).isEqualTo(2);
        assertThat(r.bond()).isEqualTo(41);
        assertThat(r.limits().isNone()).isTrue();
        assertThat(b.readRemaining()).isZero();
    }
}
