package dev.rubble.core.dynamics;

import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * Union-find over body slots, rebuilt every step (SPEC §2 "islands and sleeping"). Iterative
 * {@link #find} with path halving; {@link #union} links the larger root under the smaller one, so
 * an island's root is always its lowest slot and the result does not depend on edge order.
 * Arrays grow to the slot high-water mark and are reused: no allocation in steady state.
 *
 * <p>{@link #unionShared} and {@link #findShared} may run on several threads at once (issue 26):
 * a link is a compare-and-set of a root's parent from itself to the smaller root, retried when
 * another thread linked that root first, and a halving step is a compare-and-set too, so every
 * parent stays an ancestor. Every link points to a smaller slot, so an island's root is still its
 * lowest slot: the same roots on any number of threads, in any interleaving.
 *
 * <p>Why not the shared {@link dev.rubble.spi.graph.DisjointSets} (the same rules, path halving and the lower
 * root kept, on a plain {@code int[]}): the sleep update runs this union-find from several threads at once,
 * which needs its parents in an {@link AtomicIntegerArray} (compare-and-set links and halving steps); the
 * one-thread path, and the serial joins between the parallel passes (constraint edges), read and write the
 * same array plainly, so both work on one state without copying it between an {@code int[]} and atomics.
 */
public final class IslandBuilder {
    // an AtomicIntegerArray rather than an int[] with a VarHandle: the one-thread path reads and writes it
    // plainly, and the controlled-concurrency tests (IslandBuilderFrayTest) see its atomic operations
    private AtomicIntegerArray parent = new AtomicIntegerArray(0);

    /** Makes room for slots {@code 0 .. slots)}. */
    public void ensure(int slots) {
        if (parent.length() < slots) {
            AtomicIntegerArray grown = new AtomicIntegerArray(Math.max(slots, parent.length() * 2));
            for (int i = 0, n = parent.length(); i < n; i++) {
                grown.setPlain(i, parent.getPlain(i));
            }
            parent = grown;
        }
    }

    /** Makes {@code s} a singleton island. */
    public void make(int s) {
        parent.setPlain(s, s);
    }

    /** Root (lowest slot) of the island of {@code s}. */
    public int find(int s) {
        AtomicIntegerArray p = parent;
        int q;
        while ((q = p.getPlain(s)) != s) {
            int g = p.getPlain(q);
            p.setPlain(s, g);
            s = g;
        }
        return s;
    }

    /** Joins the islands of {@code a} and {@code b}. */
    public void union(int a, int b) {
        int ra = find(a), rb = find(b);
        if (ra < rb) {
            parent.setPlain(rb, ra);
        } else if (rb < ra) {
            parent.setPlain(ra, rb);
        }
    }

    /** {@link #find} that other threads may run beside, with {@link #unionShared} and each other. */
    public int findShared(int s) {
        AtomicIntegerArray p = parent;
        int q;
        while ((q = p.getAcquire(s)) != s) {
            int g = p.getAcquire(q);
            if (g != q) {
                p.compareAndSet(s, q, g); // halving: q's parent is an ancestor of s too
            }
            s = g;
        }
        return s;
    }

    /** {@link #union} that other threads may run beside: the same islands, each rooted at its lowest slot. */
    public void unionShared(int a, int b) {
        AtomicIntegerArray p = parent;
        while (true) {
            int ra = findShared(a), rb = findShared(b);
            if (ra == rb) {
                return;
            }
            int lo = Math.min(ra, rb), hi = Math.max(ra, rb);
            if (p.compareAndSet(hi, hi, lo)) {
                return;
            }
            // hi was linked meanwhile: find the roots again
        }
    }
}
