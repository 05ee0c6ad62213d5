package dev.rubble.plugin.graph;

import dev.rubble.spi.RubblePlugin;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.graph.ConnectionGraphFactory;
import dev.rubble.spi.graph.ConnectionGraphMethod;
import java.util.List;
import java.util.function.Function;

/** Offers every connection-graph method: the Delaunay family and the point-implicit family. */
public final class ConnectionGraphPlugin implements RubblePlugin {
    @Override
    public String name() {
        return "connection-graph";
    }

    @Override
    public Iterable<ConnectionGraphFactory> connectionGraphs() {
        return List.of(
                factory("delaunay", "all Delaunay (Voronoi-neighbour) edges of the children's centres",
                        DelaunayGraphs::delaunay),
                factory("minimal-spanning-subset-delaunay",
                        "default: Delaunay edges under 5 m x sqrt(connectionFactor), then shortest bridges",
                        DelaunayGraphs::minimalSpanningSubset),
                factory("none", "the default method (minimal-spanning-subset-delaunay)",
                        DelaunayGraphs::minimalSpanningSubset),
                factory("bounds-overlap-delaunay", "Delaunay edges whose inflated bounds overlap",
                        DelaunayGraphs::boundsOverlap),
                factory("point-implicit", "pairs where a vertex of one piece lies in the other",
                        DelaunayGraphs::pointImplicit),
                factory("point-implicit-augmented",
                        "point-implicit, then shortest Delaunay bridges until connected",
                        DelaunayGraphs::pointImplicitAugmented));
    }

    private static ConnectionGraphFactory factory(String name, String description,
            Function<StageConfig, ConnectionGraphMethod> make) {
        return new ConnectionGraphFactory() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public String description() {
                return description;
            }

            @Override
            public ConnectionGraphMethod create(StageConfig config) {
                return make.apply(config);
            }
        };
    }
}
