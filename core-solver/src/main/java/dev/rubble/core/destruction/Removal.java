package dev.rubble.core.destruction;

import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.body.StateHash;
import java.util.Arrays;

/**
 * Timed removal of released pieces, run by the REMOVAL slot after the sleep update (SPEC §6;
 * reference: chaos-clusters-strain-runtime §11, chaos-large-scale-destruction "碎块的一生").
 *
 * <pre>
 *  per released dynamic piece g (not a collection's root), each step, with τ = dt × multiplier:
 *   release step:       seen (timers 0)
 *   counting:           remove-on-break:  T_b += τ;  T_b >= delay_b  -> shrink, s = T_b - delay_b, D = removal_b
 *                       remove-on-sleep:  resting ? T_s += τ : T_s = 0;  T_s >= time_s -> shrink, s = T_s - time_s,
 *                                         D = removal_s   (resting = asleep, or slow-moving: |v| + |ω| r < slowSpeed)
 *   shrinking:          s += τ (from the step after it began); scale = 1 - s / D; s >= D (or D = 0) -> removed
 *   removed:            the body is retired (a REMOVED event); the node stays inert
 * </pre>
 * delay_b, removal_b, time_s and removal_s are drawn per piece with {@link DebrisOptions#draw} from
 * the collection's current options, so a replay draws the same and an option changed at run time
 * applies from the next step. The collision shape keeps its full size until the body is retired;
 * only {@link BodyStore#scale} (what renderers and the console draw) shrinks. O(active pieces) per
 * step, and nothing at all until some collection removes pieces. Allocation-free in steady state.
 * The timers are {@link RemovalTimers} (saved); this pass has no scratch.
 */
final class Removal implements Pass {
    private static final byte COUNTING = RemovalTimers.COUNTING, SHRINKING = RemovalTimers.SHRINKING,
            IGNORED = RemovalTimers.IGNORED;
    private static final byte SLEEPING = (byte) BodyState.SLEEPING.ordinal(), DISABLED = (byte) BodyState.DISABLED.ordinal();
    private static final byte DYNAMIC = (byte) MotionType.DYNAMIC.ordinal();

    private final DestructionContext d;
    private final RemovalTimers t;

    Removal(DestructionContext d) {
        this.d = d;
        this.t = d.removal;
    }

    void run() {
        DestructionStats st = d.budget.stats;
        t.grow(d.store.size());
        st.removalQueue = st.shrinking = st.removed = 0;
        if (!t.used) {
            return;
        }
        ClusterStore s = d.store;
        BodyStore b = d.bodies;
        double tau = d.dt * d.timerMultiplier;
        // backwards: a removed piece is swap-removed from the active list behind us
        for (int i = d.activeCount - 1; i >= 0; i--) {
            int g = d.active[i];
            if (!d.bodyAlive(g)) {
                continue;
            }
            long h = s.body[g];
            int slot = b.slot(h);
            PlacedCollection pc = d.collections.get(s.collection[g]);
            if (t.seen[g] != h) {
                // first sight of this body (its release step): timers start at 0
                t.seen[g] = h;
                t.breakTimer[g] = t.restTimer[g] = t.shrinkTime[g] = 0;
                t.phase[g] = g == pc.base || b.motion[slot] != DYNAMIC ? IGNORED : COUNTING;
                continue;
            }
            if (t.phase[g] == IGNORED) {
                continue;
            }
            if (t.phase[g] == SHRINKING) {
                t.shrinkTime[g] += tau;
                shrink(g, slot);
                continue;
            }
            DebrisOptions o = pc.debris;
            if (o.removeOnBreak() || o.removeOnSleep()) {
                st.removalQueue++; // counted before the timers: a piece that starts shrinking now is in both
            }
            long key = g - pc.base;
            if (o.removeOnBreak()) {
                t.breakTimer[g] += tau;
                double delay = DebrisOptions.draw(o.seed(), key, DebrisOptions.BREAK_DELAY, o.breakDelayMin(),
                        o.breakDelayMax());
                if (t.breakTimer[g] >= delay) {
                    startShrink(g, slot, t.breakTimer[g] - delay, DebrisOptions.draw(o.seed(), key,
                            DebrisOptions.BREAK_REMOVAL, o.breakRemovalMin(), o.breakRemovalMax()));
                    continue;
                }
            }
            if (o.removeOnSleep()) {
                if (resting(b, restingSlot(b, slot), o)) {
                    t.restTimer[g] += tau;
                } else {
                    t.restTimer[g] = 0;
                }
                double time = DebrisOptions.draw(o.seed(), key, DebrisOptions.SLEEP_TIME, o.sleepTimeMin(),
                        o.sleepTimeMax());
                if (t.restTimer[g] >= time) {
                    startShrink(g, slot, t.restTimer[g] - time, DebrisOptions.draw(o.seed(), key,
                            DebrisOptions.SLEEP_REMOVAL, o.sleepRemovalMin(), o.sleepRemovalMax()));
                }
            }
        }
    }

    /**
     * The body whose rest counts for the piece in {@code slot}: its own, or while it is welded into a
     * cluster union (disabled; issue 29) the union's body, which moves for it (a welded piece never sleeps
     * itself, so it was never removed on sleep).
     */
    private int restingSlot(BodyStore b, int slot) {
        if (b.state[slot] != DISABLED || !d.unions.any()) {
            return slot;
        }
        int u = d.unions.carrierSlot(b.handle(slot));
        return u >= 0 ? u : slot;
    }

    /**
     * Asleep, or (slow-moving-as-sleeping) awake with every point slower than {@code slowSpeed}:
     * {@code |v| + |ω| r < slowSpeed}, r half the diagonal of the body's bounds.
     */
    private static boolean resting(BodyStore b, int slot, DebrisOptions o) {
        if (b.state[slot] == SLEEPING) {
            return true;
        }
        if (!o.slowMovingAsSleeping()) {
            return false;
        }
        double[] bo = b.bounds;
        int k = 6 * slot;
        double ex = bo[k + 3] - bo[k], ey = bo[k + 4] - bo[k + 1], ez = bo[k + 5] - bo[k + 2];
        double r = 0.5 * Math.sqrt(ex * ex + ey * ey + ez * ez);
        double v = Math.sqrt(b.vx[slot] * b.vx[slot] + b.vy[slot] * b.vy[slot] + b.vz[slot] * b.vz[slot]);
        double w = Math.sqrt(b.wx[slot] * b.wx[slot] + b.wy[slot] * b.wy[slot] + b.wz[slot] * b.wz[slot]);
        return v + w * r < o.slowSpeed();
    }

    private void startShrink(int g, int slot, double elapsed, double duration) {
        t.phase[g] = SHRINKING;
        t.shrinkTime[g] = elapsed;
        t.shrinkDuration[g] = duration;
        d.mixDigest(g, 0x5A1FL);
        shrink(g, slot);
    }

    /** scale = 1 - s / D; at s >= D the piece is removed. */
    private void shrink(int g, int slot) {
        double dur = t.shrinkDuration[g];
        double time = t.shrinkTime[g];
        if (time >= dur) {
            remove(g, slot);
            return;
        }
        d.bodies.scale[slot] = 1 - time / dur;
        d.budget.stats.shrinking++;
    }

    /** Retires the piece's body and records a REMOVED event. */
    private void remove(int g, int slot) {
        ClusterStore s = d.store;
        BodyStore b = d.bodies;
        long h = s.body[g];
        b.scale[slot] = 0;
        int e = d.events.add(BreakEvents.REMOVED, s.collection[g], s.node[g], h, s.mass[g], 0);
        b.copyMotionState(slot, d.events.motion, 13 * e);
        d.mixDigest(g, 0xDEADL);
        d.budget.stats.removed++;
        t.seen[g] = ClusterStore.NONE;
        d.retire(g);
    }

    /** Mixes the timers of the pieces being timed (only once removal was used: default worlds hash as before). */
    long hash(long h) {
        if (!t.used) {
            return h;
        }
        for (int i = 0; i < d.activeCount; i++) {
            int g = d.active[i];
            if (t.seen[g] != d.store.body[g] || t.phase[g] == IGNORED) {
                continue;
            }
            h = StateHash.mix(h, t.phase[g]);
            h = StateHash.mix(h, t.breakTimer[g]);
            h = StateHash.mix(h, t.restTimer[g]);
            h = StateHash.mix(h, t.shrinkTime[g]);
        }
        return h;
    }
}
