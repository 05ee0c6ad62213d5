package dev.rubble.core.destruction;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.collision.ContactStore;
import dev.rubble.spi.collection.CollectionAsset;
import dev.rubble.spi.shape.AabbTree;
import dev.rubble.spi.shape.ConvexHull;

/**
 * Collision load from the step's solved contacts (reference: chaos-clusters-strain-runtime §5.2):
 * for every contact point on an active holder whose approach speed (read by the solver before
 * gravity) is at least 1 cm/s, the magnitude of its accumulated impulse (N·s; divided by dt for
 * force-based damage models) is added to the child the point hit (propagation on: the nearest
 * child by signed distance to its hulls) or to every child whose bounds meet a box of half-size
 * {@code clusterDistanceThreshold} around it (propagation off). Manifolds the solver did not solve
 * carry approach speed 0, so they give none; resting contacts give none, but the contacts of a piece the
 * impact pass released before this step's solve count whatever their approach (it is driven into its
 * neighbours by the impact: {@link ImpactPass#releasedBeforeSolve}); of a point deeper than its
 * approach explains (an overlap being pushed out) only the impulse stopping the approach counts
 * ({@link DestructionContext#impactImpulse}).
 */
final class CollisionStrain implements Pass, AabbTree.Visitor {
    /**
     * Contact points whose distances to two children differ by less than this (m) lie on their seam:
     * the point's load is split equally among them (issue 22 item 3), never decided by rounding.
     */
    static final double SEAM = 1e-6;
    private final DestructionContext d;
    /** Where loads go: null = the children's collision loads (the DESTRUCTION slot); else the impact pass's trial. */
    private final ImpactPass sink;
    /** The DESTRUCTION slot's gather: the impact pass whose pieces, released before this step's solve, pass the impact on; else null. */
    private final ImpactPass impacts;
    private final FairImpulses fair = new FairImpulses();
    private int[] found = new int[16];
    private double[] dist = new double[16];
    private int foundCount;

    /**
     * @param sink    null for the DESTRUCTION slot's gather (loads onto the children), else the impact pass whose
     *                trial takes the loads
     * @param impacts for the DESTRUCTION slot's gather: the impact pass whose pieces, released before this step's
     *                solve, pass the impact on (their contacts count whatever their approach, as in the trial:
     *                docs/destruction.md "Impacts", rule 1, the slot sees the real solve's loads); else null
     */
    CollisionStrain(DestructionContext d, ImpactPass sink, ImpactPass impacts) {
        this.d = d;
        this.sink = sink;
        this.impacts = impacts;
    }

    /** Whether a contact of the bodies in slots a and b passes an impact on whatever its approach. */
    private boolean pushed(int a, int b) {
        if (sink != null) {
            return sink.releasedThisStep(a) || sink.releasedThisStep(b);
        }
        return impacts != null && (impacts.releasedBeforeSolve(a) || impacts.releasedBeforeSolve(b));
    }

    /** The strain-gathering pass: collision loads onto the children hit, each child into the strained list. */
    void run() {
        ContactStore c = d.contacts;
        for (int m = 0, n = c.size(); m < n; ) {
            // the manifolds of one body pair (one per compound child) are adjacent in the sorted store
            int m1 = m + 1;
            while (m1 < n && c.bodyA[m1] == c.bodyA[m] && c.bodyB[m1] == c.bodyB[m]) {
                m1++;
            }
            gatherPair(c, m, m1);
            m = m1;
        }
        if (sink == null) { // soft bodies' loads: the main gather only (the impact pass's trial is of rigid contacts)
            gatherSoft(c);
        }
    }

    /**
     * Loads from soft bodies (docs/soft-bodies.md, "Compounds"): each is the impulse a soft body's approaching
     * contacts gave one rigid body (one compound child) over the step, at the mean point it acted at, and loads
     * the holder's child there as a rigid contact point would. On a cluster union's body the load goes to the
     * welded member whose shape the compound child is (its pose written from the union's before the gather).
     */
    private void gatherSoft(ContactStore c) {
        BodyStore b = d.bodies;
        for (int i = 0, n = c.softLoads(); i < n; i++) {
            int slot = c.softLoadSlot[i];
            if (d.unions.any() && d.unions.isUnion(slot)) {
                slot = d.unions.memberOfChild(slot, c.softLoadChild[i]);
                if (slot < 0) {
                    continue;
                }
            }
            int g = target(d.nodeOfSlot(slot), -1);
            if (g < 0) {
                continue;
            }
            load(g, slot, c.softLoadAt[3 * i] - b.px[slot], c.softLoadAt[3 * i + 1] - b.py[slot],
                    c.softLoadAt[3 * i + 2] - b.pz[slot], c.softLoadImpulse[i]);
        }
    }

    /** Loads from the points of manifolds [m0, m1), which join the same two bodies. */
    private void gatherPair(ContactStore c, int m0, int m1) {
        if (d.unions.any() && (d.unions.isUnion(c.bodyA[m0]) || d.unions.isUnion(c.bodyB[m0]))) {
            gatherUnionPair(c, m0, m1);
            return;
        }
        int ga = target(d.nodeOfSlot(c.bodyA[m0]), c.bodyB[m0]);
        int gb = target(d.nodeOfSlot(c.bodyB[m0]), c.bodyA[m0]);
        if (ga < 0 && gb < 0) {
            return;
        }
        // a piece released by an earlier trial pass (ImpactPass.releasedThisStep), or, in the DESTRUCTION slot, before
        // this step's solve (ImpactPass.releasedBeforeSolve), passes the impact on
        boolean pushed = pushed(c.bodyA[m0], c.bodyB[m0]);
        double[] jn = normalImpulses(c, m0, m1, pushed);
        if (jn == null) {
            return;
        }
        for (int m = m0; m < m1; m++) {
            for (int k = 0, pc = c.pointCount[m], p = m * ContactStore.MAX_POINTS; k < pc; k++, p++) {
                double approach = -c.relativeNormalVelocity[p];
                if (!(approach >= DestructionContext.MIN_APPROACH_SPEED) && !pushed) {
                    continue;
                }
                double n = jn[p], t1 = c.tangentImpulse1[p], t2 = c.tangentImpulse2[p];
                double j = d.impactImpulse(c, m, p, Math.sqrt(n * n + t1 * t1 + t2 * t2));
                if (!(j > 0) || !Double.isFinite(j)) {
                    continue;
                }
                if (ga >= 0) {
                    load(ga, c.bodyA[m], c.ax[p], c.ay[p], c.az[p], j);
                }
                if (gb >= 0) {
                    load(gb, c.bodyB[m], c.bx[p], c.by[p], c.bz[p], j);
                }
            }
        }
    }

    /**
     * The pair's normal impulses per point, or null when no point approaches (at least
     * {@link DestructionContext#MIN_APPROACH_SPEED}) and the pair was not pushed by a piece released
     * this step. With several points, the order-independent sharing of the pair's normal impulse
     * among them (issue 22 item 3).
     */
    private double[] normalImpulses(ContactStore c, int m0, int m1, boolean pushed) {
        int points = 0;
        boolean approaching = pushed;
        for (int m = m0; m < m1; m++) {
            for (int k = 0, p = m * ContactStore.MAX_POINTS; k < c.pointCount[m]; k++, p++) {
                points++;
                approaching |= -c.relativeNormalVelocity[p] >= DestructionContext.MIN_APPROACH_SPEED;
            }
        }
        if (!approaching) {
            return null;
        }
        if (points > 1) {
            fair.compute(c, m0, m1);
            return fair.fair;
        }
        return c.normalImpulse;
    }

    /**
     * Issue 29: a pair with a cluster union's body. Each manifold's compound child names the member
     * it hit ({@link Unions#memberSlot}); a member that is a collection piece is loaded like that
     * piece's own body (its pose written from the union's before the gather), at the point's offset
     * from the member's centre of mass. The approach test and fair sharing are those of {@link #gatherPair}.
     */
    private void gatherUnionPair(ContactStore c, int m0, int m1) {
        int sa = c.bodyA[m0], sb = c.bodyB[m0];
        BodyStore b = d.bodies;
        boolean pushed = pushed(sa, sb);
        double[] jn = normalImpulses(c, m0, m1, pushed);
        if (jn == null) {
            return;
        }
        for (int m = m0; m < m1; m++) {
            int slotA = d.unions.touched(c, m, true), slotB = d.unions.touched(c, m, false);
            int ga = target(slotA < 0 ? -1 : d.nodeOfSlot(slotA), sb);
            int gb = target(slotB < 0 ? -1 : d.nodeOfSlot(slotB), sa);
            if (ga < 0 && gb < 0) {
                continue;
            }
            for (int k = 0, pc = c.pointCount[m], p = m * ContactStore.MAX_POINTS; k < pc; k++, p++) {
                double approach = -c.relativeNormalVelocity[p];
                if (!(approach >= DestructionContext.MIN_APPROACH_SPEED) && !pushed) {
                    continue;
                }
                double n = jn[p], t1 = c.tangentImpulse1[p], t2 = c.tangentImpulse2[p];
                double j = d.impactImpulse(c, m, p, Math.sqrt(n * n + t1 * t1 + t2 * t2));
                if (!(j > 0) || !Double.isFinite(j)) {
                    continue;
                }
                if (ga >= 0) {
                    load(ga, slotA, c.ax[p] + (b.px[sa] - b.px[slotA]), c.ay[p] + (b.py[sa] - b.py[slotA]),
                            c.az[p] + (b.pz[sa] - b.pz[slotA]), j);
                }
                if (gb >= 0) {
                    load(gb, slotB, c.bx[p] + (b.px[sb] - b.px[slotB]), c.by[p] + (b.py[sb] - b.py[slotB]),
                            c.bz[p] + (b.pz[sb] - b.pz[slotB]), j);
                }
            }
        }
    }

    /**
     * Node {@code g} (-1: none) if a contact with body slot {@code other} (-1: a soft body) can load its children, else -1:
     * one-way (debris) contacts create no strain (SPEC §5, §6: a holder is not loaded by a debris body
     * touching it; a debris holder is still loaded by the ground and by non-debris); the impact pass's
     * trial takes only the holders it asks for; and a node with no children (a released leaf) or an
     * {@link #inert} one can take no load. Decided once per pair, before its impulses are shared out
     * among its points: the shattered wall's 10 000 loose leaves touch at some 100 000 points.
     */
    private int target(int g, int other) {
        if (g < 0 || other >= 0 && d.bodies.debris[other] != 0 || sink != null && !sink.takes(g)
                || d.store.childCount[g] == 0 || inert(g)) {
            return -1;
        }
        return g;
    }

    /** Loads the child(ren) of holder g ({@link #target}: one that can take a load) hit at world offset r from its centre of mass. */
    private void load(int g, int slot, double rx, double ry, double rz, double j) {
        ClusterStore s = d.store;
        BodyStore b = d.bodies;
        // into the collection frame: R^T r + com
        double qx = -b.qx[slot], qy = -b.qy[slot], qz = -b.qz[slot], qw = b.qw[slot];
        double lx = Rot.x(qx, qy, qz, qw, rx, ry, rz) + s.com[3 * g];
        double ly = Rot.y(qx, qy, qz, qw, rx, ry, rz) + s.com[3 * g + 1];
        double lz = Rot.z(qx, qy, qz, qw, rx, ry, rz) + s.com[3 * g + 2];
        PlacedCollection pc = d.collections.get(s.collection[g]);
        if (pc.forces) {
            j /= d.dt;
        }
        double half = pc.options.clusterDistanceThreshold();
        collect(pc, g, lx - half, ly - half, lz - half, lx + half, ly + half, lz + half);
        if (pc.options.propagation()) {
            if (foundCount == 0) {
                // nothing within the box: every child is a candidate (Chaos: the closest child)
                for (int ch = s.firstChild[g]; ch != ClusterStore.NONE; ch = s.nextSibling[ch]) {
                    add(ch);
                }
            }
            if (dist.length < foundCount) {
                dist = new double[found.length];
            }
            double bestD = Double.POSITIVE_INFINITY;
            for (int i = 0; i < foundCount; i++) {
                dist[i] = distance(pc.asset, s.node[found[i]], lx, ly, lz);
                bestD = Math.min(bestD, dist[i]);
            }
            // the nearest child; a point on a seam (within SEAM of the nearest) is split among them
            int ties = 0;
            for (int i = 0; i < foundCount; i++) {
                if (dist[i] <= bestD + SEAM) {
                    ties++;
                }
            }
            for (int i = 0; i < foundCount && bestD < Double.POSITIVE_INFINITY; i++) {
                if (dist[i] <= bestD + SEAM) {
                    give(found[i], ties == 1 ? j : j / ties);
                }
            }
        } else {
            for (int i = 0; i < foundCount; i++) {
                give(found[i], j);
            }
        }
    }

    /**
     * Whether a collision load on holder g's children could change nothing (issue 27 item 3): g is an
     * asset node whose children (one level below it) are at or past the collection's unbreakable
     * level, so none can break (Evaluation's {@code level < limit}), the collection has no bond
     * capacities (no bond fails on a child's load) and no strain modifiers (none keeps a history of
     * loads), and this is the real gather, not the impact pass's trial. Such a holder is skipped: the
     * finding of the child hit (a BVH query and a signed distance per candidate child) was a large
     * part of the destruction stage for the budgets-on shatter bench's 400 chunks of unbreakable leaves.
     * What changes: the holder's strain heat ({@code strainRatio}, display only) stays 0.
     */
    private boolean inert(int g) {
        if (sink != null || d.store.node[g] < 0) {
            return false;
        }
        PlacedCollection pc = d.collections.get(d.store.collection[g]);
        return d.store.level[g] + 1 >= pc.unbreakableLevel && pc.capacity == null && pc.modifiers.length == 0;
    }

    private void give(int child, double j) {
        if (sink != null) {
            sink.add(child, j);
        } else {
            d.store.collisionLoad[child] += j;
            d.addList(child);
        }
    }

    /** Children of g whose bounds meet the box, through the asset's child BVH when there is one. */
    private void collect(PlacedCollection pc, int g, double x0, double y0, double z0, double x1, double y1, double z1) {
        ClusterStore s = d.store;
        foundCount = 0;
        int nd = s.node[g];
        AabbTree tree = nd >= 0 ? pc.childTree(nd) : internalTree(pc, g);
        if (tree != null) {
            queryHolder = g;
            queryFirst = nd >= 0 ? pc.base + pc.asset.firstChild()[nd] : 0;
            queryMembers = nd >= 0 ? null : members[g];
            tree.query(x0, y0, z0, x1, y1, z1, this);
            return;
        }
        double[] bo = pc.asset.bounds();
        for (int ch = s.firstChild[g]; ch != ClusterStore.NONE; ch = s.nextSibling[ch]) {
            int o = 6 * s.node[ch];
            if (bo[o] <= x1 && bo[o + 1] <= y1 && bo[o + 2] <= z1 && bo[o + 3] >= x0 && bo[o + 4] >= y0
                    && bo[o + 5] >= z0) {
                add(ch);
            }
        }
    }

    private int queryHolder, queryFirst;
    private int[] queryMembers;
    // BVHs over the members of internal clusters, built the first time a contact needs one. A
    // holder's children never change while it has a body (a break retires it), so no invalidation.
    private AabbTree[] trees = new AabbTree[0];
    private int[][] members = new int[0][];

    private AabbTree internalTree(PlacedCollection pc, int g) {
        ClusterStore s = d.store;
        if (s.childCount[g] <= PlacedCollection.TREE_THRESHOLD) {
            return null;
        }
        if (trees.length <= g) {
            int cap = Math.max(g + 1, trees.length * 2);
            trees = java.util.Arrays.copyOf(trees, cap);
            members = java.util.Arrays.copyOf(members, cap);
        }
        if (trees[g] == null) {
            int[] m = new int[s.childCount[g]];
            double[] boxes = new double[6 * m.length];
            int k = 0;
            for (int ch = s.firstChild[g]; ch != ClusterStore.NONE; ch = s.nextSibling[ch]) {
                System.arraycopy(pc.asset.bounds(), 6 * s.node[ch], boxes, 6 * k, 6);
                m[k++] = ch;
            }
            trees[g] = new AabbTree(boxes);
            members[g] = m;
        }
        return trees[g];
    }

    @Override
    public boolean visit(int item) {
        int ch = queryMembers != null ? queryMembers[item] : queryFirst + item;
        if (d.store.parent[ch] == queryHolder) {
            add(ch);
        }
        return true;
    }

    private void add(int ch) {
        if (foundCount == found.length) {
            found = java.util.Arrays.copyOf(found, foundCount * 2);
        }
        found[foundCount++] = ch;
    }

    /** Signed distance from a point to node i's hulls (max over face planes, min over hulls), collection frame. */
    static double distance(CollectionAsset a, int i, double x, double y, double z) {
        double best = Double.POSITIVE_INFINITY;
        int[] hs = a.hullStart(), hi = a.hullIndex();
        for (int k = hs[i]; k < hs[i + 1]; k++) {
            ConvexHull h = a.hulls()[hi[k]];
            double dmax = Double.NEGATIVE_INFINITY;
            for (int f = 0, nf = h.faceCount(); f < nf; f++) {
                double dist = h.plane(f, 0) * x + h.plane(f, 1) * y + h.plane(f, 2) * z - h.plane(f, 3);
                if (dist > dmax) {
                    dmax = dist;
                }
            }
            if (dmax < best) {
                best = dmax;
            }
        }
        return best;
    }
}
