package dev.rubble.tui;

import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.input.KeyType;
import java.util.Locale;

/**
 * Keys: space pause, n single step, + / - speed, arrows pan, [ / ] zoom, v side/top view, i impulse
 * at the view centre, r release the bodies under the view centre (replay), q quit. Pure logic over
 * a session and a state, so tests drive it without a terminal.
 */
public final class ConsoleController {
    /** Speed change of the impulse key, m/s. */
    public static final double IMPULSE_DV = 6;

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
            case Character -> character(k.getCharacter(), session, st);
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
            case 'i' -> {
                double x = st.viewX;
                double y = st.topView ? Double.NaN : st.viewY;
                double z = st.topView ? st.viewY : Double.NaN;
                int n = session.impulse(x, y, z, st.toolRadius, IMPULSE_DV);
                st.status = "impulse at " + fmt(st.viewX) + ", " + fmt(st.viewY) + ": " + n + " bodies";
            }
            case 'r' -> {
                double r = st.toolRadius, big = 1e300;
                int n = st.topView
                        ? session.release(st.viewX - r, -big, st.viewY - r, st.viewX + r, big, st.viewY + r)
                        : session.release(st.viewX - r, st.viewY - r, -big, st.viewX + r, st.viewY + r, big);
                st.status = n < 0 ? "release works during replay only" : "released " + n + " bodies to live simulation";
            }
            case 'q', 'Q' -> st.quit = true;
            default -> {
            }
        }
    }

    static String fmt(double d) {
        if (d == Math.rint(d) && Math.abs(d) < 1e9) {
            return Long.toString((long) d);
        }
        return String.format(Locale.ROOT, "%.2f", d);
    }
}
