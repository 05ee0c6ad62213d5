package dev.rubble.bench.peers;

import dev.rubble.scenario.Scenario;

/**
 * One peer physics engine running a bench scene. Single threaded: one thread builds, steps and
 * reads positions. An engine instance runs one scene and is then closed.
 */
interface PeerEngine extends AutoCloseable {
    /** Short name used on the command line and in reports ("jolt", "bullet", "jbullet", "ode4j"). */
    String name();

    /**
     * Builds the scene: every body of {@code scenario} (static ones first, then the dynamic ones in
     * scene order), with the engine's default solver settings, sleeping off and one thread.
     */
    void build(Scenario scenario);

    /** Advances the world by exactly one step of 1/60 s (no sub-steps). */
    void step();

    /** Writes the centre positions of the dynamic bodies, in scene order, as x, y, z triples. */
    void dynamicPositions(double[] out);

    /**
     * One line of {@code key=value} facts for the report: library version, solver iteration counts,
     * friction and restitution combine rules and the resulting pair coefficient, broadphase,
     * threads, sleeping.
     */
    String info();

    /**
     * Starts counting the contact manifolds the engine reports (call after {@link #build}; counting may
     * cost time, so a timed run never counts). Engines that cannot count throw.
     */
    default void countManifolds() {
        throw new UnsupportedOperationException("engine " + name() + " cannot count its contact manifolds");
    }

    /** Manifolds reported since {@link #countManifolds} (touching body pairs, summed over the steps). */
    default long manifoldsCounted() {
        return 0;
    }

    @Override
    void close();
}
