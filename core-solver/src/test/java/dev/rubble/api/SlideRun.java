package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.joml.Vector3d;

/**
 * Highest and lowest centre height, final position and velocity of a body run over a floor: the seam tests'
 * ({@link CompoundInternalEdgeTest}, {@link BodySeamTest}) measure of a slide, compared with the same slide over one box.
 */
record SlideRun(double highest, double lowest, Vector3d position, Vector3d velocity) {

    /**
     * This run (over seams) as {@code ref} (the same body over one box): both keep {@code speed} to 1 mm/s, end within
     * 1 mm of each other, and rise as high to 0.1 mm. {@code before} says what the seam run did before the fix.
     */
    void assertAsOver(SlideRun ref, double speed, String before) {
        assertThat(ref.velocity.length()).as("reference speed").isCloseTo(speed, within(1e-3));
        assertThat(velocity.length()).as("speed after the junction (before: " + before + ")").isCloseTo(speed, within(1e-3));
        assertThat(position.distance(ref.position)).as("end, from the reference's").isLessThan(1e-3);
        assertThat(highest).as("highest centre").isCloseTo(ref.highest, within(1e-4));
    }
}
