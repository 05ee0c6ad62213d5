package dev.rubble.core.dynamics;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.IgnoredPairs;
import dev.rubble.spi.constraint.ConstraintType;
import java.util.Arrays;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * The world's constraints (issue 29; docs/constraints.md), structure of arrays in creation order
 * (which is the solve order: deterministic). Each constraint names a type (a {@link ConstraintType}
 * from the {@code constraint} plugin family), two bodies by handle (B may be the world,
 * {@link #WORLD}), a local frame on each (anchor relative to the body origin in the body's frame,
 * and an orientation), the type's parameters, break thresholds (N, N·m; +inf = unbreakable) and the
 * rows' accumulated impulses (warm starting; per sub-step, N·s).
 *
 * <p>Ids are handed out in order and never reused. Removing a constraint keeps the others' order.
 */
public final class ConstraintStore {
    /** Body B = the world (a fixed frame). */
    public static final long WORLD = Long.MIN_VALUE;
    /** Rows a constraint may write at most. */
    public static final int MAX_ROWS = 12;

    private final Map<String, ConstraintType> types;
    private int count;
    private int nextId = 1;
    public int[] id = new int[0];
    public String[] typeName = new String[0];
    public ConstraintType[] type = new ConstraintType[0];
    public long[] bodyA = new long[0], bodyB = new long[0];
    /** 7 per constraint per side: anchor x, y, z (body frame, from the origin), orientation qx, qy, qz, qw. */
    public double[] frameA = new double[0], frameB = new double[0];
    public double[][] params = new double[0][];
    public double[] breakForce = new double[0], breakTorque = new double[0];
    /** MAX_ROWS per constraint. */
    public double[] lambda = new double[0];
    /** The constraint force (N) and torque (N·m) magnitudes of the last step's last sub-step. */
    public double[] force = new double[0], torque = new double[0];
    /** Bumped by every add and remove (solvers re-map when it changes). */
    public int version;
    /**
     * Per constraint: its two bodies do not collide with each other while it exists ({@code collideConnected}
     * false; the default, false here, keeps their contacts).
     */
    public boolean[] noContact = new boolean[0];
    /** The body pairs of {@link #noContact} constraints (derived; rebuilt when {@link #version} moves). */
    private final IgnoredPairs noContactPairs = new IgnoredPairs();
    private int noContactVersion = -1;
    private long[] pairScratchA = new long[0], pairScratchB = new long[0];

    /** A store resolving type names in {@code types} (name to type; iteration order is irrelevant: looked up by name). */
    public ConstraintStore(Map<String, ConstraintType> types) {
        this.types = Collections.unmodifiableMap(new TreeMap<>(types));
    }

    /** The known type names, sorted. */
    public Iterable<String> typeNames() {
        return types.keySet();
    }

    /** The type called {@code name}, or fails naming the known ones. */
    public ConstraintType type(String name) {
        ConstraintType t = types.get(name);
        if (t == null) {
            throw new IllegalArgumentException("constraint type = \"" + name + "\"; allowed: " + String.join(", ",
                    types.keySet()));
        }
        return t;
    }

    public int size() {
        return count;
    }

    /** The index of constraint {@code cid}, or -1. */
    public int indexOf(int cid) {
        // ids grow with the index: binary search
        int lo = 0, hi = count - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (id[mid] < cid) {
                lo = mid + 1;
            } else if (id[mid] > cid) {
                hi = mid - 1;
            } else {
                return mid;
            }
        }
        return -1;
    }

    /** The next id {@link #add} will hand out. */
    public int nextId() {
        return nextId;
    }

    /** Hands out the next id (the API reserves ids when it queues a command, so a journal records them). */
    public int reserveId() {
        return nextId++;
    }

    /** An empty store with the same types (to try a constraint out before queueing it). */
    public ConstraintStore emptyLike() {
        return new ConstraintStore(types);
    }

    /** Restores the id counter (snapshots). */
    public void setNextId(int next) {
        this.nextId = next;
    }

    /**
     * Appends a constraint (already validated) with id {@code cid} (>= the next id); returns its index.
     */
    public int add(int cid, String name, long a, long b, double[] fa, double[] fb, double[] p, double maxForce,
            double maxTorque) {
        return add(cid, name, a, b, fa, fb, p, maxForce, maxTorque, true);
    }

    /**
     * Appends a constraint (already validated) with id {@code cid} (>= the next id); returns its index.
     * {@code collideConnected} false: bodies {@code a} and {@code b} do not collide with each other while it exists.
     */
    public int add(int cid, String name, long a, long b, double[] fa, double[] fb, double[] p, double maxForce,
            double maxTorque, boolean collideConnected) {
        if (count > 0 && cid <= id[count - 1]) {
            throw new IllegalArgumentException("constraint id " + cid + " is not above the last one, " + id[count - 1]);
        }
        ConstraintType t = type(name);
        if (count == id.length) {
            int cap = Math.max(8, 2 * count);
            id = Arrays.copyOf(id, cap);
            typeName = Arrays.copyOf(typeName, cap);
            type = Arrays.copyOf(type, cap);
            bodyA = Arrays.copyOf(bodyA, cap);
            bodyB = Arrays.copyOf(bodyB, cap);
            frameA = Arrays.copyOf(frameA, 7 * cap);
            frameB = Arrays.copyOf(frameB, 7 * cap);
            params = Arrays.copyOf(params, cap);
            breakForce = Arrays.copyOf(breakForce, cap);
            breakTorque = Arrays.copyOf(breakTorque, cap);
            lambda = Arrays.copyOf(lambda, MAX_ROWS * cap);
            force = Arrays.copyOf(force, cap);
            torque = Arrays.copyOf(torque, cap);
            noContact = Arrays.copyOf(noContact, cap);
        }
        int i = count++;
        id[i] = cid;
        nextId = Math.max(nextId, cid + 1);
        typeName[i] = name;
        type[i] = t;
        bodyA[i] = a;
        bodyB[i] = b;
        System.arraycopy(fa, 0, frameA, 7 * i, 7);
        System.arraycopy(fb, 0, frameB, 7 * i, 7);
        params[i] = p.clone();
        breakForce[i] = maxForce;
        breakTorque[i] = maxTorque;
        Arrays.fill(lambda, MAX_ROWS * i, MAX_ROWS * i + MAX_ROWS, 0);
        force[i] = torque[i] = 0;
        noContact[i] = !collideConnected;
        version++;
        return i;
    }

    /** Removes the constraint at index {@code i}, keeping the others' order. */
    public void removeAt(int i) {
        int tail = count - i - 1;
        System.arraycopy(id, i + 1, id, i, tail);
        System.arraycopy(typeName, i + 1, typeName, i, tail);
        System.arraycopy(type, i + 1, type, i, tail);
        System.arraycopy(bodyA, i + 1, bodyA, i, tail);
        System.arraycopy(bodyB, i + 1, bodyB, i, tail);
        System.arraycopy(frameA, 7 * (i + 1), frameA, 7 * i, 7 * tail);
        System.arraycopy(frameB, 7 * (i + 1), frameB, 7 * i, 7 * tail);
        System.arraycopy(params, i + 1, params, i, tail);
        System.arraycopy(breakForce, i + 1, breakForce, i, tail);
        System.arraycopy(breakTorque, i + 1, breakTorque, i, tail);
        System.arraycopy(lambda, MAX_ROWS * (i + 1), lambda, MAX_ROWS * i, MAX_ROWS * tail);
        System.arraycopy(force, i + 1, force, i, tail);
        System.arraycopy(torque, i + 1, torque, i, tail);
        System.arraycopy(noContact, i + 1, noContact, i, tail);
        count--;
        typeName[count] = null;
        type[count] = null;
        params[count] = null;
        version++;
    }

    /**
     * The body pairs (by handle) that do not collide because a constraint with {@code collideConnected} false
     * joins them (issue 29; docs/constraints.md "Contacts between joined bodies"): sorted, so the
     * narrowphase's look-up is a binary search and the constraints' order never reaches a result. Rebuilt
     * only when a constraint was added or removed since the last call; a pair whose body was removed
     * never matches a later body in its slot (handles carry the generation). World constraints name no pair.
     */
    public IgnoredPairs noContactPairs() {
        if (noContactVersion != version) {
            int n = 0;
            for (int i = 0; i < count; i++) {
                if (noContact[i] && bodyB[i] != WORLD && bodyA[i] != bodyB[i]) {
                    if (n == pairScratchA.length) {
                        pairScratchA = Arrays.copyOf(pairScratchA, Math.max(8, 2 * n));
                        pairScratchB = Arrays.copyOf(pairScratchB, Math.max(8, 2 * n));
                    }
                    pairScratchA[n] = bodyA[i];
                    pairScratchB[n++] = bodyB[i];
                }
            }
            noContactPairs.replaceAll(pairScratchA, pairScratchB, n); // a second constraint on a pair changes nothing
            noContactVersion = version;
        }
        return noContactPairs;
    }

    /** Whether constraint {@code i}'s bodies are both live (a removed body ends its constraints). */
    public boolean live(BodyStore b, int i) {
        return alive(b, bodyA[i]) && (bodyB[i] == WORLD || alive(b, bodyB[i]));
    }

    private static boolean alive(BodyStore b, long h) {
        int s = (int) h;
        return s >= 0 && s < b.slotLimit() && b.isLive(s) && b.generation[s] == (int) (h >>> 32);
    }
}
