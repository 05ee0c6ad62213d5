package dev.rubble.core.destruction;

import dev.rubble.core.destruction.StressPass.Holder;
import dev.rubble.core.destruction.StressPass.State;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.stress.StressGraph;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.function.BiFunction;

/**
 * The stress pass's state in snapshots (issue 30; section STRS, docs/snapshot-format.md): per
 * collection its stress model by plugin name and options, and per asset bond the accumulated
 * damage, strength factor, last ratio and load; per holder its whole support graph — nodes, bonds,
 * loads, the solver's warm start, the last solve's outputs — and the pass's bookkeeping (last loads,
 * solved, damaging, contact counts), so a restored world takes the same solve-or-skip decisions and
 * the same PCG path and continues bit for bit. The model's cache (factorisation, preconditioner) is
 * not saved: it is rebuilt, deterministically, from the graph at the next solve.
 *
 * <pre>
 *  u32 collections { u8 has; [ str name; StageConfig options; u32 bonds; per bond: f64 damage, strength, ratio, 6 f64 load;
 *                              u32 holders; per holder: u32 node; Holder ] }
 *  Holder: i64 body; u32 n, bonds; u32 topology; u32 nodes[n]; u32 edges[bonds];
 *          per node: f64 mass, pos 3, force 3, torque 3, warm 12; u8 support; f64 warm tail
 *          per bond: u32 a, b; f64 area, centroid 3, normal 3, strength, damage, force 3, moment 3, ratio; u8 broken
 *          u32 iterations; f64 residual; u8 converged; 6 f64 last loads; u8 solved; u32 damaging;
 *          6n f64 contact; u32 contactCount; u8 hadContact, rebuilt; i64 mark; u8 hadField
 *  then, only when some collection has stress limits per material or per bond set (so a file
 *  without them is byte for byte what format 10 was, and format-10 files read as before):
 *  u32 'LIMS'; per collection with a model: u32 materials; 6 f64 per material; u8 hasBond; [6 f64 per asset bond]
 * </pre>
 */
public final class StressState {
    private StressState() {
    }

    /**
     * Writes the stress state of the stress pass {@code p} over {@code collections} placed collections
     * (called through {@link DestructionRuntime#writeStress}).
     *
     * @throws IllegalStateException when a model was turned on as an instance without a plugin name (cannot be re-created)
     */
    static void write(StressPass p, int collections, DataOutput o, ValueWriter options) throws IOException {
        int n = collections;
        o.writeInt(n);
        for (int c = 0; c < n; c++) {
            State st = p.state(c);
            o.writeBoolean(st != null);
            if (st == null) {
                continue;
            }
            if (st.name == null) {
                throw new IllegalStateException("collection " + c + " has a stress model set as an instance, without a"
                        + " plugin name; snapshots need one made by name (World.setStressModel(c, name, options))");
            }
            o.writeUTF(st.name);
            options.write(o, st.options == null ? StageConfig.empty() : st.options);
            int e = st.damage.length;
            o.writeInt(e);
            for (int k = 0; k < e; k++) {
                o.writeDouble(st.damage[k]);
                o.writeDouble(st.strength[k]);
                o.writeDouble(st.ratio[k]);
                for (int j = 0; j < 6; j++) {
                    o.writeDouble(st.load[6 * k + j]);
                }
            }
            int holders = 0;
            for (Holder hd : st.holders) {
                holders += hd != null ? 1 : 0;
            }
            o.writeInt(holders);
            for (int h = 0; h < st.holders.length; h++) {
                if (st.holders[h] != null) {
                    o.writeInt(h);
                    writeHolder(o, st.holders[h]);
                }
            }
        }
    }

    /** Tag of the optional trailer with the stress limits per material and per bond. */
    static final int LIMITS = 0x4C494D53; // "LIMS"

    /** Writes the limits trailer (nothing when no collection has material or bond limits set). */
    static void writeLimits(StressPass p, int collections, DataOutput o) throws IOException {
        boolean any = false;
        for (int c = 0; c < collections; c++) {
            any |= p.state(c) != null && p.state(c).anyLimits;
        }
        if (!any) {
            return;
        }
        o.writeInt(LIMITS);
        for (int c = 0; c < collections; c++) {
            State st = p.state(c);
            if (st == null) {
                continue;
            }
            o.writeInt(st.materialLimits.length / 6);
            doubles(o, st.materialLimits, 0, st.materialLimits.length);
            o.writeBoolean(st.bondLimits != null);
            if (st.bondLimits != null) {
                doubles(o, st.bondLimits, 0, st.bondLimits.length);
            }
        }
    }

    /** Reads the limits trailer after {@link #read} (called only when bytes follow the stress state). */
    static void readLimits(StressPass p, int collections, DataInput in) throws IOException {
        int tag = in.readInt();
        if (tag != LIMITS) {
            throw new IllegalArgumentException("stress state trailer tag = 0x" + Integer.toHexString(tag)
                    + "; allowed: 'LIMS' (stress limits)");
        }
        for (int c = 0; c < collections; c++) {
            State st = p.state(c);
            if (st == null) {
                continue;
            }
            int m = in.readInt();
            if (m != st.materialLimits.length / 6) {
                throw new IllegalArgumentException("collection " + c + " stress limits for " + m + " materials; it has "
                        + st.materialLimits.length / 6);
            }
            doubles(in, st.materialLimits, 0, st.materialLimits.length);
            if (in.readBoolean()) {
                st.bondLimits = new double[6 * st.strength.length];
                doubles(in, st.bondLimits, 0, st.bondLimits.length);
            }
            for (double v : st.materialLimits) {
                limit(v);
            }
            if (st.bondLimits != null) {
                for (double v : st.bondLimits) {
                    limit(v);
                }
            }
            p.limitsChanged(c);
        }
    }

    private static void limit(double v) {
        if (!Double.isNaN(v) && !(v >= 0)) {
            throw new IllegalArgumentException("stress limit = " + v + "; allowed: >= 0 or NaN (unset)");
        }
    }

    /** Writes a StageConfig (the snapshot's value codec). */
    public interface ValueWriter {
        void write(DataOutput o, StageConfig c) throws IOException;
    }

    /** Reads a StageConfig (the snapshot's value codec). */
    public interface ValueReader {
        StageConfig read(DataInput in) throws IOException;
    }

    /**
     * Restores the stress state into the stress pass {@code p} of a runtime whose {@code collections}
     * collections ({@code nodes} nodes) are already placed (called through
     * {@link DestructionRuntime#readStress}), re-creating
     * each model by name through {@code models}.
     *
     * @throws IllegalArgumentException naming the first inconsistency (collection count, bond count, node index)
     */
    static void read(StressPass p, int collections, int nodes, DataInput in, ValueReader options,
                     BiFunction<String, StageConfig, dev.rubble.spi.stress.StressModel> models) throws IOException {
        int n = in.readInt();
        if (n != collections) {
            throw new IllegalArgumentException("stress state for " + n + " collections; the world has " + collections);
        }
        for (int c = 0; c < n; c++) {
            if (!in.readBoolean()) {
                p.set(c, null);
                continue;
            }
            String name = in.readUTF();
            StageConfig cfg = options.read(in);
            p.set(c, models.apply(name, cfg), name, cfg);
            State st = p.state(c);
            int e = in.readInt();
            if (e != st.damage.length) {
                throw new IllegalArgumentException("collection " + c + " stress state has " + e + " bonds; its asset has "
                        + st.damage.length);
            }
            for (int k = 0; k < e; k++) {
                st.damage[k] = unit(in.readDouble(), "damage");
                st.strength[k] = in.readDouble();
                st.ratio[k] = in.readDouble();
                for (int j = 0; j < 6; j++) {
                    st.load[6 * k + j] = in.readDouble();
                }
            }
            int holders = count(in.readInt(), nodes, "stress holders");
            for (int i = 0; i < holders; i++) {
                int h = count(in.readInt(), nodes - 1, "stress holder node");
                if (st.holders.length <= h) {
                    st.holders = java.util.Arrays.copyOf(st.holders, h + 1);
                }
                Holder hd = new Holder();
                readHolder(in, hd, nodes, e);
                st.holders[h] = hd;
            }
        }
    }

    private static void writeHolder(DataOutput o, Holder hd) throws IOException {
        StressGraph g = hd.g;
        o.writeLong(hd.body);
        o.writeInt(g.nodeCount);
        o.writeInt(g.bondCount);
        o.writeInt(g.topology);
        for (int i = 0; i < g.nodeCount; i++) {
            o.writeInt(hd.nodes[i]);
        }
        for (int k = 0; k < g.bondCount; k++) {
            o.writeInt(hd.edges[k]);
        }
        for (int i = 0; i < g.nodeCount; i++) {
            o.writeDouble(g.mass[i]);
            doubles(o, g.pos, 3 * i, 3);
            doubles(o, g.force, 3 * i, 3);
            doubles(o, g.torque, 3 * i, 3);
            doubles(o, g.warm, StressGraph.WARM_PER_NODE * i, StressGraph.WARM_PER_NODE);
            o.writeBoolean(g.support[i]);
        }
        o.writeDouble(g.warm[StressGraph.WARM_PER_NODE * g.nodeCount]);
        for (int k = 0; k < g.bondCount; k++) {
            o.writeInt(g.bondA[k]);
            o.writeInt(g.bondB[k]);
            o.writeDouble(g.area[k]);
            doubles(o, g.centroid, 3 * k, 3);
            doubles(o, g.normal, 3 * k, 3);
            o.writeDouble(g.strength[k]);
            o.writeDouble(g.damage[k]);
            doubles(o, g.bondForce, 3 * k, 3);
            doubles(o, g.bondMoment, 3 * k, 3);
            o.writeDouble(g.ratio[k]);
            o.writeBoolean(g.broken[k]);
        }
        o.writeInt(g.iterations);
        o.writeDouble(g.residual);
        o.writeBoolean(g.converged);
        doubles(o, hd.lastLoad, 0, 6);
        o.writeBoolean(hd.solved);
        o.writeInt(hd.damaging);
        doubles(o, hd.contact, 0, 6 * g.nodeCount);
        o.writeInt(hd.contactCount);
        o.writeBoolean(hd.hadContact);
        o.writeBoolean(hd.rebuilt);
        o.writeLong(hd.mark);
        o.writeBoolean(hd.hadField);
    }

    private static void readHolder(DataInput in, Holder hd, int nodes, int edges) throws IOException {
        StressGraph g = hd.g;
        hd.body = in.readLong();
        int n = count(in.readInt(), nodes, "stress graph nodes");
        int b = count(in.readInt(), edges, "stress graph bonds");
        int topology = in.readInt();
        g.reset(n, b);
        g.topology = topology;
        hd.nodes = new int[n];
        hd.edges = new int[b];
        for (int i = 0; i < n; i++) {
            hd.nodes[i] = count(in.readInt(), nodes - 1, "stress graph node");
        }
        for (int k = 0; k < b; k++) {
            hd.edges[k] = count(in.readInt(), edges - 1, "stress graph bond");
        }
        for (int i = 0; i < n; i++) {
            g.mass[i] = in.readDouble();
            doubles(in, g.pos, 3 * i, 3);
            doubles(in, g.force, 3 * i, 3);
            doubles(in, g.torque, 3 * i, 3);
            doubles(in, g.warm, StressGraph.WARM_PER_NODE * i, StressGraph.WARM_PER_NODE);
            g.support[i] = in.readBoolean();
        }
        g.warm[StressGraph.WARM_PER_NODE * n] = in.readDouble();
        for (int k = 0; k < b; k++) {
            g.bondA[k] = count(in.readInt(), n - 1, "stress bond end");
            g.bondB[k] = count(in.readInt(), n - 1, "stress bond end");
            g.area[k] = in.readDouble();
            doubles(in, g.centroid, 3 * k, 3);
            doubles(in, g.normal, 3 * k, 3);
            g.strength[k] = in.readDouble();
            g.damage[k] = unit(in.readDouble(), "damage");
            doubles(in, g.bondForce, 3 * k, 3);
            doubles(in, g.bondMoment, 3 * k, 3);
            g.ratio[k] = in.readDouble();
            g.broken[k] = in.readBoolean();
        }
        g.iterations = in.readInt();
        g.residual = in.readDouble();
        g.converged = in.readBoolean();
        doubles(in, hd.lastLoad, 0, 6);
        hd.solved = in.readBoolean();
        hd.damaging = in.readInt();
        hd.contact = new double[6 * n];
        doubles(in, hd.contact, 0, 6 * n);
        hd.contactCount = in.readInt();
        hd.hadContact = in.readBoolean();
        hd.rebuilt = in.readBoolean();
        hd.mark = in.readLong();
        hd.hadField = in.readBoolean();
    }

    private static void doubles(DataOutput o, double[] a, int from, int n) throws IOException {
        for (int i = 0; i < n; i++) {
            o.writeDouble(a[from + i]);
        }
    }

    private static void doubles(DataInput in, double[] a, int from, int n) throws IOException {
        for (int i = 0; i < n; i++) {
            a[from + i] = in.readDouble();
        }
    }

    private static int count(int v, int max, String what) {
        if (v < 0 || v > max) {
            throw new IllegalArgumentException(what + " = " + v + "; allowed: 0.." + max);
        }
        return v;
    }

    private static double unit(double v, String what) {
        if (!(v >= 0 && v <= 1)) {
            throw new IllegalArgumentException(what + " = " + v + "; allowed: [0, 1]");
        }
        return v;
    }
}
