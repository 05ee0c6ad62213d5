package dev.rubble.core.command;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A field as data (issue 24; docs/fields.md): a node type name ({@code radial-falloff}, ...) and its
 * parameters, whose values are numbers ({@link Double} or {@link Long}), strings, booleans,
 * vectors ({@link Vec}) or input nodes (nested {@code FieldSpec}s). What a journal, a snapshot and
 * a scenario hold; the kernel builds the node tree from it with the {@code field-node} plugins.
 * Immutable; a tree by construction (a node cannot contain itself).
 */
public record FieldSpec(String type, SortedMap<String, Object> params) {
    private static final int MAX_DEPTH = 64, MAX_COUNT = 1 << 16, MAX_STRING = 1 << 16;

    /** A vector parameter (metres, m/s, a direction...). */
    public record Vec(double x, double y, double z) {
    }

    public FieldSpec {
        Objects.requireNonNull(type, "field node type is null");
        Objects.requireNonNull(params, "params is null");
        TreeMap<String, Object> copy = new TreeMap<>();
        for (Map.Entry<String, Object> e : params.entrySet()) {
            Object v = Objects.requireNonNull(e.getValue(), () -> "parameter '" + e.getKey() + "' is null");
            if (v instanceof Integer i) {
                v = i.longValue();
            } else if (v instanceof Float f) {
                v = f.doubleValue();
            }
            if (!(v instanceof Double || v instanceof Long || v instanceof String || v instanceof Boolean
                    || v instanceof Vec || v instanceof FieldSpec)) {
                throw new IllegalArgumentException("parameter '" + e.getKey() + "' = " + dev.rubble.spi.StageConfig.describe(v)
                        + "; allowed: a number, string, boolean, vector (org.joml.Vector3dc in the Java API) or field node");
            }
            copy.put(e.getKey(), v);
        }
        params = Collections.unmodifiableSortedMap(copy);
    }

    /** A node of {@code type} with parameters given as key, value pairs. */
    public static FieldSpec of(String type, Object... keyValues) {
        if (keyValues.length % 2 != 0) {
            throw new IllegalArgumentException("parameters come in key, value pairs; got " + keyValues.length + " items");
        }
        TreeMap<String, Object> m = new TreeMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            m.put((String) keyValues[i], keyValues[i + 1]);
        }
        return new FieldSpec(type, m);
    }

    /** This node with one more (or a replaced) parameter. */
    public FieldSpec with(String key, Object value) {
        TreeMap<String, Object> m = new TreeMap<>(params);
        m.put(key, value);
        return new FieldSpec(type, m);
    }

    /** Writes this tree (docs/journal-format.md, "Fields"): type, count, then per key a tag and a value. */
    public void write(DataOutput out) throws IOException {
        out.writeUTF(type);
        out.writeInt(params.size());
        for (Map.Entry<String, Object> e : params.entrySet()) {
            out.writeUTF(e.getKey());
            Object v = e.getValue();
            if (v instanceof Double d) {
                out.writeByte('D');
                out.writeDouble(d);
            } else if (v instanceof Long l) {
                out.writeByte('J');
                out.writeLong(l);
            } else if (v instanceof String s) {
                out.writeByte('S');
                out.writeUTF(s);
            } else if (v instanceof Boolean z) {
                out.writeByte('Z');
                out.writeBoolean(z);
            } else if (v instanceof Vec c) {
                out.writeByte('V');
                out.writeDouble(c.x());
                out.writeDouble(c.y());
                out.writeDouble(c.z());
            } else {
                out.writeByte('N');
                ((FieldSpec) v).write(out);
            }
        }
    }

    /** Reads a tree written by {@link #write}; a corrupt input fails with {@link IOException}. */
    public static FieldSpec read(DataInput in) throws IOException {
        return read(in, 0);
    }

    private static FieldSpec read(DataInput in, int depth) throws IOException {
        if (depth > MAX_DEPTH) {
            throw new IOException("field tree deeper than " + MAX_DEPTH);
        }
        String type = in.readUTF();
        int n = in.readInt();
        if (n < 0 || n > MAX_COUNT) {
            throw new IOException("field node '" + type + "' has " + n + " parameters; allowed: 0.." + MAX_COUNT);
        }
        TreeMap<String, Object> m = new TreeMap<>();
        for (int i = 0; i < n; i++) {
            String key = in.readUTF();
            int tag = in.readByte();
            Object v = switch (tag) {
                case 'D' -> in.readDouble();
                case 'J' -> in.readLong();
                case 'S' -> in.readUTF();
                case 'Z' -> in.readBoolean();
                case 'V' -> new Vec(in.readDouble(), in.readDouble(), in.readDouble());
                case 'N' -> read(in, depth + 1);
                default -> throw new IOException("field parameter '" + key + "' has unknown tag " + tag);
            };
            m.put(key, v);
        }
        if (type.length() > MAX_STRING) {
            throw new IOException("field node type too long");
        }
        return new FieldSpec(type, m);
    }

    @Override
    public String toString() {
        return type + params;
    }
}
