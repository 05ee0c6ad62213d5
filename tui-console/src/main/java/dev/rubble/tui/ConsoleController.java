package dev.rubble.tui;

import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.input.KeyType;
import java.util.Locale;

/**
 * Keys: space pause, n single step, + / - speed, arrows pan, [ / ] zoom, v side/top view, h j k l
 * move the cursor (c back to the centre), e explosion, f field presets, i impulse, r release the bodies under the
 * cursor (replay), b / B and t / T the break budget and the release throttle, q (or Ctrl-C) quit. Pure logic
 * over a session and a state, so tests drive it without a terminal.
 */
public final class ConsoleController {
    /** Speed change of the impulse key, m/s. */
    public static final double IMPULSE_DV = 6;
    /** Speed change of the explosion key's radial impulse, m/s. */
    public static final double EXPLOSION_DV = 8;
    /** Break budget the b key starts from when there is none. */
    public static final int FIRST_BREAK_BUDGET = 64;
    /** Throttle maximum (active pieces) the t key starts from when there is none; the minimum is half of it. */
    public static final int FIRST_THROTTLE_MAX = 1000;

    private ConsoleController() {
    }

    public static void handle(KeyStroke k, ConsoleSession session, ConsoleState st) {
        KeyType t = k.getKeyType();
        double pan = 8 * st.scale;
        switch (t) {
            case ArrowLeft -> st.viewX -= pan;
            case ArrowRight -> st.viewX += pan;
            case ArrowUp -> st.viewY += pan;
            case ArrowDown -> st.viewY -= pan;
            case EOF -> st.quit = true;
            // Ctrl-C quits as q does (summary, journal closed); before fuzz13 Lanterna exited with 1 mid-run
            case Character -> {
                if (k.isCtrlDown() && (k.getCharacter() == 'c' || k.getCharacter() == 'C')) {
                    st.quit = true;
                } else {
                    character(k.getCharacter(), session, st);
                }
            }
            default -> {
            }
        }
        if (t.name().startsWith("Arrow")) {
            st.status = String.format(Locale.ROOT, "view centre %.1f, %.1f", st.viewX, st.viewY);
        }
    }

    private static void character(char c, ConsoleSession session, ConsoleState st) {
        switch (c) {
            case ' ' -> {
                st.paused = !st.paused;
                st.status = st.paused ? "paused" : "running";
            }
            case 'n' -> {
                st.paused = true;
                st.pendingSingleSteps++;
                st.status = "single step";
            }
            case '+', '=' -> {
                session.setSpeed(Math.min(ConsoleState.MAX_SPEED, session.speed() * 2));
                st.status = "speed x" + fmt(session.speed());
            }
            case '-', '_' -> {
                session.setSpeed(Math.max(ConsoleState.MIN_SPEED, session.speed() / 2));
                st.status = "speed x" + fmt(session.speed());
            }
            case '[' -> {
                st.scale = Math.min(100, st.scale * 2);
                st.status = "zoom " + fmt(st.scale) + " m per column";
            }
            case ']' -> {
                st.scale = Math.max(0.01, st.scale / 2);
                st.status = "zoom " + fmt(st.scale) + " m per column";
            }
            case 'v' -> {
                st.topView = !st.topView;
                st.status = st.topView ? "top view (x, z)" : "side view (x, y)";
            }
            case 'h' -> cursor(st, -1, 0);
            case 'l' -> cursor(st, 1, 0);
            case 'k' -> cursor(st, 0, -1);
            case 'j' -> cursor(st, 0, 1);
            case 'c' -> cursor(st, -st.cursorCol, -st.cursorRow);
            case 'e' -> {
                Explosions.Blast b = session.explode(st.topView, st.cursorU(), st.cursorV(), st.toolRadius, EXPLOSION_DV);
                st.status = b == null ? "explosions work in a live run only"
                        : String.format(Locale.ROOT, "explosion at %.1f, %.1f, %.1f (r %s m): %d dynamic bodies in reach", b.x(),
                                b.y(), b.z(), fmt(st.toolRadius), b.pushed());
            }
            case 'f' -> {
                int k = st.fieldPreset;
                Explosions.Blast b = session.field(k, st.topView, st.cursorU(), st.cursorV(), st.toolRadius, EXPLOSION_DV);
                st.fieldPreset = (k + 1) % FieldPresets.PRESETS.size();
                st.status = b == null ? "fields work in a live run only"
                        : String.format(Locale.ROOT, "field %s at %.1f, %.1f, %.1f (r %s m); next f: %s",
                                FieldPresets.PRESETS.get(k).name(), b.x(), b.y(), b.z(), fmt(st.toolRadius),
                                FieldPresets.PRESETS.get(st.fieldPreset).name());
            }
            case 'i' -> {
                double x = st.cursorU();
                double y = st.topView ? Double.NaN : st.cursorV();
                double z = st.topView ? st.cursorV() : Double.NaN;
                int n = session.impulse(x, y, z, st.toolRadius, IMPULSE_DV);
                st.status = "impulse at " + fmt(st.cursorU()) + ", " + fmt(st.cursorV()) + ": " + n + " bodies";
            }
            case 'r' -> {
                double r = st.toolRadius, big = 1e300, u = st.cursorU(), v = st.cursorV();
                int n = st.topView
                        ? session.release(u - r, -big, v - r, u + r, big, v + r)
                        : session.release(u - r, v - r, -big, u + r, v + r, big);
                st.status = n < 0 ? "release works during replay only" : "released " + n + " bodies to live simulation";
            }
            case 'b', 'B' -> breakBudget(c == 'B', session, st);
            case 't', 'T' -> throttle(c == 'T', session, st);
            case 'q', 'Q' -> st.quit = true;
            default -> {
            }
        }
    }

    private static void cursor(ConsoleState st, int dc, int dr) {
        st.cursorCol += dc;
        st.cursorRow += dr;
        st.status = String.format(Locale.ROOT, "cursor %.1f, %.1f", st.cursorU(), st.cursorV());
    }

    /** b halves the break budget (from none: {@link #FIRST_BREAK_BUDGET}), B doubles it. */
    private static void breakBudget(boolean up, ConsoleSession session, ConsoleState st) {
        st.stats.attach(session.world());
        DestructionBudgets d = st.stats.budgets();
        if (!d.available()) {
            st.status = "break budget: no world to change; nothing changed";
            return;
        }
        int cur = d.breaksAllowed();
        if (cur == DestructionBudgets.UNLIMITED && up) {
            st.status = "break budget: none already";
            return;
        }
        int next = cur == DestructionBudgets.UNLIMITED ? FIRST_BREAK_BUDGET
                : up ? (int) Math.min(Integer.MAX_VALUE / 2, 2L * cur) : Math.max(1, cur / 2);
        st.status = d.queueBreaksAllowed(next) ? "break budget " + next + " per step from the next step"
                : "break budget: refused";
    }

    /** t halves the throttle range (from none: {@link #FIRST_THROTTLE_MAX}), T doubles it; min is half of max. */
    private static void throttle(boolean up, ConsoleSession session, ConsoleState st) {
        st.stats.attach(session.world());
        DestructionBudgets d = st.stats.budgets();
        if (!d.available()) {
            st.status = "release throttle: no world to change; nothing changed";
            return;
        }
        int cur = d.throttleMax();
        if (cur == DestructionBudgets.UNLIMITED && up) {
            st.status = "release throttle: off already";
            return;
        }
        int max = cur == DestructionBudgets.UNLIMITED ? FIRST_THROTTLE_MAX
                : up ? (int) Math.min(Integer.MAX_VALUE / 2, 2L * cur) : Math.max(2, cur / 2);
        st.status = d.queueThrottle(max / 2, max) ? "release throttle " + max / 2 + ".." + max + " active pieces"
                : "release throttle: refused";
    }

    static String fmt(double d) {
        if (d == Math.rint(d) && Math.abs(d) < 1e9) {
            return Long.toString((long) d);
        }
        return String.format(Locale.ROOT, "%.2f", d);
    }
}
