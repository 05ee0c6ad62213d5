package dev.rubble.authoring;

import dev.rubble.authoring.mesh.MeshFracture;
import dev.rubble.geometry.hull.QuickHull;
import dev.rubble.spi.geom.ConvexPolytope;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Collision proxies of clusters ({@link CollectionBuilder#clusterHulls}): each node with children and more
 * hulls than the budget gets at most that many, each the convex hull of a group of its hulls. Deterministic:
 * the groups come from median splits of the hulls' centres (ties by table index), no random numbers.
 */
final class ClusterHulls {
    private ClusterHulls() {
    }

    /**
     * The hull table with the proxies: {@code hullStart} is rewritten in place (one run per node), the
     * returned index and table hold every node's hulls (the table's first entries are {@code hulls},
     * unchanged, then the proxies).
     */
    static CollectionBuilder.HullTable reduce(int budget, int[] childCount, int[] hullStart, int[] hullIndex,
                                              ConvexPolytope[] hulls) {
        int n = childCount.length;
        List<ConvexPolytope> table = new ArrayList<>(Arrays.asList(hulls));
        int[] index = new int[hullIndex.length];
        int at = 0;
        int[] newStart = new int[n + 1];
        for (int i = 0; i < n; i++) {
            int from = hullStart[i], to = hullStart[i + 1];
            newStart[i] = at;
            if (childCount[i] == 0 || to - from <= budget) {
                for (int k = from; k < to; k++) {
                    index = grow(index, at + 1);
                    index[at++] = hullIndex[k];
                }
                continue;
            }
            int[] members = Arrays.copyOfRange(hullIndex, from, to);
            List<int[]> groups = new ArrayList<>();
            split(members, budget, hulls, groups);
            for (int[] g : groups) {
                index = grow(index, at + 1);
                index[at++] = table.size();
                table.add(hullOf(g, hulls));
            }
        }
        newStart[n] = at;
        System.arraycopy(newStart, 0, hullStart, 0, n + 1);
        return new CollectionBuilder.HullTable(table.toArray(new ConvexPolytope[0]), Arrays.copyOf(index, at));
    }

    private static int[] grow(int[] a, int need) {
        return need <= a.length ? a : Arrays.copyOf(a, Math.max(need, 2 * a.length));
    }

    /** Cuts {@code members} (table indices) into {@code k} groups of nearby hulls, appended to {@code out}. */
    private static void split(int[] members, int k, ConvexPolytope[] hulls, List<int[]> out) {
        if (k <= 1 || members.length <= 1) {
            out.add(members);
            return;
        }
        // the axis along which the members' centres spread most
        double[] lo = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY};
        double[] hi = {Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY};
        for (int m : members) {
            for (int a = 0; a < 3; a++) {
                double c = centre(hulls[m], a);
                lo[a] = Math.min(lo[a], c);
                hi[a] = Math.max(hi[a], c);
            }
        }
        int axis = 0;
        for (int a = 1; a < 3; a++) {
            if (hi[a] - lo[a] > hi[axis] - lo[axis]) {
                axis = a;
            }
        }
        final int ax = axis;
        Integer[] sorted = new Integer[members.length];
        for (int i = 0; i < members.length; i++) {
            sorted[i] = members[i];
        }
        Arrays.sort(sorted, (p, q) -> {
            int c = Double.compare(centre(hulls[p], ax), centre(hulls[q], ax));
            return c != 0 ? c : Integer.compare(p, q);
        });
        int kLeft = k / 2;
        int cut = (int) ((long) members.length * kLeft / k);
        cut = Math.max(1, Math.min(members.length - 1, cut));
        int[] left = new int[cut], right = new int[members.length - cut];
        for (int i = 0; i < members.length; i++) {
            if (i < cut) {
                left[i] = sorted[i];
            } else {
                right[i - cut] = sorted[i];
            }
        }
        split(left, kLeft, hulls, out);
        split(right, k - kLeft, hulls, out);
    }

    /** The centre of hull {@code h}'s bounds along {@code axis}. */
    private static double centre(ConvexPolytope h, int axis) {
        double[] b = h.bounds();
        return 0.5 * (b[axis] + b[3 + axis]);
    }

    /**
     * The convex hull of the group's hulls' vertices (their bounds box if the points span no volume); a new
     * object even for a group of one, so that no proxy is a leaf's own hull (drawing tells them apart by
     * identity: {@code PieceMeshes}).
     */
    private static ConvexPolytope hullOf(int[] group, ConvexPolytope[] hulls) {
        int count = 0;
        for (int m : group) {
            count += hulls[m].vertexCount();
        }
        double[] pts = new double[3 * count];
        int o = 0;
        double[] box = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY};
        for (int m : group) {
            ConvexPolytope h = hulls[m];
            for (int v = 0; v < h.vertexCount(); v++) {
                for (int a = 0; a < 3; a++) {
                    double x = h.vertex(v, a);
                    pts[o++] = x;
                    box[a] = Math.min(box[a], x);
                    box[3 + a] = Math.max(box[3 + a], x);
                }
            }
        }
        try {
            return MeshFracture.toPolytope(QuickHull.of(pts));
        } catch (IllegalArgumentException e) {
            double hx = 0.5 * (box[3] - box[0]), hy = 0.5 * (box[4] - box[1]), hz = 0.5 * (box[5] - box[2]);
            return ConvexPolytope.box(box[0] + hx, box[1] + hy, box[2] + hz, hx, hy, hz);
        }
    }
}
