package dev.rubble.cli;

import dev.rubble.authoring.GeometryCollection;
import dev.rubble.authoring.export.GlbWriter;
import dev.rubble.authoring.export.Meshes;
import dev.rubble.authoring.export.ObjPlyWriter;
import dev.rubble.authoring.export.PieceMesh;
import dev.rubble.spi.render.FrameBuffer;
import dev.rubble.spi.render.RenderFrame;
import dev.rubble.spi.shape.Shape;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Writing collections and frames of runs as OBJ, PLY and glTF binary (shared by export and fracture). */
final class Exports {
    static final String ALLOWED = ".obj, .ply, .glb";

    private Exports() {
    }

    /** The export format of a path by its extension: obj, ply, glb, or null. */
    static String format(Path out) {
        String n = out.getFileName().toString().toLowerCase(Locale.ROOT);
        for (String f : new String[] {"obj", "ply", "glb"}) {
            if (n.endsWith("." + f)) {
                return f;
            }
        }
        return null;
    }

    /** Writes a collection's leaves at rest. */
    static void collection(GeometryCollection c, String format, Path out) throws IOException {
        write(Meshes.of(c), null, null, format, out);
    }

    static void write(List<PieceMesh> meshes, double[] poses, GlbWriter.Animation anim, String format, Path out)
            throws IOException {
        OutputFiles.writeReplacing(out, os -> {
            switch (format) {
                case "obj" -> ObjPlyWriter.writeObj(meshes, poses, os);
                case "ply" -> ObjPlyWriter.writePly(meshes, poses, os);
                default -> GlbWriter.write(meshes, poses, anim, os);
            }
        });
    }

    /**
     * Writes frames {@code range} of a run: OBJ and PLY one frame (the drawables posed), glb every
     * frame as node keys. A body slot that comes back with another shape (removed, then reused) is a
     * new node; a node that is absent in a frame has scale 0 there.
     */
    /** Soft mesh {@code s} of a frame as a triangle mesh in world coordinates. */
    static PieceMesh softMesh(RenderFrame f, int s) {
        int t0 = f.softMeshTriangleStart(s), tn = f.softMeshTriangleCount(s);
        int lo = Integer.MAX_VALUE, hi = -1;
        for (int t = t0; t < t0 + tn; t++) {
            for (int k = 0; k < 3; k++) {
                lo = Math.min(lo, f.softTriangleVertex(t, k));
                hi = Math.max(hi, f.softTriangleVertex(t, k));
            }
        }
        if (hi < 0) {
            lo = hi = 0;
        }
        double[] v = new double[3 * (hi - lo + 1)];
        for (int i = lo; i <= hi && tn > 0; i++) {
            for (int a = 0; a < 3; a++) {
                v[3 * (i - lo) + a] = f.softVertex(i, a);
            }
        }
        int[] start = new int[tn + 1], index = new int[3 * tn];
        for (int t = 0; t < tn; t++) {
            start[t + 1] = 3 * (t + 1);
            for (int k = 0; k < 3; k++) {
                index[3 * t + k] = f.softTriangleVertex(t0 + t, k) - lo;
            }
        }
        return new PieceMesh("soft_" + s, 1_000_000 + s, 0, v, start, index);
    }

    /**
     * An export object name: the body's scenario id (whitespace and control characters as '_'), or
     * {@code body_SLOT} without one; a name already used (two pieces of one node, a reused slot) gets
     * {@code _SLOT}, then {@code _2}, {@code _3}, ... so every name is unique.
     */
    static String objectName(String id, int slot, java.util.Set<String> used) {
        String base = id == null || id.isBlank() ? "body_" + slot : id.strip().replaceAll("[\\s\\p{Cntrl}]+", "_");
        String name = base;
        if (used.contains(name)) {
            name = base + "_" + slot;
            for (int k = 2; used.contains(name); k++) {
                name = base + "_" + slot + "_" + k;
            }
        }
        used.add(name);
        return name;
    }

    static int run(FrameSource src, long[] range, String format, Path out) throws IOException {
        FrameBuffer f = new FrameBuffer();
        List<PieceMesh> meshes = new ArrayList<>();
        Map<Shape, PieceMesh> meshOf = new IdentityHashMap<>();
        int[] nodeOfSlot = new int[16];
        Arrays.fill(nodeOfSlot, -1);
        List<Shape> nodeShape = new ArrayList<>();
        List<float[]> keys = new ArrayList<>(); // per frame: 8 floats per node known so far (t, q, s)
        List<Float> times = new ArrayList<>();
        int frames = 0;
        java.util.Set<String> used = new java.util.HashSet<>(); // membership only: names are made in frame order
        for (long k = range[0]; k <= range[1]; k += range[2]) {
            src.frame(k, f);
            float[] key = new float[8 * Math.max(1, nodeShape.size() + f.count())];
            for (int i = 0; i < f.count(); i++) {
                Shape s = f.shape(i);
                if (f.state(i) == RenderFrame.DISABLED) {
                    continue;
                }
                int slot = f.piece(i);
                if (slot >= nodeOfSlot.length) {
                    int old = nodeOfSlot.length;
                    nodeOfSlot = Arrays.copyOf(nodeOfSlot, Math.max(slot + 1, old * 2));
                    Arrays.fill(nodeOfSlot, old, nodeOfSlot.length, -1);
                }
                int node = nodeOfSlot[slot];
                if (node < 0 || nodeShape.get(node) != s) {
                    PieceMesh m = meshOf.get(s);
                    if (m == null) {
                        m = Meshes.of(s, "body_" + slot, slot, f.level(i));
                        if (m == null) {
                            continue; // planes have no finite surface
                        }
                        meshOf.put(s, m);
                    }
                    String name = objectName(src.name(slot), slot, used);
                    node = nodeShape.size();
                    nodeShape.add(s);
                    meshes.add(new PieceMesh(name, m.piece(), m.level(), m.vertices(), m.faceStart(), m.faceIndex()));
                    nodeOfSlot[slot] = node;
                }
                int o = 8 * node;
                for (int a = 0; a < 3; a++) {
                    key[o + a] = (float) f.position(i, a);
                }
                for (int a = 0; a < 4; a++) {
                    key[o + 3 + a] = (float) f.orientation(i, a);
                }
                key[o + 7] = (float) Math.max(f.removalScale(i), 1e-9);
            }
            keys.add(key);
            times.add((float) f.time());
            frames++;
        }
        int n = meshes.size();
        if (n == 0 && (f.softMeshCount() == 0 || "glb".equals(format) && frames > 1)) {
            throw new BadInputException("nothing to export: the frames hold no body with a finite surface (planes are not exported)");
        }
        // rest pose: each node's first key
        double[] rest = new double[7 * n];
        boolean[] seen = new boolean[n];
        for (float[] key : keys) {
            for (int node = 0; node < n && 8 * node < key.length; node++) {
                if (!seen[node] && key[8 * node + 7] > 0) {
                    seen[node] = true;
                    for (int a = 0; a < 7; a++) {
                        rest[7 * node + a] = key[8 * node + a];
                    }
                }
            }
        }
        if (!"glb".equals(format) || frames == 1) {
            // one frame: only the bodies present in it
            float[] last = keys.get(keys.size() - 1);
            List<PieceMesh> present = new ArrayList<>();
            double[] poses = new double[7 * n];
            int m = 0;
            for (int node = 0; node < n; node++) {
                if (8 * node < last.length && last[8 * node + 7] > 0) {
                    present.add(meshes.get(node));
                    for (int a = 0; a < 7; a++) {
                        poses[7 * m + a] = last[8 * node + a];
                    }
                    m++;
                }
            }
            // soft bodies: their skinned meshes as they are in this frame, in world coordinates
            // (docs/soft-bodies.md, "Rendering"); a glb animation of several frames leaves them out
            int softMeshes = f.softMeshCount();
            if (softMeshes > 0) {
                poses = Arrays.copyOf(poses, 7 * (m + softMeshes));
                for (int s = 0; s < softMeshes; s++) {
                    present.add(softMesh(f, s));
                    poses[7 * m + 6] = 1; // identity pose: the vertices are in the world frame
                    m++;
                }
            }
            write(present, Arrays.copyOf(poses, 7 * m), null, format, out);
            return 1;
        }
        float[] t = new float[frames], tr = new float[3 * n * frames], rot = new float[4 * n * frames],
                sc = new float[n * frames];
        for (int k = 0; k < frames; k++) {
            t[k] = times.get(k);
            if (k > 0 && !(t[k] > t[k - 1])) {
                t[k] = Math.nextUp(t[k - 1]);
            }
            float[] key = keys.get(k);
            for (int node = 0; node < n; node++) {
                boolean here = 8 * node < key.length && key[8 * node + 7] > 0;
                for (int a = 0; a < 3; a++) {
                    tr[3 * (node * frames + k) + a] = here ? key[8 * node + a] : (float) rest[7 * node + a];
                }
                for (int a = 0; a < 4; a++) {
                    rot[4 * (node * frames + k) + a] = here ? key[8 * node + 3 + a] : (float) rest[7 * node + 3 + a];
                }
                sc[node * frames + k] = here ? key[8 * node + 7] : 0;
            }
        }
        write(meshes, rest, new GlbWriter.Animation(t, tr, rot, sc), format, out);
        return frames;
    }
}
