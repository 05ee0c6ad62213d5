package dev.rubble.core.plugin;

import dev.rubble.spi.RubblePlugin;
import dev.rubble.spi.StageFactory;
import dev.rubble.spi.broadphase.BroadphaseFactory;
import dev.rubble.spi.constraint.ConstraintFactory;
import dev.rubble.spi.damage.DamageModelFactory;
import dev.rubble.spi.field.FieldNodeFactory;
import dev.rubble.spi.fracture.FractureFactory;
import dev.rubble.spi.graph.ConnectionGraphFactory;
import dev.rubble.spi.narrowphase.NarrowphaseFactory;
import dev.rubble.spi.render.RendererFactory;
import dev.rubble.spi.strain.StrainModifierFactory;
import dev.rubble.spi.stress.StressModelFactory;
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
     * Draw-only renderers (SPEC §11): they read frames built from a world, a journal or a collection
     * and never take part in a step. The default writes one PNG image.
     */
    public static final StageFamily<RendererFactory> RENDERER =
            new StageFamily<>("renderer", RendererFactory.class, RubblePlugin::renderers, "png");

    /**
     * Destruction: breaking thresholds of collection nodes, chosen per placed collection
     * ({@code collections[].destruction.damageModel}); {@code world.stages.damage-model} sets the
     * world's default.
     */
    public static final StageFamily<DamageModelFactory> DAMAGE_MODEL =
            new StageFamily<>("damage-model", DamageModelFactory.class, RubblePlugin::damageModels, "user-defined");

    /**
     * Destruction: adjust strained children's loads and thresholds before breaking. Not one
     * choice but an ordered chain per placed collection ({@code collections[].destruction.strainModifiers}),
     * empty by default.
     */
    public static final StageFamily<StrainModifierFactory> STRAIN_MODIFIER =
            new StageFamily<>("strain-modifier", StrainModifierFactory.class, RubblePlugin::strainModifiers,
                    "(none: an ordered chain)");


    /**
     * Soft bodies: projects the edge and volume constraints of tetrahedral cages. The default is
     * XPBD (compliance in m/N: the same material behaves the same at any iteration count and
     * step); {@code pbd} is the reference's per-iteration stiffness (docs/soft-bodies.md).
     */
    public static final StageFamily<SoftSolverFactory> SOFT_SOLVER =
            new StageFamily<>("soft-solver", SoftSolverFactory.class, RubblePlugin::softSolvers, "xpbd");

    /**
     * Fields (docs/fields.md): node types of a field tree ({@code radial-falloff}, {@code operator},
     * ...). Not one choice: every loaded type is available to every field by name.
     */
    public static final StageFamily<FieldNodeFactory> FIELD_NODE =
            new StageFamily<>("field-node", FieldNodeFactory.class, RubblePlugin::fieldNodes, "(none: a tree of nodes)");

    /**
     * Destruction: a support-graph stress solver per placed collection, off unless a collection
     * names one ({@code collections[].destruction.stress.model}; docs/destruction.md "Stress").
     */
    public static final StageFamily<StressModelFactory> STRESS_MODEL =
            new StageFamily<>("stress-model", StressModelFactory.class, RubblePlugin::stressModels, "(none: off unless named)");

    /**
     * Constraints (docs/constraints.md): joint types ({@code distance}, {@code ball}, {@code hinge},
     * {@code fixed}, {@code rope}, ...). Not one choice: every loaded type is available to every
     * constraint by name.
     */
    public static final StageFamily<ConstraintFactory> CONSTRAINT =
            new StageFamily<>("constraint", ConstraintFactory.class, RubblePlugin::constraints, "(none: every type by name)");

    /** Every family, in the order {@code rubble plugins} prints them. */
    public static List<StageFamily<?>> all() {
        return List.of(BROADPHASE, NARROWPHASE, FRACTURE, CONNECTION_GRAPH, DAMAGE_MODEL, STRAIN_MODIFIER, STRESS_MODEL, RENDERER,
                SOFT_SOLVER, FIELD_NODE, CONSTRAINT);
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
