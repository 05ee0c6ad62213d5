package dev.rubble.authoring.export;

import dev.rubble.geometry.hull.QuickHull;
import dev.rubble.authoring.GeometryCollection;
import dev.rubble.spi.geom.ConvexPolytope;
import dev.rubble.spi.render.FrameBuffer;
import dev.rubble.spi.render.RenderFrame;
import dev.rubble.spi.shape.ConvexHull;
import dev.rubble.spi.shape.Shape;
import java.util.Objects;

/**
 * The leaves of a geometry collection in their rest poses, as drawables: one per leaf hull (one
 * triangle mesh per leaf cut from a mesh source, in this session), in the
 * collection frame (identity pose), with the leaf's level and anchored flag, piece id = node id.
 * Shapes are built once here; {@link #fill} allocates nothing.
 */
public final class CollectionFrame {
    private final Shape[] shapes;
    private final int[] node;
    private final int[] level;
    /** Per drawable: its leaf's ancestors from the leaf up to the root (for colouring by cluster). */
    private final int[][] ancestors;
    private final boolean[] anchored;
    /** Per drawable: its leaf's centre of mass minus the root's (for exploded views). */
    private final double[] offset;

    public CollectionFrame(GeometryCollection c) {
        Objects.requireNonNull(c, "collection is null");
        int[] leaves = c.leaves();
        int n = 0;
        for (int leaf : leaves) {
            n += c.mesh(leaf) != null ? 1 : c.hullCount(leaf);
        }
        shapes = new Shape[n];
        node = new int[n];
        level = new int[n];
        anchored = new boolean[n];
        ancestors = new int[n][];
        offset = new double[3 * n];
        int k = 0;
        for (int leaf : leaves) {
            if (c.mesh(leaf) != null) {
                // a piece cut from a mesh source is drawn with its exact surface
                dev.rubble.authoring.mesh.TriMesh m = c.mesh(leaf);
                shapes[k] = meshShape(m);
                node[k] = leaf;
                level[k] = c.level(leaf);
                anchored[k] = c.anchored(leaf);
                setOffset(c, leaf, k);
                k++;
                continue;
            }
            for (int h = 0; h < c.hullCount(leaf); h++) {
                shapes[k] = toHull(c.hull(leaf, h));
                node[k] = leaf;
                level[k] = c.level(leaf);
                anchored[k] = c.anchored(leaf);
                setOffset(c, leaf, k);
                k++;
            }
        }
    }

    private void setOffset(GeometryCollection c, int leaf, int k) {
        int depth = 0;
        for (int a = leaf; a >= 0; a = c.parent(a)) {
            depth++;
        }
        ancestors[k] = new int[depth];
        for (int a = leaf, j = 0; a >= 0; a = c.parent(a)) {
            ancestors[k][j++] = a;
        }
        for (int a = 0; a < 3; a++) {
            offset[3 * k + a] = c.centerOfMass(leaf, a) - c.centerOfMass(0, a);
        }
    }

    /** A mesh piece's drawable triangles (non-zero area) as a triangle mesh shape, collection frame. */
    public static dev.rubble.spi.shape.TriangleMesh meshShape(dev.rubble.authoring.mesh.TriMesh m) {
        return new dev.rubble.spi.shape.TriangleMesh(m.positions(), drawable(m));
    }

    /** The triangles of a mesh piece with non-zero area (cut faces may hold flat ones where points coincide). */
    private static int[] drawable(dev.rubble.authoring.mesh.TriMesh m) {
        int[] t = m.triangles();
        int k = 0;
        for (int i = 0; i < m.triangleCount(); i++) {
            if (m.area(i) > 0) {
                System.arraycopy(t, 3 * i, t, 3 * k++, 3);
            }
        }
        return java.util.Arrays.copyOf(t, 3 * k);
    }

        /** A polytope as a hull shape with the same vertices. */
    public static ConvexHull toHull(ConvexPolytope p) {
        return QuickHull.of(p.vertices());
    }

    /** Number of drawables (leaf hulls). */
    public int count() {
        return shapes.length;
    }

    /** Fills {@code out}: every leaf static at rest, step 0, time 0. */
    public void fill(FrameBuffer out) {
        fill(out, 0);
    }

    /**
     * Fills {@code out} with every leaf moved away from the collection's centre of mass by
     * {@code explode} times its own centre's offset (0 = at rest; Chaos's explode slider), so cut
     * surfaces can be seen.
     */
    public void fill(FrameBuffer out, double explode) {
        fill(out, explode, -1);
    }

    /**
     * Fills {@code out} like {@link #fill(FrameBuffer, double)}, but with each drawable's piece id set to
     * the node of the cluster at {@code clusterLevel} that contains its leaf, so that colouring by piece
     * shows the collection's clusters at that level: leaves of one cluster share an id, leaves of
     * different clusters do not. A leaf that is itself at or above that level keeps its own id.
     *
     * @param out the frame to fill
     * @param explode how far leaves are moved apart, a multiple of their offset from the centre of mass, ≥ 0
     * @param clusterLevel the level whose clusters the piece ids name (1 = the root's children), or -1 for
     *                     every leaf's own id
     */
    public void fill(FrameBuffer out, double explode, int clusterLevel) {
        out.clear(0, 0, 0);
        for (int i = 0; i < shapes.length; i++) {
            int d = out.add(shapes[i], explode * offset[3 * i], explode * offset[3 * i + 1], explode * offset[3 * i + 2],
                    0, 0, 0, 1, RenderFrame.STATIC, clusterLevel < 0 ? node[i] : clusterOf(i, clusterLevel));
            out.setDestruction(d, level[i], anchored[i], 0, 1);
        }
    }

    /**
     * The node of the cluster at {@code clusterLevel} holding drawable {@code i}'s leaf (the leaf itself
     * when its level is at most {@code clusterLevel}).
     *
     * @param i the drawable, 0 ≤ i &lt; {@link #count()}
     * @param clusterLevel the level, ≥ 0 (0 = the root)
     * @return the cluster's node id
     */
    public int clusterOf(int i, int clusterLevel) {
        int[] up = ancestors[i]; // leaf first, root last: the node at level L is up[depth - 1 - L]
        int depth = up.length;
        return clusterLevel >= depth - 1 ? up[0] : up[depth - 1 - clusterLevel];
    }
}
