package dev.rubble.cache.playback;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.Kinematics;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.collision.ContactStore;
import dev.rubble.core.command.Command;
import dev.rubble.core.field.FieldSystem;
import dev.rubble.core.world.World;
import dev.rubble.spi.shape.MassProperties;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Several caches in one world, each with its own trigger (issue 31, Deliver 2; reference:
 * chaos-fields-events-cache §4, Chaos's cache manager: one world, many observed components, each
 * with a start mode and trigger). A {@link Playback} owns a world of its own (its pieces must land
 * on their recorded slots); a cache set mirrors every cache's bodies into the host world — the
 * game's — as kinematic bodies placed at the cache's offset, and drives them to the cache's poses
 * each step, creating and removing mirrors as the recording creates and removes bodies (pieces).
 *
 * <p>A cache holds its first recorded pose until its trigger, evaluated on the host world after
 * each host step: a host step count, a command ({@link Cache#trigger()}), a contact of a host body
 * with a given label with any of the cache's mirrors (overlapping, or pushed apart by the solver), or a field command (transient or persistent)
 * whose bounds overlap the cache's region. The host step after the trigger plays recorded step 0.
 * Live bodies of the host collide with the mirrors (kinematic, infinitely heavy). A cache hands
 * its bodies to the host's live simulation by body, region or field ({@link Cache#handOver},
 * {@link Cache#handOverRegion}, {@link Cache#handOverOnFields}): the mirror becomes a dynamic host
 * body with the recorded velocity and collides with everything in the host; a body released on the
 * cache's own {@link Playback} ({@link Playback#release}) instead simulates in the cache's world
 * and leaves the host (its mirror is removed). While held, a cache can still replay its recorded
 * events ({@link Cache#replayEventsWhileHeld}). Single threaded; per host step O(mirrored
 * bodies), allocating only for bodies created.
 */
public final class CacheSet implements AutoCloseable {
    private final World host;
    private final List<Cache> caches = new ArrayList<>();
    /** Per host slot: 1 + the index of the cache whose mirror it holds, 0 = none. */
    private int[] owner = new int[64];
    private long hostSteps;

    public CacheSet(World host) {
        this.host = Objects.requireNonNull(host, "host is null");
    }

    /** The host world. */
    public World host() {
        return host;
    }

    /** Host steps taken by {@link #step()}. */
    public long steps() {
        return hostSteps;
    }

    /**
     * Adds a cache: {@code playback}'s bodies are mirrored into the host at their first recorded pose
     * moved by ({@code ox, oy, oz}) metres. The set closes the playback. Until a hold is set, the cache
     * plays from the next step.
     */
    public Cache add(Playback playback, double ox, double oy, double oz) {
        Objects.requireNonNull(playback, "playback is null");
        if (!(Double.isFinite(ox) && Double.isFinite(oy) && Double.isFinite(oz))) {
            throw new IllegalArgumentException("cache offset [" + ox + ", " + oy + ", " + oz + "]; allowed: finite metres");
        }
        Cache c = new Cache(caches.size(), playback, ox, oy, oz);
        caches.add(c);
        c.sync(false);
        c.region = c.mirrorBounds();
        return c;
    }

    /** The caches, in the order added. */
    public List<Cache> caches() {
        return List.copyOf(caches);
    }

    /**
     * One host step: triggers are evaluated (on the host as the last step left it), started caches
     * play one step, the mirrors are driven to their caches' poses, then the host steps.
     */
    public void step() {
        for (Cache c : caches) {
            if (c.held && c.triggered()) {
                c.held = false;
                c.startedAt = hostSteps;
                c.playback.closeHeldEvents();
            }
        }
        for (Cache c : caches) {
            if (!c.held) {
                c.playback.step();
            } else {
                c.playback.stepHeldEvents();
            }
            c.sync(true);
        }
        host.step();
        hostSteps++;
        for (Cache c : caches) {
            if (c.handOverByField) {
                c.handOverInFields();
            }
        }
    }

    @Override
    public void close() {
        for (Cache c : caches) {
            c.playback.close();
        }
    }

    /** One cache of the set. */
    public final class Cache {
        private final int index;
        private final Playback playback;
        private final double ox, oy, oz;
        /** Per cache slot: the host handle mirroring it (-1 none) and the cache handle it mirrors. */
        private long[] mirror = new long[0], mirrored = new long[0];
        private boolean held;
        private long triggerStep = -1, startedAt;
        private String contactLabel;
        private boolean fieldTrigger;
        private double[] region;
        private boolean handOverByField;
        private long handedOver;
        /** Scratch for a hand-over: recorded pose and velocity at the cursor. */
        private final double[] motion = new double[13];

        private Cache(int index, Playback playback, double ox, double oy, double oz) {
            this.index = index;
            this.playback = playback;
            this.ox = ox;
            this.oy = oy;
            this.oz = oz;
        }

        public Playback playback() {
            return playback;
        }

        /** Static pose until host step {@code n} (0-based, counted by {@link CacheSet#step()}), which plays recorded step 0. */
        public Cache holdUntilStep(long n) {
            if (n < 0) {
                throw new IllegalArgumentException("trigger step " + n + "; allowed: >= 0 host steps");
            }
            hold();
            triggerStep = n;
            return this;
        }

        /** Static pose until {@link #trigger()}. */
        public Cache holdUntilTriggered() {
            hold();
            return this;
        }

        /** Static pose until a host body labelled {@code label} touches one of this cache's bodies. */
        public Cache holdUntilContact(String label) {
            Objects.requireNonNull(label, "label is null");
            hold();
            contactLabel = label;
            return this;
        }

        /**
         * Static pose until a field command applied in the host (or a persistent field running there)
         * has bounds overlapping this cache's region: by default the box around its bodies as added.
         */
        public Cache holdUntilField() {
            hold();
            fieldTrigger = true;
            return this;
        }

        /** As {@link #holdUntilField()}, with the region the box [min, max] (metres, host frame). */
        public Cache holdUntilField(double[] min, double[] max) {
            checkBox(min, max);
            holdUntilField();
            region = new double[] {min[0], min[1], min[2], max[0], max[1], max[2]};
            return this;
        }

        /** The trigger command: a held cache plays from the next host step. */
        public void trigger() {
            if (held) {
                held = false;
                startedAt = hostSteps;
                playback.closeHeldEvents();
            }
        }

        /**
         * While held, the cache's listeners ({@link Playback#addEventListener}) still hear its recorded
         * events, one recorded step per host step, while its bodies stand still
         * ({@link Playback#replayEventsWhileHeld}); the trigger restarts them with the poses.
         */
        public Cache replayEventsWhileHeld(boolean on) {
            playback.replayEventsWhileHeld(on);
            return this;
        }

        /**
         * Hands the cache's body {@code cacheHandle} (a handle of {@link Playback#world()}) to the host
         * world's live simulation (issue 31, Deliver 2 and 3): its mirror becomes a dynamic host body
         * with the recorded mass, material, pose and velocity (linear and angular) at the cache's
         * cursor, and from the next host step it falls, collides with the host's live bodies and with
         * other caches' mirrors like any body of the host. The cache no longer drives it nor simulates
         * it in its own world. Returns the host handle of the live body, or -1 when the body is not a
         * mirrored, driven, recorded-dynamic body of this cache.
         */
        public long handOver(long cacheHandle) {
            BodyStore cb = playback.world().bodies(), hb = host.bodies();
            int s = (int) cacheHandle; // a handle is slot | generation << 32; checked against the store below
            if (s < 0 || s >= mirror.length || s >= cb.slotLimit() || !cb.isLive(s) || cb.handle(s) != cacheHandle
                    || mirror[s] < 0 || mirrored[s] != cacheHandle || !playback.isDriven(s)) {
                return -1;
            }
            BodyDef d = playback.handOff(cacheHandle, motion);
            if (d == null) {
                return -1;
            }
            long h = mirror[s];
            int hs = hb.slot(h);
            MassProperties mp = Playback.massOf(d);
            hb.motion[hs] = (byte) MotionType.DYNAMIC.ordinal();
            hb.setMassProperties(hs, mp);
            hb.lcx[hs] = mp.comX();
            hb.lcy[hs] = mp.comY();
            hb.lcz[hs] = mp.comZ();
            hb.hasTarget[hs] = false;
            hb.px[hs] = motion[0] + ox;
            hb.py[hs] = motion[1] + oy;
            hb.pz[hs] = motion[2] + oz;
            hb.qx[hs] = motion[3];
            hb.qy[hs] = motion[4];
            hb.qz[hs] = motion[5];
            hb.qw[hs] = motion[6];
            hb.vx[hs] = motion[7];
            hb.vy[hs] = motion[8];
            hb.vz[hs] = motion[9];
            hb.wx[hs] = motion[10];
            hb.wy[hs] = motion[11];
            hb.wz[hs] = motion[12];
            hb.friction[hs] = d.friction();
            hb.restitution[hs] = d.restitution();
            hb.gravityScale[hs] = d.gravityScale();
            hb.linearDamping[hs] = d.linearDamping();
            hb.angularDamping[hs] = d.angularDamping();
            hb.updateBounds(hs);
            host.states().setState(hs, BodyState.AWAKE);
            if (host.broadphase().contains(hs)) {
                double[] bo = hb.bounds;
                int ob = 6 * hs;
                host.broadphase().setFixed(hs, false);
                host.broadphase().update(hs, bo[ob], bo[ob + 1], bo[ob + 2], bo[ob + 3], bo[ob + 4], bo[ob + 5]);
            }
            owner[hs] = 0;
            mirror[s] = -1;
            mirrored[s] = -1;
            handedOver++;
            return h;
        }

        /**
         * Hands over every mirrored dynamic body of this cache whose centre of mass lies in the box
         * [min, max] (metres, host frame), as {@link #handOver}; returns how many.
         */
        public int handOverRegion(double[] min, double[] max) {
            checkBox(min, max);
            BodyStore cb = playback.world().bodies(), hb = host.bodies();
            int n = 0;
            for (int s = 0; s < mirror.length; s++) {
                if (mirror[s] < 0) {
                    continue;
                }
                int hs = hb.slot(mirror[s]);
                if (hb.px[hs] >= min[0] && hb.px[hs] <= max[0] && hb.py[hs] >= min[1] && hb.py[hs] <= max[1]
                        && hb.pz[hs] >= min[2] && hb.pz[hs] <= max[2] && handOver(cb.handle(s)) >= 0) {
                    n++;
                }
            }
            return n;
        }

        /**
         * Blend by field in the host: after each host step, the bodies of this cache inside the bounds
         * of a field applied to the host in that step (or a persistent field running there; an
         * unbounded field reaches all) are handed over ({@link #handOverRegion}).
         */
        public Cache handOverOnFields(boolean on) {
            handOverByField = on;
            return this;
        }

        /** Bodies this cache handed to the host so far. */
        public long handedOver() {
            return handedOver;
        }

        private void handOverInFields() {
            FieldSystem fs = host.context().fields;
            for (Command cmd : host.appliedCommands()) {
                if (cmd instanceof Command.ApplyField f) {
                    handOverIn(fs.validate(f, "field").bounds());
                }
            }
            for (FieldSystem.Active a : fs.persistent()) {
                handOverIn(a.bounds());
            }
        }

        private void handOverIn(double[] b) {
            double inf = Double.POSITIVE_INFINITY;
            handOverRegion(b == null ? new double[] {-inf, -inf, -inf} : new double[] {b[0], b[1], b[2]},
                    b == null ? new double[] {inf, inf, inf} : new double[] {b[3], b[4], b[5]});
        }

        public boolean held() {
            return held;
        }

        /** The host step that played recorded step 0; -1 while held. */
        public long startedAt() {
            return held ? -1 : startedAt;
        }

        /** The host body mirroring this cache's body in {@code slot} of its playback world, or -1. */
        public long mirrorOf(int slot) {
            return slot < mirror.length ? mirror[slot] : -1;
        }

        /** The region a field trigger watches: [minX, minY, minZ, maxX, maxY, maxZ]. */
        public double[] region() {
            return region.clone();
        }

        private static void checkBox(double[] min, double[] max) {
            if (min.length != 3 || max.length != 3) {
                throw new IllegalArgumentException("region corners need 3 coordinates each; got " + min.length + " and " + max.length);
            }
            for (int i = 0; i < 3; i++) {
                if (!(min[i] <= max[i])) {
                    throw new IllegalArgumentException("region max[" + i + "] = " + max[i] + " is below min " + min[i]
                            + "; allowed: max >= min");
                }
            }
        }

        private void hold() {
            if (playback.cursor() != 0) {
                throw new IllegalStateException("a trigger is set before the cache plays (it has played to "
                        + playback.cursor() + ")");
            }
            held = true;
            triggerStep = -1;
            contactLabel = null;
            fieldTrigger = false;
        }

        private boolean triggered() {
            if (triggerStep >= 0) {
                return hostSteps >= triggerStep;
            }
            if (contactLabel != null) {
                long h = host.findByLabel(contactLabel);
                if (h < 0) {
                    return false;
                }
                int s = host.bodies().slot(h);
                ContactStore c = host.contacts();
                for (int m = 0, n = c.size(); m < n; m++) {
                    int other = c.bodyA[m] == s ? c.bodyB[m] : c.bodyB[m] == s ? c.bodyA[m] : -1;
                    if (other < 0 || other >= owner.length || owner[other] != index + 1) {
                        continue;
                    }
                    // touching: overlapping, or pushed apart by the solver (a speculative contact that stopped it)
                    for (int p = 0; p < c.pointCount[m]; p++) {
                        int i = m * ContactStore.MAX_POINTS + p;
                        if (c.separation[i] <= 0 || c.normalImpulse[i] > 0) {
                            return true;
                        }
                    }
                }
                return false;
            }
            if (fieldTrigger) {
                FieldSystem fs = host.context().fields;
                for (Command cmd : host.appliedCommands()) {
                    if (cmd instanceof Command.ApplyField f && overlaps(fs.validate(f, "field").bounds())) {
                        return true;
                    }
                }
                for (FieldSystem.Active a : fs.persistent()) {
                    if (overlaps(a.bounds())) {
                        return true;
                    }
                }
            }
            return false;
        }

        /** Whether field bounds (null = unbounded) overlap the region. */
        private boolean overlaps(double[] b) {
            if (b == null) {
                return true;
            }
            return b[0] <= region[3] && b[3] >= region[0] && b[1] <= region[4] && b[4] >= region[1]
                    && b[2] <= region[5] && b[5] >= region[2];
        }

        private double[] mirrorBounds() {
            BodyStore hb = host.bodies();
            double[] r = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY,
                Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY};
            for (long h : mirror) {
                if (h >= 0) {
                    // static bodies (a recorded floor) are not what a field hits the cache by
                    int s = hb.slot(h);
                    if (hb.motion(s) == MotionType.STATIC) {
                        continue;
                    }
                    for (int k = 0; k < 3; k++) {
                        r[k] = Math.min(r[k], hb.bounds[6 * s + k]);
                        r[3 + k] = Math.max(r[3 + k], hb.bounds[6 * s + 3 + k]);
                    }
                }
            }
            return r;
        }

        /** Creates and removes mirrors as the cache's bodies come and go; drives the moving ones to the cache's pose. */
        private void sync(boolean drive) {
            BodyStore cb = playback.world().bodies(), hb = host.bodies();
            int n = cb.slotLimit();
            if (mirror.length < n) {
                int old = mirror.length;
                mirror = Arrays.copyOf(mirror, n);
                mirrored = Arrays.copyOf(mirrored, n);
                Arrays.fill(mirror, old, n, -1);
            }
            double dt = host.settings().dt();
            for (int s = 0; s < mirror.length; s++) {
                boolean isStatic = s < n && cb.isLive(s) && cb.motion(s) == MotionType.STATIC;
                boolean shown = s < n && cb.isLive(s) && (isStatic || playback.isDriven(s));
                long want = shown ? cb.handle(s) : -1;
                if (mirror[s] >= 0 && mirrored[s] != want) {
                    owner[hb.slot(mirror[s])] = 0;
                    host.removeBody(mirror[s]);
                    mirror[s] = -1;
                }
                if (!shown) {
                    continue;
                }
                if (mirror[s] < 0) {
                    BodyDef d = BodyDef.of(cb.shape[s]).withMotion(isStatic ? MotionType.STATIC : MotionType.KINEMATIC)
                            .withPosition(cb.px[s] + ox, cb.py[s] + oy, cb.pz[s] + oz)
                            .withOrientation(cb.qx[s], cb.qy[s], cb.qz[s], cb.qw[s]);
                    long h = host.createBody(d);
                    int hs = hb.slot(h);
                    // the cache's centre-of-mass offset, so the mirror's shape sits where the cache's does
                    hb.lcx[hs] = cb.lcx[s];
                    hb.lcy[hs] = cb.lcy[s];
                    hb.lcz[hs] = cb.lcz[s];
                    host.states().refreshBounds(hs);
                    if (hs >= owner.length) {
                        owner = Arrays.copyOf(owner, Math.max(hs + 1, 2 * owner.length));
                    }
                    owner[hs] = index + 1;
                    hb.scale[hs] = cb.scale[s];
                    mirror[s] = h;
                    mirrored[s] = want;
                } else if (drive && !isStatic) {
                    int hs = hb.slot(mirror[s]);
                    Kinematics.setCentreTarget(hb, hs, cb.px[s] + ox, cb.py[s] + oy, cb.pz[s] + oz, cb.qx[s], cb.qy[s], cb.qz[s],
                            cb.qw[s], dt);
                    hb.scale[hs] = cb.scale[s];
                }
            }
        }
    }
}
