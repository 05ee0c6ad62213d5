package dev.rubble.authoring;

import dev.rubble.authoring.mesh.MeshFracture;
import dev.rubble.geometry.hull.QuickHull;
import dev.rubble.geometry.polytope.PolytopeClipper;
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
        Foreign foreign = null; // the leaves' hulls, made once when a node is reduced
        int[] index = new int[hullIndex.length]; // a node keeps its hulls or gets fewer (grown if a split needs more)
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
            if (foreign == null) {
                foreign = new Foreign(childCount, hullStart, hullIndex, hulls);
            }
            foreign.markMembers(hullIndex, from, to);
            List<ConvexPolytope> proxies = new ArrayList<>();
            for (int[] g : groups) {
                clear(g, hulls, foreign, proxies);
            }
            if (at + proxies.size() > index.length) {
                index = Arrays.copyOf(index, Math.max(at + proxies.size(), 2 * index.length));
            }
            for (ConvexPolytope proxy : proxies) {
                index[at++] = table.size();
                table.add(proxy);
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
     * The proxy of one group, appended to {@code out}: its hull, cut back behind every leaf hull outside the node
     * that it reaches into ({@link Foreign#cutBack}). Chaos does the same ({@code EConvexOverlapRemoval}: a
     * cluster's convex hulls are cut where they overlap another's): a cluster released beside a sibling must not
     * start inside it, or the solver pushes the two apart and the release makes energy (dfuzz18: two
     * auto-clusters of 8.1 and 9.5 t left the floor at 0.36 m/s, +3 660 J). If nothing of the hull is left (a
     * leaf lying in a hollow of the group on every side), the group keeps its members' own hulls, which meet
     * their neighbours on shared faces only.
     */
    private static void clear(int[] group, ConvexPolytope[] hulls, Foreign foreign, List<ConvexPolytope> out) {
        ConvexPolytope h = foreign.cutBack(hullOf(group, hulls));
        if (h != null) {
            out.add(h);
            return;
        }
        for (int m : group) {
            out.add(hullOf(new int[] {m}, hulls));
        }
    }

    /** The collection's leaf hulls, and which of them belong to the node being reduced. */
    private static final class Foreign {
        final int[] leafHulls; // distinct table indices of every leaf's hulls, ascending
        final double[] bounds; // 6 per entry of leafHulls
        final ConvexPolytope[] hulls;
        final boolean[] member; // per table index: a hull of the node being reduced
        final double tol; // overlaps up to this depth are shared faces' round-off, metres

        Foreign(int[] childCount, int[] hullStart, int[] hullIndex, ConvexPolytope[] hulls) {
            this.hulls = hulls;
            boolean[] leaf = new boolean[hulls.length];
            for (int i = 0; i < childCount.length; i++) {
                if (childCount[i] == 0) {
                    for (int k = hullStart[i]; k < hullStart[i + 1]; k++) {
                        leaf[hullIndex[k]] = true;
                    }
                }
            }
            int n = 0;
            for (boolean l : leaf) {
                n += l ? 1 : 0;
            }
            leafHulls = new int[n];
            bounds = new double[6 * n];
            double[] all = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY,
                Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY};
            for (int h = 0, j = 0; h < hulls.length; h++) {
                if (leaf[h]) {
                    leafHulls[j] = h;
                    double[] b = hulls[h].bounds();
                    System.arraycopy(b, 0, bounds, 6 * j, 6);
                    for (int a = 0; a < 3; a++) {
                        all[a] = Math.min(all[a], b[a]);
                        all[3 + a] = Math.max(all[3 + a], b[3 + a]);
                    }
                    j++;
                }
            }
            double dx = all[3] - all[0], dy = all[4] - all[1], dz = all[5] - all[2];
            tol = n == 0 ? 0 : 1e-6 * Math.sqrt(dx * dx + dy * dy + dz * dz);
            member = new boolean[hulls.length];
        }

        void markMembers(int[] hullIndex, int from, int to) {
            Arrays.fill(member, false);
            for (int k = from; k < to; k++) {
                member[hullIndex[k]] = true;
            }
        }

        /**
         * Proxy {@code p} cut back behind every leaf hull outside the node that it reaches into by more than
         * {@link #tol}: each such hull's face plane that leaves most of the proxy's volume on the far side is a
         * cut (the lowest face on a tie). Null when a cut leaves nothing.
         */
        ConvexPolytope cutBack(ConvexPolytope p) {
            double[] pb = p.bounds();
            for (int j = 0; j < leafHulls.length && p != null; j++) {
                int h = leafHulls[j];
                if (member[h]) {
                    continue;
                }
                int o = 6 * j;
                if (bounds[o] >= pb[3] - tol || bounds[o + 3] <= pb[0] + tol || bounds[o + 1] >= pb[4] - tol
                        || bounds[o + 4] <= pb[1] + tol || bounds[o + 2] >= pb[5] - tol || bounds[o + 5] <= pb[2] + tol) {
                    continue;
                }
                ConvexPolytope f = hulls[h];
                if (separated(p, f, tol) || separated(f, p, tol)) {
                    continue;
                }
                ConvexPolytope best = null;
                double kept = -1;
                for (int k = 0; k < f.faceCount(); k++) {
                    // the far side of f's face k: n·x >= d, i.e. -n·x <= -d
                    ConvexPolytope c = PolytopeClipper.clip(p, -f.plane(k, 0), -f.plane(k, 1), -f.plane(k, 2), -f.plane(k, 3), tol);
                    double v = c == null ? 0 : c.volume();
                    if (c != null && v > kept) {
                        kept = v;
                        best = c;
                    }
                }
                p = best;
                if (p != null) {
                    pb = p.bounds();
                }
            }
            return p;
        }

        /**
         * Whether a face plane of {@code a} separates it from {@code b} to within {@code tol} (b lies no deeper than
         * tol behind it). Face axes only: two hulls that only an edge-edge axis separates count as overlapping, and
         * the group is split once more than it needed (never a proxy kept that overlaps).
         */
        private static boolean separated(ConvexPolytope a, ConvexPolytope b, double tol) {
            for (int f = 0; f < a.faceCount(); f++) {
                double nx = a.plane(f, 0), ny = a.plane(f, 1), nz = a.plane(f, 2), d = a.plane(f, 3);
                double min = Double.POSITIVE_INFINITY;
                for (int v = 0; v < b.vertexCount() && min > d - tol; v++) {
                    min = Math.min(min, nx * b.vertex(v, 0) + ny * b.vertex(v, 1) + nz * b.vertex(v, 2));
                }
                if (min >= d - tol) {
                    return true;
                }
            }
            return false;
        }
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
