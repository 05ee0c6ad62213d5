package dev.rubble.api;

import dev.rubble.core.plugin.StageFamily;
import dev.rubble.core.plugin.Stages;
import dev.rubble.core.world.World;
import java.util.Objects;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The stage implementations (broadphases, narrowphases, fracture, ...) found on the class path and
 * in plugin directories. Loading scans jars and builds class loaders, so load once and create every
 * world from the same instance ({@link Rubble#loadPlugins}); {@link Rubble#defaultPlugins} is a
 * shared class-path instance. Immutable after loading; safe to share between threads, each world
 * then used by one thread.
 */
public final class Plugins {
    private final Stages stages;

    Plugins(Stages stages) {
        this.stages = Objects.requireNonNull(stages, "stages is null");
    }

    /**
     * A new world with these plugins.
     *
     * @throws IllegalArgumentException for a stage family or implementation that is not loaded
     *                                  (the message lists the known ones) or a bad stage option
     * @param config the world's settings
     * @return a new, empty world
     */
    public PhysicsWorld newWorld(WorldConfig config) {
        Objects.requireNonNull(config, "config is null");
        return new PhysicsWorld(World.create(config.settings(), stages), null);
    }

    /**
     * A world restored from a snapshot file ({@link PhysicsWorld#saveSnapshot}), with the settings it
     * was saved with and these plugins: it continues bit for bit like the saved world, and when that
     * world saved it in this JVM, the ids it handed out stay valid in the restored one (other ids
     * are refused: docs/java-api.md, "Ids and worlds").
     *
     * @throws IllegalArgumentException naming the file's problem (not a snapshot, truncated, damaged,
     *                                  a newer format version) or a stage the snapshot names that is not loaded
     * @param file the snapshot file
     * @return the restored world
     * @throws java.io.IOException when the file cannot be read
     */
    public PhysicsWorld restoreWorld(java.nio.file.Path file) throws java.io.IOException {
        Objects.requireNonNull(file, "file is null");
        return SnapshotLineage.restore(dev.rubble.core.snapshot.WorldSnapshot.read(file), stages);
    }

    /**
     * As {@link #restoreWorld(java.nio.file.Path)}, from a stream read to its end (not closed).
     * @param in the snapshot bytes
     * @return the restored world
     * @throws java.io.IOException when the stream fails
     */
    public PhysicsWorld restoreWorld(java.io.InputStream in) throws java.io.IOException {
        Objects.requireNonNull(in, "in is null");
        return SnapshotLineage.restore(dev.rubble.core.snapshot.WorldSnapshot.read(in, "snapshot stream"), stages);
    }

    /**
     * As {@link #restoreWorld(java.nio.file.Path)}, stepping on {@code threads} threads instead of the count
     * it was saved with ({@link WorldConfig#withThreads}): the world continues bit for bit on any count.
     * @param file the snapshot file
     * @param threads threads per step, 1 to {@link WorldConfig#MAX_THREADS}
     * @return the restored world
     * @throws IllegalArgumentException naming the count when it is out of range, or the file's problem
     * @throws java.io.IOException when the file cannot be read
     */
    public PhysicsWorld restoreWorld(java.nio.file.Path file, int threads) throws java.io.IOException {
        Objects.requireNonNull(file, "file is null");
        threads(threads);
        return SnapshotLineage.restore(dev.rubble.core.snapshot.WorldSnapshot.read(file), stages, threads);
    }

    /**
     * As {@link #restoreWorld(java.io.InputStream)}, stepping on {@code threads} threads instead of the count
     * it was saved with.
     * @param in the snapshot bytes
     * @param threads threads per step, 1 to {@link WorldConfig#MAX_THREADS}
     * @return the restored world
     * @throws IllegalArgumentException naming the count when it is out of range, or the stream's problem
     * @throws java.io.IOException when the stream fails
     */
    public PhysicsWorld restoreWorld(java.io.InputStream in, int threads) throws java.io.IOException {
        Objects.requireNonNull(in, "in is null");
        threads(threads);
        return SnapshotLineage.restore(dev.rubble.core.snapshot.WorldSnapshot.read(in, "snapshot stream"), stages,
                threads);
    }

    private static void threads(int threads) {
        if (threads < 1 || threads > WorldConfig.MAX_THREADS) {
            throw new IllegalArgumentException("threads = " + threads + "; allowed: [1, " + WorldConfig.MAX_THREADS + "]");
        }
    }

    /**
     * A JIT warm-up with these plugins ({@link WarmUp}): steps throw-away worlds with {@code config}'s
     * settings (a small fractured wall blown apart, a heap of mixed shapes) until {@code budget} has
     * passed, so that the first real explosion runs compiled code. No world's results change.
     *
     * @param config the settings the application's worlds will use
     * @param budget how long to warm, 0 to ten minutes (two seconds compile the shatter bench's paths on a
     *               2-core machine; docs/destruction.md)
     * @return what ran
     * @throws IllegalArgumentException for a negative budget or one over ten minutes
     */
    public WarmUp.Report warmUp(WorldConfig config, java.time.Duration budget) {
        Objects.requireNonNull(config, "config is null");
        return WarmUp.run(stages, config.settings(), budget);
    }

    /**
     * Names of the implementations loaded for a stage family ({@code broadphase}, {@code narrowphase},
     * {@code fracture}, {@code connection-graph}), sorted.
     *
     * @throws IllegalArgumentException for an unknown family, listing the known ones
     * @param family the stage family
     * @return the implementation names
     */
    public SortedSet<String> implementations(String family) {
        return new TreeSet<>(stages.factories(StageFamily.byName(family)).keySet());
    }

    /**
     * The kernel's stage registry. Internal: for modules that assemble kernel worlds themselves
     * (scenario loading); not part of the public API.
     * @return the stage registry
     */
    public Stages stages() {
        return stages;
    }
}
