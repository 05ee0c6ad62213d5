package dev.rubble.api;

/**
 * Hears, after every step, each contact manifold that has points: one call per touching pair
 * (and per sub-shape pair of compounds and meshes), in a deterministic order (by body slots). The
 * {@link Contact} passed is one reused object, rewritten for the next call: copy what you keep.
 * Called on the stepping thread; it must not step the world.
 */
@FunctionalInterface
public interface ContactListener {
    /**
     * Called once per contact manifold with points after a step.
     * @param contact the manifold, valid during this call only
     */
    void onContact(Contact contact);
}
