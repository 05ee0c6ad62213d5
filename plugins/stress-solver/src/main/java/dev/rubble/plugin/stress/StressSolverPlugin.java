package dev.rubble.plugin.stress;

import dev.rubble.spi.RubblePlugin;
import dev.rubble.spi.stress.StressModelFactory;
import java.util.List;

/** Offers the stress model {@code support-graph} (docs/destruction.md, "Stress"). */
public final class StressSolverPlugin implements RubblePlugin {
    @Override
    public String name() {
        return "stress-solver";
    }

    @Override
    public Iterable<StressModelFactory> stressModels() {
        return List.of(new SupportGraphModel.Factory());
    }
}
