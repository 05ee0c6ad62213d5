package dev.rubble.core.snapshot;

import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Capsule;
import dev.rubble.spi.shape.Compound;
import dev.rubble.spi.shape.ConvexHull;
import dev.rubble.spi.shape.Plane;
import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.shape.Sphere;
import dev.rubble.spi.shape.TriangleMesh;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInput;
import java.io.DataInputStream;
import java.io.DataOutput;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Shapes in a snapshot (docs/snapshot-format.md, section SHAP): a tag byte, then the numbers the
 * shape is built from, raw double bits. Hulls carry their whole structure (vertices, faces, planes)
 * and are rebuilt with {@link ConvexHull#ofFaces}, which recomputes nothing. Where a constructor
 * normalises its input (a plane's normal, a compound child's rotation) the file holds an input that
 * normalises onto the shape's bits ({@link #preimage}); {@link #encodeExact} checks the round trip
 * and refuses a shape that still does not come back exactly rather than write a snapshot that
 * would not continue exactly.
 */
final class ShapeCodec {
    static final byte SPHERE = 1, BOX = 2, CAPSULE = 3, HULL = 4, COMPOUND = 5, MESH = 6, PLANE = 7;
    private static final int MAX_COUNT = 1 << 26;

    private ShapeCodec() {
    }

    /**
     * The encoding of {@code s}, checked to decode to a shape that encodes identically.
     *
     * @throws SnapshotException naming {@code what} when the shape does not round-trip exactly
     */
    static byte[] encodeExact(Shape s, String what) throws IOException {
        byte[] once = encode(s);
        Shape back;
        try {
            back = read(new DataInputStream(new ByteArrayInputStream(once)));
        } catch (IllegalArgumentException e) {
            throw new SnapshotException("cannot save " + what + ": its shape does not decode (" + e.getMessage() + ")", e);
        }
        if (!Arrays.equals(encode(s, true), encode(back, true))) {
            throw new SnapshotException("cannot save " + what + ": its " + s.type().name().toLowerCase()
                    + " shape does not come back bit for bit (its constructor normalises a vector or rotation);"
                    + " snapshots need shapes that rebuild exactly");
        }
        return once;
    }

    static byte[] encode(Shape s) throws IOException {
        return encode(s, false);
    }

    /** {@code raw}: the shape's own numbers (no preimage search), to compare two shapes bit for bit. */
    private static byte[] encode(Shape s, boolean raw) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(64);
        DataOutputStream out = new DataOutputStream(bytes);
        write(out, s, raw);
        out.flush();
        return bytes.toByteArray();
    }

    static void write(DataOutput out, Shape s) throws IOException {
        write(out, s, false);
    }

    private static void write(DataOutput out, Shape s, boolean raw) throws IOException {
        if (s instanceof Sphere sp) {
            out.writeByte(SPHERE);
            out.writeDouble(sp.radius());
        } else if (s instanceof Box b) {
            out.writeByte(BOX);
            out.writeDouble(b.halfX());
            out.writeDouble(b.halfY());
            out.writeDouble(b.halfZ());
        } else if (s instanceof Capsule c) {
            out.writeByte(CAPSULE);
            out.writeDouble(c.radius());
            out.writeDouble(c.halfHeight());
        } else if (s instanceof ConvexHull h) {
            out.writeByte(HULL);
            out.writeInt(h.vertexCount());
            for (int i = 0; i < h.vertexCount(); i++) {
                for (int a = 0; a < 3; a++) {
                    out.writeDouble(h.vertex(i, a));
                }
            }
            out.writeInt(h.faceCount());
            for (int f = 0; f < h.faceCount(); f++) {
                out.writeInt(h.faceSize(f));
                for (int k = 0; k < h.faceSize(f); k++) {
                    out.writeInt(h.faceVertex(f, k));
                }
                for (int c = 0; c < 4; c++) {
                    out.writeDouble(h.plane(f, c));
                }
            }
        } else if (s instanceof Compound c) {
            out.writeByte(COMPOUND);
            out.writeInt(c.childCount());
            for (int i = 0; i < c.childCount(); i++) {
                Compound.Child ch = c.child(i);
                write(out, ch.shape(), raw);
                out.writeDouble(ch.x());
                out.writeDouble(ch.y());
                out.writeDouble(ch.z());
                // the constructor normalises the rotation: write an input it normalises to these bits
                double[] q = raw ? new double[] {ch.qx(), ch.qy(), ch.qz(), ch.qw()}
                        : preimage(new double[] {ch.qx(), ch.qy(), ch.qz(), ch.qw()}, v -> {
                    Compound.Child k = new Compound.Child(ch.shape(), 0, 0, 0, v[0], v[1], v[2], v[3]);
                    return new double[] {k.qx(), k.qy(), k.qz(), k.qw()};
                });
                for (double d : q) {
                    out.writeDouble(d);
                }
            }
        } else if (s instanceof TriangleMesh m) {
            out.writeByte(MESH);
            out.writeInt(m.vertexCount());
            for (int i = 0; i < m.vertexCount(); i++) {
                for (int a = 0; a < 3; a++) {
                    out.writeDouble(m.vertex(i, a));
                }
            }
            out.writeInt(m.triangleCount());
            for (int t = 0; t < m.triangleCount(); t++) {
                for (int k = 0; k < 3; k++) {
                    out.writeInt(m.index(t, k));
                }
            }
        } else if (s instanceof Plane p) {
            out.writeByte(PLANE);
            // the constructor normalises the normal: write an input it normalises to these bits
            double[] n = raw ? new double[] {p.nx(), p.ny(), p.nz()} : preimage(new double[] {p.nx(), p.ny(), p.nz()}, v -> {
                Plane k = new Plane(v[0], v[1], v[2], 0);
                return new double[] {k.nx(), k.ny(), k.nz()};
            });
            out.writeDouble(n[0]);
            out.writeDouble(n[1]);
            out.writeDouble(n[2]);
            out.writeDouble(p.offset());
        } else {
            throw new SnapshotException("shape type " + s.getClass().getName() + " cannot be saved in a snapshot;"
                    + " allowed: sphere, box, capsule, convex hull, compound, triangle mesh, plane");
        }
    }

    /** Offsets in ulps tried per component, nearest first. */
    private static final int[] ULPS = {0, 1, -1, 2, -2};
    /** Scales tried: 1, 1.125, 1.25, ... 8.875. */
    private static final int SCALES = 64;

    /**
     * An input {@code v} with {@code normalise(v)} equal to {@code target} bit for bit: the target
     * itself when normalising it again changes nothing (the common case), else the first of
     * {@code target * s} (s = 1, 1.125, 1.25, ...) and its neighbours within two ulps per component
     * that normalises onto it (a unit vector renormalised can move a last bit: (1, 1, 0) / sqrt 2
     * does). About 1 in 2000 random unit vectors has none among these; then the target is returned
     * and {@link #encodeExact} refuses the shape.
     */
    static double[] preimage(double[] target, java.util.function.UnaryOperator<double[]> normalise) {
        int n = target.length;
        int combos = 1;
        for (int i = 0; i < n; i++) {
            combos *= ULPS.length;
        }
        double[] v = new double[n];
        for (int k = 0; k < SCALES; k++) {
            double scale = 1 + k / 8.0;
            for (int c = 0; c < combos; c++) {
                for (int i = 0, r = c; i < n; i++, r /= ULPS.length) {
                    int o = ULPS[r % ULPS.length];
                    v[i] = target[i] * scale;
                    for (int u = 0; u < Math.abs(o); u++) {
                        v[i] = o > 0 ? Math.nextUp(v[i]) : Math.nextDown(v[i]);
                    }
                }
                double[] back;
                try {
                    back = normalise.apply(v);
                } catch (IllegalArgumentException e) {
                    continue;
                }
                boolean same = true;
                for (int i = 0; i < n; i++) {
                    same &= Double.doubleToRawLongBits(back[i]) == Double.doubleToRawLongBits(target[i]);
                }
                if (same) {
                    return v.clone();
                }
            }
        }
        return target;
    }

    private static int count(DataInput in, String what) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > MAX_COUNT) {
            throw new IllegalArgumentException(what + " count " + n + " is out of range; allowed: 0.." + MAX_COUNT);
        }
        return n;
    }

    static Shape read(DataInput in) throws IOException {
        byte t = in.readByte();
        switch (t) {
            case SPHERE:
                return new Sphere(in.readDouble());
            case BOX:
                return new Box(in.readDouble(), in.readDouble(), in.readDouble());
            case CAPSULE:
                return new Capsule(in.readDouble(), in.readDouble());
            case HULL: {
                double[] v = new double[3 * count(in, "hull vertex")];
                for (int i = 0; i < v.length; i++) {
                    v[i] = in.readDouble();
                }
                int nf = count(in, "hull face");
                int[] start = new int[nf + 1];
                int[] fv = new int[16];
                double[] planes = new double[4 * nf];
                for (int f = 0; f < nf; f++) {
                    int size = count(in, "hull face vertex");
                    start[f + 1] = start[f] + size;
                    if (fv.length < start[f + 1]) {
                        fv = Arrays.copyOf(fv, Math.max(start[f + 1], 2 * fv.length));
                    }
                    for (int k = 0; k < size; k++) {
                        fv[start[f] + k] = in.readInt();
                    }
                    for (int c = 0; c < 4; c++) {
                        planes[4 * f + c] = in.readDouble();
                    }
                }
                return ConvexHull.ofFaces(v, start, Arrays.copyOf(fv, start[nf]), planes);
            }
            case COMPOUND: {
                int n = count(in, "compound child");
                List<Compound.Child> children = new ArrayList<>(Math.min(n, 1024));
                for (int i = 0; i < n; i++) {
                    Shape child = read(in);
                    children.add(new Compound.Child(child, in.readDouble(), in.readDouble(), in.readDouble(),
                            in.readDouble(), in.readDouble(), in.readDouble(), in.readDouble()));
                }
                return new Compound(children);
            }
            case MESH: {
                double[] v = new double[3 * count(in, "mesh vertex")];
                for (int i = 0; i < v.length; i++) {
                    v[i] = in.readDouble();
                }
                int[] idx = new int[3 * count(in, "mesh triangle")];
                for (int i = 0; i < idx.length; i++) {
                    idx[i] = in.readInt();
                }
                return new TriangleMesh(v, idx);
            }
            case PLANE:
                return new Plane(in.readDouble(), in.readDouble(), in.readDouble(), in.readDouble());
            default:
                throw new IllegalArgumentException("unknown shape tag " + t
                        + "; allowed: 1 sphere, 2 box, 3 capsule, 4 convex hull, 5 compound, 6 triangle mesh, 7 plane");
        }
    }
}
