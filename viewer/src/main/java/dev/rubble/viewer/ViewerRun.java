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
 * <p>Memory: nothing is held per frame. As the run is read, each frame's delta, each keyframe and each frame's
 * statistics record (where its delta and keyframe start, step, time, body counts, breaks, step and stage times:
 * {@link #statsRecordBytes()}) are written to temporary files (deleted by {@link #close()}, and at exit). Requests
 * read them back, and the run keeps at most {@link #MAX_HELD_FRAMES} recently read deltas and {@link #MAX_HELD_KEYS}
 * keyframes ({@link #framesHeld()}): a journal of a million steps used to be held whole as deltas (44 bytes per
 * changed piece per frame) and exhausted the heap, and the statistics, about 300 bytes a frame, were held whole
 * after that. What the page's plots draw of the whole run is a summary of at most {@link #PLOT_POINTS} points per
 * plot ({@link #plotFramesPerPoint()}): every frame's value while the run has no more frames than that (the plots
 * drawn as before), else per run of frames the two extremes in the order they came (a 300-pixel plot of more frames
 * draws each pixel column from its lowest to its highest value either way). The bytes of frames sent are the same;
 * a frame's statistics come by {@link #stats(long, int)}.
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
    /** Most points of each plot's summary of the whole run (its canvas is 300 pixels wide). */
    public static final int PLOT_POINTS = 2048;
    /** Statistics records per {@link #stats} request at most. */
    public static final int MAX_STATS_PER_REQUEST = 256;
    /**
     * Longs per statistics record before the stage times: where the frame's delta starts, where its keyframe starts
     * (frames {@code k % KEY_EVERY == 0}), step, time (the double's bits), bodies drawn, awake, sleeping, static,
     * breaks in the step, step time (ns), breaks so far; then each stage's time (ns).
     */
    private static final int STAT_FIXED = 11;

    private final String title;
    private final String[] stageNames;
    private final int frameCount;
    private final int nodeCount;
    private final int[] nodeLevel, nodePiece;
    private final int maxLevel;
    private final byte[] glb;
    /** The frame deltas, one after another (where each starts is in its statistics record), and where the last ends. */
    private final Path deltaFile;
    private final FileChannel deltas;
    private final long deltaEnd;
    /** The keyframes (float32 little endian, {@code F} per node known then), one after another, and where the last ends. */
    private final Path keyFile;
    private final FileChannel keys;
    private final long keyEnd;
    /** One fixed-size record per frame ({@link #statsRecordBytes()}), little endian longs. */
    private final Path statsFile;
    private final FileChannel statsChannel;
    private final int recordBytes;
    /** Recently read deltas and keyframes (access order), at most MAX_HELD_FRAMES and MAX_HELD_KEYS. */
    private final LinkedHashMap<Integer, byte[]> heldDelta = new LinkedHashMap<>(16, 0.75f, true);
    private final LinkedHashMap<Integer, float[]> heldKey = new LinkedHashMap<>(4, 0.75f, true);
    private final double[] bounds;
    private final double[] struck;
    /** Time of frame 1 minus that of frame 0 (the page's playing speed), or NaN with fewer than two frames. */
    private final double dt;
    /** Frames per plot point, and per plot (breaks, awake, step ms) the summary drawn ({@link #PLOT_POINTS} at most). */
    private final int perPoint;
    private final double[][] plot;
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
        b.statsOut.close();
        this.deltaFile = b.deltaFile;
        this.keyFile = b.keyFile;
        this.statsFile = b.statsFile;
        this.deltaEnd = b.deltaEnd;
        this.keyEnd = b.keyEnd;
        this.recordBytes = 8 * (STAT_FIXED + stageNames.length);
        FileChannel[] open = new FileChannel[3];
        try {
            open[0] = FileChannel.open(deltaFile, StandardOpenOption.READ);
            open[1] = FileChannel.open(keyFile, StandardOpenOption.READ);
            open[2] = FileChannel.open(statsFile, StandardOpenOption.READ);
        } catch (IOException e) {
            for (FileChannel ch : open) {
                if (ch != null) {
                    ch.close();
                }
            }
            throw e;
        }
        this.deltas = open[0];
        this.keys = open[1];
        this.statsChannel = open[2];
        this.bounds = b.bounds;
        this.struck = b.struck;
        this.dt = b.dt;
        this.movedEntries = b.movedEntries;
        this.perPoint = Math.max(1, (frameCount + PLOT_POINTS - 1) / PLOT_POINTS);
        this.plot = summarise();
    }

    /**
     * The plots' summary, read once through the statistics file: per point (a run of {@link #perPoint} frames) the
     * breaks, awake bodies and step time (ms, rounded to the microsecond as the panel shows it) — the value itself when
     * a point is one frame, else the two extremes of the run in the order they came.
     */
    private double[][] summarise() throws IOException {
        int points = (frameCount + perPoint - 1) / perPoint, per = perPoint == 1 ? 1 : 2;
        double[][] out = new double[3][points * per];
        ByteBuffer r = ByteBuffer.allocate(recordBytes).order(ByteOrder.LITTLE_ENDIAN);
        double[] lo = new double[3], hi = new double[3];
        int[] loAt = new int[3], hiAt = new int[3];
        for (int k = 0; k < frameCount; k++) {
            r.clear();
            readFully(statsChannel, r, (long) k * recordBytes);
            double[] v = {r.getLong(8 * 8), r.getLong(8 * 5), stepMs(r.getLong(8 * 9))}; // breaks, awake, step time
            int i = k / perPoint;
            for (int s = 0; s < 3; s++) {
                if (k % perPoint == 0 || v[s] < lo[s]) {
                    lo[s] = v[s];
                    loAt[s] = k;
                }
                if (k % perPoint == 0 || v[s] > hi[s]) {
                    hi[s] = v[s];
                    hiAt[s] = k;
                }
                if (per == 1) {
                    out[s][i] = v[s];
                } else if (k % perPoint == perPoint - 1 || k == frameCount - 1) {
                    boolean lowFirst = loAt[s] <= hiAt[s];
                    out[s][2 * i] = lowFirst ? lo[s] : hi[s];
                    out[s][2 * i + 1] = lowFirst ? hi[s] : lo[s];
                }
            }
        }
        return out;
    }

    /** A step or stage time as the page shows it: milliseconds rounded to the microsecond. */
    private static double stepMs(long nanos) {
        return Math.round(nanos / 1e3) / 1e3;
    }

    /** Bytes of one frame's statistics record in the statistics file (nothing of it is held in memory). */
    public int statsRecordBytes() {
        return recordBytes;
    }

    /** Frames per point of the plots' summary: 1 while the run has at most {@link #PLOT_POINTS} frames. */
    public int plotFramesPerPoint() {
        return perPoint;
    }

    /** Long {@code field} of frame k's statistics record. */
    private synchronized long statField(int k, int field) {
        ByteBuffer r = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);
        readFully(statsChannel, r, (long) k * recordBytes + 8L * field);
        return r.getLong(0);
    }

    /** Where frame k's delta starts in the delta file ({@code k == frameCount}: where the last ends). */
    private long deltaAt(int k) {
        return k >= frameCount ? deltaEnd : statField(k, 0);
    }

    /** Where keyframe i (frame {@code i * KEY_EVERY}) starts in the key file (past the last: where the last ends). */
    private long keyAt(int i) {
        long k = (long) i * KEY_EVERY;
        return k >= frameCount ? keyEnd : statField((int) k, 1);
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
            statsChannel.close();
        } catch (IOException e) {
            // nothing was being written; the files are deleted below all the same
        }
        try {
            Files.deleteIfExists(deltaFile);
            Files.deleteIfExists(keyFile);
            Files.deleteIfExists(statsFile);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete the viewer's temporary frame files: " + e.getMessage(), e);
        }
    }

    /** Frame deltas and keyframes held in memory now (recently read ones), at most MAX_HELD_FRAMES + MAX_HELD_KEYS. */
    public synchronized int framesHeld() {
        return heldDelta.size() + heldKey.size();
    }

    /** The temporary files holding the frames and their statistics (deleted by {@link #close()}). */
    public List<Path> frameFiles() {
        return List.of(deltaFile, keyFile, statsFile);
    }

    /** Frame k's delta block, from memory when recently read, else from the delta file. */
    private synchronized byte[] delta(int k) {
        byte[] d = heldDelta.get(k);
        if (d == null) {
            long at = deltaAt(k);
            d = read(deltas, at, (int) (deltaAt(k + 1) - at));
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
            long at = keyAt(i);
            ByteBuffer b = ByteBuffer.wrap(read(keys, at, (int) (keyAt(i + 1) - at))).order(ByteOrder.LITTLE_ENDIAN);
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
        readFully(ch, b, at);
        return b.array();
    }

    /** Fills b from the channel at byte {@code at} (b's position 0 there). */
    private static void readFully(FileChannel ch, ByteBuffer b, long at) {
        try {
            while (b.hasRemaining()) {
                if (ch.read(b, at + b.position()) < 0) {
                    throw new IOException("the file ends at byte " + (at + b.position()) + " of " + (at + b.limit()));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the viewer's temporary frame file: " + e.getMessage(), e);
        }
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
        long from0 = deltaAt((int) a);
        return read(deltas, from0, (int) (deltaAt((int) b) - from0));
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
            if (Double.isFinite(dt)) {
                g.writeNumberField("dt", dt);
            }
            // the plots' summary of the whole run; a frame's statistics come from stats(from, count)
            g.writeObjectFieldStart("plots");
            g.writeNumberField("framesPerPoint", perPoint);
            String[] names = {"breaks", "awake", "stepMs"};
            for (int p = 0; p < 3; p++) {
                g.writeArrayFieldStart(names[p]);
                for (double v : plot[p]) {
                    if (p < 2) {
                        g.writeNumber((long) v);
                    } else {
                        g.writeNumber(v);
                    }
                }
                g.writeEndArray();
            }
            g.writeEndObject();
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return os.toByteArray();
    }

    /**
     * The statistics of frames {@code from .. from + count - 1} (clamped to the run; {@code count} at most
     * {@link #MAX_STATS_PER_REQUEST}) as JSON, read from the statistics file: per frame its step, time (s), bodies
     * drawn, awake, sleeping and static bodies, breaks in the step and so far, step time and each stage's time (ms).
     */
    public byte[] stats(long from, int count) {
        int a = (int) Math.max(0, Math.min(frameCount, from));
        int b = (int) Math.min(frameCount, a + (long) Math.max(0, Math.min(count, MAX_STATS_PER_REQUEST)));
        int n = b - a, stages = stageNames.length;
        ByteBuffer r = ByteBuffer.allocate(n * recordBytes).order(ByteOrder.LITTLE_ENDIAN);
        synchronized (this) {
            readFully(statsChannel, r, (long) a * recordBytes);
        }
        ByteArrayOutputStream os = new ByteArrayOutputStream();
        try (JsonGenerator g = new JsonFactory().createGenerator(os)) {
            g.writeStartObject();
            g.writeNumberField("from", a);
            String[] names = {"step", "time", "present", "awake", "sleeping", "statics", "breaks", "breaksTotal", "stepMs"};
            int[] field = {2, 3, 4, 5, 6, 7, 8, 10, 9};
            for (int f = 0; f < names.length; f++) {
                g.writeArrayFieldStart(names[f]);
                for (int k = 0; k < n; k++) {
                    long v = r.getLong(k * recordBytes + 8 * field[f]);
                    if (names[f].equals("time")) {
                        g.writeNumber(Double.longBitsToDouble(v));
                    } else if (names[f].equals("stepMs")) {
                        g.writeNumber(stepMs(v));
                    } else {
                        g.writeNumber(v);
                    }
                }
                g.writeEndArray();
            }
            g.writeArrayFieldStart("stageMs");
            for (int s = 0; s < stages; s++) {
                g.writeStartArray();
                for (int k = 0; k < n; k++) {
                    g.writeNumber(stepMs(r.getLong(k * recordBytes + 8 * (STAT_FIXED + s))));
                }
                g.writeEndArray();
            }
            g.writeEndArray();
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
        /** The frame deltas, keyframes and statistics records as written: the files, their streams, where each ends. */
        final Path deltaFile, keyFile, statsFile;
        final OutputStream deltaOut, keyOut, statsOut;
        long deltaEnd, keyEnd;
        ByteBuffer block = ByteBuffer.allocate(8 + 64 * 4 * (F + 1)).order(ByteOrder.LITTLE_ENDIAN);
        /** One statistics record, reused. */
        final ByteBuffer record;
        /** Breaks so far; frame 0's time; frame 1's time minus it. */
        long breaksTotal;
        double time0, dt = Double.NaN;
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
            this.record = ByteBuffer.allocate(8 * (STAT_FIXED + stageNames.length)).order(ByteOrder.LITTLE_ENDIAN);
            Arrays.fill(nodeOfSlot, -1);
            Arrays.fill(seenIn, -1);
            Path[] files = new Path[3];
            OutputStream[] outs = new OutputStream[3];
            String[] suffix = {".frames", ".keys", ".stats"};
            try {
                for (int i = 0; i < 3; i++) {
                    files[i] = Files.createTempFile("rubble-view-", suffix[i]);
                    files[i].toFile().deleteOnExit();
                    outs[i] = new BufferedOutputStream(Files.newOutputStream(files[i]), 1 << 16);
                }
            } catch (IOException | RuntimeException e) {
                for (int i = 0; i < 3; i++) {
                    if (outs[i] != null) {
                        outs[i].close();
                    }
                    if (files[i] != null) {
                        Files.deleteIfExists(files[i]);
                    }
                }
                throw e;
            }
            this.deltaFile = files[0];
            this.keyFile = files[1];
            this.statsFile = files[2];
            this.deltaOut = outs[0];
            this.keyOut = outs[1];
            this.statsOut = outs[2];
        }

        /** Closes and deletes the files when the run could not be made. */
        void discard() {
            try {
                deltaOut.close();
                keyOut.close();
                statsOut.close();
                Files.deleteIfExists(deltaFile);
                Files.deleteIfExists(keyFile);
                Files.deleteIfExists(statsFile);
            } catch (IOException e) {
                // the failure being reported matters more; the files go at exit
            }
        }

        void add(FrameBuffer f, ViewSource.FrameStats st) throws IOException {
            int k = frames;
            if (k == 0) {
                time0 = f.time();
            } else if (k == 1) {
                dt = f.time() - time0;
            }
            breaksTotal += st.breaks;
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
            // the frame's statistics record: longs, in the order ViewerRun reads them (STAT_FIXED before the stages)
            ByteBuffer r = record.clear();
            r.putLong(deltaEnd).putLong(keyEnd).putLong(k == 0 ? f.step() : st.step + 1)
                    .putLong(Double.doubleToRawLongBits(f.time())).putLong(here).putLong(st.awake).putLong(st.sleeping)
                    .putLong(st.statics).putLong(st.breaks).putLong(st.totalNanos).putLong(breaksTotal);
            for (int s = 0; s < stageNames.length; s++) {
                r.putLong(st.stageNanos[s]);
            }
            statsOut.write(r.array(), 0, r.position());
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
            deltaEnd += bytes;
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
                keyEnd += 4L * n;
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
