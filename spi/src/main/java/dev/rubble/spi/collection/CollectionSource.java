package dev.rubble.spi.collection;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Makes collections for the public API without it depending on the authoring tools (issue 23):
 * found by {@link java.util.ServiceLoader}; the scenario module provides one (files in the
 * {@code .rbc} format, recipes in the scenario format's {@code recipe} object, docs/scenario-format.md).
 */
public interface CollectionSource {

    /**
     * The collection stored in {@code file}.
     *
     * @throws IOException              when it cannot be read
     * @throws IllegalArgumentException naming what is wrong with its content
     * @param file the collection file ({@code .rbc} or its JSON form)
     * @return the asset it holds, validated
     */
    CollectionAsset load(Path file) throws IOException;

    /**
     * A collection fractured from a recipe: the JSON text of a scenario {@code recipe} object, e.g.
     * {@code {"box": [2, 1, 0.1], "levels": [{"method": "voronoi", "options": {"count": 40}}], "seed": 7}}.
     *
     * @throws IllegalArgumentException naming the bad key and value
     * @param recipeJson the recipe as JSON text
     * @return the fractured collection; the same recipe and seed give the same asset bit for bit
     */
    CollectionAsset fracture(String recipeJson);
}
