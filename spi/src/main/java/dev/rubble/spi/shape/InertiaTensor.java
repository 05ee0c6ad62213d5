package dev.rubble.spi.shape;

/**
 * Builds {@link MassProperties} from a full inertia tensor: diagonalises the symmetric 3x3 tensor
 * with cyclic Jacobi rotations (deterministic, converges quadratically; at most 50 sweeps) and
 * returns the principal moments with the rotation from the principal frame to the shape frame.
 */
public final class InertiaTensor {
    private InertiaTensor() {
    }

    /**
     * @param mass kg, &gt; 0
     * @param cx   centre of mass, shape frame, m
     * @param i    row-major symmetric inertia tensor about the centre of mass, kg·m² (not modified)
     * @param cy centre of mass y, shape frame, m
     * @param cz centre of mass z, shape frame, m
     * @return the mass properties with the principal moments and the rotation to the principal axes
     */
    public static MassProperties principal(double mass, double cx, double cy, double cz, double[] i) {
        double[] a = i.clone();
        double[] v = {1, 0, 0, 0, 1, 0, 0, 0, 1};
        for (int sweep = 0; sweep < 50; sweep++) {
            double off = a[1] * a[1] + a[2] * a[2] + a[5] * a[5];
            double diag = a[0] * a[0] + a[4] * a[4] + a[8] * a[8];
            if (off <= 1e-32 * diag) {
                break;
            }
            rotate(a, v, 0, 1);
            rotate(a, v, 0, 2);
            rotate(a, v, 1, 2);
        }
        // columns of v are the principal axes in the shape frame; make it a proper rotation
        double det = v[0] * (v[4] * v[8] - v[5] * v[7]) - v[1] * (v[3] * v[8] - v[5] * v[6])
                + v[2] * (v[3] * v[7] - v[4] * v[6]);
        if (det < 0) {
            v[2] = -v[2];
            v[5] = -v[5];
            v[8] = -v[8];
        }
        double[] q = new double[4];
        ShapeMath.matrixToQuat(v, q);
        return new MassProperties(mass, cx, cy, cz, a[0], a[4], a[8], q[0], q[1], q[2], q[3]);
    }

    /** One Jacobi rotation zeroing a[p][q]; accumulates v = v * J. */
    private static void rotate(double[] a, double[] v, int p, int q) {
        double apq = a[p * 3 + q];
        if (apq == 0) {
            return;
        }
        double app = a[p * 3 + p], aqq = a[q * 3 + q];
        double theta = (aqq - app) / (2 * apq);
        double t = Math.signum(theta) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        if (theta == 0) {
            t = 1;
        }
        double c = 1 / Math.sqrt(t * t + 1), s = t * c;
        for (int k = 0; k < 3; k++) { // A = J^T A J: columns then rows
            double akp = a[k * 3 + p], akq = a[k * 3 + q];
            a[k * 3 + p] = c * akp - s * akq;
            a[k * 3 + q] = s * akp + c * akq;
        }
        for (int k = 0; k < 3; k++) {
            double apk = a[p * 3 + k], aqk = a[q * 3 + k];
            a[p * 3 + k] = c * apk - s * aqk;
            a[q * 3 + k] = s * apk + c * aqk;
        }
        for (int k = 0; k < 3; k++) {
            double vkp = v[k * 3 + p], vkq = v[k * 3 + q];
            v[k * 3 + p] = c * vkp - s * vkq;
            v[k * 3 + q] = s * vkp + c * vkq;
        }
    }

    /**
     * The tensor of {@code mp} expressed in the shape frame about the shape origin (parallel-axis
     * theorem: {@code I_o = R D R^T + m (|c|^2 E - c c^T)}), added into {@code out}.
     * @param mp the mass properties to add (mass, centre of mass and principal inertia with its rotation)
     * @param out the accumulated inertia tensor about the shape origin, row-major 3 × 3, kg·m², added to
     */
    public static void addAboutOrigin(MassProperties mp, double[] out) {
        double[] r = new double[9];
        ShapeMath.quatToMatrix(mp.qx(), mp.qy(), mp.qz(), mp.qw(), r);
        double[] d = {mp.ixx(), mp.iyy(), mp.izz()};
        for (int row = 0; row < 3; row++) {
            for (int col = 0; col < 3; col++) {
                double s = 0;
                for (int k = 0; k < 3; k++) {
                    s += r[row * 3 + k] * d[k] * r[col * 3 + k];
                }
                out[row * 3 + col] += s;
            }
        }
        addPointMass(mp.mass(), mp.comX(), mp.comY(), mp.comZ(), out);
    }

    /**
     * Adds {@code m (|c|^2 E - c c^T)} (a point mass at c about the origin) into {@code out}.
     * @param m the point's mass, kg
     * @param cx the point's x, metres
     * @param cy the point's y, metres
     * @param cz the point's z, metres
     * @param out the accumulated inertia tensor about the origin, row-major 3 × 3, kg·m², added to
     */
    public static void addPointMass(double m, double cx, double cy, double cz, double[] out) {
        double c2 = cx * cx + cy * cy + cz * cz;
        out[0] += m * (c2 - cx * cx);
        out[4] += m * (c2 - cy * cy);
        out[8] += m * (c2 - cz * cz);
        out[1] -= m * cx * cy;
        out[3] -= m * cx * cy;
        out[2] -= m * cx * cz;
        out[6] -= m * cx * cz;
        out[5] -= m * cy * cz;
        out[7] -= m * cy * cz;
    }
}
