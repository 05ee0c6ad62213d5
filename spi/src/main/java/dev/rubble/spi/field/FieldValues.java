package dev.rubble.spi.field;

import java.util.Arrays;

/**
 * Per-sample results of a field node, indexed by sample index (not by position in an index list):
 * a node evaluated at samples {@code idx[0..count)} writes {@code ints[idx[k]]} (or
 * {@code scalars[idx[k]]}, or {@code vx/vy/vz[idx[k]]}) and nothing else.
 *
 * <p>Owned by the kernel's {@link FieldContext} (borrowed from its pool and given back), reused
 * across steps: a node never keeps a reference past {@code evaluate}. Not thread-safe.
 */
public final class FieldValues {
    /** Integer results (e.g. an object state), one per sample index. */
    public int[] ints = new int[0];
    /** Scalar results, one per sample index (units depend on the node: metres, a fraction, N·s, ...). */
    public double[] scalars = new double[0];
    /** Vector results: x, y and z components, one per sample index. */
    public double[] vx = new double[0], vy = new double[0], vz = new double[0];

    /**
     * Grows every array to at least {@code n} samples (contents of a grown array are kept).
     * @param n the number of samples needed, ≥ 0
     */
    public void ensureCapacity(int n) {
        if (ints.length < n) {
            int cap = Math.max(n, ints.length * 2);
            ints = Arrays.copyOf(ints, cap);
            scalars = Arrays.copyOf(scalars, cap);
            vx = Arrays.copyOf(vx, cap);
            vy = Arrays.copyOf(vy, cap);
            vz = Arrays.copyOf(vz, cap);
        }
    }

    /**
     * Samples this buffer holds room for.
     * @return the smallest array length, in samples
     */
    public int capacity() {
        return ints.length;
    }

    /**
     * Copies sample {@code i}'s value of {@code type} from {@code from}.
     * @param type which array to copy from: ints for integer nodes, scalars for scalar nodes, vx/vy/vz for
     *     vector nodes
     * @param from the buffer to read
     * @param i the sample index, written at the same index here
     */
    public void copy(FieldType type, FieldValues from, int i) {
        switch (type) {
            case INTEGER -> ints[i] = from.ints[i];
            case SCALAR -> scalars[i] = from.scalars[i];
            case VECTOR -> {
                vx[i] = from.vx[i];
                vy[i] = from.vy[i];
                vz[i] = from.vz[i];
            }
        }
    }
}
