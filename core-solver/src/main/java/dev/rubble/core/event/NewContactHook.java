package dev.rubble.core.event;

/**
 * The one mid-step callback (docs/events.md, "Pre-solve hook"): called once for each new contact
 * pair (a sub-shape manifold that was not touching last step), after the narrowphase and before the
 * solve, in canonical order. It may reject the pair (the solver ignores it as long as it stays in
 * contact) or change its friction and restitution (kept while it stays in contact). Called on the
 * stepping thread; it must not change the world.
 */
@FunctionalInterface
public interface NewContactHook {
    /**
     * @param slotA     body index of A (lower)
     * @param slotB     body index of B
     * @param subShape  the manifold's sub-shape key
     * @param material  in: the mixed friction [0] and restitution [1] the narrowphase chose; out:
     *                  the values to use (reused array)
     * @return false to reject the pair
     */
    boolean onNewContact(int slotA, int slotB, long subShape, double[] material);
}
