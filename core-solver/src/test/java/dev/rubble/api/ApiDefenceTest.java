package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Sphere;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * What a careless or hostile embedder does to the public API: every refused call names the
 * parameter, the value and what is allowed, and leaves the world stepping as if it had not been
 * made; every accepted call keeps the bodies finite.
 */
final class ApiDefenceTest {
    private static final BodySpec BALL = BodySpec.dynamic(new Sphere(0.5)).withPosition(new Vector3d(0, 2, 0));

    /** A world with a ground box (top face y = 0) and two balls; the balls' ids are returned in {@code ids}. */
    private static PhysicsWorld world(BodyId[] ids) {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
        w.addBody(BodySpec.fixed(new Box(10, 0.5, 10)).withPosition(new Vector3d(0, -0.5, 0)));
        ids[0] = w.addBody(BALL);
        ids[1] = w.addBody(BALL.withPosition(new Vector3d(1.5, 2, 0)));
        return w;
    }

    @Test
    void writesToABodyRemovedEarlierInTheSameStepAreDroppedAndTheWorldStepsOn() {
        BodyId[] ids = new BodyId[2];
        PhysicsWorld reference = world(ids);
        reference.removeBody(ids[0]);
        reference.step(30);

        PhysicsWorld w = world(ids);
        BodyId gone = ids[0], other = ids[1];
        w.removeBody(gone);
        // each of these was accepted: the body is live until the step applies the removal
        w.applyImpulse(gone, new Vector3d(0, 5, 0));
        w.setVelocity(gone, new Vector3d(1, 0, 0), new Vector3d());
        w.setPose(gone, new Vector3d(0, 3, 0), new Quaterniond());
        w.applyForce(gone, new Vector3d(0, 10, 0));
        w.applyTorque(gone, new Vector3d(0, 10, 0));
        w.setCollisionFilter(gone, 2, 2);
        w.setIgnoreCollision(gone, other, true);
        w.setBodyEvents(gone, EventKind.HIT);
        w.removeBody(gone);
        w.step(30);

        assertThat(w.contains(gone)).isFalse();
        assertThat(w.bodyCount()).isEqualTo(reference.bodyCount());
        assertThat(w.stateHash()).isEqualTo(reference.stateHash());
    }

    @Test
    void aConstraintToABodyRemovedEarlierInTheSameStepIsNeverCreatedAndTheWorldStepsOn() {
        BodyId[] ids = new BodyId[2];
        PhysicsWorld w = world(ids);
        w.removeBody(ids[1]);
        ConstraintId joint = w.addConstraint(ids[0], ids[1], ConstraintSpec.ball(new Vector3d(0.75, 2, 0)));
        w.step(2);

        assertThat(w.stepIndex()).isEqualTo(2);
        assertThat(w.contains(joint)).isFalse();
        assertThat(w.constraintCount()).isZero();
    }

    @Test
    void aDynamicBodyWhoseShapeAndDensityGiveNoUsableMassIsRefusedNamingItsMass() {
        BodyId[] ids = new BodyId[2];
        PhysicsWorld reference = world(ids);
        reference.step(30);
        PhysicsWorld w = world(ids);
        // each value is allowed on its own; together the mass underflows to 0 or overflows to infinity
        BodySpec[] nonsense = {
            BodySpec.dynamic(new Box(1e-300, 1e-300, 1e-300)),
            BodySpec.dynamic(new Sphere(1e200)),
            BodySpec.dynamic(new Sphere(0.5)).withMass(Double.MIN_VALUE),
            BodySpec.dynamic(new Sphere(0.5)).withDensity(Double.MIN_VALUE),
            BodySpec.dynamic(new Sphere(1e-300)).withMass(1),
        };
        for (BodySpec spec : nonsense) {
            assertThatThrownBy(() -> w.addBody(spec)).as(spec.toString())
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("mass = ").hasMessageContaining("allowed: ");
        }
        w.step(30);
        assertThat(w.bodyCount()).isEqualTo(reference.bodyCount());
        assertThat(w.stateHash()).isEqualTo(reference.stateHash());
    }

    @Test
    void anOrientationWhoseLengthOverflowsIsRefusedInsteadOfBecomingAZeroQuaternion() {
        // finite components, but x² + y² + z² + w² is +Infinity: normalising gave (0, 0, 0, 0)
        Quaterniond huge = new Quaterniond(1e200, 0, 0, 1e200);
        assertThatThrownBy(() -> BALL.withOrientation(huge))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("orientation = [1.0E200, 0.0, 0.0, 1.0E200]").hasMessageContaining("allowed: ");
    }

    @Test
    void castsAndOverlapsRefuseANonFiniteOrZeroOrientation() {
        BodyId[] ids = new BodyId[2];
        PhysicsWorld w = world(ids);
        QueryHit hit = new QueryHit();
        java.util.List<BodyId> found = new java.util.ArrayList<>();
        for (Quaterniond q : new Quaterniond[] {new Quaterniond(Double.NaN, 0, 0, 1), new Quaterniond(0, 0, 0, 0),
                new Quaterniond(0, Double.POSITIVE_INFINITY, 0, 1)}) {
            // a NaN orientation missed everything and a zero one hit as if it were the identity
            assertThatThrownBy(() -> w.shapeCast(new Box(1, 1, 1), new Vector3d(0, 5, 0), q, new Vector3d(0, -10, 0), hit))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cast orientation = ");
            assertThatThrownBy(() -> w.overlap(new Box(1, 1, 1), new Vector3d(0, 0, 0), q, found))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("overlap orientation = ");
        }
    }

    @Test
    void updateFromAListenerIsRefusedWithoutTakingTheFrameTime() {
        BodyId[] ids = new BodyId[2];
        PhysicsWorld w = world(ids);
        double dt = w.timeStep();
        String[] refused = new String[1];
        StepListener once = (step, time, profile) -> {
            try {
                w.update(dt);
            } catch (IllegalStateException e) {
                refused[0] = e.getMessage();
            }
        };
        w.addStepListener(once);
        w.step();
        w.removeStepListener(once);

        assertThat(refused[0]).contains("update").contains("listener");
        assertThat(w.update(dt / 2)).as("the refused frame's time is not in the accumulator").isZero();
        assertThat(w.stepIndex()).isEqualTo(1);
    }

    @Test
    void aListenerThatThrowsDuringUpdateLeavesTheStepItTookCounted() {
        BodyId[] ids = new BodyId[2];
        PhysicsWorld w = world(ids);
        double dt = w.timeStep();
        StepListener boom = (step, time, profile) -> {
            throw new IllegalStateException("game bug");
        };
        w.addStepListener(boom);
        assertThatThrownBy(() -> w.update(dt)).hasMessage("game bug");
        w.removeStepListener(boom);

        assertThat(w.stepIndex()).isEqualTo(1);
        assertThat(w.update(dt / 2)).as("the step taken is not taken again").isZero();
        assertThat(w.stepIndex()).isEqualTo(1);
    }

    @Test
    void droppedStepsNeverOverflowsIntoANegativeCount() {
        BodyId[] ids = new BodyId[2];
        PhysicsWorld w = world(ids);
        w.update(1e308);
        w.update(1e308);
        assertThat(w.droppedSteps()).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void nullArgumentsAreNamedInsteadOfFailingInsideTheEngine() {
        BodyId[] ids = new BodyId[2];
        PhysicsWorld w = world(ids);
        assertThatThrownBy(() -> w.contains((ConstraintId) null)).isInstanceOf(NullPointerException.class).hasMessage("id is null");
        assertThatThrownBy(() -> w.constraintForce(null)).isInstanceOf(NullPointerException.class).hasMessage("id is null");
        assertThatThrownBy(() -> w.constraintTorque(null)).isInstanceOf(NullPointerException.class).hasMessage("id is null");
        assertThatThrownBy(() -> w.setBodyEvents(ids[0], (EventKind[]) null)).isInstanceOf(NullPointerException.class)
                .hasMessage("kinds is null");
        assertThatThrownBy(() -> EventThrottle.every(0.1).add(null, 0)).isInstanceOf(NullPointerException.class)
                .hasMessage("events is null");
    }

    @Test
    void aThrottleRefusesANonFiniteTimeAndStaysDue() {
        EventThrottle t = EventThrottle.every(0.1);
        // take(NaN) stored NaN as the last take: due() was false for ever after
        assertThatThrownBy(() -> t.take(Double.NaN)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("time = NaN").hasMessageContaining("allowed: finite");
        assertThatThrownBy(() -> t.due(Double.POSITIVE_INFINITY)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("time = Infinity");
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
        assertThatThrownBy(() -> t.add(w.events().of(EventKind.HIT), Double.NaN)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("time = NaN");
        assertThat(t.due(1.0)).isTrue();
    }

    @Test
    void aUnionChildPoseWhoseOrientationOverflowsIsRefusedWhenQueuedNotInTheStep() {
        BodyId[] ids = new BodyId[2];
        PhysicsWorld reference = world(ids);
        reference.unions().add(0, ids[0]);
        reference.unions().add(0, ids[1]);
        reference.step(10);
        PhysicsWorld w = world(ids);
        w.unions().add(0, ids[0]);
        w.unions().add(0, ids[1]);
        w.step();
        // accepted before, then the next step threw "compound child pose ... 0.0, 0.0, 0.0, 0.0"
        assertThatThrownBy(() -> w.unions().setChildToParent(0, ids[0], new Vector3d(), new Quaterniond(1e200, 0, 0, 1e200)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("1.0E200").hasMessageContaining("allowed: ");
        w.step(9);
        assertThat(w.stateHash()).isEqualTo(reference.stateHash());
    }

    @Test
    void aConstraintFrameWhoseOrientationOverflowsIsRefusedInsteadOfBecomingAZeroQuaternion() {
        BodyId[] ids = new BodyId[2];
        PhysicsWorld w = world(ids);
        ConstraintSpec hinge = ConstraintSpec.hinge(new Vector3d(0, 2, 0), new Vector3d(0, 0, 1))
                .orientation(new Quaterniond(1e200, 0, 0, 1e200));
        assertThatThrownBy(() -> w.addConstraint(ids[0], null, hinge)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("frameA orientation = [1.0E200, 0.0, 0.0, 1.0E200]");
        assertThat(w.constraintCount()).isZero();
    }

    @Test
    void aListenerThatThrowsLeavesTheStepCompleteAndEveryOtherListenerAndObserverHearsIt() {
        BodyId[] ids = new BodyId[2];
        PhysicsWorld reference = world(ids);
        reference.step(60);
        PhysicsWorld w = world(ids);
        w.setEvents(EventKind.MOVED, true);
        reference.setEvents(EventKind.MOVED, true);
        w.addStepListener((step, time, profile) -> {
            throw new IllegalStateException("game bug " + step);
        });
        java.util.List<Long> heard = new java.util.ArrayList<>(), observed = new java.util.ArrayList<>();
        int[] events = new int[1], contacts = new int[1];
        w.addStepListener((step, time, profile) -> heard.add(step));
        w.addEventListener(e -> events[0] += e.total());
        w.addContactListener(c -> {
            contacts[0]++;
            throw new IllegalArgumentException("contact bug");
        });
        // registered last, as a journal attached after the listeners is: it must still record every step
        w.kernel().addObserver((world, profile) -> observed.add(profile.step()));
        int touching = 0;
        for (int k = 0; k < 60; k++) {
            int before = contacts[0];
            Throwable e = org.assertj.core.api.Assertions.catchThrowable(w::step);
            assertThat(e).as("step %d", k).isInstanceOf(IllegalStateException.class).hasMessage("game bug " + k);
            if (contacts[0] > before) { // the contact listener's failure of the step comes with it, once
                touching++;
                assertThat(e.getSuppressed()).singleElement().satisfies(x -> assertThat(x).hasMessage("contact bug"));
            } else {
                assertThat(e.getSuppressed()).isEmpty();
            }
        }
        assertThat(w.stepIndex()).isEqualTo(60);
        assertThat(heard).hasSize(60).startsWith(0L).endsWith(59L);
        assertThat(observed).isEqualTo(heard);
        assertThat(events[0]).isPositive();
        assertThat(touching).as("the balls reach the ground").isPositive();
        assertThat(contacts[0]).as("a failing listener is not called again in that step").isEqualTo(touching);
        assertThat(w.lastProfile().step()).isEqualTo(59);
        assertThat(w.lastProfile().stateHash()).isEqualTo(w.stateHash()).isEqualTo(reference.stateHash());
        assertThatThrownBy(w::step).hasMessage("game bug 60"); // the world steps on
        assertThat(w.stepIndex()).isEqualTo(61);
    }

    @Test
    void aListenerThatRemovesItselfDoesNotMakeTheNextOneMissTheStep() {
        BodyId[] ids = new BodyId[2];
        PhysicsWorld w = world(ids);
        int[] calls = new int[2];
        StepListener[] once = new StepListener[1];
        once[0] = (step, time, profile) -> {
            calls[0]++;
            w.removeStepListener(once[0]);
        };
        w.addStepListener(once[0]);
        w.addStepListener((step, time, profile) -> calls[1]++);
        w.step(3);
        // the list shifted under the loop: the second listener missed the first step
        assertThat(calls).containsExactly(1, 3);
    }

    @Test
    void aPreSolveHookThatThrowsLeavesTheStepCompleteAndCountedAndTheWorldStepsOn() {
        BodyId[] ids = new BodyId[2];
        PhysicsWorld reference = world(ids);
        reference.addBody(BALL.withPosition(new Vector3d(-1.5, 0.5, 0))); // touching the ground: a new contact at once
        reference.step(60);
        PhysicsWorld w = world(ids);
        w.addBody(BALL.withPosition(new Vector3d(-1.5, 0.5, 0)));
        int[] calls = new int[1];
        w.setPreSolveHook(c -> {
            calls[0]++;
            throw new UnsupportedOperationException("hook bug");
        });
        int thrown = 0;
        for (int k = 0; k < 60; k++) {
            long before = w.stepIndex();
            try {
                w.step();
            } catch (UnsupportedOperationException e) {
                assertThat(e).hasMessage("hook bug");
                thrown++;
            }
            assertThat(w.stepIndex()).as("step %d is counted", k).isEqualTo(before + 1);
            assertThat(w.lastProfile().step()).isEqualTo(before);
            assertThat(w.lastProfile().stateHash()).isEqualTo(w.stateHash());
        }
        // the ball on the ground at once, then each falling ball's first touch
        assertThat(thrown).isEqualTo(calls[0]).isBetween(2, 3);
        // the contacts it did not answer keep their defaults, as without a hook
        assertThat(w.stateHash()).isEqualTo(reference.stateHash());
        Vector3d p = w.position(ids[0], new Vector3d());
        assertThat(p.y).isCloseTo(0.5, org.assertj.core.data.Offset.offset(0.02));
    }

    @Test
    void aPreSolveHookThatSetsANaNFrictionIsNamedAfterTheStepAndTheContactKeepsItsOwn() {
        BodyId[] ids = new BodyId[2];
        PhysicsWorld reference = world(ids);
        reference.addBody(BALL.withPosition(new Vector3d(-1.5, 0.5, 0)));
        reference.step(5);
        PhysicsWorld w = world(ids);
        w.addBody(BALL.withPosition(new Vector3d(-1.5, 0.5, 0)));
        w.setPreSolveHook(c -> {
            c.setFriction(Double.NaN);
            return true;
        });
        assertThatThrownBy(w::step).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("friction = NaN; allowed: finite, >= 0");
        assertThat(w.stepIndex()).isEqualTo(1);
        w.setPreSolveHook(null);
        w.step(4);
        assertThat(w.stateHash()).isEqualTo(reference.stateHash());
    }
}
