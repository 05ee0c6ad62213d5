package dev.rubble.plugin.graph;

import dev.rubble.geometry.delaunay.Delaunay3;
import dev.rubble.spi.StageConfig;
import dev.rubble.geometry.bounds.BoundsPairs;
import dev.rubble.spi.geom.ConvexPolytope;
import dev.rubble.spi.graph.ConnectionGraphMethod;
import dev.rubble.spi.graph.GraphInput;
import java.util.Arrays;

/** The connection-graph methods (reference: chaos-large-scale-destruction, connection graph). */
final class DelaunayGraphs {
    /** Seed of the Delaunay jitter and insertion order; fixed so graphs are reproducible. */
    static final long DELAUNAY_SEED = 0x5eed_de1a_0e4aL;

    private DelaunayGraphs() {
    }

    static long[] delaunay(GraphInput in) {
        return Delaunay3.edges(in.positions(), in.count(), DELAUNAY_SEED);
    }

    /** {@code delaunay}: every Delaunay (Voronoi-neighbour) edge of the node positions. No options. */
    static ConnectionGraphMethod delaunay(StageConfig c) {
        c.requireOnly();
        return in -> Edges.toPairs(delaunay(in));
    }

    /**
     * {@code minimal-spanning-subset-delaunay} (and {@code none}): Delaunay edges shorter than
     * {@code 5 m × sqrt(connectionFactor)} (option, default 1, ≥ 0), then the shortest remaining
     * Delaunay edges that join different components. The Delaunay graph is connected, so the
     * result is connected.
     */
    static ConnectionGraphMethod minimalSpanningSubset(StageConfig c) {
        c.requireOnly("connectionFactor");
        double factor = c.getDouble("connectionFactor", 1.0, 0, 1e6);
        double limit = 5.0 * Math.sqrt(factor);
        return in -> Edges.toPairs(mss(in, delaunay(in), new long[0], limit));
    }

    static long[] mss(GraphInput in, long[] del, long[] base, double limit) {
        long[] near = new long[del.length];
        int k = 0;
        for (long e : del) {
            if (Edges.length(in.positions(), e) < limit) {
                near[k++] = e;
            }
        }
        long[] kept = Edges.union(base, Arrays.copyOf(near, k));
        return Edges.bridge(in.count(), in.positions(), kept, del);
    }

    /**
     * {@code bounds-overlap-delaunay}: the Delaunay edges whose node bounds, inflated by
     * {@code margin} metres on every side (option, default 0, ≥ 0), overlap or touch.
     */
    static ConnectionGraphMethod boundsOverlap(StageConfig c) {
        c.requireOnly("margin");
        double margin = c.getDouble("margin", 0.0, 0, 1e6);
        return in -> {
            long[] del = delaunay(in);
            long[] ov = BoundsPairs.overlapping(in.count(), in.bounds(), margin);
            return Edges.toPairs(intersect(del, ov));
        };
    }

    static long[] intersect(long[] x, long[] y) {
        long[] out = new long[Math.min(x.length, y.length)];
        int i = 0, j = 0, k = 0;
        while (i < x.length && j < y.length) {
            if (x[i] == y[j]) {
                out[k++] = x[i];
                i++;
                j++;
            } else if (x[i] < y[j]) {
                i++;
            } else {
                j++;
            }
        }
        return Arrays.copyOf(out, k);
    }

    /**
     * {@code point-implicit}: nodes {@code i, j} connect when a vertex of one lies inside (within
     * {@code tolerance} metres, option, default 1e-4, ≥ 0) a hull of the other. Symmetric by
     * construction (both directions are tested). Candidate pairs come from overlapping bounds
     * inflated by the tolerance, which cannot drop a pair the test would accept. Needs geometry.
     */
    static ConnectionGraphMethod pointImplicit(StageConfig c) {
        c.requireOnly("tolerance");
        double tol = c.getDouble("tolerance", 1e-4, 0, 1e6);
        return in -> Edges.toPairs(pointImplicit(in, tol));
    }

    static long[] pointImplicit(GraphInput in, double tol) {
        ConvexPolytope[][] g = in.geometry();
        if (g == null) {
            throw new IllegalArgumentException("geometry is null; point-implicit needs the pieces' hulls");
        }
        long[] cand = BoundsPairs.overlapping(in.count(), in.bounds(), tol);
        long[] out = new long[cand.length];
        int k = 0;
        for (long e : cand) {
            int a = (int) (e >>> 32), b = (int) e;
            if (pointsInside(g[a], g[b], tol) || pointsInside(g[b], g[a], tol)) {
                out[k++] = e;
            }
        }
        return Arrays.copyOf(out, k);
    }

    private static boolean pointsInside(ConvexPolytope[] from, ConvexPolytope[] into, double tol) {
        for (ConvexPolytope f : from) {
            for (int v = 0; v < f.vertexCount(); v++) {
                double x = f.vertex(v, 0), y = f.vertex(v, 1), z = f.vertex(v, 2);
                for (ConvexPolytope h : into) {
                    if (h.planeDistance(x, y, z) <= tol) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /**
     * {@code point-implicit-augmented}: the point-implicit edges, then the shortest Delaunay
     * edges joining different components (as in minimal-spanning-subset), so the graph is
     * connected. Options: {@code tolerance} as point-implicit.
     */
    static ConnectionGraphMethod pointImplicitAugmented(StageConfig c) {
        c.requireOnly("tolerance");
        double tol = c.getDouble("tolerance", 1e-4, 0, 1e6);
        return in -> {
            long[] pi = pointImplicit(in, tol);
            return Edges.toPairs(Edges.bridge(in.count(), in.positions(), pi, delaunay(in)));
        };
    }
}
