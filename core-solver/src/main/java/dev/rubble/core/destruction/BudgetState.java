package dev.rubble.core.destruction;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.body.StateHash;
import dev.rubble.core.command.Command;
import java.io.IOException;
import java.util.Arrays;

/**
 * The budgets' state that outlives a step (SPEC §6; docs/destruction.md "Budgets"): the settings
 * (breaks per step, release throttling bounds), the throttle's error accumulator, which holders wait
 * and since when, the collision loads carried for their children, and the last step's counters. The
 * {@link BreakBudget} pass decides with it; release throttling ({@link #beginRelease},
 * {@link #throttle}) is asked by every piece about to get a body.
 */
final class BudgetState {
    final DestructionStats stats = new DestructionStats();
    int breaksPerStep = Command.SetBreakBudget.UNLIMITED;
    int throttleMin = -1, throttleMax = -1;
    /** Per node: step a waiting holder was first deferred (-1 = not waiting); carried collision load. */
    long[] since = new long[0];
    double[] carried = new double[0];
    int[] carriedNodes = new int[16];
    int carriedCount;
    /** Some holder was deferred since the last unbudgeted evaluation. */
    boolean waited;
    // throttling of the current step's releases
    long acc;
    private int num, den;
    private boolean all;

    void grow(int cap) {
        if (since.length < cap) {
            int old = since.length;
            cap = Math.max(cap, old * 2);
            since = Arrays.copyOf(since, cap);
            Arrays.fill(since, old, cap, -1);
            carried = Arrays.copyOf(carried, cap);
        }
    }

    boolean limited() {
        return breaksPerStep != Command.SetBreakBudget.UNLIMITED;
    }

    void setBreakBudget(int perStep) {
        new Command.SetBreakBudget(perStep); // validates
        breaksPerStep = perStep;
    }

    void setThrottle(int min, int max) {
        new Command.SetReleaseThrottle(min, max); // validates
        throttleMin = min;
        throttleMax = max;
        acc = 0;
    }

    /** Before the step's releases: the share to thin, from the pieces holding bodies now. */
    void beginRelease(int activeCount) {
        num = 0;
        den = 1;
        all = false;
        if (throttleMin < 0) {
            return;
        }
        if (activeCount >= throttleMax) {
            all = true;
        } else if (activeCount > throttleMin) {
            num = activeCount - throttleMin;
            den = throttleMax - throttleMin;
        }
    }

    /**
     * Whether a piece about to be released with motion {@code m} gets no body. Kinematic (anchored)
     * remnants are the standing structure, not debris: only the body budget stops them.
     */
    boolean throttle(BodyStore b, MotionType m) {
        if (b.size() >= b.maxBodies()) {
            stats.throttled++;
            return true;
        }
        if (m == MotionType.DYNAMIC && (all || thin())) {
            stats.throttled++;
            return true;
        }
        stats.released++;
        return false;
    }

    private boolean thin() {
        if (num == 0) {
            return false;
        }
        acc += num;
        if (acc >= den) {
            acc -= den;
            return true;
        }
        return false;
    }

    /**
     * Mixes the budgets and what waits into the state hash; nothing while every budget is at its
     * default and nothing waits, so worlds without budgets hash as before.
     */
    long hash(long h) {
        if (limited() || throttleMin >= 0) {
            h = StateHash.mix(StateHash.mix(h, breaksPerStep), ((long) throttleMin << 32) | (throttleMax & 0xffffffffL));
            h = StateHash.mix(h, acc);
        }
        for (int i = 0; i < carriedCount; i++) {
            int g = carriedNodes[i];
            h = StateHash.mix(StateHash.mix(h, g), carried[g]);
        }
        return h;
    }

    /** The codec (both directions): settings, accumulator, per-node waits and carried loads, carried list, counters. */
    void io(StateIO io, int nodes) throws IOException {
        breaksPerStep = io.i32(breaksPerStep);
        throttleMin = io.i32(throttleMin);
        throttleMax = io.i32(throttleMax);
        acc = io.i64(acc);
        waited = io.bool(waited);
        for (int g = 0; g < nodes; g++) {
            since[g] = io.i64(since[g]);
            carried[g] = io.f64(carried[g]);
        }
        int n = io.count(carriedCount, nodes, "carried node");
        if (io.reading()) {
            carriedNodes = new int[Math.max(16, n)];
        }
        for (int i = 0; i < n; i++) {
            carriedNodes[i] = io.index(carriedNodes[i], nodes, "carried node", i);
        }
        carriedCount = n;
        stats.io(io);
    }
}
