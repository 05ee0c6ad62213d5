package dev.rubble.spi.render;

import dev.rubble.spi.StageFactory;

/**
 * Creates {@link Renderer}s of one kind ({@code png}, {@code console}, ...). Options come from
 * {@link dev.rubble.spi.StageConfig}; unknown keys must be rejected.
 */
public interface RendererFactory extends StageFactory<Renderer> {
}
