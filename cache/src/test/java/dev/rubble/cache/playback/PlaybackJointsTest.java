package dev.rubble.cache.playback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.api.BodyId;
import dev.rubble.api.BodySpec;
import dev.rubble.api.ConstraintSpec;
import dev.rubble.api.PhysicsWorld;
import dev.rubble.api.Rubble;
import dev.rubble.api.WorldConfig;
import dev.rubble.cache.journal.JournalWriter;
import dev.rubble.core.dynamics.ConstraintStore;
import dev.rubble.core.plugin.Stages;
import dev.rubble.core.world.World;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;
import dev.rubble.spi.shape.Box;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The playback world holds the recorded joints (docs/journal-format.md, "Joints in playback"): made from the recorded
 * commands at the recorded poses, gone after the step they broke in, restored from a keyframe by a seek, taken from an
 * attached journal's start keyframe. Between driven bodies a joint does nothing; a released body hangs from it.
 * Before, the playback world held no constraints at all.
 */
final class PlaybackJointsTest {
    private static final Stages STAGES = Stages.load();

    /**
     * A 1 kg weight on a ball joint to the world that breaks at 30 N, knocked down by 20 N·s at step 30 (a load of
     * about 20 / dt = 1200 N: it breaks in that step), and a keeper on an unbreakable one.
     */
    static final String BREAK = """
            {"format": "rubble-scenario/1", "name": "a weight whose joint breaks", "steps": 120,
             "bodies": [{"id": "ground", "state": "static", "shape": {"type": "box", "halfExtents": [5, 0.5, 5]}, "position": [0, -0.5, 0]},
              {"id": "weight", "shape": {"type": "box", "halfExtents": [0.2, 0.2, 0.2]}, "position": [0, 2.0, 0], "mass": 1},
              {"id": "keeper", "shape": {"type": "box", "halfExtents": [0.2, 0.2, 0.2]}, "position": [2, 2.0, 0], "mass": 1}],
             "constraints": [{"type": "ball", "bodyA": "weight", "anchor": [0, 2.2, 0], "breakForce": 30},
              {"type": "ball", "bodyA": "keeper", "anchor": [2, 2.2, 0]},
              {"type": "distance", "bodyA": "keeper", "bodyB": "weight", "anchor": [2, 2, 0], "anchorB": [0, 2, 0],
               "breakForce": 5000}],
             "commands": [{"step": 30, "type": "impulse", "body": "weight", "impulse": [0, -20, 0]}]}""";

    /**
     * A 2 kg box on a spring of k = 200 N/m (compliance 0.005 m/N), rest length 1 m, damping 40 N·s/m, hung from the
     * world at y = 3.2 m, started at rest where it hangs: its centre at 3.2 - 1 - m g / k.
     */
    static String bob(double g) {
        double y = 3.2 - 1 - 2 * g / 200;
        return """
                {"format": "rubble-scenario/1", "name": "a bob on a spring", "steps": 180,
                 "bodies": [{"id": "ground", "state": "static", "shape": {"type": "box", "halfExtents": [5, 0.5, 5]}, "position": [0, -0.5, 0]},
                  {"id": "bob", "shape": {"type": "box", "halfExtents": [0.15, 0.15, 0.15]}, "position": [0, %s, 0], "mass": 2}],
                 "constraints": [{"type": "distance", "bodyA": "bob", "anchor": [0, %s, 0], "anchorB": [0, 3.2, 0],
                   "params": {"restLength": 1.0, "compliance": 0.005, "damping": 40}}]}""".formatted(y, y);
    }

    /** Records {@code json} for its steps into {@code dir}, keyframes every {@code interval} steps (0: none); the live store after each step. */
    private static List<ConstraintStore> record(Path dir, String json, int steps, int interval) {
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(json), STAGES);
        List<ConstraintStore> stores = new ArrayList<>();
        JournalWriter jw = JournalWriter.create(dir, sw, "joints", json);
        if (interval > 0) {
            jw.keyframes(interval, 64L << 20);
        }
        try (jw) {
            sw.world().addObserver(jw);
            for (int k = 0; k < steps; k++) {
                sw.step();
                stores.add(copy(sw.world().context().constraints));
            }
        }
        return stores;
    }

    private static ConstraintStore copy(ConstraintStore from) {
        ConstraintStore to = from.emptyLike();
        for (int i = 0; i < from.size(); i++) {
            to.add(from.id[i], from.typeName[i], from.bodyA[i], from.bodyB[i],
                    java.util.Arrays.copyOfRange(from.frameA, 7 * i, 7 * i + 7),
                    java.util.Arrays.copyOfRange(from.frameB, 7 * i, 7 * i + 7), from.params[i], from.breakForce[i],
                    from.breakTorque[i], !from.noContact[i]);
        }
        return to;
    }

    /** Every constraint of {@code want} in {@code got}, bit for bit: id, type, bodies, frames, parameters, thresholds. */
    private static void assertSame(ConstraintStore got, ConstraintStore want, String where) {
        assertThat(ids(got)).as("%s: constraint ids", where).isEqualTo(ids(want));
        for (int i = 0; i < want.size(); i++) {
            assertThat(got.typeName[i]).isEqualTo(want.typeName[i]);
            assertThat(got.bodyA[i]).as("%s: constraint %d body A", where, want.id[i]).isEqualTo(want.bodyA[i]);
            assertThat(got.bodyB[i]).as("%s: constraint %d body B", where, want.id[i]).isEqualTo(want.bodyB[i]);
            for (int f = 0; f < 7; f++) {
                assertThat(got.frameA[7 * i + f]).as("%s: constraint %d frameA[%d]", where, want.id[i], f)
                        .isEqualTo(want.frameA[7 * i + f]);
                assertThat(got.frameB[7 * i + f]).as("%s: constraint %d frameB[%d]", where, want.id[i], f)
                        .isEqualTo(want.frameB[7 * i + f]);
            }
            assertThat(got.params[i]).as("%s: constraint %d params", where, want.id[i]).isEqualTo(want.params[i]);
            assertThat(got.breakForce[i]).isEqualTo(want.breakForce[i]);
            assertThat(got.noContact[i]).isEqualTo(want.noContact[i]);
        }
    }

    private static List<Integer> ids(ConstraintStore st) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < st.size(); i++) {
            out.add(st.id[i]);
        }
        return out;
    }

    /**
     * Step by step, the playback world holds the constraints the live run held after the same step, bit for bit
     * (frames and the derived rest length from the recorded poses); the weight's joint is gone from step 30, the
     * step its 20 N·s knock broke it in.
     */
    @Test
    void thePlaybackWorldHoldsTheRecordedJointsAndLosesABrokenOne(@TempDir Path dir) {
        List<ConstraintStore> live = record(dir, BREAK, 120, 0);
        assertThat(ids(live.get(29))).containsExactly(1, 2, 3);
        assertThat(ids(live.get(30))).as("the knock breaks the weight's joint in its step").containsExactly(2, 3);
        try (Playback pb = Playback.open(dir, STAGES)) {
            for (int k = 0; k < 120; k++) {
                pb.step();
                assertSame(pb.world().context().constraints, live.get(k), "after step " + k);
            }
        }
    }

    /**
     * A seek builds the joints from the keyframe at or before its step (or from the start) and the records after it:
     * the live run's store at that step, forwards and backwards, before and after the break.
     */
    @Test
    void aSeekRestoresTheJoints(@TempDir Path dir) {
        List<ConstraintStore> live = record(dir, BREAK, 120, 20);
        try (Playback pb = Playback.open(dir, STAGES)) {
            for (long step : new long[] {75, 10, 29, 30, 100, 45, 0, 119}) {
                pb.seek(step);
                assertSame(pb.world().context().constraints, live.get((int) step), "seek to " + step);
            }
            assertThat(pb.seekRebuilds()).as("keyframes were used").isPositive();
            assertThat(pb.keyframeSteps()).isNotEmpty();
        }
    }

    /**
     * The weight, released at step 60 after its joint broke at step 30, goes on falling as recorded (a joint left in
     * the store would pull it back up to its world anchor at 2.2 m); the keeper, released at 60, keeps hanging on its
     * ball joint: its anchor point, 0.2 m above its centre, stays on (2, 2.2, 0) within 5 mm.
     */
    @Test
    void releasedBodiesFollowTheirJointsAsRecorded(@TempDir Path dir) {
        record(dir, BREAK, 120, 0);
        try (Playback pb = Playback.open(dir, STAGES)) {
            pb.scheduleRelease(60, "weight");
            pb.scheduleRelease(60, "keeper");
            while (!pb.finished()) {
                pb.step();
            }
            assertThat(pb.releasedCount()).isEqualTo(2);
            World w = pb.world();
            int weight = w.bodies().slot(w.findByLabel("weight")), keeper = w.bodies().slot(w.findByLabel("keeper"));
            assertThat(w.bodies().py[weight]).as("the weight fell to the ground (half size 0.2 m)").isCloseTo(0.2, within(0.01));
            double[] top = new double[3];
            w.bodies().originPointToWorld(keeper, 0, 0.2, 0, top);
            assertThat(Math.sqrt(sq(top[0] - 2) + sq(top[1] - 2.2) + sq(top[2]))).as("the keeper's anchor off its pivot")
                    .isLessThan(0.005);
        }
    }

    /**
     * A bob released at step 60 hangs on its spring where statics put it: rest length + m g / k below the hook
     * (before, the playback world had no spring and it fell to the ground, 1.9 m lower).
     */
    @Test
    void aReleasedBobHangsOnItsSpring(@TempDir Path dir) {
        double g = -dev.rubble.core.step.WorldSettings.defaults().gravityY();
        record(dir, bob(g), 180, 0);
        try (Playback pb = Playback.open(dir, STAGES)) {
            pb.scheduleRelease(60, "bob");
            while (!pb.finished()) {
                pb.step();
            }
            assertThat(pb.releasedCount()).isEqualTo(1);
            World w = pb.world();
            int bob = w.bodies().slot(w.findByLabel("bob"));
            assertThat(w.bodies().motion(bob)).isEqualTo(dev.rubble.core.body.MotionType.DYNAMIC);
            assertThat(w.bodies().py[bob]).isCloseTo(3.2 - 1 - 2 * g / 200, within(0.002));
            assertThat(w.bodies().px[bob]).isCloseTo(0, within(1e-6));
        }
    }

    /**
     * A box spawned at step 10 and hung on a ball joint in the same step, the joint naming it by its spawn reference
     * (the journal records the reference): the playback world makes the joint on the spawned body, as the live run's
     * store has it after every step, and the box released at step 40 keeps hanging.
     */
    @Test
    void aJointOnABodySpawnedInItsStepIsPlayedBack(@TempDir Path dir) {
        String json = """
                {"format": "rubble-scenario/1", "name": "spawn and hang", "steps": 80,
                 "bodies": [{"id": "ground", "state": "static", "shape": {"type": "box", "halfExtents": [5, 0.5, 5]}, "position": [0, -0.5, 0]}]}""";
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(json), STAGES);
        List<ConstraintStore> live = new ArrayList<>();
        try (JournalWriter jw = JournalWriter.create(dir, sw, "spawn", json)) {
            sw.world().addObserver(jw);
            for (int k = 0; k < 80; k++) {
                if (k == 10) {
                    sw.world().queue(new dev.rubble.core.command.Command.Spawn(dev.rubble.core.body.BodyDef
                            .of(new Box(0.2, 0.2, 0.2)).withPosition(1, 2, 0).withMass(1).withLabel("box")));
                    sw.world().queue(new dev.rubble.core.command.Command.AddConstraint(1, "ball",
                            dev.rubble.core.command.Command.spawnedEarlier(0), ConstraintStore.WORLD, true,
                            new double[] {1, 2.2, 0, 0, 0, 0, 1}, new double[] {1, 2.2, 0, 0, 0, 0, 1}, new double[0],
                            Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY));
                }
                sw.step();
                live.add(copy(sw.world().context().constraints));
            }
        }
        assertThat(live.get(10).size()).isEqualTo(1);
        try (Playback pb = Playback.open(dir, STAGES)) {
            pb.scheduleRelease(40, "box");
            for (int k = 0; k < 80; k++) {
                pb.step();
                assertSame(pb.world().context().constraints, live.get(k), "after step " + k);
            }
            World w = pb.world();
            int s = w.bodies().slot(w.findByLabel("box"));
            assertThat(pb.releasedCount()).isEqualTo(1);
            double[] top = new double[3];
            w.bodies().originPointToWorld(s, 0, 0.2, 0, top);
            assertThat(Math.sqrt(sq(top[0] - 1) + sq(top[1] - 2.2) + sq(top[2]))).isLessThan(0.005);
        }
    }

    /**
     * Joints on a Voronoi door that breaks (docs/constraints.md, "Joints on collections"): a hinge on its left edge and
     * a rope carrying a crate from its lower right corner follow the pieces holding their anchors when the door is
     * struck at step 20 and crumbles at step 40. The playback world re-binds them as the recording's constraint-changes
     * documents say, so after every step its store is the live run's, bit for bit; the crate released at step 60
     * stays on its rope (its top within the rope's 0.9 m of the rope's anchor on the driven piece at every step) and
     * ends where the run left it (on the ground, where the crumbled door's corner piece fell).
     */
    @Test
    void jointsOnABreakingDoorFollowItsPieces(@TempDir Path dir) {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
        w.addBody(BodySpec.fixed(new Box(20, 0.5, 20)).withPosition(new Vector3d(0, -0.5, 0)).withLabel("ground"));
        BodyId crate = w.addBody(BodySpec.dynamic(new Box(0.2, 0.2, 0.2)).withPosition(new Vector3d(1.3, 1, 0))
                .withLabel("crate"));
        dev.rubble.spi.collection.CollectionAsset door = dev.rubble.api.WorldDestruction.fracture(
                "{\"box\": [1.5, 1, 0.1], \"levels\": [{\"method\": \"voronoi\", \"options\": {\"count\": 12}}], \"seed\": 7}");
        dev.rubble.api.WorldDestruction d = w.destruction();
        List<ConstraintStore> live = new ArrayList<>();
        dev.rubble.api.CollectionId c = null;
        try (JournalWriter jw = JournalWriter.attach(dir, w, "door")) {
            for (int i = 0; i < 90; i++) {
                if (i == 1) {
                    c = d.place("door", door, new Vector3d(0, 3, 0), new org.joml.Quaterniond(), new double[] {1e9}, null);
                    BodyId whole = d.bodyOf(c, 0);
                    w.addConstraint(whole, null, ConstraintSpec.hinge(new Vector3d(-1.5, 3, 0), new Vector3d(0, 1, 0))
                            .limits(-0.5, 0.5));
                    w.addConstraint(crate, whole, ConstraintSpec.rope(new Vector3d(1.3, 1.2, 0), new Vector3d(1.3, 2.05, 0), 0.9));
                } else if (i == 20) {
                    d.applyStrainAt(new Vector3d(0, 3, 0), 0.3, 1e12, 0, 0);
                } else if (i == 40) {
                    d.crumble(c, 0);
                }
                w.step();
                live.add(copy(w.kernel().context().constraints));
            }
        }
        ConstraintStore end = live.get(89);
        assertThat(end.size()).isEqualTo(2);
        assertThat(end.bodyA[0]).as("the hinge moved to a piece").isNotEqualTo(live.get(1).bodyA[0]);
        assertThat(end.bodyB[1]).as("the rope moved to a piece").isNotEqualTo(live.get(1).bodyB[1]);
        double liveCrate = w.kernel().bodies().py[(int) crate.handle()];
        try (Playback pb = Playback.open(dir, STAGES)) {
            pb.scheduleRelease(60, "crate");
            double longest = 0;
            for (int k = 0; k < 90; k++) {
                pb.step();
                assertSame(pb.world().context().constraints, live.get(k), "after step " + k);
                if (k >= 60) { // released: the rope (id 2, on a driven piece of the door) holds it
                    World pw = pb.world();
                    ConstraintStore st = pw.context().constraints;
                    int s = pw.bodies().slot(pw.findByLabel("crate")), piece = pw.bodies().slot(st.bodyB[1]);
                    double[] top = new double[3], hook = new double[3];
                    pw.bodies().originPointToWorld(s, 0, 0.2, 0, top);
                    pw.bodies().originPointToWorld(piece, st.frameB[7], st.frameB[8], st.frameB[9], hook);
                    longest = Math.max(longest, Math.sqrt(sq(top[0] - hook[0]) + sq(top[1] - hook[1]) + sq(top[2] - hook[2])));
                }
            }
            assertThat(pb.releasedCount()).isEqualTo(1);
            assertThat(longest).as("the rope's length while the crate is released").isLessThan(0.9 + 0.005);
            World pw = pb.world();
            assertThat(pw.bodies().py[pw.bodies().slot(pw.findByLabel("crate"))]).as("the crate where the run left it")
                    .isCloseTo(liveCrate, within(0.02));
        }
    }

    /**
     * A journal attached to a world that has stepped starts from a keyframe holding its joints: the playback world
     * holds them from the start, and a box hanging from the world on a ball joint, released, keeps hanging.
     */
    @Test
    void anAttachedJournalsStartKeyframeGivesItsJoints(@TempDir Path dir) {
        Path j = dir.resolve("j");
        {
            PhysicsWorld world = Rubble.newWorld(WorldConfig.defaults());
            BodyId box = world.addBody(BodySpec.dynamic(new Box(0.2, 0.2, 0.2)).withPosition(new Vector3d(0, 2, 0))
                    .withMass(1).withLabel("box"));
            world.addConstraint(box, null, ConstraintSpec.ball(new Vector3d(0, 2.2, 0)));
            world.step(5);
            try (JournalWriter jw = JournalWriter.attach(j, world, "attached")) {
                world.step(60);
            }
        }
        try (Playback pb = Playback.open(j, STAGES)) {
            assertThat(pb.world().context().constraints.size()).as("the start keyframe's joint").isEqualTo(1);
            pb.scheduleRelease(20, "box");
            while (!pb.finished()) {
                pb.step();
            }
            World w = pb.world();
            int s = w.bodies().slot(w.findByLabel("box"));
            assertThat(pb.releasedCount()).isEqualTo(1);
            double[] top = new double[3];
            w.bodies().originPointToWorld(s, 0, 0.2, 0, top);
            assertThat(Math.sqrt(sq(top[0]) + sq(top[1] - 2.2) + sq(top[2]))).isLessThan(0.005);
        }
    }

    private static double sq(double x) {
        return x * x;
    }
}
