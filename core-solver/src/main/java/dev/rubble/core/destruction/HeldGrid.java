package dev.rubble.core.destruction;

import java.util.Arrays;

/**
 * A uniform grid over the centres of mass of one placed collection's authored nodes (collection
 * frame; they never move in it), so a bounded field finds the held pieces in its bounds without a
 * scan of every node (issue 24; docs/benchmarks.md, "Fields"). Built on first use; about four nodes
 * per cell; cells are a CSR list of node indices, ascending. Queries allocate nothing.
 */
final class HeldGrid {
    final int base, count;
    private final double[] min = new double[3];
    private final double[] inv = new double[3];
    private final int[] dims = new int[3];
    private final int[] cellStart;
    private final int[] cellNodes;

    HeldGrid(ClusterStore s, int base, int count) {
        this.base = base;
        this.count = count;
        double[] max = new double[3];
        Arrays.fill(min, Double.POSITIVE_INFINITY);
        Arrays.fill(max, Double.NEGATIVE_INFINITY);
        for (int g = base; g < base + count; g++) {
            for (int a = 0; a < 3; a++) {
                min[a] = Math.min(min[a], s.com[3 * g + a]);
                max[a] = Math.max(max[a], s.com[3 * g + a]);
            }
        }
        double ext = 0;
        for (int a = 0; a < 3; a++) {
            ext = Math.max(ext, max[a] - min[a]);
        }
        double cell = Math.max(1e-6, ext / Math.max(1, Math.cbrt(count / 4.0)));
        int cells = 1;
        for (int a = 0; a < 3; a++) {
            dims[a] = Math.max(1, Math.min(256, (int) Math.ceil((max[a] - min[a]) / cell) + 1));
            inv[a] = 1 / cell;
            cells *= dims[a];
        }
        cellStart = new int[cells + 1];
        for (int g = base; g < base + count; g++) {
            cellStart[cellOf(s, g) + 1]++;
        }
        for (int c = 0; c < cells; c++) {
            cellStart[c + 1] += cellStart[c];
        }
        cellNodes = new int[count];
        int[] fill = Arrays.copyOf(cellStart, cells);
        for (int g = base; g < base + count; g++) { // ascending within each cell
            cellNodes[fill[cellOf(s, g)]++] = g;
        }
    }

    private int cell(int a, double v) {
        return Math.max(0, Math.min(dims[a] - 1, (int) Math.floor((v - min[a]) * inv[a])));
    }

    private int cellOf(ClusterStore s, int g) {
        return (cell(2, s.com[3 * g + 2]) * dims[1] + cell(1, s.com[3 * g + 1])) * dims[0] + cell(0, s.com[3 * g]);
    }

    /** Calls {@code sink} with every node whose cell meets the box [lo, hi] (collection frame); may include nodes outside it. */
    void query(double[] lo, double[] hi, java.util.function.IntConsumer sink) {
        int x0 = cell(0, lo[0]), x1 = cell(0, hi[0]), y0 = cell(1, lo[1]), y1 = cell(1, hi[1]);
        int z0 = cell(2, lo[2]), z1 = cell(2, hi[2]);
        for (int z = z0; z <= z1; z++) {
            for (int y = y0; y <= y1; y++) {
                int row = (z * dims[1] + y) * dims[0];
                for (int x = x0; x <= x1; x++) {
                    int c = row + x;
                    for (int k = cellStart[c]; k < cellStart[c + 1]; k++) {
                        sink.accept(cellNodes[k]);
                    }
                }
            }
        }
    }
}
