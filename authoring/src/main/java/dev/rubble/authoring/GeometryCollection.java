package dev.rubble.authoring;

import dev.rubble.geometry.hull.QuickHull;
import dev.rubble.spi.geom.ConvexPolytope;
import java.util.Arrays;
import java.util.Objects;

/**
 * A geometry collection: a tree of pieces in structure-of-arrays form (SPEC §3).
 *
 * <p>Nodes are numbered breadth first: the root is 0 and the children of every node have
 * consecutive ids {@code firstChild(i) .. firstChild(i)+childCount(i)-1}, so a level is a
 * contiguous id range too. Per node: parent ({@code -1} for the root), level (root 0), local
 * transform, convex geometry (one or a few hulls, indices into a shared hull table), volume
 * (m³), mass (kg), centre of mass (m), inertia about the centre of mass in collection axes
 * ({@code Ixx,Iyy,Izz,Ixy,Ixz,Iyz}, kg·m²), relative size {@code cbrt(volume)/cbrt(max leaf
 * volume)}, initial state and anchored flag.
 *
 * <p>Frames: all geometry is stored in the collection frame; a node's local transform is the
 * translation from its parent's centre of mass to its own (the root's is its centre of mass) with
 * an identity rotation, packed {@code tx,ty,tz,qx,qy,qz,qw}. Geometry of a node that was
 * fractured is its own convex piece; geometry of an auto-cluster is its children's hulls.
 *
 * <p>Graph: {@code contacts} are face contacts between siblings (leaf contacts lifted to the
 * children of their lowest common ancestor, areas summed), sorted by (a, b), {@code a < b};
 * {@code connections} are the connection-graph edges among siblings (the chosen method per
 * parent, capped by maxConnections), sorted, each with its contact area (0 where the pieces do
 * not touch).
 *
 * <p>Arrays are owned by the collection; accessors return single values or copies. The initial
 * state and anchored flags are mutable (authoring), everything else is fixed. Not thread-safe
 * for those two setters.
 */
public final class GeometryCollection {
    final int[] parent;
    final int[] firstChild;
    final int[] childCount;
    final int[] level;
    final double[] transform;
    final int[] hullStart;
    final int[] hullIndex;
    final ConvexPolytope[] hulls;
    final double[] volume;
    final double[] mass;
    final double[] com;
    final double[] inertia;
    final double[] relativeSize;
    final byte[] initialState;
    final boolean[] anchored;
    final int[] contactA;
    final int[] contactB;
    final double[] contactArea;
    final int[] edgeA;
    final int[] edgeB;
    final double[] edgeArea;
    final double density;
    /** Per node the exact mesh of a piece cut from a mesh source, or null (convex pieces; not stored in .rbc). */
    dev.rubble.authoring.mesh.TriMesh[] meshes;
    /** Authored strengths (issue 23): per-node thresholds and materials, material multipliers, per-bond strengths; or null. */
    dev.rubble.spi.collection.Strengths strengths;

    GeometryCollection(int[] parent, int[] firstChild, int[] childCount, int[] level, double[] transform,
            int[] hullStart, int[] hullIndex, ConvexPolytope[] hulls, double[] volume, double[] mass, double[] com,
            double[] inertia, double[] relativeSize, byte[] initialState, boolean[] anchored, int[] contactA,
            int[] contactB, double[] contactArea, int[] edgeA, int[] edgeB, double[] edgeArea, double density) {
        this.parent = parent;
        this.firstChild = firstChild;
        this.childCount = childCount;
        this.level = level;
        this.transform = transform;
        this.hullStart = hullStart;
        this.hullIndex = hullIndex;
        this.hulls = hulls;
        this.volume = volume;
        this.mass = mass;
        this.com = com;
        this.inertia = inertia;
        this.relativeSize = relativeSize;
        this.initialState = initialState;
        this.anchored = anchored;
        this.contactA = contactA;
        this.contactB = contactB;
        this.contactArea = contactArea;
        this.edgeA = edgeA;
        this.edgeB = edgeB;
        this.edgeArea = edgeArea;
        this.density = density;
    }

    /**
     * The exact closed mesh of node {@code i} when the collection was fractured from a mesh
     * source (outer surface with the source's normals and texture coordinates, cut faces with
     * the inside material), else null. Collection files of format version 2 keep these meshes.
     */
    public dev.rubble.authoring.mesh.TriMesh mesh(int i) {
        return meshes == null ? null : meshes[i];
    }

    /** Number of nodes (≥ 1). */
    public int nodeCount() {
        return parent.length;
    }

    /** Parent of node {@code i}, or -1 for the root. */
    public int parent(int i) {
        return parent[i];
    }

    /** First child id of {@code i} (meaningful when childCount(i) &gt; 0). */
    public int firstChild(int i) {
        return firstChild[i];
    }

    /** Number of children of {@code i}. */
    public int childCount(int i) {
        return childCount[i];
    }

    /** True for a leaf (no children). */
    public boolean isLeaf(int i) {
        return childCount[i] == 0;
    }

    /** Depth of {@code i}: root 0. */
    public int level(int i) {
        return level[i];
    }

    /** The deepest level. */
    public int maxLevel() {
        return level[level.length - 1];
    }

    /** Local transform component {@code k} (0..2 translation m, 3..6 quaternion xyzw). */
    public double transform(int i, int k) {
        return transform[7 * i + k];
    }

    /** Number of convex hulls of node {@code i}. */
    public int hullCount(int i) {
        return hullStart[i + 1] - hullStart[i];
    }

    /** Hull {@code k} of node {@code i}. */
    public ConvexPolytope hull(int i, int k) {
        return hulls[hullIndex[hullStart[i] + k]];
    }

    /** All hulls of node {@code i}. */
    public ConvexPolytope[] hulls(int i) {
        ConvexPolytope[] out = new ConvexPolytope[hullCount(i)];
        for (int k = 0; k < out.length; k++) {
            out[k] = hull(i, k);
        }
        return out;
    }

    /** Volume of node {@code i}, m³. */
    public double volume(int i) {
        return volume[i];
    }

    /** Mass of node {@code i}, kg. */
    public double mass(int i) {
        return mass[i];
    }

    /** Centre of mass coordinate {@code axis} of node {@code i}, collection frame, m. */
    public double centerOfMass(int i, int axis) {
        return com[3 * i + axis];
    }

    /** Inertia component {@code k} ({@code Ixx,Iyy,Izz,Ixy,Ixz,Iyz}) about the centre of mass, kg·m². */
    public double inertia(int i, int k) {
        return inertia[6 * i + k];
    }

    /** {@code cbrt(volume)/cbrt(max leaf volume)}; 1 for the largest leaf. */
    public double relativeSize(int i) {
        return relativeSize[i];
    }

    /** Density used for every piece, kg/m³. */
    public double density() {
        return density;
    }

    /** Initial state of node {@code i}. */
    public InitialState initialState(int i) {
        return InitialState.values()[initialState[i]];
    }

    /** Sets the initial state of node {@code i}. */
    public void setInitialState(int i, InitialState s) {
        initialState[i] = (byte) Objects.requireNonNull(s, "state is null").ordinal();
    }

    /** Whether node {@code i} is anchored (held in place until released). */
    public boolean anchored(int i) {
        return anchored[i];
    }

    /** Anchors or releases node {@code i}. */
    public void setAnchored(int i, boolean a) {
        anchored[i] = a;
    }

    /** Number of sibling face contacts. */
    public int contactCount() {
        return contactA.length;
    }

    /** Contact {@code c}: first node (the smaller id). */
    public int contactA(int c) {
        return contactA[c];
    }

    /** Contact {@code c}: second node. */
    public int contactB(int c) {
        return contactB[c];
    }

    /** Contact {@code c}: summed face contact area, m². */
    public double contactArea(int c) {
        return contactArea[c];
    }

    /** Number of connection-graph edges. */
    public int edgeCount() {
        return edgeA.length;
    }

    /** Edge {@code e}: first node (the smaller id). */
    public int edgeA(int e) {
        return edgeA[e];
    }

    /** Edge {@code e}: second node. */
    public int edgeB(int e) {
        return edgeB[e];
    }

    /** Edge {@code e}: contact area of its two nodes, m² (0 when they do not touch). */
    public double edgeArea(int e) {
        return edgeArea[e];
    }

    /**
     * The runtime's view of this collection (SPEC §4): the same node tree, mass properties, bonds
     * and per-node hulls as {@link dev.rubble.spi.shape.ConvexHull}s (each polytope's own
     * vertices, so the hulls are the authored pieces). Anchors and initial states are copied as
     * they are now; later changes here do not reach an asset already made. O(nodes + hull
     * vertices); call once per collection and share the asset.
     */
    public dev.rubble.spi.collection.CollectionAsset asset() {
        dev.rubble.spi.shape.ConvexHull[] table = hullTable();
        int[] fc = firstChild.clone();
        for (int i = 0; i < fc.length; i++) {
            if (childCount[i] == 0) {
                fc[i] = -1;
            }
        }
        dev.rubble.spi.collection.CollectionAsset a = new dev.rubble.spi.collection.CollectionAsset(parent, fc, childCount,
                mass, com, inertia, volume, relativeSize, anchored.clone(), initialState.clone(), hullStart, hullIndex, table,
                edgeA, edgeB, edgeArea);
        return strengths == null ? a : a.withStrengths(strengths);
    }

    /**
     * The hull table of {@link #asset()}: one {@link dev.rubble.spi.shape.ConvexHull} per polytope,
     * built once per collection (QuickHull of each polytope's vertices; the hulls are immutable, so
     * every asset made from this collection, in any thread, shares them). Two threads asking at once
     * may both build it; they build the same hulls and either table is kept.
     */
    private dev.rubble.spi.shape.ConvexHull[] hullTable() {
        dev.rubble.spi.shape.ConvexHull[] t = hullTable;
        if (t == null) {
            t = new dev.rubble.spi.shape.ConvexHull[hulls.length];
            for (int i = 0; i < hulls.length; i++) {
                t[i] = QuickHull.of(hulls[i].vertices());
            }
            hullTable = t;
        }
        return t;
    }

    private volatile dev.rubble.spi.shape.ConvexHull[] hullTable;

    /** The authored strengths (per-node thresholds and materials, multipliers, per-bond strengths), or null. */
    public dev.rubble.spi.collection.Strengths strengths() {
        return strengths;
    }

    /**
     * This collection with authored strengths ({@code null} = none); shares the fixed arrays and
     * copies the mutable ones (anchors, initial states).
     *
     * @throws IllegalArgumentException when the arrays do not match the node or bond count
     */
    public GeometryCollection withStrengths(dev.rubble.spi.collection.Strengths s) {
        if (s != null && (s.nodeThreshold().length != nodeCount() || s.bondStrength().length != edgeCount())) {
            throw new IllegalArgumentException("strengths for " + s.nodeThreshold().length + " nodes and "
                    + s.bondStrength().length + " bonds; allowed: " + nodeCount() + " nodes and " + edgeCount() + " bonds");
        }
        GeometryCollection g = new GeometryCollection(parent, firstChild, childCount, level, transform, hullStart, hullIndex,
                hulls, volume, mass, com, inertia, relativeSize, initialState.clone(), anchored.clone(), contactA, contactB,
                contactArea, edgeA, edgeB, edgeArea, density);
        g.meshes = meshes;
        g.strengths = s;
        g.hullTable = hullTable; // the same polytopes: the same hulls
        return g;
    }

    /** Ids of the leaves in id order. */
    public int[] leaves() {
        return leaves(childCount);
    }

    /** Ids of the nodes without children (the leaves) in id order, from each node's child count. */
    static int[] leaves(int[] childCount) {
        int c = 0;
        for (int i = 0; i < childCount.length; i++) {
            if (childCount[i] == 0) {
                c++;
            }
        }
        int[] out = new int[c];
        c = 0;
        for (int i = 0; i < childCount.length; i++) {
            if (childCount[i] == 0) {
                out[c++] = i;
            }
        }
        return out;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof GeometryCollection)) {
            return false;
        }
        GeometryCollection g = (GeometryCollection) o;
        return Arrays.equals(parent, g.parent) && Arrays.equals(firstChild, g.firstChild)
                && Arrays.equals(childCount, g.childCount) && Arrays.equals(level, g.level)
                && Arrays.equals(transform, g.transform) && Arrays.equals(hullStart, g.hullStart)
                && Arrays.equals(hullIndex, g.hullIndex) && Arrays.equals(hulls, g.hulls)
                && Arrays.equals(volume, g.volume) && Arrays.equals(mass, g.mass) && Arrays.equals(com, g.com)
                && Arrays.equals(inertia, g.inertia) && Arrays.equals(relativeSize, g.relativeSize)
                && Arrays.equals(initialState, g.initialState) && Arrays.equals(anchored, g.anchored)
                && Arrays.equals(contactA, g.contactA) && Arrays.equals(contactB, g.contactB)
                && Arrays.equals(contactArea, g.contactArea) && Arrays.equals(edgeA, g.edgeA)
                && Arrays.equals(edgeB, g.edgeB) && Arrays.equals(edgeArea, g.edgeArea)
                && Double.compare(density, g.density) == 0 && java.util.Objects.equals(strengths, g.strengths);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(parent) * 31 + Arrays.hashCode(volume);
    }

    @Override
    public String toString() {
        return "GeometryCollection[" + nodeCount() + " nodes, " + leaves().length + " leaves, " + edgeCount()
                + " edges]";
    }
}
