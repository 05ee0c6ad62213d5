package dev.rubble.plugin.stress;

import dev.rubble.spi.StageConfig;
import dev.rubble.spi.stress.StressGraph;
import dev.rubble.spi.stress.StressLimits;
import dev.rubble.spi.stress.StressModel;
import dev.rubble.spi.stress.StressModelFactory;

/**
 * The {@code support-graph} stress model (docs/destruction.md, "Stress"): bond forces and moments
 * from {@link SupportGraphSolver}, turned into pressures on a square bond section of side
 * {@code s = √A} (A the bond's contact area):
 *
 * <pre>
 *  N = F·n (> 0: node a pushes b away, compression)   F_t = |F − N n|   M_t = M·n (twist)   M_b = |M − M_t n| (bending)
 *  bending   σ_b = 6 M_b / (A s)          (beam: σ = M c / I, c = s/2, I = s⁴/12)
 *  twisting  τ_t = |M_t| / (0.208 s³)     (Saint-Venant, square section)
 *  extreme fibres (axial and bending together, as in a beam-column):
 *  compression σ_c = max(N/A + σ_b, 0)    tension σ_t = max(−N/A + σ_b, 0)    shear τ = F_t/A + τ_t
 * </pre>
 *
 * so a compressed bond resists bending until the bending stress passes the compression (a masonry
 * wall stands on its own weight), and a pure axial load is checked against its own limit only.
 * With {@code shearFriction} μ > 0 the shear limits grow with the bond's compression, {@code e + μ
 * max(N/A, 0)} and {@code f + μ max(N/A, 0)} (Mohr–Coulomb, as for masonry joints): a joint
 * pressed by the wall above holds more shear than one whose load hangs on it. Of the bonds past
 * their fatal limit only those within {@code breakShare} (default 0.8) of the graph's largest
 * ratio break in one evaluation; the rest wait for the next solve, since the loads redistribute
 * (1 = the worst bond alone, 0 = every bond past its limit at once).
 *
 * Each against its elastic limit e and fatal limit f (times the bond's strength factor) gives a
 * ratio {@code σ/e} up to e, {@code 1 + (σ−e)/(f−e)} between, {@code ≥ 2} at f; the bond's ratio is
 * the largest of the three. Between the limits damage accumulates, {@code D += (ratio − 1) dt /
 * damageTime}; the bond breaks when the ratio reaches 2 or D reaches 1. Blast (NvBlastExtStressSolver)
 * states the same idea; this is Rubble's own formulation.
 */
final class SupportGraphModel implements StressModel {
    /** Limits, Pa: compression, tension, shear, elastic then fatal. */
    final double ce, cf, te, tf, se, sf;
    final double damageTime, friction, breakShare;
    final int interval;
    final SupportGraphSolver solver;
    /**
     * Which of the six limits (in {@link StressLimits} order) the collection set explicitly in the
     * model's options: those win over a material's; the others are defaults that a material's limits replace.
     */
    final boolean[] explicit = new boolean[6];
    /** Whether bonds broken past their fatal limit hand the excess of their load to the new pieces (option {@code excessForce}). */
    boolean excessForce = true;

    SupportGraphModel(double ce, double cf, double te, double tf, double se, double sf, double damageTime,
                      double friction, double breakShare, int interval, SupportGraphSolver solver) {
        this.friction = friction;
        this.breakShare = breakShare;
        this.ce = ce;
        this.cf = cf;
        this.te = te;
        this.tf = tf;
        this.se = se;
        this.sf = sf;
        this.damageTime = damageTime;
        this.interval = interval;
        this.solver = solver;
    }

    @Override
    public void solve(StressGraph g) {
        solver.solve(g);
    }

    @Override
    public int updateInterval() {
        return interval;
    }

    @Override
    public int evaluate(StressGraph g, double dt) {
        int broke = 0;
        double worst = 0;
        for (int k = 0; k < g.bondCount; k++) {
            if (g.broken[k]) {
                continue;
            }
            double r = g.strength[k] > 0 ? ratio(g, k) : Double.POSITIVE_INFINITY; // strength 0: nothing holds
            g.ratio[k] = r;
            if (g.strength[k] > 0) {
                worst = Math.max(worst, r);
            }
        }
        // past the fatal limit, only the bonds within breakShare of the worst break now: the loads
        // redistribute before the next solve (the worst-loaded bond of a cantilever goes first)
        double cut = Math.max(2, breakShare * worst);
        for (int k = 0; k < g.bondCount; k++) {
            if (g.broken[k]) {
                continue;
            }
            double r = g.ratio[k];
            g.excess[k] = 0;
            if (r >= cut || r == Double.POSITIVE_INFINITY) {
                g.broken[k] = true;
                // σ = (r − 1) f past the fatal limit f: the share above it is (σ − f)/σ = (r − 2)/(r − 1)
                g.excess[k] = excessForce ? (r == Double.POSITIVE_INFINITY ? 1 : (r - 2) / (r - 1)) : 0;
                broke++;
            } else if (r > 1 && r < 2) {
                double d = g.damage[k] + (r - 1) * dt / damageTime;
                g.damage[k] = Math.min(d, 1);
                if (d >= 1) {
                    g.broken[k] = true;
                    broke++;
                }
            }
        }
        return broke;
    }

    /** Bond k's stress ratio (see the class comment). */
    double ratio(StressGraph g, int k) {
        double a = g.area[k];
        double s = Math.sqrt(a);
        double nx = g.normal[3 * k], ny = g.normal[3 * k + 1], nz = g.normal[3 * k + 2];
        double fx = g.bondForce[3 * k], fy = g.bondForce[3 * k + 1], fz = g.bondForce[3 * k + 2];
        double mx = g.bondMoment[3 * k], my = g.bondMoment[3 * k + 1], mz = g.bondMoment[3 * k + 2];
        double n = fx * nx + fy * ny + fz * nz;
        double ftx = fx - n * nx, fty = fy - n * ny, ftz = fz - n * nz;
        double ft = Math.sqrt(ftx * ftx + fty * fty + ftz * ftz);
        double mt = mx * nx + my * ny + mz * nz;
        double mbx = mx - mt * nx, mby = my - mt * ny, mbz = mz - mt * nz;
        double mb = Math.sqrt(mbx * mbx + mby * mby + mbz * mbz);
        double bend = 6 * mb / (a * s);
        double twist = Math.abs(mt) / (0.208 * a * s);
        double k0 = g.strength[k];
        double lce = ce, lcf = cf, lte = te, ltf = tf, lse = se, lsf = sf;
        if (g.limitsSet) {
            int o = 6 * k;
            lce = limit(g, o, ce);
            lcf = limit(g, o + 1, cf);
            lte = limit(g, o + 2, te);
            ltf = limit(g, o + 3, tf);
            lse = limit(g, o + 4, se);
            lsf = limit(g, o + 5, sf);
            // levels may mix (an elastic limit from one, the fatal from another): an elastic above the fatal is the fatal
            lce = Math.min(lce, lcf);
            lte = Math.min(lte, ltf);
            lse = Math.min(lse, lsf);
        }
        double comp = part(Math.max(n / a + bend, 0), lce * k0, lcf * k0);
        double tens = part(Math.max(-n / a + bend, 0), lte * k0, ltf * k0);
        double grip = friction * Math.max(n / a, 0);
        double shear = part(ft / a + twist, lse * k0 + grip, lsf * k0 + grip);
        return Math.max(comp, Math.max(tens, shear));
    }

    /**
     * Limit i of the graph's bond limits (6 per bond, {@link StressLimits} order) by precedence: the
     * bond's own, else the collection's explicit option, else the bond's material's, else the default.
     */
    private double limit(StressGraph g, int i, double model) {
        double b = g.bondLimits[i];
        if (!Double.isNaN(b)) {
            return b;
        }
        if (explicit[i % 6]) {
            return model;
        }
        double m = g.materialLimits[i];
        return Double.isNaN(m) ? model : m;
    }

    /** σ against elastic e and fatal f: σ/e up to e, 1..2 between, 2 + (σ − f)/f past f. */
    static double part(double sigma, double e, double f) {
        if (sigma >= f) {
            return f > 0 ? 2 + (sigma - f) / f : Double.POSITIVE_INFINITY;
        }
        if (sigma <= e) {
            return e > 0 ? sigma / e : 0;
        }
        return 1 + (sigma - e) / (f - e);
    }

    /** Bond k's three pressures (compression, tension, shear), Pa, written to out[0..3) (for tests and tools). */
    static void pressures(StressGraph g, int k, double[] out) {
        double a = g.area[k];
        double s = Math.sqrt(a);
        double nx = g.normal[3 * k], ny = g.normal[3 * k + 1], nz = g.normal[3 * k + 2];
        double fx = g.bondForce[3 * k], fy = g.bondForce[3 * k + 1], fz = g.bondForce[3 * k + 2];
        double mx = g.bondMoment[3 * k], my = g.bondMoment[3 * k + 1], mz = g.bondMoment[3 * k + 2];
        double n = fx * nx + fy * ny + fz * nz;
        double ftx = fx - n * nx, fty = fy - n * ny, ftz = fz - n * nz;
        double mt = mx * nx + my * ny + mz * nz;
        double mbx = mx - mt * nx, mby = my - mt * ny, mbz = mz - mt * nz;
        double bend = 6 * Math.sqrt(mbx * mbx + mby * mby + mbz * mbz) / (a * s);
        out[0] = Math.max(n / a + bend, 0);
        out[1] = Math.max(-n / a + bend, 0);
        out[2] = Math.sqrt(ftx * ftx + fty * fty + ftz * ftz) / a + Math.abs(mt) / (0.208 * a * s);
    }

    /** {@code support-graph}: options in SI units; unknown keys fail naming the key. */
    static final class Factory implements StressModelFactory {
        static final String[] KEYS = {"compressionElastic", "compressionFatal", "tensionElastic", "tensionFatal",
                "shearElastic", "shearFatal", "damageTime", "shearFriction", "breakShare", "maxIterations", "tolerance", "directMax", "updateInterval", "excessForce"};

        @Override
        public String name() {
            return "support-graph";
        }

        @Override
        public String description() {
            return "bond forces and moments over the support graph (direct for small islands, warm-started PCG beyond);"
                    + " pressures against elastic and fatal limits";
        }

        @Override
        public SupportGraphModel create(StageConfig c) {
            c.requireOnly(KEYS);
            double inf = Double.POSITIVE_INFINITY;
            double ce = c.getDouble("compressionElastic", 20e6, 0, inf);
            double cf = c.getDouble("compressionFatal", Math.max(30e6, ce), 0, inf);
            double te = c.getDouble("tensionElastic", 2e6, 0, inf);
            double tf = c.getDouble("tensionFatal", Math.max(3e6, te), 0, inf);
            double se = c.getDouble("shearElastic", 3e6, 0, inf);
            double sf = c.getDouble("shearFatal", Math.max(4.5e6, se), 0, inf);
            check("compression", ce, cf);
            check("tension", te, tf);
            check("shear", se, sf);
            double damageTime = c.getDouble("damageTime", 1, 1e-9, inf);
            double friction = c.getDouble("shearFriction", 0, 0, 100);
            double breakShare = c.getDouble("breakShare", 0.8, 0, 1);
            int iterations = (int) c.getDouble("maxIterations", 64, 1, 1_000_000);
            double tolerance = c.getDouble("tolerance", 1e-4, 0, 1);
            int directMax = (int) c.getDouble("directMax", 600, 0, 1_000_000);
            int interval = (int) c.getDouble("updateInterval", 1, 1, 1_000_000);
            SupportGraphModel m = new SupportGraphModel(ce, cf, te, tf, se, sf, damageTime, friction, breakShare, interval,
                    new SupportGraphSolver(iterations, tolerance, directMax));
            m.excessForce = c.getBoolean("excessForce", true);
            for (int j = 0; j < 6; j++) {
                m.explicit[j] = c.asMap().containsKey(StressLimits.KEYS[j]);
            }
            return m;
        }

        private static void check(String what, double elastic, double fatal) {
            if (fatal < elastic) {
                throw new IllegalArgumentException("option '" + what + "Fatal' = " + fatal + "; allowed: >= "
                        + what + "Elastic (" + elastic + ")");
            }
        }
    }
}
