package dev.rubble.api;

import dev.rubble.core.plugin.Stages;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.core.world.World;
import dev.rubble.spi.collection.CollectionAsset;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Capsule;
import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.shape.Sphere;
import java.time.Duration;
import java.util.Objects;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * A JIT warm-up (issue 27; docs/destruction.md "The first explosion in a fresh JVM"): steps
 * throw-away worlds that exercise what a destruction scene runs — a small pre-fractured wall blown
 * apart by an explosion (the break, release and connectivity passes, hull against hull and hull
 * against box contacts, fields) and a heap of boxes, spheres and capsules — until a time budget is
 * spent, so that the JVM's optimising compiler has compiled those paths before the application's
 * own world sees its first explosion. The warm-up's worlds share nothing with any other world: a
 * world stepped after it gives the same bits as without it (only the speed changes).
 *
 * <p>Games precompile shaders during a loading screen for the same reason. In a fresh JVM the first
 * steps after a large break run interpreted or C1-compiled code (2–10× slower than C2's): no hull
 * touches another hull before the first break. Call this once at start-up, after loading plugins:
 * {@code Rubble.warmUp(Duration.ofSeconds(2))}; {@code rubble run|bench|demo|console --jit-warmup MS} do the same.
 */
public final class WarmUp {
    /** Steps per throw-away world (1.5 s of simulated time at the default 60 Hz). */
    public static final int STEPS_PER_ROUND = 90;
    /** Largest budget accepted, ms (ten minutes). */
    public static final long MAX_MILLIS = 600_000;
    /** The recipe of each round's fractured wall: 12 pieces at level 1, each cut in 6 (72 leaves). */
    public static final String RECIPE = "{\"box\": [1.5, 1.0, 0.2], \"levels\": ["
            + "{\"method\": \"voronoi\", \"options\": {\"count\": 12}},"
            + "{\"method\": \"voronoi\", \"options\": {\"count\": 6}}], \"seed\": 11}";

    private WarmUp() {
    }

    /**
     * What a warm-up ran.
     * @param rounds      throw-away worlds stepped
     * @param steps       steps taken over all rounds
     * @param breaks      break events ({@link BreakEvent.Kind#BREAK}) over all rounds: the explosion breaks
     *                    every piece of the wall off its parent, 12 + 12 × 6 = 84 a round, budgets or not
     * @param wallMillis  wall-clock time spent, ms
     * @param destruction true when the rounds held a fractured collection (a collection source, module
     *                    {@code rubble-scenario}, was on the class path); false: rigid bodies only
     */
    public record Report(int rounds, long steps, long breaks, long wallMillis, boolean destruction) {
        /** One line for logs: {@code jit_warmup rounds=… steps=… breaks=… ms=… destruction=…}. */
        @Override
        public String toString() {
            return "jit_warmup rounds=" + rounds + " steps=" + steps + " breaks=" + breaks + " ms=" + wallMillis
                    + " destruction=" + destruction;
        }
    }

    /**
     * Steps throw-away worlds with {@code stages} and {@code settings} until {@code budget} has passed
     * (checked between rounds, so the last round may overrun it by one round; a zero budget runs nothing).
     * Odd rounds cap breaks at four a step, so the deferred-break path is compiled too.
     * @param stages   the plugins the application's worlds will use
     * @param settings the settings they will use (the thread count included)
     * @param budget   how long to keep warming, 0 to {@link #MAX_MILLIS} ms
     * @return what ran
     */
    public static Report run(Stages stages, WorldSettings settings, Duration budget) {
        Objects.requireNonNull(budget, "budget is null");
        if (budget.isNegative() || budget.compareTo(Duration.ofMillis(MAX_MILLIS)) > 0) {
            throw new IllegalArgumentException("warm-up budget = " + budget + "; allowed: 0 (no warm-up) to "
                    + MAX_MILLIS + " ms");
        }
        long millis = budget.toMillis();
        return millis == 0 ? new Report(0, 0, 0, 0, false) : run(stages, settings, millis * 1_000_000L, 1);
    }

    /**
     * Steps exactly {@code rounds} throw-away worlds (as {@link #run(Stages, WorldSettings, Duration)},
     * whatever the time they take).
     * @param stages   the plugins the application's worlds will use
     * @param settings the settings they will use
     * @param rounds   worlds to step, 0 to 10 000
     * @return what ran
     * @throws IllegalArgumentException naming the bad round count
     */
    public static Report rounds(Stages stages, WorldSettings settings, int rounds) {
        if (rounds < 0 || rounds > 10_000) {
            throw new IllegalArgumentException("warm-up rounds = " + rounds + "; allowed: 0 to 10000");
        }
        return rounds == 0 ? new Report(0, 0, 0, 0, false) : run(stages, settings, 0, rounds);
    }

    private static Report run(Stages stages, WorldSettings settings, long budgetNanos, int minRounds) {
        Objects.requireNonNull(stages, "stages is null");
        Objects.requireNonNull(settings, "settings is null");
        long t0 = System.nanoTime();
        CollectionAsset wall = wall();
        int rounds = 0;
        long steps = 0;
        long[] breaks = new long[1];
        BreakListener counter = e -> {
            if (e.kind() == BreakEvent.Kind.BREAK) {
                breaks[0]++;
            }
        };
        long end = t0 + budgetNanos;
        do {
            PhysicsWorld w = new PhysicsWorld(World.create(settings, stages), null);
            populate(w, wall, rounds);
            w.destruction().addBreakListener(counter);
            for (int s = 0; s < STEPS_PER_ROUND; s++) {
                if (s == 1 && wall != null) {
                    explode(w);
                }
                w.step();
                steps++;
            }
            // the round's own worker threads stop now, not when a collection finds the world unreachable
            if (w.kernel().executor() instanceof dev.rubble.core.parallel.WorkerPool pool && pool.worldOwned()) {
                pool.close();
            }
            rounds++;
        } while (rounds < minRounds || System.nanoTime() < end);
        return new Report(rounds, steps, breaks[0], (System.nanoTime() - t0) / 1_000_000, wall != null);
    }

    /** The fractured wall, or null when no collection source is on the class path. */
    private static CollectionAsset wall() {
        try {
            return WorldDestruction.fracture(RECIPE);
        } catch (IllegalStateException e) { // no rubble-scenario: rigid bodies only
            return null;
        }
    }

    private static void populate(PhysicsWorld w, CollectionAsset wall, int round) {
        w.addBody(BodySpec.fixed(new Box(12, 0.5, 12)).withPosition(new Vector3d(0, -0.5, 0)).withMaterial(0.5, 0));
        if (wall != null) {
            w.destruction().place("warm-up wall", wall, new Vector3d(0, 1.0, 0), new Quaterniond(), null, null);
            if ((round & 1) == 1) {
                w.setBreakBudget(4);
            }
        }
        Quaterniond q = new Quaterniond();
        for (int i = 0; i < 48; i++) { // a heap of mixed shapes dropped beside the wall
            Shape s = switch (i % 3) {
                case 0 -> new Box(0.2, 0.15, 0.25);
                case 1 -> new Sphere(0.2);
                default -> new Capsule(0.15, 0.2);
            };
            q.identity().rotateXYZ(0.3 * i, 0.7 * i, 0.1 * i);
            w.addBody(BodySpec.dynamic(s).withPosition(new Vector3d(4 + 0.45 * (i % 4), 0.3 + 0.5 * (i / 16),
                    -0.7 + 0.45 * ((i / 4) % 4))).withOrientation(q).withMaterial(0.5, 0));
        }
    }

    /** The shatter scene's explosion recipe (docs/fields.md) scaled to the small wall. */
    private static void explode(PhysicsWorld w) {
        Vector3d c = new Vector3d(0, 1.0, -0.5);
        w.applyField(Fields.Target.EXTERNAL_CLUSTER_STRAIN, Fields.radialFalloff(c, 4).magnitude(1e5).falloff("none"),
                FieldOptions.once().resolution("maximum"));
        w.applyField(Fields.Target.LINEAR_VELOCITY, Fields.radialVector(c).times(Fields.radialFalloff(c, 4).magnitude(6)
                .falloff("linear")), FieldOptions.once().state("disabled"));
    }
}
