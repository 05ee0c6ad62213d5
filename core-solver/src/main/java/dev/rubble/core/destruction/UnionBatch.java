package dev.rubble.core.destruction;

import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.command.Command;
import dev.rubble.core.destruction.Unions.Member;
import dev.rubble.core.destruction.Unions.Op;
import dev.rubble.core.destruction.Unions.Union;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The operations of {@link Unions} (issue 29): the queued batch flushed at the end of the COMMANDS
 * slot (removes, adds, child-to-parent updates), members joining and leaving, and what breaks change
 * after the DESTRUCTION slot; each touched union is rebuilt once by {@link UnionBody}.
 */
final class UnionBatch {
    private final DestructionContext d;
    private final Unions un;
    private final UnionBody body;

    UnionBatch(DestructionContext d, Unions un, UnionBody body) {
        this.d = d;
        this.un = un;
        this.body = body;
    }

    /** Applies the queued batch: removes, adds, child-to-parent updates; then rebuilds each touched union once. */
    void flush() {
        if (un.listCount > 0) {
            afterBreaks(false); // members (or union bodies) removed by commands since the last step
        }
        if (un.pending.isEmpty() && un.motionChangedIds.isEmpty()) {
            return;
        }
        List<Op> ops = new ArrayList<>(un.pending);
        un.pending.clear();
        ops.sort((x, y) -> Integer.compare(x.kind(), y.kind())); // stable: queue order within a kind
        TreeMap<Integer, Union> touched = new TreeMap<>();
        List<Command.UnionSetChildToParent> deferred = null;
        for (Op op : ops) {
            Command.ClusterUnion c = op.command();
            if (c instanceof Command.UnionRemove r) {
                Union u = un.unions.get(r.union());
                int i = u == null ? -1 : u.indexOf(r.body());
                if (i >= 0) {
                    leave(u, i);
                    u.check = true;
                    touched.put(u.id, u);
                }
            } else if (c instanceof Command.UnionAdd a) {
                Union u = un.unions.computeIfAbsent(a.union(), Union::new);
                join(u, a.body(), a.auxiliary(), touched);
                touched.put(u.id, u);
            } else if (c instanceof Command.UnionAddCollection a) {
                Union u = un.unions.computeIfAbsent(a.union(), Union::new);
                touched.put(u.id, u);
                if (a.released()) {
                    crumble(a.collection());
                    un.afterRelease.add(a);
                } else {
                    joinCollection(u, a.collection(), a.auxiliary(), touched);
                }
            } else if (c instanceof Command.UnionSetChildToParent p) {
                Union u = un.unions.get(p.union());
                if (u != null && u.indexOf(p.body()) >= 0 && !un.live(u.body)) {
                    // a union made in this batch has no frame yet: placed in the frame its first body gives it
                    if (deferred == null) {
                        deferred = new ArrayList<>();
                    }
                    deferred.add(p);
                } else {
                    place(p, touched);
                }
            }
        }
        for (int id : un.motionChangedIds) { // a welded holder's anchors changed: the union's motion follows now
            Union u = un.unions.get(id);
            if (u != null) {
                touched.put(id, u);
            }
        }
        un.motionChangedIds.clear();
        rebuildAll(touched);
        if (deferred != null) {
            // child-to-parent updates of unions this batch made, in queue order, then those unions rebuilt again
            TreeMap<Integer, Union> placed = new TreeMap<>();
            for (Command.UnionSetChildToParent p : deferred) {
                place(p, placed);
            }
            rebuildAll(placed);
        }
    }

    /** Places member p.body() of union p.union() at p's pose in the union's frame (nothing when it is no member or the union has no body). */
    private void place(Command.UnionSetChildToParent p, TreeMap<Integer, Union> touched) {
        Union u = un.unions.get(p.union());
        int i = u == null ? -1 : u.indexOf(p.body());
        if (i < 0 || !un.live(u.body)) {
            return; // it left, or the union dissolved, in this batch
        }
        BodyStore b = d.bodies;
        int us = (int) u.body;
        double r = BodyStore.MAX_COORDINATE;
        double qx = b.qx[us], qy = b.qy[us], qz = b.qz[us], qw = b.qw[us];
        if (!(Math.abs(b.px[us] + Rot.x(qx, qy, qz, qw, p.x(), p.y(), p.z())) <= r
                && Math.abs(b.py[us] + Rot.y(qx, qy, qz, qw, p.x(), p.y(), p.z())) <= r
                && Math.abs(b.pz[us] + Rot.z(qx, qy, qz, qw, p.x(), p.y(), p.z())) <= r)) {
            // beyond the coordinate range in the world: not made (checked when queued where the union's frame was
            // known then; a union made in this batch has its frame only now)
            return;
        }
        body.syncAll(u); // the other members keep their world poses
        Member m = u.members.get(i);
        boolean joining = !m.in; // added in this batch: its own body is placed, the rebuild welds it there
        double n = Math.sqrt(p.qx() * p.qx() + p.qy() * p.qy() + p.qz() * p.qz() + p.qw() * p.qw());
        m.lx = p.x();
        m.ly = p.y();
        m.lz = p.z();
        m.lqx = p.qx() / n;
        m.lqy = p.qy() / n;
        m.lqz = p.qz() / n;
        m.lqw = p.qw() / n;
        m.in = true;
        body.sync(u, m); // this one takes its new place in the (old) union frame
        m.in = !joining;
        touched.put(u.id, u);
    }

    /** Sets infinite external strain on the children of every intact holder of collection c (Chaos: ReleaseClusterParticles, forced). */
    void crumble(int c) {
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

    void joinCollection(Union u, int c, boolean aux, Map<Integer, Union> touched) {
        ClusterStore s = d.store;
        long[] bodies = new long[d.activeCount];
        int n = 0;
        for (int i = 0; i < d.activeCount; i++) {
            int g = d.active[i];
            // a piece whose body was removed through the world is skipped (its handle is stale until a pass
            // forgets it): slot() of it threw from the step, which was left half done
            if (s.collection[g] == c && s.body[g] != ClusterStore.NONE && un.live(s.body[g])) {
                bodies[n++] = s.body[g];
            }
        }
        Arrays.sort(bodies, 0, n); // slot order within a generation: deterministic
        for (int i = 0; i < n; i++) {
            int slot = d.bodies.slot(bodies[i]);
            if (d.bodies.motion(slot) != MotionType.STATIC && d.bodies.state(slot) != BodyState.DISABLED) {
                join(u, bodies[i], aux, touched); // an anchored (kinematic) holder too: it holds the union kinematic
            }
        }
    }

    /** Adds body h to u (out of any other union first). */
    void join(Union u, long h, boolean aux, Map<Integer, Union> touched) {
        int s = (int) h;
        if (s < 0 || s >= d.bodies.slotLimit() || !d.bodies.isLive(s) || d.bodies.handle(s) != h) {
            return; // gone since it was queued (broken, removed)
        }
        for (Union o : un.unions.values()) {
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
        if (d.bodies.state(s) == BodyState.DISABLED || un.unionAt(s) != null) {
            return; // a disabled or union body stays out (a static one joins: it holds the union static)
        }
        u.members.add(new Member(h, aux));
    }

    /** Member i leaves u: its body gets the union's motion at its place and is enabled. */
    void leave(Union u, int i) {
        leave(u, i, false);
    }

    /**
     * Member i leaves u: its body gets the union's motion at its place and is enabled, or, {@code killed}
     * (by a kill field), stays disabled there.
     */
    private void leave(Union u, int i, boolean killed) {
        Member m = u.members.remove(i);
        if (m.in) {
            u.leftMotions |= Unions.motionBit(m); // the union's body was made with it (Unions.membersMotion)
        }
        if (m.in && un.live(m.handle)) {
            if (un.live(u.body)) {
                body.sync(u, m);
            }
            if (!killed) {
                un.free(u, m.handle);
            }
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

    /**
     * After breaks (the DESTRUCTION slot, the impact pass): members whose bodies a break retired
     * leave and their unions are split by connectivity; collections added released join now. With
     * {@code kills} (the DESTRUCTION slot), the members a kill field marked in this step leave too, killed,
     * from unions whose body is in the simulation (a killed union keeps them), and the marks are forgotten.
     */
    void afterBreaks(boolean kills) {
        int marks = kills ? un.takeKilled() : 0;
        if (un.unions.isEmpty() && un.afterRelease.isEmpty()) {
            return;
        }
        TreeMap<Integer, Union> touched = null;
        for (int k = 0; k < un.listCount; k++) {
            Union u = un.list[k];
            if (u.body >= 0 && !un.live(u.body)) {
                // the union's body was removed (a Remove command): the union dissolves, its members
                // come back where they were last placed, with the motion they were given then
                for (int i = u.members.size() - 1; i >= 0; i--) {
                    Member m = u.members.get(i);
                    if (m.in && un.live(m.handle)) {
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
            boolean unionIn = marks > 0 && un.live(u.body)
                    && d.bodies.state[(int) u.body] != (byte) BodyState.DISABLED.ordinal();
            for (int i = u.members.size() - 1; i >= 0; i--) {
                if (!un.live(u.members.get(i).handle)) {
                    body.syncAll(u);
                    long gone = u.members.get(i).handle;
                    leave(u, i);
                    u.check = true;
                    u.regraph |= joinPieces(u, gone);
                    if (touched == null) {
                        touched = new TreeMap<>();
                    }
                    touched.put(u.id, u);
                } else if (unionIn && un.wasKilled(u.members.get(i).handle, marks)) {
                    body.syncAll(u);
                    leave(u, i, true); // killed by a field: out of the union and of the simulation
                    u.check = true;
                    if (touched == null) {
                        touched = new TreeMap<>();
                    }
                    touched.put(u.id, u);
                }
            }
        }
        if (touched == null) {
            if (un.afterRelease.isEmpty()) {
                return; // the common step: nothing broke in a union (allocation-free)
            }
            touched = new TreeMap<>();
        }
        if (!un.afterRelease.isEmpty()) {
            List<Command.UnionAddCollection> adds = new ArrayList<>(un.afterRelease);
            un.afterRelease.clear();
            for (Command.UnionAddCollection a : adds) {
                Union u = un.unions.computeIfAbsent(a.union(), Union::new);
                joinCollection(u, a.collection(), a.auxiliary(), touched);
                touched.put(u.id, u);
            }
        }
        rebuildAll(touched);
    }

    /**
     * The pieces a break made of member {@code gone} (this step's destruction events that came from
     * its body, followed through pieces broken again in the same step) join u as auxiliary members
     * (reference: chaos-clusters-strain-runtime §8.3: a collection breaking inside a union hands its
     * released children to the union as auxiliary particles, and intercluster edges are generated for
     * the connectivity check; §4.4). The connectivity split that follows keeps those still joined to a
     * main member by an edge and lets islands of pieces only go. Returns whether any joined.
     */
    private boolean joinPieces(Union u, long gone) {
        BreakEvents ev = d.events;
        boolean any = false;
        for (int j = 0, n = ev.count(); j < n; j++) {
            if (ev.from[j] != gone || ev.kind[j] == BreakEvents.REMOVED || ev.kind[j] == BreakEvents.KILLED) {
                continue;
            }
            long h = ev.body[j];
            if (!un.live(h)) {
                any |= joinPieces(u, h); // broken again in this step (an impact pass, then DESTRUCTION)
                continue;
            }
            int s = (int) h;
            if (d.bodies.motion(s) == MotionType.STATIC || d.bodies.state(s) == BodyState.DISABLED
                    || u.indexOf(h) >= 0 || un.unionOfMember(h) >= 0) {
                continue; // a piece pinned by anchors joins (kinematic: it keeps holding what it touches)
            }
            u.members.add(new Member(h, true));
            any = true;
        }
        return any;
    }

    void rebuildAll(TreeMap<Integer, Union> touched) {
        un.rebuilds++;
        while (!touched.isEmpty()) {
            Union u = touched.pollFirstEntry().getValue();
            if (un.unions.get(u.id) == u) {
                body.rebuild(u, touched);
            }
        }
        un.relist();
    }
}
