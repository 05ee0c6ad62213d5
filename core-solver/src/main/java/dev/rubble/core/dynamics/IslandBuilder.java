package dev.rubble.core.dynamics;

import java.util.Arrays;

/**
 * Union-find over body slots, rebuilt every step (SPEC §2 "islands and sleeping"). Iterative
 * {@link #find} with path halving; {@link #union} links the larger root under the smaller one, so
 * an island's root is always its lowest slot and the result does not depend on edge order.
 * Arrays grow to the slot high-water mark and are reused: no allocation in steady state.
 */
public final class IslandBuilder {
    private int[] parent = new int[0];

    /** Makes room for slots {@code 0 .. slots)}. */
    public void ensure(int slots) {
        if (parent.length < slots) {
            parent = Arrays.copyOf(parent, Math.max(slots, parent.length * 2));
        }
    }

    /** Makes {@code s} a singleton island. */
    public void make(int s) {
        parent[s] = s;
    }

    /** Root (lowest slot) of the island of {@code s}. */
    public int find(int s) {
        int[] p = parent;
        while (p[s] != s) {
            p[s] = p[p[s]];
            s = p[s];
        }
        return s;
    }

    /** Joins the islands of {@code a} and {@code b}. */
    public void union(int a, int b) {
        int ra = find(a), rb = find(b);
        if (ra < rb) {
            parent[rb] = ra;
        } else if (rb < ra) {
            parent[ra] = rb;
        }
    }
}
