package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.command.Command;
import dev.rubble.core.world.World;
import dev.rubble.spi.collection.CollectionAsset;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * SPEC §4–§5 over a three-level tree against a brute-force reference written from the spec and
 * docs/destruction.md (not from the engine's code): root 0 → level-1 nodes 1..4 (1, 2, 3 clusters of
 * four leaves each, 4 a leaf) → leaves 5..16. Random bonds between siblings, random strain commands
 * on any node (held deep or not), bond cuts, propagation on or off, {@code maxClusterLevel} unlimited
 * or 2. The reference keeps the run-time tree: only direct children of a node that has a body are
 * evaluated (one level per step); strain given to a deeper node waits, and when its parent gets a
 * body the children with strain waiting or a threshold ≤ 0 are evaluated the step after (docs:
 * "its children are evaluated from the next step"); a cut between children of a node with a body is
 * split at once, one between deeper nodes only kills the bond. After every step the engine's bodies
 * must group the nodes exactly as the reference does.
 */
final class TreeReferenceTest {
    private static final int NODES = 17;
    private static final int[] PARENT = {-1, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3};
    private static final int[] LEVEL = {0, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2};
    private static final double T = 100;
    private static final double[] STRAINS = {0, 40, T, 150, 1e6, Double.POSITIVE_INFINITY};
    private static final double[] DELTAS = {-30, -T, 20, Double.NEGATIVE_INFINITY};
    private static final double[] THRESHOLDS = {0, 40, T, Double.POSITIVE_INFINITY};
    private static final int MAX = 64;

    private static final class Ref {
        final int[] ea, eb;
        final boolean[] bondAlive;
        final int[] rtParent = new int[MAX];
        final int[] level = new int[MAX];
        final boolean[] hasBody = new boolean[MAX];
        final double[] thr = new double[MAX], ext = new double[MAX];
        boolean[] strained = new boolean[MAX];
        final List<Integer> cutHolders = new ArrayList<>();
        final boolean propagation;
        final double bf, sf;
        final int limit;
        int nextSynthetic = NODES, breaks;

        Ref(int[] ea, int[] eb, boolean propagation, double bf, double sf, int limit) {
            this.ea = ea;
            this.eb = eb;
            this.propagation = propagation;
            this.bf = bf;
            this.sf = sf;
            this.limit = limit;
            bondAlive = new boolean[ea.length];
            java.util.Arrays.fill(bondAlive, true);
            java.util.Arrays.fill(rtParent, -1);
            for (int i = 0; i < NODES; i++) {
                rtParent[i] = PARENT[i];
                level[i] = LEVEL[i];
                thr[i] = i == 0 ? Double.POSITIVE_INFINITY : T;
            }
            hasBody[0] = true;
        }

        boolean heldByActive(int x) {
            return rtParent[x] >= 0 && hasBody[rtParent[x]];
        }

        int top(int x) {
            while (rtParent[x] >= 0) {
                x = rtParent[x];
            }
            return x;
        }

        void external(int x, double s) {
            ext[x] = Math.max(ext[x], s); // kept on a deeper node until it can be evaluated
            if (heldByActive(x)) {
                strained[x] = true;
            }
        }

        void internal(int x, double delta) {
            double t = thr[x] + delta;
            if (!Double.isNaN(t)) {
                thr[x] = Math.max(0, t);
            }
            if (heldByActive(x)) {
                strained[x] = true;
            }
        }

        void setThreshold(int x, double t) {
            thr[x] = t;
            if (heldByActive(x)) {
                strained[x] = true;
            }
        }

        void cut(int e) {
            if (!bondAlive[e]) {
                return;
            }
            bondAlive[e] = false;
            int h = rtParent[ea[e]];
            if (h >= 0 && h == rtParent[eb[e]]) {
                cutHolders.add(h);
            }
        }

        int other(int e, int x) {
            return ea[e] == x ? eb[e] : eb[e] == x ? ea[e] : -1;
        }

        void step() {
            boolean[] next = new boolean[MAX], broken = new boolean[MAX], evaluated = new boolean[MAX];
            double[] applied = new double[MAX];
            List<Integer> holders = new ArrayList<>();
            for (int x = 0; x < NODES; x++) {
                if (!strained[x] || !heldByActive(x)) {
                    continue;
                }
                evaluated[x] = true;
                applied[x] = ext[x];
                broken[x] = level[x] < limit && ext[x] >= thr[x];
                ext[x] = 0;
                if (broken[x]) {
                    breaks++;
                    if (!holders.contains(rtParent[x])) {
                        holders.add(rtParent[x]);
                    }
                }
            }
            for (int x = 0; propagation && x < NODES; x++) {
                double a = applied[x];
                if (!evaluated[x] || !Double.isFinite(a)) {
                    continue;
                }
                int h = rtParent[x];
                double per = 0;
                if (broken[x] && bf > 0) {
                    int edges = 0;
                    for (int e = 0; e < ea.length; e++) {
                        int o = other(e, x);
                        if (o >= 0 && bondAlive[e] && rtParent[o] == h) {
                            edges++;
                        }
                    }
                    if (a - thr[x] > 0 && edges > 0) {
                        per = bf * (a - thr[x]) / edges;
                    }
                } else if (sf > 0) {
                    per = sf * a;
                }
                if (!(per > 0)) {
                    continue;
                }
                for (int e = 0; e < ea.length; e++) {
                    int o = other(e, x);
                    if (o >= 0 && bondAlive[e] && rtParent[o] == h) {
                        ext[o] = Math.max(ext[o], per);
                        next[o] = true;
                    }
                }
            }
            for (int h : holders) {
                for (int x = 0; x < NODES; x++) {
                    if (rtParent[x] == h && broken[x]) {
                        for (int e = 0; e < ea.length; e++) {
                            if (ea[e] == x || eb[e] == x) {
                                bondAlive[e] = false;
                            }
                        }
                        activate(x, next);
                    }
                }
                split(h, next);
                hasBody[h] = false;
            }
            for (int h : cutHolders) {
                if (hasBody[h] && components(h).size() > 1) {
                    split(h, next);
                    hasBody[h] = false;
                }
            }
            cutHolders.clear();
            strained = next;
        }

        /** x leaves its holder with a body; its children with strain waiting or a threshold <= 0 are evaluated next step. */
        void activate(int x, boolean[] next) {
            rtParent[x] = -1;
            hasBody[x] = true;
            for (int y = 0; y < NODES; y++) {
                if (rtParent[y] == x && (ext[y] > 0 || thr[y] <= 0)) {
                    next[y] = true;
                }
            }
        }

        void split(int h, boolean[] next) {
            for (List<Integer> comp : components(h)) {
                if (comp.size() == 1) {
                    activate(comp.get(0), next);
                } else {
                    int s = nextSynthetic++;
                    level[s] = level[h];
                    for (int x : comp) {
                        rtParent[x] = s;
                    }
                    activate(s, next);
                }
            }
        }

        List<List<Integer>> components(int h) {
            List<List<Integer>> out = new ArrayList<>();
            boolean[] seen = new boolean[MAX];
            for (int s = 0; s < NODES; s++) {
                if (rtParent[s] != h || seen[s]) {
                    continue;
                }
                List<Integer> comp = new ArrayList<>();
                java.util.ArrayDeque<Integer> q = new java.util.ArrayDeque<>();
                q.add(s);
                seen[s] = true;
                while (!q.isEmpty()) {
                    int x = q.poll();
                    comp.add(x);
                    for (int e = 0; e < ea.length; e++) {
                        int o = other(e, x);
                        if (o >= 0 && bondAlive[e] && rtParent[o] == h && !seen[o]) {
                            seen[o] = true;
                            q.add(o);
                        }
                    }
                }
                out.add(comp);
            }
            return out;
        }
    }

    private static CollectionAsset asset(SplittableRandom r) {
        double[][] boxes = new double[NODES][];
        boxes[0] = new double[] {1.5, 3, 0, 2, 3.5, 0.5};
        for (int j = 0; j < 3; j++) {
            boxes[1 + j] = new double[] {1.5, 2 * j, 0, 2, 0.5, 0.5};
            for (int i = 0; i < 4; i++) {
                boxes[5 + 4 * j + i] = new double[] {i, 2 * j, 0, 0.5, 0.5, 0.5};
            }
        }
        boxes[4] = new double[] {1.5, 6, 0, 2, 0.5, 0.5};
        List<int[]> bonds = new ArrayList<>();
        for (int a = 1; a < NODES; a++) {
            for (int b = a + 1; b < NODES; b++) {
                if (PARENT[a] == PARENT[b] && r.nextInt(100) < 45) {
                    bonds.add(new int[] {a, b});
                }
            }
        }
        double[] areas = new double[bonds.size()];
        java.util.Arrays.fill(areas, 1.0);
        return TestAssets.build(1000, PARENT, boxes, bonds.toArray(new int[0][]), areas);
    }

    @Test
    void randomCommandsOnAThreeLevelTreeGroupTheNodesAsTheReferenceDoes() {
        int breaks = 0, deepReleases = 0;
        for (long seed = 1; seed <= 60; seed++) {
            Ref ref = run(seed);
            breaks += ref.breaks;
            for (int x = 5; x < NODES; x++) {
                deepReleases += ref.rtParent[x] < 0 ? 1 : 0;
            }
        }
        assertThat(breaks).as("the runs break pieces").isGreaterThan(100);
        assertThat(deepReleases).as("leaves get free").isGreaterThan(50);
    }

    private static Ref run(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        CollectionAsset asset = asset(r);
        boolean propagation = r.nextBoolean();
        double bf = new double[] {1, 0.5, 0}[r.nextInt(3)], sf = new double[] {0, 0, 0.5}[r.nextInt(3)];
        int limit = r.nextInt(3) == 0 ? 2 : Integer.MAX_VALUE;
        World w = Scenes.world(0);
        int c = w.placeCollection(asset, CollectionPlacement.at(0, 0, 0).withOptions(Scenes.thresholds(T)
                .withPropagation(propagation, bf, sf).withLevels(limit, Integer.MAX_VALUE)));
        int[] ea = asset.edgeA(), eb = asset.edgeB();
        Ref ref = new Ref(ea, eb, propagation, bf, sf, limit);
        int[] engineBreaks = new int[1];
        w.addBreakListener(ev -> {
            for (int i = 0; i < ev.count(); i++) {
                if (ev.kind[i] == BreakEvents.BREAK) {
                    engineBreaks[0]++;
                }
            }
        });
        StringBuilder log = new StringBuilder("seed " + seed + " propagation " + propagation + " " + bf + " " + sf
                + " limit " + limit);
        for (int step = 0; step < 16; step++) {
            log.append("\n step ").append(step).append(':');
            int commands = r.nextInt(5);
            for (int k = 0; k < commands; k++) {
                int kind = r.nextInt(4);
                int x = 1 + r.nextInt(NODES - 1);
                if (kind == 0) {
                    double s = STRAINS[r.nextInt(STRAINS.length)];
                    w.queue(new Command.ExternalStrain(c, x, s));
                    ref.external(x, s);
                    log.append(" ext(").append(x).append(", ").append(s).append(')');
                } else if (kind == 1) {
                    double dl = DELTAS[r.nextInt(DELTAS.length)];
                    w.queue(new Command.InternalStrain(c, x, dl));
                    ref.internal(x, dl);
                    log.append(" int(").append(x).append(", ").append(dl).append(')');
                } else if (kind == 2) {
                    double t = THRESHOLDS[r.nextInt(THRESHOLDS.length)];
                    w.queue(new Command.SetNodeThreshold(c, x, t));
                    ref.setThreshold(x, t);
                    log.append(" thr(").append(x).append(", ").append(t).append(')');
                } else if (ea.length > 0) {
                    int e = r.nextInt(ea.length);
                    w.queue(new Command.CutBond(c, e));
                    ref.cut(e);
                    log.append(" cut(").append(ea[e]).append('-').append(eb[e]).append(')');
                }
            }
            w.step();
            ref.step();
            String where = log.toString();
            assertThat(engineBreaks[0]).as("breaks, %s", where).isEqualTo(ref.breaks);
            int tops = 0;
            for (int x = 0; x < MAX; x++) {
                tops += ref.hasBody[x] && ref.rtParent[x] < 0 ? 1 : 0;
            }
            assertThat(w.bodies().size()).as("bodies, %s", where).isEqualTo(tops);
            for (int a = 0; a < NODES; a++) {
                assertThat(w.destruction().store().parent[w.destruction().globalNode(c, a)] < 0)
                        .as("node %d a top node, %s", a, where).isEqualTo(ref.rtParent[a] < 0);
                // a node that broke apart (all its children gone) has no body any more
                boolean bodied = ref.hasBody[ref.top(a)];
                assertThat(w.destruction().holderBody(c, a) != ClusterStore.NONE).as("node %d has a body, %s", a, where)
                        .isEqualTo(bodied);
                for (int b = a + 1; b < NODES && bodied; b++) {
                    assertThat(w.destruction().holderBody(c, a) == w.destruction().holderBody(c, b))
                            .as("nodes %d and %d on one body, %s", a, b, where).isEqualTo(ref.top(a) == ref.top(b));
                }
            }
        }
        return ref;
    }
}
