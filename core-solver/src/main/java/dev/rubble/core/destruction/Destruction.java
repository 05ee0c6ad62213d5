package dev.rubble.core.destruction;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.collision.ContactStore;
import dev.rubble.core.body.BodyDef;
import dev.rubble.core.command.Command;
import dev.rubble.core.body.StateHash;
import dev.rubble.spi.collection.CollectionAsset;
import dev.rubble.spi.damage.DamageModel;
import dev.rubble.spi.shape.InertiaTensor;
import dev.rubble.spi.shape.MassProperties;
import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.strain.StrainModifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The destruction runtime (SPEC §4–§5; reference: chaos-clusters-strain-runtime §2–§7): placed
 * collections as clusters, commands on them, and the DESTRUCTION step slot, which runs after the
 * solve and restitution, before the sleep update:
 *
 * <pre>
 *  collision strain (this step's solved contacts, approach >= 1 cm/s, to the child the point hit)
 *   -> group strained children by collection, then holder in first-strained order
 *   -> strain-modifier chains (loads and thresholds only)
 *   -> evaluation: child breaks iff max(collision, external) >= threshold (direct children of
 *      active holders only: one level per step); external and collision loads reset
 *   -> propagation into neighbours' external strain (max-combined; evaluated next step)
 *   -> restore breaking momentum to impactors
 *   -> release (pose childToParent x holderPose, v = v_h + w_h x r, w = w_h), connectivity of the
 *      rest by iterative union-find: one child alone, several a new internal cluster, pinned by
 *      anchors = kinematic; the holder's body is retired, never reshaped
 * </pre>
 *
 * Only top nodes have bodies, so an intact collection costs one body. The stage sees the world only
 * through explicit inputs (bodies, contacts, dt) and a {@link DestructionHost}. Not thread-safe.
 */
public final class Destruction {
    /** Contacts approaching slower than this create no strain (Chaos: 1 cm/s = 0.01 m/s). */
    public static final double MIN_APPROACH_SPEED = 0.01;

    final BodyStore bodies;
    final ContactStore contacts;
    final DestructionHost host;
    final double dt;
    final ClusterStore store = new ClusterStore();
    final List<PlacedCollection> collections = new ArrayList<>();
    final BreakEvents events = new BreakEvents();
    private final List<BreakListener> listeners = new ArrayList<>();
    private final CollisionStrain collision;
    private final Breaker breaker;
    private final StrainViewBuffer view = new StrainViewBuffer();
    /** Break budget and release throttling (issue 13; off by default). */
    final BreakBudget budget = new BreakBudget(this);
    /** Timed removal of released pieces (the REMOVAL slot; docs/destruction.md "Debris and removal"). */
    final Removal removal = new Removal(this);
    /** World-wide removal timer multiplier (Chaos's p.Chaos.GC.RemovalTimerMultiplier), ≥ 0. */
    double timerMultiplier = 1;

    int[] slotNode = new int[0];
    int[] active = new int[16];
    int activeCount;
    int[] list = new int[16];
    int listCount;
    int[] next = new int[16];
    int nextCount;
    long digest = StateHash.OFFSET_BASIS;
    long step;

    // grouping scratch (global-node sized arrays are grown with the store)
    int[] holderStamp = new int[0], holderIdx = new int[0];
    int stamp;
    int[] holders = new int[16], holderStart = new int[17], holderBroken = new int[16];
    int holderCount;
    int[] entries = new int[16];
    double[] applied = new double[16];
    boolean[] broken = new boolean[16];
    int entryCount;
    private int[] cnt = new int[16], order = new int[16], tmpH = new int[16], collStart = new int[4];

    /**
     * @param bodies   the world's bodies (read, and written when impactors get momentum back)
     * @param contacts the world's contact store (read after the solve)
     * @param host     creates and retires bodies
     * @param dt       the step, s
     */
    public Destruction(BodyStore bodies, ContactStore contacts, DestructionHost host, double dt) {
        this.bodies = Objects.requireNonNull(bodies, "bodies is null");
        this.contacts = Objects.requireNonNull(contacts, "contacts is null");
        this.host = Objects.requireNonNull(host, "host is null");
        this.dt = dt;
        this.collision = new CollisionStrain(this);
        this.breaker = new Breaker(this);
    }

    /** The cluster store (read-only use outside the package). */
    public ClusterStore store() {
        return store;
    }

    /** Number of placed collections. */
    public int collectionCount() {
        return collections.size();
    }

    /** The asset of placed collection {@code c}. */
    public CollectionAsset asset(int c) {
        return collection(c).asset;
    }

    /** Global node id of asset node {@code node} of collection {@code c}. */
    public int globalNode(int c, int node) {
        PlacedCollection pc = collection(c);
        if (node < 0 || node >= pc.asset.nodeCount()) {
            throw new IllegalArgumentException("node = " + node + "; allowed: [0, " + pc.asset.nodeCount()
                    + ") in collection " + c);
        }
        return pc.base + node;
    }

    private PlacedCollection collection(int c) {
        if (c < 0 || c >= collections.size()) {
            throw new IllegalArgumentException("collection = " + c + "; allowed: [0, " + collections.size() + ")");
        }
        return collections.get(c);
    }

    /** The body currently holding asset node {@code node} of collection {@code c} (its top ancestor's body). */
    public long holderBody(int c, int node) {
        return store.body[store.top(globalNode(c, node))];
    }

    /**
     * The body shape of a piece made of asset nodes {@code members} (their own hulls) about the
     * centre of mass {@code c} in the collection frame: the shape destruction gives a released
     * node (one member) or an internal cluster. For journal playback (issue 14).
     */
    public static Shape pieceShape(CollectionAsset asset, int[] members, double cx, double cy, double cz) {
        return PlacedCollection.compound(asset, 0, members.length, members, cx, cy, cz);
    }

    /** Number of nodes that have bodies (intact collections, released pieces, internal clusters). */
    public int activeCount() {
        return activeCount;
    }

    /** Node of active index {@code i} (deterministic order). */
    public int active(int i) {
        return active[i];
    }

    /**
     * Strained children waiting for the next step's evaluation (the strained list's length; the
     * console's destruction panel shows it).
     */
    public int strainedCount() {
        return listCount;
    }

    /** The last step's events (reused). */
    public BreakEvents events() {
        return events;
    }

    public void addListener(BreakListener l) {
        listeners.add(Objects.requireNonNull(l, "listener is null"));
    }

    public void removeListener(BreakListener l) {
        listeners.remove(l);
    }

    /** Called by the world after a step: hands the step's events to the listeners. */
    public void notifyListeners() {
        if (events.count() == 0) {
            return;
        }
        for (int i = 0; i < listeners.size(); i++) {
            listeners.get(i).onBreaks(events);
        }
    }

    // ---- placement ------------------------------------------------------------------------

    /**
     * Places a collection: its nodes enter the store and its root becomes ONE body (its own hulls
     * about its centre of mass, its mass properties). Nothing changes when it fails.
     *
     * @return the collection's index (placement order)
     * @throws IllegalArgumentException naming a bad anchor or a bad threshold from the damage model
     */
    public int place(CollectionAsset asset, CollectionPlacement pl, DamageModel model, StrainModifier[] modifiers) {
        Objects.requireNonNull(asset, "asset is null");
        Objects.requireNonNull(pl, "placement is null");
        Objects.requireNonNull(model, "damage model is null");
        int n = asset.nodeCount();
        int[] an = pl.anchorNodes();
        for (int i = 0; i < an.length; i++) {
            if (an[i] < 0 || an[i] >= n) {
                throw new IllegalArgumentException("anchors[" + i + "] = " + an[i] + "; allowed: node ids [0, " + n + ")");
            }
        }
        PlacedCollection pc = new PlacedCollection(collections.size(), pl.label(), asset, store.size(), pl.options(),
                model, modifiers == null ? new StrainModifier[0] : modifiers.clone());
        double[] thr = new double[n];
        Arrays.fill(thr, Double.NaN);
        model.thresholds(asset, pc, thr);
        for (int i = 0; i < n; i++) {
            if (!(thr[i] >= 0)) {
                throw new IllegalArgumentException("damage model threshold of node " + i + " = " + thr[i]
                        + "; allowed: >= 0 or +Infinity");
            }
        }
        boolean[] pin = asset.anchored().clone();
        byte[] st = asset.initialState();
        for (int i = 0; i < n; i++) {
            pin[i] |= st[i] == CollectionAsset.STATE_KINEMATIC || st[i] == CollectionAsset.STATE_STATIC;
        }
        for (int id : an) {
            pin[id] = true;
        }
        markBoxes(asset, pl.anchorBoxes(), pin, true);
        // validated: now mutate
        int base = store.append(n);
        int[] par = asset.parent(), lev = asset.level(), fc = asset.firstChild();
        for (int i = 0; i < n; i++) {
            int g = base + i;
            store.collection[g] = pc.index;
            store.node[g] = i;
            store.level[g] = lev[i];
            store.mass[g] = asset.mass()[i];
            System.arraycopy(asset.com(), 3 * i, store.com, 3 * g, 3);
            System.arraycopy(asset.inertia(), 6 * i, store.inertia, 6 * g, 6);
            store.threshold[g] = thr[i];
            store.anchored[g] = pin[i];
            store.anchoredCount[g] = pin[i] ? 1 : 0;
            if (par[i] >= 0) {
                store.link(base + par[i], g, i == fc[par[i]] ? ClusterStore.NONE : g - 1);
            }
        }
        for (int i = n - 1; i > 0; i--) {
            store.anchoredCount[base + par[i]] += store.anchoredCount[base + i];
        }
        collections.add(pc);
        growGlobal();
        int root = base;
        double qn = Math.sqrt(pl.qx() * pl.qx() + pl.qy() * pl.qy() + pl.qz() * pl.qz() + pl.qw() * pl.qw());
        double qx = pl.qx() / qn, qy = pl.qy() / qn, qz = pl.qz() / qn, qw = pl.qw() / qn;
        double cx = store.com[3 * root], cy = store.com[3 * root + 1], cz = store.com[3 * root + 2];
        double px = pl.x() + Rot.x(qx, qy, qz, qw, cx, cy, cz);
        double py = pl.y() + Rot.y(qx, qy, qz, qw, cx, cy, cz);
        double pz = pl.z() + Rot.z(qx, qy, qz, qw, cx, cy, cz);
        MotionType m;
        boolean asleep = false;
        if (store.anchoredCount[root] > 0) {
            m = MotionType.KINEMATIC;
        } else {
            switch (pl.state()) {
                case KINEMATIC -> m = MotionType.KINEMATIC;
                case STATIC -> m = MotionType.STATIC;
                case SLEEPING -> {
                    m = MotionType.DYNAMIC;
                    asleep = true;
                }
                default -> m = MotionType.DYNAMIC;
            }
        }
        boolean moving = m != MotionType.STATIC && store.anchoredCount[root] == 0 && !asleep;
        createBody(root, null, px, py, pz, qx, qy, qz, qw,
                moving ? pl.vx() : 0, moving ? pl.vy() : 0, moving ? pl.vz() : 0,
                moving ? pl.wx() : 0, moving ? pl.wy() : 0, moving ? pl.wz() : 0, m, asleep);
        markChildren(root, false);
        digest = StateHash.mix(StateHash.mix(digest, n), base);
        return pc.index;
    }

    static int markBoxes(CollectionAsset a, double[] boxes, boolean[] out, boolean value) {
        int changed = 0;
        double[] com = a.com();
        int[] cc = a.childCount();
        for (int b = 0; b + 5 < boxes.length; b += 6) {
            for (int i = 0; i < a.nodeCount(); i++) {
                if (cc[i] != 0) {
                    continue;
                }
                double x = com[3 * i], y = com[3 * i + 1], z = com[3 * i + 2];
                if (x >= boxes[b] && y >= boxes[b + 1] && z >= boxes[b + 2]
                        && x <= boxes[b + 3] && y <= boxes[b + 4] && z <= boxes[b + 5] && out[i] != value) {
                    out[i] = value;
                    changed++;
                }
            }
        }
        return changed;
    }

    void growGlobal() {
        int n = store.size();
        if (holderStamp.length < n) {
            int cap = Math.max(n, holderStamp.length * 2);
            holderStamp = Arrays.copyOf(holderStamp, cap);
            holderIdx = Arrays.copyOf(holderIdx, cap);
            breaker.grow(cap);
            budget.grow(cap);
            removal.grow(cap);
        }
    }

    // ---- bodies ---------------------------------------------------------------------------

    /**
     * Gives node {@code g} a body with its centre of mass at p, orientation q (the collection
     * frame's), velocities v and w. {@code shape} null = the asset node's own hulls.
     */
    long createBody(int g, Shape shape, double px, double py, double pz, double qx, double qy, double qz, double qw,
                    double vx, double vy, double vz, double wx, double wy, double wz, MotionType m, boolean asleep) {
        PlacedCollection pc = collections.get(store.collection[g]);
        Shape sh = shape != null ? shape : pc.shape(store.node[g]);
        MassProperties mp = null;
        if (m == MotionType.DYNAMIC) {
            double[] in = store.inertia;
            int o = 6 * g;
            double[] t = {in[o], in[o + 3], in[o + 4], in[o + 3], in[o + 1], in[o + 5], in[o + 4], in[o + 5], in[o + 2]};
            mp = InertiaTensor.principal(store.mass[g], 0, 0, 0, t);
        }
        BodyDef def = BodyDef.of(sh).withMotion(m).withPosition(px, py, pz).withOrientation(qx, qy, qz, qw)
                .withLinearVelocity(vx, vy, vz).withAngularVelocity(wx, wy, wz).withMass(store.mass[g])
                .withMaterial(pc.options.friction(), pc.options.restitution()).withAsleep(asleep).withLabel(pc.label);
        long h = host.createBody(def, mp);
        int s = bodies.slot(h);
        if (slotNode.length <= s) {
            int old = slotNode.length;
            slotNode = Arrays.copyOf(slotNode, Math.max(s + 1, old * 2));
            Arrays.fill(slotNode, old, slotNode.length, ClusterStore.NONE);
        }
        slotNode[s] = g;
        store.body[g] = h;
        bodies.debris[s] = store.level[g] >= pc.debris.oneWayInteractionLevel() ? (byte) 1 : 0; // one-way contacts
        if (activeCount == active.length) {
            active = Arrays.copyOf(active, activeCount * 2);
        }
        store.activeIndex[g] = activeCount;
        active[activeCount++] = g;
        return h;
    }

    /** Removes node g's body. */
    void retire(int g) {
        long h = store.body[g];
        int s = bodies.slot(h);
        slotNode[s] = ClusterStore.NONE;
        store.body[g] = ClusterStore.NONE;
        int i = store.activeIndex[g];
        int last = active[--activeCount];
        active[i] = last;
        store.activeIndex[last] = i;
        store.activeIndex[g] = ClusterStore.NONE;
        host.retireBody(h);
    }

    /**
     * Whether node g still has its body. A collection body removed through the world (not through
     * destruction) is forgotten here: g becomes inert instead of failing later in the step.
     */
    boolean bodyAlive(int g) {
        long h = store.body[g];
        if (h == ClusterStore.NONE) {
            return false;
        }
        int s = (int) h;
        if (bodies.isLive(s) && bodies.handle(s) == h) {
            return true;
        }
        if (s < slotNode.length && slotNode[s] == g) {
            slotNode[s] = ClusterStore.NONE;
        }
        store.body[g] = ClusterStore.NONE;
        int i = store.activeIndex[g];
        int last = active[--activeCount];
        active[i] = last;
        store.activeIndex[last] = i;
        store.activeIndex[g] = ClusterStore.NONE;
        return false;
    }

    /** The node whose body is in {@code slot}, or -1. */
    int nodeOfSlot(int s) {
        if (s >= slotNode.length) {
            return ClusterStore.NONE;
        }
        int g = slotNode[s];
        return g >= 0 && store.body[g] == bodies.handle(s) ? g : ClusterStore.NONE;
    }

    // ---- strained lists -------------------------------------------------------------------

    void addList(int g) {
        if (store.inList[g]) {
            return;
        }
        store.inList[g] = true;
        if (listCount == list.length) {
            list = Arrays.copyOf(list, listCount * 2);
        }
        list[listCount++] = g;
    }

    void addNext(int g) {
        if (store.inNext[g]) {
            return;
        }
        store.inNext[g] = true;
        if (nextCount == next.length) {
            next = Arrays.copyOf(next, nextCount * 2);
        }
        next[nextCount++] = g;
    }

    /** Marks the children of a newly active node that have a pending load or a threshold ≤ 0. */
    void markChildren(int g, boolean nextStep) {
        for (int c = store.firstChild[g]; c != ClusterStore.NONE; c = store.nextSibling[c]) {
            if (store.externalLoad[c] > 0 || store.threshold[c] <= 0) {
                if (nextStep) {
                    addNext(c);
                } else {
                    addList(c);
                }
            }
        }
    }

    // ---- the step -------------------------------------------------------------------------

    /** The DESTRUCTION slot of step {@code stepIndex}. Cheap when nothing is strained. */
    public void run(long stepIndex) {
        step = stepIndex;
        events.reset(stepIndex);
        budget.begin();
        if (collections.isEmpty()) {
            return;
        }
        growGlobal();
        collision.gather();
        budget.restoreCarried(); // loads kept by holders that waited for the break budget
        group();
        if (entryCount > 0) {
            int brokenTotal;
            if (budget.limited()) {
                brokenTotal = budget.evaluate(); // first-strained holders until the budget is spent
            } else {
                runModifiers();
                brokenTotal = evaluate();
                budget.evaluatedAll();
            }
            if (brokenTotal > 0) {
                breaker.restoreMomentum();
                budget.beginRelease();
                breaker.release();
                growGlobal();
                breaker.crumblePartial(); // partial clusters that are all small crumble at once (removal options)
            }
        }
        budget.carryOver();
        endStep();
        budget.finish();
    }

    /** The last step's budget counters (reused; see docs/destruction.md, "Budgets"). */
    public DestructionStats stats() {
        return budget.stats;
    }

    /** Holders that may break per step ({@link Command.SetBreakBudget#UNLIMITED} = no budget, the default). */
    public int breakBudget() {
        return budget.breaksPerStep;
    }

    /** Release throttling's lower bound of active pieces (-1 = off, the default). */
    public int throttleMin() {
        return budget.throttleMin;
    }

    /** Release throttling's upper bound of active pieces (-1 = off, the default). */
    public int throttleMax() {
        return budget.throttleMax;
    }

    /**
     * Sets the break budget at once (between steps, not journalled: for building a world; a running
     * world changes it with {@link Command.SetBreakBudget}, which a journal records).
     */
    public void setBreakBudget(int breaksPerStep) {
        budget.setBreakBudget(breaksPerStep);
    }

    /** Sets release throttling at once (see {@link #setBreakBudget}; journalled: {@link Command.SetReleaseThrottle}). */
    public void setReleaseThrottle(int min, int max) {
        budget.setThrottle(min, max);
    }

    /** Collection {@code c}'s current unbreakable level, {@code min(maxClusterLevel, maxSimulatedLevel)}. */
    public int unbreakableLevel(int c) {
        return collection(c).unbreakableLevel;
    }

    /** Groups the evaluable strained children: collection-major, then holders in first-strained order. */
    private void group() {
        stamp++;
        holderCount = 0;
        entryCount = 0;
        for (int i = 0; i < listCount; i++) {
            int g = list[i];
            if (!store.isHeldByActive(g) || !bodyAlive(store.parent[g])) {
                continue;
            }
            int h = store.parent[g];
            if (holderStamp[h] != stamp) {
                holderStamp[h] = stamp;
                if (holderCount == holders.length) {
                    int cap = holderCount * 2;
                    holders = Arrays.copyOf(holders, cap);
                    holderBroken = Arrays.copyOf(holderBroken, cap);
                    holderStart = Arrays.copyOf(holderStart, cap + 1);
                    cnt = Arrays.copyOf(cnt, cap);
                    order = Arrays.copyOf(order, cap);
                    tmpH = Arrays.copyOf(tmpH, cap);
                }
                holders[holderCount] = h;
                cnt[holderCount] = 0;
                holderIdx[h] = holderCount++;
            }
            cnt[holderIdx[h]]++;
            entryCount++;
        }
        if (entryCount == 0) {
            return;
        }
        int nc = collections.size();
        if (collStart.length < nc + 1) {
            collStart = new int[nc + 1];
        }
        Arrays.fill(collStart, 0, nc + 1, 0);
        for (int k = 0; k < holderCount; k++) {
            collStart[store.collection[holders[k]] + 1]++;
        }
        for (int c = 0; c < nc; c++) {
            collStart[c + 1] += collStart[c];
        }
        for (int k = 0; k < holderCount; k++) {
            order[collStart[store.collection[holders[k]]]++] = k; // stable: first-strained order within a collection
        }
        int off = 0;
        for (int j = 0; j < holderCount; j++) {
            int k = order[j];
            tmpH[j] = holders[k];
            holderStart[j] = off;
            off += cnt[k];
        }
        holderStart[holderCount] = off;
        for (int j = 0; j < holderCount; j++) {
            holders[j] = tmpH[j];
            holderIdx[holders[j]] = j;
            holderBroken[j] = 0;
            cnt[j] = holderStart[j]; // write cursor
        }
        if (entries.length < entryCount) {
            int cap = Math.max(entryCount, entries.length * 2);
            entries = new int[cap];
            applied = new double[cap];
            broken = new boolean[cap];
        }
        for (int i = 0; i < listCount; i++) {
            int g = list[i];
            if (store.isHeldByActive(g)) {
                entries[cnt[holderIdx[store.parent[g]]]++] = g;
            }
        }
    }

    /** Runs holder k's collection's strain-modifier chain over k's entries only (the budgeted path). */
    void modifyHolder(int k) {
        PlacedCollection pc = collections.get(store.collection[holders[k]]);
        if (pc.modifiers.length == 0) {
            return;
        }
        view.load(this, holderStart[k], holderStart[k + 1]);
        for (StrainModifier m : pc.modifiers) {
            m.modify(view);
        }
        view.store(this, holderStart[k], holderStart[k + 1]);
    }

    /** Runs each collection's strain-modifier chain over its range of entries. */
    private void runModifiers() {
        int k = 0;
        while (k < holderCount) {
            int c = store.collection[holders[k]];
            int from = holderStart[k];
            while (k < holderCount && store.collection[holders[k]] == c) {
                k++;
            }
            int to = holderStart[k];
            PlacedCollection pc = collections.get(c);
            if (pc.modifiers.length == 0) {
                continue;
            }
            view.load(this, from, to);
            for (StrainModifier m : pc.modifiers) {
                m.modify(view);
            }
            view.store(this, from, to);
        }
    }

    /** Evaluates every entry; returns how many broke. Propagation writes neighbours' external strain. */
    private int evaluate() {
        int total = 0;
        for (int k = 0; k < holderCount; k++) {
            total += evaluateHolder(k);
        }
        return total;
    }

    /** Evaluates holder k's entries (see {@link #evaluate()}); returns how many broke. */
    int evaluateHolder(int k) {
        int total = 0;
        {
            int h = holders[k];
            PlacedCollection pc = collections.get(store.collection[h]);
            int limit = pc.unbreakableLevel; // the options' min(maxClusterLevel, maxSimulatedLevel) unless SetLevels changed it
            double ratio = 0;
            for (int e = holderStart[k]; e < holderStart[k + 1]; e++) {
                int g = entries[e];
                double a = Math.max(store.collisionLoad[g], store.externalLoad[g]);
                double t = store.threshold[g];
                if (t > 0 && t < Double.POSITIVE_INFINITY && a / t > ratio && a / t < Double.POSITIVE_INFINITY) {
                    ratio = a / t; // display only (strain heat)
                }
                boolean brk = store.level[g] < limit && a >= store.threshold[g];
                store.collisionLoad[g] = 0;
                store.externalLoad[g] = 0;
                applied[e] = a;
                broken[e] = brk;
                if (brk) {
                    holderBroken[k]++;
                    total++;
                }
            }
            store.strainRatio[h] = ratio;
            store.strainStep[h] = step;
            if (pc.options.propagation()) {
                propagate(pc, h, holderStart[k], holderStart[k + 1]);
            }
        }
        return total;
    }

    /**
     * Damage propagation (reference: chaos-clusters-strain-runtime §5.5): a broken child passes
     * {@code breakFactor (applied - threshold) / edges} to each bonded sibling, an unbroken one
     * {@code shockFactor applied}, undivided; neighbours keep the max; evaluated next step. A
     * forced break (+∞ load) passes nothing.
     */
    private void propagate(PlacedCollection pc, int h, int from, int to) {
        double bf = pc.options.breakFactor(), sf = pc.options.shockFactor();
        int[] es = pc.asset.edgeStart(), el = pc.asset.edgeList(), ea = pc.asset.edgeA(), eb = pc.asset.edgeB();
        for (int e = from; e < to; e++) {
            int g = entries[e];
            double a = applied[e];
            if (!Double.isFinite(a)) {
                continue;
            }
            int nd = store.node[g];
            int edges = 0;
            for (int k = es[nd]; k < es[nd + 1]; k++) {
                int b = el[k];
                int other = pc.base + (ea[b] == nd ? eb[b] : ea[b]);
                if (pc.bondAlive[b] && store.parent[other] == h) {
                    edges++;
                }
            }
            if (edges == 0) {
                continue;
            }
            double per = 0;
            if (broken[e] && bf > 0) {
                double remain = a - store.threshold[g];
                if (remain > 0) {
                    per = bf * remain / edges;
                }
            } else if (sf > 0) {
                per = sf * a;
            }
            if (!(per > 0)) {
                continue;
            }
            for (int k = es[nd]; k < es[nd + 1]; k++) {
                int b = el[k];
                int other = pc.base + (ea[b] == nd ? eb[b] : ea[b]);
                if (pc.bondAlive[b] && store.parent[other] == h) {
                    if (per > store.externalLoad[other]) {
                        store.externalLoad[other] = per;
                    }
                    addNext(other);
                }
            }
        }
    }

    private void endStep() {
        for (int i = 0; i < listCount; i++) {
            int g = list[i];
            store.inList[g] = false;
            store.collisionLoad[g] = 0;
        }
        int[] t = list;
        list = next;
        listCount = nextCount;
        next = t;
        nextCount = 0;
        for (int i = 0; i < listCount; i++) {
            int g = list[i];
            store.inNext[g] = false;
            store.inList[g] = true;
        }
    }

    void thresholdChanged(int g) {
        digest = StateHash.mix(StateHash.mix(digest, g), store.threshold[g]);
    }

    // ---- commands -------------------------------------------------------------------------

    /** Checks a command against the placed collections (called when it is queued). */
    public void validate(Command.Destruction c) {
        if (c instanceof Command.ExternalStrain x) {
            globalNode(x.collection(), x.node());
        } else if (c instanceof Command.InternalStrain x) {
            globalNode(x.collection(), x.node());
        } else if (c instanceof Command.Crumble x) {
            globalNode(x.collection(), x.node());
        } else if (c instanceof Command.SetAnchor x) {
            globalNode(x.collection(), x.node());
        } else if (c instanceof Command.SetAnchorBox x) {
            collection(x.collection());
        } else if (c instanceof Command.SetLevels x) {
            collection(x.collection());
        } else if (c instanceof Command.SetDebrisLevel || c instanceof Command.SetRemoveOnBreak
                || c instanceof Command.SetRemoveOnSleep || c instanceof Command.SetCrumbleSize) {
            debrisAfter(c); // names the collection and the bad range
        }
    }

    /** The debris options a debris or removal command would leave its collection with (validates it). */
    private DebrisOptions debrisAfter(Command.Destruction c) {
        if (c instanceof Command.SetDebrisLevel x) {
            return collection(x.collection()).debris.withOneWayInteractionLevel(x.level());
        } else if (c instanceof Command.SetRemoveOnBreak x) {
            DebrisOptions o = collection(x.collection()).debris;
            return o.withRemoveOnBreak(x.delayMin(), x.delayMax(), x.removalMin(), x.removalMax())
                    .withRemoveOnBreak(x.on());
        } else if (c instanceof Command.SetRemoveOnSleep x) {
            DebrisOptions o = collection(x.collection()).debris;
            return o.withRemoveOnSleep(x.timeMin(), x.timeMax(), x.removalMin(), x.removalMax())
                    .withRemoveOnSleep(x.on()).withSlowMoving(x.slowMovingAsSleeping(), x.slowSpeed());
        } else if (c instanceof Command.SetCrumbleSize x) {
            return collection(x.collection()).debris.withCrumbleSize(x.size());
        }
        throw new IllegalArgumentException("not a debris command: " + c);
    }

    /**
     * Sets collection {@code c}'s debris, removal and crumbling options (docs/destruction.md "Debris
     * and removal"); takes effect at once: the debris flag of its live bodies follows the new level,
     * and timers are compared with the new ranges from the next REMOVAL slot. Between steps, or
     * from a command in the COMMANDS slot (the journalled way).
     */
    public void setDebrisOptions(int c, DebrisOptions options) {
        Objects.requireNonNull(options, "debris options is null");
        PlacedCollection pc = collection(c);
        if (options.equals(pc.debris)) {
            return; // unchanged: no digest change, so worlds that never set options hash as before
        }
        pc.debris = options;
        for (int i = 0; i < activeCount; i++) {
            int g = active[i];
            if (store.collection[g] == c) {
                int s = bodies.slot(store.body[g]);
                bodies.debris[s] = store.level[g] >= options.oneWayInteractionLevel() ? (byte) 1 : 0;
            }
        }
        if (options.removes()) {
            removal.used = true;
        }
        digest = options.mix(StateHash.mix(digest, 0x5EB15L + c)); // field by field: stable across JDKs
    }

    /** Collection {@code c}'s debris, removal and crumbling options. */
    public DebrisOptions debrisOptions(int c) {
        return collection(c).debris;
    }

    /** The world-wide removal timer multiplier (default 1). */
    public double removalTimerMultiplier() {
        return timerMultiplier;
    }

    /** Sets the removal timer multiplier: every removal timer advances {@code dt × multiplier} per step (≥ 0, finite). */
    public void setRemovalTimerMultiplier(double multiplier) {
        if (!(multiplier >= 0) || !Double.isFinite(multiplier)) {
            throw new IllegalArgumentException("removal timer multiplier = " + multiplier + "; allowed: finite, >= 0");
        }
        timerMultiplier = multiplier;
        digest = StateHash.mix(StateHash.mix(digest, 0x7131L), multiplier);
    }

    /** Whether some collection has turned removal on (the REMOVAL slot does work from then on). */
    public boolean removalUsed() {
        return removal.used;
    }

    /** The REMOVAL slot of the step in progress: removal timers, shrinking, removal. Cheap while no collection removes. */
    public void runRemoval() {
        removal.run();
    }

    /** Applies a command (the COMMANDS stage). */
    public void apply(Command.Destruction c) {
        validate(c);
        if (c instanceof Command.SetBreakBudget x) { // budgets (issue 13)
            budget.setBreakBudget(x.breaksPerStep());
        } else if (c instanceof Command.SetReleaseThrottle x) {
            budget.setThrottle(x.min(), x.max());
        } else if (c instanceof Command.SetLevels x) {
            int level = Math.min(x.maxClusterLevel(), x.maxSimulatedLevel());
            collection(x.collection()).unbreakableLevel = level;
            digest = StateHash.mix(StateHash.mix(digest, -3L - x.collection()), level); // a lasting change
        } else if (c instanceof Command.ExternalStrain x) {
            int g = globalNode(x.collection(), x.node());
            if (x.strain() > store.externalLoad[g]) {
                store.externalLoad[g] = x.strain();
            }
            if (store.isHeldByActive(g)) {
                addList(g);
            }
        } else if (c instanceof Command.InternalStrain x) {
            int g = globalNode(x.collection(), x.node());
            store.threshold[g] = Math.max(0, store.threshold[g] + x.delta());
            thresholdChanged(g);
            if (store.isHeldByActive(g)) {
                addList(g);
            }
        } else if (c instanceof Command.Crumble x) {
            int g = globalNode(x.collection(), x.node());
            for (int ch = store.firstChild[g]; ch != ClusterStore.NONE; ch = store.nextSibling[ch]) {
                store.externalLoad[ch] = Double.POSITIVE_INFINITY;
                if (store.body[g] != ClusterStore.NONE) {
                    addList(ch);
                }
            }
        } else if (c instanceof Command.SetAnchor x) {
            setAnchor(globalNode(x.collection(), x.node()), x.anchored());
        } else if (c instanceof Command.SetAnchorBox x) {
            PlacedCollection pc = collection(x.collection());
            boolean[] flags = new boolean[pc.asset.nodeCount()];
            for (int i = 0; i < flags.length; i++) {
                flags[i] = store.anchored[pc.base + i];
            }
            boolean[] before = flags.clone();
            markBoxes(pc.asset, new double[] {x.minX(), x.minY(), x.minZ(), x.maxX(), x.maxY(), x.maxZ()}, flags,
                    x.anchored());
            for (int i = 0; i < flags.length; i++) {
                if (flags[i] != before[i]) {
                    setAnchor(pc.base + i, flags[i]);
                }
            }
        } else if (c instanceof Command.ExternalStrainAt x) {
            breaker.strainAt(x);
        } else if (c instanceof Command.SetRemovalTimerMultiplier x) {
            setRemovalTimerMultiplier(x.multiplier());
        } else if (c instanceof Command.SetDebrisLevel x) {
            setDebrisOptions(x.collection(), debrisAfter(x));
        } else if (c instanceof Command.SetRemoveOnBreak x) {
            setDebrisOptions(x.collection(), debrisAfter(x));
        } else if (c instanceof Command.SetRemoveOnSleep x) {
            setDebrisOptions(x.collection(), debrisAfter(x));
        } else if (c instanceof Command.SetCrumbleSize x) {
            setDebrisOptions(x.collection(), debrisAfter(x));
        }
    }

    /** Sets or clears a node's anchor; a top node whose pinned-ness changes gets a new body (kinematic or dynamic). */
    void setAnchor(int g, boolean on) {
        if (store.anchored[g] == on) {
            return;
        }
        store.anchored[g] = on;
        int d = on ? 1 : -1;
        int t = g;
        for (int x = g; x != ClusterStore.NONE; x = store.parent[x]) {
            store.anchoredCount[x] += d;
            t = x;
        }
        digest = StateHash.mix(StateHash.mix(digest, g), on ? 1 : 2);
        boolean pinned = store.anchoredCount[t] > 0;
        if (!bodyAlive(t)) {
            return;
        }
        int s = bodies.slot(store.body[t]);
        MotionType m = bodies.motion(s);
        if (m == MotionType.STATIC || pinned == (m == MotionType.KINEMATIC)) {
            return;
        }
        breaker.rebody(t, pinned ? MotionType.KINEMATIC : MotionType.DYNAMIC);
    }

    // ---- hash -----------------------------------------------------------------------------

    /**
     * Mixes cluster state into {@code h} at O(active + strained) cost: the running digest of every
     * lasting change (placements, releases, thresholds, anchors), each active node with its body,
     * children and anchors, and the external strain waiting for the next step.
     */
    public long hash(long h) {
        if (collections.isEmpty()) {
            return h;
        }
        h = StateHash.mix(h, digest);
        for (int i = 0; i < activeCount; i++) {
            int g = active[i];
            h = StateHash.mix(h, ((long) g << 32) | (store.childCount[g] & 0xffffffffL));
            h = StateHash.mix(h, store.body[g]);
            h = StateHash.mix(h, store.anchoredCount[g]);
        }
        for (int i = 0; i < listCount; i++) {
            h = StateHash.mix(h, list[i]);
            h = StateHash.mix(h, store.externalLoad[list[i]]);
        }
        h = budget.hash(h); // collision loads kept for holders over the break budget (none without one)
        return removal.hash(h); // removal timers, only once some collection removes pieces
    }
}
