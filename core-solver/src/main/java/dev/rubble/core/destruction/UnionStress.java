package dev.rubble.core.destruction;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.destruction.StressPass.State;
import dev.rubble.core.destruction.Unions.Member;
import dev.rubble.core.destruction.Unions.Union;
import dev.rubble.spi.stress.StressGraph;
import dev.rubble.spi.stress.StressModel;
import java.util.Arrays;

/**
 * Support graphs over cluster unions (issue 30 with issue 29; docs/destruction.md "Stress", "Unions"):
 * the members of a union are carried by the union's body (their own bodies are disabled), so their
 * holders are not stressed one by one; instead each union with a member of a collection that has a
 * stress model gets ONE graph, in the union body's frame —
 *
 * <pre>
 *  nodes   per member in member order: a holder's children (sibling order), or the member itself
 *          (a single piece, or a plain body) as one node; mass and centre of mass; anchored = support
 *  bonds   every member holder's live asset bonds (as {@link StressAssembly#build}, their faces moved into
 *          the union frame by the member's origin pose), then one weld per
 *          union edge (member i, member j; sorted): between the two nodes, one of each member, whose
 *          centres are nearest (lowest indices among equals), centroid halfway, area the largest live
 *          bond area at either node (1 m² when neither has one), unbreakable (strength +∞)
 *  model   the solve and update interval of the first member whose collection has a stress model; each
 *          member collection's bonds evaluated by its own model (its limits, damage); bonds of a
 *          collection without a model carry load but are never evaluated against limits (strength +∞)
 *  loads   gravity R_uᵀ g m_i, centrifugal −m_i ω × (ω × p_i) about the union's centre, contact impulses
 *          on the union body at the nearest node (as for holders)
 * </pre>
 *
 * so load crosses the welds from one member to another. As for a holder, a graph without a support
 * and without contact loads is free-flying and skipped. Member bonds the model breaks die as a
 * {@code CutBond}: the member's holder is split by the cut pass, and the union code lets the broken
 * member leave ({@link Unions#afterBreaks}) as for any other break. Welds do not break here: the union
 * has no operation that breaks one edge (its edges are re-found from geometry on every rebuild), so a
 * union comes apart only when a member breaks or leaves. The graph is rebuilt whenever the union body,
 * a member bond or a support changes and solved cold (warm state zeroed) each time, so it needs no
 * snapshot state: a restored world builds and solves it to the same bits.
 */
final class UnionStress {
    private final DestructionContext d;
    private final StressPass pass;
    private final Pieces pieces;

    /** One union's graph. */
    static final class Graph {
        final StressGraph g = new StressGraph();
        long body = -1;
        StressModel model;
        int interval = 1;
        /** Per graph node: the global node (collection piece) or -1 (a plain body). */
        int[] nodes = new int[0];
        /** Per graph bond: collection index and asset edge (-1, -1 for a weld), and the member holder it belongs to. */
        int[] coll = new int[0], edges = new int[0], holder = new int[0];
        /** Per member: its first graph node (members + 1 entries). */
        int[] memberStart = new int[0];
        double[] contact = new double[0];
        int contactCount;
        long mark;
        boolean solved;
    }

    private int[] local = new int[0];

    UnionStress(DestructionContext d, StressPass pass, Pieces pieces) {
        this.d = d;
        this.pass = pass;
        this.pieces = pieces;
    }

    /** Whether global node h's holder body is a member carried by a union (its graph is the union's). */
    boolean carried(int h) {
        long body = d.store.body[h];
        return d.unions.any() && body != ClusterStore.NONE && d.unions.live(body)
                && d.bodies.state((int) body) == dev.rubble.core.body.BodyState.DISABLED;
    }

    /** Builds (or keeps) every union's graph for this run and clears its contact loads. */
    void prepare(long mark) {
        Unions un = d.unions;
        for (int i = 0; i < un.listCount; i++) {
            Union u = un.list[i];
            if (!un.live(u.body)) {
                continue;
            }
            if (!membersLive(u)) {
                // a member this step's release retired leaves the union at the end of the pass
                // (Unions#afterBreaksAndKills), which splits it: its graph is not built from the retired body's
                // slot (a kinematic holder's infinite mass there made the graph's centre of mass NaN)
                if (u.stress != null) {
                    u.stress.solved = false;
                }
                continue;
            }
            StressModel model = null;
            int interval = 1;
            for (int mi = 0, mn = u.members.size(); mi < mn; mi++) {
                int g = d.nodeOfSlot((int) u.members.get(mi).handle);
                State st = g < 0 ? null : pass.state(d.store.collection[g]);
                if (st != null) {
                    model = st.model;
                    interval = Math.max(1, st.model.updateInterval());
                    break;
                }
            }
            if (model == null) {
                u.stress = null;
                continue;
            }
            Graph gr = u.stress;
            if (gr == null) {
                gr = new Graph();
                u.stress = gr;
            }
            if (gr.model != model || !valid(gr, u)) {
                build(gr, u);
                gr.model = model;
            }
            gr.interval = interval;
            if (gr.contact.length < 6 * gr.g.nodeCount) {
                gr.contact = new double[6 * gr.g.nodeCount];
            }
            Arrays.fill(gr.contact, 0, 6 * gr.g.nodeCount, 0);
            gr.contactCount = 0;
            gr.mark = mark;
        }
    }

    private boolean membersLive(Union u) {
        for (int mi = 0, mn = u.members.size(); mi < mn; mi++) {
            if (!d.unions.live(u.members.get(mi).handle)) {
                return false;
            }
        }
        return true;
    }

    private boolean valid(Graph gr, Union u) {
        if (gr.body != u.body) {
            return false;
        }
        StressGraph g = gr.g;
        for (int k = 0; k < g.bondCount; k++) {
            if (gr.coll[k] >= 0 && !d.collection(gr.coll[k]).bondAlive[gr.edges[k]]) {
                return false;
            }
        }
        ClusterStore s = d.store;
        for (int i = 0; i < g.nodeCount; i++) {
            if (gr.nodes[i] >= 0 && g.support[i] != (s.anchoredCount[gr.nodes[i]] > 0)) {
                return false;
            }
        }
        return true;
    }

    /** Whether member holder h contributes its children as nodes (else the member is one node). */
    private boolean expands(int h) {
        ClusterStore s = d.store;
        return h >= 0 && s.childCount[h] >= 1 && s.node[s.firstChild[h]] >= 0;
    }

    void build(Graph gr, Union u) {
        ClusterStore s = d.store;
        BodyStore b = d.bodies;
        int members = u.members.size();
        if (gr.memberStart.length < members + 1) {
            gr.memberStart = new int[members + 1];
        }
        int n = 0;
        for (int mi = 0; mi < members; mi++) {
            gr.memberStart[mi] = n;
            int h = d.nodeOfSlot((int) u.members.get(mi).handle);
            n += expands(h) ? s.childCount[h] : 1;
        }
        gr.memberStart[members] = n;
        if (gr.nodes.length < n) {
            gr.nodes = new int[n];
        }
        // nodes, and member bonds counted
        int bonds = 0;
        int i = 0;
        for (int mi = 0; mi < members; mi++) {
            int h = d.nodeOfSlot((int) u.members.get(mi).handle);
            if (expands(h)) {
                for (int ch = s.firstChild[h]; ch != ClusterStore.NONE; ch = s.nextSibling[ch]) {
                    gr.nodes[i++] = ch;
                }
                bonds += memberBonds(h, null, 0, null);
            } else {
                gr.nodes[i++] = h;
            }
        }
        bonds += u.edges.length;
        if (gr.edges.length < bonds) {
            gr.coll = new int[bonds];
            gr.edges = new int[bonds];
            gr.holder = new int[bonds];
        }
        StressGraph g = gr.g;
        g.reset(n, bonds);
        for (int mi = 0; mi < members; mi++) {
            Member mb = u.members.get(mi);
            int ms = (int) mb.handle;
            int h = d.nodeOfSlot(ms);
            for (int j = gr.memberStart[mi]; j < gr.memberStart[mi + 1]; j++) {
                int ch = gr.nodes[j];
                // from the member's origin pose in the union frame (kept by the union, in its snapshot):
                // the centre relative to the body origin is lc, plus a child's offset from the holder's centre
                double rx = b.lcx[ms], ry = b.lcy[ms], rz = b.lcz[ms];
                double mass;
                if (expands(h)) {
                    rx += s.com[3 * ch] - s.com[3 * h];
                    ry += s.com[3 * ch + 1] - s.com[3 * h + 1];
                    rz += s.com[3 * ch + 2] - s.com[3 * h + 2];
                    mass = s.mass[ch];
                } else {
                    mass = ch >= 0 ? s.mass[ch] : b.mass[ms];
                }
                g.node(j, mass, mb.lx + Rot.x(mb.lqx, mb.lqy, mb.lqz, mb.lqw, rx, ry, rz),
                        mb.ly + Rot.y(mb.lqx, mb.lqy, mb.lqz, mb.lqw, rx, ry, rz),
                        mb.lz + Rot.z(mb.lqx, mb.lqy, mb.lqz, mb.lqw, rx, ry, rz), ch >= 0 && s.anchoredCount[ch] > 0);
            }
        }
        int k = 0;
        for (int mi = 0; mi < members; mi++) {
            int h = d.nodeOfSlot((int) u.members.get(mi).handle);
            if (expands(h)) {
                for (int j = gr.memberStart[mi]; j < gr.memberStart[mi + 1]; j++) {
                    growLocal(gr.nodes[j]);
                    local[gr.nodes[j]] = j;
                }
                k = memberBonds(h, gr, k, u.members.get(mi));
            }
        }
        for (long e : u.edges) {
            int a = (int) (e >>> 32), c = (int) e;
            int bestA = gr.memberStart[a], bestB = gr.memberStart[c];
            double best = Double.POSITIVE_INFINITY;
            for (int p = gr.memberStart[a]; p < gr.memberStart[a + 1]; p++) {
                for (int q = gr.memberStart[c]; q < gr.memberStart[c + 1]; q++) {
                    double dx = g.pos[3 * q] - g.pos[3 * p], dy = g.pos[3 * q + 1] - g.pos[3 * p + 1],
                            dz = g.pos[3 * q + 2] - g.pos[3 * p + 2];
                    double dd = dx * dx + dy * dy + dz * dz;
                    if (dd < best) {
                        best = dd;
                        bestA = p;
                        bestB = q;
                    }
                }
            }
            double area = Math.max(largestArea(g, k, bestA), largestArea(g, k, bestB));
            g.bond(k, bestA, bestB, area > 0 ? area : 1);
            g.strength[k] = Double.POSITIVE_INFINITY; // a weld: never breaks here
            gr.coll[k] = -1;
            gr.edges[k] = -1;
            gr.holder[k] = -1;
            k++;
        }
        gr.body = u.body;
        gr.solved = false;
    }

    private void growLocal(int g) {
        if (local.length <= g) {
            local = Arrays.copyOf(local, Math.max(g + 1, 2 * local.length));
        }
    }

    /** The largest area of the member bonds (the first {@code count}) at graph node i. */
    private static double largestArea(StressGraph g, int count, int i) {
        double a = 0;
        for (int k = 0; k < count; k++) {
            if (g.bondA[k] == i || g.bondB[k] == i) {
                a = Math.max(a, g.area[k]);
            }
        }
        return a;
    }

    /**
     * Holder h's live bonds between its children: counted (gr null), or set from graph bond k on
     * (returns the next k); damage, strength and limits from its collection's stress state, and the
     * bond's face moved into the union frame by member mb's origin pose.
     */
    private int memberBonds(int h, Graph gr, int k, Member mb) {
        ClusterStore s = d.store;
        PlacedCollection pc = d.collection(s.collection[h]);
        State st = pass.state(pc.index);
        int[] ea = pc.asset.edgeA(), eb = pc.asset.edgeB();
        double[] area = pc.asset.edgeArea();
        int count = 0;
        for (int ch = s.firstChild[h]; ch != ClusterStore.NONE; ch = s.nextSibling[ch]) {
            int an = s.node[ch];
            for (int e = 0; e < ea.length && st == null; e++) { // no state: no CSR; scan (rare: a member without a model)
                if (ea[e] == an && pc.bondAlive[e] && s.parent[pc.base + eb[e]] == h) {
                    k = bond(gr, pc, st, h, e, k, mb);
                    count++;
                }
            }
            if (st != null) {
                for (int q = st.edgeStart[an]; q < st.edgeStart[an + 1]; q++) {
                    int e = st.edges[q];
                    if (ea[e] == an && pc.bondAlive[e] && s.parent[pc.base + eb[e]] == h) {
                        k = bond(gr, pc, st, h, e, k, mb);
                        count++;
                    }
                }
            }
        }
        return gr == null ? count : k;
    }

    private int bond(Graph gr, PlacedCollection pc, State st, int h, int e, int k, Member member) {
        if (gr == null) {
            return k;
        }
        StressGraph g = gr.g;
        double a = pc.asset.edgeArea()[e];
        int na = local[pc.base + pc.asset.edgeA()[e]], nb = local[pc.base + pc.asset.edgeB()[e]];
        int f = BondFaces.STRIDE * e;
        if (st == null || Double.isNaN(st.face[f])) {
            g.bond(k, na, nb, a > 0 ? a : 1e-6); // no face known: between the two centres, as the welds
        } else {
            // the face's centroid and normal from the collection frame into the union frame, as the nodes
            // (StressAssembly's collection frame: p -> origin + R (lc + p - com_h))
            ClusterStore s = d.store;
            Member mb = member;
            int ms = (int) mb.handle;
            BodyStore b = d.bodies;
            double rx = b.lcx[ms] + st.face[f] - s.com[3 * h], ry = b.lcy[ms] + st.face[f + 1] - s.com[3 * h + 1],
                    rz = b.lcz[ms] + st.face[f + 2] - s.com[3 * h + 2];
            double nx = st.face[f + 3], ny = st.face[f + 4], nz = st.face[f + 5];
            g.bond(k, na, nb, a > 0 ? a : 1e-6,
                    mb.lx + Rot.x(mb.lqx, mb.lqy, mb.lqz, mb.lqw, rx, ry, rz),
                    mb.ly + Rot.y(mb.lqx, mb.lqy, mb.lqz, mb.lqw, rx, ry, rz),
                    mb.lz + Rot.z(mb.lqx, mb.lqy, mb.lqz, mb.lqw, rx, ry, rz),
                    Rot.x(mb.lqx, mb.lqy, mb.lqz, mb.lqw, nx, ny, nz),
                    Rot.y(mb.lqx, mb.lqy, mb.lqz, mb.lqw, nx, ny, nz),
                    Rot.z(mb.lqx, mb.lqy, mb.lqz, mb.lqw, nx, ny, nz));
        }
        gr.coll[k] = pc.index;
        gr.edges[k] = e;
        gr.holder[k] = h;
        if (st == null) {
            g.strength[k] = Double.POSITIVE_INFINITY; // carries load, never evaluated against limits
            return k + 1;
        }
        g.damage[k] = st.damage[e];
        g.strength[k] = a > 0 ? st.strength[e] : 0;
        if (st.anyLimits) {
            int ma = 6 * pc.material[pc.asset.edgeA()[e]], mb = 6 * pc.material[pc.asset.edgeB()[e]];
            for (int j = 0; j < 6; j++) {
                g.bondLimits[6 * k + j] = st.bondLimits == null ? Double.NaN : st.bondLimits[6 * e + j];
                double x = st.materialLimits[ma + j], y = st.materialLimits[mb + j];
                g.materialLimits[6 * k + j] = Double.isNaN(x) ? y : Double.isNaN(y) ? x : Math.min(x, y);
            }
            g.limitsSet = true;
        }
        return k + 1;
    }

    /** The graph of the union whose body is in slot s and was prepared in this run, or null. */
    Graph graphOfSlot(int s, long mark) {
        Union u = d.unions.any() ? d.unions.unionAt(s) : null;
        Graph gr = u == null ? null : u.stress;
        return gr != null && gr.mark == mark && gr.body == u.body ? gr : null;
    }

    /** Union {@code id}'s graph, or null (tests). */
    Graph graph(int id) {
        Union u = d.unions.unions.get(id);
        return u == null ? null : u.stress;
    }

    /** Solves and evaluates every prepared union graph that has a support or contact loads (union id order). */
    void run(double gx, double gy, double gz, long mark) {
        Unions un = d.unions;
        for (int u = 0; u < un.listCount; u++) {
            Graph gr = un.list[u].stress;
            if (gr == null || gr.mark != mark) {
                continue;
            }
            StressGraph g = gr.g;
            boolean supported = false;
            for (int i = 0; i < g.nodeCount; i++) {
                supported |= g.support[i];
            }
            if (!supported && gr.contactCount == 0) {
                gr.solved = false; // free flight (inertia relief would cancel gravity and spin)
                continue;
            }
            if (d.step % gr.interval != 0) {
                continue;
            }
            solve(gr, gx, gy, gz);
        }
    }

    void solve(Graph gr, double gx, double gy, double gz) {
        BodyStore b = d.bodies;
        int us = b.slot(gr.body);
        double qx = -b.qx[us], qy = -b.qy[us], qz = -b.qz[us], qw = b.qw[us];
        double lgx = Rot.x(qx, qy, qz, qw, gx, gy, gz), lgy = Rot.y(qx, qy, qz, qw, gx, gy, gz),
                lgz = Rot.z(qx, qy, qz, qw, gx, gy, gz);
        double wx = b.wx[us], wy = b.wy[us], wz = b.wz[us];
        double lwx = Rot.x(qx, qy, qz, qw, wx, wy, wz), lwy = Rot.y(qx, qy, qz, qw, wx, wy, wz),
                lwz = Rot.z(qx, qy, qz, qw, wx, wy, wz);
        StressGraph g = gr.g;
        double[] ct = gr.contact;
        for (int i = 0; i < g.nodeCount; i++) {
            double m = g.mass[i];
            double rx = g.pos[3 * i], ry = g.pos[3 * i + 1], rz = g.pos[3 * i + 2]; // about the union's centre (its origin)
            double ax = lwy * rz - lwz * ry, ay = lwz * rx - lwx * rz, az = lwx * ry - lwy * rx;
            double cfx = lwy * az - lwz * ay, cfy = lwz * ax - lwx * az, cfz = lwx * ay - lwy * ax;
            g.force[3 * i] = m * (lgx - cfx) + ct[6 * i];
            g.force[3 * i + 1] = m * (lgy - cfy) + ct[6 * i + 1];
            g.force[3 * i + 2] = m * (lgz - cfz) + ct[6 * i + 2];
            g.torque[3 * i] = ct[6 * i + 3];
            g.torque[3 * i + 1] = ct[6 * i + 4];
            g.torque[3 * i + 2] = ct[6 * i + 5];
        }
        Arrays.fill(g.warm, 0, StressGraph.WARM_PER_NODE * g.nodeCount + 1, 0); // cold: no state to snapshot
        gr.model.solve(g);
        gr.solved = true;
        pass.solves++;
        pass.iterations += g.iterations;
        pass.worstResidual = Math.max(pass.worstResidual, g.residual);
        // each member collection's bonds against its own model's limits: one evaluation per distinct model
        int models = 0;
        for (int k = 0; k < g.bondCount; k++) {
            State st = gr.coll[k] < 0 ? null : pass.state(gr.coll[k]);
            if (st != null && indexOf(st.model, models) < 0) {
                seen = UnionStress.grow(seen, models);
                seen[models++] = st.model;
            }
        }
        for (int j = 0; j < models; j++) {
            StressModel model = seen[j];
            for (int k = 0; k < g.bondCount; k++) {
                // this model's bonds only (the model skips bonds flagged broken), with the damage they carry
                State st = gr.coll[k] < 0 ? null : pass.state(gr.coll[k]);
                g.broken[k] = st == null || st.model != model;
                if (st != null) {
                    g.damage[k] = st.damage[gr.edges[k]];
                }
            }
            model.evaluate(g, d.dt * gr.interval);
            for (int k = 0; k < g.bondCount; k++) {
                int c = gr.coll[k];
                State st = c < 0 ? null : pass.state(c);
                if (st == null || st.model != model) {
                    continue;
                }
                int e = gr.edges[k];
                st.ratio[e] = g.ratio[k];
                st.unionBody[e] = gr.body;
                System.arraycopy(g.bondForce, 3 * k, st.load, 6 * e, 3);
                System.arraycopy(g.bondMoment, 3 * k, st.load, 6 * e + 3, 3);
                if (g.damage[k] != st.damage[e]) {
                    st.damage[e] = g.damage[k];
                    d.mixDigest(((long) c << 32) | e, Double.doubleToLongBits(g.damage[k])); // lasting
                }
                PlacedCollection pc = d.collection(c);
                if (!g.broken[k] || !pc.bondAlive[e]) {
                    continue;
                }
                pc.bondAlive[e] = false;
                d.mixDigest(((long) c << 32) | e, -7L); // the same lasting change a CutBond makes
                pieces.lostBond(pc.asset.edgeA()[e], pc.asset.edgeB()[e]);
                pieces.recomputeThresholds(pc);
                pass.cutInLastRun++;
                d.addCut(gr.holder[k]);
            }
        }
        Arrays.fill(seen, 0, models, null);
    }

    private StressModel[] seen = new StressModel[2];

    private int indexOf(StressModel m, int count) {
        for (int j = 0; j < count; j++) {
            if (seen[j] == m) {
                return j;
            }
        }
        return -1;
    }

    private static StressModel[] grow(StressModel[] a, int used) {
        return used < a.length ? a : Arrays.copyOf(a, 2 * a.length);
    }

    /** Whether the union graph that last solved a bond with union body {@code body} is still that union's and solved. */
    boolean solvedWith(long body) {
        if (body < 0 || !d.unions.live(body)) {
            return false;
        }
        Union u = d.unions.unionAt((int) body);
        return u != null && u.stress != null && u.stress.body == body && u.stress.solved;
    }
}
