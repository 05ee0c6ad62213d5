package dev.rubble.authoring.mesh;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/**
 * Reads the triangles of a glTF 2.0 file, binary (.glb) or text (.gltf, buffers as base64
 * {@code data:} URIs or files next to it): every primitive of mode 4 (triangles) of
 * every mesh reached from the default scene's nodes, with the nodes' transforms applied
 * (matrix, or translation · rotation · scale), attributes {@code POSITION} (float VEC3),
 * optional {@code NORMAL} and {@code TEXCOORD_0} (float), indices unsigned byte, short or int (or
 * none). Positions are welded like the other readers. The JSON is parsed with Jackson. Errors
 * name the file and the glTF field.
 */
final class GlbReader {
    private GlbReader() {
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    /** A binary glTF (.glb): JSON chunk, optional BIN chunk (buffer 0 without a uri); other buffers by uri. */
    static TriMesh read(Path file) throws IOException {
        byte[] all = Files.readAllBytes(file);
        ByteBuffer b = ByteBuffer.wrap(all).order(ByteOrder.LITTLE_ENDIAN);
        if (all.length < 20 || b.getInt(0) != 0x46546C67) {
            throw new MeshException(file + ": not a binary glTF file (magic; expected 'glTF')");
        }
        if (b.getInt(4) != 2) {
            throw new MeshException(file + ": glTF version " + b.getInt(4) + "; allowed: 2");
        }
        int jsonLen = b.getInt(12);
        if (b.getInt(16) != 0x4E4F534A || jsonLen < 0 || 20L + jsonLen > all.length) {
            throw new MeshException(file + ": the first chunk is not JSON");
        }
        Object root = parse(new String(all, 20, jsonLen, StandardCharsets.UTF_8), file);
        int binStart = 20 + jsonLen;
        ByteBuffer bin = null;
        if (binStart + 8 <= all.length && b.getInt(binStart + 4) == 0x004E4942) {
            int len = b.getInt(binStart);
            if (len < 0 || binStart + 8L + len > all.length) {
                throw new MeshException(file + ": the BIN chunk's length " + len + " runs past the end of the file");
            }
            bin = ByteBuffer.wrap(all, binStart + 8, len).slice().order(ByteOrder.LITTLE_ENDIAN);
        }
        return scene(map(root, file, "$"), file, bin);
    }

    /**
     * A text glTF (.gltf): the JSON document (parsed with Jackson), its buffers given as
     * {@code data:} URIs (base64) or as files relative to the .gltf (percent-encoded URI references).
     */
    static TriMesh readText(Path file) throws IOException {
        Object root = parse(Files.readString(file, StandardCharsets.UTF_8), file);
        return scene(map(root, file, "$"), file, null);
    }

    private static Object parse(String json, Path file) {
        try {
            return JSON.readValue(json, Object.class);
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            throw new MeshException(file + ": bad glTF JSON" + (at == null ? "" : " at line " + at.getLineNr()
                    + ", column " + at.getColumnNr()) + ": " + e.getOriginalMessage());
        }
    }

    /** The document's buffers: {@code bin} for a uri-less buffer 0 of a glb, else each buffer's uri. */
    private static ByteBuffer[] buffers(Map<?, ?> doc, Path file, ByteBuffer bin) throws IOException {
        List<?> list = list(doc.get("buffers"));
        ByteBuffer[] out = new ByteBuffer[list.size()];
        for (int i = 0; i < out.length; i++) {
            String where = "buffers[" + i + "]";
            Map<?, ?> buf = map(list.get(i), file, where);
            long length = buf.get("byteLength") instanceof Number n ? n.longValue() : -1;
            if (length < 0) {
                throw new MeshException(file + ": " + where + ".byteLength = " + buf.get("byteLength")
                        + "; allowed: a whole number ≥ 0");
            }
            byte[] data;
            if (!(buf.get("uri") instanceof String uri)) {
                if (i == 0 && bin != null) {
                    out[i] = bin;
                    continue;
                }
                throw new MeshException(file + ": " + where + " has no uri"
                        + (bin == null && i == 0 ? " (only a .glb's first buffer may be its BIN chunk)" : ""));
            } else if (uri.startsWith("data:")) {
                int comma = uri.indexOf(',');
                if (comma < 0 || !uri.substring(0, comma).endsWith(";base64")) {
                    throw new MeshException(file + ": " + where + ".uri is a data URI that is not base64; allowed: "
                            + "data:application/octet-stream;base64,... or data:application/gltf-buffer;base64,...");
                }
                try {
                    data = Base64.getDecoder().decode(uri.substring(comma + 1));
                } catch (IllegalArgumentException e) {
                    throw new MeshException(file + ": " + where + ".uri: bad base64 (" + e.getMessage() + ")");
                }
            } else {
                URI ref;
                try {
                    ref = new URI(uri);
                } catch (URISyntaxException e) {
                    throw new MeshException(file + ": " + where + ".uri = '" + uri + "' is not a URI reference ("
                            + e.getReason() + ")");
                }
                if (ref.isAbsolute() || ref.getPath() == null || ref.getPath().isEmpty() || ref.getPath().startsWith("/")) {
                    throw new MeshException(file + ": " + where + ".uri = '" + uri
                            + "'; allowed: a data: URI or a path relative to the .gltf");
                }
                Path dir = file.toAbsolutePath().getParent();
                Path f = dir.resolve(ref.getPath()).normalize();
                if (!Files.isRegularFile(f)) {
                    throw new MeshException(file + ": " + where + ".uri = '" + uri + "': no such file " + f);
                }
                data = Files.readAllBytes(f);
            }
            if (data.length < length) {
                throw new MeshException(file + ": " + where + " holds " + data.length + " bytes; byteLength says "
                        + length);
            }
            out[i] = ByteBuffer.wrap(data, 0, (int) length).slice().order(ByteOrder.LITTLE_ENDIAN);
        }
        return out;
    }

    private static TriMesh scene(Map<?, ?> doc, Path file, ByteBuffer bin) throws IOException {
        ByteBuffer[] buffers = buffers(doc, file, bin);
        MeshReader.Collector c = new MeshReader.Collector();
        List<?> nodes = list(doc.get("nodes"));
        List<?> scenes = list(doc.get("scenes"));
        List<?> roots;
        String rootsWhere = "nodes";
        if (!scenes.isEmpty()) {
            int scene = doc.get("scene") == null ? 0 : index(doc.get("scene"), scenes.size(), file, "scene", "scenes");
            roots = list(map(scenes.get(scene), file, "scenes[" + scene + "]").get("nodes"));
            rootsWhere = "scenes[" + scene + "].nodes";
        } else {
            List<Object> every = new ArrayList<>();
            for (int i = 0; i < nodes.size(); i++) {
                every.add((double) i);
            }
            roots = every;
        }
        double[] id = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
        for (int i = 0; i < roots.size(); i++) {
            node(doc, buffers, file, index(roots.get(i), nodes.size(), file, rootsWhere + "[" + i + "]", "nodes"), id, c, 0);
        }
        return c.build(file.toString());
    }

    private static void node(Map<?, ?> doc, ByteBuffer[] buffers, Path file, int index, double[] parent, MeshReader.Collector c,
            int depth) {
        if (depth > 64) {
            throw new MeshException(file + ": nodes nested deeper than 64 (a cycle?)");
        }
        List<?> nodes = list(doc.get("nodes"));
        if (index < 0 || index >= nodes.size()) {
            throw new MeshException(file + ": node " + index + " does not exist");
        }
        Map<?, ?> n = map(nodes.get(index), file, "nodes[" + index + "]");
        double[] m = mul(parent, local(n, file, "nodes[" + index + "]"));
        if (n.get("mesh") != null) {
            mesh(doc, buffers, file, index(n.get("mesh"), list(doc.get("meshes")).size(), file, "nodes[" + index + "].mesh",
                    "meshes"), m, c);
        }
        List<?> children = list(n.get("children"));
        for (int i = 0; i < children.size(); i++) {
            node(doc, buffers, file, index(children.get(i), nodes.size(), file, "nodes[" + index + "].children[" + i + "]",
                    "nodes"), m, c, depth + 1);
        }
    }

    /** Column-major 4×4 local transform of a node. */
    private static double[] local(Map<?, ?> n, Path file, String where) {
        if (n.get("matrix") instanceof List<?> l && l.size() == 16) {
            double[] m = new double[16];
            for (int i = 0; i < 16; i++) {
                m[i] = number(l.get(i), file, where + ".matrix[" + i + "]");
            }
            return m;
        }
        double[] t = vec(n.get("translation"), new double[] {0, 0, 0}, file, where + ".translation");
        double[] q = vec(n.get("rotation"), new double[] {0, 0, 0, 1}, file, where + ".rotation");
        double[] s = vec(n.get("scale"), new double[] {1, 1, 1}, file, where + ".scale");
        double x = q[0], y = q[1], z = q[2], w = q[3];
        double[] r = {1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w),
            2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w),
            2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y)};
        return new double[] {r[0] * s[0], r[1] * s[0], r[2] * s[0], 0, r[3] * s[1], r[4] * s[1], r[5] * s[1], 0,
            r[6] * s[2], r[7] * s[2], r[8] * s[2], 0, t[0], t[1], t[2], 1};
    }

    private static double[] vec(Object o, double[] def, Path file, String where) {
        if (!(o instanceof List<?> l) || l.size() != def.length) {
            return def;
        }
        double[] v = new double[def.length];
        for (int i = 0; i < v.length; i++) {
            v[i] = number(l.get(i), file, where + "[" + i + "]");
        }
        return v;
    }

    /** A finite number, or a {@link MeshException} naming {@code where} (a string in a matrix was a ClassCastException). */
    private static double number(Object o, Path file, String where) {
        if (!(o instanceof Number n) || !Double.isFinite(n.doubleValue())) {
            throw new MeshException(file + ": " + where + " = " + o + "; allowed: a finite number");
        }
        return n.doubleValue();
    }

    private static double[] mul(double[] a, double[] b) {
        double[] r = new double[16];
        for (int col = 0; col < 4; col++) {
            for (int row = 0; row < 4; row++) {
                double s = 0;
                for (int k = 0; k < 4; k++) {
                    s += a[k * 4 + row] * b[col * 4 + k];
                }
                r[col * 4 + row] = s;
            }
        }
        return r;
    }

    private static void mesh(Map<?, ?> doc, ByteBuffer[] buffers, Path file, int mi, double[] m, MeshReader.Collector c) {
        List<?> meshes = list(doc.get("meshes"));
        if (mi < 0 || mi >= meshes.size()) {
            throw new MeshException(file + ": mesh " + mi + " does not exist");
        }
        List<?> prims = list(map(meshes.get(mi), file, "meshes[" + mi + "]").get("primitives"));
        // normals transform by the inverse transpose; for rotations and uniform scales the matrix itself, renormalised
        for (int p = 0; p < prims.size(); p++) {
            String where = "meshes[" + mi + "].primitives[" + p + "]";
            Map<?, ?> prim = map(prims.get(p), file, where);
            int mode = prim.get("mode") instanceof Number mo ? mo.intValue() : 4;
            if (mode != 4) {
                throw new MeshException(file + ": " + where + ".mode = " + mode + "; allowed: 4 (triangles)");
            }
            Map<?, ?> attrs = map(prim.get("attributes"), file, where + ".attributes");
            if (attrs.get("POSITION") == null) {
                throw new MeshException(file + ": " + where + " has no POSITION");
            }
            int accessors = list(doc.get("accessors")).size();
            float[] pos = floats(doc, buffers, file, index(attrs.get("POSITION"), accessors, file, where
                    + ".attributes.POSITION", "accessors"), 3);
            float[] nrm = attrs.get("NORMAL") == null ? null : floats(doc, buffers, file, index(attrs.get("NORMAL"), accessors,
                    file, where + ".attributes.NORMAL", "accessors"), 3);
            float[] uv = attrs.get("TEXCOORD_0") == null ? null : floats(doc, buffers, file, index(attrs.get("TEXCOORD_0"),
                    accessors, file, where + ".attributes.TEXCOORD_0", "accessors"), 2);
            int count = pos.length / 3;
            int[] idx;
            if (prim.get("indices") != null) {
                idx = ints(doc, buffers, file, index(prim.get("indices"), accessors, file, where + ".indices", "accessors"));
            } else {
                idx = new int[count];
                for (int i = 0; i < count; i++) {
                    idx[i] = i;
                }
            }
            if (idx.length % 3 != 0) {
                throw new MeshException(file + ": " + where + " has " + idx.length + " indices; allowed: a multiple of 3");
            }
            int[] vid = new int[count];
            for (int i = 0; i < count; i++) {
                double x = pos[3 * i], y = pos[3 * i + 1], z = pos[3 * i + 2];
                vid[i] = c.vertex(m[0] * x + m[4] * y + m[8] * z + m[12], m[1] * x + m[5] * y + m[9] * z + m[13],
                        m[2] * x + m[6] * y + m[10] * z + m[14]);
            }
            double[] cn = new double[9], cuv = new double[6];
            for (int t = 0; t < idx.length; t += 3) {
                for (int k = 0; k < 3; k++) {
                    int v = idx[t + k];
                    if (v < 0 || v >= count) {
                        throw new MeshException(file + ": " + where + " index " + v + " out of range; allowed: 0.." + (count - 1));
                    }
                    if (nrm != null) {
                        double x = nrm[3 * v], y = nrm[3 * v + 1], z = nrm[3 * v + 2];
                        double tx = m[0] * x + m[4] * y + m[8] * z, ty = m[1] * x + m[5] * y + m[9] * z,
                                tz = m[2] * x + m[6] * y + m[10] * z;
                        double l = Math.sqrt(tx * tx + ty * ty + tz * tz);
                        l = l > 0 ? l : 1;
                        cn[3 * k] = tx / l;
                        cn[3 * k + 1] = ty / l;
                        cn[3 * k + 2] = tz / l;
                    }
                    cuv[2 * k] = uv == null ? 0 : uv[2 * v];
                    cuv[2 * k + 1] = uv == null ? 0 : uv[2 * v + 1];
                }
                c.triangle(vid[idx[t]], vid[idx[t + 1]], vid[idx[t + 2]], cn, cuv, nrm != null);
            }
        }
    }

    private static ByteBuffer view(Map<?, ?> doc, ByteBuffer[] buffers, Path file, Map<?, ?> acc, String where, int elemBytes,
            int count) {
        if (!(acc.get("bufferView") instanceof Number bv)) {
            throw new MeshException(file + ": " + where + " has no bufferView (sparse accessors are not supported)");
        }
        List<?> views = list(doc.get("bufferViews"));
        if (bv.intValue() < 0 || bv.intValue() >= views.size()) {
            throw new MeshException(file + ": " + where + ".bufferView = " + bv.intValue() + "; allowed: 0.." + (views.size() - 1));
        }
        Map<?, ?> v = map(views.get(bv.intValue()), file, "bufferViews[" + bv.intValue() + "]");
        if (!(v.get("buffer") instanceof Number bn) || bn.intValue() < 0 || bn.intValue() >= buffers.length
                || buffers[bn.intValue()] == null) {
            throw new MeshException(file + ": bufferViews[" + bv.intValue() + "].buffer = " + v.get("buffer")
                    + "; allowed: a buffer of the file (" + buffers.length + " loaded)");
        }
        ByteBuffer bin = buffers[bn.intValue()];
        int off = num(v.get("byteOffset")) + num(acc.get("byteOffset"));
        int stride = num(v.get("byteStride"));
        stride = stride == 0 ? elemBytes : stride;
        long end = off + (long) stride * (count - 1) + elemBytes;
        if (count > 0 && (off < 0 || end > bin.capacity())) {
            throw new MeshException(file + ": " + where + " reads past the end of its buffer");
        }
        ByteBuffer out = bin.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        out.position(off);
        out.mark();
        return out;
    }

    private static int num(Object o) {
        return o instanceof Number n ? n.intValue() : 0;
    }

    private static float[] floats(Map<?, ?> doc, ByteBuffer[] buffers, Path file, int a, int comps) {
        String where = "accessors[" + a + "]";
        Map<?, ?> acc = map(list(doc.get("accessors")).get(a), file, where);
        if (num(acc.get("componentType")) != 5126) {
            throw new MeshException(file + ": " + where + ".componentType = " + acc.get("componentType")
                    + "; allowed: 5126 (float)");
        }
        int count = num(acc.get("count"));
        ByteBuffer v = view(doc, buffers, file, acc, where, 4 * comps, count);
        Map<?, ?> bvm = map(list(doc.get("bufferViews")).get(num(acc.get("bufferView"))), file, where);
        int stride = num(bvm.get("byteStride"));
        stride = stride == 0 ? 4 * comps : stride;
        int base = v.position();
        float[] out = new float[comps * count];
        for (int i = 0; i < count; i++) {
            for (int k = 0; k < comps; k++) {
                out[comps * i + k] = v.getFloat(base + i * stride + 4 * k);
                if (!Float.isFinite(out[comps * i + k])) {
                    throw new MeshException(file + ": " + where + " element " + i + " is not finite");
                }
            }
        }
        return out;
    }

    private static int[] ints(Map<?, ?> doc, ByteBuffer[] buffers, Path file, int a) {
        String where = "accessors[" + a + "]";
        Map<?, ?> acc = map(list(doc.get("accessors")).get(a), file, where);
        int type = num(acc.get("componentType"));
        int size = type == 5121 ? 1 : type == 5123 ? 2 : type == 5125 ? 4 : -1;
        if (size < 0) {
            throw new MeshException(file + ": " + where + ".componentType = " + type
                    + "; allowed: 5121, 5123, 5125 (unsigned byte, short, int)");
        }
        int count = num(acc.get("count"));
        ByteBuffer v = view(doc, buffers, file, acc, where, size, count);
        int base = v.position();
        int[] out = new int[count];
        for (int i = 0; i < count; i++) {
            out[i] = switch (size) {
                case 1 -> v.get(base + i) & 0xff;
                case 2 -> v.getShort(base + 2 * i) & 0xffff;
                default -> v.getInt(base + 4 * i);
            };
        }
        return out;
    }

    private static Map<?, ?> map(Object o, Path file, String where) {
        if (!(o instanceof Map<?, ?> m)) {
            throw new MeshException(file + ": " + where + " is not an object");
        }
        return m;
    }

    /**
     * A glTF index into the file's {@code array} of {@code size} entries: a whole number in [0, size), or a
     * {@link MeshException} naming {@code where} (an accessor index 99 in a file with none was "internal error: Index
     * 99 out of bounds for length 0"; a node listed as "a" a ClassCastException; 2^32 wrapped to 0).
     */
    private static int index(Object o, int size, Path file, String where, String array) {
        if (!(o instanceof Number n) || n.doubleValue() != Math.rint(n.doubleValue()) || !(n.doubleValue() >= 0)
                || !(n.doubleValue() < size)) {
            throw new MeshException(file + ": " + where + " = " + o + "; allowed: " + (size == 0 ? "nothing (the file has no "
                    + array + ")" : "an index into " + array + ", 0.." + (size - 1)));
        }
        return n.intValue();
    }

    private static List<?> list(Object o) {
        return o instanceof List<?> l ? l : List.of();
    }
}
