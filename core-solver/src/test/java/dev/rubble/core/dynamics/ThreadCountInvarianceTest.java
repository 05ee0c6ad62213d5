package dev.rubble.core.dynamics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.collision.ContactStage;
import dev.rubble.core.parallel.StepExecutor;
import dev.rubble.core.parallel.WorkerPool;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.core.world.World;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Sphere;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 26: the step gives the same bits for every thread count (Box2D v3's and Rapier's
 * cross-thread-count checks). The pools split every stage into blocks of one or a few manifolds
 * (grain 1), so even this small scene's colours are solved by several threads at once.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS) // threads: a broken barrier fails instead of hanging the build
final class ThreadCountInvarianceTest {
    private static final int[] THREADS = {1, 2, 3, 4, 8};

    /** An empty world on {@code ex} with analytic contacts and a ground plane, as every scene here starts. */
    private static World groundedWorld(StepExecutor ex) {
        World w = World.create(WorldSettings.defaults().withStep(1.0 / 60, 2), Worlds.stages(),
                binder -> binder.bind(ContactStage.class).toInstance(new AnalyticContacts()),
                binder -> binder.bind(StepExecutor.class).toInstance(ex));
        Worlds.ground(w, 0.6, 0.1);
        return w;
    }

    private static World scene(long seed, StepExecutor ex) {
        World w = groundedWorld(ex);
        SplittableRandom r = new SplittableRandom(seed);
        // a 12 x 6 grid of columns, four boxes high (every level of contacts has 72 or more manifolds, so
        // the solver colours it: ConstraintColoring.SERIAL_LEVEL), and a rain of spheres (collisions, bounces)
        for (int cx = 0; cx < 12; cx++) {
            for (int cz = 0; cz < 6; cz++) {
                for (int k = 0; k < 4; k++) {
                    w.createBody(BodyDef.of(new Box(0.5, 0.5, 0.5)).withMass(1 + r.nextDouble(2))
                            .withMaterial(0.6, 0).withPosition(cx * 1.2 - 7, 0.5 + k * 1.0, cz * 1.2 - 3));
                }
            }
        }
        for (int i = 0; i < 40; i++) {
            double x = r.nextDouble(-7, 7), z = r.nextDouble(-3, 3), y = 5 + r.nextDouble(0, 8);
            w.createBody(BodyDef.of(new Sphere(0.3 + r.nextDouble(0.3))).withPosition(x, y, z)
                    .withLinearVelocity(r.nextDouble(-2, 2), 0, r.nextDouble(-2, 2))
                    .withMass(1 + r.nextDouble(3)).withMaterial(r.nextDouble(0.2, 0.8), r.nextDouble(0.6)));
        }
        return w;
    }

    private static long[] hashes(long seed, StepExecutor ex, int steps) {
        return stepHashes(scene(seed, ex), steps);
    }

    /** The state hash after each of {@code steps} steps of {@code w}. */
    private static long[] stepHashes(World w, int steps) {
        long[] h = new long[steps];
        for (int i = 0; i < steps; i++) {
            w.step();
            h[i] = w.profile().stateHash();
        }
        return h;
    }

    @Test
    void everyThreadCountGivesTheSameHashAtEveryStep() {
        long[] reference = hashes(11, StepExecutor.Inline.INSTANCE, 240);
        for (int threads : THREADS) {
            for (int round = 0; round < 3; round++) {
                try (WorkerPool pool = new WorkerPool(threads, 1)) {
                    assertThat(hashes(11, pool, 240)).as("%d threads, round %d", threads, round).isEqualTo(reference);
                }
            }
        }
    }

    @Test
    void randomScenesGiveTheSameHashesOnOneAndThreeThreads() {
        SplittableRandom seeds = new SplittableRandom(26);
        for (int k = 0; k < 4; k++) {
            long seed = seeds.nextLong();
            long[] one = hashes(seed, StepExecutor.Inline.INSTANCE, 90);
            try (WorkerPool pool = new WorkerPool(3, 1)) {
                assertThat(hashes(seed, pool, 90)).as("seed %d", seed).isEqualTo(one);
            }
        }
    }

    /**
     * Rods (thin boxes: principal inertias 200 apart, {@link ContactSolver#anisotropic}) raining onto the
     * columns with a spin. On several threads the solver numbers its bodies by place, and before
     * 2026-12-06 the rods' thin-body flag stayed with their first-use numbers: other bodies took the
     * thin-body row refresh and the rods lost it, so 2 threads gave other bits than 1 (found as the demo
     * with far-vertex manifolds diverging at step 142 of `verify --threads 2`).
     */
    private static World rodsOnColumns(StepExecutor ex) {
        World w = scene(5, ex);
        SplittableRandom r = new SplittableRandom(17);
        for (int i = 0; i < 30; i++) {
            double x = r.nextDouble(-7, 6), z = r.nextDouble(-3, 3), y = 5 + r.nextDouble(0, 4);
            double angle = r.nextDouble(0, Math.PI), half = angle / 2;
            w.createBody(BodyDef.of(new Box(0.6, 0.03, 0.03)).withPosition(x, y, z)
                    .withOrientation(0, StrictMath.sin(half), 0, StrictMath.cos(half))
                    .withLinearVelocity(r.nextDouble(-1, 1), -2, r.nextDouble(-1, 1))
                    .withAngularVelocity(r.nextDouble(-3, 3), r.nextDouble(-3, 3), r.nextDouble(-3, 3))
                    .withMass(0.5 + r.nextDouble(1)).withMaterial(0.5, 0));
        }
        return w;
    }

    @Test
    void thinBodiesKeepTheirRowsOnEveryThreadCount() {
        assertThat(ContactSolver.anisotropic(3 / 0.0018, 3 / 0.3609, 3 / 0.3609)).as("the rods are thin bodies").isTrue();
        int steps = 150;
        long[] one = stepHashes(rodsOnColumns(StepExecutor.Inline.INSTANCE), steps);
        for (int threads : new int[] {2, 3}) {
            try (WorkerPool pool = new WorkerPool(threads, 1)) {
                assertThat(stepHashes(rodsOnColumns(pool), steps)).as("%d threads", threads).isEqualTo(one);
            }
        }
    }

    /** The columns with thirty flat boxes (not thin) dropped spinning onto them: their rows follow them every sub-step. */
    private static World spinningSlabsOnColumns(StepExecutor ex) {
        World w = scene(5, ex);
        SplittableRandom r = new SplittableRandom(23);
        for (int i = 0; i < 30; i++) {
            double x = r.nextDouble(-7, 6), z = r.nextDouble(-3, 3), y = 5 + r.nextDouble(0, 4);
            w.createBody(BodyDef.of(new Box(0.4, 0.1, 0.25)).withPosition(x, y, z)
                    .withLinearVelocity(r.nextDouble(-1, 1), -2, r.nextDouble(-1, 1))
                    .withAngularVelocity(r.nextDouble(-3, 3), r.nextDouble(-20, 20), r.nextDouble(-3, 3))
                    .withMass(0.5 + r.nextDouble(1)).withMaterial(0.5, 0));
        }
        return w;
    }

    @Test
    void turningBodiesKeepTheirRowsOnEveryThreadCount() {
        // a 0.8 x 0.2 x 0.5 m slab: principal inverse inertias 12/0.29, 12/0.89, 12/0.68 (per kg): A 3.1, not thin
        assertThat(ContactSolver.anisotropic(12 / 0.29, 12 / 0.89, 12 / 0.68)).as("thin").isFalse();
        assertThat(ContactSolver.turnsAway(12 / 0.29, 12 / 0.89, 12 / 0.68, 0, 10, 0, 1 / 60.0)).as("turning").isTrue();
        int steps = 150;
        long[] one = stepHashes(spinningSlabsOnColumns(StepExecutor.Inline.INSTANCE), steps);
        for (int threads : new int[] {2, 3}) {
            try (WorkerPool pool = new WorkerPool(threads, 1)) {
                assertThat(stepHashes(spinningSlabsOnColumns(pool), steps)).as("%d threads", threads).isEqualTo(one);
            }
        }
    }

    @Test
    void theSceneIsSolvedInSeveralColoursSoTheComparisonMeansSomething() {
        try (WorkerPool pool = new WorkerPool(2, 1)) {
            World w = scene(11, pool);
            int maxColours = 0, maxPoints = 0, maxColoured = 0;
            for (int i = 0; i < 60; i++) {
                w.step();
                maxColours = Math.max(maxColours, w.profile().colours());
                maxPoints = Math.max(maxPoints, w.profile().contactPoints());
                maxColoured = Math.max(maxColoured, w.profile().manifolds() - w.profile().overflowManifolds());
            }
            assertThat(w.profile().threads()).isEqualTo(2);
            // four levels of 72 manifolds (the ground contacts and three of box on box): each coloured
            assertThat(maxColours).isGreaterThanOrEqualTo(4);
            assertThat(maxColoured).as("manifolds solved in parallel groups").isGreaterThanOrEqualTo(4 * 72);
            assertThat(maxPoints).isGreaterThan(1000);
        }
    }

    /**
     * Columns twelve boxes high on an 8 x 8 grid: twelve levels of 64 manifolds, so the solver's phases
     * hold two levels each ({@link ConstraintColoring#PHASES}), every level coloured, so a colour's
     * parallel blocks mix the manifolds of two levels; 2 and 3 threads must give one thread's bits at
     * every step.
     */
    private static World tallColumns(StepExecutor ex) {
        World w = groundedWorld(ex);
        SplittableRandom r = new SplittableRandom(7);
        for (int cx = 0; cx < 8; cx++) {
            for (int cz = 0; cz < 8; cz++) {
                for (int k = 0; k < 12; k++) {
                    w.createBody(BodyDef.of(new Box(0.5, 0.5, 0.5)).withMass(1 + r.nextDouble(2))
                            .withMaterial(0.6, 0).withPosition(cx * 1.2 - 4.2 + r.nextDouble(-0.05, 0.05),
                                    0.5 + k * 1.0, cz * 1.2 - 4.2 + r.nextDouble(-0.05, 0.05)));
                }
            }
        }
        w.createBody(BodyDef.of(new Sphere(0.6)).withPosition(-6, 6, 0).withLinearVelocity(9, 0, 0.5).withMass(40));
        return w;
    }

    @Test
    void phasesOfSeveralLevelsGiveTheSameHashesOnOneTwoAndThreeThreads() {
        int steps = 90;
        long[] one = stepHashes(tallColumns(StepExecutor.Inline.INSTANCE), steps);
        for (int threads : new int[] {2, 3}) {
            try (WorkerPool pool = new WorkerPool(threads, 1)) {
                World w = tallColumns(pool);
                int maxColours = 0, maxColoured = 0;
                long[] h = new long[steps];
                for (int i = 0; i < steps; i++) {
                    w.step();
                    h[i] = w.profile().stateHash();
                    maxColours = Math.max(maxColours, w.profile().colours());
                    maxColoured = Math.max(maxColoured, w.profile().manifolds() - w.profile().overflowManifolds());
                }
                // twelve levels in eight phases, each level coloured: more than one colour per phase
                assertThat(maxColours).isGreaterThanOrEqualTo(16);
                assertThat(maxColoured).as("manifolds solved in parallel groups").isGreaterThanOrEqualTo(9 * 64);
                assertThat(h).as("%d threads", threads).isEqualTo(one);
            }
        }
    }

    /**
     * Islands that fall asleep at different times (stacks one to four boxes high on a 10 x 10 grid, so
     * the islands' unions run in many blocks at once on the pools' one-item grain), a fast kinematic
     * slab that keeps the boxes it touches awake, and a heavy ball rolled in late that wakes islands:
     * the sleep update's concurrent union-find and its least-rest-time reduction must give one
     * thread's islands, sleepers and bits at every step.
     */
    private static World sleepers(StepExecutor ex) {
        World w = groundedWorld(ex);
        SplittableRandom r = new SplittableRandom(29);
        for (int cx = 0; cx < 10; cx++) {
            for (int cz = 0; cz < 10; cz++) {
                int height = 1 + r.nextInt(4);
                for (int k = 0; k < height; k++) {
                    w.createBody(BodyDef.of(new Box(0.4, 0.4, 0.4)).withMass(1 + r.nextDouble(2)).withMaterial(0.7, 0)
                            .withPosition(cx * 1.1 - 5, 0.4 + k * 0.8, cz * 1.1 - 5));
                }
            }
        }
        // a kinematic slab under the last row of stacks, sliding back and forth fast enough to keep them awake
        kinematic = w.createBody(BodyDef.of(new Box(0.5, 0.05, 6)).withMotion(dev.rubble.core.body.MotionType.KINEMATIC)
                .withPosition(6.1, 0.05, 0));
        return w;
    }

    private static long kinematic;

    private static final int SLEEP_STEPS = 300;

    /** Per step: the state hash, the islands, the sleeping bodies and the bodies woken, each a row. */
    private static long[][] sleepRun(StepExecutor ex) {
        World w = sleepers(ex);
        long k = kinematic;
        long[][] out = new long[4][SLEEP_STEPS];
        for (int i = 0; i < SLEEP_STEPS; i++) {
            double x = 6.1 + 0.3 * StrictMath.sin(i * 0.3);
            w.queue(new dev.rubble.core.command.Command.SetKinematicTarget(k, x, 0.05, 0, 0, 0, 0, 1));
            if (i == 200) { // a heavy ball through the settled, sleeping grid
                w.createBody(BodyDef.of(new Sphere(0.5)).withPosition(-7, 0.5, -4.4).withLinearVelocity(12, 0, 0)
                        .withMass(60));
            }
            w.step();
            out[0][i] = w.profile().stateHash();
            out[1][i] = w.profile().islands();
            out[2][i] = w.profile().sleepingBodies();
            out[3][i] = w.profile().woken();
        }
        return out;
    }

    @Test
    void islandsFallAsleepAndWakeTheSameOnEveryThreadCount() {
        long[][] one = sleepRun(StepExecutor.Inline.INSTANCE);
        // the comparison means something: many islands, islands asleep, then woken by the ball
        assertThat(java.util.Arrays.stream(one[1]).max().orElse(0)).isGreaterThan(50);
        assertThat(one[2][199]).as("sleeping before the ball").isGreaterThan(100);
        assertThat(java.util.Arrays.stream(one[3], 200, SLEEP_STEPS).sum()).as("woken by the ball").isPositive();
        for (int threads : new int[] {2, 3, 8}) {
            try (WorkerPool pool = new WorkerPool(threads, 1)) {
                long[][] h = sleepRun(pool);
                for (int row = 0; row < 4; row++) {
                    assertThat(h[row]).as("%d threads, row %d", threads, row).isEqualTo(one[row]);
                }
            }
        }
    }
}
