package dev.rubble.spi.soft;

import java.util.Arrays;

/**
 * Every soft-body point and constraint of a world in structure-of-arrays form: what a
 * {@link SoftSolver} works on. Several bodies share one state; a constraint only names points.
 *
 * <pre>
 *  points    x, prev, v: xyz per point (metres, m/s); invMass per point (1/kg, 0 = pinned)
 *  edges     edge[2e], edge[2e+1]: point indices; restLength (m); edgeCompliance (m/N, XPBD);
 *            edgeStiffness (0..1 per iteration, PBD)
 *  tets      tet[4t .. 4t+3]: point indices, positively oriented; restVolume (m³, > 0);
 *            tetCompliance (m⁵/N = rest volume / bulk modulus, XPBD); tetStiffness (PBD)
 *  pins      pinPoint[k]: a point of inverse mass 0; pinTarget[3k..]: where it must be at the end
 *            of the next step (a kinematic attachment moves its target every step)
 * </pre>
 *
 * The volume constraint is {@code C = V - V0} with {@code V = (x1-x0)·((x2-x0)×(x3-x0))/6}: it is
 * signed, so an inverted tetrahedron ({@code V < 0}) is pushed back to positive volume, which
 * distance constraints alone (sign-blind) cannot do.
 *
 * <p>Arrays are public for solvers' hot loops and may be replaced when capacity grows: do not
 * keep references across {@code add*} calls. {@code edgeLambda} and {@code tetLambda} are solver
 * scratch (XPBD Lagrange multipliers of the current sub-step; the built-in solvers keep theirs in
 * their own solve-order rows and leave these at 0). Not thread-safe.
 */
public final class SoftBodyState {
    /** How many points, edges, tetrahedra and pins are in use (the arrays may be longer). */
    public int points, edges, tets, pins;
    /** Per point, xyz: current position (m), position at the start of the sub-step (m), velocity (m/s). */
    public double[] x = new double[0], prev = new double[0], v = new double[0];
    /** Per point: inverse mass, 1/kg (0 = pinned). */
    public double[] invMass = new double[0];
    /** Edge corners: point indices {@code edge[2e]} and {@code edge[2e+1]} of edge e. */
    public int[] edge = new int[0];
    /**
     * Per edge: rest length (m), XPBD compliance (m/N) and PBD stiffness (fraction per iteration, [0, 1]).
     */
    public double[] restLength = new double[0], edgeCompliance = new double[0], edgeStiffness = new double[0];
    /** Per edge: the XPBD Lagrange multiplier of the current sub-step (solver scratch). */
    public double[] edgeLambda = new double[0];
    /** Tetrahedron corners: point indices {@code tet[4t .. 4t+3]}, positively oriented. */
    public int[] tet = new int[0];
    /** Per tetrahedron: rest volume (m³, &gt; 0), XPBD compliance (m⁵/N) and PBD stiffness ([0, 1]). */
    public double[] restVolume = new double[0], tetCompliance = new double[0], tetStiffness = new double[0];
    /** Length scale of each tetrahedron, {@code cbrt(6 V0)} metres (the edge of a corner cube of the same volume). */
    public double[] tetScale = new double[0];
    /** Per tetrahedron: the XPBD Lagrange multiplier of the current sub-step (solver scratch). */
    public double[] tetLambda = new double[0];
    /** Per pin: the pinned point's index. */
    public int[] pinPoint = new int[0];
    /** Per pin: the target position, xyz, metres. */
    public double[] pinTarget = new double[0];

    /**
     * Adds a point at rest; returns its index.
     * @param px the position's x, metres, world frame
     * @param py the position's y, metres
     * @param pz the position's z, metres
     * @param inverseMass 1/kg, ≥ 0 (0 = immovable)
     * @return the new point's index
     */
    public int addPoint(double px, double py, double pz, double inverseMass) {
        if (!Double.isFinite(px) || !Double.isFinite(py) || !Double.isFinite(pz)) {
            throw new IllegalArgumentException("soft point position = (" + px + ", " + py + ", " + pz
                    + "); allowed: finite");
        }
        if (!(inverseMass >= 0) || Double.isInfinite(inverseMass)) {
            throw new IllegalArgumentException("soft point inverse mass = " + inverseMass + "; allowed: finite, >= 0");
        }
        if (points == invMass.length) {
            int cap = Math.max(16, 2 * points);
            x = Arrays.copyOf(x, 3 * cap);
            prev = Arrays.copyOf(prev, 3 * cap);
            v = Arrays.copyOf(v, 3 * cap);
            invMass = Arrays.copyOf(invMass, cap);
        }
        int i = points++;
        x[3 * i] = prev[3 * i] = px;
        x[3 * i + 1] = prev[3 * i + 1] = py;
        x[3 * i + 2] = prev[3 * i + 2] = pz;
        v[3 * i] = v[3 * i + 1] = v[3 * i + 2] = 0;
        invMass[i] = inverseMass;
        return i;
    }

    /**
     * Adds a distance constraint at the points' current distance.
     *
     * @param compliance m/N, >= 0 (0 = rigid)
     * @param stiffness  fraction of the error removed per PBD iteration, [0, 1]
     * @param a one point's index
     * @param b the other point's index, ≠ a
     * @return the new edge's index
     */
    public int addEdge(int a, int b, double compliance, double stiffness) {
        checkPoint(a);
        checkPoint(b);
        if (a == b) {
            throw new IllegalArgumentException("soft edge joins point " + a + " to itself; allowed: two points");
        }
        checkMaterial("edge compliance", compliance, "stiffness", stiffness);
        double len = dist(a, b);
        if (!(len > 0)) {
            throw new IllegalArgumentException("soft edge " + a + "-" + b + " rest length = " + len + "; allowed: > 0");
        }
        if (edges == restLength.length) {
            int cap = Math.max(16, 2 * edges);
            edge = Arrays.copyOf(edge, 2 * cap);
            restLength = Arrays.copyOf(restLength, cap);
            edgeCompliance = Arrays.copyOf(edgeCompliance, cap);
            edgeStiffness = Arrays.copyOf(edgeStiffness, cap);
            edgeLambda = Arrays.copyOf(edgeLambda, cap);
        }
        int e = edges++;
        edge[2 * e] = a;
        edge[2 * e + 1] = b;
        restLength[e] = len;
        edgeCompliance[e] = compliance;
        edgeStiffness[e] = stiffness;
        return e;
    }

    /**
     * Adds a volume constraint at the tetrahedron's current volume, which must be positive
     * (order the corners so that {@code (b-a)·((c-a)×(d-a)) > 0}).
     *
     * @param compliance m⁵/N (rest volume / bulk modulus), >= 0 (0 = incompressible)
     * @param stiffness  fraction of the error removed per PBD iteration, [0, 1]
     * @param a the first corner's point index
     * @param b the second corner's point index
     * @param c the third corner's point index
     * @param d the fourth corner's point index
     * @return the new tetrahedron's index
     */
    public int addTet(int a, int b, int c, int d, double compliance, double stiffness) {
        checkPoint(a);
        checkPoint(b);
        checkPoint(c);
        checkPoint(d);
        checkMaterial("tet compliance", compliance, "stiffness", stiffness);
        double vol = volume(a, b, c, d);
        if (!(vol > 0)) {
            throw new IllegalArgumentException("soft tet " + a + "," + b + "," + c + "," + d + " rest volume = " + vol
                    + "; allowed: > 0 (positively oriented, not flat)");
        }
        if (tets == restVolume.length) {
            int cap = Math.max(16, 2 * tets);
            tet = Arrays.copyOf(tet, 4 * cap);
            restVolume = Arrays.copyOf(restVolume, cap);
            tetCompliance = Arrays.copyOf(tetCompliance, cap);
            tetStiffness = Arrays.copyOf(tetStiffness, cap);
            tetScale = Arrays.copyOf(tetScale, cap);
            tetLambda = Arrays.copyOf(tetLambda, cap);
        }
        int t = tets++;
        tet[4 * t] = a;
        tet[4 * t + 1] = b;
        tet[4 * t + 2] = c;
        tet[4 * t + 3] = d;
        restVolume[t] = vol;
        tetScale[t] = StrictMath.cbrt(6 * vol);
        tetCompliance[t] = compliance;
        tetStiffness[t] = stiffness;
        return t;
    }

    /**
     * Pins a point (its inverse mass becomes 0) with its current position as target; returns the pin index.
     * @param point the point's index
     * @return the new pin's index
     */
    public int addPin(int point) {
        checkPoint(point);
        if (pins == pinPoint.length) {
            int cap = Math.max(8, 2 * pins);
            pinPoint = Arrays.copyOf(pinPoint, cap);
            pinTarget = Arrays.copyOf(pinTarget, 3 * cap);
        }
        int k = pins++;
        pinPoint[k] = point;
        invMass[point] = 0;
        pinTarget[3 * k] = x[3 * point];
        pinTarget[3 * k + 1] = x[3 * point + 1];
        pinTarget[3 * k + 2] = x[3 * point + 2];
        return k;
    }

    /**
     * Signed volume of tetrahedron {@code t} now, m³.
     * @param t the tetrahedron's index, 0 ≤ t &lt; {@link #tets}
     * @return the signed volume (positive when correctly oriented)
     */
    public double tetVolume(int t) {
        return volume(tet[4 * t], tet[4 * t + 1], tet[4 * t + 2], tet[4 * t + 3]);
    }

    /**
     * Signed volume of the tetrahedron of points a, b, c, d now, m³.
     * @param a the first point's index
     * @param b the second point's index
     * @param c the third point's index
     * @param d the fourth point's index
     * @return {@code (b-a)·((c-a)×(d-a))/6}
     */
    public double volume(int a, int b, int c, int d) {
        double ax = x[3 * a], ay = x[3 * a + 1], az = x[3 * a + 2];
        double bx = x[3 * b] - ax, by = x[3 * b + 1] - ay, bz = x[3 * b + 2] - az;
        double cx = x[3 * c] - ax, cy = x[3 * c + 1] - ay, cz = x[3 * c + 2] - az;
        double dx = x[3 * d] - ax, dy = x[3 * d + 1] - ay, dz = x[3 * d + 2] - az;
        return (bx * (cy * dz - cz * dy) + by * (cz * dx - cx * dz) + bz * (cx * dy - cy * dx)) / 6;
    }

    /**
     * Distance between two points now, m.
     * @param a one point's index
     * @param b the other point's index
     * @return the distance, ≥ 0
     */
    public double dist(int a, int b) {
        double dx = x[3 * b] - x[3 * a], dy = x[3 * b + 1] - x[3 * a + 1], dz = x[3 * b + 2] - x[3 * a + 2];
        return Math.sqrt(dx * dx + dy * dy + dz * dz);
    }

    private void checkPoint(int i) {
        if (i < 0 || i >= points) {
            throw new IllegalArgumentException("soft point index " + i + "; allowed: [0, " + points + ")");
        }
    }

    private static void checkMaterial(String cName, double compliance, String sName, double stiffness) {
        if (!(compliance >= 0) || Double.isInfinite(compliance)) {
            throw new IllegalArgumentException(cName + " = " + compliance + "; allowed: finite, >= 0");
        }
        if (!(stiffness >= 0 && stiffness <= 1)) {
            throw new IllegalArgumentException(sName + " = " + stiffness + "; allowed: [0, 1]");
        }
    }
}
