package dev.rubble.cache.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.cache.playback.Playback;
import dev.rubble.cache.verify.Verifier;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.plugin.Stages;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 31, Deliver 4: the lossy track mode keeps every recorded step within its stated error,
 * plays back within it, is smaller than the exact journal and than Chaos's compressed curves at the
 * same error, and is refused by verify.
 */
final class LossyJournalTest {
    private static final Stages STAGES = Stages.load();
    private static final double PE = 1e-5, RE = 1e-5, VE = 1e-4;
    private static final int STEPS = 150;

    private static void record(Path dir) {
        String json = DestructionScenes.slabs(3);
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(json), STAGES);
        try (JournalWriter jw = JournalWriter.create(dir, sw, "slabs", json).keyframes(50, 64L << 20)) {
            sw.world().addObserver(jw);
            sw.run(STEPS);
        }
    }

    /** Angle (rad) between two unit quaternions (either sign). */
    static double angle(double ax, double ay, double az, double aw, double bx, double by, double bz, double bw) {
        double d = Math.abs(ax * bx + ay * by + az * bz + aw * bw);
        double cx = aw * bx - ax * bw - ay * bz + az * by; // vector part of conj(a) * b
        double cy = aw * by + ax * bz - ay * bw - az * bx;
        double cz = aw * bz - ax * by + ay * bx - az * bw;
        return 2 * Math.atan2(Math.sqrt(cx * cx + cy * cy + cz * cz), d);
    }

    @Test
    void everyRecordedStepIsWithinTheStatedErrorAndTheRestIsExact(@TempDir Path dir) {
        Path exact = dir.resolve("exact"), lossy = dir.resolve("lossy");
        record(exact);
        LossyJournal.Result res = LossyJournal.compress(exact, lossy, PE, RE, VE);
        assertThat(res.steps()).isEqualTo(STEPS);
        double worstP = 0, worstR = 0, worstV = 0;
        long moved = 0;
        try (JournalReader a = JournalReader.open(exact); JournalReader b = JournalReader.open(lossy)) {
            assertThat(a.lossyTracks()).isNull();
            assertThat(b.lossyTracks().positionError()).isEqualTo(PE);
            assertThat(b.exactBytes()).isEqualTo(res.exactBytes());
            StepRecord x = new StepRecord(), y = new StepRecord();
            while (a.next(x)) {
                assertThat(b.next(y)).isTrue();
                assertThat(y.step).isEqualTo(x.step);
                assertThat(y.stateHash).isEqualTo(x.stateHash);
                assertThat(y.commands).isEqualTo(x.commands);
                assertThat(y.eventCount).isEqualTo(x.eventCount);
                assertThat(y.changeCount).isEqualTo(x.changeCount);
                assertThat(y.movedCount).isEqualTo(x.movedCount);
                for (int i = 0; i < x.movedCount; i++) {
                    assertThat(y.movedSlot[i]).isEqualTo(x.movedSlot[i]);
                    assertThat(y.movedGen[i]).isEqualTo(x.movedGen[i]);
                    assertThat(y.movedState[i]).isEqualTo(x.movedState[i]);
                    int o = i * StepRecord.FIELDS;
                    double[] p = x.moved, q = y.moved;
                    worstP = Math.max(worstP, Math.sqrt(sq(p[o] - q[o]) + sq(p[o + 1] - q[o + 1]) + sq(p[o + 2] - q[o + 2])));
                    worstR = Math.max(worstR, angle(p[o + 3], p[o + 4], p[o + 5], p[o + 6], q[o + 3], q[o + 4], q[o + 5], q[o + 6]));
                    worstV = Math.max(worstV, Math.sqrt(sq(p[o + 7] - q[o + 7]) + sq(p[o + 8] - q[o + 8]) + sq(p[o + 9] - q[o + 9])));
                    worstV = Math.max(worstV, Math.sqrt(sq(p[o + 10] - q[o + 10]) + sq(p[o + 11] - q[o + 11]) + sq(p[o + 12] - q[o + 12])));
                    moved++;
                }
            }
            assertThat(b.next(y)).isFalse();
        }
        assertThat(moved).isGreaterThan(3000);
        assertThat(worstP).isLessThanOrEqualTo(PE).isGreaterThan(PE / 20); // within the bound, and really quantised
        assertThat(worstR).isLessThanOrEqualTo(RE).isGreaterThan(RE / 20);
        assertThat(worstV).isLessThanOrEqualTo(VE);
        assertThat(res.lossyBytes()).isLessThan(res.exactBytes());
        assertThat(res.factor()).isGreaterThan(2);
        // Chaos's compressed curves at the same error (resampled at 1/30 s, reduced to within 1e-5,
        // 8 bytes a key: a lower bound of its storage) are larger than the lossy tracks
        long chaos = ChaosCurveModel.bytes(exact, 1.0 / 30, PE);
        assertThat(res.lossyTrackBytes()).isLessThan(chaos);
        System.out.printf("lossy tracks: exact journal %d B, lossy %d B (x%.2f); tracks %d -> %d B; Chaos curve model %d B%n",
                res.exactBytes(), res.lossyBytes(), res.factor(), res.exactTrackBytes(), res.lossyTrackBytes(), chaos);
    }

    @Test
    void aLossyJournalPlaysBackWithinItsErrorAndVerifyRefusesIt(@TempDir Path dir) {
        Path exact = dir.resolve("exact"), lossy = dir.resolve("lossy");
        record(exact);
        LossyJournal.compress(exact, lossy, PE, RE, VE);
        double worstP = 0, worstR = 0;
        int compared = 0;
        try (Playback a = Playback.open(exact, STAGES); Playback b = Playback.open(lossy, STAGES)) {
            while (!a.finished()) {
                a.step();
                b.step();
                BodyStore x = a.world().bodies(), y = b.world().bodies();
                assertThat(y.slotLimit()).isEqualTo(x.slotLimit());
                for (int s = 0; s < x.slotLimit(); s++) {
                    assertThat(y.isLive(s)).isEqualTo(x.isLive(s));
                    if (x.isLive(s)) {
                        assertThat(y.generation[s]).isEqualTo(x.generation[s]);
                        worstP = Math.max(worstP, Math.sqrt(sq(x.px[s] - y.px[s]) + sq(x.py[s] - y.py[s]) + sq(x.pz[s] - y.pz[s])));
                        worstR = Math.max(worstR, angle(x.qx[s], x.qy[s], x.qz[s], x.qw[s], y.qx[s], y.qy[s], y.qz[s], y.qw[s]));
                        compared++;
                    }
                }
            }
            assertThat(b.finished()).isTrue();
            assertThat(b.breaksEntered()).isEqualTo(a.breaksEntered()).isPositive();
            // seeking a lossy journal (no keyframes: from the start) lands within the error too
            b.seek(100);
            a.seek(100);
            for (int s = 0; s < a.world().bodies().slotLimit(); s++) {
                if (a.world().bodies().isLive(s)) {
                    assertThat(Math.abs(a.world().bodies().py[s] - b.world().bodies().py[s])).isLessThanOrEqualTo(PE);
                }
            }
        }
        assertThat(compared).isGreaterThan(3000);
        assertThat(worstP).isLessThanOrEqualTo(PE);
        assertThat(worstR).isLessThanOrEqualTo(RE * (1 + 1e-9));
        assertThatThrownBy(() -> Verifier.verify(lossy, STAGES)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("is lossy (positions within 1.0E-5 m")
                .hasMessageContaining("verify the exact journal it was compressed from");
        assertThatThrownBy(() -> LossyJournal.compress(lossy, dir.resolve("again"), PE, RE, VE))
                .hasMessageContaining("is already lossy");
        assertThatThrownBy(() -> LossyJournal.compress(exact, dir.resolve("x"), 0, RE, VE))
                .hasMessage("position error = 0.0; allowed: 1e-9 to 1 m");
        assertThatThrownBy(() -> LossyJournal.compress(exact, lossy, PE, RE, VE)).hasMessageContaining("exists");
    }

    /** The numbers of docs/benchmarks.md for any journal: {@code -Drubble.lossy.journal=DIR} (skipped otherwise). */
    @Test
    @org.junit.jupiter.api.condition.EnabledIfSystemProperty(named = "rubble.lossy.journal", matches = ".+")
    void measuresAJournalWhenAsked() {
        Path j = Path.of(System.getProperty("rubble.lossy.journal"));
        LossyJournal.Result res = LossyJournal.estimate(j, PE, RE, VE);
        long chaos = ChaosCurveModel.bytes(j, 1.0 / 30, PE);
        System.out.printf("lossy %s: documents %d -> %d B (x%.2f); moved bodies %d -> %d B (x%.2f); Chaos curve model"
                + " %d B (lossy tracks x%.2f smaller)%n", j, res.exactBytes(), res.lossyBytes(), res.factor(),
                res.exactTrackBytes(), res.lossyTrackBytes(), (double) res.exactTrackBytes() / res.lossyTrackBytes(), chaos,
                (double) chaos / res.lossyTrackBytes());
    }

    private static double sq(double v) {
        return v * v;
    }

    /**
     * Chaos's compressed cache channels as a size model (reference: chaos-fields-events-cache §4,
     * {@code bCompressChannels}, error 1e-5, sample rate 1/30): every body's 7 transform channels
     * (position xyz, rotation xyzw) resampled at {@code period} over the steps it moved, then keys
     * kept greedily so linear interpolation between kept keys is within {@code tolerance} of every
     * sample, each key stored as a float time and a float value (8 bytes; Chaos's curves hold more:
     * this is a lower bound of its size).
     */
    static final class ChaosCurveModel {
        static long bytes(Path exact, double period, double tolerance) {
            Map<Long, List<double[]>> tracks = new TreeMap<>(); // handle -> [time, 7 values] per recorded step
            try (JournalReader r = JournalReader.open(exact)) {
                StepRecord x = new StepRecord();
                double dt = r.header().dt();
                while (r.next(x)) {
                    for (int i = 0; i < x.movedCount; i++) {
                        long h = (long) x.movedGen[i] << 32 | x.movedSlot[i];
                        double[] v = new double[8];
                        v[0] = (x.step + 1) * dt;
                        System.arraycopy(x.moved, i * StepRecord.FIELDS, v, 1, 7);
                        tracks.computeIfAbsent(h, k -> new ArrayList<>()).add(v);
                    }
                }
            }
            long keys = 0;
            for (List<double[]> t : tracks.values()) {
                double t0 = t.get(0)[0], t1 = t.get(t.size() - 1)[0];
                int n = (int) Math.floor((t1 - t0) / period + 1e-9) + 1;
                double[][] samples = new double[n][7];
                int j = 0;
                for (int k = 0; k < n; k++) {
                    double time = t0 + k * period;
                    while (j + 1 < t.size() && t.get(j + 1)[0] <= time + 1e-12) {
                        j++;
                    }
                    double[] a = t.get(j), b = j + 1 < t.size() ? t.get(j + 1) : a;
                    double f = b == a ? 0 : Math.max(0, Math.min(1, (time - a[0]) / (b[0] - a[0])));
                    for (int c = 0; c < 7; c++) {
                        samples[k][c] = a[1 + c] + (b[1 + c] - a[1 + c]) * f;
                    }
                }
                for (int c = 0; c < 7; c++) {
                    keys += reducedKeys(samples, c, tolerance);
                }
            }
            return 8 * keys;
        }

        private static int reducedKeys(double[][] s, int c, double tol) {
            int keys = 1, from = 0;
            while (from < s.length - 1) {
                int to = from + 1;
                while (to + 1 < s.length && fits(s, c, from, to + 1, tol)) {
                    to++;
                }
                keys++;
                from = to;
            }
            return keys;
        }

        private static boolean fits(double[][] s, int c, int from, int to, double tol) {
            for (int k = from + 1; k < to; k++) {
                double f = (double) (k - from) / (to - from);
                double line = s[from][c] + (s[to][c] - s[from][c]) * f;
                if (Math.abs(line - s[k][c]) > tol) {
                    return false;
                }
            }
            return true;
        }
    }
}
