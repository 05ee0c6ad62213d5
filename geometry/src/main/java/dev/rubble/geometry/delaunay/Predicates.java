package dev.rubble.geometry.delaunay;

import java.math.BigDecimal;

/**
 * Robust geometric predicates: a floating-point evaluation with a forward error bound (the
 * filters of Shewchuk, "Adaptive Precision Floating-Point Arithmetic and Fast Robust Geometric
 * Predicates", 1997, with a more conservative constant), falling back to exact
 * {@link BigDecimal} arithmetic on the same inputs when the filter cannot decide. Signs are
 * therefore exact for all finite double inputs. Stateless, thread-safe.
 */
public final class Predicates {
    // Shewchuk's errboundA are 7.77e-16 (orient3d) and 1.78e-15 (insphere); ours are larger (safe).
    private static final double ORIENT_BOUND = 1e-15;
    private static final double INSPHERE_BOUND = 1e-14;

    private Predicates() {
    }

    /**
     * Sign of {@code (b-a)·((c-a)×(d-a))}: +1 when {@code d} sees {@code a,b,c} counter-clockwise
     * (right-handed tetrahedron), 0 when coplanar.
     */
    public static int orient(double[] p, int a, int b, int c, int d) {
        double adx = p[3 * a] - p[3 * d], ady = p[3 * a + 1] - p[3 * d + 1], adz = p[3 * a + 2] - p[3 * d + 2];
        double bdx = p[3 * b] - p[3 * d], bdy = p[3 * b + 1] - p[3 * d + 1], bdz = p[3 * b + 2] - p[3 * d + 2];
        double cdx = p[3 * c] - p[3 * d], cdy = p[3 * c + 1] - p[3 * d + 1], cdz = p[3 * c + 2] - p[3 * d + 2];
        double bc = bdy * cdz - bdz * cdy, ca = cdy * adz - cdz * ady, ab = ady * bdz - adz * bdy;
        double det = adx * bc + bdx * ca + cdx * ab;
        double perm = Math.abs(adx) * (Math.abs(bdy * cdz) + Math.abs(bdz * cdy))
                + Math.abs(bdx) * (Math.abs(cdy * adz) + Math.abs(cdz * ady))
                + Math.abs(cdx) * (Math.abs(ady * bdz) + Math.abs(adz * bdy));
        double bound = ORIENT_BOUND * perm;
        // Shewchuk's sign convention is the opposite of ours
        if (det > bound) {
            return -1;
        }
        if (-det > bound) {
            return 1;
        }
        return -exactOrient(p, a, b, c, d);
    }

    private static int exactOrient(double[] p, int a, int b, int c, int d) {
        BigDecimal[] ad = diff(p, a, d), bd = diff(p, b, d), cd = diff(p, c, d);
        BigDecimal bc = bd[1].multiply(cd[2]).subtract(bd[2].multiply(cd[1]));
        BigDecimal ca = cd[1].multiply(ad[2]).subtract(cd[2].multiply(ad[1]));
        BigDecimal ab = ad[1].multiply(bd[2]).subtract(ad[2].multiply(bd[1]));
        return ad[0].multiply(bc).add(bd[0].multiply(ca)).add(cd[0].multiply(ab)).signum();
    }

    /**
     * For a tetrahedron {@code a,b,c,d} with {@link #orient} = +1: +1 when {@code e} lies strictly
     * inside its circumsphere, -1 outside, 0 on it.
     */
    public static int insphere(double[] p, int a, int b, int c, int d, int e) {
        double aex = p[3 * a] - p[3 * e], aey = p[3 * a + 1] - p[3 * e + 1], aez = p[3 * a + 2] - p[3 * e + 2];
        double bex = p[3 * b] - p[3 * e], bey = p[3 * b + 1] - p[3 * e + 1], bez = p[3 * b + 2] - p[3 * e + 2];
        double cex = p[3 * c] - p[3 * e], cey = p[3 * c + 1] - p[3 * e + 1], cez = p[3 * c + 2] - p[3 * e + 2];
        double dex = p[3 * d] - p[3 * e], dey = p[3 * d + 1] - p[3 * e + 1], dez = p[3 * d + 2] - p[3 * e + 2];
        double ab = aex * bey - bex * aey, bc = bex * cey - cex * bey, cd = cex * dey - dex * cey;
        double da = dex * aey - aex * dey, ac = aex * cey - cex * aey, bd = bex * dey - dex * bey;
        double abc = aez * bc - bez * ac + cez * ab;
        double bcd = bez * cd - cez * bd + dez * bc;
        double cda = cez * da + dez * ac + aez * cd;
        double dab = dez * ab + aez * bd + bez * da;
        double al = aex * aex + aey * aey + aez * aez, bl = bex * bex + bey * bey + bez * bez;
        double cl = cex * cex + cey * cey + cez * cez, dl = dex * dex + dey * dey + dez * dez;
        double det = (dl * abc - cl * dab) + (bl * cda - al * bcd);
        double pab = Math.abs(aex * bey) + Math.abs(bex * aey), pbc = Math.abs(bex * cey) + Math.abs(cex * bey);
        double pcd = Math.abs(cex * dey) + Math.abs(dex * cey), pda = Math.abs(dex * aey) + Math.abs(aex * dey);
        double pac = Math.abs(aex * cey) + Math.abs(cex * aey), pbd = Math.abs(bex * dey) + Math.abs(dex * bey);
        double perm = (pcd * Math.abs(bez) + pbd * Math.abs(cez) + pbc * Math.abs(dez)) * al
                + (pda * Math.abs(cez) + pac * Math.abs(dez) + pcd * Math.abs(aez)) * bl
                + (pab * Math.abs(dez) + pbd * Math.abs(aez) + pda * Math.abs(bez)) * cl
                + (pbc * Math.abs(aez) + pac * Math.abs(bez) + pab * Math.abs(cez)) * dl;
        double bound = INSPHERE_BOUND * perm;
        // Shewchuk: positive inside for his positive orientation, which is our negative one
        if (det > bound) {
            return -1;
        }
        if (-det > bound) {
            return 1;
        }
        return -exactInsphere(p, a, b, c, d, e);
    }

    private static int exactInsphere(double[] p, int a, int b, int c, int d, int e) {
        BigDecimal[] ae = diff(p, a, e), be = diff(p, b, e), ce = diff(p, c, e), de = diff(p, d, e);
        BigDecimal ab = ae[0].multiply(be[1]).subtract(be[0].multiply(ae[1]));
        BigDecimal bc = be[0].multiply(ce[1]).subtract(ce[0].multiply(be[1]));
        BigDecimal cd = ce[0].multiply(de[1]).subtract(de[0].multiply(ce[1]));
        BigDecimal da = de[0].multiply(ae[1]).subtract(ae[0].multiply(de[1]));
        BigDecimal ac = ae[0].multiply(ce[1]).subtract(ce[0].multiply(ae[1]));
        BigDecimal bd = be[0].multiply(de[1]).subtract(de[0].multiply(be[1]));
        BigDecimal abc = ae[2].multiply(bc).subtract(be[2].multiply(ac)).add(ce[2].multiply(ab));
        BigDecimal bcd = be[2].multiply(cd).subtract(ce[2].multiply(bd)).add(de[2].multiply(bc));
        BigDecimal cda = ce[2].multiply(da).add(de[2].multiply(ac)).add(ae[2].multiply(cd));
        BigDecimal dab = de[2].multiply(ab).add(ae[2].multiply(bd)).add(be[2].multiply(da));
        BigDecimal al = lift(ae), bl = lift(be), cl = lift(ce), dl = lift(de);
        return dl.multiply(abc).subtract(cl.multiply(dab)).add(bl.multiply(cda).subtract(al.multiply(bcd))).signum();
    }

    private static BigDecimal lift(BigDecimal[] v) {
        return v[0].multiply(v[0]).add(v[1].multiply(v[1])).add(v[2].multiply(v[2]));
    }

    private static BigDecimal[] diff(double[] p, int a, int b) {
        return new BigDecimal[] {
            new BigDecimal(p[3 * a]).subtract(new BigDecimal(p[3 * b])),
            new BigDecimal(p[3 * a + 1]).subtract(new BigDecimal(p[3 * b + 1])),
            new BigDecimal(p[3 * a + 2]).subtract(new BigDecimal(p[3 * b + 2]))};
    }
}
