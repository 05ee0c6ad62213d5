package dev.rubble.authoring;

import dev.rubble.authoring.mesh.MeshFracture;
import dev.rubble.authoring.mesh.MeshProximity;
import dev.rubble.authoring.mesh.TriMesh;
import dev.rubble.spi.fracture.FractureMethod;
import dev.rubble.spi.geom.ConvexPolytope;
import dev.rubble.spi.graph.ConnectionGraphMethod;
import dev.rubble.spi.graph.DisjointSets;
import dev.rubble.spi.graph.GraphInput;
import dev.rubble.spi.sort.PrimitiveOrder;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Objects;

/**
 * Authoring of a {@link GeometryCollection}: start from a convex source, fracture leaves into
 * levels, auto-cluster, fix tiny pieces, then {@link #build} computes mass properties, proximity
 * and the connection graph (SPEC §3; reference: chaos-large-scale-destruction, fracture tools,
 * clustering, connection graph).
 *
 * <p>Builder node ids are creation order (the root is 0) and stay valid until {@link #build},
 * which renumbers breadth first. Every operation is deterministic: seeds are mixed with the node
 * id (SplitMix64) so each fractured node gets its own reproducible seed. Not thread-safe.
 */
public final class CollectionBuilder {
    /** SPEC default of {@link #fixTiny(double)}: pieces under 1% of the largest leaf volume. */
    public static final double DEFAULT_TINY_RELATIVE_VOLUME = 0.01;

    /**
     * Most pieces a level may leave when another level follows (each is fractured again): the shared limit of
     * {@code rubble fracture --levels} and the bench wall's {@code --wall-sites}, so a request for levels of
     * 100 000 sites each is refused at once instead of running for hours.
     */
    public static final int MAX_LEAVES_BEFORE_LEVEL = 10_000;

    /** Default density, kg/m³ (concrete-like). */
    public static final double DEFAULT_DENSITY = 2500;

    private static final class Node {
        int parent;
        final List<Integer> children = new ArrayList<>();
        ConvexPolytope[] hulls;
        /** The exact closed surface of a piece cut from a mesh source (null for convex pieces). */
        TriMesh mesh;
        boolean alive = true;
        int depth;
        /** The fracture that made this piece when it listed its neighbours ({@link #partitions}), else -1. */
        int partition = -1;
        /** This piece's index in that fracture's pieces. */
        int pieceIndex;

        Node(int parent, ConvexPolytope[] hulls, int depth) {
            this.parent = parent;
            this.hulls = hulls;
            this.depth = depth;
        }
    }

    private final List<Node> nodes = new ArrayList<>();
    /**
     * Per fracture that listed its neighbours ({@link FractureMethod#fractureWithNeighbours}): its
     * pieces and its neighbour pairs packed {@code (long) a << 32 | b} (piece indices, a &lt; b).
     */
    private final List<ConvexPolytope[]> partitionPieces = new ArrayList<>();
    private final List<long[]> partitionPairs = new ArrayList<>();
    private double density = DEFAULT_DENSITY;
    private boolean meshes;
    private double grout;
    private dev.rubble.authoring.mesh.MeshNoise cellNoise = dev.rubble.authoring.mesh.MeshNoise.NONE;
    private double concavity = MeshFracture.DEFAULT_CONCAVITY;
    private int maxHulls = MeshFracture.DEFAULT_MAX_HULLS;
    private int clusterHulls = 4;

    /** A builder whose root is {@code source}. */
    public CollectionBuilder(ConvexPolytope source) {
        Objects.requireNonNull(source, "source is null");
        nodes.add(new Node(-1, new ConvexPolytope[] {source}, 0));
    }

    /**
     * A builder whose root is a closed triangle mesh (validate it first with
     * {@link dev.rubble.authoring.mesh.MeshCheck}): fracturing a mesh node intersects each convex
     * cell of the fracture method (applied to the node's bounding box) with the node's mesh and
     * splits the result into connected pieces ({@link MeshFracture}); every piece keeps its exact
     * mesh (mass properties, proximity on the real cut faces, export) and gets convex collision
     * hulls.
     */
    public CollectionBuilder(TriMesh source) {
        Objects.requireNonNull(source, "source is null");
        Node root = new Node(-1, MeshFracture.hulls(source, concavity, maxHulls), 0);
        root.mesh = source;
        nodes.add(root);
        meshes = true;
    }

    /**
     * Grout for mesh fracture: the width of the gap left between neighbouring pieces (every cut
     * plane moves inward by half of it on both sides), metres, ≥ 0; default 0.
     */
    public CollectionBuilder grout(double width) {
        if (!(width >= 0) || !Double.isFinite(width)) {
            throw new IllegalArgumentException("grout = " + width + "; allowed: finite and >= 0");
        }
        grout = width;
        return this;
    }

    /**
     * Noise on the cut faces of mesh fracture by any fracture method (Voronoi, slice, brick, ...):
     * every face two neighbours share is refined to the noise's spacing and displaced by its
     * Perlin noise, the same points on both sides ({@link dev.rubble.authoring.mesh.MeshFracture#cut(TriMesh,
     * List, double, dev.rubble.authoring.mesh.MeshNoise)}); default flat. Applies to every later level.
     */
    public CollectionBuilder cellNoise(dev.rubble.authoring.mesh.MeshNoise noise) {
        cellNoise = Objects.requireNonNull(noise, "noise is null");
        return this;
    }

    /**
     * Collision hulls of mesh pieces: a part is split while its hull exceeds its volume by more
     * than {@code concavity} (relative, ≥ 0), up to {@code maxHulls} (1..64) hulls per piece.
     */
    public CollectionBuilder hulls(double concavity, int maxHulls) {
        if (!(concavity >= 0) || !Double.isFinite(concavity)) {
            throw new IllegalArgumentException("concavity = " + concavity + "; allowed: finite and >= 0");
        }
        if (maxHulls < 1 || maxHulls > 64) {
            throw new IllegalArgumentException("maxHulls = " + maxHulls + "; allowed: 1..64");
        }
        this.concavity = concavity;
        this.maxHulls = maxHulls;
        return this;
    }

    /**
     * Collision proxies of clusters (issue 27 item 4; Chaos's cluster convex hulls, {@code ConvexCount} 4 by
     * default there): every node with children whose own geometry is more than {@code count} hulls (a mesh
     * source's root and fractured pieces, auto-clusters: their pieces' hulls) collides with at most
     * {@code count} hulls instead, each the convex hull of a group of them. Groups are cut by median splits
     * of the hulls' centres along their longest spread, so nearby hulls share a group. Only collision
     * changes: the mass properties, the proximity and the connection graph come from the pieces as before,
     * and leaves keep their own hulls. A proxy covers every point of the hulls it replaces, and also the gaps
     * between them (a statue's arm and body may become one hull). 0 keeps every hull; the default is 4, as
     * in Chaos and SPEC §4 ("at most 4 per cluster").
     *
     * @param count 0 (off) or 1..64
     */
    public CollectionBuilder clusterHulls(int count) {
        if (count < 0 || count > 64) {
            throw new IllegalArgumentException("clusterHulls = " + count + "; allowed: 0 (off) or 1..64");
        }
        this.clusterHulls = count;
        return this;
    }

    /** The exact mesh of node {@code id}, or null for a convex piece. */
    public TriMesh mesh(int id) {
        return node(id).mesh;
    }

    /** Sets the density of every piece, kg/m³ (finite, &gt; 0). */
    public CollectionBuilder density(double kgPerCubicMetre) {
        if (!(kgPerCubicMetre > 0) || !Double.isFinite(kgPerCubicMetre)) {
            throw new IllegalArgumentException("density = " + kgPerCubicMetre + "; allowed: finite and > 0");
        }
        density = kgPerCubicMetre;
        return this;
    }

    /** Ids of the live leaves, ascending. */
    public int[] leaves() {
        int[] out = new int[nodes.size()];
        int c = 0;
        for (int i = 0; i < nodes.size(); i++) {
            Node n = nodes.get(i);
            if (n.alive && n.children.isEmpty()) {
                out[c++] = i;
            }
        }
        return Arrays.copyOf(out, c);
    }

    /** Depth of the deepest live node. */
    public int depth() {
        int d = 0;
        for (Node n : nodes) {
            if (n.alive) {
                d = Math.max(d, n.depth);
            }
        }
        return d;
    }

    /** Children of node {@code id}, in order. */
    public int[] children(int id) {
        List<Integer> c = node(id).children;
        int[] out = new int[c.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = c.get(i);
        }
        return out;
    }

    private Node node(int id) {
        if (id < 0 || id >= nodes.size() || !nodes.get(id).alive) {
            throw new IllegalArgumentException("node = " + id + "; allowed: a live node id in [0, " + nodes.size() + ")");
        }
        return nodes.get(id);
    }

    /** SplitMix64 of {@code seed} and {@code salt}: the per-node seed. */
    static long mix(long seed, long salt) {
        long z = seed + (salt + 1) * 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /**
     * Fractures leaf {@code id} (which must be a single convex hull) with {@code method}; its
     * pieces become its children. A method that returns one piece leaves the node a leaf.
     *
     * @return the number of children made (0 when left whole)
     */
    public int fracture(int id, FractureMethod method, long seed) {
        Objects.requireNonNull(method, "method is null");
        Node n = node(id);
        if (!n.children.isEmpty()) {
            throw new IllegalArgumentException("node = " + id + " already has children; allowed: a leaf");
        }
        if (n.mesh != null) {
            return fractureMesh(id, n, method, seed);
        }
        if (n.hulls.length != 1) {
            throw new IllegalArgumentException("node = " + id + " has " + n.hulls.length
                    + " hulls; allowed: a single convex hull to fracture");
        }
        FractureMethod.Pieces made = method.fractureWithNeighbours(n.hulls[0], mix(seed, id));
        List<ConvexPolytope> pieces = made.pieces();
        if (pieces.size() <= 1) {
            return 0;
        }
        int partition = -1;
        if (made.hasNeighbours()) {
            // the cut's own neighbour list: face contacts among these pieces need no search later
            partition = partitionPieces.size();
            long[] pairs = new long[made.a().length];
            for (int k = 0; k < pairs.length; k++) {
                pairs[k] = key(made.a()[k], made.b()[k]);
            }
            partitionPieces.add(pieces.toArray(new ConvexPolytope[0]));
            partitionPairs.add(pairs);
        }
        for (int k = 0; k < pieces.size(); k++) {
            Node c = new Node(id, new ConvexPolytope[] {pieces.get(k)}, n.depth + 1);
            c.partition = partition;
            c.pieceIndex = k;
            n.children.add(nodes.size());
            nodes.add(c);
        }
        return pieces.size();
    }

    /**
     * Cuts mesh leaf {@code id} with the planar cutter ({@link dev.rubble.authoring.mesh.MeshCutter}):
     * every plane ({@code nx, ny, nz, d} each) splits every piece it crosses, flat or with
     * {@code noise}; neighbours share each cut surface vertex for vertex. Grout as set by
     * {@link #grout}.
     *
     * @return the number of children made (0 when the planes leave it whole)
     */
    public int cutPlanes(int id, double[] planes, dev.rubble.authoring.mesh.MeshNoise noise) {
        Objects.requireNonNull(noise, "noise is null");
        Node n = node(id);
        if (n.mesh == null) {
            throw new IllegalArgumentException("node = " + id + " has no mesh; allowed: a node of a mesh source");
        }
        if (!n.children.isEmpty()) {
            throw new IllegalArgumentException("node = " + id + " already has children; allowed: a leaf");
        }
        List<TriMesh> pieces = dev.rubble.authoring.mesh.MeshCutter.planes(n.mesh, planes, noise, grout);
        if (pieces.size() <= 1 && grout == 0) {
            return 0;
        }
        return adopt(id, n, pieces);
    }

    /**
     * Cuts mesh leaf {@code id} with scattered cutter meshes ({@link dev.rubble.authoring.mesh.MeshCutters}):
     * each placed convex cutter (its face planes, {@code nx, ny, nz, d} each) splits every piece it
     * reaches into the part inside it and the rest, which stays whole; {@code noise} on the cutters'
     * surfaces. Grout does not apply to this cut.
     *
     * @return the number of children made (0 when the cutters leave it whole)
     */
    public int cutMeshes(int id, List<double[]> cutters, dev.rubble.authoring.mesh.MeshNoise noise) {
        Objects.requireNonNull(cutters, "cutters is null");
        Objects.requireNonNull(noise, "noise is null");
        Node n = node(id);
        if (n.mesh == null) {
            throw new IllegalArgumentException("node = " + id + " has no mesh; allowed: a node of a mesh source");
        }
        if (!n.children.isEmpty()) {
            throw new IllegalArgumentException("node = " + id + " already has children; allowed: a leaf");
        }
        List<TriMesh> pieces = dev.rubble.authoring.mesh.MeshCutters.cut(n.mesh, cutters, noise);
        if (pieces.size() <= 1) {
            return 0;
        }
        return adopt(id, n, pieces);
    }

    private int adopt(int id, Node n, List<TriMesh> pieces) {
        List<ConvexPolytope> all = new ArrayList<>();
        for (TriMesh p : pieces) {
            Node c = new Node(id, MeshFracture.hulls(p, concavity, maxHulls), n.depth + 1);
            c.mesh = p;
            n.children.add(nodes.size());
            nodes.add(c);
            all.addAll(List.of(c.hulls));
        }
        // the fractured node's own geometry becomes its pieces' hulls (as for an auto-cluster): a far
        // closer fit to a non-convex shape than the node's coarse decomposition
        n.hulls = all.toArray(new ConvexPolytope[0]);
        return pieces.size();
    }

    private int fractureMesh(int id, Node n, FractureMethod method, long seed) {
        ConvexPolytope box = MeshFracture.boundingBox(n.mesh, MeshFracture.margin(n.mesh, grout));
        List<ConvexPolytope> cells = method.fracture(box, mix(seed, id));
        if (cells.size() <= 1 && grout == 0) {
            return 0;
        }
        List<TriMesh> pieces = MeshFracture.cut(n.mesh, cells, grout, cellNoise);
        if (pieces.size() <= 1 && grout == 0) {
            return 0;
        }
        return adopt(id, n, pieces);
    }

    /**
     * Fractures every live leaf at the deepest level: one more level. Returns the pieces made.
     */
    public int fractureLevel(FractureMethod method, long seed) {
        return fractureLevel(method, seed, 1.0);
    }

    /**
     * Like {@link #fractureLevel(FractureMethod, long)} but each deepest leaf is fractured only
     * with probability {@code chance} (Chaos' ChanceToFracture; reference:
     * chaos-large-scale-destruction, multi-level fracture), decided by a per-node seeded draw, so
     * detail can be uneven while staying reproducible.
     *
     * @param chance in [0, 1]
     */
    public int fractureLevel(FractureMethod method, long seed, double chance) {
        if (!(chance >= 0 && chance <= 1)) {
            throw new IllegalArgumentException("chance = " + chance + "; allowed: [0, 1]");
        }
        int d = depth();
        int made = 0;
        for (int id : leaves()) {
            if (nodes.get(id).depth != d || (nodes.get(id).hulls.length != 1 && nodes.get(id).mesh == null)) {
                continue;
            }
            // top 53 bits of the per-node mix as a uniform draw in [0, 1)
            double draw = (mix(seed ^ 0x6368616E6365L, id) >>> 11) * 0x1.0p-53;
            if (chance >= 1 || draw < chance) {
                made += fracture(id, method, seed);
            }
        }
        return made;
    }

    /**
     * Auto-clusters the children of {@code id} ({@link AutoCluster}): k-means into
     * {@code clusters} groups by bounding-box centre, split into proximity-connected components,
     * components under {@code minClusterSize} merged into neighbours. Every group of two or more
     * becomes a new cluster node between {@code id} and its members (whose subtrees move one level
     * down); single members stay children of {@code id}.
     *
     * @return the number of cluster nodes created
     */
    public int autoCluster(int id, int clusters, int minClusterSize, long seed) {
        Node n = node(id);
        int m = n.children.size();
        if (m < 2) {
            return 0;
        }
        ConvexPolytope[][] geo = new ConvexPolytope[m][];
        double[] centres = new double[3 * m];
        Node[] members = new Node[m];
        for (int i = 0; i < m; i++) {
            members[i] = nodes.get(n.children.get(i));
            geo[i] = members[i].hulls;
            double[] b = members[i].mesh != null ? members[i].mesh.bounds() : Proximity.bounds(geo[i]);
            for (int k = 0; k < 3; k++) {
                centres[3 * i + k] = 0.5 * (b[k] + b[3 + k]);
            }
        }
        Proximity.Contacts c = contacts(members);
        int[] label = AutoCluster.partition(m, centres, clusters, minClusterSize, 20, mix(seed, id), c.a(), c.b(),
                c.area());
        int groups = 0;
        for (int l : label) {
            groups = Math.max(groups, l + 1);
        }
        int[] size = new int[groups];
        for (int l : label) {
            size[l]++;
        }
        List<Integer> old = new ArrayList<>(n.children);
        n.children.clear();
        int[] clusterOf = new int[groups];
        Arrays.fill(clusterOf, -1);
        int made = 0;
        for (int i = 0; i < m; i++) {
            int child = old.get(i);
            int l = label[i];
            if (size[l] == 1) {
                n.children.add(child);
                continue;
            }
            if (clusterOf[l] < 0) {
                clusterOf[l] = nodes.size();
                nodes.add(new Node(id, new ConvexPolytope[0], n.depth + 1));
                n.children.add(clusterOf[l]);
                made++;
            }
            Node cl = nodes.get(clusterOf[l]);
            cl.children.add(child);
            Node ch = nodes.get(child);
            ch.parent = clusterOf[l];
            ConvexPolytope[] h = Arrays.copyOf(cl.hulls, cl.hulls.length + ch.hulls.length);
            System.arraycopy(ch.hulls, 0, h, cl.hulls.length, ch.hulls.length);
            cl.hulls = h;
            if (ch.mesh != null) {
                cl.mesh = cl.mesh == null ? ch.mesh : TriMesh.concat(cl.mesh, ch.mesh);
            }
            deepen(child);
        }
        return made;
    }

    private void deepen(int id) {
        ArrayDeque<Integer> q = new ArrayDeque<>();
        q.add(id);
        while (!q.isEmpty()) {
            Node x = nodes.get(q.poll());
            x.depth++;
            q.addAll(x.children);
        }
    }

    /** {@link #fixTiny(double)} with the SPEC default {@value #DEFAULT_TINY_RELATIVE_VOLUME}. */
    public int fixTiny() {
        return fixTiny(DEFAULT_TINY_RELATIVE_VOLUME);
    }

    /**
     * Merges every leaf whose volume is below {@code relativeVolume} times the largest leaf
     * volume into its largest (by volume) touching sibling leaf; the merged leaf keeps all hulls.
     * Leaves are processed smallest first; a leaf with no touching sibling is kept. Neighbours
     * are the contacts of all original leaves a merged leaf is made of, followed through earlier
     * merges.
     *
     * @param relativeVolume in [0, 1]; SPEC default 0.01
     * @return the number of leaves merged away
     */
    public int fixTiny(double relativeVolume) {
        if (!(relativeVolume >= 0 && relativeVolume <= 1)) {
            throw new IllegalArgumentException("relativeVolume = " + relativeVolume + "; allowed: [0, 1]");
        }
        int[] leaves = leaves();
        int m = leaves.length;
        double[] vol = new double[m];
        Node[] members = new Node[m];
        double max = 0;
        for (int i = 0; i < m; i++) {
            members[i] = nodes.get(leaves[i]);
            vol[i] = volume(members[i]);
            max = Math.max(max, vol[i]);
        }
        double threshold = relativeVolume * max;
        Proximity.Contacts c = contacts(members);
        int[] deg = new int[m + 1];
        for (int e = 0; e < c.size(); e++) {
            deg[c.a()[e] + 1]++;
            deg[c.b()[e] + 1]++;
        }
        for (int i = 0; i < m; i++) {
            deg[i + 1] += deg[i];
        }
        int[] fill = Arrays.copyOf(deg, m);
        int[] adj = new int[2 * c.size()];
        for (int e = 0; e < c.size(); e++) {
            adj[fill[c.a()[e]]++] = c.b()[e];
            adj[fill[c.b()[e]]++] = c.a()[e];
        }
        int[] rep = new int[m];
        int[] nextMember = new int[m];
        int[] tailMember = new int[m];
        for (int i = 0; i < m; i++) {
            rep[i] = i;
            nextMember[i] = -1;
            tailMember[i] = i;
        }
        int[] order = byVolume(vol);
        int merged = 0;
        for (int i : order) {
            if (rep[i] != i || vol[i] >= threshold) {
                continue;
            }
            int parent = nodes.get(leaves[i]).parent;
            int best = -1;
            for (int j = i; j >= 0; j = nextMember[j]) {
                for (int q = deg[j]; q < deg[j + 1]; q++) {
                    int o = DisjointSets.find(rep, adj[q]);
                    if (o == i || nodes.get(leaves[o]).parent != parent) {
                        continue;
                    }
                    if (best < 0 || vol[o] > vol[best] || (vol[o] == vol[best] && o < best)) {
                        best = o;
                    }
                }
            }
            if (best < 0) {
                continue;
            }
            Node into = nodes.get(leaves[best]);
            Node gone = nodes.get(leaves[i]);
            ConvexPolytope[] h = Arrays.copyOf(into.hulls, into.hulls.length + gone.hulls.length);
            System.arraycopy(gone.hulls, 0, h, into.hulls.length, gone.hulls.length);
            into.hulls = h;
            if (into.mesh != null && gone.mesh != null) {
                into.mesh = TriMesh.concat(into.mesh, gone.mesh);
            }
            vol[best] += vol[i];
            rep[i] = best;
            nextMember[tailMember[best]] = i;
            tailMember[best] = tailMember[i];
            // the merged leaf inherits the tiny leaf's contacts through rep[]
            gone.alive = false;
            nodes.get(parent).children.remove(Integer.valueOf(leaves[i]));
            merged++;
        }
        return merged;
    }

    /**
     * Computes mass properties, proximity and the connection graph and returns the collection.
     *
     * @param graph          the connection-graph method applied to the children of every node
     * @param maxConnections at most this many edges per node (≥ 1); edges are taken shortest
     *                       first (centre-of-mass distance, ties by node ids), so a small cap can
     *                       disconnect a graph. Use {@link Integer#MAX_VALUE} for no cap.
     */
    public GeometryCollection build(ConnectionGraphMethod graph, int maxConnections) {
        Objects.requireNonNull(graph, "graph is null");
        if (maxConnections < 1) {
            throw new IllegalArgumentException("maxConnections = " + maxConnections + "; allowed: >= 1");
        }
        // breadth-first renumbering (this method's loops are methods of their own: see massProperties)
        int[] newId = new int[nodes.size()];
        int[] order = new int[nodes.size()];
        int n = breadthFirst(newId, order);
        int[] parent = new int[n];
        int[] firstChild = new int[n];
        int[] childCount = new int[n];
        int[] level = new int[n];
        int[] hullStart = new int[n + 1];
        HullTable ht = nodeTable(order, newId, n, parent, firstChild, childCount, level, hullStart);
        int[] hullIndex = ht.index;
        ConvexPolytope[] hulls = ht.hulls;
        // mass properties bottom-up
        double[] volume = new double[n];
        double[] mass = new double[n];
        double[] com = new double[3 * n];
        double[] inertia = new double[6 * n];
        massProperties(order, childCount, firstChild, hullStart, hullIndex, hulls, volume, mass, com, inertia);
        double[] transform = new double[7 * n];
        double[] relativeSize = new double[n];
        frames(parent, childCount, com, volume, transform, relativeSize);
        // leaf proximity lifted to siblings
        int[] leafIds = GeometryCollection.leaves(childCount);
        Node[] leafNodes = new Node[leafIds.length];
        for (int k = 0; k < leafIds.length; k++) {
            leafNodes[k] = nodes.get(order[leafIds[k]]);
        }
        Proximity.Contacts lc = contacts(leafNodes);
        Lifted lifted = lift(lc, leafIds, level, parent);
        long[] liftedKeys = lifted.keys;
        double[] liftedArea = lifted.area;
        int nc = lifted.count;
        int[] ca = firsts(liftedKeys, nc);
        int[] cb = seconds(liftedKeys, nc);
        double[] carea = Arrays.copyOf(liftedArea, nc);
        // connection graph per parent
        long[] edges = connect(graph, n, childCount, firstChild, com, hulls, hullStart, hullIndex);
        edges = capConnections(edges, com, n, maxConnections);
        int[] ea = firsts(edges, edges.length);
        int[] eb = seconds(edges, edges.length);
        double[] earea = new double[edges.length];
        for (int k = 0; k < edges.length; k++) {
            int at = Arrays.binarySearch(liftedKeys, 0, nc, edges[k]);
            earea[k] = at < 0 ? 0 : liftedArea[at];
        }
        if (clusterHulls > 0) {
            // after the graph (which reads the children's own hulls): the clusters' collision proxies
            HullTable reduced = ClusterHulls.reduce(clusterHulls, childCount, hullStart, hullIndex, hulls);
            hullIndex = reduced.index();
            hulls = reduced.hulls();
        }
        byte[] state = new byte[n];
        boolean[] anchored = new boolean[n];
        GeometryCollection gc = new GeometryCollection(parent, firstChild, childCount, level, transform, hullStart,
                hullIndex, hulls, volume, mass, com, inertia, relativeSize, state, anchored, ca, cb, carea, ea, eb, earea,
                density);
        if (meshes) {
            TriMesh[] pieceMeshes = new TriMesh[n];
            for (int i = 0; i < n; i++) {
                pieceMeshes[i] = nodes.get(order[i]).mesh;
            }
            gc.meshes = pieceMeshes;
        }
        return gc;
    }

    /** Breadth-first order of the nodes from the root: fills {@code newId} (old id to new) and {@code order} (new to old); returns the count. */
    private int breadthFirst(int[] newId, int[] order) {
        Arrays.fill(newId, -1);
        int count = 0;
        order[count++] = 0;
        newId[0] = 0;
        for (int h = 0; h < count; h++) {
            for (int c : nodes.get(order[h]).children) {
                newId[c] = count;
                order[count++] = c;
            }
        }
        return count;
    }

    /** The distinct hulls in first-use order, and each node's hull indices from {@code hullStart[i]}. */
    record HullTable(ConvexPolytope[] hulls, int[] index) {
    }

    /** Parent, first child, child count and level of each node in the new order, and the hull table. */
    private HullTable nodeTable(int[] order, int[] newId, int n, int[] parent, int[] firstChild, int[] childCount,
                                int[] level, int[] hullStart) {
        IdentityHashMap<ConvexPolytope, Integer> hullId = new IdentityHashMap<>();
        List<ConvexPolytope> table = new ArrayList<>();
        List<Integer> hullIdx = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Node x = nodes.get(order[i]);
            parent[i] = x.parent < 0 ? -1 : newId[x.parent];
            level[i] = i == 0 ? 0 : level[parent[i]] + 1;
            childCount[i] = x.children.size();
            firstChild[i] = x.children.isEmpty() ? -1 : newId[x.children.get(0)];
            hullStart[i] = hullIdx.size();
            for (ConvexPolytope p : x.hulls) {
                Integer id = hullId.get(p);
                if (id == null) {
                    id = table.size();
                    hullId.put(p, id);
                    table.add(p);
                }
                hullIdx.add(id);
            }
        }
        hullStart[n] = hullIdx.size();
        int[] hullIndex = new int[hullIdx.size()];
        for (int i = 0; i < hullIndex.length; i++) {
            hullIndex[i] = hullIdx.get(i);
        }
        return new HullTable(table.toArray(new ConvexPolytope[0]), hullIndex);
    }

    /** Each node's transform relative to its parent (a translation) and its size relative to the largest leaf. */
    private static void frames(int[] parent, int[] childCount, double[] com, double[] volume, double[] transform,
                               double[] relativeSize) {
        int n = parent.length;
        double maxLeaf = 0;
        for (int i = 0; i < n; i++) {
            for (int a = 0; a < 3; a++) {
                transform[7 * i + a] = parent[i] < 0 ? com[3 * i + a] : com[3 * i + a] - com[3 * parent[i] + a];
            }
            transform[7 * i + 6] = 1;
            if (childCount[i] == 0) {
                maxLeaf = Math.max(maxLeaf, volume[i]);
            }
        }
        for (int i = 0; i < n; i++) {
            relativeSize[i] = StrictMath.cbrt(volume[i]) / StrictMath.cbrt(maxLeaf);
        }
    }

    /** The first node of each of the first {@code count} pair keys. */
    private static int[] firsts(long[] keys, int count) {
        int[] out = new int[count];
        for (int k = 0; k < count; k++) {
            out[k] = (int) (keys[k] >>> 32);
        }
        return out;
    }

    /** The second node of each of the first {@code count} pair keys. */
    private static int[] seconds(long[] keys, int count) {
        int[] out = new int[count];
        for (int k = 0; k < count; k++) {
            out[k] = (int) keys[k];
        }
        return out;
    }

    /**
     * Volume, mass, centre of mass and inertia of every node, bottom-up (leaves from their mesh or hulls,
     * clusters from their children). Its own method, as the other loops of {@link #build}: a loop the JIT
     * compiles on the stack (OSR) is compiled with its whole method, so one large method with several
     * hot loops was compiled by C2 once per loop (five compiles, 1.8 s of a bake's compile time).
     */
    private void massProperties(int[] order, int[] childCount, int[] firstChild, int[] hullStart, int[] hullIndex,
                                ConvexPolytope[] hulls, double[] volume, double[] mass, double[] com, double[] inertia) {
        int n = volume.length;
        for (int i = n - 1; i >= 0; i--) {
            TriMesh mesh = nodes.get(order[i]).mesh;
            if (childCount[i] == 0 && mesh != null) {
                double[] mp = mesh.massProperties();
                volume[i] = mp[0];
                mass[i] = density * mp[0];
                for (int a = 0; a < 3; a++) {
                    com[3 * i + a] = mp[1 + a];
                }
                for (int a = 0; a < 6; a++) {
                    inertia[6 * i + a] = density * mp[4 + a];
                }
            } else if (childCount[i] == 0) {
                for (int k = hullStart[i]; k < hullStart[i + 1]; k++) {
                    ConvexPolytope p = hulls[hullIndex[k]];
                    double v = p.volume();
                    volume[i] += v;
                    for (int a = 0; a < 3; a++) {
                        com[3 * i + a] += v * p.centroid(a);
                    }
                }
                for (int a = 0; a < 3; a++) {
                    com[3 * i + a] /= volume[i];
                }
                mass[i] = density * volume[i];
                for (int k = hullStart[i]; k < hullStart[i + 1]; k++) {
                    ConvexPolytope p = hulls[hullIndex[k]];
                    double[] in = p.inertia();
                    addShifted(inertia, i, in, density, density * p.volume(), p.centroid(0) - com[3 * i],
                            p.centroid(1) - com[3 * i + 1], p.centroid(2) - com[3 * i + 2]);
                }
            } else {
                int f = firstChild[i], e = f + childCount[i];
                for (int c = f; c < e; c++) {
                    volume[i] += volume[c];
                    mass[i] += mass[c];
                    for (int a = 0; a < 3; a++) {
                        com[3 * i + a] += mass[c] * com[3 * c + a];
                    }
                }
                for (int a = 0; a < 3; a++) {
                    com[3 * i + a] /= mass[i];
                }
                for (int c = f; c < e; c++) {
                    double[] in = Arrays.copyOfRange(inertia, 6 * c, 6 * c + 6);
                    addShifted(inertia, i, in, 1.0, mass[c], com[3 * c] - com[3 * i], com[3 * c + 1] - com[3 * i + 1],
                            com[3 * c + 2] - com[3 * i + 2]);
                }
            }
        }
    }

    /** Leaf contacts lifted to the sibling pairs under a common parent, and the sum of each pair's areas. */
    private record Lifted(long[] keys, double[] area, int count) {
    }

    /**
     * Each leaf contact lifted to the two siblings (under one parent) that hold its leaves; per lifted pair
     * the sum of its contacts' areas, added in contact order, pairs sorted by key.
     */
    private static Lifted lift(Proximity.Contacts lc, int[] leafIds, int[] level, int[] parent) {
        int ncon = lc.size();
        long[] liftKey = new long[ncon];
        for (int c = 0; c < ncon; c++) {
            int a = leafIds[lc.a()[c]], b = leafIds[lc.b()[c]];
            while (level[a] > level[b]) {
                a = parent[a];
            }
            while (level[b] > level[a]) {
                b = parent[b];
            }
            while (parent[a] != parent[b]) {
                a = parent[a];
                b = parent[b];
            }
            liftKey[c] = key(a, b);
        }
        int[] byKey = PrimitiveOrder.order(liftKey);
        long[] liftedKeys = new long[ncon];
        double[] liftedArea = new double[ncon];
        int nc = 0;
        for (int k = 0; k < ncon; k++) {
            int c = byKey[k];
            if (nc > 0 && liftedKeys[nc - 1] == liftKey[c]) {
                liftedArea[nc - 1] = liftedArea[nc - 1] + lc.area()[c];
            } else {
                liftedKeys[nc] = liftKey[c];
                liftedArea[nc++] = lc.area()[c];
            }
        }
        return new Lifted(liftedKeys, liftedArea, nc);
    }

    /** The connection graph method's edges among each parent's children, in parent order, as node-pair keys. */
    private static long[] connect(ConnectionGraphMethod graph, int n, int[] childCount, int[] firstChild, double[] com,
                                  ConvexPolytope[] hulls, int[] hullStart, int[] hullIndex) {
        long[] edges = new long[16];
        int ne = 0;
        for (int i = 0; i < n; i++) {
            int m = childCount[i];
            if (m < 2) {
                continue;
            }
            int f = firstChild[i];
            double[] pos = Arrays.copyOfRange(com, 3 * f, 3 * (f + m));
            double[] bounds = new double[6 * m];
            ConvexPolytope[][] geo = new ConvexPolytope[m][];
            for (int c = 0; c < m; c++) {
                geo[c] = nodeHulls(hulls, hullStart, hullIndex, f + c);
                System.arraycopy(Proximity.bounds(geo[c]), 0, bounds, 6 * c, 6);
            }
            int[] pairs = graph.connect(new GraphInput(m, pos, bounds, geo));
            for (int k = 0; k + 1 < pairs.length; k += 2) {
                if (pairs[k] < 0 || pairs[k] >= m || pairs[k + 1] < 0 || pairs[k + 1] >= m || pairs[k] == pairs[k + 1]) {
                    throw new IllegalStateException("connection graph returned a bad edge (" + pairs[k] + ", "
                            + pairs[k + 1] + ") for " + m + " nodes");
                }
                if (ne == edges.length) {
                    edges = Arrays.copyOf(edges, 2 * ne);
                }
                edges[ne++] = key(f + pairs[k], f + pairs[k + 1]);
            }
        }
        return Arrays.copyOf(edges, ne);
    }

    private static double volume(Node x) {
        if (x.mesh != null) {
            return x.mesh.volume();
        }
        double v = 0;
        for (ConvexPolytope h : x.hulls) {
            v += h.volume();
        }
        return v;
    }

    /**
     * Face contacts among {@code members}: on the hulls for convex pieces ({@link Proximity}), on
     * the real cut surfaces when the collection was made from a mesh ({@link MeshProximity}, where
     * a convex piece counts with all of its faces and grout counts as touching).
     */
    private Proximity.Contacts contacts(Node[] members) {
        if (!meshes) {
            ConvexPolytope[][] geo = new ConvexPolytope[members.length][];
            for (int i = 0; i < members.length; i++) {
                geo[i] = members[i].hulls;
            }
            return Proximity.compute(geo, fractureNeighbours(members));
        }
        TriMesh[] ms = new TriMesh[members.length];
        for (int i = 0; i < members.length; i++) {
            TriMesh m = members[i].mesh;
            if (m == null) {
                for (ConvexPolytope h : members[i].hulls) {
                    TriMesh hm = MeshFracture.ofPolytope(h);
                    m = m == null ? hm : TriMesh.concat(m, hm);
                }
            }
            ms[i] = m;
        }
        MeshProximity.Contacts c = MeshProximity.compute(ms, grout);
        return new Proximity.Contacts(c.a(), c.b(), c.area());
    }

    /**
     * Candidate contact pairs among {@code members} from the fracture that made them, when every
     * member is an unchanged piece of one fracture that listed its neighbours (packed member
     * index pairs, sorted); {@code null} (search by bounds) otherwise. That list holds every pair of
     * pieces touching on a face of positive area, so {@link Proximity#compute(ConvexPolytope[][],
     * long[])} gives the same contacts from it as from its own search.
     */
    private long[] fractureNeighbours(Node[] members) {
        if (members.length < 2 || members[0].partition < 0) {
            return null;
        }
        int p = members[0].partition;
        ConvexPolytope[] pieces = partitionPieces.get(p);
        int[] memberOf = new int[pieces.length];
        Arrays.fill(memberOf, -1);
        for (int i = 0; i < members.length; i++) {
            Node x = members[i];
            if (x.partition != p || x.hulls.length != 1 || x.hulls[0] != pieces[x.pieceIndex] || memberOf[x.pieceIndex] >= 0) {
                return null;
            }
            memberOf[x.pieceIndex] = i;
        }
        long[] pairs = partitionPairs.get(p);
        long[] out = new long[pairs.length];
        int k = 0;
        for (long e : pairs) {
            int a = memberOf[(int) (e >>> 32)], b = memberOf[(int) e];
            if (a >= 0 && b >= 0) {
                out[k++] = key(a, b);
            }
        }
        out = Arrays.copyOf(out, k);
        Arrays.sort(out);
        return out;
    }

    /** Keeps at most {@code max} edges per node, shortest first; returns them sorted by key. */
    static long[] capConnections(long[] edges, double[] com, int n, int max) {
        Arrays.sort(edges);
        int u = 0;
        for (int i = 0; i < edges.length; i++) {
            if (u == 0 || edges[i] != edges[u - 1]) {
                edges[u++] = edges[i];
            }
        }
        edges = Arrays.copyOf(edges, u);
        if (max == Integer.MAX_VALUE) {
            return edges;
        }
        double[] len = new double[u];
        for (int i = 0; i < u; i++) {
            int a = (int) (edges[i] >>> 32), b = (int) edges[i];
            double dx = com[3 * a] - com[3 * b], dy = com[3 * a + 1] - com[3 * b + 1], dz = com[3 * a + 2] - com[3 * b + 2];
            len[i] = Math.sqrt(dx * dx + dy * dy + dz * dz);
        }
        final long[] e = edges;
        int[] order = byLength(len, e);
        int[] deg = new int[n];
        long[] out = new long[u];
        int k = 0;
        for (int i : order) {
            int a = (int) (e[i] >>> 32), b = (int) e[i];
            if (deg[a] < max && deg[b] < max) {
                deg[a]++;
                deg[b]++;
                out[k++] = e[i];
            }
        }
        out = Arrays.copyOf(out, k);
        Arrays.sort(out);
        return out;
    }

    /**
     * Indices of {@code vol} smallest first, equal volumes (both zeros alike) in index order: the
     * order of {@code (x, y) -> vol[x] != vol[y] ? Double.compare(vol[x], vol[y]) : Integer.compare(x, y)}
     * with primitive sorts (issue 32: no boxed index sorts in the per-variant paths).
     */
    static int[] byVolume(double[] vol) {
        long[] k = new long[vol.length];
        for (int i = 0; i < k.length; i++) {
            k[i] = PrimitiveOrder.keyZerosEqual(vol[i]);
        }
        return PrimitiveOrder.order(k);
    }

    /**
     * Indices of {@code len} shortest first, equal lengths (both zeros alike) by edge key: the order of
     * {@code (x, y) -> len[x] != len[y] ? Double.compare(len[x], len[y]) : Long.compare(e[x], e[y])}
     * (two NaN lengths compare equal there, which a stable sort leaves in index order: so here).
     */
    static int[] byLength(double[] len, long[] e) {
        int n = len.length;
        long[] k = new long[n];
        for (int i = 0; i < n; i++) {
            k[i] = PrimitiveOrder.keyZerosEqual(len[i]);
        }
        long[] minor = Arrays.copyOf(e, n);
        for (int i = 0; i < n; i++) {
            if (Double.isNaN(len[i])) {
                minor[i] = 0;
            }
        }
        return PrimitiveOrder.order(k, minor, null);
    }

    private static ConvexPolytope[] nodeHulls(ConvexPolytope[] hulls, int[] start, int[] idx, int i) {
        ConvexPolytope[] out = new ConvexPolytope[start[i + 1] - start[i]];
        for (int k = 0; k < out.length; k++) {
            out[k] = hulls[idx[start[i] + k]];
        }
        return out;
    }

    /** Adds {@code scale·in} plus the parallel-axis term of mass {@code m} at offset r to node i. */
    private static void addShifted(double[] inertia, int i, double[] in, double scale, double m, double rx, double ry,
            double rz) {
        inertia[6 * i] += scale * in[0] + m * (ry * ry + rz * rz);
        inertia[6 * i + 1] += scale * in[1] + m * (rx * rx + rz * rz);
        inertia[6 * i + 2] += scale * in[2] + m * (rx * rx + ry * ry);
        inertia[6 * i + 3] += scale * in[3] - m * rx * ry;
        inertia[6 * i + 4] += scale * in[4] - m * rx * rz;
        inertia[6 * i + 5] += scale * in[5] - m * ry * rz;
    }

    static long key(int a, int b) {
        return a < b ? ((long) a << 32) | b : ((long) b << 32) | a;
    }
}
