package dev.rubble.core.soft;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.plugin.Stages;
import dev.rubble.core.snapshot.WorldSnapshot;
import dev.rubble.core.soft.cage.Cage;
import dev.rubble.core.soft.cage.CageBuilder;
import dev.rubble.core.world.World;
import dev.rubble.spi.shape.Box;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A snapshot's soft attachments (section SOFT, the last field: each point's offset in its holder's frame) were read
 * without a check (fuzz7): with the CRC recomputed, an offset of 1e300 restored and its holder, a 5 kg hook with a soft
 * block hanging from it, was NaN 20 steps later; a NaN offset restored too. Both are refused now, naming the
 * attachment, the value and the range a point and its holder within ±1e9 m allow.
 */
final class DamagedAttachmentSnapshotTest {

    @Test
    void anAttachmentOffsetNoWorldCanHoldIsRefused(@TempDir Path tmp) throws Exception {
        World w = SoftWorldTest.world();
        long hook = w.createBody(BodyDef.of(new Box(0.05, 0.05, 0.05)).withMass(5).withPosition(0, 2.4, 0));
        Cage c = CageBuilder.build(SoftWorldTest.box(0.2, 0.2, 0.2), new int[0], 300, 0, 1);
        SoftBodyStore st = w.softBodies().store();
        int b = st.add(c, SoftMaterial.rubber().withYoungsModulus(1e5), 0, 2.05, 0, 0, 0, 0, 1, 0, 0, 0, "hanging");
        for (int i = 0; i < c.pointCount(); i++) {
            if (c.points()[3 * i + 1] > 0.19) {
                st.attach(b, i, hook, w.bodies());
            }
        }
        for (int i = 0; i < 5; i++) {
            w.step();
        }
        Path f = tmp.resolve("s.snap");
        WorldSnapshot.save(w, f, "test");
        byte[] good = Files.readAllBytes(f);
        World r = WorldSnapshot.read(f).restore(Stages.load());
        for (int i = 0; i < 5; i++) {
            r.step();
            w.step();
        }
        assertThat(r.stateHash()).isEqualTo(w.stateHash());

        int at = 12;
        while (!new String(good, at, 4, StandardCharsets.US_ASCII).equals("SOFT")) {
            at += 12 + (int) ByteBuffer.wrap(good, at + 4, 8).getLong();
        }
        int end = at + 12 + (int) ByteBuffer.wrap(good, at + 4, 8).getLong(); // the last attachment's offset: 24 bytes before
        int last = st.attachments - 1;
        for (double v : new double[] {Double.NaN, 1e300, Double.NEGATIVE_INFINITY, -3.5e9}) {
            byte[] bad = good.clone();
            ByteBuffer.wrap(bad).putDouble(end - 24, v);
            CRC32C crc = new CRC32C();
            crc.update(bad, 0, bad.length - 4);
            ByteBuffer.wrap(bad, bad.length - 4, 4).putInt((int) crc.getValue());
            Path g = Files.write(tmp.resolve("bad.snap"), bad);
            assertThatThrownBy(() -> WorldSnapshot.read(g).restore(Stages.load())).as("offset %s", v)
                    .hasMessageContaining("is damaged: section SOFT: soft attachment " + last + " offset[0] = " + v
                            + "; allowed: finite, within ±3.4641016151377544E9 m");
        }
    }
}
