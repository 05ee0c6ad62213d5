package dev.rubble.api;

import dev.rubble.core.event.EventBuffer;
import java.util.Arrays;
import java.util.Objects;

/**
 * A consumer-side throttle for effects systems (docs/events.md, "Throttling"; Chaos's Niagara
 * destruction data interface, reference: chaos-fields-events-cache §3.1): collect events every
 * step with {@link #add}, and when {@link #due} (at most every {@code period} seconds) {@link #take}
 * a batch: events older than {@code maxLatency} dropped, then sorted, then at most
 * {@code maxPerCell} per spatial hash cell, then at most {@code maxPerBatch} by even-stride
 * thinning (of n events, every ⌈n/N⌉-th: indices 0, k, 2k, ...). Deterministic, allocation-free
 * once grown; not thread-safe. The batch is valid until the next {@code take}.
 *
 * <pre>{@code
 * EventThrottle dust = EventThrottle.every(0.1).maxPerBatch(50).maxLatency(1).spatialHash(2.0, 1).sort(EventSort.MASS);
 * // after each step:
 * dust.add(world.events().of(EventKind.BREAK), world.time());
 * if (dust.due(world.time())) { EventView batch = dust.take(world.time()); ... }
 * }</pre>
 */
public final class EventThrottle {
    private final double period, maxLatency, cellSize;
    private final int maxPerBatch, maxPerCell;
    private final EventSort sort;
    private final EventBuffer pending = new EventBuffer(), work = new EventBuffer();
    private double[] stamp = new double[16];
    /** Per collected event: its kind's code (the sort keys depend on it, as the engine's do). */
    private int[] pendingKind = new int[16], workKind = new int[16];
    private final EventBuffer out = new EventBuffer();
    private final EventView view = new EventView(null, EventKind.BREAK);
    private double lastTake = Double.NEGATIVE_INFINITY;
    // sort scratch
    private int[] perm = new int[16], tmp = new int[16];
    private double[] keys = new double[16];
    // spatial hash: open addressing, cell (x, y, z) -> count (cleared per take); the cell's three coordinates are
    // the key, compared whole: a key folded into one long made distinct cells one (z = 1 and z = -1 folded alike,
    // so two events a cell apart on either side of a plane counted as one cell)
    private long[] cellX = new long[64], cellY = new long[64], cellZ = new long[64];
    private int[] cellCount = new int[64];
    private boolean[] cellUsed = new boolean[64];

    private EventThrottle(double period, int maxPerBatch, double maxLatency, double cellSize, int maxPerCell,
            EventSort sort) {
        if (!(period >= 0) || Double.isInfinite(period)) {
            throw new IllegalArgumentException("period = " + period + "; allowed: finite, >= 0 seconds");
        }
        if (maxPerBatch < 0) {
            throw new IllegalArgumentException("maxPerBatch = " + maxPerBatch + "; allowed: >= 0");
        }
        if (!(maxLatency >= 0)) {
            throw new IllegalArgumentException("maxLatency = " + maxLatency + "; allowed: >= 0 seconds (Infinity = off)");
        }
        if (!(cellSize > 0)) {
            throw new IllegalArgumentException("cellSize = " + cellSize + "; allowed: > 0 metres (Infinity = no spatial hash)");
        }
        if (maxPerCell < 1) {
            throw new IllegalArgumentException("maxPerCell = " + maxPerCell + "; allowed: >= 1");
        }
        this.period = period;
        this.maxPerBatch = maxPerBatch;
        this.maxLatency = maxLatency;
        this.cellSize = cellSize;
        this.maxPerCell = maxPerCell;
        this.sort = Objects.requireNonNull(sort, "sort is null");
    }

    /**
     * A throttle that hands out a batch at most every {@code seconds}; no other limit yet.
     * @param seconds the shortest time between batches, seconds, ≥ 0
     * @return a new throttle
     */
    public static EventThrottle every(double seconds) {
        return new EventThrottle(seconds, Integer.MAX_VALUE, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY,
                Integer.MAX_VALUE, EventSort.NONE);
    }

    /**
     * At most {@code n} events per batch, thinned at an even stride.
     * @param n the most events per batch, ≥ 0 (0: every batch is empty)
     * @return a new throttle with that setting (this one is unchanged)
     */
    public EventThrottle maxPerBatch(int n) {
        return new EventThrottle(period, n, maxLatency, cellSize, maxPerCell, sort);
    }

    /**
     * Events older than {@code seconds} when the batch is taken are dropped (Chaos: 1 s).
     * @param seconds the largest age, seconds, ≥ 0
     * @return a new throttle with that setting (this one is unchanged)
     */
    public EventThrottle maxLatency(double seconds) {
        return new EventThrottle(period, maxPerBatch, seconds, cellSize, maxPerCell, sort);
    }

    /**
     * At most {@code maxPerCell} events per cube of {@code cellSize} metres (by event point).
     * @param cellSize the cell's edge, metres, &gt; 0
     * @param maxPerCell the most events per cell, ≥ 1
     * @return a new throttle with that setting (this one is unchanged)
     */
    public EventThrottle spatialHash(double cellSize, int maxPerCell) {
        return new EventThrottle(period, maxPerBatch, maxLatency, cellSize, maxPerCell, sort);
    }

    /**
     * The order events are kept in before the cell and batch limits (ties keep arrival order).
     * @param s the order
     * @return a new throttle with that setting (this one is unchanged)
     */
    public EventThrottle sort(EventSort s) {
        return new EventThrottle(period, maxPerBatch, maxLatency, cellSize, maxPerCell, s);
    }

    /**
     * Collects every event of {@code events} stamped with {@code time} (seconds; the step's end).
     * @param events a step's events of one kind
     * @param time the step's end, seconds (finite)
     */
    public void add(EventView events, double time) {
        EventBuffer src = java.util.Objects.requireNonNull(events, "events is null").buffer();
        checkTime(time);
        for (int i = 0, n = src.count(); i < n; i++) {
            int k = pending.count();
            pending.copyFrom(src, i);
            if (k == stamp.length) {
                stamp = Arrays.copyOf(stamp, 2 * k);
                pendingKind = Arrays.copyOf(pendingKind, 2 * k);
            }
            stamp[k] = time;
            pendingKind[k] = events.kind().code;
        }
    }

    /** A NaN time would stick in {@code lastTake} and never be due again, or drop every event it stamps. */
    private static void checkTime(double time) {
        if (!Double.isFinite(time)) {
            throw new IllegalArgumentException("time = " + time + "; allowed: finite seconds");
        }
    }

    /**
     * Events collected and not yet taken.
     * @return the pending count, ≥ 0
     */
    public int pending() {
        return pending.count();
    }

    /**
     * Whether a batch may be taken at {@code time}: at least {@code period} since the last take.
     * @param time now, seconds (finite)
     * @return true when a batch may be taken
     */
    public boolean due(double time) {
        checkTime(time);
        return time - lastTake >= period;
    }

    /**
     * The batch at {@code time} (the collected events, limited as the class comment says); clears
     * the collected events. The view is valid until the next take.
     * @param time now, seconds (finite)
     * @return the batch
     */
    public EventView take(double time) {
        checkTime(time);
        lastTake = time;
        // 1. latency
        work.clear();
        if (workKind.length < pendingKind.length) {
            workKind = new int[pendingKind.length];
        }
        for (int i = 0, n = pending.count(); i < n; i++) {
            if (time - stamp[i] <= maxLatency) {
                workKind[work.count()] = pendingKind[i];
                work.copyFrom(pending, i);
            }
        }
        pending.clear();
        int n = work.count();
        // 2. sort (stable)
        ensure(n);
        for (int i = 0; i < n; i++) {
            perm[i] = i;
            keys[i] = key(work, i);
        }
        if (sort != EventSort.NONE) {
            mergeSort(0, n);
        }
        // 3. spatial hash: the first maxPerCell of each cell, in sorted order
        int m = 0;
        if (cellSize != Double.POSITIVE_INFINITY && maxPerCell != Integer.MAX_VALUE) {
            clearCells(n);
            for (int i = 0; i < n; i++) {
                int e = perm[i];
                if (bump(cellOf(work, EventBuffer.PX, e), cellOf(work, EventBuffer.PY, e), cellOf(work, EventBuffer.PZ, e))
                        <= maxPerCell) {
                    perm[m++] = e;
                }
            }
        } else {
            m = n;
        }
        // 4. even-stride thinning: every ceil(m / N)-th
        out.clear();
        if (maxPerBatch > 0 && m > 0) {
            int stride = m <= maxPerBatch ? 1 : (int) ((m + (long) maxPerBatch - 1) / maxPerBatch);
            for (int i = 0; i < m; i += stride) {
                out.copyFrom(work, perm[i]);
            }
        }
        view.set(out);
        return view;
    }

    private double key(EventBuffer b, int i) {
        double[][] d = b.d;
        return switch (sort) {
            // the engine's keys (EventSelect), per event kind: a throttle and an event filter's sort agree
            case MASS -> dev.rubble.core.event.EventSelect.massKey(workKind[i], b, i);
            case SPEED -> d[EventBuffer.SPEED][i];
            case IMPULSE -> dev.rubble.core.event.EventSelect.impulse(workKind[i], b, i);
            case NEAREST, NONE -> 0; // no point of its own: arrival order
        };
    }

    /** The cell index of event i's point along one axis (a saturating cast: points are finite). */
    private long cellOf(EventBuffer b, int axis, int i) {
        return (long) Math.floor(b.d[axis][i] / cellSize);
    }

    private void clearCells(int n) {
        int cap = cellX.length;
        while (cap < 2 * n) {
            cap *= 2;
        }
        if (cap != cellX.length) {
            cellX = new long[cap];
            cellY = new long[cap];
            cellZ = new long[cap];
            cellCount = new int[cap];
            cellUsed = new boolean[cap];
        } else {
            Arrays.fill(cellUsed, false);
        }
    }

    /** Counts one more event in cell (x, y, z); returns the new count. */
    private int bump(long x, long y, long z) {
        int mask = cellX.length - 1;
        long mix = x * 73856093L ^ y * 19349663L ^ z * 83492791L; // only where to start probing
        int h = (int) (mix ^ (mix >>> 32)) * 0x9E3779B9 & mask;
        while (cellUsed[h] && (cellX[h] != x || cellY[h] != y || cellZ[h] != z)) {
            h = (h + 1) & mask;
        }
        if (!cellUsed[h]) {
            cellUsed[h] = true;
            cellX[h] = x;
            cellY[h] = y;
            cellZ[h] = z;
            cellCount[h] = 0;
        }
        return ++cellCount[h];
    }

    private void ensure(int n) {
        if (perm.length < n) {
            int cap = Math.max(n, 2 * perm.length);
            perm = new int[cap];
            tmp = new int[cap];
            keys = new double[cap];
        }
    }

    private void mergeSort(int lo, int hi) {
        if (hi - lo < 2) {
            return;
        }
        int mid = (lo + hi) >>> 1;
        mergeSort(lo, mid);
        mergeSort(mid, hi);
        System.arraycopy(perm, lo, tmp, lo, hi - lo);
        int i = lo, j = mid, k = lo;
        while (i < mid && j < hi) {
            perm[k++] = keys[tmp[j]] > keys[tmp[i]] ? tmp[j++] : tmp[i++];
        }
        while (i < mid) {
            perm[k++] = tmp[i++];
        }
        while (j < hi) {
            perm[k++] = tmp[j++];
        }
    }
}
