package dev.rubble.core.collision;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.dynamics.DynamicsSettings;
import dev.rubble.core.parallel.StepExecutor;
import dev.rubble.core.parallel.WorkerPool;
import dev.rubble.core.plugin.Stages;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.core.world.World;
import dev.rubble.geometry.hull.QuickHull;
import dev.rubble.spi.narrowphase.PairCollider;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Capsule;
import dev.rubble.spi.shape.ShapeType;
import dev.rubble.spi.shape.Sphere;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 26: the narrowphase split between workers (pair blocks of one pair: grain 1) gives the same
 * bits as one thread — state, contact counts, budget drops and cache replays at every step — on 2,
 * 3, 4 and 8 threads, with the manifold and the point budget hit, with the body-pair cache on and
 * off, and with islands falling asleep and waking (parked manifolds and cache entries).
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS) // threads: a broken hand-off fails instead of hanging the build
final class ParallelNarrowphaseTest {
    private static final Stages STAGES = Stages.load();
    private static final int STEPS = 150;

    /** Budgets and cache of one variant of the scene. */
    record Variant(String name, int maxManifolds, int maxContacts, boolean cache, boolean sleep) {
    }

    static final Variant[] VARIANTS = {
            new Variant("no budget, cache, sleep", 100_000, 1_000_000, true, true),
            // the scene makes ~300 manifolds and ~1 000 points once it has landed
            new Variant("manifold cap 120", 120, 1_000_000, true, false),
            new Variant("point cap 300, no cache", 100_000, 300, false, false),
            new Variant("both caps, cache, sleep", 200, 500, true, true),
    };

    private static World scene(Variant v, StepExecutor ex) {
        WorldSettings s = WorldSettings.defaults().withStep(1.0 / 60, 1)
                .withStageOptions("narrowphase", dev.rubble.spi.StageConfig.of(
                        java.util.Map.of(NarrowphaseStage.CONTACT_CACHE_OPTION, v.cache())));
        s = s.withBudgets(s.maxBodies(), v.maxContacts(), v.maxManifolds());
        if (!v.sleep()) {
            DynamicsSettings d = s.dynamics();
            s = s.withDynamics(d.withSleep(false, d.sleepLinearThreshold(), d.sleepAngularThreshold(), d.timeToSleep()));
        }
        World w = World.create(s, STAGES, binder -> binder.bind(StepExecutor.class).toInstance(ex));
        w.createBody(BodyDef.of(new Box(30, 0.5, 30)).withMotion(MotionType.STATIC).withPosition(0, -0.5, 0));
        SplittableRandom r = new SplittableRandom(26);
        // columns of boxes (resting pairs the cache replays), a rain of spheres, capsules and hulls
        for (int i = 0; i < 8; i++) {
            for (int j = 0; j < 6; j++) {
                for (int k = 0; k < 3; k++) {
                    w.createBody(BodyDef.of(new Box(0.4, 0.4, 0.4)).withMass(1 + r.nextDouble())
                            .withPosition(-5 + 1.2 * i, 0.4 + 0.8 * k, -4 + 1.2 * j));
                }
            }
        }
        for (int i = 0; i < 60; i++) {
            var shape = switch (i % 3) {
                case 0 -> new Sphere(0.25 + 0.2 * r.nextDouble());
                case 1 -> new Capsule(0.2, 0.3 + 0.2 * r.nextDouble());
                default -> QuickHull.of(0, 0, 0, 0.7, 0, 0, 0, 0.7, 0, 0, 0, 0.7, 0.45, 0.45, 0.45);
            };
            w.createBody(BodyDef.of(shape).withMass(1 + r.nextDouble(2))
                    .withPosition(r.nextDouble(-5, 4), 3 + r.nextDouble(0, 5), r.nextDouble(-4, 3))
                    .withLinearVelocity(r.nextDouble(-1, 1), -2, r.nextDouble(-1, 1)));
        }
        return w;
    }

    /** Per step: state hash, manifolds, points, dropped manifolds, dropped points, cached pairs, warm-started points. */
    private static long[][] run(Variant v, StepExecutor ex) {
        World w = scene(v, ex);
        long[][] out = new long[STEPS][];
        for (int i = 0; i < STEPS; i++) {
            w.step();
            var p = w.profile();
            out[i] = new long[] {p.stateHash(), p.manifolds(), p.contactPoints(), p.droppedManifolds(),
                    p.droppedContacts(), p.cachedPairs(), p.warmStartedPoints()};
        }
        if (ex.threads() > 1) {
            // the comparison means something: the pairs were split between workers at every step
            assertThat(w.narrowphaseStage().runsInParallel).as(v.name()).isEqualTo(STEPS);
        }
        return out;
    }

    @Test
    void everyThreadCountGivesTheSameBitsWithAndWithoutBudgets() {
        for (Variant v : VARIANTS) {
            long[][] one = run(v, StepExecutor.Inline.INSTANCE);
            for (int threads : new int[] {2, 3, 4, 8}) {
                try (WorkerPool pool = new WorkerPool(threads, 1)) {
                    long[][] many = run(v, pool);
                    for (int i = 0; i < STEPS; i++) {
                        assertThat(many[i]).as("%s, %d threads, step %d: hash, manifolds, points, dropped manifolds,"
                                + " dropped points, cached pairs, warm-started points", v.name(), threads, i)
                                .isEqualTo(one[i]);
                    }
                }
            }
        }
    }

    @Test
    void theWorkersKeepTheSeparatingAxisHintsOneThreadKeeps() {
        // the hull narrowphase's per-pair hints (issue 27) travel through the parallel pass: after every
        // step the cache holds the same hints, bit for bit, as on one thread, and some are set
        Variant v = VARIANTS[0];
        World one = scene(v, StepExecutor.Inline.INSTANCE);
        try (WorkerPool pool = new WorkerPool(2, 1)) {
            World two = scene(v, pool);
            int withHint = 0;
            for (int i = 0; i < STEPS; i++) {
                one.step();
                two.step();
                double[] h1 = one.narrowphaseStage().cachedHints(), h2 = two.narrowphaseStage().cachedHints();
                assertThat(h2.length).as("cache entries after step %d", i).isEqualTo(h1.length);
                for (int e = 0; e < h1.length; e += PairCache.HINT) {
                    // a slot without a hint (its last double not positive) may hold stale values
                    boolean valid = h1[e + 3] > 0;
                    assertThat(h2[e + 3] > 0).as("entry %d has a hint after step %d", e / PairCache.HINT, i)
                            .isEqualTo(valid);
                    if (valid) {
                        assertThat(Arrays.copyOfRange(h2, e, e + PairCache.HINT)).as("hint of entry %d after step %d",
                                e / PairCache.HINT, i).isEqualTo(Arrays.copyOfRange(h1, e, e + PairCache.HINT));
                        withHint++;
                    }
                }
            }
            assertThat(two.narrowphaseStage().runsInParallel).isEqualTo(STEPS);
            assertThat(withHint).as("cache entries holding a hint over the run").isPositive();
        }
    }

    @Test
    void theVariantsHitTheirBudgetsReplayAndSleep() {
        long[][] free = run(VARIANTS[0], StepExecutor.Inline.INSTANCE);
        long[][] manifoldCap = run(VARIANTS[1], StepExecutor.Inline.INSTANCE);
        long[][] pointCap = run(VARIANTS[2], StepExecutor.Inline.INSTANCE);
        long maxManifolds = Arrays.stream(free).mapToLong(s -> s[1]).max().orElseThrow();
        long maxPoints = Arrays.stream(free).mapToLong(s -> s[2]).max().orElseThrow();
        assertThat(maxManifolds).isGreaterThan(120);
        assertThat(maxPoints).isGreaterThan(300);
        assertThat(Arrays.stream(free).mapToLong(s -> s[5]).max().orElseThrow()).as("pairs replayed from the cache").isPositive();
        assertThat(Arrays.stream(manifoldCap).mapToLong(s -> s[3]).max().orElseThrow()).as("manifolds dropped").isPositive();
        assertThat(Arrays.stream(manifoldCap).mapToLong(s -> s[1]).max().orElseThrow()).isEqualTo(120);
        assertThat(Arrays.stream(pointCap).mapToLong(s -> s[4]).max().orElseThrow()).as("points dropped").isPositive();
        assertThat(Arrays.stream(pointCap).mapToLong(s -> s[2]).max().orElseThrow()).isEqualTo(300);
        assertThat(Arrays.stream(pointCap).mapToLong(s -> s[5]).max().orElseThrow()).as("no cache").isZero();
        World w = scene(VARIANTS[0], StepExecutor.Inline.INSTANCE);
        int asleep = 0;
        for (int i = 0; i < STEPS; i++) {
            w.step();
            asleep = Math.max(asleep, w.profile().sleepingBodies());
        }
        assertThat(asleep).as("bodies asleep (parked manifolds)").isPositive();
    }

    @Test
    void aColliderRegisteredAfterAssemblyIsHonouredOnOneThread() {
        // the workers' own plugin instances do not have it: the stage runs serially, with it, from then on
        Variant v = VARIANTS[0];
        int[] calls = new int[1];
        long[] reference;
        {
            World w = scene(v, StepExecutor.Inline.INSTANCE);
            register(w, calls);
            reference = hashes(w);
        }
        int inline = calls[0];
        assertThat(inline).isPositive();
        try (WorkerPool pool = new WorkerPool(3, 1)) {
            World w = scene(v, pool);
            w.step();
            assertThat(w.narrowphaseStage().runsInParallel).isEqualTo(1);
            // a fresh world for the comparison, registered before its first step
            World w2 = scene(v, pool);
            calls[0] = 0;
            register(w2, calls);
            assertThat(hashes(w2)).isEqualTo(reference);
            assertThat(calls[0]).isEqualTo(inline);
            assertThat(w2.narrowphaseStage().runsInParallel).isZero();
        }
    }

    private static void register(World w, int[] calls) {
        var np = w.narrowphaseStage().narrowphase();
        PairCollider original = np.collider(ShapeType.SPHERE, ShapeType.SPHERE);
        np.register(ShapeType.SPHERE, ShapeType.SPHERE, (a, pa, b, pb, margin, sink) -> {
            calls[0]++;
            original.collide(a, pa, b, pb, margin, sink);
        });
    }

    private static long[] hashes(World w) {
        long[] h = new long[STEPS];
        for (int i = 0; i < STEPS; i++) {
            w.step();
            h[i] = w.profile().stateHash();
        }
        return h;
    }
}
