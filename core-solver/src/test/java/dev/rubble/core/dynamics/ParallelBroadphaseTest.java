package dev.rubble.core.dynamics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.collision.ContactStage;
import dev.rubble.core.collision.PairBuffer;
import dev.rubble.core.parallel.StepExecutor;
import dev.rubble.core.parallel.WorkerPool;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.core.world.World;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Sphere;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 26: through a whole world, the default (grid) broadphase on the step's executor finds, at
 * every step and on every thread count, exactly the pairs a brute-force O(n²) test of the bodies'
 * bounds finds (static-static pairs excepted), and the steps give the same state hashes as one
 * thread. The boxes stand in a lattice whose bounds lie on the grid's cell borders.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
final class ParallelBroadphaseTest {

    private static World scene(StepExecutor ex) {
        WorldSettings s = WorldSettings.defaults().withStep(1.0 / 60, 2)
                .withDynamics(DynamicsSettings.defaults().withSleep(false, 0.05, 0.05, 0.5));
        World w = World.create(s, Worlds.stages(),
                binder -> binder.bind(ContactStage.class).toInstance(new AnalyticContacts()),
                binder -> binder.bind(StepExecutor.class).toInstance(ex));
        assertThat(w.broadphaseName()).isEqualTo("grid");
        Worlds.ground(w, 0.6, 0.1);
        // unit boxes centred on half metres: their faces lie on whole metres, the borders of the 2 m cells
        for (int x = 0; x < 8; x++) {
            for (int y = 0; y < 5; y++) {
                for (int z = 0; z < 8; z++) {
                    w.createBody(BodyDef.of(new Box(0.5, 0.5, 0.5)).withMass(1)
                            .withMaterial(0.6, 0).withPosition(x - 3.5, y + 0.5, z - 3.5));
                }
            }
        }
        SplittableRandom r = new SplittableRandom(72);
        for (int i = 0; i < 60; i++) {
            w.createBody(BodyDef.of(new Sphere(0.2 + r.nextDouble(0.4)))
                    .withPosition(r.nextDouble(-6, 6), 5.5 + r.nextDouble(0, 2), r.nextDouble(-6, 6))
                    .withLinearVelocity(r.nextDouble(-3, 3), 0, r.nextDouble(-3, 3)).withMass(1 + r.nextDouble(2)));
        }
        return w;
    }

    /** Brute force over the bounds the broadphase sees at the step's start: every overlapping pair, not both fixed. */
    private static long[] bruteForce(BodyStore b) {
        long[] out = new long[1024];
        int n = 0;
        double[] bo = b.bounds;
        for (int i = 0; i < b.slotLimit(); i++) {
            if (!b.isLive(i)) {
                continue;
            }
            for (int j = i + 1; j < b.slotLimit(); j++) {
                if (!b.isLive(j) || (b.state[i] != BodyState.AWAKE.ordinal() && b.state[j] != BodyState.AWAKE.ordinal())) {
                    continue;
                }
                int p = 6 * i, q = 6 * j;
                if (bo[p] <= bo[q + 3] && bo[q] <= bo[p + 3] && bo[p + 1] <= bo[q + 4] && bo[q + 1] <= bo[p + 4]
                        && bo[p + 2] <= bo[q + 5] && bo[q + 2] <= bo[p + 5]) {
                    if (n == out.length) {
                        out = Arrays.copyOf(out, 2 * n);
                    }
                    out[n++] = ((long) i << 32) | j;
                }
            }
        }
        return Arrays.copyOf(out, n);
    }

    private static long[] pairs(World w) {
        PairBuffer p = w.pairs();
        long[] out = new long[p.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = p.packed(i);
        }
        return out;
    }

    /** The block runner the world handed its broadphase (WorldModule), read from the grid's field. */
    private static dev.rubble.spi.parallel.BlockRunner runnerOf(World w) {
        try {
            java.lang.reflect.Field f = w.broadphase().getClass().getDeclaredField("runner");
            f.setAccessible(true);
            return (dev.rubble.spi.parallel.BlockRunner) f.get(w.broadphase());
        } catch (ReflectiveOperationException e) {
            throw new AssertionError("the grid broadphase keeps its runner in a field 'runner'", e);
        }
    }

    @Test
    void everyThreadCountFindsTheBruteForcePairsAndTheSameStates() {
        int steps = 50;
        World one = scene(StepExecutor.Inline.INSTANCE);
        long[] hashes = new long[steps];
        int mostPairs = 0;
        for (int i = 0; i < steps; i++) {
            long[] expected = bruteForce(one.bodies());
            one.step();
            assertThat(pairs(one)).as("one thread, step %d", i).containsExactly(expected);
            hashes[i] = one.profile().stateHash();
            mostPairs = Math.max(mostPairs, expected.length);
        }
        assertThat(mostPairs).as("the lattice touches itself").isGreaterThan(3000);
        StepExecutor[] pools = {new WorkerPool(2, 1), new WorkerPool(3, 1), new WorkerPool(4, 1),
            new WorkerPool(8, 1), new WorkerPool(2)};
        try {
            for (StepExecutor pool : pools) {
                World w = scene(pool);
                assertThat(runnerOf(w).threads()).as("the grid has the world's executor").isEqualTo(pool.threads());
                for (int i = 0; i < steps; i++) {
                    long[] expected = bruteForce(w.bodies());
                    w.step();
                    assertThat(pairs(w)).as("%d threads (grain %d), step %d", pool.threads(), pool.grain(0), i)
                            .containsExactly(expected);
                    assertThat(w.profile().stateHash()).as("%d threads, step %d", pool.threads(), i)
                            .isEqualTo(hashes[i]);
                }
            }
        } finally {
            for (StepExecutor p : pools) {
                p.close();
            }
        }
    }
}
