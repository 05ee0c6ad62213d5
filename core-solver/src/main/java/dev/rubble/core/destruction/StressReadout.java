package dev.rubble.core.destruction;

/**
 * What the support-graph stress pass (issue 30; docs/destruction.md "Stress") last solved, per
 * collection and bond: its stress ratio, load and damage, and the step's counters and residual.
 * A view over the runtime's state (read between steps); {@code DestructionRuntime.stress()} gives one.
 */
public final class StressReadout {
    private final DestructionContext ctx;
    private final StressPass pass;

    StressReadout(DestructionContext ctx, StressPass pass) {
        this.ctx = ctx;
        this.pass = pass;
    }

    /** Whether collection c has a stress model. */
    public boolean hasStressModel(int c) {
        return pass.state(c) != null;
    }

    /**
     * Bond (asset edge) e of collection c: its last stress ratio (0..1 up to the elastic limit, 1..2
     * between the limits, ≥ 2 fatal; 0 for collections without a stress model or bonds never solved).
     */
    public double bondStress(int c, int e) {
        StressPass.State st = pass.state(c);
        return st == null ? 0 : pass.currentRatio(ctx.collection(c), st, e);
    }

    /**
     * Bond e of collection c: the force (out[0..3), N) and moment about its centroid (out[3..6), N·m)
     * that its end {@code bondA} exerts on its end {@code bondB}, in the collection frame, as last
     * solved (zeros when {@link #bondStress} is 0 for want of a solve).
     */
    public void bondLoad(int c, int e, double[] out) {
        StressPass.State st = pass.state(c);
        boolean live = st != null && pass.currentRatio(ctx.collection(c), st, e) > 0;
        for (int j = 0; j < 6; j++) {
            out[j] = live ? st.load[6 * e + j] : 0;
        }
    }

    /** Bond e of collection c: its accumulated damage in [0, 1] (0 without a stress model). */
    public double bondDamage(int c, int e) {
        StressPass.State st = pass.state(c);
        return st == null ? 0 : st.damage[e];
    }

    /** The last step's stress counters: {solves, iterations, bonds cut}; worst residual in {@link #stressResidual()}. */
    public long[] stressCounters() {
        return new long[] {pass.solves, pass.iterations, pass.cutInLastRun};
    }

    /** The worst relative residual of the last step's stress solves (0 when none ran). */
    public double stressResidual() {
        return pass.worstResidual;
    }

    /**
     * Piece (global node) g's stress for {@code --color stress}: the largest last ratio of its live
     * bonds to siblings under the same holder (for a supported holder not solved yet — split off
     * by this step's cuts — the bonds' last solved ratio); NaN when its collection has no stress
     * model or it has no such bond (a loose piece, a holder's own body).
     */
    public double pieceStress(int g) {
        ClusterStore s = ctx.store;
        StressPass.State st = pass.state(s.collection[g]);
        int an = s.node[g];
        if (st == null || an < 0 || s.parent[g] == ClusterStore.NONE) {
            return Double.NaN;
        }
        PlacedCollection pc = ctx.collection(s.collection[g]);
        int[] ea = pc.asset.edgeA(), eb = pc.asset.edgeB();
        double worst = Double.NaN;
        for (int q = st.edgeStart[an]; q < st.edgeStart[an + 1]; q++) {
            int e = st.edges[q];
            int other = ea[e] == an ? eb[e] : ea[e];
            if (!pc.bondAlive[e] || s.parent[pc.base + other] != s.parent[g]) {
                continue;
            }
            double r = pass.currentRatio(pc, st, e);
            int h = s.parent[g];
            StressPass.Holder hd = h < st.holders.length ? st.holders[h] : null;
            if ((hd == null || !hd.solved || hd.body != s.body[h]) && s.anchoredCount[h] > 0) {
                r = st.ratio[e]; // a supported holder split off this step, solved next step: its bonds' last ratio
            }
            worst = Double.isNaN(worst) ? r : Math.max(worst, r);
        }
        return worst;
    }

    /** Node (global) g's own hulls in its body frame (centred on its centre of mass), for drawing pieces of a holder. */
    public dev.rubble.spi.shape.Shape nodeShape(int g) {
        return ctx.collection(ctx.store.collection[g]).shape(ctx.store.node[g]);
    }
}
