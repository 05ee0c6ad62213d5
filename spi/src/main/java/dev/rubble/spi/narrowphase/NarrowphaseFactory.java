package dev.rubble.spi.narrowphase;

import dev.rubble.spi.StageFactory;

/**
 * Creates {@link Narrowphase} instances; registered by plugins through
 * {@code RubblePlugin.narrowphases()}. The kernel's default is {@code "default"} (analytic where
 * possible); {@code "gjk"} uses GJK/EPA for every convex pair.
 */
public interface NarrowphaseFactory extends StageFactory<Narrowphase> {
}
