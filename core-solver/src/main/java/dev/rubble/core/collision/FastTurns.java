package dev.rubble.core.collision;

import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.MotionType;
import dev.rubble.geometry.gjk.Gjk;
import dev.rubble.geometry.gjk.PosedShape;
import dev.rubble.geometry.gjk.SupportShape;
import dev.rubble.geometry.gjk.Triangle;
import dev.rubble.spi.broadphase.Broadphase;
import dev.rubble.spi.narrowphase.Pose;
import dev.rubble.spi.shape.AabbTree;
import dev.rubble.spi.shape.Compound;
import dev.rubble.spi.shape.Plane;
import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.shape.ShapeType;
import dev.rubble.spi.shape.TriangleMesh;

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
 * the shortest rotation is not the turn), and spins at the step's end its poses do not show (its sub-steps turned it),
 * are swept only for where they end: deep in something, they met its surface on the way (fuzz15t: a flat box struck
 * at a plane at 211 m/s, spun to the limit within the step, ended it 0.61 m under it). A body that started the step
 * deep is held only from going deeper than it started. Strays ({@link #strayed}): a dynamic body a contact turned
 * within the step away from its look-ahead is swept against the static bodies about its path it was not paired with.
 *
 * <p>Static triangle meshes (since 2026-12-07, thirty-third session): each triangle is a thin convex set for the GJK
 * distance, found through the mesh's tree slice by slice along the sweep ({@link #sweepMesh}); a body across a
 * triangle is as deep as it reaches through the triangle's plane on the nearer side, and a body that starts the step
 * touching a triangle is marched along its sweep ({@link #crossing}), since it can turn through a thin triangle and
 * end clear of it. A rod beside a mesh wall (two triangles, a closed slab, 0.1 m cells) ended steps through it in 95,
 * 68 and 89 of the 264 placements; now 0, 0 and 4 (those four: the contacts against the small triangles spun the rod
 * up past half a revolution a step, which is not swept). Planes: the distance is the height of the body's lowest
 * point along the normal; a rod's end can no more pass through a half-space than sink deep below it within a step.
 * Kinematic partners ({@link #partnerSweep}): one that did not move is static geometry; one that moved moves along
 * its own sweep at the same time, and a body that met it is put back in its moving frame (it does not yield). Of 264
 * placements beside a kinematic plate at rest, moving towards the rod, sliding past and turning, 70, 84, 73 and 74
 * ended a step with the rod inside; now none. A kinematic body that turns fast itself (a paddle) is swept against the
 * dynamic bodies it meets from their side, as if they had met it. Dynamic partners are not swept: two rods spinning
 * past each other ended one through the other in 55 of 816 placements, and a pair sweep brought that to 14, but it
 * put back tumbling boxes of the 4 000-box pile, which then no longer all slept within 30 s. Moving compounds are not
 * swept either.
 *
 * <p>Serial, in slot order for the bodies, pair order for their partners and tree order for a mesh's triangles (the
 * same bits on every thread count); allocation-free after warm-up (a mesh's per-triangle marks grow to the largest
 * mesh met). A body that turns less than {@link #SAGITTA} costs one comparison.
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
    private static final byte KINEMATIC = (byte) MotionType.KINEMATIC.ordinal();

    private double[] start = new double[0]; // per slot: the pose at the step's start (7 doubles), when saved
    private int[] saved = new int[0];       // the slots saved this step
    private int savedCount;
    private boolean[] fast = new boolean[0];          // per saved slot: a dynamic body that turned fast this step
    private boolean[] fastKinematic = new boolean[0]; // per saved slot: a kinematic body that turned fast this step
    private boolean[] longTurn = new boolean[0];      // per fast slot: it turned more than half a revolution this step
    private boolean[] stray = new boolean[0];         // per saved slot: a dynamic body that left its look-ahead this step
    private double[] vel0 = new double[0];            // per slot: the linear velocity at the step's start (3 doubles)
    private double[] lift = new double[0];            // per slot: out of planes along their normals (3 doubles)
    private double[] hit = new double[0];    // per slot: the earliest time of impact found (1: none)
    private double[] armOf = new double[0];  // per fast slot: its points' farthest distance from the turn's axis
    private int[] savedAt = new int[0];      // per slot: the step stamp when its pose was saved (a possible partner)
    private int[] termsAt = new int[0];      // per slot: the step stamp when its sweep terms were computed
    private int[] carrier = new int[0];      // per fast slot: the moving kinematic body its earliest impact was with, or -1
    private int step;                        // the step stamp
    private final Gjk gjk = new Gjk();
    private final Pose poseA = new Pose(), poseB = new Pose(), bodyPose = new Pose();
    private final PosedShape shapeA = new PosedShape(), shapeB = new PosedShape();

    /**
     * Saves the pose of every awake dynamic or kinematic body of a convex shape, or a compound of one convex child
     * ({@link #swept}), before the step moves them: the
     * bodies that can turn fast (not balls: a ball's turn moves none of its surface) and the moving partners a fast
     * one is swept against.
     */
    public void begin(BodyStore b) {
        int slots = b.px.length;
        if (start.length < 7 * slots) {
            start = new double[7 * slots];
            saved = new int[slots];
            fast = new boolean[slots];
            fastKinematic = new boolean[slots];
            longTurn = new boolean[slots];
            stray = new boolean[slots];
            vel0 = new double[3 * slots];
            lift = new double[3 * slots];
            hit = new double[slots];
            armOf = new double[slots];
            terms = new double[TERMS * slots];
            reachShape = java.util.Arrays.copyOf(reachShape, slots);
            reachOf = java.util.Arrays.copyOf(reachOf, 4 * slots);
            savedAt = new int[slots];
            termsAt = new int[slots];
            carrier = new int[slots];
        }
        if (++step == Integer.MAX_VALUE) {
            java.util.Arrays.fill(savedAt, 0);
            java.util.Arrays.fill(termsAt, 0);
            step = 1;
        }
        savedCount = 0;
        for (int i = 0, n = b.awakeCount(); i < n; i++) {
            int s = b.order[i];
            if (b.motion[s] != DYNAMIC && b.motion[s] != KINEMATIC || b.state[s] != AWAKE || swept(b.shape[s]) == null) {
                continue;
            }
            b.copyPose(s, start, 7 * s);
            vel0[3 * s] = b.vx[s];
            vel0[3 * s + 1] = b.vy[s];
            vel0[3 * s + 2] = b.vz[s];
            saved[savedCount++] = s;
            savedAt[s] = step;
        }
    }

    /**
     * After the step's last position update: sweeps the bodies saved by {@link #begin} that turned fast against
     * the static and kinematic bodies {@code pairs} pairs them with, and puts back those that passed into or through
     * one. Returns how many moved.
     */
    public int end(BodyStore b, PairBuffer pairs, double dt, Broadphase broadphase, double gx, double gy, double gz) {
        tested = 0;
        int candidates = 0;
        for (int k = 0; k < savedCount; k++) {
            int s = saved[k];
            fast[s] = false;
            hit[s] = 1;
            carrier[s] = -1;
            fastKinematic[s] = false;
            longTurn[s] = false;
            stray[s] = false;
            if (b.state[s] != AWAKE || b.motion[s] != DYNAMIC && b.motion[s] != KINEMATIC) {
                continue;
            }
            if (b.motion[s] == DYNAMIC && strayed(b, s, dt, gx, gy, gz)) {
                stray[s] = true;
                candidates++;
            }
            if (b.shape[s].type() == ShapeType.SPHERE) {
                continue;
            }
            int o = 7 * s;
            double dot = start[o + 3] * b.qx[s] + start[o + 4] * b.qy[s] + start[o + 5] * b.qz[s] + start[o + 6] * b.qw[s];
            double c2 = Math.min(1, dot * dot); // cos²(θ/2), so 1 - cos θ = 2 (1 - c2)
            double wt = dt * Math.sqrt(b.wx[s] * b.wx[s] + b.wy[s] * b.wy[s] + b.wz[s] * b.wz[s]);
            if (!(wt >= 0)) {
                continue; // NaN: the non-finite guard's
            }
            // the arm is at most the reach (below), so a turn whose sagitta at the reach is within SAGITTA is too
            double arm = 1 - c2 > 1e-9 && 2 * (1 - c2) * reachBound(b, s) > SAGITTA ? arm(b, s) : 0;
            boolean turned = 2 * (1 - c2) * arm > SAGITTA; // (1e-9 above: 2.6 mm at 50 km of arm)
            // a body the step's contacts spun up (its pose turned with the sub-steps' spins, not with its spin at the
            // end) can show its poses little apart however far it turned on the way, as a flat box struck corner first
            // at a plane at 211 m/s, spun to the 100 rad/s limit within the step and ending it 0.29 m under the plane
            // at two sub-steps (fuzz15t): its spin at the end stands in for the turn (1 - cos x <= x² / 2 first)
            boolean spun = !turned && b.motion[s] == DYNAMIC && 0.5 * wt * wt * reachBound(b, s) > SAGITTA
                    && reachBound(b, s) * (1 - StrictMath.cos(Math.min(Math.PI, wt))) > SAGITTA;
            if (!turned && !spun) {
                continue;
            }
            if (spun) {
                arm = reachBound(b, s); // bounds the arm about any axis, the poses' turn's too
            }
            // more than half a turn, or a spin the poses do not show: the shortest rotation between the poses is not
            // the turn, but it is a motion from the one to the other, so a body that ends deep in something still
            // met its surface on the way (where it passed through is not known)
            longTurn[s] = spun || !(wt < Math.PI);
            sweepTerms(b, s, arm);
            termsAt[s] = step;
            armOf[s] = arm;
            if (b.motion[s] == KINEMATIC) {
                fastKinematic[s] = true; // a paddle: swept against the dynamic bodies it meets, from their side
            } else {
                fast[s] = true;
            }
            candidates++;
        }
        if (candidates == 0) {
            return 0;
        }
        for (int i = 0, n = pairs.size(); i < n; i++) {
            int a = pairs.first(i), c = pairs.second(i);
            if (fast[a] && b.state[c] == STATIC) {
                sweepStatic(b, a, c);
            } else if (fast[c] && b.state[a] == STATIC) {
                sweepStatic(b, c, a);
            } else if (fast[a] || fast[c]) {
                int s = fast[a] ? a : c, k = fast[a] ? c : a;
                double before = hit[s];
                int by = partnerSweep(b, s, k);
                if (hit[s] < before) {
                    carrier[s] = by;
                }
            } else if (fastKinematic[a] || fastKinematic[c]) {
                // a fast-turning kinematic body (a paddle) against a dynamic body that does not turn fast: the dynamic
                // body swept in the paddle's moving frame, as a fast one is against a moving kinematic partner
                int k = fastKinematic[a] ? a : c, s = fastKinematic[a] ? c : a;
                if (b.motion[s] == DYNAMIC && b.state[s] == AWAKE && savedAt[s] == step) {
                    terms(b, s);
                    double before = hit[s];
                    int by = partnerSweep(b, s, k);
                    if (hit[s] < before) {
                        carrier[s] = by;
                    }
                }
            }
        }
        for (int k = 0; k < savedCount; k++) {
            int s = saved[k];
            if (stray[s]) {
                strayed(b, s, pairs, broadphase);
            }
        }
        int moved = 0;
        for (int k = 0; k < savedCount; k++) {
            int s = saved[k];
            if (hit[s] == 1 && b.motion[s] == DYNAMIC && (lift[3 * s] != 0 || lift[3 * s + 1] != 0 || lift[3 * s + 2] != 0)) {
                b.px[s] += lift[3 * s];
                b.py[s] += lift[3 * s + 1];
                b.pz[s] += lift[3 * s + 2];
                moved++;
            }
            lift[3 * s] = 0;
            lift[3 * s + 1] = 0;
            lift[3 * s + 2] = 0;
            if (hit[s] < 1 && b.motion[s] == DYNAMIC) {
                posed(b, s, hit[s], poseB, true); // the centre of mass's pose at the time of impact
                if (carrier[s] >= 0) {
                    carry(b, s, carrier[s], hit[s]);
                }
                rewindVelocities(b, s, hit[s], dt);
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
            fastKinematic[s] = false;
            stray[s] = false;
        }
        return moved;
    }

    /**
     * Body s's velocities for its pose put back to {@link #poseB}, time t of its step (fuzz15e): its angular velocity
     * turned with it by the rotation that takes its pose at the step's end to the one put back, so that its spin in its
     * own frame, and with it its rotational energy {@code ½ ω·I ω}, is what it was; and its velocity less gravity's
     * share of the part of the step it is put back by, {@code g gs (1 − t) dt}, as at that time of the step. Before,
     * both were kept as at the step's end: a thin hull (principal inertias 130 apart) spinning at 44 rad/s, put back
     * by 0.7 rad of its turn, had its spin about its long axis turned onto a transverse one and gained 44 % of its
     * rotational energy in the step, and a body put back up by h kept the speed of the fall it had not made, m g h
     * more (fuzz seed 14178: +0.069 J of 1.18 in a step).
     */
    private void rewindVelocities(BodyStore b, int s, double t, double dt) {
        // the rewind: qBack conj(qEnd)
        double ex = -b.qx[s], ey = -b.qy[s], ez = -b.qz[s], ew = b.qw[s];
        double bx = poseB.qx, by = poseB.qy, bz = poseB.qz, bw = poseB.qw;
        double rx = bw * ex + bx * ew + by * ez - bz * ey;
        double ry = bw * ey - bx * ez + by * ew + bz * ex;
        double rz = bw * ez + bx * ey - by * ex + bz * ew;
        double rw = bw * ew - bx * ex - by * ey - bz * ez;
        rotate(rx, ry, rz, rw, b.wx[s], b.wy[s], b.wz[s]);
        b.wx[s] = carried[0];
        b.wy[s] = carried[1];
        b.wz[s] = carried[2];
        double back = b.gravityScale[s] * (1 - t) * dt;
        b.vx[s] -= b.gravityX * back;
        b.vy[s] -= b.gravityY * back;
        b.vz[s] -= b.gravityZ * back;
    }

    /**
     * Metres: a body whose centre ends a step farther than this (plus gravity's {@code |g| dt²}) from where its velocity at
     * the step's start and gravity took it left the look-ahead its pairs were found with (the bounds grow by
     * {@code v dt} towards where it goes and the pair's margin has 2 cm; docs/dynamics.md "The step").
     */
    static final double STRAY = 0.02;

    /**
     * Whether dynamic body s ended the step away from where its look-ahead expected it: a contact or a joint that
     * turned it within the step (a box struck upwards by a heavy ball at 120 m/s, sent down at 46 m/s into a ground
     * box its pairs did not hold; fuzz15t, fuzz14's seed 20297) can carry it into static geometry it was never paired
     * with, through which no contact holds it.
     */
    private boolean strayed(BodyStore b, int s, double dt, double gx, double gy, double gz) {
        final int o = 7 * s, v = 3 * s;
        double gs = b.gravityScale[s] * 0.5 * dt * dt;
        double ex = b.px[s] - start[o] - vel0[v] * dt - gx * gs;
        double ey = b.py[s] - start[o + 1] - vel0[v + 1] * dt - gy * gs;
        double ez = b.pz[s] - start[o + 2] - vel0[v + 2] * dt - gz * gs;
        double slack = STRAY + 2 * Math.abs(gs) * Math.sqrt(gx * gx + gy * gy + gz * gz); // sub-steps fall up to twice that
        return ex * ex + ey * ey + ez * ez > slack * slack;
    }

    /**
     * Stray body s against the static bodies about its path the broadphase did not pair it with (found by a query of
     * the box about the balls of its reach about its centre at the step's start and at its end), swept as a fast turn
     * is: a body that ends deep in such a body met its surface on the way, and one that ends clear of it again on its
     * far side passed through it (its motion between its poses is not the path it took, which a contact bent, but a
     * path around a static body it was not even paired with is longer than any step's). Layers that do not meet are
     * skipped.
     */
    private void strayed(BodyStore b, int s, PairBuffer pairs, Broadphase broadphase) {
        final int o = 7 * s;
        double r = reachBound(b, s) + TOLERANCE;
        boolean long0 = longTurn[s];
        longTurn[s] = false; // the motion across is what a stray's sweep is for, whatever the turn on the way
        strayBody = s;
        strayBodies = b;
        strayPairs = pairs;
        broadphase.query(Math.min(start[o], b.px[s]) - r, Math.min(start[o + 1], b.py[s]) - r, Math.min(start[o + 2], b.pz[s]) - r,
                Math.max(start[o], b.px[s]) + r, Math.max(start[o + 1], b.py[s]) + r, Math.max(start[o + 2], b.pz[s]) + r, strayVisitor);
        strayBodies = null;
        strayPairs = null;
        longTurn[s] = long0;
    }

    private int strayBody;
    private BodyStore strayBodies;
    private PairBuffer strayPairs;
    /**
     * A proxy about a stray body's path: swept against when static, its layers meet, the pair is not ignored and it
     * was not paired (a joint's no-contact pairs are not looked up: a stray body jointed to a static one with
     * {@code collideConnected} off can be put back on it once).
     */
    private final Broadphase.ProxyCollector strayVisitor = st -> {
        final BodyStore b = strayBodies;
        final int s = strayBody;
        if (st != s && b.state[st] == STATIC && (b.collisionLayer[s] & b.collisionMask[st]) != 0
                && (b.collisionLayer[st] & b.collisionMask[s]) != 0 && !strayPairs.containsSorted(s, st)
                && !(b.ignoredPairs.size() != 0 && b.ignoredPairs.contains(b.handle(s), b.handle(st)))) {
            if (termsAt[s] != step) { // its sweep's terms once a static body is found about its path, not before: a
                // jointed body is a stray in most steps (its joints turn it), most with nothing static about it
                double arm = arm(b, s);
                sweepTerms(b, s, arm);
                armOf[s] = arm;
                termsAt[s] = step;
            }
            sweepStatic(b, s, st);
        }
    };

    /** {@link #sweep} against a static body: an earlier impact with it is no moving partner's. */
    private void sweepStatic(BodyStore b, int s, int st) {
        double before = hit[s];
        sweep(b, s, st);
        if (hit[s] < before) {
            carrier[s] = -1;
        }
    }

    /**
     * Fast body s against a kinematic body k the broadphase paired it with (a dynamic one is not swept). One that did
     * not move this step (asleep, or at rest) is swept against as a static body is; one that moved, and whose shape is
     * convex, moves along its own sweep at the same time (its centre on the line between its poses, its orientation
     * along the shortest rotation), both bound together in the advancement. Its impact puts s back in its moving
     * frame: where s touched it, carried with it to its pose at the step's end (it does not yield); returns k then, to
     * name the carrier, else -1. Moving compounds are not swept.
     */
    private int partnerSweep(BodyStore b, int s, int k) {
        if (b.motion[k] != KINEMATIC) {
            return -1; // dynamic partners: not swept (docs/dynamics.md, "Fast turns": the 4 000-box pile no longer slept)
        }
        if (b.state[k] != AWAKE) {
            sweep(b, s, k); // asleep: where it lies all step
            return -1;
        }
        if (savedAt[k] != step) {
            return -1; // a moving compound, or a body inserted within the step
        }
        final int o = 7 * k;
        if (start[o] == b.px[k] && start[o + 1] == b.py[k] && start[o + 2] == b.pz[k] && start[o + 3] == b.qx[k]
                && start[o + 4] == b.qy[k] && start[o + 5] == b.qz[k] && start[o + 6] == b.qw[k]) {
            sweep(b, s, k); // at rest all step
            return -1;
        }
        terms(b, k);
        partner = k;
        shapeA.set(swept(b.shape[k]), poseA); // posed at each time of the sweep by gap and depth
        double before = hit[s];
        sweepAgainst(b, s, shapeA, 0);
        partner = -1;
        return hit[s] < before ? k : -1;
    }

    /** Body k's sweep terms, once a step (a partner's, or a slow body's met by a paddle). */
    private void terms(BodyStore b, int k) {
        if (termsAt[k] != step) {
            double arm = arm(b, k);
            sweepTerms(b, k, arm);
            armOf[k] = arm;
            termsAt[k] = step;
        }
    }

    private int partner = -1; // the moving partner of the sweep under way, or -1 (static)

    /**
     * Body s's pose {@link #poseB} (its centre of mass at time t of its sweep) carried with kinematic body k from k's
     * pose at t to its pose at the step's end: s put back in k's moving frame.
     */
    private void carry(BodyStore b, int s, int k, double t) {
        posed(b, k, t, poseA, true);
        // conj(qk(t)) applied to (p - pk(t)) and to q
        double kx = -poseA.qx, ky = -poseA.qy, kz = -poseA.qz, kw = poseA.qw;
        double vx = poseB.px - poseA.px, vy = poseB.py - poseA.py, vz = poseB.pz - poseA.pz;
        rotate(kx, ky, kz, kw, vx, vy, vz);
        double lx = carried[0], ly = carried[1], lz = carried[2];
        double bx = poseB.qx, by = poseB.qy, bz = poseB.qz, bw = poseB.qw;
        double rx = kw * bx + kx * bw + ky * bz - kz * by;
        double ry = kw * by - kx * bz + ky * bw + kz * bx;
        double rz = kw * bz + kx * by - ky * bx + kz * bw;
        double rw = kw * bw - kx * bx - ky * by - kz * bz;
        // then qk(1) and pk(1)
        double ex = b.qx[k], ey = b.qy[k], ez = b.qz[k], ew = b.qw[k];
        rotate(ex, ey, ez, ew, lx, ly, lz);
        double qx = ew * rx + ex * rw + ey * rz - ez * ry;
        double qy = ew * ry - ex * rz + ey * rw + ez * rx;
        double qz = ew * rz + ex * ry - ey * rx + ez * rw;
        double qw = ew * rw - ex * rx - ey * ry - ez * rz;
        double inv = 1 / Math.sqrt(qx * qx + qy * qy + qz * qz + qw * qw);
        poseB.set(b.px[k] + carried[0], b.py[k] + carried[1], b.pz[k] + carried[2], qx * inv, qy * inv, qz * inv, qw * inv);
    }

    private final double[] carried = new double[3];

    /** The vector v rotated by the unit quaternion q, into {@link #carried}. */
    private void rotate(double qx, double qy, double qz, double qw, double vx, double vy, double vz) {
        double tx = 2 * (qy * vz - qz * vy), ty = 2 * (qz * vx - qx * vz), tz = 2 * (qx * vy - qy * vx);
        carried[0] = vx + qw * tx + (qy * tz - qz * ty);
        carried[1] = vy + qw * ty + (qz * tx - qx * tz);
        carried[2] = vz + qw * tz + (qx * ty - qy * tx);
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
        if (fixed instanceof TriangleMesh m) {
            // the triangles along the sweep, found through the mesh's tree (a level mesh of 100 000 triangles costs
            // the few hundred beside the body's path, not one by one)
            bodyPose.set(b.originX(st), b.originY(st), b.originZ(st), b.qx[st], b.qy[st], b.qz[st], b.qw[st]);
            mesh = m;
            sweeping = s;
            sweepBodies = b;
            sweepMesh(b, s);
            mesh = null;
            sweepBodies = null;
            return;
        }
        if (fixed instanceof Plane plane) {
            // a half-space: the distance is the body's lowest point along the normal, no GJK (docs/dynamics.md,
            // "Fast turns": a turn cannot pass through it, but an end can end the step deep below its surface)
            bodyPose.set(b.originX(st), b.originY(st), b.originZ(st), b.qx[st], b.qy[st], b.qz[st], b.qw[st]);
            bodyPose.rotate(plane.nx(), plane.ny(), plane.nz(), planeNormal, 0);
            planeNormal[3] = planeNormal[0] * b.originX(st) + planeNormal[1] * b.originY(st) + planeNormal[2] * b.originZ(st)
                    + plane.offset();
            sweepAgainst(b, s, null, 0);
            return;
        }
        if (!fixed.isConvex()) {
            return;
        }
        poseA.set(b.originX(st), b.originY(st), b.originZ(st), b.qx[st], b.qy[st], b.qz[st], b.qw[st]);
        sweepAgainst(b, s, shapeA.set(fixed, poseA), 0);
    }

    /**
     * Body s against the triangles of {@link #mesh} (its pose in {@link #bodyPose}) it can come within
     * the tolerance of: the sweep cut into slices of at most {@link #SLICE} of its speed bound, each slice's triangles
     * found through the mesh's tree as those whose bounds meet the body's bounds at the slice's start grown by what
     * any of its points can move within the slice; each triangle swept once, from the first slice that finds it (it
     * is farther than the tolerance before). A rod turning beside a wall of small triangles meets those along the
     * band its turn sweeps, not every triangle within its reach of its centre (the ball of radius 1 m about a 2 m
     * rod's centre holds 5 000 of a wall's 4 cm triangles, the band a few hundred). Slices stop at the earliest
     * impact found.
     */
    private void sweepMesh(BodyStore b, int s) {
        final int triangles = mesh.triangleCount();
        if (seen.length < triangles) {
            seen = new int[triangles]; // grows to the largest mesh met, then allocation-free
        }
        if (++stamp == Integer.MAX_VALUE) {
            java.util.Arrays.fill(seen, 0);
            stamp = 1;
        }
        final double bound = terms[TERMS * s + BOUND];
        final int slices = (int) Math.min(MAX_SLICES, Math.max(1, Math.ceil(bound / SLICE)));
        final double grow = bound / slices + TOLERANCE;
        sliceShape.set(swept(b.shape[s]), poseB);
        for (int k = 0; k < slices && hit[s] > (double) k / slices; k++) {
            sliceStart = (double) k / slices;
            posed(b, s, sliceStart, poseB, false); // the body at the slice's start, into the mesh's frame
            sliceShape.boundsIn(bodyPose, sliceBox, 0);
            mesh.tree().query(sliceBox[0] - grow, sliceBox[1] - grow, sliceBox[2] - grow,
                    sliceBox[3] + grow, sliceBox[4] + grow, sliceBox[5] + grow, triangleVisitor);
        }
    }

    /** Metres of the speed bound a slice of a mesh sweep covers; at most {@link #MAX_SLICES} slices. */
    private static final double SLICE = 0.1;
    private final PosedShape sliceShape = new PosedShape(); // the swept body at a slice's start (its bounds in the mesh's frame)
    private static final int MAX_SLICES = 16;
    private int[] seen = new int[0]; // per triangle of the mesh being swept: the stamp of the sweep that measured it
    private int stamp;
    private double sliceStart;
    private final double[] sliceBox = new double[6];

    /**
     * Body s swept against the fixed convex set {@code sa} (a posed shape or a mesh triangle in world coordinates),
     * or (null) against the plane of {@link #planeNormal}; {@code from}: the first time of the sweep at which it can
     * come within the tolerance (0, or the mesh slice that found a triangle).
     */
    private void sweepAgainst(BodyStore b, int s, SupportShape sa, double from) {
        tested++;
        final Shape moving = swept(b.shape[s]);
        final double radii = (sa == null ? 0 : sa.radius()) + moving.coreRadius();
        final boolean touching = from == 0 && gap(b, s, 0, sa, radii) <= TOLERANCE;
        // a turn of more than half a revolution is not the sweep's path: only where it ends (deep) is known
        final boolean followsTurn = !longTurn[s];
        if (touching && sa == triangle && followsTurn) {
            crossing(b, s, sa, radii);
            return;
        }
        // at the end: clear again (it passed through), or deep inside (it passed into it); a touch or a shallow
        // overlap is what the solver's contacts leave
        double end = depth(b, s, 1, sa, radii);
        if (touching ? !(end > DEEP) : !(end > DEEP || followsTurn && end < -TOLERANCE)) {
            return;
        }
        if (touching) {
            // it started against the static body and turned into it past its contacts (they hold the point they
            // found, not the arc beyond it): back along its sweep to where it is no deeper than the contacts leave.
            // One that started deeper than that (an overlap the contacts are still pushing out) is held only from
            // going deeper than it started: put back to its start every step, it never came out (a box 0.4 m
            // under a plane stayed there at 140 m/s, fuzz15t)
            double limit = Math.max(0.5 * DEEP, depth(b, s, 0, sa, radii));
            if (end > limit + 0.5 * DEEP) {
                double back = backTo(b, s, 0, 1, sa, radii, limit);
                if (back > 0 || !longTurn[s]) {
                    hit[s] = Math.min(hit[s], back);
                } else if (sa == null) {
                    // a turn the sweep cannot follow that goes deeper at once along the shortest rotation: put back to
                    // its start every step, a hull spinning at 44-90 rad/s on a plane at 0.05 s steps stayed where it
                    // was while its contacts spun it up (fuzz15t, seed 20661); out along the normal instead, its
                    // turn and motion along the plane kept
                    double up = end - limit;
                    lift[3 * s] += up * planeNormal[0];
                    lift[3 * s + 1] += up * planeNormal[1];
                    lift[3 * s + 2] += up * planeNormal[2];
                }
            }
            return;
        }
        final double bound = terms[TERMS * s + BOUND] + (partner >= 0 ? terms[TERMS * partner + BOUND] : 0);
        if (!(bound > 0)) {
            return;
        }
        double t = from;
        for (int iter = 0; iter < MAX_ITERATIONS && t < hit[s]; iter++) {
            double d = gap(b, s, t, sa, radii);
            if (d <= TOLERANCE) {
                hit[s] = t;
                return;
            }
            t += (d - 0.5 * TOLERANCE) / bound; // stops within the tolerance, never past the first touch
        }
        if (end > DEEP && t < hit[s]) {
            // the bound is the whole motion's speed, and a motion that meets a surface at a glancing rate closes on it
            // by a fraction of that per advancement (a box thrown at a plane at 211 m/s at 17°, 0.3 m under it at
            // the step's end, was still 2 cm clear after every advancement, fuzz15t): it ends inside, so it crossed
            // the surface after t; bisection to the last point of the sweep not inside
            hit[s] = Math.min(hit[s], backTo(b, s, t, 1, sa, radii, 0));
        }
    }

    /**
     * The last point of body s's sweep in {@code [lo, hi]} no deeper than {@code limit} (metres; half of {@link #DEEP},
     * or the depth it started at), by {@link #BISECTIONS} bisections: {@code lo} is no deeper than that, {@code hi}
     * deeper.
     */
    private double backTo(BodyStore b, int s, double lo, double hi, SupportShape sa, double radii, double limit) {
        for (int iter = 0; iter < BISECTIONS; iter++) {
            double mid = 0.5 * (lo + hi);
            if (depth(b, s, mid, sa, radii) > limit) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        return lo;
    }

    /**
     * Body s, touching the triangle of {@link #triangleNormal} at the step's start, against turning through it: a
     * triangle has no inside, so a body that turns through it from a touch can end the step clear of it on its far
     * side, or clear of it again past its edge, having crossed it on the way (neither is deep at the end, and the
     * depth along the sweep is not monotonic). Marched along the sweep instead: where the body is across the
     * triangle, its depth (how far it reaches through the plane, {@link #depth}) grows no faster than its motion along
     * the normal, {@code |n·Δp| + θ |n × u| arm} for the turn θ about u, so a step of {@code (DEEP - depth) / that}
     * passes no depth beyond {@link #DEEP}; where it is clear of the triangle by {@code g}, a step of
     * {@code (g + DEEP / 2) / bound} lets it reach at most half of that into it, past an edge. The first sample deeper
     * than {@link #DEEP} puts the body back to the last point of its sweep no deeper than half of that (bisection
     * from the last sample that was). A body across the triangle deeper than that at the start is left to the
     * contacts (it lies across the triangle's edge), as is one still not through after {@link #CROSSING_ITERATIONS}.
     */
    private void crossing(BodyStore b, int s, SupportShape sa, double radii) {
        final double[] n = triangleNormal;
        final int o = 7 * s, m = TERMS * s;
        double lo = 0;
        if (depth(b, s, 0, sa, radii) > 0.5 * DEEP) {
            return;
        }
        // the turn's axis in world (the body-frame axis of conj(q0) q1 rotated by q0), times sin(θ/2)
        double x0 = start[o + 3], y0 = start[o + 4], z0 = start[o + 5], w0 = start[o + 6];
        double ax = terms[m], ay = terms[m + 1], az = terms[m + 2];
        double tx = 2 * (y0 * az - z0 * ay), ty = 2 * (z0 * ax - x0 * az), tz = 2 * (x0 * ay - y0 * ax);
        double ux = ax + w0 * tx + (y0 * tz - z0 * ty), uy = ay + w0 * ty + (z0 * tx - x0 * tz), uz = az + w0 * tz + (x0 * ty - y0 * tx);
        double sinHalf = terms[m + 3];
        double cx = n[1] * uz - n[2] * uy, cy = n[2] * ux - n[0] * uz, cz = n[0] * uy - n[1] * ux;
        double across = sinHalf > 1e-12 ? Math.sqrt(cx * cx + cy * cy + cz * cz) / sinHalf : 0;
        double along = Math.abs(n[0] * (b.px[s] - start[o]) + n[1] * (b.py[s] - start[o + 1]) + n[2] * (b.pz[s] - start[o + 2]));
        final double rate = along + 2 * terms[m + 4] * across * armOf[s] + 1e-12, bound = terms[m + BOUND] + 1e-12;
        double t = 0;
        for (int iter = 0; iter < CROSSING_ITERATIONS && t < hit[s]; iter++) {
            double d = depth(b, s, t, sa, radii);
            if (d > DEEP) {
                hit[s] = Math.min(hit[s], backTo(b, s, lo, t, sa, radii, 0.5 * DEEP));
                return;
            }
            if (d <= 0.5 * DEEP) {
                lo = t;
            }
            if (t >= 1) {
                return;
            }
            t = Math.min(1, t + (d > 0 ? (DEEP - d) / rate : (0.5 * DEEP - d) / bound));
        }
    }

    private static final int CROSSING_ITERATIONS = 256;

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
    private final double[] planeNormal = new double[4]; // the plane's world normal and its offset along it
    private int tested;
    private final Triangle triangle = new Triangle();
    private final double[] triangleNormal = new double[4]; // the triangle's world normal and its plane's offset along it
    private Compound compound;
    private TriangleMesh mesh;
    private BodyStore sweepBodies;
    private int sweeping;
    /** One child of {@link #compound} within the sweep's reach: swept against when convex. */
    private final AabbTree.Visitor childVisitor = k -> {
        Compound.Child ch = compound.child(k);
        if (ch.shape().isConvex()) {
            poseA.setComposed(bodyPose, ch.x(), ch.y(), ch.z(), ch.qx(), ch.qy(), ch.qz(), ch.qw());
            sweepAgainst(sweepBodies, sweeping, shapeA.set(ch.shape(), poseA), 0);
        }
        return true;
    };
    /** One triangle of {@link #mesh} within the sweep's reach: swept against as a thin convex set (its corners in world). */
    private final AabbTree.Visitor triangleVisitor = t -> {
        if (seen[t] == stamp) {
            return true; // measured from an earlier slice
        }
        seen[t] = stamp;
        triangle.set(mesh, t, bodyPose);
        bodyPose.rotate(mesh.normal(t, 0), mesh.normal(t, 1), mesh.normal(t, 2), triangleNormal, 0);
        triangleNormal[3] = triangleNormal[0] * triangle.v[0] + triangleNormal[1] * triangle.v[1] + triangleNormal[2] * triangle.v[2];
        sweepAgainst(sweepBodies, sweeping, triangle, sliceStart);
        return true;
    };

    /**
     * The convex sets (static convex bodies, compound children, mesh triangles, planes) the last {@link #end} swept
     * its fast bodies against; 0 in a step with no fast turn.
     */
    public int tested() {
        return tested;
    }

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

    /** Body s into {@link #shapeB} at time t of its sweep, and a moving partner's pose into {@link #poseA}. */
    private void sweptAt(BodyStore b, int s, double t) {
        if (partner >= 0) {
            posed(b, partner, t, poseA, false);
        }
        posed(b, s, t, poseB, false);
        shapeB.set(swept(b.shape[s]), poseB);
    }

    /** How deep body s lies inside the fixed set at time t of its sweep, metres; negative: the gap between them. */
    private double depth(BodyStore b, int s, double t, SupportShape sa, double radii) {
        sweptAt(b, s, t);
        if (sa == null) {
            return -planeGap(radii);
        }
        if (gjk.distance(sa, shapeB)) {
            return radii - gjk.distance;
        }
        if (sa == triangle) {
            // a triangle has no inside: a body across it is as deep as it reaches through its plane on the nearer
            // side (the least translation out of a small triangle is often sideways, along the wall it is part of)
            final double[] n = triangleNormal;
            shapeB.support(n[0], n[1], n[2], low, 0);
            double above = n[0] * low[0] + n[1] * low[1] + n[2] * low[2] - n[3];
            shapeB.support(-n[0], -n[1], -n[2], low, 0);
            double below = n[3] - (n[0] * low[0] + n[1] * low[1] + n[2] * low[2]);
            return Math.min(above, below) + radii;
        }
        gjk.penetration(sa, shapeB);
        return gjk.distance;
    }

    /** The distance between the fixed set and body s at time t of its sweep (0 when the cores overlap; below a plane, negative). */
    private double gap(BodyStore b, int s, double t, SupportShape sa, double radii) {
        sweptAt(b, s, t);
        if (sa == null) {
            return planeGap(radii);
        }
        if (!gjk.distance(sa, shapeB)) {
            return 0;
        }
        return gjk.distance - radii;
    }

    /** The height of {@link #shapeB}'s lowest point over the plane of {@link #planeNormal} (negative below it). */
    private double planeGap(double radius) {
        final double[] n = planeNormal;
        shapeB.support(-n[0], -n[1], -n[2], low, 0);
        return n[0] * low[0] + n[1] * low[1] + n[2] * low[2] - n[3] - radius;
    }

    private final double[] low = new double[3];

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
            if (b.shape[s] instanceof Compound cp && cp.childCount() == 1) { // a single hull's compound: its hull where the compound carries it
                Compound.Child ch = cp.child(0);
                double hx = ch.x(), hy = ch.y(), hz = ch.z();
                double ux = 2 * (qy * hz - qz * hy), uy = 2 * (qz * hx - qx * hz), uz = 2 * (qx * hy - qy * hx);
                double px = cx - rox + hx + qw * ux + (qy * uz - qz * uy);
                double py = cy - roy + hy + qw * uy + (qz * ux - qx * uz);
                double pz = cz - roz + hz + qw * uz + (qx * uy - qy * ux);
                double ax = ch.qx(), ay = ch.qy(), az = ch.qz(), aw = ch.qw();
                out.set(px, py, pz, qw * ax + qx * aw + qy * az - qz * ay, qw * ay - qx * az + qy * aw + qz * ax,
                        qw * az + qx * ay - qy * ax + qz * aw, qw * aw - qx * ax - qy * ay - qz * az);
            }
        }
    }

    /**
     * The convex shape a body's sweep moves: its own shape when convex, the hull of a compound of one convex child
     * (every collection piece's body is a compound, a Voronoi leaf's one hull re-centred on its centre of mass:
     * before, no collection piece was swept, and a leaf the impact pass released and a contact sent down at 27 m/s
     * ended its first step 0.13 m in the floor; dfuzz17, seed 171784), else null (not swept).
     */
    static Shape swept(Shape shape) {
        if (shape.isConvex()) {
            return shape;
        }
        if (shape instanceof Compound cp && cp.childCount() == 1 && cp.child(0).shape().isConvex()) {
            return cp.child(0).shape();
        }
        return null;
    }
}
