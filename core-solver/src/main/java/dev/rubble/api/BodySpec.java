package dev.rubble.api;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.MotionType;
import dev.rubble.spi.shape.Shape;
import java.util.Objects;
import org.joml.Quaterniondc;
import org.joml.Vector3dc;

/**
 * What to create with {@link PhysicsWorld#addBody}: a shape (from {@code dev.rubble.spi.shape}:
 * {@code Sphere}, {@code Box}, {@code Capsule}, {@code ConvexHull}, {@code Compound},
 * {@code TriangleMesh}, {@code Plane}), how it moves, where it starts and what it is made of.
 * Immutable; each {@code with...} returns a validated copy (JOML arguments are copied, never kept).
 * Units: metres, kilograms, seconds, radians.
 *
 * <p>Defaults: at the origin, identity orientation, at rest, density 1000 kg/m³, friction 0.5,
 * restitution 0, gravity scale 1, no damping.
 */
public final class BodySpec {
    private final BodyDef def;

    /** Collision layer bits and the layers it collides with (issue 28); see {@link #withCollisionFilter}. */
    private final int layer, mask;

    private BodySpec(BodyDef def) {
        this(def, dev.rubble.core.body.BodyStore.DEFAULT_LAYER, dev.rubble.core.body.BodyStore.ALL_LAYERS);
    }

    private BodySpec(BodyDef def, int layer, int mask) {
        this.def = def;
        this.layer = layer;
        this.mask = mask;
    }

    private BodySpec copy(BodyDef d) {
        return new BodySpec(d, layer, mask);
    }

    /**
     * Collision filtering: the body is on the layers whose bits are set in {@code layer} and
     * collides with bodies on the layers in {@code mask}. Two bodies touch only when each one's
     * layer meets the other's mask ({@code (layerA & maskB) != 0 && (layerB & maskA) != 0}); other
     * pairs never get a contact and cost no narrowphase time (they are dropped before the pair is
     * tested). Scene queries select by layer too. Default: layer 1, mask all (-1): everything
     * collides. Example: debris on layer 2 that ignores other debris: {@code withCollisionFilter(2, ~2)}.
     * @param layer the layer bits this body is on (any int; 0 means it touches nothing)
     * @param mask the layer bits this body collides with
     * @return a copy of this spec with the filter set
     */
    public BodySpec withCollisionFilter(int layer, int mask) {
        return new BodySpec(def, layer, mask);
    }

    /**
     * The collision layer bits ({@link #withCollisionFilter}).
     * @return the layer bits, 1 (layer 0 only) by default
     */
    public int collisionLayer() {
        return layer;
    }

    /**
     * The layers this body collides with ({@link #withCollisionFilter}).
     * @return the mask bits, all set (-1) by default
     */
    public int collisionMask() {
        return mask;
    }

    /**
     * A body that moves under gravity, contacts and impulses.
     * @param shape the body's collision shape; compounds and hulls allowed, meshes and planes not
     * @return a new spec at the origin, at rest, density 1 000 kg/m³ unless changed
     */
    public static BodySpec dynamic(Shape shape) {
        return new BodySpec(BodyDef.of(Objects.requireNonNull(shape, "shape is null")));
    }

    /**
     * A body that never moves (ground, walls); infinite mass.
     * @param shape the body's collision shape; any shape, meshes and planes included
     * @return a new spec for a static body
     */
    public static BodySpec fixed(Shape shape) {
        return new BodySpec(BodyDef.of(Objects.requireNonNull(shape, "shape is null")).withMotion(MotionType.STATIC));
    }

    /**
     * A body moved only by its velocity (and kinematic targets); pushes dynamic bodies, never pushed.
     * @param shape the body's collision shape
     * @return a new spec for a kinematic body
     */
    public static BodySpec kinematic(Shape shape) {
        return new BodySpec(BodyDef.of(Objects.requireNonNull(shape, "shape is null")).withMotion(MotionType.KINEMATIC));
    }

    /**
     * Position of the body origin (the shape's origin), metres.
     * @param position where the shape's origin is, metres, world frame, each coordinate within
     *     ±{@link PhysicsWorld#MAX_COORDINATE}
     * @return a copy of this spec with the position set
     */
    public BodySpec withPosition(Vector3dc position) {
        Objects.requireNonNull(position, "position is null");
        PhysicsWorld.position("position", position.x(), position.y(), position.z());
        return copy(def.withPosition(position.x(), position.y(), position.z()));
    }

    /**
     * Orientation (normalised on creation; must be non-zero).
     * @param orientation world from body rotation
     * @return a copy of this spec with the orientation set
     */
    public BodySpec withOrientation(Quaterniondc orientation) {
        Objects.requireNonNull(orientation, "orientation is null");
        return copy(def.withOrientation(orientation.x(), orientation.y(), orientation.z(), orientation.w()));
    }

    /**
     * Linear velocity of the centre of mass, m/s.
     * @param velocity m/s, world frame (zero for a {@link #fixed} body, which never moves)
     * @return a copy of this spec with the linear velocity set
     * @throws IllegalArgumentException for a non-zero velocity of a fixed body
     */
    public BodySpec withLinearVelocity(Vector3dc velocity) {
        Objects.requireNonNull(velocity, "velocity is null");
        fixedStays("linearVelocity", velocity, "m/s");
        return copy(def.withLinearVelocity(velocity.x(), velocity.y(), velocity.z()));
    }

    /**
     * Angular velocity, rad/s, world frame.
     * @param velocity rad/s, world frame (zero for a {@link #fixed} body, which never moves)
     * @return a copy of this spec with the angular velocity set
     * @throws IllegalArgumentException for a non-zero velocity of a fixed body
     */
    public BodySpec withAngularVelocity(Vector3dc velocity) {
        Objects.requireNonNull(velocity, "velocity is null");
        fixedStays("angularVelocity", velocity, "rad/s");
        return copy(def.withAngularVelocity(velocity.x(), velocity.y(), velocity.z()));
    }

    /**
     * A fixed body never moves, so a velocity on it would only act on what touches it (an invisible
     * conveyor belt: a box resting on a fixed floor "moving" at 1 m/s was dragged along at 1 m/s).
     */
    private void fixedStays(String field, Vector3dc v, String unit) {
        if (def.motion() == dev.rubble.core.body.MotionType.STATIC && (v.x() != 0 || v.y() != 0 || v.z() != 0)) {
            throw new IllegalArgumentException(field + " of a fixed body = (" + v.x() + ", " + v.y() + ", " + v.z()
                    + ") " + unit + "; allowed: zero (a fixed body never moves; BodySpec.kinematic moves at its velocity)");
        }
    }

    /**
     * Mass in kg (overrides density).
     * @param kilograms the mass, kg, &gt; 0 and finite
     * @return a copy of this spec with the mass set
     * @throws IllegalArgumentException naming the value when it is not &gt; 0 and finite (0 used to be
     *         taken silently as "use the density")
     */
    public BodySpec withMass(double kilograms) {
        positive("mass", kilograms, "kg");
        return copy(def.withMass(kilograms));
    }

    /**
     * Density in kg/m³ (used when no mass is given).
     * @param kilogramsPerCubicMetre the density, kg/m³, &gt; 0 and finite
     * @return a copy of this spec with the density set
     * @throws IllegalArgumentException naming the value when it is not &gt; 0 and finite
     */
    public BodySpec withDensity(double kilogramsPerCubicMetre) {
        positive("density", kilogramsPerCubicMetre, "kg/m³");
        return copy(def.withDensity(kilogramsPerCubicMetre));
    }

    /**
     * Mass and density are &gt; 0 and finite, as documented. Before, 0 was accepted (a mass of 0 meant
     * "use the density"; a density of 0 was refused without its value: "a dynamic body needs mass &gt; 0
     * or density &gt; 0"), and a negative or NaN one was refused with the kernel's range
     * {@code [0.0, 1.7976931348623157E308]}, which says 0 is allowed.
     */
    private static void positive(String field, double v, String unit) {
        if (!(v > 0) || v == Double.POSITIVE_INFINITY) {
            throw new IllegalArgumentException(field + " = " + v + " " + unit + "; allowed: > 0 and finite");
        }
    }

    /**
     * Coulomb friction (&ge; 0) and restitution in [0, 1].
     * @param friction the Coulomb friction coefficient, ≥ 0
     * @param restitution the bounciness, 0 (no bounce) to 1 (elastic)
     * @return a copy of this spec with the material set
     */
    public BodySpec withMaterial(double friction, double restitution) {
        return copy(def.withMaterial(friction, restitution));
    }

    /**
     * Multiplies world gravity for this body (0 = floats).
     * @param scale the gravity multiplier (1 = normal gravity, may be negative)
     * @return a copy of this spec with the gravity scale set
     */
    public BodySpec withGravityScale(double scale) {
        return copy(def.withGravityScale(scale));
    }

    /**
     * Linear and angular damping, 1/s, &ge; 0.
     * @param linear the linear damping rate, 1/s, ≥ 0
     * @param angular the angular damping rate, 1/s, ≥ 0
     * @return a copy of this spec with the damping set
     */
    public BodySpec withDamping(double linear, double angular) {
        return copy(def.withDamping(linear, angular));
    }

    /**
     * A name reported in outputs and found by {@link PhysicsWorld#find}.
     * @param label the label, or null for none
     * @return a copy of this spec with the label set
     */
    public BodySpec withLabel(String label) {
        return copy(def.withLabel(label));
    }

    /**
     * Start asleep (dynamic bodies only): it wakes when touched or pushed. A sleeping body is at rest: a
     * spec that starts asleep with a velocity is refused when the body is created (the velocity was dropped
     * silently; as Box2D v3 does, where Jolt keeps it for when the body is woken: the two readings differ,
     * so the combination is an error that names both).
     * @return a copy of this spec that starts asleep
     */
    public BodySpec asleep() {
        return copy(def.withAsleep(true));
    }

    /** The kernel body definition (internal use: creation); refuses a body that starts asleep with a velocity. */
    BodyDef def() {
        if (def.asleep() && (def.vx() != 0 || def.vy() != 0 || def.vz() != 0 || def.wx() != 0 || def.wy() != 0
                || def.wz() != 0)) {
            throw new IllegalArgumentException("a body that starts asleep has linearVelocity = (" + def.vx() + ", "
                    + def.vy() + ", " + def.vz() + ") m/s and angularVelocity = (" + def.wx() + ", " + def.wy() + ", "
                    + def.wz() + ") rad/s; allowed: zero velocities with asleep(), or an awake body with a velocity");
        }
        return def;
    }

    @Override
    public String toString() {
        return "BodySpec" + def;
    }
}
