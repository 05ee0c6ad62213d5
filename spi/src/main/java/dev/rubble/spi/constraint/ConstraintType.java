package dev.rubble.spi.constraint;

import java.util.List;

/**
 * One kind of joint between two bodies (or a body and the world). Stateless: the kernel keeps each
 * constraint's frames, parameters and accumulated impulses, and asks the type for the constraint's
 * rows at the start of every sub-step ({@link #write}); the kernel solves the rows with the contacts,
 * in the same iterations, warm started (docs/constraints.md).
 *
 * <p>Parameters are named numbers ({@link #parameters}), stored per constraint as a {@code double[]}
 * in that order. {@link #check} validates them once, when the constraint is created: a bad value
 * fails naming the parameter, the value and what is allowed.
 *
 * <p>A type must write the same rows in the same order every sub-step (an inactive limit is still
 * written, as a unilateral row that does not bind): row {@code i}'s accumulated impulse warm starts
 * row {@code i} of the next sub-step.
 */
public interface ConstraintType {

    /**
     * Names of this type's numeric parameters, in the order of the parameter arrays.
     * @return the parameter names (e.g. {@code restLength}), never null
     */
    List<String> parameters();

    /**
     * Default values, one per parameter ({@code NaN}: "derive it from the bodies' poses at creation").
     * @return one default per parameter, in the order of {@link #parameters()}
     */
    double[] defaults();

    /**
     * The number of rows {@link #write} writes, at most 12.
     * @return the number of rows per sub-step, 1 to 12
     */
    int rows();

    /**
     * Validates {@code params} (after {@link #initialise}); fails with an
     * {@link IllegalArgumentException} naming the parameter, the bad value and what is allowed.
     * @param params the parameter values, in the order of {@link #parameters()}
     */
    default void check(double[] params) {
    }

    /**
     * Fills parameters that depend on the bodies' poses at creation (e.g. a distance joint's rest
     * length left {@code NaN} becomes the anchors' current distance). Called once, before {@link #check}.
     * @param frame the bodies' anchors and axes at creation
     * @param params the parameter values; entries left NaN may be filled in place
     */
    default void initialise(ConstraintFrame frame, double[] params) {
    }

    /**
     * Whether {@link #write} reads the frames' orientations ({@link ConstraintFrame#frameA}, {@link ConstraintFrame#frameB}
     * and the rotation {@code rx, ry, rz} from A to B). When false the kernel fills only the anchors
     * ({@code ax..az}, {@code bx..bz}) before each {@code write}, and the other fields hold whatever they held: a ball
     * joint's three point rows need the anchors alone, and its two frames' rotations (two quaternion products, two
     * axis matrices and an arc tangent a sub-step) were a sixth of a 100-link chain's row writing. Called once per
     * constraint and sub-step; the answer must not change.
     * @return true (the default) when {@code write} may read the orientations
     */
    default boolean readsOrientations() {
        return true;
    }

    /**
     * Writes this sub-step's rows for the constraint at {@code frame} with {@code params}.
     * @param frame the bodies' anchors and axes at this sub-step
     * @param params the constraint's parameter values
     * @param rows receives exactly {@link #rows()} rows
     */
    void write(ConstraintFrame frame, double[] params, ConstraintRows rows);
}
