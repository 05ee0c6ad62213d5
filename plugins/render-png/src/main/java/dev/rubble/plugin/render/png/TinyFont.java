package dev.rubble.plugin.render.png;

/**
 * A 5×7 pixel font for the overlay (digits, the letters of "step t s breaks", '.', '-', ':'),
 * drawn straight into the pixel array: no fonts needed on the machine, same pixels everywhere.
 * Characters it does not know advance as a space.
 */
final class TinyFont {
    private static final String CHARS = "0123456789.-:abekprst";
    /** Seven rows of five bits per character, top row first, bit 4 = leftmost column. */
    private static final int[][] GLYPHS = {
        {14, 17, 19, 21, 25, 17, 14}, {4, 12, 4, 4, 4, 4, 14}, {14, 17, 1, 2, 4, 8, 31}, {31, 2, 4, 2, 1, 17, 14},
        {2, 6, 10, 18, 31, 2, 2}, {31, 16, 30, 1, 1, 17, 14}, {6, 8, 16, 30, 17, 17, 14}, {31, 1, 2, 4, 8, 8, 8},
        {14, 17, 17, 14, 17, 17, 14}, {14, 17, 17, 15, 1, 2, 12}, {0, 0, 0, 0, 0, 12, 12}, {0, 0, 0, 31, 0, 0, 0},
        {0, 12, 12, 0, 12, 12, 0}, {0, 0, 14, 1, 15, 17, 15}, {16, 16, 22, 25, 17, 17, 30}, {0, 0, 14, 17, 31, 16, 14},
        {16, 16, 18, 20, 24, 20, 18}, {0, 0, 30, 17, 30, 16, 16}, {0, 0, 22, 25, 16, 16, 16}, {0, 0, 14, 16, 14, 1, 30},
        {8, 8, 28, 8, 8, 9, 6},
    };

    private TinyFont() {
    }

    /** Draws {@code text} with its top left at (x, y), each font pixel {@code scale}×{@code scale}. */
    static void draw(int[] px, int width, int height, int x, int y, int scale, int argb, String text) {
        int cx = x;
        for (int i = 0; i < text.length(); i++) {
            int g = CHARS.indexOf(text.charAt(i));
            if (g >= 0) {
                int[] rows = GLYPHS[g];
                for (int r = 0; r < 7; r++) {
                    for (int c = 0; c < 5; c++) {
                        if ((rows[r] >> (4 - c) & 1) != 0) {
                            fill(px, width, height, cx + c * scale, y + r * scale, scale, argb);
                        }
                    }
                }
            }
            cx += 6 * scale;
        }
    }

    private static void fill(int[] px, int width, int height, int x, int y, int s, int argb) {
        for (int j = Math.max(0, y); j < Math.min(height, y + s); j++) {
            for (int i = Math.max(0, x); i < Math.min(width, x + s); i++) {
                px[j * width + i] = argb;
            }
        }
    }
}
