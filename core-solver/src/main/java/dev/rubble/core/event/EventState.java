package dev.rubble.core.event;

import dev.rubble.core.body.BodyStore;
import java.util.Arrays;

/**
 * The event settings of a world and the last step's events (docs/events.md): one
 * {@link EventRequest} per kind, the per-body and per-collection switches (bit masks of kinds,
 * default off), the pre-solve hook, and one reused {@link EventBuffer} per kind. Changed only by
 * the COMMANDS slot (journalled commands) and, for the hook, between steps; read by the EVENTS slot.
 * A world where nothing is switched on gathers nothing ({@link #activeKinds()} is 0).
 */
public final class EventState {
    private final EventRequest[] requests = new EventRequest[EventKinds.COUNT];
    private final EventBuffer[] front = new EventBuffer[EventKinds.COUNT];
    private final EventBuffer[] back = new EventBuffer[EventKinds.COUNT];
    private final EventSelect select = new EventSelect();
    private int[] bodyMask = new int[0];
    private long[] bodyHandle = new long[0];
    private int[] collectionMask = new int[0];
    private int globalKinds, bodyKinds, collectionKinds;
    private NewContactHook hook;
    private long step = -1;

    public EventState() {
        for (int k = 0; k < EventKinds.COUNT; k++) {
            requests[k] = EventRequest.defaults(k);
            front[k] = new EventBuffer();
            back[k] = new EventBuffer();
        }
    }

    /** Kinds switched on anywhere (globally, for a body or for a collection); 0 = gather nothing. */
    public int activeKinds() {
        return globalKinds | bodyKinds | collectionKinds;
    }

    /** Whether {@code kind} is on for every body / collection. */
    public boolean global(int kind) {
        return (globalKinds & 1 << kind) != 0;
    }

    /** The request of {@code kind}. */
    public EventRequest request(int kind) {
        return requests[EventKinds.check(kind)];
    }

    /** Sets the request of {@code kind} (its {@code global} switch included). */
    public void setRequest(int kind, EventRequest r) {
        requests[EventKinds.check(kind)] = java.util.Objects.requireNonNull(r, "request is null");
        globalKinds = r.global() ? globalKinds | 1 << kind : globalKinds & ~(1 << kind);
    }

    /** Switches {@code kinds} (a mask) on for body {@code slot} holding {@code handle}, the others off. */
    public void setBodyKinds(int slot, long handle, int kinds) {
        EventKinds.checkMask(kinds);
        if (slot >= bodyMask.length) {
            int cap = Math.max(slot + 1, 2 * bodyMask.length);
            bodyMask = Arrays.copyOf(bodyMask, cap);
            bodyHandle = Arrays.copyOf(bodyHandle, cap);
        }
        bodyMask[slot] = kinds;
        bodyHandle[slot] = handle;
        int all = 0;
        for (int m : bodyMask) {
            all |= m;
        }
        bodyKinds = all;
    }

    /** The kinds switched on for body {@code slot} (0 when the slot now holds another body). */
    public int bodyKinds(BodyStore b, int slot) {
        return slot < bodyMask.length && bodyMask[slot] != 0 && bodyHandle[slot] == b.handle(slot) ? bodyMask[slot] : 0;
    }

    /** The kinds switched on for body {@code slot} if it still holds {@code handle}. */
    public int bodyKinds(int slot, long handle) {
        return slot < bodyMask.length && bodyHandle[slot] == handle ? bodyMask[slot] : 0;
    }

    /** Slots that may hold a body switch ({@link #bodyMaskAt}, {@link #bodyHandleAt}). */
    public int bodySwitchSlots() {
        return bodyMask.length;
    }

    /** The kinds switched on for slot {@code slot}, whatever body it holds now. */
    public int bodyMaskAt(int slot) {
        return bodyMask[slot];
    }

    /** The body the switch of slot {@code slot} was set for. */
    public long bodyHandleAt(int slot) {
        return bodyHandle[slot];
    }

    /** Collections that may hold a switch ({@link #collectionKinds}). */
    public int collectionSwitchSlots() {
        return collectionMask.length;
    }

    /** Whether any body has some kind switched on. */
    public boolean anyBodySwitch() {
        return bodyKinds != 0;
    }

    /** Whether any body has {@code kind} switched on. */
    public boolean anyBody(int kind) {
        return (bodyKinds & 1 << kind) != 0;
    }

    /** Switches {@code kinds} on for collection {@code c}, the others off. */
    public void setCollectionKinds(int c, int kinds) {
        EventKinds.checkMask(kinds);
        if (c < 0) {
            throw new IllegalArgumentException("collection = " + c + "; allowed: >= 0");
        }
        if (c >= collectionMask.length) {
            collectionMask = Arrays.copyOf(collectionMask, Math.max(c + 1, 2 * collectionMask.length));
        }
        collectionMask[c] = kinds;
        int all = 0;
        for (int m : collectionMask) {
            all |= m;
        }
        collectionKinds = all;
    }

    /** The kinds switched on for collection {@code c}. */
    public int collectionKinds(int c) {
        return c >= 0 && c < collectionMask.length ? collectionMask[c] : 0;
    }

    /** Whether any collection has {@code kind} switched on. */
    public boolean anyCollection(int kind) {
        return (collectionKinds & 1 << kind) != 0;
    }

    /** Whether collection {@code c} produces {@code kind} (globally or by its switch). */
    public boolean collectionWants(int c, int kind) {
        return (globalKinds & 1 << kind) != 0 || (collectionKinds(c) & 1 << kind) != 0;
    }

    /** The pre-solve hook, or null; while recorders listen, the installed hook wrapped so they hear each answer. */
    public NewContactHook hook() {
        return hook == null || recorders.length == 0 ? hook : recording;
    }

    /** The hook as installed ({@link #hook()} may wrap it), or null. */
    public NewContactHook installedHook() {
        return hook;
    }

    /** Installs (or, with null, removes) the pre-solve hook; between steps only. */
    public void setHook(NewContactHook h) {
        hook = h;
    }

    /** Copy-on-write: who hears the hook's answers (a journal, docs/journal-format.md "Hook document"). */
    private HookRecorder[] recorders = new HookRecorder[0];

    /** Registers a recorder of the hook's answers. */
    public void addRecorder(HookRecorder r) {
        recorders = Callbacks.with(recorders, java.util.Objects.requireNonNull(r, "recorder is null"));
    }

    public void removeRecorder(HookRecorder r) {
        recorders = Callbacks.without(recorders, r);
    }

    /** The installed hook, its answers handed to the recorders (one object, made once: nothing allocated per call). */
    private final NewContactHook recording = (a, b, key, material) -> {
        NewContactHook h = hook;
        HookRecorder[] rs = recorders;
        double f0 = material[0], e0 = material[1];
        boolean accepted;
        try {
            accepted = h.onNewContact(a, b, key, material);
        } catch (RuntimeException | Error t) {
            for (HookRecorder r : rs) {
                r.answered(a, b, key, HookRecorder.THREW, f0, e0);
            }
            throw t;
        }
        for (HookRecorder r : rs) {
            r.answered(a, b, key, accepted ? HookRecorder.ACCEPTED : HookRecorder.REJECTED, material[0], material[1]);
        }
        return accepted;
    };

    /** What the hook threw in the step running (the first, later ones suppressed), or null. */
    private Throwable hookFailure;

    /**
     * Keeps what the hook threw ({@link Callbacks}): the step goes on without the hook and the
     * world throws it when the step is complete and every observer has heard it.
     */
    public void hookFailed(Throwable t) {
        hookFailure = Callbacks.keep(hookFailure, t);
    }

    /** What the hook threw in the last step, or null; cleared. */
    public Throwable takeHookFailure() {
        Throwable t = hookFailure;
        hookFailure = null;
        return t;
    }

    /** The step the buffers describe (-1 before the first gathering). */
    public long step() {
        return step;
    }

    /** Starts gathering step {@code s}: every buffer empty. */
    public void begin(long s) {
        step = s;
        for (int k = 0; k < EventKinds.COUNT; k++) {
            front[k].clear();
        }
    }

    /** Clears every buffer without gathering (nothing switched on: consumers see an empty step). */
    public void clearAll(long s) {
        if (step != s) {
            begin(s);
        }
    }

    /** The buffer being filled for {@code kind} this step, and read by consumers after it. */
    public EventBuffer buffer(int kind) {
        return front[kind];
    }

    /**
     * Applies the request's sort and cap to {@code kind}'s gathered (filtered, canonical) events;
     * afterwards {@link #buffer} holds the result.
     */
    public void finish(int kind) {
        EventBuffer out = select.sortAndCap(requests[kind], kind, front[kind], back[kind]);
        if (out != front[kind]) {
            back[kind] = front[kind];
            front[kind] = out;
        }
    }
}
