package dev.rubble.cache.journal;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.destruction.ClusterStore;
import dev.rubble.core.destruction.DestructionRuntime;
import dev.rubble.core.world.World;
import dev.rubble.spi.shape.Shape;
import java.util.ArrayList;
import java.util.List;
import net.openhft.chronicle.bytes.Bytes;

/**
 * Every body of the world when recording started (format version 4, issue 14), bit for bit: slot,
 * generation, state, motion, label, shape, material, the mass frame as the store holds it (mass,
 * inverse mass and principal inverse inertia, inertia frame, centre-of-mass offset), pose and
 * velocities, and for a collection's body its collection and asset node. Verify rebuilds a world
 * recorded without a scenario (the Java API) from it and checks a world rebuilt from the scenario
 * against it; playback creates its bodies from it. Header-time only: allocation is fine here.
 */
public final class InitialBodies {
    /** Doubles per body, in {@link #DOUBLE_NAMES} order. */
    public static final int DOUBLES = 31;
    /** Names of the doubles, as verify reports them. */
    public static final String[] DOUBLE_NAMES = {"position.x", "position.y", "position.z",
        "orientation.x", "orientation.y", "orientation.z", "orientation.w",
        "linearVelocity.x", "linearVelocity.y", "linearVelocity.z",
        "angularVelocity.x", "angularVelocity.y", "angularVelocity.z",
        "mass", "inverseMass", "inverseInertia.x", "inverseInertia.y", "inverseInertia.z",
        "inertiaFrame.x", "inertiaFrame.y", "inertiaFrame.z", "inertiaFrame.w",
        "centreOfMassOffset.x", "centreOfMassOffset.y", "centreOfMassOffset.z",
        "friction", "restitution", "gravityScale", "linearDamping", "angularDamping", "sleepTime"};

    public final List<Body> bodies = new ArrayList<>();

    /**
     * One body.
     *
     * @param collection placed collection index, or -1
     * @param node       asset node id the body holds, -1 for an internal cluster or a plain body
     */
    public record Body(int slot, int generation, byte state, byte motion, String label, Shape shape,
                       int collisionLayer, int collisionMask, int collection, int node, double[] values) {
    }

    /** Snapshot of {@code w}'s live bodies in slot order. */
    public static InitialBodies of(World w) {
        InitialBodies out = new InitialBodies();
        BodyStore b = w.bodies();
        DestructionRuntime d = w.destruction();
        ClusterStore cs = d.store();
        for (int s = 0, n = b.slotLimit(); s < n; s++) {
            if (!b.isLive(s)) {
                continue;
            }
            int coll = -1, node = -1;
            long h = b.handle(s);
            for (int i = 0; i < d.activeCount(); i++) {
                int g = d.active(i);
                if (cs.body[g] == h) {
                    coll = cs.collection[g];
                    node = cs.node[g];
                    break;
                }
            }
            out.bodies.add(new Body(s, b.generation[s], b.state[s], b.motion[s], b.label[s], b.shape[s],
                    b.collisionLayer[s], b.collisionMask[s], coll, node, values(b, s)));
        }
        return out;
    }

    /**
     * The live bodies of placed collection {@code c} (its holders: after its placement, the intact
     * root), in slot order, as {@link #of(World)} records them: what a between-steps placement made.
     */
    public static InitialBodies ofCollection(World w, int c) {
        InitialBodies out = new InitialBodies();
        BodyStore b = w.bodies();
        DestructionRuntime d = w.destruction();
        ClusterStore cs = d.store();
        java.util.TreeMap<Integer, Body> bySlot = new java.util.TreeMap<>();
        for (int i = 0; i < d.activeCount(); i++) {
            int g = d.active(i);
            long h = cs.body[g];
            if (cs.collection[g] != c || h == ClusterStore.NONE) {
                continue;
            }
            int s = b.slot(h);
            bySlot.putIfAbsent(s, new Body(s, b.generation[s], b.state[s], b.motion[s], b.label[s], b.shape[s],
                    b.collisionLayer[s], b.collisionMask[s], c, cs.node[g], values(b, s)));
        }
        out.bodies.addAll(bySlot.values());
        return out;
    }

    static double[] values(BodyStore b, int s) {
        return new double[] {b.px[s], b.py[s], b.pz[s], b.qx[s], b.qy[s], b.qz[s], b.qw[s],
            b.vx[s], b.vy[s], b.vz[s], b.wx[s], b.wy[s], b.wz[s],
            b.mass[s], b.invMass[s], b.invIx[s], b.invIy[s], b.invIz[s],
            b.iqx[s], b.iqy[s], b.iqz[s], b.iqw[s], b.lcx[s], b.lcy[s], b.lcz[s],
            b.friction[s], b.restitution[s], b.gravityScale[s], b.linearDamping[s], b.angularDamping[s],
            b.sleepTime[s]};
    }

    void write(Bytes<?> out) {
        out.writeInt(bodies.size());
        for (Body x : bodies) {
            out.writeInt(x.slot()).writeInt(x.generation()).writeByte(x.state()).writeByte(x.motion());
            out.writeUtf8(x.label());
            CommandCodec.writeShape(out, x.shape());
            out.writeInt(x.collisionLayer()).writeInt(x.collisionMask()).writeInt(x.collection()).writeInt(x.node());
            for (double v : x.values()) {
                out.writeDouble(v);
            }
        }
    }

    static InitialBodies read(Bytes<?> in, int slotLimit) {
        int n = in.readInt();
        if (n < 0 || (long) n * (18 + 8 * DOUBLES) > in.readRemaining()) {
            throw new JournalFormatException("header is corrupted: " + n + " initial bodies do not fit in the "
                    + in.readRemaining() + " bytes left");
        }
        InitialBodies out = new InitialBodies();
        int states = BodyState.values().length, motions = MotionType.values().length;
        int last = -1;
        for (int i = 0; i < n; i++) {
            int slot = in.readInt(), gen = in.readInt();
            byte st = in.readByte(), mo = in.readByte();
            if (slot <= last || slot >= slotLimit || st < 0 || st >= states || mo < 0 || mo >= motions) {
                throw new JournalFormatException("header is corrupted: initial body " + i + " has slot " + slot
                        + ", state " + st + ", motion " + mo);
            }
            last = slot;
            String label = in.readUtf8();
            Shape shape = CommandCodec.readShape(in);
            int layer = in.readInt(), mask = in.readInt(), coll = in.readInt(), node = in.readInt();
            double[] v = new double[DOUBLES];
            for (int k = 0; k < DOUBLES; k++) {
                v[k] = in.readDouble();
            }
            out.bodies.add(new Body(slot, gen, st, mo, label, shape, layer, mask, coll, node, v));
        }
        return out;
    }

    /** The definition of body {@code x} with its recorded motion type (mass as recorded, density 1 otherwise). */
    public BodyDef def(Body x) {
        double[] v = x.values();
        MotionType m = MotionType.values()[x.motion()];
        return new BodyDef(x.label(), x.shape(), m, false, v[0], v[1], v[2], v[3], v[4], v[5], v[6],
                v[7], v[8], v[9], v[10], v[11], v[12], m == MotionType.DYNAMIC ? v[13] : 0, 1, v[25], v[26], v[27],
                v[28], v[29]);
    }

    /**
     * Creates the bodies in {@code w} (an empty world) on the recorded slots, every field as recorded.
     * {@code kinematic} creates dynamic bodies kinematic (playback drives them).
     *
     * @throws JournalFormatException if the slots cannot be reproduced (bodies were removed before
     *                                recording started, leaving holes)
     */
    public void restore(World w, boolean kinematic) {
        BodyStore b = w.bodies();
        for (Body x : bodies) {
            long h = create(w, x, kinematic);
            int s = b.slot(h);
            if (s != x.slot()) {
                throw new JournalFormatException("the recorded world had body slot holes (bodies removed before"
                        + " recording started): body " + x.slot() + " would be rebuilt in slot " + s);
            }
            place(w, x, s, kinematic);
        }
    }

    /**
     * As {@link #restore(World, boolean)}, but reproducing {@code layout}'s slot holes, free list (in
     * reuse order) and the generation of every slot, live or free, so the bodies {@code w} creates
     * next land on the slots and generations {@code layout}'s world would give them (playback from a
     * keyframe, issue 31). These bodies must be {@code layout}'s live bodies ({@link #of(World)}).
     */
    public void restoreLayout(World w, boolean kinematic, BodyStore layout) {
        BodyStore b = w.bodies();
        int n = layout.slotLimit();
        int next = 0;
        java.util.BitSet holes = new java.util.BitSet(n);
        for (int s = 0; s < n; s++) {
            Body x = next < bodies.size() && bodies.get(next).slot() == s ? bodies.get(next++) : null;
            // a hole gets a placeholder, removed below in the recorded reuse order
            long h = x != null ? create(w, x, kinematic) : w.createBody(BodyDef.of(new dev.rubble.spi.shape.Sphere(0.01)));
            if (b.slot(h) != s) {
                throw new JournalFormatException("a keyframe's body layout cannot be reproduced: slot " + s
                        + " was rebuilt in slot " + b.slot(h));
            }
            if (x == null) {
                holes.set(s);
            } else {
                place(w, x, s, kinematic);
            }
        }
        int[] free = layout.freeSlots();
        if (free.length != holes.cardinality()) {
            throw new JournalFormatException("a keyframe lists " + free.length + " free body slots for "
                    + holes.cardinality() + " holes");
        }
        for (int s : free) {
            if (!holes.get(s)) {
                throw new JournalFormatException("a keyframe lists live slot " + s + " as free");
            }
            w.removeBody(b.handle(s));
        }
        for (int s = 0; s < n; s++) {
            b.generation[s] = layout.generation[s];
        }
    }

    /**
     * Creates body {@code x} in {@code w} (a playback world) as {@link #restore} does, where the
     * world's next slot must be the recorded one (a body a between-steps placement made).
     *
     * @return its handle
     * @throws JournalFormatException when it lands on another slot
     */
    public long add(World w, Body x, boolean kinematic) {
        long h = create(w, x, kinematic);
        int s = w.bodies().slot(h);
        if (s != x.slot()) {
            throw new JournalFormatException("a body recorded in slot " + x.slot() + " was re-created in slot " + s);
        }
        place(w, x, s, kinematic);
        return h;
    }

    private static long create(World w, Body x, boolean kinematic) {
        MotionType m = MotionType.values()[x.motion()];
        MotionType made = kinematic && m == MotionType.DYNAMIC ? MotionType.KINEMATIC : m;
        double[] v = x.values();
        boolean asleep = !kinematic && x.state() == BodyState.SLEEPING.ordinal();
        BodyDef def = new BodyDef(x.label(), x.shape(), made, asleep, v[0], v[1], v[2], v[3], v[4], v[5], v[6],
                v[7], v[8], v[9], v[10], v[11], v[12], m == MotionType.DYNAMIC ? v[13] : 0, 1, v[25], v[26], v[27],
                v[28], v[29]);
        return w.createBody(def);
    }

    /** Every recorded field of {@code x} onto slot {@code s}, as created by {@link #create}. */
    private static void place(World w, Body x, int s, boolean kinematic) {
        BodyStore b = w.bodies();
        MotionType m = MotionType.values()[x.motion()];
        MotionType made = kinematic && m == MotionType.DYNAMIC ? MotionType.KINEMATIC : m;
        double[] v = x.values();
        b.generation[s] = x.generation();
        b.collisionLayer[s] = x.collisionLayer();
        b.collisionMask[s] = x.collisionMask();
        if (made == MotionType.DYNAMIC) {
            b.mass[s] = v[13];
            b.invMass[s] = v[14];
            b.invIx[s] = v[15];
            b.invIy[s] = v[16];
            b.invIz[s] = v[17];
            b.iqx[s] = v[18];
            b.iqy[s] = v[19];
            b.iqz[s] = v[20];
            b.iqw[s] = v[21];
        }
        if (m == MotionType.DYNAMIC) {
            // the centre-of-mass offset places the shape about the recorded centre of mass, for a
            // kinematic proxy too (playback drives its centre of mass): without it a hull whose centre
            // is off its origin played back displaced by that offset
            b.lcx[s] = v[22];
            b.lcy[s] = v[23];
            b.lcz[s] = v[24];
        }
        b.px[s] = v[0];
        b.py[s] = v[1];
        b.pz[s] = v[2];
        b.qx[s] = v[3];
        b.qy[s] = v[4];
        b.qz[s] = v[5];
        b.qw[s] = v[6];
        b.sleepTime[s] = v[30];
        w.states().refreshBounds(s);
    }

    /**
     * The first difference between this snapshot and {@code w}'s bodies, as {subject ("body
     * SLOT:GEN 'label'"), field, recorded, rebuilt}, or null when every body matches bit for bit.
     */
    public String[] firstDifference(World w) {
        BodyStore b = w.bodies();
        int live = 0;
        for (int s = 0, n = b.slotLimit(); s < n; s++) {
            live += b.isLive(s) ? 1 : 0;
        }
        String[] d = firstDifferenceOfThese(w);
        if (d != null) {
            return d;
        }
        if (live != bodies.size()) {
            return new String[] {"world", "bodyCount", String.valueOf(bodies.size()), String.valueOf(live)};
        }
        return null;
    }

    /** As {@link #firstDifference}, for these bodies only (the world may hold others). */
    public String[] firstDifferenceOfThese(World w) {
        BodyStore b = w.bodies();
        for (Body x : bodies) {
            int s = x.slot();
            String who = "body " + s + ":" + x.generation() + (x.label() == null ? "" : " '" + x.label() + "'");
            if (s >= b.slotLimit() || !b.isLive(s)) {
                return new String[] {who, "exists", "true", "false"};
            }
            if (b.generation[s] != x.generation()) {
                return new String[] {who, "generation", String.valueOf(x.generation()), String.valueOf(b.generation[s])};
            }
            if (b.state[s] != x.state()) {
                return new String[] {who, "state", BodyState.values()[x.state()].label(), b.state(s).label()};
            }
            if (b.motion[s] != x.motion()) {
                return new String[] {who, "motion", String.valueOf(MotionType.values()[x.motion()]), String.valueOf(b.motion(s))};
            }
            double[] now = values(b, s);
            for (int k = 0; k < DOUBLES; k++) {
                if (Double.doubleToRawLongBits(now[k]) != Double.doubleToRawLongBits(x.values()[k])) {
                    return new String[] {who, DOUBLE_NAMES[k], String.valueOf(x.values()[k]), String.valueOf(now[k])};
                }
            }
        }
        return null;
    }
}
