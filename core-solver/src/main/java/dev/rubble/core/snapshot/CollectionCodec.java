package dev.rubble.core.snapshot;

import dev.rubble.core.command.CollisionProxies;
import dev.rubble.core.destruction.DebrisOptions;
import dev.rubble.core.destruction.DestructionRuntime;
import dev.rubble.core.destruction.DestructionOptions;
import dev.rubble.core.destruction.ImpactMode;
import dev.rubble.core.destruction.DestructionState;
import dev.rubble.core.plugin.Stages;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.spi.SnapshotState;
import dev.rubble.spi.StageConfig;
import dev.rubble.core.plugin.StageFamily;
import dev.rubble.spi.collection.CollectionAsset;
import dev.rubble.spi.collection.Strengths;
import dev.rubble.spi.damage.DamageModel;
import dev.rubble.spi.shape.ConvexHull;
import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.strain.StrainModifier;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInput;
import java.io.DataInputStream;
import java.io.DataOutput;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Section DEST (docs/snapshot-format.md, version 2): the placed geometry collections, each with
 * its asset embedded (every constructor array and its hulls, exactly), its label, destruction
 * options (damage model and strain modifiers by name and options), debris options, unbreakable
 * level, live bonds and the saved state of its strain modifiers; then the destruction runtime
 * ({@link DestructionState#writeRuntime}). Restoring re-creates the damage model and the modifiers
 * through the plugin registry, as {@code World.placeCollection} does, and hands each modifier its state.
 */
final class CollectionCodec {
    private CollectionCodec() {
    }

    static void write(DestructionRuntime d, DataOutput o) throws IOException {
        int n = d.collectionCount();
        o.writeInt(n);
        for (int c = 0; c < n; c++) {
            writeAsset(o, d.asset(c), "collection " + c);
            RecordCodec.writeValue(o, DestructionState.label(d, c), null);
            writeOptions(o, DestructionState.options(d, c));
            RecordCodec.writeString(o, DestructionState.damageModel(d, c).getClass().getName()); // checked on restore
            RecordCodec.writeRecord(o, d.debrisOptions(c), null);
            o.writeInt(DestructionState.base(d, c));
            o.writeInt(DestructionState.unbreakableLevel(d, c));
            boolean[] bonds = DestructionState.bondAlive(d, c);
            o.writeInt(bonds.length);
            for (boolean b : bonds) {
                o.writeBoolean(b);
            }
            StrainModifier[] mods = DestructionState.modifiers(d, c);
            for (StrainModifier m : mods) {
                ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                DataOutputStream mo = new DataOutputStream(bytes);
                ((SnapshotState) m).writeState(mo); // DestructionState.refusal checked the cast
                mo.flush();
                o.writeInt(bytes.size());
                o.write(bytes.toByteArray());
            }
        }
        DestructionState.writeRuntime(d, o);
        // issue 22: the collections' impact modes, a trailing block (a snapshot without it restores Chaos's mode)
        o.writeInt(IMPACT_MODES);
        for (int c = 0; c < n; c++) {
            o.writeByte(DestructionState.options(d, c).impactMode().ordinal());
        }
        writeMaterials(d, o);
        writeProxies(d, o);
    }

    /** Tag of the trailing collision-proxies block of DEST ("PRXY", issue 27). */
    private static final int PROXIES = 0x50525859;

    /**
     * Issue 27: the collections' collision proxies (size buckets, debris-as-sphere), a trailing block
     * written only when some collection has any (older snapshots, and worlds without proxies, have none):
     * per collection the bucket count, per bucket maxSize and the kind's ordinal, then debrisAsSphere.
     */
    private static void writeProxies(DestructionRuntime d, DataOutput o) throws IOException {
        int n = d.collectionCount();
        boolean any = false;
        for (int c = 0; c < n; c++) {
            any |= !d.collisionProxies(c).equals(CollisionProxies.none());
        }
        if (!any) {
            return;
        }
        o.writeInt(PROXIES);
        for (int c = 0; c < n; c++) {
            CollisionProxies p = d.collisionProxies(c);
            o.writeInt(p.buckets().size());
            for (CollisionProxies.Bucket b : p.buckets()) {
                o.writeDouble(b.maxSize());
                o.writeByte(b.shape().ordinal());
            }
            o.writeBoolean(p.debrisAsSphere());
        }
    }

    private static CollisionProxies readProxies(DataInput in, String where) throws IOException {
        int nb = in.readInt();
        if (nb < 0 || nb > 1024) {
            throw new IllegalArgumentException(where + ": collision proxy bucket count " + nb + "; allowed: 0..1024");
        }
        CollisionProxies.Kind[] kinds = CollisionProxies.Kind.values();
        List<CollisionProxies.Bucket> bs = new java.util.ArrayList<>(nb);
        for (int i = 0; i < nb; i++) {
            double max = in.readDouble();
            int k = in.readUnsignedByte();
            if (k >= kinds.length) {
                throw new IllegalArgumentException(where + ": collision proxy shape " + k + "; allowed: 0.."
                        + (kinds.length - 1));
            }
            bs.add(new CollisionProxies.Bucket(max, kinds[k]));
        }
        return new CollisionProxies(bs, in.readBoolean());
    }

    /** Tag of the trailing strengths-and-materials block of DEST ("MATL", issue 23). */
    private static final int MATERIALS = 0x4D41544C;

    /**
     * Issue 23: the assets' authored strengths and the collections' current materials and multipliers,
     * a trailing block written only when some collection has either (older snapshots have none).
     */
    private static void writeMaterials(DestructionRuntime d, DataOutput o) throws IOException {
        int n = d.collectionCount();
        boolean any = false;
        for (int c = 0; c < n; c++) {
            any |= d.asset(c).strengths() != null || !DestructionState.materialsAsAuthored(d, c);
        }
        if (!any) {
            return;
        }
        o.writeInt(MATERIALS);
        for (int c = 0; c < n; c++) {
            Strengths st = d.asset(c).strengths();
            o.writeBoolean(st != null);
            if (st != null) {
                doubles(o, st.nodeThreshold());
                ints(o, st.nodeMaterial());
                doubles(o, st.materialMultiplier());
                doubles(o, st.bondStrength());
            }
            ints(o, DestructionState.materials(d, c));
            doubles(o, DestructionState.multipliers(d, c));
        }
    }

    /** Reads the MATL block: the assets' strengths (before anything is placed) and the current materials. */
    private static CollectionAsset[] readMaterials(DataInput in, CollectionAsset[] assets, int[][] materials,
                                                   double[][] multipliers, String name) throws IOException {
        for (int c = 0; c < assets.length; c++) {
            if (in.readBoolean()) {
                try {
                    assets[c] = assets[c].withStrengths(new Strengths(doubles(in), ints(in), doubles(in),
                            doubles(in)));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(name + ": collection " + c + " strengths: " + e.getMessage(), e);
                }
            }
            materials[c] = ints(in);
            multipliers[c] = doubles(in);
        }
        return assets;
    }

    /** Tag of the trailing impact-mode block of DEST ("IMPM"). */
    private static final int IMPACT_MODES = 0x494D504D;

    static void read(DestructionRuntime d, DataInput in, Stages stages, WorldSettings settings, String name) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > (1 << 20)) {
            throw new IllegalArgumentException("collection count " + n + " is out of range");
        }
        for (int c = 0; c < n; c++) {
            String where = name + ": collection " + c;
            CollectionAsset asset = readAsset(in, where);
            String label = (String) RecordCodec.readValue(in, String.class, where + " label");
            DestructionOptions options = readOptions(in, where);
            String modelClass = RecordCodec.readString(in);
            DebrisOptions debris = (DebrisOptions) RecordCodec.readRecord(in, DebrisOptions.class, List.of(),
                    where + " debris options");
            int base = in.readInt();
            int unbreakable = in.readInt();
            int nb = in.readInt();
            if (nb != asset.edgeCount()) {
                throw new IllegalArgumentException("collection " + c + " has " + nb + " bond flags; its asset has "
                        + asset.edgeCount() + " bonds");
            }
            boolean[] bonds = new boolean[nb];
            for (int i = 0; i < nb; i++) {
                bonds[i] = in.readBoolean();
            }
            // the same choice as World.placeCollection: the options' model, else the world's, else the default
            String model = options.damageModel() != null ? options.damageModel()
                    : settings.stages().getOrDefault(StageFamily.DAMAGE_MODEL.name(), StageFamily.DAMAGE_MODEL.defaultName());
            DamageModel dm = stages.create(StageFamily.DAMAGE_MODEL, model, options.damageOptions());
            if (!dm.getClass().getName().equals(modelClass)) {
                throw new SnapshotException(where + ": damage model '" + model + "' is " + dm.getClass().getName()
                        + " in this build, but the saved collection used " + modelClass);
            }
            List<DestructionOptions.Modifier> chain = options.strainModifiers();
            StrainModifier[] mods = new StrainModifier[chain.size()];
            for (int i = 0; i < mods.length; i++) {
                mods[i] = stages.create(StageFamily.STRAIN_MODIFIER, chain.get(i).name(), chain.get(i).options());
                int len = in.readInt();
                if (len < 0 || len > (1 << 28)) {
                    throw new IllegalArgumentException("strain modifier state length " + len + " is out of range");
                }
                byte[] state = new byte[len];
                in.readFully(state);
                if (!(mods[i] instanceof SnapshotState ss)) {
                    throw new SnapshotException(where + ": strain modifier '" + chain.get(i).name() + "' ("
                            + mods[i].getClass().getName() + ") of this build cannot take back saved state");
                }
                DataInputStream si = new DataInputStream(new ByteArrayInputStream(state));
                ss.readState(si);
                if (si.available() != 0) {
                    throw new IllegalArgumentException("strain modifier '" + chain.get(i).name() + "' of collection " + c
                            + " left " + si.available() + " bytes of its saved state unread");
                }
            }
            DestructionState.restoreCollection(d, asset, label, options, dm, mods, base, unbreakable, debris, bonds);
        }
        DestructionState.readRuntime(d, in);
        while (in instanceof java.io.DataInputStream s && s.available() > 0) {
            int tag = in.readInt();
            if (tag == IMPACT_MODES) {
                for (int c = 0; c < n; c++) {
                    int m = in.readUnsignedByte();
                    if (m >= ImpactMode.values().length) {
                        throw new IllegalArgumentException(name + ": collection " + c + " impact mode " + m + "; allowed: 0.."
                                + (ImpactMode.values().length - 1));
                    }
                    DestructionState.setImpactMode(d, c, ImpactMode.values()[m]);
                }
            } else if (tag == MATERIALS) {
                CollectionAsset[] assets = new CollectionAsset[n];
                for (int c = 0; c < n; c++) {
                    assets[c] = d.asset(c);
                }
                int[][] materials = new int[n][];
                double[][] multipliers = new double[n][];
                readMaterials(in, assets, materials, multipliers, name);
                for (int c = 0; c < n; c++) {
                    DestructionState.setAsset(d, c, assets[c]);
                    DestructionState.setMaterials(d, c, materials[c], multipliers[c]);
                }
            } else if (tag == PROXIES) {
                for (int c = 0; c < n; c++) {
                    DestructionState.setCollisionProxies(d, c, readProxies(in, name + ": collection " + c));
                }
            } else {
                throw new IllegalArgumentException(name + ": unknown block 0x" + Integer.toHexString(tag) + " after the collections");
            }
        }
    }

    // ---- destruction options --------------------------------------------------------------------

    static void writeOptions(DataOutput o, DestructionOptions x) throws IOException {
        RecordCodec.writeValue(o, x.damageModel(), null);
        RecordCodec.writeValue(o, x.damageOptions(), null);
        o.writeInt(x.strainModifiers().size());
        for (DestructionOptions.Modifier m : x.strainModifiers()) {
            RecordCodec.writeString(o, m.name());
            RecordCodec.writeValue(o, m.options(), null);
        }
        o.writeBoolean(x.propagation());
        o.writeDouble(x.breakFactor());
        o.writeDouble(x.shockFactor());
        o.writeDouble(x.clusterDistanceThreshold());
        o.writeInt(x.maxClusterLevel());
        o.writeInt(x.maxSimulatedLevel());
        o.writeDouble(x.restoreMomentum());
        o.writeDouble(x.friction());
        o.writeDouble(x.restitution());
    }

    static DestructionOptions readOptions(DataInput in, String where) throws IOException {
        String model = (String) RecordCodec.readValue(in, String.class, where + " damage model");
        StageConfig dopt = (StageConfig) RecordCodec.readValue(in, StageConfig.class, where + " damage options");
        int nm = in.readInt();
        if (nm < 0 || nm > 1024) {
            throw new IllegalArgumentException(where + ": strain modifier count " + nm + " is out of range");
        }
        List<DestructionOptions.Modifier> mods = new ArrayList<>();
        for (int i = 0; i < nm; i++) {
            String mn = RecordCodec.readString(in);
            StageConfig mo = (StageConfig) RecordCodec.readValue(in, StageConfig.class, where + " modifier " + mn);
            mods.add(new DestructionOptions.Modifier(mn, mo));
        }
        return new DestructionOptions(model, dopt, mods, in.readBoolean(), in.readDouble(), in.readDouble(),
                in.readDouble(), in.readInt(), in.readInt(), in.readDouble(), in.readDouble(), in.readDouble());
    }

    // ---- the asset --------------------------------------------------------------------------------

    static void writeAsset(DataOutput o, CollectionAsset a, String what) throws IOException {
        ints(o, a.parent());
        ints(o, a.firstChild());
        ints(o, a.childCount());
        doubles(o, a.mass());
        doubles(o, a.com());
        doubles(o, a.inertia());
        doubles(o, a.volume());
        doubles(o, a.relativeSize());
        boolean[] an = a.anchored();
        o.writeInt(an.length);
        for (boolean b : an) {
            o.writeBoolean(b);
        }
        byte[] st = a.initialState();
        o.writeInt(st.length);
        o.write(st);
        ints(o, a.hullStart());
        ints(o, a.hullIndex());
        ConvexHull[] hulls = a.hulls();
        o.writeInt(hulls.length);
        for (int i = 0; i < hulls.length; i++) {
            o.write(ShapeCodec.encodeExact(hulls[i], what + " hull " + i));
        }
        ints(o, a.edgeA());
        ints(o, a.edgeB());
        doubles(o, a.edgeArea());
    }

    static CollectionAsset readAsset(DataInput in, String where) throws IOException {
        int[] parent = ints(in), firstChild = ints(in), childCount = ints(in);
        double[] mass = doubles(in), com = doubles(in), inertia = doubles(in), volume = doubles(in), rel = doubles(in);
        boolean[] anchored = new boolean[count(in)];
        for (int i = 0; i < anchored.length; i++) {
            anchored[i] = in.readBoolean();
        }
        byte[] st = new byte[count(in)];
        in.readFully(st);
        int[] hullStart = ints(in), hullIndex = ints(in);
        ConvexHull[] hulls = new ConvexHull[count(in)];
        for (int i = 0; i < hulls.length; i++) {
            Shape s = ShapeCodec.read(in);
            if (!(s instanceof ConvexHull h)) {
                throw new IllegalArgumentException(where + " hull " + i + " is a " + s.type() + ", not a convex hull");
            }
            hulls[i] = h;
        }
        int[] ea = ints(in), eb = ints(in);
        double[] area = doubles(in);
        return new CollectionAsset(parent, firstChild, childCount, mass, com, inertia, volume, rel, anchored, st,
                hullStart, hullIndex, hulls, ea, eb, area); // checks the arrays, naming a bad one
    }

    static void ints(DataOutput o, int[] a) throws IOException {
        o.writeInt(a.length);
        for (int v : a) {
            o.writeInt(v);
        }
    }

    static void doubles(DataOutput o, double[] a) throws IOException {
        o.writeInt(a.length);
        for (double v : a) {
            o.writeDouble(v);
        }
    }

    private static int count(DataInput in) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > (1 << 28)) {
            throw new IllegalArgumentException("array length " + n + " is out of range");
        }
        return n;
    }

    static int[] ints(DataInput in) throws IOException {
        int[] a = new int[count(in)];
        for (int i = 0; i < a.length; i++) {
            a[i] = in.readInt();
        }
        return a;
    }

    static double[] doubles(DataInput in) throws IOException {
        double[] a = new double[count(in)];
        for (int i = 0; i < a.length; i++) {
            a[i] = in.readDouble();
        }
        return a;
    }
}
