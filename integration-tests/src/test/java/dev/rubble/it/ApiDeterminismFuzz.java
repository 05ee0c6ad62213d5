package dev.rubble.it;

import dev.rubble.api.BodyId;
import dev.rubble.api.BodySpec;
import dev.rubble.api.CollectionId;
import dev.rubble.api.ConstraintSpec;
import dev.rubble.api.EventKind;
import dev.rubble.api.FieldOptions;
import dev.rubble.api.Fields;
import dev.rubble.api.PhysicsWorld;
import dev.rubble.api.Rubble;
import dev.rubble.api.WorldDestruction;
import dev.rubble.cache.journal.JournalWriter;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.core.world.World;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Capsule;
import dev.rubble.spi.shape.Sphere;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * The Java API side of the determinism fuzz: a world driven through {@code dev.rubble.api} with a
 * journal attached before anything is placed ({@code JournalWriter.attach}), collections placed and
 * bodies added, put to sleep and removed between steps, joints on collection pieces (found through
 * {@code bodyOf}, so they are whatever piece holds the node at that step), unions, fields, budgets and
 * removal settings, all at seeded steps. Every action is re-done by step number and labels, so a world
 * restored from a snapshot takes the same ones from the step it was saved at.
 */
final class ApiDeterminismFuzz {
    private ApiDeterminismFuzz() {
    }

    /** A seeded API scene: its seed, step count and thread count. */
    record ApiScene(long seed, int steps) {
    }

    static ApiScene scene(long seed) {
        return new ApiScene(seed, 60 + new SplittableRandom(seed).nextInt(41));
    }

    /** A new world on {@code threads} threads (settings drawn from the seed). */
    static PhysicsWorld world(ApiScene s, int threads) {
        SplittableRandom r = new SplittableRandom(s.seed() ^ 0x5DEECE66DL);
        WorldSettings ws = WorldSettings.defaults().withGravity(0, -9.81, 0).withThreads(threads);
        if (r.nextBoolean()) {
            ws = ws.withStep(ws.dt(), 2);
        }
        return PhysicsWorld.wrap(World.create(ws, DeterminismFuzz.STAGES), null);
    }

    private static String recipe(SplittableRandom r) {
        return String.format(Locale.ROOT, "{\"box\": [%.3f, %.3f, %.3f], \"seed\": %d, \"levels\": [{\"method\": \"voronoi\","
                + " \"options\": {\"count\": %d}}%s]}", 0.3 + 0.6 * r.nextDouble(), 0.3 + 0.6 * r.nextDouble(),
                0.1 + 0.2 * r.nextDouble(), r.nextInt(500), 4 + r.nextInt(9),
                r.nextInt(3) == 0 ? ", {\"method\": \"voronoi\", \"options\": {\"count\": 3}}" : "");
    }

    /**
     * What the scene does before step {@code step} (step 0: its set-up). Everything is drawn from a
     * generator seeded by the scene and the step, so it does not depend on what happened before.
     */
    static void before(ApiScene s, PhysicsWorld w, long step) {
        SplittableRandom r = new SplittableRandom(s.seed() * 1_000_003L + step);
        if (step == 0) {
            SplittableRandom g = new SplittableRandom(s.seed());
            w.addBody(BodySpec.fixed(new Box(20, 0.5, 20)).withPosition(new Vector3d(0, -0.5, 0)).withLabel("ground"));
            for (EventKind k : EventKind.values()) {
                w.setEvents(k, true);
            }
            int nc = 1 + g.nextInt(2);
            for (int c = 0; c < nc; c++) {
                var asset = WorldDestruction.fracture(recipe(g));
                double t = Math.exp(Math.log(50) + g.nextDouble() * Math.log(60));
                int[] anchors = g.nextBoolean() ? new int[] {1 + g.nextInt(3)} : null;
                w.destruction().place("c" + c, asset, new Vector3d(-1.5 + 3 * c, 1.0 + g.nextDouble(), 0), new Quaterniond(),
                        new double[] {t, t / 4}, anchors);
                if (g.nextBoolean()) {
                    w.setRemoveOnBreak(c, true, 0, 0.2, 0.1, 0.3);
                }
                if (g.nextInt(3) == 0) {
                    w.setCrumbleSize(c, 0.5);
                }
            }
            if (g.nextBoolean()) {
                w.setBreakBudget(1 + g.nextInt(2));
            }
            w.addBody(BodySpec.dynamic(new Sphere(0.25)).withMass(80 + 200 * g.nextDouble()).withLabel("ball")
                    .withPosition(new Vector3d(-1.5, 1.2, -3)).withLinearVelocity(new Vector3d(0, 1, 12 + 15 * g.nextDouble())));
            for (int i = 0; i < 3; i++) {
                w.addBody(BodySpec.dynamic(i == 1 ? new Capsule(0.15, 0.2) : new Box(0.2, 0.15, 0.2)).withLabel("b" + i)
                        .withPosition(new Vector3d(-2 + 2 * i, 3 + g.nextDouble(), 0.1 * i)));
            }
            if (g.nextBoolean()) { // a breakable joint on the first collection's holder: it follows its pieces
                BodyId holder = w.destruction().bodyOf(w.destruction().collection(0), 1);
                w.addConstraint(holder, null, ConstraintSpec.ball(new Vector3d(-1.5, 2.5, 0)).breakForce(200 + 3000 * g.nextDouble()));
            }
            return;
        }
        int action = r.nextInt(15);
        CollectionId c0 = w.destruction().collection(0);
        switch (action) {
            case 0 -> w.addBody(BodySpec.dynamic(new Sphere(0.15)).withLabel("late" + step)
                    .withPosition(new Vector3d(-2 + 4 * r.nextDouble(), 3, 0)));
            case 1 -> { // remove the latest added body that still lives
                for (long k = step - 1; k > 0; k--) {
                    BodyId b = w.find("late" + k);
                    if (b != null && w.contains(b)) {
                        w.removeBody(b);
                        break;
                    }
                }
            }
            case 2 -> { // a joint between a piece (whatever holds node n now) and a body
                int n = 1 + r.nextInt(Math.max(1, w.destruction().asset(c0).nodeCount() - 1));
                BodyId piece = w.destruction().bodyOf(c0, n);
                BodyId other = w.find("b" + r.nextInt(3));
                if (piece != null && other != null && w.contains(other) && w.unions().unionOf(piece) < 0
                        && w.unions().unionOf(other) < 0 && isLive(w, piece)) {
                    Vector3d at = w.centerOfMass(piece, new Vector3d());
                    w.addConstraint(piece, other, ConstraintSpec.distance(at, w.centerOfMass(other, new Vector3d()))
                            .breakForce(50 + 500 * r.nextDouble()));
                }
            }
            case 3 -> w.applyField(Fields.Target.EXTERNAL_CLUSTER_STRAIN,
                    Fields.radialFalloff(new Vector3d(-1.5 + 3 * r.nextDouble(), 1.2, 0), 0.6).magnitude(5000),
                    FieldOptions.once().resolution(r.nextBoolean() ? "maximum" : "minimal"));
            case 4 -> w.applyField(Fields.Target.KILL, Fields.radialFalloff(new Vector3d(-1.5 + 3 * r.nextDouble(), 1, 0), 0.3),
                    FieldOptions.once());
            case 5 -> {
                BodyId b = w.find("b" + r.nextInt(3));
                if (b != null && w.contains(b) && w.unions().unionOf(b) < 0) {
                    w.unions().add(0, b);
                    w.unions().add(0, c0);
                }
            }
            case 6 -> {
                int[] ids = w.unions().ids();
                if (ids.length > 0) {
                    List<BodyId> m = w.unions().members(ids[0]);
                    if (!m.isEmpty()) {
                        w.unions().remove(ids[0], m.get(r.nextInt(m.size())));
                    }
                }
            }
            case 7 -> w.setBreakBudget(r.nextInt(3));
            case 8 -> w.destruction().crumble(c0, 0);
            case 9 -> {
                BodyId b = w.find("b" + r.nextInt(3));
                if (b != null && w.contains(b)) {
                    w.applyImpulse(b, new Vector3d(0, 20 + 50 * r.nextDouble(), 0));
                }
            }
            case 10 -> w.applyField(Fields.Target.LINEAR_VELOCITY, Fields.uniformVector(new Vector3d(0, 1, 0), 2),
                    FieldOptions.persistent("lift" + step));
            case 11 -> w.removeField("lift" + (step - 1 - r.nextInt(5)));
            case 12 -> w.setRemovalTimerMultiplier(1 + 3 * r.nextDouble());
            case 13 -> { // the union's own body removed: the union dissolves
                int[] ids = w.unions().ids();
                if (ids.length > 0 && r.nextBoolean()) {
                    BodyId u = w.unions().body(ids[0]);
                    if (u != null && w.contains(u)) {
                        w.removeBody(u);
                    }
                }
            }
            default -> { }
        }
    }

    private static boolean isLive(PhysicsWorld w, BodyId b) {
        return w.contains(b);
    }

    /** Runs the scene with a journal attached at the start (when {@code journal} is not null); saves after step {@code snapAt}. */
    static DeterminismFuzz.Run run(ApiScene s, int threads, Path journal, int snapAt, byte[][] snap) {
        return run(s, threads, journal, snapAt, false, snap);
    }

    /** As above; with {@code afterApi} the snapshot is saved after that step's API calls, else before them. */
    static DeterminismFuzz.Run run(ApiScene s, int threads, Path journal, int snapAt, boolean afterApi, byte[][] snap) {
        PhysicsWorld w = world(s, threads);
        long[] hashes = new long[s.steps()];
        int[] deferred = new int[s.steps()];
        List<List<String>> events = DeterminismFuzz.emptyEvents(s.steps());
        JournalWriter jw = journal == null ? null : JournalWriter.attach(journal, w, "api-" + s.seed());
        try {
            DeterminismFuzz.observe(w.kernel(), hashes, events, deferred);
            for (int k = 0; k < s.steps(); k++) {
                if (k == snapAt && !afterApi) {
                    snap[0] = save(w);
                }
                before(s, w, k);
                if (k == snapAt && afterApi) {
                    snap[0] = save(w);
                }
                w.step();
            }
        } finally {
            if (jw != null) {
                jw.close();
            }
        }
        return new DeterminismFuzz.Run(hashes, events, deferred);
    }

    static byte[] save(PhysicsWorld w) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            w.saveSnapshot(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    static DeterminismFuzz.Run resume(ApiScene s, byte[] bytes, int from, boolean afterApi) {
        PhysicsWorld w;
        try {
            w = Rubble.defaultPlugins().restoreWorld(new ByteArrayInputStream(bytes));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        long[] hashes = new long[s.steps()];
        int[] deferred = new int[s.steps()];
        List<List<String>> events = DeterminismFuzz.emptyEvents(s.steps());
        DeterminismFuzz.observe(w.kernel(), hashes, events, deferred);
        for (int k = from; k < s.steps(); k++) {
            if (!afterApi || k != from) {
                before(s, w, k);
            }
            w.step();
        }
        return new DeterminismFuzz.Run(hashes, events, deferred);
    }
}
