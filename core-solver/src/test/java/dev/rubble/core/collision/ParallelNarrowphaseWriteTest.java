package dev.rubble.core.collision;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.dynamics.DynamicsSettings;
import dev.rubble.core.parallel.StepExecutor;
import dev.rubble.core.parallel.WorkerPool;
import dev.rubble.core.plugin.StageFamily;
import dev.rubble.core.plugin.Stages;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.core.world.World;
import dev.rubble.geometry.hull.QuickHull;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.narrowphase.ContactSink;
import dev.rubble.spi.narrowphase.Narrowphase;
import dev.rubble.spi.narrowphase.PairCollider;
import dev.rubble.spi.narrowphase.Pose;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Capsule;
import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.shape.ShapeType;
import dev.rubble.spi.shape.Sphere;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 26, the parallel write of the narrowphase: the serial pass only counts (each pair's
 * manifolds and points against the budgets, its offsets in the contact store and the next body-pair
 * cache) and the workers write their pairs at those offsets. Every test compares, after every step,
 * the whole contact store field by field (bits), the state hash, the counters and the cache's hints
 * with the inline run, on pools whose blocks are one pair (every pair boundary is a block boundary),
 * and checks which path each step took, so a wrong offset, a wrong budget decision or a wrong
 * warm-start cursor fails here.
 *
 * <p>The narrowphase is the real plugin behind a wrapper that makes the sink's edge cases happen on
 * every step: a manifold begun with no point (kept in the cache, not in the store), points before
 * any manifold (ignored), more than {@link ContactStore#MAX_POINTS} points (the rest ignored), and
 * two manifolds of one pair with descending sub-keys (sorted by key).
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
final class ParallelNarrowphaseWriteTest {
    private static final Stages STAGES = Stages.load();
    private static final int STEPS = 120;
    private static final int UNLIMITED_MANIFOLDS = 100_000, UNLIMITED_POINTS = 1_000_000;

    /** The real narrowphase with edge cases of the sink protocol added to some pairs (from the pair alone). */
    static final class Quirky implements Narrowphase {
        private final Narrowphase real = STAGES.create(StageFamily.NARROWPHASE, "default", StageConfig.empty());
        private final Wrap wrap = new Wrap();
        /** Whether capsule pairs end with a manifold that gets no point (after the store is full, a counted drop). */
        private final boolean trailing;

        Quirky(boolean trailing) {
            this.trailing = trailing;
        }

        private static final class Wrap implements ContactSink {
            ContactSink sink;
            int mode;
            double lastX, lastY, lastZ, lastS, nx, ny, nz;
            long lastF;
            int points;

            @Override
            public void beginManifold(double x, double y, double z, long subKey) {
                nx = x;
                ny = y;
                nz = z;
                points = 0;
                if (mode == 1) {
                    // a pointless manifold before each real one: cached, never stored
                    sink.beginManifold(x, y, z, subKey + 1000);
                }
                sink.beginManifold(x, y, z, mode == 3 ? 7 : subKey);
            }

            @Override
            public void addPoint(double ax, double ay, double az, double separation, long featureId) {
                sink.addPoint(ax, ay, az, separation, featureId);
                if (mode == 2) {
                    // the same point again under another id: a manifold can reach more than MAX_POINTS
                    sink.addPoint(ax, ay, az, separation, featureId + 1_000_000);
                }
                lastX = ax;
                lastY = ay;
                lastZ = az;
                lastS = separation;
                lastF = featureId;
                points++;
            }
        }

        @Override
        public void collide(Shape a, Pose poseA, Shape b, Pose poseB, double margin, ContactSink sink) {
            collide(a, poseA, b, poseB, margin, sink, new double[PairCollider.HINT_STRIDE], 0);
        }

        @Override
        public void collide(Shape a, Pose poseA, Shape b, Pose poseB, double margin, ContactSink sink,
                            double[] hint, int offset) {
            ShapeType ta = a.type(), tb = b.type();
            int mode = ta == ShapeType.SPHERE || tb == ShapeType.SPHERE ? 1
                    : ta == ShapeType.CAPSULE || tb == ShapeType.CAPSULE ? 2
                    : ta == ShapeType.BOX && tb == ShapeType.BOX ? 3 : 0;
            if (mode == 2) {
                // a point before any manifold: the sink has nowhere to put it
                sink.addPoint(poseA.px, poseA.py, poseA.pz, 0, 42);
            }
            wrap.sink = sink;
            wrap.mode = mode;
            wrap.points = 0;
            real.collide(a, poseA, b, poseB, margin, wrap, hint, offset);
            if (mode == 3 && wrap.points > 0) {
                // a second manifold of the box pair with a lower key than the first (7): sorted by key
                sink.beginManifold(wrap.nx, wrap.ny, wrap.nz, 3);
                sink.addPoint(wrap.lastX, wrap.lastY, wrap.lastZ, wrap.lastS, wrap.lastF);
            }
            if (mode == 2 && trailing) {
                // a trailing manifold with no point
                sink.beginManifold(0, 1, 0, 99);
            }
        }

        @Override
        public void register(ShapeType a, ShapeType b, PairCollider collider) {
            real.register(a, b, collider);
        }

        @Override
        public PairCollider collider(ShapeType a, ShapeType b) {
            return real.collider(a, b);
        }
    }

    private static World world(int maxManifolds, int maxPoints, boolean gravityScene, StepExecutor ex) {
        return world(maxManifolds, maxPoints, gravityScene, ex, true);
    }

    private static World world(int maxManifolds, int maxPoints, boolean gravityScene, StepExecutor ex, boolean trailing) {
        WorldSettings s = WorldSettings.defaults().withStep(1.0 / 60, 1);
        s = s.withBudgets(s.maxBodies(), maxPoints, maxManifolds);
        DynamicsSettings d = s.dynamics();
        s = s.withDynamics(d.withSleep(false, d.sleepLinearThreshold(), d.sleepAngularThreshold(), d.timeToSleep()));
        final WorldSettings settings = s;
        NarrowphaseStage stage = new NarrowphaseStage(new Quirky(trailing), () -> new Quirky(trailing));
        stage.setExecutor(ex);
        stage.setMaxContacts(maxPoints);
        World w = World.create(settings, STAGES, binder -> {
            binder.bind(StepExecutor.class).toInstance(ex);
            binder.bind(NarrowphaseStage.class).toInstance(stage);
        });
        assertThat(w.narrowphaseStage()).isSameAs(stage);
        w.createBody(BodyDef.of(new Box(30, 0.5, 30)).withMotion(MotionType.STATIC).withPosition(0, -0.5, 0));
        // overlapping kinematic boxes far away, sliding: pairs that are always filtered out (no dynamic body)
        for (int i = 0; i < 6; i++) {
            w.createBody(BodyDef.of(new Box(1, 1, 1)).withMotion(MotionType.KINEMATIC).withPosition(100 + 0.5 * i, 0, 100)
                    .withLinearVelocity(0.1, 0, 0));
        }
        if (!gravityScene) {
            return w;
        }
        SplittableRandom r = new SplittableRandom(2026);
        for (int i = 0; i < 6; i++) {
            for (int j = 0; j < 5; j++) {
                for (int k = 0; k < 3; k++) {
                    // the columns start 2 m up, 0.2 m apart: the first steps have only the static, filtered pairs
                    w.createBody(BodyDef.of(new Box(0.4, 0.4, 0.4)).withMass(1 + r.nextDouble())
                            .withPosition(-4 + 1.2 * i, 2.4 + 1.0 * k, -3 + 1.2 * j));
                }
            }
        }
        for (int i = 0; i < 45; i++) {
            var shape = switch (i % 3) {
                case 0 -> new Sphere(0.25 + 0.2 * r.nextDouble());
                case 1 -> new Capsule(0.2, 0.3 + 0.2 * r.nextDouble());
                default -> QuickHull.of(0, 0, 0, 0.7, 0, 0, 0, 0.7, 0, 0, 0, 0.7, 0.45, 0.45, 0.45);
            };
            w.createBody(BodyDef.of(shape).withMass(1 + r.nextDouble(2))
                    .withPosition(r.nextDouble(-4, 3), 6 + r.nextDouble(0, 5), r.nextDouble(-3, 2))
                    .withLinearVelocity(r.nextDouble(-1, 1), -2, r.nextDouble(-1, 1)));
        }
        return w;
    }

    /** What a step left: profile counters, whether the workers wrote it, and the whole contact store's bits. */
    record Step(long[] counters, boolean written, long[] store, double[] hints) {
    }

    private static long[] storeBits(ContactStore c) {
        int n = c.size(), pc = n * ContactStore.MAX_POINTS;
        long[] out = new long[2 + 9 * n + 12 * pc];
        int k = 0;
        out[k++] = n;
        out[k++] = c.droppedThisStep;
        for (int m = 0; m < n; m++) {
            out[k++] = c.bodyA[m];
            out[k++] = c.bodyB[m];
            out[k++] = c.pointCount[m];
            out[k++] = c.key[m];
            out[k++] = Double.doubleToRawLongBits(c.nx[m]);
            out[k++] = Double.doubleToRawLongBits(c.ny[m]);
            out[k++] = Double.doubleToRawLongBits(c.nz[m]);
            out[k++] = Double.doubleToRawLongBits(c.friction[m]);
            out[k++] = Double.doubleToRawLongBits(c.restitution[m]);
        }
        for (int m = 0; m < n; m++) {
            for (int j = 0; j < c.pointCount[m]; j++) {
                int p = m * ContactStore.MAX_POINTS + j;
                for (double[] a : new double[][] {c.ax, c.ay, c.az, c.bx, c.by, c.bz, c.separation, c.normalImpulse,
                        c.tangentImpulse1, c.tangentImpulse2, c.relativeNormalVelocity}) {
                    out[k++] = Double.doubleToRawLongBits(a[p]);
                }
                out[k++] = c.feature[p];
            }
        }
        return Arrays.copyOf(out, k);
    }

    /** Steps the world; at step 50 two boxes are removed and two made (a reused slot, bodies on their first step). */
    private static List<Step> run(World w) {
        List<Step> out = new ArrayList<>();
        NarrowphaseStage np = w.narrowphaseStage();
        for (int i = 0; i < STEPS; i++) {
            if (i == 50 && w.bodies().size() > 20) {
                var b = w.bodies();
                long h1 = b.handle(10), h2 = b.handle(11);
                double x = b.px[10], y = b.py[10], z = b.pz[10];
                w.removeBody(h1);
                w.removeBody(h2);
                w.createBody(BodyDef.of(new Box(0.4, 0.4, 0.4)).withPosition(x, y + 0.01, z));
                w.createBody(BodyDef.of(new Sphere(0.3)).withPosition(x + 0.2, y + 1.2, z));
            }
            long before = np.runsWrittenInParallel;
            w.step();
            var p = w.profile();
            out.add(new Step(new long[] {p.stateHash(), p.manifolds(), p.contactPoints(), p.droppedManifolds(),
                    p.droppedContacts(), p.cachedPairs(), p.warmStartedPoints(), np.pairsTested, np.pointsKept},
                    np.runsWrittenInParallel > before, storeBits(w.contacts()), np.cachedHints()));
        }
        return out;
    }

    private static void assertSame(String what, List<Step> one, List<Step> many) {
        for (int i = 0; i < STEPS; i++) {
            assertThat(many.get(i).counters()).as("%s, step %d: hash, manifolds, points, dropped manifolds, dropped points,"
                    + " cached pairs, warm-started points, pairs tested", what, i).isEqualTo(one.get(i).counters());
            assertThat(many.get(i).store()).as("%s, step %d: the contact store's bits", what, i)
                    .isEqualTo(one.get(i).store());
            double[] h1 = one.get(i).hints(), h2 = many.get(i).hints();
            assertThat(h2.length).as("%s, step %d: cache entries", what, i).isEqualTo(h1.length);
            for (int e = 0; e < h1.length; e += PairCache.HINT) {
                if (h1[e + 3] > 0) {
                    assertThat(Arrays.copyOfRange(h2, e, e + PairCache.HINT)).as("%s, step %d, hint %d", what, i, e)
                            .isEqualTo(Arrays.copyOfRange(h1, e, e + PairCache.HINT));
                } else {
                    assertThat(h2[e + 3] > 0).as("%s, step %d, hint %d set", what, i, e).isFalse();
                }
            }
        }
    }

    private static List<Step> inline(int maxManifolds, int maxPoints, boolean trailing) {
        return run(world(maxManifolds, maxPoints, true, StepExecutor.Inline.INSTANCE, trailing));
    }

    private static List<Step> pooled(int threads, int maxManifolds, int maxPoints, boolean trailing) {
        try (WorkerPool pool = new WorkerPool(threads, 1)) {
            return run(world(maxManifolds, maxPoints, true, pool, trailing));
        }
    }

    @Test
    void withoutABudgetEveryStepIsWrittenByTheWorkersAndGivesTheInlineBits() {
        List<Step> one = inline(UNLIMITED_MANIFOLDS, UNLIMITED_POINTS, true);
        assertThat(one.stream().mapToLong(s -> s.counters()[5]).max().orElseThrow()).as("replayed pairs").isPositive();
        for (int threads : new int[] {2, 3, 8}) {
            List<Step> many = pooled(threads, UNLIMITED_MANIFOLDS, UNLIMITED_POINTS, true);
            assertSame(threads + " threads", one, many);
            assertThat(many).as("every step written by the workers").allMatch(Step::written);
        }
    }

    @Test
    void aManifoldBudgetMetExactlyIsWrittenInParallelAndOneLessFallsBack() {
        // without trailing pointless manifolds: a step whose last kept manifold fills the store to the
        // budget then has no later beginManifold, so it drops nothing and the workers write it
        List<Step> free = inline(UNLIMITED_MANIFOLDS, UNLIMITED_POINTS, false);
        int most = (int) free.stream().mapToLong(s -> s.counters()[1]).max().orElseThrow();
        for (int cap : new int[] {most, most - 1, most / 2}) {
            List<Step> one = inline(cap, UNLIMITED_POINTS, false);
            List<Step> two = pooled(2, cap, UNLIMITED_POINTS, false);
            assertSame("manifold cap " + cap, one, two);
            for (int i = 0; i < STEPS; i++) {
                boolean dropped = one.get(i).counters()[3] > 0;
                // the workers write exactly the steps in which no begun manifold finds the store full
                assertThat(two.get(i).written()).as("cap %d, step %d written by the workers", cap, i).isEqualTo(!dropped);
            }
            if (cap == most) {
                assertThat(two).as("a step filling the store to the last manifold, written by the workers")
                        .anyMatch(s -> s.written() && s.counters()[1] == cap);
            } else {
                assertThat(one).as("cap %d hit", cap).anyMatch(s -> s.counters()[3] > 0);
                assertThat(two).as("cap %d: other steps still written by the workers", cap).anyMatch(Step::written);
            }
        }
    }

    @Test
    void aPointBudgetMetExactlyIsWrittenInParallelAndOneLessFallsBack() {
        List<Step> free = inline(UNLIMITED_MANIFOLDS, UNLIMITED_POINTS, true);
        // the most points the narrowphase kept in a step (what the budget counts; the ghost-contact filter
        // after it may empty some of their manifolds, so the solver's points can be fewer)
        int most = (int) free.stream().mapToLong(s -> s.counters()[8]).max().orElseThrow();
        // (the trailing pointless manifolds stay: they cost no point)
        for (int cap : new int[] {most, most - 1}) {
            List<Step> one = inline(UNLIMITED_MANIFOLDS, cap, true);
            List<Step> two = pooled(2, UNLIMITED_MANIFOLDS, cap, true);
            assertSame("point cap " + cap, one, two);
            for (int i = 0; i < STEPS; i++) {
                boolean dropped = one.get(i).counters()[4] > 0;
                assertThat(two.get(i).written()).as("cap %d, step %d written by the workers", cap, i).isEqualTo(!dropped);
            }
            if (cap == most) {
                assertThat(two).anyMatch(s -> s.written() && s.counters()[8] == cap);
            } else {
                assertThat(one).anyMatch(s -> s.counters()[4] == 1);
            }
        }
    }

    @Test
    void aRunWhosePairsAreAllFilteredOutWritesAnEmptyStore() {
        // only the overlapping kinematic boxes make pairs (never tested); a sphere falls far from them
        java.util.function.Function<StepExecutor, List<Step>> scene = ex -> {
            World w = world(UNLIMITED_MANIFOLDS, UNLIMITED_POINTS, false, ex);
            w.createBody(BodyDef.of(new Sphere(0.5)).withPosition(-10, 50, -10));
            return run(w);
        };
        List<Step> one = scene.apply(StepExecutor.Inline.INSTANCE);
        assertThat(one).allMatch(s -> s.counters()[7] == 0 && s.counters()[1] == 0);
        try (WorkerPool pool = new WorkerPool(2, 1)) {
            List<Step> two = scene.apply(pool);
            assertSame("only filtered pairs", one, two);
            assertThat(two).as("split and written by the workers, with nothing to write").allMatch(Step::written);
        }
    }

    @Test
    void aRestingGridReplaysEveryPairAndTheWorkersWriteIt() {
        // boxes resting on the ground side by side: after they settle every pair replays its cache entry
        java.util.function.Function<StepExecutor, List<Step>> scene = ex -> {
            World w = world(UNLIMITED_MANIFOLDS, UNLIMITED_POINTS, false, ex);
            for (int i = 0; i < 12; i++) {
                for (int j = 0; j < 12; j++) {
                    w.createBody(BodyDef.of(new Box(0.5, 0.5, 0.5)).withPosition(-6 + 1.0 * i, 0.5, -6 + 1.0 * j));
                }
            }
            return run(w);
        };
        List<Step> one = scene.apply(StepExecutor.Inline.INSTANCE);
        assertThat(one).as("a step in which every tested pair replayed")
                .anyMatch(s -> s.counters()[7] > 100 && s.counters()[5] == s.counters()[7]);
        try (WorkerPool pool = new WorkerPool(2, 1)) {
            List<Step> two = scene.apply(pool);
            assertSame("resting grid", one, two);
            assertThat(two).allMatch(Step::written);
        }
    }
}
