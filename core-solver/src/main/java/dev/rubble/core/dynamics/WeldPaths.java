package dev.rubble.core.dynamics;

import dev.rubble.spi.graph.DisjointSets;
import java.util.Arrays;

/**
 * Paths of welds solved directly (docs/constraints.md, "Welded beams"): the welds of one sub-step
 * ({@code fixed} joints whose six rows form one coupled block) that join dynamic bodies into chains, each
 * chain's 6n×6n effective mass {@code A = J M⁻¹ Jᵀ} solved exactly by a block LDLᵀ (block-tridiagonal:
 * consecutive welds of a chain share one body, so there is no fill).
 *
 * <pre>
 *   world ─ w0 ─ b0 ─ w1 ─ b1 ─ w2 ─ b2        A = | K0  E0          |   K_i: weld i's own 6×6 (the coupled block's)
 *                                                   | E0ᵀ K1  E1      |   E_i: w_i and w_i+1 through their shared body
 *                                                   |     E1ᵀ K2      |
 * </pre>
 *
 * Solved weld by weld (Gauss–Seidel), a beam passes its load one weld per pass, and long levers make that
 * slow: five 1 kg cubes welded end to end read 1.54 times the root's static torque in their first steps.
 *
 * <p>Which welds: in the order given (the solver's constraint order), a weld joins the paths when each of
 * its dynamic bodies has fewer than two path welds already and it closes no loop (union–find), neither of
 * dynamic bodies nor through the ground: the world and non-dynamic bodies are not path nodes, and a set of
 * bodies takes one path weld to them (a beam welded at both ends is over-determined, its effective mass
 * singular: its second end weld keeps its own block). The others, and a path of one weld, stay with the
 * solver's blocks, solved after the paths in every pass.
 * Deterministic: a function of the welds and bodies in the given order. Allocation-free in steady state.
 */
final class WeldPaths {
    // per local body: union-find parent, path welds at it (up to 2, -1: none), whether its set is welded to a
    // body that is not a node (the world, a fixed, kinematic or sleeping body) by a path weld
    private int[] parent = new int[0], at0 = new int[0], at1 = new int[0];
    private boolean[] grounded = new boolean[0];
    // offered welds: constraint index, local bodies (0: the world), whether each side is a path node
    private int offered;
    private int[] oK = new int[0], oA = new int[0], oB = new int[0];
    private boolean[] oDynA = new boolean[0], oDynB = new boolean[0], placed = new boolean[0];
    // paths, in order: constraint index per position, the body shared with the next position (-1: the path ends)
    private int n;
    private int[] order = new int[0], next = new int[0];
    // per position: its path failed to factor (a pivot too small) and is not solved here
    private boolean[] bad = new boolean[0];
    // numbers per position: K (36, dense), E to the next (36), LDLᵀ of the pivot (21), scratch (6 each)
    private double[] diag = new double[0], off = new double[0], fac = new double[0], w = new double[0],
            z = new double[0];
    private final double[] col = new double[6], tmp = new double[36], pivots = new double[6];

    /** Forgets the last sub-step's welds; {@code bodies} local bodies (0 is the world). */
    void reset(int bodies) {
        if (parent.length < bodies) {
            int cap = Math.max(bodies, 2 * parent.length);
            parent = Arrays.copyOf(parent, cap);
            at0 = Arrays.copyOf(at0, cap);
            at1 = Arrays.copyOf(at1, cap);
            grounded = Arrays.copyOf(grounded, cap);
        }
        DisjointSets.reset(parent, bodies);
        for (int i = 0; i < bodies; i++) {
            at0[i] = at1[i] = -1;
            grounded[i] = false;
        }
        offered = 0;
        n = 0;
    }

    /**
     * Offers weld {@code k} between local bodies a and b ({@code dynA}, {@code dynB}: whether each is a
     * dynamic body, a path node). Returns whether it joins the paths.
     */
    boolean offer(int k, int a, int b, boolean dynA, boolean dynB) {
        if (!dynA && !dynB || dynA && full(a) || dynB && full(b)) {
            return false;
        }
        // a loop, through the bodies or through the ground (a second weld of one set to a non-node: a beam
        // welded at both ends), makes the path's effective mass singular: those welds keep their own blocks
        if (dynA && dynB) {
            int ra = DisjointSets.find(parent, a), rb = DisjointSets.find(parent, b);
            if (ra == rb || grounded[ra] && grounded[rb]) {
                return false;
            }
            grounded[Math.min(ra, rb)] = grounded[ra] || grounded[rb];
            DisjointSets.union(parent, ra, rb); // the larger root under the smaller
        } else {
            int r = DisjointSets.find(parent, dynA ? a : b);
            if (grounded[r]) {
                return false;
            }
            grounded[r] = true;
        }
        if (oK.length == offered) {
            int cap = Math.max(8, 2 * offered);
            oK = Arrays.copyOf(oK, cap);
            oA = Arrays.copyOf(oA, cap);
            oB = Arrays.copyOf(oB, cap);
            oDynA = Arrays.copyOf(oDynA, cap);
            oDynB = Arrays.copyOf(oDynB, cap);
            placed = Arrays.copyOf(placed, cap);
        }
        int t = offered++;
        oK[t] = k;
        oA[t] = a;
        oB[t] = b;
        oDynA[t] = dynA;
        oDynB[t] = dynB;
        placed[t] = false;
        if (dynA) {
            attach(a, t);
        }
        if (dynB) {
            attach(b, t);
        }
        return true;
    }

    private boolean full(int body) {
        return at1[body] >= 0;
    }

    private void attach(int body, int t) {
        if (at0[body] < 0) {
            at0[body] = t;
        } else {
            at1[body] = t;
        }
    }

    /** The other path weld at a body than t (-1: none). */
    private int other(int body, int t) {
        return at0[body] == t ? at1[body] : at0[body];
    }

    /**
     * Orders the offered welds into paths, each walked from its end met first in offer order; paths of
     * one weld are dropped. Returns the number of positions.
     */
    int build() {
        n = 0;
        if (order.length < offered) {
            int cap = Math.max(offered, 2 * order.length);
            order = Arrays.copyOf(order, cap);
            next = Arrays.copyOf(next, cap);
            bad = Arrays.copyOf(bad, cap);
            diag = Arrays.copyOf(diag, 36 * cap);
            off = Arrays.copyOf(off, 36 * cap);
            fac = Arrays.copyOf(fac, 21 * cap);
            w = Arrays.copyOf(w, 6 * cap);
            z = Arrays.copyOf(z, 6 * cap);
        }
        for (int t = 0; t < offered; t++) {
            if (placed[t]) {
                continue;
            }
            int na = oDynA[t] ? other(oA[t], t) : -1, nb = oDynB[t] ? other(oB[t], t) : -1;
            if (na >= 0 && nb >= 0) {
                continue; // not an end: walked from one
            }
            if (na < 0 && nb < 0) {
                placed[t] = true; // a path of one weld: the block solve is exact for it
                continue;
            }
            int cur = t;
            int came = -1; // the body we came through
            while (cur >= 0) {
                placed[cur] = true;
                order[n] = oK[cur];
                // the body leading on: the path side that is not the one we came through
                int via = -1, nxt = -1;
                if (oDynA[cur] && oA[cur] != came) {
                    nxt = other(oA[cur], cur);
                    via = nxt >= 0 ? oA[cur] : -1;
                }
                if (nxt < 0 && oDynB[cur] && oB[cur] != came) {
                    nxt = other(oB[cur], cur);
                    via = nxt >= 0 ? oB[cur] : -1;
                }
                next[n] = via;
                n++;
                came = via;
                cur = nxt;
            }
        }
        return n;
    }

    int size() {
        return n;
    }

    /** The constraint index at position p. */
    int constraint(int p) {
        return order[p];
    }

    /** The local body position p shares with position p + 1 (-1: the path ends at p). */
    int shared(int p) {
        return next[p];
    }

    /** K of position p (dense 6×6, row-major), for the caller to fill. */
    double[] diag() {
        return diag;
    }

    /** E between positions p and p + 1 (dense 6×6 at 36 p: rows p's, columns p + 1's), for the caller to fill. */
    double[] off() {
        return off;
    }

    /**
     * Factors every path: {@code D_0 = K_0}, {@code D_i = K_i - E_{i-1}ᵀ D_{i-1}⁻¹ E_{i-1}}, each D as LDLᵀ.
     * A path with a pivot not above 1e-12 of its diagonal entry, or not finite, is marked {@link #failed}.
     */
    void factor() {
        for (int p = 0; p < n; p++) {
            bad[p] = false;
        }
        int start = 0;
        for (int p = 0; p < n; p++) {
            if (p > 0 && next[p - 1] < 0) {
                start = p;
            }
            int d = 36 * p;
            if (p > 0 && next[p - 1] >= 0) {
                // D_p = K_p - E_{p-1}ᵀ (D_{p-1}⁻¹ E_{p-1}): tmp = D_{p-1}⁻¹ E_{p-1}, column by column
                int e = 36 * (p - 1);
                for (int c = 0; c < 6; c++) {
                    for (int r = 0; r < 6; r++) {
                        col[r] = off[e + 6 * r + c];
                    }
                    solveOne(p - 1, col);
                    for (int r = 0; r < 6; r++) {
                        tmp[6 * r + c] = col[r];
                    }
                }
                for (int i = 0; i < 6; i++) {
                    for (int j = 0; j < 6; j++) {
                        double s = 0;
                        for (int q = 0; q < 6; q++) {
                            s += off[e + 6 * q + i] * tmp[6 * q + j];
                        }
                        diag[d + 6 * i + j] -= s;
                    }
                }
            }
            if (!SmallLdlt.factor(diag, d, 6, 6, fac, 21 * p, pivots)) {
                int end = p;
                while (next[end] >= 0) {
                    end++;
                }
                for (int q = start; q <= end; q++) {
                    bad[q] = true;
                }
                p = end;
            }
        }
    }

    /** Whether position p's path failed to factor (its welds are solved on their own blocks). */
    boolean failed(int p) {
        return bad[p];
    }

    /** v := D_p⁻¹ v with D_p's LDLᵀ factors. */
    private void solveOne(int p, double[] v) {
        final double[] t = fac;
        int f = 21 * p;
        for (int i = 1; i < 6; i++) {
            int ti = f + i * (i + 1) / 2;
            double s = v[i];
            for (int q = 0; q < i; q++) {
                s -= t[ti + q] * v[q];
            }
            v[i] = s;
        }
        for (int i = 5; i >= 0; i--) {
            double s = v[i] * t[f + i * (i + 1) / 2 + i];
            for (int q = i + 1; q < 6; q++) {
                s -= t[f + q * (q + 1) / 2 + i] * v[q];
            }
            v[i] = s;
        }
    }

    /**
     * Solves {@code A x = r} on every path: {@code r} holds 6 values per position (in), x is written over it.
     * Forward: {@code z_p = r_p - E_{p-1}ᵀ w_{p-1}}, {@code w_p = D_p⁻¹ z_p}; back: {@code x_p = w_p - D_p⁻¹ E_p x_{p+1}}.
     */
    void solve(double[] r) {
        for (int p = 0; p < n; p++) {
            if (bad[p]) {
                continue;
            }
            int o = 6 * p;
            if (p > 0 && next[p - 1] >= 0) {
                int e = 36 * (p - 1), wo = 6 * (p - 1);
                for (int i = 0; i < 6; i++) {
                    double s = 0;
                    for (int q = 0; q < 6; q++) {
                        s += off[e + 6 * q + i] * w[wo + q];
                    }
                    r[o + i] -= s;
                }
            }
            for (int i = 0; i < 6; i++) {
                col[i] = r[o + i];
            }
            solveOne(p, col);
            System.arraycopy(col, 0, w, o, 6);
        }
        for (int p = n - 1; p >= 0; p--) {
            if (bad[p]) {
                continue;
            }
            int o = 6 * p;
            if (next[p] >= 0) {
                int e = 36 * p, xo = 6 * (p + 1);
                for (int i = 0; i < 6; i++) {
                    double s = 0;
                    for (int q = 0; q < 6; q++) {
                        s += off[e + 6 * i + q] * r[xo + q];
                    }
                    col[i] = s;
                }
                solveOne(p, col);
                for (int i = 0; i < 6; i++) {
                    r[o + i] = w[o + i] - col[i];
                }
            } else {
                System.arraycopy(w, o, r, o, 6);
            }
        }
    }
}
