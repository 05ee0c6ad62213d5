package dev.rubble.core.dynamics;

/**
 * A constraint that broke at the end of a step (issue 29): its force (N) or torque (N·m), the last
 * sub-step's, went over its threshold. Body B is {@link ConstraintStore#WORLD} for a world constraint.
 */
public record ConstraintBreak(long step, int id, String type, long bodyA, long bodyB, double force, double torque) {
}
