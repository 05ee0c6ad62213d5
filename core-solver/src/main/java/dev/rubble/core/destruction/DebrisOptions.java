package dev.rubble.core.destruction;

/**
 * What happens to one placed collection's pieces once they are off (SPEC §6; reference:
 * chaos-large-scale-destruction "碎块的一生", chaos-clusters-strain-runtime §10.5, §11): the debris
 * (one-way interaction) level, remove-on-break, remove-on-sleep with slow-moving-as-sleeping, and
 * crumbling of partial clusters. Immutable; validated with messages that name the field. Changeable
 * at run time ({@link Destruction#setDebrisOptions}, journalled as {@code Command.SetDebrisOptions}).
 * docs/destruction.md, "Debris and removal", gives the rules.
 *
 * @param oneWayInteractionLevel pieces whose level is at or past this are debris: they push no
 *                               non-debris body and strain nothing (≥ 1; default
 *                               {@link Integer#MAX_VALUE} = no debris)
 * @param removeOnBreak          released pieces are removed after a timer (default off)
 * @param breakDelayMin          remove-on-break: the delay after release before shrinking starts is
 *                               drawn in [min, max], s (default 0, 0 as Chaos's tool)
 * @param breakDelayMax          see breakDelayMin
 * @param breakRemovalMin        remove-on-break: the shrink duration is drawn in [min, max], s
 *                               (default 2, 3)
 * @param breakRemovalMax        see breakRemovalMin
 * @param removeOnSleep          released pieces resting long enough are removed (default off)
 * @param sleepTimeMin           remove-on-sleep: rest time before shrinking, drawn in [min, max], s
 *                               (default 5, 10)
 * @param sleepTimeMax           see sleepTimeMin
 * @param sleepRemovalMin        remove-on-sleep: shrink duration, drawn in [min, max], s (default 2.5, 5)
 * @param sleepRemovalMax        see sleepRemovalMin
 * @param slowMovingAsSleeping   an awake piece moving slower than {@code slowSpeed} rests for
 *                               remove-on-sleep (default on)
 * @param slowSpeed              m/s, ≥ 0 (default 0.01 = Chaos's 1 cm/s)
 * @param crumbleSize            a partial cluster whose remaining children all have a relative size
 *                               at most this crumbles at once, in [0, 1] (default 0 = off)
 * @param seed                   mixed into every timer draw (default 0)
 */
public record DebrisOptions(int oneWayInteractionLevel, boolean removeOnBreak, double breakDelayMin,
                            double breakDelayMax, double breakRemovalMin, double breakRemovalMax,
                            boolean removeOnSleep, double sleepTimeMin, double sleepTimeMax,
                            double sleepRemovalMin, double sleepRemovalMax, boolean slowMovingAsSleeping,
                            double slowSpeed, double crumbleSize, long seed) {

    private static final DebrisOptions DEFAULTS = new DebrisOptions(Integer.MAX_VALUE, false, 0, 0, 2, 3, false,
            5, 10, 2.5, 5, true, 0.01, 0, 0);

    /** Draw purposes (the {@code p} of the documented draw). */
    public static final int BREAK_DELAY = 0, BREAK_REMOVAL = 1, SLEEP_TIME = 2, SLEEP_REMOVAL = 3;

    public DebrisOptions {
        if (oneWayInteractionLevel < 1) {
            throw new IllegalArgumentException("oneWayInteractionLevel = " + oneWayInteractionLevel
                    + "; allowed: >= 1 (" + Integer.MAX_VALUE + " = no debris)");
        }
        range("breakDelay", breakDelayMin, breakDelayMax);
        range("breakRemoval", breakRemovalMin, breakRemovalMax);
        range("sleepTime", sleepTimeMin, sleepTimeMax);
        range("sleepRemoval", sleepRemovalMin, sleepRemovalMax);
        if (!(slowSpeed >= 0) || !Double.isFinite(slowSpeed)) {
            throw new IllegalArgumentException("slowSpeed = " + slowSpeed + "; allowed: finite, >= 0 m/s");
        }
        if (!(crumbleSize >= 0 && crumbleSize <= 1)) {
            throw new IllegalArgumentException("crumbleSize = " + crumbleSize + "; allowed: [0, 1] (0 = off)");
        }
    }

    private static void range(String name, double min, double max) {
        if (!(min >= 0) || !Double.isFinite(min)) {
            throw new IllegalArgumentException(name + "Min = " + min + "; allowed: finite, >= 0 s");
        }
        if (!(max >= min) || !Double.isFinite(max)) {
            throw new IllegalArgumentException(name + "Max = " + max + "; allowed: finite, >= " + name + "Min ("
                    + min + ") s");
        }
    }

    /** Defaults: no debris level, no removal, Chaos's timer ranges, slow-moving-as-sleeping at 1 cm/s, no crumbling. */
    public static DebrisOptions defaults() {
        return DEFAULTS;
    }

    /** Whether any piece of the collection can ever be removed. */
    public boolean removes() {
        return removeOnBreak || removeOnSleep;
    }

    public DebrisOptions withOneWayInteractionLevel(int level) {
        return new DebrisOptions(level, removeOnBreak, breakDelayMin, breakDelayMax, breakRemovalMin, breakRemovalMax,
                removeOnSleep, sleepTimeMin, sleepTimeMax, sleepRemovalMin, sleepRemovalMax, slowMovingAsSleeping,
                slowSpeed, crumbleSize, seed);
    }

    /** Remove-on-break on, with the delay and shrink-duration ranges (s). */
    public DebrisOptions withRemoveOnBreak(double delayMin, double delayMax, double removalMin, double removalMax) {
        return new DebrisOptions(oneWayInteractionLevel, true, delayMin, delayMax, removalMin, removalMax,
                removeOnSleep, sleepTimeMin, sleepTimeMax, sleepRemovalMin, sleepRemovalMax, slowMovingAsSleeping,
                slowSpeed, crumbleSize, seed);
    }

    /** Remove-on-break on or off, keeping the ranges. */
    public DebrisOptions withRemoveOnBreak(boolean on) {
        return new DebrisOptions(oneWayInteractionLevel, on, breakDelayMin, breakDelayMax, breakRemovalMin,
                breakRemovalMax, removeOnSleep, sleepTimeMin, sleepTimeMax, sleepRemovalMin, sleepRemovalMax,
                slowMovingAsSleeping, slowSpeed, crumbleSize, seed);
    }

    /** Remove-on-sleep on, with the rest-time and shrink-duration ranges (s). */
    public DebrisOptions withRemoveOnSleep(double timeMin, double timeMax, double removalMin, double removalMax) {
        return new DebrisOptions(oneWayInteractionLevel, removeOnBreak, breakDelayMin, breakDelayMax, breakRemovalMin,
                breakRemovalMax, true, timeMin, timeMax, removalMin, removalMax, slowMovingAsSleeping, slowSpeed,
                crumbleSize, seed);
    }

    /** Remove-on-sleep on or off, keeping the ranges. */
    public DebrisOptions withRemoveOnSleep(boolean on) {
        return new DebrisOptions(oneWayInteractionLevel, removeOnBreak, breakDelayMin, breakDelayMax, breakRemovalMin,
                breakRemovalMax, on, sleepTimeMin, sleepTimeMax, sleepRemovalMin, sleepRemovalMax,
                slowMovingAsSleeping, slowSpeed, crumbleSize, seed);
    }

    public DebrisOptions withSlowMoving(boolean asSleeping, double speed) {
        return new DebrisOptions(oneWayInteractionLevel, removeOnBreak, breakDelayMin, breakDelayMax, breakRemovalMin,
                breakRemovalMax, removeOnSleep, sleepTimeMin, sleepTimeMax, sleepRemovalMin, sleepRemovalMax,
                asSleeping, speed, crumbleSize, seed);
    }

    public DebrisOptions withCrumbleSize(double size) {
        return new DebrisOptions(oneWayInteractionLevel, removeOnBreak, breakDelayMin, breakDelayMax, breakRemovalMin,
                breakRemovalMax, removeOnSleep, sleepTimeMin, sleepTimeMax, sleepRemovalMin, sleepRemovalMax,
                slowMovingAsSleeping, slowSpeed, size, seed);
    }

    public DebrisOptions withSeed(long s) {
        return new DebrisOptions(oneWayInteractionLevel, removeOnBreak, breakDelayMin, breakDelayMax, breakRemovalMin,
                breakRemovalMax, removeOnSleep, sleepTimeMin, sleepTimeMax, sleepRemovalMin, sleepRemovalMax,
                slowMovingAsSleeping, slowSpeed, crumbleSize, s);
    }

    /** Mixes every field into a state hash (explicitly, not through {@code hashCode}, which may differ between JDKs). */
    long mix(long h) {
        h = dev.rubble.core.body.StateHash.mix(h, oneWayInteractionLevel);
        h = dev.rubble.core.body.StateHash.mix(h, (removeOnBreak ? 1 : 0) | (removeOnSleep ? 2 : 0)
                | (slowMovingAsSleeping ? 4 : 0));
        double[] v = {breakDelayMin, breakDelayMax, breakRemovalMin, breakRemovalMax, sleepTimeMin, sleepTimeMax,
                sleepRemovalMin, sleepRemovalMax, slowSpeed, crumbleSize};
        for (double x : v) {
            h = dev.rubble.core.body.StateHash.mix(h, x);
        }
        return dev.rubble.core.body.StateHash.mix(h, seed);
    }

    /**
     * The seeded draw of a piece (replays agree): {@code u = (mix64(seed + GOLDEN · (4 key + p + 1))
     * >>> 11) · 2⁻⁵³} in [0, 1) with SplitMix64's finaliser {@code mix64}, then {@code min + u (max - min)}.
     * {@code key} is the piece's node id within its collection (the asset node; a run-time internal
     * cluster continues past the asset's nodes), {@code p} one of {@link #BREAK_DELAY},
     * {@link #BREAK_REMOVAL}, {@link #SLEEP_TIME}, {@link #SLEEP_REMOVAL}.
     */
    public static double draw(long seed, long key, int p, double min, double max) {
        long z = seed + 0x9E3779B97F4A7C15L * (4 * key + p + 1);
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        z ^= z >>> 31;
        double u = (z >>> 11) * 0x1.0p-53;
        return min + u * (max - min);
    }
}
