package dev.rubble.plugin.damage;

import dev.rubble.spi.StageConfig;
import java.util.List;

/** Option parsing shared by the damage models. */
final class Options {
    private Options() {
    }

    /**
     * A non-empty list of numbers ≥ 0 — one number, or a string of numbers separated by commas
     * (options are scalars; {@code "5000, 500, 50"}, {@code Infinity} allowed) — or {@code defaults}
     * when absent.
     */
    static double[] numbers(StageConfig c, String key, double[] defaults) {
        Object v = c.asMap().get(key);
        if (v == null) {
            return defaults.clone();
        }
        List<?> items;
        if (v instanceof String str) {
            String[] parts = str.trim().isEmpty() ? new String[0] : str.split("[,\\s]+");
            Object[] parsed = new Object[parts.length];
            for (int i = 0; i < parts.length; i++) {
                try {
                    parsed[i] = Double.parseDouble(parts[i]);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("option '" + key + "'[" + i + "] = " + parts[i]
                            + "; allowed: a number >= 0 (Infinity = unbreakable)");
                }
            }
            items = java.util.Arrays.asList(parsed);
        } else {
            items = v instanceof List<?> l ? l : List.of(v);
        }
        if (items.isEmpty()) {
            throw new IllegalArgumentException("option '" + key + "' is empty; allowed: one or more numbers >= 0");
        }
        double[] out = new double[items.size()];
        for (int i = 0; i < out.length; i++) {
            Object o = items.get(i);
            if (!(o instanceof Number n) || !(n.doubleValue() >= 0)) {
                throw new IllegalArgumentException("option '" + key + "'[" + i + "] = " + o
                        + "; allowed: a number >= 0 (Infinity = unbreakable)");
            }
            out[i] = n.doubleValue();
        }
        return out;
    }
}
