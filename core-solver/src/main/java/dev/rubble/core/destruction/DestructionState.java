package dev.rubble.core.destruction;

import dev.rubble.core.body.BodyStore;
import dev.rubble.spi.SnapshotState;
import dev.rubble.spi.collection.CollectionAsset;
import dev.rubble.spi.damage.DamageModel;
import dev.rubble.spi.strain.StrainModifier;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Arrays;

/**
 * The destruction runtime's side of world snapshots (docs/snapshot-format.md, section DEST): the
 * snapshot package writes each placed collection's definition (asset, label, options, debris
 * options) through the accessors here and re-creates its damage model and strain modifiers through
 * the plugin registry; {@link #writeRuntime} / {@link #readRuntime} carry everything else the next
 * step reads: every per-node array of the {@link ClusterStore}, the active list, the current and
 * next strained lists, the digest, the step counter, the removal timer multiplier, the break budget
 * (settings, throttle accumulator, waiting holders, carried collision loads, last step's
 * counters), the removal timers and phases, the last step's events, and the bodies' debris flags
 * and shrink scales. Caches rebuilt from these on demand (per-node body shapes, child BVHs, the
 * collision-strain trees of internal clusters) and per-step scratch are not saved.
 */
public final class DestructionState {
    private DestructionState() {
    }

    /**
     * Why {@code d} cannot be saved exactly, or null: a strain modifier that does not implement
     * {@link SnapshotState} could hold state a snapshot would lose.
     */
    public static String refusal(Destruction d) {
        for (PlacedCollection pc : d.collections) {
            if (pc.modifiers.length != pc.options.strainModifiers().size()) {
                return "collection " + pc.index + " was placed with " + pc.modifiers.length + " strain modifier(s) that"
                        + " its options do not name (" + pc.options.strainModifiers().size() + " named), so they"
                        + " cannot be re-created on restore";
            }
            for (int m = 0; m < pc.modifiers.length; m++) {
                if (!(pc.modifiers[m] instanceof SnapshotState)) {
                    return "collection " + pc.index + " strain modifier " + m + " ("
                            + pc.options.strainModifiers().get(m).name() + ", " + pc.modifiers[m].getClass().getName()
                            + ") does not implement " + SnapshotState.class.getName()
                            + ", so its internal state cannot be saved";
                }
            }
        }
        return null;
    }

    /** Collection {@code c}'s label (may be null). */
    public static String label(Destruction d, int c) {
        return d.collections.get(c).label;
    }

    /** Collection {@code c}'s destruction options as placed. */
    public static DestructionOptions options(Destruction d, int c) {
        return d.collections.get(c).options;
    }

    /** Collection {@code c}'s first global node id. */
    public static int base(Destruction d, int c) {
        return d.collections.get(c).base;
    }

    /** Collection {@code c}'s level at or past which children never break (SetLevels changes it). */
    public static int unbreakableLevel(Destruction d, int c) {
        return d.collections.get(c).unbreakableLevel;
    }

    /** Collection {@code c}'s live-bond flags (the array itself). */
    public static boolean[] bondAlive(Destruction d, int c) {
        return d.collections.get(c).bondAlive;
    }

    /** Collection {@code c}'s damage model instance. */
    public static DamageModel damageModel(Destruction d, int c) {
        return d.collections.get(c).damage;
    }

    /** Collection {@code c}'s strain-modifier chain (the array itself). */
    public static StrainModifier[] modifiers(Destruction d, int c) {
        return d.collections.get(c).modifiers;
    }

    /**
     * Appends a collection as saved, without placing it (no nodes, no body: {@link #readRuntime}
     * brings those back). Collections come back in index order.
     */
    public static void restoreCollection(Destruction d, CollectionAsset asset, String label, DestructionOptions options,
                                         DamageModel model, StrainModifier[] modifiers, int base, int unbreakableLevel,
                                         DebrisOptions debris, boolean[] bondAlive) {
        int index = d.collections.size();
        int expectedBase = index == 0 ? 0 : d.collections.get(index - 1).base + d.collections.get(index - 1).asset.nodeCount();
        if (base < expectedBase) {
            throw new IllegalArgumentException("collection " + index + " base node " + base + "; allowed: >= " + expectedBase);
        }
        if (bondAlive.length != asset.edgeCount()) {
            throw new IllegalArgumentException("collection " + index + " has " + bondAlive.length
                    + " bond flags; its asset has " + asset.edgeCount() + " bonds");
        }
        PlacedCollection pc = new PlacedCollection(index, label, asset, base, options, model, modifiers);
        pc.unbreakableLevel = unbreakableLevel;
        pc.debris = debris;
        System.arraycopy(bondAlive, 0, pc.bondAlive, 0, bondAlive.length);
        d.collections.add(pc);
    }

    /** Writes the runtime state (see the class comment). Between steps. */
    public static void writeRuntime(Destruction d, DataOutput o) throws IOException {
        ClusterStore s = d.store;
        int n = s.size();
        o.writeInt(n);
        for (int g = 0; g < n; g++) {
            o.writeInt(s.collection[g]);
            o.writeInt(s.node[g]);
            o.writeInt(s.level[g]);
            o.writeInt(s.parent[g]);
            o.writeInt(s.firstChild[g]);
            o.writeInt(s.nextSibling[g]);
            o.writeInt(s.prevSibling[g]);
            o.writeInt(s.childCount[g]);
            o.writeDouble(s.collisionLoad[g]);
            o.writeDouble(s.externalLoad[g]);
            o.writeDouble(s.threshold[g]);
            o.writeBoolean(s.anchored[g]);
            o.writeInt(s.anchoredCount[g]);
            o.writeLong(s.body[g]);
            o.writeDouble(s.mass[g]);
            for (int k = 0; k < 3; k++) {
                o.writeDouble(s.com[3 * g + k]);
            }
            for (int k = 0; k < 6; k++) {
                o.writeDouble(s.inertia[6 * g + k]);
            }
            o.writeDouble(s.strainRatio[g]);
            o.writeLong(s.strainStep[g]);
            o.writeBoolean(s.inList[g]);
            o.writeBoolean(s.inNext[g]);
            o.writeInt(s.activeIndex[g]);
        }
        writeInts(o, d.active, d.activeCount);
        writeInts(o, d.list, d.listCount);
        writeInts(o, d.next, d.nextCount);
        writeInts(o, d.slotNode, d.slotNode.length);
        o.writeLong(d.digest);
        o.writeLong(d.step);
        o.writeDouble(d.timerMultiplier);
        o.writeInt(d.stamp);
        d.budget.writeState(o, n);
        d.removal.writeState(o, n);
        d.events.writeState(o);
        BodyStore b = d.bodies;
        int slots = b.slotLimit();
        o.writeInt(slots);
        for (int i = 0; i < slots; i++) {
            o.writeByte(b.debris[i]);
            o.writeDouble(b.scale[i]);
        }
    }

    /**
     * Reads what {@link #writeRuntime} wrote into {@code d}, whose collections were restored with
     * {@link #restoreCollection} and whose bodies are already restored.
     *
     * @throws IllegalArgumentException naming a count, index or body handle out of range
     */
    public static void readRuntime(Destruction d, DataInput in) throws IOException {
        ClusterStore s = d.store;
        if (s.size() != 0) {
            throw new IllegalStateException("destruction state restores into a fresh world");
        }
        int n = in.readInt();
        int authored = d.collections.isEmpty() ? 0
                : d.collections.get(d.collections.size() - 1).base + d.collections.get(d.collections.size() - 1).asset.nodeCount();
        if (n < authored || n > (1 << 28)) {
            throw new IllegalArgumentException("cluster node count " + n + "; allowed: >= " + authored + " (the collections' nodes)");
        }
        s.append(n);
        BodyStore b = d.bodies;
        int nc = d.collections.size();
        for (int g = 0; g < n; g++) {
            s.collection[g] = index(in.readInt(), nc, "collection of node " + g);
            s.node[g] = in.readInt();
            if (s.node[g] < -1 || s.node[g] >= d.collections.get(s.collection[g]).asset.nodeCount()) {
                throw new IllegalArgumentException("asset node of node " + g + " = " + s.node[g] + " is out of range");
            }
            s.level[g] = in.readInt();
            s.parent[g] = link(in.readInt(), n, "parent of node " + g);
            s.firstChild[g] = link(in.readInt(), n, "first child of node " + g);
            s.nextSibling[g] = link(in.readInt(), n, "next sibling of node " + g);
            s.prevSibling[g] = link(in.readInt(), n, "previous sibling of node " + g);
            s.childCount[g] = in.readInt();
            s.collisionLoad[g] = in.readDouble();
            s.externalLoad[g] = in.readDouble();
            s.threshold[g] = in.readDouble();
            s.anchored[g] = in.readBoolean();
            s.anchoredCount[g] = in.readInt();
            long h = in.readLong();
            if (h != ClusterStore.NONE && !(b.isLive((int) h) && b.handle((int) h) == h)) {
                throw new IllegalArgumentException("body of node " + g + " = " + BodyStore.handleString(h) + " is not a live body");
            }
            s.body[g] = h;
            s.mass[g] = in.readDouble();
            for (int k = 0; k < 3; k++) {
                s.com[3 * g + k] = in.readDouble();
            }
            for (int k = 0; k < 6; k++) {
                s.inertia[6 * g + k] = in.readDouble();
            }
            s.strainRatio[g] = in.readDouble();
            s.strainStep[g] = in.readLong();
            s.inList[g] = in.readBoolean();
            s.inNext[g] = in.readBoolean();
            s.activeIndex[g] = link(in.readInt(), n, "active index of node " + g);
        }
        int[] a = readInts(in, n, n, "active node");
        d.active = Arrays.copyOf(a, Math.max(16, a.length));
        d.activeCount = a.length;
        a = readInts(in, n, n, "strained node");
        d.list = Arrays.copyOf(a, Math.max(16, a.length));
        d.listCount = a.length;
        a = readInts(in, n, n, "next strained node");
        d.next = Arrays.copyOf(a, Math.max(16, a.length));
        d.nextCount = a.length;
        d.slotNode = readInts(in, 1 << 28, n, "slot node");
        d.digest = in.readLong();
        d.step = in.readLong();
        d.timerMultiplier = in.readDouble();
        d.stamp = in.readInt();
        d.growGlobal();
        d.budget.readState(in, n);
        d.removal.readState(in, n);
        d.events.readState(in);
        int slots = in.readInt();
        if (slots != b.slotLimit()) {
            throw new IllegalArgumentException("debris flags for " + slots + " body slots; the bodies use " + b.slotLimit());
        }
        for (int i = 0; i < slots; i++) {
            b.debris[i] = in.readByte();
            b.scale[i] = in.readDouble();
        }
    }

    private static void writeInts(DataOutput o, int[] a, int n) throws IOException {
        o.writeInt(n);
        for (int i = 0; i < n; i++) {
            o.writeInt(a[i]);
        }
    }

    private static int[] readInts(DataInput in, int max, int bound, String what) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > max) {
            throw new IllegalArgumentException(what + " count " + n + "; allowed: [0, " + max + "]");
        }
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = link(in.readInt(), bound, what + " " + i);
        }
        return a;
    }

    /** {@code v} when in [0, n), else an error naming {@code what}. */
    static int index(int v, int n, String what) {
        if (v < 0 || v >= n) {
            throw new IllegalArgumentException(what + " = " + v + "; allowed: [0, " + n + ")");
        }
        return v;
    }

    private static int link(int v, int n, String what) {
        return v == ClusterStore.NONE ? v : index(v, n, what);
    }
}
