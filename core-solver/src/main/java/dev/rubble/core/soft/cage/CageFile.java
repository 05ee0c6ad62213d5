package dev.rubble.core.soft.cage;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.CRC32;

/**
 * The soft-body cage file ({@code .rbsb}), described in docs/soft-bodies.md: magic {@code "RBSB"},
 * version, six counts, the arrays of a {@link Cage} in record order, then a CRC-32 of every byte
 * before it. Big-endian. Reading checks magic, version, counts, the checksum, every index range,
 * masses ({@code > 0}) and that every tetrahedron has positive volume, and fails with a
 * {@link IllegalArgumentException} naming what is wrong.
 */
public final class CageFile {
    public static final int MAGIC = 0x52425342; // "RBSB"
    public static final int VERSION = 1;
    private static final int MAX_COUNT = 50_000_000;

    private CageFile() {
    }

    /** The file's bytes for a cage. */
    public static byte[] toBytes(Cage c) {
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            DataOutputStream o = new DataOutputStream(bytes);
            o.writeInt(MAGIC);
            o.writeInt(VERSION);
            o.writeInt(c.pointCount());
            o.writeInt(c.tetCount());
            o.writeInt(c.edgeCount());
            o.writeInt(c.surfaceCount());
            o.writeInt(c.skinVertexCount());
            o.writeInt(c.meshIndices().length / 3);
            doubles(o, c.points());
            doubles(o, c.masses());
            ints(o, c.tets());
            ints(o, c.edges());
            ints(o, c.surface());
            doubles(o, c.skinVertices());
            ints(o, c.skinPoints());
            doubles(o, c.skinWeights());
            ints(o, c.meshIndices());
            o.flush();
            CRC32 crc = new CRC32();
            crc.update(bytes.toByteArray());
            o.writeInt((int) crc.getValue());
            o.flush();
            return bytes.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static void write(Cage c, Path file) throws IOException {
        Files.write(file, toBytes(c));
    }

    public static Cage read(Path file) throws IOException {
        return fromBytes(Files.readAllBytes(file), file.toString());
    }

    /**
     * Parses and validates a cage file.
     *
     * @param name what to call the source in messages
     */
    public static Cage fromBytes(byte[] data, String name) {
        if (data.length < 36) {
            throw new IllegalArgumentException(name + ": truncated cage file (" + data.length + " bytes; header is 32)");
        }
        ByteBuffer b = ByteBuffer.wrap(data);
        int magic = b.getInt();
        if (magic != MAGIC) {
            throw new IllegalArgumentException(String.format(
                    "%s: not a Rubble soft-body cage: magic 0x%08X; expected 0x%08X (\"RBSB\")", name, magic, MAGIC));
        }
        int version = b.getInt();
        if (version != VERSION) {
            throw new IllegalArgumentException(name + ": cage file version " + version + "; supported: " + VERSION);
        }
        int np = count(b, name, "pointCount", 4);
        int nt = count(b, name, "tetCount", 1);
        int ne = count(b, name, "edgeCount", 0);
        int ns = count(b, name, "surfaceCount", 0);
        int nv = count(b, name, "skinVertexCount", 0);
        int nm = count(b, name, "meshTriangleCount", 0);
        long need = 32L + 8L * 3 * np + 8L * np + 4L * 4 * nt + 4L * 2 * ne + 4L * 3 * ns + 8L * 3 * nv
                + 4L * 4 * nv + 8L * 4 * nv + 4L * 3 * nm + 4;
        if (data.length != need) {
            throw new IllegalArgumentException(name + ": cage file is " + data.length + " bytes; its counts need " + need);
        }
        CRC32 crc = new CRC32();
        crc.update(data, 0, data.length - 4);
        int stored = ByteBuffer.wrap(data, data.length - 4, 4).getInt();
        if (stored != (int) crc.getValue()) {
            throw new IllegalArgumentException(String.format("%s: cage file checksum 0x%08X; computed 0x%08X (corrupt)",
                    name, stored, (int) crc.getValue()));
        }
        double[] points = doubles(b, 3 * np);
        double[] masses = doubles(b, np);
        int[] tets = ints(b, 4 * nt);
        int[] edges = ints(b, 2 * ne);
        int[] surface = ints(b, 3 * ns);
        double[] skinVertices = doubles(b, 3 * nv);
        int[] skinPoints = ints(b, 4 * nv);
        double[] skinWeights = doubles(b, 4 * nv);
        int[] mesh = ints(b, 3 * nm);
        for (int i = 0; i < points.length; i++) {
            finite(name, "points", i, points[i]);
        }
        for (int i = 0; i < np; i++) {
            if (!(masses[i] > 0) || Double.isInfinite(masses[i]) || Double.isInfinite(1 / masses[i])) {
                throw new IllegalArgumentException(name + ": masses[" + i + "] = " + masses[i] + "; allowed: finite, > 0 kg"
                        + " with a finite inverse");
            }
        }
        range(name, "tets", tets, np);
        range(name, "edges", edges, np);
        range(name, "surface", surface, np);
        range(name, "skinPoints", skinPoints, np);
        range(name, "meshIndices", mesh, nv);
        for (int i = 0; i < skinVertices.length; i++) {
            finite(name, "skinVertices", i, skinVertices[i]);
        }
        for (int i = 0; i < skinWeights.length; i++) {
            finite(name, "skinWeights", i, skinWeights[i]);
        }
        Cage c = new Cage(points, masses, tets, edges, surface, skinVertices, skinPoints, skinWeights, mesh);
        for (int t = 0; t < nt; t++) {
            double v = c.tetVolume(t);
            if (!(v > 0)) {
                throw new IllegalArgumentException(name + ": tet " + t + " rest volume = " + v
                        + " m³; allowed: > 0 (positively oriented, not flat)");
            }
        }
        long[] keys = new long[ne];
        for (int e = 0; e < ne; e++) {
            if (edges[2 * e] == edges[2 * e + 1]) {
                throw new IllegalArgumentException(name + ": edge " + e + " joins point " + edges[2 * e] + " to itself");
            }
            if (edges[2 * e] > edges[2 * e + 1]) {
                throw new IllegalArgumentException(name + ": edge " + e + " = " + edges[2 * e] + "-" + edges[2 * e + 1]
                        + "; allowed: point indices a < b");
            }
            keys[e] = (long) edges[2 * e] * np + edges[2 * e + 1];
        }
        // every tetrahedron's six edges must be in the edge list: a world adding the cage needs them
        // (softbody --check used to pass a cage that run then refused)
        java.util.Arrays.sort(keys);
        for (int e = 1; e < ne; e++) {
            if (keys[e] == keys[e - 1]) {
                throw new IllegalArgumentException(name + ": edge " + keys[e] / np + "-" + keys[e] % np
                        + " is listed twice; allowed: each edge once");
            }
        }
        for (int t = 0; t < nt; t++) {
            for (int a = 0; a < 4; a++) {
                for (int bb = a + 1; bb < 4; bb++) {
                    int i = Math.min(tets[4 * t + a], tets[4 * t + bb]), j = Math.max(tets[4 * t + a], tets[4 * t + bb]);
                    if (java.util.Arrays.binarySearch(keys, (long) i * np + j) < 0) {
                        throw new IllegalArgumentException(name + ": tet " + t + " has edge " + i + "-" + j
                                + ", which is not in the edge list; allowed: every tet edge listed in edges");
                    }
                }
            }
        }
        return c;
    }

    private static int count(ByteBuffer b, String name, String field, int min) {
        int n = b.getInt();
        if (n < min || n > MAX_COUNT) {
            throw new IllegalArgumentException(name + ": " + field + " = " + n + "; allowed: [" + min + ", " + MAX_COUNT + "]");
        }
        return n;
    }

    private static void range(String name, String field, int[] a, int n) {
        for (int i = 0; i < a.length; i++) {
            if (a[i] < 0 || a[i] >= n) {
                throw new IllegalArgumentException(name + ": " + field + "[" + i + "] = " + a[i] + "; allowed: [0, " + n + ")");
            }
        }
    }

    private static void finite(String name, String field, int i, double v) {
        if (!Double.isFinite(v)) {
            throw new IllegalArgumentException(name + ": " + field + "[" + i + "] = " + v + "; allowed: finite");
        }
    }

    private static void doubles(DataOutputStream o, double[] a) throws IOException {
        for (double v : a) {
            o.writeDouble(v);
        }
    }

    private static void ints(DataOutputStream o, int[] a) throws IOException {
        for (int v : a) {
            o.writeInt(v);
        }
    }

    private static double[] doubles(ByteBuffer b, int n) {
        double[] a = new double[n];
        for (int i = 0; i < n; i++) {
            a[i] = b.getDouble();
        }
        return a;
    }

    private static int[] ints(ByteBuffer b, int n) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = b.getInt();
        }
        return a;
    }
}
