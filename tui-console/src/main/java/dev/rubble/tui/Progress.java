package dev.rubble.tui;

import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.world.World;
import java.io.PrintWriter;
import java.util.Locale;

/** Without a terminal: steps a session to its end, printing one progress line per second. */
public final class Progress {
    private Progress() {
    }

    /** Steps until the session finishes; returns the wall time taken, ns. */
    public static long run(ConsoleSession session, PrintWriter err) {
        long t0 = System.nanoTime();
        long next = t0 + 1_000_000_000L;
        long lastSteps = session.world().stepIndex(), lastBytes = session.journalBytes(), lastT = t0;
        boolean printed = false;
        while (!session.finished()) {
            session.step();
            long now = System.nanoTime();
            if (now >= next) {
                double secs = (now - lastT) / 1e9;
                err.println(line(session, (session.world().stepIndex() - lastSteps) / secs,
                        (session.journalBytes() - lastBytes) / secs));
                err.flush();
                lastSteps = session.world().stepIndex();
                lastBytes = session.journalBytes();
                lastT = now;
                next = now + 1_000_000_000L;
                printed = true;
            }
        }
        if (!printed) {
            // a run shorter than a second still says where it ended
            double secs = Math.max(1e-9, (System.nanoTime() - lastT) / 1e9);
            err.println(line(session, (session.world().stepIndex() - lastSteps) / secs,
                    (session.journalBytes() - lastBytes) / secs));
            err.flush();
        }
        return System.nanoTime() - t0;
    }

    /** One progress line. */
    public static String line(ConsoleSession session, double stepsPerSecond, double journalBytesPerSecond) {
        World w = session.world();
        BodyStore b = w.bodies();
        int kin = w.profile().kinematicBodies();
        return String.format(Locale.ROOT,
                "rubble: step %d (t %.2f s%s) bodies %d: awake %d sleeping %d kinematic %d static %d disabled %d"
                        + " | step %.3f ms | %.0f steps/s | journal %s, %s/s",
                w.stepIndex(), w.time(), session.position().isEmpty() ? "" : ", " + session.position(), b.size(),
                b.count(BodyState.AWAKE) - kin, b.count(BodyState.SLEEPING), kin, b.count(BodyState.STATIC),
                b.count(BodyState.DISABLED), w.profile().totalNanos() / 1e6, stepsPerSecond,
                ConsoleRenderer.bytes(session.journalBytes()), ConsoleRenderer.bytes((long) journalBytesPerSecond))
                + softBodies(w);
    }

    /** " | soft N: P points, T tets" when the world has soft bodies, else nothing. */
    private static String softBodies(World w) {
        var soft = w.softBodies().store();
        return soft.size() == 0 ? "" : String.format(Locale.ROOT, " | soft %d: %d points, %d tets", soft.size(),
                soft.state.points, soft.state.tets);
    }
}
