package dev.rubble.spi.collection;

import dev.rubble.spi.shape.ConvexHull;
import java.util.Objects;

/**
 * A geometry collection as the destruction runtime reads it: an immutable tree of pieces in
 * structure-of-arrays form (SPEC §3–§4). Produced by the authoring side
 * ({@code GeometryCollection.asset()}) or built directly.
 *
 * <p>Nodes are numbered breadth first: the root is 0, a parent's id is smaller than its
 * children's, and the children of node {@code i} are {@code firstChild(i) .. firstChild(i) +
 * childCount(i) - 1}. All geometry is in the collection frame (metres); every node's frame is the
 * collection frame translated to its centre of mass, so a node's local transform is the
 * translation {@code com(i) - com(parent(i))} with an identity rotation.
 *
 * <p>Per node: level (root 0), mass (kg, &gt; 0), centre of mass (collection frame, m), inertia
 * about the centre of mass in collection axes ({@code Ixx, Iyy, Izz, Ixy, Ixz, Iyz}, kg·m², the
 * full tensor), volume (m³), relative size, anchored flag, initial state (see
 * {@link #STATE_DYNAMIC}..{@link #STATE_STATIC}) and its own offline collision hulls (one or a
 * few {@link ConvexHull}s in the collection frame, indices into a shared table). Bonds are the
 * connection-graph edges among siblings {@code (a, b, area)}, {@code a < b}; {@link #edgeStart} /
 * {@link #edgeList} index them per node.
 *
 * <p>Accessors that return arrays return the asset's own arrays without copying, so a 100 000
 * piece asset costs nothing to read: callers must not modify them. Thread-safe (immutable).
 */
public final class CollectionAsset {
    /** Initial state: simulated from the start. */
    public static final byte STATE_DYNAMIC = 0;
    /** Initial state: simulated, starts asleep. */
    public static final byte STATE_SLEEPING = 1;
    /** Initial state: moved by the user only. */
    public static final byte STATE_KINEMATIC = 2;
    /** Initial state: never moves. */
    public static final byte STATE_STATIC = 3;

    private final int[] parent, firstChild, childCount, level;
    private final double[] mass, com, inertia, volume, relativeSize;
    private final boolean[] anchored;
    private final byte[] initialState;
    private final int[] hullStart, hullIndex;
    private final ConvexHull[] hulls;
    private final int[] edgeA, edgeB;
    private final double[] edgeArea;
    private final int[] edgeStart, edgeList;
    private final double[] bounds;
    /** Authored strengths (issue 23), or null: every threshold from the damage model, one material. */
    private Strengths strengths;

    /**
     * Builds and validates an asset; arrays are kept, not copied (the caller hands them over).
     *
     * @param parent       parent id per node, -1 for the root (node 0 only), smaller than the node
     * @param firstChild   first child id, or -1 for a leaf
     * @param childCount   number of children (consecutive ids)
     * @param mass         kg per node, finite and &gt; 0
     * @param com          3 per node, collection frame, m
     * @param inertia      6 per node: Ixx, Iyy, Izz, Ixy, Ixz, Iyz about the centre of mass, kg·m²
     * @param volume       m³ per node, ≥ 0
     * @param relativeSize per node, ≥ 0
     * @param anchored     per node
     * @param initialState per node, one of the {@code STATE_*} constants
     * @param hullStart    nodeCount + 1 offsets into {@code hullIndex}; every node has ≥ 1 hull
     * @param hullIndex    indices into {@code hulls}
     * @param hulls        the hull table, collection frame
     * @param edgeA        bond first node (a &lt; b, siblings)
     * @param edgeB        bond second node
     * @param edgeArea     bond contact area, m², ≥ 0
     * @throws IllegalArgumentException naming the first inconsistent field
     */
    public CollectionAsset(int[] parent, int[] firstChild, int[] childCount, double[] mass, double[] com,
                           double[] inertia, double[] volume, double[] relativeSize, boolean[] anchored,
                           byte[] initialState, int[] hullStart, int[] hullIndex, ConvexHull[] hulls,
                           int[] edgeA, int[] edgeB, double[] edgeArea) {
        this.parent = Objects.requireNonNull(parent, "parent is null");
        int n = parent.length;
        if (n == 0) {
            throw new IllegalArgumentException("collection node count = 0; allowed: >= 1");
        }
        this.firstChild = len("firstChild", firstChild, n);
        this.childCount = len("childCount", childCount, n);
        this.mass = len("mass", mass, n);
        this.com = len("com", com, 3 * n);
        this.inertia = len("inertia", inertia, 6 * n);
        this.volume = len("volume", volume, n);
        this.relativeSize = len("relativeSize", relativeSize, n);
        this.anchored = Objects.requireNonNull(anchored, "anchored is null");
        if (anchored.length != n) {
            throw new IllegalArgumentException("anchored length = " + anchored.length + "; allowed: " + n);
        }
        this.initialState = Objects.requireNonNull(initialState, "initialState is null");
        if (initialState.length != n) {
            throw new IllegalArgumentException("initialState length = " + initialState.length + "; allowed: " + n);
        }
        this.hullStart = len("hullStart", hullStart, n + 1);
        this.hullIndex = Objects.requireNonNull(hullIndex, "hullIndex is null");
        this.hulls = Objects.requireNonNull(hulls, "hulls is null");
        this.edgeA = Objects.requireNonNull(edgeA, "edgeA is null");
        this.edgeB = len("edgeB", edgeB, edgeA.length);
        this.edgeArea = len("edgeArea", edgeArea, edgeA.length);
        this.level = new int[n];
        for (int i = 0; i < n; i++) {
            int p = parent[i];
            if (i == 0 ? p != -1 : (p < 0 || p >= i)) {
                throw new IllegalArgumentException("parent[" + i + "] = " + p + "; allowed: "
                        + (i == 0 ? "-1 (node 0 is the root)" : "[0, " + i + ")"));
            }
            level[i] = i == 0 ? 0 : level[p] + 1;
            int c = childCount[i];
            if (c < 0 || (c > 0 && (firstChild[i] <= i || firstChild[i] + c > n))) {
                throw new IllegalArgumentException("children of node " + i + " = [" + firstChild[i] + ", +" + c
                        + "); allowed: consecutive ids after " + i + " below " + n);
            }
            for (int k = 0; k < c; k++) {
                if (parent[firstChild[i] + k] != i) {
                    throw new IllegalArgumentException("parent[" + (firstChild[i] + k) + "] = "
                            + parent[firstChild[i] + k] + " but node " + i + " lists it as a child");
                }
            }
            if (!(mass[i] > 0) || !Double.isFinite(mass[i])) {
                throw new IllegalArgumentException("mass[" + i + "] = " + mass[i] + "; allowed: finite and > 0");
            }
            for (int k = 0; k < 3; k++) {
                finite("com", com[3 * i + k], i);
            }
            for (int k = 0; k < 6; k++) {
                finite("inertia", inertia[6 * i + k], i);
            }
            if (initialState[i] < STATE_DYNAMIC || initialState[i] > STATE_STATIC) {
                throw new IllegalArgumentException("initialState[" + i + "] = " + initialState[i] + "; allowed: 0..3");
            }
            if (hullStart[i + 1] <= hullStart[i]) {
                throw new IllegalArgumentException("node " + i + " has no collision hull; allowed: >= 1");
            }
        }
        if (hullStart[0] != 0 || hullStart[n] != hullIndex.length) {
            throw new IllegalArgumentException("hullStart must run from 0 to hullIndex.length = " + hullIndex.length);
        }
        for (int k = 0; k < hullIndex.length; k++) {
            if (hullIndex[k] < 0 || hullIndex[k] >= hulls.length || hulls[hullIndex[k]] == null) {
                throw new IllegalArgumentException("hullIndex[" + k + "] = " + hullIndex[k] + "; allowed: [0, "
                        + hulls.length + ") naming a hull");
            }
        }
        int[] deg = new int[n + 1];
        for (int e = 0; e < edgeA.length; e++) {
            int a = edgeA[e], b = edgeB[e];
            if (a < 0 || b >= n || a >= b || parent[a] != parent[b]) {
                throw new IllegalArgumentException("bond " + e + " = (" + a + ", " + b
                        + "); allowed: sibling nodes a < b below " + n);
            }
            if (!(edgeArea[e] >= 0) || !Double.isFinite(edgeArea[e])) {
                throw new IllegalArgumentException("bond area[" + e + "] = " + edgeArea[e] + "; allowed: finite, >= 0");
            }
            deg[a]++;
            deg[b]++;
        }
        edgeStart = new int[n + 1];
        for (int i = 0; i < n; i++) {
            edgeStart[i + 1] = edgeStart[i] + deg[i];
        }
        edgeList = new int[edgeStart[n]];
        int[] fill = new int[n];
        for (int e = 0; e < edgeA.length; e++) {
            edgeList[edgeStart[edgeA[e]] + fill[edgeA[e]]++] = e;
            edgeList[edgeStart[edgeB[e]] + fill[edgeB[e]]++] = e;
        }
        bounds = new double[6 * n];
        double[] hb = new double[6];
        for (int i = 0; i < n; i++) {
            int o = 6 * i;
            bounds[o] = bounds[o + 1] = bounds[o + 2] = Double.POSITIVE_INFINITY;
            bounds[o + 3] = bounds[o + 4] = bounds[o + 5] = Double.NEGATIVE_INFINITY;
            for (int k = hullStart[i]; k < hullStart[i + 1]; k++) {
                hulls[hullIndex[k]].bounds(0, 0, 0, 0, 0, 0, 1, hb, 0);
                for (int a = 0; a < 3; a++) {
                    bounds[o + a] = Math.min(bounds[o + a], hb[a]);
                    bounds[o + 3 + a] = Math.max(bounds[o + 3 + a], hb[3 + a]);
                }
            }
        }
    }

    private static int[] len(String name, int[] a, int n) {
        Objects.requireNonNull(a, name + " is null");
        if (a.length != n) {
            throw new IllegalArgumentException(name + " length = " + a.length + "; allowed: " + n);
        }
        return a;
    }

    private static double[] len(String name, double[] a, int n) {
        Objects.requireNonNull(a, name + " is null");
        if (a.length != n) {
            throw new IllegalArgumentException(name + " length = " + a.length + "; allowed: " + n);
        }
        return a;
    }

    private static void finite(String name, double v, int i) {
        if (!Double.isFinite(v)) {
            throw new IllegalArgumentException(name + " of node " + i + " = " + v + "; allowed: finite");
        }
    }

    /**
     * This asset with authored strengths (per-node thresholds and materials, material multipliers,
     * per-bond strengths; null = none). Shares every other array with this asset.
     *
     * @throws IllegalArgumentException when the arrays do not match this asset's node or bond count
     * @param s the strengths to attach, or null for none
     * @return a new asset sharing this one's arrays, with {@code s} as its strengths
     */
    public CollectionAsset withStrengths(Strengths s) {
        if (s != null && (s.nodeThreshold().length != nodeCount() || s.bondStrength().length != edgeCount())) {
            throw new IllegalArgumentException("strengths for " + s.nodeThreshold().length + " nodes and "
                    + s.bondStrength().length + " bonds; allowed: " + nodeCount() + " nodes and " + edgeCount() + " bonds");
        }
        CollectionAsset a = new CollectionAsset(this);
        a.strengths = s;
        return a;
    }

    private CollectionAsset(CollectionAsset o) {
        parent = o.parent;
        firstChild = o.firstChild;
        childCount = o.childCount;
        level = o.level;
        mass = o.mass;
        com = o.com;
        inertia = o.inertia;
        volume = o.volume;
        relativeSize = o.relativeSize;
        anchored = o.anchored;
        initialState = o.initialState;
        hullStart = o.hullStart;
        hullIndex = o.hullIndex;
        hulls = o.hulls;
        edgeA = o.edgeA;
        edgeB = o.edgeB;
        edgeArea = o.edgeArea;
        edgeStart = o.edgeStart;
        edgeList = o.edgeList;
        bounds = o.bounds;
    }

    /**
     * The authored strengths (issue 23), or null when the asset has none.
     * @return the per-node thresholds, materials and bond strengths, or null
     */
    public Strengths strengths() {
        return strengths;
    }

    /**
     * Number of nodes (≥ 1).
     * @return the node count
     */
    public int nodeCount() {
        return parent.length;
    }

    /**
     * Parent ids (-1 for the root). Shared: do not modify.
     * @return the parent of each node, indexed by node id
     */
    public int[] parent() {
        return parent;
    }

    /**
     * First child ids (-1 for leaves). Shared: do not modify.
     * @return the first child of each node, indexed by node id
     */
    public int[] firstChild() {
        return firstChild;
    }

    /**
     * Child counts. Shared: do not modify.
     * @return the number of children of each node, indexed by node id
     */
    public int[] childCount() {
        return childCount;
    }

    /**
     * Levels (root 0). Shared: do not modify.
     * @return the level of each node (its depth below the root), indexed by node id
     */
    public int[] level() {
        return level;
    }

    /**
     * The deepest level.
     * @return the largest level of any node (0 for a collection that is only its root)
     */
    public int maxLevel() {
        return level[level.length - 1];
    }

    /**
     * Masses, kg. Shared: do not modify.
     * @return the mass of each node in kilograms, indexed by node id
     */
    public double[] mass() {
        return mass;
    }

    /**
     * Centres of mass, 3 per node, collection frame, m. Shared: do not modify.
     * @return the centres of mass, packed x, y, z per node, metres
     */
    public double[] com() {
        return com;
    }

    /**
     * Inertia about the centre of mass, 6 per node (Ixx, Iyy, Izz, Ixy, Ixz, Iyz), kg·m². Shared: do not
     * modify.
     * @return the inertia tensors about each centre of mass, six values per node, kg·m²
     */
    public double[] inertia() {
        return inertia;
    }

    /**
     * Volumes, m³. Shared: do not modify.
     * @return the volume of each node in cubic metres, indexed by node id
     */
    public double[] volume() {
        return volume;
    }

    /**
     * Relative sizes ({@code cbrt(volume)/cbrt(max leaf volume)}). Shared: do not modify.
     * @return each node's relative size in (0, 1] for leaves (the largest leaf is 1)
     */
    public double[] relativeSize() {
        return relativeSize;
    }

    /**
     * Authored anchor flags (a placement copies them). Shared: do not modify.
     * @return whether each node is anchored (held in place), indexed by node id
     */
    public boolean[] anchored() {
        return anchored;
    }

    /**
     * Initial states ({@code STATE_*}). Shared: do not modify.
     * @return each node's initial state, one of the {@code STATE_*} constants, indexed by node id
     */
    public byte[] initialState() {
        return initialState;
    }

    /**
     * Node {@code i}'s hulls are {@code hulls()[hullIndex()[k]]} for k in {@code hullStart()[i] ..
     * hullStart()[i+1]}.
     * @return the offsets into {@link #hullIndex()}, nodeCount + 1 entries
     */
    public int[] hullStart() {
        return hullStart;
    }

    /**
     * Indices into {@link #hulls()}. Shared: do not modify.
     * @return the hull table indices of every node's hulls, grouped by node (see {@link #hullStart()})
     */
    public int[] hullIndex() {
        return hullIndex;
    }

    /**
     * The hull table, collection frame. Shared: do not modify.
     * @return the distinct convex hulls of the collection
     */
    public ConvexHull[] hulls() {
        return hulls;
    }

    /**
     * Bond first nodes. Shared: do not modify.
     * @return the first node of each bond, indexed by bond id
     */
    public int[] edgeA() {
        return edgeA;
    }

    /**
     * Bond second nodes. Shared: do not modify.
     * @return the second node of each bond, indexed by bond id
     */
    public int[] edgeB() {
        return edgeB;
    }

    /**
     * Bond areas, m². Shared: do not modify.
     * @return the contact area of each bond in square metres, indexed by bond id
     */
    public double[] edgeArea() {
        return edgeArea;
    }

    /**
     * Number of bonds.
     * @return the bond count, ≥ 0
     */
    public int edgeCount() {
        return edgeA.length;
    }

    /**
     * Bonds of node {@code i} are {@code edgeList()[edgeStart()[i] .. edgeStart()[i+1])}. Shared: do not
     * modify.
     * @return the offsets into {@link #edgeList()}, nodeCount + 1 entries
     */
    public int[] edgeStart() {
        return edgeStart;
    }

    /**
     * Bond ids per node (see {@link #edgeStart()}). Shared: do not modify.
     * @return the bond ids of every node, grouped by node
     */
    public int[] edgeList() {
        return edgeList;
    }

    /**
     * Axis-aligned bounds of each node's hulls, 6 per node, collection frame. Shared: do not modify.
     * @return the bounds, packed minX, minY, minZ, maxX, maxY, maxZ per node, metres
     */
    public double[] bounds() {
        return bounds;
    }

    @Override
    public String toString() {
        return "CollectionAsset[" + nodeCount() + " nodes, " + edgeCount() + " bonds]";
    }
}
