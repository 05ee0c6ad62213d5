package dev.rubble.authoring;

import dev.rubble.spi.geom.ConvexPolytope;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import java.util.zip.CRC32;

/**
 * Saves and loads {@link GeometryCollection}s in the versioned binary format documented in
 * {@code docs/collection-format.md}: magic {@code "RBCL"}, format version, counts, the hull
 * table, the node arrays, contacts, edges, then a CRC-32 of everything before it. Big-endian;
 * doubles are stored as their IEEE-754 bits so a round trip is exact. Loading reports a wrong
 * magic, an unsupported version, truncation (with the section and byte offset), a checksum
 * mismatch or an inconsistent structure as a {@link CollectionFormatException}. Stateless.
 */
public final class CollectionFile {
    /** The first four bytes of every collection file. */
    public static final int MAGIC = 0x5242434C; // "RBCL"
    /** The format version this code writes for collections without piece meshes (and reads). */
    public static final int VERSION = 1;
    /** The format version with the optional piece-mesh section (written when the collection has meshes). */
    public static final int VERSION_MESHES = 2;
    /**
     * The format version with a flags word after the edges (bit 0 piece meshes, bit 1 strengths),
     * written when the collection has authored strengths (issue 23).
     */
    public static final int VERSION_STRENGTHS = 3;
    private static final int MAX_COUNT = 1 << 28;

    private CollectionFile() {
    }

    /** Writes {@code g} to {@code file} (replacing it). */
    public static void save(GeometryCollection g, Path file) throws IOException {
        // streamed through the checksum: the same bytes as toBytes(g) (and the same file handling as
        // Files.write) without holding the image and its growing buffer's copies in memory
        try (java.io.OutputStream fo = new java.io.BufferedOutputStream(Files.newOutputStream(file), 1 << 16)) {
            java.util.zip.CheckedOutputStream co = new java.util.zip.CheckedOutputStream(fo, new CRC32());
            DataOutputStream o = new DataOutputStream(co);
            write(g, true, o);
            o.flush();
            int c = (int) co.getChecksum().getValue();
            fo.write(new byte[] {(byte) (c >>> 24), (byte) (c >>> 16), (byte) (c >>> 8), (byte) c});
        }
    }

    /** Reads a collection from {@code file}. */
    public static GeometryCollection load(Path file) throws IOException {
        Objects.requireNonNull(file, "file is null");
        try {
            return fromBytes(Files.readAllBytes(file));
        } catch (CollectionFormatException e) {
            throw new CollectionFormatException(file + ": " + e.getMessage());
        }
    }

    /** The file image of {@code g}, with its piece meshes when it has any (version 2), else version 1. */
    public static byte[] toBytes(GeometryCollection g) {
        return toBytes(g, true);
    }

    /**
     * The file image of {@code g}; {@code meshes = false} leaves the piece meshes out (a version 1
     * image: what the simulated world uses, e.g. for journals, where megabytes of drawing data
     * have no place).
     */
    public static byte[] toBytes(GeometryCollection g, boolean meshes) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream o = new DataOutputStream(bytes)) {
            write(g, meshes, o);
        } catch (IOException e) {
            throw new IllegalStateException("writing to memory failed", e);
        }
        byte[] body = bytes.toByteArray();
        CRC32 crc = new CRC32();
        crc.update(body);
        byte[] out = java.util.Arrays.copyOf(body, body.length + 4);
        int c = (int) crc.getValue();
        out[body.length] = (byte) (c >>> 24);
        out[body.length + 1] = (byte) (c >>> 16);
        out[body.length + 2] = (byte) (c >>> 8);
        out[body.length + 3] = (byte) c;
        return out;
    }

    /** The file image of {@code g} without its trailing checksum. */
    private static void write(GeometryCollection g, boolean meshes, DataOutputStream o) throws IOException {
        int n = g.nodeCount();
        boolean withMeshes = meshes && g.meshes != null && java.util.Arrays.stream(g.meshes).anyMatch(Objects::nonNull);
        o.writeInt(MAGIC);
        boolean withStrengths = g.strengths != null;
        o.writeInt(withStrengths ? VERSION_STRENGTHS : withMeshes ? VERSION_MESHES : VERSION);
        o.writeInt(n);
        o.writeInt(g.hulls.length);
        o.writeInt(g.hullIndex.length);
        o.writeInt(g.contactA.length);
        o.writeInt(g.edgeA.length);
        o.writeDouble(g.density);
        for (ConvexPolytope p : g.hulls) {
            int[] fs = p.faceStarts();
            int[] fi = p.faceIndices();
            o.writeInt(p.vertexCount());
            o.writeInt(p.faceCount());
            o.writeInt(fi.length);
            doubles(o, p.vertices());
            ints(o, fs);
            ints(o, fi);
            doubles(o, p.planes());
        }
        ints(o, g.parent);
        ints(o, g.firstChild);
        ints(o, g.childCount);
        ints(o, g.level);
        doubles(o, g.transform);
        ints(o, g.hullStart);
        ints(o, g.hullIndex);
        doubles(o, g.volume);
        doubles(o, g.mass);
        doubles(o, g.com);
        doubles(o, g.inertia);
        doubles(o, g.relativeSize);
        o.write(g.initialState);
        for (boolean a : g.anchored) {
            o.writeByte(a ? 1 : 0);
        }
        ints(o, g.contactA);
        ints(o, g.contactB);
        doubles(o, g.contactArea);
        ints(o, g.edgeA);
        ints(o, g.edgeB);
        doubles(o, g.edgeArea);
        if (withStrengths) {
            o.writeInt((withMeshes ? 1 : 0) | 2);
        }
        if (withMeshes) {
            writeMeshes(o, g);
        }
        if (withStrengths) {
            writeStrengths(o, g.strengths);
        }
    }

    /**
     * Parses a file image. The checksum is checked before anything is parsed, every count against
     * the bytes that remain before anything is allocated, and every number for what it means (a
     * volume or mass that is NaN, infinite or not positive is refused); any other failure while
     * parsing is reported as a {@link CollectionFormatException} too.
     */
    public static GeometryCollection fromBytes(byte[] data) {
        Objects.requireNonNull(data, "data is null");
        if (data.length < HEADER_BYTES + 4) {
            throw new CollectionFormatException("truncated collection file: ended at byte " + data.length
                    + "; a header and checksum alone take " + (HEADER_BYTES + 4) + " bytes");
        }
        // checksum first: a damaged file is reported as damage, never parsed (issue 17 item 8)
        int storedCrc = ((data[data.length - 4] & 0xff) << 24) | ((data[data.length - 3] & 0xff) << 16)
                | ((data[data.length - 2] & 0xff) << 8) | (data[data.length - 1] & 0xff);
        CRC32 whole = new CRC32();
        whole.update(data, 0, data.length - 4);
        if ((int) whole.getValue() != storedCrc && readInt(data, 0) == MAGIC
                && (readInt(data, 4) == VERSION || readInt(data, 4) == VERSION_MESHES
                || readInt(data, 4) == VERSION_STRENGTHS)) {
            throw new CollectionFormatException(String.format(
                    "corrupt or truncated collection file (ended at byte %d): checksum 0x%08X does not match the"
                            + " content (0x%08X)", data.length, storedCrc, (int) whole.getValue()));
        }
        try {
            return parse(data);
        } catch (CollectionFormatException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new CollectionFormatException("corrupt collection file: " + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage()));
        }
    }

    /** Bytes of the fixed header: magic, version, five counts, density. */
    private static final int HEADER_BYTES = 4 + 4 + 5 * 4 + 8;
    /** Bytes each node takes in the node arrays (4 ints, transform, hullStart, volume, mass, com, inertia, size, 2 bytes). */
    private static final int NODE_BYTES = 16 + 56 + 4 + 8 + 8 + 24 + 48 + 8 + 2;

    private static int readInt(byte[] d, int at) {
        return ((d[at] & 0xff) << 24) | ((d[at + 1] & 0xff) << 16) | ((d[at + 2] & 0xff) << 8) | (d[at + 3] & 0xff);
    }

    private static GeometryCollection parse(byte[] data) {
        Reader r = new Reader(data);
        try {
            r.section = "header";
            int magic = r.in.readInt();
            if (magic != MAGIC) {
                throw new CollectionFormatException(String.format(
                        "not a Rubble collection file: magic 0x%08X; expected 0x%08X (\"RBCL\")", magic, MAGIC));
            }
            int version = r.in.readInt();
            if (version != VERSION && version != VERSION_MESHES && version != VERSION_STRENGTHS) {
                throw new CollectionFormatException("unsupported collection format version " + version
                        + "; supported: " + VERSION + ", " + VERSION_MESHES + ", " + VERSION_STRENGTHS);
            }
            int n = r.count("nodeCount", 1);
            int hullCount = r.count("hullCount", 0);
            int hullIdx = r.count("hullIndexCount", 0);
            int nc = r.count("contactCount", 0);
            int ne = r.count("edgeCount", 0);
            double density = r.in.readDouble();
            if (!(density > 0) || !Double.isFinite(density)) {
                throw new CollectionFormatException("density = " + density + "; allowed: finite and > 0");
            }
            // counts against the bytes they need, before allocating for them (a 40-byte file claiming
            // 2^28 hulls must not allocate a gigabyte)
            long need = HEADER_BYTES + 4 + 12L * hullCount + (long) NODE_BYTES * n + 4 + 4L * hullIdx + 16L * nc + 16L * ne;
            if (need > data.length) {
                throw new CollectionFormatException("the counts (nodes " + n + ", hulls " + hullCount + ", hull indices "
                        + hullIdx + ", contacts " + nc + ", edges " + ne + ") need at least " + need
                        + " bytes; the file has " + data.length);
            }
            ConvexPolytope[] hulls = new ConvexPolytope[hullCount];
            for (int h = 0; h < hullCount; h++) {
                r.section = "hull " + h;
                int nv = r.count("vertexCount", 4);
                int nf = r.count("faceCount", 4);
                int ni = r.count("indexCount", 3 * nf);
                double[] v = r.doubles(3 * nv);
                int[] fs = r.ints(nf + 1);
                int[] fi = r.ints(ni);
                double[] pl = r.doubles(4 * nf);
                checkHull(h, nv, fs, fi, v, pl);
                try {
                    hulls[h] = ConvexPolytope.of(v, fs, fi, pl);
                } catch (RuntimeException e) {
                    throw new CollectionFormatException("hull " + h + " is invalid: " + e.getMessage());
                }
            }
            r.section = "nodes";
            int[] parent = r.ints(n);
            int[] firstChild = r.ints(n);
            int[] childCount = r.ints(n);
            int[] level = r.ints(n);
            double[] transform = r.doubles(7 * n);
            int[] hullStart = r.ints(n + 1);
            int[] hullIndex = r.ints(hullIdx);
            double[] volume = r.doubles(n);
            double[] mass = r.doubles(n);
            double[] com = r.doubles(3 * n);
            double[] inertia = r.doubles(6 * n);
            double[] relativeSize = r.doubles(n);
            byte[] state = r.bytes(n);
            byte[] anchoredBytes = r.bytes(n);
            r.section = "contacts";
            int[] ca = r.ints(nc);
            int[] cb = r.ints(nc);
            double[] carea = r.doubles(nc);
            r.section = "edges";
            int[] ea = r.ints(ne);
            int[] eb = r.ints(ne);
            double[] earea = r.doubles(ne);
            int flags = version == VERSION_MESHES ? 1 : 0;
            if (version == VERSION_STRENGTHS) {
                r.section = "flags";
                flags = r.in.readInt();
                if ((flags & ~3) != 0) {
                    throw new CollectionFormatException("flags = " + flags + "; allowed: bits 0 (meshes) and 1 (strengths)");
                }
            }
            dev.rubble.authoring.mesh.TriMesh[] meshes = (flags & 1) != 0 ? readMeshes(r, n, data.length) : null;
            dev.rubble.spi.collection.Strengths strengths = (flags & 2) != 0 ? readStrengths(r, n, ne) : null;
            r.section = "checksum";
            int body = data.length - r.in.available();
            int stored = r.in.readInt();
            if (r.in.available() != 0) {
                throw new CollectionFormatException(r.in.available() + " unexpected bytes after the checksum at byte "
                        + (body + 4));
            }
            CRC32 crc = new CRC32();
            crc.update(data, 0, body);
            if ((int) crc.getValue() != stored) {
                throw new CollectionFormatException(String.format(
                        "corrupt collection file: checksum 0x%08X does not match the content (0x%08X)",
                        stored, (int) crc.getValue()));
            }
            boolean[] anchored = new boolean[n];
            for (int i = 0; i < n; i++) {
                if (anchoredBytes[i] > 1 || anchoredBytes[i] < 0) {
                    throw new CollectionFormatException("anchored[" + i + "] = " + anchoredBytes[i] + "; allowed: 0 or 1");
                }
                anchored[i] = anchoredBytes[i] == 1;
                if (state[i] < 0 || state[i] >= InitialState.values().length) {
                    throw new CollectionFormatException("initialState[" + i + "] = " + state[i] + "; allowed: 0.."
                            + (InitialState.values().length - 1));
                }
            }
            validate(n, hullCount, parent, firstChild, childCount, level, hullStart, hullIndex, ca, cb, ea, eb);
            physical(n, transform, volume, mass, com, inertia, relativeSize, carea, earea);
            centres(n, hulls, hullStart, hullIndex, com);
            transforms(n, parent, hulls, hullStart, hullIndex, transform, com, "node");
            GeometryCollection loaded = new GeometryCollection(parent, firstChild, childCount, level, transform, hullStart,
                    hullIndex, hulls, volume, mass, com, inertia, relativeSize, state, anchored, ca, cb, carea, ea, eb,
                    earea, density);
            loaded.meshes = meshes;
            loaded.strengths = strengths;
            return loaded;
        } catch (EOFException e) {
            throw new CollectionFormatException("truncated collection file: ended at byte " + data.length
                    + " while reading " + r.section);
        } catch (IOException e) {
            throw new IllegalStateException("reading from memory failed", e);
        }
    }

    /** Version 2's piece-mesh section: count, then per mesh its node, vertex and triangle counts and arrays. */
    private static void writeMeshes(DataOutputStream o, GeometryCollection g) throws IOException {
        int count = 0;
        for (dev.rubble.authoring.mesh.TriMesh m : g.meshes) {
            count += m != null ? 1 : 0;
        }
        o.writeInt(count);
        for (int i = 0; i < g.meshes.length; i++) {
            dev.rubble.authoring.mesh.TriMesh m = g.meshes[i];
            if (m == null) {
                continue;
            }
            o.writeInt(i);
            o.writeInt(m.vertexCount());
            o.writeInt(m.triangleCount());
            doubles(o, m.positions());
            ints(o, m.triangles());
            doubles(o, m.normals());
            doubles(o, m.uvs());
            doubles(o, m.cutPlanes());
            o.write(m.materials());
        }
    }

    /** Version 3's strengths section: material count, multipliers, per-node materials and thresholds, per-bond strengths. */
    private static void writeStrengths(DataOutputStream o, dev.rubble.spi.collection.Strengths s) throws IOException {
        o.writeInt(s.materialMultiplier().length);
        doubles(o, s.materialMultiplier());
        ints(o, s.nodeMaterial());
        doubles(o, s.nodeThreshold());
        doubles(o, s.bondStrength());
    }

    private static dev.rubble.spi.collection.Strengths readStrengths(Reader r, int n, int ne) throws IOException {
        r.section = "strengths";
        int m = r.count("materialCount", 1);
        if (m > 256) {
            throw new CollectionFormatException("strengths: materialCount = " + m + "; allowed: 1..256");
        }
        double[] mult = r.doubles(m);
        int[] mat = r.ints(n);
        double[] thr = r.doubles(n);
        double[] bs = r.doubles(ne);
        try {
            return new dev.rubble.spi.collection.Strengths(thr, mat, mult, bs);
        } catch (IllegalArgumentException e) {
            throw new CollectionFormatException("strengths: " + e.getMessage());
        }
    }

    /** Bytes a mesh's arrays take per vertex and per triangle (after its 12-byte node/count prefix). */
    private static final int MESH_VERTEX_BYTES = 24, MESH_TRIANGLE_BYTES = 12 + 72 + 48 + 32 + 1;

    private static dev.rubble.authoring.mesh.TriMesh[] readMeshes(Reader r, int n, int fileBytes) throws IOException {
        r.section = "meshes";
        int count = r.count("meshCount", 1);
        if (count > n) {
            throw new CollectionFormatException("meshes: meshCount = " + count + "; allowed: [1, " + n + "] (one per node)");
        }
        dev.rubble.authoring.mesh.TriMesh[] out = new dev.rubble.authoring.mesh.TriMesh[n];
        int last = -1;
        for (int k = 0; k < count; k++) {
            r.section = "mesh " + k;
            int node = r.in.readInt();
            if (node <= last || node >= n) {
                throw new CollectionFormatException("mesh " + k + ": node = " + node + "; allowed: (" + last + ", " + n
                        + ") (ascending node ids)");
            }
            last = node;
            int nv = r.count("vertexCount", 3);
            int nt = r.count("triangleCount", 1);
            long need = (long) MESH_VERTEX_BYTES * nv + (long) MESH_TRIANGLE_BYTES * nt + 4;
            if (need > r.in.available()) {
                throw new CollectionFormatException("mesh " + k + ": " + nv + " vertices and " + nt
                        + " triangles need " + need + " bytes; " + r.in.available() + " remain of " + fileBytes);
            }
            double[] pos = r.doubles(3 * nv);
            int[] tri = r.ints(3 * nt);
            double[] nrm = r.doubles(9 * nt);
            double[] uv = r.doubles(6 * nt);
            double[] pl = r.doubles(4 * nt);
            byte[] mat = r.bytes(nt);
            try {
                out[node] = dev.rubble.authoring.mesh.TriMesh.restore(pos, tri, nrm, uv, mat, pl);
            } catch (IllegalArgumentException e) {
                throw new CollectionFormatException("mesh " + k + " (node " + node + ") is invalid: " + e.getMessage());
            }
        }
        return out;
    }

    private static void validate(int n, int hullCount, int[] parent, int[] firstChild, int[] childCount, int[] level,
            int[] hullStart, int[] hullIndex, int[] ca, int[] cb, int[] ea, int[] eb) {
        if (parent[0] != -1 || level[0] != 0) {
            throw new CollectionFormatException("node 0 must be the root (parent -1, level 0)");
        }
        for (int i = 1; i < n; i++) {
            if (parent[i] < 0 || parent[i] >= i || level[i] != level[parent[i]] + 1) {
                throw new CollectionFormatException("node " + i + " has parent " + parent[i] + " and level " + level[i]
                        + "; allowed: an earlier node one level up (breadth-first order)");
            }
        }
        for (int i = 0; i < n; i++) {
            if (childCount[i] < 0 || (childCount[i] > 0 && (firstChild[i] <= i || (long) firstChild[i] + childCount[i] > n))) {
                throw new CollectionFormatException("node " + i + " children [" + firstChild[i] + ", +" + childCount[i]
                        + ") are out of range");
            }
            for (int c = 0; c < childCount[i]; c++) {
                if (parent[firstChild[i] + c] != i) {
                    throw new CollectionFormatException("node " + (firstChild[i] + c) + " is listed as a child of " + i
                            + " but has parent " + parent[firstChild[i] + c]);
                }
            }
            if (hullStart[i] < 0 || hullStart[i] > hullStart[i + 1]) {
                throw new CollectionFormatException("hullStart of node " + i + " is not ascending");
            }
        }
        if (hullStart[0] != 0 || hullStart[n] != hullIndex.length) {
            throw new CollectionFormatException("hullStart must run from 0 to hullIndexCount " + hullIndex.length);
        }
        for (int h : hullIndex) {
            if (h < 0 || h >= hullCount) {
                throw new CollectionFormatException("hull index " + h + " out of range [0, " + hullCount + ")");
            }
        }
        pairs("contact", ca, cb, n);
        pairs("edge", ea, eb, n);
    }

    /** The tree, hull-index and pair checks of a file, for other readers (the JSON form). */
    static void validateStructure(int n, int hullCount, int[] parent, int[] firstChild, int[] childCount, int[] level,
            int[] hullStart, int[] hullIndex, int[] ca, int[] cb, int[] ea, int[] eb) {
        validate(n, hullCount, parent, firstChild, childCount, level, hullStart, hullIndex, ca, cb, ea, eb);
    }

    static void validatePhysical(int n, double[] transform, double[] volume, double[] mass, double[] com,
            double[] inertia, double[] relativeSize, double[] carea, double[] earea) {
        physical(n, transform, volume, mass, com, inertia, relativeSize, carea, earea);
    }

    /** {@link #checkHull} for a hull named by {@code where} (a JSON path). */
    static void checkHullShape(String where, int nv, int[] fs, int[] fi, double[] v, double[] pl) {
        try {
            checkHull(0, nv, fs, fi, v, pl);
        } catch (CollectionFormatException e) {
            throw new CollectionFormatException(where + ": " + e.getMessage().replace("hull 0: ", "").replace("hull 0 ", ""));
        }
    }

    /** Face offsets and indices of hull {@code h} in range, and its numbers finite, before it is built. */
    private static void checkHull(int h, int nv, int[] fs, int[] fi, double[] v, double[] pl) {
        if (fs[0] != 0 || fs[fs.length - 1] != fi.length) {
            throw new CollectionFormatException("hull " + h + ": face offsets must run from 0 to indexCount " + fi.length);
        }
        for (int f = 0; f + 1 < fs.length; f++) {
            if (fs[f + 1] - (long) fs[f] < 3) {
                throw new CollectionFormatException("hull " + h + ": face " + f + " offsets " + fs[f] + ".." + fs[f + 1]
                        + "; allowed: ascending, at least 3 vertices per face");
            }
        }
        for (int i : fi) {
            if (i < 0 || i >= nv) {
                throw new CollectionFormatException("hull " + h + ": vertex index " + i + " out of range [0, " + nv + ")");
            }
        }
        finite("hull " + h + " vertices", v);
        finite("hull " + h + " planes", pl);
    }

    /** What the numbers mean: volumes and masses finite and > 0, everything else finite (areas and sizes >= 0). */
    private static void physical(int n, double[] transform, double[] volume, double[] mass, double[] com,
            double[] inertia, double[] relativeSize, double[] carea, double[] earea) {
        for (int i = 0; i < n; i++) {
            if (!(volume[i] > 0) || !Double.isFinite(volume[i])) {
                throw new CollectionFormatException("node " + i + " volume = " + volume[i] + "; allowed: finite and > 0 m3");
            }
            if (!(mass[i] > 0) || !Double.isFinite(mass[i])) {
                throw new CollectionFormatException("node " + i + " mass = " + mass[i] + "; allowed: finite and > 0 kg");
            }
            if (!(relativeSize[i] >= 0) || !Double.isFinite(relativeSize[i])) {
                throw new CollectionFormatException("node " + i + " relativeSize = " + relativeSize[i]
                        + "; allowed: finite and >= 0");
            }
        }
        finite("node transforms", transform);
        finite("node centres of mass", com);
        finite("node inertia tensors", inertia);
        for (int i = 0; i < n; i++) {
            if (!physicalInertia(inertia, i)) {
                throw new CollectionFormatException("node " + i + " inertia = " + inertiaText(inertia, i) + "; allowed: "
                        + INERTIA_ALLOWED);
            }
        }
        for (double[] a : new double[][] {carea, earea}) {
            for (int i = 0; i < a.length; i++) {
                if (!(a[i] >= 0) || !Double.isFinite(a[i])) {
                    throw new CollectionFormatException((a == carea ? "contact " : "edge ") + i + " area = " + a[i]
                            + "; allowed: finite and >= 0 m2");
                }
            }
        }
    }

    /**
     * Every node's centre of mass lies within the bounds of its hulls (padded by 1e-6 of their diagonal): a centre of
     * mass is inside the convex hull of its body. Before fuzz13 any finite point was taken; a piece whose centre was
     * given 10 m off its hull turned about that point and ended 8.5 m below the ground it was dropped on.
     */
    static void centres(int n, ConvexPolytope[] hulls, int[] hullStart, int[] hullIndex, double[] com) {
        double[] b = new double[6];
        for (int i = 0; i < n; i++) {
            if (!nodeBounds(i, hulls, hullStart, hullIndex, b)) {
                continue;
            }
            double pad = 1e-6 * Math.sqrt(sq(b[3] - b[0]) + sq(b[4] - b[1]) + sq(b[5] - b[2]));
            for (int k = 0; k < 3; k++) {
                double c = com[3 * i + k];
                if (!(c >= b[k] - pad && c <= b[3 + k] + pad)) {
                    throw new CollectionFormatException("node " + i + " centreOfMass = [" + com[3 * i] + ", "
                            + com[3 * i + 1] + ", " + com[3 * i + 2] + "]; allowed: a point within its hulls' bounds ["
                            + b[0] + ", " + b[1] + ", " + b[2] + "] to [" + b[3] + ", " + b[4] + ", " + b[5] + "]");
                }
            }
        }
    }

    /** Node {@code i}'s hulls' bounds into {@code b} (min xyz, max xyz); false when the node has no hull. */
    private static boolean nodeBounds(int i, ConvexPolytope[] hulls, int[] hullStart, int[] hullIndex, double[] b) {
        if (hullStart[i] == hullStart[i + 1]) {
            return false;
        }
        b[0] = b[1] = b[2] = Double.POSITIVE_INFINITY;
        b[3] = b[4] = b[5] = Double.NEGATIVE_INFINITY;
        for (int h = hullStart[i]; h < hullStart[i + 1]; h++) {
            double[] hb = hulls[hullIndex[h]].bounds();
            for (int k = 0; k < 3; k++) {
                b[k] = Math.min(b[k], hb[k]);
                b[3 + k] = Math.max(b[3 + k], hb[3 + k]);
            }
        }
        return true;
    }

    /**
     * Every node's local transform is what the format defines (docs/collection-format.md): the translation from its
     * parent's centre of mass to its own (the root's: its own centre of mass), to 1e-6 of the node's size, and the
     * identity rotation. Nothing turns or moves a piece by its transform (geometry is stored in the collection frame),
     * so before fuzz13's follow-up any finite value was taken and silently meant nothing: a node given a quarter turn
     * or a transform of [5, 0, 0, 0, 0, 0, 0] simulated unturned where its hulls are.
     */
    static void transforms(int n, int[] parent, ConvexPolytope[] hulls, int[] hullStart, int[] hullIndex,
            double[] transform, double[] com, String node) {
        double[] b = new double[6];
        for (int i = 0; i < n; i++) {
            double size = nodeBounds(i, hulls, hullStart, hullIndex, b)
                    ? Math.sqrt(sq(b[3] - b[0]) + sq(b[4] - b[1]) + sq(b[5] - b[2])) : 0;
            int p = parent[i];
            double[] want = new double[3];
            boolean ok = true;
            for (int k = 0; k < 3; k++) {
                want[k] = p < 0 ? com[3 * i + k] : com[3 * i + k] - com[3 * p + k];
                double tol = 1e-6 * size + 1e-12 * (Math.abs(com[3 * i + k]) + (p < 0 ? 0 : Math.abs(com[3 * p + k])));
                ok &= Math.abs(transform[7 * i + k] - want[k]) <= tol;
            }
            double qx = transform[7 * i + 3], qy = transform[7 * i + 4], qz = transform[7 * i + 5], qw = transform[7 * i + 6];
            ok &= Math.abs(qx) <= 1e-9 && Math.abs(qy) <= 1e-9 && Math.abs(qz) <= 1e-9 && Math.abs(Math.abs(qw) - 1) <= 1e-9;
            if (!ok) {
                throw new CollectionFormatException(String.format(java.util.Locale.ROOT,
                        "%s %d transform = [%s, %s, %s, %s, %s, %s, %s]; allowed: the translation from %s [%s, %s, %s]"
                                + " and the identity rotation [0, 0, 0, 1] (a piece's geometry is stored in the collection"
                                + " frame: move or turn its hulls' vertices instead), or no transform",
                        node, i, transform[7 * i], transform[7 * i + 1], transform[7 * i + 2], qx, qy, qz, qw,
                        p < 0 ? "the origin to the root's centre of mass" : "its parent's centre of mass to its own",
                        want[0], want[1], want[2]));
            }
        }
    }

    private static double sq(double x) {
        return x * x;
    }

    /** What {@link #physicalInertia} allows, for messages. */
    static final String INERTIA_ALLOWED = "the inertia of a body about its centre of mass (Ixx, Iyy, Izz, Ixy, Ixz, Iyz;"
            + " principal moments >= 0, none above the sum of the other two)";

    /**
     * Whether node {@code i}'s tensor in {@code inertia} (Ixx, Iyy, Izz, Ixy, Ixz, Iyz with Ixy = −∫xy dm, finite) is
     * one a body can have: its second moments {@code C = tr(I)/2 · 1 − I} ({@code C = ∫ r rᵀ dm}) are positive
     * semidefinite, which holds exactly when every principal moment is ≥ 0 and none is above the sum of the other two.
     * Checked on C / tr(I) by its principal minors, each down to −1e-9 for rounding. Before fuzz13 only finiteness
     * was checked: a piece given (1e-9, 1e-9, 500) kg·m² left the ground at 844 rad/s and rose 712 m in 4 s.
     */
    static boolean physicalInertia(double[] inertia, int i) {
        double ixx = inertia[6 * i], iyy = inertia[6 * i + 1], izz = inertia[6 * i + 2];
        double t = ixx + iyy + izz;
        if (!(t > 0) || !Double.isFinite(t)) {
            return false;
        }
        // C / t: diagonal (Iyy + Izz - Ixx) / 2t ..., off-diagonal -Ixy / t ...
        double a = 0.5 - ixx / t, b = 0.5 - iyy / t, c = 0.5 - izz / t;
        double d = -inertia[6 * i + 3] / t, e = -inertia[6 * i + 4] / t, f = -inertia[6 * i + 5] / t;
        final double tol = 1e-9;
        double det = a * (b * c - f * f) - d * (d * c - f * e) + e * (d * f - b * e);
        return a >= -tol && b >= -tol && c >= -tol && a * b - d * d >= -tol && a * c - e * e >= -tol
                && b * c - f * f >= -tol && det >= -tol;
    }

    static String inertiaText(double[] inertia, int i) {
        return "[" + inertia[6 * i] + ", " + inertia[6 * i + 1] + ", " + inertia[6 * i + 2] + ", " + inertia[6 * i + 3]
                + ", " + inertia[6 * i + 4] + ", " + inertia[6 * i + 5] + "]";
    }

    private static void finite(String what, double[] a) {
        for (int i = 0; i < a.length; i++) {
            if (!Double.isFinite(a[i])) {
                throw new CollectionFormatException(what + "[" + i + "] = " + a[i] + "; allowed: a finite number");
            }
        }
    }

    private static void pairs(String what, int[] a, int[] b, int n) {
        for (int i = 0; i < a.length; i++) {
            if (a[i] < 0 || a[i] >= b[i] || b[i] >= n) {
                throw new CollectionFormatException(what + " " + i + " = (" + a[i] + ", " + b[i]
                        + "); allowed: 0 <= a < b < " + n);
            }
        }
    }

    private static void ints(DataOutputStream o, int[] a) throws IOException {
        for (int x : a) {
            o.writeInt(x);
        }
    }

    private static void doubles(DataOutputStream o, double[] a) throws IOException {
        for (double x : a) {
            o.writeLong(Double.doubleToRawLongBits(x));
        }
    }

    private static final class Reader {
        final DataInputStream in;
        final int length;
        String section = "header";

        Reader(byte[] data) {
            this.in = new DataInputStream(new ByteArrayInputStream(data));
            this.length = data.length;
        }

        int count(String name, int min) throws IOException {
            int c = in.readInt();
            if (c < min || c > MAX_COUNT) {
                throw new CollectionFormatException(section + ": " + name + " = " + c + "; allowed: [" + min + ", "
                        + MAX_COUNT + "]");
            }
            return c;
        }

        private void need(long bytes) throws IOException {
            if (bytes > in.available()) {
                throw new EOFException();
            }
        }

        int[] ints(int n) throws IOException {
            need(4L * n);
            int[] a = new int[n];
            for (int i = 0; i < n; i++) {
                a[i] = in.readInt();
            }
            return a;
        }

        double[] doubles(int n) throws IOException {
            need(8L * n);
            double[] a = new double[n];
            for (int i = 0; i < n; i++) {
                a[i] = Double.longBitsToDouble(in.readLong());
            }
            return a;
        }

        byte[] bytes(int n) throws IOException {
            need(n);
            byte[] a = new byte[n];
            in.readFully(a);
            return a;
        }
    }
}
