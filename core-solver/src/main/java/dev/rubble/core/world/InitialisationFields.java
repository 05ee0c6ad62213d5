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
 * (static) is anchored, in addition to the placement's own anchors. Targets
 * {@code initial-linear-velocity} and {@code initial-angular-velocity}: the leaves the field covers
 * take its value, and the intact collection (one rigid body) takes their total momentum (see
 * {@code velocities}). The result is an ordinary {@link CollectionPlacement} (its anchors and
 * velocity set), so journals and snapshots hold nothing new.
 */
final class InitialisationFields {
    static final String ALLOWED = "dynamic-state (values 2 and 3 anchor the leaves), initial-linear-velocity, "
            + "initial-angular-velocity";

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
        if (target != FieldTarget.DYNAMIC_STATE && target != FieldTarget.INITIAL_LINEAR_VELOCITY
                && target != FieldTarget.INITIAL_ANGULAR_VELOCITY) {
            throw new IllegalArgumentException("target = " + target.label() + "; allowed for an initialisation field: "
                    + ALLOWED);
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
        if (target != FieldTarget.DYNAMIC_STATE) {
            return velocities(asset, pl, target, root, ctx, leaves, count, new double[] {qx, qy, qz, qw});
        }
        FieldValues out = new FieldValues();
        int[] idx = new int[count];
        int kept = evaluate(root, ctx, count, idx, out);
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

    /**
     * Initial velocities by region. Every leaf starts with the placement's rigid motion
     * ({@code v + ω × r} about the leaves' centre of mass, and {@code ω}); the field's value
     * replaces a leaf's linear (or angular) velocity where the field covers it. Then, as when Chaos
     * builds a cluster from moving children, the intact collection — one rigid body — takes the
     * leaves' total linear and angular momentum: {@code v = Σ mᵢvᵢ / M} and
     * {@code ω = I⁻¹ Σ (mᵢ rᵢ × vᵢ + Iᵢωᵢ)}, with {@code I} the leaves' inertia about their common
     * centre of mass (parallel-axis theorem). A field that covers no leaf leaves the placement as it was.
     */
    private static CollectionPlacement velocities(CollectionAsset asset, CollectionPlacement pl, FieldTarget target,
                                                  FieldNode root, FieldContext ctx, int[] leaves, int count, double[] q) {
        double[] mass = asset.mass();
        double[] inertia = asset.inertia();
        double mt = 0, cx = 0, cy = 0, cz = 0;
        for (int k = 0; k < count; k++) {
            double m = mass[leaves[k]];
            mt += m;
            cx += m * ctx.x[k];
            cy += m * ctx.y[k];
            cz += m * ctx.z[k];
        }
        if (!(mt > 0)) {
            return pl;
        }
        cx /= mt;
        cy /= mt;
        cz /= mt;
        // each leaf's velocity and angular velocity before the field: the placement's rigid motion
        double[] v = new double[3 * count];
        double[] w = new double[3 * count];
        for (int k = 0; k < count; k++) {
            double rx = ctx.x[k] - cx, ry = ctx.y[k] - cy, rz = ctx.z[k] - cz;
            v[3 * k] = pl.vx() + (pl.wy() * rz - pl.wz() * ry);
            v[3 * k + 1] = pl.vy() + (pl.wz() * rx - pl.wx() * rz);
            v[3 * k + 2] = pl.vz() + (pl.wx() * ry - pl.wy() * rx);
            w[3 * k] = pl.wx();
            w[3 * k + 1] = pl.wy();
            w[3 * k + 2] = pl.wz();
        }
        double[] cur = target == FieldTarget.INITIAL_LINEAR_VELOCITY ? v : w;
        for (int k = 0; k < count; k++) {
            ctx.current.vx[k] = cur[3 * k];
            ctx.current.vy[k] = cur[3 * k + 1];
            ctx.current.vz[k] = cur[3 * k + 2];
        }
        FieldValues out = new FieldValues();
        int[] idx = new int[count];
        int kept = evaluate(root, ctx, count, idx, out);
        if (kept == 0) {
            return pl;
        }
        for (int j = 0; j < kept; j++) {
            int k = idx[j];
            cur[3 * k] = out.vx[k];
            cur[3 * k + 1] = out.vy[k];
            cur[3 * k + 2] = out.vz[k];
        }
        double px = 0, py = 0, pz = 0, lx = 0, ly = 0, lz = 0;
        double[] it = new double[6]; // world inertia about (cx, cy, cz): xx, yy, zz, xy, xz, yz
        double[] r = new double[9];
        rotation(q, r);
        for (int k = 0; k < count; k++) {
            int g = leaves[k];
            double m = mass[g];
            double rx = ctx.x[k] - cx, ry = ctx.y[k] - cy, rz = ctx.z[k] - cz;
            double vx = v[3 * k], vy = v[3 * k + 1], vz = v[3 * k + 2];
            px += m * vx;
            py += m * vy;
            pz += m * vz;
            // the leaf's own inertia in the world frame: R I Rᵀ
            double[] wi = worldInertia(r, inertia, 6 * g);
            double wx = w[3 * k], wy = w[3 * k + 1], wz = w[3 * k + 2];
            lx += m * (ry * vz - rz * vy) + wi[0] * wx + wi[3] * wy + wi[4] * wz;
            ly += m * (rz * vx - rx * vz) + wi[3] * wx + wi[1] * wy + wi[5] * wz;
            lz += m * (rx * vy - ry * vx) + wi[4] * wx + wi[5] * wy + wi[2] * wz;
            double d2 = rx * rx + ry * ry + rz * rz;
            it[0] += wi[0] + m * (d2 - rx * rx);
            it[1] += wi[1] + m * (d2 - ry * ry);
            it[2] += wi[2] + m * (d2 - rz * rz);
            it[3] += wi[3] - m * rx * ry;
            it[4] += wi[4] - m * rx * rz;
            it[5] += wi[5] - m * ry * rz;
        }
        double[] om = solve(it, lx, ly, lz);
        return pl.withVelocity(px / mt, py / mt, pz / mt, om[0], om[1], om[2]);
    }

    /** Evaluates {@code root} at all {@code count} samples; the kept ones' indices are {@code idx[0..kept)}. */
    private static int evaluate(FieldNode root, FieldContext ctx, int count, int[] idx, FieldValues out) {
        out.ensureCapacity(count);
        for (int k = 0; k < count; k++) {
            idx[k] = k;
        }
        return root.evaluate(ctx, idx, count, out);
    }

    /** Rotation matrix (row-major) of the unit quaternion {@code q = (x, y, z, w)}. */
    private static void rotation(double[] q, double[] r) {
        double x = q[0], y = q[1], z = q[2], w = q[3];
        r[0] = 1 - 2 * (y * y + z * z);
        r[1] = 2 * (x * y - z * w);
        r[2] = 2 * (x * z + y * w);
        r[3] = 2 * (x * y + z * w);
        r[4] = 1 - 2 * (x * x + z * z);
        r[5] = 2 * (y * z - x * w);
        r[6] = 2 * (x * z - y * w);
        r[7] = 2 * (y * z + x * w);
        r[8] = 1 - 2 * (x * x + y * y);
    }

    /** {@code R I Rᵀ} of the inertia at {@code off} (xx, yy, zz, xy, xz, yz), in the same order. */
    private static double[] worldInertia(double[] r, double[] in, int off) {
        double[] a = {in[off], in[off + 3], in[off + 4], in[off + 3], in[off + 1], in[off + 5], in[off + 4], in[off + 5],
            in[off + 2]};
        double[] ri = new double[9];
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                ri[3 * i + j] = r[3 * i] * a[j] + r[3 * i + 1] * a[3 + j] + r[3 * i + 2] * a[6 + j];
            }
        }
        double[] o = new double[9];
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                o[3 * i + j] = ri[3 * i] * r[3 * j] + ri[3 * i + 1] * r[3 * j + 1] + ri[3 * i + 2] * r[3 * j + 2];
            }
        }
        return new double[] {o[0], o[4], o[8], o[1], o[2], o[5]};
    }

    /** {@code I⁻¹ L} for the symmetric inertia {@code i} (xx, yy, zz, xy, xz, yz); zero where I is singular. */
    private static double[] solve(double[] i, double lx, double ly, double lz) {
        double a = i[0], b = i[3], c = i[4], d = i[1], e = i[5], f = i[2];
        double c00 = d * f - e * e, c01 = c * e - b * f, c02 = b * e - c * d;
        double det = a * c00 + b * c01 + c * c02;
        if (!(Math.abs(det) > 0)) {
            return new double[3];
        }
        double c11 = a * f - c * c, c12 = b * c - a * e, c22 = a * d - b * b;
        return new double[] {(c00 * lx + c01 * ly + c02 * lz) / det, (c01 * lx + c11 * ly + c12 * lz) / det,
            (c02 * lx + c12 * ly + c22 * lz) / det};
    }
}
