package dev.rubble.core.soft;

import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Capsule;
import dev.rubble.spi.shape.ConvexHull;
import dev.rubble.spi.shape.Plane;
import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.shape.Sphere;
import dev.rubble.spi.shape.TriangleMesh;

/**
 * Stateless shape queries of the soft–rigid coupling (split out of {@link SoftRigidCoupling}, which
 * is where they are used, with {@link SoftSoftContacts}): which rigid shapes are collided with,
 * their features (corners, centres with radius), the signed distance of a point to a shape, and
 * the closest point on a triangle. Pure functions of their arguments; results go into the
 * caller's arrays, nothing is allocated.
 */
final class CouplingShapes {
    private CouplingShapes() {
    }

    /**
     * Whether the coupling collides with this shape on its own (a compound is collided with child by child, a
     * triangle mesh triangle by triangle: {@link #meshTriangleDistance}).
     */
    static boolean supported(Shape shape) {
        return shape instanceof Sphere || shape instanceof Box || shape instanceof Capsule
                || shape instanceof ConvexHull || shape instanceof Plane;
    }

    /** Number of rigid features (corners, centres) a shape brings to the triangle contacts. */
    static int featureCount(Shape shape) {
        if (shape instanceof Box) {
            return 8;
        }
        if (shape instanceof Sphere) {
            return 1;
        }
        if (shape instanceof Capsule) {
            return 2;
        }
        return shape instanceof ConvexHull hull ? hull.vertexCount() : 0;
    }

    /** Shape-frame position of feature {@code k} of a shape into {@code out[0..2]}; returns its radius. */
    static double featureLocal(Shape shape, int k, double[] out) {
        if (shape instanceof Box box) {
            out[0] = (k & 1) == 0 ? -box.halfX() : box.halfX();
            out[1] = (k & 2) == 0 ? -box.halfY() : box.halfY();
            out[2] = (k & 4) == 0 ? -box.halfZ() : box.halfZ();
            return 0;
        }
        if (shape instanceof Sphere sp) {
            out[0] = out[1] = out[2] = 0;
            return sp.radius();
        }
        if (shape instanceof Capsule cap) {
            out[0] = out[2] = 0;
            out[1] = k == 0 ? -cap.halfHeight() : cap.halfHeight();
            return cap.radius();
        }
        ConvexHull hull = (ConvexHull) shape;
        out[0] = hull.vertex(k, 0);
        out[1] = hull.vertex(k, 1);
        out[2] = hull.vertex(k, 2);
        return 0;
    }

    /**
     * Signed distance of a local point to the shape's surface (negative inside) and the outward
     * unit normal in {@code out[0..2]} (shape frame). Points farther than {@code reach} outside may
     * report any distance above it.
     */
    static double signedDistance(Shape shape, double lx, double ly, double lz, double reach, double[] out) {
        if (shape instanceof Sphere sp) {
            return roundPoint(lx, ly, lz, 0, 0, 0, sp.radius(), out);
        }
        if (shape instanceof Capsule cap) {
            double cy = Math.max(-cap.halfHeight(), Math.min(cap.halfHeight(), ly));
            return roundPoint(lx, ly, lz, 0, cy, 0, cap.radius(), out);
        }
        if (shape instanceof Box box) {
            double ax = Math.abs(lx) - box.halfX(), ay = Math.abs(ly) - box.halfY(), az = Math.abs(lz) - box.halfZ();
            if (ax > 0 || ay > 0 || az > 0) {
                double ex = Math.max(ax, 0) * Math.signum(lx), ey = Math.max(ay, 0) * Math.signum(ly);
                double ez = Math.max(az, 0) * Math.signum(lz);
                double d = Math.sqrt(ex * ex + ey * ey + ez * ez);
                out[0] = ex / d;
                out[1] = ey / d;
                out[2] = ez / d;
                return d;
            }
            out[0] = out[1] = out[2] = 0;
            if (ax >= ay && ax >= az) {
                out[0] = lx >= 0 ? 1 : -1;
                return ax;
            }
            if (ay >= az) {
                out[1] = ly >= 0 ? 1 : -1;
                return ay;
            }
            out[2] = lz >= 0 ? 1 : -1;
            return az;
        }
        if (shape instanceof Plane pl) {
            out[0] = pl.nx();
            out[1] = pl.ny();
            out[2] = pl.nz();
            return pl.nx() * lx + pl.ny() * ly + pl.nz() * lz - pl.offset();
        }
        if (shape instanceof ConvexHull hull) {
            // the largest face-plane distance: exact inside, a lower bound outside (edges, corners)
            double best = Double.NEGATIVE_INFINITY;
            int bf = 0;
            for (int f = 0, n = hull.faceCount(); f < n; f++) {
                double d = hull.plane(f, 0) * lx + hull.plane(f, 1) * ly + hull.plane(f, 2) * lz - hull.plane(f, 3);
                if (d > best) {
                    best = d;
                    bf = f;
                }
            }
            out[0] = hull.plane(bf, 0);
            out[1] = hull.plane(bf, 1);
            out[2] = hull.plane(bf, 2);
            return best;
        }
        return Double.POSITIVE_INFINITY;
    }

    /**
     * Distance of a mesh-frame point p to triangle {@code t} of a triangle mesh seen from side {@code side} of
     * its plane (+1: the side its normal points to, -1: the other; the side the point was on when the sub-step
     * began), and the unit normal pointing from the triangle towards that side into {@code out[0..2]}. A mesh is
     * two-sided for soft bodies, as for rigid ones ({@code MeshCollider}): a point is held on the side it came
     * from, so one that crossed the plane within the sub-step is pushed back, not on through.
     * <ul>
     *   <li>the point over the triangle (its drop onto the plane inside the triangle or on its rim): the plane
     *       distance {@code side n·(p - a)}, negative once the point has crossed;</li>
     *   <li>otherwise the closest point is on an edge or a corner: {@code |p - c|} along {@code (p - c)/|p - c|} while the point
     *       is still on its side; {@code +∞} (no contact) once it is behind the plane there (the neighbouring
     *       triangle holds it), or when the edge is smooth (shared with a near-coplanar neighbour,
     *       {@link TriangleMesh#smoothEdge}) or the corner lies between two smooth edges: the neighbour's face
     *       holds the point there, as the rigid narrowphase drops such contacts.</li>
     * </ul>
     * {@code scratch} holds 12 doubles. Points farther than {@code reach} in front of the plane report their
     * plane distance (a lower bound of the distance).
     */
    static double meshTriangleDistance(TriangleMesh mesh, int t, double side, double lx, double ly, double lz,
                                       double reach, double[] scratch, double[] out) {
        double nx = side * mesh.normal(t, 0), ny = side * mesh.normal(t, 1), nz = side * mesh.normal(t, 2);
        double ax = mesh.corner(t, 0, 0), ay = mesh.corner(t, 0, 1), az = mesh.corner(t, 0, 2);
        double dp = nx * (lx - ax) + ny * (ly - ay) + nz * (lz - az);
        out[0] = nx;
        out[1] = ny;
        out[2] = nz;
        if (dp > reach) {
            return dp; // in front of the plane by more than the reach: no contact with any part of it
        }
        for (int c = 0; c < 3; c++) {
            scratch[3 * c] = mesh.corner(t, c, 0);
            scratch[3 * c + 1] = mesh.corner(t, c, 1);
            scratch[3 * c + 2] = mesh.corner(t, c, 2);
        }
        double d2 = closestOnTriangle(scratch, 0, 3, 6, lx, ly, lz, scratch, 9);
        double w0 = scratch[9], w1 = scratch[10], w2 = scratch[11];
        if (d2 - dp * dp <= 1e-12 * d2 + 1e-24) {
            return dp; // over the face (its rim included): the closest point is the point's drop onto the plane
        }
        if (dp < 0) {
            return Double.POSITIVE_INFINITY; // behind the plane beyond an edge: the neighbour's, not this one's
        }
        // the closest feature: edge e runs from corner e to corner e + 1 (mod 3); corner k joins edges k - 1 and k
        boolean smooth = w2 <= 0 && w0 > 0 && w1 > 0 ? mesh.smoothEdge(t, 0)
                : w0 <= 0 && w1 > 0 && w2 > 0 ? mesh.smoothEdge(t, 1)
                : w1 <= 0 && w2 > 0 && w0 > 0 ? mesh.smoothEdge(t, 2)
                : w0 > 0 ? mesh.smoothEdge(t, 2) && mesh.smoothEdge(t, 0)
                : w1 > 0 ? mesh.smoothEdge(t, 0) && mesh.smoothEdge(t, 1)
                : mesh.smoothEdge(t, 1) && mesh.smoothEdge(t, 2);
        if (smooth) {
            return Double.POSITIVE_INFINITY;
        }
        double cx = w0 * scratch[0] + w1 * scratch[3] + w2 * scratch[6];
        double cy = w0 * scratch[1] + w1 * scratch[4] + w2 * scratch[7];
        double cz = w0 * scratch[2] + w1 * scratch[5] + w2 * scratch[8];
        double ex = lx - cx, ey = ly - cy, ez = lz - cz;
        double d = Math.sqrt(ex * ex + ey * ey + ez * ez);
        if (d > 1e-12) {
            out[0] = ex / d;
            out[1] = ey / d;
            out[2] = ez / d;
        }
        return d;
    }

    private static double roundPoint(double lx, double ly, double lz, double cx, double cy, double cz, double r,
                                     double[] out) {
        double dx = lx - cx, dy = ly - cy, dz = lz - cz;
        double len = Math.sqrt(dx * dx + dy * dy + dz * dz);
        if (len < 1e-12) {
            out[0] = 0;
            out[1] = 1;
            out[2] = 0;
            return -r;
        }
        out[0] = dx / len;
        out[1] = dy / len;
        out[2] = dz / len;
        return len - r;
    }

    /**
     * Squared distance from p to triangle (a, b, c) (offsets into x) and the barycentric weights
     * of the closest point (Ericson, Real-Time Collision Detection §5.1.5).
     */
    static double closestOnTriangle(double[] x, int a, int b, int c, double px, double py, double pz, double[] w) {
        return closestOnTriangle(x, a, b, c, px, py, pz, w, 0);
    }

    /** {@link #closestOnTriangle(double[], int, int, int, double, double, double, double[])} with the weights at {@code w[wo..wo+2]}. */
    static double closestOnTriangle(double[] x, int a, int b, int c, double px, double py, double pz, double[] w, int wo) {
        double abx = x[b] - x[a], aby = x[b + 1] - x[a + 1], abz = x[b + 2] - x[a + 2];
        double acx = x[c] - x[a], acy = x[c + 1] - x[a + 1], acz = x[c + 2] - x[a + 2];
        double apx = px - x[a], apy = py - x[a + 1], apz = pz - x[a + 2];
        double d1 = abx * apx + aby * apy + abz * apz, d2 = acx * apx + acy * apy + acz * apz;
        if (d1 <= 0 && d2 <= 0) {
            return set(w, wo, 1, 0, 0, apx, apy, apz);
        }
        double bpx = px - x[b], bpy = py - x[b + 1], bpz = pz - x[b + 2];
        double d3 = abx * bpx + aby * bpy + abz * bpz, d4 = acx * bpx + acy * bpy + acz * bpz;
        if (d3 >= 0 && d4 <= d3) {
            return set(w, wo, 0, 1, 0, bpx, bpy, bpz);
        }
        double vc = d1 * d4 - d3 * d2;
        if (vc <= 0 && d1 >= 0 && d3 <= 0) {
            double v = d1 / (d1 - d3);
            return set(w, wo, 1 - v, v, 0, apx - v * abx, apy - v * aby, apz - v * abz);
        }
        double cpx = px - x[c], cpy = py - x[c + 1], cpz = pz - x[c + 2];
        double d5 = abx * cpx + aby * cpy + abz * cpz, d6 = acx * cpx + acy * cpy + acz * cpz;
        if (d6 >= 0 && d5 <= d6) {
            return set(w, wo, 0, 0, 1, cpx, cpy, cpz);
        }
        double vb = d5 * d2 - d1 * d6;
        if (vb <= 0 && d2 >= 0 && d6 <= 0) {
            double v = d2 / (d2 - d6);
            return set(w, wo, 1 - v, 0, v, apx - v * acx, apy - v * acy, apz - v * acz);
        }
        double va = d3 * d6 - d5 * d4;
        if (va <= 0 && (d4 - d3) >= 0 && (d5 - d6) >= 0) {
            double v = (d4 - d3) / ((d4 - d3) + (d5 - d6));
            double bcx = x[c] - x[b], bcy = x[c + 1] - x[b + 1], bcz = x[c + 2] - x[b + 2];
            return set(w, wo, 0, 1 - v, v, bpx - v * bcx, bpy - v * bcy, bpz - v * bcz);
        }
        double denom = 1 / (va + vb + vc);
        double v = vb * denom, u = vc * denom;
        return set(w, wo, 1 - v - u, v, u, apx - v * abx - u * acx, apy - v * aby - u * acy, apz - v * abz - u * acz);
    }

    private static double set(double[] w, int wo, double w0, double w1, double w2, double dx, double dy, double dz) {
        w[wo] = w0;
        w[wo + 1] = w1;
        w[wo + 2] = w2;
        return dx * dx + dy * dy + dz * dz;
    }

    /**
     * The unit normal {@code n / |n|}, {@code n = (b - a) × (c - a)}, of the triangle at point offsets
     * {@code pa, pb, pc} of {@code x} into {@code out[0..2]}; returns {@code |n|} (twice the area). A
     * degenerate triangle ({@code |n| < 1e-300}) leaves {@code out} untouched.
     */
    static double unitNormal(double[] x, int pa, int pb, int pc, double[] out) {
        double ux = x[pb] - x[pa], uy = x[pb + 1] - x[pa + 1], uz = x[pb + 2] - x[pa + 2];
        double vx = x[pc] - x[pa], vy = x[pc + 1] - x[pa + 1], vz = x[pc + 2] - x[pa + 2];
        double nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
        double nl = Math.sqrt(nx * nx + ny * ny + nz * nz);
        if (nl >= 1e-300) {
            out[0] = nx / nl;
            out[1] = ny / nl;
            out[2] = nz / nl;
        }
        return nl;
    }

    /**
     * Moves a cage triangle's corners {@code pa, pb, pc} (offsets into {@code x}) against the contact
     * normal by their shares {@code fa, fb, fc} of a position correction: {@code x_k -= f_k n}.
     */
    static void pushTriangle(double[] x, int pa, int pb, int pc, double fa, double fb, double fc, double nx,
                             double ny, double nz) {
        x[pa] -= fa * nx;
        x[pa + 1] -= fa * ny;
        x[pa + 2] -= fa * nz;
        x[pb] -= fb * nx;
        x[pb + 1] -= fb * ny;
        x[pb + 2] -= fb * nz;
        x[pc] -= fc * nx;
        x[pc + 1] -= fc * ny;
        x[pc + 2] -= fc * nz;
    }

    /**
     * The surface triangle {@code t} in {@code [from, to)} (corners {@code tri[3t..3t+2]}, point
     * indices into {@code x}) nearest to {@code p}, the first of equals; -1 for an empty range. Its
     * barycentric weights go to {@code best[0..2]} and its squared distance to {@code best[3]};
     * {@code scratch} holds 3 doubles.
     */
    static int nearestTriangle(double[] x, int[] tri, int from, int to, double px, double py, double pz,
                               double[] scratch, double[] best) {
        int found = -1;
        double bestD2 = Double.POSITIVE_INFINITY;
        for (int t = from; t < to; t++) {
            double d2 = closestOnTriangle(x, 3 * tri[3 * t], 3 * tri[3 * t + 1], 3 * tri[3 * t + 2], px, py, pz, scratch);
            if (d2 < bestD2) {
                bestD2 = d2;
                found = t;
                best[0] = scratch[0];
                best[1] = scratch[1];
                best[2] = scratch[2];
            }
        }
        best[3] = bestD2;
        return found;
    }
}
