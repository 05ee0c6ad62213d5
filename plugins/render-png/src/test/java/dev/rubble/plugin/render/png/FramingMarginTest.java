package dev.rubble.plugin.render.png;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.spi.render.FrameBuffer;
import dev.rubble.spi.render.PixelCanvas;
import dev.rubble.spi.render.RenderFrame;
import dev.rubble.spi.render.RenderView;
import dev.rubble.spi.render.Renderer;
import dev.rubble.spi.shape.Box;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Automatic framing keeps the scene out of the overlay's text rows: examples/stack.json's eight 1 m
 * boxes touched the top of a sheet's 320 × 180 tile, the top box under the "step 0 … breaks 0" line
 * (the bounding sphere fitted the whole field of view, and the text is drawn over it).
 */
final class FramingMarginTest {
    /** Flat strain colours over the grid, with the overlay: the boxes hot, the ground box cold. */
    static Renderer withOverlay() {
        Map<String, Object> o = new HashMap<>();
        o.put("color", "strain");
        o.put("shading", "flat");
        o.put("edges", false);
        o.put("overlay", true);
        return PixelRendererTest.renderer("png", o);
    }

    static FrameBuffer stack(int boxes) {
        FrameBuffer f = new FrameBuffer();
        f.clear(0, 0, 0);
        int g = f.add(new Box(20, 0.5, 20), 0, -0.5, 0, 0, 0, 0, 1, RenderFrame.STATIC, 0);
        f.setDestruction(g, 0, false, 0, 1);
        for (int k = 0; k < boxes; k++) {
            int b = f.add(new Box(0.5, 0.5, 0.5), 0, 0.5 + k, 0, 0, 0, 0, 1, RenderFrame.AWAKE, 1 + k);
            f.setDestruction(b, 0, false, 1, 1);
        }
        return f;
    }

    @Test
    void theStacksTopAndFootStayClearOfTheStepLineAndTheLegend() {
        for (int[] size : new int[][] {{320, 180}, {960, 540}}) {
            int w = size[0], h = size[1];
            PixelCanvas c = new PixelCanvas(w, h);
            withOverlay().render(stack(8), RenderView.auto(), c);
            // the column stands at the picture's centre; the legend's heat ramp (hot at its right end) lies
            // in the bottom-left corner, left of the middle quarter of the columns looked at here
            int top = Integer.MAX_VALUE, bottom = -1;
            for (int y = 0; y < h; y++) {
                for (int x = w / 2 - w / 8; x < w / 2 + w / 8; x++) {
                    if (c.get(x, y) == PixelRendererTest.DOC_HOT) {
                        top = Math.min(top, y);
                        bottom = Math.max(bottom, y);
                    }
                }
            }
            int[] bb = {0, 0, top, bottom};
            assertThat(bottom).as("%dx%d: box pixels in the middle columns", w, h).isPositive();
            // TinyFont draws the step line's 7-row glyphs (times the scale, 2 from 480 px wide) from row 6,
            // with a halo of one scale unit around them; the legend the same, ending 6 rows above the bottom
            int s = w >= 480 ? 2 : 1, textEnd = 6 + 7 * s + s, legendStart = h - 6 - 7 * s - s;
            assertThat(bb[2]).as("%dx%d: the top box's first row, below the step line's last (%d)", w, h, textEnd)
                    .isGreaterThanOrEqualTo(textEnd);
            assertThat(bb[3]).as("%dx%d: the bottom box's last row, above the legend's first (%d)", w, h, legendStart)
                    .isLessThan(legendStart);
        }
    }
}
