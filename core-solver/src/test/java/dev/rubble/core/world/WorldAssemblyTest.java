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
}
