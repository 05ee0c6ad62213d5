package dev.rubble.core.destruction;

import dev.rubble.spi.strain.StrainView;

/**
 * The {@link StrainView} handed to strain modifiers: scratch arrays filled from the store for one
 * collection's entries and copied back afterwards (loads and thresholds only). Reused; grows only.
 */
final class StrainViewBuffer implements StrainView {
    private int count;
    private double dt;
    private long step;
    private int[] collection = new int[16], node = new int[16], holder = new int[16], level = new int[16];
    private double[] coll = new double[16], ext = new double[16], thr = new double[16];

    void load(DestructionContext d, int from, int to) {
        int n = to - from;
        if (collection.length < n) {
            int cap = Math.max(n, collection.length * 2);
            collection = new int[cap];
            node = new int[cap];
            holder = new int[cap];
            level = new int[cap];
            coll = new double[cap];
            ext = new double[cap];
            thr = new double[cap];
        }
        ClusterStore s = d.store;
        for (int i = 0; i < n; i++) {
            int g = d.groups.entries[from + i];
            collection[i] = s.collection[g];
            node[i] = s.node[g];
            holder[i] = s.parent[g];
            level[i] = s.level[g];
            coll[i] = s.collisionLoad[g];
            ext[i] = s.externalLoad[g];
            thr[i] = s.threshold[g];
        }
        count = n;
        dt = d.dt;
        step = d.step;
    }

    void store(DestructionContext d, int from, int to) {
        ClusterStore s = d.store;
        for (int i = 0; i < to - from; i++) {
            int g = d.groups.entries[from + i];
            s.collisionLoad[g] = coll[i] >= 0 ? coll[i] : 0;
            s.externalLoad[g] = ext[i] >= 0 ? ext[i] : 0;
            double t = thr[i] >= 0 ? thr[i] : 0; // NaN and negatives floor at 0
            if (Double.doubleToRawLongBits(t) != Double.doubleToRawLongBits(s.threshold[g])) {
                s.threshold[g] = t;
                d.thresholdChanged(g);
            }
        }
    }

    @Override
    public int count() {
        return count;
    }

    @Override
    public int[] collection() {
        return collection;
    }

    @Override
    public int[] node() {
        return node;
    }

    @Override
    public int[] holder() {
        return holder;
    }

    @Override
    public int[] level() {
        return level;
    }

    @Override
    public double[] collisionLoad() {
        return coll;
    }

    @Override
    public double[] externalLoad() {
        return ext;
    }

    @Override
    public double[] threshold() {
        return thr;
    }

    @Override
    public double dt() {
        return dt;
    }

    @Override
    public long step() {
        return step;
    }
}
