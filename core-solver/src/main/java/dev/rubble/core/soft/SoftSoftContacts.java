package dev.rubble.core.soft;

import dev.rubble.spi.soft.SoftBodyState;
import java.util.Arrays;

/**
 * Contact between soft bodies (docs/soft-bodies.md, "Soft–soft contact"): every surface point of one
 * body against the closest surface triangle of the other, both ways, as a zero-compliance position
 * constraint {@code C = n·(p - c) - (thickness_a + thickness_b) >= 0} with {@code c} the closest
 * point on the triangle and {@code n} its outward normal; the point moves by its inverse mass, the
 * triangle's three points by their barycentric weights (the same projection as a rigid feature
 * against a triangle in {@link SoftRigidCoupling}). A point deeper than a quarter of the triangle's
 * size behind it is left alone: the closest face of a crushed region may be its far side.
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

    /** One projection pass over every pair, both ways. */
    void project(SoftBodyState s, SoftBodyStore store, double[] bounds) {
        for (int k = 0; k < pairs; k++) {
            pointsAgainst(s, store, bounds, pairA[k], pairB[k]);
            pointsAgainst(s, store, bounds, pairB[k], pairA[k]);
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
            int best = CouplingShapes.nearestTriangle(x, tri, store.surfaceStart[b],
                    store.surfaceStart[b] + store.surfaceCount[b], px, py, pz, bary, nearest);
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
            if (!(c < 0) || -side > 0.25 * Math.sqrt(0.5 * nl) + thick) {
                continue; // apart, or too deep to tell which face it came through
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
        }
    }
}
