package dev.rubble.bench.bake;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;

/**
 * What one bake paid for besides its variants, from a JFR recording of exactly that bake (issue 32:
 * why 2 workers fall short of 2×): the JIT's compilations and deoptimisations (a warmed JVM that
 * keeps deoptimising takes CPU from the workers, and the deoptimised code runs slower until it is
 * compiled again), the garbage collector's pauses (a pause stops both workers), and the workers'
 * contended {@code synchronized} enters and parks (a shared lock on the hot path). The recording is
 * read after the bake has finished, so only the recording itself, not its analysis, is inside the
 * measured time; its events are cheap (no stack sampling, no allocation sampling).
 */
record Evidence(int compilations, String topCompiled, int deopts, String topDeopts, int gcs, double gcPauseMs, double gcLongestMs,
                int monitorEnters, double monitorMs, int parks, double parkMs) {

    /** A recording in progress (a no-op with {@code -Drubble.bake.jfr=false}). */
    interface Recorder {
        Evidence stop();
    }

    static Recorder start() {
        if (!Boolean.parseBoolean(System.getProperty("rubble.bake.jfr", "true"))) {
            return () -> null;
        }
        Recording r = new Recording();
        r.enable("jdk.Compilation").withThreshold(Duration.ZERO).withoutStackTrace(); // the method compiled is a field
        r.enable("jdk.Deoptimization").withStackTrace(); // rare: the caller that reached the trap is named
        r.enable("jdk.GarbageCollection").withoutStackTrace();
        r.enable("jdk.JavaMonitorEnter").withThreshold(Duration.ZERO).withoutStackTrace();
        r.enable("jdk.ThreadPark").withThreshold(Duration.ZERO).withoutStackTrace();
        r.start();
        return () -> {
            try {
                r.stop();
                Path f = Files.createTempFile("rubble-bake", ".jfr");
                try {
                    r.dump(f);
                    return read(f);
                } finally {
                    r.close();
                    Files.deleteIfExists(f);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        };
    }

    private static Evidence read(Path f) throws IOException {
        int comp = 0, deopt = 0, gcs = 0, mon = 0, parks = 0;
        double gcMs = 0, gcMax = 0, monMs = 0, parkMs = 0;
        Map<String, Integer> byMethod = new HashMap<>();
        Map<String, Integer> byOwner = new HashMap<>(); // compilations by the compiled method's package
        for (RecordedEvent e : RecordingFile.readAllEvents(f)) {
            switch (e.getEventType().getName()) {
                case "jdk.Compilation" -> {
                    comp++;
                    RecordedMethod m = e.getValue("method");
                    byOwner.merge(m == null ? "?" : owner(m.getType().getName()), 1, Integer::sum);
                }
                case "jdk.Deoptimization" -> {
                    deopt++;
                    RecordedMethod m = e.getValue("method");
                    String name = m == null ? "?" : simple(m.getType().getName()) + "." + m.getName();
                    String caller = engineCaller(e);
                    if (caller != null && m != null && !m.getType().getName().startsWith("dev.rubble.")) {
                        name += " <- " + caller; // a JDK or library method: which engine code called it
                    }
                    byMethod.merge(name, 1, Integer::sum);
                }
                case "jdk.GarbageCollection" -> {
                    gcs++;
                    Duration sum = e.getDuration("sumOfPauses");
                    Duration longest = e.getDuration("longestPause");
                    gcMs += sum.toNanos() / 1e6;
                    gcMax = Math.max(gcMax, longest.toNanos() / 1e6);
                }
                case "jdk.JavaMonitorEnter" -> {
                    if (worker(e)) {
                        mon++;
                        monMs += e.getDuration().toNanos() / 1e6;
                    }
                }
                case "jdk.ThreadPark" -> {
                    if (worker(e)) {
                        parks++;
                        parkMs += e.getDuration().toNanos() / 1e6;
                    }
                }
                default -> {
                }
            }
        }
        return new Evidence(comp, top(byOwner, 4), deopt, top(byMethod, 4), gcs, gcMs, gcMax, mon, monMs, parks, parkMs);
    }

    /**
     * The {@code k} largest counts, picked without a sort (an object sort here would feed the JDK's
     * TimSort between runs and show up in the next run's evidence); empties {@code counts}.
     */
    private static String top(Map<String, Integer> counts, int k) {
        StringBuilder top = new StringBuilder();
        for (int i = 0; i < k && !counts.isEmpty(); i++) {
            String best = null;
            for (Map.Entry<String, Integer> x : counts.entrySet()) {
                if (best == null || x.getValue() > counts.get(best)
                        || x.getValue().equals(counts.get(best)) && x.getKey().compareTo(best) < 0) {
                    best = x.getKey();
                }
            }
            top.append(top.length() == 0 ? "" : ", ").append(best).append(' ').append(counts.remove(best));
        }
        return top.toString();
    }

    /**
     * Who a compiled method belongs to, for counting the JIT's work by library: the first three
     * package segments ({@code com.google.inject}, {@code net.openhft.chronicle}, {@code dev.rubble.core}),
     * and generated classes (lambda forms, hidden classes) as {@code java.lang.invoke}.
     */
    private static String owner(String className) {
        String[] seg = className.split("\\.");
        return seg.length <= 3 ? className.substring(0, Math.max(0, className.lastIndexOf('.'))) : seg[0] + "." + seg[1] + "." + seg[2];
    }

    /** The first frame of the engine's own code on the event's stack, or null. */
    private static String engineCaller(RecordedEvent e) {
        if (e.getStackTrace() == null) {
            return null;
        }
        for (var f : e.getStackTrace().getFrames()) {
            RecordedMethod m = f.getMethod();
            if (m != null && m.getType().getName().startsWith("dev.rubble.")) {
                return simple(m.getType().getName()) + "." + m.getName();
            }
        }
        return null;
    }

    /** Contention only counts on the workers (the main thread waits for them on purpose). */
    private static boolean worker(RecordedEvent e) {
        RecordedThread t = e.getThread();
        return t != null && t.getJavaName() != null && t.getJavaName().startsWith("bake-worker");
    }

    private static String simple(String className) {
        return className.substring(className.lastIndexOf('.') + 1);
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT,
                "compilations %d%s, deopts %d%s; gc pauses %d, %.0f ms (longest %.1f ms); workers' contended monitor"
                        + " enters %d (%.1f ms), parks %d (%.1f ms)",
                compilations, topCompiled.isEmpty() ? "" : " (" + topCompiled + ")", deopts, topDeopts.isEmpty() ? "" : " (" + topDeopts + ")", gcs, gcPauseMs, gcLongestMs,
                monitorEnters, monitorMs, parks, parkMs);
    }
}
