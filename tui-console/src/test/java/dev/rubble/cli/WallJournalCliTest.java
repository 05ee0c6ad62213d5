package dev.rubble.cli;

import static dev.rubble.cli.JournalCommandsTest.rubble;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.googlecode.lanterna.input.KeyStroke;
import dev.rubble.cache.journal.JournalReader;
import dev.rubble.cache.journal.StepRecord;
import dev.rubble.cache.playback.Playback;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.plugin.Stages;
import dev.rubble.tui.ConsoleController;
import dev.rubble.tui.ConsoleState;
import dev.rubble.tui.ReplaySession;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.CRC32C;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.DocumentContext;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 14 "done when" on the demo wall itself (a short recording, 40 steps: the ball reaches the
 * wall in step 5 and breaks it): a piece pose edited in a copy is named by {@code verify}, and a
 * region released to live simulation mid-collapse from {@code rubble replay} or the console's
 * {@code r} key simulates live.
 */
final class WallJournalCliTest {
    private static final int STEPS = 40;
    /** A mid-collapse step: pieces have broken off and are flying or falling. */
    private static final int EDIT_STEP = 20, RELEASE_STEP = 20;

    @TempDir
    static Path tmp;
    private static Path journal;

    @BeforeAll
    static void recordTheDemo() {
        journal = tmp.resolve("demo");
        // the demo's wall with Chaos's impact rules (the demo itself resolves impacts since issue 22; these
        // tests are about journals, edits and replay blending, and were measured on the Chaos collapse)
        Path scene = tmp.resolve("demo-chaos.json");
        try (var in = DemoCommand.class.getResourceAsStream(DemoCommand.RESOURCE)) {
            // and Chaos's default thresholds (the demo's own are a weaker wall's since then): edited as JSON,
            // whatever the layout the demo file is written in
            var mapper = new com.fasterxml.jackson.databind.ObjectMapper();
            var root = (com.fasterxml.jackson.databind.node.ObjectNode) mapper.readTree(in);
            var destruction = (com.fasterxml.jackson.databind.node.ObjectNode) root.get("collections").get(0).get("destruction");
            assertThat(destruction.remove(java.util.List.of("impactMode", "damageModel", "damageOptions"))).isNotNull();
            assertThat(destruction.has("impactMode")).isFalse();
            java.nio.file.Files.writeString(scene, mapper.writeValueAsString(root));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        var r = rubble("run", scene.toString(), "--steps", "" + STEPS, "--journal", journal.toString(), "--headless",
                "--out", tmp.resolve("demo-out.json").toString());
        assertThat(r.code()).as(r.err()).isZero();
    }

    @Test
    void aPiecePoseAlteredInACopyOfTheDemoJournalIsNamedByVerify() {
        // a moved piece of the edit step (not the ball nor the ground: the last moved slot is a broken-off piece,
        // labelled like the wall it came from)
        int moving = 0, slot = -1, gen = -1;
        double x = Double.NaN;
        try (JournalReader r = JournalReader.open(journal)) {
            StepRecord rec = new StepRecord();
            while (r.next(rec)) {
                if (rec.step == EDIT_STEP) {
                    moving = rec.movedCount;
                    int k = rec.movedCount - 1;
                    slot = rec.movedSlot[k];
                    gen = rec.movedGen[k];
                    x = rec.moved[k * StepRecord.FIELDS]; // position.x
                }
            }
        }
        assertThat(moving).as("bodies moving at step %d", EDIT_STEP).isGreaterThan(2);
        final int entry = moving - 1;
        final double edited = Double.longBitsToDouble(Double.doubleToRawLongBits(x) ^ 1);
        Path copy = tmp.resolve("edited");
        int[] edits = {0};
        copy(journal, copy, doc -> {
            ByteBuffer bb = ByteBuffer.wrap(doc).order(ByteOrder.LITTLE_ENDIAN);
            if (bb.getInt(0) != 0x53544550 || bb.getLong(4) != EDIT_STEP) {
                return null;
            }
            // format 5 (docs/journal-format.md, "Moved bodies"): flip the lowest stored bit of the entry's position.x XOR
            edits[0]++;
            return flipLowestBit(doc, entry, 0);
        });
        assertThat(edits[0]).isEqualTo(1);
        var ok = rubble("verify", journal.toString());
        assertThat(ok.code()).as(ok.err()).isZero();
        var bad = rubble("verify", copy.toString());
        assertThat(bad.code()).isEqualTo(1);
        String handle = BodyStore.handleString(((long) gen << 32) | slot);
        assertThat(bad.err()).contains("diverged at step " + EDIT_STEP + ": body " + handle + " 'wall' field position.x recorded "
                + edited + ", re-simulated " + x);
    }

    @Test
    void aRegionReleasedMidCollapseFromTheCommandLineSimulatesLive() throws IOException {
        // around the impact point (0, 2.5, 0), the whole depth; ground and anchored base excluded by y
        String region = "-2,0.5,-3,2,5,3@" + RELEASE_STEP;
        Path plain = tmp.resolve("plain.json"), live = tmp.resolve("live.json");
        var p = rubble("replay", journal.toString(), "--headless", "--out", plain.toString());
        assertThat(p.code()).as(p.err()).isZero();
        var r = rubble("replay", journal.toString(), "--headless", "--release-region", region, "--out", live.toString());
        assertThat(r.code()).as(r.err()).isZero();
        Matcher m = Pattern.compile("; (\\d+) bodies released").matcher(r.err());
        assertThat(m.find()).as(r.err()).isTrue();
        int released = Integer.parseInt(m.group(1));
        assertThat(released).isGreaterThanOrEqualTo(2);
        assertThat(p.err()).contains("; 0 bodies released");

        Map<String, JsonNode> before = byHandle(plain), after = byHandle(live);
        assertThat(after.keySet()).isEqualTo(before.keySet()); // the same pieces were re-created on the same slots
        int dynamic = 0, departed = 0;
        double dropRecorded = 0, dropLive = 0;
        for (var e : after.entrySet()) {
            JsonNode a = e.getValue(), b = before.get(e.getKey());
            assertThat(b.get("motion").asText()).as("plain replay drives %s", e.getKey()).isNotEqualTo("dynamic");
            if (!a.get("motion").asText().equals("dynamic")) {
                // still driven: exactly the recorded pose, whatever the released pieces did around it
                assertThat(a.get("position")).as(e.getKey()).isEqualTo(b.get("position"));
                continue;
            }
            dynamic++;
            double dx = a.get("position").get(0).asDouble() - b.get("position").get(0).asDouble();
            double dy = a.get("position").get(1).asDouble() - b.get("position").get(1).asDouble();
            double dz = a.get("position").get(2).asDouble() - b.get("position").get(2).asDouble();
            if (Math.sqrt(dx * dx + dy * dy + dz * dz) > 1e-3) {
                departed++;
            }
            // a live piece rests on or above the ground (top at y = 0): none falls through it
            assertThat(a.get("position").get(1).asDouble()).as(e.getKey()).isGreaterThan(-0.05);
        }
        assertThat(dynamic).as("released pieces are dynamic at the end").isEqualTo(released);
        assertThat(departed).as("live pieces leave the recorded motion").isPositive();
    }

    @Test
    void theConsoleReleaseKeyReleasesThePiecesUnderTheCursorMidCollapse() {
        Stages stages = Stages.load();
        try (Playback pb = Playback.open(journal, stages); Playback rec = Playback.open(journal, stages)) {
            ReplaySession rs = new ReplaySession(pb, journal);
            while (pb.cursor() < RELEASE_STEP) {
                rs.step();
                rec.step();
            }
            BodyStore b = pb.world().bodies();
            boolean[] drivenBefore = new boolean[b.slotLimit()];
            for (int s = 0; s < drivenBefore.length; s++) {
                drivenBefore[s] = pb.isDriven(s);
            }
            ConsoleState st = new ConsoleState(); // front view, cursor on the view centre, tool radius 2 m
            st.viewX = 0;
            st.viewY = 2.5; // the impact point
            ConsoleController.handle(new KeyStroke('r', false, false), rs, st);
            Matcher m = Pattern.compile("released (\\d+) bodies to live simulation").matcher(st.status);
            assertThat(m.matches()).as(st.status).isTrue();
            int n = Integer.parseInt(m.group(1));
            assertThat(n).isGreaterThanOrEqualTo(2);
            List<Integer> released = new ArrayList<>();
            for (int s = 0; s < drivenBefore.length; s++) {
                if (drivenBefore[s] && !pb.isDriven(s)) {
                    released.add(s);
                    // within 2 m of the cursor in x and y (front view: any depth)
                    assertThat(Math.abs(b.px[s] - 0)).as("slot %d", s).isLessThanOrEqualTo(2);
                    assertThat(Math.abs(b.py[s] - 2.5)).as("slot %d", s).isLessThanOrEqualTo(2);
                    assertThat(b.motion(s)).isEqualTo(MotionType.DYNAMIC);
                }
            }
            assertThat(released).hasSize(n);
            for (int i = 0; i < 20 && !rs.finished(); i++) {
                rs.step();
                rec.step();
            }
            BodyStore r = rec.world().bodies();
            int departed = 0;
            for (int s = 0, lim = b.slotLimit(); s < lim; s++) {
                if (!b.isLive(s)) {
                    continue;
                }
                assertThat(r.isLive(s)).as("slot %d re-created in both", s).isTrue();
                if (released.contains(s)) {
                    double d = Math.abs(b.px[s] - r.px[s]) + Math.abs(b.py[s] - r.py[s]) + Math.abs(b.pz[s] - r.pz[s]);
                    departed += d > 1e-3 ? 1 : 0;
                    assertThat(b.py[s]).as("slot %d above the ground", s).isGreaterThan(-0.05);
                } else if (pb.isDriven(s)) {
                    assertThat(b.px[s]).as("driven slot %d follows the recording", s).isEqualTo(r.px[s]);
                    assertThat(b.py[s]).isEqualTo(r.py[s]);
                    assertThat(b.pz[s]).isEqualTo(r.pz[s]);
                }
            }
            assertThat(departed).as("released pieces simulate live, away from the recording").isPositive();
        }
    }

    private static Map<String, JsonNode> byHandle(Path state) throws IOException {
        Map<String, JsonNode> m = new HashMap<>();
        for (JsonNode b : new ObjectMapper().readTree(state.toFile()).get("bodies")) {
            m.put(b.get("handle").asText(), b);
        }
        return m;
    }

    /** Copies a journal document by document; {@code edit} may rewrite a document, which is then re-sealed (CRC-32C). */
    private static void copy(Path from, Path to, java.util.function.UnaryOperator<byte[]> edit) {
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
                byte[] edited = edit.apply(doc);
                if (edited != null) {
                    doc = edited;
                    CRC32C crc = new CRC32C();
                    crc.update(doc, 0, doc.length - 4);
                    ByteBuffer.wrap(doc).order(ByteOrder.LITTLE_ENDIAN).putInt(doc.length - 4, (int) crc.getValue());
                }
                try (DocumentContext dc = a.writingDocument()) {
                    dc.wire().bytes().write(doc);
                }
            }
        }
    }

    /**
     * A copy of a format-5 step document in which moved body {@code entry}'s field {@code field}
     * decodes with its lowest bit flipped: the lowest stored byte of the field's XOR flipped, or a
     * byte 0x01 stored where the field was predicted exactly (docs/journal-format.md, "Moved bodies").
     */
    private static byte[] flipLowestBit(byte[] doc, int entry, int field) {
        Bytes<byte[]> b = Bytes.wrapForRead(doc);
        b.readPosition(4 + 8 + 8 + 8 + 8 + 8L * dev.rubble.core.step.StepSlot.values().length + 8 + 8 * 4);
        int nc = b.readInt();
        for (int i = 0; i < nc; i++) {
            dev.rubble.cache.journal.CommandCodec.read(b);
        }
        b.readSkip(10L * b.readInt()); // state changes
        int lenAt = (int) b.readPosition() + 4, p = lenAt + 4;
        for (int i = 0; ; i++) {
            while ((doc[p++] & 0x80) != 0) { // slot varint
            }
            while ((doc[p++] & 0x80) != 0) { // generation varint
            }
            int codes = p + 1; // after the flags
            int at = codes + 7;
            for (int f = 0; f < 13; f++) {
                int c = (doc[codes + (f >> 1)] >> ((f & 1) == 0 ? 4 : 0)) & 0x0F;
                if (i == entry && f == field) {
                    if (c >= 1 && c <= 8) {
                        byte[] out = doc.clone();
                        out[at] ^= 1;
                        return out;
                    }
                    assertThat(c).as("field stored by its high bytes").isZero();
                    byte[] out = new byte[doc.length + 1];
                    System.arraycopy(doc, 0, out, 0, at);
                    out[at] = 1;
                    System.arraycopy(doc, at, out, at + 1, doc.length - at);
                    out[codes + (f >> 1)] |= (byte) ((f & 1) == 0 ? 0x10 : 0x01);
                    ByteBuffer bb = ByteBuffer.wrap(out).order(ByteOrder.LITTLE_ENDIAN);
                    bb.putInt(lenAt, bb.getInt(lenAt) + 1);
                    return out;
                }
                at += c <= 8 ? c : c - 8;
            }
            p = at;
        }
    }
}
