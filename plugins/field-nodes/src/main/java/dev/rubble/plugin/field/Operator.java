package dev.rubble.plugin.field;

import dev.rubble.spi.field.FieldContext;
import dev.rubble.spi.field.FieldNode;
import dev.rubble.spi.field.FieldParams;
import dev.rubble.spi.field.FieldType;
import dev.rubble.spi.field.FieldValues;
import java.util.List;

/**
 * {@code operator} (reference §1.5, {@code FSumScalar}/{@code FSumVector}):
 * {@code magnitude · (left op right)} with op one of {@code multiply}, {@code divide}, {@code add},
 * {@code subtract}. Scalar with scalar gives a scalar; vector with vector works per component;
 * a scalar and a vector (either order) multiply, and a vector divided by a scalar divides each
 * component. A zero divisor gives 0, never ∞ or NaN (Chaos divides unguarded). Integers must be
 * converted with {@code to-float} first. Other mixes are refused at creation.
 *
 * <p>Both inputs are evaluated on the same samples; a sample is kept only when both keep it
 * (culling in either input culls the result). Bounds: the intersection for multiply and divide,
 * the union for add and subtract.
 */
final class Operator implements FieldNode {
    private static final int MUL = 0, DIV = 1, ADD = 2, SUB = 3;
    private final FieldNode left, right;
    private final int op;
    private final double magnitude;
    private final FieldType type;

    Operator(FieldParams p) {
        p.requireOnly("magnitude", "operation", "left", "right");
        magnitude = p.finite("magnitude", 1);
        String o = p.choice("operation", "multiply", "multiply", "divide", "add", "subtract");
        op = switch (o) {
            case "multiply" -> MUL;
            case "divide" -> DIV;
            case "add" -> ADD;
            default -> SUB;
        };
        left = p.input("left", FieldType.SCALAR, FieldType.VECTOR);
        right = p.input("right", FieldType.SCALAR, FieldType.VECTOR);
        if (left.type() == right.type()) {
            type = left.type();
        } else {
            type = FieldType.VECTOR;
            boolean vectorOverScalar = left.type() == FieldType.VECTOR && op == DIV;
            if (op != MUL && !vectorOverScalar) {
                throw new IllegalArgumentException("'operation' = '" + o + "' on a " + left.type().label() + " and a "
                        + right.type().label() + "; allowed for a scalar and a vector: multiply, or divide a vector by a scalar");
            }
        }
    }

    @Override
    public FieldType type() {
        return type;
    }

    @Override
    public List<FieldNode> inputs() {
        return List.of(left, right);
    }

    @Override
    public double[] bounds() {
        return op == MUL || op == DIV ? Bounds.intersect(left.bounds(), right.bounds())
                : Bounds.union(left.bounds(), right.bounds());
    }

    @Override
    public int evaluate(FieldContext ctx, int[] idx, int count, FieldValues out) {
        int[] a = ctx.borrowIndices();
        int[] b = ctx.borrowIndices();
        FieldValues va = ctx.borrowValues();
        FieldValues vb = ctx.borrowValues();
        System.arraycopy(idx, 0, a, 0, count);
        System.arraycopy(idx, 0, b, 0, count);
        int na = left.evaluate(ctx, a, count, va);
        int nb = right.evaluate(ctx, b, count, vb);
        int kept = count;
        if (na != count || nb != count) {
            kept = intersect(ctx, idx, count, a, na, b, nb);
        }
        combine(idx, kept, va, vb, out);
        ctx.releaseValues(vb);
        ctx.releaseValues(va);
        ctx.releaseIndices(b);
        ctx.releaseIndices(a);
        return kept;
    }

    /** Compacts {@code idx} to the samples kept by both inputs, in their original order. */
    private static int intersect(FieldContext ctx, int[] idx, int count, int[] a, int na, int[] b, int nb) {
        int[] mark = ctx.borrowIndices();
        for (int k = 0; k < count; k++) {
            mark[idx[k]] = 0;
        }
        for (int k = 0; k < na; k++) {
            mark[a[k]] |= 1;
        }
        for (int k = 0; k < nb; k++) {
            mark[b[k]] |= 2;
        }
        int kept = 0;
        for (int k = 0; k < count; k++) {
            if (mark[idx[k]] == 3) {
                idx[kept++] = idx[k];
            }
        }
        ctx.releaseIndices(mark);
        return kept;
    }

    private void combine(int[] idx, int n, FieldValues va, FieldValues vb, FieldValues out) {
        final double m = magnitude;
        if (type == FieldType.SCALAR) {
            for (int k = 0; k < n; k++) {
                int i = idx[k];
                out.scalars[i] = m * apply(va.scalars[i], vb.scalars[i]);
            }
        } else if (left.type() == right.type()) {
            for (int k = 0; k < n; k++) {
                int i = idx[k];
                out.vx[i] = m * apply(va.vx[i], vb.vx[i]);
                out.vy[i] = m * apply(va.vy[i], vb.vy[i]);
                out.vz[i] = m * apply(va.vz[i], vb.vz[i]);
            }
        } else {
            boolean scalarLeft = left.type() == FieldType.SCALAR;
            FieldValues vec = scalarLeft ? vb : va;
            FieldValues sca = scalarLeft ? va : vb;
            for (int k = 0; k < n; k++) {
                int i = idx[k];
                double s = sca.scalars[i];
                if (op == DIV) {
                    out.vx[i] = m * div(vec.vx[i], s);
                    out.vy[i] = m * div(vec.vy[i], s);
                    out.vz[i] = m * div(vec.vz[i], s);
                } else {
                    out.vx[i] = m * vec.vx[i] * s;
                    out.vy[i] = m * vec.vy[i] * s;
                    out.vz[i] = m * vec.vz[i] * s;
                }
            }
        }
    }

    private double apply(double l, double r) {
        return switch (op) {
            case MUL -> l * r;
            case DIV -> div(l, r);
            case ADD -> l + r;
            default -> l - r;
        };
    }

    private static double div(double l, double r) {
        return r == 0 ? 0 : l / r;
    }
}
