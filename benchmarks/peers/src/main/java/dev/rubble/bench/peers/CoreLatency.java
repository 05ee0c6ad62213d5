package dev.rubble.bench.peers;

import java.util.concurrent.atomic.AtomicLong;

/**
 * How far apart this VM's cores are right now: two threads hand one counter back and forth
 * ({@code PeerMain} is not involved; {@code java -cp … dev.rubble.bench.peers.CoreLatency}) and the
 * mean round trip is printed as {@code core_round_trip_ns=N}. On the 2-core benchmark VM it is
 * bimodal from one process to the next, about 70 ns or about 330 ns (the two vCPUs near or far from
 * each other), and every 2-thread step that shares data between its threads is slower in the far
 * state (Rubble's pile about 20 ms against 14 ms a step; Jolt's 14–15 against 8.4–9.4 ms:
 * docs/benchmarks.md, twelfth session). {@code benchmarks/run-peers.sh} prints it before each run,
 * so 2-thread pairs can be compared in the same state.
 */
public final class CoreLatency {
    private CoreLatency() {
    }

    public static void main(String[] args) throws InterruptedException {
        final int n = 1_000_000;
        final AtomicLong v = new AtomicLong();
        Thread other = new Thread(() -> {
            for (long i = 1; i < 2L * n; i += 2) {
                while (v.get() != i) {
                    Thread.onSpinWait();
                }
                v.set(i + 1);
            }
        }, "core-latency");
        other.setDaemon(true);
        other.start();
        long t0 = System.nanoTime();
        for (long i = 0; i < 2L * n; i += 2) {
            while (v.get() != i) {
                Thread.onSpinWait();
            }
            v.set(i + 1);
        }
        while (v.get() != 2L * n) {
            Thread.onSpinWait();
        }
        long dt = System.nanoTime() - t0;
        other.join();
        System.out.printf(java.util.Locale.ROOT, "core_round_trip_ns=%.0f%n", dt / (double) n);
    }
}
