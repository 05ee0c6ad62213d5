package dev.rubble.api;

/**
 * A placed geometry collection of a {@link PhysicsWorld} (its placement index: scenario
 * {@code collections[]} in file order, then {@link WorldDestruction#place} calls in order). Like a
 * {@link BodyId} it remembers the world that handed it out, and another world refuses it; one made
 * with {@link #CollectionId(int)} names an index in any world. Equality is the index's.
 */
public final class CollectionId {
    private final int index;
    /** The identity of the world that handed this id out, or 0: any world. */
    final int world;

    /**
     * An id for placement index {@code index} in whichever world it is used in.
     * @param index the placement index, ≥ 0
     * @throws IllegalArgumentException when the index is negative
     */
    public CollectionId(int index) {
        this(index, 0);
    }

    CollectionId(int index, int world) {
        if (index < 0) {
            throw new IllegalArgumentException("collection index = " + index + "; allowed: >= 0");
        }
        this.index = index;
        this.world = world;
    }

    /**
     * The placement index.
     * @return the index, ≥ 0
     */
    public int index() {
        return index;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CollectionId c && c.index == index;
    }

    @Override
    public int hashCode() {
        return Integer.hashCode(index);
    }

    @Override
    public String toString() {
        return "CollectionId[index=" + index + "]";
    }
}
