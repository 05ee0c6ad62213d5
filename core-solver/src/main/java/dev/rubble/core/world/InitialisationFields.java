package dev.rubble.core.world;

import dev.rubble.core.command.FieldSpec;
import dev.rubble.core.command.FieldTarget;
import dev.rubble.core.destruction.CollectionPlacement;
import dev.rubble.core.field.FieldException;
import dev.rubble.core.field.FieldTrees;
import dev.rubble.spi.collection.CollectionAsset;
import dev.rubble.spi.field.FieldContext;
import dev.rubble.spi.field.FieldNode;
import dev.rubble.spi.field.FieldValues;
import java.util.Arrays;

/**
 * Initialisation fields (issue 24 item 8; docs/fields.md, "Initialisation fields"; Chaos's
 * {@code InitializationFields}, reference: chaos-fields-events-cache §1.7, §5.1 P0): a field
 * evaluated once at a collection's leaves when it is placed — before its clusters are built, every
 * leaf sampled (resolution forced to Maximum), at the leaf's centre of mass in the world (placement
 * pose × collection frame). Target {@code dynamic-state}: a leaf whose value is 2 (kinematic) or 3
 * (static) is anchored, in addition to the placement's own anchors. The result is an ordinary
 * {@link CollectionPlacement} (its anchors listed), so journals and snapshots hold nothing new.
 */
final class InitialisationFields {
    private InitialisationFields() {
    }

    /**
     * The placement with the leaves that {@code field} marks (2 or 3) added to its anchors.
     *
     * @param path names the field's root in error messages
     * @throws FieldException naming the place of a bad node or parameter
     * @throws IllegalArgumentException for a target other than {@code dynamic-state}
     */
    static CollectionPlacement apply(FieldTrees trees, CollectionAsset asset, CollectionPlacement pl,
                                            FieldTarget target, FieldSpec field, String path) {
        if (target != FieldTarget.DYNAMIC_STATE) {
            throw new IllegalArgumentException("target = " + target.label()
                    + "; allowed for an initialisation field: dynamic-state (values 2 and 3 anchor the leaves)");
        }
        FieldNode root = trees.build(field, target, path);
        int n = asset.nodeCount();
        int[] leaves = new int[n];
        int count = 0;
        for (int g = 0; g < n; g++) {
            if (asset.childCount()[g] == 0) {
                leaves[count++] = g;
            }
        }
        FieldContext ctx = new FieldContext();
        ctx.ensureCapacity(count);
        ctx.size = count;
        double[] com = asset.com();
        double len = Math.sqrt(pl.qx() * pl.qx() + pl.qy() * pl.qy() + pl.qz() * pl.qz() + pl.qw() * pl.qw());
        double qx = pl.qx() / len, qy = pl.qy() / len, qz = pl.qz() / len, qw = pl.qw() / len;
        for (int k = 0; k < count; k++) {
            int g = leaves[k];
            double x = com[3 * g], y = com[3 * g + 1], z = com[3 * g + 2];
            double tx = 2 * (qy * z - qz * y), ty = 2 * (qz * x - qx * z), tz = 2 * (qx * y - qy * x);
            ctx.x[k] = pl.x() + x + qw * tx + (qy * tz - qz * ty);
            ctx.y[k] = pl.y() + y + qw * ty + (qz * tx - qx * tz);
            ctx.z[k] = pl.z() + z + qw * tz + (qx * ty - qy * tx);
            ctx.ids[k] = 1L << 62 | g;
            ctx.current.ints[k] = 4; // dynamic until anchored
        }
        FieldValues out = new FieldValues();
        out.ensureCapacity(count);
        int[] idx = new int[count];
        for (int k = 0; k < count; k++) {
            idx[k] = k;
        }
        int kept = root.evaluate(ctx, idx, count, out);
        int[] anchors = Arrays.copyOf(pl.anchorNodes(), pl.anchorNodes().length + kept);
        int a = pl.anchorNodes().length;
        for (int k = 0; k < kept; k++) {
            int v = out.ints[idx[k]];
            if (v == 2 || v == 3) {
                anchors[a++] = leaves[idx[k]];
            }
        }
        return pl.withAnchors(Arrays.copyOf(anchors, a), pl.anchorBoxes());
    }
}
