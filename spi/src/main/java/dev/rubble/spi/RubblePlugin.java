package dev.rubble.spi;

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

/**
 * The root of every Rubble plugin. A plugin jar lists one implementation in
 * {@code META-INF/services/dev.rubble.spi.RubblePlugin}; the kernel finds it with
 * {@link java.util.ServiceLoader} and asks it for the factories it offers, one getter per
 * stage family.
 *
 * <p>Every getter has a default that offers nothing, so a new stage family is a new default
 * method and plugins compiled against an older SPI still link (the Trino idiom). Factory names
 * must be unique within a family across all loaded plugins; the kernel rejects duplicates.
 *
 * <p>Threading: the kernel calls these getters once, on one thread, while it loads plugins.
 */
public interface RubblePlugin {

    /**
     * A short, stable plugin name for logs and {@code rubble plugins}, e.g. {@code "broadphase-sap"}.
     * @return the plugin name
     */
    String name();

    /**
     * Broadphase algorithms this plugin offers.
     * @return the factories, empty by default
     */
    default Iterable<BroadphaseFactory> broadphases() {
        return List.of();
    }

    /**
     * Narrowphase dispatch tables (contact generation per shape pair) this plugin offers.
     * @return the factories, empty by default
     */
    default Iterable<NarrowphaseFactory> narrowphases() {
        return List.of();
    }

    /**
     * Fracture methods (authoring: split a convex piece into convex pieces) this plugin offers.
     * @return the factories, empty by default
     */
    default Iterable<FractureFactory> fractureMethods() {
        return List.of();
    }

    /**
     * Connection-graph methods (authoring: which sibling pieces are bonded) this plugin offers.
     * @return the factories, empty by default
     */
    default Iterable<ConnectionGraphFactory> connectionGraphs() {
        return List.of();
    }

    /**
     * Renderers (draw-only: console cells, PNG images, contact sheets, animations) this plugin offers.
     * @return the factories, empty by default
     */
    default Iterable<RendererFactory> renderers() {
        return List.of();
    }

    /**
     * Damage models (destruction: the breaking thresholds of collection nodes) this plugin offers.
     * @return the factories, empty by default
     */
    default Iterable<DamageModelFactory> damageModels() {
        return List.of();
    }

    /**
     * Strain modifiers (destruction: adjust loads and thresholds before breaking) this plugin offers.
     * @return the factories, empty by default
     */
    default Iterable<StrainModifierFactory> strainModifiers() {
        return List.of();
    }

    /**
     * Soft-body solvers (position-based constraint projection of tetrahedral cages) this plugin offers.
     * @return the factories, empty by default
     */
    default Iterable<SoftSolverFactory> softSolvers() {
        return List.of();
    }

    /**
     * Field node types (fields: a tree of nodes evaluated at sample points; docs/fields.md) this plugin
     * offers.
     * @return the factories, empty by default
     */
    default Iterable<FieldNodeFactory> fieldNodes() {
        return List.of();
    }

    /**
     * Stress models (destruction: bond forces over a holder's support graph against elastic and
     * fatal limits; docs/destruction.md "Stress") this plugin offers.
     * @return the factories, empty by default
     */
    default Iterable<StressModelFactory> stressModels() {
        return List.of();
    }

    /**
     * Constraint (joint) types: distance/spring, ball, hinge, fixed, rope, ... (docs/constraints.md) this
     * plugin offers.
     * @return the factories, empty by default
     */
    default Iterable<ConstraintFactory> constraints() {
        return List.of();
    }
}
