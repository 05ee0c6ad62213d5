package dev.rubble.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.api.BodyId;
import dev.rubble.api.CollectionId;
import dev.rubble.api.FieldOptions;
import dev.rubble.api.Fields;
import dev.rubble.api.PhysicsWorld;
import dev.rubble.api.Rubble;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * An outsider's pass over fields with a Chaos user's expectations, each compared with a value computed by
 * hand (docs/fields.md): no gravity, bodies far apart (no contacts), so a step changes velocities only by
 * what the field gave.
 */
final class FieldOutsiderTest {

    /** Spheres of radius 0.1 m and mass {@code m} at x = xs[i] (y = z = 0), no gravity, in this order. */
    private static PhysicsWorld spheres(double m, String state, double... xs) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < xs.length; i++) {
            b.append(i == 0 ? "" : ",").append("{\"id\": \"s").append(i).append("\", \"state\": \"").append(state)
                    .append("\", \"shape\": {\"type\": \"sphere\", \"radius\": 0.1}, \"position\": [").append(xs[i])
                    .append(", 0, 0], \"mass\": ").append(m).append("}");
        }
        return Scenarios.parse("{\"format\": \"rubble-scenario/1\", \"name\": \"spheres\", \"world\": {\"gravity\": [0, 0, 0]},"
                + " \"bodies\": [" + b + "]}", Rubble.defaultPlugins());
    }

    private static Vector3d v(PhysicsWorld w, String id) {
        return w.linearVelocity(w.find(id), new Vector3d());
    }

    @Test
    void radialVelocityWithLinearFalloffGivesVTimesOneMinusROverR() {
        double v0 = 10, radius = 4;
        double[] xs = {0.5, 1, 2, 3.5, 4, 6};
        PhysicsWorld w = spheres(2, "dynamic", xs);
        Vector3d c = new Vector3d(0, 0, 0);
        w.applyField(Fields.Target.LINEAR_VELOCITY, Fields.radialVector(c).times(Fields.radialFalloff(c, radius).magnitude(v0)),
                FieldOptions.once());
        w.step();
        for (int i = 0; i < xs.length; i++) {
            double expected = xs[i] < radius ? v0 * (1 - xs[i] / radius) : 0; // strict: the edge gets nothing
            assertThat(v(w, "s" + i).x).as("r = %s", xs[i]).isCloseTo(expected, within(1e-12));
            assertThat(v(w, "s" + i).y).isZero();
        }
    }

    @Test
    void uniformForceForOneStepChangesVelocityByFDtOverM() {
        PhysicsWorld w = spheres(2, "dynamic", 0, 5);
        double dt = w.timeStep();
        w.applyField(Fields.Target.LINEAR_FORCE, Fields.uniformVector(new Vector3d(0, 1, 0), 30), FieldOptions.once());
        w.step();
        assertThat(v(w, "s0").y).isCloseTo(30 * dt / 2, within(1e-12));
        w.step(); // transient: one step only
        assertThat(v(w, "s0").y).isCloseTo(30 * dt / 2, within(1e-12));
        // impulse: Δv = J / m; velocity: Δv = value whatever the mass
        w.applyField(Fields.Target.LINEAR_IMPULSE, Fields.uniformVector(new Vector3d(1, 0, 0), 4), FieldOptions.once());
        w.applyField(Fields.Target.LINEAR_VELOCITY, Fields.uniformVector(new Vector3d(0, 0, 1), 3), FieldOptions.once());
        w.step();
        assertThat(v(w, "s1").x).isCloseTo(2, within(1e-12));
        assertThat(v(w, "s1").z).isCloseTo(3, within(1e-12));
    }

    @Test
    void torqueForOneStepChangesSpinByTauDtOverI() {
        PhysicsWorld w = spheres(2, "dynamic", 0);
        double dt = w.timeStep(), inertia = 0.4 * 2 * 0.1 * 0.1; // solid sphere 2/5 m r²
        w.applyField(Fields.Target.ANGULAR_TORQUE, Fields.uniformVector(new Vector3d(0, 0, 1), 0.5), FieldOptions.once());
        w.step();
        assertThat(w.angularVelocity(w.find("s0"), new Vector3d()).z).isCloseTo(0.5 * dt / inertia, within(1e-9));
        w.applyField(Fields.Target.ANGULAR_VELOCITY, Fields.uniformVector(new Vector3d(1, 0, 0), 2), FieldOptions.once());
        w.step();
        assertThat(w.angularVelocity(w.find("s0"), new Vector3d()).x).isCloseTo(2, within(1e-9));
    }

    @Test
    void persistentForceEndsWhenRemoved() {
        PhysicsWorld w = spheres(1, "dynamic", 0);
        double dt = w.timeStep();
        w.applyField(Fields.Target.LINEAR_FORCE, Fields.uniformVector(new Vector3d(1, 0, 0), 6), FieldOptions.persistent("wind"));
        w.step(5);
        assertThat(v(w, "s0").x).isCloseTo(5 * 6 * dt, within(1e-12));
        w.removeField("wind");
        w.step(3);
        assertThat(v(w, "s0").x).isCloseTo(5 * 6 * dt, within(1e-12));
    }

    @Test
    void velocityFieldsLeaveKinematicAndStaticBodiesAloneAndWakeSleepers() {
        for (String state : new String[] {"kinematic", "static", "sleeping"}) {
            PhysicsWorld w = spheres(1, state, 0);
            w.applyField(Fields.Target.LINEAR_VELOCITY, Fields.uniformVector(new Vector3d(1, 0, 0), 2), FieldOptions.once());
            w.step();
            assertThat(v(w, "s0").x).as(state).isCloseTo(state.equals("sleeping") ? 2 : 0, within(1e-12));
            if (state.equals("sleeping")) {
                assertThat(w.isAsleep(w.find("s0"))).isFalse();
            }
        }
    }

    /** A Voronoi wall of 8 leaves; leaf k (1..8) gets threshold 100 k. */
    @Test
    void strainFieldBreaksExactlyTheNodesWithThresholdAtMostSWithinItsRadius() {
        String json = """
                {"format": "rubble-scenario/1", "name": "strain", "world": {"gravity": [0, 0, 0]},
                 "collections": [{"id": "wall", "recipe": {"box": [1, 1, 0.15], "levels": [{"method": "voronoi", "options": {"count": 8}}], "seed": 1},
                    "position": [0, 0, 0], "destruction": {"damageOptions": {"thresholds": [1e9]}, "propagation": false}}]}""";
        PhysicsWorld w = Scenarios.parse(json, Rubble.defaultPlugins());
        CollectionId c = w.destruction().collection(0);
        int leaves = w.destruction().asset(c).nodeCount() - 1;
        assertThat(leaves).isEqualTo(8);
        for (int k = 1; k <= leaves; k++) {
            w.destruction().setThreshold(c, k, 100 * k);
        }
        w.step();
        // S = 400: leaves 1..4 (threshold 100..400, 400 inclusive) break, wherever they are in the 10 m ball
        w.applyField(Fields.Target.EXTERNAL_CLUSTER_STRAIN, Fields.radialFalloff(new Vector3d(), 10).magnitude(400).falloff("none"),
                FieldOptions.once());
        java.util.TreeSet<Integer> broken = new java.util.TreeSet<>();
        w.destruction().addBreakListener(e -> {
            if (e.kind() == dev.rubble.api.BreakEvent.Kind.BREAK) {
                broken.add(e.node());
            }
        });
        w.step();
        // (leaves left alone by the connectivity pass get bodies too, but they did not break)
        assertThat(broken).containsExactly(1, 2, 3, 4);
    }

    /** A persistent field from step 5 with endStep 8 acts in steps 5, 6 and 7: a force F on m gives 3 F dt / m. */
    @Test
    void scenarioPersistentFieldActsFromStepToEndStep() {
        PhysicsWorld w = Scenarios.parse("""
                {"format": "rubble-scenario/1", "name": "wind", "world": {"gravity": [0, 0, 0]},
                 "bodies": [{"id": "s", "shape": {"type": "sphere", "radius": 0.1}, "mass": 2}],
                 "fields": [{"name": "wind", "target": "linear-force", "persistent": true, "step": 5, "endStep": 8,
                             "field": {"node": "uniform-vector", "magnitude": 4, "direction": [1, 0, 0]}}]}""", Rubble.defaultPlugins());
        double dt = w.timeStep();
        w.step(5);
        assertThat(v(w, "s").x).as("before step 5").isZero();
        w.step(20);
        assertThat(v(w, "s").x).isCloseTo(3 * 4 * dt / 2, within(1e-12));
    }

    /** The field time is 0 in the step a field is applied and grows by dt a step: decay M exp(-(t/T)²). */
    @Test
    void fieldTimeStartsAtZeroAndGrowsByTheStep() {
        PhysicsWorld w = spheres(1, "dynamic", 0);
        double dt = w.timeStep(), period = 0.1;
        w.step(3);
        w.applyField(Fields.Target.SLEEPING_THRESHOLD, Fields.node("wave-scalar", "function", "decay", "period", period, "magnitude", 2.0),
                FieldOptions.persistent("decay"));
        dev.rubble.core.body.BodyStore b = w.kernel().bodies();
        int s = b.slot(w.find("s0").handle());
        for (int k = 0; k < 4; k++) {
            w.step();
            double t = k * dt;
            assertThat(b.sleepThreshold[s]).as("step %d after", k).isCloseTo(2 * StrictMath.exp(-(t / period) * (t / period)), within(1e-12));
        }
    }

    /** A strain field breaks a wall that has fallen asleep on the ground, and what it releases is awake. */
    @Test
    void strainFieldBreaksASleepingWall() {
        PhysicsWorld w = Scenarios.parse("""
                {"format": "rubble-scenario/1", "name": "sleeping wall",
                 "bodies": [{"id": "ground", "state": "static", "shape": {"type": "box", "halfExtents": [10, 0.5, 10]}, "position": [0, -0.5, 0]}],
                 "collections": [{"id": "wall", "recipe": {"box": [1, 1, 0.15], "levels": [{"method": "voronoi", "options": {"count": 8}}], "seed": 1},
                    "position": [0, 1.0, 0], "destruction": {"damageOptions": {"thresholds": [1e6]}}}]}""", Rubble.defaultPlugins());
        CollectionId c = w.destruction().collection(0);
        for (int i = 0; i < 600 && !w.isAsleep(w.destruction().bodyOf(c, 0)); i++) {
            w.step();
        }
        assertThat(w.isAsleep(w.destruction().bodyOf(c, 0))).as("the wall rests").isTrue();
        int[] breaks = {0};
        w.destruction().addBreakListener(e -> breaks[0] += e.kind() == dev.rubble.api.BreakEvent.Kind.BREAK ? 1 : 0);
        w.applyField(Fields.Target.EXTERNAL_CLUSTER_STRAIN, Fields.radialFalloff(new Vector3d(0, 1, 0), 5).magnitude(2e6).falloff("none"),
                FieldOptions.once());
        w.step();
        assertThat(breaks[0]).as("every leaf breaks").isEqualTo(8);
        for (int k = 1; k <= 8; k++) {
            assertThat(w.isAsleep(w.destruction().bodyOf(c, k))).as("leaf %d", k).isFalse();
        }
    }

    /** Three 4-leaf walls 3 m apart, no gravity, with a break budget of one holder a step. */
    private static PhysicsWorld threeWalls() {
        StringBuilder cs = new StringBuilder();
        for (int k = 0; k < 3; k++) {
            cs.append(k == 0 ? "" : ",").append("{\"id\": \"w").append(k).append("\", \"recipe\": {\"box\": [0.5, 0.5, 0.1], ")
                    .append("\"levels\": [{\"method\": \"voronoi\", \"options\": {\"count\": 4}}], \"seed\": ").append(k + 1)
                    .append("}, \"position\": [").append(3 * k).append(", 0, 0], \"destruction\": {\"damageOptions\": {\"thresholds\": [1e6]}}}");
        }
        PhysicsWorld w = Scenarios.parse("{\"format\": \"rubble-scenario/1\", \"name\": \"budget\", \"world\": {\"gravity\": [0, 0, 0]},"
                + " \"collections\": [" + cs + "]}", Rubble.defaultPlugins());
        w.setBreakBudget(1);
        w.step();
        return w;
    }

    private static int leavesWithBodies(PhysicsWorld w) {
        int alive = 0;
        for (int k = 0; k < 3; k++) {
            for (int n = 1; n <= 4; n++) {
                alive += w.destruction().bodyOf(w.destruction().collection(k), n) != null ? 1 : 0;
            }
        }
        return alive;
    }

    /**
     * With a break budget of one holder a step, a strain field over three walls breaks one wall a step and
     * loses none (SPEC §6), and a kill field over their pieces kills every piece, the waiting walls' too
     * (before, the walls the budget deferred released their pieces alive, with bodies, a step or two later).
     * A snapshot taken while two walls wait for the budget continues to the same state.
     */
    @Test
    void strainAndKillFieldsUnderABreakBudget() throws java.io.IOException {
        for (boolean kill : new boolean[] {false, true}) {
            PhysicsWorld w = threeWalls();
            java.util.List<String> perStep = new java.util.ArrayList<>();
            java.util.TreeSet<Integer> now = new java.util.TreeSet<>();
            w.destruction().addBreakListener(e -> {
                if (e.kind() == dev.rubble.api.BreakEvent.Kind.BREAK) {
                    now.add(e.collection().index());
                }
            });
            if (kill) {
                w.applyField(Fields.Target.KILL, Fields.uniformScalar(1), FieldOptions.once().state("disabled"));
            } else {
                w.applyField(Fields.Target.EXTERNAL_CLUSTER_STRAIN, Fields.uniformScalar(2e6), FieldOptions.once());
            }
            PhysicsWorld restored = null;
            for (int i = 0; i < 4; i++) {
                now.clear();
                w.step();
                perStep.add(now.toString());
                if (i == 0) {
                    java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
                    w.saveSnapshot(bytes);
                    restored = Rubble.defaultPlugins().restoreWorld(new java.io.ByteArrayInputStream(bytes.toByteArray()));
                    assertThat(restored.stateHash()).as("kill %s: restored", kill).isEqualTo(w.stateHash());
                }
            }
            restored.step(3);
            assertThat(restored.stateHash()).as("kill %s: the restored world continues alike", kill).isEqualTo(w.stateHash());
            if (kill) { // killed pieces leave no break event and no body
                assertThat(perStep).containsExactly("[]", "[]", "[]", "[]");
                assertThat(leavesWithBodies(w)).as("leaves alive").isZero();
                assertThat(leavesWithBodies(restored)).as("leaves alive after the restore").isZero();
            } else {
                assertThat(perStep).containsExactly("[0]", "[1]", "[2]", "[]");
                assertThat(leavesWithBodies(w)).isEqualTo(12);
            }
        }
    }

    /**
     * A wall killed by a field is out of the simulation with everything it holds: a strain or velocity field
     * later (any resolution) reaches none of its pieces, so none comes back alive — as in Chaos, where a
     * disabled cluster's children are not sampled and a disabled cluster does not break. The same wall alive
     * is broken by the same field.
     */
    @Test
    void aKilledWallIsNotBrokenBackToLifeByALaterField() {
        for (String resolution : new String[] {"minimal", "maximum"}) {
            for (boolean killed : new boolean[] {false, true}) {
                KilledWall kw = new KilledWall(killed);
                PhysicsWorld w = kw.world;
                int[] breaks = kw.breaks;
                w.applyField(Fields.Target.EXTERNAL_CLUSTER_STRAIN, Fields.radialFalloff(new Vector3d(0, 1, 0), 5).magnitude(1e5).falloff("none"),
                        FieldOptions.once().resolution(resolution));
                w.step(2);
                int bodies = kw.liveLeaves();
                assertThat(breaks[0]).as("%s, killed %s: breaks", resolution, killed).isEqualTo(killed ? 0 : 8);
                assertThat(bodies).as("%s, killed %s: leaves in the simulation", resolution, killed).isEqualTo(killed ? 0 : 8);
            }
        }
    }
}
