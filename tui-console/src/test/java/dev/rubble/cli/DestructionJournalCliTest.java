package dev.rubble.cli;

import static dev.rubble.cli.JournalCommandsTest.rubble;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.CRC32C;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.DocumentContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 14 from the command line: a destruction journal records, verifies, names an edit, and replays with releases. */
final class DestructionJournalCliTest {
    private static final double STRAIN = 1.0e9;
    private static final String SCENE = "{\"format\":\"rubble-scenario/1\",\"name\":\"slabs\",\"steps\":60,\"bodies\":["
            + "{\"id\":\"floor\",\"state\":\"static\",\"shape\":{\"type\":\"box\",\"halfExtents\":[20,0.5,20]},\"position\":[0,-0.5,0]}],"
            + "\"collections\":[{\"id\":\"slab0\",\"recipe\":{\"box\":[1,0.25,1],\"levels\":[{\"method\":\"voronoi\","
            + "\"options\":{\"count\":12}}],\"seed\":3},\"position\":[0,2,0],\"angular\":[0.2,0,0.1],"
            + "\"destruction\":{\"damageOptions\":{\"thresholds\":[400]}}}],"
            + "\"commands\":[{\"step\":5,\"type\":\"externalStrain\",\"collection\":\"slab0\",\"node\":3,\"strain\":1.0E9}]}";

    @Test
    void aDestructionJournalVerifiesAndAnEditedStrainCommandIsNamed(@TempDir Path tmp) throws Exception {
        Path s = tmp.resolve("slabs.json"), j = tmp.resolve("j"), copy = tmp.resolve("copy");
        Files.writeString(s, SCENE);
        var run = rubble("run", s.toString(), "--journal", j.toString(), "--out", tmp.resolve("o.json").toString());
        assertThat(run.code()).as(run.err()).isZero();
        var info = rubble("journal", "info", j.toString());
        assertThat(info.out()).contains("format      RUBBLEJ1 version 6", "collections 1 embedded");
        assertThat(info.out()).doesNotContain("events      0 ");
        var ok = rubble("verify", j.toString());
        assertThat(ok.code()).as(ok.err()).isZero();

        copyWithStrain(j, copy, 10.0);
        var bad = rubble("verify", copy.toString());
        assertThat(bad.code()).isEqualTo(1);
        assertThat(bad.err()).contains("diverged at step 5: event 0 (break, collection 0, node 3) field count recorded",
                "re-simulated 0");

        var replay = rubble("replay", j.toString(), "--headless", "--release-piece", "0:3@10",
                "--release-region", "-5,-1,-5,5,10,5@40", "--out", tmp.resolve("r.json").toString());
        assertThat(replay.code()).as(replay.err()).isZero();
        assertThat(replay.err()).containsPattern("; ([2-9]|[1-9][0-9]+) bodies released");

        var badPiece = rubble("replay", j.toString(), "--headless", "--release-piece", "0:x@10");
        assertThat(badPiece.code()).isEqualTo(2);
        assertThat(badPiece.err()).contains("'x' is not allowed");

        // alone, without the region release that could account for the count above: node 3, broken off at step 5
        var alone = rubble("replay", j.toString(), "--headless", "--release-piece", "0:3@10");
        assertThat(alone.code()).as(alone.err()).isZero();
        assertThat(alone.err()).contains("; 1 bodies released");
        // a leaf still inside the slab at step 2 releases the slab holding it (it released nothing, exit 0, before)
        var held = rubble("replay", j.toString(), "--headless", "--release-piece", "0:7@2");
        assertThat(held.code()).as(held.err()).isZero();
        assertThat(held.err()).contains("; 1 bodies released");
        // asked twice at one step: the second finds nothing left to release, and says so
        var twice = rubble("replay", j.toString(), "--headless", "--release-piece", "0:3@10", "--release-piece", "0:3@11");
        assertThat(twice.code()).isEqualTo(2);
        assertThat(twice.err()).contains("--release-piece 0:3@11: released nothing: at recorded step 11",
                "allowed: a node whose piece the recording still drives, free, at that step");
    }

    /** Copies the journal, replacing the strain of the step-5 command and re-sealing its CRC-32C. */
    private static void copyWithStrain(Path from, Path to, double strain) {
        byte[] pat = new byte[8];
        ByteBuffer.wrap(pat).order(ByteOrder.LITTLE_ENDIAN).putDouble(STRAIN);
        try (ChronicleQueue in = SingleChronicleQueueBuilder.binary(from).readOnly(true).build();
             ChronicleQueue out = SingleChronicleQueueBuilder.binary(to).build();
             ExcerptTailer t = in.createTailer(); ExcerptAppender a = out.createAppender()) {
            while (true) {
                byte[] doc;
                try (DocumentContext dc = t.readingDocument()) {
                    if (!dc.isPresent()) {
                        break;
                    }
                    Bytes<?> b = dc.wire().bytes();
                    doc = new byte[(int) b.readRemaining()];
                    b.read(doc);
                }
                ByteBuffer bb = ByteBuffer.wrap(doc).order(ByteOrder.LITTLE_ENDIAN);
                if (bb.getInt(0) == 0x53544550 && bb.getLong(4) == 5) {
                    for (int i = 0; i + 8 <= doc.length; i++) {
                        if (ByteBuffer.wrap(doc, i, 8).equals(ByteBuffer.wrap(pat))) {
                            bb.putDouble(i, strain);
                            break;
                        }
                    }
                    CRC32C crc = new CRC32C();
                    crc.update(doc, 0, doc.length - 4);
                    bb.putInt(doc.length - 4, (int) crc.getValue());
                }
                try (DocumentContext dc = a.writingDocument()) {
                    dc.wire().bytes().write(doc);
                }
            }
        }
    }
}
