package dev.rubble.core.destruction;

/**
 * The evaluation pass (reference: chaos-clusters-strain-runtime §5.3): a grouped child breaks iff
 * {@code max(collision, external) >= threshold} and its level is below its collection's unbreakable
 * level (one level per step: direct children of active holders only); both loads reset. Records the
 * applied load and the verdict per entry, the breaks per holder, the holder's strain heat (display
 * only), and the holder as evaluated (for propagation).
 */
final class Evaluation implements Pass {
    private final DestructionContext d;

    Evaluation(DestructionContext d) {
        this.d = d;
    }

    /** Evaluates every grouped holder in order; returns how many children broke. */
    int run() {
        int total = 0;
        for (int k = 0; k < d.groups.holderCount; k++) {
            total += holder(k);
        }
        return total;
    }

    /** Evaluates holder k's entries; returns how many broke. */
    int holder(int k) {
        ClusterStore store = d.store;
        StrainGroups gr = d.groups;
        int total = 0;
        int h = gr.holders[k];
        PlacedCollection pc = d.collections.get(store.collection[h]);
        int limit = pc.unbreakableLevel; // the options' min(maxClusterLevel, maxSimulatedLevel) unless SetLevels changed it
        double ratio = 0;
        for (int e = gr.holderStart[k]; e < gr.holderStart[k + 1]; e++) {
            int g = gr.entries[e];
            double a = Math.max(store.collisionLoad[g], store.externalLoad[g]);
            double t = store.threshold[g];
            if (t > 0 && t < Double.POSITIVE_INFINITY && a / t > ratio && a / t < Double.POSITIVE_INFINITY) {
                ratio = a / t; // display only (strain heat)
            }
            boolean brk = store.level[g] < limit && a >= store.threshold[g];
            store.collisionLoad[g] = 0;
            store.externalLoad[g] = 0;
            gr.applied[e] = a;
            gr.broken[e] = brk;
            if (brk) {
                gr.holderBroken[k]++;
                total++;
            }
        }
        store.strainRatio[h] = ratio;
        store.strainStep[h] = d.step;
        gr.evaluated(k);
        return total;
    }
}
