package dev.rubble.spi;

/**
 * Common shape of every stage factory: a unique name within its family and a creator.
 *
 * @param <T> the stage type the factory creates
 */
public interface StageFactory<T> {

    /**
     * The name users select this implementation by, e.g. {@code "sap"}: lower case letters,
     * digits and dashes, unique within the stage family.
     * @return the selection name, never null
     */
    String name();

    /**
     * One line for {@code rubble plugins}: what the algorithm is and when to choose it.
     * @return a one-line description; the default is the empty string
     */
    default String description() {
        return "";
    }

    /**
     * Creates a fresh, independent instance. Called once per world on the kernel thread.
     *
     * @param config options from the scenario; unknown keys must be rejected
     * @throws IllegalArgumentException when an option is unknown or out of range
     * @return a new stage instance owned by one world
     */
    T create(StageConfig config);
}
