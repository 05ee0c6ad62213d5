package dev.rubble.tui;

import dev.rubble.core.destruction.BreakEvents;
import dev.rubble.core.destruction.ClusterStore;
import dev.rubble.core.destruction.DestructionRuntime;
import dev.rubble.core.step.StepProfile;
import dev.rubble.core.world.StepObserver;
import dev.rubble.core.world.World;
import java.lang.management.ManagementFactory;
import java.util.Arrays;

/**
 * What the console panel shows over time, gathered from every world step rather than from the
 * world at drawing time. The console draws about 30 times a second and may run up to 16 steps per
 * frame; reading the world when drawing sees only the last step, after sleeping islands have parked
 * their manifolds (they leave the contact store), so a run that dropped hundreds of thousands of
 * manifolds could show 0 % (issue 14). Here every step's own counters are kept instead, the same
 * {@link StepProfile} counters {@link RunHealth} sums for the headless {@code run}:
 *
 * <ul>
 *   <li>per step, over the last {@link #WINDOW} steps: breaks and releases (the destruction
 *       runtime's {@link BreakEvents}), manifolds and contact points solved and dropped by the
 *       budgets, bodies, and the destruction budgets' deferred and throttled counts
 *       ({@link DestructionBudgets});</li>
 *   <li>per session step, over the last {@link #TIMES} steps: wall time of the step (with its
 *       observers, the journal included) and the bytes the stepping thread allocated
 *       ({@code com.sun.management.ThreadMXBean}), for the frame-time line and its sparkline.</li>
 * </ul>
 *
 * Allocation-free per step (rings of primitives); the panel's reductions run per frame. Console
 * thread only.
 */
public final class ConsoleStats implements StepObserver {
    /** Steps the budget and destruction windows cover (one second at 60 Hz). */
    public static final int WINDOW = 60;
    /** Session steps the frame-time line covers. */
    public static final int TIMES = 120;

    private static final com.sun.management.ThreadMXBean THREADS = threads();

    private World attached;
    private DestructionBudgets budgets = DestructionBudgets.NONE;
    // per world step, ring of WINDOW
    private final int[] breaks = new int[WINDOW], releases = new int[WINDOW];
    private final int[] manifolds = new int[WINDOW], droppedManifolds = new int[WINDOW];
    private final int[] points = new int[WINDOW], droppedPoints = new int[WINDOW];
    private final int[] bodies = new int[WINDOW], deferred = new int[WINDOW], throttled = new int[WINDOW];
    private long steps;
    private long totalBreaks, totalReleases, totalDroppedManifolds, totalDroppedPoints;
    // per session step, ring of TIMES
    private final long[] wallNanos = new long[TIMES], allocated = new long[TIMES];
    private long timed;
    private final long[] scratch = new long[TIMES];

    private static com.sun.management.ThreadMXBean threads() {
        java.lang.management.ThreadMXBean b = ManagementFactory.getThreadMXBean();
        if (b instanceof com.sun.management.ThreadMXBean s && s.isThreadAllocatedMemorySupported()) {
            if (!s.isThreadAllocatedMemoryEnabled()) {
                s.setThreadAllocatedMemoryEnabled(true);
            }
            return s;
        }
        return null;
    }

    /** Starts observing {@code world} (once; later calls with the same world do nothing). */
    public void attach(World world) {
        if (attached == world) {
            return;
        }
        if (attached != null) {
            attached.removeObserver(this);
        }
        attached = world;
        budgets = DestructionBudgets.forWorld(world);
        world.addObserver(this);
    }

    /** The destruction budgets read every step (the console's budget keys change them through it). */
    public DestructionBudgets budgets() {
        return budgets;
    }

    /** Uses other destruction budgets (tests; the lead's wiring goes through {@link DestructionBudgets#forWorld}). */
    public void useBudgets(DestructionBudgets b) {
        budgets = java.util.Objects.requireNonNull(b, "budgets is null");
    }

    /**
     * Steps the session once, timing it and counting the bytes the stepping thread allocated; the
     * world steps it makes reach {@link #afterStep} as an observer.
     */
    public void step(ConsoleSession session) {
        attach(session.world());
        long a0 = THREADS == null ? 0 : THREADS.getCurrentThreadAllocatedBytes();
        long t0 = System.nanoTime();
        session.step();
        long t1 = System.nanoTime();
        long a1 = THREADS == null ? 0 : THREADS.getCurrentThreadAllocatedBytes();
        record(t1 - t0, a1 - a0);
    }

    /** Records one session step's wall time (ns) and allocated bytes. */
    void record(long nanos, long bytes) {
        int i = (int) (timed % TIMES);
        wallNanos[i] = nanos;
        allocated[i] = bytes;
        timed++;
    }

    @Override
    public void afterStep(World world, StepProfile p) {
        int i = (int) (steps % WINDOW);
        BreakEvents e = world.destruction().events();
        int br = 0;
        for (int k = 0, n = e.count(); k < n; k++) {
            if (e.kind[k] == BreakEvents.BREAK) {
                br++;
            }
        }
        breaks[i] = br;
        releases[i] = e.count(); // every event is a new body: a broken child, a lone child, a new internal cluster
        manifolds[i] = p.manifolds();
        droppedManifolds[i] = p.droppedManifolds();
        points[i] = p.contactPoints();
        droppedPoints[i] = p.droppedContacts();
        bodies[i] = world.bodies().size();
        deferred[i] = budgets.deferred();
        throttled[i] = budgets.throttled();
        totalBreaks += br;
        totalReleases += e.count();
        totalDroppedManifolds += p.droppedManifolds();
        totalDroppedPoints += p.droppedContacts();
        steps++;
    }

    /** World steps observed. */
    public long steps() {
        return steps;
    }

    /** Steps in the window so far (≤ {@link #WINDOW}). */
    public int window() {
        return (int) Math.min(steps, WINDOW);
    }

    private int last(int[] ring) {
        return steps == 0 ? 0 : ring[(int) ((steps - 1) % WINDOW)];
    }

    private static long sum(int[] ring, int n) {
        long s = 0;
        for (int i = 0; i < n; i++) {
            s += ring[i];
        }
        return s;
    }

    private static int peak(int[] a, int[] b, int n) {
        int m = 0;
        for (int i = 0; i < n; i++) {
            m = Math.max(m, a[i] + (b == null ? 0 : b[i]));
        }
        return m;
    }

    public int lastBreaks() {
        return last(breaks);
    }

    public int lastReleases() {
        return last(releases);
    }

    public int lastDeferred() {
        return last(deferred);
    }

    public int lastThrottled() {
        return last(throttled);
    }

    public long windowBreaks() {
        return sum(breaks, window());
    }

    public long windowReleases() {
        return sum(releases, window());
    }

    /** Most breaks in one step of the window. */
    public int peakBreaks() {
        return peak(breaks, null, window());
    }

    public long totalBreaks() {
        return totalBreaks;
    }

    public long totalReleases() {
        return totalReleases;
    }

    /** Most manifolds one step of the window wanted: solved plus dropped by the budgets. */
    public int peakManifoldDemand() {
        return peak(manifolds, droppedManifolds, window());
    }

    /** Most manifolds dropped in one step of the window. */
    public int peakDroppedManifolds() {
        return peak(droppedManifolds, null, window());
    }

    /** Most contact points one step of the window wanted: solved plus dropped. */
    public int peakPointDemand() {
        return peak(points, droppedPoints, window());
    }

    /** Most contact points dropped in one step of the window. */
    public int peakDroppedPoints() {
        return peak(droppedPoints, null, window());
    }

    /** Most bodies at the end of a step of the window. */
    public int peakBodies() {
        return peak(bodies, null, window());
    }

    /** Manifolds dropped over the whole run (what {@link RunHealth} and the headless run report). */
    public long totalDroppedManifolds() {
        return totalDroppedManifolds;
    }

    /** Contact points dropped over the whole run. */
    public long totalDroppedPoints() {
        return totalDroppedPoints;
    }

    /** Session steps timed so far. */
    public long timedSteps() {
        return timed;
    }

    private int timedWindow() {
        return (int) Math.min(timed, TIMES);
    }

    /** Wall time of the last session step, ns (0 before the first). */
    public long lastNanos() {
        return timed == 0 ? 0 : wallNanos[(int) ((timed - 1) % TIMES)];
    }

    /**
     * The {@code q}-quantile (0..1) of the step wall times of the window, ns: the nearest-rank value
     * ({@code ceil(q n)}-th smallest); 0 before the first step.
     */
    public long quantileNanos(double q) {
        int n = timedWindow();
        if (n == 0) {
            return 0;
        }
        System.arraycopy(wallNanos, 0, scratch, 0, n);
        Arrays.sort(scratch, 0, n);
        int rank = (int) Math.ceil(q * n);
        return scratch[Math.max(0, Math.min(n - 1, rank - 1))];
    }

    /** Mean bytes allocated by the stepping thread per session step over the window; -1 when the JVM cannot tell. */
    public long allocatedPerStep() {
        int n = timedWindow();
        if (THREADS == null) {
            return -1;
        }
        if (n == 0) {
            return 0;
        }
        long s = 0;
        for (int i = 0; i < n; i++) {
            s += allocated[i];
        }
        return s / n;
    }

    /**
     * The last {@code width} step wall times as a sparkline, oldest first, each a character of
     * {@link #SPARK} scaled to the largest of them (left-padded with spaces while there are fewer).
     */
    public String sparkline(int width) {
        int n = (int) Math.min(timed, Math.min(width, TIMES));
        long max = 1;
        for (int k = 0; k < n; k++) {
            max = Math.max(max, wallNanos[(int) ((timed - n + k) % TIMES)]);
        }
        StringBuilder sb = new StringBuilder(Math.max(0, width));
        for (int k = n; k < width; k++) {
            sb.append(' ');
        }
        int top = SPARK.length() - 1;
        for (int k = 0; k < n; k++) {
            long v = wallNanos[(int) ((timed - n + k) % TIMES)];
            sb.append(SPARK.charAt((int) Math.round((double) v / max * top)));
        }
        return sb.toString();
    }

    /** Sparkline levels, lowest first (ASCII, so every terminal and tmux shows it). */
    public static final String SPARK = "_.:-=+*#%@";

    /**
     * Active pieces (nodes that have a body: intact collections, released pieces, internal clusters)
     * per level of {@code d}, index = level; the array is as long as the deepest level + 1.
     */
    public static int[] activePerLevel(DestructionRuntime d) {
        ClusterStore s = d.store();
        int[] perLevel = new int[0];
        for (int i = 0, n = d.activeCount(); i < n; i++) {
            int lv = s.level[d.active(i)];
            if (lv >= perLevel.length) {
                perLevel = Arrays.copyOf(perLevel, lv + 1);
            }
            perLevel[lv]++;
        }
        return perLevel;
    }
}
