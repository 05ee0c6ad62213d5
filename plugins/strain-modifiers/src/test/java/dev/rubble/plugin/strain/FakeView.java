package dev.rubble.plugin.strain;

import dev.rubble.spi.strain.StrainView;

/** A hand-filled view. */
final class FakeView implements StrainView {
    final int n;
    final int[] collection, node, holder, level;
    final double[] coll, ext, thr;

    FakeView(int n) {
        this.n = n;
        collection = new int[n];
        node = new int[n];
        holder = new int[n];
        level = new int[n];
        coll = new double[n];
        ext = new double[n];
        thr = new double[n];
        for (int i = 0; i < n; i++) {
            node[i] = i + 1;
            level[i] = 1;
        }
    }

    @Override public int count() { return n; }
    @Override public int[] collection() { return collection; }
    @Override public int[] node() { return node; }
    @Override public int[] holder() { return holder; }
    @Override public int[] level() { return level; }
    @Override public double[] collisionLoad() { return coll; }
    @Override public double[] externalLoad() { return ext; }
    @Override public double[] threshold() { return thr; }
    @Override public double dt() { return 1.0 / 60; }
    @Override public long step() { return 0; }
}
