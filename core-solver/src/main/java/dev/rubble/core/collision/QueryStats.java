package dev.rubble.core.collision;

/**
 * Time and count of scene queries made between steps: reported in the next step's profile,
 * separately from the step's own slots (SPEC §2: "their cost is reported separately").
 */
public final class QueryStats {
    private long nanos;
    private int count;

    /** Adds one call's wall time (nanoseconds) covering {@code queries} queries. */
    public void add(long nanos, int queries) {
        this.nanos += nanos;
        this.count += queries;
    }

    /** Query time since the last call, nanoseconds. */
    public long takeNanos() {
        long n = nanos;
        nanos = 0;
        return n;
    }

    /** Query count since the last call. */
    public int takeCount() {
        int n = count;
        count = 0;
        return n;
    }
}
