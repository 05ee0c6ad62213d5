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

    /**
     * Mass and density must be &gt; 0 and finite (their javadoc): every bad value is refused where it is
     * given, naming the field, the value and that rule. Before, {@code withMass(0)} was accepted (the body
     * silently took its mass from the density), {@code withDensity(0)} was refused without its value,
     * and -1 or NaN were refused with the range {@code [0.0, 1.79…E308]}, which says 0 is allowed.
     */
    @Test
    void massAndDensityOfZeroNegativeNanOrInfinityAreRefusedNamingTheValue() {
        double[] bad = {0, -0.0, -1, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY};
        for (double v : bad) {
            for (boolean fixed : new boolean[] {false, true}) {
                BodySpec spec = fixed ? BodySpec.fixed(new Sphere(0.5)) : BodySpec.dynamic(new Sphere(0.5));
                assertThatThrownBy(() -> spec.withMass(v)).as("mass %s", v).isInstanceOf(IllegalArgumentException.class)
                        .hasMessage("mass = " + v + " kg; allowed: > 0 and finite");
                assertThatThrownBy(() -> spec.withDensity(v)).as("density %s", v)
                        .isInstanceOf(IllegalArgumentException.class)
                        .hasMessage("density = " + v + " kg/m³; allowed: > 0 and finite");
            }
        }
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
        BodyId b = w.addBody(BodySpec.dynamic(new Sphere(0.5)).withDensity(2).withMass(3));
        assertThat(w.mass(b)).isEqualTo(3);
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

    /** Every body of {@code w} has a finite state within the speed limits, and none was disabled. */
    private static void finiteWithinLimits(PhysicsWorld w, String what) {
        assertThat(w.lastProfile().nonFiniteBodies()).as(what + ": bodies isolated as non-finite").isZero();
        assertThat(w.lastProfile().disabledBodies()).as(what + ": disabled bodies").isZero();
        Vector3d p = new Vector3d(), v = new Vector3d(), o = new Vector3d();
        for (int s = 0; s < w.kernel().bodies().slotLimit(); s++) {
            if (!w.kernel().bodies().isLive(s)) {
                continue;
            }
            BodyId b = w.id(s);
            w.position(b, p);
            w.linearVelocity(b, v);
            w.angularVelocity(b, o);
            assertThat(p.isFinite() && v.isFinite() && o.isFinite()).as(what + ": " + b + " at " + p + " moving " + v
                    + " spinning " + o).isTrue();
            assertThat(p.length()).as(what + ": " + b + " stays where a step at the speed limit takes it").isLessThan(500);
            assertThat(v.length()).as(what + ": " + b + " speed").isLessThanOrEqualTo(w.maxLinearSpeed() * (1 + 1e-9));
            assertThat(o.length()).as(what + ": " + b + " spin").isLessThanOrEqualTo(w.maxAngularSpeed() * (1 + 1e-9));
        }
    }

    @Test
    void hugeFiniteImpulsesVelocitiesForcesAndTorquesLeaveTheBodyAtTheSpeedLimitsAndTheOthersUntouched() {
        Vector3d away = new Vector3d(-1e308, 0, 0); // from the other ball, which is at x = 1.5
        java.util.Map<String, java.util.function.BiConsumer<PhysicsWorld, BodyId>> pushes = new java.util.LinkedHashMap<>();
        pushes.put("impulse", (w, b) -> w.applyImpulse(b, away));
        pushes.put("two impulses", (w, b) -> {
            w.applyImpulse(b, away);
            w.applyImpulse(b, away);
        });
        pushes.put("impulse off the centre", (w, b) -> w.applyImpulse(b, new Vector3d(0, 0, 1e308), new Vector3d(0.5, 2, 0)));
        pushes.put("impulse at 1e9 m", (w, b) -> w.applyImpulse(b, new Vector3d(0, 0, 1e308), new Vector3d(1e9, 2, 0)));
        pushes.put("velocity", (w, b) -> w.setVelocity(b, away, new Vector3d(0, 1e308, 0)));
        pushes.put("force", (w, b) -> w.applyForce(b, away)); // moved the ball 5e301 m in one step
        pushes.put("two forces", (w, b) -> {
            w.applyForce(b, away);
            w.applyForce(b, away);
        });
        pushes.put("torque", (w, b) -> w.applyTorque(b, new Vector3d(0, 1e308, 0)));
        pushes.put("impulse on a 1 g ball", (w, b) -> w.applyImpulse(w.addBody(BALL.withMass(1e-3)
                .withPosition(new Vector3d(-3, 2, 0))), away));
        pushes.put("kinematic velocity", (w, b) -> w.setVelocity(w.addBody(BodySpec.kinematic(new Box(0.5, 0.5, 0.5))
                .withPosition(new Vector3d(-5, 2, 0))), away, new Vector3d(1e308, 0, 0)));
        pushes.put("kinematic created moving", (w, b) -> w.addBody(BodySpec.kinematic(new Box(0.5, 0.5, 0.5))
                .withPosition(new Vector3d(-5, 2, 0)).withLinearVelocity(away).withAngularVelocity(away)));
        for (var push : pushes.entrySet()) {
            BodyId[] ids = new BodyId[2];
            PhysicsWorld reference = world(ids);
            reference.step(60);
            Vector3d untouched = reference.position(ids[1], new Vector3d());
            PhysicsWorld w = world(ids);
            push.getValue().accept(w, ids[0]);
            for (int k = 0; k < 60; k++) {
                w.step();
                finiteWithinLimits(w, push.getKey() + ", step " + k);
            }
            assertThat(w.position(ids[1], new Vector3d())).as(push.getKey() + ": the other ball").isEqualTo(untouched);
        }
    }

    @Test
    void hugeFieldsLeaveEveryBodyFiniteAtTheSpeedLimits() {
        Vector3d west = new Vector3d(-1, 0, 0);
        java.util.Map<String, java.util.function.Consumer<PhysicsWorld>> fields = new java.util.LinkedHashMap<>();
        fields.put("velocity, twice", w -> {
            w.applyField(Fields.Target.LINEAR_VELOCITY, Fields.uniformVector(west, 1e308), FieldOptions.once());
            w.applyField(Fields.Target.LINEAR_VELOCITY, Fields.uniformVector(west, 1e308), FieldOptions.once());
        });
        fields.put("an infinite value", w -> w.applyField(Fields.Target.LINEAR_VELOCITY,
                Fields.uniformVector(new Vector3d(-1e308, 1e308, 0), 1e308), FieldOptions.once()));
        fields.put("impulse", w -> w.applyField(Fields.Target.LINEAR_IMPULSE, Fields.uniformVector(west, 1e308),
                FieldOptions.once()));
        fields.put("spin", w -> w.applyField(Fields.Target.ANGULAR_VELOCITY, Fields.uniformVector(west, 1e308),
                FieldOptions.persistent("spin")));
        fields.put("force", w -> w.applyField(Fields.Target.LINEAR_FORCE, Fields.uniformVector(west, 1e308),
                FieldOptions.persistent("wind")));
        fields.put("torque", w -> w.applyField(Fields.Target.ANGULAR_TORQUE, Fields.uniformVector(west, 1e308),
                FieldOptions.persistent("twist")));
        for (var field : fields.entrySet()) {
            BodyId[] ids = new BodyId[2];
            PhysicsWorld w = world(ids);
            field.getValue().accept(w);
            for (int k = 0; k < 60; k++) {
                w.step();
                finiteWithinLimits(w, field.getKey() + ", step " + k);
            }
        }
    }

    @Test
    void theSpeedLimitsAreTheWorldsToChooseAndAHugePushEndsExactlyAtThem() {
        BodyId[] ids = new BodyId[2];
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withGravity(new Vector3d()).withSpeedLimits(50, 10));
        BodyId ball = w.addBody(BALL);
        w.applyImpulse(ball, new Vector3d(-3e307, 4e307, 0));
        w.applyImpulse(ball, new Vector3d(-3e307, 4e307, 0)); // overflows: the limit in the push's direction
        w.step();
        Vector3d v = w.linearVelocity(ball, new Vector3d());
        assertThat(v.x).isCloseTo(-30, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(v.y).isCloseTo(40, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(w.maxLinearSpeed()).isEqualTo(50);
        assertThat(w.maxAngularSpeed()).isEqualTo(10);
        assertThatThrownBy(() -> WorldConfig.defaults().withSpeedLimits(0, 10)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("maxLinearSpeed = 0.0; allowed: (0, 100000.0] m/s");
        assertThatThrownBy(() -> WorldConfig.defaults().withSpeedLimits(1, Double.NaN))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("maxAngularSpeed = NaN; allowed: (0, 100000.0] rad/s");
    }

    @Test
    void gravityTimesAGravityScaleThatOverflowsFallsAtTheSpeedLimitInsteadOfDisablingTheBody() {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withGravity(new Vector3d(0, -1e308, 0)));
        w.addBody(BALL.withGravityScale(1e308).withPosition(new Vector3d(0, 300, 0)));
        w.step();
        finiteWithinLimits(w, "falling");
    }

    @Test
    void aPositionBeyondTheSnapshotRangeIsRefusedInsteadOfSavingASnapshotThatCannotBeRestored() throws Exception {
        BodyId[] ids = new BodyId[2];
        PhysicsWorld w = world(ids);
        // setPose and withPosition took 2e9 m; saveSnapshot then wrote a file restoreWorld refused
        assertThatThrownBy(() -> w.setPose(ids[0], new Vector3d(2e9, 0, 0), new Quaterniond()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("pose position = (2.0E9, 0.0, 0.0); allowed: finite, each within ±1.0E9 m");
        assertThatThrownBy(() -> BALL.withPosition(new Vector3d(0, -1e308, 0))).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("position = (0.0, -1.0E308, 0.0); allowed: finite, each within ±1.0E9 m");
        assertThatThrownBy(() -> w.applyImpulse(ids[0], new Vector3d(0, 1, 0), new Vector3d(1e308, 2, 0)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("impulse point = (1.0E308, 2.0, 0.0)");
        assertThatThrownBy(() -> w.addConstraint(ids[0], null, ConstraintSpec.ball(new Vector3d(0, 2, 5e9))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("frameA anchor = (0.0, 2.0, 5.0E9)");
        // the edge of the range is a position like any other: saved and restored
        w.setPose(ids[0], new Vector3d(1e9, 2, -1e9), new Quaterniond());
        w.step();
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        w.saveSnapshot(out);
        PhysicsWorld r = Rubble.defaultPlugins().restoreWorld(new java.io.ByteArrayInputStream(out.toByteArray()));
        assertThat(r.stateHash()).isEqualTo(w.stateHash());
    }

    @Test
    void anIdOfAnotherWorldIsRefusedInsteadOfActingOnWhateverBodyHasItsHandleThere() {
        BodyId[] a = new BodyId[2], b = new BodyId[2];
        PhysicsWorld reference = world(new BodyId[2]);
        reference.step(30);
        PhysicsWorld wa = world(a);
        PhysicsWorld wb = world(b);
        BodyId foreign = a[0];
        assertThat(foreign.handle()).as("the same handle names a body in both").isEqualTo(b[0].handle());
        java.util.List<Runnable> misuses = java.util.List.of(
                () -> wb.applyImpulse(foreign, new Vector3d(0, 5, 0)),
                () -> wb.setVelocity(foreign, new Vector3d(1, 0, 0), new Vector3d()),
                () -> wb.removeBody(foreign),
                () -> wb.position(foreign, new Vector3d()),
                () -> wb.setIgnoreCollision(b[1], foreign, true),
                () -> wb.addConstraint(b[1], foreign, ConstraintSpec.ball(new Vector3d(0.75, 2, 0))),
                () -> wb.destruction().pieceOf(foreign),
                () -> wb.unions().add(0, foreign));
        for (Runnable misuse : misuses) {
            // acted on world b's first ball, silently
            assertThatThrownBy(misuse::run).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("body " + foreign + " was handed out by world #")
                    .hasMessageContaining("not this world (#").hasMessageContaining("allowed: ");
        }
        assertThat(wb.contains(foreign)).as("not a body of this world").isFalse();
        assertThat(wa.contains(foreign)).isTrue();
        wb.step(30);
        assertThat(wb.stateHash()).as("nothing was queued").isEqualTo(reference.stateHash());
        // a handle kept by the caller names a body in any world, as before
        assertThat(wb.contains(new BodyId(foreign.handle()))).isTrue();
        assertThat(new BodyId(foreign.handle())).isEqualTo(foreign).isEqualTo(b[0]);
        // ids the world hands out later (queries, listeners, events) are its own
        QueryHit hit = new QueryHit();
        assertThat(wb.rayCast(new Vector3d(0, 10, 0), new Vector3d(0, -1, 0), 20, hit)).isTrue();
        wb.applyImpulse(hit.body(), new Vector3d(0, 1, 0));
        assertThatThrownBy(() -> wa.applyImpulse(hit.body(), new Vector3d(0, 1, 0))).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aConstraintIdOfAnotherWorldIsRefused() {
        BodyId[] a = new BodyId[2], b = new BodyId[2];
        PhysicsWorld wa = world(a), wb = world(b);
        ConstraintId ja = wa.addConstraint(a[0], a[1], ConstraintSpec.ball(new Vector3d(0.75, 2, 0)));
        ConstraintId jb = wb.addConstraint(b[0], b[1], ConstraintSpec.ball(new Vector3d(0.75, 2, 0)));
        wa.step();
        wb.step();
        assertThat(ja).isEqualTo(jb);
        assertThatThrownBy(() -> wb.removeConstraint(ja)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("constraint " + ja + " was handed out by world #");
        assertThatThrownBy(() -> wb.constraintForce(ja)).isInstanceOf(IllegalArgumentException.class);
        assertThat(wb.contains(ja)).isFalse();
        assertThat(wb.contains(jb)).isTrue();
        wb.removeConstraint(new ConstraintId(ja.id())); // a number kept by the caller names it anywhere
        wb.step();
        assertThat(wb.contains(jb)).isFalse();
        assertThat(wa.contains(ja)).isTrue();
    }

    @Test
    void aRestoredWorldContinuesTheSavedOneAndTakesItsIdsButNoOtherWorlds() throws Exception {
        BodyId[] a = new BodyId[2], b = new BodyId[2];
        PhysicsWorld wa = world(a), wb = world(b);
        wa.step(10);
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        wa.saveSnapshot(out);
        PhysicsWorld restored = Rubble.defaultPlugins().restoreWorld(new java.io.ByteArrayInputStream(out.toByteArray()));
        assertThat(restored.position(a[0], new Vector3d())).isEqualTo(wa.position(a[0], new Vector3d()));
        restored.applyImpulse(a[1], new Vector3d(0, 1, 0));
        assertThatThrownBy(() -> restored.applyImpulse(b[1], new Vector3d(0, 1, 0)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("was handed out by world #");
        assertThat(restored.contains(b[0])).isFalse();
    }

    @Test
    void aStiffSpringStretchedFarStaysFinite() {
        BodyId[] ids = new BodyId[2];
        PhysicsWorld w = world(ids);
        // 1e308 N/m is a finite stiffness: its bias C k overflowed once the spring was stretched 2 m
        w.addConstraint(ids[0], ids[1], ConstraintSpec.spring(new Vector3d(0, 2, 0), new Vector3d(1.5, 2, 0), 1e308, 1e308));
        w.step();
        w.applyImpulse(ids[0], new Vector3d(0, 1e308, 0));
        for (int k = 0; k < 60; k++) {
            w.step();
            finiteWithinLimits(w, "step " + k);
        }
    }
    /**
     * A body that starts asleep is at rest: with a velocity as well it is refused, naming both, and the world is
     * unchanged (the velocity was dropped silently: the box lay still until touched). Either alone is accepted.
     */
    @Test
    void aBodyThatStartsAsleepWithAVelocityIsRefusedNamingTheVelocity() {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
        BodySpec box = BodySpec.dynamic(new Box(0.5, 0.5, 0.5)).withPosition(new Vector3d(0, 0.5, 0));
        assertThatThrownBy(() -> w.addBody(box.asleep().withLinearVelocity(new Vector3d(5, 0, 0))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("starts asleep")
                .hasMessageContaining("linearVelocity = (5.0, 0.0, 0.0)");
        assertThatThrownBy(() -> w.addBody(box.withAngularVelocity(new Vector3d(0, 2, 0)).asleep()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("angularVelocity = (0.0, 2.0, 0.0)");
        assertThat(w.bodyCount()).isZero();
        w.addBody(box.asleep());
        w.addBody(box.withPosition(new Vector3d(3, 0.5, 0)).withLinearVelocity(new Vector3d(5, 0, 0)));
        assertThat(w.bodyCount()).isEqualTo(2);
    }
}
