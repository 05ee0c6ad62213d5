package dev.rubble.it.peers;

import dev.rubble.api.BodyId;
import dev.rubble.api.BodySpec;
import dev.rubble.api.PhysicsWorld;
import dev.rubble.api.Rubble;
import dev.rubble.api.WorldConfig;
import dev.rubble.spi.shape.Box;
import org.joml.Vector3d;

/**
 * What the peers' test fixtures build, through Rubble's public API: Jolt's {@code PhysicsTestContext}
 * (a world of a given step and collision-step count, a floor box of half extents (100, 1, 100) whose top is
 * at y = 0) and Box2D's ground (a box whose top is at y = 0).
 */
final class PeerWorlds {
    /** Jolt's {@code cGravity} in its PhysicsTests.cpp and the Rubble default. */
    static final double G = 9.81;

    private PeerWorlds() {
    }

    /**
     * Jolt's {@code PhysicsTestContext(inDeltaTime, inCollisionSteps)}: a step of {@code subSteps / 60} s split
     * into {@code subSteps} sub-steps, so every sub-step is 1/60 s as in Jolt's contexts c1, c2 and c4.
     */
    static PhysicsWorld jolt(int subSteps) {
        return Rubble.newWorld(WorldConfig.defaults().withTimeStep(subSteps / 60.0, subSteps));
    }

    /** A Jolt context with gravity switched off ({@code ZeroGravity()}). */
    static PhysicsWorld joltZeroGravity(int subSteps) {
        return Rubble.newWorld(WorldConfig.defaults().withTimeStep(subSteps / 60.0, subSteps)
                .withGravity(new Vector3d()));
    }

    /** Jolt's {@code CreateFloor()}: a static box of half extents (100, 1, 100) at (0, -1, 0), top face at y = 0. */
    static BodyId floor(PhysicsWorld w, double friction, double restitution) {
        return w.addBody(BodySpec.fixed(new Box(100, 1, 100)).withPosition(new Vector3d(0, -1, 0))
                .withMaterial(friction, restitution));
    }

    static Vector3d position(PhysicsWorld w, BodyId b) {
        return w.position(b, new Vector3d());
    }

    static Vector3d velocity(PhysicsWorld w, BodyId b) {
        return w.linearVelocity(b, new Vector3d());
    }

    static Vector3d spin(PhysicsWorld w, BodyId b) {
        return w.angularVelocity(b, new Vector3d());
    }
}
