package dev.rubble.spi.shape;

import java.util.Locale;

/**
 * The one text form of a box in a source string (issue 28, item 5): {@code box:half=HX,HY,HZ},
 * the box's <em>half extents</em> in metres, centred at the origin — the same convention as
 * {@link Box}, a scenario body's {@code halfExtents} and a scenario recipe's {@code box}. It is the
 * same in {@code rubble fracture --source}, {@code rubble softbody --source} and a scenario's
 * {@code softBodies[].source}.
 *
 * <p>The old spelling {@code box:A,B,C} meant full side lengths in {@code fracture} and half
 * extents in {@code softbody}; reading it either way would silently change one of them, so it is
 * refused with a message that shows the new spelling of what it meant where it was written.
 */
public final class BoxSpelling {
    /** The prefix of the form. */
    public static final String PREFIX = "box:half=";
    /** How the form is shown in messages and help. */
    public static final String FORM = "box:half=HX,HY,HZ (half extents, m)";

    /** What the old spelling {@code box:A,B,C} meant where it was written. */
    public enum OldMeaning {
        /** {@code rubble fracture --source}: full side lengths. */
        FULL_SIZES,
        /** {@code rubble softbody --source} and {@code softBodies[].source}: half extents. */
        HALF_EXTENTS
    }

    private BoxSpelling() {
    }

    /**
     * Whether {@code spec} is a box source, in the current spelling or the old one.
     * @param spec a source string such as {@code box:half=1,0.5,0.1}
     * @return true when it names a box (current or old spelling), false otherwise
     */
    public static boolean isBox(String spec) {
        return spec.startsWith("box:");
    }

    /**
     * The half extents of a box source, each in {@code [min, max]} metres.
     *
     * @param spec the source string (starts with {@code box:})
     * @param old  what the old spelling meant here, for the migration message
     * @throws IllegalArgumentException one line naming the source, the bad part and what is allowed
     * @param min the smallest half extent allowed, metres
     * @param max the largest half extent allowed, metres
     * @return the three half extents x, y, z in metres, each in [min, max]
     */
    public static double[] halfExtents(String spec, OldMeaning old, double min, double max) {
        if (!spec.startsWith("box:")) {
            throw new IllegalArgumentException("'" + spec + "' is not a box source; allowed: " + FORM);
        }
        if (!spec.startsWith(PREFIX)) {
            throw new IllegalArgumentException(migration(spec, old));
        }
        String[] f = spec.substring(PREFIX.length()).split(",", -1);
        if (f.length != 3) {
            throw new IllegalArgumentException("'" + spec + "' has " + f.length + " numbers; allowed: " + FORM);
        }
        double[] h = new double[3];
        for (int k = 0; k < 3; k++) {
            try {
                h[k] = Double.parseDouble(f[k].trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("'" + spec + "': '" + f[k].trim() + "' is not a number; allowed: " + FORM);
            }
            if (!(h[k] >= min && h[k] <= max)) {
                throw new IllegalArgumentException("'" + spec + "': half extent " + f[k].trim() + " is not allowed; allowed: "
                        + (max == Double.MAX_VALUE ? "> 0 metres" : "[" + min + ", " + max + "] m"));
            }
        }
        return h;
    }

    /** The message for the old spelling: what it meant here, and the new spelling of the same box. */
    static String migration(String spec, OldMeaning old) {
        String[] f = spec.substring(4).split(",", -1);
        StringBuilder same = new StringBuilder(PREFIX);
        boolean numbers = f.length == 3;
        for (int k = 0; numbers && k < 3; k++) {
            try {
                double v = Double.parseDouble(f[k].trim());
                same.append(k > 0 ? "," : "").append(number(old == OldMeaning.FULL_SIZES ? v / 2 : v));
            } catch (NumberFormatException e) {
                numbers = false;
            }
        }
        String meant = old == OldMeaning.FULL_SIZES ? "full side lengths" : "half extents";
        return "'" + spec + "' is the old box spelling (here it meant " + meant + "; box sizes are half extents everywhere now"
                + " and the spelling says so): write " + (numbers ? same.toString() : FORM);
    }

    private static String number(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return String.valueOf((long) v);
        }
        String s = String.format(Locale.ROOT, "%s", v);
        return s;
    }
}
