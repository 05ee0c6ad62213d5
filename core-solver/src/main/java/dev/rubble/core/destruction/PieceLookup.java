package dev.rubble.core.destruction;

import dev.rubble.core.body.BodyStore;

/**
 * Which authored node of a piece lies under a world point (Chaos's leaf sub-trace for scene
 * queries): the point goes into the collection frame of the piece's body, then down the piece's
 * run-time tree, at each level to the child whose hulls are nearest by signed distance (inside is
 * negative; ties to the lower id), until a leaf. An internal cluster (no asset node of its own)
 * starts from its children.
 */
final class PieceLookup {
    private PieceLookup() {
    }

    /** World point (x, y, z) in the collection frame of node g, whose body is in {@code slot}. */
    private static double[] local(DestructionContext d, int slot, int g, double x, double y, double z) {
        ClusterStore s = d.store;
        BodyStore b = d.bodies;
        double dx = x - b.px[slot], dy = y - b.py[slot], dz = z - b.pz[slot];
        double qx = -b.qx[slot], qy = -b.qy[slot], qz = -b.qz[slot], qw = b.qw[slot];
        return new double[] {Rot.x(qx, qy, qz, qw, dx, dy, dz) + s.com[3 * g],
            Rot.y(qx, qy, qz, qw, dx, dy, dz) + s.com[3 * g + 1], Rot.z(qx, qy, qz, qw, dx, dy, dz) + s.com[3 * g + 2]};
    }

    /**
     * The signed distance (metres; negative inside) from world point (x, y, z) to the collision hulls of
     * the piece whose body is in {@code slot}: its top node's own hulls, or for an internal cluster (no
     * asset node of its own) its children's; +∞ when the body is not a piece. The plane distance the
     * gather uses (at most the true distance outside a hull).
     */
    static double distance(DestructionContext d, int slot, double x, double y, double z) {
        int g = d.nodeOfSlot(slot);
        if (g < 0) {
            return Double.POSITIVE_INFINITY;
        }
        ClusterStore s = d.store;
        double[] l = local(d, slot, g, x, y, z);
        PlacedCollection pc = d.collections.get(s.collection[g]);
        if (s.node[g] >= 0) {
            return CollisionStrain.distance(pc.asset, s.node[g], l[0], l[1], l[2]);
        }
        double best = Double.POSITIVE_INFINITY;
        for (int c = s.firstChild[g]; c != ClusterStore.NONE; c = s.nextSibling[c]) {
            best = Math.min(best, CollisionStrain.distance(pc.asset, s.node[c], l[0], l[1], l[2]));
        }
        return best;
    }

    /** The asset node under world point (x, y, z) in the piece whose body is in {@code slot}, or -1. */
    static int assetNodeAt(DestructionContext d, int slot, double x, double y, double z) {
        int g = d.nodeOfSlot(slot);
        if (g < 0) {
            return -1;
        }
        ClusterStore s = d.store;
        double[] l = local(d, slot, g, x, y, z);
        double lx = l[0], ly = l[1], lz = l[2];
        PlacedCollection pc = d.collections.get(s.collection[g]);
        while (s.firstChild[g] != ClusterStore.NONE) {
            int best = -1;
            double bestD = Double.POSITIVE_INFINITY;
            for (int c = s.firstChild[g]; c != ClusterStore.NONE; c = s.nextSibling[c]) {
                double dist = CollisionStrain.distance(pc.asset, s.node[c], lx, ly, lz);
                if (dist < bestD || (dist == bestD && c < best)) {
                    bestD = dist;
                    best = c;
                }
            }
            g = best;
        }
        return s.node[g];
    }

    /**
     * The asset nodes of the piece whose body is in {@code slot} that a point strain of reach
     * {@code radius} at world point (x, y, z) touches: first the node under the point
     * ({@link #assetNodeAt}), then, breadth first in child order, every node held in the piece (its
     * run-time subtree below its top node; internal clusters have no asset node) whose hulls come within
     * {@code radius} of the point by the signed plane distance the collision gather uses. Empty when
     * the body is not a piece. Allocates (an API query, not a step pass).
     */
    static int[] nodesNear(DestructionContext d, int slot, double x, double y, double z, double radius) {
        int under = assetNodeAt(d, slot, x, y, z);
        if (under < 0) {
            return new int[0];
        }
        int top = d.nodeOfSlot(slot);
        ClusterStore s = d.store;
        double[] l = local(d, slot, top, x, y, z);
        double lx = l[0], ly = l[1], lz = l[2];
        PlacedCollection pc = d.collections.get(s.collection[top]);
        int[] out = new int[8];
        int n = 0;
        out[n++] = under;
        java.util.ArrayDeque<Integer> queue = new java.util.ArrayDeque<>(); // breadth first, never recursion
        for (int c = s.firstChild[top]; c != ClusterStore.NONE; c = s.nextSibling[c]) {
            queue.add(c);
        }
        while (!queue.isEmpty()) {
            int g = queue.poll();
            int nd = s.node[g];
            if (nd >= 0 && nd != under && CollisionStrain.distance(pc.asset, nd, lx, ly, lz) <= radius) {
                if (n == out.length) {
                    out = java.util.Arrays.copyOf(out, 2 * n);
                }
                out[n++] = nd;
            }
            for (int c = s.firstChild[g]; c != ClusterStore.NONE; c = s.nextSibling[c]) {
                queue.add(c);
            }
        }
        return java.util.Arrays.copyOf(out, n);
    }
}
