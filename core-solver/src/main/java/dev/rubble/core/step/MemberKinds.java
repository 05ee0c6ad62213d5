package dev.rubble.core.step;

import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.destruction.Unions;
import dev.rubble.core.event.EventState;
import java.util.Arrays;

/**
 * Event switches asked for on welded members of cluster unions, folded into their union's body for one
 * step (docs/events.md, "Switches", "Cluster unions"): a member's body is disabled while welded, and its
 * contacts, sleep, waking and motion are its union's body's, so a switch on the member counts for the
 * union's body and its events name that body. Rebuilt at the start of the EVENTS slot from the world's
 * body switches ({@link EventState#bodyMaskAt}) and {@link Unions#carrierOf}; allocation-free once grown.
 */
final class MemberKinds {
    private static final byte DISABLED = (byte) BodyState.DISABLED.ordinal();
    private int[] kinds = new int[0];
    private long[] handle = new long[0];
    private int[] set = new int[8];
    private int count;

    /** Folds this step's member switches (nothing to do without unions or body switches). */
    void fold(StepContext c) {
        for (int i = 0; i < count; i++) {
            kinds[set[i]] = 0;
        }
        count = 0;
        Unions un = c.destruction.unions();
        EventState ev = c.events;
        if (!un.any() || !ev.anyBodySwitch()) {
            return;
        }
        BodyStore b = c.bodies;
        for (int s = 0, n = ev.bodySwitchSlots(); s < n; s++) {
            int k = ev.bodyMaskAt(s);
            long h = ev.bodyHandleAt(s);
            // a welded member's own body is disabled while its union carries it
            if (k == 0 || !b.isLive(s) || b.handle(s) != h || b.state[s] != DISABLED) {
                continue;
            }
            long u = un.carrierOf(h);
            if (u >= 0) {
                add((int) u, u, k);
            }
        }
    }

    private void add(int slot, long h, int k) {
        if (slot >= kinds.length) {
            int cap = Math.max(slot + 1, 2 * kinds.length);
            kinds = Arrays.copyOf(kinds, cap);
            handle = Arrays.copyOf(handle, cap);
        }
        if (kinds[slot] == 0) {
            if (count == set.length) {
                set = Arrays.copyOf(set, 2 * count);
            }
            set[count++] = slot;
        }
        kinds[slot] |= k;
        handle[slot] = h;
    }

    /** The member switches folded into body {@code slot} if it holds {@code h}, else 0. */
    int of(int slot, long h) {
        return slot >= 0 && slot < kinds.length && kinds[slot] != 0 && handle[slot] == h ? kinds[slot] : 0;
    }
}
