package dev.rubble.core.dynamics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link WeldTrees}' solutions checked against the same {@code A = J M⁻¹ Jᵀ} assembled densely from the Jacobians
 * (the residual of every row), and its kept structure and factors ({@code build(true)}, a re-build in a sub-step
 * after a stop row left a tree) against a fresh instance that builds and factors everything: the same bits.
 *
 * <p>The scene: random forests of welds over dynamic bodies, each tree hung from the world by one weld (so no tree
 * is over-determined), each weld a block of 3, 5 or 6 rows with random Jacobians, some carrying one extra row (a
 * stop) and offered {@code alone}.
 */
final class WeldTreesTest {
    /** A forest: per weld its constraint index, bodies (0: the world) and rows (12 Jacobian entries each: lin A, ang A, lin B, ang B). */
    private static final class Forest {
        final int bodies;
        final int[] a, b, base;
        final boolean[] extra;
        final double[][] jac; // per weld: (base + 1) rows x 12
        final double[] invMass;
        final double[][] invI; // per body: diagonal of a world inverse inertia

        Forest(long seed, int bodyCount) {
            SplittableRandom r = new SplittableRandom(seed);
            bodies = bodyCount + 1;
            int welds = bodyCount;
            a = new int[welds];
            b = new int[welds];
            base = new int[welds];
            extra = new boolean[welds];
            jac = new double[welds][];
            int[] degree = new int[bodies];
            for (int i = 0; i < welds; i++) {
                int body = i + 1;
                int parent;
                do {
                    parent = r.nextInt(4) == 0 ? 0 : r.nextInt(body); // about a quarter of the bodies start a tree
                } while (parent != 0 && degree[parent] >= WeldTrees.MAX_DEGREE - 1);
                degree[parent]++;
                degree[body]++;
                a[i] = parent;
                b[i] = body;
                base[i] = new int[] {3, 5, 6}[r.nextInt(3)];
                extra[i] = base[i] < 6 && r.nextInt(3) == 0;
                jac[i] = new double[(base[i] + 1) * 12];
                for (int q = 0; q < jac[i].length; q++) {
                    jac[i][q] = r.nextDouble(-1, 1);
                }
            }
            invMass = new double[bodies];
            invI = new double[bodies][3];
            for (int s = 1; s < bodies; s++) {
                invMass[s] = r.nextDouble(0.1, 10);
                for (int q = 0; q < 3; q++) {
                    invI[s][q] = r.nextDouble(0.1, 20);
                }
            }
        }

        int dim(int i, boolean withExtra) {
            return base[i] + (withExtra && extra[i] ? 1 : 0);
        }

        /** Coupling of row ri of weld i and row rj of weld j through their shared bodies: Σ σ σ' (m⁻¹ lin·lin + ang I⁻¹ ang). */
        double k(int i, int ri, int j, int rj) {
            double sum = 0;
            for (int si = 0; si < 2; si++) {
                int body = si == 0 ? a[i] : b[i];
                if (body == 0) {
                    continue;
                }
                for (int sj = 0; sj < 2; sj++) {
                    if ((sj == 0 ? a[j] : b[j]) != body) {
                        continue;
                    }
                    int oi = 12 * ri + 6 * si, oj = 12 * rj + 6 * sj;
                    double v = 0;
                    for (int q = 0; q < 3; q++) {
                        v += invMass[body] * jac[i][oi + q] * jac[j][oj + q] + invI[body][q] * jac[i][oi + 3 + q] * jac[j][oj + 3 + q];
                    }
                    sum += v;
                }
            }
            return sum;
        }
    }

    /** Offers every weld (with or without their extra rows; {@code dropExtra}: this weld's extra row left). */
    private static void offer(WeldTrees wt, Forest f, boolean[] withExtra) {
        wt.reset(f.bodies);
        for (int i = 0; i < f.a.length; i++) {
            boolean ex = withExtra[i] && f.extra[i];
            wt.offer(i, f.a[i], f.b[i], f.a[i] != 0, true, false, f.dim(i, ex), ex);
        }
    }

    /** Fills K and E of the positions not kept, factors, and returns the solution of A x = r for r_i = sin(row index). */
    private static double[] fillFactorSolve(WeldTrees wt, Forest f) {
        int n = wt.size();
        double[] kd = wt.diag(), e = wt.off();
        for (int p = 0; p < n; p++) {
            if (wt.kept(p)) {
                continue;
            }
            int c = wt.constraint(p), d = wt.dim(p);
            for (int i = 0; i < d; i++) {
                for (int j = 0; j < d; j++) {
                    kd[36 * p + 6 * i + j] = f.k(c, i, c, j);
                }
            }
        }
        for (int t = 0; t < wt.pairCount(); t++) {
            if (wt.kept(wt.pairLow(t))) {
                continue;
            }
            int c = wt.constraint(wt.pairLow(t)), c2 = wt.constraint(wt.pairHigh(t));
            for (int i = 0; i < wt.dim(wt.pairLow(t)); i++) {
                for (int j = 0; j < wt.dim(wt.pairHigh(t)); j++) {
                    e[36 * t + 6 * i + j] = f.k(c, i, c2, j);
                }
            }
        }
        wt.factor();
        double[] x = new double[6 * n];
        for (int p = 0; p < n; p++) {
            for (int i = 0; i < wt.dim(p); i++) {
                x[6 * p + i] = Math.sin(7 * wt.constraint(p) + i);
            }
        }
        wt.solve(x);
        return x;
    }

    /**
     * The largest residual of A x = r over every tree position's rows (A assembled densely from the Jacobians, r_i =
     * sin(row index)), relative to {@code |A| |x| + |r|} in that row: a backward-stable solve leaves it near the
     * rounding error whatever the conditioning of the random Jacobians.
     */
    private static double residual(WeldTrees wt, Forest f, double[] x) {
        int n = wt.size();
        double worst = 0;
        for (int p = 0; p < n; p++) {
            for (int i = 0; i < wt.dim(p); i++) {
                double r = Math.sin(7 * wt.constraint(p) + i), sum = -r, scale = Math.abs(r);
                for (int q = 0; q < n; q++) {
                    for (int j = 0; j < wt.dim(q); j++) {
                        double a = f.k(wt.constraint(p), i, wt.constraint(q), j) * x[6 * q + j];
                        sum += a;
                        scale += Math.abs(a);
                    }
                }
                worst = Math.max(worst, Math.abs(sum) / scale);
            }
        }
        return worst;
    }

    private static boolean[] all(int n, boolean v) {
        boolean[] out = new boolean[n];
        java.util.Arrays.fill(out, v);
        return out;
    }

    @Test
    void solvesEveryTreeToTheRoundingErrorOfItsDenseEffectiveMass() {
        for (long seed = 1; seed <= 20; seed++) {
            Forest f = new Forest(seed, 40);
            WeldTrees wt = new WeldTrees();
            offer(wt, f, all(f.a.length, true));
            assertThat(wt.build(false)).isPositive();
            double[] x = fillFactorSolve(wt, f);
            for (int p = 0; p < wt.size(); p++) {
                assertThat(wt.failed(p)).isFalse();
            }
            assertThat(residual(wt, f, x)).as("seed %d", seed).isLessThan(1e-10);
        }
    }

    /**
     * A re-build with the same rows after one extra row left its tree (and, at the front, a tree of one that carried
     * an extra row is dropped, so every later tree moves down a position): the trees nothing left keep their factors
     * and the solution has the bits of a fresh build and factor of the same welds.
     */
    @Test
    void aRebuildWithTheSameRowsKeepsUnchangedTreesAndGivesTheBitsOfAFreshFactor() {
        int keptSomewhere = 0;
        for (long seed = 1; seed <= 20; seed++) {
            Forest f = new Forest(seed, 40);
            // weld 0 alone on the world with an extra row: a tree of one, offered alone
            f.a[0] = 0;
            f.base[0] = 5;
            f.extra[0] = true;
            f.jac[0] = java.util.Arrays.copyOf(f.jac[1], 6 * 12); // rows for a block of 5 and its extra row
            for (int i = 1; i < f.a.length; i++) {
                if (f.a[i] == 1) {
                    f.a[i] = 0; // nothing else hangs from body 1
                }
            }
            boolean[] with = all(f.a.length, true);
            WeldTrees reused = new WeldTrees();
            offer(reused, f, with);
            reused.build(false);
            fillFactorSolve(reused, f);
            int leaving = -1;
            for (int i = f.a.length - 1; i > 0 && leaving < 0; i--) {
                if (f.extra[i]) {
                    leaving = i;
                }
            }
            with[0] = false;
            if (leaving > 0) {
                with[leaving] = false;
            }
            offer(reused, f, with);
            int n = reused.build(true);
            double[] x = fillFactorSolve(reused, f);

            WeldTrees fresh = new WeldTrees();
            offer(fresh, f, with);
            assertThat(fresh.build(false)).isEqualTo(n);
            double[] y = fillFactorSolve(fresh, f);
            int kept = 0;
            for (int p = 0; p < n; p++) {
                assertThat(reused.constraint(p)).isEqualTo(fresh.constraint(p));
                assertThat(fresh.kept(p)).isFalse();
                kept += reused.kept(p) ? 1 : 0;
                if (reused.constraint(p) == leaving) {
                    assertThat(reused.kept(p)).as("the tree a row left is factored again").isFalse();
                }
            }
            keptSomewhere += kept;
            for (int i = 0; i < x.length; i++) {
                assertThat(Double.doubleToRawLongBits(x[i])).as("seed %d value %d", seed, i)
                        .isEqualTo(Double.doubleToRawLongBits(y[i]));
            }
        }
        assertThat(keptSomewhere).as("positions kept over the seeds").isPositive();
    }

    /** The same welds offered again with new numbers (the next sub-step of a chain): the order is kept, nothing of the factors, the bits of a fresh build. */
    @Test
    void theSameWeldsWithNewNumbersKeepTheOrderAndRefactorEverything() {
        Forest f = new Forest(7, 60);
        WeldTrees wt = new WeldTrees();
        boolean[] with = all(f.a.length, true);
        offer(wt, f, with);
        int n = wt.build(false);
        fillFactorSolve(wt, f);
        for (int i = 0; i < f.invMass.length; i++) {
            f.invMass[i] *= 1.5; // the next sub-step's numbers
        }
        offer(wt, f, with);
        assertThat(wt.build(false)).isEqualTo(n);
        for (int p = 0; p < n; p++) {
            assertThat(wt.kept(p)).isFalse();
        }
        double[] x = fillFactorSolve(wt, f);
        WeldTrees fresh = new WeldTrees();
        offer(fresh, f, with);
        fresh.build(false);
        double[] y = fillFactorSolve(fresh, f);
        for (int i = 0; i < x.length; i++) {
            assertThat(Double.doubleToRawLongBits(x[i])).isEqualTo(Double.doubleToRawLongBits(y[i]));
        }
        // and the same offers with the same numbers: everything kept, the same bits again
        offer(wt, f, with);
        wt.build(true);
        for (int p = 0; p < n; p++) {
            assertThat(wt.kept(p)).isTrue();
        }
        double[] z = fillFactorSolve(wt, f);
        for (int i = 0; i < x.length; i++) {
            assertThat(Double.doubleToRawLongBits(z[i])).isEqualTo(Double.doubleToRawLongBits(y[i]));
        }
    }
}
