package dev.rubble.core.collision;

import dev.rubble.core.body.BodyStore;
import dev.rubble.spi.broadphase.Broadphase;
import dev.rubble.spi.narrowphase.Narrowphase;
import dev.rubble.spi.narrowphase.ContactSink;
import dev.rubble.spi.narrowphase.Pose;
import dev.rubble.geometry.gjk.Gjk;
import dev.rubble.geometry.gjk.PosedShape;
import dev.rubble.geometry.gjk.SupportShape;
import dev.rubble.geometry.gjk.Triangle;
import dev.rubble.spi.shape.AabbTree;
import dev.rubble.spi.shape.Compound;
import dev.rubble.spi.shape.Plane;
import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.shape.ShapeType;
import dev.rubble.spi.shape.TriangleMesh;
import java.util.Arrays;
import java.util.Objects;

/**
 * Scene queries against a world: ray cast, shape cast (linear sweep), overlap and closest point,
 * one at a time or batched. Candidates come from the world's broadphase ({@link Broadphase#query}
 * with the query's bounding box), are sorted by slot (so the broadphase's order never reaches
 * results) and tested exactly against each body's shape. A body is seen when
 * {@code (collisionLayer[body] & mask) != 0}; disabled bodies are not in the broadphase and are never
 * seen. Ties (equal fractions or distances) go to the lower slot.
 *
 * <p>Every call's wall time is added to the world's query time, which the next step reports in
 * {@link dev.rubble.core.step.StepProfile#queryNanos()} separately from the step's stages.
 *
 * <p>Single threaded like the world; reuses its scratch, so results must be copied before the next
 * query. Convex, plane and compound targets are allocation-free; mesh and compound ray casts
 * allocate one small visitor (see {@link Shape#rayCast}).
 */
public final class SceneQuery implements Broadphase.ProxyCollector {
    /** Distance, metres, at which a sweep counts as touching (conservative advancement stops). */
    public static final double CAST_TOLERANCE = 1e-7;

    private final BodyStore bodies;
    private final Broadphase broadphase;
    private final Narrowphase narrowphase;
    private final QueryStats stats;
    private int[] candidates = new int[64];
    private int candidateCount;
    private final Pose pose = new Pose(), childPose = new Pose(), castPose = new Pose();
    private final PosedShape target = new PosedShape(), caster = new PosedShape();
    private final Triangle triangle = new Triangle();
    private final BallShape point = new BallShape();
    private final Gjk gjk = new Gjk();
    private final double[] tmp = new double[6], n = new double[3], box = new double[6];
    private final OverlapSink overlapSink = new OverlapSink();

    /** The result of a ray cast, shape cast or closest-point query (mutable, reused). */
    public static final class Hit {
        /** Handle of the body hit, or -1. */
        public long body = -1;
        /** Ray/sweep fraction in [0, maxFraction], or distance for closest point (metres). */
        public double fraction;
        /** World point of the hit (for a sweep: on the target where the moved shape first touches). */
        public double x, y, z;
        /** Unit surface normal of the body at the hit, world frame. */
        public double nx, ny, nz;

        void clear() {
            body = -1;
        }
    }

    /**
     * Queries against {@code bodies} through {@code broadphase}; overlap tests use
     * {@code narrowphase}; every call's time goes to {@code stats}.
     */
    public SceneQuery(BodyStore bodies, Broadphase broadphase, Narrowphase narrowphase, QueryStats stats) {
        this.bodies = Objects.requireNonNull(bodies, "bodies is null");
        this.broadphase = Objects.requireNonNull(broadphase, "broadphase is null");
        this.narrowphase = Objects.requireNonNull(narrowphase, "narrowphase is null");
        this.stats = Objects.requireNonNull(stats, "stats is null");
    }

    @Override
    public void proxy(int id) {
        if (candidateCount == candidates.length) {
            candidates = Arrays.copyOf(candidates, 2 * candidateCount);
        }
        candidates[candidateCount++] = id;
    }

    private void gather(double minX, double minY, double minZ, double maxX, double maxY, double maxZ, int mask) {
        candidateCount = 0;
        broadphase.query(minX, minY, minZ, maxX, maxY, maxZ, this);
        Arrays.sort(candidates, 0, candidateCount);
        BodyStore b = bodies;
        int k = 0;
        for (int i = 0; i < candidateCount; i++) {
            int s = candidates[i];
            if ((b.collisionLayer[s] & mask) != 0) {
                candidates[k++] = s;
            }
        }
        candidateCount = k;
    }

    private void bodyPose(int s, Pose p) {
        BodyStore b = bodies;
        p.set(b.originX(s), b.originY(s), b.originZ(s), b.qx[s], b.qy[s], b.qz[s], b.qw[s]);
    }

    private static void checkMask(int mask) {
        if (mask == 0) {
            throw new IllegalArgumentException("query mask = 0; allowed: non-zero layer bits (-1 for all)");
        }
    }

    // ---- ray casts ------------------------------------------------------------------------------

    /**
     * Nearest hit of the ray {@code o + t d}, {@code 0 <= t <= maxT} (d need not be unit; t is in
     * units of |d|). Returns whether something was hit; fills {@code out}.
     *
     * @throws IllegalArgumentException for a zero direction, negative or non-finite maxT, or mask 0
     */
    public boolean rayCast(double ox, double oy, double oz, double dx, double dy, double dz, double maxT,
                           int mask, Hit out) {
        long t0 = System.nanoTime();
        boolean hit = ray(ox, oy, oz, dx, dy, dz, maxT, mask, out);
        stats.add(System.nanoTime() - t0, 1);
        return hit;
    }

    /**
     * Casts {@code count} rays given as 7 values each (ox, oy, oz, dx, dy, dz, maxT) in
     * {@code rays}; writes per ray the body handle (-1 on a miss) into {@code bodies[i]}, the
     * fraction into {@code fractions[i]} and the normal into {@code normals[3i..3i+3)}. Returns the
     * number of hits.
     */
    public int rayCastBatch(double[] rays, int count, int mask, long[] bodies, double[] fractions, double[] normals) {
        long t0 = System.nanoTime();
        Hit h = batchHit;
        int hits = 0;
        for (int i = 0; i < count; i++) {
            int o = 7 * i;
            if (ray(rays[o], rays[o + 1], rays[o + 2], rays[o + 3], rays[o + 4], rays[o + 5], rays[o + 6], mask, h)) {
                hits++;
                bodies[i] = h.body;
                fractions[i] = h.fraction;
                normals[3 * i] = h.nx;
                normals[3 * i + 1] = h.ny;
                normals[3 * i + 2] = h.nz;
            } else {
                bodies[i] = -1;
                fractions[i] = -1;
            }
        }
        stats.add(System.nanoTime() - t0, count);
        return hits;
    }

    private final Hit batchHit = new Hit();

    private boolean ray(double ox, double oy, double oz, double dx, double dy, double dz, double maxT, int mask, Hit out) {
        if (!(dx * dx + dy * dy + dz * dz > 0) || !Double.isFinite(dx + dy + dz)) {
            throw new IllegalArgumentException("ray direction = (" + dx + ", " + dy + ", " + dz + "); allowed: finite, non-zero");
        }
        if (!(maxT >= 0) || Double.isInfinite(maxT)) {
            throw new IllegalArgumentException("ray maxDistance = " + maxT + "; allowed: finite, >= 0 m");
        }
        checkMask(mask);
        out.clear();
        double ex = ox + maxT * dx, ey = oy + maxT * dy, ez = oz + maxT * dz;
        gather(Math.min(ox, ex), Math.min(oy, ey), Math.min(oz, ez), Math.max(ox, ex), Math.max(oy, ey), Math.max(oz, ez), mask);
        BodyStore b = bodies;
        double best = maxT;
        for (int i = 0; i < candidateCount; i++) {
            int s = candidates[i];
            bodyPose(s, pose);
            pose.toLocal(ox, oy, oz, tmp, 0);
            pose.inverseRotate(dx, dy, dz, tmp, 3);
            double t = b.shape[s].rayCast(tmp[0], tmp[1], tmp[2], tmp[3], tmp[4], tmp[5], best, n);
            if (t >= 0 && (out.body < 0 || t < best)) {
                best = t;
                out.body = b.handle(s);
                out.fraction = t;
                pose.rotate(n[0], n[1], n[2], tmp, 0);
                out.nx = tmp[0];
                out.ny = tmp[1];
                out.nz = tmp[2];
            }
        }
        if (out.body >= 0) {
            out.x = ox + best * dx;
            out.y = oy + best * dy;
            out.z = oz + best * dz;
            return true;
        }
        return false;
    }

    // ---- overlap --------------------------------------------------------------------------------

    /**
     * Bodies whose shapes overlap {@code shape} placed at the pose (penetration &gt; 0 by the world's
     * narrowphase, touching excluded): writes up to {@code out.length} handles in slot order and
     * returns how many overlap in total.
     */
    public int overlap(Shape shape, double px, double py, double pz, double qx, double qy, double qz, double qw,
                       int mask, long[] out) {
        long t0 = System.nanoTime();
        Objects.requireNonNull(shape, "shape is null");
        checkMask(mask);
        castPose.set(px, py, pz, qx, qy, qz, qw);
        shape.bounds(px, py, pz, qx, qy, qz, qw, box, 0);
        gather(box[0], box[1], box[2], box[3], box[4], box[5], mask);
        BodyStore b = bodies;
        int found = 0;
        for (int i = 0; i < candidateCount; i++) {
            int s = candidates[i];
            bodyPose(s, pose);
            overlapSink.hit = false;
            narrowphase.collide(shape, castPose, b.shape[s], pose, 0, overlapSink);
            if (overlapSink.hit) {
                if (found < out.length) {
                    out[found] = b.handle(s);
                }
                found++;
            }
        }
        stats.add(System.nanoTime() - t0, 1);
        return found;
    }

    private static final class OverlapSink implements ContactSink {
        boolean hit;

        @Override
        public void beginManifold(double nx, double ny, double nz, long subKey) {
        }

        @Override
        public void addPoint(double ax, double ay, double az, double separation, long featureId) {
            if (separation < 0) {
                hit = true;
            }
        }
    }

    // ---- closest point --------------------------------------------------------------------------

    /**
     * The body surface point nearest to {@code (x, y, z)} within {@code maxDistance}: {@code out.fraction}
     * is the distance (0 when the point is inside a solid shape, then the point itself is returned),
     * {@code out.x..} the surface point and {@code out.nx..} the unit direction from it to the query
     * point (for an inside point, undefined: zero).
     */
    public boolean closestPoint(double x, double y, double z, double maxDistance, int mask, Hit out) {
        long t0 = System.nanoTime();
        if (!(maxDistance >= 0) || Double.isInfinite(maxDistance)) {
            throw new IllegalArgumentException("closest point maxDistance = " + maxDistance + "; allowed: finite, >= 0");
        }
        checkMask(mask);
        out.clear();
        gather(x - maxDistance, y - maxDistance, z - maxDistance, x + maxDistance, y + maxDistance, z + maxDistance, mask);
        BodyStore b = bodies;
        point.at(x, y, z, 0);
        double best = maxDistance;
        for (int i = 0; i < candidateCount; i++) {
            int s = candidates[i];
            bodyPose(s, pose);
            double d = closestOnShape(b.shape[s], pose, best);
            if (d >= 0 && (out.body < 0 || d < best)) {
                best = d;
                out.body = b.handle(s);
                out.fraction = d;
                out.x = cx;
                out.y = cy;
                out.z = cz;
                if (d > 0) {
                    out.nx = (x - cx) / d;
                    out.ny = (y - cy) / d;
                    out.nz = (z - cz) / d;
                } else {
                    out.nx = out.ny = out.nz = 0;
                }
            }
        }
        stats.add(System.nanoTime() - t0, 1);
        return out.body >= 0;
    }

    private double cx, cy, cz;

    /** Distance from {@link #point} to the shape (≤ limit), closest point in cx..; -1 when farther. */
    private double closestOnShape(Shape shape, Pose p, double limit) {
        switch (shape.type()) {
            case PLANE -> {
                Plane pl = (Plane) shape;
                p.rotate(pl.nx(), pl.ny(), pl.nz(), tmp, 0);
                double h = tmp[0] * (point.x - p.px) + tmp[1] * (point.y - p.py) + tmp[2] * (point.z - p.pz) - pl.offset();
                double d = Math.max(0, h);
                if (d > limit) {
                    return -1;
                }
                cx = point.x - d * tmp[0];
                cy = point.y - d * tmp[1];
                cz = point.z - d * tmp[2];
                return d;
            }
            case COMPOUND -> {
                Compound c = (Compound) shape;
                double best = -1;
                double bx = 0, by = 0, bz = 0;
                for (int i = 0; i < c.childCount(); i++) {
                    Compound.Child ch = c.child(i);
                    childPose.setComposed(p, ch.x(), ch.y(), ch.z(), ch.qx(), ch.qy(), ch.qz(), ch.qw());
                    double d = convexDistance(ch.shape(), childPose, best < 0 ? limit : best);
                    if (d >= 0 && (best < 0 || d < best)) {
                        best = d;
                        bx = cx;
                        by = cy;
                        bz = cz;
                    }
                }
                cx = bx;
                cy = by;
                cz = bz;
                return best;
            }
            case TRIANGLE_MESH -> {
                TriangleMesh m = (TriangleMesh) shape;
                double best = -1;
                double bx = 0, by = 0, bz = 0;
                p.toLocal(point.x, point.y, point.z, tmp, 0);
                gatherTriangles(m, tmp[0] - limit, tmp[1] - limit, tmp[2] - limit, tmp[0] + limit, tmp[1] + limit, tmp[2] + limit);
                for (int q = 0; q < triangleCount; q++) {
                    int t = triangles[q];
                    triangle.set(m, t, p);
                    double d = supportDistance(triangle, best < 0 ? limit : best);
                    if (d >= 0 && (best < 0 || d < best)) {
                        best = d;
                        bx = cx;
                        by = cy;
                        bz = cz;
                    }
                }
                cx = bx;
                cy = by;
                cz = bz;
                return best;
            }
            default -> {
                return convexDistance(shape, p, limit);
            }
        }
    }

    private double convexDistance(Shape shape, Pose p, double limit) {
        return supportDistance(target.set(shape, p), limit);
    }

    private double supportDistance(SupportShape s, double limit) {
        double r = s.radius();
        if (gjk.distance(point, s)) {
            double d = gjk.distance - r;
            if (d > limit) {
                return -1;
            }
            if (d > 0) {
                cx = gjk.pb[0] - r * gjk.normal[0];
                cy = gjk.pb[1] - r * gjk.normal[1];
                cz = gjk.pb[2] - r * gjk.normal[2];
                return d;
            }
        }
        cx = point.x;
        cy = point.y;
        cz = point.z;
        return 0;
    }


    // ---- shape cast -----------------------------------------------------------------------------

    /**
     * Sweeps a convex {@code shape} from the pose along {@code (dx, dy, dz)} (fraction 1 = the whole
     * translation, no rotation) and reports the first body it touches: fraction of first contact (0
     * when it starts overlapping), the contact point on the target and the target's normal there.
     * Conservative advancement on GJK distances (Mirtich 1996): exact to {@link #CAST_TOLERANCE} for
     * convex, compound and mesh targets; planes analytically.
     */
    public boolean shapeCast(Shape shape, double px, double py, double pz, double qx, double qy, double qz, double qw,
                             double dx, double dy, double dz, int mask, Hit out) {
        long t0 = System.nanoTime();
        Objects.requireNonNull(shape, "shape is null");
        if (!shape.isConvex()) {
            throw new IllegalArgumentException("shape cast shape = " + shape.type() + "; allowed: convex shapes");
        }
        checkMask(mask);
        out.clear();
        shape.bounds(px, py, pz, qx, qy, qz, qw, box, 0);
        gather(Math.min(box[0], box[0] + dx), Math.min(box[1], box[1] + dy), Math.min(box[2], box[2] + dz),
                Math.max(box[3], box[3] + dx), Math.max(box[4], box[4] + dy), Math.max(box[5], box[5] + dz), mask);
        sweepBox[0] = Math.min(box[0], box[0] + dx);
        sweepBox[1] = Math.min(box[1], box[1] + dy);
        sweepBox[2] = Math.min(box[2], box[2] + dz);
        sweepBox[3] = Math.max(box[3], box[3] + dx);
        sweepBox[4] = Math.max(box[4], box[4] + dy);
        sweepBox[5] = Math.max(box[5], box[5] + dz);
        BodyStore b = bodies;
        sweepShape = shape;
        sx = px;
        sy = py;
        sz = pz;
        sqx = qx;
        sqy = qy;
        sqz = qz;
        sqw = qw;
        sdx = dx;
        sdy = dy;
        sdz = dz;
        double best = 1;
        for (int i = 0; i < candidateCount; i++) {
            int s = candidates[i];
            bodyPose(s, pose);
            double t = castAgainst(b.shape[s], pose, best);
            if (t >= 0 && (out.body < 0 || t < best)) {
                best = t;
                out.body = b.handle(s);
                out.fraction = t;
                out.x = hx;
                out.y = hy;
                out.z = hz;
                out.nx = hnx;
                out.ny = hny;
                out.nz = hnz;
            }
        }
        stats.add(System.nanoTime() - t0, 1);
        return out.body >= 0;
    }

    private final double[] sweepBox = new double[6];
    private int[] triangles = new int[64];
    private int triangleCount;
    private final AabbTree.Visitor triangleCollector = item -> {
        if (triangleCount == triangles.length) {
            triangles = Arrays.copyOf(triangles, 2 * triangleCount);
        }
        triangles[triangleCount++] = item;
        return true;
    };

    /** Triangles of {@code m} whose boxes overlap the box (mesh frame), ascending: the BVH's order never reaches results. */
    private void gatherTriangles(TriangleMesh m, double minX, double minY, double minZ, double maxX, double maxY, double maxZ) {
        triangleCount = 0;
        m.tree().query(minX, minY, minZ, maxX, maxY, maxZ, triangleCollector);
        Arrays.sort(triangles, 0, triangleCount);
    }

    private Shape sweepShape;
    private double sx, sy, sz, sqx, sqy, sqz, sqw, sdx, sdy, sdz;
    private double hx, hy, hz, hnx, hny, hnz;

    private double castAgainst(Shape shape, Pose p, double limit) {
        if (shape.type() == ShapeType.PLANE) {
            Plane pl = (Plane) shape;
            p.rotate(pl.nx(), pl.ny(), pl.nz(), tmp, 0);
            double nx = tmp[0], ny = tmp[1], nz = tmp[2];
            castPose.set(sx, sy, sz, sqx, sqy, sqz, sqw);
            caster.set(sweepShape, castPose);
            caster.support(-nx, -ny, -nz, tmp, 3);
            double r = sweepShape.coreRadius();
            double lowest = nx * tmp[3] + ny * tmp[4] + nz * tmp[5] - r - (pl.offset() + nx * p.px + ny * p.py + nz * p.pz);
            double speed = -(nx * sdx + ny * sdy + nz * sdz);
            double t;
            if (lowest <= 0) {
                t = 0;
            } else if (speed <= 0) {
                return -1;
            } else {
                t = lowest / speed;
            }
            if (t > limit) {
                return -1;
            }
            hx = tmp[3] - r * nx + t * sdx;
            hy = tmp[4] - r * ny + t * sdy;
            hz = tmp[5] - r * nz + t * sdz;
            hnx = nx;
            hny = ny;
            hnz = nz;
            return t;
        }
        if (shape.type() == ShapeType.COMPOUND) {
            Compound c = (Compound) shape;
            double best = -1;
            for (int i = 0; i < c.childCount(); i++) {
                Compound.Child ch = c.child(i);
                childPose.setComposed(p, ch.x(), ch.y(), ch.z(), ch.qx(), ch.qy(), ch.qz(), ch.qw());
                double t = advance(target.set(ch.shape(), childPose), best < 0 ? limit : best);
                if (t >= 0 && (best < 0 || t < best)) {
                    best = t;
                    saveHit();
                }
            }
            restoreHit();
            return best;
        }
        if (shape.type() == ShapeType.TRIANGLE_MESH) {
            TriangleMesh m = (TriangleMesh) shape;
            double best = -1;
            // the sweep's world box (in box[]) taken into the mesh frame: centre and |R^T| extents
            double cx0 = 0.5 * (sweepBox[0] + sweepBox[3]), cy0 = 0.5 * (sweepBox[1] + sweepBox[4]), cz0 = 0.5 * (sweepBox[2] + sweepBox[5]);
            double ex = 0.5 * (sweepBox[3] - sweepBox[0]), ey = 0.5 * (sweepBox[4] - sweepBox[1]), ez = 0.5 * (sweepBox[5] - sweepBox[2]);
            p.toLocal(cx0, cy0, cz0, tmp, 0);
            double[] r = p.r;
            double lx = Math.abs(r[0]) * ex + Math.abs(r[3]) * ey + Math.abs(r[6]) * ez;
            double ly = Math.abs(r[1]) * ex + Math.abs(r[4]) * ey + Math.abs(r[7]) * ez;
            double lz = Math.abs(r[2]) * ex + Math.abs(r[5]) * ey + Math.abs(r[8]) * ez;
            gatherTriangles(m, tmp[0] - lx, tmp[1] - ly, tmp[2] - lz, tmp[0] + lx, tmp[1] + ly, tmp[2] + lz);
            for (int q = 0; q < triangleCount; q++) {
                int t = triangles[q];
                triangle.set(m, t, p);
                double tt = advance(triangle, best < 0 ? limit : best);
                if (tt >= 0 && (best < 0 || tt < best)) {
                    best = tt;
                    saveHit();
                }
            }
            restoreHit();
            return best;
        }
        return advance(target.set(shape, p), limit);
    }

    private double shx, shy, shz, shnx, shny, shnz;

    private void saveHit() {
        shx = hx; shy = hy; shz = hz; shnx = hnx; shny = hny; shnz = hnz;
    }

    private void restoreHit() {
        hx = shx; hy = shy; hz = shz; hnx = shnx; hny = shny; hnz = shnz;
    }

    /** Conservative advancement of the sweep against one convex target; fraction or -1. */
    private double advance(SupportShape tgt, double limit) {
        double ra = sweepShape.coreRadius(), rb = tgt.radius();
        double t = 0;
        for (int iter = 0; iter < 64; iter++) {
            castPose.set(sx + t * sdx, sy + t * sdy, sz + t * sdz, sqx, sqy, sqz, sqw);
            caster.set(sweepShape, castPose);
            if (!gjk.distance(caster, tgt)) {
                if (t == 0) { // starts overlapping: report at the start with the penetration normal
                    gjk.penetration(caster, tgt);
                    hx = gjk.pb[0];
                    hy = gjk.pb[1];
                    hz = gjk.pb[2];
                    hnx = -gjk.normal[0];
                    hny = -gjk.normal[1];
                    hnz = -gjk.normal[2];
                    return 0;
                }
                break; // cores met: t is within the tolerance of first contact
            }
            double d = gjk.distance - ra - rb;
            double[] nn = gjk.normal; // from the caster towards the target
            hnx = -nn[0];
            hny = -nn[1];
            hnz = -nn[2];
            hx = gjk.pb[0] - rb * nn[0];
            hy = gjk.pb[1] - rb * nn[1];
            hz = gjk.pb[2] - rb * nn[2];
            if (d <= CAST_TOLERANCE) {
                if (d < 0 && t == 0) {
                    return 0;
                }
                return t;
            }
            double speed = nn[0] * sdx + nn[1] * sdy + nn[2] * sdz;
            if (speed <= 0) {
                return -1;
            }
            t += d / speed;
            if (t > limit) {
                return -1;
            }
        }
        return t <= limit ? t : -1;
    }
}
