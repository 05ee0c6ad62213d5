package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import org.junit.jupiter.api.Test;

/**
 * Issue 22, local failure: the failure zone's distance from an impactor's path to a child's bounds
 * ({@link ImpactZone#segmentBoxDistance2}), against distances worked out by hand.
 */
final class ImpactZoneTest {
    private static final double[] UNIT = {0, 0, 0, 1, 1, 1};

    @Test
    void aSegmentThroughTheBoxIsAtDistanceZero() {
        assertThat(ImpactZone.segmentBoxDistance2(-1, 0.5, 0.5, 3, 0, 0, UNIT, 0)).isZero();
    }

    @Test
    void aSegmentEndingShortOfTheBoxIsAtTheGapFromItsEnd() {
        // from x = -3 to x = -1 along the box's mid line: the gap is 1 m
        assertThat(ImpactZone.segmentBoxDistance2(-3, 0.5, 0.5, 2, 0, 0, UNIT, 0)).isCloseTo(1, offset(1e-12));
    }

    @Test
    void aSegmentPassingBesideTheBoxIsAtItsClosestApproach() {
        // parallel to z at (2, 2): the nearest box point is the edge (1, 1, z), √2 away
        assertThat(ImpactZone.segmentBoxDistance2(2, 2, -5, 0, 0, 10, UNIT, 0)).isCloseTo(2, offset(1e-12));
        // skew, from (3, -1, 0.5) to (-1, 3, 0.5): on the line x + y = 2, which passes through the corner (1, 1)
        assertThat(ImpactZone.segmentBoxDistance2(3, -1, 0.5, -4, 4, 0, UNIT, 0)).isCloseTo(0, offset(1e-12));
        // the line x + y = 3 passes the corner (1, 1) at (3 - 2) / √2: squared 1/2
        assertThat(ImpactZone.segmentBoxDistance2(3, 0, 0.5, -3, 3, 0, UNIT, 0)).isCloseTo(0.5, offset(1e-12));
    }

    @Test
    void aPointImpactorIsAtItsDistanceToTheBox() {
        // a segment of length zero (an impactor at rest): the point (2, 3, 0.5) is √(1 + 4) from (1, 1, 0.5)
        assertThat(ImpactZone.segmentBoxDistance2(2, 3, 0.5, 0, 0, 0, UNIT, 0)).isCloseTo(5, offset(1e-12));
    }
}
