package dev.rubble.core.destruction;

import java.util.Arrays;

/**
 * Run-time state of every node of every placed collection, in structure-of-arrays form
 * (reference: chaos-clusters-strain-runtime §2.1, the clustered-particle SOA). A global node id
 * {@code g} is {@code base(collection) + assetNode} for authored nodes; internal clusters made at
 * run time are appended after them ({@link #node} = -1).
 *
 * <pre>
 *  tree (run time):   parent[g] (-1 = top), firstChild[g], nextSibling[g], prevSibling[g], childCount[g]
 *  identity:          collection[g], node[g] (asset id or -1), level[g]
 *  loads (one-shot):  collisionLoad[g], externalLoad[g]          lasting: threshold[g] (internal strain)
 *  anchors:           anchored[g] (own flag), anchoredCount[g] (anchored nodes in g's run-time subtree)
 *  holder:            body[g] = handle of g's rigid body while g is active (a top node), else -1;
 *                     the holder of a held node is its top ancestor
 *  mass (collection frame, about the centre of mass):  mass[g], com[3g..], inertia[6g..] (Ixx Iyy Izz Ixy Ixz Iyz)
 * </pre>
 *
 * Only top nodes have bodies, so an intact collection is one body whatever its piece count.
 * Not thread-safe: the step owns it.
 */
public final class ClusterStore {
    /** No node / no body. */
    public static final int NONE = -1;

    private int count;
    public int[] collection = new int[0], node = new int[0], level = new int[0];
    public int[] parent = new int[0], firstChild = new int[0], nextSibling = new int[0], prevSibling = new int[0];
    public int[] childCount = new int[0];
    public double[] collisionLoad = new double[0], externalLoad = new double[0], threshold = new double[0];
    public boolean[] anchored = new boolean[0];
    public int[] anchoredCount = new int[0];
    public long[] body = new long[0];
    public double[] mass = new double[0], com = new double[0], inertia = new double[0];
    /**
     * Display only (renderers' strain heat), never read by the simulation: for a holder evaluated
     * in step {@code strainStep[g]}, the largest {@code max(collision, external) / threshold} over
     * its evaluated children in that step.
     */
    public double[] strainRatio = new double[0];
    public long[] strainStep = new long[0];
    /** Whether g is in the current / next step's strained list. */
    boolean[] inList = new boolean[0], inNext = new boolean[0];
    /** Position in the active list, or -1. */
    int[] activeIndex = new int[0];

    /** Number of nodes (authored and internal). */
    public int size() {
        return count;
    }

    /** Appends {@code n} nodes with empty state and returns the first id. */
    int append(int n) {
        int first = count;
        ensure(count + n);
        for (int g = first; g < first + n; g++) {
            parent[g] = firstChild[g] = nextSibling[g] = prevSibling[g] = NONE;
            childCount[g] = 0;
            body[g] = NONE;
            activeIndex[g] = NONE;
            collisionLoad[g] = externalLoad[g] = 0;
            strainRatio[g] = 0;
            strainStep[g] = -1;
            threshold[g] = Double.POSITIVE_INFINITY;
            anchored[g] = false;
            anchoredCount[g] = 0;
            inList[g] = inNext[g] = false;
        }
        count += n;
        return first;
    }

    private void ensure(int n) {
        if (n <= parent.length) {
            return;
        }
        int cap = Math.max(n, parent.length * 2);
        collection = Arrays.copyOf(collection, cap);
        node = Arrays.copyOf(node, cap);
        level = Arrays.copyOf(level, cap);
        parent = Arrays.copyOf(parent, cap);
        firstChild = Arrays.copyOf(firstChild, cap);
        nextSibling = Arrays.copyOf(nextSibling, cap);
        prevSibling = Arrays.copyOf(prevSibling, cap);
        childCount = Arrays.copyOf(childCount, cap);
        collisionLoad = Arrays.copyOf(collisionLoad, cap);
        externalLoad = Arrays.copyOf(externalLoad, cap);
        strainRatio = Arrays.copyOf(strainRatio, cap);
        strainStep = Arrays.copyOf(strainStep, cap);
        threshold = Arrays.copyOf(threshold, cap);
        anchored = Arrays.copyOf(anchored, cap);
        anchoredCount = Arrays.copyOf(anchoredCount, cap);
        body = Arrays.copyOf(body, cap);
        mass = Arrays.copyOf(mass, cap);
        com = Arrays.copyOf(com, 3 * cap);
        inertia = Arrays.copyOf(inertia, 6 * cap);
        inList = Arrays.copyOf(inList, cap);
        inNext = Arrays.copyOf(inNext, cap);
        activeIndex = Arrays.copyOf(activeIndex, cap);
    }

    /** Links {@code child} as the last child of {@code p} (keeps insertion order). */
    void link(int p, int child, int lastChild) {
        parent[child] = p;
        nextSibling[child] = NONE;
        prevSibling[child] = lastChild;
        if (lastChild == NONE) {
            firstChild[p] = child;
        } else {
            nextSibling[lastChild] = child;
        }
        childCount[p]++;
    }

    /** Unlinks {@code child} from its parent. O(1). */
    void unlink(int child) {
        int p = parent[child];
        int prev = prevSibling[child], next = nextSibling[child];
        if (prev == NONE) {
            firstChild[p] = next;
        } else {
            nextSibling[prev] = next;
        }
        if (next != NONE) {
            prevSibling[next] = prev;
        }
        parent[child] = prevSibling[child] = nextSibling[child] = NONE;
        childCount[p]--;
    }

    /** The top ancestor of g (itself when g has no parent). */
    public int top(int g) {
        while (parent[g] != NONE) {
            g = parent[g];
        }
        return g;
    }

    /** Whether g is a direct child of a node that currently has a body. */
    public boolean isHeldByActive(int g) {
        int p = parent[g];
        return p != NONE && body[p] != NONE;
    }

    /**
     * Whether {@code h} names a live body of {@code b}, or one that was removed from a slot {@code b} uses
     * (an older generation of that slot). A node's body removed through the world ({@code removeBody}) is
     * forgotten lazily, when a destruction pass next meets the node ({@code DestructionContext.bodyAlive}),
     * so a snapshot taken before that holds the removed body's handle: the saved world treats it as no
     * body, and so does the restored one, whose slots keep their generations.
     */
    private static boolean liveOrRemoved(dev.rubble.core.body.BodyStore b, long h) {
        int s = (int) h;
        if (s < 0 || s >= b.slotLimit()) {
            return false;
        }
        return b.isLive(s) && b.handle(s) == h || Integer.compareUnsigned((int) (h >>> 32), b.generation[s]) < 0;
    }

    /**
     * The codec (both directions; docs/snapshot-format.md, section DEST): the node count, then every
     * per-node array in one fixed order. Reading appends the nodes to this (empty) store and checks
     * links, collections, asset node ids and that each body handle is live in {@code b} or removed from one of its slots.
     */
    void io(StateIO io, int authored, dev.rubble.core.body.BodyStore b, java.util.List<PlacedCollection> cols)
            throws java.io.IOException {
        int n = io.i32(count);
        if (io.reading()) {
            if (n < authored || n > (1 << 28)) {
                throw new IllegalArgumentException("cluster node count " + n + "; allowed: >= " + authored
                        + " (the collections' nodes)");
            }
            append(n);
        }
        int nc = cols.size();
        for (int g = 0; g < n; g++) {
            collection[g] = io.index(collection[g], nc, "collection of node", g);
            node[g] = io.i32(node[g]);
            if (io.reading() && (node[g] < -1 || node[g] >= cols.get(collection[g]).asset.nodeCount())) {
                throw new IllegalArgumentException("asset node of node " + g + " = " + node[g] + " is out of range");
            }
            level[g] = io.i32(level[g]);
            parent[g] = io.link(parent[g], n, "parent of node", g);
            firstChild[g] = io.link(firstChild[g], n, "first child of node", g);
            nextSibling[g] = io.link(nextSibling[g], n, "next sibling of node", g);
            prevSibling[g] = io.link(prevSibling[g], n, "previous sibling of node", g);
            childCount[g] = io.i32(childCount[g]);
            collisionLoad[g] = io.f64(collisionLoad[g]);
            externalLoad[g] = io.f64(externalLoad[g]);
            threshold[g] = io.f64(threshold[g]);
            anchored[g] = io.bool(anchored[g]);
            anchoredCount[g] = io.i32(anchoredCount[g]);
            long h = io.i64(body[g]);
            if (io.reading() && h != NONE && !liveOrRemoved(b, h)) {
                throw new IllegalArgumentException("body of node " + g + " = "
                        + dev.rubble.core.body.BodyStore.handleString(h)
                        + " is neither a live body nor one removed from a slot the bodies use");
            }
            body[g] = h;
            mass[g] = io.f64(mass[g]);
            for (int k = 0; k < 3; k++) {
                com[3 * g + k] = io.f64(com[3 * g + k]);
            }
            for (int k = 0; k < 6; k++) {
                inertia[6 * g + k] = io.f64(inertia[6 * g + k]);
            }
            strainRatio[g] = io.f64(strainRatio[g]);
            strainStep[g] = io.i64(strainStep[g]);
            inList[g] = io.bool(inList[g]);
            inNext[g] = io.bool(inNext[g]);
            activeIndex[g] = io.link(activeIndex[g], n, "active index of node", g);
        }
    }
}
