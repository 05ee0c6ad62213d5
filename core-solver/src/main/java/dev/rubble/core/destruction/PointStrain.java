package dev.rubble.core.destruction;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.command.Command;
import java.util.Arrays;

/**
 * External strain at a point ({@link Command.ExternalStrainAt}; reference:
 * chaos-clusters-strain-runtime §4.3): for each active holder whose bounds meet the sphere, the
 * children whose bounds are within the radius (or the nearest child) take the strain, then rings
 * along live bonds, breadth first, up to the propagation depth, the strain scaled by the factor per
 * ring; loads max-combine and the children join this step's strained list. Scratch: the ring queue
 * and a visited flag per node.
 */
final class PointStrain implements Pass {
    private final DestructionContext d;
    private int[] tmp = new int[16];
    private boolean[] visited = new boolean[0];

    PointStrain(DestructionContext d) {
        this.d = d;
    }

    /** {@link Command.ExternalStrainAt}: children of active holders within the sphere, then rings along bonds. */
    void run(Command.ExternalStrainAt x) {
        if (visited.length < d.store.size()) {
            visited = Arrays.copyOf(visited, Math.max(d.store.size(), visited.length * 2));
        }
        ClusterStore s = d.store;
        BodyStore b = d.bodies;
        double r = x.radius();
        for (int i = d.activeCount - 1; i >= 0; i--) { // backwards: a dead body is swap-removed behind us
            int h = d.active[i];
            if (s.childCount[h] == 0 || !d.bodyAlive(h)) {
                continue;
            }
            int slot = b.slot(s.body[h]);
            double[] bo = b.bounds;
            int o = 6 * slot;
            if (bo[o] > x.x() + r || bo[o + 1] > x.y() + r || bo[o + 2] > x.z() + r
                    || bo[o + 3] < x.x() - r || bo[o + 4] < x.y() - r || bo[o + 5] < x.z() - r) {
                continue;
            }
            PlacedCollection pc = d.collections.get(s.collection[h]);
            // the point in the collection frame
            double dx = x.x() - b.px[slot], dy = x.y() - b.py[slot], dz = x.z() - b.pz[slot];
            double qx = -b.qx[slot], qy = -b.qy[slot], qz = -b.qz[slot], qw = b.qw[slot];
            double lx = Rot.x(qx, qy, qz, qw, dx, dy, dz) + s.com[3 * h];
            double ly = Rot.y(qx, qy, qz, qw, dx, dy, dz) + s.com[3 * h + 1];
            double lz = Rot.z(qx, qy, qz, qw, dx, dy, dz) + s.com[3 * h + 2];
            int ring = 0;
            int nearest = ClusterStore.NONE;
            double nearestD = Double.POSITIVE_INFINITY;
            double[] ab = pc.asset.bounds();
            for (int c = s.firstChild[h]; c != ClusterStore.NONE; c = s.nextSibling[c]) {
                int k = 6 * s.node[c];
                double ex = Math.max(Math.max(ab[k] - lx, 0), lx - ab[k + 3]);
                double ey = Math.max(Math.max(ab[k + 1] - ly, 0), ly - ab[k + 4]);
                double ez = Math.max(Math.max(ab[k + 2] - lz, 0), lz - ab[k + 5]);
                double dist2 = ex * ex + ey * ey + ez * ez;
                if (dist2 <= r * r) {
                    ringAdd(c, ring++);
                } else if (dist2 < nearestD) {
                    nearestD = dist2;
                    nearest = c;
                }
            }
            if (ring == 0 && nearest != ClusterStore.NONE) {
                ringAdd(nearest, ring++);
            }
            // rings along live bonds, breadth first
            int head = 0, tail = ring;
            for (int q = 0; q < tail; q++) {
                visited[tmp[q]] = true;
            }
            double strain = x.strain();
            int[] es = pc.asset.edgeStart(), el = pc.asset.edgeList(), ea = pc.asset.edgeA(), eb = pc.asset.edgeB();
            for (int depth = 0; depth <= x.propagationDepth() && head < tail; depth++) {
                int end = tail;
                for (int q = head; q < end; q++) {
                    int c = tmp[q];
                    if (strain > s.externalLoad[c]) {
                        s.externalLoad[c] = strain;
                    }
                    d.addList(c);
                    if (depth == x.propagationDepth()) {
                        continue;
                    }
                    int nd = s.node[c];
                    for (int k = es[nd]; k < es[nd + 1]; k++) {
                        int e = el[k];
                        int other = pc.base + (ea[e] == nd ? eb[e] : ea[e]);
                        if (pc.bondAlive[e] && s.parent[other] == h && !visited[other]) {
                            visited[other] = true;
                            ringAdd(other, tail++);
                        }
                    }
                }
                head = end;
                strain *= x.propagationFactor();
            }
            for (int q = 0; q < tail; q++) {
                visited[tmp[q]] = false;
            }
        }
    }

    private void ringAdd(int c, int at) {
        if (tmp.length <= at) {
            tmp = Arrays.copyOf(tmp, Math.max(at + 1, tmp.length * 2));
        }
        tmp[at] = c;
    }
}
