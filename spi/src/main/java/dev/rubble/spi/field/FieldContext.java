package dev.rubble.spi.field;

import java.util.Arrays;

/**
 * Where and when a field is evaluated (reference: chaos-fields-events-cache §1.1, {@code FFieldContext}):
 * the sample positions (metres, world frame), a stable identity per sample (for seeded random
 * nodes: a value depends on the seed and the sample's identity, never on which other samples
 * are evaluated or in which order), the field time, the target's current values (what
 * {@code return-results} reads and what conditional masks compare with), and pools of scratch
 * index lists and value buffers that nodes borrow for their inputs.
 *
 * <p>Owned and filled by the kernel; arrays are indexed by sample index {@code 0..size)}. Reused
 * every evaluation: steady-state evaluation allocates nothing once the pools have grown. Nodes
 * must give back what they borrow, in reverse order, before {@code evaluate} returns. Single
 * threaded.
 */
public final class FieldContext {
    /** Sample positions, metres, world frame; length ≥ {@link #size}. */
    public double[] x = new double[0], y = new double[0], z = new double[0];
    /** Stable identity of each sample (a body's or piece's key); seeds random nodes. */
    public long[] ids = new long[0];
    /** The target's current value per sample (integers: current state; scalars and vectors: 0 unless the target says otherwise). */
    public final FieldValues current = new FieldValues();
    /** Number of samples. */
    public int size;
    /** Field time: seconds since the command was created (0 in the step it is created). */
    public double time;

    private int[][] indexPool = new int[4][];
    private int indexTop;
    private FieldValues[] valuePool = new FieldValues[4];
    private int valueTop;

    /**
     * Grows the sample arrays to hold at least {@code n} samples (contents kept).
     * @param n the number of samples needed, ≥ 0
     */
    public void ensureCapacity(int n) {
        if (x.length < n) {
            int cap = Math.max(n, x.length * 2);
            x = Arrays.copyOf(x, cap);
            y = Arrays.copyOf(y, cap);
            z = Arrays.copyOf(z, cap);
            ids = Arrays.copyOf(ids, cap);
        }
        current.ensureCapacity(n);
    }

    /**
     * A scratch index list of length ≥ {@link #size}; give it back with {@link #releaseIndices}.
     * @return an index array of at least {@link #size} entries, contents undefined
     */
    public int[] borrowIndices() {
        if (indexTop == indexPool.length) {
            indexPool = Arrays.copyOf(indexPool, indexTop * 2);
        }
        int[] a = indexPool[indexTop];
        if (a == null || a.length < size) {
            a = new int[Math.max(size, a == null ? 16 : a.length * 2)];
            indexPool[indexTop] = a;
        }
        indexTop++;
        return a;
    }

    /**
     * Gives back the index list borrowed last.
     * @param a the array {@link #borrowIndices()} returned last
     */
    public void releaseIndices(int[] a) {
        if (indexTop == 0 || indexPool[indexTop - 1] != a) {
            throw new IllegalStateException("index list released out of order");
        }
        indexTop--;
    }

    /**
     * A scratch value buffer with room for {@link #size} samples; give it back with {@link #releaseValues}.
     * @return a value buffer of at least {@link #size} samples, contents undefined
     */
    public FieldValues borrowValues() {
        if (valueTop == valuePool.length) {
            valuePool = Arrays.copyOf(valuePool, valueTop * 2);
        }
        FieldValues v = valuePool[valueTop];
        if (v == null) {
            v = new FieldValues();
            valuePool[valueTop] = v;
        }
        v.ensureCapacity(size);
        valueTop++;
        return v;
    }

    /**
     * Gives back the value buffer borrowed last.
     * @param v the buffer {@link #borrowValues()} returned last
     */
    public void releaseValues(FieldValues v) {
        if (valueTop == 0 || valuePool[valueTop - 1] != v) {
            throw new IllegalStateException("value buffer released out of order");
        }
        valueTop--;
    }

    /**
     * Whether every borrowed list and buffer was given back (the kernel checks after each evaluation).
     * @return true when nothing is still borrowed
     */
    public boolean balanced() {
        return indexTop == 0 && valueTop == 0;
    }
}
