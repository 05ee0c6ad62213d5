import jdk.incubator.vector.*;
import java.util.*;

/** Feasibility: Rubble's normal rows (biased pass), scalar AoS vs Vector API over L manifolds of one colour. */
public class RowsModel {
    static final int NR = 17, KS = 0, KBS = 1, KEEP = 2, LSUM = 3, CNA = 4, CNB = 7, KNA = 10, KNB = 13, LN = 16;
    static final int MAN = 8; // n(3), mAB n (3), sa, sb
    static final VectorSpecies<Double> S = Boolean.getBoolean("v256") ? DoubleVector.SPECIES_256 : DoubleVector.SPECIES_PREFERRED;

    int nM, P, B;
    int[] ia, ib; double[] vel, man, rows;
    // SoA for SIMD: per group g, point k, field f: ((g*P + k)*NR + f)*L + lane
    double[] srows, sman; int[] sia, sib; // per group: ia*6 offsets by lane
    int L = S.length();

    RowsModel(int nM, int P, long seed) {
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

    void simdPass() { for (int g = 0, G = nM / L; g < G; g++) normalRowsV(g); }

    void normalRowsV(int g) {
        final double[] v = vel, rw = srows, mn = sman;
        final int[] xa = sia, xb = sib; final int io = g * L;
        final int mo = g * MAN * L;
        DoubleVector vax = DoubleVector.fromArray(S, v, 0, xa, io), vay = DoubleVector.fromArray(S, v, 1, xa, io), vaz = DoubleVector.fromArray(S, v, 2, xa, io);
        DoubleVector vbx = DoubleVector.fromArray(S, v, 0, xb, io), vby = DoubleVector.fromArray(S, v, 1, xb, io), vbz = DoubleVector.fromArray(S, v, 2, xb, io);
        DoubleVector wax = DoubleVector.fromArray(S, v, 3, xa, io), way = DoubleVector.fromArray(S, v, 4, xa, io), waz = DoubleVector.fromArray(S, v, 5, xa, io);
        DoubleVector wbx = DoubleVector.fromArray(S, v, 3, xb, io), wby = DoubleVector.fromArray(S, v, 4, xb, io), wbz = DoubleVector.fromArray(S, v, 5, xb, io);
        DoubleVector dvx0 = vbx.sub(vax), dvy0 = vby.sub(vay), dvz0 = vbz.sub(vaz);
        DoubleVector dvx = dvx0, dvy = dvy0, dvz = dvz0;
        DoubleVector n0 = DoubleVector.fromArray(S, mn, mo), n1 = DoubleVector.fromArray(S, mn, mo + L), n2 = DoubleVector.fromArray(S, mn, mo + 2 * L);
        DoubleVector m0 = DoubleVector.fromArray(S, mn, mo + 3 * L), m1 = DoubleVector.fromArray(S, mn, mo + 4 * L), m2 = DoubleVector.fromArray(S, mn, mo + 5 * L);
        final int base = g * P * NR * L, end = base + P * NR * L, st = NR * L;
        DoubleVector sum = DoubleVector.zero(S);
        for (int r = base; r < end; r += st) sum = sum.add(DoubleVector.fromArray(S, rw, r + LN * L));
        DoubleVector zero = DoubleVector.zero(S);
        for (int r = base; r < end; r += st) {
            DoubleVector km = DoubleVector.fromArray(S, rw, r + KS * L), kmb = DoubleVector.fromArray(S, rw, r + KBS * L);
            DoubleVector keep = DoubleVector.fromArray(S, rw, r + KEEP * L), lsum = DoubleVector.fromArray(S, rw, r + LSUM * L);
            DoubleVector old = DoubleVector.fromArray(S, rw, r + LN * L);
            DoubleVector start = old.mul(keep).sub(kmb).sub(lsum.mul(sum));
            DoubleVector c0 = DoubleVector.fromArray(S, rw, r + CNA * L), c1 = DoubleVector.fromArray(S, rw, r + (CNA + 1) * L), c2 = DoubleVector.fromArray(S, rw, r + (CNA + 2) * L);
            DoubleVector e0 = DoubleVector.fromArray(S, rw, r + CNB * L), e1 = DoubleVector.fromArray(S, rw, r + (CNB + 1) * L), e2 = DoubleVector.fromArray(S, rw, r + (CNB + 2) * L);
            DoubleVector vn = dvx.mul(n0).add(dvy.mul(n1))
                    .add(dvz.mul(n2).add(e0.mul(wbx).sub(c0.mul(wax)))
                    .add(e1.mul(wby).sub(c1.mul(way)).add(e2.mul(wbz).sub(c2.mul(waz)))));
            DoubleVector nu = start.sub(km.mul(vn));
            nu = zero.blend(nu, nu.compare(VectorOperators.GT, 0)); // !(nu > 0) -> 0 (cap = +inf never taken)
            nu.intoArray(rw, r + LN * L);
            DoubleVector d = nu.sub(old);
            sum = sum.add(d);
            dvx = dvx.add(d.mul(m0)); dvy = dvy.add(d.mul(m1)); dvz = dvz.add(d.mul(m2));
            wax = wax.sub(DoubleVector.fromArray(S, rw, r + KNA * L).mul(d));
            way = way.sub(DoubleVector.fromArray(S, rw, r + (KNA + 1) * L).mul(d));
            waz = waz.sub(DoubleVector.fromArray(S, rw, r + (KNA + 2) * L).mul(d));
            wbx = wbx.add(DoubleVector.fromArray(S, rw, r + KNB * L).mul(d));
            wby = wby.add(DoubleVector.fromArray(S, rw, r + (KNB + 1) * L).mul(d));
            wbz = wbz.add(DoubleVector.fromArray(S, rw, r + (KNB + 2) * L).mul(d));
        }
        DoubleVector cx = dvx.sub(dvx0), cy = dvy.sub(dvy0), cz = dvz.sub(dvz0);
        DoubleVector sa = DoubleVector.fromArray(S, mn, mo + 6 * L), sb = DoubleVector.fromArray(S, mn, mo + 7 * L);
        // (no body 0 in this model; the engine would mask lanes whose body is the fixed one)
        vax.sub(sa.mul(cx)).intoArray(v, 0, xa, io); vay.sub(sa.mul(cy)).intoArray(v, 1, xa, io); vaz.sub(sa.mul(cz)).intoArray(v, 2, xa, io);
        wax.intoArray(v, 3, xa, io); way.intoArray(v, 4, xa, io); waz.intoArray(v, 5, xa, io);
        vbx.add(sb.mul(cx)).intoArray(v, 0, xb, io); vby.add(sb.mul(cy)).intoArray(v, 1, xb, io); vbz.add(sb.mul(cz)).intoArray(v, 2, xb, io);
        wbx.intoArray(v, 3, xb, io); wby.intoArray(v, 4, xb, io); wbz.intoArray(v, 5, xb, io);
    }

    final double[] tmp = new double[8];
    DoubleVector gat(double[] v, int c, int[] x, int io) {
        final double[] t = tmp;
        for (int l = 0; l < L; l++) t[l] = v[x[io + l] + c];
        return DoubleVector.fromArray(S, t, 0);
    }
    void sca(double[] v, int c, int[] x, int io) {
        final double[] t = tmp;
        for (int l = 0; l < L; l++) v[x[io + l] + c] = t[l];
    }
    void lanesPass() { for (int g = 0, G = nM / L; g < G; g++) normalRowsLanes(g); }

    void normalRowsLanes(int g) {
        final double[] v = vel, rw = srows, mn = sman;
        final int[] xa = sia, xb = sib; final int io = g * L;
        final int mo = g * MAN * L;
        DoubleVector vax = gat(v, 0, xa, io), vay = gat(v, 1, xa, io), vaz = gat(v, 2, xa, io);
        DoubleVector vbx = gat(v, 0, xb, io), vby = gat(v, 1, xb, io), vbz = gat(v, 2, xb, io);
        DoubleVector wax = gat(v, 3, xa, io), way = gat(v, 4, xa, io), waz = gat(v, 5, xa, io);
        DoubleVector wbx = gat(v, 3, xb, io), wby = gat(v, 4, xb, io), wbz = gat(v, 5, xb, io);
        DoubleVector dvx0 = vbx.sub(vax), dvy0 = vby.sub(vay), dvz0 = vbz.sub(vaz);
        DoubleVector dvx = dvx0, dvy = dvy0, dvz = dvz0;
        DoubleVector n0 = DoubleVector.fromArray(S, mn, mo), n1 = DoubleVector.fromArray(S, mn, mo + L), n2 = DoubleVector.fromArray(S, mn, mo + 2 * L);
        DoubleVector m0 = DoubleVector.fromArray(S, mn, mo + 3 * L), m1 = DoubleVector.fromArray(S, mn, mo + 4 * L), m2 = DoubleVector.fromArray(S, mn, mo + 5 * L);
        final int base = g * P * NR * L, end = base + P * NR * L, st = NR * L;
        DoubleVector sum = DoubleVector.zero(S);
        for (int r = base; r < end; r += st) sum = sum.add(DoubleVector.fromArray(S, rw, r + LN * L));
        DoubleVector zero = DoubleVector.zero(S);
        for (int r = base; r < end; r += st) {
            DoubleVector km = DoubleVector.fromArray(S, rw, r + KS * L), kmb = DoubleVector.fromArray(S, rw, r + KBS * L);
            DoubleVector keep = DoubleVector.fromArray(S, rw, r + KEEP * L), lsum = DoubleVector.fromArray(S, rw, r + LSUM * L);
            DoubleVector old = DoubleVector.fromArray(S, rw, r + LN * L);
            DoubleVector start = old.mul(keep).sub(kmb).sub(lsum.mul(sum));
            DoubleVector c0 = DoubleVector.fromArray(S, rw, r + CNA * L), c1 = DoubleVector.fromArray(S, rw, r + (CNA + 1) * L), c2 = DoubleVector.fromArray(S, rw, r + (CNA + 2) * L);
            DoubleVector e0 = DoubleVector.fromArray(S, rw, r + CNB * L), e1 = DoubleVector.fromArray(S, rw, r + (CNB + 1) * L), e2 = DoubleVector.fromArray(S, rw, r + (CNB + 2) * L);
            DoubleVector vn = dvx.mul(n0).add(dvy.mul(n1))
                    .add(dvz.mul(n2).add(e0.mul(wbx).sub(c0.mul(wax)))
                    .add(e1.mul(wby).sub(c1.mul(way)).add(e2.mul(wbz).sub(c2.mul(waz)))));
            DoubleVector nu = start.sub(km.mul(vn));
            nu = zero.blend(nu, nu.compare(VectorOperators.GT, 0)); // !(nu > 0) -> 0 (cap = +inf never taken)
            nu.intoArray(rw, r + LN * L);
            DoubleVector d = nu.sub(old);
            sum = sum.add(d);
            dvx = dvx.add(d.mul(m0)); dvy = dvy.add(d.mul(m1)); dvz = dvz.add(d.mul(m2));
            wax = wax.sub(DoubleVector.fromArray(S, rw, r + KNA * L).mul(d));
            way = way.sub(DoubleVector.fromArray(S, rw, r + (KNA + 1) * L).mul(d));
            waz = waz.sub(DoubleVector.fromArray(S, rw, r + (KNA + 2) * L).mul(d));
            wbx = wbx.add(DoubleVector.fromArray(S, rw, r + KNB * L).mul(d));
            wby = wby.add(DoubleVector.fromArray(S, rw, r + (KNB + 1) * L).mul(d));
            wbz = wbz.add(DoubleVector.fromArray(S, rw, r + (KNB + 2) * L).mul(d));
        }
        DoubleVector cx = dvx.sub(dvx0), cy = dvy.sub(dvy0), cz = dvz.sub(dvz0);
        DoubleVector sa = DoubleVector.fromArray(S, mn, mo + 6 * L), sb = DoubleVector.fromArray(S, mn, mo + 7 * L);
        // (no body 0 in this model; the engine would mask lanes whose body is the fixed one)
        vax.sub(sa.mul(cx)).intoArray(tmp, 0); sca(v, 0, xa, io); vay.sub(sa.mul(cy)).intoArray(tmp, 0); sca(v, 1, xa, io); vaz.sub(sa.mul(cz)).intoArray(tmp, 0); sca(v, 2, xa, io);
        wax.intoArray(tmp, 0); sca(v, 3, xa, io); way.intoArray(tmp, 0); sca(v, 4, xa, io); waz.intoArray(tmp, 0); sca(v, 5, xa, io);
        vbx.add(sb.mul(cx)).intoArray(tmp, 0); sca(v, 0, xb, io); vby.add(sb.mul(cy)).intoArray(tmp, 0); sca(v, 1, xb, io); vbz.add(sb.mul(cz)).intoArray(tmp, 0); sca(v, 2, xb, io);
        wbx.intoArray(tmp, 0); sca(v, 3, xb, io); wby.intoArray(tmp, 0); sca(v, 4, xb, io); wbz.intoArray(tmp, 0); sca(v, 5, xb, io);
    }

    void pairPass() { for (int i = 0; i + 1 < nM; i += 2) normalRows2(i, i + 1); }

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
        // variant: index (Vector API, index-map gathers), lanes (Vector API, gathered lane by lane), pair (two scalar chains)
        String variant = a[0];
        int nM = Integer.parseInt(a[1]), P = Integer.parseInt(a[2]), reps = Integer.parseInt(a[3]);
        RowsModel s = new RowsModel(nM, P, 7), t = new RowsModel(nM, P, 7);
        System.out.println("variant " + variant + " species " + S + " lanes " + s.L);
        Runnable run = switch (variant) {
            case "index" -> t::simdPass;
            case "lanes" -> t::lanesPass;
            case "pair" -> t::pairPass;
            default -> throw new IllegalArgumentException("variant = " + variant + "; allowed: index, lanes, pair");
        };
        // correctness: the same bits as the scalar rows after three passes
        for (int k = 0; k < 3; k++) {
            s.scalarPass();
            run.run();
        }
        boolean same = java.util.Arrays.equals(s.vel, t.vel);
        for (int i = 0; i < nM && same; i++) {
            for (int k = 0; k < P; k++) {
                double v = variant.equals("pair") ? t.rows[(i * P + k) * NR + LN]
                        : t.srows[(((i / s.L) * P + k) * NR + LN) * s.L + i % s.L];
                same &= Double.doubleToRawLongBits(s.rows[(i * P + k) * NR + LN]) == Double.doubleToRawLongBits(v);
            }
        }
        System.out.println("bit-identical: " + same);
        for (int round = 0; round < 8; round++) {
            long t0 = System.nanoTime();
            for (int k = 0; k < reps; k++) {
                s.scalarPass();
            }
            long t1 = System.nanoTime();
            for (int k = 0; k < reps; k++) {
                run.run();
            }
            long t2 = System.nanoTime();
            double ps = (t1 - t0) / (double) reps / nM / P, pv = (t2 - t1) / (double) reps / nM / P;
            System.out.printf("round %d scalar %.2f ns/point  %s %.2f ns/point  ratio %.3f%n", round, ps, variant, pv, pv / ps);
        }
    }
}
