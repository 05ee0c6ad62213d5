package dev.rubble.api;

import dev.rubble.core.body.BodyStore;

/**
 * A body of a {@link PhysicsWorld}: an immutable value around the engine's generational handle
 * ({@code generation << 32 | slot}). A removed body's id stays stale forever, even when its slot
 * is reused, so using it fails instead of touching another body. Ids are deterministic: the same
 * inputs give the same handles, which is how journals name bodies.
 *
 * <p>An id also remembers the world that handed it out: another world refuses it with an
 * {@link IllegalArgumentException} (its {@code contains} answers false) instead of acting on
 * whatever body it has at that handle. A world restored from a snapshot is the saved one continued
 * and accepts its ids (when both live in this JVM). An id made with {@link #BodyId(long)} names a
 * handle in any world: use it for handles you kept yourself, e.g. across processes. Equality and
 * hash code are the handle's (docs/java-api.md, "Ids and worlds").
 */
public final class BodyId {
    private final long handle;
    /** The identity of the world that handed this id out ({@code World.identity()}), or 0: any world. */
    final int world;

    /**
     * An id for {@code handle} in whichever world it is used in.
     * @param handle the generational handle (what journals and commands record)
     */
    public BodyId(long handle) {
        this(handle, 0);
    }

    BodyId(long handle, int world) {
        this.handle = handle;
        this.world = world;
    }

    /**
     * The generational handle.
     * @return {@code generation << 32 | slot}
     */
    public long handle() {
        return handle;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof BodyId b && b.handle == handle;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(handle);
    }

    @Override
    public String toString() {
        return "BodyId[" + BodyStore.handleString(handle) + "]";
    }
}
