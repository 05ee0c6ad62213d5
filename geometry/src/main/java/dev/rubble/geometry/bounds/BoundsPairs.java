package dev.rubble.geometry.bounds;

import java.util.Arrays;
import java.util.Objects;

/**
 * All pairs of overlapping axis-aligned boxes, found with a uniform grid (no O(N²) pass for
 * boxes of similar size). Boxes that merely touch count as overlapping. Stateless, thread-safe.
 */
public final class BoundsPairs {
    private BoundsPairs() {
    }

    /**
     * Finds overlapping pairs.
     *
     * @param n      number of boxes
     * @param bounds packed {@code minx,miny,minz,maxx,maxy,maxz} per box (metres)
     * @param margin every box is inflated by this much on each side (metres, ≥ 0)
     * @return pairs packed as {@code (long) a << 32 | b} with {@code a < b}, sorted ascending
     */
    public static long[] overlapping(int n, double[] bounds, double margin) {
        Objects.requireNonNull(bounds, "bounds is null");
        if (!(margin >= 0) || !Double.isFinite(margin)) {
            throw new IllegalArgumentException("margin = " + margin + "; allowed: finite and >= 0");
        }
        if (n < 2) {
            return new long[0];
        }
        double[] lo = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY};
        double[] hi = {Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY};
        double meanExtent = 0;
        for (int i = 0; i < n; i++) {
            double ext = 0;
            for (int k = 0; k < 3; k++) {
                lo[k] = Math.min(lo[k], bounds[6 * i + k] - margin);
                hi[k] = Math.max(hi[k], bounds[6 * i + 3 + k] + margin);
                ext = Math.max(ext, bounds[6 * i + 3 + k] - bounds[6 * i + k] + 2 * margin);
            }
            meanExtent += ext / n;
        }
        int[] g = new int[3];
        double[] cs = new double[3];
        long total = 1;
        for (int k = 0; k < 3; k++) {
            double span = hi[k] - lo[k];
            g[k] = meanExtent > 0 ? (int) Math.max(1, Math.min(256, Math.floor(span / meanExtent))) : 1;
            total *= g[k];
        }
        while (total > 4L * n + 64) {
            total = 1;
            for (int k = 0; k < 3; k++) {
                g[k] = Math.max(1, g[k] / 2);
                total *= g[k];
            }
        }
        for (int k = 0; k < 3; k++) {
            cs[k] = Math.max((hi[k] - lo[k]) / g[k], Double.MIN_NORMAL);
        }
        int cells = (int) total;
        // counting sort of (cell, box) entries
        int[] count = new int[cells + 1];
        int[] r = new int[6 * n];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < 3; k++) {
                r[6 * i + k] = cell(bounds[6 * i + k] - margin, lo[k], cs[k], g[k]);
                r[6 * i + 3 + k] = cell(bounds[6 * i + 3 + k] + margin, lo[k], cs[k], g[k]);
            }
            for (int z = r[6 * i + 2]; z <= r[6 * i + 5]; z++) {
                for (int y = r[6 * i + 1]; y <= r[6 * i + 4]; y++) {
                    for (int x = r[6 * i]; x <= r[6 * i + 3]; x++) {
                        count[x + g[0] * (y + g[1] * z) + 1]++;
                    }
                }
            }
        }
        for (int c = 0; c < cells; c++) {
            count[c + 1] += count[c];
        }
        int[] fill = Arrays.copyOf(count, cells);
        int[] entries = new int[count[cells]];
        for (int i = 0; i < n; i++) {
            for (int z = r[6 * i + 2]; z <= r[6 * i + 5]; z++) {
                for (int y = r[6 * i + 1]; y <= r[6 * i + 4]; y++) {
                    for (int x = r[6 * i]; x <= r[6 * i + 3]; x++) {
                        entries[fill[x + g[0] * (y + g[1] * z)]++] = i;
                    }
                }
            }
        }
        long[] out = new long[16];
        int m = 0;
        for (int z = 0; z < g[2]; z++) {
            for (int y = 0; y < g[1]; y++) {
                for (int x = 0; x < g[0]; x++) {
                    int c = x + g[0] * (y + g[1] * z);
                    for (int p = count[c]; p < count[c + 1]; p++) {
                        int a = entries[p];
                        for (int q = p + 1; q < count[c + 1]; q++) {
                            int b = entries[q];
                            if (!overlap(bounds, a, b, margin)) {
                                continue;
                            }
                            // report each pair once: in the cell holding the min corner of the intersection
                            if (Math.max(r[6 * a], r[6 * b]) != x || Math.max(r[6 * a + 1], r[6 * b + 1]) != y
                                    || Math.max(r[6 * a + 2], r[6 * b + 2]) != z) {
                                continue;
                            }
                            if (m == out.length) {
                                out = Arrays.copyOf(out, 2 * m);
                            }
                            out[m++] = a < b ? ((long) a << 32) | b : ((long) b << 32) | a;
                        }
                    }
                }
            }
        }
        out = Arrays.copyOf(out, m);
        Arrays.sort(out);
        return out;
    }

    private static boolean overlap(double[] bd, int a, int b, double margin) {
        for (int k = 0; k < 3; k++) {
            if (bd[6 * a + k] - margin > bd[6 * b + 3 + k] + margin || bd[6 * b + k] - margin > bd[6 * a + 3 + k] + margin) {
                return false;
            }
        }
        return true;
    }

    private static int cell(double v, double lo, double cs, int g) {
        int c = (int) ((v - lo) / cs);
        return c < 0 ? 0 : c >= g ? g - 1 : c;
    }
}
