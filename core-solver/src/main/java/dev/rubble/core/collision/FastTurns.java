package dev.rubble.core.collision;

import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.MotionType;
import dev.rubble.geometry.gjk.Gjk;
import dev.rubble.geometry.gjk.PosedShape;
import dev.rubble.spi.narrowphase.Pose;
import dev.rubble.spi.shape.Compound;
import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.shape.ShapeType;

/**
 * Fast turns through static geometry (docs/dynamics.md, "Fast turns"). A speculative contact is a plane through the
 * closest features at the step's start, and the velocity it constrains is that of the features' points at that
 * pose; a long body that turns far within one step moves its ends along arcs that leave that plane, and a 2 m rod
 * spinning at 90 rad/s (1.5 rad a step at 60 Hz) ended steps with part of itself inside a 4 cm static plate (fuzz12).
 *
 * <p>So after the step's last position update, for every awake dynamic convex body (not a ball) whose turn this step
 * takes a point at its reach {@code R} from its centre of mass farther than {@link #SAGITTA} off a straight line (the
 * arc's sagitta {@code R (1 - cos θ)} for the turn {@code θ} from its pose at the step's start to its pose now), and for
 * each static body the broadphase paired it with this step (convex, or a compound's convex children), the body's
 * motion within the step is swept: its centre of mass along the line between the two poses, its orientation along
 * the shortest rotation between them (a constant angular velocity's), by conservative advancement on GJK distances
 * (Mirtich 1996): no point of the body moves faster than {@code |Δp| + θ R} per unit of the sweep, so a step of
 * {@code d / (|Δp| + θ R)} passes through nothing {@code d} away ({@code R} from the shape's own bounds). A body that
 * was clear of the static body at the step's start (by more than {@link #TOLERANCE}) and now is either clear of it
 * again or inside it by more than {@link #DEEP} (what a contact the solver met leaves is a touch or a shallow
 * overlap) passed into or through it: it is put back at the earliest point of its sweep within the tolerance, its
 * velocities kept, and the next step's contacts meet it there (as Box2D's continuous step puts a fast body back at its
 * time of impact). A body that started the step touching the static body and ends it deeper than {@link #DEEP} turned
 * into it past its contacts (they hold the points they found, not the arc beyond them): it is put back to the last
 * point of its sweep no deeper than half of that (bisection). Turns of more than half a revolution in a step (where
 * the shortest rotation is not the turn) are not swept; nor are planes and triangle meshes.
 *
 * <p>Serial, in slot order for the bodies and pair order for their partners (the same bits on every thread count);
 * allocation-free after warm-up. A body that turns less than {@link #SAGITTA} costs one comparison.
 */
public final class FastTurns {

    /**
     * Metres: a turn whose farthest point leaves the straight line by no more than this is left to the speculative
     * contacts (the arc of a point at reach R turned by θ lies within {@code R (1 - cos θ)} of its tangent).
     */
    public static final double SAGITTA = 0.01;
    /** Metres: a sweep that comes this close to a static body has met it. */
    public static final double TOLERANCE = 0.005;
    /** Metres: a body inside a static body by more than this at the step's end passed into it, past its contacts. */
    public static final double DEEP = 0.015;
    private static final int MAX_ITERATIONS = 64;
    private static final int BISECTIONS = 12;
    private static final byte AWAKE = (byte) BodyState.AWAKE.ordinal();
    private static final byte STATIC = (byte) BodyState.STATIC.ordinal();
    private static final byte DYNAMIC = (byte) MotionType.DYNAMIC.ordinal();

    private double[] start = new double[0]; // per slot: the pose at the step's start (7 doubles), when saved
    private int[] saved = new int[0];       // the slots saved this step
    private int savedCount;
    private boolean[] fast = new boolean[0];
    private double[] hit = new double[0];    // per slot: the earliest time of impact found (1: none)
    private final Gjk gjk = new Gjk();
    private final Pose poseA = new Pose(), poseB = new Pose(), bodyPose = new Pose();
    private final PosedShape shapeA = new PosedShape(), shapeB = new PosedShape();

    /** Saves the pose of every awake dynamic convex body that is not a ball (before the step moves them). */
    public void begin(BodyStore b) {
        int slots = b.px.length;
        if (start.length < 7 * slots) {
            start = new double[7 * slots];
            saved = new int[slots];
            fast = new boolean[slots];
            hit = new double[slots];
            terms = new double[TERMS * slots];
            reachShape = java.util.Arrays.copyOf(reachShape, slots);
            reachOf = java.util.Arrays.copyOf(reachOf, 4 * slots);
        }
        savedCount = 0;
        for (int i = 0, n = b.awakeCount(); i < n; i++) {
            int s = b.order[i];
            if (b.motion[s] != DYNAMIC || b.state[s] != AWAKE || !b.shape[s].isConvex()
                    || b.shape[s].type() == ShapeType.SPHERE) { // a ball's turn moves none of its surface
                continue;
            }
            b.copyPose(s, start, 7 * s);
            saved[savedCount++] = s;
        }
    }

    /**
     * After the step's last position update: sweeps the bodies saved by {@link #begin} that turned fast against
     * the static bodies of {@code pairs}, and puts back those that passed into or through one. Returns how many moved.
     */
    public int end(BodyStore b, PairBuffer pairs, double dt) {
        int candidates = 0;
        for (int k = 0; k < savedCount; k++) {
            int s = saved[k];
            fast[s] = false;
            if (b.state[s] != AWAKE || b.motion[s] != DYNAMIC) {
                continue;
            }
            int o = 7 * s;
            double dot = start[o + 3] * b.qx[s] + start[o + 4] * b.qy[s] + start[o + 5] * b.qz[s] + start[o + 6] * b.qw[s];
            double c2 = Math.min(1, dot * dot); // cos²(θ/2), so 1 - cos θ = 2 (1 - c2)
            if (!(1 - c2 > 1e-9) || !(2 * (1 - c2) * reachBound(b, s) > SAGITTA)) {
                continue; // the arm is at most the reach (below), so this turn's sagitta is within SAGITTA too
            }
            double arm = arm(b, s);
            if (!(2 * (1 - c2) * arm > SAGITTA)) { // (1e-9 above: 2.6 mm at 50 km of arm)
                continue;
            }
            double w = Math.sqrt(b.wx[s] * b.wx[s] + b.wy[s] * b.wy[s] + b.wz[s] * b.wz[s]);
            if (!(w * dt < Math.PI)) {
                continue; // more than half a turn: the shortest rotation between the poses is not the turn
            }
            sweepTerms(b, s, arm);
            fast[s] = true;
            hit[s] = 1;
            candidates++;
        }
        if (candidates == 0) {
            return 0;
        }
        for (int i = 0, n = pairs.size(); i < n; i++) {
            int a = pairs.first(i), c = pairs.second(i);
            if (fast[a] && b.state[c] == STATIC) {
                sweep(b, a, c);
            } else if (fast[c] && b.state[a] == STATIC) {
                sweep(b, c, a);
            }
        }
        int moved = 0;
        for (int k = 0; k < savedCount; k++) {
            int s = saved[k];
            if (fast[s] && hit[s] < 1) {
                posed(b, s, hit[s], poseB, true); // the centre of mass's pose at the time of impact
                b.px[s] = poseB.px;
                b.py[s] = poseB.py;
                b.pz[s] = poseB.pz;
                b.qx[s] = poseB.qx;
                b.qy[s] = poseB.qy;
                b.qz[s] = poseB.qz;
                b.qw[s] = poseB.qw;
                moved++;
            }
            fast[s] = false;
        }
        return moved;
    }

    /** Body s (fast) against static body st: the earliest time of impact into hit[s] when s passed into or through it. */
    private void sweep(BodyStore b, int s, int st) {
        Shape fixed = b.shape[st];
        if (fixed instanceof Compound cp) {
            // the children within the sweep's reach: the ball of the body's reach about its centre's path, in the
            // compound's frame (a static wall of thousands of pieces is searched through its tree, not child by child)
            bodyPose.set(b.originX(st), b.originY(st), b.originZ(st), b.qx[st], b.qy[st], b.qz[st], b.qw[st]);
            final int o = 7 * s;
            bodyPose.inverseRotate(start[o] - bodyPose.px, start[o + 1] - bodyPose.py, start[o + 2] - bodyPose.pz, ends, 0);
            bodyPose.inverseRotate(b.px[s] - bodyPose.px, b.py[s] - bodyPose.py, b.pz[s] - bodyPose.pz, ends, 3);
            double r = reach(b, s) + TOLERANCE;
            compound = cp;
            sweeping = s;
            sweepBodies = b;
            cp.queryChildren(Math.min(ends[0], ends[3]) - r, Math.min(ends[1], ends[4]) - r, Math.min(ends[2], ends[5]) - r,
                    Math.max(ends[0], ends[3]) + r, Math.max(ends[1], ends[4]) + r, Math.max(ends[2], ends[5]) + r, childVisitor);
            compound = null;
            sweepBodies = null;
            return;
        }
        if (!fixed.isConvex()) {
            return; // planes and triangle meshes: not swept (docs/dynamics.md, "Fast turns")
        }
        poseA.set(b.originX(st), b.originY(st), b.originZ(st), b.qx[st], b.qy[st], b.qz[st], b.qw[st]);
        sweepAgainst(b, s, fixed);
    }

    /** Body s swept against {@code fixed} at {@link #poseA}. */
    private void sweepAgainst(BodyStore b, int s, Shape fixed) {
        final PosedShape sa = shapeA.set(fixed, poseA);
        final Shape moving = b.shape[s];
        final double radii = fixed.coreRadius() + moving.coreRadius();
        final boolean touching = gap(b, s, 0, sa, radii) <= TOLERANCE;
        // at the end: clear again (it passed through), or deep inside (it passed into it); a touch or a shallow
        // overlap is what the solver's contacts leave
        double end = depth(b, s, 1, sa, radii);
        if (touching ? !(end > DEEP) : !(end > DEEP || end < -TOLERANCE)) {
            return;
        }
        if (touching) {
            // it started against the static body and turned into it past its contacts (they hold the point they
            // found, not the arc beyond it): back along its sweep to where it is no deeper than the contacts leave
            double lo = 0, hi = 1;
            for (int iter = 0; iter < BISECTIONS; iter++) {
                double mid = 0.5 * (lo + hi);
                if (depth(b, s, mid, sa, radii) > 0.5 * DEEP) {
                    hi = mid;
                } else {
                    lo = mid;
                }
            }
            hit[s] = Math.min(hit[s], lo);
            return;
        }
        final double bound = terms[TERMS * s + BOUND];
        if (!(bound > 0)) {
            return;
        }
        double t = 0;
        for (int iter = 0; iter < MAX_ITERATIONS && t < hit[s]; iter++) {
            double d = gap(b, s, t, sa, radii);
            if (d <= TOLERANCE) {
                hit[s] = t;
                return;
            }
            t += (d - 0.5 * TOLERANCE) / bound; // stops within the tolerance, never past the first touch
        }
    }

    private final double[] rel = new double[4];
    // per fast slot, once a step (sweepTerms): the turn conj(q0) q1 the shortest way (x, y, z), the sine and the angle
    // of its half, and the sweep's speed bound |Δp| + θ arm (metres per unit of the sweep)
    private static final int TERMS = 6, BOUND = 5;
    private double[] terms = new double[0];

    /** Body s's sweep terms into {@link #terms}: what every pose along its sweep and every advancement step use. */
    private void sweepTerms(BodyStore b, int s, double arm) {
        turn(b, s); // the shortest way (w >= 0)
        double rx = rel[0], ry = rel[1], rz = rel[2], rw = rel[3];
        if (rw < 0) {
            rx = -rx;
            ry = -ry;
            rz = -rz;
            rw = -rw;
        }
        final int m = TERMS * s, o = 7 * s;
        double sinHalf = Math.sqrt(rx * rx + ry * ry + rz * rz);
        terms[m] = rx;
        terms[m + 1] = ry;
        terms[m + 2] = rz;
        terms[m + 3] = sinHalf;
        terms[m + 4] = sinHalf > 1e-12 ? StrictMath.atan2(sinHalf, rw) : 0;
        double ex = b.px[s] - start[o], ey = b.py[s] - start[o + 1], ez = b.pz[s] - start[o + 2];
        double dot = Math.abs(start[o + 3] * b.qx[s] + start[o + 4] * b.qy[s] + start[o + 5] * b.qz[s] + start[o + 6] * b.qw[s]);
        double theta = 2 * StrictMath.acos(Math.min(1, dot));
        terms[m + BOUND] = Math.sqrt(ex * ex + ey * ey + ez * ez) + theta * arm;
    }
    private final double[] ends = new double[6];
    private Compound compound;
    private BodyStore sweepBodies;
    private int sweeping;
    /** One child of {@link #compound} within the sweep's reach: swept against when convex. */
    private final dev.rubble.spi.shape.AabbTree.Visitor childVisitor = k -> {
        Compound.Child ch = compound.child(k);
        if (ch.shape().isConvex()) {
            poseA.setComposed(bodyPose, ch.x(), ch.y(), ch.z(), ch.qx(), ch.qy(), ch.qz(), ch.qw());
            sweepAgainst(sweepBodies, sweeping, ch.shape());
        }
        return true;
    };

    /** How far body s's shape reaches from its centre of mass: the farthest corner of its shape's own bounds. */
    private double reach(BodyStore b, int s) {
        return boundsCache.reach(b, s);
    }

    private final ShapeBoundsCache boundsCache = new ShapeBoundsCache();
    private Shape[] reachShape = new Shape[0]; // per slot: the shape reachOf was computed for
    private double[] reachOf = new double[0];  // per slot: its centre of mass (3) and reach from it

    /**
     * Body s's {@link #reach}, remembered per slot while its shape and centre of mass stay the same: a bound of its
     * {@link #arm} about any axis that costs an array read (the arm's turn, shape lookup and eight corners took
     * 1.2 % of the 4 000-box pile's step, for its tumbling boxes that never turn fast). The arm's distance of a
     * corner from the axis squared is the reach's corner distance squared (the same operations) less a square, so
     * the bound holds in floating point too and the test it gates decides as before, bit for bit.
     */
    private double reachBound(BodyStore b, int s) {
        final int o = 4 * s;
        if (reachShape[s] != b.shape[s] || reachOf[o] != b.lcx[s] || reachOf[o + 1] != b.lcy[s]
                || reachOf[o + 2] != b.lcz[s]) {
            reachOf[o] = b.lcx[s];
            reachOf[o + 1] = b.lcy[s];
            reachOf[o + 2] = b.lcz[s];
            reachOf[o + 3] = reach(b, s);
            reachShape[s] = b.shape[s];
        }
        return reachOf[o + 3];
    }

    /** Body s's turn this step, the rotation {@code conj(q0) q1} from its saved orientation to its orientation now, into {@link #rel}. */
    private void turn(BodyStore b, int s) {
        final int o = 7 * s;
        double x0 = start[o + 3], y0 = start[o + 4], z0 = start[o + 5], w0 = start[o + 6];
        double x1 = b.qx[s], y1 = b.qy[s], z1 = b.qz[s], w1 = b.qw[s];
        rel[0] = w0 * x1 - x0 * w1 - y0 * z1 + z0 * y1;
        rel[1] = w0 * y1 + x0 * z1 - y0 * w1 - z0 * x1;
        rel[2] = w0 * z1 - x0 * y1 + y0 * x1 - z0 * w1;
        rel[3] = w0 * w1 + x0 * x1 + y0 * y1 + z0 * z1;
    }


    /**
     * How far body s's points lie from the axis of its turn this step (through its centre of mass): the farthest
     * corner of the shape's own bounds from it, in the body's frame at the step's start (the turn's axis there is the
     * vector part of {@code conj(q0) q1}); a point at that distance moves {@code θ} times it along its arc and leaves
     * the straight line by {@code (1 - cos θ)} times it. A needle spinning about its length turns its points by
     * nothing, however fast.
     */
    private double arm(BodyStore b, int s) {
        turn(b, s);
        double ux = rel[0], uy = rel[1], uz = rel[2];
        double len = Math.sqrt(ux * ux + uy * uy + uz * uz);
        if (!(len > 0)) {
            return 0;
        }
        ux /= len;
        uy /= len;
        uz /= len;
        final double[] box = boundsCache.bounds(b.shape[s]);
        final int o = boundsCache.at();
        double far = 0;
        for (int corner = 0; corner < 8; corner++) {
            double cx = ((corner & 1) == 0 ? box[o] : box[o + 3]) - b.lcx[s];
            double cy = ((corner & 2) == 0 ? box[o + 1] : box[o + 4]) - b.lcy[s];
            double cz = ((corner & 4) == 0 ? box[o + 2] : box[o + 5]) - b.lcz[s];
            double along = cx * ux + cy * uy + cz * uz;
            far = Math.max(far, cx * cx + cy * cy + cz * cz - along * along);
        }
        return Math.sqrt(far);
    }

    /** How deep body s lies inside the fixed shape at time t of its sweep, metres; negative: the gap between them. */
    private double depth(BodyStore b, int s, double t, PosedShape sa, double radii) {
        posed(b, s, t, poseB, false);
        shapeB.set(b.shape[s], poseB);
        if (gjk.distance(sa, shapeB)) {
            return radii - gjk.distance;
        }
        gjk.penetration(sa, shapeB);
        return gjk.distance;
    }

    /** The distance between the fixed shape and body s at time t of its sweep (0 when the cores overlap). */
    private double gap(BodyStore b, int s, double t, PosedShape sa, double radii) {
        posed(b, s, t, poseB, false);
        if (!gjk.distance(sa, shapeB.set(b.shape[s], poseB))) {
            return 0;
        }
        return gjk.distance - radii;
    }

    /**
     * Body s's pose at time t of its sweep into {@code out}: the centre of mass on the line from its saved pose to
     * its pose now, the orientation along the shortest rotation between them; the body origin's pose, or with
     * {@code centre} the centre of mass's.
     */
    private void posed(BodyStore b, int s, double t, Pose out, boolean centre) {
        final int o = 7 * s, m = TERMS * s;
        double x0 = start[o + 3], y0 = start[o + 4], z0 = start[o + 5], w0 = start[o + 6];
        double x1 = b.qx[s], y1 = b.qy[s], z1 = b.qz[s], w1 = b.qw[s];
        double rx = terms[m], ry = terms[m + 1], rz = terms[m + 2], sinHalf = terms[m + 3];
        double qx, qy, qz, qw;
        if (sinHalf > 1e-12) {
            double half = terms[m + 4] * t;
            double k = StrictMath.sin(half) / sinHalf;
            double px = rx * k, py = ry * k, pz = rz * k, pw = StrictMath.cos(half);
            qx = w0 * px + x0 * pw + y0 * pz - z0 * py; // q0 * the partial rotation
            qy = w0 * py - x0 * pz + y0 * pw + z0 * px;
            qz = w0 * pz + x0 * py - y0 * px + z0 * pw;
            qw = w0 * pw - x0 * px - y0 * py - z0 * pz;
            double inv = 1 / Math.sqrt(qx * qx + qy * qy + qz * qz + qw * qw);
            qx *= inv;
            qy *= inv;
            qz *= inv;
            qw *= inv;
        } else {
            qx = x1;
            qy = y1;
            qz = z1;
            qw = w1;
        }
        double cx = start[o] + t * (b.px[s] - start[o]);
        double cy = start[o + 1] + t * (b.py[s] - start[o + 1]);
        double cz = start[o + 2] + t * (b.pz[s] - start[o + 2]);
        out.set(cx, cy, cz, qx, qy, qz, qw);
        if (!centre) { // the body origin: the centre of mass less the rotated offset of the centre from the origin
            double lx = b.lcx[s], ly = b.lcy[s], lz = b.lcz[s];
            double tx = 2 * (qy * lz - qz * ly), ty = 2 * (qz * lx - qx * lz), tz = 2 * (qx * ly - qy * lx);
            double rox = lx + qw * tx + (qy * tz - qz * ty);
            double roy = ly + qw * ty + (qz * tx - qx * tz);
            double roz = lz + qw * tz + (qx * ty - qy * tx);
            out.set(cx - rox, cy - roy, cz - roz, qx, qy, qz, qw);
        }
    }
}
