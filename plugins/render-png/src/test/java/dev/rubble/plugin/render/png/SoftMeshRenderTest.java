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

/** The pixel renderer draws soft bodies' skinned meshes, lit by the frame's recomputed vertex normals. */
final class SoftMeshRenderTest {
    static final int W = 200, H = 150;

    static Renderer renderer(String shading) {
        Map<String, Object> o = new HashMap<>();
        o.put("color", "state");
        o.put("shading", shading);
        o.put("grid", false);
        o.put("edges", false);
        o.put("overlay", false);
        return PixelRendererTest.renderer("png", o);
    }

    /** The 12 triangles of a box of half extents h at c, counter-clockwise seen from outside. */
    static void addBoxMesh(FrameBuffer f, double hx, double hy, double hz, double cx, double cy, double cz) {
        int[] idx = {0, 2, 3, 0, 3, 1, 4, 5, 7, 4, 7, 6, 0, 1, 5, 0, 5, 4, 2, 6, 7, 2, 7, 3, 0, 4, 6, 0, 6, 2, 1, 3, 7, 1, 7, 5};
        int v0 = f.addSoftMesh(8, idx, 12);
        double[] v = f.softVertexData(), n = f.softNormalData();
        for (int k = 0; k < 8; k++) {
            double sx = (k & 1) == 0 ? -1 : 1, sy = (k & 2) == 0 ? -1 : 1, sz = (k & 4) == 0 ? -1 : 1;
            v[3 * (v0 + k)] = cx + sx * hx;
            v[3 * (v0 + k) + 1] = cy + sy * hy;
            v[3 * (v0 + k) + 2] = cz + sz * hz;
            double l = Math.sqrt(3);
            n[3 * (v0 + k)] = sx / l;
            n[3 * (v0 + k) + 1] = sy / l;
            n[3 * (v0 + k) + 2] = sz / l;
        }
    }

    /** Which pixels are not background. */
    static boolean[] mask(PixelCanvas c) {
        boolean[] m = new boolean[W * H];
        for (int y = 0; y < H; y++) {
            for (int x = 0; x < W; x++) {
                m[y * W + x] = c.get(x, y) != Palette.BACKGROUND;
            }
        }
        return m;
    }

    @Test
    void aSoftBoxMeshCoversExactlyThePixelsOfTheSameRigidBox() {
        RenderView view = RenderView.perspective(2, 1.5, 4, 0, 0.2, 0, 50);
        FrameBuffer soft = new FrameBuffer();
        soft.clear(0, 0, 0);
        addBoxMesh(soft, 0.5, 0.25, 0.4, 0.1, 0.2, -0.1);
        PixelCanvas a = new PixelCanvas(W, H);
        renderer("flat").render(soft, view, a);
        FrameBuffer rigid = new FrameBuffer();
        rigid.clear(0, 0, 0);
        rigid.add(new Box(0.5, 0.25, 0.4), 0.1, 0.2, -0.1, 0, 0, 0, 1, RenderFrame.AWAKE, 0);
        PixelCanvas b = new PixelCanvas(W, H);
        renderer("flat").render(rigid, view, b);
        boolean[] ma = mask(a), mb = mask(b);
        int covered = 0, differ = 0;
        for (int i = 0; i < ma.length; i++) {
            covered += mb[i] ? 1 : 0;
            differ += ma[i] != mb[i] ? 1 : 0;
        }
        assertThat(covered).as("the box is on screen").isGreaterThan(300);
        assertThat(differ).as("pixels covered by one and not the other").isZero();
        // flat shading: every covered pixel is the soft colour
        assertThat(a.get(W / 2, H / 2)).isEqualTo(Rasterizer.SOFT_COLOUR);
    }

    @Test
    void lambertShadingUsesTheFramesVertexNormals() {
        // one big triangle facing the camera (+z); only its vertex normals change between the renders
        RenderView view = RenderView.perspective(0, 0, 5, 0, 0, 0, 50);
        double[][] normals = {{0, 1, 0}, {1, 0, 0}, {0, 0, 1}};
        // the documented light direction (0.35, 0.85, 0.45) normalised, ambient 0.38
        double ln = Math.sqrt(0.35 * 0.35 + 0.85 * 0.85 + 0.45 * 0.45);
        double[] light = {0.35 / ln, 0.85 / ln, 0.45 / ln};
        int[] seen = new int[3];
        for (int k = 0; k < 3; k++) {
            FrameBuffer f = new FrameBuffer();
            f.clear(0, 0, 0);
            int v0 = f.addSoftMesh(3, new int[] {0, 1, 2}, 1);
            double[] v = f.softVertexData(), n = f.softNormalData();
            double[] xyz = {-2, -2, 0, 2, -2, 0, 0, 2, 0};
            System.arraycopy(xyz, 0, v, 3 * v0, 9);
            for (int c = 0; c < 3; c++) {
                System.arraycopy(normals[k], 0, n, 3 * (v0 + c), 3);
            }
            PixelCanvas canvas = new PixelCanvas(W, H);
            renderer("lambert").render(f, view, canvas);
            double lambert = normals[k][0] * light[0] + normals[k][1] * light[1] + normals[k][2] * light[2];
            seen[k] = canvas.get(W / 2, H / 2);
            assertThat(seen[k]).isEqualTo(Palette.scale(Rasterizer.SOFT_COLOUR, 0.38 + 0.62 * lambert));
        }
        assertThat(seen[0]).isNotEqualTo(seen[1]).isNotEqualTo(seen[2]);
    }
}
