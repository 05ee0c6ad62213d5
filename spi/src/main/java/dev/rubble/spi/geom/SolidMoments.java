package dev.rubble.spi.geom;

/**
 * Volume, centroid and inertia of a closed, outward-facing triangulated surface at unit density, by the
 * divergence theorem: the signed tetrahedra (reference point, a, b, q) of its triangles, each triangle's
 * corners given relative to the reference point (a vertex of the surface, to limit cancellation). One
 * accumulator for every solid the authoring tools measure (a convex polytope's fanned faces, a mesh's
 * triangles), so they agree to the bit on the same triangles.
 */
public final class SolidMoments {
    private double vol, mx, my, mz;
    private double cxx, cyy, czz, cxy, cxz, cyz;

    /**
     * Adds the tetrahedron of the reference point and one triangle, its corners relative to the reference
     * point and in the surface's outward (counter-clockwise seen from outside) order.
     * @param ax the first corner's x
     * @param ay the first corner's y
     * @param az the first corner's z
     * @param bx the second corner's x
     * @param by the second corner's y
     * @param bz the second corner's z
     * @param qx the third corner's x
     * @param qy the third corner's y
     * @param qz the third corner's z
     */
    public void add(double ax, double ay, double az, double bx, double by, double bz,
                    double qx, double qy, double qz) {
        double det = ax * (by * qz - bz * qy) - ay * (bx * qz - bz * qx) + az * (bx * qy - by * qx);
        double tv = det / 6.0;
        vol += tv;
        double sx = ax + bx + qx, sy = ay + by + qy, sz = az + bz + qz;
        mx += tv * sx / 4.0;
        my += tv * sy / 4.0;
        mz += tv * sz / 4.0;
        // ∫ x_i x_j dV over tet (0,a,b,q) = V/20 (Σ p_i p_j + s_i s_j)
        double w = tv / 20.0;
        cxx += w * (ax * ax + bx * bx + qx * qx + sx * sx);
        cyy += w * (ay * ay + by * by + qy * qy + sy * sy);
        czz += w * (az * az + bz * bz + qz * qz + sz * sz);
        cxy += w * (ax * ay + bx * by + qx * qy + sx * sy);
        cxz += w * (ax * az + bx * bz + qx * qz + sx * sz);
        cyz += w * (ay * az + by * bz + qy * qz + sy * sz);
    }

    /**
     * What the triangles added so far enclose: {@code {V, cx, cy, cz, Ixx, Iyy, Izz, Ixy, Ixz, Iyz}} with the
     * centroid in the surface's frame and the inertia about the centroid ({@code Ixy = -∫xy dV}); the centroid
     * is the reference point when the volume is 0.
     * @param rx the reference point's x, which the corners were given relative to
     * @param ry its y
     * @param rz its z
     * @return a new array of ten values
     */
    public double[] result(double rx, double ry, double rz) {
        double gx = vol != 0 ? mx / vol : 0, gy = vol != 0 ? my / vol : 0, gz = vol != 0 ? mz / vol : 0;
        // shift second moments to the centroid
        double sxx = cxx - vol * gx * gx;
        double syy = cyy - vol * gy * gy;
        double szz = czz - vol * gz * gz;
        double sxy = cxy - vol * gx * gy;
        double sxz = cxz - vol * gx * gz;
        double syz = cyz - vol * gy * gz;
        return new double[] {vol, gx + rx, gy + ry, gz + rz, syy + szz, sxx + szz, sxx + syy, -sxy, -sxz, -syz};
    }
}
