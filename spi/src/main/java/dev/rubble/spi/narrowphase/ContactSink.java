package dev.rubble.spi.narrowphase;

/**
 * Receives the contacts a narrowphase finds for one pair of shapes: zero or more manifolds, each
 * started by {@link #beginManifold} and followed by 1 to 4 {@link #addPoint} calls. All values are
 * world frame, metres. Implementations are owned by the caller (the kernel reuses one instance), so
 * a narrowphase must not keep a reference after the call returns.
 */
public interface ContactSink {

    /**
     * Starts a manifold.
     *
     * @param nx     unit contact normal pointing from shape A to shape B
     * @param subKey identifies the sub-shape pair within the two shapes (compound child index,
     *               mesh triangle index), stable across steps; 0 for two simple shapes
     * @param ny the unit normal's y
     * @param nz the unit normal's z
     */
    void beginManifold(double nx, double ny, double nz, long subKey);

    /**
     * Adds a point to the current manifold.
     *
     * @param ax         witness point on A's surface; B's witness is {@code a + separation * n}
     * @param separation signed distance along the normal, metres: negative when penetrating, positive
     *                   up to the speculative margin when apart
     * @param featureId  identifies the pair of features (faces, edges, vertices, clip planes) that
     *                   produced the point, stable while the configuration persists; used to carry
     *                   accumulated impulses from step to step
     * @param ay the witness point's y, metres, world frame
     * @param az the witness point's z, metres, world frame
     */
    void addPoint(double ax, double ay, double az, double separation, long featureId);
}
