package dev.rubble.plugin.fracture.cut;

import dev.rubble.spi.RubblePlugin;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.fracture.FractureFactory;
import dev.rubble.spi.fracture.FractureMethod;
import java.util.List;
import java.util.function.Function;

/** Offers the {@code slice}, {@code brick} and {@code plane} fracture methods. */
public final class CutPlugin implements RubblePlugin {
    @Override
    public String name() {
        return "fracture-cut";
    }

    @Override
    public Iterable<FractureFactory> fractureMethods() {
        return List.of(
                factory("slice", "evenly spaced planes per axis with angle and offset jitter", SliceFracture::new),
                factory("brick", "running-bond bricks (default 1.94 x 0.92 x 0.57 m, at most 8192)", BrickFracture::new),
                factory("plane", "cut by the given planes", PlaneFracture::new));
    }

    private static FractureFactory factory(String name, String description, Function<StageConfig, FractureMethod> make) {
        return new FractureFactory() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public String description() {
                return description;
            }

            @Override
            public FractureMethod create(StageConfig config) {
                return make.apply(config);
            }
        };
    }
}
