package dev.rubble.plugin.render.png;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.spi.render.FrameBuffer;
import dev.rubble.spi.render.PixelCanvas;
import dev.rubble.spi.render.RenderFrame;
import dev.rubble.spi.render.RenderView;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Sphere;
import org.junit.jupiter.api.Test;

/**
 * Automatic framing looks at the face a structure is struck on (docs/rendering.md, "Automatic
 * framing"): a ball flying at a wall from behind (−z) is seen, not hidden behind the wall.
 * examples/bake/wall.json's 3 × 2 × 0.2 m wall and 0.6 m ball (the wall 5.6 times the ball's bounds
 * volume) were drawn from +z: the ball came in behind the wall and no frame of the sheet showed it.
 */
final class StruckFaceTest {
    /** A ground box, an anchored wall half (hx, hy, hz) at (0, hy, 0), a ball of radius r at (0, y, z); hot = the ball. */
    static FrameBuffer wallAndBall(double hx, double hy, double hz, double r, double y, double z) {
        FrameBuffer f = new FrameBuffer();
        f.clear(0, 0, 0);
        int g = f.add(new Box(20, 0.5, 20), 0, -0.5, 0, 0, 0, 0, 1, RenderFrame.STATIC, 0);
        f.setDestruction(g, 0, false, 0, 1);
        int w = f.add(new Box(hx, hy, hz), 0, hy, 0, 0, 0, 0, 1, RenderFrame.KINEMATIC, 1);
        f.setDestruction(w, 0, false, 0.5, 1);
        int b = f.add(new Sphere(r), 0, y, z, 0, 0, 0, 1, RenderFrame.AWAKE, 2);
        f.setDestruction(b, 0, false, 1, 1);
        return f;
    }

    /** Pixels of the ball (hot) drawn, with the ball's projected disc's width and height in pixels. */
    static int[] ballPixels(FrameBuffer f) {
        PixelCanvas c = new PixelCanvas(320, 180);
        PixelRendererTest.plain(true).render(f, RenderView.auto(), c);
        int n = 0;
        for (int y = 0; y < c.height(); y++) {
            for (int x = 0; x < c.width(); x++) {
                n += c.get(x, y) == PixelRendererTest.DOC_HOT ? 1 : 0;
            }
        }
        if (n == 0) {
            return new int[] {0, 0, 0};
        }
        int[] bb = PixelRendererTest.bbox(c, PixelRendererTest.DOC_HOT);
        return new int[] {n, bb[1] - bb[0] + 1, bb[3] - bb[2] + 1};
    }

    @Test
    void aBallComingAtTheBakeWallFromBehindIsSeenWhole() {
        // examples/bake/wall.json at its first frame: wall half extents (1.5, 1, 0.1), ball r 0.3 at (0, 1.2, -1)
        int[] p = ballPixels(wallAndBall(1.5, 1, 0.1, 0.3, 1.2, -1));
        assertThat(p[0]).as("ball pixels").isPositive();
        // seen whole, not partly behind the wall's edge: its disc is round and filled (π/4 of its box)
        assertThat(Math.abs(p[1] - p[2])).as("disc width %d vs height %d", p[1], p[2]).isLessThanOrEqualTo(2);
        assertThat(p[0]).as("ball pixels against its disc's box").isGreaterThan((int) (0.7 * p[1] * p[2]));
    }

    /**
     * A block (examples/stress/tower.json's 3 × 9 × 3 m tower) struck from −x, not from the z side the
     * demos strike: a square footprint has no thin axis, and the rule took z as its axis whatever the
     * footprint, so the eye stayed on +z (a little +x) and the struck −x face was out of sight. A hot
     * marker on that face is seen.
     */
    @Test
    void aTowerStruckFromTheSideIsSeenFromThatSide() {
        FrameBuffer f = new FrameBuffer();
        f.clear(0, 0, 0);
        int g = f.add(new Box(20, 0.5, 20), 0, -0.5, 0, 0, 0, 0, 1, RenderFrame.STATIC, 0);
        f.setDestruction(g, 0, false, 0, 1);
        int t = f.add(new Box(1.5, 4.5, 1.5), 0, 4.5, 0, 0, 0, 0, 1, RenderFrame.KINEMATIC, 1);
        f.setDestruction(t, 0, false, 0, 1);
        int m = f.add(new Box(0.01, 0.6, 0.6), -1.52, 1.2, 0, 0, 0, 0, 1, RenderFrame.AWAKE, 2);
        f.setDestruction(m, 0, false, 1, 1);
        int b = f.add(new Sphere(0.5), -6, 1.2, 0.2, 0, 0, 0, 1, RenderFrame.AWAKE, 3);
        f.setDestruction(b, 0, false, 0.5, 1);
        PixelCanvas c = new PixelCanvas(320, 180);
        PixelRendererTest.plain(true).render(f, RenderView.auto(), c);
        int marker = 0;
        for (int y = 0; y < c.height(); y++) {
            for (int x = 0; x < c.width(); x++) {
                marker += c.get(x, y) == PixelRendererTest.DOC_HOT ? 1 : 0;
            }
        }
        assertThat(marker).as("pixels of the marker on the struck face").isPositive();
    }

    @Test
    void theExampleWallStruckFromBehindIsSeenFromTheStruckFace() {
        // examples/wall.json: wall (2, 1.25, 0.15), ball r 0.4 at (0, 1.6, -4) — 5.9 times the ball's bounds volume
        int[] p = ballPixels(wallAndBall(2, 1.25, 0.15, 0.4, 1.6, -4));
        assertThat(p[0]).as("ball pixels").isGreaterThan((int) (0.7 * p[1] * p[2]));
        // the mirror image (the ball in front, +z) is drawn from +z as before: the same ball, seen alike
        int[] q = ballPixels(wallAndBall(2, 1.25, 0.15, 0.4, 1.6, 4));
        assertThat(Math.abs(p[0] - q[0])).as("ball pixels from behind %d vs in front %d", p[0], q[0])
                .isLessThanOrEqualTo(Math.max(4, q[0] / 20));
    }
}
