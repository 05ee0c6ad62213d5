package dev.rubble.core.plugin;

import dev.rubble.spi.RubblePlugin;
import dev.rubble.spi.StageFactory;
import dev.rubble.spi.broadphase.BroadphaseFactory;
import dev.rubble.spi.fracture.FractureFactory;
import dev.rubble.spi.graph.ConnectionGraphFactory;
import dev.rubble.spi.narrowphase.NarrowphaseFactory;
import dev.rubble.spi.soft.SoftSolverFactory;
import java.util.List;
import java.util.function.Function;

/**
 * A stage family the kernel knows: its name in scenario files ({@code world.stages.<name>}), the
 * factory type, the getter on {@link RubblePlugin} and the default implementation.
 * Adding a family = one constant here plus a default getter in {@link RubblePlugin}.
 *
 * @param name         key in {@code world.stages}
 * @param factoryType  the SPI factory interface
 * @param getter       reads the plugin's factories of this family
 * @param defaultName  chosen when the scenario does not name one
 */
public record StageFamily<F extends StageFactory<?>>(
        String name, Class<F> factoryType, Function<RubblePlugin, Iterable<F>> getter, String defaultName) {

    /**
     * Pairs of overlapping bounds. The default is the spatial-hash grid (core-solver ships it):
     * fastest of the four on every measured scene (docs/benchmarks.md, "Broadphase"); every
     * broadphase gives the same sorted pairs, so the choice never changes results.
     */
    public static final StageFamily<BroadphaseFactory> BROADPHASE =
            new StageFamily<>("broadphase", BroadphaseFactory.class, RubblePlugin::broadphases, "grid");

    /** Authoring: splits a convex piece into convex pieces (geometry collections). */
    public static final StageFamily<FractureFactory> FRACTURE =
            new StageFamily<>("fracture", FractureFactory.class, RubblePlugin::fractureMethods, "voronoi");

    /** Authoring: which sibling pieces of a geometry collection are bonded. */
    public static final StageFamily<ConnectionGraphFactory> CONNECTION_GRAPH =
            new StageFamily<>("connection-graph", ConnectionGraphFactory.class, RubblePlugin::connectionGraphs,
                    "minimal-spanning-subset-delaunay");

    public static final StageFamily<NarrowphaseFactory> NARROWPHASE =
            new StageFamily<>("narrowphase", NarrowphaseFactory.class, RubblePlugin::narrowphases, "default");

    /**
     * Soft bodies: projects the edge and volume constraints of tetrahedral cages. The default is
     * XPBD (compliance in m/N: the same material behaves the same at any iteration count and
     * step); {@code pbd} is the reference's per-iteration stiffness (docs/soft-bodies.md).
     */
    public static final StageFamily<SoftSolverFactory> SOFT_SOLVER =
            new StageFamily<>("soft-solver", SoftSolverFactory.class, RubblePlugin::softSolvers, "xpbd");

    /** Every family, in the order {@code rubble plugins} prints them. */
    public static List<StageFamily<?>> all() {
        return List.of(BROADPHASE, NARROWPHASE, FRACTURE, CONNECTION_GRAPH, SOFT_SOLVER);
    }

    /** The family called {@code name}, or fails listing the known ones. */
    public static StageFamily<?> byName(String name) {
        for (StageFamily<?> f : all()) {
            if (f.name.equals(name)) {
                return f;
            }
        }
        StringBuilder known = new StringBuilder();
        for (StageFamily<?> f : all()) {
            known.append(known.length() == 0 ? "" : ", ").append(f.name);
        }
        throw new UnknownStageException("unknown stage family '" + name + "'; known: " + known);
    }
}
