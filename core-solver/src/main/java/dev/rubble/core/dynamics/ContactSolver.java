package dev.rubble.core.dynamics;

import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.collision.ContactStore;
import java.util.Arrays;

/**
 * Sequential-impulse contact solver with accumulated-impulse clamping and soft contacts
 * ("soft step", Box2D v3 / Catto "Solver2D" 2024), reading and writing {@link ContactStore}.
 *
 * <h2>Design: why soft step</h2>
 * <pre>
 *  step:  prepare rows (effective masses, tangents, approach speed)       once per step
 *         ┌ sub-step k = 1..n, h = dt/n ──────────────────────────────────────────────┐
 *         │ integrate v (gravity, damping)                                              │
 *         │ warm start: apply λ from the last sub-step (first: stored per-step λ / n)   │
 *         │ SOLVE  x velocityIterations  soft, biased: push out penetration ≤ maxPush   │
 *         │ integrate x (positions move with the biased velocity: this is the          │
 *         │              positional correction)                                         │
 *         │ RELAX  x positionIterations  rigid, unbiased: removes the push velocity    │
 *         └─────────────────────────────────────────────────────────────────────────────┘
 *         restitution (once, only points that approached faster than the threshold)
 *         store: per-step λ = Σ_k λ_k  → ContactStore (strain input, next warm start)
 * </pre>
 * Baumgarte stabilisation feeds the position error into the velocity and keeps it: bodies fly
 * apart with energy that never existed. Split impulses fix that with a second, pseudo velocity
 * and a second solve. Soft step gets the same effect with one velocity: the biased solve moves
 * positions and the relax iterations, run after position integration, remove the bias velocity
 * again, so positional correction changes positions but adds no kinetic energy. The soft
 * constraint (a spring-damper with {@code contactHertz}, {@code contactDampingRatio}) is
 * unconditionally stable for any mass ratio and time step, and sub-stepping makes stacks stiff
 * without extra position iterations. Penetration within {@code linearSlop} is solved as a rigid
 * contact with no push (resting contacts neither jitter nor creep); only the penetration beyond
 * the slop is pushed out softly. (Measured: with a fully soft contact at one sub-step, where the
 * stiffness is capped at 15 Hz, a 5-box stack rocks and topples; rigid-within-slop stands.)
 *
 * <h2>Iterations</h2>
 * {@code velocityIterations} = biased SOLVE iterations per sub-step (default 8);
 * {@code positionIterations} = RELAX iterations per sub-step (default 2; 0 keeps the push
 * velocity, which then adds energy). Chaos's defaults (position 8 / velocity 2 / projection 1)
 * map the other way round: Chaos "position" iterations are its main PBD solve, which is our
 * SOLVE; its "velocity" iterations fix up velocities after it, which is our RELAX; its
 * projection pass has no counterpart (soft constraints need none). So Chaos 8/2/1 ≈ ours 8/2.
 *
 * <h2>Contact rules</h2>
 * Normal: {@code λn = max(λn_old + Δλ, 0)}; speculative points (separation s &gt; 0) let the
 * bodies approach by at most {@code s / h}, which is how fast bodies stop at the surface.
 * Friction: a cone, {@code |(λt1, λt2)| ≤ μ λn}, on a tangent basis that is a fixed function of
 * the normal (so carried-over tangent impulses stay meaningful). Combine rules: friction
 * {@code μ = sqrt(μa μb)} (a frictionless side gives no friction), restitution
 * {@code e = max(ea, eb)} (a bouncy ball bounces on concrete); both written to the store.
 * Restitution applies to points that approached faster than {@code restitutionThreshold} at the
 * start of the step and carried load: {@code vn_after = -e vn_before}.
 *
 * <p>Order: manifolds in store order (sorted by body pair), points in order: deterministic.
 * Allocation-free in steady state (arrays grow to the high-water mark and are reused).
 */
public final class ContactSolver {
    private static final int P = ContactStore.MAX_POINTS;
    private static final byte AWAKE = (byte) BodyState.AWAKE.ordinal();
    private static final byte DYNAMIC = (byte) MotionType.DYNAMIC.ordinal();

    // per body slot
    private double[] invM = new double[0];
    private double[] invI = new double[0]; // xx, xy, xz, yy, yz, zz
    private double[] p0 = new double[0];
    private double[] q0 = new double[0];
    // per manifold
    private int[] active = new int[0];
    private int activeCount;
    private double[] t1 = new double[0], t2 = new double[0]; // 3 per manifold
    // per point (p = m * 4 + k)
    private double[] normalMass = new double[0], tangentMass1 = new double[0], tangentMass2 = new double[0];
    private double[] lambdaN = new double[0], lambdaT1 = new double[0], lambdaT2 = new double[0];
    private double[] maxLambdaN = new double[0], approach = new double[0], sep = new double[0];
    private double[] totalN = new double[0], totalT1 = new double[0], totalT2 = new double[0];

    private BodyStore b;
    private ContactStore c;
    private DynamicsSettings settings;
    private double h, invH, biasRate, massScale, impulseScale;
    private int pointsPrepared;

    /** Combined friction coefficient of two materials: {@code sqrt(μa μb)}. */
    public static double combineFriction(double a, double b) {
        return Math.sqrt(a * b);
    }

    /** Combined restitution of two materials: {@code max(ea, eb)}. */
    public static double combineRestitution(double a, double b) {
        return Math.max(a, b);
    }

    /**
     * Truncates {@code contacts} so that at most {@code maxPoints} contact points remain: manifolds
     * are kept in store order (sorted by body pair) until the next one would exceed the budget;
     * that one and all later ones are dropped whole. Returns the number of points dropped.
     */
    public static int enforcePointBudget(ContactStore contacts, int maxPoints) {
        int points = 0;
        for (int m = 0, n = contacts.size(); m < n; m++) {
            int pc = contacts.pointCount[m];
            if (points + pc > maxPoints) {
                int dropped = 0;
                for (int r = m; r < n; r++) {
                    dropped += contacts.pointCount[r];
                }
                contacts.droppedThisStep += n - m;
                contacts.truncate(m);
                return dropped;
            }
            points += pc;
        }
        return 0;
    }

    /** Points in the manifolds prepared for this step. */
    public int pointsPrepared() {
        return pointsPrepared;
    }

    /**
     * Builds the constraint rows for this step from {@code contacts}: only manifolds with at
     * least one awake dynamic body are solved; every other body acts as infinitely heavy.
     *
     * @param subSteps sub-steps this step; {@code dt / subSteps} is the sub-step
     */
    public void prepare(BodyStore bodies, ContactStore contacts, DynamicsSettings s, double dt, int subSteps) {
        this.b = bodies;
        this.c = contacts;
        this.settings = s;
        this.h = dt / subSteps;
        this.invH = 1 / h;
        double hertz = Math.min(s.contactHertz(), 0.25 * invH);
        double omega = 2 * Math.PI * hertz;
        double a1 = 2 * s.contactDampingRatio() + h * omega;
        double a2 = h * omega * a1;
        biasRate = omega / a1;
        massScale = a2 / (1 + a2);
        impulseScale = 1 / (1 + a2);
        ensureBodies(bodies.px.length);
        ensureManifolds(contacts.size());

        for (int i = 0, n = bodies.awakeCount(); i < n; i++) {
            prepareBody(bodies.order[i]);
        }
        activeCount = 0;
        int points = 0;
        double warm = 1.0 / subSteps;
        for (int m = 0, n = contacts.size(); m < n; m++) {
            int a = contacts.bodyA[m], bb = contacts.bodyB[m];
            if (contacts.pointCount[m] == 0 || !(awakeDynamic(a) || awakeDynamic(bb))) {
                continue;
            }
            if (bodies.state[a] != AWAKE) {
                prepareBody(a);
            }
            if (bodies.state[bb] != AWAKE) {
                prepareBody(bb);
            }
            active[activeCount++] = m;
            double mu = combineFriction(bodies.friction[a], bodies.friction[bb]);
            double e = combineRestitution(bodies.restitution[a], bodies.restitution[bb]);
            contacts.friction[m] = mu;
            contacts.restitution[m] = e;
            double nx = contacts.nx[m], ny = contacts.ny[m], nz = contacts.nz[m];
            // tangent basis: a fixed function of n (Catto's plane space)
            double ux, uy, uz;
            if (Math.abs(nx) >= 0.57735026918962576) {
                ux = ny; uy = -nx; uz = 0;
            } else {
                ux = 0; uy = nz; uz = -ny;
            }
            double inv = 1 / Math.sqrt(ux * ux + uy * uy + uz * uz);
            ux *= inv; uy *= inv; uz *= inv;
            int o = m * 3;
            t1[o] = ux; t1[o + 1] = uy; t1[o + 2] = uz;
            t2[o] = ny * uz - nz * uy; t2[o + 1] = nz * ux - nx * uz; t2[o + 2] = nx * uy - ny * ux;
            double mA = invM[a], mB = invM[bb];
            for (int k = 0, p = m * P; k < contacts.pointCount[m]; k++, p++) {
                double rax = contacts.ax[p], ray = contacts.ay[p], raz = contacts.az[p];
                double rbx = contacts.bx[p], rby = contacts.by[p], rbz = contacts.bz[p];
                normalMass[p] = inverseOrZero(mA + mB + angular(a, rax, ray, raz, nx, ny, nz)
                        + angular(bb, rbx, rby, rbz, nx, ny, nz));
                tangentMass1[p] = inverseOrZero(mA + mB + angular(a, rax, ray, raz, t1[o], t1[o + 1], t1[o + 2])
                        + angular(bb, rbx, rby, rbz, t1[o], t1[o + 1], t1[o + 2]));
                tangentMass2[p] = inverseOrZero(mA + mB + angular(a, rax, ray, raz, t2[o], t2[o + 1], t2[o + 2])
                        + angular(bb, rbx, rby, rbz, t2[o], t2[o + 1], t2[o + 2]));
                lambdaN[p] = Math.max(contacts.normalImpulse[p], 0) * warm;
                lambdaT1[p] = contacts.tangentImpulse1[p] * warm;
                lambdaT2[p] = contacts.tangentImpulse2[p] * warm;
                maxLambdaN[p] = 0;
                totalN[p] = totalT1[p] = totalT2[p] = 0;
                double vn = relativeVelocity(a, bb, rax, ray, raz, rbx, rby, rbz, nx, ny, nz);
                approach[p] = vn;
                contacts.relativeNormalVelocity[p] = vn;
                points++;
            }
        }
        pointsPrepared = points;
    }

    private static double inverseOrZero(double k) {
        return k > 0 ? 1 / k : 0;
    }

    private boolean awakeDynamic(int s) {
        return b.state[s] == AWAKE && b.motion[s] == DYNAMIC;
    }

    private void prepareBody(int s) {
        boolean dyn = awakeDynamic(s);
        int o3 = s * 3, o4 = s * 4, o6 = s * 6;
        p0[o3] = b.px[s]; p0[o3 + 1] = b.py[s]; p0[o3 + 2] = b.pz[s];
        q0[o4] = b.qx[s]; q0[o4 + 1] = b.qy[s]; q0[o4 + 2] = b.qz[s]; q0[o4 + 3] = b.qw[s];
        if (!dyn) {
            invM[s] = 0;
            Arrays.fill(invI, o6, o6 + 6, 0);
            return;
        }
        invM[s] = b.invMass[s];
        // R = rotation of the principal frame to world = q * iq;  I^-1 = R diag(invI) R^T
        double ax = b.qx[s], ay = b.qy[s], az = b.qz[s], aw = b.qw[s];
        double bx = b.iqx[s], by = b.iqy[s], bz = b.iqz[s], bw = b.iqw[s];
        double x = aw * bx + ax * bw + ay * bz - az * by;
        double y = aw * by - ax * bz + ay * bw + az * bx;
        double z = aw * bz + ax * by - ay * bx + az * bw;
        double w = aw * bw - ax * bx - ay * by - az * bz;
        double r00 = 1 - 2 * (y * y + z * z), r01 = 2 * (x * y - w * z), r02 = 2 * (x * z + w * y);
        double r10 = 2 * (x * y + w * z), r11 = 1 - 2 * (x * x + z * z), r12 = 2 * (y * z - w * x);
        double r20 = 2 * (x * z - w * y), r21 = 2 * (y * z + w * x), r22 = 1 - 2 * (x * x + y * y);
        double d0 = b.invIx[s], d1 = b.invIy[s], d2 = b.invIz[s];
        invI[o6] = r00 * r00 * d0 + r01 * r01 * d1 + r02 * r02 * d2;
        invI[o6 + 1] = r00 * r10 * d0 + r01 * r11 * d1 + r02 * r12 * d2;
        invI[o6 + 2] = r00 * r20 * d0 + r01 * r21 * d1 + r02 * r22 * d2;
        invI[o6 + 3] = r10 * r10 * d0 + r11 * r11 * d1 + r12 * r12 * d2;
        invI[o6 + 4] = r10 * r20 * d0 + r11 * r21 * d1 + r12 * r22 * d2;
        invI[o6 + 5] = r20 * r20 * d0 + r21 * r21 * d1 + r22 * r22 * d2;
    }

    /** (r x u) . I^-1 (r x u) for body s. */
    private double angular(int s, double rx, double ry, double rz, double ux, double uy, double uz) {
        double cx = ry * uz - rz * uy, cy = rz * ux - rx * uz, cz = rx * uy - ry * ux;
        int o = s * 6;
        double ix = invI[o] * cx + invI[o + 1] * cy + invI[o + 2] * cz;
        double iy = invI[o + 1] * cx + invI[o + 3] * cy + invI[o + 4] * cz;
        double iz = invI[o + 2] * cx + invI[o + 4] * cy + invI[o + 5] * cz;
        return cx * ix + cy * iy + cz * iz;
    }

    /** (vB + wB x rB - vA - wA x rA) . u */
    private double relativeVelocity(int a, int bb, double rax, double ray, double raz,
                                    double rbx, double rby, double rbz, double ux, double uy, double uz) {
        double dvx = b.vx[bb] + b.wy[bb] * rbz - b.wz[bb] * rby - b.vx[a] - (b.wy[a] * raz - b.wz[a] * ray);
        double dvy = b.vy[bb] + b.wz[bb] * rbx - b.wx[bb] * rbz - b.vy[a] - (b.wz[a] * rax - b.wx[a] * raz);
        double dvz = b.vz[bb] + b.wx[bb] * rby - b.wy[bb] * rbx - b.vz[a] - (b.wx[a] * ray - b.wy[a] * rax);
        return dvx * ux + dvy * uy + dvz * uz;
    }

    /** Applies impulse (px, py, pz) at the point: -P on A at rA, +P on B at rB. */
    private void apply(int a, int bb, double rax, double ray, double raz, double rbx, double rby, double rbz,
                       double px, double py, double pz) {
        double mA = invM[a];
        if (mA != 0) {
            b.vx[a] -= mA * px; b.vy[a] -= mA * py; b.vz[a] -= mA * pz;
            double cx = ray * pz - raz * py, cy = raz * px - rax * pz, cz = rax * py - ray * px;
            int o = a * 6;
            b.wx[a] -= invI[o] * cx + invI[o + 1] * cy + invI[o + 2] * cz;
            b.wy[a] -= invI[o + 1] * cx + invI[o + 3] * cy + invI[o + 4] * cz;
            b.wz[a] -= invI[o + 2] * cx + invI[o + 4] * cy + invI[o + 5] * cz;
        }
        double mB = invM[bb];
        if (mB != 0) {
            b.vx[bb] += mB * px; b.vy[bb] += mB * py; b.vz[bb] += mB * pz;
            double cx = rby * pz - rbz * py, cy = rbz * px - rbx * pz, cz = rbx * py - rby * px;
            int o = bb * 6;
            b.wx[bb] += invI[o] * cx + invI[o + 1] * cy + invI[o + 2] * cz;
            b.wy[bb] += invI[o + 1] * cx + invI[o + 3] * cy + invI[o + 4] * cz;
            b.wz[bb] += invI[o + 2] * cx + invI[o + 4] * cy + invI[o + 5] * cz;
        }
    }

    /** Re-applies the accumulated impulses (start of every sub-step). */
    public void warmStart() {
        for (int i = 0; i < activeCount; i++) {
            int m = active[i];
            int a = c.bodyA[m], bb = c.bodyB[m];
            double nx = c.nx[m], ny = c.ny[m], nz = c.nz[m];
            int o = m * 3;
            for (int k = 0, p = m * P; k < c.pointCount[m]; k++, p++) {
                double ln = lambdaN[p], l1 = lambdaT1[p], l2 = lambdaT2[p];
                double px = ln * nx + l1 * t1[o] + l2 * t2[o];
                double py = ln * ny + l1 * t1[o + 1] + l2 * t2[o + 1];
                double pz = ln * nz + l1 * t1[o + 2] + l2 * t2[o + 2];
                apply(a, bb, c.ax[p], c.ay[p], c.az[p], c.bx[p], c.by[p], c.bz[p], px, py, pz);
            }
        }
    }

    /**
     * Current separation of every point from the bodies' motion since {@link #prepare}:
     * {@code s = s0 + ((ΔpB + ΔRB rB - rB) - (ΔpA + ΔRA rA - rA)) . n}.
     */
    public void updateSeparations() {
        for (int i = 0; i < activeCount; i++) {
            int m = active[i];
            int a = c.bodyA[m], bb = c.bodyB[m];
            double nx = c.nx[m], ny = c.ny[m], nz = c.nz[m];
            for (int k = 0, p = m * P; k < c.pointCount[m]; k++, p++) {
                double da = displacement(a, c.ax[p], c.ay[p], c.az[p], nx, ny, nz);
                double db = displacement(bb, c.bx[p], c.by[p], c.bz[p], nx, ny, nz);
                sep[p] = c.separation[p] + db - da;
            }
        }
    }

    /** ((p - p0) + dq r - r) . n with dq = q * conj(q0). */
    private double displacement(int s, double rx, double ry, double rz, double nx, double ny, double nz) {
        int o3 = s * 3, o4 = s * 4;
        double dpx = b.px[s] - p0[o3], dpy = b.py[s] - p0[o3 + 1], dpz = b.pz[s] - p0[o3 + 2];
        double ax = b.qx[s], ay = b.qy[s], az = b.qz[s], aw = b.qw[s];
        double bx = -q0[o4], by = -q0[o4 + 1], bz = -q0[o4 + 2], bw = q0[o4 + 3];
        if (ax == -bx && ay == -by && az == -bz && aw == bw) {
            return dpx * nx + dpy * ny + dpz * nz;
        }
        double x = aw * bx + ax * bw + ay * bz - az * by;
        double y = aw * by - ax * bz + ay * bw + az * bx;
        double z = aw * bz + ax * by - ay * bx + az * bw;
        double w = aw * bw - ax * bx - ay * by - az * bz;
        // dq r - r = w t + u x t, t = 2 u x r
        double tx = 2 * (y * rz - z * ry), ty = 2 * (z * rx - x * rz), tz = 2 * (x * ry - y * rx);
        double ex = w * tx + (y * tz - z * ty), ey = w * ty + (z * tx - x * tz), ez = w * tz + (x * ty - y * tx);
        return (dpx + ex) * nx + (dpy + ey) * ny + (dpz + ez) * nz;
    }

    /**
     * One pass over every contact: normal (soft and biased when {@code useBias}, speculative when
     * separated) then friction (cone). Call {@link #updateSeparations()} after positions change.
     */
    public void solve(boolean useBias) {
        final double slop = settings.linearSlop(), maxPush = settings.maxPushVelocity();
        for (int i = 0; i < activeCount; i++) {
            int m = active[i];
            int a = c.bodyA[m], bb = c.bodyB[m];
            double nx = c.nx[m], ny = c.ny[m], nz = c.nz[m];
            int pc = c.pointCount[m];
            int base = m * P;
            for (int k = 0, p = base; k < pc; k++, p++) {
                double rax = c.ax[p], ray = c.ay[p], raz = c.az[p];
                double rbx = c.bx[p], rby = c.by[p], rbz = c.bz[p];
                double s = sep[p];
                double bias = 0, mScale = 1, iScale = 0;
                if (s > 0) {
                    bias = s * invH;                       // speculative: approach at most s/h
                } else if (useBias && s < -slop) {
                    // soft push-out of the penetration beyond the slop; within the slop the contact is rigid
                    bias = Math.max(biasRate * (s + slop), -maxPush);
                    mScale = massScale;
                    iScale = impulseScale;
                }
                double vn = relativeVelocity(a, bb, rax, ray, raz, rbx, rby, rbz, nx, ny, nz);
                double impulse = -normalMass[p] * mScale * (vn + bias) - iScale * lambdaN[p];
                double old = lambdaN[p];
                double nu = Math.max(old + impulse, 0);
                lambdaN[p] = nu;
                if (nu > maxLambdaN[p]) {
                    maxLambdaN[p] = nu;
                }
                double d = nu - old;
                apply(a, bb, rax, ray, raz, rbx, rby, rbz, d * nx, d * ny, d * nz);
            }
            double mu = c.friction[m];
            int o = m * 3;
            double t1x = t1[o], t1y = t1[o + 1], t1z = t1[o + 2], t2x = t2[o], t2y = t2[o + 1], t2z = t2[o + 2];
            for (int k = 0, p = base; k < pc; k++, p++) {
                double rax = c.ax[p], ray = c.ay[p], raz = c.az[p];
                double rbx = c.bx[p], rby = c.by[p], rbz = c.bz[p];
                double v1 = relativeVelocity(a, bb, rax, ray, raz, rbx, rby, rbz, t1x, t1y, t1z);
                double v2 = relativeVelocity(a, bb, rax, ray, raz, rbx, rby, rbz, t2x, t2y, t2z);
                double o1 = lambdaT1[p], o2 = lambdaT2[p];
                double n1 = o1 - tangentMass1[p] * v1, n2 = o2 - tangentMass2[p] * v2;
                double limit = mu * lambdaN[p];
                double len2 = n1 * n1 + n2 * n2;
                if (len2 > limit * limit) {
                    double scale = limit / Math.sqrt(len2);
                    n1 *= scale;
                    n2 *= scale;
                }
                lambdaT1[p] = n1;
                lambdaT2[p] = n2;
                double d1 = n1 - o1, d2 = n2 - o2;
                apply(a, bb, rax, ray, raz, rbx, rby, rbz, d1 * t1x + d2 * t2x, d1 * t1y + d2 * t2y,
                        d1 * t1z + d2 * t2z);
            }
        }
    }

    /** Adds this sub-step's impulses to the per-step totals (end of every sub-step). */
    public void endSubStep() {
        for (int i = 0; i < activeCount; i++) {
            int m = active[i];
            for (int k = 0, p = m * P; k < c.pointCount[m]; k++, p++) {
                totalN[p] += lambdaN[p];
                totalT1[p] += lambdaT1[p];
                totalT2[p] += lambdaT2[p];
            }
        }
    }

    /**
     * Restitution (once per step, after the sub-steps): points that approached faster than the
     * threshold and carried load leave at {@code -e} times their approach speed. Then writes the
     * per-step accumulated impulses back to the store.
     */
    public void restitutionAndStore() {
        final double threshold = -settings.restitutionThreshold();
        for (int i = 0; i < activeCount; i++) {
            int m = active[i];
            double e = c.restitution[m];
            int a = c.bodyA[m], bb = c.bodyB[m];
            double nx = c.nx[m], ny = c.ny[m], nz = c.nz[m];
            for (int k = 0, p = m * P; k < c.pointCount[m]; k++, p++) {
                if (e == 0 || approach[p] > threshold || maxLambdaN[p] == 0) {
                    continue;
                }
                double rax = c.ax[p], ray = c.ay[p], raz = c.az[p];
                double rbx = c.bx[p], rby = c.by[p], rbz = c.bz[p];
                double vn = relativeVelocity(a, bb, rax, ray, raz, rbx, rby, rbz, nx, ny, nz);
                double impulse = -normalMass[p] * (vn + e * approach[p]);
                double old = lambdaN[p];
                double nu = Math.max(old + impulse, 0);
                lambdaN[p] = nu;
                double d = nu - old;
                totalN[p] += d;
                apply(a, bb, rax, ray, raz, rbx, rby, rbz, d * nx, d * ny, d * nz);
            }
        }
        for (int i = 0; i < activeCount; i++) {
            int m = active[i];
            for (int k = 0, p = m * P; k < c.pointCount[m]; k++, p++) {
                c.normalImpulse[p] = totalN[p];
                c.tangentImpulse1[p] = totalT1[p];
                c.tangentImpulse2[p] = totalT2[p];
            }
        }
    }

    private void ensureBodies(int cap) {
        if (invM.length < cap) {
            invM = Arrays.copyOf(invM, cap);
            invI = Arrays.copyOf(invI, cap * 6);
            p0 = Arrays.copyOf(p0, cap * 3);
            q0 = Arrays.copyOf(q0, cap * 4);
        }
    }

    private void ensureManifolds(int n) {
        if (active.length >= n) {
            return;
        }
        int cap = Math.max(n, active.length * 2);
        active = new int[cap];
        t1 = new double[cap * 3];
        t2 = new double[cap * 3];
        int pc = cap * P;
        normalMass = new double[pc]; tangentMass1 = new double[pc]; tangentMass2 = new double[pc];
        lambdaN = new double[pc]; lambdaT1 = new double[pc]; lambdaT2 = new double[pc];
        maxLambdaN = new double[pc]; approach = new double[pc]; sep = new double[pc];
        totalN = new double[pc]; totalT1 = new double[pc]; totalT2 = new double[pc];
    }
}
