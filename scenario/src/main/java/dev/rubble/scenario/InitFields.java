package dev.rubble.scenario;

import dev.rubble.core.command.Command;
import dev.rubble.core.destruction.CollectionPlacement;
import dev.rubble.core.field.FieldException;
import dev.rubble.core.world.World;
import dev.rubble.spi.collection.CollectionAsset;
import dev.rubble.spi.field.FieldContext;
import dev.rubble.spi.field.FieldNode;
import dev.rubble.spi.field.FieldValues;
import java.util.Arrays;

/**
 * Initialisation fields (issue 24 item 8; docs/fields.md, "Initialisation fields"): a collection's
 * {@code fields[]} entries with {@code "collection": id} are evaluated at its leaves when it is
 * placed — before its clusters are built, every leaf sampled (Maximum resolution), at the leaf's
 * centre of mass in the world (placement pose × collection frame). A {@code dynamic-state} value of
 * 2 (kinematic) or 3 (static) anchors the leaf, added to the placement's own anchors.
 */
final class InitFields {
    private InitFields() {
    }

    static CollectionPlacement apply(World world, Scenario scenario, CollectionSpec col, CollectionAsset asset) {
        CollectionPlacement pl = col.placement();
        for (ScheduledCommand sc : scenario.commands()) {
            if (!"initField".equals(sc.type()) || !(sc.command() instanceof Command.ApplyField f)
                    || !f.name().equals(col.id())) {
                continue;
            }
            FieldNode root;
            try {
                root = world.context().fields.trees().build(f.field(), f.target(), sc.path() + ".field");
            } catch (FieldException e) {
                throw new ScenarioException(e.path(), e.detail().startsWith(" = ") ? e.detail().substring(3)
                        : e.detail().startsWith(": ") ? e.detail().substring(2) : e.detail().trim(), e);
            }
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
            for (int k = 0; k < count; k++) {
                int g = leaves[k];
                double[] p = rotate(pl.qx(), pl.qy(), pl.qz(), pl.qw(), com[3 * g], com[3 * g + 1], com[3 * g + 2]);
                ctx.x[k] = pl.x() + p[0];
                ctx.y[k] = pl.y() + p[1];
                ctx.z[k] = pl.z() + p[2];
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
            pl = pl.withAnchors(Arrays.copyOf(anchors, a), pl.anchorBoxes());
        }
        return pl;
    }

    private static double[] rotate(double qx, double qy, double qz, double qw, double x, double y, double z) {
        double n = Math.sqrt(qx * qx + qy * qy + qz * qz + qw * qw);
        qx /= n;
        qy /= n;
        qz /= n;
        qw /= n;
        double tx = 2 * (qy * z - qz * y), ty = 2 * (qz * x - qx * z), tz = 2 * (qx * y - qy * x);
        return new double[] {x + qw * tx + (qy * tz - qz * ty), y + qw * ty + (qz * tx - qx * tz), z + qw * tz + (qx * ty - qy * tx)};
    }
}
