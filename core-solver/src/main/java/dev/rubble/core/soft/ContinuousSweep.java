package dev.rubble.core.soft;

import static dev.rubble.core.soft.CouplingShapes.featureCount;
import static dev.rubble.core.soft.CouplingShapes.featureLocal;
import static dev.rubble.core.soft.CouplingShapes.signedDistance;

import dev.rubble.core.body.Inertia;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.ConvexHull;
import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.soft.SoftBodyState;

/**
 * Continuous collision of the soft–rigid coupling, run at the start of every sub-step (split out of
 * {@link SoftRigidCoupling}): what crossed what during the sub-step's motion. Control points that
 * entered a box or hull are held to the face they came in through ({@link CouplingState#entryPair},
 * {@link CouplingState#entryPlane}); rigid features that crossed a cage surface triangle are held
 * to that triangle ({@link CouplingState#featTri}); {@link CageProjection} then pushes them out
 * through it rather than through the nearest, possibly far, side. Allocation-free.
 */
final class ContinuousSweep {
    private final CouplingState ctx;

    ContinuousSweep(CouplingState ctx) {
        this.ctx = ctx;
    }

    /**
     * Points that entered a box or hull during this sub-step's motion (outside at its start, in
     * the rigid body's frame then; inside now) are held to the face they came in through until
     * they are out again. Without it, a point that a fast body carried deeper than half its
     * thickness in one sub-step is pushed out of the nearest face, the far one: the body passes
     * through the cage. Spheres, capsules and planes need nothing: their nearest surface point is
     * the entry point.
     */
    void sweepPoints(SoftBodyState s, int pair) {
        final int body = ctx.pairSoft[pair];
        Shape shape = ctx.pairShape(pair);
        if (!(shape instanceof Box) && !(shape instanceof ConvexHull)) {
            return;
        }
        double thick = ctx.store.thickness[body];
        double[] ps = ctx.pairPoses(pair);
        double ox1 = ps[0], oy1 = ps[1], oz1 = ps[2], qx1 = ps[3], qy1 = ps[4], qz1 = ps[5], qw1 = ps[6];
        double ox0 = ps[7], oy0 = ps[8], oz0 = ps[9], qx0 = ps[10], qy0 = ps[11], qz0 = ps[12], qw0 = ps[13];
        double[] x = s.x, prev = s.prev;
        for (int i = ctx.store.pointStart[body], e = i + ctx.store.pointCount[body]; i < e; i++) {
            int o = 3 * i;
            double dx = prev[o] - ox0, dy = prev[o + 1] - oy0, dz = prev[o + 2] - oz0;
            double ax = Inertia.rotX(-qx0, -qy0, -qz0, qw0, dx, dy, dz);
            double ay = Inertia.rotY(-qx0, -qy0, -qz0, qw0, dx, dy, dz);
            double az = Inertia.rotZ(-qx0, -qy0, -qz0, qw0, dx, dy, dz);
            if (ctx.entryPair[i] == pair) {
                int ep = 4 * i;
                double d0 = ctx.entryPlane[ep] * ax + ctx.entryPlane[ep + 1] * ay + ctx.entryPlane[ep + 2] * az - ctx.entryPlane[ep + 3];
                if (d0 < thick && signedDistance(shape, ax, ay, az, thick, ctx.tmp) < thick) {
                    continue; // still in: keep pushing it out of the same face
                }
                ctx.entryPair[i] = -1;
            }
            dx = x[o] - ox1;
            dy = x[o + 1] - oy1;
            dz = x[o + 2] - oz1;
            double bx = Inertia.rotX(-qx1, -qy1, -qz1, qw1, dx, dy, dz);
            double by = Inertia.rotY(-qx1, -qy1, -qz1, qw1, dx, dy, dz);
            double bz = Inertia.rotZ(-qx1, -qy1, -qz1, qw1, dx, dy, dz);
            if (shape instanceof Box box) {
                enterBox(i, box, thick, ax, ay, az, bx, by, bz, pair);
            } else {
                enterHull(i, (ConvexHull) shape, thick, ax, ay, az, bx, by, bz, pair);
            }
        }
    }

    /** Segment a → b (box frame) against the box grown by {@code thick}: records the entry face of point i. */
    void enterBox(int i, Box box, double thick, double ax, double ay, double az, double bx, double by,
                          double bz, int pair) {
        double hx = box.halfX() + thick, hy = box.halfY() + thick, hz = box.halfZ() + thick;
        if (!(Math.abs(bx) < hx && Math.abs(by) < hy && Math.abs(bz) < hz)) {
            return; // not inside at the end
        }
        double best = -1;
        int axis = -1;
        double sign = 0;
        for (int k = 0; k < 3; k++) {
            double a = k == 0 ? ax : k == 1 ? ay : az, e = k == 0 ? bx : k == 1 ? by : bz;
            double half = k == 0 ? hx : k == 1 ? hy : hz;
            double sg = a >= 0 ? 1 : -1;
            double a0 = sg * a - half, a1 = sg * e - half; // outside distance along the slab, start and end
            if (a0 >= 0 && a1 < 0) {
                double t = a0 / (a0 - a1);
                if (t > best) {
                    best = t;
                    axis = k;
                    sign = sg;
                }
            }
        }
        if (axis < 0) {
            return; // inside at the start too: the nearest face
        }
        int ep = 4 * i;
        ctx.entryPair[i] = pair;
        ctx.entryPlane[ep] = axis == 0 ? sign : 0;
        ctx.entryPlane[ep + 1] = axis == 1 ? sign : 0;
        ctx.entryPlane[ep + 2] = axis == 2 ? sign : 0;
        ctx.entryPlane[ep + 3] = axis == 0 ? box.halfX() : axis == 1 ? box.halfY() : box.halfZ();
    }

    /** Segment a → b (hull frame) against the hull grown by {@code thick}: records the entry face of point i. */
    void enterHull(int i, ConvexHull hull, double thick, double ax, double ay, double az, double bx, double by,
                           double bz, int pair) {
        double best = -1;
        int face = -1;
        for (int f = 0, n = hull.faceCount(); f < n; f++) {
            double nx = hull.plane(f, 0), ny = hull.plane(f, 1), nz = hull.plane(f, 2), off = hull.plane(f, 3) + thick;
            double d1 = nx * bx + ny * by + nz * bz - off;
            if (!(d1 < 0)) {
                return; // not inside at the end
            }
            double d0 = nx * ax + ny * ay + nz * az - off;
            if (d0 >= 0) {
                double t = d0 / (d0 - d1);
                if (t > best) {
                    best = t;
                    face = f;
                }
            }
        }
        if (face < 0) {
            return;
        }
        int ep = 4 * i;
        ctx.entryPair[i] = pair;
        ctx.entryPlane[ep] = hull.plane(face, 0);
        ctx.entryPlane[ep + 1] = hull.plane(face, 1);
        ctx.entryPlane[ep + 2] = hull.plane(face, 2);
        ctx.entryPlane[ep + 3] = hull.plane(face, 3);
    }

    /**
     * Rigid features (corners, centres) that crossed a cage surface triangle during this
     * sub-step's motion, relative to the triangle, are held against that triangle until they are
     * out again: a 50 m/s body moves 10 cm per sub-step, more than the depth at which the nearest
     * triangle is still the one it came through.
     */
    void sweepFeatures(SoftBodyState s, int pair) {
        final int body = ctx.pairSoft[pair], f0 = ctx.pairFeature[pair];
        Shape shape = ctx.pairShape(pair);
        int n = featureCount(shape);
        if (n == 0) {
            return;
        }
        double[] ps = ctx.pairPoses(pair);
        double ox1 = ps[0], oy1 = ps[1], oz1 = ps[2], qx1 = ps[3], qy1 = ps[4], qz1 = ps[5], qw1 = ps[6];
        double ox0 = ps[7], oy0 = ps[8], oz0 = ps[9], qx0 = ps[10], qy0 = ps[11], qz0 = ps[12], qw0 = ps[13];
        double thick = ctx.store.thickness[body];
        double[] bb = ctx.bodyBounds;
        int o6 = 6 * body;
        double[] l = ctx.tmp;
        for (int k = 0; k < n; k++) {
            double radius = featureLocal(shape, k, l);
            double reach = radius + thick;
            double lx = l[0], ly = l[1], lz = l[2];
            double ax = ox0 + Inertia.rotX(qx0, qy0, qz0, qw0, lx, ly, lz);
            double ay = oy0 + Inertia.rotY(qx0, qy0, qz0, qw0, lx, ly, lz);
            double az = oz0 + Inertia.rotZ(qx0, qy0, qz0, qw0, lx, ly, lz);
            double ex = ox1 + Inertia.rotX(qx1, qy1, qz1, qw1, lx, ly, lz);
            double ey = oy1 + Inertia.rotY(qx1, qy1, qz1, qw1, lx, ly, lz);
            double ez = oz1 + Inertia.rotZ(qx1, qy1, qz1, qw1, lx, ly, lz);
            int fi = f0 + k;
            if (ctx.featTri[fi] >= 0) {
                if (behind(ctx.store, s.prev, ctx.featTri[fi], ax, ay, az, reach)) {
                    continue; // still in: keep it against the same triangle
                }
                ctx.featTri[fi] = -1;
            }
            if (Math.max(ax, ex) < bb[o6] - reach || Math.max(ay, ey) < bb[o6 + 1] - reach
                    || Math.max(az, ez) < bb[o6 + 2] - reach || Math.min(ax, ex) > bb[o6 + 3] + reach
                    || Math.min(ay, ey) > bb[o6 + 4] + reach || Math.min(az, ez) > bb[o6 + 5] + reach) {
                continue;
            }
            ctx.featTri[fi] = firstCrossing(ctx.store, s, body, ax, ay, az, ex, ey, ez, reach);
        }
    }

    /**
     * Whether point a is behind (inside) surface triangle t's plane offset by {@code reach}, at the positions {@code p}
     * (also {@link SoftSoftContacts}' continuous collision).
     */
    static boolean behind(SoftBodyStore store, double[] p, int t, double ax, double ay, double az, double reach) {
        int[] tri = store.surface;
        int pa = 3 * tri[3 * t], pb = 3 * tri[3 * t + 1], pc = 3 * tri[3 * t + 2];
        double ux = p[pb] - p[pa], uy = p[pb + 1] - p[pa + 1], uz = p[pb + 2] - p[pa + 2];
        double vx = p[pc] - p[pa], vy = p[pc + 1] - p[pa + 1], vz = p[pc + 2] - p[pa + 2];
        double nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
        double nl = Math.sqrt(nx * nx + ny * ny + nz * nz);
        if (nl < 1e-300) {
            return false;
        }
        return (nx * (ax - p[pa]) + ny * (ay - p[pa + 1]) + nz * (az - p[pa + 2])) / nl < reach;
    }

    /**
     * The surface triangle of {@code body} that the segment a → e crosses first from outside (a rigid feature's, or
     * another soft body's point's: {@link SoftSoftContacts})
     * (its plane offset outward by {@code reach}), with the triangle's own motion over the
     * sub-step (prev → x, its mean displacement) taken out; -1 when none.
     */
    static int firstCrossing(SoftBodyStore store, SoftBodyState s, int body, double ax, double ay, double az, double ex,
                             double ey, double ez, double reach) {
        double[] p = s.prev, x = s.x;
        int[] tri = store.surface;
        int best = -1;
        double bestT = Double.POSITIVE_INFINITY;
        for (int t = store.surfaceStart[body], end = t + store.surfaceCount[body]; t < end; t++) {
            int pa = 3 * tri[3 * t], pb = 3 * tri[3 * t + 1], pc = 3 * tri[3 * t + 2];
            double ux = p[pb] - p[pa], uy = p[pb + 1] - p[pa + 1], uz = p[pb + 2] - p[pa + 2];
            double vx = p[pc] - p[pa], vy = p[pc + 1] - p[pa + 1], vz = p[pc + 2] - p[pa + 2];
            double nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
            double nl = Math.sqrt(nx * nx + ny * ny + nz * nz);
            if (nl < 1e-300) {
                continue;
            }
            nx /= nl;
            ny /= nl;
            nz /= nl;
            double d0 = nx * (ax - p[pa]) + ny * (ay - p[pa + 1]) + nz * (az - p[pa + 2]) - reach;
            if (d0 < 0) {
                continue; // starts behind this plane: not an entry through it
            }
            // the feature's end relative to the triangle's mean motion this sub-step
            double mx = (x[pa] - p[pa] + x[pb] - p[pb] + x[pc] - p[pc]) / 3;
            double my = (x[pa + 1] - p[pa + 1] + x[pb + 1] - p[pb + 1] + x[pc + 1] - p[pc + 1]) / 3;
            double mz = (x[pa + 2] - p[pa + 2] + x[pb + 2] - p[pb + 2] + x[pc + 2] - p[pc + 2]) / 3;
            double rx = ex - mx, ry = ey - my, rz = ez - mz;
            double d1 = nx * (rx - p[pa]) + ny * (ry - p[pa + 1]) + nz * (rz - p[pa + 2]) - reach;
            if (!(d1 < 0)) {
                continue;
            }
            double tt = d0 / (d0 - d1);
            if (tt >= bestT) {
                continue;
            }
            // where it crosses, dropped onto the triangle's plane: inside the triangle?
            double qx = ax + tt * (rx - ax) - p[pa], qy = ay + tt * (ry - ay) - p[pa + 1], qz = az + tt * (rz - az) - p[pa + 2];
            double uu = ux * ux + uy * uy + uz * uz, uv = ux * vx + uy * vy + uz * vz, vv = vx * vx + vy * vy + vz * vz;
            double qu = qx * ux + qy * uy + qz * uz, qv = qx * vx + qy * vy + qz * vz;
            double det = uu * vv - uv * uv;
            double bu = (vv * qu - uv * qv) / det, bv = (uu * qv - uv * qu) / det;
            double tol = 1e-6;
            if (bu >= -tol && bv >= -tol && bu + bv <= 1 + tol) {
                best = t;
                bestT = tt;
            }
        }
        return best;
    }
}
