package dev.rubble.core.step;

import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.collision.ContactStore;
import dev.rubble.core.event.EventBuffer;
import dev.rubble.core.event.EventKinds;
import dev.rubble.core.event.EventRequest;
import dev.rubble.core.event.EventSelect;
import dev.rubble.core.event.EventState;
import dev.rubble.core.event.NewContactHook;
import java.util.Arrays;

/**
 * Contact events (docs/events.md): which sub-shape contacts began and ended, which were hit, and
 * the pre-solve hook. A contact exists while its manifold has points (as Box2D v3: points within
 * the speculative margin count). The previous step's contacts are kept as a list sorted like the
 * contact store, by (body index A, body index B, sub-shape key), and merge-joined with this step's:
 * no hashing, so the order never depends on anything but the store's canonical order.
 *
 * <pre>
 *  after WAKE (before the solve):  track(): this step's list; new entries -> hook (accept, reject,
 *                                  friction/restitution, remembered while the contact lasts);
 *                                  previous entries missing now -> ended, unless both bodies rest
 *                                  (a sleeping island's manifolds are parked, not gone)
 *  EVENTS slot:                    emit(): BEGIN for new entries, END for ended ones, HIT for a
 *                                  touching contact whose approach speed (the solver's, at points
 *                                  that carried impulse) reached the hit speed - once, then latched
 *                                  until it drops below again (once per impact, not per resting step)
 * </pre>
 *
 * Runs only while a contact kind is switched on or a hook is installed; a step it skipped
 * forgets the list (contacts present when it resumes begin then). Allocation-free once grown.
 */
final class ContactEvents {
    private static final byte NEW = 1, REJECTED = 2, MATERIAL = 4, LATCHED = 8, PARKED = 16;

    // previous (p*) and current (c*) lists, swapped every tracked step
    private int pn, cn, en;
    private int[] pa = new int[64], pb = new int[64], ca = new int[64], cb = new int[64];
    private long[] pha = new long[64], phb = new long[64], pk = new long[64];
    private long[] cha = new long[64], chb = new long[64], ck = new long[64];
    private byte[] pf = new byte[64], cf = new byte[64];
    private double[] pfr = new double[64], pre = new double[64], cfr = new double[64], cre = new double[64];
    /** Manifold index of current entry i in the store, -1 for a parked one. */
    private int[] cm = new int[64];
    // ended this step
    private int[] ea = new int[16], eb = new int[16];
    private long[] eha = new long[16], ehb = new long[16], ek = new long[16];
    private final double[] material = new double[2];
    /** This step's manifolds with the hook's materials, ascending, for the solver after it prepared. */
    private int[] keptManifolds = new int[16];
    private double[] keptFriction = new double[16], keptRestitution = new double[16];
    private int kept;
    private long trackedStep = Long.MIN_VALUE;

    /** Whether contacts are followed this step: a contact kind on, or a hook installed. */
    static boolean wanted(EventState ev) {
        return (ev.activeKinds() & EventKinds.CONTACT_KINDS) != 0 || ev.hook() != null;
    }

    /** Builds this step's contact list from the store (after the narrowphase and WAKE) and runs the hook. */
    void track(StepContext c) {
        EventState ev = c.events;
        BodyStore b = c.bodies;
        ContactStore cs = c.contacts;
        long step = c.stepIndex;
        if (trackedStep != step - 1) {
            pn = 0; // not followed last step: start afresh
        }
        trackedStep = step;
        swap();
        cn = 0;
        en = 0;
        kept = 0;
        NewContactHook hook = ev.hook();
        int i = 0;
        for (int m = 0, n = cs.size(); m < n; m++) {
            if (cs.pointCount[m] == 0) {
                continue;
            }
            int a = cs.bodyA[m], bb = cs.bodyB[m];
            long key = cs.key[m];
            // previous entries before this one have ended (or rest)
            while (i < pn && comparePrev(i, a, bb, key) < 0) {
                endOrPark(b, i++);
            }
            long ha = b.handle(a), hb = b.handle(bb);
            int e = addCurrent(a, bb, key, ha, hb, m);
            if (i < pn && comparePrev(i, a, bb, key) == 0 && pha[i] == ha && phb[i] == hb) {
                cf[e] = (byte) (pf[i] & ~(NEW | PARKED));
                cfr[e] = pfr[i];
                cre[e] = pre[i];
                i++;
            } else {
                if (i < pn && comparePrev(i, a, bb, key) == 0) {
                    endOrPark(b, i++); // same slots, other bodies: the old contact ended
                }
                cf[e] = NEW;
                if (hook != null) {
                    material[0] = cs.friction[m];
                    material[1] = cs.restitution[m];
                    boolean accepted;
                    try {
                        accepted = hook.onNewContact(a, bb, key, material);
                        if (accepted && (material[0] != cs.friction[m] || material[1] != cs.restitution[m])
                                && (!(material[0] >= 0) || !(material[1] >= 0) || Double.isInfinite(material[0])
                                        || Double.isInfinite(material[1]))) {
                            throw new IllegalArgumentException("pre-solve hook set friction " + material[0]
                                    + ", restitution " + material[1] + "; allowed: finite, >= 0");
                        }
                    } catch (Throwable t) {
                        // the step must not stop half done (Callbacks): this contact and the step's later
                        // new ones keep their defaults, as without a hook; the world throws t after the step
                        ev.hookFailed(t);
                        hook = null;
                        accepted = true;
                        material[0] = cs.friction[m];
                        material[1] = cs.restitution[m];
                    }
                    if (!accepted) {
                        cf[e] |= REJECTED;
                    } else if (material[0] != cs.friction[m] || material[1] != cs.restitution[m]) {
                        cf[e] |= MATERIAL;
                        cfr[e] = material[0];
                        cre[e] = material[1];
                    }
                }
            }
            if ((cf[e] & REJECTED) != 0) {
                cs.pointCount[m] = 0; // the solver ignores it, destruction gets no strain from it
            } else if ((cf[e] & MATERIAL) != 0) {
                if (kept == keptManifolds.length) {
                    keptManifolds = Arrays.copyOf(keptManifolds, 2 * kept);
                    keptFriction = Arrays.copyOf(keptFriction, 2 * kept);
                    keptRestitution = Arrays.copyOf(keptRestitution, 2 * kept);
                }
                keptManifolds[kept] = m; // ascending: the store is walked in order
                keptFriction[kept] = cfr[e];
                keptRestitution[kept++] = cre[e];
            }
        }
        while (i < pn) {
            endOrPark(b, i++);
        }
    }

    private void endOrPark(BodyStore b, int i) {
        int a = pa[i], bb = pb[i];
        boolean same = b.isLive(a) && b.isLive(bb) && b.handle(a) == pha[i] && b.handle(bb) == phb[i];
        if (same && b.state(a) != BodyState.AWAKE && b.state(bb) != BodyState.AWAKE
                && b.state(a) != BodyState.DISABLED && b.state(bb) != BodyState.DISABLED) {
            // a sleeping island's manifold is parked by the narrowphase: the contact goes on
            int e = addCurrent(a, bb, pk[i], pha[i], phb[i], -1);
            cf[e] = (byte) ((pf[i] & ~NEW) | PARKED);
            cfr[e] = pfr[i];
            cre[e] = pre[i];
            return;
        }
        if (en == ea.length) {
            int cap = 2 * en;
            ea = Arrays.copyOf(ea, cap);
            eb = Arrays.copyOf(eb, cap);
            eha = Arrays.copyOf(eha, cap);
            ehb = Arrays.copyOf(ehb, cap);
            ek = Arrays.copyOf(ek, cap);
        }
        ea[en] = a;
        eb[en] = bb;
        eha[en] = pha[i];
        ehb[en] = phb[i];
        ek[en] = pk[i];
        en++;
    }

    private int comparePrev(int i, int a, int bb, long key) {
        int c = Integer.compare(pa[i], a);
        if (c == 0) {
            c = Integer.compare(pb[i], bb);
        }
        return c != 0 ? c : Long.compare(pk[i], key);
    }

    private int addCurrent(int a, int bb, long key, long ha, long hb, int m) {
        if (cn == ca.length) {
            int cap = 2 * cn;
            ca = Arrays.copyOf(ca, cap);
            cb = Arrays.copyOf(cb, cap);
            cha = Arrays.copyOf(cha, cap);
            chb = Arrays.copyOf(chb, cap);
            ck = Arrays.copyOf(ck, cap);
            cf = Arrays.copyOf(cf, cap);
            cfr = Arrays.copyOf(cfr, cap);
            cre = Arrays.copyOf(cre, cap);
            cm = Arrays.copyOf(cm, cap);
        }
        int e = cn++;
        ca[e] = a;
        cb[e] = bb;
        cha[e] = ha;
        chb[e] = hb;
        ck[e] = key;
        cm[e] = m;
        return e;
    }

    private void swap() {
        int[] t = pa; pa = ca; ca = t;
        t = pb; pb = cb; cb = t;
        long[] l = pha; pha = cha; cha = l;
        l = phb; phb = chb; chb = l;
        l = pk; pk = ck; ck = l;
        byte[] f = pf; pf = cf; cf = f;
        double[] d = pfr; pfr = cfr; cfr = d;
        d = pre; pre = cre; cre = d;
        pn = cn;
        if (cm.length < ca.length) {
            cm = Arrays.copyOf(cm, ca.length);
        }
    }

    /** Hands this step's hook materials to the solver (after it prepared the rows); nothing when there are none. */
    void keepMaterials(dev.rubble.core.dynamics.ContactSolver solver) {
        if (kept > 0) {
            solver.keepMaterials(keptManifolds, keptFriction, keptRestitution, kept);
        }
    }

    /** Fills BEGIN, END and HIT from this step's list (the EVENTS slot; impulses are final now). */
    /** Switches of welded members counted for their union's body (set by {@link #emit}). */
    private MemberKinds members;

    /** The unions whose bodies' contacts name the member touched (set by {@link #emit}; null before). */
    private dev.rubble.core.destruction.Unions unions;

    void emit(StepContext c, MemberKinds members) {
        this.members = members;
        this.unions = c.destruction.unions();
        EventState ev = c.events;
        if (trackedStep != c.stepIndex) {
            return;
        }
        BodyStore b = c.bodies;
        ContactStore cs = c.contacts;
        boolean begin = wants(ev, EventKinds.BEGIN), end = wants(ev, EventKinds.END), hit = wants(ev, EventKinds.HIT);
        EventRequest hr = ev.request(EventKinds.HIT);
        double hitSpeed = hr.minSpeed();
        EventBuffer bb = ev.buffer(EventKinds.BEGIN), eb2 = ev.buffer(EventKinds.END), hb = ev.buffer(EventKinds.HIT);
        // END in canonical order, merged with nothing: the ended list is already sorted
        if (end) {
            EventRequest r = ev.request(EventKinds.END);
            for (int i = 0; i < en; i++) {
                if (!selected(ev, EventKinds.END, ea[i], eha[i], eb[i], ehb[i])) {
                    continue;
                }
                int k = eb2.add();
                pair(b, eb2, k, ea[i], eha[i], eb[i], ehb[i], ek[i]);
                eb2.d[EventBuffer.SPEED][k] = relativeSpeed(eb2, k);
                if (!EventSelect.passes(r, EventKinds.END, eb2, k)) {
                    eb2.dropLast();
                }
            }
        }
        EventRequest br = ev.request(EventKinds.BEGIN);
        for (int e = 0; e < cn; e++) {
            int m = cm[e];
            if (m < 0 || (cf[e] & REJECTED) != 0) {
                continue;
            }
            double approach = 0, hitApproach = 0;
            int hitPoint = -1, firstPoint = m * ContactStore.MAX_POINTS;
            for (int k = 0, p = firstPoint; k < cs.pointCount[m]; k++, p++) {
                double ap = -cs.relativeNormalVelocity[p];
                approach = Math.max(approach, ap);
                if (cs.normalImpulse[p] > 0 && (hitPoint < 0 || ap > hitApproach)) {
                    hitApproach = ap;
                    hitPoint = p;
                }
            }
            if (begin && (cf[e] & NEW) != 0 && selected(ev, EventKinds.BEGIN, ca[e], cha[e], cb[e], chb[e])) {
                int k = bb.add();
                contact(b, cs, bb, k, e, m, firstPoint);
                bb.d[EventBuffer.SPEED][k] = approach;
                if (!EventSelect.passes(br, EventKinds.BEGIN, bb, k)) {
                    bb.dropLast();
                }
            }
            // once per impact: fire on reaching the hit speed, then wait until it drops below
            boolean fast = hitPoint >= 0 && hitApproach >= hitSpeed && hitApproach > 0;
            if (!fast) {
                cf[e] &= ~LATCHED;
            } else if ((cf[e] & LATCHED) == 0) {
                cf[e] |= LATCHED;
                if (hit && selected(ev, EventKinds.HIT, ca[e], cha[e], cb[e], chb[e])) {
                    int k = hb.add();
                    contact(b, cs, hb, k, e, m, hitPoint);
                    hb.d[EventBuffer.SPEED][k] = hitApproach;
                    if (!EventSelect.passes(hr, EventKinds.HIT, hb, k)) {
                        hb.dropLast();
                    }
                }
            }
        }
    }

    private static boolean wants(EventState ev, int kind) {
        return ev.global(kind) || ev.anyBody(kind);
    }

    private boolean selected(EventState ev, int kind, int a, long ha, int b, long hb) {
        return ev.global(kind) || ((ev.bodyKinds(a, ha) | ev.bodyKinds(b, hb) | members.of(a, ha) | members.of(b, hb))
                & 1 << kind) != 0;
    }

    private void contact(BodyStore b, ContactStore cs, EventBuffer out, int k, int e, int m, int point) {
        pair(b, out, k, ca[e], cha[e], cb[e], chb[e], ck[e]);
        double[][] d = out.d;
        int a = ca[e];
        d[EventBuffer.PX][k] = b.px[a] + cs.ax[point];
        d[EventBuffer.PY][k] = b.py[a] + cs.ay[point];
        d[EventBuffer.PZ][k] = b.pz[a] + cs.az[point];
        d[EventBuffer.NX][k] = cs.nx[m];
        d[EventBuffer.NY][k] = cs.ny[m];
        d[EventBuffer.NZ][k] = cs.nz[m];
        d[EventBuffer.IMPULSE][k] = cs.totalNormalImpulse(m);
    }

    /**
     * Bodies, masses, velocities and materials of a pair (bodies no longer there: ids only); on a cluster
     * union's body, the welded member the contact's compound child names (docs/events.md, "Cluster unions").
     */
    private void pair(BodyStore b, EventBuffer out, int k, int a, long ha, int bb, long hb, long key) {
        out.ids[EventBuffer.A][k] = ha;
        out.ids[EventBuffer.B][k] = hb;
        out.ids[EventBuffer.SUB][k] = key;
        double[][] d = out.d;
        if (b.isLive(a) && b.handle(a) == ha) {
            body(b, a, d, k, EventBuffer.MASS_A, EventBuffer.VAX, EventBuffer.FRICTION_A);
            if (unions != null && unions.any()) {
                out.ids[EventBuffer.MEMBER_A][k] = unions.memberTouched(a, key, true);
            }
        }
        if (b.isLive(bb) && b.handle(bb) == hb) {
            body(b, bb, d, k, EventBuffer.MASS_B, EventBuffer.VBX, EventBuffer.FRICTION_B);
            if (unions != null && unions.any()) {
                out.ids[EventBuffer.MEMBER_B][k] = unions.memberTouched(bb, key, false);
            }
        }
    }

    private static void body(BodyStore b, int s, double[][] d, int k, int mass, int v, int material) {
        d[mass][k] = b.invMass[s] == 0 ? Double.POSITIVE_INFINITY : 1 / b.invMass[s];
        d[v][k] = b.vx[s];
        d[v + 1][k] = b.vy[s];
        d[v + 2][k] = b.vz[s];
        d[v + 3][k] = b.wx[s];
        d[v + 4][k] = b.wy[s];
        d[v + 5][k] = b.wz[s];
        d[material][k] = b.friction[s];
        d[material + 1][k] = b.restitution[s];
    }

    private static double relativeSpeed(EventBuffer out, int k) {
        double[][] d = out.d;
        double x = d[EventBuffer.VBX][k] - d[EventBuffer.VAX][k], y = d[EventBuffer.VBY][k] - d[EventBuffer.VAY][k],
                z = d[EventBuffer.VBZ][k] - d[EventBuffer.VAZ][k];
        return Math.sqrt(x * x + y * y + z * z);
    }

    /**
     * Writes what the next step's tracking reads (snapshot section EVNT, docs/snapshot-format.md):
     * the step last followed and its contact list with flags (hit latches, parked, hook rejections
     * and materials).
     */
    void writeState(java.io.DataOutputStream o) throws java.io.IOException {
        o.writeLong(trackedStep);
        o.writeInt(cn);
        for (int e = 0; e < cn; e++) {
            o.writeInt(ca[e]);
            o.writeInt(cb[e]);
            o.writeLong(cha[e]);
            o.writeLong(chb[e]);
            o.writeLong(ck[e]);
            o.writeByte(cf[e]);
            o.writeDouble(cfr[e]);
            o.writeDouble(cre[e]);
        }
    }

    /** Reads what {@link #writeState} wrote; {@code bodies} bounds the body indices. */
    void readState(java.io.DataInputStream in, int bodies) throws java.io.IOException {
        long tracked = in.readLong();
        int n = in.readInt();
        if (n < 0 || n > in.available() / 45) {
            throw new IllegalArgumentException("contact list of " + n + " entries; allowed: 0.." + in.available() / 45);
        }
        cn = 0;
        for (int e = 0; e < n; e++) {
            int a = in.readInt(), bb = in.readInt();
            if (a < 0 || bb < 0 || a >= bodies || bb >= bodies) {
                throw new IllegalArgumentException("contact " + e + " names bodies " + a + " and " + bb + "; allowed: 0.."
                        + (bodies - 1));
            }
            int k = addCurrent(a, bb, 0, in.readLong(), in.readLong(), 0);
            ck[k] = in.readLong();
            cf[k] = in.readByte();
            cfr[k] = in.readDouble();
            cre[k] = in.readDouble();
        }
        trackedStep = tracked;
    }
}
