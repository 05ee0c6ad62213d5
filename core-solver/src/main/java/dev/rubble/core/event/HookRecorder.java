package dev.rubble.core.event;

/**
 * Hears every answer of the pre-solve hook ({@link NewContactHook}), so a journal can record the
 * hook's decisions and verify and seek re-simulate the run without the hook's code
 * (docs/journal-format.md, "Hook document"). Registered with {@link EventState#addRecorder}; called
 * on the stepping thread, in call order (the contact store's canonical order), right after the hook
 * returned or threw. Must not allocate per call in steady state or change the world.
 */
public interface HookRecorder {
    /** The hook rejected the pair. */
    byte REJECTED = 0;
    /** The hook accepted the pair (with the friction and restitution it left in the material). */
    byte ACCEPTED = 1;
    /** The hook threw: the pair and the step's later new pairs keep their defaults (docs/events.md). */
    byte THREW = 2;

    /**
     * @param slotA       body index of A
     * @param slotB       body index of B
     * @param subShape    the manifold's sub-shape key
     * @param outcome     {@link #REJECTED}, {@link #ACCEPTED} or {@link #THREW}
     * @param friction    the friction the hook left (the mixed one when it threw)
     * @param restitution the restitution the hook left
     */
    void answered(int slotA, int slotB, long subShape, byte outcome, double friction, double restitution);
}
