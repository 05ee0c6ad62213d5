package dev.rubble.api;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.joml.Quaterniond;
import org.joml.Quaterniondc;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * What {@link PhysicsWorld#addConstraint} creates (issue 29; docs/constraints.md): a constraint
 * type (from the {@code constraint} plugin family: {@code distance}, {@code rope}, {@code ball},
 * {@code hinge}, {@code fixed}, or a plugin's own), its parameters by name, a joint frame on each
 * body and optional break thresholds.
 *
 * <p>Frames are given in world coordinates (an anchor point and an orientation) and fixed to the
 * bodies at their poses when the constraint is created, unless {@link #localFrames} says they are in
 * each body's own frame. Immutable: every setter returns a new spec.
 */
public final class ConstraintSpec {
    private final String type;
    private final Map<String, Double> params;
    private final boolean local;
    private final double[] frameA, frameB;
    private final double breakForce, breakTorque;
    private final boolean collideConnected;

    private ConstraintSpec(String type, Map<String, Double> params, boolean local, double[] frameA, double[] frameB,
            double breakForce, double breakTorque) {
        this(type, params, local, frameA, frameB, breakForce, breakTorque, true);
    }

    private ConstraintSpec(String type, Map<String, Double> params, boolean local, double[] frameA, double[] frameB,
            double breakForce, double breakTorque, boolean collideConnected) {
        this.collideConnected = collideConnected;
        this.type = type;
        this.params = params;
        this.local = local;
        this.frameA = frameA;
        this.frameB = frameB;
        this.breakForce = breakForce;
        this.breakTorque = breakTorque;
    }

    /**
     * A constraint of {@code type} with both frames at the world origin, unrotated, and the type's default
     * parameters.
     * @param type a loaded constraint type's name: {@code distance}, {@code rope}, {@code ball}, {@code
     *     hinge}, {@code fixed}
     * @return a new spec
     */
    public static ConstraintSpec of(String type) {
        Objects.requireNonNull(type, "type is null");
        return new ConstraintSpec(type, Map.of(), false, new double[] {0, 0, 0, 0, 0, 0, 1},
                new double[] {0, 0, 0, 0, 0, 0, 1}, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY);
    }

    /**
     * A rigid rod between two world anchors, at their current distance.
     * @param anchorA the anchor on body A, metres, world frame
     * @param anchorB the anchor on body B (or the world), metres, world frame
     * @return a new spec of type {@code distance}
     */
    public static ConstraintSpec distance(Vector3dc anchorA, Vector3dc anchorB) {
        return of("distance").anchors(anchorA, anchorB);
    }

    /**
     * A spring between two world anchors (rest length = their current distance): stiffness k (N/m;
     * XPBD compliance 1/k m/N) and damping (N·s/m).
     * @param anchorA the anchor on body A, metres, world frame
     * @param anchorB the anchor on body B (or the world), metres, world frame
     * @param stiffness k, N/m, &gt; 0
     * @param damping N·s/m, ≥ 0
     * @return a new spec of type {@code distance} with a spring
     */
    public static ConstraintSpec spring(Vector3dc anchorA, Vector3dc anchorB, double stiffness, double damping) {
        if (!(stiffness > 0)) {
            throw new IllegalArgumentException("stiffness = " + stiffness + "; allowed: > 0 N/m");
        }
        return distance(anchorA, anchorB).param("compliance", 1 / stiffness).param("damping", damping);
    }

    /**
     * A rope between two world anchors, at most {@code maxLength} metres long.
     * @param anchorA the anchor on body A, metres, world frame
     * @param anchorB the anchor on body B (or the world), metres, world frame
     * @param maxLength the longest distance between the anchors, metres, in [0, 1e9] (NaN is refused: for a
     *     rope as long as the anchors' distance, {@link #rope(Vector3dc, Vector3dc)})
     * @return a new spec of type {@code rope}
     * @throws IllegalArgumentException if {@code maxLength} is NaN
     */
    public static ConstraintSpec rope(Vector3dc anchorA, Vector3dc anchorB, double maxLength) {
        return of("rope").anchors(anchorA, anchorB).param("maxLength", maxLength);
    }

    /**
     * A rope between two world anchors, as long as their distance when the constraint is created (taut then):
     * {@code maxLength} is left unset, so the type's default, the anchors' distance at creation, applies.
     * @param anchorA the anchor on body A, metres, world frame
     * @param anchorB the anchor on body B (or the world), metres, world frame
     * @return a new spec of type {@code rope}
     */
    public static ConstraintSpec rope(Vector3dc anchorA, Vector3dc anchorB) {
        return of("rope").anchors(anchorA, anchorB);
    }

    /**
     * A ball-and-socket at a world point.
     * @param anchor the shared pivot, metres, world frame
     * @return a new spec of type {@code ball}
     */
    public static ConstraintSpec ball(Vector3dc anchor) {
        return of("ball").anchors(anchor, anchor);
    }

    /**
     * A hinge at a world point about a world axis (angle 0 = the bodies' poses at creation).
     * @param anchor the pivot, metres, world frame
     * @param axis the hinge axis, world frame (non-zero)
     * @return a new spec of type {@code hinge}
     */
    public static ConstraintSpec hinge(Vector3dc anchor, Vector3dc axis) {
        return alongAxis("hinge", anchor, axis);
    }

    /** A spec of {@code type} with both anchors at {@code anchor} and both frames' x axes along {@code axis}. */
    private static ConstraintSpec alongAxis(String type, Vector3dc anchor, Vector3dc axis) {
        Objects.requireNonNull(axis, "axis is null");
        double len = PhysicsWorld.length(axis.x(), axis.y(), axis.z()); // any finite, non-zero length
        if (!(len > 0) || !Double.isFinite(len)) {
            throw new IllegalArgumentException(type + " axis = (" + axis.x() + ", " + axis.y() + ", " + axis.z()
                    + "); allowed: finite, non-zero");
        }
        Quaterniond q = new Quaterniond().rotationTo(1, 0, 0, axis.x() / len, axis.y() / len, axis.z() / len);
        return of(type).anchors(anchor, anchor).orientation(q);
    }

    /**
     * A slider (prismatic joint) at a world point along a world axis: body A keeps its orientation relative to
     * body B (the rail; null: the world) and its anchor slides on the line through the point along the axis,
     * which turns with B (slide 0 = the bodies' poses at creation; positive = A moved along the axis).
     * @param anchor a point of the line, metres, world frame (both anchors start there)
     * @param axis the line's direction, world frame (non-zero)
     * @return a new spec of type {@code slider}
     */
    public static ConstraintSpec slider(Vector3dc anchor, Vector3dc axis) {
        return alongAxis("slider", anchor, axis);
    }

    /**
     * A weld at a world point: the bodies keep their relative pose at creation.
     * @param anchor the weld point, metres, world frame
     * @return a new spec of type {@code fixed}
     */
    public static ConstraintSpec fixed(Vector3dc anchor) {
        return of("fixed").anchors(anchor, anchor);
    }

    /**
     * Sets parameter {@code name} (checked against the type when the constraint is added). A parameter left
     * unset takes the type's default; for {@code distance}'s {@code restLength} and {@code rope}'s {@code
     * maxLength} that is the anchors' distance when the constraint is created.
     * @param name one of the type's parameter names
     * @param value its value, not NaN (the type checks the range when the constraint is added)
     * @return a new spec with that setting (this one is unchanged)
     * @throws IllegalArgumentException if {@code value} is NaN: a NaN, from a failed computation, was taken
     *     for "the distance at creation" without a word
     */
    public ConstraintSpec param(String name, double value) {
        Objects.requireNonNull(name, "parameter name is null");
        if (Double.isNaN(value)) {
            throw new IllegalArgumentException("constraint '" + type + "' parameter '" + name + "' = NaN; allowed: a"
                    + " number in the type's range (leave it unset for the type's default: a distance's restLength and"
                    + " a rope's maxLength are then the anchors' distance at creation)");
        }
        Map<String, Double> p = new LinkedHashMap<>(params);
        p.put(name, value);
        return new ConstraintSpec(type, Map.copyOf(p), local, frameA, frameB, breakForce, breakTorque, collideConnected);
    }

    /**
     * A hinge's angle limits (radians), or a slider's (metres along its axis).
     * @param lower the smallest hinge angle, radians, ≥ -π (a slider's smallest slide, metres)
     * @param upper the largest hinge angle, radians, ≤ π and ≥ lower (a slider's largest slide, metres)
     * @return a new spec with that setting (this one is unchanged)
     */
    public ConstraintSpec limits(double lower, double upper) {
        if (type.equals("slider")) {
            return param("lowerLimit", lower).param("upperLimit", upper);
        }
        return param("lowerAngle", lower).param("upperAngle", upper);
    }

    /**
     * A hinge's motor: target speed (rad/s) and maximum torque (N·m); a slider's: target speed along its axis
     * (m/s) and maximum force (N).
     * @param speed the target angular speed, rad/s (a slider's speed, m/s)
     * @param maxTorque the largest motor torque, N·m, ≥ 0 (a slider's force, N); 0 switches the motor off
     * @return a new spec with that setting (this one is unchanged)
     */
    public ConstraintSpec motor(double speed, double maxTorque) {
        if (type.equals("slider")) {
            return param("motorSpeed", speed).param("maxMotorForce", maxTorque);
        }
        return param("motorSpeed", speed).param("maxMotorTorque", maxTorque);
    }

    /**
     * The frames' anchors (world coordinates unless {@link #localFrames}).
     * @param a frame A's anchor, metres
     * @param b frame B's anchor, metres
     * @return a new spec with that setting (this one is unchanged)
     */
    public ConstraintSpec anchors(Vector3dc a, Vector3dc b) {
        Objects.requireNonNull(a, "anchor A is null");
        Objects.requireNonNull(b, "anchor B is null");
        double[] fa = frameA.clone(), fb = frameB.clone();
        fa[0] = a.x();
        fa[1] = a.y();
        fa[2] = a.z();
        fb[0] = b.x();
        fb[1] = b.y();
        fb[2] = b.z();
        return new ConstraintSpec(type, params, local, fa, fb, breakForce, breakTorque, collideConnected);
    }

    /**
     * Both frames' orientation.
     * @param q the orientation of both frames (normalised)
     * @return a new spec with that setting (this one is unchanged)
     */
    public ConstraintSpec orientation(Quaterniondc q) {
        return orientations(q, q);
    }

    /**
     * Each frame's orientation.
     * @param a frame A's orientation (normalised)
     * @param b frame B's orientation (normalised)
     * @return a new spec with that setting (this one is unchanged)
     */
    public ConstraintSpec orientations(Quaterniondc a, Quaterniondc b) {
        Objects.requireNonNull(a, "orientation A is null");
        Objects.requireNonNull(b, "orientation B is null");
        double[] fa = frameA.clone(), fb = frameB.clone();
        fa[3] = a.x();
        fa[4] = a.y();
        fa[5] = a.z();
        fa[6] = a.w();
        fb[3] = b.x();
        fb[4] = b.y();
        fb[5] = b.z();
        fb[6] = b.w();
        return new ConstraintSpec(type, params, local, fa, fb, breakForce, breakTorque, collideConnected);
    }

    /**
     * The frames are in each body's own frame (anchor from the body origin); a world constraint's frame B
     * stays in world coordinates.
     * @return a new spec with that setting (this one is unchanged)
     */
    public ConstraintSpec localFrames() {
        return new ConstraintSpec(type, params, true, frameA, frameB, breakForce, breakTorque, collideConnected);
    }

    /**
     * Breaks when the constraint force exceeds {@code newtons} (+inf: never, the default).
     * @param newtons the break force, N, &gt; 0 or {@code +∞}
     * @return a new spec with that setting (this one is unchanged)
     */
    public ConstraintSpec breakForce(double newtons) {
        return new ConstraintSpec(type, params, local, frameA, frameB, newtons, breakTorque, collideConnected);
    }

    /**
     * Breaks when the constraint torque exceeds {@code newtonMetres} (+inf: never, the default).
     * @param newtonMetres the break torque, N·m, &gt; 0 or {@code +∞}
     * @return a new spec with that setting (this one is unchanged)
     */
    public ConstraintSpec breakTorque(double newtonMetres) {
        return new ConstraintSpec(type, params, local, frameA, frameB, breakForce, newtonMetres, collideConnected);
    }

    /**
     * Whether the two joined bodies collide with each other (Box2D's {@code collideConnected}; default
     * true, as in Jolt and Rapier). False switches off every contact between them while the constraint
     * exists: links of a chain or the limbs of a ragdoll that overlap at their joints then do not push
     * each other apart. A world constraint (no body B) is not affected.
     * @param collide false to switch the pair's contacts off
     * @return a new spec with that setting (this one is unchanged)
     */
    public ConstraintSpec collideConnected(boolean collide) {
        return new ConstraintSpec(type, params, local, frameA, frameB, breakForce, breakTorque, collide);
    }

    /**
     * Whether the joined bodies collide with each other ({@link #collideConnected(boolean)}).
     * @return true unless switched off
     */
    public boolean collidesConnected() {
        return collideConnected;
    }

    /**
     * The constraint type's name.
     * @return the type, e.g. {@code hinge}
     */
    public String type() {
        return type;
    }

    /**
     * The parameters set by name (the others take the type's defaults).
     * @return an unmodifiable copy of the parameters set by name
     */
    public Map<String, Double> params() {
        return params;
    }

    /**
     * Whether the frames are in the bodies' own frames ({@link #localFrames}) rather than world coordinates.
     * @return true for body frames
     */
    public boolean isLocal() {
        return local;
    }

    /**
     * Frame A: anchor x, y, z and orientation qx, qy, qz, qw.
     * @return a new array of seven values: anchor (metres) and unit quaternion
     */
    public double[] frameA() {
        return frameA.clone();
    }

    /**
     * Frame B: anchor x, y, z and orientation qx, qy, qz, qw.
     * @return a new array of seven values: anchor (metres) and unit quaternion
     */
    public double[] frameB() {
        return frameB.clone();
    }

    /**
     * The force above which the constraint breaks.
     * @return the break force, N ({@code +∞}: never)
     */
    public double breakForceValue() {
        return breakForce;
    }

    /**
     * The torque above which the constraint breaks.
     * @return the break torque, N·m ({@code +∞}: never)
     */
    public double breakTorqueValue() {
        return breakTorque;
    }

    /**
     * The anchor of frame A.
     * @param dest receives the anchor, metres
     * @return dest
     */
    public Vector3d anchorA(Vector3d dest) {
        return dest.set(frameA[0], frameA[1], frameA[2]);
    }
}
