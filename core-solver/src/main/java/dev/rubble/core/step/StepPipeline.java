package dev.rubble.core.step;

import dev.rubble.core.body.BodyBounds;
import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.Kinematics;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.collision.ContactStore;
import dev.rubble.core.dynamics.ContactSolver;
import dev.rubble.core.dynamics.DynamicsSettings;
import dev.rubble.core.dynamics.Motion;
import dev.rubble.spi.broadphase.Broadphase;
import java.util.List;
import java.util.Objects;

/**
 * One step, as a fixed script of named, timed slots over explicit state (the Box2D v3
 * {@code b2World_Step} shape; Jolt's {@code PhysicsSystem::Update}). Read {@link #run} top to
 * bottom: it is the whole step.
 *
 * <pre>
 *  step:      COMMANDS -> FIELDS -> BROADPHASE -> NARROWPHASE -> WAKE (woken islands' parked manifolds back)
 *             -> SOLVE (prepare rows) -> [sub-step x N] -> RESTITUTION -> DESTRUCTION -> SLEEP
 *             -> kinematic bodies snap to targets -> REMOVAL -> BOUNDS (+ motion v·dt) -> EVENTS -> STATE_HASH
 *  sub-step:  INTEGRATE_VELOCITY -> SOLVE (warm start, biased iterations) -> INSERT_BODIES
 *             -> INTEGRATE_POSITION -> RELAX (unbiased iterations)
 * </pre>
 * FIELDS, DESTRUCTION, REMOVAL and EVENTS are filled by the capabilities that need them (a
 * {@link StepStage} each, chosen when the engine is assembled); an empty slot costs a null check.
 * See {@link ContactSolver} for why the solve is split around position integration.
 *
 * <p>Integration is symplectic (semi-implicit) Euler: velocities first from forces, then positions
 * from the new velocities. With constant gravity this gives, after n steps of h,
 * {@code y = y0 - g t^2/2 - g h t/2}: the test oracle for free fall. Orientation is integrated as
 * {@code q += h/2 * (w, 0) * q}, then renormalised. Bodies created during a step enter after the
 * velocity solve and before integration (reference: rage-rigid-body-pipeline §5) and hold still
 * for the rest of that step (issue 11: they had no broadphase and no contacts in it, so moving them
 * could pass them through anything within one step of motion); their bounds already cover their
 * next step's motion, which starts with contacts.
 *
 * <p>Allocation-free in steady state: the context, profile, pair buffer and body arrays are reused.
 */
public final class StepPipeline {
    private final StepContext ctx;
    private final StepClock clock;
    private final ContactSolver solver = new ContactSolver();
    /** Issue 29: the constraints' rows, solved after the contact rows of every iteration ({@link #iterate}). */
    private final dev.rubble.core.dynamics.ConstraintSolver joints = new dev.rubble.core.dynamics.ConstraintSolver();
    private final CommandStage commands = new CommandStage();
    private static final dev.rubble.core.destruction.PassSlot[] PASSES = dev.rubble.core.destruction.PassSlot.values();
    private final StepStage fields, destruction, removal, events;
    /** The EVENTS slot's contact follower (begin/end/hit, the pre-solve hook), when that slot is the event stage. */
    private final EventStage eventStage;
    private final double[] forceScratch = new double[3];
    private final dev.rubble.core.parallel.StepExecutor executor;

    /**
     * A pipeline over {@code ctx}, timed by {@code clock}; the optional slots take the given
     * stages (null = empty).
     */
    public StepPipeline(StepContext ctx, StepClock clock, StepStage fields, StepStage destruction,
            StepStage removal, StepStage events) {
        this(ctx, clock, fields, destruction, removal, events, dev.rubble.core.parallel.StepExecutor.Inline.INSTANCE);
    }

    /**
     * As above, with the parallel stages on {@code executor} (issue 26: the result is the same bits
     * for any executor and thread count, docs/parallel.md).
     */
    public StepPipeline(StepContext ctx, StepClock clock, StepStage fields, StepStage destruction,
            StepStage removal, StepStage events, dev.rubble.core.parallel.StepExecutor executor) {
        this.ctx = Objects.requireNonNull(ctx, "ctx is null");
        this.clock = Objects.requireNonNull(clock, "clock is null");
        this.fields = fields;
        this.destruction = destruction;
        this.removal = removal;
        this.events = events;
        this.eventStage = events instanceof EventStage e ? e : null;
        this.executor = Objects.requireNonNull(executor, "executor is null");
        solver.setExecutor(executor);
    }

    /** The executor of the parallel stages. */
    public dev.rubble.core.parallel.StepExecutor executor() {
        return executor;
    }

    /** The state this pipeline steps. */
    public StepContext context() {
        return ctx;
    }

    /** Runs one step of {@code settings.dt()}; the profile describes it afterwards. */
    public void step() {
        if (ctx.stepping) {
            throw new IllegalStateException("step() called from inside a step");
        }
        ctx.stepping = true;
        ctx.states.resetCounts();
        try {
            run(ctx.stepIndex, ctx.time + ctx.settings.dt());
        } finally {
            ctx.stepping = false;
        }
        ctx.time = (ctx.stepIndex + 1) * ctx.settings.dt();
        ctx.stepIndex++;
    }

    private void run(long index, double endTime) {
        final StepContext c = ctx;
        final StepProfile p = c.profile;
        final BodyStore b = c.bodies;
        final ContactStore cs = c.contacts;
        final WorldSettings settings = c.settings;
        final DynamicsSettings ds = settings.dynamics();
        final double dt = settings.dt();
        p.resetTimings();
        long t0 = clock.nanoTime();

        long t = t0;
        c.constraintBreaks.clear();
        p.commands = commands.run(c);
        t = lap(StepSlot.COMMANDS, t);

        t = optional(fields, StepSlot.FIELDS, t);
        p.ignoredFieldValues = c.fields.ignoredValues();

        p.droppedManifolds = p.droppedContacts = 0;
        t = broadphaseAndContacts(b, cs, dt, t);

        p.woken = c.sleep.wakeTouched(c.states, cs, ds);
        if (c.constraints.size() > 0) { // constrained bodies wake together (issue 29)
            p.woken += dev.rubble.core.dynamics.ConstraintSolver.wakeLinked(c.states, c.constraints,
                    c.destruction.unions(), carried); // a union's member stands for its union (issue 29)
        }
        // wake once: the narrowphase parked the manifolds of sleeping islands (their pairs are not
        // reported); the woken islands' come back now and are solved this step
        int restored = p.woken > 0 ? c.contactStage.restoreWoken(b, cs) : 0;
        if (restored > 0) {
            p.droppedContacts += ContactSolver.enforcePointBudget(cs, settings.maxContacts());
            p.droppedManifolds = cs.droppedThisStep;
        }
        t = lap(StepSlot.WAKE, t);
        if (restored < 0) {
            // a contact stage that parks nothing: find the woken islands' pairs again
            p.droppedManifolds = p.droppedContacts = 0;
            t = broadphaseAndContacts(b, cs, dt, t);
        }

        // issue 22: collections that resolve impacts break before the solve what a trial of it breaks,
        // so the solve meets the struck pieces as free bodies (docs/destruction.md "Impacts")
        exactCount = 0;
        if (c.destruction.impactsWantedFirst()) {
            t = impacts(c, b, cs, ds, dt, index, t);
            exactCount = c.destruction.collectReleasedBeforeSolve();
        }

        if (c.softBodies.store().size() > 0) {
            c.softBodies.recordStart(b); // the soft pass re-advances rigid bodies from here (docs/soft-bodies.md, "Coupling")
        }
        final int n = settings.subSteps();
        final double h = dt / n;
        final int velocityIterations = settings.velocityIterations();
        final int relaxIterations = settings.positionIterations();
        solver.setGravity(settings.gravityX(), settings.gravityY(), settings.gravityZ());
        // issue 29: constraints on bodies retired by commands, fields or the impact pass follow their pieces
        ConstraintOps.followPieces(c, index);
        prepare(c, b, cs, ds, dt, n);
        if (c.destruction.anyResolve()) {
            crush(c, cs, n);
        }
        t = lap(StepSlot.SOLVE, t);
        // issue 11: bodies inserted during this step had no broadphase or contacts in it, so they hold
        // still until its end (they are appended to the awake partition: the first `movers` move)
        int movers = Integer.MAX_VALUE;
        fastTurns.begin(b); // the poses the step starts from, for the sweep of fast turns after it
        for (int sub = 0; sub < n; sub++) {
            integrate(b, h, ds, settings, movers, velocityTask);
            if (b.anyForced()) {
                applyForces(b, h, ds, movers, forceScratch); // issue 24: forces and torques on every sub-step
            }
            t = lap(StepSlot.INTEGRATE_VELOCITY, t);

            solver.loadVelocities();
            if (joints.active()) {
                // the joints' rows and the inertia both solves see this sub-step (the tension's geometric stiffness),
                // before the contacts' warm start, which must see it too (docs/constraints.md)
                joints.prepareSubStep(h);
            }
            solver.warmStart();
            solver.updateSeparations();
            if (joints.active()) {
                joints.warmStartSubStep();
            }
            for (int it = 0; it < velocityIterations; it++) {
                iterate(true);
            }
            solver.storeVelocities();
            t = lap(StepSlot.SOLVE, t);

            int before = b.awakeCount();
            insertPendingBodies(c);
            if (movers == Integer.MAX_VALUE && b.awakeCount() != before) {
                movers = before;
            }
            t = lap(StepSlot.INSERT_BODIES, t);

            if (exactCount > 0) {
                saveReleasedPoses(b, c.destruction);
            }
            integrate(b, h, ds, settings, movers, positionTask);
            if (exactCount > 0) {
                saveIntegratedPoses(b);
            }
            t = lap(StepSlot.INTEGRATE_POSITION, t);

            solver.updateSeparations();
            for (int it = 0, e = solver.relaxIterations(relaxIterations); it < e; it++) { // more after a bounce
                iterate(false);
            }
            solver.storeVelocities();
            if (joints.active()) {
                joints.projectPositions(); // joints drifted apart by more than a slop pulled together (docs/constraints.md)
            }
            if (exactCount > 0) {
                moveReleased(b, h); // issue 22 item 4: a piece released before the solve moves v h with its final velocity
            }
            solver.endSubStep();
            if (ds.gyroscopic() && sub < n - 1) {
                gyroscopicEnd(b, h, movers, ds); // issue 11: the second half of the momentum-conserving gyroscopic term
            }
            t = lap(StepSlot.RELAX, t);
        }

        solver.restitutionAndStore();
        java.util.Arrays.fill(p(c).fixedImpulse, 0);
        if (c.destruction.anyResolve()) {
            solver.fixedImpulse(p(c).fixedImpulse); // issue 22: what the anchors absorbed (read-out)
        }
        if (exactCount > 0) {
            moveReleased(b, h); // again with the velocity restitution left (the last sub-step's start pose)
        }
        if (ds.gyroscopic()) {
            // the last sub-step's second half of the gyroscopic term comes after the end-of-step
            // bounce, which stores the solver's copy of the velocities: run before it, it was
            // overwritten for every body with a manifold, which then kept the sub-step's midpoint
            // angular velocity and lost its angular momentum (docs/dynamics.md, "Motion", `gyroscopic`)
            gyroscopicEnd(b, h, movers, ds);
        }
        if (joints.active()) {
            breakConstraints(c, index);
        }
        b.clearForces(); // forces act for one step; a persistent force field writes them again next step
        t = lap(StepSlot.RESTITUTION, t);

        // a body whose state became NaN or infinite is disabled and counted before it spreads through
        // strain, contacts or sleep (issue 17)
        p.nonFinite = dev.rubble.core.dynamics.NonFiniteGuard.isolate(c.states, b);
        // a long body whose fast turn this step passed into or through static geometry is put back where its sweep
        // first met it (docs/dynamics.md, "Fast turns")
        p.fastTurns = fastTurns.end(b, c.pairs, dt, ctx.broadphase, settings.gravityX(), settings.gravityY(), settings.gravityZ());
        p.fastTurnShapes = fastTurns.tested();

        // soft bodies advance and exchange impulses with the rigid bodies, which now have their final
        // velocities; destruction, islands and sleep below see the result (docs/soft-bodies.md, "Coupling")
        if (c.softBodies.store().size() > 0) {
            // attachments to a welded member are held by its union's body, as its joints are
            c.softBodies.step(b, dt, settings.gravityX(), settings.gravityY(), settings.gravityZ(), c.destruction.unions());
            // soft bodies frozen by their own finiteness guard, and rigid bodies a soft contact made non-finite
            p.nonFinite += c.softBodies.isolated + dev.rubble.core.dynamics.NonFiniteGuard.isolate(c.states, b);
            t = lap(StepSlot.SOFT, t);
        }

        long unionRebuilds = c.destruction.unions().rebuilds();
        t = optional(destruction, StepSlot.DESTRUCTION, t);
        // the anchors' share of restored momentum is booked with the solve's (read-out only, as above)
        c.destruction.drainReturnedByFixed(c.destruction.anyResolve() ? p(c).fixedImpulse : null);
        if (destruction != null) { // issue 23: each destruction pass's time, a sub-slot of DESTRUCTION
            for (dev.rubble.core.destruction.PassSlot ps : PASSES) {
                p.passNanos[ps.ordinal()] = c.destruction.passNanos(ps);
            }
        }
        // issue 13: the budget counters of this step's destruction (zero when the slot did not run)
        dev.rubble.core.destruction.DestructionStats ds13 = c.destruction.stats();
        p.breaks = ds13.breaks();
        p.deferredBreaks = ds13.deferred();
        p.oldestDeferral = ds13.oldestDeferral();
        p.released = ds13.released();
        p.throttled = ds13.throttled();
        if (destruction != null) {
            if (p.released > 0 || c.destruction.unions().rebuilds() != unionRebuilds) {
                // pieces released at their parent's pose beyond the coordinate range (a collection the step
                // carried to the edge) are out of the world from the step that made them, not the next one: a
                // snapshot saved between the two was refused by every restore (docs/dynamics.md, "Non-finite
                // state"). The same bodies, and only those, are disabled a step earlier; scenes in range keep
                // their bits. A union split, dissolved or rebuilt in the slot likewise: it frees members and makes
                // bodies where its members were, which the union's body (its centre of mass in range) carried
                // beyond the range, also when the split released no piece (a kill field over a welded wall).
                p.nonFinite += dev.rubble.core.dynamics.NonFiniteGuard.isolate(c.states, b);
            }
            t = reserveForReleases(c, b, cs, p.released, t);
        }

        c.sleep.disableSlow(c.states); // issue 24: per-body disable thresholds (a flag check until a field sets one)
        p.islands = c.sleep.update(c.states, cs, ds, dt, joints.edges(), joints.edgeCount(), executor);
        t = lap(StepSlot.SLEEP, t);

        // kinematic bodies snap onto their targets only now: relax, restitution and the sleep
        // test saw their real velocity
        arriveKinematics(b);
        t = lap(StepSlot.INTEGRATE_POSITION, t);

        t = optional(removal, StepSlot.REMOVAL, t);
        ConstraintOps.followPieces(c, index); // issue 29: ... and those on bodies the breaks and removals retired

        boundsDt = dt; // issue 26: per body (its own six bounds slots; shapes are immutable), in blocks
        integrate(b, dt, ds, settings, b.awakeCount(), boundsTask);
        t = lap(StepSlot.BOUNDS, t);

        t = optional(events, StepSlot.EVENTS, t);

        p.stateHash = c.stateHash();
        t = lap(StepSlot.STATE_HASH, t);

        p.step = index;
        p.time = endTime;
        p.subSteps = n;
        p.awake = b.count(BodyState.AWAKE);
        p.sleeping = b.count(BodyState.SLEEPING);
        p.statics = b.count(BodyState.STATIC);
        p.disabled = b.count(BodyState.DISABLED);
        int kin = 0;
        for (int i = 0, awake = b.awakeCount(); i < awake; i++) {
            if (b.motion[b.order[i]] == MotionType.KINEMATIC.ordinal()) {
                kin++;
            }
        }
        p.kinematic = kin;
        p.pairs = c.pairs.size();
        p.manifolds = cs.size();
        p.contactPoints = solver.pointsPrepared();
        p.threads = executor.threads();
        p.colours = solver.colours();
        p.overflow = solver.overflow();
        p.warmStarted = c.contactStage.pointsWarmStarted();
        p.cachedPairs = c.contactStage.pairsCached();
        p.queryNanos = c.queryStats.takeNanos();
        p.queries = c.queryStats.takeCount();
        p.spawned = c.states.created();
        p.removed = c.states.removed();
        p.totalNanos = t - t0;
    }

    /**
     * Contact room reserved per piece released or about to be (issue 27 item 1), above what this
     * step used: the shatter bench's 400 chunks (compounds of 25 hulls, packed as the wall was)
     * needed 6.9 pairs, 4.6 manifolds and 16.8 points per body at their first contacts.
     */
    static final int RESERVE_PAIRS = 7, RESERVE_MANIFOLDS = 5, RESERVE_POINTS = 17;
    /** What {@link #reserveForReleases} reserved so far (capacities only ever grow). */
    private int reservedPairs, reservedManifolds, reservedPoints, solverManifolds, solverPoints;

    /**
     * Issue 27 item 1: after the destruction slot, the broadphase's pair buffer, the contact store,
     * the contact stage's caches and the solver grow to room for this step's use plus
     * {@link #RESERVE_PAIRS} pairs, {@link #RESERVE_MANIFOLDS} manifolds and {@link #RESERVE_POINTS}
     * points per piece released this step or strained to be released next step
     * ({@link dev.rubble.core.destruction.DestructionRuntime#mayReleaseNext}), so the burst of first
     * contacts after a release (the pieces start packed against each other) does not grow them in
     * its step: a cluster's break step already reserves for its children's. Paid on the DESTRUCTION
     * slot of the step that reserves; capacity only, no result changes; nothing when nothing is
     * released or strained to break.
     */
    private long reserveForReleases(StepContext c, BodyStore b, ContactStore cs, int releasedNow, long t) {
        int next = c.destruction.mayReleaseNext();
        if (releasedNow + next == 0) {
            return t;
        }
        boolean grew = false;
        // the contact stores, for the pieces that exist now (their first contacts are next step); an eighth
        // more than asked, so a release step after a break step that reserved does not grow them again
        long pairs = c.pairs.size() + (long) RESERVE_PAIRS * releasedNow;
        long manifolds = cs.size() + (long) RESERVE_MANIFOLDS * releasedNow;
        long points = solver.pointsPrepared() + (long) RESERVE_POINTS * releasedNow;
        if (pairs > reservedPairs || manifolds > reservedManifolds || points > reservedPoints) {
            reservedPairs = grow(reservedPairs, pairs, Integer.MAX_VALUE - 8);
            reservedManifolds = grow(reservedManifolds, manifolds, c.settings.maxManifolds());
            reservedPoints = grow(reservedPoints, points, c.settings.maxContacts());
            c.pairs.reserve(reservedPairs);
            cs.reserve(reservedManifolds);
            c.contactStage.reserve(reservedPairs, reservedManifolds, reservedPoints);
            grew = true;
        }
        // the solver's rows (the largest part, 488 bytes a point) a step earlier: also for the pieces strained
        // to be released next step, so a break step and the release step after it share the growth
        long rowManifolds = cs.size() + (long) RESERVE_MANIFOLDS * (releasedNow + next);
        long rowPoints = solver.pointsPrepared() + (long) RESERVE_POINTS * (releasedNow + next);
        if (rowManifolds > solverManifolds || rowPoints > solverPoints) {
            solverManifolds = grow(solverManifolds, rowManifolds, c.settings.maxManifolds());
            solverPoints = grow(solverPoints, rowPoints, c.settings.maxContacts());
            solver.reserve((int) Math.min(b.px.length, 2L * solverManifolds + 1), solverManifolds, solverPoints);
            grew = true;
        }
        if (!grew) {
            return t;
        }
        return lap(StepSlot.DESTRUCTION, t);
    }

    /**
     * A reservation that must hold {@code need}: unchanged when it does, else the larger of an eighth
     * more than needed and twice what it was (so the release steps of a budgeted break, each releasing a
     * little more, grow the stores once or twice instead of every step), at most {@code cap}.
     */
    static int grow(int have, long need, long cap) {
        if (need <= have) {
            return have;
        }
        return (int) Math.min(Math.max(need + need / 8, 2L * have), cap);
    }

    /**
     * The solver's row preparation, with the event stage's contact following (begin/end and the
     * pre-solve hook) just before it and the hook's materials just after (docs/events.md). Kept
     * out of {@link #run}: that method is already long, and growing it changed what the JIT makes of it.
     */
    private void prepare(StepContext c, BodyStore b, ContactStore cs, DynamicsSettings ds, double dt, int n) {
        if (eventStage != null) {
            eventStage.beforeSolve(c);
        }
        solver.prepare(b, cs, ds, dt, n);
        if (eventStage != null) {
            eventStage.afterPrepare(solver);
        }
        joints.speedLimits(ds.maxLinearSpeed(), ds.maxAngularSpeed()); // motors drive to at most these
        solver.speedLimits(ds.maxLinearSpeed(), ds.maxAngularSpeed()); // and the solve hands back at most these
        joints.beginStep(b, c.constraints, solver, c.destruction.unions()); // members' joints act on their union
    }

    /**
     * One solver iteration: the contact rows, then the constraint rows (issue 29), serially. The
     * one place both solvers are called from per iteration.
     */
    private void iterate(boolean useBias) {
        solver.solve(useBias);
        if (joints.active()) {
            if (joints.holds()) {
                joints.solveHeld(useBias); // a heavy body jointed to a held light one: held before the joint rows
            }
            joints.solve(useBias);
        }
    }

    /**
     * The constraints' impulses kept for the next step; those over a break threshold are removed,
     * their bodies woken and the breaks listed in {@code c.constraintBreaks} (issue 29).
     */
    private void breakConstraints(StepContext c, long index) {
        int nb = joints.endStep();
        if (nb == 0) {
            return;
        }
        int[] broken = joints.broken();
        dev.rubble.core.dynamics.ConstraintStore st = c.constraints;
        for (int k = nb - 1; k >= 0; k--) { // from the back: earlier indices stay valid
            int i = broken[k];
            int sa = (int) st.bodyA[i];
            // a welded member's anchor where its union carries it now (its own pose is a step old until DESTRUCTION)
            ConstraintOps.pointToWorld(c, sa, st.frameA[7 * i], st.frameA[7 * i + 1], st.frameA[7 * i + 2], anchor, carried);
            ConstraintOps.report(c.constraintBreaks, new dev.rubble.core.dynamics.ConstraintBreak(index, st.id[i],
                    st.typeName[i], st.bodyA[i], st.bodyB[i], st.force[i], st.torque[i], anchor[0], anchor[1], anchor[2],
                    ConstraintOps.switched(c, st.bodyA[i]) || ConstraintOps.switched(c, st.bodyB[i])));
            ConstraintOps.wakeBodies(c, i);
            st.removeAt(i);
        }
    }

    private final double[] anchor = new double[3];
    /** Scratch of the constraints' wake-up: a union member's pose in its union. */
    private final double[] carried = new double[7];

    /** Pieces the step's break prediction released (issue 22 item 4), their slots and sub-step start poses (7 each). */
    private int exactCount;
    private int[] exactSlot = new int[16];
    private double[] exactPose = new double[16 * 7];

    /** Saves the pose of every piece released before this step's solve at the start of a sub-step's integration. */
    private void saveReleasedPoses(BodyStore b, dev.rubble.core.destruction.DestructionRuntime rt) {
        if (exactSlot.length < exactCount) {
            exactSlot = new int[Math.max(exactCount, exactSlot.length * 2)];
            exactPose = new double[exactSlot.length * 7];
        }
        for (int i = 0; i < exactCount; i++) {
            int s = rt.releasedBeforeSolve(i), o = 7 * i;
            exactSlot[i] = s;
            b.copyPose(s, exactPose, o);
        }
    }

    /**
     * Issue 22 item 4: a piece released before the solve ends the sub-step at its start pose moved with
     * the velocity it ends the sub-step with, {@code x = x0 + v h} and the orientation turned by {@code ω h}
     * exactly as {@link #integratePositions} turns it. The relax iterations after integration (and
     * restitution) change the velocity of a piece being pushed, by up to a third in the demo; without
     * this its displacement would be the biased velocity's, not the one it leaves with. Where the relax
     * iterations left pieces pressed together still approaching (a chain of pieces stopping an impact in two
     * passes), that move would put them into each other by the difference: such a piece stays where the
     * integrator put it ({@link ContactSolver#holdBack}; looks pass 2026-12-07, {@code ReleasedPiecesOverlapTest}).
     */
    private void moveReleased(BodyStore b, double h) {
        if (exactNew.length < 7 * exactCount) {
            exactNew = new double[exactPose.length];
            exactCorr = new double[6 * exactSlot.length];
            exactKeep = new boolean[exactSlot.length];
        }
        for (int i = 0; i < exactCount; i++) {
            int s = exactSlot[i], o = 7 * i, c6 = 6 * i;
            double px = exactPose[o] + b.vx[s] * h;
            double py = exactPose[o + 1] + b.vy[s] * h;
            double pz = exactPose[o + 2] + b.vz[s] * h;
            double qx = exactPose[o + 3], qy = exactPose[o + 4], qz = exactPose[o + 5], qw = exactPose[o + 6];
            double wx = b.wx[s], wy = b.wy[s], wz = b.wz[s];
            if (wx != 0 || wy != 0 || wz != 0) {
                double hh = 0.5 * h;
                double nx = qx + hh * (wx * qw + wy * qz - wz * qy);
                double ny = qy + hh * (wy * qw + wz * qx - wx * qz);
                double nz = qz + hh * (wz * qw + wx * qy - wy * qx);
                double nw = qw - hh * (wx * qx + wy * qy + wz * qz);
                double inv = 1 / Math.sqrt(nx * nx + ny * ny + nz * nz + nw * nw);
                qx = nx * inv; qy = ny * inv; qz = nz * inv; qw = nw * inv;
            }
            exactNew[o] = px; exactNew[o + 1] = py; exactNew[o + 2] = pz;
            exactNew[o + 3] = qx; exactNew[o + 4] = qy; exactNew[o + 5] = qz; exactNew[o + 6] = qw;
            // the correction from the integrated pose: Δp, and the turn's rotation vector as the solver reads
            // a turn (2 v / w of q conj(q_integrated), ContactSolver.bodyMotion)
            exactCorr[c6] = px - exactInt[o];
            exactCorr[c6 + 1] = py - exactInt[o + 1];
            exactCorr[c6 + 2] = pz - exactInt[o + 2];
            double bx = -exactInt[o + 3], by = -exactInt[o + 4], bz = -exactInt[o + 5], bw = exactInt[o + 6];
            double x = qw * bx + qx * bw + qy * bz - qz * by;
            double y = qw * by - qx * bz + qy * bw + qz * bx;
            double z = qw * bz + qx * by - qy * bx + qz * bw;
            double w = qw * bw - qx * bx - qy * by - qz * bz;
            double k = w != 0 ? 2 / w : 0;
            exactCorr[c6 + 3] = k * x;
            exactCorr[c6 + 4] = k * y;
            exactCorr[c6 + 5] = k * z;
            exactKeep[i] = true;
        }
        solver.holdBack(exactSlot, exactCorr, exactKeep, exactCount, RELEASED_OVERLAP);
        for (int i = 0; i < exactCount; i++) {
            int s = exactSlot[i], o = 7 * i;
            double[] pose = exactKeep[i] ? exactNew : exactInt;
            b.px[s] = pose[o]; b.py[s] = pose[o + 1]; b.pz[s] = pose[o + 2];
            b.qx[s] = pose[o + 3]; b.qy[s] = pose[o + 4]; b.qz[s] = pose[o + 5]; b.qw[s] = pose[o + 6];
        }
    }

    /**
     * m: how much deeper than its integrated pose left it (and than touching) {@link #moveReleased} may take a
     * contact of a released piece: a millimetre, a hundredth of a small piece and under what a picture shows.
     */
    static final double RELEASED_OVERLAP = 1e-3;

    /** Scratch of {@link #moveReleased}: the poses it would set (7 each), their corrections (6 each), which it keeps. */
    private double[] exactNew = new double[0], exactCorr = new double[0];
    private boolean[] exactKeep = new boolean[0];
    /** The released pieces' integrated poses of the current sub-step (7 each). */
    private double[] exactInt = new double[16 * 7];

    /** Saves the integrated pose of every piece released before this step's solve (after a sub-step's integration). */
    private void saveIntegratedPoses(BodyStore b) {
        if (exactInt.length < exactPose.length) {
            exactInt = new double[exactPose.length];
        }
        for (int i = 0; i < exactCount; i++) {
            b.copyPose(exactSlot[i], exactInt, 7 * i);
        }
    }

    /**
     * Issue 22, local failure: pieces released before the solve crush what they are pushed against in
     * an anchored holder instead of carrying the impact into its anchors (docs/destruction.md "Local failure").
     */
    private void crush(StepContext c, ContactStore cs, int subSteps) {
        for (int m = 0, size = cs.size(); m < size; m++) {
            double cap = c.destruction.crushCap(m, subSteps);
            if (cap < Double.POSITIVE_INFINITY) {
                solver.capNormalImpulse(m, cap);
            }
        }
    }

    private double[] savedN = new double[0], savedT1 = new double[0], savedT2 = new double[0];

    /**
     * The break prediction of issue 22 ({@code DestructionRuntime.predictBreaks}): up to {@code DestructionRuntime.IMPACT_PASSES} times, a
     * trial of the first sub-step's velocity solve (body velocities untouched: the solver works on its
     * own copies and nothing is stored back) leaves its impulses in the contact store, the destruction
     * runtime releases the children they break, the store's own impulses come back (they warm start the
     * real solve), and, when something was released, contacts are found again for the new bodies.
     */
    private long impacts(StepContext c, BodyStore b, ContactStore cs, DynamicsSettings ds, double dt, long index,
            long t) {
        final WorldSettings settings = c.settings;
        final dev.rubble.core.destruction.DestructionRuntime rt = c.destruction;
        for (int k = 0; k < dev.rubble.core.destruction.DestructionRuntime.IMPACT_PASSES; k++) {
            if (k > 0 && !rt.impactsWanted()) {
                break;
            }
            int points = cs.size() * ContactStore.MAX_POINTS;
            if (savedN.length < points) {
                int cap = Math.max(points, savedN.length * 2);
                savedN = new double[cap];
                savedT1 = new double[cap];
                savedT2 = new double[cap];
            }
            System.arraycopy(cs.normalImpulse, 0, savedN, 0, points);
            System.arraycopy(cs.tangentImpulse1, 0, savedT1, 0, points);
            System.arraycopy(cs.tangentImpulse2, 0, savedT2, 0, points);
            solver.setGravity(settings.gravityX(), settings.gravityY(), settings.gravityZ());
            solver.prepare(b, cs, ds, dt, settings.subSteps());
            solver.loadVelocities();
            // the speeds the solve will start from: the integrator clamps them before every sub-step (a pellet set
            // above the limit broke in the trial what its clamped momentum does not; ImpactSpeedLimitTest)
            solver.clampLoadedSpeeds(ds.maxLinearSpeed(), ds.maxAngularSpeed());
            solver.warmStart();
            solver.updateSeparations();
            for (int it = 0; it < settings.velocityIterations(); it++) {
                solver.solve(true);
            }
            // the relax iterations after integration too: a contact speculative at the sub-step's start
            // takes its stopping impulse there (the bodies stay where they are: separations as if moved)
            solver.trialAdvance();
            for (int it = 0; it < settings.positionIterations(); it++) {
                solver.solve(false);
            }
            solver.storeTrialImpulses();
            p(c).trialSolves++;
            int broken = rt.predictBreaks(index);
            System.arraycopy(savedN, 0, cs.normalImpulse, 0, points);
            System.arraycopy(savedT1, 0, cs.tangentImpulse1, 0, points);
            System.arraycopy(savedT2, 0, cs.tangentImpulse2, 0, points);
            t = lap(StepSlot.DESTRUCTION, t);
            if (broken == 0) {
                break;
            }
            // the released pieces have bodies now: their contacts (and the retired holders' end) before the solve
            p(c).droppedManifolds = p(c).droppedContacts = 0;
            t = broadphaseAndContacts(b, cs, dt, t);
        }
        return t;
    }

    private static StepProfile p(StepContext c) {
        return c.profile;
    }

    /** Adds the time since {@code since} to {@code slot}; returns now. */
    private long lap(StepSlot slot, long since) {
        long now = clock.nanoTime();
        ctx.profile.stageNanos[slot.ordinal()] += now - since;
        return now;
    }

    private long optional(StepStage stage, StepSlot slot, long since) {
        if (stage == null) {
            return since;
        }
        stage.run(ctx);
        return lap(slot, since);
    }

    private final dev.rubble.core.collision.GhostContacts ghosts = new dev.rubble.core.collision.GhostContacts();
    private final dev.rubble.core.collision.FastTurns fastTurns = new dev.rubble.core.collision.FastTurns();

    private long broadphaseAndContacts(BodyStore b, ContactStore cs, double dt, long t) {
        final StepProfile p = ctx.profile;
        broadphase(b);
        t = lap(StepSlot.BROADPHASE, t);

        // the chosen narrowphase plugin (or a test's generator); warm starts from cs; margins
        // look ahead one step of motion
        ctx.contactStage.setNoContactPairs(ctx.constraints.noContactPairs()); // issue 29: collideConnected
        ctx.contactStage.generate(b, ctx.pairs, cs, dt);
        // speculative manifolds no motion of this step can touch (passing a box's edge) hold nothing
        ghosts.filter(b, cs, dt, ctx.settings.gravityX(), ctx.settings.gravityY(), ctx.settings.gravityZ());
        // the narrowphase drops points past maxContacts itself; count those too, or a full budget is silent
        p.droppedContacts = ContactSolver.enforcePointBudget(cs, ctx.settings.maxContacts())
                + ctx.contactStage.pointsDropped();
        p.droppedManifolds = cs.droppedThisStep;
        return lap(StepSlot.NARROWPHASE, t);
    }

    private void broadphase(BodyStore b) {
        Broadphase bp = ctx.broadphase;
        double[] bo = b.bounds;
        for (int i = 0, awake = b.awakeCount(); i < awake; i++) {
            int s = b.order[i];
            int o = s * 6;
            bp.update(s, bo[o], bo[o + 1], bo[o + 2], bo[o + 3], bo[o + 4], bo[o + 5]);
        }
        ctx.pairs.clear();
        bp.findPairs(ctx.pairs);
        ctx.states.fixCreatedProxies(); // wake once: bodies created fixed had their pairs found once
        ctx.pairs.sort();
    }

    private static void insertPendingBodies(StepContext c) {
        List<dev.rubble.core.body.BodyDef> pending = c.pendingSpawns;
        for (int i = 0; i < pending.size(); i++) {
            c.states.create(pending.get(i));
        }
        pending.clear();
    }

    // integration over blocks of the awake partition (issue 26): every item is one body, its own slots only
    private BodyStore intBodies;
    private double intH;
    private DynamicsSettings intDynamics;
    private WorldSettings intSettings;
    private final dev.rubble.core.parallel.RangeTask velocityTask =
            (lo, hi) -> integrateVelocities(intBodies, intH, intDynamics, intSettings, lo, hi);
    private final dev.rubble.core.parallel.RangeTask positionTask =
            (lo, hi) -> integratePositions(intBodies, intH, lo, hi);
    private double boundsDt;
    private final dev.rubble.core.parallel.RangeTask boundsTask = (lo, hi) -> updateBounds(intBodies, boundsDt, lo, hi);

    /** Awake bodies {@code [lo, hi)} of the awake partition: bounds at the new pose, grown by the step's motion. */
    private static void updateBounds(BodyStore b, double dt, int lo, int hi) {
        for (int i = lo; i < hi; i++) {
            int s = b.order[i];
            b.updateBounds(s);
            BodyBounds.expandBounds(b, s, dt);
        }
    }

    /**
     * {@code task} over the first {@code min(awake, movers)} bodies of the awake partition, in blocks
     * on the executor (inline below 512 bodies): each body's integration reads and writes only that
     * body, so the split cannot change a bit.
     */
    private void integrate(BodyStore b, double h, DynamicsSettings ds, WorldSettings settings, int movers,
            dev.rubble.core.parallel.RangeTask task) {
        int n = Math.min(b.awakeCount(), movers);
        intBodies = b;
        intH = h;
        intDynamics = ds;
        intSettings = settings;
        executor.runSplit(n, 256, 4, task);
    }

    private static void integrateVelocities(BodyStore b, double h, DynamicsSettings ds, WorldSettings settings,
            int lo, int hi) {
        final boolean gyroscopic = ds.gyroscopic();
        final double maxLinear = ds.maxLinearSpeed();
        final double maxAngular = ds.maxAngularSpeed();
        final double gx = settings.gravityX();
        final double gy = settings.gravityY();
        final double gz = settings.gravityZ();
        final byte dynamic = (byte) MotionType.DYNAMIC.ordinal();
        for (int i = lo; i < hi; i++) {
            int s = b.order[i];
            if (b.motion[s] != dynamic) {
                continue;
            }
            if (gyroscopic) {
                Motion.gyroscopic(b, s, h);
            }
            double gs = b.gravityScale[s] * h;
            double vx = b.vx[s] + gx * gs;
            double vy = b.vy[s] + gy * gs;
            double vz = b.vz[s] + gz * gs;
            double ld = b.linearDamping[s];
            if (ld != 0) {
                // Padé approximation of exp(-c h): stable for any h (as Box2D)
                double k = 1 / (1 + h * ld);
                vx *= k;
                vy *= k;
                vz *= k;
            }
            double ad = b.angularDamping[s];
            if (ad != 0) {
                double k = 1 / (1 + h * ad);
                b.wx[s] *= k;
                b.wy[s] *= k;
                b.wz[s] *= k;
            }
            b.vx[s] = vx;
            b.vy[s] = vy;
            b.vz[s] = vz;
            Motion.clampSpeeds(b, s, maxLinear, maxAngular);
        }
    }

    /**
     * Forces and torques of this step (issue 24: applyForce/applyTorque, LinearForce/AngularTorque
     * fields): {@code v += F/m h}, {@code w += I⁻¹ τ h} (world inverse inertia) for every awake
     * dynamic body that has one, each sub-step, after gravity and before the contact solve. The
     * speed limits apply after them as after gravity: a 1e308 N force moved a ball 5e301 m in one
     * step (and two of them overflowed to infinity; {@link dev.rubble.core.body.Velocities}).
     */
    private static void applyForces(BodyStore b, double h, DynamicsSettings ds, int movers, double[] dw) {
        final byte dynamic = (byte) MotionType.DYNAMIC.ordinal();
        final double maxLinear = ds.maxLinearSpeed(), maxAngular = ds.maxAngularSpeed();
        for (int i = 0, awake = Math.min(b.awakeCount(), movers); i < awake; i++) {
            int s = b.order[i];
            if (b.forced[s] == 0 || b.motion[s] != dynamic) {
                continue;
            }
            double k = b.invMass[s] * h;
            dev.rubble.core.body.Velocities.addSaturating(b.vx, b.vy, b.vz, s, b.fx[s], b.fy[s], b.fz[s], k, maxLinear);
            if (b.tx[s] != 0 || b.ty[s] != 0 || b.tz[s] != 0) {
                dev.rubble.core.body.Velocities.addAngularSaturating(b, s, b.tx[s], b.ty[s], b.tz[s], h, maxAngular, dw);
            }
            Motion.clampSpeeds(b, s, maxLinear, maxAngular);
        }
    }

    /**
     * {@link Motion#gyroscopicEnd} for every awake dynamic body (end of a sub-step), within the speed limits: the term
     * keeps the angular momentum, not the spin's length, and after the solve's clamp it took a flat box struck at a
     * plane from the 100 rad/s limit to 104.5 rad/s at its step's end (fuzz15t; docs/java-api.md "Huge inputs").
     */
    private static void gyroscopicEnd(BodyStore b, double h, int movers, DynamicsSettings ds) {
        final byte dynamic = (byte) MotionType.DYNAMIC.ordinal();
        final double maxLinear = ds.maxLinearSpeed(), maxAngular = ds.maxAngularSpeed();
        for (int i = 0, awake = Math.min(b.awakeCount(), movers); i < awake; i++) {
            int s = b.order[i];
            if (b.motion[s] == dynamic) {
                Motion.gyroscopicEnd(b, s, h);
                Motion.clampSpeeds(b, s, maxLinear, maxAngular);
            }
        }
    }

    private static void arriveKinematics(BodyStore b) {
        final byte kinematic = (byte) MotionType.KINEMATIC.ordinal();
        for (int i = 0, awake = b.awakeCount(); i < awake; i++) {
            int s = b.order[i];
            if (b.motion[s] == kinematic) {
                Kinematics.arrive(b, s);
            }
        }
    }

    private static void integratePositions(BodyStore b, double h, int lo, int hi) {
        for (int i = lo; i < hi; i++) {
            int s = b.order[i];
            b.px[s] += b.vx[s] * h;
            b.py[s] += b.vy[s] * h;
            b.pz[s] += b.vz[s] * h;
            double wx = b.wx[s], wy = b.wy[s], wz = b.wz[s];
            if (wx != 0 || wy != 0 || wz != 0) {
                double qx = b.qx[s], qy = b.qy[s], qz = b.qz[s], qw = b.qw[s];
                double hh = 0.5 * h;
                // q' = q + h/2 * (w, 0) * q
                double nx = qx + hh * (wx * qw + wy * qz - wz * qy);
                double ny = qy + hh * (wy * qw + wz * qx - wx * qz);
                double nz = qz + hh * (wz * qw + wx * qy - wy * qx);
                double nw = qw - hh * (wx * qx + wy * qy + wz * qz);
                double inv = 1 / Math.sqrt(nx * nx + ny * ny + nz * nz + nw * nw);
                b.qx[s] = nx * inv;
                b.qy[s] = ny * inv;
                b.qz[s] = nz * inv;
                b.qw[s] = nw * inv;
            }
        }
    }

    /** The built-in event gatherer, or null when a plugin replaced the EVENTS stage (snapshots save its memory). */
    public EventStage eventStage() {
        return eventStage;
    }
}
