package dev.rubble.plugin.render.console;

import dev.rubble.spi.RubblePlugin;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.render.Renderer;
import dev.rubble.spi.render.RendererFactory;
import java.util.List;

/** Offers the character-cell world view the console shows, under the name {@code console}. No options. */
public final class ConsoleRenderPlugin implements RubblePlugin {

    @Override
    public String name() {
        return "render-console";
    }

    @Override
    public Iterable<RendererFactory> renderers() {
        return List.of(new RendererFactory() {
            @Override
            public String name() {
                return "console";
            }

            @Override
            public String description() {
                return "the console's world view: side or top projection of body bounds in character cells";
            }

            @Override
            public Renderer create(StageConfig config) {
                config.requireOnly();
                return new CellViewRenderer();
            }
        });
    }
}
