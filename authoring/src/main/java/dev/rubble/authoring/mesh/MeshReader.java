package dev.rubble.authoring.mesh;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads triangle meshes: Wavefront OBJ ({@code v}, {@code vt}, {@code vn}, {@code f} with
 * polygons fanned into triangles, negative indices) and PLY (ascii, binary little and big
 * endian; {@code vertex} with x, y, z and optional nx, ny, nz and s, t or u, v; {@code face}
 * with a vertex index list). Positions with bit-identical coordinates are welded into one (files
 * often repeat a position at texture seams), so topology comes from geometry; corner normals and
 * texture coordinates are kept per triangle corner (missing normals: the face normal). Errors
 * name the file and line or element.
 */
public final class MeshReader {
    /** Most triangles read from one file. */
    public static final int MAX_TRIANGLES = 20_000_000;

    private MeshReader() {
    }

    /** Reads {@code file} by its extension ({@code .obj}, {@code .ply}, {@code .glb}, {@code .gltf}: {@link GlbReader}). */
    public static TriMesh read(Path file) throws IOException {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (!Files.isRegularFile(file)) {
            throw new MeshException(file + (Files.exists(file) ? ": is not a regular file" : ": no such file")
                    + "; allowed: a closed triangle mesh file (.obj, .ply, .glb, .gltf)");
        }
        if (name.endsWith(".obj")) {
            return obj(file);
        }
        if (name.endsWith(".ply")) {
            return ply(file);
        }
        if (name.endsWith(".glb")) {
            return GlbReader.read(file);
        }
        if (name.endsWith(".gltf")) {
            return GlbReader.readText(file);
        }
        throw new MeshException(file + ": unknown mesh format; allowed: .obj, .ply, .glb, .gltf");
    }

    /** Collects triangles with welded positions. */
    static final class Collector {
        final Map<Key, Integer> ids = new HashMap<>();
        double[] pos = new double[96];
        int nv;
        int[] tri = new int[96];
        double[] nrm = new double[288];
        double[] uv = new double[192];
        boolean[] hasN = new boolean[32];
        int nt;

        record Key(long x, long y, long z) {
        }

        int vertex(double x, double y, double z) {
            // -0.0 and 0.0 are the same point
            Key k = new Key(Double.doubleToLongBits(x + 0.0), Double.doubleToLongBits(y + 0.0),
                    Double.doubleToLongBits(z + 0.0));
            Integer id = ids.get(k);
            if (id != null) {
                return id;
            }
            if (3 * nv + 3 > pos.length) {
                pos = Arrays.copyOf(pos, 2 * pos.length);
            }
            pos[3 * nv] = x;
            pos[3 * nv + 1] = y;
            pos[3 * nv + 2] = z;
            ids.put(k, nv);
            return nv++;
        }

        void triangle(int a, int b, int c, double[] n, double[] t, boolean normals) {
            if (nt == hasN.length) {
                int cap = 2 * nt;
                tri = Arrays.copyOf(tri, 3 * cap);
                nrm = Arrays.copyOf(nrm, 9 * cap);
                uv = Arrays.copyOf(uv, 6 * cap);
                hasN = Arrays.copyOf(hasN, cap);
            }
            tri[3 * nt] = a;
            tri[3 * nt + 1] = b;
            tri[3 * nt + 2] = c;
            System.arraycopy(n, 0, nrm, 9 * nt, 9);
            System.arraycopy(t, 0, uv, 6 * nt, 6);
            hasN[nt] = normals;
            nt++;
        }

        TriMesh build(String name) {
            if (nt == 0) {
                throw new MeshException(name + ": no triangles");
            }
            double[] p = Arrays.copyOf(pos, 3 * nv);
            int[] t = Arrays.copyOf(tri, 3 * nt);
            double[] n = Arrays.copyOf(nrm, 9 * nt);
            double[] f = new double[3];
            for (int i = 0; i < nt; i++) {
                if (!hasN[i]) {
                    TriMesh.faceNormal(p, t[3 * i], t[3 * i + 1], t[3 * i + 2], f);
                    for (int k = 0; k < 3; k++) {
                        System.arraycopy(f, 0, n, 9 * i + 3 * k, 3);
                    }
                }
            }
            double[] pl = new double[4 * nt];
            Arrays.fill(pl, Double.NaN);
            return new TriMesh(p, t, n, Arrays.copyOf(uv, 6 * nt), new byte[nt], pl);
        }
    }

    static TriMesh obj(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        double[] v = new double[96];
        int nv = 0;
        double[] vt = new double[64];
        int nvt = 0;
        double[] vn = new double[96];
        int nvn = 0;
        Collector c = new Collector();
        double[] cn = new double[9];
        double[] cuv = new double[6];
        for (int ln = 0; ln < lines.size(); ln++) {
            String line = lines.get(ln).trim();
            if (line.isEmpty() || line.charAt(0) == '#') {
                continue;
            }
            String[] f = line.split("\\s+");
            String where = file + ":" + (ln + 1);
            switch (f[0]) {
                case "v" -> {
                    if (f.length < 4) {
                        throw new MeshException(where + ": 'v' needs x y z");
                    }
                    if (3 * nv + 3 > v.length) {
                        v = Arrays.copyOf(v, 2 * v.length);
                    }
                    for (int k = 0; k < 3; k++) {
                        v[3 * nv + k] = number(f[k + 1], where);
                    }
                    nv++;
                }
                case "vt" -> {
                    if (f.length < 2) {
                        throw new MeshException(where + ": 'vt' needs u [v]");
                    }
                    if (2 * nvt + 2 > vt.length) {
                        vt = Arrays.copyOf(vt, 2 * vt.length);
                    }
                    vt[2 * nvt] = number(f[1], where);
                    vt[2 * nvt + 1] = f.length > 2 ? number(f[2], where) : 0;
                    nvt++;
                }
                case "vn" -> {
                    if (f.length < 4) {
                        throw new MeshException(where + ": 'vn' needs x y z");
                    }
                    if (3 * nvn + 3 > vn.length) {
                        vn = Arrays.copyOf(vn, 2 * vn.length);
                    }
                    for (int k = 0; k < 3; k++) {
                        vn[3 * nvn + k] = number(f[k + 1], where);
                    }
                    nvn++;
                }
                case "f" -> {
                    int n = f.length - 1;
                    if (n < 3) {
                        throw new MeshException(where + ": a face needs at least 3 vertices, got " + n);
                    }
                    int[] pi = new int[n];
                    int[] ti = new int[n];
                    int[] ni = new int[n];
                    for (int k = 0; k < n; k++) {
                        String[] parts = f[k + 1].split("/", -1);
                        pi[k] = index(parts[0], nv, where, "vertex");
                        ti[k] = parts.length > 1 && !parts[1].isEmpty() ? index(parts[1], nvt, where, "texture coordinate") : -1;
                        ni[k] = parts.length > 2 && !parts[2].isEmpty() ? index(parts[2], nvn, where, "normal") : -1;
                    }
                    int[] id = new int[n];
                    for (int k = 0; k < n; k++) {
                        id[k] = c.vertex(v[3 * pi[k]], v[3 * pi[k] + 1], v[3 * pi[k] + 2]);
                    }
                    for (int k = 1; k + 1 < n; k++) {
                        int[] corner = {0, k, k + 1};
                        boolean normals = true;
                        for (int q = 0; q < 3; q++) {
                            int cc = corner[q];
                            if (ni[cc] >= 0) {
                                double x = vn[3 * ni[cc]], y = vn[3 * ni[cc] + 1], z = vn[3 * ni[cc] + 2];
                                double l = Math.sqrt(x * x + y * y + z * z);
                                l = l > 0 ? l : 1;
                                cn[3 * q] = x / l;
                                cn[3 * q + 1] = y / l;
                                cn[3 * q + 2] = z / l;
                            } else {
                                normals = false;
                            }
                            cuv[2 * q] = ti[cc] >= 0 ? vt[2 * ti[cc]] : 0;
                            cuv[2 * q + 1] = ti[cc] >= 0 ? vt[2 * ti[cc] + 1] : 0;
                        }
                        if (c.nt >= MAX_TRIANGLES) {
                            throw new MeshException(where + ": more than " + MAX_TRIANGLES + " triangles");
                        }
                        c.triangle(id[0], id[k], id[k + 1], cn, cuv, normals);
                    }
                }
                default -> {
                    // groups, objects, materials, smoothing: ignored
                }
            }
        }
        return c.build(file.toString());
    }

    private static double number(String s, String where) {
        double d;
        try {
            d = Double.parseDouble(s);
        } catch (NumberFormatException e) {
            throw new MeshException(where + ": '" + s + "' is not a number");
        }
        if (!Double.isFinite(d)) {
            throw new MeshException(where + ": '" + s + "' is not finite");
        }
        return d;
    }

    private static int index(String s, int count, String where, String what) {
        int i;
        try {
            i = Integer.parseInt(s);
        } catch (NumberFormatException e) {
            throw new MeshException(where + ": " + what + " index '" + s + "' is not an integer");
        }
        int r = i > 0 ? i - 1 : count + i;
        if (i == 0 || r < 0 || r >= count) {
            throw new MeshException(where + ": " + what + " index " + i + " is out of range; allowed: 1.." + count
                    + " or -" + count + "..-1");
        }
        return r;
    }

    // ---- PLY ----

    private record Prop(String name, String type, String countType) {
    }

    private record Element(String name, int count, List<Prop> props) {
    }

    static TriMesh ply(Path file) throws IOException {
        try (InputStream raw = new BufferedInputStream(Files.newInputStream(file))) {
            DataInputStream in = new DataInputStream(raw);
            String first = line(in);
            if (!"ply".equals(first)) {
                throw new MeshException(file + ": not a PLY file (first line '" + first + "'; expected 'ply')");
            }
            String format = null;
            List<Element> elements = new ArrayList<>();
            while (true) {
                String l = line(in);
                if (l == null) {
                    throw new MeshException(file + ": header has no 'end_header'");
                }
                String[] f = l.trim().split("\\s+");
                if (f[0].equals("end_header")) {
                    break;
                }
                switch (f[0]) {
                    case "format" -> format = f.length > 1 ? f[1] : "";
                    case "element" -> {
                        if (f.length < 3) {
                            throw new MeshException(file + ": bad header line '" + l + "'");
                        }
                        int count;
                        try {
                            count = Integer.parseInt(f[2]);
                        } catch (NumberFormatException e) {
                            count = -1;
                        }
                        if (count < 0) { // -1 was a NegativeArraySizeException, "many" a bare "For input string"
                            throw new MeshException(file + ": element '" + f[1] + "' count '" + f[2] + "'; allowed: a whole"
                                    + " number 0.." + Integer.MAX_VALUE);
                        }
                        elements.add(new Element(f[1], count, new ArrayList<>()));
                    }
                    case "property" -> {
                        if (elements.isEmpty() || f.length < 3) {
                            throw new MeshException(file + ": bad header line '" + l + "'");
                        }
                        if (f[1].equals("list")) {
                            elements.get(elements.size() - 1).props().add(new Prop(f[4], f[3], f[2]));
                        } else {
                            elements.get(elements.size() - 1).props().add(new Prop(f[2], f[1], null));
                        }
                    }
                    default -> {
                    }
                }
            }
            if (format == null || !List.of("ascii", "binary_little_endian", "binary_big_endian").contains(format)) {
                throw new MeshException(file + ": PLY format '" + format
                        + "' is not supported; allowed: ascii, binary_little_endian, binary_big_endian");
            }
            PlyIn src = format.equals("ascii") ? new AsciiIn(in) : new BinIn(in, format.equals("binary_little_endian"));
            Collector c = new Collector();
            int[] vid = new int[0];
            double[] vnrm = null;
            double[] vuv = null;
            boolean hasNormals = false;
            for (Element e : elements) {
                if (e.name().equals("vertex")) {
                    // x, y and z take a byte each at the least (binary char; "0 0 0" in ASCII takes six): a header
                    // claiming more vertices than the file can hold allocated for them first, 2e9 of them exhausting the heap
                    long size = Files.size(file);
                    if (3L * e.count() > size) {
                        throw new MeshException(file + ": header declares " + e.count() + " vertices, more than its " + size
                                + " bytes can hold; allowed: at most " + size / 3 + " (a truncated or damaged file?)");
                    }
                    vid = new int[e.count()];
                    int ix = find(e, "x"), iy = find(e, "y"), iz = find(e, "z");
                    if (ix < 0 || iy < 0 || iz < 0) {
                        throw new MeshException(file + ": element 'vertex' needs properties x, y, z");
                    }
                    int inx = find(e, "nx"), iny = find(e, "ny"), inz = find(e, "nz");
                    int iu = find(e, "s") >= 0 ? find(e, "s") : find(e, "u");
                    int iv = find(e, "t") >= 0 ? find(e, "t") : find(e, "v");
                    hasNormals = inx >= 0 && iny >= 0 && inz >= 0;
                    vnrm = new double[3 * e.count()];
                    vuv = new double[2 * e.count()];
                    double[] vals = new double[e.props().size()];
                    for (int i = 0; i < e.count(); i++) {
                        for (int p = 0; p < vals.length; p++) {
                            Prop pr = e.props().get(p);
                            if (pr.countType() != null) {
                                int n = (int) src.value(pr.countType(), file, "vertex " + i);
                                for (int q = 0; q < n; q++) {
                                    src.value(pr.type(), file, "vertex " + i);
                                }
                            } else {
                                vals[p] = src.value(pr.type(), file, "vertex " + i);
                            }
                        }
                        if (!Double.isFinite(vals[ix]) || !Double.isFinite(vals[iy]) || !Double.isFinite(vals[iz])) {
                            throw new MeshException(file + ": vertex " + i + " has a non-finite coordinate");
                        }
                        vid[i] = c.vertex(vals[ix], vals[iy], vals[iz]);
                        if (hasNormals) {
                            vnrm[3 * i] = vals[inx];
                            vnrm[3 * i + 1] = vals[iny];
                            vnrm[3 * i + 2] = vals[inz];
                        }
                        if (iu >= 0 && iv >= 0) {
                            vuv[2 * i] = vals[iu];
                            vuv[2 * i + 1] = vals[iv];
                        }
                    }
                } else if (e.name().equals("face")) {
                    int il = -1;
                    for (int p = 0; p < e.props().size(); p++) {
                        String n = e.props().get(p).name();
                        if (e.props().get(p).countType() != null && (n.equals("vertex_indices") || n.equals("vertex_index"))) {
                            il = p;
                        }
                    }
                    if (il < 0) {
                        throw new MeshException(file + ": element 'face' needs a list property vertex_indices");
                    }
                    double[] cn = new double[9];
                    double[] cuv = new double[6];
                    for (int i = 0; i < e.count(); i++) {
                        int[] idx = null;
                        for (int p = 0; p < e.props().size(); p++) {
                            Prop pr = e.props().get(p);
                            if (pr.countType() != null) {
                                int n = (int) src.value(pr.countType(), file, "face " + i);
                                if (n < 0 || n > 1_000_000) {
                                    throw new MeshException(file + ": face " + i + " has " + n + " vertices");
                                }
                                int[] l = new int[n];
                                for (int q = 0; q < n; q++) {
                                    l[q] = (int) src.value(pr.type(), file, "face " + i);
                                }
                                if (p == il) {
                                    idx = l;
                                }
                            } else {
                                src.value(pr.type(), file, "face " + i);
                            }
                        }
                        if (idx.length < 3) {
                            throw new MeshException(file + ": face " + i + " has " + idx.length + " vertices; allowed: >= 3");
                        }
                        for (int q : idx) {
                            if (q < 0 || q >= vid.length) {
                                throw new MeshException(file + ": face " + i + " uses vertex " + q + "; allowed: 0.."
                                        + (vid.length - 1));
                            }
                        }
                        for (int k = 1; k + 1 < idx.length; k++) {
                            int[] corner = {idx[0], idx[k], idx[k + 1]};
                            for (int q = 0; q < 3; q++) {
                                System.arraycopy(vnrm, 3 * corner[q], cn, 3 * q, 3);
                                System.arraycopy(vuv, 2 * corner[q], cuv, 2 * q, 2);
                            }
                            if (c.nt >= MAX_TRIANGLES) {
                                throw new MeshException(file + ": more than " + MAX_TRIANGLES + " triangles");
                            }
                            c.triangle(vid[corner[0]], vid[corner[1]], vid[corner[2]], cn, cuv, hasNormals);
                        }
                    }
                } else {
                    for (int i = 0; i < e.count(); i++) {
                        for (Prop pr : e.props()) {
                            if (pr.countType() != null) {
                                int n = (int) src.value(pr.countType(), file, e.name() + " " + i);
                                for (int q = 0; q < n; q++) {
                                    src.value(pr.type(), file, e.name() + " " + i);
                                }
                            } else {
                                src.value(pr.type(), file, e.name() + " " + i);
                            }
                        }
                    }
                }
            }
            return c.build(file.toString());
        } catch (NumberFormatException e) {
            throw new MeshException(file + ": " + e.getMessage());
        }
    }

    private static int find(Element e, String name) {
        for (int p = 0; p < e.props().size(); p++) {
            if (e.props().get(p).name().equals(name) && e.props().get(p).countType() == null) {
                return p;
            }
        }
        return -1;
    }

    private static String line(DataInputStream in) throws IOException {
        StringBuilder b = new StringBuilder();
        int c;
        while ((c = in.read()) >= 0 && c != '\n') {
            if (c != '\r') {
                b.append((char) c);
            }
        }
        return c < 0 && b.length() == 0 ? null : b.toString();
    }

    private interface PlyIn {
        double value(String type, Path file, String where) throws IOException;
    }

    private static final class AsciiIn implements PlyIn {
        private final DataInputStream in;
        private String[] tok = new String[0];
        private int next;

        AsciiIn(DataInputStream in) {
            this.in = in;
        }

        @Override
        public double value(String type, Path file, String where) throws IOException {
            while (next >= tok.length) {
                String l = line(in);
                if (l == null) {
                    throw new MeshException(file + ": ended early while reading " + where);
                }
                l = l.trim();
                tok = l.isEmpty() ? new String[0] : l.split("\\s+");
                next = 0;
            }
            return number(tok[next++], file + " (" + where + ")");
        }
    }

    private static final class BinIn implements PlyIn {
        private final DataInputStream in;
        private final ByteBuffer buf;

        BinIn(DataInputStream in, boolean little) {
            this.in = in;
            buf = ByteBuffer.allocate(8).order(little ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN);
        }

        @Override
        public double value(String type, Path file, String where) throws IOException {
            int size = switch (type) {
                case "char", "uchar", "int8", "uint8" -> 1;
                case "short", "ushort", "int16", "uint16" -> 2;
                case "int", "uint", "int32", "uint32", "float", "float32" -> 4;
                case "double", "float64" -> 8;
                default -> throw new MeshException(file + ": unknown PLY property type '" + type + "'");
            };
            buf.clear();
            try {
                in.readFully(buf.array(), 0, size);
            } catch (EOFException e) {
                throw new MeshException(file + ": ended early while reading " + where);
            }
            return switch (type) {
                case "char", "int8" -> buf.get(0);
                case "uchar", "uint8" -> buf.get(0) & 0xff;
                case "short", "int16" -> buf.getShort(0);
                case "ushort", "uint16" -> buf.getShort(0) & 0xffff;
                case "int", "int32" -> buf.getInt(0);
                case "uint", "uint32" -> buf.getInt(0) & 0xffffffffL;
                case "float", "float32" -> buf.getFloat(0);
                default -> buf.getDouble(0);
            };
        }
    }
}
