package dev.rubble.authoring.mesh;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * A closed, outward-facing box mesh whose coordinates are so large that its signed volume overflows (fuzz13): it is
 * not inverted, and saying so (with "--repair turns inverted shells outside-in", which does not help) sent the user
 * the wrong way. Before: "is inverted: ... has signed volume NaN m3".
 */
final class MeshCheckHugeTest {
    @Test
    void aBoxOf1e200MetresIsNamedTooLargeNotInverted() {
        TriMesh ok = TestMeshes.box(2, 2, 2);
        assertThat(MeshCheck.problem(ok)).isNull();
        for (double scale : new double[] {1e120, 1e200, 1e300}) {
            TriMesh huge = TestMeshes.box(2 * scale, 2 * scale, 2 * scale);
            // (2e200)^3 is past Double.MAX_VALUE: the volume is not a finite number, whatever the orientation
            assertThat(Math.pow(2 * scale, 3)).isInfinite();
            assertThat(MeshCheck.problem(huge)).as("scale %s", scale).startsWith("is too large")
                    .contains("overflows").doesNotContain("inverted");
        }
    }
}
