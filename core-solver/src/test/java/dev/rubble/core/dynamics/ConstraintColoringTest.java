package dev.rubble.core.dynamics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The colouring's promises (docs/parallel.md), checked against brute force on random constraint
 * graphs: no two constraints of a parallel group share a written body, levels are the brute-force
 * support depths and come bottom up, every group keeps the given order, small levels stay whole.
 */
final class ConstraintColoringTest {

    /** Depth by repeated relaxation (Bellman-Ford with unit weights): the reference for the BFS. */
    private static int[] bruteDepth(int[] a, int[] b, int n, int bodies, double[] invMass) {
        int inf = Integer.MAX_VALUE / 2;
        int[] d = new int[bodies];
        Arrays.fill(d, inf);
        d[0] = 0;
        for (int i = 1; i < bodies; i++) {
            if (invMass[i] == 0) {
                d[i] = 0;
            }
        }
        for (boolean changed = true; changed; ) {
            changed = false;
            for (int k = 0; k < n; k++) {
                int x = a[k], y = b[k];
                if (d[x] + 1 < d[y] && y != 0) {
                    d[y] = d[x] + 1;
                    changed = true;
                }
                if (d[y] + 1 < d[x] && x != 0) {
                    d[x] = d[y] + 1;
                    changed = true;
                }
            }
        }
        int max = 1;
        for (int i = 0; i < bodies; i++) {
            if (d[i] < inf) {
                max = Math.max(max, d[i]);
            }
        }
        for (int i = 1; i < bodies; i++) {
            if (d[i] >= inf) {
                d[i] = max + 1;
            }
        }
        return d;
    }

    private static void check(ConstraintColoring c, int[] a, int[] b, int n, int bodies, double[] invMass) {
        c.color(a, b, n, bodies, invMass);
        int[] depth = bruteDepth(a, b, n, bodies, invMass);
        int[] order = c.order();
        boolean[] seen = new boolean[n];
        int lastLevel = -1;
        int[] levelSize = new int[n + 2];
        for (int k = 0; k < n; k++) {
            levelSize[Math.min(depth[a[k]], depth[b[k]])]++;
        }
        assertThat(c.start(0)).isZero();
        assertThat(c.start(c.groups())).isEqualTo(n);
        for (int g = 0; g < c.groups(); g++) {
            assertThat(c.size(g)).as("group %d", g).isPositive();
            int level = c.level(g);
            assertThat(level).as("levels come bottom up").isGreaterThanOrEqualTo(lastLevel);
            lastLevel = level;
            java.util.Set<Integer> bodiesOfGroup = new java.util.HashSet<>();
            int prev = -1;
            for (int j = c.start(g); j < c.start(g + 1); j++) {
                int k = order[j];
                assertThat(seen[k]).as("constraint %d listed once", k).isFalse();
                seen[k] = true;
                assertThat(k).as("the given order within a group").isGreaterThan(prev);
                prev = k;
                assertThat(Math.min(depth[a[k]], depth[b[k]])).as("level of constraint %d", k).isEqualTo(level);
                if (!c.serial(g)) {
                    for (int body : new int[] {a[k], b[k]}) {
                        if (body != 0) {
                            assertThat(bodiesOfGroup.add(body)).as("body %d twice in parallel group %d", body, g).isTrue();
                        }
                    }
                }
            }
            if (levelSize[level] < ConstraintColoring.SERIAL_LEVEL) {
                assertThat(c.serial(g)).isTrue();
                assertThat(c.size(g)).as("a small level is one group").isEqualTo(levelSize[level]);
            }
        }
        for (int k = 0; k < n; k++) {
            assertThat(seen[k]).isTrue();
        }
    }

    @Test
    void randomGraphsKeepEveryPromise() {
        SplittableRandom r = new SplittableRandom(2026);
        ConstraintColoring c = new ConstraintColoring(); // reused: stale state must not leak between calls
        for (int round = 0; round < 200; round++) {
            int bodies = 2 + r.nextInt(round < 100 ? 40 : 400);
            int n = r.nextInt(round < 100 ? 60 : 1500);
            double[] invMass = new double[bodies];
            for (int i = 1; i < bodies; i++) {
                invMass[i] = r.nextInt(10) == 0 ? 0 : 1;
            }
            int[] a = new int[n], b = new int[n];
            for (int k = 0; k < n; k++) {
                int x = r.nextInt(5) == 0 ? 0 : r.nextInt(bodies);
                int y = 1 + r.nextInt(bodies - 1);
                if (x == y) {
                    x = 0; // a contact joins two different bodies
                }
                a[k] = Math.min(x, y);
                b[k] = Math.max(x, y);
            }
            check(c, a, b, n, bodies, invMass);
        }
    }

    @Test
    void aWideStackIsColouredLayerByLayerBottomUp() {
        // 100 columns of 5 boxes on the ground (body 0): level L = the contacts under layer L + 1
        int cols = 100, high = 5, bodies = 1 + cols * high, n = cols * high;
        int[] a = new int[n], b = new int[n];
        int k = 0;
        for (int col = 0; col < cols; col++) {
            for (int h = 0; h < high; h++) {
                int body = 1 + col * high + h;
                a[k] = h == 0 ? 0 : body - 1;
                b[k] = body;
                k++;
            }
        }
        double[] invMass = new double[bodies];
        Arrays.fill(invMass, 1, bodies, 1);
        ConstraintColoring c = new ConstraintColoring();
        check(c, a, b, n, bodies, invMass);
        // each level is 100 manifolds with no shared body: one colour each, five groups, no serial one
        assertThat(c.groups()).isEqualTo(high);
        assertThat(c.levels()).isEqualTo(high);
        for (int g = 0; g < high; g++) {
            assertThat(c.serial(g)).isFalse();
            assertThat(c.size(g)).isEqualTo(cols);
            assertThat(c.level(g)).isEqualTo(g);
        }
    }

    @Test
    void aBodyWithMoreContactsThanColoursSpillsIntoItsLevelsSerialGroup() {
        // one heavy slab (body 1) on the ground, 100 small boxes on it: level 1 has 100 manifolds all on body 1
        int n = 101, bodies = 102;
        int[] a = new int[n], b = new int[n];
        a[0] = 0;
        b[0] = 1;
        for (int k = 1; k < n; k++) {
            a[k] = 1;
            b[k] = 1 + k;
        }
        double[] invMass = new double[bodies];
        Arrays.fill(invMass, 1, bodies, 1);
        ConstraintColoring c = new ConstraintColoring();
        check(c, a, b, n, bodies, invMass);
        // level 0: the slab (serial: one manifold); level 1: 24 colours of one manifold, 76 serial
        int serial = 0, parallel = 0;
        for (int g = 0; g < c.groups(); g++) {
            if (c.level(g) == 1) {
                if (c.serial(g)) {
                    serial += c.size(g);
                } else {
                    parallel++;
                }
            }
        }
        assertThat(parallel).isEqualTo(ConstraintColoring.COLORS);
        assertThat(serial).isEqualTo(100 - ConstraintColoring.COLORS);
    }

    @Test
    void nothingToColour() {
        ConstraintColoring c = new ConstraintColoring();
        c.color(new int[0], new int[0], 0, 1, new double[1]);
        assertThat(c.groups()).isZero();
        assertThat(c.count()).isZero();
    }
}
