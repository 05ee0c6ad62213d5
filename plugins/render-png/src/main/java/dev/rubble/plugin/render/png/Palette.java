package dev.rubble.plugin.render.png;

/**
 * Colours of the pixel renderers (documented in docs/rendering.md). Strain heat maps the ratio
 * load ÷ threshold piecewise linearly in RGB through three stops: {@link #COLD} at 0, {@link #MID}
 * at 0.5 and {@link #HOT} at 1 and above.
 */
public final class Palette {
    /** Strain 0: cold blue. */
    public static final int COLD = 0xFF2850FF;
    /** Strain 0.5 (half the threshold): amber. */
    public static final int MID = 0xFFFFC020;
    /** Strain ≥ 1 (at or past the threshold): red. */
    public static final int HOT = 0xFFE02020;
    /** Background. */
    public static final int BACKGROUND = 0xFFF2F2EE;
    /** Ground grid cells, alternating. */
    public static final int GROUND_A = 0xFFD6D6CE, GROUND_B = 0xFFC4C4BC;
    /** Overlay text. */
    public static final int TEXT = 0xFF202020;
    /** Colours by fracture level 0, 1, 2, ... (repeating). */
    static final int[] LEVELS = {0xFF8FA3B8, 0xFFE8963C, 0xFF5FB05A, 0xFFA67CC8, 0xFFD8C040, 0xFF4AB0C0,
        0xFFD0605A, 0xFF909090};

    private Palette() {
    }

    /** The heat colour of a strain ratio (≥ 0; NaN counts as 0). */
    public static int heat(double ratio) {
        double r = ratio >= 0 ? Math.min(ratio, 1) : 0;
        return r <= 0.5 ? mix(COLD, MID, r * 2) : mix(MID, HOT, (r - 0.5) * 2);
    }

    /** Stress 0 (unloaded bond): green. */
    public static final int STRESS_LOW = 0xFF30B040;
    /** Stress 0.5 (half the elastic limit): yellow. */
    public static final int STRESS_HALF = 0xFFE8D020;
    /** Stress 1 (at the elastic limit): red. */
    public static final int STRESS_ELASTIC = 0xFFE02020;
    /** Stress ≥ 2 (at the fatal limit): magenta. */
    public static final int STRESS_FATAL = 0xFFFF00FF;
    /** No bonds under a stress model (loose pieces, other bodies). */
    public static final int STRESS_NONE = 0xFFA8A8A2;

    /**
     * The colour of a support-graph stress ratio (issue 30): green at 0 through yellow at 0.5 to red
     * at 1 (the elastic limit), then red to magenta at 2 (the fatal limit) and beyond; NaN (no
     * bonds) is neutral grey.
     */
    public static int stress(double ratio) {
        if (Double.isNaN(ratio)) {
            return STRESS_NONE;
        }
        double r = Math.max(0, Math.min(ratio, 2));
        if (r <= 0.5) {
            return mix(STRESS_LOW, STRESS_HALF, 2 * r);
        }
        return r <= 1 ? mix(STRESS_HALF, STRESS_ELASTIC, 2 * r - 1) : mix(STRESS_ELASTIC, STRESS_FATAL, r - 1);
    }

    /** The colour of fracture level {@code level}. */
    public static int level(int level) {
        return LEVELS[level % LEVELS.length];
    }

    /** A colour per piece id: hues spread by the golden ratio, so neighbours in id differ clearly. */
    public static int piece(int id) {
        double h = (id * 0.6180339887498949) % 1.0;
        return hsv(h, 0.55, 0.92);
    }

    static int hsv(double h, double s, double v) {
        double f = h * 6;
        int k = (int) f % 6;
        double p = f - Math.floor(f);
        double a = v * (1 - s), b = v * (1 - s * p), c = v * (1 - s * (1 - p));
        double r, g, bl;
        switch (k) {
            case 0 -> { r = v; g = c; bl = a; }
            case 1 -> { r = b; g = v; bl = a; }
            case 2 -> { r = a; g = v; bl = c; }
            case 3 -> { r = a; g = b; bl = v; }
            case 4 -> { r = c; g = a; bl = v; }
            default -> { r = v; g = a; bl = b; }
        }
        return 0xFF000000 | (int) Math.round(r * 255) << 16 | (int) Math.round(g * 255) << 8 | (int) Math.round(bl * 255);
    }

    /** {@code a + (b - a) * t} per channel, rounded; t in [0, 1]. */
    static int mix(int a, int b, double t) {
        int r = (int) Math.round(((a >> 16) & 255) + (((b >> 16) & 255) - ((a >> 16) & 255)) * t);
        int g = (int) Math.round(((a >> 8) & 255) + (((b >> 8) & 255) - ((a >> 8) & 255)) * t);
        int bl = (int) Math.round((a & 255) + ((b & 255) - (a & 255)) * t);
        return 0xFF000000 | r << 16 | g << 8 | bl;
    }

    /** Each channel times {@code f} in [0, 1]. */
    static int scale(int c, double f) {
        int r = (int) (((c >> 16) & 255) * f + 0.5);
        int g = (int) (((c >> 8) & 255) * f + 0.5);
        int b = (int) ((c & 255) * f + 0.5);
        return 0xFF000000 | r << 16 | g << 8 | b;
    }
}
