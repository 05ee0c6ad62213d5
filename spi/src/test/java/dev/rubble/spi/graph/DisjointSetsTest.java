package dev.rubble.spi.graph;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link DisjointSets} against a brute-force component labelling (breadth-first search over adjacency
 * lists) on seeded random graphs, sparse to dense, with self-loops and repeated edges: the same partition,
 * every root the lowest element of its set, {@code union} true exactly once per merge, and labels numbered
 * by lowest element, whatever order the edges come in.
 */
final class DisjointSetsTest {

    /** Components by BFS, numbered in the order of their lowest vertex. */
    private static int[] bfsLabels(int n, int[] ea, int[] eb) {
        List<List<Integer>> adj = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            adj.add(new ArrayList<>());
        }
        for (int e = 0; e < ea.length; e++) {
            adj.get(ea[e]).add(eb[e]);
            adj.get(eb[e]).add(ea[e]);
        }
        int[] label = new int[n];
        Arrays.fill(label, -1);
        int next = 0;
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        for (int s = 0; s < n; s++) {
            if (label[s] >= 0) {
                continue;
            }
            label[s] = next;
            queue.add(s);
            while (!queue.isEmpty()) {
                int v = queue.poll();
                for (int w : adj.get(v)) {
                    if (label[w] < 0) {
                        label[w] = next;
                        queue.add(w);
                    }
                }
            }
            next++;
        }
        return label;
    }

    @Test
    void matchesBreadthFirstComponentsOnRandomGraphs() {
        SplittableRandom rnd = new SplittableRandom(20261205L);
        for (int round = 0; round < 400; round++) {
            int n = 1 + rnd.nextInt(200);
            int m = rnd.nextInt(2 * n + 1); // from no edges to well past the giant-component threshold
            int[] ea = new int[m], eb = new int[m];
            for (int e = 0; e < m; e++) {
                ea[e] = rnd.nextInt(n);
                eb[e] = rnd.nextInt(n); // self-loops and repeats allowed
            }
            int[] expected = bfsLabels(n, ea, eb);
            int components = Arrays.stream(expected).max().orElse(-1) + 1;
            int[] lowest = new int[components];
            Arrays.fill(lowest, Integer.MAX_VALUE);
            for (int i = 0; i < n; i++) {
                lowest[expected[i]] = Math.min(lowest[expected[i]], i);
            }

            int[] parent = new int[n + 3]; // longer than n: the tail is left alone
            Arrays.fill(parent, -7);
            DisjointSets.reset(parent, n);
            int merges = 0;
            for (int e = 0; e < m; e++) {
                merges += DisjointSets.union(parent, ea[e], eb[e]) ? 1 : 0;
            }
            assertThat(merges).as("round %d: merges", round).isEqualTo(n - components);
            for (int i = 0; i < n; i++) {
                assertThat(DisjointSets.find(parent, i)).as("round %d: root of %d", round, i).isEqualTo(lowest[expected[i]]);
            }
            assertThat(Arrays.copyOfRange(parent, n, n + 3)).containsOnly(-7);

            // the same roots with the edges in another order, each edge turned round
            int[] shuffled = new int[n];
            DisjointSets.reset(shuffled, n);
            int[] order = new int[m];
            for (int e = 0; e < m; e++) {
                int j = rnd.nextInt(e + 1);
                order[e] = order[j];
                order[j] = e;
            }
            for (int e = 0; e < m; e++) {
                DisjointSets.union(shuffled, eb[order[e]], ea[order[e]]);
            }
            for (int i = 0; i < n; i++) {
                assertThat(DisjointSets.find(shuffled, i)).isEqualTo(DisjointSets.find(parent, i));
            }

            // labels: into a separate array, and in place
            int[] label = new int[n];
            assertThat(DisjointSets.label(parent, n, label)).isEqualTo(components);
            assertThat(label).as("round %d: labels", round).containsExactly(expected);
            assertThat(DisjointSets.label(shuffled, n, shuffled)).isEqualTo(components);
            assertThat(shuffled).as("round %d: labels in place", round).containsExactly(expected);
        }
    }

    @Test
    void aLongChainJoinedFromItsFarEndStillFindsItsLowestElement() {
        // unions that build a path 0 <- 1 <- ... (each new root under the previous one) then finds from the far
        // end: iterative, so no stack overflow, and halving flattens the path
        int n = 1_000_000;
        int[] parent = new int[n];
        DisjointSets.reset(parent, n);
        for (int i = n - 1; i > 0; i--) {
            assertThat(DisjointSets.union(parent, i, i - 1)).isTrue();
        }
        assertThat(DisjointSets.find(parent, n - 1)).isZero();
        assertThat(DisjointSets.union(parent, 0, n - 1)).isFalse();
        int[] label = new int[n];
        assertThat(DisjointSets.label(parent, n, label)).isEqualTo(1);
        assertThat(Arrays.stream(label).max().getAsInt()).isZero();
    }
}
