package dev.rubble.viewer;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.rubble.authoring.export.GlbWriter;
import dev.rubble.authoring.export.Meshes;
import dev.rubble.authoring.export.PieceMesh;
import dev.rubble.spi.render.FrameBuffer;
import dev.rubble.spi.render.RenderFrame;
import dev.rubble.spi.shape.Shape;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A run prepared for the browser: every piece's geometry once (a glTF binary, one node per piece,
 * from the project's glTF export), and per frame the pieces whose pose, state, strain or removal
 * scale changed ("deltas"), with a full keyframe every {@link #KEY_EVERY} frames so any frame is
 * rebuilt from at most {@code KEY_EVERY - 1} deltas; plus the statistics of every step.
 *
 * <p>A node is a body slot with one shape: a slot that comes back with another shape (removed,
 * then reused) is a new node. A node that is absent in a frame has scale 0 there.
 *
 * <p>Memory: the frames are not held. As the run is read, each frame's delta and each keyframe is written to a
 * temporary file (deleted by {@link #close()}, and at exit), and only their offsets stay in memory, with the
 * statistics of every step (a few numbers a frame, which the page's plots show whole). Requests read the frames back
 * from the files, and the run keeps at most {@link #MAX_HELD_FRAMES} recently read deltas and
 * {@link #MAX_HELD_KEYS} keyframes ({@link #framesHeld()}): a journal of a million steps used to be held whole as
 * deltas (44 bytes per changed piece per frame) and exhausted the heap. The bytes sent are the same.
 *
 * <p>Wire format of frames ({@link #frames(long, int)}, {@link #pose(long)}), little endian: per
 * frame block an int32 frame index, an int32 entry count, then per entry an int32 node and
 * {@link #F} float32: position x, y, z (m), orientation quaternion x, y, z, w, removal scale
 * (0 = absent), state ({@link RenderFrame#STATIC} ..), strain ratio.
 */
public final class ViewerRun implements AutoCloseable {
    /** Floats per node in a frame. */
    public static final int F = 10;
    /** A full keyframe every this many frames. */
    public static final int KEY_EVERY = 32;
    /** Most frame deltas held in memory (recently read ones): a few of the page's 48-frame chunks and a pose's deltas. */
    public static final int MAX_HELD_FRAMES = 256;
    /** Most keyframes held in memory (recently read ones). */
    public static final int MAX_HELD_KEYS = 2;

    private final String title;
    private final String[] stageNames;
    private final int frameCount;
    private final int nodeCount;
    private final int[] nodeLevel, nodePiece;
    private final int maxLevel;
    private final byte[] glb;
    /** The frame deltas, one after another, and where each starts ({@code frameCount + 1} offsets). */
    private final Path deltaFile;
    private final FileChannel deltas;
    private final long[] deltaAt;
    /** The keyframes (float32 little endian, {@code F} per node known then) and where each starts. */
    private final Path keyFile;
    private final FileChannel keys;
    private final long[] keyAt;
    /** Recently read deltas and keyframes (access order), at most MAX_HELD_FRAMES and MAX_HELD_KEYS. */
    private final LinkedHashMap<Integer, byte[]> heldDelta = new LinkedHashMap<>(16, 0.75f, true);
    private final LinkedHashMap<Integer, float[]> heldKey = new LinkedHashMap<>(4, 0.75f, true);
    private final double[] bounds;
    private final double[] struck;
    private final long[] step;
    private final double[] time;
    private final int[] awake, sleeping, statics, breaks, present;
    private final long[] totalNanos;
    private final long[][] stageNanos;
    private final long movedEntries;

    private ViewerRun(Builder b) throws IOException {
        this.title = b.title;
        this.stageNames = b.stageNames;
        this.frameCount = b.frames;
        this.nodeCount = b.meshes.size();
        this.nodeLevel = Arrays.copyOf(b.level, nodeCount);
        this.nodePiece = Arrays.copyOf(b.piece, nodeCount);
        int ml = 0;
        for (int l : nodeLevel) {
            ml = Math.max(ml, l);
        }
        this.maxLevel = ml;
        ByteArrayOutputStream os = new ByteArrayOutputStream();
        GlbWriter.write(b.meshes, null, null, os);
        this.glb = os.toByteArray();
        b.deltaOut.close();
        b.keyOut.close();
        this.deltaFile = b.deltaFile;
        this.keyFile = b.keyFile;
        this.deltaAt = Arrays.copyOf(b.deltaAt, frameCount + 1);
        this.keyAt = Arrays.copyOf(b.keyAt, b.keys + 1);
        this.deltas = FileChannel.open(deltaFile, StandardOpenOption.READ);
        FileChannel k;
        try {
            k = FileChannel.open(keyFile, StandardOpenOption.READ);
        } catch (IOException e) {
            deltas.close();
            throw e;
        }
        this.keys = k;
        this.bounds = b.bounds;
        this.struck = b.struck;
        this.step = Arrays.copyOf(b.step, frameCount);
        this.time = Arrays.copyOf(b.time, frameCount);
        this.awake = Arrays.copyOf(b.awake, frameCount);
        this.sleeping = Arrays.copyOf(b.sleeping, frameCount);
        this.statics = Arrays.copyOf(b.statics, frameCount);
        this.breaks = Arrays.copyOf(b.breaks, frameCount);
        this.present = Arrays.copyOf(b.present, frameCount);
        this.totalNanos = Arrays.copyOf(b.totalNanos, frameCount);
        this.stageNanos = new long[stageNames.length][];
        for (int s = 0; s < stageNames.length; s++) {
            stageNanos[s] = Arrays.copyOf(b.stageNanos[s], frameCount);
        }
        this.movedEntries = b.movedEntries;
    }

    /**
     * Reads frames 0 .. {@code source.lastFrame()} of a source, the frames into temporary files in the default
     * temporary directory; {@link #close()} deletes them.
     */
    public static ViewerRun of(ViewSource source) {
        Builder b;
        try {
            b = new Builder(source.title(), source.stageNames());
        } catch (IOException e) {
            throw new UncheckedIOException("the viewer cannot make its temporary frame files: " + e.getMessage(), e);
        }
        try {
            FrameBuffer f = new FrameBuffer();
            ViewSource.FrameStats st = new ViewSource.FrameStats();
            for (long k = 0, last = source.lastFrame(); k <= last; k++) {
                source.frame(k, f, st);
                b.add(f, st);
            }
            return new ViewerRun(b);
        } catch (IOException e) {
            b.discard();
            throw new UncheckedIOException("the viewer cannot write its temporary frame files: " + e.getMessage(), e);
        } catch (RuntimeException | Error e) {
            b.discard();
            throw e;
        }
    }

    /** Closes and deletes the temporary frame files; the run serves no frames after this. */
    @Override
    public void close() {
        try {
            deltas.close();
            keys.close();
        } catch (IOException e) {
            // nothing was being written; the files are deleted below all the same
        }
        try {
            Files.deleteIfExists(deltaFile);
            Files.deleteIfExists(keyFile);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete the viewer's temporary frame files: " + e.getMessage(), e);
        }
    }

    /** Frame deltas and keyframes held in memory now (recently read ones), at most MAX_HELD_FRAMES + MAX_HELD_KEYS. */
    public synchronized int framesHeld() {
        return heldDelta.size() + heldKey.size();
    }

    /** The temporary files holding the frames (deleted by {@link #close()}). */
    public List<Path> frameFiles() {
        return List.of(deltaFile, keyFile);
    }

    /** Frame k's delta block, from memory when recently read, else from the delta file. */
    private synchronized byte[] delta(int k) {
        byte[] d = heldDelta.get(k);
        if (d == null) {
            d = read(deltas, deltaAt[k], (int) (deltaAt[k + 1] - deltaAt[k]));
            heldDelta.put(k, d);
            if (heldDelta.size() > MAX_HELD_FRAMES) {
                heldDelta.remove(heldDelta.keySet().iterator().next());
            }
        }
        return d;
    }

    /** Keyframe i (frame {@code i * KEY_EVERY}), from memory when recently read, else from the key file. */
    private synchronized float[] key(int i) {
        float[] kf = heldKey.get(i);
        if (kf == null) {
            ByteBuffer b = ByteBuffer.wrap(read(keys, keyAt[i], (int) (keyAt[i + 1] - keyAt[i]))).order(ByteOrder.LITTLE_ENDIAN);
            kf = new float[b.remaining() / 4];
            b.asFloatBuffer().get(kf);
            heldKey.put(i, kf);
            if (heldKey.size() > MAX_HELD_KEYS) {
                heldKey.remove(heldKey.keySet().iterator().next());
            }
        }
        return kf;
    }

    private static byte[] read(FileChannel ch, long at, int length) {
        ByteBuffer b = ByteBuffer.allocate(length);
        try {
            while (b.hasRemaining()) {
                if (ch.read(b, at + b.position()) < 0) {
                    throw new IOException("the file ends at byte " + (at + b.position()) + " of " + (at + length));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the viewer's temporary frame file: " + e.getMessage(), e);
        }
        return b.array();
    }

    public String title() {
        return title;
    }

    public int frameCount() {
        return frameCount;
    }

    public int nodeCount() {
        return nodeCount;
    }

    /** The pieces' geometry, a glTF 2.0 binary: node {@code n} is named {@code n<n>}, in its own frame. */
    public byte[] glb() {
        return glb;
    }

    /** The body slot node {@code n} was drawn from. */
    public int nodeSlot(int n) {
        return nodePiece[n];
    }

    /** Entries over all deltas (pieces that changed, summed over frames). */
    public long movedEntries() {
        return movedEntries;
    }

    /** Frame blocks {@code from .. from + count - 1} (clamped to the run): the changes into each frame. */
    public byte[] frames(long from, int count) {
        long a = Math.max(0, from), b = Math.min(frameCount, from + Math.max(0, count));
        if (a >= b) {
            return new byte[0];
        }
        // the blocks lie one after another in the file: one read, not held (the page asks each chunk once)
        return read(deltas, deltaAt[(int) a], (int) (deltaAt[(int) b] - deltaAt[(int) a]));
    }

    /** Frame {@code k} in full (one block with every node), rebuilt from its keyframe. */
    public byte[] pose(long k) {
        int kk = (int) Math.max(0, Math.min(frameCount - 1, k));
        float[] cur = new float[F * nodeCount];
        float[] kf = key(kk / KEY_EVERY);
        System.arraycopy(kf, 0, cur, 0, Math.min(kf.length, cur.length));
        for (int j = kk / KEY_EVERY * KEY_EVERY + 1; j <= kk; j++) {
            ByteBuffer d = ByteBuffer.wrap(delta(j)).order(ByteOrder.LITTLE_ENDIAN);
            d.getInt();
            int n = d.getInt();
            for (int e = 0; e < n; e++) {
                int node = d.getInt();
                for (int a = 0; a < F; a++) {
                    cur[F * node + a] = d.getFloat();
                }
            }
        }
        ByteBuffer out = ByteBuffer.allocate(8 + nodeCount * 4 * (F + 1)).order(ByteOrder.LITTLE_ENDIAN);
        out.putInt(kk).putInt(nodeCount);
        for (int node = 0; node < nodeCount; node++) {
            out.putInt(node);
            for (int a = 0; a < F; a++) {
                out.putFloat(cur[F * node + a]);
            }
        }
        return out.array();
    }

    /** The run's description and statistics as JSON (what the page reads first). */
    public byte[] json() {
        ByteArrayOutputStream os = new ByteArrayOutputStream();
        try (JsonGenerator g = new JsonFactory().createGenerator(os)) {
            g.writeStartObject();
            g.writeStringField("title", title);
            g.writeNumberField("frames", frameCount);
            g.writeNumberField("nodes", nodeCount);
            g.writeNumberField("keyEvery", KEY_EVERY);
            g.writeNumberField("floatsPerNode", F);
            g.writeNumberField("maxLevel", maxLevel);
            g.writeFieldName("levels");
            g.writeArray(nodeLevel, 0, nodeCount);
            g.writeFieldName("pieces");
            g.writeArray(nodePiece, 0, nodeCount);
            g.writeFieldName("bounds");
            g.writeArray(bounds, 0, 6);
            if (struck != null) {
                // the first broken piece: where (m) and how fast (m/s) it left
                g.writeFieldName("struck");
                g.writeArray(struck, 0, 3);
                g.writeFieldName("struckVelocity");
                g.writeArray(struck, 3, 3);
            }
            g.writeFieldName("stages");
            g.writeStartArray();
            for (String s : stageNames) {
                g.writeString(s);
            }
            g.writeEndArray();
            g.writeObjectFieldStart("stats");
            g.writeFieldName("step");
            g.writeArray(step, 0, frameCount);
            g.writeFieldName("time");
            g.writeArray(time, 0, frameCount);
            g.writeFieldName("present");
            g.writeArray(present, 0, frameCount);
            g.writeFieldName("awake");
            g.writeArray(awake, 0, frameCount);
            g.writeFieldName("sleeping");
            g.writeArray(sleeping, 0, frameCount);
            g.writeFieldName("statics");
            g.writeArray(statics, 0, frameCount);
            g.writeFieldName("breaks");
            g.writeArray(breaks, 0, frameCount);
            g.writeFieldName("stepMs");
            g.writeStartArray();
            for (int k = 0; k < frameCount; k++) {
                g.writeNumber(Math.round(totalNanos[k] / 1e3) / 1e3);
            }
            g.writeEndArray();
            g.writeArrayFieldStart("stageMs");
            for (long[] s : stageNanos) {
                g.writeStartArray();
                for (int k = 0; k < frameCount; k++) {
                    g.writeNumber(Math.round(s[k] / 1e3) / 1e3);
                }
                g.writeEndArray();
            }
            g.writeEndArray();
            g.writeEndObject();
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return os.toByteArray();
    }

    /** Collects frames into nodes, deltas and keyframes. */
    private static final class Builder {
        final String title;
        final String[] stageNames;
        final List<PieceMesh> meshes = new ArrayList<>();
        final List<Shape> nodeShape = new ArrayList<>();
        final Map<Shape, PieceMesh> meshOf = new IdentityHashMap<>();
        int[] level = new int[64], piece = new int[64];
        int[] nodeOfSlot = new int[64];
        float[] cur = new float[64 * F];
        /** Per node: the frame it was last written in (to find the nodes absent from a frame). */
        long[] seenIn = new long[64];
        /** Frames read so far. */
        int frames;
        /** The frame deltas and keyframes as written: the files, their streams and where each starts. */
        final Path deltaFile, keyFile;
        final OutputStream deltaOut, keyOut;
        long[] deltaAt = new long[65];
        long[] keyAt = new long[9];
        int keys;
        ByteBuffer block = ByteBuffer.allocate(8 + 64 * 4 * (F + 1)).order(ByteOrder.LITTLE_ENDIAN);
        long[] step = new long[64];
        double[] time = new double[64];
        int[] awake = new int[64], sleeping = new int[64], statics = new int[64], breaks = new int[64],
                present = new int[64];
        long[] totalNanos = new long[64];
        long[][] stageNanos;
        double[] bounds;
        double[] struck;
        long movedEntries;
        // one frame's delta, reused
        int[] dNode = new int[64];
        float[] dVal = new float[64 * F];
        final float[] v = new float[F];

        Builder(String title, String[] stageNames) throws IOException {
            this.title = title;
            this.stageNames = stageNames.clone();
            this.stageNanos = new long[stageNames.length][64];
            Arrays.fill(nodeOfSlot, -1);
            Arrays.fill(seenIn, -1);
            Path d = Files.createTempFile("rubble-view-", ".frames"), kf = null;
            OutputStream dOut = null;
            try {
                d.toFile().deleteOnExit();
                kf = Files.createTempFile("rubble-view-", ".keys");
                kf.toFile().deleteOnExit();
                dOut = new BufferedOutputStream(Files.newOutputStream(d), 1 << 16);
                this.keyOut = new BufferedOutputStream(Files.newOutputStream(kf), 1 << 16);
            } catch (IOException | RuntimeException e) {
                if (dOut != null) {
                    dOut.close();
                }
                Files.deleteIfExists(d);
                if (kf != null) {
                    Files.deleteIfExists(kf);
                }
                throw e;
            }
            this.deltaFile = d;
            this.keyFile = kf;
            this.deltaOut = dOut;
        }

        /** Closes and deletes the files when the run could not be made. */
        void discard() {
            try {
                deltaOut.close();
                keyOut.close();
                Files.deleteIfExists(deltaFile);
                Files.deleteIfExists(keyFile);
            } catch (IOException e) {
                // the failure being reported matters more; the files go at exit
            }
        }

        void add(FrameBuffer f, ViewSource.FrameStats st) throws IOException {
            int k = frames;
            if (k == step.length) {
                int c = 2 * k;
                step = Arrays.copyOf(step, c);
                time = Arrays.copyOf(time, c);
                awake = Arrays.copyOf(awake, c);
                sleeping = Arrays.copyOf(sleeping, c);
                statics = Arrays.copyOf(statics, c);
                breaks = Arrays.copyOf(breaks, c);
                present = Arrays.copyOf(present, c);
                totalNanos = Arrays.copyOf(totalNanos, c);
                for (int s = 0; s < stageNanos.length; s++) {
                    stageNanos[s] = Arrays.copyOf(stageNanos[s], c);
                }
            }
            step[k] = k == 0 ? f.step() : st.step + 1;
            time[k] = f.time();
            awake[k] = st.awake;
            sleeping[k] = st.sleeping;
            statics[k] = st.statics;
            breaks[k] = st.breaks;
            totalNanos[k] = st.totalNanos;
            for (int s = 0; s < stageNanos.length; s++) {
                stageNanos[s][k] = st.stageNanos[s];
            }
            if (struck == null && st.breaks > 0) {
                struck = st.firstBreak.clone();
            }
            int changed = 0, here = 0;
            for (int i = 0, n = f.count(); i < n; i++) {
                if (f.state(i) == RenderFrame.DISABLED) {
                    continue;
                }
                int node = node(f, i);
                if (node < 0) {
                    continue; // planes have no finite surface
                }
                here++;
                for (int a = 0; a < 3; a++) {
                    v[a] = (float) f.position(i, a);
                }
                for (int a = 0; a < 4; a++) {
                    v[3 + a] = (float) f.orientation(i, a);
                }
                v[7] = (float) Math.max(f.removalScale(i), 1e-6);
                v[8] = f.state(i);
                v[9] = (float) f.strain(i);
                seenIn[node] = k;
                int o = F * node;
                boolean same = true;
                for (int a = 0; a < F && same; a++) {
                    same = Float.floatToRawIntBits(cur[o + a]) == Float.floatToRawIntBits(v[a]);
                }
                if (!same) {
                    System.arraycopy(v, 0, cur, o, F);
                    changed = addDelta(changed, node, o);
                }
            }
            present[k] = here;
            // nodes gone from this frame: scale 0
            for (int node = 0, n = meshes.size(); node < n; node++) {
                int o = F * node;
                if (seenIn[node] != k && cur[o + 7] != 0) {
                    cur[o + 7] = 0;
                    changed = addDelta(changed, node, o);
                }
            }
            int bytes = 8 + changed * 4 * (F + 1);
            if (block.capacity() < bytes) {
                block = ByteBuffer.allocate(Math.max(bytes, 2 * block.capacity())).order(ByteOrder.LITTLE_ENDIAN);
            }
            ByteBuffer d = block.clear();
            d.putInt(k).putInt(changed);
            for (int e = 0; e < changed; e++) {
                d.putInt(dNode[e]);
                for (int a = 0; a < F; a++) {
                    d.putFloat(dVal[F * e + a]);
                }
            }
            deltaOut.write(d.array(), 0, bytes);
            if (k + 1 >= deltaAt.length) {
                deltaAt = Arrays.copyOf(deltaAt, 2 * deltaAt.length);
            }
            deltaAt[k + 1] = deltaAt[k] + bytes;
            frames = k + 1;
            movedEntries += changed;
            if (k % KEY_EVERY == 0) {
                int n = F * meshes.size();
                if (block.capacity() < 4 * n) {
                    block = ByteBuffer.allocate(Math.max(4 * n, 2 * block.capacity())).order(ByteOrder.LITTLE_ENDIAN);
                }
                ByteBuffer kb = block.clear();
                for (int a = 0; a < n; a++) {
                    kb.putFloat(cur[a]);
                }
                keyOut.write(kb.array(), 0, 4 * n);
                if (keys + 1 >= keyAt.length) {
                    keyAt = Arrays.copyOf(keyAt, 2 * keyAt.length);
                }
                keyAt[keys + 1] = keyAt[keys] + 4L * n;
                keys++;
            }
            if (k == 0) {
                bounds = frameBounds(f);
            }
        }

        private int addDelta(int changed, int node, int o) {
            if (changed == dNode.length) {
                dNode = Arrays.copyOf(dNode, 2 * changed);
                dVal = Arrays.copyOf(dVal, 2 * changed * F);
            }
            dNode[changed] = node;
            System.arraycopy(cur, o, dVal, F * changed, F);
            return changed + 1;
        }

        /** The node of drawable {@code i}: its slot's node, or a new one when the slot holds a new shape; -1 for planes. */
        private int node(FrameBuffer f, int i) {
            Shape s = f.shape(i);
            int slot = f.piece(i);
            if (slot >= nodeOfSlot.length) {
                int old = nodeOfSlot.length;
                nodeOfSlot = Arrays.copyOf(nodeOfSlot, Math.max(slot + 1, 2 * old));
                Arrays.fill(nodeOfSlot, old, nodeOfSlot.length, -1);
            }
            int node = nodeOfSlot[slot];
            if (node >= 0 && nodeShape.get(node) == s) {
                return node;
            }
            PieceMesh m;
            if (meshOf.containsKey(s)) {
                m = meshOf.get(s);
            } else {
                m = Meshes.of(s, "shape", slot, f.level(i));
                meshOf.put(s, m);
            }
            if (m == null) {
                return -1;
            }
            node = meshes.size();
            meshes.add(new PieceMesh("n" + node, slot, f.level(i), m.vertices(), m.faceStart(), m.faceIndex()));
            nodeShape.add(s);
            nodeOfSlot[slot] = node;
            if (node == level.length) {
                level = Arrays.copyOf(level, 2 * node);
                piece = Arrays.copyOf(piece, 2 * node);
                seenIn = Arrays.copyOf(seenIn, 2 * node);
                Arrays.fill(seenIn, node, seenIn.length, -1);
                cur = Arrays.copyOf(cur, 2 * node * F);
            }
            level[node] = f.level(i);
            piece[node] = slot;
            return node;
        }

        /** Bounds of the moving drawables (of all when none moves), for framing the camera. */
        private static double[] frameBounds(FrameBuffer f) {
            double[] b = {Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE, -Double.MAX_VALUE,
                -Double.MAX_VALUE};
            for (int pass = 0; pass < 2 && b[0] > b[3]; pass++) {
                for (int i = 0, n = f.count(); i < n; i++) {
                    int s = f.state(i);
                    if (s == RenderFrame.DISABLED || pass == 0 && s == RenderFrame.STATIC) {
                        continue;
                    }
                    double w = 0;
                    for (int a = 0; a < 3; a++) {
                        w = Math.max(w, f.bounds(i, 3 + a) - f.bounds(i, a));
                    }
                    if (!(w < 1e6)) {
                        continue; // planes
                    }
                    for (int a = 0; a < 3; a++) {
                        b[a] = Math.min(b[a], f.bounds(i, a));
                        b[3 + a] = Math.max(b[3 + a], f.bounds(i, 3 + a));
                    }
                }
            }
            if (b[0] > b[3]) {
                return new double[] {-1, -1, -1, 1, 1, 1};
            }
            return b;
        }
    }
}
