package dev.rubble.core.destruction;

import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.Inertia;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.collision.ContactStore;
import dev.rubble.core.command.Command;
import dev.rubble.core.body.StateHash;
import dev.rubble.spi.collection.CollectionAsset;
import java.util.Arrays;

/**
 * What happens once children broke (reference: chaos-clusters-strain-runtime §5.4, §7): impactors
 * get momentum back, broken children are released, the rest of each holder is split into
 * connected components of the live bond graph by iterative union-find (one child alone, several
 * a new internal cluster with recombined mass and {@code v + ω × r} at its new centre of mass —
 * the term Chaos omits), and the holder's body is retired. Also re-bodies a top node whose
 * anchoring changed and applies strain at a point.
 */
final class Breaker {
    private final Destruction d;
    int[] tmp = new int[16];
    private int[] slotStamp = new int[0];
    private int[] uf = new int[16], members = new int[16], compOf = new int[16], compStart = new int[17];
    private int[] ufIdx = new int[0];
    private int[] lost = new int[16];
    private int lostCount;
    private final double[] w3 = new double[3];
    private final double[] pose = new double[13];

    Breaker(Destruction d) {
        this.d = d;
    }

    private boolean[] visited = new boolean[0];

    void grow(int cap) {
        ufIdx = Arrays.copyOf(ufIdx, cap);
        visited = Arrays.copyOf(visited, cap);
    }

    /**
     * Restore breaking momentum (SPEC §5): every dynamic body touching a holder that broke this
     * step, at a point that loaded it, gets back {@code share × J} of the normal impulse it
     * received there ({@code Δv = invM J share}, {@code Δω = invI (r × J) share}), so a projectile
     * punches through instead of stopping dead.
     */
    void restoreMomentum() {
        BodyStore b = d.bodies;
        ContactStore c = d.contacts;
        if (slotStamp.length < b.slotLimit()) {
            slotStamp = Arrays.copyOf(slotStamp, Math.max(b.slotLimit(), slotStamp.length * 2));
        }
        int st = d.stamp;
        for (int k = 0; k < d.holderCount; k++) {
            if (d.holderBroken[k] > 0) {
                slotStamp[b.slot(d.store.body[d.holders[k]])] = st;
            }
        }
        for (int m = 0, n = c.size(); m < n; m++) {
            int a = c.bodyA[m], bb = c.bodyB[m];
            boolean ha = slotStamp[a] == st && d.nodeOfSlot(a) >= 0;
            boolean hb = slotStamp[bb] == st && d.nodeOfSlot(bb) >= 0;
            if (ha == hb) {
                continue; // neither, or both broke (each keeps what the solve gave it)
            }
            int holder = ha ? a : bb, other = ha ? bb : a;
            if (b.motion[other] != MotionType.DYNAMIC.ordinal() || b.state[other] != BodyState.AWAKE.ordinal()) {
                continue;
            }
            double share = d.collections.get(d.store.collection[d.nodeOfSlot(holder)]).options.restoreMomentum();
            if (share == 0) {
                continue;
            }
            // impulse the other body received from the holder: +λn on B, -λn on A; give back share of it reversed
            double sign = ha ? -share : share;
            for (int k = 0, p = m * ContactStore.MAX_POINTS; k < c.pointCount[m]; k++, p++) {
                if (!(-c.relativeNormalVelocity[p] >= Destruction.MIN_APPROACH_SPEED)) {
                    continue;
                }
                double l = c.normalImpulse[p] * sign;
                double jx = l * c.nx[m], jy = l * c.ny[m], jz = l * c.nz[m];
                double rx = ha ? c.bx[p] : c.ax[p], ry = ha ? c.by[p] : c.ay[p], rz = ha ? c.bz[p] : c.az[p];
                double im = b.invMass[other];
                b.vx[other] += jx * im;
                b.vy[other] += jy * im;
                b.vz[other] += jz * im;
                Inertia.applyInverseWorld(b, other, ry * jz - rz * jy, rz * jx - rx * jz, rx * jy - ry * jx, w3);
                b.wx[other] += w3[0];
                b.wy[other] += w3[1];
                b.wz[other] += w3[2];
            }
        }
    }

    /** Releases the broken children of every holder that broke, then splits what is left. */
    void release() {
        ClusterStore s = d.store;
        BodyStore b = d.bodies;
        for (int k = 0; k < d.holderCount; k++) {
            if (d.holderBroken[k] == 0) {
                continue;
            }
            int h = d.holders[k];
            PlacedCollection pc = d.collections.get(s.collection[h]);
            int slot = b.slot(s.body[h]);
            holderPose(b, slot);
            lostCount = 0;
            for (int e = d.holderStart[k]; e < d.holderStart[k + 1]; e++) {
                if (!d.broken[e]) {
                    continue;
                }
                int c = d.entries[e];
                cutBonds(pc, c, h);
                s.unlink(c);
                s.anchoredCount[h] -= s.anchoredCount[c];
                MotionType m;
                if (s.childCount[c] == 0) {
                    // an anchored leaf released from its holder becomes dynamic (SPEC §4)
                    s.anchored[c] = false;
                    s.anchoredCount[c] = 0;
                    m = MotionType.DYNAMIC;
                } else {
                    m = s.anchoredCount[c] > 0 ? MotionType.KINEMATIC : MotionType.DYNAMIC;
                }
                activate(c, h, null, m, BreakEvents.BREAK, d.applied[e]);
            }
            connectivity(pc, h);
            d.retire(h);
            if (lostCount > 0) {
                recomputeThresholds(pc);
            }
        }
    }

    private void holderPose(BodyStore b, int slot) {
        pose[0] = b.px[slot];
        pose[1] = b.py[slot];
        pose[2] = b.pz[slot];
        pose[3] = b.qx[slot];
        pose[4] = b.qy[slot];
        pose[5] = b.qz[slot];
        pose[6] = b.qw[slot];
        pose[7] = b.vx[slot];
        pose[8] = b.vy[slot];
        pose[9] = b.vz[slot];
        pose[10] = b.wx[slot];
        pose[11] = b.wy[slot];
        pose[12] = b.wz[slot];
    }

    /** Kills c's live bonds to siblings under h, remembering the siblings that lost a neighbour. */
    private void cutBonds(PlacedCollection pc, int c, int h) {
        ClusterStore s = d.store;
        CollectionAsset a = pc.asset;
        int nd = s.node[c];
        int[] es = a.edgeStart(), el = a.edgeList(), ea = a.edgeA(), eb = a.edgeB();
        for (int k = es[nd]; k < es[nd + 1]; k++) {
            int e = el[k];
            if (!pc.bondAlive[e]) {
                continue;
            }
            int other = ea[e] == nd ? eb[e] : ea[e];
            pc.bondAlive[e] = false;
            d.digest = StateHash.mix(d.digest, ((long) pc.index << 32) | e);
            if (s.parent[pc.base + other] == h) {
                if (lostCount == lost.length) {
                    lost = Arrays.copyOf(lost, lostCount * 2);
                }
                lost[lostCount++] = other;
            }
        }
    }

    /**
     * Gives node g (just unlinked from holder h, or a new internal cluster) a body placed as
     * {@code childToParent × holderPose}: p = p_h + R_h (com_g - com_h), q = q_h, v = v_h + ω_h × r,
     * ω = ω_h (kinematic pieces stay still). Records the event.
     */
    private void activate(int g, int h, dev.rubble.spi.shape.Shape shape, MotionType m, byte kind, double load) {
        ClusterStore s = d.store;
        if (d.budget.throttle(m)) {
            // release throttling or the body budget (issue 13): the piece left its holder but gets no
            // body; it and everything under it stay inert (disabled at once, like Chaos's throttled particles)
            d.digest = StateHash.mix(StateHash.mix(d.digest, g), -2L);
            return;
        }
        double qx = pose[3], qy = pose[4], qz = pose[5], qw = pose[6];
        double ox = s.com[3 * g] - s.com[3 * h], oy = s.com[3 * g + 1] - s.com[3 * h + 1],
                oz = s.com[3 * g + 2] - s.com[3 * h + 2];
        double rx = Rot.x(qx, qy, qz, qw, ox, oy, oz), ry = Rot.y(qx, qy, qz, qw, ox, oy, oz),
                rz = Rot.z(qx, qy, qz, qw, ox, oy, oz);
        double wx = pose[10], wy = pose[11], wz = pose[12];
        double vx = pose[7] + wy * rz - wz * ry, vy = pose[8] + wz * rx - wx * rz, vz = pose[9] + wx * ry - wy * rx;
        if (m != MotionType.DYNAMIC) {
            vx = vy = vz = wx = wy = wz = 0;
        }
        double px = pose[0] + rx, py = pose[1] + ry, pz = pose[2] + rz;
        long body = d.createBody(g, shape, px, py, pz, qx, qy, qz, qw, vx, vy, vz, wx, wy, wz, m, false);
        int i = d.events.add(kind, s.collection[g], s.node[g], body, s.mass[g], load);
        d.events.from[i] = s.body[h]; // the holder, still alive: retired after its last piece (issue 14)
        double[] mo = d.events.motion;
        int o = 13 * i;
        mo[o] = px;
        mo[o + 1] = py;
        mo[o + 2] = pz;
        mo[o + 3] = qx;
        mo[o + 4] = qy;
        mo[o + 5] = qz;
        mo[o + 6] = qw;
        mo[o + 7] = vx;
        mo[o + 8] = vy;
        mo[o + 9] = vz;
        mo[o + 10] = wx;
        mo[o + 11] = wy;
        mo[o + 12] = wz;
        d.digest = StateHash.mix(StateHash.mix(d.digest, g), body);
        d.markChildren(g, true); // its children are evaluated from the next step: one level per step
    }

    /**
     * Connected components of h's remaining children over live bonds (iterative union-find with
     * path halving; reference: chaos-clusters-strain-runtime §7.1, without its recursive DFS).
     * Components are taken in the order of their first child.
     */
    private void connectivity(PlacedCollection pc, int h) {
        ClusterStore s = d.store;
        int n = s.childCount[h];
        if (n == 0) {
            return;
        }
        if (uf.length < n) {
            int cap = Math.max(n, uf.length * 2);
            uf = new int[cap];
            members = new int[cap];
            compOf = new int[cap];
            compStart = new int[cap + 1];
            tmp = new int[Math.max(cap, tmp.length)];
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
                    int ra = find(i), rb = find(ufIdx[other]);
                    if (ra != rb) {
                        if (ra < rb) {
                            uf[rb] = ra;
                        } else {
                            uf[ra] = rb;
                        }
                    }
                }
            }
        }
        // number components by first member (the root is the smallest index of its component)
        int comps = 0;
        for (i = 0; i < n; i++) {
            if (find(i) == i) {
                compOf[i] = comps++;
            }
        }
        if (memberComp.length < n) {
            memberComp = new int[uf.length];
        }
        Arrays.fill(compStart, 0, comps + 1, 0);
        for (i = 0; i < n; i++) {
            memberComp[i] = compOf[find(i)];
            compStart[memberComp[i] + 1]++;
        }
        for (int c = 0; c < comps; c++) {
            compStart[c + 1] += compStart[c];
        }
        int[] sorted = tmp;
        int[] pos = uf; // the union-find is no longer needed
        for (int c = 0; c < comps; c++) {
            pos[c] = compStart[c];
        }
        for (i = 0; i < n; i++) {
            sorted[pos[memberComp[i]]++] = members[i];
        }
        for (int c = 0; c < comps; c++) {
            int from = compStart[c], to = compStart[c + 1];
            if (to - from == 1) {
                int g = sorted[from];
                s.unlink(g);
                s.anchoredCount[h] -= s.anchoredCount[g];
                activate(g, h, null, s.anchoredCount[g] > 0 ? MotionType.KINEMATIC : MotionType.DYNAMIC,
                        BreakEvents.RELEASE, 0);
            } else {
                newCluster(pc, h, sorted, from, to);
            }
        }
    }

    private int[] memberComp = new int[16];

    private int find(int x) {
        while (uf[x] != x) {
            uf[x] = uf[uf[x]];
            x = uf[x];
        }
        return x;
    }

    /**
     * A new internal cluster of {@code sorted[from..to)}: mass summed, centre of mass
     * mass-weighted, inertia by the parallel-axis theorem {@code Σ I_i + m_i (|d|² E − d dᵀ)}
     * about the new centre (collection axes); its shape is the members' own hulls.
     */
    private void newCluster(PlacedCollection pc, int h, int[] sorted, int from, int to) {
        ClusterStore s = d.store;
        int g = s.append(1);
        d.growGlobal();
        s.collection[g] = pc.index;
        s.node[g] = ClusterStore.NONE;
        s.level[g] = s.level[h];
        double m = 0, cx = 0, cy = 0, cz = 0;
        for (int i = from; i < to; i++) {
            int c = sorted[i];
            double mc = s.mass[c];
            m += mc;
            cx += mc * s.com[3 * c];
            cy += mc * s.com[3 * c + 1];
            cz += mc * s.com[3 * c + 2];
        }
        cx /= m;
        cy /= m;
        cz /= m;
        double ixx = 0, iyy = 0, izz = 0, ixy = 0, ixz = 0, iyz = 0;
        int[] assetIds = new int[to - from];
        int last = ClusterStore.NONE;
        for (int i = from; i < to; i++) {
            int c = sorted[i];
            double mc = s.mass[c];
            double dx = s.com[3 * c] - cx, dy = s.com[3 * c + 1] - cy, dz = s.com[3 * c + 2] - cz;
            int o = 6 * c;
            ixx += s.inertia[o] + mc * (dy * dy + dz * dz);
            iyy += s.inertia[o + 1] + mc * (dx * dx + dz * dz);
            izz += s.inertia[o + 2] + mc * (dx * dx + dy * dy);
            ixy += s.inertia[o + 3] - mc * dx * dy;
            ixz += s.inertia[o + 4] - mc * dx * dz;
            iyz += s.inertia[o + 5] - mc * dy * dz;
            assetIds[i - from] = s.node[c];
            s.unlink(c);
            s.anchoredCount[h] -= s.anchoredCount[c];
            s.link(g, c, last);
            last = c;
            s.anchoredCount[g] += s.anchoredCount[c];
        }
        s.mass[g] = m;
        s.com[3 * g] = cx;
        s.com[3 * g + 1] = cy;
        s.com[3 * g + 2] = cz;
        int o = 6 * g;
        s.inertia[o] = ixx;
        s.inertia[o + 1] = iyy;
        s.inertia[o + 2] = izz;
        s.inertia[o + 3] = ixy;
        s.inertia[o + 4] = ixz;
        s.inertia[o + 5] = iyz;
        s.threshold[g] = Double.POSITIVE_INFINITY;
        dev.rubble.spi.shape.Shape shape = PlacedCollection.compound(pc.asset, 0, assetIds.length, assetIds, cx, cy, cz);
        activate(g, h, shape, s.anchoredCount[g] > 0 ? MotionType.KINEMATIC : MotionType.DYNAMIC,
                BreakEvents.CLUSTER, 0);
    }

    /**
     * Crumbling of partial clusters (SPEC §6; docs/destruction.md "Debris and removal"): every
     * internal cluster made this step (a CLUSTER event: what was left of a holder that lost
     * children) that is not pinned by an anchor, and whose children all have a relative size at
     * most its collection's {@code crumbleSize} (&gt; 0), releases all its children at once, each as
     * its own body ({@link BreakEvents#CRUMBLE}, the usual {@code childToParent × pose},
     * {@code v + ω × r}); its body is retired. Its children are authored nodes, never partial, so
     * this does not cascade.
     */
    void crumblePartial() {
        BreakEvents ev = d.events;
        ClusterStore s = d.store;
        BodyStore b = d.bodies;
        for (int i = 0, n = ev.count(); i < n; i++) {
            if (ev.kind[i] != BreakEvents.CLUSTER) {
                continue;
            }
            long h = ev.body[i];
            int slot = (int) h;
            if (!b.isLive(slot) || b.handle(slot) != h) {
                continue;
            }
            int g = d.nodeOfSlot(slot);
            if (g < 0 || s.anchoredCount[g] > 0) {
                continue;
            }
            PlacedCollection pc = d.collections.get(s.collection[g]);
            double limit = pc.debris.crumbleSize();
            if (!(limit > 0)) {
                continue;
            }
            double[] rel = pc.asset.relativeSize();
            boolean small = true;
            for (int c = s.firstChild[g]; c != ClusterStore.NONE && small; c = s.nextSibling[c]) {
                small = s.node[c] >= 0 && rel[s.node[c]] <= limit;
            }
            if (!small) {
                continue;
            }
            holderPose(b, slot);
            lostCount = 0;
            while (s.firstChild[g] != ClusterStore.NONE) {
                int c = s.firstChild[g];
                cutBonds(pc, c, g);
                s.unlink(c);
                activate(c, g, null, s.childCount[c] > 0 && s.anchoredCount[c] > 0 ? MotionType.KINEMATIC
                        : MotionType.DYNAMIC, BreakEvents.CRUMBLE, 0);
            }
            d.retire(g);
        }
    }

    /** Lets the damage model lower the thresholds of nodes that lost a neighbour. */
    private void recomputeThresholds(PlacedCollection pc) {
        ClusterStore s = d.store;
        for (int i = 0; i < lostCount; i++) {
            pc.scratch[lost[i]] = s.threshold[pc.base + lost[i]];
        }
        pc.damage.bondsLost(pc.asset, pc, lost, lostCount, pc.scratch);
        for (int i = 0; i < lostCount; i++) {
            int g = pc.base + lost[i];
            double t = pc.scratch[lost[i]];
            t = t >= 0 ? t : 0;
            if (Double.doubleToRawLongBits(t) != Double.doubleToRawLongBits(s.threshold[g])) {
                s.threshold[g] = t;
                d.thresholdChanged(g);
                if (t <= 0 && s.isHeldByActive(g)) {
                    d.addNext(g);
                }
            }
        }
    }

    /** Replaces top node t's body by one with motion m at the same pose (kinematic: at rest). */
    void rebody(int t, MotionType m) {
        BodyStore b = d.bodies;
        int slot = b.slot(d.store.body[t]);
        holderPose(b, slot);
        double vx = pose[7], vy = pose[8], vz = pose[9], wx = pose[10], wy = pose[11], wz = pose[12];
        if (m != MotionType.DYNAMIC) {
            vx = vy = vz = wx = wy = wz = 0;
        }
        dev.rubble.spi.shape.Shape shape = b.shape[slot];
        d.retire(t);
        long body = d.createBody(t, shape, pose[0], pose[1], pose[2], pose[3], pose[4], pose[5], pose[6],
                vx, vy, vz, wx, wy, wz, m, false);
        d.digest = StateHash.mix(StateHash.mix(d.digest, t), body);
    }

    /** {@link Command.ExternalStrainAt}: children of active holders within the sphere, then rings along bonds. */
    void strainAt(Command.ExternalStrainAt x) {
        ClusterStore s = d.store;
        BodyStore b = d.bodies;
        double r = x.radius();
        for (int i = d.activeCount - 1; i >= 0; i--) { // backwards: a dead body is swap-removed behind us
            int h = d.active[i];
            if (s.childCount[h] == 0 || !d.bodyAlive(h)) {
                continue;
            }
            int slot = b.slot(s.body[h]);
            double[] bo = b.bounds;
            int o = 6 * slot;
            if (bo[o] > x.x() + r || bo[o + 1] > x.y() + r || bo[o + 2] > x.z() + r
                    || bo[o + 3] < x.x() - r || bo[o + 4] < x.y() - r || bo[o + 5] < x.z() - r) {
                continue;
            }
            PlacedCollection pc = d.collections.get(s.collection[h]);
            // the point in the collection frame
            double dx = x.x() - b.px[slot], dy = x.y() - b.py[slot], dz = x.z() - b.pz[slot];
            double qx = -b.qx[slot], qy = -b.qy[slot], qz = -b.qz[slot], qw = b.qw[slot];
            double lx = Rot.x(qx, qy, qz, qw, dx, dy, dz) + s.com[3 * h];
            double ly = Rot.y(qx, qy, qz, qw, dx, dy, dz) + s.com[3 * h + 1];
            double lz = Rot.z(qx, qy, qz, qw, dx, dy, dz) + s.com[3 * h + 2];
            int ring = 0;
            int nearest = ClusterStore.NONE;
            double nearestD = Double.POSITIVE_INFINITY;
            double[] ab = pc.asset.bounds();
            for (int c = s.firstChild[h]; c != ClusterStore.NONE; c = s.nextSibling[c]) {
                int k = 6 * s.node[c];
                double ex = Math.max(Math.max(ab[k] - lx, 0), lx - ab[k + 3]);
                double ey = Math.max(Math.max(ab[k + 1] - ly, 0), ly - ab[k + 4]);
                double ez = Math.max(Math.max(ab[k + 2] - lz, 0), lz - ab[k + 5]);
                double dist2 = ex * ex + ey * ey + ez * ez;
                if (dist2 <= r * r) {
                    ringAdd(c, ring++);
                } else if (dist2 < nearestD) {
                    nearestD = dist2;
                    nearest = c;
                }
            }
            if (ring == 0 && nearest != ClusterStore.NONE) {
                ringAdd(nearest, ring++);
            }
            // rings along live bonds, breadth first
            int head = 0, tail = ring;
            for (int q = 0; q < tail; q++) {
                visited[tmp[q]] = true;
            }
            double strain = x.strain();
            int[] es = pc.asset.edgeStart(), el = pc.asset.edgeList(), ea = pc.asset.edgeA(), eb = pc.asset.edgeB();
            for (int depth = 0; depth <= x.propagationDepth() && head < tail; depth++) {
                int end = tail;
                for (int q = head; q < end; q++) {
                    int c = tmp[q];
                    if (strain > s.externalLoad[c]) {
                        s.externalLoad[c] = strain;
                    }
                    d.addList(c);
                    if (depth == x.propagationDepth()) {
                        continue;
                    }
                    int nd = s.node[c];
                    for (int k = es[nd]; k < es[nd + 1]; k++) {
                        int e = el[k];
                        int other = pc.base + (ea[e] == nd ? eb[e] : ea[e]);
                        if (pc.bondAlive[e] && s.parent[other] == h && !visited[other]) {
                            visited[other] = true;
                            ringAdd(other, tail++);
                        }
                    }
                }
                head = end;
                strain *= x.propagationFactor();
            }
            for (int q = 0; q < tail; q++) {
                visited[tmp[q]] = false;
            }
        }
    }

    private void ringAdd(int c, int at) {
        if (tmp.length <= at) {
            tmp = Arrays.copyOf(tmp, Math.max(at + 1, tmp.length * 2));
        }
        tmp[at] = c;
    }
}
