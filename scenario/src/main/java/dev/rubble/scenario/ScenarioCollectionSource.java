package dev.rubble.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rubble.authoring.CollectionFile;
import dev.rubble.core.plugin.Stages;
import dev.rubble.spi.collection.CollectionAsset;
import dev.rubble.spi.collection.CollectionSource;
import java.io.IOException;
import java.nio.file.Path;

/**
 * The {@link CollectionSource} the public API finds (issue 23): {@code .rbc} files through
 * {@link CollectionFile}, recipes through the scenario loader's own recipe parser and builder (so a
 * recipe means the same in a scenario file and in Java), with the default plugins.
 */
public final class ScenarioCollectionSource implements CollectionSource {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Override
    public CollectionAsset load(Path file) throws IOException {
        return dev.rubble.authoring.CollectionJson.loadAny(file).asset();
    }

    @Override
    public CollectionAsset fracture(String recipeJson) {
        JsonNode recipe;
        try {
            recipe = JSON.readTree(recipeJson);
        } catch (IOException e) {
            throw new ScenarioException("$.recipe", "not valid JSON: " + e.getMessage());
        }
        ObjectNode entry = JSON.createObjectNode();
        entry.put("id", "recipe");
        entry.set("recipe", recipe);
        ArrayNode arr = JSON.createArrayNode().add(entry);
        CollectionSpec spec = CollectionSpecs.parse(arr, Path.of(".")).get(0);
        return CollectionSpecs.asset(spec, "$", Stages.load());
    }
}
