package dev.rubble.api;

/**
 * A constraint of a {@link PhysicsWorld} (issue 29; docs/constraints.md): ids are handed out in
 * order from 1 and never reused, so journals and snapshots name the same constraint. Like a
 * {@link BodyId} it remembers the world that handed it out, and another world refuses it (its
 * {@code contains} answers false); one made with {@link #ConstraintId(int)} names a number in any
 * world. Equality is the number's.
 */
public final class ConstraintId {
    private final int id;
    /** The identity of the world that handed this id out, or 0: any world. */
    final int world;

    /**
     * An id for constraint number {@code id} in whichever world it is used in.
     * @param id the constraint's number
     */
    public ConstraintId(int id) {
        this(id, 0);
    }

    ConstraintId(int id, int world) {
        this.id = id;
        this.world = world;
    }

    /**
     * The constraint's number.
     * @return the number, ≥ 1 for constraints the world handed out
     */
    public int id() {
        return id;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ConstraintId c && c.id == id;
    }

    @Override
    public int hashCode() {
        return Integer.hashCode(id);
    }

    @Override
    public String toString() {
        return "ConstraintId[id=" + id + "]";
    }
}
