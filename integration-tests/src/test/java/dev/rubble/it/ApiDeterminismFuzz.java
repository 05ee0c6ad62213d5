package dev.rubble.it;

import dev.rubble.api.BodyId;
import dev.rubble.api.BodySpec;
import dev.rubble.api.CollectionId;
import dev.rubble.api.ConstraintId;
import dev.rubble.api.ConstraintSpec;
import dev.rubble.api.EventKind;
import dev.rubble.api.Field;
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
 * removal settings, all at seeded steps; from streams of their own, a kinematic body, a body with its own material
 * and filter, a pre-solve hook, worlds driven by {@code update} with varying frame times, and in a third of the
 * steps one more call of the rest of the API ({@link #more}). Every action is re-done by step number and labels,
 * so a world restored from a snapshot takes the same ones from the step it was saved at.
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
            setUp(s, w);
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
                if (b != null && w.contains(b) && w.unions().unionOf(b) < 0 && unionable(w, b)) {
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
        more(s, w, step);
    }

    /**
     * The step-0 additions drawn from a stream of their own (so the scenes before them keep their draws): a kinematic
     * body moving through the first collection, a body with gravity scale, damping, material and collision filter.
     */
    private static void setUp(ApiScene s, PhysicsWorld w) {
        SplittableRandom x = new SplittableRandom(s.seed() * 31 + 977);
        if (x.nextBoolean()) {
            w.addBody(BodySpec.kinematic(new Box(0.3, 0.15, 0.3)).withLabel("kin").withPosition(new Vector3d(-3.2, 1 + x.nextDouble(), 0))
                    .withLinearVelocity(new Vector3d(0.5 + 2 * x.nextDouble(), 0, 0)).withAngularVelocity(new Vector3d(0, x.nextDouble(), 0)));
        }
        if (x.nextBoolean()) {
            w.addBody(BodySpec.dynamic(new Capsule(0.12, 0.2)).withLabel("odd").withPosition(new Vector3d(-1 + 2 * x.nextDouble(), 3, 0))
                    .withGravityScale(-0.3 + 2.3 * x.nextDouble()).withDamping(x.nextDouble(), x.nextDouble())
                    .withMaterial(1.5 * x.nextDouble(), x.nextDouble()).withCollisionFilter(1 + x.nextInt(3), x.nextBoolean() ? -1 : -3));
        }
    }

    /** Whether the scene's world is driven by {@code update} with varying frame times instead of {@code step}. */
    static boolean framed(ApiScene s) {
        return new SplittableRandom(s.seed() * 31 + 978).nextInt(3) == 0;
    }

    /** The frame time {@code update} takes before loop round {@code k} of a framed scene: 0.25 to 1.75 steps. */
    static double frame(ApiScene s, PhysicsWorld w, int k) {
        return w.timeStep() * (0.25 + 1.5 * new SplittableRandom(s.seed() * 1_000_033L + k).nextDouble());
    }

    /**
     * A pre-solve hook in a third of the scenes (set again on a restored world, as listeners are): contacts of "b0"
     * slippery and bouncy, "b1" and "b2" never touching. Its answers are journalled, so verify needs no hook.
     */
    static void hook(ApiScene s, PhysicsWorld w) {
        if (new SplittableRandom(s.seed() * 31 + 979).nextInt(3) != 0) {
            return;
        }
        w.setPreSolveHook(c -> {
            BodyId b0 = w.find("b0"), b1 = w.find("b1"), b2 = w.find("b2");
            if (b0 != null && (b0.equals(c.bodyA()) || b0.equals(c.bodyB()))) {
                c.setFriction(0.05);
                c.setRestitution(0.6);
            }
            return b1 == null || b2 == null || !(b1.equals(c.bodyA()) && b2.equals(c.bodyB()) || b2.equals(c.bodyA()) && b1.equals(c.bodyB()));
        });
    }

    /** Whether a union takes {@code b}: not static (a dynamic-state field can make a body static; a union refuses it). */
    private static boolean unionable(PhysicsWorld w, BodyId b) {
        return w.kernel().bodies().motion((int) b.handle()) != dev.rubble.core.body.MotionType.STATIC;
    }

    private static BodyId live(PhysicsWorld w, String label) {
        BodyId b = w.find(label);
        return b != null && w.contains(b) ? b : null;
    }

    /**
     * What a third of the steps do besides {@link #before}'s action, from a stream of their own: velocities, poses,
     * forces and torques, collision filters and ignored pairs, joints of every type (limits, motors, springs,
     * break torques) and their removal, run-time anchors, thresholds, materials, propagation, cut bonds, strain at
     * points, released and auxiliary union members and their frames, debris and removal on sleep, release
     * throttling, pieces removed, the kinematic body moved, fields of the other targets and nodes, event switches.
     */
    private static void more(ApiScene s, PhysicsWorld w, long step) {
        SplittableRandom x = new SplittableRandom(s.seed() * 7_919L + step * 31 + 5);
        if (x.nextInt(3) != 0) {
            return;
        }
        WorldDestruction d = w.destruction();
        CollectionId c = d.collection(x.nextInt(d.count()));
        int nodes = d.asset(c).nodeCount();
        int node = 1 + x.nextInt(Math.max(1, nodes - 1));
        BodyId b = live(w, x.nextInt(4) == 3 ? "odd" : "b" + x.nextInt(3));
        BodyId o = live(w, new String[] {"ball", "b0", "b1", "b2", "odd", "kin"}[x.nextInt(6)]);
        Vector3d at = new Vector3d(-2 + 4 * x.nextDouble(), 0.5 + 2 * x.nextDouble(), -0.5 + x.nextDouble());
        Vector3d dir = new Vector3d(-1 + 2 * x.nextDouble(), -1 + 2 * x.nextDouble(), -1 + 2 * x.nextDouble());
        switch (x.nextInt(22)) {
            case 0 -> {
                if (b != null && unionable(w, b)) { // a field's dynamic-state target may have made it static: refused
                    w.setVelocity(b, new Vector3d(dir).mul(4), new Vector3d(dir.z, dir.x, dir.y).mul(5));
                }
            }
            case 1 -> {
                if (b != null) {
                    w.setPose(b, at.add(0, 1, 0), new Quaterniond().rotateXYZ(dir.x, dir.y, dir.z));
                }
            }
            case 2 -> {
                if (b != null) {
                    w.applyForce(b, new Vector3d(dir).mul(300));
                    w.applyTorque(b, new Vector3d(dir).mul(20));
                }
            }
            case 3 -> {
                if (b != null) {
                    w.applyImpulse(b, new Vector3d(dir).mul(30), w.centerOfMass(b, new Vector3d()).add(0.1, 0.1, 0));
                }
            }
            case 4 -> {
                if (b != null) {
                    w.setCollisionFilter(b, 1 + x.nextInt(3), x.nextBoolean() ? -1 : -3);
                }
            }
            case 5 -> {
                if (b != null && o != null && !b.equals(o)) {
                    w.setIgnoreCollision(b, o, x.nextBoolean());
                }
            }
            case 6 -> {
                if (b != null && w.unions().unionOf(b) < 0 && (o == null || w.unions().unionOf(o) < 0)) {
                    BodyId other = o == null || o.equals(b) ? null : o;
                    ConstraintSpec spec = switch (x.nextInt(4)) {
                        case 0 -> ConstraintSpec.hinge(at, dir.lengthSquared() > 1e-6 ? dir : new Vector3d(0, 0, 1))
                                .limits(-x.nextDouble(), x.nextDouble()).motor(-3 + 6 * x.nextDouble(), 60 * x.nextDouble())
                                .breakTorque(20 + 300 * x.nextDouble());
                        case 1 -> ConstraintSpec.fixed(at).breakForce(100 + 2000 * x.nextDouble()).breakTorque(10 + 300 * x.nextDouble())
                                .collideConnected(false);
                        case 2 -> ConstraintSpec.spring(at, new Vector3d(at).add(dir), 200 + 2000 * x.nextDouble(), 10 * x.nextDouble());
                        default -> ConstraintSpec.rope(at, new Vector3d(at).add(0, 1, 0), 0.5 + 2 * x.nextDouble());
                    };
                    w.addConstraint(b, other, spec);
                }
            }
            case 7 -> { // a joint removed: ids are handed out in order, so one below the count made so far names one
                ConstraintId id = new ConstraintId(x.nextInt(8));
                if (w.contains(id)) {
                    w.removeConstraint(id);
                }
            }
            case 8 -> d.setAnchor(c, node, x.nextBoolean());
            case 9 -> {
                if (x.nextBoolean()) {
                    d.setThreshold(c, node, 20 + 500 * x.nextDouble());
                } else {
                    d.setUnbreakable(c, node);
                }
            }
            case 10 -> d.setPropagation(c, x.nextBoolean(), x.nextDouble(), x.nextDouble());
            case 11 -> {
                if (x.nextBoolean()) {
                    d.setMaterial(c, node, 0);
                    d.setMaterialMultiplier(c, 0, 0.2 + 2 * x.nextDouble());
                } else { // another damage model: every threshold recomputed
                    d.setDamageModel(c, x.nextBoolean() ? "size-specific" : "material-strength", java.util.Map.of());
                }
            }
            case 12 -> {
                int bonds = d.bondCount(c);
                if (bonds > 0) {
                    d.cutBond(c, x.nextInt(bonds));
                }
            }
            case 13 -> {
                if (x.nextBoolean()) {
                    d.applyStrainAt(at, 0.2 + x.nextDouble(), 100 + 5000 * x.nextDouble(), x.nextInt(3), x.nextDouble());
                } else {
                    d.addInternalStrainAt(at, 0.2 + x.nextDouble(), -200 * x.nextDouble());
                }
            }
            case 14 -> {
                if (x.nextBoolean()) {
                    w.unions().addReleased(1, c);
                } else if (b != null && w.unions().unionOf(b) < 0 && unionable(w, b)) {
                    w.unions().addAuxiliary(x.nextInt(2), b);
                }
            }
            case 15 -> {
                for (int u : w.unions().ids()) {
                    List<BodyId> m = w.unions().members(u);
                    BodyId ub = w.unions().body(u);
                    if (!m.isEmpty() && ub != null && w.contains(ub)) {
                        w.unions().setChildToParent(u, m.get(x.nextInt(m.size())), new Vector3d(dir).mul(0.5),
                                new Quaterniond().rotateZ(x.nextDouble()));
                        break;
                    }
                }
            }
            case 16 -> {
                int ci = x.nextInt(d.count());
                switch (x.nextInt(3)) {
                    case 0 -> w.setDebrisLevel(ci, 1 + x.nextInt(2));
                    case 1 -> w.setRemoveOnSleep(ci, x.nextBoolean(), 0.05, 0.3, 0.05, 0.2, x.nextBoolean(), 0.05 + 0.3 * x.nextDouble());
                    default -> w.setReleaseThrottle(x.nextInt(3), 3 + x.nextInt(8));
                }
            }
            case 17 -> { // the body that holds a node removed: a piece, or the intact collection
                BodyId piece = d.bodyOf(c, x.nextInt(nodes));
                if (piece != null && w.contains(piece) && w.unions().unionOf(piece) < 0) {
                    w.removeBody(piece);
                }
            }
            case 18 -> {
                BodyId k = live(w, "kin");
                if (k != null) {
                    if (x.nextBoolean()) {
                        if (unionable(w, k)) { // a field's dynamic-state target may have made it static (seed 40044)
                            w.setVelocity(k, new Vector3d(dir).mul(2), new Vector3d(0, dir.y, 0));
                        }
                    } else {
                        w.setPose(k, at, new Quaterniond().rotateY(dir.x));
                    }
                }
            }
            case 19 -> w.setEvents(EventKind.values()[x.nextInt(EventKind.values().length)], x.nextBoolean());
            default -> {
                Field scalar = switch (x.nextInt(4)) {
                    case 0 -> Fields.planeFalloff(at, new Vector3d(dir.x, 1, dir.z), 0.3 + 2 * x.nextDouble());
                    case 1 -> Fields.boxFalloff(at, new Vector3d(1 + x.nextDouble(), 1 + x.nextDouble(), 2));
                    case 2 -> Fields.noise(x.nextInt(100), -0.5, 1);
                    default -> Fields.waveScalar(at, 0.5 + 3 * x.nextDouble(), 0.1 + x.nextDouble());
                };
                Field vec = x.nextBoolean() ? Fields.rotatedRadialVector(at, new Vector3d(0, 1, 0), 90) : Fields.randomVector(x.nextInt(100));
                FieldOptions opts = (x.nextInt(3) == 0 ? FieldOptions.persistent("more" + step) : FieldOptions.once())
                        .resolution(new String[] {"minimal", "maximum", "disabled-parents"}[x.nextInt(3)])
                        .state(new String[] {"all", "dynamic", "sleeping", "disabled"}[x.nextInt(4)]);
                switch (x.nextInt(6)) {
                    case 0 -> w.applyField(Fields.Target.LINEAR_FORCE, vec.times(scalar), opts);
                    case 1 -> w.applyField(Fields.Target.ANGULAR_TORQUE, vec.times(scalar), opts);
                    case 2 -> w.applyField(Fields.Target.ANGULAR_VELOCITY, vec.times(scalar), opts);
                    case 3 -> w.applyField(Fields.Target.DISABLE_THRESHOLD, scalar, opts);
                    case 4 -> w.applyField(Fields.Target.ACTIVATE_DISABLED, Fields.radialIntMask(at, 0.5 + 2 * x.nextDouble(), 0, 1), opts);
                    default -> w.applyField(Fields.Target.DYNAMIC_STATE, Fields.radialIntMask(at, 0.3 + x.nextDouble(), 1 + x.nextInt(3), 0),
                            opts);
                }
                if (x.nextInt(3) == 0) {
                    w.removeField("more" + (step - 1 - x.nextInt(5)));
                }
            }
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
        int n = capacity(s);
        long[] hashes = new long[n];
        int[] deferred = new int[n];
        List<List<String>> events = DeterminismFuzz.emptyEvents(n);
        JournalWriter jw = journal == null ? null : JournalWriter.attach(journal, w, "api-" + s.seed());
        try {
            DeterminismFuzz.observe(w.kernel(), hashes, events, deferred);
            hook(s, w);
            for (int k = 0; k < s.steps(); k++) {
                if (k == snapAt && !afterApi) {
                    snap[0] = save(w);
                }
                before(s, w, k);
                if (k == snapAt && afterApi) {
                    snap[0] = save(w);
                }
                advance(s, w, k);
            }
        } finally {
            if (jw != null) {
                jw.close();
            }
        }
        return new DeterminismFuzz.Run(hashes, events, deferred);
    }

    /** How many steps a run can take (a framed scene's {@code update}s take no more than its rounds). */
    static int capacity(ApiScene s) {
        return s.steps() + 2;
    }

    /** Loop round {@code k}: one {@code step}, or an {@code update} of the scene's frame time (a step limit from round 20). */
    private static void advance(ApiScene s, PhysicsWorld w, int k) {
        if (!framed(s)) {
            w.step();
            return;
        }
        if (k == 20) {
            w.setMaxStepsPerUpdate(1); // time beyond a step a frame is dropped from here on
        }
        // no more time than k + 1 steps by the end of round k, so the world has taken at most k steps when round k
        // starts and a snapshot saved there resumes within the steps compared
        double room = (k + 1 - w.stepIndex() - w.interpolationAlpha()) * w.timeStep();
        w.update(Math.min(frame(s, w, k), Math.max(0, room)));
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
        int n = capacity(s);
        long[] hashes = new long[n];
        int[] deferred = new int[n];
        List<List<String>> events = DeterminismFuzz.emptyEvents(n);
        DeterminismFuzz.observe(w.kernel(), hashes, events, deferred);
        hook(s, w);
        for (int k = from; k < s.steps(); k++) {
            if (!afterApi || k != from) {
                before(s, w, k);
            }
            advance(s, w, k);
        }
        return new DeterminismFuzz.Run(hashes, events, deferred);
    }
}
