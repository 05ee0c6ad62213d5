package dev.rubble.tui;

import static org.assertj.core.api.Assertions.assertThat;

import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.terminal.virtual.DefaultVirtualTerminal;
import dev.rubble.cache.journal.JournalWriter;
import dev.rubble.cli.Main;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.command.Command;
import dev.rubble.core.destruction.BreakEvents;
import dev.rubble.core.destruction.DestructionRuntime;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;
import dev.rubble.spi.collection.CollectionAsset;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The destruction panel, the explosion key and the budget keys (issue 14). */
final class ConsoleDestructionTest {
    /** A 3 x 2 x 0.3 m wall of 12 Voronoi pieces, anchored along its base, too strong to break by itself. */
    static final String WALL = """
            {"format": "rubble-scenario/1", "name": "wall",
             "bodies": [{"id": "ground", "state": "static", "shape": {"type": "box", "halfExtents": [20, 0.5, 20]},
                         "position": [0, -0.5, 0]}],
             "collections": [{"id": "wall", "recipe": {"box": [1.5, 1, 0.15], "levels": [{"options": {"count": 12}}], "seed": 3},
                              "position": [0, 1, 0], "anchors": {"boxes": [{"min": [-1.5, -1, -0.15], "max": [1.5, -0.7, 0.15]}]},
                              "destruction": {"damageOptions": {"thresholds": [1e9]}}}]}""";

    static ScenarioWorld wall() {
        return ScenarioWorld.create(ScenarioLoader.parse(WALL), ConsoleRendererTest.STAGES);
    }

    private static KeyStroke key(char c) {
        return new KeyStroke(c, false, false);
    }

    /**
     * The root's children whose bounds (collection frame, which is the world frame here: the wall is
     * placed unrotated with its centre of mass where the recipe put it) come within {@code r} of the
     * point: brute force over the asset, the explosion's expected breaks.
     */
    static List<Integer> childrenWithin(DestructionRuntime d, double x, double y, double z, double r, double ox, double oy,
                                        double oz) {
        CollectionAsset a = d.asset(0);
        double[] bo = a.bounds();
        List<Integer> out = new ArrayList<>();
        for (int n = 0; n < a.nodeCount(); n++) {
            if (a.parent()[n] != 0) {
                continue;
            }
            int k = 6 * n;
            double lx = x - ox, ly = y - oy, lz = z - oz;
            double ex = Math.max(Math.max(bo[k] - lx, 0), lx - bo[k + 3]);
            double ey = Math.max(Math.max(bo[k + 1] - ly, 0), ly - bo[k + 4]);
            double ez = Math.max(Math.max(bo[k + 2] - lz, 0), lz - bo[k + 5]);
            if (ex * ex + ey * ey + ez * ez <= r * r) {
                out.add(n);
            }
        }
        return out;
    }

    @Test
    void theExplosionKeyBreaksWhatItsSphereMeetsPushesTheReleasedPiecesAndIsJournalled(@TempDir Path dir) throws IOException {
        ScenarioWorld sw = wall();
        Path journal = dir.resolve("j");
        try (JournalWriter jw = JournalWriter.create(journal, sw.world(), "wall", WALL)) {
            sw.world().addObserver(jw);
            LiveSession s = new LiveSession(sw, jw, Long.MAX_VALUE);
            ConsoleState st = new ConsoleState();
            st.viewX = 0;
            st.viewY = 1;
            st.scale = 0.25;
            st.toolRadius = 0.5;
            st.stats.step(s);
            // the cursor: 4 columns right (1 m) and 1 row up (0.5 m) of the view centre
            for (char c : "llllk".toCharArray()) {
                ConsoleController.handle(key(c), s, st);
            }
            assertThat(st.status).isEqualTo("cursor 1.0, 1.5");
            assertThat(st.cursorU()).isEqualTo(1.0);
            assertThat(st.cursorV()).isEqualTo(1.5);
            ConsoleController.handle(key('e'), s, st);
            // depth: the middle of the wall, the front-most body under the cursor
            assertThat(st.status).startsWith("explosion at 1.0, 1.5, 0.0 (r 0.50 m)");
            DestructionRuntime d = sw.world().destruction();
            // the wall's collection frame: the recipe centres the box on the collection origin (0, 1, 0)
            List<Integer> expected = childrenWithin(d, 1.0, 1.5, 0, 0.5, 0, 1, 0);
            assertThat(expected).isNotEmpty();

            st.stats.step(s); // applies the strain; they break in this step's destruction slot
            assertThat(sw.world().appliedCommands()).hasAtLeastOneElementOfType(Command.ExternalStrainAt.class);
            BreakEvents e = d.events();
            List<Integer> broken = new ArrayList<>();
            for (int k = 0; k < e.count(); k++) {
                if (e.kind[k] == BreakEvents.BREAK) {
                    broken.add(e.node[k]);
                }
            }
            assertThat(broken).containsExactlyInAnyOrderElementsOf(expected);
            assertThat(st.stats.lastBreaks()).isEqualTo(expected.size());
            assertThat(st.stats.lastReleases()).isEqualTo(e.count());
            List<Long> released = new ArrayList<>();
            for (int k = 0; k < e.count(); k++) {
                released.add(e.body[k]);
            }

            st.stats.step(s); // the follow-up impulses reach the released pieces
            BodyStore b = sw.world().bodies();
            int pushed = 0;
            for (long h : released) {
                int slot = (int) h;
                if (!b.isLive(slot) || b.handle(slot) != h || b.motion(slot) != MotionType.DYNAMIC) {
                    continue;
                }
                double dx = b.px[slot] - 1.0, dy = b.py[slot] - 1.5;
                if (dx * dx + dy * dy > 0.25) {
                    continue;
                }
                // away from the point in the view plane and upwards: dv (dx, dy)/|d| + (0, dv), less a step of gravity
                double dist = Math.sqrt(dx * dx + dy * dy);
                double away = (b.vx[slot] * dx + b.vy[slot] * dy) / dist;
                assertThat(away).as("piece %d moves away from the explosion", slot).isGreaterThan(1);
                assertThat(b.vy[slot]).isGreaterThan(ConsoleController.EXPLOSION_DV * 0.5);
                pushed++;
            }
            assertThat(pushed).as("released dynamic pieces within the radius").isPositive();

            // the panel: breaks in the window and the run, active pieces per level
            for (int i = 0; i < 3; i++) {
                st.stats.step(s);
            }
            DefaultVirtualTerminal vt = ConsoleRendererTest.render(s, st, 80, 24);
            String breaks = rowAfter(vt, "Destruction", 1).substring(0, 44).stripTrailing();
            assertThat(breaks).isEqualTo(String.format("breaks      %6d %9d %9d", 0, expected.size(), expected.size()));
            int[] levels = ConsoleStats.activePerLevel(d);
            String active = ConsoleStatsTest.rowStartingWith(vt, "active").substring(0, 44).stripTrailing();
            StringBuilder want = new StringBuilder("active");
            for (int lv = 0; lv < levels.length; lv++) {
                want.append("  L").append(lv).append(' ').append(levels[lv]);
            }
            assertThat(active).isEqualTo(want.toString());
            // every active piece counted once: level 1 holds at least the broken pieces
            int sum = 0;
            for (int v : levels) {
                sum += v;
            }
            assertThat(sum).isEqualTo(d.activeCount());
            assertThat(levels[1]).isGreaterThanOrEqualTo(expected.size());
        }
        // the journal re-simulates bit for bit: the explosion went in as ordinary commands
        StringWriter out = new StringWriter(), err = new StringWriter();
        assertThat(Main.execute(new String[] {"verify", journal.toString()}, new PrintWriter(out), new PrintWriter(err)))
                .as(err.toString()).isZero();
        assertThat(out.toString()).contains("identical");
    }

    @Test
    void theExplosionKeyRefusesDuringReplayAndBudgetKeysQueueBudgetCommands() {
        ConsoleState st = new ConsoleState();
        LiveSession s = new LiveSession(wall(), null, Long.MAX_VALUE);
        ConsoleController.handle(key('T'), s, st);
        assertThat(st.status).isEqualTo("release throttle: off already");
        ConsoleController.handle(key('b'), s, st);
        assertThat(st.status).isEqualTo("break budget " + ConsoleController.FIRST_BREAK_BUDGET
                + " per step from the next step");
        ConsoleController.handle(key('t'), s, st);
        int max = ConsoleController.FIRST_THROTTLE_MAX;
        assertThat(st.status).isEqualTo("release throttle " + max / 2 + ".." + max + " active pieces");
        assertThat(s.world().destruction().breakBudget()).as("a queued command, not a direct change")
                .isNotEqualTo(ConsoleController.FIRST_BREAK_BUDGET);
        s.step();
        assertThat(s.world().destruction().breakBudget()).isEqualTo(ConsoleController.FIRST_BREAK_BUDGET);
        assertThat(s.world().destruction().throttleMax()).isEqualTo(max);
        ConsoleController.handle(key('b'), s, st);
        assertThat(st.status).isEqualTo("break budget " + ConsoleController.FIRST_BREAK_BUDGET / 2
                + " per step from the next step");
        st = new ConsoleState();
        long stepped = s.world().stepIndex();
        ConsoleController.handle(key('c'), s, st);
        assertThat(st.status).isEqualTo("cursor 0.0, 0.0");
        ConsoleSession replayLike = new Plain(s);
        ConsoleController.handle(key('e'), replayLike, st);
        assertThat(st.status).isEqualTo("explosions work in a live run only");
        assertThat(s.world().stepIndex()).as("a refused explosion does not step").isEqualTo(stepped);
    }

    /** Budgets of a build that has them: records what the keys queue. */
    static final class FakeBudgets implements DestructionBudgets {
        int breaks = UNLIMITED, min = UNLIMITED, max = UNLIMITED;
        final List<String> queued = new ArrayList<>();

        @Override
        public boolean available() {
            return true;
        }

        @Override
        public int breaksAllowed() {
            return breaks;
        }

        @Override
        public int throttleMin() {
            return min;
        }

        @Override
        public int throttleMax() {
            return max;
        }

        @Override
        public int deferred() {
            return 7;
        }

        @Override
        public int deferralQueue() {
            return 11;
        }

        @Override
        public long oldestDeferral() {
            return 3;
        }

        @Override
        public int throttled() {
            return 5;
        }

        @Override
        public int removalQueue() {
            return 13;
        }

        @Override
        public int shrinking() {
            return 2;
        }

        @Override
        public boolean queueBreaksAllowed(int n) {
            queued.add("breaks " + n);
            breaks = n;
            return true;
        }

        @Override
        public boolean queueThrottle(int lo, int hi) {
            queued.add("throttle " + lo + ".." + hi);
            min = lo;
            max = hi;
            return true;
        }
    }

    @Test
    void budgetKeysHalveAndDoubleThroughTheBudgetsInterfaceAndThePanelShowsItsCounts() throws IOException {
        LiveSession s = new LiveSession(wall(), null, Long.MAX_VALUE);
        ConsoleState st = new ConsoleState();
        st.stats.attach(s.world());
        FakeBudgets f = new FakeBudgets();
        st.stats.useBudgets(f);
        for (char c : "bbBtTt".toCharArray()) {
            ConsoleController.handle(key(c), s, st);
        }
        // b from none starts at 64, b halves, B doubles; t from none 500..1000, T doubles, t halves
        assertThat(f.queued).containsExactly("breaks 64", "breaks 32", "breaks 64", "throttle 500..1000",
                "throttle 1000..2000", "throttle 500..1000");
        assertThat(st.status).isEqualTo("release throttle 500..1000 active pieces");
        st.stats.step(s);
        DefaultVirtualTerminal vt = ConsoleRendererTest.render(s, st, 80, 24);
        assertThat(ConsoleStatsTest.rowStartingWith(vt, "deferred").substring(0, 44).stripTrailing())
                .isEqualTo("deferred 7  queue 11  oldest 3 st");
        assertThat(ConsoleStatsTest.rowStartingWith(vt, "strained").substring(0, 44).stripTrailing())
                .isEqualTo("strained 0  throttled 5  removal 13/2");
        assertThat(rowAfter(vt, "Budgets", 1)).startsWith("breaks    ");
        assertThat(rowAfter(vt, "Budgets", 1).substring(28, 44).trim()).isEqualTo("0 of 64/st");
        // 1 active piece (the intact wall) of a throttle at 1000
        assertThat(rowAfter(vt, "Budgets", 2)).startsWith("throttle  ");
        assertThat(rowAfter(vt, "Budgets", 2).substring(28, 44).trim()).isEqualTo("1 of 1000");
    }

    /** The row {@code offset} rows below the first row starting with {@code heading}. */
    static String rowAfter(DefaultVirtualTerminal vt, String heading, int offset) {
        for (int r = 0; r < vt.getTerminalSize().getRows(); r++) {
            if (ConsoleRendererTest.rowText(vt, r).startsWith(heading)) {
                return ConsoleRendererTest.rowText(vt, r + offset);
            }
        }
        throw new AssertionError("no row starts with '" + heading + "'");
    }

    /** A session that forwards everything but has no explosions (as a replay). */
    static class Plain implements ConsoleSession {
        final ConsoleSession d;

        Plain(ConsoleSession d) {
            this.d = d;
        }

        @Override
        public dev.rubble.core.world.World world() {
            return d.world();
        }

        @Override
        public String title() {
            return d.title();
        }

        @Override
        public void step() {
            d.step();
        }

        @Override
        public boolean finished() {
            return d.finished();
        }

        @Override
        public double speed() {
            return d.speed();
        }

        @Override
        public void setSpeed(double speed) {
            d.setSpeed(speed);
        }

        @Override
        public double stepsPerSecond() {
            return d.stepsPerSecond();
        }

        @Override
        public int impulse(double x, double y, double z, double radius, double dv) {
            return d.impulse(x, y, z, radius, dv);
        }

        @Override
        public int release(double minX, double minY, double minZ, double maxX, double maxY, double maxZ) {
            return d.release(minX, minY, minZ, maxX, maxY, maxZ);
        }

        @Override
        public long journalBytes() {
            return d.journalBytes();
        }

        @Override
        public String journalLabel() {
            return d.journalLabel();
        }

        @Override
        public String position() {
            return d.position();
        }
    }
}
