package dev.rubble.core.dynamics;

import java.util.Arrays;

/**
 * Graph colouring of the solved constraints (after Box2D v3's constraint graph; docs/parallel.md):
 * each constraint gets a colour such that no two constraints of one colour share a body that the
 * solver writes, so the constraints of a colour can be solved concurrently, and the colours one
 * after the other, in a fixed order. The order of the colours carries support upward, as the
 * store-order Gauss-Seidel sweep it replaces did (issue 26: a colour order that ignored the scene
 * let the 20-row pyramid sag 1.9 cm):
 *
 * <ol>
 *   <li><b>Depth.</b> Every body's distance, in contacts, from a body the solver treats as
 *       infinitely heavy (the shared fixed body {@code 0}, static, kinematic and sleeping bodies:
 *       depth 0), by a breadth-first search over this step's constraints. Bodies not connected to
 *       any such body (a falling cluster) share one depth after all others.</li>
 *   <li><b>Level.</b> A constraint's level is the smaller depth of its two bodies: the ground
 *       contacts are level 0, the contacts resting on the first layer level 1, and so on.</li>
 *   <li><b>Colours per level.</b> Each level is coloured on its own, in the order given (the
 *       contact store's order, sorted by body pair): each constraint takes the lowest of
 *       {@value #COLORS} colours free on both its bodies (first fit, an {@code int} mask per body).
 *       A constraint with no common free colour goes to the <em>serial group</em>, solved on the
 *       calling thread before the colours. A level of fewer than {@value #SERIAL_LEVEL} constraints
 *       is not coloured: all of it goes to the serial group, in the order given.</li>
 *   <li><b>Phases.</b> The levels {@code p, p + PHASES, p + 2 PHASES, ...} form phase {@code p}
 *       ({@value #PHASES} phases): their serial groups are one serial group (level after level),
 *       their colours {@code c} one group {@code c}. A level-{@code l} constraint touches bodies of
 *       depth {@code l} and {@code l + 1} only (the breadth-first depths of two touching bodies
 *       differ by at most one), so two levels of a phase share no written body and solving them
 *       together changes no bit against solving them one after the other. The phases are solved
 *       in order, so one pass carries support bottom up through {@value #PHASES} levels at a time,
 *       as the level-by-level order did through all of them; a stack taller than that takes one
 *       more pass per {@value #PHASES} levels to feel a change at its foot. In return a pass has
 *       a few dozen groups instead of a few per level (the 100-level large pyramid: about 40
 *       instead of about 330; each a barrier between threads), each with hundreds of constraints
 *       (issue 26; measured in docs/benchmarks.md, "Issue 26, fifth session: colouring in phases").
 *       A scene of at most {@value #PHASES} levels is coloured exactly as level by level.</li>
 *   <li><b>Halves.</b> In a step with no level to colour (every level under {@value #SERIAL_LEVEL}, as in the
 *       20-row pyramid: no parallel group at all), a phase's serial group of at least {@value #HALVES_MIN}
 *       constraints is cut in two by place when the caller gives
 *       each body's coordinate along an axis across gravity: at the middle of the group's bodies' extent, each
 *       body lies left of the cut or not; the constraints whose bodies lie all on the left form the left half,
 *       all on the right the right half, each in the given order, and those with a body on each side stay in
 *       the serial group, solved after both halves. The halves share no written body, so two threads solve them
 *       at the same time, and one thread one after the other, to the same bits. Within each half the order is
 *       the store order, the right half's solved backwards by the solver, so that both are swept towards the cut
 *       (colouring a small level instead let the pyramid's top box slide: {@link #SERIAL_LEVEL}). A step with
 *       colours is split by them and keeps its serial groups whole: with halves there too the 4 000-box pile,
 *       whose upper levels are small, did not fall asleep in 90 s (it does at 17 s).</li>
 * </ol>
 * Body {@code 0}, the solver's shared fixed body, takes no colour slot: the solver never writes it,
 * so any number of a colour's constraints may touch it. Every other body (dynamic, kinematic, moving
 * static) takes a slot.
 *
 * <p>The result is a list of groups, each a contiguous range of {@link #order()}: group {@code g}
 * is {@code order[start(g) .. start(g + 1))}, solved in group order, a {@link #serial(int) serial}
 * group on one thread, any other in parallel. Everything here is a function of the constraints and
 * bodies in the given order (a function of the scene alone), never of the thread count. Allocation
 * free in steady state (arrays grow to the high-water mark).
 */
public final class ConstraintColoring {
    /** Colours per level (Box2D v3 uses 24 in all; an int mask per body holds up to 32). */
    public static final int COLORS = 24;
    /**
     * A level with fewer constraints than this goes whole, in the given order, to its phase's serial
     * group: its colours
     * would be too small to dispatch (the solver runs a colour of under 32 manifolds inline), so
     * colouring it would only change the order, and the store order converges better (measured on
     * the 20-row bench pyramid, whose levels have at most 58 manifolds: coloured, its top box slid
     * 4 to 9 cm in 10 s at one sub-step; in store order it stays within 1 cm).
     */
    public static final int SERIAL_LEVEL = 64;
    /**
     * Phases: the levels {@code l}, {@code l + PHASES}, ... are solved together (see the class
     * comment). Measured on the 5 050-box large pyramid (100 levels; docs/benchmarks.md, "Issue 26,
     * fifth session"): 4, 8 and 16 phases give about 24, 40 and 85 groups per pass instead of about
     * 330, and all three leave it standing better after 300 steps than the level-by-level order did;
     * 8 keeps every stack of up to 8 levels (the columns of the behaviour tests) in exactly the
     * level-by-level order.
     */
    public static final int PHASES = 8;
    /**
     * A phase's serial group of at least this many constraints is cut in two halves by place (see the class
     * comment, "Halves"), when the caller gives the bodies' places.
     */
    public static final int HALVES_MIN = 32;

    // per body
    private int[] mask = new int[0];      // colours taken at the level being coloured
    private int[] depth = new int[0];     // contacts from an infinitely heavy body (-1: not reached yet)
    private int[] adjStart = new int[0];  // CSR adjacency: constraints of body i at adj[adjStart[i] .. adjStart[i+1])
    private int[] queue = new int[0];
    // per constraint
    private int[] adj = new int[0];       // 2 per constraint
    private int[] level = new int[0];
    private int[] byLevel = new int[0];   // constraints sorted by level (stable)
    private int[] byPhase = new int[0];   // constraints by phase, then level (stable)
    private int[] group = new int[0];
    private int[] order = new int[0];
    // per level
    private int[] levelStart = new int[0];
    // per phase
    private final int[] phaseStart = new int[PHASES + 1];
    private int phaseCount;
    // per group
    private int[] start = new int[1];
    private boolean[] serial = new boolean[0];
    private byte[] half = new byte[0];    // 1: the left half of a pair whose right half (2) is the next group
    private double[] place;               // per body: where it lies along one axis across gravity, or null (no halves)
    private int[] groupPhase = new int[0];
    private int groups;
    private int count;
    private int levels;

    /**
     * Colours constraints {@code 0 .. n)} whose bodies are {@code bodyA[k]}, {@code bodyB[k]}
     * (solver body indices below {@code bodies}; 0 the fixed body); {@code invMass[i] == 0} marks
     * solver body {@code i} as infinitely heavy (depth 0).
     */
    public void color(int[] bodyA, int[] bodyB, int n, int bodies, double[] invMass) {
        color(bodyA, bodyB, n, bodies, invMass, null);
    }

    /**
     * {@link #color(int[], int[], int, int, double[])}, and a phase's serial group of at least {@link #HALVES_MIN}
     * constraints cut in halves by {@code place[i]}, body i's coordinate along an axis across gravity (class
     * comment, "Halves"); {@code null}: no halves.
     */
    public void color(int[] bodyA, int[] bodyB, int n, int bodies, double[] invMass, double[] place) {
        this.place = place;
        ensureBodies(bodies);
        ensureConstraints(n);
        count = n;
        levels = 0;
        phaseCount = 0;
        groups = 0;
        if (n == 0) {
            start[0] = 0;
            return;
        }
        depths(bodyA, bodyB, n, bodies, invMass);
        // each loop below is a method of its own: called once a step, this method's loops were compiled on
        // the stack (OSR) one by one, and each OSR compile is of the whole method (seven C2 compiles of it
        // in a 200-variant bake, four in 400 steps of the pile)
        levels = assignLevels(bodyA, bodyB, n) + 1;
        sortByLevel(n);
        for (int l = 0; l < levels && this.place != null; l++) {
            if (levelStart[l + 1] - levelStart[l] >= SERIAL_LEVEL) {
                this.place = null; // a step with colours is split by them: no halves (class comment, "Halves")
            }
        }
        orderPhases();
        // colours phase by phase: group of a constraint = first group of its phase + (0 serial | 1 + colour)
        int sizeAt = 0; // groups emitted so far; counts in start[1 + g]
        for (int p = 0; p < phaseCount; p++) {
            sizeAt = colourPhase(p, bodyA, bodyB, sizeAt);
        }
        groups = sizeAt;
        placeByGroup(n);
    }

    /** Each constraint's level (the smaller depth of its two bodies); returns the highest level. */
    private int assignLevels(int[] bodyA, int[] bodyB, int n) {
        int maxLevel = 0;
        for (int k = 0; k < n; k++) {
            int a = bodyA[k], b = bodyB[k];
            int l = Math.min(a == 0 ? 0 : depth[a], b == 0 ? 0 : depth[b]);
            level[k] = l;
            maxLevel = Math.max(maxLevel, l);
        }
        return maxLevel;
    }

    /** {@code byLevel}: the constraints by level, stable (a counting sort); {@code levelStart} each level's start. */
    private void sortByLevel(int n) {
        if (levelStart.length < levels + 1) {
            levelStart = new int[Math.max(levels + 1, levelStart.length * 2)];
        }
        Arrays.fill(levelStart, 0, levels + 1, 0);
        for (int k = 0; k < n; k++) {
            levelStart[level[k] + 1]++;
        }
        for (int l = 0; l < levels; l++) {
            levelStart[l + 1] += levelStart[l];
        }
        // byLevel: place with a moving cursor kept in levelStart[l] (restored below)
        for (int k = 0; k < n; k++) {
            byLevel[levelStart[level[k]]++] = k;
        }
        for (int l = levels; l > 0; l--) {
            levelStart[l] = levelStart[l - 1];
        }
        levelStart[0] = 0;
    }

    /**
     * {@code byPhase}: phase p holds the levels p, p + PHASES, p + 2 PHASES, ... in that order (body-disjoint:
     * a level-l constraint touches bodies of depth l and l + 1 only), each level's constraints in the given order.
     */
    private void orderPhases() {
        phaseCount = Math.min(levels, PHASES);
        int at = 0;
        for (int p = 0; p < phaseCount; p++) {
            phaseStart[p] = at;
            for (int l = p; l < levels; l += PHASES) {
                for (int j = levelStart[l], e = levelStart[l + 1]; j < e; j++) {
                    byPhase[at++] = byLevel[j];
                }
            }
        }
        phaseStart[phaseCount] = at;
    }

    /**
     * Colours phase {@code p}'s constraints and emits its non-empty groups from global group {@code sizeAt}
     * on; returns the groups emitted so far.
     */
    private int colourPhase(int p, int[] bodyA, int[] bodyB, int sizeAt) {
        int lo = phaseStart[p], hi = phaseStart[p + 1];
        if (lo == hi) {
            return sizeAt;
        }
        for (int j = lo; j < hi; j++) {
            int k = byPhase[j];
            mask[bodyA[k]] = 0;
            mask[bodyB[k]] = 0;
        }
        // local groups: LEFT and RIGHT (the serial constraints' halves), SERIAL, then COLOURED + colour
        int used = 0; // highest local group used + 1
        int serialCount = 0;
        double lowest = Double.POSITIVE_INFINITY, highest = Double.NEGATIVE_INFINITY;
        for (int j = lo; j < hi; j++) {
            int k = byPhase[j];
            int lv = level[k];
            int a = bodyA[k], b = bodyB[k];
            if (levelStart[lv + 1] - levelStart[lv] < SERIAL_LEVEL) {
                // a small level: too few to be worth colouring, whole in the given order in the serial group
                group[k] = SERIAL;
                used = Math.max(used, SERIAL + 1);
                serialCount++;
                if (place != null) {
                    if (a != 0) {
                        lowest = Math.min(lowest, place[a]);
                        highest = Math.max(highest, place[a]);
                    }
                    if (b != 0) {
                        lowest = Math.min(lowest, place[b]);
                        highest = Math.max(highest, place[b]);
                    }
                }
                continue;
            }
            int taken = (a != 0 ? mask[a] : 0) | (b != 0 ? mask[b] : 0);
            int free = ~taken & ((1 << COLORS) - 1);
            int local;
            if (free == 0) {
                local = SERIAL;
            } else {
                int c = Integer.numberOfTrailingZeros(free);
                int bit = 1 << c;
                if (a != 0) {
                    mask[a] |= bit;
                }
                if (b != 0) {
                    mask[b] |= bit;
                }
                local = COLOURED + c;
            }
            group[k] = local; // made global below
            used = Math.max(used, local + 1);
        }
        if (place != null && serialCount >= HALVES_MIN && lowest < highest) {
            halves(lo, hi, bodyA, bodyB, 0.5 * lowest + 0.5 * highest); // used > SERIAL > RIGHT already
        }
        // the phase's groups: local 0..used-1, empty ones dropped (the serial group is often empty)
        ensureGroups(sizeAt + used + 1);
        int[] counts = start; // per global group size at start[1 + g]
        int firstGlobal = sizeAt;
        // count per local group into a temporary region: reuse start[firstGlobal + 1 + local]
        for (int local = 0; local < used; local++) {
            counts[firstGlobal + 1 + local] = 0;
        }
        for (int j = lo; j < hi; j++) {
            counts[firstGlobal + 1 + group[byPhase[j]]]++;
        }
        // a pair of halves only when both have constraints; one alone is a serial group
        boolean pair = used > RIGHT && counts[firstGlobal + 1 + LEFT] > 0 && counts[firstGlobal + 1 + RIGHT] > 0;
        // compact: keep non-empty local groups, map local -> global in mask-free scratch (queue)
        int g = firstGlobal;
        for (int local = 0; local < used; local++) {
            int size = counts[firstGlobal + 1 + local];
            queue[local] = -1;
            if (size > 0) {
                counts[g + 1] = size;
                serial[g] = local == SERIAL || (local == LEFT || local == RIGHT) && !pair;
                half[g] = (byte) (pair && local == LEFT ? 1 : pair && local == RIGHT ? 2 : 0);
                groupPhase[g] = p;
                queue[local] = g;
                g++;
            }
        }
        for (int j = lo; j < hi; j++) {
            int k = byPhase[j];
            group[k] = queue[group[k]];
        }
        return g;
    }

    // the local groups of a phase, in solve order: the halves of its serial constraints, the serial group (what
    // the halves do not take, or all of it), then the colours
    private static final int LEFT = 0, RIGHT = 1, SERIAL = 2, COLOURED = 3; // a pair's halves: LEFT, LEFT + 1

    /**
     * The serial constraints of phase {@code [lo, hi)} of {@code byPhase} cut by place at {@code cut} (class comment,
     * "Halves"): each body other than the fixed body 0 lies left of the cut or not, and a constraint whose bodies all
     * lie on one side goes to that side's half; one with a body on each side stays in the serial group.
     */
    private void halves(int lo, int hi, int[] bodyA, int[] bodyB, double cut) {
        final double[] at = place;
        for (int j = lo; j < hi; j++) {
            int k = byPhase[j];
            if (group[k] != SERIAL) {
                continue;
            }
            int a = bodyA[k], b = bodyB[k];
            int sa = a == 0 ? -1 : at[a] < cut ? LEFT : RIGHT;
            int sb = b == 0 ? -1 : at[b] < cut ? LEFT : RIGHT;
            if (sa < 0) {
                group[k] = sb;
            } else if (sb < 0 || sa == sb) {
                group[k] = sa;
            }
        }
    }

    /** Prefix sums of the groups' sizes, then each group's constraints in the given order into {@code order}. */
    private void placeByGroup(int n) {
        start[0] = 0;
        for (int g = 0; g < groups; g++) {
            start[g + 1] += start[g];
        }
        // stable placement: each group in the given order (level order is store order within a level)
        // cursor per group in queue (groups <= n, queue has bodies >= ... capacity ensured in ensureGroups)
        for (int g = 0; g < groups; g++) {
            queue[g] = start[g];
        }
        for (int j = 0; j < n; j++) {
            int k = byPhase[j];
            order[queue[group[k]]++] = k;
        }
    }

    /** Breadth-first depth of every body from the infinitely heavy ones (see the class comment). */
    private void depths(int[] bodyA, int[] bodyB, int n, int bodies, double[] invMass) {
        // each loop a method of its own (see color): one C2 compile per loop instead of one of the whole per OSR
        adjacency(bodyA, bodyB, n, bodies);
        int tail = seedDepths(bodyA, bodyB, bodies, invMass);
        int maxDepth = breadthFirst(bodyA, bodyB, tail);
        for (int i = 1; i < bodies; i++) {
            if (depth[i] < 0) {
                depth[i] = maxDepth + 1; // not resting on anything heavy: one level after the rest
            }
        }
    }

    /** The bodies' constraints in CSR form: body i's at {@code adj[adjStart[i] .. adjStart[i + 1])}. */
    private void adjacency(int[] bodyA, int[] bodyB, int n, int bodies) {
        Arrays.fill(adjStart, 0, bodies + 1, 0);
        for (int k = 0; k < n; k++) {
            adjStart[bodyA[k] + 1]++;
            adjStart[bodyB[k] + 1]++;
        }
        for (int i = 0; i < bodies; i++) {
            adjStart[i + 1] += adjStart[i];
        }
        // fill with cursors in queue, then restore nothing (adjStart untouched)
        System.arraycopy(adjStart, 0, queue, 0, bodies);
        for (int k = 0; k < n; k++) {
            adj[queue[bodyA[k]]++] = k;
            adj[queue[bodyB[k]]++] = k;
        }
    }

    /** Depth 0 for the infinitely heavy bodies, 1 for the fixed body's neighbours, queued in that order; returns the queue's tail. */
    private int seedDepths(int[] bodyA, int[] bodyB, int bodies, double[] invMass) {
        int tail = 0;
        depth[0] = 0;
        for (int i = 1; i < bodies; i++) {
            if (invMass[i] == 0) {
                depth[i] = 0;
                queue[tail++] = i;
            } else {
                depth[i] = -1;
            }
        }
        // body 0 is not queued (it is shared by everything resting on the ground): its neighbours are depth 1,
        // queued after every other depth-0 body so the queue stays in depth order
        for (int j = adjStart[0], e = adjStart[1]; j < e; j++) {
            int k = adj[j];
            int o = bodyA[k] == 0 ? bodyB[k] : bodyA[k];
            if (o != 0 && depth[o] < 0) {
                depth[o] = 1;
                queue[tail++] = o;
            }
        }
        return tail;
    }

    /** Breadth first from the queued bodies: each body's depth; returns the largest (at least 1). */
    private int breadthFirst(int[] bodyA, int[] bodyB, int tail) {
        int head = 0;
        int maxDepth = 1;
        while (head < tail) {
            int i = queue[head++];
            int d = depth[i] + 1;
            for (int j = adjStart[i], e = adjStart[i + 1]; j < e; j++) {
                int k = adj[j];
                int o = bodyA[k] == i ? bodyB[k] : bodyA[k];
                if (o != 0 && depth[o] < 0) {
                    depth[o] = d;
                    maxDepth = Math.max(maxDepth, d);
                    queue[tail++] = o;
                }
            }
        }
        return maxDepth;
    }

    private void ensureBodies(int bodies) {
        if (mask.length < bodies + 1) {
            int cap = Math.max(bodies + 1, mask.length * 2);
            mask = new int[cap];
            depth = new int[cap];
            adjStart = new int[cap + 1];
            queue = new int[Math.max(cap, order.length) + COLORS + 4];
        }
    }

    private void ensureConstraints(int n) {
        if (level.length < n) {
            int cap = Math.max(n, level.length * 2);
            level = new int[cap];
            byLevel = new int[cap];
            byPhase = new int[cap];
            group = new int[cap];
            order = new int[cap];
            adj = new int[2 * cap];
        }
        if (queue.length < Math.max(mask.length, n) + COLORS + 4) {
            queue = new int[Math.max(mask.length, n) + COLORS + 4];
        }
    }

    private void ensureGroups(int g) {
        if (start.length < g + 1) {
            int cap = Math.max(g + 1, start.length * 2);
            start = Arrays.copyOf(start, cap);
            serial = Arrays.copyOf(serial, cap);
            half = Arrays.copyOf(half, cap);
            groupPhase = Arrays.copyOf(groupPhase, cap);
        }
    }

    /** Constraints coloured by the last {@link #color}. */
    public int count() {
        return count;
    }

    /** Groups of the last {@link #color}, in solve order (none empty). */
    public int groups() {
        return groups;
    }

    /** Levels of the last {@link #color} (the deepest constraint's level + 1). */
    public int levels() {
        return levels;
    }

    /** The constraints grouped in solve order; valid until the next {@link #color}. */
    public int[] order() {
        return order;
    }

    /** Where group {@code g} starts in {@link #order()}; {@code start(groups())} = count. */
    public int start(int g) {
        return start[g];
    }

    /** Constraints in group {@code g}. */
    public int size(int g) {
        return start[g + 1] - start[g];
    }

    /** Phases of the last {@link #color} (at most {@link #PHASES}; no more than its levels). */
    public int phases() {
        return phaseCount;
    }

    /** The phase of group {@code g} (a phase's groups are consecutive, phases in ascending order). */
    public int phase(int g) {
        return groupPhase[g];
    }

    /** Whether group {@code g} is a level's serial group (solved on the calling thread). */
    public boolean serial(int g) {
        return serial[g];
    }

    /**
     * 0, or 1 when group {@code g} is the left half of a phase's serial constraints and {@code g + 1} its right half
     * (2): the two share no body but the fixed body 0, so they may be solved at the same time, each in the given
     * order (class comment, "Halves").
     */
    public int half(int g) {
        return half[g];
    }
}
