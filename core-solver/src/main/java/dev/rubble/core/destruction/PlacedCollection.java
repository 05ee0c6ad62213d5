package dev.rubble.core.destruction;

import dev.rubble.core.command.CollisionProxies;

import dev.rubble.spi.collection.CollectionAsset;
import dev.rubble.spi.damage.BondState;
import dev.rubble.spi.damage.DamageModel;
import dev.rubble.spi.shape.AabbTree;
import dev.rubble.spi.shape.Compound;
import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.strain.StrainModifier;

/**
 * One collection in a world: its (never mutated) asset, where its nodes live in the
 * {@link ClusterStore}, its live bonds, damage model and strain-modifier chain, and caches of
 * per-node body shapes and child BVHs (built the first time they are needed).
 */
final class PlacedCollection implements BondState {
    final int index;
    final String label;
    /** Never changed, except that a snapshot's MATL block hands back the same asset with its authored strengths (issue 23). */
    CollectionAsset asset;
    final int base;
    /** As placed, then changed by {@code Command.SetPropagation} (issue 23) or a snapshot's impact mode (issue 22); snapshots save the current ones. */
    DestructionOptions options;
    /** As placed, then changed by {@code Command.SetDamageModel} (issue 23; its name and options are in {@link #options}). */
    DamageModel damage;
    boolean forces;
    /** Per asset node its material, per material its threshold multiplier (issue 23; from the asset, changeable by commands). */
    int[] material;
    double[] multiplier;
    /** Per bond the load at which it fails on its own ({@link DamageModel#bondCapacity}); null when every bond is +∞. */
    double[] capacity;
    final StrainModifier[] modifiers;
    final boolean[] bondAlive;
    /** Children at or past this level never break; from the options, changed by {@code Command.SetLevels} (issue 13). */
    int unbreakableLevel;
    /** Debris level, removal and crumbling (docs/destruction.md "Debris and removal"); changeable at run time. */
    DebrisOptions debris = DebrisOptions.defaults();
    /** Size buckets and debris-as-sphere (issue 27 item 4; {@link CollisionProxies}); changeable at run time. */
    CollisionProxies proxies = CollisionProxies.none();
    /** Per proxy kind (index = ordinal) the proxy shapes of the nodes, built the first time they are needed. */
    private final Shape[][] proxyShapes = new Shape[CollisionProxies.Kind.values().length][];
    final double[] scratch;
    private final Shape[] shapes;
    private final AabbTree[] childTrees;
    /** Children count above which contact points find their child through a BVH. */
    static final int TREE_THRESHOLD = 16;

    PlacedCollection(int index, String label, CollectionAsset asset, int base, DestructionOptions options,
                     DamageModel damage, StrainModifier[] modifiers) {
        this.index = index;
        this.label = label;
        this.asset = asset;
        this.base = base;
        this.options = options;
        this.unbreakableLevel = options.unbreakableLevel();
        this.damage = damage;
        this.forces = damage.loadsAreForces();
        Materials.init(this);
        this.modifiers = modifiers;
        this.bondAlive = new boolean[asset.edgeCount()];
        java.util.Arrays.fill(bondAlive, true);
        this.scratch = new double[asset.nodeCount()];
        this.shapes = new Shape[asset.nodeCount()];
        this.childTrees = new AabbTree[asset.nodeCount()];
    }

    @Override
    public boolean alive(int e) {
        return bondAlive[e];
    }

    /**
     * Node {@code i}'s own hulls placed in its body frame (the collection frame moved to its centre
     * of mass): a compound of the hulls, each shifted by {@code -com}. Cached.
     */
    Shape shape(int i) {
        Shape s = shapes[i];
        if (s == null) {
            s = compound(asset, i, i + 1, null, asset.com()[3 * i], asset.com()[3 * i + 1], asset.com()[3 * i + 2]);
            shapes[i] = s;
        }
        return s;
    }

    /**
     * The collision shape a body of asset node {@code i} gets: its proxy when the collection's
     * {@link #proxies} give one for its relative size (or it is debris and debris collides as
     * spheres), else its own hulls ({@link #shape}). Cached per kind.
     */
    Shape bodyShape(int i) {
        if (!proxies.active()) {
            return shape(i);
        }
        CollisionProxies.Kind k = proxies.kindFor(asset.relativeSize()[i],
                asset.level()[i] >= debris.oneWayInteractionLevel());
        if (k == CollisionProxies.Kind.HULL) {
            return shape(i);
        }
        Shape[] cache = proxyShapes[k.ordinal()];
        if (cache == null) {
            cache = new Shape[asset.nodeCount()];
            proxyShapes[k.ordinal()] = cache;
        }
        Shape s = cache[i];
        if (s == null) {
            s = CollisionProxies.shape(asset, i, k);
            cache[i] = s;
        }
        return s;
    }

    /** A compound of the hulls of asset nodes {@code members[from..to)} (or ids from..to when members is null), shifted by -c. */
    static Shape compound(CollectionAsset a, int from, int to, int[] members, double cx, double cy, double cz) {
        java.util.List<Compound.Child> children = new java.util.ArrayList<>();
        int[] hs = a.hullStart(), hi = a.hullIndex();
        for (int k = from; k < to; k++) {
            int i = members == null ? k : members[k];
            for (int h = hs[i]; h < hs[i + 1]; h++) {
                children.add(Compound.Child.at(a.hulls()[hi[h]], -cx, -cy, -cz));
            }
        }
        return new Compound(children);
    }

    /** BVH over the asset children of node {@code i} (item k = child firstChild + k); null for few children. */
    AabbTree childTree(int i) {
        int n = asset.childCount()[i];
        if (n <= TREE_THRESHOLD) {
            return null;
        }
        AabbTree t = childTrees[i];
        if (t == null) {
            double[] boxes = new double[6 * n];
            System.arraycopy(asset.bounds(), 6 * asset.firstChild()[i], boxes, 0, 6 * n);
            t = new AabbTree(boxes);
            childTrees[i] = t;
        }
        return t;
    }
}
