package dev.rubble.core.destruction;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.body.StateHash;
import dev.rubble.core.command.Command;
import java.util.Arrays;

/**
 * The world-wide destruction budgets (SPEC §6; reference: chaos-clusters-strain-runtime §6.4,
 * chaos-large-scale-destruction "预算旋钮"): how many holders may break per step, and release
 * throttling. Both are off by default, and then nothing here touches the step.
 *
 * <pre>
 *  break budget (perAdvanceBreaksAllowed = B < unlimited):
 *    holders strained this step, in first-strained order (holders that waited come first, oldest first)
 *      -> the first holders are evaluated (modifiers, then the break rule) until B of them broke
 *      -> every later holder waits: it is not evaluated, its children's loads are kept
 *         (external strain stays; the collision load is carried and max-combined with the
 *         collision load of the step it is evaluated in), and its children go to the front of the
 *         next step's strained list, so it is evaluated before anything strained after it
 *    nothing is ever dropped (Chaos drops holders past PerAdvanceBreaksRescheduleLimit; we do not)
 *  release throttling (min <= active < max):
 *    share = (active - min) / (max - min) of the step's dynamic released pieces get no body,
 *    chosen by an integer error accumulator (Bresenham) over the release order: exactly
 *    floor(n · share) of n pieces, evenly spread, carried across steps; at or above max, all.
 *    a piece that would pass the body budget (maxBodies) gets no body either (never an exception)
 * </pre>
 *
 * A holder that does not break uses no budget (Chaos counts clusters that released something).
 * Not thread-safe: the step owns it.
 */
final class BreakBudget {
    private final Destruction d;
    final DestructionStats stats = new DestructionStats();

    // settings (commands and the API change them between steps)
    int breaksPerStep = Command.SetBreakBudget.UNLIMITED;
    int throttleMin = -1, throttleMax = -1;

    // per node: step a waiting holder was first deferred (-1 = not waiting); carried collision load
    private long[] since = new long[0];
    private double[] carried = new double[0];
    private int[] carriedNodes = new int[16];
    private int carriedCount;
    // per step scratch: holder indices in first-strained order, and the ones deferred
    private int[] fifo = new int[16], seen = new int[16], deferred = new int[16], merged = new int[16];
    private int deferredCount, tag;
    private boolean waited; // some holder was deferred since the last unbudgeted evaluation
    // throttling of the current step's releases
    private long acc;
    private int num, den;
    private boolean all;

    BreakBudget(Destruction d) {
        this.d = d;
    }

    void grow(int cap) {
        if (since.length < cap) {
            int old = since.length;
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

    /** Start of the slot: clears the counters. */
    void begin() {
        stats.reset();
        deferredCount = 0;
    }

    /**
     * After the collision gather: the collision loads carried by children whose holder waited are
     * max-combined with this step's (a waiting holder keeps the largest load it saw, it does not sum).
     */
    void restoreCarried() {
        ClusterStore s = d.store;
        for (int i = 0; i < carriedCount; i++) {
            int g = carriedNodes[i];
            if (carried[g] > s.collisionLoad[g]) {
                s.collisionLoad[g] = carried[g];
            }
            carried[g] = 0;
        }
        carriedCount = 0;
    }

    /**
     * Evaluates holders in first-strained order until {@link #breaksPerStep} of them broke; defers
     * the rest. Returns how many children broke.
     */
    int evaluate() {
        int hc = d.holderCount;
        if (seen.length < hc) {
            int cap = Math.max(hc, seen.length * 2);
            seen = new int[cap];
            fifo = new int[cap];
            deferred = new int[cap];
        }
        tag++;
        int n = 0;
        ClusterStore s = d.store;
        for (int i = 0; i < d.listCount; i++) {
            int g = d.list[i];
            if (!s.isHeldByActive(g)) {
                continue;
            }
            int k = d.holderIdx[s.parent[g]];
            if (k < hc && d.holders[k] == s.parent[g] && seen[k] != tag) {
                seen[k] = tag;
                fifo[n++] = k;
            }
        }
        int breaks = 0, total = 0;
        for (int j = 0; j < n; j++) {
            int k = fifo[j];
            int h = d.holders[k];
            if (breaks >= breaksPerStep) {
                if (since[h] < 0) {
                    since[h] = d.step;
                }
                waited = true;
                deferred[deferredCount++] = k;
                continue;
            }
            since[h] = -1;
            d.modifyHolder(k);
            int b = d.evaluateHolder(k);
            if (b > 0) {
                breaks++;
                total += b;
            }
        }
        return total;
    }

    /** The unbudgeted path evaluated every grouped holder: none of them waits any longer. */
    void evaluatedAll() {
        if (!waited) {
            return;
        }
        for (int k = 0; k < d.holderCount; k++) {
            since[d.holders[k]] = -1;
        }
        waited = false;
    }

    /**
     * Before the strained lists swap: the children of every deferred holder go to the front of the
     * next step's list (oldest holder first), their collision loads carried.
     */
    void carryOver() {
        if (deferredCount == 0) {
            return;
        }
        ClusterStore s = d.store;
        int extra = 0;
        for (int j = 0; j < deferredCount; j++) {
            int k = deferred[j];
            extra += d.holderStart[k + 1] - d.holderStart[k];
        }
        int need = extra + d.nextCount;
        if (merged.length < need) {
            merged = new int[Math.max(need, merged.length * 2)];
        }
        if (carriedNodes.length < extra) {
            carriedNodes = new int[Math.max(extra, carriedNodes.length * 2)];
        }
        int m = 0;
        carriedCount = 0;
        for (int j = 0; j < deferredCount; j++) {
            int k = deferred[j];
            for (int e = d.holderStart[k]; e < d.holderStart[k + 1]; e++) {
                int g = d.entries[e];
                carried[g] = s.collisionLoad[g];
                carriedNodes[carriedCount++] = g;
                if (!s.inNext[g]) {
                    s.inNext[g] = true;
                    merged[m++] = g;
                }
            }
        }
        System.arraycopy(d.next, 0, merged, m, d.nextCount);
        m += d.nextCount;
        int[] t = d.next;
        d.next = merged;
        d.nextCount = m;
        merged = t;
    }

    /** End of the slot: the counters that describe the state after it. */
    void finish() {
        int breaks = 0;
        for (int k = 0; k < d.holderCount; k++) {
            if (d.holderBroken[k] > 0) {
                breaks++;
            }
        }
        stats.breaks = d.entryCount > 0 ? breaks : 0;
        stats.deferred = deferredCount;
        int oldest = 0;
        for (int j = 0; j < deferredCount; j++) {
            long age = d.step - since[d.holders[deferred[j]]] + 1;
            oldest = (int) Math.max(oldest, Math.min(age, Integer.MAX_VALUE));
        }
        stats.oldestDeferral = oldest;
        stats.activePieces = d.activeCount;
    }

    // ---- release throttling ----------------------------------------------------------------

    /** Before the step's releases: the share to thin, from the pieces holding bodies now. */
    void beginRelease() {
        num = 0;
        den = 1;
        all = false;
        if (throttleMin < 0) {
            return;
        }
        int a = d.activeCount;
        if (a >= throttleMax) {
            all = true;
        } else if (a > throttleMin) {
            num = a - throttleMin;
            den = throttleMax - throttleMin;
        }
    }

    /**
     * Whether a piece about to be released with motion {@code m} gets no body. Kinematic (anchored)
     * remnants are the standing structure, not debris: only the body budget stops them.
     */
    boolean throttle(MotionType m) {
        BodyStore b = d.bodies;
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

    // ---- snapshots (docs/snapshot-format.md, section DEST): the state that outlives a step ----

    void writeState(java.io.DataOutput o, int nodes) throws java.io.IOException {
        o.writeInt(breaksPerStep);
        o.writeInt(throttleMin);
        o.writeInt(throttleMax);
        o.writeLong(acc);
        o.writeBoolean(waited);
        for (int g = 0; g < nodes; g++) {
            o.writeLong(since[g]);
            o.writeDouble(carried[g]);
        }
        o.writeInt(carriedCount);
        for (int i = 0; i < carriedCount; i++) {
            o.writeInt(carriedNodes[i]);
        }
        stats.writeState(o);
    }

    void readState(java.io.DataInput in, int nodes) throws java.io.IOException {
        breaksPerStep = in.readInt();
        throttleMin = in.readInt();
        throttleMax = in.readInt();
        acc = in.readLong();
        waited = in.readBoolean();
        for (int g = 0; g < nodes; g++) {
            since[g] = in.readLong();
            carried[g] = in.readDouble();
        }
        int n = in.readInt();
        if (n < 0 || n > nodes) {
            throw new IllegalArgumentException("carried node count " + n + "; allowed: [0, " + nodes + "]");
        }
        carriedNodes = new int[Math.max(16, n)];
        for (int i = 0; i < n; i++) {
            carriedNodes[i] = DestructionState.index(in.readInt(), nodes, "carried node");
        }
        carriedCount = n;
        stats.readState(in);
    }
}
