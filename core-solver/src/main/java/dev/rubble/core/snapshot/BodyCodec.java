package dev.rubble.core.snapshot;

import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.MotionType;
import dev.rubble.spi.shape.Shape;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.List;

/**
 * The BODY section (docs/snapshot-format.md): the store's layout (capacity, slots used, live count,
 * the release counter, the free list in reuse order, partition starts, the order array), every
 * slot's generation, then each live slot's fields in slot order. Doubles are raw bits.
 */
final class BodyCodec {
    private BodyCodec() {
    }

    /** The per-body double columns, in file order (after the store's arrays are final). */
    private static double[][] doubles(BodyStore b) {
        return new double[][] {b.px, b.py, b.pz, b.qx, b.qy, b.qz, b.qw, b.vx, b.vy, b.vz, b.wx, b.wy, b.wz,
                b.invMass, b.invIx, b.invIy, b.invIz, b.mass, b.lcx, b.lcy, b.lcz, b.iqx, b.iqy, b.iqz, b.iqw,
                b.friction, b.restitution, b.gravityScale, b.linearDamping, b.angularDamping, b.sleepTime,
                b.tpx, b.tpy, b.tpz, b.tqx, b.tqy, b.tqz, b.tqw};
    }

    static void write(BodyStore b, RecordCodec.ShapeTable shapes, DataOutput out) throws IOException {
        int n = b.slotLimit();
        out.writeInt(b.capacity());
        out.writeInt(n);
        out.writeInt(b.size());
        out.writeInt(b.releases);
        int[] free = b.freeSlots();
        out.writeInt(free.length);
        for (int s : free) {
            out.writeInt(s);
        }
        for (int p : b.partitionStarts()) {
            out.writeInt(p);
        }
        for (int i = 0; i < b.size(); i++) {
            out.writeInt(b.order[i]);
        }
        for (int s = 0; s < n; s++) {
            out.writeInt(b.generation[s]);
        }
        double[][] cols = doubles(b);
        for (int s = 0; s < n; s++) {
            if (!b.isLive(s)) {
                continue;
            }
            out.writeByte(b.motion[s]);
            out.writeByte(b.state[s]);
            out.writeBoolean(b.hasTarget[s]);
            for (double[] c : cols) {
                out.writeDouble(c[s]);
            }
            for (int k = 0; k < 6; k++) {
                out.writeDouble(b.bounds[6 * s + k]);
            }
            out.writeInt(b.parent[s]);
            out.writeInt(b.collisionLayer[s]);
            out.writeInt(b.collisionMask[s]);
            out.writeInt(shapes.indexOf(b.shape[s]));
            RecordCodec.writeValue(out, b.label[s], shapes);
        }
    }

    static void read(BodyStore b, List<Shape> shapes, DataInput in) throws IOException {
        int capacity = in.readInt(), n = in.readInt(), live = in.readInt(), releases = in.readInt();
        int nf = in.readInt();
        if (nf < 0 || nf > n || n < 0 || live < 0 || live > n || capacity < n) {
            throw new IllegalArgumentException("body layout: capacity " + capacity + ", slots " + n + ", live " + live
                    + ", free " + nf + " is inconsistent");
        }
        if (capacity > b.maxBodies()) {
            throw new SnapshotException("the snapshot holds room for " + capacity + " body slots, more than maxBodies "
                    + b.maxBodies());
        }
        int[] free = new int[nf];
        for (int i = 0; i < nf; i++) {
            free[i] = slotIn(in.readInt(), n, "free slot");
        }
        int[] starts = new int[5];
        for (int i = 0; i < 5; i++) {
            starts[i] = in.readInt();
        }
        b.restoreLayout(capacity, n, live, free, starts);
        java.util.Arrays.fill(b.rank, 0, n, -1);
        for (int i = 0; i < live; i++) {
            int s = slotIn(in.readInt(), n, "order entry");
            if (b.rank[s] >= 0) {
                throw new IllegalArgumentException("slot " + s + " appears twice in the body order");
            }
            b.order[i] = s;
            b.rank[s] = i;
        }
        for (int s = 0; s < n; s++) {
            b.generation[s] = in.readInt();
        }
        b.releases = releases;
        double[][] cols = doubles(b);
        BodyState[] states = BodyState.values();
        for (int s = 0; s < n; s++) {
            if (b.rank[s] < 0) {
                b.shape[s] = null;
                b.label[s] = null;
                continue;
            }
            int motion = in.readByte(), state = in.readByte();
            if (motion < 0 || motion >= MotionType.values().length || state < 0 || state >= states.length) {
                throw new IllegalArgumentException("body slot " + s + " has motion " + motion + ", state " + state);
            }
            int r = b.rank[s];
            if (r < starts[state] || r >= starts[state + 1]) {
                throw new IllegalArgumentException("body slot " + s + " is " + states[state].label()
                        + " but sits in another partition of the order");
            }
            b.motion[s] = (byte) motion;
            b.state[s] = (byte) state;
            b.hasTarget[s] = in.readBoolean();
            for (double[] c : cols) {
                c[s] = in.readDouble();
            }
            for (int k = 0; k < 6; k++) {
                b.bounds[6 * s + k] = in.readDouble();
            }
            b.parent[s] = in.readInt();
            b.collisionLayer[s] = in.readInt();
            b.collisionMask[s] = in.readInt();
            int si = in.readInt();
            if (si < 0 || si >= shapes.size()) {
                throw new IllegalArgumentException("body slot " + s + " names shape " + si + " of " + shapes.size());
            }
            b.shape[s] = shapes.get(si);
            checkValues(b, s, states[state]);
            int tag = in.readByte();
            if (tag == 'N') {
                b.label[s] = null;
            } else if (tag == 'S') {
                b.label[s] = RecordCodec.readString(in);
            } else {
                throw new IllegalArgumentException("body slot " + s + ": label value tag " + tag);
            }
        }
        for (int s : free) {
            if (b.rank[s] >= 0) {
                throw new IllegalArgumentException("slot " + s + " is both free and live");
            }
        }
    }

    /**
     * Largest coordinate a restored body may have, m (what scenarios and commands allow): the range the step keeps
     * simulated bodies in (a body carried beyond it is disabled), so every world saves a snapshot that restores.
     */
    static final double POSITION = dev.rubble.core.dynamics.NonFiniteGuard.RANGE;

    /**
     * The values of body slot {@code s} just read (issue 28: a snapshot whose checksum was recomputed
     * after an edit loaded NaN): a body that is not disabled must have a finite pose within
     * ±{@value #POSITION} m, a non-zero orientation, finite velocities, inverse mass and inertia
     * finite and >= 0, and finite non-negative material values; a disabled body may keep the
     * non-finite values it was disabled for (NonFiniteGuard keeps them visible).
     */
    private static void checkValues(BodyStore b, int s, BodyState state) {
        if (state == BodyState.DISABLED) {
            return;
        }
        String body = "body slot " + s;
        coordinate(body + " position", b.px[s], b.py[s], b.pz[s], POSITION);
        double qn = b.qx[s] * b.qx[s] + b.qy[s] * b.qy[s] + b.qz[s] * b.qz[s] + b.qw[s] * b.qw[s];
        if (!(Math.abs(qn - 1) < 1e-3)) {
            throw new IllegalArgumentException(body + " orientation = (" + b.qx[s] + ", " + b.qy[s] + ", " + b.qz[s] + ", "
                    + b.qw[s] + "); allowed: a unit quaternion");
        }
        coordinate(body + " linear velocity", b.vx[s], b.vy[s], b.vz[s], Double.MAX_VALUE);
        coordinate(body + " angular velocity", b.wx[s], b.wy[s], b.wz[s], Double.MAX_VALUE);
        nonNegativeFinite(body + " inverse mass", b.invMass[s]);
        nonNegativeFinite(body + " inverse inertia x", b.invIx[s]);
        nonNegativeFinite(body + " inverse inertia y", b.invIy[s]);
        nonNegativeFinite(body + " inverse inertia z", b.invIz[s]);
        nonNegativeFinite(body + " friction", b.friction[s]);
        nonNegativeFinite(body + " restitution", b.restitution[s]);
        nonNegativeFinite(body + " linear damping", b.linearDamping[s]);
        nonNegativeFinite(body + " angular damping", b.angularDamping[s]);
        if (!Double.isFinite(b.gravityScale[s])) {
            throw new IllegalArgumentException(body + " gravity scale = " + b.gravityScale[s] + "; allowed: finite");
        }
        if (b.hasTarget[s]) {
            coordinate(body + " kinematic target", b.tpx[s], b.tpy[s], b.tpz[s], POSITION);
        }
        // the broadphase takes the saved bounds as they are: an inverted box (a mutated file) gave the grid a
        // negative cell count and the next step threw (FuzzTest, seed 20261207, snapshot #696)
        int o = 6 * s;
        for (int k = 0; k < 3; k++) {
            double lo = b.bounds[o + k], hi = b.bounds[o + 3 + k];
            if (!(Double.isFinite(lo) && Double.isFinite(hi) && lo <= hi)) {
                throw new IllegalArgumentException(body + " bounds " + "xyz".charAt(k) + " = [" + lo + ", " + hi
                        + "]; allowed: finite, min <= max");
            }
        }
    }

    private static void coordinate(String what, double x, double y, double z, double limit) {
        if (!(Math.abs(x) <= limit && Math.abs(y) <= limit && Math.abs(z) <= limit)) {
            throw new IllegalArgumentException(what + " = (" + x + ", " + y + ", " + z + "); allowed: finite"
                    + (limit < Double.MAX_VALUE ? ", within ±" + limit : ""));
        }
    }

    private static void nonNegativeFinite(String what, double v) {
        if (!(v >= 0 && v <= Double.MAX_VALUE)) {
            throw new IllegalArgumentException(what + " = " + v + "; allowed: finite, >= 0");
        }
    }

    private static int slotIn(int s, int n, String what) {
        if (s < 0 || s >= n) {
            throw new IllegalArgumentException(what + " " + s + " is outside 0.." + (n - 1));
        }
        return s;
    }
}
