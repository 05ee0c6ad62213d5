package dev.rubble.core.destruction;

import java.io.IOException;
import java.util.Arrays;

/**
 * Per-node removal timers and phases (the {@link Removal} pass's state; docs/destruction.md "Debris
 * and removal"): the body the timers belong to (a new body restarts them), the phase (counting,
 * shrinking, ignored), the break and rest timers, and the shrink time and duration.
 */
final class RemovalTimers {
    static final byte COUNTING = 0, SHRINKING = 1, IGNORED = 2;

    /** Whether any collection has ever removed pieces: until then the pass returns at once. */
    boolean used;
    long[] seen = new long[0];
    byte[] phase = new byte[0];
    double[] breakTimer = new double[0], restTimer = new double[0], shrinkTime = new double[0],
            shrinkDuration = new double[0];

    void grow(int n) {
        if (seen.length >= n) {
            return;
        }
        int cap = Math.max(n, seen.length * 2);
        int old = seen.length;
        seen = Arrays.copyOf(seen, cap);
        Arrays.fill(seen, old, cap, ClusterStore.NONE);
        phase = Arrays.copyOf(phase, cap);
        breakTimer = Arrays.copyOf(breakTimer, cap);
        restTimer = Arrays.copyOf(restTimer, cap);
        shrinkTime = Arrays.copyOf(shrinkTime, cap);
        shrinkDuration = Arrays.copyOf(shrinkDuration, cap);
    }

    /** The codec (both directions): the flag, then per node body, phase and four timers. */
    void io(StateIO io, int nodes) throws IOException {
        used = io.bool(used);
        for (int g = 0; g < nodes; g++) {
            seen[g] = io.i64(seen[g]);
            phase[g] = io.i8(phase[g]);
            if (phase[g] < COUNTING || phase[g] > IGNORED) {
                throw new IllegalArgumentException("removal phase of node " + g + " = " + phase[g] + "; allowed: 0..2");
            }
            breakTimer[g] = io.f64(breakTimer[g]);
            restTimer[g] = io.f64(restTimer[g]);
            shrinkTime[g] = io.f64(shrinkTime[g]);
            shrinkDuration[g] = io.f64(shrinkDuration[g]);
        }
    }
}
