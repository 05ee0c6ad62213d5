package dev.rubble.core.step;

import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.Kinematics;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.collision.ContactGenerator;
import dev.rubble.core.collision.ContactStore;
import dev.rubble.core.collision.PairBuffer;
import dev.rubble.core.dynamics.ContactSolver;
import dev.rubble.core.dynamics.DynamicsSettings;
import dev.rubble.core.dynamics.Motion;
import dev.rubble.core.kernel.World;
import dev.rubble.spi.broadphase.Broadphase;

/**
 * One step of a world, as a script of named, timed stages (the Box2D v3 {@code b2World_Step}
 * shape). The pipeline holds scratch only; all state lives in the {@link World}.
 *
 * <pre>
 *  step:      COMMANDS -> BROADPHASE -> NARROWPHASE -> ISLANDS (wake; if any woke: BROADPHASE, NARROWPHASE again)
 *             -> SOLVE (prepare rows) -> [sub-step x N] -> RESTITUTION -> ISLANDS (sleep)
 *             -> kinematic bodies snap to targets -> BOUNDS (+ motion v·dt) -> STATE_HASH
 *  sub-step:  INTEGRATE_VELOCITY -> SOLVE (warm start, biased iterations) -> INSERT_BODIES
 *             -> INTEGRATE_POSITION -> RELAX (unbiased iterations)
 * </pre>
 * See {@link ContactSolver} for why the solve is split around position integration.
 *
 * Integration is symplectic (semi-implicit) Euler: velocities first from forces, then positions
 * from the new velocities. With constant gravity this gives, after n steps of h,
 * {@code y = y0 - g t^2/2 - g h t/2}: the test oracle for free fall. Orientation is integrated as
 * {@code q += h/2 * (w, 0) * q}, then renormalised. Bodies created during a step enter after the
 * velocity solve and before integration (reference: rage-rigid-body-pipeline §5) and hold still
 * for the rest of that step (issue 11: they had no broadphase and no contacts in it, so moving them
 * could pass them through anything within one step of motion); their bounds already cover their
 * next step's motion, which starts with contacts.
 *
 * <p>Allocation-free in steady state: the profile, pair buffer and body arrays are reused.
 */
public final class StepPipeline {
    private final World world;
    private final StepProfile profile = new StepProfile();
    private final PairBuffer pairs;
    private final ContactSolver solver = new ContactSolver();

    public StepPipeline(World world) {
        this.world = world;
        this.pairs = world.pairs();
    }

    /** The profile of the last step. */
    public StepProfile profile() {
        return profile;
    }

    /** Runs step {@code index}, ending at simulated time {@code endTime}. */
    public void run(long index, double endTime) {
        final StepProfile p = profile;
        final BodyStore b = world.bodies();
        p.resetTimings();
        long t0 = System.nanoTime();

        long t = System.nanoTime();
        p.commands = world.applyQueuedCommands();
        p.stageNanos[StepStage.COMMANDS.ordinal()] += System.nanoTime() - t;

        final DynamicsSettings ds = world.settings().dynamics();
        final ContactStore cs = world.contacts();
        final double dt = world.settings().dt();
        p.droppedManifolds = p.droppedContacts = 0;
        broadphaseAndContacts(b, cs);

        t = System.nanoTime();
        p.woken = world.sleep().wakeTouched(world, cs, ds);
        p.stageNanos[StepStage.ISLANDS.ordinal()] += System.nanoTime() - t;
        if (p.woken > 0) {
            // pairs inside a sleeping island were never reported: find them now it is awake
            p.droppedManifolds = p.droppedContacts = 0;
            broadphaseAndContacts(b, cs);
        }

        final int n = world.settings().subSteps();
        final double h = dt / n;
        final int velocityIterations = world.settings().velocityIterations();
        final int relaxIterations = world.settings().positionIterations();
        t = System.nanoTime();
        solver.setGravity(world.settings().gravityX(), world.settings().gravityY(), world.settings().gravityZ());
        solver.prepare(b, cs, ds, dt, n);
        p.stageNanos[StepStage.SOLVE.ordinal()] += System.nanoTime() - t;
        // issue 11: bodies inserted during this step had no broadphase or contacts in it, so they hold
        // still until its end (they are appended to the awake partition: the first `movers` move)
        int movers = Integer.MAX_VALUE;
        for (int sub = 0; sub < n; sub++) {
            t = System.nanoTime();
            integrateVelocities(b, h, ds, movers);
            p.stageNanos[StepStage.INTEGRATE_VELOCITY.ordinal()] += System.nanoTime() - t;

            t = System.nanoTime();
            solver.loadVelocities();
            solver.warmStart();
            solver.updateSeparations();
            for (int it = 0; it < velocityIterations; it++) {
                solver.solve(true);
            }
            solver.storeVelocities();
            p.stageNanos[StepStage.SOLVE.ordinal()] += System.nanoTime() - t;

            t = System.nanoTime();
            int before = b.awakeCount();
            world.insertPendingBodies();
            if (movers == Integer.MAX_VALUE && b.awakeCount() != before) {
                movers = before;
            }
            p.stageNanos[StepStage.INSERT_BODIES.ordinal()] += System.nanoTime() - t;

            t = System.nanoTime();
            integratePositions(b, h, movers);
            p.stageNanos[StepStage.INTEGRATE_POSITION.ordinal()] += System.nanoTime() - t;

            t = System.nanoTime();
            solver.updateSeparations();
            for (int it = 0; it < relaxIterations; it++) {
                solver.solve(false);
            }
            solver.storeVelocities();
            solver.endSubStep();
            if (ds.gyroscopic()) {
                gyroscopicEnd(b, h, movers); // issue 11: the second half of the momentum-conserving gyroscopic term
            }
            p.stageNanos[StepStage.RELAX.ordinal()] += System.nanoTime() - t;
        }

        t = System.nanoTime();
        solver.restitutionAndStore();
        p.stageNanos[StepStage.RESTITUTION.ordinal()] += System.nanoTime() - t;

        t = System.nanoTime();
        p.islands = world.sleep().update(world, cs, ds, dt);
        p.stageNanos[StepStage.ISLANDS.ordinal()] += System.nanoTime() - t;

        // kinematic bodies snap onto their targets only now: relax, restitution and the sleep
        // test saw their real velocity
        t = System.nanoTime();
        arriveKinematics(b);
        p.stageNanos[StepStage.INTEGRATE_POSITION.ordinal()] += System.nanoTime() - t;

        t = System.nanoTime();
        for (int i = 0, awake = b.awakeCount(); i < awake; i++) {
            int s = b.order[i];
            b.updateBounds(s);
            Motion.expandBounds(b, s, dt);
        }
        p.stageNanos[StepStage.BOUNDS.ordinal()] += System.nanoTime() - t;

        t = System.nanoTime();
        p.stateHash = StateHash.of(b);
        p.stageNanos[StepStage.STATE_HASH.ordinal()] += System.nanoTime() - t;

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
        p.pairs = pairs.size();
        p.manifolds = cs.size();
        p.contactPoints = solver.pointsPrepared();
        p.warmStarted = world.narrowphaseStage().pointsWarmStarted;
        p.cachedPairs = world.narrowphaseStage().pairsCached;
        p.queryNanos = world.takeQueryNanos();
        p.queries = world.takeQueryCount();
        p.spawned = world.spawnedThisStep();
        p.removed = world.removedThisStep();
        p.totalNanos = System.nanoTime() - t0;
    }

    private void broadphaseAndContacts(BodyStore b, ContactStore cs) {
        final StepProfile p = profile;
        long t = System.nanoTime();
        broadphase(b);
        p.stageNanos[StepStage.BROADPHASE.ordinal()] += System.nanoTime() - t;

        t = System.nanoTime();
        ContactGenerator generator = world.contactGenerator();
        if (generator != null) {
            generator.generate(world, pairs, cs); // a test's analytic contacts
        } else {
            // the chosen narrowphase plugin; warm starts from cs; margins look ahead one step of motion
            world.narrowphaseStage().run(b, pairs, cs, world.settings().dt());
        }
        p.droppedContacts = ContactSolver.enforcePointBudget(cs, world.settings().maxContacts());
        p.droppedManifolds = cs.droppedThisStep;
        p.stageNanos[StepStage.NARROWPHASE.ordinal()] += System.nanoTime() - t;
    }

    private void broadphase(BodyStore b) {
        Broadphase bp = world.broadphase();
        double[] bo = b.bounds;
        for (int i = 0, awake = b.awakeCount(); i < awake; i++) {
            int s = b.order[i];
            int o = s * 6;
            bp.update(s, bo[o], bo[o + 1], bo[o + 2], bo[o + 3], bo[o + 4], bo[o + 5]);
        }
        pairs.clear();
        bp.findPairs(pairs);
        pairs.sort();
    }

    private void integrateVelocities(BodyStore b, double h, DynamicsSettings ds, int movers) {
        final boolean gyroscopic = ds.gyroscopic();
        final double maxLinear = ds.maxLinearSpeed();
        final double maxAngular = ds.maxAngularSpeed();
        final double gx = world.settings().gravityX();
        final double gy = world.settings().gravityY();
        final double gz = world.settings().gravityZ();
        final byte dynamic = (byte) MotionType.DYNAMIC.ordinal();
        for (int i = 0, awake = Math.min(b.awakeCount(), movers); i < awake; i++) {
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

    /** {@link Motion#gyroscopicEnd} for every awake dynamic body (end of a sub-step). */
    private static void gyroscopicEnd(BodyStore b, double h, int movers) {
        final byte dynamic = (byte) MotionType.DYNAMIC.ordinal();
        for (int i = 0, awake = Math.min(b.awakeCount(), movers); i < awake; i++) {
            int s = b.order[i];
            if (b.motion[s] == dynamic) {
                Motion.gyroscopicEnd(b, s, h);
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

    private void integratePositions(BodyStore b, double h, int movers) {
        for (int i = 0, awake = Math.min(b.awakeCount(), movers); i < awake; i++) {
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
}
