package dev.rubble.core.destruction;

import dev.rubble.core.destruction.StressPass.Holder;
import dev.rubble.core.destruction.StressPass.State;
import dev.rubble.spi.stress.StressGraph;
import java.util.Arrays;

/**
 * Graph assembly for the {@link StressPass}: per holder, the support graph of its children and their
 * live bonds (nodes with mass, centre of mass and support; bonds with area, strength and the damage
 * they carry), kept while the holder's body, bonds and supports last and rebuilt otherwise; the
 * holder's contact loads are cleared for the run.
 */
final class StressAssembly {
    private final DestructionContext d;

    StressAssembly(DestructionContext d) {
        this.d = d;
    }

    /** Builds or keeps holder h's graph and clears its contact loads; marks it for this run. */
    void prepare(State st, int h, long mark) {
        if (st.holders.length <= h) {
            st.holders = Arrays.copyOf(st.holders, Math.max(h + 1, 2 * st.holders.length));
        }
        Holder hd = st.holders[h];
        if (hd == null) {
            hd = new Holder();
            st.holders[h] = hd;
        }
        PlacedCollection pc = d.collections.get(d.store.collection[h]);
        hd.rebuilt = false;
        if (!valid(hd, pc, h)) {
            build(st, hd, pc, h);
            hd.rebuilt = true;
        }
        if (hd.contact.length < 6 * hd.g.nodeCount) {
            hd.contact = new double[6 * hd.g.nodeCount];
        }
        hd.hadContact = hd.contactCount > 0;
        if (hd.hadContact) {
            Arrays.fill(hd.contact, 0, 6 * hd.g.nodeCount, 0);
        }
        hd.contactCount = 0;
        hd.mark = mark;
    }

    /** Whether holder h's graph still describes it: same body, every bond alive, same supports. */
    boolean valid(Holder hd, PlacedCollection pc, int h) {
        ClusterStore s = d.store;
        if (hd.body != s.body[h] || hd.g.nodeCount != s.childCount[h]) {
            return false;
        }
        for (int k = 0; k < hd.g.bondCount; k++) {
            if (!pc.bondAlive[hd.edges[k]]) {
                return false;
            }
        }
        for (int i = 0; i < hd.g.nodeCount; i++) {
            if (hd.g.support[i] != (s.anchoredCount[hd.nodes[i]] > 0)) {
                return false;
            }
        }
        return true;
    }

    private int[] local = new int[0];

    void build(State st, Holder hd, PlacedCollection pc, int h) {
        ClusterStore s = d.store;
        int n = s.childCount[h];
        if (hd.nodes.length < n) {
            hd.nodes = new int[n];
        }
        if (local.length < pc.asset.nodeCount()) {
            local = new int[pc.asset.nodeCount()];
        }
        int i = 0;
        int bonds = 0;
        for (int ch = s.firstChild[h]; ch != ClusterStore.NONE; ch = s.nextSibling[ch]) {
            hd.nodes[i] = ch;
            local[s.node[ch]] = i;
            i++;
        }
        int[] ea = pc.asset.edgeA(), eb = pc.asset.edgeB();
        for (int j = 0; j < n; j++) {
            int an = s.node[hd.nodes[j]];
            for (int q = st.edgeStart[an]; q < st.edgeStart[an + 1]; q++) {
                int e = st.edges[q];
                if (ea[e] == an && pc.bondAlive[e] && s.parent[pc.base + eb[e]] == h) {
                    bonds++;
                }
            }
        }
        if (hd.edges.length < bonds) {
            hd.edges = new int[bonds];
        }
        StressGraph g = hd.g;
        g.reset(n, bonds);
        for (int j = 0; j < n; j++) {
            int ch = hd.nodes[j];
            g.node(j, s.mass[ch], s.com[3 * ch], s.com[3 * ch + 1], s.com[3 * ch + 2], s.anchoredCount[ch] > 0);
        }
        int k = 0;
        double[] area = pc.asset.edgeArea();
        for (int j = 0; j < n; j++) {
            int an = s.node[hd.nodes[j]];
            for (int q = st.edgeStart[an]; q < st.edgeStart[an + 1]; q++) {
                int e = st.edges[q];
                if (ea[e] == an && pc.bondAlive[e] && s.parent[pc.base + eb[e]] == h) {
                    hd.edges[k] = e;
                    g.bond(k, j, local[eb[e]], area[e] > 0 ? area[e] : 1e-6);
                    g.damage[k] = st.damage[e];
                    if (!(area[e] > 0)) {
                        g.strength[k] = 0; // no contact area: no strength (cut at its holder's first evaluation)
                    }
                    k++;
                }
            }
        }
        hd.body = s.body[h];
        hd.solved = false;
        hd.damaging = 0;
    }
}
