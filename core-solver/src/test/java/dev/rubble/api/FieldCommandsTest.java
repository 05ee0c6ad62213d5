package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.MotionType;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Sphere;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** Field commands through the Java API (issue 24; docs/fields.md), against analytic expectations. */
final class FieldCommandsTest {
    private static final double DT = 1.0 / 60;

    private static PhysicsWorld world(int subSteps) {
        return Rubble.newWorld(WorldConfig.defaults().withTimeStep(DT, subSteps).withGravity(new Vector3d(0, -9.81, 0)));
    }

    private static BodyId ball(PhysicsWorld w, double x, double y, double z) {
        return w.addBody(BodySpec.dynamic(new Sphere(0.25)).withMass(2).withGravityScale(0)
                .withPosition(new Vector3d(x, y, z)));
    }

    private static BodyState state(PhysicsWorld w, BodyId id) {
        BodyStore b = w.kernel().bodies();
        return b.state(b.slot(id.handle()));
    }

    @Test
    void transientRunsOncePersistentRunsUntilRemoved() {
        PhysicsWorld w = world(1);
        BodyId a = ball(w, 0, 0, 0);
        Field push = Fields.uniformVector(new Vector3d(1, 0, 0), 2);
        w.applyField(Fields.Target.LINEAR_VELOCITY, push, FieldOptions.once());
        Vector3d v = new Vector3d();
        for (int i = 0; i < 3; i++) {
            w.step();
            assertThat(w.linearVelocity(a, v).x).as("after step %d", i + 1).isEqualTo(2);
        }
        w.applyField(Fields.Target.LINEAR_VELOCITY, push, FieldOptions.persistent("wind"));
        for (int i = 1; i <= 4; i++) {
            w.step();
            assertThat(w.linearVelocity(a, v).x).isEqualTo(2 + 2 * i);
        }
        w.removeField("wind");
        w.step();
        w.step();
        assertThat(w.linearVelocity(a, v).x).isEqualTo(10);
    }

    @Test
    void persistentForceFieldGivesHalfFtSquaredOverMassAtOneAndFourSubSteps() {
        for (int subSteps : new int[] {1, 4}) {
            PhysicsWorld w = world(subSteps);
            BodyId a = ball(w, 0, 0, 0);
            w.applyField(Fields.Target.LINEAR_FORCE, Fields.uniformVector(new Vector3d(0, 0, 1), 6),
                    FieldOptions.persistent("thrust"));
            double acc = 6 / 2.0, h = DT / subSteps;
            Vector3d p = new Vector3d();
            for (int n = 1; n <= 90; n++) {
                w.step();
                double t = n * DT;
                assertThat(w.position(a, p).z).isCloseTo(acc * t * t / 2 + acc * h * t / 2, within(1e-9));
            }
        }
    }

    @Test
    void angularTorqueFieldOnASphereGivesTauTOverI() {
        PhysicsWorld w = world(4);
        BodyId a = ball(w, 0, 0, 0);
        double inertia = 2.0 / 5 * 2 * 0.25 * 0.25;
        w.applyField(Fields.Target.ANGULAR_TORQUE, Fields.uniformVector(new Vector3d(0, 1, 0), 0.01),
                FieldOptions.persistent("spin"));
        Vector3d om = new Vector3d();
        for (int n = 1; n <= 30; n++) {
            w.step();
            assertThat(w.angularVelocity(a, om).y).isCloseTo(0.01 * n * DT / inertia, within(1e-9));
        }
    }

    @Test
    void impulseIsMassDependentVelocityIsNot() {
        PhysicsWorld w = world(1);
        BodyId light = w.addBody(BodySpec.dynamic(new Sphere(0.25)).withMass(1).withGravityScale(0));
        BodyId heavy = w.addBody(BodySpec.dynamic(new Sphere(0.25)).withMass(4).withGravityScale(0)
                .withPosition(new Vector3d(3, 0, 0)));
        w.applyField(Fields.Target.LINEAR_IMPULSE, Fields.uniformVector(new Vector3d(0, 1, 0), 8), FieldOptions.once());
        w.step();
        Vector3d v = new Vector3d();
        assertThat(w.linearVelocity(light, v).y).isEqualTo(8);
        assertThat(w.linearVelocity(heavy, v).y).isEqualTo(2);
        w.applyField(Fields.Target.ANGULAR_VELOCITY, Fields.uniformVector(new Vector3d(1, 0, 0), 3), FieldOptions.once());
        w.step();
        assertThat(w.angularVelocity(light, v).x).isEqualTo(3);
        assertThat(w.angularVelocity(heavy, v).x).isEqualTo(3);
    }

    @Test
    void radialVelocityTimesFalloffPushesOutwardByDistance() {
        PhysicsWorld w = world(1);
        Vector3d c = new Vector3d(0, 0, 0);
        BodyId near = ball(w, 1, 0, 0), far = ball(w, 0, 3, 0), out = ball(w, 0, 0, 5);
        // 12 m/s at the centre, linear to 0 at 4 m: 12 (1 - 1/4) = 9 m/s at 1 m, 12 (1 - 3/4) = 3 at 3 m, nothing at 5 m
        w.applyField(Fields.Target.LINEAR_VELOCITY, Fields.radialVector(c).times(Fields.radialFalloff(c, 4).magnitude(12)),
                FieldOptions.once());
        w.step();
        Vector3d v = new Vector3d();
        assertThat(w.linearVelocity(near, v).x).isCloseTo(9, within(1e-12));
        assertThat(w.linearVelocity(far, v).y).isCloseTo(3, within(1e-12));
        assertThat(w.linearVelocity(out, v).length()).isZero();
        assertThat(w.kernel().context().fields.lastSamples()).as("the bounded field sampled only what its sphere met").isEqualTo(2);
    }

    @Test
    void killBelowAPlaneAndActivateDisabledBringsBack() {
        PhysicsWorld w = world(1);
        BodyId above = ball(w, 0, 1, 0), below = ball(w, 0, -3, 0), deep = ball(w, 0, -30, 0);
        // plane y = 0, normal up: acts on the 10 m below it
        w.applyField(Fields.Target.KILL, Fields.planeFalloff(new Vector3d(), new Vector3d(0, 1, 0), 10),
                FieldOptions.persistent("floor"));
        w.step();
        assertThat(state(w, above)).isEqualTo(BodyState.AWAKE);
        assertThat(state(w, below)).isEqualTo(BodyState.DISABLED);
        assertThat(state(w, deep)).isEqualTo(BodyState.AWAKE);
        w.removeField("floor");
        // activate-disabled writes 0 to the disabled: it needs them sampled (maximum resolution)
        w.applyField(Fields.Target.ACTIVATE_DISABLED, Fields.uniformInteger(0), FieldOptions.once());
        w.step();
        assertThat(state(w, below)).as("minimal resolution does not sample disabled bodies").isEqualTo(BodyState.DISABLED);
        w.applyField(Fields.Target.ACTIVATE_DISABLED, Fields.uniformInteger(0), FieldOptions.once().resolution("maximum"));
        w.step();
        assertThat(state(w, below)).isEqualTo(BodyState.AWAKE);
    }

    @Test
    void dynamicStateMaskFreezesInsideAndRefusesDynamicForMassless() {
        PhysicsWorld w = world(1);
        BodyId in = ball(w, 0, 0, 0), outside = ball(w, 5, 0, 0);
        BodyId wall = w.addBody(BodySpec.fixed(new Box(0.5, 0.5, 0.5)).withPosition(new Vector3d(0.5, 0, 0)));
        w.setVelocity(in, new Vector3d(1, 0, 0), new Vector3d());
        // interior kinematic (2), exterior: leave alone unless it is not dynamic -> make those dynamic (4)
        w.applyField(Fields.Target.DYNAMIC_STATE, Fields.radialIntMask(new Vector3d(), 1, 2, 4), FieldOptions.once());
        w.step();
        BodyStore b = w.kernel().bodies();
        assertThat(b.motion(b.slot(in.handle()))).isEqualTo(MotionType.KINEMATIC);
        assertThat(w.linearVelocity(in, new Vector3d()).length()).isZero();
        assertThat(b.motion(b.slot(outside.handle()))).isEqualTo(MotionType.DYNAMIC);
        assertThat(b.motion(b.slot(wall.handle()))).as("inside, but the static wall becomes kinematic")
                .isEqualTo(MotionType.KINEMATIC);
        // everything dynamic: the ball gets its mass back, the massless wall is refused
        w.applyField(Fields.Target.DYNAMIC_STATE, Fields.uniformInteger(4), FieldOptions.once());
        w.step();
        assertThat(b.motion(b.slot(in.handle()))).isEqualTo(MotionType.DYNAMIC);
        assertThat(b.invMass[b.slot(in.handle())]).isEqualTo(0.5);
        assertThat(b.motion(b.slot(wall.handle()))).isEqualTo(MotionType.KINEMATIC);
    }

    @Test
    void collisionGroupMinusOneGhostsThroughTheGround() {
        PhysicsWorld w = world(1);
        w.addBody(BodySpec.fixed(new Box(10, 0.5, 10)).withPosition(new Vector3d(0, -0.5, 0)));
        BodyId ghost = w.addBody(BodySpec.dynamic(new Sphere(0.25)).withPosition(new Vector3d(0, 1, 0)));
        BodyId solid = w.addBody(BodySpec.dynamic(new Sphere(0.25)).withPosition(new Vector3d(3, 1, 0)));
        w.applyField(Fields.Target.COLLISION_GROUP, Fields.radialIntMask(new Vector3d(0, 1, 0), 1, -1, 0)
                .with("setMask", "always"), FieldOptions.once().object("rigid").state("dynamic"));
        for (int i = 0; i < 120; i++) {
            w.step();
        }
        Vector3d p = new Vector3d();
        assertThat(w.position(ghost, p).y).isLessThan(-5);
        assertThat(w.position(solid, p).y).isCloseTo(0.25, within(0.02));
    }

    @Test
    void disableThresholdDisablesSlowBodies() {
        PhysicsWorld w = world(1);
        BodyId slow = ball(w, 0, 0, 0), fast = ball(w, 2, 0, 0);
        w.setVelocity(slow, new Vector3d(0.1, 0, 0), new Vector3d());
        w.setVelocity(fast, new Vector3d(5, 0, 0), new Vector3d());
        w.applyField(Fields.Target.DISABLE_THRESHOLD, Fields.uniformScalar(0.5), FieldOptions.once());
        w.step();
        assertThat(state(w, slow)).isEqualTo(BodyState.DISABLED);
        assertThat(state(w, fast)).isEqualTo(BodyState.AWAKE);
    }

    @Test
    void waveAtTimeZeroIsFiniteAndMovesOut() {
        PhysicsWorld w = world(1);
        BodyId a = ball(w, 2.5, 0, 0);
        // a cosine wave of wavelength 10 m, period 1 s as a persistent velocity magnitude along x
        Field wave = Fields.uniformVector(new Vector3d(1, 0, 0), 1)
                .times(Fields.waveScalar(new Vector3d(), 10, 1));
        w.applyField(Fields.Target.LINEAR_VELOCITY, wave, FieldOptions.persistent("wave"));
        w.step();
        // at t = 0: cos(k (d - 0)) = cos(pi/2) = 0 at d = 2.5 m
        assertThat(w.linearVelocity(a, new Vector3d()).x).isCloseTo(0, within(1e-12));
        w.step();
        // t = 1/60 s: R = 10/60 m, cos(2 pi/10 (2.5 - 1/6))
        assertThat(w.linearVelocity(a, new Vector3d()).x).isCloseTo(Math.cos(2 * Math.PI / 10 * (2.5 - 10.0 / 60)),
                within(1e-12));
    }

    @Test
    void badFieldsAreRefusedWhenAppliedAndChangeNothing() {
        PhysicsWorld w = world(1);
        BodyId a = ball(w, 0, 0, 0);
        assertThatThrownBy(() -> w.applyField(Fields.Target.LINEAR_VELOCITY, Fields.node("tornado"), FieldOptions.once()))
                .hasMessageStartingWith("field.node = 'tornado': unknown field node; known: box-falloff,");
        assertThatThrownBy(() -> w.applyField(Fields.Target.LINEAR_VELOCITY, Fields.radialFalloff(new Vector3d(), 2),
                FieldOptions.once())).hasMessage("field gives scalar values; target 'linear-velocity' needs vector");
        assertThatThrownBy(() -> w.applyField(Fields.Target.KILL, Fields.radialFalloff(new Vector3d(), -2),
                FieldOptions.once())).hasMessage("field.radius = -2.0; allowed: finite, >= 0.0");
        assertThatThrownBy(() -> w.applyField(Fields.Target.LINEAR_VELOCITY, Fields.radialVector(new Vector3d())
                .times(Fields.radialFalloff(new Vector3d(), 1).magnitude(Double.NaN)), FieldOptions.once()))
                .hasMessage("field.right.magnitude = NaN; allowed: finite");
        assertThatThrownBy(() -> w.applyField(Fields.Target.KILL, Fields.returnResults("vector"), FieldOptions.once()))
                .hasMessageContaining("target 'kill' needs scalar");
        assertThatThrownBy(() -> FieldOptions.once().resolution("all")).hasMessage(
                "resolution = 'all'; allowed: minimal, disabled-parents, maximum");
        long before = w.stateHash();
        assertThat(w.kernel().context().queuedCommands()).isEmpty();
        w.step();
        assertThat(w.linearVelocity(a, new Vector3d()).length()).isZero();
        assertThat(before).isNotZero();
    }

    @Test
    void steadyStepsWithAPersistentFieldAllocateNothing() {
        PhysicsWorld w = world(2);
        List<BodyId> balls = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            balls.add(ball(w, (i % 20) * 0.7, 0, (i / 20) * 0.7));
        }
        Vector3d c = new Vector3d(7, 0, 3.5);
        w.applyField(Fields.Target.LINEAR_FORCE, Fields.randomVector(3).times(Fields.radialFalloff(c, 4).magnitude(0.5))
                .plus(Fields.uniformVector(new Vector3d(0, 1, 0), 0).times(Fields.noise(5, 0, 1))),
                FieldOptions.persistent("storm"));
        w.applyField(Fields.Target.SLEEPING_THRESHOLD, Fields.uniformScalar(0.01)
                .onlyWhere(Fields.radialFalloff(c, 2)), FieldOptions.persistent("calm"));
        for (int i = 0; i < 300; i++) {
            w.step();
        }
        var mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long tid = Thread.currentThread().getId();
        long quietest = Long.MAX_VALUE;
        for (int round = 0; round < 5; round++) {
            long before = mx.getThreadAllocatedBytes(tid);
            for (int i = 0; i < 100; i++) {
                w.step();
            }
            quietest = Math.min(quietest, mx.getThreadAllocatedBytes(tid) - before);
        }
        assertThat(quietest).as("bytes allocated by 100 steps with two persistent fields, quietest of 5 rounds").isZero();
        assertThat(w.kernel().context().fields.lastSamples()).isGreaterThan(0);
    }
}
