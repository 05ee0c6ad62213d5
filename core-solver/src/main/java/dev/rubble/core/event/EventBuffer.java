package dev.rubble.core.event;

import java.util.Arrays;

/**
 * One kind's events of the last step, structure of arrays: one primitive array per field, reused
 * and grown by doubling (no allocation once it has held the largest step), valid until the next
 * step. Fields a kind does not carry stay 0 (ids -1); docs/events.md, "Fields", lists them.
 *
 * <pre>
 *  event i:  ids:     A, B (body handles; B = -1 when there is one body), SUB (sub-shape key of a
 *                     contact, -1 otherwise), MEMBER_A, MEMBER_B (contacts on a cluster union's body:
 *                     the welded member that side touched, -1 otherwise)
 *            ints:    COLLECTION, NODE (asset node, -1 for an internal cluster or none), CAUSE
 *                     (breaks: 0 break, 1 release, 2 new cluster), CHILD_START/CHILD_COUNT into
 *                     {@link #children} (crumbles: the released asset nodes)
 *            doubles: location PX..PZ, normal NX..NZ (contacts, A to B), orientation QX..QW,
 *                     SPEED, IMPULSE, MASS_A, MASS_B, VOLUME, LOAD, velocities of A and B, materials
 *                     (friction and restitution of A and B), bounds MIN_X..MAX_Z
 * </pre>
 */
public final class EventBuffer {
    public static final int A = 0, B = 1, SUB = 2, MEMBER_A = 3, MEMBER_B = 4, LONGS = 5;
    public static final int COLLECTION = 0, NODE = 1, CAUSE = 2, CHILD_START = 3, CHILD_COUNT = 4, INTS = 5;
    public static final int PX = 0, PY = 1, PZ = 2, NX = 3, NY = 4, NZ = 5, QX = 6, QY = 7, QZ = 8, QW = 9,
            SPEED = 10, IMPULSE = 11, MASS_A = 12, MASS_B = 13, VOLUME = 14, LOAD = 15,
            VAX = 16, VAY = 17, VAZ = 18, WAX = 19, WAY = 20, WAZ = 21,
            VBX = 22, VBY = 23, VBZ = 24, WBX = 25, WBY = 26, WBZ = 27,
            FRICTION_A = 28, RESTITUTION_A = 29, FRICTION_B = 30, RESTITUTION_B = 31,
            MIN_X = 32, MIN_Y = 33, MIN_Z = 34, MAX_X = 35, MAX_Y = 36, MAX_Z = 37, DOUBLES = 38;

    public final long[][] ids = new long[LONGS][];
    public final int[][] ints = new int[INTS][];
    public final double[][] d = new double[DOUBLES][];
    public int[] children = new int[16];
    int childCount;
    int count;
    int capacity;

    public EventBuffer() {
        allocate(16);
    }

    private void allocate(int cap) {
        for (int f = 0; f < LONGS; f++) {
            ids[f] = ids[f] == null ? new long[cap] : Arrays.copyOf(ids[f], cap);
        }
        for (int f = 0; f < INTS; f++) {
            ints[f] = ints[f] == null ? new int[cap] : Arrays.copyOf(ints[f], cap);
        }
        for (int f = 0; f < DOUBLES; f++) {
            d[f] = d[f] == null ? new double[cap] : Arrays.copyOf(d[f], cap);
        }
        capacity = cap;
    }

    /** Events this step. */
    public int count() {
        return count;
    }

    /** Forgets every event (keeps the arrays). */
    public void clear() {
        count = 0;
        childCount = 0;
    }

    /** Appends an event with every field cleared (ids -1, numbers 0) and returns its index. */
    public int add() {
        if (count == capacity) {
            allocate(2 * capacity);
        }
        int i = count++;
        ids[A][i] = ids[B][i] = ids[SUB][i] = ids[MEMBER_A][i] = ids[MEMBER_B][i] = -1;
        ints[COLLECTION][i] = ints[NODE][i] = -1;
        ints[CAUSE][i] = 0;
        ints[CHILD_START][i] = childCount;
        ints[CHILD_COUNT][i] = 0;
        for (int f = 0; f < DOUBLES; f++) {
            d[f][i] = 0;
        }
        return i;
    }

    /** Drops the last event (one a filter rejected after it was filled). */
    public void dropLast() {
        count--;
        childCount = ints[CHILD_START][count];
    }

    /** Appends {@code node} to the child list of the last event. */
    public void addChild(int node) {
        if (childCount == children.length) {
            children = Arrays.copyOf(children, 2 * childCount);
        }
        children[childCount++] = node;
        ints[CHILD_COUNT][count - 1]++;
    }

    /** Appends a copy of event {@code i} of {@code src} (with its children). */
    public void copyFrom(EventBuffer src, int i) {
        int j = add();
        for (int f = 0; f < LONGS; f++) {
            ids[f][j] = src.ids[f][i];
        }
        for (int f = 0; f < INTS; f++) {
            ints[f][j] = src.ints[f][i];
        }
        for (int f = 0; f < DOUBLES; f++) {
            d[f][j] = src.d[f][i];
        }
        ints[CHILD_START][j] = childCount;
        ints[CHILD_COUNT][j] = 0;
        for (int k = 0, s = src.ints[CHILD_START][i], n = src.ints[CHILD_COUNT][i]; k < n; k++) {
            addChild(src.children[s + k]);
        }
    }
}
