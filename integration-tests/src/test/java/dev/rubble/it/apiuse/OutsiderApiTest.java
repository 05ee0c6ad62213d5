package dev.rubble.it.apiuse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.api.BodyId;
import dev.rubble.api.BodySpec;
import dev.rubble.api.FieldOptions;
import dev.rubble.api.Fields;
import dev.rubble.api.PhysicsWorld;
import dev.rubble.api.Rubble;
import dev.rubble.api.WorldConfig;
import dev.rubble.spi.shape.Sphere;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * An embedder's pass over docs/java-api.md: what the document promises, checked against values worked
 * out by hand (uniform motion in zero gravity, the accumulator arithmetic of the game loop).
 */
final class OutsiderApiTest {
    private static final double DT = 1.0 / 60;

    @Test
    void interpolatedPosesAfterManualStepsAreThePosesNow() {
        PhysicsWorld world = Rubble.newWorld(WorldConfig.defaults().withGravity(new Vector3d()));
        BodyId ball = world.addBody(BodySpec.dynamic(new Sphere(0.5))
                .withLinearVelocity(new Vector3d(6, 0, 0)).withAngularVelocity(new Vector3d(0, 0, 1)));
        assertThat(world.update(0.025)).isEqualTo(1); // 1.5 steps of time: one step, half a step left
        assertThat(world.interpolationAlpha()).isCloseTo(0.5, within(1e-12));
        Vector3d p = new Vector3d();
        assertThat(world.interpolatedPosition(ball, p).x).as("half way through the step update took")
                .isCloseTo(6 * DT / 2, within(1e-12));

        world.step(10); // a paused game advancing frame by frame
        Vector3d now = world.position(ball, new Vector3d());
        assertThat(now.x).isCloseTo(6 * 11 * DT, within(1e-12));
        assertThat(world.interpolatedPosition(ball, p)).as("drawn where it is, not half way back along 10 steps")
                .isEqualTo(now);
        Quaterniond q = world.orientation(ball, new Quaterniond());
        assertThat(world.interpolatedOrientation(ball, new Quaterniond())).isEqualTo(q);

        assertThat(world.update(DT)).isEqualTo(1); // half a step left over + one step: one step, half left
        assertThat(world.interpolatedPosition(ball, p).x).as("between steps 11 and 12 again")
                .isCloseTo(6 * 11.5 * DT, within(1e-12));
    }

    /** A ball at rest in zero gravity, killed by a field: disabled, still a live body. */
    private static PhysicsWorld killedBall(BodyId[] ball) {
        PhysicsWorld world = Rubble.newWorld(WorldConfig.defaults().withGravity(new Vector3d()));
        ball[0] = world.addBody(BodySpec.dynamic(new Sphere(0.5)).withMass(10).withPosition(new Vector3d(0, 2, 0)));
        world.applyField(Fields.Target.KILL, Fields.radialFalloff(new Vector3d(0, 2, 0), 1), FieldOptions.once());
        world.step();
        return world;
    }

    private static void enable(PhysicsWorld world) {
        world.applyField(Fields.Target.ACTIVATE_DISABLED, Fields.uniformInteger(0), FieldOptions.once().state("disabled"));
        world.step();
    }

    @Test
    void aKilledBodyIgnoresImpulsesAsItIgnoresForcesAndTorques() {
        // docs/fields.md: "Static, kinematic and disabled bodies ignore velocity, impulse, force and torque";
        // PhysicsWorld.applyForce: "static, kinematic and disabled bodies ignore it". An impulse was written
        // into the disabled body's velocity instead, and the body flew off with it once enabled again.
        BodyId[] b = new BodyId[1];
        PhysicsWorld world = killedBall(b);
        BodyId ball = b[0];
        world.applyImpulse(ball, new Vector3d(0, 10, 0));                         // 1 m/s on 10 kg, were it applied
        world.applyImpulse(ball, new Vector3d(0, 0, 10), new Vector3d(0.5, 2, 0)); // and a spin
        world.applyForce(ball, new Vector3d(0, 600, 0));                           // ignored already
        world.step();
        assertThat(world.linearVelocity(ball, new Vector3d())).isEqualTo(new Vector3d());
        assertThat(world.angularVelocity(ball, new Vector3d())).isEqualTo(new Vector3d());
        enable(world);
        world.step(10);
        assertThat(world.position(ball, new Vector3d())).as("enabled again, at rest where it was killed")
                .isEqualTo(new Vector3d(0, 2, 0));
    }

    @Test
    void aFieldNodeWhoseParameterNameIsNotAStringIsRefusedNamingIt() {
        // Fields.node(type, key, value, ...) threw a ClassCastException from inside the builder
        assertThatThrownBy(() -> Fields.node("radial-falloff", "radius", 2.0, 3, 4.0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("parameter name at position 2 = 3 (Integer); allowed: a String, the parameter names and values alternate");
        assertThatThrownBy(() -> Fields.node("radial-falloff", null, 4.0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("parameter name at position 0 = null; allowed: a String, the parameter names and values alternate");
        assertThat(Fields.node("radial-falloff", "radius", 2.0, "magnitude", 3.0).toString())
                .isEqualTo("radial-falloff{magnitude=3.0, radius=2.0}");
    }
}
