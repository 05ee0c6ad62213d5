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
}
