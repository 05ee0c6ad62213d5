package dev.rubble.plugin.broadphase.contract;

import dev.rubble.spi.broadphase.Broadphase;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * A seeded random scene of boxes that drives any number of broadphases through the same sequence of
 * operations: coherent motion, teleports (some far away), removals, additions (re-using freed ids),
 * fixed/moving flips, huge, tiny (zero-size) and ordinary boxes. In quantized mode every coordinate is
 * a multiple of 1/4, so boxes that exactly touch are common (closed intervals must pair).
 *
 * <p>The scene keeps its own copy of every box, so it is also an independent oracle:
 * {@link #expectedPairs()} and {@link #expectedQuery} by the obvious double loop.
 */
public final class RandomScene {
    private final SplittableRandom rnd;
    private final int target;
    private final boolean quantized;
    private final double extent;
    private final int idLimit;
    private final boolean[] present;
    private final boolean[] fixed;
    private final double[] box;
    private final double[] vel;
    private final int[] live;
    private final int[] livePos;
    private int liveCount;
    private long operations;

    /**
     * @param bodies    number of bodies the scene hovers around, >= 1
     * @param quantized coordinates on a 1/4 grid (many exact touches)
     * @param seed      random seed
     */
    public RandomScene(int bodies, boolean quantized, long seed) {
        if (bodies < 1) {
            throw new IllegalArgumentException("bodies = " + bodies + "; allowed: >= 1");
        }
        this.rnd = new SplittableRandom(seed);
        this.target = bodies;
        this.quantized = quantized;
        // about one or two overlaps per ordinary body
        this.extent = 0.5 * Math.cbrt(bodies) + 1;
        this.idLimit = 2 * bodies + 16;
        this.present = new boolean[idLimit];
        this.fixed = new boolean[idLimit];
        this.box = new double[idLimit * 6];
        this.vel = new double[idLimit * 3];
        this.live = new int[idLimit];
        this.livePos = new int[idLimit];
    }

    /** Number of bodies present. */
    public int size() {
        return liveCount;
    }

    /** Operations applied so far (each add/update/remove/setFixed counts one). */
    public long operations() {
        return operations;
    }

    /** Half the edge of the cube most bodies live in, metres. */
    public double extent() {
        return extent;
    }

    /** Adds the initial bodies to every target. */
    public void populate(Broadphase... targets) {
        while (liveCount < target) {
            addRandom(targets);
        }
    }

    /** One step of changes, applied identically to every target. */
    public void step(Broadphase... targets) {
        // coherent motion of the moving bodies (and, rarely, a fixed one is moved by the user)
        for (int i = 0; i < liveCount; i++) {
            int id = live[i];
            if (!fixed[id]) {
                move(id);
                update(id, targets);
            } else if (rnd.nextInt(500) == 0) {
                randomBox(id);
                update(id, targets);
            }
        }
        int teleports = count(0.01);
        for (int k = 0; k < teleports && liveCount > 0; k++) {
            int id = live[rnd.nextInt(liveCount)];
            randomBox(id);
            update(id, targets);
        }
        int flips = count(0.01);
        for (int k = 0; k < flips && liveCount > 0; k++) {
            int id = live[rnd.nextInt(liveCount)];
            fixed[id] = !fixed[id];
            for (Broadphase b : targets) {
                b.setFixed(id, fixed[id]);
            }
            operations++;
        }
        int removals = count(0.02);
        for (int k = 0; k < removals && liveCount > 1; k++) {
            int id = live[rnd.nextInt(liveCount)];
            removeId(id);
            for (Broadphase b : targets) {
                b.remove(id);
            }
            operations++;
        }
        int additions = count(0.02) + (liveCount < target ? (target - liveCount + 9) / 10 : 0);
        for (int k = 0; k < additions && liveCount < idLimit; k++) {
            addRandom(targets);
        }
    }

    /** Stochastic rounding of liveCount * rate, so small scenes also see every kind of change. */
    private int count(double rate) {
        return (int) (liveCount * rate + rnd.nextDouble());
    }

    private void addRandom(Broadphase... targets) {
        int id;
        do {
            id = rnd.nextInt(idLimit);
        } while (present[id]);
        present[id] = true;
        livePos[id] = liveCount;
        live[liveCount++] = id;
        fixed[id] = rnd.nextInt(4) == 0;
        randomBox(id);
        double s = quantized ? 0.25 : 0.05;
        for (int k = 0; k < 3; k++) {
            vel[id * 3 + k] = quantized ? s * (rnd.nextInt(3) - 1) : s * (2 * rnd.nextDouble() - 1);
        }
        int o = id * 6;
        for (Broadphase b : targets) {
            b.add(id, box[o], box[o + 1], box[o + 2], box[o + 3], box[o + 4], box[o + 5], fixed[id]);
        }
        operations++;
    }

    private void removeId(int id) {
        present[id] = false;
        int pos = livePos[id];
        int last = live[--liveCount];
        live[pos] = last;
        livePos[last] = pos;
    }

    private double coord(double range) {
        double c = (2 * rnd.nextDouble() - 1) * range;
        return quantized ? Math.rint(c * 4) / 4 : c;
    }

    private double half(double lo, double hi) {
        double h = lo + rnd.nextDouble() * (hi - lo);
        return quantized ? Math.rint(h * 4) / 4 : h;
    }

    /** A new box for id: mostly ordinary, some tiny, a few huge, a few far away. */
    private void randomBox(int id) {
        double r = rnd.nextDouble();
        double hugeChance = Math.min(0.02, 2.0 / target);
        double range = rnd.nextInt(50) == 0 ? (rnd.nextBoolean() ? 1e4 : 1e6) : extent;
        double cx = coord(range), cy = coord(range), cz = coord(range);
        double hx, hy, hz;
        if (r < hugeChance) {
            hx = half(extent / 4, 1.5 * extent);
            hy = half(extent / 4, 1.5 * extent);
            hz = half(extent / 4, 1.5 * extent);
        } else if (r < hugeChance + 0.05) {
            double t = quantized || rnd.nextBoolean() ? 0 : 1e-9;
            hx = t;
            hy = t;
            hz = t;
        } else {
            hx = half(0.05, 0.6);
            hy = half(0.05, 0.6);
            hz = half(0.05, 0.6);
        }
        int o = id * 6;
        box[o] = cx - hx;
        box[o + 1] = cy - hy;
        box[o + 2] = cz - hz;
        box[o + 3] = cx + hx;
        box[o + 4] = cy + hy;
        box[o + 5] = cz + hz;
    }

    private void move(int id) {
        int o = id * 6, v = id * 3;
        if (quantized && rnd.nextInt(3) != 0) {
            return; // quantized bodies rest often, so touching contacts persist across steps
        }
        for (int k = 0; k < 3; k++) {
            double c = 0.5 * (box[o + k] + box[o + k + 3]);
            if ((c > extent && vel[v + k] > 0) || (c < -extent && vel[v + k] < 0)) {
                vel[v + k] = -vel[v + k];
            }
            box[o + k] += vel[v + k];
            box[o + k + 3] += vel[v + k];
        }
    }

    private void update(int id, Broadphase... targets) {
        int o = id * 6;
        for (Broadphase b : targets) {
            b.update(id, box[o], box[o + 1], box[o + 2], box[o + 3], box[o + 4], box[o + 5]);
        }
        operations++;
    }

    /** A random query box around the scene: ordinary, point-sized, huge or on the quantized grid. */
    public double[] randomQueryBox() {
        double cx = coord(extent), cy = coord(extent), cz = coord(extent);
        double h = switch (rnd.nextInt(4)) {
            case 0 -> 0;
            case 1 -> half(0.1, 1);
            case 2 -> half(1, extent / 2);
            default -> 2 * extent;
        };
        return new double[] {cx - h, cy - h, cz - h, cx + h, cy + h, cz + h};
    }

    /** The overlapping pairs by brute force over the scene's own boxes, packed and sorted. */
    public long[] expectedPairs() {
        long[] out = new long[64];
        int n = 0;
        for (int i = 0; i < liveCount; i++) {
            int a = live[i];
            for (int j = i + 1; j < liveCount; j++) {
                int b = live[j];
                if (fixed[a] && fixed[b]) {
                    continue;
                }
                if (overlaps(a * 6, box, b * 6)) {
                    if (n == out.length) {
                        out = Arrays.copyOf(out, n * 2);
                    }
                    out[n++] = PairRecorder.pack(a, b);
                }
            }
        }
        long[] r = Arrays.copyOf(out, n);
        Arrays.sort(r);
        return r;
    }

    /** Ids whose box overlaps the query box, by brute force, sorted. */
    public int[] expectedQuery(double[] q) {
        int[] out = new int[liveCount];
        int n = 0;
        for (int i = 0; i < liveCount; i++) {
            int a = live[i];
            int o = a * 6;
            if (box[o] <= q[3] && q[0] <= box[o + 3] && box[o + 1] <= q[4] && q[1] <= box[o + 4]
                    && box[o + 2] <= q[5] && q[2] <= box[o + 5]) {
                out[n++] = a;
            }
        }
        int[] r = Arrays.copyOf(out, n);
        Arrays.sort(r);
        return r;
    }

    private static boolean overlaps(int o, double[] b, int p) {
        return b[o] <= b[p + 3] && b[p] <= b[o + 3] && b[o + 1] <= b[p + 4] && b[p + 1] <= b[o + 4]
                && b[o + 2] <= b[p + 5] && b[p + 2] <= b[o + 5];
    }
}
