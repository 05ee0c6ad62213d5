package dev.rubble.api;

import dev.rubble.core.body.BodyStore;

/**
 * A body of a {@link PhysicsWorld}: an immutable value around the engine's generational handle
 * ({@code generation << 32 | slot}). A removed body's id stays stale forever, even when its slot
 * is reused, so using it fails instead of touching another body. Ids are deterministic: the same
 * inputs give the same ids, which is how journals name bodies.
 *
 * @param handle the generational handle (what journals and commands record)
 */
public record BodyId(long handle) {

    @Override
    public String toString() {
        return "BodyId[" + BodyStore.handleString(handle) + "]";
    }
}
