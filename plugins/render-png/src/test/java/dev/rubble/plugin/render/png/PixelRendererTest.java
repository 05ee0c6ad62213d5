package dev.rubble.plugin.render.png;

import dev.rubble.geometry.hull.QuickHull;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.spi.StageConfig;
import dev.rubble.spi.render.FrameBuffer;
import dev.rubble.spi.render.FrameWriter;
import dev.rubble.spi.render.PixelCanvas;
import dev.rubble.spi.render.RenderFrame;
import dev.rubble.spi.render.RenderView;
import dev.rubble.spi.render.Renderer;
import dev.rubble.spi.render.RendererFactory;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.ConvexHull;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.util.HashMap;
import java.util.Map;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;
import org.junit.jupiter.api.Test;

final class PixelRendererTest {
    /** The documented strain colours (docs/rendering.md): cold blue, amber at half the threshold, red. */
    static final int DOC_COLD = 0xFF2850FF, DOC_MID = 0xFFFFC020, DOC_HOT = 0xFFE02020;

    static Renderer renderer(String name, Map<String, Object> opts) {
        for (RendererFactory f : new PngRenderPlugin().renderers()) {
            if (f.name().equals(name)) {
                return f.create(StageConfig.of(opts));
            }
        }
        throw new AssertionError(name);
    }

    /** Flat colours, no grid, edges or text: what is drawn is exactly the piece colour. */
    static Renderer plain() {
        return plain(false);
    }

    /** Flat strain colours, no edges or text, with or without the ground grid. */
    static Renderer plain(boolean grid) {
        Map<String, Object> o = new HashMap<>();
        o.put("color", "strain");
        o.put("shading", "flat");
        o.put("grid", grid);
        o.put("edges", false);
        o.put("overlay", false);
        return renderer("png", o);
    }

    static int addBox(FrameBuffer f, double h, double x, double y, double z, double strain) {
        int i = f.add(new Box(h, h, h), x, y, z, 0, 0, 0, 1, RenderFrame.AWAKE, f.count());
        f.setDestruction(i, 0, false, strain, 1);
        return i;
    }

    @Test
    void aRedUnitBoxProjectsWhereThePinholeCameraSays() {
        FrameBuffer f = new FrameBuffer();
        f.clear(0, 0, 0);
        addBox(f, 0.5, 1, 0.5, 0, 1.0); // strain at the threshold: red
        int w = 320, h = 240;
        PixelCanvas c = new PixelCanvas(w, h);
        double fov = 60;
        plain().render(f, RenderView.perspective(0, 0, 10, 0, 0, 0, fov), c);
        // independent pinhole model: eye on +z looking down -z, so camera x = world x, camera y = world y,
        // depth = 10 - z; screen x = W/2 + F x / depth, screen y = H/2 - F y / depth, F = (H/2) / tan(fov/2)
        double focal = (h / 2.0) / Math.tan(Math.toRadians(fov / 2));
        double minX = 1e9, maxX = -1e9, minY = 1e9, maxY = -1e9;
        for (int k = 0; k < 8; k++) {
            double x = 1 + ((k & 1) == 0 ? -0.5 : 0.5), y = 0.5 + ((k & 2) == 0 ? -0.5 : 0.5), z = (k & 4) == 0 ? -0.5 : 0.5;
            double sx = w / 2.0 + focal * x / (10 - z), sy = h / 2.0 - focal * y / (10 - z);
            minX = Math.min(minX, sx);
            maxX = Math.max(maxX, sx);
            minY = Math.min(minY, sy);
            maxY = Math.max(maxY, sy);
        }
        int[] box = bbox(c, DOC_HOT);
        assertThat(box[0]).isCloseTo((int) Math.round(minX), org.assertj.core.data.Offset.offset(1));
        assertThat(box[1] + 1).isCloseTo((int) Math.round(maxX), org.assertj.core.data.Offset.offset(1));
        assertThat(box[2]).isCloseTo((int) Math.round(minY), org.assertj.core.data.Offset.offset(1));
        assertThat(box[3] + 1).isCloseTo((int) Math.round(maxY), org.assertj.core.data.Offset.offset(1));
        // the box centre's projection is red, a point well left of the box is background
        assertThat(c.get((int) (w / 2.0 + focal * 1 / 9.5), (int) (h / 2.0 - focal * 0.5 / 9.5))).isEqualTo(DOC_HOT);
        assertThat(c.get(w / 2 - 40, h / 2)).isEqualTo(Palette.BACKGROUND);
    }

    /** Min x, max x, min y, max y of the pixels of one colour. */
    static int[] bbox(PixelCanvas c, int argb) {
        int[] b = {Integer.MAX_VALUE, -1, Integer.MAX_VALUE, -1};
        for (int y = 0; y < c.height(); y++) {
            for (int x = 0; x < c.width(); x++) {
                if (c.get(x, y) == argb) {
                    b[0] = Math.min(b[0], x);
                    b[1] = Math.max(b[1], x);
                    b[2] = Math.min(b[2], y);
                    b[3] = Math.max(b[3], y);
                }
            }
        }
        assertThat(b[1]).as("pixels of colour %08x", argb).isGreaterThanOrEqualTo(0);
        return b;
    }

    @Test
    void strainHeatIsColdBlueAmberAtHalfTheThresholdAndRedAtIt() {
        int[] expected = {DOC_COLD, DOC_MID, DOC_HOT, DOC_HOT};
        double[] ratio = {0, 0.5, 1, 3};
        for (int k = 0; k < ratio.length; k++) {
            FrameBuffer f = new FrameBuffer();
            f.clear(0, 0, 0);
            addBox(f, 0.5, 0, 0, 0, ratio[k]);
            PixelCanvas c = new PixelCanvas(64, 64);
            plain().render(f, RenderView.perspective(0, 0, 5, 0, 0, 0, 45), c);
            assertThat(c.get(32, 32)).as("strain %s", ratio[k]).isEqualTo(expected[k]);
        }
        // a quarter of the way: halfway between cold blue and amber, per channel
        int q = Palette.heat(0.25);
        assertThat((q >> 16) & 255).isEqualTo((0x28 + 0xFF + 1) / 2);
        assertThat(q & 255).isEqualTo((0xFF + 0x20 + 1) / 2);
    }

    @Test
    void theDepthBufferHidesABoxBehindAnotherWhateverTheDrawingOrder() {
        for (boolean frontFirst : new boolean[] {true, false}) {
            FrameBuffer f = new FrameBuffer();
            f.clear(0, 0, 0);
            if (frontFirst) {
                addBox(f, 0.5, 0, 0, 0, 0);   // near, small, blue
                addBox(f, 1.5, 0, 0, -4, 1);  // far, large, red
            } else {
                addBox(f, 1.5, 0, 0, -4, 1);
                addBox(f, 0.5, 0, 0, 0, 0);
            }
            PixelCanvas c = new PixelCanvas(200, 200);
            plain().render(f, RenderView.perspective(0, 0, 6, 0, 0, 0, 60), c);
            assertThat(c.get(100, 100)).as("centre, front first %s", frontFirst).isEqualTo(DOC_COLD);
            // the far box is larger on screen: its rim around the near box shows red
            int[] red = bbox(c, DOC_HOT);
            int[] blue = bbox(c, DOC_COLD);
            assertThat(red[0]).isLessThan(blue[0]);
            assertThat(red[1]).isGreaterThan(blue[1]);
        }
    }

    @Test
    void lambertShadingLightsFacesTowardTheLightMoreThanFacesAway() {
        FrameBuffer f = new FrameBuffer();
        f.clear(0, 0, 0);
        addBox(f, 0.5, 0, 0, 0, 0);
        Map<String, Object> o = new HashMap<>(Map.of("color", "strain", "grid", false, "edges", false, "overlay", false));
        PixelCanvas c = new PixelCanvas(200, 200);
        // from above-front: the top face (facing the light, which comes from above) and the front face
        renderer("png", o).render(f, RenderView.perspective(0, 3, 4, 0, 0, 0, 40), c);
        int top = c.get(100, 80), front = c.get(100, 125);
        assertThat(top).isNotEqualTo(front);
        assertThat(top & 255).isGreaterThan(front & 255); // blue channel: the top is brighter
        assertThat(top & 255).isLessThanOrEqualTo(DOC_COLD & 255);
    }

    @Test
    void anchoredPiecesAreHatched() {
        FrameBuffer f = new FrameBuffer();
        f.clear(0, 0, 0);
        int i = f.add(QuickHull.of(-0.5, -0.5, -0.5, 0.5, -0.5, -0.5, -0.5, 0.5, -0.5, 0.5, 0.5, -0.5,
                -0.5, -0.5, 0.5, 0.5, -0.5, 0.5, -0.5, 0.5, 0.5, 0.5, 0.5, 0.5), 0, 0, 0, 0, 0, 0, 1, RenderFrame.STATIC, 0);
        f.setDestruction(i, 0, true, 0, 1);
        PixelCanvas c = new PixelCanvas(100, 100);
        plain().render(f, RenderView.perspective(0, 0, 5, 0, 0, 0, 45), c);
        int plainPixels = 0, darker = 0;
        for (int x = 40; x < 60; x++) {
            int p = c.get(x, 50);
            if (p == DOC_COLD) {
                plainPixels++;
            } else if (p == Palette.scale(DOC_COLD, 0.55)) {
                darker++;
            }
        }
        assertThat(plainPixels).isGreaterThan(5);
        assertThat(darker).isGreaterThan(3);
    }

    @Test
    void onlyTheAnchoredPartsOfAPieceHoldingOthersAreHatched() {
        // a wall-like body of two unit boxes side by side (compound children at x = -0.5 and +0.5), the left one
        // an anchored piece (docs/rendering.md "Anchored pieces"): stripes on the left half only. Before, the
        // drawable's one anchored flag hatched the whole body
        FrameBuffer f = new FrameBuffer();
        f.clear(0, 0, 0);
        dev.rubble.spi.shape.Compound two = new dev.rubble.spi.shape.Compound(java.util.List.of(
                dev.rubble.spi.shape.Compound.Child.at(new Box(0.5, 0.5, 0.5), -0.5, 0, 0),
                dev.rubble.spi.shape.Compound.Child.at(new Box(0.5, 0.5, 0.5), 0.5, 0, 0)));
        int i = f.add(two, 0, 0, 0, 0, 0, 0, 1, RenderFrame.STATIC, 0);
        f.setDestruction(i, 0, true, 0, 1);
        f.setAnchoredParts(i, new boolean[] {true, false});
        PixelCanvas c = new PixelCanvas(200, 100);
        plain().render(f, RenderView.perspective(0, 0, 5, 0, 0, 0, 45), c);
        int[] left = stripes(c, 60, 95), right = stripes(c, 105, 140);
        assertThat(left[0]).as("plain pixels on the anchored box").isGreaterThan(5);
        assertThat(left[1]).as("hatched pixels on the anchored box").isGreaterThan(3);
        assertThat(right[0]).as("plain pixels on the free box").isGreaterThan(20);
        assertThat(right[1]).as("hatched pixels on the free box").isZero();
        // without parts the whole body is anchored: both halves hatched, as before
        f.setAnchoredParts(i, null);
        plain().render(f, RenderView.perspective(0, 0, 5, 0, 0, 0, 45), c);
        assertThat(stripes(c, 105, 140)[1]).as("hatched pixels on the right box of a wholly anchored body").isGreaterThan(3);
        // parts that do not match the shape's children are refused, naming what is allowed
        assertThatThrownBy(() -> f.setAnchoredParts(i, new boolean[3])).hasMessageContaining("one per child");
    }

    /** Plain and hatched (55 %) pixels of the cold strain colour along row 50, x in [from, to). */
    private static int[] stripes(PixelCanvas c, int from, int to) {
        int[] n = new int[2];
        for (int x = from; x < to; x++) {
            int p = c.get(x, 50);
            n[0] += p == DOC_COLD ? 1 : 0;
            n[1] += p == Palette.scale(DOC_COLD, 0.55) ? 1 : 0;
        }
        return n;
    }

    @Test
    void drawingAFrameAllocatesTheSameWhateverThePieceCount() {
        Renderer r = renderer("png", Map.of("color", "piece"));
        PixelCanvas c = new PixelCanvas(320, 180);
        long small = allocation(r, c, frame(50)), large = allocation(r, c, frame(2000));
        assertThat(large).as("bytes allocated drawing 2000 pieces vs %d for 50", small).isLessThan(small + 4096);
    }

    static FrameBuffer frame(int n) {
        FrameBuffer f = new FrameBuffer();
        f.clear(7, 0.5, 3);
        for (int i = 0; i < n; i++) {
            addBox(f, 0.1, (i % 50) * 0.25, (i / 50) * 0.25, 0, (i % 10) / 10.0);
        }
        return f;
    }

    static long allocation(Renderer r, PixelCanvas c, FrameBuffer f) {
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        RenderView v = RenderView.auto();
        for (int k = 0; k < 3; k++) {
            r.render(f, v, c); // warm: buffers grow to the canvas
        }
        long before = mx.getCurrentThreadAllocatedBytes();
        r.render(f, v, c);
        return mx.getCurrentThreadAllocatedBytes() - before;
    }

    @Test
    void aSheetTilesTheFramesAndAGifHoldsOneImagePerFrame() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        FrameWriter w = renderer("sheet", Map.of()).open(out, 5, 40, 30);
        for (int k = 0; k < 5; k++) {
            w.add(frame(3), RenderView.auto());
        }
        w.finish();
        BufferedImage sheet = ImageIO.read(new ByteArrayInputStream(out.toByteArray()));
        assertThat(sheet.getWidth()).isEqualTo(3 * 40); // ceil(sqrt(5)) = 3 to a row
        assertThat(sheet.getHeight()).isEqualTo(2 * 30);

        out.reset();
        w = renderer("gif", Map.of("delay", 50)).open(out, 4, 40, 30);
        for (int k = 0; k < 4; k++) {
            w.add(frame(k + 1), RenderView.auto());
        }
        w.finish();
        try (ImageInputStream in = ImageIO.createImageInputStream(new ByteArrayInputStream(out.toByteArray()))) {
            ImageReader reader = ImageIO.getImageReadersByFormatName("gif").next();
            reader.setInput(in);
            assertThat(reader.getNumImages(true)).isEqualTo(4);
            assertThat(reader.read(0).getWidth()).isEqualTo(40);
        }
    }

    @Test
    void gifFramesKeepTheirColoursUpToTheDocumentedPalette() throws IOException {
        Map<String, Object> o = new HashMap<>(Map.of("color", "strain", "shading", "flat", "grid", false, "edges", false,
                "overlay", false));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        FrameWriter w = renderer("gif", o).open(out, 2, 64, 64);
        for (double strain : new double[] {1, 0}) {
            FrameBuffer f = new FrameBuffer();
            f.clear(0, 0, 0);
            addBox(f, 0.5, 0, 0, 0, strain);
            w.add(f, RenderView.perspective(0, 0, 5, 0, 0, 0, 45));
        }
        w.finish();
        try (ImageInputStream in = ImageIO.createImageInputStream(new ByteArrayInputStream(out.toByteArray()))) {
            ImageReader reader = ImageIO.getImageReadersByFormatName("gif").next();
            reader.setInput(in);
            // 6 red x 7 green x 6 blue levels with 4x4 ordered dithering: a 4x4 block averages to the colour
            // within a sixteenth of a level (16 / 255 of a step, about 3.5 units of 255 for 6 levels)
            assertThat(blockMean(reader.read(0), 30, 30)).containsExactly(rgb(DOC_HOT), within(4.0));
            assertThat(blockMean(reader.read(0), 0, 0)).containsExactly(rgb(Palette.BACKGROUND), within(4.0));
            assertThat(blockMean(reader.read(1), 30, 30)).containsExactly(rgb(DOC_COLD), within(4.0));
        }
    }

    @Test
    void aGifStreamsEachFrameToItsOutputAsItIsAdded() throws IOException {
        // the GIF goes through a memory cache (no temporary file, no JDK shutdown hook); the JDK's GIF writer never
        // flushes it, so without a flush per frame a long animation waited in memory whole until finish
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        FrameWriter w = renderer("gif", new HashMap<>(Map.of("overlay", false))).open(out, 3, 64, 64);
        int[] sizes = new int[3];
        for (int i = 0; i < 3; i++) {
            FrameBuffer f = new FrameBuffer();
            f.clear(0, 0, 0);
            addBox(f, 0.5, 0.2 * i, 0, 0, 0);
            w.add(f, RenderView.perspective(0, 0, 5, 0, 0, 0, 45));
            sizes[i] = out.size();
        }
        w.finish();
        assertThat(sizes[0]).isPositive();
        assertThat(sizes[1]).isGreaterThan(sizes[0]);
        assertThat(sizes[2]).isGreaterThan(sizes[1]);
        assertThat(out.size()).isGreaterThan(sizes[2]); // the trailer at finish
    }

    static double[] rgb(int c) {
        return new double[] {(c >> 16) & 255, (c >> 8) & 255, c & 255};
    }

    /** Mean red, green, blue over the 4×4 window at (x, y): any such window holds each dither threshold once. */
    static double[] blockMean(BufferedImage img, int x, int y) {
        double[] m = new double[3];
        for (int j = 0; j < 4; j++) {
            for (int i = 0; i < 4; i++) {
                double[] c = rgb(img.getRGB(x + i, y + j));
                for (int k = 0; k < 3; k++) {
                    m[k] += c[k] / 16;
                }
            }
        }
        return m;
    }

    @Test
    void badOptionsAndFrameCountsAreRefusedNamingWhatIsAllowed() {
        assertThatThrownBy(() -> renderer("png", Map.of("color", "rainbow")))
                .hasMessageContaining("rainbow").hasMessageContaining("level, piece, strain, state");
        assertThatThrownBy(() -> renderer("png", Map.of("zoom", 2))).hasMessageContaining("zoom");
        assertThatThrownBy(() -> plain().open(new ByteArrayOutputStream(), 3, 10, 10))
                .hasMessageContaining("one frame").hasMessageContaining("sheet or gif");
        assertThatThrownBy(() -> plain().open(new ByteArrayOutputStream(), 1, 0, 10)).hasMessageContaining("size 0x10");
    }
}
