package dev.rubble.spi.render;

import java.io.OutputStream;

/**
 * Draws frames of a simulation (SPEC §11). A renderer is draw-only: it reads a {@link RenderFrame}
 * and never sees or changes the world. One instance draws one stream of frames on one thread; it may
 * keep scratch buffers between frames (and should: allocation per frame must be bounded and must not
 * grow with the number of pieces).
 */
public interface Renderer {

    /** What a renderer draws on. */
    enum CanvasKind {
        /** {@link PixelCanvas}: ARGB pixels. */
        PIXELS,
        /** {@link CellCanvas}: character cells. */
        CELLS
    }

    /**
     * The canvas this renderer draws on.
     * @return pixels or cells
     */
    CanvasKind canvasKind();

    /**
     * Draws {@code frame} seen through {@code view} onto a pixel canvas, covering all of it.
     *
     * @throws UnsupportedOperationException when {@link #canvasKind()} is not {@link CanvasKind#PIXELS}
     * @param frame the bodies to draw, read during the call only
     * @param view the camera
     * @param canvas the pixels to draw on
     */
    default void render(RenderFrame frame, RenderView view, PixelCanvas canvas) {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " does not draw pixels");
    }

    /**
     * Draws {@code frame} seen through {@code view} onto character cells, covering all of them.
     *
     * @throws UnsupportedOperationException when {@link #canvasKind()} is not {@link CanvasKind#CELLS}
     * @param frame the bodies to draw, read during the call only
     * @param view the camera
     * @param canvas the cells to draw on
     */
    default void render(RenderFrame frame, RenderView view, CellCanvas canvas) {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " does not draw character cells");
    }

    /**
     * Opens a file output of {@code frameCount} frames, each drawn {@code width} x {@code height}
     * pixels: an image ({@code png}, exactly one frame), a contact sheet or an animation. The writer
     * owns nothing of {@code out}: the caller closes it after {@link FrameWriter#finish()}.
     *
     * @throws IllegalArgumentException when this renderer cannot write {@code frameCount} frames
     *                                  (the message says what is allowed) or the size is not positive
     * @throws UnsupportedOperationException when this renderer writes no files (e.g. the console)
     * @param out where the file's bytes go
     * @param frameCount the number of frames the caller will add, ≥ 1
     * @param width each frame's width in pixels, ≥ 1
     * @param height each frame's height in pixels, ≥ 1
     * @return a writer taking exactly frameCount frames
     */
    default FrameWriter open(OutputStream out, int frameCount, int width, int height) {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " writes no files");
    }
}
