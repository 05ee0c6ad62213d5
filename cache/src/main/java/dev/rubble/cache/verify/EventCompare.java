package dev.rubble.cache.verify;

import dev.rubble.cache.journal.StepRecord;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.destruction.BreakEvents;

/**
 * Compares a step's recorded destruction events (format version 4) with the re-simulated ones, in
 * order and bit for bit: count, then per event kind, collection, node, piece body, the body it came
 * from, pose, velocities, mass and load. Events come before bodies in verify's report: a break
 * that did not happen (or happened elsewhere) explains the bodies that then differ.
 */
final class EventCompare {
    private static final String[] KINDS = {"break", "release", "cluster", "crumble", "removed", "killed"};

    private EventCompare() {
    }

    static Divergence firstDifference(StepRecord r, BreakEvents ev, long hash) {
        int n = ev.count();
        if (n != r.eventCount) {
            int i = Math.min(n, r.eventCount);
            String subject = "destruction events";
            if (i < r.eventCount) {
                subject = "event " + i + " (" + name(r.eventKind[i], r.eventCollection[i], r.eventNode[i]) + ")";
            } else if (i < n) {
                subject = "event " + i + " (" + name(ev.kind[i], ev.collection[i], ev.node[i]) + ")";
            }
            // first report a field of the events both have, if one differs
            for (int k = 0; k < i; k++) {
                Divergence d = one(r, ev, k, hash);
                if (d != null) {
                    return d;
                }
            }
            return new Divergence(r.step, -1, "", "", "count", String.valueOf(r.eventCount), String.valueOf(n),
                    r.stateHash, hash, subject);
        }
        for (int k = 0; k < n; k++) {
            Divergence d = one(r, ev, k, hash);
            if (d != null) {
                return d;
            }
        }
        return null;
    }

    private static Divergence one(StepRecord r, BreakEvents ev, int i, long hash) {
        String subject = "event " + i + " (" + name(r.eventKind[i], r.eventCollection[i], r.eventNode[i]) + ")";
        if (r.eventKind[i] != ev.kind[i]) {
            return d(r, subject, "kind", KINDS[r.eventKind[i]], KINDS[ev.kind[i]], hash);
        }
        if (r.eventCollection[i] != ev.collection[i]) {
            return d(r, subject, "collection", "" + r.eventCollection[i], "" + ev.collection[i], hash);
        }
        if (r.eventNode[i] != ev.node[i]) {
            return d(r, subject, "node", "" + r.eventNode[i], "" + ev.node[i], hash);
        }
        if (r.eventBody[i] != ev.body[i]) {
            return d(r, subject, "body", BodyStore.handleString(r.eventBody[i]), BodyStore.handleString(ev.body[i]), hash);
        }
        if (r.eventFrom[i] != ev.from[i]) {
            return d(r, subject, "from", BodyStore.handleString(r.eventFrom[i]), BodyStore.handleString(ev.from[i]), hash);
        }
        int o = i * StepRecord.FIELDS;
        for (int f = 0; f < StepRecord.FIELDS; f++) {
            double a = r.eventMotion[o + f], b = ev.motion[13 * i + f];
            if (Double.doubleToRawLongBits(a) != Double.doubleToRawLongBits(b)) {
                return d(r, subject, StepRecord.FIELD_NAMES[f], Verifier.exact(a), Verifier.exact(b), hash);
            }
        }
        if (Double.doubleToRawLongBits(r.eventMass[i]) != Double.doubleToRawLongBits(ev.mass[i])) {
            return d(r, subject, "mass", Verifier.exact(r.eventMass[i]), Verifier.exact(ev.mass[i]), hash);
        }
        if (Double.doubleToRawLongBits(r.eventLoad[i]) != Double.doubleToRawLongBits(ev.load[i])) {
            return d(r, subject, "load", Verifier.exact(r.eventLoad[i]), Verifier.exact(ev.load[i]), hash);
        }
        return null;
    }

    private static String name(byte kind, int collection, int node) {
        return KINDS[kind] + ", collection " + collection + (node >= 0 ? ", node " + node : ", internal cluster");
    }

    private static Divergence d(StepRecord r, String subject, String field, String a, String b, long hash) {
        return new Divergence(r.step, -1, "", "", field, a, b, r.stateHash, hash, subject);
    }
}
