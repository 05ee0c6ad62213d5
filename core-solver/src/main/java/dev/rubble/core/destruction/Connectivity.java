package dev.rubble.core.destruction;

import dev.rubble.core.body.MotionType;
import dev.rubble.spi.collection.CollectionAsset;
import dev.rubble.spi.graph.DisjointSets;
import java.util.Arrays;

/**
 * The connectivity pass (reference: chaos-clusters-strain-runtime §7.1, without its recursive DFS):
 * the connected components of a holder's remaining children over live bonds, by iterative
 * union-find with path halving; components in the order of their first child; one child alone is
 * released ({@link BreakEvents#RELEASE}), several become a new internal cluster with recombined
 * mass and {@code v + ω × r} at its new centre of mass (the term Chaos omits). Scratch: the
 * union-find, per-node member index, the component sort.
 */
final class Connectivity implements Pass {
    private final DestructionContext d;
    private final Pieces pieces;
    private int[] uf = new int[16], members = new int[16], compOf = new int[16], compStart = new int[17];
    private int[] memberComp = new int[16], sorted = new int[16];
    private int[] ufIdx = new int[0];

    Connectivity(DestructionContext d, Pieces pieces) {
        this.d = d;
        this.pieces = pieces;
    }

    /** Splits holder h's remaining children into components (h still has its body). */
    void split(PlacedCollection pc, int h) {
        ClusterStore s = d.store;
        int n = s.childCount[h];
        if (n == 0) {
            return;
        }
        int comps = unionFind(pc, h, n);
        if (memberComp.length < n) {
            memberComp = new int[uf.length];
        }
        Arrays.fill(compStart, 0, comps + 1, 0);
        for (int i = 0; i < n; i++) {
            memberComp[i] = compOf[DisjointSets.find(uf, i)];
            compStart[memberComp[i] + 1]++;
        }
        for (int c = 0; c < comps; c++) {
            compStart[c + 1] += compStart[c];
        }
        int[] pos = uf; // the union-find is no longer needed
        for (int c = 0; c < comps; c++) {
            pos[c] = compStart[c];
        }
        for (int i = 0; i < n; i++) {
            sorted[pos[memberComp[i]]++] = members[i];
        }
        for (int c = 0; c < comps; c++) {
            int from = compStart[c], to = compStart[c + 1];
            if (to - from == 1) {
                int g = sorted[from];
                s.unlink(g);
                s.anchoredCount[h] -= s.anchoredCount[g];
                pieces.activate(g, h, null, s.anchoredCount[g] > 0 ? MotionType.KINEMATIC : MotionType.DYNAMIC,
                        BreakEvents.RELEASE, 0);
            } else {
                pieces.newCluster(pc, h, sorted, from, to);
            }
        }
    }

    /** How many connected components holder h's children form over live bonds (nothing changes). */
    int components(PlacedCollection pc, int h) {
        int n = d.store.childCount[h];
        return n == 0 ? 0 : unionFind(pc, h, n);
    }

    /**
     * Union-find over h's n children and their live bonds to each other; numbers the components by
     * first member ({@code compOf[root]}) and returns how many there are.
     */
    private int unionFind(PlacedCollection pc, int h, int n) {
        ClusterStore s = d.store;
        if (ufIdx.length < s.size()) {
            ufIdx = Arrays.copyOf(ufIdx, Math.max(s.size(), ufIdx.length * 2));
        }
        if (uf.length < n) {
            int cap = Math.max(n, uf.length * 2);
            uf = new int[cap];
            members = new int[cap];
            compOf = new int[cap];
            compStart = new int[cap + 1];
            sorted = new int[Math.max(cap, sorted.length)];
        }
        int i = 0;
        for (int c = s.firstChild[h]; c != ClusterStore.NONE; c = s.nextSibling[c]) {
            members[i] = c;
            uf[i] = i;
            ufIdx[c] = i++;
        }
        CollectionAsset a = pc.asset;
        int[] es = a.edgeStart(), el = a.edgeList(), ea = a.edgeA(), eb = a.edgeB();
        for (i = 0; i < n; i++) {
            int nd = s.node[members[i]];
            for (int k = es[nd]; k < es[nd + 1]; k++) {
                int e = el[k];
                int other = pc.base + (ea[e] == nd ? eb[e] : ea[e]);
                if (pc.bondAlive[e] && s.parent[other] == h) {
                    DisjointSets.union(uf, i, ufIdx[other]);
                }
            }
        }
        // number components by first member (the root is the smallest index of its component)
        int comps = 0;
        for (i = 0; i < n; i++) {
            if (DisjointSets.find(uf, i) == i) {
                compOf[i] = comps++;
            }
        }
        return comps;
    }
}
