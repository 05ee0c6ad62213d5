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
 * The SPEC §4–§6 rules against a brute-force reference written from the spec alone: random
 * two-level collections (a root over a 4 × 4 grid of leaves, random bonds between any leaves,
 * possibly disconnected), random external strain, internal strain, thresholds and bond cuts per step, no
 * gravity (so nothing but the commands and propagation loads a piece), propagation off or on with
 * random break and shock factors (a broken leaf passes {@code bf (applied − threshold) / bonds}, an
 * unbroken one {@code sf · applied}, to bonded siblings, evaluated next step; a forced +∞ passes
 * nothing), and in half the runs a break budget of 1 or 2 holders per step (holders in the order
 * they were first strained, waiting ones first; a holder that does not break uses none; a waiting
 * holder keeps its loads). The reference keeps, per
 * leaf, its holder (a cluster id, or free), its threshold and pending external strain, and applies:
 * external strain max-combined, internal strain added with floor 0 (∞ − ∞ leaves it), a threshold set
 * (0 breaks now, +∞ holds against any finite load) and evaluated in the same step, a strained held
 * leaf breaks iff load ≥ threshold, loads reset when evaluated; then per touched holder the broken
 * leaves go free with their bonds, and the rest splits into connected components of the live bonds:
 * one leaf alone goes free, several form a new cluster; a holder whose only change is a redundant
 * bond cut stays as it is. After every step the engine's bodies must group the leaves exactly as the
 * reference does, with the same number of breaks.
 */
final class BreakReferenceTest {
    private static final int W = 4, N = W * W;
    private static final double T = 100;
    private static final double[] STRAINS = {0, 40, T, Math.nextDown(T), 150, 1e300, Double.POSITIVE_INFINITY};
    private static final double[] THRESHOLDS = {0, 40, T, 150, Double.POSITIVE_INFINITY};
    private static final double[] DELTAS = {-30, -T, 20, -1e300, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY};

    /** The reference state. */
    private static final class Ref {
        final int[] ea, eb;
        final boolean[] bondAlive;
        final int[] holder = new int[N + 1]; // -1 = free
        final double[] thr = new double[N + 1], ext = new double[N + 1];
        /** The strained list in the order things were strained (waiting holders' children first). */
        List<Integer> list = new ArrayList<>();
        final int budget;
        final boolean[] touched = new boolean[1024];
        final boolean propagation;
        final double breakFactor, shockFactor;
        int nextHolder = 1, breaks, deferrals;

        Ref(int[] ea, int[] eb, boolean propagation, double breakFactor, double shockFactor, int budget) {
            this.budget = budget;
            this.ea = ea;
            this.eb = eb;
            this.propagation = propagation;
            this.breakFactor = breakFactor;
            this.shockFactor = shockFactor;
            bondAlive = new boolean[ea.length];
            java.util.Arrays.fill(bondAlive, true);
            java.util.Arrays.fill(thr, T);
        }

        void external(int leaf, double s) {
            if (holder[leaf] < 0) {
                return;
            }
            ext[leaf] = Math.max(ext[leaf], s);
            strain(leaf);
        }

        void internal(int leaf, double delta) {
            double t = thr[leaf] + delta;
            if (!Double.isNaN(t)) {
                thr[leaf] = Math.max(0, t);
            }
            if (holder[leaf] >= 0) {
                strain(leaf);
            }
        }

        void setThreshold(int leaf, double t) {
            thr[leaf] = t;
            if (holder[leaf] >= 0) {
                strain(leaf); // evaluated this step against the new threshold
            }
        }

        void strain(int leaf) {
            if (!list.contains(leaf)) {
                list.add(leaf);
            }
        }

        void cut(int e) {
            if (bondAlive[e]) {
                bondAlive[e] = false;
                touched[holder[ea[e]]] = true; // both ends are held by the same holder while the bond lives
            }
        }

        void step() {
            boolean[] broken = new boolean[N + 1], evaluated = new boolean[N + 1];
            double[] applied = new double[N + 1];
            // holders in the order their children were first strained; with a break budget the first ones are
            // evaluated until `budget` of them broke, the later ones wait with their loads (SPEC §6, FIFO)
            List<Integer> order = new ArrayList<>();
            for (int l : list) {
                if (holder[l] >= 0 && !order.contains(holder[l])) {
                    order.add(holder[l]);
                }
            }
            List<Integer> carried = new ArrayList<>();
            int brokeHolders = 0;
            for (int h : order) {
                if (brokeHolders >= budget) {
                    deferrals++;
                    for (int l : list) {
                        if (holder[l] == h) {
                            carried.add(l);
                        }
                    }
                    continue;
                }
                boolean any = false;
                for (int l : list) {
                    if (holder[l] != h) {
                        continue;
                    }
                    evaluated[l] = true;
                    applied[l] = ext[l];
                    broken[l] = ext[l] >= thr[l];
                    ext[l] = 0;
                    if (broken[l]) {
                        breaks++;
                        any = true;
                        touched[holder[l]] = true;
                    }
                }
                brokeHolders += any ? 1 : 0;
            }
            // propagation (SPEC §5), before anything is released: bonded siblings under the same holder, in
            // evaluation order (holder by holder, its children in strained order, bonds by id)
            List<Integer> nextList = new ArrayList<>();
            for (int h : order) {
                for (int l : list) {
                    double a = applied[l];
                    if (!propagation || holder[l] != h || !evaluated[l] || !Double.isFinite(a)) {
                        continue;
                    }
                    double per = 0;
                    if (broken[l] && breakFactor > 0) {
                        double remain = a - thr[l];
                        int edges = 0;
                        for (int e = 0; e < ea.length; e++) {
                            int o = ea[e] == l ? eb[e] : eb[e] == l ? ea[e] : -1;
                            if (o > 0 && bondAlive[e] && holder[o] == holder[l]) {
                                edges++;
                            }
                        }
                        if (remain > 0 && edges > 0) {
                            per = breakFactor * remain / edges;
                        }
                    } else if (shockFactor > 0) {
                        per = shockFactor * a;
                    }
                    if (!(per > 0)) {
                        continue;
                    }
                    for (int e = 0; e < ea.length; e++) {
                        int o = ea[e] == l ? eb[e] : eb[e] == l ? ea[e] : -1;
                        if (o > 0 && bondAlive[e] && holder[o] == holder[l]) {
                            ext[o] = Math.max(ext[o], per); // the max of what it receives
                            if (!nextList.contains(o)) {
                                nextList.add(o);            // evaluated next step: one hop per step
                            }
                        }
                    }
                }
            }
            int holders = nextHolder;
            for (int h = 0; h < holders; h++) {
                if (!touched[h]) {
                    continue;
                }
                touched[h] = false;
                boolean anyBreak = false;
                for (int l = 1; l <= N; l++) {
                    if (holder[l] == h && broken[l]) {
                        anyBreak = true;
                        holder[l] = -1;
                        for (int e = 0; e < ea.length; e++) {
                            if (ea[e] == l || eb[e] == l) {
                                bondAlive[e] = false;
                            }
                        }
                    }
                }
                List<List<Integer>> comps = components(h);
                if (!anyBreak && comps.size() <= 1) {
                    continue; // a redundant cut: the holder keeps its body
                }
                for (List<Integer> comp : comps) {
                    int id = comp.size() == 1 ? -1 : nextHolder++;
                    for (int l : comp) {
                        holder[l] = id;
                    }
                }
            }
            list = carried; // the waiting holders' children first, then what this step strained for the next
            for (int l : nextList) {
                strain(l);
            }
        }

        /** Connected components of holder h's leaves over live bonds, by breadth-first search. */
        List<List<Integer>> components(int h) {
            List<List<Integer>> out = new ArrayList<>();
            boolean[] seen = new boolean[N + 1];
            for (int s = 1; s <= N; s++) {
                if (holder[s] != h || seen[s]) {
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
                        if (!bondAlive[e]) {
                            continue;
                        }
                        int o = ea[e] == x ? eb[e] : eb[e] == x ? ea[e] : -1;
                        if (o > 0 && holder[o] == h && !seen[o]) {
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

    @Test
    void randomStrainsAndCutsGroupTheLeavesAsTheReferenceDoes() {
        int breaks = 0, clusters = 0, deferrals = 0;
        for (long seed = 1; seed <= 120; seed++) {
            Ref ref = run(seed);
            breaks += ref.breaks;
            clusters += ref.nextHolder - 1;
            deferrals += ref.deferrals;
        }
        assertThat(deferrals).as("holders wait for the break budget").isGreaterThan(30);
        assertThat(breaks).as("the runs break pieces").isGreaterThan(200);
        assertThat(clusters).as("the runs make new clusters").isGreaterThan(30);
    }

    private static Ref run(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        // random bonds between any two leaves (a < b), each pair at most once
        List<int[]> bonds = new ArrayList<>();
        int want = 8 + r.nextInt(20);
        boolean[][] used = new boolean[N + 1][N + 1];
        for (int k = 0; k < want; k++) {
            int a = 1 + r.nextInt(N), b = 1 + r.nextInt(N);
            if (a == b) {
                continue;
            }
            int lo = Math.min(a, b), hi = Math.max(a, b);
            if (!used[lo][hi]) {
                used[lo][hi] = true;
                bonds.add(new int[] {lo, hi});
            }
        }
        int[] parent = new int[N + 1];
        double[][] boxes = new double[N + 1][];
        parent[0] = -1;
        boxes[0] = new double[] {(W - 1) * 0.5, (W - 1) * 0.5, 0, W * 0.5, W * 0.5, 0.5};
        for (int i = 1; i <= N; i++) {
            boxes[i] = new double[] {(i - 1) % W, (i - 1) / W, 0, 0.5, 0.5, 0.5};
        }
        double[] areas = new double[bonds.size()];
        java.util.Arrays.fill(areas, 1.0);
        CollectionAsset asset = TestAssets.build(1000, parent, boxes, bonds.toArray(new int[0][]), areas);
        World w = Scenes.world(0);
        boolean propagation = seed % 3 != 0;
        double bf = new double[] {1, 0.5, 0, 2}[r.nextInt(4)], sf = new double[] {0, 0, 0.3, 0.9}[r.nextInt(4)];
        int c = w.placeCollection(asset, CollectionPlacement.at(0, 0, 0)
                .withOptions(Scenes.thresholds(T).withPropagation(propagation, bf, sf)));
        int budget = seed % 2 == 0 ? Integer.MAX_VALUE : 1 + r.nextInt(2);
        if (budget != Integer.MAX_VALUE) {
            w.queue(new Command.SetBreakBudget(budget));
        }
        int[] ea = asset.edgeA(), eb = asset.edgeB();
        Ref ref = new Ref(ea, eb, propagation, bf, sf, budget);
        int[] engineBreaks = new int[1];
        w.addBreakListener(ev -> {
            for (int i = 0; i < ev.count(); i++) {
                if (ev.kind[i] == BreakEvents.BREAK) {
                    engineBreaks[0]++;
                }
            }
        });
        for (int step = 0; step < 20; step++) {
            int commands = r.nextInt(8);
            StringBuilder log = new StringBuilder();
            for (int k = 0; k < commands; k++) {
                int kind = r.nextInt(4);
                if (kind == 0) {
                    int leaf = 1 + r.nextInt(N);
                    double s = STRAINS[r.nextInt(STRAINS.length)];
                    w.queue(new Command.ExternalStrain(c, leaf, s));
                    ref.external(leaf, s);
                    log.append(" ext(").append(leaf).append(", ").append(s).append(')');
                } else if (kind == 1) {
                    int leaf = 1 + r.nextInt(N);
                    double dl = DELTAS[r.nextInt(DELTAS.length)];
                    w.queue(new Command.InternalStrain(c, leaf, dl));
                    ref.internal(leaf, dl);
                    log.append(" int(").append(leaf).append(", ").append(dl).append(')');
                } else if (kind == 2) {
                    int leaf = 1 + r.nextInt(N);
                    double t = THRESHOLDS[r.nextInt(THRESHOLDS.length)];
                    w.queue(new Command.SetNodeThreshold(c, leaf, t));
                    ref.setThreshold(leaf, t);
                    log.append(" thr(").append(leaf).append(", ").append(t).append(')');
                } else if (ea.length > 0) {
                    int e = r.nextInt(ea.length);
                    w.queue(new Command.CutBond(c, e));
                    ref.cut(e);
                    log.append(" cut(").append(ea[e]).append('-').append(eb[e]).append(')');
                }
            }
            w.step();
            ref.step();
            String where = "seed " + seed + " (propagation " + propagation + " " + bf + " " + sf + ", budget " + budget + ") step " + step + ":" + log;
            assertThat(engineBreaks[0]).as("breaks, %s", where).isEqualTo(ref.breaks);
            int groups = 0, free = 0;
            java.util.Set<Integer> ids = new java.util.HashSet<>();
            for (int a = 1; a <= N; a++) {
                if (ref.holder[a] < 0) {
                    free++;
                } else {
                    ids.add(ref.holder[a]);
                }
                assertThat(w.destruction().store().parent[w.destruction().globalNode(c, a)] < 0)
                        .as("leaf %d free, %s", a, where).isEqualTo(ref.holder[a] < 0);
                for (int b = a + 1; b <= N; b++) {
                    boolean same = ref.holder[a] >= 0 && ref.holder[a] == ref.holder[b];
                    assertThat(w.destruction().holderBody(c, a) == w.destruction().holderBody(c, b))
                            .as("leaves %d and %d on one body, %s", a, b, where).isEqualTo(same);
                }
            }
            groups = ids.size();
            assertThat(w.bodies().size()).as("bodies, %s", where).isEqualTo(groups + free);
            for (int a = 1; a <= N; a++) {
                assertThat(w.destruction().store().threshold[w.destruction().globalNode(c, a)])
                        .as("threshold of %d, %s", a, where).isEqualTo(ref.thr[a]);
            }
        }
        return ref;
    }
}
