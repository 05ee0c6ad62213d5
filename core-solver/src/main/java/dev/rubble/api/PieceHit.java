package dev.rubble.api;

/**
 * A scene query hit that also names the collection piece it struck ({@link WorldDestruction#rayCast}):
 * the body hit, and when that body is a collection piece, its collection and the authored leaf node
 * under the hit point (Chaos's leaf sub-trace). Reusable.
 */
public final class PieceHit {
    private final QueryHit hit = new QueryHit();
    private CollectionId collection;
    private int node = -1;

    /**
     * The plain hit (body, distance, point, normal).
     * @return the hit, rewritten by each query
     */
    public QueryHit hit() {
        return hit;
    }

    /**
     * Whether something was hit.
     * @return true after a hit
     */
    public boolean isHit() {
        return hit.hit();
    }

    /**
     * The collection of the struck piece, or null when the body hit is not a collection piece.
     * @return the collection, or null
     */
    public CollectionId collection() {
        return collection;
    }

    /**
     * The authored node under the hit point, or -1.
     * @return the node id, or -1
     */
    public int node() {
        return node;
    }

    void set(CollectionId collection, int node) {
        this.collection = collection;
        this.node = node;
    }

    @Override
    public String toString() {
        return hit + (collection == null ? "" : " collection " + collection.index() + " node " + node);
    }
}
