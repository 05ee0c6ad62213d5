package dev.rubble.core.destruction;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.Inertia;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.collision.ContactStore;
import java.util.Arrays;

/**
 * A moving {@link ImpactMode#RESOLVE} holder that strikes fixed geometry and breaks there carries on
 * (docs/destruction.md, "Landings"). The solve stopped the holder as one rigid body against a static or
 * kinematic body (or against a piece of its own collection that such a body holds up), so every piece it
 * releases would leave at the stopped velocity and a brittle box dropped on an edge would stop dead on it.
 * A piece that breaks free cannot have been stopped through bonds that failed by more than those bonds
 * carried; this pass gives it back the rest:
 *
 * <pre>
 *  collect (after evaluation, before momentum return and release), per broken dynamic RESOLVE holder H:
 *    struck points: H's contact points with a fixed body, or with a piece of H's collection that a fixed body holds
 *                   (touching it with a normal impulse, or a piece so held, up to HELD_PASSES links), approaching
 *                   at 1 cm/s or more
 *    J, L           their impulse on H and its moment about H's centre of mass
 *    (v0, w0)       = (v1 - J/M, w1 - I^-1 L): H's velocity had those contacts not stopped it (gravity and every
 *                   other contact included); E0, P0 its kinetic energy and momentum then
 *    struck child   the child of H nearest each struck point (by the gather's signed hull distance, seams shared)
 *                   takes that point's impulse (its normal part shared fairly among the pair's points, FairImpulses)
 *    bonds          each live bond of a broken child to a sibling; the child held at most its threshold in all
 *                   (it breaks when its load reaches it), so each of its n cut bonds carried at most threshold / n
 *                   (a bond between two broken children: the smaller of the two shares)
 *  apply (after release), per component C that H's children now form (a released child, or a new cluster):
 *    every C        u = u1 + f (u0 - u1), w = w1 + f (w0 - w1), u0 = v0 + w0 x r_C,
 *                   f = max(0, 1 - (J_C + T_C) / (m_C |u0 - u1|)): what could have stopped C is the struck impulse
 *                   its own children took (J_C, along its lost velocity) and the bonds cut between C and the rest
 *                   (T_C; brittle: a failed bond passed at most its share, reference chaos-clusters §5.3). A piece
 *                   whose own contacts stopped it keeps the solve's velocity (f = 0)
 *    then every free C's f is scaled by one s in [0, 1], the largest with the pieces' kinetic energy <= E0 and
 *    the magnitude of their momentum <= |P0| (both convex in s, both hold at s = 0 when the solve took energy)
 * </pre>
 *
 * Positions are not touched: the step integrated them with the stopped velocity, so no piece was moved into the
 * geometry; a free piece moves on in the next step and strikes the stopped ones or the geometry there, where its
 * own contacts (speculative, a step of motion ahead) stop it and strain its children. Allocation-free after its
 * arrays grow; runs only in steps where a dynamic RESOLVE holder broke (two scans of the contact store).
 */
final class LandingCarry implements Pass {
    private final DestructionContext d;
    private int stamp, compMark, brokenStamp;
    /** Scans of the contact store that carry the held mark up a chain of pieces (a chain longer than this is not held). */
    static final int HELD_PASSES = 8;
    /** Per body slot: stamp of a candidate holder, its candidate index; stamp of a body a fixed body holds up. */
    private int[] slotStamp = new int[0], slotIndex = new int[0], held = new int[0];
    /** Per node: stamp of a struck child; stamp and index of a component being gathered; stamp of a broken child. */
    private int[] struck = new int[0], compStamp = new int[0], compIndex = new int[0], brokenMark = new int[0];
    private int count;
    private int[] holder = new int[4], slotOf = new int[4], points = new int[4], group = new int[4];
    /** Per candidate, 12: J (3), L (3), then v0 (3), w0 (3). */
    private double[] acc = new double[48];
    /** Per candidate: centre of mass at collect (3), E0, |P0|, M. */
    private double[] ref = new double[24];
    private int[] childStart = new int[5], children = new int[16];
    private int[] bondStart = new int[5], bondA = new int[16], bondB = new int[16];
    private double[] bondCap = new double[16];
    // per component of the current candidate
    private int[] comp = new int[16];
    private double[] compCap = new double[16], compF = new double[16], compHit = new double[48];
    private final double[] basis = new double[6], j3 = new double[3], w3 = new double[3];
    private final FairImpulses fair = new FairImpulses();
    /** Per child of the holder being searched ({@link #markNearest}): its distance from the struck point. */
    private double[] childDist = new double[16];
    /** Per node (3 each): the struck impulse the child took this step, valid where {@link #struck} has the stamp. */
    private double[] hit = new double[0];

    LandingCarry(DestructionContext d) {
        this.d = d;
    }

    /** Before momentum return and release: the broken dynamic RESOLVE holders' struck contacts and bonds. */
    void collect() {
        count = 0;
        StrainGroups gr = d.groups;
        BodyStore b = d.bodies;
        ClusterStore s = d.store;
        stamp++;
        grow(b.slotLimit(), s.parent.length);
        for (int k = 0; k < gr.holderCount; k++) {
            if (gr.holderBroken[k] == 0) {
                continue;
            }
            int h = gr.holders[k];
            PlacedCollection pc = d.collections.get(s.collection[h]);
            if (pc.options.impactMode() != ImpactMode.RESOLVE || s.body[h] == ClusterStore.NONE) {
                continue;
            }
            int slot = b.slot(s.body[h]);
            if (b.motion[slot] != MotionType.DYNAMIC.ordinal() || !d.holderInSimulation(slot)
                    || d.unions.any() && d.unions.isUnion(slot)) {
                continue;
            }
            if (count == holder.length) {
                int cap = 2 * count;
                holder = Arrays.copyOf(holder, cap);
                group = Arrays.copyOf(group, cap);
                slotOf = Arrays.copyOf(slotOf, cap);
                points = Arrays.copyOf(points, cap);
                acc = Arrays.copyOf(acc, 12 * cap);
                ref = Arrays.copyOf(ref, 6 * cap);
                childStart = Arrays.copyOf(childStart, cap + 1);
                bondStart = Arrays.copyOf(bondStart, cap + 1);
            }
            holder[count] = h;
            group[count] = k;
            slotOf[count] = slot;
            points[count] = 0;
            Arrays.fill(acc, 12 * count, 12 * count + 12, 0);
            slotStamp[slot] = stamp;
            slotIndex[slot] = count;
            count++;
        }
        if (count == 0) {
            return;
        }
        ContactStore c = d.contacts;
        // bodies a fixed body holds up this step
        for (int m = 0, n = c.size(); m < n; m++) {
            int a = c.bodyA[m], bb = c.bodyB[m];
            boolean fa = b.motion[a] != MotionType.DYNAMIC.ordinal(), fb = b.motion[bb] != MotionType.DYNAMIC.ordinal();
            if (fa == fb || !pressed(c, m)) {
                continue;
            }
            held[fa ? bb : a] = stamp;
        }
        // and, through a chain of pressed contacts, the pieces resting on those (a piece on a piece on the edge holds
        // the holder up as well as one on the edge); the candidate holders themselves are what is judged, never held
        for (int pass = 0, changed = 1; pass < HELD_PASSES && changed > 0; pass++) {
            changed = 0;
            for (int m = 0, n = c.size(); m < n; m++) {
                int a = c.bodyA[m], bb = c.bodyB[m];
                boolean ha = held[a] == stamp, hb = held[bb] == stamp;
                if (ha == hb) {
                    continue;
                }
                int o = ha ? bb : a;
                if (b.motion[o] != MotionType.DYNAMIC.ordinal() || slotStamp[o] == stamp || d.nodeOfSlot(o) < 0
                        || !pressed(c, m)) {
                    continue;
                }
                held[o] = stamp;
                changed++;
            }
        }
        for (int m = 0, n = c.size(); m < n; ) {
            // the manifolds of one body pair (one per compound child) are adjacent in the sorted store
            int m1 = m + 1;
            while (m1 < n && c.bodyA[m1] == c.bodyA[m] && c.bodyB[m1] == c.bodyB[m]) {
                m1++;
            }
            int a = c.bodyA[m], bb = c.bodyB[m];
            if (slotStamp[a] == stamp) {
                struckPoints(c, m, m1, a, bb, false);
            }
            if (slotStamp[bb] == stamp) {
                struckPoints(c, m, m1, bb, a, true);
            }
            m = m1;
        }
        int nc = 0, nb = 0;
        for (int k = 0; k < count; k++) {
            childStart[k] = nc;
            bondStart[k] = nb;
            if (points[k] == 0) {
                continue;
            }
            int h = holder[k], slot = slotOf[k];
            PlacedCollection pc = d.collections.get(s.collection[h]);
            int[] es = pc.asset.edgeStart(), el = pc.asset.edgeList(), ea = pc.asset.edgeA(), eb = pc.asset.edgeB();
            int mark = ++brokenStamp;
            for (int e = gr.holderStart[group[k]]; e < gr.holderStart[group[k] + 1]; e++) {
                if (gr.broken[e]) {
                    brokenMark[gr.entries[e]] = mark;
                }
            }
            for (int ch = s.firstChild[h]; ch != ClusterStore.NONE; ch = s.nextSibling[ch]) {
                if (nc == children.length) {
                    children = Arrays.copyOf(children, 2 * nc);
                }
                children[nc++] = ch;
                if (brokenMark[ch] != mark || s.node[ch] < 0) {
                    continue;
                }
                int nd = s.node[ch];
                int first = nb;
                for (int q = es[nd]; q < es[nd + 1]; q++) {
                    int e = el[q];
                    int other = pc.base + (ea[e] == nd ? eb[e] : ea[e]);
                    if (!pc.bondAlive[e] || s.parent[other] != h) {
                        continue;
                    }
                    if (nb == bondA.length) {
                        bondA = Arrays.copyOf(bondA, 2 * nb);
                        bondB = Arrays.copyOf(bondB, 2 * nb);
                        bondCap = Arrays.copyOf(bondCap, 2 * nb);
                    }
                    bondA[nb] = ch;
                    bondB[nb++] = other;
                }
                // the broken child held at most its threshold in all: each of its cut bonds an equal share
                for (int q = first; q < nb; q++) {
                    bondCap[q] = s.threshold[ch] / (nb - first);
                }
            }
            // the velocity the holder would have had without its struck contacts, and its energy and momentum then
            double im = b.invMass[slot];
            int o = 12 * k;
            Inertia.applyInverseWorld(b, slot, acc[o + 3], acc[o + 4], acc[o + 5], w3);
            acc[o + 6] = b.vx[slot] - acc[o] * im;
            acc[o + 7] = b.vy[slot] - acc[o + 1] * im;
            acc[o + 8] = b.vz[slot] - acc[o + 2] * im;
            acc[o + 9] = b.wx[slot] - w3[0];
            acc[o + 10] = b.wy[slot] - w3[1];
            acc[o + 11] = b.wz[slot] - w3[2];
            double mass = b.mass[slot];
            double v2 = acc[o + 6] * acc[o + 6] + acc[o + 7] * acc[o + 7] + acc[o + 8] * acc[o + 8];
            ref[6 * k] = b.px[slot];
            ref[6 * k + 1] = b.py[slot];
            ref[6 * k + 2] = b.pz[slot];
            ref[6 * k + 3] = 0.5 * mass * v2 + spin(b, slot, acc[o + 9], acc[o + 10], acc[o + 11],
                    acc[o + 9], acc[o + 10], acc[o + 11]);
            ref[6 * k + 4] = mass * Math.sqrt(v2);
            ref[6 * k + 5] = mass;
        }
        childStart[count] = nc;
        bondStart[count] = nb;
    }

    /** Whether manifold m carries a normal impulse at some point. */
    private static boolean pressed(ContactStore c, int m) {
        for (int k = 0, p = m * ContactStore.MAX_POINTS; k < c.pointCount[m]; k++, p++) {
            if (c.normalImpulse[p] > 0) {
                return true;
            }
        }
        return false;
    }

    /** The struck points of manifolds [m0, m1) (one body pair) on candidate holder body hs (B of the pair when {@code isB}). */
    private void struckPoints(ContactStore c, int m0, int m1, int hs, int other, boolean isB) {
        BodyStore b = d.bodies;
        ClusterStore s = d.store;
        int k = slotIndex[hs], h = holder[k];
        boolean fixed = b.motion[other] != MotionType.DYNAMIC.ordinal();
        int go = d.nodeOfSlot(other);
        if (fixed && go >= 0 && s.collection[go] == s.collection[h]) {
            return; // the anchored rest of its own collection: a piece pressed on it crushes it (ImpactPass.crushCap)
        }
        if (!fixed) {
            int g = d.nodeOfSlot(other);
            if (held[other] != stamp || g < 0 || s.collection[g] != s.collection[h] || slotStamp[other] == stamp) {
                return;
            }
        }
        if (d.unions.any() && d.unions.isUnion(other)) {
            return;
        }
        PlacedCollection pc = d.collections.get(s.collection[h]);
        int total = 0;
        for (int m = m0; m < m1; m++) {
            total += c.pointCount[m];
        }
        double[] jn = c.normalImpulse;
        if (total > 1) {
            fair.compute(c, m0, m1); // the order-independent sharing the strain gather reads, for which child took what
            jn = fair.fair;
        }
        double sg = isB ? 1 : -1; // the store's impulse acts on B, its opposite on A
        for (int m = m0; m < m1; m++) {
            for (int q = 0, p = m * ContactStore.MAX_POINTS; q < c.pointCount[m]; q++, p++) {
                if (!(-c.relativeNormalVelocity[p] >= DestructionContext.MIN_APPROACH_SPEED) || !(c.normalImpulse[p] > 0)) {
                    continue;
                }
                // the solve's own impulse undoes its effect on the holder exactly
                c.impulse(m, p, basis, j3);
                double jx = sg * j3[0], jy = sg * j3[1], jz = sg * j3[2];
                double rx = isB ? c.bx[p] : c.ax[p], ry = isB ? c.by[p] : c.ay[p], rz = isB ? c.bz[p] : c.az[p];
                int o = 12 * k;
                acc[o] += jx;
                acc[o + 1] += jy;
                acc[o + 2] += jz;
                acc[o + 3] += ry * jz - rz * jy;
                acc[o + 4] += rz * jx - rx * jz;
                acc[o + 5] += rx * jy - ry * jx;
                points[k]++;
                // the fair share goes to the child the point hit
                double dn = sg * (jn[p] - c.normalImpulse[p]);
                markNearest(pc, h, hs, rx, ry, rz, jx + dn * c.nx[m], jy + dn * c.ny[m], jz + dn * c.nz[m]);
            }
        }
    }

    /**
     * Adds impulse j to the child of holder h (body in slot) nearest the point at world offset r from its centre of
     * mass (children on a seam, within {@link CollisionStrain#SEAM}, share it equally).
     */
    private void markNearest(PlacedCollection pc, int h, int slot, double rx, double ry, double rz, double jx,
            double jy, double jz) {
        BodyStore b = d.bodies;
        ClusterStore s = d.store;
        double qx = -b.qx[slot], qy = -b.qy[slot], qz = -b.qz[slot], qw = b.qw[slot];
        double lx = Rot.x(qx, qy, qz, qw, rx, ry, rz) + s.com[3 * h];
        double ly = Rot.y(qx, qy, qz, qw, rx, ry, rz) + s.com[3 * h + 1];
        double lz = Rot.z(qx, qy, qz, qw, rx, ry, rz) + s.com[3 * h + 2];
        // each child's distance once (the signed hull distance is the costly part), then the nearest and its ties
        double best = Double.POSITIVE_INFINITY;
        int n = 0;
        for (int ch = s.firstChild[h]; ch != ClusterStore.NONE; ch = s.nextSibling[ch], n++) {
            if (n == childDist.length) {
                childDist = Arrays.copyOf(childDist, 2 * n);
            }
            childDist[n] = s.node[ch] >= 0 ? CollisionStrain.distance(pc.asset, s.node[ch], lx, ly, lz) : Double.NaN;
            if (s.node[ch] >= 0) {
                best = Math.min(best, childDist[n]);
            }
        }
        int ties = 0;
        for (int pass = 0; pass < 2 && best < Double.POSITIVE_INFINITY; pass++) {
            int i = 0;
            for (int ch = s.firstChild[h]; ch != ClusterStore.NONE; ch = s.nextSibling[ch], i++) {
                if (s.node[ch] < 0 || childDist[i] > best + CollisionStrain.SEAM) {
                    continue;
                }
                if (pass == 0) {
                    ties++;
                    continue;
                }
                if (struck[ch] != stamp) {
                    struck[ch] = stamp;
                    hit[3 * ch] = hit[3 * ch + 1] = hit[3 * ch + 2] = 0;
                }
                hit[3 * ch] += jx / ties;
                hit[3 * ch + 1] += jy / ties;
                hit[3 * ch + 2] += jz / ties;
            }
        }
    }

    /** After release: the free components of every collected holder get back what their failed bonds could not stop. */
    void apply() {
        if (count == 0) {
            return;
        }
        grow(d.bodies.slotLimit(), d.store.parent.length);
        for (int k = 0; k < count; k++) {
            if (points[k] > 0) {
                applyHolder(k);
            }
        }
    }

    private void applyHolder(int k) {
        BodyStore b = d.bodies;
        ClusterStore s = d.store;
        int nComp = 0;
        int mark = ++compMark; // a fresh mark for this holder's components
        for (int i = childStart[k]; i < childStart[k + 1]; i++) {
            int x = children[i];
            int g = top(x);
            if (g < 0) {
                continue;
            }
            if (compStamp[g] != mark) {
                if (nComp == comp.length) {
                    comp = Arrays.copyOf(comp, 2 * nComp);
                    compHit = Arrays.copyOf(compHit, 6 * nComp);
                    compCap = Arrays.copyOf(compCap, 2 * nComp);
                    compF = Arrays.copyOf(compF, 2 * nComp);
                }
                compStamp[g] = mark;
                compIndex[g] = nComp;
                comp[nComp] = g;
                compCap[nComp] = 0;
                compHit[3 * nComp] = compHit[3 * nComp + 1] = compHit[3 * nComp + 2] = 0;
                nComp++;
            }
            if (struck[x] == stamp) {
                int ci = 3 * compIndex[g];
                compHit[ci] += hit[3 * x];
                compHit[ci + 1] += hit[3 * x + 1];
                compHit[ci + 2] += hit[3 * x + 2];
            }
        }
        for (int i = bondStart[k]; i < bondStart[k + 1]; i++) {
            if (twin(k, i)) {
                continue;
            }
            int ga = top(bondA[i]), gb = top(bondB[i]);
            if (ga >= 0 && compStamp[ga] == mark && ga != gb) {
                compCap[compIndex[ga]] += bondCap[i];
            }
            if (gb >= 0 && compStamp[gb] == mark && ga != gb) {
                compCap[compIndex[gb]] += bondCap[i];
            }
        }
        int o = 12 * k;
        double v0x = acc[o + 6], v0y = acc[o + 7], v0z = acc[o + 8], w0x = acc[o + 9], w0y = acc[o + 10], w0z = acc[o + 11];
        double hx = ref[6 * k], hy = ref[6 * k + 1], hz = ref[6 * k + 2];
        // E(s) = e0 + e1 s + e2 s², P(s) = p + s q over every component (the touching ones contribute to e0, p only)
        double e0 = 0, e1 = 0, e2 = 0, px = 0, py = 0, pz = 0, qx = 0, qy = 0, qz = 0;
        for (int i = 0; i < nComp; i++) {
            int slot = b.slot(s.body[comp[i]]);
            double m = b.mass[slot];
            double ux = b.vx[slot], uy = b.vy[slot], uz = b.vz[slot], wx = b.wx[slot], wy = b.wy[slot], wz = b.wz[slot];
            e0 += 0.5 * m * (ux * ux + uy * uy + uz * uz) + spin(b, slot, wx, wy, wz, wx, wy, wz);
            px += m * ux;
            py += m * uy;
            pz += m * uz;
            compF[i] = 0;
            if (b.motion[slot] != MotionType.DYNAMIC.ordinal()) {
                continue;
            }
            double rx = b.px[slot] - hx, ry = b.py[slot] - hy, rz = b.pz[slot] - hz;
            double ax = v0x + w0y * rz - w0z * ry - ux, ay = v0y + w0z * rx - w0x * rz - uy, az = v0z + w0x * ry - w0y * rx - uz;
            double dl = Math.sqrt(ax * ax + ay * ay + az * az);
            double lost = m * dl;
            if (!(lost > 0)) {
                continue;
            }
            // what could have stopped it: its own struck contacts (their impulse against its lost velocity) and its
            // failed bonds
            double own = -(compHit[3 * i] * ax + compHit[3 * i + 1] * ay + compHit[3 * i + 2] * az) / dl;
            double held = Math.max(0, own) + compCap[i];
            double f = lost > held ? 1 - held / lost : 0;
            compF[i] = f;
            if (f == 0) {
                continue;
            }
            ax *= f;
            ay *= f;
            az *= f;
            double bx = f * (w0x - wx), by = f * (w0y - wy), bz = f * (w0z - wz);
            e1 += m * (ux * ax + uy * ay + uz * az) + 2 * spin(b, slot, wx, wy, wz, bx, by, bz);
            e2 += 0.5 * m * (ax * ax + ay * ay + az * az) + spin(b, slot, bx, by, bz, bx, by, bz);
            qx += m * ax;
            qy += m * ay;
            qz += m * az;
        }
        double sc = Math.min(largest(e2, e1, e0 - ref[6 * k + 3]),
                largest(qx * qx + qy * qy + qz * qz, 2 * (px * qx + py * qy + pz * qz),
                        px * px + py * py + pz * pz - ref[6 * k + 4] * ref[6 * k + 4]));
        if (!(sc > 0)) {
            return;
        }
        for (int i = 0; i < nComp; i++) {
            if (compF[i] == 0) {
                continue;
            }
            int slot = b.slot(s.body[comp[i]]);
            double f = compF[i] * sc;
            double ux = b.vx[slot], uy = b.vy[slot], uz = b.vz[slot];
            double rx = b.px[slot] - hx, ry = b.py[slot] - hy, rz = b.pz[slot] - hz;
            double dvx = f * (v0x + w0y * rz - w0z * ry - ux), dvy = f * (v0y + w0z * rx - w0x * rz - uy),
                    dvz = f * (v0z + w0x * ry - w0y * rx - uz);
            b.vx[slot] = ux + dvx;
            b.vy[slot] = uy + dvy;
            b.vz[slot] = uz + dvz;
            b.wx[slot] += f * (w0x - b.wx[slot]);
            b.wy[slot] += f * (w0y - b.wy[slot]);
            b.wz[slot] += f * (w0z - b.wz[slot]);
            double mm = b.mass[slot];
            // the fixed geometry gave the pieces that much less: booked with what the anchors gave (StepProfile.fixedImpulse)
            d.returnedByFixed[0] += mm * dvx;
            d.returnedByFixed[1] += mm * dvy;
            d.returnedByFixed[2] += mm * dvz;
            event(s.body[comp[i]], slot);
        }
    }

    /**
     * Whether bond i of candidate k, between two broken children, is also listed from its other end: the
     * listing with the larger share (the first one on a tie) is dropped, so the bond counts once at the smaller.
     */
    private boolean twin(int k, int i) {
        for (int j = bondStart[k]; j < bondStart[k + 1]; j++) {
            if (bondA[j] == bondB[i] && bondB[j] == bondA[i]) {
                if (bondCap[i] < bondCap[j] || bondCap[i] == bondCap[j] && i > j) {
                    return false;
                }
                return true;
            }
        }
        return false;
    }

    /** The largest s in [0, 1] with {@code a s² + bq s + c <= 0} (a >= 0), given it holds at 0; 0 if it does not. */
    private static double largest(double a, double bq, double c) {
        if (c > 0) {
            return 0;
        }
        if (a + bq + c <= 0) {
            return 1;
        }
        if (a <= 0) {
            return bq > 0 ? Math.min(1, -c / bq) : 1;
        }
        double disc = bq * bq - 4 * a * c;
        return Math.max(0, Math.min(1, (-bq + Math.sqrt(Math.max(0, disc))) / (2 * a)));
    }

    /** The body node holding child x of a broken holder now: x itself, or the new cluster it is in; -1 without a body. */
    private int top(int x) {
        ClusterStore s = d.store;
        if (s.body[x] != ClusterStore.NONE) {
            return x;
        }
        int p = s.parent[x];
        return p != ClusterStore.NONE && s.body[p] != ClusterStore.NONE ? p : -1;
    }

    /** The velocities of the release event of body handle {@code h}, if this step raised one, follow the body's. */
    private void event(long handle, int slot) {
        BreakEvents ev = d.events;
        BodyStore b = d.bodies;
        for (int i = ev.count() - 1; i >= 0; i--) {
            if (ev.body[i] == handle) {
                int o = 13 * i;
                ev.motion[o + 7] = b.vx[slot];
                ev.motion[o + 8] = b.vy[slot];
                ev.motion[o + 9] = b.vz[slot];
                ev.motion[o + 10] = b.wx[slot];
                ev.motion[o + 11] = b.wy[slot];
                ev.motion[o + 12] = b.wz[slot];
                return;
            }
        }
    }

    /** ½ x·I y for body slot's inertia (world vectors x and y), J when x = y = ω. */
    private static double spin(BodyStore b, int s, double xx, double xy, double xz, double yx, double yy, double yz) {
        double rx = Inertia.principalX(b, s), ry = Inertia.principalY(b, s), rz = Inertia.principalZ(b, s),
                rw = Inertia.principalW(b, s);
        double ax = Inertia.rotX(-rx, -ry, -rz, rw, xx, xy, xz), ay = Inertia.rotY(-rx, -ry, -rz, rw, xx, xy, xz),
                az = Inertia.rotZ(-rx, -ry, -rz, rw, xx, xy, xz);
        double cx = Inertia.rotX(-rx, -ry, -rz, rw, yx, yy, yz), cy = Inertia.rotY(-rx, -ry, -rz, rw, yx, yy, yz),
                cz = Inertia.rotZ(-rx, -ry, -rz, rw, yx, yy, yz);
        double e = 0;
        if (b.invIx[s] > 0) {
            e += ax * cx / b.invIx[s];
        }
        if (b.invIy[s] > 0) {
            e += ay * cy / b.invIy[s];
        }
        if (b.invIz[s] > 0) {
            e += az * cz / b.invIz[s];
        }
        return 0.5 * e;
    }

    private void grow(int slots, int nodes) {
        if (slotStamp.length < slots) {
            int cap = Math.max(slots, 2 * slotStamp.length);
            slotStamp = Arrays.copyOf(slotStamp, cap);
            slotIndex = Arrays.copyOf(slotIndex, cap);
            held = Arrays.copyOf(held, cap);
        }
        if (struck.length < nodes) {
            int cap = Math.max(nodes, 2 * struck.length);
            struck = Arrays.copyOf(struck, cap);
            compStamp = Arrays.copyOf(compStamp, cap);
            compIndex = Arrays.copyOf(compIndex, cap);
            brokenMark = Arrays.copyOf(brokenMark, cap);
            hit = Arrays.copyOf(hit, 3 * cap);
        }
    }
}
