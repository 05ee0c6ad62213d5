package dev.rubble.core.destruction;

/**
 * The propagation pass (reference: chaos-clusters-strain-runtime §5.5), over the holders evaluated
 * this step in evaluation order, for collections with propagation on: a broken child passes
 * {@code breakFactor (applied - threshold) / edges} to each bonded sibling, an unbroken one
 * {@code shockFactor applied}, undivided; neighbours keep the max and are evaluated next step. A
 * forced break (+∞ load) passes nothing. A holder's propagation touches only its own children, so
 * running it after every evaluation equals running it after each holder's.
 */
final class Propagation implements Pass {
    private final DestructionContext d;

    Propagation(DestructionContext d) {
        this.d = d;
    }

    void run() {
        StrainGroups gr = d.groups;
        for (int j = 0; j < gr.evaluatedCount; j++) {
            int k = gr.evaluated[j];
            int h = gr.holders[k];
            PlacedCollection pc = d.collections.get(d.store.collection[h]);
            if (pc.options.propagation()) {
                holder(pc, h, gr.holderStart[k], gr.holderStart[k + 1]);
            }
        }
    }

    private void holder(PlacedCollection pc, int h, int from, int to) {
        ClusterStore store = d.store;
        StrainGroups gr = d.groups;
        double bf = pc.options.breakFactor(), sf = pc.options.shockFactor();
        int[] es = pc.asset.edgeStart(), el = pc.asset.edgeList(), ea = pc.asset.edgeA(), eb = pc.asset.edgeB();
        for (int e = from; e < to; e++) {
            int g = gr.entries[e];
            double a = gr.applied[e];
            if (!Double.isFinite(a)) {
                continue;
            }
            int nd = store.node[g];
            double per = 0;
            if (gr.broken[e] && bf > 0) {
                // the bonded siblings are counted only when there is an excess to divide among them
                double remain = a - store.threshold[g];
                if (remain > 0) {
                    int edges = 0;
                    for (int k = es[nd]; k < es[nd + 1]; k++) {
                        int b = el[k];
                        int other = pc.base + (ea[b] == nd ? eb[b] : ea[b]);
                        if (pc.bondAlive[b] && store.parent[other] == h) {
                            edges++;
                        }
                    }
                    if (edges == 0) {
                        continue;
                    }
                    per = bf * remain / edges;
                }
            } else if (sf > 0) {
                per = sf * a; // undivided: no sibling count needed (none bonded: the loop below passes nothing)
            }
            if (!(per > 0)) {
                continue;
            }
            for (int k = es[nd]; k < es[nd + 1]; k++) {
                int b = el[k];
                int other = pc.base + (ea[b] == nd ? eb[b] : ea[b]);
                if (pc.bondAlive[b] && store.parent[other] == h) {
                    if (per > store.externalLoad[other]) {
                        store.externalLoad[other] = per;
                    }
                    d.addNext(other);
                }
            }
        }
    }
}
