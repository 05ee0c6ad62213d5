package dev.rubble.spi.narrowphase;

/**
 * A body pair's manifolds of its last collision, as the kernel's body-pair cache holds them (issue 27
 * item 3): each manifold's sub-key (see {@link ContactSink#beginManifold}) and its normal, A to B in A's
 * shape frame. The kernel hands it to {@link Narrowphase#collide(Shape, Pose, Shape, Pose, double,
 * ContactSink, double[], int, LastManifolds)} so that a narrowphase that expands compounds can warm-start
 * each child pair that touched last time from that pair's own normal ({@link PairCollider#WARM_START}).
 * The cache is part of a snapshot, so a restored world warm-starts as the original did.
 *
 * <p>A view, not a copy: {@link #set} points it at arrays the caller owns, valid for one call; one
 * instance per thread, reused from pair to pair (no allocation per call).
 */
public final class LastManifolds {
    private long[] keys = new long[0];
    private double[] normals = new double[0];
    private int from;
    private int count;

    /**
     * Points this view at manifolds {@code from .. from + count)}: sub-key {@code keys[m]}, normal
     * {@code normals[3m .. 3m + 3)}.
     *
     * @param keys the manifolds' sub-keys
     * @param normals the manifolds' normals, three doubles each, A to B in A's shape frame
     * @param from the pair's first manifold
     * @param count how many manifolds the pair had (0: none)
     */
    public void set(long[] keys, double[] normals, int from, int count) {
        this.keys = keys;
        this.normals = normals;
        this.from = from;
        this.count = count;
    }

    /** No manifolds: the pair did not touch last time, or it is new. */
    public void clear() {
        count = 0;
    }

    /**
     * How many manifolds the pair had.
     *
     * @return the count, 0 when none
     */
    public int count() {
        return count;
    }

    /**
     * The manifold with sub-key {@code subKey}, or -1 when the pair had none with it.
     *
     * @param subKey a sub-key as the narrowphase reports it
     * @return an index for {@link #nx}, {@link #ny}, {@link #nz}, or -1
     */
    public int find(long subKey) {
        final long[] k = keys;
        for (int m = from, end = from + count; m < end; m++) {
            if (k[m] == subKey) {
                return m;
            }
        }
        return -1;
    }

    /**
     * The normal's x of a manifold, A's shape frame.
     *
     * @param m the manifold, from {@link #find}
     * @return the component
     */
    public double nx(int m) {
        return normals[3 * m];
    }

    /**
     * The normal's y of a manifold, A's shape frame.
     *
     * @param m the manifold, from {@link #find}
     * @return the component
     */
    public double ny(int m) {
        return normals[3 * m + 1];
    }

    /**
     * The normal's z of a manifold, A's shape frame.
     *
     * @param m the manifold, from {@link #find}
     * @return the component
     */
    public double nz(int m) {
        return normals[3 * m + 2];
    }
}
