package dev.rubble.plugin.field;

import dev.rubble.spi.field.FieldContext;
import dev.rubble.spi.field.FieldNode;
import dev.rubble.spi.field.FieldParams;
import dev.rubble.spi.field.FieldValues;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/** Test helper: builds nodes by name from the plugin and evaluates them at given points. */
final class Eval {
    final FieldContext ctx = new FieldContext();
    final FieldValues out = new FieldValues();
    int[] kept;

    Eval(double[][] points) {
        ctx.ensureCapacity(points.length);
        ctx.size = points.length;
        for (int i = 0; i < points.length; i++) {
            ctx.x[i] = points[i][0];
            ctx.y[i] = points[i][1];
            ctx.z[i] = points[i][2];
            ctx.ids[i] = 1000 + i;
        }
        out.ensureCapacity(points.length);
    }

    /** Evaluates at every sample; {@link #kept} holds the kept sample indices. */
    FieldValues run(FieldNode node) {
        int[] idx = new int[ctx.size];
        for (int i = 0; i < idx.length; i++) {
            idx[i] = i;
        }
        int n = node.evaluate(ctx, idx, idx.length, out);
        kept = Arrays.copyOf(idx, n);
        if (!ctx.balanced()) {
            throw new AssertionError("scratch not given back");
        }
        return out;
    }

    static FieldNode node(String type, Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        for (var f : new FieldNodesPlugin().fieldNodes()) {
            if (f.name().equals(type)) {
                return f.create(FieldParams.of(m));
            }
        }
        throw new IllegalArgumentException(type);
    }

    static double[] v(double x, double y, double z) {
        return new double[] {x, y, z};
    }
}
