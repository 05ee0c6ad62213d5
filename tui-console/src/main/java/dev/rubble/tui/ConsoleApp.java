package dev.rubble.tui;

import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.screen.Screen;
import com.googlecode.lanterna.screen.TerminalScreen;
import com.googlecode.lanterna.terminal.DefaultTerminalFactory;
import com.googlecode.lanterna.terminal.Terminal;
import com.googlecode.lanterna.terminal.ansi.UnixLikeTerminal;
import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The interactive console on a real terminal: reads keys, steps the session at real time times its
 * speed (at most {@link #MAX_STEPS_PER_FRAME} per frame; when the machine cannot keep up it slows
 * down rather than spiral), redraws about 30 times a second and restores the terminal on exit,
 * also when the JVM is stopped by a signal.
 */
public final class ConsoleApp {
    public static final int MAX_STEPS_PER_FRAME = 16;
    private static final long FRAME_NANOS = 33_000_000L;
    /**
     * Set by every SIGWINCH, whatever size it reports: the next frame is drawn whole. Lanterna passes on only a size
     * it did not know, so a terminal shrunk and grown back before Lanterna asked its size (the JVM stopped, or two
     * resizes within one {@code stty size}) went unnoticed while the terminal had cut the rows and columns it lost:
     * the console then wrote only the cells that changed, on a screen missing the rest, until it quit (fuzz13,
     * {@code ConsoleUnderTmuxTest}).
     */
    private static final AtomicBoolean WINDOW_CHANGED = new AtomicBoolean();

    private ConsoleApp() {
    }

    /** Whether standard input and output are a terminal. */
    public static boolean hasTerminal() {
        return System.console() != null && System.getenv("TERM") != null && !"dumb".equals(System.getenv("TERM"));
    }

    /** Runs until q (or the end of input). */
    public static void run(ConsoleSession session) throws IOException {
        run(session, null);
    }

    /**
     * Runs until q (or the end of input), then, with the terminal restored, prints
     * {@link #summary} to {@code summaryOut} (when not null): what a user who quits wants to know
     * (issue 28, item 9).
     */
    public static void run(ConsoleSession session, java.io.PrintWriter summaryOut) throws IOException {
        long firstStep = session.world().stepIndex(), t0 = System.nanoTime();
        ConsoleState st = new ConsoleState();
        // Ctrl-C is a key (ConsoleController: as q), not Lanterna's System.exit(1) that left the journal unclosed
        Terminal terminal = new DefaultTerminalFactory().setForceTextTerminal(true)
                .setUnixTerminalCtrlCBehaviour(UnixLikeTerminal.CtrlCBehaviour.TRAP).createTerminal();
        Screen screen = new TerminalScreen(terminal);
        screen.startScreen();
        screen.setCursorPosition(null);
        Thread restore = new Thread(() -> {
            try {
                screen.stopScreen();
            } catch (IOException | RuntimeException ignored) {
                // the JVM is going down; nothing else to do
            }
        }, "rubble-console-restore");
        Runtime.getRuntime().addShutdownHook(restore);
        Runnable putBack = onWindowChange();
        try {
            loop(screen, session, st);
        } finally {
            putBack.run();
            screen.stopScreen();
            try {
                Runtime.getRuntime().removeShutdownHook(restore);
            } catch (IllegalStateException shuttingDown) {
                // already running the hooks
            }
        }
        if (summaryOut != null) {
            summaryOut.println(summary(session, st, firstStep, System.nanoTime() - t0));
            summaryOut.flush();
        }
    }

    /**
     * Chains a SIGWINCH handler in front of the one Lanterna's terminal installed (which asks the terminal its size and
     * tells the screen when it changed): after it runs, {@link #WINDOW_CHANGED} is set. Returns what puts Lanterna's
     * handler back; a no-op where there is no SIGWINCH (Windows). Through reflection, as Lanterna does: {@code
     * sun.misc.Signal} is JDK-internal API, which javac warns about.
     */
    private static Runnable onWindowChange() {
        try {
            Class<?> signal = Class.forName("sun.misc.Signal");
            Class<?> handlerType = Class.forName("sun.misc.SignalHandler");
            Object winch = signal.getConstructor(String.class).newInstance("WINCH");
            Method handle = signal.getMethod("handle", signal, handlerType);
            Method call = handlerType.getMethod("handle", signal);
            Object dfl = handlerType.getField("SIG_DFL").get(null), ign = handlerType.getField("SIG_IGN").get(null);
            Object[] before = new Object[1];
            Object mine = Proxy.newProxyInstance(ConsoleApp.class.getClassLoader(), new Class<?>[] {handlerType},
                    (proxy, method, args) -> {
                        if (!method.getName().equals("handle")) {
                            return method.getName().equals("equals") ? proxy == args[0]
                                    : method.getName().equals("hashCode") ? System.identityHashCode(proxy) : "rubble WINCH";
                        }
                        Object b = before[0];
                        if (b != null && b != dfl && b != ign) {
                            call.invoke(b, args[0]);
                        }
                        WINDOW_CHANGED.set(true);
                        return null;
                    });
            before[0] = handle.invoke(null, winch, mine);
            return () -> {
                try {
                    handle.invoke(null, winch, before[0]);
                } catch (ReflectiveOperationException | RuntimeException ignored) {
                    // leaving the console: a handler that only sets a flag is harmless
                }
            };
        } catch (ReflectiveOperationException | RuntimeException noWinch) {
            return () -> { };
        }
    }

    /**
     * The line printed when the console quits: the step and simulated time it stopped at, the steps
     * this session stepped and the wall time, bodies, breaks and releases seen, the journal and its
     * size, and the state hash (to compare with {@code rubble verify} or another run).
     */
    public static String summary(ConsoleSession session, ConsoleState st, long firstStep, long nanos) {
        var w = session.world();
        long bytes = session.journalBytes();
        String journal = bytes == 0 ? "" : String.format(java.util.Locale.ROOT, "; journal %s, %d bytes",
                session.journalLabel(), bytes);
        String breaks = w.destruction().collectionCount() == 0 ? ""
                : String.format(java.util.Locale.ROOT, "; %d breaks, %d releases", st.stats.totalBreaks(), st.stats.totalReleases());
        return String.format(java.util.Locale.ROOT,
                "rubble: console quit at step %d (%.3f s simulated) after %d steps in %.1f s; %d bodies%s%s; state hash %016x",
                w.stepIndex(), w.time(), w.stepIndex() - firstStep, nanos / 1e9, w.bodies().size(), breaks, journal,
                w.stateHash());
    }

    static void loop(Screen screen, ConsoleSession session, ConsoleState st) throws IOException {
        long last = System.nanoTime();
        long rateStart = last;
        long rateSteps = session.world().stepIndex();
        long rateBytes = session.journalBytes();
        double acc = 0;
        while (!st.quit) {
            long frameStart = System.nanoTime();
            KeyStroke k;
            while ((k = screen.pollInput()) != null && !st.quit) {
                ConsoleController.handle(k, session, st);
            }
            long now = System.nanoTime();
            double elapsed = (now - last) / 1e9;
            last = now;
            if (!st.paused && !session.finished()) {
                acc += elapsed * session.stepsPerSecond();
                int n = 0;
                while (acc >= 1 && n < MAX_STEPS_PER_FRAME) {
                    st.stats.step(session); // timed, allocation counted; its world steps observed
                    acc -= 1;
                    n++;
                }
                if (acc >= 1) {
                    acc = 0; // behind real time: drop the backlog instead of spiralling
                }
            } else {
                acc = 0;
            }
            while (st.pendingSingleSteps > 0) {
                st.stats.step(session); // timed, allocation counted; its world steps observed
                st.pendingSingleSteps--;
            }
            if (now - rateStart >= 500_000_000L) {
                double secs = (now - rateStart) / 1e9;
                st.stepRate = (session.world().stepIndex() - rateSteps) / secs;
                st.journalRate = (session.journalBytes() - rateBytes) / secs;
                rateStart = now;
                rateSteps = session.world().stepIndex();
                rateBytes = session.journalBytes();
            }
            TerminalSize size = screen.doResizeIfNecessary();
            if (size == null) {
                size = screen.getTerminalSize();
            }
            ConsoleRenderer.render(screen.newTextGraphics(), size, session, st);
            screen.refresh(WINDOW_CHANGED.getAndSet(false) ? Screen.RefreshType.COMPLETE : Screen.RefreshType.AUTOMATIC);
            long left = FRAME_NANOS - (System.nanoTime() - frameStart);
            if (left > 0) {
                try {
                    Thread.sleep(left / 1_000_000, (int) (left % 1_000_000));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }
}
