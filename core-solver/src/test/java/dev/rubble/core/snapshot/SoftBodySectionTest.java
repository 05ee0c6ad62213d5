package dev.rubble.core.snapshot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.soft.SoftBodyDef;
import dev.rubble.core.soft.SoftMaterial;
import dev.rubble.core.soft.cage.Cage;
import dev.rubble.core.soft.cage.CageBuilder;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.core.world.World;
import dev.rubble.spi.shape.Box;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;

/**
 * The SOFT section (docs/snapshot-format.md, format version 3) against bad input: a damaged,
 * foreign or truncated section is refused with a {@link SnapshotException} naming the field and
 * its bad value, before anything is loaded into the world; version 2 files (no SOFT) are still
 * read. Each damaged file is assembled here from a good one by the container rules, with a correct
 * CRC, so the section's own checks are what catches it.
 */
final class SoftBodySectionTest {

    /** A soft block pinned at one corner and a small one above it, attached to a rigid box, on a ground box. */
    static World scene() {
        World w = World.create(WorldSettings.defaults(), WorldSnapshotTest.stages());
        w.createBody(BodyDef.of(new Box(5, 0.5, 5)).withMotion(MotionType.STATIC).withPosition(0, -0.5, 0));
        w.createBody(BodyDef.of(new Box(0.1, 0.1, 0.1)).withPosition(0, 2, 0).withLabel("weight"));
        Cage block = CageBuilder.build(box(0.5, 0.25, 0.5), new int[0], 500, 0.25, 1);
        Cage small = CageBuilder.build(box(0.2, 0.2, 0.2), new int[0], 500, 0, 1);
        double[] still = {0, 0, 0}, identity = {0, 0, 0, 1};
        SoftMaterial m = SoftMaterial.rubber().withYoungsModulus(2e5);
        w.addSoftBodies(List.of(
                new SoftBodyDef("block", block, m, new double[] {0, 0.255, 0}, identity, still, new int[] {0}, new int[0],
                        List.of()),
                new SoftBodyDef("small", small, m, new double[] {0, 1.6, 0}, identity, still, new int[0], new int[] {7},
                        List.of("weight"))));
        return w;
    }

    static double[] box(double hx, double hy, double hz) {
        double[] p = new double[24];
        for (int i = 0; i < 8; i++) {
            p[3 * i] = (i & 1) == 0 ? -hx : hx;
            p[3 * i + 1] = (i & 2) == 0 ? -hy : hy;
            p[3 * i + 2] = (i & 4) == 0 ? -hz : hz;
        }
        return p;
    }

    /** A snapshot file of {@code version} holding {@code sections} in their order, with its CRC. */
    static byte[] assemble(int version, Map<String, byte[]> sections) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream o = new DataOutputStream(bytes);
        o.writeBytes("RUBBLESN");
        o.writeShort(version);
        o.writeShort(0);
        for (Map.Entry<String, byte[]> e : sections.entrySet()) {
            o.writeBytes(e.getKey());
            o.writeLong(e.getValue().length);
            o.write(e.getValue());
        }
        o.writeBytes("END!");
        o.writeLong(0);
        CRC32C crc = new CRC32C();
        crc.update(bytes.toByteArray());
        o.writeInt((int) crc.getValue());
        return bytes.toByteArray();
    }

    /** {@code good} with its SOFT payload replaced. */
    static byte[] withSoft(byte[] good, byte[] soft) throws IOException {
        Map<String, byte[]> sections = SnapshotFile.parse(good, "good");
        sections.put("SOFT", soft);
        return assemble(SnapshotFile.VERSION_NO_FRAMES, sections);
    }

    /** Offsets into a SOFT payload (docs/snapshot-format.md, section SOFT), found by walking it. */
    record Layout(int firstCageImage, int body1PointStart, int points, int firstPinPoint, int firstAttachmentPin) {
        static Layout of(byte[] soft) {
            ByteBuffer b = ByteBuffer.wrap(soft);
            int n = b.getInt(), nc = b.getInt();
            int firstCage = b.position() + 4;
            for (int k = 0; k < nc; k++) {
                int len = b.getInt();
                b.position(b.position() + len);
            }
            int body1 = -1;
            for (int i = 0; i < n; i++) {
                if (b.get() == 'S') {
                    int len = b.getInt();
                    b.position(b.position() + len);
                }
                b.getInt(); // cage index
                if (i == 1) {
                    body1 = b.position();
                }
                b.position(b.position() + 6 * 4 + 2 * 8);
            }
            int points = b.getInt();
            b.position(b.position() + 10 * 8 * points);
            int edges = b.getInt();
            b.position(b.position() + (2 * 4 + 4 * 8) * edges);
            int tets = b.getInt();
            b.position(b.position() + (4 * 4 + 5 * 8) * tets);
            int pins = b.getInt();
            int firstPin = b.position();
            b.position(b.position() + (4 + 3 * 8) * pins);
            b.getInt(); // attachments
            return new Layout(firstCage, body1, points, firstPin, b.position());
        }
    }

    private static byte[] save(World w) throws IOException {
        return WorldSnapshotTest.save(w);
    }

    /** Restoring {@code bytes} fails with {@code message}, and the fresh world it was restored into stays empty. */
    private static void refused(byte[] bytes, String message) {
        WorldSnapshot snap = WorldSnapshot.read(bytes, "s.rsnap");
        World fresh = World.create(snap.settings(), WorldSnapshotTest.stages());
        assertThatThrownBy(() -> snap.restoreInto(fresh)).isInstanceOf(SnapshotException.class).hasMessage(message);
        assertThat(fresh.bodies().size()).as("nothing was loaded").isZero();
        assertThat(fresh.softBodies().store().size()).isZero();
        assertThat(fresh.stepIndex()).isZero();
    }

    @Test
    void damagedSoftSectionsAreRefusedNamingTheFieldAndValueBeforeAnythingIsLoaded() throws IOException {
        World w = scene();
        for (int i = 0; i < 10; i++) {
            w.step();
        }
        byte[] good = save(w);
        byte[] soft = SnapshotFile.parse(good, "good").get("SOFT");
        Layout at = Layout.of(soft);
        int points = w.softBodies().store().state.points;
        assertThat(at.points()).as("the walk found the point count").isEqualTo(points);
        int blockPoints = w.softBodies().store().pointCount[0];

        // a pinned point out of range
        byte[] bad = soft.clone();
        ByteBuffer.wrap(bad).putInt(at.firstPinPoint(), points + 5);
        refused(withSoft(good, bad), "s.rsnap is damaged: section SOFT: soft pin 0 point = " + (points + 5)
                + "; allowed: [0, " + points + ")");

        // a pin on a point that is not fixed (inverse mass not 0)
        bad = soft.clone();
        ByteBuffer.wrap(bad).putInt(at.firstPinPoint(), 1);
        refused(withSoft(good, bad), "s.rsnap is damaged: section SOFT: soft pin 0 point 1 has inverse mass "
                + w.softBodies().store().state.invMass[1] + "; allowed: 0 (a pinned point)");

        // the second body's points not right after the first's
        bad = soft.clone();
        ByteBuffer.wrap(bad).putInt(at.body1PointStart(), blockPoints + 1);
        refused(withSoft(good, bad), "s.rsnap is damaged: section SOFT: soft body 1 pointStart = " + (blockPoints + 1)
                + "; allowed: " + blockPoints + " (the points of the bodies before it)");

        // an attachment naming a pin that does not exist
        bad = soft.clone();
        ByteBuffer.wrap(bad).putInt(at.firstAttachmentPin(), 7);
        refused(withSoft(good, bad), "s.rsnap is damaged: section SOFT: soft attachment 0 pin = 7; allowed: [0, 2)");

        // a foreign cage image (not an .rbsb)
        bad = soft.clone();
        bad[at.firstCageImage()] = 'X';
        refused(withSoft(good, bad), String.format("s.rsnap is damaged: section SOFT: soft cage 0: not a Rubble soft-body"
                + " cage: magic 0x%08X; expected 0x52425342 (\"RBSB\")", ByteBuffer.wrap(bad, at.firstCageImage(), 4).getInt()));

        // a body count the section cannot hold
        bad = soft.clone();
        ByteBuffer.wrap(bad).putInt(0, 1_000_000);
        refused(withSoft(good, bad), "s.rsnap is damaged: section SOFT: soft body count = 1000000; allowed: [0, "
                + (soft.length - 4) / 45 + "] (the " + (soft.length - 4) + " bytes left in the section)");

        // truncated: the section ends inside the attachment (36 bytes), which its count announces
        refused(withSoft(good, Arrays.copyOf(soft, soft.length - 10)),
                "s.rsnap is damaged: section SOFT: soft attachment count = 1; allowed: [0, 0] (the 26 bytes left in the"
                        + " section)");
        // truncated inside the second body's ranges, which no count bounds: the reader runs out
        refused(withSoft(good, Arrays.copyOf(soft, at.body1PointStart() + 2)),
                "s.rsnap is damaged: section SOFT ends before the data it describes");

        // more bytes than it describes
        refused(withSoft(good, Arrays.copyOf(soft, soft.length + 3)),
                "s.rsnap is damaged: section SOFT has 3 bytes more than it describes");

        // and the good one restores
        assertThat(WorldSnapshotTest.restore(withSoft(good, soft)).softBodies().store().size()).isEqualTo(2);
    }

    /**
     * Version 2 files (no SOFT; written before soft bodies were saved, so they hold none) are still
     * read and restore the same world; a version-2 file with a SOFT section is damaged.
     */
    @Test
    void aVersionTwoFileIsStillReadAndAVersionTwoFileWithSoftBodiesIsDamaged() throws IOException {
        World w = WorldSnapshotTest.pile("grid");
        for (int i = 0; i < 20; i++) {
            w.step();
        }
        byte[] v3 = save(w);
        Map<String, byte[]> sections = SnapshotFile.parse(v3, "v3");
        assertThat(sections.get("SOFT")).as("no soft bodies: i32 0 bodies, 0 cages, 0 points, edges, tets, pins,"
                + " attachments").isEqualTo(new byte[7 * 4]);
        sections.remove("SOFT");
        sections.remove("FELD"); // version 4 (fields); a world without fields has nothing there
        sections.remove("EVNT"); // version 5 (event switches); a world with events off restores the same without
        sections.remove("UNIO"); // version 6 (cluster unions); a world without unions restores the same without
        sections.remove("JNTS"); // version 7 (constraints); a world without constraints restores the same without
        sections.remove("FILT"); // version 8 (ignored pairs); a world with none restores the same without
        sections.remove("STRS"); // version 10 (stress models); a world without one restores the same without
        World fromV2 = WorldSnapshotTest.restore(assemble(2, sections));
        World fromV3 = WorldSnapshotTest.restore(v3);
        for (int i = 0; i < 30; i++) {
            w.step();
            fromV2.step();
            fromV3.step();
            assertThat(fromV2.stateHash()).isEqualTo(w.stateHash()).isEqualTo(fromV3.stateHash());
        }
        assertThat(WorldSnapshotTest.bits(fromV2)).isEqualTo(WorldSnapshotTest.bits(w));
        byte[] wrong = v3.clone();
        wrong[9] = 2;
        assertThatThrownBy(() -> WorldSnapshot.read(wrong, "a")).isInstanceOf(SnapshotException.class)
                .hasMessageStartingWith("a is damaged: section 'SOFT' at byte ").hasMessageEndingWith(" where section CMDS belongs");
    }

    /** The soft bodies come back with their labels, cages (shared by identity as saved), pins and attachments. */
    @Test
    void softBodiesComeBackWithTheirLabelsCagesPinsAndAttachments() throws IOException {
        World w = scene();
        Cage shared = CageBuilder.build(box(0.1, 0.1, 0.1), new int[0], 500, 0, 1);
        var st = w.softBodies().store();
        st.add(shared, SoftMaterial.rubber(), 3, 0.5, 0, 0, 0, 0, 1, 0, 0, 0, null);
        st.add(shared, SoftMaterial.rubber(), -3, 0.5, 0, 0, 0, 0, 1, 0, 0, 0, "twin");
        for (int i = 0; i < 5; i++) {
            w.step();
        }
        World r = WorldSnapshotTest.restore(save(w));
        var rs = r.softBodies().store();
        assertThat(rs.size()).isEqualTo(4);
        assertThat(Arrays.copyOf(rs.label, 4)).containsExactly("block", "small", null, "twin");
        assertThat(rs.cage[2]).as("one cage, shared as in the saved world").isSameAs(rs.cage[3]);
        assertThat(rs.cage[0]).isNotSameAs(rs.cage[1]);
        assertThat(rs.state.pins).isEqualTo(2);
        assertThat(rs.attachments).isEqualTo(1);
        assertThat(rs.attachBody[0]).isEqualTo(w.findByLabel("weight"));
        assertThat(Arrays.copyOf(rs.attachLocal, 3)).isEqualTo(Arrays.copyOf(st.attachLocal, 3));
        for (int i = 0; i < 30; i++) {
            w.step();
            r.step();
            assertThat(r.stateHash()).isEqualTo(w.stateHash());
        }
    }
}
