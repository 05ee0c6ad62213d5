package dev.rubble.core.collision;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.MotionType;
import dev.rubble.geometry.narrowphase.CompoundEdges;
import dev.rubble.spi.narrowphase.ContactSink;
import dev.rubble.spi.narrowphase.Pose;
import dev.rubble.spi.shape.Compound;
import dev.rubble.spi.shape.Shape;
import java.util.Arrays;

/**
 * Smooth seams between separate static bodies: a post-pass over the store's manifolds after the
 * narrowphase (docs/dynamics.md, "Seams between separate bodies"), in the spirit of Jolt's
 * {@code mEnhancedInternalEdgeRemoval}, which collects a body's contacts of a step and voids its edge
 * contacts covered by another body's coplanar face contact.
 *
 * <pre>
 *  store (sorted by bodyA, bodyB, key)
 *     │ one scan: a manifold of a dynamic body D against a static body S (convex or compound)
 *     ▼          goes on D's list, in store order
 *  D's list ── fewer than two static bodies, or every normal the same ──▶ untouched (no other work)
 *     │
 *     ├── no manifold with each witness point in another leaf's bounds ──▶ untouched (nothing can be covered)
 *     │
 *     ▼  the leaves S_i (a static body, or the child of a static compound a manifold names) as the children of
 *        one compound in the world frame; D's manifolds against them, normal from the leaves to D
 *  CompoundEdges (the compound pass: buried faces, internal edges, hidden round leaves → the neighbour's face)
 *     │
 *     ▼  a manifold whose output differs from its input (bit for bit) is rewritten in place (same key, so
 *        the store stays sorted); one with no output loses its points
 *  the stage re-anchors and warm-starts the rewritten manifolds
 * </pre>
 *
 * A body crossing the seam of two flush static boxes (a floor of separate tiles) met the edge of the one it
 * entered (a closest-point normal tilted into a wall) or its side face buried against the neighbour (the
 * box–box SAT's least-penetration axis while the body overlaps it by less than it sinks in), exactly as a
 * compound's children did before {@link CompoundEdges}. The compound pass is reused as it is: the leaves a
 * body touches are its children (a compound of 2–4 children, kept in a cache by their leaves while the same
 * static bodies stand where they stood, so the pass allocates nothing in steady state: the cache grows with the
 * sets of leaves met).
 *
 * <p>Only static neighbours. Cost: nothing in a world of fewer than two static bodies (the pile, the pyramid,
 * the spheres: one ground); otherwise one scan of the store reading two motion bytes per manifold, and the
 * compound pass only for a body touching two static bodies or more along different normals (a seam, a
 * corner). Dynamic, sleeping or kinematic neighbours are left out: they move, so the compound of their
 * leaves would be built every step (allocation), and dynamic neighbours are most manifolds of a pile, whose
 * every box touches several along different normals (the pass would classify them all each step).
 * Deterministic and thread-count invariant: it runs on the calling thread,
 * after every thread has written the store, in store order, with no hashing reaching results (the cache of
 * compounds only saves building one; a hit is a compound equal to the one it would build). Not thread-safe.
 */
final class BodySeams {
    private static final byte STATIC = (byte) MotionType.STATIC.ordinal();
    private static final byte DYNAMIC = (byte) MotionType.DYNAMIC.ordinal();
    /** Manifolds of one body the pass takes at most (a body on more is left as it is). */
    static final int MAX_GROUP = 64;

    private final CompoundEdges edges = new CompoundEdges();
    private final Output output = new Output();
    private final Pose identity = new Pose(), otherPose = new Pose(), bodyPose = new Pose(), leafPose = new Pose();

    // per dynamic body: its list of manifolds against static bodies (head/tail by slot, -1 when none)
    private int[] head = new int[0], tail = new int[0];
    private int[] next = new int[64], entry = new int[64];
    private int entries;
    private int[] listed = new int[64]; // the bodies with a list, in order of their first manifold
    private int bodiesListed;

    // one group: its manifolds, each one's leaf and whether the static body is the store's A
    private final int[] group = new int[MAX_GROUP], leafOf = new int[MAX_GROUP];
    private final boolean[] staticIsA = new boolean[MAX_GROUP];
    private final long[] tempKey = new long[MAX_GROUP];
    // the leaves: static slot, child (-1: the body's shape), per group
    private final int[] leafSlot = new int[MAX_GROUP], leafChild = new int[MAX_GROUP];
    private int leaves;

    /** Manifolds rewritten by the last {@link #run}, in store order. */
    int[] rewritten = new int[16];
    int rewrittenCount;
    /** Bodies whose manifolds the last {@link #run} sent through the compound pass. */
    int groups;
    /** Points the last {@link #run} added to the store (negative: removed). */
    int pointChange;

    /**
     * Runs the pass over {@code cs}; the rewritten manifolds are {@link #rewritten}{@code [0..rewrittenCount)},
     * their points with fresh impulses (the caller anchors and warm-starts them).
     *
     * @param stage the pairs' speculative margins
     * @param dt the step, seconds (for the margins)
     */
    void run(BodyStore b, ContactStore cs, NarrowphaseStage stage, double dt) {
        rewrittenCount = 0;
        pointChange = 0;
        groups = 0;
        if (b.count(dev.rubble.core.body.BodyState.STATIC) < 2) {
            return; // one ground (the pile, the pyramid): no seam, not even the scan
        }
        int n = cs.size();
        if (head.length < b.motion.length) {
            head = new int[b.motion.length];
            tail = new int[b.motion.length];
            Arrays.fill(head, -1);
        }
        entries = 0;
        bodiesListed = 0;
        final byte[] motion = b.motion;
        for (int m = 0; m < n; m++) {
            byte ma = motion[cs.bodyA[m]], mb = motion[cs.bodyB[m]];
            int d;
            if (ma == STATIC && mb == DYNAMIC) {
                d = cs.bodyB[m];
            } else if (mb == STATIC && ma == DYNAMIC) {
                d = cs.bodyA[m];
            } else {
                continue;
            }
            append(d, m);
        }
        for (int i = 0; i < bodiesListed; i++) {
            int d = listed[i];
            if (several(cs, d)) {
                pass(b, cs, stage, d, dt);
            }
        }
        for (int i = 0; i < bodiesListed; i++) {
            head[listed[i]] = -1;
        }
    }

    private void append(int d, int m) {
        if (entries == entry.length) {
            entry = Arrays.copyOf(entry, 2 * entries);
            next = Arrays.copyOf(next, 2 * entries);
        }
        int e = entries++;
        entry[e] = m;
        next[e] = -1;
        if (head[d] < 0) {
            head[d] = e;
            if (bodiesListed == listed.length) {
                listed = Arrays.copyOf(listed, 2 * bodiesListed);
            }
            listed[bodiesListed++] = d;
        } else {
            next[tail[d]] = e;
        }
        tail[d] = e;
    }

    /** Whether body d's list names two static bodies or more. */
    private boolean several(ContactStore cs, int d) {
        int e = head[d], m = entry[e];
        int first = cs.bodyA[m] == d ? cs.bodyB[m] : cs.bodyA[m];
        for (e = next[e]; e >= 0; e = next[e]) {
            m = entry[e];
            if ((cs.bodyA[m] == d ? cs.bodyB[m] : cs.bodyA[m]) != first) {
                return true;
            }
        }
        return false;
    }

    /** The compound pass over body d's manifolds against static leaves. */
    private void pass(BodyStore b, ContactStore cs, NarrowphaseStage stage, int d, double dt) {
        int g = 0;
        leaves = 0;
        int anyStatic = -1;
        for (int e = head[d]; e >= 0; e = next[e]) {
            int m = entry[e];
            if (cs.pointCount[m] == 0) {
                continue;
            }
            boolean sa = cs.bodyB[m] == d;
            int s = sa ? cs.bodyA[m] : cs.bodyB[m];
            Shape shape = b.shape[s];
            int ch = -1;
            if (shape instanceof Compound) {
                ch = GhostContacts.child(shape, cs.key[m], sa);
                if (ch < 0) {
                    continue;
                }
                } else if (!shape.isConvex()) {
                continue; // a plane or a mesh: no compound child (a mesh's own seams are its smooth edges)
            }
            if (g == MAX_GROUP) {
                return; // a body on more manifolds than this is left as it is
            }
            group[g] = m;
            staticIsA[g] = sa;
            leafOf[g] = leaf(s, ch);
            anyStatic = s;
            g++;
        }
        if (g < 2 || leaves < 2 || sameNormal(cs, g) || !mayCover(b, cs, g)) {
            return;
        }
        groups++;
        Compound c = compound(b);
        double margin = stage.seamMargin(b, anyStatic, d, dt);
        otherPose.set(b.originX(d), b.originY(d), b.originZ(d), b.qx[d], b.qy[d], b.qz[d], b.qw[d]);
        output.reset(g);
        edges.begin(output, c, identity, true, b.shape[d], otherPose, margin);
        for (int i = 0; i < g; i++) {
            int m = group[i];
            boolean sa = staticIsA[i];
            long k = cs.key[m];
            // the compound's half: the leaf; D's half: its child, from wherever the store had it
            long dHalf = sa ? (k >>> 32) & 0xFFFF : k >>> 48;
            tempKey[i] = ((long) (leafOf[i] + 1) << 48) | (dHalf << 32) | (k & 0xFFFFFFFFL);
            double s = sa ? 1 : -1;
            double nx = s * cs.nx[m], ny = s * cs.ny[m], nz = s * cs.nz[m];
            edges.beginManifold(nx, ny, nz, tempKey[i]);
            int st = sa ? cs.bodyA[m] : cs.bodyB[m];
            for (int p = m * ContactStore.MAX_POINTS, e = p + cs.pointCount[m]; p < e; p++) {
                // the static body's witness (A's in the pass's order), the separation, the feature
                double wx, wy, wz;
                if (sa) {
                    wx = b.px[st] + cs.ax[p];
                    wy = b.py[st] + cs.ay[p];
                    wz = b.pz[st] + cs.az[p];
                } else {
                    wx = b.px[st] + cs.bx[p];
                    wy = b.py[st] + cs.by[p];
                    wz = b.pz[st] + cs.bz[p];
                }
                edges.addPoint(wx, wy, wz, cs.separation[p], cs.feature[p]);
                output.input(i, wx, wy, wz, cs.separation[p], cs.feature[p]);
            }
            output.inputNormal(i, nx, ny, nz);
        }
        edges.finish();
        for (int i = 0; i < g; i++) {
            if (output.changed(i)) {
                write(b, cs, i);
            }
        }
    }

    /** Metres a leaf's bounds are grown by for {@link #mayCover} (ten times {@code CompoundEdges.TOL}). */
    private static final double COVER_SLACK = 1e-4;
    private final double[] leafBox = new double[6 * MAX_GROUP], witness = new double[3];

    /**
     * Whether some manifold of the group has each of its static-side witness points in the bounds of a leaf other
     * than its own (grown by {@link #COVER_SLACK}): the compound pass changes a manifold only when each of its
     * witness points lies on or in another child, so a group without one is left alone before any classification
     * (the wall debris bench's hulls resting against the static pieces left standing and the ground: about 20
     * bodies a step touch two static bodies along different normals, and almost none at a seam).
     */
    private boolean mayCover(BodyStore b, ContactStore cs, int g) {
        for (int l = 0; l < leaves; l++) {
            int s = leafSlot[l], o = 6 * l;
            if (leafChild[l] < 0) {
                for (int c = 0; c < 3; c++) {
                    leafBox[o + c] = b.bounds[6 * s + c] - COVER_SLACK;
                    leafBox[o + 3 + c] = b.bounds[6 * s + 3 + c] + COVER_SLACK;
                }
                continue;
            }
            // a static compound's child: its bounds in the compound's frame, turned and moved to the world
            Compound cp = (Compound) b.shape[s];
            int ch = leafChild[l];
            bodyPose.set(b.originX(s), b.originY(s), b.originZ(s), b.qx[s], b.qy[s], b.qz[s], b.qw[s]);
            double cx = 0.5 * (cp.childBound(ch, 0) + cp.childBound(ch, 3));
            double cy = 0.5 * (cp.childBound(ch, 1) + cp.childBound(ch, 4));
            double cz = 0.5 * (cp.childBound(ch, 2) + cp.childBound(ch, 5));
            double hx = 0.5 * (cp.childBound(ch, 3) - cp.childBound(ch, 0));
            double hy = 0.5 * (cp.childBound(ch, 4) - cp.childBound(ch, 1));
            double hz = 0.5 * (cp.childBound(ch, 5) - cp.childBound(ch, 2));
            double[] r = bodyPose.r;
            for (int c = 0; c < 3; c++) {
                double centre = (c == 0 ? bodyPose.px : c == 1 ? bodyPose.py : bodyPose.pz)
                        + r[3 * c] * cx + r[3 * c + 1] * cy + r[3 * c + 2] * cz;
                double half = Math.abs(r[3 * c]) * hx + Math.abs(r[3 * c + 1]) * hy + Math.abs(r[3 * c + 2]) * hz;
                leafBox[o + c] = centre - half - COVER_SLACK;
                leafBox[o + 3 + c] = centre + half + COVER_SLACK;
            }
        }
        for (int i = 0; i < g; i++) {
            int m = group[i], own = leafOf[i];
            boolean sa = staticIsA[i];
            int st = sa ? cs.bodyA[m] : cs.bodyB[m];
            boolean all = true;
            for (int p = m * ContactStore.MAX_POINTS, e = p + cs.pointCount[m]; p < e && all; p++) {
                witness[0] = b.px[st] + (sa ? cs.ax[p] : cs.bx[p]);
                witness[1] = b.py[st] + (sa ? cs.ay[p] : cs.by[p]);
                witness[2] = b.pz[st] + (sa ? cs.az[p] : cs.bz[p]);
                boolean in = false;
                for (int l = 0; l < leaves && !in; l++) {
                    int o = 6 * l;
                    in = l != own && witness[0] >= leafBox[o] && witness[0] <= leafBox[o + 3] && witness[1] >= leafBox[o + 1]
                            && witness[1] <= leafBox[o + 4] && witness[2] >= leafBox[o + 2] && witness[2] <= leafBox[o + 5];
                }
                all = in;
            }
            if (all) {
                return true;
            }
        }
        return false;
    }

    /** The index of leaf (slot s, child ch) among the group's, added when new. */
    private int leaf(int s, int ch) {
        for (int l = 0; l < leaves; l++) {
            if (leafSlot[l] == s && leafChild[l] == ch) {
                return l;
            }
        }
        leafSlot[leaves] = s;
        leafChild[leaves] = ch;
        return leaves++;
    }

    private boolean sameNormal(ContactStore cs, int g) {
        int m0 = group[0];
        double s0 = staticIsA[0] ? 1 : -1;
        for (int i = 1; i < g; i++) {
            int m = group[i];
            double s = staticIsA[i] ? s0 : -s0;
            if (s * (cs.nx[m0] * cs.nx[m] + cs.ny[m0] * cs.ny[m] + cs.nz[m0] * cs.nz[m]) < 1 - 1e-9) {
                return false;
            }
        }
        return true;
    }

    /** Group manifold i's output written over its store manifold (orientation and anchors of the store). */
    private void write(BodyStore b, ContactStore cs, int i) {
        int m = group[i];
        boolean sa = staticIsA[i];
        int a = cs.bodyA[m], c = cs.bodyB[m];
        int q = 0;
        if (output.emitted(i)) {
            double s = sa ? 1 : -1;
            double nx = output.nx(i), ny = output.ny(i), nz = output.nz(i);
            cs.nx[m] = s * nx;
            cs.ny[m] = s * ny;
            cs.nz[m] = s * nz;
            for (int k = 0, pc = Math.min(output.points(i), ContactStore.MAX_POINTS); k < pc; k++) {
                double wx = output.x(i, k), wy = output.y(i, k), wz = output.z(i, k), sep = output.separation(i, k);
                // the static witness and D's, one separation along the pass's normal
                double ox = wx + sep * nx, oy = wy + sep * ny, oz = wz + sep * nz;
                int p = m * ContactStore.MAX_POINTS + q++;
                double awx = sa ? wx : ox, awy = sa ? wy : oy, awz = sa ? wz : oz;
                double bwx = sa ? ox : wx, bwy = sa ? oy : wy, bwz = sa ? oz : wz;
                cs.ax[p] = awx - b.px[a];
                cs.ay[p] = awy - b.py[a];
                cs.az[p] = awz - b.pz[a];
                cs.bx[p] = bwx - b.px[c];
                cs.by[p] = bwy - b.py[c];
                cs.bz[p] = bwz - b.pz[c];
                cs.separation[p] = sep;
                cs.feature[p] = output.feature(i, k);
                cs.normalImpulse[p] = 0;
                cs.tangentImpulse1[p] = 0;
                cs.tangentImpulse2[p] = 0;
                cs.relativeNormalVelocity[p] = 0;
            }
        }
        pointChange += q - cs.pointCount[m];
        cs.pointCount[m] = q;
        if (rewrittenCount == rewritten.length) {
            rewritten = Arrays.copyOf(rewritten, 2 * rewrittenCount);
        }
        rewritten[rewrittenCount++] = m;
    }

    // ---- the leaves as one compound in the world frame, cached while the same static bodies stand still ----

    /**
     * Open addressing (linear probing) by the leaves' slots, generations and children; an entry whose leaves stand
     * elsewhere now is rebuilt in place. The table doubles when half full, up to {@link #CACHE_MAX} entries, and is
     * emptied when that is full (static bodies removed leave entries nothing will meet again). The wall debris bench's
     * 500 hulls against 19 static pieces and the ground meet about 20 different sets a step; a floor of 1 600 tiles with
     * a ball on each of 1 560 seams meets 1 560, which the direct-mapped cache of 1 024 slots it replaced (fuzz10)
     * rebuilt every step where two sets shared a slot: 0.7 MB a step allocated.
     */
    static final int CACHE_MIN = 1024, CACHE_MAX = 1 << 16;
    private Compound[] cachedCompound = new Compound[CACHE_MIN];
    private int[][] cachedIds = new int[CACHE_MIN][];
    private double[][] cachedPoses = new double[CACHE_MIN][];
    private int cacheUsed;
    private final int[] ids = new int[3 * MAX_GROUP];
    private final double[] poses = new double[7 * MAX_GROUP];

    /** Entries in the compound cache (for the tests). */
    int cacheSize() {
        return cacheUsed;
    }

    /** The compound of this group's leaves, each at its world pose (identity compound frame). */
    private Compound compound(BodyStore b) {
        int mix = leaves;
        for (int l = 0; l < leaves; l++) {
            int s = leafSlot[l];
            ids[3 * l] = s;
            ids[3 * l + 1] = b.generation[s];
            ids[3 * l + 2] = leafChild[l];
            mix = 31 * (31 * (31 * mix + s) + b.generation[s]) + leafChild[l];
            bodyPose.set(b.originX(s), b.originY(s), b.originZ(s), b.qx[s], b.qy[s], b.qz[s], b.qw[s]);
            Pose p = bodyPose;
            if (leafChild[l] >= 0) {
                Compound.Child ch = ((Compound) b.shape[s]).child(leafChild[l]);
                p = leafPose.setComposed(bodyPose, ch.x(), ch.y(), ch.z(), ch.qx(), ch.qy(), ch.qz(), ch.qw());
            }
            int o = 7 * l;
            poses[o] = p.px;
            poses[o + 1] = p.py;
            poses[o + 2] = p.pz;
            poses[o + 3] = p.qx;
            poses[o + 4] = p.qy;
            poses[o + 5] = p.qz;
            poses[o + 6] = p.qw;
        }
        int hash = (mix ^ (mix >>> 16)) * 0x9E3779B9;
        int k = find(hash);
        int[] ci = cachedIds[k];
        if (ci != null && Arrays.equals(cachedPoses[k], 0, 7 * leaves, poses, 0, 7 * leaves)) {
            return cachedCompound[k];
        }
        if (ci == null) {
            if (2 * (cacheUsed + 1) > cachedIds.length) {
                if (cachedIds.length < CACHE_MAX) {
                    grow();
                } else {
                    Arrays.fill(cachedIds, null);
                    Arrays.fill(cachedPoses, null);
                    Arrays.fill(cachedCompound, null);
                    cacheUsed = 0;
                }
                k = find(hash);
            }
            cachedIds[k] = Arrays.copyOf(ids, 3 * leaves);
            cachedPoses[k] = Arrays.copyOf(poses, 7 * leaves);
            cacheUsed++;
        } else {
            System.arraycopy(poses, 0, cachedPoses[k], 0, 7 * leaves); // the same leaves, moved: rebuilt in place
        }
        java.util.List<Compound.Child> children = new java.util.ArrayList<>(leaves);
        for (int l = 0; l < leaves; l++) {
            int s = leafSlot[l], o = 7 * l;
            Shape shape = leafChild[l] >= 0 ? ((Compound) b.shape[s]).child(leafChild[l]).shape() : b.shape[s];
            children.add(new Compound.Child(shape, poses[o], poses[o + 1], poses[o + 2], poses[o + 3], poses[o + 4],
                    poses[o + 5], poses[o + 6]));
        }
        Compound c = new Compound(children);
        cachedCompound[k] = c;
        return c;
    }

    /** The entry holding this group's leaves ({@link #ids}), else the empty entry where they go. */
    private int find(int hash) {
        int mask = cachedIds.length - 1;
        for (int k = hash & mask; ; k = (k + 1) & mask) {
            int[] ci = cachedIds[k];
            if (ci == null || ci.length == 3 * leaves && Arrays.equals(ci, 0, ci.length, ids, 0, 3 * leaves)) {
                return k;
            }
        }
    }

    /** The table twice as large, every entry moved to its place there. */
    private void grow() {
        Compound[] oc = cachedCompound;
        int[][] oi = cachedIds;
        double[][] op = cachedPoses;
        int cap = 2 * oi.length, mask = cap - 1;
        cachedCompound = new Compound[cap];
        cachedIds = new int[cap][];
        cachedPoses = new double[cap][];
        for (int e = 0; e < oi.length; e++) {
            int[] ci = oi[e];
            if (ci == null) {
                continue;
            }
            int mix = ci.length / 3;
            for (int l = 0; l < ci.length; l += 3) {
                mix = 31 * (31 * (31 * mix + ci[l]) + ci[l + 1]) + ci[l + 2];
            }
            int k = ((mix ^ (mix >>> 16)) * 0x9E3779B9) & mask;
            while (cachedIds[k] != null) {
                k = (k + 1) & mask;
            }
            cachedIds[k] = ci;
            cachedPoses[k] = op[e];
            cachedCompound[k] = oc[e];
        }
    }

    /**
     * What the compound pass sends on, by group manifold (found by its key), beside what it was given: a
     * manifold whose output is its input bit for bit is left alone in the store.
     */
    private final class Output implements ContactSink {
        private static final int P = 2 * ContactStore.MAX_POINTS; // a clip gives at most 4; room to spare
        private final double[] in = new double[MAX_GROUP * P * 4], out = new double[MAX_GROUP * P * 4];
        private final long[] inF = new long[MAX_GROUP * P], outF = new long[MAX_GROUP * P];
        private final int[] inN = new int[MAX_GROUP], outN = new int[MAX_GROUP];
        private final double[] inNormal = new double[3 * MAX_GROUP], outNormal = new double[3 * MAX_GROUP];
        private final boolean[] seen = new boolean[MAX_GROUP];
        private int size, current = -1;

        void reset(int g) {
            size = g;
            current = -1;
            for (int i = 0; i < g; i++) {
                inN[i] = outN[i] = 0;
                seen[i] = false;
            }
        }

        void input(int i, double x, double y, double z, double sep, long f) {
            int k = inN[i]++;
            int o = (i * P + k) * 4;
            in[o] = x;
            in[o + 1] = y;
            in[o + 2] = z;
            in[o + 3] = sep;
            inF[i * P + k] = f;
        }

        void inputNormal(int i, double x, double y, double z) {
            inNormal[3 * i] = x;
            inNormal[3 * i + 1] = y;
            inNormal[3 * i + 2] = z;
        }

        @Override
        public void beginManifold(double nx, double ny, double nz, long subKey) {
            current = -1;
            for (int i = 0; i < size; i++) {
                if (tempKey[i] == subKey) {
                    current = i;
                    break;
                }
            }
            if (current < 0 || seen[current]) {
                current = -1; // a manifold the store has no place for (a far-vertex manifold only the new clip makes)
                return;
            }
            seen[current] = true;
            outNormal[3 * current] = nx;
            outNormal[3 * current + 1] = ny;
            outNormal[3 * current + 2] = nz;
        }

        @Override
        public void addPoint(double ax, double ay, double az, double separation, long featureId) {
            if (current < 0 || outN[current] == P) {
                return;
            }
            int k = outN[current]++;
            int o = (current * P + k) * 4;
            out[o] = ax;
            out[o + 1] = ay;
            out[o + 2] = az;
            out[o + 3] = separation;
            outF[current * P + k] = featureId;
        }

        boolean emitted(int i) {
            return seen[i];
        }

        /** Whether manifold i's output differs from its input. */
        boolean changed(int i) {
            if (!seen[i] || outN[i] != inN[i]) {
                return true;
            }
            for (int c = 0; c < 3; c++) {
                if (Double.doubleToRawLongBits(outNormal[3 * i + c]) != Double.doubleToRawLongBits(inNormal[3 * i + c])) {
                    return true;
                }
            }
            for (int k = 0; k < inN[i]; k++) {
                int o = (i * P + k) * 4;
                for (int c = 0; c < 4; c++) {
                    if (Double.doubleToRawLongBits(out[o + c]) != Double.doubleToRawLongBits(in[o + c])) {
                        return true;
                    }
                }
                if (outF[i * P + k] != inF[i * P + k]) {
                    return true;
                }
            }
            return false;
        }

        int points(int i) {
            return outN[i];
        }

        double nx(int i) {
            return outNormal[3 * i];
        }

        double ny(int i) {
            return outNormal[3 * i + 1];
        }

        double nz(int i) {
            return outNormal[3 * i + 2];
        }

        double x(int i, int k) {
            return out[(i * P + k) * 4];
        }

        double y(int i, int k) {
            return out[(i * P + k) * 4 + 1];
        }

        double z(int i, int k) {
            return out[(i * P + k) * 4 + 2];
        }

        double separation(int i, int k) {
            return out[(i * P + k) * 4 + 3];
        }

        long feature(int i, int k) {
            return outF[i * P + k];
        }
    }
}
