package dev.rubble.plugin.render.png;

import dev.rubble.spi.render.FrameWriter;
import dev.rubble.spi.render.PixelCanvas;
import dev.rubble.spi.render.RenderFrame;
import dev.rubble.spi.render.RenderView;
import dev.rubble.spi.render.Renderer;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferInt;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Objects;

/**
 * The pixel renderers: {@code png} (one frame, one image), {@code sheet} (a contact sheet: N frames
 * tiled row by row into one PNG) and {@code gif} (an animated GIF, one frame per image). All three
 * draw with the same {@link Rasterizer}; they differ in how frames reach the file.
 */
final class PixelRenderer implements Renderer {
    enum Mode { PNG, SHEET, GIF }

    /** Largest image side written, pixels. */
    static final int MAX_SIDE = 16_384;
    /** Most frames in a sheet or an animation. */
    static final int MAX_FRAMES = 10_000;

    private final Mode mode;
    private final RenderOptions options;
    private final Rasterizer raster;

    PixelRenderer(Mode mode, RenderOptions options) {
        this.mode = mode;
        this.options = options;
        this.raster = new Rasterizer(options);
    }

    @Override
    public CanvasKind canvasKind() {
        return CanvasKind.PIXELS;
    }

    @Override
    public void render(RenderFrame frame, RenderView view, PixelCanvas canvas) {
        Objects.requireNonNull(frame, "frame is null");
        Objects.requireNonNull(view, "view is null");
        Objects.requireNonNull(canvas, "canvas is null");
        raster.keepFraming(false);
        raster.render(frame, view, canvas);
    }

    @Override
    public FrameWriter open(OutputStream out, int frameCount, int width, int height) {
        Objects.requireNonNull(out, "out is null");
        if (width < 1 || height < 1 || width > MAX_SIDE || height > MAX_SIDE) {
            throw new IllegalArgumentException("size " + width + "x" + height + " is not allowed; allowed: 1x1 to "
                    + MAX_SIDE + "x" + MAX_SIDE + " pixels");
        }
        if (frameCount < 1 || frameCount > MAX_FRAMES) {
            throw new IllegalArgumentException("frame count " + frameCount + " is not allowed; allowed: 1.." + MAX_FRAMES);
        }
        raster.keepFraming(mode != Mode.PNG);
        return switch (mode) {
            case PNG -> {
                if (frameCount != 1) {
                    throw new IllegalArgumentException("renderer png draws one frame, not " + frameCount
                            + "; allowed: one frame (--frames A:A), or renderer sheet or gif for several");
                }
                yield new ImageWriter(out, width, height);
            }
            case SHEET -> new SheetWriter(out, frameCount, width, height);
            case GIF -> new GifWriter(this, out, frameCount, width, height, options.delayMillis());
        };
    }

    /** Draws a frame into an RGB image's own pixel array. */
    void drawInto(BufferedImage img, RenderFrame frame, RenderView view) {
        int[] data = ((DataBufferInt) img.getRaster().getDataBuffer()).getData();
        raster.render(frame, view, new PixelCanvas(img.getWidth(), img.getHeight(), data));
    }

    static BufferedImage rgb(int width, int height) {
        return new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
    }

    private abstract static class Counting implements FrameWriter {
        final int frames;
        int added;

        Counting(int frames) {
            this.frames = frames;
        }

        int next() {
            if (added >= frames) {
                throw new IllegalStateException("frame " + (added + 1) + " added; the output was opened for " + frames);
            }
            return added++;
        }

        void checkDone() {
            if (added != frames) {
                throw new IllegalStateException(added + " frames added; the output was opened for " + frames);
            }
        }
    }

    private final class ImageWriter extends Counting {
        private final OutputStream out;
        private final BufferedImage img;

        ImageWriter(OutputStream out, int width, int height) {
            super(1);
            this.out = out;
            this.img = rgb(width, height);
        }

        @Override
        public void add(RenderFrame frame, RenderView view) {
            next();
            drawInto(img, frame, view);
        }

        @Override
        public void finish() throws IOException {
            checkDone();
            ImageStreams.png(img, out);
        }
    }

    /** Tiles of {@code width}×{@code height}, {@code ceil(sqrt(n))} to a row, with a 1-pixel dark frame each. */
    private final class SheetWriter extends Counting {
        private final OutputStream out;
        private final BufferedImage tile;
        private final BufferedImage sheet;
        private final int columns;

        SheetWriter(OutputStream out, int frames, int width, int height) {
            super(frames);
            this.out = out;
            this.columns = (int) Math.ceil(Math.sqrt(frames));
            int rows = (frames + columns - 1) / columns;
            if ((long) columns * width > MAX_SIDE || (long) rows * height > MAX_SIDE) {
                throw new IllegalArgumentException("a sheet of " + frames + " frames of " + width + "x" + height
                        + " would be " + (long) columns * width + "x" + (long) rows * height
                        + " pixels; allowed: at most " + MAX_SIDE + " a side (fewer frames or a smaller --size)");
            }
            this.tile = rgb(width, height);
            this.sheet = rgb(columns * width, rows * height);
            int[] s = ((DataBufferInt) sheet.getRaster().getDataBuffer()).getData();
            java.util.Arrays.fill(s, Palette.BACKGROUND);
        }

        @Override
        public void add(RenderFrame frame, RenderView view) {
            int k = next();
            drawInto(tile, frame, view);
            int w = tile.getWidth(), h = tile.getHeight(), sw = sheet.getWidth();
            int[] t = ((DataBufferInt) tile.getRaster().getDataBuffer()).getData();
            int[] s = ((DataBufferInt) sheet.getRaster().getDataBuffer()).getData();
            int ox = (k % columns) * w, oy = (k / columns) * h;
            for (int y = 0; y < h; y++) {
                System.arraycopy(t, y * w, s, (oy + y) * sw + ox, w);
                s[(oy + y) * sw + ox] = 0xFF404040;
                s[(oy + y) * sw + ox + w - 1] = 0xFF404040;
            }
            java.util.Arrays.fill(s, oy * sw + ox, oy * sw + ox + w, 0xFF404040);
            java.util.Arrays.fill(s, (oy + h - 1) * sw + ox, (oy + h - 1) * sw + ox + w, 0xFF404040);
        }

        @Override
        public void finish() throws IOException {
            checkDone();
            ImageStreams.png(sheet, out);
        }
    }
}
