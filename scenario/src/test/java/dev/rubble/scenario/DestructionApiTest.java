package dev.rubble.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.api.BodyId;
import dev.rubble.api.BodySpec;
import dev.rubble.api.BreakEvent;
import dev.rubble.api.CollectionId;
import dev.rubble.api.PhysicsWorld;
import dev.rubble.api.Piece;
import dev.rubble.api.PieceHit;
import dev.rubble.api.Rubble;
import dev.rubble.api.WorldConfig;
import dev.rubble.api.WorldDestruction;
import dev.rubble.spi.collection.CollectionAsset;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.ConvexHull;
import dev.rubble.spi.shape.Sphere;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * Issue 23 "Done when": a program written only against {@code dev.rubble.api} (plus JOML and the
 * SPI's shape and collection value types) fractures a wall, places it, shoots a ball, hears the
 * breaks, maps released bodies to their nodes, reads loads, casts a ray that names the struck node,
 * and cuts bonds until the wall splits. Expected values come from the asset's own geometry and
 * bonds (brute force), not from the runtime.
 */
final class DestructionApiTest {
    static final String WALL = "{\"box\": [1.5, 1, 0.1], \"levels\": [{\"method\": \"voronoi\", \"options\": {\"count\": 40}}],"
            + " \"seed\": 7}";
    static final double T = 200;

    static PhysicsWorld world(double gravity) {
        return Rubble.newWorld(WorldConfig.defaults().withGravity(new Vector3d(0, gravity, 0)));
    }

    /** Leaves (nodes without children) of the asset. */
    static List<Integer> leaves(CollectionAsset a) {
        List<Integer> l = new ArrayList<>();
        for (int i = 0; i < a.nodeCount(); i++) {
            if (a.childCount()[i] == 0) {
                l.add(i);
            }
        }
        return l;
    }

    /** Largest signed distance from p to node i's hull planes (≤ 0 inside), collection frame. */
    static double inside(CollectionAsset a, int i, double x, double y, double z) {
        double best = Double.POSITIVE_INFINITY;
        for (int k = a.hullStart()[i]; k < a.hullStart()[i + 1]; k++) {
            ConvexHull h = a.hulls()[a.hullIndex()[k]];
            double m = Double.NEGATIVE_INFINITY;
            for (int f = 0; f < h.faceCount(); f++) {
                m = Math.max(m, h.plane(f, 0) * x + h.plane(f, 1) * y + h.plane(f, 2) * z - h.plane(f, 3));
            }
            best = Math.min(best, m);
        }
        return best;
    }

    @Test
    void aBallBreaksThePlacedWallAndEveryReleasedBodyMapsToItsNode() {
        PhysicsWorld w = world(-9.81);
        w.addBody(BodySpec.fixed(new Box(20, 0.5, 20)).withPosition(new Vector3d(0, -0.5, 0)));
        CollectionAsset wall = WorldDestruction.fracture(WALL);
        List<Integer> leaves = leaves(wall);
        assertThat(leaves).hasSize(40);
        List<Integer> base = new ArrayList<>();
        for (int n : leaves) {
            if (wall.com()[3 * n + 1] < -0.75) {
                base.add(n);
            }
        }
        assertThat(base).isNotEmpty();
        WorldDestruction d = w.destruction();
        CollectionId c = d.place("wall", wall, new Vector3d(0, 1, 0), new Quaterniond(), new double[] {T},
                base.stream().mapToInt(Integer::intValue).toArray());
        BodyId intact = d.bodyOf(c, 0);
        assertThat(d.pieceOf(intact)).isEqualTo(new Piece(c, 0));
        assertThat(d.label(c)).isEqualTo("wall");
        for (int n : leaves) {
            assertThat(d.bodyOf(c, n)).isEqualTo(intact); // held by the intact root
            assertThat(d.threshold(c, n)).isEqualTo(T);
        }

        // a ray at the front face names the leaf whose hull holds the hit point
        PieceHit hit = new PieceHit();
        assertThat(d.rayCast(new Vector3d(0.3, 1.2, -5), new Vector3d(0, 0, 1), 10, hit)).isTrue();
        assertThat(hit.hit().body()).isEqualTo(intact);
        assertThat(hit.hit().distance()).isCloseTo(4.9, within(1e-6));
        assertThat(hit.collection()).isEqualTo(c);
        Vector3d p = hit.hit().point(new Vector3d());
        Set<Integer> holding = new TreeSet<>();
        for (int n : leaves) {
            if (inside(wall, n, p.x, p.y - 1, p.z) <= 1e-7) {
                holding.add(n);
            }
        }
        assertThat(holding).as("leaves whose hull holds %s", p).isNotEmpty().contains(hit.node());

        // the ball: every event's body is the piece of its node when the listener hears it
        List<int[]> released = new ArrayList<>();
        Map<Integer, BodyId> bodyOfNode = new HashMap<>();
        List<String> mismatches = new ArrayList<>();
        d.addBreakListener(e -> {
            Piece piece = d.pieceOf(e.body());
            if (e.kind() == BreakEvent.Kind.BREAK || e.kind() == BreakEvent.Kind.RELEASE
                    || e.kind() == BreakEvent.Kind.CLUSTER) {
                if (!new Piece(c, e.node()).equals(piece)) {
                    mismatches.add(e + " -> " + piece);
                }
            }
            if (e.node() >= 0 && e.kind() != BreakEvent.Kind.REMOVED) {
                released.add(new int[] {e.kind().ordinal(), e.node()});
                bodyOfNode.put(e.node(), e.body());
            }
        });
        BodyId ball = w.addBody(BodySpec.dynamic(new Sphere(0.15)).withDensity(7800)
                .withPosition(new Vector3d(0.3, 1.2, -2)).withLinearVelocity(new Vector3d(0, 0, 25)));
        w.step(60);
        assertThat(mismatches).isEmpty();
        assertThat(released).as("the ball broke leaves off").anyMatch(r -> r[0] == BreakEvent.Kind.BREAK.ordinal());
        assertThat(d.pieceOf(ball)).isNull();
        for (Map.Entry<Integer, BodyId> e : bodyOfNode.entrySet()) {
            BodyId now = d.bodyOf(c, e.getKey());
            if (now != null && w.contains(e.getValue())) {
                assertThat(now).as("node %d", e.getKey()).isEqualTo(e.getValue());
                assertThat(d.pieceOf(now)).isEqualTo(new Piece(c, e.getKey()));
            }
        }
        // the ball flew along the ray: the struck leaf or one bonded to it is among the first broken
        Set<Integer> near = new TreeSet<>(List.of(hit.node()));
        for (int e : d.bondsOf(c, hit.node())) {
            near.add(d.bondOther(c, e, hit.node()));
        }
        int firstBroken = released.stream().filter(r -> r[0] == BreakEvent.Kind.BREAK.ordinal()).findFirst()
                .orElseThrow()[1];
        assertThat(near).contains(firstBroken);
    }

    @Test
    void aBrokenNodePassesItsExcessStrainToEachBondedNeighbourAsLoad() {
        PhysicsWorld w = world(0);
        CollectionAsset wall = WorldDestruction.fracture(WALL);
        WorldDestruction d = w.destruction();
        CollectionId c = d.place(null, wall, new Vector3d(0, 5, 0), new Quaterniond(), new double[] {T}, null);
        int a = leaves(wall).get(20);
        int[] bonds = d.bondsOf(c, a);
        assertThat(bonds).isNotEmpty();
        double s = 1000;
        d.applyStrain(c, a, s);
        assertThat(d.load(c, a)).as("queued: it is what the next step evaluates").isEqualTo(s);
        w.step();
        assertThat(d.load(c, a)).as("a broken node waits for nothing").isZero();
        // docs/destruction.md step 5: breakFactor (applied - threshold) / bonds to each bonded sibling
        double per = (s - T) / bonds.length;
        assertThat(d.isFree(c, a)).isTrue();
        for (int e : bonds) {
            int b = d.bondOther(c, e, a);
            assertThat(d.load(c, b)).as("neighbour %d", b).isCloseTo(per, within(1e-9));
            assertThat(d.bondAlive(c, e)).isFalse();
            assertThat(d.bondArea(c, e)).isEqualTo(wall.edgeArea()[e]).isPositive();
        }
        assertThatThrownBy(() -> d.load(c, wall.nodeCount())).hasMessageContaining("allowed: [0, " + wall.nodeCount());
    }

    @Test
    void loadIsTheStrainTheNextStepEvaluatesNotTheLastEvaluatedLoad() {
        PhysicsWorld w = world(0);
        CollectionAsset wall = WorldDestruction.fracture(WALL);
        WorldDestruction d = w.destruction();
        CollectionId c = d.place(null, wall, new Vector3d(0, 5, 0), new Quaterniond(), new double[] {T}, null);
        int a = leaves(wall).get(20);
        d.applyStrain(c, a, 0.25 * T);
        d.applyStrain(c, a, 0.75 * T); // external strain max-combines: the larger one is what waits
        d.applyStrain(c, a, 0.5 * T);
        assertThat(d.load(c, a)).isEqualTo(0.75 * T);
        w.step(); // evaluated at 150 < 200: no break, the load resets
        assertThat(d.isFree(c, a)).isFalse();
        assertThat(d.load(c, a)).as("evaluated without breaking: nothing waits any more").isZero();
        w.step();
        assertThat(d.load(c, a)).isZero();
        d.applyStrain(c, a, T); // at the threshold: breaks at the next evaluation
        assertThat(d.load(c, a)).isEqualTo(T);
        List<double[]> broke = new ArrayList<>();
        d.addBreakListener(e -> {
            if (e.kind() == BreakEvent.Kind.BREAK) {
                broke.add(new double[] {e.node(), e.load()});
            }
        });
        w.step();
        assertThat(broke).hasSize(1);
        assertThat(broke.get(0)).containsExactly(a, T);
    }

    /**
     * A holder the break budget defers keeps its children's collision loads for the step that
     * evaluates it: between the steps they are the pending load, and the break then reports exactly
     * that load (the balls are gone, so nothing adds to it).
     */
    @Test
    void aHolderDeferredByTheBreakBudgetShowsItsCarriedCollisionLoad() {
        PhysicsWorld w = world(0);
        w.setBreakBudget(1);
        CollectionAsset wall = WorldDestruction.fracture(
                "{\"box\": [1, 1, 0.2], \"levels\": [{\"method\": \"voronoi\", \"options\": {\"count\": 6}}], \"seed\": 3}");
        WorldDestruction d = w.destruction();
        double thr = 1; // N·s: any ball at 10 m/s breaks what it hits
        CollectionId left = d.place("left", wall, new Vector3d(-4, 0, 0), new Quaterniond(), new double[] {thr}, null);
        CollectionId right = d.place("right", wall, new Vector3d(4, 0, 0), new Quaterniond(), new double[] {thr}, null);
        List<BodyId> balls = new ArrayList<>();
        for (double x : new double[] {-4, 4}) {
            balls.add(w.addBody(BodySpec.dynamic(new Sphere(0.2)).withMass(5).withPosition(new Vector3d(x, 0.1, 1))
                    .withLinearVelocity(new Vector3d(0, 0, -10))));
        }
        Map<String, List<double[]>> breaks = new TreeMap<>();
        d.addBreakListener(e -> {
            if (e.kind() == BreakEvent.Kind.BREAK) {
                breaks.computeIfAbsent(d.label(e.collection()), k -> new ArrayList<>()).add(new double[] {e.node(), e.load()});
            }
        });
        int step = 0;
        while (breaks.isEmpty() && step++ < 120) {
            w.step();
        }
        assertThat(breaks).as("one wall broke, the budget held the other back").hasSize(1);
        CollectionId waiting = breaks.containsKey("left") ? right : left;
        Map<Integer, Double> pending = new TreeMap<>();
        for (int n : leaves(wall)) {
            assertThat(d.isFree(waiting, n)).isFalse();
            if (d.load(waiting, n) > 0) {
                pending.put(n, d.load(waiting, n));
            }
        }
        assertThat(pending).as("the deferred wall's struck children carry their collision loads").isNotEmpty();
        assertThat(pending.values()).allSatisfy(v -> assertThat(v).isGreaterThanOrEqualTo(thr));
        for (BodyId b : balls) {
            w.removeBody(b);
        }
        breaks.clear();
        w.step();
        Map<Integer, Double> reported = new TreeMap<>();
        for (double[] e : breaks.getOrDefault(d.label(waiting), List.of())) {
            reported.put((int) e[0], e[1]);
        }
        assertThat(reported).as("evaluated now: exactly the pending loads break").isEqualTo(pending);
    }

    /** Components of the leaves over the bonds not cut, by breadth-first search over the asset's bonds. */
    static Set<Set<Integer>> reference(CollectionAsset a, Set<Integer> cut) {
        Map<Integer, List<Integer>> adj = new HashMap<>();
        for (int e = 0; e < a.edgeCount(); e++) {
            if (!cut.contains(e)) {
                adj.computeIfAbsent(a.edgeA()[e], k -> new ArrayList<>()).add(a.edgeB()[e]);
                adj.computeIfAbsent(a.edgeB()[e], k -> new ArrayList<>()).add(a.edgeA()[e]);
            }
        }
        Set<Integer> seen = new HashSet<>();
        Set<Set<Integer>> comps = new HashSet<>();
        for (int s : leaves(a)) {
            if (!seen.add(s)) {
                continue;
            }
            Set<Integer> comp = new TreeSet<>();
            ArrayDeque<Integer> q = new ArrayDeque<>(List.of(s));
            while (!q.isEmpty()) {
                int x = q.poll();
                comp.add(x);
                for (int y : adj.getOrDefault(x, List.of())) {
                    if (seen.add(y)) {
                        q.add(y);
                    }
                }
            }
            comps.add(comp);
        }
        return comps;
    }

    static Set<Set<Integer>> simulated(WorldDestruction d, CollectionId c, CollectionAsset a) {
        Map<Long, Set<Integer>> by = new TreeMap<>();
        for (int n : leaves(a)) {
            by.computeIfAbsent(d.bodyOf(c, n).handle(), k -> new TreeSet<>()).add(n);
        }
        return new HashSet<>(by.values());
    }

    @Test
    void cuttingBondsSplitsTheWallWhereTheRemainingBondsSay() {
        PhysicsWorld w = world(0);
        CollectionAsset wall = WorldDestruction.fracture(WALL);
        WorldDestruction d = w.destruction();
        CollectionId c = d.place("wall", wall, new Vector3d(0, 5, 0), new Quaterniond(), new double[] {1e9}, null);
        // cut every bond crossing x = 0 (between a leaf left of it and one right of it, by centre of mass)
        Set<Integer> cut = new HashSet<>();
        for (int e = 0; e < d.bondCount(c); e++) {
            double xa = wall.com()[3 * d.bondA(c, e)], xb = wall.com()[3 * d.bondB(c, e)];
            if ((xa < 0) != (xb < 0)) {
                cut.add(e);
                d.cutBond(c, e);
            }
        }
        assertThat(cut).isNotEmpty();
        int bodies = w.bodyCount();
        w.step();
        Set<Set<Integer>> ref = reference(wall, cut);
        assertThat(ref.size()).as("the cut separates left from right").isGreaterThanOrEqualTo(2);
        assertThat(simulated(d, c, wall)).isEqualTo(ref);
        assertThat(w.bodyCount()).isEqualTo(bodies - 1 + ref.size());
        for (int e : cut) {
            assertThat(d.bondAlive(c, e)).isFalse();
        }
        assertThatThrownBy(() -> d.cutBond(c, d.bondCount(c))).hasMessageContaining("allowed: [0, " + d.bondCount(c));
    }

    @Test
    void anUnbreakableNodeSurvivesAForcedBreakOfEverythingElse() {
        PhysicsWorld w = world(0);
        CollectionAsset wall = WorldDestruction.fracture(WALL);
        WorldDestruction d = w.destruction();
        CollectionId c = d.place(null, wall, new Vector3d(0, 5, 0), new Quaterniond(), new double[] {T}, null);
        int keep = leaves(wall).get(0);
        d.setUnbreakable(c, keep);
        for (int n : leaves(wall)) {
            d.applyStrain(c, n, 1e6);
        }
        Map<Integer, BreakEvent.Kind> kinds = new HashMap<>();
        d.addBreakListener(e -> kinds.put(e.node(), e.kind()));
        w.step();
        assertThat(d.threshold(c, keep)).isEqualTo(Double.POSITIVE_INFINITY);
        // every other leaf broke; the unbreakable one did not break, it was left alone and released
        for (int n : leaves(wall)) {
            assertThat(d.isFree(c, n)).as("node %d", n).isTrue();
            assertThat(kinds.get(n)).as("node %d", n)
                    .isEqualTo(n == keep ? BreakEvent.Kind.RELEASE : BreakEvent.Kind.BREAK);
        }
        d.setThreshold(c, keep, 5);
        w.step();
        assertThat(d.threshold(c, keep)).isEqualTo(5.0);
    }

    @Test
    void internalStrainAtAPointStrengthensTheLeafThereAndAShapeCastNamesIt() {
        PhysicsWorld w = world(0);
        CollectionAsset wall = WorldDestruction.fracture(WALL);
        WorldDestruction d = w.destruction();
        CollectionId c = d.place(null, wall, new Vector3d(0, 5, 0), new Quaterniond(), new double[] {T}, null);
        int leaf = leaves(wall).get(13);
        Vector3d at = new Vector3d(wall.com()[3 * leaf], wall.com()[3 * leaf + 1] + 5, wall.com()[3 * leaf + 2]);
        assertThat(d.addInternalStrainAt(at, 0.001, 500)).isEqualTo(1);
        w.step();
        for (int n : leaves(wall)) {
            assertThat(d.threshold(c, n)).as("node %d", n).isEqualTo(n == leaf ? T + 500 : T);
        }
        // a small box swept along -z from behind the wall towards the leaf's centre: names the leaf it touches first
        PieceHit hit = new PieceHit();
        assertThat(d.shapeCast(new Box(0.01, 0.01, 0.01), new Vector3d(at.x, at.y, 3), new Quaterniond(),
                new Vector3d(0, 0, -6), hit)).isTrue();
        assertThat(hit.collection()).isEqualTo(c);
        Vector3d p = hit.hit().point(new Vector3d());
        assertThat(inside(wall, hit.node(), p.x, p.y - 5, p.z)).as("hit point %s in node %d", p, hit.node())
                .isLessThanOrEqualTo(0.02);
        assertThat(d.addInternalStrainAt(new Vector3d(0, -50, 0), 0.1, 1)).isZero();
    }
}
