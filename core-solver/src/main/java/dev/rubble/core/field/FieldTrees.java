package dev.rubble.core.field;

import dev.rubble.core.command.FieldSpec;
import dev.rubble.core.command.FieldTarget;
import dev.rubble.spi.field.FieldNode;
import dev.rubble.spi.field.FieldNodeFactory;
import dev.rubble.spi.field.FieldParams;
import java.util.Map;
import java.util.TreeMap;

/**
 * Builds node trees from {@link FieldSpec}s with the loaded {@code field-node} factories, bottom up.
 * Every error names the place in the tree ({@code field.right.radius}), the bad value and what is
 * allowed; the caller prefixes its own place (a JSON path, a builder call).
 */
public final class FieldTrees {
    private final Map<String, FieldNodeFactory> types;

    public FieldTrees(Map<String, FieldNodeFactory> types) {
        this.types = new TreeMap<>(types);
    }

    /** The node types known, sorted. */
    public Iterable<String> typeNames() {
        return types.keySet();
    }

    /** Builds {@code spec}'s tree; {@code path} names its root in messages. */
    public FieldNode build(FieldSpec spec, String path) {
        FieldNodeFactory f = types.get(spec.type());
        if (f == null) {
            throw new FieldException(path + ".node", " = '" + spec.type() + "': unknown field node; known: "
                    + (types.isEmpty() ? "(none loaded)" : String.join(", ", types.keySet())), null);
        }
        Map<String, Object> values = new TreeMap<>();
        for (Map.Entry<String, Object> e : spec.params().entrySet()) {
            Object v = e.getValue();
            if (v instanceof FieldSpec child) {
                v = build(child, path + "." + e.getKey());
            } else if (v instanceof FieldSpec.Vec c) {
                v = new double[] {c.x(), c.y(), c.z()};
            }
            values.put(e.getKey(), v);
        }
        try {
            return f.create(FieldParams.of(values));
        } catch (FieldException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            String m = e.getMessage();
            if (m != null && m.startsWith("unknown parameter '")) { // -> field.radus: unknown parameter; allowed: ...
                int q = m.indexOf('\'', 19);
                throw new FieldException(path + "." + m.substring(19, q), ": unknown parameter of " + spec.type()
                        + m.substring(q + 1), e);
            }
            // "input 'culling' gives vector; ..." -> "field.culling: gives vector; ..."; "missing input 'x'; ..." -> "field.x: missing; ..."
            for (String head : new String[] {"input '", "missing input '"}) {
                if (m != null && m.startsWith(head)) {
                    int q = m.indexOf('\'', head.length());
                    if (q > 0) {
                        String rest = m.substring(q + 1).trim();
                        throw new FieldException(path + "." + m.substring(head.length(), q),
                                head.startsWith("missing") ? ": missing" + rest : ": " + rest, e);
                    }
                }
            }
            // "'radius' = -1.0; ..." -> "field.radius = -1.0; ..."
            if (m != null && m.startsWith("'")) {
                int q = m.indexOf('\'', 1);
                if (q > 0) {
                    throw new FieldException(path + "." + m.substring(1, q), m.substring(q + 1), e);
                }
            }
            throw new FieldException(path, " (" + spec.type() + "): " + m, e);
        }
    }

    /**
     * Builds the tree and checks that its value type fits {@code target}, including every
     * {@code return-results} node (it reads the target's current values).
     */
    public FieldNode build(FieldSpec spec, FieldTarget target, String path) {
        FieldNode root = build(spec, path);
        if (!root.type().label().equals(target.valueType())) {
            throw new FieldException(path, " gives " + root.type().label() + " values; target '"
                    + target.label() + "' needs " + target.valueType(), null);
        }
        checkReturnResults(spec, target, path);
        return root;
    }

    private static void checkReturnResults(FieldSpec spec, FieldTarget target, String path) {
        if (spec.type().equals("return-results")) {
            Object t = spec.params().getOrDefault("type", "scalar");
            if (!target.valueType().equals(t)) {
                throw new FieldException(path + ".type", " = '" + t + "': return-results reads the target's values; target '"
                        + target.label() + "' has " + target.valueType() + " values", null);
            }
        }
        for (Map.Entry<String, Object> e : spec.params().entrySet()) {
            if (e.getValue() instanceof FieldSpec child) {
                checkReturnResults(child, target, path + "." + e.getKey());
            }
        }
    }
}
