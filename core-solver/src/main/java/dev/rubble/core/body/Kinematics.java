package dev.rubble.core.body;

/**
 * Kinematic bodies: a target pose is turned into the velocities that reach it in one step, so the
 * solver sees a moving, infinitely heavy body; at the end of the step the pose snaps to the target
 * exactly so no drift accumulates, and the body stops there until it gets a new target.
 */
public final class Kinematics {
    private Kinematics() {
    }

    /**
     * Sets the target of kinematic body {@code s} to the origin pose (x, y, z, q) and its
     * velocities so that it arrives after {@code dt} seconds.
     */
    public static void setTarget(BodyStore b, int s, double x, double y, double z,
                                 double qx, double qy, double qz, double qw, double dt) {
        double n = Math.sqrt(qx * qx + qy * qy + qz * qz + qw * qw);
        if (!(n > 1e-12) || !Double.isFinite(x + y + z + n)) {
            throw new IllegalArgumentException("kinematic target must be finite with a non-zero quaternion");
        }
        qx /= n; qy /= n; qz /= n; qw /= n;
        // centre-of-mass target = origin + R(q_target) * localCom
        double cx = x + Inertia.rotX(qx, qy, qz, qw, b.lcx[s], b.lcy[s], b.lcz[s]);
        double cy = y + Inertia.rotY(qx, qy, qz, qw, b.lcx[s], b.lcy[s], b.lcz[s]);
        double cz = z + Inertia.rotZ(qx, qy, qz, qw, b.lcx[s], b.lcy[s], b.lcz[s]);
        aim(b, s, cx, cy, cz, qx, qy, qz, qw, dt);
    }

    /**
     * Sets the target of kinematic body {@code s} to the centre-of-mass pose (cx, cy, cz, q) and its
     * velocities so that it arrives after {@code dt} seconds: for a body whose recorded centre of mass
     * is what is known (journal playback), which lands there exactly whatever its centre-of-mass offset.
     */
    public static void setCentreTarget(BodyStore b, int s, double cx, double cy, double cz,
                                       double qx, double qy, double qz, double qw, double dt) {
        double n = Math.sqrt(qx * qx + qy * qy + qz * qz + qw * qw);
        if (!(n > 1e-12) || !Double.isFinite(cx + cy + cz + n)) {
            throw new IllegalArgumentException("kinematic target must be finite with a non-zero quaternion");
        }
        aim(b, s, cx, cy, cz, qx / n, qy / n, qz / n, qw / n, dt);
    }

    private static void aim(BodyStore b, int s, double cx, double cy, double cz,
                            double qx, double qy, double qz, double qw, double dt) {
        b.hasTarget[s] = true;
        b.tpx[s] = cx; b.tpy[s] = cy; b.tpz[s] = cz;
        b.tqx[s] = qx; b.tqy[s] = qy; b.tqz[s] = qz; b.tqw[s] = qw;
        b.vx[s] = (cx - b.px[s]) / dt;
        b.vy[s] = (cy - b.py[s]) / dt;
        b.vz[s] = (cz - b.pz[s]) / dt;
        // dq = target * conj(current), shortest arc
        double ax = b.qx[s], ay = b.qy[s], az = b.qz[s], aw = b.qw[s];
        double dx = qw * -ax + qx * aw + qy * -az - qz * -ay;
        double dy = qw * -ay - qx * -az + qy * aw + qz * -ax;
        double dz = qw * -az + qx * -ay - qy * -ax + qz * aw;
        double dw = qw * aw - qx * -ax - qy * -ay - qz * -az;
        if (dw < 0) {
            dx = -dx; dy = -dy; dz = -dz; dw = -dw;
        }
        double sin = Math.sqrt(dx * dx + dy * dy + dz * dz);
        if (sin < 1e-15) {
            b.wx[s] = b.wy[s] = b.wz[s] = 0;
        } else {
            double angle = 2 * StrictMath.atan2(sin, dw);
            double k = angle / (sin * dt);
            b.wx[s] = dx * k;
            b.wy[s] = dy * k;
            b.wz[s] = dz * k;
        }
    }

    /** Snaps kinematic body {@code s} onto its target and clears it; returns whether it had one. */
    public static boolean arrive(BodyStore b, int s) {
        if (!b.hasTarget[s]) {
            return false;
        }
        b.px[s] = b.tpx[s]; b.py[s] = b.tpy[s]; b.pz[s] = b.tpz[s];
        b.qx[s] = b.tqx[s]; b.qy[s] = b.tqy[s]; b.qz[s] = b.tqz[s]; b.qw[s] = b.tqw[s];
        // arrived: it stops until the next target (a kinematic body given only a velocity keeps it)
        b.vx[s] = b.vy[s] = b.vz[s] = 0;
        b.wx[s] = b.wy[s] = b.wz[s] = 0;
        b.hasTarget[s] = false;
        return true;
    }
}
