import jdk.incubator.vector.*;
import java.util.*;

/** Feasibility: Rubble's normal rows (biased pass), scalar AoS vs Vector API over L manifolds of one colour. */
public class RowsPair {
    static final int NR = 17, KS = 0, KBS = 1, KEEP = 2, LSUM = 3, CNA = 4, CNB = 7, KNA = 10, KNB = 13, LN = 16;
    static final int MAN = 8; // n(3), mAB n (3), sa, sb
    static final VectorSpecies<Double> S = Boolean.getBoolean("v256") ? DoubleVector.SPECIES_256 : DoubleVector.SPECIES_PREFERRED;

    int nM, P, B;
    int[] ia, ib; double[] vel, man, rows;
    // SoA for SIMD: per group g, point k, field f: ((g*P + k)*NR + f)*L + lane
    double[] srows, sman; int[] sia, sib; // per group: ia*6 offsets by lane
    int L = S.length();

    RowsPair(int nM, int P, long seed) {
        this.nM = nM; this.P = P; B = 2 * nM + 1;
        Random r = new Random(seed);
        int[] perm = new int[B - 1];
        for (int i = 0; i < perm.length; i++) perm[i] = i + 1;
        for (int i = perm.length - 1; i > 0; i--) { int j = r.nextInt(i + 1); int t = perm[i]; perm[i] = perm[j]; perm[j] = t; }
        ia = new int[nM]; ib = new int[nM];
        for (int i = 0; i < nM; i++) { ia[i] = perm[2 * i]; ib[i] = perm[2 * i + 1]; }
        vel = new double[6 * B];
        for (int i = 6; i < vel.length; i++) vel[i] = r.nextGaussian();
        man = new double[nM * MAN]; rows = new double[nM * P * NR];
        for (int i = 0; i < nM; i++) {
            double nx = r.nextGaussian(), ny = r.nextGaussian(), nz = r.nextGaussian(), l = Math.sqrt(nx*nx+ny*ny+nz*nz);
            nx /= l; ny /= l; nz /= l; double mab = 0.5 + r.nextDouble();
            double[] m = {nx, ny, nz, mab*nx, mab*ny, mab*nz, 0.4, 0.6};
            System.arraycopy(m, 0, man, i * MAN, MAN);
            for (int k = 0; k < P; k++) for (int f = 0; f < NR; f++) {
                double v = r.nextGaussian() * 0.3;
                if (f == KS) v = 0.2 + 0.1 * r.nextDouble();
                if (f == KEEP) v = 0.9 + 0.05 * r.nextDouble();
                if (f == LSUM) v = 0.01 * r.nextDouble();
                if (f == LN) v = Math.abs(v);
                rows[(i * P + k) * NR + f] = v;
            }
        }
        int G = nM / L;
        srows = new double[G * P * NR * L]; sman = new double[G * MAN * L]; sia = new int[nM]; sib = new int[nM];
        for (int g = 0; g < G; g++) for (int ln = 0; ln < L; ln++) {
            int i = g * L + ln;
            sia[i] = ia[i] * 6; sib[i] = ib[i] * 6;
            for (int f = 0; f < MAN; f++) sman[(g * MAN + f) * L + ln] = man[i * MAN + f];
            for (int k = 0; k < P; k++) for (int f = 0; f < NR; f++) srows[((g * P + k) * NR + f) * L + ln] = rows[(i * P + k) * NR + f];
        }
    }

    void scalarPass() { for (int i = 0; i < nM; i++) normalRows(i); }

    void normalRows(int i) {
        final double[] v = vel, rw = rows, mn = man;
        final int oa = ia[i] * 6, ob = ib[i] * 6, mo = i * MAN;
        final int base = i * P * NR, end = base + P * NR;
        final double cap = Double.POSITIVE_INFINITY;
        double dvx = v[ob] - v[oa], dvy = v[ob + 1] - v[oa + 1], dvz = v[ob + 2] - v[oa + 2];
        double wax = v[oa + 3], way = v[oa + 4], waz = v[oa + 5];
        double wbx = v[ob + 3], wby = v[ob + 4], wbz = v[ob + 5];
        double sum = 0;
        for (int r = base; r < end; r += NR) sum += rw[r + LN];
        for (int r = base; r < end; r += NR) {
            double km = rw[r + KS], kmb = rw[r + KBS], keep = rw[r + KEEP], lsum = rw[r + LSUM];
            double old = rw[r + LN];
            double start = old * keep - kmb - lsum * sum;
            double vn = (dvx * mn[mo] + dvy * mn[mo + 1])
                    + ((dvz * mn[mo + 2] + (rw[r + CNB] * wbx - rw[r + CNA] * wax))
                    + ((rw[r + CNB + 1] * wby - rw[r + CNA + 1] * way) + (rw[r + CNB + 2] * wbz - rw[r + CNA + 2] * waz)));
            double nu = start - km * vn;
            if (!(nu > 0)) nu = 0; else if (nu > cap) nu = cap;
            rw[r + LN] = nu;
            double d = nu - old;
            sum += d;
            dvx += d * mn[mo + 3]; dvy += d * mn[mo + 4]; dvz += d * mn[mo + 5];
            wax -= rw[r + KNA] * d; way -= rw[r + KNA + 1] * d; waz -= rw[r + KNA + 2] * d;
            wbx += rw[r + KNB] * d; wby += rw[r + KNB + 1] * d; wbz += rw[r + KNB + 2] * d;
        }
        double cx = dvx - (v[ob] - v[oa]), cy = dvy - (v[ob + 1] - v[oa + 1]), cz = dvz - (v[ob + 2] - v[oa + 2]);
        double sa = mn[mo + 6], sb = mn[mo + 7];
        if (oa != 0) { v[oa] -= sa * cx; v[oa + 1] -= sa * cy; v[oa + 2] -= sa * cz; v[oa + 3] = wax; v[oa + 4] = way; v[oa + 5] = waz; }
        if (ob != 0) { v[ob] += sb * cx; v[ob + 1] += sb * cy; v[ob + 2] += sb * cz; v[ob + 3] = wbx; v[ob + 4] = wby; v[ob + 5] = wbz; }
    }

    void simdPass() { for (int i = 0; i + 1 < nM; i += 2) normalRows2(i, i + 1); }

    /** Two manifolds of one colour (disjoint bodies) in lock-step: two independent chains in one loop. */
    void normalRows2(int i, int j) {
        final double[] v = vel, rw = rows, mn = man;
        final int oa = ia[i] * 6, ob = ib[i] * 6, mo = i * MAN;
        final int pa = ia[j] * 6, pb = ib[j] * 6, no = j * MAN;
        final int base = i * P * NR, end = base + P * NR, base2 = j * P * NR;
        double dvx = v[ob] - v[oa], dvy = v[ob + 1] - v[oa + 1], dvz = v[ob + 2] - v[oa + 2];
        double wax = v[oa + 3], way = v[oa + 4], waz = v[oa + 5];
        double wbx = v[ob + 3], wby = v[ob + 4], wbz = v[ob + 5];
        double ex = v[pb] - v[pa], ey = v[pb + 1] - v[pa + 1], ez = v[pb + 2] - v[pa + 2];
        double uax = v[pa + 3], uay = v[pa + 4], uaz = v[pa + 5];
        double ubx = v[pb + 3], uby = v[pb + 4], ubz = v[pb + 5];
        double sum = 0, sum2 = 0;
        for (int r = base, s2 = base2; r < end; r += NR, s2 += NR) { sum += rw[r + LN]; sum2 += rw[s2 + LN]; }
        for (int r = base, s = base2; r < end; r += NR, s += NR) {
            double old = rw[r + LN], old2 = rw[s + LN];
            double start = old * rw[r + KEEP] - rw[r + KBS] - rw[r + LSUM] * sum;
            double start2 = old2 * rw[s + KEEP] - rw[s + KBS] - rw[s + LSUM] * sum2;
            double vn = (dvx * mn[mo] + dvy * mn[mo + 1])
                    + ((dvz * mn[mo + 2] + (rw[r + CNB] * wbx - rw[r + CNA] * wax))
                    + ((rw[r + CNB + 1] * wby - rw[r + CNA + 1] * way) + (rw[r + CNB + 2] * wbz - rw[r + CNA + 2] * waz)));
            double vn2 = (ex * mn[no] + ey * mn[no + 1])
                    + ((ez * mn[no + 2] + (rw[s + CNB] * ubx - rw[s + CNA] * uax))
                    + ((rw[s + CNB + 1] * uby - rw[s + CNA + 1] * uay) + (rw[s + CNB + 2] * ubz - rw[s + CNA + 2] * uaz)));
            double nu = start - rw[r + KS] * vn;
            double nu2 = start2 - rw[s + KS] * vn2;
            if (!(nu > 0)) nu = 0;
            if (!(nu2 > 0)) nu2 = 0;
            rw[r + LN] = nu; rw[s + LN] = nu2;
            double d = nu - old, d2 = nu2 - old2;
            sum += d; sum2 += d2;
            dvx += d * mn[mo + 3]; dvy += d * mn[mo + 4]; dvz += d * mn[mo + 5];
            ex += d2 * mn[no + 3]; ey += d2 * mn[no + 4]; ez += d2 * mn[no + 5];
            wax -= rw[r + KNA] * d; way -= rw[r + KNA + 1] * d; waz -= rw[r + KNA + 2] * d;
            wbx += rw[r + KNB] * d; wby += rw[r + KNB + 1] * d; wbz += rw[r + KNB + 2] * d;
            uax -= rw[s + KNA] * d2; uay -= rw[s + KNA + 1] * d2; uaz -= rw[s + KNA + 2] * d2;
            ubx += rw[s + KNB] * d2; uby += rw[s + KNB + 1] * d2; ubz += rw[s + KNB + 2] * d2;
        }
        store(oa, ob, mo, dvx, dvy, dvz, wax, way, waz, wbx, wby, wbz);
        store(pa, pb, no, ex, ey, ez, uax, uay, uaz, ubx, uby, ubz);
    }

    void store(int oa, int ob, int mo, double dvx, double dvy, double dvz, double wax, double way, double waz, double wbx, double wby, double wbz) {
        final double[] v = vel, mn = man;
        double cx = dvx - (v[ob] - v[oa]), cy = dvy - (v[ob + 1] - v[oa + 1]), cz = dvz - (v[ob + 2] - v[oa + 2]);
        double sa = mn[mo + 6], sb = mn[mo + 7];
        if (oa != 0) { v[oa] -= sa * cx; v[oa + 1] -= sa * cy; v[oa + 2] -= sa * cz; v[oa + 3] = wax; v[oa + 4] = way; v[oa + 5] = waz; }
        if (ob != 0) { v[ob] += sb * cx; v[ob + 1] += sb * cy; v[ob + 2] += sb * cz; v[ob + 3] = wbx; v[ob + 4] = wby; v[ob + 5] = wbz; }
    }

    public static void main(String[] a) {
        int nM = Integer.parseInt(a[0]), P = Integer.parseInt(a[1]), reps = Integer.parseInt(a[2]);
        RowsPair s = new RowsPair(nM, P, 7), t = new RowsPair(nM, P, 7);
        System.out.println("species " + S + " lanes " + s.L);
        // correctness: same bits after 3 passes
        for (int k = 0; k < 3; k++) { s.scalarPass(); t.simdPass(); }
        boolean same = Arrays.equals(s.vel, t.vel);
        for (int i = 0; i < nM && same; i++) for (int k = 0; k < P; k++)
            same &= Double.doubleToRawLongBits(s.rows[(i*P+k)*NR+LN]) == Double.doubleToRawLongBits(t.rows[(i*P+k)*NR+LN]);
        System.out.println("bit-identical: " + same);
        for (int round = 0; round < 8; round++) {
            long t0 = System.nanoTime();
            for (int k = 0; k < reps; k++) s.scalarPass();
            long t1 = System.nanoTime();
            for (int k = 0; k < reps; k++) t.simdPass();
            long t2 = System.nanoTime();
            double ps = (t1 - t0) / (double) reps / nM / P, pv = (t2 - t1) / (double) reps / nM / P;
            System.out.printf("round %d scalar %.2f ns/point  simd %.2f ns/point  ratio %.3f%n", round, ps, pv, pv / ps);
        }
    }
}
