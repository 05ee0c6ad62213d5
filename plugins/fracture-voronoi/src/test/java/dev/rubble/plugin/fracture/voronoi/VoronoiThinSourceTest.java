package dev.rubble.plugin.fracture.voronoi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.geometry.polytope.PolytopeClipper;
import dev.rubble.spi.geom.ConvexPolytope;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Sources far longer than they are thick (fuzz13): the site grid's columns are sized by the thin axes, and a cell's
 * search reach in columns passed 2^31. The column bounds wrapped round the int range, the search found no neighbour
 * and every cell came out as the whole source: `rubble fracture --source box:half=500000,5e-5,5e-5 --sites 20` wrote
 * 20 pieces of 0.2 m³ for a 0.01 m³ box, exit 0.
 */
final class VoronoiThinSourceTest {
    private static double[] inside(double hx, double hy, double hz, int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double[] s = new double[3 * n];
        for (int i = 0; i < n; i++) {
            s[3 * i] = hx * (2 * r.nextDouble() - 1);
            s[3 * i + 1] = hy * (2 * r.nextDouble() - 1);
            s[3 * i + 2] = hz * (2 * r.nextDouble() - 1);
        }
        return s;
    }

    /** The oracle: the source clipped by the bisector with every other site, no search. */
    private static double bruteForceVolume(ConvexPolytope source, double[] s, int i, double tol) {
        ConvexPolytope cell = source;
        int n = s.length / 3;
        for (int j = 0; j < n && cell != null; j++) {
            if (j == i) {
                continue;
            }
            double nx = s[3 * j] - s[3 * i], ny = s[3 * j + 1] - s[3 * i + 1], nz = s[3 * j + 2] - s[3 * i + 2];
            double mx = 0.5 * (s[3 * j] + s[3 * i]), my = 0.5 * (s[3 * j + 1] + s[3 * i + 1]);
            double mz = 0.5 * (s[3 * j + 2] + s[3 * i + 2]);
            cell = PolytopeClipper.clip(cell, nx, ny, nz, nx * mx + ny * my + nz * mz, tol);
        }
        return cell == null ? 0 : cell.volume();
    }

    @Test
    void cellsOfALongThinOrFlatSourcePartitionIt() {
        double[][] boxes = {{1e5, 5e-5, 5e-5}, {5e5, 5e-5, 5e-5}, {5e5, 5e5, 5e-5}, {5e-5, 5e5, 5e-5}};
        for (double[] h : boxes) {
            ConvexPolytope box = ConvexPolytope.box(0, 0, 0, h[0], h[1], h[2]);
            double expected = 8 * h[0] * h[1] * h[2];
            double[] sites = inside(h[0], h[1], h[2], 20, 3);
            for (int threads : new int[] {1, 2}) {
                VoronoiCells.Cells cells = VoronoiCells.computeWithAdjacency(box, sites, threads);
                double sum = 0;
                for (int i = 0; i < 20; i++) {
                    double v = cells.cells()[i] == null ? 0 : cells.cells()[i].volume();
                    sum += v;
                    assertThat(v).as("cell %d of %s", i, java.util.Arrays.toString(h))
                            .isCloseTo(bruteForceVolume(box, sites, i, 1e-12 * 1e6), within(1e-9 * expected));
                }
                assertThat(sum).as("box %s", java.util.Arrays.toString(h)).isCloseTo(expected, within(1e-9 * expected));
                // 20 cells along a line or in a plane: each has at least one neighbour
                assertThat(cells.a().length).as("neighbour pairs of %s", java.util.Arrays.toString(h))
                        .isGreaterThanOrEqualTo(19);
            }
        }
    }

    @Test
    void columnBoundsSaturateInsteadOfWrapping() {
        assertThat(VoronoiCells.columnBelow(-3.6e9)).isEqualTo(Integer.MIN_VALUE);
        assertThat(VoronoiCells.columnAbove(3.6e9)).isEqualTo(Integer.MAX_VALUE);
        assertThat(VoronoiCells.columnBelow(2.5)).isEqualTo(1);
        assertThat(VoronoiCells.columnAbove(2.5)).isEqualTo(3);
        assertThat(VoronoiCells.columnBelow(-0.5)).isEqualTo(-2);
    }
}
