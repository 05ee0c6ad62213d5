package dev.rubble.core.event;



/**
 * The filters, the sort and the cap of an {@link EventRequest}, applied to one kind's buffer after
 * it was gathered in canonical order. Filters drop exactly the events strictly under a threshold;
 * the sort is stable (ties keep canonical order), so a cap of N with a sort keeps exactly the first
 * N of the filtered list in that order. Reused scratch: allocation-free once grown. Not thread-safe.
 */
public final class EventSelect {
    private double[] keys = new double[16];
    private int[] perm = new int[16], tmp = new int[16];

    /** Whether event {@code i} of {@code b}, of kind {@code kind}, passes the filters of {@code r}. */
    public static boolean passes(EventRequest r, int kind, EventBuffer b, int i) {
        double[][] d = b.d;
        boolean contact = ((1 << kind) & (EventKinds.CONTACT_KINDS | 1 << EventKinds.CONSTRAINT_BREAK)) != 0;
        double minMass = r.minMass();
        if (minMass > 0) {
            if (contact ? d[EventBuffer.MASS_A][i] < minMass && d[EventBuffer.MASS_B][i] < minMass
                    : d[EventBuffer.MASS_A][i] < minMass) {
                return false;
            }
        }
        if (d[EventBuffer.SPEED][i] < r.minSpeed()) {
            return false;
        }
        if (r.minImpulse() > 0 && carriesImpulse(kind) && impulse(kind, b, i) < r.minImpulse()) {
            return false;
        }
        if (r.minVolume() > 0 && carriesVolume(kind) && d[EventBuffer.VOLUME][i] < r.minVolume()) {
            return false;
        }
        if (r.maxDistance() != Double.POSITIVE_INFINITY && distance(r, b, i) > r.maxDistance()) {
            return false;
        }
        return true;
    }

    /**
     * Kinds whose impulse filter applies: hits, begins (the contact's impulse), breaks (the load) and
     * constraint breaks (the force, N).
     */
    public static boolean carriesImpulse(int kind) {
        return kind == EventKinds.HIT || kind == EventKinds.BEGIN || kind == EventKinds.BREAK
                || kind == EventKinds.CONSTRAINT_BREAK;
    }

    /** Kinds whose volume filter applies: pieces. */
    public static boolean carriesVolume(int kind) {
        return kind == EventKinds.BREAK || kind == EventKinds.CRUMBLE || kind == EventKinds.TRAILING
                || kind == EventKinds.REMOVAL;
    }

    /**
     * The {@code MASS} sort key of event {@code i} of {@code kind}: contact kinds the heavier body that can move
     * (a static or kinematic body, of infinite mass, does not rank; two such bodies rank 0), other kinds their
     * body's mass. Shared with the API's {@code EventThrottle}, so both orders agree.
     */
    public static double massKey(int kind, EventBuffer b, int i) {
        double a = b.d[EventBuffer.MASS_A][i];
        if (((1 << kind) & EventKinds.CONTACT_KINDS) != 0) {
            double m = b.d[EventBuffer.MASS_B][i];
            a = a == Double.POSITIVE_INFINITY ? (m == Double.POSITIVE_INFINITY ? 0 : m)
                    : m == Double.POSITIVE_INFINITY ? a : Math.max(a, m);
        }
        return a;
    }

    /** The {@code IMPULSE} sort key of event {@code i} of {@code kind}: breaks their load, others their impulse. */
    public static double impulse(int kind, EventBuffer b, int i) {
        return kind == EventKinds.BREAK || kind == EventKinds.CONSTRAINT_BREAK ? b.d[EventBuffer.LOAD][i]
                : b.d[EventBuffer.IMPULSE][i];
    }

    static double distance(EventRequest r, EventBuffer b, int i) {
        double dx = b.d[EventBuffer.PX][i] - r.cx(), dy = b.d[EventBuffer.PY][i] - r.cy(), dz = b.d[EventBuffer.PZ][i] - r.cz();
        return Math.sqrt(dx * dx + dy * dy + dz * dz);
    }

    /** The sort key of event {@code i}: larger first. */
    static double key(EventRequest r, int kind, EventBuffer b, int i) {
        switch (r.sort()) {
            case EventRequest.SORT_MASS:
                return massKey(kind, b, i);
            case EventRequest.SORT_SPEED:
                return b.d[EventBuffer.SPEED][i];
            case EventRequest.SORT_IMPULSE:
                return impulse(kind, b, i);
            case EventRequest.SORT_NEAREST:
                return -distance(r, b, i);
            default:
                return 0;
        }
    }

    /**
     * Sorts and caps {@code src} (already filtered, in canonical order) into {@code dest} per
     * {@code r}; returns the buffer that holds the result ({@code src} itself when nothing moves).
     */
    public EventBuffer sortAndCap(EventRequest r, int kind, EventBuffer src, EventBuffer dest) {
        int n = src.count();
        int keep = Math.min(n, r.maxResults());
        if (r.sort() == EventRequest.SORT_NONE || n <= 1) {
            while (src.count() > keep) {
                src.dropLast();
            }
            return src;
        }
        if (perm.length < n) {
            int cap = Math.max(n, 2 * perm.length);
            perm = new int[cap];
            tmp = new int[cap];
            keys = new double[cap];
        }
        for (int i = 0; i < n; i++) {
            perm[i] = i;
            keys[i] = key(r, kind, src, i);
        }
        mergeSort(0, n);
        dest.clear();
        for (int i = 0; i < keep; i++) {
            dest.copyFrom(src, perm[i]);
        }
        return dest;
    }

    /**
     * Re-orders {@code src} into canonical order (body index of A, then of B, then sub-shape,
     * ascending; ties keep gathering order) into {@code dest}; returns the buffer holding the result.
     */
    public EventBuffer canonical(EventBuffer src, EventBuffer dest) {
        int n = src.count();
        if (n <= 1) {
            return src;
        }
        boolean sorted = true;
        for (int i = 1; i < n && sorted; i++) {
            sorted = compareCanonical(src, i - 1, i) <= 0;
        }
        if (sorted) {
            return src;
        }
        if (perm.length < n) {
            int cap = Math.max(n, 2 * perm.length);
            perm = new int[cap];
            tmp = new int[cap];
            keys = new double[cap];
        }
        // insertion into runs is fine for the small destruction lists; merge for long ones
        for (int i = 0; i < n; i++) {
            perm[i] = i;
        }
        canonicalSource = src;
        mergeSort(0, n);
        canonicalSource = null;
        dest.clear();
        for (int i = 0; i < n; i++) {
            dest.copyFrom(src, perm[i]);
        }
        return dest;
    }

    private EventBuffer canonicalSource;

    private static int compareCanonical(EventBuffer b, int x, int y) {
        int c = Integer.compare((int) b.ids[EventBuffer.A][x], (int) b.ids[EventBuffer.A][y]);
        if (c == 0) {
            c = Integer.compare((int) b.ids[EventBuffer.B][x], (int) b.ids[EventBuffer.B][y]);
        }
        if (c == 0) {
            c = Long.compare(b.ids[EventBuffer.SUB][x], b.ids[EventBuffer.SUB][y]);
        }
        return c;
    }

    /** Stable merge sort of perm[lo, hi) by keys, larger first (NaN keys last). */
    private void mergeSort(int lo, int hi) {
        if (hi - lo < 2) {
            return;
        }
        if (hi - lo <= 12) {
            for (int i = lo + 1; i < hi; i++) {
                int v = perm[i];
                int j = i - 1;
                while (j >= lo && before(v, perm[j])) {
                    perm[j + 1] = perm[j];
                    j--;
                }
                perm[j + 1] = v;
            }
            return;
        }
        int mid = (lo + hi) >>> 1;
        mergeSort(lo, mid);
        mergeSort(mid, hi);
        System.arraycopy(perm, lo, tmp, lo, hi - lo);
        int i = lo, j = mid, k = lo;
        while (i < mid && j < hi) {
            perm[k++] = before(tmp[j], tmp[i]) ? tmp[j++] : tmp[i++];
        }
        while (i < mid) {
            perm[k++] = tmp[i++];
        }
        while (j < hi) {
            perm[k++] = tmp[j++];
        }
    }

    /** Whether event x strictly precedes event y (larger key first; equal keys keep their order). */
    private boolean before(int x, int y) {
        if (canonicalSource != null) {
            return compareCanonical(canonicalSource, x, y) < 0;
        }
        double a = keys[x], b = keys[y];
        if (Double.isNaN(b)) {
            return !Double.isNaN(a);
        }
        return a > b;
    }

}
