package dev.rubble.core.step;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.body.BodyDef;
import dev.rubble.core.command.Command;
import dev.rubble.core.world.World;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.core.plugin.Stages;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Sphere;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Issue 11 item 1: no tunnelling in a body's first step. A sphere of radius 0.1 m starts 0.3 m
 * in front of a 0.1 m thick plate (static, or dynamic and free) moving towards it at 20 to
 * 400 m/s (0.33 to 6.7 m per 60 Hz step, the plate 0.1 m): whichever way it got its velocity
 * (created with it, spawned by a command, spawned during a step, velocity command, impulse,
 * woken by a command, carried by a kinematic body), it must end on the near side of the plate:
 * a contact stops it or the plate is pushed ahead of it. Real narrowphase, one sub-step, no gravity.
 */
final class FirstStepTunnellingTest {
    private static final Stages STAGES = Stages.load();
    private static final double R = 0.1, GAP = 0.3, HALF = 0.05;

    @AfterEach
    void clearHook() {
        SpawningBroadphasePlugin.hook = null;
    }

    private static WorldSettings settings(boolean spawner) {
        WorldSettings s = WorldSettings.defaults().withGravity(0, 0, 0);
        s = s.withDynamics(s.dynamics().withSleep(false, 0.05, 0.05, 0.5));
        return spawner ? s.withStage("broadphase", "test-spawner") : s;
    }

    /** The plate: x in [-HALF, HALF], 4 m square; the sphere comes from -x. */
    private static long plate(World w, boolean dynamic) {
        BodyDef def = BodyDef.of(new Box(HALF, 2, 2)).withLabel("plate").withMaterial(0.5, 0);
        return w.createBody(dynamic ? def.withMass(1) : def.withMotion(MotionType.STATIC));
    }

    private static final double START = -HALF - GAP - R;

    private static BodyDef ball() {
        return BodyDef.of(new Sphere(R)).withLabel("ball").withMass(1).withPosition(START, 0, 0).withMaterial(0.5, 0);
    }

    /**
     * Steps 30 times; the ball must never be past the plate's near face by more than a contact's
     * depth (1 cm; it would otherwise be metres past it) relative to the plate.
     */
    private static void assertNeverPasses(World w, String path, double speed) {
        BodyStore b = w.bodies();
        double worst = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < 30; i++) {
            w.step();
            long ball = w.findByLabel("ball");
            if (ball < 0) {
                continue; // spawned during a step: not there yet
            }
            int s = b.slot(ball), p = b.slot(w.findByLabel("plate"));
            // depth of the ball's front past the plate's near face (positive = inside or through)
            double depth = (b.px[s] + R) - (b.px[p] - HALF);
            worst = Math.max(worst, depth);
        }
        assertThat(w.findByLabel("ball")).isNotEqualTo(-1);
        assertThat(worst).as("%s at %s m/s: deepest past the plate's face", path, speed).isLessThan(0.01);
    }

    @ParameterizedTest(name = "{0} m/s, dynamic plate {1}")
    @CsvSource({"20, false", "100, false", "250, false", "400, false", "20, true", "100, true", "250, true", "400, true"})
    void createdMoving(double speed, boolean dynamicPlate) {
        World w = World.create(settings(false), STAGES);
        plate(w, dynamicPlate);
        w.createBody(ball().withLinearVelocity(speed, 0, 0));
        assertNeverPasses(w, "created", speed);
    }

    @ParameterizedTest(name = "{0} m/s, dynamic plate {1}")
    @CsvSource({"20, false", "250, false", "400, false", "20, true", "400, true"})
    void spawnedByACommand(double speed, boolean dynamicPlate) {
        World w = World.create(settings(false), STAGES);
        plate(w, dynamicPlate);
        w.step();
        w.queue(new Command.Spawn(ball().withLinearVelocity(speed, 0, 0)));
        assertNeverPasses(w, "spawn command", speed);
    }

    @ParameterizedTest(name = "{0} m/s, dynamic plate {1}")
    @CsvSource({"20, false", "250, false", "400, false", "20, true", "400, true"})
    void spawnedDuringAStep(double speed, boolean dynamicPlate) {
        World w = World.create(settings(true), STAGES);
        plate(w, dynamicPlate);
        w.step();
        SpawningBroadphasePlugin.hook = () -> {
            w.createBody(ball().withLinearVelocity(speed, 0, 0)); // debris released by a break, mid-step
            SpawningBroadphasePlugin.hook = null;
        };
        assertNeverPasses(w, "spawned during a step", speed);
    }

    @ParameterizedTest(name = "{0} m/s, dynamic plate {1}")
    @CsvSource({"20, false", "250, false", "300, false", "400, false", "20, true", "400, true"})
    void velocitySetByACommand(double speed, boolean dynamicPlate) {
        World w = World.create(settings(false), STAGES);
        plate(w, dynamicPlate);
        long ball = w.createBody(ball());
        w.step();
        w.queue(new Command.SetVelocity(ball, speed, 0, 0, 0, 0, 0));
        assertNeverPasses(w, "velocity command", speed);
    }

    @ParameterizedTest(name = "{0} m/s, dynamic plate {1}")
    @CsvSource({"20, false", "250, false", "400, false", "20, true", "400, true"})
    void impulsed(double speed, boolean dynamicPlate) {
        World w = World.create(settings(false), STAGES);
        plate(w, dynamicPlate);
        long ball = w.createBody(ball());
        w.step();
        w.queue(new Command.ApplyImpulse(ball, speed * 1, 0, 0, START, 0, 0)); // J = m v through the centre
        assertNeverPasses(w, "impulse", speed);
    }

    @ParameterizedTest(name = "{0} m/s, dynamic plate {1}")
    @CsvSource({"20, false", "400, false", "400, true"})
    void wokenByACommand(double speed, boolean dynamicPlate) {
        World w = World.create(settings(false), STAGES);
        plate(w, dynamicPlate);
        long ball = w.createBody(ball().withAsleep(true));
        w.step();
        assertThat(w.bodies().state(w.bodies().slot(ball))).isEqualTo(BodyState.SLEEPING);
        w.queue(new Command.SetVelocity(ball, speed, 0, 0, 0, 0, 0));
        assertNeverPasses(w, "woken", speed);
    }

    /**
     * A kinematic plate sent to a target 0.3 m + v dt ahead, through a resting dynamic ball: the ball
     * must be pushed ahead of the plate, not left behind it.
     */
    @ParameterizedTest(name = "{0} m/s")
    @CsvSource({"20", "250", "400"})
    void kinematicTargetSweepsTheBallAhead(double speed) {
        World w = World.create(settings(false), STAGES);
        double dt = w.settings().dt();
        // kinematic plate at x = 0; the ball rests GAP + R ahead of its front face (+x side)
        long plate = w.createBody(BodyDef.of(new Box(HALF, 2, 2)).withMotion(MotionType.KINEMATIC).withLabel("kplate"));
        long ball = w.createBody(BodyDef.of(new Sphere(R)).withMass(1).withPosition(HALF + GAP + R, 0, 0));
        w.step();
        BodyStore b = w.bodies();
        int p = b.slot(plate), s = b.slot(ball);
        double x = 0;
        for (int i = 0; i < 5; i++) {
            x += speed * dt;
            w.queue(new Command.SetKinematicTarget(plate, x, 0, 0, 0, 0, 0, 1));
            w.step();
            // the ball's back never behind the plate's front face (by more than a contact's depth)
            assertThat((b.px[p] + HALF) - (b.px[s] - R)).as("kinematic at %s m/s, step %s", speed, i).isLessThan(0.01);
        }
    }
}
