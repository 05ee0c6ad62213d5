package dev.rubble.core.step;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.event.EventState;
import java.util.Arrays;

/**
 * Event switches asked for on welded members of cluster unions, folded into their union's body for one
 * step (docs/events.md, "Switches", "Cluster unions"): a member's body is disabled while welded, and its contacts,
 * sleep, waking and motion are its union's body's, so a switch on the member counts for the union's body
 * and its events name that body. Rebuilt at the start of the EVENTS slot; allocation-free once grown.
 */
final class MemberKinds implements dev.rubble.core.destruction.Unions.MemberKindsSink {
    private int[] kinds = new int[0];
    private long[] handle = new long[0];
    private int[] set = new int[8];
    private int count;
    private BodyStore bodies;
    private EventState events;
    private final java.util.function.LongToIntFunction kindsOf = h -> {
        int s = (int) h;
        return bodies.isLive(s) && bodies.handle(s) == h ? events.bodyKinds(s, h) : 0;
    };

    /** Folds this step's member switches (nothing to do without unions or body switches). */
    void fold(StepContext c) {
        for (int i = 0; i < count; i++) {
            kinds[set[i]] = 0;
        }
        count = 0;
        if (!c.destruction.unions().any() || !c.events.anyBodySwitch()) {
            return;
        }
        bodies = c.bodies;
        events = c.events;
        c.destruction.unions().foldMemberKinds(kindsOf, this);
    }

    @Override
    public void accept(int slot, long h, int k) {
        if (slot >= kinds.length) {
            int cap = Math.max(slot + 1, 2 * kinds.length);
            kinds = Arrays.copyOf(kinds, cap);
            handle = Arrays.copyOf(handle, cap);
        }
        if (count == set.length) {
            set = Arrays.copyOf(set, 2 * count);
        }
        kinds[slot] = k;
        handle[slot] = h;
        set[count++] = slot;
    }

    /** The member switches folded into body {@code slot} if it holds {@code h}, else 0. */
    int of(int slot, long h) {
        return slot >= 0 && slot < kinds.length && kinds[slot] != 0 && handle[slot] == h ? kinds[slot] : 0;
    }
}
