package dev.rubble.core.destruction;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.body.StateHash;
import dev.rubble.core.body.Velocities;
import dev.rubble.spi.collection.CollectionAsset;
import dev.rubble.spi.shape.Shape;
import java.util.Arrays;

/**
 * How a piece gets its body, shared by release, connectivity, crumbling and re-anchoring
 * (reference: chaos-clusters-strain-runtime §5.4, §7): the current holder's pose, bond cuts (and
 * the siblings that lost a neighbour), activation as {@code childToParent × holderPose} with
 * {@code v + ω × r}, new internal clusters with recombined mass, and the damage model's threshold
 * update for nodes that lost bonds. Scratch: the pose and the lost-neighbour list.
 */
final class Pieces {
    private final DestructionContext d;
    /** The current holder's pose and velocities: p, q, v, ω. */
    private final double[] pose = new double[13];
    /** Where the current holder carries a held piece ({@link #carry}): its offset from the holder's centre, then its velocity. */
    private final double[] carried = new double[6];
    /** A released piece's velocities while its field velocity is added (linear, angular). */
    private final double[] released = new double[6];
    private int[] lost = new int[16];
    private int lostCount;
    /** Whether the current holder is out of the simulation (disabled, its union's body too): its pieces leave killed. */
    private boolean holderOut;
    /** The current holder's body (it stays the pieces' {@code from} after an early retirement). */
    private long holderBody;
    /** The holder node whose body is retired when this break is done ({@link #breaking}), or NONE. */
    private int retiring = ClusterStore.NONE;
    /** Whether a piece of the current holder got a body (an event names the holder as where it came from). */
    private boolean holderNamed;

    Pieces(DestructionContext d) {
        this.d = d;
    }

    /** Takes the pose and velocities of the body in {@code slot} as the current holder's; clears the lost list. */
    void holder(BodyStore b, int slot) {
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
        lostCount = 0;
        holderOut = !d.holderInSimulation(slot);
        holderBody = b.handle(slot);
        retiring = ClusterStore.NONE;
        holderNamed = false;
    }

    /**
     * {@link #holder} for a holder h that comes apart here (release, bond cuts, crumbling): its body is
     * retired when its pieces are made ({@link #retireHolder}), so it does not count against the body
     * budget while they are (see {@link #activate}).
     */
    void breaking(BodyStore b, int h) {
        holder(b, b.slot(d.store.body[h]));
        retiring = h;
    }

    /** Retires the breaking holder h's body, unless a piece that needed its room retired it already. */
    void retireHolder(int h) {
        if (d.store.body[h] != ClusterStore.NONE) {
            logUnnamed();
            d.retire(h);
        }
        retiring = ClusterStore.NONE;
    }

    /**
     * Logs the retirement of the current holder's body, about to happen, when no piece of it got a body (all
     * thinned by release throttling or the body budget, or killed): no event's {@code from} names it then, so
     * a journal's playback, which retires a holder after its last piece, never did, and the next piece of the
     * step, which took the freed slot in the run, landed elsewhere ({@code rubble replay} stopped: "playback put
     * the piece ... in body 3:0, but the recording had it in 1:1"). The union log carries it, placed among the
     * step's events as union bodies are ({@link UnionLog#HOLDER}).
     */
    private void logUnnamed() {
        if (!holderNamed) {
            d.unions.log.add(UnionLog.RETIRE, UnionLog.HOLDER, holderBody, d.unions.eventsBefore());
        }
    }

    /** Kills c's live bonds to siblings under h, remembering the siblings that lost a neighbour. */
    void cutBonds(PlacedCollection pc, int c, int h) {
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
    void activate(int g, int h, Shape shape, MotionType m, byte kind, double load) {
        ClusterStore s = d.store;
        if (d.fieldKilled(g) || holderOut) {
            // issue 24: a kill field on this held piece: it leaves its holder without a body, inert like a
            // throttled piece (Chaos's DisableParticle), and everything under it with it; so does every piece
            // a holder out of the simulation lets go (killed, disabled: a strain or crumble from the API, its
            // stress model, connectivity), as Chaos's disabled cluster keeps its children out: before, they
            // came back alive (DisabledHolderApiTest)
            d.mixDigest(g, -3L);
            d.successors.piece(holderBody, ClusterStore.NONE, g);
            if (d.fieldKilled(g)) {
                // a piece this step's kill took is reported even when its holder is out: a kill over every piece
                // the holder holds disables the holder in the FIELDS slot, before this release, and its pieces
                // are no less killed than a partial kill's (dfuzz17: a wall killed whole left no event at all).
                // A holder out since an earlier step is sampled no more, so its pieces are never fieldKilled here
                killed(g, h);
            }
            return;
        }
        boolean early = false;
        if (h == retiring && d.bodies.size() >= d.bodies.maxBodies() && s.body[h] != ClusterStore.NONE) {
            // the body budget is full, but the breaking holder's body leaves in this same break: it goes now,
            // before this piece, so a break that fits the budget once the holder is gone is not cut one piece
            // short (docs/destruction.md "Release throttling"). Its slot is free, so this piece takes it (the
            // free list is last-in first-out); a journal's playback retires the holder first when a piece's
            // recorded slot is its holder's
            d.retire(h);
            early = true;
        }
        if (d.budget.throttle(d.bodies, m)) {
            // release throttling or the body budget (issue 13): the piece left its holder but gets no
            // body; it and everything under it stay inert (disabled at once, like Chaos's throttled particles)
            if (early) {
                logUnnamed(); // the holder went just now for this piece, which then got no body
            }
            d.mixDigest(g, -2L);
            d.successors.piece(holderBody, ClusterStore.NONE, g);
            return;
        }
        double qx = pose[3], qy = pose[4], qz = pose[5], qw = pose[6];
        carry(g, h);
        double rx = carried[0], ry = carried[1], rz = carried[2];
        double wx = pose[10], wy = pose[11], wz = pose[12];
        double vx = carried[3], vy = carried[4], vz = carried[5];
        if (d.fieldVelCount > 0 && 6 * g < d.fieldVel.length) {
            // issue 24: a velocity field written to this held piece in this step adds on top of what it inherits;
            // a sum that overflowed (two 1e308 fields) is the speed limit in its direction (Velocities): an
            // infinite velocity failed the piece's creation and threw from the step
            int k = 6 * g;
            double[] v = released;
            v[0] = vx;
            v[1] = vy;
            v[2] = vz;
            v[3] = wx;
            v[4] = wy;
            v[5] = wz;
            double[] f = d.fieldVel;
            Velocities.addSaturating(v, 0, f[k], f[k + 1], f[k + 2], 1.0, d.maxLinearSpeed);
            Velocities.addSaturating(v, 3, f[k + 3], f[k + 4], f[k + 5], 1.0, d.maxAngularSpeed);
            vx = v[0];
            vy = v[1];
            vz = v[2];
            wx = v[3];
            wy = v[4];
            wz = v[5];
        }
        if (m != MotionType.DYNAMIC) {
            vx = vy = vz = wx = wy = wz = 0;
        }
        double px = pose[0] + rx, py = pose[1] + ry, pz = pose[2] + rz;
        long body = d.createBody(g, shape, px, py, pz, qx, qy, qz, qw, vx, vy, vz, wx, wy, wz, m, false);
        int i = d.events.add(kind, s.collection[g], s.node[g], body, s.mass[g], load);
        // the holder, retired after its last piece (issue 14), or just before it when the body budget needed its room
        d.events.from[i] = holderBody;
        holderNamed = true;
        d.successors.piece(holderBody, body, g);
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
        d.mixDigest(g, body);
        d.markChildren(g, true); // its children are evaluated from the next step: one level per step
    }

    /**
     * Where the current holder (pose h) carries held node g: {@link #carried} gets {@code r = R_h (com_g - com_h)}
     * and {@code v_h + ω_h × r}.
     */
    private void carry(int g, int h) {
        ClusterStore s = d.store;
        double qx = pose[3], qy = pose[4], qz = pose[5], qw = pose[6];
        double ox = s.com[3 * g] - s.com[3 * h], oy = s.com[3 * g + 1] - s.com[3 * h + 1],
                oz = s.com[3 * g + 2] - s.com[3 * h + 2];
        double rx = Rot.x(qx, qy, qz, qw, ox, oy, oz), ry = Rot.y(qx, qy, qz, qw, ox, oy, oz),
                rz = Rot.z(qx, qy, qz, qw, ox, oy, oz);
        double wx = pose[10], wy = pose[11], wz = pose[12];
        carried[0] = rx;
        carried[1] = ry;
        carried[2] = rz;
        carried[3] = pose[7] + wy * rz - wz * ry;
        carried[4] = pose[8] + wz * rx - wx * rz;
        carried[5] = pose[9] + wx * ry - wy * rx;
    }

    /**
     * Records the {@link BreakEvents#KILLED} event of held piece g that a kill field took out of holder h: its
     * centre of mass and velocities where the holder carried it ({@code p_h + R_h (com_g - com_h)}, {@code v_h +
     * ω_h × r}), its mass, no body. Pieces under a killed one, and the pieces of a holder out of the simulation
     * since an earlier step, leave with no event of their own (Chaos: one removal per disabled particle).
     */
    private void killed(int g, int h) {
        ClusterStore s = d.store;
        carry(g, h);
        int i = d.events.add(BreakEvents.KILLED, s.collection[g], s.node[g], -1L, s.mass[g], 0);
        d.events.from[i] = holderBody;
        double[] mo = d.events.motion;
        int o = 13 * i;
        mo[o] = pose[0] + carried[0];
        mo[o + 1] = pose[1] + carried[1];
        mo[o + 2] = pose[2] + carried[2];
        System.arraycopy(pose, 3, mo, o + 3, 4);
        System.arraycopy(carried, 3, mo, o + 7, 3);
        System.arraycopy(pose, 10, mo, o + 10, 3);
    }

    /**
     * A new internal cluster of {@code sorted[from..to)}: mass summed, centre of mass
     * mass-weighted, inertia by the parallel-axis theorem {@code Σ I_i + m_i (|d|² E − d dᵀ)}
     * about the new centre (collection axes); its shape is the members' own hulls.
     */
    void newCluster(PlacedCollection pc, int h, int[] sorted, int from, int to) {
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
        Shape shape = PlacedCollection.compound(pc.asset, 0, assetIds.length, assetIds, cx, cy, cz);
        int events = d.events.count();
        activate(g, h, shape, s.anchoredCount[g] > 0 ? MotionType.KINEMATIC : MotionType.DYNAMIC,
                BreakEvents.CLUSTER, 0);
        if (d.events.count() > events) { // it got a body: its members, for the journal (BreakEvents.members)
            for (int id : assetIds) {
                d.events.addMember(id);
            }
        }
    }

    /** Starts a fresh lost-neighbour list with asset nodes {@code a} and {@code b} (the ends of a cut bond). */
    void lostBond(int a, int b) {
        lostCount = 0;
        lost[lostCount++] = a;
        lost[lostCount++] = b;
    }

    /** Lets the damage model lower the thresholds of nodes that lost a neighbour (since {@link #holder}). */
    void recomputeThresholds(PlacedCollection pc) {
        if (lostCount == 0) {
            return;
        }
        ClusterStore s = d.store;
        for (int i = 0; i < lostCount; i++) {
            pc.scratch[lost[i]] = Double.NaN; // left NaN: the model keeps the threshold
        }
        pc.damage.bondsLost(pc.asset, pc, lost, lostCount, pc.scratch);
        for (int i = 0; i < lostCount; i++) {
            int g = pc.base + lost[i];
            double t = pc.scratch[lost[i]];
            if (Double.isNaN(t)) {
                continue;
            }
            t = Materials.finish(pc, lost[i], t >= 0 ? t : 0);
            if (Double.doubleToRawLongBits(t) != Double.doubleToRawLongBits(s.threshold[g])) {
                s.threshold[g] = t;
                d.thresholdChanged(g);
                if (t <= 0 && s.isHeldByActive(g)) {
                    d.addNext(g);
                }
            }
        }
    }

    /**
     * Cuts bond {@code e} of collection {@code pc} if it is alive: both ends lose it (damage model),
     * and their holder is split in the step's cuts pass (issue 23; commands and bond failure).
     */
    void cutBond(PlacedCollection pc, int e) {
        if (!pc.bondAlive[e]) {
            return;
        }
        pc.bondAlive[e] = false;
        d.digest = StateHash.mix(d.digest, ((long) pc.index << 32) | e);
        int na = pc.asset.edgeA()[e], nb = pc.asset.edgeB()[e];
        lostBond(na, nb);
        recomputeThresholds(pc);
        int h = d.store.parent[pc.base + na];
        if (h != ClusterStore.NONE && h == d.store.parent[pc.base + nb]) {
            d.addCut(h);
        }
    }

    /**
     * Switches top node t's body between kinematic (pinned: it stops) and dynamic (freed: its own mass
     * properties again) in place, keeping its handle (docs/destruction.md "Anchors at run time"). Before, t got
     * a new body no break event named: journal playback, which makes bodies from break events only, never made
     * it, and the next break named a body handle playback did not have ({@code rubble replay} stopped). A body
     * out of the simulation (killed, disabled, welded into a cluster union) stays out, as it was.
     */
    void rebody(int t, MotionType m) {
        long h = d.store.body[t];
        d.host.rebody(h, m, m == MotionType.DYNAMIC ? d.massProperties(t) : null);
        d.mixDigest(t, h);
    }
}
