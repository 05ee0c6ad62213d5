package dev.rubble.core.soft;

import dev.rubble.core.soft.cage.Cage;
import java.util.List;
import java.util.Objects;

/**
 * A soft body to add to a world: its cage, material, pose, velocity, pinned points and points
 * attached to rigid bodies (by label).
 *
 * @param label        unique name, may be null
 * @param cage         the authored cage (body frame)
 * @param material     material
 * @param position      where the cage origin goes, metres
 * @param orientation   unit quaternion (x, y, z, w)
 * @param velocity      initial velocity of every point, m/s
 * @param pins          cage point indices fixed where they start
 * @param attachPoints  cage point indices held by rigid bodies (two-way with a dynamic one)
 * @param attachBodies  the rigid body label for each attached point
 */
public record SoftBodyDef(String label, Cage cage, SoftMaterial material, double[] position, double[] orientation,
                          double[] velocity, int[] pins, int[] attachPoints, List<String> attachBodies) {
    public SoftBodyDef {
        Objects.requireNonNull(cage, "cage is null");
        Objects.requireNonNull(material, "material is null");
        attachBodies = List.copyOf(attachBodies);
        if (attachPoints.length != attachBodies.size()) {
            throw new IllegalArgumentException("attachPoints and attachBodies differ in length");
        }
    }
}
