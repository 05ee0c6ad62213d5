package dev.rubble.plugin.broadphase.bvh;

import dev.rubble.spi.broadphase.Broadphase;
import java.util.Arrays;

/**
 * Dynamic AABB tree (bounding volume hierarchy) with fat leaf boxes.
 *
 * <pre>
 *   rootMoving: awake proxies, leaves fattened by margin     rootFixed: fixed proxies, tight leaves
 *          N                                                        N
 *        /   \        every internal node's box = union of        /   \
 *       N     L       its children; surface-area tree rotations   L     L
 *      / \            on the way up after each insert and
 *     L   L           remove keep the internal boxes small
 * </pre>
 *
 * <ul>
 *   <li>Insertion descends by the surface-area cost of the union plus the cost inherited by
 *       enlarging the ancestors (surface area heuristic), then walks back up re-fitting boxes and
 *       applying single rotations where the child heights differ by more than one.</li>
 *   <li>A moving proxy is re-inserted only when its tight box leaves its fat box, or when the fat box
 *       has become more than {@code 4 * margin} too wide on some axis (a shrunk body).</li>
 *   <li>Pairs: the moving tree against itself plus the moving tree against the fixed tree, by a
 *       simultaneous descent with an explicit stack; at two leaves the <em>tight</em> boxes are
 *       tested, so the pair set is exactly the brute-force one. Fixed-fixed pairs are never visited.</li>
 * </ul>
 *
 * Nodes live in structure-of-arrays form with a free list; per-proxy data is indexed by proxy id.
 */
final class DynamicTreeBroadphase implements Broadphase {
    private static final int NULL = -1;
    private static final int MOVING = 0;
    private static final int FIXED = 1;

    private final double margin;

    // nodes
    private int nodeLimit;
    private int freeNode = NULL;
    /** Fat box of node n at n*6. */
    private double[] nb = new double[16 * 6];
    private int[] parent = new int[16];
    private int[] child1 = new int[16];
    private int[] child2 = new int[16];
    private int[] height = new int[16];
    /** Proxy id of a leaf; unused for internal nodes. */
    private int[] leafId = new int[16];
    private final int[] root = {NULL, NULL};

    // proxies by id
    private int size;
    /** id -> leaf node + 1 (0 = absent). */
    private int[] leafOf = new int[16];
    private boolean[] fixed = new boolean[16];
    /** Tight box of proxy id at id*6. */
    private double[] tight = new double[16 * 6];

    private int[] stack = new int[64];
    /** Depth-first walk over the moving tree's leaves in findPairs (queries use {@link #stack}). */
    private int[] walk = new int[64];

    DynamicTreeBroadphase(double margin) {
        if (!(margin >= 0 && margin <= 1e6)) {
            throw new IllegalArgumentException("margin = " + margin + "; allowed: [0, 1e6] metres");
        }
        this.margin = margin;
    }

    // ------------------------------------------------------------------ proxies

    @Override
    public void add(int id, double minX, double minY, double minZ,
                    double maxX, double maxY, double maxZ, boolean isFixed) {
        if (id < 0) {
            throw new IllegalArgumentException("proxy id " + id + " is negative; allowed: >= 0");
        }
        if (contains(id)) {
            throw new IllegalArgumentException("proxy id " + id + " is already present");
        }
        if (id >= leafOf.length) {
            int n = Math.max(id + 1, leafOf.length * 2);
            leafOf = Arrays.copyOf(leafOf, n);
            fixed = Arrays.copyOf(fixed, n);
            tight = Arrays.copyOf(tight, n * 6);
        }
        writeTight(id, minX, minY, minZ, maxX, maxY, maxZ);
        fixed[id] = isFixed;
        int leaf = allocateNode();
        leafId[leaf] = id;
        child1[leaf] = NULL;
        child2[leaf] = NULL;
        height[leaf] = 0;
        leafOf[id] = leaf + 1;
        fatten(leaf, id);
        insertLeaf(isFixed ? FIXED : MOVING, leaf);
        size++;
    }

    private void writeTight(int id, double minX, double minY, double minZ, double maxX, double maxY, double maxZ) {
        int o = id * 6;
        tight[o] = minX;
        tight[o + 1] = minY;
        tight[o + 2] = minZ;
        tight[o + 3] = maxX;
        tight[o + 4] = maxY;
        tight[o + 5] = maxZ;
    }

    /** Sets a leaf's fat box from its proxy's tight box: margin for moving proxies, none for fixed ones. */
    private void fatten(int leaf, int id) {
        double m = fixed[id] ? 0 : margin;
        int o = id * 6, f = leaf * 6;
        for (int k = 0; k < 3; k++) {
            nb[f + k] = tight[o + k] - m;
            nb[f + k + 3] = tight[o + k + 3] + m;
        }
    }

    private int leaf(int id) {
        if (id < 0 || id >= leafOf.length || leafOf[id] == 0) {
            throw new IllegalArgumentException("proxy id " + id + " is not present");
        }
        return leafOf[id] - 1;
    }

    @Override
    public void update(int id, double minX, double minY, double minZ, double maxX, double maxY, double maxZ) {
        int leaf = leaf(id);
        writeTight(id, minX, minY, minZ, maxX, maxY, maxZ);
        int f = leaf * 6;
        double slack = 4 * (fixed[id] ? 0 : margin);
        double[] b = nb;
        if (b[f] <= minX && b[f + 1] <= minY && b[f + 2] <= minZ
                && maxX <= b[f + 3] && maxY <= b[f + 4] && maxZ <= b[f + 5]
                && (b[f + 3] - b[f]) - (maxX - minX) <= slack
                && (b[f + 4] - b[f + 1]) - (maxY - minY) <= slack
                && (b[f + 5] - b[f + 2]) - (maxZ - minZ) <= slack) {
            return; // still inside a snug enough fat box: the tree is unchanged
        }
        int tree = fixed[id] ? FIXED : MOVING;
        removeLeaf(tree, leaf);
        fatten(leaf, id);
        insertLeaf(tree, leaf);
    }

    @Override
    public void setFixed(int id, boolean isFixed) {
        int leaf = leaf(id);
        if (fixed[id] == isFixed) {
            return;
        }
        removeLeaf(fixed[id] ? FIXED : MOVING, leaf);
        fixed[id] = isFixed;
        fatten(leaf, id);
        insertLeaf(isFixed ? FIXED : MOVING, leaf);
    }

    @Override
    public void remove(int id) {
        int leaf = leaf(id);
        removeLeaf(fixed[id] ? FIXED : MOVING, leaf);
        freeNode(leaf);
        leafOf[id] = 0;
        size--;
    }

    @Override
    public boolean contains(int id) {
        return id >= 0 && id < leafOf.length && leafOf[id] != 0;
    }

    @Override
    public int size() {
        return size;
    }

    // ------------------------------------------------------------------ node pool

    private int allocateNode() {
        if (freeNode != NULL) {
            int n = freeNode;
            freeNode = parent[n];
            parent[n] = NULL;
            return n;
        }
        if (nodeLimit == parent.length) {
            int cap = nodeLimit * 2;
            nb = Arrays.copyOf(nb, cap * 6);
            parent = Arrays.copyOf(parent, cap);
            child1 = Arrays.copyOf(child1, cap);
            child2 = Arrays.copyOf(child2, cap);
            height = Arrays.copyOf(height, cap);
            leafId = Arrays.copyOf(leafId, cap);
        }
        int n = nodeLimit++;
        parent[n] = NULL;
        return n;
    }

    private void freeNode(int n) {
        parent[n] = freeNode;
        height[n] = -1;
        freeNode = n;
    }

    // ------------------------------------------------------------------ tree maintenance

    private static double area(double dx, double dy, double dz) {
        return 2 * (dx * dy + dy * dz + dz * dx);
    }

    private double area(int n) {
        int o = n * 6;
        return area(nb[o + 3] - nb[o], nb[o + 4] - nb[o + 1], nb[o + 5] - nb[o + 2]);
    }

    /** Surface area of the union of node n's box and the box at {@code o} in {@code nb}. */
    private double unionArea(int n, int o) {
        int a = n * 6;
        double[] b = nb;
        return area(Math.max(b[a + 3], b[o + 3]) - Math.min(b[a], b[o]),
                Math.max(b[a + 4], b[o + 4]) - Math.min(b[a + 1], b[o + 1]),
                Math.max(b[a + 5], b[o + 5]) - Math.min(b[a + 2], b[o + 2]));
    }

    /** node n's box = union of its two children's boxes; height = 1 + max child height. */
    private void refit(int n) {
        int a = child1[n] * 6, c = child2[n] * 6, o = n * 6;
        double[] b = nb;
        b[o] = Math.min(b[a], b[c]);
        b[o + 1] = Math.min(b[a + 1], b[c + 1]);
        b[o + 2] = Math.min(b[a + 2], b[c + 2]);
        b[o + 3] = Math.max(b[a + 3], b[c + 3]);
        b[o + 4] = Math.max(b[a + 4], b[c + 4]);
        b[o + 5] = Math.max(b[a + 5], b[c + 5]);
        height[n] = 1 + Math.max(height[child1[n]], height[child2[n]]);
    }

    private void insertLeaf(int tree, int leaf) {
        if (root[tree] == NULL) {
            root[tree] = leaf;
            parent[leaf] = NULL;
            return;
        }
        // descend towards the cheapest sibling (surface area heuristic with inherited cost)
        final int lo = leaf * 6;
        int index = root[tree];
        while (child1[index] != NULL) {
            int c1 = child1[index], c2 = child2[index];
            double combined = unionArea(index, lo);
            double cost = 2 * combined;
            double inherited = 2 * (combined - area(index));
            double cost1 = unionArea(c1, lo) + inherited - (child1[c1] == NULL ? 0 : area(c1));
            double cost2 = unionArea(c2, lo) + inherited - (child1[c2] == NULL ? 0 : area(c2));
            if (cost < cost1 && cost < cost2) {
                break;
            }
            index = cost1 <= cost2 ? c1 : c2;
        }
        int sibling = index;
        int oldParent = parent[sibling];
        int np = allocateNode();
        parent[np] = oldParent;
        child1[np] = sibling;
        child2[np] = leaf;
        parent[sibling] = np;
        parent[leaf] = np;
        if (oldParent == NULL) {
            root[tree] = np;
        } else if (child1[oldParent] == sibling) {
            child1[oldParent] = np;
        } else {
            child2[oldParent] = np;
        }
        refitUpwards(tree, np);
    }

    private void removeLeaf(int tree, int leaf) {
        if (root[tree] == leaf) {
            root[tree] = NULL;
            return;
        }
        int p = parent[leaf];
        int gp = parent[p];
        int sibling = child1[p] == leaf ? child2[p] : child1[p];
        freeNode(p);
        parent[sibling] = gp;
        if (gp == NULL) {
            root[tree] = sibling;
            return;
        }
        if (child1[gp] == p) {
            child1[gp] = sibling;
        } else {
            child2[gp] = sibling;
        }
        refitUpwards(tree, gp);
    }

    private void refitUpwards(int tree, int n) {
        while (n != NULL) {
            refit(n);
            rotate(n);
            n = parent[n];
        }
    }

    /** Surface area of the union of the boxes of nodes x and y. */
    private double unionArea2(int x, int y) {
        return unionArea(x, y * 6);
    }

    /**
     * Tree rotation by surface area (Kensler 2008, as in Box2D v3): swaps a child of node a with a
     * grandchild under its other child when that shrinks the other child's box the most. The leaves
     * under a, and so a's own box, are unchanged; only the re-parented child is refitted. Unlike
     * height-based (AVL) rotations this never merges spatially distant subtrees, which keeps the
     * internal boxes small and queries cheap.
     */
    private void rotate(int a) {
        int b = child1[a], c = child2[a];
        if (b == NULL) {
            return;
        }
        boolean bLeaf = child1[b] == NULL, cLeaf = child1[c] == NULL;
        if (bLeaf && cLeaf) {
            return;
        }
        int best = 0;
        double bestGain = 0;
        if (!cLeaf) {
            double areaC = area(c);
            int f = child1[c], g = child2[c];
            double gain = areaC - unionArea2(b, g); // b <-> f: c = (b, g)
            if (gain > bestGain) {
                bestGain = gain;
                best = 1;
            }
            gain = areaC - unionArea2(f, b);        // b <-> g: c = (f, b)
            if (gain > bestGain) {
                bestGain = gain;
                best = 2;
            }
        }
        if (!bLeaf) {
            double areaB = area(b);
            int d = child1[b], e = child2[b];
            double gain = areaB - unionArea2(c, e); // c <-> d: b = (c, e)
            if (gain > bestGain) {
                bestGain = gain;
                best = 3;
            }
            gain = areaB - unionArea2(d, c);        // c <-> e: b = (d, c)
            if (gain > bestGain) {
                best = 4;
            }
        }
        switch (best) {
            case 1 -> {
                int f = child1[c];
                child1[a] = f;
                parent[f] = a;
                child1[c] = b;
                parent[b] = c;
                refit(c);
                refit(a);
            }
            case 2 -> {
                int g = child2[c];
                child1[a] = g;
                parent[g] = a;
                child2[c] = b;
                parent[b] = c;
                refit(c);
                refit(a);
            }
            case 3 -> {
                int d = child1[b];
                child2[a] = d;
                parent[d] = a;
                child1[b] = c;
                parent[c] = b;
                refit(b);
                refit(a);
            }
            case 4 -> {
                int e = child2[b];
                child2[a] = e;
                parent[e] = a;
                child2[b] = c;
                parent[c] = b;
                refit(b);
                refit(a);
            }
            default -> {
            }
        }
    }

    // ------------------------------------------------------------------ queries

    private int[] push(int[] s, int top, int x, int y) {
        if (top + 2 > s.length) {
            s = Arrays.copyOf(s, s.length * 2);
            stack = s;
        }
        s[top] = x;
        s[top + 1] = y;
        return s;
    }

    @Override
    public void findPairs(PairCollector out) {
        // one query per moving proxy with its tight box: against the moving tree (each moving pair is
        // met from both ends, reported from the lower id) and against the fixed tree. Per-leaf queries
        // cost O(log N + k) each, whatever the overlap of the upper nodes. The moving leaves are
        // visited in tree (depth-first) order, so consecutive queries are spatially close and find
        // the nodes they need still in cache.
        final int rm = root[MOVING], rf = root[FIXED];
        if (rm == NULL) {
            return;
        }
        final double[] t = tight;
        int[] w = walk;
        int wp = 0;
        w[wp++] = rm;
        while (wp > 0) {
            int n = w[--wp];
            int c1 = child1[n];
            if (c1 != NULL) {
                if (wp + 2 > w.length) {
                    w = Arrays.copyOf(w, w.length * 2);
                    walk = w;
                }
                w[wp++] = child2[n];
                w[wp++] = c1;
                continue;
            }
            int id = leafId[n];
            int o = id * 6;
            double x0 = t[o], y0 = t[o + 1], z0 = t[o + 2], x1 = t[o + 3], y1 = t[o + 4], z1 = t[o + 5];
            pairsWith(rm, id, true, x0, y0, z0, x1, y1, z1, out);
            if (rf != NULL) {
                pairsWith(rf, id, false, x0, y0, z0, x1, y1, z1, out);
            }
        }
    }

    /** Reports (id, other) for every leaf under {@code top} whose tight box overlaps id's. */
    private void pairsWith(int top, int id, boolean onlyHigherIds, double x0, double y0, double z0,
                           double x1, double y1, double z1, PairCollector out) {
        final double[] b = nb, t = tight;
        int[] s = stack;
        int sp = 0;
        s[sp++] = top;
        while (sp > 0) {
            int n = s[--sp];
            int o = n * 6;
            if (!(b[o] <= x1 && x0 <= b[o + 3] && b[o + 1] <= y1 && y0 <= b[o + 4] && b[o + 2] <= z1 && z0 <= b[o + 5])) {
                continue;
            }
            int c1 = child1[n];
            if (c1 == NULL) {
                int other = leafId[n];
                if (onlyHigherIds ? other <= id : other == id) {
                    continue;
                }
                int p = other * 6;
                if (t[p] <= x1 && x0 <= t[p + 3] && t[p + 1] <= y1 && y0 <= t[p + 4] && t[p + 2] <= z1 && z0 <= t[p + 5]) {
                    out.pair(id, other);
                }
                continue;
            }
            if (sp + 2 > s.length) {
                s = Arrays.copyOf(s, s.length * 2);
                stack = s;
            }
            s[sp++] = c1;
            s[sp++] = child2[n];
        }
    }

    @Override
    public void query(double minX, double minY, double minZ, double maxX, double maxY, double maxZ,
                      ProxyCollector out) {
        final double[] b = nb, t = tight;
        for (int tree = 0; tree < 2; tree++) {
            if (root[tree] == NULL) {
                continue;
            }
            int[] s = stack;
            int top = 0;
            s = push(s, top, root[tree], 0);
            top += 2;
            while (top > 0) {
                top -= 2;
                int n = s[top];
                int o = n * 6;
                if (!(b[o] <= maxX && minX <= b[o + 3] && b[o + 1] <= maxY && minY <= b[o + 4]
                        && b[o + 2] <= maxZ && minZ <= b[o + 5])) {
                    continue;
                }
                if (child1[n] == NULL) {
                    int id = leafId[n];
                    int p = id * 6;
                    if (t[p] <= maxX && minX <= t[p + 3] && t[p + 1] <= maxY && minY <= t[p + 4]
                            && t[p + 2] <= maxZ && minZ <= t[p + 5]) {
                        out.proxy(id);
                    }
                } else {
                    s = push(s, top, child1[n], 0);
                    top += 2;
                    s = push(s, top, child2[n], 0);
                    top += 2;
                }
            }
        }
    }

    /** Height of the taller tree (0 for a single leaf, -1 when empty): for tests of the balancing. */
    int height() {
        int h = -1;
        for (int tree = 0; tree < 2; tree++) {
            if (root[tree] != NULL) {
                h = Math.max(h, height[root[tree]]);
            }
        }
        return h;
    }

    /** Number of re-usable nodes in use (leaves + internal): for tests of the free list. */
    int nodesInUse() {
        int free = 0;
        for (int n = freeNode; n != NULL; n = parent[n]) {
            free++;
        }
        return nodeLimit - free;
    }
}
