package dev.rubble.core.destruction;

import dev.rubble.core.body.BodyStore;
import dev.rubble.geometry.delaunay.Delaunay3;
import dev.rubble.geometry.narrowphase.DispatchTable;
import dev.rubble.spi.narrowphase.ContactSink;
import dev.rubble.spi.narrowphase.Pose;
import dev.rubble.spi.shape.Shape;
import java.util.Arrays;

/**
 * The connection graph between the members of a cluster union (reference:
 * chaos-clusters-strain-runtime §4.1 "BoundsOverlapFilteredDelaunayTriangulation", §4.4): two
 * members are joined when
 * <ul>
 *   <li>they are Delaunay neighbours (over the members' centres of mass) and their world bounds,
 *       each grown by {@link #BOUNDS_MARGIN} (Chaos: Margin = 1 cm), overlap; or</li>
 *   <li>their shapes come within {@link #ADD_THICKNESS} (Chaos's {@code kAddThickness} = 5 cm of
 *       {@code AddParticleToConnectionGraph}), found by the narrowphase with that margin among the
 *       pairs whose bounds grown by it overlap.</li>
 * </ul>
 * Members are given as body slots whose pose arrays hold their world pose (disabled members are
 * written there by {@link Unions} first). Edges come back as sorted packed pairs {@code i << 32 | j}
 * of member indices, {@code i < j}: deterministic, no hashing.
 */
final class UnionEdges implements ContactSink {
    /** Bounds margin of the Delaunay filter, m (Chaos: 1 cm). */
    static final double BOUNDS_MARGIN = 0.01;
    /** Overlap thickness of the shape test, m (Chaos: kAddThickness = 5 cm). */
    static final double ADD_THICKNESS = 0.05;
    /** Seed of the Delaunay jitter. */
    static final long SEED = 0x29_0001L;

    private DispatchTable narrow;
    private final Pose pa = new Pose(), pb = new Pose();
    private int points;

    long[] compute(BodyStore b, int[] slots, int n) {
        if (n < 2) {
            return new long[0];
        }
        double[] box = new double[6 * n];
        double[] com = new double[3 * n];
        for (int i = 0; i < n; i++) {
            int s = slots[i];
            com[3 * i] = b.px[s];
            com[3 * i + 1] = b.py[s];
            com[3 * i + 2] = b.pz[s];
            b.shape[s].bounds(b.originX(s), b.originY(s), b.originZ(s), b.qx[s], b.qy[s], b.qz[s], b.qw[s], box, 6 * i);
        }
        long[] out = new long[16];
        int count = 0;
        for (long e : Delaunay3.edges(com, n, SEED)) {
            int i = (int) (e >>> 32), j = (int) e;
            if (overlap(box, i, j, BOUNDS_MARGIN)) {
                out = push(out, count++, key(i, j));
            }
        }
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                if (overlap(box, i, j, ADD_THICKNESS) && near(b, slots[i], slots[j])) {
                    out = push(out, count++, key(i, j));
                }
            }
        }
        long[] e = Arrays.copyOf(out, count);
        Arrays.sort(e);
        int k = 0;
        for (int i = 0; i < e.length; i++) {
            if (k == 0 || e[i] != e[k - 1]) {
                e[k++] = e[i];
            }
        }
        return Arrays.copyOf(e, k);
    }

    private static long key(int i, int j) {
        return ((long) Math.min(i, j) << 32) | Math.max(i, j);
    }

    private static long[] push(long[] a, int at, long v) {
        if (at == a.length) {
            a = Arrays.copyOf(a, 2 * a.length);
        }
        a[at] = v;
        return a;
    }

    /** Whether the bounds of i and j, each grown by {@code m}, overlap. */
    private static boolean overlap(double[] bo, int i, int j, double m) {
        int a = 6 * i, c = 6 * j;
        for (int k = 0; k < 3; k++) {
            if (bo[a + k] - m > bo[c + 3 + k] + m || bo[c + k] - m > bo[a + 3 + k] + m) {
                return false;
            }
        }
        return true;
    }

    /** Whether the shapes of bodies s and t come within {@link #ADD_THICKNESS}. */
    private boolean near(BodyStore b, int s, int t) {
        if (narrow == null) {
            narrow = DispatchTable.gjk();
        }
        Shape sa = b.shape[s], sb = b.shape[t];
        pa.set(b.originX(s), b.originY(s), b.originZ(s), b.qx[s], b.qy[s], b.qz[s], b.qw[s]);
        pb.set(b.originX(t), b.originY(t), b.originZ(t), b.qx[t], b.qy[t], b.qz[t], b.qw[t]);
        points = 0;
        narrow.collide(sa, pa, sb, pb, ADD_THICKNESS, this);
        return points > 0;
    }

    @Override
    public void beginManifold(double nx, double ny, double nz, long subKey) {
    }

    @Override
    public void addPoint(double ax, double ay, double az, double separation, long featureId) {
        if (separation <= ADD_THICKNESS) {
            points++;
        }
    }
}
