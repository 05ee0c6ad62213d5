package dev.rubble.core.dynamics;

import org.junit.jupiter.api.extension.ExtendWith;
import org.pastalab.fray.junit.junit5.FrayTestExtension;
import org.pastalab.fray.junit.junit5.annotations.ConcurrencyTest;

/**
 * The sleep update's concurrent union-find ({@link IslandBuilder#unionShared}, {@link
 * IslandBuilder#findShared}; issue 26 item 2, docs/parallel.md "Islands and sleep") under Fray's
 * controlled scheduler: threads union disjoint shares of one edge list at once, in every interleaving
 * Fray explores, and then every slot's root must be the lowest slot of its component, as a serial
 * breadth-first search of the same edges finds it (so one thread's islands on any thread count).
 *
 * <p>Planted on 2026-12-04 for the check: a link that reads the root and then writes it (instead of one
 * compare-and-set) failed {@link #twoThreadsRaceToLinkTheSameRoot} in its 10th iteration ("slot 1: root
 * 1, expected 0"). With the parent links in an {@code int[]} behind a {@code VarHandle} Fray saw none of
 * the operations and found nothing, which is why they are an {@code AtomicIntegerArray}.
 */
@ExtendWith(FrayTestExtension.class)
class IslandBuilderFrayTest {

    /** The lowest slot of each slot's component of {@code edges} over {@code n} slots, by breadth-first search. */
    private static int[] lowestOfComponent(int n, int[][] edges) {
        int[] low = new int[n];
        java.util.Arrays.fill(low, -1);
        for (int s = 0; s < n; s++) {
            if (low[s] >= 0) {
                continue;
            }
            java.util.ArrayDeque<Integer> q = new java.util.ArrayDeque<>();
            q.add(s);
            low[s] = s; // s is the lowest unvisited slot, so the lowest of its component
            while (!q.isEmpty()) {
                int v = q.poll();
                for (int[] e : edges) {
                    int w = e[0] == v ? e[1] : e[1] == v ? e[0] : -1;
                    if (w >= 0 && low[w] < 0) {
                        low[w] = s;
                        q.add(w);
                    }
                }
            }
        }
        return low;
    }

    /** {@code threads} threads union the edges {@code k, k + threads, ...} each; then the roots are checked. */
    private static void unionConcurrently(int n, int[][] edges, int threads) throws InterruptedException {
        IslandBuilder ib = new IslandBuilder();
        ib.ensure(n);
        for (int s = 0; s < n; s++) {
            ib.make(s);
        }
        Thread[] ts = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            final int first = t;
            ts[t] = new Thread(() -> {
                for (int k = first; k < edges.length; k += threads) {
                    ib.unionShared(edges[k][0], edges[k][1]);
                }
            });
            ts[t].start();
        }
        for (Thread t : ts) {
            t.join();
        }
        int[] expected = lowestOfComponent(n, edges);
        for (int s = 0; s < n; s++) {
            int r = ib.findShared(s);
            if (r != expected[s] || ib.find(s) != expected[s]) {
                throw new AssertionError("slot " + s + ": root " + r + ", expected " + expected[s]);
            }
        }
    }

    /** Two chains built from both ends at once, joined in the middle: the links race for the same roots. */
    @ConcurrencyTest(iterations = 300)
    void twoThreadsJoinChainsFromBothEnds() throws InterruptedException {
        unionConcurrently(8, new int[][] {{7, 6}, {0, 1}, {6, 5}, {1, 2}, {5, 4}, {2, 3}, {4, 3}}, 2);
    }

    /**
     * Both threads' first unions link the same root (slot 5 to 0 and to 1, then slot 4 to 2 and to 3): a link
     * that checks the root and then writes, instead of one compare-and-set, loses one of them.
     */
    @ConcurrencyTest(iterations = 300)
    void twoThreadsRaceToLinkTheSameRoot() throws InterruptedException {
        unionConcurrently(6, new int[][] {{5, 0}, {5, 1}, {4, 2}, {4, 3}, {5, 2}}, 2);
    }

    /** Three threads, two components, edges given high slot first and repeated (unions of joined islands). */
    @ConcurrencyTest(iterations = 200)
    void threeThreadsTwoComponentsWithRepeatedEdges() throws InterruptedException {
        unionConcurrently(9, new int[][] {{8, 2}, {6, 4}, {2, 0}, {8, 6}, {5, 3}, {7, 1}, {3, 1}, {2, 8}, {4, 0}, {7, 5}},
                3);
    }
}
