package dev.rubble.core.destruction;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.destruction.Unions.Member;
import dev.rubble.core.destruction.Unions.Union;
import dev.rubble.spi.shape.Compound;
import dev.rubble.spi.shape.InertiaTensor;
import dev.rubble.spi.shape.MassProperties;
import dev.rubble.spi.shape.Shape;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The union body of {@link Unions} (issue 29): members placed from their union's body, and the
 * rebuild of a union's body from its members (mass, centre of mass, parallel-axis inertia, kept
 * momentum, the compound of the members' sub-shapes, merged properties, edges).
 */
final class UnionBody {
    private final DestructionContext d;
    private final Unions un;
    private final UnionSplit splitter;
    private final UnionEdges graph = new UnionEdges();

    UnionBody(DestructionContext d, Unions un) {
        this.d = d;
        this.un = un;
        this.splitter = new UnionSplit(d, un);
    }

    void syncAll(Union u) {
        if (!un.live(u.body)) {
            return;
        }
        for (int i = 0, n = u.members.size(); i < n; i++) {
            Member m = u.members.get(i);
            if (m.in && un.live(m.handle)) {
                sync(u, m);
            }
        }
    }

    /** Member m's body takes its place in u: origin = x_u + R_u l, q = q_u lq; v = v_u + w_u x r, w = w_u. */
    void sync(Union u, Member m) {
        BodyStore b = d.bodies;
        int us = (int) u.body, s = (int) m.handle;
        double qx = b.qx[us], qy = b.qy[us], qz = b.qz[us], qw = b.qw[us];
        double ox = b.px[us] + Rot.x(qx, qy, qz, qw, m.lx, m.ly, m.lz);
        double oy = b.py[us] + Rot.y(qx, qy, qz, qw, m.lx, m.ly, m.lz);
        double oz = b.pz[us] + Rot.z(qx, qy, qz, qw, m.lx, m.ly, m.lz);
        double nw = qw * m.lqw - qx * m.lqx - qy * m.lqy - qz * m.lqz;
        double nx = qw * m.lqx + qx * m.lqw + qy * m.lqz - qz * m.lqy;
        double ny = qw * m.lqy - qx * m.lqz + qy * m.lqw + qz * m.lqx;
        double nz = qw * m.lqz + qx * m.lqy - qy * m.lqx + qz * m.lqw;
        b.qx[s] = nx;
        b.qy[s] = ny;
        b.qz[s] = nz;
        b.qw[s] = nw;
        b.setOriginPosition(s, ox, oy, oz);
        b.carryWith(s, us);
    }

    /** Rebuilds u's body from its members (see the class comment). */
    void rebuild(Union u, Map<Integer, Union> touched) {
        BodyStore b = d.bodies;
        syncAll(u);
        if (un.live(u.body)) {
            u.capture(b, (int) u.body, un.membersMotion(u)); // before the split: islands that become unions inherit it
            u.ownEvents = d.host.bodyEventKinds(u.body);
        }
        if (u.regraph) {
            // pieces of a broken member joined (not in the body yet: their bodies hold their world pose)
            u.regraph = false;
            int n = u.members.size();
            int[] slots = new int[n];
            for (int i = 0; i < n; i++) {
                slots[i] = (int) u.members.get(i).handle;
            }
            u.edges = graph.compute(d.bodies, slots, n);
        }
        if (u.check) {
            u.check = false;
            splitter.split(u, touched);
        }
        double uqx = 0, uqy = 0, uqz = 0, uqw = 1;
        boolean wasAsleep = false;
        if (un.live(u.body)) {
            int us = (int) u.body;
            uqx = b.qx[us];
            uqy = b.qy[us];
            uqz = b.qz[us];
            uqw = b.qw[us];
            wasAsleep = b.state(us) == BodyState.SLEEPING;
            un.setUnionSlot(us, null);
            un.log.add(UnionLog.RETIRE, u.id, u.body, un.eventsBefore());
            d.host.retireBody(u.body);
            u.body = -1;
        }
        u.leftMotions = 0; // consumed: the capture above and the split's frees have read it
        int n = u.members.size();
        if (n == 0) {
            u.removed = true;
            un.unions.remove(u.id);
            return;
        }
        // the members' world state is in their bodies now. A static member makes the union static, else a
        // kinematic member (an anchored collection's holder, a kinematic body) makes it kinematic (Chaos's
        // UpdateKinematicProperties, reference §3.4, §8.2); one without a finite mass (created static or
        // kinematic) adds its shape but no mass
        int kin = -1;
        boolean fixed = false;
        boolean unitMasses = true;
        for (int i = 0; i < n; i++) {
            Member m = u.members.get(i);
            int s = (int) m.handle;
            m.kinematic = b.motion[s] == (byte) dev.rubble.core.body.MotionType.KINEMATIC.ordinal();
            m.fixed = b.motion[s] == (byte) dev.rubble.core.body.MotionType.STATIC.ordinal();
            if (m.kinematic && kin < 0) {
                kin = s;
            }
            fixed |= m.fixed;
            unitMasses &= !hasMass(b, s);
        }
        double mass = 0, cx = 0, cy = 0, cz = 0, px = 0, py = 0, pz = 0;
        boolean asleep = true, debris = true, gravity = true;
        double gsum = 0, lin = 0, ang = 0, sleep = Double.NaN;
        int[] slots = new int[n];
        for (int i = 0; i < n; i++) {
            Member m = u.members.get(i);
            int s = (int) m.handle;
            slots[i] = s;
            double mi = memberMass(b, s, unitMasses);
            mass += mi;
            cx += mi * b.px[s];
            cy += mi * b.py[s];
            cz += mi * b.pz[s];
            px += mi * b.vx[s];
            py += mi * b.vy[s];
            pz += mi * b.vz[s];
            asleep &= m.in ? wasAsleep : b.state(s) == BodyState.SLEEPING;
            debris &= b.debris[s] != 0;
            gravity &= b.gravityScale[s] != 0;
            gsum += mi * b.gravityScale[s];
            lin = Math.max(lin, b.linearDamping[s]);
            ang = Math.max(ang, b.angularDamping[s]);
            double st = b.sleepThreshold[s];
            if (!Double.isNaN(st)) {
                sleep = Double.isNaN(sleep) ? st : Math.min(sleep, st);
            }
        }
        cx /= mass;
        cy /= mass;
        cz /= mass;
        // inertia about the union's centre in the union frame, and world angular momentum about it
        double[] about = new double[9];
        double lx = 0, ly = 0, lz = 0;
        List<Compound.Child> children = new ArrayList<>();
        int[] childMember = new int[4];
        for (int i = 0; i < n; i++) {
            int s = slots[i];
            double rx = b.px[s] - cx, ry = b.py[s] - cy, rz = b.pz[s] - cz;
            // principal frame in world: q_s * iq_s; in the union frame: conj(q_u) * that
            double[] pq = mul(b.qx[s], b.qy[s], b.qz[s], b.qw[s], b.iqx[s], b.iqy[s], b.iqz[s], b.iqw[s]);
            double[] lq = mul(-uqx, -uqy, -uqz, uqw, pq[0], pq[1], pq[2], pq[3]);
            double mi = memberMass(b, s, unitMasses);
            boolean massive = hasMass(b, s); // else a point of mass mi
            double ix = massive ? inv(b.invIx[s]) : 0, iy = massive ? inv(b.invIy[s]) : 0, iz = massive ? inv(b.invIz[s]) : 0;
            if (mi > 0) {
                InertiaTensor.addAboutOrigin(new MassProperties(mi,
                        Rot.x(-uqx, -uqy, -uqz, uqw, rx, ry, rz), Rot.y(-uqx, -uqy, -uqz, uqw, rx, ry, rz),
                        Rot.z(-uqx, -uqy, -uqz, uqw, rx, ry, rz), ix, iy, iz, lq[0], lq[1], lq[2], lq[3]), about);
            }
            // L_i = R_p D R_p^T w + m r x v
            double wx = b.wx[s], wy = b.wy[s], wz = b.wz[s];
            double ax = Rot.x(-pq[0], -pq[1], -pq[2], pq[3], wx, wy, wz) * ix;
            double ay = Rot.y(-pq[0], -pq[1], -pq[2], pq[3], wx, wy, wz) * iy;
            double az = Rot.z(-pq[0], -pq[1], -pq[2], pq[3], wx, wy, wz) * iz;
            lx += Rot.x(pq[0], pq[1], pq[2], pq[3], ax, ay, az) + mi * (ry * b.vz[s] - rz * b.vy[s]);
            ly += Rot.y(pq[0], pq[1], pq[2], pq[3], ax, ay, az) + mi * (rz * b.vx[s] - rx * b.vz[s]);
            lz += Rot.z(pq[0], pq[1], pq[2], pq[3], ax, ay, az) + mi * (rx * b.vy[s] - ry * b.vx[s]);
            // the member's origin pose in the union frame, then its sub-shapes
            Member m = u.members.get(i);
            double ox = b.originX(s) - cx, oy = b.originY(s) - cy, oz = b.originZ(s) - cz;
            m.lx = Rot.x(-uqx, -uqy, -uqz, uqw, ox, oy, oz);
            m.ly = Rot.y(-uqx, -uqy, -uqz, uqw, ox, oy, oz);
            m.lz = Rot.z(-uqx, -uqy, -uqz, uqw, ox, oy, oz);
            double[] mq = mul(-uqx, -uqy, -uqz, uqw, b.qx[s], b.qy[s], b.qz[s], b.qw[s]);
            m.lqx = mq[0];
            m.lqy = mq[1];
            m.lqz = mq[2];
            m.lqw = mq[3];
            int before = children.size();
            appendChildren(b.shape[s], m.lx, m.ly, m.lz, m.lqx, m.lqy, m.lqz, m.lqw, children);
            for (int k = before; k < children.size(); k++) {
                childMember = put(childMember, k, i);
            }
        }
        MassProperties mp = InertiaTensor.principal(mass, 0, 0, 0, about);
        // w = R_u R_p D^-1 R_p^T R_u^T L
        double[] up = mul(uqx, uqy, uqz, uqw, mp.qx(), mp.qy(), mp.qz(), mp.qw());
        double tx = Rot.x(-up[0], -up[1], -up[2], up[3], lx, ly, lz) / mp.ixx();
        double ty = Rot.y(-up[0], -up[1], -up[2], up[3], lx, ly, lz) / mp.iyy();
        double tz = Rot.z(-up[0], -up[1], -up[2], up[3], lx, ly, lz) / mp.izz();
        double wx = Rot.x(up[0], up[1], up[2], up[3], tx, ty, tz);
        double wy = Rot.y(up[0], up[1], up[2], up[3], tx, ty, tz);
        double wz = Rot.z(up[0], up[1], up[2], up[3], tx, ty, tz);
        int s0 = slots[0];
        double vx = px / mass, vy = py / mass, vz = pz / mass;
        if (fixed) {
            // static: it never moves (a static body keeps a zero velocity, which its contacts read)
            vx = vy = vz = wx = wy = wz = 0;
            asleep = false;
        } else if (kin >= 0 && pinned(kin)) {
            // kinematic by an anchored collection's holder: held where it is, as a holder made kinematic by its
            // anchors stops (an anchor set on a welded wall of a falling union holds it at once)
            vx = vy = vz = wx = wy = wz = 0;
            asleep = false; // a kinematic body never sleeps (BodyDef refuses one; dfuzz17: an anchor set on a sleeping union threw)
        } else if (kin >= 0) {
            asleep = false;
            // kinematic: it moves as its first kinematic member does
            wx = b.wx[kin];
            wy = b.wy[kin];
            wz = b.wz[kin];
            double rx = cx - b.px[kin], ry = cy - b.py[kin], rz = cz - b.pz[kin];
            vx = b.vx[kin] + wy * rz - wz * ry;
            vy = b.vy[kin] + wz * rx - wx * rz;
            vz = b.vz[kin] + wx * ry - wy * rx;
        }
        BodyDef def = BodyDef.of(new Compound(children)).withLabel("union " + u.id)
                .withPosition(cx, cy, cz).withOrientation(uqx, uqy, uqz, uqw)
                .withLinearVelocity(vx, vy, vz).withAngularVelocity(wx, wy, wz)
                .withMass(mass).withMaterial(b.friction[s0], b.restitution[s0])
                .withGravityScale(gravity ? gsum / mass : 0).withDamping(lin, ang).withAsleep(asleep);
        if (fixed) {
            def = def.withMotion(dev.rubble.core.body.MotionType.STATIC);
        } else if (kin >= 0) {
            def = def.withMotion(dev.rubble.core.body.MotionType.KINEMATIC);
        }
        for (int i = 0; i < n; i++) {
            Member m = u.members.get(i);
            if (!m.in) {
                d.host.disableBody(m.handle);
                m.in = true;
            }
        }
        long h = d.host.createBody(def, mp);
        int us = b.slot(h);
        if (kin >= 0 && !fixed && !unitMasses) {
            // a kinematic union carries its members' mass, as a body made kinematic keeps its own (Chaos: a cluster's
            // mass is its children's whatever its state): the solver moves it not at all while it is kinematic, and
            // a dynamic-state field or setMotion can make it dynamic (before, created kinematic it had none, and
            // making it dynamic threw "has no mass")
            b.setMassProperties(us, mp);
        }
        b.debris[us] = (byte) (debris ? 1 : 0);
        b.sleepThreshold[us] = sleep;
        b.collisionLayer[us] = b.collisionLayer[s0];
        b.collisionMask[us] = b.collisionMask[s0];
        boolean own = u.own;
        if (own) {
            // a rebuilt union keeps its own settings (what a field or the API set on the welded structure):
            // collision filter, sleep and disable thresholds; its motion and being out of the simulation below
            u.own = false;
            sleep = u.ownSleep;
            b.sleepThreshold[us] = sleep;
            b.collisionLayer[us] = u.ownLayer;
            b.collisionMask[us] = u.ownMask;
            if (u.ownDisable > 0) {
                if (!(b.disableThreshold[us] > 0)) {
                    b.disableThresholds++;
                }
                b.disableThreshold[us] = u.ownDisable;
            }
        }
        u.body = h;
        u.childMember = Arrays.copyOf(childMember, children.size());
        un.setUnionSlot(us, u);
        logCreate(u, h, def, mp, debris, sleep, s0);
        if (own && u.ownMotion >= 0 && u.ownMotion != b.motion[us]
                && (u.ownMotion != (byte) dev.rubble.core.body.MotionType.DYNAMIC.ordinal() || b.invMass[us] > 0)) {
            // made kinematic or static, or dynamic though a member made it kinematic (a union without any member
            // of finite mass cannot be dynamic: it stays as derived)
            d.host.setMotion(h, dev.rubble.core.body.MotionType.values()[u.ownMotion]);
        }
        if (own && u.ownEvents != 0) {
            d.host.setBodyEventKinds(h, u.ownEvents); // hit, sleep, wake ... asked for on the welded structure
        }
        if (own && u.ownState == (byte) BodyState.DISABLED.ordinal()) {
            d.host.disableBody(h); // killed, or disabled under its disable threshold: it stays out
        }
        u.edges = graph.compute(b, slots, n);
        d.mixDigest(u.id, h);
    }

    /**
     * Appends member shape {@code sh}, placed with its origin at (lx, ly, lz) and orientation lq in
     * the union frame, to {@code children}: a compound's own children one by one (a collection piece
     * keeps its hulls), any other shape as one child.
     */
    static void appendChildren(Shape sh, double lx, double ly, double lz, double lqx, double lqy, double lqz, double lqw,
            List<Compound.Child> children) {
        if (sh instanceof Compound cp) {
            for (int k = 0; k < cp.childCount(); k++) {
                Compound.Child ch = cp.child(k);
                double[] cq = mul(lqx, lqy, lqz, lqw, ch.qx(), ch.qy(), ch.qz(), ch.qw());
                children.add(new Compound.Child(ch.shape(),
                        lx + Rot.x(lqx, lqy, lqz, lqw, ch.x(), ch.y(), ch.z()),
                        ly + Rot.y(lqx, lqy, lqz, lqw, ch.x(), ch.y(), ch.z()),
                        lz + Rot.z(lqx, lqy, lqz, lqw, ch.x(), ch.y(), ch.z()), cq[0], cq[1], cq[2], cq[3]));
            }
        } else {
            children.add(new Compound.Child(sh, lx, ly, lz, lqx, lqy, lqz, lqw));
        }
    }

    /** Logs the creation of union u's body h (issue 29: journals re-create it in playback). */
    private void logCreate(Union u, long h, BodyDef def, MassProperties mp, boolean debris, double sleep, int s0) {
        UnionLog log = un.log;
        BodyStore b = d.bodies;
        int i = log.add(UnionLog.CREATE, u.id, h, un.eventsBefore());
        int us = b.slot(h);
        double[] v = log.def;
        int o = i * UnionLog.BODY;
        b.copyMotionState(us, v, o);
        v[o + 13] = mp.mass();
        v[o + 14] = mp.ixx();
        v[o + 15] = mp.iyy();
        v[o + 16] = mp.izz();
        v[o + 17] = mp.qx();
        v[o + 18] = mp.qy();
        v[o + 19] = mp.qz();
        v[o + 20] = mp.qw();
        v[o + 21] = b.friction[us];
        v[o + 22] = b.restitution[us];
        v[o + 23] = b.gravityScale[us];
        v[o + 24] = b.linearDamping[us];
        v[o + 25] = b.angularDamping[us];
        v[o + 26] = sleep;
        log.debris[i] = debris ? 1 : 0;
        log.layer[i] = b.collisionLayer[us];
        log.mask[i] = b.collisionMask[us];
        for (int k = 0, n = u.members.size(); k < n; k++) {
            Member m = u.members.get(k);
            log.addMember(m.handle, m.lx, m.ly, m.lz, m.lqx, m.lqy, m.lqz, m.lqw);
        }
    }

    /**
     * Member slot s's share of the union's mass: its mass, 0 for one without a finite mass (a body created
     * kinematic), or 1 kg each when no member has a finite mass ({@code unitMasses}; the union is kinematic).
     */
    static double memberMass(BodyStore b, int s, boolean unitMasses) {
        return unitMasses ? 1 : hasMass(b, s) ? b.mass[s] : 0;
    }

    /** Whether body slot s is the holder of a collection node with anchors in its subtree (pinned: kinematic, held). */
    private boolean pinned(int s) {
        int g = d.nodeOfSlot(s);
        return g != ClusterStore.NONE && d.store.anchoredCount[g] > 0;
    }

    /** Whether body slot s has a finite, positive mass (a body created kinematic has none). */
    private static boolean hasMass(BodyStore b, int s) {
        return b.mass[s] > 0 && b.mass[s] < Double.POSITIVE_INFINITY;
    }

    static double inv(double v) {
        return v > 0 ? 1 / v : 0;
    }

    static int[] put(int[] a, int i, int v) {
        if (i >= a.length) {
            a = Arrays.copyOf(a, Math.max(i + 1, 2 * a.length));
        }
        a[i] = v;
        return a;
    }

    static double[] mul(double ax, double ay, double az, double aw, double bx, double by, double bz, double bw) {
        return new double[] {aw * bx + ax * bw + ay * bz - az * by, aw * by - ax * bz + ay * bw + az * bx,
                aw * bz + ax * by - ay * bx + az * bw, aw * bw - ax * bx - ay * by - az * bz};
    }
}
