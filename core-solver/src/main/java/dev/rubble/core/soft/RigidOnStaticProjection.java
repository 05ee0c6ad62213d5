package dev.rubble.core.soft;

import static dev.rubble.core.soft.CouplingShapes.featureCount;
import static dev.rubble.core.soft.CouplingShapes.featureLocal;
import static dev.rubble.core.soft.CouplingShapes.signedDistance;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.Inertia;
import dev.rubble.core.body.MotionType;
import dev.rubble.spi.shape.Compound;
import dev.rubble.spi.shape.Shape;

/**
 * The coupling's moving rigid candidates against the static bodies near them (split out of
 * {@link SoftRigidCoupling}): a position pass each iteration ({@link #projectRigidOnStatic}) and a velocity pass at
 * the end of each sub-step ({@link #stopApproach}). A compound's children each bring their own features. The rigid
 * side goes through {@link RigidResponse}. Allocation-free.
 */
final class RigidOnStaticProjection {
    private final CouplingState ctx;
    private final RigidResponse response;
    /** The part being visited: its world origin and orientation (a body, or a compound's child placed on it). */
    private double partX, partY, partZ, partQx, partQy, partQz, partQw;

    RigidOnStaticProjection(CouplingState ctx, RigidResponse response) {
        this.ctx = ctx;
        this.response = response;
    }

    /** Penetration the rigid solver leaves in resting contacts, metres: the soft pass only removes deeper overlap. */
    static final double RIGID_SLOP = 0.005;

    /**
     * Moving rigid candidates against the static bodies near them (the ground, static walls:
     * {@link CouplingState#nearSlot}): their features (corners, centres with radius) are pushed out of the static
     * shapes. The soft pass has no rigid–rigid contacts otherwise, and a heavy soft body, or the
     * block a rigid body has been driven into, presses a light rigid body through the ground within
     * the pass (and from there under the soft body).
     */
    void projectRigidOnStatic(double h) {
        visit(h, false);
    }

    /**
     * The velocity pass of the moving rigid candidates against the static bodies near them (end of each sub-step):
     * a feature touching a static shape that still moves into it loses that approach, an inelastic contact at the
     * velocity level (the velocity update of Müller et al. 2020 §3.6 with restitution 0). The position pass leaves
     * the rigid solver's slop alone, so without this a soft body's pushes on a body lying on the ground piled up as
     * velocity into the ground that only the next rigid step took out: a wall piece under a cushion kept −0.41 m/s
     * and 2 rad/s of spin step after step, never slept, and dragged the soft points touching it along.
     */
    void stopApproach() {
        visit(0, true);
    }

    private void visit(double h, boolean velocity) {
        BodyStore b = ctx.rigid;
        for (int k = 0; k < ctx.moving; k++) {
            int m = ctx.movingSlot[k];
            if (b.motion[m] != MotionType.DYNAMIC.ordinal() || ctx.nearStart[k] == ctx.nearStart[k + 1]) {
                continue;
            }
            Shape shape = b.shape[m];
            if (shape instanceof Compound compound) {
                for (int c = 0, n = compound.childCount(); c < n; c++) {
                    Compound.Child ch = compound.child(c);
                    if (featureCount(ch.shape()) > 0) { // (a nested compound has none: not projected, as before)
                        part(k, m, ch.shape(), ch, h, velocity);
                    }
                }
            } else if (featureCount(shape) > 0) {
                part(k, m, shape, null, h, velocity);
            }
        }
    }

    /** Places the part (the body, or compound child {@code ch} on it) at the body's pose now into {@code part*}. */
    private void placePart(int m, Compound.Child ch) {
        BodyStore b = ctx.rigid;
        double qx = b.qx[m], qy = b.qy[m], qz = b.qz[m], qw = b.qw[m];
        partX = b.originX(m);
        partY = b.originY(m);
        partZ = b.originZ(m);
        if (ch == null) {
            partQx = qx;
            partQy = qy;
            partQz = qz;
            partQw = qw;
            return;
        }
        partX += Inertia.rotX(qx, qy, qz, qw, ch.x(), ch.y(), ch.z());
        partY += Inertia.rotY(qx, qy, qz, qw, ch.x(), ch.y(), ch.z());
        partZ += Inertia.rotZ(qx, qy, qz, qw, ch.x(), ch.y(), ch.z());
        double bx = ch.qx(), by = ch.qy(), bz = ch.qz(), bw = ch.qw();
        partQx = qw * bx + qx * bw + qy * bz - qz * by;
        partQy = qw * by - qx * bz + qy * bw + qz * bx;
        partQz = qw * bz + qx * by - qy * bx + qz * bw;
        partQw = qw * bw - qx * bx - qy * by - qz * bz;
    }

    /** One part of moving candidate {@code k} (slot m): the body's own shape, or compound child {@code ch}'s. */
    private void part(int k, int m, Shape shape, Compound.Child ch, double h, boolean velocity) {
        BodyStore b = ctx.rigid;
        int n = featureCount(shape);
        placePart(m, ch);
        for (int q = ctx.nearStart[k]; q < ctx.nearStart[k + 1]; q++) {
            int st = ctx.nearSlot[q];
            Shape other = b.shape[st];
            double ox = b.originX(st), oy = b.originY(st), oz = b.originZ(st);
            double sx = b.qx[st], sy = b.qy[st], sz = b.qz[st], sw = b.qw[st];
            for (int f = 0; f < n; f++) {
                double radius = featureLocal(shape, f, ctx.tmp);
                double lx = ctx.tmp[0], ly = ctx.tmp[1], lz = ctx.tmp[2];
                double qx = partQx, qy = partQy, qz = partQz, qw = partQw;
                double fx = partX + Inertia.rotX(qx, qy, qz, qw, lx, ly, lz);
                double fy = partY + Inertia.rotY(qx, qy, qz, qw, lx, ly, lz);
                double fz = partZ + Inertia.rotZ(qx, qy, qz, qw, lx, ly, lz);
                double dx = fx - ox, dy = fy - oy, dz = fz - oz;
                double ux = Inertia.rotX(-sx, -sy, -sz, sw, dx, dy, dz);
                double uy = Inertia.rotY(-sx, -sy, -sz, sw, dx, dy, dz);
                double uz = Inertia.rotZ(-sx, -sy, -sz, sw, dx, dy, dz);
                double d = signedDistance(other, ux, uy, uz, radius, ctx.tmp);
                double c = velocity ? d - radius : d - radius + RIGID_SLOP;
                if (!(c < 0)) {
                    continue;
                }
                double nx = Inertia.rotX(sx, sy, sz, sw, ctx.tmp[0], ctx.tmp[1], ctx.tmp[2]);
                double ny = Inertia.rotY(sx, sy, sz, sw, ctx.tmp[0], ctx.tmp[1], ctx.tmp[2]);
                double nz = Inertia.rotZ(sx, sy, sz, sw, ctx.tmp[0], ctx.tmp[1], ctx.tmp[2]);
                double px = fx - radius * nx, py = fy - radius * ny, pz = fz - radius * nz;
                if (velocity) {
                    double rx = px - b.px[m], ry = py - b.py[m], rz = pz - b.pz[m];
                    double vn = (b.vx[m] + b.wy[m] * rz - b.wz[m] * ry) * nx
                            + (b.vy[m] + b.wz[m] * rx - b.wx[m] * rz) * ny
                            + (b.vz[m] + b.wx[m] * ry - b.wy[m] * rx) * nz;
                    if (!(vn < 0)) {
                        continue;
                    }
                    double wr = response.rigidInverseMass(m, px, py, pz, nx, ny, nz);
                    if (wr == 0) {
                        continue;
                    }
                    double j = -vn / wr;
                    response.applyVelocityImpulse(m, px, py, pz, j * nx, j * ny, j * nz);
                } else {
                    double wr = response.rigidInverseMass(m, px, py, pz, nx, ny, nz);
                    if (wr == 0) {
                        continue;
                    }
                    double dl = -c / wr;
                    response.applyToRigid(m, px, py, pz, dl * nx, dl * ny, dl * nz, h, wr);
                    placePart(m, ch); // the correction moved the body: the next features from its new pose
                }
            }
        }
    }
}
