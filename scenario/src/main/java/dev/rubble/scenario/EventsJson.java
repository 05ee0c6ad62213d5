package dev.rubble.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import dev.rubble.core.event.EventKinds;
import dev.rubble.core.event.EventRequest;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code events} section of a scenario (docs/events.md, "Scenario files"; docs/scenario-format.md):
 * per kind label a switch and its filters, plus per-body and per-collection switches. Becomes
 * event commands queued before step 0 (so journals record them). Errors name the JSON path, the
 * value and what is allowed.
 *
 * <pre>
 * "events": {
 *   "hit":   {"on": true, "minSpeed": 2, "minMass": 0, "minImpulse": 0, "minVolume": 0,
 *             "maxDistance": 50, "point": [0, 0, 0], "maxResults": 16, "sort": "impulse"},
 *   "break": {"on": true},
 *   "bodies":      {"ball": ["hit", "begin"]},
 *   "collections": {"wall": ["break", "trailing"]}
 * }
 * </pre>
 */
public final class EventsJson {
    private static final String[] FILTER_KEYS = {"on", "minMass", "minSpeed", "minImpulse", "minVolume", "maxDistance",
            "point", "maxResults", "sort"};

    /**
     * The parsed section.
     *
     * @param requests    per kind code, the request to set (null = leave the default)
     * @param bodies      body label -> kinds mask, in file order
     * @param collections collection id -> kinds mask, in file order
     */
    public record Settings(EventRequest[] requests, Map<String, Integer> bodies, Map<String, Integer> collections) {
        /** No events section. */
        public static final Settings NONE = new Settings(new EventRequest[EventKinds.COUNT], Map.of(), Map.of());

        /** Whether the section switches anything on or sets any filter. */
        public boolean isEmpty() {
            for (EventRequest r : requests) {
                if (r != null) {
                    return false;
                }
            }
            return bodies.isEmpty() && collections.isEmpty();
        }
    }

    private EventsJson() {
    }

    /** Parses {@code $.events} (null = none). */
    public static Settings parse(JsonNode n) {
        if (n == null) {
            return Settings.NONE;
        }
        String p = "$.events";
        object(p, n);
        EventRequest[] requests = new EventRequest[EventKinds.COUNT];
        Map<String, Integer> bodies = new LinkedHashMap<>(), collections = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String key = e.getKey(), kp = p + "." + key;
            if (key.equals("bodies") || key.equals("collections")) {
                object(kp, e.getValue());
                Map<String, Integer> into = key.equals("bodies") ? bodies : collections;
                for (Iterator<Map.Entry<String, JsonNode>> i2 = e.getValue().fields(); i2.hasNext(); ) {
                    Map.Entry<String, JsonNode> b = i2.next();
                    int mask = kinds(kp + "." + b.getKey(), b.getValue());
                    if (key.equals("collections") && (mask & ~EventKinds.COLLECTION_KINDS) != 0) {
                        throw new ScenarioException(kp + "." + b.getKey(), b.getValue()
                                + " names a kind collections do not produce; allowed: break, crumble, broken, trailing, removal");
                    }
                    into.put(b.getKey(), mask);
                }
                continue;
            }
            int kind;
            try {
                kind = EventKinds.byLabel(key, kp);
            } catch (IllegalArgumentException ex) {
                throw new ScenarioException(kp, "unknown event kind; allowed: begin, end, hit, break, crumble, broken,"
                        + " trailing, removal, sleep, wake, moved, constraint-break, bodies, collections");
            }
            requests[kind] = request(kp, kind, e.getValue());
        }
        return new Settings(requests, bodies, collections);
    }

    private static EventRequest request(String p, int kind, JsonNode n) {
        if (n.isBoolean()) {
            return EventRequest.defaults(kind).withGlobal(n.booleanValue());
        }
        object(p, n);
        keys(n, p, FILTER_KEYS);
        EventRequest d = EventRequest.defaults(kind);
        boolean on = true;
        if (n.has("on")) {
            if (!n.get("on").isBoolean()) {
                throw new ScenarioException(p + ".on", n.get("on") + " is not allowed; allowed: true, false");
            }
            on = n.get("on").booleanValue();
        }
        double minMass = number(p + ".minMass", n.get("minMass"), d.minMass());
        double minSpeed = number(p + ".minSpeed", n.get("minSpeed"), d.minSpeed());
        double minImpulse = number(p + ".minImpulse", n.get("minImpulse"), d.minImpulse());
        double minVolume = number(p + ".minVolume", n.get("minVolume"), d.minVolume());
        double maxDistance = number(p + ".maxDistance", n.get("maxDistance"), d.maxDistance());
        double[] point = {0, 0, 0};
        JsonNode pt = n.get("point");
        if (pt != null) {
            if (!pt.isArray() || pt.size() != 3) {
                throw new ScenarioException(p + ".point", pt + " is not allowed; allowed: [x, y, z] in metres");
            }
            for (int i = 0; i < 3; i++) {
                point[i] = number(p + ".point[" + i + "]", pt.get(i), 0);
            }
        }
        int maxResults = d.maxResults();
        JsonNode mr = n.get("maxResults");
        if (mr != null) {
            if (!mr.isIntegralNumber() || !mr.canConvertToInt() || mr.intValue() < 0) {
                throw new ScenarioException(p + ".maxResults", mr + " is not allowed; allowed: an integer >= 0");
            }
            maxResults = mr.intValue();
        }
        int sort = d.sort();
        JsonNode s = n.get("sort");
        if (s != null) {
            if (!s.isTextual()) {
                throw new ScenarioException(p + ".sort", s + " is not allowed; allowed: none, mass, speed, impulse, nearest");
            }
            try {
                sort = EventRequest.sortByLabel(s.textValue(), p + ".sort");
            } catch (IllegalArgumentException e) {
                throw new ScenarioException(p + ".sort", "'" + s.textValue() + "' is not allowed; allowed: none, mass,"
                        + " speed, impulse, nearest");
            }
        }
        try {
            return new EventRequest(on, minMass, minSpeed, minImpulse, minVolume, maxDistance, point[0], point[1],
                    point[2], maxResults, sort);
        } catch (IllegalArgumentException e) {
            throw new ScenarioException(p, e.getMessage(), e);
        }
    }

    /** A list of kind labels as a mask. */
    private static int kinds(String p, JsonNode n) {
        if (!n.isArray()) {
            throw new ScenarioException(p, n + " is not allowed; allowed: a list of event kinds, e.g. [\"hit\", \"break\"]");
        }
        int mask = 0;
        for (int i = 0; i < n.size(); i++) {
            JsonNode k = n.get(i);
            String ip = p + "[" + i + "]";
            if (!k.isTextual()) {
                throw new ScenarioException(ip, k + " is not an event kind");
            }
            try {
                mask |= 1 << EventKinds.byLabel(k.textValue(), ip);
            } catch (IllegalArgumentException e) {
                throw new ScenarioException(ip, "'" + k.textValue() + "' is not an event kind; allowed: begin, end,"
                        + " hit, break, crumble, broken, trailing, removal, sleep, wake, moved, constraint-break");
            }
        }
        return mask;
    }

    /** A finite number >= 0 (maxDistance may be "Infinity"); absent = {@code dflt}. */
    private static double number(String p, JsonNode n, double dflt) {
        if (n == null) {
            return dflt;
        }
        double v;
        if (n.isNumber()) {
            v = n.doubleValue();
        } else if (n.isTextual() && n.textValue().equals("Infinity") && p.endsWith("maxDistance")) {
            v = Double.POSITIVE_INFINITY;
        } else {
            throw new ScenarioException(p, n + " is not allowed; allowed: a finite number >= 0");
        }
        if (!(v >= 0) || (Double.isInfinite(v) && !p.endsWith("maxDistance")) || Double.isNaN(v)) {
            if (!p.contains(".point[")) {
                throw new ScenarioException(p, n + " is not allowed; allowed: a finite number >= 0");
            }
        }
        if (p.contains(".point[") && !Double.isFinite(v)) {
            throw new ScenarioException(p, n + " is not allowed; allowed: a finite number");
        }
        return v;
    }

    private static void object(String p, JsonNode n) {
        if (!n.isObject()) {
            throw new ScenarioException(p, "expected an object, got " + n);
        }
    }

    private static void keys(JsonNode n, String p, String... allowed) {
        for (Iterator<String> it = n.fieldNames(); it.hasNext(); ) {
            String k = it.next();
            if (!List.of(allowed).contains(k)) {
                throw new ScenarioException(p + "." + k, "unknown key; allowed: " + String.join(", ", allowed));
            }
        }
    }

    /** Kind labels of a mask, for messages. */
    static List<String> labels(int mask) {
        List<String> out = new ArrayList<>();
        for (int k = 0; k < EventKinds.COUNT; k++) {
            if ((mask & 1 << k) != 0) {
                out.add(EventKinds.label(k));
            }
        }
        return out;
    }
}
