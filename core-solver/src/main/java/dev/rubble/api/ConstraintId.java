package dev.rubble.api;

/**
 * A constraint of a {@link PhysicsWorld} (issue 29; docs/constraints.md): ids are handed out in
 * order from 1 and never reused, so journals and snapshots name the same constraint.
 *
 * @param id the constraint's number
 */
public record ConstraintId(int id) {
}
