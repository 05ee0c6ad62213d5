package dev.rubble.plugin.render.png;

import dev.rubble.spi.RubblePlugin;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.render.Renderer;
import dev.rubble.spi.render.RendererFactory;
import java.util.List;

/**
 * Offers the software-rasterised renderers {@code png}, {@code sheet} and {@code gif}. Options:
 * see {@link RenderOptions}; unknown ones are rejected.
 */
public final class PngRenderPlugin implements RubblePlugin {

    @Override
    public String name() {
        return "render-png";
    }

    @Override
    public Iterable<RendererFactory> renderers() {
        return List.of(
                factory("png", PixelRenderer.Mode.PNG, "one frame as a PNG image: software z-buffer rasteriser,"
                        + " perspective camera, Lambert shading, colour by level, piece or strain heat"),
                factory("sheet", PixelRenderer.Mode.SHEET, "a contact sheet: N frames of a run tiled into one PNG"),
                factory("gif", PixelRenderer.Mode.GIF, "an animated GIF of a run (JDK ImageIO, fixed 252-colour palette)"));
    }

    private static RendererFactory factory(String name, PixelRenderer.Mode mode, String description) {
        return new RendererFactory() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public String description() {
                return description;
            }

            @Override
            public Renderer create(StageConfig config) {
                return new PixelRenderer(mode, RenderOptions.parse(config, mode != PixelRenderer.Mode.PNG));
            }
        };
    }
}
