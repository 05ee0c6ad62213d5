package dev.rubble.core.collision;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.body.BodyBounds;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.narrowphase.ContactSink;
import dev.rubble.spi.narrowphase.LastManifolds;
import dev.rubble.spi.narrowphase.Narrowphase;
import dev.rubble.spi.narrowphase.Pose;
import dev.rubble.core.parallel.RangeTask;
import dev.rubble.core.parallel.StepExecutor;
import dev.rubble.spi.narrowphase.PairCollider;
import dev.rubble.spi.shape.ShapeType;
import dev.rubble.spi.sort.PrimitiveOrder;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.function.Supplier;

/**
 * The NARROWPHASE stage: turns the sorted broadphase pairs into contact manifolds in the
 * {@link ContactStore}, carrying accumulated impulses over from the previous step (warm starting).
 *
 * <pre>
 *  for each pair (a &lt; b) in PairBuffer order:
 *      skip unless a or b is dynamic, and layer/mask agree both ways
 *      narrowphase.collide(shape a @ origin pose, shape b @ origin pose, margin) -&gt; manifolds
 *      sort the pair's manifolds by sub-key            (compounds/meshes give several)
 *  merge-join with last step's manifolds by (a, b, key); within a manifold match points by
 *  feature id: a match carries normal/tangent impulses,
 *  unless the point's anchor on A (in A's body frame) drifted more than {@link #DRIFT_TOLERANCE};
 *  a point with a new feature id takes the nearest old point within {@link #MATCH_DISTANCE}
 * </pre>
 *
 * Points farther apart than the speculative margin are never generated, so separated contacts
 * drop out by themselves; points that slid along the surface are refreshed (fresh impulses) by the
 * drift test. Budget: when {@code maxManifolds} are stored, every later manifold of the step is
 * dropped and counted in {@link ContactStore#droppedThisStep}; since pairs run in sorted order,
 * what is kept is deterministic (the lowest slot pairs). The point budget {@code maxContacts}
 * works the same way: once that many points are stored, later points are dropped and counted in
 * {@link #pointsDropped} (a manifold left with no point is removed). Allocation-free in steady
 * state (caches grow by doubling).
 *
 * <h2>Body-pair contact cache</h2>
 * In the spirit of Jolt's body pair cache: each narrowphase call is recorded per pair in body
 * frames ({@link PairCache}: witness points on A and on B relative to each centre of mass in each
 * body's frame, normal in A's frame, feature ids, sub-keys), together with the relative pose it
 * was computed at (B's centre of mass and rotation expressed in A's body frame) and the pair's
 * speculative margin. Next run, a pair skips the narrowphase and replays the recorded manifolds
 * when all of these hold:
 * <ul>
 *   <li>same two slots with the same generations (a removed body's reused slot never matches);</li>
 *   <li>since the pose the manifolds were computed at (not since the last step: drift never
 *       accumulates), the relative motion moved no point of either body by
 *       {@link #CACHE_MAX_TRANSLATION} (1 mm) or more: {@code |delta d| + 2 sin(theta/2) L < 1 mm}
 *       with {@code d} B's centre of mass in A's frame, {@code theta} the change of the relative
 *       rotation and {@code L = min(RB, |d| + RA)} the lever arm (R = reach from a body's centre of
 *       mass to its bounds' farthest corner); the turn is also capped at
 *       {@link #CACHE_MAX_ROTATION_DEGREES} (2&deg;). Jolt uses 1 mm for the translation and 2&deg;
 *       for the rotation separately; 2&deg; turns a 0.5 m lever by 17 mm, enough for a box rocking
 *       on an edge to keep replaying its flat face manifold (the 4 000-box pile then did not fall
 *       asleep within 35 s), so the turn is measured by how far it moves points;</li>
 *   <li>the pair's speculative margin (base margin + look-ahead of its relative speed) differs by
 *       at most {@link #CACHE_MAX_MARGIN_CHANGE} (1 mm) from the recorded one: a pair that speeds
 *       up, e.g. falling under gravity (its margin grows by g dt&sup2; &asymp; 2.7 mm per 60 Hz step)
 *       or struck by an impulse while still in place, runs the narrowphase.</li>
 * </ul>
 * A replayed point's witnesses are transformed back to world with the current poses, its
 * separation is recomputed as {@code (bWorld - aWorld) . n} with the current world normal; feature
 * ids and sub-keys are the recorded ones, so warm starting, budgets (manifold and point),
 * drop counting and sorting run exactly as for fresh manifolds. Pairs with no contact are cached
 * too (count 0). Bodies that are both non-dynamic or filtered out by layers never reach the cache;
 * pairs not tested in a run (e.g. both asleep) are forgotten. Lookup is a merge-join over the
 * sorted pairs (deterministic, no hashing). Replays are counted in {@link #pairsCached()}; switch the
 * cache off with the kernel narrowphase option {@value #CONTACT_CACHE_OPTION} = false or
 * {@link #setContactCache(boolean)} (then nothing is recorded and results are as without it).
 * Inexactness is bounded by the tolerances: a replayed manifold can miss a feature that came
 * within the margin by less than the allowed motion, like Jolt's.
 *
 * <h2>Separating-axis hint</h2>
 * A pair that runs the narrowphase passes its cache entry's hint slot (issue 27 item 2,
 * {@code Narrowphase.collide(.., hint, offset)}), filled from the pair's last entry when the same
 * two slots and generations had one: the GJK collider keeps there the axis that separated the two
 * shapes by more than the margin and next time tests that axis with one support point per shape
 * before running GJK. The test only declares a pair apart when GJK would too, so contacts are
 * bit-identical with or without these hints, and they are not part of snapshots. A pair whose last
 * entry has a contact gets that entry's first manifold normal instead, as a warm start
 * ({@code PairCollider.WARM_START}: GJK's first support direction), taken from the manifolds, which
 * snapshots hold, so a restored world warm-starts as the original.
 * <h2>Threads (issue 26)</h2>
 * With an executor of several threads and an instance supplier ({@link #NarrowphaseStage(Narrowphase,
 * Supplier)}), a run of at least twice {@code PAIR_GRAIN} (256) pairs filters, looks up the cache and
 * collides pair blocks on the workers, each with its own plugin instance recording its sink calls
 * ({@link NarrowphaseWorker}); a serial pass in pair order only counts (each pair's manifolds and
 * points against the budgets, its offsets in the store and the next cache); then the workers write
 * their pairs at those offsets (replays, recorded calls, anchors, cache entries, the per-pair key
 * sort) and warm-start their blocks. A run whose budget is hit plays the recorded calls back in pair
 * order through the same sink code on the calling thread instead. Either way the same bits as one
 * thread (docs/parallel.md, "The narrowphase").
 * <h2>Seams between separate bodies</h2>
 * After every pair (and the warm start), {@link BodySeams} smooths the seams between separate static bodies placed
 * flush: a dynamic body's manifolds against several static bodies pass the compound pass of the geometry module as
 * one compound's, and a manifold it changes is rewritten in place, then anchored and warm-started here. On the calling
 * thread, in store order, so the same bits at any thread count; nothing in a world of fewer than two static bodies.
 * Kernel option {@value #BODY_SEAMS_OPTION} (default true; docs/dynamics.md, "Seams between separate bodies").
 */
public final class NarrowphaseStage implements ContactSink, ContactStage {
    /** Default speculative margin, metres: shapes this far apart still get (positive-separation) contacts. */
    public static final double DEFAULT_MARGIN = 0.02;
    /** Largest slide of a point's anchor on A, metres, for which its impulses are kept. */
    public static final double DRIFT_TOLERANCE = 0.02;
    /**
     * A point whose feature id is new inherits the impulses of the nearest old point of the same
     * manifold whose anchor on A lies within this distance, metres (position matching, as Jolt and
     * Bullet do for all points).
     */
    public static final double MATCH_DISTANCE = 0.005;
    /**
     * Largest relative motion of a pair, metres, for which its cached manifolds are replayed: B's
     * centre of mass in A's body frame plus what the relative turn moves their points (see the class comment).
     */
    public static final double CACHE_MAX_TRANSLATION = 0.001;
    /** Cap on the change of the relative rotation of a pair, degrees, for which its cached manifolds are replayed. */
    public static final double CACHE_MAX_ROTATION_DEGREES = 2;
    /** Largest change of a pair's speculative margin, metres, for which its cached manifolds are replayed. */
    public static final double CACHE_MAX_MARGIN_CHANGE = 0.001;
    /**
     * Kernel option of the {@code narrowphase} stage options (boolean, default true): smooth seams between separate
     * static bodies (docs/dynamics.md, "Seams between separate bodies").
     */
    public static final String BODY_SEAMS_OPTION = "bodySeams";
    /** Kernel option of the {@code narrowphase} stage options (boolean, default true): the body-pair contact cache. */
    public static final String CONTACT_CACHE_OPTION = "contactCache";
    /** cos(half the rotation tolerance): |dot| of two unit quaternions at least this = within the tolerance. */
    private static final double CACHE_COS_HALF_ROTATION = StrictMath.cos(StrictMath.toRadians(CACHE_MAX_ROTATION_DEGREES) / 2);

    private final Narrowphase narrowphase;
    private double margin = DEFAULT_MARGIN;
    private final Pose poseA = new Pose(), poseB = new Pose();
    /** The pair being collided's manifolds of last time (one-thread path), for the narrowphase's child warm starts. */
    private final LastManifolds lastManifolds = new LastManifolds();
    private final double[] tmp = new double[3];

    // previous step (copied from the store at the start of the stage)
    private int prevCount;
    private int[] prevA = new int[64], prevB = new int[64], prevGenA = new int[64], prevGenB = new int[64], prevPoints = new int[64];
    private long[] prevKey = new long[64];
    private long[] prevFeature = new long[256];
    private double[] prevImpN = new double[256], prevImpT1 = new double[256], prevImpT2 = new double[256];
    private double[] prevLx = new double[256], prevLy = new double[256], prevLz = new double[256];
    // anchors on A in A's body frame for the current manifolds (index-aligned with the store)
    private double[] curLx = new double[256], curLy = new double[256], curLz = new double[256];
    private int[] curGenA = new int[64], curGenB = new int[64];
    // the pair's two rotation matrices (row-major, Pose.set's values): A's at 0, B's at ROT_B
    private static final int ROT_B = 9;
    private final double[] pairRot = new double[18];
    /** The one-thread loop's relative pose of the current pair ({@link #relativePose}'s 7 values). */
    private final double[] pairRelOne = new double[REL];

    // sink state
    private ContactStore store;
    private BodyStore bodies;
    private int slotA, slotB, current = -1;
    private boolean dropping;
    // normal of the manifold being received (world), valid also while dropping
    private double curNx, curNy, curNz;

    // body-pair cache: last run's entries (read) and this run's (written); swapped after each run
    private PairCache cached = new PairCache(), recording = new PairCache();

    /**
     * The separating-axis hints of the body-pair cache as it stands after the last run, entry by
     * entry ({@link PairCache#HINT} doubles each): for tests comparing thread counts.
     */
    double[] cachedHints() {
        return Arrays.copyOf(cached.hint, cached.pairs * PairCache.HINT);
    }
    private boolean contactCache = true;
    private boolean record;
    private int recordManifold = -1;

    // manifolds of sleeping islands, kept while their pairs are not reported (wake once)
    private final SleepingContacts sleeping = new SleepingContacts();
    /**
     * Parked manifolds of woken islands put back in the last step: before the run for islands
     * woken since the last one (commands, destruction, removal), then in the WAKE slot.
     */
    public int manifoldsRestored;

    /** Counters of the last run. */
    public int pairsTested, manifoldsKept, pointsKept, pointsWarmStarted, pointsDropped;
    /** Pairs of the last run whose manifolds were replayed from the body-pair cache (no narrowphase call). */
    public int pairsCached;
    private int maxPoints = Integer.MAX_VALUE;

    public NarrowphaseStage(Narrowphase narrowphase) {
        this(narrowphase, null);
    }

    public Narrowphase narrowphase() {
        return narrowphase;
    }

    /**
     * @param maxContacts the contact point budget per step, &ge; 1
     */
    public void setMaxContacts(int maxContacts) {
        if (maxContacts < 1) {
            throw new IllegalArgumentException("maxContacts = " + maxContacts + "; allowed: >= 1");
        }
        maxPoints = maxContacts;
    }

    /** Whether the body-pair contact cache is on (default true). */
    public boolean contactCache() {
        return contactCache;
    }

    /**
     * Switches the body-pair contact cache (see the class comment). Switching it off also forgets
     * what was recorded, so switching it on again starts from fresh narrowphase results.
     */
    public void setContactCache(boolean on) {
        contactCache = on;
        if (!on) {
            cached.clear();
            sleeping.clearCache();
        }
    }

    /**
     * The kernel's own narrowphase option, {@value #CONTACT_CACHE_OPTION} (boolean, default true),
     * read from the {@code narrowphase} stage options.
     *
     * @throws IllegalArgumentException when the option is not a boolean
     */
    public static boolean contactCacheOption(StageConfig options) {
        return options.getBoolean(CONTACT_CACHE_OPTION, true);
    }

    /**
     * The kernel's option {@value #BODY_SEAMS_OPTION} (boolean, default true), read from the {@code narrowphase}
     * stage options.
     *
     * @throws IllegalArgumentException when the option is not a boolean
     */
    public static boolean bodySeamsOption(StageConfig options) {
        return options.getBoolean(BODY_SEAMS_OPTION, true);
    }

    /** {@code options} without the kernel's own keys: what the narrowphase plugin is created with. */
    public static StageConfig pluginOptions(StageConfig options) {
        if (!options.asMap().containsKey(CONTACT_CACHE_OPTION) && !options.asMap().containsKey(BODY_SEAMS_OPTION)) {
            return options;
        }
        java.util.Map<String, Object> m = new java.util.TreeMap<>(options.asMap());
        m.remove(CONTACT_CACHE_OPTION);
        m.remove(BODY_SEAMS_OPTION);
        return StageConfig.of(m);
    }

    /** Speculative margin, metres. */
    public double margin() {
        return margin;
    }

    /**
     * @param metres speculative margin, finite, &ge; 0
     */
    public void setMargin(double metres) {
        if (!(metres >= 0) || Double.isInfinite(metres)) {
            throw new IllegalArgumentException("speculative margin = " + metres + "; allowed: finite, >= 0 m");
        }
        margin = metres;
    }

    /** Runs the stage without motion look-ahead: {@code store} is rewritten from {@code pairs}. */
    public void run(BodyStore b, PairBuffer pairs, ContactStore contacts) {
        run(b, pairs, contacts, 0);
    }

    /**
     * Runs the stage: {@code store} is rewritten from {@code pairs}. Each pair's speculative margin
     * is the base margin plus how far the two bodies can close in {@code dt} seconds,
     * {@code dt (|vB - vA| + |wA| RA + |wB| RB)} with R a body's reach from its centre of mass to its
     * bounds' farthest corner: a fast body gets a positive-separation contact while still far from
     * what it will hit, and the solver lets it approach by at most that separation per step
     * (speculative continuous collision, no time-of-impact search).
     */
    @Override
    public int pointsWarmStarted() {
        return pointsWarmStarted;
    }

    @Override
    public int pointsDropped() {
        return pointsDropped;
    }

    @Override
    public int pairsCached() {
        return pairsCached;
    }

    /**
     * Puts the parked manifolds of islands that woke since the last call back into {@code out}
     * (sorted merge), with what warm starting needs; drops parked manifolds of removed or disabled
     * bodies. See {@link SleepingContacts}.
     */
    @Override
    public int restoreWoken(BodyStore b, ContactStore out) {
        int r = sleeping.select(b);
        if (sleeping.restoreCache(cached, recording)) {
            // the woken pairs' cache entries are back: their resting pairs replay next run
            PairCache t = cached;
            cached = recording;
            recording = t;
        }
        if (r == 0) {
            return 0;
        }
        ensureCurrent(out.size() + r);
        r = sleeping.restoreInto(b, out, curGenA, curGenB, curLx, curLy, curLz);
        manifoldsRestored += r;
        return r;
    }

    /** Manifolds of sleeping islands parked now (kept for when they wake). */
    public int manifoldsParked() {
        return sleeping.size();
    }

    /** Body-pair cache entries of sleeping islands parked now (back in the cache when they wake). */
    public int cacheEntriesParked() {
        return sleeping.cacheSize();
    }

    @Override
    public void generate(BodyStore bodies, PairBuffer pairs, ContactStore out, double dt) {
        run(bodies, pairs, out, dt);
    }

    public void run(BodyStore b, PairBuffer pairs, ContactStore contacts, double dt) {
        this.bodies = b;
        this.store = contacts;
        // wake once: islands woken since the last run get their parked manifolds back as warm-start
        // data; then manifolds whose pairs will not be reported (island asleep) are parked
        manifoldsRestored = 0;
        restoreWoken(b, contacts);
        savePrevious(contacts);
        // savePrevious swapped the warm-start arrays: last step's generations and anchors are prev* now
        int parkedNow = sleeping.park(b, contacts, prevGenA, prevGenB, prevLx, prevLy, prevLz);
        contacts.clear();
        pairsTested = manifoldsKept = pointsKept = pointsWarmStarted = pointsDropped = pairsCached = 0;
        final PairCache old = cached, next = recording;
        next.clear();
        final boolean useCache = contactCache;
        // while every pair so far replayed old's entries 0, 1, .. in order (`same` of them; -1 once the
        // run departed from old, or without the cache), `next` would be a verbatim copy of them: it is
        // left empty and only filled (one bulk copy) when the run departs (replayedEntry, departed)
        int same = useCache ? 0 : -1;
        int cursor = 0;
        final byte dynamic = (byte) MotionType.DYNAMIC.ordinal();
        final dev.rubble.core.body.IgnoredPairs ignored = b.ignoredPairs, joined = noContact;
        // the per-body reach and the copy savePrevious left, in one dispatch (neither depends on the other)
        prepareReach(b, dt > 0);
        if (parallelReady(pairs.size())) {
            // issue 26: collisions and cache look-ups of pair blocks on the workers, then the pass in
            // pair order that budgets, records and stores exactly as the loop below does on one thread
            same = parallelPass(b, pairs, contacts, old, next, useCache, dt);
        } else for (int i = 0, n = pairs.size(); i < n; i++) {
            int a = pairs.first(i), c = pairs.second(i);
            if (filteredOut(b, a, c, dynamic, ignored, joined)) {
                continue;
            }
            pairsTested++;
            slotA = a;
            slotB = c;
            current = -1;
            dropping = false;
            int first = contacts.size();
            // a replayed pair needs the two rotation matrices only (Pose.set's values), not poses
            final double[] bd = pairRot;
            final int oa = 0, oc = ROT_B;
            double pairMargin = pairMargin(b, a, c, dt);
            if (useCache) {
                rotation(b, c, bd, oc);
                final double[] r = pairRelOne;
                relativePose(b, a, c, bd, oa, r, 0);
                int genA = b.generation[a], genB = b.generation[c];
                cursor = advance(old, cursor, a, c);
                boolean samePair = samePair(old, cursor, a, c, genA, genB);
                if (samePair && reusable(old, cursor, b, a, c, r, 0, pairMargin)) {
                    replay(old, cursor, bd, oa, oc);
                    same = replayedEntry(old, next, same, cursor);
                    pairsCached++;
                } else {
                    same = departed(old, next, same);
                    setPoses(b, a, c);
                    next.addPair(a, c, genA, genB, r[0], r[1], r[2], r[3], r[4], r[5], r[6], pairMargin);
                    // the pair's separating-axis hint from its last entry (addPair left it invalid)
                    int h = (next.pairs - 1) * PairCache.HINT;
                    if (samePair) {
                        old.hintFor(cursor, next.hint, h);
                        old.lastManifolds(cursor, lastManifolds);
                    } else {
                        lastManifolds.clear();
                    }
                    record = true;
                    recordManifold = -1;
                    narrowphase.collide(b.shape[a], poseA, b.shape[c], poseB, pairMargin, this, next.hint, h,
                            lastManifolds);
                    record = false;
                }
            } else {
                setPoses(b, a, c);
                narrowphase.collide(b.shape[a], poseA, b.shape[c], poseB, pairMargin, this);
            }
            finishManifold();
            int end = contacts.size();
            if (end - first > 1) {
                sortByKey(contacts, first, end);
            }
        }
        // one sequential pass (done pair by pair, between the collisions, it cost the pile more); a
        // parallel run whose pairs the workers wrote did it block by block
        if (!warmedInParallel) {
            warmStart(contacts);
        }
        warmedInParallel = false;
        if (bodySeams) {
            // seams between separate static bodies (docs/dynamics.md, "Seams between separate bodies"): after every
            // thread has written the store, on this thread, in store order
            seams(b, contacts, dt);
        }
        manifoldsKept = contacts.size();
        if (same >= 0 && same == old.pairs && !(useCache && parkedNow > 0)) {
            // every entry of old replayed in order: old is this run's cache as it stands
            next.clear();
        } else {
            departed(old, next, same);
            cached = next;
            recording = old;
            if (useCache && parkedNow > 0) {
                // an island fell asleep: keep its pairs' cache entries for when it wakes
                sleeping.parkCache(b, old, next);
            }
        }
        this.store = null;
        this.bodies = null;
    }

    // ---- the parallel narrowphase (issue 26, docs/parallel.md) ----

    /** What the parallel classification decided for a pair. */
    private static final byte SKIP = 0, REPLAY = 1, COLLIDE_RECORD = 2, COLLIDE = 3;
    /** Doubles per pair of {@link #pairRel}: B's centre of mass in A's frame, conj(qA) qB. */
    private static final int REL = 7;
    /** Pairs below which a run stays on one thread: twice this (a block of resting pairs is mostly cache look-ups). */
    static final int PAIR_GRAIN = 256;
    /**
     * The smallest pair block. With blocks of at least {@link #PAIR_GRAIN} the pile's 5 000 pairs made
     * 20 blocks at 2 threads, not the 16 per thread asked for, and the costliest of them took
     * 0.38–0.45 ms of a 2.3 ms phase (docs/benchmarks.md, "Issue 26, 2026-12-03 fifth session").
     */
    static final int PAIR_BLOCK = 64;
    /**
     * Pair blocks per thread (issue 26, helper ppile): pairs cost from a cache look-up to a full hull
     * collision, and the last block claimed decides when a dispatch ends, so the run is cut finer than
     * the solver's colours (4 per thread left about an eighth of the stage's work in one block: a
     * thread could wait half of that at the end). A claim costs well under a microsecond. The
     * property {@code rubble.narrowphase.blocksPerThread} (1 to 256; another value is named on standard
     * error and 16 used) overrides it, so both can be timed on one build (benchmarks/run-two-threads.sh);
     * the result is the same bits for any value.
     */
    static final int PAIR_BLOCKS_PER_THREAD = pairBlocksPerThread();

    /** The property's value, or (after one line on standard error naming it) 16 when it is not allowed. */
    private static int pairBlocksPerThread() {
        try {
            return blocksPerThread(System.getProperty("rubble.narrowphase.blocksPerThread"));
        } catch (IllegalArgumentException e) {
            System.err.println("rubble: " + e.getMessage() + "; using 16");
            return 16;
        }
    }

    /** The pair blocks per thread a property value asks for (null: 16); a bad value is refused naming the property. */
    static int blocksPerThread(String value) {
        if (value == null) {
            return 16;
        }
        int v;
        try {
            v = Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            v = 0;
        }
        if (v < 1 || v > 256) {
            throw new IllegalArgumentException("rubble.narrowphase.blocksPerThread is " + value + "; allowed: 1 to 256");
        }
        return v;
    }

    private StepExecutor executor = StepExecutor.Inline.INSTANCE;
    /** Makes the narrowphase instance of one more worker; null: this stage runs on one thread. */
    private final Supplier<Narrowphase> instances;
    /** Worker 0 runs the stage's own instance; the others their own from {@link #instances}. */
    private NarrowphaseWorker[] workers = new NarrowphaseWorker[0];
    private AtomicIntegerArray workerBusy = new AtomicIntegerArray(0);
    /** The stage's instance's collider table as its factory made it (after a register() the stage runs serially). */
    private final PairCollider[] registered;
    // per pair of the run, indexed like the pair buffer
    private byte[] pairKind = new byte[0];
    private int[] pairEntry = new int[0], pairWorker = new int[0], pairFrom = new int[0], pairTo = new int[0];
    private double[] pairMargins = new double[0], pairRel = new double[0];
    /**
     * Per pair of the run, 4 ints: after the workers, what it puts into the store and the cache
     * ({@link NarrowphaseWorker#summarize}); after the serial count, its offsets: first store
     * manifold, first cache manifold, first cache point, cache entry (pair n: the totals).
     */
    private int[] pairSum = new int[4];
    /** Set by a worker that found the pairs out of order or a cache entry the write cannot replay as counted. */
    private volatile boolean runUnfit;
    // the write phase's inputs
    private PairCache runNext;
    private boolean runRecordReplays, runWarmInBlocks;
    private final RangeTask writeTask = this::writeBlock;
    /** Runs so far whose pairs were also written into the store and cache by the workers (no budget hit). */
    public long runsWrittenInParallel;
    /** Per pair of the run: its separating-axis hint slot ({@link PairCache#HINT} doubles), read and written by its worker. */
    private double[] pairHint = new double[0];
    // the run's inputs for the blocks (set on the calling thread before the dispatch)
    private PairBuffer runPairs;
    private PairCache runOld;
    private boolean runUseCache;
    private double runDt;
    private final RangeTask classifyTask = this::classifyBlock;
    /** Runs so far whose pairs were split between workers (a run on one thread does not count). */
    public long runsInParallel;

    /**
     * The stage with one narrowphase instance per worker: {@code instances} makes the instance of
     * each worker past the first (created the first time the stage runs on several threads), so the
     * plugins' scratch state is never shared. The plugin must compute a pair's result from the pair
     * alone (what it did before for other pairs must not change it).
     */
    public NarrowphaseStage(Narrowphase narrowphase, Supplier<Narrowphase> instances) {
        this.narrowphase = java.util.Objects.requireNonNull(narrowphase, "narrowphase is null");
        this.instances = instances;
        // what the factory made: the workers' instances (made by the same factory) have the same colliders
        this.registered = instances == null ? new PairCollider[0] : colliders(narrowphase);
    }

    /**
     * Runs the stage's collisions on {@code executor}'s threads (the result is the same bits for
     * any executor). Without an instance supplier (the one-argument constructor) it stays on one thread.
     */
    public void setExecutor(StepExecutor executor) {
        this.executor = java.util.Objects.requireNonNull(executor, "executor is null");
    }

    /** Whether this run of {@code n} pairs goes parallel; makes the workers the first time. */
    private boolean parallelReady(int n) {
        final StepExecutor ex = executor;
        int threads = ex.threads();
        if (instances == null || threads < 2 || n < 2 * ex.grain(PAIR_GRAIN)) {
            return false;
        }
        if (workers.length < threads) {
            NarrowphaseWorker[] w = Arrays.copyOf(workers, threads);
            for (int k = workers.length; k < threads; k++) {
                w[k] = new NarrowphaseWorker(k == 0 ? narrowphase : java.util.Objects.requireNonNull(instances.get(),
                        "the narrowphase supplier gave null"));
            }
            workers = w;
            workerBusy = new AtomicIntegerArray(threads);
        }
        // a collider registered on the stage's instance since: the workers' instances lack it
        final ShapeType[] types = SHAPE_TYPES;
        for (int i = 0, t = 0; i < types.length; i++) {
            for (int j = 0; j < types.length; j++, t++) {
                if (narrowphase.collider(types[i], types[j]) != registered[t]) {
                    return false;
                }
            }
        }
        return true;
    }

    private static final ShapeType[] SHAPE_TYPES = ShapeType.values();

    private static PairCollider[] colliders(Narrowphase np) {
        PairCollider[] t = new PairCollider[SHAPE_TYPES.length * SHAPE_TYPES.length];
        for (int i = 0, k = 0; i < SHAPE_TYPES.length; i++) {
            for (int j = 0; j < SHAPE_TYPES.length; j++, k++) {
                t[k] = np.collider(SHAPE_TYPES[i], SHAPE_TYPES[j]);
            }
        }
        return t;
    }

    /**
     * The parallel run of the pair loop: {@link #classifyBlock} on the workers, then this pass in pair
     * order, which does what the one-thread loop in {@link #run} does with each pair's recorded sink
     * calls in place of the collision (the same calls with the same numbers: the same bits). Returns
     * how many leading entries of {@code old} were replayed in order while {@code next} stayed empty
     * (the one-thread loop's {@code same}), or -1 once the run departed from them.
     */
    private int parallelPass(BodyStore b, PairBuffer pairs, ContactStore contacts, PairCache old, PairCache next,
                             boolean useCache, double dt) {
        final int n = pairs.size();
        if (pairKind.length < n) {
            int c = Math.max(n, 2 * pairKind.length);
            pairKind = new byte[c];
            pairEntry = new int[c];
            pairWorker = new int[c];
            pairFrom = new int[c];
            pairTo = new int[c];
            pairMargins = new double[c];
            pairRel = new double[c * REL];
            pairHint = new double[c * PairCache.HINT];
            pairSum = new int[4 * (c + 1)];
        }
        for (NarrowphaseWorker w : workers) {
            w.calls = 0;
            w.warmStarted = 0;
        }
        runPairs = pairs;
        runOld = old;
        runUseCache = useCache;
        runDt = dt;
        runUnfit = false;
        runsInParallel++;
        final StepExecutor ex = executor;
        final int block = ex.blockFor(n, ex.grain(PAIR_BLOCK), PAIR_BLOCKS_PER_THREAD);
        try {
            return parallelRun(b, pairs, contacts, old, next, useCache, n, block);
        } finally {
            runPairs = null;
            runOld = null;
            runNext = null;
        }
    }

    private int parallelRun(BodyStore b, PairBuffer pairs, ContactStore contacts, PairCache old, PairCache next,
                            boolean useCache, int n, int block) {
        final StepExecutor ex = executor;
        ex.run(n, block, classifyTask);
        // the serial count: each pair's offsets in the store and the next cache, the budgets, and
        // whether the run keeps replaying old's entries in order (then next stays empty)
        final byte[] kinds = pairKind;
        final int[] sum = pairSum;
        final int maxManifolds = contacts.maxManifolds();
        boolean verbatim = useCache, fits = !runUnfit;
        int same = 0, storeM = 0, cacheM = 0, points = 0, entries = 0, tested = 0, replayed = 0;
        for (int i = 0; i < n; i++) {
            final byte k = kinds[i];
            final int o = 4 * i;
            final int kept = sum[o], begun = sum[o + 1], pts = sum[o + 2], keptBeforeLast = sum[o + 3];
            sum[o] = storeM;
            sum[o + 1] = cacheM;
            sum[o + 2] = points;
            sum[o + 3] = entries;
            if (k == SKIP) {
                continue;
            }
            tested++;
            if (begun > 0 && storeM + keptBeforeLast >= maxManifolds) {
                fits = false; // a beginManifold would find the store full: the manifold budget is hit
            }
            storeM += kept;
            cacheM += begun;
            points += pts;
            if (k == REPLAY) {
                entries++;
                replayed++;
                if (verbatim && pairEntry[i] == same) {
                    same++;
                } else {
                    verbatim = false;
                }
            } else if (k == COLLIDE_RECORD) {
                entries++;
                verbatim = false;
            }
        }
        sum[4 * n] = storeM;
        sum[4 * n + 1] = cacheM;
        sum[4 * n + 2] = points;
        sum[4 * n + 3] = entries;
        if (!fits || points > maxPoints) {
            // a budget is hit: which manifolds and points are kept depends on everything before them,
            // so the recorded calls are played through the sink in pair order, as before
            return playInOrder(b, pairs, contacts, old, next, useCache);
        }
        pairsTested += tested;
        pairsCached += replayed;
        pointsKept += points;
        contacts.resize(storeM);
        ensureCurrent(storeM);
        final boolean recordReplays = useCache && !verbatim;
        if (recordReplays) {
            next.ensure(entries, cacheM, points);
        }
        runNext = next;
        runRecordReplays = recordReplays;
        runWarmInBlocks = prevSorted();
        runsWrittenInParallel++;
        ex.run(n, block, writeTask);
        if (recordReplays) {
            next.pairs = entries;
            next.manifolds = cacheM;
            next.points = points;
        }
        if (runWarmInBlocks) {
            for (NarrowphaseWorker w : workers) {
                pointsWarmStarted += w.warmStarted;
            }
            warmedInParallel = true;
        }
        return verbatim ? same : -1;
    }

    /** Whether the run's warm start was done by the workers' blocks (run() skips its own). */
    private boolean warmedInParallel;

    /**
     * Runs {@link BodySeams} over the store, then anchors (on A, in A's frame) and warm-starts each manifold it
     * rewrote, as the narrowphase's own manifolds are.
     */
    private void seams(BodyStore b, ContactStore contacts, double dt) {
        bodySeamPass.run(b, contacts, this, dt);
        seamsRewritten = bodySeamPass.rewrittenCount;
        seamBodies = bodySeamPass.groups;
        if (seamsRewritten == 0) {
            return;
        }
        pointsKept += bodySeamPass.pointChange;
        boolean sorted = prevSorted();
        for (int r = 0; r < seamsRewritten; r++) {
            int m = bodySeamPass.rewritten[r];
            int a = contacts.bodyA[m];
            poseA.set(0, 0, 0, b.qx[a], b.qy[a], b.qz[a], b.qw[a]);
            for (int k = 0, p = m * ContactStore.MAX_POINTS, pc = contacts.pointCount[m]; k < pc; k++, p++) {
                poseA.inverseRotate(contacts.ax[p], contacts.ay[p], contacts.az[p], tmp, 0);
                curLx[p] = tmp[0];
                curLy[p] = tmp[1];
                curLz[p] = tmp[2];
            }
            pointsWarmStarted += warmStart(contacts, m, m + 1,
                    sorted ? prevLowerBound(contacts.bodyA[m], contacts.bodyB[m], contacts.key[m]) : 0);
        }
    }

    /** The speculative margin of pair (a, c) in this run (for {@link BodySeams}). */
    double seamMargin(BodyStore b, int a, int c, double dt) {
        return pairMargin(b, a, c, dt);
    }

    private final BodySeams bodySeamPass = new BodySeams();
    private boolean bodySeams = true;
    /** Manifolds the last run's seam pass rewrote (docs/dynamics.md, "Seams between separate bodies"). */
    public int seamsRewritten;
    /** Bodies whose manifolds the last run's seam pass classified (touching static bodies along several normals). */
    public int seamBodies;

    /** Whether seams between separate static bodies are smoothed (default true). */
    public boolean bodySeams() {
        return bodySeams;
    }

    /**
     * Switches the seam pass between separate static bodies (docs/dynamics.md, "Seams between separate bodies");
     * off, a body crossing the seam of two flush static boxes meets the edge of the one it enters, as before.
     */
    public void setBodySeams(boolean on) {
        bodySeams = on;
    }

    /** Whether last step's manifolds ascend by (a, b, key): then a range's merge-join cursor is a binary search. */
    private boolean prevSorted() {
        for (int o = 1; o < prevCount; o++) {
            if (compare(prevA[o - 1], prevB[o - 1], prevKey[o - 1], prevA[o], prevB[o], prevKey[o]) > 0) {
                return false;
            }
        }
        return true;
    }

    /** The first of last step's manifolds not before (a, b, key). */
    private int prevLowerBound(int a, int c, long key) {
        int lo = 0, hi = prevCount;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (compare(prevA[mid], prevB[mid], prevKey[mid], a, c, key) < 0) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /**
     * The serial pass of a run whose budgets are hit: in pair order, replays cached pairs and plays each
     * collided pair's recorded calls through the stage's own sink methods (what the one-thread loop in
     * {@link #run} does, the same calls with the same numbers: the same bits).
     */
    private int playInOrder(BodyStore b, PairBuffer pairs, ContactStore contacts, PairCache old, PairCache next,
                            boolean useCache) {
        final int n = pairs.size();
        int same = useCache ? 0 : -1;
        final byte[] kinds = pairKind;
        for (int i = 0; i < n; i++) {
            final byte k = kinds[i];
            if (k == SKIP) {
                continue;
            }
            int a = pairs.first(i), c = pairs.second(i);
            pairsTested++;
            slotA = a;
            slotB = c;
            current = -1;
            dropping = false;
            int first = contacts.size();
            if (k == REPLAY) {
                final double[] bd = pairRot;
                rotation(b, a, bd, 0);
                rotation(b, c, bd, ROT_B);
                int e = pairEntry[i];
                replay(old, e, bd, 0, ROT_B);
                same = replayedEntry(old, next, same, e);
                pairsCached++;
            } else {
                NarrowphaseWorker w = workers[pairWorker[i]];
                setPoses(b, a, c);
                if (k == COLLIDE_RECORD) {
                    same = departed(old, next, same);
                    final double[] r = pairRel;
                    final int o = i * REL;
                    next.addPair(a, c, b.generation[a], b.generation[c], r[o], r[o + 1], r[o + 2], r[o + 3],
                            r[o + 4], r[o + 5], r[o + 6], pairMargins[i]);
                    // the hint the worker's collision left (from the pair's last entry, as the one-thread loop)
                    System.arraycopy(pairHint, i * PairCache.HINT, next.hint, (next.pairs - 1) * PairCache.HINT,
                            PairCache.HINT);
                    record = true;
                    recordManifold = -1;
                    w.play(pairFrom[i], pairTo[i], this);
                    record = false;
                } else {
                    w.play(pairFrom[i], pairTo[i], this);
                }
            }
            finishManifold();
            int end = contacts.size();
            if (end - first > 1) {
                sortByKey(contacts, first, end);
            }
        }
        return same;
    }

    /**
     * The next cache's bookkeeping for a pair replayed from old entry {@code e}: while the run has replayed
     * old's entries 0, 1, .. in order ({@code same} of them; -1 once it departed) {@code next} stays empty
     * and this returns {@code same + 1}; otherwise {@code next} gets old's verbatim prefix (once) and entry
     * {@code e}, and this returns -1.
     */
    private static int replayedEntry(PairCache old, PairCache next, int same, int e) {
        if (same >= 0 && e == same) {
            return same + 1;
        }
        departed(old, next, same);
        next.copyPair(old, e);
        return -1;
    }

    /** The run departs from old (a pair not replayed in order): copies old's verbatim prefix into {@code next} once; returns -1. */
    private static int departed(PairCache old, PairCache next, int same) {
        if (same >= 0) {
            next.copyPrefix(old, same);
        }
        return -1;
    }

    /**
     * One block of pairs on a worker, after the serial count: writes each pair's manifolds into the
     * store and its entry into the next cache at the pair's offsets (replays from last step's cache,
     * recorded calls of the pairs collided), sorts each pair's manifolds by key, then warm-starts the
     * block's manifolds from last step's. No budget is hit in such a run, so a pair's output depends
     * on the pair alone: the bits the sink makes in pair order.
     */
    private void writeBlock(int begin, int end) {
        final AtomicIntegerArray busy = workerBusy;
        int wi = claim(busy);
        try {
            final NarrowphaseWorker w = workers[wi];
            final PairBuffer pairs = runPairs;
            final byte[] kinds = pairKind;
            final int[] sum = pairSum;
            final ContactStore st = store;
            for (int i = begin; i < end; i++) {
                final byte k = kinds[i];
                if (k == SKIP) {
                    continue;
                }
                final int o = 4 * i, m0 = sum[o];
                int a = pairs.first(i), c = pairs.second(i);
                int m1 = k == REPLAY ? writeReplay(w, i, a, c, m0, sum[o + 3], sum[o + 1], sum[o + 2])
                        : writeCollided(w, i, a, c, m0, sum[o + 3], sum[o + 1], sum[o + 2], k == COLLIDE_RECORD);
                if (m1 - m0 > 1) {
                    sortByKey(st, m0, m1, w.sortScratch);
                }
            }
            if (runWarmInBlocks) {
                final int from = sum[4 * begin], to = sum[4 * end];
                if (from < to) {
                    w.warmStarted += warmStart(st, from, to, prevLowerBound(st.bodyA[from], st.bodyB[from], st.key[from]));
                }
            }
        } finally {
            busy.set(wi, 0);
        }
    }

    /**
     * Writes replayed pair {@code i}: its cached manifolds with a point into the store from {@code m},
     * and, when the run records replays, its cache entry as entry {@code e} of the next cache (manifolds
     * from {@code cm}, points from {@code cp}); returns the store index after its last manifold.
     */
    private int writeReplay(NarrowphaseWorker w, int i, int a, int c, int m, int e, int cm, int cp) {
        final BodyStore b = bodies;
        final ContactStore st = store;
        final PairCache old = runOld;
        final double[] bd = w.rot;
        rotation(b, a, bd, 0);
        rotation(b, c, bd, ROT_B);
        final int oe = pairEntry[i];
        final double[] md = old.manD;
        final int[] mi = old.manI;
        for (int mm = old.pairI[oe * PairCache.PI + PairCache.FIRST], end = mm + old.pairI[oe * PairCache.PI + PairCache.COUNT];
             mm < end; mm++) {
            final int count = mi[mm * PairCache.MI + 1];
            if (count == 0) {
                continue; // the sink removes a manifold that got no point
            }
            double lx = md[mm * PairCache.MD], ly = md[mm * PairCache.MD + 1], lz = md[mm * PairCache.MD + 2];
            double nx = bd[0] * lx + bd[1] * ly + bd[2] * lz;
            double ny = bd[3] * lx + bd[4] * ly + bd[5] * lz;
            double nz = bd[6] * lx + bd[7] * ly + bd[8] * lz;
            header(st, m, b, a, c, old.key[mm], nx, ny, nz, curGenA, curGenB);
            st.pointCount[m] = count;
            replayPoints(old, mi[mm * PairCache.MI], count, st, m * ContactStore.MAX_POINTS, curLx, curLy, curLz, bd, 0,
                    ROT_B, b, a, c, nx, ny, nz);
            m++;
        }
        if (runRecordReplays) {
            runNext.copyPairAt(old, oe, e, cm, cp);
        }
        return m;
    }

    /**
     * Writes collided pair {@code i} from its recorded calls, as the sink takes them with no budget hit:
     * a manifold is written once it gets its first point (one that gets none is not kept), at most
     * {@link ContactStore#MAX_POINTS} points a manifold, and with {@code record} the pair's cache entry
     * {@code e} (every manifold begun, from {@code cm}; points from {@code cp}). Returns the store index
     * after its last manifold.
     */
    private int writeCollided(NarrowphaseWorker w, int i, int a, int c, int m, int e, int cm, int cp, boolean record) {
        final BodyStore b = bodies;
        final ContactStore st = store;
        final PairCache next = runNext;
        final Pose pa = w.poseA, pb = w.poseB;
        pa.set(b.originX(a), b.originY(a), b.originZ(a), b.qx[a], b.qy[a], b.qz[a], b.qw[a]);
        pb.set(b.originX(c), b.originY(c), b.originZ(c), b.qx[c], b.qy[c], b.qz[c], b.qw[c]);
        final double[] t = w.tmp;
        if (record) {
            final double[] r = pairRel;
            final int o = i * REL;
            next.putPair(e, a, c, b.generation[a], b.generation[c], r[o], r[o + 1], r[o + 2], r[o + 3], r[o + 4],
                    r[o + 5], r[o + 6], pairMargins[i], cm);
            // the hint the worker's collision left (from the pair's last entry, as the one-thread loop)
            System.arraycopy(pairHint, i * PairCache.HINT, next.hint, e * PairCache.HINT, PairCache.HINT);
        }
        final NarrowphaseWorker rec = workers[pairWorker[i]];
        final byte[] kind = rec.kind;
        final double[] d = rec.d;
        final long[] l = rec.l;
        final double pax = b.px[a], pay = b.py[a], paz = b.pz[a], pbx = b.px[c], pby = b.py[c], pbz = b.pz[c];
        double nx = 0, ny = 0, nz = 0;
        long key = 0;
        int pc = -1, cman = cm - 1;
        for (int call = pairFrom[i], to = pairTo[i]; call < to; call++) {
            final int o = 4 * call;
            if (kind[call] == NarrowphaseWorker.MANIFOLD) {
                if (pc > 0) {
                    m++;
                }
                pc = 0;
                nx = d[o];
                ny = d[o + 1];
                nz = d[o + 2];
                key = l[call];
                if (record) {
                    pa.inverseRotate(nx, ny, nz, t, 0);
                    next.putManifold(e, ++cman, key, t[0], t[1], t[2], cp);
                }
                continue;
            }
            if (pc < 0 || pc == ContactStore.MAX_POINTS) {
                continue; // before any manifold, or past a full one: neither store nor cache takes it
            }
            final double ax = d[o], ay = d[o + 1], az = d[o + 2], separation = d[o + 3];
            // the sink's addPoint, expression for expression
            double rax = ax - pax, ray = ay - pay, raz = az - paz;
            double bwx = ax + separation * nx, bwy = ay + separation * ny, bwz = az + separation * nz;
            double rbx = bwx - pbx, rby = bwy - pby, rbz = bwz - pbz;
            pa.inverseRotate(rax, ray, raz, t, 0);
            double lax = t[0], lay = t[1], laz = t[2];
            if (record) {
                pb.inverseRotate(rbx, rby, rbz, t, 0);
                next.putPoint(cman, cp++, lax, lay, laz, t[0], t[1], t[2], l[call]);
            }
            if (pc == 0) {
                header(st, m, b, a, c, key, nx, ny, nz, curGenA, curGenB);
            }
            putPoint(st, m * ContactStore.MAX_POINTS + pc, rax, ray, raz, rbx, rby, rbz, separation, l[call],
                    curLx, curLy, curLz, lax, lay, laz);
            st.pointCount[m] = ++pc;
        }
        return pc > 0 ? m + 1 : m;
    }

    /** A free worker slot (at most as many blocks run at once as the executor has threads: one turns up). */
    private static int claim(AtomicIntegerArray busy) {
        int wi = 0;
        while (!busy.compareAndSet(wi, 0, 1)) {
            if (++wi == busy.length()) {
                wi = 0;
                Thread.onSpinWait();
            }
        }
        return wi;
    }

    /** One block of pairs on a worker: filter, margin, cache look-up, and the collision of each pair not replayed. */
    private void classifyBlock(int begin, int end) {
        final AtomicIntegerArray busy = workerBusy;
        int wi = claim(busy);
        try {
            classify(workers[wi], wi, begin, end);
        } finally {
            busy.set(wi, 0);
        }
    }

    private void classify(NarrowphaseWorker w, int wi, int begin, int end) {
        final BodyStore b = bodies;
        final PairBuffer pairs = runPairs;
        final PairCache old = runOld;
        final boolean useCache = runUseCache;
        final double dt = runDt;
        final byte dynamic = (byte) MotionType.DYNAMIC.ordinal();
        final dev.rubble.core.body.IgnoredPairs ignored = b.ignoredPairs, joined = noContact;
        final byte[] kinds = pairKind;
        final double[] bd = w.rot;
        final int oa = 0;
        int cursor = useCache ? lowerBound(old, pairs.first(begin), pairs.second(begin)) : 0;
        int lastA = begin == 0 ? -1 : pairs.first(begin - 1), lastC = begin == 0 ? -1 : pairs.second(begin - 1);
        for (int i = begin; i < end; i++) {
            int a = pairs.first(i), c = pairs.second(i);
            if (a < lastA || a == lastA && c <= lastC || c <= a) {
                // the write's offsets and merge-join need the pairs strictly ascending, a < b
                runUnfit = true;
            }
            lastA = a;
            lastC = c;
            // the one-thread loop's filter, margin and look-up (the same methods, the same bits)
            if (filteredOut(b, a, c, dynamic, ignored, joined)) {
                kinds[i] = SKIP;
                continue;
            }
            double pairMargin = pairMargin(b, a, c, dt);
            pairMargins[i] = pairMargin;
            if (useCache) {
                // straight into the pair's slot: addPair reads it there in the pass in pair order
                final double[] r = pairRel;
                final int o = i * REL;
                relativePose(b, a, c, bd, oa, r, o);
                cursor = advance(old, cursor, a, c);
                boolean samePair = samePair(old, cursor, a, c, b.generation[a], b.generation[c]);
                if (samePair && reusable(old, cursor, b, a, c, r, o, pairMargin)) {
                    kinds[i] = REPLAY;
                    pairEntry[i] = cursor;
                    summarizeEntry(old, cursor, i);
                    continue;
                }
                // the pair's hint slot: its last entry's hint, or none (as addPair leaves it)
                final int h = i * PairCache.HINT;
                if (samePair) {
                    old.hintFor(cursor, pairHint, h);
                    old.lastManifolds(cursor, w.last);
                } else {
                    pairHint[h + 3] = 0;
                    w.last.clear();
                }
                kinds[i] = COLLIDE_RECORD;
            } else {
                kinds[i] = COLLIDE;
            }
            w.poseA.set(b.originX(a), b.originY(a), b.originZ(a), b.qx[a], b.qy[a], b.qz[a], b.qw[a]);
            w.poseB.set(b.originX(c), b.originY(c), b.originZ(c), b.qx[c], b.qy[c], b.qz[c], b.qw[c]);
            pairWorker[i] = wi;
            pairFrom[i] = w.calls;
            if (useCache) {
                w.narrowphase.collide(b.shape[a], w.poseA, b.shape[c], w.poseB, pairMargin, w, pairHint,
                        i * PairCache.HINT, w.last);
            } else {
                w.narrowphase.collide(b.shape[a], w.poseA, b.shape[c], w.poseB, pairMargin, w);
            }
            pairTo[i] = w.calls;
            w.summarize(pairFrom[i], pairTo[i], pairSum, 4 * i);
        }
    }

    /**
     * What replaying cache entry {@code e} for pair {@code i} puts into the store and the next cache
     * ({@link NarrowphaseWorker#summarize}'s four counts). An entry with a manifold of more than
     * {@link ContactStore#MAX_POINTS} points (only a corrupt snapshot makes one) unfits the run.
     */
    private void summarizeEntry(PairCache old, int e, int i) {
        final int[] mi = old.manI;
        int kept = 0, points = 0, keptBeforeLast = -1;
        for (int m = old.pairI[e * PairCache.PI + PairCache.FIRST], end = m + old.pairI[e * PairCache.PI + PairCache.COUNT];
             m < end; m++) {
            keptBeforeLast = kept;
            int pc = mi[m * PairCache.MI + 1];
            if (pc > ContactStore.MAX_POINTS) {
                runUnfit = true;
            } else if (pc > 0) {
                kept++;
                points += pc;
            }
        }
        final int o = 4 * i;
        pairSum[o] = kept;
        pairSum[o + 1] = old.pairI[e * PairCache.PI + PairCache.COUNT];
        pairSum[o + 2] = points;
        pairSum[o + 3] = keptBeforeLast;
    }

    /** Whether pair (a, c) never reaches the narrowphase: no dynamic body, layers that do not meet, or an ignored pair. */
    private static boolean filteredOut(BodyStore b, int a, int c, byte dynamic, dev.rubble.core.body.IgnoredPairs ignored,
                                       dev.rubble.core.body.IgnoredPairs joined) {
        return b.motion[a] != dynamic && b.motion[c] != dynamic
                || (b.collisionLayer[a] & b.collisionMask[c]) == 0 || (b.collisionLayer[c] & b.collisionMask[a]) == 0
                || ignored.size() != 0 && ignored.contains(b.handle(a), b.handle(c))
                || joined.size() != 0 && joined.contains(b.handle(a), b.handle(c));
    }

    /** Pairs a constraint with {@code collideConnected} false joins (issue 29): never reported. */
    private dev.rubble.core.body.IgnoredPairs noContact = new dev.rubble.core.body.IgnoredPairs();

    @Override
    public void setNoContactPairs(dev.rubble.core.body.IgnoredPairs pairs) {
        this.noContact = java.util.Objects.requireNonNull(pairs, "no-contact pairs are null");
    }

    /**
     * Per body slot, this run's {@link #angularReach} (two square roots), valid where {@link #reachStamp}
     * holds {@link #reachRun}: {@link #pairMargin} worked it out for both bodies of every pair, about 2 %
     * of the 4 000-box pile's step (issue 27 item 2). The same numbers, so the same margins.
     */
    private double[] reach = new double[0];
    private int[] reachStamp = new int[0];
    private int reachRun;

    /**
     * Fills {@link #reach} for the awake bodies when {@code reachToo} (a step with a time step), before
     * the pair loop (the workers of a parallel run only read it; other bodies' pairs compute theirs in
     * {@link #pairMargin}), and makes the copy {@link #savePrevious} left, in the same dispatch.
     */
    private void prepareReach(BodyStore b, boolean reachToo) {
        int save = pendingSave;
        pendingSave = -1;
        if (!reachToo) {
            if (save > 0) {
                saveRange(0, save);
            }
            return;
        }
        int slots = b.px.length;
        if (reachStamp.length < slots) {
            reachStamp = new int[slots];
            reach = new double[slots];
            reachRun = 0;
        }
        if (++reachRun == Integer.MAX_VALUE) {
            Arrays.fill(reachStamp, 0);
            reachRun = 1;
        }
        reachBodies = b;
        // issue 26: off the serial path, with savePrevious's copy
        reachAndSave.run(executor, 0, b.awakeCount(), REACH_BLOCK, 4, reachTask, 0, Math.max(0, save), SAVE_BLOCK, 1,
                saveTask);
        reachBodies = null;
    }

    /** The smallest block of {@link #prepareReach}'s parallel run (a body costs two square roots). */
    private static final int REACH_BLOCK = 256;
    private BodyStore reachBodies;
    private final RangeTask reachTask = this::reachOfAwake;

    /** {@link #reach} of awake bodies {@code [lo, hi)} (each writes its own slot). */
    private void reachOfAwake(int lo, int hi) {
        final BodyStore b = reachBodies;
        final double[] r = reach;
        final int[] stamp = reachStamp;
        final int run = reachRun;
        for (int i = lo; i < hi; i++) {
            int s = b.order[i];
            r[s] = angularReach(b, s);
            stamp[s] = run;
        }
    }

    /** Body slot {@code s}'s angular reach this run: from {@link #reach} when prepared, else worked out. */
    private double reachOf(BodyStore b, int s) {
        return reachStamp[s] == reachRun ? reach[s] : angularReach(b, s);
    }

    /**
     * The pair's speculative margin: the base margin plus the look-ahead of its closing speed over {@code dt},
     * and gravity's share of the step's motion ({@code |g gs| dt²} per dynamic body) where it outgrows the
     * base margin (which absorbs it at ordinary time steps: 2.7 mm at 60 Hz): the speeds here are the ones
     * before this step's gravity. Before, a body at rest 4.5 m above a slab, stepped at dt = 1 s, got no
     * contact, fell 9.8 m and came out below it.
     */
    private double pairMargin(BodyStore b, int a, int c, double dt) {
        double pairMargin = margin;
        if (dt > 0) {
            double dvx = b.vx[c] - b.vx[a], dvy = b.vy[c] - b.vy[a], dvz = b.vz[c] - b.vz[a];
            double closing = Math.sqrt(dvx * dvx + dvy * dvy + dvz * dvz) + reachOf(b, a) + reachOf(b, c);
            pairMargin += dt * closing;
            double fall = BodyBounds.gravityReach(b, a, dt) + BodyBounds.gravityReach(b, c, dt)
                    + BodyBounds.forceReach(b, a, dt) + BodyBounds.forceReach(b, c, dt) // 0 without forces (fuzz12)
                    + BodyBounds.torqueReach(b, a, dt) + BodyBounds.torqueReach(b, c, dt); // and the turn a torque starts
            if (fall > margin) {
                pairMargin += fall - margin;
            }
        }
        return pairMargin;
    }

    /**
     * A's rotation matrix into {@code bd[oa..oa+9)}, then into {@code out[o..o+7)} B's centre of mass in
     * A's body frame (A's inverse rotation) and the rotation conj(qA) qB (x, y, z, w): the pair's
     * relative pose, the body-pair cache's key for reuse.
     */
    private static void relativePose(BodyStore b, int a, int c, double[] bd, int oa, double[] out, int o) {
        rotation(b, a, bd, oa);
        double ex = b.px[c] - b.px[a], ey = b.py[c] - b.py[a], ez = b.pz[c] - b.pz[a];
        out[o] = bd[oa] * ex + bd[oa + 3] * ey + bd[oa + 6] * ez;
        out[o + 1] = bd[oa + 1] * ex + bd[oa + 4] * ey + bd[oa + 7] * ez;
        out[o + 2] = bd[oa + 2] * ex + bd[oa + 5] * ey + bd[oa + 8] * ez;
        double aqx = b.qx[a], aqy = b.qy[a], aqz = b.qz[a], aqw = b.qw[a];
        double bqx = b.qx[c], bqy = b.qy[c], bqz = b.qz[c], bqw = b.qw[c];
        out[o + 3] = aqw * bqx - aqx * bqw - aqy * bqz + aqz * bqy;
        out[o + 4] = aqw * bqy + aqx * bqz - aqy * bqw - aqz * bqx;
        out[o + 5] = aqw * bqz - aqx * bqy + aqy * bqx - aqz * bqw;
        out[o + 6] = aqw * bqw + aqx * bqx + aqy * bqy + aqz * bqz;
    }

    /** The cursor moved past every entry of {@code old} before pair (a, c) (both ascend by (a, c)). */
    private static int advance(PairCache old, int cursor, int a, int c) {
        final int[] oi = old.pairI;
        while (cursor < old.pairs && (oi[cursor * PairCache.PI] < a
                || (oi[cursor * PairCache.PI] == a && oi[cursor * PairCache.PI + PairCache.B] < c))) {
            cursor++;
        }
        return cursor;
    }

    /** Whether {@code old}'s entry at {@code cursor} is pair (a, c) with the same body generations. */
    private static boolean samePair(PairCache old, int cursor, int a, int c, int genA, int genB) {
        final int[] oi = old.pairI;
        int ci = cursor * PairCache.PI;
        return cursor < old.pairs && oi[ci] == a && oi[ci + PairCache.B] == c
                && oi[ci + PairCache.GEN_A] == genA && oi[ci + PairCache.GEN_B] == genB;
    }

    /**
     * The first entry of {@code old} not before pair (a, c): where the one-thread loop's cursor stands
     * when it reaches that pair (both lists ascend by (a, c)).
     */
    private static int lowerBound(PairCache old, int a, int c) {
        final int[] oi = old.pairI;
        int lo = 0, hi = old.pairs;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            int ma = oi[mid * PairCache.PI], mb = oi[mid * PairCache.PI + PairCache.B];
            if (ma < a || ma == a && mb < c) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** poseA, poseB = the body origins and rotations of slots a and c (for the narrowphase). */
    private void setPoses(BodyStore b, int a, int c) {
        poseA.set(b.originX(a), b.originY(a), b.originZ(a), b.qx[a], b.qy[a], b.qz[a], b.qw[a]);
        poseB.set(b.originX(c), b.originY(c), b.originZ(c), b.qx[c], b.qy[c], b.qz[c], b.qw[c]);
    }

    /** Body s's rotation matrix, row-major, into {@code m[o..o+9)}: ShapeMath.quatToMatrix's expressions (Pose.set's values). */
    private static void rotation(BodyStore b, int s, double[] m, int o) {
        double qx = b.qx[s], qy = b.qy[s], qz = b.qz[s], qw = b.qw[s];
        double xx = qx * qx, yy = qy * qy, zz = qz * qz;
        double xy = qx * qy, xz = qx * qz, yz = qy * qz, wx = qw * qx, wy = qw * qy, wz = qw * qz;
        m[o] = 1 - 2 * (yy + zz);
        m[o + 1] = 2 * (xy - wz);
        m[o + 2] = 2 * (xz + wy);
        m[o + 3] = 2 * (xy + wz);
        m[o + 4] = 1 - 2 * (xx + zz);
        m[o + 5] = 2 * (yz - wx);
        m[o + 6] = 2 * (xz - wy);
        m[o + 7] = 2 * (yz + wx);
        m[o + 8] = 1 - 2 * (xx + yy);
    }

    /**
     * Whether cache entry {@code e} is within the tolerances of the current relative pose
     * ({@code d} = B's centre of mass in A's frame, {@code r} = conj(qA) qB) and margin.
     */
    private static boolean reusable(PairCache old, int e, BodyStore b, int a, int c, double[] rel, int ro,
                                    double pairMargin) {
        final double dx = rel[ro], dy = rel[ro + 1], dz = rel[ro + 2];
        final double rx = rel[ro + 3], ry = rel[ro + 4], rz = rel[ro + 5], rw = rel[ro + 6];
        final double[] pd = old.pairD;
        final int o = e * PairCache.PD;
        if (Math.abs(pairMargin - pd[o + PairCache.MARGIN]) > CACHE_MAX_MARGIN_CHANGE) {
            return false;
        }
        double ex = dx - pd[o + PairCache.DX], ey = dy - pd[o + PairCache.DY], ez = dz - pd[o + PairCache.DZ];
        double moved2 = ex * ex + ey * ey + ez * ez;
        if (moved2 >= CACHE_MAX_TRANSLATION * CACHE_MAX_TRANSLATION) {
            return false;
        }
        // the angle theta between two rotations q1, q2: cos(theta / 2) = |q1 . q2|
        double dot = rx * pd[o + PairCache.QX] + ry * pd[o + PairCache.QY] + rz * pd[o + PairCache.QZ]
                + rw * pd[o + PairCache.QW];
        double cos2 = dot * dot;
        if (cos2 <= CACHE_COS_HALF_ROTATION * CACHE_COS_HALF_ROTATION) {
            return false;
        }
        // a turn by theta moves a point at lever arm L by the chord 2 sin(theta / 2) L. Seen from A, B's
        // points (within B's reach of its centre) move by at most |delta d| + chord RB; seen from B, A's
        // by at most |delta d| + chord (|d| + RA); the smaller bound holds.
        if ((rx != pd[o + PairCache.QX] || ry != pd[o + PairCache.QY] || rz != pd[o + PairCache.QZ]
                || rw != pd[o + PairCache.QW]) && (rounded(b, a) || rounded(b, c))) {
            // A sphere's or a capsule's contact point and normal are not material points of it: they
            // lie where the other body is (the core point nearest it, a radius towards it), however
            // the rounded body has turned. Replayed in its frame after a turn, its witness lies off the
            // line of the normal force (by up to the 1 mm tolerance), which then turns it further: a
            // frictionless ball at rest on a dynamic box spun up to 0.12 rad/s, and with friction it
            // rolled off the box, 14 cm in 10 s (docs/dynamics.md, "Body-pair contact cache").
            // So such a pair replays only while the relative rotation is the recorded one, bit for bit.
            return false;
        }
        double chord = 2 * Math.sqrt(Math.max(0, 1 - cos2));
        double moved = Math.sqrt(moved2);
        if (chord == 0) {
            return true;
        }
        double lever = Math.min(BodyBounds.reach(b, c), Math.sqrt(dx * dx + dy * dy + dz * dz) + BodyBounds.reach(b, a));
        return moved + chord * lever < CACHE_MAX_TRANSLATION;
    }

    /**
     * Whether body s is a sphere or a capsule, or a compound with such a child, whose contact features do not
     * turn with it ({@link #reusable}).
     */
    private static boolean rounded(BodyStore b, int s) {
        ShapeType t = b.shape[s].type();
        return t == ShapeType.SPHERE || t == ShapeType.CAPSULE
                || t == ShapeType.COMPOUND && ((dev.rubble.spi.shape.Compound) b.shape[s]).hasRoundedChild();
    }

    /**
     * Rebuilds cache entry {@code e}'s manifolds with the current poses (the rotation matrices at
     * {@code bd[oa..]}, {@code bd[ob..]}): witnesses to world, separation along the current normal;
     * through the same budget/drop logic as fresh manifolds.
     */
    private void replay(PairCache old, int e, double[] bd, int oa, int ob) {
        final double ra0 = bd[oa], ra1 = bd[oa + 1], ra2 = bd[oa + 2], ra3 = bd[oa + 3], ra4 = bd[oa + 4],
                ra5 = bd[oa + 5], ra6 = bd[oa + 6], ra7 = bd[oa + 7], ra8 = bd[oa + 8];
        final double[] md = old.manD;
        final int[] mi = old.manI;
        final ContactStore st = store;
        for (int m = old.pairI[e * PairCache.PI + PairCache.FIRST], end = m + old.pairI[e * PairCache.PI + PairCache.COUNT];
             m < end; m++) {
            double lx = md[m * PairCache.MD], ly = md[m * PairCache.MD + 1], lz = md[m * PairCache.MD + 2];
            double nx = ra0 * lx + ra1 * ly + ra2 * lz;
            double ny = ra3 * lx + ra4 * ly + ra5 * lz;
            double nz = ra6 * lx + ra7 * ly + ra8 * lz;
            storeManifold(nx, ny, nz, old.key[m]);
            if (dropping || current < 0) {
                continue; // storePoint would keep none of its points
            }
            // what storePoint does point by point: points past MAX_POINTS are ignored (a cached
            // manifold has no more), points past the point budget are counted as dropped
            final int fit = Math.min(mi[m * PairCache.MI + 1], ContactStore.MAX_POINTS - st.pointCount[current]);
            final int keep = Math.min(fit, maxPoints - pointsKept);
            pointsDropped += fit - keep;
            if (keep <= 0) {
                continue;
            }
            final int q0 = current * ContactStore.MAX_POINTS + st.pointCount[current];
            st.pointCount[current] += keep;
            pointsKept += keep;
            replayPoints(old, mi[m * PairCache.MI], keep, st, q0, curLx, curLy, curLz, bd, oa, ob, bodies, slotA, slotB,
                    nx, ny, nz);
        }
    }

    /**
     * Store points {@code q0..q0+keep) from cache points {@code p0..}: witnesses to world with the
     * rotation matrices at {@code bd[oa..]}, {@code bd[ob..]}, separation along the current world normal
     * {@code n}, fresh impulses, anchors on A into {@code cx..cz}.
     */
    private static void replayPoints(PairCache old, int p0, int keep, ContactStore st, int q0, double[] cx, double[] cy,
                                     double[] cz, double[] bd, int oa, int ob, BodyStore b, int sa, int sb,
                                     double nx, double ny, double nz) {
        final double ra0 = bd[oa], ra1 = bd[oa + 1], ra2 = bd[oa + 2], ra3 = bd[oa + 3], ra4 = bd[oa + 4],
                ra5 = bd[oa + 5], ra6 = bd[oa + 6], ra7 = bd[oa + 7], ra8 = bd[oa + 8];
        final double rb0 = bd[ob], rb1 = bd[ob + 1], rb2 = bd[ob + 2], rb3 = bd[ob + 3], rb4 = bd[ob + 4],
                rb5 = bd[ob + 5], rb6 = bd[ob + 6], rb7 = bd[ob + 7], rb8 = bd[ob + 8];
        final double pax = b.px[sa], pay = b.py[sa], paz = b.pz[sa];
        final double pbx = b.px[sb], pby = b.py[sb], pbz = b.pz[sb];
        final double[] t = old.ptD;
        final long[] fe = old.feature;
        final double[] sax = st.ax, say = st.ay, saz = st.az, sbx = st.bx, sby = st.by, sbz = st.bz;
        final double[] sep = st.separation, sn = st.normalImpulse, st1 = st.tangentImpulse1,
                st2 = st.tangentImpulse2, srv = st.relativeNormalVelocity;
        final long[] sf = st.feature;
        for (int k = 0; k < keep; k++) {
            final int o = (p0 + k) * PairCache.TD, q = q0 + k;
            double lax = t[o], lay = t[o + 1], laz = t[o + 2];
            double lbx = t[o + 3], lby = t[o + 4], lbz = t[o + 5];
            double rax = ra0 * lax + ra1 * lay + ra2 * laz;
            double ray = ra3 * lax + ra4 * lay + ra5 * laz;
            double raz = ra6 * lax + ra7 * lay + ra8 * laz;
            double rbx = rb0 * lbx + rb1 * lby + rb2 * lbz;
            double rby = rb3 * lbx + rb4 * lby + rb5 * lbz;
            double rbz = rb6 * lbx + rb7 * lby + rb8 * lbz;
            sax[q] = rax;
            say[q] = ray;
            saz[q] = raz;
            sbx[q] = rbx;
            sby[q] = rby;
            sbz[q] = rbz;
            // separation = (witness B - witness A) . n, witnesses = centre of mass + anchor
            sep[q] = (pbx + rbx - pax - rax) * nx
                    + (pby + rby - pay - ray) * ny
                    + (pbz + rbz - paz - raz) * nz;
            sf[q] = fe[p0 + k];
            sn[q] = 0;
            st1[q] = 0;
            st2[q] = 0;
            // written by the contact solver when it prepares the step (the one place it is computed)
            srv[q] = 0;
            cx[q] = lax;
            cy[q] = lay;
            cz[q] = laz;
        }
    }

    /** |w| R for body s: the fastest a point of it moves by rotation, m/s (0 when not spinning). */
    private static double angularReach(BodyStore b, int s) {
        double wx = b.wx[s], wy = b.wy[s], wz = b.wz[s];
        double w2 = wx * wx + wy * wy + wz * wz;
        if (w2 == 0) {
            return 0;
        }
        return Math.sqrt(w2) * BodyBounds.reach(b, s);
    }

    @Override
    public void beginManifold(double nx, double ny, double nz, long subKey) {
        if (record) {
            poseA.inverseRotate(nx, ny, nz, tmp, 0);
            recordManifold = recording.addManifold(subKey, tmp[0], tmp[1], tmp[2]);
        }
        storeManifold(nx, ny, nz, subKey);
    }

    /** Appends a manifold to the store unless a budget is exhausted (then counts the drop). */
    private void storeManifold(double nx, double ny, double nz, long subKey) {
        curNx = nx;
        curNy = ny;
        curNz = nz;
        finishManifold();
        if (!store.hasRoom()) {
            dropping = true;
            store.droppedThisStep++;
            return;
        }
        dropping = false;
        int m = store.add(slotA, slotB, subKey);
        ensureCurrent(m + 1);
        header(store, m, bodies, slotA, slotB, subKey, nx, ny, nz, curGenA, curGenB);
        current = m;
    }

    /**
     * Writes manifold {@code m}'s body pair, key, normal, mixed friction and restitution, no point yet,
     * and the pair's generations into {@code genA}, {@code genB} (for warm starting).
     */
    private static void header(ContactStore st, int m, BodyStore b, int sa, int sb, long subKey,
                               double nx, double ny, double nz, int[] genA, int[] genB) {
        st.bodyA[m] = sa;
        st.bodyB[m] = sb;
        st.key[m] = subKey;
        st.pointCount[m] = 0;
        genA[m] = b.generation[sa];
        genB[m] = b.generation[sb];
        st.nx[m] = nx;
        st.ny[m] = ny;
        st.nz[m] = nz;
        // mixing rules: geometric mean friction, max restitution (as Box2D)
        st.friction[m] = Math.sqrt(b.friction[sa] * b.friction[sb]);
        st.restitution[m] = Math.max(b.restitution[sa], b.restitution[sb]);
    }

    @Override
    public void addPoint(double ax, double ay, double az, double separation, long featureId) {
        boolean keep = !dropping && current >= 0 && store.pointCount[current] < ContactStore.MAX_POINTS;
        if (!keep && !record) {
            return;
        }
        BodyStore b = bodies;
        int sa = slotA, sb = slotB;
        double nx = curNx, ny = curNy, nz = curNz;
        double rax = ax - b.px[sa], ray = ay - b.py[sa], raz = az - b.pz[sa];
        double bwx = ax + separation * nx, bwy = ay + separation * ny, bwz = az + separation * nz;
        double rbx = bwx - b.px[sb], rby = bwy - b.py[sb], rbz = bwz - b.pz[sb];
        // anchor on A in A's body frame (for the drift test next step and for the cache)
        poseA.inverseRotate(rax, ray, raz, tmp, 0);
        double lax = tmp[0], lay = tmp[1], laz = tmp[2];
        if (record && recordManifold >= 0) {
            poseB.inverseRotate(rbx, rby, rbz, tmp, 0);
            recording.addPoint(recordManifold, lax, lay, laz, tmp[0], tmp[1], tmp[2], featureId);
        }
        if (keep) {
            storePoint(rax, ray, raz, rbx, rby, rbz, separation, featureId, lax, lay, laz);
        }
    }

    /**
     * Appends a point to the current manifold (anchors relative to each centre of mass, world frame;
     * {@code lax..} = A's anchor in A's body frame) unless the point budget is exhausted.
     */
    private void storePoint(double rax, double ray, double raz, double rbx, double rby, double rbz,
                            double separation, long featureId, double lax, double lay, double laz) {
        if (dropping || current < 0 || store.pointCount[current] == ContactStore.MAX_POINTS) {
            return;
        }
        if (pointsKept == maxPoints) {
            pointsDropped++;
            return;
        }
        int m = current;
        int p = m * ContactStore.MAX_POINTS + store.pointCount[m]++;
        putPoint(store, p, rax, ray, raz, rbx, rby, rbz, separation, featureId, curLx, curLy, curLz, lax, lay, laz);
        pointsKept++;
    }

    /** Writes store point {@code p} (fresh impulses) and its anchor on A in A's frame into {@code cx..cz}. */
    private static void putPoint(ContactStore st, int p, double rax, double ray, double raz, double rbx, double rby,
                                 double rbz, double separation, long featureId, double[] cx, double[] cy, double[] cz,
                                 double lax, double lay, double laz) {
        st.ax[p] = rax;
        st.ay[p] = ray;
        st.az[p] = raz;
        st.bx[p] = rbx;
        st.by[p] = rby;
        st.bz[p] = rbz;
        st.separation[p] = separation;
        st.feature[p] = featureId;
        st.normalImpulse[p] = 0;
        st.tangentImpulse1[p] = 0;
        st.tangentImpulse2[p] = 0;
        // written by the contact solver when it prepares the step (the one place it is computed)
        st.relativeNormalVelocity[p] = 0;
        cx[p] = lax;
        cy[p] = lay;
        cz[p] = laz;
    }

    /** Removes a manifold that received no point (a collider began one and added nothing). */
    private void finishManifold() {
        if (current >= 0 && store.pointCount[current] == 0 && current == store.size() - 1) {
            store.removeLast();
        }
        current = -1;
    }

    /** Both body-pair caches and the generated-anchor scratch, grown ahead of need (see {@link ContactStage#reserve}). */
    @Override
    public void reserve(int pairs, int manifolds, int points) {
        cached.ensure(pairs, manifolds, points);
        recording.ensure(pairs, manifolds, points);
        ensureCurrent(manifolds);
    }

    private void ensureCurrent(int manifolds) {
        if (curGenA.length < manifolds) {
            int n = Math.max(manifolds, 2 * curGenA.length);
            curGenA = Arrays.copyOf(curGenA, n);
            curGenB = Arrays.copyOf(curGenB, n);
            curLx = Arrays.copyOf(curLx, n * ContactStore.MAX_POINTS);
            curLy = Arrays.copyOf(curLy, n * ContactStore.MAX_POINTS);
            curLz = Arrays.copyOf(curLz, n * ContactStore.MAX_POINTS);
        }
    }

    /** {@link #sortByKey(ContactStore, int, int, SortScratch)} on the calling thread, with its buffers. */
    private void sortByKey(ContactStore s, int from, int to) {
        sortByKey(s, from, to, sortScratch);
    }

    /** The calling thread's buffer for {@link #sortByKey} (the blocks' threads use their worker's). */
    private final SortScratch sortScratch = new SortScratch();

    /** Runs of at most this many manifolds are sorted in place by insertion (few swaps when they are short). */
    static final int INSERTION_RUN = 8;

    /**
     * Sorts a pair's manifolds {@code [from, to)} by key, moving each manifold's record (and its
     * current anchors) with its key; equal keys keep their order. A compound pair makes one manifold per
     * touching child pair in its tree's order, so a long run can be far from key order, and insertion
     * sorting it swapped whole records O(n²) times (an awake intact 739-hull statue on the ground: a
     * quarter of its step, issue 27). Runs longer than {@value #INSERTION_RUN} are ordered by a stable sort of
     * their positions ({@link PrimitiveOrder}) and then put in place by following the permutation's cycles:
     * at most n - 1 record swaps. Both sorts are stable, so the records end where the insertion sort put them:
     * the same bits ({@code NarrowphaseSortTest}).
     *
     * @param scratch the calling thread's buffers
     */
    void sortByKey(ContactStore s, int from, int to, SortScratch scratch) {
        final long[] key = s.key;
        int n = to - from;
        boolean sorted = true;
        for (int i = from + 1; i < to && sorted; i++) {
            sorted = key[i - 1] < key[i];
        }
        if (sorted) {
            return; // strictly increasing: nothing to move
        }
        if (n <= INSERTION_RUN) {
            for (int i = from + 1; i < to; i++) {
                for (int j = i; j > from && key[j - 1] > key[j]; j--) {
                    s.swap(j - 1, j);
                    swapCurrent(j - 1, j);
                }
            }
            return;
        }
        int[] order = keyOrder(key, from, n, scratch);
        // order[k] = the position (from `from`) of the manifold that belongs at from + k; follow each cycle
        for (int start = 0; start < n; start++) {
            if (order[start] < 0 || order[start] == start) {
                continue;
            }
            int k = start;
            while (true) {
                int src = order[k];
                order[k] = -1;
                if (src == start) {
                    break;
                }
                // the record at from + src belongs at from + k: swap it there (the one it displaces moves on)
                s.swap(from + k, from + src);
                swapCurrent(from + k, from + src);
                k = src;
            }
        }
    }

    /**
     * The positions {@code 0..n-1} of {@code key[from..from+n)} in increasing key order, equal keys in their
     * order: {@link PrimitiveOrder}'s stable sort, into the scratch's arrays (grown when short).
     */
    private static int[] keyOrder(long[] key, int from, int n, SortScratch scratch) {
        if (scratch.keys.length < n) {
            int cap = Math.max(n, 2 * scratch.keys.length);
            scratch.keys = new long[cap];
            scratch.order = new int[cap];
            scratch.tmp = new int[cap];
        }
        System.arraycopy(key, from, scratch.keys, 0, n);
        PrimitiveOrder.order(n, scratch.keys, null, null, scratch.order, scratch.tmp);
        return scratch.order;
    }

    /** {@link #sortByKey}'s buffers, one per thread that sorts (grown to the longest run, then reused). */
    static final class SortScratch {
        long[] keys = new long[0];
        int[] order = new int[0], tmp = new int[0];
    }

    private void swapCurrent(int m1, int m2) {
        int t = curGenA[m1];
        curGenA[m1] = curGenA[m2];
        curGenA[m2] = t;
        t = curGenB[m1];
        curGenB[m1] = curGenB[m2];
        curGenB[m2] = t;
        for (int k = 0; k < ContactStore.MAX_POINTS; k++) {
            int p = m1 * ContactStore.MAX_POINTS + k, q = m2 * ContactStore.MAX_POINTS + k;
            double d = curLx[p]; curLx[p] = curLx[q]; curLx[q] = d;
            d = curLy[p]; curLy[p] = curLy[q]; curLy[q] = d;
            d = curLz[p]; curLz[p] = curLz[q]; curLz[q] = d;
        }
    }

    /**
     * Saves what warm starting needs from last step's manifolds (with the solver's final impulses):
     * the generation and anchor arrays are not copied but swapped with the current ones (which the
     * run rewrites), so afterwards {@code prevGenA..prevLz} hold last step's; the rest is copied by
     * {@link #prepareReach}, before the pairs are collided.
     */
    private void savePrevious(ContactStore s) {
        int n = s.size();
        if (prevA.length < n) {
            int c = Math.max(n, 2 * prevA.length);
            prevA = Arrays.copyOf(prevA, c);
            prevB = Arrays.copyOf(prevB, c);
            prevPoints = Arrays.copyOf(prevPoints, c);
            prevKey = Arrays.copyOf(prevKey, c);
            int pc = c * ContactStore.MAX_POINTS;
            prevFeature = Arrays.copyOf(prevFeature, pc);
            prevImpN = Arrays.copyOf(prevImpN, pc);
            prevImpT1 = Arrays.copyOf(prevImpT1, pc);
            prevImpT2 = Arrays.copyOf(prevImpT2, pc);
        }
        // the copy itself is made by prepareReach's dispatch, in manifold blocks beside the bodies' reach
        // (issue 26: one serial copy, it was 0.6 % of the calling thread's samples in the 2-thread pile;
        // a dispatch of its own found the worker parked and paid its wake-up). Until then nothing reads
        // the prev* arrays it fills or writes the store: park only reads it, clear only resets its size
        pendingSave = n;
        // the current arrays hold (at least) the store's n manifolds
        int[] ti = prevGenA;
        prevGenA = curGenA;
        curGenA = ti;
        ti = prevGenB;
        prevGenB = curGenB;
        curGenB = ti;
        double[] td = prevLx;
        prevLx = curLx;
        curLx = td;
        td = prevLy;
        prevLy = curLy;
        curLy = td;
        td = prevLz;
        prevLz = curLz;
        curLz = td;
        prevCount = n;
    }

    /** The smallest block of {@link #savePrevious}'s copy, in manifolds (about 100 bytes each). */
    private static final int SAVE_BLOCK = 2048;
    /** Manifolds whose copy {@link #savePrevious} left to {@link #prepareReach}, or -1. */
    private int pendingSave = -1;
    private final RangeTask saveTask = this::saveRange;
    private final dev.rubble.core.parallel.TaskPair reachAndSave = new dev.rubble.core.parallel.TaskPair();

    /** Copies manifolds {@code [lo, hi)} of the store being saved into the prev* arrays. */
    private void saveRange(int lo, int hi) {
        ContactStore s = store;
        int n = hi - lo;
        System.arraycopy(s.bodyA, lo, prevA, lo, n);
        System.arraycopy(s.bodyB, lo, prevB, lo, n);
        System.arraycopy(s.pointCount, lo, prevPoints, lo, n);
        System.arraycopy(s.key, lo, prevKey, lo, n);
        int p0 = lo * ContactStore.MAX_POINTS, pc = n * ContactStore.MAX_POINTS;
        System.arraycopy(s.feature, p0, prevFeature, p0, pc);
        System.arraycopy(s.normalImpulse, p0, prevImpN, p0, pc);
        System.arraycopy(s.tangentImpulse1, p0, prevImpT1, p0, pc);
        System.arraycopy(s.tangentImpulse2, p0, prevImpT2, p0, pc);
    }

    /** Merge-join of the (a, b, key)-sorted old and new manifolds; carries impulses point by point. */
    private void warmStart(ContactStore s) {
        pointsWarmStarted += warmStart(s, 0, s.size(), 0);
    }

    /**
     * The merge-join over the new manifolds {@code [from, to)} with the old cursor starting at
     * {@code o} (0 for the whole store; for a range, where the whole join's cursor stands when it
     * reaches {@code from}); returns the points warm-started. Writes only the range's impulses.
     */
    private int warmStart(ContactStore s, int from, int to, int o) {
        int warm = 0;
        final double tol2 = DRIFT_TOLERANCE * DRIFT_TOLERANCE;
        for (int m = from; m < to; m++) {
            while (o < prevCount && compare(prevA[o], prevB[o], prevKey[o], s.bodyA[m], s.bodyB[m], s.key[m]) < 0) {
                o++;
            }
            if (o == prevCount) {
                break;
            }
            if (compare(prevA[o], prevB[o], prevKey[o], s.bodyA[m], s.bodyB[m], s.key[m]) != 0
                    || prevGenA[o] != curGenA[m] || prevGenB[o] != curGenB[m]) {
                continue;
            }
            // same feature id within the drift tolerance; failing that, the nearest old point within
            // MATCH_DISTANCE (clip points of flush, equal-sized faces switch between "vertex kept" and
            // "edge intersection" ids from one step to the next while staying where they were)
            final int np = prevPoints[o], q0 = o * ContactStore.MAX_POINTS;
            final long[] pf = prevFeature, sf = s.feature;
            final double[] plx = prevLx, ply = prevLy, plz = prevLz, clx = curLx, cly = curLy, clz = curLz;
            for (int k = 0, pc = s.pointCount[m]; k < pc; k++) {
                final int p = m * ContactStore.MAX_POINTS + k;
                final long f = sf[p];
                int j = 0;
                while (j < np && pf[q0 + j] != f) {
                    j++;
                }
                int match = -1;
                if (j < np) {
                    // the first old point with this feature id decides (kept or not)
                    int q = q0 + j;
                    double dx = clx[p] - plx[q], dy = cly[p] - ply[q], dz = clz[p] - plz[q];
                    if (dx * dx + dy * dy + dz * dz <= tol2) {
                        match = q;
                    }
                } else {
                    double nearest = MATCH_DISTANCE * MATCH_DISTANCE;
                    for (int q = q0; q < q0 + np; q++) {
                        double dx = clx[p] - plx[q], dy = cly[p] - ply[q], dz = clz[p] - plz[q];
                        double d2 = dx * dx + dy * dy + dz * dz;
                        if (d2 < nearest) {
                            nearest = d2;
                            match = q;
                        }
                    }
                }
                if (match >= 0) {
                    s.normalImpulse[p] = prevImpN[match];
                    s.tangentImpulse1[p] = prevImpT1[match];
                    s.tangentImpulse2[p] = prevImpT2[match];
                    warm++;
                }
            }
        }
        return warm;
    }

    private static int compare(int a1, int b1, long k1, int a2, int b2, long k2) {
        if (a1 != a2) {
            return Integer.compare(a1, a2);
        }
        if (b1 != b2) {
            return Integer.compare(b1, b2);
        }
        return Long.compare(k1, k2);
    }
    // ---- snapshots (docs/snapshot-format.md): what the next run reads besides the bodies ----

    /**
     * Writes what the next {@link #run} reads: the options a host may change after assembly (margin,
     * contact cache), {@code contacts} (last step's manifolds with the solver's impulses) with the
     * warm-start arrays index-aligned with it (generations, anchors on A in A's frame), the
     * body-pair cache, and the parked manifolds and cache entries of sleeping islands.
     */
    public void writeState(ContactStore contacts, java.io.DataOutput out) throws java.io.IOException {
        out.writeDouble(margin);
        out.writeBoolean(contactCache);
        int n = contacts.size();
        int pc = n * ContactStore.MAX_POINTS;
        out.writeInt(n);
        out.writeInt(contacts.droppedThisStep);
        StateIO.writeInts(out, contacts.bodyA, 0, n);
        StateIO.writeInts(out, contacts.bodyB, 0, n);
        StateIO.writeInts(out, contacts.pointCount, 0, n);
        StateIO.writeLongs(out, contacts.key, 0, n);
        StateIO.writeDoubles(out, contacts.nx, 0, n);
        StateIO.writeDoubles(out, contacts.ny, 0, n);
        StateIO.writeDoubles(out, contacts.nz, 0, n);
        StateIO.writeDoubles(out, contacts.friction, 0, n);
        StateIO.writeDoubles(out, contacts.restitution, 0, n);
        for (double[] a : new double[][] {contacts.ax, contacts.ay, contacts.az, contacts.bx, contacts.by, contacts.bz,
                contacts.separation, contacts.normalImpulse, contacts.tangentImpulse1, contacts.tangentImpulse2,
                contacts.relativeNormalVelocity}) {
            StateIO.writeDoubles(out, a, 0, pc);
        }
        StateIO.writeLongs(out, contacts.feature, 0, pc);
        ensureCurrent(n);
        StateIO.writeInts(out, curGenA, 0, n);
        StateIO.writeInts(out, curGenB, 0, n);
        StateIO.writeDoubles(out, curLx, 0, pc);
        StateIO.writeDoubles(out, curLy, 0, pc);
        StateIO.writeDoubles(out, curLz, 0, pc);
        cached.write(out);
        sleeping.write(out);
    }

    /** Restores what {@link #writeState} wrote into this stage and the empty {@code contacts}. */
    public void readState(ContactStore contacts, java.io.DataInput in) throws java.io.IOException {
        setMargin(in.readDouble());
        setContactCache(in.readBoolean());
        int n = StateIO.readCount(in, "manifold");
        if (n > contacts.maxManifolds()) {
            throw new IllegalArgumentException("manifold count " + n + " exceeds maxManifolds " + contacts.maxManifolds());
        }
        int dropped = in.readInt();
        contacts.clear();
        for (int m = 0; m < n; m++) {
            contacts.add(0, 0, 0); // grows the store; every field is overwritten below
        }
        contacts.droppedThisStep = dropped;
        int pc = n * ContactStore.MAX_POINTS;
        StateIO.readInts(in, contacts.bodyA, 0, n);
        StateIO.readInts(in, contacts.bodyB, 0, n);
        StateIO.readInts(in, contacts.pointCount, 0, n);
        StateIO.readLongs(in, contacts.key, 0, n);
        StateIO.readDoubles(in, contacts.nx, 0, n);
        StateIO.readDoubles(in, contacts.ny, 0, n);
        StateIO.readDoubles(in, contacts.nz, 0, n);
        StateIO.readDoubles(in, contacts.friction, 0, n);
        StateIO.readDoubles(in, contacts.restitution, 0, n);
        for (double[] a : new double[][] {contacts.ax, contacts.ay, contacts.az, contacts.bx, contacts.by, contacts.bz,
                contacts.separation, contacts.normalImpulse, contacts.tangentImpulse1, contacts.tangentImpulse2,
                contacts.relativeNormalVelocity}) {
            StateIO.readDoubles(in, a, 0, pc);
        }
        StateIO.readLongs(in, contacts.feature, 0, pc);
        for (int m = 0; m < n; m++) {
            if (contacts.pointCount[m] < 0 || contacts.pointCount[m] > ContactStore.MAX_POINTS) {
                throw new IllegalArgumentException("manifold " + m + " has " + contacts.pointCount[m]
                        + " points; allowed: 0.." + ContactStore.MAX_POINTS);
            }
        }
        ensureCurrent(n);
        StateIO.readInts(in, curGenA, 0, n);
        StateIO.readInts(in, curGenB, 0, n);
        StateIO.readDoubles(in, curLx, 0, pc);
        StateIO.readDoubles(in, curLy, 0, pc);
        StateIO.readDoubles(in, curLz, 0, pc);
        cached.read(in);
        recording.clear();
        sleeping.read(in);
    }
}
