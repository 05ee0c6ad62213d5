package dev.rubble.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import dev.rubble.core.command.Command;
import dev.rubble.core.command.FieldMeta;
import dev.rubble.core.command.FieldSpec;
import dev.rubble.core.command.FieldTarget;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The scenario key {@code fields[]} (issue 24; docs/fields.md, docs/scenario-format.md): field
 * commands at their steps. One entry:
 * <pre>{@code
 * {"name": "blast", "target": "linear-velocity", "step": 10, "persistent": false, "endStep": 60,
 *  "meta": {"resolution": "maximum", "state": "all", "object": "all", "position": "pivot"},
 *  "field": {"node": "operator", "left": {"node": "radial-vector", "position": [0, 1, 0]},
 *            "right": {"node": "radial-falloff", "radius": 3, "magnitude": 12}}}
 * }</pre>
 * A node is an object whose {@code node} names its type; its other keys are its parameters:
 * numbers, strings, booleans, {@code [x, y, z]} vectors or nested nodes. Structure is checked here
 * (JSON path named); node types and parameters when the world is built, against the loaded
 * {@code field-node} plugins, with the same JSON path.
 */
final class FieldsJson {
    private static final int MAX_DEPTH = 32;

    private FieldsJson() {
    }

    static List<ScheduledCommand> parse(JsonNode fields) {
        List<ScheduledCommand> out = new ArrayList<>();
        if (fields == null) {
            return out;
        }
        if (!fields.isArray()) {
            throw new ScenarioException("$.fields", "expected an array of field commands, got " + fields.getNodeType());
        }
        Set<String> names = new TreeSet<>();
        for (int i = 0; i < fields.size(); i++) {
            String p = "$.fields[" + i + "]";
            JsonNode n = fields.get(i);
            if (!n.isObject()) {
                throw new ScenarioException(p, "expected an object, got " + n.getNodeType());
            }
            keys(n, p, "name", "target", "step", "persistent", "endStep", "meta", "field", "collection");
            if (n.has("collection")) { // an initialisation field (issue 24 item 8): applied when that collection is placed
                out.add(initField(p, n));
                continue;
            }
            boolean persistent = n.has("persistent") && bool(p + ".persistent", n.get("persistent"));
            String name = n.has("name") ? text(p + ".name", n.get("name")) : "";
            if (persistent && name.isEmpty()) {
                throw new ScenarioException(p + ".name", "missing; allowed: a non-empty name (a persistent field needs one)");
            }
            if (persistent && !names.add(name + "@" + (n.has("step") ? n.get("step").asText() : "0"))) {
                throw new ScenarioException(p + ".name", "'" + name + "' starts twice at the same step; allowed: unique names");
            }
            if (!n.has("target")) {
                throw new ScenarioException(p + ".target", "missing; allowed: " + targets());
            }
            FieldTarget target;
            try {
                target = FieldTarget.byLabel(text(p + ".target", n.get("target")));
            } catch (IllegalArgumentException e) {
                throw new ScenarioException(p + ".target", "'" + n.get("target").asText() + "' is unknown; allowed: " + targets());
            }
            if (target == FieldTarget.INITIAL_LINEAR_VELOCITY || target == FieldTarget.INITIAL_ANGULAR_VELOCITY) {
                throw new ScenarioException(p + ".target", "'" + target.label()
                        + "' is for a collection's initialisation fields only (collections[].initFields)");
            }
            int step = step(p + ".step", n.get("step"), 0);
            int end = -1;
            if (n.has("endStep")) {
                if (!persistent) {
                    throw new ScenarioException(p + ".endStep", "given for a transient field; allowed: only with \"persistent\": true");
                }
                end = step(p + ".endStep", n.get("endStep"), 0);
                if (end <= step) {
                    throw new ScenarioException(p + ".endStep", end + " is not after step " + step + "; allowed: > step");
                }
            }
            FieldMeta meta = meta(p + ".meta", n.get("meta"));
            if (!n.has("field")) {
                throw new ScenarioException(p + ".field", "missing; allowed: a node object {\"node\": ...}");
            }
            FieldSpec spec = node(p + ".field", n.get("field"), 0);
            Command.ApplyField cmd = new Command.ApplyField(name, target, spec, meta, persistent);
            out.add(ScheduledCommand.of(step, "field", cmd, p));
            if (end >= 0) {
                out.add(ScheduledCommand.of(end, "removeField", new Command.RemoveField(name), p + ".endStep"));
            }
        }
        return out;
    }

    /**
     * An initialisation field of a placed collection: evaluated at its leaves (Maximum resolution)
     * when it is placed, before its clusters are built. Target {@code dynamic-state}: leaves whose
     * value is 2 (kinematic) or 3 (static) are anchored (Chaos's anchor fields); targets
     * {@code initial-linear-velocity} and {@code initial-angular-velocity} set the covered leaves'
     * velocities and the collection takes their total momentum. The command's name
     * carries the collection id.
     */
    private static ScheduledCommand initField(String p, JsonNode n) {
        for (String k : new String[] {"name", "step", "persistent", "endStep", "meta"}) {
            if (n.has(k)) {
                throw new ScenarioException(p + "." + k, "not allowed for an initialisation field (one with \"collection\")");
            }
        }
        String id = text(p + ".collection", n.get("collection"));
        String label = n.has("target") ? n.get("target").asText() : "";
        FieldTarget target = "dynamic-state".equals(label) ? FieldTarget.DYNAMIC_STATE
                : "initial-linear-velocity".equals(label) ? FieldTarget.INITIAL_LINEAR_VELOCITY
                : "initial-angular-velocity".equals(label) ? FieldTarget.INITIAL_ANGULAR_VELOCITY : null;
        if (target == null) {
            throw new ScenarioException(p + ".target", (n.has("target") ? "'" + label + "'" : "missing")
                    + "; allowed for an initialisation field: dynamic-state (values 2 and 3 anchor the leaves), "
                    + "initial-linear-velocity, initial-angular-velocity");
        }
        if (!n.has("field")) {
            throw new ScenarioException(p + ".field", "missing; allowed: a node object {\"node\": ...}");
        }
        FieldSpec spec = node(p + ".field", n.get("field"), 0);
        return ScheduledCommand.of(0, "initField", new Command.ApplyField(id, target, spec,
                FieldMeta.DEFAULT.withResolution(FieldMeta.Resolution.MAXIMUM), false), p);
    }

    /** A node tree: {"node": type, key: value...}. */
    static FieldSpec node(String p, JsonNode n, int depth) {
        if (depth > MAX_DEPTH) {
            throw new ScenarioException(p, "nested deeper than " + MAX_DEPTH + " nodes");
        }
        if (n == null || !n.isObject()) {
            throw new ScenarioException(p, "expected a node object {\"node\": ...}, got " + (n == null ? "nothing" : n.getNodeType()));
        }
        JsonNode t = n.get("node");
        if (t == null || !t.isTextual()) {
            throw new ScenarioException(p + ".node", "missing; allowed: a node type name such as radial-falloff");
        }
        Map<String, Object> params = new TreeMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (e.getKey().equals("node")) {
                continue;
            }
            String q = p + "." + e.getKey();
            JsonNode v = e.getValue();
            Object value;
            if (v.isIntegralNumber() && v.canConvertToLong()) {
                value = v.longValue();
            } else if (v.isNumber()) {
                value = v.doubleValue();
            } else if (v.isTextual()) {
                value = v.textValue();
            } else if (v.isBoolean()) {
                value = v.booleanValue();
            } else if (v.isArray()) {
                if (v.size() != 3 || !v.get(0).isNumber() || !v.get(1).isNumber() || !v.get(2).isNumber()) {
                    throw new ScenarioException(q, v + " is not a vector; allowed: [x, y, z] numbers");
                }
                value = new FieldSpec.Vec(v.get(0).doubleValue(), v.get(1).doubleValue(), v.get(2).doubleValue());
            } else if (v.isObject()) {
                value = node(q, v, depth + 1);
            } else {
                throw new ScenarioException(q, v + " is not allowed; allowed: a number, string, boolean, [x, y, z] or node");
            }
            params.put(e.getKey(), value);
        }
        return new FieldSpec(t.textValue(), new TreeMap<>(params));
    }

    private static FieldMeta meta(String p, JsonNode n) {
        FieldMeta m = FieldMeta.DEFAULT;
        if (n == null) {
            return m;
        }
        if (!n.isObject()) {
            throw new ScenarioException(p, "expected an object, got " + n.getNodeType());
        }
        keys(n, p, "resolution", "state", "object", "position");
        try {
            if (n.has("resolution")) {
                m = m.withResolution(FieldMeta.byLabel(FieldMeta.Resolution.class, "resolution", text(p + ".resolution", n.get("resolution"))));
            }
        } catch (ScenarioException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            throw new ScenarioException(p + ".resolution", after(e));
        }
        try {
            if (n.has("state")) {
                m = m.withState(FieldMeta.byLabel(FieldMeta.StateFilter.class, "state", text(p + ".state", n.get("state"))));
            }
        } catch (ScenarioException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            throw new ScenarioException(p + ".state", after(e));
        }
        try {
            if (n.has("object")) {
                m = m.withObject(FieldMeta.byLabel(FieldMeta.ObjectFilter.class, "object", text(p + ".object", n.get("object"))));
            }
        } catch (ScenarioException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            throw new ScenarioException(p + ".object", after(e));
        }
        try {
            if (n.has("position")) {
                m = m.withPosition(FieldMeta.byLabel(FieldMeta.PositionType.class, "position", text(p + ".position", n.get("position"))));
            }
        } catch (ScenarioException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            throw new ScenarioException(p + ".position", after(e));
        }
        return m;
    }

    /** "resolution = 'x'; allowed: ..." -> "'x'; allowed: ..." */
    private static String after(IllegalArgumentException e) {
        String m = e.getMessage();
        int i = m.indexOf(" = ");
        return i >= 0 ? m.substring(i + 3) : m;
    }

    private static String targets() {
        StringBuilder s = new StringBuilder();
        for (FieldTarget t : FieldTarget.values()) {
            if (t != FieldTarget.INITIAL_LINEAR_VELOCITY && t != FieldTarget.INITIAL_ANGULAR_VELOCITY) {
                s.append(s.length() == 0 ? "" : ", ").append(t.label());
            }
        }
        return s.toString();
    }

    private static void keys(JsonNode n, String p, String... allowed) {
        for (Iterator<String> it = n.fieldNames(); it.hasNext(); ) {
            String k = it.next();
            if (!List.of(allowed).contains(k)) {
                throw new ScenarioException(p + "." + k, "unknown key; allowed: " + String.join(", ", allowed));
            }
        }
    }

    private static String text(String p, JsonNode n) {
        if (!n.isTextual()) {
            throw new ScenarioException(p, n + " is not a string");
        }
        return n.textValue();
    }

    private static boolean bool(String p, JsonNode n) {
        if (!n.isBoolean()) {
            throw new ScenarioException(p, n + " is not a boolean; allowed: true, false");
        }
        return n.booleanValue();
    }

    private static int step(String p, JsonNode n, int dflt) {
        if (n == null) {
            return dflt;
        }
        if (!n.isIntegralNumber() || !n.canConvertToLong() || n.longValue() < 0 || n.longValue() > 100_000_000) {
            throw new ScenarioException(p, n + "; allowed: a whole number in [0, 100000000]");
        }
        return n.intValue();
    }
}
