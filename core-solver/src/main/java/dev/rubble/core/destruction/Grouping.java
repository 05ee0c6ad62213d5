package dev.rubble.core.destruction;

import java.util.Arrays;

/**
 * The grouping pass: the evaluable children of this step's strained list (direct children of a
 * holder whose body is alive) grouped by holder into {@link StrainGroups}, collection-major, then
 * holders in first-strained order (a stable counting sort). Scratch: the holder stamp per node, the
 * per-holder counts, the sort order.
 */
final class Grouping implements Pass {
    private final DestructionContext d;
    private int[] holderStamp = new int[0];
    private int[] cnt = new int[16], order = new int[16], tmpH = new int[16], collStart = new int[4];

    Grouping(DestructionContext d) {
        this.d = d;
    }

    void run() {
        ClusterStore store = d.store;
        StrainGroups gr = d.groups;
        int size = store.size();
        if (holderStamp.length < size) {
            holderStamp = Arrays.copyOf(holderStamp, Math.max(size, holderStamp.length * 2));
        }
        gr.growNodes(holderStamp.length);
        int stamp = ++d.stamp;
        gr.holderCount = 0;
        gr.entryCount = 0;
        gr.evaluatedCount = 0;
        for (int i = 0; i < d.listCount; i++) {
            int g = d.list[i];
            if (!store.isHeldByActive(g) || !d.bodyAlive(store.parent[g])) {
                continue;
            }
            int h = store.parent[g];
            if (holderStamp[h] != stamp) {
                holderStamp[h] = stamp;
                if (gr.holderCount == gr.holders.length) {
                    gr.growHolders(gr.holderCount * 2);
                }
                if (cnt.length < gr.holders.length) {
                    // the impact pass grows the shared holder arrays too: keep the scratch as long as they are
                    int cap = gr.holders.length;
                    cnt = Arrays.copyOf(cnt, cap);
                    order = Arrays.copyOf(order, cap);
                    tmpH = Arrays.copyOf(tmpH, cap);
                }
                gr.holders[gr.holderCount] = h;
                cnt[gr.holderCount] = 0;
                gr.holderIdx[h] = gr.holderCount++;
            }
            cnt[gr.holderIdx[h]]++;
            gr.entryCount++;
        }
        if (gr.entryCount == 0) {
            return;
        }
        int hc = gr.holderCount;
        int[] holders = gr.holders;
        int nc = d.collections.size();
        if (collStart.length < nc + 1) {
            collStart = new int[nc + 1];
        }
        Arrays.fill(collStart, 0, nc + 1, 0);
        for (int k = 0; k < hc; k++) {
            collStart[store.collection[holders[k]] + 1]++;
        }
        for (int c = 0; c < nc; c++) {
            collStart[c + 1] += collStart[c];
        }
        for (int k = 0; k < hc; k++) {
            order[collStart[store.collection[holders[k]]]++] = k; // stable: first-strained order within a collection
        }
        int off = 0;
        for (int j = 0; j < hc; j++) {
            int k = order[j];
            tmpH[j] = holders[k];
            gr.holderStart[j] = off;
            off += cnt[k];
        }
        gr.holderStart[hc] = off;
        for (int j = 0; j < hc; j++) {
            holders[j] = tmpH[j];
            gr.holderIdx[holders[j]] = j;
            gr.holderBroken[j] = 0;
            cnt[j] = gr.holderStart[j]; // write cursor
        }
        gr.growEntries(gr.entryCount);
        for (int i = 0; i < d.listCount; i++) {
            int g = d.list[i];
            if (store.isHeldByActive(g)) {
                gr.entries[cnt[gr.holderIdx[store.parent[g]]]++] = g;
            }
        }
    }
}
