package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.core.event.EventBuffer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The consumer-side throttle: period, latency, sort, spatial hash and even-stride thinning. */
final class EventThrottleTest {

    /** A view over n events: event i at x = xs[i], mass = masses[i], body handle i. */
    private static EventView events(double[] xs, double[] masses) {
        EventBuffer b = new EventBuffer();
        for (int i = 0; i < xs.length; i++) {
            int k = b.add();
            b.ids[EventBuffer.A][k] = i;
            b.d[EventBuffer.PX][k] = xs[i];
            b.d[EventBuffer.MASS_A][k] = masses[i];
        }
        EventView v = new EventView(null, EventKind.BREAK);
        v.set(b);
        return v;
    }

    private static EventView numbered(int n) {
        double[] xs = new double[n], ms = new double[n];
        for (int i = 0; i < n; i++) {
            xs[i] = 10 * i;
            ms[i] = 1;
        }
        return events(xs, ms);
    }

    private static List<Long> ids(EventView v) {
        List<Long> out = new ArrayList<>();
        for (int i = 0; i < v.count(); i++) {
            out.add(v.handleA(i));
        }
        return out;
    }

    @Test
    void thinningKeepsEveryCeilNOverMaxTh() {
        for (int[] c : new int[][] {{23, 5}, {10, 4}, {100, 50}, {101, 50}, {7, 7}, {7, 10}, {50, 1}}) {
            int n = c[0], max = c[1];
            EventThrottle t = EventThrottle.every(0).maxPerBatch(max);
            t.add(numbered(n), 0);
            int stride = (n + max - 1) / max;
            List<Long> expected = new ArrayList<>();
            for (long i = 0; i < n; i += stride) {
                expected.add(i);
            }
            List<Long> got = ids(t.take(0));
            assertThat(got).as(n + " events, at most " + max).containsExactlyElementsOf(expected);
            assertThat(got.size()).isLessThanOrEqualTo(max);
        }
    }

    /**
     * The spatial hash counts per cube, whatever the cubes' coordinates: events in different cells are never counted
     * together. Before, the cell's three indices were folded into one long and distinct cells shared it (half of the
     * cells within 40 of the origin): z = 1 and z = -1 alike ({@code z * 83492791 ^ z} is the same for both), so of
     * two events 1 m apart on either side of the plane z = 0 (cells of 0.5 m, at most one per cell) one was dropped.
     * Expected by brute force: each event's cell (floor(p / size) per axis), the first maxPerCell of each in order.
     */
    @Test
    void theSpatialHashNeverCountsTwoCellsAsOne() {
        double[][] pts = {{0, 0, 0.6}, {0, 0, -0.4}, {-20, -20, 0.7}, {-20, -20, -0.3}, {3, -7, 1.2}, {3, -7, -0.9},
            {0.2, 0, 0.65}};
        EventThrottle t = EventThrottle.every(0).spatialHash(0.5, 1);
        t.add(at(pts), 0);
        List<Long> expected = firstPerCell(pts, 0.5, 1);
        assertThat(expected).as("only the last event shares a cell (with the first)").containsExactly(0L, 1L, 2L, 3L, 4L, 5L);
        assertThat(ids(t.take(0))).containsExactlyElementsOf(expected);
        // 3 000 events on a grid of 21^3 cells around the origin, at most two per cell
        java.util.Random r = new java.util.Random(5);
        double[][] many = new double[3000][3];
        for (double[] p : many) {
            for (int a = 0; a < 3; a++) {
                p[a] = (r.nextInt(21) - 10) * 0.5 + 0.25;
            }
        }
        EventThrottle two = EventThrottle.every(0).spatialHash(0.5, 2);
        two.add(at(many), 0);
        assertThat(ids(two.take(0))).containsExactlyElementsOf(firstPerCell(many, 0.5, 2));
    }

    /** A view over events at the given points, event i with body handle i. */
    private static EventView at(double[][] pts) {
        EventBuffer b = new EventBuffer();
        for (int i = 0; i < pts.length; i++) {
            int k = b.add();
            b.ids[EventBuffer.A][k] = i;
            b.d[EventBuffer.PX][k] = pts[i][0];
            b.d[EventBuffer.PY][k] = pts[i][1];
            b.d[EventBuffer.PZ][k] = pts[i][2];
        }
        EventView v = new EventView(null, EventKind.BREAK);
        v.set(b);
        return v;
    }

    /** Brute force: the first {@code max} events of each cell of edge {@code size}, in arrival order. */
    private static List<Long> firstPerCell(double[][] pts, double size, int max) {
        List<Long> out = new ArrayList<>();
        List<List<Double>> cells = new ArrayList<>();
        List<Integer> counts = new ArrayList<>();
        for (int i = 0; i < pts.length; i++) {
            List<Double> cell = List.of(Math.floor(pts[i][0] / size), Math.floor(pts[i][1] / size), Math.floor(pts[i][2] / size));
            int c = cells.indexOf(cell);
            if (c < 0) {
                cells.add(cell);
                counts.add(0);
                c = cells.size() - 1;
            }
            counts.set(c, counts.get(c) + 1);
            if (counts.get(c) <= max) {
                out.add((long) i);
            }
        }
        return out;
    }

    /** A view of {@code kind} over events with handles {@code ids} and body masses {@code a}, {@code b}. */
    private static EventView kindEvents(EventKind kind, long[] ids, double[] a, double[] b) {
        EventBuffer buf = new EventBuffer();
        for (int i = 0; i < ids.length; i++) {
            int k = buf.add();
            buf.ids[EventBuffer.A][k] = ids[i];
            buf.d[EventBuffer.PX][k] = 10 * i;
            buf.d[EventBuffer.MASS_A][k] = a[i];
            buf.d[EventBuffer.MASS_B][k] = b[i];
        }
        EventView v = new EventView(null, kind);
        v.set(buf);
        return v;
    }

    /**
     * The throttle's MASS order is the engine's (docs/events.md: heaviest first; contacts by the heavier body
     * that can move, so a contact between two static or kinematic bodies ranks last; other kinds by their body,
     * so a kinematic body's MOVED event, of infinite mass, ranks first). Before 2026-12-06 the throttle ranked
     * every event as a contact: the kinematic body's MOVED event last (its second mass, 0, stood for it) and
     * the contact of two infinite masses first.
     */
    @Test
    void theMassOrderIsTheEnginesForEveryKind() {
        double inf = Double.POSITIVE_INFINITY;
        EventThrottle t = EventThrottle.every(0).sort(EventSort.MASS);
        t.add(kindEvents(EventKind.MOVED, new long[] {0, 1, 2}, new double[] {2, inf, 5}, new double[] {0, 0, 0}), 0);
        t.add(kindEvents(EventKind.HIT, new long[] {10, 11, 12, 13}, new double[] {inf, inf, 4, 1},
                new double[] {inf, 3, inf, 2}), 0);
        // keys: 2, inf, 5 | 0, 3, 4, 2 -> inf (1), 5 (2), 4 (12), 3 (11), 2 (0, then 13: arrival order), 0 (10)
        assertThat(ids(t.take(0))).containsExactly(1L, 2L, 12L, 11L, 0L, 13L, 10L);
    }

    @Test
    void periodLatencySortAndSpatialHash() {
        EventThrottle t = EventThrottle.every(0.1).maxLatency(0.25);
        assertThat(t.due(0)).isTrue();
        t.add(numbered(3), 0.0);
        assertThat(ids(t.take(0.0))).containsExactly(0L, 1L, 2L);
        assertThat(t.due(0.05)).isFalse();
        assertThat(t.due(0.1)).isTrue();
        t.add(numbered(2), 0.0);  // 0.3 s old when taken: dropped
        t.add(numbered(1), 0.1);  // 0.2 s old: kept
        assertThat(ids(t.take(0.3))).containsExactly(0L);
        assertThat(t.pending()).isZero();

        // heaviest first, then at most one per 5 m cell: x = 0, 1, 2 share a cell; 6 and 7 another; 12 alone
        EventThrottle h = EventThrottle.every(0).sort(EventSort.MASS).spatialHash(5, 1);
        h.add(events(new double[] {0, 1, 2, 6, 7, 12}, new double[] {1, 3, 2, 5, 9, 4}), 0);
        assertThat(ids(h.take(0))).containsExactly(4L, 5L, 1L);
    }

    @Test
    void badSettingsNameTheField() {
        assertThatThrownBy(() -> EventThrottle.every(-1)).hasMessageContaining("period = -1.0");
        assertThatThrownBy(() -> EventThrottle.every(0).maxPerBatch(-2)).hasMessageContaining("maxPerBatch = -2");
        assertThatThrownBy(() -> EventThrottle.every(0).maxLatency(Double.NaN)).hasMessageContaining("maxLatency = NaN");
        assertThatThrownBy(() -> EventThrottle.every(0).spatialHash(0, 1)).hasMessageContaining("cellSize = 0.0");
    }
}
