package dev.rubble.spi.render;

import java.util.Objects;

/**
 * A rectangle of pixels over an {@code int[]} of ARGB values ({@code 0xAARRGGBB}), row major,
 * pixel (0, 0) at the top left, as {@link java.awt.image.BufferedImage#TYPE_INT_ARGB} stores them.
 * The array is owned by whoever made the canvas; renderers write into it and keep no reference
 * after the call.
 */
public final class PixelCanvas {
    private final int width;
    private final int height;
    private final int[] argb;

    /**
     * A canvas over the caller's pixel array (not copied: drawing writes into it).
     *
     * @param width the width in pixels, ≥ 1
     * @param height the height in pixels, ≥ 1
     * @param argb at least {@code width * height} values, row major, {@code 0xAARRGGBB}
     * @throws IllegalArgumentException when a size is not positive or the array is too short
     */
    public PixelCanvas(int width, int height, int[] argb) {
        Objects.requireNonNull(argb, "argb is null");
        if (width < 1 || height < 1) {
            throw new IllegalArgumentException("canvas size = " + width + "x" + height + "; allowed: >= 1x1");
        }
        if ((long) width * height > argb.length) {
            throw new IllegalArgumentException("canvas array length = " + argb.length + "; allowed: >= width * height = "
                    + (long) width * height);
        }
        this.width = width;
        this.height = height;
        this.argb = argb;
    }

    /**
     * A canvas over a new array.
     * @param width the width in pixels, ≥ 1
     * @param height the height in pixels, ≥ 1
     * @throws IllegalArgumentException when a size is not positive
     */
    public PixelCanvas(int width, int height) {
        this(width, height, new int[Math.max(1, width) * Math.max(1, height)]);
    }

    /**
     * Width in pixels, ≥ 1.
     * @return the width
     */
    public int width() {
        return width;
    }

    /**
     * Height in pixels, ≥ 1.
     * @return the height
     */
    public int height() {
        return height;
    }

    /**
     * The pixels, row major, {@code 0xAARRGGBB}; not a copy.
     * @return the backing array, {@code width × height} entries
     */
    public int[] argb() {
        return argb;
    }

    /**
     * The pixel at (x, y).
     * @param x the column, 0 ≤ x &lt; {@link #width()}, 0 at the left
     * @param y the row, 0 ≤ y &lt; {@link #height()}
     * @return the pixel, {@code 0xAARRGGBB}
     */
    public int get(int x, int y) {
        return argb[y * width + x];
    }
}
