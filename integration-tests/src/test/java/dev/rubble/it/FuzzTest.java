package dev.rubble.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.rubble.cache.journal.JournalFormatException;
import dev.rubble.cache.journal.JournalReader;
import dev.rubble.cache.journal.JournalWriter;
import dev.rubble.cache.journal.StepRecord;
import dev.rubble.cache.verify.Verifier;
import dev.rubble.cache.verify.VerifyResult;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.CapacityExceededException;
import dev.rubble.authoring.CollectionBuilder;
import dev.rubble.authoring.CollectionFile;
import dev.rubble.authoring.CollectionFormatException;
import dev.rubble.authoring.GeometryCollection;
import dev.rubble.core.plugin.StageFamily;
import dev.rubble.core.plugin.Stages;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.geom.ConvexPolytope;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bounded, seeded fuzzing of every file the engine reads (issue 17): mutated scenarios, collection
 * files and journals. The contract for each input: it loads and runs, or it is refused as bad input
 * (the exceptions the command line turns into exit 2 with one line) — never another exception, a
 * JVM error, a hang, a NaN left in an awake body, or (journals) damage reported as a determinism
 * divergence. A failure prints the seed and the input's number; rerun with
 * {@code -Drubble.fuzz.seed=S}. {@code mvn -Pfuzz} (integration-tests) runs 30 times as many.
 */
final class FuzzTest {
    private static final long SEED = Long.getLong("rubble.fuzz.seed", 20261201L);
    private static final int SCALE = Integer.getInteger("rubble.fuzz.scale", 1);
    private static Stages stages;

    @BeforeAll
    static void load() {
        stages = Stages.load();
    }

    // ---------------------------------------------------------------- scenarios

    private static final String[] EXTREMES = {"5e-324", "1e308", "-1e308", "0", "-0", "1e200", "-1", "4.9e-300",
        "1e-7", "3", "2147483647", "-2147483648", "99999999999", "0.5", "\"x\"", "null", "[]", "{}", "true"};

    private static List<String> baseScenarios() throws IOException {
        List<String> bases = new ArrayList<>();
        try (var s = Files.list(Path.of("..", "examples"))) {
            for (Path p : s.filter(f -> f.toString().endsWith(".json")).sorted().toList()) {
                bases.add(Files.readString(p));
            }
        }
        // every command type and shape type once
        bases.add("""
                {"format": "rubble-scenario/1", "name": "all", "steps": 30,
                 "world": {"dt": 0.0166, "subSteps": 2, "budgets": {"maxBodies": 64, "maxContacts": 256},
                           "stages": {"broadphase": "sap"}, "stageOptions": {"narrowphase": {}},
                           "solver": {"contactHertz": 30}, "motion": {"maxLinearSpeed": 100}, "sleep": {"enabled": true}},
                 "bodies": [
                  {"id": "g", "state": "static", "shape": {"type": "box", "halfExtents": [10, 0.5, 10]}, "position": [0, -0.5, 0]},
                  {"id": "p", "state": "static", "shape": {"type": "plane", "normal": [0, 1, 0], "offset": -2}},
                  {"id": "s", "shape": {"type": "sphere", "radius": 0.5}, "position": [0, 3, 0], "restitution": 0.5},
                  {"id": "c", "shape": {"type": "capsule", "radius": 0.2, "halfHeight": 0.4}, "position": [2, 2, 0],
                   "orientation": [0, 0, 0.38268343, 0.92387953], "angularVelocity": [0, 1, 0]},
                  {"id": "k", "state": "kinematic", "shape": {"type": "box", "halfExtents": [1, 0.1, 1]}, "position": [4, 1, 0]},
                  {"id": "h", "shape": {"type": "convexHull", "points": [[0,0,0],[0.5,0,0],[0,0.5,0],[0,0,0.5],[0.4,0.4,0.4]]},
                   "position": [-2, 1, 0], "density": 500}],
                 "commands": [
                  {"type": "impulse", "step": 2, "body": "s", "impulse": [10, 0, 0], "point": [0, 3.2, 0]},
                  {"type": "velocity", "step": 3, "body": "c", "linear": [1, 0, 0], "angular": [0, 0, 1]},
                  {"type": "kinematicTarget", "step": 4, "body": "k", "position": [4, 1.5, 0]},
                  {"type": "spawn", "step": 5, "body": {"id": "n", "shape": {"type": "box", "halfExtents": [0.2, 0.2, 0.2]},
                   "position": [0, 6, 0], "mass": 2}},
                  {"type": "state", "step": 6, "body": "h", "state": "sleeping"},
                  {"type": "remove", "step": 7, "body": "c"},
                  {"type": "release", "step": 8, "body": "s"}]}
                """);
        // soft bodies (issue 28: soft values at 1e308 turned every point NaN with exit 0)
        bases.add("""
                {"format": "rubble-scenario/1", "name": "soft", "steps": 20,
                 "bodies": [
                  {"id": "g", "state": "static", "shape": {"type": "box", "halfExtents": [5, 0.5, 5]}, "position": [0, -0.5, 0]},
                  {"id": "w", "shape": {"type": "box", "halfExtents": [0.1, 0.1, 0.1]}, "position": [0, 2, 0], "mass": 2}],
                 "softBodies": [{"id": "j", "source": "box:half=0.5,0.25,0.5", "spacing": 0.25, "density": 500, "seed": 3,
                   "position": [0, 0.3, 0], "velocity": [0, -1, 0], "youngsModulus": 200000, "poissonRatio": 0.3,
                   "friction": 0.5, "thickness": 0.005, "edgeCompliance": 0.0001, "volumeCompliance": 0.000001,
                   "pins": [0], "attach": [{"point": 1, "body": "w"}]}]}
                """);
        return bases;
    }

    /** Fails unless every awake rigid body and every soft point of {@code w} is finite. */
    static void assertFinite(dev.rubble.core.world.World w, String what) {
        BodyStore b = w.bodies();
        for (int a = 0, awake = b.awakeCount(); a < awake; a++) {
            int slot = b.order[a];
            double z = b.px[slot] + b.py[slot] + b.pz[slot] + b.vx[slot] + b.vy[slot] + b.vz[slot] + b.qw[slot] + b.wx[slot];
            if (!Double.isFinite(z)) {
                fail("%s: awake body %d is not finite", what, slot);
            }
        }
        var st = w.softBodies().store().state;
        for (int k = 0; k < 3 * st.points; k++) {
            if (!Double.isFinite(st.x[k]) || !Double.isFinite(st.v[k])) {
                fail("%s: soft point %d is not finite", what, k / 3);
            }
        }
    }

    static String mutate(String text, SplittableRandom r) {
        StringBuilder b = new StringBuilder(text);
        int ops = 1 + r.nextInt(3);
        for (int k = 0; k < ops && b.length() > 2; k++) {
            int at = r.nextInt(b.length());
            switch (r.nextInt(7)) {
                case 0 -> b.setCharAt(at, (char) (r.nextBoolean() ? 32 + r.nextInt(95) : r.nextInt(32)));
                case 1 -> b.delete(at, Math.min(b.length(), at + 1 + r.nextInt(20)));
                case 2 -> {
                    int end = Math.min(b.length(), at + 1 + r.nextInt(40));
                    b.insert(at, b.substring(at, end));
                }
                case 3, 4, 5 -> { // replace the number that starts at or after `at` with an extreme one
                    int s = at;
                    while (s < b.length() && "-0123456789".indexOf(b.charAt(s)) < 0) {
                        s++;
                    }
                    int e = s;
                    while (e < b.length() && "-+.0123456789eE".indexOf(b.charAt(e)) >= 0) {
                        e++;
                    }
                    if (s < b.length()) {
                        b.replace(s, e, EXTREMES[r.nextInt(EXTREMES.length)]);
                    }
                }
                default -> b.setLength(at);
            }
        }
        return b.toString();
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.MINUTES)
    void mutatedScenariosLoadAndRunOrAreRefusedAsBadInput() throws IOException {
        List<String> bases = baseScenarios();
        SplittableRandom r = new SplittableRandom(SEED);
        int n = 1500 * SCALE, accepted = 0;
        for (int i = 0; i < n; i++) {
            String text = mutate(bases.get(r.nextInt(bases.size())), r);
            try {
                ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(text), stages);
                for (int s = 0; s < 8; s++) {
                    sw.step();
                    assertFinite(sw.world(), "seed " + SEED + " scenario #" + i + " step " + s + ":\n" + text);
                    BodyStore b = sw.world().bodies();
                    for (int a = 0, awake = b.awakeCount(); a < awake; a++) {
                        int slot = b.order[a];
                        double z = b.px[slot] + b.py[slot] + b.pz[slot] + b.vx[slot] + b.vy[slot] + b.vz[slot]
                                + b.qw[slot] + b.wx[slot];
                        if (!Double.isFinite(z)) {
                            fail("seed %d scenario #%d: awake body %d is not finite after step %d:%n%s", SEED, i, slot, s, text);
                        }
                    }
                }
                accepted++;
            } catch (IllegalArgumentException | CapacityExceededException e) {
                assertThat(e.getMessage()).as("seed %d scenario #%d", SEED, i).isNotBlank();
            } catch (RuntimeException | Error e) {
                throw new AssertionError("seed " + SEED + " scenario #" + i + ": " + e + "\n" + text, e);
            }
        }
        // the mutants must not all be refused at the first character: many still run. Larger examples (more fields a
        // mutation can break) run fewer: 4.7 % of the seed's mutants after the eighteenth session's examples (piers, a
        // pit, a second field, a soft body on a wall), 5-10 % per file; an over-strict parser would run almost none
        assertThat(accepted).isGreaterThan(n / 30);
    }

    // ---------------------------------------------------------------- collection files

    @Test
    @Timeout(value = 10, unit = TimeUnit.MINUTES)
    void mutatedCollectionFilesLoadSoundlyOrAreRefused() {
        CollectionBuilder cb = new CollectionBuilder(ConvexPolytope.box(0, 0, 0, 1, 0.5, 0.25)).density(2000);
        cb.fractureLevel(stages.create(StageFamily.FRACTURE, "voronoi", StageConfig.of(Map.of("count", 8))), 3);
        GeometryCollection g = cb.build(stages.create(StageFamily.CONNECTION_GRAPH, "delaunay", StageConfig.empty()), 8);
        byte[] good = CollectionFile.toBytes(g);
        SplittableRandom r = new SplittableRandom(SEED + 1);
        int n = 1500 * SCALE;
        for (int i = 0; i < n; i++) {
            byte[] d = good.clone();
            int kind = r.nextInt(4);
            switch (kind) {
                case 0 -> d[r.nextInt(d.length)] ^= (byte) (1 << r.nextInt(8)); // damage: the CRC must catch it
                case 1 -> d = java.util.Arrays.copyOf(d, r.nextInt(d.length));
                case 2 -> { // crafted: an int anywhere, checksum recomputed
                    int[] v = {0, -1, 1, 1 << 28, Integer.MAX_VALUE, Integer.MIN_VALUE, r.nextInt()};
                    ByteBuffer.wrap(d).putInt(4 * r.nextInt(d.length / 4 - 1), v[r.nextInt(v.length)]);
                    reseal(d);
                }
                default -> { // crafted: a double anywhere, checksum recomputed
                    double[] v = {Double.NaN, Double.POSITIVE_INFINITY, -1, 0, 1e308, 5e-324, -0.0};
                    ByteBuffer.wrap(d).putDouble(r.nextInt(d.length - 12), v[r.nextInt(v.length)]);
                    reseal(d);
                }
            }
            try {
                GeometryCollection back = CollectionFile.fromBytes(d);
                if (kind == 0 || kind == 1) {
                    fail("seed %d collection #%d: a damaged file (kind %d) was accepted", SEED, i, kind);
                }
                for (int k = 0; k < back.nodeCount(); k++) {
                    assertThat(back.mass(k)).as("seed %d collection #%d mass", SEED, i).isPositive().isFinite();
                    assertThat(back.volume(k)).as("seed %d collection #%d volume", SEED, i).isPositive().isFinite();
                }
            } catch (CollectionFormatException e) {
                assertThat(e.getMessage()).isNotBlank();
            } catch (RuntimeException | Error e) {
                throw new AssertionError("seed " + SEED + " collection #" + i + " (kind " + kind + "): " + e, e);
            }
        }
    }

    private static void reseal(byte[] d) {
        CRC32 crc = new CRC32();
        crc.update(d, 0, d.length - 4);
        ByteBuffer.wrap(d).putInt(d.length - 4, (int) crc.getValue());
    }

    // ---------------------------------------------------------------- snapshots and cages (issue 28)

    /** A world with rigid bodies and a pinned, attached soft block, stepped a little. */
    private static dev.rubble.core.world.World softWorld() {
        dev.rubble.core.world.World w = ScenarioWorld.create(ScenarioLoader.parse("""
                {"format": "rubble-scenario/1", "name": "snap", "bodies": [
                  {"id": "g", "state": "static", "shape": {"type": "box", "halfExtents": [5, 0.5, 5]}, "position": [0, -0.5, 0]},
                  {"id": "s", "shape": {"type": "sphere", "radius": 0.3}, "position": [2, 1, 0]},
                  {"id": "w", "shape": {"type": "box", "halfExtents": [0.1, 0.1, 0.1]}, "position": [0, 2, 0], "mass": 2}],
                 "softBodies": [{"id": "j", "source": "box:half=0.5,0.25,0.5", "spacing": 0.25, "density": 500,
                   "position": [0, 0.3, 0], "youngsModulus": 200000, "pins": [0], "attach": [{"point": 1, "body": "w"}]}]}
                """), stages).world();
        for (int i = 0; i < 5; i++) {
            w.step();
        }
        return w;
    }

    /**
     * Snapshots: bit flips and cuts (the CRC or the framing must catch them), and crafted values
     * with the CRC recomputed (the value checks must): each restores and steps with every value
     * finite, or is refused as bad input naming what is wrong.
     */
    @Test
    @Timeout(value = 10, unit = TimeUnit.MINUTES)
    void mutatedSnapshotsRestoreSoundlyOrAreRefused() throws IOException {
        java.io.ByteArrayOutputStream bo = new java.io.ByteArrayOutputStream();
        dev.rubble.core.snapshot.WorldSnapshot.save(softWorld(), bo, "fuzz");
        byte[] good = bo.toByteArray();
        SplittableRandom r = new SplittableRandom(SEED + 3);
        int n = 120 * SCALE, restored = 0;
        for (int i = 0; i < n; i++) {
            byte[] d = good.clone();
            int kind = r.nextInt(4);
            switch (kind) {
                case 0 -> d[16 + r.nextInt(d.length - 16)] ^= (byte) (1 << r.nextInt(8));
                case 1 -> d = java.util.Arrays.copyOf(d, r.nextInt(d.length));
                case 2 -> {
                    int[] v = {0, -1, 1, 1 << 28, Integer.MAX_VALUE, Integer.MIN_VALUE, r.nextInt()};
                    ByteBuffer.wrap(d).putInt(16 + r.nextInt(d.length - 24), v[r.nextInt(v.length)]);
                    resealC(d);
                }
                default -> {
                    double[] v = {Double.NaN, Double.POSITIVE_INFINITY, -1, 0, 1e308, 5e-324, -0.0, 1e10};
                    ByteBuffer.wrap(d).putDouble(16 + r.nextInt(d.length - 28), v[r.nextInt(v.length)]);
                    resealC(d);
                }
            }
            String what = "seed " + SEED + " snapshot #" + i + " (kind " + kind + ")";
            try {
                dev.rubble.core.snapshot.WorldSnapshot snap = dev.rubble.core.snapshot.WorldSnapshot.read(
                        new java.io.ByteArrayInputStream(d), "s.rsnap");
                dev.rubble.core.world.World w = dev.rubble.core.world.World.create(snap.settings(), stages);
                snap.restoreInto(w);
                assertFinite(w, what + " restored");
                for (int s = 0; s < 5; s++) {
                    w.step();
                    assertFinite(w, what + " step " + s);
                }
                restored++;
            } catch (IllegalArgumentException | CapacityExceededException e) {
                assertThat(e.getMessage()).as(what).isNotBlank();
            } catch (RuntimeException | Error e) {
                throw new AssertionError(what + ": " + e, e);
            }
        }
        assertThat(restored).as("some crafted values are harmless and restore").isGreaterThan(0);
    }

    private static void resealC(byte[] d) {
        java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
        crc.update(d, 0, d.length - 4);
        ByteBuffer.wrap(d).putInt(d.length - 4, (int) crc.getValue());
    }

    /** Cage files (.rbsb): as snapshots; an accepted cage is added to a world and stepped with every point finite. */
    @Test
    @Timeout(value = 10, unit = TimeUnit.MINUTES)
    void mutatedCagesLoadAndSimulateSoundlyOrAreRefused() {
        dev.rubble.core.soft.cage.Cage cage = dev.rubble.core.soft.cage.CageBuilder.build(new double[] {
            -0.5, -0.25, -0.5, 0.5, -0.25, -0.5, -0.5, 0.25, -0.5, 0.5, 0.25, -0.5,
            -0.5, -0.25, 0.5, 0.5, -0.25, 0.5, -0.5, 0.25, 0.5, 0.5, 0.25, 0.5}, new int[0], 500, 0.25, 1);
        byte[] good = dev.rubble.core.soft.cage.CageFile.toBytes(cage);
        SplittableRandom r = new SplittableRandom(SEED + 4);
        int n = 120 * SCALE;
        for (int i = 0; i < n; i++) {
            byte[] d = good.clone();
            int kind = r.nextInt(4);
            switch (kind) {
                case 0 -> d[r.nextInt(d.length)] ^= (byte) (1 << r.nextInt(8));
                case 1 -> d = java.util.Arrays.copyOf(d, r.nextInt(d.length));
                case 2 -> {
                    int[] v = {0, -1, 1, 1 << 28, Integer.MAX_VALUE, Integer.MIN_VALUE, r.nextInt()};
                    ByteBuffer.wrap(d).putInt(8 + r.nextInt(d.length - 16), v[r.nextInt(v.length)]);
                    reseal(d);
                }
                default -> {
                    double[] v = {Double.NaN, Double.POSITIVE_INFINITY, -1, 0, 1e308, 5e-324, -0.0, 1e10};
                    ByteBuffer.wrap(d).putDouble(32 + r.nextInt(d.length - 44), v[r.nextInt(v.length)]);
                    reseal(d);
                }
            }
            String what = "seed " + SEED + " cage #" + i + " (kind " + kind + ")";
            try {
                dev.rubble.core.soft.cage.Cage c = dev.rubble.core.soft.cage.CageFile.fromBytes(d, "c.rbsb");
                dev.rubble.core.world.World w = dev.rubble.core.world.World.create(
                        dev.rubble.core.step.WorldSettings.defaults(), stages);
                w.createBody(dev.rubble.core.body.BodyDef.of(new dev.rubble.spi.shape.Box(5, 0.5, 5))
                        .withMotion(dev.rubble.core.body.MotionType.STATIC).withPosition(0, -0.5, 0));
                w.addSoftBodies(List.of(new dev.rubble.core.soft.SoftBodyDef("c", c, dev.rubble.core.soft.SoftMaterial.rubber(),
                        new double[] {0, 0.5, 0}, new double[] {0, 0, 0, 1}, new double[3], new int[0], new int[0], List.of())));
                for (int s = 0; s < 5; s++) {
                    w.step();
                    assertFinite(w, what + " step " + s);
                }
            } catch (IllegalArgumentException | CapacityExceededException e) {
                assertThat(e.getMessage()).as(what).isNotBlank();
            } catch (RuntimeException | Error e) {
                throw new AssertionError(what + ": " + e, e);
            }
        }
    }

    // ---------------------------------------------------------------- journals

    /** Bytes of each journal file kept to restore it after a mutant (the data sits at the start; the rest is zeros). */
    private static final int KEEP = 256 * 1024;

    @Test
    @Timeout(value = 10, unit = TimeUnit.MINUTES)
    void mutatedJournalsReadAndVerifyOrAreDamageNeverADivergence(@TempDir Path tmp) throws IOException {
        String json = """
                {"format": "rubble-scenario/1", "name": "fuzz", "bodies": [
                 {"id": "g", "state": "static", "shape": {"type": "box", "halfExtents": [20, 0.5, 20]}, "position": [0, -0.5, 0]},
                 {"id": "a", "shape": {"type": "box", "halfExtents": [0.5, 0.5, 0.5]}, "position": [0, 0.5, 0]},
                 {"id": "b", "shape": {"type": "sphere", "radius": 0.4}, "position": [0.2, 2, 0]}],
                 "commands": [{"type": "impulse", "step": 5, "body": "b", "impulse": [3, 0, 0]}]}
                """;
        Path dir = tmp.resolve("j");
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(json), stages);
        try (JournalWriter jw = JournalWriter.create(dir, sw.world(), "fuzz", json)) {
            sw.world().addObserver(jw);
            sw.run(40);
        }
        mutateAndRead(dir, 40, SEED + 2, 120 * SCALE);
    }

    /**
     * The same contract for a journal recorded through the public API with {@link JournalWriter#attach}
     * and changed between steps (fourteenth session: its between-steps documents carry whole body
     * definitions, hull vertices included, and its hook documents the pre-solve hook's answers, so
     * their damage meets other readers than the step records'): bodies of four shapes added, one removed,
     * a hook that rejects one pair and changes another's friction.
     */
    @Test
    @Timeout(value = 10, unit = TimeUnit.MINUTES)
    void mutatedAttachedJournalsWithBetweenStepsAndHookDocumentsReadAndVerifyOrAreDamage(@TempDir Path tmp)
            throws IOException {
        Path dir = tmp.resolve("j");
        dev.rubble.api.PhysicsWorld w = dev.rubble.api.Rubble.newWorld(dev.rubble.api.WorldConfig.defaults());
        w.addBody(dev.rubble.api.BodySpec.fixed(new dev.rubble.spi.shape.Box(20, 0.5, 20))
                .withPosition(new org.joml.Vector3d(0, -0.5, 0)));
        dev.rubble.api.BodyId crate = w.addBody(dev.rubble.api.BodySpec.dynamic(new dev.rubble.spi.shape.Box(0.5, 0.5, 0.5))
                .withPosition(new org.joml.Vector3d(2, 0.5, 0)));
        try (JournalWriter jw = JournalWriter.attach(dir, w, "fuzz-attached")) {
            for (int i = 0; i < 40; i++) {
                switch (i) {
                    case 2 -> {
                        w.addBody(dev.rubble.api.BodySpec.dynamic(new dev.rubble.spi.shape.Sphere(0.3))
                                .withPosition(new org.joml.Vector3d(0, 2, 0)));
                        w.addBody(dev.rubble.api.BodySpec.dynamic(new dev.rubble.spi.shape.Capsule(0.2, 0.4))
                                .withPosition(new org.joml.Vector3d(-1, 3, 0)));
                        w.setPreSolveHook(c -> {
                            if (c.bodyA().equals(crate) || c.bodyB().equals(crate)) {
                                c.setFriction(0.1);
                            }
                            return true;
                        });
                    }
                    case 6 -> w.addBody(dev.rubble.api.BodySpec.dynamic(dev.rubble.geometry.hull.QuickHull.of(
                            0, 0, 0, 0.6, 0, 0, 0, 0.5, 0, 0, 0, 0.4, 0.3, 0.3, 0.3)).withPosition(new org.joml.Vector3d(1, 4, 1)));
                    case 12 -> w.removeBody(crate);
                    case 20 -> w.setPreSolveHook(null);
                    default -> { }
                }
                w.step();
            }
        }
        mutateAndRead(dir, 40, SEED + 3, 60 * SCALE);
    }

    /**
     * {@code mutants} times: flips 1-4 bits of, or cuts short, the journal's cycle file (mostly) or its
     * metadata, then reads and verifies it: it must read and verify, or be refused with a message as
     * damaged; never verify as a divergence, never throw anything else. Restores the files after each.
     */
    private void mutateAndRead(Path dir, int recordedSteps, long seed, int mutants) throws IOException {
        VerifyResult intact = Verifier.verify(dir, stages);
        assertThat(intact.ok()).as("the undamaged journal verifies: %s", intact.ok() ? "" : intact.divergence().describe())
                .isTrue();
        List<Path> files = new ArrayList<>(JournalReader.cycleFiles(dir));
        files.add(dir.resolve("metadata.cq4t"));
        List<byte[]> saved = new ArrayList<>();
        List<Long> lengths = new ArrayList<>();
        for (Path f : files) {
            lengths.add(Files.size(f));
            try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "r")) {
                byte[] b = new byte[(int) Math.min(KEEP, raf.length())];
                raf.readFully(b);
                saved.add(b);
            }
        }
        int dataEnd = lastNonZero(saved.get(0)) + 1;
        SplittableRandom r = new SplittableRandom(seed);
        for (int i = 0; i < mutants; i++) {
            int which = r.nextInt(10) < 8 ? 0 : files.size() - 1; // mostly the cycle file, sometimes the metadata
            Path f = files.get(which);
            int kind = r.nextInt(3);
            try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
                int limit = which == 0 ? dataEnd : saved.get(which).length;
                if (kind < 2) { // 1-4 flipped bits
                    for (int k = 0, bits = 1 + r.nextInt(4); k < bits; k++) {
                        long at = r.nextInt(limit);
                        raf.seek(at);
                        int v = raf.read();
                        raf.seek(at);
                        raf.write(v ^ (1 << r.nextInt(8)));
                    }
                } else { // cut short
                    raf.setLength(r.nextInt(limit + 1));
                }
            }
            try {
                long steps = 0;
                try (JournalReader jr = JournalReader.open(dir)) {
                    StepRecord rec = new StepRecord();
                    while (jr.next(rec)) {
                        steps++;
                    }
                }
                VerifyResult v = Verifier.verify(dir, stages);
                assertThat(v.ok()).as("seed %d journal #%d: damage must never verify as a divergence: %s", seed, i,
                        v.ok() ? "" : v.divergence().describe()).isTrue();
                assertThat(steps).isLessThanOrEqualTo(recordedSteps);
            } catch (JournalFormatException e) {
                assertThat(e.getMessage()).isNotBlank();
            } catch (RuntimeException | Error e) {
                throw new AssertionError("seed " + seed + " journal #" + i + " (file " + f.getFileName() + ", kind " + kind
                        + "): " + e, e);
            } finally {
                restore(f, lengths.get(which), saved.get(which));
            }
        }
    }

    private static int lastNonZero(byte[] b) {
        for (int i = b.length - 1; i >= 0; i--) {
            if (b[i] != 0) {
                return i;
            }
        }
        return 0;
    }

    private static void restore(Path f, long length, byte[] head) throws IOException {
        try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
            raf.setLength(Math.min(raf.length(), head.length));
            raf.seek(0);
            raf.write(head);
            raf.setLength(length);
        }
    }
}
