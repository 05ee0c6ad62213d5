package dev.rubble.core.snapshot;

import dev.rubble.core.command.Command;
import dev.rubble.core.dynamics.ConstraintStore;
import dev.rubble.core.step.StepContext;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;

/**
 * Section JNTS (format 6, issue 29; docs/snapshot-format.md): the constraints in store order with
 * their accumulated impulses, so a restored world continues bit for bit; and the encoding of a
 * queued constraint command in CMDS (marker {@code 'K'}: its arrays are not plain record values).
 *
 * <pre>
 *  JNTS:  nextId int32, count int32, then per constraint: id int32, type utf, bodyA int64, bodyB int64,
 *         frameA 7 x f64, frameB 7 x f64, params: n int32 + n x f64, breakForce f64, breakTorque f64,
 *         impulses 12 x f64, force f64, torque f64;
 *         then, only when some constraint's bodies do not collide (collideConnected false):
 *         count int32 (&gt; 0) + count x id int32, ascending
 * </pre>
 */
final class ConstraintSnapshot {
    private ConstraintSnapshot() {
    }

    static void write(StepContext ctx, DataOutput o) throws IOException {
        ConstraintStore st = ctx.constraints;
        o.writeInt(st.nextId());
        o.writeInt(st.size());
        for (int i = 0; i < st.size(); i++) {
            o.writeInt(st.id[i]);
            o.writeUTF(st.typeName[i]);
            o.writeLong(st.bodyA[i]);
            o.writeLong(st.bodyB[i]);
            for (int k = 0; k < 7; k++) {
                o.writeDouble(st.frameA[7 * i + k]);
            }
            for (int k = 0; k < 7; k++) {
                o.writeDouble(st.frameB[7 * i + k]);
            }
            double[] p = st.params[i];
            o.writeInt(p.length);
            for (double v : p) {
                o.writeDouble(v);
            }
            o.writeDouble(st.breakForce[i]);
            o.writeDouble(st.breakTorque[i]);
            for (int k = 0; k < ConstraintStore.MAX_ROWS; k++) {
                o.writeDouble(st.lambda[ConstraintStore.MAX_ROWS * i + k]);
            }
            o.writeDouble(st.force[i]);
            o.writeDouble(st.torque[i]);
        }
        // the constraints whose bodies do not collide (collideConnected false), written only when there are
        // any: a world without them saves the same bytes as before the option existed
        int off = 0;
        for (int i = 0; i < st.size(); i++) {
            off += st.noContact[i] ? 1 : 0;
        }
        if (off > 0) {
            o.writeInt(off);
            for (int i = 0; i < st.size(); i++) {
                if (st.noContact[i]) {
                    o.writeInt(st.id[i]);
                }
            }
        }
    }

    /**
     * Fills the fresh world's store.
     *
     * @throws IllegalArgumentException on an unknown type, a bad count or id order
     */
    static void read(StepContext ctx, java.io.DataInputStream in) throws IOException {
        ConstraintStore st = ctx.constraints;
        int next = in.readInt();
        int n = in.readInt();
        if (n < 0 || n > (1 << 24)) {
            throw new IllegalArgumentException("section JNTS: constraint count " + n + " is out of range");
        }
        for (int c = 0; c < n; c++) {
            int id = in.readInt();
            String type = in.readUTF();
            long a = in.readLong(), b = in.readLong();
            double[] fa = new double[7], fb = new double[7];
            for (int k = 0; k < 7; k++) {
                fa[k] = in.readDouble();
            }
            for (int k = 0; k < 7; k++) {
                fb[k] = in.readDouble();
            }
            int np = in.readInt();
            if (np != st.type(type).parameters().size()) {
                throw new IllegalArgumentException("section JNTS: constraint " + id + " has " + np + " parameters; its type '"
                        + type + "' has " + st.type(type).parameters().size());
            }
            double[] p = new double[np];
            for (int k = 0; k < np; k++) {
                p[k] = in.readDouble();
            }
            double bf = in.readDouble(), bt = in.readDouble();
            if (id <= 0) {
                throw new IllegalArgumentException("section JNTS: constraint id " + id + "; allowed: > 0");
            }
            String what = "section JNTS: constraint " + id + " (" + type + ")";
            checkValues(ctx, what, st.type(type), a, b, fa, fb, p, bf, bt);
            int i = st.add(id, type, a, b, fa, fb, p, bf, bt);
            for (int k = 0; k < ConstraintStore.MAX_ROWS; k++) {
                double l = in.readDouble();
                if (!Double.isFinite(l)) {
                    throw new IllegalArgumentException(what + " row " + k + " impulse = " + l + "; allowed: finite");
                }
                st.lambda[ConstraintStore.MAX_ROWS * i + k] = l;
            }
            st.force[i] = in.readDouble();
            st.torque[i] = in.readDouble();
            if (!(st.force[i] >= 0) || !(st.torque[i] >= 0) || st.force[i] == Double.POSITIVE_INFINITY
                    || st.torque[i] == Double.POSITIVE_INFINITY) {
                throw new IllegalArgumentException(what + " force = " + st.force[i] + ", torque = " + st.torque[i]
                        + "; allowed: finite, >= 0");
            }
        }
        if (next < st.nextId()) {
            throw new IllegalArgumentException("section JNTS: next id " + next + " is not above the saved ids");
        }
        st.setNextId(next);
        if (in.available() > 0) { // the optional no-contact list
            int off = in.readInt();
            if (off <= 0 || off > n) {
                throw new IllegalArgumentException("section JNTS: " + off + " constraints without contacts; allowed: 1.." + n);
            }
            int last = 0;
            for (int k = 0; k < off; k++) {
                int id = in.readInt();
                int i = st.indexOf(id);
                if (id <= last || i < 0) {
                    throw new IllegalArgumentException("section JNTS: no-contact constraint id " + id
                            + " is not a saved constraint in ascending order");
                }
                st.noContact[i] = true;
                st.version++;
                last = id;
            }
        }
    }

    /**
     * The values of one constraint just read, as a world can hold them (a snapshot whose CRC was recomputed after an
     * edit restored a NaN anchor, orientation or impulse and turned its bodies NaN in the first step, a slider's
     * lowerLimit above its upperLimit, a NaN break threshold that never broke, a joint naming a body that does not
     * exist or joining a body to itself; docs/snapshot-format.md): bodies live and different (B may be the world),
     * frames finite with unit orientations, the parameters its type accepts ({@code ConstraintType.check}, as when it
     * was made), break thresholds {@code > 0}.
     */
    private static void checkValues(StepContext ctx, String what, dev.rubble.spi.constraint.ConstraintType t, long a,
            long b, double[] fa, double[] fb, double[] p, double bf, double bt) {
        dev.rubble.core.body.BodyStore bodies = ctx.bodies;
        if (!live(bodies, a)) {
            throw new IllegalArgumentException(what + " body A " + dev.rubble.core.body.BodyStore.handleString(a)
                    + " is not a live body; allowed: a body of the snapshot");
        }
        if (b != ConstraintStore.WORLD && !live(bodies, b)) {
            throw new IllegalArgumentException(what + " body B " + dev.rubble.core.body.BodyStore.handleString(b)
                    + " is not a live body; allowed: a body of the snapshot, or the world");
        }
        if (a == b) {
            throw new IllegalArgumentException(what + " joins body " + dev.rubble.core.body.BodyStore.handleString(a)
                    + " to itself; allowed: two bodies");
        }
        frame(what + " frame A", fa);
        frame(what + " frame B", fb);
        try {
            t.check(p.clone());
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(what + ": " + e.getMessage(), e);
        }
        if (!(bf > 0) || !(bt > 0)) {
            throw new IllegalArgumentException(what + " breakForce = " + bf + ", breakTorque = " + bt
                    + "; allowed: > 0 (+inf = unbreakable)");
        }
    }

    private static boolean live(dev.rubble.core.body.BodyStore bodies, long h) {
        int s = (int) h;
        return s >= 0 && s < bodies.slotLimit() && bodies.isLive(s) && bodies.handle(s) == h;
    }

    /** An anchor (finite) and a unit orientation, as {@code ConstraintOps.add} stores them normalised. */
    private static void frame(String what, double[] f) {
        double qn = f[3] * f[3] + f[4] * f[4] + f[5] * f[5] + f[6] * f[6];
        if (!Double.isFinite(f[0]) || !Double.isFinite(f[1]) || !Double.isFinite(f[2]) || !(Math.abs(qn - 1) < 1e-3)) {
            throw new IllegalArgumentException(what + " = " + java.util.Arrays.toString(f)
                    + "; allowed: a finite anchor and a unit orientation (x, y, z, qx, qy, qz, qw)");
        }
    }

    /**
     * A queued AddConstraint just read whose bodies are live is checked as {@code PhysicsWorld.addConstraint} checks
     * one before queueing it ({@code ConstraintOps.validate}): a damaged parameter (a slider's lowerLimit NaN or above
     * its upperLimit, a negative motor force) was restored and made the first step throw from its COMMANDS slot. A
     * command naming a body that is not live (a body a spawn of the same step makes, or one removed) is left to the
     * step, which resolves or drops it as it does every such command.
     */
    static void checkQueued(StepContext ctx, Command.AddConstraint c) {
        dev.rubble.core.body.BodyStore bodies = ctx.bodies;
        if (!live(bodies, c.bodyA()) || (c.bodyB() != ConstraintStore.WORLD && !live(bodies, c.bodyB()))) {
            return;
        }
        int sb = c.bodyB() == ConstraintStore.WORLD ? -1 : (int) c.bodyB();
        try {
            dev.rubble.core.step.ConstraintOps.validate(ctx, c, (int) c.bodyA(), sb);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("queued constraint command " + c.id() + ": " + e.getMessage(), e);
        }
    }

    /** A queued AddConstraint (after the marker). */
    static void writeCommand(DataOutput o, Command.AddConstraint c) throws IOException {
        o.writeInt(c.id());
        o.writeUTF(c.type());
        o.writeLong(c.bodyA());
        o.writeLong(c.bodyB());
        // bit 0: world frames (a boolean byte before collideConnected existed); bit 1: the bodies' contacts off
        o.writeByte((c.worldFrames() ? 1 : 0) | (c.collideConnected() ? 0 : 2));
        for (double v : c.frameA()) {
            o.writeDouble(v);
        }
        for (double v : c.frameB()) {
            o.writeDouble(v);
        }
        o.writeInt(c.params().length);
        for (double v : c.params()) {
            o.writeDouble(v);
        }
        o.writeDouble(c.breakForce());
        o.writeDouble(c.breakTorque());
    }

    static Command.AddConstraint readCommand(DataInput in) throws IOException {
        int id = in.readInt();
        String type = in.readUTF();
        long a = in.readLong(), b = in.readLong();
        int flags = in.readUnsignedByte();
        if (flags > 3) {
            throw new IllegalArgumentException("queued constraint command: frame flags " + flags + "; allowed: 0..3");
        }
        boolean world = (flags & 1) != 0;
        double[] fa = new double[7], fb = new double[7];
        for (int k = 0; k < 7; k++) {
            fa[k] = in.readDouble();
        }
        for (int k = 0; k < 7; k++) {
            fb[k] = in.readDouble();
        }
        int n = in.readInt();
        if (n < 0 || n > 64) {
            throw new IllegalArgumentException("queued constraint command: parameter count " + n + "; allowed: 0..64");
        }
        double[] p = new double[n];
        for (int k = 0; k < n; k++) {
            p[k] = in.readDouble();
        }
        double bf = in.readDouble(), bt = in.readDouble();
        return new Command.AddConstraint(id, type, a, b, world, fa, fb, p, bf, bt, (flags & 2) == 0);
    }
}
