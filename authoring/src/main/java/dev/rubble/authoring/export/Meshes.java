package dev.rubble.authoring.export;

import dev.rubble.authoring.GeometryCollection;
import dev.rubble.spi.geom.ConvexPolytope;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Capsule;
import dev.rubble.spi.shape.Compound;
import dev.rubble.spi.shape.ConvexHull;
import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.shape.Sphere;
import dev.rubble.spi.shape.TriangleMesh;
import java.util.ArrayList;
import java.util.List;

/** Polygon meshes of collections and shapes, for the exporters. */
public final class Meshes {
    /** Latitude bands and longitude slices of exported spheres and capsules. */
    static final int STACKS = 12, SLICES = 24;

    private Meshes() {
    }

    /**
     * The leaves of a collection, one mesh per leaf (its hulls merged), in the collection frame (the
     * rest pose): exactly the collection's vertices and face polygons.
     */
    public static List<PieceMesh> of(GeometryCollection c) {
        List<PieceMesh> out = new ArrayList<>();
        for (int leaf : c.leaves()) {
            Builder b = new Builder();
            dev.rubble.authoring.mesh.TriMesh mesh = c.mesh(leaf);
            if (mesh != null) {
                // a piece cut from a mesh source: its exact surface, not its collision hulls
                for (int i = 0; i < mesh.vertexCount(); i++) {
                    b.vertex(mesh.vertex(i, 0), mesh.vertex(i, 1), mesh.vertex(i, 2));
                }
                for (int t = 0; t < mesh.triangleCount(); t++) {
                    b.beginFace();
                    for (int k = 0; k < 3; k++) {
                        b.index(mesh.index(t, k));
                    }
                }
                out.add(b.build("piece_" + leaf, leaf, c.level(leaf)));
                continue;
            }
            for (int h = 0; h < c.hullCount(leaf); h++) {
                ConvexPolytope p = c.hull(leaf, h);
                int base = b.vertexCount();
                for (int i = 0; i < p.vertexCount(); i++) {
                    b.vertex(p.vertex(i, 0), p.vertex(i, 1), p.vertex(i, 2));
                }
                for (int f = 0; f < p.faceCount(); f++) {
                    b.beginFace();
                    for (int k = 0; k < p.faceSize(f); k++) {
                        b.index(base + p.faceVertex(f, k));
                    }
                }
            }
            out.add(b.build("piece_" + leaf, leaf, c.level(leaf)));
        }
        return out;
    }

    /**
     * A shape as a polygon mesh in its own frame, or null for shapes with no finite surface (planes).
     * Spheres and capsules become {@value #STACKS} × {@value #SLICES} latitude-longitude meshes.
     */
    public static PieceMesh of(Shape s, String name, int piece, int level) {
        Builder b = new Builder();
        if (!add(b, s, 0, 0, 0, 0, 0, 0, 1)) {
            return null;
        }
        return b.build(name, piece, level);
    }

    private static boolean add(Builder b, Shape s, double tx, double ty, double tz, double qx, double qy, double qz, double qw) {
        int base = b.vertexCount();
        if (s instanceof Box x) {
            for (int i = 0; i < 8; i++) {
                b.vertexPosed((i & 1) == 0 ? -x.halfX() : x.halfX(), (i & 2) == 0 ? -x.halfY() : x.halfY(),
                        (i & 4) == 0 ? -x.halfZ() : x.halfZ(), tx, ty, tz, qx, qy, qz, qw);
            }
            int[][] faces = {{0, 4, 6, 2}, {1, 3, 7, 5}, {0, 1, 5, 4}, {2, 6, 7, 3}, {0, 2, 3, 1}, {4, 5, 7, 6}};
            for (int[] f : faces) {
                b.beginFace();
                for (int k : f) {
                    b.index(base + k);
                }
            }
            return true;
        }
        if (s instanceof Sphere sp) {
            capsule(b, sp.radius(), 0, tx, ty, tz, qx, qy, qz, qw);
            return true;
        }
        if (s instanceof Capsule c) {
            capsule(b, c.radius(), c.halfHeight(), tx, ty, tz, qx, qy, qz, qw);
            return true;
        }
        if (s instanceof ConvexHull h) {
            for (int i = 0; i < h.vertexCount(); i++) {
                b.vertexPosed(h.vertex(i, 0), h.vertex(i, 1), h.vertex(i, 2), tx, ty, tz, qx, qy, qz, qw);
            }
            for (int f = 0; f < h.faceCount(); f++) {
                b.beginFace();
                for (int k = 0; k < h.faceSize(f); k++) {
                    b.index(base + h.faceVertex(f, k));
                }
            }
            return true;
        }
        if (s instanceof TriangleMesh m) {
            for (int i = 0; i < m.vertexCount(); i++) {
                b.vertexPosed(m.vertex(i, 0), m.vertex(i, 1), m.vertex(i, 2), tx, ty, tz, qx, qy, qz, qw);
            }
            for (int t = 0; t < m.triangleCount(); t++) {
                b.beginFace();
                for (int k = 0; k < 3; k++) {
                    b.index(base + m.index(t, k));
                }
            }
            return true;
        }
        if (s instanceof Compound c) {
            boolean any = false;
            for (int k = 0; k < c.childCount(); k++) {
                Compound.Child ch = c.child(k);
                // child pose composed with the parent's
                double[] p = rotate(qx, qy, qz, qw, ch.x(), ch.y(), ch.z());
                double nw = qw * ch.qw() - qx * ch.qx() - qy * ch.qy() - qz * ch.qz();
                double nx = qw * ch.qx() + qx * ch.qw() + qy * ch.qz() - qz * ch.qy();
                double ny = qw * ch.qy() - qx * ch.qz() + qy * ch.qw() + qz * ch.qx();
                double nz = qw * ch.qz() + qx * ch.qy() - qy * ch.qx() + qz * ch.qw();
                any |= add(b, ch.shape(), tx + p[0], ty + p[1], tz + p[2], nx, ny, nz, nw);
            }
            return any;
        }
        return false;
    }

    /** Rings of a capsule along y (a sphere when halfHeight is 0), outward counter-clockwise quads and pole fans. */
    private static void capsule(Builder b, double r, double h, double tx, double ty, double tz,
                                double qx, double qy, double qz, double qw) {
        int base = b.vertexCount();
        b.vertexPosed(0, -r - h, 0, tx, ty, tz, qx, qy, qz, qw); // south pole
        int rings = 0;
        for (int k = 1; k < STACKS; k++) {
            double lat = Math.PI * ((double) k / STACKS - 0.5);
            int copies = h > 0 && k == STACKS / 2 ? 2 : 1; // the equator twice: bottom and top of the cylinder
            for (int c = 0; c < copies; c++) {
                double y = r * Math.sin(lat) + (lat < 0 || (lat == 0 && c == 0) ? -h : h);
                double rr = r * Math.cos(lat);
                for (int j = 0; j < SLICES; j++) {
                    double a = 2 * Math.PI * j / SLICES;
                    b.vertexPosed(rr * Math.cos(a), y, -rr * Math.sin(a), tx, ty, tz, qx, qy, qz, qw);
                }
                rings++;
            }
        }
        int north = b.vertexCount();
        b.vertexPosed(0, r + h, 0, tx, ty, tz, qx, qy, qz, qw);
        for (int j = 0; j < SLICES; j++) {
            int j1 = (j + 1) % SLICES;
            b.beginFace();
            b.index(base);
            b.index(base + 1 + j1);
            b.index(base + 1 + j);
        }
        for (int ring = 0; ring + 1 < rings; ring++) {
            int r0 = base + 1 + ring * SLICES, r1 = r0 + SLICES;
            for (int j = 0; j < SLICES; j++) {
                int j1 = (j + 1) % SLICES;
                b.beginFace();
                b.index(r0 + j);
                b.index(r0 + j1);
                b.index(r1 + j1);
                b.index(r1 + j);
            }
        }
        int last = base + 1 + (rings - 1) * SLICES;
        for (int j = 0; j < SLICES; j++) {
            int j1 = (j + 1) % SLICES;
            b.beginFace();
            b.index(north);
            b.index(last + j);
            b.index(last + j1);
        }
    }

    static double[] rotate(double qx, double qy, double qz, double qw, double x, double y, double z) {
        double cx = 2 * (qy * z - qz * y), cy = 2 * (qz * x - qx * z), cz = 2 * (qx * y - qy * x);
        return new double[] {x + qw * cx + (qy * cz - qz * cy), y + qw * cy + (qz * cx - qx * cz), z + qw * cz + (qx * cy - qy * cx)};
    }

    /** Growable vertex and face lists. */
    static final class Builder {
        private double[] v = new double[96];
        private int nv;
        private int[] start = new int[16];
        private int nf;
        private int[] idx = new int[64];
        private int ni;

        int vertexCount() {
            return nv / 3;
        }

        void vertex(double x, double y, double z) {
            if (nv + 3 > v.length) {
                v = java.util.Arrays.copyOf(v, v.length * 2);
            }
            v[nv++] = x;
            v[nv++] = y;
            v[nv++] = z;
        }

        void vertexPosed(double x, double y, double z, double tx, double ty, double tz,
                         double qx, double qy, double qz, double qw) {
            double[] p = rotate(qx, qy, qz, qw, x, y, z);
            vertex(tx + p[0], ty + p[1], tz + p[2]);
        }

        void beginFace() {
            if (nf + 2 > start.length) {
                start = java.util.Arrays.copyOf(start, start.length * 2);
            }
            start[nf++] = ni;
        }

        void index(int i) {
            if (ni == idx.length) {
                idx = java.util.Arrays.copyOf(idx, idx.length * 2);
            }
            idx[ni++] = i;
        }

        PieceMesh build(String name, int piece, int level) {
            int[] fs = java.util.Arrays.copyOf(start, nf + 1);
            fs[nf] = ni;
            return new PieceMesh(name, piece, level, java.util.Arrays.copyOf(v, nv), fs, java.util.Arrays.copyOf(idx, ni));
        }
    }
}
