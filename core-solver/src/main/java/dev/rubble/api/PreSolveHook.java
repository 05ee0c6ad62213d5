package dev.rubble.api;

/**
 * The only mid-step callback (docs/events.md, "Pre-solve hook"): called once for each new contact
 * pair (a sub-shape manifold that did not exist last step) after collision detection and before
 * the solve, in canonical order, on the stepping thread. Return false to reject the pair (no
 * response, no strain, while it stays in contact); or change its friction and restitution (kept
 * while it stays in contact). It must not change the world. A journal records its decisions (not
 * its code), so verify and replay reproduce a run that used one without it.
 */
@FunctionalInterface
public interface PreSolveHook {
    /**
     * @return false to reject the pair
     * @param contact the new pair, valid during this call only; its friction and restitution may be changed
     */
    boolean onNewContact(NewContact contact);
}
