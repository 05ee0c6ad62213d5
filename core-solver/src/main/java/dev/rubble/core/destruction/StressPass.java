package dev.rubble.core.destruction;

import dev.rubble.core.body.BodyStore;
import dev.rubble.spi.collection.CollectionAsset;
import dev.rubble.spi.stress.StressGraph;
import dev.rubble.spi.stress.StressModel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The stress pass (docs/destruction.md, "Stress"), after evaluation and release, before the bond
 * cuts: for every holder of a collection with a stress model and a support among its children
 * (an anchored child, or one with anchors inside), the support graph of its children and their
 * live bonds gets its loads —
 *
 * <pre>
 *  gravity        m_i R(q)ᵀ g                              (R(q) the holder's orientation: the collection frame)
 *  centrifugal    −m_i ω × (ω × (p_i − c))                 (ω the holder's angular velocity in the collection frame)
 * </pre>
 *
 * — the model solves and evaluates it, and every bond it marks broken dies as a {@code CutBond}
 * does (the damage model hears of it; the holder is split into its connected components by the
 * cut pass in the same slot). The graph, and with it the solver's warm start and factorisation, is
 * kept per holder while its bonds, supports and body last; when neither the loads (bit for bit) nor
 * the bonds changed and no bond is between its limits, the holder costs a comparison of six numbers.
 * A holder without a support is free-flying: gravity and centrifugal loads alone cannot stress it
 * (inertia relief would cancel them), so it is skipped. Per asset bond the pass keeps the damage
 * (lasting: in the digest) and the last stress ratio (for the console and {@code --color stress}).
 */
final class StressPass implements Pass {
    private final DestructionContext d;
    private final Pieces pieces;
    private final List<State> states = new ArrayList<>();
    private double gx, gy, gz;
    /** Bonds this pass cut in the last run (collection, asset edge), for tests and the console. */
    int cutInLastRun;
    /** Solves and total iterations in the last run, worst residual (for the console and benchmarks). */
    int solves;
    long iterations;
    double worstResidual;

    /** Builds or keeps each holder's support graph (graph assembly). */
    private final StressAssembly assembly;

    StressPass(DestructionContext d, Pieces pieces) {
        this.d = d;
        this.pieces = pieces;
        this.assembly = new StressAssembly(d);
    }

    /** One collection's stress state. */
    static final class State {
        final StressModel model;
        final double[] damage;
        final double[] ratio;
        /** Per asset bond: force (3) and moment (3) of the last solve, collection frame (what node a exerts on b). */
        final double[] load;
        /** Asset bonds per asset node (CSR). */
        final int[] edgeStart, edges;
        /** Per global node: the holder's graph while it has one. */
        Holder[] holders = new Holder[0];

        State(StressModel model, CollectionAsset a) {
            this.model = model;
            int e = a.edgeCount();
            damage = new double[e];
            ratio = new double[e];
            load = new double[6 * e];
            int n = a.nodeCount();
            edgeStart = new int[n + 1];
            int[] ea = a.edgeA(), eb = a.edgeB();
            for (int k = 0; k < e; k++) {
                edgeStart[ea[k] + 1]++;
                edgeStart[eb[k] + 1]++;
            }
            for (int i = 0; i < n; i++) {
                edgeStart[i + 1] += edgeStart[i];
            }
            edges = new int[edgeStart[n]];
            int[] fill = Arrays.copyOf(edgeStart, n);
            for (int k = 0; k < e; k++) {
                edges[fill[ea[k]]++] = k;
                edges[fill[eb[k]]++] = k;
            }
        }
    }

    /** One holder's graph. */
    static final class Holder {
        final StressGraph g = new StressGraph();
        long body;
        int[] nodes = new int[0];   // graph node -> global node
        int[] edges = new int[0];   // graph bond -> asset edge
        final double[] lastLoad = new double[6];
        boolean solved;
        int damaging;
        /** Contact loads of this step, 6 per graph node (force, torque about the node), collection frame. */
        double[] contact = new double[0];
        int contactCount;
        boolean hadContact, rebuilt;
        long mark;
    }

    void setGravity(double x, double y, double z) {
        gx = x;
        gy = y;
        gz = z;
    }

    /** Turns a stress model on for collection c (null = off). */
    void set(int c, StressModel model) {
        while (states.size() <= c) {
            states.add(null);
        }
        states.set(c, model == null ? null : new State(model, d.collection(c).asset));
    }

    State state(int c) {
        return c < states.size() ? states.get(c) : null;
    }

    /**
     * Bond e's last ratio while it is alive and its holder still has the graph that solved it (a
     * holder that came loose and has no support is not solved: 0).
     */
    double currentRatio(PlacedCollection pc, State st, int e) {
        if (!pc.bondAlive[e]) {
            return 0;
        }
        int h = d.store.parent[pc.base + pc.asset.edgeA()[e]];
        if (h == ClusterStore.NONE || h >= st.holders.length) {
            return 0;
        }
        Holder hd = st.holders[h];
        return hd != null && hd.solved && hd.body == d.store.body[h] ? st.ratio[e] : 0;
    }

    boolean any() {
        for (int i = 0; i < states.size(); i++) {
            if (states.get(i) != null) {
                return true;
            }
        }
        return false;
    }

    void run() {
        cutInLastRun = 0;
        solves = 0;
        iterations = 0;
        worstResidual = 0;
        if (!any()) {
            return;
        }
        ClusterStore s = d.store;
        // holders in node order (the active list's order depends on retire swaps; node order is plain)
        int count = d.activeCount;
        if (order.length < count) {
            order = new int[Math.max(count, 2 * order.length)];
        }
        System.arraycopy(d.active, 0, order, 0, count);
        Arrays.sort(order, 0, count);
        long mark = d.step + 1; // 0 = never
        for (int i = 0; i < count; i++) {
            int h = order[i];
            State st = state(s.collection[h]);
            if (st == null || s.childCount[h] < 2 || s.node[s.firstChild[h]] < 0 || !d.bodyAlive(h)) {
                continue;
            }
            assembly.prepare(st, h, mark);
        }
        contacts(mark);
        for (int i = 0; i < count; i++) {
            int h = order[i];
            State st = state(s.collection[h]);
            if (st == null || h >= st.holders.length || st.holders[h] == null || st.holders[h].mark != mark) {
                continue;
            }
            Holder hd = st.holders[h];
            if (s.anchoredCount[h] == 0 && hd.contactCount == 0) {
                hd.solved = false; // free flight: gravity and spin alone stress nothing here (inertia relief)
                continue;
            }
            holder(st, h, hd);
        }
    }


    /**
     * Contact loads of this step on marked holders: every solved point's impulse P = λn n + λ1 u +
     * λ2 v (on B; −P on A) over dt, taken into the collection frame and given to the graph node
     * whose centre of mass is nearest the point (lowest index among equals), with its moment about
     * that centre.
     */
    private void contacts(long mark) {
        dev.rubble.core.collision.ContactStore c = d.contacts;
        BodyStore b = d.bodies;
        for (int m = 0, n = c.size(); m < n; m++) {
            if (c.pointCount[m] == 0) {
                continue;
            }
            for (int side = 0; side < 2; side++) {
                int slot = side == 0 ? c.bodyA[m] : c.bodyB[m];
                int g = d.nodeOfSlot(slot);
                if (g < 0) {
                    continue;
                }
                State st = state(d.store.collection[g]);
                if (st == null || g >= st.holders.length || st.holders[g] == null || st.holders[g].mark != mark) {
                    continue;
                }
                Holder hd = st.holders[g];
                double sign = side == 0 ? -1 : 1;
                double nx = c.nx[m], ny = c.ny[m], nz = c.nz[m];
                double ux, uy, uz;
                if (Math.abs(nx) >= 0.57735026918962576) { // the contact solver's tangent basis
                    ux = ny;
                    uy = -nx;
                    uz = 0;
                } else {
                    ux = 0;
                    uy = nz;
                    uz = -ny;
                }
                double inv = 1 / Math.sqrt(ux * ux + uy * uy + uz * uz);
                ux *= inv;
                uy *= inv;
                uz *= inv;
                double vx = ny * uz - nz * uy, vy = nz * ux - nx * uz, vz = nx * uy - ny * ux;
                double qx = -b.qx[slot], qy = -b.qy[slot], qz = -b.qz[slot], qw = b.qw[slot];
                ClusterStore s = d.store;
                for (int k = 0, p = m * dev.rubble.core.collision.ContactStore.MAX_POINTS; k < c.pointCount[m]; k++, p++) {
                    double ln = c.normalImpulse[p], l1 = c.tangentImpulse1[p], l2 = c.tangentImpulse2[p];
                    if (ln == 0 && l1 == 0 && l2 == 0) {
                        continue;
                    }
                    double fx = sign * (ln * nx + l1 * ux + l2 * vx) / d.dt;
                    double fy = sign * (ln * ny + l1 * uy + l2 * vy) / d.dt;
                    double fz = sign * (ln * nz + l1 * uz + l2 * vz) / d.dt;
                    double rx = side == 0 ? c.ax[p] : c.bx[p], ry = side == 0 ? c.ay[p] : c.by[p],
                            rz = side == 0 ? c.az[p] : c.bz[p];
                    // into the collection frame: R^T r + com, R^T f
                    double lx = Rot.x(qx, qy, qz, qw, rx, ry, rz) + s.com[3 * g];
                    double ly = Rot.y(qx, qy, qz, qw, rx, ry, rz) + s.com[3 * g + 1];
                    double lz = Rot.z(qx, qy, qz, qw, rx, ry, rz) + s.com[3 * g + 2];
                    double gx0 = Rot.x(qx, qy, qz, qw, fx, fy, fz), gy0 = Rot.y(qx, qy, qz, qw, fx, fy, fz),
                            gz0 = Rot.z(qx, qy, qz, qw, fx, fy, fz);
                    StressGraph gr = hd.g;
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
                    double[] ct = hd.contact;
                    int o = 6 * best;
                    ct[o] += gx0;
                    ct[o + 1] += gy0;
                    ct[o + 2] += gz0;
                    ct[o + 3] += oy * gz0 - oz * gy0;
                    ct[o + 4] += oz * gx0 - ox * gz0;
                    ct[o + 5] += ox * gy0 - oy * gx0;
                    hd.contactCount++;
                }
            }
        }
    }

    private int[] order = new int[16];

    private void holder(State st, int h, Holder hd) {
        ClusterStore s = d.store;
        PlacedCollection pc = d.collections.get(s.collection[h]);
        boolean rebuilt = hd.rebuilt;
        int interval = Math.max(1, st.model.updateInterval());
        if (d.step % interval != 0) {
            return;
        }
        // loads in the collection frame
        BodyStore b = d.bodies;
        int slot = b.slot(s.body[h]);
        double qx = -b.qx[slot], qy = -b.qy[slot], qz = -b.qz[slot], qw = b.qw[slot];
        double lgx = Rot.x(qx, qy, qz, qw, gx, gy, gz), lgy = Rot.y(qx, qy, qz, qw, gx, gy, gz),
                lgz = Rot.z(qx, qy, qz, qw, gx, gy, gz);
        double wx = b.wx[slot], wy = b.wy[slot], wz = b.wz[slot];
        double lwx = Rot.x(qx, qy, qz, qw, wx, wy, wz), lwy = Rot.y(qx, qy, qz, qw, wx, wy, wz),
                lwz = Rot.z(qx, qy, qz, qw, wx, wy, wz);
        double[] last = hd.lastLoad;
        boolean same = hd.solved && hd.g.converged && !rebuilt && hd.contactCount == 0 && !hd.hadContact && last[0] == lgx && last[1] == lgy && last[2] == lgz && last[3] == lwx
                && last[4] == lwy && last[5] == lwz;
        StressGraph g = hd.g;
        if (!same) {
            last[0] = lgx;
            last[1] = lgy;
            last[2] = lgz;
            last[3] = lwx;
            last[4] = lwy;
            last[5] = lwz;
            double cx = s.com[3 * h], cy = s.com[3 * h + 1], cz = s.com[3 * h + 2];
            for (int i = 0; i < g.nodeCount; i++) {
                double m = g.mass[i];
                double rx = g.pos[3 * i] - cx, ry = g.pos[3 * i + 1] - cy, rz = g.pos[3 * i + 2] - cz;
                // ω × r, then ω × (ω × r)
                double ax = lwy * rz - lwz * ry, ay = lwz * rx - lwx * rz, az = lwx * ry - lwy * rx;
                double cfx = lwy * az - lwz * ay, cfy = lwz * ax - lwx * az, cfz = lwx * ay - lwy * ax;
                double[] ct = hd.contact;
                g.force[3 * i] = m * (lgx - cfx) + ct[6 * i];
                g.force[3 * i + 1] = m * (lgy - cfy) + ct[6 * i + 1];
                g.force[3 * i + 2] = m * (lgz - cfz) + ct[6 * i + 2];
                g.torque[3 * i] = ct[6 * i + 3];
                g.torque[3 * i + 1] = ct[6 * i + 4];
                g.torque[3 * i + 2] = ct[6 * i + 5];
            }
            st.model.solve(g);
            hd.solved = true;
            solves++;
            iterations += g.iterations;
            worstResidual = Math.max(worstResidual, g.residual);
        } else if (hd.damaging == 0) {
            return; // nothing changed and nothing is between its limits: nothing to do
        }
        int broke = st.model.evaluate(g, d.dt * interval);
        int damaging = 0;
        for (int k = 0; k < g.bondCount; k++) {
            int e = hd.edges[k];
            st.ratio[e] = g.ratio[k];
            System.arraycopy(g.bondForce, 3 * k, st.load, 6 * e, 3);
            System.arraycopy(g.bondMoment, 3 * k, st.load, 6 * e + 3, 3);
            if (g.damage[k] != st.damage[e]) {
                st.damage[e] = g.damage[k];
                d.mixDigest(((long) pc.index << 32) | e, Double.doubleToLongBits(g.damage[k])); // lasting
            }
            if (!g.broken[k] && g.ratio[k] > 1) {
                damaging++;
            }
        }
        hd.damaging = damaging;
        if (broke == 0) {
            return;
        }
        int[] ea = pc.asset.edgeA(), eb = pc.asset.edgeB();
        for (int k = 0; k < g.bondCount; k++) {
            if (!g.broken[k]) {
                continue;
            }
            int e = hd.edges[k];
            if (!pc.bondAlive[e]) {
                continue;
            }
            pc.bondAlive[e] = false;
            d.mixDigest(((long) pc.index << 32) | e, -7L); // the same lasting change a CutBond makes
            pieces.lostBond(ea[e], eb[e]);
            pieces.recomputeThresholds(pc);
            cutInLastRun++;
        }
        d.addCut(h);
    }
}
