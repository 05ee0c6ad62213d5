package dev.rubble.core.dynamics;

import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.collision.ContactStore;
import dev.rubble.core.parallel.RangeTask;
import dev.rubble.core.parallel.StepExecutor;
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
 *         restitution (points that hit unpredicted; predicted impacts bounced in their sub-step)
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
 * <h2>Stiff stacks (issue 11)</h2>
 * A soft row at rest settles where its spring holds the load: a deflection of
 * {@code F / (m_eff ω²)} per point (F the force it carries, m_eff its effective mass), however well
 * the iterations converge. At 30 Hz that was 0.55 mm per box of load on a box–box contact and the
 * 20-row bench pyramid sagged 3.4 cm in 10 s. Three changes make it 0.8 cm at the same one
 * sub-step:
 * <ul>
 *   <li>Stiffer: the cap is 0.75 of the sub-step rate (45 Hz at 60 Hz) with damping ratio 15 by
 *       default, which keeps the old push-out rate {@code ω / (2ζ + hω)} (8.2/s).</li>
 *   <li>A manifold's compression (the mean of its points' normal impulses) leaks
 *       {@value #COMPRESSION_STIFFNESS} times less than the differences between its points: under a
 *       uniform load the manifold is that much stiffer, while the tilt of one body on another is as
 *       soft (and as damped) as before.</li>
 *   <li>What made stiffer contacts rock tall columns at one sub-step was not one manifold but the
 *       chain: Gauss–Seidel passes a change along a stack one contact per pass. So every biased
 *       iteration is followed by a second pass over the normal rows only (a third of the rows of a
 *       full pass) of the manifolds with two or more points (single-point manifolds, spheres, skip
 *       it: with it the sphere scene cost 25 % more), and friction is solved before the normal rows within a manifold (non-penetration
 *       last, as Box2D 2.4). A relax pass sweeps a manifold's normal rows once more before its friction rows, so that
 *       friction's cone is the relaxed normal impulse, the one that stops the approach and carries the load, and not the
 *       biased one, which also pushes penetration out: with friction first the relax pass's cone was the normal impulse
 *       the pass before left, and a box sliding at 20 m/s started 1 mm into the floor ended up to 1.5 cm behind Coulomb's
 *       slide and turned 0.0145 rad, depending on the direction (docs/dynamics.md, "The peers' unit tests"). Friction
 *       last (Box2D v3's relax order, non-penetration then not last) fixed that too but left Jolt's heavy box 1.8 m off
 *       the light one under it. The default velocity iterations went from 8 to 7 (6 let a
 *       10-box column sway by 2 cm).</li>
 * </ul>
 * Measured and not kept (10 s, one sub-step; details in {@code docs/dynamics.md}): an exact
 * per-manifold solve (repeating a manifold's normal rows until they converge, which is what a
 * 2–4 point block solver computes) at 60 Hz rocks as before, because the error is along the chain,
 * not within a manifold; scaling the spring by the load a point carries, or leaking only the change
 * of impulse since the warm start, rock tall columns; 60 Hz needs about 12 full iterations plus
 * normal passes.
 *
 * <h2>Iterations</h2>
 * {@code velocityIterations} = biased SOLVE iterations per sub-step (default 7; each is a full pass
 * and a normal-only pass);
 * {@code positionIterations} = RELAX iterations per sub-step (default 2; 0 keeps the push
 * velocity, which then adds energy). Chaos's defaults (position 8 / velocity 2 / projection 1)
 * map the other way round: Chaos "position" iterations are its main PBD solve, which is our
 * SOLVE; its "velocity" iterations fix up velocities after it, which is our RELAX; its
 * projection pass has no counterpart (soft constraints need none). So Chaos 8/2/1 ≈ ours 8/2
 * (7/2 by default since issue 11, each with a normal-only pass). A light body touching a body ten or more times
 * heavier gets its manifolds one more pass after each iteration ({@link #markHeavyOnLight}), and a heavy body striking
 * a light one that static geometry holds from below is then stopped by it as by that geometry ({@link #markHeld}).
 *
 * <h2>Contact rules</h2>
 * Normal: {@code λn = max(λn_old + Δλ, 0)}; speculative points (separation s &gt; 0) let the
 * bodies approach by at most {@code s / h}, which is how fast bodies stop at the surface.
 * Friction: a cone, {@code |(λt1, λt2)| ≤ μ λn}, on a tangent basis that is a fixed function of
 * the normal (so carried-over tangent impulses stay meaningful). A point's two rows are solved each with
 * its own effective mass and the pair scaled into the cone while it can stick; when the impulse that would
 * stop the point's slip (both rows solved together) lies outside the cone, the friction is the point of the
 * cone nearest it in the metric of the point's 2 × 2 tangent inverse mass, which leaves the slip exactly
 * opposite the friction ({@link #coneSlide}; docs/dynamics.md, "Friction opposes the slip"). Combine rules: friction
 * {@code μ = sqrt(μa μb)} (a frictionless side gives no friction), restitution
 * {@code e = max(ea, eb)} (a bouncy ball bounces on concrete); both written to the store.
 * Restitution applies to points that approached faster than {@code restitutionThreshold} at the
 * start of the step: a point that will touch within the current sub-step bounces at the moment of
 * impact ({@link #bounce}: positions end where the bounce puts them, velocity {@code e} times the
 * impact speed); one that was not predicted to hit but carried load gets, after the sub-steps,
 * {@code vn_after = -e vn_before}.
 *
 * <h2>Data layout (performance)</h2>
 * The iterations touch only solver-local, packed arrays: every body of a solved manifold gets a
 * solver index ({@code 0} is a shared fixed body with zero velocity and zero inverse mass, used for
 * static bodies), its six velocity components sit side by side in {@code vel}, and each contact
 * point's rows are three records in three arrays, each in solve order (colour by colour, a
 * manifold's points side by side), one per pass that reads them (issue 27 item 2): {@link #nrow}
 * ({@value #NR} doubles: the biased pass's soft terms, computed once per sub-step by
 * {@link #softTerms}, the normal row's angular Jacobian {@code r × n}, its products with the world
 * inverse inertia {@code I⁻¹ (r × n)}, the accumulated impulse), {@link #frow} ({@value #FR}: the
 * same for the two friction rows, with their effective masses) and {@link #aux} ({@value #AX}: the
 * relax pass's soft terms and the normal effective mass). The normal-only pass, half of the
 * biased passes, so streams 136 bytes a point instead of a 416-byte record of all three rows.
 * A manifold's friction rows and its normal rows are each one method ({@link #frictionRows},
 * {@link #normalRows}) that loads the two bodies' velocities into locals once (the linear ones as
 * their difference), solves its points, and writes them back once; separate methods so that the
 * JIT allocates registers for each loop on its own (see {@link #pass}). The pipeline copies the velocities in
 * ({@link #loadVelocities}) after gravity and out ({@link #storeVelocities}) before position
 * integration. Measured in {@code docs/benchmarks.md} ("Solver data layout", "Issue 11: pyramid
 * speed after the solver's row arithmetic").
 *
 * <h2>Order and threads (issue 26, docs/parallel.md)</h2>
 * {@link #prepare} colours the solved manifolds ({@link ConstraintColoring}: serially, each level
 * from the ground up first fit in store order, a level of fewer than
 * {@link ConstraintColoring#SERIAL_LEVEL} manifolds whole in store order; the levels
 * {@code l, l + PHASES, ...}, which share no written body, solved together as one phase) and numbers them
 * group by group, so each group is a contiguous range of solved manifolds; within a colour (not a
 * serial group) by point count, most first (the order within a colour changes no bit of the result,
 * and equal trip counts one after another keep the passes' point loops predicted: issue 27 item 2).
 * Every pass that writes
 * velocities (warm start, the biased and relax passes, restitution) goes over the groups phase
 * after phase: a serial group on the calling thread, a colour's manifolds (none shares a written
 * body) in parallel blocks on the {@link StepExecutor}. Odd iterations of a step take each phase's
 * groups in reverse (symmetric sweeps; the phases themselves always go bottom up). The per-manifold,
 * per-point and per-body stages (rows, soft terms, bounces, separations, totals, velocity copies,
 * stored impulses) are independent items in parallel blocks.
 * There is one path for every thread count (one thread runs the same colour order inline), so the
 * result is bit-identical for any number of threads. Solver body 0, the shared fixed body, is read by
 * every thread and written by none. Allocation-free in steady state (arrays grow to the high-water
 * mark and are reused; the stage tasks are fields).
 */
public final class ContactSolver {
    private static final int P = ContactStore.MAX_POINTS;
    private static final byte AWAKE = (byte) BodyState.AWAKE.ordinal();
    private static final byte STATIC = (byte) BodyState.STATIC.ordinal();
    private static final byte DYNAMIC = (byte) MotionType.DYNAMIC.ordinal();

    /**
     * Contact stiffness cap as a fraction of the sub-step rate: {@code contactHertz} is lowered to
     * {@code 0.75 / h}. Measured on free-standing box columns and the bench pyramid: with one pass
     * over the rows per iteration 0.5 stood and 0.75 and 1.0 rocked; with the normal-only second
     * pass (issue 11) 0.75 stands and 1.0 still rocks (Box2D v3 uses 0.25, too soft to hold a 20-row
     * pyramid).
     */
    public static final double STIFFNESS_CAP = 0.75;
    /**
     * How much stiffer a manifold's compression (the mean of its points' normal impulses) is than
     * the points' soft rows: its leak is {@code impulseScale / 2.2} instead of {@code impulseScale}
     * (issue 11; measured, see the class comment "Stiff stacks").
     */
    static final double COMPRESSION_STIFFNESS = 2.2;
    /**
     * Doubles per contact point in {@link #nrow}, the normal row's record (issue 27 item 2: a point's rows
     * are three arrays, one per pass that reads them, so a normal-only pass streams 136 bytes a point
     * instead of every row's 416): the soft terms of the biased pass (softTerms: k, k * bias, the share
     * of the old impulse kept, the compression leak per unit of the manifold's impulse sum), rA × n,
     * rB × n, I⁻¹A (rA × n), I⁻¹B (rB × n) and the accumulated impulse. (The step's largest normal impulse,
     * which restitution reads, is {@link #peak}, kept only for manifolds with restitution.)
     */
    static final int NR = 17;
    private static final int KS = 0, KBS = 1, KEEP = 2, LSUM = 3;
    private static final int CNA = 4, CNB = 7, KNA = 10, KNB = 13, LN = 16;
    /** Doubles per point in {@link #frow}, the two friction rows' record: Jacobians, effective masses, impulses. */
    static final int FR = 28;
    private static final int C1A = 0, C1B = 3, K1A = 6, K1B = 9, T1MASS = 12, LT1 = 13;
    private static final int C2A = 14, C2B = 17, K2A = 20, K2B = 23, T2MASS = 26, LT2 = 27;
    /**
     * Doubles per point in {@link #aux}: the relax pass's four soft terms (offsets KS..LSUM as in
     * {@link #nrow}) and the normal row's effective mass, read by the relax pass, the soft terms,
     * bounces and restitution only.
     */
    static final int AX = 5;
    private static final int NMASS = 4;
    /** {@code mode} of a relax pass ({@link #normalRows}); a biased one is 0. */
    private static final int RELAX = 1;
    /**
     * Doubles per manifold record: n, t1, t2, mu, inverse masses of A and B, restitution, (mA + mB)
     * times n, t1, t2, and the shares mA / (mA + mB), mB / (mA + mB) (see storeManifold).
     */
    private static final int MAN = 24;
    /**
     * Extra sweeps over the normal rows of a manifold with a bounced point, after each of its regular
     * sweeps (issue 28 item 11). A box landing flat bounces on four rigid rows that all want the same
     * leaving speed; Gauss-Seidel reaches that pure translation only in the limit, and the friction
     * rows solved between the sweeps turned the residual tilt into spin and sideways sliding: a box
     * dropped flat from 2 m with restitution 1 left the floor at 0.54 m/s sideways, spinning, with
     * 0.5 % more vertical energy than it arrived with (1.3 % in all, 7 % after three bounces). Four
     * extra sweeps leave 1e-5 m/s, eight leave 1e-10 m/s. Only manifolds with restitution that bounce
     * in this step take them (bounces are rare and a restitution-0 scene never does).
     *
     * <p>Impacts with restitution 0 had the same defect and take the same sweeps (2026-12-06), in the sub-step
     * they touch in and in the relax passes of the sub-step before it ({@link #impactSub}: the first sub-step in
     * which a point of a manifold of two or more points, approaching faster than {@link #IMPACT_SPEED} at the
     * step's start, closes its gap; the relax passes after a sub-step's position update already stop the approach
     * the next sub-step would make). A 20 cm cube landing flat at 20 m/s with restitution 0 left at 0.83 m/s
     * sideways and spinning (0.14 m/s at 3 m/s; 0.47 m/s at 20 m/s and four sub-steps, where the relax passes
     * before the impact sub-step took the hit unevenly), where physics says it stops dead: the plate's impulses
     * on a face have no tangential resultant, and friction only opposes slip ({@code FlatImpactTest}). Measured
     * and not kept: the sweeps in the step's first iteration only (no better: every biased pass leaks and
     * re-takes a share of the impact's impulse, unevenly); in the biased passes only (a rod landing end first
     * then dipped 3.9 cm into the floor); zeroing the warm start of the sub-step after the impact (no change).
     * A converged impact sends a rod landing end first at 150 m/s off spinning as the hit says: at one sub-step
     * it dips at most 0.75 cm into the floor afterwards (2.0 cm before), at four sub-steps 3.0 cm (1.2 cm before;
     * {@code RodEndFirstTunnellingTest}). Resting contacts never take the sweeps; the pile's and the demo's
     * golden hashes moved, from their first landing impacts.
     */
    static final int BOUNCE_SWEEPS = 8;
    /**
     * Relax iterations at least, in the sub-steps of a step from its first bounce on ({@link #relaxIterations}). A bounce at the moment of impact is a rigid row that the relax passes hold at its
     * leaving speed; what it pushes into a column of touching bodies (restitution-0 balls on the ground, Box2D's
     * SupportedTest) reaches the ground only one contact per Gauss-Seidel pass. With the default two the column left the
     * impact sub-step moving down at 2.4-3.6 m/s, the next sub-steps' warm starts and soft rows squeezed it 0.8-1.1 mm
     * and pushed that out again, and the relax passes took back too little of it: a ball of restitution 0.9 left two
     * and three supports at 0.933 and 0.969 of its impact speed, the supports rising at 0.1-0.35 m/s. Eight converge a
     * chain of up to three touching bodies (docs/dynamics.md, "The peers' unit tests"); longer chains are still open.
     */
    static final int IMPACT_RELAX_ITERATIONS = 8;
    /**
     * m/s: a manifold point approaching faster than this at the step's start is an impact, whose manifold's
     * normal rows take {@link #BOUNCE_SWEEPS} in the sub-step it touches in (Box2D's default restitution
     * threshold; fixed, so that a world whose restitution threshold is 0 does not sweep its resting contacts).
     */
    static final double IMPACT_SPEED = 1.0;

    // per body slot: solver index (0 = not yet mapped this step), stamped by step
    private int[] solverIndex = new int[0];
    private int[] stamp = new int[0];
    private int epoch;
    // per solver body (index 0 = the fixed body)
    private int bodyCount;
    private int[] slotOf = new int[0];
    private boolean[] writesBack = new boolean[0];
    // per solver body: its principal inverse inertias differ by more than ANISOTROPY (see refreshRows)
    private boolean[] anisotropic = new boolean[0];
    private int anisotropicCount;
    // per solver body: its rows follow its orientation every sub-step (refreshRows): thin, or turning (see turnsAway)
    private boolean[] refreshes = new boolean[0];
    // per solver body: its inverse inertia was set or restored by the joint solve since the last refresh of its rows
    // (setInverseInertia); whether any was
    private boolean[] inertiaSet = new boolean[0];
    private boolean anyInertiaSet;
    // per solver body: its inverse inertia is the joint solve's (setInverseInertia) until restored or the step ends, so
    // the refresh of anisotropic bodies after position integration (refreshInertia) leaves it
    private boolean[] jointInertia = new boolean[0];
    private int refreshCount;
    private double[] vel = new double[0];    // 6 per body: v, w
    private double[] invI = new double[0];   // 6 per body: xx, xy, xz, yy, yz, zz (world)
    private double[] invMass = new double[0];
    private double[] p0 = new double[0];     // 3 per body: position at prepare
    private double[] q0 = new double[0];     // 4 per body: orientation at prepare
    private double[] dp = new double[0];     // 3 per body: displacement since prepare
    private double[] dq = new double[0];     // 3 per body: rotation vector of the turn since prepare
    // per solved manifold
    private int activeCount;
    private int[] active = new int[0];       // store index
    private int[] byColour = new int[0];     // the solved index of the j-th manifold of the colouring's order
    private int[] perm = new int[0];         // per colour position: orderSegments' working order
    private int[] placeBucket = new int[0];  // per colour position: the thread whose share it is in (byPlace)
    private int spreadAxis;                  // the axis the step's dynamic bodies spread the most along
    private double spreadLoX, spreadLoY, spreadLoZ, spreadHiX, spreadHiY, spreadHiZ;
    private int[] ia = new int[0], ib = new int[0], pointBase = new int[0], points = new int[0];
    private boolean[] bouncing = new boolean[0]; // a point of the manifold bounced this step (BOUNCE_SWEEPS)
    private int[] impactSub = new int[0]; // the sub-step in which a point approaching faster than IMPACT_SPEED touches; -1: none
    // the manifold's normal rows take BOUNCE_SWEEPS extra sweeps in this sub-step: it bounced, or it is its impact
    // sub-step (set per sub-step by bounceTerms)
    private boolean[] converge = new boolean[0];
    private double[] man = new double[0];
    // per solved point (solver point index)
    private double[] nrow = new double[0], frow = new double[0], aux = new double[0];
    private boolean[] tracksLoad = new boolean[0]; // the manifold has restitution: its passes keep peak (see restitution)
    private double[] peak = new double[0];   // per point: the largest normal impulse of this step (only where tracksLoad)
    private double[] sep = new double[0], sep0 = new double[0], approach = new double[0];
    /**
     * Per point, for sliding friction ({@link #coneSlide}): the point's 2 × 2 tangent inverse mass {@code w11, w12,
     * w22} and {@code 1 / det}, made by {@link #coneTerms} the first time the point slides in a step (NaN in the
     * last slot until then: prepare and a thin body's row refresh set it), and the multiplier the last pass found,
     * the next pass's first guess (0 from prepare).
     */
    private double[] coneW = new double[0], coneG = new double[0];
    // per point, restitution at the moment of impact (see solve): the sub-step it bounced in (-1: not),
    // the relative normal acceleration gravity gives it, the velocity it leaves with, and the bias that
    // puts its positions where the bounce would have in the impact sub-step
    private int[] bounceSub = new int[0];
    private double[] accel = new double[0], leave = new double[0], bounceBias = new double[0];
    private int subStep;
    private int subStepCount; // sub-steps this step
    private int bouncesDecided = -1; // the sub-step whose bounces bounceTerms has decided
    private boolean bounced;            // a point bounced in this step (bounceTerms; every writer writes true)
    private double gravityX, gravityY = -9.81, gravityZ;
    private double[] totalN = new double[0], totalT1 = new double[0], totalT2 = new double[0];

    private BodyStore b;
    private ContactStore c;
    private DynamicsSettings settings;
    private double h, invH, biasRate, massScale, impulseScale, slop, maxPush;
    private int pointsPrepared;
    private double warm; // share of the stored per-step impulses that warm starts a sub-step

    // colouring and parallel stages (docs/parallel.md)
    private final ConstraintColoring coloring = new ConstraintColoring();
    private int[] candM = new int[0], candA = new int[0], candB = new int[0];
    private int[] activeOf = new int[0];   // per store manifold: its solved index, -1 when not solved
    private StepExecutor executor = StepExecutor.Inline.INSTANCE;
    private int passMode;
    private boolean passFriction;
    private RangeTask current;
    private int base;
    private final RangeTask offset = (lo, hi) -> current.run(base + lo, base + hi);
    private final RangeTask prepareTask = (lo, hi) -> {
        for (int i = lo; i < hi; i++) {
            prepareManifold(i);
            softTerms(i);
        }
    };
    private final RangeTask bodyTask = this::setUpBodies;
    private final RangeTask loadTask = this::loadVelocities;
    private final RangeTask storeTask = this::storeVelocities;
    private final RangeTask warmTask = (lo, hi) -> {
        for (int i = lo; i < hi; i++) {
            warmStart(i);
        }
    };
    private final RangeTask motionTask = this::bodyMotion;
    private final RangeTask separationTask = (lo, hi) -> {
        for (int i = lo; i < hi; i++) {
            if (refreshCount > 0 && (refreshes[ia[i]] || refreshes[ib[i]])) {
                refreshRows(i);
            }
            separations(i);
            softTerms(i);
        }
    };
    private final RangeTask bounceTask = this::bounceTerms;
    private final RangeTask passTask = this::pass;
    private final RangeTask endTask = this::endSubStep;
    private final RangeTask restitutionTask = (lo, hi) -> {
        for (int i = lo; i < hi; i++) {
            if (c.restitution[active[i]] != 0) {
                restitution(i);
            }
        }
    };
    private final RangeTask impulseTask = (lo, hi) -> {
        for (int i = lo; i < hi; i++) {
            storeImpulses(i);
        }
    };
    private final RangeTask trialTask = this::storeTrialImpulses;
    private boolean separationsCurrent;
    // the iterations of this step so far: odd ones sweep each phase's colours in reverse (see forColours)
    private int solves;
    private boolean backward;

    /**
     * Combined friction coefficient of two materials: {@code sqrt(μa μb)}. Each coefficient may be up to
     * {@code Double.MAX_VALUE} (BodyDef), and their product overflowed from 1.34e154 each: μ = +∞ made a point's
     * cone {@code μ λn} NaN where it carried no load, so its friction had no bound and a box sliding on the ground
     * without gravity was thrown up at 1.9 m/s (FrictionCombineTest). Such a product, or one below the smallest
     * normal double, is taken as {@code sqrt(μa) sqrt(μb)}; every other pair keeps its bits.
     */
    public static double combineFriction(double a, double b) {
        double p = a * b;
        if (p < Double.POSITIVE_INFINITY && (p >= Double.MIN_NORMAL || a == 0 || b == 0)) {
            return Math.sqrt(p);
        }
        return Math.sqrt(a) * Math.sqrt(b);
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

    /**
     * Gravity of the world, m/s² (default (0, -9.81, 0)): the solver times impacts with it (see
     * {@link #bounce}).
     */
    public void setGravity(double gx, double gy, double gz) {
        gravityX = gx;
        gravityY = gy;
        gravityZ = gz;
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
    /** Per solved manifold: the most normal impulse one of its points may carry in a sub-step (+∞ unless capped). */
    private double[] capOf = new double[0];

    /**
     * Issue 22 (docs/destruction.md "Local failure"): after {@link #prepare}, the points of store
     * manifold {@code m} carry at most {@code perPoint} of normal impulse each, in every iteration of
     * the step (a crushing contact). A manifold the step does not solve is ignored.
     */
    public void capNormalImpulse(int m, double perPoint) {
        // solved manifolds are in colour order, not store order: the store-to-solved map says where m is
        int i = m >= 0 && m < c.size() ? activeOf[m] : -1;
        if (i >= 0) {
            capOf[i] = perPoint;
        }
    }

    public void prepare(BodyStore bodies, ContactStore contacts, DynamicsSettings s, double dt, int subSteps) {
        solveStart = System.nanoTime(); // the halves' cost (halvesMode): never read into a result
        this.b = bodies;
        this.c = contacts;
        this.settings = s;
        this.h = dt / subSteps;
        this.subStepCount = subSteps;
        this.invH = 1 / h;
        this.slop = s.linearSlop();
        this.maxPush = s.maxPushVelocity();
        double hertz = Math.min(s.contactHertz(), STIFFNESS_CAP * invH);
        double omega = 2 * Math.PI * hertz;
        double a1 = 2 * s.contactDampingRatio() + h * omega;
        double a2 = h * omega * a1;
        biasRate = omega / a1;
        massScale = a2 / (1 + a2);
        impulseScale = 1 / (1 + a2);
        ensureSlots(bodies.px.length);
        ensureManifolds(contacts.size());
        if (++epoch == Integer.MAX_VALUE) {
            java.util.Arrays.fill(stamp, 0);
            epoch = 1;
        }
        bodyCount = 1;
        anisotropicCount = 0;
        refreshCount = 0;
        // at most two new solver bodies per manifold, and never more than the store's slots
        ensureBodies((int) Math.min(bodies.px.length, 2L * contacts.size()) + 1);
        setFixedBody();

        // serially, in store order (sorted by body pair): which manifolds are solved, their solver
        // bodies (mapBody numbers bodies in first-use order) and their colours (docs/parallel.md)
        if (activeOf.length < contacts.size()) {
            activeOf = new int[Math.max(contacts.size(), activeOf.length * 2)];
        }
        spreadLoX = spreadLoY = spreadLoZ = Double.POSITIVE_INFINITY;
        spreadHiX = spreadHiY = spreadHiZ = Double.NEGATIVE_INFINITY;
        int candidates = gatherCandidates(contacts);
        double ex = spreadHiX - spreadLoX, ey = spreadHiY - spreadLoY, ez = spreadHiZ - spreadLoZ;
        spreadAxis = spreadAxis(ex, ey, ez);
        if (executor.threads() > 1 && candidates >= PLACE_MIN_MANIFOLDS) {
            numberByPlace(candidates, spreadAxis == 0 ? spreadLoX : spreadAxis == 1 ? spreadLoY : spreadLoZ,
                    spreadAxis == 0 ? ex : spreadAxis == 1 ? ey : ez);
        }
        coloring.color(candA, candB, candidates, bodyCount, invMass, places());
        serialSolve = allSerial(coloring);
        halvesMode();
        solves = 0;
        // the solve order and per-manifold state (segments), and per solver body, independent: its pose,
        // velocity and world inverse inertia; in one dispatch (issue 26: each alone found the worker
        // parked after the colouring and paid its wake-up)
        segments();
        if (serialSolve) {
            bodyTask.run(1, bodyCount);
            orderTask.run(0, segCount);
        } else {
            bodiesAndOrder.run(executor, 1, bodyCount, 64, BLOCKS_PER_THREAD, bodyTask, 0, segCount, 8,
                    BLOCKS_PER_THREAD, orderTask);
        }
        int pts = pointBases(candidates);
        activeCount = candidates;
        ownership();
        ensurePoints(pts);
        pointsPrepared = pts;
        warm = 1.0 / subSteps;
        separationsCurrent = true;
        subStep = 0;
        bouncesDecided = -1;
        bounced = false;
        // per manifold, independent: rows, then the soft terms
        forManifolds(prepareTask);
        markHeavyOnLight();
    }

    /**
     * Mass ratio (the lighter body's inverse mass over the heavier one's) from which a light body carrying a heavier
     * dynamic one gets an extra pass ({@link #markHeavyOnLight}). Box2D advises keeping such ratios under 10.
     */
    static final double HEAVY_ON_LIGHT = 10;
    // per solved manifold: it touches a light body under a heavy one (markHeavyOnLight); their solved indices in order
    private boolean[] lightBody = new boolean[0];
    private int[] heavyOnLight = new int[0];
    private int heavyOnLightCount;

    /**
     * Marks, in solve order, the manifolds of every light body that touches a dynamic body at least
     * {@link #HEAVY_ON_LIGHT} times heavier (rock34; docs/dynamics.md, "A heavy block rocking on a light piece"). Each
     * iteration passes a change one contact along a chain, and a heavy body's weight passes through a light one only
     * by about {@code m / M} of the remaining error a pass (Gauss–Seidel's rate through a light link), so at one
     * sub-step the 7 iterations left a 2 000 kg block on a 109 kg slab of a broken beam wobbling on their soft
     * contacts with almost no damping: 29 J in the 2nd second, 15 J in the 20th, never asleep (10 iterations settled
     * it in 4 s, 4 sub-steps in under 1 s). {@link #solve} gives these manifolds (the light body's, to the heavy body
     * and to the ground alike) one more pass of their own after every iteration: the wobble dies within a second.
     * A world without such a pair marks nothing and keeps its bits.
     */
    private void markHeavyOnLight() {
        heavyOnLightCount = 0;
        shockCount = 0;
        heldCount = 0;
        boolean any = false, anyShock = false;
        for (int i = 0; i < activeCount && !any; i++) {
            double ma = invMass[ia[i]], mb = invMass[ib[i]];
            any = ma > 0 && mb > 0 && (ma >= HEAVY_ON_LIGHT * mb || mb >= HEAVY_ON_LIGHT * ma);
            anyShock |= ma > 0 && mb > 0 && (ma >= SHOCK_RATIO * mb || mb >= SHOCK_RATIO * ma);
        }
        if (!anyShock) {
            return; // bodies of like masses only: nothing to hold (the pile, the pyramid)
        }
        if (lightBody.length < bodyCount) {
            lightBody = new boolean[Math.max(bodyCount, 2 * lightBody.length)];
        }
        java.util.Arrays.fill(lightBody, 0, bodyCount, false);
        if (!any) {
            markHeld(); // pairs of 1:SHOCK_RATIO to 1:HEAVY_ON_LIGHT only: no extra passes, but held rows
            return;
        }
        for (int i = 0; i < activeCount; i++) {
            double ma = invMass[ia[i]], mb = invMass[ib[i]];
            if (ma > 0 && mb > 0) {
                if (ma >= HEAVY_ON_LIGHT * mb) {
                    lightBody[ia[i]] = true;
                } else if (mb >= HEAVY_ON_LIGHT * ma) {
                    lightBody[ib[i]] = true;
                }
            }
        }
        if (heavyOnLight.length < activeCount) {
            heavyOnLight = new int[Math.max(activeCount, 2 * heavyOnLight.length)];
        }
        for (int i = 0; i < activeCount; i++) {
            if (lightBody[ia[i]] || lightBody[ib[i]]) {
                heavyOnLight[heavyOnLightCount++] = i;
            }
        }
        markHeld();
    }

    // per solver body: the sum of the unit normals its manifolds with bodies of no inverse mass push it along (markHeld)
    private double[] heldNormal = new double[0];
    // per solver body: how deep it lies in what holds it at the step's start, metres (markHeld)
    private double[] heldDepth = new double[0];
    // per solver body: it has a shock row this step (markHeld)
    private boolean[] heldMark = new boolean[0];
    // the manifolds of a heavy body pressing a held light one, in solve order, and which side is the light one (0: A)
    private int[] shock = new int[0];
    private boolean[] shockLightB = new boolean[0];
    private int shockCount;
    // the manifolds of those light bodies with what holds them, in solve order: passed again before the shock rows
    private int[] held = new int[0];
    private int heldCount;

    /**
     * Of the manifolds {@link #markHeavyOnLight} marked, those of a heavy dynamic body pressing a light one that
     * geometry of no inverse mass (static, kinematic) holds from below: the directions the light body's manifolds
     * with such bodies push it along, summed, lie within 60° of the opposite of the heavy body's push on it
     * ({@link #SHOCK_COS}) and within 60° of up (against gravity; none without gravity). Only from below: a wall's
     * light pieces pinned against its static anchors by a 200 kg ball held it as a wall would, and the ball meant to
     * punch through them stopped (0.31 m/s left where the impulses in the books leave 2.47: {@code PunchThroughTest};
     * the held rows' impulse is not in the store). Their rows are solved once more after every iteration with the light
     * body held ({@link #shockRows}). The static contact does not give way under what presses on the light body, as in a
     * rigid solver; the soft rows alone pass a heavy body's push through a light one by about {@code m / M} of it a
     * pass, so a 0.18 kg ball on a mesh slab struck by a 700 kg body at 7.5 m/s was driven through the slab
     * (fuzz seed 20332; docs/dynamics.md, "A light body between a heavy one and static geometry").
     *
     * <p>And, since landing4, held in layers ({@link #supportLevels}): a light body that static geometry holds up
     * directly or through a chain of bodies resting on one another, pressed from above by a dynamic body at least
     * {@link #SHOCK_RATIO} times heavier; its impact is the heavy body's approach to it as if it stood still (pieces
     * released from one falling holder come down with the rest above them and are stopped under it), and the manifolds
     * passed again are the chain's, down to the geometry.
     */
    private void markHeld() {
        shockCount = 0;
        heldCount = 0;
        if (heldNormal.length < 3 * bodyCount) {
            heldNormal = new double[Math.max(3 * bodyCount, 2 * heldNormal.length)];
        }
        Arrays.fill(heldNormal, 0, 3 * bodyCount, 0.0);
        if (heldDepth.length < bodyCount) {
            heldDepth = new double[Math.max(bodyCount, 2 * heldDepth.length)];
        }
        Arrays.fill(heldDepth, 0, bodyCount, 0.0);
        if (heldMark.length < bodyCount) {
            heldMark = new boolean[heldDepth.length];
        }
        Arrays.fill(heldMark, 0, bodyCount, false);
        boolean anyHeld = false;
        for (int k = 0; k < heavyOnLightCount; k++) {
            int i = heavyOnLight[k], sa = ia[i], sb = ib[i], mo = i * MAN;
            double ma = invMass[sa], mb = invMass[sb];
            boolean holdsB = ma == 0 && lightBody[sb];
            if (!holdsB && !(mb == 0 && lightBody[sa])) {
                continue;
            }
            // A holds B and pushes it along +n, or B holds A and pushes it along -n
            int l = holdsB ? sb : sa;
            double sg = holdsB ? 1 : -1;
            addNormal(heldNormal, l, sg, mo);
            for (int k2 = 0, q = pointBase[i]; k2 < points[i]; k2++, q++) {
                heldDepth[l] = Math.max(heldDepth[l], -sep[q]);
            }
            anyHeld = true;
        }
        double gx = b.gravityX, gy = b.gravityY, gz = b.gravityZ, g = Math.sqrt(gx * gx + gy * gy + gz * gz);
        if (!(g > 0)) {
            return;
        }
        // held up in layers too (landing4): a light body on geometry or on bodies it holds up, struck by one at least
        // SHOCK_RATIO times heavier; its impact counted as the heavy body's approach to it standing still
        boolean layered = supportLevels(gx / g, gy / g, gz / g);
        if (!anyHeld && !layered) {
            return;
        }
        if (shock.length < activeCount) {
            shock = new int[Math.max(activeCount, 2 * shock.length)];
            shockLightB = new boolean[shock.length];
        }
        boolean anyLayered = false;
        for (int i = 0; i < activeCount; i++) {
            int sa = ia[i], sb = ib[i], mo = i * MAN;
            double ma = invMass[sa], mb = invMass[sb];
            if (!(ma > 0 && mb > 0)) {
                continue;
            }
            boolean lightB = mb >= SHOCK_RATIO * ma;
            if (!lightB && !(ma >= SHOCK_RATIO * mb)) {
                continue;
            }
            int l = lightB ? sb : sa;
            boolean heavy = lightB ? mb >= HEAVY_ON_LIGHT * ma : ma >= HEAVY_ON_LIGHT * mb;
            // the heavy body's push on the light one: +n on B, -n on A
            double sign = lightB ? 1 : -1;
            double hx = heldNormal[3 * l], hy = heldNormal[3 * l + 1], hz = heldNormal[3 * l + 2];
            double len = Math.sqrt(hx * hx + hy * hy + hz * hz);
            double dot = sign * (man[mo] * hx + man[mo + 1] * hy + man[mo + 2] * hz);
            double fastest = 0; // the heavy body's impact on the light one: its points' approach at the step's start
            for (int k2 = 0, q = pointBase[i]; k2 < points[i]; k2++, q++) {
                fastest = Math.min(fastest, approach[q]);
            }
            // held from below: what holds it pushes it up within 60° of against gravity (a floor, a groove, not a wall),
            // and the heavy body presses it down within 60° of gravity
            double up = -(gx * hx + gy * hy + gz * hz) / g;
            double down = sign * (man[mo] * gx + man[mo + 1] * gy + man[mo + 2] * gz) / g;
            boolean direct = heavy && len > 0 && dot <= -SHOCK_COS * len && up >= SHOCK_COS * len;
            // or held up in layers (supportLevels): on geometry of no inverse mass, or on bodies that it holds up
            boolean inLayers = !direct && layered && level[l] >= 0;
            double depth = heldDepth[l];
            if (inLayers) {
                depth = levelDepth[l];
                // its impact: the heavy body's approach to the held light body as if that stood still (a heavy body
                // released with light pieces under it comes down with them and is stopped through them)
                int hs = slotOf[lightB ? sa : sb];
                double hv = b.vx[hs] * man[mo] + b.vy[hs] * man[mo + 1] + b.vz[hs] * man[mo + 2];
                fastest = Math.min(fastest, lightB ? -hv : hv);
            }
            if ((direct || inLayers) && down >= SHOCK_COS
                    && capOf[i] == Double.POSITIVE_INFINITY
                    && (fastest < -SHOCK_SPEED || depth > SHOCK_DEPTH)) {
                shock[shockCount] = i;
                shockLightB[shockCount++] = lightB;
                heldMark[l] = true; // a light body with a shock row: its holding manifolds are passed again
                anyLayered |= inLayers;
            }
        }
        if (shockCount == 0) {
            return;
        }
        if (anyLayered) {
            // a body held in layers is held by the ones under it: theirs are passed again too, level by level down
            for (int lv = SUPPORT_LEVELS; lv >= 1; lv--) {
                for (int i = 0; i < activeCount; i++) {
                    int sa = ia[i], sb = ib[i];
                    if (level[sa] == lv && heldMark[sa] && level[sb] == lv - 1 && invMass[sb] > 0) {
                        heldMark[sb] = true;
                    } else if (level[sb] == lv && heldMark[sb] && level[sa] == lv - 1 && invMass[sa] > 0) {
                        heldMark[sa] = true;
                    }
                }
            }
        }
        if (held.length < activeCount) {
            held = new int[Math.max(activeCount, 2 * held.length)];
        }
        // in solve order: the held bodies' manifolds with geometry of no inverse mass, and (held in layers) each one
        // with a body a level under it
        for (int i = 0; i < activeCount; i++) {
            int sa = ia[i], sb = ib[i];
            boolean link = invMass[sa] == 0 && heldMark[sb] || invMass[sb] == 0 && heldMark[sa];
            if (!link && anyLayered && invMass[sa] > 0 && invMass[sb] > 0) {
                link = heldMark[sb] && level[sb] > 0 && level[sa] == level[sb] - 1
                        || heldMark[sa] && level[sa] > 0 && level[sb] == level[sa] - 1;
            }
            if (link) {
                held[heldCount++] = i;
            }
        }
    }

    // per solver body: the sum of the unit normals its manifolds with bodies of no inverse mass push it along, and the
    // first of those manifolds (-1: none), each manifold the next of its body's (holdingNormals)
    private double[] holding = new double[0];
    private int[] holdHead = new int[0], holdNext = new int[0];

    /**
     * Per solver body ({@link #velocityIndex}; three doubles from {@code 3 * index}), the sum of the unit normals along
     * which its manifolds with bodies of no inverse mass (static, kinematic, anchored pieces) push it, 0 where it has
     * none: what holds it, for the joint solve's held rows ({@link ConstraintSolver#solveHeld}). Only manifolds with
     * points; computed from this step's manifolds on each call. Valid until the next {@link #prepare}.
     */
    public double[] holdingNormals() {
        if (holding.length < 3 * bodyCount) {
            holding = new double[Math.max(3 * bodyCount, 2 * holding.length)];
        }
        Arrays.fill(holding, 0, 3 * bodyCount, 0.0);
        if (holdHead.length < bodyCount) {
            holdHead = new int[Math.max(bodyCount, 2 * holdHead.length)];
        }
        Arrays.fill(holdHead, 0, bodyCount, -1);
        if (holdNext.length < activeCount) {
            holdNext = new int[Math.max(activeCount, 2 * holdNext.length)];
        }
        for (int i = activeCount - 1; i >= 0; i--) { // from the back: each body's list in solve order
            if (points[i] == 0) {
                continue;
            }
            int sa = ia[i], sb = ib[i], mo = i * MAN;
            double ma = invMass[sa], mb = invMass[sb];
            int l;
            if (ma == 0 && mb > 0) { // A holds B and pushes it along +n
                l = sb;
                holding[3 * sb] += man[mo];
                holding[3 * sb + 1] += man[mo + 1];
                holding[3 * sb + 2] += man[mo + 2];
            } else if (mb == 0 && ma > 0) { // B holds A and pushes it along -n
                l = sa;
                holding[3 * sa] -= man[mo];
                holding[3 * sa + 1] -= man[mo + 1];
                holding[3 * sa + 2] -= man[mo + 2];
            } else {
                continue;
            }
            holdNext[i] = holdHead[l];
            holdHead[l] = i;
        }
        return holding;
    }

    /**
     * Whether solver body {@code i}'s manifolds with bodies of no inverse mass push it now: one of their points carries
     * a normal impulse in this sub-step's solve (after {@link #holdingNormals}).
     */
    public boolean pressed(int i) {
        for (int m = holdHead[i]; m >= 0; m = holdNext[m]) {
            for (int k = 0, q = pointBase[m]; k < points[m]; k++, q++) {
                if (nrow[q * NR + LN] > 0) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * Mass ratio from which a heavy body striking a light one held up in layers ({@link #supportLevels}) is stopped by it
     * as by the geometry: below {@link #HEAVY_ON_LIGHT}, since an 81 kg slab of nine 9 kg pieces of a box landing on a
     * knife edge sank 4 cm into the pieces the edge held and was pushed back up at 0.8 m/s (docs/destruction.md,
     * "Landings").
     */
    static final double SHOCK_RATIO = 4;
    /** Most links from static geometry up through which a body counts as held from below ({@link #supportLevels}). */
    static final int SUPPORT_LEVELS = 8;
    // per solver body: -1, or how many touching bodies lie between it and the static geometry holding it up (0: it
    // touches that geometry), and how deep it lies in what holds it (supportLevels)
    private int[] level = new int[0];
    private double[] levelDepth = new double[0];

    /**
     * Which dynamic bodies static geometry holds up, in layers (shock propagation's levels, Guendelman, Bridson and
     * Fedkiw 2003): level 0, a body whose touching manifolds with bodies of no inverse mass push it, summed, within
     * 60° of up ({@link #SHOCK_COS}); level k, a body touching one of level k - 1 that pushes it within 60° of up. Jacobi
     * passes (each level from the one before only), so the result does not depend on the solve order; at most
     * {@link #SUPPORT_LEVELS} levels. Whether any body is held up. (landing4: the pieces of a box three layers high
     * landing on a knife edge rest on the pieces the edge holds; held only where static geometry touched them, the
     * 234-396 kg rest was not stopped through them, sank 2-3.6 cm into them and was pushed back up, +289 N·s and
     * +130 J four steps later.)
     */
    private boolean supportLevels(double dx, double dy, double dz) {
        if (level.length < bodyCount) {
            level = new int[Math.max(bodyCount, 2 * level.length)];
            levelDepth = new double[level.length];
        }
        Arrays.fill(level, 0, bodyCount, -1);
        Arrays.fill(levelDepth, 0, bodyCount, 0.0);
        if (supportNormal.length < 3 * bodyCount) {
            supportNormal = new double[Math.max(3 * bodyCount, 2 * supportNormal.length)];
        }
        Arrays.fill(supportNormal, 0, 3 * bodyCount, 0.0);
        if (links.length < activeCount) {
            links = new int[Math.max(activeCount, 2 * links.length)];
        }
        // one pass over the manifolds: the touching ones with geometry of no inverse mass (summed per body) and the
        // touching ones between dynamic bodies within 60° of up (the links a level rests on the one under it by),
        // each link stored as its manifold with its sign (negative: A rests on B)
        boolean any = false;
        int linkCount = 0;
        for (int i = 0; i < activeCount; i++) {
            int sa = ia[i], sb = ib[i], mo = i * MAN;
            double ma = invMass[sa], mb = invMass[sb];
            if (ma > 0 && mb > 0) {
                double upB = -(man[mo] * dx + man[mo + 1] * dy + man[mo + 2] * dz);
                if ((upB >= SHOCK_COS || -upB >= SHOCK_COS) && touching(i)) {
                    links[linkCount++] = upB >= SHOCK_COS ? i : -1 - i;
                }
                continue;
            }
            boolean holdsB = ma == 0 && mb > 0;
            if (!holdsB && !(mb == 0 && ma > 0) || !touching(i)) {
                continue;
            }
            int l = holdsB ? sb : sa;
            double sg = holdsB ? 1 : -1;
            addNormal(supportNormal, l, sg, mo);
            any = true;
        }
        if (!any) {
            return false;
        }
        any = false;
        for (int l = 1; l < bodyCount; l++) {
            double hx = supportNormal[3 * l], hy = supportNormal[3 * l + 1], hz = supportNormal[3 * l + 2];
            double len = Math.sqrt(hx * hx + hy * hy + hz * hz);
            if (len > 0 && -(hx * dx + hy * dy + hz * dz) >= SHOCK_COS * len) {
                level[l] = 0;
                any = true;
            }
        }
        if (!any) {
            return false;
        }
        for (int lv = 1; lv <= SUPPORT_LEVELS; lv++) {
            boolean grew = false;
            for (int k = 0; k < linkCount; k++) {
                int e = links[k], i = e >= 0 ? e : -1 - e;
                // the resting body (B when A pushes it up along +n) and the one under it
                int on = e >= 0 ? ib[i] : ia[i], under = e >= 0 ? ia[i] : ib[i];
                if (level[under] == lv - 1 && level[on] == -1) {
                    level[on] = -2 - lv; // marked in this pass; set after it (Jacobi)
                    grew = true;
                }
            }
            if (!grew) {
                break;
            }
            for (int k = 0; k < linkCount; k++) {
                int e = links[k], on = e >= 0 ? ib[e] : ia[-1 - e];
                if (level[on] == -2 - lv) {
                    level[on] = lv;
                }
            }
        }
        // how deep each held body lies in what holds it up (the geometry, or the bodies a level under it)
        for (int i = 0; i < activeCount; i++) {
            int sa = ia[i], sb = ib[i];
            if (invMass[sa] > 0 && invMass[sb] > 0) {
                continue;
            }
            int on = invMass[sa] == 0 && invMass[sb] > 0 && level[sb] == 0 ? sb
                    : invMass[sb] == 0 && invMass[sa] > 0 && level[sa] == 0 ? sa : -1;
            if (on >= 0) {
                deepest(i, on);
            }
        }
        for (int k = 0; k < linkCount; k++) {
            int e = links[k], i = e >= 0 ? e : -1 - e;
            int on = e >= 0 ? ib[i] : ia[i], under = e >= 0 ? ia[i] : ib[i];
            if (level[on] > 0 && level[under] == level[on] - 1) {
                deepest(i, on);
            }
        }
        return true;
    }

    /** Adds {@code sg} (±1) times the normal of the manifold at {@code man[mo..mo+3)} to body l's three sums in {@code to}. */
    private void addNormal(double[] to, int l, double sg, int mo) {
        to[3 * l] += sg * man[mo];
        to[3 * l + 1] += sg * man[mo + 1];
        to[3 * l + 2] += sg * man[mo + 2];
    }

    /** Raises body l's {@link #levelDepth} to the deepest point of manifold i. */
    private void deepest(int i, int l) {
        for (int k = 0, q = pointBase[i]; k < points[i]; k++, q++) {
            levelDepth[l] = Math.max(levelDepth[l], -sep[q]);
        }
    }

    // the touching manifolds between dynamic bodies within 60° of up, in solve order (supportLevels)
    private int[] links = new int[0];

    // per solver body: the sum of the unit normals its touching manifolds with bodies of no inverse mass push it along
    private double[] supportNormal = new double[0];

    /** Whether a point of manifold i touches (lies within the linear slop of touching). */
    private boolean touching(int i) {
        for (int k = 0, q = pointBase[i]; k < points[i]; k++, q++) {
            if (sep[q] <= slop) {
                return true;
            }
        }
        return false;
    }

    /**
     * How squarely the geometry holding a light body must face the heavy body's push on it for that push to meet the
     * holding geometry's resistance ({@link #markHeld}): the cosine of 60°. A ball in a right-angled groove is held
     * (its two walls' normals sum to the groove's axis), a ball against a wall pressed along it is not.
     */
    static final double SHOCK_COS = 0.5;
    /**
     * Approach speed, m/s, from which a heavy body's contact with a held light one is an impact that {@link #shockRows}
     * stops ({@link #markHeld}): the default restitution threshold's 1 m/s. A slower heavy body settling on a light one
     * is left to the soft rows, whose slow passing of its weight damps the pair's rocking ({@code HeavyOnRidgeTest}):
     * held rows at rest kept it rocking at 0.02-1.5 J where it otherwise decays.
     */
    static final double SHOCK_SPEED = 1;
    /**
     * Depth, metres, of a light body in what holds it from which a heavy body resting on it is held by {@link #shockRows}
     * too: the soft rows' sag under a load up to 1:100 peaks at about 1 cm (docs/dynamics.md, "Physical limits"), and a
     * 1:4 000 load at rest sank a 0.18 kg ball through a mesh slab.
     */
    static final double SHOCK_DEPTH = 0.02;

    /**
     * Manifold {@code i}'s normal rows with its light body held (shock propagation, Guendelman et al. 2003: the level
     * below counts as fixed): each point's approach is stopped (or held to its speculative gap's {@code s / h}) with
     * the effective mass of the heavy body alone, and only the heavy body takes the impulse, which the held light
     * body passes on to what holds it (its holding manifolds were passed just before, so it does not approach them).
     * The impulse is this call's own, accumulated over {@link #SHOCK_SWEEPS} sweeps of the manifold's points and
     * clamped at 0 (a manifold's points push one body together: one sweep of single pushes over-pushed a 700 kg box
     * landing flat on a light one, which left at 6.5 m/s up); it is not the rows' accumulated impulse, which the soft
     * rows apply to both bodies and leak (added there, its leak threw a 0.18 kg ball off at 400 m/s), and it is not
     * stored: the store's impulses (warm start, strain, events) are the soft rows'. It only takes kinetic energy from
     * the heavy body's approach, measured against the light body only while that recedes, and a point's impulse never
     * does more than stop that point's fall (it is straight up while the row stops an approach along a normal up to
     * 60° off the vertical, which asked for up to twice the vertical change and lifted the heavy body: the physics
     * fuzz's seed 15381 gained 3 300 J in a step). A manifold whose impulse is capped (a crushing contact) is left to
     * give way.
     */
    private void shockRows(int i, boolean lightB) {
        final double[] v = vel, rw = nrow, mn = man, acc = shockImpulse, ii = invI;
        final int oa = ia[i] * 6, ob = ib[i] * 6, mo = i * MAN, q0 = pointBase[i], pc = points[i], m = active[i];
        final double nx = mn[mo], ny = mn[mo + 1], nz = mn[mo + 2];
        final double invStep = invH;
        // the light body's side and the heavy one's: the heavy body's point moves away from the light one along
        // +n for B, -n for A; the impulse is along up, against gravity (what the holding geometry takes)
        final double mh = lightB ? mn[mo + 10] : mn[mo + 11];
        final int oh = lightB ? oa : ob, ol = lightB ? ob : oa;
        final int ch = lightB ? CNA : CNB, cl = lightB ? CNB : CNA;
        final double dir = lightB ? -1 : 1;
        final double[] rx = lightB ? c.ax : c.bx, ry = lightB ? c.ay : c.by, rz = lightB ? c.az : c.bz;
        final double g = Math.sqrt(b.gravityX * b.gravityX + b.gravityY * b.gravityY + b.gravityZ * b.gravityZ);
        final double ux = -b.gravityX / g, uy = -b.gravityY / g, uz = -b.gravityZ / g;
        final double along = dir * (nx * ux + ny * uy + nz * uz); // > 0.5: markHeld
        if (!(mh > 0)) {
            return; // the debris rule: the heavy side takes nothing from this manifold
        }
        for (int k = 0; k < pc; k++) {
            acc[k] = 0;
        }
        for (int sweep = 0; sweep < SHOCK_SWEEPS; sweep++) {
            for (int k = 0, q = q0, r = q0 * NR, p = m * P; k < pc; k++, q++, r += NR, p++) {
                // the heavy body's point speed away from the light one, and the light one's towards it, which counts
                // only while it recedes (a light body pushed out towards the heavy one is the soft rows' business)
                double vh = dir * ((v[oh] * nx + v[oh + 1] * ny + v[oh + 2] * nz)
                        + rw[r + ch] * v[oh + 3] + rw[r + ch + 1] * v[oh + 4] + rw[r + ch + 2] * v[oh + 5]);
                double vl = dir * ((v[ol] * nx + v[ol + 1] * ny + v[ol + 2] * nz)
                        + rw[r + cl] * v[ol + 3] + rw[r + cl + 1] * v[ol + 4] + rw[r + cl + 2] * v[ol + 5]);
                double s = sep[q];
                double err = vh - Math.min(vl, 0) + (s > 0 ? s * invStep : 0);
                // r × u and I⁻¹ (r × u) of the heavy body at this point: a unit impulse up changes vh by kappa
                double px = ry[p] * uz - rz[p] * uy, py = rz[p] * ux - rx[p] * uz, pz = rx[p] * uy - ry[p] * ux;
                double kx = ii[oh] * px + ii[oh + 1] * py + ii[oh + 2] * pz;
                double ky = ii[oh + 1] * px + ii[oh + 3] * py + ii[oh + 4] * pz;
                double kz = ii[oh + 2] * px + ii[oh + 4] * py + ii[oh + 5] * pz;
                double kappa = along * mh + dir * (rw[r + ch] * kx + rw[r + ch + 1] * ky + rw[r + ch + 2] * kz);
                if (!(kappa > 0)) {
                    continue;
                }
                double old = acc[k];
                double nu = old - err / kappa;
                if (!(nu > 0)) {
                    nu = 0;
                }
                double d = nu - old;
                if (d > 0) { // never more than stops the point's fall (above)
                    double vu = ux * v[oh] + uy * v[oh + 1] + uz * v[oh + 2] + px * v[oh + 3] + py * v[oh + 4] + pz * v[oh + 5];
                    double ku = mh + px * kx + py * ky + pz * kz;
                    double cap = ku > 0 ? Math.max(0, -vu) / ku : 0;
                    if (d > cap) {
                        d = cap;
                        nu = old + d;
                    }
                }
                acc[k] = nu;
                v[oh] += d * mh * ux; v[oh + 1] += d * mh * uy; v[oh + 2] += d * mh * uz;
                v[oh + 3] += kx * d; v[oh + 4] += ky * d; v[oh + 5] += kz * d;
            }
        }
    }

    /** Gauss–Seidel sweeps of a manifold's held rows in one {@link #shockRows} (its points push on one body together). */
    private static final int SHOCK_SWEEPS = 4;
    private final double[] shockImpulse = new double[P];

    // prepare's loops, each a method of its own: prepare runs once a step, so C2 would otherwise compile
    // it on the stack (OSR) loop by loop, each time the whole method with all its inlining (issue 32,
    // docs/benchmarks.md "A bake process is JIT-bound"); pure extraction, the same operations in the same order

    /** Which store manifolds are solved, in store order, with their solver bodies; returns their count. */
    private int gatherCandidates(ContactStore contacts) {
        int candidates = 0;
        for (int m = 0, n = contacts.size(); m < n; m++) {
            activeOf[m] = -1;
            int a = contacts.bodyA[m], bb = contacts.bodyB[m];
            int pc = contacts.pointCount[m];
            if (pc == 0 || !(awakeDynamic(a) || awakeDynamic(bb))) {
                continue;
            }
            candM[candidates] = m;
            candA[candidates] = mapBody(a);
            candB[candidates] = mapBody(bb);
            candidates++;
        }
        return candidates;
    }

    /**
     * Cuts the groups into segments for {@link #orderSegments}, which sets the solve order within each
     * ({@code byColour}: each coloured manifold's solved index; solved manifold i = the i-th in colour
     * order, so each colour is a contiguous range of i) and the solved manifolds' per-manifold state in
     * that order, on the executor beside the solver bodies' set-up (issue 26: done in one serial loop
     * each, they were 0.7 % of the calling thread's samples in the 2-thread pile). A
     * segment is one group of the colouring (segment k is group k); a colour that several threads
     * solve is marked with the parts each thread's share is run in ({@code segParts}, {@link #byPlace}).
     * Segments are disjoint ranges of the solve order and each writes only its own range (its manifolds'
     * {@code activeOf}, its own {@code segCut} and {@code segFill} slots), so the result does not depend
     * on how the segments are shared out.
     */
    private void segments() {
        segCount = 0;
        for (int g = 0, e = coloring.groups(); g < e; g++) {
            int lo = coloring.start(g), hi = coloring.start(g + 1);
            if (coloring.serial(g) || coloring.half(g) != 0) {
                addSegment(lo, hi, true); // a half is solved in the given order, as the serial group it was cut from
                continue;
            }
            addSegment(lo, hi, false);
            int n = hi - lo;
            if (dispatchBlock(n, 16) < n) {
                // split across the threads by place (byPlace), each thread's share in parts
                segParts[segCount - 1] = Math.max(1, Math.min(BLOCKS_PER_THREAD, n / (executor.threads() * 16)));
            }
        }
        int cuts = segCount * (executor.threads() + 1), counts = segCount * (executor.threads() * PLACE_BUCKETS + 1);
        if (segCut.length < cuts) {
            segCut = new int[Math.max(cuts, 2 * segCut.length)];
        }
        if (segFill.length < counts) {
            segFill = new int[Math.max(counts, 2 * segFill.length)];
        }
    }

    private void addSegment(int lo, int hi, boolean serialGroup) {
        if (segCount == segLo.length) {
            segLo = Arrays.copyOf(segLo, 2 * segCount);
            segHi = Arrays.copyOf(segHi, 2 * segCount);
            segSerial = Arrays.copyOf(segSerial, 2 * segCount);
            segParts = Arrays.copyOf(segParts, 2 * segCount);
        }
        segLo[segCount] = lo;
        segHi[segCount] = hi;
        segParts[segCount] = 0;
        segSerial[segCount++] = serialGroup;
    }

    // per segment (one per group of the colouring): its first and end colour position, whether it is a
    // serial group, and for a colour cut by place the parts each thread's share is run in (0: not cut);
    // segCut[k * (threads + 1) + t]: where thread t's share of segment k begins (byPlace)
    private int[] segLo = new int[64], segHi = new int[64], segParts = new int[64], segCut = new int[0],
            segFill = new int[0];
    private boolean[] segSerial = new boolean[64];
    private int segCount;
    private final RangeTask orderTask = this::orderSegments;
    private final dev.rubble.core.parallel.TaskPair bodiesAndOrder = new dev.rubble.core.parallel.TaskPair();
    /** This step's colouring has no parallel group ({@link #allSerial}): the solver's stages stay on the calling thread. */
    private boolean serialSolve;

    /** Segments {@code [from, to)}: their solve order ({@code byColour}), then their manifolds placed in it. */
    private void orderSegments(int from, int to) {
        final int[] order = coloring.order();
        for (int k = from; k < to; k++) {
            int lo = segLo[k], hi = segHi[k];
            if (coloring.half(k) == 2) {
                // a right half backwards (ConstraintColoring, "Halves"): the mirror of the left half's sweep
                for (int j = lo; j < hi; j++) {
                    byColour[j] = lo + hi - 1 - j;
                }
            } else if (segSerial[k]) {
                for (int j = lo; j < hi; j++) {
                    byColour[j] = j; // a serial group is solved in the given order: it carries support (SERIAL_LEVEL)
                }
            } else if (segParts[k] == 0) {
                // a colour's manifolds share no written body, so the order within it changes no bit of the
                // result (the parallel blocks rely on the same): by point count, most first, stable, so
                // that the passes' loops over a manifold's points run the same trip count again and again
                // (fewer mispredicted loop exits) and the normal-only pass skips its one-point manifolds
                // in one run (issue 27 item 2, docs/benchmarks.md "Colours by point count")
                for (int j = lo; j < hi; j++) {
                    perm[j] = j;
                }
                byPointCount(lo, hi, lo);
            } else {
                byPlace(k, lo, hi, order);
            }
            // the segment's manifolds in solve order (byColour maps the segment onto itself)
            for (int j = lo; j < hi; j++) {
                int i = byColour[j];
                int kk = order[j];
                int m = candM[kk];
                active[i] = m;
                activeOf[m] = i;
                ia[i] = candA[kk];
                ib[i] = candB[kk];
                points[i] = c.pointCount[m];
                capOf[i] = Double.POSITIVE_INFINITY; // issue 22: uncapped unless capNormalImpulse says otherwise
                bouncing[i] = false;
                converge[i] = false;
                impactSub[i] = -1;
            }
        }
    }

    /**
     * The colour positions {@code perm[from .. to)} solved as {@code first, first + 1, ..}: by point
     * count, most first, stable (sets their {@code byColour}).
     */
    private void byPointCount(int from, int to, int first) {
        final int[] order = coloring.order(), pm = perm;
        int i = first;
        for (int pc = P; pc >= 1; pc--) {
            for (int p = from; p < to; p++) {
                int j = pm[p];
                if (c.pointCount[candM[order[j]]] == pc) {
                    byColour[j] = i++;
                }
            }
        }
    }

    /**
     * The axis {@link #numberByPlace} numbers the bodies along: of the two axes across gravity (all three
     * without gravity), the one the dynamic bodies spread the most along. Not up: the colouring's levels
     * are layers along gravity and a phase's colour holds levels 8 apart, so cut by height a colour's
     * halves were its lower and its upper levels, and a level alone in its colour was cut at random
     * (twelve-box columns: 29 % of body reads on the other thread). NaN extents: some axis; any is correct.
     */
    private int spreadAxis(double ex, double ey, double ez) {
        double gx = Math.abs(gravityX), gy = Math.abs(gravityY), gz = Math.abs(gravityZ);
        int up = gx == 0 && gy == 0 && gz == 0 ? -1 : gx >= gy && gx >= gz ? 0 : gy >= gz ? 1 : 2;
        if (up == 0) {
            return ey >= ez ? 1 : 2;
        }
        if (up == 1) {
            return ex >= ez ? 0 : 2;
        }
        if (up == 2) {
            return ex >= ey ? 0 : 1;
        }
        return ex >= ey && ex >= ez ? 0 : ey >= ez ? 1 : 2;
    }

    /** Solved manifolds from which a step on several threads numbers its solver bodies by place ({@link #numberByPlace}). */
    static final int PLACE_MIN_MANIFOLDS = 256;

    /**
     * Numbers this step's solver bodies {@code 1 .. bodyCount} in the order of their place along the
     * {@link #spreadAxis} (from {@code lo}, over {@code extent}; 1 024 bins, first use within a bin), and
     * renames them in the candidates. On several threads (issue 26): {@link #byPlace} cuts each colour
     * by place, and the per-body stages cut the bodies by number, so each thread writes one run of
     * {@code vel} (six doubles a body, 1.33 bodies a cache line). Numbered in store order, two bodies of one
     * cache line were often written by different threads: a line moved between the cores every
     * tenth body read of a pass even after the colours were cut by place. Which number a body has changes
     * no bit of the result (the colouring and every sum are in constraint order).
     */
    private void numberByPlace(int candidates, double lo, double extent) {
        final int n = bodyCount;
        final int bins = Math.min(1024, n);
        final double[] pos = spreadAxis == 0 ? b.px : spreadAxis == 1 ? b.py : b.pz;
        if (binStart.length < bins + 1) {
            binStart = new int[bins + 1];
        }
        if (renumber.length < n) {
            int cap = Math.max(n, 2 * renumber.length);
            renumber = new int[cap];
            slotScratch = new int[cap];
            massScratch = new double[cap];
            writesScratch = new boolean[cap];
            thinScratch = new boolean[cap];
            refreshScratch = new boolean[cap];
        }
        final int[] start = binStart, to = renumber;
        Arrays.fill(start, 0, bins + 1, 0);
        final double scale = extent > 0 && extent < Double.POSITIVE_INFINITY ? bins / extent : 0;
        for (int i = 1; i < n; i++) {
            double t = (pos[slotOf[i]] - lo) * scale;
            int bin = t >= bins ? bins - 1 : t > 0 ? (int) t : 0; // not-written bodies may lie outside; NaN: bin 0
            to[i] = bin;
            start[bin + 1]++;
        }
        for (int k = 0; k < bins; k++) {
            start[k + 1] += start[k];
        }
        for (int i = 1; i < n; i++) {
            to[i] = 1 + start[to[i]]++;
        }
        final int[] slots = slotScratch;
        final double[] masses = massScratch;
        final boolean[] writes = writesScratch, thin = thinScratch, refresh = refreshScratch;
        for (int i = 1; i < n; i++) {
            int k = to[i];
            slots[k] = slotOf[i];
            masses[k] = invMass[i];
            writes[k] = writesBack[i];
            thin[k] = anisotropic[i];
            refresh[k] = refreshes[i];
        }
        // every per-body array mapBody filled moves with its body (the thin-body flag stayed behind until
        // 2026-12-06: on several threads other bodies took the thin bodies' row refresh, and the result
        // depended on the thread count; ThreadCountInvarianceTest.thinBodiesKeepTheirRowsOnEveryThreadCount)
        for (int k = 1; k < n; k++) {
            slotOf[k] = slots[k];
            invMass[k] = masses[k];
            writesBack[k] = writes[k];
            anisotropic[k] = thin[k];
            refreshes[k] = refresh[k];
            solverIndex[slots[k]] = k;
        }
        to[0] = 0;
        for (int q = 0; q < candidates; q++) {
            candA[q] = to[candA[q]];
            candB[q] = to[candB[q]];
        }
    }

    /**
     * Each solver body's coordinate along the {@link #spreadAxis}, for the colouring's halves (ConstraintColoring,
     * "Halves"); the fixed body 0's is not read.
     */
    private double[] places() {
        final int n = bodyCount;
        if (placeOf.length < n) {
            placeOf = new double[Math.max(n, 2 * placeOf.length)];
        }
        final double[] pos = spreadAxis == 0 ? b.px : spreadAxis == 1 ? b.py : b.pz;
        for (int i = 1; i < n; i++) {
            placeOf[i] = pos[slotOf[i]];
        }
        return placeOf;
    }

    private double[] placeOf = new double[0];

    private int[] binStart = new int[0], renumber = new int[0], slotScratch = new int[0];
    private double[] massScratch = new double[0];
    private boolean[] writesScratch = new boolean[0], thinScratch = new boolean[0], refreshScratch = new boolean[0];

    /**
     * The solve order of colour (segment) {@code k}, {@code [lo, hi)}, on several threads (issue 26): cut
     * by place into one share per thread. The solver bodies are numbered by place ({@link
     * #numberByPlace}); a manifold's place is the middle of the numbers of the bodies it writes, and
     * thread {@code t} takes the manifolds placed in the {@code t}-th of {@code threads} equal stretches of
     * the numbers, the same stretch in every colour ({@code segCut}; {@link #forColours} runs each share
     * in {@code segParts} parts, a thread's own first, and a thread done early takes parts from the back
     * of another's share, next to its own). So a thread writes the same part of the scene in every colour
     * of a pass, and a body's velocities move between the cores only near the cuts. Cut in store order
     * into equal blocks (sorted by body pair), a quarter of the pile's body reads found the body last
     * written by the other thread in an earlier colour (docs/benchmarks.md, "thirteenth session"). Within
     * a part, by point count as above. The order within a colour changes no bit of the result.
     */
    private void byPlace(int k, int lo, int hi, int[] order) {
        final int threads = executor.threads();
        final int[] pm = perm, bucketOf = placeBucket;
        final long span = Math.max(1, bodyCount - 1); // the numbers 1 .. bodyCount - 1
        final int buckets = threads * PLACE_BUCKETS;
        final int bo = k * (buckets + 1);
        final int[] count = segFill;
        Arrays.fill(count, bo, bo + buckets + 1, 0);
        for (int j = lo; j < hi; j++) {
            int kk = order[j];
            int sa = candA[kk], sb = candB[kk];
            boolean wa = writesBack[sa], wb = writesBack[sb];
            long twice = wa && wb ? (long) sa + sb : 2L * (wa ? sa : sb); // twice the place, in numbers
            // bucket q of `buckets` equal stretches of the numbers; thread t's stretch is buckets
            // t PLACE_BUCKETS .. (t + 1) PLACE_BUCKETS - 1
            int q = (int) Math.min(buckets - 1, Math.max(0, (twice - 2) * buckets / (2 * span)));
            bucketOf[j] = q;
            count[bo + q + 1]++;
        }
        for (int q = 0; q < buckets; q++) {
            count[bo + q + 1] += count[bo + q];
        }
        final int co = k * (threads + 1);
        final int[] cut = segCut;
        for (int t = 0; t <= threads; t++) {
            cut[co + t] = lo + count[bo + t * PLACE_BUCKETS];
        }
        // by bucket, stable: each thread's share in the order of its bodies' numbers (bucket by bucket),
        // so a part's passes read the velocities of bodies with nearby numbers, side by side in vel
        for (int q = 0; q < buckets; q++) {
            count[bo + q] += lo;
        }
        for (int j = lo; j < hi; j++) {
            pm[count[bo + bucketOf[j]]++] = j;
        }
        final int parts = segParts[k];
        for (int t = 0; t < threads; t++) {
            int a = cut[co + t], len = cut[co + t + 1] - a;
            for (int p = 0; p < parts; p++) {
                int from = a + (int) ((long) len * p / parts), to = a + (int) ((long) len * (p + 1) / parts);
                byPointCount(from, to, from);
            }
        }
    }

    /** Buckets of place per thread that {@link #byPlace} sorts a colour's manifolds into. */
    private static final int PLACE_BUCKETS = 32;

    /** The stretch of colour (segment) {@code k}'s share of thread {@code t} that its part {@code p} covers: [lo, hi) packed in a long. */
    private long part(int k, int t, int p) {
        int threads = executor.threads(), co = k * (threads + 1), parts = segParts[k];
        int a = segCut[co + t], len = segCut[co + t + 1] - a;
        int from = a + (int) ((long) len * p / parts), to = a + (int) ((long) len * (p + 1) / parts);
        return (long) from << 32 | to;
    }


    /** The block size {@link #run} dispatches {@code n} items in (see {@link StepExecutor#splitBlock}). */
    private int dispatchBlock(int n, int minBlock) {
        return executor.splitBlock(n, minBlock, BLOCKS_PER_THREAD);
    }

    /** Each solved manifold's first point (solve order, a manifold's points side by side); returns the total. */
    private int pointBases(int candidates) {
        int pts = 0;
        for (int i = 0; i < candidates; i++) {
            pointBase[i] = pts;
            pts += points[i];
        }
        return pts;
    }

    /**
     * The pre-solve hook's materials (docs/events.md, "Pre-solve hook"), after {@link #prepare}:
     * store manifolds {@code ms[0 .. n)} (ascending) solve with friction {@code mus[k]} and
     * restitution {@code es[k]} instead of the bodies' mixed materials. Runs only when a hook
     * changed a pair, so a step without one is untouched.
     */
    public void keepMaterials(int[] ms, double[] mus, double[] es, int n) {
        final BodyStore bodies = b;
        for (int k = 0; k < n; k++) {
            int m = ms[k];
            int i = m < c.size() ? activeOf[m] : -1;
            if (i < 0) {
                continue;
            }
            double mu = mus[k], e = es[k];
            c.friction[m] = mu;
            c.restitution[m] = e;
            if (e != 0 && !tracksLoad[i]) {
                for (int q = pointBase[i], end = q + points[i]; q < end; q++) {
                    peak[q] = 0; // prepare zeroes it only where the bodies' own restitution is not 0
                }
            }
            tracksLoad[i] = e != 0; // restitution reads peak only where e != 0 (this runs before any pass)
            int mo = i * MAN;
            man[mo + 9] = mu;
            if (e != 0) {
                int a = c.bodyA[m], bb = c.bodyB[m];
                double g = closingAcceleration(a, bb, man[mo], man[mo + 1], man[mo + 2]);
                for (int q = pointBase[i], end = q + points[i]; q < end; q++) {
                    accel[q] = g;
                }
            }
        }
    }

    /**
     * The rows of solved manifold {@code i} (store manifold {@code active[i]}, its points from solver
     * point {@code pointBase[i]}; one method per manifold: invoked hundreds of times a step, the JIT compiles it
     * fully within the first steps instead of on-stack-replacing the whole of {@link #prepare}).
     */
    private void prepareManifold(int i) {
        final BodyStore bodies = b;
        final ContactStore contacts = c;
        final double warm = this.warm;
        final int m = active[i], pts = pointBase[i], pc = points[i];
        final int a = contacts.bodyA[m], bb = contacts.bodyB[m];
        final int sa = ia[i], sb = ib[i];
        double mu = combineFriction(bodies.friction[a], bodies.friction[bb]);
        double e = combineRestitution(bodies.restitution[a], bodies.restitution[bb]);
        contacts.friction[m] = mu;
        contacts.restitution[m] = e;
        double nx = contacts.nx[m], ny = contacts.ny[m], nz = contacts.nz[m];
        int mo = i * MAN;
        man[mo] = nx; man[mo + 1] = ny; man[mo + 2] = nz;
        // tangent basis: a fixed function of n (Catto's plane space), t1 and t2 = n x t1
        ContactStore.tangents(nx, ny, nz, man, mo + 3);
        final double ux = man[mo + 3], uy = man[mo + 4], uz = man[mo + 5];
        final double vx = man[mo + 6], vy = man[mo + 7], vz = man[mo + 8];
        man[mo + 9] = mu;
        double mA = invMass[sa], mB = invMass[sb];
        // one-way (debris) contact (SPEC §6; docs/destruction.md "Debris and removal"): a debris
        // body against a non-debris one sees it as infinitely heavy. The non-debris side's linear
        // and angular inverse masses are zero for this manifold only (its inertia rows are taken
        // from solver body 0, the fixed body); its velocity is still read, so the debris bounces
        // off a moving body correctly, and it receives exactly nothing.
        int ka = sa, kb = sb;
        if (bodies.debris[a] != bodies.debris[bb]) {
            if (bodies.debris[a] == 0) {
                mA = 0;
                ka = 0;
            } else {
                mB = 0;
                kb = 0;
            }
        }
        man[mo + 10] = mA;
        man[mo + 11] = mB;
        man[mo + 12] = e;
        tracksLoad[i] = e != 0;
        double mAB = mA + mB; // how fast an impulse along an axis changes the relative linear velocity
        man[mo + 13] = mAB * nx; man[mo + 14] = mAB * ny; man[mo + 15] = mAB * nz;
        man[mo + 16] = mAB * ux; man[mo + 17] = mAB * uy; man[mo + 18] = mAB * uz;
        man[mo + 19] = mAB * vx; man[mo + 20] = mAB * vy; man[mo + 21] = mAB * vz;
        man[mo + 22] = mAB > 0 ? mA / mAB : 0;
        man[mo + 23] = mAB > 0 ? mB / mAB : 0;
        final double vax = bodies.vx[a], vay = bodies.vy[a], vaz = bodies.vz[a];
        final double wax = bodies.wx[a], way = bodies.wy[a], waz = bodies.wz[a];
        final double vbx = bodies.vx[bb], vby = bodies.vy[bb], vbz = bodies.vz[bb];
        final double wbx = bodies.wx[bb], wby = bodies.wy[bb], wbz = bodies.wz[bb];
        for (int k = 0; k < pc; k++) {
            int p = m * P + k, q = pts + k, nr = q * NR, fr = q * FR;
            double rax = contacts.ax[p], ray = contacts.ay[p], raz = contacts.az[p];
            double rbx = contacts.bx[p], rby = contacts.by[p], rbz = contacts.bz[p];
            final double[] nw = nrow, fw = frow;
            aux[q * AX + NMASS] = axisRow(nw, nr + CNA, ka, kb, mA + mB, rax, ray, raz, rbx, rby, rbz, nx, ny, nz);
            fw[fr + T1MASS] = axisRow(fw, fr + C1A, ka, kb, mA + mB, rax, ray, raz, rbx, rby, rbz, ux, uy, uz);
            fw[fr + T2MASS] = axisRow(fw, fr + C2A, ka, kb, mA + mB, rax, ray, raz, rbx, rby, rbz, vx, vy, vz);
            coneW[4 * q + 3] = Double.NaN; // coneTerms on the first slide of the step (most points never slide)
            coneG[q] = 0;
            nw[nr + LN] = Math.max(contacts.normalImpulse[p], 0) * warm;
            fw[fr + LT1] = contacts.tangentImpulse1[p] * warm;
            fw[fr + LT2] = contacts.tangentImpulse2[p] * warm;
            sep[q] = contacts.separation[p];
            sep0[q] = contacts.separation[p];
            bounceSub[q] = -1;
            if (e != 0) {
                peak[q] = 0; // read only where e != 0 (tracksLoad; keepMaterials zeroes it where it turns e on)
                accel[q] = closingAcceleration(a, bb, nx, ny, nz);
            }
            // (vB + wB x rB - vA - wA x rA) . n, from the body store (before the solve starts)
            double dvx = vbx + wby * rbz - wbz * rby - vax - (way * raz - waz * ray);
            double dvy = vby + wbz * rbx - wbx * rbz - vay - (waz * rax - wax * raz);
            double dvz = vbz + wbx * rby - wby * rbx - vaz - (wax * ray - way * rax);
            double vn = dvx * nx + dvy * ny + dvz * nz;
            approach[q] = vn;
            contacts.relativeNormalVelocity[p] = vn;
            if (vn < -IMPACT_SPEED && pc > 1) {
                // an impact: the normal rows converge in the sub-step it touches in, before friction sees them
                int touch = (int) Math.min(Math.max(contacts.separation[p], 0) / (-vn) * invH, Integer.MAX_VALUE);
                if (touch < subStepCount && (impactSub[i] < 0 || touch < impactSub[i])) {
                    impactSub[i] = touch;
                }
            }
        }
    }

    private void setFixedBody() {
        slotOf[0] = -1;
        writesBack[0] = false;
        invMass[0] = 0;
        for (int k = 0; k < 6; k++) {
            vel[k] = 0;
            invI[k] = 0;
        }
        p0[0] = p0[1] = p0[2] = 0;
        q0[0] = q0[1] = q0[2] = 0;
        q0[3] = 1;
        dp[0] = dp[1] = dp[2] = 0;
        dq[0] = dq[1] = dq[2] = 0;
    }

    /**
     * Writes one row's Jacobian into {@code rw} from {@code at}: {@code rA × u}, {@code rB × u},
     * {@code I⁻¹A (rA × u)}, {@code I⁻¹B (rB × u)}; returns the row's effective mass. In two halves, one
     * per body, each small enough for the JIT to inline (a single method of 471 bytecodes was over
     * C2's hot-method limit of 325, so prepare called it three times a point with fourteen arguments;
     * inlined, the pile's prepare took 0.96× its time, median of five interleaved pairs: docs/benchmarks.md,
     * eleventh session). The
     * effective mass sums the same products in the same order as before, so the bits are the same.
     */
    private double axisRow(double[] rw, int at, int sa, int sb, double linear, double rax, double ray, double raz,
                           double rbx, double rby, double rbz, double ux, double uy, double uz) {
        double k = halfRow(rw, at, sa * 6, linear, rax, ray, raz, ux, uy, uz);
        k = halfRow(rw, at + 3, sb * 6, k, rbx, rby, rbz, ux, uy, uz);
        return k > 0 ? 1 / k : 0;
    }

    /**
     * One body's half of {@link #axisRow}: {@code c = r × u} at {@code rw[at..at+2]}, {@code I⁻¹ c} (the
     * solver body's world inverse inertia from {@code invI[o]}) at {@code rw[at+6..at+8]}; returns
     * {@code k + c · I⁻¹ c}, summed term by term from {@code k}.
     */
    private double halfRow(double[] rw, int at, int o, double k, double rx, double ry, double rz,
                           double ux, double uy, double uz) {
        final double[] ii = invI;
        double cx = ry * uz - rz * uy, cy = rz * ux - rx * uz, cz = rx * uy - ry * ux;
        double kx = ii[o] * cx + ii[o + 1] * cy + ii[o + 2] * cz;
        double ky = ii[o + 1] * cx + ii[o + 3] * cy + ii[o + 4] * cz;
        double kz = ii[o + 2] * cx + ii[o + 4] * cy + ii[o + 5] * cz;
        rw[at] = cx; rw[at + 1] = cy; rw[at + 2] = cz;
        rw[at + 6] = kx; rw[at + 7] = ky; rw[at + 8] = kz;
        return k + cx * kx + cy * ky + cz * kz;
    }

    /**
     * How fast the step's steady pushes close the gap along {@code n} (from A to B): {@code (aA - aB) . n} over the
     * awake dynamic bodies, where a body's {@code a} is its gravity ({@code gravityScale g}) plus its force of this
     * step over its mass ({@code applyForce}, force fields: every sub-step applies them after gravity, docs/dynamics.md
     * "The step"). The bounce at the moment of impact ({@link #bounce}) reads the positions as samples of the parabola
     * this acceleration draws. Until 2026-12-07 only gravity counted: a ball of restitution 1 whose weight was given
     * as a force every step instead of as gravity (Jolt's {@code TestPhysicsCollisionElastic} with gravity through
     * {@code AddForce}) bounced from 5.987 m back to 6.147 m at two sub-steps (3 % of the drop gained) and to 5.169 m at
     * four (16 % lost); now to 5.987 m as under gravity (docs/dynamics.md, "The peers' unit tests"). Torques are not
     * counted (their push on a point depends on the turn; gravity has none).
     */
    private double closingAcceleration(int a, int bb, double nx, double ny, double nz) {
        final BodyStore bodies = b;
        boolean da = awakeDynamic(a), db = awakeDynamic(bb);
        double ga = da ? bodies.gravityScale[a] : 0;
        double gb = db ? bodies.gravityScale[bb] : 0;
        // gravity's share as it always was (the same bits where no force acts)
        double accel = (ga - gb) * (gravityX * nx + gravityY * ny + gravityZ * nz);
        if (da && bodies.forced[a] != 0) {
            accel += bodies.invMass[a] * (bodies.fx[a] * nx + bodies.fy[a] * ny + bodies.fz[a] * nz);
        }
        if (db && bodies.forced[bb] != 0) {
            accel -= bodies.invMass[bb] * (bodies.fx[bb] * nx + bodies.fy[bb] * ny + bodies.fz[bb] * nz);
        }
        return accel;
    }

    private boolean awakeDynamic(int s) {
        return b.state[s] == AWAKE && b.motion[s] == DYNAMIC;
    }

    /**
     * The solver index of body slot {@code s}, creating it on first use this step: its number, slot,
     * whether it writes back and its inverse mass (the colouring reads it). Its pose, velocity and
     * inverse inertia are set up by {@link #setUpBodies}, per body in parallel once every body is
     * numbered (issue 26: done here, one body after another, they were the largest serial part of
     * the pile's 2-thread step).
     */
    private int mapBody(int s) {
        if (stamp[s] == epoch) {
            return solverIndex[s];
        }
        stamp[s] = epoch;
        if (b.state[s] == STATIC && b.vx[s] == 0 && b.vy[s] == 0 && b.vz[s] == 0
                && b.wx[s] == 0 && b.wy[s] == 0 && b.wz[s] == 0) {
            solverIndex[s] = 0;
            return 0;
        }
        int i = bodyCount++;
        solverIndex[s] = i;
        slotOf[i] = s;
        boolean dyn = awakeDynamic(s);
        writesBack[i] = dyn;
        invMass[i] = dyn ? b.invMass[s] : 0;
        boolean thin = dyn && anisotropic(b.invIx[s], b.invIy[s], b.invIz[s]);
        anisotropic[i] = thin;
        if (thin) {
            anisotropicCount++;
        }
        boolean refresh = thin || dyn && turning(s);
        refreshes[i] = refresh;
        if (refresh) {
            refreshCount++;
        }
        if (dyn) { // the spread: the axis the bodies are numbered by place along and the halves are cut on, every thread count
            double x = b.px[s], y = b.py[s], z = b.pz[s];
            spreadLoX = Math.min(spreadLoX, x);
            spreadHiX = Math.max(spreadHiX, x);
            spreadLoY = Math.min(spreadLoY, y);
            spreadHiY = Math.max(spreadHiY, y);
            spreadLoZ = Math.min(spreadLoZ, z);
            spreadHiZ = Math.max(spreadHiZ, z);
        }
        return i;
    }

    /** Solver bodies {@code [lo, hi)}: pose, velocity and world inverse inertia from the body store. */
    private void setUpBodies(int lo, int hi) {
        final BodyStore bodies = b;
        for (int i = lo; i < hi; i++) {
            int s = slotOf[i];
            int o3 = i * 3, o4 = i * 4, o6 = i * 6;
            p0[o3] = bodies.px[s]; p0[o3 + 1] = bodies.py[s]; p0[o3 + 2] = bodies.pz[s];
            q0[o4] = bodies.qx[s]; q0[o4 + 1] = bodies.qy[s]; q0[o4 + 2] = bodies.qz[s]; q0[o4 + 3] = bodies.qw[s];
            vel[o6] = bodies.vx[s]; vel[o6 + 1] = bodies.vy[s]; vel[o6 + 2] = bodies.vz[s];
            vel[o6 + 3] = bodies.wx[s]; vel[o6 + 4] = bodies.wy[s]; vel[o6 + 5] = bodies.wz[s];
            jointInertia[i] = false;
            if (!writesBack[i]) {
                for (int k = 0; k < 6; k++) {
                    invI[o6 + k] = 0;
                }
                continue;
            }
            dev.rubble.core.body.Inertia.inverseWorldMatrix(bodies, s, invI, o6); // R diag(invI) Rᵀ, R = q * iq
        }
    }

    /**
     * Where body slot {@code s}'s velocity lives during this step's iterations: its index in
     * {@link #velocities()} (six doubles from {@code 6 * index}) when it is an awake dynamic body of
     * this step's solve, else -1 (it is in the body store). For the constraint solver (issue 29).
     */
    public int velocityIndex(int s) {
        if (s >= stamp.length || stamp[s] != epoch) {
            return -1;
        }
        int i = solverIndex[s];
        return i > 0 && writesBack[i] ? i : -1;
    }

    /**
     * The joint solve's inverse inertia of solver body {@code i} ({@link #velocityIndex}) for the rest of this
     * sub-step, the symmetric world matrix at {@code m[o..o + 6)} (xx, xy, xz, yy, yz, zz): the tension's geometric
     * stiffness it adds (ConstraintSolver, docs/constraints.md "The tension's geometric stiffness"), so that both solves
     * act on the body with one inertia. {@link #refreshSetInertia} then brings the body's rows to it.
     */
    public void setInverseInertia(int i, double[] m, int o) {
        System.arraycopy(m, o, invI, 6 * i, 6);
        jointInertia[i] = true;
        inertiaSet[i] = true;
        anyInertiaSet = true;
    }

    /** Solver body {@code i}'s own world inverse inertia again, at its orientation now (after {@link #setInverseInertia}). */
    public void restoreInverseInertia(int i) {
        dev.rubble.core.body.Inertia.inverseWorldMatrix(b, slotOf[i], invI, 6 * i);
        jointInertia[i] = false;
        inertiaSet[i] = true;
        anyInertiaSet = true;
    }

    /** The rows (effective masses, soft terms) of every manifold of a body whose inverse inertia was set or restored. */
    public void refreshSetInertia() {
        if (!anyInertiaSet) {
            return;
        }
        for (int i = 0; i < activeCount; i++) {
            if (inertiaSet[ia[i]] || inertiaSet[ib[i]]) {
                refreshRows(i);
                softTerms(i);
            }
        }
        Arrays.fill(inertiaSet, 0, bodyCount, false);
        anyInertiaSet = false;
    }

    /** The packed solver velocities (see {@link #velocityIndex}); valid between load and store. */
    public double[] velocities() {
        return vel;
    }

    /** Copies the solver bodies' velocities in from the body store (after gravity, each sub-step). */
    public void loadVelocities() {
        forBodies(loadTask);
    }

    private void loadVelocities(int lo, int hi) {
        final double[] v = vel;
        for (int i = lo; i < hi; i++) {
            int s = slotOf[i], o = i * 6;
            v[o] = b.vx[s]; v[o + 1] = b.vy[s]; v[o + 2] = b.vz[s];
            v[o + 3] = b.wx[s]; v[o + 4] = b.wy[s]; v[o + 5] = b.wz[s];
        }
    }

    /**
     * For an impact trial, after {@link #loadVelocities}: the awake dynamic bodies' loaded velocities clamped to
     * {@code maxLinear} m/s and {@code maxAngular} rad/s as {@link Motion#clampSpeeds} clamps them before every
     * sub-step's solve, so the trial loads the pieces with the speeds the solve meets them with (a 0.1 kg pellet
     * thrown at 600 m/s, 40 N·s at the 400 m/s limit, broke 50 N·s bonds in the trial; docs/destruction.md,
     * "Impacts"). Only what the limits cut changes: below them the same bits.
     */
    public void clampLoadedSpeeds(double maxLinear, double maxAngular) {
        final double[] v = vel;
        for (int i = 1; i < bodyCount; i++) {
            if (writesBack[i]) {
                Motion.clampSpeeds(v, 6 * i, maxLinear, maxAngular);
            }
        }
    }

    /** The world's speed limits (m/s, rad/s) for the velocities the solve hands back; unlimited until set. */
    private double limitLinear = Double.POSITIVE_INFINITY, limitAngular = Double.POSITIVE_INFINITY;

    /**
     * The world's speed limits (m/s, rad/s; {@code DynamicsSettings}): the velocities the solve hands back
     * ({@link #storeVelocities}, after the biased iterations, the relax iterations and the bounce) are scaled down to
     * them, as the integration scales them before the solve. A contact can spin a body far past the angular limit
     * in one solve, and the pose then turned with that velocity: a 0.8 × 2.2 × 5.9 cm box striking a plane at 211
     * m/s at 17° left the solve at 1 340 rad/s (the 100 rad/s limit) and ended its first step 0.3–0.54 m under the
     * plane (fuzz14, seed 20622; {@code SpeedLimitAfterSolveTest}). Box2D v3 clamps in its position integration
     * likewise. Below the limits: the same bits.
     */
    public void speedLimits(double maxLinear, double maxAngular) {
        this.limitLinear = maxLinear;
        this.limitAngular = maxAngular;
    }

    /** Copies the awake dynamic solver bodies' velocities back to the body store, within the speed limits. */
    public void storeVelocities() {
        forBodies(storeTask);
    }

    private void storeVelocities(int lo, int hi) {
        final double[] v = vel;
        final double maxLinear = limitLinear, maxAngular = limitAngular;
        for (int i = lo; i < hi; i++) {
            if (!writesBack[i]) {
                continue;
            }
            int s = slotOf[i], o = i * 6;
            Motion.clampSpeeds(v, o, maxLinear, maxAngular);
            b.vx[s] = v[o]; b.vy[s] = v[o + 1]; b.vz[s] = v[o + 2];
            b.wx[s] = v[o + 3]; b.wy[s] = v[o + 4]; b.wz[s] = v[o + 5];
        }
    }

    /** Re-applies the accumulated impulses (start of every sub-step, after {@link #loadVelocities}). */
    public void warmStart() {
        forColours(warmTask);
    }

    /** Manifold {@code i}'s accumulated impulses applied to its bodies (a method per manifold, see {@link #prepareManifold}). */
    private void warmStart(int i) {
        final double[] v = vel, rw = nrow, fw = frow, mn = man;
        int oa = ia[i] * 6, ob = ib[i] * 6, mo = i * MAN;
        double nx = mn[mo], ny = mn[mo + 1], nz = mn[mo + 2];
        double ux = mn[mo + 3], uy = mn[mo + 4], uz = mn[mo + 5];
        double tx = mn[mo + 6], ty = mn[mo + 7], tz = mn[mo + 8];
        double mA = mn[mo + 10], mB = mn[mo + 11];
        double vax = v[oa], vay = v[oa + 1], vaz = v[oa + 2], wax = v[oa + 3], way = v[oa + 4], waz = v[oa + 5];
        double vbx = v[ob], vby = v[ob + 1], vbz = v[ob + 2], wbx = v[ob + 3], wby = v[ob + 4], wbz = v[ob + 5];
        for (int k = 0, r = pointBase[i] * NR, f = pointBase[i] * FR; k < points[i]; k++, r += NR, f += FR) {
            double ln = rw[r + LN], l1 = fw[f + LT1], l2 = fw[f + LT2];
            double px = ln * nx + l1 * ux + l2 * tx;
            double py = ln * ny + l1 * uy + l2 * ty;
            double pz = ln * nz + l1 * uz + l2 * tz;
            vax -= mA * px; vay -= mA * py; vaz -= mA * pz;
            vbx += mB * px; vby += mB * py; vbz += mB * pz;
            wax -= rw[r + KNA] * ln + fw[f + K1A] * l1 + fw[f + K2A] * l2;
            way -= rw[r + KNA + 1] * ln + fw[f + K1A + 1] * l1 + fw[f + K2A + 1] * l2;
            waz -= rw[r + KNA + 2] * ln + fw[f + K1A + 2] * l1 + fw[f + K2A + 2] * l2;
            wbx += rw[r + KNB] * ln + fw[f + K1B] * l1 + fw[f + K2B] * l2;
            wby += rw[r + KNB + 1] * ln + fw[f + K1B + 1] * l1 + fw[f + K2B + 1] * l2;
            wbz += rw[r + KNB + 2] * ln + fw[f + K1B + 2] * l1 + fw[f + K2B + 2] * l2;
        }
        if (oa != 0) { // never the shared fixed body (see storeManifold)
            v[oa] = vax; v[oa + 1] = vay; v[oa + 2] = vaz; v[oa + 3] = wax; v[oa + 4] = way; v[oa + 5] = waz;
        }
        if (ob != 0) {
            v[ob] = vbx; v[ob + 1] = vby; v[ob + 2] = vbz; v[ob + 3] = wbx; v[ob + 4] = wby; v[ob + 5] = wbz;
        }
    }

    /**
     * Current separation of every point from the bodies' motion since {@link #prepare}:
     * {@code s = s0 + ((ΔpB + ΔθB × rB) - (ΔpA + ΔθA × rA)) . n}, with {@code Δθ} the rotation
     * vector of the body's turn since prepare.
     *
     * <p>The turn enters to first order, as in the solver's velocity Jacobian, and not as the exact
     * rotation of the anchor {@code (ΔR - I) r}: the anchor is the material point that touched at
     * prepare, and on a rolling sphere or capsule that point rolls away from the contact (the exact
     * rotation lifts it by {@code r (1 - cos θ)}, 0.1 m for an r = 0.5 m sphere at 40 rad/s in one
     * 60 Hz step), so the solver saw a growing gap and let the body sink into the ground (measured:
     * through it). To first order {@code (Δθ × r) . n = Δθ . (r × n)} is exactly zero for a sphere
     * (r ∥ n) and for a capsule rolling about its axis, and for a flat face it is the tangent motion
     * the velocity rows use; what it drops is the second-order lift of a turning corner.
     */
    public void updateSeparations() {
        if (separationsCurrent) {
            separationsCurrent = false; // positions have not moved since prepare: sep = s0 already
            return;
        }
        forBodies(motionTask);
        if (refreshCount > 0) {
            refreshInertia();
        }
        forManifolds(separationTask);
    }

    /**
     * Principal inverse inertias whose largest exceeds the smallest by more than this factor make a body
     * {@link #anisotropic}: its rows are brought to its current orientation after every position
     * integration ({@link #refreshRows}). A rod 1 m long and 1 cm thick has 5 000, a 1 m × 10 µm × 10 µm
     * needle 5e9; the bodies of the bench scenes and the demo (cubes, spheres, boxes and Voronoi pieces)
     * stay far below it, so their rows and bits are as before.
     */
    static final double ANISOTROPY = 50;

    /**
     * How far, at most, a body's world inverse inertia may move in a step from the one its rows were prepared
     * with, relative to its smallest principal inverse inertia, before they follow it every sub-step
     * ({@link #turnsAway}): about the relative error of an impulse through the stale inverse inertia. At 0.01 the
     * 20-capsule stack of SampleStackingTest (four sub-steps) refreshed as it settled and fell; at 0.1 it stands.
     */
    static final double TURN_LIMIT = 1e-1;

    /**
     * Whether a body spinning at {@code (wx, wy, wz)} (its principal frame) turns so far in a step of {@code dt} seconds that its
     * rows, prepared with the inverse inertia at the step's start, must follow its orientation after the move (the
     * relax pass, and the later sub-steps: {@link #refreshRows}). With the stale inverse inertia an impulse changes the angular
     * velocity by {@code I₀⁻¹ (r × J)} where the body's angular momentum changes by {@code r × J}, and the
     * kinetic energy that puts in is no longer the solver's own reckoning. A frictionless normal row can then
     * turn a body about the vertical: a 1.5 × 0.4 × 1.5 m hull (principal axes tilted against the vertical)
     * spinning at 17 rad/s on frictionless ground, at four sub-steps, gained 25 % of its angular momentum
     * about the vertical and 51 % of its energy in 20 s (docs/dynamics.md, "Spinning bodies keep their energy"). At one
     * sub-step too (fuzz17, seed 41263): the relax pass runs after the move, and an 894 kg capsule lying on frictionless
     * ground, turning at 17 rad/s about the vertical and rolling at 13 rad/s about its axis at 1/60 s, gained 29 % of
     * its energy in 2 s through it. A cube (A = 1) and a body at rest never refresh, so the piles' bits are as before.
     */
    static boolean turnsAway(double ix, double iy, double iz, double wx, double wy, double wz, double dt) {
        // the world inverse inertia R D Rᵀ changes at the rate [ω×, D] (principal frame): its entries are
        // ω_k (d_i − d_j), nothing for a turn about a principal axis whose other two inertias are equal (a capsule
        // or cylinder rolling about its own axis, whose rows stay right)
        double lo = Math.min(ix, Math.min(iy, iz));
        double rate = Math.max(Math.abs(wz * (ix - iy)), Math.max(Math.abs(wy * (ix - iz)), Math.abs(wx * (iy - iz))));
        return rate * dt > TURN_LIMIT * lo;
    }

    /** {@link #turnsAway} for body slot s at this step's spin, its angular velocity taken into its principal frame. */
    private boolean turning(int s) {
        final BodyStore bs = b;
        // R = q * iq (body orientation, then the principal frame within the body)
        double ax = bs.qx[s], ay = bs.qy[s], az = bs.qz[s], aw = bs.qw[s];
        double bx = bs.iqx[s], by = bs.iqy[s], bz = bs.iqz[s], bw = bs.iqw[s];
        double rw = aw * bw - ax * bx - ay * by - az * bz;
        double rx = aw * bx + ax * bw + ay * bz - az * by;
        double ry = aw * by - ax * bz + ay * bw + az * bx;
        double rz = aw * bz + ax * by - ay * bx + az * bw;
        // ω in the principal frame: Rᵀ ω, the conjugate's rotation v + 2 w (v × u) + 2 u × (u × v) with u = -r
        double wx = bs.wx[s], wy = bs.wy[s], wz = bs.wz[s];
        double ux = -rx, uy = -ry, uz = -rz;
        double tx = 2 * (uy * wz - uz * wy), ty = 2 * (uz * wx - ux * wz), tz = 2 * (ux * wy - uy * wx);
        double lx = wx + rw * tx + (uy * tz - uz * ty);
        double ly = wy + rw * ty + (uz * tx - ux * tz);
        double lz = wz + rw * tz + (ux * ty - uy * tx);
        return turnsAway(bs.invIx[s], bs.invIy[s], bs.invIz[s], lx, ly, lz, h * subStepCount);
    }

    /** Whether principal inverse inertias (1/(kg m²)) differ by more than {@link #ANISOTROPY} (an infinite inertia, 0, counts). */
    static boolean anisotropic(double ix, double iy, double iz) {
        double hi = Math.max(ix, Math.max(iy, iz)), lo = Math.min(ix, Math.min(iy, iz));
        return hi > ANISOTROPY * lo;
    }

    /**
     * The anisotropic solver bodies' world inverse inertia at their orientation now (after position
     * integration). Serial: few bodies, and each writes only its own six doubles.
     */
    private void refreshInertia() {
        for (int i = 1; i < bodyCount; i++) {
            if (refreshes[i] && !jointInertia[i]) { // the joint solve's stays for the sub-step (setInverseInertia)
                dev.rubble.core.body.Inertia.inverseWorldMatrix(b, slotOf[i], invI, i * 6);
            }
        }
    }

    /**
     * Manifold {@code i}'s rows with its anisotropic bodies' current world inverse inertia: {@code I⁻¹ (r × u)}
     * and the effective masses, for the normal row and both friction rows of every point ({@code r × u}
     * stays as prepared). Why: the rows are prepared once per step, and the relax pass (and every later
     * sub-step) runs after positions moved. A body turned by θ since then takes an impulse through its old
     * inverse inertia; for a body whose principal inverse inertias differ by a factor A the kinetic energy
     * that puts in can exceed the solver's own reckoning by about A θ², which is nothing for a box and
     * everything for a needle: 1 m × 10 µm × 10 µm (A = 5e9) dropped from 0.1 m bounced to 0.7 m and
     * spun up to 8 000 rad/s in its relax passes (docs/dynamics.md, "Thin bodies"). With the current inverse
     * inertia every row is a consistent impulse again, which can only take kinetic energy away.
     */
    private void refreshRows(int i) {
        final double[] nw = nrow, fw = frow, ax = aux, mn = man;
        final int mo = i * MAN, sa = ia[i], sb = ib[i];
        // the debris rule (prepareManifold) gives a side no inverse mass, and then no angular part either
        final int oa = mn[mo + 10] != 0 ? sa * 6 : 0, ob = mn[mo + 11] != 0 ? sb * 6 : 0;
        final double linear = mn[mo + 10] + mn[mo + 11];
        for (int k = 0, q = pointBase[i]; k < points[i]; k++, q++) {
            int nr = q * NR, fr = q * FR;
            ax[q * AX + NMASS] = rowMass(nw, nr + CNA, oa, ob, linear);
            fw[fr + T1MASS] = rowMass(fw, fr + C1A, oa, ob, linear);
            fw[fr + T2MASS] = rowMass(fw, fr + C2A, oa, ob, linear);
            coneW[4 * q + 3] = Double.NaN; // the rows changed: coneTerms again on the next slide
        }
    }

    /**
     * One row of {@link #refreshRows}: from {@code rA × u} at {@code rw[at..]} and {@code rB × u} at
     * {@code rw[at+3..]}, writes {@code I⁻¹ (r × u)} at {@code rw[at+6..]} and {@code rw[at+9..]} from the
     * solver bodies' inverse inertia at {@code oa}, {@code ob}; returns the effective mass.
     */
    private double rowMass(double[] rw, int at, int oa, int ob, double linear) {
        final double[] ii = invI;
        double k = linear;
        for (int side = 0, o = oa; side < 2; side++, o = ob) {
            int c = at + 3 * side;
            double cx = rw[c], cy = rw[c + 1], cz = rw[c + 2];
            double kx = ii[o] * cx + ii[o + 1] * cy + ii[o + 2] * cz;
            double ky = ii[o + 1] * cx + ii[o + 3] * cy + ii[o + 4] * cz;
            double kz = ii[o + 2] * cx + ii[o + 4] * cy + ii[o + 5] * cz;
            rw[c + 6] = kx; rw[c + 7] = ky; rw[c + 8] = kz;
            k = k + cx * kx + cy * ky + cz * kz;
        }
        return k > 0 ? 1 / k : 0;
    }

    /** Solver bodies {@code [lo, hi)}: displacement and turn since prepare (see {@link #updateSeparations}). */
    private void bodyMotion(int lo, int hi) {
        for (int i = lo; i < hi; i++) {
            int s = slotOf[i], o3 = i * 3;
            dp[o3] = b.px[s] - p0[o3];
            dp[o3 + 1] = b.py[s] - p0[o3 + 1];
            dp[o3 + 2] = b.pz[s] - p0[o3 + 2];
            // rotation vector of dq = q * conj(q0): 2 atan2(|v|, w) v / |v|, here to the order the
            // integrator turns in a step (2 v / w: the tangent of half the angle, as the Cayley map
            // q += h/2 (w, 0) q that integrates orientation)
            int o4 = i * 4;
            double ax = b.qx[s], ay = b.qy[s], az = b.qz[s], aw = b.qw[s];
            double bx = -q0[o4], by = -q0[o4 + 1], bz = -q0[o4 + 2], bw = q0[o4 + 3];
            double x = aw * bx + ax * bw + ay * bz - az * by;
            double y = aw * by - ax * bz + ay * bw + az * bx;
            double z = aw * bz + ax * by - ay * bx + az * bw;
            double w = aw * bw - ax * bx - ay * by - az * bz;
            double k = w != 0 ? 2 / w : 0;
            dq[o3] = k * x;
            dq[o3 + 1] = k * y;
            dq[o3 + 2] = k * z;
        }
    }

    /** Manifold {@code i}'s point separations from its bodies' motion since prepare (see {@link #updateSeparations}). */
    private void separations(int i) {
        final double[] rw = nrow, mn = man;
        int sa = ia[i], sb = ib[i], mo = i * MAN;
        double nx = mn[mo], ny = mn[mo + 1], nz = mn[mo + 2];
        int a3 = sa * 3, b3 = sb * 3;
        // per body: Δp . n and Δθ (for Δθ . (r × n) per point)
        double dpa = dp[a3] * nx + dp[a3 + 1] * ny + dp[a3 + 2] * nz;
        double dpb = dp[b3] * nx + dp[b3 + 1] * ny + dp[b3 + 2] * nz;
        double tax = dq[a3], tay = dq[a3 + 1], taz = dq[a3 + 2];
        double tbx = dq[b3], tby = dq[b3 + 1], tbz = dq[b3 + 2];
        for (int k = 0, q = pointBase[i]; k < points[i]; k++, q++) {
            int r = q * NR;
            // nrow[CNA] = rA × n, nrow[CNB] = rB × n
            double da = dpa + tax * rw[r + CNA] + tay * rw[r + CNA + 1] + taz * rw[r + CNA + 2];
            double db = dpb + tbx * rw[r + CNB] + tby * rw[r + CNB + 1] + tbz * rw[r + CNB + 2];
            sep[q] = sep0[q] + db - da;
        }
    }

    /**
     * One iteration over every contact: friction (cone) then normal (soft and biased when
     * {@code useBias}, speculative when separated); a biased iteration is followed by a second pass
     * over the normal rows of manifolds with two or more points (issue 11, see the class comment
     * "Stiff stacks"). Call
     * {@link #updateSeparations()} after positions change.
     */
    public void solve(boolean useBias) {
        if (useBias && bouncesDecided != subStep) {
            forManifolds(bounceTask);
            bouncesDecided = subStep;
        }
        passMode = useBias ? 0 : RELAX;
        passFriction = true;
        backward = (solves++ & 1) == 1; // symmetric sweeps: odd iterations take a phase's colours backwards
        forColours(passTask);
        if (useBias) {
            passFriction = false;
            forColours(passTask);
        }
        if (heavyOnLightCount > 0) {
            // a light body under a heavy one: its manifolds once more, in solve order, on this thread (markHeavyOnLight)
            passFriction = true;
            for (int k = 0; k < heavyOnLightCount; k++) {
                pass(heavyOnLight[k], heavyOnLight[k] + 1);
            }
            if (useBias) {
                passFriction = false;
                for (int k = 0; k < heavyOnLightCount; k++) {
                    pass(heavyOnLight[k], heavyOnLight[k] + 1);
                }
            }
            // a heavy body pressing a light one that static geometry holds: stopped by it as by the geometry (markHeld)
            if (shockCount > 0) {
                passFriction = true;
                for (int k = 0; k < heldCount; k++) {
                    pass(held[k], held[k] + 1);
                }
            }
            for (int k = 0; k < shockCount; k++) {
                shockRows(shock[k], shockLightB[k]);
            }
        }
        backward = false;
    }

    /**
     * One pass over every manifold: its friction rows when {@code withFriction}, then its normal rows.
     *
     * <p>Row arithmetic (performance, issue 11): this loop is the step's cost, and what bounds it is
     * the Gauss-Seidel chain (each row waits for the velocities the previous row wrote) and the
     * number of values live along it. x86-64 has 16 floating-point registers; with the manifold's
     * twelve velocity components, its normal, tangents, masses and the soft-contact constants all
     * live, C2 kept the velocities on the stack and every update became a load, an add and a store
     * on the chain. So: the linear velocities enter the rows only as their difference
     * {@code dv = vB - vA} (every impulse of a manifold is along n, t1 or t2, so vA and vB are
     * updated once per manifold from the impulse sums, which come from the stored accumulated
     * impulses before and after); the per-point soft terms are computed once per sub-step
     * ({@link #softTerms}) and bounces once per sub-step ({@link #bounceTerms}), so the row loop
     * has no call (HotSpot keeps no floating-point register across a call); friction and normal
     * rows are separate methods, each allocated on its own; the manifold's constant vectors are read
     * from {@code man} where they are used (memory operands, not registers); sums are balanced trees
     * (a shorter chain); the clamp is a compare, not {@code Math.max}'s blend sequence. The equations
     * are the same as before; the rounding differs in the last bits. Measured on the settled bench
     * pyramid (1 600 points): a full pass 87 → 65 µs, a normal-only pass 46 → 28 µs
     * ({@code docs/benchmarks.md}, "Issue 11: pyramid speed after the solver's row arithmetic").
     */
    private void pass(int lo, int hi) {
        final int mode = passMode;
        final boolean withFriction = passFriction;
        // a relax pass sweeps the normal rows before friction too, so that friction's cone is this pass's relaxed normal
        // impulse (the load), not the biased one that also pushes penetration out (class comment, "Stiff stacks")
        final boolean relaxFirst = withFriction && mode == RELAX;
        for (int i = lo; i < hi; i++) {
            if (relaxFirst) {
                normalSweeps(i, mode);
            }
            if (withFriction) {
                friction(i);
            } else if (points[i] == 1) {
                continue; // the normal-only pass is for face contacts (stacks); spheres' cost stays as it was
            }
            if (normalSweeps(i, mode) && withFriction) {
                // then friction with them: its bound follows the normal impulse the sweeps built (an oblique landing)
                for (int sweep = 0; sweep < BOUNCE_SWEEPS; sweep++) {
                    friction(i);
                    normalRows(i, mode);
                }
            }
        }
    }

    /**
     * Manifold i's normal rows once, and {@link #BOUNCE_SWEEPS} more when it converges a bounce or an impact with two or
     * more points, before friction sees them; whether it did.
     */
    private boolean normalSweeps(int i, int mode) {
        normalRows(i, mode);
        if (!(converge[i] && points[i] > 1)) {
            return false;
        }
        for (int sweep = 0; sweep < BOUNCE_SWEEPS; sweep++) {
            normalRows(i, mode);
        }
        return true;
    }

    /** Manifold i's friction rows, one Gauss–Seidel sweep: row by row where a body is anisotropic. */
    private void friction(int i) {
        if (anisotropicCount > 0 && (anisotropic[ia[i]] || anisotropic[ib[i]])) {
            frictionRowsOneByOne(i);
        } else {
            frictionRows(i);
        }
    }

    /**
     * {@link #frictionRows} for a manifold with an {@link #anisotropic} body: each point's two friction rows
     * one after the other, the second seeing the velocity the first left, each clamped to the slice of the
     * cone the other's impulse leaves ({@code |λ1| ≤ √(L² − λ2²)}), so each update is an exact step of one
     * row within its bounds and can only take kinetic energy away. {@link #frictionRows} solves both rows
     * of a point from the same velocity and scales the pair back into the cone (as Jolt does): a Jacobi
     * step, which overshoots when the two rows share most of their inverse mass. On a needle both rows
     * turn it mainly about its long axis (inverse inertia 5e9 times the others), and the overshoot grew
     * its roll to 1.8e7 rad/s in one relax pass.
     */
    private void frictionRowsOneByOne(int i) {
        final double[] v = vel, rw = nrow, fw = frow, mn = man;
        final int oa = ia[i] * 6, ob = ib[i] * 6, mo = i * MAN, q0 = pointBase[i];
        final int base = q0 * FR, end = base + points[i] * FR;
        double dvx = v[ob] - v[oa], dvy = v[ob + 1] - v[oa + 1], dvz = v[ob + 2] - v[oa + 2];
        double wax = v[oa + 3], way = v[oa + 4], waz = v[oa + 5];
        double wbx = v[ob + 3], wby = v[ob + 4], wbz = v[ob + 5];
        final double mu = mn[mo + 9];
        for (int f = base, r = q0 * NR + LN; f < end; f += FR, r += NR) {
            double o1 = fw[f + LT1], o2 = fw[f + LT2];
            double limit = mu * rw[r];
            if (limit == 0 && o1 == 0 && o2 == 0) {
                continue;
            }
            double v1 = dvx * mn[mo + 3] + dvy * mn[mo + 4] + dvz * mn[mo + 5]
                    + fw[f + C1B] * wbx + fw[f + C1B + 1] * wby + fw[f + C1B + 2] * wbz
                    - fw[f + C1A] * wax - fw[f + C1A + 1] * way - fw[f + C1A + 2] * waz;
            if (limit > 0 && pairInCone(i, f, o1, o2, v1, dvx, dvy, dvz, wax, way, waz, wbx, wby, wbz, limit)) {
                // sliding: both rows at once, onto the cone opposite the slip
                double d1 = fw[f + LT1] - o1, d2 = fw[f + LT2] - o2;
                dvx += d1 * mn[mo + 16] + d2 * mn[mo + 19];
                dvy += d1 * mn[mo + 17] + d2 * mn[mo + 20];
                dvz += d1 * mn[mo + 18] + d2 * mn[mo + 21];
                wax -= fw[f + K1A] * d1 + fw[f + K2A] * d2;
                way -= fw[f + K1A + 1] * d1 + fw[f + K2A + 1] * d2;
                waz -= fw[f + K1A + 2] * d1 + fw[f + K2A + 2] * d2;
                wbx += fw[f + K1B] * d1 + fw[f + K2B] * d2;
                wby += fw[f + K1B + 1] * d1 + fw[f + K2B + 1] * d2;
                wbz += fw[f + K1B + 2] * d1 + fw[f + K2B + 2] * d2;
                continue;
            }
            double b1 = Math.sqrt(Math.max(limit * limit - o2 * o2, 0));
            double n1 = Math.max(-b1, Math.min(b1, o1 - fw[f + T1MASS] * v1));
            double d1 = n1 - o1;
            dvx += d1 * mn[mo + 16]; dvy += d1 * mn[mo + 17]; dvz += d1 * mn[mo + 18];
            wax -= fw[f + K1A] * d1; way -= fw[f + K1A + 1] * d1; waz -= fw[f + K1A + 2] * d1;
            wbx += fw[f + K1B] * d1; wby += fw[f + K1B + 1] * d1; wbz += fw[f + K1B + 2] * d1;
            double v2 = dvx * mn[mo + 6] + dvy * mn[mo + 7] + dvz * mn[mo + 8]
                    + fw[f + C2B] * wbx + fw[f + C2B + 1] * wby + fw[f + C2B + 2] * wbz
                    - fw[f + C2A] * wax - fw[f + C2A + 1] * way - fw[f + C2A + 2] * waz;
            double b2 = Math.sqrt(Math.max(limit * limit - n1 * n1, 0));
            double n2 = Math.max(-b2, Math.min(b2, o2 - fw[f + T2MASS] * v2));
            double d2 = n2 - o2;
            dvx += d2 * mn[mo + 19]; dvy += d2 * mn[mo + 20]; dvz += d2 * mn[mo + 21];
            wax -= fw[f + K2A] * d2; way -= fw[f + K2A + 1] * d2; waz -= fw[f + K2A + 2] * d2;
            wbx += fw[f + K2B] * d2; wby += fw[f + K2B + 1] * d2; wbz += fw[f + K2B + 2] * d2;
            fw[f + LT1] = n1;
            fw[f + LT2] = n2;
        }
        storeManifold(oa, ob, mo, dvx, dvy, dvz, wax, way, waz, wbx, wby, wbz);
    }

    /**
     * {@link #frictionRowsOneByOne}'s sliding step: point f's two rows solved together from the velocity of the
     * sweep so far ({@code v1} along the first tangent, the second computed here); when the impulse that would stop
     * the slip lies outside the cone, {@link #coneSlide}'s point on the cone is written to {@code fw[f + LT1]},
     * {@code fw[f + LT2]}. False, writing nothing, when the point can stick or its 2 × 2 tangent inverse mass is too
     * near singular (a needle's rows both turn it about its long axis): then the rows go one by one.
     */
    private boolean pairInCone(int i, int f, double o1, double o2, double v1, double dvx, double dvy, double dvz,
                               double wax, double way, double waz, double wbx, double wby, double wbz, double limit) {
        final double[] fw = frow, mn = man, cw = coneW;
        final int mo = i * MAN, q = f / FR, c = 4 * q;
        if (Double.isNaN(cw[c + 3])) {
            coneTerms(q, f, mo);
        }
        double w11 = cw[c], w12 = cw[c + 1], w22 = cw[c + 2], inv = cw[c + 3];
        if (!(inv > 0)) {
            return false;
        }
        double v2 = dvx * mn[mo + 6] + dvy * mn[mo + 7] + dvz * mn[mo + 8]
                + fw[f + C2B] * wbx + fw[f + C2B + 1] * wby + fw[f + C2B + 2] * wbz
                - fw[f + C2A] * wax - fw[f + C2A + 1] * way - fw[f + C2A + 2] * waz;
        double u1 = o1 - (w22 * v1 - w12 * v2) * inv, u2 = o2 - (w11 * v2 - w12 * v1) * inv;
        if (!(u1 * u1 + u2 * u2 > limit * limit)) {
            return false; // it can stick: the rows one by one, as before
        }
        coneSlide(w11, w12, w22, u1, u2, limit, fw, f, coneG, q);
        return true;
    }

    /**
     * {@link #frictionRows}' point f whose rows' pair {@code (n1, n2)} left the cone, into {@code frow[f + LT1]},
     * {@code frow[f + LT2]}: its two rows solved together ({@code u}, the impulse that stops the slip, from the
     * velocities {@code v1, v2} along the tangents and the old impulses {@code o1, o2}); outside the cone, the
     * cone's point opposite the slip ({@link #coneSlide}); inside (the point can still stick), or with W near
     * singular, the pair scaled into the cone as before (taking u there, the exact sticking step, left a settling
     * pile creeping: docs/dynamics.md, "Friction opposes the slip").
     */
    private void leaveCone(int f, int mo, double o1, double o2, double v1, double v2, double n1, double n2,
                           double limit, double len2) {
        final double[] cw = coneW, fw = frow;
        final int q = f / FR, c = 4 * q;
        if (Double.isNaN(cw[c + 3])) {
            coneTerms(q, f, mo);
        }
        double w11 = cw[c], w12 = cw[c + 1], w22 = cw[c + 2], inv = cw[c + 3];
        double u1 = o1 - (w22 * v1 - w12 * v2) * inv, u2 = o2 - (w11 * v2 - w12 * v1) * inv;
        if (inv > 0 && limit > 0 && u1 * u1 + u2 * u2 > limit * limit) {
            coneSlide(w11, w12, w22, u1, u2, limit, fw, f, coneG, q);
        } else {
            double scale = limit / Math.sqrt(len2);
            fw[f + LT1] = n1 * scale;
            fw[f + LT2] = n2 * scale;
        }
    }

    /** Below this share of {@code w11 w22} the point's 2 × 2 tangent inverse mass counts as singular (the old scaling). */
    private static final double CONE_DET = 1e-9;
    /** Newton steps at most for the sliding friction's multiplier ({@link #coneSlide}); it converges in 2-5. */
    private static final int CONE_STEPS = 16;
    /**
     * The rim's relative tolerance of {@link #coneSlide}'s multiplier; the result is then scaled onto the rim, so
     * what is left is a turn of the friction of about this times the ratio of W's eigenvalues (under 0.03° for a
     * box's corner): 1.3 Newton steps a call on the pile with the last pass's multiplier as the guess, 3 from zero
     * to 1e-12.
     */
    private static final double CONE_TOLERANCE = 1e-4;

    /**
     * A sliding point's friction: the point of the cone {@code |λ| ≤ limit} nearest {@code u} (the impulse that
     * would stop the slip) in the metric of the point's tangent inverse mass {@code W} ({@code w11, w12, w22}),
     * into {@code fw[f + LT1]}, {@code fw[f + LT2]}. That point is {@code λ = (W + γ I)⁻¹ W u} with the
     * {@code γ > 0} that puts it on the cone's rim, and the slip it leaves, {@code W (λ − u) = −γ λ}, is exactly
     * opposite the friction (Coulomb's maximum dissipation). Scaling {@code u} back into the cone, as before (and
     * as Jolt does), is this only when {@code W} is a multiple of the identity; otherwise the friction pointed away
     * from the slip and a flat box sliding at an angle to the tangent axes veered. {@code γ} by Newton's method
     * on {@code 1/|λ(γ)| − 1/limit}, which is concave and increasing, so the steps from {@code γ = 0} rise to the
     * root without passing it (Moré and Sorensen's trust-region iteration); the first guess is the point's
     * multiplier from the last pass ({@code gammas[q]}, 0 at prepare; from beyond the root one step lands short of
     * it, or at 0); the result is scaled onto the rim.
     */
    private static void coneSlide(double w11, double w12, double w22, double u1, double u2, double limit,
                                  double[] fw, int f, double[] gammas, int q) {
        double z1 = w11 * u1 + w12 * u2, z2 = w12 * u1 + w22 * u2; // W u
        double l1 = u1, l2 = u2, ff = u1 * u1 + u2 * u2, len = Math.sqrt(ff);
        double gamma = gammas[q];
        // a, c and id: (W + gamma I) and its determinant's inverse for the gamma of the moment, once computed
        // (known), reused by the next Newton step instead of computed again (the same values, one division less)
        double a = 0, c = 0, id = 0;
        boolean known = false;
        if (gamma > 0) {
            // the last pass's multiplier: in steady sliding the root, or next to it
            a = w11 + gamma;
            c = w22 + gamma;
            id = 1 / (a * c - w12 * w12);
            known = true;
            l1 = (c * z1 - w12 * z2) * id;
            l2 = (a * z2 - w12 * z1) * id;
            ff = l1 * l1 + l2 * l2;
            len = Math.sqrt(ff);
        } else {
            gamma = 0;
        }
        final double invLimit = 1 / limit;
        for (int step = 0; step < CONE_STEPS && Math.abs(len - limit) > CONE_TOLERANCE * limit; step++) {
            if (!known) {
                a = w11 + gamma;
                c = w22 + gamma;
                id = 1 / (a * c - w12 * w12);
            }
            // (W + gamma I)^-1 lambda: how fast lambda shrinks as gamma grows
            double m1 = (c * l1 - w12 * l2) * id, m2 = (a * l2 - w12 * l1) * id;
            double qq = l1 * m1 + l2 * m2;
            if (!(qq > 0)) {
                break;
            }
            gamma += (ff / qq) * (len * invLimit - 1);
            if (!(gamma > 0)) {
                // a guess past the root stepped back beyond gamma = 0, where lambda = u lies outside the cone:
                // from there the steps rise to the root
                gamma = 0;
                l1 = u1;
                l2 = u2;
                known = false;
            } else {
                a = w11 + gamma;
                c = w22 + gamma;
                id = 1 / (a * c - w12 * w12);
                known = true;
                l1 = (c * z1 - w12 * z2) * id;
                l2 = (a * z2 - w12 * z1) * id;
            }
            ff = l1 * l1 + l2 * l2;
            len = Math.sqrt(ff);
        }
        gammas[q] = gamma;
        double scale = limit / len;
        fw[f + LT1] = l1 * scale;
        fw[f + LT2] = l2 * scale;
    }

    /**
     * Point q's sliding-friction terms into {@link #coneW} from its friction rows at {@code frow[fr..]} and its
     * manifold's tangents at {@code man[mo..]}: {@code w11, w12, w22} (its two tangent rows' inverse masses and
     * their coupling) and {@code 1 / det W} (0 when W is near singular, where the rows keep the old scaling).
     */
    private void coneTerms(int q, int fr, int mo) {
        final double[] fw = frow, mn = man, cw = coneW;
        double w11 = mn[mo + 16] * mn[mo + 3] + mn[mo + 17] * mn[mo + 4] + mn[mo + 18] * mn[mo + 5]
                + (fw[fr + C1A] * fw[fr + K1A] + fw[fr + C1A + 1] * fw[fr + K1A + 1] + fw[fr + C1A + 2] * fw[fr + K1A + 2])
                + (fw[fr + C1B] * fw[fr + K1B] + fw[fr + C1B + 1] * fw[fr + K1B + 1] + fw[fr + C1B + 2] * fw[fr + K1B + 2]);
        double w22 = mn[mo + 19] * mn[mo + 6] + mn[mo + 20] * mn[mo + 7] + mn[mo + 21] * mn[mo + 8]
                + (fw[fr + C2A] * fw[fr + K2A] + fw[fr + C2A + 1] * fw[fr + K2A + 1] + fw[fr + C2A + 2] * fw[fr + K2A + 2])
                + (fw[fr + C2B] * fw[fr + K2B] + fw[fr + C2B + 1] * fw[fr + K2B + 1] + fw[fr + C2B + 2] * fw[fr + K2B + 2]);
        double w12 = mn[mo + 16] * mn[mo + 6] + mn[mo + 17] * mn[mo + 7] + mn[mo + 18] * mn[mo + 8]
                + (fw[fr + C1A] * fw[fr + K2A] + fw[fr + C1A + 1] * fw[fr + K2A + 1] + fw[fr + C1A + 2] * fw[fr + K2A + 2])
                + (fw[fr + C1B] * fw[fr + K2B] + fw[fr + C1B + 1] * fw[fr + K2B + 1] + fw[fr + C1B + 2] * fw[fr + K2B + 2]);
        double det = w11 * w22 - w12 * w12;
        int c = 4 * q;
        cw[c] = w11;
        cw[c + 1] = w12;
        cw[c + 2] = w22;
        cw[c + 3] = det > CONE_DET * (w11 * w22) ? 1 / det : 0;
    }

    /** Manifold {@code i}'s friction rows (a cone per point), one Gauss-Seidel sweep. */
    private void frictionRows(int i) {
        final double[] v = vel, rw = nrow, fw = frow, mn = man;
        final int oa = ia[i] * 6, ob = ib[i] * 6, mo = i * MAN, q0 = pointBase[i];
        final int base = q0 * FR, end = base + points[i] * FR;
        double dvx = v[ob] - v[oa], dvy = v[ob + 1] - v[oa + 1], dvz = v[ob + 2] - v[oa + 2];
        double wax = v[oa + 3], way = v[oa + 4], waz = v[oa + 5];
        double wbx = v[ob + 3], wby = v[ob + 4], wbz = v[ob + 5];
        final double mu = mn[mo + 9];
        for (int f = base, r = q0 * NR + LN; f < end; f += FR, r += NR) {
            double o1 = fw[f + LT1], o2 = fw[f + LT2];
            double limit = mu * rw[r];
            if (limit == 0 && o1 == 0 && o2 == 0) {
                continue; // no load, no carried friction: the cone clamps this point's friction to zero
            }
            double v1 = (dvx * mn[mo + 3] + dvy * mn[mo + 4])
                    + ((dvz * mn[mo + 5] + (fw[f + C1B] * wbx - fw[f + C1A] * wax))
                    + ((fw[f + C1B + 1] * wby - fw[f + C1A + 1] * way) + (fw[f + C1B + 2] * wbz - fw[f + C1A + 2] * waz)));
            double v2 = (dvx * mn[mo + 6] + dvy * mn[mo + 7])
                    + ((dvz * mn[mo + 8] + (fw[f + C2B] * wbx - fw[f + C2A] * wax))
                    + ((fw[f + C2B + 1] * wby - fw[f + C2A + 1] * way) + (fw[f + C2B + 2] * wbz - fw[f + C2A + 2] * waz)));
            double n1 = o1 - fw[f + T1MASS] * v1, n2 = o2 - fw[f + T2MASS] * v2;
            double len2 = n1 * n1 + n2 * n2;
            if (len2 > limit * limit) {
                // the pair leaves the cone (class comment, "Friction"): out of line, so the loop stays small
                leaveCone(f, mo, o1, o2, v1, v2, n1, n2, limit, len2);
                n1 = fw[f + LT1];
                n2 = fw[f + LT2];
            }
            fw[f + LT1] = n1;
            fw[f + LT2] = n2;
            double d1 = n1 - o1, d2 = n2 - o2;
            dvx += d1 * mn[mo + 16] + d2 * mn[mo + 19];
            dvy += d1 * mn[mo + 17] + d2 * mn[mo + 20];
            dvz += d1 * mn[mo + 18] + d2 * mn[mo + 21];
            wax -= fw[f + K1A] * d1 + fw[f + K2A] * d2;
            way -= fw[f + K1A + 1] * d1 + fw[f + K2A + 1] * d2;
            waz -= fw[f + K1A + 2] * d1 + fw[f + K2A + 2] * d2;
            wbx += fw[f + K1B] * d1 + fw[f + K2B] * d2;
            wby += fw[f + K1B + 1] * d1 + fw[f + K2B + 1] * d2;
            wbz += fw[f + K1B + 2] * d1 + fw[f + K2B + 2] * d2;
        }
        storeManifold(oa, ob, mo, dvx, dvy, dvz, wax, way, waz, wbx, wby, wbz);
    }

    /**
     * Writes a manifold's sweep back: the angular velocities as they are, the linear ones from the
     * change of {@code dv}. Every impulse P of the sweep changed dv by {@code (mA + mB) P} and moves
     * vA by {@code -mA P} and vB by {@code mB P}, so vA and vB change by the shares
     * {@code -mA / (mA + mB)} and {@code mB / (mA + mB)} of dv's change (momentum is conserved as
     * before: each body's mass times its share is the same). {@code v} still holds the velocities
     * the sweep started from.
     */
    private void storeManifold(int oa, int ob, int mo, double dvx, double dvy, double dvz,
                               double wax, double way, double waz, double wbx, double wby, double wbz) {
        final double[] v = vel, mn = man;
        double cx = dvx - (v[ob] - v[oa]), cy = dvy - (v[ob + 1] - v[oa + 1]), cz = dvz - (v[ob + 2] - v[oa + 2]);
        double sa = mn[mo + 22], sb = mn[mo + 23];
        if (oa != 0) { // body 0, the shared fixed body, is never written (several threads read it)
            v[oa] -= sa * cx; v[oa + 1] -= sa * cy; v[oa + 2] -= sa * cz;
            v[oa + 3] = wax; v[oa + 4] = way; v[oa + 5] = waz;
        }
        if (ob != 0) {
            v[ob] += sb * cx; v[ob + 1] += sb * cy; v[ob + 2] += sb * cz;
            v[ob + 3] = wbx; v[ob + 4] = wby; v[ob + 5] = wbz;
        }
    }

    /**
     * The relax iterations to run after this sub-step's position update: {@code configured} (the settings'
     * {@code positionIterations}), or at least {@link #IMPACT_RELAX_ITERATIONS} from the sub-step of the step's first
     * bounce on (0 stays 0). It depends on nothing kept between steps, so a restored snapshot steps the same.
     */
    public int relaxIterations(int configured) {
        return bounced && configured > 0 ? Math.max(configured, IMPACT_RELAX_ITERATIONS) : configured;
    }

    /**
     * Manifold {@code i}'s normal rows, one Gauss-Seidel sweep, with the terms of the biased
     * ({@code mode} 0) or the relax pass ({@code RELAX}: its terms are in {@link #aux}).
     */
    private void normalRows(int i, int mode) {
        final double[] v = vel, rw = nrow, mn = man, pk = peak;
        final int oa = ia[i] * 6, ob = ib[i] * 6, mo = i * MAN, q0 = pointBase[i];
        final int base = q0 * NR, end = base + points[i] * NR;
        final boolean track = tracksLoad[i];
        final double[] tw = mode == 0 ? rw : aux; // the terms of this pass (softTerms, bounceTerms)
        final int ts = mode == 0 ? NR : AX;
        final double cap = capOf[i];
        double dvx = v[ob] - v[oa], dvy = v[ob + 1] - v[oa + 1], dvz = v[ob + 2] - v[oa + 2];
        double wax = v[oa + 3], way = v[oa + 4], waz = v[oa + 5];
        double wbx = v[ob + 3], wby = v[ob + 4], wbz = v[ob + 5];
        // sum: the manifold's normal impulse sum, whose mean (the compression) leaks less than the
        // points' differences: stiffer under load, as soft as before in tilt (class comment "Stiff stacks")
        double sum = 0;
        for (int r = base; r < end; r += NR) {
            sum += rw[r + LN];
        }
        for (int r = base, t = q0 * ts, q = q0; r < end; r += NR, t += ts, q++) {
            double km = tw[t + KS], kmb = tw[t + KBS], keep = tw[t + KEEP], lsum = tw[t + LSUM];
            double old = rw[r + LN];
            double start = old * keep - kmb - lsum * sum; // off the velocity chain
            double vn = (dvx * mn[mo] + dvy * mn[mo + 1])
                    + ((dvz * mn[mo + 2] + (rw[r + CNB] * wbx - rw[r + CNA] * wax))
                    + ((rw[r + CNB + 1] * wby - rw[r + CNA + 1] * way) + (rw[r + CNB + 2] * wbz - rw[r + CNA + 2] * waz)));
            double nu = start - km * vn;
            if (!(nu > 0)) {
                nu = 0; // the clamp: a compare and a branch (Math.max compiles to a longer blend sequence)
            } else if (nu > cap) {
                nu = cap; // a crushing contact (issue 22; +∞ everywhere else, so never taken)
            }
            rw[r + LN] = nu;
            double d = nu - old;
            sum += d;
            if (track && nu > pk[q]) {
                pk[q] = nu; // the step's largest, for restitution (only manifolds with restitution read it)
            }
            dvx += d * mn[mo + 13]; dvy += d * mn[mo + 14]; dvz += d * mn[mo + 15];
            wax -= rw[r + KNA] * d; way -= rw[r + KNA + 1] * d; waz -= rw[r + KNA + 2] * d;
            wbx += rw[r + KNB] * d; wby += rw[r + KNB + 1] * d; wbz += rw[r + KNB + 2] * d;
        }
        storeManifold(oa, ob, mo, dvx, dvy, dvz, wax, way, waz, wbx, wby, wbz);
    }

    /**
     * Restitution at the moment of impact, decided once per sub-step before its first biased pass:
     * a point of a manifold with restitution that approached faster than the threshold and touches
     * within this sub-step bounces ({@link #bounce}). Whether it does depends only on its separation
     * and the sub-step, which no pass changes, so deciding it here is the same as deciding it in
     * every pass.
     */
    private void bounceTerms(int lo, int hi) {
        final double threshold = -settings.restitutionThreshold();
        for (int i = lo; i < hi; i++) {
            converge[i] = bouncing[i] || impactSub[i] == subStep || impactSub[i] == subStep + 1;
            double e = man[i * MAN + 12];
            if (e == 0) {
                continue;
            }
            for (int k = 0, q = pointBase[i]; k < points[i]; k++, q++) {
                if (bounceSub[q] < 0 && approach[q] < threshold && bounce(q, sep[q], e)) {
                    bouncedTerms(q);
                    bouncing[i] = true;
                    converge[i] = true;
                    bounced = true;
                }
            }
        }
    }

    /**
     * A bounced point's rows are rigid: in the impact sub-step's biased passes the positions go where
     * the bounce puts them, afterwards (relax, later sub-steps) the bodies leave at least as fast as
     * the bounce says (see {@link #bounce}).
     */
    private void bouncedTerms(int q) {
        final double[] rw = nrow, ax = aux;
        int r = q * NR, x = q * AX;
        double km = ax[x + NMASS];
        double biased = bounceSub[q] == subStep ? bounceBias[q] : -leave[q];
        rw[r + KS] = km;
        rw[r + KBS] = km * biased;
        rw[r + KEEP] = 1;
        rw[r + LSUM] = 0;
        ax[x + KS] = km;
        ax[x + KBS] = km * -leave[q];
        ax[x + KEEP] = 1;
        ax[x + LSUM] = 0;
    }

    /**
     * The per-point normal-row terms for the current separations (after every
     * {@link #updateSeparations}), for the biased pass and for the relax pass:
     * {@code λ = max(λ keep - k (vn + bias) - lsum Σλ, 0)} with Σλ the manifold's normal impulse sum.
     * A speculative point ({@code s > 0}) is a rigid row that lets the bodies approach at most
     * {@code s/h}; a touching one is, in the biased pass, a damped spring pushing out the penetration
     * beyond the slop ({@code k} the effective mass times the soft mass scale, {@code keep = 1 -
     * impulseScale}, and the compression leak {@code lsum}, see the class comment "Stiff stacks"), and in
     * the relax pass rigid with no bias.
     */
    private void softTerms(int i) {
        final double slop = this.slop, maxPush = this.maxPush;
        final double invH = this.invH, biasRate = this.biasRate, massScale = this.massScale, keepSoft = 1 - impulseScale;
        // leak = iScale (old - mean) + compressionLeak mean = iScale old + (compressionLeak - iScale) sum / pc
        final double sumLeak = impulseScale / COMPRESSION_STIFFNESS - impulseScale;
        final double[] rw = nrow;
        int pc = points[i];
        double lsum = pc > 1 ? sumLeak / pc : 0;
        final double[] ax = aux;
        for (int k = 0, q = pointBase[i], r = q * NR, x = q * AX; k < pc; k++, q++, r += NR, x += AX) {
            double s = sep[q], nmass = ax[x + NMASS];
            ax[x + KS] = nmass;
            ax[x + KEEP] = 1;
            ax[x + LSUM] = 0;
            if (s > 0) {
                double kmb = nmass * (s * invH);
                rw[r + KS] = nmass;
                rw[r + KBS] = kmb;
                rw[r + KEEP] = 1;
                rw[r + LSUM] = 0;
                ax[x + KBS] = kmb;
            } else {
                double km = nmass * massScale;
                rw[r + KS] = km;
                rw[r + KBS] = km * Math.max(biasRate * Math.min(s + slop, 0), -maxPush);
                rw[r + KEEP] = keepSoft;
                rw[r + LSUM] = lsum;
                ax[x + KBS] = 0;
            }
            if (bounceSub[q] >= 0) {
                bouncedTerms(q);
            }
        }
    }

    /**
     * Whether point {@code q} (separation {@code s}, restitution {@code e}, approaching faster than
     * the threshold) hits within this sub-step; if so records its bounce.
     *
     * <p>The bodies' positions are samples of the continuous motion, which under gravity is a
     * parabola: with semi-implicit Euler the stored velocity is the mean over the last sub-step, so
     * at the sub-step's start the bodies really approach at {@code u0 = in + γ h / 2} (in = the
     * approach speed before gravity, γ = the normal acceleration gravity and the step's forces give it, {@link #closingAcceleration}). They touch after
     * {@code t} with {@code s = u0 t + γ t² / 2} at {@code u = u0 + γ t}, leave at {@code e u} and
     * at the sub-step's end are {@code y = e u (h - t) - γ (h - t)² / 2} apart, with the mean
     * velocity {@code e u - γ (h/2 - t)} over its second half. The biased rows move the positions
     * there; the relax rows and later sub-steps hold the leaving velocity (less gravity per further
     * sub-step). So the bounce is not delayed to the step's end, and a ball's next apex is
     * {@code e²} times the last one whatever the phase of the impact within the step (measured:
     * the old end-of-step restitution came out 0.6-8.5 % below e² at one 60 Hz sub-step).
     */
    private boolean bounce(int q, double s, double e) {
        if (bounceSub[q] >= 0) {
            return false; // bounces once per step
        }
        double g = accel[q];
        double u0 = -approach[q] + g * (subStep + 0.5) * h;
        double t = 0;
        if (s > 0) {
            double disc = u0 * u0 + 2 * g * s;
            if (disc <= 0) {
                return false;
            }
            t = 2 * s / (u0 + Math.sqrt(disc));
            if (!(t < h)) {
                return false; // not within this sub-step: the speculative row handles it
            }
        }
        double u = u0 + g * t, rest = h - t;
        double y = Math.max(e * u * rest - 0.5 * g * rest * rest, 0);
        bounceSub[q] = subStep;
        bounceBias[q] = (Math.max(s, 0) - y) * invH;
        leave[q] = e * u - g * (0.5 * h - t);
        return true;
    }

    /** Adds this sub-step's impulses to the per-step totals (end of every sub-step). */
    public void endSubStep() {
        run(0, pointsPrepared, endTask, 256);
        subStep++;
    }

    /**
     * Points {@code [lo, hi)}: this sub-step's impulses into the step's totals. The first sub-step
     * starts them: {@code 0.0 + λ}, exactly the sum from zero (also for -0.0), so that prepare need
     * not write three more arrays (issue 27 item 2).
     */
    private void endSubStep(int lo, int hi) {
        final double[] rw = nrow, fw = frow;
        if (subStep == 0) {
            for (int q = lo; q < hi; q++) {
                int r = q * NR, f = q * FR;
                if (bounceSub[q] >= 0) {
                    leave[q] -= accel[q] * h; // gravity over the next sub-step
                }
                totalN[q] = 0.0 + rw[r + LN];
                totalT1[q] = 0.0 + fw[f + LT1];
                totalT2[q] = 0.0 + fw[f + LT2];
            }
            return;
        }
        for (int q = lo; q < hi; q++) {
            int r = q * NR, f = q * FR;
            if (bounceSub[q] >= 0) {
                leave[q] -= accel[q] * h; // gravity over the next sub-step
            }
            totalN[q] += rw[r + LN];
            totalT1[q] += fw[f + LT1];
            totalT2[q] += fw[f + LT2];
        }
    }

    /**
     * Restitution (once per step, after the sub-steps): points that approached faster than the
     * threshold and carried load leave at {@code -e} times their approach speed. Then writes the
     * per-step accumulated impulses back to the store.
     */
    public void restitutionAndStore() {
        if (subStep == 0) { // no endSubStep since prepare: the totals are still to be started
            Arrays.fill(totalN, 0, pointsPrepared, 0);
            Arrays.fill(totalT1, 0, pointsPrepared, 0);
            Arrays.fill(totalT2, 0, pointsPrepared, 0);
        }
        forColours(restitutionTask);
        storeVelocities();
        forManifolds(impulseTask);
        if (stepHalves && activeCount > 0 && stepParallel == lastParallel) {
            // a step after a switch is not counted: the worker was parked, or the caches were the other way's
            double perManifold = (double) (System.nanoTime() - solveStart) / activeCount;
            if (stepParallel) {
                nanosParallel[parallelCount++ % TIMES] = perManifold;
            } else {
                nanosSerial[serialCount++ % TIMES] = perManifold;
            }
        }
    }

    /**
     * Who solves this step's halves (ConstraintColoring, "Halves") on several threads: the caller the left one and a
     * worker the right one, or the caller both, one after the other. Which thread solves a half changes no bit, so
     * this is chosen by what each costs: the wall time from {@link #prepare} to the end of {@link
     * #restitutionAndStore} a solved manifold, the median of each way's last {@link #TIMES} steps (a mean followed the
     * two threads' slow steps and chose the caller alone where two threads were faster in most steps), two threads
     * unless the caller alone is clearly cheaper ({@link #SERIAL_MARGIN}); the other is tried for {@link #PROBE_STEPS} steps in every {@link #HALVES_PROBE} (first from the
     * {@link #HALVES_FIRST_PROBE}th step with halves), so that a change of the scene or of the machine shows. The first
     * step after a switch is not counted: after steps on the caller alone the worker had parked (its wake-up costs
     * 20-150 µs), and counted, that step made two threads look dearer than they were, so they were never chosen again. On this benchmark host two
     * threads solved the 20-row pyramid's step in 0.70-0.72 ms against 0.89 ms on one while its two vCPUs passed a
     * cache line in about 75 ns, and in 1.34-1.52 ms when they were about 350 ns apart (the boundary's bodies, and the
     * rows the caller prepares, moving between the cores every pass): then the caller solves both.
     */
    private void halvesMode() {
        lastParallel = stepParallel;
        stepHalves = false;
        if (executor.threads() < 2) {
            return;
        }
        for (int g = 0, e = coloring.groups(); g < e; g++) {
            if (coloring.half(g) != 0) {
                stepHalves = true;
                break;
            }
        }
        if (!stepHalves) {
            return;
        }
        halvesSteps++;
        boolean cheaper = serialCount == 0 || parallelCount == 0
                || median(nanosSerial, serialCount) >= SERIAL_MARGIN * median(nanosParallel, parallelCount);
        int k = halvesSteps % HALVES_PROBE;
        boolean probe = k >= HALVES_PROBE - PROBE_STEPS
                || halvesSteps >= HALVES_FIRST_PROBE && halvesSteps < HALVES_FIRST_PROBE + PROBE_STEPS;
        stepParallel = probe != cheaper;
    }

    /** The median of the last {@link #TIMES} (or {@code count}, if fewer) of {@code times}; no allocation. */
    private double median(double[] times, int count) {
        int n = Math.min(count, TIMES);
        System.arraycopy(times, 0, timesScratch, 0, n);
        Arrays.sort(timesScratch, 0, n);
        return n == 0 ? 0 : (n & 1) == 1 ? timesScratch[n / 2] : 0.5 * (timesScratch[n / 2 - 1] + timesScratch[n / 2]);
    }

    /** Steps a try of the way not chosen lasts ({@link #halvesMode}); its first is not counted. */
    static final int PROBE_STEPS = 3;

    /** One step in this many with halves solves them the way not chosen ({@link #halvesMode}). */
    static final int HALVES_PROBE = 32;
    /** The first step with halves solved on the caller alone ({@link #halvesMode}). */
    static final int HALVES_FIRST_PROBE = 8;
    private long solveStart;
    private boolean stepHalves, stepParallel, lastParallel;
    private int halvesSteps;
    // per way: the wall time a manifold of its last TIMES counted steps (a ring), and how many were counted
    private static final int TIMES = 16;
    /**
     * The caller alone is chosen only when its median is below this share of two threads' ({@link #halvesMode}): two
     * threads' steps are bimodal (on the pyramid, most at 0.55-0.65 ms and some at 0.75-0.85, as slow as the caller
     * alone's 0.75-0.80), and with no margin the medians of a few steps chose either way at random.
     */
    static final double SERIAL_MARGIN = 0.9;
    // Tried the other way round (two threads only when under 0.95 of the caller alone, to keep the caller alone while the
    // JIT holds the second core): two threads were then never chosen again, even after the JIT (0.90 ms a step against
    // 0.71 forced): they are measured only in tries after steps on the caller alone, when the worker had parked and its
    // caches were cold, so the tries always looked dear. Measured continuously, as here, they are not.
    private final double[] nanosParallel = new double[TIMES], nanosSerial = new double[TIMES],
            timesScratch = new double[TIMES];
    private int parallelCount, serialCount;

    /**
     * Issue 22: adds to {@code out[0..2]} the impulse (N·s) the step's solve gave dynamic bodies
     * through contacts with bodies of no inverse mass (static and kinematic ones: the ground, anchored
     * holders), from the per-step totals in the solver's own tangent basis. Call after
     * {@link #restitutionAndStore()}.
     */
    public void fixedImpulse(double[] out) {
        for (int j = 0; j < activeCount; j++) {
            int i = byColour[j]; // summed in the colouring's own order, whatever the order within a colour
            int sa = ia[i], sb = ib[i];
            boolean fa = invMass[sa] == 0, fb = invMass[sb] == 0;
            if (fa == fb) {
                continue;
            }
            int mo = i * MAN;
            double sign = fa ? 1 : -1; // the impulse on B is +J; on A, -J
            for (int q = pointBase[i], end = q + points[i]; q < end; q++) {
                for (int k = 0; k < 3; k++) {
                    out[k] += sign * (totalN[q] * man[mo + k] + totalT1[q] * man[mo + 3 + k] + totalT2[q] * man[mo + 6 + k]);
                }
            }
        }
    }

    /** {@link #restitutionAndStore()}'s end-of-step bounce for manifold {@code i} (restitution e != 0). */
    private void restitution(int i) {
        final double threshold = -settings.restitutionThreshold();
        final double[] v = vel, rw = nrow, mn = man;
        double e = c.restitution[active[i]];
        int oa = ia[i] * 6, ob = ib[i] * 6, mo = i * MAN;
        double nx = mn[mo], ny = mn[mo + 1], nz = mn[mo + 2];
        double mA = mn[mo + 10], mB = mn[mo + 11];
        for (int k = 0, q = pointBase[i]; k < points[i]; k++, q++) {
            int r = q * NR;
            if (approach[q] > threshold || peak[q] == 0 || bounceSub[q] >= 0) {
                continue; // slow, never touched, or already bounced at the moment of impact
            }
            double vn = (v[ob] - v[oa]) * nx + (v[ob + 1] - v[oa + 1]) * ny + (v[ob + 2] - v[oa + 2]) * nz
                    + rw[r + CNB] * v[ob + 3] + rw[r + CNB + 1] * v[ob + 4] + rw[r + CNB + 2] * v[ob + 5]
                    - rw[r + CNA] * v[oa + 3] - rw[r + CNA + 1] * v[oa + 4] - rw[r + CNA + 2] * v[oa + 5];
            double old = rw[r + LN];
            double nu = Math.max(old - aux[q * AX + NMASS] * (vn + e * approach[q]), 0);
            rw[r + LN] = nu;
            double d = nu - old;
            totalN[q] += d;
            if (oa != 0) { // never the shared fixed body (see storeManifold)
                v[oa] -= mA * d * nx; v[oa + 1] -= mA * d * ny; v[oa + 2] -= mA * d * nz;
                v[oa + 3] -= rw[r + KNA] * d; v[oa + 4] -= rw[r + KNA + 1] * d; v[oa + 5] -= rw[r + KNA + 2] * d;
            }
            if (ob != 0) {
                v[ob] += mB * d * nx; v[ob + 1] += mB * d * ny; v[ob + 2] += mB * d * nz;
                v[ob + 3] += rw[r + KNB] * d; v[ob + 4] += rw[r + KNB + 1] * d; v[ob + 5] += rw[r + KNB + 2] * d;
            }
        }
    }

    /**
     * Issue 22: the impulses accumulated so far in the sub-step being solved (not the step's totals)
     * to the contact store, for a trial solve whose body velocities are thrown away (the break
     * prediction of {@code ImpactPass}). The caller saves and restores the store's impulses around it.
     */
    public void storeTrialImpulses() {
        forManifolds(trialTask);
    }

    private void storeTrialImpulses(int lo, int hi) {
        final double[] rw = nrow, fw = frow;
        for (int i = lo; i < hi; i++) {
            int m = active[i];
            for (int k = 0, q = pointBase[i], p = m * P; k < points[i]; k++, q++, p++) {
                c.normalImpulse[p] = rw[q * NR + LN];
                c.tangentImpulse1[p] = fw[q * FR + LT1];
                c.tangentImpulse2[p] = fw[q * FR + LT2];
            }
        }
    }

    private int[] releasedOf = new int[0]; // per solver body: its index in holdBack's list, -1 when not listed

    /**
     * Issue 22 item 4's guard (docs/destruction.md "Impacts"): pieces released before the solve end a sub-step
     * at their start pose moved by the velocity they leave it with, not by the biased iterations' velocity they
     * were integrated with. That is consistent only where the relax iterations converged: two pieces pressed
     * together, whose relax velocities still approach, were put into each other by their difference times
     * {@code h}. A fractured box (20 pieces of 15 kg) thrown at 10 m/s at a free fractured wall left its rear
     * pieces 6 cm inside its front ones (the relax iterations stop the impact, which closed a speculative gap in
     * the biased ones, through a chain of pieces in two passes). Here a listed piece keeps its correction only
     * where it takes no solved point of the sub-step more than {@code tol} below both the separation its
     * integrated pose left and 0; a piece held back stays at its integrated pose (the ordinary integrator's),
     * which can put a neighbour's correction into it, so the test repeats until nothing changes (at most once
     * per piece).
     *
     * @param slots the listed pieces' body slots, {@code count} of them
     * @param corr  6 per listed piece: its correction from the integrated pose, {@code Δp} (m) and the turn {@code Δθ} (rad)
     * @param keep  in: true for every listed piece; out: false for those held back
     * @param tol   m, ≥ 0
     */
    public void holdBack(int[] slots, double[] corr, boolean[] keep, int count, double tol) {
        if (releasedOf.length < bodyCount) {
            releasedOf = new int[Math.max(bodyCount, releasedOf.length * 2)];
        }
        Arrays.fill(releasedOf, 0, bodyCount, -1);
        for (int k = 0; k < count; k++) {
            int s = slots[k];
            if (s < stamp.length && stamp[s] == epoch && solverIndex[s] > 0) {
                releasedOf[solverIndex[s]] = k;
            }
        }
        final double[] rw = nrow, mn = man;
        for (boolean changed = true; changed;) {
            changed = false;
            for (int i = 0; i < activeCount; i++) {
                int ka = releasedOf[ia[i]], kb = releasedOf[ib[i]];
                boolean ma = ka >= 0 && keep[ka], mb = kb >= 0 && keep[kb];
                if (!ma && !mb || invMass[ia[i]] == 0 || invMass[ib[i]] == 0) {
                    continue; // against a static or kinematic body the relax velocity is the piece's own (a crushing rim's cap)
                }
                int mo = i * MAN;
                double nx = mn[mo], ny = mn[mo + 1], nz = mn[mo + 2];
                for (int k = 0, q = pointBase[i]; k < points[i]; k++, q++) {
                    int r = q * NR;
                    double da = 0, db = 0;
                    if (ma) {
                        int o = 6 * ka;
                        da = corr[o] * nx + corr[o + 1] * ny + corr[o + 2] * nz
                                + corr[o + 3] * rw[r + CNA] + corr[o + 4] * rw[r + CNA + 1] + corr[o + 5] * rw[r + CNA + 2];
                    }
                    if (mb) {
                        int o = 6 * kb;
                        db = corr[o] * nx + corr[o + 1] * ny + corr[o + 2] * nz
                                + corr[o + 3] * rw[r + CNB] + corr[o + 4] * rw[r + CNB + 1] + corr[o + 5] * rw[r + CNB + 2];
                    }
                    if (sep[q] + db - da < Math.min(sep[q], 0.0) - tol) {
                        if (ma && da > 0) {
                            keep[ka] = false;
                            changed = true;
                        }
                        if (mb && db < 0) {
                            keep[kb] = false;
                            changed = true;
                        }
                        break;
                    }
                }
            }
        }
    }

    /**
     * Issue 22: the separations a trial solve's relax iterations see, without moving any body: every
     * solver body as if integrated over one sub-step with the solver's current (trial) velocities,
     * {@code Δp = v h}, {@code Δθ = ω h} (the first-order turn {@link #updateSeparations} uses). In the
     * real step an impact whose contact is speculative when the sub-step starts (the impactor is
     * allowed to close the gap) gets its stopping impulse in the relax iterations after integration,
     * not in the biased ones; a trial without this would predict no load for it. Call after the
     * trial's biased iterations, then run the relax iterations ({@code solve(false)}).
     */
    public void trialAdvance() {
        final double[] v = vel;
        for (int i = 1; i < bodyCount; i++) {
            int o3 = i * 3, o = i * 6;
            dp[o3] = v[o] * h;
            dp[o3 + 1] = v[o + 1] * h;
            dp[o3 + 2] = v[o + 2] * h;
            dq[o3] = v[o + 3] * h;
            dq[o3 + 1] = v[o + 4] * h;
            dq[o3 + 2] = v[o + 5] * h;
        }
        for (int i = 0; i < activeCount; i++) {
            separations(i);
            softTerms(i);
        }
        separationsCurrent = false;
    }

    /** The step's accumulated impulses of manifold {@code i} to the contact store (strain input, next warm start). */
    private void storeImpulses(int i) {
        int m = active[i];
        for (int k = 0, q = pointBase[i], p = m * P; k < points[i]; k++, q++, p++) {
            c.normalImpulse[p] = totalN[q];
            c.tangentImpulse1[p] = totalT1[q];
            c.tangentImpulse2[p] = totalT2[q];
        }
    }

    /**
     * The executor the stages run on (default: inline). The result does not depend on it: every
     * parallel call's items write disjoint memory, and the order-dependent work (colouring, the
     * overflow colour) runs on the calling thread.
     */
    public void setExecutor(StepExecutor executor) {
        this.executor = java.util.Objects.requireNonNull(executor, "executor is null");
    }

    /** Colour groups of the last {@link #prepare} solved in parallel (the phases' serial groups not counted). */
    public int colours() {
        int n = 0;
        for (int g = 0, e = coloring.groups(); g < e; g++) {
            if (!coloring.serial(g)) {
                n++;
            }
        }
        return n;
    }

    /** Levels of the last {@link #prepare}'s colouring (docs/parallel.md). */
    public int levels() {
        return coloring.levels();
    }

    /** Manifolds of the last {@link #prepare} in the phases' serial groups (solved on the calling thread). */
    public int overflow() {
        int n = 0;
        for (int g = 0, e = coloring.groups(); g < e; g++) {
            if (coloring.serial(g)) {
                n += coloring.size(g);
            }
        }
        return n;
    }

    /** {@code task} over the solver bodies {@code [1, bodyCount)} (body 0, the fixed body, is never written). */
    private void forBodies(RangeTask task) {
        run(1, bodyCount, task, 64);
    }

    /**
     * {@code task} over every solved manifold, in any order (items independent of each other). On several
     * threads, when the colours are cut by place ({@link #ownership}), each thread takes the manifolds it
     * solves in the passes: the rows prepare writes, and the impulses the passes leave, stay in that core's
     * cache (cut into equal halves of the solve order, thread 0 prepared the first colours whole and the
     * passes then read half of their rows from the other core).
     */
    private void forManifolds(RangeTask task) {
        if (!owned) {
            run(0, activeCount, task, 16);
            return;
        }
        current = task;
        executor.run(ownThreads * OWN_PARTS, 1, ownedTask);
    }

    /** Blocks per thread of a {@link #forManifolds} that follows the colours' ranges (a late thread's are taken over). */
    private static final int OWN_PARTS = 4;
    // per thread t: the solved manifolds it takes in forManifolds, runs [ownLo[r], ownHi[r]) for r in
    // [ownFirst[t], ownFirst[t + 1]), ownCount[t] of them in all
    private int[] ownLo = new int[64], ownHi = new int[64], ownFirst = new int[3], ownCount = new int[2],
            ownCursor = new int[2];
    // ownership's runs in the order made: thread, first and end solved manifold
    private int[] ownThread = new int[64], runLo = new int[64], runHi = new int[64];
    private int ownThreads;
    private boolean owned;
    private final RangeTask ownedTask = (lo, hi) -> {
        for (int v = lo; v < hi; v++) {
            int t = v / OWN_PARTS, part = v % OWN_PARTS;
            long len = ownCount[t];
            int from = (int) (len * part / OWN_PARTS), to = (int) (len * (part + 1) / OWN_PARTS);
            // the part's stretch [from, to) of the thread's manifolds, run by run
            int at = 0;
            for (int r = ownFirst[t], e = ownFirst[t + 1]; r < e && at < to; r++) {
                int rl = ownLo[r], n = ownHi[r] - rl;
                int a = Math.max(from, at), z = Math.min(to, at + n);
                if (a < z) {
                    current.run(rl + a - at, rl + z - at);
                }
                at += n;
            }
        }
    };

    /**
     * Which thread takes which solved manifolds in {@link #forManifolds}: in every colour cut by place,
     * each thread its own share ({@link #byPlace}); the colours run on one thread
     * (serial groups, single blocks) shared out so that each thread takes as many manifolds as the
     * others, thread 0 (the caller, which solves them) first. Off for one thread and for an all-serial
     * step.
     */
    private void ownership() {
        final int threads = executor.threads();
        owned = false;
        if (serialSolve || threads < 2 || activeCount == 0) {
            return;
        }
        if (ownFirst.length < threads + 1) {
            ownFirst = new int[threads + 1];
            ownCount = new int[threads];
        }
        Arrays.fill(ownCount, 0, threads, 0);
        boolean anySplit = false;
        for (int k = 0; k < segCount; k++) {
            if (segParts[k] == 0) {
                continue;
            }
            anySplit = true;
            for (int t = 0, co = k * (threads + 1); t < threads; t++) {
                ownCount[t] += segCut[co + t + 1] - segCut[co + t];
            }
        }
        if (!anySplit) {
            return;
        }
        long target = ((long) activeCount + threads - 1) / threads;
        int runs = 0, u = 0;
        long room = target - ownCount[0];
        for (int k = 0; k < segCount; k++) {
            int lo = segLo[k], hi = segHi[k];
            if (segParts[k] != 0) {
                for (int t = 0, co = k * (threads + 1); t < threads; t++) {
                    int a = segCut[co + t], z = segCut[co + t + 1];
                    if (a < z) {
                        runs = addRun(runs, t, a, z);
                    }
                }
                continue;
            }
            // a colour run on one thread: to the threads below their share, in order
            for (int a = lo; a < hi; ) {
                while (room <= 0 && u < threads - 1) {
                    u++;
                    room = target - ownCount[u];
                }
                int z = u == threads - 1 ? hi : (int) Math.min(hi, a + room);
                runs = addRun(runs, u, a, z);
                ownCount[u] += z - a;
                room -= z - a;
                a = z;
            }
        }
        // the runs by thread, in the order made (a counting sort)
        Arrays.fill(ownFirst, 0, threads + 1, 0);
        for (int r = 0; r < runs; r++) {
            ownFirst[ownThread[r] + 1]++;
        }
        for (int t = 0; t < threads; t++) {
            ownFirst[t + 1] += ownFirst[t];
        }
        if (ownLo.length < runs) {
            ownLo = new int[runLo.length];
            ownHi = new int[runLo.length];
        }
        if (ownCursor.length < threads) {
            ownCursor = new int[threads];
        }
        System.arraycopy(ownFirst, 0, ownCursor, 0, threads);
        for (int r = 0; r < runs; r++) {
            int at = ownCursor[ownThread[r]]++;
            ownLo[at] = runLo[r];
            ownHi[at] = runHi[r];
        }
        ownThreads = threads;
        owned = true;
    }

    /**
     * Of this step's body reads in one pass over the colours, the share that finds the body last written
     * by another thread in the same pass (a body's velocities moving between the cores), were each thread
     * to solve exactly its own share of each colour (no part taken over). A diagnostic for
     * the solve order's cut by place ({@link #byPlace}; tests and the stage-balance harness); 0 on one
     * thread. Allocates.
     */
    double sharedBodyReads() {
        final int threads = executor.threads();
        final ConstraintColoring col = coloring;
        int[] last = new int[bodyCount];
        Arrays.fill(last, -1);
        long reads = 0, shared = 0;
        for (int pass = 0; pass < 2; pass++) { // the second pass: each body's writer is the first pass's
            reads = shared = 0;
            for (int g = 0, e = col.groups(); g < e; g++) {
                int lo = col.start(g), hi = col.start(g + 1);
                boolean cut = segParts[g] != 0 && !serialSolve;
                for (int i = lo; i < hi; i++) {
                    int t = 0;
                    if (cut) {
                        while (t + 1 < threads && i >= segCut[g * (threads + 1) + t + 1]) {
                            t++;
                        }
                    }
                    for (int body : new int[] {ia[i], ib[i]}) {
                        if (body == 0 || !writesBack[body]) {
                            continue;
                        }
                        reads++;
                        if (last[body] >= 0 && last[body] != t) {
                            shared++;
                        }
                        last[body] = t;
                    }
                }
            }
        }
        return reads == 0 ? 0 : (double) shared / reads;
    }

    private int addRun(int runs, int t, int lo, int hi) {
        if (runs == runLo.length) {
            ownThread = Arrays.copyOf(ownThread, 2 * runs);
            runLo = Arrays.copyOf(runLo, 2 * runs);
            runHi = Arrays.copyOf(runHi, 2 * runs);
        }
        ownThread[runs] = t;
        runLo[runs] = lo;
        runHi[runs] = hi;
        return runs + 1;
    }

    /**
     * Whether every group of this step's colouring is serial or a half (a scene whose levels are all smaller than
     * {@link ConstraintColoring#SERIAL_LEVEL}, such as the 20-row pyramid): then every pass runs on the
     * calling thread but for the right halves ({@link #halves}), and so do the per-manifold, per-body and per-point
     * stages around them (every {@link #run}, and prepare's bodies and order). Split across the workers, they wrote the rows and
     * velocities the serial passes then read into another core's cache, and paid a hand-off each: the
     * pyramid stepped 5-18 % slower at 2 threads than at 1 (docs/benchmarks.md, twelfth session). Which
     * thread runs an item changes no bit, so the result is the same.
     */
    private static boolean allSerial(ConstraintColoring col) {
        for (int g = 0, e = col.groups(); g < e; g++) {
            if (!col.serial(g) && col.half(g) == 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * {@code task} over the manifolds colour by colour: the overflow serially on this thread, then
     * each colour's manifolds in parallel (they share no written body), the colours in order.
     */
    private void forColours(RangeTask task) {
        final ConstraintColoring col = coloring;
        final boolean back = backward;
        for (int g = 0, e = col.groups(); g < e; ) {
            int l = col.phase(g), ge = g + 1;
            while (ge < e && col.phase(ge) == l) {
                ge++;
            }
            if (back) {
                for (int k = ge - 1; k >= g; k--) {
                    if (col.half(k) == 2) {
                        // halves, then what they left serial, in every pass (ConstraintColoring, "Halves")
                        halves(col, k - 1, task);
                        if (k + 1 < ge && col.serial(k + 1)) {
                            group(col, k + 1, task);
                        }
                        k--;
                    } else if (col.serial(k) && k - 1 >= g && col.half(k - 1) == 2) {
                        continue; // run with its halves, just below
                    } else {
                        group(col, k, task);
                    }
                }
            } else {
                for (int k = g; k < ge; k++) {
                    if (col.half(k) == 1) {
                        halves(col, k++, task);
                    } else {
                        group(col, k, task);
                    }
                }
            }
            g = ge;
        }
    }

    private void group(ConstraintColoring col, int g, RangeTask task) {
        int lo = col.start(g), hi = col.start(g + 1);
        if (col.serial(g)) {
            task.run(lo, hi);
        } else if (segParts[g] != 0 && !serialSolve) {
            // cut by place (byPlace): part v is thread v / parts's part v % parts; each thread starts on its own
            current = task;
            placed = g;
            executor.run(executor.threads() * segParts[g], 1, placedTask);
        } else {
            run(lo, hi, task, 16);
        }
    }

    /**
     * The halves {@code g} (left) and {@code g + 1} (right) of a phase's serial constraints (ConstraintColoring,
     * "Halves"): they share no written body, so on several threads the caller solves the left one and a worker the
     * right one at the same time; on one thread the left, then the right. Same bits either way.
     */
    private void halves(ConstraintColoring col, int g, RangeTask task) {
        if (!stepParallel || executor.threads() < 2) {
            task.run(col.start(g), col.start(g + 1));
            task.run(col.start(g + 1), col.start(g + 2));
            return;
        }
        current = task;
        halvesAt = g;
        executor.run(2, 1, halvesTask);
    }

    /** The left half of the pair {@link #halvesTask} runs. */
    private int halvesAt;
    private final RangeTask halvesTask = (lo, hi) -> {
        final ConstraintColoring col = coloring;
        for (int v = lo; v < hi; v++) {
            int g = halvesAt + v;
            current.run(col.start(g), col.start(g + 1));
        }
    };

    /** The group {@link #placedTask} runs the parts of. */
    private int placed;
    private final RangeTask placedTask = (lo, hi) -> {
        final int g = placed, parts = segParts[g];
        for (int v = lo; v < hi; v++) {
            long r = part(g, v / parts, v % parts);
            int from = (int) (r >>> 32), to = (int) r;
            if (from < to) {
                current.run(from, to);
            }
        }
    };

    /**
     * Blocks per thread of a parallel stage (at least the stage's smallest block each): the last block
     * of a dispatch decides when it ends, and with 4 a thread (the pile at 2 threads) waited about
     * half a block at each of the ~220 colour dispatches of a step (docs/benchmarks.md, "Issue 26,
     * 2026-12-03 fifth session"). Same bits for any value.
     */
    static final int BLOCKS_PER_THREAD = 16;

    private void run(int lo, int hi, RangeTask task, int minBlock) {
        int n = hi - lo;
        if (n <= 0) {
            return;
        }
        int block = serialSolve ? n : dispatchBlock(n, minBlock); // an all-serial step stays on this thread (allSerial)
        if (block >= n) {
            task.run(lo, hi);
            return;
        }
        current = task;
        base = lo;
        executor.run(n, block, offset);
    }

    /**
     * Grows the solver's stores ahead of need to room for {@code bodies} solver bodies,
     * {@code manifolds} manifolds and {@code points} points (contents kept; never shrinks; no result
     * depends on capacity): the step pipeline calls it in the step destruction released pieces, so
     * the next step's burst of first contacts does not grow them (issue 27 item 1: that growth was
     * 5 MB in one step of the shatter bench).
     */
    public void reserve(int bodies, int manifolds, int points) {
        ensureBodies(bodies);
        if (active.length < manifolds) {
            // prepare rewrites these, but the step's later stages may still read this step's (so copy)
            active = Arrays.copyOf(active, manifolds);
            byColour = Arrays.copyOf(byColour, manifolds);
            perm = new int[manifolds]; // orderSegments' scratch
            placeBucket = new int[manifolds];
            candM = Arrays.copyOf(candM, manifolds);
            candA = Arrays.copyOf(candA, manifolds);
            candB = Arrays.copyOf(candB, manifolds);
            ia = Arrays.copyOf(ia, manifolds);
            ib = Arrays.copyOf(ib, manifolds);
            pointBase = Arrays.copyOf(pointBase, manifolds);
            this.points = Arrays.copyOf(this.points, manifolds);
            converge = Arrays.copyOf(converge, manifolds);
            bouncing = Arrays.copyOf(bouncing, manifolds);
            impactSub = Arrays.copyOf(impactSub, manifolds);
            tracksLoad = Arrays.copyOf(tracksLoad, manifolds);
            capOf = Arrays.copyOf(capOf, manifolds);
            man = Arrays.copyOf(man, manifolds * MAN);
        }
        if (activeOf.length < manifolds) {
            activeOf = Arrays.copyOf(activeOf, manifolds);
        }
        ensurePoints(points);
    }

    private void ensureSlots(int cap) {
        if (solverIndex.length < cap) {
            solverIndex = Arrays.copyOf(solverIndex, cap);
            stamp = Arrays.copyOf(stamp, cap);
        }
    }

    private void ensureBodies(int n) {
        if (slotOf.length >= n) {
            return;
        }
        int cap = Math.max(n, Math.max(16, slotOf.length * 2));
        slotOf = Arrays.copyOf(slotOf, cap);
        writesBack = Arrays.copyOf(writesBack, cap);
        anisotropic = Arrays.copyOf(anisotropic, cap);
        refreshes = Arrays.copyOf(refreshes, cap);
        inertiaSet = Arrays.copyOf(inertiaSet, cap);
        jointInertia = Arrays.copyOf(jointInertia, cap);
        invMass = Arrays.copyOf(invMass, cap);
        vel = Arrays.copyOf(vel, cap * 6);
        invI = Arrays.copyOf(invI, cap * 6);
        p0 = Arrays.copyOf(p0, cap * 3);
        q0 = Arrays.copyOf(q0, cap * 4);
        dp = Arrays.copyOf(dp, cap * 3);
        dq = Arrays.copyOf(dq, cap * 3);
    }

    private void ensureManifolds(int n) {
        if (active.length >= n) {
            return;
        }
        int cap = Math.max(n, active.length * 2);
        active = new int[cap];
        byColour = new int[cap];
        perm = new int[cap];
        placeBucket = new int[cap];
        candM = new int[cap];
        candA = new int[cap];
        candB = new int[cap];
        ia = new int[cap];
        ib = new int[cap];
        pointBase = new int[cap];
        points = new int[cap];
        converge = new boolean[cap];
        bouncing = new boolean[cap];
        impactSub = new int[cap];
        tracksLoad = new boolean[cap];
        capOf = new double[cap];
        man = new double[cap * MAN];
    }

    private void ensurePoints(int n) {
        if (sep0.length >= n) {
            return;
        }
        int cap = Math.max(n, Math.max(64, sep0.length * 2));
        nrow = Arrays.copyOf(nrow, cap * NR);
        frow = Arrays.copyOf(frow, cap * FR);
        aux = Arrays.copyOf(aux, cap * AX);
        peak = Arrays.copyOf(peak, cap);
        sep = Arrays.copyOf(sep, cap);
        sep0 = Arrays.copyOf(sep0, cap);
        coneW = Arrays.copyOf(coneW, cap * 4);
        coneG = Arrays.copyOf(coneG, cap);
        approach = Arrays.copyOf(approach, cap);
        bounceSub = Arrays.copyOf(bounceSub, cap);
        accel = Arrays.copyOf(accel, cap);
        leave = Arrays.copyOf(leave, cap);
        bounceBias = Arrays.copyOf(bounceBias, cap);
        totalN = Arrays.copyOf(totalN, cap);
        totalT1 = Arrays.copyOf(totalT1, cap);
        totalT2 = Arrays.copyOf(totalT2, cap);
    }
}
