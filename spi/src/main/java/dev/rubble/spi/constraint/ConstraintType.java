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
     * Writes this sub-step's rows for the constraint at {@code frame} with {@code params}.
     * @param frame the bodies' anchors and axes at this sub-step
     * @param params the constraint's parameter values
     * @param rows receives exactly {@link #rows()} rows
     */
    void write(ConstraintFrame frame, double[] params, ConstraintRows rows);
}
