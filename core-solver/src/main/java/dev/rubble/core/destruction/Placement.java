package dev.rubble.core.destruction;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.MotionType;
import dev.rubble.spi.collection.CollectionAsset;
import dev.rubble.spi.damage.DamageModel;
import dev.rubble.spi.strain.StrainModifier;
import java.util.Arrays;
import java.util.Objects;

/**
 * Placing a collection (SPEC §4): its nodes enter the {@link ClusterStore} with the damage model's
 * thresholds and the anchors (asset flags, kinematic/static initial states, anchor ids and boxes),
 * and its root becomes one body (its own hulls about its centre of mass; kinematic when anchored).
 * Validates everything before it changes anything.
 */
final class Placement {
    private final DestructionContext d;

    Placement(DestructionContext d) {
        this.d = d;
    }

    /**
     * Places a collection and returns its index (placement order).
     *
     * @throws IllegalArgumentException naming a bad anchor or a bad threshold from the damage model
     */
    int place(CollectionAsset asset, CollectionPlacement pl, DamageModel model, StrainModifier[] modifiers) {
        Objects.requireNonNull(asset, "asset is null");
        Objects.requireNonNull(pl, "placement is null");
        Objects.requireNonNull(model, "damage model is null");
        int n = asset.nodeCount();
        int[] an = pl.anchorNodes();
        for (int i = 0; i < an.length; i++) {
            if (an[i] < 0 || an[i] >= n) {
                throw new IllegalArgumentException("anchors[" + i + "] = " + an[i] + "; allowed: node ids [0, " + n + ")");
            }
        }
        PlacedCollection pc = new PlacedCollection(d.collections.size(), pl.label(), asset, d.store.size(), pl.options(),
                model, modifiers == null ? new StrainModifier[0] : modifiers.clone());
        double[] thr = thresholds(asset, pc, model);
        boolean[] pin = pins(asset, an, pl.anchorBoxes());
        double qn = Math.sqrt(pl.qx() * pl.qx() + pl.qy() * pl.qy() + pl.qz() * pl.qz() + pl.qw() * pl.qw());
        double qx = pl.qx() / qn, qy = pl.qy() / qn, qz = pl.qz() / qn, qw = pl.qw() / qn;
        inRange(asset, pl, qx, qy, qz, qw);
        // validated: now mutate
        int base = d.store.append(n);
        writeNodes(asset, pc, base, thr, pin);
        d.collections.add(pc);
        d.growGlobal();
        int root = base;
        double cx = d.store.com[3 * root], cy = d.store.com[3 * root + 1], cz = d.store.com[3 * root + 2];
        double px = pl.x() + Rot.x(qx, qy, qz, qw, cx, cy, cz);
        double py = pl.y() + Rot.y(qx, qy, qz, qw, cx, cy, cz);
        double pz = pl.z() + Rot.z(qx, qy, qz, qw, cx, cy, cz);
        MotionType m;
        boolean asleep = false;
        if (d.store.anchoredCount[root] > 0) {
            m = MotionType.KINEMATIC;
        } else {
            switch (pl.state()) {
                case KINEMATIC -> m = MotionType.KINEMATIC;
                case STATIC -> m = MotionType.STATIC;
                case SLEEPING -> {
                    m = MotionType.DYNAMIC;
                    asleep = true;
                }
                default -> m = MotionType.DYNAMIC;
            }
        }
        boolean moving = m != MotionType.STATIC && d.store.anchoredCount[root] == 0 && !asleep;
        d.createBody(root, null, px, py, pz, qx, qy, qz, qw,
                moving ? pl.vx() : 0, moving ? pl.vy() : 0, moving ? pl.vz() : 0,
                moving ? pl.wx() : 0, moving ? pl.wy() : 0, moving ? pl.wz() : 0, m, asleep);
        d.markChildren(root, false);
        d.mixDigest(n, base);
        return pc.index;
    }

    /**
     * Every node's centre of mass at the placement lies within ±{@link BodyStore#MAX_COORDINATE} m on each axis
     * (the range of every body position; docs/java-api.md "Coordinates"), or an IllegalArgumentException naming
     * the first node that does not. Only the placement's origin was checked: a collection placed 1 m inside the
     * range whose pieces lie 2 m out in its frame (or whose root's centre does) made bodies beyond it, the root at
     * once and the pieces when they broke off, which the step's guard disabled only a step later, and a snapshot
     * saved in between was refused by every restore.
     */
    private static void inRange(CollectionAsset asset, CollectionPlacement pl, double qx, double qy, double qz,
                                double qw) {
        double[] com = asset.com();
        double r = BodyStore.MAX_COORDINATE;
        for (int i = 0; i < asset.nodeCount(); i++) {
            double cx = com[3 * i], cy = com[3 * i + 1], cz = com[3 * i + 2];
            double x = pl.x() + Rot.x(qx, qy, qz, qw, cx, cy, cz);
            double y = pl.y() + Rot.y(qx, qy, qz, qw, cx, cy, cz);
            double z = pl.z() + Rot.z(qx, qy, qz, qw, cx, cy, cz);
            if (!(Math.abs(x) <= r && Math.abs(y) <= r && Math.abs(z) <= r)) {
                throw new IllegalArgumentException("collection node " + i + " centre of mass = (" + x + ", " + y + ", "
                        + z + ") placed (its centre (" + cx + ", " + cy + ", " + cz + ") in the collection's frame, the"
                        + " collection at (" + pl.x() + ", " + pl.y() + ", " + pl.z() + ")); allowed: each coordinate"
                        + " within ±" + r + " m");
            }
        }
    }

    /**
     * The damage model's thresholds of every node, each checked and then multiplied by its material's
     * multiplier. This and the other per-node loops of {@link #place} are methods of their own so the JIT
     * compiles each loop once (a loop compiled on the stack is compiled with its whole method: {@code place}
     * was compiled seven times in a bake, six of them by C2: 1 s of compile time).
     */
    private static double[] thresholds(CollectionAsset asset, PlacedCollection pc, DamageModel model) {
        int n = asset.nodeCount();
        double[] thr = new double[n];
        Arrays.fill(thr, Double.NaN);
        model.thresholds(asset, pc, thr);
        for (int i = 0; i < n; i++) {
            if (!(thr[i] >= 0)) {
                throw new IllegalArgumentException("damage model threshold of node " + i + " = " + thr[i]
                        + "; allowed: >= 0 or +Infinity");
            }
        }
        for (int i = 0; i < n; i++) {
            thr[i] = Materials.finish(pc, i, thr[i]); // issue 23: the asset's own threshold, x its material's multiplier
        }
        return thr;
    }

    /** Which nodes are pinned: the asset's anchors, its kinematic and static nodes, the placement's anchor nodes and boxes. */
    private static boolean[] pins(CollectionAsset asset, int[] anchorNodes, double[] anchorBoxes) {
        int n = asset.nodeCount();
        boolean[] pin = asset.anchored().clone();
        byte[] st = asset.initialState();
        for (int i = 0; i < n; i++) {
            pin[i] |= st[i] == CollectionAsset.STATE_KINEMATIC || st[i] == CollectionAsset.STATE_STATIC;
        }
        for (int id : anchorNodes) {
            pin[id] = true;
        }
        markBoxes(asset, anchorBoxes, pin, true);
        return pin;
    }

    /** The collection's nodes into the cluster store from slot {@code base} on, linked to their parents, anchors counted up. */
    private void writeNodes(CollectionAsset asset, PlacedCollection pc, int base, double[] thr, boolean[] pin) {
        int n = asset.nodeCount();
        int[] par = asset.parent(), lev = asset.level(), fc = asset.firstChild();
        for (int i = 0; i < n; i++) {
            int g = base + i;
            d.store.collection[g] = pc.index;
            d.store.node[g] = i;
            d.store.level[g] = lev[i];
            d.store.mass[g] = asset.mass()[i];
            System.arraycopy(asset.com(), 3 * i, d.store.com, 3 * g, 3);
            System.arraycopy(asset.inertia(), 6 * i, d.store.inertia, 6 * g, 6);
            d.store.threshold[g] = thr[i];
            d.store.anchored[g] = pin[i];
            d.store.anchoredCount[g] = pin[i] ? 1 : 0;
            if (par[i] >= 0) {
                d.store.link(base + par[i], g, i == fc[par[i]] ? ClusterStore.NONE : g - 1);
            }
        }
        for (int i = n - 1; i > 0; i--) {
            d.store.anchoredCount[base + par[i]] += d.store.anchoredCount[base + i];
        }
    }

    /** Sets {@code out[i] = value} for every leaf whose centre of mass lies in one of the boxes (6 numbers each); returns how many changed. */
    static int markBoxes(CollectionAsset a, double[] boxes, boolean[] out, boolean value) {
        int changed = 0;
        double[] com = a.com();
        int[] cc = a.childCount();
        for (int b = 0; b + 5 < boxes.length; b += 6) {
            for (int i = 0; i < a.nodeCount(); i++) {
                if (cc[i] != 0) {
                    continue;
                }
                double x = com[3 * i], y = com[3 * i + 1], z = com[3 * i + 2];
                if (x >= boxes[b] && y >= boxes[b + 1] && z >= boxes[b + 2]
                        && x <= boxes[b + 3] && y <= boxes[b + 4] && z <= boxes[b + 5] && out[i] != value) {
                    out[i] = value;
                    changed++;
                }
            }
        }
        return changed;
    }
}
