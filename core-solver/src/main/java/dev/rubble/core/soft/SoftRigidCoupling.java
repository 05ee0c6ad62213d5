package dev.rubble.core.soft;

import static dev.rubble.core.soft.CouplingShapes.featureCount;
import static dev.rubble.core.soft.CouplingShapes.supported;
import static dev.rubble.core.soft.RigidResponse.rotate;

import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.Inertia;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.dynamics.ContactSolver;
import dev.rubble.spi.shape.AabbTree;
import dev.rubble.spi.shape.Compound;
import dev.rubble.spi.shape.TriangleMesh;
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
 *  project   (1) every control point vs the rigid shape (sphere, box, capsule, hull, plane,
 *                mesh triangle, two-sided: the side the point came from):
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
 * body that is pushed is woken after the pass. A compound body brings one pair per child near the
 * soft body, each collided with at its place in the compound; a triangle mesh one pair per triangle near
 * it, two-sided (docs/soft-bodies.md). Deterministic: pairs in (soft body, slot) order, points and
 * triangles by index. Allocation-free once the scratch arrays have grown.
 *
 * <p>This class finds the pairs, rewinds and re-advances the moving candidates and applies
 * friction; the stages it drives share a {@link CouplingState}: {@link ContinuousSweep} (what
 * crossed what during a sub-step), {@link CageProjection} (projections (1) and (2)),
 * {@link RigidOnStaticProjection} (moving candidates out of static bodies), {@link RigidResponse}
 * (the rigid side of every correction) and the pure shape queries in {@link CouplingShapes}.
 */
public final class SoftRigidCoupling implements SoftContacts {
    private final CouplingState ctx = new CouplingState();
    private final RigidResponse response = new RigidResponse(ctx);
    private final ContinuousSweep sweep = new ContinuousSweep(ctx);
    private final CageProjection cage = new CageProjection(ctx, response);
    private final RigidOnStaticProjection onStatic = new RigidOnStaticProjection(ctx, response);
    private final AttachmentCoupling attach = new AttachmentCoupling(ctx, response);
    private double gx, gy, gz;
    /** Per rigid slot: centre of mass and orientation when the step began ({@link #recordStart}), and when that was. */
    private double[] stepStart = new double[7 * 16];
    private long[] stepStartStamp = new long[16];
    private long startStamp;
    private final SoftSoftContacts softSoft = new SoftSoftContacts();
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
            b.copyPose(s, stepStart, o);
            stepStartStamp[s] = startStamp;
        }
    }

    /**
     * Finds the candidate pairs and rewinds moving candidates (start of the soft pass).
     *
     * @param dt the step the rigid bodies have just been integrated over, seconds
     */
    public void prepare(BodyStore bodies, SoftBodyStore soft, double dt, double gx, double gy, double gz) {
        ctx.rigid = bodies;
        this.gx = gx;
        this.gy = gy;
        this.gz = gz;
        ctx.store = soft;
        contacts = 0;
        ctx.pairs = 0;
        ctx.pairFeature[0] = 0;
        ctx.moving = 0;
        ctx.touched = 0;
        SoftBodyState s = soft.state;
        if (ctx.contactSlot.length < s.points) {
            ctx.contactSlot = new int[s.points];
            ctx.contactN = new double[3 * s.points];
            ctx.contactDepth = new double[s.points];
        }
        if (ctx.entryPair.length < s.points) {
            ctx.entryPair = new int[s.points];
            ctx.entryPlane = new double[4 * s.points];
        }
        Arrays.fill(ctx.entryPair, 0, s.points, -1);
        if (ctx.stamp.length < bodies.slotLimit()) {
            ctx.stamp = Arrays.copyOf(ctx.stamp, Math.max(bodies.slotLimit(), 2 * ctx.stamp.length));
        }
        if (ctx.movingIndex.length < bodies.slotLimit()) {
            ctx.movingIndex = new int[Math.max(bodies.slotLimit(), 2 * ctx.movingIndex.length)];
        }
        ctx.stampValue++;
        if (ctx.bodyBounds.length < 6 * soft.size()) {
            ctx.bodyBounds = new double[6 * 2 * soft.size()];
        }
        for (int b = 0; b < soft.size(); b++) {
            double[] bb = ctx.bodyBounds;
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
                        || !supported(bodies.shape[slot]) && !(bodies.shape[slot] instanceof Compound)
                        && !(bodies.shape[slot] instanceof TriangleMesh)) {
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
                Compound compound = bodies.shape[slot] instanceof Compound c ? c : null;
                TriangleMesh mesh = bodies.shape[slot] instanceof TriangleMesh m ? m : null;
                if ((compound != null || mesh != null) && nearChildren(bodies, slot, compound, mesh, o, dt) == 0) {
                    continue; // its bounds overlap, but none of its children's (triangles') does
                }
                if (ctx.stamp[slot] != ctx.stampValue) {
                    ctx.movingIndex[slot] = -1; // (a slot already counted as moving keeps its index)
                }
                if (mesh != null) {
                    for (int j = 0; j < childCount; j++) { // one pair per triangle near the soft body, in index order
                        addPair(b, slot, children[j], 0);
                    }
                } else if (compound == null) {
                    addPair(b, slot, -1, featureCount(bodies.shape[slot]));
                } else {
                    for (int j = 0; j < childCount; j++) { // one pair per child near the soft body, in child order
                        addPair(b, slot, children[j], featureCount(compound.child(children[j]).shape()));
                    }
                }
                if (bodies.state[slot] == BodyState.AWAKE.ordinal() && bodies.motion[slot] != MotionType.STATIC.ordinal()
                        && ctx.stamp[slot] != ctx.stampValue) {
                    addMoving(slot);
                }
            }
        }
        // the holders of two-way attachments take part in the sub-steps whether or not they are near the soft body
        for (int j = 0; j < attach.count; j++) {
            int slot = attach.holder(soft, j);
            if (ctx.stamp[slot] != ctx.stampValue) {
                addMoving(slot);
            }
        }
        nearStatics(bodies, dt);
        softSoft.prepare(soft, ctx.bodyBounds); // soft bodies whose bounds overlap (none with fewer than two)
        if (ctx.featTri.length < ctx.pairFeature[ctx.pairs]) {
            ctx.featTri = new int[Math.max(ctx.pairFeature[ctx.pairs], 2 * ctx.featTri.length)];
        }
        Arrays.fill(ctx.featTri, 0, ctx.pairFeature[ctx.pairs], -1);
        double invDt = 1 / dt;
        for (int k = 0; k < ctx.moving; k++) {
            int m = ctx.movingSlot[k], o = 12 * k;
            BodyStore b = bodies;
            // where the step began (recordStart); a body inserted during the step did not move
            int r = 7 * m;
            boolean known = m < stepStartStamp.length && stepStartStamp[m] == startStamp;
            double x0 = known ? stepStart[r] : b.px[m], y0 = known ? stepStart[r + 1] : b.py[m];
            double z0 = known ? stepStart[r + 2] : b.pz[m];
            double ax = known ? stepStart[r + 3] : b.qx[m], ay = known ? stepStart[r + 4] : b.qy[m];
            double az = known ? stepStart[r + 5] : b.qz[m], aw = known ? stepStart[r + 6] : b.qw[m];
            ctx.motion[o] = (b.px[m] - x0) * invDt;
            ctx.motion[o + 1] = (b.py[m] - y0) * invDt;
            ctx.motion[o + 2] = (b.pz[m] - z0) * invDt;
            // the turn q1 q0* as a rotation vector (first order, the shorter way)
            double bx = b.qx[m], by = b.qy[m], bz = b.qz[m], bw = b.qw[m];
            double dx = -bw * ax + bx * aw - by * az + bz * ay;
            double dy = -bw * ay + by * aw - bz * ax + bx * az;
            double dz = -bw * az + bz * aw - bx * ay + by * ax;
            double dw = bw * aw + bx * ax + by * ay + bz * az;
            double sg = dw < 0 ? -2 * invDt : 2 * invDt;
            ctx.motion[o + 3] = dx * sg;
            ctx.motion[o + 4] = dy * sg;
            ctx.motion[o + 5] = dz * sg;
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
            ctx.motion[o + 6] = b.vx[m];
            ctx.motion[o + 7] = b.vy[m];
            ctx.motion[o + 8] = b.vz[m];
            ctx.motion[o + 9] = b.wx[m];
            ctx.motion[o + 10] = b.wy[m];
            ctx.motion[o + 11] = b.wz[m];
        }
    }

    /** Makes awake rigid slot {@code slot} a moving candidate (rewound, re-advanced through the sub-steps). */
    private void addMoving(int slot) {
        ctx.stamp[slot] = ctx.stampValue;
        if (ctx.moving == ctx.movingSlot.length) {
            ctx.movingSlot = Arrays.copyOf(ctx.movingSlot, 2 * ctx.moving);
            ctx.startPose = Arrays.copyOf(ctx.startPose, 7 * 2 * ctx.moving);
            ctx.motion = Arrays.copyOf(ctx.motion, 12 * 2 * ctx.moving);
        }
        ctx.movingIndex[slot] = ctx.moving;
        ctx.movingSlot[ctx.moving++] = slot;
    }

    private void addPair(int soft, int slot, int child, int features) {
        if (ctx.pairs == ctx.pairSoft.length) {
            ctx.pairSoft = Arrays.copyOf(ctx.pairSoft, 2 * ctx.pairs);
            ctx.pairSlot = Arrays.copyOf(ctx.pairSlot, 2 * ctx.pairs);
            ctx.pairChild = Arrays.copyOf(ctx.pairChild, 2 * ctx.pairs);
            ctx.pairFeature = Arrays.copyOf(ctx.pairFeature, 2 * ctx.pairs + 1);
            ctx.pairLoad = Arrays.copyOf(ctx.pairLoad, 2 * ctx.pairs);
            ctx.pairLoadAt = Arrays.copyOf(ctx.pairLoadAt, 6 * ctx.pairs);
        }
        ctx.pairLoad[ctx.pairs] = 0;
        ctx.pairLoadAt[3 * ctx.pairs] = ctx.pairLoadAt[3 * ctx.pairs + 1] = ctx.pairLoadAt[3 * ctx.pairs + 2] = 0;
        ctx.pairFeature[ctx.pairs + 1] = ctx.pairFeature[ctx.pairs] + features;
        ctx.pairSoft[ctx.pairs] = soft;
        ctx.pairChild[ctx.pairs] = child;
        ctx.pairSlot[ctx.pairs++] = slot;
    }

    /** Scratch of {@link #nearChildren}: the children found, ascending, and how many. */
    private int[] children = new int[16];
    private int childCount;
    private final AabbTree.Visitor childVisitor = this::collectChild;

    private boolean collectChild(int child) {
        if (childCount == children.length) {
            children = Arrays.copyOf(children, 2 * childCount);
        }
        children[childCount++] = child;
        return true;
    }

    /**
     * The children of compound body {@code slot} (or the triangles of its triangle mesh, when {@code mesh} is
     * not null) whose bounds overlap soft body bounds {@code bodyBounds[o .. o + 6)} in the body's frame, the body's motion over the step (moved back by v dt, turned back by w dt)
     * taken into account conservatively; into {@link #children}, ascending (child order, whatever the tree's
     * visiting order). Returns their number.
     */
    private int nearChildren(BodyStore bodies, int slot, Compound compound, TriangleMesh mesh, int o, double dt) {
        double[] bb = ctx.bodyBounds;
        double hx = 0.5 * (bb[o + 3] - bb[o]), hy = 0.5 * (bb[o + 4] - bb[o + 1]), hz = 0.5 * (bb[o + 5] - bb[o + 2]);
        double cx = bb[o] + hx, cy = bb[o + 1] + hy, cz = bb[o + 2] + hz;
        // the rigid body moved by v dt this step: relative to it, the soft box was at c + v dt when the step began
        double bx = bodies.vx[slot] * dt, by = bodies.vy[slot] * dt, bz = bodies.vz[slot] * dt;
        cx += 0.5 * bx;
        cy += 0.5 * by;
        cz += 0.5 * bz;
        hx += 0.5 * Math.abs(bx);
        hy += 0.5 * Math.abs(by);
        hz += 0.5 * Math.abs(bz);
        double ox = bodies.originX(slot), oy = bodies.originY(slot), oz = bodies.originZ(slot);
        double dx = cx - ox, dy = cy - oy, dz = cz - oz;
        // and it turned by w dt: a point at distance r from its origin moves at most |w| dt r
        double w = Math.sqrt(bodies.wx[slot] * bodies.wx[slot] + bodies.wy[slot] * bodies.wy[slot]
                + bodies.wz[slot] * bodies.wz[slot]);
        double turn = w * dt * (Math.sqrt(dx * dx + dy * dy + dz * dz) + hx + hy + hz);
        double qx = -bodies.qx[slot], qy = -bodies.qy[slot], qz = -bodies.qz[slot], qw = bodies.qw[slot];
        double lx = Inertia.rotX(qx, qy, qz, qw, dx, dy, dz);
        double ly = Inertia.rotY(qx, qy, qz, qw, dx, dy, dz);
        double lz = Inertia.rotZ(qx, qy, qz, qw, dx, dy, dz);
        // half extents of the world box in the compound frame: |R^T| h (R^T's columns are the local images of
        // the world axes)
        double ex = 0, ey = 0, ez = 0;
        for (int a = 0; a < 3; a++) {
            double ux = a == 0 ? hx : 0, uy = a == 1 ? hy : 0, uz = a == 2 ? hz : 0;
            ex += Math.abs(Inertia.rotX(qx, qy, qz, qw, ux, uy, uz));
            ey += Math.abs(Inertia.rotY(qx, qy, qz, qw, ux, uy, uz));
            ez += Math.abs(Inertia.rotZ(qx, qy, qz, qw, ux, uy, uz));
        }
        double grow = turn + 1e-9 * (Math.abs(lx) + Math.abs(ly) + Math.abs(lz) + ex + ey + ez);
        ex += grow;
        ey += grow;
        ez += grow;
        childCount = 0;
        if (mesh != null) {
            mesh.tree().query(lx - ex, ly - ey, lz - ez, lx + ex, ly + ey, lz + ez, childVisitor);
        } else {
            compound.queryChildren(lx - ex, ly - ey, lz - ez, lx + ex, ly + ey, lz + ez, childVisitor);
        }
        Arrays.sort(children, 0, childCount);
        return childCount;
    }

    /** The farthest a moving candidate travels this step along the rigid solver's path, metres (after {@link #prepare}). */
    public double maxTravel(double dt) {
        double m = 0;
        for (int k = 0, o = 0; k < ctx.moving; k++, o += 12) {
            double ux = ctx.motion[o], uy = ctx.motion[o + 1], uz = ctx.motion[o + 2];
            m = Math.max(m, Math.sqrt(ux * ux + uy * uy + uz * uz) * dt);
        }
        return m;
    }

    /**
     * Chooses this pass's two-way attachments (holders that are awake dynamic bodies) and frees their points for
     * the solve ({@link AttachmentCoupling}); call before {@link #prepare}, and {@link #uncouple} after the solve.
     * Returns how many attachments are two-way this pass.
     */
    public int couple(SoftBodyStore soft, BodyStore bodies) {
        return attach.couple(soft, bodies);
    }

    /** Makes the attached points pins again (after the solve; nothing when {@link #couple} coupled none). */
    public void uncouple(SoftBodyState s) {
        attach.uncouple(s);
    }

    /** Whether the pass needs this coupling: rigid bodies near a soft body, or two-way attachments. */
    public boolean active() {
        return hasPairs() || attach.count > 0;
    }

    /** Whether any rigid body is near a soft body this step. */
    public boolean hasPairs() {
        return ctx.pairs > 0 || softSoft.hasPairs();
    }

    /**
     * The step's collision loads of the soft bodies on rigid bodies, one per pair that took one (pair order: soft
     * body, slot, child), at the load-weighted mean of the points they acted at, into {@code loads} (end of the
     * soft pass; destruction's gather reads them as collision strain, docs/soft-bodies.md).
     */
    public void loadsInto(dev.rubble.core.collision.ContactStore loads) {
        for (int k = 0; k < ctx.pairs; k++) {
            double j = ctx.pairLoad[k];
            if (j > 0) {
                loads.addSoftLoad(ctx.pairSlot[k], ctx.rigid.shape[ctx.pairSlot[k]] instanceof TriangleMesh ? -1 : ctx.pairChild[k], ctx.pairLoadAt[3 * k] / j, ctx.pairLoadAt[3 * k + 1] / j,
                        ctx.pairLoadAt[3 * k + 2] / j, j);
            }
        }
    }

    /** Wakes the sleeping bodies the soft bodies pushed (end of the soft pass). */
    public void finish(IntConsumer wake) {
        for (int k = 0; k < ctx.touched; k++) {
            wake.accept(ctx.touchedSlot[k]);
        }
        ctx.touched = 0;
    }

    @Override
    public void beginSubStep(SoftBodyState s, double h) {
        if (softSoft.hasPairs()) {
            softSoft.beginSubStep(s, ctx.store, ctx.bodyBounds);
        }
        BodyStore b = ctx.rigid;
        for (int k = 0; k < ctx.moving; k++) {
            int m = ctx.movingSlot[k], o = 7 * k;
            ctx.startPose[o] = b.originX(m);
            ctx.startPose[o + 1] = b.originY(m);
            ctx.startPose[o + 2] = b.originZ(m);
            ctx.startPose[o + 3] = b.qx[m];
            ctx.startPose[o + 4] = b.qy[m];
            ctx.startPose[o + 5] = b.qz[m];
            ctx.startPose[o + 6] = b.qw[m];
        }
        for (int k = 0; k < ctx.moving; k++) {
            int m = ctx.movingSlot[k];
            int o = 12 * k;
            if (b.motion[m] == MotionType.DYNAMIC.ordinal()) {
                double g = b.gravityScale[m] * h;
                b.vx[m] += gx * g;
                b.vy[m] += gy * g;
                b.vz[m] += gz * g;
                ctx.motion[o + 6] += gx * g;
                ctx.motion[o + 7] += gy * g;
                ctx.motion[o + 8] += gz * g;
            }
            // the rigid solver's path, plus what the soft contacts have changed of the velocity
            b.px[m] += (ctx.motion[o] + b.vx[m] - ctx.motion[o + 6]) * h;
            b.py[m] += (ctx.motion[o + 1] + b.vy[m] - ctx.motion[o + 7]) * h;
            b.pz[m] += (ctx.motion[o + 2] + b.vz[m] - ctx.motion[o + 8]) * h;
            rotate(b, m, (ctx.motion[o + 3] + b.wx[m] - ctx.motion[o + 9]) * h,
                    (ctx.motion[o + 4] + b.wy[m] - ctx.motion[o + 10]) * h,
                    (ctx.motion[o + 5] + b.wz[m] - ctx.motion[o + 11]) * h);
        }
        softVelocities(s, h);
        Arrays.fill(ctx.contactSlot, 0, s.points, -1);
        Arrays.fill(ctx.contactDepth, 0, s.points, 0.0);
        for (int k = 0; k < ctx.pairs; k++) {
            sweep.sweepPoints(s, k);
            sweep.sweepFeatures(s, k);
        }
    }

    /** Each soft body's mass-weighted mean velocity before this sub-step's gravity ({@link CouplingState#softVelocity}). */
    private void softVelocities(SoftBodyState s, double h) {
        SoftBodyStore st = ctx.store;
        if (ctx.softVelocity.length < 3 * st.size()) {
            ctx.softVelocity = new double[3 * st.size()];
        }
        for (int b = 0; b < st.size(); b++) {
            double m = 0, px = 0, py = 0, pz = 0;
            for (int i = st.pointStart[b], e = i + st.pointCount[b]; i < e; i++) {
                double w = s.invMass[i];
                if (w > 0) {
                    double mi = 1 / w;
                    m += mi;
                    px += mi * s.v[3 * i];
                    py += mi * s.v[3 * i + 1];
                    pz += mi * s.v[3 * i + 2];
                }
            }
            double inv = m > 0 ? 1 / m : 0;
            ctx.softVelocity[3 * b] = px * inv - gx * h;
            ctx.softVelocity[3 * b + 1] = py * inv - gy * h;
            ctx.softVelocity[3 * b + 2] = pz * inv - gz * h;
        }
    }

    @Override
    public void project(SoftBodyState s, double h) {
        if (attach.count > 0) {
            attach.project(s, h);
        }
        int projected = cage.contacts;
        for (int k = 0; k < ctx.pairs; k++) {
            cage.projectPoints(s, k, h);
            cage.projectFeatures(s, k, h);
        }
        onStatic.projectRigidOnStatic(h);
        contacts += cage.contacts - projected;
        if (softSoft.hasPairs()) {
            int before = softSoft.contacts;
            softSoft.project(s, ctx.store, ctx.bodyBounds);
            contacts += softSoft.contacts - before;
        }
    }

    /** Margin around a moving candidate's swept bounds within which static bodies are kept for it, metres. */
    static final double NEAR_MARGIN = 0.05;

    /**
     * The static bodies near each moving dynamic candidate ({@link CouplingState#nearSlot}), in slot order: the
     * ground under a rigid body that a soft body presses on is one of them even when it is not near the soft body
     * itself. (Before, only the soft bodies' own static candidates were used: a 50 kg plank under a soft cube,
     * whose bounds ended above the ground, was pressed 4.7 cm into it within every pass.)
     */
    private void nearStatics(BodyStore bodies, double dt) {
        if (ctx.nearStart.length < ctx.moving + 1) {
            ctx.nearStart = new int[2 * ctx.moving + 1];
        }
        int count = 0;
        double[] rb = bodies.bounds;
        for (int k = 0; k < ctx.moving; k++) {
            ctx.nearStart[k] = count;
            int m = ctx.movingSlot[k];
            if (bodies.motion[m] != MotionType.DYNAMIC.ordinal()) {
                continue;
            }
            double[] box = ctx.tmp6;
            for (int a = 0; a < 3; a++) {
                double v = a == 0 ? bodies.vx[m] : a == 1 ? bodies.vy[m] : bodies.vz[m];
                double back = -v * dt;
                box[a] = Math.min(rb[6 * m + a], rb[6 * m + a] + back) - NEAR_MARGIN;
                box[a + 3] = Math.max(rb[6 * m + 3 + a], rb[6 * m + 3 + a] + back) + NEAR_MARGIN;
            }
            for (int slot = 0, n = bodies.slotLimit(); slot < n; slot++) {
                if (slot == m || !bodies.isLive(slot) || bodies.motion[slot] != MotionType.STATIC.ordinal()
                        || bodies.state[slot] == BodyState.DISABLED.ordinal() || !supported(bodies.shape[slot])) {
                    continue;
                }
                int r = 6 * slot;
                if (rb[r] > box[3] || rb[r + 3] < box[0] || rb[r + 1] > box[4] || rb[r + 4] < box[1] || rb[r + 2] > box[5]
                        || rb[r + 5] < box[2]) {
                    continue;
                }
                if (count == ctx.nearSlot.length) {
                    ctx.nearSlot = Arrays.copyOf(ctx.nearSlot, 2 * count);
                }
                ctx.nearSlot[count++] = slot;
            }
        }
        ctx.nearStart[ctx.moving] = count;
    }

    @Override
    public void endSubStep(SoftBodyState s, double h) {
        if (softSoft.hasPairs()) {
            softSoft.friction(s, h); // soft–soft Coulomb friction
        }
        onStatic.stopApproach();
        BodyStore b = ctx.rigid;
        double[] x = s.x, v = s.v, n = ctx.contactN;
        for (int k = 0; k < ctx.pairs; k++) {
            int body = ctx.pairSoft[k];
            if (k > 0 && ctx.pairSoft[k - 1] == body) {
                continue; // points of this body were done with its first pair
            }
            double mu0 = ctx.store.friction[body];
            for (int i = ctx.store.pointStart[body], e = i + ctx.store.pointCount[body]; i < e; i++) {
                int slot = ctx.contactSlot[i];
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
                double wp = s.invMass[i];
                double wr = response.rigidInverseMass(slot, x[o], x[o + 1], x[o + 2], tx / vt, ty / vt, tz / vt);
                if (wr == 0) { // a static, kinematic or sleeping body: the point alone takes it
                    double dv = Math.min(mu * ctx.contactDepth[i] / h, vt) / vt;
                    v[o] -= tx * dv;
                    v[o + 1] -= ty * dv;
                    v[o + 2] -= tz * dv;
                    continue;
                }
                // a moving dynamic body takes the equal and opposite impulse (before, friction only slowed the
                // point): the impulse that stops the sliding, shared by generalised inverse mass, at most μ times
                // the normal impulse (contactDepth / wp over h)
                double p = Math.min(vt / (wp + wr), mu * ctx.contactDepth[i] / (wp * h)) / vt;
                v[o] -= wp * p * tx;
                v[o + 1] -= wp * p * ty;
                v[o + 2] -= wp * p * tz;
                response.applyVelocityImpulse(slot, x[o], x[o + 1], x[o + 2], p * tx, p * ty, p * tz);
            }
        }
    }
}
