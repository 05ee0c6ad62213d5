package dev.rubble.core.command;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.BodyState;
import java.util.Objects;

/**
 * An input to the world applied at the start of a step (the COMMANDS stage). Commands are what a
 * journal records as a step's inputs, so a replay can re-create every step exactly. Bodies are named
 * by handle; handles are deterministic, so a replay resolves them to the same bodies.
 */
public sealed interface Command {

    /** An impulse (N·s) applied at a world point (metres); wakes the body. */
    record ApplyImpulse(long body, double jx, double jy, double jz, double px, double py, double pz)
            implements Command {
    }

    /** Sets linear (m/s) and angular (rad/s) velocity; wakes the body. */
    record SetVelocity(long body, double vx, double vy, double vz, double wx, double wy, double wz)
            implements Command {
    }

    /** Moves a body into another state (awake, sleeping, static is not allowed for dynamic bodies, disabled). */
    record SetState(long body, BodyState state) implements Command {
        public SetState {
            Objects.requireNonNull(state, "state is null");
        }
    }

    /** Creates a body. */
    record Spawn(BodyDef def) implements Command {
        public Spawn {
            Objects.requireNonNull(def, "def is null");
        }
    }

    /** Removes a body. */
    record Remove(long body) implements Command {
    }

    /** Sets a kinematic body's target pose (origin position, orientation) to reach by the end of the step. */
    record SetKinematicTarget(long body, double x, double y, double z, double qx, double qy, double qz, double qw)
            implements Command {
    }

    /**
     * Teleports a body: places its origin at (x, y, z) with orientation (qx, qy, qz, qw)
     * (normalised when applied); velocities are kept. Wakes a sleeping body; a moved static body
     * wakes what rested on it at the old and the new place. Added for the public API
     * ({@code dev.rubble.api.PhysicsWorld#setPose}); journal tag 7.
     */
    record SetPose(long body, double x, double y, double z, double qx, double qy, double qz, double qw)
            implements Command {
        public SetPose {
            if (!Double.isFinite(x) || !Double.isFinite(y) || !Double.isFinite(z)) {
                throw new IllegalArgumentException("pose position = [" + x + ", " + y + ", " + z
                        + "]; allowed: finite numbers");
            }
            double len2 = qx * qx + qy * qy + qz * qz + qw * qw;
            if (!Double.isFinite(len2) || len2 < 1e-12) {
                throw new IllegalArgumentException("pose orientation = [" + qx + ", " + qy + ", " + qz + ", " + qw
                        + "]; allowed: a finite, non-zero quaternion [x, y, z, w]");
            }
        }
    }
}
