package dev.rubble.core.dynamics;

import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStates;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.MotionType;
import dev.rubble.spi.constraint.ConstraintFrame;
import dev.rubble.spi.constraint.ConstraintRows;
import dev.rubble.spi.constraint.ConstraintType;
import java.util.Arrays;

/**
 * Solves the rows of the world's constraints (issue 29; docs/constraints.md) in the same
 * sub-steps and iterations as the contacts, serially, after the contact rows of each iteration
 * ({@code StepPipeline.iterate} is the one place that calls both).
 *
 * <pre>
 *  step:      beginStep     the constraints whose bodies live, none disabled, and one of which is awake
 *                           and dynamic; a body another carries ({@link Carriers}: a union's member)
 *                           replaced by its carrier, the frame moved with it; bodies mapped to a packed list
 *  sub-step:  prepareSubStep  rows from the types ({@link ConstraintType#write}) at the current poses and
 *                             the inertia both solves see (the tension's geometric stiffness), before
 *                             the contacts' warm start
 *             warmStartSubStep  the rows' accumulated impulses applied again, stops, trees
 *             solve(true)   x velocityIterations, after each contact iteration (biased)
 *             solve(false)  x positionIterations, after each relax iteration (unbiased)
 *  step end:  endStep       impulses kept for the next step, force and torque per constraint, breaks
 * </pre>
 *
 * A row is one scalar constraint {@code J v = n·(vB - vA) + gB·wB - gA·wA} (n = 0 for angular rows,
 * {@code gA = rA × n}, {@code gB = rB × n} for linear ones) with accumulated impulse λ clamped to
 * [lo, hi]. Rigid rows are soft in the biased pass (a spring-damper at {@value #JOINT_HERTZ_PER_RATE}
 * of the sub-step rate with damping ratio {@value #JOINT_DAMPING_RATIO}, Box2D v3's joint softness:
 * stable for any mass ratio) and rigid in the relax pass, which removes the bias velocity, as for
 * contacts; springs are implicit Euler with the physical stiffness k and damping c (XPBD's update with
 * compliance 1/k: {@code Δλ = -(Jv + C k/(c + hk) + γλ) / (w + γ)}, {@code γ = 1/(h(c + hk))}) and
 * act in the biased pass only; one-sided rows (limits, ropes) are speculative while they hold
 * (the bodies may approach the boundary by C within the sub-step, as a speculative contact); motors
 * drive {@code J v} to their speed within their force.
 *
 * <p>Point blocks: three rigid linear rows a constraint writes one after the other (the point part of
 * {@code ball}, {@code hinge} and {@code fixed}: the same anchors, three independent directions) are
 * solved together, with the inverse of their 3×3 effective mass (Jolt's and Box2D's point constraint).
 * Their effective mass can be very anisotropic (a small bob on a long arm: 1/m along the arm,
 * 1/m + L²/I across it), and solved one row after the other they did not converge: a 5 cm bob on a
 * 2 m ball joint stretched it by 16 % and lost 43 % of its swing height in one swing.
 *
 * <p>Coupled blocks: a point block followed by rigid angular rows of the same constraint (a weld's three, a
 * hinge's two) is one 6×6 (5×5) block, its effective mass factored as LDLᵀ per sub-step: solved one after the
 * other, the point and the angular rows passed a lever's load back and forth (a cube welded 1 m from its
 * centre read 1.45 times its static torque). Joints whose leading rows are one block (welds, hinges, balls) that
 * join dynamic bodies into trees ({@link WeldTrees}: chains, branched frames, ragdolls) are solved per tree, the
 * tree's whole effective mass factored once per sub-step and solved once per iteration before the other rows'
 * passes: joint by joint, a frame passed its load one joint per pass (5 welded cubes read 1.54 times the root's
 * torque, 10 swung without settling; a 10 kg load stretched a chain of 0.1 kg links 15.7 %).
 * A joint of a tree carries its stop or motor row in its tree position while the stop or the motor holds
 * ({@link #chooseStopRows}, {@link #leaveTrees}: the active set of a direct LCP, decided per sub-step and only
 * dropping rows within it): beside the tree, with the row's own effective mass, a load on light links' stops gave way
 * and twenty 0.5 kg sliders on stops under 10 kg blew up (docs/constraints.md, "Loads on stops").
 *
 * <p>Velocities: a body that is also in the contact solve has its velocity in the contact solver's
 * packed array during the iterations; the others in the body store. Each call gathers the constrained
 * bodies' velocities from wherever they are, solves, and scatters them back: the contact solver's
 * numbers are untouched, and a world without constraints never enters this class.
 *
 * <p>Order: constraints in creation order, rows in the order their type writes them; deterministic.
 * Allocation-free in steady state (arrays grow to the high-water mark).
 */
public final class ConstraintSolver implements ConstraintRows {
    /**
     * Rigid rows' stiffness as a fraction of the sub-step rate (1/h): 60 Hz at one 60 Hz sub-step.
     * A soft row at rest settles where its spring holds the load, {@code F / (m_eff ω²)}: at 0.5 (30 Hz)
     * a hanging 20-link chain of 1 kg links stretched 2.8 %, at 1.0 0.7 %; 1.0 and 2.0 with one pass
     * per iteration made that chain oscillate without end, four passes ({@link #PASSES}) hold it.
     */
    static final double JOINT_HERTZ_PER_RATE = 1.0;
    /** Rigid rows' damping ratio in the biased pass. */
    static final double JOINT_DAMPING_RATIO = 2.0;
    /**
     * Passes over the constraint rows per solver iteration. Constraints are few next to contacts and
     * chains pass a load one joint per pass (Gauss–Seidel), so each iteration sweeps them several times.
     */
    static final int PASSES = 4;
    private static final byte AWAKE = (byte) BodyState.AWAKE.ordinal();
    private static final byte SLEEPING = (byte) BodyState.SLEEPING.ordinal();
    private static final byte DISABLED = (byte) BodyState.DISABLED.ordinal();
    private static final byte DYNAMIC = (byte) MotionType.DYNAMIC.ordinal();
    private static final int RIGID = 0, LIMIT = 1, SPRING = 2, MOTOR = 3;
    /** Doubles per row. */
    private static final int RW = 28;
    private static final int NX = 0, GA = 3, GB = 6, KA = 9, KB = 12, MASS = 15, C = 16, LO = 17, HI = 18,
            GAMMA = 19, SBIAS = 20, SPEED = 21, LAMBDA = 22, SOFTMASS = 23, WARM = 24, BC = 25;
    /**
     * The largest linear position error a rigid row corrects in one sub-step's bias, metres: a linear row's
     * error, or a point's three together (scaled as a vector, so the correction keeps its direction), enters
     * the biased pass clamped to this length; the row's own error is unchanged (a holding limit's speculative
     * gap, springs, the reported state). Box2D v2's {@code b2_maxLinearCorrection} (0.2 m, "prevents
     * overshoot") clamps its joints' position correction the same way. Without it a weld whose anchors were
     * created 1e8 m apart pulled its body 6e7 m in one step (the bias velocity is 37 C per second at 60 Hz);
     * now a body closes a large gap at most {@code 0.2 · 2π / (4 + 2π)} = 0.12 m a sub-step (7.3 m/s at
     * 60 Hz). Errors up to 0.2 m, every joint that holds, are solved bit for bit as before.
     */
    static final double MAX_CORRECTION = 0.2;

    private BodyStore b;
    private ConstraintStore store;
    private ContactSolver contacts;
    private double h, invH, biasRate, massScale, impulseScale;

    // this step's constraints (store indices) and, per constraint, its first row and row count
    private int activeCount;
    private int[] active = new int[0], firstRow = new int[0], rowCount = new int[0], bodyOfA = new int[0],
            bodyOfB = new int[0];
    // per active constraint: the slots it is solved on (-1: the world) and its frames on them (7 each), which
    // differ from the store's when a carrier moves for its body (a cluster union's member; issue 29)
    private int[] slotA = new int[0], slotB = new int[0];
    private double[] solveFrameA = new double[0], solveFrameB = new double[0];
    private final double[] carried = new double[7];
    // mapped bodies: index 0 = the world (no velocity, no mass)
    private int bodyCount;
    private int[] slotOf = new int[1], stamp = new int[0], local = new int[0], source = new int[1];
    private int epoch;
    private double[] vel = new double[6], invMass = new double[1], invI = new double[6];
    // rows
    private int rows;
    private int[] rowA = new int[0], rowB = new int[0], kind = new int[0];
    private double[] row = new double[0];
    // blocks: block[r] the number of rows from r solved together (0: r is solved alone or inside a block);
    // at 6 r, kinv holds for a point block (3) the inverse of its effective mass (symmetric: xx, xy, xz, yy,
    // yz, zz), for a coupled block (4 to 6) the LDLᵀ factors of its effective mass (packed lower triangle
    // by rows, L below the diagonal, 1/D on it: n(n+1)/2 <= 21 doubles of the 6 n the block's rows own)
    private byte[] block = new byte[0];
    private double[] kinv = new double[0];
    private final double[] kScratch = new double[36], jScratch = new double[6];
    /** {@link #factorCoupled}'s factors before they are stored, and its pivots. */
    private final double[] factorScratch = new double[21], pivotScratch = new double[6];
    // welds in trees (chains among them), solved directly per pass (block[first row] = -6 for them); rhs: 6 per position
    private final WeldTrees trees = new WeldTrees();
    private double[] treeRhs = new double[0];
    // per active constraint: the rows of its leading block (0: none; what it is offered to the trees with) and the
    // stop or motor row its tree position carries this sub-step (-1: none; docs/constraints.md, "Loads on stops")
    private int[] leadDim = new int[0], extraRow = new int[0];
    // per active constraint whose tree position carries an axis with a motor and a stop (docs/constraints.md, "A stop
    // and a motor on one axis"): the rows folded into its extra row this sub-step (-1: none; motorOf -1: nothing
    // folded), each one's sign along the extra row (+1, -1), a stop that bounds the axis's velocity from below (low) or
    // above (high), and the folded row's mode (MOTOR_MODE .. HIGH_CEIL)
    private int[] motorOf = new int[0], motorSign = new int[0], lowRow = new int[0], lowSign = new int[0],
            highRow = new int[0], highSign = new int[0], mergeMode = new int[0];
    /** Tree re-solves left in this sub-step after a stop or motor row left its tree ({@link #MAX_RESOLVES}). */
    private int resolvesLeft;
    /** Per active constraint: whether its first three rows are the point rows of its anchors ({@link #pointRows}). */
    private boolean[] pointAt = new boolean[0];
    private final double[] projScratch = new double[9];
    /** Per local body: the geometric stiffness added to its inertia this sub-step ({@link #geometricStiffness}). */
    private double[] gStiff = new double[0];
    /** Per local body: its inertia about the axes across its joints' levers, the least ({@link #leverStiffness}). */
    private double[] gTurn = new double[0];
    /**
     * The contact solver's indices of the bodies whose inverse inertia this sub-step's stiffness set there too
     * ({@link ContactSolver#setInverseInertia}), the first {@link #contactSet}: restored at the next sub-step's start.
     */
    private int[] contactSetAt = new int[0];
    private int contactSet;
    /** Whether a row left its tree since the last tree solve (not only a folded row's change of mode). */
    private boolean rowLeft;
    /** The constraints whose extra row carries a folded axis this sub-step ({@link #fold}). */
    private int folded;
    /** Whether any row is solved by the passes rather than in a tree (set by each tree build, and when a row leaves its tree). */
    private boolean freeRows = true;
    // row writing state
    private final ConstraintFrame frame = new ConstraintFrame();
    private double rax, ray, raz, rbx, rby, rbz;
    private int curA, curB;
    private final double[] scratch = new double[4];
    // edges for the islands: pairs of awake dynamic slots
    private int edgeCount;
    private int[] edges = new int[0];

    /** Whether this step has constraints to solve (false: the pipeline skips every call). */
    public boolean active() {
        return activeCount > 0;
    }

    /**
     * Island edges of this step: {@link #edgeCount()} pairs of body slots, each two awake dynamic bodies
     * or an awake dynamic body and a moving kinematic one.
     */
    public int[] edges() {
        return edges;
    }

    public int edgeCount() {
        return edgeCount;
    }

    /**
     * Wakes a sleeping body constrained to an awake dynamic one (constrained bodies sleep and wake
     * together) or to a moving kinematic one (any velocity: it drags the joint, as Jolt's active
     * kinematic bodies activate what their constraints hold; before, a bob that had fallen asleep under
     * a kinematic hook stayed asleep while the hook moved away, the joint stretched without limit).
     * Returns the number woken.
     */
    public static int wakeLinked(BodyStates states, ConstraintStore st) {
        return wakeLinked(states, st, null, null);
    }

    /**
     * As {@link #wakeLinked(BodyStates, ConstraintStore)}, with a carried body standing for its carrier
     * ({@code carriers} null: none; {@code scratch} 7 doubles).
     */
    public static int wakeLinked(BodyStates states, ConstraintStore st, Carriers carriers, double[] scratch) {
        BodyStore b = states.bodies();
        int woken = 0;
        for (int i = 0, n = st.size(); i < n; i++) {
            if (st.bodyB[i] == ConstraintStore.WORLD || !st.live(b, i)) {
                continue;
            }
            int sa = (int) st.bodyA[i], sb = (int) st.bodyB[i];
            if (carriers != null) {
                int ca = carriers.carrier(sa, scratch), cb = carriers.carrier(sb, scratch);
                sa = ca < 0 ? sa : ca;
                sb = cb < 0 ? sb : cb;
            }
            boolean da = b.state[sa] == AWAKE && (b.motion[sa] == DYNAMIC || SleepManager.movingKinematic(b, sa));
            boolean db = b.state[sb] == AWAKE && (b.motion[sb] == DYNAMIC || SleepManager.movingKinematic(b, sb));
            if (da && b.state[sb] == SLEEPING) {
                states.wake(sb);
                woken++;
            } else if (db && b.state[sa] == SLEEPING) {
                states.wake(sa);
                woken++;
            }
        }
        return woken;
    }

    /**
     * Picks this step's constraints (bodies live, none disabled, at least one awake and dynamic) and maps their
     * bodies. Call after the contact solver's prepare (whose packed velocities it shares).
     */
    public void beginStep(BodyStore bodies, ConstraintStore st, ContactSolver contactSolver) {
        beginStep(bodies, st, contactSolver, null);
    }

    /**
     * As {@link #beginStep(BodyStore, ConstraintStore, ContactSolver)}, a constraint on a body that
     * {@code carriers} says another body carries (null: none) being solved on the carrier at the same
     * point; one whose two bodies have one carrier is inside a rigid body and is not solved.
     */
    public void beginStep(BodyStore bodies, ConstraintStore st, ContactSolver contactSolver, Carriers carriers) {
        this.b = bodies;
        this.store = st;
        this.contacts = contactSolver;
        contactSet = 0; // the contact solve sets its bodies' inertia up afresh each step
        activeCount = 0;
        bodyCount = 1;
        edgeCount = 0;
        rows = 0;
        int n = st.size();
        if (n == 0) {
            return;
        }
        if (stamp.length < bodies.slotLimit()) {
            int cap = Math.max(bodies.slotLimit(), 2 * stamp.length);
            stamp = Arrays.copyOf(stamp, cap);
            local = Arrays.copyOf(local, cap);
        }
        epoch++;
        if (active.length < n) {
            int cap = Math.max(n, 2 * active.length);
            active = Arrays.copyOf(active, cap);
            firstRow = Arrays.copyOf(firstRow, cap);
            rowCount = Arrays.copyOf(rowCount, cap);
            bodyOfA = Arrays.copyOf(bodyOfA, cap);
            bodyOfB = Arrays.copyOf(bodyOfB, cap);
            edges = Arrays.copyOf(edges, 2 * cap);
            slotA = Arrays.copyOf(slotA, cap);
            slotB = Arrays.copyOf(slotB, cap);
            leadDim = Arrays.copyOf(leadDim, cap);
            extraRow = Arrays.copyOf(extraRow, cap);
            motorOf = Arrays.copyOf(motorOf, cap);
            motorSign = Arrays.copyOf(motorSign, cap);
            lowRow = Arrays.copyOf(lowRow, cap);
            lowSign = Arrays.copyOf(lowSign, cap);
            highRow = Arrays.copyOf(highRow, cap);
            highSign = Arrays.copyOf(highSign, cap);
            mergeMode = Arrays.copyOf(mergeMode, cap);
            pointAt = Arrays.copyOf(pointAt, cap);
            Arrays.fill(motorOf, -1); // none merged between steps (endStep split them)
            solveFrameA = Arrays.copyOf(solveFrameA, 7 * cap);
            solveFrameB = Arrays.copyOf(solveFrameB, 7 * cap);
        }
        int maxRows = 0;
        for (int i = 0; i < n; i++) {
            if (!st.live(bodies, i)) {
                continue;
            }
            int sa = (int) st.bodyA[i];
            int sb = st.bodyB[i] == ConstraintStore.WORLD ? -1 : (int) st.bodyB[i];
            int k = activeCount;
            sa = solvedOn(carriers, sa, st.frameA, i, solveFrameA, k);
            sb = sb < 0 ? -1 : solvedOn(carriers, sb, st.frameB, i, solveFrameB, k);
            if (sb < 0) {
                System.arraycopy(st.frameB, 7 * i, solveFrameB, 7 * k, 7);
            }
            boolean da = awakeDynamic(sa), db = sb >= 0 && awakeDynamic(sb);
            if (!da && !db || sa == sb || b.state[sa] == DISABLED || sb >= 0 && b.state[sb] == DISABLED) {
                continue; // a disabled body is out of the simulation, and so are its constraints (Chaos's DisableParticle)
            }
            activeCount++;
            active[k] = i;
            slotA[k] = sa;
            slotB[k] = sb;
            bodyOfA[k] = map(sa);
            bodyOfB[k] = sb < 0 ? 0 : map(sb);
            maxRows += st.type[i].rows();
            if (da && db || da && sb >= 0 && SleepManager.movingKinematic(b, sb) || db && SleepManager.movingKinematic(b, sa)) {
                // two awake dynamic bodies share an island; a dynamic body held by a moving kinematic one
                // is kept awake by it (SleepManager.update), as by a moving kinematic contact
                edges[2 * edgeCount] = sa;
                edges[2 * edgeCount + 1] = sb;
                edgeCount++;
            }
        }
        if (rowA.length < maxRows) {
            int cap = Math.max(maxRows, 2 * rowA.length);
            rowA = Arrays.copyOf(rowA, cap);
            rowB = Arrays.copyOf(rowB, cap);
            kind = Arrays.copyOf(kind, cap);
            row = Arrays.copyOf(row, RW * cap);
            block = Arrays.copyOf(block, cap);
            kinv = Arrays.copyOf(kinv, 6 * cap);
        }
    }

    /**
     * The slot constraint i's side on slot s is solved on, its frame (7 from {@code frames} at 7 i)
     * written to {@code out} at 7 k on that body: s itself, or the body carrying it (the frame moved into
     * the carrier's: anchor {@code l + R(lq) a + lc_carrier}, orientation {@code lq q}; a and l are both from
     * origins, the member's and its origin's from the carrier's centre of mass, so the member's own centre of mass
     * does not enter: before 2026-12-06 it was taken off a, and a joint on a welded hull, whose centre of mass is not
     * at its origin, was solved that far from its anchor, `JointsOnUnionsTest`).
     */
    private int solvedOn(Carriers carriers, int s, double[] frames, int i, double[] out, int k) {
        int o = 7 * i, t = 7 * k;
        int c = carriers == null ? -1 : carriers.carrier(s, carried);
        if (c < 0) {
            System.arraycopy(frames, o, out, t, 7);
            return s;
        }
        double[] m = carried;
        double ax = frames[o], ay = frames[o + 1], az = frames[o + 2];
        out[t] = m[0] + dev.rubble.core.body.Inertia.rotX(m[3], m[4], m[5], m[6], ax, ay, az) + b.lcx[c];
        out[t + 1] = m[1] + dev.rubble.core.body.Inertia.rotY(m[3], m[4], m[5], m[6], ax, ay, az) + b.lcy[c];
        out[t + 2] = m[2] + dev.rubble.core.body.Inertia.rotZ(m[3], m[4], m[5], m[6], ax, ay, az) + b.lcz[c];
        double qx = frames[o + 3], qy = frames[o + 4], qz = frames[o + 5], qw = frames[o + 6];
        out[t + 3] = mulX(m[3], m[4], m[5], m[6], qx, qy, qz, qw);
        out[t + 4] = mulY(m[3], m[4], m[5], m[6], qx, qy, qz, qw);
        out[t + 5] = mulZ(m[3], m[4], m[5], m[6], qx, qy, qz, qw);
        out[t + 6] = mulW(m[3], m[4], m[5], m[6], qx, qy, qz, qw);
        return c;
    }

    private boolean awakeDynamic(int s) {
        return b.state[s] == AWAKE && b.motion[s] == DYNAMIC;
    }

    private int map(int s) {
        if (stamp[s] == epoch) {
            return local[s];
        }
        stamp[s] = epoch;
        int k = bodyCount++;
        if (slotOf.length <= k) {
            int cap = 2 * slotOf.length + 1;
            slotOf = Arrays.copyOf(slotOf, cap);
            source = Arrays.copyOf(source, cap);
            vel = Arrays.copyOf(vel, 6 * cap);
            invMass = Arrays.copyOf(invMass, cap);
            invI = Arrays.copyOf(invI, 6 * cap);
        }
        local[s] = k;
        slotOf[k] = s;
        return k;
    }

    /**
     * The start of a sub-step of length {@code subH}, after the contact solver loaded its velocities and before its
     * warm start ({@link #warmStartSubStep} follows it): the rows at the current poses
     * and the inertia each body is solved with in this sub-step, in both solves ({@link #geometricStiffness}). Changes
     * no velocity. The contact rows' warm start must see that inertia: applied through a body's own inertia and the
     * rest of the sub-step through the raised one, the contact impulses of a joint's two bodies pressed together at it
     * (the joints example's capsules, touching end to end at their joints) turned the bodies further each sub-step than
     * the heavier solve could take back, and that chain flew apart (1.4 m between a joint's anchors in 4 s).
     */
    public void prepareSubStep(double subH) {
        h = subH;
        invH = 1 / subH;
        double omega = 2 * Math.PI * JOINT_HERTZ_PER_RATE * invH;
        double a1 = 2 * JOINT_DAMPING_RATIO + subH * omega;
        double a2 = subH * omega * a1;
        double a3 = 1 / (1 + a2);
        biasRate = omega / a1;
        massScale = a2 * a3;
        impulseScale = a3;
        for (int k = 1; k < bodyCount; k++) {
            int s = slotOf[k];
            int o = 6 * k;
            if (!awakeDynamic(s)) {
                invMass[k] = 0;
                Arrays.fill(invI, o, o + 6, 0);
                source[k] = -2;
                continue;
            }
            int ci = contacts.velocityIndex(s);
            source[k] = ci;
            invMass[k] = b.invMass[s];
            worldInverseInertia(s, o);
        }
        if (rows > 0) { // a later sub-step: the last one's impulses warm start this one
            keepImpulses();
        }
        writeRows();
        if (geometricStiffness(subH)) {
            writeRows(); // with the inertia the tension's stiffness added
        }
        markHeld();
    }

    /**
     * Mass ratio (the lighter body's inverse mass over the heavier one's) from which a joint between a light body that
     * geometry of no inverse mass holds and a heavier dynamic body gets a held row ({@link #markHeld}): the contact
     * solve's {@link ContactSolver#HEAVY_ON_LIGHT}.
     */
    static final double HELD_RATIO = ContactSolver.HEAVY_ON_LIGHT;
    // held rows (markHeld): per row the light and heavy local bodies, the direction d (3), the levers' turns
    // gL = rL x d and gH = rH x d (3 each), 1 / (H's inverse effective mass along d), and the joint's error along d (H's
    // anchor from L's, clamped to MAX_CORRECTION in length)
    private int heldCount;
    private int[] heldL = new int[0], heldH = new int[0];
    private double[] heldRow = new double[0];
    private static final int HW = 11;

    /**
     * The held rows of this sub-step (dfuzz19; docs/constraints.md, "A light body held under a heavy one"). A joint
     * between a light body and a dynamic body at least {@link #HELD_RATIO} times heavier passes the heavy body's
     * push through the light one by about {@code m / M} of it a Gauss–Seidel pass, as a contact does: a 1.7 kg piece
     * welded to a 331 kg ball landed on the floor at 4.2 m/s and the ball, not stopped by the piece's floor contact,
     * dragged it through the floor (destruction fuzz seed 176726; 3.9 g under 68 kg, seed 183182; a 0.16 kg ball on a
     * ball joint under a 74 kg union, seed 178226). When the light body has contacts with bodies of no inverse mass
     * (static, kinematic) whose normals sum to at least half a unit, the joint gets one more row after the contact rows
     * of each iteration and before its own ({@link #solveHeld}): the heavy body's anchor may not move towards what
     * holds the light one faster than the light body's anchor does, solved with the light body held (shock
     * propagation through the joint, as the contact solve's shock rows do for a heavy body on a held light one). Along
     * the sum of the holding normals for a point joint (ball, hinge, fixed), along the row for a joint whose first row
     * is one rigid linear row (distance) when that row lies within 60° of it. Nothing is marked in a world without
     * such a joint, which keeps its bits.
     */
    private void markHeld() {
        heldCount = 0;
        double[] hold = null;
        for (int k = 0; k < activeCount; k++) {
            int la = bodyOfA[k], lb = bodyOfB[k];
            double ma = invMass[la], mb = invMass[lb];
            if (la == 0 || lb == 0 || !(ma > 0) || !(mb > 0) || rowCount[k] == 0) {
                continue;
            }
            int l, hv;
            if (ma >= HELD_RATIO * mb) {
                l = la;
                hv = lb;
            } else if (mb >= HELD_RATIO * ma) {
                l = lb;
                hv = la;
            } else {
                continue;
            }
            int ci = source[l];
            if (ci <= 0) {
                continue; // the light body has no contacts this step
            }
            if (hold == null) {
                hold = contacts.holdingNormals();
            }
            double hx = hold[3 * ci], hy = hold[3 * ci + 1], hz = hold[3 * ci + 2];
            double len = Math.sqrt(hx * hx + hy * hy + hz * hz);
            if (!(len >= 0.5)) {
                continue; // nothing holds it, or what holds it pushes from opposite sides
            }
            int r = firstRow[k];
            boolean point = rowCount[k] >= 3 && linearRigid(r) && linearRigid(r + 1) && linearRigid(r + 2);
            if (!point && !linearRigid(r)) {
                continue;
            }
            if (heldL.length == heldCount) {
                int cap = Math.max(4, 2 * heldCount);
                heldL = Arrays.copyOf(heldL, cap);
                heldH = Arrays.copyOf(heldH, cap);
                heldRow = Arrays.copyOf(heldRow, HW * cap);
            }
            int o = HW * heldCount;
            double[] hr = heldRow;
            boolean lightA = l == la;
            if (point) {
                double dx = hx / len, dy = hy / len, dz = hz / len;
                int sa = slotA[k], sb = slotB[k];
                anchors(b, sa, solveFrameA, sb, solveFrameB, 7 * k, frame, projScratch);
                double rax = frame.ax - b.px[sa], ray = frame.ay - b.py[sa], raz = frame.az - b.pz[sa];
                double rbx = frame.bx - b.px[sb], rby = frame.by - b.py[sb], rbz = frame.bz - b.pz[sb];
                double rlx = lightA ? rax : rbx, rly = lightA ? ray : rby, rlz = lightA ? raz : rbz;
                double rhx = lightA ? rbx : rax, rhy = lightA ? rby : ray, rhz = lightA ? rbz : raz;
                hr[o] = dx;
                hr[o + 1] = dy;
                hr[o + 2] = dz;
                hr[o + 3] = rly * dz - rlz * dy;
                hr[o + 4] = rlz * dx - rlx * dz;
                hr[o + 5] = rlx * dy - rly * dx;
                hr[o + 6] = rhy * dz - rhz * dy;
                hr[o + 7] = rhz * dx - rhx * dz;
                hr[o + 8] = rhx * dy - rhy * dx;
                double e = dx * (frame.bx - frame.ax) + dy * (frame.by - frame.ay) + dz * (frame.bz - frame.az);
                hr[o + 10] = lightA ? e : -e;
            } else {
                int ro = RW * r;
                double nx = row[ro + NX], ny = row[ro + NX + 1], nz = row[ro + NX + 2];
                double nn = Math.sqrt(nx * nx + ny * ny + nz * nz);
                double dot = nx * hx + ny * hy + nz * hz;
                if (!(nn > 0) || !(Math.abs(dot) >= 0.5 * nn * len)) {
                    continue; // the row does not face what holds the light body
                }
                double sg = (dot > 0 ? 1 : -1) / nn;
                int gl = lightA ? GA : GB, gh = lightA ? GB : GA;
                hr[o] = sg * nx;
                hr[o + 1] = sg * ny;
                hr[o + 2] = sg * nz;
                for (int j = 0; j < 3; j++) {
                    hr[o + 3 + j] = sg * row[ro + gl + j];
                    hr[o + 6 + j] = sg * row[ro + gh + j];
                }
                // the row's error grows as B moves along n from A: H's from L's along d
                hr[o + 10] = (lightA ? sg : -sg) * nn * row[ro + C];
            }
            int io = 6 * hv;
            double gx = hr[o + 6], gy = hr[o + 7], gz = hr[o + 8];
            double w = invMass[hv] + gx * (invI[io] * gx + invI[io + 1] * gy + invI[io + 2] * gz)
                    + gy * (invI[io + 1] * gx + invI[io + 3] * gy + invI[io + 4] * gz)
                    + gz * (invI[io + 2] * gx + invI[io + 4] * gy + invI[io + 5] * gz);
            if (!(w > 0) || !Double.isFinite(w)) {
                continue;
            }
            hr[o + 9] = 1 / w;
            hr[o + 10] = Math.max(-MAX_CORRECTION, Math.min(MAX_CORRECTION, hr[o + 10]));
            heldL[heldCount] = l;
            heldH[heldCount] = hv;
            heldCount++;
        }
    }

    /** Whether this sub-step has held rows ({@link #markHeld}); {@link #solveHeld} does nothing without them. */
    public boolean holds() {
        return heldCount > 0;
    }

    /**
     * The held rows ({@link #markHeld}), once each, after an iteration's contact rows and before its joint rows, for a
     * light body that what holds it pushes now (a point of those manifolds carries a normal impulse): the heavy body's
     * anchor velocity along d raised to the light body's where it is lower, by an impulse on the heavy body alone. In the
     * biased pass the light body's velocity includes its contacts' push out of the ground, which the heavy body then
     * follows (held at the light one's depth it pinned it there: a 1 kg box under a 200 kg ball on a ball joint rested
     * 6.6 cm deep, now on the ground's top), and a joint pressed together towards the ground adds its bias; in the relax
     * pass, which takes the push back, the heavy body is only held (raised to at most 0). The support pays it:
     * it is not counted in the joint's impulse, force or break.
     */
    public void solveHeld(boolean useBias) {
        if (heldCount == 0) {
            return;
        }
        gather();
        final double[] v = vel, hr = heldRow;
        for (int j = 0; j < heldCount; j++) {
            int o = HW * j, l = 6 * heldL[j], hv = 6 * heldH[j];
            if (!contacts.pressed(source[heldL[j]])) {
                continue; // what holds the light body does not push it now: it is free to follow the heavy one
            }
            double dx = hr[o], dy = hr[o + 1], dz = hr[o + 2];
            // the light body's anchor along d, but not away from what holds it: that holds nothing back
            double vl = dx * v[l] + dy * v[l + 1] + dz * v[l + 2] + hr[o + 3] * v[l + 3] + hr[o + 4] * v[l + 4]
                    + hr[o + 5] * v[l + 5];
            if (!useBias) {
                vl = Math.min(0, vl);
            }
            if (useBias && hr[o + 10] < 0) {
                vl -= biasRate * hr[o + 10]; // the joint pressed together towards what holds it: H's anchor back out
            }
            double vh = dx * v[hv] + dy * v[hv + 1] + dz * v[hv + 2] + hr[o + 6] * v[hv + 3] + hr[o + 7] * v[hv + 4] + hr[o + 8] * v[hv + 5];
            if (!(vh < vl)) {
                continue;
            }
            double lam = (vl - vh) * hr[o + 9];
            double m = invMass[heldH[j]] * lam;
            v[hv] += m * dx;
            v[hv + 1] += m * dy;
            v[hv + 2] += m * dz;
            double gx = hr[o + 6] * lam, gy = hr[o + 7] * lam, gz = hr[o + 8] * lam;
            v[hv + 3] += invI[hv] * gx + invI[hv + 1] * gy + invI[hv + 2] * gz;
            v[hv + 4] += invI[hv + 1] * gx + invI[hv + 3] * gy + invI[hv + 4] * gz;
            v[hv + 5] += invI[hv + 2] * gx + invI[hv + 4] * gy + invI[hv + 5] * gz;
        }
        scatter();
    }

    /**
     * The rest of a sub-step's start, after the contact solver's warm start ({@link #prepareSubStep} before it): the
     * joints' warm start, the stop rows and the trees.
     */
    public void warmStartSubStep() {
        gather();
        for (int r = 0; r < rows; r++) {
            double l = row[RW * r + LAMBDA];
            if (l != 0) {
                apply(r, l);
            }
        }
        chooseStopRows(); // after the warm start: a stop the bodies close on this sub-step is read from their velocities
        // one more re-solve for each folded row (a stop and a motor on one axis): with four, a chain of twenty such
        // joints spent them and every row left at once, and the chain gained energy (0.95 J in 10 s braked by motors)
        resolvesLeft = MAX_RESOLVES + folded;
        buildTrees(false);
        scatter();
    }

    /** Every active constraint's rows at the current poses, with their warm-start impulses ({@link #prepareSubStep}, {@link #warmStartSubStep}). */
    private void writeRows() {
        rows = 0;
        for (int k = 0; k < activeCount; k++) {
            int i = active[k];
            curA = bodyOfA[k];
            curB = bodyOfB[k];
            firstRow[k] = rows;
            currentK = k;
            fillFrame(i);
            store.type[i].write(frame, store.params[i], this);
            rowCount[k] = rows - firstRow[k];
            pointAt[k] = pointRows(firstRow[k], rowCount[k]);
            findBlocks(firstRow[k], rows);
            int base = ConstraintStore.MAX_ROWS * i;
            for (int r = 0; r < rowCount[k]; r++) {
                row[RW * (firstRow[k] + r) + LAMBDA] = row[RW * (firstRow[k] + r) + WARM] = store.lambda[base + r];
            }
        }
    }

    /**
     * The tension's geometric stiffness (Andrews, Teichmann, Kry 2017), in its diagonal form: each dynamic body held by
     * point joints turns in the joint and the contact solve as if its inertia were {@code I + h² Σ |F| |r| E}, F the force each joint's
     * point rows carried in the last sub-step ({@code λ / h}) and r the joint's anchor from the body's centre. A
     * solve whose rows are linearised at the sub-step's start treats the stiffness of a lever under tension
     * explicitly; where it exceeds what the body's own inertia resolves in a sub-step (light spheres on anchors off
     * their centres near the pivot of a swinging chain), the links' turning oscillated from link to link and step
     * to step and a 20-link chain tore at one sub-step (docs/constraints.md, "The tension's geometric stiffness"). Only
     * what exceeds the body's own inertia is added, so where the tension is small against it nothing changes, and
     * bodies with a joint whose stop can bind or whose motor drives keep their own inertia. A body in the contact solve
     * is solved there with the same inertia for the whole sub-step, its warm start included (one metric per body; a
     * body in contact, even speculatively, kept its own inertia in both solves until the thirty-sixth session, and a
     * 100-link chain whose links could collide tore). Returns whether any inertia changed (the rows are then written
     * again).
     */
    private boolean geometricStiffness(double hh) {
        if (gStiff.length < bodyCount) {
            gStiff = new double[Math.max(bodyCount, 2 * gStiff.length)];
            gTurn = new double[gStiff.length];
        }
        Arrays.fill(gStiff, 0, bodyCount, 0);
        Arrays.fill(gTurn, 0, bodyCount, Double.POSITIVE_INFINITY);
        for (int j = 0; j < contactSet; j++) { // the last sub-step's: own inertia again unless set again below
            contacts.restoreInverseInertia(contactSetAt[j]);
        }
        contactSet = 0;
        boolean any = false;
        final double[] q = projScratch;
        for (int k = 0; k < activeCount; k++) {
            int la = bodyOfA[k], lb = bodyOfB[k];
            if (!pointAt[k]) {
                // a joint with a stop that can bind or a driving motor (or no point rows): its bodies keep their own
                // inertia (fuzz: a chain of hinges driven by motors against stops gained energy with it)
                gStiff[la] = gStiff[lb] = Double.NEGATIVE_INFINITY;
                continue;
            }
            int base = ConstraintStore.MAX_ROWS * active[k];
            double lx = store.lambda[base], ly = store.lambda[base + 1], lz = store.lambda[base + 2];
            double lam = Math.sqrt(lx * lx + ly * ly + lz * lz);
            if (!(lam > 0) || invMass[la] == 0 && invMass[lb] == 0) {
                continue;
            }
            int sa = slotA[k], sb = slotB[k];
            anchors(b, sa, solveFrameA, sb, solveFrameB, 7 * k, frame, q);
            if (invMass[la] > 0) {
                any |= leverStiffness(la, hh * lam, frame.ax - b.px[sa], frame.ay - b.py[sa], frame.az - b.pz[sa]);
            }
            if (invMass[lb] > 0) {
                any |= leverStiffness(lb, hh * lam, frame.bx - b.px[sb], frame.by - b.py[sb], frame.bz - b.pz[sb]);
            }
        }
        if (!any) {
            contacts.refreshSetInertia();
            return false;
        }
        boolean changed = false;
        for (int l = 1; l < bodyCount; l++) {
            double g = gStiff[l];
            if (!(g > 0)) {
                continue;
            }
            // only the stiffness the body's own turning does not resolve in a sub-step (the explicit treatment's mode,
            // sqrt(g / I) / h, is stable below 2 / h): above its inertia about the axes across its levers (gTurn)
            double over = g - gTurn[l];
            if (over > 0 && over < Double.POSITIVE_INFINITY) {
                dev.rubble.core.body.Inertia.inverseWorldMatrix(b, slotOf[l], over, invI, 6 * l);
                changed = true;
                if (source[l] >= 0) {
                    // a body in the contact solve: its contact rows see the same inertia (one metric per body in a
                    // sub-step; with its own there, a chain whose links touched, even speculatively, tore)
                    contacts.setInverseInertia(source[l], invI, 6 * l);
                    if (contactSetAt.length == contactSet) {
                        contactSetAt = Arrays.copyOf(contactSetAt, Math.max(8, 2 * contactSet));
                    }
                    contactSetAt[contactSet++] = source[l];
                }
            }
        }
        contacts.refreshSetInertia(); // the contact rows of the bodies set or restored, before their warm start
        return changed;
    }

    /**
     * Local body l's share of a joint's geometric stiffness, {@code hλ |r|} for the joint's impulse λ and its anchor r
     * from the body's centre, into {@link #gStiff}, and the body's inertia about the axes across r into {@link #gTurn}
     * (the least over its joints): the harmonic mean of the two, {@code 2 / (tr I⁻¹ − r̂ᵀ I⁻¹ r̂)}, which is I for a
     * sphere and a capsule's or rod's inertia across its length when r runs along it (its turn about its own length
     * does not move an anchor on it). Whether anything was added.
     */
    private boolean leverStiffness(int l, double hLam, double rx, double ry, double rz) {
        double r2 = rx * rx + ry * ry + rz * rz;
        if (!(r2 > 0)) {
            return false;
        }
        int o = 6 * l;
        double a = invI[o], bxy = invI[o + 1], c = invI[o + 2], d = invI[o + 3], e = invI[o + 4], f = invI[o + 5];
        double along = (rx * (a * rx + bxy * ry + c * rz) + ry * (bxy * rx + d * ry + e * rz) + rz * (c * rx + e * ry + f * rz)) / r2;
        double across = a + d + f - along;
        if (across > 0) {
            gTurn[l] = Math.min(gTurn[l], 2 / across);
        }
        gStiff[l] += hLam * Math.sqrt(r2);
        return true;
    }

    private void keepImpulses() {
        unmergeAll();
        for (int k = 0; k < activeCount; k++) {
            int base = ConstraintStore.MAX_ROWS * active[k];
            for (int r = 0; r < rowCount[k]; r++) {
                store.lambda[base + r] = row[RW * (firstRow[k] + r) + LAMBDA];
            }
        }
    }

    /**
     * Position error, metres, a joint's anchors may keep after a sub-step before {@link #projectPositions} moves the
     * bodies: below it the velocity rows' soft correction is left alone (a hanging chain's rows settle 7e-5 m apart
     * under their load at one 60 Hz sub-step, `g / ω²`), so every joint that holds keeps its bits.
     */
    static final double PROJECTION_SLOP = 1e-3;
    /** Fraction of a point's error above the slop a projection iteration takes back (Jolt's Baumgarte default, 0.2). */
    static final double PROJECTION_BAUMGARTE = 0.8;
    /** Projection iterations per sub-step (Jolt's default position steps: 2). */
    static final int PROJECTION_ITERATIONS = 2;

    /**
     * Whether rows {@code [r, r + n)} begin with the point rows of the frame just filled: three rigid linear rows along
     * x, y and z whose errors are anchor B less anchor A (ball, hinge, fixed), which {@link #projectPositions} can
     * evaluate again at any pose.
     */
    private boolean pointRows(int r, int n) {
        if (n < 3) {
            return false;
        }
        final double[] rw = row;
        for (int i = 3; i < n; i++) { // a stop or a motor: not projected (see projectPositions)
            int o = RW * (r + i);
            if (kind[r + i] == LIMIT && rw[o + MASS] > 0 || kind[r + i] == MOTOR && rw[o + HI] > 0) {
                return false;
            }
        }
        return pointLead(r, n);
    }

    /** Whether rows {@code [r, r + n)} begin with the point rows of the frame just filled, whatever rows follow them. */
    private boolean pointLead(int r, int n) {
        if (n < 3) {
            return false;
        }
        final double[] rw = row;
        for (int i = 0; i < 3; i++) {
            int o = RW * (r + i);
            double err = i == 0 ? frame.bx - frame.ax : i == 1 ? frame.by - frame.ay : frame.bz - frame.az;
            if (kind[r + i] != RIGID || rw[o + C] != err || rw[o + LO] != Double.NEGATIVE_INFINITY
                    || rw[o + HI] != Double.POSITIVE_INFINITY) {
                return false;
            }
            for (int j = 0; j < 3; j++) {
                if (rw[o + NX + j] != (i == j ? 1 : 0)) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * After a sub-step's relax iterations: the point joints whose anchors drifted more than {@link #PROJECTION_SLOP}
     * apart are pulled together by moving their bodies' positions and orientations (not their velocities), the
     * constraint evaluated again at the current poses each time (lever arms, world inverse inertia): a non-linear
     * position projection, Jolt's {@code SolvePositionConstraint} (Baumgarte {@value #PROJECTION_BAUMGARTE}, {@value
     * #PROJECTION_ITERATIONS} iterations, Gauss–Seidel in constraint order). A linearised step leaves a joint whose
     * body turns at ω about an anchor l from its centre about {@code h² l ω² / 2} apart each sub-step, which the soft
     * velocity rows did not take back where the links are light: four 0.5 kg spheres of 2 cm radius on ball joints
     * 0.1 m apart, released level at one sub-step, came 15 m apart in 10 s (docs/constraints.md, "A chain of light
     * bodies on long levers"). The correction of one iteration is at most {@link #MAX_CORRECTION} long.
     */
    public void projectPositions() {
        final double[] q = projScratch;
        for (int it = 0; it < PROJECTION_ITERATIONS; it++) {
            boolean moved = false;
            for (int k = 0; k < activeCount; k++) {
                if (!pointAt[k]) {
                    continue;
                }
                int sa = slotA[k], sb = slotB[k], la = bodyOfA[k], lb = bodyOfB[k];
                double ma = invMass[la], mb = invMass[lb];
                if (ma == 0 && mb == 0) {
                    continue;
                }
                anchors(b, sa, solveFrameA, sb, solveFrameB, 7 * k, frame, q);
                double ex = frame.bx - frame.ax, ey = frame.by - frame.ay, ez = frame.bz - frame.az;
                double e2 = ex * ex + ey * ey + ez * ez;
                if (!(e2 > PROJECTION_SLOP * PROJECTION_SLOP)) {
                    continue;
                }
                double len = Math.sqrt(e2), scale = PROJECTION_BAUMGARTE * (len - PROJECTION_SLOP) / len;
                if (scale * len > MAX_CORRECTION) {
                    scale = MAX_CORRECTION / len;
                }
                ex *= scale;
                ey *= scale;
                ez *= scale;
                double rax = frame.ax - b.px[sa], ray = frame.ay - b.py[sa], raz = frame.az - b.pz[sa];
                double rbx = 0, rby = 0, rbz = 0;
                if (ma > 0) {
                    worldInverseInertia(sa, 6 * la);
                }
                if (mb > 0) {
                    rbx = frame.bx - b.px[sb];
                    rby = frame.by - b.py[sb];
                    rbz = frame.bz - b.pz[sb];
                    worldInverseInertia(sb, 6 * lb);
                }
                // K = (mA + mB) E - [rA]x IA^-1 [rA]x - [rB]x IB^-1 [rB]x, symmetric (xx, xy, xz, yy, yz, zz)
                double m = ma + mb;
                double k00 = m, k01 = 0, k02 = 0, k11 = m, k12 = 0, k22 = m;
                for (int side = 0; side < 2; side++) {
                    double rx = side == 0 ? rax : rbx, ry = side == 0 ? ray : rby, rz = side == 0 ? raz : rbz;
                    if ((side == 0 ? ma : mb) == 0) {
                        continue;
                    }
                    int o = 6 * (side == 0 ? la : lb);
                    double a = invI[o], bxy = invI[o + 1], c = invI[o + 2], d = invI[o + 3], e = invI[o + 4], f = invI[o + 5];
                    // column j of (I^-1 (r x e_j)) x r, for the unit vectors e_j
                    for (int j = 0; j < 3; j++) {
                        double gx = j == 0 ? 0 : j == 1 ? -rz : ry;
                        double gy = j == 0 ? rz : j == 1 ? 0 : -rx;
                        double gz = j == 0 ? -ry : j == 1 ? rx : 0;
                        double wx = a * gx + bxy * gy + c * gz, wy = bxy * gx + d * gy + e * gz, wz = c * gx + e * gy + f * gz;
                        double cx = wy * rz - wz * ry, cy = wz * rx - wx * rz, cz = wx * ry - wy * rx;
                        if (j == 0) {
                            k00 += cx;
                            k01 += cy;
                            k02 += cz;
                        } else if (j == 1) {
                            k11 += cy;
                            k12 += cz;
                        } else {
                            k22 += cz;
                        }
                    }
                }
                // lambda = -K^-1 e: the inverse by cofactors
                double c00 = k11 * k22 - k12 * k12, c01 = k02 * k12 - k01 * k22, c02 = k01 * k12 - k02 * k11;
                double det = k00 * c00 + k01 * c01 + k02 * c02;
                if (!(det > 1e-12 * k00 * k11 * k22)) {
                    continue;
                }
                double c11 = k00 * k22 - k02 * k02, c12 = k01 * k02 - k00 * k12, c22 = k00 * k11 - k01 * k01;
                double inv = -1 / det;
                double lx = inv * (c00 * ex + c01 * ey + c02 * ez);
                double ly = inv * (c01 * ex + c11 * ey + c12 * ez);
                double lz = inv * (c02 * ex + c12 * ey + c22 * ez);
                if (ma > 0) {
                    shift(sa, 6 * la, ma, rax, ray, raz, -lx, -ly, -lz);
                }
                if (mb > 0) {
                    shift(sb, 6 * lb, mb, rbx, rby, rbz, lx, ly, lz);
                }
                moved = true;
            }
            if (!moved) {
                return; // every joint within the slop: the next iteration would find the same
            }
        }
    }

    /**
     * Body s (inverse mass m, world inverse inertia at {@code invI[o]}) moved by the positional impulse p at lever r:
     * its centre by {@code m p}, its orientation turned by {@code I⁻¹ (r × p)} as the integration turns it by {@code ω h}.
     */
    private void shift(int s, int o, double m, double rx, double ry, double rz, double px, double py, double pz) {
        b.px[s] += m * px;
        b.py[s] += m * py;
        b.pz[s] += m * pz;
        double tx = ry * pz - rz * py, ty = rz * px - rx * pz, tz = rx * py - ry * px;
        double wx = invI[o] * tx + invI[o + 1] * ty + invI[o + 2] * tz;
        double wy = invI[o + 1] * tx + invI[o + 3] * ty + invI[o + 4] * tz;
        double wz = invI[o + 2] * tx + invI[o + 4] * ty + invI[o + 5] * tz;
        b.turn(s, wx, wy, wz);
    }

    /** One pass over every row: biased ({@code true}, after a contact SOLVE iteration) or relax. */
    public void solve(boolean useBias) {
        gather();
        if (trees.size() > 0) {
            solveTrees(useBias); // exact for the trees' rows: once per iteration, as the contact rows
            // a stop pulling or a motor past its force: out of the set, the trees solved again. Once the re-solves one
            // row at a time are spent, every such row leaves at once and the trees are still solved again: the rows
            // that stay took their impulses with the leavers' (fuzz10: leaving them so, six 1 kg hinges on stops at
            // +-3 rad gained 875 J, twenty 0.1 kg ones blew up). The set only shrinks, so this ends
            rowLeft = false;
            while (leaveTrees()) {
                buildTrees(true); // the same rows: the trees no row left keep their factors
                if (trees.size() == 0) {
                    break;
                }
                if (resolvesLeft > 0 && rowLeft) { // a folded row's change of mode leaves the trees as they are
                    resolvesLeft--;
                }
                rowLeft = false;
                solveTrees(useBias);
            }
        }
        if (freeRows) { // with every row in a tree the passes would only skip them
            for (int pass = 0; pass < PASSES; pass++) {
                pass(useBias);
            }
        }
        scatter();
    }

    private void pass(boolean useBias) {
        final double[] rw = row;
        for (int r = 0; r < rows; r++) {
            int bs = block[r];
            if (bs < 0) {
                r += -bs - 1; // a joint of a tree: solved by solve() before the passes
                continue;
            }
            if (bs == 3) {
                solveBlock(r, useBias);
                r += 2;
                continue;
            } else if (bs > 3) {
                solveCoupled(r, bs, useBias);
                r += bs - 1;
                continue;
            }
            int o = RW * r;
            int kd = kind[r];
            double jv = jv(r);
            double lambda = rw[o + LAMBDA];
            double imp;
            switch (kd) {
                case SPRING -> {
                    if (!useBias) {
                        continue;
                    }
                    imp = -(jv + rw[o + SBIAS] + rw[o + GAMMA] * lambda) * rw[o + SOFTMASS];
                }
                case MOTOR -> imp = -rw[o + MASS] * (jv - rw[o + SPEED]);
                case LIMIT -> {
                    double c = rw[o + C];
                    boolean holds = rw[o + LO] >= 0 ? c > 0 : c < 0;
                    if (holds) {
                        imp = -rw[o + MASS] * (jv + c * invH);
                    } else if (useBias) {
                        imp = -rw[o + MASS] * massScale * (jv + biasRate * rw[o + BC]) - impulseScale * lambda;
                    } else {
                        imp = -rw[o + MASS] * jv;
                    }
                }
                default -> {
                    if (useBias) {
                        imp = -rw[o + MASS] * massScale * (jv + biasRate * rw[o + BC]) - impulseScale * lambda;
                    } else {
                        imp = -rw[o + MASS] * jv;
                    }
                }
            }
            double next = lambda + imp;
            double lo = rw[o + LO], hi = rw[o + HI];
            if (next < lo) {
                next = lo;
            } else if (next > hi) {
                next = hi;
            }
            imp = next - lambda;
            rw[o + LAMBDA] = next;
            if (imp != 0) {
                apply(r, imp);
            }
        }
    }

    /**
     * Marks the blocks among rows {@code [from, to)} of one constraint. A point block: three rigid linear rows
     * in a row whose 3×3 effective mass is invertible (well conditioned enough to invert: its determinant
     * above 1e-12 of the product of its diagonal); its inverse is stored. A coupled block: a point block
     * followed by one to three rigid angular rows (a weld's three, a hinge's two), whose 4×4 to 6×6
     * effective mass is factored as LDLᵀ (every pivot above 1e-12 of its diagonal entry; else the point
     * block alone, the angular rows one by one, as before).
     */
    private void findBlocks(int from, int to) {
        for (int r = from; r < to; r++) {
            block[r] = 0;
        }
        for (int r = from; r + 2 < to; r++) {
            if (r == from && linearRigid(r) && linearRigid(r + 1) && !linearRigid(r + 2) && lineBlock(r, to)) {
                r += block[r] - 1;
                continue;
            }
            if (!linearRigid(r) || !linearRigid(r + 1) || !linearRigid(r + 2)) {
                continue;
            }
            pointCorrection(r);
            int n = 3;
            while (n < 6 && r + n < to && angularRigid(r + n)) {
                n++;
            }
            if (n > 3 && factorCoupled(r, n)) {
                block[r] = (byte) n;
                r += n - 1;
                continue;
            }
            int a = rowA[r], bb = rowB[r];
            double m = invMass[a] + invMass[bb];
            double kxx = k(r, r, m), kxy = k(r, r + 1, m), kxz = k(r, r + 2, m);
            double kyy = k(r + 1, r + 1, m), kyz = k(r + 1, r + 2, m), kzz = k(r + 2, r + 2, m);
            double cxx = kyy * kzz - kyz * kyz, cxy = kxz * kyz - kxy * kzz, cxz = kxy * kyz - kxz * kyy;
            double det = kxx * cxx + kxy * cxy + kxz * cxz;
            if (!(det > 1e-12 * kxx * kyy * kzz) || !Double.isFinite(det)) {
                continue;
            }
            double inv = 1 / det;
            int o = 6 * r;
            kinv[o] = cxx * inv;
            kinv[o + 1] = cxy * inv;
            kinv[o + 2] = cxz * inv;
            kinv[o + 3] = (kxx * kzz - kxz * kxz) * inv;
            kinv[o + 4] = (kxy * kxz - kxx * kyz) * inv;
            kinv[o + 5] = (kxx * kyy - kxy * kxy) * inv;
            block[r] = 3;
            r += 2;
        }
    }

    /**
     * A line block: a constraint whose first rows are two rigid linear rows followed by two or three rigid angular
     * rows (a slider's: its carriage held on the line, not turning) has them solved as one 4×4 or 5×5 coupled block,
     * as a hinge's point and angular rows are; false (nothing marked) when there are fewer angular rows or the
     * factorisation fails. A slider's point rows act where its carriage's anchor is, which may lie far along the
     * line from the carriage: solved one after the other, the rows passed that lever's torque back and forth with the
     * angular rows, and a 64 kg carriage on a level rail whose anchor was 10 m along it fell 0.8 m in half a second
     * (at 100 m it fell to the ground; fuzz7, {@code SliderLeverTest}).
     */
    private boolean lineBlock(int r, int to) {
        int n = 2;
        while (n < 5 && r + n < to && angularRigid(r + n)) {
            n++;
        }
        if (n < 4 || !factorCoupled(r, n)) {
            return false;
        }
        block[r] = (byte) n;
        return true;
    }

    /**
     * A point's three linear rows from {@code r}: their errors as one vector, clamped to {@link #MAX_CORRECTION}
     * in length for the bias (each row alone was clamped to it on its own axis when written).
     */
    private void pointCorrection(int r) {
        final double[] rw = row;
        int o0 = RW * r, o1 = o0 + RW, o2 = o1 + RW;
        double c0 = rw[o0 + C], c1 = rw[o1 + C], c2 = rw[o2 + C];
        double big = Math.max(Math.abs(c0), Math.max(Math.abs(c1), Math.abs(c2)));
        if (big <= MAX_CORRECTION) {
            return; // every joint that holds: the rows' own errors, the bits as before
        }
        // scaled by the largest component first: the squares of 1e300 would overflow
        double x = c0 / big, y = c1 / big, z = c2 / big;
        double len = Math.sqrt(x * x + y * y + z * z) * big;
        if (len > MAX_CORRECTION) {
            double f = MAX_CORRECTION / len;
            rw[o0 + BC] = c0 * f;
            rw[o1 + BC] = c1 * f;
            rw[o2 + BC] = c2 * f;
        }
    }

    /**
     * The LDLᵀ factors of the n×n effective mass of rows {@code [r, r + n)} (one constraint's, same bodies)
     * into kinv at 6 r ({@link SmallLdlt}'s packing); false (nothing stored) when a pivot is not above 1e-12
     * of its diagonal entry or not finite.
     */
    private boolean factorCoupled(int r, int n) {
        final double[] a = kScratch;
        double m = invMass[rowA[r]] + invMass[rowB[r]];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j <= i; j++) {
                a[6 * i + j] = k(r + i, r + j, m);
            }
        }
        final double[] f = factorScratch;
        if (!SmallLdlt.factor(a, 0, 6, n, f, 0, pivotScratch)) {
            return false;
        }
        System.arraycopy(f, 0, kinv, 6 * r, n * (n + 1) / 2);
        return true;
    }

    /** Index of diagonal entry q in the packed lower triangle. */
    private static int tq(int q) {
        return q * (q + 1) / 2 + q;
    }

    private boolean angularRigid(int r) {
        int o = RW * r;
        return kind[r] == RIGID && row[o + MASS] > 0
                && row[o + NX] == 0 && row[o + NX + 1] == 0 && row[o + NX + 2] == 0;
    }

    private boolean linearRigid(int r) {
        int o = RW * r;
        return kind[r] == RIGID && row[o + MASS] > 0
                && (row[o + NX] != 0 || row[o + NX + 1] != 0 || row[o + NX + 2] != 0);
    }

    /** Effective mass coupling of rows i and j (same bodies): {@code (mA + mB) ni·nj + gAi·IA⁻¹gAj + gBi·IB⁻¹gBj}. */
    private double k(int i, int j, double invMassSum) {
        int oi = RW * i, oj = RW * j;
        final double[] rw = row;
        return invMassSum * (rw[oi] * rw[oj] + rw[oi + 1] * rw[oj + 1] + rw[oi + 2] * rw[oj + 2])
                + rw[oi + GA] * rw[oj + KA] + rw[oi + GA + 1] * rw[oj + KA + 1] + rw[oi + GA + 2] * rw[oj + KA + 2]
                + rw[oi + GB] * rw[oj + KB] + rw[oi + GB + 1] * rw[oj + KB + 1] + rw[oi + GB + 2] * rw[oj + KB + 2];
    }

    /**
     * Rows {@code r, r+1, r+2} of a point block at once: the rigid row's update with the 3×3 effective mass
     * in place of each row's own (soft in the biased pass, rigid in the relax pass; rigid rows are unclamped).
     */
    private void solveBlock(int r, boolean useBias) {
        final double[] rw = row, x = jScratch;
        int o0 = RW * r, o1 = o0 + RW, o2 = o1 + RW;
        jvRows(r, 3, x, 0);
        double j0 = x[0], j1 = x[1], j2 = x[2];
        if (useBias) {
            j0 += biasRate * rw[o0 + BC];
            j1 += biasRate * rw[o1 + BC];
            j2 += biasRate * rw[o2 + BC];
        }
        int o = 6 * r;
        final double[] m = kinv;
        double i0 = -(m[o] * j0 + m[o + 1] * j1 + m[o + 2] * j2);
        double i1 = -(m[o + 1] * j0 + m[o + 3] * j1 + m[o + 4] * j2);
        double i2 = -(m[o + 2] * j0 + m[o + 4] * j1 + m[o + 5] * j2);
        if (useBias) {
            i0 = massScale * i0 - impulseScale * rw[o0 + LAMBDA];
            i1 = massScale * i1 - impulseScale * rw[o1 + LAMBDA];
            i2 = massScale * i2 - impulseScale * rw[o2 + LAMBDA];
        }
        rw[o0 + LAMBDA] += i0;
        rw[o1 + LAMBDA] += i1;
        rw[o2 + LAMBDA] += i2;
        x[0] = i0;
        x[1] = i1;
        x[2] = i2;
        applyRows(r, 3, x, 0);
    }

    /**
     * {@link #jv(int)} of rows {@code [r, r + n)}, which share their two bodies (one constraint's), into {@code out}
     * from {@code o}: the velocities read once, each row's arithmetic in jv's order (the same bits).
     */
    private void jvRows(int r, int n, double[] out, int o) {
        final double[] rw = row, v = vel;
        int a = 6 * rowA[r], bb = 6 * rowB[r];
        double vax = v[a], vay = v[a + 1], vaz = v[a + 2], wax = v[a + 3], way = v[a + 4], waz = v[a + 5];
        double vbx = v[bb], vby = v[bb + 1], vbz = v[bb + 2], wbx = v[bb + 3], wby = v[bb + 4], wbz = v[bb + 5];
        for (int i = 0, q = RW * r; i < n; i++, q += RW) {
            out[o + i] = rw[q] * (vbx - vax) + rw[q + 1] * (vby - vay) + rw[q + 2] * (vbz - vaz)
                    + rw[q + GB] * wbx + rw[q + GB + 1] * wby + rw[q + GB + 2] * wbz
                    - rw[q + GA] * wax - rw[q + GA + 1] * way - rw[q + GA + 2] * waz;
        }
    }

    /**
     * {@link #apply} of rows {@code [r, r + n)} (sharing their two bodies) with the impulses {@code imp[o + i]}, in
     * row order, a zero impulse skipped: the velocities read once and written once (the same bits).
     */
    private void applyRows(int r, int n, double[] imp, int o) {
        final double[] rw = row, v = vel;
        int ka = rowA[r], kb = rowB[r], a = 6 * ka, bb = 6 * kb;
        double vax = v[a], vay = v[a + 1], vaz = v[a + 2], wax = v[a + 3], way = v[a + 4], waz = v[a + 5];
        double vbx = v[bb], vby = v[bb + 1], vbz = v[bb + 2], wbx = v[bb + 3], wby = v[bb + 4], wbz = v[bb + 5];
        final double ima = invMass[ka], imb = invMass[kb];
        for (int i = 0, q = RW * r; i < n; i++, q += RW) {
            double l = imp[o + i];
            if (l == 0) {
                continue;
            }
            double ma = ima * l, mb = imb * l;
            vax -= rw[q] * ma;
            vay -= rw[q + 1] * ma;
            vaz -= rw[q + 2] * ma;
            wax -= rw[q + KA] * l;
            way -= rw[q + KA + 1] * l;
            waz -= rw[q + KA + 2] * l;
            vbx += rw[q] * mb;
            vby += rw[q + 1] * mb;
            vbz += rw[q + 2] * mb;
            wbx += rw[q + KB] * l;
            wby += rw[q + KB + 1] * l;
            wbz += rw[q + KB + 2] * l;
        }
        v[a] = vax; v[a + 1] = vay; v[a + 2] = vaz; v[a + 3] = wax; v[a + 4] = way; v[a + 5] = waz;
        v[bb] = vbx; v[bb + 1] = vby; v[bb + 2] = vbz; v[bb + 3] = wbx; v[bb + 4] = wby; v[bb + 5] = wbz;
    }


    /**
     * The sub-step's joints whose leading rows are one block (welds, hinges, balls) that join dynamic bodies into trees ({@link WeldTrees}; a chain is one): each tree's
     * effective mass (the welds' own coupled blocks on the diagonal, their coupling through each shared body beside
     * it) is factored, and its positions are marked (block -n, n its rows) to be solved together once per iteration.
     * Solved weld by weld, a beam of five welded 1 kg cubes read 1.54 times its root's static torque in its first
     * steps, a hub with three arms of four cubes 1.66 times (docs/constraints.md, "Welded frames").
     * {@code sameRows}: the rows are the ones of the last build (a re-build in the sub-step after a stop row left), so
     * a tree the build keeps ({@link WeldTrees#kept}) is neither filled nor factored again.
     */
    private void buildTrees(boolean sameRows) {
        WeldTrees wt = trees;
        wt.reset(bodyCount);
        for (int k = 0; k < activeCount; k++) {
            int r = firstRow[k], d0 = leadDim[k], ex = extraRow[k];
            if (d0 == 0) {
                continue; // the tree's positions are a constraint's leading block: a point (3), a hinge's (5), a weld's (6)
            }
            block[r] = (byte) d0; // again after a stop row left: the last build marked it
            if (ex >= 0) {
                block[ex] = 0;
            }
            if (motorOf[k] >= 0) {
                markFolded(k, (byte) 0);
            }
            int a = rowA[r], bb = rowB[r];
            boolean na = treeNode(a), nb = treeNode(bb);
            int support = na ? bb : a;
            wt.offer(k, a, bb, na, nb, support != 0 && SleepManager.movingKinematic(b, slotOf[support]),
                    ex >= 0 ? d0 + 1 : d0, ex >= 0);
        }
        int n = wt.build(sameRows);
        if (n == 0) {
            freeRows = rows > 0;
            return;
        }
        if (treeRhs.length < 6 * n) {
            treeRhs = new double[Math.max(6 * n, 2 * treeRhs.length)];
        }
        double[] kd = wt.diag(), e = wt.off();
        for (int p = 0; p < n; p++) {
            if (wt.kept(p)) {
                continue;
            }
            int c = wt.constraint(p), r = firstRow[c], nr = wt.dim(p), d0 = leadDim[c], ex = extraRow[c];
            double m = invMass[rowA[r]] + invMass[rowB[r]];
            int d = 36 * p;
            for (int i = 0; i < nr; i++) {
                for (int j = 0; j <= i; j++) {
                    kd[d + 6 * i + j] = kd[d + 6 * j + i] = k(rowAt(r, d0, ex, i), rowAt(r, d0, ex, j), m);
                }
            }
        }
        for (int t = 0, pairs = wt.pairCount(); t < pairs; t++) {
            if (wt.kept(wt.pairLow(t))) {
                continue;
            }
            int c = wt.constraint(wt.pairLow(t)), c2 = wt.constraint(wt.pairHigh(t));
            int r = firstRow[c], r2 = firstRow[c2];
            int nr = wt.dim(wt.pairLow(t)), nr2 = wt.dim(wt.pairHigh(t));
            int s = wt.pairBody(t), d = 36 * t;
            for (int i = 0; i < nr; i++) {
                for (int j = 0; j < nr2; j++) {
                    e[d + 6 * i + j] = through(rowAt(r, leadDim[c], extraRow[c], i),
                            rowAt(r2, leadDim[c2], extraRow[c2], j), s);
                }
            }
        }
        wt.factor();
        for (int p = 0; p < n; p++) {
            int c = wt.constraint(p);
            if (!wt.failed(p)) { // a tree whose pivot was too small keeps its constraints' own blocks
                int r = firstRow[c];
                block[r] = (byte) -block[r];
                if (extraRow[c] >= 0) {
                    block[extraRow[c]] = -1; // solved in the tree, skipped by the passes
                }
                if (motorOf[c] >= 0) {
                    markFolded(c, (byte) -1); // folded into the extra row, skipped by the passes
                }
            } else if (motorOf[c] >= 0) {
                unmerge(c); // the passes solve the stop and the motor as their own rows
            }
        }
        freeRows = anyFreeRow();
    }

    /** Whether a row is left for the passes: one that is not in a tree (a chain or a ragdoll of joints without stops has none). */
    private boolean anyFreeRow() {
        for (int r = 0; r < rows; r++) {
            int bs = block[r];
            if (bs >= 0) {
                return true;
            }
            r += -bs - 1;
        }
        return false;
    }

    /** Row i of a tree position whose leading block is rows {@code [r, r + d0)} followed by {@code extra} (-1: none). */
    private static int rowAt(int r, int d0, int extra, int i) {
        return i < d0 ? r + i : extra;
    }

    /**
     * Tree re-solves a sub-step may spend after stop or motor rows left their trees (each after a solve, so a
     * sub-step factors its trees at most once per solve plus once). The set only shrinks within a sub-step.
     */
    static final int MAX_RESOLVES = 4;

    /**
     * Which stop or motor row each tree joint carries in its tree position this sub-step (docs/constraints.md,
     * "Loads on stops"): the active set of a direct LCP, decided once per sub-step from the positions and the
     * velocities after the warm start. A limit row is in when it is at or past its stop, pushed in the last
     * sub-step (its warm impulse is not 0), or would close its gap within this sub-step (the speculative row binds);
     * of two, the one further past its stop. Else a motor that has a force. The row joins only when the position's
     * leading block with it still factors (the row is independent of the block's). In the tree it is an equality:
     * a stop at its gap's closing speed (past it, soft as the other rows), a motor at its speed; a row whose impulse
     * then pulls (a stop) or passes its force (a motor) leaves ({@link #leaveTrees}). Solved beside the tree with
     * its own effective mass, which ignores the rest of the tree, a load on light links' stops gave way and twenty
     * 0.5 kg sliders on stops under 10 kg blew up.
     */
    private void chooseStopRows() {
        final double[] rw = row;
        folded = 0;
        for (int k = 0; k < activeCount; k++) {
            int r = firstRow[k], d0 = block[r] >= 3 ? block[r] : 0;
            leadDim[k] = d0;
            extraRow[k] = -1;
            motorOf[k] = -1;
            if (d0 == 0 || d0 >= 6 || !treeNode(rowA[r]) && !treeNode(rowB[r])) {
                continue;
            }
            int stop = -1, motor = -1;
            double nearest = Double.POSITIVE_INFINITY;
            for (int q = r + d0, end = firstRow[k] + rowCount[k]; q < end; q++) {
                int o = RW * q;
                if (!(rw[o + MASS] > 0)) {
                    continue; // a limit at infinity
                }
                if (kind[q] == LIMIT) {
                    double side = rw[o + LO] >= 0 ? 1 : -1, c = rw[o + C], gap = side * c;
                    if ((gap <= 0 || rw[o + LAMBDA] != 0 || side * (jv(q) + c * invH) < 0) && gap < nearest) {
                        stop = q;
                        nearest = gap;
                    }
                } else if (kind[q] == MOTOR && motor < 0 && (rw[o + LO] < 0 || rw[o + HI] > 0)) {
                    motor = q;
                }
            }
            int ex = stop >= 0 ? stop : motor;
            if (ex >= 0 && factorsWith(r, d0, ex)) {
                extraRow[k] = ex;
                if (motor >= 0) {
                    fold(k, ex, motor, r + d0, firstRow[k] + rowCount[k]);
                }
            }
        }
    }

    /** The folded row's modes: the motor's equality, the axis's impulse within ±F h. */
    private static final int MOTOR_MODE = 0;
    /** The motor drives below the low stop's velocity: the low stop's equality, the impulse at least -F h. */
    private static final int LOW_INIT = 1;
    /** The motor drives above the high stop's velocity: the high stop's equality, the impulse at most F h. */
    private static final int HIGH_INIT = 2;
    /** The motor at its force pushing up was not enough: the low stop's equality, the impulse at least F h. */
    private static final int LOW_FLOOR = 3;
    /** The motor at its force pushing down was not enough: the high stop's equality, the impulse at most -F h. */
    private static final int HIGH_CEIL = 4;

    /**
     * Folds constraint k's rows on the axis of its extra row q (its motor m, its stops that bind) into q: q then carries
     * the axis's whole impulse, {@code Σ s λ} over the folded rows ({@code s} each one's sign along q), and the tree
     * solves them as one row whose bounds are theirs together (docs/constraints.md, "A stop and a motor on one axis").
     * The axis's velocity u lies between the low stop's target and the high stop's, and the motor drives it to its speed
     * within ±F h: the solution is the motor's speed clamped into the stops' range while the impulse stays within the
     * motor's force, else a stop's equality with the motor at its force ({@link #chooseMode}, {@link #leave}). Solved as
     * separate rows on one axis, one in the tree and the others by the passes beside it, they pumped energy (fuzz10: ten
     * 1 kg links on [-0.2, 0.1] rad driven by {@code motor(1, 0.5)} reached 3e6 J). Nothing is folded when the motor is
     * on another axis or the joint has no stop that binds.
     */
    private void fold(int k, int q, int m, int from, int to) {
        final double[] rw = row;
        int sm = sameAxis(m, q);
        if (sm == 0) {
            return;
        }
        int lo = -1, ls = 0, hi = -1, hs = 0;
        for (int r = from; r < to; r++) {
            if (kind[r] != LIMIT || !(rw[RW * r + MASS] > 0)) {
                continue;
            }
            int sr = sameAxis(r, q);
            if (sr == 0) {
                continue;
            }
            if (side(r) * sr > 0 && lo < 0) {
                lo = r;
                ls = sr;
            } else if (side(r) * sr < 0 && hi < 0) {
                hi = r;
                hs = sr;
            }
        }
        if (lo < 0 && hi < 0) {
            return;
        }
        double total = sm * rw[RW * m + LAMBDA] + (lo >= 0 ? ls * rw[RW * lo + LAMBDA] : 0)
                + (hi >= 0 ? hs * rw[RW * hi + LAMBDA] : 0);
        rw[RW * m + LAMBDA] = 0;
        if (lo >= 0) {
            rw[RW * lo + LAMBDA] = 0;
        }
        if (hi >= 0) {
            rw[RW * hi + LAMBDA] = 0;
        }
        rw[RW * q + LAMBDA] = total;
        motorOf[k] = m;
        motorSign[k] = sm;
        lowRow[k] = lo;
        lowSign[k] = ls;
        highRow[k] = hi;
        highSign[k] = hs;
        mergeMode[k] = MOTOR_MODE;
        folded++;
    }

    /** The block mark of constraint k's folded rows other than its extra row (-1: in the tree; 0: the passes'). */
    private void markFolded(int k, byte mark) {
        int q = extraRow[k];
        if (motorOf[k] != q) {
            block[motorOf[k]] = mark;
        }
        if (lowRow[k] >= 0 && lowRow[k] != q) {
            block[lowRow[k]] = mark;
        }
        if (highRow[k] >= 0 && highRow[k] != q) {
            block[highRow[k]] = mark;
        }
    }

    /** +1 or -1 when rows q and m have the same Jacobian up to that sign, else 0. */
    private int sameAxis(int q, int m) {
        final double[] rw = row;
        int oq = RW * q, om = RW * m, sign = 0;
        for (int i = 0; i < 9; i++) { // n, gA, gB
            double a = rw[oq + NX + i], c = rw[om + NX + i];
            int si = a == c ? (a == 0 ? 0 : 1) : a == -c ? -1 : 2;
            if (si == 2 || si != 0 && sign != 0 && si != sign) {
                return 0;
            }
            sign = si != 0 ? si : sign;
        }
        return sign;
    }

    /** +1 for a stop row that pushes (its impulse at least 0: a lower stop), -1 for one that pulls. */
    private double side(int q) {
        return row[RW * q + LO] >= 0 ? 1 : -1;
    }

    /**
     * The folded row of constraint k, this solve: the motor's speed along the extra row against the stops' velocity
     * targets (which do not depend on the velocities); a mode entered after the motor passed its force is kept for
     * the rest of the sub-step.
     */
    private void chooseMode(int k, boolean useBias) {
        int mode = mergeMode[k];
        if (mode == LOW_FLOOR || mode == HIGH_CEIL) {
            return;
        }
        int q = extraRow[k];
        double j = jv(q), motor = motorSign[k] * row[RW * motorOf[k] + SPEED];
        if (lowRow[k] >= 0 && motor <= j - lowSign[k] * stopRhs(lowRow[k], useBias)) {
            mergeMode[k] = LOW_INIT;
        } else if (highRow[k] >= 0 && motor >= j - highSign[k] * stopRhs(highRow[k], useBias)) {
            mergeMode[k] = HIGH_INIT;
        } else {
            mergeMode[k] = MOTOR_MODE;
        }
    }

    /** The stop row whose equality the folded row of constraint k is in its mode (-1: the motor's). */
    private int modeStop(int k) {
        int mode = mergeMode[k];
        return mode == LOW_INIT || mode == LOW_FLOOR ? lowRow[k] : mode == MOTOR_MODE ? -1 : highRow[k];
    }

    /**
     * The bound the folded row of constraint k passed, its total impulse along its extra row (NaN: none): MOTOR_MODE
     * [-F h, F h], LOW_INIT [-F h, inf), HIGH_INIT (-inf, F h], LOW_FLOOR [F h, inf), HIGH_CEIL (-inf, -F h].
     */
    private double mergedBound(int k) {
        double l = row[RW * extraRow[k] + LAMBDA], f = row[RW * motorOf[k] + HI];
        double lo, hi;
        switch (mergeMode[k]) {
            case LOW_INIT -> { lo = -f; hi = Double.POSITIVE_INFINITY; }
            case HIGH_INIT -> { lo = Double.NEGATIVE_INFINITY; hi = f; }
            case LOW_FLOOR -> { lo = f; hi = Double.POSITIVE_INFINITY; }
            case HIGH_CEIL -> { lo = Double.NEGATIVE_INFINITY; hi = -f; }
            default -> { lo = -f; hi = f; }
        }
        return l < lo ? lo : l > hi ? hi : Double.NaN;
    }

    /**
     * Constraint k's folded row split back into its rows' impulses: the motor takes what its mode says it pushes
     * ({@code ∓F h} against the stop whose equality holds, {@code ±F h} after it passed its force, else the total
     * within ±F h), the stop on the remainder's side the rest. The same velocities: the rows act on one axis.
     */
    private void unmerge(int k) {
        int q = extraRow[k], m = motorOf[k];
        double l = row[RW * q + LAMBDA], f = row[RW * m + HI];
        double share = switch (mergeMode[k]) {
            case LOW_INIT, HIGH_CEIL -> -f;
            case HIGH_INIT, LOW_FLOOR -> f;
            default -> l < -f ? -f : l > f ? f : l;
        };
        double rest = l - share;
        row[RW * q + LAMBDA] = 0;
        if (rest > 0 && lowRow[k] >= 0) {
            row[RW * lowRow[k] + LAMBDA] = lowSign[k] * rest;
        } else if (rest < 0 && highRow[k] >= 0) {
            row[RW * highRow[k] + LAMBDA] = highSign[k] * rest;
        } else {
            share += rest;
        }
        row[RW * m + LAMBDA] = motorSign[k] * share;
        motorOf[k] = -1;
    }

    private void unmergeAll() {
        for (int k = 0; k < activeCount; k++) {
            if (motorOf[k] >= 0) {
                unmerge(k);
            }
        }
    }

    /** Whether the effective mass of rows {@code [r, r + d0)} and row {@code ex} (one constraint's) factors. */
    private boolean factorsWith(int r, int d0, int ex) {
        final double[] a = kScratch;
        double m = invMass[rowA[r]] + invMass[rowB[r]];
        for (int i = 0; i <= d0; i++) {
            for (int j = 0; j <= i; j++) {
                a[6 * i + j] = k(rowAt(r, d0, ex, i), rowAt(r, d0, ex, j), m);
            }
        }
        return SmallLdlt.factor(a, 0, 6, d0 + 1, factorScratch, 0, pivotScratch);
    }

    /**
     * After a tree solve: the stop row in each tree whose accumulated impulse pulls furthest (below its bound 0) or the
     * motor row furthest past its force is clamped to that bound, the difference applied, and taken out of its tree for
     * the rest of the sub-step (the passes solve it from then on, clamped). Returns whether one left (the trees are then
     * factored again and, while re-solves are left, solved again: a pivot of a direct LCP that only ever drops rows).
     * One row a tree at a time: in the solve that held them all, every motor of a chain too weak for its load passes
     * its force, but with the top one slipping at its bound the others hold (dropping them all at once let the
     * whole chain slip, 1.3 cm too far in a second). With no re-solve left, every such row leaves at once.
     */
    private boolean leaveTrees() {
        final double[] rw = row;
        WeldTrees wp = trees;
        boolean left = false, all = resolvesLeft == 0;
        for (int p = 0, n = wp.size(); p < n; ) {
            int end = p + 1;
            while (end < n && wp.treeStart(end) == wp.treeStart(p)) {
                end++;
            }
            int worst = -1;
            double most = 0;
            for (int q = p; q < end; q++) {
                int c = wp.constraint(q), ex = extraRow[c];
                if (ex < 0 || wp.failed(q)) {
                    continue;
                }
                int o = RW * ex;
                double l = rw[o + LAMBDA], excess;
                if (motorOf[c] >= 0) {
                    double bound = mergedBound(c);
                    excess = bound == bound ? Math.abs(l - bound) : 0;
                } else {
                    excess = Math.max(rw[o + LO] - l, l - rw[o + HI]);
                }
                if (!(excess > 0)) {
                    continue;
                }
                if (all) {
                    leave(c);
                    left = true;
                } else if (excess > most) {
                    most = excess;
                    worst = c;
                }
            }
            if (worst >= 0) {
                leave(worst);
                left = true;
            }
            p = end;
        }
        return left;
    }

    /** Constraint c's stop or motor row out of its tree, its impulse clamped to the bound it passed. */
    private void leave(int c) {
        int ex = extraRow[c], o = RW * ex;
        double l = row[o + LAMBDA], bound;
        if (motorOf[c] >= 0) { // the folded row: its total at the bound it passed
            bound = mergedBound(c);
            row[o + LAMBDA] = bound;
            apply(ex, bound - l);
            if (mergeMode[c] == MOTOR_MODE) {
                // the motor at its force cannot hold the axis at its speed: a stop may still bind on the side the
                // axis is pushed to, the motor pushing at its force (the impulse is the stop's need or F h, the larger)
                int next = bound > 0 ? (lowRow[c] >= 0 ? LOW_FLOOR : -1) : (highRow[c] >= 0 ? HIGH_CEIL : -1);
                if (next >= 0) {
                    mergeMode[c] = next;
                    return;
                }
            }
            markFolded(c, (byte) 0);
            unmerge(c);
            rowLeft = true;
        } else {
            bound = l < row[o + LO] ? row[o + LO] : row[o + HI];
            row[o + LAMBDA] = bound;
            apply(ex, bound - l);
            rowLeft = true;
        }
        extraRow[c] = -1;
        block[ex] = 0;
        freeRows = true;
    }

    /** Whether local body l is a node of a weld tree: a body the solver moves (not the world, nor a fixed, kinematic or sleeping one). */
    private boolean treeNode(int l) {
        return l != 0 && invMass[l] > 0;
    }

    /**
     * Coupling of rows i and j of two constraints through their shared body l: {@code σi σj (m⁻¹ ni·nj + gi·I⁻¹gj)},
     * σ = +1 where l is the row's body B, -1 where it is A (the Jacobian's sign on that side).
     */
    private double through(int i, int j, int l) {
        int oi = RW * i, oj = RW * j;
        final double[] rw = row;
        boolean bi = rowB[i] == l, bj = rowB[j] == l;
        int gi = oi + (bi ? GB : GA), kj = oj + (bj ? KB : KA);
        double v = invMass[l] * (rw[oi] * rw[oj] + rw[oi + 1] * rw[oj + 1] + rw[oi + 2] * rw[oj + 2])
                + rw[gi] * rw[kj] + rw[gi + 1] * rw[kj + 1] + rw[gi + 2] * rw[kj + 2];
        return bi == bj ? v : -v;
    }

    /** Every weld tree at once: the rigid (relax) or soft (biased) update with the tree's whole effective mass. */
    private void solveTrees(boolean useBias) {
        final double[] rw = row, x = treeRhs;
        WeldTrees wp = trees;
        int n = wp.size();
        boolean rigidExtras = false;
        for (int p = 0; p < n; p++) {
            if (wp.failed(p)) {
                continue;
            }
            int c = wp.constraint(p), r = firstRow[c], nr = leadDim[c], ex = extraRow[c];
            jvRows(r, nr, x, 6 * p);
            if (useBias) {
                for (int i = 0; i < nr; i++) {
                    x[6 * p + i] += biasRate * rw[RW * (r + i) + BC];
                }
            }
            if (ex >= 0) {
                if (motorOf[c] >= 0) {
                    chooseMode(c, useBias);
                }
                x[6 * p + nr] = extraRhs(c, ex, useBias);
                rigidExtras |= rigidExtra(c, ex);
            }
        }
        wp.solve(x);
        applyTreeImpulses(useBias);
        if (useBias && rigidExtras) {
            rigidCorrection();
        }
    }

    /**
     * After a biased tree solve: the trees solved once more, rigidly, for the stop rows not reached yet and the motor
     * rows in them alone (every other row's right-hand side 0, so its velocity error stays where the soft solve left
     * it). The biased solve softens every row of a tree alike ({@code massScale}, {@code impulseScale}: the block
     * form of the rows' softness, exact only when it is uniform), and a motor or a speculative stop is rigid in the
     * passes: softened, a slider motor to the world under the speed limit moved its carriage 0.1 m short in half a
     * second, and a braked chain crept.
     */
    private void rigidCorrection() {
        final double[] x = treeRhs;
        WeldTrees wp = trees;
        int n = wp.size();
        for (int p = 0; p < n; p++) {
            int c = wp.constraint(p), nr = leadDim[c], ex = extraRow[c];
            for (int i = 0, dp = wp.dim(p); i < dp; i++) {
                x[6 * p + i] = 0;
            }
            if (ex >= 0 && !wp.failed(p) && rigidExtra(c, ex)) {
                x[6 * p + nr] = extraRhs(c, ex, true);
            }
        }
        wp.solve(x);
        applyTreeImpulses(false);
    }

    /**
     * The impulses of the last tree solve ({@code treeRhs} holds minus each row's impulse) into the rows' totals and
     * the bodies, softened ({@code massScale}, {@code impulseScale}) when {@code soft}: the biased solve's are, the
     * rigid correction's are not.
     */
    private void applyTreeImpulses(boolean soft) {
        final double[] rw = row, x = treeRhs;
        WeldTrees wp = trees;
        for (int p = 0, n = wp.size(); p < n; p++) {
            if (wp.failed(p)) {
                continue;
            }
            int c = wp.constraint(p), r = firstRow[c], nr = leadDim[c], ex = extraRow[c];
            for (int i = 0; i < nr; i++) {
                int oi = RW * (r + i);
                double imp = -x[6 * p + i];
                if (soft) {
                    imp = massScale * imp - impulseScale * rw[oi + LAMBDA];
                }
                rw[oi + LAMBDA] += imp;
                x[6 * p + i] = imp;
            }
            applyRows(r, nr, x, 6 * p);
            if (ex >= 0) {
                int oi = RW * ex;
                double imp = -x[6 * p + nr];
                if (soft) {
                    imp = massScale * imp - impulseScale * rw[oi + LAMBDA];
                }
                rw[oi + LAMBDA] += imp;
                apply(ex, imp);
            }
        }
    }

    /** Whether a stop or motor row in a tree is rigid in the biased pass: a motor, or a stop not reached yet. */
    private boolean rigidExtra(int k, int q) {
        if (motorOf[k] >= 0) {
            q = modeStop(k);
            if (q < 0) {
                return true;
            }
        } else if (kind[q] == MOTOR) {
            return true;
        }
        double c = row[RW * q + C];
        return row[RW * q + LO] >= 0 ? c > 0 : c < 0;
    }

    /**
     * The velocity error of a stop or motor row solved in a tree ({@link #chooseStopRows}), what its rigid update
     * drives to 0, as the passes take it: a stop not reached yet closes its gap within the sub-step (speculative,
     * in both passes), a stop passed is a rigid row (biased towards the stop in the biased pass), a motor drives
     * the row's velocity to its speed.
     */
    private double extraRhs(int k, int q, boolean useBias) {
        int o = RW * q;
        if (motorOf[k] >= 0) { // the folded row: the equality of its mode, along the extra row
            int st = modeStop(k);
            if (st < 0) {
                return jv(q) - motorSign[k] * row[RW * motorOf[k] + SPEED];
            }
            return (st == lowRow[k] ? lowSign[k] : highSign[k]) * stopRhs(st, useBias);
        }
        if (kind[q] == MOTOR) {
            return jv(q) - row[o + SPEED];
        }
        return stopRhs(q, useBias);
    }

    /** A stop row's velocity error in a tree: closing its gap within the sub-step, or a rigid (biased) row once passed. */
    private double stopRhs(int q, boolean useBias) {
        int o = RW * q;
        double j = jv(q);
        double c = row[o + C];
        boolean holds = row[o + LO] >= 0 ? c > 0 : c < 0;
        if (holds) {
            return j + c * invH;
        }
        return useBias ? j + biasRate * row[o + BC] : j;
    }

    /**
     * Rows {@code [r, r + n)} of a coupled block at once (a point and its rigid angular rows: a weld's six,
     * a hinge's five): the rigid row's update with the block's n×n effective mass, solved with its LDLᵀ
     * factors (soft in the biased pass, rigid in the relax pass; unclamped). Solved one after the other, the
     * point and the angular rows pass a lever's load back and forth (the torque a point force makes about the
     * centre must be taken back by the angular rows, which see only the body's own inertia): a 20 cm cube
     * welded 1 m from its centre sagged 2.9 cm and read 1.45 times its static torque in its first steps.
     * Solved together, one solve holds a single weld exactly (docs/constraints.md, "Coupled blocks").
     */
    private void solveCoupled(int r, int n, boolean useBias) {
        final double[] rw = row, f = kinv, x = jScratch;
        int o = 6 * r;
        jvRows(r, n, x, 0);
        for (int i = 0; i < n; i++) {
            double j = x[i];
            if (useBias) {
                j += biasRate * rw[RW * (r + i) + BC];
            }
            // forward: L y = j
            int ti = i * (i + 1) / 2;
            for (int q = 0; q < i; q++) {
                j -= f[o + ti + q] * x[q];
            }
            x[i] = j;
        }
        for (int i = n - 1; i >= 0; i--) {
            // D z = y, then back: Lᵀ x = z
            double y = x[i] * f[o + tq(i)];
            for (int q = i + 1; q < n; q++) {
                y -= f[o + q * (q + 1) / 2 + i] * x[q];
            }
            x[i] = y;
        }
        for (int i = 0; i < n; i++) {
            int oi = RW * (r + i);
            double imp = -x[i];
            if (useBias) {
                imp = massScale * imp - impulseScale * rw[oi + LAMBDA];
            }
            rw[oi + LAMBDA] += imp;
            x[i] = imp;
        }
        applyRows(r, n, x, 0);
    }

    /**
     * End of the step: the rows' impulses kept for the next step's warm start, each constraint's
     * force and torque (the last sub-step's impulses / h). Returns the number of constraints over a
     * break threshold; their store indices are {@link #broken()} {@code [0 .. n)}, in store order.
     */
    public int endStep() {
        unmergeAll();
        int nb = 0;
        for (int k = 0; k < activeCount; k++) {
            int i = active[k];
            int base = ConstraintStore.MAX_ROWS * i;
            double fx = 0, fy = 0, fz = 0, tx = 0, ty = 0, tz = 0;
            for (int r = 0; r < rowCount[k]; r++) {
                int o = RW * (firstRow[k] + r);
                double l = row[o + LAMBDA];
                store.lambda[base + r] = l;
                double nx = row[o + NX], ny = row[o + NX + 1], nz = row[o + NX + 2];
                if (nx != 0 || ny != 0 || nz != 0) {
                    fx += l * nx;
                    fy += l * ny;
                    fz += l * nz;
                } else {
                    tx += l * row[o + GB];
                    ty += l * row[o + GB + 1];
                    tz += l * row[o + GB + 2];
                }
            }
            double f = Math.sqrt(fx * fx + fy * fy + fz * fz) * invH;
            double t = Math.sqrt(tx * tx + ty * ty + tz * tz) * invH;
            store.force[i] = f;
            store.torque[i] = t;
            if (f > store.breakForce[i] || t > store.breakTorque[i]) {
                if (broken.length == nb) {
                    broken = Arrays.copyOf(broken, Math.max(4, 2 * nb));
                }
                broken[nb++] = i;
            }
        }
        activeCount = 0;
        return nb;
    }

    private int[] broken = new int[0];

    /** The store indices of the constraints {@link #endStep} found over a threshold. */
    public int[] broken() {
        return broken;
    }

    // ---- ConstraintRows: the type writes rows for the constraint being prepared ----

    @Override
    public void linear(double nx, double ny, double nz, double c) {
        pointRow(nx, ny, nz, c, rax, ray, raz, rbx, rby, rbz);
    }

    @Override
    public void linearAtA(double nx, double ny, double nz, double c) {
        // B's lever reaches A's anchor: rB + (anchor A - anchor B) (nothing when B is the world: its row is empty)
        pointRow(nx, ny, nz, c, rax, ray, raz, rbx + (frame.ax - frame.bx), rby + (frame.ay - frame.by),
                rbz + (frame.az - frame.bz));
    }

    /** A point row along n with error c, acting on A at lever (ax, ay, az) and on B at (bx, by, bz) from their centres. */
    private void pointRow(double nx, double ny, double nz, double c, double ax, double ay, double az,
                          double bx, double by, double bz) {
        int r = newRow(RIGID, c);
        int o = RW * r;
        row[o + BC] = c > MAX_CORRECTION ? MAX_CORRECTION : c < -MAX_CORRECTION ? -MAX_CORRECTION : c;
        row[o + NX] = nx;
        row[o + NX + 1] = ny;
        row[o + NX + 2] = nz;
        row[o + GA] = ay * nz - az * ny;
        row[o + GA + 1] = az * nx - ax * nz;
        row[o + GA + 2] = ax * ny - ay * nx;
        row[o + GB] = by * nz - bz * ny;
        row[o + GB + 1] = bz * nx - bx * nz;
        row[o + GB + 2] = bx * ny - by * nx;
        finishRow(r);
    }

    @Override
    public void angular(double ax, double ay, double az, double c) {
        int r = newRow(RIGID, c);
        int o = RW * r;
        row[o + NX] = row[o + NX + 1] = row[o + NX + 2] = 0;
        row[o + GA] = row[o + GB] = ax;
        row[o + GA + 1] = row[o + GB + 1] = ay;
        row[o + GA + 2] = row[o + GB + 2] = az;
        finishRow(r);
    }

    @Override
    public void limit(double lower, double upper) {
        int r = lastRow("limit");
        int o = RW * r;
        if (!(lower <= 0 && upper >= 0) || (lower < 0 && upper > 0)) {
            throw new IllegalArgumentException("limit [" + lower + ", " + upper
                    + "]; allowed: [0, +inf) or (-inf, 0] (or a finite bound on that side)");
        }
        kind[r] = LIMIT;
        row[o + LO] = lower * h;
        row[o + HI] = upper * h;
        if (!Double.isFinite(row[o + C])) { // a limit at infinity never binds
            row[o + MASS] = 0;
            row[o + C] = row[o + BC] = lower >= 0 ? 1 : -1;
        }
    }

    @Override
    public void spring(double stiffness, double damping) {
        int r = lastRow("spring");
        int o = RW * r;
        if (!(stiffness >= 0) || !(damping >= 0) || Double.isInfinite(damping)) {
            throw new IllegalArgumentException("spring stiffness = " + stiffness + ", damping = " + damping
                    + "; allowed: >= 0, finite damping");
        }
        if (stiffness == Double.POSITIVE_INFINITY) {
            return; // compliance 0: the rigid row it already is
        }
        kind[r] = SPRING;
        double ch = damping + h * stiffness;
        if (ch == 0 || row[o + MASS] == 0) {
            row[o + SOFTMASS] = 0;
            row[o + GAMMA] = 0;
            row[o + SBIAS] = 0;
            return;
        }
        double gamma = 1 / (h * ch);
        row[o + GAMMA] = gamma;
        double bias = row[o + C] * stiffness / ch;
        if (!Double.isFinite(bias)) { // C k overflowed (a 1e308 N/m spring stretched 2 m): k/ch is at most 1/h
            bias = row[o + C] * (stiffness / ch);
        }
        row[o + SBIAS] = bias;
        row[o + SOFTMASS] = 1 / (1 / row[o + MASS] + gamma);
    }

    @Override
    public void motor(double speed, double maxForce) {
        int r = lastRow("motor");
        int o = RW * r;
        if (!Double.isFinite(speed) || !(maxForce >= 0)) {
            throw new IllegalArgumentException("motor speed = " + speed + ", maxForce = " + maxForce
                    + "; allowed: finite speed, maxForce >= 0");
        }
        kind[r] = MOTOR;
        // a motor drives its row to at most the world's speed limit (m/s along a linear row, rad/s about an angular
        // one): the integration scales a body back to the limit before the solve, and a motor of 1e5 m/s drove it to
        // 1e5 again in every solve, so a slider's carriage moved at 250 times the 400 m/s limit for good (fuzz7)
        double limit = row[o + NX] != 0 || row[o + NX + 1] != 0 || row[o + NX + 2] != 0 ? maxLinearSpeed : maxAngularSpeed;
        row[o + SPEED] = speed > limit ? limit : speed < -limit ? -limit : speed;
        row[o + LO] = -maxForce * h;
        row[o + HI] = maxForce * h;
    }

    /** The world's speed limits, m/s and rad/s ({@link #speedLimits}); unlimited until set. */
    private double maxLinearSpeed = Double.POSITIVE_INFINITY, maxAngularSpeed = Double.POSITIVE_INFINITY;

    /**
     * The world's speed limits (m/s, rad/s; {@code DynamicsSettings}), which a motor's speed is clamped to when its
     * row is written. Set before {@code beginStep}.
     */
    public void speedLimits(double maxLinear, double maxAngular) {
        this.maxLinearSpeed = maxLinear;
        this.maxAngularSpeed = maxAngular;
    }

    private int lastRow(String what) {
        int k = rows - 1;
        if (k < firstRow[currentK]) {
            throw new IllegalStateException(what + "() before a row was written");
        }
        return k;
    }

    private int newRow(int kd, double c) {
        int i = active[currentConstraint()];
        if (rows - firstRow[currentConstraint()] >= store.type[i].rows()) {
            throw new IllegalStateException("constraint type '" + store.typeName[i] + "' wrote more than its "
                    + store.type[i].rows() + " rows");
        }
        int r = rows++;
        rowA[r] = curA;
        rowB[r] = curB;
        kind[r] = kd;
        int o = RW * r;
        Arrays.fill(row, o, o + RW, 0);
        row[o + C] = row[o + BC] = c;
        row[o + LO] = Double.NEGATIVE_INFINITY;
        row[o + HI] = Double.POSITIVE_INFINITY;
        return r;
    }

    private int currentK;

    private int currentConstraint() {
        return currentK;
    }

    /** k = I⁻¹ g for both bodies, and the effective mass. */
    private void finishRow(int r) {
        int o = RW * r;
        int a = rowA[r], bb = rowB[r];
        mulInvI(a, row, o + GA, o + KA);
        mulInvI(bb, row, o + GB, o + KB);
        double n2 = row[o + NX] * row[o + NX] + row[o + NX + 1] * row[o + NX + 1] + row[o + NX + 2] * row[o + NX + 2];
        double w = (invMass[a] + invMass[bb]) * n2
                + row[o + GA] * row[o + KA] + row[o + GA + 1] * row[o + KA + 1] + row[o + GA + 2] * row[o + KA + 2]
                + row[o + GB] * row[o + KB] + row[o + GB + 1] * row[o + KB + 1] + row[o + GB + 2] * row[o + KB + 2];
        row[o + MASS] = w > 0 ? 1 / w : 0;
    }

    private void mulInvI(int k, double[] src, int from, int to) {
        int o = 6 * k;
        double x = src[from], y = src[from + 1], z = src[from + 2];
        double[] m = invI;
        row[to] = m[o] * x + m[o + 1] * y + m[o + 2] * z;
        row[to + 1] = m[o + 1] * x + m[o + 3] * y + m[o + 4] * z;
        row[to + 2] = m[o + 2] * x + m[o + 4] * y + m[o + 5] * z;
    }

    private double jv(int r) {
        int o = RW * r;
        int a = 6 * rowA[r], bb = 6 * rowB[r];
        final double[] v = vel, rw = row;
        return rw[o] * (v[bb] - v[a]) + rw[o + 1] * (v[bb + 1] - v[a + 1]) + rw[o + 2] * (v[bb + 2] - v[a + 2])
                + rw[o + GB] * v[bb + 3] + rw[o + GB + 1] * v[bb + 4] + rw[o + GB + 2] * v[bb + 5]
                - rw[o + GA] * v[a + 3] - rw[o + GA + 1] * v[a + 4] - rw[o + GA + 2] * v[a + 5];
    }

    private void apply(int r, double l) {
        int o = RW * r;
        int ka = rowA[r], kb = rowB[r];
        int a = 6 * ka, bb = 6 * kb;
        final double[] v = vel, rw = row;
        double ma = invMass[ka] * l, mb = invMass[kb] * l;
        v[a] -= rw[o] * ma;
        v[a + 1] -= rw[o + 1] * ma;
        v[a + 2] -= rw[o + 2] * ma;
        v[a + 3] -= rw[o + KA] * l;
        v[a + 4] -= rw[o + KA + 1] * l;
        v[a + 5] -= rw[o + KA + 2] * l;
        v[bb] += rw[o] * mb;
        v[bb + 1] += rw[o + 1] * mb;
        v[bb + 2] += rw[o + 2] * mb;
        v[bb + 3] += rw[o + KB] * l;
        v[bb + 4] += rw[o + KB + 1] * l;
        v[bb + 5] += rw[o + KB + 2] * l;
    }

    /** Velocities of the mapped bodies: from the contact solver's packed array when it holds them, else the body store. */
    private void gather() {
        double[] packed = contacts.velocities();
        for (int k = 1; k < bodyCount; k++) {
            int s = slotOf[k], o = 6 * k, src = source[k];
            if (src > 0) {
                System.arraycopy(packed, 6 * src, vel, o, 6);
            } else {
                vel[o] = b.vx[s];
                vel[o + 1] = b.vy[s];
                vel[o + 2] = b.vz[s];
                vel[o + 3] = b.wx[s];
                vel[o + 4] = b.wy[s];
                vel[o + 5] = b.wz[s];
            }
        }
    }

    private void scatter() {
        double[] packed = contacts.velocities();
        for (int k = 1; k < bodyCount; k++) {
            int s = slotOf[k], o = 6 * k, src = source[k];
            if (src > 0) {
                System.arraycopy(vel, o, packed, 6 * src, 6);
            } else if (src == -1) {
                b.vx[s] = vel[o];
                b.vy[s] = vel[o + 1];
                b.vz[s] = vel[o + 2];
                b.wx[s] = vel[o + 3];
                b.wy[s] = vel[o + 4];
                b.wz[s] = vel[o + 5];
            }
        }
    }

    /** World inverse inertia of slot s into invI[o..o+6): R diag(invI) Rᵀ with R = q * iq. */
    private void worldInverseInertia(int s, int o) {
        dev.rubble.core.body.Inertia.inverseWorldMatrix(b, s, invI, o);
    }

    /**
     * Fills {@link #frame} (and the anchors' offsets from the centres of mass) for store constraint
     * {@code i} at the bodies' current poses.
     */
    private void fillFrame(int i) {
        int k = currentK;
        int sa = slotA[k], sb = slotB[k];
        if (store.type[i].readsOrientations()) {
            fill(b, sa, solveFrameA, sb, solveFrameB, 7 * k, frame, scratch);
        } else { // the anchors alone (a ball joint): the same bits for them as fill writes
            anchors(b, sa, solveFrameA, sb, solveFrameB, 7 * k, frame, scratch);
        }
        rax = frame.ax - b.px[sa];
        ray = frame.ay - b.py[sa];
        raz = frame.az - b.pz[sa];
        if (sb < 0) {
            rbx = rby = rbz = 0;
        } else {
            rbx = frame.bx - b.px[sb];
            rby = frame.by - b.py[sb];
            rbz = frame.bz - b.pz[sb];
        }
        frame.h = h;
    }

    /**
     * Fills {@code f} with constraint {@code i}'s world frames at the bodies' current poses
     * ({@code q} is 4 doubles of scratch). Used for the rows and when a constraint is created.
     */
    public static void fill(BodyStore b, ConstraintStore st, int i, ConstraintFrame f, double[] q) {
        fill(b, (int) st.bodyA[i], st.frameA, st.bodyB[i] == ConstraintStore.WORLD ? -1 : (int) st.bodyB[i], st.frameB,
                7 * i, f, q);
    }

    /** {@link #fill} for body slots sa and sb (-1: the world) with frames at {@code o} of {@code fa} and {@code fb}. */
    private static void fill(BodyStore b, int sa, double[] fa, int sb, double[] fb, int o, ConstraintFrame f, double[] q) {
        worldPoint(b, sa, fa[o], fa[o + 1], fa[o + 2], q);
        f.ax = q[0];
        f.ay = q[1];
        f.az = q[2];
        // frame A's orientation in the world: q_body * q_local
        double ax = mulX(b.qx[sa], b.qy[sa], b.qz[sa], b.qw[sa], fa[o + 3], fa[o + 4], fa[o + 5], fa[o + 6]);
        double ay = mulY(b.qx[sa], b.qy[sa], b.qz[sa], b.qw[sa], fa[o + 3], fa[o + 4], fa[o + 5], fa[o + 6]);
        double az = mulZ(b.qx[sa], b.qy[sa], b.qz[sa], b.qw[sa], fa[o + 3], fa[o + 4], fa[o + 5], fa[o + 6]);
        double aw = mulW(b.qx[sa], b.qy[sa], b.qz[sa], b.qw[sa], fa[o + 3], fa[o + 4], fa[o + 5], fa[o + 6]);
        double bx, by, bz, bw;
        if (sb < 0) {
            f.bx = fb[o];
            f.by = fb[o + 1];
            f.bz = fb[o + 2];
            bx = fb[o + 3];
            by = fb[o + 4];
            bz = fb[o + 5];
            bw = fb[o + 6];
        } else {
            worldPoint(b, sb, fb[o], fb[o + 1], fb[o + 2], q);
            f.bx = q[0];
            f.by = q[1];
            f.bz = q[2];
            bx = mulX(b.qx[sb], b.qy[sb], b.qz[sb], b.qw[sb], fb[o + 3], fb[o + 4], fb[o + 5], fb[o + 6]);
            by = mulY(b.qx[sb], b.qy[sb], b.qz[sb], b.qw[sb], fb[o + 3], fb[o + 4], fb[o + 5], fb[o + 6]);
            bz = mulZ(b.qx[sb], b.qy[sb], b.qz[sb], b.qw[sb], fb[o + 3], fb[o + 4], fb[o + 5], fb[o + 6]);
            bw = mulW(b.qx[sb], b.qy[sb], b.qz[sb], b.qw[sb], fb[o + 3], fb[o + 4], fb[o + 5], fb[o + 6]);
        }
        axes(ax, ay, az, aw, f.frameA);
        axes(bx, by, bz, bw, f.frameB);
        // rotation from frame A to frame B: qB * conj(qA), as a rotation vector
        double rx = mulX(bx, by, bz, bw, -ax, -ay, -az, aw);
        double ry = mulY(bx, by, bz, bw, -ax, -ay, -az, aw);
        double rz = mulZ(bx, by, bz, bw, -ax, -ay, -az, aw);
        double rw = mulW(bx, by, bz, bw, -ax, -ay, -az, aw);
        if (rw < 0) {
            rx = -rx;
            ry = -ry;
            rz = -rz;
            rw = -rw;
        }
        double s = Math.sqrt(rx * rx + ry * ry + rz * rz);
        double scale = s < 1e-12 ? 2 : 2 * StrictMath.atan2(s, rw) / s;
        f.rx = rx * scale;
        f.ry = ry * scale;
        f.rz = rz * scale;
    }

    /** The anchors of {@link #fill} alone: {@code ax..az} and {@code bx..bz}, computed as fill computes them. */
    private static void anchors(BodyStore b, int sa, double[] fa, int sb, double[] fb, int o, ConstraintFrame f, double[] q) {
        worldPoint(b, sa, fa[o], fa[o + 1], fa[o + 2], q);
        f.ax = q[0];
        f.ay = q[1];
        f.az = q[2];
        if (sb < 0) {
            f.bx = fb[o];
            f.by = fb[o + 1];
            f.bz = fb[o + 2];
        } else {
            worldPoint(b, sb, fb[o], fb[o + 1], fb[o + 2], q);
            f.bx = q[0];
            f.by = q[1];
            f.bz = q[2];
        }
    }

    /** World position of a point given in slot s's body frame relative to its origin. */
    private static void worldPoint(BodyStore b, int s, double x, double y, double z, double[] out) {
        double lx = x - b.lcx[s], ly = y - b.lcy[s], lz = z - b.lcz[s];
        double qx = b.qx[s], qy = b.qy[s], qz = b.qz[s], qw = b.qw[s];
        out[0] = b.px[s] + dev.rubble.core.body.Inertia.rotX(qx, qy, qz, qw, lx, ly, lz);
        out[1] = b.py[s] + dev.rubble.core.body.Inertia.rotY(qx, qy, qz, qw, lx, ly, lz);
        out[2] = b.pz[s] + dev.rubble.core.body.Inertia.rotZ(qx, qy, qz, qw, lx, ly, lz);
    }

    private static void axes(double x, double y, double z, double w, double[] m) {
        m[0] = 1 - 2 * (y * y + z * z);
        m[1] = 2 * (x * y + w * z);
        m[2] = 2 * (x * z - w * y);
        m[3] = 2 * (x * y - w * z);
        m[4] = 1 - 2 * (x * x + z * z);
        m[5] = 2 * (y * z + w * x);
        m[6] = 2 * (x * z + w * y);
        m[7] = 2 * (y * z - w * x);
        m[8] = 1 - 2 * (x * x + y * y);
    }

    static double mulX(double ax, double ay, double az, double aw, double bx, double by, double bz, double bw) {
        return aw * bx + ax * bw + ay * bz - az * by;
    }

    static double mulY(double ax, double ay, double az, double aw, double bx, double by, double bz, double bw) {
        return aw * by - ax * bz + ay * bw + az * bx;
    }

    static double mulZ(double ax, double ay, double az, double aw, double bx, double by, double bz, double bw) {
        return aw * bz + ax * by - ay * bx + az * bw;
    }

    static double mulW(double ax, double ay, double az, double aw, double bx, double by, double bz, double bw) {
        return aw * bw - ax * bx - ay * by - az * bz;
    }
}
