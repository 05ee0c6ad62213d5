package dev.rubble.api;

/**
 * A placed geometry collection of a {@link PhysicsWorld} (its placement index: scenario
 * {@code collections[]} in file order, then {@link WorldDestruction#place} calls in order).
 */
public record CollectionId(int index) {
    /**
     * Validates the index.
     * @param index the placement index, ≥ 0
     * @throws IllegalArgumentException when the index is negative
     */
    public CollectionId {
        if (index < 0) {
            throw new IllegalArgumentException("collection index = " + index + "; allowed: >= 0");
        }
    }
}
