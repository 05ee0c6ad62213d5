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
 * and are rebuilt with {@link ConvexHull#ofFaces}, which recomputes nothing. A shape whose
 * constructor normalises its input (a plane's normal, a compound child's rotation) may not come
 * back bit for bit; {@link #encodeExact} checks the round trip and refuses such a shape rather
 * than write a snapshot that would not continue exactly.
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
        if (!Arrays.equals(once, encode(back))) {
            throw new SnapshotException("cannot save " + what + ": its " + s.type().name().toLowerCase()
                    + " shape does not come back bit for bit (its constructor normalises a vector or rotation);"
                    + " snapshots need shapes that rebuild exactly");
        }
        return once;
    }

    static byte[] encode(Shape s) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(64);
        DataOutputStream out = new DataOutputStream(bytes);
        write(out, s);
        out.flush();
        return bytes.toByteArray();
    }

    static void write(DataOutput out, Shape s) throws IOException {
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
                write(out, ch.shape());
                out.writeDouble(ch.x());
                out.writeDouble(ch.y());
                out.writeDouble(ch.z());
                out.writeDouble(ch.qx());
                out.writeDouble(ch.qy());
                out.writeDouble(ch.qz());
                out.writeDouble(ch.qw());
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
            out.writeDouble(p.nx());
            out.writeDouble(p.ny());
            out.writeDouble(p.nz());
            out.writeDouble(p.offset());
        } else {
            throw new SnapshotException("shape type " + s.getClass().getName() + " cannot be saved in a snapshot;"
                    + " allowed: sphere, box, capsule, convex hull, compound, triangle mesh, plane");
        }
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
