package dev.rubble.api;

import dev.rubble.core.collision.SceneQuery;
import org.joml.Vector3d;

/**
 * The result of a ray cast, shape cast or closest-point query: a mutable object you create once and
 * pass to every query (queries write into it and allocate nothing). After a miss {@link #hit()} is
 * false and the other values are meaningless.
 */
public final class QueryHit {
    private BodyId body;
    private double distance, fraction;
    private double x, y, z, nx, ny, nz;

    /**
     * Whether the last query that wrote this found something.
     * @return true after a hit
     */
    public boolean hit() {
        return body != null;
    }

    /**
     * The body found, or null after a miss.
     * @return the body, or null
     */
    public BodyId body() {
        return body;
    }

    /**
     * Ray cast: distance from the origin along the (unit) direction, metres. Shape cast: distance
     * travelled before first touch, metres. Closest point: distance from the query point (0 inside).
     * @return the distance, metres, ≥ 0
     */
    public double distance() {
        return distance;
    }

    /**
     * Ray and shape casts: {@link #distance()} as a fraction of the maximum distance or translation, in [0,
     * 1].
     * @return the fraction in [0, 1]
     */
    public double fraction() {
        return fraction;
    }

    /**
     * The point found (ray: where it enters; shape cast: first contact on the target; closest point: on the
     * surface).
     * @param dest receives the point, metres, world frame
     * @return dest
     */
    public Vector3d point(Vector3d dest) {
        return dest.set(x, y, z);
    }

    /**
     * Unit surface normal of the body hit at {@link #point} (closest point: the direction from the
     * surface point to the query point, zero when inside).
     * @param dest receives the normal
     * @return dest
     */
    public Vector3d normal(Vector3d dest) {
        return dest.set(nx, ny, nz);
    }

    void miss() {
        body = null;
    }

    void set(BodyId id, double dist, double frac, SceneQuery.Hit h) {
        body = id;
        distance = dist;
        fraction = frac;
        x = h.x;
        y = h.y;
        z = h.z;
        nx = h.nx;
        ny = h.ny;
        nz = h.nz;
    }

    @Override
    public String toString() {
        return body == null ? "QueryHit[miss]"
                : "QueryHit[" + body + ", distance " + distance + ", point (" + x + ", " + y + ", " + z
                + "), normal (" + nx + ", " + ny + ", " + nz + ")]";
    }
}
