package dev.rubble.core.dynamics;

/**
 * A constraint that broke at the end of a step (issue 29): its force (N) or torque (N·m), the last
 * sub-step's, went over its threshold, or it was removed with a body destruction retired
 * (docs/constraints.md "Joints on collections"). Body B is {@link ConstraintStore#WORLD} for a world
 * constraint; (px, py, pz) is body A's anchor in world space when it broke. {@code switched}: a per-body
 * switch of the {@code constraint-break} event kind was on for one of its bodies when it broke, read then
 * (a body destruction retired in the same step has no switch left by the EVENTS slot).
 */
public record ConstraintBreak(long step, int id, String type, long bodyA, long bodyB, double force, double torque,
        double px, double py, double pz, boolean switched) {

    /** A break no per-body switch asked for (the EVENTS slot still consults its live bodies' switches). */
    public ConstraintBreak(long step, int id, String type, long bodyA, long bodyB, double force, double torque,
            double px, double py, double pz) {
        this(step, id, type, bodyA, bodyB, force, torque, px, py, pz, false);
    }
}
