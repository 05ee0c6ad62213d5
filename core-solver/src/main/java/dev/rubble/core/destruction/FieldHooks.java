package dev.rubble.core.destruction;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.command.FieldMeta;
import dev.rubble.core.field.FieldPieces;
import dev.rubble.core.field.HeldSamples;

/**
 * The destruction side of fields (issue 24; docs/fields.md, "Collections"): which bodies are
 * pieces, the held pieces a field samples (at their world position through their holder:
 * {@code p_h + R_h (com_g − com_h)}, reference: chaos-fields-events-cache §1.3), the strain targets
 * on them, and velocities written to held pieces that the release pass adds on top of what they
 * inherit in the same step (issue 24 item 5). Identities of held pieces: {@code 1 << 62 |
 * collection << 32 | node}, disjoint from body handles.
 */
final class FieldHooks implements FieldPieces {
    private final DestructionContext d;

    FieldHooks(DestructionContext d) {
        this.d = d;
    }

    @Override
    public boolean isPiece(int slot) {
        return d.nodeOfSlot(slot) != ClusterStore.NONE;
    }

    @Override
    public void held(FieldMeta.Resolution resolution, double[] bo, HeldSamples out) {
        if (resolution == FieldMeta.Resolution.DISABLED_PARENTS || d.collections.isEmpty()) {
            return;
        }
        ClusterStore s = d.store;
        BodyStore b = d.bodies;
        boolean maximum = resolution == FieldMeta.Resolution.MAXIMUM;
        for (int g = 0, n = s.size(); g < n; g++) {
            if (s.body[g] != ClusterStore.NONE) {
                continue;
            }
            int h = s.parent[g];
            if (h == ClusterStore.NONE) {
                continue;
            }
            if (!maximum && s.body[h] == ClusterStore.NONE) {
                continue; // minimal: direct children of active holders only
            }
            while (h != ClusterStore.NONE && s.body[h] == ClusterStore.NONE) {
                h = s.parent[h];
            }
            if (h == ClusterStore.NONE) {
                continue; // inert (throttled) piece
            }
            int slot = (int) s.body[h];
            if (!b.isLive(slot) || b.handle(slot) != s.body[h]) {
                continue;
            }
            double qx = b.qx[slot], qy = b.qy[slot], qz = b.qz[slot], qw = b.qw[slot];
            double ox = s.com[3 * g] - s.com[3 * h], oy = s.com[3 * g + 1] - s.com[3 * h + 1],
                    oz = s.com[3 * g + 2] - s.com[3 * h + 2];
            double x = b.px[slot] + Rot.x(qx, qy, qz, qw, ox, oy, oz);
            double y = b.py[slot] + Rot.y(qx, qy, qz, qw, ox, oy, oz);
            double z = b.pz[slot] + Rot.z(qx, qy, qz, qw, ox, oy, oz);
            if (bo != null && (x < bo[0] || y < bo[1] || z < bo[2] || x > bo[3] || y > bo[4] || z > bo[5])) {
                continue;
            }
            out.add(g, x, y, z, 1L << 62 | (long) s.collection[g] << 32 | s.node[g]);
        }
    }

    @Override
    public void externalStrain(int g, double v) {
        if (v > 0 && v > d.store.externalLoad[g]) { // Chaos: max, values <= 0 ignored
            d.store.externalLoad[g] = v;
        }
        if (v > 0 && d.store.isHeldByActive(g)) {
            d.addList(g);
        }
    }

    @Override
    public void internalStrain(int g, double v) {
        if (v == 0) {
            return;
        }
        d.store.threshold[g] = Math.max(0, d.store.threshold[g] + v);
        d.thresholdChanged(g);
        if (d.store.isHeldByActive(g)) {
            d.addList(g);
        }
    }

    @Override
    public void addVelocity(int g, boolean angular, double x, double y, double z) {
        d.addFieldVelocity(g, angular ? 3 : 0, x, y, z);
    }
}
