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
        DYNAMIC_STATE("dynamic-state"), ACTIVATE_DISABLED("activate-disabled"), COLLISION_GROUP("collision-group"),
        EXTERNAL_CLUSTER_STRAIN("external-cluster-strain"), INTERNAL_CLUSTER_STRAIN("internal-cluster-strain"),
        KILL("kill"), SLEEPING_THRESHOLD("sleeping-threshold"), DISABLE_THRESHOLD("disable-threshold"),
        LINEAR_VELOCITY("linear-velocity"), ANGULAR_VELOCITY("angular-velocity"), LINEAR_IMPULSE("linear-impulse"),
        LINEAR_FORCE("linear-force"), ANGULAR_TORQUE("angular-torque");

        final String label;

        Target(String label) {
            this.label = label;
        }

        /** The target's name in scenario files. */
        public String label() {
            return label;
        }
    }

    /** A node of any loaded type with parameters as key, value pairs (values: numbers, strings, booleans, JOML vectors, fields). */
    public static Field node(String type, Object... keyValues) {
        Objects.requireNonNull(type, "type is null");
        Field f = new Field(FieldSpec.of(type));
        if (keyValues.length % 2 != 0) {
            throw new IllegalArgumentException("parameters come in key, value pairs; got " + keyValues.length + " items");
        }
        for (int i = 0; i < keyValues.length; i += 2) {
            f = f.with((String) keyValues[i], keyValues[i + 1]);
        }
        return f;
    }

    public static Field uniformInteger(int value) {
        return node("uniform-integer", "magnitude", (long) value);
    }

    public static Field uniformScalar(double value) {
        return node("uniform-scalar", "magnitude", value);
    }

    /** {@code magnitude · direction} everywhere (not normalised). */
    public static Field uniformVector(Vector3dc direction, double magnitude) {
        return node("uniform-vector", "direction", direction, "magnitude", magnitude);
    }

    /** interior inside the sphere, exterior outside. */
    public static Field radialIntMask(Vector3dc centre, double radius, int interior, int exterior) {
        return node("radial-int-mask", "position", centre, "radius", radius, "interior", (long) interior,
                "exterior", (long) exterior);
    }

    /** 1 at the centre falling linearly to 0 at {@code radius} (set magnitude, falloff, range, default). */
    public static Field radialFalloff(Vector3dc centre, double radius) {
        return node("radial-falloff", "position", centre, "radius", radius);
    }

    /** 1 on the plane falling to 0 at {@code distance} behind it (opposite the normal). */
    public static Field planeFalloff(Vector3dc point, Vector3dc normal, double distance) {
        return node("plane-falloff", "position", point, "normal", normal, "distance", distance);
    }

    /** 1 at the centre of a box of edge lengths {@code size} (m) falling to 0 on its faces. */
    public static Field boxFalloff(Vector3dc centre, Vector3dc size) {
        return node("box-falloff", "position", centre, "scale", size);
    }

    /** A wave from {@code centre} whose front moves at wavelength / period (set function: cosine, gaussian, falloff, decay). */
    public static Field waveScalar(Vector3dc centre, double wavelength, double period) {
        return node("wave-scalar", "position", centre, "wavelength", wavelength, "period", period);
    }

    /** Seeded Perlin noise between min and max, one tile per metre (set scale to change). */
    public static Field noise(long seed, double min, double max) {
        return node("noise", "seed", seed, "min", min, "max", max);
    }

    /** Unit vectors pointing away from {@code centre}. */
    public static Field radialVector(Vector3dc centre) {
        return node("radial-vector", "position", centre);
    }

    /** Radial unit vectors turned by {@code degrees} about {@code axis} (90°: a vortex). */
    public static Field rotatedRadialVector(Vector3dc centre, Vector3dc axis, double degrees) {
        return node("rotated-radial-vector", "position", centre, "axis", axis, "angle", degrees);
    }

    /** Seeded random unit vectors, one per body (the same for a body on every run). */
    public static Field randomVector(long seed) {
        return node("random-vector", "seed", seed);
    }

    /** The target's current values (integer, scalar or vector), for operators. */
    public static Field returnResults(String type) {
        return node("return-results", "type", type);
    }
}
