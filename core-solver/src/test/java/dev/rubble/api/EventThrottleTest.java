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
