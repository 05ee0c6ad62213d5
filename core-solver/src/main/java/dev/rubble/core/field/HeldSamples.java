package dev.rubble.core.field;

import java.util.Arrays;

/**
 * Pieces without a body of their own (held by a cluster) that a field samples: node, world
 * position (through the holder's pose), identity. Filled by {@link FieldPieces#held}; reused.
 */
public final class HeldSamples {
    public int[] node = new int[16];
    public double[] x = new double[16], y = new double[16], z = new double[16];
    public long[] id = new long[16];
    public int count;

    public void add(int g, double px, double py, double pz, long identity) {
        if (count == node.length) {
            int n = count * 2;
            node = Arrays.copyOf(node, n);
            x = Arrays.copyOf(x, n);
            y = Arrays.copyOf(y, n);
            z = Arrays.copyOf(z, n);
            id = Arrays.copyOf(id, n);
        }
        node[count] = g;
        x[count] = px;
        y[count] = py;
        z[count] = pz;
        id[count++] = identity;
    }
}
