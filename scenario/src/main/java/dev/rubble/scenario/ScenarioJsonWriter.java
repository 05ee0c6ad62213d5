package dev.rubble.scenario;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.UncheckedIOException;

/**
 * Scenario files written by the code (the wall scene's recipe, the wall's debris) go through Jackson
 * (issue 28 item 9): names and strings are escaped by the library, numbers are written as Java's
 * shortest round-trip text ({@code Double.toString}), so a written file parses back to the same
 * doubles. Layout: objects one key per line, arrays on one line ({@code "position": [0.0, 2.5, 0.0]}).
 */
final class ScenarioJsonWriter {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final DefaultPrettyPrinter PRETTY = new DefaultPrettyPrinter()
            .withSeparators(Separators.createDefaultInstance()
                    .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
                    .withArrayValueSpacing(Separators.Spacing.AFTER))
            .withArrayIndenter(DefaultPrettyPrinter.NopIndenter.instance);

    private ScenarioJsonWriter() {
    }

    static ObjectNode object() {
        return JsonNodeFactory.instance.objectNode();
    }

    static ArrayNode array(double... values) {
        ArrayNode a = JsonNodeFactory.instance.arrayNode(values.length);
        for (double v : values) {
            a.add(v);
        }
        return a;
    }

    /** The tree as scenario-file text, ending with a newline. */
    static String write(ObjectNode root) {
        try {
            return JSON.writer(PRETTY).writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e); // a tree of plain nodes always serialises
        }
    }
}
