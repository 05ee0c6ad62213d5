package dev.rubble.core.event;

import dev.rubble.core.body.BodyStore;

/**
 * One event as a line of JSON (docs/events.md, "JSON lines"): what {@code rubble run --events}
 * writes and what verify prints for a differing event. Fields by kind; non-finite numbers
 * (an infinite mass of a static body, the infinite load of a forced break) are written as null.
 * For tools, not the step: it allocates.
 */
public final class EventText {
    private EventText() {
    }

    /** Event {@code i} of {@code b}, of {@code kind}, in {@code step}, as one JSON object (no newline). */
    public static String json(long step, int kind, EventBuffer b, int i) {
        StringBuilder s = new StringBuilder(256);
        s.append("{\"step\":").append(step).append(",\"kind\":\"").append(EventKinds.label(kind)).append('"');
        long a = b.ids[EventBuffer.A][i], bb = b.ids[EventBuffer.B][i];
        if (a >= 0) {
            s.append(",\"a\":\"").append(BodyStore.handleString(a)).append('"');
        }
        if (bb >= 0) {
            s.append(kind == EventKinds.BREAK ? ",\"from\":\"" : ",\"b\":\"").append(BodyStore.handleString(bb)).append('"');
        }
        if (kind == EventKinds.CONSTRAINT_BREAK) {
            s.append(",\"constraint\":").append(b.ids[EventBuffer.SUB][i]);
            vec(s, "point", b, EventBuffer.PX, i);
            num(s, "force", b.d[EventBuffer.LOAD][i]);
            num(s, "torque", b.d[EventBuffer.IMPULSE][i]);
            num(s, "massA", b.d[EventBuffer.MASS_A][i]);
            num(s, "massB", b.d[EventBuffer.MASS_B][i]);
            vec(s, "velocityA", b, EventBuffer.VAX, i);
            vec(s, "velocityB", b, EventBuffer.VBX, i);
            return s.append('}').toString();
        }
        boolean contact = ((1 << kind) & EventKinds.CONTACT_KINDS) != 0;
        if (contact) {
            s.append(",\"sub\":").append(b.ids[EventBuffer.SUB][i]);
            // on a cluster union's body: the welded member touched (only then, so other lines are unchanged)
            for (int side = 0; side < 2; side++) {
                long m = b.ids[side == 0 ? EventBuffer.MEMBER_A : EventBuffer.MEMBER_B][i];
                if (m >= 0) {
                    s.append(side == 0 ? ",\"memberA\":\"" : ",\"memberB\":\"").append(BodyStore.handleString(m)).append('"');
                }
            }
        }
        if (((1 << kind) & EventKinds.COLLECTION_KINDS) != 0) {
            s.append(",\"collection\":").append(b.ints[EventBuffer.COLLECTION][i]);
            if (kind != EventKinds.CRUMBLE && kind != EventKinds.BROKEN) {
                s.append(",\"node\":").append(b.ints[EventBuffer.NODE][i]);
            }
        }
        if (kind == EventKinds.BREAK || kind == EventKinds.REMOVAL) {
            s.append(",\"cause\":").append(b.ints[EventBuffer.CAUSE][i]);
        }
        if (kind != EventKinds.BROKEN) {
            vec(s, "point", b, EventBuffer.PX, i);
        }
        if (contact) {
            vec(s, "normal", b, EventBuffer.NX, i);
            num(s, "speed", b.d[EventBuffer.SPEED][i]);
            num(s, "impulse", b.d[EventBuffer.IMPULSE][i]);
            num(s, "massA", b.d[EventBuffer.MASS_A][i]);
            num(s, "massB", b.d[EventBuffer.MASS_B][i]);
            vec(s, "velocityA", b, EventBuffer.VAX, i);
            vec(s, "velocityB", b, EventBuffer.VBX, i);
            num(s, "frictionA", b.d[EventBuffer.FRICTION_A][i]);
            num(s, "restitutionA", b.d[EventBuffer.RESTITUTION_A][i]);
            num(s, "frictionB", b.d[EventBuffer.FRICTION_B][i]);
            num(s, "restitutionB", b.d[EventBuffer.RESTITUTION_B][i]);
        } else {
            if (kind != EventKinds.BROKEN && kind != EventKinds.CRUMBLE && kind != EventKinds.REMOVAL) {
                s.append(",\"orientation\":[");
                for (int f = EventBuffer.QX; f <= EventBuffer.QW; f++) {
                    s.append(f > EventBuffer.QX ? "," : "");
                    n(s, b.d[f][i]);
                }
                s.append(']');
            }
            if (kind != EventKinds.BROKEN && kind != EventKinds.REMOVAL) {
                vec(s, "velocity", b, EventBuffer.VAX, i);
                num(s, "speed", b.d[EventBuffer.SPEED][i]);
            }
            if (kind != EventKinds.BROKEN && kind != EventKinds.CRUMBLE && kind != EventKinds.REMOVAL) {
                vec(s, "angularVelocity", b, EventBuffer.WAX, i);
            }
            num(s, "mass", b.d[EventBuffer.MASS_A][i]);
            if (EventSelect.carriesVolume(kind)) {
                num(s, "volume", b.d[EventBuffer.VOLUME][i]);
            }
            if (kind == EventKinds.BREAK) {
                num(s, "load", b.d[EventBuffer.LOAD][i]);
            }
            if (kind == EventKinds.BREAK || kind == EventKinds.TRAILING || kind == EventKinds.CRUMBLE) {
                vec(s, "boundsMin", b, EventBuffer.MIN_X, i);
                vec(s, "boundsMax", b, EventBuffer.MAX_X, i);
            }
            if (kind == EventKinds.CRUMBLE) {
                s.append(",\"children\":[");
                for (int k = 0, st = b.ints[EventBuffer.CHILD_START][i], n = b.ints[EventBuffer.CHILD_COUNT][i]; k < n; k++) {
                    s.append(k > 0 ? "," : "").append(b.children[st + k]);
                }
                s.append(']');
            }
        }
        return s.append('}').toString();
    }

    private static void vec(StringBuilder s, String name, EventBuffer b, int f, int i) {
        s.append(",\"").append(name).append("\":[");
        n(s, b.d[f][i]);
        s.append(',');
        n(s, b.d[f + 1][i]);
        s.append(',');
        n(s, b.d[f + 2][i]);
        s.append(']');
    }

    private static void num(StringBuilder s, String name, double v) {
        s.append(",\"").append(name).append("\":");
        n(s, v);
    }

    private static void n(StringBuilder s, double v) {
        if (Double.isFinite(v)) {
            s.append(v);
        } else {
            s.append("null");
        }
    }
}
