package dev.rubble.spi.broadphase;

import java.util.Arrays;

/**
 * Dense storage of broadphase proxies that several implementations share: ids, fixed flags and
 * boxes in structure-of-arrays form, indexed by a dense slot {@code 0 .. count}, with the id
 * checks the {@link Broadphase} contract asks for. Removal moves the last proxy into the hole, so
 * slots stay dense; an implementation that keeps its own per-slot arrays mirrors that move.
 *
 * <p>Boxes are packed {@code minX, minY, minZ, maxX, maxY, maxZ} per slot. Not thread-safe; no
 * allocation except when growing.
 */
public final class DenseProxies {
    /** Number of proxies; slots {@code 0 .. count - 1} are in use. */
    public int count;
    /** Id of each slot. */
    public int[] ids = new int[16];
    /** Fixed flag of each slot. */
    public boolean[] fixed = new boolean[16];
    /** Box of each slot, six doubles per slot. */
    public double[] boxes = new double[16 * 6];
    /** id -> slot + 1 (0 = absent). */
    private int[] slotOf = new int[16];

    /**
     * Slots available before the arrays grow; per-slot arrays of an implementation follow it.
     * @return the current capacity in slots, ≥ {@link #count}
     */
    public int capacity() {
        return ids.length;
    }

    /**
     * Adds a proxy and returns its slot ({@code count - 1}).
     *
     * @throws IllegalArgumentException if {@code id} is negative or already present
     * @param id the proxy id, ≥ 0
     * @param minX the box's minimum x, metres
     * @param minY the box's minimum y, metres
     * @param minZ the box's minimum z, metres
     * @param maxX the box's maximum x, metres
     * @param maxY the box's maximum y, metres
     * @param maxZ the box's maximum z, metres
     * @param isFixed whether the proxy is fixed (static or asleep)
     * @return the new proxy's slot
     */
    public int add(int id, double minX, double minY, double minZ, double maxX, double maxY, double maxZ,
                   boolean isFixed) {
        if (id < 0) {
            throw new IllegalArgumentException("proxy id " + id + " is negative; allowed: >= 0");
        }
        if (contains(id)) {
            throw new IllegalArgumentException("proxy id " + id + " is already present");
        }
        if (id >= slotOf.length) {
            slotOf = Arrays.copyOf(slotOf, Math.max(id + 1, slotOf.length * 2));
        }
        if (count == ids.length) {
            int n = count * 2;
            ids = Arrays.copyOf(ids, n);
            fixed = Arrays.copyOf(fixed, n);
            boxes = Arrays.copyOf(boxes, n * 6);
        }
        int s = count++;
        ids[s] = id;
        fixed[s] = isFixed;
        slotOf[id] = s + 1;
        write(s, minX, minY, minZ, maxX, maxY, maxZ);
        return s;
    }

    /**
     * Writes the box of slot {@code s}.
     * @param s the slot, 0 ≤ s &lt; {@link #count}
     * @param minX the box's minimum x, metres
     * @param minY the box's minimum y, metres
     * @param minZ the box's minimum z, metres
     * @param maxX the box's maximum x, metres
     * @param maxY the box's maximum y, metres
     * @param maxZ the box's maximum z, metres
     */
    public void write(int s, double minX, double minY, double minZ, double maxX, double maxY, double maxZ) {
        int o = s * 6;
        boxes[o] = minX;
        boxes[o + 1] = minY;
        boxes[o + 2] = minZ;
        boxes[o + 3] = maxX;
        boxes[o + 4] = maxY;
        boxes[o + 5] = maxZ;
    }

    /**
     * The slot of {@code id}.
     *
     * @throws IllegalArgumentException if absent
     * @param id a proxy id present here
     * @return its slot, 0 ≤ slot &lt; {@link #count}
     */
    public int slot(int id) {
        if (id < 0 || id >= slotOf.length || slotOf[id] == 0) {
            throw new IllegalArgumentException("proxy id " + id + " is not present");
        }
        return slotOf[id] - 1;
    }

    /**
     * Whether {@code id} is present.
     * @param id any proxy id
     * @return true when present
     */
    public boolean contains(int id) {
        return id >= 0 && id < slotOf.length && slotOf[id] != 0;
    }

    /**
     * Removes {@code id} and returns the slot it had. If that was not the last slot, the last
     * proxy (old slot {@link #count} after the call) now lives in the returned slot.
     *
     * @throws IllegalArgumentException if absent
     * @param id a proxy id present here
     * @return the slot it occupied, now holding the former last proxy (or empty when it was the last)
     */
    public int remove(int id) {
        int s = slot(id);
        int last = --count;
        if (s != last) {
            ids[s] = ids[last];
            fixed[s] = fixed[last];
            System.arraycopy(boxes, last * 6, boxes, s * 6, 6);
            slotOf[ids[s]] = s + 1;
        }
        slotOf[id] = 0;
        return s;
    }

    /**
     * Whether the boxes of slots {@code i} and {@code j} overlap (closed intervals).
     * @param i one slot
     * @param j the other slot
     * @return true when the closed boxes share at least a point
     */
    public boolean overlaps(int i, int j) {
        final double[] b = boxes;
        int oi = i * 6, oj = j * 6;
        return b[oi] <= b[oj + 3] && b[oj] <= b[oi + 3]
                && b[oi + 1] <= b[oj + 4] && b[oj + 1] <= b[oi + 4]
                && b[oi + 2] <= b[oj + 5] && b[oj + 2] <= b[oi + 5];
    }

    /**
     * Whether the box of slot {@code i} overlaps the given box (closed intervals).
     * @param i the slot
     * @param minX the other box's minimum x, metres
     * @param minY the other box's minimum y, metres
     * @param minZ the other box's minimum z, metres
     * @param maxX the other box's maximum x, metres
     * @param maxY the other box's maximum y, metres
     * @param maxZ the other box's maximum z, metres
     * @return true when the closed boxes share at least a point
     */
    public boolean overlaps(int i, double minX, double minY, double minZ, double maxX, double maxY, double maxZ) {
        final double[] b = boxes;
        int o = i * 6;
        return b[o] <= maxX && minX <= b[o + 3] && b[o + 1] <= maxY && minY <= b[o + 4]
                && b[o + 2] <= maxZ && minZ <= b[o + 5];
    }
}
