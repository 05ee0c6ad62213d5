package dev.rubble.tui;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.event.EventBuffer;
import dev.rubble.core.event.EventKinds;
import dev.rubble.core.event.EventState;
import dev.rubble.core.step.StepProfile;
import dev.rubble.core.world.StepObserver;
import dev.rubble.core.world.World;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The console's events section (docs/console.md, docs/events.md): per-kind counts of the last step
 * for the kinds switched on, and the last few hits and breaks. Shown only while some kind is on.
 * Hears every step (an observer), so the history does not depend on the redraw rate.
 */
public final class EventsPanel implements StepObserver {
    /** Hits and breaks remembered for the panel. */
    static final int LAST = 3;
    private final ArrayDeque<String> hits = new ArrayDeque<>(), breaks = new ArrayDeque<>();
    private World attached;
    private dev.rubble.cache.playback.Playback attachedPlayback;

    /** Hears {@code world}'s steps from now on (once per world). */
    public void attach(World world) {
        if (attached == world) {
            return;
        }
        if (attached != null) {
            attached.removeObserver(this);
        }
        attached = world;
        world.addObserver(this);
    }

    /**
     * Hears {@code session}'s event stream from now on: a live world's gathered events, or for a
     * replay the journal's recorded events as playback delivers them (once per recorded step).
     */
    public void attach(ConsoleSession session) {
        if (session instanceof ReplaySession r) {
            if (attachedPlayback != r.playback()) {
                attachedPlayback = r.playback();
                attachedPlayback.addEventListener(e -> hear(attachedPlayback.eventState(), e.step()));
            }
            return;
        }
        attach(session.world());
    }

    /** The event switches and last step's events the section shows for {@code session}. */
    static EventState source(ConsoleSession session) {
        return session instanceof ReplaySession r ? r.playback().eventState() : session.world().context().events;
    }

    @Override
    public void afterStep(World world, StepProfile profile) {
        hear(world.context().events, profile.step());
    }

    private void hear(EventState ev, long step) {
        if (ev.activeKinds() == 0) {
            return;
        }
        EventBuffer h = ev.buffer(EventKinds.HIT);
        for (int i = 0; i < h.count(); i++) {
            remember(hits, String.format(Locale.ROOT, "%d hit %s-%s %.1f m/s %.0f Ns", step,
                    BodyStore.handleString(h.ids[EventBuffer.A][i]), BodyStore.handleString(h.ids[EventBuffer.B][i]),
                    h.d[EventBuffer.SPEED][i], h.d[EventBuffer.IMPULSE][i]));
        }
        EventBuffer b = ev.buffer(EventKinds.BREAK);
        for (int i = 0; i < b.count(); i++) {
            remember(breaks, String.format(Locale.ROOT, "%d break c%d n%d %.1f kg %.1f m/s", step,
                    b.ints[EventBuffer.COLLECTION][i], b.ints[EventBuffer.NODE][i], b.d[EventBuffer.MASS_A][i],
                    b.d[EventBuffer.SPEED][i]));
        }
    }

    private static void remember(ArrayDeque<String> q, String line) {
        if (q.size() == LAST) {
            q.removeFirst();
        }
        q.addLast(line);
    }

    /** The section's rows, each cut to {@code pw} columns; empty while no kind is switched on. */
    List<String> lines(World world, int pw) {
        return lines(world.context().events, pw);
    }

    /** As {@link #lines(World, int)} for the switches and events in {@code ev}. */
    List<String> lines(EventState ev, int pw) {
        int on = ev.activeKinds();
        if (on == 0) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        out.add(cut("Events (last step)", pw));
        StringBuilder row = new StringBuilder();
        for (int k = 0; k < EventKinds.COUNT; k++) {
            if ((on & 1 << k) == 0) {
                continue;
            }
            String cell = EventKinds.label(k) + " " + ev.buffer(k).count();
            if (row.length() > 0 && row.length() + 2 + cell.length() > pw) {
                out.add(row.toString());
                row.setLength(0);
            }
            row.append(row.length() > 0 ? "  " : "").append(cell);
        }
        if (row.length() > 0) {
            out.add(cut(row.toString(), pw));
        }
        for (String s : hits) {
            out.add(cut(s, pw));
        }
        for (String s : breaks) {
            out.add(cut(s, pw));
        }
        return out;
    }

    private static String cut(String s, int pw) {
        return s.length() > pw ? s.substring(0, Math.max(0, pw)) : s;
    }
}
