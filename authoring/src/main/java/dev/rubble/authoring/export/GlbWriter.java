package dev.rubble.authoring.export;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

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
        StringBuilder acc = new StringBuilder(), meshJson = new StringBuilder(), nodes = new StringBuilder(),
                mats = new StringBuilder();
        int accessor = 0;
        long posOff = 0, idxOff = 0;
        for (int i = 0; i < n; i++) {
            PieceMesh m = meshes.get(i);
            // object names are scenario ids (any text): escaped for JSON by Jackson
            String name = new String(com.fasterxml.jackson.core.io.JsonStringEncoder.getInstance().quoteAsString(m.name()));
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
            sep(acc).append(String.format(Locale.ROOT, "{\"bufferView\":0,\"byteOffset\":%d,\"componentType\":%d,\"count\":%d,"
                    + "\"type\":\"VEC3\",\"min\":[%s,%s,%s],\"max\":[%s,%s,%s]}", posOff, FLOAT, m.vertexCount(),
                    lo[0], lo[1], lo[2], hi[0], hi[1], hi[2]));
            sep(acc).append(String.format(Locale.ROOT, "{\"bufferView\":1,\"byteOffset\":%d,\"componentType\":%d,\"count\":%d,"
                    + "\"type\":\"SCALAR\"}", idxOff, UINT, tris[i].length));
            sep(meshJson).append(String.format(Locale.ROOT, "{\"name\":\"%s\",\"primitives\":[{\"attributes\":{\"POSITION\":%d},"
                    + "\"indices\":%d,\"material\":%d}]}", name, accessor, accessor + 1, i));
            accessor += 2;
            int c = color(m.piece());
            sep(mats).append(String.format(Locale.ROOT, "{\"name\":\"%s\",\"pbrMetallicRoughness\":{\"baseColorFactor\":"
                    + "[%.4f,%.4f,%.4f,1],\"metallicFactor\":0,\"roughnessFactor\":0.8}}", name,
                    ((c >> 16) & 255) / 255.0, ((c >> 8) & 255) / 255.0, (c & 255) / 255.0));
            sep(nodes).append("{\"name\":\"").append(name).append("\",\"mesh\":").append(i);
            if (rest != null) {
                double qx = rest[7 * i + 3], qy = rest[7 * i + 4], qz = rest[7 * i + 5], qw = rest[7 * i + 6];
                double ql = Math.sqrt(qx * qx + qy * qy + qz * qz + qw * qw);
                nodes.append(String.format(Locale.ROOT, ",\"translation\":[%s,%s,%s],\"rotation\":[%s,%s,%s,%s]",
                        (float) rest[7 * i], (float) rest[7 * i + 1], (float) rest[7 * i + 2],
                        (float) (qx / ql), (float) (qy / ql), (float) (qz / ql), (float) (qw / ql)));
            }
            nodes.append('}');
            posOff += 12L * m.vertexCount();
            idxOff += 4L * tris[i].length;
        }
        StringBuilder views = new StringBuilder();
        views.append(String.format(Locale.ROOT, "{\"buffer\":0,\"byteOffset\":0,\"byteLength\":%d,\"byteStride\":12,\"target\":%d},"
                + "{\"buffer\":0,\"byteOffset\":%d,\"byteLength\":%d,\"target\":%d}", posBytes, ARRAY_BUFFER, posBytes,
                idxBytes, ELEMENT_ARRAY_BUFFER));
        StringBuilder animJson = new StringBuilder();
        if (anim != null) {
            long base = posBytes + idxBytes;
            bin.position((int) base);
            views.append(String.format(Locale.ROOT, ",{\"buffer\":0,\"byteOffset\":%d,\"byteLength\":%d}", base, animBytes));
            for (float t : anim.times()) {
                bin.putFloat(t);
            }
            int timeAcc = accessor++;
            sep(acc).append(String.format(Locale.ROOT, "{\"bufferView\":2,\"byteOffset\":0,\"componentType\":%d,\"count\":%d,"
                    + "\"type\":\"SCALAR\",\"min\":[%s],\"max\":[%s]}", FLOAT, keys, anim.times()[0], anim.times()[keys - 1]));
            StringBuilder samplers = new StringBuilder(), channels = new StringBuilder();
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
                    sep(acc).append(String.format(Locale.ROOT, "{\"bufferView\":2,\"byteOffset\":%d,\"componentType\":%d,"
                            + "\"count\":%d,\"type\":\"%s\"}", offs[p], FLOAT, keys, types[p]));
                    sep(samplers).append(String.format(Locale.ROOT, "{\"input\":%d,\"output\":%d,\"interpolation\":\"LINEAR\"}",
                            timeAcc, accessor++));
                    sep(channels).append(String.format(Locale.ROOT, "{\"sampler\":%d,\"target\":{\"node\":%d,\"path\":\"%s\"}}",
                            sampler++, node, paths[p]));
                }
            }
            animJson.append(",\"animations\":[{\"name\":\"run\",\"samplers\":[").append(samplers).append("],\"channels\":[")
                    .append(channels).append("]}]");
        }
        StringBuilder sceneNodes = new StringBuilder();
        for (int i = 0; i < n; i++) {
            sep(sceneNodes).append(i);
        }
        String json = "{\"asset\":{\"version\":\"2.0\",\"generator\":\"rubble export\"},\"scene\":0,\"scenes\":[{\"nodes\":["
                + sceneNodes + "]}],\"nodes\":[" + nodes + "],\"meshes\":[" + meshJson + "],\"materials\":[" + mats
                + "],\"accessors\":[" + acc + "],\"bufferViews\":[" + views + "],\"buffers\":[{\"byteLength\":" + total + "}]"
                + animJson + "}";
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

    private static StringBuilder sep(StringBuilder sb) {
        if (sb.length() > 0) {
            sb.append(',');
        }
        return sb;
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
