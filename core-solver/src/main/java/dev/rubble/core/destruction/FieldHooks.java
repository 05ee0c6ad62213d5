package dev.rubble.core.destruction;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.command.FieldMeta;
import dev.rubble.core.field.FieldPieces;
import dev.rubble.core.field.HeldSamples;

/**
 * The destruction side of fields (issue 24; docs/fields.md, "Collections"): which bodies are
 * pieces, the held pieces a field samples (at their world position through their holder:
 * {@code p_h + R_h (com_g − com_h)}, reference: chaos-fields-events-cache §1.3), the strain targets
 * on them, and velocities written to held pieces that the release pass adds on top of what they
 * inherit in the same step (issue 24 item 5). Identities of held pieces: {@code 1 << 62 |
 * collection << 32 | node}, disjoint from body handles.
 */
final class FieldHooks implements FieldPieces {
    private final DestructionContext d;
    private HeldGrid[] grids = new HeldGrid[0];
    private int[] found = new int[64];
    private int foundCount;
    private final double[] lo = new double[3], hi = new double[3];
    /** The holder and resolution of the grid query in progress (read by {@link #accept}). */
    private int queryHolder;
    private boolean queryMaximum;
    private final java.util.function.IntConsumer sink = this::accept;

    FieldHooks(DestructionContext d) {
        this.d = d;
    }

    /** Where stress loads from fields go (set by the runtime; issue 30). */
    StressPass stress;

    @Override
    public void stressLoad(int g, boolean angular, double x, double y, double z) {
        if (stress != null && Double.isFinite(x) && Double.isFinite(y) && Double.isFinite(z)) {
            stress.fieldLoad(g, angular, x, y, z);
        }
    }

    @Override
    public int objectKinds(int slot) {
        if (d.nodeOfSlot(slot) != ClusterStore.NONE) {
            return DESTRUCTION;
        }
        return d.unions.any() ? d.unions.carriedKinds(slot) : RIGID; // a union's body stands for its members
    }

    @Override
    public boolean holdsPieces(int slot) {
        int g = d.nodeOfSlot(slot);
        return g != ClusterStore.NONE && d.store.childCount[g] > 0;
    }

    @Override
    public boolean killsThroughMembers(int slot) {
        return d.unions.any() && d.unions.unionAt(slot) != null;
    }

    @Override
    public void weldedMembers(int slot, int objects, boolean pivot, HeldSamples out) {
        Unions.Union u = d.unions.any() ? d.unions.unionAt(slot) : null;
        if (u == null) {
            return;
        }
        for (int i = 0, n = u.members.size(); i < n; i++) {
            Unions.Member m = u.members.get(i);
            if (!m.in || !d.unions.live(m.handle) || holdsPieces((int) m.handle)) {
                continue; // a welded wall is sampled through its held pieces
            }
            int kind = d.nodeOfSlot((int) m.handle) != ClusterStore.NONE ? DESTRUCTION : RIGID;
            if ((kind & objects) == 0) {
                continue;
            }
            int ms = (int) m.handle;
            d.unions.carriedState(ms, carried); // centre of mass (3), orientation (4), velocity (3)
            double x = carried[0], y = carried[1], z = carried[2];
            if (pivot) { // the origin: centre − R lc, as BodyStore.originX of a free body
                BodyStore b = d.bodies;
                double qx = carried[3], qy = carried[4], qz = carried[5], qw = carried[6];
                x -= Rot.x(qx, qy, qz, qw, b.lcx[ms], b.lcy[ms], b.lcz[ms]);
                y -= Rot.y(qx, qy, qz, qw, b.lcx[ms], b.lcy[ms], b.lcz[ms]);
                z -= Rot.z(qx, qy, qz, qw, b.lcx[ms], b.lcy[ms], b.lcz[ms]);
            }
            out.add(ms, x, y, z, m.handle);
        }
    }

    private final double[] carried = new double[10];

    @Override
    public void killMember(int slot, double v) {
        if (v > 0) {
            d.unions.markKilled(d.bodies.handle(slot));
        }
    }

    @Override
    public boolean allHeldKilled(int slot) {
        Unions.Union u = d.unions.any() ? d.unions.unionAt(slot) : null;
        if (u != null) {
            for (int i = 0, n = u.members.size(); i < n; i++) {
                Unions.Member m = u.members.get(i);
                if (m.in && d.unions.live(m.handle) && (holdsPieces((int) m.handle) ? !allHeldKilled((int) m.handle)
                        : !d.unions.killed(m.handle))) {
                    return false;
                }
            }
            return true;
        }
        int g = d.nodeOfSlot(slot);
        if (g == ClusterStore.NONE) {
            return true;
        }
        ClusterStore s = d.store;
        for (int c = s.firstChild[g]; c != ClusterStore.NONE; c = s.nextSibling[c]) {
            if (!d.fieldKilled(c)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public boolean welded(int slot) {
        return d.unions.any() && d.unions.isMember(d.bodies.handle(slot));
    }

    @Override
    public void held(FieldMeta.Resolution resolution, double[] bo, HeldSamples out) {
        if (resolution == FieldMeta.Resolution.DISABLED_PARENTS || d.collections.isEmpty()) {
            return;
        }
        ClusterStore s = d.store;
        BodyStore b = d.bodies;
        boolean maximum = resolution == FieldMeta.Resolution.MAXIMUM;
        if (bo != null) {
            bounded(maximum, bo, out);
            return;
        }
        for (int g = 0, n = s.size(); g < n; g++) {
            if (s.body[g] != ClusterStore.NONE) {
                continue;
            }
            int h = s.parent[g];
            if (h == ClusterStore.NONE) {
                continue;
            }
            if (!maximum && s.body[h] == ClusterStore.NONE) {
                continue; // minimal: direct children of active holders only
            }
            while (h != ClusterStore.NONE && s.body[h] == ClusterStore.NONE) {
                h = s.parent[h];
            }
            if (h == ClusterStore.NONE) {
                continue; // inert (throttled) piece
            }
            int slot = (int) s.body[h];
            if (!b.isLive(slot) || b.handle(slot) != s.body[h]) {
                continue;
            }
            if (h != lastHolder) {
                lastHolder = h;
                lastIn = inSimulation(slot);
            }
            if (!lastIn) {
                continue; // a killed (disabled) holder's pieces are out with it
            }
            double qx = b.qx[slot], qy = b.qy[slot], qz = b.qz[slot], qw = b.qw[slot];
            double ox = s.com[3 * g] - s.com[3 * h], oy = s.com[3 * g + 1] - s.com[3 * h + 1],
                    oz = s.com[3 * g + 2] - s.com[3 * h + 2];
            double x = b.px[slot] + Rot.x(qx, qy, qz, qw, ox, oy, oz);
            double y = b.py[slot] + Rot.y(qx, qy, qz, qw, ox, oy, oz);
            double z = b.pz[slot] + Rot.z(qx, qy, qz, qw, ox, oy, oz);
            out.add(g, x, y, z, 1L << 62 | (long) s.collection[g] << 32 | s.node[g]);
        }
        lastHolder = ClusterStore.NONE;
    }

    /** The holder the unbounded scan last asked {@link #inSimulation} about, and the answer (pieces of one holder are mostly contiguous). */
    private int lastHolder = ClusterStore.NONE;
    private boolean lastIn;

    /**
     * Whether the holder in body slot {@code slot} is in the simulation, so that fields sample the pieces it
     * holds: its body is not disabled, or it is welded into a cluster union whose body is not (a welded
     * member's own body is disabled while its union's moves for it). A holder a kill field disabled is out
     * with everything it holds, as Chaos samples no children of a disabled cluster: a later field must not
     * break its pieces back to life.
     */
    private boolean inSimulation(int slot) {
        return d.holderInSimulation(slot);
    }

    /**
     * Held pieces in the bounds {@code bo}: for each active holder whose body's bounds meet them
     * (its held pieces' centres lie inside its shape), the bounds turned into the collection frame
     * through the holder's pose select grid cells; candidates held by that holder are kept, sorted
     * by node, and tested by their world position. Cost: the active holders plus the candidates,
     * not the collection's size.
     */
    private void bounded(boolean maximum, double[] bo, HeldSamples out) {
        ClusterStore s = d.store;
        BodyStore b = d.bodies;
        foundCount = 0;
        for (int i = 0; i < d.activeCount; i++) {
            int h = d.active[i];
            if (s.childCount[h] == 0 || s.body[h] == ClusterStore.NONE) {
                continue;
            }
            int slot = (int) s.body[h];
            if (!b.isLive(slot) || b.handle(slot) != s.body[h] || !inSimulation(slot)) {
                continue;
            }
            double[] bb = b.bounds;
            int o = 6 * slot;
            if (bb[o] > bo[3] || bb[o + 3] < bo[0] || bb[o + 1] > bo[4] || bb[o + 4] < bo[1] || bb[o + 2] > bo[5]
                    || bb[o + 5] < bo[2]) {
                continue;
            }
            // the world box's corners in the collection frame: com_h + R_h^-1 (corner - p_h)
            double qx = -b.qx[slot], qy = -b.qy[slot], qz = -b.qz[slot], qw = b.qw[slot];
            java.util.Arrays.fill(lo, Double.POSITIVE_INFINITY);
            java.util.Arrays.fill(hi, Double.NEGATIVE_INFINITY);
            for (int c = 0; c < 8; c++) {
                double cx = ((c & 1) == 0 ? bo[0] : bo[3]) - b.px[slot];
                double cy = ((c & 2) == 0 ? bo[1] : bo[4]) - b.py[slot];
                double cz = ((c & 4) == 0 ? bo[2] : bo[5]) - b.pz[slot];
                double lx = s.com[3 * h] + Rot.x(qx, qy, qz, qw, cx, cy, cz);
                double ly = s.com[3 * h + 1] + Rot.y(qx, qy, qz, qw, cx, cy, cz);
                double lz = s.com[3 * h + 2] + Rot.z(qx, qy, qz, qw, cx, cy, cz);
                lo[0] = Math.min(lo[0], lx);
                lo[1] = Math.min(lo[1], ly);
                lo[2] = Math.min(lo[2], lz);
                hi[0] = Math.max(hi[0], lx);
                hi[1] = Math.max(hi[1], ly);
                hi[2] = Math.max(hi[2], lz);
            }
            for (int a = 0; a < 3; a++) {
                // a field box running to ±∞ turns into NaN here (0 × ∞ in the rotation): take the whole axis,
                // which only widens the candidates; each is still tested by its world position below (fuzz12)
                if (!(lo[a] <= hi[a])) {
                    lo[a] = Double.NEGATIVE_INFINITY;
                    hi[a] = Double.POSITIVE_INFINITY;
                }
            }
            queryHolder = h;
            queryMaximum = maximum;
            grid(s.collection[h]).query(lo, hi, sink);
        }
        dev.rubble.core.field.FieldSystem.sortInts(found, foundCount);
        for (int k = 0; k < foundCount; k++) {
            int g = found[k];
            int h = s.parent[g];
            while (s.body[h] == ClusterStore.NONE) {
                h = s.parent[h];
            }
            int slot = (int) s.body[h];
            double qx = b.qx[slot], qy = b.qy[slot], qz = b.qz[slot], qw = b.qw[slot];
            double ox = s.com[3 * g] - s.com[3 * h], oy = s.com[3 * g + 1] - s.com[3 * h + 1],
                    oz = s.com[3 * g + 2] - s.com[3 * h + 2];
            double x = b.px[slot] + Rot.x(qx, qy, qz, qw, ox, oy, oz);
            double y = b.py[slot] + Rot.y(qx, qy, qz, qw, ox, oy, oz);
            double z = b.pz[slot] + Rot.z(qx, qy, qz, qw, ox, oy, oz);
            if (x < bo[0] || y < bo[1] || z < bo[2] || x > bo[3] || y > bo[4] || z > bo[5]) {
                continue;
            }
            out.add(g, x, y, z, 1L << 62 | (long) s.collection[g] << 32 | s.node[g]);
        }
    }

    /** A grid candidate of the query in progress: kept when it is held, through bodiless nodes, by the query's holder. */
    private void accept(int g) {
        ClusterStore s = d.store;
        if (s.body[g] != ClusterStore.NONE) {
            return;
        }
        double gx = s.com[3 * g], gy = s.com[3 * g + 1], gz = s.com[3 * g + 2];
        if (gx < lo[0] || gy < lo[1] || gz < lo[2] || gx > hi[0] || gy > hi[1] || gz > hi[2]) {
            return;
        }
        int p = s.parent[g];
        if (!queryMaximum) {
            if (p != queryHolder) {
                return;
            }
        } else {
            while (p != ClusterStore.NONE && s.body[p] == ClusterStore.NONE) {
                p = s.parent[p];
            }
            if (p != queryHolder) {
                return;
            }
        }
        if (foundCount == found.length) {
            found = java.util.Arrays.copyOf(found, foundCount * 2);
        }
        found[foundCount++] = g;
    }

    private HeldGrid grid(int c) {
        if (grids.length <= c) {
            grids = java.util.Arrays.copyOf(grids, Math.max(c + 1, 2 * grids.length));
        }
        if (grids[c] == null) {
            PlacedCollection pc = d.collections.get(c);
            grids[c] = new HeldGrid(d.store, pc.base, pc.asset.nodeCount());
        }
        return grids[c];
    }

    @Override
    public void externalStrain(int g, double v) {
        if (v > 0 && v > d.store.externalLoad[g]) { // Chaos: max, values <= 0 ignored
            d.store.externalLoad[g] = v;
        }
        if (v > 0 && d.store.isHeldByActive(g)) {
            d.addList(g);
        }
    }

    @Override
    public void internalStrain(int g, double v) {
        double t = d.store.threshold[g] + v;
        if (v == 0 || Double.isNaN(t)) {
            // NaN (the field system drops NaN values; -inf on an unbreakable +inf threshold gives NaN too):
            // a NaN threshold never compares, the piece would silently never break (docs/fields.md, "NaN values")
            return;
        }
        d.store.threshold[g] = Math.max(0, t);
        d.thresholdChanged(g);
        if (d.store.isHeldByActive(g)) {
            d.addList(g);
        }
    }

    @Override
    public void addVelocity(int g, boolean angular, double x, double y, double z) {
        d.addFieldVelocity(g, angular ? 3 : 0, x, y, z);
    }

    @Override
    public void linearImpulse(int g, double x, double y, double z) {
        double m = d.store.mass[g];
        if (m > 0 && (x != 0 || y != 0 || z != 0)) { // Δv = J / m of the piece itself (Chaos: Δ·InvM)
            d.addFieldVelocity(g, 0, x / m, y / m, z / m);
        }
    }

    @Override
    public void kill(int g, double v) {
        if (v > 0) {
            forceRelease(g, DestructionContext.FIELD_KILL);
        }
    }

    @Override
    public void dynamicState(int g, int v) {
        if (v == 4) { // EObjectStateType::Dynamic; sleeping, kinematic and static are ignored on held pieces
            forceRelease(g, DestructionContext.FIELD_DYNAMIC);
        }
    }

    /**
     * Breaks held node g off its holder in this step's DESTRUCTION slot by the runtime's own rule: its
     * external strain becomes at least its threshold, so it breaks when evaluated unless its level is
     * unbreakable. A forced break like an external strain of +∞ or a crumble (SPEC §5: load ≥ threshold,
     * so a forced break and an unbreakable +∞ threshold need no special case): a +∞ threshold gets a +∞
     * load and breaks too. Only a piece held directly by an active holder (the ones the runtime can
     * release this step); deeper held pieces are left alone.
     */
    private void forceRelease(int g, byte how) {
        ClusterStore s = d.store;
        if (!s.isHeldByActive(g)) {
            return;
        }
        s.externalLoad[g] = Math.max(s.externalLoad[g], s.threshold[g]);
        d.addList(g);
        d.markFieldRelease(g, how);
    }
}
