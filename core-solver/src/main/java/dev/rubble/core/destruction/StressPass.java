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
    /** Creates stress models by plugin name for journal commands and snapshots (set by the world). */
    java.util.function.BiFunction<String, dev.rubble.spi.StageConfig, StressModel> factory;
    /** Bonds this pass cut in the last run (collection, asset edge), for tests and the console. */
    int cutInLastRun;
    /** Solves and total iterations in the last run, worst residual (for the console and benchmarks). */
    int solves;
    long iterations;
    double worstResidual;

    /** Builds or keeps each holder's support graph (graph assembly) and gathers contact and field loads. */
    private final StressAssembly assembly;
    /** The excess load of bonds broken past their fatal limit, handed to the new pieces. */
    final StressExcess excess;
    /** Support graphs over cluster unions: one per union, across its members' bonds and its welds. */
    final UnionStress unionStress;

    StressPass(DestructionContext d, Pieces pieces) {
        this.d = d;
        this.pieces = pieces;
        this.assembly = new StressAssembly(d);
        this.excess = new StressExcess(d);
        this.unionStress = new UnionStress(d, this, pieces);
    }

    /** One collection's stress state. */
    static final class State {
        StressModel model;
        /** The model's plugin name and options (snapshots and journal commands re-create it; null when set as an instance). */
        String name;
        dev.rubble.spi.StageConfig options;
        final double[] damage;
        /** Per asset bond: its strength factor (multiplies every limit; 1 unless set; issue 30 tag 101). */
        final double[] strength;
        /** Per material (the collection's material indices): its stress limits, 6 in StressLimits order, NaN = unset (tag 97). */
        double[] materialLimits = new double[0];
        /** Per asset bond: its own stress limits, 6 in StressLimits order, NaN = unset (tag 98); null while none is set. */
        double[] bondLimits;
        /** Whether any material or bond limit is set (graphs then carry them). */
        boolean anyLimits;
        final double[] ratio;
        /** Per asset bond: force (3) and moment (3) of the last solve, collection frame (what node a exerts on b). */
        final double[] load;
        /** Per asset bond: the union body whose graph last solved it (-1: its holder's own graph). */
        final long[] unionBody;
        /** Field loads of this step per asset node (force 3, torque about the node 3; collection frame), and the nodes touched. */
        final double[] field;
        int[] fieldNodes = new int[8];
        int fieldCount;
        /** Asset bonds per asset node (CSR). */
        final int[] edgeStart, edges;
        /**
         * Per asset bond the face its pieces share ({@link BondFaces}): centroid and unit normal from a to
         * b, collection frame; NaN where they share none (the graph then uses the centres of mass).
         */
        final double[] face;
        /** Per global node: the holder's graph while it has one. */
        Holder[] holders = new Holder[0];

        State(StressModel model, CollectionAsset a) {
            this.model = model;
            int e = a.edgeCount();
            damage = new double[e];
            strength = new double[e];
            Arrays.fill(strength, 1);
            ratio = new double[e];
            load = new double[6 * e];
            unionBody = new long[e];
            Arrays.fill(unionBody, -1);
            int n = a.nodeCount();
            field = new double[6 * n];
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
            face = BondFaces.compute(a);
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
        /** Whether the last solve had field loads (the next one must solve again without them). */
        boolean hadField;

        /** Graph nodes (the holder's children in sibling order) and their asset bonds, as built. */
        int nodeCount() {
            return g.nodeCount;
        }
    }

    void setGravity(double x, double y, double z) {
        gx = x;
        gy = y;
        gz = z;
    }

    /** Turns a stress model on for collection c (null = off), afresh: no damage, no graphs. */
    void set(int c, StressModel model) {
        set(c, model, null, null);
    }

    /** As {@link #set(int, StressModel)}, remembering the plugin name and options the model was made from. */
    void set(int c, StressModel model, String name, dev.rubble.spi.StageConfig options) {
        while (states.size() <= c) {
            states.add(null);
        }
        State st = model == null ? null : new State(model, d.collection(c).asset);
        if (st != null) {
            st.name = name;
            st.options = options;
            st.materialLimits = new double[6 * d.collection(c).multiplier.length];
            Arrays.fill(st.materialLimits, Double.NaN);
        }
        states.set(c, st);
    }

    /**
     * Replaces collection c's stress model at run time (journal tag 100): with one already on, its
     * accumulated damage and bond strengths stay and every holder is solved and evaluated afresh
     * by the new model at the next run (same graphs; factorisations rebuilt); null turns it off.
     */
    void replace(int c, StressModel model, String name, dev.rubble.spi.StageConfig options) {
        State st = state(c);
        if (st == null || model == null) {
            set(c, model, name, options);
            return;
        }
        st.model = model;
        st.name = name;
        st.options = options;
        for (Holder hd : st.holders) {
            if (hd != null) {
                hd.g.cache = null;
                hd.g.topology++;
                hd.solved = false;
            }
        }
    }

    /** Sets bond e's strength factor in collection c (≥ 0, finite; journal tag 101): its holder is evaluated afresh at the next run. */
    void setStrength(int c, int e, double factor) {
        State st = state(c);
        st.strength[e] = factor;
        for (Holder hd : st.holders) {
            if (hd != null) {
                for (int k = 0; k < hd.g.bondCount; k++) {
                    if (hd.edges[k] == e) { // a zero-area bond is cut at its first evaluation: never here
                        hd.g.strength[k] = factor;
                        hd.solved = false; // solved and evaluated again at the next run
                    }
                }
            }
        }
    }

    /**
     * Sets material m's stress limits in collection c (journal tag 97; NaN = unset): every holder's
     * graph takes the limits again and is solved and evaluated afresh at the next run.
     */
    void setMaterialLimits(int c, int m, dev.rubble.spi.stress.StressLimits limits) {
        State st = state(c);
        for (int j = 0; j < 6; j++) {
            st.materialLimits[6 * m + j] = limits.get(j);
        }
        limitsChanged(c);
    }

    /** Sets asset bond e's own stress limits in collection c (journal tag 98; NaN = unset), as {@link #setMaterialLimits}. */
    void setBondLimits(int c, int e, dev.rubble.spi.stress.StressLimits limits) {
        State st = state(c);
        if (st.bondLimits == null) {
            st.bondLimits = new double[6 * st.strength.length];
            Arrays.fill(st.bondLimits, Double.NaN);
        }
        for (int j = 0; j < 6; j++) {
            st.bondLimits[6 * e + j] = limits.get(j);
        }
        limitsChanged(c);
    }

    /** Collection c's limits (or a node's material) changed: every graph takes them again and is solved afresh. */
    void limitsChanged(int c) {
        State st = state(c);
        if (st == null) {
            return;
        }
        boolean any = false;
        for (double v : st.materialLimits) {
            any |= !Double.isNaN(v);
        }
        if (st.bondLimits != null) {
            for (double v : st.bondLimits) {
                any |= !Double.isNaN(v);
            }
        }
        st.anyLimits = any;
        PlacedCollection pc = d.collection(c);
        for (Holder hd : st.holders) {
            if (hd != null) {
                StressAssembly.limits(st, pc, hd);
                hd.solved = false;
            }
        }
    }

    /** A field's force or torque on held global node g, world frame (issue 30): see {@link StressAssembly#fieldLoad}. */
    void fieldLoad(int g, boolean angular, double x, double y, double z) {
        State st = state(d.store.collection[g]);
        if (st != null) {
            assembly.fieldLoad(st, g, angular, x, y, z);
        }
    }

    int collectionsWithStates() {
        return states.size();
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
        if (h != ClusterStore.NONE && unionStress.carried(h)) { // a union's member: its union's graph, if that solved it
            return st.unionBody[e] >= 0 && unionStress.solvedWith(st.unionBody[e]) ? st.ratio[e] : 0;
        }
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
        excess.clear();
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
            if (st == null || s.childCount[h] < 2 || s.node[s.firstChild[h]] < 0 || !d.bodyAlive(h)
                    || unionStress.carried(h)) { // a union's member: stressed in its union's graph
                continue;
            }
            assembly.prepare(st, h, mark);
        }
        unionStress.prepare(mark);
        assembly.contacts(this, mark);
        for (int i = 0; i < count; i++) {
            int h = order[i];
            State st = state(s.collection[h]);
            if (st == null || h >= st.holders.length || st.holders[h] == null || st.holders[h].mark != mark) {
                continue;
            }
            Holder hd = st.holders[h];
            if (s.anchoredCount[h] == 0 && hd.contactCount == 0 && st.fieldCount == 0) {
                hd.solved = false; // free flight: gravity and spin alone stress nothing here (inertia relief)
                continue;
            }
            holder(st, h, hd);
        }
        unionStress.run(gx, gy, gz, mark);
        for (State st : states) {
            if (st != null) {
                for (int k = 0; k < st.fieldCount; k++) {
                    Arrays.fill(st.field, 6 * st.fieldNodes[k], 6 * st.fieldNodes[k] + 6, 0);
                }
                st.fieldCount = 0;
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
        boolean fielded = st.fieldCount > 0;
        boolean same = hd.solved && hd.g.converged && !rebuilt && hd.contactCount == 0 && !hd.hadContact && !fielded
                && !hd.hadField && last[0] == lgx && last[1] == lgy && last[2] == lgz && last[3] == lwx
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
            if (fielded) {
                for (int i = 0; i < g.nodeCount; i++) {
                    int o = 6 * s.node[hd.nodes[i]];
                    for (int j = 0; j < 3; j++) {
                        g.force[3 * i + j] += st.field[o + j];
                        g.torque[3 * i + j] += st.field[o + 3 + j];
                    }
                }
            }
            hd.hadField = fielded;
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
            if (g.excess[k] > 0) {
                excess.record(pc.index, e, g, k, g.excess[k]);
            }
            pieces.lostBond(ea[e], eb[e]);
            pieces.recomputeThresholds(pc);
            cutInLastRun++;
        }
        d.addCut(h);
    }
}
