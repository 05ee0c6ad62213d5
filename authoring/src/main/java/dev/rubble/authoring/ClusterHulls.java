package dev.rubble.authoring;

import dev.rubble.authoring.mesh.MeshFracture;
import dev.rubble.geometry.hull.QuickHull;
import dev.rubble.spi.geom.ConvexPolytope;
import dev.rubble.spi.sort.PrimitiveOrder;
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
        double[] centres = null; // each hull's bounds centre, made once when a node is reduced
        int[] index = new int[hullIndex.length]; // a node keeps its hulls or gets fewer: never more in all
        int at = 0;
        int[] newStart = new int[n + 1];
        for (int i = 0; i < n; i++) {
            int from = hullStart[i], to = hullStart[i + 1];
            newStart[i] = at;
            if (childCount[i] == 0 || to - from <= budget) {
                System.arraycopy(hullIndex, from, index, at, to - from);
                at += to - from;
                continue;
            }
            if (centres == null) {
                centres = new double[3 * hulls.length];
                for (int h = 0; h < hulls.length; h++) {
                    double[] b = hulls[h].bounds();
                    for (int a = 0; a < 3; a++) {
                        centres[3 * h + a] = 0.5 * (b[a] + b[3 + a]);
                    }
                }
            }
            List<int[]> groups = new ArrayList<>();
            split(Arrays.copyOfRange(hullIndex, from, to), budget, centres, groups);
            for (int[] g : groups) {
                index[at++] = table.size();
                table.add(hullOf(g, hulls));
            }
        }
        newStart[n] = at;
        System.arraycopy(newStart, 0, hullStart, 0, n + 1);
        return new CollectionBuilder.HullTable(table.toArray(new ConvexPolytope[0]), Arrays.copyOf(index, at));
    }

    /**
     * Cuts {@code members} (table indices) into {@code k} groups of nearby hulls, appended to {@code out}: along
     * the axis their centres spread most, in centre order (ties by table index), the first {@code k/2} share of
     * them and the rest, each cut again.
     */
    private static void split(int[] members, int k, double[] centres, List<int[]> out) {
        if (k <= 1 || members.length <= 1) {
            out.add(members);
            return;
        }
        double[] lo = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY};
        double[] hi = {Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY};
        for (int m : members) {
            for (int a = 0; a < 3; a++) {
                lo[a] = Math.min(lo[a], centres[3 * m + a]);
                hi[a] = Math.max(hi[a], centres[3 * m + a]);
            }
        }
        int axis = 0;
        for (int a = 1; a < 3; a++) {
            if (hi[a] - lo[a] > hi[axis] - lo[axis]) {
                axis = a;
            }
        }
        long[] along = new long[members.length], id = new long[members.length];
        for (int j = 0; j < members.length; j++) {
            along[j] = PrimitiveOrder.key(centres[3 * members[j] + axis]);
            id[j] = members[j];
        }
        int[] order = PrimitiveOrder.order(along, id, null);
        int kLeft = k / 2;
        int cut = Math.max(1, Math.min(members.length - 1, (int) ((long) members.length * kLeft / k)));
        int[] left = new int[cut], right = new int[members.length - cut];
        for (int j = 0; j < members.length; j++) {
            if (j < cut) {
                left[j] = members[order[j]];
            } else {
                right[j - cut] = members[order[j]];
            }
        }
        split(left, kLeft, centres, out);
        split(right, k - kLeft, centres, out);
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
