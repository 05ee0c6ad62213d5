package dev.rubble.core.dynamics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

final class IslandBuilderTest {

    @Test
    void matchesBreadthFirstComponentsOnRandomGraphs() {
        SplittableRandom rnd = new SplittableRandom(42);
        for (int trial = 0; trial < 50; trial++) {
            int n = 1 + rnd.nextInt(300);
            int edges = rnd.nextInt(n + 1);
            int[] ea = new int[edges], eb = new int[edges];
            IslandBuilder u = new IslandBuilder();
            u.ensure(n);
            for (int i = 0; i < n; i++) {
                u.make(i);
            }
            List<List<Integer>> adj = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                adj.add(new ArrayList<>());
            }
            for (int e = 0; e < edges; e++) {
                ea[e] = rnd.nextInt(n);
                eb[e] = rnd.nextInt(n);
                u.union(ea[e], eb[e]);
                adj.get(ea[e]).add(eb[e]);
                adj.get(eb[e]).add(ea[e]);
            }
            // reference: BFS labels each component with its lowest vertex
            int[] label = new int[n];
            java.util.Arrays.fill(label, -1);
            for (int s = 0; s < n; s++) {
                if (label[s] >= 0) {
                    continue;
                }
                ArrayDeque<Integer> q = new ArrayDeque<>();
                q.add(s);
                label[s] = s;
                while (!q.isEmpty()) {
                    int x = q.poll();
                    for (int y : adj.get(x)) {
                        if (label[y] < 0) {
                            label[y] = s;
                            q.add(y);
                        }
                    }
                }
            }
            for (int i = 0; i < n; i++) {
                assertThat(u.find(i)).as("trial %d vertex %d", trial, i).isEqualTo(label[i]);
            }
        }
    }

    @Test
    void longChainDoesNotOverflowTheStack() {
        int n = 1_000_000;
        IslandBuilder u = new IslandBuilder();
        u.ensure(n);
        for (int i = 0; i < n; i++) {
            u.make(i);
        }
        for (int i = n - 1; i > 0; i--) {
            u.union(i, i - 1);
        }
        assertThat(u.find(n - 1)).isZero();
    }
}
