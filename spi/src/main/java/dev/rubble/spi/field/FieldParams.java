package dev.rubble.spi.field;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The parameters of one field node: a sorted, immutable map from a key to a number, a string, a
 * boolean, a vector ({@code double[3]}, copied in and out) or an input node. A factory reads the
 * keys it knows through the checked getters and calls {@link #requireOnly} so a misspelt key is an
 * error, never a silent default. Every message names the key, the bad value and what is allowed;
 * the kernel prefixes the place (a JSON path, a builder call).
 */
public final class FieldParams {
    private final Map<String, Object> values;

    private FieldParams(Map<String, Object> values) {
        this.values = Collections.unmodifiableMap(values);
    }

    /**
     * Parameters holding a copy of {@code values}: Number, String, Boolean, {@code double[]} of
     * length 3, or {@link FieldNode}.
     * @param values the parameters by name
     * @return an immutable parameter set
     */
    public static FieldParams of(Map<String, ?> values) {
        Objects.requireNonNull(values, "values is null");
        Map<String, Object> copy = new TreeMap<>();
        for (Map.Entry<String, ?> e : values.entrySet()) {
            Object v = Objects.requireNonNull(e.getValue(), () -> "parameter '" + e.getKey() + "' is null");
            if (v instanceof double[] d) {
                if (d.length != 3) {
                    throw new IllegalArgumentException("parameter '" + e.getKey() + "' has " + d.length
                            + " components; allowed: 3 [x, y, z]");
                }
                v = d.clone();
            } else if (!(v instanceof Number || v instanceof String || v instanceof Boolean || v instanceof FieldNode)) {
                throw new IllegalArgumentException("parameter '" + e.getKey() + "' = " + dev.rubble.spi.StageConfig.describe(v)
                        + "; allowed: a number, string, boolean, vector (double[3]) or field node");
            }
            copy.put(e.getKey(), v);
        }
        return new FieldParams(copy);
    }

    /**
     * Every key, sorted.
     * @return the keys in ascending order
     */
    public Iterable<String> keys() {
        return values.keySet();
    }

    /**
     * The raw value of {@code key} (vectors copied), or null.
     * @param key the parameter name
     * @return the value, a copy of a vector, or null when absent
     */
    public Object raw(String key) {
        Object v = values.get(key);
        return v instanceof double[] d ? d.clone() : v;
    }

    /**
     * Fails naming the first key not in {@code allowed}.
     * @param allowed the keys this node understands
     * @return this, for chaining
     * @throws IllegalArgumentException naming the first unknown key and the allowed ones
     */
    public FieldParams requireOnly(String... allowed) {
        outer:
        for (String key : values.keySet()) {
            for (String a : allowed) {
                if (a.equals(key)) {
                    continue outer;
                }
            }
            throw new IllegalArgumentException("unknown parameter '" + key + "'; allowed: "
                    + (allowed.length == 0 ? "(none)" : String.join(", ", allowed)));
        }
        return this;
    }

    /**
     * A number in [min, max] (never NaN), or {@code defaultValue} when absent.
     * @param key the parameter name
     * @param defaultValue the value when the key is absent
     * @param min the smallest allowed value
     * @param max the largest allowed value
     * @return the value
     * @throws IllegalArgumentException when the value is not a number, NaN or outside [min, max]
     */
    public double number(String key, double defaultValue, double min, double max) {
        Object v = values.get(key);
        if (v == null) {
            return defaultValue;
        }
        if (!(v instanceof Number n)) {
            throw new IllegalArgumentException("'" + key + "' = " + describe(v) + " is not a number");
        }
        double d = n.doubleValue();
        if (!(d >= min && d <= max)) {
            throw new IllegalArgumentException("'" + key + "' = " + d + "; allowed: " + range(min, max));
        }
        return d;
    }

    /**
     * A finite number (any sign), or {@code defaultValue} when absent.
     * @param key the parameter name
     * @param defaultValue the value when the key is absent
     * @return the value
     * @throws IllegalArgumentException when the value is not a finite number
     */
    public double finite(String key, double defaultValue) {
        return number(key, defaultValue, -Double.MAX_VALUE, Double.MAX_VALUE);
    }

    /**
     * A whole number in [min, max], or {@code defaultValue} when absent.
     * @param key the parameter name
     * @param defaultValue the value when the key is absent
     * @param min the smallest allowed value
     * @param max the largest allowed value
     * @return the value
     * @throws IllegalArgumentException when the value is not a whole number in [min, max]
     */
    public long integer(String key, long defaultValue, long min, long max) {
        Object v = values.get(key);
        if (v == null) {
            return defaultValue;
        }
        if (!(v instanceof Number n) || (!(n instanceof Long || n instanceof Integer || n instanceof Short
                || n instanceof Byte) && n.doubleValue() != Math.rint(n.doubleValue()))
                || Double.isInfinite(n.doubleValue())) {
            throw new IllegalArgumentException("'" + key + "' = " + describe(v) + " is not a whole number");
        }
        long l = (n instanceof Long || n instanceof Integer || n instanceof Short || n instanceof Byte)
                ? n.longValue() : (long) n.doubleValue();
        boolean integral = n instanceof Long || n instanceof Integer || n instanceof Short || n instanceof Byte;
        if (l < min || l > max || (!integral && (n.doubleValue() < min || n.doubleValue() > max))) {
            // the value as given (1e20, not the long it saturates to)
            throw new IllegalArgumentException("'" + key + "' = " + (integral ? String.valueOf(l) : describe(v))
                    + "; allowed: [" + min + ", " + max + "]");
        }
        return l;
    }

    /**
     * A finite vector (a copy), or a copy of {@code defaultValue} when absent.
     * @param key the parameter name
     * @param defaultValue the vector when the key is absent (three values)
     * @return a new three-element array
     * @throws IllegalArgumentException when the value is not three finite numbers
     */
    public double[] vector(String key, double[] defaultValue) {
        Object v = values.get(key);
        if (v == null) {
            return defaultValue.clone();
        }
        if (!(v instanceof double[] d)) {
            throw new IllegalArgumentException("'" + key + "' = " + describe(v) + " is not a vector; allowed: [x, y, z]");
        }
        for (double c : d) {
            if (!Double.isFinite(c)) {
                throw new IllegalArgumentException("'" + key + "' = [" + d[0] + ", " + d[1] + ", " + d[2]
                        + "]; allowed: finite components");
            }
        }
        return d.clone();
    }

    /**
     * One of {@code allowed} (lower case), or {@code defaultValue} when absent.
     * @param key the parameter name
     * @param defaultValue the value when the key is absent
     * @param allowed the accepted values, lower case
     * @return the value, lower case
     * @throws IllegalArgumentException when the value is not one of allowed
     */
    public String choice(String key, String defaultValue, String... allowed) {
        Object v = values.get(key);
        if (v == null) {
            return defaultValue;
        }
        for (String a : allowed) {
            if (a.equals(v)) {
                return a;
            }
        }
        throw new IllegalArgumentException("'" + key + "' = " + describe(v) + "; allowed: " + String.join(", ", allowed));
    }

    /**
     * A boolean, or {@code defaultValue} when absent.
     * @param key the parameter name
     * @param defaultValue the value when the key is absent
     * @return the value
     * @throws IllegalArgumentException when the value is not a boolean
     */
    public boolean bool(String key, boolean defaultValue) {
        Object v = values.get(key);
        if (v == null) {
            return defaultValue;
        }
        if (!(v instanceof Boolean b)) {
            throw new IllegalArgumentException("'" + key + "' = " + describe(v) + "; allowed: true, false");
        }
        return b;
    }

    /**
     * The required input node {@code key}, whose type must be one of {@code allowed}.
     * @param key the parameter name
     * @param allowed the node types accepted as input
     * @return the input node
     * @throws IllegalArgumentException when the input is missing or of another type
     */
    public FieldNode input(String key, FieldType... allowed) {
        Object v = values.get(key);
        if (v == null) {
            throw new IllegalArgumentException("missing input '" + key + "'; allowed: a node of type " + types(allowed));
        }
        if (!(v instanceof FieldNode n)) {
            throw new IllegalArgumentException("'" + key + "' = " + describe(v) + " is not a node");
        }
        for (FieldType t : allowed) {
            if (n.type() == t) {
                return n;
            }
        }
        throw new IllegalArgumentException("input '" + key + "' gives " + n.type().label() + "; allowed: " + types(allowed));
    }

    private static String types(FieldType... allowed) {
        StringBuilder s = new StringBuilder();
        for (FieldType t : allowed) {
            s.append(s.length() == 0 ? "" : ", ").append(t.label());
        }
        return s.toString();
    }

    private static String range(double min, double max) {
        if (min == -Double.MAX_VALUE && max == Double.MAX_VALUE) {
            return "finite";
        }
        if (max == Double.MAX_VALUE && min == Double.MIN_NORMAL) {
            return "finite, > 0"; // the smallest normal double: "> 0" in words (subnormals are refused too)
        }
        if (max == Double.MAX_VALUE) {
            return "finite, >= " + min;
        }
        return "[" + min + ", " + max + "]";
    }

    private static String describe(Object v) {
        if (v instanceof double[] d) {
            return "[" + d[0] + ", " + d[1] + ", " + d[2] + "]";
        }
        if (v instanceof FieldNode n) {
            return "a " + n.type().label() + " node";
        }
        return v instanceof String ? "'" + v + "'" : String.valueOf(v);
    }

    @Override
    public String toString() {
        return values.keySet().toString();
    }
}
