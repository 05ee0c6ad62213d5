package dev.rubble.scenario;

import dev.rubble.geometry.hull.QuickHull;
import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.dynamics.DynamicsSettings;
import dev.rubble.core.body.BodyDef;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Capsule;
import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.shape.Sphere;
import dev.rubble.spi.shape.TriangleMesh;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Reads scenario files (format documented in docs/scenario-format.md). Every error names the JSON
 * path, the bad value and what is allowed; unknown keys are errors so a typo never silently
 * falls back to a default.
 */
public final class ScenarioLoader {
    /** The format tag this loader reads. */
    public static final String FORMAT = "rubble-scenario/1";
    /**
     * Most steps a scenario's {@code "steps"} may ask for; every step count of the command line ({@code run},
     * {@code console}, {@code demo --steps}, {@code bench --steps}, {@code replay --hold}) and a sweep's
     * {@code "steps"} take the same range. 1 000 000 steps are 4.6 hours of world time at 60 Hz, about 17 minutes
     * of a scene stepping in 1 ms; the former 100 000 000 let {@code run --steps 100000000} start a run of days.
     * A longer simulation runs in parts: {@code run --snapshot-at N --snapshot F}, then {@code run --restore F}.
     */
    public static final int MAX_STEPS = 1_000_000;

    private static final ObjectMapper JSON = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    private ScenarioLoader() {
    }

    /** Parses a scenario file. */
    public static Scenario load(Path file) {
        String text;
        try {
            text = Files.readString(file);
        } catch (NoSuchFileException e) {
            // named by the file itself ("$", the JSON root, said nothing about which file)
            throw new ScenarioException(file.toString(), "scenario file does not exist; allowed: a readable scenario .json file");
        } catch (IOException e) {
            String other = otherKind(file, null);
            if (other != null) {
                throw new ScenarioException(file.toString(), other);
            }
            throw new ScenarioException(file.toString(), "cannot read the scenario file (" + e.getMessage()
                    + "); allowed: a readable scenario .json file");
        }
        try {
            return parse(text, file.toAbsolutePath().getParent());
        } catch (ScenarioException e) {
            String other = otherKind(file, text); // asked only once the file failed as a scenario: no second parse
            if (other != null) {
                throw new ScenarioException(file.toString(), other);
            }
            throw e;
        }
    }

    /**
     * When {@code file} is one of Rubble's other files, what it is and what to give instead; else null. A collection,
     * a sweep or a run's state (JSON) failed as a broken scenario ("$.density: unknown key; allowed: format, name,
     * steps, ..."), a binary file as "cannot read the scenario file (Input length = 4)", a journal directory as "(Is a
     * directory)", a mesh as "malformed JSON at line 1". {@code text} is the file's text, or null when it could not be
     * read as text.
     */
    static String otherKind(Path file, String text) {
        String allowed = "; allowed: a scenario .json file (docs/scenario-format.md)";
        if (Files.isDirectory(file)) {
            try (java.util.stream.Stream<Path> s = Files.list(file)) {
                if (s.anyMatch(p -> p.getFileName().toString().endsWith(".cq4"))) {
                    return "is a journal directory, not a scenario" + allowed + "; a journal is played by replay, verify,"
                            + " render or view";
                }
            } catch (IOException e) {
                return null;
            }
            return null;
        }
        String name = file.getFileName() == null ? "" : file.getFileName().toString().toLowerCase(java.util.Locale.ROOT);
        for (String mesh : new String[] {".obj", ".ply", ".glb", ".gltf"}) {
            if (name.endsWith(mesh)) {
                return "is a triangle mesh (" + mesh + "), not a scenario" + allowed + "; fracture a mesh with rubble"
                        + " fracture --source, then place the collection with collections[].file";
            }
        }
        if (text == null) {
            byte[] head = new byte[8];
            int n;
            try (java.io.InputStream in = Files.newInputStream(file)) {
                n = in.readNBytes(head, 0, head.length);
            } catch (IOException e) {
                return null;
            }
            String magic = new String(head, 0, n, java.nio.charset.StandardCharsets.ISO_8859_1);
            if (magic.startsWith("RBCL")) {
                return "is a geometry collection (.rbc), not a scenario" + allowed + "; a scenario places it with"
                        + " collections[].file";
            }
            if (magic.startsWith("RBSB")) {
                return "is a soft-body cage (.rbsb), not a scenario" + allowed + "; a scenario places it with softBodies[].cage";
            }
            if (magic.startsWith("RUBBLESN")) {
                return "is a world snapshot, not a scenario" + allowed + "; continue a snapshot with run SCENARIO --restore FILE";
            }
            return "is not UTF-8 text, so not a scenario" + allowed;
        }
        JsonNode root;
        try {
            root = JSON.readTree(text);
        } catch (JacksonException e) {
            return null;
        }
        String format = root != null && root.isObject() ? root.path("format").asText("") : "";
        return switch (format) {
            case "rubble-collection/1" -> "is a geometry collection (JSON), not a scenario" + allowed
                    + "; a scenario places it with collections[].file";
            case "rubble-sweep/1" -> "is a sweep file, not a scenario" + allowed + "; bake a sweep with rubble bake";
            case "rubble-state/1" -> "is a run's final state (rubble-state/1), not a scenario" + allowed;
            default -> null;
        };
    }

    /**
     * The scenario text a journal records: {@code text} with the relative soft-body files
     * ({@code softBodies[].cage}, {@code obj:} and {@code points:} sources) made absolute against
     * {@code baseDir}, so {@code rubble verify} and {@code replay}, which parse the journalled text
     * without knowing where the scenario was, read the same files from any working directory.
     * Text that does not parse, or has nothing to change, is returned as it is.
     */
    public static String withAbsoluteFiles(String text, Path baseDir) {
        if (baseDir == null) {
            return text;
        }
        JsonNode root;
        try {
            root = JSON.readTree(text);
        } catch (JacksonException e) {
            return text;
        }
        JsonNode soft = root == null ? null : root.get("softBodies");
        if (soft == null || !soft.isArray()) {
            return text;
        }
        boolean changed = false;
        for (JsonNode n : soft) {
            if (!(n instanceof com.fasterxml.jackson.databind.node.ObjectNode o)) {
                continue;
            }
            JsonNode cage = o.get("cage");
            if (cage != null && cage.isTextual() && !Path.of(cage.textValue()).isAbsolute()) {
                o.put("cage", baseDir.resolve(cage.textValue()).toAbsolutePath().normalize().toString());
                changed = true;
            }
            JsonNode src = o.get("source");
            if (src != null && src.isTextual()) {
                String t = src.textValue();
                for (String kind : new String[] {"obj:", "points:"}) {
                    if (t.startsWith(kind) && !Path.of(t.substring(kind.length())).isAbsolute()) {
                        o.put("source", kind + baseDir.resolve(t.substring(kind.length())).toAbsolutePath().normalize());
                        changed = true;
                    }
                }
            }
        }
        if (!changed) {
            return text;
        }
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root);
        } catch (JacksonException e) {
            return text;
        }
    }

    /**
     * What is wrong with malformed JSON, in the user's terms (issue 28): Jackson's message without
     * its internals (character codes, source descriptions, feature and token class names), one line.
     */
    public static String jsonProblem(JacksonException e) {
        String m = e.getOriginalMessage();
        if (m == null || m.isBlank()) {
            return "not valid JSON";
        }
        int nl = m.indexOf('\n');
        if (nl >= 0) {
            m = m.substring(0, nl);
        }
        if (m.startsWith("Trailing token")) {
            return "more text after the end of the JSON object";
        }
        java.util.regex.Matcher nonStandard = java.util.regex.Pattern.compile("^Non-standard token '([^']*)'").matcher(m);
        if (nonStandard.find()) {
            // Jackson says "enable `JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS` to allow", which read "enable to allow"
            // once its class name was cut: a switch the user does not have
            return nonStandard.group(1) + " is not a JSON number; allowed: a finite number (JSON has no NaN or Infinity)";
        }
        m = m.replaceAll("\\(\\(CTRL-CHAR, code -?\\d+\\)\\)", "(a control character)")
                .replace("valid value (JSON String, Number, Array, Object or token 'null', 'true' or 'false')", "value")
                .replaceAll("\\s*\\(start marker at \\[Source:[^\\]]*\\]\\)", "")
                .replaceAll("\\s*\\[Source:[^\\]]*\\]", "")
                .replaceAll("\\s*\\(for input source:[^)]*\\)", "")
                .replaceAll("\\s*\\(code -?\\d+\\)", "")
                .replace("(JSON String, Number, Array, Object or token 'null', 'true' or 'false')", "a JSON value")
                .replaceAll("\\s*`[^`]*`", "")
                .replaceAll("\\s+", " ").strip();
        if (m.endsWith(":") || m.endsWith(",")) {
            m = m.substring(0, m.length() - 1);
        }
        return m.isEmpty() ? "not valid JSON" : Character.toLowerCase(m.charAt(0)) + m.substring(1);
    }

    /** Parses scenario JSON text. */
    public static Scenario parse(String text) {
        return parse(text, null);
    }

    /** Parses scenario JSON text; relative collection, cage and soft-body source files resolve against {@code baseDir} (null = working directory). */
    public static Scenario parse(String text, Path baseDir) {
        JsonNode root;
        try {
            root = JSON.readTree(text);
        } catch (JacksonException e) {
            JsonLocation loc = e.getLocation();
            String where = loc == null ? "" : " at line " + loc.getLineNr() + ", column " + loc.getColumnNr();
            throw new ScenarioException("$", "malformed JSON" + where + ": " + jsonProblem(e));
        }
        if (root == null || !root.isObject()) {
            throw new ScenarioException("$", "expected a JSON object, got " + describe(root));
        }
        keys(root, "$", "format", "name", "steps", "world", "bodies", "commands", "collections", "softBodies", "events", "fields",
                "unions", "constraints");
        String format = text(root, "$.format", root.get("format"), FORMAT);
        if (!FORMAT.equals(format)) {
            throw new ScenarioException("$.format", "'" + format + "' is not supported; allowed: " + FORMAT);
        }
        String name = text(root, "$.name", root.get("name"), "unnamed");
        // 0 stands for "not given" (the command's default, 600) in Scenario: a "steps": 0 ran 600 steps, so it is refused
        int steps = integer("$.steps", root.get("steps"), 0, 1, MAX_STEPS);
        WorldSettings settings = world(root.get("world"));
        List<BodyDef> bodies = new ArrayList<>();
        int[] filters = new int[0];
        Set<String> labels = new TreeSet<>();
        JsonNode bs = root.get("bodies");
        if (bs != null) {
            if (!bs.isArray()) {
                throw new ScenarioException("$.bodies", "expected an array of bodies, got " + describe(bs));
            }
            for (int i = 0; i < bs.size(); i++) {
                JsonNode bn = bs.get(i);
                if (bn != null && bn.isObject() && bn.has("collision")) {
                    // issue 28: collision layer and mask of an initial body
                    com.fasterxml.jackson.databind.node.ObjectNode copy = ((com.fasterxml.jackson.databind.node.ObjectNode) bn).deepCopy();
                    JsonNode col = copy.remove("collision");
                    String cp = "$.bodies[" + i + "].collision";
                    object(cp, col);
                    keys(col, cp, "layer", "mask");
                    if (filters.length == 0) {
                        filters = new int[2 * bs.size()];
                        for (int k = 0; k < bs.size(); k++) {
                            filters[2 * k] = dev.rubble.core.body.BodyStore.DEFAULT_LAYER;
                            filters[2 * k + 1] = dev.rubble.core.body.BodyStore.ALL_LAYERS;
                        }
                    }
                    filters[2 * i] = (int) integer(cp + ".layer", col.get("layer"), dev.rubble.core.body.BodyStore.DEFAULT_LAYER,
                            Integer.MIN_VALUE, Integer.MAX_VALUE);
                    filters[2 * i + 1] = (int) integer(cp + ".mask", col.get("mask"), dev.rubble.core.body.BodyStore.ALL_LAYERS,
                            Integer.MIN_VALUE, Integer.MAX_VALUE);
                    bn = copy;
                }
                BodyDef d = body("$.bodies[" + i + "]", bn);
                if (d.label() != null && !labels.add(d.label())) {
                    throw new ScenarioException("$.bodies[" + i + "].id", "'" + d.label()
                            + "' is used by an earlier body; allowed: unique ids");
                }
                bodies.add(d);
            }
        }
        // destruction (issue 12): geometry collections, placed after the bodies
        List<CollectionSpec> collections = CollectionSpecs.parse(root.get("collections"), baseDir);
        List<String> collectionIds = new ArrayList<>();
        for (CollectionSpec c : collections) {
            collectionIds.add(c.id());
        }
        // soft bodies (docs/soft-bodies.md): their attachments name rigid bodies above
        var softBodies = SoftBodiesJson.parse(root.get("softBodies"), labels, baseDir);
        // destruction budgets in world.budgets (issue 13): commands queued before step 0, ahead of the file's
        List<ScheduledCommand> commands = new ArrayList<>(BudgetsJson.parse(root.get("world")));
        JsonNode cs = root.get("commands");
        if (cs != null) {
            if (!cs.isArray()) {
                throw new ScenarioException("$.commands", "expected an array of commands, got " + describe(cs));
            }
            for (int i = 0; i < cs.size(); i++) {
                ScheduledCommand c = command("$.commands[" + i + "]", cs.get(i), labels, collectionIds);
                if (c.spawn() != null && c.spawn().label() != null && !labels.add(c.spawn().label())) {
                    throw new ScenarioException("$.commands[" + i + "].body.id", "'" + c.spawn().label()
                            + "' is used by another body; allowed: unique ids");
                }
                commands.add(c.at("$.commands[" + i + "]"));
            }
        }
        // fields (issue 24; docs/fields.md): field commands at their steps, after the file's commands of a step
        commands.addAll(FieldsJson.parse(root.get("fields")));
        // cluster unions (issue 29): members and removals at their steps, after the file's commands of a step
        commands.addAll(UnionsJson.parse(root.get("unions"), labels, collectionIds));
        commands.sort((a, b) -> Integer.compare(a.step(), b.step()));
        // events (docs/events.md): switches and filters, checked against the bodies and collections above
        EventsJson.Settings events = EventsJson.parse(root.get("events"));
        for (String label : events.bodies().keySet()) {
            if (!labels.contains(label)) {
                throw new ScenarioException("$.events.bodies." + label, "'" + label + "' is not the id of a body; known: "
                        + (labels.isEmpty() ? "(none)" : String.join(", ", labels)));
            }
        }
        for (String id : events.collections().keySet()) {
            if (!collectionIds.contains(id)) {
                throw new ScenarioException("$.events.collections." + id, "'" + id + "' is not the id of a collection; known: "
                        + (collectionIds.isEmpty() ? "(none)" : String.join(", ", collectionIds)));
            }
        }
        return new Scenario(name, settings, bodies, commands, steps, collections, softBodies, filters, events,
                ConstraintsJson.parse(root.get("constraints")));
    }

    private static WorldSettings world(JsonNode w) {
        WorldSettings d = WorldSettings.defaults();
        if (w == null) {
            return d;
        }
        String p = "$.world";
        object(p, w);
        keys(w, p, "dt", "subSteps", "gravity", "velocityIterations", "positionIterations", "stages",
                "stageOptions", "budgets", "solver", "motion", "sleep", "threads");
        // issue 26: threads of the step (the result is the same bits for any count)
        int threads = integer(p + ".threads", w.get("threads"), d.threads(), 1, WorldSettings.MAX_THREADS);
        double dt = number(p + ".dt", w.get("dt"), d.dt(), WorldSettings.MIN_DT, WorldSettings.MAX_DT,
                "[" + WorldSettings.MIN_DT + ", " + WorldSettings.MAX_DT + "] seconds");
        int sub = integer(p + ".subSteps", w.get("subSteps"), d.subSteps(), 1, 64);
        double[] g = bounded(p + ".gravity", vector(p + ".gravity", w.get("gravity"), 3,
                new double[] {d.gravityX(), d.gravityY(), d.gravityZ()}), Limits.GRAVITY, "m/s²");
        int vi = integer(p + ".velocityIterations", w.get("velocityIterations"), d.velocityIterations(), 1, 256);
        int pi = integer(p + ".positionIterations", w.get("positionIterations"), d.positionIterations(), 0, 256);
        Map<String, String> stages = new TreeMap<>();
        JsonNode st = w.get("stages");
        if (st != null) {
            object(p + ".stages", st);
            for (Iterator<Map.Entry<String, JsonNode>> it = st.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                stages.put(e.getKey(), text(st, p + ".stages." + e.getKey(), e.getValue(), null));
            }
        }
        Map<String, StageConfig> options = new TreeMap<>();
        JsonNode so = w.get("stageOptions");
        if (so != null) {
            object(p + ".stageOptions", so);
            for (Iterator<Map.Entry<String, JsonNode>> it = so.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                String op = p + ".stageOptions." + e.getKey();
                if (!stageFamilyNames().contains(e.getKey())) {
                    // a typo ("broadphse") must not silently drop the options
                    throw new ScenarioException(op, "'" + e.getKey() + "' is not a stage family; known: "
                            + String.join(", ", stageFamilyNames()));
                }
                object(op, e.getValue());
                Map<String, Object> vals = new LinkedHashMap<>();
                for (Iterator<Map.Entry<String, JsonNode>> i2 = e.getValue().fields(); i2.hasNext(); ) {
                    Map.Entry<String, JsonNode> o = i2.next();
                    JsonNode v = o.getValue();
                    if (v.isNumber()) {
                        vals.put(o.getKey(), v.numberValue());
                    } else if (v.isTextual()) {
                        vals.put(o.getKey(), v.textValue());
                    } else if (v.isBoolean()) {
                        vals.put(o.getKey(), v.booleanValue());
                    } else {
                        throw new ScenarioException(op + "." + o.getKey(), describe(v)
                                + " is not allowed; allowed: number, string or boolean");
                    }
                }
                options.put(e.getKey(), StageConfig.of(vals));
            }
        }
        int maxBodies = d.maxBodies(), maxContacts = d.maxContacts(), maxManifolds = d.maxManifolds();
        JsonNode bu = w.get("budgets");
        if (bu != null) {
            object(p + ".budgets", bu);
            keys(bu, p + ".budgets", "maxBodies", "maxContacts", "maxManifolds",
                    "breaksPerStep", "releaseThrottle"); // the last two: destruction budgets (BudgetsJson, issue 13)
            maxBodies = integer(p + ".budgets.maxBodies", bu.get("maxBodies"), maxBodies, 1, Integer.MAX_VALUE - 8);
            maxContacts = integer(p + ".budgets.maxContacts", bu.get("maxContacts"), maxContacts, 1, Integer.MAX_VALUE - 8);
            maxManifolds = integer(p + ".budgets.maxManifolds", bu.get("maxManifolds"), maxManifolds, 1,
                    Integer.MAX_VALUE - 8);
        }
        return new WorldSettings(dt, sub, g[0], g[1], g[2], vi, pi, stages, options,
                maxBodies, maxContacts, maxManifolds, dynamics(p, w, d.dynamics()), threads);
    }

    /** {@code world.solver}, {@code world.motion} and {@code world.sleep} (see docs/dynamics.md). */
    private static DynamicsSettings dynamics(String p, JsonNode w, DynamicsSettings d) {
        double max = Double.MAX_VALUE, tiny = Double.MIN_VALUE;
        JsonNode so = w.get("solver");
        if (so != null) {
            String q = p + ".solver";
            object(q, so);
            keys(so, q, "contactHertz", "dampingRatio", "maxPushVelocity", "linearSlop", "restitutionThreshold");
            // upper limits: far beyond any useful setting, low enough that the solver's products stay finite
            d = d.withContact(number(q + ".contactHertz", so.get("contactHertz"), d.contactHertz(), tiny, 1e6, "(0, 1e6] Hz"),
                    number(q + ".dampingRatio", so.get("dampingRatio"), d.contactDampingRatio(), 0, 1e3, "[0, 1000]"),
                    number(q + ".maxPushVelocity", so.get("maxPushVelocity"), d.maxPushVelocity(), tiny, 1e4,
                            "(0, 1e4] m/s"),
                    number(q + ".linearSlop", so.get("linearSlop"), d.linearSlop(), 0, 1, "[0, 1] m"),
                    number(q + ".restitutionThreshold", so.get("restitutionThreshold"), d.restitutionThreshold(), 0,
                            1e4, "[0, 1e4] m/s"));
        }
        JsonNode mo = w.get("motion");
        if (mo != null) {
            String q = p + ".motion";
            object(q, mo);
            keys(mo, q, "maxLinearSpeed", "maxAngularSpeed", "gyroscopic");
            d = d.withMotion(number(q + ".maxLinearSpeed", mo.get("maxLinearSpeed"), d.maxLinearSpeed(), tiny,
                            Limits.SPEED, "(0, " + Limits.SPEED + "] m/s"),
                    number(q + ".maxAngularSpeed", mo.get("maxAngularSpeed"), d.maxAngularSpeed(), tiny, Limits.SPEED,
                            "(0, " + Limits.SPEED + "] rad/s"),
                    bool(q + ".gyroscopic", mo.get("gyroscopic"), d.gyroscopic()));
        }
        JsonNode sl = w.get("sleep");
        if (sl != null) {
            String q = p + ".sleep";
            object(q, sl);
            keys(sl, q, "enabled", "linearThreshold", "angularThreshold", "timeToSleep");
            d = d.withSleep(bool(q + ".enabled", sl.get("enabled"), d.sleepEnabled()),
                    number(q + ".linearThreshold", sl.get("linearThreshold"), d.sleepLinearThreshold(), 0, max, ">= 0 m/s"),
                    number(q + ".angularThreshold", sl.get("angularThreshold"), d.sleepAngularThreshold(), 0, max,
                            ">= 0 rad/s"),
                    number(q + ".timeToSleep", sl.get("timeToSleep"), d.timeToSleep(), 0, max, ">= 0 s"));
        }
        return d;
    }

    private static boolean bool(String p, JsonNode n, boolean dflt) {
        if (n == null) {
            return dflt;
        }
        if (!n.isBoolean()) {
            throw new ScenarioException(p, describe(n) + " is not a boolean; allowed: true, false");
        }
        return n.booleanValue();
    }

    /** Refuses a non-zero {@code linearVelocity} ({@code v}) or {@code angularVelocity} ({@code w}) of body {@code p}. */
    private static void atRest(String p, double[] v, double[] w, String forWhat) {
        for (String f : new String[] {"linearVelocity", "angularVelocity"}) {
            double[] u = f.equals("linearVelocity") ? v : w;
            if (u[0] != 0 || u[1] != 0 || u[2] != 0) {
                throw new ScenarioException(p + "." + f, "[" + u[0] + ", " + u[1] + ", " + u[2] + "] is not allowed for "
                        + forWhat);
            }
        }
    }

    /** Reads a body object at {@code p}. Public for the spawn command and collection loaders. */
    public static BodyDef body(String p, JsonNode n) {
        object(p, n);
        keys(n, p, "id", "shape", "state", "position", "orientation", "linearVelocity", "angularVelocity",
                "mass", "density", "friction", "restitution", "gravityScale", "linearDamping", "angularDamping");
        JsonNode shapeNode = n.get("shape");
        if (shapeNode == null) {
            throw new ScenarioException(p + ".shape", "missing; allowed: an object with type sphere, box or capsule");
        }
        Shape shape = shape(p + ".shape", shapeNode);
        String stateText = text(n, p + ".state", n.get("state"), "dynamic");
        MotionType motion;
        boolean asleep = false;
        switch (stateText) {
            case "static" -> motion = MotionType.STATIC;
            case "kinematic" -> motion = MotionType.KINEMATIC;
            case "dynamic" -> motion = MotionType.DYNAMIC;
            case "sleeping" -> {
                motion = MotionType.DYNAMIC;
                asleep = true;
            }
            default -> throw new ScenarioException(p + ".state", "'" + stateText
                    + "' is unknown; allowed: static, kinematic, dynamic, sleeping");
        }
        if (shape instanceof dev.rubble.spi.shape.Plane && motion != MotionType.STATIC) {
            throw new ScenarioException(p + ".state", "'" + stateText + "' is not allowed for a plane (it has no mass);"
                    + " allowed: static");
        }
        if (shape instanceof TriangleMesh && motion != MotionType.STATIC) {
            throw new ScenarioException(p + ".state", "'" + stateText + "' is not allowed for a triangle mesh (it encloses"
                    + " no volume, so it has no mass); allowed: static");
        }
        double[] pos = bounded(p + ".position", vector(p + ".position", n.get("position"), 3, new double[3]),
                Limits.POSITION, "m");
        double[] q = orientation(p + ".orientation", n.get("orientation"));
        double[] v = vector(p + ".linearVelocity", n.get("linearVelocity"), 3, new double[3]);
        double[] w = vector(p + ".angularVelocity", n.get("angularVelocity"), 3, new double[3]);
        if (motion == MotionType.STATIC) { // a static body never moves: a velocity on one is a mistake, not ignored
            atRest(p, v, w, "a static body (it never moves); allowed: [0, 0, 0] or none; a body that moves along a set"
                    + " path is \"state\": \"kinematic\"");
        }
        if (asleep) { // a sleeping body is at rest: a velocity on one was dropped silently
            atRest(p, v, w, "a body that starts \"sleeping\" (a sleeping body is at rest); allowed: [0, 0, 0] or none, or"
                    + " \"state\": \"dynamic\" for a body that starts moving");
        }
        if (n.has("mass") && n.has("density")) {
            throw new ScenarioException(p + ".mass", "give mass or density, not both");
        }
        double mass = number(p + ".mass", n.get("mass"), 0, Limits.MIN_MASS, Limits.MAX_MASS,
                "[" + Limits.MIN_MASS + ", " + Limits.MAX_MASS + "] kg");
        double density = number(p + ".density", n.get("density"), mass > 0 ? 0 : 1000, Limits.MIN_DENSITY,
                Limits.MAX_DENSITY, "[" + Limits.MIN_DENSITY + ", " + Limits.MAX_DENSITY + "] kg/m³");
        if (motion == MotionType.DYNAMIC && mass == 0) {
            // the mass the density gives must be representable too (5e-324 kg/m³, or 1e9 kg/m³ on a huge box)
            double m = density * shape.volume();
            if (!(m >= Limits.MIN_MASS && m <= Limits.MAX_MASS)) {
                throw new ScenarioException(p + ".density", (n.has("density") ? n.get("density").asText() : "1000")
                        + " gives a mass of " + m + " kg for this shape (volume " + shape.volume() + " m³); allowed: a mass"
                        + " in [" + Limits.MIN_MASS + ", " + Limits.MAX_MASS + "] kg");
            }
        }
        double friction = number(p + ".friction", n.get("friction"), 0.5, 0, 1e3, "[0, 1000]");
        double restitution = number(p + ".restitution", n.get("restitution"), 0, 0, 1, "[0, 1]");
        double gs = number(p + ".gravityScale", n.get("gravityScale"), 1, -1e3, 1e3, "[-1000, 1000]");
        double ld = number(p + ".linearDamping", n.get("linearDamping"), 0, 0, 1e6, "[0, 1e6] per second");
        double ad = number(p + ".angularDamping", n.get("angularDamping"), 0, 0, 1e6, "[0, 1e6] per second");
        String label = n.has("id") ? text(n, p + ".id", n.get("id"), null) : null;
        return new BodyDef(label, shape, motion, asleep, pos[0], pos[1], pos[2], q[0], q[1], q[2], q[3],
                v[0], v[1], v[2], w[0], w[1], w[2], mass, mass > 0 ? 0 : density, friction, restitution, gs, ld, ad);
    }

    private static Shape shape(String p, JsonNode n) {
        object(p, n);
        String type = text(n, p + ".type", n.get("type"), null);
        if (type == null) {
            throw new ScenarioException(p + ".type", "missing; allowed: sphere, box, capsule, convexHull, plane, triangleMesh");
        }
        switch (type) {
            case "sphere" -> {
                keys(n, p, "type", "radius");
                return new Sphere(required(p + ".radius", n.get("radius"), Limits.MIN_SIZE, Limits.MAX_SIZE, Limits.SIZES));
            }
            case "box" -> {
                keys(n, p, "type", "halfExtents");
                if (n.get("halfExtents") == null) {
                    throw new ScenarioException(p + ".halfExtents", "missing; allowed: [x, y, z], each > 0 m");
                }
                double[] h = vector(p + ".halfExtents", n.get("halfExtents"), 3, null);
                for (int i = 0; i < 3; i++) {
                    if (!(h[i] >= Limits.MIN_SIZE && h[i] <= Limits.MAX_SIZE)) {
                        throw new ScenarioException(p + ".halfExtents[" + i + "]", h[i] + " is not allowed; allowed: "
                                + Limits.SIZES);
                    }
                }
                return new Box(h[0], h[1], h[2]);
            }
            case "capsule" -> {
                keys(n, p, "type", "radius", "halfHeight");
                return new Capsule(required(p + ".radius", n.get("radius"), Limits.MIN_SIZE, Limits.MAX_SIZE, Limits.SIZES),
                        required(p + ".halfHeight", n.get("halfHeight"), 0, Limits.MAX_SIZE, "[0, " + Limits.MAX_SIZE + "] m"));
            }
            case "convexHull" -> {
                keys(n, p, "type", "points");
                JsonNode pts = n.get("points");
                if (pts == null || !pts.isArray() || pts.size() < 4) {
                    throw new ScenarioException(p + ".points", describe(pts)
                            + " is not allowed; allowed: an array of at least 4 [x, y, z] points spanning a volume");
                }
                double[] xyz = new double[3 * pts.size()];
                for (int i = 0; i < pts.size(); i++) {
                    System.arraycopy(bounded(p + ".points[" + i + "]", vector(p + ".points[" + i + "]", pts.get(i), 3, null),
                            Limits.MAX_SIZE, "m"), 0, xyz, 3 * i, 3);
                }
                try {
                    return QuickHull.of(xyz);
                } catch (IllegalArgumentException e) {
                    throw new ScenarioException(p + ".points", e.getMessage());
                }
            }
            case "plane" -> {
                keys(n, p, "type", "normal", "offset");
                double[] nrm = vector(p + ".normal", n.get("normal"), 3, new double[] {0, 1, 0});
                if (nrm[0] == 0 && nrm[1] == 0 && nrm[2] == 0) {
                    throw new ScenarioException(p + ".normal", "[0, 0, 0] is not allowed; allowed: a non-zero vector");
                }
                double off = n.get("offset") == null ? 0 : required(p + ".offset", n.get("offset"), -1e9, 1e9, "[-1e9, 1e9] m");
                double len = Math.sqrt(nrm[0] * nrm[0] + nrm[1] * nrm[1] + nrm[2] * nrm[2]); // as the Plane normalises it
                if (!(len > 0) || !Double.isFinite(len)) { // [1e-300, 0, 0] underflows, [1e200, 1e200, 0] overflows
                    throw new ScenarioException(p + ".normal", "[" + nrm[0] + ", " + nrm[1] + ", " + nrm[2] + "] cannot be"
                            + " normalised (its length is " + len + "); allowed: a non-zero vector of finite length");
                }
                return new dev.rubble.spi.shape.Plane(nrm[0], nrm[1], nrm[2], off);
            }
            case "triangleMesh" -> {
                return triangleMesh(p, n);
            }
            default -> throw new ScenarioException(p + ".type", "'" + type + "' is an unknown shape; allowed: sphere, box, capsule, convexHull, plane, triangleMesh");
        }
    }

    /** Most vertices and triangles a scenario's triangle mesh may have. */
    static final int MAX_MESH_ITEMS = 1_000_000;

    /**
     * {@code {"type": "triangleMesh", "vertices": [[x, y, z], ...], "triangles": [[a, b, c], ...]}}: a static mesh
     * (terrain, level geometry), two-sided, each triangle's corners indices into {@code vertices}.
     */
    private static Shape triangleMesh(String p, JsonNode n) {
        keys(n, p, "type", "vertices", "triangles");
        JsonNode vs = n.get("vertices"), ts = n.get("triangles");
        if (vs == null || !vs.isArray() || vs.size() < 3 || vs.size() > MAX_MESH_ITEMS) {
            throw new ScenarioException(p + ".vertices", describe(vs) + " is not allowed; allowed: an array of 3 to "
                    + MAX_MESH_ITEMS + " [x, y, z] points");
        }
        double[] xyz = new double[3 * vs.size()];
        for (int i = 0; i < vs.size(); i++) {
            System.arraycopy(bounded(p + ".vertices[" + i + "]", vector(p + ".vertices[" + i + "]", vs.get(i), 3, null),
                    Limits.MAX_SIZE, "m"), 0, xyz, 3 * i, 3);
        }
        if (ts == null || !ts.isArray() || ts.isEmpty() || ts.size() > MAX_MESH_ITEMS) {
            throw new ScenarioException(p + ".triangles", describe(ts) + " is not allowed; allowed: an array of 1 to "
                    + MAX_MESH_ITEMS + " [a, b, c] triples of vertex indices");
        }
        int[] idx = new int[3 * ts.size()];
        for (int t = 0; t < ts.size(); t++) {
            JsonNode tri = ts.get(t);
            if (tri == null || !tri.isArray() || tri.size() != 3) {
                throw new ScenarioException(p + ".triangles[" + t + "]", describe(tri) + " is not allowed; allowed: [a, b, c],"
                        + " three vertex indices");
            }
            for (int k = 0; k < 3; k++) {
                JsonNode c = tri.get(k);
                if (c == null || !c.canConvertToInt() || !c.isIntegralNumber() || c.asInt() < 0 || c.asInt() >= vs.size()) {
                    throw new ScenarioException(p + ".triangles[" + t + "][" + k + "]", describe(c) + " is not allowed;"
                            + " allowed: an integer vertex index in [0, " + (vs.size() - 1) + "]");
                }
                idx[3 * t + k] = c.asInt();
            }
        }
        try {
            return new TriangleMesh(xyz, idx);
        } catch (IllegalArgumentException e) {
            throw new ScenarioException(p + ".triangles", e.getMessage());
        }
    }

    private static ScheduledCommand command(String p, JsonNode n, Set<String> labels, List<String> collectionIds) {
        object(p, n);
        String type = text(n, p + ".type", n.get("type"), null);
        if (type == null) {
            throw new ScenarioException(p + ".type", "missing; allowed: impulse, velocity, state, spawn, remove, kinematicTarget, release, "
                    + "collisionFilter, ignoreCollision, or a destruction or budget command");
        }
        int step = integer(p + ".step", n.get("step"), 0, 0, 100_000_000);
        if (BudgetsJson.COMMANDS.contains(type)) { // issue 13
            return new ScheduledCommand(step, type, null, null, null, null, null, null,
                    BudgetsJson.command(p, type, n, collectionIds));
        }
        if (CollectionSpecs.COMMANDS.contains(type)) {
            return new ScheduledCommand(step, type, null, null, null, null, null, null,
                    CollectionSpecs.command(p, type, n, collectionIds));
        }
        switch (type) {
            case "impulse" -> {
                keys(n, p, "type", "step", "body", "impulse", "point");
                String b = bodyRef(p, n, labels);
                // huge impulses are accepted (the speed clamp scales the velocity they give), absurd ones are not
                double[] j = bounded(p + ".impulse", vector(p + ".impulse", req(p + ".impulse", n.get("impulse")), 3, null),
                        Limits.IMPULSE, "N s");
                double[] at = n.get("point") == null ? null
                        : bounded(p + ".point", vector(p + ".point", n.get("point"), 3, null), Limits.POSITION, "m");
                return new ScheduledCommand(step, type, b, j, at, null, null, null);
            }
            case "velocity" -> {
                keys(n, p, "type", "step", "body", "linear", "angular");
                String b = bodyRef(p, n, labels);
                double[] v = vector(p + ".linear", n.get("linear"), 3, new double[3]);
                double[] w = vector(p + ".angular", n.get("angular"), 3, new double[3]);
                return new ScheduledCommand(step, type, b, v, w, null, null, null);
            }
            case "state" -> {
                keys(n, p, "type", "step", "body", "state");
                String b = bodyRef(p, n, labels);
                String s = text(n, p + ".state", req(p + ".state", n.get("state")), null);
                BodyState state;
                try {
                    state = BodyState.valueOf(s.toUpperCase(Locale.ROOT));
                } catch (IllegalArgumentException e) {
                    throw new ScenarioException(p + ".state", "'" + s + "' is unknown; allowed: awake, sleeping, static, disabled");
                }
                return new ScheduledCommand(step, type, b, null, null, null, state, null);
            }
            case "spawn" -> {
                keys(n, p, "type", "step", "body");
                BodyDef def = body(p + ".body", req(p + ".body", n.get("body")));
                return new ScheduledCommand(step, type, null, null, null, null, null, def);
            }
            case "remove" -> {
                keys(n, p, "type", "step", "body");
                return new ScheduledCommand(step, type, bodyRef(p, n, labels), null, null, null, null, null);
            }
            case "kinematicTarget" -> {
                keys(n, p, "type", "step", "body", "position", "orientation");
                String b = bodyRef(p, n, labels);
                double[] pos = bounded(p + ".position", vector(p + ".position", req(p + ".position", n.get("position")), 3,
                        null), Limits.POSITION, "m");
                double[] q = orientation(p + ".orientation", n.get("orientation"));
                return new ScheduledCommand(step, type, b, pos, null, q, null, null);
            }
            case "collisionFilter" -> { // issue 28: a body's layer and mask from this step on
                keys(n, p, "type", "step", "body", "layer", "mask");
                String b = bodyRef(p, n, labels);
                if (!n.has("layer") && !n.has("mask")) {
                    throw new ScenarioException(p, "give layer, mask or both");
                }
                // a missing one keeps the body's value at that step: NaN marks it, resolved when queued
                double layer = n.has("layer") ? integer(p + ".layer", n.get("layer"), 0, Integer.MIN_VALUE, Integer.MAX_VALUE)
                        : Double.NaN;
                double mask = n.has("mask") ? integer(p + ".mask", n.get("mask"), 0, Integer.MIN_VALUE, Integer.MAX_VALUE)
                        : Double.NaN;
                return new ScheduledCommand(step, type, b, new double[] {layer, mask}, null, null, null, null);
            }
            case "ignoreCollision" -> { // issue 28: this pair never collides (ignore false: collides again)
                keys(n, p, "type", "step", "bodies", "ignore");
                JsonNode pair = req(p + ".bodies", n.get("bodies"));
                if (!pair.isArray() || pair.size() != 2 || !pair.get(0).isTextual() || !pair.get(1).isTextual()) {
                    throw new ScenarioException(p + ".bodies", describe(pair) + " is not allowed; allowed: an array of two body ids");
                }
                String a = pair.get(0).textValue(), b = pair.get(1).textValue();
                for (int k = 0; k < 2; k++) {
                    String id = pair.get(k).textValue();
                    if (!labels.contains(id)) {
                        throw new ScenarioException(p + ".bodies[" + k + "]", "'" + id
                                + "' is not the id of a body defined before it; known: "
                                + (labels.isEmpty() ? "(none)" : String.join(", ", labels)));
                    }
                }
                if (a.equals(b)) {
                    throw new ScenarioException(p + ".bodies", "names '" + a + "' twice; allowed: two different bodies");
                }
                JsonNode ig = n.get("ignore");
                if (ig != null && !ig.isBoolean()) {
                    throw new ScenarioException(p + ".ignore", describe(ig) + " is not allowed; allowed: true or false");
                }
                boolean ignore = ig == null || ig.booleanValue();
                return new ScheduledCommand(step, type, a, new double[] {ignore ? 1 : 0}, null, null, null, null, null, null,
                        null, b);
            }
            case "release" -> {
                // playback only (SPEC §9 blend): release a body, or every body in a box, to live simulation
                keys(n, p, "type", "step", "body", "region");
                if (n.has("body") == n.has("region")) {
                    throw new ScenarioException(p, "give body or region, not " + (n.has("body") ? "both" : "neither"));
                }
                if (n.has("body")) {
                    return new ScheduledCommand(step, type, bodyRef(p, n, labels), null, null, null, null, null);
                }
                JsonNode r = n.get("region");
                object(p + ".region", r);
                keys(r, p + ".region", "min", "max");
                double[] min = vector(p + ".region.min", r.get("min"), 3, null);
                double[] max = vector(p + ".region.max", r.get("max"), 3, null);
                for (int i = 0; i < 3; i++) {
                    if (min[i] > max[i]) {
                        throw new ScenarioException(p + ".region.max[" + i + "]", max[i] + " is below min " + min[i]
                                + "; allowed: max >= min");
                    }
                }
                return new ScheduledCommand(step, type, null, min, max, null, null, null);
            }
            default -> throw new ScenarioException(p + ".type", "'" + type
                    + "' is unknown; allowed: impulse, velocity, state, spawn, remove, kinematicTarget, release, "
                    + "externalStrain, internalStrain, crumble, anchor, breakBudget, releaseThrottle, levels, "
                    + "debrisLevel, removeOnBreak, removeOnSleep, crumbleSize, removalTimerMultiplier, collisionFilter, "
                    + "ignoreCollision");
        }
    }

    private static String bodyRef(String p, JsonNode n, Set<String> labels) {
        String b = text(n, p + ".body", req(p + ".body", n.get("body")), null);
        if (!labels.contains(b)) {
            throw new ScenarioException(p + ".body", "'" + b + "' is not the id of a body defined before it; known: "
                    + (labels.isEmpty() ? "(none)" : String.join(", ", labels)));
        }
        return b;
    }

    private static JsonNode req(String p, JsonNode n) {
        if (n == null) {
            throw new ScenarioException(p, "missing");
        }
        return n;
    }

    private static void object(String p, JsonNode n) {
        if (n == null || !n.isObject()) {
            throw new ScenarioException(p, "expected an object, got " + describe(n));
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

    private static String text(JsonNode parent, String p, JsonNode n, String dflt) {
        if (n == null) {
            return dflt;
        }
        if (!n.isTextual()) {
            throw new ScenarioException(p, describe(n) + " is not a string");
        }
        return n.textValue();
    }

    private static double required(String p, JsonNode n, double min, double max, String allowed) {
        if (n == null) {
            throw new ScenarioException(p, "missing; allowed: " + allowed);
        }
        return number(p, n, 0, min, max, allowed);
    }

    private static double number(String p, JsonNode n, double dflt, double min, double max, String allowed) {
        if (n == null) {
            return dflt;
        }
        if (!n.isNumber()) {
            throw new ScenarioException(p, describe(n) + " is not a number; allowed: " + allowed);
        }
        double d = n.doubleValue();
        if (!Double.isFinite(d) || d < min || d > max) {
            throw new ScenarioException(p, n.asText() + " is out of range; allowed: " + allowed);
        }
        return d;
    }

    private static int integer(String p, JsonNode n, int dflt, int min, int max) {
        if (n == null) {
            return dflt;
        }
        if (!n.isIntegralNumber() || !n.canConvertToLong()) {
            throw new ScenarioException(p, describe(n) + " is not an integer; allowed: [" + min + ", " + max + "]");
        }
        long v = n.longValue();
        if (v < min || v > max) {
            throw new ScenarioException(p, v + " is out of range; allowed: [" + min + ", " + max + "]");
        }
        return (int) v;
    }

    private static double[] vector(String p, JsonNode n, int len, double[] dflt) {
        if (n == null) {
            if (dflt == null) {
                throw new ScenarioException(p, "missing; allowed: an array of " + len + " numbers");
            }
            return dflt;
        }
        if (!n.isArray() || n.size() != len) {
            throw new ScenarioException(p, describe(n) + " is not allowed; allowed: an array of " + len + " numbers");
        }
        double[] out = new double[len];
        for (int i = 0; i < len; i++) {
            JsonNode e = n.get(i);
            if (!e.isNumber() || !Double.isFinite(e.doubleValue())) {
                throw new ScenarioException(p + "[" + i + "]", describe(e) + " is not allowed; allowed: a finite number");
            }
            out[i] = e.doubleValue();
        }
        return out;
    }

    /**
     * Ranges of the values that reach the simulation: wide enough for any real scene, narrow enough
     * that masses, inertias and their products stay finite (issue 17: 5e-324 radii or masses gave
     * NaN, 1e308 densities an infinite mass, 1e200 quaternions a NaN rotation).
     */
    static final class Limits {
        static final double MIN_SIZE = 1e-6, MAX_SIZE = 1e6;
        static final String SIZES = "[" + MIN_SIZE + ", " + MAX_SIZE + "] m";
        static final double MIN_MASS = 1e-9, MAX_MASS = 1e15;
        static final double MIN_DENSITY = 1e-6, MAX_DENSITY = 1e9;
        static final double POSITION = 1e9;
        static final double GRAVITY = 1e4;
        static final double SPEED = 1e5;
        static final double IMPULSE = 1e200;
        static final double QUATERNION = 1e6;

        private Limits() {
        }
    }

    /** Each component within ±{@code limit}. */
    private static double[] bounded(String p, double[] v, double limit, String unit) {
        for (int i = 0; i < v.length; i++) {
            if (Math.abs(v[i]) > limit) {
                throw new ScenarioException(p + "[" + i + "]", v[i] + " is out of range; allowed: [-" + limit + ", "
                        + limit + "] " + unit);
            }
        }
        return v;
    }

    /** A quaternion [x, y, z, w] whose components are at most 1e6 and whose length is at least 1e-6 (it is normalised). */
    private static double[] orientation(String p, JsonNode n) {
        double[] q = bounded(p, vector(p, n, 4, new double[] {0, 0, 0, 1}), Limits.QUATERNION, "");
        if (q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3] < 1e-12) {
            throw new ScenarioException(p, java.util.Arrays.toString(q) + " is not a rotation; allowed: a quaternion"
                    + " [x, y, z, w] of length >= 1e-6 (it is normalised)");
        }
        return q;
    }

    private static java.util.List<String> stageFamilyNames() {
        java.util.List<String> names = new ArrayList<>();
        for (dev.rubble.core.plugin.StageFamily<?> f : dev.rubble.core.plugin.StageFamily.all()) {
            names.add(f.name());
        }
        return names;
    }

    private static String describe(JsonNode n) {
        if (n == null || n.isMissingNode()) {
            return "nothing";
        }
        String s = n.toString();
        return s.length() > 60 ? s.substring(0, 57) + "..." : s;
    }
}
