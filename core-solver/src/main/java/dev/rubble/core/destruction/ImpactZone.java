package dev.rubble.core.destruction;

import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.collision.ContactStore;
import java.util.Arrays;

/**
 * The local failure zone of a step's impacts (issue 22; docs/destruction.md "Impacts", "Local
 * failure"): the break prediction of {@link ImpactPass} may release a child by its collision load
 * only where an impactor reaches it. An <i>impactor</i> is an awake dynamic, non-debris body with a
 * contact point approaching a {@link ImpactMode#RESOLVE} holder (or a cluster union's body where the member
 * hit is one; a union as the impactor is sized and swept by its member that hit) at
 * {@link DestructionContext#MIN_APPROACH_SPEED} or more when the step's first trial starts (pieces
 * released by the trial passes are not impactors: they are what the impact pushes). Its zone is the
 * capsule swept by its centre over the step ({@code p} to {@code p + v dt}) with radius
 * {@link #SCALE} times its own radius (half the largest extent of its bounds): the 45° punching cone
 * of a wall as thick as the impactor's radius. A child whose bounds lie farther than that from every
 * impactor's segment holds in the trial whatever a rigid chain of pieces loads it with; the real
 * solve and Chaos's rules in the DESTRUCTION slot (which see the real loads) still break it.
 *
 * <p>Collected once per step, allocation-free once grown.
 */
final class ImpactZone {
    /** Zone radius over the impactor's radius. */
    static final double SCALE = 2;
    /** Per impactor: segment start (3), end (3), zone radius. */
    private double[] seg = new double[7 * 4];
    private int count;
    private int[] slotOf = new int[4];
    private final double[] box = new double[6];

    private final DestructionContext d;

    ImpactZone(DestructionContext d) {
        this.d = d;
    }

    /** Number of impactors this step. */
    int count() {
        return count;
    }

    /** Finds this step's impactors (call before the step's first trial release). */
    void collect() {
        count = 0;
        ContactStore c = d.contacts;
        BodyStore b = d.bodies;
        for (int m = 0, n = c.size(); m < n; m++) {
            int pc = c.pointCount[m];
            if (pc == 0) {
                continue;
            }
            int sa = c.bodyA[m], sb = c.bodyB[m];
            int ha = d.unions.touched(c, m, true), hb = d.unions.touched(c, m, false); // a union's member (issue 29)
            // the impactor is the body that hit, or, on a union's body, the member that hit (-1: none named)
            int ia = ha >= 0 ? ha : sa, ib = hb >= 0 ? hb : sb;
            boolean hitsA = ha >= 0 && resolveHolder(ha, sb) && impactor(b, sb) && foreign(ib, ha);
            boolean hitsB = hb >= 0 && resolveHolder(hb, sa) && impactor(b, sa) && foreign(ia, hb);
            if (!hitsA && !hitsB || !approaches(c, b, m, sa, sb)) {
                continue;
            }
            if (hitsA) {
                add(b, sb, ib);
            }
            if (hitsB) {
                add(b, sa, ia);
            }
        }
    }

    private boolean resolveHolder(int slot, int other) {
        int g = d.nodeOfSlot(slot);
        return g >= 0 && d.store.childCount[g] > 0 && d.bodies.debris[other] == 0
                && d.collections.get(d.store.collection[g]).options.impactMode() == ImpactMode.RESOLVE;
    }

    /** Whether the body in {@code slot} is not a piece of the collection of the holder in {@code holderSlot}. */
    private boolean foreign(int slot, int holderSlot) {
        int g = d.nodeOfSlot(slot);
        return g < 0 || d.store.collection[g] != d.store.collection[d.nodeOfSlot(holderSlot)];
    }

    private static boolean impactor(BodyStore b, int s) {
        return b.motion[s] == MotionType.DYNAMIC.ordinal() && b.state[s] == BodyState.AWAKE.ordinal() && b.debris[s] == 0;
    }

    private static boolean approaches(ContactStore c, BodyStore b, int m, int sa, int sb) {
        double nx = c.nx[m], ny = c.ny[m], nz = c.nz[m];
        for (int k = 0, p = m * ContactStore.MAX_POINTS; k < c.pointCount[m]; k++, p++) {
            double ax = c.ax[p], ay = c.ay[p], az = c.az[p], bx = c.bx[p], by = c.by[p], bz = c.bz[p];
            double rvx = b.vx[sb] + b.wy[sb] * bz - b.wz[sb] * by - b.vx[sa] - (b.wy[sa] * az - b.wz[sa] * ay);
            double rvy = b.vy[sb] + b.wz[sb] * bx - b.wx[sb] * bz - b.vy[sa] - (b.wz[sa] * ax - b.wx[sa] * az);
            double rvz = b.vz[sb] + b.wx[sb] * by - b.wy[sb] * bx - b.vz[sa] - (b.wx[sa] * ay - b.wy[sa] * ax);
            if (-(rvx * nx + rvy * ny + rvz * nz) >= DestructionContext.MIN_APPROACH_SPEED) {
                return true;
            }
        }
        return false;
    }

    /**
     * Adds the impactor in slot {@code s}; {@code member} is the body that hit: {@code s} itself, or the
     * member of cluster union body {@code s} that the contact's compound child names (issue 29). A union's
     * member impacts as it would on its own: its zone is sized by its own shape and swept by its own centre
     * at the velocity the union gives that point, not by the whole welded structure (a ball welded to a
     * long beam punches as the ball does). Its body is disabled, so its pose comes from the union's.
     */
    private void add(BodyStore b, int s, int member) {
        for (int i = 0; i < count; i++) {
            if (slotOf[i] == member) {
                return;
            }
        }
        if (count == slotOf.length) {
            slotOf = Arrays.copyOf(slotOf, count * 2);
            seg = Arrays.copyOf(seg, 7 * count * 2);
        }
        int o = 7 * count;
        double[] p = pose;
        if (member == s || !d.unions.carriedState(member, p)) {
            p[0] = b.px[s];
            p[1] = b.py[s];
            p[2] = b.pz[s];
            p[3] = b.qx[s];
            p[4] = b.qy[s];
            p[5] = b.qz[s];
            p[6] = b.qw[s];
            p[7] = b.vx[s];
            p[8] = b.vy[s];
            p[9] = b.vz[s];
            member = s;
        }
        // the shape's own bounds at its orientation (the store's are fattened by the step's motion)
        b.shape[member].bounds(0, 0, 0, p[3], p[4], p[5], p[6], box, 0);
        double half = 0.5 * Math.max(box[3] - box[0], Math.max(box[4] - box[1], box[5] - box[2]));
        seg[o] = p[0];
        seg[o + 1] = p[1];
        seg[o + 2] = p[2];
        seg[o + 3] = p[0] + p[7] * d.dt;
        seg[o + 4] = p[1] + p[8] * d.dt;
        seg[o + 5] = p[2] + p[9] * d.dt;
        seg[o + 6] = SCALE * half;
        slotOf[count++] = member;
    }

    private final double[] pose = new double[10];

    /**
     * Whether child g (of an active holder) has its bounds within the zone of some impactor: the
     * distance from the impactor's segment, taken into g's collection frame through its holder's
     * pose, to g's bounds there is at most the zone radius.
     */
    boolean contains(int g) {
        ClusterStore s = d.store;
        int h = s.parent[g];
        int slot = (int) s.body[h];
        BodyStore b = d.bodies;
        PlacedCollection pc = d.collections.get(s.collection[g]);
        double[] bo = pc.asset.bounds();
        int o = 6 * s.node[g];
        double qx = -b.qx[slot], qy = -b.qy[slot], qz = -b.qz[slot], qw = b.qw[slot];
        double cx = s.com[3 * h], cy = s.com[3 * h + 1], cz = s.com[3 * h + 2];
        for (int i = 0; i < count; i++) {
            int k = 7 * i;
            double rx = seg[k] - b.px[slot], ry = seg[k + 1] - b.py[slot], rz = seg[k + 2] - b.pz[slot];
            double ax = Rot.x(qx, qy, qz, qw, rx, ry, rz) + cx;
            double ay = Rot.y(qx, qy, qz, qw, rx, ry, rz) + cy;
            double az = Rot.z(qx, qy, qz, qw, rx, ry, rz) + cz;
            rx = seg[k + 3] - b.px[slot];
            ry = seg[k + 4] - b.py[slot];
            rz = seg[k + 5] - b.pz[slot];
            double ex = Rot.x(qx, qy, qz, qw, rx, ry, rz) + cx - ax;
            double ey = Rot.y(qx, qy, qz, qw, rx, ry, rz) + cy - ay;
            double ez = Rot.z(qx, qy, qz, qw, rx, ry, rz) + cz - az;
            double r = seg[k + 6];
            double d2 = segmentBoxDistance2(ax, ay, az, ex, ey, ez, bo, o);
            if (d2 > r * r) {
                continue;
            }
            // a child reaching out of the zone is released only where the impactor itself passes
            // through it (its own radius, no margin): releasing it cuts all around it, farther than the
            // zone, and the impactor cannot pass without doing so. Its path is the step's motion and on
            // by the zone radius: in the step it strikes a face the impactor only reaches that face at the
            // step's end, so over the step alone it passes through nothing, and the child in its path held
            // in the trial while the real solve stopped the impactor against it, putting the impact into
            // the anchors (a 30 kg ball at 15 m/s lost 202 of its 450 N·s to them against 50 N·s
            // thresholds, docs/destruction.md "Local failure"; ImpactPathTest)
            double own = r / SCALE;
            double len = Math.sqrt(ex * ex + ey * ey + ez * ez);
            double on = len > 0 ? 1 + r / len : 1;
            if (segmentBoxDistance2(ax, ay, az, ex * on, ey * on, ez * on, bo, o) <= own * own
                    || inside(ax, ay, az, ex, ey, ez, r, bo, o)) {
                return true;
            }
        }
        return false;
    }

    /** Whether all eight corners of the box bo[o..] lie within r of the segment a + t e. */
    private static boolean inside(double ax, double ay, double az, double ex, double ey, double ez, double r,
            double[] bo, int o) {
        double ee = ex * ex + ey * ey + ez * ez;
        for (int c = 0; c < 8; c++) {
            double x = bo[o + ((c & 1) == 0 ? 0 : 3)], y = bo[o + ((c & 2) == 0 ? 1 : 4)], z = bo[o + ((c & 4) == 0 ? 2 : 5)];
            double t = ee > 0 ? ((x - ax) * ex + (y - ay) * ey + (z - az) * ez) / ee : 0;
            t = Math.max(0, Math.min(1, t));
            double dx = ax + t * ex - x, dy = ay + t * ey - y, dz = az + t * ez - z;
            if (dx * dx + dy * dy + dz * dz > r * r) {
                return false;
            }
        }
        return true;
    }

    /**
     * Squared distance from the segment a + t e, t in [0, 1], to the box bo[o..o+5] (min xyz, max
     * xyz): the squared distance to a convex set is convex along a line, so a ternary search on t finds
     * its minimum (60 rounds shrink the interval below 1e-10 of the segment).
     */
    static double segmentBoxDistance2(double ax, double ay, double az, double ex, double ey, double ez,
            double[] bo, int o) {
        double lo = 0, hi = 1;
        for (int it = 0; it < 60; it++) {
            double t1 = lo + (hi - lo) / 3, t2 = hi - (hi - lo) / 3;
            if (pointBox2(ax + t1 * ex, ay + t1 * ey, az + t1 * ez, bo, o)
                    <= pointBox2(ax + t2 * ex, ay + t2 * ey, az + t2 * ez, bo, o)) {
                hi = t2;
            } else {
                lo = t1;
            }
        }
        double t = 0.5 * (lo + hi);
        return Math.min(pointBox2(ax + t * ex, ay + t * ey, az + t * ez, bo, o),
                Math.min(pointBox2(ax, ay, az, bo, o), pointBox2(ax + ex, ay + ey, az + ez, bo, o)));
    }

    private static double pointBox2(double x, double y, double z, double[] bo, int o) {
        double dx = Math.max(Math.max(bo[o] - x, x - bo[o + 3]), 0);
        double dy = Math.max(Math.max(bo[o + 1] - y, y - bo[o + 4]), 0);
        double dz = Math.max(Math.max(bo[o + 2] - z, z - bo[o + 5]), 0);
        return dx * dx + dy * dy + dz * dz;
    }
}
