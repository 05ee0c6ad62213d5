package dev.rubble.core.dynamics;

import dev.rubble.spi.graph.DisjointSets;
import java.util.Arrays;

/**
 * Welded frames and joint trees solved directly (docs/constraints.md, "Welded frames", "Joint trees"): the joints
 * of one sub-step whose leading rows form one block ({@code fixed}: six, {@code hinge} and {@code slider}: five,
 * {@code ball}: three; a position's {@link #dim}) that join dynamic bodies into trees, each tree's effective mass
 * {@code A = J M⁻¹ Jᵀ} solved exactly by a block LDLᵀ. "Weld" below stands for any of them.
 *
 * <pre>
 *                 w3 ─ b3                 welds are the unknowns; two welds are coupled (a 6×6 block E) when they
 *                 │                       share a body. A body's welds are all coupled to each other (a clique), and
 *   world ─ w0 ─ b0 ─ w1 ─ b1 ─ w2 ─ b2   the bodies and welds form a tree: eliminated from the leaves (each weld
 *                                         after the welds below its lower body), a weld's remaining neighbours are
 *                                         the later welds at its upper body, a clique already: no fill
 * </pre>
 *
 * Baraff 1996, "Linear-time dynamics using Lagrange multipliers", eliminates the bodies and constraints of a tree
 * from the leaves; this is the same order on the constraints alone (the bodies eliminated first, into A). A chain
 * is the tree whose bodies have two welds: A is block-tridiagonal, the order walks it from its end met first in
 * offer order (the bits chains had before trees). Solved weld by weld (Gauss–Seidel), a frame passes its load one
 * weld per pass: five 1 kg cubes welded end to end read 1.54 times the root's static torque in their first steps,
 * a hub with three arms of four cubes 1.66 times.
 *
 * <p>Which welds: in the order given (the solver's constraint order), a weld joins the trees unless it closes a loop
 * of dynamic bodies (union–find) or one of its dynamic bodies has {@value #MAX_DEGREE} tree welds already; the
 * world and non-dynamic bodies are not tree nodes. A loop's closing weld keeps its own block, solved after the trees
 * in every pass (Gauss–Seidel on top of the exact tree). A tree welded to the world (or fixed, kinematic or sleeping
 * bodies) more than once (a bridge, a beam on three supports) is over-determined: its A is singular, rigid statics
 * does not fix how the supports share the load. Its diagonal is raised by {@value #OVER_DETERMINED} of itself
 * (each weld a slightly compliant spring, the same relative compliance for every row), which picks the split of
 * least weighted impulse: a symmetric bridge's two ends carry half each. A moving kinematic support is a tree's
 * only one (a weld that would add a support beside it, or it beside another, keeps its own block): supports that
 * move apart ask the rigid frame to stretch, and the stiff solve answered with forces growing without end (a
 * bridge from the world to a post rising at 0.2 m/s read 1e8 N after 5 s). A tree of one weld is dropped (its coupled
 * block is already exact) unless it carries a stop or motor row beside its block ({@code offer}'s {@code alone}). Deterministic: a function of the welds and bodies in the given order. Allocation-free
 * in steady state.
 */
final class WeldTrees {
    /** Tree welds a body may have: the eliminations at a body of k welds cost about k³ block products (a lattice node: 6). */
    static final int MAX_DEGREE = 6;
    /** Relative diagonal raise of an over-determined tree (see the class comment). */
    static final double OVER_DETERMINED = 1e-4;
    // per local body: union-find parent, tree welds at it, supports of its set (welds to non-nodes), whether one
    // of them moves (a moving kinematic body)
    private int[] parent = new int[0], degree = new int[0], supports = new int[0];
    private boolean[] moving = new boolean[0];
    // offered welds: constraint index, local bodies (0: the world), whether each side is a tree node
    private int offered;
    private int[] oK = new int[0], oA = new int[0], oB = new int[0], oDim = new int[0];
    private boolean[] oDynA = new boolean[0], oDynB = new boolean[0], placed = new boolean[0], oAlone = new boolean[0];
    // adjacency (CSR over local bodies, welds in offer order); per body: DFS state
    private int[] adjStart = new int[0], adj = new int[0], fill = new int[0], via = new int[0], cursor = new int[0],
            stack = new int[0], posOf = new int[0],
            widest = new int[0];
    // positions, in elimination order: offered weld, the body shared with later welds (-1: none), its tree's first
    // position, its pairs [upStart, upStart + upCount)
    private int n;
    private int[] order = new int[0], dimAt = new int[0], up = new int[0], treeStart = new int[0], upStart = new int[0],
            upCount = new int[0];
    private boolean[] bad = new boolean[0], overDetermined = new boolean[0];
    // coupling pairs (p < q through body): rows p's, columns q's, 36 each in off
    private int pairs;
    private int[] pairLow = new int[0], pairHigh = new int[0], pairBody = new int[0];
    // numbers per position: K (36, dense), LDLᵀ of the pivot (21), scratch (6 each)
    private double[] diag = new double[0], off = new double[0], fac = new double[0], w = new double[0];
    // per position: its pivot's inverse D_p⁻¹ (dense 6×6 room); per pair: G = D_p⁻¹ E_ps (the factor's product, kept
    // for the back substitution), so a solve is matrix-vector products only
    private double[] dinv = new double[0], g = new double[0];
    private final double[] col = new double[6], tmp = new double[36], pivots = new double[6];
    // the offers of the build under way (reset, offer) and of the last one placed: constraint, bodies, dim, flags
    // (1 dynA, 2 dynB, 4 movingSupport, 8 alone); whether a build was placed yet
    private int recorded, recordBodies, lastRecorded, lastBodies;
    private int[] recK = new int[0], recA = new int[0], recB = new int[0], recDim = new int[0], lastK = new int[0],
            lastA = new int[0], lastB = new int[0], lastDim = new int[0];
    private byte[] recFlags = new byte[0], lastFlags = new byte[0];
    private boolean built;
    /** Per position: its tree's factors were kept from the last build. */
    private boolean[] keptAt = new boolean[0];
    // the last build's positions and pairs while a build with the same numbers looks for unchanged trees; per
    // constraint index its last position (-1 between builds)
    private int oldN, oldPairs;
    private int[] oldK = new int[0], oldDim = new int[0], oldTreeStart = new int[0], oldUpStart = new int[0],
            oldUpCount = new int[0], oldPairLow = new int[0], oldPairHigh = new int[0], oldPairBody = new int[0],
            oldPosOf = new int[0];
    private boolean[] oldOver = new boolean[0];

    /**
     * Starts a new list of welds over {@code bodies} local bodies (0 is the world): the {@link #offer}s that follow,
     * ordered by {@link #build}.
     */
    void reset(int bodies) {
        recordBodies = bodies;
        recorded = 0;
    }

    /**
     * Offers weld {@code k} between local bodies a and b ({@code dynA}, {@code dynB}: whether each is a
     * dynamic body, a tree node; {@code movingSupport}: whether the side that is not one moves, a moving
     * kinematic body; {@code alone}: whether it is solved here even as a tree of one, as a joint whose load rests on
     * a stop that is not in its own coupled block is). Recorded only: {@link #build} places the welds, and skips
     * that when they are the same as at the last build.
     */
    void offer(int k, int a, int b, boolean dynA, boolean dynB, boolean movingSupport, int dim, boolean alone) {
        if (recK.length == recorded) {
            int cap = Math.max(8, 2 * recorded);
            recK = Arrays.copyOf(recK, cap);
            recA = Arrays.copyOf(recA, cap);
            recB = Arrays.copyOf(recB, cap);
            recDim = Arrays.copyOf(recDim, cap);
            recFlags = Arrays.copyOf(recFlags, cap);
        }
        int t = recorded++;
        recK[t] = k;
        recA[t] = a;
        recB[t] = b;
        recDim[t] = dim;
        recFlags[t] = (byte) ((dynA ? 1 : 0) | (dynB ? 2 : 0) | (movingSupport ? 4 : 0) | (alone ? 8 : 0));
    }

    /** Forgets the last sub-step's welds; {@code bodies} local bodies (0 is the world). */
    private void resetSets(int bodies) {
        if (parent.length < bodies) {
            int cap = Math.max(bodies, 2 * parent.length);
            parent = Arrays.copyOf(parent, cap);
            degree = Arrays.copyOf(degree, cap);
            supports = Arrays.copyOf(supports, cap);
            moving = Arrays.copyOf(moving, cap);
            adjStart = Arrays.copyOf(adjStart, cap + 1);
            fill = Arrays.copyOf(fill, cap);
            via = Arrays.copyOf(via, cap);
            cursor = Arrays.copyOf(cursor, cap);
            stack = Arrays.copyOf(stack, cap);
            widest = Arrays.copyOf(widest, cap);
        }
        DisjointSets.reset(parent, bodies);
        for (int i = 0; i < bodies; i++) {
            degree[i] = 0;
            supports[i] = 0;
            moving[i] = false;
        }
        bodyCount = bodies;
        offered = 0;
        n = 0;
        pairs = 0;
    }

    private int bodyCount;

    /** Places offered weld {@code k} (see {@link #offer}); returns whether it joins the trees. */
    private boolean place(int k, int a, int b, boolean dynA, boolean dynB, boolean movingSupport, int dim, boolean alone) {
        if (!dynA && !dynB || dynA && degree[a] >= MAX_DEGREE || dynB && degree[b] >= MAX_DEGREE) {
            return false;
        }
        if (dynA && dynB) {
            int ra = DisjointSets.find(parent, a), rb = DisjointSets.find(parent, b);
            if (ra == rb) {
                return false; // a loop: its closing weld keeps its own block
            }
            if (supports[ra] > 0 && supports[rb] > 0 && (moving[ra] || moving[rb])) {
                return false; // two supports, one moving: see the class comment
            }
            int s = supports[ra] + supports[rb];
            boolean m = moving[ra] || moving[rb];
            DisjointSets.union(parent, ra, rb); // the larger root under the smaller
            supports[Math.min(ra, rb)] = s;
            moving[Math.min(ra, rb)] = m;
        } else {
            int r = DisjointSets.find(parent, dynA ? a : b);
            if (supports[r] > 0 && (moving[r] || movingSupport)) {
                return false;
            }
            supports[r]++;
            moving[r] |= movingSupport;
        }
        if (oK.length == offered) {
            int cap = Math.max(8, 2 * offered);
            oK = Arrays.copyOf(oK, cap);
            oA = Arrays.copyOf(oA, cap);
            oB = Arrays.copyOf(oB, cap);
            oDim = Arrays.copyOf(oDim, cap);
            oDynA = Arrays.copyOf(oDynA, cap);
            oDynB = Arrays.copyOf(oDynB, cap);
            placed = Arrays.copyOf(placed, cap);
            oAlone = Arrays.copyOf(oAlone, cap);
            adj = Arrays.copyOf(adj, 2 * cap);
            posOf = Arrays.copyOf(posOf, cap);
        }
        int t = offered++;
        oK[t] = k;
        oA[t] = a;
        oB[t] = b;
        oDim[t] = dim;
        oDynA[t] = dynA;
        oDynB[t] = dynB;
        placed[t] = false;
        oAlone[t] = alone;
        if (dynA) {
            degree[a]++;
        }
        if (dynB) {
            degree[b]++;
        }
        return true;
    }

    /** The tree body of weld t that is not {@code body} (-1: none, a support). */
    private int across(int t, int body) {
        if (oDynA[t] && oA[t] != body) {
            return oA[t];
        }
        if (oDynB[t] && oB[t] != body) {
            return oB[t];
        }
        return -1;
    }


    /**
     * Orders the offered welds, tree by tree, in elimination order and lists their coupling pairs; trees of one
     * weld are dropped. Returns the number of positions.
     *
     * <p>What is kept from the last build (docs/constraints.md, "Joint trees", "What a small scene's step pays"):
     * when the welds offered are the same as then (the same constraints, bodies, dims and flags in the same order,
     * as from one sub-step to the next of a chain), the order and the pairs are the last build's, not made again.
     * With {@code sameNumbers} (the caller's rows are the ones the last {@link #factor} saw: a re-build within a
     * sub-step after a stop row left its tree), a tree whose positions and pairs are the same as one of the last
     * build's keeps that tree's factors ({@link #kept}): the caller fills and {@link #factor} factors only the
     * others. A tree's factors depend on its own K and E alone, so either way the numbers are the bits a full
     * build and factor give.
     */
    int build(boolean sameNumbers) {
        if (sameOffers()) {
            Arrays.fill(keptAt, 0, n, sameNumbers);
            return n;
        }
        boolean reuse = sameNumbers && n > 0;
        if (reuse) {
            saveLast();
        }
        resetSets(recordBodies);
        for (int t = 0; t < recorded; t++) {
            int f = recFlags[t];
            place(recK[t], recA[t], recB[t], (f & 1) != 0, (f & 2) != 0, (f & 4) != 0, recDim[t], (f & 8) != 0);
        }
        order();
        keepRecord();
        Arrays.fill(keptAt, 0, n, false);
        if (reuse) {
            keepUnchangedTrees();
        }
        return n;
    }

    /** Orders the placed welds (see {@link #build}). */
    private void order() {
        n = 0;
        pairs = 0;
        if (order.length < offered) {
            int cap = Math.max(offered, 2 * order.length);
            order = Arrays.copyOf(order, cap);
            dimAt = Arrays.copyOf(dimAt, cap);
            up = Arrays.copyOf(up, cap);
            treeStart = Arrays.copyOf(treeStart, cap);
            upStart = Arrays.copyOf(upStart, cap);
            upCount = Arrays.copyOf(upCount, cap);
            bad = Arrays.copyOf(bad, cap);
            overDetermined = Arrays.copyOf(overDetermined, cap);
            diag = Arrays.copyOf(diag, 36 * cap);
            fac = Arrays.copyOf(fac, 21 * cap);
            dinv = Arrays.copyOf(dinv, 36 * cap);
            w = Arrays.copyOf(w, 6 * cap);
            keptAt = Arrays.copyOf(keptAt, cap);
        }
        // adjacency: the tree welds at each body, in offer order
        Arrays.fill(adjStart, 0, bodyCount + 1, 0);
        for (int t = 0; t < offered; t++) {
            if (oDynA[t]) {
                adjStart[oA[t] + 1]++;
            }
            if (oDynB[t]) {
                adjStart[oB[t] + 1]++;
            }
        }
        for (int i = 0; i < bodyCount; i++) {
            adjStart[i + 1] += adjStart[i];
            fill[i] = adjStart[i];
        }
        for (int t = 0; t < offered; t++) {
            if (oDynA[t]) {
                adj[fill[oA[t]]++] = t;
            }
            if (oDynB[t]) {
                adj[fill[oB[t]]++] = t;
            }
        }
        // a tree is a chain when every body of it has at most two tree welds (the most, per union-find root)
        for (int i = 0; i < bodyCount; i++) {
            widest[i] = 0;
        }
        for (int i = 1; i < bodyCount; i++) {
            int r = DisjointSets.find(parent, i);
            widest[r] = Math.max(widest[r], degree[i]);
        }
        for (int t = 0; t < offered; t++) {
            if (placed[t]) {
                continue;
            }
            int body = oDynA[t] ? oA[t] : oB[t];
            if (widest[DisjointSets.find(parent, body)] <= 2) {
                walkChain(t);
            } else {
                eliminationOrder(body);
            }
        }
        for (int p = 0; p < n; p++) {
            dimAt[p] = oDim[order[p]];
        }
    }

    /** Whether this build's offers are the last build's, in the same order over as many bodies. */
    private boolean sameOffers() {
        if (!built || recorded != lastRecorded || recordBodies != lastBodies) {
            return false;
        }
        for (int t = 0; t < recorded; t++) {
            if (recK[t] != lastK[t] || recA[t] != lastA[t] || recB[t] != lastB[t] || recDim[t] != lastDim[t]
                    || recFlags[t] != lastFlags[t]) {
                return false;
            }
        }
        return true;
    }

    /** The offers just placed become the ones the next build compares with. */
    private void keepRecord() {
        if (lastK.length < recorded) {
            int cap = recK.length;
            lastK = new int[cap];
            lastA = new int[cap];
            lastB = new int[cap];
            lastDim = new int[cap];
            lastFlags = new byte[cap];
        }
        System.arraycopy(recK, 0, lastK, 0, recorded);
        System.arraycopy(recA, 0, lastA, 0, recorded);
        System.arraycopy(recB, 0, lastB, 0, recorded);
        System.arraycopy(recDim, 0, lastDim, 0, recorded);
        System.arraycopy(recFlags, 0, lastFlags, 0, recorded);
        lastRecorded = recorded;
        lastBodies = recordBodies;
        built = true;
    }

    /** The last build's positions and pairs (their numbers stay in place until {@link #keepUnchangedTrees} moves them). */
    private void saveLast() {
        if (oldK.length < n) {
            int cap = Math.max(n, 2 * oldK.length);
            oldK = new int[cap];
            oldDim = new int[cap];
            oldTreeStart = new int[cap];
            oldUpStart = new int[cap];
            oldUpCount = new int[cap];
            oldOver = new boolean[cap];
        }
        if (oldPairLow.length < pairs) {
            int cap = Math.max(pairs, 2 * oldPairLow.length);
            oldPairLow = new int[cap];
            oldPairHigh = new int[cap];
            oldPairBody = new int[cap];
        }
        for (int p = 0; p < n; p++) {
            oldK[p] = oK[order[p]];
        }
        System.arraycopy(dimAt, 0, oldDim, 0, n);
        System.arraycopy(treeStart, 0, oldTreeStart, 0, n);
        System.arraycopy(upStart, 0, oldUpStart, 0, n);
        System.arraycopy(upCount, 0, oldUpCount, 0, n);
        System.arraycopy(overDetermined, 0, oldOver, 0, n);
        System.arraycopy(pairLow, 0, oldPairLow, 0, pairs);
        System.arraycopy(pairHigh, 0, oldPairHigh, 0, pairs);
        System.arraycopy(pairBody, 0, oldPairBody, 0, pairs);
        oldN = n;
        oldPairs = pairs;
    }

    /**
     * Each tree of this build that is a tree of the last (the same constraints at the same offsets, the same dims,
     * support count and pairs) gets that tree's factors, moved to its positions, and is marked {@link #kept}. Only
     * a tree that moves down (or stays) in both positions and pairs is moved, in order: trees keep their order
     * from build to build, so no move writes over numbers a later tree still has to take.
     */
    private void keepUnchangedTrees() {
        int maxK = -1;
        for (int p = 0; p < oldN; p++) {
            maxK = Math.max(maxK, oldK[p]);
        }
        if (oldPosOf.length <= maxK) {
            oldPosOf = new int[Math.max(maxK + 1, 2 * oldPosOf.length)];
            Arrays.fill(oldPosOf, -1);
        }
        for (int p = 0; p < oldN; p++) {
            oldPosOf[oldK[p]] = p;
        }
        for (int s = 0; s < n; ) {
            int e = s + 1;
            while (e < n && treeStart[e] == s) {
                e++;
            }
            int k = constraint(s);
            int op = k < oldPosOf.length ? oldPosOf[k] : -1;
            if (op >= 0 && op >= s && sameTree(s, e, op)) {
                int len = e - s, ps = upStart[s], pc = upStart[e - 1] + upCount[e - 1] - ps, ops = oldUpStart[op];
                System.arraycopy(diag, 36 * op, diag, 36 * s, 36 * len);
                System.arraycopy(fac, 21 * op, fac, 21 * s, 21 * len);
                System.arraycopy(dinv, 36 * op, dinv, 36 * s, 36 * len);
                System.arraycopy(bad, op, bad, s, len);
                System.arraycopy(off, 36 * ops, off, 36 * ps, 36 * pc);
                System.arraycopy(g, 36 * ops, g, 36 * ps, 36 * pc);
                Arrays.fill(keptAt, s, e, true);
            }
            s = e;
        }
        for (int p = 0; p < oldN; p++) {
            oldPosOf[oldK[p]] = -1;
        }
    }

    /** Whether the positions {@code [s, e)} of this build are the last build's tree from {@code op}, pairs and all, not above it. */
    private boolean sameTree(int s, int e, int op) {
        int len = e - s;
        if (oldTreeStart[op] != op || op + len > oldN || op + len < oldN && oldTreeStart[op + len] == op) {
            return false;
        }
        for (int i = 0; i < len; i++) {
            int p = s + i, q = op + i;
            if (oldK[q] != constraint(p) || oldDim[q] != dimAt[p] || oldOver[q] != overDetermined[p]
                    || oldUpCount[q] != upCount[p] || oldTreeStart[q] != op) {
                return false;
            }
        }
        int ps = upStart[s], ops = oldUpStart[op], pc = upStart[e - 1] + upCount[e - 1] - ps;
        if (ps > ops || ops + pc > oldPairs) {
            return false;
        }
        for (int i = 0; i < pc; i++) {
            int t = ps + i, u = ops + i;
            if (oldPairLow[u] - op != pairLow[t] - s || oldPairHigh[u] - op != pairHigh[t] - s
                    || oldPairBody[u] != pairBody[t]) {
                return false;
            }
        }
        return true;
    }

    /** Whether position p's factors were kept from the last build ({@link #build}): its K and E need not be filled. */
    boolean kept(int p) {
        return keptAt[p];
    }

    /** A chain, walked from its end met first in offer order (weld t, if it is an end; else later). */
    private void walkChain(int t) {
        int na = oDynA[t] && degree[oA[t]] > 1 ? 1 : 0, nb = oDynB[t] && degree[oB[t]] > 1 ? 1 : 0;
        if (na + nb == 2) {
            return; // not an end: walked from one
        }
        if (na + nb == 0 && !oAlone[t]) {
            placed[t] = true; // a tree of one weld: the block solve is exact for it
            return;
        }
        int start = n, cur = t, came = -1;
        boolean over = supports[DisjointSets.find(parent, oDynA[t] ? oA[t] : oB[t])] > 1;
        while (cur >= 0) {
            placed[cur] = true;
            int p = n++;
            order[p] = cur;
            treeStart[p] = start;
            overDetermined[p] = over;
            // the body leading on: the tree side that is not the one we came through, if it has another weld
            int nextBody = -1, nxt = -1;
            for (int side = 0; side < 2 && nxt < 0; side++) {
                boolean dyn = side == 0 ? oDynA[cur] : oDynB[cur];
                int body = side == 0 ? oA[cur] : oB[cur];
                if (dyn && body != came && degree[body] > 1) {
                    nextBody = body;
                    nxt = adj[adjStart[body]] == cur ? adj[adjStart[body] + 1] : adj[adjStart[body]];
                }
            }
            up[p] = nextBody;
            upStart[p] = pairs;
            upCount[p] = 0;
            if (nxt >= 0) {
                addPair(p, p + 1, nextBody);
            }
            came = nextBody;
            cur = nxt;
        }
    }

    /**
     * A tree that is not a chain: its welds in post-order of a depth-first walk from {@code root} (each weld after
     * the welds below its lower body, a body's welds in offer order), then each weld's pairs with the later welds
     * at its upper body.
     */
    private void eliminationOrder(int root) {
        int start = n;
        boolean over = supports[DisjointSets.find(parent, root)] > 1;
        int depth = 0;
        stack[depth++] = root;
        via[root] = -1;
        cursor[root] = adjStart[root];
        while (depth > 0) {
            int body = stack[depth - 1];
            if (cursor[body] < adjStart[body + 1]) {
                int t = adj[cursor[body]++];
                if (t == via[body]) {
                    continue;
                }
                int child = across(t, body);
                if (child < 0) {
                    emit(t, body, start, over); // a support: a leaf weld
                } else {
                    via[child] = t;
                    cursor[child] = adjStart[child];
                    stack[depth++] = child;
                }
            } else {
                depth--;
                if (via[body] >= 0) {
                    emit(via[body], depth > 0 ? stack[depth - 1] : -1, start, over);
                }
            }
        }
        // pairs: with the later welds at the upper body (its welds after this one in offer order but its own via,
        // then its via; all of them come later in the order)
        for (int p = start; p < n; p++) {
            upStart[p] = pairs;
            upCount[p] = 0;
            int body = up[p], t = order[p];
            int own = via[body];
            boolean after = false;
            for (int i = adjStart[body]; i < adjStart[body + 1]; i++) {
                int q = adj[i];
                if (q == t) {
                    after = true;
                } else if (after && q != own) {
                    addPair(p, posOf[q], body);
                }
            }
            if (own >= 0) {
                addPair(p, posOf[own], body);
            }
        }
    }

    private void emit(int t, int upper, int start, boolean over) {
        placed[t] = true;
        int p = n++;
        order[p] = t;
        posOf[t] = p;
        up[p] = upper;
        treeStart[p] = start;
        overDetermined[p] = over;
    }

    private void addPair(int p, int q, int body) {
        if (pairLow.length == pairs) {
            int cap = Math.max(8, 2 * pairs);
            pairLow = Arrays.copyOf(pairLow, cap);
            pairHigh = Arrays.copyOf(pairHigh, cap);
            pairBody = Arrays.copyOf(pairBody, cap);
            off = Arrays.copyOf(off, 36 * cap);
            g = Arrays.copyOf(g, 36 * cap);
        }
        pairLow[pairs] = p;
        pairHigh[pairs] = q;
        pairBody[pairs] = body;
        pairs++;
        upCount[p]++;
    }

    int size() {
        return n;
    }

    /** The first position of position p's tree (a tree's positions are consecutive). */
    int treeStart(int p) {
        return treeStart[p];
    }

    /** The constraint index at position p. */
    int constraint(int p) {
        return oK[order[p]];
    }

    /** The number of rows of position p's block (3 to 6; its K, E and factors use the leading entries of their 6×6 room). */
    int dim(int p) {
        return dimAt[p];
    }

    /** Coupling pairs, each between an earlier and a later position through a shared body. */
    int pairCount() {
        return pairs;
    }

    int pairLow(int t) {
        return pairLow[t];
    }

    int pairHigh(int t) {
        return pairHigh[t];
    }

    /** The local body pair t's welds share. */
    int pairBody(int t) {
        return pairBody[t];
    }

    /** K of position p (dense 6×6 at 36 p, row-major), for the caller to fill. */
    double[] diag() {
        return diag;
    }

    /** E of pair t (dense 6×6 at 36 t: rows its earlier position's, columns its later's), for the caller to fill. */
    double[] off() {
        return off;
    }

    /**
     * Factors every tree: in order, {@code D_p} (its K less what earlier eliminations took) as LDLᵀ, then for
     * every two later welds q ≤ s coupled to p, {@code A_qs -= E_pqᵀ D_p⁻¹ E_ps} (q, s share p's upper body: the
     * block exists). A tree with a pivot not above 1e-12 of its diagonal entry, or not finite, is marked
     * {@link #failed}. An over-determined tree's diagonal is raised first (class comment).
     */
    void factor() {
        for (int p = 0; p < n; p++) {
            if (keptAt[p]) {
                continue;
            }
            bad[p] = false;
            if (overDetermined[p]) {
                for (int i = 0, dp = dim(p); i < dp; i++) {
                    diag[36 * p + 7 * i] *= 1 + OVER_DETERMINED;
                }
            }
        }
        for (int p = 0; p < n; p++) {
            if (keptAt[p]) {
                continue; // a tree kept from the last build, factored then (its positions are all kept)
            }
            int dp = dim(p);
            if (!SmallLdlt.factor(diag, 36 * p, 6, dp, fac, 21 * p, pivots)) {
                int end = p;
                while (end + 1 < n && treeStart[end + 1] == treeStart[p]) {
                    end++;
                }
                for (int q = treeStart[p]; q <= end; q++) {
                    bad[q] = true;
                }
                p = end;
                continue;
            }
            if (dp == 3) {
                inverse3(diag, 36 * p, dinv); // a point block: by cofactors (its LDLᵀ above checked the pivots)
            } else {
                for (int c = 0; c < dp; c++) { // D_p⁻¹, column by column
                    for (int q = 0; q < dp; q++) {
                        col[q] = q == c ? 1 : 0;
                    }
                    solveOne(p, col);
                    for (int q = 0; q < dp; q++) {
                        dinv[36 * p + 6 * q + c] = col[q];
                    }
                }
            }
            for (int b = upStart[p], bEnd = b + upCount[p]; b < bEnd; b++) {
                // G = D_p⁻¹ E_p,s (kept for the back substitution)
                int es = 36 * b, dd = 36 * p;
                int s = pairHigh[b], ds = dim(s);
                for (int r = 0; r < dp; r++) {
                    for (int c = 0; c < ds; c++) {
                        double sum = dinv[dd + 6 * r] * off[es + c];
                        for (int k = 1; k < dp; k++) {
                            sum += dinv[dd + 6 * r + k] * off[es + 6 * k + c];
                        }
                        tmp[6 * r + c] = g[es + 6 * r + c] = sum;
                    }
                }
                for (int a = upStart[p]; a <= b; a++) {
                    int eq = 36 * a;
                    int q = pairHigh[a], dq = dim(q);
                    // the block (q, s): q's diagonal when q == s, else the pair q < s through p's upper body
                    double[] target = q == s ? diag : off;
                    int to = q == s ? 36 * s : 36 * pairOf(q, s);
                    for (int i = 0; i < dq; i++) {
                        for (int j = 0; j < ds; j++) {
                            double sum = 0;
                            for (int k = 0; k < dp; k++) {
                                sum += off[eq + 6 * k + i] * tmp[6 * k + j];
                            }
                            target[to + 6 * i + j] -= sum;
                        }
                    }
                }
            }
        }
    }

    /** The inverse of the symmetric 3×3 block at {@code o} (row stride 6; its lower triangle is read) into {@code out} at o. */
    private static void inverse3(double[] m, int o, double[] out) {
        double xx = m[o], xy = m[o + 6], xz = m[o + 12], yy = m[o + 7], yz = m[o + 13], zz = m[o + 14];
        double cxx = yy * zz - yz * yz, cxy = xz * yz - xy * zz, cxz = xy * yz - xz * yy;
        double inv = 1 / (xx * cxx + xy * cxy + xz * cxz);
        double ixy = cxy * inv, ixz = cxz * inv, iyz = (xy * xz - xx * yz) * inv;
        out[o] = cxx * inv;
        out[o + 1] = out[o + 6] = ixy;
        out[o + 2] = out[o + 12] = ixz;
        out[o + 7] = (xx * zz - xz * xz) * inv;
        out[o + 8] = out[o + 13] = iyz;
        out[o + 14] = (xx * yy - xy * xy) * inv;
    }

    /** The pair between positions q < s (both later welds at one body, so it exists). */
    private int pairOf(int q, int s) {
        for (int b = upStart[q], end = b + upCount[q]; b < end; b++) {
            if (pairHigh[b] == s) {
                return b;
            }
        }
        throw new IllegalStateException("weld tree: no pair between positions " + q + " and " + s);
    }

    /** Whether position p's tree failed to factor (its welds are solved on their own blocks). */
    boolean failed(int p) {
        return bad[p];
    }

    /** v := D_p⁻¹ v with D_p's LDLᵀ factors. */
    private void solveOne(int p, double[] v) {
        final double[] t = fac;
        int f = 21 * p, dp = dim(p);
        for (int i = 1; i < dp; i++) {
            int ti = f + i * (i + 1) / 2;
            double s = v[i];
            for (int q = 0; q < i; q++) {
                s -= t[ti + q] * v[q];
            }
            v[i] = s;
        }
        for (int i = dp - 1; i >= 0; i--) {
            double s = v[i] * t[f + i * (i + 1) / 2 + i];
            for (int q = i + 1; q < dp; q++) {
                s -= t[f + q * (q + 1) / 2 + i] * v[q];
            }
            v[i] = s;
        }
    }

    /**
     * Solves {@code A x = r} on every tree: {@code r} holds 6 values per position (in), x is written over it.
     * Forward: {@code w_p = D_p⁻¹ r_p}, then {@code r_q -= E_pqᵀ w_p} for the later welds q; back:
     * {@code x_p = w_p - D_p⁻¹ Σ_q E_pq x_q}, with {@code D_p⁻¹} and {@code D_p⁻¹ E_pq} kept from {@link #factor}
     * (matrix-vector products only, over each block's own rows).
     */
    void solve(double[] r) {
        final double[] di = dinv, e = off, gg = g, ww = w;
        for (int p = 0; p < n; p++) {
            if (bad[p]) {
                continue;
            }
            int o = 6 * p, dp = dimAt[p], d = 36 * p;
            if (dp == 3) { // a point block (ball joints): the products written out
                double r0 = r[o], r1 = r[o + 1], r2 = r[o + 2];
                ww[o] = di[d] * r0 + di[d + 1] * r1 + di[d + 2] * r2;
                ww[o + 1] = di[d + 6] * r0 + di[d + 7] * r1 + di[d + 8] * r2;
                ww[o + 2] = di[d + 12] * r0 + di[d + 13] * r1 + di[d + 14] * r2;
            } else {
                for (int i = 0; i < dp; i++) { // w_p = D_p⁻¹ r_p
                    double s = di[d + 6 * i] * r[o];
                    for (int q = 1; q < dp; q++) {
                        s += di[d + 6 * i + q] * r[o + q];
                    }
                    ww[o + i] = s;
                }
            }
            for (int b = upStart[p], end = b + upCount[p]; b < end; b++) { // r_q -= E_pqᵀ w_p
                int eb = 36 * b, hi = pairHigh[b], qo = 6 * hi, dq = dimAt[hi];
                if (dp == 3 && dq == 3) {
                    double w0 = ww[o], w1 = ww[o + 1], w2 = ww[o + 2];
                    r[qo] -= e[eb] * w0 + e[eb + 6] * w1 + e[eb + 12] * w2;
                    r[qo + 1] -= e[eb + 1] * w0 + e[eb + 7] * w1 + e[eb + 13] * w2;
                    r[qo + 2] -= e[eb + 2] * w0 + e[eb + 8] * w1 + e[eb + 14] * w2;
                    continue;
                }
                for (int i = 0; i < dq; i++) {
                    double s = e[eb + i] * ww[o];
                    for (int q = 1; q < dp; q++) {
                        s += e[eb + 6 * q + i] * ww[o + q];
                    }
                    r[qo + i] -= s;
                }
            }
        }
        for (int p = n - 1; p >= 0; p--) {
            if (bad[p]) {
                continue;
            }
            int o = 6 * p, dp = dimAt[p];
            int b0 = upStart[p], b1 = b0 + upCount[p];
            if (dp == 3 && b1 - b0 == 1 && dimAt[pairHigh[b0]] == 3) { // a chain's point block: written out
                int gb = 36 * b0, xo = 6 * pairHigh[b0];
                double x0 = r[xo], x1 = r[xo + 1], x2 = r[xo + 2];
                r[o] = ww[o] - (gg[gb] * x0 + gg[gb + 1] * x1 + gg[gb + 2] * x2);
                r[o + 1] = ww[o + 1] - (gg[gb + 6] * x0 + gg[gb + 7] * x1 + gg[gb + 8] * x2);
                r[o + 2] = ww[o + 2] - (gg[gb + 12] * x0 + gg[gb + 13] * x1 + gg[gb + 14] * x2);
                continue;
            }
            for (int i = 0; i < dp; i++) { // x_p = w_p - Σ_q G_pq x_q
                double s = 0;
                for (int b = b0; b < b1; b++) {
                    int gb = 36 * b, hi = pairHigh[b], xo = 6 * hi, dq = dimAt[hi];
                    for (int q = 0; q < dq; q++) {
                        s += gg[gb + 6 * i + q] * r[xo + q];
                    }
                }
                r[o + i] = ww[o + i] - s;
            }
        }
    }
}
