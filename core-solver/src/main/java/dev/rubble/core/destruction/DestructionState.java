package dev.rubble.core.destruction;

import dev.rubble.core.command.CollisionProxies;

import dev.rubble.core.body.BodyStore;
import dev.rubble.spi.SnapshotState;
import dev.rubble.spi.collection.CollectionAsset;
import dev.rubble.spi.damage.DamageModel;
import dev.rubble.spi.strain.StrainModifier;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.List;

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
    public static String refusal(DestructionRuntime rt) {
        for (PlacedCollection pc : rt.ctx.collections) {
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
            StressPass.State st = rt.script().stress().state(pc.index);
            if (st != null && st.name == null) {
                return "collection " + pc.index + " has a stress model set as an instance, without a plugin name, so it"
                        + " cannot be re-created on restore (World.setStressModel(c, name, options) makes one by name)";
            }
        }
        return null;
    }

    /** Collection {@code c}'s label (may be null). */
    public static String label(DestructionRuntime rt, int c) {
        return rt.ctx.collections.get(c).label;
    }

    /** Collection {@code c}'s destruction options as placed. */
    /** Sets collection {@code c}'s impact mode (a snapshot's trailing block, issue 22). */
    public static void setImpactMode(DestructionRuntime rt, int c, ImpactMode mode) {
        PlacedCollection pc = rt.ctx.collections.get(c);
        pc.options = pc.options.withImpactMode(mode);
    }

    /** Restores collection c's collision proxies as saved (issue 27; the digest was saved with them). */
    public static void setCollisionProxies(DestructionRuntime rt, int c, CollisionProxies proxies) {
        rt.ctx.collections.get(c).proxies = java.util.Objects.requireNonNull(proxies, "collision proxies is null");
    }

    public static DestructionOptions options(DestructionRuntime rt, int c) {
        return rt.ctx.collections.get(c).options;
    }

    /** Collection {@code c}'s first global node id. */
    public static int base(DestructionRuntime rt, int c) {
        return rt.ctx.collections.get(c).base;
    }

    /** Collection {@code c}'s level at or past which children never break (SetLevels changes it). */
    public static int unbreakableLevel(DestructionRuntime rt, int c) {
        return rt.ctx.collections.get(c).unbreakableLevel;
    }

    /** Collection {@code c}'s live-bond flags (the array itself). */
    public static boolean[] bondAlive(DestructionRuntime rt, int c) {
        return rt.ctx.collections.get(c).bondAlive;
    }

    /** Collection {@code c}'s damage model instance. */
    public static DamageModel damageModel(DestructionRuntime rt, int c) {
        return rt.ctx.collections.get(c).damage;
    }

    /** Collection {@code c}'s node materials and material multipliers now (the arrays themselves; issue 23). */
    public static int[] materials(DestructionRuntime rt, int c) {
        return rt.ctx.collections.get(c).material;
    }

    public static double[] multipliers(DestructionRuntime rt, int c) {
        return rt.ctx.collections.get(c).multiplier;
    }

    /** Whether collection {@code c}'s materials and multipliers are still its asset's. */
    public static boolean materialsAsAuthored(DestructionRuntime rt, int c) {
        return Materials.asAuthored(rt.ctx.collections.get(c));
    }

    /**
     * Gives collection {@code c} its asset with the authored strengths a snapshot's MATL block carried
     * (the same asset otherwise: its parent array must be the placed asset's).
     */
    public static void setAsset(DestructionRuntime rt, int c, CollectionAsset asset) {
        PlacedCollection pc = rt.ctx.collections.get(c);
        if (asset == pc.asset) {
            return;
        }
        if (asset.parent() != pc.asset.parent()) {
            throw new IllegalArgumentException("collection " + c + ": not the placed asset with strengths");
        }
        pc.asset = asset;
        Materials.capacities(pc);
    }

    /** Restores collection {@code c}'s node materials and multipliers (a snapshot's MATL block), checked against its asset. */
    public static void setMaterials(DestructionRuntime rt, int c, int[] material, double[] multiplier) {
        PlacedCollection pc = rt.ctx.collections.get(c);
        if (material.length != pc.asset.nodeCount() || multiplier.length == 0 || multiplier.length > 256) {
            throw new IllegalArgumentException("collection " + c + ": " + material.length + " node materials and "
                    + multiplier.length + " multipliers; allowed: " + pc.asset.nodeCount() + " and 1..256");
        }
        for (int m = 0; m < multiplier.length; m++) {
            dev.rubble.spi.collection.Strengths.checkMultiplier("collection " + c + " multiplier[" + m + "]", multiplier[m]);
        }
        for (int i = 0; i < material.length; i++) {
            if (material[i] < 0 || material[i] >= multiplier.length) {
                throw new IllegalArgumentException("collection " + c + " material[" + i + "] = " + material[i]
                        + "; allowed: [0, " + multiplier.length + ")");
            }
        }
        pc.material = material;
        pc.multiplier = multiplier;
    }

    /** Collection {@code c}'s strain-modifier chain (the array itself). */
    public static StrainModifier[] modifiers(DestructionRuntime rt, int c) {
        return rt.ctx.collections.get(c).modifiers;
    }

    /**
     * Appends a collection as saved, without placing it (no nodes, no body: {@link #readRuntime}
     * brings those back). Collections come back in index order.
     */
    public static void restoreCollection(DestructionRuntime rt, CollectionAsset asset, String label, DestructionOptions options,
                                         DamageModel model, StrainModifier[] modifiers, int base, int unbreakableLevel,
                                         DebrisOptions debris, boolean[] bondAlive) {
        int index = rt.ctx.collections.size();
        int expectedBase = index == 0 ? 0 : rt.ctx.collections.get(index - 1).base + rt.ctx.collections.get(index - 1).asset.nodeCount();
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
        rt.ctx.collections.add(pc);
    }

    /** Writes the runtime state (see the class comment). Between steps. */
    public static void writeRuntime(DestructionRuntime rt, DataOutput o) throws IOException {
        runtime(rt.ctx, StateIO.writer(o));
    }

    /**
     * Reads what {@link #writeRuntime} wrote into {@code rt}, whose collections were restored with
     * {@link #restoreCollection} and whose bodies are already restored.
     *
     * @throws IllegalArgumentException naming a count, index or body handle out of range
     */
    public static void readRuntime(DestructionRuntime rt, DataInput in) throws IOException {
        if (rt.ctx.store.size() != 0) {
            throw new IllegalStateException("destruction state restores into a fresh world");
        }
        runtime(rt.ctx, StateIO.reader(in));
    }

    /** The whole runtime, one description for both directions: each store's codec in a fixed order. */
    private static void runtime(DestructionContext d, StateIO io) throws IOException {
        List<PlacedCollection> cols = d.collections;
        int authored = cols.isEmpty() ? 0 : cols.get(cols.size() - 1).base + cols.get(cols.size() - 1).asset.nodeCount();
        BodyStore b = d.bodies;
        d.store.io(io, authored, b, cols);
        int n = d.store.size();
        int m = io.count(d.activeCount, n, "active node");
        d.active = io.links(d.active, m, n, "active node", 16);
        d.activeCount = m;
        m = io.count(d.listCount, n, "strained node");
        d.list = io.links(d.list, m, n, "strained node", 16);
        d.listCount = m;
        m = io.count(d.nextCount, n, "next strained node");
        d.next = io.links(d.next, m, n, "next strained node", 16);
        d.nextCount = m;
        m = io.count(d.slotNode.length, 1 << 28, "slot node");
        d.slotNode = io.links(d.slotNode, m, n, "slot node", 0);
        d.digest = io.i64(d.digest);
        d.step = io.i64(d.step);
        d.timerMultiplier = io.f64(d.timerMultiplier);
        d.stamp = io.i32(d.stamp);
        d.growGlobal();
        d.budget.io(io, n);
        d.removal.io(io, n);
        d.events.io(io);
        int slots = io.i32(b.slotLimit());
        if (slots != b.slotLimit()) {
            throw new IllegalArgumentException("debris flags for " + slots + " body slots; the bodies use " + b.slotLimit());
        }
        for (int i = 0; i < slots; i++) {
            b.debris[i] = io.i8(b.debris[i]);
            b.scale[i] = io.f64(b.scale[i]);
        }
    }
}
