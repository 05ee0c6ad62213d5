package dev.rubble.core.soft;

import static dev.rubble.core.soft.CouplingShapes.featureCount;
import static dev.rubble.core.soft.CouplingShapes.featureLocal;
import static dev.rubble.core.soft.CouplingShapes.signedDistance;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.Inertia;
import dev.rubble.core.body.MotionType;
import dev.rubble.spi.shape.Shape;

/**
 * Projection of the coupling's moving rigid candidates out of the static bodies near them
 * (split out of {@link SoftRigidCoupling}). The rigid side goes through
 * {@link RigidResponse}. Allocation-free.
 */
final class RigidOnStaticProjection {
    private final CouplingState ctx;
    private final RigidResponse response;

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
        BodyStore b = ctx.rigid;
        for (int k = 0; k < ctx.moving; k++) {
            int m = ctx.movingSlot[k];
            if (b.motion[m] != MotionType.DYNAMIC.ordinal()) {
                continue;
            }
            Shape shape = b.shape[m];
            int n = featureCount(shape);
            for (int q = ctx.nearStart[k]; q < ctx.nearStart[k + 1]; q++) {
                int st = ctx.nearSlot[q];
                Shape other = b.shape[st];
                double ox = b.originX(st), oy = b.originY(st), oz = b.originZ(st);
                double sx = b.qx[st], sy = b.qy[st], sz = b.qz[st], sw = b.qw[st];
                for (int f = 0; f < n; f++) {
                    double radius = featureLocal(shape, f, ctx.tmp);
                    double lx = ctx.tmp[0], ly = ctx.tmp[1], lz = ctx.tmp[2];
                    double qx = b.qx[m], qy = b.qy[m], qz = b.qz[m], qw = b.qw[m];
                    double fx = b.originX(m) + Inertia.rotX(qx, qy, qz, qw, lx, ly, lz);
                    double fy = b.originY(m) + Inertia.rotY(qx, qy, qz, qw, lx, ly, lz);
                    double fz = b.originZ(m) + Inertia.rotZ(qx, qy, qz, qw, lx, ly, lz);
                    double dx = fx - ox, dy = fy - oy, dz = fz - oz;
                    double ux = Inertia.rotX(-sx, -sy, -sz, sw, dx, dy, dz);
                    double uy = Inertia.rotY(-sx, -sy, -sz, sw, dx, dy, dz);
                    double uz = Inertia.rotZ(-sx, -sy, -sz, sw, dx, dy, dz);
                    double d = signedDistance(other, ux, uy, uz, radius, ctx.tmp);
                    double c = d - radius + RIGID_SLOP;
                    if (!(c < 0)) {
                        continue;
                    }
                    double nx = Inertia.rotX(sx, sy, sz, sw, ctx.tmp[0], ctx.tmp[1], ctx.tmp[2]);
                    double ny = Inertia.rotY(sx, sy, sz, sw, ctx.tmp[0], ctx.tmp[1], ctx.tmp[2]);
                    double nz = Inertia.rotZ(sx, sy, sz, sw, ctx.tmp[0], ctx.tmp[1], ctx.tmp[2]);
                    double px = fx - radius * nx, py = fy - radius * ny, pz = fz - radius * nz;
                    double wr = response.rigidInverseMass(m, px, py, pz, nx, ny, nz);
                    if (wr == 0) {
                        continue;
                    }
                    double dl = -c / wr;
                    response.applyToRigid(m, px, py, pz, dl * nx, dl * ny, dl * nz, h, wr);
                }
            }
        }
    }
}
