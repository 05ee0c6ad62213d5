package dev.rubble.plugin.field;

import dev.rubble.spi.field.FieldContext;
import dev.rubble.spi.field.FieldNode;
import dev.rubble.spi.field.FieldParams;
import dev.rubble.spi.field.FieldType;
import dev.rubble.spi.field.FieldValues;
import dev.rubble.spi.geom.Lengths;

/**
 * {@code radial-int-mask} (reference §1.5, {@code FieldSystemNodes.cpp:161-204}): {@code interior}
 * where {@code |p − position|² < radius²} (strict), else {@code exterior}. The set-mask condition
 * decides which samples are written: {@code always}; {@code if-not-interior} only those whose
 * current value (the target's, {@link FieldContext#current}) is not {@code interior};
 * {@code if-not-exterior} only those whose current value is not {@code exterior}. A sample not
 * written keeps its current value.
 */
final class RadialIntMask implements FieldNode {
    private static final int ALWAYS = 0, IF_NOT_INTERIOR = 1, IF_NOT_EXTERIOR = 2;
    private final double[] position;
    private final double radius2;
    private final double radius;
    private final int interior, exterior, condition;

    RadialIntMask(FieldParams p) {
        p.requireOnly("radius", "position", "interior", "exterior", "setMask");
        radius = p.number("radius", 0, 0, Double.MAX_VALUE);
        radius2 = radius * radius;
        position = p.vector("position", new double[3]);
        interior = (int) p.integer("interior", 1, Integer.MIN_VALUE, Integer.MAX_VALUE);
        exterior = (int) p.integer("exterior", 0, Integer.MIN_VALUE, Integer.MAX_VALUE);
        String c = p.choice("setMask", "always", "always", "if-not-interior", "if-not-exterior");
        condition = c.equals("always") ? ALWAYS : c.equals("if-not-interior") ? IF_NOT_INTERIOR : IF_NOT_EXTERIOR;
    }

    @Override
    public FieldType type() {
        return FieldType.INTEGER;
    }

    @Override
    public double[] bounds() {
        return exterior == 0 && condition == ALWAYS ? Bounds.sphere(position, radius) : null;
    }

    @Override
    public int evaluate(FieldContext ctx, int[] idx, int count, FieldValues out) {
        final double px = position[0], py = position[1], pz = position[2];
        final int[] current = ctx.current.ints;
        for (int k = 0; k < count; k++) {
            int i = idx[k];
            double dx = ctx.x[i] - px, dy = ctx.y[i] - py, dz = ctx.z[i] - pz;
            double d2 = dx * dx + dy * dy + dz * dz;
            // d² and r² overflow past about 1e154 m: compare the lengths there (fuzz12)
            boolean inside = d2 < Double.POSITIVE_INFINITY && radius2 < Double.POSITIVE_INFINITY ? d2 < radius2
                    : Lengths.of(dx, dy, dz) < radius;
            int value = inside ? interior : exterior;
            int now = current[i];
            boolean write = condition == ALWAYS
                    || (condition == IF_NOT_INTERIOR && now != interior)
                    || (condition == IF_NOT_EXTERIOR && now != exterior);
            out.ints[i] = write ? value : now;
        }
        return count;
    }
}
