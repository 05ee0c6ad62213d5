package dev.rubble.spi;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Options a stage implementation is created with: a flat, ordered map of string keys to numbers,
 * strings or booleans, taken from the scenario's {@code stageOptions} for that stage.
 *
 * <p>Immutable. A factory that does not know a key must reject it with
 * {@link #requireOnly(String...)} so that a typo never silently falls back to a default.
 */
public final class StageConfig {
    private static final StageConfig EMPTY = new StageConfig(Map.of());
    private final Map<String, Object> values;

    private StageConfig(Map<String, Object> values) {
        this.values = Collections.unmodifiableMap(new TreeMap<>(values));
    }

    /**
     * An empty configuration: every option takes its default.
     * @return the empty configuration
     */
    public static StageConfig empty() {
        return EMPTY;
    }

    /**
     * A configuration holding a copy of {@code values} (String, Number or Boolean values).
     * @param values the options by name
     * @return an immutable configuration
     */
    public static StageConfig of(Map<String, ?> values) {
        Objects.requireNonNull(values, "values is null");
        Map<String, Object> copy = new TreeMap<>();
        for (Map.Entry<String, ?> e : values.entrySet()) {
            Object v = Objects.requireNonNull(e.getValue(), () -> "option '" + e.getKey() + "' is null");
            if (!(v instanceof String || v instanceof Number || v instanceof Boolean)) {
                throw new IllegalArgumentException("option '" + e.getKey() + "' = " + describe(v)
                        + "; allowed: a string, number or boolean (a list of numbers as one string, e.g. \"50, 10\")");
            }
            copy.put(e.getKey(), v);
        }
        return new StageConfig(copy);
    }

    /**
     * A value of a type no option takes, as an error message shows it: its text (a list's elements, an array's
     * components) and what it is, in words a caller recognises ("a list", "an array", else the class's name; a JDK
     * collection's simple name is an internal one, such as {@code List12}).
     * @param v the value
     * @return at most about 200 characters
     */
    public static String describe(Object v) {
        String text;
        String what;
        if (v instanceof java.util.Collection<?> c) {
            text = c.toString();
            what = "a list";
        } else if (v instanceof Map<?, ?> m) {
            text = m.toString();
            what = "a map";
        } else if (v.getClass().isArray()) {
            text = v instanceof double[] d ? java.util.Arrays.toString(d) : v instanceof int[] i ? java.util.Arrays.toString(i)
                    : v instanceof long[] l ? java.util.Arrays.toString(l) : v instanceof float[] f ? java.util.Arrays.toString(f)
                    : v instanceof Object[] o ? java.util.Arrays.deepToString(o) : "[...]";
            what = "an array";
        } else {
            text = String.valueOf(v);
            what = "a " + v.getClass().getName();
        }
        if (text.length() > 160) {
            text = text.substring(0, 160) + "...";
        }
        return text + " (" + what + ")";
    }

    /**
     * All options, sorted by key.
     * @return an unmodifiable sorted map of every option
     */
    public Map<String, Object> asMap() {
        return values;
    }

    /**
     * Fails with {@link IllegalArgumentException} naming the first key not in {@code allowed}.
     * @param allowed the option names the stage understands
     * @return this, for chaining
     */
    public StageConfig requireOnly(String... allowed) {
        outer:
        for (String key : values.keySet()) {
            for (String a : allowed) {
                if (a.equals(key)) {
                    continue outer;
                }
            }
            throw new IllegalArgumentException("unknown option '" + key + "'; allowed: "
                    + (allowed.length == 0 ? "(none)" : String.join(", ", allowed)));
        }
        return this;
    }

    /**
     * A finite number option, or {@code defaultValue} when absent; fails outside [min, max].
     * @param key the option name
     * @param defaultValue the value when the option is absent
     * @param min the smallest allowed value
     * @param max the largest allowed value
     * @return the value
     * @throws IllegalArgumentException when the value is not a finite number in [min, max]
     */
    public double getDouble(String key, double defaultValue, double min, double max) {
        Object v = values.get(key);
        if (v == null) {
            return defaultValue;
        }
        if (!(v instanceof Number)) {
            throw new IllegalArgumentException("option '" + key + "' = " + v + " is not a number");
        }
        double d = ((Number) v).doubleValue();
        if (!(d >= min && d <= max)) {
            throw new IllegalArgumentException("option '" + key + "' = " + d
                    + " is out of range; allowed: [" + min + ", " + max + "]");
        }
        return d;
    }

    /**
     * An integer option, or {@code defaultValue} when absent; fails outside [min, max].
     * @param key the option name
     * @param defaultValue the value when the option is absent
     * @param min the smallest allowed value
     * @param max the largest allowed value
     * @return the value
     * @throws IllegalArgumentException when the value is not a whole number in [min, max]
     */
    public int getInt(String key, int defaultValue, int min, int max) {
        Object v = values.get(key);
        if (v == null) {
            return defaultValue;
        }
        if (!(v instanceof Number) || ((Number) v).doubleValue() != Math.rint(((Number) v).doubleValue())) {
            throw new IllegalArgumentException("option '" + key + "' = " + v + " is not an integer");
        }
        // compared as a double: longValue() of 2^64 + 4 (a BigInteger from a JSON file) wraps to 4
        double d = ((Number) v).doubleValue();
        if (!(d >= min && d <= max)) {
            throw new IllegalArgumentException("option '" + key + "' = " + v
                    + " is out of range; allowed: [" + min + ", " + max + "]");
        }
        return (int) d;
    }

    /**
     * A string option, or {@code defaultValue} when absent.
     * @param key the option name
     * @param defaultValue the value when the option is absent
     * @return the value as text
     */
    public String getString(String key, String defaultValue) {
        Object v = values.get(key);
        return v == null ? defaultValue : v.toString();
    }

    /**
     * A boolean option, or {@code defaultValue} when absent.
     * @param key the option name
     * @param defaultValue the value when the option is absent
     * @return the value
     * @throws IllegalArgumentException when the value is not a boolean
     */
    public boolean getBoolean(String key, boolean defaultValue) {
        Object v = values.get(key);
        if (v == null) {
            return defaultValue;
        }
        if (!(v instanceof Boolean)) {
            // a string is quoted: "option 'x' = true is not a boolean; allowed: true, false" read as a contradiction
            String written = v instanceof String ? "\"" + v + "\" (a string)" : String.valueOf(v);
            throw new IllegalArgumentException("option '" + key + "' = " + written
                    + " is not a boolean; allowed: true, false (unquoted)");
        }
        return (Boolean) v;
    }

    @Override
    public String toString() {
        return values.toString();
    }
}
