package dev.rubble.core.destruction;

import dev.rubble.core.body.StateHash;
import dev.rubble.spi.collection.CollectionAsset;
import dev.rubble.spi.collection.Strengths;
import dev.rubble.spi.damage.DamageModel;
import java.util.Arrays;

/**
 * Authored strengths and materials (issue 23; docs/destruction.md "Thresholds, materials and bond
 * strength"): a node's threshold is {@code multiplier[material] × (authored threshold, else the damage
 * model's)}, with {@code +∞} kept; bonds whose damage model gives them a finite capacity fail on their
 * own. Run-time changes of the damage model, a node's material or a material's multiplier recompute
 * the thresholds they touch from the model, the asset and the multipliers (run-time threshold edits of
 * those nodes are replaced). Stateless helpers over a {@link PlacedCollection}.
 */
final class Materials {
    private Materials() {
    }

    /** Fills the collection's materials, multipliers and bond capacities from its asset and damage model. */
    static void init(PlacedCollection pc) {
        Strengths s = pc.asset.strengths();
        pc.material = s == null ? new int[pc.asset.nodeCount()] : s.nodeMaterial().clone();
        pc.multiplier = s == null ? new double[] {1.0} : s.materialMultiplier().clone();
        capacities(pc);
    }

    /** Bond capacities from the current damage model (null when all are +∞). */
    static void capacities(PlacedCollection pc) {
        double[] cap = null;
        CollectionAsset a = pc.asset;
        for (int e = 0; e < a.edgeCount(); e++) {
            double c = pc.damage.bondCapacity(a, e);
            if (c < Double.POSITIVE_INFINITY) {
                if (cap == null) {
                    cap = new double[a.edgeCount()];
                    Arrays.fill(cap, Double.POSITIVE_INFINITY);
                }
                cap[e] = c >= 0 ? c : 0;
            }
        }
        pc.capacity = cap;
    }

    /** Node i's threshold from the damage model's value {@code model}: the authored one wins, then × its material's multiplier. */
    static double finish(PlacedCollection pc, int i, double model) {
        Strengths s = pc.asset.strengths();
        double t = s != null && !Double.isNaN(s.nodeThreshold()[i]) ? s.nodeThreshold()[i] : model;
        return Strengths.scale(t, pc.multiplier[pc.material[i]]);
    }

    /**
     * Recomputes the thresholds of collection {@code pc}'s nodes that {@code node} (-1 = every node)
     * and {@code material} (-1 = any) select, from its damage model with the bonds alive now.
     */
    static void recompute(DestructionContext d, PlacedCollection pc, int node, int material) {
        int n = pc.asset.nodeCount();
        double[] thr = new double[n];
        Arrays.fill(thr, Double.NaN);
        pc.damage.thresholds(pc.asset, pc, thr);
        ClusterStore s = d.store;
        for (int i = node < 0 ? 0 : node; i < (node < 0 ? n : node + 1); i++) {
            if (material >= 0 && pc.material[i] != material) {
                continue;
            }
            double t = finish(pc, i, thr[i] >= 0 ? thr[i] : 0);
            int g = pc.base + i;
            if (Double.doubleToRawLongBits(t) != Double.doubleToRawLongBits(s.threshold[g])) {
                s.threshold[g] = t;
                d.thresholdChanged(g);
                if (t <= 0 && s.isHeldByActive(g)) {
                    d.addList(g);
                }
            }
        }
    }

    /** Replaces collection {@code pc}'s damage model (its options name it) and recomputes every threshold. */
    static void setModel(DestructionContext d, PlacedCollection pc, DamageModel model, DestructionOptions options) {
        pc.damage = model;
        pc.forces = model.loadsAreForces();
        pc.options = options;
        capacities(pc);
        d.digest = StateHash.mix(d.digest, 0x4d4f44454cL ^ pc.index); // "MODEL"
        recompute(d, pc, -1, -1);
    }

    /** Sets node {@code i}'s material and recomputes its threshold. */
    static void setMaterial(DestructionContext d, PlacedCollection pc, int i, int material) {
        if (material < 0 || material >= pc.multiplier.length) {
            throw new IllegalArgumentException("material = " + material + "; allowed: [0, " + pc.multiplier.length
                    + ") in collection " + pc.index + " (its materials)");
        }
        if (pc.material[i] == material) {
            return;
        }
        pc.material[i] = material;
        d.mixDigest(((long) pc.index << 32) | i, material);
        recompute(d, pc, i, -1);
    }

    /** Sets material {@code m}'s multiplier and recomputes the thresholds of its nodes. */
    static void setMultiplier(DestructionContext d, PlacedCollection pc, int m, double multiplier) {
        checkMaterial(pc, m);
        Strengths.checkMultiplier("multiplier", multiplier);
        if (Double.doubleToRawLongBits(pc.multiplier[m]) == Double.doubleToRawLongBits(multiplier)) {
            return;
        }
        pc.multiplier[m] = multiplier;
        d.mixDigest(((long) pc.index << 32) | m, Double.doubleToRawLongBits(multiplier));
        recompute(d, pc, -1, m);
    }

    static void checkMaterial(PlacedCollection pc, int m) {
        if (m < 0 || m >= pc.multiplier.length) {
            throw new IllegalArgumentException("material = " + m + "; allowed: [0, " + pc.multiplier.length
                    + ") in collection " + pc.index + " (its materials)");
        }
    }

    /** Whether the collection's materials and multipliers are still the asset's (snapshots skip them then). */
    static boolean asAuthored(PlacedCollection pc) {
        Strengths s = pc.asset.strengths();
        return s == null ? Arrays.equals(pc.multiplier, new double[] {1.0}) && Arrays.stream(pc.material).allMatch(x -> x == 0)
                : Arrays.equals(pc.multiplier, s.materialMultiplier()) && Arrays.equals(pc.material, s.nodeMaterial());
    }
}
