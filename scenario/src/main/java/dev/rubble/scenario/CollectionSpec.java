package dev.rubble.scenario;

import dev.rubble.core.destruction.CollectionPlacement;
import dev.rubble.core.command.CollisionProxies;
import dev.rubble.core.destruction.DebrisOptions;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A scenario's {@code collections[i]}: where the collection comes from (a {@code .rbc} file or an
 * inline fracture recipe) and how it is placed. Resolved against the plugins when the world is
 * built ({@link ScenarioWorld}).
 *
 * @param id        name used by destruction commands ({@code collection}), unique
 * @param file      the collection file, or null
 * @param recipe    the inline recipe, or null (exactly one of file and recipe)
 * @param placement pose, velocity, state, anchors and destruction options
 * @param debris    debris level, removal and crumbling ({@code collections[i].debris}), set after placing
 * @param stress    the support-graph stress model ({@code collections[i].stress}; docs/destruction.md "Stress"), or
 *                  null (off, the default)
 * @param proxies   collision proxies: size buckets and debris-as-sphere ({@code collections[i].collisionProxies};
 *                  issue 27, {@link CollisionProxies}); {@link CollisionProxies#none()} by default
 */
public record CollectionSpec(String id, Path file, Recipe recipe, CollectionPlacement placement, DebrisOptions debris,
                             Stress stress, CollisionProxies proxies) {
    /** {@code collections[i].stress}: the stress-model plugin's name and its options. */
    public record Stress(String model, dev.rubble.spi.StageConfig options,
                         java.util.SortedMap<Integer, dev.rubble.spi.stress.StressLimits> materials) {
        public Stress {
            Objects.requireNonNull(model, "stress model is null");
            Objects.requireNonNull(options, "stress options is null");
            materials = materials == null ? new java.util.TreeMap<>() : new java.util.TreeMap<>(materials);
        }

        public Stress(String model, dev.rubble.spi.StageConfig options) {
            this(model, options, null);
        }
    }

    /** A spec without collision proxies. */
    public CollectionSpec(String id, Path file, Recipe recipe, CollectionPlacement placement, DebrisOptions debris,
                          Stress stress) {
        this(id, file, recipe, placement, debris, stress, CollisionProxies.none());
    }

    /** The same spec with collision proxies {@code p}. */
    public CollectionSpec withProxies(CollisionProxies p) {
        return new CollectionSpec(id, file, recipe, placement, debris, stress, p);
    }

    /** A spec without a stress model. */
    public CollectionSpec(String id, Path file, Recipe recipe, CollectionPlacement placement, DebrisOptions debris) {
        this(id, file, recipe, placement, debris, null);
    }

    public CollectionSpec {
        Objects.requireNonNull(placement, "placement is null");
        Objects.requireNonNull(debris, "debris is null");
        Objects.requireNonNull(proxies, "proxies is null");
        if ((file == null) == (recipe == null)) {
            throw new IllegalArgumentException(file == null ? "give a file or a recipe; neither was given" : "give a file or a recipe, not both");
        }
    }

    /** A spec with the default debris options (no debris level, no removal, no crumbling). */
    public CollectionSpec(String id, Path file, Recipe recipe, CollectionPlacement placement) {
        this(id, file, recipe, placement, DebrisOptions.defaults());
    }

    /**
     * An inline fracture recipe, as {@code rubble fracture} takes it: a box source, fracture
     * levels (method and options each), seed, chance for later levels, auto-clustering, tiny-piece
     * fixing, density and connection graph.
     *
     * @param halfExtents    box half extents, m
     * @param levels         per level: the fracture method and its options
     * @param seed           random seed (level l uses seed + l)
     * @param chance         later levels fracture each piece with this probability, [0, 1]
     * @param cluster        auto-cluster the root's children into about this many clusters (0 = no)
     * @param minClusterSize auto-clustering minimum component size
     * @param fixTiny        merge leaves under this share of the largest leaf volume (negative = no)
     * @param density        kg/m³
     * @param graph          connection-graph method
     * @param maxConnections at most this many edges per node
     */
    public record Recipe(double[] halfExtents, List<Level> levels, long seed, double chance, int cluster,
                         int minClusterSize, double fixTiny, double density, String graph, int maxConnections) {
        public Recipe {
            levels = List.copyOf(levels);
        }
    }

    /** One fracture level: method name and options. */
    public record Level(String method, Map<String, Object> options) {
        public Level {
            options = Map.copyOf(options);
        }
    }
}
