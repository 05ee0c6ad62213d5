package dev.rubble.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.api.BodyId;
import dev.rubble.api.Fields;
import dev.rubble.api.FieldOptions;
import dev.rubble.api.PhysicsWorld;
import dev.rubble.api.PieceHit;
import dev.rubble.api.Rubble;
import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStore;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * An outsider's integration pass over cluster unions (issue 29): the places of the runtime and the
 * public API that look at "the body a contact, field or query touches", checked on a union's body and
 * on its disabled members against the same scene without the union (where the union must not matter)
 * or against hand-computed values.
 */
final class UnionIntegrationTest {

    /** A Voronoi wall (8 leaves, threshold 500 N·s) and a 400 kg beam on it, welded when {@code union}; no gravity when {@code still}. */
    private static String scene(boolean union, boolean gravity) {
        return """
                {"format": "rubble-scenario/1", "name": "union integration",
                 "world": {"gravity": [0, %2$s, 0]},
                 "bodies": [{"id": "ground", "state": "static", "shape": {"type": "box", "halfExtents": [20, 0.5, 20]}, "position": [0, -0.5, 0]},
                            {"id": "beam", "shape": {"type": "box", "halfExtents": [0.9, 0.15, 0.5]}, "position": [0, 2.15, -1.5], "mass": 400}],
                 "collections": [
                   {"id": "wallA", "recipe": {"box": [1, 1, 0.15], "levels": [{"method": "voronoi", "options": {"count": 8}}], "seed": 1},
                    "position": [0, 1, -1.5], "destruction": {"damageOptions": {"thresholds": [500]}}}]
                 %1$s}"""
                .formatted(union ? ", \"unions\": [{\"id\": 0, \"step\": 0, \"members\": [{\"collection\": \"wallA\"}, {\"body\": \"beam\"}]}]" : "",
                        gravity ? "-9.81" : "0");
    }

    private static PhysicsWorld world(boolean union, boolean gravity) {
        return Scenarios.parse(scene(union, gravity), Rubble.defaultPlugins());
    }

    /** A field that enables disabled bodies must not bring a welded member back beside its union's body. */
    @Test
    void activateDisabledFieldLeavesWeldedMembersToTheirUnion() {
        PhysicsWorld w = world(true, true);
        w.step();
        BodyId u = w.unions().body(0);
        assertThat(u).isNotNull();
        w.applyField(Fields.Target.ACTIVATE_DISABLED, Fields.uniformInteger(0), FieldOptions.once().state("disabled"));
        w.step();
        BodyStore b = w.kernel().bodies();
        for (BodyId m : w.unions().members(0)) {
            assertThat(b.state(b.slot(m.handle()))).as("member %s while welded", m).isEqualTo(BodyState.DISABLED);
        }
    }

    /** A ray that strikes a welded wall names the piece it struck, as it does on the wall alone. */
    @Test
    void rayCastNamesThePieceOfAWeldedWall() {
        int[] nodes = new int[2];
        for (int k = 0; k < 2; k++) {
            PhysicsWorld w = world(k == 1, true);
            w.step();
            PieceHit hit = new PieceHit();
            assertThat(w.destruction().rayCast(new Vector3d(0.2, 0.8, -6), new Vector3d(0, 0, 1), 20, hit)).isTrue();
            assertThat(hit.collection()).as("union %s: the collection struck", k == 1).isEqualTo(w.destruction().collection(0));
            nodes[k] = hit.node();
            // a ray into the beam names no piece, welded or not
            assertThat(w.destruction().rayCast(new Vector3d(0.5, 2.2, -6), new Vector3d(0, 0, 1), 20, hit)).isTrue();
            assertThat(hit.collection()).as("union %s: the beam is no piece", k == 1).isNull();
        }
        assertThat(nodes[0]).as("the leaf struck alone").isGreaterThan(0);
        assertThat(nodes[1]).as("the leaf struck welded").isEqualTo(nodes[0]);
    }

    /** Internal strain at a point reaches the welded wall's pieces there, as on the wall alone. */
    @Test
    void internalStrainAtAPointReachesAWeldedWall() {
        int[] counts = new int[2];
        for (int k = 0; k < 2; k++) {
            PhysicsWorld w = world(k == 1, true);
            w.step();
            counts[k] = w.destruction().addInternalStrainAt(new Vector3d(0.2, 0.8, -1.65), 0.2, -1000);
        }
        assertThat(counts[0]).isGreaterThan(0);
        assertThat(counts[1]).as("welded").isEqualTo(counts[0]);
    }

    /** A scenario command that wakes a welded body must not bring it back beside its union's body either. */
    @Test
    void aStateCommandLeavesAWeldedMemberToItsUnion() {
        String json = scene(true, true).replace("\"collections\"",
                "\"commands\": [{\"step\": 3, \"type\": \"state\", \"body\": \"beam\", \"state\": \"awake\"}],\n \"collections\"");
        PhysicsWorld w = Scenarios.parse(json, Rubble.defaultPlugins());
        for (int i = 0; i < 5; i++) {
            w.step();
        }
        BodyStore b = w.kernel().bodies();
        assertThat(w.unions().members(0)).contains(w.find("beam"));
        assertThat(b.state(b.slot(w.find("beam").handle()))).isEqualTo(BodyState.DISABLED);
    }

    /** Pieces leaving a moving, turning union take its motion: no linear momentum is made or lost in the break step. */
    @Test
    void piecesLeavingAMovingTurningUnionKeepItsMomentum() {
        String json = scene(true, false).replace("\"position\": [0, 2.15, -1.5], \"mass\": 400",
                "\"position\": [0, 2.15, -1.5], \"mass\": 400, \"linearVelocity\": [1, 0.5, -2], \"angularVelocity\": [0.3, 0.8, -0.2]")
                .replace("\"position\": [0, -0.5, 0]", "\"position\": [0, -50, 0]");
        PhysicsWorld w = Scenarios.parse(json, Rubble.defaultPlugins());
        for (int i = 0; i < 10; i++) {
            w.step();
        }
        double[] before = momentum(w);
        BodyId u = w.unions().body(0);
        Vector3d vu = w.linearVelocity(u, new Vector3d()), wu = w.angularVelocity(u, new Vector3d()), xu = w.position(u, new Vector3d());
        java.util.List<double[]> released = new java.util.ArrayList<>();
        w.destruction().addBreakListener(e -> {
            if (e.kind() == dev.rubble.api.BreakEvent.Kind.RELEASE || e.kind() == dev.rubble.api.BreakEvent.Kind.BREAK) {
                Vector3d p = e.position(new Vector3d()), v = e.velocity(new Vector3d());
                released.add(new double[] {p.x, p.y, p.z, v.x, v.y, v.z});
            }
        });
        w.destruction().crumble(w.destruction().collection(0), 0);
        w.step();
        double[] after = momentum(w);
        assertThat(released).isNotEmpty();
        for (int i = 0; i < 3; i++) {
            assertThat(after[i]).as("momentum %d", i).isCloseTo(before[i], within(1e-9 * Math.abs(before[3])));
        }
        for (double[] r : released) {
            // v_u + w_u x (x - x_u), up to one step's change of the union's spin (torque-free precession)
            Vector3d expect = new Vector3d(wu).cross(r[0] - xu.x, r[1] - xu.y, r[2] - xu.z).add(vu);
            assertThat(r[3]).isCloseTo(expect.x, within(0.05));
            assertThat(r[4]).isCloseTo(expect.y, within(0.05));
            assertThat(r[5]).isCloseTo(expect.z, within(0.05));
        }
    }

    /** Σ m v of every enabled dynamic body, and Σ m |v| (scale). */
    private static double[] momentum(PhysicsWorld w) {
        BodyStore b = w.kernel().bodies();
        double[] p = new double[4];
        for (int s = 0; s < b.slotLimit(); s++) {
            if (!b.isLive(s) || b.state(s) == BodyState.DISABLED || b.invMass[s] == 0) {
                continue;
            }
            double m = b.mass[s];
            p[0] += m * b.vx[s];
            p[1] += m * b.vy[s];
            p[2] += m * b.vz[s];
            p[3] += m * Math.sqrt(b.vx[s] * b.vx[s] + b.vy[s] * b.vy[s] + b.vz[s] * b.vz[s]);
        }
        return p;
    }

    /** A welded body's position reads where the union carries it. */
    @Test
    void aWeldedBodysPositionFollowsItsUnion() {
        for (boolean collections : new boolean[] {false, true}) {
            String json = collections ? scene(true, true) : """
                    {"format": "rubble-scenario/1", "name": "two welded boxes",
                     "bodies": [{"id": "beam", "shape": {"type": "box", "halfExtents": [0.9, 0.15, 0.5]}, "position": [0, 2.15, -1.5], "mass": 400},
                                {"id": "crate", "shape": {"type": "box", "halfExtents": [0.5, 0.5, 0.5]}, "position": [0, 2.8, -1.5]}],
                     "unions": [{"id": 0, "step": 0, "members": [{"body": "beam"}, {"body": "crate"}]}]}""";
            PhysicsWorld w = Scenarios.parse(json, Rubble.defaultPlugins());
            w.step();
            BodyId beam = w.find("beam"), u = w.unions().body(0);
            // the beam's centre in the union's frame
            Vector3d local = w.position(beam, new Vector3d()).sub(w.position(u, new Vector3d()))
                    .rotate(w.orientation(u, new org.joml.Quaterniond()).conjugate());
            for (int i = 0; i < 20; i++) {
                w.step();
            }
            Vector3d expect = local.rotate(w.orientation(u, new org.joml.Quaterniond())).add(w.position(u, new Vector3d()));
            assertThat(w.position(beam, new Vector3d()).distance(expect)).as("collections %s", collections).isLessThan(1e-6);
        }
    }

    /** Two walls and a beam (welded when {@code union}), one collection per wall. */
    private static String twoWalls(boolean union, boolean gravity) {
        return """
                {"format": "rubble-scenario/1", "name": "two walls",
                 "world": {"gravity": [0, %2$s, 0]},
                 "bodies": [{"id": "ground", "state": "static", "shape": {"type": "box", "halfExtents": [20, 0.5, 20]}, "position": [0, -0.5, 0]},
                            {"id": "beam", "shape": {"type": "box", "halfExtents": [0.9, 0.15, 1.65]}, "position": [0, 2.15, 0], "mass": 400},
                            {"id": "ball", "shape": {"type": "sphere", "radius": 0.3}, "position": [0, 1.0, -8], "mass": 200}],
                 "collections": [
                   {"id": "wallA", "recipe": {"box": [1, 1, 0.15], "levels": [{"method": "voronoi", "options": {"count": 8}}], "seed": 1},
                    "position": [0, 1, -1.5], "destruction": {"damageOptions": {"thresholds": [500]}}},
                   {"id": "wallB", "recipe": {"box": [1, 1, 0.15], "levels": [{"method": "voronoi", "options": {"count": 8}}], "seed": 2},
                    "position": [0, 1, 1.5], "destruction": {"damageOptions": {"thresholds": [500]}}}]
                 %1$s}"""
                .formatted(union ? ", \"unions\": [{\"id\": 0, \"step\": 0, \"members\": [{\"collection\": \"wallA\"}, {\"body\": \"beam\"}, {\"collection\": \"wallB\"}]}]" : "",
                        gravity ? "-9.81" : "0");
    }

    /** Holders broken per step (BREAK events' distinct collections) over {@code steps} steps after both walls are crumbled at once. */
    private static String budgetTrace(boolean union) {
        PhysicsWorld w = Scenarios.parse(twoWalls(union, true), Rubble.defaultPlugins());
        w.step();
        w.setBreakBudget(1);
        w.destruction().crumble(w.destruction().collection(0), 0);
        w.destruction().crumble(w.destruction().collection(1), 0);
        StringBuilder trace = new StringBuilder();
        java.util.TreeSet<Integer> step = new java.util.TreeSet<>();
        w.destruction().addBreakListener(e -> {
            if (e.kind() == dev.rubble.api.BreakEvent.Kind.BREAK) {
                step.add(e.collection().index());
            }
        });
        for (int i = 0; i < 4; i++) {
            step.clear();
            w.step();
            trace.append(step).append(' ');
        }
        return trace.toString();
    }

    /** The break budget (one holder a step) treats welded walls as it treats free ones: one a step, none lost. */
    @Test
    void theBreakBudgetTakesWeldedWallsOneAStep() {
        String free = budgetTrace(false);
        assertThat(free).isEqualTo("[0] [1] [] [] ");
        assertThat(budgetTrace(true)).isEqualTo(free);
    }

    /** A welded structure falls asleep like its parts, and a ball's hit wakes it and breaks the wall it strikes. */
    @Test
    void aSleepingUnionWakesWhenHitAndItsWallBreaks() {
        for (boolean union : new boolean[] {false, true}) {
            PhysicsWorld w = Scenarios.parse(twoWalls(union, true), Rubble.defaultPlugins());
            int steps = 0;
            java.util.function.BooleanSupplier asleep = () -> union ? w.isAsleep(w.unions().body(0))
                    : w.isAsleep(w.find("beam")) && w.isAsleep(w.destruction().bodyOf(w.destruction().collection(0), 0));
            w.step();
            while (!asleep.getAsBoolean() && steps++ < 600) {
                w.step();
            }
            assertThat(steps).as("union %s asleep", union).isLessThan(600);
            int[] breaks = {0};
            w.destruction().addBreakListener(e -> breaks[0] += e.kind() == dev.rubble.api.BreakEvent.Kind.BREAK && e.collection().index() == 0 ? 1 : 0);
            w.setVelocity(w.find("ball"), new Vector3d(0, 0, 30), new Vector3d());
            for (int i = 0; i < 30; i++) {
                w.step();
            }
            assertThat(breaks[0]).as("union %s: wall A broke", union).isPositive();
            if (union) {
                assertThat(w.unions().ids()).isNotEmpty();
            }
        }
    }

    /** Pieces of a welded wall are removed on their timers as the free wall's are (remove-on-break), welded to the beam or not. */
    @Test
    void removalTimersRemoveThePiecesOfAWeldedWall() {
        int[] removed = new int[2];
        for (int k = 0; k < 2; k++) {
            PhysicsWorld w = Scenarios.parse(twoWalls(k == 1, true), Rubble.defaultPlugins());
            w.step();
            w.setRemoveOnBreak(0, true, 0.2, 0.2, 0.1, 0.1);
            w.destruction().crumble(w.destruction().collection(0), 0);
            int[] r = {0};
            w.destruction().addBreakListener(e -> r[0] += e.kind() == dev.rubble.api.BreakEvent.Kind.REMOVED ? 1 : 0);
            for (int i = 0; i < 40; i++) {
                w.step();
            }
            removed[k] = r[0];
            if (k == 1) {
                for (int id : w.unions().ids()) {
                    for (BodyId m : w.unions().members(id)) {
                        assertThat(w.destruction().pieceOf(m) == null || w.destruction().pieceOf(m).collection().index() != 0)
                                .as("a removed piece of wall A still welded: %s", m).isTrue();
                    }
                }
            }
        }
        assertThat(removed[0]).as("free wall: every leaf removed").isEqualTo(8);
        assertThat(removed[1]).as("welded wall").isEqualTo(removed[0]);
    }

    /** A strain field at a welded wall that has moved away from where it was welded breaks it as it breaks the free wall there. */
    @Test
    void aStrainFieldFindsTheHeldPiecesOfAMovedUnion() {
        int[] breaks = new int[2];
        for (int k = 0; k < 2; k++) {
            PhysicsWorld w = Scenarios.parse(twoWalls(k == 1, false).replace("[0, -0.5, 0]", "[0, -50, 0]"), Rubble.defaultPlugins());
            w.step();
            BodyId moving = k == 1 ? w.unions().body(0) : w.destruction().bodyOf(w.destruction().collection(0), 0);
            w.setVelocity(moving, new Vector3d(3, 0, 0), new Vector3d());
            for (int i = 0; i < 60; i++) {
                w.step();
            }
            Vector3d at = w.position(w.destruction().bodyOf(w.destruction().collection(0), 0), new Vector3d());
            assertThat(at.x).as("the wall moved 3 m").isCloseTo(3, within(0.1));
            int[] n = {0};
            w.destruction().addBreakListener(e -> n[0] += e.kind() == dev.rubble.api.BreakEvent.Kind.BREAK ? 1 : 0);
            w.applyField(Fields.Target.EXTERNAL_CLUSTER_STRAIN, Fields.radialFalloff(at, 0.4).magnitude(1e6), FieldOptions.once());
            w.step();
            w.step();
            breaks[k] = n[0];
        }
        assertThat(breaks[0]).as("free wall").isPositive();
        assertThat(breaks[1]).as("welded wall").isEqualTo(breaks[0]);
    }

    /** Remove-on-sleep: pieces of a welded wall resting in a sleeping union are removed as the free wall's resting pieces are. */
    @Test
    void removeOnSleepRemovesThePiecesRestingInASleepingUnion() {
        int[] removed = new int[2];
        int[] welded = new int[2];
        for (int k = 0; k < 2; k++) {
            PhysicsWorld w = Scenarios.parse(twoWalls(k == 1, true), Rubble.defaultPlugins());
            w.step();
            w.setRemoveOnSleep(0, true, 0.5, 0.5, 0.1, 0.1, false, 0);
            w.destruction().crumble(w.destruction().collection(0), 0);
            int[] r = {0};
            w.destruction().addBreakListener(e -> r[0] += e.kind() == dev.rubble.api.BreakEvent.Kind.REMOVED ? 1 : 0);
            for (int i = 0; i < 30; i++) {
                w.step();
            }
            for (int id : w.unions().ids()) {
                for (BodyId m : w.unions().members(id)) {
                    welded[k] += w.destruction().pieceOf(m) != null && w.destruction().pieceOf(m).collection().index() == 0 ? 1 : 0;
                }
            }
            for (int i = 0; i < 900; i++) {
                w.step();
            }
            removed[k] = r[0];
            if (k == 1 && w.unions().ids().length > 0) {
                assertThat(w.isAsleep(w.unions().body(w.unions().ids()[0]))).as("the union at rest").isTrue();
            }
        }
        assertThat(welded[1]).as("pieces of wall A welded to the beam").isPositive();
        assertThat(removed[0]).as("free wall: every leaf removed once at rest").isEqualTo(8);
        assertThat(removed[1]).as("welded wall").isEqualTo(removed[0]);
    }
}
