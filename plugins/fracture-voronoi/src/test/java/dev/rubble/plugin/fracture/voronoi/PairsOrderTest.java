package dev.rubble.plugin.fracture.voronoi;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.spi.geom.ConvexPolytope;
import org.junit.jupiter.api.Test;

/**
 * Issue 27 item 5 (eighth pass): the neighbour pairs come out sorted by (a, b) both when the per-cell lists give the
 * keys in order (the common case, no sort) and when a face kept only by the higher cell puts a key out of order.
 */
final class PairsOrderTest {
    @Test
    void keysInOrderNeedNoSort() {
        // cell 0: 1, 2; cell 1: 0, 2; cell 2: 0, 1 (every face on both sides)
        int[] start = {0, 2, 4, 6};
        int[] id = {1, 2, 0, 2, 0, 1};
        double[] area = {0.5, 0.25, 0.5, 0.75, 0.25, 0.75};
        VoronoiCells.Cells c = VoronoiCells.pairs(3, start, id, area, new ConvexPolytope[3]);
        assertThat(c.a()).containsExactly(0, 0, 1);
        assertThat(c.b()).containsExactly(1, 2, 2);
        assertThat(c.area()).containsExactly(0.5, 0.25, 0.75);
    }

    @Test
    void aFaceKeptOnlyByTheHigherCellIsSortedIn() {
        // cell 0 lists only 1; cells 1 and 2 list each other and 0: the pair (0, 2) comes from cell 2, after (1, 2)
        int[] start = {0, 1, 3, 5};
        int[] id = {1, 0, 2, 0, 1};
        double[] area = {0.5, 0.5, 0.75, 0.125, 0.75};
        VoronoiCells.Cells c = VoronoiCells.pairs(3, start, id, area, new ConvexPolytope[3]);
        assertThat(c.a()).containsExactly(0, 0, 1);
        assertThat(c.b()).containsExactly(1, 2, 2);
        assertThat(c.area()).containsExactly(0.5, 0.125, 0.75);
    }
}
