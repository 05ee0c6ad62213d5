package dev.rubble.core.destruction;

import dev.rubble.core.body.StateHash;

/**
 * The destruction step's script (issue 23): the named passes in their order, the per-pass wall
 * times and the step's one-time start. {@link DestructionRuntime} owns one and delegates its step
 * slots to it; the script knows only the {@link DestructionContext} and the passes.
 *
 * <pre>
 *  gather        collision strain (this step's solved contacts, approach >= 1 cm/s, to the child the point hit)
 *  group         strained children by collection, then holder in first-strained order
 *  modifiers     strain-modifier chains (loads and thresholds only)
 *  evaluate      child breaks iff max(collision, external) >= threshold (direct children of active
 *                holders only: one level per step); external and collision loads reset
 *  budget        with a break budget: modifiers and evaluation holder by holder until it is spent
 *  propagate     into neighbours' external strain (max-combined; evaluated next step)
 *  landing       (RESOLVE) broken moving holders stopped by fixed geometry: their struck contacts and bonds
 *  momentum      restore breaking momentum to impactors
 *  release       pose childToParent x holderPose, v = v_h + w_h x r, w = w_h; per holder, then
 *  connectivity  of the rest by iterative union-find: one child alone, several a new internal
 *                cluster, pinned by anchors = kinematic; the holder's body is retired, never reshaped
 *  landing       free pieces of those holders get back what their failed bonds could not stop (LandingCarry)
 *  crumble       partial clusters whose children are all small release them all
 *  stress        (opt-in, issue 30) support-graph solve; failed bonds are cut like CutBond
 *  cuts          holders whose bonds were cut by commands (or by stress) split into their connected components
 *  removal       (the REMOVAL slot, after sleep) timed shrinking and removal of released pieces
 * </pre>
 */
final class StepScript {
    private final DestructionContext ctx;
    private final CollisionStrain gather;
    private final Grouping grouping;
    private final Modifiers modifiers;
    private final Evaluation evaluation;
    private final Propagation propagation;
    private final BreakBudget budget;
    private final MomentumReturn momentum;
    /** Pieces of a moving RESOLVE holder stopped by fixed geometry keep what their failed bonds could not stop. */
    private final LandingCarry landing;
    private final Release release;
    private final Crumbling crumbling;
    private final BondCuts cuts;
    /** Support-graph stress (issue 30; docs/destruction.md "Stress"): idle unless a collection has a stress model. */
    private final StressPass stress;
    private final Removal removal;
    /** Break prediction before the solve for collections in {@link ImpactMode#RESOLVE} (issue 22). */
    private final ImpactPass impacts;
    private final long[] passNanos = new long[PassSlot.values().length];
    private long begun = -1;

    StepScript(DestructionContext ctx, Pieces pieces) {
        this.ctx = ctx;
        grouping = new Grouping(ctx);
        modifiers = new Modifiers(ctx);
        evaluation = new Evaluation(ctx, pieces);
        propagation = new Propagation(ctx);
        budget = new BreakBudget(ctx, modifiers, evaluation);
        momentum = new MomentumReturn(ctx);
        Connectivity connectivity = new Connectivity(ctx, pieces);
        release = new Release(ctx, pieces, connectivity);
        cuts = new BondCuts(ctx, pieces, connectivity);
        stress = new StressPass(ctx, pieces);
        crumbling = new Crumbling(ctx, pieces);
        removal = new Removal(ctx);
        impacts = new ImpactPass(ctx, release, crumbling);
        landing = new LandingCarry(ctx);
        // the contacts of pieces the impact pass released before the solve are collision loads here too
        gather = new CollisionStrain(ctx, null, impacts);
    }

    /** The DESTRUCTION slot of step {@code stepIndex}. Cheap when nothing is strained. */
    void run(long stepIndex) {
        beginStep(stepIndex);
        // issue 29: members of unions take their union's pose before strain and release, and so read where
        // the union carries them after the step, collections or not
        ctx.unions.syncMembers();
        if (ctx.collections.isEmpty()) {
            if (ctx.unions.killsMarked()) {
                ctx.unions.afterBreaksAndKills(); // welded plain bodies a kill field marked leave their unions
            }
            return;
        }
        ctx.growGlobal();
        long t = dev.rubble.core.parallel.StageTime.now();
        gather.run();
        budget.restoreCarried(); // loads kept by holders that waited for the break budget
        t = lap(PassSlot.GATHER, t);
        grouping.run();
        t = lap(PassSlot.GROUP, t);
        boolean released = false;
        if (ctx.groups.entryCount > 0) {
            int broken;
            if (ctx.budget.limited()) {
                broken = budget.run(); // first-strained holders until the budget is spent
                t = lap(PassSlot.BUDGET, t);
            } else {
                modifiers.run();
                t = lap(PassSlot.MODIFIERS, t);
                broken = evaluation.run();
                budget.evaluatedAll();
                t = lap(PassSlot.EVALUATE, t);
            }
            propagation.run();
            t = lap(PassSlot.PROPAGATE, t);
            if (broken > 0) {
                released = true;
                landing.collect(); // a moving RESOLVE holder stopped by fixed geometry: what its free pieces keep
                momentum.run();
                ctx.budget.beginRelease(ctx.activeCount);
                release.run();
                ctx.growGlobal();
                landing.apply();
                crumbling.run(); // partial clusters that are all small crumble at once (removal options)
                t = lap(PassSlot.RELEASE, t);
                passNanos[PassSlot.RELEASE.ordinal()] -= release.connectivityNanos;
                passNanos[PassSlot.CONNECTIVITY.ordinal()] = release.connectivityNanos;
            }
        }
        if (stress.any()) { // bonds that fail under the support graph's loads are cut like CutBond's (issue 30)
            stress.run();
            t = lap(PassSlot.STRESS, t);
        }
        if (ctx.cutCount > 0) { // bonds cut by commands (issue 23): split holders that came apart
            if (!released) {
                ctx.budget.beginRelease(ctx.activeCount);
            }
            cuts.run();
            ctx.growGlobal();
            t = lap(PassSlot.CONNECTIVITY, t);
            stress.excess.apply(); // issue 30: what the bonds broke under, past their limits, moves the new pieces
        }
        // issue 29: broken members (and members a kill field marked) leave their unions, which split by connectivity
        ctx.unions.afterBreaksAndKills();
        budget.carryOver();
        ctx.swapLists();
        budget.finish();
        ctx.clearFieldVelocity(); // issue 24: field velocities of held pieces last one step
        lap(PassSlot.BUDGET, t);
    }

    /**
     * Starts step {@code stepIndex}'s destruction once: the last step's events, counters and pass
     * times are cleared (the impact pass before the solve and the DESTRUCTION slot after it share them).
     */
    private void beginStep(long stepIndex) {
        if (begun == stepIndex) {
            return;
        }
        begun = stepIndex;
        java.util.Arrays.fill(passNanos, 0);
        ctx.step = stepIndex;
        ctx.events.reset(stepIndex);
        ctx.impactBreaks = 0;
        ctx.cutBreaks = 0;
        ctx.impactEvents = 0;
        budget.begin();
    }

    /** Issue 22: whether a trial solve could break a child of a collection in {@link ImpactMode#RESOLVE}. */
    boolean impactsWanted() {
        return impacts.wanted();
    }

    /** Issue 22: {@link #impactsWanted()} before the step's first trial, made exact ({@link ImpactPass#wantedFirst}). */
    boolean impactsWantedFirst() {
        return impacts.wantedFirst();
    }

    /** Issue 22: breaks and releases what the trial solve of step {@code stepIndex} breaks; returns the children broken. */
    int predictBreaks(long stepIndex) {
        beginStep(stepIndex);
        ctx.unions.syncMembers();
        int broken = impacts.release();
        ctx.unions.afterBreaks();
        return broken;
    }

    /** Issue 22 item 4: the dynamic bodies the last prediction released (see {@link #released(int)}). */
    int collectReleased() {
        return impacts.collectReleased();
    }

    /** Issue 22: whether some collection resolves impacts. */
    boolean anyResolve() {
        return impacts.anyResolve();
    }

    /** Issue 22: the crushing cap of store manifold m in the real solve ({@link ImpactPass#crushCap}). */
    double crushCap(int m, int subSteps) {
        return impacts.crushCap(m, subSteps);
    }

    /** The body slot of the i-th piece {@link #collectReleased} counted. */
    int released(int i) {
        return impacts.released(i);
    }

    /** The stress pass (issue 30). */
    StressPass stress() {
        return stress;
    }

    /** The REMOVAL slot: removal timers, shrinking, removal. */
    void runRemoval() {
        removal.run();
    }

    private long lap(PassSlot slot, long t0) {
        long t = dev.rubble.core.parallel.StageTime.now();
        passNanos[slot.ordinal()] += t - t0;
        return t;
    }

    /** Wall time of pass {@code slot} in the last step, ns (0 when it did not run). */
    long passNanos(PassSlot slot) {
        return passNanos[slot.ordinal()];
    }

    /**
     * Mixes cluster state into {@code h} at O(active + strained) cost: the running digest of every
     * lasting change (placements, releases, thresholds, anchors), each active node with its body,
     * children and anchors, and the external strain waiting for the next step. In StateHash
     * {@code version} 2 the per-node and per-strain part mixes a 64-bit word at a time (version 1:
     * byte by byte, as journals before format 6 recorded it); the rest is the same in both.
     */
    long hash(long h, int version) {
        DestructionContext d = ctx;
        h = d.unions.hash(h); // unchanged without unions (issue 29)
        if (d.collections.isEmpty()) {
            return h;
        }
        h = StateHash.mix(h, d.digest);
        // the O(active + strained) part with the version's step (words from version 2, journal format 6)
        for (int i = 0; i < d.activeCount; i++) {
            int g = d.active[i];
            h = StateHash.mix(h, ((long) g << 32) | (d.store.childCount[g] & 0xffffffffL), version);
            h = StateHash.mix(h, d.store.body[g], version);
            h = StateHash.mix(h, d.store.anchoredCount[g], version);
        }
        for (int i = 0; i < d.listCount; i++) {
            h = StateHash.mix(h, d.list[i], version);
            h = StateHash.mix(h, Double.doubleToRawLongBits(d.store.externalLoad[d.list[i]]), version);
        }
        h = d.budget.hash(h); // collision loads kept for holders over the break budget (none without one)
        h = d.hashFieldReleases(h); // kill / dynamic-state releases waiting with them (none without)
        return removal.hash(h); // removal timers, only once some collection removes pieces
    }
}
