package dev.rubble.spi.broadphase;

import dev.rubble.spi.StageFactory;

/** Creates {@link Broadphase} instances; registered by plugins through {@code RubblePlugin.broadphases()}. */
public interface BroadphaseFactory extends StageFactory<Broadphase> {
}
