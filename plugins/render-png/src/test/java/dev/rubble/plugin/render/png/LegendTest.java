package dev.rubble.plugin.render.png;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.spi.render.FrameBuffer;
import dev.rubble.spi.render.PixelCanvas;
import dev.rubble.spi.render.RenderFrame;
import dev.rubble.spi.render.RenderView;
import dev.rubble.spi.render.Renderer;
import dev.rubble.spi.shape.Box;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Issue 28, item 6: png/sheet/gif draw a legend for the colour mode in the bottom-left corner: a
 * swatch per fracture level present, the strain scale (the documented cold-to-hot ramp from 0 to 1 =
 * the threshold), the states present, and a hatched "anchored" swatch when anchored pieces are
 * drawn; none with {@code overlay=false}.
 */
final class LegendTest {
    private static final int W = 480, H = 270;

    private static Set<Integer> legendBand(String color, boolean overlay, boolean anchored) {
        Map<String, Object> o = new HashMap<>();
        o.put("color", color);
        o.put("shading", "flat");
        o.put("grid", false);
        o.put("overlay", overlay);
        Renderer r = PixelRendererTest.renderer("png", o);
        FrameBuffer f = new FrameBuffer();
        f.clear(0, 0, 0);
        int a = f.add(new Box(0.5, 0.5, 0.5), -1, 0.5, 0, 0, 0, 0, 1, RenderFrame.STATIC, 0);
        f.setDestruction(a, 1, anchored, 0.2, 1);
        int b = f.add(new Box(0.5, 0.5, 0.5), 1, 0.5, 0, 0, 0, 0, 1, RenderFrame.AWAKE, 1);
        f.setDestruction(b, 2, false, 0.9, 1);
        PixelCanvas c = new PixelCanvas(W, H);
        r.render(f, RenderView.perspective(0, 3, 12, 0, 0.5, 0, 40), c);
        Set<Integer> colours = new HashSet<>();
        int sw = 14; // 7 font pixels at scale 2 (width >= 480)
        for (int y = H - 6 - sw; y < H - 6; y++) {
            for (int x = 0; x < W; x++) {
                colours.add(c.get(x, y));
            }
        }
        return colours;
    }

    @Test
    void levelModeShowsASwatchPerLevelPresentAndTheAnchoredHatching() {
        Set<Integer> band = legendBand("level", true, true);
        assertThat(band).contains(Palette.level(0), Palette.level(1), Palette.level(2), Palette.TEXT);
        assertThat(band).as("hatched swatch: the dark hatch colour").contains(Palette.scale(0xFFB0B0A8, 0.55));
        assertThat(legendBand("level", true, false)).doesNotContain(Palette.scale(0xFFB0B0A8, 0.55));
    }

    @Test
    void strainModeShowsTheRampFromColdToHot() {
        Set<Integer> band = legendBand("strain", true, false);
        assertThat(band).contains(Palette.heat(0), Palette.heat(1), PixelRendererTest.DOC_COLD, PixelRendererTest.DOC_HOT);
    }

    @Test
    void stateModeShowsTheStatesPresentOnly() {
        Set<Integer> band = legendBand("state", true, false);
        assertThat(band).contains(0xFFE8963C, 0xFF9A9A96).doesNotContain(0xFF7890B0, 0xFFD060C0);
    }

    @Test
    void noLegendWithoutTheOverlay() {
        assertThat(legendBand("level", false, true)).doesNotContain(Palette.TEXT, Palette.level(2));
    }
}
