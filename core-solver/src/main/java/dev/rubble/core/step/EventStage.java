package dev.rubble.core.step;

import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.destruction.BreakEvents;
import dev.rubble.core.destruction.ClusterStore;
import dev.rubble.core.destruction.DestructionRuntime;
import dev.rubble.core.event.EventBuffer;
import dev.rubble.core.event.EventKinds;
import dev.rubble.core.event.EventRequest;
import dev.rubble.core.event.EventSelect;
import dev.rubble.core.event.EventState;
import java.util.Arrays;

/**
 * The EVENTS slot (SPEC §8; docs/events.md; reference: chaos-fields-events-cache §2.2): gathers the
 * step's events into {@link EventState}'s reused buffers, kind by kind, filtering as it goes, then
 * sorts and caps each kind. Nothing is called per contact or per body: consumers read the buffers
 * after the step. When nothing is switched on it clears the buffers (once) and returns.
 *
 * <pre>
 *  BEGIN, END, HIT      {@link ContactEvents} (followed from the WAKE slot on)
 *  BREAK, CRUMBLE       this step's destruction events (breaks, releases, new clusters; crumbled
 *                       children grouped by the cluster they left), canonical by piece body index
 *  BROKEN               collections with breaks this step that no longer hold a cluster
 *  TRAILING             released pieces, awake, at or above the trailing speed (every step they are)
 *  REMOVAL              pieces whose removal timer ran out
 *  SLEEP, WAKE          body states compared with the last gathered step's
 *  MOVED                awake bodies with a non-zero velocity
 *  CONSTRAINT_BREAK     constraints that broke this step (issue 29), by constraint id
 * </pre>
 *
 * Released pieces are remembered (by body index and handle) whenever destruction releases one, so
 * trailing works for pieces released before it was switched on. Allocation-free once grown.
 */
public final class EventStage implements StepStage {
    final ContactEvents contacts = new ContactEvents();
    /** Switches of welded members, counted for their union's body this step. */
    private final MemberKinds members = new MemberKinds();
    private final EventSelect select = new EventSelect();
    private final EventBuffer scratch = new EventBuffer();
    // released pieces by body index: the handle they had when released (-1 = none), collection, node, volume
    private long[] pieceHandle = new long[0];
    private int[] pieceCollection = new int[0], pieceNode = new int[0];
    private double[] pieceVolume = new double[0];
    // body states at the last step that followed SLEEP/WAKE
    private byte[] lastState = new byte[0];
    private long[] lastHandle = new long[0];
    private long statesStep = Long.MIN_VALUE;
    private boolean[] brokenReported = new boolean[0];
    private boolean cleared;

    /** Follows contacts after the narrowphase (the pipeline calls it between WAKE and the solve). */
    public void beforeSolve(StepContext c) {
        if (ContactEvents.wanted(c.events)) {
            contacts.track(c);
        }
    }

    /** The pre-solve hook's materials into the solver's prepared rows (the pipeline calls it after SOLVE's prepare). */
    void afterPrepare(dev.rubble.core.dynamics.ContactSolver solver) {
        contacts.keepMaterials(solver);
    }

    @Override
    public void run(StepContext c) {
        EventState ev = c.events;
        long step = c.stepIndex;
        BreakEvents be = c.destruction.events();
        if (be.count() > 0) {
            rememberPieces(c.bodies, be);
        }
        int active = ev.activeKinds();
        if (active == 0) {
            if (!cleared) {
                ev.begin(step);
                cleared = true;
            }
            return;
        }
        cleared = false;
        ev.begin(step);
        members.fold(c);
        if ((active & EventKinds.CONTACT_KINDS) != 0) {
            contacts.emit(c, members);
        }
        if ((active & EventKinds.COLLECTION_KINDS) != 0) {
            destruction(c, ev, be);
        }
        if ((active & (1 << EventKinds.SLEEP | 1 << EventKinds.WAKE)) != 0) {
            sleepWake(c, ev);
        } else {
            statesStep = Long.MIN_VALUE;
        }
        if ((active & 1 << EventKinds.MOVED) != 0) {
            moved(c.bodies, ev);
        }
        if ((active & 1 << EventKinds.CONSTRAINT_BREAK) != 0 && !c.constraintBreaks.isEmpty()) {
            constraintBreaks(c, ev);
        }
        for (int k = 0; k < EventKinds.COUNT; k++) {
            if ((active & 1 << k) != 0) {
                ev.finish(k);
            }
        }
    }

    private void rememberPieces(BodyStore b, BreakEvents be) {
        for (int i = 0; i < be.count(); i++) {
            if (be.kind[i] == BreakEvents.REMOVED || be.body[i] < 0) {
                continue;
            }
            int s = (int) be.body[i];
            if (!b.isLive(s) || b.handle(s) != be.body[i]) {
                continue;
            }
            if (s >= pieceHandle.length) {
                int cap = Math.max(s + 1, Math.max(64, 2 * pieceHandle.length));
                int old = pieceHandle.length;
                pieceHandle = Arrays.copyOf(pieceHandle, cap);
                Arrays.fill(pieceHandle, old, cap, -1);
                pieceCollection = Arrays.copyOf(pieceCollection, cap);
                pieceNode = Arrays.copyOf(pieceNode, cap);
                pieceVolume = Arrays.copyOf(pieceVolume, cap);
            }
            pieceHandle[s] = be.body[i];
            pieceCollection[s] = be.collection[i];
            pieceNode[s] = be.node[i];
            pieceVolume[s] = b.shape[s].volume();
        }
    }

    private double volumeOf(long handle) {
        int s = (int) handle;
        return s >= 0 && s < pieceHandle.length && pieceHandle[s] == handle ? pieceVolume[s] : 0;
    }

    private void destruction(StepContext c, EventState ev, BreakEvents be) {
        BodyStore b = c.bodies;
        int n = be.count();
        boolean breaks = ev.global(EventKinds.BREAK) || anyCollection(ev, EventKinds.BREAK);
        boolean crumbles = ev.global(EventKinds.CRUMBLE) || anyCollection(ev, EventKinds.CRUMBLE);
        boolean removals = ev.global(EventKinds.REMOVAL) || anyCollection(ev, EventKinds.REMOVAL);
        EventBuffer br = ev.buffer(EventKinds.BREAK), cr = ev.buffer(EventKinds.CRUMBLE), rm = ev.buffer(EventKinds.REMOVAL);
        EventRequest rb = ev.request(EventKinds.BREAK), rc = ev.request(EventKinds.CRUMBLE), rr = ev.request(EventKinds.REMOVAL);
        // the step's net result: a piece the step broke again is not reported, and the pieces that replaced it
        // name the holder they came from as the step began (docs/events.md "Breaks within one step")
        be.settle(b);
        for (int i = 0; i < n; i++) {
            byte kind = be.kind[i];
            int coll = be.collection[i];
            if (kind == BreakEvents.REMOVED || kind == BreakEvents.KILLED) {
                if (removals && ev.collectionWants(coll, EventKinds.REMOVAL)) {
                    int k = piece(rm, be, i);
                    // cause 0: the removal timer retired its body; 1: a kill field took it (it had no body)
                    rm.ints[EventBuffer.CAUSE][k] = kind == BreakEvents.KILLED ? 1 : 0;
                    rm.d[EventBuffer.VOLUME][k] = kind == BreakEvents.KILLED ? c.destruction.nodeVolume(coll, be.node[i])
                            : volumeOf(be.body[i]);
                    if (!EventSelect.passes(rr, EventKinds.REMOVAL, rm, k)) {
                        rm.dropLast();
                    }
                }
            } else if (kind == BreakEvents.CRUMBLE) {
                if (!crumbles || !ev.collectionWants(coll, EventKinds.CRUMBLE)) {
                    continue;
                }
                // one event per cluster: the run of crumbled children that left the same body
                int k = cr.add();
                cr.ids[EventBuffer.A][k] = be.origin(i);
                cr.ints[EventBuffer.COLLECTION][k] = coll;
                double m = 0, x = 0, y = 0, z = 0, vx = 0, vy = 0, vz = 0, vol = 0;
                int j = i;
                for (; j < n && be.kind[j] == BreakEvents.CRUMBLE && be.from[j] == be.from[i]; j++) {
                    double mj = be.mass[j];
                    int o = 13 * j;
                    m += mj;
                    x += mj * be.motion[o];
                    y += mj * be.motion[o + 1];
                    z += mj * be.motion[o + 2];
                    vx += mj * be.motion[o + 7];
                    vy += mj * be.motion[o + 8];
                    vz += mj * be.motion[o + 9];
                    vol += volumeOf(be.body[j]);
                    cr.addChild(be.node[j]);
                    bounds(b, cr, k, be.body[j], j == i);
                }
                double inv = m > 0 ? 1 / m : 0;
                double[][] d = cr.d;
                d[EventBuffer.PX][k] = x * inv;
                d[EventBuffer.PY][k] = y * inv;
                d[EventBuffer.PZ][k] = z * inv;
                d[EventBuffer.VAX][k] = vx * inv;
                d[EventBuffer.VAY][k] = vy * inv;
                d[EventBuffer.VAZ][k] = vz * inv;
                d[EventBuffer.QW][k] = 1;
                d[EventBuffer.MASS_A][k] = m;
                d[EventBuffer.VOLUME][k] = vol;
                d[EventBuffer.SPEED][k] = Math.sqrt((vx * vx + vy * vy + vz * vz)) * inv;
                if (!EventSelect.passes(rc, EventKinds.CRUMBLE, cr, k)) {
                    cr.dropLast();
                }
                i = j - 1;
            } else if (breaks && ev.collectionWants(coll, EventKinds.BREAK) && !be.superseded(i)) {
                int k = piece(br, be, i);
                br.ids[EventBuffer.B][k] = be.origin(i);
                br.ints[EventBuffer.CAUSE][k] = kind;
                br.d[EventBuffer.LOAD][k] = be.load[i];
                br.d[EventBuffer.VOLUME][k] = volumeOf(be.body[i]);
                bounds(b, br, k, be.body[i], true);
                if (!EventSelect.passes(rb, EventKinds.BREAK, br, k)) {
                    br.dropLast();
                }
            }
        }
        canonical(ev, EventKinds.BREAK);
        canonical(ev, EventKinds.CRUMBLE);
        canonical(ev, EventKinds.REMOVAL);
        if (n > 0 && (ev.global(EventKinds.BROKEN) || anyCollection(ev, EventKinds.BROKEN))) {
            broken(c.destruction, ev, be);
        }
        if (ev.global(EventKinds.TRAILING) || anyCollection(ev, EventKinds.TRAILING)) {
            trailing(b, ev);
        }
    }

    private void canonical(EventState ev, int kind) {
        EventBuffer src = ev.buffer(kind);
        EventBuffer out = select.canonical(src, scratch);
        if (out != src) {
            src.clear();
            for (int i = 0; i < out.count(); i++) {
                src.copyFrom(out, i);
            }
        }
    }

    private static boolean anyCollection(EventState ev, int kind) {
        return ev.anyCollection(kind);
    }

    /** A piece event from destruction event {@code i}: body, collection, node, pose, velocity, mass. */
    private static int piece(EventBuffer out, BreakEvents be, int i) {
        int k = out.add();
        out.ids[EventBuffer.A][k] = be.body[i];
        out.ints[EventBuffer.COLLECTION][k] = be.collection[i];
        out.ints[EventBuffer.NODE][k] = be.node[i];
        double[][] d = out.d;
        int o = 13 * i;
        d[EventBuffer.PX][k] = be.motion[o];
        d[EventBuffer.PY][k] = be.motion[o + 1];
        d[EventBuffer.PZ][k] = be.motion[o + 2];
        d[EventBuffer.QX][k] = be.motion[o + 3];
        d[EventBuffer.QY][k] = be.motion[o + 4];
        d[EventBuffer.QZ][k] = be.motion[o + 5];
        d[EventBuffer.QW][k] = be.motion[o + 6];
        double vx = be.motion[o + 7], vy = be.motion[o + 8], vz = be.motion[o + 9];
        d[EventBuffer.VAX][k] = vx;
        d[EventBuffer.VAY][k] = vy;
        d[EventBuffer.VAZ][k] = vz;
        d[EventBuffer.WAX][k] = be.motion[o + 10];
        d[EventBuffer.WAY][k] = be.motion[o + 11];
        d[EventBuffer.WAZ][k] = be.motion[o + 12];
        d[EventBuffer.MASS_A][k] = be.mass[i];
        d[EventBuffer.SPEED][k] = Math.sqrt(vx * vx + vy * vy + vz * vz);
        return k;
    }

    /** Sets (first) or grows event k's bounds by the body's broadphase bounds, if it still exists. */
    private static void bounds(BodyStore b, EventBuffer out, int k, long handle, boolean first) {
        int s = (int) handle;
        if (handle < 0 || !b.isLive(s) || b.handle(s) != handle) {
            return;
        }
        double[][] d = out.d;
        double[] bo = b.bounds;
        int o = 6 * s;
        for (int f = 0; f < 3; f++) {
            double lo = bo[o + f], hi = bo[o + 3 + f];
            d[EventBuffer.MIN_X + f][k] = first ? lo : Math.min(d[EventBuffer.MIN_X + f][k], lo);
            d[EventBuffer.MAX_X + f][k] = first ? hi : Math.max(d[EventBuffer.MAX_X + f][k], hi);
        }
    }

    /** Collections that broke this step and hold no cluster any more (once per collection). */
    private void broken(DestructionRuntime d, EventState ev, BreakEvents be) {
        int nc = d.collectionCount();
        if (brokenReported.length < nc) {
            brokenReported = Arrays.copyOf(brokenReported, nc);
        }
        ClusterStore s = d.store();
        EventBuffer out = ev.buffer(EventKinds.BROKEN);
        EventRequest r = ev.request(EventKinds.BROKEN);
        for (int c = 0; c < nc; c++) {
            if (brokenReported[c] || !ev.collectionWants(c, EventKinds.BROKEN) || !brokeIn(be, c)) {
                continue;
            }
            boolean cluster = false;
            double m = 0;
            for (int i = 0, n = d.activeCount(); i < n && !cluster; i++) {
                int g = d.active(i);
                if (s.collection[g] == c) {
                    cluster = s.childCount[g] > 0;
                    m += s.mass[g];
                }
            }
            if (cluster) {
                continue;
            }
            brokenReported[c] = true;
            int k = out.add();
            out.ints[EventBuffer.COLLECTION][k] = c;
            out.d[EventBuffer.MASS_A][k] = m;
            out.d[EventBuffer.QW][k] = 1;
            if (!EventSelect.passes(r, EventKinds.BROKEN, out, k)) {
                out.dropLast();
            }
        }
    }

    private static boolean brokeIn(BreakEvents be, int c) {
        for (int i = 0; i < be.count(); i++) {
            if (be.collection[i] == c && be.kind[i] != BreakEvents.REMOVED && be.kind[i] != BreakEvents.KILLED) {
                return true;
            }
        }
        return false;
    }

    /** Released pieces moving at or above the trailing speed, by body index. */
    private void trailing(BodyStore b, EventState ev) {
        EventBuffer out = ev.buffer(EventKinds.TRAILING);
        EventRequest r = ev.request(EventKinds.TRAILING);
        double min = r.minSpeed(), min2 = min * min;
        byte awake = (byte) BodyState.AWAKE.ordinal();
        for (int s = 0, n = Math.min(pieceHandle.length, b.slotLimit()); s < n; s++) {
            long h = pieceHandle[s];
            if (h < 0 || b.state[s] != awake || b.handle(s) != h) {
                continue;
            }
            double vx = b.vx[s], vy = b.vy[s], vz = b.vz[s];
            double v2 = vx * vx + vy * vy + vz * vz;
            if (v2 < min2 || !ev.collectionWants(pieceCollection[s], EventKinds.TRAILING)) {
                continue;
            }
            int k = out.add();
            out.ids[EventBuffer.A][k] = h;
            out.ints[EventBuffer.COLLECTION][k] = pieceCollection[s];
            out.ints[EventBuffer.NODE][k] = pieceNode[s];
            bodyFields(b, s, out, k);
            out.d[EventBuffer.VOLUME][k] = pieceVolume[s];
            bounds(b, out, k, h, true);
            if (!EventSelect.passes(r, EventKinds.TRAILING, out, k)) {
                out.dropLast();
            }
        }
    }

    /** Centre of mass, orientation, velocities, mass and speed of body {@code s} into event k. */
    private static void bodyFields(BodyStore b, int s, EventBuffer out, int k) {
        double[][] d = out.d;
        d[EventBuffer.PX][k] = b.px[s];
        d[EventBuffer.PY][k] = b.py[s];
        d[EventBuffer.PZ][k] = b.pz[s];
        d[EventBuffer.QX][k] = b.qx[s];
        d[EventBuffer.QY][k] = b.qy[s];
        d[EventBuffer.QZ][k] = b.qz[s];
        d[EventBuffer.QW][k] = b.qw[s];
        double vx = b.vx[s], vy = b.vy[s], vz = b.vz[s];
        d[EventBuffer.VAX][k] = vx;
        d[EventBuffer.VAY][k] = vy;
        d[EventBuffer.VAZ][k] = vz;
        d[EventBuffer.WAX][k] = b.wx[s];
        d[EventBuffer.WAY][k] = b.wy[s];
        d[EventBuffer.WAZ][k] = b.wz[s];
        d[EventBuffer.MASS_A][k] = b.invMass[s] == 0 ? Double.POSITIVE_INFINITY : 1 / b.invMass[s];
        d[EventBuffer.SPEED][k] = Math.sqrt(vx * vx + vy * vy + vz * vz);
    }

    /** Bodies that fell asleep or woke since the last step that followed states, by body index. */
    private void sleepWake(StepContext c, EventState ev) {
        BodyStore b = c.bodies;
        int n = b.slotLimit();
        if (lastState.length < n) {
            int cap = Math.max(n, 2 * lastState.length);
            lastState = Arrays.copyOf(lastState, cap);
            lastHandle = Arrays.copyOf(lastHandle, cap);
        }
        boolean follow = statesStep == c.stepIndex - 1;
        statesStep = c.stepIndex;
        byte awake = (byte) BodyState.AWAKE.ordinal(), sleeping = (byte) BodyState.SLEEPING.ordinal();
        EventBuffer sl = ev.buffer(EventKinds.SLEEP), wk = ev.buffer(EventKinds.WAKE);
        EventRequest rs = ev.request(EventKinds.SLEEP), rw = ev.request(EventKinds.WAKE);
        boolean gs = ev.global(EventKinds.SLEEP), gw = ev.global(EventKinds.WAKE);
        for (int s = 0; s < n; s++) {
            if (!b.isLive(s)) {
                lastHandle[s] = -1;
                continue;
            }
            byte now = b.state[s];
            long h = b.handle(s);
            if (follow && lastHandle[s] == h && lastState[s] != now) {
                int mask = ev.bodyKinds(s, h) | members.of(s, h);
                if (lastState[s] == awake && now == sleeping && (gs || (mask & 1 << EventKinds.SLEEP) != 0)) {
                    add(b, s, sl, rs, EventKinds.SLEEP);
                } else if (lastState[s] == sleeping && now == awake && (gw || (mask & 1 << EventKinds.WAKE) != 0)) {
                    add(b, s, wk, rw, EventKinds.WAKE);
                }
            }
            lastState[s] = now;
            lastHandle[s] = h;
        }
    }

    private static void add(BodyStore b, int s, EventBuffer out, EventRequest r, int kind) {
        int k = out.add();
        out.ids[EventBuffer.A][k] = b.handle(s);
        bodyFields(b, s, out, k);
        if (!EventSelect.passes(r, kind, out, k)) {
            out.dropLast();
        }
    }

    /**
     * The constraints that broke this step, in id order (the order they were created): body A with its
     * state, body B (-1 for the world) with its mass and velocities, the constraint id in SUB, the
     * force in LOAD (N) and the torque in IMPULSE (N·m), the point body A's anchor. On when the kind is
     * global or either body asked for it (when it broke: {@code ConstraintBreak.switched}, or now).
     */
    private static void constraintBreaks(StepContext c, EventState ev) {
        BodyStore b = c.bodies;
        EventBuffer out = ev.buffer(EventKinds.CONSTRAINT_BREAK);
        EventRequest r = ev.request(EventKinds.CONSTRAINT_BREAK);
        boolean g = ev.global(EventKinds.CONSTRAINT_BREAK);
        int bit = 1 << EventKinds.CONSTRAINT_BREAK;
        for (int i = 0, n = c.constraintBreaks.size(); i < n; i++) {
            dev.rubble.core.dynamics.ConstraintBreak k = c.constraintBreaks.get(i);
            int sa = (int) k.bodyA();
            boolean world = k.bodyB() == dev.rubble.core.dynamics.ConstraintStore.WORLD;
            int sb = world ? -1 : (int) k.bodyB();
            boolean liveA = b.isLive(sa) && b.handle(sa) == k.bodyA();
            boolean liveB = !world && b.isLive(sb) && b.handle(sb) == k.bodyB();
            // a body's switch read when it broke (a body retired since has none left) or now
            if (!g && !k.switched() && (!liveA || (ev.bodyKinds(b, sa) & bit) == 0)
                    && (!liveB || (ev.bodyKinds(b, sb) & bit) == 0)) {
                continue;
            }
            int e = out.add();
            out.ids[EventBuffer.A][e] = k.bodyA();
            out.ids[EventBuffer.B][e] = world ? -1 : k.bodyB();
            out.ids[EventBuffer.SUB][e] = k.id();
            double[][] d = out.d;
            if (liveA) {
                bodyFields(b, sa, out, e);
            }
            if (liveB) {
                d[EventBuffer.VBX][e] = b.vx[sb];
                d[EventBuffer.VBY][e] = b.vy[sb];
                d[EventBuffer.VBZ][e] = b.vz[sb];
                d[EventBuffer.WBX][e] = b.wx[sb];
                d[EventBuffer.WBY][e] = b.wy[sb];
                d[EventBuffer.WBZ][e] = b.wz[sb];
                d[EventBuffer.MASS_B][e] = b.invMass[sb] == 0 ? Double.POSITIVE_INFINITY : 1 / b.invMass[sb];
            } else if (world) {
                d[EventBuffer.MASS_B][e] = Double.POSITIVE_INFINITY;
            }
            d[EventBuffer.PX][e] = k.px();
            d[EventBuffer.PY][e] = k.py();
            d[EventBuffer.PZ][e] = k.pz();
            d[EventBuffer.LOAD][e] = k.force();
            d[EventBuffer.IMPULSE][e] = k.torque();
            if (!EventSelect.passes(r, EventKinds.CONSTRAINT_BREAK, out, e)) {
                out.dropLast();
            }
        }
    }

    /** Awake dynamic and kinematic bodies with a non-zero velocity, by body index. */
    private void moved(BodyStore b, EventState ev) {
        EventBuffer out = ev.buffer(EventKinds.MOVED);
        EventRequest r = ev.request(EventKinds.MOVED);
        boolean g = ev.global(EventKinds.MOVED);
        byte awake = (byte) BodyState.AWAKE.ordinal(), fixed = (byte) MotionType.STATIC.ordinal();
        for (int s = 0, n = b.slotLimit(); s < n; s++) {
            if (b.state[s] != awake || b.motion[s] == fixed) {
                continue;
            }
            if (b.vx[s] == 0 && b.vy[s] == 0 && b.vz[s] == 0 && b.wx[s] == 0 && b.wy[s] == 0 && b.wz[s] == 0) {
                continue;
            }
            if (!g && ((ev.bodyKinds(b, s) | members.of(s, b.handle(s))) & 1 << EventKinds.MOVED) == 0) {
                continue;
            }
            add(b, s, out, r, EventKinds.MOVED);
        }
    }

    /**
     * Writes the gathering's memory (snapshot section EVNT, docs/snapshot-format.md): the contact
     * list ({@link ContactEvents}), the released pieces by body, the body states the last
     * sleep/wake step saw, which collections were reported broken, and whether the buffers are clear.
     */
    public void writeState(java.io.DataOutputStream o) throws java.io.IOException {
        contacts.writeState(o);
        int n = 0;
        for (long h : pieceHandle) {
            n += h != -1 ? 1 : 0;
        }
        o.writeInt(n);
        for (int s = 0; s < pieceHandle.length; s++) {
            if (pieceHandle[s] != -1) {
                o.writeInt(s);
                o.writeLong(pieceHandle[s]);
                o.writeInt(pieceCollection[s]);
                o.writeInt(pieceNode[s]);
                o.writeDouble(pieceVolume[s]);
            }
        }
        o.writeLong(statesStep);
        o.writeInt(lastState.length);
        for (int s = 0; s < lastState.length; s++) {
            o.writeByte(lastState[s]);
            o.writeLong(lastHandle[s]);
        }
        o.writeInt(brokenReported.length);
        for (boolean r : brokenReported) {
            o.writeBoolean(r);
        }
        o.writeBoolean(cleared);
    }

    /**
     * Reads what {@link #writeState} wrote into this (fresh) stage; {@code bodies} is the slot limit.
     *
     * @throws IllegalArgumentException naming the first bad value
     */
    public void readState(java.io.DataInputStream in, int bodies) throws java.io.IOException {
        contacts.readState(in, bodies);
        int n = in.readInt();
        if (n < 0 || n > bodies) {
            throw new IllegalArgumentException("released pieces = " + n + "; allowed: 0.." + bodies);
        }
        pieceHandle = new long[Math.max(bodies, 0)];
        Arrays.fill(pieceHandle, -1);
        pieceCollection = new int[pieceHandle.length];
        pieceNode = new int[pieceHandle.length];
        pieceVolume = new double[pieceHandle.length];
        for (int i = 0; i < n; i++) {
            int s = in.readInt();
            if (s < 0 || s >= bodies) {
                throw new IllegalArgumentException("released piece " + i + " in body " + s + "; allowed: 0.." + (bodies - 1));
            }
            pieceHandle[s] = in.readLong();
            pieceCollection[s] = in.readInt();
            pieceNode[s] = in.readInt();
            pieceVolume[s] = in.readDouble();
        }
        statesStep = in.readLong();
        int ns = in.readInt();
        if (ns < 0 || ns > in.available() / 9) {
            throw new IllegalArgumentException("body states = " + ns + "; allowed: 0.." + in.available() / 9);
        }
        lastState = new byte[ns];
        lastHandle = new long[ns];
        for (int s = 0; s < ns; s++) {
            lastState[s] = in.readByte();
            lastHandle[s] = in.readLong();
        }
        int nc = in.readInt();
        if (nc < 0 || nc > in.available()) {
            throw new IllegalArgumentException("broken collections = " + nc + "; allowed: 0.." + in.available());
        }
        brokenReported = new boolean[nc];
        for (int c = 0; c < nc; c++) {
            brokenReported[c] = in.readBoolean();
        }
        cleared = in.readBoolean();
    }
}
