package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Capsule;
import dev.rubble.spi.shape.Compound;
import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.shape.Sphere;
import java.util.List;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * A ball or a lying capsule at rest on a dynamic box stays at rest. The body-pair contact cache replayed a
 * pair's contact points in each body's frame; a sphere's or capsule's contact point is not a material point
 * of it (it lies a radius from its core towards the other body, however the body has turned), so after a
 * tiny turn the replayed point lay off the line of the normal force, which turned the body further: a
 * frictionless ball on a box spun up to 0.12 rad/s, and with friction it rolled off the box (14 cm in 10 s;
 * a lying capsule 12 cm). Oracles: with no friction every contact force on a sphere passes through its
 * centre, and on a capsule lying on a level face through its axis, so the sphere's angular velocity and the
 * capsule's spin about its axis stay zero whatever the solver does; with friction a ball on a level face has
 * no horizontal force to roll it, and stays where it was set down (the box under it settles by 0.1 mm).
 */
final class RoundedCacheReplayTest {
    private static final Quaterniond LYING = new Quaterniond().rotateZ(Math.PI / 2); // capsule axis along x

    /** A 0.8 × 0.5 × 0.6 m box on the ground and {@code shape} (resting height {@code h}) centred on it. */
    private static BodyId[] scene(PhysicsWorld w, Shape shape, double h, Quaterniond q, double friction) {
        w.addBody(BodySpec.fixed(new Box(20, 0.5, 20)).withPosition(new Vector3d(0, -0.5, 0)).withMaterial(friction, 0));
        BodyId box = w.addBody(BodySpec.dynamic(new Box(0.4, 0.25, 0.3)).withPosition(new Vector3d(0, 0.25, 0))
                .withMaterial(friction, 0));
        BodyId top = w.addBody(BodySpec.dynamic(shape).withMass(1).withPosition(new Vector3d(0, 0.5 + h, 0))
                .withOrientation(q).withMaterial(friction, 0));
        return new BodyId[] {box, top};
    }

    @Test
    void aFrictionlessBallOnADynamicBoxNeverSpins() {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withSleeping(false));
        BodyId ball = scene(w, new Sphere(0.3), 0.3, new Quaterniond(), 0)[1];
        double most = 0;
        Vector3d omega = new Vector3d();
        for (int i = 0; i < 600; i++) {
            w.step();
            most = Math.max(most, w.angularVelocity(ball, omega).length());
        }
        assertThat(most).as("largest |ω| of the ball over 10 s, rad/s").isLessThan(1e-9); // was 0.116
    }

    @Test
    void aFrictionlessLyingCapsuleOnADynamicBoxNeverSpinsAboutItsAxis() {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withSleeping(false));
        BodyId pill = scene(w, new Capsule(0.2, 0.3), 0.2, LYING, 0)[1];
        double most = 0;
        Vector3d omega = new Vector3d();
        Vector3d axis = new Vector3d();
        Quaterniond q = new Quaterniond();
        for (int i = 0; i < 600; i++) {
            w.step();
            w.orientation(pill, q).transform(axis.set(0, 1, 0));
            most = Math.max(most, Math.abs(w.angularVelocity(pill, omega).dot(axis)));
        }
        assertThat(most).as("largest spin of the capsule about its axis over 10 s, rad/s").isLessThan(1e-9);
    }

    @Test
    void aFrictionlessDumbbellOfTwoBallsOnADynamicBoxNeverSpinsAboutItsBar() {
        // a compound's sphere children are rounded too: before, it spun up to 0.12 rad/s about its bar
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withSleeping(false));
        Shape dumbbell = new Compound(List.of(Compound.Child.at(new Sphere(0.15), -0.3, 0, 0),
                Compound.Child.at(new Sphere(0.15), 0.3, 0, 0)));
        BodyId bell = scene(w, dumbbell, 0.15, new Quaterniond(), 0)[1];
        double most = 0;
        Vector3d omega = new Vector3d();
        Vector3d bar = new Vector3d();
        Quaterniond q = new Quaterniond();
        for (int i = 0; i < 600; i++) {
            w.step();
            w.orientation(bell, q).transform(bar.set(1, 0, 0));
            most = Math.max(most, Math.abs(w.angularVelocity(bell, omega).dot(bar)));
        }
        assertThat(most).as("largest spin of the dumbbell about its bar over 10 s, rad/s").isLessThan(1e-9);
    }

    @Test
    void aBallAndALyingCapsuleOnADynamicBoxStayWhereTheyWereSetDown() {
        for (boolean capsule : new boolean[] {false, true}) {
            PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withSleeping(false));
            BodyId top = capsule ? scene(w, new Capsule(0.2, 0.3), 0.2, LYING, 0.5)[1]
                    : scene(w, new Sphere(0.3), 0.3, new Quaterniond(), 0.5)[1];
            w.step(600);
            Vector3d p = w.position(top, new Vector3d());
            assertThat(Math.hypot(p.x, p.z)).as("%s: horizontal drift after 10 s, m", capsule ? "capsule" : "ball")
                    .isLessThan(0.005); // was 0.14 (ball) and 0.12 (capsule), still rolling
            assertThat(w.linearVelocity(top, new Vector3d()).length()).isLessThan(0.001);
        }
    }
}
