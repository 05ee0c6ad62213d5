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
     * @param argb at least {@code width * height} values
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

    /** A canvas over a new array. */
    public PixelCanvas(int width, int height) {
        this(width, height, new int[Math.max(1, width) * Math.max(1, height)]);
    }

    /** Width in pixels, ≥ 1. */
    public int width() {
        return width;
    }

    /** Height in pixels, ≥ 1. */
    public int height() {
        return height;
    }

    /** The pixels, row major, {@code 0xAARRGGBB}; not a copy. */
    public int[] argb() {
        return argb;
    }

    /** The pixel at (x, y). */
    public int get(int x, int y) {
        return argb[y * width + x];
    }
}
