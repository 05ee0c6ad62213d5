package dev.rubble.core.soft;

import dev.rubble.core.dynamics.ContactSolver;
import dev.rubble.spi.soft.SoftBodyState;
import java.util.Arrays;

/**
 * Contact between soft bodies (docs/soft-bodies.md, "Soft–soft contact"): every surface point of one
 * body against the closest surface triangle of the other, both ways, as a zero-compliance position
 * constraint {@code C = n·(p - c) - (thickness_a + thickness_b) >= 0} with {@code c} the closest
 * point on the triangle and {@code n} its outward normal; the point moves by its inverse mass, the
 * triangle's three points by their barycentric weights (the same projection as a rigid feature
 * against a triangle in {@link SoftRigidCoupling}). A point deeper than a quarter of the triangle's
 * size behind it is left alone (the closest face of a crushed region may be its far side), unless the
 * sweep at the sub-step's start saw it cross a triangle from outside: then it is pushed back out through
 * that triangle ({@link #beginSubStep}).
 *
 * <p>Friction ({@link #friction}, at the end of every sub-step): Coulomb's law at the velocity level, as between soft
 * and rigid bodies: each point that touched a triangle in the sub-step has its velocity along the surface,
 * relative to the triangle's point under it, taken away (shared by the generalised inverse masses of the point and
 * the triangle's three points) up to μ times the normal impulse its projections gave it, μ the two bodies'
 * combined friction ({@code ContactSolver.combineFriction}).
 *
 * <p>Pairs are the bodies whose bounds overlap at the start of the step, in (a, b) index order;
 * points and triangles by index: deterministic. Allocation-free once the surface-point lists are
 * built (again only when bodies are added).
 */
final class SoftSoftContacts {
    /** Scratch: a surface triangle's unit normal. */
    private final double[] normal = new double[3];
    private int pairs;
    private int[] pairA = new int[8], pairB = new int[8];
    /** Per body: its surface points (global indices) in [surfStart[b], surfStart[b+1]). */
    private int[] surfPoint = new int[0], surfStart = new int[1];
    private int builtFor = -1;
    private final double[] bary = new double[3];
    /** The nearest triangle's barycentric weights and squared distance ({@link CouplingShapes#nearestTriangle}). */
    private final double[] nearest = new double[4];
    /** Contacts projected in the last step. */
    int contacts;
    /**
     * This sub-step's contacts for friction, one per point that touched (its last projection's triangle): the point,
     * the triangle's three point indices, the barycentric weights, the unit normal, the summed multiplier (N·s times
     * the sub-step: the normal impulse is {@code λ / h}) and the combined friction coefficient. {@link #touch} maps a
     * point to its record (-1: none), reset at every sub-step's start for the points recorded.
     */
    private int touched;
    private int[] touchPoint = new int[0], touchTri = new int[0], touch = new int[0];
    private double[] touchW = new double[0], touchN = new double[0], touchLambda = new double[0], touchMu = new double[0];

    /** Finds the pairs of soft bodies whose (expanded) bounds overlap; {@code bounds} 6 per body. */
    void prepare(SoftBodyStore store, double[] bounds) {
        contacts = 0;
        pairs = 0;
        int n = store.size();
        if (n < 2) {
            return;
        }
        if (builtFor != n) {
            buildSurfacePoints(store);
        }
        for (int a = 0; a < n; a++) {
            for (int b = a + 1; b < n; b++) {
                boolean overlap = true;
                for (int k = 0; k < 3 && overlap; k++) {
                    overlap = bounds[6 * a + k] <= bounds[6 * b + 3 + k] && bounds[6 * b + k] <= bounds[6 * a + 3 + k];
                }
                if (overlap) {
                    if (pairs == pairA.length) {
                        pairA = Arrays.copyOf(pairA, 2 * pairs);
                        pairB = Arrays.copyOf(pairB, 2 * pairs);
                    }
                    pairA[pairs] = a;
                    pairB[pairs++] = b;
                }
            }
        }
    }

    boolean hasPairs() {
        return pairs > 0;
    }

    private void buildSurfacePoints(SoftBodyStore store) {
        int n = store.size();
        boolean[] on = new boolean[store.state.points];
        for (int t = 0; t < 3 * store.surfaceTriangles; t++) {
            on[store.surface[t]] = true;
        }
        surfStart = new int[n + 1];
        int count = 0;
        for (boolean o : on) {
            count += o ? 1 : 0;
        }
        surfPoint = new int[count];
        int k = 0;
        for (int b = 0; b < n; b++) {
            surfStart[b] = k;
            for (int i = store.pointStart[b], e = i + store.pointCount[b]; i < e; i++) {
                if (on[i]) {
                    surfPoint[k++] = i;
                }
            }
        }
        surfStart[n] = k;
        builtFor = n;
    }

    /**
     * Per point: the other body's surface triangle (global index) it crossed from outside during a sub-step, held
     * until the point is out in front of it again, or -1 (continuous collision, {@link #sweep}).
     */
    private int[] heldTri = new int[0];

    /**
     * Start of a sub-step: forgets the last sub-step's contacts, and finds the surface points that crossed a triangle
     * of the other body of a pair during this sub-step's motion (both moving, {@link ContinuousSweep#firstCrossing}),
     * as rigid features are swept against cages: without it a point that went deeper than a quarter of the
     * triangle's size in one sub-step was left alone, so two blocks meeting at 60 m/s passed through each other.
     */
    void beginSubStep(SoftBodyState s, SoftBodyStore store, double[] bounds) {
        if (touch.length < s.points) {
            int[] t = new int[s.points];
            Arrays.fill(t, -1);
            touch = t;
        }
        for (int k = 0; k < touched; k++) {
            touch[touchPoint[k]] = -1;
        }
        touched = 0;
        if (heldTri.length < s.points) {
            int[] h = new int[s.points];
            Arrays.fill(h, -1);
            System.arraycopy(heldTri, 0, h, 0, heldTri.length);
            heldTri = h;
        }
        for (int k = 0; k < pairs; k++) {
            sweep(s, store, bounds, pairA[k], pairB[k]);
            sweep(s, store, bounds, pairB[k], pairA[k]);
        }
    }

    /** Surface points of body {@code a} swept against the surface triangles of body {@code b} ({@link #heldTri}). */
    private void sweep(SoftBodyState s, SoftBodyStore store, double[] bounds, int a, int b) {
        double[] x = s.x, prev = s.prev;
        double reach = store.thickness[a] + store.thickness[b];
        int t0 = store.surfaceStart[b], t1 = t0 + store.surfaceCount[b], o6 = 6 * b;
        for (int k = surfStart[a], e = surfStart[a + 1]; k < e; k++) {
            int i = surfPoint[k], o = 3 * i;
            double ax = prev[o], ay = prev[o + 1], az = prev[o + 2], ex = x[o], ey = x[o + 1], ez = x[o + 2];
            int held = heldTri[i];
            if (held >= t0 && held < t1) {
                if (ContinuousSweep.behind(store, prev, held, ax, ay, az, reach)) {
                    continue; // still in: keep it against the same triangle
                }
                heldTri[i] = -1;
            } else if (held >= 0) {
                continue; // held by a third body's triangle
            }
            if (Math.max(ax, ex) < bounds[o6] - reach || Math.max(ay, ey) < bounds[o6 + 1] - reach
                    || Math.max(az, ez) < bounds[o6 + 2] - reach || Math.min(ax, ex) > bounds[o6 + 3] + reach
                    || Math.min(ay, ey) > bounds[o6 + 4] + reach || Math.min(az, ez) > bounds[o6 + 5] + reach) {
                continue;
            }
            heldTri[i] = ContinuousSweep.firstCrossing(store, s, b, ax, ay, az, ex, ey, ez, reach);
        }
    }

    /** One projection pass over every pair, both ways. */
    void project(SoftBodyState s, SoftBodyStore store, double[] bounds) {
        tightBounds(s, store);
        for (int k = 0; k < pairs; k++) {
            pointsAgainst(s, store, bounds, pairA[k], pairB[k]);
            pointsAgainst(s, store, bounds, pairB[k], pairA[k]);
        }
    }

    /** Per soft body: the bounds of its points where they are now (no margin), at the start of each projection pass. */
    private double[] tight = new double[0];

    /** Per soft body: the projection pass its {@link #tight} bounds were last found in. */
    private long[] tightPass = new long[0];
    private long pass;

    /** The {@link #tight} bounds of every body in a pair (each once). */
    private void tightBounds(SoftBodyState s, SoftBodyStore store) {
        int n = store.size();
        if (tight.length < 6 * n) {
            tight = new double[6 * n];
            tightPass = new long[n];
        }
        pass++;
        for (int k = 0; k < pairs; k++) {
            tightBounds(s, store, pairA[k]);
            tightBounds(s, store, pairB[k]);
        }
    }

    private void tightBounds(SoftBodyState s, SoftBodyStore store, int b) {
        if (tightPass[b] == pass) {
            return;
        }
        tightPass[b] = pass;
        double[] x = s.x;
        int o = 6 * b;
        tight[o] = tight[o + 1] = tight[o + 2] = Double.POSITIVE_INFINITY;
        tight[o + 3] = tight[o + 4] = tight[o + 5] = Double.NEGATIVE_INFINITY;
        for (int i = store.pointStart[b], e = i + store.pointCount[b]; i < e; i++) {
            for (int k = 0; k < 3; k++) {
                double v = x[3 * i + k];
                tight[o + k] = Math.min(tight[o + k], v);
                tight[o + 3 + k] = Math.max(tight[o + 3 + k], v);
            }
        }
    }

    /** Surface points of body {@code a} against the surface triangles of body {@code b}. */
    private void pointsAgainst(SoftBodyState s, SoftBodyStore store, double[] bounds, int a, int b) {
        double[] x = s.x, w = s.invMass;
        int[] tri = store.surface;
        double thick = store.thickness[a] + store.thickness[b];
        int o6 = 6 * b;
        for (int k = surfStart[a], e = surfStart[a + 1]; k < e; k++) {
            int i = surfPoint[k], o = 3 * i;
            double px = x[o], py = x[o + 1], pz = x[o + 2];
            if (px < bounds[o6] || py < bounds[o6 + 1] || pz < bounds[o6 + 2] || px > bounds[o6 + 3]
                    || py > bounds[o6 + 4] || pz > bounds[o6 + 5]) {
                continue;
            }
            int held = heldTri[i];
            boolean isHeld = held >= store.surfaceStart[b] && held < store.surfaceStart[b] + store.surfaceCount[b];
            if (!isHeld && (px < tight[o6] - thick || py < tight[o6 + 1] - thick || pz < tight[o6 + 2] - thick
                    || px > tight[o6 + 3] + thick || py > tight[o6 + 4] + thick || pz > tight[o6 + 5] + thick)) {
                // farther than the thickness from every point of the other body: not touching it (the nearest
                // triangle's plane alone took a point level with the other body's bottom face, 0.4 m to its side, for
                // touching that face once the bounds grown by the bodies' speed overlapped, and pushed it up)
                continue;
            }
            // it came in through triangle `held` (continuous collision): out through it again; else the nearest
            int from = isHeld ? held : store.surfaceStart[b];
            int best = CouplingShapes.nearestTriangle(x, tri, from, isHeld ? held + 1 : from + store.surfaceCount[b],
                    px, py, pz, bary, nearest);
            double b0 = nearest[0], b1 = nearest[1], b2 = nearest[2];
            if (best < 0) {
                continue;
            }
            int pa = 3 * tri[3 * best], pb = 3 * tri[3 * best + 1], pc = 3 * tri[3 * best + 2];
            double nl = CouplingShapes.unitNormal(x, pa, pb, pc, normal);
            if (nl < 1e-300) {
                continue;
            }
            double nx = normal[0], ny = normal[1], nz = normal[2];
            double cx = b0 * x[pa] + b1 * x[pb] + b2 * x[pc];
            double cy = b0 * x[pa + 1] + b1 * x[pb + 1] + b2 * x[pc + 1];
            double cz = b0 * x[pa + 2] + b1 * x[pb + 2] + b2 * x[pc + 2];
            double side = nx * (px - cx) + ny * (py - cy) + nz * (pz - cz);
            double c = side - thick;
            if (!(c < 0) || !isHeld && -side > 0.25 * Math.sqrt(0.5 * nl) + thick) {
                continue; // apart, or too deep to tell which face it came through (unless the sweep saw it cross)
            }
            double wa = w[pa / 3], wb = w[pb / 3], wc = w[pc / 3], wp = w[i];
            double wsum = wp + b0 * b0 * wa + b1 * b1 * wb + b2 * b2 * wc;
            if (wsum == 0) {
                continue;
            }
            double dl = -c / wsum;
            x[o] += wp * dl * nx;
            x[o + 1] += wp * dl * ny;
            x[o + 2] += wp * dl * nz;
            double fa = b0 * wa * dl, fb = b1 * wb * dl, fc = b2 * wc * dl;
            CouplingShapes.pushTriangle(x, pa, pb, pc, fa, fb, fc, nx, ny, nz);
            contacts++;
            record(i, pa / 3, pb / 3, pc / 3, b0, b1, b2, nx, ny, nz, dl,
                    ContactSolver.combineFriction(store.friction[a], store.friction[b]));
        }
    }

    /** Adds multiplier {@code dl} to point {@code i}'s contact of this sub-step, now against triangle (ia, ib, ic). */
    private void record(int i, int ia, int ib, int ic, double b0, double b1, double b2, double nx, double ny, double nz,
                        double dl, double mu) {
        int k = touch[i];
        if (k < 0) {
            if (touched == touchPoint.length) {
                int cap = Math.max(16, 2 * touched);
                touchPoint = Arrays.copyOf(touchPoint, cap);
                touchTri = Arrays.copyOf(touchTri, 3 * cap);
                touchW = Arrays.copyOf(touchW, 3 * cap);
                touchN = Arrays.copyOf(touchN, 3 * cap);
                touchLambda = Arrays.copyOf(touchLambda, cap);
                touchMu = Arrays.copyOf(touchMu, cap);
            }
            k = touched++;
            touch[i] = k;
            touchPoint[k] = i;
            touchLambda[k] = 0;
        }
        touchTri[3 * k] = ia;
        touchTri[3 * k + 1] = ib;
        touchTri[3 * k + 2] = ic;
        touchW[3 * k] = b0;
        touchW[3 * k + 1] = b1;
        touchW[3 * k + 2] = b2;
        touchN[3 * k] = nx;
        touchN[3 * k + 1] = ny;
        touchN[3 * k + 2] = nz;
        touchLambda[k] += dl;
        touchMu[k] = mu;
    }

    /**
     * Coulomb friction of this sub-step's contacts (its end, after the velocities were taken from the positions), in
     * point order of first touch: the relative velocity along the surface is taken away up to μ times the normal
     * impulse {@code λ / h}, the point and the triangle's points sharing it by their (barycentric) inverse masses.
     */
    void friction(SoftBodyState s, double h) {
        final double[] v = s.v, w = s.invMass;
        for (int k = 0; k < touched; k++) {
            double mu = touchMu[k];
            if (!(mu > 0) || !(touchLambda[k] > 0)) {
                continue;
            }
            int o = 3 * touchPoint[k];
            int pa = 3 * touchTri[3 * k], pb = 3 * touchTri[3 * k + 1], pc = 3 * touchTri[3 * k + 2];
            double b0 = touchW[3 * k], b1 = touchW[3 * k + 1], b2 = touchW[3 * k + 2];
            double nx = touchN[3 * k], ny = touchN[3 * k + 1], nz = touchN[3 * k + 2];
            double rx = v[o] - (b0 * v[pa] + b1 * v[pb] + b2 * v[pc]);
            double ry = v[o + 1] - (b0 * v[pa + 1] + b1 * v[pb + 1] + b2 * v[pc + 1]);
            double rz = v[o + 2] - (b0 * v[pa + 2] + b1 * v[pb + 2] + b2 * v[pc + 2]);
            double rn = rx * nx + ry * ny + rz * nz;
            double tx = rx - rn * nx, ty = ry - rn * ny, tz = rz - rn * nz;
            double vt = Math.sqrt(tx * tx + ty * ty + tz * tz);
            if (vt < 1e-12) {
                continue;
            }
            double wp = w[o / 3], wa = w[pa / 3], wb = w[pb / 3], wc = w[pc / 3];
            double wsum = wp + b0 * b0 * wa + b1 * b1 * wb + b2 * b2 * wc;
            if (wsum == 0) {
                continue;
            }
            // the impulse that stops the sliding, at most μ times the normal impulse
            double j = Math.min(vt / wsum, mu * touchLambda[k] / h) / vt;
            v[o] -= wp * j * tx;
            v[o + 1] -= wp * j * ty;
            v[o + 2] -= wp * j * tz;
            // the triangle's points take the opposite share (v_k += b_k w_k j t)
            CouplingShapes.pushTriangle(v, pa, pb, pc, -b0 * wa * j, -b1 * wb * j, -b2 * wc * j, tx, ty, tz);
        }
    }
}
