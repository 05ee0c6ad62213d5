package dev.rubble.core.soft;

import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.Inertia;
import dev.rubble.core.body.MotionType;
import java.util.Arrays;

/**
 * The rigid side of every soft–rigid correction (split out of {@link SoftRigidCoupling}): the
 * rigid body's generalised inverse mass at a contact point, and the positional impulse applied to
 * it, moving it and changing its velocity by the same displacement over the sub-step (XPBD, Müller
 * et al. 2020 §3.5). A sleeping dynamic body is not moved but listed in
 * {@link CouplingState#touchedSlot} to be woken after the pass. Allocation-free.
 */
final class RigidResponse {
    private final CouplingState ctx;

    RigidResponse(CouplingState ctx) {
        this.ctx = ctx;
    }

    /** {@code q += (θ, 0) q / 2}, renormalised: the first-order rotation by the small angle vector θ. */
    static void rotate(BodyStore b, int s, double ax, double ay, double az) {
        if (ax != 0 || ay != 0 || az != 0) {
            b.turn(s, ax, ay, az);
        }
    }

    /** Generalised inverse mass of the rigid body at world point c along n; 0 when it does not move here. */
    double rigidInverseMass(int slot, double cx, double cy, double cz, double nx, double ny, double nz) {
        BodyStore b = ctx.rigid;
        if (b.state[slot] != BodyState.AWAKE.ordinal() || b.motion[slot] != MotionType.DYNAMIC.ordinal()) {
            return 0;
        }
        double rx = cx - b.px[slot], ry = cy - b.py[slot], rz = cz - b.pz[slot];
        double tx = ry * nz - rz * ny, ty = rz * nx - rx * nz, tz = rx * ny - ry * nx;
        Inertia.applyInverseWorld(b, slot, tx, ty, tz, ctx.tmp);
        return b.invMass[slot] + tx * ctx.tmp[0] + ty * ctx.tmp[1] + tz * ctx.tmp[2];
    }

    /**
     * Moves the rigid body by the positional impulse {@code p} (kg·m) at world point c and changes
     * its velocity by the same displacement over h; a sleeping dynamic body is only marked to wake.
     */
    void applyToRigid(int slot, double cx, double cy, double cz, double px, double py, double pz, double h,
                              double wr) {
        BodyStore b = ctx.rigid;
        if (wr == 0) {
            if (b.state[slot] == BodyState.SLEEPING.ordinal() && ctx.stamp[slot] != -ctx.stampValue) {
                ctx.stamp[slot] = -ctx.stampValue;
                if (ctx.touched == ctx.touchedSlot.length) {
                    ctx.touchedSlot = Arrays.copyOf(ctx.touchedSlot, 2 * ctx.touched);
                }
                ctx.touchedSlot[ctx.touched++] = slot;
            }
            return;
        }
        double im = b.invMass[slot], invH = 1 / h;
        b.sleepTime[slot] = 0; // held by a soft body: not still yet
        b.px[slot] += px * im;
        b.py[slot] += py * im;
        b.pz[slot] += pz * im;
        b.vx[slot] += px * im * invH;
        b.vy[slot] += py * im * invH;
        b.vz[slot] += pz * im * invH;
        double rx = cx - b.px[slot], ry = cy - b.py[slot], rz = cz - b.pz[slot];
        double tx = ry * pz - rz * py, ty = rz * px - rx * pz, tz = rx * py - ry * px;
        Inertia.applyInverseWorld(b, slot, tx, ty, tz, ctx.tmp);
        double ax = ctx.tmp[0], ay = ctx.tmp[1], az = ctx.tmp[2];
        b.wx[slot] += ax * invH;
        b.wy[slot] += ay * invH;
        b.wz[slot] += az * invH;
        rotate(b, slot, ax, ay, az);
    }

    /**
     * Changes an awake dynamic body's velocity by the impulse {@code j} (N·s) at world point c (friction, at the
     * velocity level: the pose follows in the next sub-steps).
     */
    void applyVelocityImpulse(int slot, double cx, double cy, double cz, double jx, double jy, double jz) {
        BodyStore b = ctx.rigid;
        double im = b.invMass[slot];
        b.vx[slot] += jx * im;
        b.vy[slot] += jy * im;
        b.vz[slot] += jz * im;
        double rx = cx - b.px[slot], ry = cy - b.py[slot], rz = cz - b.pz[slot];
        Inertia.applyInverseWorld(b, slot, ry * jz - rz * jy, rz * jx - rx * jz, rx * jy - ry * jx, ctx.tmp);
        b.wx[slot] += ctx.tmp[0];
        b.wy[slot] += ctx.tmp[1];
        b.wz[slot] += ctx.tmp[2];
    }
}
