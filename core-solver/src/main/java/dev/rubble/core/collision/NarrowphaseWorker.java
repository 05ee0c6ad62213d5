package dev.rubble.core.collision;

import dev.rubble.spi.narrowphase.ContactSink;
import dev.rubble.spi.narrowphase.LastManifolds;
import dev.rubble.spi.narrowphase.Narrowphase;
import dev.rubble.spi.narrowphase.Pose;
import java.util.Arrays;

/**
 * One worker's scratch for the parallel narrowphase (issue 26, docs/parallel.md): its own instance
 * of the narrowphase plugin (plugins keep scratch state), its own poses, and a record of what the
 * plugin told its sink, call by call, so the stage's serial pass can play each pair's calls back
 * through the same {@link ContactSink} code a one-thread run uses, in pair order.
 *
 * <pre>
 *  call c:  kind[c] = MANIFOLD: d[4c..4c+3) = normal (world), l[c] = sub-key
 *           kind[c] = POINT:    d[4c..4c+4) = witness on A (world), separation; l[c] = feature id
 * </pre>
 *
 * Arrays grow by doubling and are reused every step: allocation-free in steady state.
 */
final class NarrowphaseWorker implements ContactSink {
    static final byte MANIFOLD = 0, POINT = 1;

    final Narrowphase narrowphase;
    final Pose poseA = new Pose(), poseB = new Pose();
    /** The pair being tested's manifolds of last time, for the narrowphase's child warm starts. */
    final LastManifolds last = new LastManifolds();
    /** Rotation matrices of the pair being tested (row-major; A's at 0, B's at 9). */
    final double[] rot = new double[18];
    /** Scratch of the parallel write (one vector). */
    final double[] tmp = new double[3];
    /** {@code NarrowphaseStage.sortByKey}'s buffer on this worker's thread (grows to the longest run). */
    final NarrowphaseStage.SortScratch sortScratch = new NarrowphaseStage.SortScratch();

    int calls;
    byte[] kind = new byte[256];
    double[] d = new double[4 * 256];
    long[] l = new long[256];

    /** Points warm-started by this worker's blocks of the run (the parallel write). */
    int warmStarted;

    NarrowphaseWorker(Narrowphase narrowphase) {
        this.narrowphase = narrowphase;
    }

    private int next() {
        int c = calls;
        if (c == kind.length) {
            int n = 2 * c;
            kind = Arrays.copyOf(kind, n);
            d = Arrays.copyOf(d, 4 * n);
            l = Arrays.copyOf(l, n);
        }
        calls = c + 1;
        return c;
    }

    @Override
    public void beginManifold(double nx, double ny, double nz, long subKey) {
        int c = next();
        kind[c] = MANIFOLD;
        int o = 4 * c;
        d[o] = nx;
        d[o + 1] = ny;
        d[o + 2] = nz;
        l[c] = subKey;
    }

    @Override
    public void addPoint(double ax, double ay, double az, double separation, long featureId) {
        int c = next();
        kind[c] = POINT;
        int o = 4 * c;
        d[o] = ax;
        d[o + 1] = ay;
        d[o + 2] = az;
        d[o + 3] = separation;
        l[c] = featureId;
    }

    /**
     * What calls {@code [from, to)} of one pair put into the contact store and the body-pair cache
     * when no budget is hit, as the stage's sink takes them, into {@code out[o..o+4)}: manifolds kept
     * (those that got a point), manifolds begun (each is recorded in the cache, pointless or not),
     * points (at most {@link ContactStore#MAX_POINTS} a manifold, the same in store and cache), and
     * the manifolds kept before the pair's last {@code beginManifold} (-1 without one): that begin
     * finds the store full when the pair's first manifold offset plus this reaches the budget.
     */
    void summarize(int from, int to, int[] out, int o) {
        final byte[] k = kind;
        int kept = 0, begun = 0, points = 0, keptBeforeLast = -1, pc = -1;
        for (int c = from; c < to; c++) {
            if (k[c] == MANIFOLD) {
                if (pc > 0) {
                    kept++;
                }
                keptBeforeLast = kept;
                begun++;
                pc = 0;
            } else if (pc >= 0 && pc < ContactStore.MAX_POINTS) {
                pc++;
                points++;
            }
        }
        if (pc > 0) {
            kept++;
        }
        out[o] = kept;
        out[o + 1] = begun;
        out[o + 2] = points;
        out[o + 3] = keptBeforeLast;
    }

    /** Plays calls {@code [from, to)} back into {@code sink}, in the order they were made. */
    void play(int from, int to, ContactSink sink) {
        final byte[] k = kind;
        final double[] dd = d;
        final long[] ll = l;
        for (int c = from; c < to; c++) {
            int o = 4 * c;
            if (k[c] == MANIFOLD) {
                sink.beginManifold(dd[o], dd[o + 1], dd[o + 2], ll[c]);
            } else {
                sink.addPoint(dd[o], dd[o + 1], dd[o + 2], dd[o + 3], ll[c]);
            }
        }
    }
}
