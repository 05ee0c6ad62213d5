package dev.rubble.api;

/**
 * A constraint that broke in the last step: its force (N) or torque (N·m) went over its threshold
 * ({@link ConstraintSpec#breakForce}, {@link ConstraintSpec#breakTorque}); it is removed and its
 * bodies are woken.
 *
 * @param step   the step it broke in
 * @param id     the constraint
 * @param type   its type name
 * @param bodyA  body A
 * @param bodyB  body B, or null for a constraint to the world
 * @param force  the constraint force when it broke (N)
 * @param torque the constraint torque when it broke (N·m)
 */
public record ConstraintBreakEvent(long step, ConstraintId id, String type, BodyId bodyA, BodyId bodyB, double force,
        double torque) {
}
