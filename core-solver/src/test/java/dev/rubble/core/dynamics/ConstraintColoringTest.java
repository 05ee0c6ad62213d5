package dev.rubble.core.dynamics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The colouring's promises (docs/parallel.md), checked against brute force on random constraint
 * graphs: no two constraints of a parallel group share a written body, levels are the brute-force
 * support depths, each level is coloured as on its own (first fit in the given order, small levels
 * whole and serial), and the levels {@code l, l + PHASES, ...} (which share no written body) are
 * solved together as one phase, phases bottom up.
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

    /**
     * The expected groups, built independently: each level coloured on its own (first fit over 24
     * colours in the given order; a small level, or a constraint with no common free colour, in the
     * level's serial list), then phase {@code p} = the levels {@code p, p + PHASES, ...}: its serial
     * group is their serial lists one level after the other, its colour {@code c} the levels' colour
     * {@code c} one level after the other; empty groups dropped.
     */
    private record Group(java.util.List<Integer> members, boolean serial) {}

    private static java.util.List<Group> expectedGroups(int[] a, int[] b, int n, int[] depth) {
        int maxLevel = 0;
        int[] level = new int[n];
        for (int k = 0; k < n; k++) {
            level[k] = Math.min(depth[a[k]], depth[b[k]]);
            maxLevel = Math.max(maxLevel, level[k]);
        }
        int phases = ConstraintColoring.PHASES;
        java.util.List<Group> out = new java.util.ArrayList<>();
        for (int p = 0; p < phases; p++) {
            java.util.List<java.util.List<Integer>> ofPhase = new java.util.ArrayList<>();
            for (int g = 0; g <= ConstraintColoring.COLORS; g++) {
                ofPhase.add(new java.util.ArrayList<>());
            }
            for (int l = p; l <= maxLevel; l += phases) {
                java.util.List<Integer> members = new java.util.ArrayList<>();
                for (int k = 0; k < n; k++) {
                    if (level[k] == l) {
                        members.add(k);
                    }
                }
                java.util.Map<Integer, java.util.Set<Integer>> used = new java.util.HashMap<>();
                for (int k : members) {
                    int group = 0;
                    if (members.size() >= ConstraintColoring.SERIAL_LEVEL) {
                        for (int c = 0; c < ConstraintColoring.COLORS; c++) {
                            boolean free = true;
                            for (int body : new int[] {a[k], b[k]}) {
                                free &= body == 0 || !used.computeIfAbsent(body, x -> new java.util.HashSet<>()).contains(c);
                            }
                            if (free) {
                                for (int body : new int[] {a[k], b[k]}) {
                                    if (body != 0) {
                                        used.get(body).add(c);
                                    }
                                }
                                group = c + 1;
                                break;
                            }
                        }
                    }
                    ofPhase.get(group).add(k);
                }
            }
            for (int g = 0; g < ofPhase.size(); g++) {
                if (!ofPhase.get(g).isEmpty()) {
                    out.add(new Group(ofPhase.get(g), g == 0));
                }
            }
        }
        return out;
    }

    private static void check(ConstraintColoring c, int[] a, int[] b, int n, int bodies, double[] invMass) {
        c.color(a, b, n, bodies, invMass);
        int[] depth = bruteDepth(a, b, n, bodies, invMass);
        int[] order = c.order();
        assertThat(c.start(0)).isZero();
        assertThat(c.start(c.groups())).isEqualTo(n);
        java.util.List<Group> expected = expectedGroups(a, b, n, depth);
        assertThat(c.groups()).as("groups").isEqualTo(expected.size());
        int lastPhase = -1;
        for (int g = 0; g < c.groups(); g++) {
            int phase = c.phase(g);
            assertThat(phase).as("phases come in order").isGreaterThanOrEqualTo(lastPhase);
            lastPhase = phase;
            java.util.List<Integer> got = new java.util.ArrayList<>();
            java.util.Map<Integer, Integer> levelOfBody = new java.util.HashMap<>();
            for (int j = c.start(g); j < c.start(g + 1); j++) {
                int k = order[j];
                got.add(k);
                int level = Math.min(depth[a[k]], depth[b[k]]);
                assertThat(level % ConstraintColoring.PHASES).as("phase of constraint %d", k).isEqualTo(phase);
                for (int body : new int[] {a[k], b[k]}) {
                    if (body != 0) {
                        // the levels of one phase share no written body, so their relative order changes no bit
                        Integer before = levelOfBody.put(body, level);
                        assertThat(before == null || before == level).as("body %d in two levels of phase %d", body, phase).isTrue();
                    }
                }
            }
            assertThat(got).as("group %d: members and order", g).isEqualTo(expected.get(g).members());
            assertThat(c.serial(g)).as("group %d serial", g).isEqualTo(expected.get(g).serial());
            if (!c.serial(g)) {
                java.util.Set<Integer> bodiesOfGroup = new java.util.HashSet<>();
                for (int k : got) {
                    for (int body : new int[] {a[k], b[k]}) {
                        if (body != 0) {
                            assertThat(bodiesOfGroup.add(body)).as("body %d twice in parallel group %d", body, g).isTrue();
                        }
                    }
                }
            }
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
    void randomTallWallsKeepEveryPromise() {
        // walls of boxes in rows, each box resting on up to two of the row below and touching its
        // side neighbour (the large pyramid's graph), with random gaps, a few heavy boxes and a few
        // loose boxes touching only each other: far more levels than phases
        SplittableRandom r = new SplittableRandom(26);
        ConstraintColoring c = new ConstraintColoring();
        for (int round = 0; round < 20; round++) {
            int width = 1 + r.nextInt(round < 10 ? 8 : 120), rows = 1 + r.nextInt(3 * ConstraintColoring.PHASES + 10);
            int bodies = 1 + width * rows + 6;
            double[] invMass = new double[bodies];
            Arrays.fill(invMass, 1, bodies, 1);
            java.util.List<int[]> pairs = new java.util.ArrayList<>();
            for (int row = 0; row < rows; row++) {
                for (int x = 0; x < width; x++) {
                    int body = 1 + row * width + x;
                    if (r.nextInt(50) == 0) {
                        invMass[body] = 0;
                    }
                    if (row == 0) {
                        pairs.add(new int[] {0, body});
                    } else {
                        for (int under = x; under <= x + 1 && under < width; under++) {
                            if (r.nextInt(8) != 0) {
                                pairs.add(new int[] {body - width + under - x, body});
                            }
                        }
                    }
                    if (x > 0 && r.nextInt(3) != 0) {
                        pairs.add(new int[] {body - 1, body});
                    }
                }
            }
            for (int i = 0; i < 5; i++) {
                pairs.add(new int[] {bodies - 6 + i, bodies - 5 + i}); // a loose chain, resting on nothing heavy
            }
            pairs.sort((p, q) -> p[0] != q[0] ? Integer.compare(p[0], q[0]) : Integer.compare(p[1], q[1]));
            int n = pairs.size();
            int[] a = new int[n], b = new int[n];
            for (int k = 0; k < n; k++) {
                a[k] = pairs.get(k)[0];
                b[k] = pairs.get(k)[1];
            }
            check(c, a, b, n, bodies, invMass);
        }
    }

    /** {@code cols} columns of {@code high} boxes on the fixed body 0 (each box on the one below), coloured and checked. */
    private static ConstraintColoring columns(int cols, int high) {
        int bodies = 1 + cols * high, n = cols * high;
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
        return c;
    }

    @Test
    void aTallStackSharesItsPhasesAcrossLevels() {
        // 100 columns of 3 PHASES + 5 boxes: each level is 100 manifolds with no shared body, one
        // colour; the levels l, l + PHASES, ... are one group
        int phases = ConstraintColoring.PHASES;
        int cols = 100, high = 3 * phases + 5;
        ConstraintColoring c = columns(cols, high);
        assertThat(c.levels()).isEqualTo(high);
        assertThat(c.phases()).isEqualTo(phases);
        assertThat(c.groups()).as("one parallel group per phase").isEqualTo(phases);
        for (int g = 0; g < phases; g++) {
            assertThat(c.serial(g)).isFalse();
            assertThat(c.phase(g)).isEqualTo(g);
            assertThat(c.size(g)).as("phase %d: its levels' 100 manifolds each", g).isEqualTo(cols * (g < 5 ? 4 : 3));
        }
    }

    @Test
    void aWideStackIsColouredLayerByLayerBottomUp() {
        // 100 columns of 5 boxes on the ground (body 0): level L = the contacts under layer L + 1
        int cols = 100, high = 5;
        ConstraintColoring c = columns(cols, high);
        // each level is 100 manifolds with no shared body: one colour each, five groups, no serial one
        assertThat(c.groups()).isEqualTo(high);
        assertThat(c.levels()).isEqualTo(high);
        for (int g = 0; g < high; g++) {
            assertThat(c.serial(g)).isFalse();
            assertThat(c.size(g)).isEqualTo(cols);
            assertThat(c.phase(g)).isEqualTo(g);
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
            if (c.phase(g) == 1) {
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

    /**
     * With the bodies' places (ConstraintColoring, "Halves"), in a graph with no level to colour, each phase's serial
     * group of at least HALVES_MIN constraints is cut at the middle of those constraints' bodies' extent: the constraints whose
     * bodies other than 0 all lie left of the cut form the left half, all right the right half (each in the given
     * order), the rest stays serial after them; the two halves share no body but 0; every colour group is the same as
     * without places. The expected groups are built from the colouring without places (checked against brute force
     * above) and the cut rule, independently of the code that cuts.
     */
    @Test
    void randomGraphsWithPlacesCutTheirSerialGroupsInHalves() {
        SplittableRandom r = new SplittableRandom(37);
        ConstraintColoring plain = new ConstraintColoring(), cut = new ConstraintColoring();
        int pairs = 0;
        for (int round = 0; round < 300; round++) {
            int bodies = 2 + r.nextInt(round < 150 ? 60 : 400);
            int n = r.nextInt(round < 150 ? 120 : 1500);
            double[] invMass = new double[bodies], place = new double[bodies];
            for (int i = 1; i < bodies; i++) {
                invMass[i] = r.nextInt(10) == 0 ? 0 : 1;
                place[i] = r.nextInt(4) == 0 ? r.nextInt(5) : r.nextDouble() * 10; // some on the cut itself
            }
            place[0] = Double.NaN; // the fixed body's place is never read
            int[] a = new int[n], b = new int[n];
            for (int k = 0; k < n; k++) {
                int x = r.nextInt(5) == 0 ? 0 : r.nextInt(bodies);
                int y = 1 + r.nextInt(bodies - 1);
                if (x == y) {
                    x = 0;
                }
                a[k] = Math.min(x, y);
                b[k] = Math.max(x, y);
            }
            plain.color(a, b, n, bodies, invMass);
            cut.color(a, b, n, bodies, invMass, place);
            int[] depth = bruteDepth(a, b, n, bodies, invMass);
            int[] levelSize = new int[n + 2];
            boolean coloured = false; // a step with a level to colour gets no halves: its colours split it
            for (int k = 0; k < n; k++) {
                coloured |= ++levelSize[Math.min(depth[a[k]], depth[b[k]])] >= ConstraintColoring.SERIAL_LEVEL;
            }
            // expected: per phase of the plain colouring, its serial group cut by the rule, then its colours
            java.util.List<java.util.List<Integer>> members = new java.util.ArrayList<>();
            java.util.List<Integer> kinds = new java.util.ArrayList<>(); // 0 colour, 1 left of a pair, 2 right, 3 serial
            for (int g = 0; g < plain.groups(); g++) {
                java.util.List<Integer> got = new java.util.ArrayList<>();
                for (int j = plain.start(g); j < plain.start(g + 1); j++) {
                    got.add(plain.order()[j]);
                }
                if (!plain.serial(g)) {
                    members.add(got);
                    kinds.add(0);
                    continue;
                }
                double lo = Double.POSITIVE_INFINITY, hi = Double.NEGATIVE_INFINITY;
                int small = 0;
                for (int k : got) {
                    if (levelSize[Math.min(depth[a[k]], depth[b[k]])] < ConstraintColoring.SERIAL_LEVEL) {
                        small++;
                        for (int body : new int[] {a[k], b[k]}) {
                            if (body != 0) {
                                lo = Math.min(lo, place[body]);
                                hi = Math.max(hi, place[body]);
                            }
                        }
                    }
                }
                if (coloured || small < ConstraintColoring.HALVES_MIN || !(lo < hi)) {
                    members.add(got);
                    kinds.add(3);
                    continue;
                }
                double at = 0.5 * lo + 0.5 * hi;
                java.util.List<Integer> left = new java.util.ArrayList<>(), right = new java.util.ArrayList<>(),
                        rest = new java.util.ArrayList<>();
                for (int k : got) {
                    boolean anyLeft = false, anyRight = false;
                    for (int body : new int[] {a[k], b[k]}) {
                        if (body != 0) {
                            anyLeft |= place[body] < at;
                            anyRight |= !(place[body] < at);
                        }
                    }
                    (anyLeft && anyRight ? rest : anyLeft ? left : right).add(k);
                }
                boolean pair = !left.isEmpty() && !right.isEmpty();
                for (java.util.List<Integer> part : java.util.List.of(left, right)) {
                    if (!part.isEmpty()) {
                        members.add(part);
                        kinds.add(pair ? (part == left ? 1 : 2) : 3);
                    }
                }
                if (!rest.isEmpty()) {
                    members.add(rest);
                    kinds.add(3);
                }
            }
            assertThat(cut.groups()).as("round %d: groups", round).isEqualTo(members.size());
            for (int g = 0; g < cut.groups(); g++) {
                java.util.List<Integer> got = new java.util.ArrayList<>();
                for (int j = cut.start(g); j < cut.start(g + 1); j++) {
                    got.add(cut.order()[j]);
                }
                assertThat(got).as("round %d group %d", round, g).isEqualTo(members.get(g));
                int kind = kinds.get(g);
                assertThat(cut.half(g)).as("round %d group %d half", round, g).isEqualTo(kind == 1 ? 1 : kind == 2 ? 2 : 0);
                assertThat(cut.serial(g)).as("round %d group %d serial", round, g).isEqualTo(kind == 3);
                if (kind == 1) {
                    pairs++;
                    assertThat(cut.phase(g + 1)).isEqualTo(cut.phase(g));
                    java.util.Set<Integer> leftBodies = new java.util.HashSet<>();
                    for (int k : got) {
                        leftBodies.add(a[k]);
                        leftBodies.add(b[k]);
                    }
                    leftBodies.remove(0);
                    for (int j = cut.start(g + 1); j < cut.start(g + 2); j++) {
                        int k = cut.order()[j];
                        assertThat(leftBodies).as("round %d: the halves %d and %d share a body", round, g, g + 1)
                                .doesNotContain(a[k] == 0 ? -1 : a[k], b[k] == 0 ? -1 : b[k]);
                    }
                }
            }
        }
        assertThat(pairs).as("pairs of halves made").isGreaterThan(50);
    }

}
