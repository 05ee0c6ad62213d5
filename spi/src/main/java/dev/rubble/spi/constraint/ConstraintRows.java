package dev.rubble.spi.constraint;

/**
 * Where a {@link ConstraintType} writes a constraint's rows. A row is one scalar velocity
 * constraint {@code J v = -bias}; its position error {@code C} (metres or radians) is what the
 * solver drives to zero. Sign convention: a positive impulse moves body B along the row's direction
 * relative to body A, so {@code C} must grow when B moves that way.
 *
 * <p>By default a row is rigid and two-sided (a "hard" equality: in the solver's biased pass its
 * error is removed softly at the joint stiffness, the relax pass removes the bias velocity again, as
 * for contacts). The modifiers change the row written last.
 */
public interface ConstraintRows {

    /**
     * A point row: the anchors' relative velocity along the unit direction {@code n} (world frame),
     * with position error {@code c} (metres).
     * @param nx the row direction's x, world frame (unit vector)
     * @param ny the row direction's y
     * @param nz the row direction's z
     * @param c the position error along n in metres (0 when the constraint holds exactly)
     */
    void linear(double nx, double ny, double nz, double c);

    /**
     * A point row taken at body A's anchor on both bodies: the relative velocity along {@code n} of the point of
     * body B that lies under A's anchor and of A's anchor, with position error {@code c} (metres). For rows along
     * which the anchors are meant to stay together it is {@link #linear}; it differs where they may move apart
     * across the row, as a slider's do along its axis: B is then the rail, A the carriage, and the rail's side of
     * the row acts where the carriage is (turning B sweeps that point), so the row is exact however far the
     * anchors separate and carries no lever the carriage does not have. With the world as B only A's anchor
     * counts. Added 2026-12-06 with the {@code slider} type.
     * @param nx the row direction's x, world frame (unit vector)
     * @param ny the row direction's y
     * @param nz the row direction's z
     * @param c the position error along n in metres (0 when the constraint holds exactly)
     */
    void linearAtA(double nx, double ny, double nz, double c);

    /**
     * An angular row: the bodies' relative angular velocity ({@code wB - wA}) along the unit axis
     * {@code a} (world frame), with position error {@code c} (radians).
     * @param ax the row axis's x, world frame (unit vector)
     * @param ay the row axis's y
     * @param az the row axis's z
     * @param c the angular position error about a in radians
     */
    void angular(double ax, double ay, double az, double c);

    /**
     * The last row is one-sided: its force (N for linear rows, N·m for angular ones) stays in
     * {@code [lower, upper]}; use {@code [0, +inf)} for "C must stay &ge; 0" and {@code (-inf, 0]} for
     * "C must stay &le; 0". While the row's side is satisfied the bodies may approach its boundary by
     * at most {@code C} within the sub-step (speculative, like a contact).
     * @param lower the smallest force the row may apply (N or N·m), may be negative infinity
     * @param upper the largest force the row may apply (N or N·m), ≥ lower, may be positive infinity
     */
    void limit(double lower, double upper);

    /**
     * The last row is a spring instead of a rigid row: stiffness {@code k} (N/m or N·m/rad; XPBD
     * compliance is {@code 1/k}) and damping {@code c} (N·s/m or N·m·s/rad), integrated implicitly
     * (the XPBD update with one iteration), stable at any stiffness.
     * @param stiffness k, ≥ 0 (N/m for linear rows, N·m/rad for angular ones)
     * @param damping c, ≥ 0 (N·s/m or N·m·s/rad)
     */
    void spring(double stiffness, double damping);

    /**
     * The last row is a motor: it drives its velocity to {@code speed} (m/s or rad/s) with a force
     * of at most {@code maxForce} (N or N·m); its position error is ignored.
     * @param speed the target relative velocity (m/s for linear rows, rad/s for angular ones)
     * @param maxForce the largest force the motor may apply, ≥ 0 (N or N·m)
     */
    void motor(double speed, double maxForce);
}
