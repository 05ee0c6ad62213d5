package dev.rubble.tui;

import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.graphics.TextGraphics;
import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.plugin.StageFamily;
import dev.rubble.core.plugin.Stages;
import dev.rubble.core.render.FrameBuilder;
import dev.rubble.core.step.StepProfile;
import dev.rubble.core.step.StepSlot;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.core.world.World;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.render.RenderView;
import dev.rubble.spi.render.Renderer;
import java.util.Locale;

/**
 * Draws one console frame: a title row, a panel (stage times, bodies by state, contacts, budgets,
 * journal) and a side or top view of the world in character cells, a status row and a key row.
 * Pure drawing onto a {@link TextGraphics} of a given size, so tests render onto Lanterna's
 * virtual terminal. Layout adapts: below {@link #MIN_VIEW_WIDTH} columns the view is dropped and
 * the panel takes the whole width; bars shrink with the panel.
 *
 * <pre>
 *  rubble | pile | step 120 | t 2.00 s | x1 | RUNNING
 *  Stage time (last step)      |+-- side view x,y  0.5 m/col ---+
 *  commands   ==          12 us|| o  o                           |
 *  ...                         ||######################          |
 * </pre>
 */
public final class ConsoleRenderer {
    /** Width of the label column of the bar rows (fits the longest stage name). */
    static final int LABEL = 12;

    /** Panel width when the view is shown. */
    public static final int PANEL_WIDTH = 44;
    /** Narrowest terminal that still shows the view. */
    public static final int MIN_VIEW_WIDTH = 70;
    public static final char BAR = '=';
    /** Key bar of a replay (r releases bodies to live simulation). */
    public static final String KEYS = "space pause  n step  +/- speed  arrows pan  [/] zoom  v view  i impulse  r release  q quit";
    /** Key bar of a live run: there is nothing to release. */
    public static final String KEYS_LIVE = "space pause  n step  +/- speed  arrows pan  [/] zoom  v view  i impulse  q quit";
    private static final StepSlot[] STAGES = StepSlot.values();

    private ConsoleRenderer() {
    }

    /** Draws the whole frame. */
    public static void render(TextGraphics g, TerminalSize size, ConsoleSession session, ConsoleState st) {
        int w = size.getColumns(), h = size.getRows();
        g.fill(' ');
        World world = session.world();
        String mode = session.finished() ? "DONE" : st.paused ? "PAUSED" : "RUNNING";
        put(g, 0, 0, w, String.format(Locale.ROOT, "rubble | %s | step %d %s| t %.2f s | speed x%s | %s",
                session.title(), world.stepIndex(), session.position().isEmpty() ? "" : "(" + session.position() + ") ",
                world.time(), ConsoleController.fmt(session.speed()), mode));
        boolean view = w >= MIN_VIEW_WIDTH && h >= 10;
        int pw = view ? PANEL_WIDTH : w;
        panel(g, pw, h - 3, session, st);
        if (view) {
            view(g, pw + 1, 1, w - pw - 1, h - 3, session, st);
        }
        put(g, 0, h - 2, w, st.status);
        put(g, 0, h - 1, w, session.canRelease() ? KEYS : KEYS_LIVE);
    }

    private static void panel(TextGraphics g, int pw, int bottom, ConsoleSession session, ConsoleState st) {
        World world = session.world();
        StepProfile p = world.profile();
        int row = 1;
        int barW = Math.max(1, pw - LABEL - 10);
        // the total shares the heading row: the slots that always run (13) then fit where 12 did
        row = line(g, row, bottom, pw, String.format(Locale.ROOT, "Stage time (last step) %d us  %.0f steps/s",
                p.totalNanos() / 1000, st.stepRate));
        long total = Math.max(1, p.totalNanos());
        for (StepSlot s : STAGES) {
            long ns = p.nanos(s);
            if (!shown(world, s)) {
                continue; // an optional slot with nothing to do (fields, soft, destruction, removal, events) takes no row
            }
            row = line(g, row, bottom, pw, pad(s.label(), LABEL) + bar(ns, total, barW) + String.format(Locale.ROOT, "%7d us", ns / 1000));
        }
        BodyStore b = world.bodies();
        int n = Math.max(1, b.size());
        int kin = p.kinematicBodies();
        int awake = b.count(BodyState.AWAKE);
        row = line(g, row, bottom, pw, "Bodies (" + b.size() + ")");
        row = count(g, row, bottom, pw, "awake", awake - kin, n, barW);
        row = count(g, row, bottom, pw, "sleeping", b.count(BodyState.SLEEPING), n, barW);
        row = count(g, row, bottom, pw, "kinematic", kin, n, barW);
        row = count(g, row, bottom, pw, "static", b.count(BodyState.STATIC), n, barW);
        row = count(g, row, bottom, pw, "disabled", b.count(BodyState.DISABLED), n, barW);
        int manifolds = world.contacts().size();
        int points = 0;
        for (int i = 0; i < manifolds; i++) {
            points += world.contacts().pointCount[i];
        }
        row = line(g, row, bottom, pw, "contacts " + points + " in " + manifolds + " manifolds  islands "
                + world.profile().islands());
        dev.rubble.core.soft.SoftBodyStore soft = world.softBodies().store(); // docs/soft-bodies.md
        if (soft.size() > 0) {
            row = line(g, row, bottom, pw, String.format(Locale.ROOT, "soft %d: %d points %d tets %d contacts %d us",
                    soft.size(), soft.state.points, soft.state.tets, world.softBodies().contacts(),
                    world.softBodies().nanos / 1000));
        }
        if (session.health() != null && !session.health().panelLine().isEmpty()) {
            row = line(g, row, bottom, pw, session.health().panelLine());
        }
        WorldSettings ws = world.settings();
        row = line(g, row, bottom, pw, "Budgets (used / limit)");
        row = budget(g, row, bottom, pw, "bodies", b.size(), ws.maxBodies(), barW);
        row = budget(g, row, bottom, pw, "manifolds", manifolds, ws.maxManifolds(), barW);
        row = budget(g, row, bottom, pw, "contacts", points, ws.maxContacts(), barW);
        row = line(g, row, bottom, pw, "Journal " + session.journalLabel());
        line(g, row, bottom, pw, String.format(Locale.ROOT, "size %s  rate %s/s", bytes(session.journalBytes()),
                bytes((long) st.journalRate)));
    }

    /** The slots only a capability fills: fields, soft, destruction, removal, events. */
    static boolean optional(StepSlot s) {
        return s == StepSlot.FIELDS || s == StepSlot.SOFT || s == StepSlot.DESTRUCTION || s == StepSlot.REMOVAL
                || s == StepSlot.EVENTS;
    }

    /**
     * Whether the panel shows slot {@code s}: every slot that always runs; an optional one only
     * while it has work (destruction: a placed collection; the others: time spent).
     */
    static boolean shown(World world, StepSlot s) {
        if (!optional(s)) {
            return true;
        }
        if (s == StepSlot.DESTRUCTION) {
            return world.destruction().collectionCount() > 0;
        }
        return world.profile().nanos(s) != 0;
    }

    /** Rows the stage panel shows for {@code world}'s last step. */
    static int stageRows(World world) {
        int n = 0;
        for (StepSlot s : STAGES) {
            if (shown(world, s)) {
                n++;
            }
        }
        return n;
    }

    private static int count(TextGraphics g, int row, int bottom, int pw, String label, int v, int n, int barW) {
        return line(g, row, bottom, pw, pad(label, LABEL) + bar(v, n, barW) + String.format(Locale.ROOT, "%7d", v));
    }

    private static int budget(TextGraphics g, int row, int bottom, int pw, String label, long used, long max, int barW) {
        return line(g, row, bottom, pw, pad(label, LABEL) + bar(used, max, barW)
                + String.format(Locale.ROOT, "%6.1f%%", 100.0 * used / max));
    }

    /** A bar of {@code width} cells, {@code round(v / max * width)} of them filled with {@link #BAR}. */
    public static String bar(long v, long max, int width) {
        int k = (int) Math.round((double) Math.max(0, Math.min(v, max)) / Math.max(1, max) * width);
        return "=".repeat(k) + " ".repeat(width - k);
    }

    static String bytes(long b) {
        if (b < 10_000) {
            return b + " B";
        }
        if (b < 10_000_000) {
            return String.format(Locale.ROOT, "%.1f KB", b / 1e3);
        }
        return String.format(Locale.ROOT, "%.1f MB", b / 1e6);
    }

    private static int line(TextGraphics g, int row, int bottom, int w, String s) {
        if (row < bottom) {
            put(g, 0, row, w, s);
        }
        return row + 1;
    }

    private static void put(TextGraphics g, int x, int y, int w, String s) {
        g.putString(x, y, s.length() > w ? s.substring(0, Math.max(0, w)) : s);
    }

    private static String pad(String s, int n) {
        return s.length() >= n ? s.substring(0, n) : s + " ".repeat(n - s.length());
    }

    private static void view(TextGraphics g, int x0, int y0, int w, int h, ConsoleSession session, ConsoleState st) {
        String title = String.format(Locale.ROOT, "+- %s view %s, %s m/col ", st.topView ? "top" : "side",
                st.topView ? "x,z" : "x,y", ConsoleController.fmt(st.scale));
        put(g, x0, y0, w, title + "-".repeat(Math.max(0, w - title.length() - 1)) + "+");
        int cols = w - 2, rows = h - 2;
        if (cols < 1 || rows < 1) {
            return;
        }
        for (int r = 1; r <= rows; r++) {
            g.setCharacter(x0, y0 + r, '|');
            g.setCharacter(x0 + w - 1, y0 + r, '|');
        }
        put(g, x0, y0 + rows + 1, w, "+" + "-".repeat(Math.max(0, w - 2)) + "+");
        // the world view is a renderer plugin (family renderer, name console): it sees a frame, never the world
        World world = session.world();
        FrameBuilder.fill(world.bodies(), world.stepIndex(), world.time(), session::driven, session.replay(), st.frame);
        FrameBuilder.softBodies(world.softBodies().store(), st.frame); // control points drawn as '~' (docs/soft-bodies.md)
        ViewRenderer.INSTANCE.render(st.frame, RenderView.cells(st.topView, st.viewX, st.viewY, st.scale),
                new TextCells(g, x0 + 1, y0 + 1, cols, rows));
    }

    /** The class-path {@code console} renderer, loaded on first use. */
    private static final class ViewRenderer {
        static final Renderer INSTANCE = Stages.load().create(StageFamily.RENDERER, "console", StageConfig.empty());
    }
}
