package dev.rubble.plugin.soft;

import dev.rubble.spi.graph.DisjointSets;
import dev.rubble.spi.soft.SoftBodyState;
import dev.rubble.spi.soft.SoftContacts;
import dev.rubble.spi.soft.SoftSolver;

/**
 * Position-based dynamics of soft-body points (Müller et al. 2007, "Position Based Dynamics"), in
 * two flavours that differ only in how a constraint's correction is scaled:
 *
 * <pre>
 *  per step:      pinned points get v = (target - x) / dt
 *  per sub-step h = dt / subSteps:
 *      predict     prev = x;  v += g h (free points);  x += v h
 *      contacts    beginSubStep
 *      iterate     edges (distance), tets (volume), contacts.project       x iterations
 *      velocities  v = (x - prev) / h; the deformation (velocity relative to the body's rigid motion)
 *                  damped by 1 / (1 + h c); a body held by a pin: the whole velocity
 *      contacts    endSubStep (friction)
 * </pre>
 *
 * <b>PBD</b> (the reference, pbd-spring-soft-body §2): each iteration moves a constraint a fixed
 * fraction {@code k} (the stiffness) of the way to satisfied: {@code Δλ = -k C / Σ w|∇C|²}. What
 * that fraction means physically depends on the iteration count and the step: more iterations or
 * smaller steps make the same {@code k} stiffer (the reference's item 5: "stiffness has no physical
 * meaning, tuning is by feel").
 *
 * <p><b>XPBD</b> (Macklin, Müller, Chentanez 2016, "XPBD: Position-Based Simulation of Compliant
 * Constrained Dynamics"): each constraint carries a Lagrange multiplier λ (reset every sub-step)
 * and a compliance α (inverse stiffness, m/N for distances), and each iteration solves
 * {@code Δλ = (-C - α̃ λ) / (Σ w|∇C|² + α̃)} with {@code α̃ = α / h²}. At convergence this is the
 * implicit-Euler solution of the elastic forces {@code -∇C C / α}, independent of iteration count
 * and step: a spring of compliance α under load F stretches F α.
 *
 * <p>Deterministic: a fixed loop order that depends only on the constraints (points by index;
 * edges by colour, then index; tets in two interleaved halves of their index order), no
 * transcendental functions beyond {@code Math.sqrt} (correctly rounded). No allocation in steady
 * state (the solve order is built again only when the constraints change).
 */
final class PositionBasedSoftSolver implements SoftSolver {
    private final boolean xpbd;
    private final int subSteps;
    private final int iterations;
    private final double damping;

    // Solve-order layout (issue 27 item 7). Edges are projected colour by colour: a greedy
    // colouring gives no two edges of a colour a common point, so consecutive projections do not
    // wait on each other's stores and the processor overlaps them (the edges' index order was what
    // serialised the old loop: the edges of one point followed each other, each waiting for the
    // last one's sqrt and divisions). Tets are projected in two interleaved halves of their order
    // (interleavedOrder). Per constraint everything a projection reads is one contiguous row: point
    // offsets (3 × index) in edgeIdx / tetIdx, and rest value, α̃ = α / h², the inverse masses (for
    // an edge the whole 1 / (wa + wb + α̃)) and λ in edgeData / tetData, refreshed at every step
    // (inverse masses and h may change between steps; the order only when the constraints do).
    static final int EDGE_STRIDE = 6; // rest, α̃, 1 / (wa + wb + α̃) (pbd: k / (wa + wb)), wa, wb, λ
    static final int TET_STRIDE = 8; // 6 V0, 36 α̃ (pbd: k), w0, w1, w2, w3, λ, the step limit's pre-test
    private Object keyEdge, keyTet;
    private int keyEdges = -1, keyTets = -1, keyPoints = -1;
    private int edgeCount, tetCount;
    private int[] edgeOrder = new int[0], tetOrder = new int[0];
    private int[] edgeIdx = new int[0], tetIdx = new int[0];
    private double[] edgeData = new double[0], tetData = new double[0], tetLimit = new double[0];
    private long[] used = new long[0];
    // Damping (dampDeformation): the connected parts of the cage (points joined by edges or tets), a
    // function of the constraints alone, built with the solve order; held[c]: part c has a point of
    // inverse mass 0 (a pin, an attachment, a frozen body), refreshed every step
    private int[] component = new int[0];
    private int componentCount;
    private boolean[] held = new boolean[0];
    private double[] rigid = new double[0]; // per part: mass, Σ m x, Σ m v, then L and the inertia tensor, ω
    private static final int RIGID_STRIDE = 16;

    /**
     * @param xpbd       compliance (XPBD) or per-iteration stiffness (PBD)
     * @param subSteps   sub-steps per step, >= 1
     * @param iterations iterations per sub-step, >= 1
     * @param damping    velocity damping, 1/s, >= 0
     */
    PositionBasedSoftSolver(boolean xpbd, int subSteps, int iterations, double damping) {
        this.xpbd = xpbd;
        this.subSteps = subSteps;
        this.iterations = iterations;
        this.damping = damping;
    }

    @Override
    public int subSteps() {
        return subSteps;
    }

    @Override
    public int iterations() {
        return iterations;
    }

    @Override
    public void step(SoftBodyState s, double dt, double gx, double gy, double gz, SoftContacts contacts) {
        if (!(dt > 0)) {
            throw new IllegalArgumentException("dt = " + dt + "; allowed: > 0 seconds");
        }
        final double[] x = s.x, prev = s.prev, v = s.v, w = s.invMass;
        final int n = s.points;
        for (int k = 0; k < s.pins; k++) {
            int p = 3 * s.pinPoint[k];
            v[p] = (s.pinTarget[3 * k] - x[p]) / dt;
            v[p + 1] = (s.pinTarget[3 * k + 1] - x[p + 1]) / dt;
            v[p + 2] = (s.pinTarget[3 * k + 2] - x[p + 2]) / dt;
        }
        final double h = dt / subSteps;
        final double damp = 1 / (1 + h * damping);
        layout(s);
        refresh(s, 1 / (h * h));
        for (int sub = 0; sub < subSteps; sub++) {
            for (int i = 0, o = 0; i < n; i++, o += 3) {
                prev[o] = x[o];
                prev[o + 1] = x[o + 1];
                prev[o + 2] = x[o + 2];
                if (w[i] > 0) {
                    v[o] += gx * h;
                    v[o + 1] += gy * h;
                    v[o + 2] += gz * h;
                }
                x[o] += v[o] * h;
                x[o + 1] += v[o + 1] * h;
                x[o + 2] += v[o + 2] * h;
            }
            if (sub == subSteps - 1) {
                snapPins(s);
            }
            contacts.beginSubStep(s, h);
            for (int it = 0; it < iterations; it++) {
                // XPBD multipliers start every sub-step at 0: the first iteration reads 0 for them
                projectEdges(s.x, it == 0);
                projectTets(s.x, it == 0);
                contacts.project(s, h);
            }
            final double invH = 1 / h;
            for (int i = 0, o = 0; i < n; i++, o += 3) {
                if (w[i] > 0) {
                    // a body held by a pin (or frozen) is damped in the world's frame, as before; a free one
                    // only in its own (dampDeformation): its rigid motion is left alone
                    double f = held[component[i]] ? damp : 1;
                    v[o] = (x[o] - prev[o]) * invH * f;
                    v[o + 1] = (x[o + 1] - prev[o + 1]) * invH * f;
                    v[o + 2] = (x[o + 2] - prev[o + 2]) * invH * f;
                }
            }
            if (damping > 0) {
                dampDeformation(x, v, w, n, damp);
            }
            contacts.endSubStep(s, h);
        }
    }

    /**
     * Builds the solve order when the constraints changed (added bodies, a restored snapshot): a
     * function of the constraint arrays alone, so a restored world projects in the same order.
     */
    private void layout(SoftBodyState s) {
        if (keyEdge == s.edge && keyTet == s.tet && keyEdges == s.edges && keyTets == s.tets && keyPoints == s.points) {
            return;
        }
        edgeCount = s.edges;
        tetCount = s.tets;
        if (edgeOrder.length < edgeCount) {
            edgeOrder = new int[edgeCount];
            edgeIdx = new int[2 * edgeCount];
            edgeData = new double[EDGE_STRIDE * edgeCount];
        }
        if (tetOrder.length < tetCount) {
            tetOrder = new int[tetCount];
            tetIdx = new int[4 * tetCount];
            tetData = new double[TET_STRIDE * tetCount];
            tetLimit = new double[tetCount];
        }
        if (used.length < s.points) {
            used = new long[s.points];
        }
        components(s);
        colourOrder(s.edge, 2, edgeCount, s.points, edgeOrder);
        interleavedOrder(tetCount, tetOrder);
        for (int c = 0; c < edgeCount; c++) {
            int e = edgeOrder[c];
            edgeIdx[2 * c] = 3 * s.edge[2 * e];
            edgeIdx[2 * c + 1] = 3 * s.edge[2 * e + 1];
        }
        for (int c = 0; c < tetCount; c++) {
            int t = tetOrder[c];
            for (int j = 0; j < 4; j++) {
                tetIdx[4 * c + j] = 3 * s.tet[4 * t + j];
            }
        }
        keyEdge = s.edge;
        keyTet = s.tet;
        keyEdges = s.edges;
        keyTets = s.tets;
        keyPoints = s.points;
    }

    /**
     * Greedy colouring in index order (each constraint takes the lowest of 64 colours none of its
     * points has yet; a constraint finding all 64 taken goes last), then a stable sort by colour:
     * {@code order[c]} is the constraint projected {@code c}-th.
     */
    private void colourOrder(int[] idx, int arity, int n, int points, int[] order) {
        java.util.Arrays.fill(used, 0, points, 0L);
        int[] count = new int[66];
        byte[] colour = new byte[n];
        for (int c = 0; c < n; c++) {
            long taken = 0;
            for (int j = 0; j < arity; j++) {
                taken |= used[idx[arity * c + j]];
            }
            int col = Long.numberOfTrailingZeros(~taken); // 64 when all are taken
            if (col < 64) {
                for (int j = 0; j < arity; j++) {
                    used[idx[arity * c + j]] |= 1L << col;
                }
            }
            colour[c] = (byte) col;
            count[col + 1]++;
        }
        for (int k = 1; k < count.length; k++) {
            count[k] += count[k - 1];
        }
        for (int c = 0; c < n; c++) {
            order[count[colour[c]]++] = c;
        }
    }

    /**
     * Tetrahedra in their own order, but the first and the second half interleaved ({@code 0, n/2,
     * 1, n/2+1, ...}): neighbouring tets (which share corners) are no longer projected one right
     * after the other, while each half still sweeps the cage in the order it was built, so a
     * correction travels through it within one sweep as before. (Colouring the tets like the edges
     * scatters that sweep: a 20 kg sphere at 50 m/s then got under the block's top surface,
     * {@code HeavyImpactTest}.)
     */
    private static void interleavedOrder(int n, int[] order) {
        int half = (n + 1) / 2;
        for (int c = 0; c < n; c++) {
            order[c] = (c & 1) == 0 ? c / 2 : half + c / 2;
        }
    }

    /** Per-step rows: inverse masses, α̃ for this step's sub-step and the rest values, in solve order. */
    private void refresh(SoftBodyState s, double invH2) {
        final double[] w = s.invMass;
        java.util.Arrays.fill(held, 0, componentCount, false);
        for (int i = 0; i < s.points; i++) {
            if (!(w[i] > 0)) {
                held[component[i]] = true;
            }
        }
        final int[] ei = edgeIdx, ti = tetIdx;
        final double[] ed = edgeData, td = tetData;
        for (int c = 0; c < edgeCount; c++) {
            int e = edgeOrder[c], k = EDGE_STRIDE * c;
            double wa = w[ei[2 * c] / 3], wb = w[ei[2 * c + 1] / 3];
            double wsum = wa + wb;
            // an edge between two immovable points is left alone (also when its α̃ is not finite)
            double at = xpbd && wsum != 0 ? s.edgeCompliance[e] * invH2 : 0;
            ed[k] = s.restLength[e];
            ed[k + 1] = at;
            ed[k + 2] = wsum == 0 ? 0 : xpbd ? 1 / (wsum + at) : s.edgeStiffness[e] / wsum;
            ed[k + 3] = wa;
            ed[k + 4] = wb;
        }
        for (int c = 0; c < tetCount; c++) {
            int t = tetOrder[c], k = TET_STRIDE * c;
            td[k] = 6 * s.restVolume[t];
            td[k + 1] = xpbd ? 36 * s.tetCompliance[t] * invH2 : s.tetStiffness[t];
            for (int j = 0; j < 4; j++) {
                td[k + 2 + j] = w[ti[4 * c + j] / 3];
            }
            // the step limit's cheap pre-test: dl² Σ w|∇C|² max w <= limit² implies dl² max w²|∇C|² <= limit²
            // (each w²|∇C|² <= max w · w|∇C|² <= max w · Σ w|∇C|²); the margin 2⁻²⁰ covers the rounding of
            // both sides, so the exact test runs whenever it could be true and the outcome is the same
            double limit = 0.25 * s.tetScale[t];
            double w01 = td[k + 2] > td[k + 3] ? td[k + 2] : td[k + 3], w23 = td[k + 4] > td[k + 5] ? td[k + 4] : td[k + 5];
            double wmax = w01 > w23 ? w01 : w23;
            tetLimit[c] = limit;
            td[k + 7] = wmax > 0 ? limit * limit / wmax * (1 - 0x1p-20) : Double.POSITIVE_INFINITY;
        }
    }

    /**
     * Connected parts of the cage (union–find over edges and tets, each part numbered in the order of
     * its lowest point): a soft body is one part, a point joined to nothing is a part of its own.
     */
    private void components(SoftBodyState s) {
        int n = s.points;
        if (component.length < n) {
            component = new int[n];
        }
        int[] parent = component;
        DisjointSets.reset(parent, n);
        for (int e = 0; e < s.edges; e++) {
            DisjointSets.union(parent, s.edge[2 * e], s.edge[2 * e + 1]);
        }
        for (int t = 0; t < s.tets; t++) {
            for (int j = 1; j < 4; j++) {
                DisjointSets.union(parent, s.tet[4 * t], s.tet[4 * t + j]);
            }
        }
        // parts numbered in the order of their lowest point, written over the union-find
        int count = DisjointSets.label(parent, n, parent);
        componentCount = count;
        if (held.length < count) {
            held = new boolean[count];
            rigid = new double[RIGID_STRIDE * count];
        }
    }

    /**
     * Velocity damping of a free soft body (no point of inverse mass 0) acts on its deformation only
     * (Müller et al. 2007, "Position Based Dynamics", §3.5): each point's velocity relative to the
     * body's rigid motion ({@code v_cm + ω × r}, with {@code ω = I⁻¹ L} from the points' masses) is
     * multiplied by {@code damp}; the rigid motion itself, and so the body's linear and angular
     * momentum, is left alone. Before, every velocity was scaled, and a falling soft body felt a drag
     * of {@code damping} 1/s (terminal speed g / damping: 19.6 m/s at the default 0.5) that no rigid
     * body feels. A body held by a pin or an attachment is damped in the world's frame (that of its
     * pins) in the velocity pass. A part whose points lie on a line (no inverse inertia) keeps its
     * linear motion only. Sums in point order; allocates nothing.
     */
    private void dampDeformation(double[] x, double[] v, double[] w, int n, double damp) {
        final double[] r = rigid;
        final int[] comp = component;
        java.util.Arrays.fill(r, 0, RIGID_STRIDE * componentCount, 0.0);
        for (int i = 0, o = 0; i < n; i++, o += 3) {
            int c = comp[i];
            if (held[c]) {
                continue;
            }
            double m = 1 / w[i];
            int k = RIGID_STRIDE * c;
            r[k] += m;
            r[k + 1] += m * x[o];
            r[k + 2] += m * x[o + 1];
            r[k + 3] += m * x[o + 2];
            r[k + 4] += m * v[o];
            r[k + 5] += m * v[o + 1];
            r[k + 6] += m * v[o + 2];
        }
        for (int c = 0; c < componentCount; c++) {
            int k = RIGID_STRIDE * c;
            if (held[c] || !(r[k] > 0)) {
                continue;
            }
            double inv = 1 / r[k];
            for (int a = 1; a <= 6; a++) {
                r[k + a] *= inv; // centre of mass, its velocity
            }
        }
        for (int i = 0, o = 0; i < n; i++, o += 3) {
            int c = comp[i];
            if (held[c]) {
                continue;
            }
            double m = 1 / w[i];
            int k = RIGID_STRIDE * c;
            double rx = x[o] - r[k + 1], ry = x[o + 1] - r[k + 2], rz = x[o + 2] - r[k + 3];
            double ux = v[o] - r[k + 4], uy = v[o + 1] - r[k + 5], uz = v[o + 2] - r[k + 6];
            r[k + 7] += m * (ry * uz - rz * uy); // angular momentum about the centre of mass
            r[k + 8] += m * (rz * ux - rx * uz);
            r[k + 9] += m * (rx * uy - ry * ux);
            double mxx = m * rx * rx, myy = m * ry * ry, mzz = m * rz * rz;
            r[k + 10] += myy + mzz; // inertia tensor: xx, yy, zz, xy, xz, yz
            r[k + 11] += mxx + mzz;
            r[k + 12] += mxx + myy;
            r[k + 13] -= m * rx * ry;
            r[k + 14] -= m * rx * rz;
            r[k + 15] -= m * ry * rz;
        }
        for (int c = 0; c < componentCount; c++) {
            int k = RIGID_STRIDE * c;
            if (held[c] || !(r[k] > 0)) {
                continue;
            }
            double a = r[k + 10], b = r[k + 11], d = r[k + 12], p = r[k + 13], q = r[k + 14], t = r[k + 15];
            // adjugate of [[a p q] [p b t] [q t d]]
            double c00 = b * d - t * t, c01 = q * t - p * d, c02 = p * t - b * q;
            double c11 = a * d - q * q, c12 = p * q - a * t, c22 = a * b - p * p;
            double det = a * c00 + p * c01 + q * c02, tr = (a + b + d) / 3;
            double lx = r[k + 7], ly = r[k + 8], lz = r[k + 9];
            if (det > 1e-9 * tr * tr * tr) {
                double id = 1 / det;
                r[k + 7] = (c00 * lx + c01 * ly + c02 * lz) * id; // ω
                r[k + 8] = (c01 * lx + c11 * ly + c12 * lz) * id;
                r[k + 9] = (c02 * lx + c12 * ly + c22 * lz) * id;
            } else {
                r[k + 7] = r[k + 8] = r[k + 9] = 0; // on a line: no rotation to keep
            }
        }
        for (int i = 0, o = 0; i < n; i++, o += 3) {
            int c = comp[i];
            if (held[c]) {
                continue;
            }
            int k = RIGID_STRIDE * c;
            double rx = x[o] - r[k + 1], ry = x[o + 1] - r[k + 2], rz = x[o + 2] - r[k + 3];
            double wx = r[k + 7], wy = r[k + 8], wz = r[k + 9];
            double gx = r[k + 4] + wy * rz - wz * ry, gy = r[k + 5] + wz * rx - wx * rz, gz = r[k + 6] + wx * ry - wy * rx;
            v[o] = gx + (v[o] - gx) * damp;
            v[o + 1] = gy + (v[o + 1] - gy) * damp;
            v[o + 2] = gz + (v[o + 2] - gz) * damp;
        }
    }

    /** The last sub-step ends exactly on the pin targets (no drift from summing v h). */
    private static void snapPins(SoftBodyState s) {
        for (int k = 0; k < s.pins; k++) {
            int p = 3 * s.pinPoint[k];
            s.x[p] = s.pinTarget[3 * k];
            s.x[p + 1] = s.pinTarget[3 * k + 1];
            s.x[p + 2] = s.pinTarget[3 * k + 2];
        }
    }

    private void projectEdges(double[] x, boolean first) {
        final double[] d = edgeData;
        final int[] e = edgeIdx;
        for (int c = 0, m = edgeCount; c < m; c++) {
            int oa = e[2 * c], ob = e[2 * c + 1];
            int k = EDGE_STRIDE * c;
            double dx = x[ob] - x[oa], dy = x[ob + 1] - x[oa + 1], dz = x[ob + 2] - x[oa + 2];
            double len = Math.sqrt(dx * dx + dy * dy + dz * dz);
            if (len < 1e-12) {
                continue; // no direction: the volume constraints separate coincident points
            }
            // xpbd: Δλ = (-C - α̃ λ) / (wa + wb + α̃); pbd: α̃ = 0 and the factor is k / (wa + wb)
            double lambda = first ? 0 : d[k + 5];
            double dl = (d[k] - len - d[k + 1] * lambda) * d[k + 2];
            d[k + 5] = lambda + dl;
            double f = dl / len; // ∇_b C = (xb - xa)/len, ∇_a C = -∇_b C
            double fa = d[k + 3] * f, fb = d[k + 4] * f;
            x[oa] -= fa * dx;
            x[oa + 1] -= fa * dy;
            x[oa + 2] -= fa * dz;
            x[ob] += fb * dx;
            x[ob + 1] += fb * dy;
            x[ob + 2] += fb * dz;
        }
    }

    private void projectTets(double[] x, boolean first) {
        final double[] d = tetData;
        final int[] t = tetIdx;
        final boolean compliant = xpbd;
        for (int c = 0, m = tetCount; c < m; c++) {
            int i0 = t[4 * c], i1 = t[4 * c + 1], i2 = t[4 * c + 2], i3 = t[4 * c + 3];
            int k = TET_STRIDE * c;
            double x0 = x[i0], y0 = x[i0 + 1], z0 = x[i0 + 2];
            double ax = x[i1] - x0, ay = x[i1 + 1] - y0, az = x[i1 + 2] - z0;
            double bx = x[i2] - x0, by = x[i2 + 1] - y0, bz = x[i2 + 2] - z0;
            double cx = x[i3] - x0, cy = x[i3 + 1] - y0, cz = x[i3 + 2] - z0;
            // gradients of 6V = a·(b×c) (the constraint C6 = 6V - 6V0 with compliance 36 α is the
            // same constraint as V - V0 with α: the same positions, without nine multiplications)
            double g1x = by * cz - bz * cy, g1y = bz * cx - bx * cz, g1z = bx * cy - by * cx;
            double g2x = cy * az - cz * ay, g2y = cz * ax - cx * az, g2z = cx * ay - cy * ax;
            double g3x = ay * bz - az * by, g3y = az * bx - ax * bz, g3z = ax * by - ay * bx;
            double g0x = -g1x - g2x - g3x, g0y = -g1y - g2y - g3y, g0z = -g1z - g2z - g3z;
            double w0 = d[k + 2], w1 = d[k + 3], w2 = d[k + 4], w3 = d[k + 5];
            double n0 = g0x * g0x + g0y * g0y + g0z * g0z, n1 = g1x * g1x + g1y * g1y + g1z * g1z;
            double n2 = g2x * g2x + g2y * g2y + g2z * g2z, n3 = g3x * g3x + g3y * g3y + g3z * g3z;
            double wsum = w0 * n0 + w1 * n1 + w2 * n2 + w3 * n3;
            if (wsum < 1e-300) {
                continue;
            }
            double at = d[k + 1]; // pbd: k
            double lambda = first ? 0 : d[k + 6];
            double cval = ax * g1x + ay * g1y + az * g1z - d[k];
            double dl = compliant ? (-cval - at * lambda) / (wsum + at) : -at * cval / wsum;
            // a collapsed tet (all corners near a line or a point) has vanishing gradients, and the
            // step -C/Σw|∇C|² towards V0 grows without bound: move no corner farther than a quarter
            // of the tet's size per iteration (it takes several iterations to reopen instead of
            // exploding)
            // (compares, not Math.max: JDK 17's C2 does not intrinsify Math.max(double, double), and
            // the terms are never -0; a NaN term leaves dl NaN either way and the guard freezes the body)
            // (the pre-test first: in a tet that is not collapsing it is all that runs)
            if (dl * dl * wsum > d[k + 7]) {
                double m0 = w0 * w0 * n0, m1 = w1 * w1 * n1, m2 = w2 * w2 * n2, m3 = w3 * w3 * n3;
                double m01 = m0 > m1 ? m0 : m1, m23 = m2 > m3 ? m2 : m3;
                double g2 = m01 > m23 ? m01 : m23;
                double limit = tetLimit[c];
                if (dl * dl * g2 > limit * limit) {
                    dl = Math.copySign(limit / Math.sqrt(g2), dl);
                }
            }
            d[k + 6] = lambda + dl;
            double f0 = w0 * dl, f1 = w1 * dl, f2 = w2 * dl, f3 = w3 * dl;
            x[i0] = x0 + f0 * g0x;
            x[i0 + 1] = y0 + f0 * g0y;
            x[i0 + 2] = z0 + f0 * g0z;
            x[i1] += f1 * g1x;
            x[i1 + 1] += f1 * g1y;
            x[i1 + 2] += f1 * g1z;
            x[i2] += f2 * g2x;
            x[i2 + 1] += f2 * g2y;
            x[i2 + 2] += f2 * g2z;
            x[i3] += f3 * g3x;
            x[i3 + 1] += f3 * g3y;
            x[i3 + 2] += f3 * g3z;
        }
    }
}
