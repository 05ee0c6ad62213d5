package dev.rubble.core.destruction;

/**
 * The evaluation pass (reference: chaos-clusters-strain-runtime §5.3): a grouped child breaks iff
 * {@code max(collision, external) >= threshold} and its level is below its collection's unbreakable
 * level (one level per step: direct children of active holders only); both loads reset. Records the
 * applied load and the verdict per entry, the breaks per holder, the holder's strain heat (display
 * only), and the holder as evaluated (for propagation). Then, in collections whose damage model gives
 * bonds a finite capacity (issue 23), every live bond of a child that did not break whose capacity the
 * child's load reached is cut on its own (Blast-style; the cuts pass splits the holder later in the step).
 */
final class Evaluation implements Pass {
    private final DestructionContext d;
    private final Pieces pieces;

    Evaluation(DestructionContext d, Pieces pieces) {
        this.d = d;
        this.pieces = pieces;
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
        if (pc.capacity != null) {
            failBonds(pc, k);
        }
        return total;
    }

    /** Cuts the live bonds of holder k's unbroken children whose capacity their applied load reached. */
    private void failBonds(PlacedCollection pc, int k) {
        StrainGroups gr = d.groups;
        int[] es = pc.asset.edgeStart(), el = pc.asset.edgeList();
        for (int e = gr.holderStart[k]; e < gr.holderStart[k + 1]; e++) {
            double a = gr.applied[e];
            if (gr.broken[e] || !(a > 0)) {
                continue;
            }
            int node = d.store.node[gr.entries[e]];
            if (node < 0) {
                continue;
            }
            for (int j = es[node]; j < es[node + 1]; j++) {
                int b = el[j];
                if (pc.bondAlive[b] && a >= pc.capacity[b]) {
                    pieces.cutBond(pc, b);
                }
            }
        }
    }
}
