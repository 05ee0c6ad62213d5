package dev.rubble.cache.verify;

import dev.rubble.cache.journal.StepRecord;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.event.EventBuffer;
import dev.rubble.core.event.EventKinds;
import dev.rubble.core.event.EventState;

/**
 * Compares a step's recorded events (the journal's events document; docs/events.md) with the
 * re-simulated ones: per kind in kind order, the count, then each event's ids, numbers and
 * children bit for bit, naming the first differing event and field
 * ({@code event hit 0 (bodies 3:0, 0:0) field speed recorded ..., re-simulated ...}).
 */
final class StepEventCompare {
    private static final String[] IDS = {"bodyA", "bodyB", "subShape", "memberA", "memberB"};
    private static final String[] INTS = {"collection", "node", "cause"};
    private static final String[] DOUBLES = {"point.x", "point.y", "point.z", "normal.x", "normal.y", "normal.z",
            "orientation.x", "orientation.y", "orientation.z", "orientation.w", "speed", "impulse", "massA", "massB",
            "volume", "load", "velocityA.x", "velocityA.y", "velocityA.z", "angularVelocityA.x", "angularVelocityA.y",
            "angularVelocityA.z", "velocityB.x", "velocityB.y", "velocityB.z", "angularVelocityB.x",
            "angularVelocityB.y", "angularVelocityB.z", "frictionA", "restitutionA", "frictionB", "restitutionB",
            "boundsMin.x", "boundsMin.y", "boundsMin.z", "boundsMax.x", "boundsMax.y", "boundsMax.z"};

    private StepEventCompare() {
    }

    static Divergence firstDifference(StepRecord r, EventState live, long hash) {
        boolean liveHasStep = live.step() == r.step;
        for (int k = 0; k < EventKinds.COUNT; k++) {
            EventBuffer rec = r.stepEvents.buffer(k);
            int n = liveHasStep ? live.buffer(k).count() : 0;
            int m = Math.min(n, rec.count());
            for (int i = 0; i < m; i++) {
                Divergence d = one(r, k, rec, live.buffer(k), i, hash);
                if (d != null) {
                    return d;
                }
            }
            if (n != rec.count()) {
                EventBuffer which = rec.count() > n ? rec : live.buffer(k);
                return new Divergence(r.step, -1, "", "", "count", String.valueOf(rec.count()), String.valueOf(n),
                        r.stateHash, hash, "event " + EventKinds.label(k) + " " + m + " (" + who(which, m) + ")");
            }
        }
        return null;
    }

    private static Divergence one(StepRecord r, int kind, EventBuffer a, EventBuffer b, int i, long hash) {
        String subject = "event " + EventKinds.label(kind) + " " + i + " (" + who(a, i) + ")";
        for (int f = 0; f < EventBuffer.LONGS; f++) {
            if (a.ids[f][i] != b.ids[f][i]) {
                String x = f == EventBuffer.SUB ? "" + a.ids[f][i] : handle(a.ids[f][i]);
                String y = f == EventBuffer.SUB ? "" + b.ids[f][i] : handle(b.ids[f][i]);
                return new Divergence(r.step, -1, "", "", IDS[f], x, y, r.stateHash, hash, subject);
            }
        }
        for (int f = 0; f < INTS.length; f++) {
            if (a.ints[f][i] != b.ints[f][i]) {
                return new Divergence(r.step, -1, "", "", INTS[f], "" + a.ints[f][i], "" + b.ints[f][i], r.stateHash,
                        hash, subject);
            }
        }
        int ca = a.ints[EventBuffer.CHILD_COUNT][i], cb = b.ints[EventBuffer.CHILD_COUNT][i];
        if (ca != cb) {
            return new Divergence(r.step, -1, "", "", "children", "" + ca, "" + cb, r.stateHash, hash, subject);
        }
        for (int c = 0; c < ca; c++) {
            int x = a.children[a.ints[EventBuffer.CHILD_START][i] + c], y = b.children[b.ints[EventBuffer.CHILD_START][i] + c];
            if (x != y) {
                return new Divergence(r.step, -1, "", "", "child " + c, "" + x, "" + y, r.stateHash, hash, subject);
            }
        }
        for (int f = 0; f < EventBuffer.DOUBLES; f++) {
            if (Double.doubleToRawLongBits(a.d[f][i]) != Double.doubleToRawLongBits(b.d[f][i])) {
                return new Divergence(r.step, -1, "", "", DOUBLES[f], Verifier.exact(a.d[f][i]), Verifier.exact(b.d[f][i]),
                        r.stateHash, hash, subject);
            }
        }
        return null;
    }

    private static String who(EventBuffer b, int i) {
        if (i >= b.count()) {
            return "none";
        }
        long x = b.ids[EventBuffer.A][i], y = b.ids[EventBuffer.B][i];
        if (x < 0) {
            return "collection " + b.ints[EventBuffer.COLLECTION][i];
        }
        return y < 0 ? "body " + handle(x) : "bodies " + handle(x) + ", " + handle(y);
    }

    private static String handle(long h) {
        return h < 0 ? "none" : BodyStore.handleString(h);
    }
}
