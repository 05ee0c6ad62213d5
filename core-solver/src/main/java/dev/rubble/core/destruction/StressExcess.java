package dev.rubble.core.destruction;

import dev.rubble.core.body.BodyStore;
import dev.rubble.spi.stress.StressGraph;
import java.util.Arrays;

/**
 * The excess load of bonds the stress model broke past their fatal limit (issue 30;
 * docs/destruction.md "Stress", "Excess load to the new pieces"): recorded by the {@link StressPass}
 * as it cuts them, handed to the pieces on either side after the cut pass has split the holders.
 * Structure of arrays, grown as needed, no allocation per step once grown.
 */
final class StressExcess {
    private final DestructionContext d;

    StressExcess(DestructionContext d) {
        this.d = d;
    }

    /** Forgets the records of the last run. */
    void clear() {
        excessCount = 0;
    }

    private int excessCount;
    private int[] excessBond = new int[8];
    /** Per record: collection, then 9 doubles: share × F, share × M (collection frame), the bond centroid. */
    private double[] excessLoad = new double[72];

    /** Records bond e of collection c (graph bond k of g) broken with excess share {@code share}. */
    void record(int c, int e, StressGraph g, int k, double share) {
        if (excessCount == excessBond.length / 2) {
            excessBond = Arrays.copyOf(excessBond, 2 * excessBond.length);
            excessLoad = Arrays.copyOf(excessLoad, 2 * excessLoad.length);
        }
        excessBond[2 * excessCount] = c;
        excessBond[2 * excessCount + 1] = e;
        int o = 9 * excessCount++;
        for (int j = 0; j < 3; j++) {
            excessLoad[o + j] = share * g.bondForce[3 * k + j];
            excessLoad[o + 3 + j] = share * g.bondMoment[3 * k + j];
            excessLoad[o + 6 + j] = g.centroid[3 * k + j];
        }
    }

    private final double[] w3 = new double[3];

    /** Impulses handed out by the last {@link #apply()}: sum of |J| (N·s), for tests and the console. */
    double excessImpulse;

    /**
     * After the cut pass has split the holders: every bond this run broke past its fatal limit hands
     * the share of its load above that limit to the pieces on its two sides, over one step —
     *
     * <pre>
     *  node b's loads were balanced by what a exerted on it, F (at the bond centroid c) and M:
     *  b gets  J_b = −s F dt at c  and  −s M dt;   a gets  J_a = +s F dt at c  and  +s M dt
     * </pre>
     *
     * (s the model's excess share), into the velocities of the dynamic bodies now holding a and b
     * (a kinematic or anchored side is a support: its share goes into the ground). Equal and
     * opposite at the same point: between two dynamic pieces the linear and the angular momentum
     * are unchanged; a piece torn from a support gets the excess of its own load.
     */
    void apply() {
        excessImpulse = 0;
        BodyStore b = d.bodies;
        ClusterStore s = d.store;
        double[] w3 = this.w3;
        for (int i = 0; i < excessCount; i++) {
            PlacedCollection pc = d.collections.get(excessBond[2 * i]);
            int e = excessBond[2 * i + 1];
            int o = 9 * i;
            for (int side = 0; side < 2; side++) {
                int node = pc.base + (side == 0 ? pc.asset.edgeA()[e] : pc.asset.edgeB()[e]);
                int top = s.top(node);
                long h = s.body[top];
                if (h == ClusterStore.NONE || !b.isLive((int) h) || b.handle((int) h) != h) {
                    continue;
                }
                int slot = (int) h;
                if (b.motion(slot) != dev.rubble.core.body.MotionType.DYNAMIC) {
                    continue;
                }
                double sign = (side == 0 ? 1 : -1) * d.dt;
                double qx = b.qx[slot], qy = b.qy[slot], qz = b.qz[slot], qw = b.qw[slot];
                double fx = sign * excessLoad[o], fy = sign * excessLoad[o + 1], fz = sign * excessLoad[o + 2];
                double jx = Rot.x(qx, qy, qz, qw, fx, fy, fz), jy = Rot.y(qx, qy, qz, qw, fx, fy, fz),
                        jz = Rot.z(qx, qy, qz, qw, fx, fy, fz);
                double mx = sign * excessLoad[o + 3], my = sign * excessLoad[o + 4], mz = sign * excessLoad[o + 5];
                double lx = excessLoad[o + 6] - s.com[3 * top], ly = excessLoad[o + 7] - s.com[3 * top + 1],
                        lz = excessLoad[o + 8] - s.com[3 * top + 2];
                double rx = Rot.x(qx, qy, qz, qw, lx, ly, lz), ry = Rot.y(qx, qy, qz, qw, lx, ly, lz),
                        rz = Rot.z(qx, qy, qz, qw, lx, ly, lz);
                double tx = ry * jz - rz * jy + Rot.x(qx, qy, qz, qw, mx, my, mz);
                double ty = rz * jx - rx * jz + Rot.y(qx, qy, qz, qw, mx, my, mz);
                double tz = rx * jy - ry * jx + Rot.z(qx, qy, qz, qw, mx, my, mz);
                double im = b.invMass[slot];
                b.vx[slot] += jx * im;
                b.vy[slot] += jy * im;
                b.vz[slot] += jz * im;
                dev.rubble.core.body.Inertia.applyInverseWorld(b, slot, tx, ty, tz, w3);
                b.wx[slot] += w3[0];
                b.wy[slot] += w3[1];
                b.wz[slot] += w3[2];
                excessImpulse += Math.sqrt(jx * jx + jy * jy + jz * jz);
            }
        }
        excessCount = 0;
    }
}
