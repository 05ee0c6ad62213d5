package dev.rubble.cache.playback;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.Kinematics;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.collision.ContactStore;
import dev.rubble.core.command.Command;
import dev.rubble.core.field.FieldSystem;
import dev.rubble.core.world.World;
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
 * Live bodies of the host collide with the mirrors (kinematic, infinitely heavy). Handing a cache's
 * bodies to live simulation is done on its own {@link Playback} ({@link Playback#release}); a
 * released body leaves the host (its mirror is removed). Single threaded; per host step O(mirrored
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
            }
        }
        for (Cache c : caches) {
            if (!c.held) {
                c.playback.step();
            }
            c.sync(true);
        }
        host.step();
        hostSteps++;
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
            if (min.length != 3 || max.length != 3) {
                throw new IllegalArgumentException("region corners need 3 coordinates each; got " + min.length + " and " + max.length);
            }
            for (int i = 0; i < 3; i++) {
                if (!(min[i] <= max[i])) {
                    throw new IllegalArgumentException("region max[" + i + "] = " + max[i] + " is below min " + min[i]
                            + "; allowed: max >= min");
                }
            }
            holdUntilField();
            region = new double[] {min[0], min[1], min[2], max[0], max[1], max[2]};
            return this;
        }

        /** The trigger command: a held cache plays from the next host step. */
        public void trigger() {
            if (held) {
                held = false;
                startedAt = hostSteps;
            }
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
                    if (hs >= owner.length) {
                        owner = Arrays.copyOf(owner, Math.max(hs + 1, 2 * owner.length));
                    }
                    owner[hs] = index + 1;
                    hb.scale[hs] = cb.scale[s];
                    mirror[s] = h;
                    mirrored[s] = want;
                } else if (drive && !isStatic) {
                    int hs = hb.slot(mirror[s]);
                    Kinematics.setTarget(hb, hs, cb.px[s] + ox, cb.py[s] + oy, cb.pz[s] + oz, cb.qx[s], cb.qy[s], cb.qz[s],
                            cb.qw[s], dt);
                    hb.scale[hs] = cb.scale[s];
                }
            }
        }
    }
}
