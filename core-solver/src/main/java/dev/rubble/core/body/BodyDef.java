package dev.rubble.core.body;

import dev.rubble.core.body.MotionType;
import dev.rubble.spi.shape.Shape;
import java.util.Objects;

/**
 * Everything needed to create a body. Immutable; build one with {@link #of(Shape)} and the
 * {@code with...} methods. Units: metres, kilograms, seconds, radians.
 *
 * @param label          a user name (may be null), reported in outputs
 * @param shape          collision shape, not null
 * @param motion         static, kinematic or dynamic
 * @param asleep         start asleep (dynamic bodies only)
 * @param x              origin position
 * @param qx             orientation quaternion (normalised on creation)
 * @param vx             linear velocity of the centre of mass, m/s
 * @param wx             angular velocity, rad/s
 * @param mass           kg; if > 0 it overrides density
 * @param density        kg/m³, used when mass is 0
 * @param friction       Coulomb friction coefficient, >= 0
 * @param restitution    in [0, 1]
 * @param gravityScale   multiplies world gravity
 * @param linearDamping  1/s, >= 0
 * @param angularDamping 1/s, >= 0
 */
public record BodyDef(String label, Shape shape, MotionType motion, boolean asleep,
                      double x, double y, double z, double qx, double qy, double qz, double qw,
                      double vx, double vy, double vz, double wx, double wy, double wz,
                      double mass, double density, double friction, double restitution,
                      double gravityScale, double linearDamping, double angularDamping) {

    public BodyDef {
        Objects.requireNonNull(shape, "shape is null");
        Objects.requireNonNull(motion, "motion is null");
        finite("position", x, y, z);
        finite("orientation", qx, qy, qz, qw);
        finite("linearVelocity", vx, vy, vz);
        finite("angularVelocity", wx, wy, wz);
        double len2 = qx * qx + qy * qy + qz * qz + qw * qw;
        if (len2 < 1e-12) {
            throw new IllegalArgumentException("orientation = [" + qx + ", " + qy + ", " + qz + ", " + qw
                    + "] has zero length; allowed: a non-zero quaternion [x, y, z, w]");
        }
        if (Double.isInfinite(len2)) { // normalising would give (0, 0, 0, 0)
            throw new IllegalArgumentException("orientation = [" + qx + ", " + qy + ", " + qz + ", " + qw
                    + "] is too long to normalise; allowed: a quaternion [x, y, z, w] of length below 1e154");
        }
        range("mass", mass, 0, Double.MAX_VALUE);
        range("density", density, 0, Double.MAX_VALUE);
        if (motion == MotionType.DYNAMIC && mass == 0 && density == 0) {
            throw new IllegalArgumentException("a dynamic body needs mass > 0 or density > 0");
        }
        range("friction", friction, 0, Double.MAX_VALUE);
        range("restitution", restitution, 0, 1);
        range("gravityScale", gravityScale, -Double.MAX_VALUE, Double.MAX_VALUE);
        range("linearDamping", linearDamping, 0, Double.MAX_VALUE);
        range("angularDamping", angularDamping, 0, Double.MAX_VALUE);
        if (asleep && motion != MotionType.DYNAMIC) {
            throw new IllegalArgumentException("only a dynamic body can start asleep; this one is " + motion);
        }
    }

    private static void finite(String name, double... v) {
        for (double d : v) {
            if (!Double.isFinite(d)) {
                throw new IllegalArgumentException(name + " has a non-finite component " + d + "; allowed: finite numbers");
            }
        }
    }

    private static void range(String name, double v, double min, double max) {
        if (!(v >= min && v <= max)) {
            throw new IllegalArgumentException(name + " = " + v + "; allowed: [" + min + ", " + max + "]");
        }
    }

    /** A dynamic body of density 1000 kg/m³ at the origin, at rest. */
    public static BodyDef of(Shape shape) {
        return new BodyDef(null, shape, MotionType.DYNAMIC, false, 0, 0, 0, 0, 0, 0, 1,
                0, 0, 0, 0, 0, 0, 0, 1000, 0.5, 0, 1, 0, 0);
    }

    public BodyDef withLabel(String l) {
        return new BodyDef(l, shape, motion, asleep, x, y, z, qx, qy, qz, qw, vx, vy, vz, wx, wy, wz,
                mass, density, friction, restitution, gravityScale, linearDamping, angularDamping);
    }

    public BodyDef withMotion(MotionType m) {
        return new BodyDef(label, shape, m, asleep, x, y, z, qx, qy, qz, qw, vx, vy, vz, wx, wy, wz,
                mass, density, friction, restitution, gravityScale, linearDamping, angularDamping);
    }

    public BodyDef withAsleep(boolean a) {
        return new BodyDef(label, shape, motion, a, x, y, z, qx, qy, qz, qw, vx, vy, vz, wx, wy, wz,
                mass, density, friction, restitution, gravityScale, linearDamping, angularDamping);
    }

    public BodyDef withPosition(double px, double py, double pz) {
        return new BodyDef(label, shape, motion, asleep, px, py, pz, qx, qy, qz, qw, vx, vy, vz, wx, wy, wz,
                mass, density, friction, restitution, gravityScale, linearDamping, angularDamping);
    }

    public BodyDef withOrientation(double rx, double ry, double rz, double rw) {
        return new BodyDef(label, shape, motion, asleep, x, y, z, rx, ry, rz, rw, vx, vy, vz, wx, wy, wz,
                mass, density, friction, restitution, gravityScale, linearDamping, angularDamping);
    }

    public BodyDef withLinearVelocity(double lx, double ly, double lz) {
        return new BodyDef(label, shape, motion, asleep, x, y, z, qx, qy, qz, qw, lx, ly, lz, wx, wy, wz,
                mass, density, friction, restitution, gravityScale, linearDamping, angularDamping);
    }

    public BodyDef withAngularVelocity(double ax, double ay, double az) {
        return new BodyDef(label, shape, motion, asleep, x, y, z, qx, qy, qz, qw, vx, vy, vz, ax, ay, az,
                mass, density, friction, restitution, gravityScale, linearDamping, angularDamping);
    }

    public BodyDef withMass(double m) {
        return new BodyDef(label, shape, motion, asleep, x, y, z, qx, qy, qz, qw, vx, vy, vz, wx, wy, wz,
                m, density, friction, restitution, gravityScale, linearDamping, angularDamping);
    }

    public BodyDef withDensity(double d) {
        return new BodyDef(label, shape, motion, asleep, x, y, z, qx, qy, qz, qw, vx, vy, vz, wx, wy, wz,
                0, d, friction, restitution, gravityScale, linearDamping, angularDamping);
    }

    public BodyDef withMaterial(double f, double e) {
        return new BodyDef(label, shape, motion, asleep, x, y, z, qx, qy, qz, qw, vx, vy, vz, wx, wy, wz,
                mass, density, f, e, gravityScale, linearDamping, angularDamping);
    }

    public BodyDef withGravityScale(double g) {
        return new BodyDef(label, shape, motion, asleep, x, y, z, qx, qy, qz, qw, vx, vy, vz, wx, wy, wz,
                mass, density, friction, restitution, g, linearDamping, angularDamping);
    }

    public BodyDef withDamping(double linear, double angular) {
        return new BodyDef(label, shape, motion, asleep, x, y, z, qx, qy, qz, qw, vx, vy, vz, wx, wy, wz,
                mass, density, friction, restitution, gravityScale, linear, angular);
    }
}
