package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.spi.shape.Box;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * A kinematic body driven along a path by {@link PhysicsWorld#moveKinematic} carries what rests on it. Before,
 * the Java API could move a kinematic body only by {@code setVelocity} or {@code setPose}, and an embedder
 * animating a platform pose by pose used {@code setPose}, a teleport with no velocity: the platform slid out
 * from under its load (moved 2 m/s for 5 s, it left its box 10 m behind). Scenario files had the command
 * ({@code kinematicTarget}); the API had not.
 */
final class MoveKinematicTest {
    private static final double MU = 0.5;
    private static final double G = 9.81;

    @Test
    void aPlatformDrivenPoseByPoseCarriesItsBoxAfterTheSlipOfItsStart() {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
        BodyId platform = w.addBody(BodySpec.kinematic(new Box(3, 0.1, 3)).withPosition(new Vector3d(0, 0.9, 0))
                .withMaterial(MU, 0));
        BodyId box = w.addBody(BodySpec.dynamic(new Box(0.1, 0.1, 0.1)).withPosition(new Vector3d(0, 1.1, 0))
                .withMaterial(MU, 0));
        double v = 2, dt = w.timeStep();
        Quaterniond level = new Quaterniond();
        for (int i = 1; i <= 300; i++) {
            w.moveKinematic(platform, new Vector3d(v * dt * i, 0.9, 0), level);
            w.step();
        }
        Vector3d p = w.position(platform, new Vector3d());
        Vector3d b = w.position(box, new Vector3d());
        assertThat(p.x).as("the platform is where it was driven").isCloseTo(10, org.assertj.core.data.Offset.offset(1e-9));
        // the box starts at rest on a platform that starts at 2 m/s: it slides, decelerated relative to the
        // platform at μ g, until it moves with it, and lags by v² / (2 μ g) = 0.408 m; then it rides
        double lag = v * v / (2 * MU * G);
        assertThat(p.x - b.x).as("the box's lag behind its place on the platform, m").isBetween(lag - 0.03, lag + 0.03);
        assertThat(w.linearVelocity(box, new Vector3d()).x).as("it rides at the platform's speed").isCloseTo(v,
                org.assertj.core.data.Offset.offset(1e-6));
        assertThat(b.y).as("on the platform's top").isBetween(1.09, 1.1);
    }

    @Test
    void onlyAKinematicBodyTakesATargetAndItsPoseMustBeInRange() {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
        BodyId ball = w.addBody(BodySpec.dynamic(new Box(0.1, 0.1, 0.1)));
        BodyId platform = w.addBody(BodySpec.kinematic(new Box(1, 0.1, 1)).withPosition(new Vector3d(0, -2, 0)));
        assertThatThrownBy(() -> w.moveKinematic(ball, new Vector3d(), new Quaterniond()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("dynamic")
                .hasMessageContaining("allowed: kinematic bodies");
        assertThatThrownBy(() -> w.moveKinematic(platform, new Vector3d(Double.NaN, 0, 0), new Quaterniond()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("kinematic target position");
        assertThatThrownBy(() -> w.moveKinematic(platform, new Vector3d(), new Quaterniond(0, 0, 0, 0)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("kinematic target orientation");
        w.step(); // nothing was queued by the refused calls
        assertThat(w.position(platform, new Vector3d()).y).isEqualTo(-2);
    }
}
