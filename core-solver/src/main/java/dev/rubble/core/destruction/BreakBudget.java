package dev.rubble.core.destruction;

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
 *    a piece that would pass the body budget (maxBodies) gets no body either (never an exception); the
 *    breaking holder's body, retired in the same break, does not count (Pieces.activate)
 * </pre>
 *
 * A holder that does not break uses no budget (Chaos counts clusters that released something).
 * The settings, the waits and the carried loads are {@link BudgetState} (saved); this pass keeps
 * only per-step scratch. Not thread-safe: the step owns it.
 */
final class BreakBudget implements Pass {
    private final DestructionContext d;
    private final Modifiers modifiers;
    private final Evaluation evaluation;
    // per step scratch: holder indices in first-strained order, and the ones deferred
    private int[] fifo = new int[16], seen = new int[16], deferred = new int[16], merged = new int[16];
    private int deferredCount, tag;

    BreakBudget(DestructionContext d, Modifiers modifiers, Evaluation evaluation) {
        this.d = d;
        this.modifiers = modifiers;
        this.evaluation = evaluation;
    }

    /** Start of the slot: clears the counters. */
    void begin() {
        d.budget.stats.reset();
        deferredCount = 0;
    }

    /**
     * After the collision gather: the collision loads carried by children whose holder waited are
     * max-combined with this step's (a waiting holder keeps the largest load it saw, it does not sum).
     */
    void restoreCarried() {
        BudgetState bs = d.budget;
        ClusterStore s = d.store;
        for (int i = 0; i < bs.carriedCount; i++) {
            int g = bs.carriedNodes[i];
            if (bs.carried[g] > s.collisionLoad[g]) {
                s.collisionLoad[g] = bs.carried[g];
            }
            bs.carried[g] = 0;
        }
        bs.carriedCount = 0;
    }

    /**
     * Evaluates holders in first-strained order (modifiers, then the break rule, holder by holder)
     * until {@code breaksPerStep} of them broke; defers the rest. Returns how many children broke.
     */
    int run() {
        StrainGroups gr = d.groups;
        BudgetState bs = d.budget;
        int hc = gr.holderCount;
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
            int k = gr.holderIdx[s.parent[g]];
            if (k < hc && gr.holders[k] == s.parent[g] && seen[k] != tag) {
                seen[k] = tag;
                fifo[n++] = k;
            }
        }
        int breaks = 0, total = 0;
        for (int j = 0; j < n; j++) {
            int k = fifo[j];
            int h = gr.holders[k];
            if (breaks >= bs.breaksPerStep) {
                if (bs.since[h] < 0) {
                    bs.since[h] = d.step;
                }
                bs.waited = true;
                deferred[deferredCount++] = k;
                continue;
            }
            bs.since[h] = -1;
            modifiers.holder(k);
            int b = evaluation.holder(k);
            if (b > 0) {
                breaks++;
                total += b;
            }
        }
        return total;
    }

    /** The unbudgeted path evaluated every grouped holder: none of them waits any longer. */
    void evaluatedAll() {
        BudgetState bs = d.budget;
        if (!bs.waited) {
            return;
        }
        for (int k = 0; k < d.groups.holderCount; k++) {
            bs.since[d.groups.holders[k]] = -1;
        }
        bs.waited = false;
    }

    /**
     * Before the strained lists swap: the children of every deferred holder go to the front of the
     * next step's list (oldest holder first), their collision loads carried.
     */
    void carryOver() {
        if (deferredCount == 0) {
            return;
        }
        StrainGroups gr = d.groups;
        BudgetState bs = d.budget;
        ClusterStore s = d.store;
        int extra = 0;
        for (int j = 0; j < deferredCount; j++) {
            int k = deferred[j];
            extra += gr.holderStart[k + 1] - gr.holderStart[k];
        }
        int need = extra + d.nextCount;
        if (merged.length < need) {
            merged = new int[Math.max(need, merged.length * 2)];
        }
        if (bs.carriedNodes.length < extra) {
            bs.carriedNodes = new int[Math.max(extra, bs.carriedNodes.length * 2)];
        }
        int m = 0;
        bs.carriedCount = 0;
        for (int j = 0; j < deferredCount; j++) {
            int k = deferred[j];
            for (int e = gr.holderStart[k]; e < gr.holderStart[k + 1]; e++) {
                int g = gr.entries[e];
                bs.carried[g] = s.collisionLoad[g];
                bs.carriedNodes[bs.carriedCount++] = g;
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
        StrainGroups gr = d.groups;
        BudgetState bs = d.budget;
        int breaks = 0;
        for (int k = 0; k < gr.holderCount; k++) {
            if (gr.holderBroken[k] > 0) {
                breaks++;
            }
        }
        DestructionStats stats = bs.stats;
        // + holders broken before the solve (issue 22) and holders split by cut bonds (stress, CutBond)
        stats.breaks = (gr.entryCount > 0 ? breaks : 0) + d.impactBreaks + d.cutBreaks;
        stats.deferred = deferredCount;
        int oldest = 0;
        for (int j = 0; j < deferredCount; j++) {
            long age = d.step - bs.since[gr.holders[deferred[j]]] + 1;
            oldest = (int) Math.max(oldest, Math.min(age, Integer.MAX_VALUE));
        }
        stats.oldestDeferral = oldest;
        stats.activePieces = d.activeCount;
    }
}
