package dev.rubble.core.destruction;

import dev.rubble.core.command.CollisionProxies;

import dev.rubble.core.body.MotionType;
import dev.rubble.core.body.StateHash;
import dev.rubble.core.command.Command;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * The destruction command kinds (the COMMANDS slot; docs/destruction.md "Commands"): one entry per
 * {@link Command.Destruction} record type, each with its check (run when the command is queued and
 * again when it is applied) and its effect on the {@link DestructionContext}. Every permitted
 * subtype of {@link Command.Destruction} must have an entry (checked when this is built), so a new
 * command kind cannot be forgotten here. The table is looked up by class, never iterated.
 */
final class DestructionCommands {
    private record Kind<T extends Command.Destruction>(Consumer<T> check, Consumer<T> effect) {
    }

    private final DestructionContext d;
    private final Pieces pieces;
    private final PointStrain pointStrain;
    private final Map<Class<?>, Kind<?>> kinds = new HashMap<>();

    DestructionCommands(DestructionContext d, Pieces pieces, PointStrain pointStrain, StressPass stress) {
        this.d = d;
        this.pieces = pieces;
        this.pointStrain = pointStrain;
        kind(Command.SetBreakBudget.class, c -> { }, x -> d.budget.setBreakBudget(x.breaksPerStep()));
        kind(Command.SetReleaseThrottle.class, c -> { }, x -> d.budget.setThrottle(x.min(), x.max()));
        kind(Command.SetLevels.class, x -> d.collection(x.collection()), x -> {
            int level = Math.min(x.maxClusterLevel(), x.maxSimulatedLevel());
            d.collection(x.collection()).unbreakableLevel = level;
            d.mixDigest(-3L - x.collection(), level); // a lasting change
        });
        kind(Command.ExternalStrain.class, x -> d.globalNode(x.collection(), x.node()), x -> {
            int g = d.globalNode(x.collection(), x.node());
            if (x.strain() > d.store.externalLoad[g]) {
                d.store.externalLoad[g] = x.strain();
            }
            if (d.store.isHeldByActive(g)) {
                d.addList(g);
            }
        });
        kind(Command.InternalStrain.class, x -> d.globalNode(x.collection(), x.node()), x -> {
            int g = d.globalNode(x.collection(), x.node());
            double t = d.store.threshold[g] + x.delta();
            if (!Double.isNaN(t)) { // −∞ on an unbreakable +∞ threshold leaves it unbreakable, as the field target does
                d.store.threshold[g] = Math.max(0, t); // (a NaN threshold never compares: the piece could never break)
                d.thresholdChanged(g);
            }
            if (d.store.isHeldByActive(g)) {
                d.addList(g);
            }
        });
        kind(Command.Crumble.class, x -> d.globalNode(x.collection(), x.node()), x -> {
            int g = d.globalNode(x.collection(), x.node());
            ClusterStore s = d.store;
            for (int ch = s.firstChild[g]; ch != ClusterStore.NONE; ch = s.nextSibling[ch]) {
                s.externalLoad[ch] = Double.POSITIVE_INFINITY;
                if (s.body[g] != ClusterStore.NONE) {
                    d.addList(ch);
                }
            }
        });
        kind(Command.SetAnchor.class, x -> d.globalNode(x.collection(), x.node()),
                x -> setAnchor(d.globalNode(x.collection(), x.node()), x.anchored()));
        kind(Command.SetAnchorBox.class, x -> d.collection(x.collection()), this::anchorBox);
        kind(Command.ExternalStrainAt.class, c -> { }, pointStrain::run);
        kind(Command.SetRemovalTimerMultiplier.class, c -> { }, x -> setRemovalTimerMultiplier(x.multiplier()));
        kind(Command.SetDebrisLevel.class, this::debrisAfter, x -> setDebrisOptions(x.collection(), debrisAfter(x)));
        kind(Command.SetRemoveOnBreak.class, this::debrisAfter, x -> setDebrisOptions(x.collection(), debrisAfter(x)));
        kind(Command.SetRemoveOnSleep.class, this::debrisAfter, x -> setDebrisOptions(x.collection(), debrisAfter(x)));
        kind(Command.SetCrumbleSize.class, this::debrisAfter, x -> setDebrisOptions(x.collection(), debrisAfter(x)));
        kind(Command.SetCollisionProxies.class, x -> d.collection(x.collection()),
                x -> setCollisionProxies(x.collection(), x.proxies()));
        kind(Command.CutBond.class, x -> bond(x.collection(), x.bond()), this::cutBond);
        kind(Command.SetNodeThreshold.class, x -> d.globalNode(x.collection(), x.node()), x -> {
            int g = d.globalNode(x.collection(), x.node());
            if (Double.doubleToRawLongBits(x.threshold()) != Double.doubleToRawLongBits(d.store.threshold[g])) {
                d.store.threshold[g] = x.threshold();
                d.thresholdChanged(g);
            }
            if (d.store.isHeldByActive(g)) {
                d.addList(g); // evaluated this step against the new threshold
            }
        });
        kind(Command.SetPropagation.class, x -> d.collection(x.collection()), x -> {
            PlacedCollection pc = d.collection(x.collection());
            DestructionOptions o = pc.options.withPropagation(x.on(), x.breakFactor(), x.shockFactor());
            if (o.equals(pc.options)) {
                return;
            }
            pc.options = o;
            d.digest = StateHash.mix(StateHash.mix(StateHash.mix(StateHash.mix(d.digest, 0x9B0BL + x.collection()),
                    x.on() ? 1 : 0), x.breakFactor()), x.shockFactor()); // a lasting change
        });
        kind(Command.SetDamageModel.class, x -> d.createDamageModel(d.collection(x.collection()), x.model(), x.options()), x -> {
            PlacedCollection pc = d.collection(x.collection());
            Materials.setModel(d, pc, d.createDamageModel(pc, x.model(), x.options()),
                    pc.options.withDamageModel(x.model(), x.options()));
        });
        kind(Command.SetNodeMaterial.class, x -> {
            d.globalNode(x.collection(), x.node());
            Materials.checkMaterial(d.collection(x.collection()), x.material());
        }, x -> {
            Materials.setMaterial(d, d.collection(x.collection()), x.node(), x.material());
            StressPass.State st = stress.state(x.collection());
            if (st != null && st.anyLimits) {
                stress.limitsChanged(x.collection()); // the node's bonds take their new material's stress limits
            }
        });
        kind(Command.SetMaterialMultiplier.class, x -> Materials.checkMaterial(d.collection(x.collection()), x.material()),
                x -> Materials.setMultiplier(d, d.collection(x.collection()), x.material(), x.multiplier()));
        // issue 30: the stress model and per-bond strength at run time (journal tags 100, 101)
        kind(Command.SetStressModel.class, x -> {
            d.collection(x.collection());
            stressModel(stress, x);
        }, x -> {
            stress.replace(x.collection(), stressModel(stress, x), x.off() ? null : x.model(), x.off() ? null : x.options());
            d.mixDigest(0x57E55L << 20 | x.collection(), x.off() ? 0 : x.model().hashCode() * 31L
                    + new java.util.TreeMap<>(x.options().asMap()).toString().hashCode()); // a lasting change
        });
        kind(Command.SetBondStrength.class, x -> {
            bond(x.collection(), x.bond());
            if (stress.state(x.collection()) == null) {
                throw new IllegalArgumentException("collection " + x.collection() + " has no stress model; allowed: a"
                        + " collection with one (setStressModel first)");
            }
        }, x -> {
            stress.setStrength(x.collection(), x.bond(), x.factor());
            d.mixDigest((0x57E56L << 20 | x.collection()) * 31 + x.bond(), Double.doubleToLongBits(x.factor()));
        });
        kind(Command.SetMaterialLimits.class, x -> {
            Materials.checkMaterial(d.collection(x.collection()), x.material());
            stressState(stress, x.collection());
        }, x -> {
            stress.setMaterialLimits(x.collection(), x.material(), x.limits());
            d.mixDigest((0x57E57L << 20 | x.collection()) * 31 + x.material(), x.limits().hashCode()); // lasting
        });
        kind(Command.SetBondLimits.class, x -> {
            bond(x.collection(), x.bond());
            stressState(stress, x.collection());
        }, x -> {
            stress.setBondLimits(x.collection(), x.bond(), x.limits());
            d.mixDigest((0x57E58L << 20 | x.collection()) * 31 + x.bond(), x.limits().hashCode()); // lasting
        });
        for (Class<?> t : Command.Destruction.class.getPermittedSubclasses()) {
            if (!kinds.containsKey(t)) {
                throw new IllegalStateException("destruction command kind without an entry: " + t.getName());
            }
        }
    }

    /** Collection c's stress state; fails naming the collection when it has no stress model. */
    private static StressPass.State stressState(StressPass stress, int c) {
        StressPass.State st = stress.state(c);
        if (st == null) {
            throw new IllegalArgumentException("collection " + c + " has no stress model; allowed: a collection with one"
                    + " (setStressModel first)");
        }
        return st;
    }

    /** The model a SetStressModel names (null for "off"), created through the world's plugin registry. */
    private static dev.rubble.spi.stress.StressModel stressModel(StressPass stress, Command.SetStressModel x) {
        if (x.off()) {
            return null;
        }
        if (stress.factory == null) {
            throw new IllegalStateException("no stress-model plugins: this runtime was built without a world");
        }
        return stress.factory.apply(x.model(), x.options());
    }

    private <T extends Command.Destruction> void kind(Class<T> type, Consumer<T> check, Consumer<T> effect) {
        kinds.put(type, new Kind<>(check, effect));
    }

    @SuppressWarnings("unchecked")
    private <T extends Command.Destruction> Kind<T> kindOf(T c) {
        Kind<T> k = (Kind<T>) kinds.get(Objects.requireNonNull(c, "command is null").getClass());
        if (k == null) {
            throw new IllegalArgumentException("not a destruction command kind: " + c.getClass().getName());
        }
        return k;
    }

    /** Checks a command against the placed collections (called when it is queued). */
    void validate(Command.Destruction c) {
        kindOf(c).check().accept(c);
    }

    /** Applies a command (the COMMANDS stage), after checking it again. */
    void apply(Command.Destruction c) {
        Kind<Command.Destruction> k = kindOf(c);
        k.check().accept(c);
        k.effect().accept(c);
    }

    /** The debris options a debris or removal command would leave its collection with (validates it). */
    private DebrisOptions debrisAfter(Command.Destruction c) {
        if (c instanceof Command.SetDebrisLevel x) {
            return d.collection(x.collection()).debris.withOneWayInteractionLevel(x.level());
        } else if (c instanceof Command.SetRemoveOnBreak x) {
            DebrisOptions o = d.collection(x.collection()).debris;
            return o.withRemoveOnBreak(x.delayMin(), x.delayMax(), x.removalMin(), x.removalMax())
                    .withRemoveOnBreak(x.on());
        } else if (c instanceof Command.SetRemoveOnSleep x) {
            DebrisOptions o = d.collection(x.collection()).debris;
            return o.withRemoveOnSleep(x.timeMin(), x.timeMax(), x.removalMin(), x.removalMax())
                    .withRemoveOnSleep(x.on()).withSlowMoving(x.slowMovingAsSleeping(), x.slowSpeed());
        } else if (c instanceof Command.SetCrumbleSize x) {
            return d.collection(x.collection()).debris.withCrumbleSize(x.size());
        }
        throw new IllegalArgumentException("not a debris command: " + c);
    }

    /** Bond {@code e} of collection {@code c}, or an error naming the allowed range. */
    private PlacedCollection bond(int c, int e) {
        PlacedCollection pc = d.collection(c);
        if (e < 0 || e >= pc.asset.edgeCount()) {
            throw new IllegalArgumentException("bond = " + e + "; allowed: [0, " + pc.asset.edgeCount()
                    + ") in collection " + c);
        }
        return pc;
    }

    /** {@link Command.CutBond}: the bond dies, both ends lose it (damage model), the holder is split later in the step. */
    private void cutBond(Command.CutBond x) {
        pieces.cutBond(bond(x.collection(), x.bond()), x.bond());
    }

    private void anchorBox(Command.SetAnchorBox x) {
        PlacedCollection pc = d.collection(x.collection());
        boolean[] flags = new boolean[pc.asset.nodeCount()];
        for (int i = 0; i < flags.length; i++) {
            flags[i] = d.store.anchored[pc.base + i];
        }
        boolean[] before = flags.clone();
        Placement.markBoxes(pc.asset, new double[] {x.minX(), x.minY(), x.minZ(), x.maxX(), x.maxY(), x.maxZ()}, flags,
                x.anchored());
        for (int i = 0; i < flags.length; i++) {
            if (flags[i] != before[i]) {
                setAnchor(pc.base + i, flags[i]);
            }
        }
    }

    /** Sets or clears a node's anchor; a top node whose pinned-ness changes gets a new body (kinematic or dynamic). */
    void setAnchor(int g, boolean on) {
        ClusterStore s = d.store;
        if (s.anchored[g] == on) {
            return;
        }
        s.anchored[g] = on;
        int delta = on ? 1 : -1;
        int t = g;
        for (int x = g; x != ClusterStore.NONE; x = s.parent[x]) {
            s.anchoredCount[x] += delta;
            t = x;
        }
        d.mixDigest(g, on ? 1 : 2);
        boolean pinned = s.anchoredCount[t] > 0;
        if (!d.bodyAlive(t)) {
            return;
        }
        MotionType m = d.bodies.motion(d.bodies.slot(s.body[t]));
        if (m == MotionType.STATIC || pinned == (m == MotionType.KINEMATIC)) {
            return;
        }
        pieces.rebody(t, pinned ? MotionType.KINEMATIC : MotionType.DYNAMIC);
        d.unions.motionChanged(s.body[t]); // welded into a union: the union's motion follows in this step's flush
    }

    /** Sets collection {@code c}'s debris options (see {@link DestructionRuntime#setDebrisOptions}). */
    void setDebrisOptions(int c, DebrisOptions options) {
        Objects.requireNonNull(options, "debris options is null");
        PlacedCollection pc = d.collection(c);
        if (options.equals(pc.debris)) {
            return; // unchanged: no digest change, so worlds that never set options hash as before
        }
        pc.debris = options;
        for (int i = 0; i < d.activeCount; i++) {
            int g = d.active[i];
            long h = d.store.body[g];
            // a piece whose body was removed through the world keeps its stale handle until a pass forgets it:
            // slot() of it threw from the step, which was left half done (UnionBatch#joinCollection likewise)
            if (d.store.collection[g] == c && h != ClusterStore.NONE && d.unions.live(h)) {
                d.bodies.debris[(int) h] = d.store.level[g] >= options.oneWayInteractionLevel() ? (byte) 1 : 0;
            }
        }
        if (options.removes()) {
            d.removal.used = true;
        }
        d.digest = options.mix(StateHash.mix(d.digest, 0x5EB15L + c)); // field by field: stable across JDKs
    }

    /** Sets collection {@code c}'s collision proxies (see {@link DestructionRuntime#setCollisionProxies}). */
    void setCollisionProxies(int c, CollisionProxies proxies) {
        Objects.requireNonNull(proxies, "collision proxies is null");
        PlacedCollection pc = d.collection(c);
        if (proxies.equals(pc.proxies)) {
            return; // unchanged: no digest change, so worlds that never set them hash as before
        }
        pc.proxies = proxies;
        d.digest = proxies.mix(StateHash.mix(d.digest, 0x9A0C5L + c)); // a lasting change
    }

    /** Sets the removal timer multiplier (≥ 0, finite). */
    void setRemovalTimerMultiplier(double multiplier) {
        if (!(multiplier >= 0) || !Double.isFinite(multiplier)) {
            throw new IllegalArgumentException("removal timer multiplier = " + multiplier + "; allowed: finite, >= 0");
        }
        d.timerMultiplier = multiplier;
        d.digest = StateHash.mix(StateHash.mix(d.digest, 0x7131L), multiplier);
    }
}
