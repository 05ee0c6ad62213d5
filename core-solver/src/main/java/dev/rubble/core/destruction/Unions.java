package dev.rubble.core.destruction;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.Inertia;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.body.StateHash;
import dev.rubble.core.command.Command;
import dev.rubble.spi.shape.Compound;
import dev.rubble.spi.shape.InertiaTensor;
import dev.rubble.spi.shape.MassProperties;
import dev.rubble.spi.shape.Shape;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Cluster unions (issue 29; reference: chaos-clusters-strain-runtime §8, §4.4): rigid bodies and
 * pieces of placed collections welded at run time into ONE rigid body, which comes apart again by
 * connectivity when a member breaks or leaves.
 *
 * <pre>
 *  operations   add (a body, or a placed collection's pieces), add-released (break the collection
 *               into its children first; they join after this step's DESTRUCTION slot), remove,
 *               set child-to-parent; queued by commands, flushed at the end of the COMMANDS slot:
 *               removes, then adds, then child-to-parent updates (a stable sort of the batch)
 *  rebuild      once per touched union per batch: members' world poses written back from the union
 *               body, connectivity check if someone left, then mass (sum), centre of mass, inertia
 *               (each member's tensor moved to the union's centre by the parallel-axis theorem, then
 *               diagonalised), linear and angular momentum kept, a compound with every member's own
 *               sub-shapes (a collection piece keeps its hulls), a new body; members are disabled
 *  merged       one-way (debris) AND, gravity AND (0 if any member has none, else the mass-weighted
 *               mean scale), sleep threshold min, damping max; friction and restitution of member 0
 *  edges        {@link UnionEdges}: bounds-overlap-filtered Delaunay (1 cm) and shapes within 5 cm
 *  strain       a contact on the union is routed by its compound child to the member it hit and, for a
 *               collection piece, into that piece's own cluster tree ({@link #memberSlot})
 *  leaving      a member whose body a break retired leaves; the rest is split into connected islands:
 *               the first island with a main member keeps the union, other islands of two or more with a
 *               main member become new unions, islands of auxiliary members only and single members go
 *               free; a union left with one member dissolves
 * </pre>
 *
 * Costs nothing while no union exists. Not thread-safe: the step owns it.
 */
public final class Unions {
    static final int REMOVE = 0, ADD = 1, UPDATE = 2;

    /** One member: a body, disabled while it is in the union, and its origin pose in the union frame. */
    static final class Member {
        long handle;
        boolean auxiliary;
        /** Whether the union body carries it (its local pose is valid). */
        boolean in;
        double lx, ly, lz, lqx, lqy, lqz, lqw = 1;

        Member(long handle, boolean auxiliary) {
            this.handle = handle;
            this.auxiliary = auxiliary;
        }
    }

    /** One union: its body (or -1 before the first rebuild), members, edges, compound child → member. */
    static final class Union {
        final int id;
        long body = -1;
        final List<Member> members = new ArrayList<>();
        long[] edges = new long[0];
        int[] childMember = new int[0];
        boolean check;

        Union(int id) {
            this.id = id;
        }

        int indexOf(long handle) {
            for (int i = 0; i < members.size(); i++) {
                if (members.get(i).handle == handle) {
                    return i;
                }
            }
            return -1;
        }
    }

    private record Op(int kind, Command.ClusterUnion command) {
    }

    private final DestructionContext d;
    private final TreeMap<Integer, Union> unions = new TreeMap<>();
    private final List<Op> pending = new ArrayList<>();
    /** AddCollection(released) operations waiting for this step's DESTRUCTION slot to release the children. */
    private final List<Command.UnionAddCollection> afterRelease = new ArrayList<>();
    private final UnionEdges graph = new UnionEdges();
    /** The unions in id order, refreshed when one is created or removed: the step's loops allocate nothing. */
    private Union[] list = new Union[0];
    private int listCount;
    /** Body slot → union id + 1 (0 = not a union body). */
    private int[] unionOfSlot = new int[0];
    private final double[] tmp = new double[3];

    Unions(DestructionContext d) {
        this.d = d;
    }

    /** Whether any union exists. */
    public boolean any() {
        return !unions.isEmpty();
    }

    // ---- commands --------------------------------------------------------------------------

    /** Checks an operation when it is queued: the body must be live, dynamic and not a union body; the collection must exist. */
    public void validate(Command.ClusterUnion c) {
        if (c instanceof Command.UnionAdd a) {
            int s = liveSlot(a.body(), "body");
            if (d.bodies.motion(s) != MotionType.DYNAMIC) {
                throw new IllegalArgumentException("body = " + BodyStore.handleString(a.body()) + " is "
                        + d.bodies.motion(s).name().toLowerCase() + "; allowed: dynamic bodies in a union");
            }
            if (unionAt(s) != null) {
                throw new IllegalArgumentException("body = " + BodyStore.handleString(a.body())
                        + " is a union's body; allowed: plain bodies and collection pieces");
            }
        } else if (c instanceof Command.UnionAddCollection a) {
            d.collection(a.collection());
        } else if (c instanceof Command.UnionRemove r) {
            if (r.body() < 0) {
                throw new IllegalArgumentException("body = " + r.body() + "; allowed: a body handle");
            }
        }
    }

    /** Queues an operation (the COMMANDS slot); {@link #flush} applies the batch. */
    public void queue(Command.ClusterUnion c) {
        // checked when queued (World.queue); what changed since (a body broken or made static) is skipped by the flush
        int kind = c instanceof Command.UnionRemove ? REMOVE : c instanceof Command.UnionSetChildToParent ? UPDATE : ADD;
        pending.add(new Op(kind, c));
    }

    /** Applies the queued batch: removes, adds, child-to-parent updates; then rebuilds each touched union once. */
    public void flush() {
        if (listCount > 0) {
            afterBreaks(); // members (or union bodies) removed by commands since the last step
        }
        if (pending.isEmpty()) {
            return;
        }
        List<Op> ops = new ArrayList<>(pending);
        pending.clear();
        ops.sort((x, y) -> Integer.compare(x.kind, y.kind)); // stable: queue order within a kind
        TreeMap<Integer, Union> touched = new TreeMap<>();
        for (Op op : ops) {
            Command.ClusterUnion c = op.command;
            if (c instanceof Command.UnionRemove r) {
                Union u = unions.get(r.union());
                int i = u == null ? -1 : u.indexOf(r.body());
                if (i >= 0) {
                    leave(u, i);
                    u.check = true;
                    touched.put(u.id, u);
                }
            } else if (c instanceof Command.UnionAdd a) {
                Union u = unions.computeIfAbsent(a.union(), Union::new);
                join(u, a.body(), a.auxiliary(), touched);
                touched.put(u.id, u);
            } else if (c instanceof Command.UnionAddCollection a) {
                Union u = unions.computeIfAbsent(a.union(), Union::new);
                touched.put(u.id, u);
                if (a.released()) {
                    crumble(a.collection());
                    afterRelease.add(a);
                } else {
                    joinCollection(u, a.collection(), a.auxiliary(), touched);
                }
            } else if (c instanceof Command.UnionSetChildToParent p) {
                Union u = unions.get(p.union());
                int i = u == null ? -1 : u.indexOf(p.body());
                if (i < 0 || !u.members.get(i).in || !live(u.body)) {
                    continue; // not (yet) carried by the union's body: nothing to place (documented)
                }
                syncAll(u); // the other members keep their world poses
                Member m = u.members.get(i);
                double n = Math.sqrt(p.qx() * p.qx() + p.qy() * p.qy() + p.qz() * p.qz() + p.qw() * p.qw());
                m.lx = p.x();
                m.ly = p.y();
                m.lz = p.z();
                m.lqx = p.qx() / n;
                m.lqy = p.qy() / n;
                m.lqz = p.qz() / n;
                m.lqw = p.qw() / n;
                m.in = true;
                sync(u, m); // this one takes its new place in the (old) union frame
                touched.put(u.id, u);
            }
        }
        rebuildAll(touched);
    }

    /** Sets infinite external strain on the children of every intact holder of collection c (Chaos: ReleaseClusterParticles, forced). */
    private void crumble(int c) {
        ClusterStore s = d.store;
        for (int i = 0; i < d.activeCount; i++) {
            int g = d.active[i];
            if (s.collection[g] != c || s.childCount[g] == 0) {
                continue;
            }
            for (int ch = s.firstChild[g]; ch != ClusterStore.NONE; ch = s.nextSibling[ch]) {
                s.externalLoad[ch] = Double.POSITIVE_INFINITY;
                d.addList(ch);
            }
        }
    }

    private void joinCollection(Union u, int c, boolean aux, Map<Integer, Union> touched) {
        ClusterStore s = d.store;
        long[] bodies = new long[d.activeCount];
        int n = 0;
        for (int i = 0; i < d.activeCount; i++) {
            int g = d.active[i];
            if (s.collection[g] == c && s.body[g] != ClusterStore.NONE) {
                bodies[n++] = s.body[g];
            }
        }
        Arrays.sort(bodies, 0, n); // slot order within a generation: deterministic
        for (int i = 0; i < n; i++) {
            int slot = d.bodies.slot(bodies[i]);
            if (d.bodies.motion(slot) == MotionType.DYNAMIC && d.bodies.state(slot) != BodyState.DISABLED) {
                join(u, bodies[i], aux, touched);
            }
        }
    }

    /** Adds body h to u (out of any other union first). */
    private void join(Union u, long h, boolean aux, Map<Integer, Union> touched) {
        int s = (int) h;
        if (s < 0 || s >= d.bodies.slotLimit() || !d.bodies.isLive(s) || d.bodies.handle(s) != h) {
            return; // gone since it was queued (broken, removed)
        }
        for (Union o : unions.values()) {
            int i = o.indexOf(h);
            if (i >= 0) {
                if (o == u) {
                    return;
                }
                leave(o, i);
                o.check = true;
                touched.put(o.id, o);
            }
        }
        if (d.bodies.state(s) == BodyState.DISABLED || d.bodies.motion(s) != MotionType.DYNAMIC || unionAt(s) != null) {
            return; // a disabled, non-dynamic or union body stays out
        }
        u.members.add(new Member(h, aux));
    }

    /** Member i leaves u: its body gets the union's motion at its place and is enabled. */
    private void leave(Union u, int i) {
        Member m = u.members.remove(i);
        if (m.in && live(m.handle)) {
            if (live(u.body)) {
                sync(u, m);
            }
            d.host.enableBody(m.handle);
        }
        // edges name member indices: drop those of i and shift the rest
        long[] e = u.edges;
        int k = 0;
        for (long x : e) {
            int a = (int) (x >>> 32), b = (int) x;
            if (a == i || b == i) {
                continue;
            }
            a -= a > i ? 1 : 0;
            b -= b > i ? 1 : 0;
            e[k++] = ((long) a << 32) | b;
        }
        u.edges = Arrays.copyOf(e, k);
    }

    // ---- the step --------------------------------------------------------------------------

    /**
     * Writes every member's pose and velocity from its union's body (before strain is gathered and
     * pieces released, which read the member's own body).
     */
    void syncMembers() {
        for (int i = 0; i < listCount; i++) {
            syncAll(list[i]);
        }
    }

    /** Refreshes {@link #list} from the map (after unions were created or removed). */
    private void relist() {
        if (list.length < unions.size()) {
            list = new Union[Math.max(4, 2 * unions.size())];
        }
        java.util.Arrays.fill(list, null);
        listCount = 0;
        for (Union u : unions.values()) {
            list[listCount++] = u;
        }
    }

    /**
     * After breaks (the DESTRUCTION slot, the impact pass): members whose bodies a break retired
     * leave and their unions are split by connectivity; collections added released join now.
     */
    void afterBreaks() {
        if (unions.isEmpty() && afterRelease.isEmpty()) {
            return;
        }
        TreeMap<Integer, Union> touched = null;
        for (int k = 0; k < listCount; k++) {
            Union u = list[k];
            if (u.body >= 0 && !live(u.body)) {
                // the union's body was removed (a Remove command): the union dissolves, its members
                // come back where they were last placed, with the motion they were given then
                for (int i = u.members.size() - 1; i >= 0; i--) {
                    Member m = u.members.get(i);
                    if (m.in && live(m.handle)) {
                        d.host.enableBody(m.handle);
                    }
                }
                u.members.clear();
                u.body = -1;
                if (touched == null) {
                    touched = new TreeMap<>();
                }
                touched.put(u.id, u);
                continue;
            }
            for (int i = u.members.size() - 1; i >= 0; i--) {
                if (!live(u.members.get(i).handle)) {
                    syncAll(u);
                    leave(u, i);
                    u.check = true;
                    if (touched == null) {
                        touched = new TreeMap<>();
                    }
                    touched.put(u.id, u);
                }
            }
        }
        if (touched == null) {
            if (afterRelease.isEmpty()) {
                return; // the common step: nothing broke in a union (allocation-free)
            }
            touched = new TreeMap<>();
        }
        if (!afterRelease.isEmpty()) {
            List<Command.UnionAddCollection> adds = new ArrayList<>(afterRelease);
            afterRelease.clear();
            for (Command.UnionAddCollection a : adds) {
                Union u = unions.computeIfAbsent(a.union(), Union::new);
                joinCollection(u, a.collection(), a.auxiliary(), touched);
                touched.put(u.id, u);
            }
        }
        rebuildAll(touched);
    }

    private void rebuildAll(TreeMap<Integer, Union> touched) {
        while (!touched.isEmpty()) {
            Union u = touched.pollFirstEntry().getValue();
            if (unions.get(u.id) == u) {
                rebuild(u, touched);
            }
        }
        relist();
    }

    private boolean live(long h) {
        int s = (int) h;
        return h >= 0 && s < d.bodies.slotLimit() && d.bodies.isLive(s) && d.bodies.handle(s) == h;
    }

    private int liveSlot(long h, String field) {
        if (!live(h)) {
            throw new IllegalArgumentException(field + " = " + BodyStore.handleString(h) + " is not a live body; allowed: a live body's handle");
        }
        return (int) h;
    }

    private void syncAll(Union u) {
        if (!live(u.body)) {
            return;
        }
        for (int i = 0, n = u.members.size(); i < n; i++) {
            Member m = u.members.get(i);
            if (m.in && live(m.handle)) {
                sync(u, m);
            }
        }
    }

    /** Member m's body takes its place in u: origin = x_u + R_u l, q = q_u lq; v = v_u + w_u x r, w = w_u. */
    private void sync(Union u, Member m) {
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
        double rx = b.px[s] - b.px[us], ry = b.py[s] - b.py[us], rz = b.pz[s] - b.pz[us];
        double wx = b.wx[us], wy = b.wy[us], wz = b.wz[us];
        b.vx[s] = b.vx[us] + wy * rz - wz * ry;
        b.vy[s] = b.vy[us] + wz * rx - wx * rz;
        b.vz[s] = b.vz[us] + wx * ry - wy * rx;
        b.wx[s] = wx;
        b.wy[s] = wy;
        b.wz[s] = wz;
        b.updateBounds(s);
    }

    /** Connectivity: the members of u split into islands by its edges (members already left are out of the edges). */
    private void split(Union u, Map<Integer, Union> touched) {
        int n = u.members.size();
        int[] root = new int[n];
        for (int i = 0; i < n; i++) {
            root[i] = i;
        }
        for (long e : u.edges) {
            int a = find(root, (int) (e >>> 32)), b = find(root, (int) e);
            if (a != b) {
                root[Math.max(a, b)] = Math.min(a, b); // the smaller index is the island's name
            }
        }
        int keep = -1;
        for (int i = 0; i < n && keep < 0; i++) {
            if (!u.members.get(i).auxiliary) {
                keep = find(root, i);
            }
        }
        // islands in order of their smallest member
        List<Member> stay = new ArrayList<>();
        TreeMap<Integer, List<Member>> others = new TreeMap<>();
        for (int i = 0; i < n; i++) {
            int r = find(root, i);
            (r == keep ? stay : others.computeIfAbsent(r, k -> new ArrayList<>())).add(u.members.get(i));
        }
        for (List<Member> island : others.values()) {
            boolean main = false;
            for (Member m : island) {
                main |= !m.auxiliary;
            }
            if (main && island.size() >= 2) {
                Union nu = new Union(unions.lastKey() + 1);
                unions.put(nu.id, nu);
                for (Member m : island) {
                    // its (disabled) body holds its world pose (synced); the new union's rebuild carries it
                    nu.members.add(new Member(m.handle, m.auxiliary));
                }
                touched.put(nu.id, nu);
            } else {
                for (Member m : island) {
                    if (m.in && live(m.handle)) {
                        d.host.enableBody(m.handle);
                    }
                }
            }
        }
        u.members.clear();
        u.members.addAll(stay);
        if (u.members.size() == 1) {
            Member m = u.members.remove(0);
            if (m.in && live(m.handle)) {
                d.host.enableBody(m.handle);
            }
        }
    }

    private static int find(int[] root, int i) {
        while (root[i] != i) {
            root[i] = root[root[i]];
            i = root[i];
        }
        return i;
    }

    /** Rebuilds u's body from its members (see the class comment). */
    private void rebuild(Union u, Map<Integer, Union> touched) {
        BodyStore b = d.bodies;
        syncAll(u);
        if (u.check) {
            u.check = false;
            split(u, touched);
        }
        double uqx = 0, uqy = 0, uqz = 0, uqw = 1;
        boolean wasAsleep = false;
        if (live(u.body)) {
            int us = (int) u.body;
            uqx = b.qx[us];
            uqy = b.qy[us];
            uqz = b.qz[us];
            uqw = b.qw[us];
            wasAsleep = b.state(us) == BodyState.SLEEPING;
            setUnionSlot(us, -1);
            d.host.retireBody(u.body);
            u.body = -1;
        }
        int n = u.members.size();
        if (n == 0) {
            unions.remove(u.id);
            return;
        }
        // the members' world state is in their bodies now
        double mass = 0, cx = 0, cy = 0, cz = 0, px = 0, py = 0, pz = 0;
        boolean asleep = true, debris = true, gravity = true;
        double gsum = 0, lin = 0, ang = 0, sleep = Double.NaN;
        int[] slots = new int[n];
        for (int i = 0; i < n; i++) {
            Member m = u.members.get(i);
            int s = (int) m.handle;
            slots[i] = s;
            double mi = b.mass[s];
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
            double ix = inv(b.invIx[s]), iy = inv(b.invIy[s]), iz = inv(b.invIz[s]);
            InertiaTensor.addAboutOrigin(new MassProperties(b.mass[s],
                    Rot.x(-uqx, -uqy, -uqz, uqw, rx, ry, rz), Rot.y(-uqx, -uqy, -uqz, uqw, rx, ry, rz),
                    Rot.z(-uqx, -uqy, -uqz, uqw, rx, ry, rz), ix, iy, iz, lq[0], lq[1], lq[2], lq[3]), about);
            // L_i = R_p D R_p^T w + m r x v
            double wx = b.wx[s], wy = b.wy[s], wz = b.wz[s];
            double ax = Rot.x(-pq[0], -pq[1], -pq[2], pq[3], wx, wy, wz) * ix;
            double ay = Rot.y(-pq[0], -pq[1], -pq[2], pq[3], wx, wy, wz) * iy;
            double az = Rot.z(-pq[0], -pq[1], -pq[2], pq[3], wx, wy, wz) * iz;
            double mi = b.mass[s];
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
            Shape sh = b.shape[s];
            if (sh instanceof Compound cp) {
                for (int k = 0; k < cp.childCount(); k++) {
                    Compound.Child ch = cp.child(k);
                    double[] cq = mul(m.lqx, m.lqy, m.lqz, m.lqw, ch.qx(), ch.qy(), ch.qz(), ch.qw());
                    children.add(new Compound.Child(ch.shape(),
                            m.lx + Rot.x(m.lqx, m.lqy, m.lqz, m.lqw, ch.x(), ch.y(), ch.z()),
                            m.ly + Rot.y(m.lqx, m.lqy, m.lqz, m.lqw, ch.x(), ch.y(), ch.z()),
                            m.lz + Rot.z(m.lqx, m.lqy, m.lqz, m.lqw, ch.x(), ch.y(), ch.z()), cq[0], cq[1], cq[2], cq[3]));
                    childMember = put(childMember, children.size() - 1, i);
                }
            } else {
                children.add(new Compound.Child(sh, m.lx, m.ly, m.lz, m.lqx, m.lqy, m.lqz, m.lqw));
                childMember = put(childMember, children.size() - 1, i);
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
        BodyDef def = BodyDef.of(new Compound(children)).withLabel("union " + u.id)
                .withPosition(cx, cy, cz).withOrientation(uqx, uqy, uqz, uqw)
                .withLinearVelocity(px / mass, py / mass, pz / mass).withAngularVelocity(wx, wy, wz)
                .withMass(mass).withMaterial(b.friction[s0], b.restitution[s0])
                .withGravityScale(gravity ? gsum / mass : 0).withDamping(lin, ang).withAsleep(asleep);
        for (int i = 0; i < n; i++) {
            Member m = u.members.get(i);
            if (!m.in) {
                d.host.disableBody(m.handle);
                m.in = true;
            }
        }
        long h = d.host.createBody(def, mp);
        int us = b.slot(h);
        b.debris[us] = (byte) (debris ? 1 : 0);
        b.sleepThreshold[us] = sleep;
        b.collisionLayer[us] = b.collisionLayer[s0];
        b.collisionMask[us] = b.collisionMask[s0];
        u.body = h;
        u.childMember = Arrays.copyOf(childMember, children.size());
        setUnionSlot(us, u.id);
        u.edges = graph.compute(b, slots, n);
        d.mixDigest(u.id, h);
    }

    private static double inv(double v) {
        return v > 0 ? 1 / v : 0;
    }

    private static int[] put(int[] a, int i, int v) {
        if (i >= a.length) {
            a = Arrays.copyOf(a, Math.max(i + 1, 2 * a.length));
        }
        a[i] = v;
        return a;
    }

    private static double[] mul(double ax, double ay, double az, double aw, double bx, double by, double bz, double bw) {
        return new double[] {aw * bx + ax * bw + ay * bz - az * by, aw * by - ax * bz + ay * bw + az * bx,
                aw * bz + ax * by - ay * bx + az * bw, aw * bw - ax * bx - ay * by - az * bz};
    }

    private void setUnionSlot(int s, int id) {
        if (s >= unionOfSlot.length) {
            unionOfSlot = Arrays.copyOf(unionOfSlot, Math.max(s + 1, 2 * unionOfSlot.length));
        }
        unionOfSlot[s] = id + 1;
    }

    private Union unionAt(int s) {
        if (s < 0 || s >= unionOfSlot.length || unionOfSlot[s] == 0) {
            return null;
        }
        Union u = unions.get(unionOfSlot[s] - 1);
        return u != null && u.body == d.bodies.handle(s) ? u : null;
    }

    // ---- strain routing ----------------------------------------------------------------------

    /** Whether slot s is a union's body (cheap when there are none). */
    boolean isUnion(int s) {
        return !unions.isEmpty() && unionAt(s) != null;
    }

    /**
     * The body slot of the member that compound child {@code key} hit on union body {@code s}
     * (side A: the key's bits 48..63, side B: 32..47; see the narrowphase's compound keys), or -1.
     */
    int memberSlot(int s, long key, boolean sideA) {
        Union u = unionAt(s);
        if (u == null) {
            return -1;
        }
        int child = (int) ((sideA ? key >>> 48 : key >>> 32) & 0xffff) - 1;
        if (child < 0 || child >= u.childMember.length) {
            return -1;
        }
        Member m = u.members.get(u.childMember[child]);
        return live(m.handle) ? (int) m.handle : -1;
    }

    // ---- reading -----------------------------------------------------------------------------

    /** Ids of the unions, ascending. */
    public int[] ids() {
        return unions.keySet().stream().mapToInt(Integer::intValue).toArray();
    }

    /** Union {@code id}'s body handle, or -1 when there is no such union. */
    public long body(int id) {
        Union u = unions.get(id);
        return u == null ? -1 : u.body;
    }

    /** Union {@code id}'s member bodies in member order (empty when there is no such union). */
    public long[] members(int id) {
        Union u = unions.get(id);
        if (u == null) {
            return new long[0];
        }
        long[] out = new long[u.members.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = u.members.get(i).handle;
        }
        return out;
    }

    /** Union {@code id}'s edges as member-index pairs {@code i << 32 | j} (sorted). */
    public long[] edges(int id) {
        Union u = unions.get(id);
        return u == null ? new long[0] : u.edges.clone();
    }

    /** The union whose body is {@code handle}, or -1. */
    public int unionOfBody(long handle) {
        Union u = live(handle) ? unionAt((int) handle) : null;
        return u == null ? -1 : u.id;
    }

    /** The union that has body {@code handle} as a member, or -1. */
    public int unionOfMember(long handle) {
        for (Union u : unions.values()) {
            if (u.indexOf(handle) >= 0) {
                return u.id;
            }
        }
        return -1;
    }

    // ---- hash and snapshots --------------------------------------------------------------------

    /** Mixes the unions into h (unchanged while there are none). */
    long hash(long h) {
        for (int k = 0; k < listCount; k++) {
            Union u = list[k];
            h = StateHash.mix(h, ((long) u.id << 32) | u.members.size());
            h = StateHash.mix(h, u.body);
            for (int i = 0, n = u.members.size(); i < n; i++) {
                Member m = u.members.get(i);
                h = StateHash.mix(h, m.handle ^ (m.auxiliary ? Long.MIN_VALUE : 0));
            }
            for (long e : u.edges) {
                h = StateHash.mix(h, e);
            }
        }
        return h;
    }

    /** Writes every union (snapshot section UNIO; between steps nothing is pending). */
    public void write(DataOutput o) throws IOException {
        o.writeInt(unions.size());
        for (Union u : unions.values()) {
            o.writeInt(u.id);
            o.writeLong(u.body);
            o.writeInt(u.members.size());
            for (Member m : u.members) {
                o.writeLong(m.handle);
                o.writeBoolean(m.auxiliary);
                o.writeBoolean(m.in);
                for (double v : new double[] {m.lx, m.ly, m.lz, m.lqx, m.lqy, m.lqz, m.lqw}) {
                    o.writeDouble(v);
                }
            }
            o.writeInt(u.edges.length);
            for (long e : u.edges) {
                o.writeLong(e);
            }
            o.writeInt(u.childMember.length);
            for (int c : u.childMember) {
                o.writeInt(c);
            }
        }
    }

    /** Reads what {@link #write} wrote into an empty runtime whose bodies are restored. */
    public void read(DataInput in) throws IOException {
        if (!unions.isEmpty()) {
            throw new IllegalStateException("unions can only be restored into a world without unions");
        }
        int n = count(in.readInt(), "union count");
        for (int k = 0; k < n; k++) {
            Union u = new Union(in.readInt());
            if (u.id < 0 || unions.containsKey(u.id)) {
                throw new IllegalArgumentException("union id " + u.id + " is negative or repeated; allowed: distinct ids >= 0");
            }
            u.body = in.readLong();
            liveSlot(u.body, "union " + u.id + " body");
            int m = count(in.readInt(), "member count");
            for (int i = 0; i < m; i++) {
                Member mb = new Member(in.readLong(), in.readBoolean());
                liveSlot(mb.handle, "union " + u.id + " member");
                mb.in = in.readBoolean();
                mb.lx = in.readDouble();
                mb.ly = in.readDouble();
                mb.lz = in.readDouble();
                mb.lqx = in.readDouble();
                mb.lqy = in.readDouble();
                mb.lqz = in.readDouble();
                mb.lqw = in.readDouble();
                u.members.add(mb);
            }
            u.edges = new long[count(in.readInt(), "edge count")];
            for (int i = 0; i < u.edges.length; i++) {
                u.edges[i] = in.readLong();
                if ((int) (u.edges[i] >>> 32) >= m || (int) u.edges[i] >= m || (int) u.edges[i] < 0) {
                    throw new IllegalArgumentException("union " + u.id + " edge names a member outside [0, " + m + ")");
                }
            }
            u.childMember = new int[count(in.readInt(), "child count")];
            for (int i = 0; i < u.childMember.length; i++) {
                u.childMember[i] = in.readInt();
                if (u.childMember[i] < 0 || u.childMember[i] >= m) {
                    throw new IllegalArgumentException("union " + u.id + " child names a member outside [0, " + m + ")");
                }
            }
            unions.put(u.id, u);
            setUnionSlot((int) u.body, u.id);
        }
        relist();
    }

    private static int count(int v, String what) {
        if (v < 0 || v > (1 << 24)) {
            throw new IllegalArgumentException(what + " = " + v + "; allowed: [0, 16777216]");
        }
        return v;
    }
}
