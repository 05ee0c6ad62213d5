package dev.rubble.core.destruction;

import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.Inertia;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.collision.ContactStore;
import java.util.Arrays;

/**
 * Restore breaking momentum (SPEC §5), before release: every dynamic body touching a holder that
 * broke this step, at a point that loaded it, gets back {@code share × J} of the impulse it received
 * there, normal and friction ({@code Δv = invM J share}, {@code Δω = invI (r × J) share}), so a
 * projectile punches through instead of stopping dead, and one that struck at a slant keeps its
 * share of the slant. Scratch: a stamp per body slot.
 */
final class MomentumReturn implements Pass {
    private final DestructionContext d;
    private int[] slotStamp = new int[0];
    private final double[] w3 = new double[3], basis = new double[6], j3 = new double[3];

    MomentumReturn(DestructionContext d) {
        this.d = d;
    }

    void run() {
        BodyStore b = d.bodies;
        ContactStore c = d.contacts;
        StrainGroups gr = d.groups;
        if (slotStamp.length < b.slotLimit()) {
            slotStamp = Arrays.copyOf(slotStamp, Math.max(b.slotLimit(), slotStamp.length * 2));
        }
        int st = d.stamp;
        for (int k = 0; k < gr.holderCount; k++) {
            if (gr.holderBroken[k] > 0) {
                slotStamp[b.slot(d.store.body[gr.holders[k]])] = st;
            }
        }
        for (int m = 0, n = c.size(); m < n; m++) {
            int a = c.bodyA[m], bb = c.bodyB[m];
            // on a cluster union's body the holder that broke is the member hit (its own body is disabled; the
            // union's body is the one in the solve and in the contact)
            int ma = d.unions.touched(c, m, true), mb = d.unions.touched(c, m, false);
            boolean ha = ma >= 0 && slotStamp[ma] == st && d.nodeOfSlot(ma) >= 0;
            boolean hb = mb >= 0 && slotStamp[mb] == st && d.nodeOfSlot(mb) >= 0;
            if (ha == hb) {
                continue; // neither, or both broke (each keeps what the solve gave it)
            }
            int holder = ha ? a : bb, other = ha ? bb : a;
            if (b.motion[other] != MotionType.DYNAMIC.ordinal() || b.state[other] != BodyState.AWAKE.ordinal()) {
                continue;
            }
            DestructionOptions opts = d.collections.get(d.store.collection[d.nodeOfSlot(ha ? ma : mb)]).options;
            double share = opts.restoreMomentum();
            if (share == 0) {
                continue;
            }
            // issue 22: a RESOLVE collection pays what it gives back: a dynamic holder gets the opposite
            // impulse (momentum stays conserved), a kinematic one's share comes from its anchors
            boolean pay = opts.impactMode() == ImpactMode.RESOLVE && b.motion[holder] == MotionType.DYNAMIC.ordinal();
            // impulse the other body received from the holder: +J on B, -J on A; give back share of it reversed
            double sign = ha ? -share : share;
            for (int k = 0, p = m * ContactStore.MAX_POINTS; k < c.pointCount[m]; k++, p++) {
                if (!(-c.relativeNormalVelocity[p] >= DestructionContext.MIN_APPROACH_SPEED)) {
                    continue;
                }
                // the whole impulse the point carried, normal and friction: the share of the momentum the
                // holder absorbed, as Chaos's RestoreBreakingMomentum takes the accumulated impulse
                c.impulse(m, p, basis, j3);
                double jx = j3[0] * sign, jy = j3[1] * sign, jz = j3[2] * sign;
                double rx = ha ? c.bx[p] : c.ax[p], ry = ha ? c.by[p] : c.ay[p], rz = ha ? c.bz[p] : c.az[p];
                double im = b.invMass[other];
                b.vx[other] += jx * im;
                b.vy[other] += jy * im;
                b.vz[other] += jz * im;
                Inertia.applyInverseWorld(b, other, ry * jz - rz * jy, rz * jx - rx * jz, rx * jy - ry * jx, w3);
                b.wx[other] += w3[0];
                b.wy[other] += w3[1];
                b.wz[other] += w3[2];
                if (b.motion[holder] != MotionType.DYNAMIC.ordinal()) { // an anchored or kinematic holder: its anchors give it
                    d.returnedByFixed[0] += jx;
                    d.returnedByFixed[1] += jy;
                    d.returnedByFixed[2] += jz;
                }
                if (pay) {
                    double hx = ha ? c.ax[p] : c.bx[p], hy = ha ? c.ay[p] : c.by[p], hz = ha ? c.az[p] : c.bz[p];
                    double ih = b.invMass[holder];
                    b.vx[holder] -= jx * ih;
                    b.vy[holder] -= jy * ih;
                    b.vz[holder] -= jz * ih;
                    Inertia.applyInverseWorld(b, holder, -(hy * jz - hz * jy), -(hz * jx - hx * jz), -(hx * jy - hy * jx), w3);
                    b.wx[holder] += w3[0];
                    b.wy[holder] += w3[1];
                    b.wz[holder] += w3[2];
                }
            }
        }
    }
}
