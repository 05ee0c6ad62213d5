package dev.rubble.plugin.render.png;

/**
 * A 5×7 pixel font for the overlay and the legend (digits, the lower-case letters, '.', '-', ':',
 * '=', '/', '(', ')', '>'),
 * drawn straight into the pixel array: no fonts needed on the machine, same pixels everywhere.
 * Characters it does not know advance as a space.
 */
final class TinyFont {
    private static final String CHARS = "0123456789.-:abekprstcdfghijlmnoquvwxyz=/()>";
    /** Seven rows of five bits per character, top row first, bit 4 = leftmost column. */
    private static final int[][] GLYPHS = {
        {14, 17, 19, 21, 25, 17, 14}, {4, 12, 4, 4, 4, 4, 14}, {14, 17, 1, 2, 4, 8, 31}, {31, 2, 4, 2, 1, 17, 14},
        {2, 6, 10, 18, 31, 2, 2}, {31, 16, 30, 1, 1, 17, 14}, {6, 8, 16, 30, 17, 17, 14}, {31, 1, 2, 4, 8, 8, 8},
        {14, 17, 17, 14, 17, 17, 14}, {14, 17, 17, 15, 1, 2, 12}, {0, 0, 0, 0, 0, 12, 12}, {0, 0, 0, 31, 0, 0, 0},
        {0, 12, 12, 0, 12, 12, 0}, {0, 0, 14, 1, 15, 17, 15}, {16, 16, 22, 25, 17, 17, 30}, {0, 0, 14, 17, 31, 16, 14},
        {16, 16, 18, 20, 24, 20, 18}, {0, 0, 30, 17, 30, 16, 16}, {0, 0, 22, 25, 16, 16, 16}, {0, 0, 14, 16, 14, 1, 30},
        {8, 8, 28, 8, 8, 9, 6},
        // c d f g h i j l m n o q u v w x y z
        {0, 0, 14, 16, 16, 17, 14}, {1, 1, 13, 19, 17, 17, 15}, {6, 9, 8, 28, 8, 8, 8}, {0, 15, 17, 17, 15, 1, 14},
        {16, 16, 22, 25, 17, 17, 17}, {4, 0, 12, 4, 4, 4, 14}, {2, 0, 6, 2, 2, 18, 12}, {12, 4, 4, 4, 4, 4, 14},
        {0, 0, 26, 21, 21, 17, 17}, {0, 0, 22, 25, 17, 17, 17}, {0, 0, 14, 17, 17, 17, 14}, {0, 0, 13, 19, 15, 1, 1},
        {0, 0, 17, 17, 17, 19, 13}, {0, 0, 17, 17, 17, 10, 4}, {0, 0, 17, 17, 21, 21, 10}, {0, 0, 17, 10, 4, 10, 17},
        {0, 0, 17, 17, 15, 1, 14}, {0, 0, 31, 2, 4, 8, 31},
        // = / ( ) >
        {0, 0, 31, 0, 31, 0, 0}, {1, 1, 2, 4, 8, 16, 16}, {2, 4, 8, 8, 8, 4, 2}, {8, 4, 2, 2, 2, 4, 8}, {8, 4, 2, 1, 2, 4, 8},
    };

    /** Width in pixels of {@code text} drawn at {@code scale}. */
    static int width(String text, int scale) {
        return 6 * scale * text.length();
    }

    private TinyFont() {
    }

    /**
     * Draws {@code text} with its top left at (x, y), each font pixel {@code scale}×{@code scale}, on a
     * halo of {@code halo} ({@code scale} pixels around every font pixel) so that it stays legible over
     * whatever was drawn there (a dark wall behind the step line or the legend); no halo when
     * {@code halo} is 0.
     */
    static void draw(int[] px, int width, int height, int x, int y, int scale, int argb, int halo, String text) {
        if (halo != 0) {
            glyphs(px, width, height, x, y, scale, halo, scale, text);
        }
        glyphs(px, width, height, x, y, scale, argb, 0, text);
    }

    /** Draws {@code text} without a halo. */
    static void draw(int[] px, int width, int height, int x, int y, int scale, int argb, String text) {
        draw(px, width, height, x, y, scale, argb, 0, text);
    }

    /** The font pixels of {@code text}, each grown by {@code grow} pixels on every side. */
    private static void glyphs(int[] px, int width, int height, int x, int y, int scale, int argb, int grow, String text) {
        int cx = x;
        for (int i = 0; i < text.length(); i++) {
            int g = CHARS.indexOf(text.charAt(i));
            if (g >= 0) {
                int[] rows = GLYPHS[g];
                for (int r = 0; r < 7; r++) {
                    for (int c = 0; c < 5; c++) {
                        if ((rows[r] >> (4 - c) & 1) != 0) {
                            fill(px, width, height, cx + c * scale - grow, y + r * scale - grow, scale + 2 * grow, argb);
                        }
                    }
                }
            }
            cx += 6 * scale;
        }
    }

    static void fill(int[] px, int width, int height, int x, int y, int s, int argb) {
        for (int j = Math.max(0, y); j < Math.min(height, y + s); j++) {
            for (int i = Math.max(0, x); i < Math.min(width, x + s); i++) {
                px[j * width + i] = argb;
            }
        }
    }
}
