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

    /** The asset node under world point (x, y, z) in the piece whose body is in {@code slot}, or -1. */
    static int assetNodeAt(DestructionContext d, int slot, double x, double y, double z) {
        int g = d.nodeOfSlot(slot);
        if (g < 0) {
            return -1;
        }
        ClusterStore s = d.store;
        BodyStore b = d.bodies;
        double dx = x - b.px[slot], dy = y - b.py[slot], dz = z - b.pz[slot];
        double qx = -b.qx[slot], qy = -b.qy[slot], qz = -b.qz[slot], qw = b.qw[slot];
        double lx = Rot.x(qx, qy, qz, qw, dx, dy, dz) + s.com[3 * g];
        double ly = Rot.y(qx, qy, qz, qw, dx, dy, dz) + s.com[3 * g + 1];
        double lz = Rot.z(qx, qy, qz, qw, dx, dy, dz) + s.com[3 * g + 2];
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
}
