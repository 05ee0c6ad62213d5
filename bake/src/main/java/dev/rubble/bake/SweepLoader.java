package dev.rubble.bake;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.DecimalNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.rubble.scenario.ScenarioException;
import dev.rubble.scenario.ScenarioLoader;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Reads a sweep file ({@code rubble-sweep/1}, docs/bake.md) and expands it into variants.
 *
 * <p>Each parameter yields a list of values (explicit {@code values}, an arithmetic {@code range},
 * or seeded {@code random} samples) or of named {@code choices} (several scenario fields set
 * together, e.g. a material); the variants are the Cartesian product of the lists, the last
 * parameter varying fastest, optionally thinned to a seeded {@code sample} of it. Every variant's
 * scenario is parsed here, so a parameter value the scenario refuses is reported before anything
 * runs. Errors name the JSON path of the sweep field ({@link SweepException}); unknown keys are
 * errors, as in scenario files.
 */
public final class SweepLoader {
    /** The format tag this loader reads. */
    public static final String FORMAT = "rubble-sweep/1";
    /** Most variants one sweep may expand to. */
    public static final int MAX_VARIANTS = 1_000_000;
    /** Most values one parameter may have. */
    public static final int MAX_VALUES = 100_000;

    private SweepLoader() {
    }

    /** Loads a sweep file; a relative {@code scenario} path resolves against the file's directory. */
    public static Sweep load(Path file) {
        String text;
        try {
            text = Files.readString(file);
        } catch (NoSuchFileException e) {
            throw new SweepException("sweep file " + file, "does not exist; allowed: a readable sweep .json file (\"format\": \"rubble-sweep/1\", docs/bake.md)");
        } catch (IOException e) {
            throw new SweepException("sweep file " + file, "cannot be read (" + e.getMessage() + "); allowed: a readable sweep .json file");
        }
        Path dir = file.toAbsolutePath().getParent();
        return parse(text, dir, p -> {
            Path f = dir.resolve(p);
            try {
                return new Source(Files.readString(f), f.toAbsolutePath().getParent().toString());
            } catch (IOException e) {
                throw new SweepException("$.scenario", "'" + p + "' cannot be read (" + f + ": "
                        + (e instanceof NoSuchFileException ? "no such file" : e.getMessage()) + ")");
            }
        });
    }

    /** A scenario file's text and the directory its own relative paths resolve against (may be null). */
    public record Source(String text, String baseDir) {
    }

    /** Reads the scenario file a sweep names (a local file, or a Hadoop path for Spark). */
    @FunctionalInterface
    public interface ScenarioReader {
        Source read(String path);
    }

    /** Parses sweep text; {@code dir} is where an inline scenario's relative paths resolve (may be null). */
    public static Sweep parse(String text, Path dir, ScenarioReader reader) {
        JsonNode root;
        try {
            root = Json.MAPPER.readTree(text);
        } catch (JacksonException e) {
            var loc = e.getLocation();
            throw new SweepException("$", "malformed JSON" + (loc == null ? "" : " at line " + loc.getLineNr()
                    + ", column " + loc.getColumnNr()) + ": " + dev.rubble.scenario.ScenarioLoader.jsonProblem(e));
        }
        if (root == null || !root.isObject()) {
            throw new SweepException("$", "expected a JSON object, got " + describe(root));
        }
        keys(root, "$", "format", "name", "scenario", "steps", "parameters", "sample", "outputs");
        JsonNode f = root.get("format");
        if (f == null || !f.isTextual() || !FORMAT.equals(f.textValue())) {
            throw new SweepException("$.format", (f == null ? "missing" : describe(f) + " is not supported")
                    + "; allowed: \"" + FORMAT + "\"");
        }
        String name = root.has("name") ? text(root.get("name"), "$.name") : "unnamed";
        // the base scenario: a file (relative to the sweep) or an inline object
        JsonNode sn = root.get("scenario");
        Source base;
        if (sn == null) {
            throw new SweepException("$.scenario", "missing; allowed: a scenario file path (relative to the sweep file) or an inline scenario object");
        } else if (sn.isTextual()) {
            base = reader.read(sn.textValue());
        } else if (sn.isObject()) {
            base = new Source(sn.toString(), dir == null ? null : dir.toString());
        } else {
            throw new SweepException("$.scenario", describe(sn) + " is not allowed; allowed: a file path or a scenario object");
        }
        ObjectNode scenario;
        try {
            JsonNode s = Json.MAPPER.readTree(base.text());
            if (!(s instanceof ObjectNode o)) {
                throw new SweepException("$.scenario", "the scenario is " + describe(s) + "; allowed: a JSON object");
            }
            scenario = o;
        } catch (JacksonException e) {
            throw new SweepException("$.scenario", "the scenario is malformed JSON: " + dev.rubble.scenario.ScenarioLoader.jsonProblem(e));
        }
        try {
            ScenarioLoader.parse(base.text(), base.baseDir() == null ? null : Path.of(base.baseDir()));
        } catch (ScenarioException e) {
            throw new SweepException("$.scenario", "the base scenario is invalid: " + e.getMessage(), e);
        }
        long steps;
        JsonNode st = root.get("steps");
        if (st == null) {
            JsonNode ss = scenario.get("steps");
            steps = ss != null && ss.canConvertToLong() && ss.longValue() > 0 ? ss.longValue() : 600;
        } else if (st.isIntegralNumber() && st.canConvertToLong() && st.longValue() >= 0 && st.longValue() <= dev.rubble.scenario.ScenarioLoader.MAX_STEPS) {
            steps = st.longValue();
        } else {
            throw new SweepException("$.steps", describe(st) + " is not allowed; allowed: an integer 0.."
                    + dev.rubble.scenario.ScenarioLoader.MAX_STEPS);
        }
        Sweep.Outputs outputs = outputs(root.get("outputs"));
        List<Parameter> params = parameters(root.get("parameters"), scenario);
        long product = 1;
        for (Parameter p : params) {
            product = Math.multiplyExact(product, (long) p.values.size());
            if (product > Long.MAX_VALUE / MAX_VALUES) {
                break;
            }
        }
        long[] picks = sample(root.get("sample"), product);
        List<String> names = new ArrayList<>();
        for (Parameter p : params) {
            names.add(p.name);
        }
        List<Variant> variants = new ArrayList<>(picks.length);
        Map<String, Integer> ids = new HashMap<>();
        for (int v = 0; v < picks.length; v++) {
            variants.add(variant(v, picks[v], params, scenario, steps, base.baseDir(), ids));
        }
        return new Sweep(name, names, variants, outputs);
    }

    /** One parameter: its name, where it goes, and its values (each a map pointer -> value to set). */
    private record Parameter(String name, String path, List<JsonNode> values, List<Map<JsonPointer, JsonNode>> sets) {
    }

    private static List<Parameter> parameters(JsonNode n, ObjectNode scenario) {
        List<Parameter> out = new ArrayList<>();
        if (n == null) {
            return out; // no parameters: one variant, the base scenario
        }
        if (!n.isArray()) {
            throw new SweepException("$.parameters", describe(n) + " is not allowed; allowed: an array of parameters");
        }
        Set<String> seen = new TreeSet<>();
        Map<String, String> owner = new java.util.HashMap<>(); // field pointer -> the parameter that sets it
        for (int i = 0; i < n.size(); i++) {
            String p = "$.parameters[" + i + "]";
            JsonNode pn = n.get(i);
            if (!pn.isObject()) {
                throw new SweepException(p, describe(pn) + " is not allowed; allowed: an object with name and values");
            }
            keys(pn, p, "name", "path", "values", "range", "random", "choices");
            String name = text(pn.get("name"), p + ".name");
            if (!name.matches("[A-Za-z][A-Za-z0-9_.-]{0,63}")) {
                throw new SweepException(p + ".name", "'" + name + "' is not allowed; allowed: a letter, then up to 63 letters, digits, _ . -");
            }
            if (!seen.add(name)) {
                throw new SweepException(p + ".name", "'" + name + "' is used by an earlier parameter; allowed: unique names");
            }
            int kinds = (pn.has("values") ? 1 : 0) + (pn.has("range") ? 1 : 0) + (pn.has("random") ? 1 : 0)
                    + (pn.has("choices") ? 1 : 0);
            if (kinds != 1) {
                throw new SweepException(p, kinds + " of values, range, random, choices given; allowed: exactly one");
            }
            if (pn.has("choices")) {
                if (pn.has("path")) {
                    throw new SweepException(p + ".path", "not allowed with choices (each choice names its own paths)");
                }
                out.add(choices(p + ".choices", name, pn.get("choices"), scenario));
                claim(owner, out.get(out.size() - 1), p + ".choices");
                continue;
            }
            String path = text(pn.get("path"), p + ".path");
            JsonPointer ptr = pointer(p + ".path", path, scenario);
            List<JsonNode> values;
            if (pn.has("values")) {
                values = values(p + ".values", pn.get("values"));
            } else if (pn.has("range")) {
                values = range(p + ".range", pn.get("range"));
            } else {
                values = random(p + ".random", pn.get("random"));
            }
            distinct(p + (pn.has("values") ? ".values" : pn.has("range") ? ".range" : ".random"), values);
            List<Map<JsonPointer, JsonNode>> sets = new ArrayList<>();
            for (JsonNode v : values) {
                sets.add(Map.of(ptr, v));
            }
            out.add(new Parameter(name, path, values, sets));
            claim(owner, out.get(out.size() - 1), p + ".path");
        }
        return out;
    }

    /**
     * Refuses a field {@code q} sets that an earlier parameter sets too: the later value won without a word, so two
     * variants with different values of the earlier parameter ran the same scenario under different ids.
     */
    private static void claim(Map<String, String> owner, Parameter q, String p) {
        Set<String> mine = new TreeSet<>();
        for (Map<JsonPointer, JsonNode> set : q.sets()) {
            for (JsonPointer ptr : set.keySet()) {
                mine.add(ptr.toString());
            }
        }
        for (String ptr : mine) {
            String other = owner.putIfAbsent(ptr, q.name());
            if (other != null) {
                throw new SweepException(p, "'" + ptr + "' is also set by parameter '" + other + "'; allowed: each field set"
                        + " by one parameter");
            }
        }
    }

    private static List<JsonNode> values(String p, JsonNode n) {
        if (!n.isArray() || n.isEmpty()) {
            throw new SweepException(p, describe(n) + " is not allowed; allowed: a non-empty array of values");
        }
        if (n.size() > MAX_VALUES) {
            throw new SweepException(p, n.size() + " values; allowed: at most " + MAX_VALUES);
        }
        List<JsonNode> out = new ArrayList<>();
        for (JsonNode v : n) {
            out.add(v);
        }
        return out;
    }

    private static List<JsonNode> range(String p, JsonNode n) {
        if (!n.isObject()) {
            throw new SweepException(p, describe(n) + " is not allowed; allowed: {\"from\": a, \"to\": b, \"step\": s}");
        }
        keys(n, p, "from", "to", "step");
        BigDecimal from = decimal(n.get("from"), p + ".from");
        BigDecimal to = decimal(n.get("to"), p + ".to");
        BigDecimal step = decimal(n.get("step"), p + ".step");
        if (step.signum() <= 0) {
            throw new SweepException(p + ".step", step.toPlainString() + " is not allowed; allowed: > 0");
        }
        if (to.compareTo(from) < 0) {
            throw new SweepException(p + ".to", to.toPlainString() + " is below from = " + from.toPlainString()
                    + "; allowed: to >= from");
        }
        BigDecimal count = to.subtract(from).divide(step, 0, RoundingMode.FLOOR).add(BigDecimal.ONE);
        if (count.compareTo(BigDecimal.valueOf(MAX_VALUES)) > 0) {
            throw new SweepException(p + ".step", brief(step) + " gives " + brief(count)
                    + " values; allowed: at most " + MAX_VALUES);
        }
        boolean integral = isIntegral(from) && isIntegral(step);
        BigDecimal last = from.add(step.multiply(count.subtract(BigDecimal.ONE)));
        if (integral && (!fitsLong(from) || !fitsLong(last))) {
            // {"from": 1e300, "to": 1e308, "step": 1e307} failed as an internal error ("Overflow", exit 1)
            throw new SweepException(p, "the integers " + brief(from) + " to " + brief(last) + " do not fit in"
                    + " a 64-bit integer; allowed: integer values from " + Long.MIN_VALUE + " to " + Long.MAX_VALUE
                    + ", or a \"from\" or \"step\" with decimals");
        }
        List<JsonNode> out = new ArrayList<>();
        for (int k = 0; k < count.intValue(); k++) {
            BigDecimal v = from.add(step.multiply(BigDecimal.valueOf(k))); // exact: no accumulated rounding
            out.add(integral ? LongNode.valueOf(v.longValueExact()) : DecimalNode.valueOf(v));
        }
        return out;
    }

    /** {@code v} as plain digits when short, else to 8 significant digits in scientific notation (1E+308, not 309 digits). */
    private static String brief(BigDecimal v) {
        String plain = v.toPlainString();
        return plain.length() <= 24 ? plain : v.round(new java.math.MathContext(8)).stripTrailingZeros().toString();
    }

    private static boolean fitsLong(BigDecimal v) {
        return v.compareTo(BigDecimal.valueOf(Long.MIN_VALUE)) >= 0 && v.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) <= 0;
    }

    private static List<JsonNode> random(String p, JsonNode n) {
        if (!n.isObject()) {
            throw new SweepException(p, describe(n) + " is not allowed; allowed: {\"min\", \"max\", \"count\", \"seed\"}");
        }
        keys(n, p, "min", "max", "count", "seed", "integer", "decimals");
        BigDecimal min = decimal(n.get("min"), p + ".min");
        BigDecimal max = decimal(n.get("max"), p + ".max");
        if (max.compareTo(min) <= 0) {
            throw new SweepException(p + ".max", max.toPlainString() + " is not above min = " + min.toPlainString()
                    + "; allowed: max > min");
        }
        int count = integer(n.get("count"), p + ".count", 1, MAX_VALUES);
        long seed = n.has("seed") ? longValue(n.get("seed"), p + ".seed") : 0;
        boolean integer = n.has("integer") && bool(n.get("integer"), p + ".integer");
        int decimals = n.has("decimals") ? integer(n.get("decimals"), p + ".decimals", 0, 12) : 4;
        if (integer && (!isIntegral(min) || !isIntegral(max))) {
            throw new SweepException(p + ".min", "min " + min.toPlainString() + " and max " + max.toPlainString()
                    + " must be integers with \"integer\": true");
        }
        if (integer && (!fitsLong(min) || !fitsLong(max))) {
            // {"min": 0, "max": 1e308, "integer": true} failed as an internal error ("Overflow", exit 1)
            throw new SweepException(p + (fitsLong(min) ? ".max" : ".min"), brief(fitsLong(min) ? max : min)
                    + " does not fit in a 64-bit integer; allowed with \"integer\": true: " + Long.MIN_VALUE + " to "
                    + Long.MAX_VALUE);
        }
        if (integer && max.subtract(min).add(BigDecimal.ONE).compareTo(BigDecimal.valueOf(count)) < 0) {
            throw new SweepException(p + ".count", count + " distinct integers do not fit in [" + min.toPlainString()
                    + ", " + max.toPlainString() + "]");
        }
        SplitMix64 rng = new SplitMix64(seed);
        List<JsonNode> out = new ArrayList<>();
        Set<String> seen = new TreeSet<>();
        int tries = 0;
        while (out.size() < count) {
            if (++tries > 100 * count + 1000) {
                throw new SweepException(p + ".decimals", decimals + " decimals leave fewer than " + count
                        + " distinct values in [" + min.toPlainString() + ", " + max.toPlainString() + "]; allowed: more decimals");
            }
            // a uniform double in [0, 1) from the top 53 bits; the value is rounded to `decimals` places
            // (or drawn as an integer) so it is exact decimal text in the scenario on every JVM
            double u = (rng.next() >>> 11) * 0x1.0p-53;
            JsonNode v;
            if (integer) {
                long lo = min.longValueExact(), hi = max.longValueExact(), span = hi - lo + 1;
                if (span > 0) {
                    v = LongNode.valueOf(lo + (long) Math.floor(u * span));
                } else { // the span overflows a long (min near -2^63, max near 2^63): the same draw, exactly
                    BigDecimal spanExact = max.subtract(min).add(BigDecimal.ONE);
                    v = LongNode.valueOf(min.add(spanExact.multiply(new BigDecimal(u)).setScale(0, RoundingMode.FLOOR))
                            .min(max).longValueExact());
                }
            } else {
                BigDecimal x = min.add(max.subtract(min).multiply(new BigDecimal(u)))
                        .setScale(decimals, RoundingMode.HALF_EVEN);
                v = DecimalNode.valueOf(x.max(min).min(max));
            }
            if (seen.add(VariantIds.canonical(v))) {
                out.add(v);
            }
        }
        return out;
    }

    private static Parameter choices(String p, String name, JsonNode n, ObjectNode scenario) {
        if (!n.isObject() || n.isEmpty()) {
            throw new SweepException(p, describe(n) + " is not allowed; allowed: an object label -> {pointer: value, ...}");
        }
        List<JsonNode> labels = new ArrayList<>();
        List<Map<JsonPointer, JsonNode>> sets = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String cp = p + "." + e.getKey();
            if (!e.getValue().isObject() || e.getValue().isEmpty()) {
                throw new SweepException(cp, describe(e.getValue()) + " is not allowed; allowed: an object of JSON pointer -> value");
            }
            Map<JsonPointer, JsonNode> set = new java.util.LinkedHashMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> f = e.getValue().fields(); f.hasNext(); ) {
                Map.Entry<String, JsonNode> s = f.next();
                set.put(pointer(cp, s.getKey(), scenario), s.getValue());
            }
            labels.add(TextNode.valueOf(e.getKey()));
            sets.add(set);
        }
        return new Parameter(name, null, labels, sets);
    }

    /** A JSON pointer into the base scenario whose parent exists (an object key may be new). */
    private static JsonPointer pointer(String p, String path, ObjectNode scenario) {
        JsonPointer ptr;
        try {
            ptr = JsonPointer.compile(path);
        } catch (IllegalArgumentException e) {
            throw new SweepException(p, "'" + path + "' is not a JSON pointer; allowed: e.g. \"/bodies/1/mass\"");
        }
        if (ptr.matches()) {
            throw new SweepException(p, "'' (the whole scenario) is not allowed; allowed: a pointer to one field, e.g. \"/bodies/1/mass\"");
        }
        JsonNode parent = scenario.at(ptr.head());
        if (parent.isMissingNode()) {
            throw new SweepException(p, "'" + path + "' does not lead into the base scenario: " + where(ptr.head())
                    + " does not exist; allowed: a pointer whose parent exists");
        }
        String last = ptr.last().getMatchingProperty();
        if (parent.isArray()) {
            int idx = ptr.last().getMatchingIndex();
            if (idx < 0 || idx >= parent.size()) {
                throw new SweepException(p, "'" + path + "': " + where(ptr.head()) + " has " + parent.size()
                        + " elements; allowed: an index 0.." + (parent.size() - 1));
            }
        } else if (!parent.isObject()) {
            throw new SweepException(p, "'" + path + "': " + where(ptr.head()) + " is " + describe(parent)
                    + ", which has no field '" + last + "'");
        }
        return ptr;
    }

    private static String where(JsonPointer head) {
        String s = head.toString();
        return s.isEmpty() ? "the scenario" : s;
    }

    private static long[] sample(JsonNode n, long product) {
        if (n == null) {
            if (product > MAX_VARIANTS) {
                throw new SweepException("$.parameters", "the parameters give " + product + " variants; allowed: at most "
                        + MAX_VARIANTS + " (add \"sample\": {\"count\": N, \"seed\": S} to run a random subset)");
            }
            long[] all = new long[(int) product];
            for (int i = 0; i < all.length; i++) {
                all[i] = i;
            }
            return all;
        }
        if (!n.isObject()) {
            throw new SweepException("$.sample", describe(n) + " is not allowed; allowed: {\"count\": N, \"seed\": S}");
        }
        keys(n, "$.sample", "count", "seed");
        int count = integer(n.get("count"), "$.sample.count", 1, MAX_VARIANTS);
        long seed = n.has("seed") ? longValue(n.get("seed"), "$.sample.seed") : 0;
        if (count >= product) {
            return sample(null, product);
        }
        // Floyd's algorithm: `count` distinct indices of the product, uniformly, then in product order
        SplitMix64 rng = new SplitMix64(seed);
        Set<Long> chosen = new java.util.HashSet<>();
        for (long j = product - count; j < product; j++) {
            long t = Long.remainderUnsigned(rng.next(), j + 1);
            chosen.add(chosen.contains(t) ? j : t);
        }
        long[] out = new long[count];
        int k = 0;
        for (long c : chosen) {
            out[k++] = c;
        }
        java.util.Arrays.sort(out); // never let set order reach the result
        return out;
    }

    private static Variant variant(int index, long combo, List<Parameter> params, ObjectNode base, long steps,
                                   String baseDir, Map<String, Integer> ids) {
        ObjectNode s = base.deepCopy();
        List<Map.Entry<String, JsonNode>> values = new ArrayList<>();
        ObjectNode paramsJson = JsonNodeFactory.instance.objectNode();
        long rest = combo;
        int[] pick = new int[params.size()];
        for (int i = params.size() - 1; i >= 0; i--) { // the last parameter varies fastest
            int n = params.get(i).values.size();
            pick[i] = (int) (rest % n);
            rest /= n;
        }
        for (int i = 0; i < params.size(); i++) {
            Parameter p = params.get(i);
            JsonNode v = p.values.get(pick[i]);
            values.add(new AbstractMap.SimpleImmutableEntry<>(p.name, v));
            paramsJson.set(p.name, v);
            for (Map.Entry<JsonPointer, JsonNode> e : p.sets.get(pick[i]).entrySet()) {
                set(s, e.getKey(), e.getValue().deepCopy());
            }
        }
        String id = VariantIds.of(values);
        Integer other = ids.putIfAbsent(id, index);
        if (other != null) {
            throw new SweepException("$.parameters", "variants " + other + " and " + index + " have the same id " + id
                    + " (" + paramsJson + "); allowed: distinct parameter values");
        }
        String text;
        try {
            text = Json.MAPPER.writeValueAsString(s);
        } catch (JacksonException e) {
            throw new IllegalStateException("cannot write variant scenario: " + e.getMessage(), e);
        }
        try {
            ScenarioLoader.parse(text, baseDir == null ? null : Path.of(baseDir));
        } catch (ScenarioException e) {
            throw new SweepException("$.parameters", "variant " + index + " " + paramsJson
                    + " gives an invalid scenario: " + e.getMessage(), e);
        }
        return new Variant(index, id, paramsJson.toString(), text, VariantIds.sha256(text), steps, baseDir);
    }

    private static void set(ObjectNode root, JsonPointer ptr, JsonNode value) {
        JsonNode parent = root.at(ptr.head());
        if (parent instanceof ArrayNode a) {
            a.set(ptr.last().getMatchingIndex(), value);
        } else {
            ((ObjectNode) parent).set(ptr.last().getMatchingProperty(), value);
        }
    }

    private static void distinct(String p, List<JsonNode> values) {
        Map<String, Integer> seen = new HashMap<>();
        for (int i = 0; i < values.size(); i++) {
            Integer j = seen.putIfAbsent(VariantIds.canonical(values.get(i)), i);
            if (j != null) {
                throw new SweepException(p, "value " + i + " (" + values.get(i) + ") repeats value " + j + "; allowed: distinct values");
            }
        }
    }

    private static Sweep.Outputs outputs(JsonNode n) {
        if (n == null) {
            return new Sweep.Outputs(true, false);
        }
        if (!n.isObject()) {
            throw new SweepException("$.outputs", describe(n) + " is not allowed; allowed: {\"journal\": bool, \"state\": bool,"
                    + " \"sheet\": bool}");
        }
        keys(n, "$.outputs", "journal", "state", "sheet");
        boolean journal = !n.has("journal") || bool(n.get("journal"), "$.outputs.journal");
        boolean state = n.has("state") && bool(n.get("state"), "$.outputs.state");
        boolean sheet = n.has("sheet") && bool(n.get("sheet"), "$.outputs.sheet");
        return new Sweep.Outputs(journal, state, sheet);
    }

    // ---- small field readers: each names its path, the bad value and what is allowed ----------

    private static void keys(JsonNode n, String p, String... allowed) {
        Set<String> ok = Set.of(allowed);
        for (Iterator<String> it = n.fieldNames(); it.hasNext(); ) {
            String k = it.next();
            if (!ok.contains(k)) {
                throw new SweepException(p + "." + k, "unknown key; allowed: " + String.join(", ", new TreeSet<>(ok)));
            }
        }
    }

    private static String text(JsonNode n, String p) {
        if (n == null || !n.isTextual() || n.textValue().isEmpty()) {
            throw new SweepException(p, (n == null ? "missing" : describe(n) + " is not allowed") + "; allowed: a non-empty string");
        }
        return n.textValue();
    }

    private static boolean bool(JsonNode n, String p) {
        if (!n.isBoolean()) {
            throw new SweepException(p, describe(n) + " is not allowed; allowed: true or false");
        }
        return n.booleanValue();
    }

    private static BigDecimal decimal(JsonNode n, String p) {
        if (n == null || !n.isNumber()) {
            throw new SweepException(p, (n == null ? "missing" : describe(n) + " is not allowed") + "; allowed: a number");
        }
        return new BigDecimal(VariantIds.plain(n));
    }

    private static int integer(JsonNode n, String p, int min, int max) {
        if (n == null || !n.isIntegralNumber() || !n.canConvertToInt() || n.intValue() < min || n.intValue() > max) {
            throw new SweepException(p, (n == null ? "missing" : describe(n) + " is not allowed") + "; allowed: an integer "
                    + min + ".." + max);
        }
        return n.intValue();
    }

    private static long longValue(JsonNode n, String p) {
        if (!n.isIntegralNumber() || !n.canConvertToLong()) {
            throw new SweepException(p, describe(n) + " is not allowed; allowed: an integer");
        }
        return n.longValue();
    }

    private static boolean isIntegral(BigDecimal d) {
        return d.signum() == 0 || d.stripTrailingZeros().scale() <= 0;
    }

    static String describe(JsonNode n) {
        if (n == null || n.isMissingNode()) {
            return "nothing";
        }
        String s = n.toString();
        return s.length() > 60 ? s.substring(0, 57) + "..." : s;
    }

    /** SplitMix64 (Steele, Lea, Flood 2014): written out so a seed means the same draws on every JDK. */
    static final class SplitMix64 {
        private long state;

        SplitMix64(long seed) {
            state = seed;
        }

        long next() {
            long z = (state += 0x9E3779B97F4A7C15L);
            z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
            z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
            return z ^ (z >>> 31);
        }
    }
}
