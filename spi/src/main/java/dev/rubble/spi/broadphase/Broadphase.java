package dev.rubble.spi.broadphase;

/**
 * Finds the pairs of proxies whose axis-aligned bounding boxes overlap.
 *
 * <p>A proxy is an integer id (the kernel uses body slots, {@code 0 <= id < 2^31-1}) with a box in
 * world coordinates (metres, {@code min <= max} on every axis, finite). Boxes are closed: two
 * boxes that only touch overlap. A proxy is <em>fixed</em> when it does not move relative to
 * other fixed proxies (static bodies, sleeping bodies); a pair of two fixed proxies is never
 * reported, so a broadphase can skip them entirely.
 *
 * <p>Contract shared by every implementation (tested by the contract suite against the
 * brute-force reference): after any sequence of {@link #add}, {@link #update}, {@link #setFixed}
 * and {@link #remove}, {@link #findPairs} reports exactly the set of unordered pairs {a, b},
 * a != b, not both fixed, whose current boxes overlap — each pair once, in any order. The kernel
 * sorts the pairs, so the order never reaches results.
 *
 * <p>Threading: one world owns one instance and calls it from one thread at a time.
 * Implementations must not allocate in {@link #update} or {@link #findPairs} in steady state.
 */
public interface Broadphase {

    /** Adds a proxy. Fails with {@link IllegalArgumentException} if {@code id} is present or negative. */
    void add(int id, double minX, double minY, double minZ,
             double maxX, double maxY, double maxZ, boolean fixed);

    /** Replaces the box of an existing proxy (a body moved or was teleported). */
    void update(int id, double minX, double minY, double minZ,
                double maxX, double maxY, double maxZ);

    /** Marks a proxy fixed (static or asleep) or moving (awake). */
    void setFixed(int id, boolean fixed);

    /** Removes a proxy. Fails with {@link IllegalArgumentException} if absent. */
    void remove(int id);

    /** Whether {@code id} is present. */
    boolean contains(int id);

    /** Number of proxies present. */
    int size();

    /**
     * Reports every overlapping pair (see the class contract) to {@code out}. The callback must
     * not modify this broadphase.
     */
    void findPairs(PairCollector out);

    /**
     * Reports every proxy whose box overlaps the query box (closed), fixed or not, once each.
     * Used by scene queries.
     */
    void query(double minX, double minY, double minZ,
               double maxX, double maxY, double maxZ, ProxyCollector out);

    /** Receives overlapping pairs. */
    @FunctionalInterface
    interface PairCollector {
        /** One overlapping pair; {@code a != b}, order unspecified. */
        void pair(int a, int b);
    }

    /** Receives proxies found by a query. */
    @FunctionalInterface
    interface ProxyCollector {
        /** One proxy whose box overlaps the query box. */
        void proxy(int id);
    }
}
