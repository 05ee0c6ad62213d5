package dev.rubble.core.soft;

import static dev.rubble.core.soft.CouplingShapes.nearestTriangle;
import static dev.rubble.core.soft.CouplingShapes.signedDistance;

import dev.rubble.core.body.Inertia;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Capsule;
import dev.rubble.spi.shape.ConvexHull;
import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.shape.Sphere;
import dev.rubble.spi.shape.TriangleMesh;
import dev.rubble.spi.soft.SoftBodyState;

/**
 * The two soft–rigid contact projections of one (soft body, rigid body) pair (split out of
 * {@link SoftRigidCoupling}, which documents them): (1) every control point against the rigid
 * shape, C = signed distance - thickness >= 0, and (2) every rigid feature (corners, centres with
 * radius) against the closest cage surface triangle, C = distance - radius - thickness >= 0. A
 * point or feature the {@link ContinuousSweep} found entering is held to its entry face or
 * triangle. The rigid side of each correction goes through {@link RigidResponse}. Allocation-free.
 */
final class CageProjection {
    /**
     * Largest speed, m/s, at which an overlap present when a sub-step begins is pushed out: the
     * rigid solver's default push-out speed ({@code DynamicsSettings} {@code maxPushVelocity}).
     */
    static final double MAX_PUSH_OUT_SPEED = 3;
    /** Scratch: the normal at a point's sub-step start position (unused). */
    private final double[] startNormal = new double[4];
    /** Scratch: a surface triangle's unit normal. */
    private final double[] normal = new double[3];
    private final CouplingState ctx;
    private final RigidResponse response;
    private final double[] bary = new double[3];
    /** Scratch of {@link CouplingShapes#meshTriangleDistance}. */
    private final double[] meshScratch = new double[12];
    /** The nearest triangle's barycentric weights and squared distance ({@link CouplingShapes#nearestTriangle}). */
    private final double[] nearest = new double[4];
    /** Contacts projected so far (points and features); the coupling counts the difference per pass. */
    int contacts;

    CageProjection(CouplingState ctx, RigidResponse response) {
        this.ctx = ctx;
        this.response = response;
    }

    // ---- (1) control points vs the rigid shape -------------------------------------------------

    void projectPoints(SoftBodyState s, int pair, double h) {
        final int body = ctx.pairSoft[pair], slot = ctx.pairSlot[pair];
        Shape shape = ctx.pairShape(pair);
        if (shape instanceof TriangleMesh mesh) {
            projectMeshPoints(s, pair, mesh, h);
            return;
        }
        double thick = ctx.store.thickness[body];
        double[] ps = ctx.pairPoses(pair); // the shape's pose now (0..6) and when the sub-step began (7..13)
        double ox = ps[0], oy = ps[1], oz = ps[2], qx = ps[3], qy = ps[4], qz = ps[5], qw = ps[6];
        double ox0 = ps[7], oy0 = ps[8], oz0 = ps[9], qx0 = ps[10], qy0 = ps[11], qz0 = ps[12], qw0 = ps[13];
        double recover = MAX_PUSH_OUT_SPEED * h;
        double[] x = s.x, prev = s.prev;
        double[] t = ctx.tmp;
        Box box = shape instanceof Box bx ? bx : null;
        double far = thick + 1e-9;
        final boolean coupled = ctx.coupledPoints > 0;
        for (int i = ctx.store.pointStart[body], e = i + ctx.store.pointCount[body]; i < e; i++) {
            if (coupled && ctx.heldBy[i] == slot) {
                continue; // attached to this body (AttachmentCoupling): the attachment places it, not a contact
            }
            int o = 3 * i;
            double dx = x[o] - ox, dy = x[o + 1] - oy, dz = x[o + 2] - oz;
            double lx = Inertia.rotX(-qx, -qy, -qz, qw, dx, dy, dz);
            double ly = Inertia.rotY(-qx, -qy, -qz, qw, dx, dy, dz);
            double lz = Inertia.rotZ(-qx, -qy, -qz, qw, dx, dy, dz);
            double d;
            if (ctx.entryPair[i] == pair) { // the face it came in through (continuous collision), not the nearest
                int ep = 4 * i;
                t[0] = ctx.entryPlane[ep];
                t[1] = ctx.entryPlane[ep + 1];
                t[2] = ctx.entryPlane[ep + 2];
                d = t[0] * lx + t[1] * ly + t[2] * lz - ctx.entryPlane[ep + 3];
            } else if (box != null && (Math.abs(lx) - box.halfX() > far || Math.abs(ly) - box.halfY() > far
                    || Math.abs(lz) - box.halfZ() > far)) {
                // farther than the contact offset outside a box along one of its axes: its distance is at
                // least that much, so it has no contact (the common case, decided without signedDistance's
                // square root and divisions; `far` is 1 nm above the offset so rounding cannot matter)
                continue;
            } else {
                d = signedDistance(shape, lx, ly, lz, thick, t);
            }
            double c = d - thick;
            if (!(c < 0)) {
                continue;
            }
            if (ctx.entryPair[i] != pair) {
                // bound the response to an overlap the sub-step began with (a cage placed inside its
                // contact offset, or pressed into a shape): recovered at most MAX_PUSH_OUT_SPEED * h
                // per sub-step, like the rigid solver's push-out; an overlap the sub-step's motion made
                // is removed whole. Before, a resting block with a 10 m offset was thrown 3.7 km in a second.
                double px = prev[o] - ox0, py = prev[o + 1] - oy0, pz = prev[o + 2] - oz0;
                double c0 = signedDistance(shape, Inertia.rotX(-qx0, -qy0, -qz0, qw0, px, py, pz),
                        Inertia.rotY(-qx0, -qy0, -qz0, qw0, px, py, pz), Inertia.rotZ(-qx0, -qy0, -qz0, qw0, px, py, pz),
                        thick, startNormal) - thick;
                if (c0 < -recover) {
                    c -= c0 + recover; // the target is c0 + recover (< 0), not 0
                    if (!(c < 0)) {
                        continue;
                    }
                }
            }
            correct(s, pair, body, slot, i, c, d, t, qx, qy, qz, qw, h);
        }
    }

    /**
     * (1) for a triangle-mesh pair: every control point against the pair's triangle
     * ({@link CouplingState#pairChild}), from the side of its plane the point was on when the sub-step began
     * ({@link CouplingShapes#meshTriangleDistance}), so a point that crossed the triangle within the sub-step is
     * pushed back out the way it came, however far it went: no continuous sweep is needed. The push-out of an
     * overlap the sub-step began with is bounded as for the other shapes.
     */
    private void projectMeshPoints(SoftBodyState s, int pair, TriangleMesh mesh, double h) {
        final int body = ctx.pairSoft[pair], slot = ctx.pairSlot[pair], tri = ctx.pairChild[pair];
        double thick = ctx.store.thickness[body];
        double[] ps = ctx.pairPoses(pair);
        double ox = ps[0], oy = ps[1], oz = ps[2], qx = ps[3], qy = ps[4], qz = ps[5], qw = ps[6];
        double ox0 = ps[7], oy0 = ps[8], oz0 = ps[9], qx0 = ps[10], qy0 = ps[11], qz0 = ps[12], qw0 = ps[13];
        double recover = MAX_PUSH_OUT_SPEED * h;
        double[] x = s.x, prev = s.prev;
        double[] t = ctx.tmp;
        double nx = mesh.normal(tri, 0), ny = mesh.normal(tri, 1), nz = mesh.normal(tri, 2);
        double ax = mesh.corner(tri, 0, 0), ay = mesh.corner(tri, 0, 1), az = mesh.corner(tri, 0, 2);
        double far = thick + 1e-9;
        for (int i = ctx.store.pointStart[body], e = i + ctx.store.pointCount[body]; i < e; i++) {
            int o = 3 * i;
            // the side the point was on when the sub-step began (the mesh's pose then)
            double px = prev[o] - ox0, py = prev[o + 1] - oy0, pz = prev[o + 2] - oz0;
            double sx = Inertia.rotX(-qx0, -qy0, -qz0, qw0, px, py, pz);
            double sy = Inertia.rotY(-qx0, -qy0, -qz0, qw0, px, py, pz);
            double sz = Inertia.rotZ(-qx0, -qy0, -qz0, qw0, px, py, pz);
            double side = nx * (sx - ax) + ny * (sy - ay) + nz * (sz - az) >= 0 ? 1 : -1;
            double dx = x[o] - ox, dy = x[o + 1] - oy, dz = x[o + 2] - oz;
            double lx = Inertia.rotX(-qx, -qy, -qz, qw, dx, dy, dz);
            double ly = Inertia.rotY(-qx, -qy, -qz, qw, dx, dy, dz);
            double lz = Inertia.rotZ(-qx, -qy, -qz, qw, dx, dy, dz);
            if (side * (nx * (lx - ax) + ny * (ly - ay) + nz * (lz - az)) > far) {
                continue; // in front of the plane by more than the offset: no contact with any part of the triangle
            }
            double d = CouplingShapes.meshTriangleDistance(mesh, tri, side, lx, ly, lz, far, meshScratch, t);
            double c = d - thick;
            if (!(c < 0)) {
                continue;
            }
            double c0 = CouplingShapes.meshTriangleDistance(mesh, tri, side, sx, sy, sz, far, meshScratch, startNormal)
                    - thick;
            if (c0 < -recover) {
                c -= c0 + recover; // the target is c0 + recover (< 0), not 0
                if (!(c < 0)) {
                    continue;
                }
            }
            correct(s, pair, body, slot, i, c, d, t, qx, qy, qz, qw, h);
        }
    }

    /**
     * The correction of control point {@code i} with constraint value {@code c < 0} at distance {@code d} along
     * the shape-frame normal {@code t[0..2]} of pair {@code pair}'s shape (turned by {@code q}): the point and the
     * rigid body move apart in proportion to their inverse masses, and the contact is recorded for friction.
     */
    private void correct(SoftBodyState s, int pair, int body, int slot, int i, double c, double d, double[] t,
                         double qx, double qy, double qz, double qw, double h) {
        final double[] x = s.x;
        final int o = 3 * i;
        double nx = Inertia.rotX(qx, qy, qz, qw, t[0], t[1], t[2]);
        double ny = Inertia.rotY(qx, qy, qz, qw, t[0], t[1], t[2]);
        double nz = Inertia.rotZ(qx, qy, qz, qw, t[0], t[1], t[2]);
        // contact point on the rigid surface
        double cx = x[o] - d * nx, cy = x[o + 1] - d * ny, cz = x[o + 2] - d * nz;
        double wr = response.rigidInverseMass(slot, cx, cy, cz, nx, ny, nz);
        double wp = s.invMass[i];
        if (wr + wp == 0) {
            return;
        }
        double dl = -c / (wp + wr);
        // the load on the rigid body (destruction's collision strain) when the soft body approached its surface
        double[] sv = ctx.softVelocity;
        ctx.load(pair, surfaceVelocity(slot, cx, cy, cz, nx, ny, nz)
                - (sv[3 * body] * nx + sv[3 * body + 1] * ny + sv[3 * body + 2] * nz), cx, cy, cz, dl / h);
        x[o] += wp * dl * nx;
        x[o + 1] += wp * dl * ny;
        x[o + 2] += wp * dl * nz;
        response.applyToRigid(slot, cx, cy, cz, -dl * nx, -dl * ny, -dl * nz, h, wr);
        ctx.contactSlot[i] = slot;
        ctx.contactN[o] = nx;
        ctx.contactN[o + 1] = ny;
        ctx.contactN[o + 2] = nz;
        ctx.contactDepth[i] += wp * dl;
        contacts++;
    }

    /**
     * The rigid body's velocity at world point c along n over this step, as the rigid solver moved it (the
     * displacement velocity of a moving candidate, {@link CouplingState#motion}; 0 for a static, sleeping or
     * resting body). Not its velocity within the soft pass: a slab resting on the ground starts the pass rising
     * at g dt (the step's gravity is taken back out, the ground's support is not), and a soft body resting on
     * it would load it every step.
     */
    private double surfaceVelocity(int slot, double cx, double cy, double cz, double nx, double ny, double nz) {
        int k = ctx.movingIndex[slot];
        if (k < 0) {
            return 0;
        }
        dev.rubble.core.body.BodyStore b = ctx.rigid;
        double[] u = ctx.motion;
        int o = 12 * k;
        double rx = cx - b.px[slot], ry = cy - b.py[slot], rz = cz - b.pz[slot];
        double vx = u[o] + u[o + 4] * rz - u[o + 5] * ry;
        double vy = u[o + 1] + u[o + 5] * rx - u[o + 3] * rz;
        double vz = u[o + 2] + u[o + 3] * ry - u[o + 4] * rx;
        return vx * nx + vy * ny + vz * nz;
    }

    // ---- (2) rigid features vs cage surface triangles ----------------------------------------

    void projectFeatures(SoftBodyState s, int pair, double h) {
        final int body = ctx.pairSoft[pair], slot = ctx.pairSlot[pair], f0 = ctx.pairFeature[pair];
        Shape shape = ctx.pairShape(pair);
        double[] ps = ctx.pairPoses(pair);
        double ox = ps[0], oy = ps[1], oz = ps[2], qx = ps[3], qy = ps[4], qz = ps[5], qw = ps[6];
        if (shape instanceof Box box) {
            for (int k = 0; k < 8; k++) {
                feature(s, pair, body, slot, ox, oy, oz, qx, qy, qz, qw, (k & 1) == 0 ? -box.halfX() : box.halfX(), (k & 2) == 0 ? -box.halfY() : box.halfY(),
                        (k & 4) == 0 ? -box.halfZ() : box.halfZ(), 0, h, ctx.featTri[f0 + k]);
            }
        } else if (shape instanceof Sphere sp) {
            feature(s, pair, body, slot, ox, oy, oz, qx, qy, qz, qw, 0, 0, 0, sp.radius(), h, ctx.featTri[f0]);
        } else if (shape instanceof Capsule cap) {
            feature(s, pair, body, slot, ox, oy, oz, qx, qy, qz, qw, 0, -cap.halfHeight(), 0, cap.radius(), h, ctx.featTri[f0]);
            feature(s, pair, body, slot, ox, oy, oz, qx, qy, qz, qw, 0, cap.halfHeight(), 0, cap.radius(), h, ctx.featTri[f0 + 1]);
        } else if (shape instanceof ConvexHull hull) {
            for (int k = 0, n = hull.vertexCount(); k < n; k++) {
                feature(s, pair, body, slot, ox, oy, oz, qx, qy, qz, qw, hull.vertex(k, 0), hull.vertex(k, 1), hull.vertex(k, 2), 0, h, ctx.featTri[f0 + k]);
            }
        }
    }

    /**
     * One rigid feature (shape-frame point {@code l} with radius {@code radius}; the shape at origin {@code o}, turned
     * by {@code q}) of rigid slot {@code slot} against soft body {@code body}'s surface.
     */
    void feature(SoftBodyState s, int pair, int body, int slot, double ox, double oy, double oz, double qx, double qy, double qz,
                 double qw, double lx, double ly, double lz, double radius, double h, int held) {
        double fx = ox + Inertia.rotX(qx, qy, qz, qw, lx, ly, lz);
        double fy = oy + Inertia.rotY(qx, qy, qz, qw, lx, ly, lz);
        double fz = oz + Inertia.rotZ(qx, qy, qz, qw, lx, ly, lz);
        double thick = ctx.store.thickness[body];
        double reach = radius + thick;
        // the cage's current bounds (prepare's, expanded): skip features far outside
        double[] bb = ctx.bodyBounds;
        int o6 = 6 * body;
        if (fx < bb[o6] - reach || fy < bb[o6 + 1] - reach || fz < bb[o6 + 2] - reach
                || fx > bb[o6 + 3] + reach || fy > bb[o6 + 4] + reach || fz > bb[o6 + 5] + reach) {
            return;
        }
        double[] x = s.x;
        int[] tri = ctx.store.surface;
        // it came in through triangle `held` (continuous collision): out through it again; else the nearest
        int from = held >= 0 ? held : ctx.store.surfaceStart[body];
        int best = nearestTriangle(x, tri, from, held >= 0 ? held + 1 : from + ctx.store.surfaceCount[body],
                fx, fy, fz, bary, nearest);
        double bestD2 = nearest[3], b0 = nearest[0], b1 = nearest[1], b2 = nearest[2];
        if (best < 0) {
            return;
        }
        int ia = tri[3 * best], ib = tri[3 * best + 1], ic = tri[3 * best + 2];
        if (ctx.coupledPoints > 0 && ctx.heldBy[ia] == slot && ctx.heldBy[ib] == slot && ctx.heldBy[ic] == slot) {
            return; // a face attached to this body (AttachmentCoupling) all round: the attachments place it
        }
        int pa = 3 * ia, pb = 3 * ib, pc = 3 * ic;
        double cx = b0 * x[pa] + b1 * x[pb] + b2 * x[pc];
        double cy = b0 * x[pa + 1] + b1 * x[pb + 1] + b2 * x[pc + 1];
        double cz = b0 * x[pa + 2] + b1 * x[pb + 2] + b2 * x[pc + 2];
        // outward face normal
        double nl = CouplingShapes.unitNormal(x, pa, pb, pc, normal);
        if (nl < 1e-300) {
            return;
        }
        double nx = normal[0], ny = normal[1], nz = normal[2];
        double dx = fx - cx, dy = fy - cy, dz = fz - cz;
        double side = dx * nx + dy * ny + dz * nz;
        double dist = Math.sqrt(bestD2);
        double c;
        // behind the nearest face's plane but beside the face (its nearest point on an edge or corner, well to
        // the side: -side < dist / 2) is outside a convex cage, near the edge: a contact with that edge or corner
        // if within reach, not a feature inside (whose nearest point on the nearest face lies straight ahead).
        // Only for a soft body with two-way attachments this pass (AttachmentCoupling: one turning about its
        // attachment point next to its holder meets this all the time, and a 1 m push threw a 2.4 kg block at
        // 380 m/s); other bodies keep the test as it was, bit for bit (docs/soft-bodies.md, "Coupling")
        boolean beside = side < 0 && held < 0 && -side < 0.5 * dist && ctx.coupledPoints > 0 && ctx.coupledBody[body];
        if (side >= 0 || beside) {
            if (dist > reach) {
                return;
            }
            if (dist > 1e-12) {
                nx = dx / dist;
                ny = dy / dist;
                nz = dz / dist;
            }
            c = dist - reach;
        } else {
            // inside the cage: out through the nearest face, but only near the surface. A feature
            // deeper than its radius plus a quarter of the triangle's size has passed a crushed region, where the
            // nearest face can be the far side (even one lying on the ground) and pushing through it
            // flings points; the points around it are pushed out of the shape by (1) instead
            if (held < 0 && dist > radius + 0.25 * Math.sqrt(0.5 * nl)) {
                return;
            }
            c = held >= 0 ? side - reach : -dist - reach;
        }
        if (!(c < 0)) {
            return;
        }
        // contact point on the rigid body: the feature's surface towards the triangle
        double px = fx - radius * nx, py = fy - radius * ny, pz = fz - radius * nz;
        double wr = response.rigidInverseMass(slot, px, py, pz, nx, ny, nz);
        double wa = s.invMass[ia], wb = s.invMass[ib], wc = s.invMass[ic];
        double wt = b0 * b0 * wa + b1 * b1 * wb + b2 * b2 * wc;
        if (wr + wt == 0) {
            return;
        }
        double dl = -c / (wr + wt);
        // the load on the rigid body when the soft body approached the feature (n points from the triangle to it)
        double[] sv = ctx.softVelocity;
        ctx.load(pair, sv[3 * body] * nx + sv[3 * body + 1] * ny + sv[3 * body + 2] * nz
                - surfaceVelocity(slot, px, py, pz, nx, ny, nz), px, py, pz, dl / h);
        // the rigid feature moves +n, the triangle point -n
        response.applyToRigid(slot, px, py, pz, dl * nx, dl * ny, dl * nz, h, wr);
        double fa = b0 * wa * dl, fb = b1 * wb * dl, fc = b2 * wc * dl;
        CouplingShapes.pushTriangle(x, pa, pb, pc, fa, fb, fc, nx, ny, nz);
        contacts++;
    }
}
