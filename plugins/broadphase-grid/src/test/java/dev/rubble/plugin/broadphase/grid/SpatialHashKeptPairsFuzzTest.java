package dev.rubble.plugin.broadphase.grid;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.plugin.broadphase.contract.PairRecorder;
import dev.rubble.spi.broadphase.Broadphase;
import dev.rubble.spi.parallel.BlockRunner;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * An outsider's fuzz of the kept pairs (fuzz11): seeded random mixes of jiggles inside the enlarged boxes, escapes,
 * teleports by less and more than the margin, boxes growing and shrinking, proxies added and removed between calls,
 * fixed flags flipped, queries in between, tiny (1e-4 m) and huge (1e3 m) boxes together, boxes a million metres out,
 * and many boxes in one cell. Every call's pairs must be the brute-force overlaps (each once), every query's ids the
 * brute-force ones, on one thread and on a runner of one-item blocks, in the same order on both.
 */
final class SpatialHashKeptPairsFuzzTest {
    /** A runner that splits into blocks of one item, run in order on the calling thread (every boundary exercised). */
    private record Tiny(int threads) implements BlockRunner {
        @Override
        public int grain(int suggested) {
            return 1;
        }

        @Override
        public void run(int n, int block, Range task) {
            for (int lo = 0; lo < n; lo += block) {
                task.run(lo, Math.min(n, lo + block));
            }
        }
    }

    private static final int MAX = 160;

    @Test
    void keptPairsAreTheBruteForceOverlapsThroughRandomEdits() {
        for (long seed = 1; seed <= 32; seed++) {
            run(seed, (int) (seed % 4));
        }
    }

    private static void run(long seed, int flavour) {
        SplittableRandom r = new SplittableRandom(seed);
        SpatialHashBroadphase one = new SpatialHashBroadphase(64);
        SpatialHashBroadphase split = new SpatialHashBroadphase(64);
        split.setBlockRunner(new Tiny(3));
        double[][] box = new double[MAX][];
        boolean[] fixed = new boolean[MAX];
        double origin = flavour == 3 ? 1e6 : 0;
        for (int step = 0; step < 300; step++) {
            int ops = 1 + r.nextInt(MAX);
            for (int op = 0; op < ops; op++) {
                int id = r.nextInt(MAX);
                int kind = r.nextInt(100);
                if (box[id] == null) {
                    if (kind < 30) {
                        box[id] = randomBox(r, flavour, origin);
                        fixed[id] = r.nextInt(5) == 0;
                        one.add(id, box[id][0], box[id][1], box[id][2], box[id][3], box[id][4], box[id][5], fixed[id]);
                        split.add(id, box[id][0], box[id][1], box[id][2], box[id][3], box[id][4], box[id][5], fixed[id]);
                    }
                    continue;
                }
                double[] b = box[id];
                double e = Math.max(b[3] - b[0], Math.max(b[4] - b[1], b[5] - b[2]));
                if (kind < 55) { // jiggle inside (mostly) the margin of 1/64 of the largest edge
                    double m = e / 64 * (kind < 50 ? 0.999 : 1.5);
                    double dx = r.nextDouble(-m, m), dy = r.nextDouble(-m, m), dz = r.nextDouble(-m, m);
                    box[id] = new double[] {b[0] + dx, b[1] + dy, b[2] + dz, b[3] + dx, b[4] + dy, b[5] + dz};
                } else if (kind < 65) { // teleport by a few margins or far
                    double d = e / 64 * (kind < 60 ? 2 : 200) * r.nextDouble(-1, 1);
                    box[id] = new double[] {b[0] + d, b[1], b[2] - d, b[3] + d, b[4], b[5] - d};
                } else if (kind < 72) { // grow or shrink about the centre
                    double f = kind < 68 ? r.nextDouble(0.3, 0.99) : r.nextDouble(1.0, 3);
                    double cx = (b[0] + b[3]) / 2, cy = (b[1] + b[4]) / 2, cz = (b[2] + b[5]) / 2;
                    double hx = (b[3] - b[0]) / 2 * f, hy = (b[4] - b[1]) / 2 * f, hz = (b[5] - b[2]) / 2 * f;
                    box[id] = new double[] {cx - hx, cy - hy, cz - hz, cx + hx, cy + hy, cz + hz};
                } else if (kind < 78) { // shrink one side only, staying inside
                    box[id] = new double[] {b[0] + e / 200, b[1], b[2], b[3], b[4], b[5]};
                } else if (kind < 84) {
                    fixed[id] = !fixed[id];
                    one.setFixed(id, fixed[id]);
                    split.setFixed(id, fixed[id]);
                    continue;
                } else if (kind < 90) {
                    box[id] = null;
                    one.remove(id);
                    split.remove(id);
                    continue;
                } else if (kind < 92) { // removed and added back in the same place (another slot)
                    one.remove(id);
                    split.remove(id);
                    one.add(id, b[0], b[1], b[2], b[3], b[4], b[5], fixed[id]);
                    split.add(id, b[0], b[1], b[2], b[3], b[4], b[5], fixed[id]);
                    continue;
                } else {
                    continue; // not updated this step
                }
                b = box[id];
                one.update(id, b[0], b[1], b[2], b[3], b[4], b[5]);
                split.update(id, b[0], b[1], b[2], b[3], b[4], b[5]);
            }
            if (r.nextInt(4) == 0) {
                double[] q = randomBox(r, flavour, origin);
                int[] expected = bruteQuery(box, q);
                assertThat(query(one, q)).as("seed %d step %d query", seed, step).containsExactly(expected);
                assertThat(query(split, q)).as("seed %d step %d query (split)", seed, step).containsExactly(expected);
            }
            int calls = 1 + r.nextInt(2); // sometimes twice without an update between
            for (int c = 0; c < calls; c++) {
                long[] expected = brute(box, fixed);
                PairRecorder a = PairRecorder.of(one), s = PairRecorder.of(split);
                assertThat(a.sorted()).as("seed %d step %d call %d", seed, step, c).containsExactly(expected);
                assertThat(s.raw()).as("seed %d step %d call %d, split vs one", seed, step, c)
                        .containsExactly(a.raw());
            }
        }
    }

    private static double[] randomBox(SplittableRandom r, int flavour, double origin) {
        double size;
        switch (flavour) {
            case 1 -> size = r.nextInt(10) == 0 ? 1e3 * r.nextDouble(0.5, 1) : 1e-4 * r.nextDouble(0.5, 2); // huge & tiny
            case 2 -> size = r.nextDouble(0.05, 0.2); // many in one cell
            default -> size = r.nextDouble(0.1, 2);
        }
        double span = flavour == 2 ? 0.5 : flavour == 1 ? 0.01 : 10;
        double x = origin + r.nextDouble(-span, span), y = r.nextDouble(-span, span), z = origin + r.nextDouble(-span, span);
        double sy = size * r.nextDouble(0.2, 1), sz = size * r.nextDouble(0.2, 1);
        return new double[] {x, y, z, x + size, y + sy, z + sz};
    }

    private static boolean overlap(double[] p, double[] q) {
        return p[0] <= q[3] && q[0] <= p[3] && p[1] <= q[4] && q[1] <= p[4] && p[2] <= q[5] && q[2] <= p[5];
    }

    private static long[] brute(double[][] box, boolean[] fixed) {
        List<Long> out = new ArrayList<>();
        for (int a = 0; a < MAX; a++) {
            for (int b = a + 1; b < MAX; b++) {
                if (box[a] != null && box[b] != null && !(fixed[a] && fixed[b]) && overlap(box[a], box[b])) {
                    out.add(PairRecorder.pack(a, b));
                }
            }
        }
        long[] s = out.stream().mapToLong(Long::longValue).toArray();
        Arrays.sort(s);
        return s;
    }

    private static int[] bruteQuery(double[][] box, double[] q) {
        List<Integer> out = new ArrayList<>();
        for (int a = 0; a < MAX; a++) {
            if (box[a] != null && overlap(box[a], q)) {
                out.add(a);
            }
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    private static int[] query(Broadphase bp, double[] q) {
        List<Integer> out = new ArrayList<>();
        bp.query(q[0], q[1], q[2], q[3], q[4], q[5], out::add);
        return out.stream().mapToInt(Integer::intValue).sorted().toArray();
    }
}
