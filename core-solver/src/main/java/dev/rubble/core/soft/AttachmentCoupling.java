package dev.rubble.core.soft;

import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.Inertia;
import dev.rubble.core.body.MotionType;
import dev.rubble.spi.soft.SoftBodyState;
import java.util.Arrays;

/**
 * Two-way attachments of soft points to dynamic rigid bodies, solved inside the soft solve as XPBD
 * attachment constraints (Müller et al. 2020, "Detailed Rigid Body Simulation with Extended Position
 * Based Dynamics" §3.3 and §3.5; docs/constraints.md, "Two-way soft attachments").
 *
 * <pre>
 *  couple      per attachment k whose holder is an awake dynamic body: the attached point gets its cage
 *              mass back (it was a pin, inverse mass 0) and its pin is hidden from the solver for the pass
 *              (the pins are stably compacted: one-way pins first, s.pins = their count)
 *  project     (every solver iteration) C = x_p - a(q_rigid) = 0, a the holder's attachment point
 *              (x_rigid + R l_k), compliance 0: Δλ = |C| / (w_p + n w_r), w_r = 1/m + (r×n)ᵀ I⁻¹ (r×n), n the
 *              number of this pass's attachments on that holder (mass splitting, below);
 *              the point moves by -w_p Δλ n, the rigid body by the positional impulse Δλ n at a, and its
 *              velocity by the same displacement over the sub-step (RigidResponse.applyToRigid)
 *  uncouple    pins back as they were, the points' inverse mass 0 again, their pin targets where the pass
 *              left them (between steps an attached point is a pin, as snapshots and journals know it)
 * </pre>
 *
 * The rigid body takes part in the sub-steps as a moving candidate of {@link SoftRigidCoupling} (moved back to
 * where the step began, re-advanced a sub-step at a time with gravity), so the pose and velocity it hands back
 * to the rigid pipeline are those of the soft solve: velocity = displacement over the sub-step, as PBD derives
 * the points' own. The holder and the hanging soft body exchange equal and opposite impulses only: a free
 * system's momentum changes by gravity alone.
 *
 * <p>Mass splitting (Tonge, Benevolenski and Voroshilov 2012): the attachments are projected one after another
 * (Gauss-Seidel), and a light holder with many of them was moved almost all the way to each one in turn; with
 * two 51 kg soft blocks on 50 points of a 2 kg bar, whose generalised inverse mass its spin about the long axis
 * dominates, the sweep gained energy from the second step of free fall ({@code SharedHolderTest}). Each of a
 * holder's n attachments now sees it with n times its inverse mass; the impulse it applies is the one it
 * computes, so the constraints and the momentum exchanged are those of before, the holder's share of each
 * correction smaller. A holder with one attachment is solved exactly as before.
 *
 * <p>A body welded into a cluster union is held by the union's body, at the same point of the member
 * ({@link SoftBodyStore#updateAttachments(BodyStore, dev.rubble.core.dynamics.Carriers)}): the union is the holder
 * that is pulled, or followed.
 *
 * <p>An attachment stays one-way (its point a pin following the holder, as for static and kinematic holders)
 * when the holder is sleeping, removed, disabled, static or kinematic; when its point is also pinned to the
 * world or attached one-way; and when its soft body has no free point (frozen by the finiteness guard).
 * Deterministic (attachments in index order); allocation-free once the scratch has grown.
 */
final class AttachmentCoupling {
    private final CouplingState ctx;
    private final RigidResponse response;
    /** The attachments coupled this pass, ascending, and their number. */
    int[] coupled = new int[8];
    int count;
    /** The point of each coupled attachment (a global point index). */
    private int[] point = new int[8];
    /** Scratch: the pins as they were (point, target xyz), per pin kind (1: hidden), per point mark, per body. */
    private int[] savedPoint = new int[8], pinKind = new int[8];
    private double[] savedTarget = new double[24];
    private int savedPins;
    private byte[] mark = new byte[0];
    private boolean[] free = new boolean[4];

    /** Per coupled attachment: how many of this pass's coupled attachments its holder has; scratch per rigid slot. */
    private int[] shareOf = new int[8], perSlot = new int[0];

    AttachmentCoupling(CouplingState ctx, RigidResponse response) {
        this.ctx = ctx;
        this.response = response;
    }

    /**
     * Whether attachment {@code k}'s holder this pass ({@link SoftBodyStore#holderSlot}: its body, or the union's body
     * carrying it) is an awake dynamic rigid body (it can be pulled this pass).
     */
    private static boolean pullable(SoftBodyStore st, BodyStore rigid, int k) {
        int slot = st.holderSlot[k];
        return slot >= 0 && rigid.state[slot] == BodyState.AWAKE.ordinal() && rigid.motion[slot] == MotionType.DYNAMIC.ordinal()
                && rigid.invMass[slot] > 0;
    }

    /**
     * Chooses this pass's two-way attachments and frees their points (see the class comment); returns how many.
     * Does nothing (and touches nothing) when no attachment's holder can be pulled.
     */
    int couple(SoftBodyStore st, BodyStore rigid) {
        count = 0;
        savedPins = -1;
        SoftBodyState s = st.state;
        int any = 0;
        for (int k = 0; k < st.attachments; k++) {
            if (pullable(st, rigid, k)) {
                any++;
            }
        }
        if (any == 0) {
            return 0;
        }
        if (free.length < st.size()) {
            free = new boolean[Math.max(st.size(), 2 * free.length)];
        }
        for (int b = 0; b < st.size(); b++) { // a body with no free point is frozen: it pulls nothing
            boolean f = false;
            for (int i = st.pointStart[b], e = i + st.pointCount[b]; i < e && !f; i++) {
                f = s.invMass[i] > 0;
            }
            free[b] = f;
        }
        if (pinKind.length < s.pins) {
            int cap = Math.max(s.pins, 2 * pinKind.length);
            pinKind = new int[cap];
            savedPoint = new int[cap];
            savedTarget = new double[3 * cap];
        }
        if (mark.length < s.points) {
            mark = new byte[Math.max(s.points, 2 * mark.length)];
        }
        Arrays.fill(pinKind, 0, s.pins, 0);
        for (int k = 0; k < st.attachments; k++) {
            int pin = st.attachPin[k];
            if (pullable(st, rigid, k) && free[st.pointBody[s.pinPoint[pin]]]) {
                pinKind[pin] = 1;
            }
        }
        // a point with any one-way pin (to the world, to a kinematic or sleeping holder) stays a pin
        for (int k = 0; k < s.pins; k++) {
            mark[s.pinPoint[k]] = 0;
        }
        for (int k = 0; k < s.pins; k++) {
            int p = s.pinPoint[k];
            mark[p] = pinKind[k] == 0 ? 2 : mark[p] == 2 ? 2 : (byte) 1;
        }
        for (int k = 0; k < s.pins; k++) {
            if (pinKind[k] == 1 && mark[s.pinPoint[k]] != 1) {
                pinKind[k] = 0;
            }
        }
        for (int k = 0; k < st.attachments; k++) {
            if (pinKind[st.attachPin[k]] == 1) {
                if (count == coupled.length) {
                    coupled = Arrays.copyOf(coupled, 2 * count);
                    point = Arrays.copyOf(point, 2 * count);
                }
                point[count] = s.pinPoint[st.attachPin[k]];
                coupled[count++] = k;
            }
        }
        if (count == 0) {
            return 0;
        }
        // hide the coupled pins: the one-way ones first, in their order (the solver and the slicing see only those)
        savedPins = s.pins;
        System.arraycopy(s.pinPoint, 0, savedPoint, 0, s.pins);
        System.arraycopy(s.pinTarget, 0, savedTarget, 0, 3 * s.pins);
        int n = 0;
        for (int k = 0; k < savedPins; k++) {
            int p = savedPoint[k];
            if (pinKind[k] == 1) {
                s.invMass[p] = 1 / st.cage[st.pointBody[p]].masses()[p - st.pointStart[st.pointBody[p]]];
                continue;
            }
            s.pinPoint[n] = p;
            s.pinTarget[3 * n] = savedTarget[3 * k];
            s.pinTarget[3 * n + 1] = savedTarget[3 * k + 1];
            s.pinTarget[3 * n + 2] = savedTarget[3 * k + 2];
            n++;
        }
        s.pins = n;
        if (ctx.heldBy.length < s.points) {
            ctx.heldBy = new int[Math.max(s.points, 2 * ctx.heldBy.length)];
        }
        Arrays.fill(ctx.heldBy, 0, s.points, -1);
        if (ctx.coupledBody.length < st.size()) {
            ctx.coupledBody = new boolean[Math.max(st.size(), 2 * ctx.coupledBody.length)];
        }
        Arrays.fill(ctx.coupledBody, 0, st.size(), false);
        for (int j = 0; j < count; j++) {
            ctx.heldBy[point[j]] = holder(st, j);
            ctx.coupledBody[st.pointBody[point[j]]] = true;
        }
        ctx.coupledPoints = count;
        // mass splitting: each of a holder's n attachments sees n times its inverse mass (class comment)
        if (shareOf.length < count) {
            shareOf = new int[Math.max(count, 2 * shareOf.length)];
        }
        if (perSlot.length < rigid.slotLimit()) {
            perSlot = new int[Math.max(rigid.slotLimit(), 2 * perSlot.length)];
        }
        for (int j = 0; j < count; j++) {
            perSlot[holder(st, j)]++;
        }
        for (int j = 0; j < count; j++) {
            shareOf[j] = perSlot[holder(st, j)];
        }
        for (int j = 0; j < count; j++) {
            perSlot[holder(st, j)] = 0;
        }
        return count;
    }

    /**
     * Puts the pins back as {@link #couple} found them; the coupled points are pins again (inverse mass 0) with
     * their targets where the pass left them. Their velocities are the solver's (displacement over the sub-step).
     */
    void uncouple(SoftBodyState s) {
        if (savedPins < 0) {
            return;
        }
        s.pins = savedPins;
        System.arraycopy(savedPoint, 0, s.pinPoint, 0, savedPins);
        System.arraycopy(savedTarget, 0, s.pinTarget, 0, 3 * savedPins);
        for (int k = 0; k < savedPins; k++) {
            if (pinKind[k] == 1) {
                int p = savedPoint[k];
                s.invMass[p] = 0;
                s.pinTarget[3 * k] = s.x[3 * p];
                s.pinTarget[3 * k + 1] = s.x[3 * p + 1];
                s.pinTarget[3 * k + 2] = s.x[3 * p + 2];
            }
        }
        savedPins = -1;
        count = 0;
        ctx.coupledPoints = 0;
    }

    /** The rigid slot holding coupled attachment {@code j} ({@code j < count}) this pass. */
    int holder(SoftBodyStore st, int j) {
        return st.holderSlot[coupled[j]];
    }

    /**
     * One projection of every coupled attachment, in attachment order: the point and its holder's attachment
     * point meet, each moved in proportion to its (generalised) inverse mass.
     */
    void project(SoftBodyState s, double h) {
        SoftBodyStore st = ctx.store;
        BodyStore b = ctx.rigid;
        double[] x = s.x, l = st.holderLocal;
        for (int j = 0; j < count; j++) {
            int k = coupled[j];
            int slot = st.holderSlot[k];
            int p = point[j], o = 3 * p;
            double lx = l[3 * k], ly = l[3 * k + 1], lz = l[3 * k + 2];
            double qx = b.qx[slot], qy = b.qy[slot], qz = b.qz[slot], qw = b.qw[slot];
            double ax = b.px[slot] + Inertia.rotX(qx, qy, qz, qw, lx, ly, lz);
            double ay = b.py[slot] + Inertia.rotY(qx, qy, qz, qw, lx, ly, lz);
            double az = b.pz[slot] + Inertia.rotZ(qx, qy, qz, qw, lx, ly, lz);
            double dx = x[o] - ax, dy = x[o + 1] - ay, dz = x[o + 2] - az;
            double len = Math.sqrt(dx * dx + dy * dy + dz * dz);
            if (!(len > 0)) {
                continue;
            }
            double nx = dx / len, ny = dy / len, nz = dz / len;
            double wp = s.invMass[p];
            double wr = response.rigidInverseMass(slot, ax, ay, az, nx, ny, nz);
            double dl = len / (wp + shareOf[j] * wr);
            x[o] -= wp * dl * nx;
            x[o + 1] -= wp * dl * ny;
            x[o + 2] -= wp * dl * nz;
            response.applyToRigid(slot, ax, ay, az, dl * nx, dl * ny, dl * nz, h, wr);
        }
    }
}
