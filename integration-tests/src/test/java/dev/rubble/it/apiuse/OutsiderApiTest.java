package dev.rubble.it.apiuse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.api.BodyId;
import dev.rubble.api.BodySpec;
import dev.rubble.api.CollectionId;
import dev.rubble.api.EventFilter;
import dev.rubble.api.EventKind;
import dev.rubble.api.FieldOptions;
import dev.rubble.api.Fields;
import dev.rubble.api.PhysicsWorld;
import dev.rubble.api.Rubble;
import dev.rubble.api.WorldConfig;
import dev.rubble.api.WorldDestruction;
import dev.rubble.scenario.Scenarios;
import dev.rubble.spi.shape.Box;
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

    @Test
    void aTeleportedBodyIsDrawnWhereItLandsNotHalfWayThere() {
        // setPose between frames: update's next step moves it; with half a step left over the interpolated pose was
        // the blend of the pose before the jump and the pose after it, 50 m along the way it never travelled
        PhysicsWorld world = Rubble.newWorld(WorldConfig.defaults().withGravity(new Vector3d()));
        BodyId ball = world.addBody(BodySpec.dynamic(new Sphere(0.5)));
        BodyId still = world.addBody(BodySpec.dynamic(new Sphere(0.5)).withPosition(new Vector3d(0, 0, 5))
                .withLinearVelocity(new Vector3d(6, 0, 0)));
        assertThat(world.update(DT)).isEqualTo(1);
        world.setPose(ball, new Vector3d(100, 0, 0), new Quaterniond());
        assertThat(world.update(DT * 1.5 - 1e-9)).isEqualTo(1); // the step that moves it, half a step left
        Vector3d p = new Vector3d();
        assertThat(world.interpolatedPosition(ball, p)).as("where it landed").isEqualTo(new Vector3d(100, 0, 0));
        assertThat(world.interpolatedPosition(still, p).x).as("the others are still interpolated")
                .isCloseTo(6 * 1.5 * DT, within(1e-6));
        assertThat(world.update(DT)).isEqualTo(1); // and it is interpolated again from there on
        assertThat(world.interpolatedPosition(ball, p)).isEqualTo(new Vector3d(100, 0, 0));
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
    void aKilledBodyReadsAsDisabledAndIgnoresAVelocitySetWhileKilled() {
        // the API could not tell a killed body from a live one (contains true, isAsleep false); and a velocity set
        // while it was killed was stored and sent it off once enabled, unlike an impulse (docs/fields.md: disabled
        // bodies ignore velocity, impulse, force and torque)
        BodyId[] b = new BodyId[1];
        PhysicsWorld world = killedBall(b);
        BodyId ball = b[0];
        BodyId other = world.addBody(BodySpec.dynamic(new Sphere(0.5)).withMass(1).withPosition(new Vector3d(5, 2, 0)));
        world.step();
        assertThat(world.contains(ball)).isTrue();
        assertThat(world.isDisabled(ball)).as("killed").isTrue();
        assertThat(world.isDisabled(other)).as("outside the field").isFalse();
        world.setVelocity(ball, new Vector3d(3, 0, 0), new Vector3d(0, 1, 0));
        world.step();
        assertThat(world.linearVelocity(ball, new Vector3d())).isEqualTo(new Vector3d());
        enable(world);
        assertThat(world.isDisabled(ball)).as("enabled again").isFalse();
        world.step(10);
        assertThat(world.position(ball, new Vector3d())).as("at rest where it was killed").isEqualTo(new Vector3d(0, 2, 0));
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

    /** Break events of a wall in zero gravity whose leaf 3 is broken off at rest, with {@code filter} set for breaks. */
    private static int breaksWith(EventFilter filter) {
        PhysicsWorld world = Rubble.newWorld(WorldConfig.defaults().withGravity(new Vector3d()));
        var asset = WorldDestruction.fracture("{\"box\": [1.5, 1, 0.1], \"seed\": 7,"
                + " \"levels\": [{\"method\": \"voronoi\", \"options\": {\"count\": 8}}]}");
        CollectionId wall = world.destruction().place("wall", asset, new Vector3d(0, 1, 0), new Quaterniond(), null, null);
        world.setEvents(EventKind.BREAK, true);
        if (filter != null) {
            world.setEventFilter(EventKind.BREAK, filter);
        }
        world.destruction().applyStrain(wall, 3, Double.POSITIVE_INFINITY);
        world.step();
        return world.events().count(EventKind.BREAK);
    }

    @Test
    void anEventFilterMadeForAnotherKindIsRefusedInsteadOfFilteringWithThatKindsDefaults() {
        // EventFilter.defaults(HIT) carries the hit speed, 1 m/s, as minSpeed; set for breaks it silently
        // dropped every piece released slower than 1 m/s, i.e. every piece broken off a wall at rest
        int unfiltered = breaksWith(null);
        assertThat(unfiltered).as("leaf 3 and the cluster left behind").isEqualTo(2);
        assertThat(breaksWith(EventFilter.defaults(EventKind.BREAK).minMass(0))).isEqualTo(unfiltered);
        assertThatThrownBy(() -> breaksWith(EventFilter.defaults(EventKind.HIT).minMass(0)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("event filter for break = EventFilter[kind=hit, minMass=0.0, minSpeed=1.0,")
                .hasMessageContaining("allowed: a filter made for break (EventFilter.defaults(EventKind.BREAK)");
        PhysicsWorld world = Rubble.newWorld(WorldConfig.defaults());
        assertThat(world.eventFilter(EventKind.TRAILING).kind()).isEqualTo(EventKind.TRAILING);
        world.setEventFilter(EventKind.TRAILING, world.eventFilter(EventKind.TRAILING).maxResults(3)); // read, change, set
        assertThat(world.eventFilter(EventKind.TRAILING).maxResults()).isEqualTo(3);
    }

    @Test
    void aFixedBodyHasNoVelocityToDragWhatRestsOnIt() {
        // BodySpec.fixed "never moves", yet a velocity given to it (in its spec, by setVelocity, or in a scenario
        // file) was kept and read by the contacts: a box resting on a fixed floor "moving" at 1 m/s was dragged
        // along at 1 m/s by friction while the floor stayed where it was
        assertThatThrownBy(() -> BodySpec.fixed(new Box(10, 0.5, 10)).withLinearVelocity(new Vector3d(1, 0, 0)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("linearVelocity of a fixed body = (1.0, 0.0, 0.0) m/s; allowed: zero (a fixed body never moves;"
                        + " BodySpec.kinematic moves at its velocity)");
        assertThatThrownBy(() -> BodySpec.fixed(new Box(10, 0.5, 10)).withAngularVelocity(new Vector3d(0, 2, 0)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("angularVelocity of a fixed body = ");
        PhysicsWorld world = Rubble.newWorld(WorldConfig.defaults());
        BodyId floor = world.addBody(BodySpec.fixed(new Box(10, 0.5, 10)).withPosition(new Vector3d(0, -0.5, 0))
                .withLinearVelocity(new Vector3d())); // zero is fine
        BodyId box = world.addBody(BodySpec.dynamic(new Box(0.3, 0.3, 0.3)).withPosition(new Vector3d(0, 0.3, 0)));
        world.step(5);
        assertThatThrownBy(() -> world.setVelocity(floor, new Vector3d(1, 0, 0), new Vector3d()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("setVelocity of body " + floor + ", which is static; allowed: dynamic or kinematic bodies");

        // a scenario file's static body with a velocity is refused at load, naming the field (bad input, not ignored)
        assertThatThrownBy(() -> Scenarios.parse("""
                {"format": "rubble-scenario/1", "name": "belt",
                 "bodies": [
                   {"id": "floor", "state": "static", "shape": {"type": "box", "halfExtents": [10, 0.5, 10]},
                    "position": [0, -0.5, 0], "linearVelocity": [1, 0, 0]},
                   {"id": "box", "shape": {"type": "box", "halfExtents": [0.3, 0.3, 0.3]}, "position": [0, 0.3, 0]}]}""",
                Rubble.defaultPlugins())).hasMessageContaining("bodies[0].linearVelocity")
                .hasMessageContaining("not allowed for a static body");
        assertThat(world.position(box, new Vector3d()).y).isCloseTo(0.3, within(0.01));
    }
}
