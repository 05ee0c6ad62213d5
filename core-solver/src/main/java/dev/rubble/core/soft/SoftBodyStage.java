package dev.rubble.core.soft;

import dev.rubble.core.body.BodyStore;
import dev.rubble.spi.soft.SoftContacts;
import dev.rubble.spi.soft.SoftSolver;
import java.util.Objects;
import java.util.function.IntConsumer;
import java.util.function.Supplier;

/**
 * The soft-body pass of a step, with explicit inputs: the rigid {@link BodyStore}, the step, the
 * gravity and the chosen {@link SoftSolver}; it owns the {@link SoftBodyStore}.
 *
 * <p>Coupling (docs/soft-bodies.md): the pass runs once per step after the rigid contact solve
 * and restitution have stored the rigid velocities, and before islands, sleeping and bounds. Rigid
 * bodies near a soft body are moved back along their velocity to where the step began and
 * re-advanced through the soft solver's sub-steps, so soft and rigid bodies meet one sub-step at
 * a time; every soft–rigid correction is shared by generalised inverse mass and changes the
 * rigid body's pose and velocity (the equal and opposite impulse). Rigid bodies therefore feel
 * soft bodies within the same step, and the islands and sleep test that follow see the result.
 * With no soft bodies the pass does nothing and costs nothing.
 */
public final class SoftBodyStage {
    private final Supplier<SoftSolver> solverFactory;
    private final IntConsumer wake;
    private SoftSolver solver;
    private final SoftBodyStore store = new SoftBodyStore();
    private final SoftRigidCoupling coupling = new SoftRigidCoupling();
    /** Time of the last pass, nanoseconds. */
    public long nanos;

    /**
     * @param solverFactory creates the solver on the first step with soft bodies (the plugin may be absent otherwise)
     * @param wake          called after a pass with the slot of each sleeping rigid body a soft body pushed
     */
    public SoftBodyStage(Supplier<SoftSolver> solverFactory, IntConsumer wake) {
        this.solverFactory = Objects.requireNonNull(solverFactory, "solverFactory is null");
        this.wake = Objects.requireNonNull(wake, "wake is null");
    }

    /** The soft bodies. */
    public SoftBodyStore store() {
        return store;
    }

    /** The solver (created on first use). */
    public SoftSolver solver() {
        if (solver == null) {
            solver = Objects.requireNonNull(solverFactory.get(), "soft solver factory returned null");
        }
        return solver;
    }

    /** Contacts projected during the last pass. */
    public int contacts() {
        return coupling.contacts;
    }

    /** Where the soft bodies' collision loads on rigid bodies go each step (destruction reads them), or null. */
    private dev.rubble.core.collision.ContactStore loads;

    /** Sends the soft bodies' collision loads on rigid bodies to {@code contacts} (docs/soft-bodies.md, "Compounds"). */
    public void loadsInto(dev.rubble.core.collision.ContactStore contacts) {
        this.loads = contacts;
    }

    /**
     * Records the rigid poses the step starts from (called before the rigid solve when there are
     * soft bodies): the soft pass re-advances rigid candidates from there along the rigid solver's path.
     */
    public void recordStart(BodyStore rigid) {
        if (store.size() > 0) {
            coupling.recordStart(rigid);
        }
    }


    /**
     * Advances every soft body by {@code dt}, colliding with the rigid bodies.
     *
     * @param rigid the rigid bodies (poses and velocities are changed by contacts)
     */
    public void step(BodyStore rigid, double dt, double gx, double gy, double gz) {
        if (loads != null) {
            loads.clearSoftLoads();
        }
        if (store.size() == 0) {
            return;
        }
        long t0 = System.nanoTime();
        keepStart();
        boolean twoWay = store.attachments > 0;
        if (twoWay) {
            momentumBefore();
        }
        store.updateAttachments(rigid);
        coupling.prepare(rigid, store, dt, gx, gy, gz);
        SoftSolver sv = solver();
        int n = slices(sv, dt);
        if (n == 1) {
            sv.step(store.state, dt, gx, gy, gz, coupling.hasPairs() ? coupling : SoftContacts.NONE);
        } else {
            stepSliced(sv, n, dt, gx, gy, gz);
        }
        if (!coupling.hasPairs()) {
            coupling.contacts = 0;
        }
        if (loads != null && coupling.hasPairs()) {
            coupling.loadsInto(loads);
        }
        coupling.finish(wake);
        isolated = isolateNonFinite();
        if (twoWay) {
            pullRigid(rigid, dt, gx, gy, gz);
        }
        nanos = System.nanoTime() - t0;
    }

    // ---- two-way attachments (issue 29) ----
    private double[] momentum = new double[0];
    private final double[] dw = new double[3];

    /**
     * The momentum of each soft body before the pass: its free points' (inverse mass > 0) and its
     * attached points' (their cage mass at their velocity), 6 numbers per body.
     */
    private void momentumBefore() {
        if (momentum.length < 6 * store.size()) {
            momentum = new double[6 * Math.max(store.size(), 4)];
        }
        for (int b = 0; b < store.size(); b++) {
            momentum(b, momentum, 6 * b);
        }
    }

    private final double[] after = new double[6];
    private double freeMass, attachedMass;
    private int attachedCount, pinCount;

    /** Body b's free and attached momentum into out[o..o+6); sets freeMass, attachedMass, attachedCount, pinCount. */
    private void momentum(int b, double[] out, int o) {
        var s = store.state;
        double px = 0, py = 0, pz = 0, free = 0;
        for (int i = store.pointStart[b], e = i + store.pointCount[b]; i < e; i++) {
            double w = s.invMass[i];
            if (w > 0) {
                px += s.v[3 * i] / w;
                py += s.v[3 * i + 1] / w;
                pz += s.v[3 * i + 2] / w;
                free += 1 / w;
            }
        }
        double am = 0;
        int n = 0, pins = 0;
        for (int k = 0; k < s.pins; k++) {
            if (store.pointBody[s.pinPoint[k]] == b) {
                pins++;
            }
        }
        for (int k = 0; k < store.attachments; k++) {
            int point = s.pinPoint[store.attachPin[k]];
            if (store.pointBody[point] == b) {
                am += store.cage[b].masses()[point - store.pointStart[b]];
                n++;
            }
        }
        out[o] = px;
        out[o + 1] = py;
        out[o + 2] = pz;
        freeMass = free;
        attachedMass = am;
        attachedCount = n;
        pinCount = pins;
    }

    /**
     * Two-way attachments (issue 29): the impulse the attachment pins gave each soft body during the
     * pass, by the momentum balance of its free points ({@code J = ΔP - M_free g dt}), goes back to
     * the rigid bodies holding it, with the weight of the attached points themselves (they move with
     * the rigid body: {@code m_pin g dt}), split evenly over the body's attachments and applied at each
     * attachment point (so it also turns the rigid body). A soft body that touched a rigid body in the
     * pass stays one-way for that step: its contact impulses, already exchanged by the coupling, would be
     * counted twice. Sleeping rigid bodies are not pushed (an attachment at rest keeps them asleep).
     * Also one-way: a soft body that has plain pins too (their pull is not a rigid body's).
     *
     * <p>Staggered: the soft pass runs after the rigid solve and position integration, so the pull of
     * step N reaches the rigid body's velocity at the end of step N (momentum is exchanged in full within
     * the step) while its position and the rigid solver's forces see it from step N+1 (one step late;
     * exact under a steady load; docs/constraints.md "Two-way soft attachments").
     * <p>Explicit (the rigid body feels the pull one step late) and the attached points' inertia is not
     * the rigid body's: right for a rigid body that is held (a joint, a support, a heavy body: the weld
     * test carries the block's weight within 3 %), but a free rigid body falling with a soft body hanging
     * from it accelerates faster than g (measured 1.14 g for a hook three times the block's mass), and
     * one lighter than what hangs on it can go unstable. Solving the attachment inside the soft solver's
     * sub-steps with the rigid body's generalised inverse mass (as the soft–rigid contacts do) is the fix.
     */
    private double[] pull = new double[0];
    private boolean[] pulled = new boolean[0];

    private void pullRigid(BodyStore rigid, double dt, double gx, double gy, double gz) {
        var s = store.state;
        if (pulled.length < store.attachments) {
            pull = new double[3 * store.attachments];
            pulled = new boolean[store.attachments];
        }

        for (int b = 0; b < store.size(); b++) {
            momentum(b, after, 0);
            int n = attachedCount;
            // a body also pinned to the world (plain pins) stays one-way: those pins' pull is not the rigid body's
            if (n == 0 || pinCount != n || coupling.touchedRigid(store, b)) {
                continue;
            }
            int o = 6 * b;
            double free = freeMass;
            // the impulse through the pins on the free points: ΔP_free - M_free g dt; the attached points move
            // with the rigid body, which must give them their change of momentum against their weight
            double jx = after[0] - momentum[o] - free * gx * dt, jy = after[1] - momentum[o + 1] - free * gy * dt,
                    jz = after[2] - momentum[o + 2] - free * gz * dt;
            double rx = -jx / n, ry = -jy / n, rz = -jz / n; // each attachment's share of the pull
            for (int k = 0; k < store.attachments; k++) {
                int point = s.pinPoint[store.attachPin[k]];
                if (store.pointBody[point] != b) {
                    continue;
                }
                long h = store.attachBody[k];
                int slot = (int) h;
                if (!rigid.isLive(slot) || rigid.generation[slot] != (int) (h >>> 32)
                        || rigid.state[slot] != dev.rubble.core.body.BodyState.AWAKE.ordinal()
                        || rigid.motion[slot] != dev.rubble.core.body.MotionType.DYNAMIC.ordinal()) {
                    continue;
                }
                // the attached point moves with the rigid body: it weighs on it (m g dt)
                double m = store.cage[b].masses()[point - store.pointStart[b]];
                double ax = s.x[3 * point] - rigid.px[slot], ay = s.x[3 * point + 1] - rigid.py[slot],
                        az = s.x[3 * point + 2] - rigid.pz[slot];
                double ux = rx + m * gx * dt, uy = ry + m * gy * dt, uz = rz + m * gz * dt;
                pull[3 * k] = ux;
                pull[3 * k + 1] = uy;
                pull[3 * k + 2] = uz;
                pulled[k] = true;
            }
            // applied after all are measured: an attachment's Δv must not see another's pull of this step
            for (int k = 0; k < store.attachments; k++) {
                if (!pulled[k]) {
                    continue;
                }
                pulled[k] = false;
                int point = s.pinPoint[store.attachPin[k]];
                int slot = (int) store.attachBody[k];
                double ux = pull[3 * k], uy = pull[3 * k + 1], uz = pull[3 * k + 2];
                double ax = s.x[3 * point] - rigid.px[slot], ay = s.x[3 * point + 1] - rigid.py[slot],
                        az = s.x[3 * point + 2] - rigid.pz[slot];
                double im = rigid.invMass[slot];
                rigid.vx[slot] += ux * im;
                rigid.vy[slot] += uy * im;
                rigid.vz[slot] += uz * im;
                dev.rubble.core.body.Inertia.applyInverseWorld(rigid, slot, ay * uz - az * uy, az * ux - ax * uz,
                        ax * uy - ay * ux, dw);
                rigid.wx[slot] += dw[0];
                rigid.wy[slot] += dw[1];
                rigid.wz[slot] += dw[2];
            }
        }
    }

    /** Soft bodies frozen by the finiteness guard during the last pass (see {@link #isolateNonFinite}). */
    public int isolated;
    /** Soft bodies frozen by the finiteness guard since the world began. */
    public int isolatedTotal;
    private double[] startX = new double[0];

    /** Copies every point's position at the start of the pass (for the finiteness guard). */
    private void keepStart() {
        var s = store.state;
        int n = 3 * s.points;
        if (startX.length < n) {
            startX = new double[n];
        }
        System.arraycopy(s.x, 0, startX, 0, n);
    }

    /**
     * The finiteness guard of soft bodies (rigid bodies have {@code NonFiniteGuard}): a soft body
     * with any control point whose position or velocity stopped being finite during the pass is
     * put back where the pass found it, at rest, and frozen (every point's inverse mass 0: it stays
     * where it is, rigid bodies still collide with it), so no NaN reaches contacts, renderers, outputs
     * or the state hash. Scans 6 doubles per point, allocates nothing. Returns how many bodies it froze.
     */
    private int isolateNonFinite() {
        var s = store.state;
        double[] x = s.x, v = s.v;
        int found = 0;
        for (int b = 0; b < store.size(); b++) {
            int from = 3 * store.pointStart[b], to = from + 3 * store.pointCount[b];
            boolean ok = true;
            for (int k = from; k < to && ok; k++) {
                ok = Double.isFinite(x[k]) && Double.isFinite(v[k]);
            }
            if (ok) {
                continue;
            }
            found++;
            System.arraycopy(startX, from, x, from, to - from);
            System.arraycopy(startX, from, s.prev, from, to - from);
            java.util.Arrays.fill(v, from, to, 0.0);
            java.util.Arrays.fill(s.invMass, store.pointStart[b], store.pointStart[b] + store.pointCount[b], 0.0);
            System.getLogger("dev.rubble.core.soft").log(System.Logger.Level.WARNING,
                    "soft body " + b + (store.label[b] == null ? "" : " '" + store.label[b] + "'")
                            + " became non-finite; frozen where the step began");
        }
        isolatedTotal += found;
        return found;
    }

    /** At most this many slices per step (a 50 m/s body meets a 0.125 m cage in 2 cm sub-steps at the defaults). */
    static final int MAX_SLICES = 8;
    private double minEdge = Double.NaN;
    private int minEdgeOf = -1;
    private double[] pinFrom = new double[0], pinTo = new double[0];

    /**
     * How many slices the solver takes this step: enough that no rigid candidate moves more than
     * a quarter of the cage's shortest edge in one solver sub-step, 1 to {@link #MAX_SLICES}. A
     * fast heavy body otherwise crosses a whole layer of control points between two contact
     * passes and crushes it (the reference's "a fast hit flips springs"); slow scenes are
     * unaffected (one slice, bit for bit what they were).
     */
    private int slices(SoftSolver sv, double dt) {
        if (!coupling.hasPairs()) {
            return 1;
        }
        var s = store.state;
        if (minEdgeOf != s.edges) {
            double m = Double.POSITIVE_INFINITY;
            for (int e = 0; e < s.edges; e++) {
                m = Math.min(m, s.restLength[e]);
            }
            minEdge = m;
            minEdgeOf = s.edges;
        }
        double perSubStep = coupling.maxTravel(dt) / sv.subSteps();
        double allowed = 0.25 * minEdge;
        if (!(perSubStep > allowed)) {
            return 1;
        }
        return (int) Math.min(MAX_SLICES, Math.ceil(perSubStep / allowed));
    }

    /** {@code n} solver steps of {@code dt / n}; pin targets are approached a slice at a time. */
    private void stepSliced(SoftSolver sv, int n, double dt, double gx, double gy, double gz) {
        var s = store.state;
        if (pinFrom.length < 3 * s.pins) {
            pinFrom = new double[3 * s.pins];
            pinTo = new double[3 * s.pins];
        }
        for (int k = 0; k < s.pins; k++) {
            int p = 3 * s.pinPoint[k];
            for (int a = 0; a < 3; a++) {
                pinFrom[3 * k + a] = s.x[p + a];
                pinTo[3 * k + a] = s.pinTarget[3 * k + a];
            }
        }
        for (int j = 1; j <= n; j++) {
            double f = (double) j / n;
            for (int k = 0; k < 3 * s.pins; k++) {
                s.pinTarget[k] = j == n ? pinTo[k] : pinFrom[k] + (pinTo[k] - pinFrom[k]) * f;
            }
            sv.step(s, dt / n, gx, gy, gz, coupling);
        }
    }

    /** {@code h} with the soft-body state mixed in ({@code h} itself when there are no soft bodies). */
    public long mixHash(long h) {
        return store.mixHash(h);
    }
}
