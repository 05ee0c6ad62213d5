package dev.rubble.core.soft;

import static dev.rubble.core.soft.CouplingShapes.closestOnTriangle;
import static dev.rubble.core.soft.CouplingShapes.featureCount;
import static dev.rubble.core.soft.CouplingShapes.featureLocal;
import static dev.rubble.core.soft.CouplingShapes.signedDistance;
import static dev.rubble.core.soft.CouplingShapes.supported;

import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.Inertia;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.dynamics.ContactSolver;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Capsule;
import dev.rubble.spi.shape.ConvexHull;
import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.shape.Sphere;
import dev.rubble.spi.soft.SoftBodyState;
import dev.rubble.spi.soft.SoftContacts;
import java.util.Arrays;
import java.util.function.IntConsumer;

/**
 * Two-way contact between soft bodies and rigid bodies, as position constraints inside the soft
 * solver's sub-steps (XPBD rigid coupling, Müller et al. 2020, "Detailed Rigid Body Simulation
 * with Extended Position Based Dynamics" §3.5): each correction moves the soft point(s) and the
 * rigid body in proportion to their generalised inverse masses, and the rigid body's velocity
 * changes by its displacement over the sub-step, so it feels the equal and opposite impulse.
 *
 * <pre>
 *  prepare   candidate pairs (soft body, rigid body) whose bounds overlap, swept over the step;
 *            dynamic and kinematic candidates are moved back by v dt and turned back by w dt, and
 *            dynamic ones lose the step's gravity g dt from their velocity
 *  sub-step  those candidates gain g h, advance by v h and turn by w h (first order), so a fast
 *            body meets the cage a sub-step at a time and sees its own response within the step
 *  project   (1) every control point vs the rigid shape (sphere, box, capsule, hull, plane):
 *                C = signed distance - thickness >= 0
 *            (2) every rigid feature (box and hull corners, sphere and capsule centres with their
 *                radius) vs the closest cage surface triangle, the triangle's three points moved
 *                by their barycentric weights: C = distance - radius - thickness >= 0
 *            so a rigid body can pass neither between control points (2) nor through a face (1)
 *  end       Coulomb friction on control points in contact (velocity level, against the
 *            rigid body's surface velocity)
 * </pre>
 *
 * Static bodies, kinematic bodies and sleeping bodies do not move (infinite mass here); a sleeping
 * body that is pushed is woken after the pass. Compound and triangle-mesh bodies are not collided
 * with (docs/soft-bodies.md). Deterministic: pairs in (soft body, slot) order, points and
 * triangles by index. Allocation-free once the scratch arrays have grown.
 */
public final class SoftRigidCoupling implements SoftContacts {
    private BodyStore rigid;
    private double gx, gy, gz;
    private SoftBodyStore store;
    private int pairs;
    private int[] pairSoft = new int[16], pairSlot = new int[16];
    private double[] bodyBounds = new double[24];
    private int moving;
    private int[] movingSlot = new int[16];
    private int touched;
    private int[] touchedSlot = new int[16];
    private int[] stamp = new int[16];
    private int stampValue;
    private int[] contactSlot = new int[0];
    private double[] contactN = new double[0], contactDepth = new double[0];
    /** Per pair: index of its first rigid feature in the feature arrays (continuous collision). */
    private int[] pairFeature = new int[17];
    /** Per rigid feature: surface triangle it entered through (held until it is out again), or -1. */
    private int[] featTri = new int[0];
    /** Per moving candidate k: its shape origin and orientation when the sub-step began. */
    private double[] startPose = new double[7 * 16];
    /** Per rigid slot: centre of mass and orientation when the step began ({@link #recordStart}), and when that was. */
    private double[] stepStart = new double[7 * 16];
    private long[] stepStartStamp = new long[16];
    private long startStamp;
    /**
     * Per moving candidate k (12 values): the displacement velocity u = (end - start) / dt the
     * rigid solver moved it by this step, its angular counterpart, and the reference linear and
     * angular velocities against which the soft contacts' velocity changes are measured.
     */
    private double[] motion = new double[12 * 16];
    /** Per rigid slot: its index among the moving candidates, or -1 (static, sleeping, kinematic at rest). */
    private int[] movingIndex = new int[16];
    /** Per point: the rigid slot whose face it entered through, or -1; the face's local plane (n, offset). */
    private int[] entrySlot = new int[0];
    private double[] entryPlane = new double[0];
    private final SoftSoftContacts softSoft = new SoftSoftContacts();
    private final double[] tmp = new double[4];
    private final double[] bary = new double[3];
    /** Contacts projected during the last step (points and features, summed over iterations). */
    public int contacts;

    /**
     * Records where every awake rigid body starts the step (before the rigid solve): the soft pass
     * moves candidates back there and re-advances them through its sub-steps along the path the
     * rigid solver took. Their final velocity cannot stand for that path: a body that the rigid
     * solver stopped on the ground within the step has moved 0.8 m at 50 m/s but ends at rest.
     */
    public void recordStart(BodyStore b) {
        startStamp++;
        if (stepStartStamp.length < b.slotLimit()) {
            int cap = Math.max(b.slotLimit(), 2 * stepStartStamp.length);
            stepStartStamp = Arrays.copyOf(stepStartStamp, cap);
            stepStart = Arrays.copyOf(stepStart, 7 * cap);
        }
        for (int i = 0, n = b.awakeCount(); i < n; i++) {
            int s = b.order[i], o = 7 * s;
            stepStart[o] = b.px[s];
            stepStart[o + 1] = b.py[s];
            stepStart[o + 2] = b.pz[s];
            stepStart[o + 3] = b.qx[s];
            stepStart[o + 4] = b.qy[s];
            stepStart[o + 5] = b.qz[s];
            stepStart[o + 6] = b.qw[s];
            stepStartStamp[s] = startStamp;
        }
    }

    /**
     * Finds the candidate pairs and rewinds moving candidates (start of the soft pass).
     *
     * @param dt the step the rigid bodies have just been integrated over, seconds
     */
    public void prepare(BodyStore bodies, SoftBodyStore soft, double dt, double gx, double gy, double gz) {
        this.rigid = bodies;
        this.gx = gx;
        this.gy = gy;
        this.gz = gz;
        this.store = soft;
        contacts = 0;
        pairs = 0;
        pairFeature[0] = 0;
        moving = 0;
        touched = 0;
        SoftBodyState s = soft.state;
        if (contactSlot.length < s.points) {
            contactSlot = new int[s.points];
            contactN = new double[3 * s.points];
            contactDepth = new double[s.points];
        }
        if (entrySlot.length < s.points) {
            entrySlot = new int[s.points];
            entryPlane = new double[4 * s.points];
        }
        Arrays.fill(entrySlot, 0, s.points, -1);
        if (stamp.length < bodies.slotLimit()) {
            stamp = Arrays.copyOf(stamp, Math.max(bodies.slotLimit(), 2 * stamp.length));
        }
        if (movingIndex.length < bodies.slotLimit()) {
            movingIndex = new int[Math.max(bodies.slotLimit(), 2 * movingIndex.length)];
        }
        stampValue++;
        if (bodyBounds.length < 6 * soft.size()) {
            bodyBounds = new double[6 * 2 * soft.size()];
        }
        for (int b = 0; b < soft.size(); b++) {
            double[] bb = bodyBounds;
            int o = 6 * b;
            bb[o] = bb[o + 1] = bb[o + 2] = Double.POSITIVE_INFINITY;
            bb[o + 3] = bb[o + 4] = bb[o + 5] = Double.NEGATIVE_INFINITY;
            double vmax = 0;
            for (int i = soft.pointStart[b], e = i + soft.pointCount[b]; i < e; i++) {
                for (int k = 0; k < 3; k++) {
                    double x = s.x[3 * i + k];
                    bb[o + k] = Math.min(bb[o + k], x);
                    bb[o + 3 + k] = Math.max(bb[o + 3 + k], x);
                    vmax = Math.max(vmax, Math.abs(s.v[3 * i + k]));
                }
            }
            double margin = soft.thickness[b] + 2 * vmax * dt + 1e-3;
            for (int k = 0; k < 3; k++) {
                bb[o + k] -= margin;
                bb[o + 3 + k] += margin;
            }
            for (int slot = 0, n = bodies.slotLimit(); slot < n; slot++) {
                if (!bodies.isLive(slot) || bodies.state[slot] == BodyState.DISABLED.ordinal()
                        || !supported(bodies.shape[slot])) {
                    continue;
                }
                // rigid bounds now and moved back by v dt (the sweep of this step)
                double[] rb = bodies.bounds;
                int r = 6 * slot;
                boolean overlap = true;
                for (int k = 0; k < 3 && overlap; k++) {
                    double v = k == 0 ? bodies.vx[slot] : k == 1 ? bodies.vy[slot] : bodies.vz[slot];
                    double back = -v * dt;
                    double lo = Math.min(rb[r + k], rb[r + k] + back), hi = Math.max(rb[r + 3 + k], rb[r + 3 + k] + back);
                    overlap = lo <= bb[o + 3 + k] && hi >= bb[o + k];
                }
                if (!overlap) {
                    continue;
                }
                if (pairs == pairSoft.length) {
                    pairSoft = Arrays.copyOf(pairSoft, 2 * pairs);
                    pairSlot = Arrays.copyOf(pairSlot, 2 * pairs);
                    pairFeature = Arrays.copyOf(pairFeature, 2 * pairs + 1);
                }
                if (stamp[slot] != stampValue) {
                    movingIndex[slot] = -1; // (a slot already counted as moving keeps its index)
                }
                pairFeature[pairs + 1] = pairFeature[pairs] + featureCount(bodies.shape[slot]);
                pairSoft[pairs] = b;
                pairSlot[pairs++] = slot;
                if (bodies.state[slot] == BodyState.AWAKE.ordinal() && bodies.motion[slot] != MotionType.STATIC.ordinal()
                        && stamp[slot] != stampValue) {
                    stamp[slot] = stampValue;
                    if (moving == movingSlot.length) {
                        movingSlot = Arrays.copyOf(movingSlot, 2 * moving);
                        startPose = Arrays.copyOf(startPose, 7 * 2 * moving);
                        motion = Arrays.copyOf(motion, 12 * 2 * moving);
                    }
                    movingIndex[slot] = moving;
                    movingSlot[moving++] = slot;
                }
            }
        }
        softSoft.prepare(soft, bodyBounds); // soft bodies whose bounds overlap (none with fewer than two)
        if (featTri.length < pairFeature[pairs]) {
            featTri = new int[Math.max(pairFeature[pairs], 2 * featTri.length)];
        }
        Arrays.fill(featTri, 0, pairFeature[pairs], -1);
        double invDt = 1 / dt;
        for (int k = 0; k < moving; k++) {
            int m = movingSlot[k], o = 12 * k;
            BodyStore b = bodies;
            // where the step began (recordStart); a body inserted during the step did not move
            int r = 7 * m;
            boolean known = m < stepStartStamp.length && stepStartStamp[m] == startStamp;
            double x0 = known ? stepStart[r] : b.px[m], y0 = known ? stepStart[r + 1] : b.py[m];
            double z0 = known ? stepStart[r + 2] : b.pz[m];
            double ax = known ? stepStart[r + 3] : b.qx[m], ay = known ? stepStart[r + 4] : b.qy[m];
            double az = known ? stepStart[r + 5] : b.qz[m], aw = known ? stepStart[r + 6] : b.qw[m];
            motion[o] = (b.px[m] - x0) * invDt;
            motion[o + 1] = (b.py[m] - y0) * invDt;
            motion[o + 2] = (b.pz[m] - z0) * invDt;
            // the turn q1 q0* as a rotation vector (first order, the shorter way)
            double bx = b.qx[m], by = b.qy[m], bz = b.qz[m], bw = b.qw[m];
            double dx = -bw * ax + bx * aw - by * az + bz * ay;
            double dy = -bw * ay + by * aw - bz * ax + bx * az;
            double dz = -bw * az + bz * aw - bx * ay + by * ax;
            double dw = bw * aw + bx * ax + by * ay + bz * az;
            double sg = dw < 0 ? -2 * invDt : 2 * invDt;
            motion[o + 3] = dx * sg;
            motion[o + 4] = dy * sg;
            motion[o + 5] = dz * sg;
            b.px[m] = x0;
            b.py[m] = y0;
            b.pz[m] = z0;
            b.qx[m] = ax;
            b.qy[m] = ay;
            b.qz[m] = az;
            b.qw[m] = aw;
            if (b.motion[m] == MotionType.DYNAMIC.ordinal()) {
                // take the step's gravity back out: the sub-steps add it a sub-step at a time, as
                // for the soft points, so a rigid body resting on a soft one is held every sub-step
                double g = b.gravityScale[m] * dt;
                b.vx[m] -= gx * g;
                b.vy[m] -= gy * g;
                b.vz[m] -= gz * g;
            }
            motion[o + 6] = b.vx[m];
            motion[o + 7] = b.vy[m];
            motion[o + 8] = b.vz[m];
            motion[o + 9] = b.wx[m];
            motion[o + 10] = b.wy[m];
            motion[o + 11] = b.wz[m];
        }
    }

    /** {@code q += (θ, 0) q / 2}, renormalised: the first-order rotation by the small angle vector θ. */
    private static void rotate(BodyStore b, int s, double ax, double ay, double az) {
        if (ax == 0 && ay == 0 && az == 0) {
            return;
        }
        double qx = b.qx[s], qy = b.qy[s], qz = b.qz[s], qw = b.qw[s];
        double nx = qx + 0.5 * (ax * qw + ay * qz - az * qy);
        double ny = qy + 0.5 * (ay * qw + az * qx - ax * qz);
        double nz = qz + 0.5 * (az * qw + ax * qy - ay * qx);
        double nw = qw - 0.5 * (ax * qx + ay * qy + az * qz);
        double inv = 1 / Math.sqrt(nx * nx + ny * ny + nz * nz + nw * nw);
        b.qx[s] = nx * inv;
        b.qy[s] = ny * inv;
        b.qz[s] = nz * inv;
        b.qw[s] = nw * inv;
    }

    /** The farthest a moving candidate travels this step along the rigid solver's path, metres (after {@link #prepare}). */
    public double maxTravel(double dt) {
        double m = 0;
        for (int k = 0, o = 0; k < moving; k++, o += 12) {
            double ux = motion[o], uy = motion[o + 1], uz = motion[o + 2];
            m = Math.max(m, Math.sqrt(ux * ux + uy * uy + uz * uz) * dt);
        }
        return m;
    }

    /** Whether any rigid body is near a soft body this step. */
    public boolean hasPairs() {
        return pairs > 0 || softSoft.hasPairs();
    }

    /** Wakes the sleeping bodies the soft bodies pushed (end of the soft pass). */
    public void finish(IntConsumer wake) {
        for (int k = 0; k < touched; k++) {
            wake.accept(touchedSlot[k]);
        }
        touched = 0;
    }

    @Override
    public void beginSubStep(SoftBodyState s, double h) {
        BodyStore b = rigid;
        for (int k = 0; k < moving; k++) {
            int m = movingSlot[k], o = 7 * k;
            startPose[o] = b.originX(m);
            startPose[o + 1] = b.originY(m);
            startPose[o + 2] = b.originZ(m);
            startPose[o + 3] = b.qx[m];
            startPose[o + 4] = b.qy[m];
            startPose[o + 5] = b.qz[m];
            startPose[o + 6] = b.qw[m];
        }
        for (int k = 0; k < moving; k++) {
            int m = movingSlot[k];
            int o = 12 * k;
            if (b.motion[m] == MotionType.DYNAMIC.ordinal()) {
                double g = b.gravityScale[m] * h;
                b.vx[m] += gx * g;
                b.vy[m] += gy * g;
                b.vz[m] += gz * g;
                motion[o + 6] += gx * g;
                motion[o + 7] += gy * g;
                motion[o + 8] += gz * g;
            }
            // the rigid solver's path, plus what the soft contacts have changed of the velocity
            b.px[m] += (motion[o] + b.vx[m] - motion[o + 6]) * h;
            b.py[m] += (motion[o + 1] + b.vy[m] - motion[o + 7]) * h;
            b.pz[m] += (motion[o + 2] + b.vz[m] - motion[o + 8]) * h;
            rotate(b, m, (motion[o + 3] + b.wx[m] - motion[o + 9]) * h, (motion[o + 4] + b.wy[m] - motion[o + 10]) * h,
                    (motion[o + 5] + b.wz[m] - motion[o + 11]) * h);
        }
        Arrays.fill(contactSlot, 0, s.points, -1);
        Arrays.fill(contactDepth, 0, s.points, 0.0);
        for (int k = 0; k < pairs; k++) {
            sweepPoints(s, pairSoft[k], pairSlot[k]);
            sweepFeatures(s, pairSoft[k], pairSlot[k], pairFeature[k]);
        }
    }

    @Override
    public void project(SoftBodyState s, double h) {
        for (int k = 0; k < pairs; k++) {
            int body = pairSoft[k], slot = pairSlot[k];
            projectPoints(s, body, slot, h);
            projectFeatures(s, body, slot, pairFeature[k], h);
        }
        projectRigidOnStatic(h);
        if (softSoft.hasPairs()) {
            int before = softSoft.contacts;
            softSoft.project(s, store, bodyBounds);
            contacts += softSoft.contacts - before;
        }
    }

    /** Penetration the rigid solver leaves in resting contacts, metres: the soft pass only removes deeper overlap. */
    static final double RIGID_SLOP = 0.005;

    /**
     * Moving rigid candidates against the immovable ones near the same soft bodies (the ground,
     * static walls): their features (corners, centres with radius) are pushed out of the static
     * shapes. The soft pass has no rigid–rigid contacts otherwise, and a heavy soft body, or the
     * block a rigid body has been driven into, presses a light rigid body through the ground within
     * the pass (and from there under the soft body).
     */
    private void projectRigidOnStatic(double h) {
        BodyStore b = rigid;
        for (int k = 0; k < moving; k++) {
            int m = movingSlot[k];
            if (b.motion[m] != MotionType.DYNAMIC.ordinal()) {
                continue;
            }
            Shape shape = b.shape[m];
            int n = featureCount(shape);
            for (int q = 0; q < pairs; q++) {
                int st = pairSlot[q];
                if (st == m || b.motion[st] != MotionType.STATIC.ordinal() || (q > 0 && pairSlot[q - 1] == st)) {
                    continue;
                }
                Shape other = b.shape[st];
                double ox = b.originX(st), oy = b.originY(st), oz = b.originZ(st);
                double sx = b.qx[st], sy = b.qy[st], sz = b.qz[st], sw = b.qw[st];
                for (int f = 0; f < n; f++) {
                    double radius = featureLocal(shape, f, tmp);
                    double lx = tmp[0], ly = tmp[1], lz = tmp[2];
                    double qx = b.qx[m], qy = b.qy[m], qz = b.qz[m], qw = b.qw[m];
                    double fx = b.originX(m) + Inertia.rotX(qx, qy, qz, qw, lx, ly, lz);
                    double fy = b.originY(m) + Inertia.rotY(qx, qy, qz, qw, lx, ly, lz);
                    double fz = b.originZ(m) + Inertia.rotZ(qx, qy, qz, qw, lx, ly, lz);
                    double dx = fx - ox, dy = fy - oy, dz = fz - oz;
                    double ux = Inertia.rotX(-sx, -sy, -sz, sw, dx, dy, dz);
                    double uy = Inertia.rotY(-sx, -sy, -sz, sw, dx, dy, dz);
                    double uz = Inertia.rotZ(-sx, -sy, -sz, sw, dx, dy, dz);
                    double d = signedDistance(other, ux, uy, uz, radius, tmp);
                    double c = d - radius + RIGID_SLOP;
                    if (!(c < 0)) {
                        continue;
                    }
                    double nx = Inertia.rotX(sx, sy, sz, sw, tmp[0], tmp[1], tmp[2]);
                    double ny = Inertia.rotY(sx, sy, sz, sw, tmp[0], tmp[1], tmp[2]);
                    double nz = Inertia.rotZ(sx, sy, sz, sw, tmp[0], tmp[1], tmp[2]);
                    double px = fx - radius * nx, py = fy - radius * ny, pz = fz - radius * nz;
                    double wr = rigidInverseMass(m, px, py, pz, nx, ny, nz);
                    if (wr == 0) {
                        continue;
                    }
                    double dl = -c / wr;
                    applyToRigid(m, px, py, pz, dl * nx, dl * ny, dl * nz, h, wr);
                }
            }
        }
    }

    @Override
    public void endSubStep(SoftBodyState s, double h) {
        BodyStore b = rigid;
        double[] x = s.x, v = s.v, n = contactN;
        for (int k = 0; k < pairs; k++) {
            int body = pairSoft[k];
            if (k > 0 && pairSoft[k - 1] == body) {
                continue; // points of this body were done with its first pair
            }
            double mu0 = store.friction[body];
            for (int i = store.pointStart[body], e = i + store.pointCount[body]; i < e; i++) {
                int slot = contactSlot[i];
                if (slot < 0 || s.invMass[i] == 0) {
                    continue;
                }
                double mu = ContactSolver.combineFriction(mu0, b.friction[slot]);
                int o = 3 * i;
                double rx = x[o] - b.px[slot], ry = x[o + 1] - b.py[slot], rz = x[o + 2] - b.pz[slot];
                double moves = b.state[slot] == BodyState.AWAKE.ordinal() ? 1 : 0;
                double svx = moves * (b.vx[slot] + b.wy[slot] * rz - b.wz[slot] * ry);
                double svy = moves * (b.vy[slot] + b.wz[slot] * rx - b.wx[slot] * rz);
                double svz = moves * (b.vz[slot] + b.wx[slot] * ry - b.wy[slot] * rx);
                double relx = v[o] - svx, rely = v[o + 1] - svy, relz = v[o + 2] - svz;
                double vn = relx * n[o] + rely * n[o + 1] + relz * n[o + 2];
                double tx = relx - vn * n[o], ty = rely - vn * n[o + 1], tz = relz - vn * n[o + 2];
                double vt = Math.sqrt(tx * tx + ty * ty + tz * tz);
                if (vt < 1e-12) {
                    continue;
                }
                double dv = Math.min(mu * contactDepth[i] / h, vt) / vt;
                v[o] -= tx * dv;
                v[o + 1] -= ty * dv;
                v[o + 2] -= tz * dv;
            }
        }
    }

    // ---- (1) control points vs the rigid shape -------------------------------------------------

    private void projectPoints(SoftBodyState s, int body, int slot, double h) {
        BodyStore b = rigid;
        Shape shape = b.shape[slot];
        double thick = store.thickness[body];
        double ox = b.originX(slot), oy = b.originY(slot), oz = b.originZ(slot);
        double qx = b.qx[slot], qy = b.qy[slot], qz = b.qz[slot], qw = b.qw[slot];
        double[] x = s.x;
        double[] t = tmp;
        for (int i = store.pointStart[body], e = i + store.pointCount[body]; i < e; i++) {
            int o = 3 * i;
            double dx = x[o] - ox, dy = x[o + 1] - oy, dz = x[o + 2] - oz;
            double lx = Inertia.rotX(-qx, -qy, -qz, qw, dx, dy, dz);
            double ly = Inertia.rotY(-qx, -qy, -qz, qw, dx, dy, dz);
            double lz = Inertia.rotZ(-qx, -qy, -qz, qw, dx, dy, dz);
            double d;
            if (entrySlot[i] == slot) { // the face it came in through (continuous collision), not the nearest
                int ep = 4 * i;
                t[0] = entryPlane[ep];
                t[1] = entryPlane[ep + 1];
                t[2] = entryPlane[ep + 2];
                d = t[0] * lx + t[1] * ly + t[2] * lz - entryPlane[ep + 3];
            } else {
                d = signedDistance(shape, lx, ly, lz, thick, t);
            }
            double c = d - thick;
            if (!(c < 0)) {
                continue;
            }
            double nx = Inertia.rotX(qx, qy, qz, qw, t[0], t[1], t[2]);
            double ny = Inertia.rotY(qx, qy, qz, qw, t[0], t[1], t[2]);
            double nz = Inertia.rotZ(qx, qy, qz, qw, t[0], t[1], t[2]);
            // contact point on the rigid surface
            double cx = x[o] - d * nx, cy = x[o + 1] - d * ny, cz = x[o + 2] - d * nz;
            double wr = rigidInverseMass(slot, cx, cy, cz, nx, ny, nz);
            double wp = s.invMass[i];
            if (wr + wp == 0) {
                continue;
            }
            double dl = -c / (wp + wr);
            x[o] += wp * dl * nx;
            x[o + 1] += wp * dl * ny;
            x[o + 2] += wp * dl * nz;
            applyToRigid(slot, cx, cy, cz, -dl * nx, -dl * ny, -dl * nz, h, wr);
            contactSlot[i] = slot;
            contactN[o] = nx;
            contactN[o + 1] = ny;
            contactN[o + 2] = nz;
            contactDepth[i] += wp * dl;
            contacts++;
        }
    }

    // ---- (2) rigid features vs cage surface triangles ----------------------------------------

    private void projectFeatures(SoftBodyState s, int body, int slot, int f0, double h) {
        BodyStore b = rigid;
        Shape shape = b.shape[slot];
        if (shape instanceof Box box) {
            for (int k = 0; k < 8; k++) {
                feature(s, body, slot, (k & 1) == 0 ? -box.halfX() : box.halfX(), (k & 2) == 0 ? -box.halfY() : box.halfY(),
                        (k & 4) == 0 ? -box.halfZ() : box.halfZ(), 0, h, featTri[f0 + k]);
            }
        } else if (shape instanceof Sphere sp) {
            feature(s, body, slot, 0, 0, 0, sp.radius(), h, featTri[f0]);
        } else if (shape instanceof Capsule cap) {
            feature(s, body, slot, 0, -cap.halfHeight(), 0, cap.radius(), h, featTri[f0]);
            feature(s, body, slot, 0, cap.halfHeight(), 0, cap.radius(), h, featTri[f0 + 1]);
        } else if (shape instanceof ConvexHull hull) {
            for (int k = 0, n = hull.vertexCount(); k < n; k++) {
                feature(s, body, slot, hull.vertex(k, 0), hull.vertex(k, 1), hull.vertex(k, 2), 0, h, featTri[f0 + k]);
            }
        }
    }

    // ---- continuous collision: what crossed what during the sub-step's motion ------------------

    /**
     * Points that entered a box or hull during this sub-step's motion (outside at its start, in
     * the rigid body's frame then; inside now) are held to the face they came in through until
     * they are out again. Without it, a point that a fast body carried deeper than half its
     * thickness in one sub-step is pushed out of the nearest face, the far one: the body passes
     * through the cage. Spheres, capsules and planes need nothing: their nearest surface point is
     * the entry point.
     */
    private void sweepPoints(SoftBodyState s, int body, int slot) {
        BodyStore b = rigid;
        Shape shape = b.shape[slot];
        if (!(shape instanceof Box) && !(shape instanceof ConvexHull)) {
            return;
        }
        double thick = store.thickness[body];
        int mi = movingIndex[slot];
        double ox1 = b.originX(slot), oy1 = b.originY(slot), oz1 = b.originZ(slot);
        double qx1 = b.qx[slot], qy1 = b.qy[slot], qz1 = b.qz[slot], qw1 = b.qw[slot];
        double ox0 = ox1, oy0 = oy1, oz0 = oz1, qx0 = qx1, qy0 = qy1, qz0 = qz1, qw0 = qw1;
        if (mi >= 0) {
            int o = 7 * mi;
            ox0 = startPose[o];
            oy0 = startPose[o + 1];
            oz0 = startPose[o + 2];
            qx0 = startPose[o + 3];
            qy0 = startPose[o + 4];
            qz0 = startPose[o + 5];
            qw0 = startPose[o + 6];
        }
        double[] x = s.x, prev = s.prev;
        for (int i = store.pointStart[body], e = i + store.pointCount[body]; i < e; i++) {
            int o = 3 * i;
            double dx = prev[o] - ox0, dy = prev[o + 1] - oy0, dz = prev[o + 2] - oz0;
            double ax = Inertia.rotX(-qx0, -qy0, -qz0, qw0, dx, dy, dz);
            double ay = Inertia.rotY(-qx0, -qy0, -qz0, qw0, dx, dy, dz);
            double az = Inertia.rotZ(-qx0, -qy0, -qz0, qw0, dx, dy, dz);
            if (entrySlot[i] == slot) {
                int ep = 4 * i;
                double d0 = entryPlane[ep] * ax + entryPlane[ep + 1] * ay + entryPlane[ep + 2] * az - entryPlane[ep + 3];
                if (d0 < thick && signedDistance(shape, ax, ay, az, thick, tmp) < thick) {
                    continue; // still in: keep pushing it out of the same face
                }
                entrySlot[i] = -1;
            }
            dx = x[o] - ox1;
            dy = x[o + 1] - oy1;
            dz = x[o + 2] - oz1;
            double bx = Inertia.rotX(-qx1, -qy1, -qz1, qw1, dx, dy, dz);
            double by = Inertia.rotY(-qx1, -qy1, -qz1, qw1, dx, dy, dz);
            double bz = Inertia.rotZ(-qx1, -qy1, -qz1, qw1, dx, dy, dz);
            if (shape instanceof Box box) {
                enterBox(i, box, thick, ax, ay, az, bx, by, bz, slot);
            } else {
                enterHull(i, (ConvexHull) shape, thick, ax, ay, az, bx, by, bz, slot);
            }
        }
    }

    /** Segment a → b (box frame) against the box grown by {@code thick}: records the entry face of point i. */
    private void enterBox(int i, Box box, double thick, double ax, double ay, double az, double bx, double by,
                          double bz, int slot) {
        double hx = box.halfX() + thick, hy = box.halfY() + thick, hz = box.halfZ() + thick;
        if (!(Math.abs(bx) < hx && Math.abs(by) < hy && Math.abs(bz) < hz)) {
            return; // not inside at the end
        }
        double best = -1;
        int axis = -1;
        double sign = 0;
        for (int k = 0; k < 3; k++) {
            double a = k == 0 ? ax : k == 1 ? ay : az, e = k == 0 ? bx : k == 1 ? by : bz;
            double half = k == 0 ? hx : k == 1 ? hy : hz;
            double sg = a >= 0 ? 1 : -1;
            double a0 = sg * a - half, a1 = sg * e - half; // outside distance along the slab, start and end
            if (a0 >= 0 && a1 < 0) {
                double t = a0 / (a0 - a1);
                if (t > best) {
                    best = t;
                    axis = k;
                    sign = sg;
                }
            }
        }
        if (axis < 0) {
            return; // inside at the start too: the nearest face
        }
        int ep = 4 * i;
        entrySlot[i] = slot;
        entryPlane[ep] = axis == 0 ? sign : 0;
        entryPlane[ep + 1] = axis == 1 ? sign : 0;
        entryPlane[ep + 2] = axis == 2 ? sign : 0;
        entryPlane[ep + 3] = axis == 0 ? box.halfX() : axis == 1 ? box.halfY() : box.halfZ();
    }

    /** Segment a → b (hull frame) against the hull grown by {@code thick}: records the entry face of point i. */
    private void enterHull(int i, ConvexHull hull, double thick, double ax, double ay, double az, double bx, double by,
                           double bz, int slot) {
        double best = -1;
        int face = -1;
        for (int f = 0, n = hull.faceCount(); f < n; f++) {
            double nx = hull.plane(f, 0), ny = hull.plane(f, 1), nz = hull.plane(f, 2), off = hull.plane(f, 3) + thick;
            double d1 = nx * bx + ny * by + nz * bz - off;
            if (!(d1 < 0)) {
                return; // not inside at the end
            }
            double d0 = nx * ax + ny * ay + nz * az - off;
            if (d0 >= 0) {
                double t = d0 / (d0 - d1);
                if (t > best) {
                    best = t;
                    face = f;
                }
            }
        }
        if (face < 0) {
            return;
        }
        int ep = 4 * i;
        entrySlot[i] = slot;
        entryPlane[ep] = hull.plane(face, 0);
        entryPlane[ep + 1] = hull.plane(face, 1);
        entryPlane[ep + 2] = hull.plane(face, 2);
        entryPlane[ep + 3] = hull.plane(face, 3);
    }

    /**
     * Rigid features (corners, centres) that crossed a cage surface triangle during this
     * sub-step's motion, relative to the triangle, are held against that triangle until they are
     * out again: a 50 m/s body moves 10 cm per sub-step, more than the depth at which the nearest
     * triangle is still the one it came through.
     */
    private void sweepFeatures(SoftBodyState s, int body, int slot, int f0) {
        BodyStore b = rigid;
        Shape shape = b.shape[slot];
        int n = featureCount(shape);
        if (n == 0) {
            return;
        }
        int mi = movingIndex[slot];
        double ox1 = b.originX(slot), oy1 = b.originY(slot), oz1 = b.originZ(slot);
        double qx1 = b.qx[slot], qy1 = b.qy[slot], qz1 = b.qz[slot], qw1 = b.qw[slot];
        double ox0 = ox1, oy0 = oy1, oz0 = oz1, qx0 = qx1, qy0 = qy1, qz0 = qz1, qw0 = qw1;
        if (mi >= 0) {
            int o = 7 * mi;
            ox0 = startPose[o];
            oy0 = startPose[o + 1];
            oz0 = startPose[o + 2];
            qx0 = startPose[o + 3];
            qy0 = startPose[o + 4];
            qz0 = startPose[o + 5];
            qw0 = startPose[o + 6];
        }
        double thick = store.thickness[body];
        double[] bb = bodyBounds;
        int o6 = 6 * body;
        double[] l = tmp;
        for (int k = 0; k < n; k++) {
            double radius = featureLocal(shape, k, l);
            double reach = radius + thick;
            double lx = l[0], ly = l[1], lz = l[2];
            double ax = ox0 + Inertia.rotX(qx0, qy0, qz0, qw0, lx, ly, lz);
            double ay = oy0 + Inertia.rotY(qx0, qy0, qz0, qw0, lx, ly, lz);
            double az = oz0 + Inertia.rotZ(qx0, qy0, qz0, qw0, lx, ly, lz);
            double ex = ox1 + Inertia.rotX(qx1, qy1, qz1, qw1, lx, ly, lz);
            double ey = oy1 + Inertia.rotY(qx1, qy1, qz1, qw1, lx, ly, lz);
            double ez = oz1 + Inertia.rotZ(qx1, qy1, qz1, qw1, lx, ly, lz);
            int fi = f0 + k;
            if (featTri[fi] >= 0) {
                if (behind(s.prev, featTri[fi], ax, ay, az, reach)) {
                    continue; // still in: keep it against the same triangle
                }
                featTri[fi] = -1;
            }
            if (Math.max(ax, ex) < bb[o6] - reach || Math.max(ay, ey) < bb[o6 + 1] - reach
                    || Math.max(az, ez) < bb[o6 + 2] - reach || Math.min(ax, ex) > bb[o6 + 3] + reach
                    || Math.min(ay, ey) > bb[o6 + 4] + reach || Math.min(az, ez) > bb[o6 + 5] + reach) {
                continue;
            }
            featTri[fi] = firstCrossing(s, body, ax, ay, az, ex, ey, ez, reach);
        }
    }

    /** Whether point a is behind (inside) triangle t's plane offset by {@code reach}, at the positions {@code p}. */
    private boolean behind(double[] p, int t, double ax, double ay, double az, double reach) {
        int[] tri = store.surface;
        int pa = 3 * tri[3 * t], pb = 3 * tri[3 * t + 1], pc = 3 * tri[3 * t + 2];
        double ux = p[pb] - p[pa], uy = p[pb + 1] - p[pa + 1], uz = p[pb + 2] - p[pa + 2];
        double vx = p[pc] - p[pa], vy = p[pc + 1] - p[pa + 1], vz = p[pc + 2] - p[pa + 2];
        double nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
        double nl = Math.sqrt(nx * nx + ny * ny + nz * nz);
        if (nl < 1e-300) {
            return false;
        }
        return (nx * (ax - p[pa]) + ny * (ay - p[pa + 1]) + nz * (az - p[pa + 2])) / nl < reach;
    }

    /**
     * The surface triangle of {@code body} that the segment a → e crosses first from outside
     * (its plane offset outward by {@code reach}), with the triangle's own motion over the
     * sub-step (prev → x, its mean displacement) taken out; -1 when none.
     */
    private int firstCrossing(SoftBodyState s, int body, double ax, double ay, double az, double ex, double ey, double ez,
                              double reach) {
        double[] p = s.prev, x = s.x;
        int[] tri = store.surface;
        int best = -1;
        double bestT = Double.POSITIVE_INFINITY;
        for (int t = store.surfaceStart[body], end = t + store.surfaceCount[body]; t < end; t++) {
            int pa = 3 * tri[3 * t], pb = 3 * tri[3 * t + 1], pc = 3 * tri[3 * t + 2];
            double ux = p[pb] - p[pa], uy = p[pb + 1] - p[pa + 1], uz = p[pb + 2] - p[pa + 2];
            double vx = p[pc] - p[pa], vy = p[pc + 1] - p[pa + 1], vz = p[pc + 2] - p[pa + 2];
            double nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
            double nl = Math.sqrt(nx * nx + ny * ny + nz * nz);
            if (nl < 1e-300) {
                continue;
            }
            nx /= nl;
            ny /= nl;
            nz /= nl;
            double d0 = nx * (ax - p[pa]) + ny * (ay - p[pa + 1]) + nz * (az - p[pa + 2]) - reach;
            if (d0 < 0) {
                continue; // starts behind this plane: not an entry through it
            }
            // the feature's end relative to the triangle's mean motion this sub-step
            double mx = (x[pa] - p[pa] + x[pb] - p[pb] + x[pc] - p[pc]) / 3;
            double my = (x[pa + 1] - p[pa + 1] + x[pb + 1] - p[pb + 1] + x[pc + 1] - p[pc + 1]) / 3;
            double mz = (x[pa + 2] - p[pa + 2] + x[pb + 2] - p[pb + 2] + x[pc + 2] - p[pc + 2]) / 3;
            double rx = ex - mx, ry = ey - my, rz = ez - mz;
            double d1 = nx * (rx - p[pa]) + ny * (ry - p[pa + 1]) + nz * (rz - p[pa + 2]) - reach;
            if (!(d1 < 0)) {
                continue;
            }
            double tt = d0 / (d0 - d1);
            if (tt >= bestT) {
                continue;
            }
            // where it crosses, dropped onto the triangle's plane: inside the triangle?
            double qx = ax + tt * (rx - ax) - p[pa], qy = ay + tt * (ry - ay) - p[pa + 1], qz = az + tt * (rz - az) - p[pa + 2];
            double uu = ux * ux + uy * uy + uz * uz, uv = ux * vx + uy * vy + uz * vz, vv = vx * vx + vy * vy + vz * vz;
            double qu = qx * ux + qy * uy + qz * uz, qv = qx * vx + qy * vy + qz * vz;
            double det = uu * vv - uv * uv;
            double bu = (vv * qu - uv * qv) / det, bv = (uu * qv - uv * qu) / det;
            double tol = 1e-6;
            if (bu >= -tol && bv >= -tol && bu + bv <= 1 + tol) {
                best = t;
                bestT = tt;
            }
        }
        return best;
    }

    /** One rigid feature (shape-frame point {@code l} with radius {@code radius}) against the body's surface. */
    private void feature(SoftBodyState s, int body, int slot, double lx, double ly, double lz, double radius, double h,
                         int held) {
        BodyStore b = rigid;
        double qx = b.qx[slot], qy = b.qy[slot], qz = b.qz[slot], qw = b.qw[slot];
        double fx = b.originX(slot) + Inertia.rotX(qx, qy, qz, qw, lx, ly, lz);
        double fy = b.originY(slot) + Inertia.rotY(qx, qy, qz, qw, lx, ly, lz);
        double fz = b.originZ(slot) + Inertia.rotZ(qx, qy, qz, qw, lx, ly, lz);
        double thick = store.thickness[body];
        double reach = radius + thick;
        // the cage's current bounds (prepare's, expanded): skip features far outside
        double[] bb = bodyBounds;
        int o6 = 6 * body;
        if (fx < bb[o6] - reach || fy < bb[o6 + 1] - reach || fz < bb[o6 + 2] - reach
                || fx > bb[o6 + 3] + reach || fy > bb[o6 + 4] + reach || fz > bb[o6 + 5] + reach) {
            return;
        }
        double[] x = s.x;
        int[] tri = store.surface;
        int best = -1;
        double bestD2 = Double.POSITIVE_INFINITY, b0 = 0, b1 = 0, b2 = 0;
        if (held >= 0) { // it came in through this triangle (continuous collision): out through it again
            bestD2 = closestOnTriangle(x, 3 * tri[3 * held], 3 * tri[3 * held + 1], 3 * tri[3 * held + 2], fx, fy, fz, bary);
            best = held;
            b0 = bary[0];
            b1 = bary[1];
            b2 = bary[2];
        }
        for (int t = store.surfaceStart[body], e = held >= 0 ? t : t + store.surfaceCount[body]; t < e; t++) {
            double d2 = closestOnTriangle(x, 3 * tri[3 * t], 3 * tri[3 * t + 1], 3 * tri[3 * t + 2], fx, fy, fz, bary);
            if (d2 < bestD2) {
                bestD2 = d2;
                best = t;
                b0 = bary[0];
                b1 = bary[1];
                b2 = bary[2];
            }
        }
        if (best < 0) {
            return;
        }
        int ia = tri[3 * best], ib = tri[3 * best + 1], ic = tri[3 * best + 2];
        int pa = 3 * ia, pb = 3 * ib, pc = 3 * ic;
        double cx = b0 * x[pa] + b1 * x[pb] + b2 * x[pc];
        double cy = b0 * x[pa + 1] + b1 * x[pb + 1] + b2 * x[pc + 1];
        double cz = b0 * x[pa + 2] + b1 * x[pb + 2] + b2 * x[pc + 2];
        // outward face normal
        double ux = x[pb] - x[pa], uy = x[pb + 1] - x[pa + 1], uz = x[pb + 2] - x[pa + 2];
        double vx = x[pc] - x[pa], vy = x[pc + 1] - x[pa + 1], vz = x[pc + 2] - x[pa + 2];
        double nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
        double nl = Math.sqrt(nx * nx + ny * ny + nz * nz);
        if (nl < 1e-300) {
            return;
        }
        nx /= nl;
        ny /= nl;
        nz /= nl;
        double dx = fx - cx, dy = fy - cy, dz = fz - cz;
        double side = dx * nx + dy * ny + dz * nz;
        double dist = Math.sqrt(bestD2);
        double c;
        if (side >= 0) {
            if (dist > reach) {
                return;
            }
            if (dist > 1e-12) {
                nx = dx / dist;
                ny = dy / dist;
                nz = dz / dist;
            }
            c = dist - reach;
        } else {
            // inside the cage: out through the nearest face, but only near the surface. A feature
            // deeper than its radius plus a quarter of the triangle's size has passed a crushed region, where the
            // nearest face can be the far side (even one lying on the ground) and pushing through it
            // flings points; the points around it are pushed out of the shape by (1) instead
            if (held < 0 && dist > radius + 0.25 * Math.sqrt(0.5 * nl)) {
                return;
            }
            c = held >= 0 ? side - reach : -dist - reach;
        }
        if (!(c < 0)) {
            return;
        }
        // contact point on the rigid body: the feature's surface towards the triangle
        double px = fx - radius * nx, py = fy - radius * ny, pz = fz - radius * nz;
        double wr = rigidInverseMass(slot, px, py, pz, nx, ny, nz);
        double wa = s.invMass[ia], wb = s.invMass[ib], wc = s.invMass[ic];
        double wt = b0 * b0 * wa + b1 * b1 * wb + b2 * b2 * wc;
        if (wr + wt == 0) {
            return;
        }
        double dl = -c / (wr + wt);
        // the rigid feature moves +n, the triangle point -n
        applyToRigid(slot, px, py, pz, dl * nx, dl * ny, dl * nz, h, wr);
        double fa = b0 * wa * dl, fb = b1 * wb * dl, fc = b2 * wc * dl;
        x[pa] -= fa * nx;
        x[pa + 1] -= fa * ny;
        x[pa + 2] -= fa * nz;
        x[pb] -= fb * nx;
        x[pb + 1] -= fb * ny;
        x[pb + 2] -= fb * nz;
        x[pc] -= fc * nx;
        x[pc + 1] -= fc * ny;
        x[pc + 2] -= fc * nz;
        contacts++;
    }

    // ---- the rigid side ------------------------------------------------------------------------

    /** Generalised inverse mass of the rigid body at world point c along n; 0 when it does not move here. */
    private double rigidInverseMass(int slot, double cx, double cy, double cz, double nx, double ny, double nz) {
        BodyStore b = rigid;
        if (b.state[slot] != BodyState.AWAKE.ordinal() || b.motion[slot] != MotionType.DYNAMIC.ordinal()) {
            return 0;
        }
        double rx = cx - b.px[slot], ry = cy - b.py[slot], rz = cz - b.pz[slot];
        double tx = ry * nz - rz * ny, ty = rz * nx - rx * nz, tz = rx * ny - ry * nx;
        Inertia.applyInverseWorld(b, slot, tx, ty, tz, tmp);
        return b.invMass[slot] + tx * tmp[0] + ty * tmp[1] + tz * tmp[2];
    }

    /**
     * Moves the rigid body by the positional impulse {@code p} (kg·m) at world point c and changes
     * its velocity by the same displacement over h; a sleeping dynamic body is only marked to wake.
     */
    private void applyToRigid(int slot, double cx, double cy, double cz, double px, double py, double pz, double h,
                              double wr) {
        BodyStore b = rigid;
        if (wr == 0) {
            if (b.state[slot] == BodyState.SLEEPING.ordinal() && stamp[slot] != -stampValue) {
                stamp[slot] = -stampValue;
                if (touched == touchedSlot.length) {
                    touchedSlot = Arrays.copyOf(touchedSlot, 2 * touched);
                }
                touchedSlot[touched++] = slot;
            }
            return;
        }
        double im = b.invMass[slot], invH = 1 / h;
        b.sleepTime[slot] = 0; // held by a soft body: not still yet
        b.px[slot] += px * im;
        b.py[slot] += py * im;
        b.pz[slot] += pz * im;
        b.vx[slot] += px * im * invH;
        b.vy[slot] += py * im * invH;
        b.vz[slot] += pz * im * invH;
        double rx = cx - b.px[slot], ry = cy - b.py[slot], rz = cz - b.pz[slot];
        double tx = ry * pz - rz * py, ty = rz * px - rx * pz, tz = rx * py - ry * px;
        Inertia.applyInverseWorld(b, slot, tx, ty, tz, tmp);
        double ax = tmp[0], ay = tmp[1], az = tmp[2];
        b.wx[slot] += ax * invH;
        b.wy[slot] += ay * invH;
        b.wz[slot] += az * invH;
        rotate(b, slot, ax, ay, az);
    }
}
