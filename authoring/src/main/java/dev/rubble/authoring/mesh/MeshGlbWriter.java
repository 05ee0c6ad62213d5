package dev.rubble.authoring.mesh;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

/**
 * glTF 2.0 binary (.glb) of mesh pieces with two materials: {@code outside} (the source's
 * surface, with its corner normals and texture coordinates) and {@code inside} (cut faces, with
 * the cut plane's normal and planar texture coordinates in metres). One node and one mesh per
 * piece, each mesh with up to two primitives (one per material). Corners are written unwelded
 * (three vertices per triangle) so every corner keeps its own normal and texture coordinate.
 */
public final class MeshGlbWriter {
    private static final int ARRAY_BUFFER = 34962, FLOAT = 5126;

    private MeshGlbWriter() {
    }

    /** Writes {@code pieces} (named {@code piece_<id>} by {@code ids}) in the collection frame. */
    public static void write(List<TriMesh> pieces, int[] ids, OutputStream os) throws IOException {
        long floats = 0;
        for (TriMesh m : pieces) {
            floats += 3L * m.triangleCount() * (3 + 3 + 2);
        }
        if (4 * floats > Integer.MAX_VALUE - 64) {
            throw new IllegalArgumentException("glb buffer of " + 4 * floats + " bytes; allowed: < 2 GB");
        }
        ByteBuffer bin = ByteBuffer.allocate((int) (4 * floats)).order(ByteOrder.LITTLE_ENDIAN);
        StringBuilder acc = new StringBuilder(), views = new StringBuilder(), meshes = new StringBuilder(),
                nodes = new StringBuilder(), scene = new StringBuilder();
        int accessor = 0, view = 0;
        for (int p = 0; p < pieces.size(); p++) {
            TriMesh m = pieces.get(p);
            StringBuilder prims = new StringBuilder();
            for (byte mat = 0; mat <= 1; mat++) {
                int count = 0;
                for (int t = 0; t < m.triangleCount(); t++) {
                    if (m.material(t) == mat) {
                        count++;
                    }
                }
                if (count == 0) {
                    continue;
                }
                int vertices = 3 * count;
                float[] lo = {Float.MAX_VALUE, Float.MAX_VALUE, Float.MAX_VALUE};
                float[] hi = {-Float.MAX_VALUE, -Float.MAX_VALUE, -Float.MAX_VALUE};
                int start = bin.position();
                for (int t = 0; t < m.triangleCount(); t++) {
                    if (m.material(t) != mat) {
                        continue;
                    }
                    for (int k = 0; k < 3; k++) {
                        for (int a = 0; a < 3; a++) {
                            float f = (float) m.vertex(m.index(t, k), a);
                            bin.putFloat(f);
                            lo[a] = Math.min(lo[a], f);
                            hi[a] = Math.max(hi[a], f);
                        }
                    }
                }
                int nStart = bin.position();
                for (int t = 0; t < m.triangleCount(); t++) {
                    if (m.material(t) == mat) {
                        for (int k = 0; k < 3; k++) {
                            double x = m.normal(t, k, 0), y = m.normal(t, k, 1), z = m.normal(t, k, 2);
                            double l = Math.sqrt(x * x + y * y + z * z);
                            if (!(l > 0)) {
                                x = 0;
                                y = 0;
                                z = 1;
                                l = 1;
                            }
                            bin.putFloat((float) (x / l)).putFloat((float) (y / l)).putFloat((float) (z / l));
                        }
                    }
                }
                int uStart = bin.position();
                for (int t = 0; t < m.triangleCount(); t++) {
                    if (m.material(t) == mat) {
                        for (int k = 0; k < 3; k++) {
                            bin.putFloat((float) m.uv(t, k, 0)).putFloat((float) m.uv(t, k, 1));
                        }
                    }
                }
                int[][] parts = {{start, nStart - start}, {nStart, uStart - nStart}, {uStart, bin.position() - uStart}};
                for (int[] pt : parts) {
                    sep(views).append(String.format(Locale.ROOT,
                            "{\"buffer\":0,\"byteOffset\":%d,\"byteLength\":%d,\"target\":%d}", pt[0], pt[1], ARRAY_BUFFER));
                }
                sep(acc).append(String.format(Locale.ROOT, "{\"bufferView\":%d,\"componentType\":%d,\"count\":%d,"
                        + "\"type\":\"VEC3\",\"min\":[%s,%s,%s],\"max\":[%s,%s,%s]}", view, FLOAT, vertices, lo[0], lo[1],
                        lo[2], hi[0], hi[1], hi[2]));
                sep(acc).append(String.format(Locale.ROOT,
                        "{\"bufferView\":%d,\"componentType\":%d,\"count\":%d,\"type\":\"VEC3\"}", view + 1, FLOAT, vertices));
                sep(acc).append(String.format(Locale.ROOT,
                        "{\"bufferView\":%d,\"componentType\":%d,\"count\":%d,\"type\":\"VEC2\"}", view + 2, FLOAT, vertices));
                sep(prims).append(String.format(Locale.ROOT,
                        "{\"attributes\":{\"POSITION\":%d,\"NORMAL\":%d,\"TEXCOORD_0\":%d},\"material\":%d}", accessor,
                        accessor + 1, accessor + 2, mat));
                accessor += 3;
                view += 3;
            }
            String name = "piece_" + ids[p];
            sep(meshes).append("{\"name\":\"").append(name).append("\",\"primitives\":[").append(prims).append("]}");
            sep(nodes).append("{\"name\":\"").append(name).append("\",\"mesh\":").append(p).append('}');
            sep(scene).append(p);
        }
        String json = "{\"asset\":{\"version\":\"2.0\",\"generator\":\"Rubble\"},\"scene\":0,\"scenes\":[{\"nodes\":["
                + scene + "]}],\"nodes\":[" + nodes + "],\"meshes\":[" + meshes + "],\"materials\":["
                + "{\"name\":\"outside\",\"pbrMetallicRoughness\":{\"baseColorFactor\":[0.78,0.76,0.72,1],"
                + "\"metallicFactor\":0,\"roughnessFactor\":0.8}},"
                + "{\"name\":\"inside\",\"pbrMetallicRoughness\":{\"baseColorFactor\":[0.55,0.33,0.25,1],"
                + "\"metallicFactor\":0,\"roughnessFactor\":0.95}}],"
                + "\"accessors\":[" + acc + "],\"bufferViews\":[" + views + "],\"buffers\":[{\"byteLength\":"
                + bin.capacity() + "}]}";
        byte[] j = json.getBytes(StandardCharsets.UTF_8);
        int jl = (j.length + 3) & ~3;
        int bl = (bin.capacity() + 3) & ~3;
        ByteBuffer head = ByteBuffer.allocate(20).order(ByteOrder.LITTLE_ENDIAN);
        head.putInt(0x46546C67).putInt(2).putInt(12 + 8 + jl + 8 + bl).putInt(jl).putInt(0x4E4F534A);
        os.write(head.array());
        os.write(j);
        for (int i = j.length; i < jl; i++) {
            os.write(' ');
        }
        ByteBuffer bh = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);
        bh.putInt(bl).putInt(0x004E4942);
        os.write(bh.array());
        os.write(bin.array());
        for (int i = bin.capacity(); i < bl; i++) {
            os.write(0);
        }
    }

    private static StringBuilder sep(StringBuilder b) {
        if (b.length() > 0) {
            b.append(',');
        }
        return b;
    }
}
