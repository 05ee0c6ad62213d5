package dev.rubble.authoring.export;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * glTF 2.0 binary (.glb) of pieces: one mesh (positions and triangle indices; viewers compute flat
 * normals, as the glTF spec asks when normals are absent) and one node per piece, a material per
 * piece coloured by its id, and optionally one animation that moves every node: translation,
 * rotation and (uniform) scale keys at shared times, linear interpolation. Scale 0 hides a piece
 * while it does not exist (spawned later, removed or disabled).
 *
 * <p>Buffer layout: all positions (float32 xyz), then all indices (uint32), then the animation
 * (times, then per node its translations, rotations, scales). Little endian, 4-byte aligned.
 */
public final class GlbWriter {
    private static final int ARRAY_BUFFER = 34962, ELEMENT_ARRAY_BUFFER = 34963, FLOAT = 5126, UINT = 5125;

    /**
     * Node keys: {@code times} seconds, strictly increasing (K ≥ 2); for node n and key k,
     * translation at {@code 3 (n K + k)}, rotation (unit x, y, z, w) at {@code 4 (n K + k)}, scale at
     * {@code n K + k} (uniform).
     */
    public record Animation(float[] times, float[] translation, float[] rotation, float[] scale) {
        public int keys() {
            return times.length;
        }
    }

    private GlbWriter() {
    }

    /**
     * @param rest  rest pose per mesh (x, y, z, qx, qy, qz, qw; 7 each), null for identity
     * @param anim  null for a still scene
     */
    public static void write(List<PieceMesh> meshes, double[] rest, Animation anim, OutputStream os) throws IOException {
        int n = meshes.size();
        int[][] tris = new int[n][];
        long posBytes = 0, idxBytes = 0;
        for (int i = 0; i < n; i++) {
            tris[i] = meshes.get(i).triangles();
            posBytes += 12L * meshes.get(i).vertexCount();
            idxBytes += 4L * tris[i].length;
        }
        int keys = anim == null ? 0 : anim.keys();
        long animBytes = anim == null ? 0 : 4L * keys + 4L * keys * n * (3 + 4 + 1 + 2);
        long total = posBytes + idxBytes + animBytes;
        if (total > Integer.MAX_VALUE - 64) {
            throw new IllegalArgumentException("glb buffer of " + total + " bytes; allowed: < 2 GB");
        }
        ByteBuffer bin = ByteBuffer.allocate((int) total).order(ByteOrder.LITTLE_ENDIAN);
        // the JSON chunk is a Jackson tree (issue 28: names are scenario ids, any text, escaped by Jackson)
        com.fasterxml.jackson.databind.node.JsonNodeFactory js = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance;
        com.fasterxml.jackson.databind.node.ObjectNode root = js.objectNode();
        root.putObject("asset").put("version", "2.0").put("generator", "rubble export");
        root.put("scene", 0);
        com.fasterxml.jackson.databind.node.ArrayNode sceneNodes = root.putArray("scenes").addObject().putArray("nodes");
        com.fasterxml.jackson.databind.node.ArrayNode nodes = root.putArray("nodes"), meshJson = root.putArray("meshes"),
                mats = root.putArray("materials"), acc = root.putArray("accessors"), views = root.putArray("bufferViews");
        root.putArray("buffers").addObject().put("byteLength", total);
        int accessor = 0;
        long posOff = 0, idxOff = 0;
        for (int i = 0; i < n; i++) {
            PieceMesh m = meshes.get(i);
            double[] v = m.vertices();
            float[] lo = {Float.MAX_VALUE, Float.MAX_VALUE, Float.MAX_VALUE}, hi = {-Float.MAX_VALUE, -Float.MAX_VALUE, -Float.MAX_VALUE};
            bin.position((int) posOff);
            for (int k = 0; k < v.length; k++) {
                float f = (float) v[k];
                bin.putFloat(f);
                lo[k % 3] = Math.min(lo[k % 3], f);
                hi[k % 3] = Math.max(hi[k % 3], f);
            }
            bin.position((int) (posBytes + idxOff));
            for (int t : tris[i]) {
                bin.putInt(t);
            }
            var pos = acc.addObject().put("bufferView", 0).put("byteOffset", posOff).put("componentType", FLOAT)
                    .put("count", m.vertexCount()).put("type", "VEC3");
            var min = pos.putArray("min");
            var max = pos.putArray("max");
            for (int k = 0; k < 3; k++) {
                min.add(lo[k]);
                max.add(hi[k]);
            }
            acc.addObject().put("bufferView", 1).put("byteOffset", idxOff).put("componentType", UINT)
                    .put("count", tris[i].length).put("type", "SCALAR");
            var prim = meshJson.addObject().put("name", m.name()).putArray("primitives").addObject();
            prim.putObject("attributes").put("POSITION", accessor);
            prim.put("indices", accessor + 1).put("material", i);
            accessor += 2;
            int c = color(m.piece());
            var pbr = mats.addObject().put("name", m.name()).putObject("pbrMetallicRoughness");
            pbr.putArray("baseColorFactor").add(round4(((c >> 16) & 255) / 255.0)).add(round4(((c >> 8) & 255) / 255.0))
                    .add(round4((c & 255) / 255.0)).add(1);
            pbr.put("metallicFactor", 0).put("roughnessFactor", 0.8);
            var node = nodes.addObject().put("name", m.name()).put("mesh", i);
            if (rest != null) {
                double qx = rest[7 * i + 3], qy = rest[7 * i + 4], qz = rest[7 * i + 5], qw = rest[7 * i + 6];
                double ql = Math.sqrt(qx * qx + qy * qy + qz * qz + qw * qw);
                node.putArray("translation").add((float) rest[7 * i]).add((float) rest[7 * i + 1]).add((float) rest[7 * i + 2]);
                node.putArray("rotation").add((float) (qx / ql)).add((float) (qy / ql)).add((float) (qz / ql))
                        .add((float) (qw / ql));
            }
            sceneNodes.add(i);
            posOff += 12L * m.vertexCount();
            idxOff += 4L * tris[i].length;
        }
        views.addObject().put("buffer", 0).put("byteOffset", 0).put("byteLength", posBytes).put("byteStride", 12)
                .put("target", ARRAY_BUFFER);
        views.addObject().put("buffer", 0).put("byteOffset", posBytes).put("byteLength", idxBytes)
                .put("target", ELEMENT_ARRAY_BUFFER);
        if (anim != null) {
            long base = posBytes + idxBytes;
            bin.position((int) base);
            views.addObject().put("buffer", 0).put("byteOffset", base).put("byteLength", animBytes);
            for (float t : anim.times()) {
                bin.putFloat(t);
            }
            int timeAcc = accessor++;
            var times = acc.addObject().put("bufferView", 2).put("byteOffset", 0).put("componentType", FLOAT)
                    .put("count", keys).put("type", "SCALAR");
            times.putArray("min").add(anim.times()[0]);
            times.putArray("max").add(anim.times()[keys - 1]);
            var animation = root.putArray("animations").addObject().put("name", "run");
            var samplers = animation.putArray("samplers");
            var channels = animation.putArray("channels");
            int sampler = 0;
            for (int node = 0; node < n; node++) {
                long off = bin.position() - base;
                for (int k = 0; k < 3 * keys; k++) {
                    bin.putFloat(anim.translation()[3 * node * keys + k]);
                }
                long rOff = bin.position() - base;
                for (int k = 0; k < keys; k++) {
                    int o = 4 * (node * keys + k);
                    float[] r = anim.rotation();
                    double l = Math.sqrt((double) r[o] * r[o] + (double) r[o + 1] * r[o + 1] + (double) r[o + 2] * r[o + 2]
                            + (double) r[o + 3] * r[o + 3]);
                    for (int c = 0; c < 4; c++) {
                        bin.putFloat((float) (r[o + c] / l));
                    }
                }
                long sOff = bin.position() - base;
                for (int k = 0; k < keys; k++) {
                    float s = anim.scale()[node * keys + k];
                    bin.putFloat(s);
                    bin.putFloat(s);
                    bin.putFloat(s);
                }
                String[] paths = {"translation", "rotation", "scale"};
                long[] offs = {off, rOff, sOff};
                String[] types = {"VEC3", "VEC4", "VEC3"};
                for (int p = 0; p < 3; p++) {
                    acc.addObject().put("bufferView", 2).put("byteOffset", offs[p]).put("componentType", FLOAT)
                            .put("count", keys).put("type", types[p]);
                    samplers.addObject().put("input", timeAcc).put("output", accessor++).put("interpolation", "LINEAR");
                    channels.addObject().put("sampler", sampler++).putObject("target").put("node", node).put("path", paths[p]);
                }
            }
        }
        String json;
        try {
            json = new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsString(root);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IOException("glTF JSON: " + e.getMessage(), e);
        }
        byte[] j = json.getBytes(StandardCharsets.UTF_8);
        int jPad = (4 - j.length % 4) % 4, bPad = (int) ((4 - total % 4) % 4);
        int length = 12 + 8 + j.length + jPad + 8 + (int) total + bPad;
        ByteBuffer head = ByteBuffer.allocate(20).order(ByteOrder.LITTLE_ENDIAN);
        head.putInt(0x46546C67).putInt(2).putInt(length).putInt(j.length + jPad).putInt(0x4E4F534A);
        os.write(head.array());
        os.write(j);
        for (int k = 0; k < jPad; k++) {
            os.write(' ');
        }
        ByteBuffer binHead = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);
        binHead.putInt((int) total + bPad).putInt(0x004E4942);
        os.write(binHead.array());
        os.write(bin.array(), 0, (int) total);
        for (int k = 0; k < bPad; k++) {
            os.write(0);
        }
        os.flush();
    }

    private static double round4(double v) {
        return Math.round(v * 10_000) / 10_000.0;
    }

    /** The piece colour of the png renderer's "piece" mode: hues spread by the golden ratio. */
    static int color(int id) {
        double h = (id * 0.6180339887498949) % 1.0, s = 0.55, v = 0.92;
        double f = h * 6;
        int k = (int) f % 6;
        double p = f - Math.floor(f);
        double a = v * (1 - s), b = v * (1 - s * p), c = v * (1 - s * (1 - p));
        double[][] rgb = {{v, c, a}, {b, v, a}, {a, v, c}, {a, b, v}, {c, a, v}, {v, a, b}};
        double[] x = rgb[k];
        return (int) Math.round(x[0] * 255) << 16 | (int) Math.round(x[1] * 255) << 8 | (int) Math.round(x[2] * 255);
    }
}
