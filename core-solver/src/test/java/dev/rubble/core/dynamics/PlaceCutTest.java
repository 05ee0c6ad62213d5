package dev.rubble.core.dynamics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.parallel.StepExecutor;
import dev.rubble.core.parallel.WorkerPool;
import dev.rubble.core.collision.ContactStage;
import dev.rubble.core.world.World;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.spi.shape.Box;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 26: on several threads the solver cuts each colour by place ({@code ContactSolver.byPlace},
 * {@code numberByPlace}), so that a thread writes the same part of the scene in every colour and a
 * body's velocities seldom move between the cores. Counted on 2 400 boxes in columns six high, each
 * thread solving its own share: with the bodies numbered in store order (a planted mutant), 19 % of the
 * body reads of a pass found the body last written by the other thread; numbered by place, 3 %. The
 * same bits either way (ThreadCountInvarianceTest).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
final class PlaceCutTest {

    private static World heap(StepExecutor ex) {
        WorldSettings s = WorldSettings.defaults();
        World w = World.create(s.withDynamics(s.dynamics().withSleep(false, 0.05, 0.05, 0.5)), Worlds.stages(),
                binder -> binder.bind(ContactStage.class).toInstance(new AnalyticContacts()),
                binder -> binder.bind(StepExecutor.class).toInstance(ex));
        Worlds.ground(w, 0.6, 0.1);
        SplittableRandom r = new SplittableRandom(3);
        // a 20 x 20 grid of columns six boxes high, in a scrambled creation order (slot numbers say
        // nothing about place, as in a scene whose pieces were released over time)
        int[] cells = new int[400];
        for (int i = 0; i < cells.length; i++) {
            cells[i] = i;
        }
        for (int i = cells.length - 1; i > 0; i--) {
            int j = r.nextInt(i + 1), t = cells[i];
            cells[i] = cells[j];
            cells[j] = t;
        }
        for (int cell : cells) {
            int cx = cell % 20, cz = cell / 20;
            for (int k = 0; k < 6; k++) {
                w.createBody(BodyDef.of(new Box(0.5, 0.5, 0.5)).withMass(1 + r.nextDouble(2)).withMaterial(0.6, 0)
                        .withPosition(cx * 1.05 - 10 + r.nextDouble(-0.02, 0.02), 0.5 + k * 1.0,
                                cz * 1.05 - 10 + r.nextDouble(-0.02, 0.02)));
            }
        }
        return w;
    }

    /** The settled heap's contacts prepared by a solver on {@code ex}: its share of body reads the other thread wrote. */
    private static double shared(World w, StepExecutor ex) {
        ContactSolver solver = new ContactSolver();
        solver.setExecutor(ex);
        solver.prepare(w.bodies(), w.contacts(), w.settings().dynamics(), 1.0 / 60, 1);
        assertThat(solver.pointsPrepared()).as("points solved").isGreaterThan(6000);
        return solver.sharedBodyReads();
    }

    @Test
    void onTwoThreadsAPassReadsFewBodiesTheOtherThreadWrote() {
        World w = heap(StepExecutor.Inline.INSTANCE);
        for (int i = 0; i < 30; i++) {
            w.step();
        }
        try (WorkerPool pool = new WorkerPool(2)) {
            assertThat(shared(w, pool)).as("share of body reads the other thread wrote").isLessThan(0.10);
        }
        assertThat(shared(w, StepExecutor.Inline.INSTANCE)).as("one thread").isZero();
    }
}
