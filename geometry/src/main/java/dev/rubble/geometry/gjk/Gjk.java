package dev.rubble.geometry.gjk;

/**
 * GJK distance between the cores of two convex sets (Gilbert, Johnson and Keerthi 1988, with the
 * closest-point-on-simplex routines of Ericson, Real-Time Collision Detection §5.1) and EPA
 * penetration (van den Bergen 2001) for when the cores overlap. Work happens on the Minkowski
 * difference {@code A - B}; each simplex/polytope vertex keeps its A and B support points so the
 * witness points come out as barycentric combinations.
 *
 * <p>Accuracy: GJK distances are exact to rounding (1e-9 m in the tests) for any core pair. EPA is
 * exact for polytopes (boxes, hulls, triangles); for rounded shapes whose cores overlap (a sphere
 * centre inside a box, say) it expands a polytope inscribed in the curved surface and stops at
 * {@value #MAX_VERTS} vertices or 64 iterations, so depths there are good to about a millimetre.
 *
 * <p>One instance holds all scratch (no allocation per query); not thread-safe. Results are in the
 * public fields after each call.
 */
public final class Gjk {
    private static final int MAX_ITERATIONS = 64;
    /** GJK stops when the distance is known to this fraction of itself ({@code |v|^2 - v.w <= CONVERGED |v|^2}). */
    static final double CONVERGED = 1e-10;
    private static final int MAX_VERTS = 96;
    private static final int MAX_FACES = 2 * MAX_VERTS;

    /** Distance between the cores (after {@link #distance}), metres, or penetration depth of the full shapes (after {@link #penetration}). */
    public double distance;
    /** Unit normal from A to B (valid when distance &gt; 0 or after {@link #penetration}). */
    public final double[] normal = new double[3];
    /** Witness points on A and B (cores after {@link #distance}, surfaces after {@link #penetration}). */
    public final double[] pa = new double[3], pb = new double[3];
    /** GJK iterations of the last distance call. */
    public int iterations;
    /** EPA iterations of the last penetration call. */
    public int epaIterations;

    // simplex: up to 4 vertices (w = a - b)
    private final double[] sw = new double[12], sa = new double[12], sb = new double[12];
    private final double[] lambda = new double[4];
    private int count;
    private final double[] tmp = new double[6];
    private final double[] v = new double[3];

    // EPA polytope
    private final double[] ew = new double[3 * MAX_VERTS], ea = new double[3 * MAX_VERTS], eb = new double[3 * MAX_VERTS];
    private final int[] face = new int[3 * MAX_FACES];
    private final double[] fnrm = new double[4 * MAX_FACES];
    private final boolean[] alive = new boolean[MAX_FACES];
    private final int[] edges = new int[2 * 3 * MAX_FACES];
    private int nv, nf;

    /**
     * Distance between the cores of A and B. Returns true when they are apart (distance &gt; 0,
     * normal and core witness points set), false when they overlap or touch within rounding (then
     * call {@link #penetration}).
     */
    public boolean distance(SupportShape a, SupportShape b) {
        return distance(a, b, 1, 0, 0);
    }

    /**
     * {@link #distance(SupportShape, SupportShape)} warm-started: the first simplex vertex is the
     * support point of {@code A - B} along {@code (startX, startY, startZ)} instead of along +x. With the
     * normal (A to B) of the pair's last contact, that vertex lies on the feature of the
     * difference nearest the origin when the pair has barely moved, and GJK converges in fewer
     * iterations to the same distance and normal (to rounding: the closest point of a convex set
     * to the origin is unique, only the path to it changes). A zero or non-finite direction falls
     * back to +x.
     */
    public boolean distance(SupportShape a, SupportShape b, double startX, double startY, double startZ) {
        return distance(a, b, startX, startY, startZ, Double.POSITIVE_INFINITY);
    }

    /**
     * Set by {@link #distance(SupportShape, SupportShape, double, double, double, double)} when it
     * stopped early: the cores are more than its {@code beyond} apart, {@link #normal} is a unit axis
     * (A to B) along which they are, and {@link #distance} is that gap along it (a lower bound of the
     * distance); the witness points are not set.
     */
    public boolean fartherThan;

    /**
     * {@link #distance(SupportShape, SupportShape, double, double, double)}, stopping as soon as an
     * iteration proves the cores more than {@code beyond} apart (then it returns true with
     * {@link #fartherThan} set): each support point {@code w} of {@code A - B} along {@code -v}
     * bounds the distance from below by {@code v.w / |v|}, as every point of the difference lies
     * on the far side of the plane through {@code w} normal to {@code v} (van den Bergen's
     * separating-axis early exit; Jolt's closest-points query takes the same bound). A caller that
     * only needs to know whether the cores are within {@code beyond} (a contact margin) skips the
     * iterations that would only refine a distance it discards. Otherwise it runs exactly as the
     * call without the bound: the same iterations, the same bits.
     */
    public boolean distance(SupportShape a, SupportShape b, double startX, double startY, double startZ,
                            double beyond) {
        fartherThan = false;
        count = 0;
        if (!(startX * startX + startY * startY + startZ * startZ > 0) || !Double.isFinite(startX + startY + startZ)) {
            supportPoint(a, b, 1, 0, 0, 0, false);
        } else {
            supportPoint(a, b, startX, startY, startZ, 0, false);
        }
        count = 1;
        lambda[0] = 1;
        double scale = Math.abs(sw[0]) + Math.abs(sw[1]) + Math.abs(sw[2]) + 1e-9;
        for (iterations = 0; iterations < MAX_ITERATIONS; iterations++) {
            if (!closest()) {
                return false; // origin inside the tetrahedron
            }
            double vv = v[0] * v[0] + v[1] * v[1] + v[2] * v[2];
            if (vv <= 1e-26 * scale * scale) {
                return false;
            }
            int k = count;
            supportPoint(a, b, -v[0], -v[1], -v[2], k, false);
            double vw = v[0] * sw[3 * k] + v[1] * sw[3 * k + 1] + v[2] * sw[3 * k + 2];
            if (vw > 0 && vw * vw > beyond * beyond * vv) {
                double len = Math.sqrt(vv);
                distance = vw / len;
                normal[0] = -v[0] / len;
                normal[1] = -v[1] / len;
                normal[2] = -v[2] / len;
                fartherThan = true;
                return true;
            }
            // |v| - v.w/|v| bounds the error of the distance: stop at 1e-10 of it (0.1 nm at a metre;
            // was 1e-13, which on coplanar hull faces cost 1.5 more iterations a call for nothing)
            if (vv - vw <= CONVERGED * vv) {
                break;
            }
            boolean dup = false;
            for (int i = 0; i < count; i++) {
                if (sw[3 * i] == sw[3 * k] && sw[3 * i + 1] == sw[3 * k + 1] && sw[3 * i + 2] == sw[3 * k + 2]) {
                    dup = true;
                }
            }
            if (dup) {
                break;
            }
            count++;
        }
        double ax = 0, ay = 0, az = 0, bx = 0, by = 0, bz = 0;
        for (int i = 0; i < count; i++) {
            ax += lambda[i] * sa[3 * i];
            ay += lambda[i] * sa[3 * i + 1];
            az += lambda[i] * sa[3 * i + 2];
            bx += lambda[i] * sb[3 * i];
            by += lambda[i] * sb[3 * i + 1];
            bz += lambda[i] * sb[3 * i + 2];
        }
        pa[0] = ax; pa[1] = ay; pa[2] = az;
        pb[0] = bx; pb[1] = by; pb[2] = bz;
        double dx = bx - ax, dy = by - ay, dz = bz - az;
        distance = Math.sqrt(dx * dx + dy * dy + dz * dz);
        if (distance <= 1e-13 * scale) {
            return false;
        }
        normal[0] = dx / distance;
        normal[1] = dy / distance;
        normal[2] = dz / distance;
        return true;
    }

    /** Support of A - B along d into simplex slot k (full shapes when {@code full}: core + radius). */
    private void supportPoint(SupportShape a, SupportShape b, double dx, double dy, double dz, int k, boolean full) {
        a.support(dx, dy, dz, tmp, 0);
        b.support(-dx, -dy, -dz, tmp, 3);
        if (full) {
            double l = Math.sqrt(dx * dx + dy * dy + dz * dz);
            double ra = a.radius() / l, rb = b.radius() / l;
            tmp[0] += ra * dx;
            tmp[1] += ra * dy;
            tmp[2] += ra * dz;
            tmp[3] -= rb * dx;
            tmp[4] -= rb * dy;
            tmp[5] -= rb * dz;
        }
        sa[3 * k] = tmp[0]; sa[3 * k + 1] = tmp[1]; sa[3 * k + 2] = tmp[2];
        sb[3 * k] = tmp[3]; sb[3 * k + 1] = tmp[4]; sb[3 * k + 2] = tmp[5];
        sw[3 * k] = tmp[0] - tmp[3]; sw[3 * k + 1] = tmp[1] - tmp[4]; sw[3 * k + 2] = tmp[2] - tmp[5];
    }

    /** Reduces the simplex to the smallest sub-simplex containing its closest point v to the origin; false if the origin is inside a tetrahedron. */
    private boolean closest() {
        switch (count) {
            case 1 -> {
                lambda[0] = 1;
                v[0] = sw[0];
                v[1] = sw[1];
                v[2] = sw[2];
                return true;
            }
            case 2 -> {
                segment(0, 1);
                return true;
            }
            case 3 -> {
                triangle(0, 1, 2);
                return true;
            }
            default -> {
                return tetrahedron();
            }
        }
    }

    private void keep(int[] idx, double[] lam, int n) {
        // compact the simplex to the given vertices (indices ascending, so in-place copy is safe)
        for (int i = 0; i < n; i++) {
            int s = idx[i];
            if (s != i) {
                // three doubles each: element copies, not three calls of the array-copy stub
                int from = 3 * s, to = 3 * i;
                sw[to] = sw[from]; sw[to + 1] = sw[from + 1]; sw[to + 2] = sw[from + 2];
                sa[to] = sa[from]; sa[to + 1] = sa[from + 1]; sa[to + 2] = sa[from + 2];
                sb[to] = sb[from]; sb[to + 1] = sb[from + 1]; sb[to + 2] = sb[from + 2];
            }
            lambda[i] = lam[i];
        }
        count = n;
        v[0] = v[1] = v[2] = 0;
        for (int i = 0; i < n; i++) {
            v[0] += lambda[i] * sw[3 * i];
            v[1] += lambda[i] * sw[3 * i + 1];
            v[2] += lambda[i] * sw[3 * i + 2];
        }
    }

    private final int[] kIdx = new int[4];
    private final double[] kLam = new double[4];

    private void one(int i) {
        kIdx[0] = i;
        kLam[0] = 1;
        keep(kIdx, kLam, 1);
    }

    private void two(int i, int j, double t) {
        kIdx[0] = Math.min(i, j);
        kIdx[1] = Math.max(i, j);
        kLam[0] = i < j ? 1 - t : t;
        kLam[1] = i < j ? t : 1 - t;
        keep(kIdx, kLam, 2);
    }

    private void segment(int i, int j) {
        double ax = sw[3 * i], ay = sw[3 * i + 1], az = sw[3 * i + 2];
        double abx = sw[3 * j] - ax, aby = sw[3 * j + 1] - ay, abz = sw[3 * j + 2] - az;
        double t = -(ax * abx + ay * aby + az * abz);
        double den = abx * abx + aby * aby + abz * abz;
        if (t <= 0 || den <= 0) {
            one(i);
        } else if (t >= den) {
            one(j);
        } else {
            two(i, j, t / den);
        }
    }

    /** Closest point on triangle (i, j, k) to the origin; reduces to that feature (Ericson §5.1.5). */
    private void triangle(int i, int j, int k) {
        double ax = sw[3 * i], ay = sw[3 * i + 1], az = sw[3 * i + 2];
        double bx = sw[3 * j], by = sw[3 * j + 1], bz = sw[3 * j + 2];
        double cx = sw[3 * k], cy = sw[3 * k + 1], cz = sw[3 * k + 2];
        double abx = bx - ax, aby = by - ay, abz = bz - az;
        double acx = cx - ax, acy = cy - ay, acz = cz - az;
        double d1 = -(abx * ax + aby * ay + abz * az), d2 = -(acx * ax + acy * ay + acz * az);
        if (d1 <= 0 && d2 <= 0) {
            one(i);
            return;
        }
        double d3 = -(abx * bx + aby * by + abz * bz), d4 = -(acx * bx + acy * by + acz * bz);
        if (d3 >= 0 && d4 <= d3) {
            one(j);
            return;
        }
        double vc = d1 * d4 - d3 * d2;
        if (vc <= 0 && d1 >= 0 && d3 <= 0) {
            two(i, j, d1 / (d1 - d3));
            return;
        }
        double d5 = -(abx * cx + aby * cy + abz * cz), d6 = -(acx * cx + acy * cy + acz * cz);
        if (d6 >= 0 && d5 <= d6) {
            one(k);
            return;
        }
        double vb = d5 * d2 - d1 * d6;
        if (vb <= 0 && d2 >= 0 && d6 <= 0) {
            two(i, k, d2 / (d2 - d6));
            return;
        }
        double va = d3 * d6 - d5 * d4;
        if (va <= 0 && (d4 - d3) >= 0 && (d5 - d6) >= 0) {
            two(j, k, (d4 - d3) / ((d4 - d3) + (d5 - d6)));
            return;
        }
        double den = 1 / (va + vb + vc);
        double lv = vb * den, lw = vc * den;
        // i < j < k always holds for the calls made here
        kIdx[0] = i;
        kIdx[1] = j;
        kIdx[2] = k;
        kLam[0] = 1 - lv - lw;
        kLam[1] = lv;
        kLam[2] = lw;
        keep(kIdx, kLam, 3);
    }

    private final double[] saveW = new double[12], saveA = new double[12], saveB = new double[12];

    private boolean tetrahedron() {
        // faces (opposite vertex): (0,1,2|3) (0,1,3|2) (0,2,3|1) (1,2,3|0)
        int[][] faces = FACES;
        System.arraycopy(sw, 0, saveW, 0, 12);
        System.arraycopy(sa, 0, saveA, 0, 12);
        System.arraycopy(sb, 0, saveB, 0, 12);
        double best = Double.POSITIVE_INFINITY;
        int bestFace = -1;
        double[] bestLam = kLamBest;
        int[] bestIdx = kIdxBest;
        int bestCount = 0;
        for (int f = 0; f < 4; f++) {
            int i = faces[f][0], j = faces[f][1], k = faces[f][2], o = faces[f][3];
            if (!originOutside(i, j, k, o)) {
                continue;
            }
            // triangleOf takes the face's vertices from the saved simplex and the triangle routine
            // reads slots 0..2 only, so the simplex needs no restoring first
            triangleOf(i, j, k);
            double d = v[0] * v[0] + v[1] * v[1] + v[2] * v[2];
            if (d < best) {
                best = d;
                bestFace = f;
                bestCount = count;
                for (int q = 0; q < count; q++) {
                    bestLam[q] = lambda[q];
                    bestIdx[q] = q;
                }
                System.arraycopy(sw, 0, bw, 0, 3 * count);
                System.arraycopy(sa, 0, ba, 0, 3 * count);
                System.arraycopy(sb, 0, bb, 0, 3 * count);
            }
        }
        if (bestFace < 0) {
            System.arraycopy(saveW, 0, sw, 0, 12);
            System.arraycopy(saveA, 0, sa, 0, 12);
            System.arraycopy(saveB, 0, sb, 0, 12);
            count = 4;
            return false;
        }
        System.arraycopy(bw, 0, sw, 0, 3 * bestCount);
        System.arraycopy(ba, 0, sa, 0, 3 * bestCount);
        System.arraycopy(bb, 0, sb, 0, 3 * bestCount);
        keep(bestIdx, bestLam, bestCount);
        return true;
    }

    private static final int[][] FACES = {{0, 1, 2, 3}, {0, 1, 3, 2}, {0, 2, 3, 1}, {1, 2, 3, 0}};
    private final double[] kLamBest = new double[4];
    private final int[] kIdxBest = {0, 1, 2, 3};
    private final double[] bw = new double[12], ba = new double[12], bb = new double[12];

    /** Moves vertices i, j, k (ascending) to slots 0..2 and runs the triangle routine. */
    private void triangleOf(int i, int j, int k) {
        for (int q = 0; q < 3; q++) {
            int from = 3 * (q == 0 ? i : (q == 1 ? j : k)), to = 3 * q;
            sw[to] = saveW[from]; sw[to + 1] = saveW[from + 1]; sw[to + 2] = saveW[from + 2];
            sa[to] = saveA[from]; sa[to + 1] = saveA[from + 1]; sa[to + 2] = saveA[from + 2];
            sb[to] = saveB[from]; sb[to + 1] = saveB[from + 1]; sb[to + 2] = saveB[from + 2];
        }
        count = 3;
        triangle(0, 1, 2);
    }

    private boolean originOutside(int i, int j, int k, int o) {
        double ax = saveW[3 * i], ay = saveW[3 * i + 1], az = saveW[3 * i + 2];
        double abx = saveW[3 * j] - ax, aby = saveW[3 * j + 1] - ay, abz = saveW[3 * j + 2] - az;
        double acx = saveW[3 * k] - ax, acy = saveW[3 * k + 1] - ay, acz = saveW[3 * k + 2] - az;
        double nx = aby * acz - abz * acy, ny = abz * acx - abx * acz, nz = abx * acy - aby * acx;
        double sOrigin = -(nx * ax + ny * ay + nz * az);
        double ox = saveW[3 * o] - ax, oy = saveW[3 * o + 1] - ay, oz = saveW[3 * o + 2] - az;
        double sOther = nx * ox + ny * oy + nz * oz;
        double n2 = nx * nx + ny * ny + nz * nz, o2 = ox * ox + oy * oy + oz * oz;
        if (sOther * sOther <= 1e-20 * n2 * o2) {
            return true; // flat tetrahedron (e.g. four points on one face of the difference): test every face
        }
        return sOrigin * sOther < 0;
    }

    // ---- EPA ------------------------------------------------------------------------------------

    /**
     * Penetration of the full shapes (cores grown by their radii) after {@link #distance} returned
     * false: sets {@link #distance} to the depth (&ge; 0), {@link #normal} (A to B) and surface
     * witness points {@link #pa}, {@link #pb} (pb = pa - depth * normal).
     */
    public void penetration(SupportShape a, SupportShape b) {
        epa(a, b);
        // the cores overlap (distance returned false), so the full shapes, the cores grown by
        // ra + rb, are at least ra + rb deep: their Minkowski difference is the cores' difference
        // grown by a ball of that radius. EPA on the curved surface expands an inscribed polytope
        // and comes out short (4-5.5 % for spheres with coincident centres, issue 28).
        double r = a.radius() + b.radius();
        if (distance < r) {
            distance = r;
            pb[0] = pa[0] - r * normal[0];
            pb[1] = pa[1] - r * normal[1];
            pb[2] = pa[2] - r * normal[2];
        }
    }

    private void epa(SupportShape a, SupportShape b) {
        nv = 0;
        for (int i = 0; i < count; i++) {
            addVertex(sw, sa, sb, i);
        }
        blowUp(a, b);
        if (nv < 4 || !initialTetrahedron()) {
            degenerate(a, b);
            return;
        }
        double scale = 0;
        for (int i = 0; i < 3 * nv; i++) {
            scale = Math.max(scale, Math.abs(ew[i]));
        }
        double tol = 1e-10 * (scale + 1e-9);
        int best = -1;
        epaIterations = 0;
        for (int iter = 0; iter < MAX_ITERATIONS; iter++) {
            epaIterations++;
            best = -1;
            double bd = Double.POSITIVE_INFINITY;
            for (int f = 0; f < nf; f++) {
                if (alive[f] && fnrm[4 * f + 3] < bd) {
                    bd = fnrm[4 * f + 3];
                    best = f;
                }
            }
            if (best < 0 || nv == MAX_VERTS) {
                break;
            }
            double nx = fnrm[4 * best], ny = fnrm[4 * best + 1], nz = fnrm[4 * best + 2];
            supportPoint(a, b, nx, ny, nz, 0, true);
            double d = nx * sw[0] + ny * sw[1] + nz * sw[2];
            if (d - bd <= tol) {
                break;
            }
            int w = nv;
            addVertex(sw, sa, sb, 0);
            if (!expand(w)) {
                break;
            }
        }
        if (best < 0) {
            degenerate(a, b);
            return;
        }
        finish(best);
    }

    private void finish(int f) {
        double nx = fnrm[4 * f], ny = fnrm[4 * f + 1], nz = fnrm[4 * f + 2], d = Math.max(0, fnrm[4 * f + 3]);
        int i = face[3 * f], j = face[3 * f + 1], k = face[3 * f + 2];
        // barycentric coordinates of the origin's projection n*d on the face
        double px = nx * d, py = ny * d, pz = nz * d;
        double ax = ew[3 * i], ay = ew[3 * i + 1], az = ew[3 * i + 2];
        double v0x = ew[3 * j] - ax, v0y = ew[3 * j + 1] - ay, v0z = ew[3 * j + 2] - az;
        double v1x = ew[3 * k] - ax, v1y = ew[3 * k + 1] - ay, v1z = ew[3 * k + 2] - az;
        double v2x = px - ax, v2y = py - ay, v2z = pz - az;
        double d00 = v0x * v0x + v0y * v0y + v0z * v0z, d01 = v0x * v1x + v0y * v1y + v0z * v1z;
        double d11 = v1x * v1x + v1y * v1y + v1z * v1z;
        double d20 = v2x * v0x + v2y * v0y + v2z * v0z, d21 = v2x * v1x + v2y * v1y + v2z * v1z;
        double den = d00 * d11 - d01 * d01;
        double lv = den != 0 ? (d11 * d20 - d01 * d21) / den : 0;
        double lw = den != 0 ? (d00 * d21 - d01 * d20) / den : 0;
        double lu = 1 - lv - lw;
        for (int c = 0; c < 3; c++) {
            pa[c] = lu * ea[3 * i + c] + lv * ea[3 * j + c] + lw * ea[3 * k + c];
        }
        distance = d;
        normal[0] = nx;
        normal[1] = ny;
        normal[2] = nz;
        pb[0] = pa[0] - d * nx;
        pb[1] = pa[1] - d * ny;
        pb[2] = pa[2] - d * nz;
    }

    /** Touching or numerically flat difference: zero depth along the direction between support centres. */
    private void degenerate(SupportShape a, SupportShape b) {
        supportPoint(a, b, 1, 0, 0, 0, true);
        double x1 = sw[0];
        supportPoint(a, b, -1, 0, 0, 0, true);
        double x0 = sw[0];
        supportPoint(a, b, 0, 1, 0, 0, true);
        double y1 = sw[1];
        supportPoint(a, b, 0, -1, 0, 0, true);
        double y0 = sw[1];
        supportPoint(a, b, 0, 0, 1, 0, true);
        double z1 = sw[2];
        supportPoint(a, b, 0, 0, -1, 0, true);
        double z0 = sw[2];
        // the axis along which the origin is closest to the boundary of the difference's box
        int g = 0;
        double gap = x1;
        double[] gaps = gapScratch;
        gaps[0] = x1; gaps[1] = -x0; gaps[2] = y1; gaps[3] = -y0; gaps[4] = z1; gaps[5] = -z0;
        for (int i = 1; i < 6; i++) {
            if (gaps[i] < gap) {
                gap = gaps[i];
                g = i;
            }
        }
        normal[0] = g == 0 ? 1 : (g == 1 ? -1 : 0);
        normal[1] = g == 2 ? 1 : (g == 3 ? -1 : 0);
        normal[2] = g == 4 ? 1 : (g == 5 ? -1 : 0);
        supportPoint(a, b, normal[0], normal[1], normal[2], 0, true);
        distance = Math.max(0, gaps[g]);
        pa[0] = sa[0];
        pa[1] = sa[1];
        pa[2] = sa[2];
        pb[0] = pa[0] - distance * normal[0];
        pb[1] = pa[1] - distance * normal[1];
        pb[2] = pa[2] - distance * normal[2];
    }

    private final double[] gapScratch = new double[6];

    private void addVertex(double[] w, double[] aa, double[] bb, int i) {
        System.arraycopy(w, 3 * i, ew, 3 * nv, 3);
        System.arraycopy(aa, 3 * i, ea, 3 * nv, 3);
        System.arraycopy(bb, 3 * i, eb, 3 * nv, 3);
        nv++;
    }

    private static final double[][] AXES = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};

    /** Grows the GJK simplex to a tetrahedron with full-shape support points. */
    private void blowUp(SupportShape a, SupportShape b) {
        if (nv == 0) {
            supportPoint(a, b, 1, 0, 0, 0, true);
            addVertex(sw, sa, sb, 0);
        }
        if (nv == 1) {
            for (double[] ax : AXES) {
                supportPoint(a, b, ax[0], ax[1], ax[2], 0, true);
                if (dist2(0) > 1e-20) {
                    addVertex(sw, sa, sb, 0);
                    break;
                }
            }
        }
        if (nv == 2) {
            double dx = ew[3] - ew[0], dy = ew[4] - ew[1], dz = ew[5] - ew[2];
            // two directions perpendicular to the segment
            double ex, ey, ez;
            if (Math.abs(dx) <= Math.abs(dy) && Math.abs(dx) <= Math.abs(dz)) {
                ex = 0; ey = dz; ez = -dy;
            } else if (Math.abs(dy) <= Math.abs(dz)) {
                ex = -dz; ey = 0; ez = dx;
            } else {
                ex = dy; ey = -dx; ez = 0;
            }
            double fx = dy * ez - dz * ey, fy = dz * ex - dx * ez, fz = dx * ey - dy * ex;
            double dd = dx * dx + dy * dy + dz * dz;
            for (int q = 0; q < 4; q++) {
                double sg = (q & 1) == 0 ? 1 : -1;
                if (q < 2) {
                    supportPoint(a, b, sg * ex, sg * ey, sg * ez, 0, true);
                } else {
                    supportPoint(a, b, sg * fx, sg * fy, sg * fz, 0, true);
                }
                double wx = sw[0] - ew[0], wy = sw[1] - ew[1], wz = sw[2] - ew[2];
                double cx = wy * dz - wz * dy, cy = wz * dx - wx * dz, cz = wx * dy - wy * dx;
                if (cx * cx + cy * cy + cz * cz > 1e-20 * dd) {
                    addVertex(sw, sa, sb, 0);
                    break;
                }
            }
        }
        if (nv == 3) {
            double abx = ew[3] - ew[0], aby = ew[4] - ew[1], abz = ew[5] - ew[2];
            double acx = ew[6] - ew[0], acy = ew[7] - ew[1], acz = ew[8] - ew[2];
            double nx = aby * acz - abz * acy, ny = abz * acx - abx * acz, nz = abx * acy - aby * acx;
            supportPoint(a, b, nx, ny, nz, 0, true);
            double h1 = nx * (sw[0] - ew[0]) + ny * (sw[1] - ew[1]) + nz * (sw[2] - ew[2]);
            System.arraycopy(sw, 0, tmpW, 0, 3);
            System.arraycopy(sa, 0, tmpA, 0, 3);
            System.arraycopy(sb, 0, tmpB, 0, 3);
            supportPoint(a, b, -nx, -ny, -nz, 0, true);
            double h2 = -(nx * (sw[0] - ew[0]) + ny * (sw[1] - ew[1]) + nz * (sw[2] - ew[2]));
            if (h1 >= h2) {
                addVertex(tmpW, tmpA, tmpB, 0);
            } else {
                addVertex(sw, sa, sb, 0);
            }
        }
    }

    private final double[] tmpW = new double[3], tmpA = new double[3], tmpB = new double[3];

    private double dist2(int k) {
        double dx = sw[3 * k] - ew[0], dy = sw[3 * k + 1] - ew[1], dz = sw[3 * k + 2] - ew[2];
        return dx * dx + dy * dy + dz * dz;
    }

    private boolean initialTetrahedron() {
        nf = 0;
        double cx = 0, cy = 0, cz = 0;
        for (int i = 0; i < 4; i++) {
            cx += ew[3 * i] / 4;
            cy += ew[3 * i + 1] / 4;
            cz += ew[3 * i + 2] / 4;
        }
        icx = cx;
        icy = cy;
        icz = cz;
        return addFace(0, 1, 2) && addFace(0, 1, 3) && addFace(0, 2, 3) && addFace(1, 2, 3);
    }

    private double icx, icy, icz; // a point inside the polytope (centroid of the first tetrahedron)

    /** Adds face (i, j, k) oriented away from the interior point; false when degenerate. */
    private boolean addFace(int i, int j, int k) {
        if (nf == MAX_FACES) {
            return false;
        }
        double ax = ew[3 * i], ay = ew[3 * i + 1], az = ew[3 * i + 2];
        double abx = ew[3 * j] - ax, aby = ew[3 * j + 1] - ay, abz = ew[3 * j + 2] - az;
        double acx = ew[3 * k] - ax, acy = ew[3 * k + 1] - ay, acz = ew[3 * k + 2] - az;
        double nx = aby * acz - abz * acy, ny = abz * acx - abx * acz, nz = abx * acy - aby * acx;
        double l = Math.sqrt(nx * nx + ny * ny + nz * nz);
        if (!(l > 1e-300)) {
            return false;
        }
        nx /= l;
        ny /= l;
        nz /= l;
        if (nx * (icx - ax) + ny * (icy - ay) + nz * (icz - az) > 0) {
            nx = -nx;
            ny = -ny;
            nz = -nz;
            int t = j;
            j = k;
            k = t;
        }
        int f = nf++;
        face[3 * f] = i;
        face[3 * f + 1] = j;
        face[3 * f + 2] = k;
        fnrm[4 * f] = nx;
        fnrm[4 * f + 1] = ny;
        fnrm[4 * f + 2] = nz;
        fnrm[4 * f + 3] = nx * ax + ny * ay + nz * az;
        alive[f] = true;
        return true;
    }

    /** Removes the faces vertex w sees and fans the horizon to w; false when nothing could be done. */
    private boolean expand(int w) {
        double wx = ew[3 * w], wy = ew[3 * w + 1], wz = ew[3 * w + 2];
        int ne = 0;
        boolean removed = false;
        for (int f = 0; f < nf; f++) {
            if (!alive[f]) {
                continue;
            }
            int i = face[3 * f];
            double s = fnrm[4 * f] * (wx - ew[3 * i]) + fnrm[4 * f + 1] * (wy - ew[3 * i + 1]) + fnrm[4 * f + 2] * (wz - ew[3 * i + 2]);
            if (s > 1e-14) {
                alive[f] = false;
                removed = true;
                for (int e = 0; e < 3; e++) {
                    int u = face[3 * f + e], x = face[3 * f + (e + 1) % 3];
                    // an edge shared by two removed faces appears twice (opposite directions): cancel it
                    int found = -1;
                    for (int q = 0; q < ne; q++) {
                        if (edges[2 * q] == x && edges[2 * q + 1] == u) {
                            found = q;
                            break;
                        }
                    }
                    if (found >= 0) {
                        ne--;
                        edges[2 * found] = edges[2 * ne];
                        edges[2 * found + 1] = edges[2 * ne + 1];
                    } else {
                        edges[2 * ne] = u;
                        edges[2 * ne + 1] = x;
                        ne++;
                    }
                }
            }
        }
        if (!removed) {
            return false;
        }
        compactFaces();
        for (int q = 0; q < ne; q++) {
            if (!addFace(edges[2 * q], edges[2 * q + 1], w)) {
                return false;
            }
        }
        return true;
    }

    private void compactFaces() {
        int o = 0;
        for (int f = 0; f < nf; f++) {
            if (alive[f]) {
                if (o != f) {
                    System.arraycopy(face, 3 * f, face, 3 * o, 3);
                    System.arraycopy(fnrm, 4 * f, fnrm, 4 * o, 4);
                    alive[o] = true;
                }
                o++;
            }
        }
        for (int f = o; f < nf; f++) {
            alive[f] = false;
        }
        nf = o;
    }
}
