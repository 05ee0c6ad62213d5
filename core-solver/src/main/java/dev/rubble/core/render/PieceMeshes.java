package dev.rubble.core.render;

import dev.rubble.spi.collection.CollectionAsset;
import dev.rubble.spi.render.FrameBuffer;
import dev.rubble.spi.shape.Compound;
import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.shape.TriangleMesh;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.WeakHashMap;

/**
 * Render meshes of destruction pieces (issue 33): a piece body's shape is a compound of its
 * leaves' convex collision hulls, each shifted into the body frame; {@link #apply} draws each
 * such body with its leaves' own (possibly non-convex) triangle meshes instead (one merged mesh),
 * shifted the same way, so a frame shows the mesh a piece was cut to. A piece with a leaf that
 * has no mesh keeps its hulls. Only
 * drawing changes: the world still simulates the hulls.
 *
 * <p>Leaves are recognised by their hull objects ({@link CollectionAsset#hulls()}, which cluster
 * nodes share with their leaves), or failing that by equal hull vertices (bodies restored from
 * bytes), so the table must be built from the assets the drawn world placed (a live world's or a
 * playback's). One replacement shape is built per piece shape and
 * kept while that shape lives; frames of unchanged pieces allocate nothing.
 */
public final class PieceMeshes {
    /**
     * Hull object -> the meshes it stands for (collection frame): a leaf's hull its leaf's mesh, a cluster's
     * collision proxy ({@code rubble fracture --cluster-hulls}) the meshes of every leaf under the cluster.
     */
    private final Map<Shape, TriangleMesh[]> meshOfHull = new IdentityHashMap<>();
    /**
     * The same by hull vertices: a body restored from bytes (a journal's initial bodies, a
     * snapshot) holds equal hulls that are other objects.
     */
    private final Map<Vertices, TriangleMesh[]> meshOfVertices = new java.util.HashMap<>();

    /** A hull's vertex coordinates, compared by value. */
    private record Vertices(double[] v) {
        static Vertices of(dev.rubble.spi.shape.ConvexHull h) {
            double[] v = new double[3 * h.vertexCount()];
            for (int i = 0; i < h.vertexCount(); i++) {
                for (int a = 0; a < 3; a++) {
                    v[3 * i + a] = h.vertex(i, a);
                }
            }
            return new Vertices(v);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Vertices x && java.util.Arrays.equals(v, x.v);
        }

        @Override
        public int hashCode() {
            return java.util.Arrays.hashCode(v);
        }
    }
    /** Body shape -> its drawn shape (itself when nothing was replaced). Compounds compare by identity. */
    private final Map<Shape, Shape> drawn = new WeakHashMap<>();

    /**
     * @param assets per collection, the placed asset
     * @param meshes per collection, per asset node, the node's render mesh in the collection frame,
     *               or null (only leaves' entries are used); a null array = no meshes
     */
    public PieceMeshes(List<CollectionAsset> assets, List<TriangleMesh[]> meshes) {
        Objects.requireNonNull(assets, "assets is null");
        Objects.requireNonNull(meshes, "meshes is null");
        if (assets.size() != meshes.size()) {
            throw new IllegalArgumentException(assets.size() + " assets, " + meshes.size() + " mesh tables; allowed: one per collection");
        }
        for (int c = 0; c < assets.size(); c++) {
            CollectionAsset a = assets.get(c);
            TriangleMesh[] m = meshes.get(c);
            if (m == null) {
                continue;
            }
            if (m.length != a.nodeCount()) {
                throw new IllegalArgumentException("collection " + c + ": " + m.length + " meshes for "
                        + a.nodeCount() + " nodes; allowed: one entry per node");
            }
            int[] hs = a.hullStart(), hi = a.hullIndex();
            for (int i = 0; i < a.nodeCount(); i++) {
                if (a.childCount()[i] == 0 && m[i] != null) {
                    TriangleMesh[] own = {m[i]};
                    for (int h = hs[i]; h < hs[i + 1]; h++) {
                        meshOfHull.put(a.hulls()[hi[h]], own);
                        meshOfVertices.put(Vertices.of(a.hulls()[hi[h]]), own);
                    }
                }
            }
            // a cluster's collision proxies (hulls of its own, not its leaves': `rubble fracture --cluster-hulls`)
            // stand for the meshes of every leaf under it, drawn once per body
            for (int i = 0; i < a.nodeCount(); i++) {
                if (a.childCount()[i] == 0) {
                    continue;
                }
                TriangleMesh[] leaves = null;
                boolean tried = false;
                for (int h = hs[i]; h < hs[i + 1]; h++) {
                    Shape hull = a.hulls()[hi[h]];
                    if (meshOfHull.containsKey(hull)) {
                        continue;
                    }
                    if (!tried) {
                        leaves = leafMeshes(a, m, i);
                        tried = true;
                    }
                    if (leaves != null) {
                        meshOfHull.put(hull, leaves);
                        meshOfVertices.putIfAbsent(Vertices.of(a.hulls()[hi[h]]), leaves); // a leaf's own wins
                    }
                }
            }
        }
    }

    /** The meshes of every leaf under node {@code i} (collection frame), or null when a leaf has none. */
    private static TriangleMesh[] leafMeshes(CollectionAsset a, TriangleMesh[] m, int i) {
        List<TriangleMesh> parts = new ArrayList<>();
        java.util.ArrayDeque<Integer> todo = new java.util.ArrayDeque<>();
        todo.add(i);
        while (!todo.isEmpty()) {
            int x = todo.poll();
            int cc = a.childCount()[x];
            if (cc == 0) {
                if (m[x] == null) {
                    return null;
                }
                parts.add(m[x]);
                continue;
            }
            for (int c = a.firstChild()[x]; c < a.firstChild()[x] + cc; c++) {
                todo.add(c);
            }
        }
        return parts.toArray(new TriangleMesh[0]);
    }

    /** Whether any leaf has a mesh (otherwise {@link #apply} changes nothing). */
    public boolean isEmpty() {
        return meshOfHull.isEmpty();
    }

    /** Replaces, in a filled frame, the shape of every piece body whose leaves have meshes. */
    public void apply(FrameBuffer out) {
        if (meshOfHull.isEmpty()) {
            return;
        }
        for (int i = 0, n = out.count(); i < n; i++) {
            Shape s = out.shape(i);
            if (!(s instanceof Compound)) {
                continue;
            }
            Shape r = drawn.get(s);
            if (r == null) {
                r = replace((Compound) s);
                drawn.put(s, r);
            }
            if (r != s) {
                out.setShape(i, r);
            }
        }
    }

    /**
     * One triangle mesh of the compound's leaves' meshes, each moved by its hull child's pose (the
     * body frame); the compound itself when a child is not a meshed leaf's hull (a piece whose
     * leaves lack meshes keeps all its hulls: a shape cannot mix hulls and a non-convex mesh).
     */
    private Shape replace(Compound c) {
        List<Compound.Child> kids = new ArrayList<>(c.childCount());
        List<TriangleMesh> meshes = new ArrayList<>();
        Map<Shape, Boolean> added = new IdentityHashMap<>();
        int nv = 0, nt = 0;
        for (int k = 0, n = c.childCount(); k < n; k++) {
            Compound.Child ch = c.child(k);
            TriangleMesh[] ms = meshOfHull.get(ch.shape());
            if (ms == null && ch.shape() instanceof dev.rubble.spi.shape.ConvexHull h) {
                ms = meshOfVertices.get(Vertices.of(h));
            }
            if (ms == null) {
                return c;
            }
            for (TriangleMesh mesh : ms) {
                if (added.put(mesh, Boolean.TRUE) == null) {
                    kids.add(ch);
                    meshes.add(mesh);
                    nv += mesh.vertexCount();
                    nt += mesh.triangleCount();
                }
            }
        }
        double[] v = new double[3 * nv];
        int[] t = new int[3 * nt];
        int v0 = 0, t0 = 0;
        for (int j = 0; j < meshes.size(); j++) {
            TriangleMesh m = meshes.get(j);
            Compound.Child ch = kids.get(j);
            double qx = ch.qx(), qy = ch.qy(), qz = ch.qz(), qw = ch.qw();
            for (int i = 0; i < m.vertexCount(); i++) {
                double x = m.vertex(i, 0), y = m.vertex(i, 1), z = m.vertex(i, 2);
                // rotate by the child's quaternion, then translate
                double cx = 2 * (qy * z - qz * y), cy = 2 * (qz * x - qx * z), cz = 2 * (qx * y - qy * x);
                int o = 3 * (v0 + i);
                v[o] = ch.x() + x + qw * cx + (qy * cz - qz * cy);
                v[o + 1] = ch.y() + y + qw * cy + (qz * cx - qx * cz);
                v[o + 2] = ch.z() + z + qw * cz + (qx * cy - qy * cx);
            }
            for (int i = 0; i < m.triangleCount(); i++) {
                for (int k = 0; k < 3; k++) {
                    t[3 * (t0 + i) + k] = v0 + m.index(i, k);
                }
            }
            v0 += m.vertexCount();
            t0 += m.triangleCount();
        }
        try {
            return new TriangleMesh(v, t);
        } catch (IllegalArgumentException e) {
            return c; // a sliver flattened by the shift: draw the hulls
        }
    }
}
