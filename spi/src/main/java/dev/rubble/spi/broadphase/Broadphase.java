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
 * The world hands every broadphase its step executor once ({@link #setBlockRunner}); an
 * implementation may split its own work into blocks on it (docs/parallel.md), but still reports
 * every pair on the calling thread, and the pairs it reports may not depend on the thread count.
 * The default ignores the executor, so an implementation that knows nothing of it runs serially.
 */
public interface Broadphase {

    /**
     * Adds a proxy. Fails with {@link IllegalArgumentException} if {@code id} is present or negative.
     * @param id the caller's proxy id (a body slot), ≥ 0 and not present yet
     * @param minX the box's minimum x, metres, world frame
     * @param minY the box's minimum y, metres
     * @param minZ the box's minimum z, metres
     * @param maxX the box's maximum x, metres (≥ minX)
     * @param maxY the box's maximum y, metres (≥ minY)
     * @param maxZ the box's maximum z, metres (≥ minZ)
     * @param fixed true for a static or sleeping body: two fixed proxies are never reported as a pair
     */
    void add(int id, double minX, double minY, double minZ,
             double maxX, double maxY, double maxZ, boolean fixed);

    /**
     * Replaces the box of an existing proxy (a body moved or was teleported).
     * @param id a proxy present in this broadphase
     * @param minX the new minimum x, metres, world frame
     * @param minY the new minimum y, metres
     * @param minZ the new minimum z, metres
     * @param maxX the new maximum x, metres
     * @param maxY the new maximum y, metres
     * @param maxZ the new maximum z, metres
     */
    void update(int id, double minX, double minY, double minZ,
                double maxX, double maxY, double maxZ);

    /**
     * Marks a proxy fixed (static or asleep) or moving (awake).
     * @param id a proxy present in this broadphase
     * @param fixed true when the body is static or asleep, false when it moves
     */
    void setFixed(int id, boolean fixed);

    /**
     * Removes a proxy. Fails with {@link IllegalArgumentException} if absent.
     * @param id a proxy present in this broadphase
     */
    void remove(int id);

    /**
     * Whether {@code id} is present.
     * @param id any proxy id
     * @return true when a proxy with that id was added and not removed since
     */
    boolean contains(int id);

    /**
     * Number of proxies present.
     * @return the number of proxies, ≥ 0
     */
    int size();

    /**
     * Receives the world's step executor (issue 26), once, before the first step; called again
     * only with another executor. An implementation may run the work of {@link #findPairs} in
     * blocks on it; whatever it keeps between steps, and the pairs it reports, must be the same for
     * every thread count. The default keeps running serially.
     * @param runner the executor of the world's parallel stages (one thread or several)
     */
    default void setBlockRunner(dev.rubble.spi.parallel.BlockRunner runner) {
    }

    /**
     * Reports every overlapping pair (see the class contract) to {@code out}. The callback must
     * not modify this broadphase.
     * @param out receives each pair once, on the calling thread
     */
    void findPairs(PairCollector out);

    /**
     * Reports every proxy whose box overlaps the query box (closed), fixed or not, once each.
     * Used by scene queries.
     * @param minX the query box's minimum x, metres, world frame
     * @param minY the query box's minimum y, metres
     * @param minZ the query box's minimum z, metres
     * @param maxX the query box's maximum x, metres
     * @param maxY the query box's maximum y, metres
     * @param maxZ the query box's maximum z, metres
     * @param out receives each overlapping proxy id once
     */
    void query(double minX, double minY, double minZ,
               double maxX, double maxY, double maxZ, ProxyCollector out);

    /** Receives overlapping pairs. */
    @FunctionalInterface
    interface PairCollector {
        /**
         * One overlapping pair; {@code a != b}, order unspecified.
         * @param a one proxy id of the pair
         * @param b the other proxy id
         */
        void pair(int a, int b);
    }

    /** Receives proxies found by a query. */
    @FunctionalInterface
    interface ProxyCollector {
        /**
         * One proxy whose box overlaps the query box.
         * @param id the overlapping proxy's id
         */
        void proxy(int id);
    }
}
