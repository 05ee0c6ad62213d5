package dev.rubble.core.destruction;

import dev.rubble.spi.StageConfig;
import java.util.List;
import java.util.Objects;

/**
 * How one placed collection breaks (SPEC §4–§6). Immutable; validated on construction with
 * messages that name the field.
 *
 * @param damageModel              damage-model plugin name ({@code null} = the world's default,
 *                                 {@code world.stages.damage-model}, else {@code user-defined})
 * @param damageOptions            options for it
 * @param strainModifiers          the ordered strain-modifier chain (empty by default)
 * @param propagation              damage propagation on (default): collision load goes to the nearest
 *                                 child only and breaks spread one hop per step
 * @param breakFactor              share of a broken child's excess load passed on, ≥ 0 (default 1)
 * @param shockFactor              share of an unbroken child's load passed on, ≥ 0 (default 0)
 * @param clusterDistanceThreshold half-size of the box around a contact point that selects the
 *                                 children it loads when propagation is off, m, ≥ 0 (default 1 m =
 *                                 Chaos's 100 cm)
 * @param maxClusterLevel          children at or past this level never break (≥ 1; default unlimited)
 * @param maxSimulatedLevel        nodes past this level are never simulated; children at or past it
 *                                 never break either (≥ 1; default unlimited)
 * @param restoreMomentum          share of the impulse a breaking holder absorbed that its impactors
 *                                 get back, in [0, 1] (default 0.5)
 * @param friction                 friction of the collection's bodies, ≥ 0 (default 0.5)
 * @param restitution              restitution of the collection's bodies, [0, 1] (default 0)
 * @param impactMode               how impacts break it (issue 22): {@link ImpactMode#CHAOS} (default) or
 *                                 {@link ImpactMode#RESOLVE}; docs/destruction.md "Impacts"
 */
public record DestructionOptions(String damageModel, StageConfig damageOptions, List<Modifier> strainModifiers,
                                 boolean propagation, double breakFactor, double shockFactor,
                                 double clusterDistanceThreshold, int maxClusterLevel, int maxSimulatedLevel,
                                 double restoreMomentum, double friction, double restitution, ImpactMode impactMode) {

    /** One strain-modifier chain entry: plugin name and its options. */
    public record Modifier(String name, StageConfig options) {
        public Modifier {
            Objects.requireNonNull(name, "strain modifier name is null");
            Objects.requireNonNull(options, "strain modifier options is null");
        }
    }

    /** The options with Chaos's impact rules ({@link ImpactMode#CHAOS}). */
    public DestructionOptions(String damageModel, StageConfig damageOptions, List<Modifier> strainModifiers,
                              boolean propagation, double breakFactor, double shockFactor,
                              double clusterDistanceThreshold, int maxClusterLevel, int maxSimulatedLevel,
                              double restoreMomentum, double friction, double restitution) {
        this(damageModel, damageOptions, strainModifiers, propagation, breakFactor, shockFactor, clusterDistanceThreshold,
                maxClusterLevel, maxSimulatedLevel, restoreMomentum, friction, restitution, ImpactMode.CHAOS);
    }

    public DestructionOptions {
        Objects.requireNonNull(damageOptions, "damageOptions is null");
        Objects.requireNonNull(impactMode, "impactMode is null; allowed: chaos, resolve");
        strainModifiers = List.copyOf(Objects.requireNonNull(strainModifiers, "strainModifiers is null"));
        nonNegative("breakFactor", breakFactor);
        nonNegative("shockFactor", shockFactor);
        nonNegative("clusterDistanceThreshold", clusterDistanceThreshold);
        if (maxClusterLevel < 1) {
            throw new IllegalArgumentException("maxClusterLevel = " + maxClusterLevel + "; allowed: >= 1");
        }
        if (maxSimulatedLevel < 1) {
            throw new IllegalArgumentException("maxSimulatedLevel = " + maxSimulatedLevel + "; allowed: >= 1");
        }
        if (!(restoreMomentum >= 0 && restoreMomentum <= 1)) {
            throw new IllegalArgumentException("restoreMomentum = " + restoreMomentum + "; allowed: [0, 1]");
        }
        nonNegative("friction", friction);
        if (!(restitution >= 0 && restitution <= 1)) {
            throw new IllegalArgumentException("restitution = " + restitution + "; allowed: [0, 1]");
        }
    }

    private static void nonNegative(String name, double v) {
        if (!(v >= 0) || !Double.isFinite(v)) {
            throw new IllegalArgumentException(name + " = " + v + "; allowed: finite, >= 0");
        }
    }

    /** Defaults: world damage model, no modifiers, propagation 1.0/0.0, 1 m, no level limits, 50 % restore. */
    public static DestructionOptions defaults() {
        return new DestructionOptions(null, StageConfig.empty(), List.of(), true, 1.0, 0.0, 1.0,
                Integer.MAX_VALUE, Integer.MAX_VALUE, 0.5, 0.5, 0);
    }

    /** The lowest level that never breaks: {@code min(maxClusterLevel, maxSimulatedLevel)}. */
    public int unbreakableLevel() {
        return Math.min(maxClusterLevel, maxSimulatedLevel);
    }

    public DestructionOptions withDamageModel(String name, StageConfig options) {
        return new DestructionOptions(name, options, strainModifiers, propagation, breakFactor, shockFactor,
                clusterDistanceThreshold, maxClusterLevel, maxSimulatedLevel, restoreMomentum, friction, restitution, impactMode);
    }

    public DestructionOptions withStrainModifiers(List<Modifier> chain) {
        return new DestructionOptions(damageModel, damageOptions, chain, propagation, breakFactor, shockFactor,
                clusterDistanceThreshold, maxClusterLevel, maxSimulatedLevel, restoreMomentum, friction, restitution, impactMode);
    }

    public DestructionOptions withPropagation(boolean on, double breakF, double shockF) {
        return new DestructionOptions(damageModel, damageOptions, strainModifiers, on, breakF, shockF,
                clusterDistanceThreshold, maxClusterLevel, maxSimulatedLevel, restoreMomentum, friction, restitution, impactMode);
    }

    public DestructionOptions withClusterDistanceThreshold(double d) {
        return new DestructionOptions(damageModel, damageOptions, strainModifiers, propagation, breakFactor,
                shockFactor, d, maxClusterLevel, maxSimulatedLevel, restoreMomentum, friction, restitution, impactMode);
    }

    public DestructionOptions withLevels(int maxCluster, int maxSimulated) {
        return new DestructionOptions(damageModel, damageOptions, strainModifiers, propagation, breakFactor,
                shockFactor, clusterDistanceThreshold, maxCluster, maxSimulated, restoreMomentum, friction, restitution, impactMode);
    }

    public DestructionOptions withRestoreMomentum(double share) {
        return new DestructionOptions(damageModel, damageOptions, strainModifiers, propagation, breakFactor,
                shockFactor, clusterDistanceThreshold, maxClusterLevel, maxSimulatedLevel, share, friction, restitution, impactMode);
    }

    public DestructionOptions withMaterial(double f, double e) {
        return new DestructionOptions(damageModel, damageOptions, strainModifiers, propagation, breakFactor,
                shockFactor, clusterDistanceThreshold, maxClusterLevel, maxSimulatedLevel, restoreMomentum, f, e, impactMode);
    }

    /** The same options with impacts taken by {@code mode} (docs/destruction.md "Impacts"). */
    public DestructionOptions withImpactMode(ImpactMode mode) {
        return new DestructionOptions(damageModel, damageOptions, strainModifiers, propagation, breakFactor,
                shockFactor, clusterDistanceThreshold, maxClusterLevel, maxSimulatedLevel, restoreMomentum, friction,
                restitution, mode);
    }
}
