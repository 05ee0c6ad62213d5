package dev.rubble.bake;

import java.awt.image.BufferedImage;
import java.util.Locale;

/**
 * A 3×5 pixel font for plot labels (upper case, digits, a few signs; lower case draws as upper).
 * Java2D's text needs fonts and fontconfig, which a bare server or CI machine may lack; these
 * glyphs need nothing, and the PNGs come out the same on every machine.
 */
final class PixelFont {
    /** Each glyph: five rows of three bits (4 = left column, 1 = right). */
    private static final String CHARS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ.-_/():=+,% ";
    private static final String[] ROWS = {
        "75557", "26227", "71747", "71317", "55711", "74717", "74757", "71122", "75757", "75717",
        "25755", "65656", "34443", "65556", "74647", "74644", "34553", "55755", "72227", "11152",
        "55655", "44447", "57755", "65555", "25552", "65644", "25563", "65655", "34216", "72222",
        "55557", "55552", "55775", "55255", "55222", "71247", "00002", "00700", "00007", "11244",
        "12221", "42224", "02020", "07070", "02720", "00024", "51245", "00000"};

    private PixelFont() {
    }

    /** Width in pixels of {@code s} at {@code scale}. */
    static int width(String s, int scale) {
        return s.isEmpty() ? 0 : (s.length() * 4 - 1) * scale;
    }

    /** Draws {@code s} with its top-left corner at (x, y). */
    static void draw(BufferedImage img, String s, int x, int y, int scale, int rgb) {
        String u = s.toUpperCase(Locale.ROOT);
        for (int i = 0; i < u.length(); i++) {
            int g = CHARS.indexOf(u.charAt(i));
            String rows = ROWS[g < 0 ? CHARS.length() - 1 : g];
            for (int r = 0; r < 5; r++) {
                int bits = rows.charAt(r) - '0';
                for (int c = 0; c < 3; c++) {
                    if ((bits & (4 >> c)) != 0) {
                        fill(img, x + (i * 4 + c) * scale, y + r * scale, scale, scale, rgb);
                    }
                }
            }
        }
    }

    static void fill(BufferedImage img, int x, int y, int w, int h, int rgb) {
        for (int yy = Math.max(0, y); yy < Math.min(img.getHeight(), y + h); yy++) {
            for (int xx = Math.max(0, x); xx < Math.min(img.getWidth(), x + w); xx++) {
                img.setRGB(xx, yy, rgb);
            }
        }
    }
}
