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
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Draws one console frame: a title row, a panel of sections and a side or top view of the world
 * in character cells, a status row and the key rows. Pure drawing onto a {@link TextGraphics} of a
 * given size, so tests render onto Lanterna's virtual terminal.
 *
 * <pre>
 *  rubble | wall | step 120 | t 2.00 s | speed x1 | RUNNING
 *  step   1.83 ms p50   1.20 p99   3.40  60/s    +- side view x,y, 0.50 m/col --+
 *  _.:-=+*#%@ (step times)            ^  4.10 ms |          kkkkk               |
 *  heap 120 / 512 MB  alloc 1.2 KB/step          |          kkXkk               |
 *  Stages / Bodies / contacts / Destruction / Budgets / Journal sections
 *  status of the last key
 *  key rows (wrapped to the width)
 * </pre>
 *
 * Layout: the panel is a column of whole sections, never a cut one. Sections in screen order:
 * frame time (3 rows), stages, bodies, contacts, destruction (6 rows, only with collections),
 * events (only while an event kind is switched on), budgets, journal. When rows are short the stage section shrinks first (all slots, then the
 * slowest ones, then one line, then nothing), bodies and journal keep their compact forms, and if
 * that is still too much whole sections go in the order stages, journal, events, bodies, contacts,
 * budgets, destruction; the frame line goes last. 80×24 shows every section (the stages as one line) next
 * to a 35-column view. Below {@link #MIN_VIEW_WIDTH} columns the view is dropped and the panel
 * takes the whole width.
 */
public final class ConsoleRenderer {
    /** Width of the label column of the stage and body bar rows (fits the longest stage name). */
    static final int LABEL = 12;
    /** Width of the label column of the budget rows. */
    static final int BUDGET_LABEL = 10;
    /** Width of the text after a budget bar. */
    static final int BUDGET_TEXT = 16;

    /** Panel width when the view is shown. */
    public static final int PANEL_WIDTH = 44;
    /** Narrowest terminal that still shows the view. */
    public static final int MIN_VIEW_WIDTH = 70;
    public static final char BAR = '=';
    /** The view's cursor. */
    public static final char CURSOR = 'X';
    /** Key bar of a replay (r releases bodies to live simulation; no explosions or budgets). */
    public static final String KEYS = "space pause  n step  +/- speed  arrows pan  [/] zoom  v view  hjkl cursor  c centre"
            + "  i impulse  r release  q quit";
    /** Key bar of a live run: there is nothing to release. */
    public static final String KEYS_LIVE = "space pause  n step  +/- speed  arrows pan  [/] zoom  v view  hjkl cursor"
            + "  c centre  e explode  f field  i impulse  b/B breaks  t/T throttle  q quit";
    /** What the view's letters mean (issue 28, item 6): its last row, when the view is tall enough. */
    public static final String VIEW_LEGEND = "# static  o awake  z sleeping  k kinematic  = anchored  @ released  + centre"
            + "  X cursor";

    /** The view legend cut to whole entries that fit {@code w} columns (shown while the status row is empty). */
    static String legend(int w) {
        String l = "view: " + VIEW_LEGEND;
        while (l.length() > w && l.contains("  ")) {
            l = l.substring(0, l.lastIndexOf("  "));
        }
        return l.length() > w ? "" : l;
    }

    /** Key row of a terminal too short for two key rows. */
    public static final String KEYS_SHORT = "space pause  n step  e explode  q quit  (all keys: docs/console.md)";
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
        List<String> keys = keyRows(session.canRelease() ? KEYS : KEYS_LIVE, w, h);
        int bottom = h - 1 - keys.size(); // the status row
        boolean view = w >= MIN_VIEW_WIDTH && h >= 10;
        int pw = view ? PANEL_WIDTH : w;
        List<String> panel = panelLines(session, st, pw, Math.max(0, bottom - 1));
        for (int i = 0; i < panel.size(); i++) {
            put(g, 0, 1 + i, pw, panel.get(i));
        }
        if (view) {
            view(g, pw + 1, 1, w - pw - 1, bottom - 1, session, st);
        }
        if (bottom >= 1) {
            put(g, 0, bottom, w, st.status == null || st.status.isEmpty() && view ? legend(w) : st.status);
        }
        for (int i = 0; i < keys.size(); i++) {
            put(g, 0, h - keys.size() + i, w, keys.get(i));
        }
    }

    /**
     * The key rows for a terminal {@code w} columns wide: the key bar in one row if it fits, else
     * wrapped at its double spaces into two (when the terminal has at least 12 rows), else
     * {@link #KEYS_SHORT} (less its last keys where it does not fit).
     */
    static List<String> keyRows(String keys, int w, int h) {
        if (keys.length() <= w) {
            return List.of(keys);
        }
        List<String> rows = new ArrayList<>();
        StringBuilder row = new StringBuilder();
        for (String k : keys.split("  ")) {
            if (row.length() > 0 && row.length() + 2 + k.length() > w) {
                rows.add(row.toString());
                row.setLength(0);
            }
            row.append(row.length() == 0 ? "" : "  ").append(k);
        }
        rows.add(row.toString());
        if (rows.size() <= 2 && h >= 12) {
            boolean fits = true;
            for (String r : rows) {
                fits &= r.length() <= w;
            }
            if (fits) {
                return rows;
            }
        }
        String shortKeys = KEYS_SHORT;
        while (shortKeys.length() > w && shortKeys.contains("  ")) {
            shortKeys = shortKeys.substring(0, shortKeys.lastIndexOf("  ")); // whole keys only
        }
        return List.of(shortKeys.length() > w ? shortKeys.substring(0, Math.max(0, w)) : shortKeys);
    }

    /**
     * The panel's rows for a panel {@code pw} columns wide and {@code rows} tall: whole sections
     * only (see the class comment), every row at most {@code pw} characters where the numbers allow.
     */
    static List<String> panelLines(ConsoleSession session, ConsoleState st, int pw, int rows) {
        World world = session.world();
        st.stats.attach(world);
        boolean destruction = world.destruction().collectionCount() > 0;
        List<String> frame = frame(st.stats, st.stepRate, pw);
        List<String> bodiesCompact = bodiesCompact(world);
        List<String> contacts = contacts(session, world);
        List<String> destr = destruction ? destruction(world, st.stats, pw) : List.of();
        List<String> budgets = budgets(world, st.stats, pw, destruction);
        List<String> journal = List.of(journalCompact(session, st, pw));
        st.events.attach(session); // a replay's section shows the journal's recorded events
        List<String> events = st.events.lines(EventsPanel.source(session), pw); // empty while no event kind is switched on
        // drop whole sections, least important first, until the compact forms fit
        List<List<String>> dropOrder = new ArrayList<>(List.of(journal, events, bodiesCompact, contacts, budgets, destr));
        boolean[] dropped = new boolean[6];
        int base = frame.size() + bodiesCompact.size() + contacts.size() + destr.size() + budgets.size() + journal.size()
                + events.size();
        for (int i = 0; i < dropOrder.size() && base > rows; i++) {
            base -= dropOrder.get(i).size();
            dropped[i] = true;
        }
        int frameRows = Math.min(frame.size(), Math.max(0, rows - base + frame.size()));
        int left = rows - base;
        List<String> stages = List.of();
        List<String> bodies = dropped[2] ? List.of() : bodiesCompact;
        List<String> journalRows = dropped[0] ? List.of() : journal;
        int all = 1 + stageRows(world);
        if (left >= all) {
            stages = stagesAll(world, pw);
            left -= all;
            List<String> full = bodiesFull(world, pw);
            if (!dropped[2] && left >= full.size() - bodiesCompact.size()) {
                left -= full.size() - bodiesCompact.size();
                bodies = full;
            }
            if (!dropped[0] && left >= 1) {
                journalRows = journalFull(session, st, pw);
                left -= 1;
            }
        } else if (left >= 3) {
            stages = stagesSlowest(world, pw, left - 1);
        } else if (left >= 1) {
            stages = List.of(stagesLine(world, pw));
        }
        List<String> out = new ArrayList<>(rows);
        out.addAll(frame.subList(0, Math.max(0, frameRows)));
        out.addAll(stages);
        out.addAll(bodies);
        out.addAll(dropped[3] ? List.of() : contacts);
        out.addAll(dropped[5] ? List.of() : destr);
        out.addAll(dropped[1] ? List.of() : events);
        out.addAll(dropped[4] ? List.of() : budgets);
        out.addAll(journalRows);
        return out;
    }

    // ---- sections -------------------------------------------------------------------------------

    /** Step wall time with p50 / p99 over the window, the sparkline, heap and allocation per step. */
    private static List<String> frame(ConsoleStats s, double stepRate, int pw) {
        String first = String.format(Locale.ROOT, "step %6.2f ms p50 %6.2f p99 %6.2f %3.0f/s", s.lastNanos() / 1e6,
                s.quantileNanos(0.5) / 1e6, s.quantileNanos(0.99) / 1e6, stepRate);
        String top = String.format(Locale.ROOT, " ^%6.2f ms", s.quantileNanos(1) / 1e6);
        String spark = s.sparkline(Math.max(1, pw - top.length())) + top;
        Runtime rt = Runtime.getRuntime();
        long used = rt.totalMemory() - rt.freeMemory();
        long alloc = s.allocatedPerStep();
        String heap = "heap " + used / 1_000_000 + " / " + rt.maxMemory() / 1_000_000 + " MB  alloc "
                + (alloc < 0 ? "n/a" : bytes(alloc) + "/step");
        return List.of(first, spark, heap);
    }

    /** Every slot that has a row, in script order, with a bar of its share of the step. */
    private static List<String> stagesAll(World world, int pw) {
        StepProfile p = world.profile();
        List<String> out = new ArrayList<>();
        out.add("Stages (last step) " + p.totalNanos() / 1000 + " us" + onThreads(p));
        long total = Math.max(1, p.totalNanos());
        int barW = Math.max(1, pw - LABEL - 10);
        for (StepSlot s : STAGES) {
            if (shown(world, s)) {
                long ns = p.nanos(s);
                out.add(pad(s.label(), LABEL) + bar(ns, total, barW) + String.format(Locale.ROOT, "%7d us", ns / 1000));
                if (s == StepSlot.DESTRUCTION) {
                    out.add(passesLine(p, pw));
                }
            }
        }
        return out;
    }

    /**
     * The destruction slot's passes (sub-slots, issue 23) that took time in the last step, slowest
     * first while they fit: {@code " . release 40 connectivity 12 gather 3"} (us).
     */
    static String passesLine(StepProfile p, int pw) {
        dev.rubble.core.destruction.PassSlot[] all = dev.rubble.core.destruction.PassSlot.values();
        List<dev.rubble.core.destruction.PassSlot> l = new ArrayList<>(List.of(all));
        l.sort((a, b) -> Long.compare(p.nanos(b), p.nanos(a))); // stable: ties keep script order
        StringBuilder sb = new StringBuilder("  .");
        for (dev.rubble.core.destruction.PassSlot ps : l) {
            long ns = p.nanos(ps);
            if (ns == 0) {
                break;
            }
            String item = " " + ps.label() + " " + ns / 1000;
            if (sb.length() + item.length() > pw) {
                break;
            }
            sb.append(item);
        }
        return sb.toString();
    }

    /** The {@code k} slowest slots (ties in script order). */
    private static List<String> stagesSlowest(World world, int pw, int k) {
        StepProfile p = world.profile();
        StepSlot[] order = slowest(world);
        List<String> out = new ArrayList<>();
        out.add(slowestHeading(Math.min(k, order.length), order.length, p.totalNanos() / 1000, onThreads(p), pw));
        long total = Math.max(1, p.totalNanos());
        int barW = Math.max(1, pw - LABEL - 10);
        for (int i = 0; i < k && i < order.length; i++) {
            long ns = p.nanos(order[i]);
            out.add(pad(order[i].label(), LABEL) + bar(ns, total, barW) + String.format(Locale.ROOT, "%7d us", ns / 1000));
        }
        return out;
    }

    /**
     * The heading of the slowest-slots section: {@code "Stages (slowest 6 of 14) 1234 us on 1 thread"}, or, when that
     * is wider than the panel ({@code pw}; a step of 10 ms or more), {@code "Stages (6 of 14) 23633 us on 1 thread"}
     * (before, such a heading ran one column past the 44-column panel).
     */
    static String slowestHeading(int shown, int slots, long micros, String threads, int pw) {
        String head = "Stages (slowest " + shown + " of " + slots + ") " + micros + " us" + threads;
        return head.length() <= pw ? head : "Stages (" + shown + " of " + slots + ") " + micros + " us" + threads;
    }

    /** The thread count the step ran on, after the stage section's total (issue 26): {@code " on 2 threads"}. */
    static String onThreads(StepProfile p) {
        return " on " + p.threads() + (p.threads() == 1 ? " thread" : " threads");
    }

    /** One row: the total, then the slowest slots while they fit. */
    private static String stagesLine(World world, int pw) {
        StepProfile p = world.profile();
        StringBuilder sb = new StringBuilder("Stages " + p.totalNanos() / 1000 + " us" + onThreads(p) + ":");
        for (StepSlot s : slowest(world)) {
            String item = " " + s.label() + " " + p.nanos(s) / 1000;
            if (sb.length() + item.length() > pw) {
                break;
            }
            sb.append(item);
        }
        return sb.toString();
    }

    private static StepSlot[] slowest(World world) {
        StepProfile p = world.profile();
        List<StepSlot> l = new ArrayList<>();
        for (StepSlot s : STAGES) {
            if (shown(world, s)) {
                l.add(s);
            }
        }
        l.sort((a, b) -> Long.compare(p.nanos(b), p.nanos(a))); // stable: ties keep script order
        return l.toArray(new StepSlot[0]);
    }

    private static List<String> bodiesFull(World world, int pw) {
        BodyStore b = world.bodies();
        int n = Math.max(1, b.size());
        int kin = world.profile().kinematicBodies();
        int barW = Math.max(1, pw - LABEL - 10);
        List<String> out = new ArrayList<>(List.of("Bodies (" + b.size() + ")",
                count("awake", b.count(BodyState.AWAKE) - kin, n, barW),
                count("sleeping", b.count(BodyState.SLEEPING), n, barW),
                count("kinematic", kin, n, barW),
                count("static", b.count(BodyState.STATIC), n, barW),
                count("disabled", b.count(BodyState.DISABLED), n, barW)));
        String u = unions(world);
        if (u != null) {
            out.add(u);
        }
        return out;
    }

    /**
     * Issue 29: the cluster unions, or null without any: "unions 2: #0 3 members, #1 2 members"
     * (each union is one body; its members are counted as disabled above).
     */
    static String unions(World world) {
        dev.rubble.core.destruction.Unions un = world.destruction().unions();
        if (!un.any()) {
            return null;
        }
        int[] ids = un.ids();
        StringBuilder sb = new StringBuilder("unions " + ids.length + ":");
        for (int i = 0; i < ids.length; i++) {
            sb.append(i == 0 ? " #" : ", #").append(ids[i]).append(' ').append(un.members(ids[i]).length).append(" members");
        }
        return sb.toString();
    }

    private static List<String> bodiesCompact(World world) {
        BodyStore b = world.bodies();
        int kin = world.profile().kinematicBodies();
        int unions = world.destruction().unions().ids().length; // issue 29
        return List.of("Bodies " + b.size() + "  awake " + (b.count(BodyState.AWAKE) - kin) + "  sleeping "
                        + b.count(BodyState.SLEEPING),
                "kinematic " + kin + "  static " + b.count(BodyState.STATIC) + "  disabled " + b.count(BodyState.DISABLED)
                        + (unions > 0 ? "  unions " + unions : ""));
    }

    private static List<String> contacts(ConsoleSession session, World world) {
        List<String> out = new ArrayList<>(3);
        int manifolds = world.contacts().size();
        int points = 0;
        for (int i = 0; i < manifolds; i++) {
            points += world.contacts().pointCount[i];
        }
        out.add("contacts " + points + " pts " + manifolds + " mf " + world.profile().islands() + " islands");
        dev.rubble.core.soft.SoftBodyStore soft = world.softBodies().store(); // docs/soft-bodies.md
        if (soft.size() > 0) {
            out.add(String.format(Locale.ROOT, "soft %d: %d points %d tets %d contacts %d us",
                    soft.size(), soft.state.points, soft.state.tets, world.softBodies().contacts(),
                    world.softBodies().nanos / 1000));
        }
        if (session.health() != null && !session.health().panelLine().isEmpty()) {
            out.add(session.health().panelLine());
        }
        return out;
    }

    /**
     * Breaks and releases (last step, last {@link ConsoleStats#WINDOW} steps, run), the budget
     * queues ({@link DestructionBudgets}), the strained list and the active pieces per level.
     */
    private static List<String> destruction(World world, ConsoleStats s, int pw) {
        DestructionBudgets d = s.budgets();
        List<String> out = new ArrayList<>(6);
        out.add(String.format(Locale.ROOT, "Destruction %6s %9s %9s", "step", ConsoleStats.WINDOW + " st", "run"));
        out.add(String.format(Locale.ROOT, "breaks      %6d %9d %9d", s.lastBreaks(), s.windowBreaks(), s.totalBreaks()));
        out.add(String.format(Locale.ROOT, "releases    %6d %9d %9d", s.lastReleases(), s.windowReleases(),
                s.totalReleases()));
        out.add("deferred " + s.lastDeferred() + "  queue " + d.deferralQueue() + "  oldest " + d.oldestDeferral()
                + " st");
        out.add("strained " + world.destruction().strainedCount() + "  throttled " + s.lastThrottled() + "  removal "
                + d.removalQueue() + "/" + d.shrinking());
        int[] levels = ConsoleStats.activePerLevel(world.destruction());
        StringBuilder sb = new StringBuilder("active");
        for (int lv = 0; lv < levels.length; lv++) {
            String item = "  L" + lv + " " + levels[lv];
            if (sb.length() + item.length() > pw) {
                out.add(sb.toString());
                sb.setLength(0);
                sb.append("     ");
            }
            sb.append(item);
        }
        out.add(sb.toString());
        out.addAll(StressView.lines(world, pw)); // issue 30: nothing without a stress model
        return out;
    }

    /**
     * Budget bars, each the peak of the last {@link ConsoleStats#WINDOW} steps: breaks against the
     * break budget, active pieces against the throttle, and manifolds, contact points and bodies
     * against the world's budgets, where a step's use is what it solved plus what the budget dropped
     * (so a full budget shows full however few manifolds are left in the store when drawing).
     */
    private static List<String> budgets(World world, ConsoleStats s, int pw, boolean destruction) {
        WorldSettings ws = world.settings();
        DestructionBudgets d = s.budgets();
        int barW = Math.max(1, pw - BUDGET_LABEL - BUDGET_TEXT);
        List<String> out = new ArrayList<>(6);
        out.add("Budgets (peak of the last " + ConsoleStats.WINDOW + " steps)");
        if (destruction) {
            int allowed = d.breaksAllowed();
            int peak = s.peakBreaks();
            out.add(allowed == DestructionBudgets.UNLIMITED
                    ? budgetRow("breaks", 0, 1, barW, peak + "/step no limit")
                    : budgetRow("breaks", peak, allowed, barW, peak + " of " + count(allowed) + "/st"));
            int active = world.destruction().activeCount();
            int max = d.throttleMax();
            out.add(max == DestructionBudgets.UNLIMITED
                    ? budgetRow("throttle", 0, 1, barW, count(active) + " active, off")
                    : budgetRow("throttle", active, max, barW, count(active) + " of " + count(max)));
        }
        int mf = s.peakManifoldDemand(), pts = s.peakPointDemand();
        out.add(budgetRow("manifolds", mf, ws.maxManifolds(), barW,
                percent(mf, ws.maxManifolds()) + " drop " + count(s.peakDroppedManifolds())));
        out.add(budgetRow("contacts", pts, ws.maxContacts(), barW,
                percent(pts, ws.maxContacts()) + " drop " + count(s.peakDroppedPoints())));
        out.add(budgetRow("bodies", s.peakBodies(), ws.maxBodies(), barW, percent(s.peakBodies(), ws.maxBodies())));
        return out;
    }

    private static String budgetRow(String label, long used, long max, int barW, String text) {
        String t = text.length() > BUDGET_TEXT - 1 ? text.substring(0, BUDGET_TEXT - 1) : text;
        return pad(label, BUDGET_LABEL) + bar(used, max, barW) + " ".repeat(BUDGET_TEXT - t.length()) + t;
    }

    /** A share as a percentage: one decimal under 10 %, none above; demand past the budget shows above 100 %. */
    static String percent(long used, long max) {
        double p = 100.0 * used / Math.max(1, max);
        return p < 10 ? String.format(Locale.ROOT, "%.1f%%", p) : String.format(Locale.ROOT, "%.0f%%", p);
    }

    /** A count in at most 5 characters: as it is below 100 000, then 123k, then 12.3M. */
    static String count(long n) {
        if (n < 100_000) {
            return Long.toString(n);
        }
        if (n < 10_000_000) {
            return n / 1000 + "k";
        }
        return String.format(Locale.ROOT, "%.1fM", n / 1e6);
    }

    private static String journalCompact(ConsoleSession session, ConsoleState st, int pw) {
        String tail = "  " + bytes(session.journalBytes()) + "  " + bytes((long) st.journalRate) + "/s";
        return "Journal " + journalLabel(session, pw - 8 - tail.length()) + tail;
    }

    private static List<String> journalFull(ConsoleSession session, ConsoleState st, int pw) {
        return List.of("Journal " + journalLabel(session, pw - 8),
                String.format(Locale.ROOT, "size %s  rate %s/s", bytes(session.journalBytes()), bytes((long) st.journalRate)));
    }

    /** "recording DIR" / "replay DIR" / "off" in {@code n} columns: the word stays, the directory keeps its end. */
    private static String journalLabel(ConsoleSession session, int n) {
        String label = session.journalLabel();
        int sp = label.indexOf(' ');
        if (label.length() <= n || sp < 0 || sp + 4 > n) {
            return ellipsize(label, n);
        }
        return label.substring(0, sp + 1) + ellipsize(label.substring(sp + 1), n - sp - 1);
    }

    /** {@code s}, or its end after "..." when longer than {@code n} (a journal path keeps its last part). */
    static String ellipsize(String s, int n) {
        if (s.length() <= n) {
            return s;
        }
        return n <= 3 ? s.substring(0, Math.max(0, n)) : "..." + s.substring(s.length() - (n - 3));
    }

    /** The slots only a capability fills: fields, soft, destruction, removal, events. */
    static boolean optional(StepSlot s) {
        return s == StepSlot.FIELDS || s == StepSlot.SOFT || s == StepSlot.DESTRUCTION || s == StepSlot.REMOVAL
                || s == StepSlot.EVENTS;
    }

    /**
     * Whether the panel shows slot {@code s}: every slot that always runs; an optional one only
     * while it has work (destruction: a placed collection; removal: a collection that removes
     * pieces; fields: a field evaluated in the last step; the others: time spent).
     */
    static boolean shown(World world, StepSlot s) {
        if (!optional(s)) {
            return true;
        }
        if (s == StepSlot.DESTRUCTION) {
            return world.destruction().collectionCount() > 0;
        }
        if (s == StepSlot.REMOVAL) {
            return world.destruction().removalUsed(); // bound by default; work once a collection removes pieces
        }
        if (s == StepSlot.EVENTS) {
            return world.context().events.activeKinds() != 0; // bound by default; work once a kind is switched on
        }
        if (s == StepSlot.FIELDS) {
            return world.context().fields.ranLastStep(); // bound by default (issue 24); work while a field runs
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

    private static String count(String label, int v, int n, int barW) {
        return pad(label, LABEL) + bar(v, n, barW) + String.format(Locale.ROOT, "%7d", v);
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
        int drawn = st.frame.count();
        FrameBuilder.clusters(world, st.frame); // anchored pieces marked '=' (a live world's collections)
        session.markAnchored(st.frame, drawn); // a replay's: its world holds the recorded bodies, not the collections
        FrameBuilder.unions(world, st.frame); // a welded union fills its members' cells, not its whole bounds
        FrameBuilder.softBodies(world.softBodies().store(), st.frame); // control points drawn as '~' (docs/soft-bodies.md)
        ViewRenderer.INSTANCE.render(st.frame, RenderView.cells(st.topView, st.viewX, st.viewY, st.scale),
                new TextCells(g, x0 + 1, y0 + 1, cols, rows));
        // the cursor on top of everything (the renderer marks the view centre; the cursor starts there)
        int cc = cols / 2 + st.cursorCol, cr = rows / 2 + st.cursorRow;
        if (cc >= 0 && cc < cols && cr >= 0 && cr < rows) {
            g.setCharacter(x0 + 1 + cc, y0 + 1 + cr, CURSOR);
        }
    }

    /** The class-path {@code console} renderer, loaded on first use. */
    private static final class ViewRenderer {
        static final Renderer INSTANCE = Stages.load().create(StageFamily.RENDERER, "console", StageConfig.empty());
    }
}
