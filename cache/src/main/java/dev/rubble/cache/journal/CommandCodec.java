package dev.rubble.cache.journal;

import dev.rubble.geometry.hull.QuickHull;
import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.body.BodyDef;
import dev.rubble.core.command.Command;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Capsule;
import dev.rubble.spi.shape.Compound;
import dev.rubble.spi.shape.ConvexHull;
import dev.rubble.spi.shape.Plane;
import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.shape.Sphere;
import dev.rubble.spi.shape.TriangleMesh;
import java.util.ArrayList;
import java.util.List;
import net.openhft.chronicle.bytes.Bytes;

/**
 * Compact tagged binary encoding of {@link Command}s (docs/journal-format.md, "Commands"): one tag
 * byte, then the fields in declaration order as little-endian longs/doubles. Spawns carry the full
 * {@link BodyDef} including the shape. Encoding allocates nothing; decoding allocates the records.
 */
public final class CommandCodec {
    static final byte IMPULSE = 1, VELOCITY = 2, SET_STATE = 3, SPAWN = 4, REMOVE = 5, KINEMATIC_TARGET = 6;
    // destruction commands (issue 12)
    static final byte EXTERNAL_STRAIN = 7, EXTERNAL_STRAIN_AT = 8, INTERNAL_STRAIN = 9, CRUMBLE = 10, SET_ANCHOR = 11,
            SET_ANCHOR_BOX = 12;
    // teleport (the public API's setPose)
    static final byte SET_POSE = 13;
    // destruction budgets (issue 13; tags 20-24 are reserved for them)
    static final byte SET_BREAK_BUDGET = 20, SET_RELEASE_THROTTLE = 21, SET_LEVELS = 22;
    // debris and removal (issue 13; tags 30-34 are reserved for them)
    static final byte SET_DEBRIS_LEVEL = 30, SET_REMOVE_ON_BREAK = 31, SET_REMOVE_ON_SLEEP = 32, SET_CRUMBLE_SIZE = 33,
            SET_REMOVAL_TIMER_MULTIPLIER = 34,
            SET_EVENT_REQUEST = 50, SET_BODY_EVENTS = 51, SET_COLLECTION_EVENTS = 52; // events (docs/events.md)
    // forces and fields (issue 24; tags 60-69 are reserved for them)
    static final byte APPLY_FORCE = 60, APPLY_TORQUE = 61, APPLY_FIELD = 62, REMOVE_FIELD = 63;
    /** Constraints (issue 29; docs/constraints.md). */
    static final byte ADD_CONSTRAINT = 80, REMOVE_CONSTRAINT = 81;
    private static final dev.rubble.core.command.FieldTarget[] TARGETS = dev.rubble.core.command.FieldTarget.values();
    // destruction as a library (issue 23; tags 40-44 are reserved for it)
    static final byte CUT_BOND = 40, SET_NODE_THRESHOLD = 41, SET_PROPAGATION = 42;
    // cluster unions (issue 29; tags 90-94 are reserved for them)
    static final byte UNION_ADD = 90, UNION_ADD_COLLECTION = 91, UNION_REMOVE = 92, UNION_CHILD_TO_PARENT = 93;
    static final byte SET_DAMAGE_MODEL = 45, SET_NODE_MATERIAL = 46, SET_MATERIAL_MULTIPLIER = 47;
    // collision filtering at run time (issue 28; tags 70-74 are reserved for it)
    static final byte SET_COLLISION_FILTER = 70, IGNORE_COLLISION = 71;
    /** The stress model and per-bond strength at run time (issue 30; 102–104 kept free for stress). */
    static final byte SET_STRESS_MODEL = 100, SET_BOND_STRENGTH = 101;
    /** Stress limits per material and per bond (issue 30, second session; 99 kept free). */
    static final byte SET_MATERIAL_LIMITS = 97, SET_BOND_LIMITS = 98;
    /** Collision proxies: size buckets and debris-as-sphere (issue 27; 83–84 kept free for it). */
    static final byte SET_COLLISION_PROXIES = 82;
    static final byte SPHERE = 1, BOX = 2, CAPSULE = 3, HULL = 4, COMPOUND = 5, MESH = 6, PLANE = 7;
    /** Format version 2: a hull with its full structure (vertices, faces, planes), decoded without recomputing. */
    static final byte HULL_FACES = 8;
    /** Upper bound on counts read back (vertices, triangles, children): a corrupt count fails fast. */
    static final int MAX_COUNT = 1 << 24;
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
        } else if (c instanceof Command.ExternalStrain x) {
            out.writeByte(EXTERNAL_STRAIN).writeInt(x.collection()).writeInt(x.node()).writeDouble(x.strain());
        } else if (c instanceof Command.ExternalStrainAt x) {
            out.writeByte(EXTERNAL_STRAIN_AT).writeDouble(x.x()).writeDouble(x.y()).writeDouble(x.z());
            out.writeDouble(x.radius()).writeDouble(x.strain()).writeInt(x.propagationDepth());
            out.writeDouble(x.propagationFactor());
        } else if (c instanceof Command.InternalStrain x) {
            out.writeByte(INTERNAL_STRAIN).writeInt(x.collection()).writeInt(x.node()).writeDouble(x.delta());
        } else if (c instanceof Command.Crumble x) {
            out.writeByte(CRUMBLE).writeInt(x.collection()).writeInt(x.node());
        } else if (c instanceof Command.SetAnchor x) {
            out.writeByte(SET_ANCHOR).writeInt(x.collection()).writeInt(x.node()).writeBoolean(x.anchored());
        } else if (c instanceof Command.SetAnchorBox x) {
            out.writeByte(SET_ANCHOR_BOX).writeInt(x.collection());
            out.writeDouble(x.minX()).writeDouble(x.minY()).writeDouble(x.minZ());
            out.writeDouble(x.maxX()).writeDouble(x.maxY()).writeDouble(x.maxZ()).writeBoolean(x.anchored());
        } else if (c instanceof Command.SetPose t) {
            out.writeByte(SET_POSE).writeLong(t.body());
            out.writeDouble(t.x()).writeDouble(t.y()).writeDouble(t.z());
            out.writeDouble(t.qx()).writeDouble(t.qy()).writeDouble(t.qz()).writeDouble(t.qw());
        } else if (c instanceof Command.SetBreakBudget x) {
            out.writeByte(SET_BREAK_BUDGET).writeInt(x.breaksPerStep());
        } else if (c instanceof Command.SetReleaseThrottle x) {
            out.writeByte(SET_RELEASE_THROTTLE).writeInt(x.min()).writeInt(x.max());
        } else if (c instanceof Command.SetLevels x) {
            out.writeByte(SET_LEVELS).writeInt(x.collection()).writeInt(x.maxClusterLevel())
                    .writeInt(x.maxSimulatedLevel());
        } else if (c instanceof Command.SetDebrisLevel x) {
            out.writeByte(SET_DEBRIS_LEVEL).writeInt(x.collection()).writeInt(x.level());
        } else if (c instanceof Command.SetRemoveOnBreak x) {
            out.writeByte(SET_REMOVE_ON_BREAK).writeInt(x.collection()).writeBoolean(x.on());
            out.writeDouble(x.delayMin()).writeDouble(x.delayMax()).writeDouble(x.removalMin()).writeDouble(x.removalMax());
        } else if (c instanceof Command.SetRemoveOnSleep x) {
            out.writeByte(SET_REMOVE_ON_SLEEP).writeInt(x.collection()).writeBoolean(x.on());
            out.writeDouble(x.timeMin()).writeDouble(x.timeMax()).writeDouble(x.removalMin()).writeDouble(x.removalMax());
            out.writeBoolean(x.slowMovingAsSleeping()).writeDouble(x.slowSpeed());
        } else if (c instanceof Command.SetCrumbleSize x) {
            out.writeByte(SET_CRUMBLE_SIZE).writeInt(x.collection()).writeDouble(x.size());
        } else if (c instanceof Command.SetRemovalTimerMultiplier x) {
            out.writeByte(SET_REMOVAL_TIMER_MULTIPLIER).writeDouble(x.multiplier());
        } else if (c instanceof Command.SetEventRequest x) {
            dev.rubble.core.event.EventRequest r = x.request();
            out.writeByte(SET_EVENT_REQUEST).writeByte((byte) x.kind()).writeBoolean(r.global());
            out.writeDouble(r.minMass()).writeDouble(r.minSpeed()).writeDouble(r.minImpulse()).writeDouble(r.minVolume());
            out.writeDouble(r.maxDistance()).writeDouble(r.cx()).writeDouble(r.cy()).writeDouble(r.cz());
            out.writeInt(r.maxResults()).writeByte((byte) r.sort());
        } else if (c instanceof Command.SetBodyEvents x) {
            out.writeByte(SET_BODY_EVENTS).writeLong(x.body()).writeInt(x.kinds());
        } else if (c instanceof Command.SetCollectionEvents x) {
            out.writeByte(SET_COLLECTION_EVENTS).writeInt(x.collection()).writeInt(x.kinds());
        } else if (c instanceof Command.ApplyForce f) {
            out.writeByte(APPLY_FORCE).writeLong(f.body()).writeDouble(f.fx()).writeDouble(f.fy()).writeDouble(f.fz());
        } else if (c instanceof Command.ApplyTorque q) {
            out.writeByte(APPLY_TORQUE).writeLong(q.body()).writeDouble(q.tx()).writeDouble(q.ty()).writeDouble(q.tz());
        } else if (c instanceof Command.ApplyField f) {
            writeField(out, f);
        } else if (c instanceof Command.RemoveField r) {
            out.writeByte(REMOVE_FIELD).writeUtf8(r.name());
        } else if (c instanceof Command.UnionAdd x) {
            out.writeByte(UNION_ADD).writeInt(x.union()).writeLong(x.body()).writeBoolean(x.auxiliary());
        } else if (c instanceof Command.UnionAddCollection x) {
            out.writeByte(UNION_ADD_COLLECTION).writeInt(x.union()).writeInt(x.collection()).writeBoolean(x.released())
                    .writeBoolean(x.auxiliary());
        } else if (c instanceof Command.UnionRemove x) {
            out.writeByte(UNION_REMOVE).writeInt(x.union()).writeLong(x.body());
        } else if (c instanceof Command.UnionSetChildToParent x) {
            out.writeByte(UNION_CHILD_TO_PARENT).writeInt(x.union()).writeLong(x.body()).writeDouble(x.x()).writeDouble(x.y())
                    .writeDouble(x.z()).writeDouble(x.qx()).writeDouble(x.qy()).writeDouble(x.qz()).writeDouble(x.qw());
        } else if (c instanceof Command.AddConstraint x) {
            out.writeByte(ADD_CONSTRAINT).writeInt(x.id()).writeUtf8(x.type()).writeLong(x.bodyA()).writeLong(x.bodyB());
            out.writeByte(frameFlag(x.worldFrames(), x.collideConnected()));
            for (double v : x.frameA()) {
                out.writeDouble(v);
            }
            for (double v : x.frameB()) {
                out.writeDouble(v);
            }
            double[] p = x.params();
            out.writeInt(p.length);
            for (double v : p) {
                out.writeDouble(v);
            }
            out.writeDouble(x.breakForce()).writeDouble(x.breakTorque());
        } else if (c instanceof Command.RemoveConstraint x) {
            out.writeByte(REMOVE_CONSTRAINT).writeInt(x.id());
        } else if (c instanceof Command.CutBond x) {
            out.writeByte(CUT_BOND).writeInt(x.collection()).writeInt(x.bond());
        } else if (c instanceof Command.SetPropagation x) {
            out.writeByte(SET_PROPAGATION).writeInt(x.collection()).writeBoolean(x.on()).writeDouble(x.breakFactor())
                    .writeDouble(x.shockFactor());
        } else if (c instanceof Command.SetNodeThreshold x) {
            out.writeByte(SET_NODE_THRESHOLD).writeInt(x.collection()).writeInt(x.node()).writeDouble(x.threshold());
        } else if (c instanceof Command.SetDamageModel x) {
            out.writeByte(SET_DAMAGE_MODEL).writeInt(x.collection()).writeUtf8(x.model());
            SettingsCodec.writeOptions(out, new java.util.TreeMap<>(x.options().asMap())); // sorted: the same bytes every run
        } else if (c instanceof Command.SetStressModel x) {
            out.writeByte(SET_STRESS_MODEL).writeInt(x.collection()).writeUtf8(x.model());
            SettingsCodec.writeOptions(out, new java.util.TreeMap<>(x.options().asMap())); // sorted: the same bytes every run
        } else if (c instanceof Command.SetBondStrength x) {
            out.writeByte(SET_BOND_STRENGTH).writeInt(x.collection()).writeInt(x.bond()).writeDouble(x.factor());
        } else if (c instanceof Command.SetMaterialLimits x) {
            out.writeByte(SET_MATERIAL_LIMITS).writeInt(x.collection()).writeInt(x.material());
            limits(out, x.limits());
        } else if (c instanceof Command.SetBondLimits x) {
            out.writeByte(SET_BOND_LIMITS).writeInt(x.collection()).writeInt(x.bond());
            limits(out, x.limits());
        } else if (c instanceof Command.SetNodeMaterial x) {
            out.writeByte(SET_NODE_MATERIAL).writeInt(x.collection()).writeInt(x.node()).writeInt(x.material());
        } else if (c instanceof Command.SetMaterialMultiplier x) {
            out.writeByte(SET_MATERIAL_MULTIPLIER).writeInt(x.collection()).writeInt(x.material()).writeDouble(x.multiplier());
        } else if (c instanceof Command.SetCollisionFilter x) {
            out.writeByte(SET_COLLISION_FILTER).writeLong(x.body()).writeInt(x.layer()).writeInt(x.mask());
        } else if (c instanceof Command.IgnoreCollision x) {
            out.writeByte(IGNORE_COLLISION).writeLong(x.a()).writeLong(x.b()).writeBoolean(x.ignore());
        } else if (c instanceof Command.SetCollisionProxies x) {
            // collection, bucket count, per bucket (maxSize, kind ordinal), debrisAsSphere
            out.writeByte(SET_COLLISION_PROXIES).writeInt(x.collection()).writeInt(x.proxies().buckets().size());
            for (dev.rubble.core.command.CollisionProxies.Bucket b : x.proxies().buckets()) {
                out.writeDouble(b.maxSize()).writeByte((byte) b.shape().ordinal());
            }
            out.writeBoolean(x.proxies().debrisAsSphere());
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
            case EXTERNAL_STRAIN:
                return new Command.ExternalStrain(in.readInt(), in.readInt(), in.readDouble());
            case EXTERNAL_STRAIN_AT:
                return new Command.ExternalStrainAt(in.readDouble(), in.readDouble(), in.readDouble(), in.readDouble(),
                        in.readDouble(), in.readInt(), in.readDouble());
            case INTERNAL_STRAIN:
                return new Command.InternalStrain(in.readInt(), in.readInt(), in.readDouble());
            case CRUMBLE:
                return new Command.Crumble(in.readInt(), in.readInt());
            case SET_ANCHOR:
                return new Command.SetAnchor(in.readInt(), in.readInt(), in.readBoolean());
            case SET_ANCHOR_BOX:
                return new Command.SetAnchorBox(in.readInt(), in.readDouble(), in.readDouble(), in.readDouble(),
                        in.readDouble(), in.readDouble(), in.readDouble(), in.readBoolean());
            case SET_POSE:
                return new Command.SetPose(in.readLong(), in.readDouble(), in.readDouble(), in.readDouble(),
                        in.readDouble(), in.readDouble(), in.readDouble(), in.readDouble());
            case SET_BREAK_BUDGET:
                return budget(() -> new Command.SetBreakBudget(in.readInt()));
            case SET_RELEASE_THROTTLE:
                return budget(() -> new Command.SetReleaseThrottle(in.readInt(), in.readInt()));
            case SET_LEVELS:
                return budget(() -> new Command.SetLevels(in.readInt(), in.readInt(), in.readInt()));
            case SET_DEBRIS_LEVEL:
                return budget(() -> new Command.SetDebrisLevel(in.readInt(), in.readInt()));
            case SET_REMOVE_ON_BREAK:
                return budget(() -> new Command.SetRemoveOnBreak(in.readInt(), in.readBoolean(), in.readDouble(), in.readDouble(),
                        in.readDouble(), in.readDouble()));
            case SET_REMOVE_ON_SLEEP:
                return budget(() -> new Command.SetRemoveOnSleep(in.readInt(), in.readBoolean(), in.readDouble(), in.readDouble(),
                        in.readDouble(), in.readDouble(), in.readBoolean(), in.readDouble()));
            case SET_CRUMBLE_SIZE:
                return budget(() -> new Command.SetCrumbleSize(in.readInt(), in.readDouble()));
            case SET_REMOVAL_TIMER_MULTIPLIER:
                return budget(() -> new Command.SetRemovalTimerMultiplier(in.readDouble()));
            case SET_EVENT_REQUEST:
                return budget(() -> new Command.SetEventRequest(in.readByte(), new dev.rubble.core.event.EventRequest(
                        in.readBoolean(), in.readDouble(), in.readDouble(), in.readDouble(), in.readDouble(),
                        in.readDouble(), in.readDouble(), in.readDouble(), in.readDouble(), in.readInt(), in.readByte())));
            case SET_BODY_EVENTS:
                return budget(() -> new Command.SetBodyEvents(in.readLong(), in.readInt()));
            case SET_COLLECTION_EVENTS:
                return budget(() -> new Command.SetCollectionEvents(in.readInt(), in.readInt()));
            case APPLY_FORCE:
                return budget(() -> new Command.ApplyForce(in.readLong(), in.readDouble(), in.readDouble(), in.readDouble()));
            case APPLY_TORQUE:
                return budget(() -> new Command.ApplyTorque(in.readLong(), in.readDouble(), in.readDouble(), in.readDouble()));
            case APPLY_FIELD:
                return readField(in);
            case REMOVE_FIELD:
                return budget(() -> new Command.RemoveField(in.readUtf8()));
            case ADD_CONSTRAINT:
                return readConstraint(in);
            case REMOVE_CONSTRAINT:
                return new Command.RemoveConstraint(in.readInt());
            case CUT_BOND:
                return new Command.CutBond(in.readInt(), in.readInt());
            case UNION_ADD:
                return budget(() -> new Command.UnionAdd(in.readInt(), in.readLong(), in.readBoolean()));
            case UNION_ADD_COLLECTION:
                return budget(() -> new Command.UnionAddCollection(in.readInt(), in.readInt(), in.readBoolean(), in.readBoolean()));
            case UNION_REMOVE:
                return budget(() -> new Command.UnionRemove(in.readInt(), in.readLong()));
            case UNION_CHILD_TO_PARENT:
                return budget(() -> new Command.UnionSetChildToParent(in.readInt(), in.readLong(), in.readDouble(), in.readDouble(),
                        in.readDouble(), in.readDouble(), in.readDouble(), in.readDouble(), in.readDouble()));
            case SET_PROPAGATION:
                return budget(() -> new Command.SetPropagation(in.readInt(), in.readBoolean(), in.readDouble(),
                        in.readDouble()));
            case SET_NODE_THRESHOLD:
                return budget(() -> new Command.SetNodeThreshold(in.readInt(), in.readInt(), in.readDouble()));
            case SET_DAMAGE_MODEL:
                return budget(() -> {
                    int col = in.readInt();
                    String model = in.readUtf8();
                    return new Command.SetDamageModel(col, model, SettingsCodec.readOptions(in, "damage model " + model));
                });
            case SET_STRESS_MODEL:
                return budget(() -> {
                    int col = in.readInt();
                    String model = in.readUtf8();
                    return new Command.SetStressModel(col, model, SettingsCodec.readOptions(in, "stress model " + model));
                });
            case SET_BOND_STRENGTH:
                return budget(() -> new Command.SetBondStrength(in.readInt(), in.readInt(), in.readDouble()));
            case SET_MATERIAL_LIMITS:
                return budget(() -> new Command.SetMaterialLimits(in.readInt(), in.readInt(), limits(in)));
            case SET_BOND_LIMITS:
                return budget(() -> new Command.SetBondLimits(in.readInt(), in.readInt(), limits(in)));
            case SET_NODE_MATERIAL:
                return budget(() -> new Command.SetNodeMaterial(in.readInt(), in.readInt(), in.readInt()));
            case SET_MATERIAL_MULTIPLIER:
                return budget(() -> new Command.SetMaterialMultiplier(in.readInt(), in.readInt(), in.readDouble()));
            case SET_COLLISION_FILTER:
                return new Command.SetCollisionFilter(in.readLong(), in.readInt(), in.readInt());
            case IGNORE_COLLISION:
                return budget(() -> new Command.IgnoreCollision(in.readLong(), in.readLong(), in.readBoolean()));
            case SET_COLLISION_PROXIES:
                return budget(() -> {
                    int col = in.readInt();
                    int n = in.readInt();
                    if (n < 0 || n > 1024) {
                        throw new IllegalArgumentException("collision proxy bucket count " + n + "; allowed: 0..1024");
                    }
                    var kinds = dev.rubble.core.command.CollisionProxies.Kind.values();
                    java.util.List<dev.rubble.core.command.CollisionProxies.Bucket> bs = new ArrayList<>(n);
                    for (int i = 0; i < n; i++) {
                        double max = in.readDouble();
                        bs.add(new dev.rubble.core.command.CollisionProxies.Bucket(max,
                                kinds[checkIndex(in.readByte(), kinds.length, "collision proxy shape")]));
                    }
                    return new Command.SetCollisionProxies(col,
                            new dev.rubble.core.command.CollisionProxies(bs, in.readBoolean()));
                });
            default:
                throw new JournalFormatException("unknown command tag " + tag
                        + "; allowed: 1..13, 20..22, 30..34, 40..42, 45..47, 50..52, 60..63, 70..71, 80..82, 90..93, 97..98, 100..101");
        }
    }

    /**
     * A field command (issue 24): name, target, metadata (four enum ordinals), persistent flag, then
     * the node tree as {@link dev.rubble.core.command.FieldSpec#write} bytes, length first.
     */
    private static void writeField(Bytes<?> out, Command.ApplyField f) {
        java.io.ByteArrayOutputStream tree = new java.io.ByteArrayOutputStream();
        try {
            f.field().write(new java.io.DataOutputStream(tree));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        var m = f.meta();
        out.writeByte(APPLY_FIELD).writeUtf8(f.name()).writeByte((byte) f.target().ordinal());
        out.writeByte((byte) m.resolution().ordinal()).writeByte((byte) m.state().ordinal());
        out.writeByte((byte) m.object().ordinal()).writeByte((byte) m.position().ordinal());
        out.writeBoolean(f.persistent());
        byte[] b = tree.toByteArray();
        out.writeInt(b.length).write(b);
    }

    private static Command readField(Bytes<?> in) {
        String name = in.readUtf8();
        var target = TARGETS[checkIndex(in.readByte(), TARGETS.length, "field target")];
        var res = dev.rubble.core.command.FieldMeta.Resolution.values();
        var st = dev.rubble.core.command.FieldMeta.StateFilter.values();
        var ob = dev.rubble.core.command.FieldMeta.ObjectFilter.values();
        var po = dev.rubble.core.command.FieldMeta.PositionType.values();
        var meta = new dev.rubble.core.command.FieldMeta(res[checkIndex(in.readByte(), res.length, "field resolution")],
                st[checkIndex(in.readByte(), st.length, "field state filter")],
                ob[checkIndex(in.readByte(), ob.length, "field object filter")],
                po[checkIndex(in.readByte(), po.length, "field position type")]);
        boolean persistent = in.readBoolean();
        int n = in.readInt();
        if (n < 0 || n > MAX_COUNT || n > in.readRemaining()) {
            throw new JournalFormatException("field tree of " + n + " bytes; allowed: 0.." + Math.min(MAX_COUNT, in.readRemaining()));
        }
        byte[] b = new byte[n];
        in.read(b);
        try {
            var spec = dev.rubble.core.command.FieldSpec.read(new java.io.DataInputStream(new java.io.ByteArrayInputStream(b)));
            return new Command.ApplyField(name == null ? "" : name, target, spec, meta, persistent);
        } catch (java.io.IOException | IllegalArgumentException e) {
            throw new JournalFormatException("field command is corrupted: " + e.getMessage(), e);
        }
    }

    /**
     * A constraint command's frame flag: {@code 'Y'} / {@code 'N'} world / local frames (what the journal
     * wrote before {@code collideConnected} existed, so older journals read the same and a constraint whose
     * bodies collide is written as before), {@code 'W'} / {@code 'L'} the same with the bodies' contacts off.
     */
    private static byte frameFlag(boolean worldFrames, boolean collideConnected) {
        return (byte) (collideConnected ? (worldFrames ? 'Y' : 'N') : (worldFrames ? 'W' : 'L'));
    }

    /** A budget or removal command read back; a corrupt value fails as a format error, not as a bad argument. */
    private static Command readConstraint(Bytes<?> in) {
        int id = in.readInt();
        String type = in.readUtf8();
        long a = in.readLong(), b = in.readLong();
        byte flag = in.readByte();
        boolean world = flag == 'Y' || flag == 'W';
        boolean collide = flag == 'Y' || flag == 'N';
        if (!world && !collide && flag != 'L') {
            throw new JournalFormatException("constraint frame flag " + flag + "; allowed: 'Y', 'N', 'W', 'L'");
        }
        double[] fa = new double[7], fb = new double[7];
        for (int k = 0; k < 7; k++) {
            fa[k] = in.readDouble();
        }
        for (int k = 0; k < 7; k++) {
            fb[k] = in.readDouble();
        }
        int n = in.readInt();
        if (n < 0 || n > 64) {
            throw new JournalFormatException("constraint parameter count " + n + "; allowed: 0..64");
        }
        double[] p = new double[n];
        for (int k = 0; k < n; k++) {
            p[k] = in.readDouble();
        }
        double bf = in.readDouble(), bt = in.readDouble();
        try {
            return new Command.AddConstraint(id, type, a, b, world, fa, fb, p, bf, bt, collide);
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new JournalFormatException("constraint command is corrupted: " + e.getMessage(), e);
        }
    }

    /** Six stress limits in StressLimits order (NaN = unset). */
    private static void limits(Bytes<?> out, dev.rubble.spi.stress.StressLimits l) {
        for (int j = 0; j < 6; j++) {
            out.writeDouble(l.get(j));
        }
    }

    private static dev.rubble.spi.stress.StressLimits limits(Bytes<?> in) {
        double[] v = new double[6];
        for (int j = 0; j < 6; j++) {
            v[j] = in.readDouble();
        }
        return dev.rubble.spi.stress.StressLimits.of(v);
    }

    private static Command budget(java.util.function.Supplier<Command> read) {
        try {
            return read.get();
        } catch (IllegalArgumentException e) {
            throw new JournalFormatException("destruction command is corrupted: " + e.getMessage(), e);
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
        } else if (s instanceof ConvexHull h) {
            // the full structure: rebuilding a hull from its own vertices can order them (and its
            // faces) differently, and the mass properties then differ in the last bits, so a
            // spawned hull did not verify (issue 17 item 4). Decoded with ConvexHull.ofFaces.
            out.writeByte(HULL_FACES).writeInt(h.vertexCount());
            for (int i = 0; i < h.vertexCount(); i++) {
                out.writeDouble(h.vertex(i, 0)).writeDouble(h.vertex(i, 1)).writeDouble(h.vertex(i, 2));
            }
            out.writeInt(h.faceCount());
            for (int f = 0; f < h.faceCount(); f++) {
                out.writeInt(h.faceSize(f));
                for (int k = 0; k < h.faceSize(f); k++) {
                    out.writeInt(h.faceVertex(f, k));
                }
                out.writeDouble(h.plane(f, 0)).writeDouble(h.plane(f, 1)).writeDouble(h.plane(f, 2))
                        .writeDouble(h.plane(f, 3));
            }
        } else if (s instanceof Compound c) {
            out.writeByte(COMPOUND).writeInt(c.childCount());
            for (int i = 0; i < c.childCount(); i++) {
                Compound.Child ch = c.child(i);
                writeShape(out, ch.shape());
                out.writeDouble(ch.x()).writeDouble(ch.y()).writeDouble(ch.z());
                out.writeDouble(ch.qx()).writeDouble(ch.qy()).writeDouble(ch.qz()).writeDouble(ch.qw());
            }
        } else if (s instanceof TriangleMesh m) {
            out.writeByte(MESH).writeInt(m.vertexCount());
            for (int i = 0; i < m.vertexCount(); i++) {
                out.writeDouble(m.vertex(i, 0)).writeDouble(m.vertex(i, 1)).writeDouble(m.vertex(i, 2));
            }
            out.writeInt(m.triangleCount());
            for (int t = 0; t < m.triangleCount(); t++) {
                out.writeInt(m.index(t, 0)).writeInt(m.index(t, 1)).writeInt(m.index(t, 2));
            }
        } else if (s instanceof Plane p) {
            out.writeByte(PLANE).writeDouble(p.nx()).writeDouble(p.ny()).writeDouble(p.nz()).writeDouble(p.offset());
        } else {
            throw new IllegalArgumentException("shape type " + s.type().name().toLowerCase()
                    + " cannot be journalled; allowed: sphere, box, capsule, convex hull, compound, triangle mesh, plane");
        }
    }

    private static int readCount(Bytes<?> in, String what) {
        int n = in.readInt();
        if (n < 0 || n > MAX_COUNT) {
            throw new JournalFormatException(what + " count " + n + " is out of range; allowed: 0.." + MAX_COUNT);
        }
        return n;
    }

    private static double[] readDoubles(Bytes<?> in, int n) {
        if (8L * n > in.readRemaining()) { // a corrupted count must not allocate for data that is not there
            throw new JournalFormatException(n + " numbers do not fit in the " + in.readRemaining() + " bytes left");
        }
        double[] d = new double[n];
        for (int i = 0; i < n; i++) {
            d[i] = in.readDouble();
        }
        return d;
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
            case HULL: // journals before version 3: the vertices only
                return QuickHull.of(readDoubles(in, 3 * readCount(in, "hull vertex")));
            case HULL_FACES: {
                double[] v = readDoubles(in, 3 * readCount(in, "hull vertex"));
                int nf = readCount(in, "hull face");
                int[] start = new int[nf + 1];
                List<Integer> idx = new ArrayList<>();
                double[] planes = new double[4 * nf];
                for (int f = 0; f < nf; f++) {
                    int size = readCount(in, "hull face vertex");
                    start[f + 1] = start[f] + size;
                    if (4L * size > in.readRemaining()) {
                        throw new JournalFormatException("hull face " + f + " has " + size + " vertices, more than fit");
                    }
                    for (int k = 0; k < size; k++) {
                        idx.add(in.readInt());
                    }
                    for (int c = 0; c < 4; c++) {
                        planes[4 * f + c] = in.readDouble();
                    }
                }
                int[] fv = new int[idx.size()];
                for (int i = 0; i < fv.length; i++) {
                    fv[i] = idx.get(i);
                }
                try {
                    return ConvexHull.ofFaces(v, start, fv, planes);
                } catch (IllegalArgumentException e) {
                    throw new JournalFormatException("spawned hull is corrupted: " + e.getMessage(), e);
                }
            }
            case COMPOUND: {
                int n = readCount(in, "compound child");
                List<Compound.Child> children = new ArrayList<>(n);
                for (int i = 0; i < n; i++) {
                    Shape child = readShape(in);
                    double[] pose = readDoubles(in, 7);
                    children.add(new Compound.Child(child, pose[0], pose[1], pose[2], pose[3], pose[4], pose[5], pose[6]));
                }
                return new Compound(children);
            }
            case MESH: {
                double[] vertices = readDoubles(in, 3 * readCount(in, "mesh vertex"));
                int triangles = readCount(in, "mesh triangle");
                int[] indices = new int[3 * triangles];
                for (int i = 0; i < indices.length; i++) {
                    indices[i] = in.readInt();
                }
                return new TriangleMesh(vertices, indices);
            }
            case PLANE:
                return new Plane(in.readDouble(), in.readDouble(), in.readDouble(), in.readDouble());
            default:
                throw new JournalFormatException("unknown shape tag " + t
                        + "; allowed: 1 sphere, 2 box, 3 capsule, 4 convex hull, 5 compound, 6 triangle mesh, 7 plane");
        }
    }
}
