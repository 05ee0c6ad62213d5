package dev.rubble.api;

import dev.rubble.core.command.FieldSpec;
import java.util.Objects;
import org.joml.Vector3dc;

/**
 * Builds fields (docs/fields.md): one factory per built-in node type, {@link #node} for any other
 * (a plugin's), and the targets and options of {@link PhysicsWorld#applyField}. For example, the
 * explosion recipe's velocity part:
 * <pre>{@code
 * Field push = Fields.radialVector(centre).times(Fields.radialFalloff(centre, 3).magnitude(12));
 * world.applyField(Fields.Target.LINEAR_VELOCITY, push, FieldOptions.once());
 * }</pre>
 */
public final class Fields {
    private Fields() {
    }

    /** The physics quantity a field writes (docs/fields.md, "Targets"). */
    public enum Target {
        /** Integer: 1 sleeping, 2 kinematic, 3 static, 4 dynamic; other values are ignored. */
        DYNAMIC_STATE("dynamic-state"),
        /** Integer: a disabled body whose value is 0 is enabled again. */
        ACTIVATE_DISABLED("activate-disabled"),
        /** Integer: -1 collides with nothing, 0 with everything, 1..30 with group 0 and its own group. */
        COLLISION_GROUP("collision-group"),
        /** Scalar: held pieces' external strain becomes at least the value (thresholds' units); ≤ 0 ignored. */
        EXTERNAL_CLUSTER_STRAIN("external-cluster-strain"),
        /** Scalar: added to held pieces' internal strain (their threshold), floor 0. */
        INTERNAL_CLUSTER_STRAIN("internal-cluster-strain"),
        /** Scalar: a value &gt; 0 disables the body. */
        KILL("kill"),
        /** Scalar: the body's own sleep threshold, m/s (and rad/s). */
        SLEEPING_THRESHOLD("sleeping-threshold"),
        /** Scalar: the body's own disable threshold, m/s (and rad/s); 0 = never. */
        DISABLE_THRESHOLD("disable-threshold"),
        /** Vector: added to dynamic bodies' linear velocity, m/s. */
        LINEAR_VELOCITY("linear-velocity"),
        /** Vector: added to dynamic bodies' angular velocity, rad/s. */
        ANGULAR_VELOCITY("angular-velocity"),
        /** Vector: an impulse, N·s ({@code v += value / m}). */
        LINEAR_IMPULSE("linear-impulse"),
        /** Vector: a force, N, applied on every sub-step of the step. */
        LINEAR_FORCE("linear-force"),
        /** Vector: a torque, N·m, applied on every sub-step of the step. */
        ANGULAR_TORQUE("angular-torque");

        final String label;

        Target(String label) {
            this.label = label;
        }

        /**
         * The target's name in scenario files.
         * @return the label, e.g. {@code linear-velocity}
         */
        public String label() {
            return label;
        }
    }

    /**
     * A node of any loaded type with parameters as key, value pairs (values: numbers, strings, booleans, JOML
     * vectors, fields).
     * @param type a loaded field node type, e.g. {@code radial-falloff}
     * @param keyValues alternating parameter names and values
     * @return the node
     * @throws IllegalArgumentException when the items do not pair up, or a name is not a String
     */
    public static Field node(String type, Object... keyValues) {
        Objects.requireNonNull(type, "type is null");
        Field f = new Field(FieldSpec.of(type));
        if (keyValues.length % 2 != 0) {
            throw new IllegalArgumentException("parameters come in key, value pairs; got " + keyValues.length + " items");
        }
        for (int i = 0; i < keyValues.length; i += 2) {
            if (!(keyValues[i] instanceof String key)) {
                throw new IllegalArgumentException("parameter name at position " + i + " = " + keyValues[i]
                        + (keyValues[i] == null ? "" : " (" + keyValues[i].getClass().getSimpleName() + ")")
                        + "; allowed: a String, the parameter names and values alternate");
            }
            f = f.with(key, keyValues[i + 1]);
        }
        return f;
    }

    /**
     * The same integer everywhere (a state, a collision group, a mask value).
     * @param value the value
     * @return the node
     */
    public static Field uniformInteger(int value) {
        return node("uniform-integer", "magnitude", (long) value);
    }

    /**
     * The same scalar everywhere (a strain, a threshold).
     * @param value the value
     * @return the node
     */
    public static Field uniformScalar(double value) {
        return node("uniform-scalar", "magnitude", value);
    }

    /**
     * {@code magnitude · direction} everywhere (not normalised).
     * @param direction the vector's direction
     * @param magnitude its length multiplier
     * @return the node
     */
    public static Field uniformVector(Vector3dc direction, double magnitude) {
        return node("uniform-vector", "direction", direction, "magnitude", magnitude);
    }

    /**
     * interior inside the sphere, exterior outside.
     * @param centre the sphere's centre, metres
     * @param radius the sphere's radius, metres, ≥ 0
     * @param interior the value inside
     * @param exterior the value outside
     * @return the node
     */
    public static Field radialIntMask(Vector3dc centre, double radius, int interior, int exterior) {
        return node("radial-int-mask", "position", centre, "radius", radius, "interior", (long) interior,
                "exterior", (long) exterior);
    }

    /**
     * 1 at the centre falling linearly to 0 at {@code radius} (set magnitude, falloff, range, default).
     * @param centre the centre, metres
     * @param radius the radius, metres, &gt; 0
     * @return the node
     */
    public static Field radialFalloff(Vector3dc centre, double radius) {
        return node("radial-falloff", "position", centre, "radius", radius);
    }

    /**
     * 1 on the plane falling to 0 at {@code distance} behind it (opposite the normal).
     * @param point a point on the plane, metres
     * @param normal the plane's normal
     * @param distance the falloff's depth, metres, &gt; 0
     * @return the node
     */
    public static Field planeFalloff(Vector3dc point, Vector3dc normal, double distance) {
        return node("plane-falloff", "position", point, "normal", normal, "distance", distance);
    }

    /**
     * 1 at the centre of a box of edge lengths {@code size} (m) falling to 0 on its faces.
     * @param centre the box's centre, metres
     * @param size the box's edge lengths, metres
     * @return the node
     */
    public static Field boxFalloff(Vector3dc centre, Vector3dc size) {
        return node("box-falloff", "position", centre, "scale", size);
    }

    /**
     * A wave from {@code centre} whose front moves at wavelength / period (set function: cosine, gaussian,
     * falloff, decay).
     * @param centre the wave's origin, metres
     * @param wavelength metres, &gt; 0
     * @param period seconds, &gt; 0
     * @return the node
     */
    public static Field waveScalar(Vector3dc centre, double wavelength, double period) {
        return node("wave-scalar", "position", centre, "wavelength", wavelength, "period", period);
    }

    /**
     * Seeded Perlin noise between min and max, one tile per metre (set scale to change).
     * @param seed the noise seed
     * @param min the smallest value
     * @param max the largest value
     * @return the node
     */
    public static Field noise(long seed, double min, double max) {
        return node("noise", "seed", seed, "min", min, "max", max);
    }

    /**
     * Unit vectors pointing away from {@code centre}.
     * @param centre the centre, metres
     * @return the node
     */
    public static Field radialVector(Vector3dc centre) {
        return node("radial-vector", "position", centre);
    }

    /**
     * Radial unit vectors turned by {@code degrees} about {@code axis} (90°: a vortex).
     * @param centre the centre, metres
     * @param axis the rotation axis
     * @param degrees the turn, degrees
     * @return the node
     */
    public static Field rotatedRadialVector(Vector3dc centre, Vector3dc axis, double degrees) {
        return node("rotated-radial-vector", "position", centre, "axis", axis, "angle", degrees);
    }

    /**
     * Seeded random unit vectors, one per body (the same for a body on every run).
     * @param seed the seed
     * @return the node
     */
    public static Field randomVector(long seed) {
        return node("random-vector", "seed", seed);
    }

    /**
     * The target's current values (integer, scalar or vector), for operators.
     * @param type {@code integer}, {@code scalar} or {@code vector}
     * @return the node
     */
    public static Field returnResults(String type) {
        return node("return-results", "type", type);
    }
}
