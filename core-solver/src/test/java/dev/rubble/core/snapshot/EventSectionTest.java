package dev.rubble.core.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.command.Command;
import dev.rubble.core.event.EventBuffer;
import dev.rubble.core.event.EventKinds;
import dev.rubble.core.event.EventRequest;
import dev.rubble.core.event.EventState;
import dev.rubble.core.world.World;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Section EVNT (version 5, issue 25): a world restored from a snapshot taken mid-run with events on
 * emits, for the remaining steps, exactly the events of the uninterrupted run (every field, raw
 * bits), including the switches, filters, caps and sorts set by commands, per-body switches, hit
 * latches of contacts in progress and the sleep/wake memory.
 */
final class EventSectionTest {

    /** The pile with contact kinds on (hits capped and sorted), moved capped, sleep/wake for five boxes only. */
    private static World pileWithEvents() {
        World w = WorldSnapshotTest.pile("grid");
        w.queue(new Command.SetEventRequest(EventKinds.HIT, new EventRequest(true, 0, 0.3, 0, 0,
                Double.POSITIVE_INFINITY, 0, 0, 0, 6, EventRequest.SORT_IMPULSE)));
        w.queue(new Command.SetEventRequest(EventKinds.BEGIN, EventRequest.defaults(EventKinds.BEGIN).withGlobal(true)));
        w.queue(new Command.SetEventRequest(EventKinds.END, EventRequest.defaults(EventKinds.END).withGlobal(true)));
        w.queue(new Command.SetEventRequest(EventKinds.MOVED, new EventRequest(true, 0, 0.05, 0, 0, 2.0, 0, 0.5, 0, 3,
                EventRequest.SORT_NEAREST)));
        for (int i = 0; i < 5; i++) {
            w.queue(new Command.SetBodyEvents(w.findByLabel("box0" + i + "2"), 1 << EventKinds.SLEEP | 1 << EventKinds.WAKE));
        }
        w.queue(new Command.SetCollectionEvents(2, 1 << EventKinds.BREAK | 1 << EventKinds.TRAILING));
        return w;
    }

    static List<String> dump(long step, EventState ev) {
        List<String> out = new ArrayList<>();
        for (int k = 0; k < EventKinds.COUNT; k++) {
            EventBuffer b = ev.buffer(k);
            for (int i = 0; i < b.count(); i++) {
                StringBuilder s = new StringBuilder().append(step).append(' ').append(EventKinds.label(k));
                for (int f = 0; f < EventBuffer.LONGS; f++) {
                    s.append(' ').append(b.ids[f][i]);
                }
                for (int f : new int[] {EventBuffer.COLLECTION, EventBuffer.NODE, EventBuffer.CAUSE}) {
                    s.append(' ').append(b.ints[f][i]);
                }
                for (int f = 0; f < EventBuffer.DOUBLES; f++) {
                    s.append(' ').append(Long.toHexString(Double.doubleToRawLongBits(b.d[f][i])));
                }
                out.add(s.toString());
            }
        }
        return out;
    }

    private static List<String> run(World w, int steps) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < steps; i++) {
            w.step();
            out.addAll(dump(w.stepIndex(), w.context().events));
        }
        return out;
    }

    @Test
    void aRestoredWorldEmitsTheUninterruptedRunsEventsFromSeveralPoints() throws IOException {
        int after = 300;
        List<String> all = new ArrayList<>();
        for (int at : new int[] {0, 1, 30, 45}) {
            World original = pileWithEvents();
            run(original, at);
            byte[] snap = WorldSnapshotTest.save(original);
            World restored = WorldSnapshotTest.restore(snap);
            List<String> expected = run(original, after);
            List<String> got = run(restored, after);
            assertThat(expected).as("from step %d", at).isNotEmpty();
            assertThat(got).as("from step %d", at).containsExactlyElementsOf(expected);
            all.addAll(expected);
        }
        assertThat(all).as("hits, begins, ends, and the per-body sleep switch, after a snapshot")
                .anyMatch(l -> l.contains(" hit ")).anyMatch(l -> l.contains(" begin ")).anyMatch(l -> l.contains(" end "))
                .anyMatch(l -> l.contains(" sleep ")).anyMatch(l -> l.contains(" moved "));
    }

    @Test
    void theSectionCarriesTheSwitchesAndWithoutItTheStreamDiffers() throws IOException {
        World original = pileWithEvents();
        run(original, 30);
        byte[] snap = WorldSnapshotTest.save(original);
        World restored = WorldSnapshotTest.restore(snap);
        EventState a = original.context().events, b = restored.context().events;
        assertThat(b.activeKinds()).isEqualTo(a.activeKinds());
        for (int k = 0; k < EventKinds.COUNT; k++) {
            assertThat(b.request(k)).as(EventKinds.label(k)).isEqualTo(a.request(k));
        }
        int box = original.bodies().slot(original.findByLabel("box032"));
        assertThat(b.bodyKinds(restored.bodies(), box)).isEqualTo(1 << EventKinds.SLEEP | 1 << EventKinds.WAKE);
        assertThat(b.collectionKinds(2)).isEqualTo(1 << EventKinds.BREAK | 1 << EventKinds.TRAILING);

        // the same file without EVNT (as version 4 wrote it) restores a world that gathers nothing
        Map<String, byte[]> sections = new LinkedHashMap<>(SnapshotFile.parse(snap, "v5"));
        sections.remove("EVNT");
        sections.remove("UNIO"); // version 6 (issue 29)
        sections.remove("JNTS"); // version 7 (constraints, issue 29): none in this world
        sections.remove("FILT"); // version 8
        sections.remove("STRS"); // version 10 (stress models, issue 30): none in this world
        World v4 = WorldSnapshotTest.restore(SoftBodySectionTest.assemble(4, sections));
        assertThat(v4.context().events.activeKinds()).isZero();
        List<String> expected = run(original, 60);
        assertThat(run(v4, 60)).isEmpty();
        assertThat(expected).isNotEmpty();
        assertThat(v4.stateHash()).as("the bodies themselves are unaffected").isEqualTo(original.stateHash());
    }

    @Test
    void aDamagedSectionIsNamedAndNothingHuge() throws IOException {
        World original = pileWithEvents();
        run(original, 5);
        Map<String, byte[]> sections = new LinkedHashMap<>(SnapshotFile.parse(WorldSnapshotTest.save(original), "s"));
        byte[] evnt = sections.get("EVNT").clone();
        // the first collection switch's index (after the kinds and the five body switches) becomes 2^31 - 1
        int at = 4 + EventKinds.COUNT * (1 + 8 * 8 + 4 + 4) + 4 + 5 * (4 + 8 + 4) + 4;
        java.nio.ByteBuffer.wrap(evnt).putInt(at, Integer.MAX_VALUE);
        sections.put("EVNT", evnt);
        byte[] bad = SoftBodySectionTest.assemble(SnapshotFile.VERSION_NO_FRAMES, sections);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> WorldSnapshotTest.restore(bad))
                .isInstanceOf(SnapshotException.class).hasMessageContaining("is damaged: collection event switch 0 for"
                        + " collection 2147483647; allowed: 0..1048576");
        evnt = sections.get("EVNT").clone();
        java.nio.ByteBuffer.wrap(evnt).putDouble(4 + 1 + 8, -1); // the first kind's minSpeed
        sections.put("EVNT", evnt);
        byte[] bad2 = SoftBodySectionTest.assemble(SnapshotFile.VERSION_NO_FRAMES, sections);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> WorldSnapshotTest.restore(bad2))
                .isInstanceOf(SnapshotException.class).hasMessageContaining("is damaged: event request begin: minSpeed = -1.0");
    }

    /**
     * Issue 29: format 9 added a twelfth kind (constraint breaks) after the first eleven. A format 8
     * file (EVNT with 11 kinds) still restores: its 11 requests as saved, constraint breaks off, and the
     * same events as the uninterrupted run; a format 9 file whose EVNT holds 11 kinds is damage.
     */
    @Test
    void aFormat8FileWithElevenKindsRestoresWithConstraintBreaksOff() throws IOException {
        World original = pileWithEvents();
        original.queue(new Command.SetEventRequest(EventKinds.CONSTRAINT_BREAK,
                EventRequest.defaults(EventKinds.CONSTRAINT_BREAK).withGlobal(true)));
        run(original, 30);
        byte[] snap = WorldSnapshotTest.save(original);
        assertThat(WorldSnapshotTest.restore(snap).context().events.global(EventKinds.CONSTRAINT_BREAK))
                .as("format 9 keeps the twelfth kind's switch").isTrue();
        Map<String, byte[]> sections = new LinkedHashMap<>(SnapshotFile.parse(snap, "v10"));
        byte[] evnt = sections.get("EVNT");
        int per = 1 + 8 * 8 + 4 + 4; // global, 8 doubles, maxResults, sort
        assertThat(java.nio.ByteBuffer.wrap(evnt).getInt(0)).isEqualTo(12);
        byte[] v8 = new byte[evnt.length - per];
        System.arraycopy(evnt, 0, v8, 0, 4 + 11 * per);
        System.arraycopy(evnt, 4 + 12 * per, v8, 4 + 11 * per, evnt.length - 4 - 12 * per);
        java.nio.ByteBuffer.wrap(v8).putInt(0, 11);
        sections.put("EVNT", v8);
        sections.remove("STRS"); // version 10 (stress models, issue 30): none in this world
        World fromV8 = WorldSnapshotTest.restore(SoftBodySectionTest.assemble(8, sections));
        EventState a = original.context().events, b = fromV8.context().events;
        for (int k = 0; k < 11; k++) {
            assertThat(b.request(k)).as(EventKinds.label(k)).isEqualTo(a.request(k));
        }
        assertThat(b.request(EventKinds.CONSTRAINT_BREAK)).isEqualTo(EventRequest.defaults(EventKinds.CONSTRAINT_BREAK));
        assertThat(b.global(EventKinds.CONSTRAINT_BREAK)).isFalse();
        List<String> expected = run(original, 60);
        assertThat(expected).isNotEmpty();
        assertThat(run(fromV8, 60)).containsExactlyElementsOf(expected);
        byte[] bad = SoftBodySectionTest.assemble(9, sections);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> WorldSnapshotTest.restore(bad))
                .isInstanceOf(SnapshotException.class).hasMessageContaining("event kinds = 11; allowed: 12");
    }
}
