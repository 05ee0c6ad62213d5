package dev.rubble.core.event;

/**
 * The event kinds, as small stable integers (bit {@code 1 << kind} in subscription masks; the
 * journal stores the number, scenarios and the command line the label). Canonical delivery order
 * is this order, then body index, then sub-shape (docs/events.md, "Order").
 */
public final class EventKinds {
    /** Two shapes started touching (a manifold with a point at or inside contact, or pushed apart). */
    public static final int BEGIN = 0;
    /** Two shapes stopped touching (or one of them was removed). */
    public static final int END = 1;
    /** A touching contact whose approach speed reached the hit speed; once per impact. */
    public static final int HIT = 2;
    /** A piece left its holder (a break, a release with no bonds left, or a new internal cluster). */
    public static final int BREAK = 3;
    /** A partial cluster crumbled: one event per cluster, with the asset nodes it released. */
    public static final int CRUMBLE = 4;
    /** The last cluster of a collection came apart: no piece of it holds more than one leaf. */
    public static final int BROKEN = 5;
    /** A released piece moving faster than the trailing speed. */
    public static final int TRAILING = 6;
    /** A piece whose removal timer ran out (its body was retired). */
    public static final int REMOVAL = 7;
    /** A dynamic body fell asleep. */
    public static final int SLEEP = 8;
    /** A sleeping body woke up. */
    public static final int WAKE = 9;
    /** An awake body whose pose changed this step (Box2D's body move events). */
    public static final int MOVED = 10;
    /**
     * A constraint (joint) broke: its force or torque went over its threshold (issue 29). Added after
     * the first eleven kinds: snapshots of format 8 and older carry 11 kinds (docs/snapshot-format.md).
     */
    public static final int CONSTRAINT_BREAK = 11;
    /** Number of kinds. */
    public static final int COUNT = 12;
    /** Every kind's bit. */
    public static final int ALL = (1 << COUNT) - 1;
    /** Kinds that name collections (per-collection switches apply to these). */
    public static final int COLLECTION_KINDS = 1 << BREAK | 1 << CRUMBLE | 1 << BROKEN | 1 << TRAILING | 1 << REMOVAL;
    /** Kinds that come from contacts. */
    public static final int CONTACT_KINDS = 1 << BEGIN | 1 << END | 1 << HIT;

    private static final String[] LABELS = {"begin", "end", "hit", "break", "crumble", "broken", "trailing",
            "removal", "sleep", "wake", "moved", "constraint-break"};

    private EventKinds() {
    }

    /** The stable label of {@code kind} (scenarios, the command line, the journal's text forms). */
    public static String label(int kind) {
        return LABELS[kind];
    }

    /**
     * The kind labelled {@code label}.
     *
     * @throws IllegalArgumentException naming the label and the allowed ones
     */
    public static int byLabel(String label, String field) {
        for (int k = 0; k < COUNT; k++) {
            if (LABELS[k].equals(label)) {
                return k;
            }
        }
        throw new IllegalArgumentException(field + " = \"" + label + "\"; allowed: " + String.join(", ", LABELS));
    }

    /** Checks a kind number. */
    public static int check(int kind) {
        if (kind < 0 || kind >= COUNT) {
            throw new IllegalArgumentException("event kind = " + kind + "; allowed: 0.." + (COUNT - 1));
        }
        return kind;
    }

    /** Checks a subscription mask. */
    public static int checkMask(int kinds) {
        if ((kinds & ~ALL) != 0) {
            throw new IllegalArgumentException("event kinds mask = 0x" + Integer.toHexString(kinds)
                    + "; allowed: bits 0.." + (COUNT - 1));
        }
        return kinds;
    }
}
