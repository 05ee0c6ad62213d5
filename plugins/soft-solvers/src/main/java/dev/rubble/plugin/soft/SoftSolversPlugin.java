package dev.rubble.plugin.soft;

import dev.rubble.spi.RubblePlugin;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.soft.SoftSolver;
import dev.rubble.spi.soft.SoftSolverFactory;
import java.util.List;

/**
 * Offers the soft-body solvers {@code xpbd} (default) and {@code pbd}. Options (both):
 * {@code subSteps} (1..256, default 8), {@code iterations} per sub-step (1..256, default 4),
 * {@code damping} (damping of a body's deformation, not of its motion as a whole, 1/s, [0, 1000], default 0.5). Unknown options are rejected.
 */
public final class SoftSolversPlugin implements RubblePlugin {

    @Override
    public String name() {
        return "soft-solvers";
    }

    @Override
    public Iterable<SoftSolverFactory> softSolvers() {
        return List.of(factory("xpbd", true,
                        "extended position-based dynamics: compliance in m/N with a Lagrange multiplier per"
                                + " constraint; the same material behaves the same at any iteration count and step"),
                factory("pbd", false,
                        "position-based dynamics with stiffness per iteration (the reference's springs): cheap,"
                                + " but stiffness depends on iteration count and step"));
    }

    private static SoftSolverFactory factory(String name, boolean xpbd, String description) {
        return new SoftSolverFactory() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public String description() {
                return description;
            }

            @Override
            public SoftSolver create(StageConfig config) {
                config.requireOnly("subSteps", "iterations", "damping");
                return new PositionBasedSoftSolver(xpbd, config.getInt("subSteps", 8, 1, 256),
                        config.getInt("iterations", 4, 1, 256), config.getDouble("damping", 0.5, 0, 1000));
            }
        };
    }
}
