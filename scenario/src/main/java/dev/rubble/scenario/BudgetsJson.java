package dev.rubble.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import dev.rubble.core.command.Command;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

/**
 * The destruction budgets of a scenario (issue 13; docs/scenario-format.md): {@code breaksPerStep}
 * and {@code releaseThrottle} in {@code world.budgets}, which become budget commands queued before
 * step 0 (so a journal records them like any input), and the commands {@code breakBudget},
 * {@code releaseThrottle} and {@code levels}. Errors name the JSON path, the value and what is allowed.
 */
final class BudgetsJson {
    /** Budget command types. */
    static final Set<String> COMMANDS = Set.of("breakBudget", "releaseThrottle", "levels");

    private BudgetsJson() {
    }

    /**
     * The destruction budgets of {@code $.world.budgets} as step-0 commands (empty when absent); the
     * world's own budget keys there are read by ScenarioLoader, which has checked the key names.
     */
    static List<ScheduledCommand> parse(JsonNode world) {
        List<ScheduledCommand> out = new ArrayList<>();
        JsonNode n = world == null || !world.isObject() ? null : world.get("budgets");
        if (n == null || !n.isObject()) {
            return out;
        }
        String p = "$.world.budgets";
        if (n.has("breaksPerStep")) {
            out.add(new ScheduledCommand(0, "breakBudget", null, null, null, null, null, null,
                    breakBudget(p, n), p + ".breaksPerStep"));
        }
        if (n.has("releaseThrottle")) {
            JsonNode t = n.get("releaseThrottle");
            object(p + ".releaseThrottle", t);
            keys(t, p + ".releaseThrottle", "min", "max");
            out.add(new ScheduledCommand(0, "releaseThrottle", null, null, null, null, null, null,
                    throttle(p + ".releaseThrottle", t), p + ".releaseThrottle"));
        }
        return out;
    }

    /** A budget command of {@code $.commands}. */
    static Command.Destruction command(String p, String type, JsonNode n, List<String> collectionIds) {
        switch (type) {
            case "breakBudget" -> {
                keys(n, p, "type", "step", "breaksPerStep");
                if (!n.has("breaksPerStep")) {
                    throw new ScenarioException(p + ".breaksPerStep", "missing; allowed: an integer >= 0, or \"unlimited\"");
                }
                return breakBudget(p, n);
            }
            case "releaseThrottle" -> {
                keys(n, p, "type", "step", "min", "max");
                return throttle(p, n);
            }
            case "levels" -> {
                keys(n, p, "type", "step", "collection", "maxClusterLevel", "maxSimulatedLevel");
                JsonNode c = n.get("collection");
                if (c == null || !c.isTextual()) {
                    throw new ScenarioException(p + ".collection", (c == null ? "missing" : c + " is not a collection id")
                            + "; known: " + (collectionIds.isEmpty() ? "(none)" : String.join(", ", collectionIds)));
                }
                int ci = collectionIds.indexOf(c.textValue());
                if (ci < 0) {
                    throw new ScenarioException(p + ".collection", "'" + c.textValue()
                            + "' is not the id of a collection; known: "
                            + (collectionIds.isEmpty() ? "(none)" : String.join(", ", collectionIds)));
                }
                return new Command.SetLevels(ci, level(p + ".maxClusterLevel", n.get("maxClusterLevel")),
                        level(p + ".maxSimulatedLevel", n.get("maxSimulatedLevel")));
            }
            default -> throw new IllegalStateException("unreachable: " + type);
        }
    }

    private static Command.SetBreakBudget breakBudget(String p, JsonNode n) {
        JsonNode v = n.get("breaksPerStep");
        if (v.isTextual() && "unlimited".equals(v.textValue())) {
            return new Command.SetBreakBudget(Command.SetBreakBudget.UNLIMITED);
        }
        return new Command.SetBreakBudget(integer(p + ".breaksPerStep", v, 0, "an integer >= 0, or \"unlimited\""));
    }

    private static Command.SetReleaseThrottle throttle(String p, JsonNode n) {
        if (!n.has("min") || !n.has("max")) {
            throw new ScenarioException(p + (n.has("min") ? ".max" : ".min"),
                    "missing; allowed: min and max, 0 <= min <= max active pieces (-1 and -1 = off)");
        }
        int min = integer(p + ".min", n.get("min"), -1, "an integer >= 0 (-1 with max -1 = off)");
        int max = integer(p + ".max", n.get("max"), -1, "an integer >= min (-1 with min -1 = off)");
        try {
            return new Command.SetReleaseThrottle(min, max);
        } catch (IllegalArgumentException e) {
            throw new ScenarioException(p, e.getMessage(), e);
        }
    }

    private static int level(String p, JsonNode v) {
        if (v == null || v.isTextual() && "unlimited".equals(v.textValue())) {
            return Integer.MAX_VALUE;
        }
        return integer(p, v, 1, "an integer >= 1, or \"unlimited\"");
    }

    private static int integer(String p, JsonNode v, int min, String allowed) {
        if (!v.isIntegralNumber() || !v.canConvertToInt() || v.intValue() < min) {
            throw new ScenarioException(p, v + " is not allowed; allowed: " + allowed);
        }
        return v.intValue();
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
}
