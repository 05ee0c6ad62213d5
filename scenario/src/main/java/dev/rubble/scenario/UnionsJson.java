package dev.rubble.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import dev.rubble.core.command.Command;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The scenario key {@code unions[]} (issue 29; docs/scenario-format.md, docs/destruction.md
 * "Cluster unions"): cluster unions welded at a step, and members taken out later. One entry:
 * <pre>{@code
 * {"id": 0, "step": 0,
 *  "members": [{"collection": "wallA"}, {"body": "beam"}, {"collection": "wallB", "released": true, "auxiliary": true}],
 *  "remove": [{"body": "beam", "step": 120}]}
 * }</pre>
 * A member names a body (by id) or a collection (by id; {@code released}: break it into its children
 * first); {@code auxiliary} members never hold a union together. Each member and removal becomes a
 * journalled command queued before its step, in file order.
 */
final class UnionsJson {
    private UnionsJson() {
    }

    static List<ScheduledCommand> parse(JsonNode unions, Set<String> bodies, List<String> collections) {
        List<ScheduledCommand> out = new ArrayList<>();
        if (unions == null) {
            return out;
        }
        if (!unions.isArray()) {
            throw new ScenarioException("$.unions", "expected an array of unions, got " + unions.getNodeType());
        }
        Set<Integer> ids = new TreeSet<>();
        for (int i = 0; i < unions.size(); i++) {
            String p = "$.unions[" + i + "]";
            JsonNode n = object(p, unions.get(i));
            keys(n, p, "id", "step", "members", "remove");
            int id = integer(p + ".id", n.get("id"), i, 0, Integer.MAX_VALUE);
            if (!ids.add(id)) {
                throw new ScenarioException(p + ".id", id + " is used by an earlier union; allowed: unique ids");
            }
            int step = integer(p + ".step", n.get("step"), 0, 0, 100_000_000);
            JsonNode ms = n.get("members");
            if (ms == null || !ms.isArray() || ms.isEmpty()) {
                throw new ScenarioException(p + ".members", "expected a non-empty array of members, got "
                        + (ms == null ? "nothing" : ms.getNodeType()));
            }
            for (int k = 0; k < ms.size(); k++) {
                String mp = p + ".members[" + k + "]";
                JsonNode m = object(mp, ms.get(k));
                keys(m, mp, "body", "collection", "released", "auxiliary");
                boolean aux = bool(mp + ".auxiliary", m.get("auxiliary"));
                if (m.has("body") == m.has("collection")) {
                    throw new ScenarioException(mp, "names " + (m.has("body") ? "both a body and a collection" : "neither a body nor a collection")
                            + "; allowed: exactly one of body, collection");
                }
                if (m.has("body")) {
                    if (m.has("released")) {
                        throw new ScenarioException(mp + ".released", "is only for collections; allowed: body members have no released");
                    }
                    String b = body(mp + ".body", m.get("body"), bodies);
                    out.add(new ScheduledCommand(step, "unionAdd", b, null, null, null, null, null, null, mp,
                            new Command.UnionAdd(id, 0, aux)));
                } else {
                    String c = text(mp + ".collection", m.get("collection"));
                    int ci = collections.indexOf(c);
                    if (ci < 0) {
                        throw new ScenarioException(mp + ".collection", "'" + c + "' is not the id of a collection; known: "
                                + (collections.isEmpty() ? "(none)" : String.join(", ", collections)));
                    }
                    out.add(ScheduledCommand.of(step, "unionAddCollection",
                            new Command.UnionAddCollection(id, ci, bool(mp + ".released", m.get("released")), aux), mp));
                }
            }
            JsonNode rs = n.get("remove");
            if (rs != null) {
                if (!rs.isArray()) {
                    throw new ScenarioException(p + ".remove", "expected an array of removals, got " + rs.getNodeType());
                }
                for (int k = 0; k < rs.size(); k++) {
                    String rp = p + ".remove[" + k + "]";
                    JsonNode r = object(rp, rs.get(k));
                    keys(r, rp, "body", "step");
                    int at = integer(rp + ".step", r.get("step"), -1, 0, 100_000_000);
                    if (at < 0) {
                        throw new ScenarioException(rp + ".step", "missing; allowed: the step before which the body leaves (>= 0)");
                    }
                    String b = body(rp + ".body", r.get("body"), bodies);
                    out.add(new ScheduledCommand(at, "unionRemove", b, null, null, null, null, null, null, rp,
                            new Command.UnionRemove(id, 0)));
                }
            }
        }
        return out;
    }

    /** The command with {@code handle} for the body it names (the scenario names bodies by id). */
    static Command withBody(Command c, long handle) {
        if (c instanceof Command.UnionAdd a) {
            return new Command.UnionAdd(a.union(), handle, a.auxiliary());
        }
        if (c instanceof Command.UnionRemove r) {
            return new Command.UnionRemove(r.union(), handle);
        }
        return c;
    }

    private static JsonNode object(String p, JsonNode n) {
        if (n == null || !n.isObject()) {
            throw new ScenarioException(p, "expected an object, got " + (n == null ? "nothing" : n.getNodeType()));
        }
        return n;
    }

    private static void keys(JsonNode n, String p, String... allowed) {
        for (Iterator<String> it = n.fieldNames(); it.hasNext(); ) {
            String k = it.next();
            if (!List.of(allowed).contains(k)) {
                throw new ScenarioException(p + "." + k, "unknown key; allowed: " + String.join(", ", allowed));
            }
        }
    }

    private static String body(String p, JsonNode n, Set<String> bodies) {
        String b = text(p, n);
        if (!bodies.contains(b)) {
            throw new ScenarioException(p, "'" + b + "' is not the id of a body; known: "
                    + (bodies.isEmpty() ? "(none)" : String.join(", ", bodies)));
        }
        return b;
    }

    private static String text(String p, JsonNode n) {
        if (n == null || !n.isTextual() || n.textValue().isEmpty()) {
            throw new ScenarioException(p, "expected a non-empty string, got " + (n == null ? "nothing" : n.getNodeType()));
        }
        return n.textValue();
    }

    private static boolean bool(String p, JsonNode n) {
        if (n == null) {
            return false;
        }
        if (!n.isBoolean()) {
            throw new ScenarioException(p, "expected true or false, got " + n.getNodeType());
        }
        return n.booleanValue();
    }

    private static int integer(String p, JsonNode n, int dflt, int min, int max) {
        if (n == null) {
            return dflt;
        }
        if (!n.isIntegralNumber() || !n.canConvertToInt() || n.intValue() < min || n.intValue() > max) {
            throw new ScenarioException(p, "= " + n + "; allowed: an integer in [" + min + ", " + max + "]");
        }
        return n.intValue();
    }
}
