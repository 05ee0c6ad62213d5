package org.example.well;

import dev.rubble.spi.RubblePlugin;
import dev.rubble.spi.field.FieldContext;
import dev.rubble.spi.field.FieldNode;
import dev.rubble.spi.field.FieldNodeFactory;
import dev.rubble.spi.field.FieldParams;
import dev.rubble.spi.field.FieldType;
import dev.rubble.spi.field.FieldValues;
import java.util.List;

/**
 * A custom plugin, compiled against the SPI (rubble-spi) only: a field node type "gravity-well"
 * whose vector is magnitude / d² towards a centre. Packed in a jar with
 * META-INF/services/dev.rubble.spi.RubblePlugin naming this class, it is found by
 * {@code Rubble.loadPlugins(dir)} (or on the class path by {@code Rubble.newWorld}).
 */
public final class GravityWellPlugin implements RubblePlugin {
    @Override
    public String name() {
        return "gravity-well";
    }

    @Override
    public Iterable<FieldNodeFactory> fieldNodes() {
        return List.of(new FieldNodeFactory() {
            @Override
            public String name() {
                return "gravity-well";
            }

            @Override
            public FieldNode create(FieldParams p) {
                p.requireOnly("magnitude", "position");
                double m = p.finite("magnitude", 1);
                double[] c = p.vector("position", new double[3]);
                return new FieldNode() {
                    @Override
                    public FieldType type() {
                        return FieldType.VECTOR;
                    }

                    @Override
                    public int evaluate(FieldContext ctx, int[] idx, int count, FieldValues out) {
                        for (int k = 0; k < count; k++) {
                            int i = idx[k];
                            double dx = c[0] - ctx.x[i], dy = c[1] - ctx.y[i], dz = c[2] - ctx.z[i];
                            double d2 = dx * dx + dy * dy + dz * dz;
                            double s = d2 > 0 ? m / (d2 * Math.sqrt(d2)) : 0;
                            out.vx[i] = dx * s;
                            out.vy[i] = dy * s;
                            out.vz[i] = dz * s;
                        }
                        return count;
                    }
                };
            }
        });
    }
}
