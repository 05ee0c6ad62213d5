package dev.rubble.core.world;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.inject.Key;
import com.google.inject.multibindings.Multibinder;
import com.google.inject.multibindings.OptionalBinder;
import com.google.inject.name.Names;
import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.plugin.Stages;
import dev.rubble.core.plugin.UnknownStageException;
import dev.rubble.core.step.StepClock;
import dev.rubble.core.step.StepProfile;
import dev.rubble.core.step.StepSlot;
import dev.rubble.core.step.StepStage;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Sphere;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** Guice assembles the world for real: overriding a binding changes what the step does. */
final class WorldAssemblyTest {
    private static final Stages STAGES = Stages.load();

    /** A clock that advances exactly 1 µs per reading. */
    private static final class TickingClock implements StepClock {
        long now;

        @Override
        public long nanoTime() {
            return now += 1000;
        }
    }

    private static WorldSettings settings() {
        return WorldSettings.defaults().withStep(1.0 / 60, 2);
    }

    @Test
    void aFakeClockBoundInPlaceOfTheSystemClockTimesEverySlot() {
        TickingClock clock = new TickingClock();
        World w = World.create(settings(), STAGES, b -> b.bind(StepClock.class).toInstance(clock));
        w.createBody(BodyDef.of(new Sphere(0.5)).withMass(1).withPosition(0, 2, 0));
        w.step();
        StepProfile p = w.profile();
        // one reading per slot lap: each run slot took exactly one tick
        assertThat(p.nanos(StepSlot.COMMANDS)).isEqualTo(1000);
        assertThat(p.nanos(StepSlot.BROADPHASE)).isEqualTo(1000);
        assertThat(p.nanos(StepSlot.NARROWPHASE)).isEqualTo(1000);
        assertThat(p.nanos("wake")).isEqualTo(1000);
        // two sub-steps: per-sub-step slots are summed
        assertThat(p.nanos(StepSlot.INTEGRATE_VELOCITY)).isEqualTo(2000);
        assertThat(p.nanos(StepSlot.RELAX)).isEqualTo(2000);
        // the destruction runtime, the event stage (docs/events.md) and the field system (issue 24) fill
        // their slots by default (one tick each); empty optional slots cost no reading at all
        assertThat(p.nanos(StepSlot.DESTRUCTION)).isEqualTo(1000);
        assertThat(p.nanos(StepSlot.EVENTS)).isEqualTo(1000);
        assertThat(p.nanos(StepSlot.FIELDS)).isEqualTo(1000);
        long sum = 0;
        for (StepSlot s : StepSlot.values()) {
            sum += p.nanos(s);
        }
        assertThat(p.totalNanos()).isEqualTo(sum);
    }

    @Test
    void aStageBoundInTheDestructionSlotRunsAfterTheSolveAndBeforeSleep() {
        List<String> seen = new ArrayList<>();
        // what it sees: the step index and the manifolds the solve just used (the sphere on the ground)
        StepStage recording = ctx -> seen.add(ctx.stepIndex() + ":" + ctx.contacts.size());
        TickingClock clock = new TickingClock();
        World w = World.create(settings(), STAGES, b -> {
            b.bind(StepClock.class).toInstance(clock);
            OptionalBinder.newOptionalBinder(b, Key.get(StepStage.class, Names.named(WorldModule.DESTRUCTION)))
                    .setBinding().toInstance(recording);
        });
        w.createBody(BodyDef.of(new Box(5, 0.5, 5)).withMotion(MotionType.STATIC).withPosition(0, -0.5, 0));
        w.createBody(BodyDef.of(new Sphere(0.5)).withMass(1).withPosition(0, 0.5, 0));
        w.step();
        w.step();
        // ran once per step, inside the step (index not yet advanced), with the step's one contact
        assertThat(seen).containsExactly("0:1", "1:1");
        assertThat(w.profile().nanos(StepSlot.DESTRUCTION)).isEqualTo(1000);
    }

    @Test
    void observersBoundInTheModuleHearEveryStepFromTheFirst() {
        List<Long> steps = new ArrayList<>();
        StepObserver obs = (world, profile) -> steps.add(profile.step());
        World w = World.create(settings(), STAGES,
                b -> Multibinder.newSetBinder(b, StepObserver.class).addBinding().toInstance(obs));
        w.step();
        w.step();
        w.step();
        assertThat(steps).containsExactly(0L, 1L, 2L);
    }

    @Test
    void anUnknownImplementationFailsWithTheStagesOwnMessageNotGuicesWrapper() {
        assertThatThrownBy(() -> World.create(settings().withStage("broadphase", "nope"), STAGES))
                .isInstanceOf(UnknownStageException.class)
                .hasMessageContaining("unknown broadphase 'nope'")
                .hasMessageContaining("grid");
        assertThatThrownBy(() -> World.create(settings().withStage("broadphse", "sap"), STAGES))
                .isInstanceOf(UnknownStageException.class)
                .hasMessageContaining("unknown stage family 'broadphse'");
    }

    /** A few boxes falling onto a static floor and onto each other: enough contacts to exercise every stage. */
    private static long simulate(World w, int steps) {
        w.createBody(BodyDef.of(new Box(5, 0.5, 5)).withMotion(MotionType.STATIC).withPosition(0, -0.5, 0));
        for (int i = 0; i < 6; i++) {
            w.createBody(BodyDef.of(new Box(0.5, 0.5, 0.5)).withMass(1).withPosition(0.1 * i, 0.6 + 1.05 * i, 0));
        }
        for (int s = 0; s < steps; s++) {
            w.step();
        }
        return w.stateHash();
    }

    @Test
    void worldsMadeFromEqualSettingsShareNoState() {
        // worlds without overrides come from one cached injector; each must still be a world of its own
        World a = World.create(settings(), STAGES);
        World b = World.create(settings(), STAGES);
        assertThat(b.bodies()).isNotSameAs(a.bodies());
        assertThat(b.broadphase()).isNotSameAs(a.broadphase());
        long hashA = simulate(a, 40);
        assertThat(b.bodies().size()).isZero(); // a's bodies did not appear in b
        assertThat(b.stepIndex()).isZero();
        // b, stepped after a, gives a's bits: nothing a left behind (contact cache, pairs, scratch) reaches it
        assertThat(simulate(b, 40)).isEqualTo(hashA);
        // and a world with an override (its own injector) gives the same bits as well
        World c = World.create(settings(), STAGES, binder -> binder.bind(StepClock.class).toInstance(new TickingClock()));
        assertThat(simulate(c, 40)).isEqualTo(hashA);
    }

    @Test
    void worldsAssembledOnSeveralThreadsAtOnceAreSeparateAndEqual() throws Exception {
        // a bake builds worlds on every worker at once from the same cached injector
        long expected = simulate(World.create(settings().withThreads(2), STAGES), 30);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Callable<long[]>> jobs = new ArrayList<>();
            for (int j = 0; j < 8; j++) {
                jobs.add(() -> {
                    World w = World.create(settings().withThreads(2), STAGES);
                    return new long[] {System.identityHashCode(w.bodies()), simulate(w, 30)};
                });
            }
            java.util.Set<Long> stores = new java.util.HashSet<>();
            for (Future<long[]> f : pool.invokeAll(jobs)) {
                long[] r = f.get();
                assertThat(r[1]).isEqualTo(expected);
                stores.add(r[0]);
            }
            assertThat(stores).hasSize(8);
        } finally {
            pool.shutdownNow();
        }
    }
}
