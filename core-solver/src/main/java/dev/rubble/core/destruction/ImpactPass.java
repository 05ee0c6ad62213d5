package dev.rubble.core.destruction;

import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.collision.ContactStore;
import java.util.Arrays;

/**
 * Impacts that break pass their momentum on (issue 22; docs/destruction.md "Impacts"): the break
 * prediction of collections in {@link ImpactMode#RESOLVE}. Before the step's solve, the pipeline
 * runs a trial of the velocity solve (the first sub-step's biased iterations, then its relax
 * iterations against the separations the trial velocities would leave; velocities thrown away) and hands its per-point impulses to {@link #release}: every child of a RESOLVE holder whose
 * trial load (gathered exactly as collision strain is, {@link CollisionStrain}) reaches its threshold
 * breaks now, before the real solve: it is released at the holder's pose at the start of the step
 * with {@code v_h + ω_h × r}, the rest of the holder split by connectivity, and the pipeline finds
 * contacts again. The real solve then sees the struck pieces as the free bodies they are: the
 * impactor keeps what they cannot stop, they take what they received, and they move in their
 * release step (integrated with everything else; their contacts keep them from tunnelling). The
 * pipeline repeats the trial up to {@link #MAX_PASSES} times while something breaks, so an impact
 * cuts through several levels, or through pieces wedged between their neighbours, in one step.
 *
 * <p>Local failure (docs/destruction.md "Local failure"): a trial's rigid contact network carries
 * the push to every chain of pieces between the impactor and the anchors, so a trial load counts
 * only within the {@link ImpactZone} of the step's impactors; trial breaks propagate nothing (their
 * excess is momentum, passed on by the re-solve); and in the real solve a piece pushed against an
 * anchored holder of its own collection crushes the contact at the children's threshold
 * ({@link #crushCap}) instead of carrying the impact into the anchors.
 *
 * <p>Loads of the trial are discarded after it (loads never accumulate); children that held are
 * loaded again by the real solve in the DESTRUCTION slot, where Chaos's rules run unchanged.
 * Collections in {@link ImpactMode#CHAOS} (the default) are never touched and a world without
 * RESOLVE collections never runs a trial, so it steps bit for bit as before. Allocation-free once
 * grown.
 */
final class ImpactPass implements Pass {
    /** Trial solves per step at most (each may release one more level or hop along the impact; the demo's impact needs 11). */
    public static final int MAX_PASSES = 32;

    private final DestructionContext d;
    private final CollisionStrain gather;
    private final Release release;
    private final Crumbling crumbling;
    /** Where this step's impactors reach: trial collision loads count only there (local failure). */
    private final ImpactZone zone;
    /** Trial loads dropped this step because their child lay outside every impactor's zone, N·s (read-out). */
    double outsideZoneLoad;
    /** Trial load per global node; touched nodes in first-loaded order. */
    double[] load = new double[0];
    private int[] touched = new int[16];
    private int touchedCount;
    private int stamp;
    private int[] stampOf = new int[0];
    ImpactPass(DestructionContext d, Release release, Crumbling crumbling) {
        this.d = d;
        this.gather = new CollisionStrain(d, this, null);
        this.release = release;
        this.crumbling = crumbling;
        this.zone = new ImpactZone(d);
    }

    /** Whether some placed collection resolves impacts. */
    boolean anyResolve() {
        for (int i = 0; i < d.collections.size(); i++) {
            if (d.collections.get(i).options.impactMode() == ImpactMode.RESOLVE) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether a trial solve could break something: a point of a manifold between an active holder of a
     * RESOLVE collection (or a cluster union's body where the member hit is one) and an awake dynamic
     * (non-debris) body approaches at {@link DestructionContext#MIN_APPROACH_SPEED}
     * or more (slower points give no strain). Cheap: O(manifolds) with an early exit, and false at once
     * without RESOLVE collections.
     */
    boolean wanted() {
        if (d.collections.isEmpty() || !anyResolve()) {
            return false;
        }
        ContactStore c = d.contacts;
        BodyStore b = d.bodies;
        for (int m = 0, n = c.size(); m < n; m++) {
            int pc = c.pointCount[m];
            if (pc == 0) {
                continue;
            }
            int sa = c.bodyA[m], sb = c.bodyB[m];
            int ha = d.unions.touched(c, m, true), hb = d.unions.touched(c, m, false); // a union's member (issue 29)
            if (!(ha >= 0 && resolveHolder(ha, sb)) && !(hb >= 0 && resolveHolder(hb, sa))) {
                continue;
            }
            if (!awakeDynamic(b, sa) && !awakeDynamic(b, sb)) {
                continue;
            }
            if (releasedThisStep(sa) || releasedThisStep(sb)) {
                return true; // a piece an earlier pass released, about to pass the impact on
            }
            double nx = c.nx[m], ny = c.ny[m], nz = c.nz[m];
            for (int k = 0, p = m * ContactStore.MAX_POINTS; k < pc; k++, p++) {
                // (vB + wB x rB - vA - wA x rA) . n, negative when approaching
                double ax = c.ax[p], ay = c.ay[p], az = c.az[p], bx = c.bx[p], by = c.by[p], bz = c.bz[p];
                double rvx = b.vx[sb] + b.wy[sb] * bz - b.wz[sb] * by - b.vx[sa] - (b.wy[sa] * az - b.wz[sa] * ay);
                double rvy = b.vy[sb] + b.wz[sb] * bx - b.wx[sb] * bz - b.vy[sa] - (b.wz[sa] * ax - b.wx[sa] * az);
                double rvz = b.vz[sb] + b.wx[sb] * by - b.wy[sb] * bx - b.vz[sa] - (b.wx[sa] * ay - b.wy[sa] * ax);
                if (-(rvx * nx + rvy * ny + rvz * nz) >= DestructionContext.MIN_APPROACH_SPEED) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * {@link #wanted()} before the step's first trial, made exact: a trial breaks a child only where an
     * impactor's {@link ImpactZone} reaches it (every other trial load is dropped) or where the child's
     * external load alone reaches its threshold (a field's or a command's strain, a crack propagated last
     * step, a threshold at or below 0). With no impactor this step (a broken cluster falling onto the
     * ground or sliding along the wall's remainder is a holder approaching, or approaching a holder, but
     * it is no impactor: it is not foreign to the collection) and no such child, the trial would break
     * nothing, and it is not run: a settling scene with RESOLVE collections pays an O(manifolds + nodes)
     * test a step instead of a second velocity solve.
     */
    boolean wantedFirst() {
        // a new step: the pieces earlier steps' trials released are no longer "released this step". Before
        // 2026-12-06 the stamp moved on only when a trial released something, so a piece a trial released steps
        // ago still counted as just released (its contacts asked for a trial and were collision loads), and a
        // world restored from a snapshot, whose stamps start afresh, went another way (determinism fuzz seed 9817)
        passStamp++;
        if (!wanted()) {
            return false;
        }
        zone.collect();
        // the step's first release uses this zone: nothing moves between here and the trial's end
        zoneCollected = zone.count() > 0 || breaksWithoutImpactor();
        return zoneCollected;
    }

    /** Set when {@link #wantedFirst} collected this step's zone for the trial it asked for. */
    private boolean zoneCollected;

    /**
     * Whether some child of an active RESOLVE holder would break in a trial with every collision load
     * dropped: its external load alone ({@code max(0, external)}, as {@link #release} compares it) reaches
     * its threshold, below its collection's unbreakable level. A superset of what {@link #release}
     * breaks without an impactor.
     */
    private boolean breaksWithoutImpactor() {
        ClusterStore s = d.store;
        for (int g = 0, n = s.size(); g < n; g++) {
            int p = s.parent[g];
            if (p == ClusterStore.NONE || s.body[p] == ClusterStore.NONE
                    || !(Math.max(0.0, s.externalLoad[g]) >= s.threshold[g])) {
                continue;
            }
            if (takes(p) && s.level[g] < d.collections.get(s.collection[g]).unbreakableLevel) {
                return true;
            }
        }
        return false;
    }

    private boolean resolveHolder(int slot, int other) {
        int g = d.nodeOfSlot(slot);
        if (g < 0 || d.store.childCount[g] == 0 || d.bodies.debris[other] != 0) {
            return false;
        }
        return d.collections.get(d.store.collection[g]).options.impactMode() == ImpactMode.RESOLVE;
    }

    private static boolean awakeDynamic(BodyStore b, int s) {
        return b.motion[s] == MotionType.DYNAMIC.ordinal() && b.state[s] == BodyState.AWAKE.ordinal();
    }

    private int[] newStamp = new int[0];
    private int passStamp;

    /**
     * Whether the body in {@code slot} is a piece an earlier pass of this step released. A contact of
     * such a piece counts in the trial even when it did not approach before the step: the piece is
     * about to be pushed by the impact, and what it passes on is the impact's, not a resting load
     * (Chaos's 1 cm/s filter would read it as resting, and an impact could never cut deeper than the
     * first piece it meets).
     */
    boolean releasedThisStep(int slot) {
        return slot < newStamp.length && newStamp[slot] == passStamp;
    }

    /** Marks the bodies of this step's events as released this step. */
    private void markReleased() {
        BreakEvents ev = d.events;
        for (int i = 0; i < ev.count(); i++) {
            long h = ev.body[i];
            int slot = (int) h;
            if (h < 0 || !d.bodies.isLive(slot) || d.bodies.handle(slot) != h) {
                continue; // a piece that broke again in a later pass
            }
            if (newStamp.length <= slot) {
                newStamp = Arrays.copyOf(newStamp, Math.max(slot + 1, newStamp.length * 2));
            }
            newStamp[slot] = passStamp;
        }
    }

    private int[] released = new int[16];
    private int releasedCount;
    private int[] releasedMark = new int[0];
    private int releasedStamp;

    /**
     * After the step's trial passes: collects the slots of the dynamic bodies they released (the pieces
     * that are solved and integrated in their release step) and returns how many; read them with
     * {@link #released(int)}. Only this step's events count (the DESTRUCTION slot has not run yet).
     */
    int collectReleased() {
        releasedCount = 0;
        collectedStep = d.step;
        if (++releasedStamp == Integer.MAX_VALUE) {
            Arrays.fill(releasedMark, 0);
            releasedStamp = 1;
        }
        BreakEvents ev = d.events;
        BodyStore b = d.bodies;
        d.impactEvents = ev.count();
        for (int i = 0; i < ev.count(); i++) {
            long h = ev.body[i];
            int slot = (int) h;
            if (h < 0 || !b.isLive(slot) || b.handle(slot) != h || b.motion[slot] != MotionType.DYNAMIC.ordinal()) {
                continue; // broken again by a later pass, or an anchored (kinematic) remainder
            }
            if (releasedMark.length <= slot) {
                releasedMark = Arrays.copyOf(releasedMark, Math.max(slot + 1, releasedMark.length * 2));
            }
            if (releasedMark[slot] == releasedStamp) {
                continue;
            }
            releasedMark[slot] = releasedStamp;
            if (releasedCount == released.length) {
                released = Arrays.copyOf(released, releasedCount * 2);
            }
            released[releasedCount++] = slot;
        }
        return releasedCount;
    }

    /**
     * Issue 22, local failure (docs/destruction.md "Local failure"): the normal impulse per point that
     * store manifold {@code m} may carry in the real solve, or +∞. A piece of a RESOLVE collection
     * pushed against a kinematic (anchored) holder of its own collection crushes the material at the
     * contact instead of carrying the impact into the anchors: the pair carries, per step, at most just
     * below the smallest threshold among the holder's children (N·s; N × dt for force models), shared
     * by its points and the step's sub-steps. Anything else (an impactor of another body, pieces
     * against free pieces, the ground) is uncapped.
     */
    double crushCap(int m, int subSteps) {
        ContactStore c = d.contacts;
        int sa = c.bodyA[m], sb = c.bodyB[m];
        int h = kinematicResolveHolder(sa, sb);
        if (h < 0) {
            h = kinematicResolveHolder(sb, sa);
        }
        if (h < 0) {
            return Double.POSITIVE_INFINITY;
        }
        ClusterStore s = d.store;
        double min = Double.POSITIVE_INFINITY;
        for (int ch = s.firstChild[h]; ch != ClusterStore.NONE; ch = s.nextSibling[ch]) {
            min = Math.min(min, s.threshold[ch]);
        }
        PlacedCollection pc = d.collections.get(s.collection[h]);
        if (pc.forces) {
            min *= d.dt;
        }
        int points = 0;
        for (int k = m; k < c.size() && c.bodyA[k] == sa && c.bodyB[k] == sb; k++) {
            points += c.pointCount[k];
        }
        for (int k = m - 1; k >= 0 && c.bodyA[k] == sa && c.bodyB[k] == sb; k--) {
            points += c.pointCount[k];
        }
        return min / (Math.max(points, 1) * (double) Math.max(subSteps, 1));
    }

    /**
     * The holder node in {@code slot} when it is a kinematic RESOLVE holder and {@code other} a
     * dynamic piece of the same collection; else -1.
     */
    private int kinematicResolveHolder(int slot, int other) {
        BodyStore b = d.bodies;
        if (b.motion[slot] != MotionType.KINEMATIC.ordinal() || b.motion[other] != MotionType.DYNAMIC.ordinal()) {
            return -1;
        }
        int g = d.nodeOfSlot(slot), o = d.nodeOfSlot(other);
        if (g < 0 || o < 0 || d.store.childCount[g] == 0 || d.store.collection[g] != d.store.collection[o]
                || !takes(d.store.firstChild[g])) {
            return -1;
        }
        return g;
    }

    /** The step whose trial passes {@link #collectReleased} last collected (their marks are valid in that step only). */
    private long collectedStep = Long.MIN_VALUE;

    /**
     * Whether the body in {@code slot} is a dynamic piece this step's trial passes released before the solve
     * (what {@link #collectReleased} collected), read by the DESTRUCTION slot's gather of the same step. Such a
     * piece was at rest relative to its holder when the step began, so its contacts approach at 0 and Chaos's
     * 1 cm/s filter would drop them; but the real solve drives it into its neighbours with the impact, and what
     * it passes on is a collision load, as the trial counts it ({@link #releasedThisStep}).
     */
    boolean releasedBeforeSolve(int slot) {
        return collectedStep == d.step && slot < releasedMark.length && releasedMark[slot] == releasedStamp;
    }

    /** The i-th slot {@link #collectReleased} found. */
    int released(int i) {
        return released[i];
    }

    /** Whether collision strain of holder g goes to this pass (its collection resolves impacts). */
    boolean takes(int g) {
        return d.collections.get(d.store.collection[g]).options.impactMode() == ImpactMode.RESOLVE;
    }

    /** A trial load for child g (called by the gather). */
    void add(int g, double j) {
        if (load.length <= g) {
            grow(d.store.size());
        }
        if (stampOf[g] != stamp) {
            stampOf[g] = stamp;
            load[g] = 0;
            if (touchedCount == touched.length) {
                touched = Arrays.copyOf(touched, touchedCount * 2);
            }
            touched[touchedCount++] = g;
        }
        load[g] += j;
    }

    private void grow(int n) {
        int cap = Math.max(n, load.length * 2);
        load = Arrays.copyOf(load, cap);
        stampOf = Arrays.copyOf(stampOf, cap);
    }

    /**
     * After a trial solve left its impulses in the contact store: breaks and releases the children of
     * RESOLVE holders whose trial load reaches their threshold (inclusive, below the collection's
     * unbreakable level, direct children of active holders only, within an impactor's
     * {@link ImpactZone}), and splits what is left by connectivity (no propagation: the excess is
     * momentum, passed on by the re-solve). Returns the children broken.
     */
    int release() {
        if (d.events.count() == 0) {
            passStamp++; // nothing of this step released yet: the step's first pass
            if (!zoneCollected) {
                zone.collect(); // a caller that did not ask wantedFirst (the zone is the same either way)
            }
            zoneCollected = false;
            outsideZoneLoad = 0;
        }
        markReleased();
        d.growGlobal();
        if (++stamp == Integer.MAX_VALUE) {
            Arrays.fill(stampOf, 0);
            stamp = 1;
        }
        touchedCount = 0;
        gather.run();
        // local failure: a child outside every impactor's zone holds in the trial whatever load a rigid
        // chain of pushed pieces gives it (docs/destruction.md "Local failure")
        for (int i = 0; i < touchedCount; i++) {
            int g = touched[i];
            if (load[g] > 0 && d.store.isHeldByActive(g) && d.bodyAlive(d.store.parent[g]) && !zone.contains(g)) {
                outsideZoneLoad += load[g];
                load[g] = 0;
            }
        }
        // cracks travel one hop per pass: what an earlier pass propagated (external strain waiting for
        // the next step) is evaluated with this pass's loads, max-combined (docs/destruction.md "Impacts")
        for (int i = 0; i < d.nextCount; i++) {
            int g = d.next[i];
            if (d.store.externalLoad[g] > 0 && d.store.isHeldByActive(g) && takes(d.store.parent[g])) {
                add(g, 0);
            }
        }
        if (touchedCount == 0) {
            return 0;
        }
        ClusterStore s = d.store;
        int broken = 0;
        for (int i = 0; i < touchedCount; i++) {
            int g = touched[i];
            if (!s.isHeldByActive(g) || !d.bodyAlive(s.parent[g])) {
                continue;
            }
            PlacedCollection pc = d.collections.get(s.collection[g]);
            if (s.level[g] < pc.unbreakableLevel && Math.max(load[g], s.externalLoad[g]) >= s.threshold[g]) {
                broken++;
            }
        }
        if (broken == 0) {
            return 0;
        }
        // group the loaded children by holder: holders in collection order, then first-loaded order
        StrainGroups gr = d.groups;
        if (gr.holders.length < touchedCount) {
            gr.growHolders(Math.max(touchedCount, gr.holders.length * 2));
        }
        gr.growEntries(touchedCount);
        int[] hs = gr.holders;
        int holders = 0;
        for (int i = 0; i < touchedCount; i++) {
            int g = touched[i];
            if (!s.isHeldByActive(g) || !d.bodyAlive(s.parent[g])) {
                continue;
            }
            int h = s.parent[g];
            boolean seen = false;
            for (int k = 0; k < holders && !seen; k++) {
                seen = hs[k] == h;
            }
            if (!seen) {
                hs[holders++] = h;
            }
        }
        sortByCollection(hs, holders);
        int e = 0;
        gr.evaluatedCount = 0;
        for (int k = 0; k < holders; k++) {
            int h = hs[k];
            gr.holderStart[k] = e;
            gr.holderBroken[k] = 0;
            PlacedCollection pc = d.collections.get(s.collection[h]);
            for (int i = 0; i < touchedCount; i++) {
                int g = touched[i];
                if (s.parent[g] != h) {
                    continue;
                }
                double a = Math.max(load[g], s.externalLoad[g]);
                boolean brk = s.level[g] < pc.unbreakableLevel && a >= s.threshold[g];
                if (brk) {
                    s.externalLoad[g] = 0; // evaluated and broken: its loads are spent
                    gr.holderBroken[k]++;
                }
                gr.entries[e] = g;
                gr.applied[e] = a;
                gr.broken[e] = brk;
                e++;
            }
            if (gr.holderBroken[k] > 0) {
                d.impactBreaks++;
                gr.evaluated(k);
            }
        }
        gr.holderStart[holders] = e;
        gr.holderCount = holders;
        gr.entryCount = e;
        // children that held keep no trial load: the real solve loads them again in the DESTRUCTION slot.
        // No propagation from trial breaks: their excess over the threshold is momentum, which the
        // re-solve passes on to the released pieces and the impactor; as strain it would count twice
        // (docs/destruction.md "Local failure")
        d.budget.beginRelease(d.activeCount);
        release.run();
        d.growGlobal();
        crumbling.run();
        gr.holderCount = 0;
        gr.entryCount = 0;
        gr.evaluatedCount = 0;
        return broken;
    }

    /** Stable insertion sort of the first n holders by collection (few holders per step). */
    private void sortByCollection(int[] hs, int n) {
        ClusterStore s = d.store;
        for (int i = 1; i < n; i++) {
            int h = hs[i];
            int j = i - 1;
            while (j >= 0 && s.collection[hs[j]] > s.collection[h]) {
                hs[j + 1] = hs[j];
                j--;
            }
            hs[j + 1] = h;
        }
    }
}
