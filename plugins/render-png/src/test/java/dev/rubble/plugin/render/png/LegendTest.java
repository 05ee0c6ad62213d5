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

    /**
     * {@code rubble render --color field:NAME} draws the field's value over the frame's largest in the strain channel,
     * and the legend read "strain 0 ▬ 1 = threshold" (tour18): it now reads "field NAME 0 ▬ 1 = largest". Every text
     * pixel of that line, drawn on its own by the font at the legend's place, is text in the rendered legend.
     */
    @Test
    void aFieldsLegendNamesTheFieldAndItsLargestValue() {
        for (String[] c : new String[][] {{"Erosion", "field erosion 0 ", "1 = largest  "}, {null, "strain 0 ", "1 = threshold  "}}) {
            Map<String, Object> o = new HashMap<>();
            o.put("color", "strain");
            o.put("grid", false);
            if (c[0] != null) {
                o.put("field", c[0]);
            }
            PixelCanvas canvas = new PixelCanvas(W, H);
            FrameBuffer f = new FrameBuffer();
            f.clear(0, 0, 0);
            f.add(new Box(0.5, 0.5, 0.5), 0, 0.5, 0, 0, 0, 0, 1, RenderFrame.AWAKE, 0);
            PixelRendererTest.renderer("png", o).render(f, RenderView.perspective(0, 3, 12, 0, 0.5, 0, 40), canvas);
            int s = 2, y = H - 6 - 7 * s, bar = 40 * s;
            int[] expected = new int[W * H];
            TinyFont.draw(expected, W, H, 6, y, s, Palette.TEXT, c[1]);
            int x2 = 6 + TinyFont.width(c[1], s) + bar + 2 * s;
            TinyFont.draw(expected, W, H, x2, y, s, Palette.TEXT, c[2]);
            int text = 0;
            for (int yy = y; yy < y + 7 * s; yy++) {
                for (int x = 0; x < W; x++) {
                    if (expected[yy * W + x] == Palette.TEXT) {
                        text++;
                        assertThat(canvas.get(x, yy)).as("%s: text pixel (%d, %d)", c[1] + c[2], x, yy).isEqualTo(Palette.TEXT);
                    }
                }
            }
            assertThat(text).as("text pixels of '%s'", c[1] + c[2]).isGreaterThan(100);
        }
        Map<String, Object> o = new HashMap<>();
        o.put("color", "level");
        o.put("field", "erosion");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> PixelRendererTest.renderer("png", o))
                .hasMessageContaining("option 'field' = erosion with color level; allowed: field with color strain");
    }

    @Test
    void stateModeShowsTheStatesPresentOnly() {
        Set<Integer> band = legendBand("state", true, false);
        assertThat(band).contains(0xFFE8963C, 0xFF9A9A96).doesNotContain(0xFF7890B0, 0xFFD060C0);
    }

    /**
     * A sheet's 320 × 180 tile under {@code --color stress} with anchored pieces: the legend "stress 0
     * ▬ elastic ▬ fatal ■ no bonds ▨ anchored" is 344 pixels long at scale 1 (6 pixels a character,
     * 30-pixel bars, 7-pixel swatches), and ran off the right edge, "anchored" cut to "anc". It now
     * wraps: no legend text within the right inset, the ramp on a line above the bottom one and the
     * hatched swatch (its dark hatch colour) drawn on the bottom line.
     */
    @Test
    void aLegendTooWideForItsTileWrapsInsteadOfRunningOffTheEdge() {
        int w = 320, h = 180;
        Map<String, Object> o = new HashMap<>();
        o.put("color", "stress");
        o.put("shading", "flat");
        o.put("grid", false);
        o.put("overlay", true);
        Renderer r = PixelRendererTest.renderer("png", o);
        FrameBuffer f = new FrameBuffer();
        f.clear(0, 0, 0);
        int a = f.add(new Box(0.5, 0.5, 0.5), 0, 0.5, 0, 0, 0, 0, 1, RenderFrame.KINEMATIC, 0);
        f.setDestruction(a, 0, true, 0, 1);
        PixelCanvas c = new PixelCanvas(w, h);
        // the box well above the legend rows
        r.render(f, RenderView.perspective(0, -1, 12, 0, -1, 0, 20), c);
        int rightmost = -1, hatchTop = h, rampBottom = -1;
        for (int y = h - 40; y < h; y++) {
            for (int x = 0; x < w; x++) {
                if (c.get(x, y) == Palette.TEXT) {
                    rightmost = Math.max(rightmost, x);
                }
                if (c.get(x, y) == Palette.scale(0xFFB0B0A8, 0.55)) {
                    hatchTop = Math.min(hatchTop, y);
                }
                if (c.get(x, y) == Palette.stress(0)) {
                    rampBottom = Math.max(rampBottom, y);
                }
            }
        }
        int bottomLine = h - 6 - 7; // the bottom line's first row: 7 font rows at scale 1, 6 above the edge
        assertThat(rightmost).as("rightmost legend text pixel, of %d columns", w).isLessThan(w - 6);
        assertThat(rampBottom).as("the stress ramp's last row, above the bottom line").isBetween(0, bottomLine - 1);
        assertThat(hatchTop).as("the anchored swatch's hatch, on the bottom line").isBetween(bottomLine, h - 6);
    }

    @Test
    void noLegendWithoutTheOverlay() {
        assertThat(legendBand("level", false, true)).doesNotContain(Palette.TEXT, Palette.level(2));
    }
}
