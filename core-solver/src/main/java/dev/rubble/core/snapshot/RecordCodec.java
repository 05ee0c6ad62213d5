package dev.rubble.core.snapshot;

import dev.rubble.spi.StageConfig;
import dev.rubble.spi.shape.Shape;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Records as self-describing values (settings, queued commands, body definitions; see
 * docs/snapshot-format.md, "Values"): a record is its simple class name and its components, each
 * by name with a typed value, so a field another build added or dropped is found by name and named
 * in the error rather than misread. Doubles are written as raw bits.
 *
 * <pre>
 *  value := 'D' f64 | 'I' i32 | 'J' i64 | 'F' f32 | 'Z' u8 | 'S' string | 'N' (null) | 'E' string (enum constant)
 *         | 'M' i32 n {string value}*n (map, sorted keys) | 'C' i32 n {string value}*n (stage options)
 *         | 'R' string i32 n {string value}*n (record) | 'H' i32 (index into the shape table)
 *  string := i32 length, UTF-8 bytes
 * </pre>
 */
final class RecordCodec {
    private static final int MAX_STRING = 1 << 24, MAX_COUNT = 1 << 20;

    /** Shapes by identity: the index a shape value writes (the table is the SHAP section). */
    static final class ShapeTable {
        final List<Shape> shapes = new ArrayList<>();
        private final IdentityHashMap<Shape, Integer> index = new IdentityHashMap<>();

        int indexOf(Shape s) {
            Integer i = index.get(s);
            if (i == null) {
                i = shapes.size();
                shapes.add(s);
                index.put(s, i);
            }
            return i;
        }
    }

    private RecordCodec() {
    }

    static void writeString(DataOutput out, String s) throws IOException {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        out.writeInt(b.length);
        out.write(b);
    }

    static String readString(DataInput in) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > MAX_STRING) {
            throw new IllegalArgumentException("string length " + n + " is out of range; allowed: 0.." + MAX_STRING);
        }
        byte[] b = new byte[n];
        in.readFully(b);
        return new String(b, StandardCharsets.UTF_8);
    }

    static void writeRecord(DataOutput out, Record r, ShapeTable shapes) throws IOException {
        out.writeByte('R');
        writeString(out, r.getClass().getSimpleName());
        RecordComponent[] cs = r.getClass().getRecordComponents();
        out.writeInt(cs.length);
        for (RecordComponent c : cs) {
            writeString(out, c.getName());
            Object v;
            try {
                v = c.getAccessor().invoke(r);
            } catch (IllegalAccessException | InvocationTargetException e) {
                throw new IllegalStateException("cannot read " + r.getClass().getSimpleName() + "." + c.getName(), e);
            }
            writeValue(out, v, shapes);
        }
    }

    static void writeValue(DataOutput out, Object v, ShapeTable shapes) throws IOException {
        if (v == null) {
            out.writeByte('N');
        } else if (v instanceof Double d) {
            out.writeByte('D');
            out.writeDouble(d);
        } else if (v instanceof Integer i) {
            out.writeByte('I');
            out.writeInt(i);
        } else if (v instanceof Long l) {
            out.writeByte('J');
            out.writeLong(l);
        } else if (v instanceof Float f) {
            out.writeByte('F');
            out.writeFloat(f);
        } else if (v instanceof Boolean z) {
            out.writeByte('Z');
            out.writeBoolean(z);
        } else if (v instanceof String s) {
            out.writeByte('S');
            writeString(out, s);
        } else if (v instanceof Enum<?> e) {
            out.writeByte('E');
            writeString(out, e.name());
        } else if (v instanceof StageConfig c) {
            out.writeByte('C');
            writeEntries(out, c.asMap(), shapes);
        } else if (v instanceof Map<?, ?> m) {
            out.writeByte('M');
            writeEntries(out, m, shapes);
        } else if (v instanceof Shape s) { // before records: some shapes are records
            out.writeByte('H');
            out.writeInt(shapes.indexOf(s));
        } else if (v instanceof Record r) {
            writeRecord(out, r, shapes);
        } else {
            throw new SnapshotException("a value of type " + v.getClass().getName() + " cannot be saved in a snapshot");
        }
    }

    private static void writeEntries(DataOutput out, Map<?, ?> m, ShapeTable shapes) throws IOException {
        TreeMap<String, Object> sorted = new TreeMap<>(); // a fixed order, whatever the map's
        for (Map.Entry<?, ?> e : m.entrySet()) {
            sorted.put((String) e.getKey(), e.getValue());
        }
        out.writeInt(sorted.size());
        for (Map.Entry<String, Object> e : sorted.entrySet()) {
            writeString(out, e.getKey());
            writeValue(out, e.getValue(), shapes);
        }
    }

    /**
     * Reads a record of class {@code type} (or, when {@code type} is a sealed interface, of the
     * permitted record its name gives).
     */
    static Object readRecord(DataInput in, Class<?> type, List<Shape> shapes, String where) throws IOException {
        int tag = in.readByte();
        if (tag != 'R') {
            throw new IllegalArgumentException(where + ": expected a record, found value tag '" + (char) tag + "'");
        }
        return recordBody(in, type, shapes, where);
    }

    private static Object recordBody(DataInput in, Class<?> type, List<Shape> shapes, String where) throws IOException {
        String name = readString(in);
        Class<?> cls = resolve(type, name);
        if (cls == null) {
            throw new SnapshotException(where + ": record type '" + name + "' is unknown to this build; expected "
                    + type.getSimpleName());
        }
        RecordComponent[] cs = cls.getRecordComponents();
        int n = in.readInt();
        if (n < 0 || n > MAX_COUNT) {
            throw new IllegalArgumentException(where + ": component count " + n + " is out of range");
        }
        Object[] args = new Object[cs.length];
        boolean[] seen = new boolean[cs.length];
        for (int i = 0; i < n; i++) {
            String field = readString(in);
            int k = -1;
            for (int j = 0; j < cs.length; j++) {
                if (cs[j].getName().equals(field)) {
                    k = j;
                }
            }
            if (k < 0) {
                throw new SnapshotException(where + ": field '" + name + "." + field + "' is unknown to this build"
                        + " (the snapshot was saved by another version of Rubble)");
            }
            args[k] = readValue(in, cs[k].getType(), cs[k].getGenericType(), shapes, where + "." + field);
            seen[k] = true;
        }
        for (int j = 0; j < cs.length; j++) {
            if (!seen[j]) {
                throw new SnapshotException(where + ": the snapshot has no field '" + name + "." + cs[j].getName()
                        + "' (it was saved by another version of Rubble)");
            }
        }
        try {
            Class<?>[] types = new Class<?>[cs.length];
            for (int j = 0; j < cs.length; j++) {
                types[j] = cs[j].getType();
            }
            Constructor<?> k = cls.getDeclaredConstructor(types);
            return k.newInstance(args);
        } catch (InvocationTargetException e) {
            Throwable c = e.getCause();
            throw new SnapshotException(where + ": " + (c != null ? c.getMessage() : e.toString()), c != null ? c : e);
        } catch (ReflectiveOperationException | IllegalArgumentException e) {
            throw new SnapshotException(where + ": cannot rebuild " + name + ": " + e.getMessage(), e);
        }
    }

    private static Class<?> resolve(Class<?> type, String name) {
        if (type.isRecord()) {
            return type.getSimpleName().equals(name) ? type : null;
        }
        if (type.isSealed()) {
            for (Class<?> p : type.getPermittedSubclasses()) {
                Class<?> r = resolve(p, name);
                if (r != null) {
                    return r;
                }
            }
        }
        return null;
    }

    /** A plain value (no shapes) of {@code type}, as {@link #writeValue} wrote it (section DEST). */
    static Object readValue(DataInput in, Class<?> type, String where) throws IOException {
        return readValue(in, type, type, List.of(), where);
    }

    private static Object readValue(DataInput in, Class<?> type, Type generic, List<Shape> shapes, String where)
            throws IOException {
        int tag = in.readByte();
        Object v;
        switch (tag) {
            case 'N': v = null; break;
            case 'D': v = in.readDouble(); break;
            case 'I': v = in.readInt(); break;
            case 'J': v = in.readLong(); break;
            case 'F': v = in.readFloat(); break;
            case 'Z': v = in.readBoolean(); break;
            case 'S': v = readString(in); break;
            case 'E': {
                String c = readString(in);
                if (!type.isEnum()) {
                    throw new IllegalArgumentException(where + ": an enum constant where " + type.getSimpleName() + " belongs");
                }
                v = null;
                for (Object e : type.getEnumConstants()) {
                    if (((Enum<?>) e).name().equals(c)) {
                        v = e;
                    }
                }
                if (v == null) {
                    throw new SnapshotException(where + ": '" + c + "' is not a " + type.getSimpleName() + " of this build");
                }
                break;
            }
            case 'C': v = StageConfig.of(readEntries(in, Object.class, null, shapes, where)); break;
            case 'M': {
                Type valueType = generic instanceof ParameterizedType p ? p.getActualTypeArguments()[1] : Object.class;
                Class<?> vc = valueType instanceof Class<?> c ? c : Object.class;
                v = readEntries(in, vc, valueType, shapes, where);
                break;
            }
            case 'R': v = recordBody(in, type, shapes, where); break;
            case 'H': {
                int i = in.readInt();
                if (i < 0 || i >= shapes.size()) {
                    throw new IllegalArgumentException(where + ": shape " + i + " is not in the shape table of "
                            + shapes.size());
                }
                v = shapes.get(i);
                break;
            }
            default:
                throw new IllegalArgumentException(where + ": unknown value tag " + tag);
        }
        if (v != null && !box(type).isInstance(v)) {
            throw new SnapshotException(where + ": a " + v.getClass().getSimpleName() + " where " + type.getSimpleName()
                    + " belongs (the snapshot was saved by another version of Rubble)");
        }
        return v;
    }

    private static Map<String, Object> readEntries(DataInput in, Class<?> valueClass, Type valueType,
            List<Shape> shapes, String where) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > MAX_COUNT) {
            throw new IllegalArgumentException(where + ": entry count " + n + " is out of range");
        }
        Map<String, Object> m = new TreeMap<>();
        for (int i = 0; i < n; i++) {
            String k = readString(in);
            m.put(k, readValue(in, valueClass, valueType, shapes, where + "." + k));
        }
        return m;
    }

    private static Class<?> box(Class<?> c) {
        if (!c.isPrimitive()) {
            return c;
        }
        if (c == double.class) {
            return Double.class;
        }
        if (c == int.class) {
            return Integer.class;
        }
        if (c == long.class) {
            return Long.class;
        }
        if (c == float.class) {
            return Float.class;
        }
        if (c == boolean.class) {
            return Boolean.class;
        }
        return c;
    }
}
