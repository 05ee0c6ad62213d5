package dev.rubble.plugin.field;

import dev.rubble.spi.field.FieldParams;

/**
 * The falloff curves of Chaos's falloff nodes (reference: chaos-fields-events-cache §1.4,
 * {@code FieldSystemNodes.cpp:440-479}) and the scaling every falloff node applies:
 * {@code magnitude · (min + (max − min) · f(x))} with {@code x ∈ (0, 1]} (1 at the centre).
 */
enum Falloff {
    /** f = 1: constant inside, a cliff to {@code default} at the edge. */
    NONE("none"),
    /** f = x. */
    LINEAR("linear"),
    /** f = x². */
    SQUARED("squared"),
    /** f = 2·(1 − 1/(x + 1)) = 2x/(x + 1): normalised to 0 and 1 at the ends. */
    INVERSE("inverse"),
    /** f = log₂(x + 1), with {@link StrictMath#log}. */
    LOGARITHMIC("logarithmic");

    private static final Falloff[] ALL = values();
    private static final double LN2 = StrictMath.log(2);
    final String label;

    Falloff(String label) {
        this.label = label;
    }

    double f(double x) {
        return switch (this) {
            case NONE -> 1;
            case LINEAR -> x;
            case SQUARED -> x * x;
            case INVERSE -> 2 * (1 - 1 / (x + 1));
            case LOGARITHMIC -> StrictMath.log(x + 1) / LN2;
        };
    }

    static Falloff read(FieldParams p, String key, Falloff dflt) {
        String[] labels = new String[ALL.length];
        for (int i = 0; i < ALL.length; i++) {
            labels[i] = ALL[i].label;
        }
        String s = p.choice(key, dflt.label, labels);
        for (Falloff f : ALL) {
            if (f.label.equals(s)) {
                return f;
            }
        }
        throw new AssertionError(s);
    }

    /** The falloff parameters shared by radial, plane and box falloff nodes. */
    record Scale(double magnitude, double min, double max, double dflt, Falloff curve) {
        static Scale read(FieldParams p) {
            return new Scale(p.finite("magnitude", 1), p.finite("min", 0), p.finite("max", 1), p.finite("default", 0),
                    Falloff.read(p, "falloff", LINEAR));
        }

        double at(double x) {
            return magnitude * (min + (max - min) * curve.f(x));
        }
    }
}
