package dev.rubble.cache.journal;

import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.kernel.BodyDef;
import dev.rubble.core.kernel.Command;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Capsule;
import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.shape.Sphere;
import net.openhft.chronicle.bytes.Bytes;

/**
 * Compact tagged binary encoding of {@link Command}s (docs/journal-format.md, "Commands"): one tag
 * byte, then the fields in declaration order as little-endian longs/doubles. Spawns carry the full
 * {@link BodyDef} including the shape. Encoding allocates nothing; decoding allocates the records.
 */
public final class CommandCodec {
    static final byte IMPULSE = 1, VELOCITY = 2, SET_STATE = 3, SPAWN = 4, REMOVE = 5, KINEMATIC_TARGET = 6;
    static final byte SPHERE = 1, BOX = 2, CAPSULE = 3;
    private static final BodyState[] STATES = BodyState.values();
    private static final MotionType[] MOTIONS = MotionType.values();

    private CommandCodec() {
    }

    /** Appends {@code c} to {@code out}. */
    public static void write(Bytes<?> out, Command c) {
        if (c instanceof Command.ApplyImpulse a) {
            out.writeByte(IMPULSE).writeLong(a.body());
            out.writeDouble(a.jx()).writeDouble(a.jy()).writeDouble(a.jz());
            out.writeDouble(a.px()).writeDouble(a.py()).writeDouble(a.pz());
        } else if (c instanceof Command.SetVelocity v) {
            out.writeByte(VELOCITY).writeLong(v.body());
            out.writeDouble(v.vx()).writeDouble(v.vy()).writeDouble(v.vz());
            out.writeDouble(v.wx()).writeDouble(v.wy()).writeDouble(v.wz());
        } else if (c instanceof Command.SetState s) {
            out.writeByte(SET_STATE).writeLong(s.body()).writeByte((byte) s.state().ordinal());
        } else if (c instanceof Command.Spawn sp) {
            out.writeByte(SPAWN);
            writeDef(out, sp.def());
        } else if (c instanceof Command.Remove r) {
            out.writeByte(REMOVE).writeLong(r.body());
        } else if (c instanceof Command.SetKinematicTarget k) {
            out.writeByte(KINEMATIC_TARGET).writeLong(k.body());
            out.writeDouble(k.x()).writeDouble(k.y()).writeDouble(k.z());
            out.writeDouble(k.qx()).writeDouble(k.qy()).writeDouble(k.qz()).writeDouble(k.qw());
        } else {
            throw new IllegalArgumentException("command " + c + " has no journal encoding");
        }
    }

    /** Reads one command written by {@link #write}. */
    public static Command read(Bytes<?> in) {
        byte tag = in.readByte();
        switch (tag) {
            case IMPULSE:
                return new Command.ApplyImpulse(in.readLong(), in.readDouble(), in.readDouble(), in.readDouble(),
                        in.readDouble(), in.readDouble(), in.readDouble());
            case VELOCITY:
                return new Command.SetVelocity(in.readLong(), in.readDouble(), in.readDouble(), in.readDouble(),
                        in.readDouble(), in.readDouble(), in.readDouble());
            case SET_STATE: {
                long h = in.readLong();
                return new Command.SetState(h, STATES[checkIndex(in.readByte(), STATES.length, "state")]);
            }
            case SPAWN:
                return new Command.Spawn(readDef(in));
            case REMOVE:
                return new Command.Remove(in.readLong());
            case KINEMATIC_TARGET:
                return new Command.SetKinematicTarget(in.readLong(), in.readDouble(), in.readDouble(),
                        in.readDouble(), in.readDouble(), in.readDouble(), in.readDouble(), in.readDouble());
            default:
                throw new JournalFormatException("unknown command tag " + tag + "; allowed: 1..6");
        }
    }

    private static int checkIndex(int v, int n, String what) {
        if (v < 0 || v >= n) {
            throw new JournalFormatException(what + " code " + v + " is unknown; allowed: 0.." + (n - 1));
        }
        return v;
    }

    static void writeDef(Bytes<?> out, BodyDef d) {
        out.writeUtf8(d.label());
        writeShape(out, d.shape());
        out.writeByte((byte) d.motion().ordinal()).writeBoolean(d.asleep());
        out.writeDouble(d.x()).writeDouble(d.y()).writeDouble(d.z());
        out.writeDouble(d.qx()).writeDouble(d.qy()).writeDouble(d.qz()).writeDouble(d.qw());
        out.writeDouble(d.vx()).writeDouble(d.vy()).writeDouble(d.vz());
        out.writeDouble(d.wx()).writeDouble(d.wy()).writeDouble(d.wz());
        out.writeDouble(d.mass()).writeDouble(d.density()).writeDouble(d.friction()).writeDouble(d.restitution());
        out.writeDouble(d.gravityScale()).writeDouble(d.linearDamping()).writeDouble(d.angularDamping());
    }

    static BodyDef readDef(Bytes<?> in) {
        String label = in.readUtf8();
        Shape shape = readShape(in);
        MotionType motion = MOTIONS[checkIndex(in.readByte(), MOTIONS.length, "motion")];
        boolean asleep = in.readBoolean();
        double[] v = new double[20];
        for (int i = 0; i < v.length; i++) {
            v[i] = in.readDouble();
        }
        return new BodyDef(label, shape, motion, asleep, v[0], v[1], v[2], v[3], v[4], v[5], v[6],
                v[7], v[8], v[9], v[10], v[11], v[12], v[13], v[14], v[15], v[16], v[17], v[18], v[19]);
    }

    static void writeShape(Bytes<?> out, Shape s) {
        if (s instanceof Sphere sp) {
            out.writeByte(SPHERE).writeDouble(sp.radius());
        } else if (s instanceof Box b) {
            out.writeByte(BOX).writeDouble(b.halfX()).writeDouble(b.halfY()).writeDouble(b.halfZ());
        } else if (s instanceof Capsule c) {
            out.writeByte(CAPSULE).writeDouble(c.radius()).writeDouble(c.halfHeight());
        } else {
            throw new IllegalArgumentException("shape type " + s.type().name().toLowerCase()
                    + " cannot be journalled yet; allowed: sphere, box, capsule");
        }
    }

    static Shape readShape(Bytes<?> in) {
        byte t = in.readByte();
        switch (t) {
            case SPHERE:
                return new Sphere(in.readDouble());
            case BOX:
                return new Box(in.readDouble(), in.readDouble(), in.readDouble());
            case CAPSULE:
                return new Capsule(in.readDouble(), in.readDouble());
            default:
                throw new JournalFormatException("unknown shape tag " + t + "; allowed: 1 sphere, 2 box, 3 capsule");
        }
    }
}
