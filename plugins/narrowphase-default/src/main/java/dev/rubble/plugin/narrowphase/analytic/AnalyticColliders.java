package dev.rubble.plugin.narrowphase.analytic;

import dev.rubble.spi.narrowphase.ContactSink;
import dev.rubble.spi.narrowphase.PairCollider;
import dev.rubble.spi.narrowphase.Pose;
import dev.rubble.geometry.gjk.ManifoldBuilder;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Capsule;
import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.shape.ShapeMath;
import dev.rubble.spi.shape.Sphere;

/**
 * Closed-form colliders for the pairs that have one: sphere–sphere, sphere–box, sphere–capsule and
 * capsule–capsule (closest points between points and segments, Ericson §5.1). Each instance keeps
 * its scratch; allocation-free per call.
 */
final class AnalyticColliders {
    private AnalyticColliders() {
    }

    /** Feature id of the single point of a rounded contact. */
    static final long ROUND = 1L << 61;

    /** Emits the contact between two spheres at c1 (r1) and c2 (r2) when within the margin. */
    static void spheres(double c1x, double c1y, double c1z, double r1, double c2x, double c2y, double c2z, double r2,
                        double margin, ContactSink sink, long feature) {
        double dx = c2x - c1x, dy = c2y - c1y, dz = c2z - c1z;
        double d2 = dx * dx + dy * dy + dz * dz;
        double lim = r1 + r2 + margin;
        if (d2 > lim * lim) {
            return;
        }
        double d = Math.sqrt(d2);
        double nx, ny, nz;
        if (d > 1e-12 * (r1 + r2)) {
            nx = dx / d;
            ny = dy / d;
            nz = dz / d;
        } else { // concentric: any direction is a valid normal; up is deterministic
            nx = 0;
            ny = 1;
            nz = 0;
        }
        sink.beginManifold(nx, ny, nz, 0);
        sink.addPoint(c1x + r1 * nx, c1y + r1 * ny, c1z + r1 * nz, d - r1 - r2, feature);
    }

    static final class SphereSphere implements PairCollider {
        @Override
        public void collide(Shape a, Pose pa, Shape b, Pose pb, double margin, ContactSink sink) {
            spheres(pa.px, pa.py, pa.pz, ((Sphere) a).radius(), pb.px, pb.py, pb.pz, ((Sphere) b).radius(),
                    margin, sink, ROUND);
        }
    }

    /** Sphere (A) against box (B): clamp the centre into the box; inside, push out through the nearest face. */
    static final class SphereBox implements PairCollider {
        private final double[] l = new double[3], w = new double[3];

        @Override
        public void collide(Shape a, Pose pa, Shape b, Pose pb, double margin, ContactSink sink) {
            double r = ((Sphere) a).radius();
            Box box = (Box) b;
            pb.toLocal(pa.px, pa.py, pa.pz, l, 0);
            double hx = box.halfX(), hy = box.halfY(), hz = box.halfZ();
            double qx = Math.max(-hx, Math.min(hx, l[0]));
            double qy = Math.max(-hy, Math.min(hy, l[1]));
            double qz = Math.max(-hz, Math.min(hz, l[2]));
            double dx = l[0] - qx, dy = l[1] - qy, dz = l[2] - qz;
            double d2 = dx * dx + dy * dy + dz * dz;
            double sep;
            long feature;
            if (d2 > 0) {
                double d = Math.sqrt(d2);
                sep = d - r;
                if (sep > margin) {
                    return;
                }
                pb.rotate(-dx / d, -dy / d, -dz / d, w, 0); // from the sphere towards the box
                // which face/edge/corner region the centre is in
                feature = ROUND | (dx != 0 ? (dx > 0 ? 1 : 2) : 0) | (dy != 0 ? (dy > 0 ? 4 : 8) : 0)
                        | (dz != 0 ? (dz > 0 ? 16 : 32) : 0);
            } else {
                double ex = hx - Math.abs(l[0]), ey = hy - Math.abs(l[1]), ez = hz - Math.abs(l[2]);
                int axis = ex <= ey && ex <= ez ? 0 : (ey <= ez ? 1 : 2);
                double depth = axis == 0 ? ex : (axis == 1 ? ey : ez);
                double s = (axis == 0 ? l[0] : (axis == 1 ? l[1] : l[2])) < 0 ? -1 : 1;
                sep = -depth - r;
                pb.rotate(axis == 0 ? -s : 0, axis == 1 ? -s : 0, axis == 2 ? -s : 0, w, 0);
                feature = ROUND | 64 | (axis << 1) | (s > 0 ? 1 : 0);
            }
            sink.beginManifold(w[0], w[1], w[2], 0);
            sink.addPoint(pa.px + r * w[0], pa.py + r * w[1], pa.pz + r * w[2], sep, feature);
        }
    }

    /** Sphere (A) against capsule (B): the closest point on the capsule's segment, then two spheres. */
    static final class SphereCapsule implements PairCollider {
        private final double[] l = new double[3], w = new double[3];

        @Override
        public void collide(Shape a, Pose pa, Shape b, Pose pb, double margin, ContactSink sink) {
            Capsule c = (Capsule) b;
            pb.toLocal(pa.px, pa.py, pa.pz, l, 0);
            double y = Math.max(-c.halfHeight(), Math.min(c.halfHeight(), l[1]));
            pb.toWorld(0, y, 0, w, 0);
            spheres(pa.px, pa.py, pa.pz, ((Sphere) a).radius(), w[0], w[1], w[2], c.radius(), margin, sink, ROUND);
        }
    }

    /**
     * Capsule against capsule: closest points between the segments; when the segments are
     * parallel and overlap, the overlap's two ends (via {@link ManifoldBuilder}).
     */
    static final class CapsuleCapsule implements PairCollider {
        private final double[] e = new double[12], st = new double[2];
        private final ManifoldBuilder builder = new ManifoldBuilder();

        @Override
        public void collide(Shape a, Pose pa, Shape b, Pose pb, double margin, ContactSink sink) {
            Capsule ca = (Capsule) a, cb = (Capsule) b;
            pa.toWorld(0, -ca.halfHeight(), 0, e, 0);
            pa.toWorld(0, ca.halfHeight(), 0, e, 3);
            pb.toWorld(0, -cb.halfHeight(), 0, e, 6);
            pb.toWorld(0, cb.halfHeight(), 0, e, 9);
            ShapeMath.closestSegmentSegment(e[0], e[1], e[2], e[3], e[4], e[5], e[6], e[7], e[8], e[9], e[10], e[11], st);
            double s = st[0], t = st[1];
            double ax = e[0] + s * (e[3] - e[0]), ay = e[1] + s * (e[4] - e[1]), az = e[2] + s * (e[5] - e[2]);
            double bx = e[6] + t * (e[9] - e[6]), by = e[7] + t * (e[10] - e[7]), bz = e[8] + t * (e[11] - e[8]);
            double dx = bx - ax, dy = by - ay, dz = bz - az;
            double d = Math.sqrt(dx * dx + dy * dy + dz * dz);
            double ra = ca.radius(), rb = cb.radius();
            if (d - ra - rb > margin) {
                return;
            }
            if (d > 1e-12 * (ra + rb)) {
                double nx = dx / d, ny = dy / d, nz = dz / d;
                builder.featureA(a, pa, nx, ny, nz);
                builder.featureB(b, pb, nx, ny, nz);
                if (builder.clip(nx, ny, nz, ra, rb, margin, sink, 0)) {
                    return;
                }
            }
            spheres(ax, ay, az, ra, bx, by, bz, rb, margin, sink, ROUND);
        }
    }
}
