package dev.rubble.core.soft;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.dynamics.Carriers;
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
 * Attachments to awake dynamic rigid bodies are solved the same way, as constraints inside the
 * sub-steps ({@link AttachmentCoupling}): the holder is re-advanced with the soft body and hands
 * back the pose and velocity the solve gave it (docs/constraints.md, "Two-way soft attachments").
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
     * @param rigid the rigid bodies (poses and velocities are changed by contacts and two-way attachments)
     */
    public void step(BodyStore rigid, double dt, double gx, double gy, double gz) {
        step(rigid, dt, gx, gy, gz, null);
    }

    /**
     * As {@link #step(BodyStore, double, double, double, double)}; an attachment to a body that {@code carriers} says
     * another carries (a member welded into a cluster union; null: none) is held by the carrier at the same point
     * ({@link SoftBodyStore#updateAttachments(BodyStore, Carriers)}).
     */
    public void step(BodyStore rigid, double dt, double gx, double gy, double gz, Carriers carriers) {
        if (loads != null) {
            loads.clearSoftLoads();
        }
        if (store.size() == 0) {
            return;
        }
        long t0 = System.nanoTime();
        keepStart();
        store.updateAttachments(rigid, carriers);
        // two-way attachments: their points are free for the solve, joined to their holders by constraints
        coupling.couple(store, rigid);
        coupling.prepare(rigid, store, dt, gx, gy, gz);
        SoftSolver sv = solver();
        int n = slices(sv, dt);
        if (n == 1) {
            sv.step(store.state, dt, gx, gy, gz, coupling.active() ? coupling : SoftContacts.NONE);
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
        coupling.uncouple(store.state); // (after the guard: a frozen body's attached points are held where it froze)
        nanos = System.nanoTime() - t0;
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
