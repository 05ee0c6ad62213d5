package dev.rubble.bake;

import java.io.PrintWriter;
import java.util.Locale;

/**
 * The progress bar of {@code rubble bake}: variants done of all, failed and reused counts, the rate
 * of the variants run now (reused ones take no time and are left out of the rate) and the time
 * left at that rate. On a terminal one line is redrawn in place; otherwise a line is printed at
 * most every {@code interval} seconds, and always for the last variant.
 */
public final class BakeProgress implements LocalBake.Listener {
    private static final int WIDTH = 24;
    private final PrintWriter out;
    private final boolean terminal;
    private final long intervalNanos;
    private final long t0 = System.nanoTime();
    private int total, done, failed, reused, ran;
    private long lastPrint = Long.MIN_VALUE;

    public BakeProgress(PrintWriter out, boolean terminal, double intervalSeconds) {
        this.out = out;
        this.terminal = terminal;
        this.intervalNanos = (long) (intervalSeconds * 1e9);
    }

    @Override
    public synchronized void started(int total, int workers) {
        this.total = total;
        out.printf("rubble: baking %d variant%s on %d worker thread%s%n", total, total == 1 ? "" : "s", workers,
                workers == 1 ? "" : "s");
        out.flush();
    }

    @Override
    public synchronized void finished(VariantResult r, boolean wasReused) {
        done++;
        if (wasReused) {
            reused++;
        } else {
            ran++;
        }
        if (!r.ok()) {
            failed++;
            out.printf("%srubble: variant %d (%s) %s failed: %s%n", terminal ? "\r\033[K" : "", r.index(), r.id(),
                    r.paramsJson(), r.error());
        }
        long now = System.nanoTime();
        if (terminal || done == total || now - lastPrint >= intervalNanos) {
            lastPrint = now;
            out.print((terminal ? "\r\033[K" : "") + line(now));
            if (!terminal || done == total) {
                out.println();
            }
            out.flush();
        }
    }

    /** The bar line, e.g. {@code [##########..............] 10/24 42% 0 failed 0 reused 1.52/s ETA 0:09}. */
    synchronized String line(long now) {
        int filled = total == 0 ? WIDTH : (int) ((long) WIDTH * done / total);
        double secs = (now - t0) / 1e9;
        double rate = secs > 0 ? ran / secs : 0;
        int left = total - done;
        String eta = left == 0 ? "done" : rate > 0 ? "ETA " + clock(left / rate) : "ETA --";
        return "[" + "#".repeat(filled) + ".".repeat(WIDTH - filled) + "] " + done + "/" + total + " "
                + (total == 0 ? 100 : 100L * done / total) + "% " + failed + " failed " + reused + " reused "
                + String.format(Locale.ROOT, "%.2f/s ", rate) + eta;
    }

    static String clock(double seconds) {
        long s = Math.round(seconds);
        return s >= 3600 ? String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)
                : String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
    }
}
