package dev.rubble.core.destruction;

import dev.rubble.core.destruction.StressPass.Holder;
import dev.rubble.core.destruction.StressPass.State;
import dev.rubble.core.body.BodyStore;
import dev.rubble.spi.stress.StressGraph;
import java.util.Arrays;

/**
 * Graph assembly for the {@link StressPass}: per holder, the support graph of its children and their
 * live bonds (nodes with mass, centre of mass and support; bonds with area, the face their pieces
 * share, strength and the damage they carry), kept while the holder's body, bonds and supports last and rebuilt otherwise; the
 * holder's contact loads are cleared for the run and gathered from the step's contacts; field
 * loads on held pieces are moved to their graph nodes.
 */
final class StressAssembly {
    private final DestructionContext d;
    private final double[] basis = new double[6], j3 = new double[3];

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
                    bond(g, k, j, local[eb[e]], area[e] > 0 ? area[e] : 1e-6, st.face, e);
                    g.damage[k] = st.damage[e];
                    g.strength[k] = st.strength[e];
                    if (!(area[e] > 0)) {
                        g.strength[k] = 0; // no contact area: no strength (cut at its holder's first evaluation)
                    }
                    k++;
                }
            }
        }
        limits(st, pc, hd);
        hd.body = s.body[h];
        hd.solved = false;
        hd.damaging = 0;
    }

    /**
     * Graph bond k between nodes a and b for asset bond e: on the face its pieces share (collection
     * frame, {@link BondFaces}), else between the two centres of mass.
     */
    static void bond(StressGraph g, int k, int a, int b, double area, double[] face, int e) {
        int f = BondFaces.STRIDE * e;
        if (Double.isNaN(face[f])) {
            g.bond(k, a, b, area);
        } else {
            g.bond(k, a, b, area, face[f], face[f + 1], face[f + 2], face[f + 3], face[f + 4], face[f + 5]);
        }
    }

    /**
     * Holder hd's per-bond limits from the collection's bond and material limits (docs/destruction.md
     * "Stress limits"): a bond's own as set; its material's, per limit, the weaker of the set limits
     * of its two nodes' materials (one set: that one).
     */
    static void limits(State st, PlacedCollection pc, Holder hd) {
        StressGraph g = hd.g;
        if (!st.anyLimits) {
            if (g.limitsSet) {
                Arrays.fill(g.bondLimits, 0, 6 * g.bondCount, Double.NaN);
                Arrays.fill(g.materialLimits, 0, 6 * g.bondCount, Double.NaN);
                g.limitsSet = false;
            }
            return;
        }
        int[] ea = pc.asset.edgeA(), eb = pc.asset.edgeB();
        double[] ml = st.materialLimits;
        for (int k = 0; k < g.bondCount; k++) {
            int e = hd.edges[k];
            int ma = 6 * pc.material[ea[e]], mb = 6 * pc.material[eb[e]];
            for (int j = 0; j < 6; j++) {
                g.bondLimits[6 * k + j] = st.bondLimits == null ? Double.NaN : st.bondLimits[6 * e + j];
                double x = ml[ma + j], y = ml[mb + j];
                g.materialLimits[6 * k + j] = Double.isNaN(x) ? y : Double.isNaN(y) ? x : Math.min(x, y);
            }
        }
        g.limitsSet = true;
    }

    /**
     * Contact loads of this step on marked holders: every solved point's impulse P = λn n + λ1 u +
     * λ2 v (on B; −P on A) over dt, taken into the collection frame and given to the graph node
     * whose centre of mass is nearest the point (lowest index among equals), with its moment about
     * that centre.
     */
    void contacts(StressPass pass, long mark) {
        dev.rubble.core.collision.ContactStore c = d.contacts;
        BodyStore b = d.bodies;
        for (int m = 0, n = c.size(); m < n; m++) {
            if (c.pointCount[m] == 0) {
                continue;
            }
            for (int side = 0; side < 2; side++) {
                int slot = side == 0 ? c.bodyA[m] : c.bodyB[m];
                int g = d.nodeOfSlot(slot);
                Holder hd = null;
                UnionStress.Graph ug = null;
                if (g < 0) {
                    ug = pass.unionStress.graphOfSlot(slot, mark); // a union's body (issue 30 with 29)
                    if (ug == null) {
                        continue;
                    }
                } else {
                    State st = pass.state(d.store.collection[g]);
                    if (st == null || g >= st.holders.length || st.holders[g] == null || st.holders[g].mark != mark) {
                        continue;
                    }
                    hd = st.holders[g];
                }
                double sign = side == 0 ? -1 : 1;
                double qx = -b.qx[slot], qy = -b.qy[slot], qz = -b.qz[slot], qw = b.qw[slot];
                ClusterStore s = d.store;
                for (int k = 0, p = m * dev.rubble.core.collision.ContactStore.MAX_POINTS; k < c.pointCount[m]; k++, p++) {
                    if (c.normalImpulse[p] == 0 && c.tangentImpulse1[p] == 0 && c.tangentImpulse2[p] == 0) {
                        continue;
                    }
                    c.impulse(m, p, basis, j3);
                    double fx = sign * j3[0] / d.dt;
                    double fy = sign * j3[1] / d.dt;
                    double fz = sign * j3[2] / d.dt;
                    double rx = side == 0 ? c.ax[p] : c.bx[p], ry = side == 0 ? c.ay[p] : c.by[p],
                            rz = side == 0 ? c.az[p] : c.bz[p];
                    // into the collection frame: R^T r + com, R^T f
                    double lx = Rot.x(qx, qy, qz, qw, rx, ry, rz) + (hd == null ? 0 : s.com[3 * g]);
                    double ly = Rot.y(qx, qy, qz, qw, rx, ry, rz) + (hd == null ? 0 : s.com[3 * g + 1]);
                    double lz = Rot.z(qx, qy, qz, qw, rx, ry, rz) + (hd == null ? 0 : s.com[3 * g + 2]);
                    double gx0 = Rot.x(qx, qy, qz, qw, fx, fy, fz), gy0 = Rot.y(qx, qy, qz, qw, fx, fy, fz),
                            gz0 = Rot.z(qx, qy, qz, qw, fx, fy, fz);
                    StressGraph gr = hd == null ? ug.g : hd.g;
                    int best = 0;
                    double bestD = Double.POSITIVE_INFINITY;
                    for (int i = 0; i < gr.nodeCount; i++) {
                        double dx = gr.pos[3 * i] - lx, dy = gr.pos[3 * i + 1] - ly, dz = gr.pos[3 * i + 2] - lz;
                        double dd = dx * dx + dy * dy + dz * dz;
                        if (dd < bestD) {
                            bestD = dd;
                            best = i;
                        }
                    }
                    double ox = lx - gr.pos[3 * best], oy = ly - gr.pos[3 * best + 1], oz = lz - gr.pos[3 * best + 2];
                    double[] ct = hd == null ? ug.contact : hd.contact;
                    int o = 6 * best;
                    ct[o] += gx0;
                    ct[o + 1] += gy0;
                    ct[o + 2] += gz0;
                    ct[o + 3] += oy * gz0 - oz * gy0;
                    ct[o + 4] += oz * gx0 - ox * gz0;
                    ct[o + 5] += ox * gy0 - oy * gx0;
                    if (hd == null) {
                        ug.contactCount++;
                    } else {
                        hd.contactCount++;
                    }
                }
            }
        }
    }

    /**
     * A field's force ({@code angular = false}) or torque on held global node g, world frame (issue
     * 30; docs/fields.md): moved to the graph node that carries it — g's ancestor that is a direct
     * child of the active holder — as a force there plus its moment (com_g − com_child) × F, both
     * in the collection frame. Consumed by the next run of the stress pass (this step's), then cleared.
     */
    void fieldLoad(State st, int g, boolean angular, double x, double y, double z) {
        ClusterStore s = d.store;
        int child = g;
        while (s.parent[child] != ClusterStore.NONE && s.body[s.parent[child]] == ClusterStore.NONE) {
            child = s.parent[child];
        }
        int h = s.parent[child];
        if (h == ClusterStore.NONE) {
            return;
        }
        BodyStore b = d.bodies;
        int slot = b.slot(s.body[h]);
        double qx = -b.qx[slot], qy = -b.qy[slot], qz = -b.qz[slot], qw = b.qw[slot];
        double lx = Rot.x(qx, qy, qz, qw, x, y, z), ly = Rot.y(qx, qy, qz, qw, x, y, z), lz = Rot.z(qx, qy, qz, qw, x, y, z);
        int an = s.node[child];
        int o = 6 * an;
        if (st.fieldCount == st.fieldNodes.length) {
            st.fieldNodes = Arrays.copyOf(st.fieldNodes, 2 * st.fieldNodes.length);
        }
        st.fieldNodes[st.fieldCount++] = an;
        if (angular) {
            st.field[o + 3] += lx;
            st.field[o + 4] += ly;
            st.field[o + 5] += lz;
            return;
        }
        double rx = s.com[3 * g] - s.com[3 * child], ry = s.com[3 * g + 1] - s.com[3 * child + 1],
                rz = s.com[3 * g + 2] - s.com[3 * child + 2];
        st.field[o] += lx;
        st.field[o + 1] += ly;
        st.field[o + 2] += lz;
        st.field[o + 3] += ry * lz - rz * ly;
        st.field[o + 4] += rz * lx - rx * lz;
        st.field[o + 5] += rx * ly - ry * lx;
    }
}
