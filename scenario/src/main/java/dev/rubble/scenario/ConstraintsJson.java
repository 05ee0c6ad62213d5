package dev.rubble.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import dev.rubble.core.command.Command;
import dev.rubble.core.dynamics.ConstraintStore;
import dev.rubble.core.step.ConstraintOps;
import dev.rubble.core.world.World;
import dev.rubble.spi.constraint.ConstraintType;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The scenario section {@code constraints[]} (issue 29; docs/constraints.md): joints between bodies
 * named by label (or the world), created before the first step by journalled commands.
 *
 * <pre>
 *  {"type": "hinge", "bodyA": "door", "bodyB": "frame" (omitted or null: the world),
 *   "anchor": [x, y, z]          world point at the bodies' initial poses (both frames),
 *   "anchorB": [x, y, z]         optional: frame B's own anchor (distance, rope: the other end),
 *   "axis": [x, y, z]            optional: the frames' x axis in the world (a hinge's axis),
 *   "params": {"lowerAngle": -1.2, "upperAngle": 0.3},   the type's parameters by name
 *   "breakForce": 500, "breakTorque": 200,               optional thresholds (N, N·m)
 *   "collideConnected": false}   optional (default true): false = bodyA and bodyB never collide with each other
 * </pre>
 */
public final class ConstraintsJson {

    /** One parsed constraint; {@code path} names it in messages. */
    public record Spec(String path, String type, String bodyA, String bodyB, double[] anchor, double[] anchorB,
            double[] axis, Map<String, Double> params, double breakForce, double breakTorque, boolean collideConnected) {
    }

    private ConstraintsJson() {
    }

    /** Parses {@code $.constraints} (null: none). */
    public static List<Spec> parse(JsonNode n) {
        List<Spec> out = new ArrayList<>();
        if (n == null || n.isNull()) {
            return out;
        }
        if (!n.isArray()) {
            throw new ScenarioException("$.constraints", "expected an array of constraints, got " + n.getNodeType());
        }
        for (int i = 0; i < n.size(); i++) {
            String p = "$.constraints[" + i + "]";
            JsonNode c = n.get(i);
            if (!c.isObject()) {
                throw new ScenarioException(p, "expected an object, got " + c.getNodeType());
            }
            for (Iterator<String> it = c.fieldNames(); it.hasNext(); ) {
                String k = it.next();
                if (!List.of("type", "bodyA", "bodyB", "anchor", "anchorB", "axis", "params", "breakForce", "breakTorque",
                        "collideConnected").contains(k)) {
                    throw new ScenarioException(p + "." + k, "unknown key; allowed: type, bodyA, bodyB, anchor, anchorB,"
                            + " axis, params, breakForce, breakTorque, collideConnected");
                }
            }
            String type = text(p + ".type", c.get("type"));
            String a = text(p + ".bodyA", c.get("bodyA"));
            String b = c.get("bodyB") == null || c.get("bodyB").isNull() ? null : text(p + ".bodyB", c.get("bodyB"));
            if (a.equals(b)) { // named by its id: the kernel's refusal named the body's handle ("body 2"), not 'car'
                throw new ScenarioException(p + ".bodyB", "'" + b + "' is bodyA too: a constraint joins two bodies; allowed:"
                        + " another body's id, or none (the world)");
            }
            // anchors within the range body positions have (±1e9 m), an axis within the range of an orientation's
            // components: an anchor at 1e308 made every joined body NaN in its first step (exit 0), and an axis
            // whose length overflowed became the x axis without a word
            double[] anchor = vec(p + ".anchor", c.get("anchor"), ScenarioLoader.Limits.POSITION, "m");
            double[] anchorB = c.has("anchorB") ? vec(p + ".anchorB", c.get("anchorB"), ScenarioLoader.Limits.POSITION, "m")
                    : anchor;
            double[] axis = c.has("axis") ? axis(p + ".axis", c.get("axis")) : null;
            Map<String, Double> params = new TreeMap<>();
            JsonNode ps = c.get("params");
            if (ps != null) {
                if (!ps.isObject()) {
                    throw new ScenarioException(p + ".params", "expected an object of numbers, got " + ps.getNodeType());
                }
                for (Iterator<Map.Entry<String, JsonNode>> it = ps.fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> e = it.next();
                    params.put(e.getKey(), number(p + ".params." + e.getKey(), e.getValue()));
                }
            }
            double bf = c.has("breakForce") ? number(p + ".breakForce", c.get("breakForce")) : Double.POSITIVE_INFINITY;
            double bt = c.has("breakTorque") ? number(p + ".breakTorque", c.get("breakTorque")) : Double.POSITIVE_INFINITY;
            boolean collide = true;
            JsonNode cc = c.get("collideConnected");
            if (cc != null) {
                if (!cc.isBoolean()) {
                    throw new ScenarioException(p + ".collideConnected", "got " + cc + "; allowed: true or false");
                }
                collide = cc.booleanValue();
            }
            out.add(new Spec(p, type, a, b, anchor, anchorB, axis, params, bf, bt, collide));
        }
        return out;
    }

    /** Queues the constraints on {@code world} (bodies created); a bad one fails naming its path. */
    static void queue(World world, List<Spec> specs) {
        ConstraintStore st = world.context().constraints;
        for (Spec s : specs) {
            ConstraintType type;
            try {
                type = st.type(s.type());
            } catch (IllegalArgumentException e) {
                throw new ScenarioException(s.path() + ".type", e.getMessage(), e);
            }
            long ha = world.findByLabel(s.bodyA());
            if (ha < 0) {
                throw new ScenarioException(s.path() + ".bodyA", "'" + s.bodyA() + "' is not a body's id");
            }
            long hb = ConstraintStore.WORLD;
            if (s.bodyB() != null) {
                hb = world.findByLabel(s.bodyB());
                if (hb < 0) {
                    throw new ScenarioException(s.path() + ".bodyB", "'" + s.bodyB() + "' is not a body's id");
                }
            }
            List<String> names = type.parameters();
            double[] params = type.defaults().clone();
            for (Map.Entry<String, Double> e : s.params().entrySet()) {
                int k = names.indexOf(e.getKey());
                if (k < 0) {
                    throw new ScenarioException(s.path() + ".params." + e.getKey(), "unknown parameter of '" + s.type()
                            + "'; allowed: " + names);
                }
                params[k] = e.getValue();
            }
            double[] q = {0, 0, 0, 1};
            if (s.axis() != null) {
                double[] a = s.axis();
                double len = Math.sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]); // checked in parse: >= 1e-6
                q = rotationFromX(a[0] / len, a[1] / len, a[2] / len);
            }
            double[] fa = {s.anchor()[0], s.anchor()[1], s.anchor()[2], q[0], q[1], q[2], q[3]};
            double[] fb = {s.anchorB()[0], s.anchorB()[1], s.anchorB()[2], q[0], q[1], q[2], q[3]};
            int sa = world.bodies().slot(ha);
            int sb = hb == ConstraintStore.WORLD ? -1 : world.bodies().slot(hb);
            try {
                Command.AddConstraint probe = new Command.AddConstraint(Integer.MAX_VALUE, s.type(), ha, hb, true, fa, fb,
                        params, s.breakForce(), s.breakTorque());
                ConstraintOps.validate(world.context(), probe, sa, sb);
                world.queue(new Command.AddConstraint(st.reserveId(), s.type(), ha, hb, true, fa, fb, params,
                        s.breakForce(), s.breakTorque(), s.collideConnected()));
            } catch (IllegalArgumentException e) {
                throw new ScenarioException(s.path(), e.getMessage(), e);
            }
        }
    }

    /** The shortest rotation taking the x axis onto unit vector (x, y, z), as [qx, qy, qz, qw]. */
    static double[] rotationFromX(double x, double y, double z) {
        double w = 1 + x; // 1 + dot((1,0,0), v)
        if (w < 1e-12) { // opposite: half a turn about y
            return new double[] {0, 1, 0, 0};
        }
        // axis = (1,0,0) x v = (0, -z, y)
        double qx = 0, qy = -z, qz = y, n = Math.sqrt(qy * qy + qz * qz + w * w);
        return new double[] {qx / n, qy / n, qz / n, w / n};
    }

    private static String text(String p, JsonNode n) {
        if (n == null || !n.isTextual() || n.asText().isEmpty()) {
            throw new ScenarioException(p, (n == null ? "missing" : "got " + n) + "; allowed: a non-empty string");
        }
        return n.asText();
    }

    private static double number(String p, JsonNode n) {
        if (n == null || !n.isNumber()) {
            throw new ScenarioException(p, (n == null ? "missing" : "got " + n) + "; allowed: a number");
        }
        return n.asDouble();
    }

    /** [x, y, z], each component within ±{@code limit}. */
    private static double[] vec(String p, JsonNode n, double limit, String unit) {
        if (n == null || !n.isArray() || n.size() != 3) {
            throw new ScenarioException(p, (n == null ? "missing" : "got " + n) + "; allowed: [x, y, z]");
        }
        double[] v = new double[3];
        for (int k = 0; k < 3; k++) {
            v[k] = number(p + "[" + k + "]", n.get(k));
            if (!(Math.abs(v[k]) <= limit)) {
                throw new ScenarioException(p + "[" + k + "]", v[k] + " is out of range; allowed: [-" + limit + ", " + limit
                        + "]" + (unit.isEmpty() ? "" : " " + unit));
            }
        }
        return v;
    }

    /** A direction: components within ±1e6 (as an orientation's) and a length of at least 1e-6 (it is normalised). */
    private static double[] axis(String p, JsonNode n) {
        double[] a = vec(p, n, ScenarioLoader.Limits.QUATERNION, "");
        if (!(a[0] * a[0] + a[1] * a[1] + a[2] * a[2] >= 1e-12)) {
            throw new ScenarioException(p, java.util.Arrays.toString(a) + " is not a direction; allowed: a vector [x, y, z]"
                    + " of length >= 1e-6 (it is normalised)");
        }
        return a;
    }
}
