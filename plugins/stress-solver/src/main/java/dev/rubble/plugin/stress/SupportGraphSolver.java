package dev.rubble.plugin.stress;

import dev.rubble.spi.graph.DisjointSets;
import dev.rubble.spi.stress.StressGraph;
import java.util.Arrays;

/**
 * Bond forces and moments over a support graph (docs/destruction.md, "Stress").
 *
 * <pre>
 *  unknowns   x_k = (F_k, M_k): what node a exerts on node b through bond k, M about the centroid c_k
 *  equilibrium of every free node i (A x + l = 0, 6 rows):
 *     Σ_{k: b=i} F_k − Σ_{k: a=i} F_k + f_i = 0
 *     Σ_{k: b=i} (M_k + r_bk × F_k) − Σ_{k: a=i} (M_k + r_ak × F_k) + τ_i = 0,   r_ak = c_k − p_a, r_bk = c_k − p_b
 *  supports have no rows (their reaction balances the rest)
 *  choice among solutions: the least Σ |F|²/wF + |M|²/wM  (wF = A/ℓ, wM = wF A/12: a linear elastic
 *  bond of unit modulus), so x = W Aᵀ y with (A W Aᵀ) y = −l. y is a displacement and rotation per
 *  node; Aᵀ y is the relative motion at the bond centroid:
 *     d_F = (u_b + θ_b × r_b) − (u_a + θ_a × r_a),   d_M = θ_b − θ_a
 * </pre>
 *
 * On a statically determinate graph (a tree hanging from one support) the equilibrium alone fixes
 * x, so the weights do not matter and the result is exact. K = A W Aᵀ is symmetric positive
 * definite once every component of free nodes reaches a support; a component that does not (a
 * free-flying holder) gets inertia relief first: its loads minus the rigid acceleration they give
 * it, {@code f_i − m_i (a + α × r_i)}, with its heaviest node (lowest index among equals) as the
 * reference support — balanced loads, so the reference does not change the bond forces.
 *
 * <p>Two solves. Up to {@code directMax} unknowns: a skyline Cholesky factorisation in reverse
 * Cuthill–McKee order, kept while the topology lasts (each solve is then two triangular sweeps;
 * exact to rounding). Beyond: conjugate gradients with a 6×6 block-Jacobi preconditioner, warm-started
 * from the last solution, up to {@code maxIterations} iterations or a relative residual ≤
 * {@code tolerance} (forces and moments over a mean bond length, so units agree). The warm state
 * ({@link StressGraph#warm}) carries y and K y (updated in every iteration from the one product K p,
 * rebuilt from y every {@link #REFRESH} solves so rounding in it stays bounded). An iteration is one
 * pass over the bonds — the product, which also yields p·K p = Σ_k (Aᵀp)_k·W(Aᵀp)_k, over one
 * 8-number geometry record per bond and without branches (a support end reads a block of zeros) —
 * and one pass over the nodes (y, K y, r, the norm, the block preconditioner and r·z together);
 * the bond outputs x = W Aᵀ y are written once at the end, and a load that the warm solution
 * already meets to the tolerance costs one pass over the nodes and no bond pass at all. No
 * allocation per solve once a graph's cache exists; sums in a fixed order (deterministic).
 */
final class SupportGraphSolver {
    final int maxIterations;
    final double tolerance;
    final int directMax;

    SupportGraphSolver(int maxIterations, double tolerance, int directMax) {
        this.maxIterations = maxIterations;
        this.tolerance = tolerance;
        this.directMax = directMax;
    }

    /** Per-graph cache: built when the topology changes. */
    static final class Prepared {
        int topology;
        int n;          // free nodes
        int[] free;     // graph node -> free index or -1
        boolean[] ref;  // graph nodes made reference supports (floating components)
        int[] comp;     // component id per graph node
        int compCount;
        boolean[] floating; // component without a real support
        double[] wF, wM;    // per bond
        double[] ra, rb;    // per bond, 3 each
        double[] blockInv;  // 36 per free node (block-Jacobi), CG only
        int[] fa, fb;       // per bond: free index of its ends (n = a support: the zero block), CG only
        double[] geo;       // per bond r_a, r_b, wF, wM (8 each, one stream for the CG product)
        boolean anyFloating;
        double rr;          // squared residual norm of the last PCG solve (moment rows over scale²)
        double scale;       // mean bond length
        // direct
        boolean direct;
        int[] order;        // free index -> position in the factor (RCM)
        int[] first;        // per scalar row: first column stored
        long[] start;       // per scalar row: offset of column first[r]
        double[] factor;
        // work
        double[] load, b, y, r, z, p, q;
        double[] ky;        // K y over free nodes (PCG: carried in warm between solves)
    }

    void solve(StressGraph g) {
        Prepared c = g.cache instanceof Prepared pr && pr.topology == g.topology ? pr : prepare(g);
        g.cache = c;
        int n = c.n;
        double[] b = c.b;
        // right-hand side -l over free nodes (the graph's loads as they are unless a component floats)
        double bb = 0;
        boolean relieved = c.direct || c.anyFloating;
        if (relieved) {
            effectiveLoads(g, c);
        }
        double[] l = c.load, gf = g.force, gt = g.torque;
        double inv2 = 1 / (c.scale * c.scale);
        for (int i = 0; i < g.nodeCount; i++) {
            int f = c.free[i];
            if (f < 0) {
                continue;
            }
            int o = 6 * f;
            double b0, b1, b2, b3, b4, b5;
            if (relieved) {
                b0 = -l[6 * i];
                b1 = -l[6 * i + 1];
                b2 = -l[6 * i + 2];
                b3 = -l[6 * i + 3];
                b4 = -l[6 * i + 4];
                b5 = -l[6 * i + 5];
            } else {
                b0 = -gf[3 * i];
                b1 = -gf[3 * i + 1];
                b2 = -gf[3 * i + 2];
                b3 = -gt[3 * i];
                b4 = -gt[3 * i + 1];
                b5 = -gt[3 * i + 2];
            }
            b[o] = b0;
            b[o + 1] = b1;
            b[o + 2] = b2;
            b[o + 3] = b3;
            b[o + 4] = b4;
            b[o + 5] = b5;
            bb += b0 * b0 + b1 * b1 + b2 * b2 + (b3 * b3 + b4 * b4 + b5 * b5) * inv2;
        }
        double bNorm = Math.sqrt(bb);
        double[] y = c.y;
        if (bNorm == 0) {
            Arrays.fill(y, 0, 6 * n, 0);
            g.iterations = 0;
            g.residual = 0;
            g.converged = true;
        } else if (c.direct) {
            directSolve(c, b, y);
            g.iterations = 1;
        } else {
            int w = StressGraph.WARM_PER_NODE;
            for (int i = 0; i < g.nodeCount; i++) {
                int f = c.free[i];
                if (f >= 0) {
                    System.arraycopy(g.warm, w * i, y, 6 * f, 6);
                    System.arraycopy(g.warm, w * i + 6, c.ky, 6 * f, 6);
                }
            }
            int tail = w * g.nodeCount;
            boolean refresh = g.warm[tail] <= 0; // solves left before K y and x are recomputed from y
            g.iterations = pcg(g, c, b, y, bNorm, refresh);
            g.warm[tail] = refresh ? REFRESH : g.warm[tail] - 1;
            g.residual = Math.sqrt(c.rr) / bNorm;
            g.converged = g.residual <= tolerance;
            for (int i = 0; i < g.nodeCount; i++) {
                int f = c.free[i];
                if (f >= 0) {
                    System.arraycopy(y, 6 * f, g.warm, w * i, 6);
                    System.arraycopy(c.ky, 6 * f, g.warm, w * i + 6, 6);
                } else {
                    Arrays.fill(g.warm, w * i, w * i + w, 0);
                }
            }
            return;
        }
        if (bNorm == 0) {
            Arrays.fill(g.warm, 0, StressGraph.WARM_PER_NODE * g.nodeCount + 1, 0);
            Arrays.fill(g.bondForce, 0, 3 * g.bondCount, 0);
            Arrays.fill(g.bondMoment, 0, 3 * g.bondCount, 0);
            return;
        }
        // the direct solve: bond forces x = W Aᵀ y, then the true residual
        bondForces(g, c, y);
        double res = residual(g, c, bNorm);
        // iterative refinement of the direct solve (c.b now holds A x + l): the factor is exact, but
        // x = W Aᵀ y loses digits when y (deflections) is large against the bond's relative motion
        for (int pass = 0; pass < 3 && res > 1e-14; pass++) {
            for (int i = 0; i < 6 * n; i++) {
                c.b[i] = -c.b[i];
            }
            directSolve(c, c.b, c.z);
            for (int i = 0; i < 6 * n; i++) {
                y[i] += c.z[i];
            }
            bondForces(g, c, y);
            res = residual(g, c, bNorm);
        }
        g.residual = res;
        g.converged = true;
    }

    /** PCG solves between full recomputations of K y and the bond forces from y (rounding in the carried ones stays bounded). */
    static final int REFRESH = 32;

    // ---- preparation ----------------------------------------------------------------------

    Prepared prepare(StressGraph g) {
        Prepared c = new Prepared();
        c.topology = g.topology;
        int nodes = g.nodeCount, bonds = g.bondCount;
        // components over bonds (union-find, path halving)
        int[] parent = new int[nodes];
        DisjointSets.reset(parent, nodes);
        for (int k = 0; k < bonds; k++) {
            DisjointSets.union(parent, g.bondA[k], g.bondB[k]);
        }
        c.comp = new int[nodes];
        c.compCount = DisjointSets.label(parent, nodes, c.comp); // numbered in the order of their lowest node
        boolean[] supported = new boolean[c.compCount];
        for (int i = 0; i < nodes; i++) {
            supported[c.comp[i]] |= g.support[i];
        }
        c.floating = new boolean[c.compCount];
        for (int k = 0; k < c.compCount; k++) {
            c.anyFloating |= !supported[k];
        }
        c.ref = new boolean[nodes];
        int[] heaviest = new int[c.compCount];
        Arrays.fill(heaviest, -1);
        for (int i = 0; i < nodes; i++) {
            int k = c.comp[i];
            c.floating[k] = !supported[k];
            if (!supported[k] && (heaviest[k] < 0 || g.mass[i] > g.mass[heaviest[k]])) {
                heaviest[k] = i;
            }
        }
        for (int k = 0; k < c.compCount; k++) {
            if (heaviest[k] >= 0) {
                c.ref[heaviest[k]] = true;
            }
        }
        c.free = new int[nodes];
        for (int i = 0; i < nodes; i++) {
            c.free[i] = g.support[i] || c.ref[i] ? -1 : c.n++;
        }
        int n = c.n;
        c.wF = new double[bonds];
        c.wM = new double[bonds];
        c.ra = new double[3 * bonds];
        c.rb = new double[3 * bonds];
        double lenSum = 0;
        for (int k = 0; k < bonds; k++) {
            int a = g.bondA[k], b = g.bondB[k];
            double len = 0;
            for (int j = 0; j < 3; j++) {
                c.ra[3 * k + j] = g.centroid[3 * k + j] - g.pos[3 * a + j];
                c.rb[3 * k + j] = g.centroid[3 * k + j] - g.pos[3 * b + j];
                double d = g.pos[3 * b + j] - g.pos[3 * a + j];
                len += d * d;
            }
            len = Math.sqrt(len);
            lenSum += len;
            double area = g.area[k];
            c.wF[k] = area / Math.max(len, 1e-9);
            c.wM[k] = c.wF[k] * area / 12;
        }
        c.scale = bonds > 0 && lenSum > 0 ? lenSum / bonds : 1;
        c.load = new double[6 * nodes];
        c.b = new double[6 * n];
        c.y = new double[6 * n + 6]; // + one block that stays 0: the CG product's stand-in for a support end
        c.direct = 6 * n <= directMax;
        c.r = new double[6 * n];
        c.z = new double[6 * n];
        if (c.direct) {
            factor(g, c);
        } else {
            c.p = new double[6 * n + 6];
            c.q = new double[6 * n + 6];
            c.ky = new double[6 * n + 6];
            c.fa = new int[bonds];
            c.fb = new int[bonds];
            c.geo = new double[8 * bonds];
            for (int k = 0; k < bonds; k++) {
                int fa = c.free[g.bondA[k]], fb = c.free[g.bondB[k]];
                c.fa[k] = fa < 0 ? n : fa; // a support end reads the zero block n and its share lands there, unused
                c.fb[k] = fb < 0 ? n : fb;
                System.arraycopy(c.ra, 3 * k, c.geo, 8 * k, 3);
                System.arraycopy(c.rb, 3 * k, c.geo, 8 * k + 3, 3);
                c.geo[8 * k + 6] = c.wF[k];
                c.geo[8 * k + 7] = c.wM[k];
            }
            blockJacobi(g, c);
        }
        return c;
    }

    /**
     * The 12×12 stiffness of bond k, Jᵀ W J with J = [−I, [r_a]×, I, −[r_b]×; 0, −I, 0, I] (rows
     * d_F, d_M; columns u_a, θ_a, u_b, θ_b), into {@code kl} (row-major).
     */
    static void bondMatrix(Prepared c, int k, double[] jm, double[] kl) {
        Arrays.fill(jm, 0);
        double ax = c.ra[3 * k], ay = c.ra[3 * k + 1], az = c.ra[3 * k + 2];
        double bx = c.rb[3 * k], by = c.rb[3 * k + 1], bz = c.rb[3 * k + 2];
        for (int j = 0; j < 3; j++) {
            jm[j * 12 + j] = -1;          // d_F from u_a
            jm[j * 12 + 6 + j] = 1;       // d_F from u_b
            jm[(3 + j) * 12 + 3 + j] = -1; // d_M from θ_a
            jm[(3 + j) * 12 + 9 + j] = 1;  // d_M from θ_b
        }
        // d_F += [r_a]× θ_a  (−θ_a × r_a = r_a × θ_a)
        cross(jm, 3, ax, ay, az, 1);
        // d_F += −[r_b]× θ_b
        cross(jm, 9, bx, by, bz, -1);
        double wf = c.wF[k], wm = c.wM[k];
        for (int i = 0; i < 12; i++) {
            for (int j = 0; j < 12; j++) {
                double s = 0;
                for (int r = 0; r < 6; r++) {
                    s += jm[r * 12 + i] * (r < 3 ? wf : wm) * jm[r * 12 + j];
                }
                kl[i * 12 + j] = s;
            }
        }
    }

    /** Writes sign × [r]× into rows 0..3 of jm at column offset col. */
    private static void cross(double[] jm, int col, double x, double y, double z, double sign) {
        // [r]× = [[0, -z, y], [z, 0, -x], [-y, x, 0]]
        jm[col + 1] = -z * sign;
        jm[col + 2] = y * sign;
        jm[12 + col] = z * sign;
        jm[12 + col + 2] = -x * sign;
        jm[24 + col] = -y * sign;
        jm[24 + col + 1] = x * sign;
    }

    private void blockJacobi(StressGraph g, Prepared c) {
        double[] blocks = new double[36 * c.n];
        double[] jm = new double[72], kl = new double[144];
        for (int k = 0; k < g.bondCount; k++) {
            bondMatrix(c, k, jm, kl);
            addBlock(blocks, c.free[g.bondA[k]], kl, 0);
            addBlock(blocks, c.free[g.bondB[k]], kl, 6);
        }
        c.blockInv = new double[36 * c.n];
        double[] m = new double[36];
        for (int f = 0; f < c.n; f++) {
            System.arraycopy(blocks, 36 * f, m, 0, 36);
            invert6(m, c.blockInv, 36 * f);
        }
    }

    private static void addBlock(double[] blocks, int f, double[] kl, int o) {
        if (f < 0) {
            return;
        }
        for (int i = 0; i < 6; i++) {
            for (int j = 0; j < 6; j++) {
                blocks[36 * f + 6 * i + j] += kl[(o + i) * 12 + o + j];
            }
        }
    }

    /** Inverse of a symmetric positive definite 6×6 matrix by Gauss–Jordan with partial pivoting (identity for a singular block). */
    static void invert6(double[] m, double[] out, int o) {
        double[] a = new double[72];
        for (int i = 0; i < 6; i++) {
            for (int j = 0; j < 6; j++) {
                a[12 * i + j] = m[6 * i + j];
            }
            a[12 * i + 6 + i] = 1;
        }
        for (int col = 0; col < 6; col++) {
            int piv = col;
            for (int r = col + 1; r < 6; r++) {
                if (Math.abs(a[12 * r + col]) > Math.abs(a[12 * piv + col])) {
                    piv = r;
                }
            }
            double pv = a[12 * piv + col];
            if (!(Math.abs(pv) > 0)) {
                for (int i = 0; i < 36; i++) {
                    out[o + i] = i % 7 == 0 ? 1 : 0;
                }
                return;
            }
            if (piv != col) {
                for (int j = 0; j < 12; j++) {
                    double t = a[12 * col + j];
                    a[12 * col + j] = a[12 * piv + j];
                    a[12 * piv + j] = t;
                }
            }
            double inv = 1 / pv;
            for (int j = 0; j < 12; j++) {
                a[12 * col + j] *= inv;
            }
            for (int r = 0; r < 6; r++) {
                if (r == col) {
                    continue;
                }
                double fct = a[12 * r + col];
                if (fct != 0) {
                    for (int j = 0; j < 12; j++) {
                        a[12 * r + j] -= fct * a[12 * col + j];
                    }
                }
            }
        }
        for (int i = 0; i < 6; i++) {
            for (int j = 0; j < 6; j++) {
                out[o + 6 * i + j] = a[12 * i + 6 + j];
            }
        }
    }

    // ---- the direct solve: skyline Cholesky in reverse Cuthill–McKee order -----------------

    private void factor(StressGraph g, Prepared c) {
        int n = c.n;
        // adjacency over free nodes (CSR)
        int[] deg = new int[n];
        for (int k = 0; k < g.bondCount; k++) {
            int fa = c.free[g.bondA[k]], fb = c.free[g.bondB[k]];
            if (fa >= 0 && fb >= 0) {
                deg[fa]++;
                deg[fb]++;
            }
        }
        int[] adjStart = new int[n + 1];
        for (int i = 0; i < n; i++) {
            adjStart[i + 1] = adjStart[i] + deg[i];
        }
        int[] adj = new int[adjStart[n]];
        int[] fill = adjStart.clone();
        for (int k = 0; k < g.bondCount; k++) {
            int fa = c.free[g.bondA[k]], fb = c.free[g.bondB[k]];
            if (fa >= 0 && fb >= 0) {
                adj[fill[fa]++] = fb;
                adj[fill[fb]++] = fa;
            }
        }
        // Cuthill–McKee from the lowest-degree unvisited node (lowest index among equals), neighbours by degree
        int[] cm = new int[n];
        boolean[] seen = new boolean[n];
        int head = 0, tail = 0;
        while (tail < n) {
            int start = -1;
            for (int i = 0; i < n; i++) {
                if (!seen[i] && (start < 0 || deg[i] < deg[start])) {
                    start = i;
                }
            }
            seen[start] = true;
            cm[tail++] = start;
            while (head < tail) {
                int v = cm[head++];
                int from = tail;
                for (int e = adjStart[v]; e < adjStart[v + 1]; e++) {
                    int w = adj[e];
                    if (!seen[w]) {
                        seen[w] = true;
                        cm[tail++] = w;
                    }
                }
                // insertion sort of the new ones by (degree, index): deterministic
                for (int i = from + 1; i < tail; i++) {
                    int x = cm[i];
                    int j = i - 1;
                    while (j >= from && (deg[cm[j]] > deg[x] || deg[cm[j]] == deg[x] && cm[j] > x)) {
                        cm[j + 1] = cm[j];
                        j--;
                    }
                    cm[j + 1] = x;
                }
            }
        }
        c.order = new int[n];
        for (int i = 0; i < n; i++) {
            c.order[cm[n - 1 - i]] = i; // reversed
        }
        int dofs = 6 * n;
        c.first = new int[dofs];
        for (int f = 0; f < n; f++) {
            int pos = c.order[f];
            int lo = pos;
            for (int e = adjStart[f]; e < adjStart[f + 1]; e++) {
                lo = Math.min(lo, c.order[adj[e]]);
            }
            for (int j = 0; j < 6; j++) {
                c.first[6 * pos + j] = 6 * lo;
            }
        }
        c.start = new long[dofs + 1];
        for (int r = 0; r < dofs; r++) {
            c.start[r + 1] = c.start[r] + (r - c.first[r] + 1);
        }
        if (c.start[dofs] > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("stress graph too large for the direct solve: " + c.start[dofs] + " entries");
        }
        double[] l = new double[(int) c.start[dofs]];
        c.factor = l;
        // assemble the lower triangle of K
        double[] jm = new double[72], kl = new double[144];
        for (int k = 0; k < g.bondCount; k++) {
            bondMatrix(c, k, jm, kl);
            int fa = c.free[g.bondA[k]], fb = c.free[g.bondB[k]];
            int[] dof = {fa < 0 ? -1 : 6 * c.order[fa], fb < 0 ? -1 : 6 * c.order[fb]};
            for (int bi = 0; bi < 2; bi++) {
                if (dof[bi] < 0) {
                    continue;
                }
                for (int bj = 0; bj < 2; bj++) {
                    if (dof[bj] < 0) {
                        continue;
                    }
                    for (int i = 0; i < 6; i++) {
                        for (int j = 0; j < 6; j++) {
                            int r = dof[bi] + i, col = dof[bj] + j;
                            if (col > r) {
                                continue;
                            }
                            l[(int) (c.start[r] + col - c.first[r])] += kl[(6 * bi + i) * 12 + 6 * bj + j];
                        }
                    }
                }
            }
        }
        // in-place Cholesky L Lᵀ
        for (int r = 0; r < dofs; r++) {
            int fr = c.first[r];
            int or = (int) (c.start[r] - fr);
            for (int col = fr; col <= r; col++) {
                int fc = c.first[col];
                int oc = (int) (c.start[col] - fc);
                double s = l[or + col];
                for (int k = Math.max(fr, fc); k < col; k++) {
                    s -= l[or + k] * l[oc + k];
                }
                if (col < r) {
                    l[or + col] = s / l[oc + col];
                } else {
                    if (!(s > 0)) {
                        // K = A W Aᵀ is positive definite once every component reaches a support: a pivot lost is
                        // rounding, on bonds whose stiffnesses (contact area / length) span ~1e16 or more (a wall
                        // 300 km thick). Such a graph is bad input, not an internal error; a floored pivot or
                        // conjugate gradients were tried and gave bond forces off by factors of 10 to 1e93
                        throw new IllegalArgumentException("stress model 'support-graph': the bonds' stiffnesses (contact"
                                + " area / distance between pieces) span too many orders for the solve (the factorisation"
                                + " lost row " + r + " of " + dofs + " to rounding); allowed: pieces of less extreme sizes and"
                                + " proportions (contact areas within ~1e14 of each other)");
                    }
                    l[or + col] = Math.sqrt(s);
                }
            }
        }
    }

    private static void directSolve(Prepared c, double[] b, double[] y) {
        int n = c.n, dofs = 6 * n;
        double[] l = c.factor;
        double[] w = c.r;
        for (int f = 0; f < n; f++) {
            System.arraycopy(b, 6 * f, w, 6 * c.order[f], 6);
        }
        // L z = w
        for (int r = 0; r < dofs; r++) {
            int fr = c.first[r];
            int or = (int) (c.start[r] - fr);
            double s = w[r];
            for (int k = fr; k < r; k++) {
                s -= l[or + k] * w[k];
            }
            w[r] = s / l[or + r];
        }
        // Lᵀ y = z
        for (int r = dofs - 1; r >= 0; r--) {
            int fr = c.first[r];
            int or = (int) (c.start[r] - fr);
            double v = w[r] / l[or + r];
            w[r] = v;
            for (int k = fr; k < r; k++) {
                w[k] -= l[or + k] * v;
            }
        }
        for (int f = 0; f < n; f++) {
            System.arraycopy(w, 6 * c.order[f], y, 6 * f, 6);
        }
    }

    // ---- loads -----------------------------------------------------------------------------

    /** The graph's loads (6 per node: force, torque about the node), with inertia relief on floating components. */
    private static void effectiveLoads(StressGraph g, Prepared c) {
        double[] l = c.load;
        for (int i = 0; i < g.nodeCount; i++) {
            for (int j = 0; j < 3; j++) {
                l[6 * i + j] = g.force[3 * i + j];
                l[6 * i + 3 + j] = g.torque[3 * i + j];
            }
        }
        for (int comp = 0; comp < c.compCount; comp++) {
            if (c.floating[comp]) {
                relieve(g, c, comp, l);
            }
        }
    }

    /** Subtracts m_i (a + α × r_i) from component comp's node forces: the rigid acceleration its loads give it. */
    private static void relieve(StressGraph g, Prepared c, int comp, double[] l) {
        double m = 0, cx = 0, cy = 0, cz = 0;
        for (int i = 0; i < g.nodeCount; i++) {
            if (c.comp[i] == comp) {
                m += g.mass[i];
                cx += g.mass[i] * g.pos[3 * i];
                cy += g.mass[i] * g.pos[3 * i + 1];
                cz += g.mass[i] * g.pos[3 * i + 2];
            }
        }
        if (!(m > 0)) {
            return;
        }
        cx /= m;
        cy /= m;
        cz /= m;
        double fx = 0, fy = 0, fz = 0, tx = 0, ty = 0, tz = 0;
        double ixx = 0, iyy = 0, izz = 0, ixy = 0, ixz = 0, iyz = 0;
        for (int i = 0; i < g.nodeCount; i++) {
            if (c.comp[i] != comp) {
                continue;
            }
            double rx = g.pos[3 * i] - cx, ry = g.pos[3 * i + 1] - cy, rz = g.pos[3 * i + 2] - cz;
            double ax = l[6 * i], ay = l[6 * i + 1], az = l[6 * i + 2];
            fx += ax;
            fy += ay;
            fz += az;
            tx += ry * az - rz * ay + l[6 * i + 3];
            ty += rz * ax - rx * az + l[6 * i + 4];
            tz += rx * ay - ry * ax + l[6 * i + 5];
            double mi = g.mass[i];
            ixx += mi * (ry * ry + rz * rz);
            iyy += mi * (rx * rx + rz * rz);
            izz += mi * (rx * rx + ry * ry);
            ixy -= mi * rx * ry;
            ixz -= mi * rx * rz;
            iyz -= mi * ry * rz;
        }
        double[] alpha = solve3(ixx, ixy, ixz, iyy, iyz, izz, tx, ty, tz);
        double ax = fx / m, ay = fy / m, az = fz / m;
        for (int i = 0; i < g.nodeCount; i++) {
            if (c.comp[i] != comp) {
                continue;
            }
            double rx = g.pos[3 * i] - cx, ry = g.pos[3 * i + 1] - cy, rz = g.pos[3 * i + 2] - cz;
            double mi = g.mass[i];
            l[6 * i] -= mi * (ax + alpha[1] * rz - alpha[2] * ry);
            l[6 * i + 1] -= mi * (ay + alpha[2] * rx - alpha[0] * rz);
            l[6 * i + 2] -= mi * (az + alpha[0] * ry - alpha[1] * rx);
        }
    }

    /**
     * Solves a symmetric 3×3 system by Cramer's rule; a singular direction (collinear nodes) gets 0. A matrix
     * that is not finite (a node of infinite or NaN mass or position) gives 0: no regularisation makes it
     * solvable, and retrying one recursed until the stack overflowed.
     */
    static double[] solve3(double a, double b, double c, double d, double e, double f, double x, double y, double z) {
        // [[a b c] [b d e] [c e f]]
        double c00 = d * f - e * e, c01 = c * e - b * f, c02 = b * e - c * d;
        double det = a * c00 + b * c01 + c * c02;
        double scale = Math.abs(a) + Math.abs(d) + Math.abs(f);
        if (!(Math.abs(det) > 1e-12 * scale * scale * scale)) {
            if (!Double.isFinite(scale + Math.abs(b) + Math.abs(c) + Math.abs(e))) {
                return new double[3];
            }
            // regularise: collinear or single node; the unresolved moment has no lever arm
            double eps = 1e-9 * Math.max(scale, 1e-30);
            return solve3(a + eps, b, c, d + eps, e, f + eps, x, y, z);
        }
        double c11 = a * f - c * c, c12 = b * c - a * e, c22 = a * d - b * b;
        return new double[] {(c00 * x + c01 * y + c02 * z) / det, (c01 * x + c11 * y + c12 * z) / det,
                (c02 * x + c12 * y + c22 * z) / det};
    }

    // ---- conjugate gradients ---------------------------------------------------------------

    /**
     * Preconditioned CG from the warm start y. K y and the bond forces x = W Aᵀ y come with it: carried
     * from the last solve (kept up to date in every iteration, {@code K y += α K p}, {@code x += α W Aᵀ p},
     * both by-products of the product K p), or, when {@code refresh}, recomputed by one product — so a
     * warm solve costs one product per iteration and no more; the residual b − K y is then exact to
     * rounding, and every {@link #REFRESH} solves the carried values are rebuilt from y.
     */
    private int pcg(StressGraph g, Prepared c, double[] b, double[] y, double bNorm, boolean refresh) {
        int n = c.n;
        double[] r = c.r, z = c.z, p = c.p, q = c.q, ky = c.ky, m = c.blockInv;
        if (refresh) {
            apply(g, c, y, ky);
            bondOutputs(g, c, y);
        }
        double goal = tolerance * bNorm, inv2 = 1 / (c.scale * c.scale);
        // r = b − K y, its norm, z = M⁻¹ r and r·z in one pass (the preconditioner is node-local)
        double rr = 0, rz = 0;
        for (int f = 0; f < n; f++) {
            int v = 6 * f;
            double r0 = b[v] - ky[v], r1 = b[v + 1] - ky[v + 1], r2 = b[v + 2] - ky[v + 2];
            double r3 = b[v + 3] - ky[v + 3], r4 = b[v + 4] - ky[v + 4], r5 = b[v + 5] - ky[v + 5];
            r[v] = r0;
            r[v + 1] = r1;
            r[v + 2] = r2;
            r[v + 3] = r3;
            r[v + 4] = r4;
            r[v + 5] = r5;
            rr += r0 * r0 + r1 * r1 + r2 * r2 + (r3 * r3 + r4 * r4 + r5 * r5) * inv2;
            rz += block(m, 36 * f, z, v, r0, r1, r2, r3, r4, r5);
        }
        c.rr = rr;
        if (Math.sqrt(rr) <= goal) {
            return 0;
        }
        System.arraycopy(z, 0, p, 0, 6 * n);
        int it = 0;
        while (it < maxIterations) {
            double pq = apply(g, c, p, q); // q = K p, and p·K p from the bonds
            if (!(pq > 0)) {
                break;
            }
            double alpha = rz / pq;
            // y += α p, K y += α q, r −= α q, the norm, z = M⁻¹ r and r·z: one pass
            rr = 0;
            double rz2 = 0;
            for (int f = 0; f < n; f++) {
                int v = 6 * f;
                double q0 = q[v], q1 = q[v + 1], q2 = q[v + 2], q3 = q[v + 3], q4 = q[v + 4], q5 = q[v + 5];
                y[v] += alpha * p[v];
                y[v + 1] += alpha * p[v + 1];
                y[v + 2] += alpha * p[v + 2];
                y[v + 3] += alpha * p[v + 3];
                y[v + 4] += alpha * p[v + 4];
                y[v + 5] += alpha * p[v + 5];
                ky[v] += alpha * q0;
                ky[v + 1] += alpha * q1;
                ky[v + 2] += alpha * q2;
                ky[v + 3] += alpha * q3;
                ky[v + 4] += alpha * q4;
                ky[v + 5] += alpha * q5;
                double r0 = r[v] - alpha * q0, r1 = r[v + 1] - alpha * q1, r2 = r[v + 2] - alpha * q2;
                double r3 = r[v + 3] - alpha * q3, r4 = r[v + 4] - alpha * q4, r5 = r[v + 5] - alpha * q5;
                r[v] = r0;
                r[v + 1] = r1;
                r[v + 2] = r2;
                r[v + 3] = r3;
                r[v + 4] = r4;
                r[v + 5] = r5;
                rr += r0 * r0 + r1 * r1 + r2 * r2 + (r3 * r3 + r4 * r4 + r5 * r5) * inv2;
                rz2 += block(m, 36 * f, z, v, r0, r1, r2, r3, r4, r5);
            }
            c.rr = rr;
            it++;
            if (Math.sqrt(rr) <= goal) {
                break;
            }
            double beta = rz2 / rz;
            rz = rz2;
            for (int i = 0; i < 6 * n; i++) {
                p[i] = z[i] + beta * p[i];
            }
        }
        if (it > 0) {
            bondOutputs(g, c, y);
        }
        return it;
    }

    /** z[v..v+6) = the 6×6 block m[o..o+36) times r; returns r·z. */
    private static double block(double[] m, int o, double[] z, int v, double r0, double r1, double r2, double r3,
                                double r4, double r5) {
        double z0 = m[o + 0] * r0 + m[o + 1] * r1 + m[o + 2] * r2 + m[o + 3] * r3
                + m[o + 4] * r4 + m[o + 5] * r5;
        double z1 = m[o + 6] * r0 + m[o + 7] * r1 + m[o + 8] * r2 + m[o + 9] * r3
                + m[o + 10] * r4 + m[o + 11] * r5;
        double z2 = m[o + 12] * r0 + m[o + 13] * r1 + m[o + 14] * r2 + m[o + 15] * r3
                + m[o + 16] * r4 + m[o + 17] * r5;
        double z3 = m[o + 18] * r0 + m[o + 19] * r1 + m[o + 20] * r2 + m[o + 21] * r3
                + m[o + 22] * r4 + m[o + 23] * r5;
        double z4 = m[o + 24] * r0 + m[o + 25] * r1 + m[o + 26] * r2 + m[o + 27] * r3
                + m[o + 28] * r4 + m[o + 29] * r5;
        double z5 = m[o + 30] * r0 + m[o + 31] * r1 + m[o + 32] * r2 + m[o + 33] * r3
                + m[o + 34] * r4 + m[o + 35] * r5;
        z[v + 0] = z0;
        z[v + 1] = z1;
        z[v + 2] = z2;
        z[v + 3] = z3;
        z[v + 4] = z4;
        z[v + 5] = z5;
        return r0 * z0 + r1 * z1 + r2 * z2 + r3 * z3 + r4 * z4 + r5 * z5;
    }

    /** Norm with moment rows over the mean bond length (force units throughout). */
    private static double norm(Prepared c, double[] v) {
        double s = 0, inv2 = 1 / (c.scale * c.scale);
        for (int i = 0; i < 6 * c.n; i += 6) {
            s += v[i] * v[i] + v[i + 1] * v[i + 1] + v[i + 2] * v[i + 2]
                    + (v[i + 3] * v[i + 3] + v[i + 4] * v[i + 4] + v[i + 5] * v[i + 5]) * inv2;
        }
        return Math.sqrt(s);
    }

    /**
     * out = K v = A W Aᵀ v over free nodes, bond by bond (a support end reads the zero block n; what
     * lands there is never read); returns v·K v = Σ_k (Aᵀv)_k · W (Aᵀv)_k.
     */
    private static double apply(StressGraph g, Prepared c, double[] v, double[] out) {
        Arrays.fill(out, 0, 6 * c.n + 6, 0);
        int[] fas = c.fa, fbs = c.fb;
        double[] geo = c.geo;
        double vkv = 0;
        for (int k = 0, bonds = g.bondCount; k < bonds; k++) {
            int a = 6 * fas[k], b = 6 * fbs[k], o8 = 8 * k;
            double ax = geo[o8], ay = geo[o8 + 1], az = geo[o8 + 2];
            double bx = geo[o8 + 3], by = geo[o8 + 4], bz = geo[o8 + 5];
            double wf = geo[o8 + 6], wm = geo[o8 + 7];
            double tax = v[a + 3], tay = v[a + 4], taz = v[a + 5];
            double tbx = v[b + 3], tby = v[b + 4], tbz = v[b + 5];
            double dfx = v[b] + tby * bz - tbz * by - (v[a] + tay * az - taz * ay);
            double dfy = v[b + 1] + tbz * bx - tbx * bz - (v[a + 1] + taz * ax - tax * az);
            double dfz = v[b + 2] + tbx * by - tby * bx - (v[a + 2] + tax * ay - tay * ax);
            double dmx = tbx - tax, dmy = tby - tay, dmz = tbz - taz;
            double fx = wf * dfx, fy = wf * dfy, fz = wf * dfz, mx = wm * dmx, my = wm * dmy, mz = wm * dmz;
            vkv += fx * dfx + fy * dfy + fz * dfz + mx * dmx + my * dmy + mz * dmz;
            out[b] += fx;
            out[b + 1] += fy;
            out[b + 2] += fz;
            out[b + 3] += mx + by * fz - bz * fy;
            out[b + 4] += my + bz * fx - bx * fz;
            out[b + 5] += mz + bx * fy - by * fx;
            out[a] -= fx;
            out[a + 1] -= fy;
            out[a + 2] -= fz;
            out[a + 3] -= mx + ay * fz - az * fy;
            out[a + 4] -= my + az * fx - ax * fz;
            out[a + 5] -= mz + ax * fy - ay * fx;
        }
        return vkv;
    }

    /** x = W Aᵀ y into the graph's bond outputs (the CG layout: a support end reads the zero block). */
    private static void bondOutputs(StressGraph g, Prepared c, double[] y) {
        int[] fas = c.fa, fbs = c.fb;
        double[] geo = c.geo, xf = g.bondForce, xm = g.bondMoment;
        for (int k = 0, bonds = g.bondCount; k < bonds; k++) {
            int a = 6 * fas[k], b = 6 * fbs[k], o8 = 8 * k, o3 = 3 * k;
            double ax = geo[o8], ay = geo[o8 + 1], az = geo[o8 + 2];
            double bx = geo[o8 + 3], by = geo[o8 + 4], bz = geo[o8 + 5];
            double wf = geo[o8 + 6], wm = geo[o8 + 7];
            double tax = y[a + 3], tay = y[a + 4], taz = y[a + 5];
            double tbx = y[b + 3], tby = y[b + 4], tbz = y[b + 5];
            xf[o3] = wf * (y[b] + tby * bz - tbz * by - (y[a] + tay * az - taz * ay));
            xf[o3 + 1] = wf * (y[b + 1] + tbz * bx - tbx * bz - (y[a + 1] + taz * ax - tax * az));
            xf[o3 + 2] = wf * (y[b + 2] + tbx * by - tby * bx - (y[a + 2] + tax * ay - tay * ax));
            xm[o3] = wm * (tbx - tax);
            xm[o3 + 1] = wm * (tby - tay);
            xm[o3 + 2] = wm * (tbz - taz);
        }
    }

    /** x = W Aᵀ y into the graph's bond outputs. */
    private static void bondForces(StressGraph g, Prepared c, double[] y) {
        int[] free = c.free;
        for (int k = 0; k < g.bondCount; k++) {
            int fa = free[g.bondA[k]], fb = free[g.bondB[k]];
            double ax = c.ra[3 * k], ay = c.ra[3 * k + 1], az = c.ra[3 * k + 2];
            double bx = c.rb[3 * k], by = c.rb[3 * k + 1], bz = c.rb[3 * k + 2];
            double dfx = 0, dfy = 0, dfz = 0, dmx = 0, dmy = 0, dmz = 0;
            if (fb >= 0) {
                int o = 6 * fb;
                double tx = y[o + 3], ty = y[o + 4], tz = y[o + 5];
                dfx += y[o] + ty * bz - tz * by;
                dfy += y[o + 1] + tz * bx - tx * bz;
                dfz += y[o + 2] + tx * by - ty * bx;
                dmx += tx;
                dmy += ty;
                dmz += tz;
            }
            if (fa >= 0) {
                int o = 6 * fa;
                double tx = y[o + 3], ty = y[o + 4], tz = y[o + 5];
                dfx -= y[o] + ty * az - tz * ay;
                dfy -= y[o + 1] + tz * ax - tx * az;
                dfz -= y[o + 2] + tx * ay - ty * ax;
                dmx -= tx;
                dmy -= ty;
                dmz -= tz;
            }
            double wf = c.wF[k], wm = c.wM[k];
            g.bondForce[3 * k] = wf * dfx;
            g.bondForce[3 * k + 1] = wf * dfy;
            g.bondForce[3 * k + 2] = wf * dfz;
            g.bondMoment[3 * k] = wm * dmx;
            g.bondMoment[3 * k + 1] = wm * dmy;
            g.bondMoment[3 * k + 2] = wm * dmz;
        }
    }

    /** ||A x + l|| / ||l|| over free nodes, from the bond outputs (moments over the mean bond length). */
    private static double residual(StressGraph g, Prepared c, double bNorm) {
        if (bNorm == 0) {
            return 0;
        }
        double[] e = c.b; // reuse: b is rebuilt each solve
        int n = c.n;
        for (int f = 0; f < n; f++) {
            for (int j = 0; j < 6; j++) {
                e[6 * f + j] = 0;
            }
        }
        for (int i = 0; i < g.nodeCount; i++) {
            int f = c.free[i];
            if (f >= 0) {
                for (int j = 0; j < 6; j++) {
                    e[6 * f + j] = c.load[6 * i + j];
                }
            }
        }
        for (int k = 0; k < g.bondCount; k++) {
            int fa = c.free[g.bondA[k]], fb = c.free[g.bondB[k]];
            double fx = g.bondForce[3 * k], fy = g.bondForce[3 * k + 1], fz = g.bondForce[3 * k + 2];
            double mx = g.bondMoment[3 * k], my = g.bondMoment[3 * k + 1], mz = g.bondMoment[3 * k + 2];
            if (fb >= 0) {
                double bx = c.rb[3 * k], by = c.rb[3 * k + 1], bz = c.rb[3 * k + 2];
                int o = 6 * fb;
                e[o] += fx;
                e[o + 1] += fy;
                e[o + 2] += fz;
                e[o + 3] += mx + by * fz - bz * fy;
                e[o + 4] += my + bz * fx - bx * fz;
                e[o + 5] += mz + bx * fy - by * fx;
            }
            if (fa >= 0) {
                double ax = c.ra[3 * k], ay = c.ra[3 * k + 1], az = c.ra[3 * k + 2];
                int o = 6 * fa;
                e[o] -= fx;
                e[o + 1] -= fy;
                e[o + 2] -= fz;
                e[o + 3] -= mx + ay * fz - az * fy;
                e[o + 4] -= my + az * fx - ax * fz;
                e[o + 5] -= mz + ax * fy - ay * fx;
            }
        }
        return norm(c, e) / bNorm;
    }
}
