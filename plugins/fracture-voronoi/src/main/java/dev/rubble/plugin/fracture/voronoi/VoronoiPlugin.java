package dev.rubble.plugin.fracture.voronoi;

import dev.rubble.spi.RubblePlugin;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.fracture.FractureFactory;
import dev.rubble.spi.fracture.FractureMethod;
import java.util.List;

/** Offers the {@code voronoi} fracture method. */
public final class VoronoiPlugin implements RubblePlugin {
    @Override
    public String name() {
        return "fracture-voronoi";
    }

    @Override
    public Iterable<FractureFactory> fractureMethods() {
        return List.of(new FractureFactory() {
            @Override
            public String name() {
                return "voronoi";
            }

            @Override
            public String description() {
                return "Voronoi cells of uniform, radial, clustered or custom sites (voro++-style clipping)";
            }

            @Override
            public FractureMethod create(StageConfig config) {
                return new VoronoiFracture(config);
            }
        });
    }
}
