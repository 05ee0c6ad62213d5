package dev.rubble.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import dev.rubble.core.soft.SoftBodyDef;
import dev.rubble.core.soft.SoftMaterial;
import dev.rubble.core.soft.cage.Cage;
import dev.rubble.core.soft.cage.CageBuilder;
import dev.rubble.core.soft.cage.CageFile;
import dev.rubble.core.soft.cage.CageSource;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

/**
 * The scenario key {@code softBodies[]} (docs/scenario-format.md, docs/soft-bodies.md): each entry
 * names a cage file or a source to build one from, a material and a pose. Cages built from a
 * source are deterministic, so a journal's scenario text rebuilds the same world for verify.
 */
final class SoftBodiesJson {
    private static final String[] KEYS = {"id", "cage", "source", "spacing", "density", "seed", "position",
        "orientation", "velocity", "youngsModulus", "poissonRatio", "pbdStiffness", "friction", "thickness",
        "edgeCompliance", "volumeCompliance", "pins", "attach"};

    private SoftBodiesJson() {
    }

    /** Parses {@code $.softBodies}; relative {@code cage}, {@code obj:} and {@code points:} files resolve against
     *  {@code baseDir} (the scenario's directory, like {@code collections[].file}; null = working directory). */
    static List<SoftBodyDef> parse(JsonNode n, Set<String> labels, Path baseDir) {
        Path base = baseDir == null ? Path.of("") : baseDir;
        List<SoftBodyDef> out = new ArrayList<>();
        if (n == null) {
            return out;
        }
        if (!n.isArray()) {
            throw new ScenarioException("$.softBodies", "expected an array of soft bodies, got " + n);
        }
        for (int i = 0; i < n.size(); i++) {
            String p = "$.softBodies[" + i + "]";
            SoftBodyDef d = one(p, n.get(i), labels, base);
            if (d.label() != null && !labels.add(d.label())) {
                throw new ScenarioException(p + ".id", "'" + d.label() + "' is used by another body; allowed: unique ids");
            }
            out.add(d);
        }
        return out;
    }

    private static SoftBodyDef one(String p, JsonNode n, Set<String> rigidLabels, Path base) {
        if (n == null || !n.isObject()) {
            throw new ScenarioException(p, "expected an object, got " + n);
        }
        for (Iterator<String> it = n.fieldNames(); it.hasNext(); ) {
            String k = it.next();
            if (!List.of(KEYS).contains(k)) {
                throw new ScenarioException(p + "." + k, "unknown key; allowed: " + String.join(", ", KEYS));
            }
        }
        String id = n.has("id") ? text(p + ".id", n.get("id")) : null;
        Cage cage;
        if (n.has("cage") == n.has("source")) {
            throw new ScenarioException(p, "give exactly one of 'cage' (an .rbsb file) and 'source' (e.g. \"box:half=0.5,0.25,0.5\")");
        }
        if (n.has("cage")) {
            String file = text(p + ".cage", n.get("cage"));
            Path cageFile = base.resolve(file);
            if (!java.nio.file.Files.isRegularFile(cageFile)) {
                throw new ScenarioException(p + ".cage", "no such file " + cageFile
                        + "; allowed: an .rbsb file (relative paths are read beside the scenario)");
            }
            try {
                cage = CageFile.read(cageFile);
            } catch (IOException e) {
                throw new ScenarioException(p + ".cage", "cannot read " + file + ": " + e.getMessage());
            } catch (IllegalArgumentException e) {
                throw new ScenarioException(p + ".cage", e.getMessage());
            }
        } else {
            double spacing = number(p + ".spacing", n.get("spacing"), 0, 0, 1e6);
            double density = raw(p + ".density", n.get("density"), 1000);
            if (!(density > 0 && density <= 1e9)) {
                throw new ScenarioException(p + ".density", density + " is out of range; allowed: > 0 and <= 1e9 kg/m³");
            }
            long seed = 1;
            if (n.has("seed")) { // an integer, as collections' seeds (1.5 was taken as 1)
                JsonNode sd = n.get("seed");
                if (!sd.isIntegralNumber() || !sd.canConvertToLong()) {
                    throw new ScenarioException(p + ".seed", sd + " is not allowed; allowed: an integer");
                }
                seed = sd.longValue();
            }
            try {
                CageSource src = CageSource.parse(text(p + ".source", n.get("source")), base);
                cage = CageBuilder.build(src.vertices(), src.indices(), density, spacing, seed);
            } catch (IllegalArgumentException e) {
                throw new ScenarioException(p + ".source", e.getMessage());
            }
        }
        SoftMaterial m;
        try {
            SoftMaterial r = SoftMaterial.rubber();
            m = new SoftMaterial(raw(p + ".youngsModulus", n.get("youngsModulus"), r.youngsModulus()),
                    raw(p + ".poissonRatio", n.get("poissonRatio"), r.poissonRatio()),
                    raw(p + ".pbdStiffness", n.get("pbdStiffness"), r.pbdStiffness()),
                    raw(p + ".friction", n.get("friction"), r.friction()),
                    raw(p + ".thickness", n.get("thickness"), r.thickness()),
                    raw(p + ".edgeCompliance", n.get("edgeCompliance"), Double.NaN),
                    raw(p + ".volumeCompliance", n.get("volumeCompliance"), Double.NaN));
        } catch (IllegalArgumentException e) {
            throw new ScenarioException(p, e.getMessage());
        }
        double[] pos = vector(p + ".position", n.get("position"), new double[] {0, 0, 0});
        double[] rot = n.has("orientation") ? vector4(p + ".orientation", n.get("orientation")) : new double[] {0, 0, 0, 1};
        double qn = Math.sqrt(rot[0] * rot[0] + rot[1] * rot[1] + rot[2] * rot[2] + rot[3] * rot[3]); // as the store does
        if (!(qn > 0) || !Double.isFinite(qn)) { // refused when the world was built, naming "$.softBodies" only
            throw new ScenarioException(p + ".orientation", java.util.Arrays.toString(rot) + " is not a rotation; allowed: a"
                    + " finite non-zero quaternion [x, y, z, w] (it is normalised)");
        }
        double[] vel = vector(p + ".velocity", n.get("velocity"), new double[] {0, 0, 0});
        CollectionSpecs.within(p + ".position", pos, ScenarioLoader.Limits.POSITION, "m"); // the limits bodies have
        CollectionSpecs.within(p + ".velocity", vel, ScenarioLoader.Limits.SPEED, "m/s");
        // every cage point in the world within the range rigid placements keep to (the store's arithmetic): a cage
        // 1 m across at position 1e9 put points beyond it, where bodies and collections are refused
        int far = dev.rubble.core.soft.SoftBodyStore.farPoint(cage, pos[0], pos[1], pos[2], rot[0] / qn, rot[1] / qn,
                rot[2] / qn, rot[3] / qn);
        if (far >= 0) {
            double[] cp = cage.points();
            throw new ScenarioException(p + (n.has("cage") ? ".cage" : ".source"), "cage point " + far + " (at ("
                    + cp[3 * far] + ", " + cp[3 * far + 1] + ", " + cp[3 * far + 2] + ") m in the cage) lies beyond ±"
                    + ScenarioLoader.Limits.POSITION + " m in the world at position " + java.util.Arrays.toString(pos)
                    + "; allowed: every cage point within ±" + ScenarioLoader.Limits.POSITION
                    + " m on each axis once placed, as every body and collection piece");
        }
        int[] pins = new int[0];
        // a point named twice got two targets (attached to two bodies, or pinned and attached): each point at most once
        java.util.Map<Integer, String> named = new java.util.HashMap<>();
        if (n.has("pins")) {
            JsonNode a = n.get("pins");
            if (!a.isArray()) {
                throw new ScenarioException(p + ".pins", "expected an array of point indices, got " + a);
            }
            pins = new int[a.size()];
            for (int k = 0; k < a.size(); k++) {
                pins[k] = point(p + ".pins[" + k + "]", a.get(k), cage);
                once(named, pins[k], p + ".pins[" + k + "]", "pinned by pins[" + k + "]");
            }
        }
        List<String> attachBodies = new ArrayList<>();
        int[] attachPoints = new int[0];
        if (n.has("attach")) {
            JsonNode a = n.get("attach");
            if (!a.isArray()) {
                throw new ScenarioException(p + ".attach", "expected an array of {point, body}, got " + a);
            }
            attachPoints = new int[a.size()];
            for (int k = 0; k < a.size(); k++) {
                String q = p + ".attach[" + k + "]";
                JsonNode e = a.get(k);
                if (e == null || !e.isObject() || !e.has("point") || !e.has("body") || e.size() != 2) {
                    throw new ScenarioException(q, "expected {\"point\": index, \"body\": \"rigid body id\"}, got " + e);
                }
                attachPoints[k] = point(q + ".point", e.get("point"), cage);
                once(named, attachPoints[k], q + ".point", "attached by attach[" + k + "]");
                String body = text(q + ".body", e.get("body"));
                if (!rigidLabels.contains(body)) {
                    throw new ScenarioException(q + ".body", "no rigid body with id '" + body + "'; allowed: ids of $.bodies");
                }
                attachBodies.add(body);
            }
        }
        return new SoftBodyDef(id, cage, m, pos, rot, vel, pins, attachPoints, attachBodies);
    }

    /** Records that {@code path} names cage point {@code point} ({@code how}); refuses a point named before. */
    private static void once(java.util.Map<Integer, String> named, int point, String path, String how) {
        String before = named.putIfAbsent(point, how);
        if (before != null) {
            throw new ScenarioException(path, point + " is already " + before + "; allowed: each cage point at most once in"
                    + " pins and attach");
        }
    }

    private static int point(String p, JsonNode n, Cage cage) {
        if (n == null || !n.isIntegralNumber() || !n.canConvertToLong() || n.longValue() < 0 || n.longValue() >= cage.pointCount()) {
            throw new ScenarioException(p, n + " is not a cage point; allowed: integers in [0, " + cage.pointCount() + ")");
        }
        return n.intValue();
    }

    private static String text(String p, JsonNode n) {
        if (n == null || !n.isTextual()) {
            throw new ScenarioException(p, n + " is not a string");
        }
        return n.textValue();
    }

    private static double raw(String p, JsonNode n, double dflt) {
        if (n == null) {
            return dflt;
        }
        if (!n.isNumber()) {
            throw new ScenarioException(p, n + " is not a number");
        }
        return n.doubleValue();
    }

    private static double number(String p, JsonNode n, double dflt, double min, double max) {
        double d = raw(p, n, dflt);
        if (!(d >= min && d <= max)) {
            throw new ScenarioException(p, d + " is out of range; allowed: [" + min + ", " + max + "]");
        }
        return d;
    }

    private static double[] vector(String p, JsonNode n, double[] dflt) {
        if (n == null) {
            return dflt;
        }
        if (!n.isArray() || n.size() != 3) {
            throw new ScenarioException(p, n + " is not allowed; allowed: an array of 3 numbers");
        }
        double[] v = new double[3];
        for (int i = 0; i < 3; i++) {
            v[i] = raw(p + "[" + i + "]", n.get(i), 0);
            if (!Double.isFinite(v[i])) {
                throw new ScenarioException(p + "[" + i + "]", v[i] + "; allowed: a finite number");
            }
        }
        return v;
    }

    private static double[] vector4(String p, JsonNode n) {
        if (!n.isArray() || n.size() != 4) {
            throw new ScenarioException(p, n + " is not allowed; allowed: a quaternion [x, y, z, w]");
        }
        double[] v = new double[4];
        for (int i = 0; i < 4; i++) {
            v[i] = raw(p + "[" + i + "]", n.get(i), 0);
        }
        return v;
    }
}
