package dev.rubble.plugin.render.png;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.spi.render.FrameBuffer;
import dev.rubble.spi.render.PixelCanvas;
import dev.rubble.spi.render.RenderFrame;
import dev.rubble.spi.render.RenderView;
import dev.rubble.spi.render.Renderer;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Sphere;
import org.junit.jupiter.api.Test;

/**
 * The floor under a scene is drawn as the checkered grid (Rasterizer's class comment): the ground box
 * itself is not drawn, so its top face neither hides the grid nor shows as a band of its colour past
 * the grid, in a frame where nothing moves yet (a wall before it is hit: the grid used to go under the
 * ground box, the whole floor in its colour) as in one where something moves.
 */
final class FloorTest {
    /** Flat strain colours with the grid: the floor (strain 0) would be cold blue, the rest red. */
    private static Renderer withGrid() {
        return PixelRendererTest.plain(true);
    }

    private static int count(PixelCanvas c, int argb) {
        int n = 0;
        for (int y = 0; y < c.height(); y++) {
            for (int x = 0; x < c.width(); x++) {
                if (c.get(x, y) == argb) {
                    n++;
                }
            }
        }
        return n;
    }

    private static FrameBuffer groundAnd(boolean moving) {
        FrameBuffer f = new FrameBuffer();
        f.clear(0, 0, 0);
        int g = f.add(new Box(20, 0.5, 20), 0, -0.5, 0, 0, 0, 0, 1, RenderFrame.STATIC, 0);
        f.setDestruction(g, 0, false, 0, 1);
        int w = moving
                ? f.add(new Sphere(0.5), 0, 0.5, 0, 0, 0, 0, 1, RenderFrame.AWAKE, 1)
                : f.add(new Box(2, 1.5, 0.15), 0, 1.5, 0, 0, 0, 0, 1, RenderFrame.STATIC, 1);
        f.setDestruction(w, 0, false, 1, 1);
        return f;
    }

    @Test
    void aStaticWallOnAGroundBoxStandsOnTheGridAndTheGroundBoxIsNotDrawn() {
        PixelCanvas c = new PixelCanvas(320, 180);
        withGrid().render(groundAnd(false), RenderView.auto(), c);
        assertThat(count(c, PixelRendererTest.DOC_COLD)).as("ground box pixels").isZero();
        assertThat(count(c, Palette.GROUND_A) + count(c, Palette.GROUND_B)).as("grid pixels").isGreaterThan(320 * 180 / 10);
        // framed on the wall, not on the 40 m ground: the wall fills a good part of the picture
        assertThat(count(c, PixelRendererTest.DOC_HOT)).as("wall pixels").isGreaterThan(320 * 180 / 20);
    }

    @Test
    void aBallOnAGroundBoxLeavesNoBandOfTheGroundsColourPastTheGrid() {
        PixelCanvas c = new PixelCanvas(320, 180);
        withGrid().render(groundAnd(true), RenderView.auto(), c);
        assertThat(count(c, PixelRendererTest.DOC_COLD)).as("ground box pixels").isZero();
        assertThat(count(c, Palette.GROUND_A) + count(c, Palette.GROUND_B)).as("grid pixels").isGreaterThan(320 * 180 / 10);
        assertThat(count(c, PixelRendererTest.DOC_HOT)).as("ball pixels").isPositive();
    }

    @Test
    void aRollingBallsLookAheadBoundsDoNotHideTheFloor() {
        // a frame from a world carries the world's bounds: a ball rolling at 7 m/s (r = 0.11 m) has them
        // grown by |w| R dt ≈ 0.2 m on every side, reaching into the floor; framing uses the ball itself
        FrameBuffer f = new FrameBuffer();
        f.clear(0, 0, 0);
        int g = f.add(new Box(20, 0.5, 20), 0, -0.5, 0, 0, 0, 0, 1, RenderFrame.STATIC, 0);
        f.setDestruction(g, 0, false, 0, 1);
        for (int k = 0; k < 3; k++) { // the ball, then two pins (slow: their bounds are their own) close by
            int b = f.add(new Sphere(0.11), 0.3 * k, 0.11, 0, 0, 0, 0, 1, RenderFrame.AWAKE, 1 + k);
            f.setDestruction(b, 0, false, 1, 1);
            if (k == 0) {
                f.setBounds(b, -0.31, -0.2, -0.31, 0.43, 0.42, 0.31);
            }
        }
        PixelCanvas c = new PixelCanvas(320, 180);
        withGrid().render(f, RenderView.auto(), c);
        assertThat(count(c, PixelRendererTest.DOC_COLD)).as("ground box pixels").isZero();
        assertThat(count(c, Palette.GROUND_A) + count(c, Palette.GROUND_B)).as("grid pixels").isGreaterThan(320 * 180 / 10);
    }

    @Test
    void aSmallPlatformIsCheckeredOnlyOverItsTop() {
        // a 4 x 4 m platform, a ball beside it (falling past its edge): seen from straight above, the grid
        // covers the platform's top and nothing beyond it
        FrameBuffer f = new FrameBuffer();
        f.clear(0, 0, 0);
        int g = f.add(new Box(2, 0.25, 2), 0, -0.25, 0, 0, 0, 0, 1, RenderFrame.STATIC, 0);
        f.setDestruction(g, 0, false, 0, 1);
        int b = f.add(new Sphere(0.3), 0.5, 0.3, 0.5, 0, 0, 0, 1, RenderFrame.AWAKE, 1);
        f.setDestruction(b, 0, false, 1, 1);
        int c = f.add(new Sphere(0.3), 3, 1, 0, 0, 0, 0, 1, RenderFrame.AWAKE, 2);
        f.setDestruction(c, 0, false, 1, 1);
        PixelCanvas canvas = new PixelCanvas(200, 200);
        withGrid().render(f, RenderView.perspective(0, 20, 0, 0, 0, 0, 40), canvas);
        // a point (x, 0, z) lands F x / 20 pixels from the centre, F = 100 / tan 20°: the platform's edge at 27.5 px
        double edge = 100 / Math.tan(Math.toRadians(20)) * 2 / 20;
        int inside = 0, outside = 0;
        for (int y = 0; y < 200; y++) {
            for (int x = 0; x < 200; x++) {
                int p = canvas.get(x, y);
                if (p != Palette.GROUND_A && p != Palette.GROUND_B) {
                    continue;
                }
                if (Math.abs(x + 0.5 - 100) <= edge + 1 && Math.abs(y + 0.5 - 100) <= edge + 1) {
                    inside++;
                } else {
                    outside++;
                }
            }
        }
        assertThat(outside).as("grid pixels beyond the platform").isZero();
        assertThat(inside).as("grid pixels on the platform").isGreaterThan((int) (0.8 * 4 * edge * edge) - 200);
        assertThat(count(canvas, PixelRendererTest.DOC_COLD)).as("the platform box itself").isZero();
    }

    @Test
    void withoutTheGridTheGroundBoxIsDrawn() {
        PixelCanvas c = new PixelCanvas(320, 180);
        PixelRendererTest.plain(false).render(groundAnd(true), RenderView.auto(), c);
        assertThat(count(c, PixelRendererTest.DOC_COLD)).as("ground box pixels").isPositive();
    }
}
