package dev.rubble.core.dynamics;

import java.util.Arrays;

/**
 * Graph colouring of the solved constraints (Box2D v3's constraint graph; docs/parallel.md): each
 * constraint gets a colour such that no two constraints of one colour share a body that the solver
 * writes, so the constraints of a colour can be solved concurrently, and the colours one after the
 * other, in a fixed order.
 *
 * <ul>
 *   <li>Constraints are coloured serially, in the order they are given (the contact store's order,
 *       sorted by body pair: a function of the scene alone, never of the thread count), each with
 *       the lowest colour free on both its bodies (first fit).</li>
 *   <li>Body {@code 0} is the solver's shared fixed body (static bodies at rest): the solver never
 *       writes it, so it takes no colour slot and any number of a colour's constraints may touch it.
 *       Every other body (dynamic, kinematic, moving static) takes a slot.</li>
 *   <li>A constraint whose bodies have no common free colour among the {@value #COLORS} goes to the
 *       overflow colour, solved serially (on the calling thread) before the others.</li>
 * </ul>
 * Result: {@link #order()} lists the constraints grouped by colour, overflow first, each group in
 * the given order; group {@code g} is {@code order[start(g) .. start(g + 1))}, group 0 the
 * overflow. Allocation-free in steady state.
 */
public final class ConstraintColoring {
    /** Colours besides the overflow (Box2D v3 uses 24; an int mask per body holds up to 32). */
    public static final int COLORS = 24;
    /** Groups: the overflow (group 0) and the colours. */
    public static final int GROUPS = COLORS + 1;

    private int[] mask = new int[0];   // per body: colours taken
    private int[] group = new int[0];  // per constraint
    private int[] order = new int[0];
    private final int[] start = new int[GROUPS + 1];
    private int count;

    /**
     * Colours constraints {@code 0 .. n)} whose bodies are {@code bodyA[k]}, {@code bodyB[k]}
     * (solver body indices below {@code bodies}; 0 the fixed body).
     */
    public void color(int[] bodyA, int[] bodyB, int n, int bodies) {
        if (mask.length < bodies) {
            mask = new int[Math.max(bodies, mask.length * 2)];
        }
        Arrays.fill(mask, 0, bodies, 0);
        if (group.length < n) {
            int cap = Math.max(n, group.length * 2);
            group = new int[cap];
            order = new int[cap];
        }
        Arrays.fill(start, 0);
        for (int k = 0; k < n; k++) {
            int a = bodyA[k], b = bodyB[k];
            int taken = (a != 0 ? mask[a] : 0) | (b != 0 ? mask[b] : 0);
            int free = ~taken & ((1 << COLORS) - 1);
            int g;
            if (free == 0) {
                g = 0; // overflow
            } else {
                int c = Integer.numberOfTrailingZeros(free);
                int bit = 1 << c;
                if (a != 0) {
                    mask[a] |= bit;
                }
                if (b != 0) {
                    mask[b] |= bit;
                }
                g = c + 1;
            }
            group[k] = g;
            start[g + 1]++;
        }
        for (int g = 0; g < GROUPS; g++) {
            start[g + 1] += start[g];
        }
        // stable placement: each group keeps the given order
        int[] next = cursor;
        System.arraycopy(start, 0, next, 0, GROUPS);
        for (int k = 0; k < n; k++) {
            order[next[group[k]]++] = k;
        }
        count = n;
    }

    private final int[] cursor = new int[GROUPS];

    /**
     * No colours: all {@code n} constraints in the overflow group, in the given order (the solver's
     * serial store-order sweep; see {@code ContactSolver.COLOURED}).
     */
    public void serial(int n) {
        if (order.length < n) {
            int cap = Math.max(n, order.length * 2);
            group = new int[cap];
            order = new int[cap];
        }
        for (int k = 0; k < n; k++) {
            order[k] = k;
        }
        start[0] = 0;
        for (int g = 1; g <= GROUPS; g++) {
            start[g] = n;
        }
        count = n;
    }

    /** Constraints coloured by the last {@link #color}. */
    public int count() {
        return count;
    }

    /** The constraints grouped by colour (overflow first); valid until the next {@link #color}. */
    public int[] order() {
        return order;
    }

    /** Where group {@code g} (0 = overflow, 1..{@value #COLORS} = colours) starts in {@link #order()}; {@code start(GROUPS)} = count. */
    public int start(int g) {
        return start[g];
    }

    /** Constraints in group {@code g}. */
    public int size(int g) {
        return start[g + 1] - start[g];
    }
}
