package dev.rubble.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import dev.rubble.authoring.CollectionBuilder;
import dev.rubble.authoring.CollectionFile;
import dev.rubble.authoring.GeometryCollection;
import dev.rubble.core.destruction.CollectionPlacement;
import dev.rubble.core.command.CollisionProxies;
import dev.rubble.core.destruction.DebrisOptions;
import dev.rubble.core.destruction.DestructionOptions;
import dev.rubble.core.destruction.ImpactMode;
import dev.rubble.core.destruction.PlacementState;
import dev.rubble.core.command.Command;
import dev.rubble.core.plugin.StageFamily;
import dev.rubble.core.plugin.Stages;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.collection.CollectionAsset;
import dev.rubble.spi.fracture.FractureMethod;
import dev.rubble.spi.geom.ConvexPolytope;
import dev.rubble.spi.graph.ConnectionGraphMethod;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The {@code collections[]} key of a scenario and its destruction commands: parsing (every bad
 * value names its JSON path) and building the assets with the plugins. See docs/scenario-format.md.
 */
public final class CollectionSpecs {
    /**
     * A recipe box's half extents, metres: those of {@code rubble fracture --source box:half=} (sides 1e-4 to 1e6 m).
     * Half extents of 2^31 m were accepted, and the fracture then failed with no path ("convex hull points are
     * collinear").
     */
    static final double MIN_HALF = 5e-5, MAX_HALF = 5e5;

    private CollectionSpecs() {
    }

    /** Parses {@code $.collections}; relative files resolve against {@code baseDir} (null = working directory). */
    static List<CollectionSpec> parse(JsonNode arr, Path baseDir) {
        List<CollectionSpec> out = new ArrayList<>();
        if (arr == null) {
            return out;
        }
        if (!arr.isArray()) {
            throw new ScenarioException("$.collections", "expected an array of collections, got " + arr);
        }
        Set<String> ids = new java.util.TreeSet<>();
        for (int i = 0; i < arr.size(); i++) {
            String p = "$.collections[" + i + "]";
            CollectionSpec s = one(p, arr.get(i), baseDir);
            if (!ids.add(s.id())) {
                throw new ScenarioException(p + ".id", "'" + s.id() + "' is used by an earlier collection; allowed: unique ids");
            }
            out.add(s);
        }
        return out;
    }

    private static CollectionSpec one(String p, JsonNode n, Path baseDir) {
        object(p, n);
        keys(n, p, "id", "file", "recipe", "position", "orientation", "linear", "angular", "state", "anchors",
                "destruction", "debris", "stress", "collisionProxies");
        String id = n.has("id") ? text(p + ".id", n.get("id")) : "collection" + p.substring(p.indexOf('[') + 1, p.indexOf(']'));
        if (n.has("file") == n.has("recipe")) {
            throw new ScenarioException(p, n.has("file") ? "give a file or a recipe, not both" : "give a file or a recipe; neither was given");
        }
        Path file = null;
        CollectionSpec.Recipe recipe = null;
        if (n.has("file")) {
            file = Path.of(text(p + ".file", n.get("file")));
            if (baseDir != null && !file.isAbsolute()) {
                file = baseDir.resolve(file);
            }
        } else {
            recipe = recipe(p + ".recipe", n.get("recipe"));
        }
        double[] pos = vector(p + ".position", n.get("position"), 3, new double[3]);
        double[] q = vector(p + ".orientation", n.get("orientation"), 4, new double[] {0, 0, 0, 1});
        double[] v = vector(p + ".linear", n.get("linear"), 3, new double[3]);
        double[] w = vector(p + ".angular", n.get("angular"), 3, new double[3]);
        // the limits bodies have (issue 28: a collection accepted 1e308 where a body stops at ±1e9)
        within(p + ".position", pos, ScenarioLoader.Limits.POSITION, "m");
        within(p + ".linear", v, ScenarioLoader.Limits.SPEED, "m/s");
        within(p + ".angular", w, ScenarioLoader.Limits.SPEED, "rad/s");
        String st = n.has("state") ? text(p + ".state", n.get("state")) : "dynamic";
        PlacementState state;
        try {
            state = PlacementState.valueOf(st.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new ScenarioException(p + ".state", "'" + st + "' is unknown; allowed: dynamic, sleeping, kinematic, static");
        }
        int[] anchorNodes = new int[0];
        double[] anchorBoxes = new double[0];
        JsonNode an = n.get("anchors");
        if (an != null) {
            object(p + ".anchors", an);
            keys(an, p + ".anchors", "nodes", "boxes");
            JsonNode nodes = an.get("nodes");
            if (nodes != null) {
                if (!nodes.isArray()) {
                    throw new ScenarioException(p + ".anchors.nodes", "expected an array of node ids");
                }
                anchorNodes = new int[nodes.size()];
                for (int k = 0; k < nodes.size(); k++) {
                    anchorNodes[k] = integer(p + ".anchors.nodes[" + k + "]", nodes.get(k), 0, Integer.MAX_VALUE);
                }
            }
            JsonNode boxes = an.get("boxes");
            if (boxes != null) {
                if (!boxes.isArray()) {
                    throw new ScenarioException(p + ".anchors.boxes", "expected an array of {min, max} boxes");
                }
                anchorBoxes = new double[6 * boxes.size()];
                for (int k = 0; k < boxes.size(); k++) {
                    String bp = p + ".anchors.boxes[" + k + "]";
                    object(bp, boxes.get(k));
                    keys(boxes.get(k), bp, "min", "max");
                    double[] mn = vector(bp + ".min", boxes.get(k).get("min"), 3, null);
                    double[] mx = vector(bp + ".max", boxes.get(k).get("max"), 3, null);
                    for (int a = 0; a < 3; a++) {
                        if (mn[a] > mx[a]) {
                            throw new ScenarioException(bp + ".max[" + a + "]", mx[a] + " is below min " + mn[a]
                                    + "; allowed: max >= min");
                        }
                        anchorBoxes[6 * k + a] = mn[a];
                        anchorBoxes[6 * k + 3 + a] = mx[a];
                    }
                }
            }
        }
        DestructionOptions options = options(p + ".destruction", n.get("destruction"));
        DebrisOptions debris = debris(p + ".debris", n.get("debris"));
        CollectionSpec.Stress stress = stress(p + ".stress", n.get("stress"));
        CollisionProxies proxies = proxies(p + ".collisionProxies", n.get("collisionProxies"));
        try {
            CollectionPlacement pl = new CollectionPlacement(id, pos[0], pos[1], pos[2], q[0], q[1], q[2], q[3],
                    v[0], v[1], v[2], w[0], w[1], w[2], state, anchorNodes, anchorBoxes, options);
            return new CollectionSpec(id, file, recipe, pl, debris, stress, proxies);
        } catch (IllegalArgumentException e) {
            throw new ScenarioException(p, e.getMessage(), e);
        }
    }

    private static CollectionSpec.Recipe recipe(String p, JsonNode n) {
        object(p, n);
        keys(n, p, "box", "levels", "seed", "chance", "cluster", "minClusterSize", "fixTiny", "density", "graph",
                "maxConnections");
        double[] box = vector(p + ".box", n.get("box"), 3, new double[] {0.5, 0.5, 0.5});
        for (int i = 0; i < 3; i++) {
            if (!(box[i] >= MIN_HALF && box[i] <= MAX_HALF)) {
                throw new ScenarioException(p + ".box[" + i + "]", box[i] + " is out of range; allowed: [" + MIN_HALF + ", "
                        + MAX_HALF + "] (half extents, m)");
            }
        }
        List<CollectionSpec.Level> levels = new ArrayList<>();
        JsonNode ls = n.get("levels");
        if (ls == null) {
            levels.add(new CollectionSpec.Level(StageFamily.FRACTURE.defaultName(), Map.of()));
        } else {
            if (!ls.isArray() || ls.isEmpty() || ls.size() > 8) {
                throw new ScenarioException(p + ".levels", "expected an array of 1..8 levels {method, options}");
            }
            for (int i = 0; i < ls.size(); i++) {
                String lp = p + ".levels[" + i + "]";
                object(lp, ls.get(i));
                keys(ls.get(i), lp, "method", "options");
                String m = ls.get(i).has("method") ? text(lp + ".method", ls.get(i).get("method"))
                        : StageFamily.FRACTURE.defaultName();
                levels.add(new CollectionSpec.Level(m, scalars(lp + ".options", ls.get(i).get("options"))));
            }
        }
        long seed = n.has("seed") ? integer(p + ".seed", n.get("seed"), Integer.MIN_VALUE, Integer.MAX_VALUE) : 0;
        double chance = number(p + ".chance", n.get("chance"), 1, 0, 1);
        int cluster = n.has("cluster") ? integer(p + ".cluster", n.get("cluster"), 1, Integer.MAX_VALUE) : 0;
        int minSize = n.has("minClusterSize") ? integer(p + ".minClusterSize", n.get("minClusterSize"), 1,
                Integer.MAX_VALUE) : 2;
        double fixTiny = n.has("fixTiny") ? number(p + ".fixTiny", n.get("fixTiny"), 0, 0, 1) : -1;
        double density = number(p + ".density", n.get("density"), CollectionBuilder.DEFAULT_DENSITY, 1e-9, 1e9);
        String graph = n.has("graph") ? text(p + ".graph", n.get("graph")) : StageFamily.CONNECTION_GRAPH.defaultName();
        int maxConn = n.has("maxConnections") ? integer(p + ".maxConnections", n.get("maxConnections"), 1,
                Integer.MAX_VALUE) : Integer.MAX_VALUE;
        return new CollectionSpec.Recipe(box, levels, seed, chance, cluster, minSize, fixTiny, density, graph, maxConn);
    }

    /**
     * {@code collections[i].stress} (docs/destruction.md "Stress"): {@code {"model": "support-graph",
     * ...options}}; absent = off. The options are the model's (limits, iterations, tolerance, update
     * interval); the plugin rejects unknown ones when the collection is placed.
     */
    static CollectionSpec.Stress stress(String p, JsonNode n) {
        if (n == null) {
            return null;
        }
        object(p, n);
        JsonNode m = n.get("model");
        if (m == null) {
            throw new ScenarioException(p + ".model", "missing; allowed: a stress-model name (support-graph)");
        }
        String model = text(p + ".model", m);
        java.util.Map<String, Object> opts = new java.util.TreeMap<>();
        java.util.SortedMap<Integer, dev.rubble.spi.stress.StressLimits> materials = new java.util.TreeMap<>();
        var it = n.fields();
        while (it.hasNext()) {
            var e = it.next();
            if (e.getKey().equals("model")) {
                continue;
            }
            if (e.getKey().equals("materials")) { // {"1": {"tensionFatal": 1e5, ...}, ...}: limits per material index
                String q = p + ".materials";
                object(q, e.getValue());
                var ms = e.getValue().fields();
                while (ms.hasNext()) {
                    var me = ms.next();
                    String qm = q + "." + me.getKey();
                    int index;
                    try {
                        index = Integer.parseInt(me.getKey());
                    } catch (NumberFormatException x) {
                        throw new ScenarioException(qm, "'" + me.getKey() + "' is not allowed; allowed: a material index (0, 1, ...)");
                    }
                    if (index < 0) {
                        throw new ScenarioException(qm, index + " is not allowed; allowed: a material index >= 0");
                    }
                    object(qm, me.getValue());
                    double[] v = new double[6];
                    java.util.Arrays.fill(v, Double.NaN);
                    var ls = me.getValue().fields();
                    while (ls.hasNext()) {
                        var le = ls.next();
                        int j = dev.rubble.spi.stress.StressLimits.index(le.getKey());
                        if (j < 0) {
                            throw new ScenarioException(qm + "." + le.getKey(), "unknown; allowed: "
                                    + String.join(", ", dev.rubble.spi.stress.StressLimits.KEYS));
                        }
                        JsonNode lv = le.getValue();
                        if (lv.isNumber()) {
                            v[j] = lv.doubleValue();
                        } else if (lv.isTextual() && lv.textValue().equals("Infinity")) {
                            v[j] = Double.POSITIVE_INFINITY;
                        } else {
                            throw new ScenarioException(qm + "." + le.getKey(), lv + " is not allowed; allowed: a number (Pa)");
                        }
                    }
                    try {
                        materials.put(index, dev.rubble.spi.stress.StressLimits.of(v));
                    } catch (IllegalArgumentException x) {
                        throw new ScenarioException(qm, x.getMessage(), x);
                    }
                }
                continue;
            }
            JsonNode v = e.getValue();
            if (v.isNumber()) {
                opts.put(e.getKey(), v.doubleValue());
            } else if (v.isTextual() && (v.textValue().equals("Infinity"))) {
                opts.put(e.getKey(), Double.POSITIVE_INFINITY);
            } else {
                throw new ScenarioException(p + "." + e.getKey(), v + " is not allowed; allowed: a number");
            }
        }
        return new CollectionSpec.Stress(model, dev.rubble.spi.StageConfig.of(opts), materials);
    }

    private static DestructionOptions options(String p, JsonNode n) {
        DestructionOptions o = DestructionOptions.defaults();
        if (n == null) {
            return o;
        }
        object(p, n);
        keys(n, p, "damageModel", "damageOptions", "strainModifiers", "propagation", "breakFactor", "shockFactor",
                "clusterDistanceThreshold", "maxClusterLevel", "maxSimulatedLevel", "restoreMomentum", "friction",
                "restitution", "impactMode");
        String model = n.has("damageModel") ? text(p + ".damageModel", n.get("damageModel")) : null;
        StageConfig dopts = StageConfig.of(scalars(p + ".damageOptions", n.get("damageOptions")));
        List<DestructionOptions.Modifier> mods = new ArrayList<>();
        JsonNode ms = n.get("strainModifiers");
        if (ms != null) {
            if (!ms.isArray()) {
                throw new ScenarioException(p + ".strainModifiers", "expected an array of {name, options}");
            }
            for (int i = 0; i < ms.size(); i++) {
                String mp = p + ".strainModifiers[" + i + "]";
                object(mp, ms.get(i));
                keys(ms.get(i), mp, "name", "options");
                JsonNode nm = ms.get(i).get("name");
                if (nm == null) {
                    throw new ScenarioException(mp + ".name", "missing; allowed: a strain-modifier name");
                }
                mods.add(new DestructionOptions.Modifier(text(mp + ".name", nm),
                        StageConfig.of(scalars(mp + ".options", ms.get(i).get("options")))));
            }
        }
        boolean prop = true;
        if (n.has("propagation")) {
            if (!n.get("propagation").isBoolean()) {
                throw new ScenarioException(p + ".propagation", n.get("propagation") + " is not allowed; allowed: true, false");
            }
            prop = n.get("propagation").booleanValue();
        }
        ImpactMode mode = ImpactMode.CHAOS;
        if (n.has("impactMode")) {
            String m = text(p + ".impactMode", n.get("impactMode"));
            try {
                mode = ImpactMode.parse(m);
            } catch (IllegalArgumentException e) {
                throw new ScenarioException(p + ".impactMode", "'" + m + "' is not allowed; allowed: chaos, resolve");
            }
        }
        try {
            return new DestructionOptions(model, dopts, mods, prop,
                    number(p + ".breakFactor", n.get("breakFactor"), 1, 0, 1e300),
                    number(p + ".shockFactor", n.get("shockFactor"), 0, 0, 1e300),
                    number(p + ".clusterDistanceThreshold", n.get("clusterDistanceThreshold"), 1, 0, 1e300),
                    n.has("maxClusterLevel") ? integer(p + ".maxClusterLevel", n.get("maxClusterLevel"), 1,
                            Integer.MAX_VALUE) : Integer.MAX_VALUE,
                    n.has("maxSimulatedLevel") ? integer(p + ".maxSimulatedLevel", n.get("maxSimulatedLevel"), 1,
                            Integer.MAX_VALUE) : Integer.MAX_VALUE,
                    number(p + ".restoreMomentum", n.get("restoreMomentum"), 0.5, 0, 1),
                    number(p + ".friction", n.get("friction"), 0.5, 0, 1e300),
                    number(p + ".restitution", n.get("restitution"), 0, 0, 1), mode);
        } catch (IllegalArgumentException e) {
            throw new ScenarioException(p, e.getMessage(), e);
        }
    }

    /**
     * {@code collections[i].collisionProxies} (docs/scenario-format.md; issue 27):
     * {@code {"buckets": [{"maxSize": 0.5, "shape": "sphere"}, ...], "debrisAsSphere": true}}; shapes
     * hull, box, sphere, capsule; maxSize a relative size ({@code > 0}; a string "Infinity" for every piece).
     */
    static CollisionProxies proxies(String p, JsonNode n) {
        if (n == null) {
            return CollisionProxies.none();
        }
        object(p, n);
        keys(n, p, "buckets", "debrisAsSphere");
        List<CollisionProxies.Bucket> buckets = new ArrayList<>();
        JsonNode bs = n.get("buckets");
        if (bs != null) {
            if (!bs.isArray()) {
                throw new ScenarioException(p + ".buckets", "expected an array of {maxSize, shape}");
            }
            for (int k = 0; k < bs.size(); k++) {
                String bp = p + ".buckets[" + k + "]";
                JsonNode b = bs.get(k);
                object(bp, b);
                keys(b, bp, "maxSize", "shape");
                if (!b.has("maxSize") || !b.has("shape")) {
                    throw new ScenarioException(bp, "give maxSize (relative size, > 0) and shape (hull, box, sphere, capsule)");
                }
                JsonNode ms = b.get("maxSize");
                double max = ms.isTextual() && "Infinity".equals(ms.textValue()) ? Double.POSITIVE_INFINITY
                        : ms.isNumber() ? ms.doubleValue() : Double.NaN;
                if (!(max > 0) || max == Double.POSITIVE_INFINITY && !ms.isTextual()) {
                    throw new ScenarioException(bp + ".maxSize", ms + " is not allowed; allowed: a relative size > 0 "
                            + "(1 = the largest leaf), or \"Infinity\" for every piece");
                }
                String shape = text(bp + ".shape", b.get("shape"));
                CollisionProxies.Kind kind;
                try {
                    kind = CollisionProxies.Kind.parse(bp + ".shape", shape);
                } catch (IllegalArgumentException e) {
                    throw new ScenarioException(bp + ".shape", "'" + shape + "' is not allowed; allowed: hull, box, sphere, capsule", e);
                }
                buckets.add(new CollisionProxies.Bucket(max, kind));
            }
        }
        boolean sphere = n.has("debrisAsSphere") && bool(p + ".debrisAsSphere", n.get("debrisAsSphere"));
        try {
            return new CollisionProxies(buckets, sphere);
        } catch (IllegalArgumentException e) {
            throw new ScenarioException(p + ".buckets", e.getMessage(), e);
        }
    }

    /**
     * {@code collections[i].debris} (docs/scenario-format.md): {@code oneWayInteractionLevel},
     * {@code removeOnBreak} (true/false or {delay: [min, max], removal: [min, max]}),
     * {@code removeOnSleep} (true/false or {time: [min, max], removal: [min, max]}),
     * {@code slowMovingAsSleeping}, {@code slowSpeed}, {@code crumbleSize}, {@code seed}.
     */
    static DebrisOptions debris(String p, JsonNode n) {
        DebrisOptions o = DebrisOptions.defaults();
        if (n == null) {
            return o;
        }
        object(p, n);
        keys(n, p, "oneWayInteractionLevel", "removeOnBreak", "removeOnSleep", "slowMovingAsSleeping", "slowSpeed",
                "crumbleSize", "seed");
        try {
            if (n.has("oneWayInteractionLevel")) {
                o = o.withOneWayInteractionLevel(integer(p + ".oneWayInteractionLevel", n.get("oneWayInteractionLevel"),
                        1, Integer.MAX_VALUE));
            }
            JsonNode rb = n.get("removeOnBreak");
            if (rb != null) {
                if (rb.isBoolean()) {
                    o = o.withRemoveOnBreak(rb.booleanValue());
                } else {
                    object(p + ".removeOnBreak", rb);
                    keys(rb, p + ".removeOnBreak", "delay", "removal");
                    double[] dl = range(p + ".removeOnBreak.delay", rb.get("delay"), o.breakDelayMin(), o.breakDelayMax());
                    double[] rm = range(p + ".removeOnBreak.removal", rb.get("removal"), o.breakRemovalMin(),
                            o.breakRemovalMax());
                    o = o.withRemoveOnBreak(dl[0], dl[1], rm[0], rm[1]);
                }
            }
            JsonNode rs = n.get("removeOnSleep");
            if (rs != null) {
                if (rs.isBoolean()) {
                    o = o.withRemoveOnSleep(rs.booleanValue());
                } else {
                    object(p + ".removeOnSleep", rs);
                    keys(rs, p + ".removeOnSleep", "time", "removal");
                    double[] tm = range(p + ".removeOnSleep.time", rs.get("time"), o.sleepTimeMin(), o.sleepTimeMax());
                    double[] rm = range(p + ".removeOnSleep.removal", rs.get("removal"), o.sleepRemovalMin(),
                            o.sleepRemovalMax());
                    o = o.withRemoveOnSleep(tm[0], tm[1], rm[0], rm[1]);
                }
            }
            boolean slow = o.slowMovingAsSleeping();
            if (n.has("slowMovingAsSleeping")) {
                slow = bool(p + ".slowMovingAsSleeping", n.get("slowMovingAsSleeping"));
            }
            o = o.withSlowMoving(slow, number(p + ".slowSpeed", n.get("slowSpeed"), o.slowSpeed(), 0, 1e300));
            o = o.withCrumbleSize(number(p + ".crumbleSize", n.get("crumbleSize"), 0, 0, 1));
            if (n.has("seed")) {
                JsonNode sd = n.get("seed");
                if (!sd.isIntegralNumber() || !sd.canConvertToLong()) {
                    throw new ScenarioException(p + ".seed", sd + " is not allowed; allowed: an integer");
                }
                o = o.withSeed(sd.longValue());
            }
        } catch (IllegalArgumentException e) {
            if (e instanceof ScenarioException) {
                throw e;
            }
            throw new ScenarioException(p, e.getMessage(), e);
        }
        return o;
    }

    /** {@code [min, max]} seconds, min <= max; the defaults when absent. */
    private static double[] range(String p, JsonNode n, double min, double max) {
        double[] r = vector(p, n, 2, new double[] {min, max});
        if (r[0] < 0 || r[1] < r[0]) {
            throw new ScenarioException(p, n + " is not allowed; allowed: [min, max] seconds with 0 <= min <= max");
        }
        return r;
    }

    private static boolean bool(String p, JsonNode n) {
        if (!n.isBoolean()) {
            throw new ScenarioException(p, n + " is not allowed; allowed: true, false");
        }
        return n.booleanValue();
    }

    /** An options object of scalars; arrays of numbers become comma-separated strings (e.g. thresholds). */
    private static Map<String, Object> scalars(String p, JsonNode n) {
        Map<String, Object> m = new TreeMap<>();
        if (n == null) {
            return m;
        }
        object(p, n);
        for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode v = e.getValue();
            String vp = p + "." + e.getKey();
            if (v.isBoolean()) {
                m.put(e.getKey(), v.booleanValue());
            } else if (v.isIntegralNumber() && v.canConvertToLong()) {
                m.put(e.getKey(), v.longValue());
            } else if (v.isNumber()) {
                m.put(e.getKey(), v.doubleValue());
            } else if (v.isTextual()) {
                m.put(e.getKey(), v.textValue());
            } else if (v.isArray()) {
                StringBuilder sb = new StringBuilder();
                for (int i = 0; i < v.size(); i++) {
                    JsonNode x = v.get(i);
                    if (!x.isNumber() && !(x.isTextual() && x.textValue().matches("[+-]?Infinity"))) {
                        throw new ScenarioException(vp + "[" + i + "]", x + " is not allowed; allowed: numbers");
                    }
                    sb.append(i == 0 ? "" : ", ").append(x.isNumber() ? Double.toString(x.doubleValue()) : x.textValue());
                }
                m.put(e.getKey(), sb.toString());
            } else {
                throw new ScenarioException(vp, v + " is not allowed; allowed: a string, number, boolean or array of numbers");
            }
        }
        return m;
    }

    /** Parses a destruction command ({@code externalStrain}, {@code internalStrain}, {@code crumble}, {@code anchor}). */
    static Command.Destruction command(String p, String type, JsonNode n, List<String> ids) {
        switch (type) {
            case "externalStrain" -> {
                keys(n, p, "type", "step", "collection", "node", "strain", "point", "radius", "propagationDepth",
                        "propagationFactor");
                double strain = strain(p + ".strain", n.get("strain"));
                if (n.has("point")) {
                    if (n.has("node") || n.has("collection")) {
                        throw new ScenarioException(p, "give collection and node, or point and radius, not both");
                    }
                    double[] at = vector(p + ".point", n.get("point"), 3, null);
                    return new Command.ExternalStrainAt(at[0], at[1], at[2],
                            number(p + ".radius", n.get("radius"), 0, 0, 1e300), strain,
                            n.has("propagationDepth") ? integer(p + ".propagationDepth", n.get("propagationDepth"), 0,
                                    1_000_000) : 0,
                            number(p + ".propagationFactor", n.get("propagationFactor"), 1, 0, 1e300));
                }
                return new Command.ExternalStrain(collection(p, n, ids), node(p, n), strain);
            }
            case "internalStrain" -> {
                keys(n, p, "type", "step", "collection", "node", "delta");
                return new Command.InternalStrain(collection(p, n, ids), node(p, n),
                        number(p + ".delta", req(p + ".delta", n.get("delta")), 0, -1e300, 1e300));
            }
            case "crumble" -> {
                keys(n, p, "type", "step", "collection", "node");
                return new Command.Crumble(collection(p, n, ids), n.has("node") ? node(p, n) : 0);
            }
            case "anchor" -> {
                keys(n, p, "type", "step", "collection", "node", "box", "anchored");
                boolean on = true;
                if (n.has("anchored")) {
                    if (!n.get("anchored").isBoolean()) {
                        throw new ScenarioException(p + ".anchored", n.get("anchored") + " is not allowed; allowed: true, false");
                    }
                    on = n.get("anchored").booleanValue();
                }
                int c = collection(p, n, ids);
                if (n.has("node") == n.has("box")) {
                    throw new ScenarioException(p, "give node or box, not " + (n.has("node") ? "both" : "neither"));
                }
                if (n.has("node")) {
                    return new Command.SetAnchor(c, node(p, n), on);
                }
                JsonNode b = n.get("box");
                object(p + ".box", b);
                keys(b, p + ".box", "min", "max");
                double[] mn = vector(p + ".box.min", b.get("min"), 3, null);
                double[] mx = vector(p + ".box.max", b.get("max"), 3, null);
                try {
                    return new Command.SetAnchorBox(c, mn[0], mn[1], mn[2], mx[0], mx[1], mx[2], on);
                } catch (IllegalArgumentException e) {
                    throw new ScenarioException(p + ".box", e.getMessage(), e);
                }
            }
            // debris and removal at run time (issue 13): absent fields take the defaults of DebrisOptions
            case "debrisLevel" -> {
                keys(n, p, "type", "step", "collection", "level");
                return new Command.SetDebrisLevel(collection(p, n, ids),
                        integer(p + ".level", req(p + ".level", n.get("level")), 1, Integer.MAX_VALUE));
            }
            case "removeOnBreak" -> {
                keys(n, p, "type", "step", "collection", "on", "delay", "removal");
                DebrisOptions d = DebrisOptions.defaults();
                double[] dl = range(p + ".delay", n.get("delay"), d.breakDelayMin(), d.breakDelayMax());
                double[] rm = range(p + ".removal", n.get("removal"), d.breakRemovalMin(), d.breakRemovalMax());
                return new Command.SetRemoveOnBreak(collection(p, n, ids), !n.has("on") || bool(p + ".on", n.get("on")),
                        dl[0], dl[1], rm[0], rm[1]);
            }
            case "removeOnSleep" -> {
                keys(n, p, "type", "step", "collection", "on", "time", "removal", "slowMovingAsSleeping", "slowSpeed");
                DebrisOptions d = DebrisOptions.defaults();
                double[] tm = range(p + ".time", n.get("time"), d.sleepTimeMin(), d.sleepTimeMax());
                double[] rm = range(p + ".removal", n.get("removal"), d.sleepRemovalMin(), d.sleepRemovalMax());
                return new Command.SetRemoveOnSleep(collection(p, n, ids), !n.has("on") || bool(p + ".on", n.get("on")),
                        tm[0], tm[1], rm[0], rm[1],
                        !n.has("slowMovingAsSleeping") || bool(p + ".slowMovingAsSleeping", n.get("slowMovingAsSleeping")),
                        number(p + ".slowSpeed", n.get("slowSpeed"), d.slowSpeed(), 0, 1e300));
            }
            case "crumbleSize" -> {
                keys(n, p, "type", "step", "collection", "size");
                return new Command.SetCrumbleSize(collection(p, n, ids),
                        number(p + ".size", req(p + ".size", n.get("size")), 0, 0, 1));
            }
            case "removalTimerMultiplier" -> {
                keys(n, p, "type", "step", "multiplier");
                return new Command.SetRemovalTimerMultiplier(
                        number(p + ".multiplier", req(p + ".multiplier", n.get("multiplier")), 1, 0, 1e300));
            }
            default -> throw new IllegalStateException("unreachable: " + type);
        }
    }

    /** Destruction command types. */
    static final Set<String> COMMANDS = Set.of("externalStrain", "internalStrain", "crumble", "anchor", "debrisLevel",
            "removeOnBreak", "removeOnSleep", "crumbleSize", "removalTimerMultiplier");

    private static double strain(String p, JsonNode n) {
        req(p, n);
        if (n.isTextual() && "Infinity".equals(n.textValue())) {
            return Double.POSITIVE_INFINITY;
        }
        return number(p, n, 0, 0, Double.MAX_VALUE);
    }

    private static int collection(String p, JsonNode n, List<String> ids) {
        String id = text(p + ".collection", req(p + ".collection", n.get("collection")));
        int i = ids.indexOf(id);
        if (i < 0) {
            throw new ScenarioException(p + ".collection", "'" + id + "' is not the id of a collection; known: "
                    + (ids.isEmpty() ? "(none)" : String.join(", ", ids)));
        }
        return i;
    }

    private static int node(String p, JsonNode n) {
        return integer(p + ".node", req(p + ".node", n.get("node")), 0, Integer.MAX_VALUE);
    }

    /**
     * Builds the asset of a spec: loads the file or runs the recipe with the fracture and
     * connection-graph plugins. Errors name the spec's JSON path.
     */
    public static CollectionAsset asset(CollectionSpec s, String p, Stages stages) {
        return geometry(s, p, stages).asset();
    }

    /**
     * The collection of a spec as built (its {@code .rbc} image is what a journal embeds, issue 14):
     * loads the file or runs the recipe. Errors name the spec's JSON path.
     */
    public static GeometryCollection geometry(CollectionSpec s, String p, Stages stages) {
        return geometry(s, p, stages, null);
    }

    /** As {@link #geometry(CollectionSpec, String, Stages)}, a file loaded through {@code cache} when not null. */
    static GeometryCollection geometry(CollectionSpec s, String p, Stages stages, CollectionCache cache) {
        if (s.file() != null) {
            try {
                return cache != null ? cache.load(s.file()) : dev.rubble.authoring.CollectionJson.loadAny(s.file());
            } catch (NoSuchFileException e) {
                throw new ScenarioException(p + ".file", "file " + s.file() + " does not exist");
            } catch (IOException e) {
                throw new ScenarioException(p + ".file", "cannot read " + s.file() + ": " + e.getMessage());
            } catch (IllegalArgumentException e) {
                throw new ScenarioException(p + ".file", "not a valid collection file: " + e.getMessage(), e);
            }
        }
        CollectionSpec.Recipe r = s.recipe();
        List<FractureMethod> perLevel = new ArrayList<>();
        for (int l = 0; l < r.levels().size(); l++) {
            CollectionSpec.Level lv = r.levels().get(l);
            try {
                perLevel.add(stages.create(StageFamily.FRACTURE, lv.method(), StageConfig.of(lv.options())));
            } catch (IllegalArgumentException e) {
                throw new ScenarioException(p + ".recipe.levels[" + l + "]", e.getMessage(), e);
            }
        }
        ConnectionGraphMethod g;
        try {
            g = stages.create(StageFamily.CONNECTION_GRAPH, r.graph(), StageConfig.empty());
        } catch (IllegalArgumentException e) {
            throw new ScenarioException(p + ".recipe.graph", e.getMessage(), e);
        }
        double[] h = r.halfExtents();
        try {
            CollectionBuilder b = new CollectionBuilder(ConvexPolytope.box(0, 0, 0, h[0], h[1], h[2])).density(r.density());
            for (int l = 0; l < perLevel.size(); l++) {
                if (l > 0 && b.leaves().length > CollectionBuilder.MAX_LEAVES_BEFORE_LEVEL) {
                    // as rubble fracture: two levels of 100 000 sites ran on without an end
                    throw new ScenarioException(p + ".recipe.levels[" + l + "]", "the levels before it already made "
                            + b.leaves().length + " pieces; fracturing each again is refused; allowed: at most "
                            + CollectionBuilder.MAX_LEAVES_BEFORE_LEVEL + " pieces before a further level");
                }
                b.fractureLevel(perLevel.get(l), r.seed() + l, l == 0 ? 1.0 : r.chance());
            }
            if (r.cluster() > 0) {
                b.autoCluster(0, r.cluster(), r.minClusterSize(), r.seed());
            }
            if (r.fixTiny() >= 0) {
                b.fixTiny(r.fixTiny());
            }
            return b.build(g, r.maxConnections());
        } catch (ScenarioException e) {
            throw e;
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new ScenarioException(p + ".recipe", e.getMessage(), e);
        }
    }

    // ---- small JSON helpers (the loader's are private to it) ----------------------------------

    private static JsonNode req(String p, JsonNode n) {
        if (n == null) {
            throw new ScenarioException(p, "missing");
        }
        return n;
    }

    private static void object(String p, JsonNode n) {
        if (n == null || !n.isObject()) {
            throw new ScenarioException(p, "expected an object, got " + (n == null ? "nothing" : n.toString()));
        }
    }

    private static void keys(JsonNode n, String p, String... allowed) {
        Set<String> ok = Set.of(allowed);
        for (Iterator<String> it = n.fieldNames(); it.hasNext(); ) {
            String k = it.next();
            if (!ok.contains(k)) {
                throw new ScenarioException(p + "." + k, "unknown key; allowed: " + String.join(", ", allowed));
            }
        }
    }

    private static String text(String p, JsonNode n) {
        if (n == null || !n.isTextual()) {
            throw new ScenarioException(p, (n == null ? "nothing" : n.toString()) + " is not a string");
        }
        return n.textValue();
    }

    private static double number(String p, JsonNode n, double dflt, double min, double max) {
        if (n == null) {
            return dflt;
        }
        if (!n.isNumber() || !Double.isFinite(n.doubleValue()) || n.doubleValue() < min || n.doubleValue() > max) {
            throw new ScenarioException(p, n + " is out of range; allowed: a number in [" + min + ", " + max + "]");
        }
        return n.doubleValue();
    }

    private static int integer(String p, JsonNode n, int min, int max) {
        if (n == null || !n.isIntegralNumber() || !n.canConvertToLong() || n.longValue() < min || n.longValue() > max) {
            throw new ScenarioException(p, (n == null ? "nothing" : n.toString())
                    + " is not allowed; allowed: an integer in [" + min + ", " + max + "]");
        }
        return (int) n.longValue();
    }

    /** Each component within ±{@code limit}, as for bodies. */
    static void within(String p, double[] v, double limit, String unit) {
        for (int i = 0; i < v.length; i++) {
            if (!(Math.abs(v[i]) <= limit)) {
                throw new ScenarioException(p + "[" + i + "]", v[i] + " is out of range; allowed: [-" + limit + ", " + limit
                        + "] " + unit);
            }
        }
    }

    private static double[] vector(String p, JsonNode n, int len, double[] dflt) {
        if (n == null) {
            if (dflt == null) {
                throw new ScenarioException(p, "missing; allowed: an array of " + len + " numbers");
            }
            return dflt;
        }
        if (!n.isArray() || n.size() != len) {
            throw new ScenarioException(p, n + " is not allowed; allowed: an array of " + len + " numbers");
        }
        double[] out = new double[len];
        for (int i = 0; i < len; i++) {
            JsonNode e = n.get(i);
            if (!e.isNumber() || !Double.isFinite(e.doubleValue())) {
                throw new ScenarioException(p + "[" + i + "]", e + " is not allowed; allowed: a finite number");
            }
            out[i] = e.doubleValue();
        }
        return out;
    }
}
